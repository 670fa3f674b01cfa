#!/usr/bin/env python3
"""Blind redaction corpus #52 (Seshat issue 24, round 11).

Theme: Slack of a pharmacy chain and its e-prescription platform operating in
Poland (e-recepta / P1), Czechia (eRecept / SUKL) and Turkey (e-Recete / Medula / ITS):
pharmacy POS, stock and cold-chain logistics, pharmacovigilance, loyalty app.
Languages: English, Polish, Czech, Turkish.

Standard library only. `random.Random(52 * 101)` is the only randomness, drawn in a
fixed order. `python3 gen.py` writes both JSONL files next to this script.
"""
import base64
import ipaddress
import json
import os
import random
import re
import struct
import sys
import zlib

N = 52
rng = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DG = "0123456789"
B62 = DG + UP + LO
B64 = UP + LO + DG + "+/"
B64URL = UP + LO + DG + "-_"
HEX = "0123456789abcdef"


def R(a, b):
    return rng.randint(a, b)


def C(seq):
    return seq[rng.randrange(len(seq))]


def S(alpha, n):
    return "".join(alpha[rng.randrange(len(alpha))] for _ in range(n))


def hexs(n):
    return S(HEX, n)


def digits(n, first="123456789"):
    return C(first) + S(DG, n - 1)


def rbytes(n):
    return bytes(rng.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def chance(p):
    return rng.random() < p


def sample(seq, k):
    idx = list(range(len(seq)))
    rng.shuffle(idx)
    return [seq[i] for i in idx[:k]]


def ts_iso():
    return "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R(1, 11), R(1, 28), R(0, 23), R(0, 59), R(0, 59), R(0, 999))


def ts_plain():
    return "2026-%02d-%02d %02d:%02d:%02d" % (R(1, 11), R(1, 28), R(0, 23), R(0, 59), R(0, 59))


def epoch():
    return R(1767225600, 1795000000)


def uuid4():
    h = hexs(32)
    h = h[:12] + "4" + h[13:16] + C("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return C("01") + S("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 25)


def priv_ip():
    k = R(0, 3)
    if k == 0:
        return "10.%d.%d.%d" % (R(0, 255), R(0, 255), R(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R(16, 31), R(0, 255), R(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (R(0, 255), R(1, 254))
    return C(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R(1, 254))


# ---------------------------------------------------------------- checksums
def luhn_ok(ds):
    tot = 0
    for i, ch in enumerate(reversed(ds)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + S(DG, length - len(prefix) - 1)
    for c in DG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_mod97(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    num = "".join(str(int(ch, 36)) for ch in r)
    return int(num) % 97 == 1


def iban_make(cc, bban):
    num = "".join(str(int(ch, 36)) for ch in bban + cc + "00")
    chk = 98 - int(num) % 97
    return "%s%02d%s" % (cc, chk, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


PL_W = [3, 9, 7, 1, 3, 9, 7]


def pl_sort_ok(code8):
    return sum(int(code8[i]) * PL_W[i] for i in range(7)) % 10 == (10 - int(code8[7])) % 10 or \
        (sum(int(code8[i]) * PL_W[i] for i in range(7)) + int(code8[7])) % 10 == 0


CZ_W = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]


def cz_part_ok(ds):
    w = CZ_W[-len(ds):]
    return sum(int(d) * x for d, x in zip(ds, w)) % 11 == 0


def cz_part(n, allow_zero=False):
    while True:
        if allow_zero and chance(0.6):
            return "0" * n
        ds = S(DG, n)
        if int(ds) == 0:
            continue
        if cz_part_ok(ds):
            return ds


def pesel_ok(ds):
    if len(ds) != 11 or not ds.isdigit():
        return False
    w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]
    if (10 - sum(int(ds[i]) * w[i] for i in range(10)) % 10) % 10 != int(ds[10]):
        return False
    mm = int(ds[2:4]) % 20
    dd = int(ds[4:6])
    return 1 <= mm <= 12 and 1 <= dd <= 31


def tckn_ok(ds):
    if len(ds) != 11 or not ds.isdigit() or ds[0] == "0":
        return False
    d = [int(c) for c in ds]
    if ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10 != d[9]:
        return False
    return sum(d[:10]) % 10 == d[10]


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", s)
    if not m:
        return False
    a, g, n = m.groups()
    return a not in ("000", "666") and a[0] != "9" and g != "00" and n != "0000"


def ip_public(s):
    parts = s.split(".")
    if len(parts) != 4:
        return False
    for p in parts:
        if not p.isdigit() or int(p) > 255 or (len(p) > 1 and p[0] == "0"):
            return False
    ip = ipaddress.ip_address(s)
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def b62enc(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def gh_classic_ok(tok):
    body = tok[4:]
    return len(body) == 36 and b62enc(zlib.crc32(body[:30].encode()) & 0xffffffff, 6) == body[30:]


# ---------------------------------------------------------------- scanner
RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github_token": re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}"),
    "slack_token": re.compile(r"xox[abposre]-\d+-[A-Za-z0-9-]+"),
    "sk_key": re.compile(r"sk-[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}"),
    "ssn_shape": re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    "pem_body": re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:\\n|\s)*[A-Za-z0-9+/=]{40,}"),
    "aws_key_id": re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])"),
}
RX_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?!\.?\d)")
RX_LUHN_PLAIN = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
RX_LUHN_GROUP = re.compile(r"(?<![\d])\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}(?![\d])|(?<!\d)\d{4}[ -]\d{6}[ -]\d{5}(?!\d)")
RX_IBAN = re.compile(r"(?<![A-Z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}")
RX_PHONES = [
    re.compile(r"\+\s?(?:48|420|90|1)[\s.-]?\(?\d{1,3}\)?(?:[\s.-]?\d){6,10}"),
    re.compile(r"(?<![\d.,:/-])\d{3}[ -]\d{3}[ -]\d{3}(?![\d,-]|\.\d)"),
    re.compile(r"(?<![\d.,:/])\(?0?\d{2}\)?[ ]\d{3}[ ]\d{2}[ ]\d{2}(?![\d])"),
    re.compile(r"(?<![\d.,:/])0?\s?\(?5\d{2}\)?[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}(?![\d])"),
    re.compile(r"(?<![\d.,:/])0\s?\(?[2-4]\d{2}\)?\s\d{3}\s\d{2}\s\d{2}(?!\d)"),
    re.compile(r"(?<!\d)\(\d{3}\)\s?\d{3}[-.\s]\d{4}(?!\d)"),
    re.compile(r"(?<![\d.-])\d{3}[-.]\d{3}[-.]\d{4}(?![\d-])"),
    re.compile(r"(?<![\d.,:/_-])[5-8]\d{8}(?![\d.,]|[_-]\d)"),
]
RX_11 = re.compile(r"(?<!\d)\d{11}(?!\d)")
RX_RC = re.compile(r"(?<!\d)(\d{2})(\d{2})(\d{2})/(\d{3,4})(?!\d)")


def scan_spans(text):
    """Return a list of (kind, match, start, end) for everything real-looking in text."""
    found = []
    for k, rx in RX.items():
        for m in rx.finditer(text):
            v = m.group(0)
            if k == "aws_key_id" and "EXAMPLE" in v:
                continue
            found.append((k, v, m.start(), m.end()))
    for m in RX_IPV4.finditer(text):
        if ip_public(m.group(1)):
            found.append(("public_ipv4", m.group(1), m.start(1), m.end(1)))
    for m in RX_LUHN_PLAIN.finditer(text):
        # an all-zero run is trivially Luhn-valid but no card number: deliberate near miss, not flagged
        if luhn_ok(m.group(0)) and set(m.group(0)) != {"0"}:
            found.append(("luhn", m.group(0), m.start(), m.end()))
    for m in RX_LUHN_GROUP.finditer(text):
        ds = re.sub(r"[ -]", "", m.group(0))
        if 13 <= len(ds) <= 19 and luhn_ok(ds) and set(ds) != {"0"}:
            found.append(("luhn", m.group(0), m.start(), m.end()))
    for m in RX_IBAN.finditer(text):
        raw = m.group(0).replace(" ", "")
        for L in range(len(raw), 14, -1):
            if iban_mod97(raw[:L]):
                found.append(("iban", raw[:L], m.start(), m.end()))
                break
    for rx in RX_PHONES:
        for m in rx.finditer(text):
            found.append(("phone", m.group(0), m.start(), m.end()))
    for m in RX_11.finditer(text):
        if pesel_ok(m.group(0)):
            found.append(("pesel", m.group(0), m.start(), m.end()))
        if tckn_ok(m.group(0)):
            found.append(("tc_kimlik", m.group(0), m.start(), m.end()))
    for m in RX_RC.finditer(text):
        yy, mm, dd, tail = m.groups()
        if (int(mm) % 50) in range(1, 13) and 1 <= int(dd) <= 31 and int(yy + mm + dd + tail) % 11 == 0:
            found.append(("rodne_cislo", m.group(0), m.start(), m.end()))
    return found


def scan(text):
    return [(k, v) for k, v, _, _ in scan_spans(text)]


# ---------------------------------------------------------------- lead-ins
LEADS = ["fyi ", "FYI: ", "heads-up: ", "btw ", "Dla info: ", "Uwaga: ", "Gwoli ścisłości: ", "Swoją drogą: ",
         "Pro info: ", "Jen pro info: ", "Pozor: ", "Mimochodem: ", "Bilginize: ", "Not: ", "Dikkat: ", "Bu arada: ",
         "quick one: ", "Szybkie pytanie: ", "Rychlý dotaz: ", "Kısa bir soru: "]
TRAILS = ["thx", "dzięki!", "díky", "teşekkürler", "🙏", "(więcej w wątku)", "(víc ve vlákně)", "(detaylar thread'de)",
          "+1", "any ideas?", "ktoś wie?", "ví někdo?", "fikri olan?", "will update the runbook", "zaktualizuję runbook",
          "doplním do Confluence", "Jira'ya ekledim"]


def wrap(text, p_lead=0.14, p_trail=0.07):
    if chance(p_lead):
        lead = C(LEADS)
        if text.startswith("```") or "\n" in text[:80]:
            text = lead.rstrip() + "\n" + text
        else:
            text = lead + text
    if chance(p_trail):
        text = text + ("\n" if "\n" in text else " ") + C(TRAILS)
    return text


def code(body, lang=""):
    return "```" + lang + "\n" + body + "\n```"


# ================================================================ NEGATIVES
# ---------------------------------------------------------------- data_uri_base64
def png_bytes(w=None, h=None):
    w = w or R(1, 6)
    h = h or R(1, 6)
    base = (R(0, 255), R(0, 255), R(0, 255))
    rows = []
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            row += bytes(((base[0] + 7 * x) % 256, (base[1] + 11 * y) % 256, base[2]))
        rows.append(row)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""), w, h


def gif_bytes():
    c1 = rbytes(3)
    return b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c1 + b"\x00\x00\x00" + \
        bytes.fromhex("21f90401000000002c00000000010001000002024401003b")


def jpeg_head():
    q = bytes(sorted(R(1, 60) for _ in range(64)))
    return b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb\x00\x43\x00" + q + \
        b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"


def wav_bytes():
    n = R(24, 60)
    f = R(3, 9)
    samples = bytes(128 + (40 if (i // f) % 2 else -40) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", n) + samples


def pdf_bytes():
    title = C(["Wydruk informacyjny", "Potwierdzenie realizacji", "Faktura korygujaca", "Dodaci list", "Irsaliye",
               "Protokol teplotni"])
    s = ("%%PDF-1.4\n%%\xe2\xe3\xcf\xd3\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n2 0 obj\n<</Type/Pages/Kids[3 0 R]/Count 1>>\n"
         "endobj\n3 0 obj\n<</Type/Page/MediaBox[0 0 %d %d]/Parent 2 0 R/Contents 4 0 R>>\nendobj\n4 0 obj\n<</Length %d>>\nstream\n"
         "BT /F1 9 Tf 20 %d Td (%s) Tj ET\nendstream\nendobj\n" % (C([595, 226, 204]), R(300, 842), R(40, 90), R(100, 800), title))
    return s.encode("latin-1")


ICONS = [
    '<path d="M9 2h6v7h7v6h-7v7H9v-7H2V9h7z" fill="#%s"/>',
    '<rect x="3" y="8" width="18" height="8" rx="4" fill="#%s"/><path d="M12 8v8" stroke="#fff"/>',
    '<path d="M12 2a3 3 0 0 1 3 3v9.3a5 5 0 1 1-6 0V5a3 3 0 0 1 3-3z" fill="#%s"/>',
    '<circle cx="12" cy="12" r="10" fill="#%s"/><path d="M7 12l3 3 7-7" stroke="#fff" fill="none"/>',
    '<path d="M3 7l9-5 9 5v10l-9 5-9-5z" fill="none" stroke="#%s" stroke-width="2"/>',
]


def svg_src():
    sz = C([16, 20, 24, 32])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 24 24">%s</svg>' % (
        sz, sz, C(ICONS) % hexs(6))


def uri_png():
    b, w, h = png_bytes()
    return "data:image/png;base64," + b64(b)


def uri_any():
    k = R(0, 4)
    if k == 0:
        return uri_png()
    if k == 1:
        return "data:image/gif;base64," + b64(gif_bytes())
    if k == 2:
        return "data:image/svg+xml;base64," + b64(svg_src().encode())
    if k == 3:
        return "data:image/webp;base64," + C(["UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
                                              "UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA"])
    return "data:image/jpeg;base64," + b64(jpeg_head()) + C(["…", "...", " [%d more chars]" % R(300, 4000)])


CSS_CLASSES = ["rx-badge", "loyalty-card__stamp", "cold-chain-ok", "pos-receipt-logo", "erecepta-status--ok",
               "stock-low-icon", "pv-report-btn", "lekarna-mapa-pin", "eczane-nobet-ikon", "punkty-lojalnosciowe"]


def nd_css():
    cls = C(CSS_CLASSES)
    body = ".%s {\n  width: %dpx;\n  height: %dpx;\n  background: url(\"%s\") no-repeat center / contain;\n}" % (
        cls, R(12, 32), R(12, 32), uri_any())
    if chance(0.5):
        body += "\n.%s--disabled {\n  opacity: .4;\n  background-image: url('%s');\n}" % (cls, uri_any())
    intro = C(["ikonka w POS-ie się nie ładuje, tu jest CSS:", "Ikona se v pokladně nenačítá, CSS:",
               "kasada ikon gelmiyor, css şu:", "this is the inlined icon from the pos theme, renders blank on the Posnet printer preview:",
               ""])
    return (intro + "\n" if intro else "") + code(body, C(["css", "scss", ""]))


def nd_rn_image():
    comp = C(["LoyaltyCardHeader", "StampRow", "CouponTile", "PharmacyPin", "ReceteDurumu", "VernostniKarta"])
    body = ("export function %s() {\n  return (\n    <Image\n      style={styles.icon}\n"
            "      source={{ uri: \"%s\" }}\n    />\n  );\n}" % (comp, uri_png()))
    return C(["Loyalty app (RN) – placeholder w %s:", "RN: placeholder v %s", "%s bileşenindeki placeholder:",
              "the placeholder in %s is a tiny png:"]) % comp + "\n" + code(body, "tsx")


def nd_next_blur():
    return code('<Image\n  src="/img/promo/%s.webp"\n  alt="%s"\n  width={%d}\n  height={%d}\n  placeholder="blur"\n  blurDataURL="%s"\n/>' % (
        C(["zima-witaminy", "dermokosmetyki-2026", "vitaminy-podzim", "kis-kampanyasi", "spf-lato"]),
        C(["Promocja", "Akce", "Kampanya", "Promo"]), C([640, 800, 1200]), C([320, 400, 600]),
        "data:image/%s;base64," % C(["gif", "png"]) + (b64(gif_bytes()) if chance(0.5) else b64(png_bytes()[0]))), "jsx")


def nd_receipt_html():
    return C(["szablon paragonu niefiskalnego (mail z loyalty), logo inline:", "šablona účtenky, logo je inline:",
              "e-arşiv fiş şablonu, logo inline:", "receipt template for the loyalty e-mail, logo inlined:"]) + "\n" + code(
        '<table class="receipt">\n  <tr>\n    <td><img alt="logo" width="%d" src="%s"></td>\n    <td class="store">%s</td>\n  </tr>\n</table>' % (
            R(24, 64), "data:image/svg+xml;base64," + b64(svg_src().encode()),
            C(["Apteka nr %d" % R(1, 300), "Lékárna č. %d" % R(1, 120), "Şube %d" % R(1, 90)])), "html")


def nd_jupyter():
    b, w, h = png_bytes(R(4, 8), R(4, 8))
    intro = C(["notebook z analizy temperatur chłodni, output komórki:\n", "výstup z notebooku (teploty v chladicím boxu):\n", "", ""])
    return intro + code(json.dumps({
        "output_type": "display_data",
        "data": {"image/png": b64(b), "text/plain": ["<Figure size %dx%d with 1 Axes>" % (w * 80, h * 60)]},
        "metadata": {"needs_background": "light"}}, indent=1), "json")


def nd_kotlin():
    names = ["QR_PLACEHOLDER", "EMPTY_AVATAR", "STAMP_ICON", "NO_PHOTO_PRODUCT", "BARCODE_STUB"]
    lines = ["package com.pharmachain.loyalty.fixtures", "", "object ImageFixtures {"]
    for n in sample(names, R(1, 3)):
        lines.append('    const val %s = "%s"' % (n, uri_png()))
    lines.append("}")
    return code("\n".join(lines), "kotlin")


def nd_pdf_py():
    b = pdf_bytes()
    s = b64(b)
    cut = R(60, min(140, len(s) - 4))
    return code('# fixture: %s\nSAMPLE_PDF = (\n    "data:application/pdf;base64,%s"\n    "%s"  # obcięte / zkráceno / kısaltıldı\n)' % (
        C(["wydruk informacyjny e-recepty (bez danych pacjenta)", "dodací list z distribuce", "irsaliye örneği"]),
        s[:cut], s[cut:cut + 40] + "…"), "python")


def nd_csp():
    return "%s [Report Only] Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.pharmachain.example\"." % (
        C(["web-loyalty", "panel-apteki", "eczane-portal"]), uri_any()[:R(80, 160)] + "…")


def nd_har():
    u = uri_any()
    return code('{"request": {"method": "GET", "url": "%s"}, "response": {"status": 200, "content": {"size": %d, "mimeType": "%s"}}, "time": %.3f}' % (
        u, len(u), u[5:u.index(";")], rng.random() * 3), "json")


def nd_markdown():
    alt = C(["ikona chłodni", "ikona lodówki", "ikona teploty", "soğuk zincir ikonu", "cold chain icon", "pill icon"])
    if chance(0.5):
        u = "data:image/svg+xml;base64," + b64(svg_src().encode())
    else:
        u = uri_png()
    return C(["W README dashboardu mamy:", "V README je:", "README'de şu var:", "README snippet:"]) + "\n" + \
        "![%s](%s) %s" % (alt, u, C(["= OK (2–8 °C)", "= alarm", "= přehřátí", "= uyarı"]))


def nd_shell_decode():
    b, w, h = png_bytes()
    return code("$ echo '%s' | base64 -d > /tmp/logo.png\n$ file /tmp/logo.png\n/tmp/logo.png: PNG image data, %d x %d, 8-bit/color RGB, non-interlaced\n$ wc -c /tmp/logo.png\n%d /tmp/logo.png" % (
        b64(b), w, h, len(b)), "console")


def woff2_head():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">IHH", R(9000, 40000), R(10, 16), 0) + rbytes(R(30, 48))


def nd_fontface():
    fam = C(["PharmaSans", "ReceptaMono", "LoyaltyDisplay", "EczaneSans"])
    k = R(0, 1)
    if k == 0:
        u = "data:font/woff2;base64," + b64(woff2_head())
    else:
        u = "data:font/ttf;base64," + b64(b"\x00\x01\x00\x00\x00\x0c\x00\x80\x00\x03\x00\x40" + rbytes(36))
    return code("@font-face {\n  font-family: \"%s\";\n  src: url(\"%s…\") format(\"%s\");\n  font-display: swap;\n}" % (
        fam, u, "woff2" if k == 0 else "truetype"), "css")


def nd_sourcemap():
    sm = {"version": 3, "file": C(["pos-ui.min.js", "loyalty.bundle.js", "erecepta-widget.js"]),
          "sources": ["src/%s.ts" % C(["cart/CartTotals", "rx/PrescriptionLookup", "stock/ColdChainBadge", "loyalty/StampCard"])],
          "names": [], "mappings": ";".join(S("ACDEGIKMOQSUWY", R(4, 8)) for _ in range(R(3, 6)))}
    enc = b64(json.dumps(sm, separators=(",", ":")).encode())
    return C(["bundle kończy się tak, czemu to ma 3 MB?", "konec bundlu:", "bundle sonu:", "tail of the prod bundle, why is the sourcemap inlined?"]) + "\n" + \
        code("…}}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s" % enc, "js")


def nd_svg_utf8():
    svg = svg_src()
    if chance(0.5):
        enc = svg.replace("%", "%25").replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
        u = "data:image/svg+xml," + enc
    else:
        u = "data:image/svg+xml;utf8," + svg.replace('"', "'")
    return code(".%s::before {\n  content: url(\"%s\");\n}" % (C(CSS_CLASSES), u), "scss")


def nd_wav():
    return C(["beep na skanerze w POS:", "zvuk při pípnutí skeneru:", "barkod okuyucu bip sesi:", "scanner beep in the web POS:"]) + "\n" + \
        code('const BEEP = new Audio("data:audio/wav;base64,%s");\nexport const beep = () => BEEP.play().catch(() => {});' % b64(wav_bytes()), "ts")


def nd_printer_log():
    lines = []
    n = R(9, 20)
    at = R(2, n - 2)
    for i in range(n):
        t = ts_plain()
        if i == at:
            lines.append("%s DEBUG escpos.logo upload slot=%d payload=data:image/png;base64,%s" % (t, R(1, 4), b64(png_bytes()[0])))
        else:
            lines.append("%s %s %s" % (t, C(["INFO ", "INFO ", "WARN "]), C([
                "printer %s status=ONLINE paper=OK" % C(["POSNET-THERMAL-HD", "NOVITUS-DEON", "EPSON-TM-T20III"]),
                "fiscal day %d open, receipts=%d" % (R(100, 999), R(0, 400)),
                "drawer kick pin=2 ok", "cut mode=partial", "codepage=CP852 (PL)", "queue depth=%d" % R(0, 9),
                "heartbeat latency=%dms" % R(3, 90)])))
    return C(["log z drukarki po aktualizacji logo:", "log tiskárny:", "yazıcı logu:", "printer log after the logo update:"]) + "\n" + code("\n".join(lines))


def nd_go_fixture():
    lines = ["package thumbs", "", "var fixtures = map[string]string{"]
    for k in sample(["empty", "rx_ok", "rx_expired", "cold_ok", "cold_alarm", "stamp"], R(2, 4)):
        lines.append('\t"%s": "%s",' % (k, uri_png()))
    lines.append("}")
    return code("\n".join(lines), "go")


def nd_cms_json():
    return code(json.dumps({"banner": {"id": R(100, 999), "title": C(["Witamina D -30%", "Sleva na vitamíny", "Bağışıklık kampanyası"]),
                                       "placeholder": uri_any(), "href": "/promocje/%d" % R(1, 99)}}, ensure_ascii=False, indent=2), "json")


NEG_DATA_URI = [nd_css, nd_rn_image, nd_next_blur, nd_receipt_html, nd_jupyter, nd_kotlin, nd_pdf_py, nd_csp, nd_har,
                nd_markdown, nd_shell_decode, nd_fontface, nd_sourcemap, nd_svg_utf8, nd_wav, nd_printer_log, nd_go_fixture,
                nd_cms_json]


# ---------------------------------------------------------------- placeholder_example
PH_TOKENS = ["<hasło-do-keystore>", "<heslo>", "<şifre>", "<token>", "<paste-token-here>", "YOUR_API_KEY", "changeme",
             "CHANGE_ME", "REPLACE_ME", "xxxxxxxx", "********", "TODO", "<wklej-tutaj>", "<sem-vložte>", "<buraya-yapıştır>",
             "dummy", "test123", "${SECRET}", "<redacted>", "[REDACTED]", "***"]


def ph():
    return C(PH_TOKENS)


def np_env_example():
    lines = ["# .env.example – %s" % C(["integracja e-recepta (P1)", "eRecept SÚKL – integrace", "Medula / İTS entegrasyonu", "pharmacy POS sync"])]
    pool = [
        "P1_ENV=%s" % C(["test", "integracja", "prod"]),
        "P1_KEYSTORE_PATH=/etc/apteka/p1/keystore.p12",
        "P1_KEYSTORE_PASSWORD=%s" % C(["<hasło-do-keystore>", "", "changeme", "${P1_KEYSTORE_PASSWORD}"]),
        "P1_ID_MIEJSCA_WYDAWANIA=<id-miejsca>",
        "SUKL_ERECEPT_URL=https://%s.erecept.example/api/v1" % C(["test", "int"]),
        "SUKL_CLIENT_ID=<client-id>",
        "SUKL_CLIENT_SECRET=%s" % C(["<client-secret>", "xxxxxxxx", "%SUKL_CLIENT_SECRET%"]),
        "MEDULA_KULLANICI=<eczane-kodu>",
        "MEDULA_SIFRE=%s" % C(["********", "<şifre>", "degistir"]),
        "ITS_TOKEN=%s" % C(["<its-token>", "$(ITS_TOKEN)"]),
        "SLACK_BOT_TOKEN=%s" % C(["xoxb-your-bot-token", "xoxb-...", "<slack-bot-token>"]),
        "OPENAI_API_KEY=%s" % C(["sk-...", "sk-proj-…", "YOUR_OPENAI_KEY"]),
        "ANTHROPIC_API_KEY=%s" % C(["sk-ant-api03-...", "<anthropic-key>"]),
        "AWS_ACCESS_KEY_ID=%s" % C(["AKIAIOSFODNN7EXAMPLE", "AKIA...", "<access-key-id>"]),
        "AWS_SECRET_ACCESS_KEY=%s" % C(["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "<secret>", ""]),
        "DATABASE_URL=postgres://user:password@localhost:5432/%s" % C(["apteka_dev", "lekarna", "eczane_test"]),
        "REDIS_URL=redis://localhost:6379/0",
        "LOYALTY_SMS_API_KEY=%s" % ph(),
    ]
    lines += sample(pool, R(5, 12))
    return C(["", "", "nowy szablon env:\n", "šablona .env:\n", "örnek env dosyası:\n"]) + code("\n".join(lines), "dotenv")


def np_helm():
    return code("""medula:
  endpoint: {{ .Values.medula.endpoint | quote }}
  username: {{ .Values.medula.username | quote }}
  password: {{ .Values.medula.password | quote }}
erecepta:
  keystorePassword: {{ required "erecepta.keystorePassword is required" .Values.erecepta.keystorePassword }}
  idMiejsca: {{ .Values.erecepta.idMiejsca | default "%s" }}
slack:
  botToken: {{ .Values.slack.botToken | default "xoxb-your-bot-token" }}""" % C(["<uzupełnij>", "TODO", "000000"]), "yaml")


def np_gha():
    job = C(["deploy-erecepta-gateway", "publish-loyalty-android", "sync-sukl-ciselnik", "medula-smoke"])
    return code("""jobs:
  %s:
    runs-on: ubuntu-latest
    env:
      SUKL_CLIENT_SECRET: ${{ secrets.SUKL_CLIENT_SECRET }}
      P1_KEYSTORE_PASSWORD: ${{ secrets.P1_KEYSTORE_PASSWORD }}
      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}
    steps:
      - uses: actions/checkout@v4
      - run: ./scripts/%s.sh --token "$NPM_TOKEN\"""" % (job, job.replace("-", "_")), "yaml")


def np_compose():
    return code("""services:
  db:
    image: postgres:16
    environment:
      POSTGRES_USER: %s
      POSTGRES_PASSWORD: %s
  mq:
    image: rabbitmq:3-management
    environment:
      RABBITMQ_DEFAULT_USER: guest
      RABBITMQ_DEFAULT_PASS: guest
  keycloak:
    image: quay.io/keycloak/keycloak:24.0
    environment:
      KEYCLOAK_ADMIN: admin
      KEYCLOAK_ADMIN_PASSWORD: admin""" % (C(["apteka", "lekarna", "eczane", "postgres"]), C(["changeme", "postgres", "password", "dev"])), "yaml") + \
        C(["", "\nto jest tylko lokalny compose, hasła domyślne", "\njen lokální compose, výchozí hesla", "\nsadece lokal, varsayılan şifreler"])


def np_aws_doc():
    return C([
        "w README klienta S3 dla loggerów temperatury są `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` – to przykładowe klucze z dokumentacji AWS, spokojnie",
        "Ten `AKIAIOSFODNN7EXAMPLE` v testech cold-chain uploaderu je dokumentační klíč od AWS, secret scanner ho má na allowlistu.",
        "Test fixture'ında `ASIAIOSFODNN7EXAMPLE` var, AWS dokümantasyonundaki örnek anahtar, gerçek değil.",
        "moto tests use `AKIAI44QH8DHBEXAMPLE` + `je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY`, those are the AWS doc examples, not ours",
    ]) + C(["", " 👍", " (checked)"])


def np_masked_card():
    last = "%04d" % R(0, 9999)
    return C([
        "POS log po poprawce maskowania: `pan=**** **** **** %s brand=VISA auth=OK`",
        "Terminál teď loguje jen `karta: •••• %s`, plné číslo už nikde.",
        "Troy kartlı ödeme logu: `kart=9792 **** **** %s tutar=%s TL`".replace("%s TL", "%d,%02d TL" % (R(10, 900), R(0, 99))),
        "receipt footer now shows `Mastercard •••• %s` only – PCI audit happy",
        "w paragonie: `KARTA PLATNICZA ************%s`",
    ]) % last


def np_masked_iban():
    return C([
        "W formularzu zwrotu placeholder to `PL00 0000 0000 0000 0000 0000 0000`, walidacja mod-97 go odrzuca i dobrze.",
        "Pole IBAN v administraci má placeholder `CZ00 0000 0000 0000 0000 0000`.",
        "İade formunda IBAN placeholder'ı `TR00 0000 0000 0000 0000 0000 00` olarak kalsın.",
        "log: `refund.requested iban=PL** **** **** **** **** **** %04d amount=%d.%02d`" % (R(0, 9999), R(5, 400), R(0, 99)),
        "maska v exportu: `CZ** **** **** **** **%02d %04d`" % (R(0, 99), R(0, 9999)),
        "IBAN alanı maskeli: `TR** **** **** **** **** **%02d %02d`" % (R(0, 99), R(0, 99)),
    ])


def np_masked_phone():
    return C([
        "W SMS-ach z loyalty numer jest maskowany: `+48 *** *** %03d`" % R(0, 999),
        "Format v šabloně: `+420 XXX XXX XXX`, nic jiného tam nepatří.",
        "SMS şablonunda telefon: `+90 5XX XXX XX XX` şeklinde gösterilsin.",
        "placeholder for the US support line in the app config: `(XXX) XXX-XXXX`",
        "OTP log line after the fix: `otp.sent to=+48******%03d ttl=300`" % R(0, 999),
        "`telefon: <numer telefonu>` – w formularzu rejestracji nic więcej nie trzymamy w logach",
    ])


def np_redaction_markers():
    lines = []
    for _ in range(R(3, 9)):
        lines.append("%s %s %s" % (ts_iso(), C(["INFO", "WARN", "INFO"]), C([
            "rx.dispense pesel=[REDACTED] kod=**** status=ZREALIZOWANA",
            "erecept.lookup rc=<redacted> id=<redacted> status=VYDANO",
            "medula.provizyon tc=[FILTERED] sonuc=OK",
            "loyalty.login phone=[MASKED] email=[MASKED] result=otp_sent",
            "pv.case.created reporter=(sensitive value) product_gtin=<masked>",
            "pos.payment pan=[REDACTED] amount=%d.%02d" % (R(1, 500), R(0, 99)),
            "auth header=Bearer *** scope=rx:read"])))
    return code("\n".join(lines))


def np_pem_dots():
    t = C(["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY", "ENCRYPTED PRIVATE KEY"])
    return C(["Wklejcie klucz w tym formacie (bez commitowania!):", "Formát klíče do konfigurace:", "Anahtar formatı şöyle olmalı:",
              "expected format in the config map (the real one comes from Vault):"]) + "\n" + code(
        "-----BEGIN %s-----\n%s\n-----END %s-----" % (t, C(["...", "MIIE...\n...\n...", "<base64>", "…"]), t))


def np_refs():
    pool = [
        "op://Apteki-Prod/P1 certyfikat/password",
        "op://Lekarny-Prod/SUKL eRecept/client_secret",
        "vault:secret/data/medula#password",
        "vault:secret/data/its#token",
        "{{resolve:secretsmanager:prod/erecept/sukl:SecretString:client_secret}}",
        "{{resolve:ssm-secure:/pos/fiscal/service-password:3}}",
        "${vault:kv/loyalty/sms-gateway/api_key}",
        "azurekeyvault://kv-pharma-prod/secrets/p1-keystore-pass",
        "gcp-secret://projects/pharma-prod/secrets/openai-key/versions/latest",
    ]
    picks = sample(pool, R(2, 5))
    return C(["Sekrety bierzemy wyłącznie z referencji:", "Tajemství jen přes reference:", "Secret'lar sadece referans ile:",
              "All secrets are references now:"]) + "\n" + "\n".join("- `%s`" % p for p in picks)


def np_conn_templates():
    return code("\n".join(sample([
        "postgres://user:password@localhost:5432/apteka_dev",
        "postgresql://<username>:<password>@<host>:5432/erecepta",
        "mongodb+srv://<user>:<password>@<cluster>/loyalty",
        "amqp://guest:guest@localhost:5672/",
        "redis://:<password>@localhost:6379/0",
        "mysql://root:root@127.0.0.1:3306/pos_sync",
        "Server=localhost;Database=Lekarna;User Id=sa;Password=<heslo>;TrustServerCertificate=True",
        "jdbc:sqlserver://localhost:1433;databaseName=Eczane;user=sa;password=${DB_PASSWORD}",
        "Host=localhost;Username=postgres;Password=postgres;Database=coldchain",
    ], R(3, 6))), C(["", "text"])) + C(["", "\nte są w docs/local-setup.md", "\nz docs/local-setup.md", "\ndocs/local-setup.md'den"])


def np_turkish_doc():
    return C([
        "Medula şifrenizi `MEDULA_SIFRE` ortam değişkenine koyun, örnek: `MEDULA_SIFRE=********`. Gerçek şifreyi Slack'e yazmayın.",
        "İTS için `ITS_KULLANICI=<gln>` ve `ITS_SIFRE=<şifre>` yeterli, token servisten otomatik alınıyor.",
        "Yeni eczane açılışında `.env` içindeki `MEDULA_SIFRE=degistir` satırını kurulum sihirbazı dolduruyor.",
    ])


def np_py_settings():
    return code("""import os

SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]  # nigdy nie hardkodujemy
P1_KEYSTORE_PASSWORD = os.getenv("P1_KEYSTORE_PASSWORD", "")
SUKL_CLIENT_SECRET = os.getenv("SUKL_CLIENT_SECRET")  # None v testech
MEDULA_SIFRE = os.environ.get("MEDULA_SIFRE", "%s")
OPENAI_API_KEY = os.getenv("OPENAI_API_KEY", "sk-...")""" % C(["", "changeme", "test"]), "python")


def np_k8s_secret():
    return code("""apiVersion: v1
kind: Secret
metadata:
  name: %s
type: Opaque
stringData:
  password: REPLACE_ME
  apiKey: <base64-encoded-api-key>
  clientSecret: "${CLIENT_SECRET}\"""" % C(["erecepta-gateway", "sukl-erecept", "medula-bridge", "coldchain-uploader"]), "yaml")


def np_tf():
    return code("""variable "sukl_client_secret" {
  type      = string
  sensitive = true
}

# terraform.tfvars.example
sukl_client_secret = "xxxxxxxxxxxxxxxx"
medula_password    = "<şifre>"
p1_keystore_pass   = "CHANGE_ME\"""", "hcl")


def np_prefixes():
    p = sample(["`ghp_…`", "`github_pat_...`", "`sk-...`", "`sk-proj-…`", "`sk-ant-api03-...`", "`xoxb-…`", "`xoxp-...`",
                "`glpat-xxxxxxxxxxxxxxxxxxxx`", "`sk_live_xxx`", "`whsec_...`", "`AKIA...`", "`AIza****…`"], R(2, 4))
    return C([
        "scanner w CI łapie prefiksy %s i %s – reszta to false positive",
        "Pro rychlou orientaci: %s je GitHub PAT, %s je něco jiného, detaily v runbooku.",
        "%s ile başlayan bir şey görürseniz hemen iptal edin, %s de aynı şekilde.",
        "if you see %s or %s in a log, page #sec-oncall, don't paste it here",
    ]) % (p[0], p[1])


def np_slack_webhook():
    return code("SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "") + "\n" + \
        C(["przykład z dokumentacji Slacka, prawdziwy jest w Vault", "příklad z dokumentace Slacku", "Slack dokümantasyonundaki örnek",
           "that's Slack's all-zero example, real one lives in Vault"])


def np_curl():
    return code("""curl -s https://api.%s.example/v2/%s \\
  -H "Authorization: Bearer <token>" \\
  -H "X-Api-Key: $API_KEY" \\
  -u admin:admin""" % (C(["erecepta", "erecept", "eczane"]), C(["recepty", "recepty/stav", "receteler"])), "bash")


def np_ssn_mask():
    return C([
        "US contractor onboarding: the W-9 form field shows `XXX-XX-XXXX` and we only keep the last four, never the full SSN",
        "for the US affiliate PV export we replace SSNs with `***-**-****` before anything leaves the EU",
        "Formularz W-9 dla kontraktora z USA – w systemie tylko `XXX-XX-` + ostatnie 4 cyfry, reszta nie jest zapisywana.",
    ])


def np_empty_values():
    return code("\n".join(sample([
        "p1.keystore.password=",
        'sukl.client-secret: ""',
        "MEDULA_SIFRE=",
        "its.token=${ITS_TOKEN:}",
        "spring.datasource.password=",
        "loyalty.sms.apiKey: null",
        'openai.apiKey: ""',
    ], R(3, 6))), C(["properties", "yaml", ""])) + C(["", "\npuste wartości w repo, uzupełnia Ansible", "\nprázdné, doplní Ansible", "\nboş, Ansible dolduruyor"])


NEG_PLACEHOLDER = [np_env_example, np_helm, np_gha, np_compose, np_aws_doc, np_masked_card, np_masked_iban, np_masked_phone,
                   np_redaction_markers, np_pem_dots, np_refs, np_conn_templates, np_turkish_doc, np_py_settings, np_k8s_secret,
                   np_tf, np_prefixes, np_slack_webhook, np_curl, np_ssn_mask, np_empty_values]


# ---------------------------------------------------------------- code_identifier
W_CAP = ["Secret", "Token", "Password", "Credential", "Pesel", "Iban", "Phone", "Email", "Recepta", "Recept", "Recete",
         "Medula", "Sukl", "Otp", "Loyalty", "ColdChain", "Refresh", "Rotation", "Cert", "Keystore", "Signing", "Masked",
         "Private", "Access", "Session", "Patient", "Dispense", "Cipher", "Vault", "Haslo", "Heslo", "Sifre", "Kimlik",
         "Fiscal", "Receipt", "Stock", "Batch", "Gtin", "Webhook", "Provider", "Resolver", "Cache", "Handler", "Factory"]
W_VERB = ["validate", "resolve", "rotate", "mask", "hash", "refresh", "load", "decrypt", "sign", "fetch", "verify", "encode",
          "sanitize", "redact", "lookup", "issue", "revoke", "parse", "normalize", "persist"]


def camel(n, lower=True):
    ws = [C(W_CAP) for _ in range(n)]
    s = "".join(ws)
    return (C(W_VERB) + s) if lower else s


def snake(n):
    return "_".join(C(W_CAP).lower() for _ in range(n))


PKGS = ["pl.pharmachain.erecepta.p1", "pl.pharmachain.erecepta.p1.soap", "pl.pharmachain.pos.fiscal", "pl.pharmachain.loyalty.auth",
        "cz.pharmachain.erecept.sukl", "cz.pharmachain.erecept.crypto", "tr.pharmachain.medula.provizyon", "tr.pharmachain.its.karekod",
        "com.pharmachain.coldchain.sensor", "com.pharmachain.pv.intake"]


def nc_java_trace():
    pk = C(PKGS)
    n = R(8, 28)
    exc = C(["P1CertificatePasswordException", "SuklTokenExpiredException", "MedulaSifreHataliException", "KeystoreSecretResolutionException",
             "OtpTokenValidationException", "PeselChecksumMismatchException"])
    lines = ["%s ERROR [%s] %s.%s - %s" % (ts_iso(), C(["http-nio-8443-exec-%d" % R(1, 20), "scheduling-1", "kafka-listener-0"]),
                                            pk, camel(2, False), C(["Nie udało się pobrać recepty", "Nelze ověřit eRecept", "Reçete sorgulanamadı", "dispense failed"])),
             "%s.exception.%s: %s" % (pk, exc, C(["credential provider chain exhausted", "token expired", "keystore locked"]))]
    for _ in range(n):
        lines.append("\tat %s.%s.%s(%s.java:%d)" % (C(PKGS), camel(R(2, 3), False), camel(R(1, 3)), camel(R(1, 2), False), R(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return code("\n".join(lines))


def nc_kotlin_crash():
    lines = ["FATAL EXCEPTION: main", "Process: com.pharmachain.loyalty, PID: %d" % R(2000, 32000),
             "java.lang.IllegalStateException: %s must not be null" % camel(2)]
    for _ in range(R(6, 16)):
        lines.append("\tat com.pharmachain.loyalty.%s.%s.%s(%s.kt:%d)" % (C(["auth", "otp", "wallet", "coupons", "profile"]), camel(2, False),
                                                                       camel(2), camel(1, False), R(10, 400)))
    lines.append("\tat android.os.Handler.dispatchMessage(Handler.java:106)")
    return C(["crash z Play Console, wersja %d.%d.%d:" % (R(3, 5), R(0, 30), R(0, 9)), "Pád z Play Console:", "Play Console'dan crash:", "new top crash:"]) + "\n" + code("\n".join(lines))


def nc_py_trace():
    lines = ["Traceback (most recent call last):"]
    for _ in range(R(3, 9)):
        mod = C(["coldchain/alerts", "coldchain/gateway", "pv/intake", "loyalty/otp", "pos_sync/fiscal", "erecept/sukl"])
        lines.append('  File "/srv/%s/%s.py", line %d, in %s' % (mod, snake(R(2, 3)), R(10, 500), "%s_%s" % (C(W_VERB), snake(2))))
        lines.append("    %s = %s(%s)" % (snake(2), snake(2), snake(1)))
    lines.append("%s: %s" % (C(["KeyError", "ValueError", "RuntimeError"]), C(["'sensor_gateway_secret_ref'", "invalid pesel checksum in fixture",
                                                                           "token_cache_ttl must be > 0"])))
    return code("\n".join(lines), "pytb")


def nc_go_panic():
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference",
             "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]" % (R(0, 64), R(0x400000, 0x9fffff)), "",
             "goroutine %d [running]:" % R(1, 400)]
    for _ in range(R(4, 10)):
        mod = C(["gitlab.pharmachain.internal/pos/fiscal", "gitlab.pharmachain.internal/coldchain/ingest",
                 "gitlab.pharmachain.internal/erecepta/p1client", "github.com/pharmachain/medula-go"])
        m = camel(2)
        fn = "(*%s).%s" % (camel(2, False), m[0].upper() + m[1:])
        lines.append("%s/%s.%s(0x%x)" % (mod, C(["internal/token", "pkg/secret", "internal/sensor", "pkg/kimlik"]), fn, R(0x1000000, 0xcfffffff)))
        lines.append("\t/build/%s/%s.go:%d +0x%x" % (mod.split("/")[-1], snake(2), R(10, 600), R(16, 900)))
    return code("\n".join(lines))


def nc_dotnet():
    lines = ["System.InvalidOperationException: %s" % C(["Sequence contains no elements", "Certificate password not resolved", "Token endpoint returned 401"])]
    for _ in range(R(5, 14)):
        ns = C(["ERecept.Sukl", "Pokladna.Fiskal", "Sklad.Chlazeni", "Vernost.Otp"])
        cls = camel(2, False)
        m = camel(2)
        lines.append("   at Lekarna.%s.%s.%s%s() in /src/%s.cs:line %d" % (ns, cls, m[0].upper() + m[1:], C(["Async", ""]), cls, R(10, 700)))
    return code("\n".join(lines))


def nc_kubectl():
    lines = ["NAME                                         READY   STATUS    RESTARTS   AGE"]
    for _ in range(R(5, 16)):
        name = "%s-%s-%s" % (C(["erecepta-gateway", "sukl-erecept-bridge", "medula-provizyon", "its-karekod-worker", "coldchain-ingest",
                                "loyalty-otp", "pos-sync", "pv-intake-api", "token-refresher", "secret-rotator"]),
                             S("bcdfghjklmnpqrstvwxz2456789", 10), S("bcdfghjklmnpqrstvwxz2456789", 5))
        lines.append("%-44s %s   %-9s %-10d %dd" % (name, C(["1/1", "2/2", "0/1"]), C(["Running", "Running", "CrashLoopBackOff", "Pending"]), R(0, 40), R(1, 90)))
    return "$ kubectl -n %s get pods\n" % C(["rx-prod", "pos", "coldchain"]) + code("\n".join(lines))


def nc_sql():
    t = C(["pacjent_kontakt", "vernostni_zakaznik", "hasta_iletisim", "loyalty_member"])
    cols = sample(["pesel_hash BYTEA NOT NULL", "pesel_last4 CHAR(4)", "phone_e164_enc BYTEA", "email_sha256 CHAR(64)", "iban_last4 CHAR(4)",
                   "password_hash TEXT", "password_reset_token_expires_at TIMESTAMPTZ", "otp_secret_ref TEXT", "tc_kimlik_hash BYTEA",
                   "rodne_cislo_hash BYTEA", "api_key_last_four CHAR(4)", "card_token_ref UUID"], R(4, 8))
    return code("CREATE TABLE %s (\n  id BIGSERIAL PRIMARY KEY,\n  %s\n);" % (t, ",\n  ".join(cols)), "sql")


def nc_ts_interface():
    fields = sample(["peselOrPassportToken: string;", "maskedPhone: string;", "ibanLast4?: string;", "otpSecretRef: string;",
                     "refreshTokenExpiresAt: number;", "loyaltyCardTokenHash: string;", "medulaSifreDegisimTarihi: Date;",
                     "suklClientSecretVersion: number;", "emailVerified: boolean;", "p1KeystorePasswordRef: string;"], R(3, 7))
    return code("export interface %s {\n  %s\n}" % (camel(2, False), "\n  ".join(fields)), "ts")


def nc_css_modules():
    cls = ["LoyaltyCard_stamp__%s" % S(B62, 5), "css-%s" % S(LO + DG, 7), "sc-%s" % S(UP + LO, 6), "_ngcontent-ng-c%d" % R(10 ** 9, 4 * 10 ** 9),
           "data-v-%s" % hexs(8), "svelte-%s" % S(LO + DG, 6), "PasswordField_input__%s" % S(B62, 5), "OtpInput_digit__%s" % S(B62, 5)]
    p = sample(cls, R(2, 4))
    return C(["hydration mismatch na klasie `%s` vs `%s`", "Styly se rozbily: `%s` místo `%s`", "`%s` ve `%s` class'ları değişmiş",
              "class `%s` on prod but `%s` locally, snapshot tests fail"]) % (p[0], p[1])


def nc_webpack():
    lines = []
    for _ in range(R(5, 14)):
        lines.append("  %s.%s.js   %d KiB" % (C(["static/chunks/pages/%s" % C(["recepty", "koszyk", "punkty", "apteki", "sifre-sifirla", "password-reset"]),
                                                   "static/chunks/%d" % R(100, 999), "static/chunks/framework", "static/chunks/main-app"]), hexs(16), R(1, 400)))
    return code("Route (pages)\n" + "\n".join(lines))


def nc_tf_plan():
    lines = []
    for _ in range(R(4, 12)):
        lines.append("  # %s will be %s" % (C(["module.coldchain.aws_iot_topic_rule.temp_alert_%s" % snake(1),
                                              "module.erecepta.aws_secretsmanager_secret.p1_keystore_password",
                                              "module.loyalty.aws_sns_topic.otp_sms_%s" % C(["pl", "cz", "tr"]),
                                              "aws_kms_key.pesel_hashing",
                                              "module.pos.aws_iam_role_policy.fiscal_token_reader",
                                              "google_secret_manager_secret_version.sukl_client_secret[\"%s\"]" % C(["prod", "stage"])]),
                                           C(["created", "updated in-place", "destroyed"])))
    return code("\n".join(lines) + "\n\nPlan: %d to add, %d to change, %d to destroy." % (R(0, 5), R(0, 5), R(0, 3)))


def nc_proto():
    svc = C(["ReceiptService", "PrescriptionService", "ColdChainService", "LoyaltyAuthService"])
    rpcs = ["  rpc %s(%sRequest) returns (%sResponse);" % (x, x, x) for x in
            sample(["IssueFiscalReceipt", "RotateSigningCertPassword", "RefreshSuklToken", "ValidatePeselChecksum", "MaskPhoneForReceipt",
                    "RevokeOtpSecret", "ResolveMedulaCredential", "LookupIbanForRefund"], R(2, 5))]
    return code("syntax = \"proto3\";\npackage pharmachain.%s.v1;\n\nservice %s {\n%s\n}" % (C(["pos", "rx", "coldchain", "loyalty"]), svc, "\n".join(rpcs)), "protobuf")


def nc_flags():
    return C(["nowe flagi:", "Nové feature flagy:", "yeni feature flag'ler:", "flags for this sprint:"]) + "\n" + "\n".join(
        "- `%s`" % x for x in sample(["loyalty.otp_sms_v2", "rx.p1.cert_password_rotation", "erecept.sukl_token_cache",
                                      "medula.sifre_uyari_banner", "pos.mask_card_pan_receipt", "coldchain.sensor_secret_refs",
                                      "pv.redact_reporter_phone", "loyalty.email_hash_migration", "its.token_refresh_jitter"], R(2, 5)))


def nc_cpp_gdb():
    lines = []
    for i in range(R(4, 10)):
        nm = C(["fiscal", "printer", "escpos", "token", "posnet"])
        meth = camel(2)
        cls = camel(1, False)
        lines.append("#%d  0x%016x in _ZN%d%s%d%s%d%sEv () from /opt/pos/lib/libfiscal.so.%d" % (
            i, R(0x7f0000000000, 0x7fffffffffff), len(nm), nm, len(cls), cls, len(meth), meth, R(2, 4)))
    return C(["gdb na kasie:", "backtrace z pokladny:", "kasa gdb çıktısı:", "bt from the till:"]) + "\n" + code("\n".join(lines))


def nc_rust():
    lines = ["thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:" % (snake(2), R(10, 400), R(5, 60)), "called `Option::unwrap()` on a `None` value",
             "stack backtrace:"]
    for i in range(R(4, 10)):
        lines.append("  %d: coldchain_ingest::%s::%s::h%s" % (i, snake(1), "%s_%s" % (C(W_VERB), snake(2)), hexs(16)))
    return code("\n".join(lines))


def nc_oneliner():
    return C([
        "rename `%s` → `%s`, stara nazwa myliła",
        "Přejmenoval jsem `%s` na `%s`.",
        "`%s` metodunu `%s` olarak değiştirdim",
        "can someone review the `%s` → `%s` refactor?",
    ]) % (camel(R(3, 4)), camel(R(2, 3)))


def nc_r8():
    lines = []
    for _ in range(R(4, 12)):
        lines.append("com.pharmachain.loyalty.%s.%s -> %s:" % (C(["auth", "otp", "wallet"]), camel(2, False), S(LO, 1) + "." + S(LO, 1)))
        lines.append("    %s %s(%s) -> %s" % (C(["void", "java.lang.String", "boolean"]), camel(2), C(["", "java.lang.String"]), S(LO, 1)))
    return code("\n".join(lines))


def nc_swift():
    lines = []
    for i in range(R(4, 9)):
        a = camel(1, False)
        b = camel(1)
        lines.append("%d   PharmaLoyalty   0x%09x $s13PharmaLoyalty%d%sC%d%s%sSSF + %d" % (i, R(0x100000000, 0x1ffffffff), len(a), a, len(b), b, S("yS", 2), R(20, 900)))
    return C(["crash z iOS:", "iOS pád:", "iOS crash:", "iOS symbolicated:"]) + "\n" + code("\n".join(lines))


NEG_CODE_ID = [nc_java_trace, nc_kotlin_crash, nc_py_trace, nc_go_panic, nc_dotnet, nc_kubectl, nc_sql, nc_ts_interface, nc_css_modules,
               nc_webpack, nc_tf_plan, nc_proto, nc_flags, nc_cpp_gdb, nc_rust, nc_oneliner, nc_r8, nc_swift]


# ---------------------------------------------------------------- non_credential_blob
def nb_git_log():
    lines = []
    for _ in range(R(4, 14)):
        lines.append("%s %s" % (hexs(C([7, 8, 10, 40])), C(["fix(p1): retry on SOAP fault 5xx", "feat(loyalty): otp resend cooldown",
                                                           "chore: bump erecepta-client", "fix(coldchain): sensor clock drift",
                                                           "oprava: zaokrouhlení DPH na účtence", "düzeltme: medula zaman aşımı",
                                                           "refactor(pos): fiscal printer driver", "docs: runbook rotacji certyfikatu P1"])))
    return "$ git log --oneline -%d\n" % len(lines) + code("\n".join(lines))


def nb_docker_digest():
    img = C(["erecepta-gateway", "sukl-bridge", "medula-provizyon", "coldchain-ingest", "loyalty-api", "pos-sync"])
    return C([
        "wdrożony obraz: `registry.pharmachain.internal/rx/%s@sha256:%s`",
        "Nasazený image: `registry.pharmachain.internal/rx/%s@sha256:%s`",
        "prod'daki imaj: `registry.pharmachain.internal/rx/%s@sha256:%s`",
        "rolled back to `registry.pharmachain.internal/rx/%s@sha256:%s`",
    ]) % (img, hexs(64))


def nb_uuids():
    lines = ["prescription_ref,dispense_id,pharmacy_id,created_at"]
    for _ in range(R(4, 18)):
        lines.append("%s,%s,%s,%s" % (uuid4(), ulid(), C(["PL-WAW-", "PL-KRK-", "CZ-PRG-", "CZ-BRN-", "TR-IST-", "TR-ANK-"]) + "%03d" % R(1, 300), ts_iso()))
    return C(["eksport do reconciliation (tylko identyfikatory techniczne):", "export pro párování:", "mutabakat export'u:", "recon export:"]) + "\n" + code("\n".join(lines), "csv")


def nb_npm_lock():
    lines = []
    for pkg in sample(["react-native-mmkv", "@tanstack/react-query", "zod", "date-fns", "i18next", "axios", "libphonenumber-js", "ibantools"], R(2, 5)):
        lines.append('    "node_modules/%s": {\n      "version": "%d.%d.%d",\n      "resolved": "https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz",\n      "integrity": "sha512-%s"\n    },' % (
            pkg, R(1, 9), R(0, 20), R(0, 9), pkg, pkg.split("/")[-1], R(1, 9), R(0, 20), R(0, 9), b64(rbytes(64))))
    return code("\n".join(lines), "json")


def nb_gosum():
    lines = []
    for m in sample(["github.com/jackc/pgx/v5", "go.uber.org/zap", "github.com/nats-io/nats.go", "golang.org/x/crypto", "github.com/beevik/etree"], R(2, 5)):
        v = "v%d.%d.%d" % (R(0, 5), R(0, 30), R(0, 9))
        lines.append("%s %s h1:%s" % (m, v, b64(rbytes(32))))
        lines.append("%s %s/go.mod h1:%s" % (m, v, b64(rbytes(32))))
    return code("\n".join(lines))


def nb_sri():
    return code('<script src="https://cdn.pharmachain.example/widget/erecepta-%d.%d.js"\n        integrity="sha384-%s"\n        crossorigin="anonymous"></script>' % (
        R(1, 9), R(0, 30), b64(rbytes(48))), "html")


def nb_trace():
    lines = []
    for _ in range(R(3, 10)):
        lines.append(json.dumps({"ts": ts_iso(), "svc": C(["p1-client", "sukl-bridge", "medula", "its", "coldchain"]), "trace_id": hexs(32),
                                 "span_id": hexs(16), "traceparent": "00-%s-%s-01" % (hexs(32), hexs(16)), "dur_ms": R(3, 4000)}))
    return code("\n".join(lines), "json")


def nb_etags():
    return code("\n".join([
        "HTTP/1.1 200 OK",
        "Content-Type: application/octet-stream",
        'ETag: "%s-%d"' % (hexs(32), R(2, 40)),
        "x-amz-request-id: %s" % S("0123456789ABCDEF", 16),
        "x-amz-id-2: %s" % b64(rbytes(54)),
        "Content-MD5: %s" % b64(rbytes(16)),
        "X-Amzn-Trace-Id: Root=1-%08x-%s" % (R(0x60000000, 0x70000000), hexs(24)),
    ]), "http")


def nb_s3():
    lines = []
    for _ in range(R(5, 20)):
        lines.append("%s %10d coldchain/loggers/%s/%s/%s.csv.gz" % (ts_plain(), R(2000, 900000), C(["PL", "CZ", "TR"]),
                                                                    "TL-%s" % S("0123456789ABCDEF", 8), hexs(40)))
    return "$ aws s3 ls s3://pharmachain-coldchain-raw/ --recursive | head\n" + code("\n".join(lines))


def nb_sha256sums():
    lines = ["%s  %s" % (hexs(64), f) for f in sample(["pos-firmware-%d.%d.%d.bin" % (R(2, 4), R(0, 9), R(0, 30)), "fiscal-driver_%d.%d_amd64.deb" % (R(1, 3), R(0, 20)),
                                                       "coldchain-agent-linux-arm64.tar.gz", "loyalty-%d.%d.%d.aab" % (R(3, 5), R(0, 30), R(0, 9)),
                                                       "erecepta-gateway-%d.%d.jar" % (R(1, 4), R(0, 40))], R(2, 5))]
    return C(["SHA256SUMS z release'u:", "Kontrolní součty:", "release checksum'ları:", "checksums for the release:"]) + "\n" + code("\n".join(lines))


def nb_ssh_fp():
    return C([
        "nowy host key na bastionie apteki: `SHA256:%s` (ED25519) – potwierdzone w konsoli",
        "Otisk klíče nového SFTP serveru distributora: `SHA256:%s`",
        "depo SFTP sunucusunun yeni host key parmak izi: `SHA256:%s`",
        "bastion rotated host keys, new fingerprint `SHA256:%s`",
    ]) % b64(rbytes(32)).rstrip("=")


def nb_sops():
    return code("""medula:
    sifre: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]
p1:
    keystorePassword: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]
sops:
    lastmodified: "%s"
    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]""" % (
        b64(rbytes(R(9, 20))), b64(rbytes(32)), b64(rbytes(16)), b64(rbytes(R(9, 20))), b64(rbytes(32)), b64(rbytes(16)), ts_iso()[:19] + "Z",
        b64(rbytes(48)), b64(rbytes(32)), b64(rbytes(16))), "yaml")


def nb_vault_cipher():
    return C(["transit zwraca: `vault:v1:%s`", "Ciphertext z Vault transit: `vault:v1:%s`", "transit çıktısı: `vault:v1:%s`",
              "encrypted pesel column sample: `vault:v1:%s`"]) % b64(rbytes(R(28, 60)))


def nb_cursor():
    cur = b64(json.dumps({"id": R(10000, 999999), "ts": epoch(), "dir": "next"}, separators=(",", ":")).encode()).rstrip("=")
    return code('GET /api/v2/stock/movements?limit=%d&cursor=%s\n{"items": [...], "next_cursor": "%s"}' % (R(20, 200), cur,
                b64(json.dumps({"id": R(10000, 999999), "ts": epoch()}, separators=(",", ":")).encode()).rstrip("=")), "http")


def nb_slack_cursor():
    return "users.list paginacja: `next_cursor=%s`" % b64(("user:U%s" % S(UP + DG, 10)).encode()).rstrip("=")


def nb_ci_ids():
    return C([
        "pipeline #%d (job %d) padł na testach kontraktowych P1, artifact `%s`",
        "Pipeline #%d, job %d – artefakt `%s` ke stažení",
        "pipeline #%d job %d kırmızı, artifact `%s`",
        "buildkite build %d / job %d, artifact id `%s`",
    ]) % (R(10000, 99999), R(100000, 999999), uuid4())


def nb_sentry():
    return C(["Sentry event `%s` – ten sam co wczoraj", "Sentry: `%s`", "Sentry olayı `%s` tekrar geldi", "sentry event id `%s`, same root cause"]) % hexs(32)


def nb_minified():
    return code("!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={i:r,l:!1,exports:{}};return e[r].call(o.exports,o,o.exports,n),o.l=!0,o.exports}n.h=\"%s\",n.p=\"/_next/static/%s/\"}([]);" % (
        hexs(20), S(B62 + "-_", 21)), "js")


def nb_b64_text():
    txt = C(["Temperatura poza zakresem 2-8C w lodowce nr %d" % R(1, 40), "Teplota mimo rozsah v boxu %d" % R(1, 40),
             "Soguk zincir alarmi depo %d" % R(1, 40), "stock sync finished for store %d" % R(1, 400)])
    return C(["payload z kolejki (base64):", "Zpráva z fronty je v base64:", "kuyruktan gelen mesaj base64:", "the MQ payload is just base64 text:"]) + \
        " `%s`" % b64(txt.encode())


def nb_helm_checksum():
    return code("spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s\n      labels:\n        pod-template-hash: %s" % (
        hexs(64), hexs(64), S("bcdfghjklmnpqrstvwxz2456789", 10)), "yaml")


def nb_gpg():
    fp = S("0123456789ABCDEF", 40)
    return "klucz publiczny do podpisywania paczek POS: `%s` (keys.openpgp.org)" % " ".join(fp[i:i + 4] for i in range(0, 40, 4)) if chance(0.5) else \
        "Release signing key fingerprint: `%s`" % fp


NEG_BLOB = [nb_git_log, nb_docker_digest, nb_uuids, nb_npm_lock, nb_gosum, nb_sri, nb_trace, nb_etags, nb_s3, nb_sha256sums, nb_ssh_fp,
            nb_sops, nb_vault_cipher, nb_cursor, nb_slack_cursor, nb_ci_ids, nb_sentry, nb_minified, nb_b64_text, nb_helm_checksum, nb_gpg]


# ---------------------------------------------------------------- pii_lookalike_number
def ean13(prefix):
    body = prefix + S(DG, 12 - len(prefix))
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return body + str((10 - s % 10) % 10)


def gtin14(prefix):
    return "0" + ean13(prefix)


DRUGS = ["Paracetamol 500 mg 50 tabl.", "Ibuprofen 400 mg 20 kaps.", "Insulin glargine 100 j/ml 5 wkł.", "Amoksicilin 1 g 16 tbl.",
         "Metformin 850 mg 60 tbl.", "Vakcína proti chřipce 0,5 ml", "Augmentin BID 1000 mg 10 tablet", "Enoksaparyna 40 mg 10 amp.-strz.",
         "Omeprazol 20 mg 28 kaps.", "Adalimumab 40 mg 2 wstrz."]
CC_PREFIX = {"PL": "590", "CZ": "859", "TR": "869"}


def np_gtin_list():
    lines = ["GTIN            | %s" % C(["nazwa", "název", "ürün", "product"])]
    for _ in range(R(3, 12)):
        lines.append("%s | %s" % (gtin14(CC_PREFIX[C(["PL", "CZ", "TR"])]), C(DRUGS)))
    return C(["lista do przeceny:", "seznam pro inventuru:", "sayım listesi:", "items missing on the shelf label:"]) + "\n" + code("\n".join(lines))


def nn_datamatrix():
    g = gtin14(CC_PREFIX[C(["PL", "CZ", "TR"])])
    sn = S(UP + DG, R(10, 16))
    exp = "%02d%02d%02d" % (R(26, 30), R(1, 12), C([0, 28, 30, 31]) if chance(0.5) else 0)
    lot = C(["L", "B", "", "LOT"]) + S(UP + DG, R(4, 8))
    return C([
        "skan FMD nie przechodzi weryfikacji w KOWAL: `(01)%s(21)%s(17)%s(10)%s`",
        "NOOL vrací chybu pro `(01)%s(21)%s(17)%s(10)%s`",
        "İTS karekod okunamadı: `(01)%s(21)%s(17)%s(10)%s`",
        "decommission failed for `(01)%s(21)%s(17)%s(10)%s` – status ACTIVE→?",
    ]) % (g, sn, exp, lot)


def nn_sukl_codes():
    lines = []
    for _ in range(R(3, 10)):
        lines.append("%07d;%s;%s;%d" % (R(1, 259999), C(DRUGS), C(["A02BC01", "N02BE01", "J01CR02", "A10BA02", "B01AB05", "L04AB04"]), R(0, 900)))
    return "SÚKL kódy s nulovým stavem na skladě:\n" + code("kod_sukl;nazev;atc;stav\n" + "\n".join(lines), "csv")


def nn_order_ids():
    return C([
        "zamówienie %d z hurtowni doszło bez %d pozycji",
        "Objednávka č. %d od distributora – chybí %d položek",
        "%d numaralı depo siparişinde %d kalem eksik",
        "order %d from the wholesaler is short %d lines",
    ]) % (R(10 ** 9, 4 * 10 ** 9), R(1, 9))


def nn_invoices():
    return C([
        "FV/%d/%02d/%06d i korekta FK/%d/%02d/%05d do wyjaśnienia z hurtownią",
        "Faktura FA-%d-%02d%06d a dobropis DB-%d-%02d%05d",
        "e-Arşiv GIB%d%02d%07d ve iade faturası IAD%d%02d%06d",
    ]) % (2026, R(1, 11), R(1, 999999), 2026, R(1, 11), R(1, 99999)) if True else ""


def nn_timestamps():
    e = epoch()
    return C([
        "alarm temperatury od %d do %d (epoch), czyli %s",
        "Teplotní alarm trval od %d do %d, tj. od %s",
        "soğuk zincir alarmı %d - %d arası (%s)",
        "sensor offline between %d and %d (%s UTC)",
    ]) % (e, e + R(60, 7200), ts_plain())


def nn_epoch_ms():
    return "`lastSeen=%d` / `slack_ts=%d.%06d`" % (epoch() * 1000 + R(0, 999), epoch(), R(0, 999999))


def nn_private_net():
    return code("\n".join(sample([
        "pos-vlan-%d   %s/24" % (R(10, 99), "10.%d.%d.0" % (R(0, 255), R(0, 255))),
        "coldchain-gw  %s" % priv_ip(),
        "apteka-%03d    %s" % (R(1, 300), priv_ip()),
        "lekarna-%03d   172.%d.%d.0/26" % (R(1, 120), R(16, 31), R(0, 255)),
        "eczane-%03d    192.168.%d.0/24" % (R(1, 90), R(0, 255)),
        "vpn-pool      100.64.%d.0/22" % (R(0, 63) * 4),
        "docs-example  %s" % C(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R(1, 254)),
        "sensor-%d      %s:%d" % (R(1, 99), priv_ip(), C([502, 1883, 8883, 161])),
    ], R(4, 8))), "text")


def nn_versions():
    return C([
        "POS %d.%d.%d → %d.%d.%d, Windows %d.0.%d.%d na kasach",
        "Pokladna %d.%d.%d → %d.%d.%d, Windows %d.0.%d.%d",
        "Kasa yazılımı %d.%d.%d → %d.%d.%d, Windows %d.0.%d.%d",
    ]) % (R(3, 9), R(0, 40), R(0, 20), R(3, 9), R(0, 40), R(0, 20), C([10, 11]), C([19045, 22631, 26100]), R(3000, 5200))


def nn_chrome():
    return "kiosk: Chrome %d.0.%d.%d, Android build %s/%s/%s:%d/%s.%d.%03d/%d:user/release-keys" % (
        R(120, 140), R(6000, 7200), R(30, 200), C(["samsung", "zebra"]), C(["tc52", "a54x"]), C(["tc52", "a54x"]), R(11, 14),
        C(["UP1A", "TP1A"]), R(230000, 251231), R(1, 99), R(1000, 9999))


def nn_jira():
    return C([
        "%s-%d i %s-%d to ten sam problem z kodem recepty",
        "%s-%d a %s-%d jsou duplicitní",
        "%s-%d ile %s-%d aynı hata",
        "%s-%d blocks %s-%d",
    ]) % (C(["RX", "POS", "COLD", "PV", "LOY"]), R(100, 9999), C(["RX", "POS", "COLD", "PV", "LOY"]), R(100, 9999))


def nn_temp_csv():
    sid = "TL-%s" % S("0123456789ABCDEF", 8)
    lines = ["timestamp,sensor,temp_c,humidity,battery_mv"]
    t0 = epoch()
    base = rng.uniform(3, 6)
    for i in range(R(14, 30)):
        lines.append("%d,%s,%.2f,%d,%d" % (t0 + i * 300, sid, base + rng.uniform(-1.5, 3.5), R(30, 70), R(2800, 3300)))
    return C(["eksport z loggera (lodówka %d):" % R(1, 30), "export z dataloggeru:", "veri kaydedici çıktısı:", "logger export, looks like a door left open:"]) + \
        "\n" + code("\n".join(lines), "csv")


def nn_stock_csv():
    lines = ["gtin;lot;exp;qty;store"]
    for _ in range(R(12, 28)):
        lines.append("%s;%s;%02d/%d;%d;%s" % (gtin14(CC_PREFIX[C(["PL", "CZ", "TR"])]), S(UP + DG, 6), R(1, 12), R(2026, 2029), R(0, 240),
                                             C(["WAW", "KRK", "GDA", "PRG", "BRN", "IST", "ANK", "IZM"]) + "%02d" % R(1, 40)))
    return code("\n".join(lines), "csv")


def nn_money():
    return C([
        "obrót apteki %d w %s: %d %03d,%02d zł, refundacja NFZ %d %03d,%02d zł",
        "Tržba lékárny %d v %s: %d %03d,%02d Kč, úhrada ZP %d %03d,%02d Kč",
        "%d nolu eczane %s cirosu: %d.%03d,%02d TL, SGK payı %d.%03d,%02d TL",
    ]) % (R(1, 300), C(["X", "XI", "Q3"]), R(10, 999), R(0, 999), R(0, 99), R(10, 999), R(0, 999), R(0, 99))


def nn_rate_limit():
    return code("HTTP/1.1 429 Too Many Requests\nRetry-After: %d\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: 0\nX-RateLimit-Reset: %d" % (
        R(1, 120), C([600, 1000, 3000]), epoch()), "http")


def nn_ports():
    return C(["otwarte porty na kasie: %s", "Porty na pokladně: %s", "kasada açık portlar: %s", "open on the till: %s"]) % ", ".join(
        str(p) for p in sample([22, 80, 443, 502, 1433, 3389, 5432, 5671, 8080, 8443, 9100, 9418], R(3, 6)))


def nn_latency():
    lines = ["| endpoint | p50 | p95 | p99 |", "|---|---:|---:|---:|"]
    for ep in sample(["P1 pobierzRecepte", "P1 zapiszRealizacje", "SÚKL vydání", "Medula provizyon", "İTS satış bildirimi", "loyalty /otp"], R(3, 6)):
        lines.append("| %s | %d ms | %d ms | %d ms |" % (ep, R(40, 300), R(300, 1500), R(1500, 9000)))
    return "\n".join(lines)


def nn_cve():
    return C(["CVE-%d-%d w bibliotece do PDF, GHSA-%s-%s-%s", "Záplata na CVE-%d-%d (GHSA-%s-%s-%s)", "CVE-%d-%d için yama, GHSA-%s-%s-%s",
              "we're hit by CVE-%d-%d / GHSA-%s-%s-%s"]) % (R(2024, 2026), R(1000, 59999), S("23456789cfghjmpqrvwx", 4), S("23456789cfghjmpqrvwx", 4), S("23456789cfghjmpqrvwx", 4))


def nn_aws_account():
    return C(["w przykładach z docs konto to `123456789012`, nasze prod to inne", "ARN v dokumentaci: `arn:aws:iam::123456789012:role/ColdChainUploader`",
              "örnek ARN: `arn:aws:s3:::pharmachain-coldchain-raw` (hesap 123456789012 sadece dokümantasyonda)"])


def nn_bytes():
    return C(["backup bazy e-recepty: %d %03d %03d bajtów, %d %03d wierszy", "Záloha: %d %03d %03d bajtů, %d %03d řádků",
              "yedek: %d.%03d.%03d bayt, %d.%03d satır"]) % (R(10, 99), R(0, 999), R(0, 999), R(10, 99), R(0, 999))


def nn_luhn_invalid():
    while True:
        ds = digits(16, "3")
        if not luhn_ok(ds):
            break
    return C(["numer seryjny loggera `%s` – to nie karta, skaner PCI się myli", "Sériové číslo dataloggeru `%s`",
              "Veri kaydedici seri no `%s`", "device serial `%s` (not a card, fails Luhn)"]) % ds


def nn_bad_iban():
    cc, n = C([("PL", 24), ("CZ", 20), ("TR", 22)])
    while True:
        bban = S(DG, n)
        if cc == "TR":
            bban = "000" + S(DG, 2) + "0" + S(DG, 16)
        cand = "%s%02d%s" % (cc, R(2, 98), bban)
        if not iban_mod97(cand):
            break
    return C(["test walidatora: `%s` ma być odrzucony (zła suma kontrolna)", "Validátor musí odmítnout `%s` (špatný kontrolní součet)",
              "Doğrulayıcı `%s` değerini reddetmeli (checksum hatalı)", "unit test: `%s` must fail mod-97"]) % group4(cand)


def nn_nfz():
    k = R(0, 2)
    if k == 0:
        return "umowa NFZ nr %02d-%02d-%06d/APT/%d, kod świadczeniodawcy %06d" % (R(1, 16), R(0, 99), R(0, 999999), 2026, R(0, 999999))
    if k == 1:
        return "Smlouva se ZP č. %d/%d, IČZ %08d" % (R(1000, 99999), 2026, R(10000000, 49999999))
    return "SGK sözleşme no %d/%d, eczane kodu %d" % (R(1000, 99999), 2026, R(10000000, 49999999))


NEG_PII_NUM = [np_gtin_list, nn_datamatrix, nn_sukl_codes, nn_order_ids, nn_invoices, nn_timestamps, nn_epoch_ms, nn_private_net, nn_versions,
               nn_chrome, nn_jira, nn_temp_csv, nn_stock_csv, nn_money, nn_rate_limit, nn_ports, nn_latency, nn_cve, nn_aws_account,
               nn_bytes, nn_luhn_invalid, nn_bad_iban, nn_nfz]


# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": [
        "please don't paste the P1 keystore password in here, use the 1Password share link",
        "we rotate the SÚKL client secret every 90 days, next one is due end of the month",
        "the Medula password expired again for three stores in Izmir, they have to reset it in the portal themselves",
        "the loyalty app never stores the full card number, only the PSP token",
        "someone pasted a customer's phone number in #pos-support yesterday, I deleted the message and reported it to the DPO",
        "the GitHub token that leaked in the build log was revoked within 10 minutes",
        "reminder: no PESEL, rodné číslo or TC kimlik numbers in Jira tickets, link the case id instead",
        "the cold-chain gateway now reads its API key from Secrets Manager, nothing on the device disk anymore",
        "can we agree that IBANs for refunds are only entered in the back office, never in Slack?",
        "the private key for the e-prescription signing cert lives on the HSM, we can't export it even if we wanted to",
        "PV reports from the US affiliate sometimes include SSNs in free text, the intake service strips them before storage",
        "the secret scanner flagged a test fixture again, it was a placeholder, marking as false positive",
        "if an OpenAI or Anthropic key shows up in a log, revoke first, ask questions later",
        "we moved the Slack bot token for the cold-chain alerts into Vault after the audit",
        "password reset e-mails for the loyalty app now expire after 30 minutes",
    ],
    "pl": [
        "nie wklejajcie hasła do keystore P1 na kanale, tylko przez 1Password",
        "certyfikat do e-recepty wygasa za dwa tygodnie, trzeba będzie wygenerować nowe hasło do pliku p12",
        "klient podał numer karty na czacie w aplikacji, wiadomość usunięta, zgłoszone do IOD",
        "przypominam: żadnych numerów PESEL w zgłoszeniach, tylko identyfikator sprawy",
        "token do GitHuba, który wyciekł w logu z CI, został unieważniony, nowy jest w sejfie",
        "hasło do panelu hurtowni zmieniamy co kwartał, nowe dostaniecie od kierownika regionu",
        "numer konta do zwrotów wpisuje tylko księgowość, nie pracownicy apteki",
        "w logach POS-a maskujemy numer telefonu klienta programu lojalnościowego",
        "klucz API do bramki SMS będzie rotowany w piątek po 22:00",
        "skaner sekretów znowu zgłosił placeholder z dokumentacji, oznaczam jako fałszywy alarm",
        "klucz prywatny do podpisu nie opuszcza HSM-a, więc nie ma czego rotować ręcznie",
        "zgłoszenia działań niepożądanych nie mogą zawierać adresu e-mail pacjenta w polu opisu",
        "po incydencie wszystkie tokeny Slacka bota od alarmów temperatury zostały wymienione",
    ],
    "cs": [
        "heslo k certifikátu pro eRecept sem prosím nepište, pošlete ho přes 1Password",
        "client secret pro SÚKL rotujeme každých 90 dní",
        "rodné číslo pacienta nepatří do tiketu, stačí identifikátor případu",
        "zákazník poslal číslo karty do chatu věrnostní aplikace, zpráva smazána a nahlášena pověřenci",
        "token z GitHubu, který unikl v logu, byl okamžitě zneplatněn",
        "číslo účtu pro vratky zadává jen účtárna, nikdy ne lékárník",
        "v logu pokladny se telefonní číslo zákazníka maskuje",
        "privátní klíč k podpisu eReceptů je v HSM, exportovat nejde",
        "API klíč k SMS bráně se bude měnit v pátek večer",
        "skener tajemství zase hlásí ukázkový klíč z dokumentace, je to falešný poplach",
        "heslo do portálu distributora se mění každé čtvrtletí",
    ],
    "tr": [
        "Medula şifresini kanala yazmayın, 1Password üzerinden paylaşın",
        "Medula şifreleri 3 ayda bir değişiyor, eczaneler hatırlatma e-postası alacak",
        "hastanın TC kimlik numarası Jira kaydına yazılmamalı, sadece vaka numarası",
        "müşteri sadakat uygulamasının sohbetine kart numarasını yazmış, mesaj silindi ve KVKK sorumlusuna bildirildi",
        "CI logunda sızan GitHub token'ı hemen iptal edildi",
        "iade IBAN'ını sadece muhasebe girer, eczane personeli değil",
        "kasa loglarında müşteri telefon numarası maskeleniyor",
        "e-imza özel anahtarı akıllı kartta, dışarı çıkarılamaz",
        "SMS servisinin API anahtarı cuma gecesi yenilenecek",
        "secret scanner yine dokümantasyondaki örnek anahtarı yakaladı, yanlış alarm",
        "İTS token'ı her gün yenileniyor, elle bir şey yapmaya gerek yok",
    ],
}


def nt_sentences():
    lang = C(["en", "pl", "cs", "tr"])
    k = R(1, 4)
    return " ".join(s[0].upper() + s[1:] + "." for s in sample(TALK[lang], k)) if chance(0.6) else \
        "\n".join("- " + s for s in sample(TALK[lang], R(2, 5)))


def nt_incident():
    lang = C(["en", "pl"])
    if lang == "en":
        return "\n".join([
            "*Incident summary – %s*" % C(["leaked Slack bot token (cold-chain alerts)", "P1 keystore password in a CI log",
                                          "customer card number posted in loyalty chat", "OpenAI key committed to a feature branch"]),
            "• detected by: %s" % C(["secret scanning push protection", "a pharmacist who noticed it", "our log redaction alert"]),
            "• exposure window: ~%d min" % R(3, 90),
            "• action: credential revoked and reissued, history rewritten, access logs reviewed",
            "• customer data affected: %s" % C(["none", "none found", "under review with the DPO"]),
            "• follow-up: add the pattern to the pre-commit hook, update the runbook",
        ])
    return "\n".join([
        "*Podsumowanie incydentu – %s*" % C(["wyciek tokena bota Slack", "hasło do keystore P1 w logu CI", "numer karty klienta na czacie lojalnościowym"]),
        "• wykrył: %s" % C(["skaner sekretów", "farmaceuta z apteki", "alert z redakcji logów"]),
        "• czas ekspozycji: ok. %d min" % R(3, 90),
        "• działania: dane uwierzytelniające unieważnione i wydane ponownie, logi dostępowe przejrzane",
        "• dane pacjentów: %s" % C(["nie dotyczy", "brak", "analiza z IOD w toku"]),
    ])


def nt_faq():
    return "\n".join([
        C(["*FAQ: hasła i tokeny w integracjach*", "*FAQ: hesla a tokeny*", "*SSS: şifreler ve token'lar*", "*FAQ: secrets in integrations*"]),
        "Q: Where does the P1 keystore password live? A: Vault, path documented in the runbook, never in the repo.",
        "Q: Can I DM a Medula password to a colleague? A: No. Use a 1Password share that expires.",
        "Q: What if I see a card number or IBAN in a ticket? A: Delete it, tell the DPO, don't quote it back.",
        "Q: Are the AWS keys in the docs real? A: No, they are the documented examples.",
    ][:R(3, 5)])


def nt_regex():
    return C([
        "scanner regex for Polish IBANs is `PL\\d{26}` with spaces optional, then mod-97 – do we also want the sort-code check?",
        "Do detektoru telefonů přidáváme `\\+420 ?\\d{3} ?\\d{3} ?\\d{3}`, ale bez kontextu to chytá i objednávky.",
        "TC kimlik kontrolü için 10. ve 11. hane algoritması yeterli mi, yoksa regex `[1-9]\\d{10}` de kalsın mı?",
        "dla PESEL-a sama długość 11 cyfr to za mało, trzeba sprawdzać sumę kontrolną i datę, inaczej łapiemy numery zamówień",
        "the SSN rule is `\\d{3}-\\d{2}-\\d{4}` minus 000/666/9xx areas – we only care for the US affiliate feed",
    ])


def nt_vault_err():
    return code(C([
        "Error: failed to read secret \"kv/data/erecepta/p1\": permission denied (403)",
        "ExternalSecret \"sukl-erecept\" SecretSyncedError: could not get secret data from provider: secret not found",
        "sealed-secrets: no key could decrypt secret (medula-bridge/medula-credentials)",
        "Error: 1Password CLI: item \"Medula – eczane şifresi\" not found in vault \"Eczaneler\"",
    ])) + "\n" + C(["ktoś zmieniał polityki?", "změnil někdo policy?", "policy'leri değiştiren oldu mu?", "did someone change the policies?"])


def nt_qa():
    return C([
        "Q: czy możemy logować ostatnie 4 cyfry numeru karty? A: tak, to dopuszcza PCI DSS, reszta maskowana.",
        "Otázka: můžeme mít v logu e-mail zákazníka? Odpověď: ne, jen hash.",
        "S: Hasta telefon numarasını SMS loguna yazabilir miyiz? C: Hayır, sadece maskeli hali.",
        "Q: do we need to rotate the ITS token after someone leaves? A: the token is per-service, but rotate the portal password.",
    ])


def nt_security_sync():
    lang = C(["pl", "cs", "tr", "en"])
    return "\n".join([C(["*Security sync – notatki*", "*Security sync – poznámky*", "*Güvenlik toplantısı notları*", "*Security sync notes*"])] +
                     ["%d. %s" % (i + 1, s) for i, s in enumerate(sample(TALK[lang], R(3, 7)))])


def nt_runbook():
    lang = C(["pl", "en", "cs", "tr"])
    if lang == "pl":
        head = "*Runbook: wyciek sekretu (token, hasło, klucz API)*"
        steps = ["Nie kasuj wiadomości zanim nie zrobisz zrzutu kontekstu dla zespołu bezpieczeństwa (bez samej wartości).",
                 "Unieważnij dane uwierzytelniające u dostawcy – GitHub, Slack, AWS, OpenAI, Anthropic albo Vault.",
                 "Wygeneruj nowe i wpisz je do Vaulta, nigdy na kanał.",
                 "Zrestartuj usługi, które czytają ten sekret (erecepta-gateway, sukl-bridge, medula-provizyon).",
                 "Sprawdź logi dostępowe za okres ekspozycji.",
                 "Jeśli wyciekły dane pacjenta (PESEL, telefon, e-mail), powiadom IOD w ciągu 24 h.",
                 "Dopisz wzorzec do pre-commit hooka i do skanera w CI.",
                 "Zamknij zgłoszenie z linkiem do post-mortem.",
                 "Hasło do keystore P1 zmieniamy razem z certyfikatem, osobno nie ma sensu.",
                 "Numery kart i IBAN-y usuwamy z wątku i nie cytujemy ich w odpowiedzi."]
    elif lang == "cs":
        head = "*Postup: únik tajemství (token, heslo, API klíč)*"
        steps = ["Nejdřív zneplatni přihlašovací údaje u poskytovatele.",
                 "Nové vygeneruj a ulož do Vaultu, nikdy ne do Slacku.",
                 "Restartuj služby, které tajemství čtou (erecept-bridge, pokladna-sync).",
                 "Projdi přístupové logy za dobu expozice.",
                 "Pokud unikly údaje pacienta (rodné číslo, telefon, e-mail), informuj pověřence do 24 h.",
                 "Přidej vzor do pre-commit hooku a do skeneru v CI.",
                 "Heslo k certifikátu pro eRecept měníme spolu s certifikátem.",
                 "Čísla karet a účtů z vlákna smaž a necituj je.",
                 "Uzavři tiket s odkazem na post-mortem."]
    elif lang == "tr":
        head = "*Runbook: sızan secret (token, şifre, API anahtarı)*"
        steps = ["Önce sağlayıcıda kimlik bilgisini iptal et.",
                 "Yenisini oluştur ve Vault'a koy, asla Slack'e yazma.",
                 "Secret'ı okuyan servisleri yeniden başlat (medula-provizyon, its-karekod-worker).",
                 "Maruz kalma süresindeki erişim loglarını incele.",
                 "Hasta verisi (TC kimlik, telefon, e-posta) sızdıysa 24 saat içinde KVKK sorumlusuna bildir.",
                 "Deseni pre-commit hook'a ve CI tarayıcısına ekle.",
                 "Medula şifresi değiştiyse eczanelere duyuru yap.",
                 "Kart ve IBAN numaralarını thread'den sil, alıntılama.",
                 "Kaydı post-mortem linkiyle kapat."]
    else:
        head = "*Runbook: leaked secret (token, password, API key)*"
        steps = ["Revoke the credential at the provider first, then clean up.",
                 "Issue a new one and store it in Vault only.",
                 "Restart whatever reads it (erecepta-gateway, coldchain-ingest, loyalty-otp).",
                 "Review access logs for the exposure window.",
                 "If patient data leaked (national id, phone, e-mail), the DPO has to know within 24 h.",
                 "Add the pattern to the pre-commit hook and the CI scanner.",
                 "The P1 keystore password is rotated together with the certificate.",
                 "Delete card numbers and IBANs from the thread, don't quote them back.",
                 "Close the ticket with a link to the post-mortem.",
                 "Never test a leaked key to see if it still works."]
    k = R(7, len(steps))
    body = [head, ""] + ["%d. %s" % (i + 1, x) for i, x in enumerate(steps[:k])]
    if chance(0.5):
        body += ["", C(["Pytania → #sec-help", "Dotazy → #sec-help", "Sorular → #sec-help", "Questions → #sec-help"])]
    return "\n".join(body)


def nt_thread():
    lang = C(["pl", "cs", "tr", "en"])
    lines = []
    for _ in range(R(9, 16)):
        lines.append("> " + C(TALK[lang]))
    return C(["Zebrane z wątku:", "Shrnutí vlákna:", "Thread özeti:", "Summary of the thread:"]) + "\n" + "\n".join(lines)


NEG_TALK = [nt_sentences, nt_sentences, nt_incident, nt_faq, nt_regex, nt_vault_err, nt_qa, nt_security_sync, nt_runbook, nt_thread]


# ================================================================ POSITIVES
NAMES = {
    "PL": (["anna", "katarzyna", "tomasz", "piotr", "magdalena", "agnieszka", "michal", "pawel"],
           ["nowak", "kowalska", "wisniewski", "zielinska", "lewandowski", "wojcik", "mazur", "kaczmarek"],
           ["gmail.com", "wp.pl", "onet.pl", "o2.pl", "interia.pl", "apteka-zdrowie.pl"]),
    "CZ": (["jiri", "petra", "tereza", "jan", "lucie", "ondrej", "martina", "tomas"],
           ["dvorak", "novakova", "svoboda", "cerna", "prochazka", "kucera", "horakova", "vesely"],
           ["seznam.cz", "email.cz", "centrum.cz", "gmail.com", "lekarnaplus.cz"]),
    "TR": (["mehmet", "ayse", "elif", "mustafa", "zeynep", "burak", "emre", "fatma"],
           ["yilmaz", "demir", "kaya", "sahin", "celik", "aydin", "ozturk", "arslan"],
           ["gmail.com", "hotmail.com", "yandex.com.tr", "outlook.com", "eczanem.com.tr"]),
    "US": (["emily", "michael", "sarah", "david"], ["miller", "johnson", "garcia", "brown"], ["gmail.com", "outlook.com", "icloud.com"]),
}


def g_email(cc=None):
    cc = cc or C(["PL", "CZ", "TR", "PL", "CZ", "TR", "US"])
    firsts, lasts, doms = NAMES[cc]
    f, l = C(firsts), C(lasts)
    local = C(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s.%s%d" % (f, l, R(1, 99)), "%s_%s" % (f, l), "%s%d" % (f, R(70, 2005))])
    return "%s@%s" % (local, C(doms))


def g_phone(cc=None):
    cc = cc or C(["PL", "CZ", "TR", "US"])
    if cc == "PL":
        k = R(0, 2)
        if k == 0:
            return "+48 %s %s %s" % (C("5678") + S(DG, 2), S(DG, 3), S(DG, 3))
        if k == 1:
            return "%s-%s-%s" % (C("5678") + S(DG, 2), S(DG, 3), S(DG, 3))
        return "+48 %s %s %s %s" % (C(["22", "12", "58", "61", "71"]), S("23456789", 1) + S(DG, 2), S(DG, 2), S(DG, 2))
    if cc == "CZ":
        if chance(0.5):
            return "+420 %s %s %s" % (C("67") + S(DG, 2), S(DG, 3), S(DG, 3))
        return "%s %s %s" % (C(["60", "72", "73", "77", "79"]) + S(DG, 1), S(DG, 3), S(DG, 3))
    if cc == "TR":
        k = R(0, 2)
        if k == 0:
            return "+90 %s %s %s %s" % ("5" + C("0345") + S(DG, 1), S(DG, 3), S(DG, 2), S(DG, 2))
        if k == 1:
            return "0%s %s %s %s" % ("5" + C("0345") + S(DG, 1), S(DG, 3), S(DG, 2), S(DG, 2))
        return "0 (%s) %s %s %s" % (C(["212", "216", "312", "232"]), C("2345679") + S(DG, 2), S(DG, 2), S(DG, 2))
    return C(["+1 (%s) %s-%s", "(%s) %s-%s", "%s-%s-%s"]) % (C(["312", "646", "415", "617", "973", "201", "713"]), C("2346789") + S(DG, 2), S(DG, 4))


PW_WORDS = ["Apteka", "apteka", "Zdrowie", "Recepta", "Magazyn", "Warszawa", "Krakow", "Gdansk", "Lekarna", "lekarna", "Praha",
            "Brno", "Recept", "Sklad", "Ostrava", "Eczane", "eczane", "Istanbul", "Ankara", "Recete", "Depo", "Kadikoy", "Izmir",
            "Kasa", "Pokladna", "Chlodnia", "Lodowka", "Sifre", "Haslo", "Heslo", "Kadıköy", "Żabka", "Příbram", "Łódź"]


def g_password(url_safe=False):
    k = R(0, 5)
    w = C(PW_WORDS)
    if url_safe:
        while any(ord(ch) > 127 for ch in w):
            w = C(PW_WORDS)
    sym = C("!#$*_.") if not url_safe else C("_.~-")
    if k == 0:
        return "%s%d%s" % (w, R(2019, 2026), sym)
    if k == 1:
        return "%s%s%02d" % (w, sym, R(1, 99))
    if k == 2:
        return "%s%s%s%d" % (w, sym, C(PW_WORDS[:8]).lower(), R(1, 999))
    if k == 3:
        return S(B62, R(3, 5)) + sym + S(B62, R(4, 8)) + S(DG, 2)
    if k == 4:
        return "%s%d%s%s" % (w.lower(), R(10, 99), sym, S(UP, 2))
    return "%s_%s%d%s" % (w, C(["Lato", "Zima", "Jaro", "Podzim", "Yaz", "Kis"]), R(20, 26), sym)


def g_ipv4():
    while True:
        s = "%d.%d.%d.%d" % (R(1, 223), R(0, 255), R(0, 255), R(1, 254))
        if ip_public(s):
            return s


def g_iban(cc=None):
    cc = cc or C(["PL", "CZ", "TR"])
    if cc == "PL":
        while True:
            sc = C(["1020", "1050", "1140", "1240", "1090", "1160", "2490"]) + S(DG, 3)
            chk = (10 - sum(int(sc[i]) * PL_W[i] for i in range(7)) % 10) % 10
            sc += str(chk)
            return iban_make("PL", sc + S(DG, 16))
    if cc == "CZ":
        return iban_make("CZ", C(["0100", "0300", "0800", "2010", "0600", "5500", "3030"]) + cz_part(6, True) + cz_part(10))
    return iban_make("TR", C(["00010", "00012", "00015", "00046", "00062", "00064", "00067", "00111"]) + "0" + S(DG, 16))


def fmt_iban(ib):
    return group4(ib) if chance(0.55) else ib


def g_card():
    k = R(0, 4)
    if k == 0:
        n = luhn_complete("4" + S(DG, 5), 16)
    elif k == 1:
        n = luhn_complete(C(["51", "52", "53", "54", "55"]) + S(DG, 4), 16)
    elif k == 2:
        n = luhn_complete(C(["34", "37"]) + S(DG, 4), 15)
        return C([n, "%s %s %s" % (n[:4], n[4:10], n[10:])])
    elif k == 3:
        n = luhn_complete("9792" + S(DG, 2), 16)
    else:
        n = luhn_complete(C(["2221", "2300", "2720"]) + S(DG, 2), 16)
    f = R(0, 2)
    if f == 0:
        return n
    return (" " if f == 1 else "-").join(n[i:i + 4] for i in range(0, 16, 4))


def g_ssn():
    while True:
        a = R(1, 899)
        if a == 666:
            continue
        s = "%03d-%02d-%04d" % (a, R(1, 99), R(1, 9999))
        if ssn_ok(s) and s != "078-05-1120":
            return s


def g_aws_id():
    while True:
        v = C(["AKIA", "AKIA", "ASIA"]) + S(UP + "234567", 16)
        if "EXAMPLE" not in v:
            return v


def g_aws_secret():
    return S(UP + LO + DG + "+/", 40)


def g_gh_classic():
    body = S(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xffffffff, 6)


def g_gh_fine():
    return "github_pat_11" + S(UP + DG, 20) + "_" + S(B62, 59)


def g_slack_bot():
    return "xoxb-%s-%s-%s" % (digits(R(11, 13)), digits(13), S(B62, 24))


def g_slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(R(11, 13)), digits(R(11, 13)), digits(13), hexs(32))


def g_openai():
    k = R(0, 2)
    if k == 0:
        return "sk-proj-" + S(B62 + "-_", 74) + "T3BlbkFJ" + S(B62 + "-_", 74)
    if k == 1:
        return "sk-" + S(B62, 20) + "T3BlbkFJ" + S(B62, 20)
    return "sk-svcacct-" + S(B62 + "-_", 74) + "T3BlbkFJ" + S(B62 + "-_", 74)


def g_anthropic():
    return "sk-ant-api03-" + S(B62 + "-_", 93) + "AA"


def g_jwt():
    rs = chance(0.5)
    hdr = {"alg": "RS256", "typ": "JWT", "kid": S(B62, R(8, 20))} if rs else {"alg": "HS256", "typ": "JWT"}
    iat = epoch()
    pl = C([
        {"sub": "pharmacist-%d" % R(1000, 9999), "iss": "https://auth.pharmachain.internal", "aud": "erecepta-gateway",
         "scope": "rx:read rx:dispense", "pharmacy_id": "PL-%s-%03d" % (C(["WAW", "KRK", "GDA"]), R(1, 300))},
        {"sub": "lekarnik-%d" % R(100, 999), "iss": "https://sso.pharmachain.cz", "aud": "erecept-bridge", "role": "LEKARNIK"},
        {"sub": "%d" % R(100000, 9999999), "iss": "https://loyalty.pharmachain.app", "aud": "loyalty-api", "tier": C(["silver", "gold"]),
         "country": C(["PL", "CZ", "TR"])},
        {"sub": "eczane-%d" % R(10000, 99999), "iss": "https://auth.pharmachain.com.tr", "aud": "medula-bridge", "scope": "provizyon"},
        {"sub": "svc-coldchain", "iss": "https://auth.pharmachain.internal", "aud": "coldchain-ingest", "scope": "telemetry:write"},
    ])
    pl = dict(pl)
    pl["iat"] = iat
    pl["exp"] = iat + C([300, 900, 3600, 86400])
    sig = b64u(rbytes(256 if rs else 32))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der_int(nbytes=None, value=None):
    if value is None:
        b = bytearray(rbytes(nbytes))
        b[0] |= 0x80
        b = bytes(b)
    else:
        b = value.to_bytes(max(1, (value.bit_length() + 7) // 8), "big")
    if b[0] & 0x80:
        b = b"\x00" + b
    return b"\x02" + der_len(len(b)) + b


def der_seq(*parts):
    body = b"".join(parts)
    return b"\x30" + der_len(len(body)) + body


def g_pem(k):
    if k == 0:
        der = bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rbytes(64)
        return "ec", "EC PRIVATE KEY", b64(der), 64
    if k == 1:
        der = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        return "ed25519", "PRIVATE KEY", b64(der), 64
    if k == 2:
        bits = C([1024, 2048])
        nb = bits // 8
        der = der_seq(der_int(value=0), der_int(nb), der_int(value=65537), der_int(nb), der_int(nb // 2), der_int(nb // 2),
                      der_int(nb // 2), der_int(nb // 2), der_int(nb // 2))
        return "rsa%d" % bits, "RSA PRIVATE KEY", b64(der), 64

    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pk = rbytes(32)
    sk = rbytes(32)
    chk = rbytes(4)
    pub = sstr(b"ssh-ed25519") + sstr(pk)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pk) + sstr(sk + pk) + sstr(C([b"deploy@pos-build", b"coldchain@gw", b"ci-erecepta"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    der = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pub) + sstr(priv)
    return "openssh", "OPENSSH PRIVATE KEY", b64(der), 70


def lines_of(body, width):
    return [body[i:i + width] for i in range(0, len(body), width)]


# ---------------------------------------------------------------- positive templates (single secret)
P_SINGLE = {
    "email_address": [
        lambda: "Pacjentka prosi o kontakt mailowo: § – chodzi o zwrot punktów za zamówienie %d" % R(10 ** 6, 10 ** 7),
        lambda: "Zákazník se nemůže přihlásit do věrnostní aplikace, e-mail §, můžete mu poslat reset hesla?",
        lambda: "Sadakat uygulamasında hesap silme talebi geldi: § (KVKK kapsamında 30 gün içinde yapılmalı)",
        lambda: code('{"level":"warn","ts":"%s","msg":"otp delivery failed","channel":"email","to":"§","retry":%d}' % (ts_iso(), R(1, 3)), "json"),
        lambda: "PV report came in from § about dizziness after the new batch, forwarding to the safety team",
    ],
    "phone_number": [
        lambda: "Kierownik apteki nr %d prosi o oddzwonienie w sprawie braków w dostawie: §" % R(1, 300),
        lambda: "Zákaznice volala kvůli vratce, číslo §, prosím zavolejte zpět do 16:00",
        lambda: "Hasta yakını geri aranmak istiyor: § (yan etki bildirimi, acil değil)",
        lambda: "US patient on the cross-border refill asked for a call back at §",
        lambda: "kierowca z transportu chłodniczego nie dojechał, jego numer: § – ktoś może zadzwonić?",
        lambda: code("zamowienie;klient;telefon;status\n%d;Kowalczyk;§;DO_ODBIORU" % R(10 ** 6, 10 ** 7), "csv"),
    ],
    "password": [
        lambda: code("P1_ENV=prod\nP1_KEYSTORE_PATH=/etc/apteka/p1/keystore.p12\nP1_KEYSTORE_PASSWORD=§\nP1_ID_MIEJSCA=%d" % R(10 ** 5, 10 ** 6), "dotenv"),
        lambda: "hasło do panelu hurtowni dla apteki nr %d: § – zmieńcie po pierwszym logowaniu" % R(1, 300),
        lambda: "Heslo k testovacímu účtu SÚKL: § (platí do pátku)",
        lambda: "Medula şifresi değişti, yeni şifre: §",
        lambda: code("spring.datasource.url=jdbc:postgresql://db-rx:5432/erecepta\nspring.datasource.username=erecepta_app\nspring.datasource.password=§", "properties"),
        lambda: code("Server=sql-pos-01;Database=Pokladna;User Id=pos_sync;Password=§;Encrypt=True", ""),
        lambda: code('its:\n  kullanici: "%d"\n  sifre: "§"' % R(10 ** 12, 10 ** 13 - 1), "yaml"),
        lambda: code("host=%s dbname=coldchain user=ingest password=§ sslmode=require" % priv_ip(), ""),
        lambda: "the wifi password for the cold-store tablets in Brno is § btw",
    ],
    "url_credentials": [
        lambda: code("DATABASE_URL=postgresql://erecepta_app:§@db-erecepta.internal:5432/erecepta", "dotenv"),
        lambda: "connection string do bazy loyalty: `mongodb+srv://loyalty:§@cluster0.x%s.mongodb.net/loyalty?retryWrites=true`" % S(LO + DG, 5),
        lambda: "CACHE_URL je `redis://:§@redis-pos.internal:6379/0`, kdyby to někdo hledal",
        lambda: code("broker_url: amqps://coldchain:§@mq.pharmachain.internal:5671/%2F", "yaml"),
        lambda: "pos sync kullanıyor: `mysql://pos_sync:§@%s:3306/pos`" % priv_ip(),
        lambda: "pliki z hurtowni wrzucamy na `sftp://hurt_%d:§@sftp.partner-hurt.pl/inbox`" % R(100, 999),
        lambda: code('SQLALCHEMY_DATABASE_URI = "postgresql+psycopg://pv_intake:§@pv-db:5432/pv"', "python"),
        lambda: "proxy for the Medula bridge: https://medula_bridge:§@proxy.eczane.internal:8443/",
    ],
    "ipv4_address": [
        lambda: "fail2ban zbanował § po %d próbach logowania na VPN kas" % R(20, 80),
        lambda: "Povolte prosím na firewallu IP § pro eRecept bridge, jinak nám SÚKL neodpovídá",
        lambda: "Medula'ya erişim sadece § IP'sinden açık, şube VPN'i oradan çıkıyor",
        lambda: code('§ - - [%02d/Nov/2026:%02d:%02d:%02d +0100] "POST /api/v1/loyalty/otp HTTP/1.1" 429 %d "-" "okhttp/4.12.0"' % (
            R(1, 28), R(0, 23), R(0, 59), R(0, 59), R(20, 400))),
        lambda: "SFTP distributora: § port 22, přihlašujeme se klíčem",
        lambda: "weird traffic from § hammering /loyalty/login, blocked it at the WAF",
    ],
    "iban": [
        lambda: "Proszę o zwrot na konto: § (Jan Kowalczyk), paragon w załączniku",
        lambda: "Číslo účtu pro vrácení peněz: §, zákazník Novák",
        lambda: "İade için IBAN: § – Ayşe Demir adına",
        lambda: "hurtownia zmieniła rachunek do przelewów, nowy: § – potwierdźcie telefonicznie zanim ktoś zapłaci!",
        lambda: "New bank details from the CZ distributor: §, effective next invoice run",
        lambda: code("iade_no;tutar;iban\nIAD%d;%d,%02d;§" % (R(10 ** 5, 10 ** 6), R(10, 900), R(0, 99)), "csv"),
    ],
    "credit_card": [
        lambda: "klient podał numer karty na czacie w aplikacji: § exp %02d/%d" % (R(1, 12), R(27, 31)),
        lambda: "Zákazník poslal do chatu číslo karty §, smazat a nahlásit?",
        lambda: "müşteri kart numarasını sohbete yazmış: § son kullanma %02d/%d" % (R(1, 12), R(27, 31)),
        lambda: code("%s DEBUG pos.payment terminal=T%d pan=§ exp=%d%02d amount=%d.%02d" % (ts_iso(), R(100, 999), R(27, 31), R(1, 12), R(5, 500), R(0, 99))),
        lambda: "test terminala przeszedł na prawdziwej karcie § – trzeba zrobić void",
    ],
    "jwt": [
        lambda: code('curl -s -H "Authorization: Bearer §" https://erecepta-gateway.internal/api/v1/recepty/status', "bash"),
        lambda: "token z loyalty app w logu (już wygasł?): §",
        lambda: "Medula bridge bu token'ı reddediyor: §",
        lambda: code('{"level":"error","msg":"token rejected","reason":"aud mismatch","token":"§"}', "json"),
        lambda: "eRecept bridge vrací 401 s tímhle tokenem: §",
    ],
    "slack_bot_token": [
        lambda: code("SLACK_BOT_TOKEN=§\nSLACK_CHANNEL=#coldchain-alarmy", "dotenv"),
        lambda: "bot od alarmów temperatury ma token §, wrzucę go do Vaulta później",
        lambda: code('from slack_sdk import WebClient\nclient = WebClient(token="§")\nclient.chat_postMessage(channel="#pos-alerts", text="Kasa offline")', "python"),
        lambda: "Token pro bota hlídajícího teploty: §",
        lambda: "stok uyarı botunun token'ı: §",
    ],
    "slack_user_token": [
        lambda: code('curl -s -H "Authorization: Bearer §" "https://slack.com/api/conversations.history?channel=C0%s&limit=200"' % S(UP + DG, 8), "bash"),
        lambda: "do eksportu kanału #pv-zgloszenia użyłem swojego tokena §",
        lambda: "Můj user token na export historie: §",
        lambda: "export script için kullanıcı token'ım: §",
        lambda: code("SLACK_USER_TOKEN=§  # for the archive script", "dotenv"),
    ],
    "openai_api_key": [
        lambda: code("OPENAI_API_KEY=§\nOPENAI_MODEL=gpt-4o-mini", "dotenv"),
        lambda: code('client = OpenAI(api_key="§")  # chatbot lojalnościowy', "python"),
        lambda: "klucz do OpenAI dla bota FAQ apteki: §",
        lambda: "Klíč pro shrnutí hlášení nežádoucích účinků: §",
        lambda: "sadakat chatbot'u için OpenAI anahtarı: §",
    ],
    "anthropic_api_key": [
        lambda: code("ANTHROPIC_API_KEY=§", "dotenv"),
        lambda: code('client = anthropic.Anthropic(api_key="§")  # PV triage', "python"),
        lambda: "klucz do Claude dla streszczeń zgłoszeń PV: §",
        lambda: "Anthropic klíč pro triáž hlášení: §",
        lambda: "PV özetleri için Anthropic anahtarı: §",
    ],
    "github_classic_pat": [
        lambda: code("git clone https://§@github.com/pharmachain/pos-sync.git", "bash"),
        lambda: code("//npm.pkg.github.com/:_authToken=§\n@pharmachain:registry=https://npm.pkg.github.com", ""),
        lambda: "mój PAT do pobrania paczki z erecepta-client: §",
        lambda: "GH_TOKEN pro release pipeline: §",
        lambda: "CI'daki GitHub token'ı: § (sadece repo scope)",
    ],
    "github_fine_grained_pat": [
        lambda: code("GITHUB_TOKEN=§", "dotenv"),
        lambda: "fine-grained token tylko do repo coldchain-agent: §",
        lambda: "Fine-grained token pro čtení repa eRecept bridge: §",
        lambda: code('gh auth login --with-token <<< "§"', "bash"),
        lambda: "deploy için fine-grained token: §",
    ],
    "aws_access_key_id": [
        lambda: "AWS_ACCESS_KEY_ID=§ (secret wysłałem na priv)",
        lambda: "Uploader v dataloggeru používá access key §",
        lambda: "soğuk zincir uploader'ı § access key ile çalışıyor",
    ],
    "aws_secret_access_key": [
        lambda: "secret do bucketu z loggerami: §",
        lambda: code("aws_secret_access_key = §", "ini"),
        lambda: "Secret ke klíči pro zálohy: §",
    ],
    "us_ssn": [
        lambda: "for the W-9 of our new US contractor (integration QA) the SSN is §",
        lambda: "PV case from the US affiliate has the patient's SSN § in the narrative – needs redaction before we send it on",
        lambda: code("employee_id,name,ssn,state\nUS-%03d,Miller,§,NJ" % R(1, 300), "csv"),
        lambda: "kontraktor z USA podał swój SSN: § – do formularza W-9",
        lambda: "Americký dodavatel poslal SSN § kvůli daňovému formuláři",
    ],
}


def pem_text(k, layout):
    typ, label, body, width = g_pem(k)
    ls = lines_of(body, width)
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        value = "\n".join(ls)
        text = C(["klucz do podpisu testowego (nie prod!):", "Klíč pro podepisování v testu:", "test imza anahtarı:",
                  "here's the key for the staging signer:"]) + "\n" + code(begin + "\n" + value + "\n" + end)
    elif layout == 1:
        value = "\n    ".join(ls)
        text = code("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\nstringData:\n  tls.key: |\n    %s\n    %s\n    %s" % (
            C(["erecepta-signer", "sukl-bridge-tls", "medula-mtls", "coldchain-gw"]), begin, value, end), "yaml")
    elif layout == 2:
        value = "\\n".join(ls)
        inner = json.dumps({"signer_id": "%s-%d" % (C(["p1-signer", "erecept-signer", "eimza"]), R(1, 99)), "key_format": "pem",
                            "private_key": begin + "\n" + "\n".join(ls) + "\n" + end + "\n"}, indent=2)
        text = C(["konfiguracja podpisu dla środowiska testowego:", "Konfigurace podepisování (test):", "imza servisi test konfigürasyonu:",
                  "signer config for staging:"]) + "\n" + code(inner, "json")
    else:
        value = "\n".join(ls)
        li = R(0, 3)
        text = ["wklejam, bo Vault leży:", "Vault nejede, tak posílám sem:", "Vault çalışmıyor, buraya yapıştırıyorum:", "vault is down so pasting it here:"][li] + \
            "\n" + begin + "\n" + value + "\n" + end + "\n" + ["usunę za 5 min", "smažu za chvíli", "birazdan silerim", "will delete in 5"][li]
    return text, value, "private_key_pem:%s:layout%d" % (typ, layout)


# ---------------------------------------------------------------- multi-secret templates
def m_aws(i):
    kid, sec = g_aws_id(), g_aws_secret()
    t = i % 5
    if t == 0:
        text = code("[coldchain-uploader]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1" % (kid, sec), "ini")
    elif t == 1:
        text = "do testów uploadu z loggerów:\n" + code("export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s" % (kid, sec), "bash")
    elif t == 2:
        text = code('provider "aws" {\n  region     = "eu-central-1"\n  access_key = "%s"\n  secret_key = "%s"\n}' % (kid, sec), "hcl")
    elif t == 3:
        text = code('s3 = boto3.client("s3", aws_access_key_id="%s", aws_secret_access_key="%s")' % (kid, sec), "python")
    else:
        text = "Klíče pro zálohy skladu: access key %s, secret %s – prosím hned přesunout do Vaultu" % (kid, sec)
    return text, [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], "multi:aws_pair:%d" % t


def m_contact(i):
    t = i % 4
    cc = ["PL", "CZ", "TR", "TR"][t]
    em, ph = g_email(cc), g_phone(cc)
    text = [
        "Dane do kontaktu z pacjentką (zgłoszenie działania niepożądanego): e-mail %s, tel. %s" % (em, ph),
        "Kontakt na zákazníka kvůli reklamaci: %s / %s" % (em, ph),
        "Hasta iletişim: %s, telefon %s – yan etki formu eksik" % (em, ph),
        "new pharmacy manager in Izmir, reach her at %s or %s" % (em, ph),
    ][t]
    return text, [("email_address", em), ("phone_number", ph)], "multi:contact:%d" % t


def m_iban_email(i):
    cc = ["PL", "TR"][i % 2]
    ib, em = fmt_iban(g_iban(cc)), g_email(cc)
    text = ["Zwrot proszę na %s, potwierdzenie na %s" % (ib, em), "İade %s hesabına, dekontu %s adresine gönderin" % (ib, em)][i % 2]
    return text, [("iban", ib), ("email_address", em)], "multi:iban_email:%d" % (i % 2)


def m_pw_ip(i):
    ip, pw = g_ipv4(), g_password()
    t = i % 3
    text = [
        "serwer kopii zapasowych apteki: %s, user admin, hasło %s" % (ip, pw),
        "RDP na pokladnu přes %s, uživatel pokladna, heslo %s" % (ip, pw),
        "depo sunucusu %s, kullanıcı depo, şifre %s" % (ip, pw),
    ][t]
    return text, [("ipv4_address", ip), ("password", pw)], "multi:password_ip:%d" % t


def m_url_ip(i):
    ip, pw = g_ipv4(), g_password(url_safe=True)
    t = i % 2
    text = [code("PV_DB_URL=postgresql://pv_reader:%s@%s:5432/pharmacovigilance" % (pw, ip), "dotenv"),
            "replika do raportów: `mysql://raporty:%s@%s:3306/sprzedaz`" % (pw, ip)][t]
    return text, [("url_credentials", pw), ("ipv4_address", ip)], "multi:url_ip:%d" % t


def m_slack(i):
    b, u = g_slack_bot(), g_slack_user()
    t = i % 2
    text = [code("SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s" % (b, u), "dotenv"),
            "bot: %s, a do archiwizacji mój user token %s" % (b, u)][t]
    return text, [("slack_bot_token", b), ("slack_user_token", u)], "multi:slack_pair:%d" % t


def m_card_phone(i):
    cd, ph = g_card(), g_phone("CZ")
    return "Zákazník nadiktoval po telefonu kartu %s, zpětně volat na %s" % (cd, ph), [("credit_card", cd), ("phone_number", ph)], "multi:card_phone:0"


def m_jwt_openai(i):
    j, k = g_jwt(), g_openai()
    return code("loyalty_bot:\n  openai_key: %s\n  service_jwt: %s" % (k, j), "yaml"), [("openai_api_key", k), ("jwt", j)], "multi:jwt_openai:0"


MULTI_PLAN = [(m_aws, 5), (m_contact, 4), (m_iban_email, 2), (m_pw_ip, 3), (m_url_ip, 2), (m_slack, 2), (m_card_phone, 1), (m_jwt_openai, 1)]
SINGLE_PLAN = {"aws_access_key_id": 4, "aws_secret_access_key": 4, "email_address": 4, "phone_number": 5, "iban": 8, "password": 7,
               "ipv4_address": 5, "url_credentials": 8, "slack_bot_token": 7, "slack_user_token": 7, "credit_card": 9, "jwt": 9,
               "openai_api_key": 8, "anthropic_api_key": 9, "github_classic_pat": 9, "github_fine_grained_pat": 9, "private_key_pem": 9,
               "us_ssn": 9}
GEN = {"email_address": g_email, "phone_number": g_phone, "password": g_password, "url_credentials": lambda: g_password(url_safe=True),
       "ipv4_address": g_ipv4, "credit_card": g_card, "jwt": g_jwt, "slack_bot_token": g_slack_bot, "slack_user_token": g_slack_user,
       "openai_api_key": g_openai, "anthropic_api_key": g_anthropic, "github_classic_pat": g_gh_classic, "github_fine_grained_pat": g_gh_fine,
       "aws_access_key_id": g_aws_id, "aws_secret_access_key": g_aws_secret, "us_ssn": g_ssn}
IBAN_CC = ["PL", "CZ", "TR", "PL", "CZ", "TR"]  # by template index
PHONE_CC = ["PL", "CZ", "TR", "US", "PL", "PL"]
EMAIL_CC = ["PL", "CZ", "TR", None, None]


def make_positives():
    recs = []
    for fn, n in MULTI_PLAN:
        for i in range(n):
            text, secrets, ctx = fn(i)
            recs.append((wrap(text, 0.06, 0.03), secrets, ctx))
    for kind, n in SINGLE_PLAN.items():
        for i in range(n):
            if kind == "private_key_pem":
                text, value, ctx = pem_text(i % 4, (i * 3 + i // 4) % 4)
                recs.append((text, [(kind, value)], ctx))
                continue
            tpls = P_SINGLE[kind]
            ti = i % len(tpls)
            if kind == "iban":
                value = fmt_iban(g_iban(IBAN_CC[ti]))
            elif kind == "phone_number":
                value = g_phone(PHONE_CC[ti])
            elif kind == "email_address":
                value = g_email(EMAIL_CC[ti])
            else:
                value = GEN[kind]()
            text = tpls[ti]()
            assert text.count("§") == 1, (kind, ti)
            text = text.replace("§", value)
            recs.append((wrap(text, 0.06, 0.03), [(kind, value)], "%s:t%d" % (kind, ti)))
    rng.shuffle(recs)
    out = []
    for i, (text, secrets, ctx) in enumerate(recs):
        out.append({"id": "h52p-%04d" % (i + 1), "text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return out


def check_positive(kind, v):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"[ -]", "", v)), v
    elif kind == "iban":
        raw = v.replace(" ", "")
        assert iban_mod97(raw), v
        if raw.startswith("PL"):
            sc = raw[4:12]
            assert sum(int(sc[i]) * PL_W[i] for i in range(7)) % 10 == (10 - int(sc[7])) % 10, v
        if raw.startswith("CZ"):
            assert cz_part_ok(raw[8:14]) and cz_part_ok(raw[14:24]), v
        if raw.startswith("TR"):
            assert len(raw) == 26 and raw[9] == "0", v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        assert ip_public(v), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        base64.b64decode(body, validate=True)
    elif kind == "github_classic_pat":
        assert gh_classic_ok(v), v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v) and "EXAMPLE" not in v, v
    elif kind == "aws_secret_access_key":
        assert len(v) == 40, v
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108, v
    elif kind == "openai_api_key":
        assert "T3BlbkFJ" in v, v


# ================================================================ build
CATS = [("data_uri_base64", NEG_DATA_URI), ("placeholder_example", NEG_PLACEHOLDER), ("code_identifier", NEG_CODE_ID),
        ("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_PII_NUM), ("talk_about_secrets", NEG_TALK)]


def make_negatives(report):
    seen = set()
    recs = []
    for cat, tpls in CATS:
        for i in range(100):
            fn = tpls[i % len(tpls)]
            for attempt in range(400):
                if attempt >= 20:
                    fn = C(tpls)
                text = wrap(fn())
                hits = scan(text)
                if hits:
                    for k, v in hits:
                        report.setdefault(k, []).append((cat, fn.__name__, v))
                    continue
                if text in seen:
                    continue
                break
            else:
                raise RuntimeError("could not draw a clean distinct negative for %s" % cat)
            seen.add(text)
            recs.append({"text": text, "category": cat})
    rng.shuffle(recs)
    return [{"id": "h52n-%04d" % (i + 1), "text": r["text"], "category": r["category"]} for i, r in enumerate(recs)]


def main():
    report = {}
    neg = make_negatives(report)
    pos = make_positives()
    # checks
    assert len(neg) == 600 and len({r["text"] for r in neg}) == 600
    for cat, _ in CATS:
        assert sum(1 for r in neg if r["category"] == cat) == 100
    for r in neg:
        assert not scan(r["text"]), r
    assert len(pos) == 150 and len({r["text"] for r in pos}) == 150
    counts = {}
    for r in pos:
        for s in r["secrets"]:
            assert s["value"] in r["text"], (r["id"], s)
            check_positive(s["kind"], s["value"])
            counts[s["kind"]] = counts.get(s["kind"], 0) + 1
    assert sum(counts.values()) == 170
    assert sum(1 for r in pos if len(r["secrets"]) == 1) == 130 and sum(1 for r in pos if len(r["secrets"]) == 2) == 20
    for k in ["email_address", "phone_number", "password", "url_credentials", "ipv4_address", "iban", "credit_card", "jwt"]:
        assert counts[k] == 10, (k, counts[k])
    for k in ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token",
              "slack_user_token", "openai_api_key", "anthropic_api_key", "private_key_pem", "us_ssn"]:
        assert counts[k] == 9, (k, counts[k])
    with open(os.path.join(HERE, "redaction52_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction52_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    print("negatives: %d, positives: %d texts / %d secrets" % (len(neg), len(pos), sum(counts.values())))
    print("scanner rejections while drawing negatives (redrawn):")
    for k in sorted(report):
        ex = report[k][:3]
        print("  %-14s %4d  e.g. %s" % (k, len(report[k]), ["%s/%s: %s" % (c, f, v[:40]) for c, f, v in ex]))
    print("scanner on final negatives: %d hits" % sum(len(scan(r["text"])) for r in neg))
    missed = []
    for r in pos:
        spans = scan_spans(r["text"])
        for s in r["secrets"]:
            if s["kind"] in ("password", "url_credentials", "aws_secret_access_key"):
                continue  # the scanner has no rule for these kinds
            a = r["text"].index(s["value"])
            b = a + len(s["value"])
            if not any(x < b and a < y for _, _, x, y in spans):
                missed.append((r["id"], s["kind"], s["value"][:30]))
    print("positives the built-in scanner does not touch (kinds it has a rule for): %d" % len(missed))
    for m in missed:
        print("  ", m)
    if "--stats" in sys.argv:
        for cat, tpls in CATS:
            ls = [r["text"].count("\n") + 1 for r in neg if r["category"] == cat]
            print("%-22s tpl=%2d lines %d/%d single=%d >=10=%d" % (cat, len({t.__name__ for t in tpls}), min(ls), max(ls),
                                                                     sum(1 for x in ls if x == 1), sum(1 for x in ls if x >= 10)))
        ls = [r["text"].count("\n") + 1 for r in neg]
        print("all: single=%d >=10=%d >=20=%d max=%d" % (sum(1 for x in ls if x == 1), sum(1 for x in ls if x >= 10), sum(1 for x in ls if x >= 20), max(ls)))


if __name__ == "__main__":
    main()
