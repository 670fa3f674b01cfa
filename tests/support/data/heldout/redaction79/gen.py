#!/usr/bin/env python3
"""Blind redaction test set #79.

Theme: the Slack workspace of a veterinary-clinic chain ("Tussock & Fynbos Vets")
and its pet-insurance claims software, operating in Australia, New Zealand and
South Africa.

Standard library only. The only randomness is random.Random(79 * 101).
Writes redaction79_negatives.jsonl and redaction79_positives.jsonl next to
this file, and prints a scanner report.
"""
import base64
import hashlib
import ipaddress
import json
import os
import random
import re
import struct
import sys
import zlib

N = 79
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "redaction%d" % N

# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------
DIG = "0123456789"
HEX = "0123456789abcdef"
UPP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOW = "abcdefghijklmnopqrstuvwxyz"
ALNUM = UPP + LOW + DIG
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def pick(seq):
    return seq[R.randrange(len(seq))]


def ri(a, b):
    return R.randint(a, b)


def rs(alpha, n):
    return "".join(alpha[R.randrange(len(alpha))] for _ in range(n))


def hexs(n):
    return rs(HEX, n)


def digits(n, first_nonzero=True):
    s = rs(DIG, n)
    if first_nonzero and s[0] == "0":
        s = pick("123456789") + s[1:]
    return s


def sample(seq, k):
    return R.sample(list(seq), k)


def chance(p):
    return R.random() < p


def fill(s, **kw):
    for k, v in kw.items():
        s = s.replace("<<" + k + ">>", str(v))
    return s


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64e(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = list(hexs(32))
    h[12] = "4"
    h[16] = pick("89ab")
    h = "".join(h)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7():
    h = list(hexs(32))
    h[0:4] = list("0193")
    h[12] = "7"
    h[16] = pick("89ab")
    h = "".join(h)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return "01J" + rs(CROCK, 23)


def ts_iso(year=None):
    y = year or ri(2024, 2026)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (y, ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999))


def ts_plain():
    return "%04d-%02d-%02d %02d:%02d:%02d" % (ri(2024, 2026), ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59))


def date_au():
    return "%02d/%02d/%04d" % (ri(1, 28), ri(1, 12), ri(2024, 2026))


def date_za():
    return "%04d/%02d/%02d" % (ri(2024, 2026), ri(1, 12), ri(1, 28))


def date_iso():
    return "%04d-%02d-%02d" % (ri(2024, 2026), ri(1, 12), ri(1, 28))


def epoch():
    return ri(1704067200, 1798761600)


def private_ip():
    k = ri(0, 3)
    if k == 0:
        return "10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (ri(0, 255), ri(1, 254))
    return "100.%d.%d.%d" % (ri(64, 127), ri(0, 255), ri(1, 254))


def doc_ip():
    return pick(["192.0.2.", "198.51.100.", "203.0.113."]) + str(ri(1, 254))


def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        v = int(ch)
        if i % 2 == 1:
            v *= 2
            if v > 9:
                v -= 9
        s += v
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(DIG, length - len(prefix) - 1)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def not_luhn(prefix, length):
    while True:
        d = prefix + rs(DIG, length - len(prefix))
        if not luhn_ok(d):
            return d


def iban_mod(s):
    s = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in s)
    return int(num) % 97


def make_iban(cc, bban):
    tmp = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in tmp)
    chk = 98 - int(num) % 97
    return cc + "%02d" % chk + bban


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def base62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = (DIG + UPP + LOW)[r] + out
    return out.rjust(width, "0")


# ---------------------------------------------------------------------------
# real bytes for data URIs
# ---------------------------------------------------------------------------
def _chunk(typ, data):
    return struct.pack(">I", len(data)) + typ + data + struct.pack(">I", zlib.crc32(typ + data) & 0xFFFFFFFF)


def png_bytes(w=None, h=None):
    w = w or pick([1, 2, 4, 8, 12, 16, 24])
    h = h or w
    rgba = (ri(0, 255), ri(0, 255), ri(0, 255), pick([255, 255, 128, 0]))
    raw = b""
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            if (x + y) % pick([2, 3, 5, 7]) == 0 and chance(0.5):
                row += bytes((255 - rgba[0], rgba[1], 255 - rgba[2], 255))
            else:
                row += bytes(rgba)
        raw += row
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")


def gif_bytes():
    r, g, b = ri(0, 255), ri(0, 255), ri(0, 255)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes((r, g, b)) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_head():
    q = bytes(ri(2, 60) for _ in range(64))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + q
            + b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", ri(64, 640), ri(64, 480)) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + b"\xff\xc4\x00\x1f\x00" + rbytes(28))


def pdf_bytes(title):
    body = ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>>endobj\n"
            "4 0 obj<</Length %d>>stream\nBT /F1 12 Tf 72 770 Td (%s) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%%%EOF\n"
            % (len(title) + 30, title))
    return body.encode()


def wav_bytes(n):
    data = bytes(128 + int(60 * ((i % 16) - 8) / 8) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + data)


def webp_bytes():
    vp8l = b"\x2f" + rbytes(ri(14, 30))
    chunk = b"VP8L" + struct.pack("<I", len(vp8l)) + vp8l + (b"\x00" if len(vp8l) % 2 else b"")
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def woff2_head():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">IHH", ri(4000, 40000), ri(9, 16), 0) + rbytes(60)


def ico_bytes():
    p = png_bytes(16, 16)
    return b"\x00\x00\x01\x00\x01\x00\x10\x10\x00\x00\x01\x00\x20\x00" + struct.pack("<II", len(p), 22) + p


def svg_text():
    col = "#%02x%02x%02x" % (ri(0, 255), ri(0, 255), ri(0, 255))
    shape = pick([
        '<circle cx="8" cy="10" r="4"/><circle cx="4" cy="5" r="2"/><circle cx="12" cy="5" r="2"/>',
        '<path d="M2 8h12M8 2v12" stroke-width="2" stroke="%s"/>' % col,
        '<rect x="2" y="2" width="12" height="12" rx="3"/>',
        '<path d="M8 14s-6-3.5-6-8a3 3 0 0 1 6-1 3 3 0 0 1 6 1c0 4.5-6 8-6 8z"/>',
    ])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" fill="%s">%s</svg>' % (col, shape)


def srcmap_b64(src):
    m = {"version": 3, "file": src.rsplit("/", 1)[-1].replace(".tsx", ".js").replace(".ts", ".js"),
         "sources": [src], "names": [pick(["useClaim", "formatZar", "ClaimForm", "parseLab", "kiaOra"])],
         "mappings": ";".join(rs("ACEGIKMOQSUWYacegikmgD", ri(4, 9)) for _ in range(ri(3, 6)))}
    return b64e(json.dumps(m, separators=(",", ":")).encode())


def trunc(s, n):
    if len(s) <= n:
        return s
    return s[:n] + pick(["…", "...", "…[%d more chars]" % (len(s) - n), "... (truncated)"])


# ---------------------------------------------------------------------------
# theme vocabulary
# ---------------------------------------------------------------------------
CLINICS_AU = ["Fremantle", "Newtown", "Ballarat", "Hobart", "Fitzroy", "Toowong", "Glenelg", "Manly"]
CLINICS_NZ = ["Ponsonby", "Riccarton", "Rotorua", "Whanganui", "Petone", "Dunedin North", "Tauranga"]
CLINICS_ZA = ["Stellenbosch", "Durban North", "Umhlanga", "Pretoria East", "Sea Point", "Randburg", "Gqeberha"]
CLINICS = CLINICS_AU + CLINICS_NZ + CLINICS_ZA
CLINIC_CODES = ["AU-FRE", "AU-NEW", "AU-BAL", "AU-HOB", "AU-FTZ", "NZ-PON", "NZ-RIC", "NZ-ROT", "NZ-WHG",
                "NZ-PET", "ZA-STB", "ZA-DBN", "ZA-UMH", "ZA-PTA", "ZA-SPT", "ZA-RBG"]
PETS = ["Biscuit", "Pōhutukawa", "Jaffa", "Tokoloshe", "Mango", "Pip", "Kiwi", "Braai", "Rusks", "Bruno",
        "Nala", "Koha", "Milo", "Tane", "Lekker", "Muffin", "Vegemite", "Boerie", "Mokopuna", "Scout"]
SPECIES = [("canine", "Border Collie"), ("canine", "Boerboel"), ("canine", "Kelpie"), ("feline", "DSH"),
           ("canine", "Huntaway"), ("feline", "Burmese"), ("canine", "Labrador"), ("canine", "Rhodesian Ridgeback"),
           ("lagomorph", "Netherland Dwarf"), ("avian", "Cockatiel"), ("feline", "Ragdoll"), ("canine", "Staffy x")]
SERVICES = ["Tfv.Claims.Api", "Tfv.Claims.Worker", "Tfv.Billing.Api", "Tfv.Lab.Ingest", "Tfv.Pms.Sync",
            "Tfv.Notifications", "Tfv.Portal.Bff"]
CURR = ["AUD", "NZD", "ZAR"]
LEADINS = ["fyi", "FYI:", "Kia ora —", "Mōrena team,", "Sawubona,", "Goeie môre,", "heads up:", "quick one:",
           "eish,", "Howzit all —", "G'day,", "re the claims outage:", "Dankie for looking —", "Kia ora koutou,",
           "Sanibonani,", "ok so", "for the record:", "from the Riccarton PM box:", "Haai,", "morning all,"]
TRAILERS = ["ngiyabonga", "baie dankie!", "ka pai 👍", "cheers", "sharp sharp", "ta", "ngā mihi", "lekker, thanks",
            "🙏", "thoughts?", "kia ora", "siyabonga", "dankie", ":paw_prints:", "lmk"]


def money(cur=None):
    cur = cur or pick(CURR)
    v = ri(1800, 980000) / 100.0
    if cur == "ZAR":
        s = "{:,.2f}".format(v).replace(",", " ").replace(".", ",")
        return "R " + s if chance(0.6) else "R" + s
    if cur == "NZD":
        return pick(["NZ$", "$"]) + "{:,.2f}".format(v)
    return pick(["A$", "$", "AUD "]) + "{:,.2f}".format(v)


def claim_no(cc=None):
    cc = cc or pick(["AU", "NZ", "ZA"])
    return "CLM-%s-%s" % (cc, digits(7, False))


def inv_no(cc=None):
    cc = cc or pick(["AU", "NZ", "ZA"])
    return "INV-%s-%d-%06d" % (cc, ri(2024, 2026), ri(1, 99999))


def microchip():
    pre = pick(["982000", "981020", "956000", "900164", "985112", "036098", "554000", "710000"])
    return not_luhn(pre, 15)


# ---------------------------------------------------------------------------
# scanner (used to redraw negatives; also reported on positives)
# ---------------------------------------------------------------------------
RX_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]*[A-Za-z0-9_%+]@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}(?![\w(])")
RX_GH = re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}")
RX_SLACK = re.compile(r"xox[abposre]-\d+-[A-Za-z0-9\-]+")
RX_SK = re.compile(r"\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}")
RX_OPENAI_MARK = re.compile(r"T3BlbkFJ")
RX_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]{10,}")
RX_SSN = re.compile(r"(?<![\d\-])\d{3}[- ]\d{2}[- ]\d{4}(?![\d\-])")
RX_DIGRUN = re.compile(r"(?<![\d])\d+(?:[ \-]\d+)*(?![\d])")
RX_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}\b")
RX_PEM = re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----(.*?)-----END", re.S)
RX_AWS = re.compile(r"\b(?:AKIA|ASIA|AIDA|AROA)[A-Z0-9]{16}\b")
RX_AWS_SECRET = re.compile(r"(?i)aws.{0,30}secret.{0,20}[=:]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])")
RX_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
RX_PHONE_INTL = re.compile(r"\+\s?(?:61|64|27|1)[\s\-]?\(?0?\)?[\s\-]?\d{1,4}(?:[\s\-]?\d{2,4}){2,3}")
RX_PHONE_NAT = re.compile(r"(?<!\d )(?<!\d-)(?<![\w.:/#\-+])\(?0[1-9]\d{0,2}\)?[ \-]?\d{3,4}[ \-]?\d{3,4}(?![\w\-])")
RX_PHONE_US = re.compile(r"\(\d{3}\)\s?\d{3}-\d{4}")
RX_URLCRED = re.compile(r"[a-z][a-z0-9+.\-]*://[^\s:/@]+:([^\s@/]+)@")


def _digit_windows(m):
    groups = re.split(r"[ \-]", m)
    out = []
    for i in range(len(groups)):
        tot = ""
        for j in range(i, len(groups)):
            tot += groups[j]
            if len(tot) > 19:
                break
            if 13 <= len(tot) <= 19:
                out.append(tot)
    return out


def scan(text, allow_example=True):
    """Return a list of (kind, value) findings."""
    f = []
    for m in RX_EMAIL.finditer(text):
        f.append(("email", m.group(0)))
    for m in RX_GH.finditer(text):
        f.append(("github", m.group(0)))
    for m in RX_SLACK.finditer(text):
        f.append(("slack", m.group(0)))
    for m in RX_SK.finditer(text):
        f.append(("sk_key", m.group(0)))
    for m in RX_OPENAI_MARK.finditer(text):
        f.append(("openai_marker", m.group(0)))
    for m in RX_JWT.finditer(text):
        f.append(("jwt", m.group(0)))
    for m in RX_SSN.finditer(text):
        f.append(("ssn_shape", m.group(0)))
    for m in RX_DIGRUN.finditer(text):
        for w in _digit_windows(m.group(0)):
            if luhn_ok(w) and len(set(w)) > 1:
                f.append(("luhn", w))
    for m in RX_IBAN.finditer(text):
        s = m.group(0).replace(" ", "")
        if 15 <= len(s) <= 34 and s[2:4] not in ("00", "01", "99"):
            try:
                if iban_mod(s) == 1:
                    f.append(("iban", m.group(0)))
            except ValueError:
                pass
    for m in RX_PEM.finditer(text):
        body = re.sub(r"\\n|\s", "", m.group(2))
        body = re.sub(r"^(Proc-Type|DEK-Info)[^\n]*", "", body)
        if "..." not in m.group(2) and "…" not in m.group(2) and re.fullmatch(r"[A-Za-z0-9+/=]{40,}", body or "x"):
            f.append(("pem", body[:20]))
    for m in RX_AWS.finditer(text):
        if not (allow_example and "EXAMPLE" in m.group(0)):
            f.append(("aws_key_id", m.group(0)))
    for m in RX_AWS_SECRET.finditer(text):
        if not (allow_example and "EXAMPLE" in m.group(1)):
            f.append(("aws_secret", m.group(1)))
    for m in RX_IP.finditer(text):
        octs = [int(x) for x in m.groups()]
        if max(octs) <= 255:
            ip = ipaddress.ip_address(".".join(str(o) for o in octs))
            if ip.is_global and not ip.is_multicast:
                f.append(("public_ipv4", m.group(0)))
    for rx in (RX_PHONE_INTL, RX_PHONE_NAT, RX_PHONE_US):
        for m in rx.finditer(text):
            d = re.sub(r"\D", "", m.group(0))
            if 9 <= len(d) <= 12:
                f.append(("phone", m.group(0)))
    for m in RX_URLCRED.finditer(text):
        pw = m.group(1)
        if not re.fullmatch(r"(?i)(password|pass|pw|changeme|postgres|guest|admin|root|secret|test|dev|local|example|\$\{?[A-Z_]+\}?|<[^>]*>|\*+|x+|\.\.\.|…|\{\{[^}]*\}\}|%[A-Z_]+%|\$\([A-Za-z_]+\))", pw):
            f.append(("url_credentials", pw))
    return f


# ---------------------------------------------------------------------------
# NEGATIVES: data_uri_base64
# ---------------------------------------------------------------------------
def _img_uri():
    k = ri(0, 5)
    if k <= 2:
        return "data:image/png;base64," + b64e(png_bytes())
    if k == 3:
        return "data:image/gif;base64," + b64e(gif_bytes())
    if k == 4:
        return "data:image/svg+xml;base64," + b64e(svg_text().encode())
    return "data:image/webp;base64," + b64e(webp_bytes())


def du_css():
    sel = pick([".claim-status--approved::before", ".tfv-logo", ".paw-icon", ".btn-upload-invoice", ".lab-flag-high",
                ".kiwi-badge", ".rand-badge", ".clinic-pin"])
    uri = _img_uri()
    lines = ["```css", sel + " {", '  background-image: url("%s");' % uri, "  background-size: %dpx;" % pick([12, 16, 20, 24]),
             "}", "```"]
    if chance(0.5):
        lines.insert(0, pick(["inlined the icon so the claims portal stops 404ing behind the CDN:",
                              "this is what the build spits out for the paw icon now",
                              "ek het die ikoon ingebed, kyk:", "the portal CSS after vite inlined it:"]))
    return "\n".join(lines)


def du_sig_html():
    clinic = pick(CLINICS)
    uri = "data:image/png;base64," + b64e(png_bytes(pick([8, 12, 16])))
    return "\n".join(["email footer template for the %s clinic, no personal bits in it:" % clinic, "```html",
                      '<table role="presentation"><tr>',
                      '  <td><img src="%s" width="32" height="32" alt="Tussock &amp; Fynbos Vets"></td>' % uri,
                      "  <td style=\"font:12px Arial\">Tussock &amp; Fynbos Vets — %s<br>Aroha for animals since 1998</td>" % clinic,
                      "</tr></table>", "```"])


def du_claim_json():
    title = pick(["Vet invoice", "Claim form", "Lab report", "Itemised account", "Rekening", "Pro forma"])
    pdf = b64e(pdf_bytes("%s %s" % (title, claim_no())))
    obj = {"claimId": uuid4(), "clinic": pick(CLINIC_CODES), "attachment": {"fileName": "%s.pdf" % title.lower().replace(" ", "-"),
           "mimeType": "application/pdf", "content": "data:application/pdf;base64," + (pdf if chance(0.5) else trunc(pdf, 120))}}
    s = json.dumps(obj, ensure_ascii=False, indent=pick([None, 2]))
    pre = pick(["payload that the claims API rejected with 413:", "request body from the failing upload (Umhlanga):",
                "sample attachment from the PMS export", "dis die payload wat misluk:"])
    return pre + "\n```json\n" + s + "\n```"


def du_csharp_fixture():
    png = b64e(png_bytes(pick([1, 2, 4])))
    name = pick(["TinyPawPng", "OnePixelPng", "PlaceholderXrayThumb", "EmptyLogoPng"])
    return fill("""```csharp
public static class AttachmentFixtures
{
    // 1x1 / tiny images used by ClaimAttachmentValidatorTests
    public const string <<name>> = "<<png>>";
    public const string <<name>>DataUri = "data:image/png;base64," + <<name>>;
    public const string EmptyPdf = "<<pdf>>";
}
```""", name=name, png=png, pdf=b64e(pdf_bytes("empty")))


def du_razor_svg():
    svg = b64e(svg_text().encode())
    return fill("""```razor
@* Components/ClaimStatusBadge.razor *@
<span class="badge badge-@Status.ToString().ToLowerInvariant()">
    <img src="data:image/svg+xml;base64,<<svg>>" alt="" aria-hidden="true" />
    @Status
</span>
```""", svg=svg)


def du_markdown():
    return pick(["claims portal README now shows the status legend inline: ",
                 "Added to the wiki (Ka pai, no more broken image links): ",
                 ""]) + "![%s](%s)" % (pick(["paw", "approved", "declined", "pending"]), _img_uri())


def du_jupyter():
    png = b64e(png_bytes(pick([8, 12, 16, 24])))
    return "\n".join(["from the claims-per-clinic notebook (cell 14 output):", "```json",
                      "{", '  "output_type": "display_data",', '  "data": {',
                      '   "image/png": "%s",' % png, '   "text/plain": ["<Figure size 640x480 with 1 Axes>"]',
                      "  }", "}", "```"][ri(0, 1):])


def du_csp():
    uri = "data:image/gif;base64," + b64e(gif_bytes())
    return ("Console on the portal (Chrome): Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.tfvets.invalid\"." % uri)


def du_fontface():
    w2 = b64e(woff2_head())
    return fill("""```css
@font-face {
  font-family: "Tfv Sans";
  src: url("data:font/woff2;base64,<<w2>>") format("woff2");
  font-display: swap;
}
```
<<note>>""", w2=trunc(w2, ri(70, 110)), note=pick(["(truncated, the real one is ~38 KB)", "font inlined for the offline claim form",
                                                 "macrons in Ōtautahi render fine now", ""])).rstrip()


def du_sourcemap():
    src = pick(["src/claims/ClaimForm.tsx", "src/lab/ResultTable.tsx", "src/billing/formatCurrency.ts",
                "src/i18n/mi-NZ.ts", "src/i18n/af-ZA.ts", "src/i18n/zu-ZA.ts"])
    sm = srcmap_b64(src)
    js = "\"use strict\";var %s=function(e){return e.toFixed(2)};" % pick(["a", "t", "n", "r"])
    return "last two lines of the portal bundle:\n```js\n%s\n//# sourceMappingURL=data:application/json;base64,%s\n```" % (js, sm)


def du_shell_decode():
    b = png_bytes(pick([8, 16]))
    s = b64e(b)
    w = struct.unpack(">I", b[16:20])[0]
    return "\n".join(["```", "$ echo '%s' | base64 -d > paw.png" % s, "$ file paw.png",
                      "paw.png: PNG image data, %d x %d, 8-bit/color RGBA, non-interlaced" % (w, w), "```"])


def du_pg_thumbs():
    rows = []
    for _ in range(ri(2, 5)):
        rows.append(" %7d | %-10s | %s" % (ri(10000, 999999), pick(PETS), trunc(b64e(png_bytes(4)), 60)))
    return "\n".join(["```", "vetpm=> SELECT patient_id, name, encode(thumbnail, 'base64') FROM patient_photos LIMIT %d;" % len(rows),
                      " patient_id |    name    | encode", "------------+------------+--------"] + rows +
                     ["(%d rows)" % len(rows), "```"])


def du_pg_bytea():
    b = png_bytes(2)
    return ("in Postgres the thumbnail is bytea, psql shows it as hex: `\\x%s` — the portal wants "
            "`data:image/png;base64,%s`, so we need encode(thumbnail,'base64') in the view") % (b[:24].hex(), b64e(b))


def du_wav():
    w = b64e(wav_bytes(ri(24, 48)))
    return pick(["the stethoscope demo fixture is just a sawtooth, not a real heartbeat:\n",
                 "audio sample for the murmur-grading test:\n", ""]) + "`data:audio/wav;base64,%s`" % w


def du_python_fixture():
    pdf = b64e(pdf_bytes("LabLink result " + digits(8)))
    return fill('''```python
# tests/lab_ingest/test_pdf_parse.py
import base64

SAMPLE_REPORT = (
    "data:application/pdf;base64,"
    "<<pdf>>"
)

def test_parse_header():
    raw = base64.b64decode(SAMPLE_REPORT.split(",", 1)[1])
    assert raw.startswith(b"%PDF-1.4")
```''', pdf=pdf)


def du_har():
    uri = _img_uri()
    return ('{"startedDateTime":"%s","request":{"method":"GET","url":"%s"},"response":{"status":200,"content":{"size":%d,"mimeType":"%s"}}}'
            % (ts_iso(), uri, ri(60, 400), uri[5:uri.index(";")]))


def du_lang_prose():
    uri = _img_uri()
    return pick([
        "Hierdie is die nuwe logo vir die Stellenbosch kliniek, ingebed as data URI: %s",
        "Anei te tohu hou mō te tomokanga kerēme (claims portal icon): %s",
        "Nansi i-icon entsha ye-portal: %s — ngicela nibheke ukuthi iyavela yini ku-Safari",
        "Die PDF-ikoon op die eisvorm is nou %s, geen ekstra versoek nie",
    ]) % uri


def du_xml_export():
    jp = b64e(jpeg_head())
    return fill("""```xml
<PatientRecord id="<<pid>>" clinic="<<cc>>">
  <Name><<pet>></Name>
  <Species><<sp>></Species>
  <Attachment type="image/jpeg" encoding="base64" name="rad_lateral_thorax.jpg"><<jp>></Attachment>
</PatientRecord>
```""", pid=ri(100000, 999999), cc=pick(CLINIC_CODES), pet=pick(PETS), sp=pick(SPECIES)[1], jp=trunc(jp, ri(80, 140)))


def du_yaml_helm():
    ico = b64e(ico_bytes())
    return "\n".join(["```yaml", "portal:", "  branding:", "    title: \"Tussock & Fynbos — Claims\"",
                      "    favicon: \"data:image/x-icon;base64,%s\"" % trunc(ico, ri(90, 160)), "    themeColour: \"#%s\"" % hexs(6), "```"])


def du_js_placeholder():
    g = b64e(gif_bytes())
    return pick(["`const BLANK = \"data:image/gif;base64,%s\";` is only the lazy-load placeholder for pet photos",
                 "```ts\nexport const blurDataURL = \"data:image/gif;base64,%s\";\n```"]) % g


def du_size_talk():
    pdf = b64e(pdf_bytes(claim_no()))
    return ("why is invoice_attachments 11 GB? every row stores `data:application/pdf;base64,%s` [%d more chars] "
            "instead of a blob key. Eish.") % (pdf[:ri(40, 70)], ri(90000, 900000))


def du_dotnet_log():
    uri = _img_uri()
    return "\n".join(["```",
                      "info: Tfv.Claims.Api.Controllers.AttachmentsController[0]",
                      "      Received attachment for claim %s (%s): %s" % (claim_no(), pick(CLINIC_CODES), trunc(uri, ri(60, 100))),
                      "warn: Tfv.Claims.Api.Validation.AttachmentValidator[1002]",
                      "      Attachment is an inline data URI, expected multipart upload; accepting for legacy PMS",
                      "```"])


def du_csv():
    lines = ["species_code,label_en,label_mi,label_af,icon"]
    for sp, en, mi, af in [("CAN", "Dog", "Kurī", "Hond"), ("FEL", "Cat", "Ngeru", "Kat"), ("LAG", "Rabbit", "Rāpeti", "Haas"),
                           ("AVI", "Bird", "Manu", "Voël"), ("EQU", "Horse", "Hōiho", "Perd")][:ri(2, 5)]:
        lines.append("%s,%s,%s,%s,data:image/png;base64,%s" % (sp, en, mi, af, b64e(png_bytes(pick([1, 2])))))
    return "species lookup we import into the PMS:\n```csv\n" + "\n".join(lines) + "\n```"


def du_svg_pct():
    svg = svg_text()
    enc = svg.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    return "no base64 needed for the marker icon: `url(\"data:image/svg+xml,%s\")`" % enc


def du_email_mime():
    b = b64e(png_bytes(pick([2, 4, 8])))
    body = [b[i:i + 76] for i in range(0, len(b), 76)]
    return "\n".join(["raw MIME of the automated claim-received email (logo part only):", "```",
                      "--=_tfv_%s" % hexs(16), "Content-Type: image/png; name=\"logo.png\"", "Content-Transfer-Encoding: base64",
                      "Content-ID: <logo@tfvets>", ""] + body + ["--=_tfv_%s--" % hexs(16), "```"])


def du_pdf_short():
    pdf = b64e(pdf_bytes("Eisvorm / Claim form"))
    return "the claim-form PDF starts with `%s` — JVBERi0 is just `%%PDF-` in base64, not a key" % trunc("data:application/pdf;base64," + pdf, ri(50, 90))


def du_ts_test():
    uri = _img_uri()
    return fill("""```ts
it("rejects data URIs over 2 MB", async () => {
  const small = "<<uri>>";
  expect(await validateAttachment(small)).toEqual({ ok: true });
  expect(await validateAttachment(small.repeat(200_000))).toEqual({ ok: false, reason: "too_large" });
});
```""", uri=uri)


def du_long_bundle():
    lines = ["```css", "/* generated: claims-portal/icons.css */"]
    for name in sample(["approved", "declined", "pending", "paid", "info", "lab", "xray", "vaccine", "dental", "microchip",
                        "ultrasound", "surgery"], ri(3, 8)):
        lines.append(".icon-%s{background:url(data:image/png;base64,%s) no-repeat}" % (name, b64e(png_bytes(pick([1, 2, 4])))))
    lines.append("```")
    return "\n".join(lines)


DATA_URI_TEMPLATES = [du_css, du_sig_html, du_claim_json, du_csharp_fixture, du_razor_svg, du_markdown, du_jupyter, du_csp,
                      du_fontface, du_sourcemap, du_shell_decode, du_pg_thumbs, du_pg_bytea, du_wav, du_python_fixture, du_har,
                      du_lang_prose, du_xml_export, du_yaml_helm, du_js_placeholder, du_size_talk, du_dotnet_log, du_csv,
                      du_svg_pct, du_email_mime, du_pdf_short, du_ts_test, du_long_bundle]


# ---------------------------------------------------------------------------
# NEGATIVES: placeholder_example
# ---------------------------------------------------------------------------
def ph_appsettings():
    ph = pick(["<set-in-key-vault>", "__CLAIMS_DB_PASSWORD__", "#{ClaimsDbPassword}#", "${CLAIMS_DB_PASSWORD}", "", "[REDACTED]", "***"])
    return fill("""```json
{
  "ConnectionStrings": {
    "ClaimsDb": "Host=<<host>>;Port=5432;Database=claims;Username=claims_app;Password=<<ph>>;SSL Mode=Require",
    "VetPm": "Host=localhost;Database=vetpm_dev;Username=postgres;Password=postgres"
  },
  "Slack": { "BotToken": "<<slack>>", "AlertsChannel": "#claims-alerts" },
  "OpenAI": { "ApiKey": "<<oa>>" }
}
```""", host=pick(["localhost", "pg-claims", "claims-db.internal", private_ip()]), ph=ph,
                slack=pick(["xoxb-your-bot-token", "<xoxb-…>", "", "xoxb-REPLACE-ME", "@Microsoft.KeyVault(SecretUri=https://kv-tfv-claims.vault.azure.net/secrets/slack-bot-token/)"]),
                oa=pick(["sk-...", "sk-proj-…", "<openai-key>", "YOUR_OPENAI_API_KEY", ""]))


def ph_env_example():
    lines = ["# .env.example — copy to .env, never commit the real one",
             "ASPNETCORE_ENVIRONMENT=Development",
             "CLAIMS_DB_PASSWORD=" + pick(["", "changeme", "<ask-in-#claims-dev>"]),
             "OPENAI_API_KEY=" + pick(["sk-...", "sk-proj-xxxxxxxx", "your-key-here"]),
             "ANTHROPIC_API_KEY=" + pick(["sk-ant-api03-...", "sk-ant-…", "<anthropic-key>"]),
             "SLACK_BOT_TOKEN=" + pick(["xoxb-your-bot-token", "xoxb-…", "xoxb-XXXXXXXX"]),
             "AWS_ACCESS_KEY_ID=" + pick(["AKIA...", "AKIAIOSFODNN7EXAMPLE", "<access-key-id>"]),
             "AWS_SECRET_ACCESS_KEY=" + pick(["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "<secret>", "..."]),
             "AWS_REGION=" + pick(["ap-southeast-2", "af-south-1", "ap-southeast-6"]),
             "LABLINK_SFTP_KEY_PATH=./secrets/lablink_ed25519   # path only"]
    return "```dotenv\n" + "\n".join(lines[:ri(4, len(lines))]) + "\n```"


def ph_compose():
    return fill("""```yaml
services:
  db:
    image: postgres:<<v>>
    environment:
      POSTGRES_USER: postgres
      POSTGRES_PASSWORD: <<pw>>
      POSTGRES_DB: claims
    ports: ["5432:5432"]<<tail>>
```""", tail=pick(["", '\n  claims-api:\n    build: ./src/Tfv.Claims.Api\n    environment:\n      ConnectionStrings__ClaimsDb: "Host=db;Database=claims;Username=postgres;Password=<<pw>>"']),
                v=pick(["16.4", "16-alpine", "15.8", "17.0"]), pw=pick(["postgres", "changeme", "example"]))


def ph_gha():
    return fill("""```yaml
- name: Run migrations
  env:
    PGPASSWORD: ${{ secrets.CLAIMS_DB_PASSWORD }}
    SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}
  run: |
    dotnet ef database update --project src/Tfv.Claims.Infrastructure \\
      --connection "Host=${{ vars.PGHOST }};Database=claims;Username=${{ vars.PGUSER }};Password=$PGPASSWORD"
```""")


def ph_azdo():
    return pick(["in Azure Pipelines it's `$(ClaimsDbPassword)`, marked secret, so the log shows `***`",
                 "the release variable is `$(LabLinkSftpPassword)` — if you see the literal `$(LabLinkSftpPassword)` in the log the group isn't linked",
                 "`Password=$(ZaClaimsDbPassword)` ends up as `Password=***` in the task output, that's expected"])


def ph_helm():
    return fill("""```yaml
apiVersion: v1
kind: Secret
metadata:
  name: claims-api
type: Opaque
stringData:
  ConnectionStrings__ClaimsDb: "Host={{ .Values.db.host }};Database=claims;Username={{ .Values.db.user }};Password={{ .Values.db.password }}"
  Slack__BotToken: {{ .Values.slack.botToken | quote }}
  OpenAI__ApiKey: {{ required "openai.apiKey is required" .Values.openai.apiKey | quote }}
```""")


def ph_claim_form():
    cc = pick(["AU", "NZ", "ZA"])
    phone = {"AU": "+61 4XX XXX XXX", "NZ": "+64 2X XXX XXXX", "ZA": "+27 XX XXX XXXX"}[cc]
    ident = {"AU": "Medicare no.: not required", "NZ": "IRD number: not required", "ZA": "ID number: YYMMDD SSSS C A Z"}[cc]
    return "\n".join(["blank claim form layout for %s (from the print template):" % cc, "```",
                      "PET INSURANCE CLAIM — PART A (policyholder)",
                      "Policy number:  %s-________" % pick(["POL", "WPC", "UMH"]),
                      "Full name:      ______________________",
                      "Mobile:         %s" % phone,
                      "Email:          ______________@__________",
                      ident,
                      "Card for excess: xxxx xxxx xxxx %s   (last four only)" % digits(4, False),
                      "PART B (treating vet) — clinic stamp here",
                      "Microchip:      ___ ___ ___ ___ ___ (15 digits)", "```"][:pick([7, 9, 12])] + ["```"]).replace("```\n```", "```")


def ph_redacted_log():
    cc = pick(CLINIC_CODES)
    return "\n".join(["```",
                      "%s INF Policyholder updated {PolicyholderId} email=[REDACTED] phone=[REDACTED] clinic=%s" % (ts_plain(), cc),
                      "%s INF Npgsql connection opened: Host=pg-claims;Database=claims;Username=claims_app;Password=*****" % ts_plain(),
                      "%s WRN Card captured for excess: **** **** **** %s (token stored, PAN not retained)" % (ts_plain(), digits(4, False)),
                      "```"])


def ph_aws_doc():
    return pick([
        "the unit test uses AWS's documented example keys (`AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`) against LocalStack, nothing real",
        "```csharp\nvar creds = new BasicAWSCredentials(\"AKIAIOSFODNN7EXAMPLE\", \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\");\nvar s3 = new AmazonS3Client(creds, new AmazonS3Config { ServiceURL = \"http://localhost:4566\", ForcePathStyle = true });\n```",
        "```ini\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = af-south-1\n```\n(that's the sample from the AWS docs, for the localstack profile)",
    ])


def ph_ssn_mask():
    return pick([
        "US locum onboarding form: SSN field shows `XXX-XX-XXXX` until payroll unlocks it, we never see it in Slack",
        "the W-9 template has `SSN: ___-__-____` and we only store the last four as `***-**-%s`" % digits(4, False),
        "Ons hou nie die Amerikaanse SSN nie, net `XXX-XX-XXXX` in die vorm se voorbeeld.",
    ])


def ph_iban_mask():
    return pick([
        "supplier bank form example: `IBAN: GB00 XXXX 0000 0000 0000 00` — fill in the real one in Xero, not here",
        "for the Mauritius reinsurer the template says `MU00 BANK 0000 0000 0000 0000 000M UR`",
        "the validator rejects `DE00 0000 0000 0000 0000 00` (check digits 00 are never valid) — good",
        "IBAN placeholder in the EU supplier onboarding sheet: `NL00 BANK 0123 4567 89` (not a real account)",
    ])


def ph_pem_dots():
    kind = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY"])
    return "\n".join(["format the LabLink SFTP key secret like this (body elided):", "```",
                      "-----BEGIN %s-----" % kind, pick(["MIIEv...", "b3BlbnNzaC1rZXktdjEAAAAA...", "...", "<base64 body>", "MHcCAQEE…"]),
                      "-----END %s-----" % kind, "```"])


def ph_user_secrets():
    return pick([
        '`dotnet user-secrets set "ConnectionStrings:ClaimsDb" "Host=localhost;Database=claims;Username=postgres;Password=<your-local-pw>"`',
        '`dotnet user-secrets set "Anthropic:ApiKey" "sk-ant-api03-..."` then `dotnet user-secrets list` should show it (don\'t paste the output here)',
        '`dotnet user-secrets set "Slack:BotToken" "<xoxb-from-1password>" --project src/Tfv.Notifications`',
    ])


def ph_dsn():
    return pick([
        "connection string format for the reporting replica: `postgresql://USER:PASSWORD@HOST:5432/claims?sslmode=require`",
        "`psql \"postgres://postgres:postgres@localhost:5432/vetpm_dev\"` works in the devcontainer, default creds",
        "RabbitMQ locally is `amqp://guest:guest@localhost:5672/` like always",
        "redis: `redis://:${REDIS_PASSWORD}@localhost:6379/0` — env var, not inline",
        "template: `Host=<host>;Database=<db>;Username=<user>;Password=<password>`",
    ])


def ph_pgpass():
    return "\n".join(["~/.pgpass format, one line per server (chmod 600):", "```",
                      "hostname:port:database:username:password", "localhost:5432:claims:postgres:postgres",
                      "*:5432:*:claims_readonly:<from-1password>", "```"])


def ph_terraform():
    return fill("""```hcl
variable "claims_db_password" {
  type      = string
  sensitive = true
}

resource "azurerm_postgresql_flexible_server" "claims_<<cc>>" {
  name                   = "pg-tfv-claims-<<cc>>"
  administrator_login    = "tfvadmin"
  administrator_password = var.claims_db_password
}
```
plan output shows `administrator_password = (sensitive value)`""", cc=pick(["au", "nz", "za"]))


def ph_microchip():
    return pick([
        "microchip field placeholder is `956000XXXXXXXXX`; the validator only checks 15 digits + ISO manufacturer prefix",
        "Mikroskyfie-nommer: `___ ___ ___ ___ ___` (15 syfers) — dis die vorm se plekhouer",
        "`chip: \"000000000000000\"` is what the PMS writes when no chip was scanned, filter those out",
    ])


def ph_webhook():
    return "the sample in the docs is `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`, ours lives in Key Vault as `slack-claims-webhook`"


def ph_template_email():
    lang = ri(0, 3)
    body = [
        ["Kia ora {{owner.first_name}},", "Your claim {{claim.number}} for {{pet.name}} has been {{claim.status}}.",
         "Questions? Call {{clinic.phone}} or reply to {{clinic.email}}.", "Ngā mihi, the Tussock & Fynbos team"],
        ["Beste {{eienaar.voornaam}},", "U eis {{eis.nommer}} vir {{troeteldier.naam}} is {{eis.status}}.",
         "Vrae? Skakel {{kliniek.telefoon}} of e-pos {{kliniek.epos}}.", "Vriendelike groete"],
        ["Sawubona {{owner.first_name}},", "Isicelo sakho {{claim.number}} sika-{{pet.name}} si{{claim.status}}.",
         "Shayela {{clinic.phone}} uma unemibuzo.", "Siyabonga"],
        ["Hi {{ owner.first_name }},", "We've paid {{ claim.amount | currency: 'AUD' }} into account ending {{ payout.last4 }}.",
         "Card on file: {{ card.masked }}", "Cheers, Claims team"],
    ][lang]
    return "notification template (Liquid), variables only:\n```\n" + "\n".join(body) + "\n```"


def ph_k8s_b64():
    return "\n".join(["```yaml", "apiVersion: v1", "kind: Secret", "metadata: {name: lablink-sftp}", "data:",
                      "  username: %s" % b64e(b"lablink_ingest"), "  password: <base64-encoded-password>",
                      "  private_key: <base64 of the PEM, see runbook>", "```"])


def ph_phone_mask():
    return pick([
        "phone input masks per locale: AU `(0X) XXXX XXXX` / `04XX XXX XXX`, NZ `0XX XXX XXXX`, ZA `0XX XXX XXXX`",
        "the SMS provider wants E.164, e.g. `+61XXXXXXXXX`, `+64XXXXXXXX`, `+27XXXXXXXXX` — we normalise before save",
        "Die telefoonveld se voorbeeld is `+27 (0)XX XXX XXXX`, nie 'n regte nommer nie",
    ])


def ph_stripe():
    return pick([
        "payments config uses `sk_test_…` locally and `sk_live_…` only in Key Vault",
        "card-on-file tokens look like `pm_…`; we never see the PAN, the form shows `•••• %s`" % digits(4, False),
        "for the ZA gateway sandbox the merchant key is literally `<merchant-key>` in the docs",
    ])


def ph_jwt_ph():
    return pick([
        "`curl -H \"Authorization: Bearer <jwt>\" https://claims-api.tfvets.invalid/v1/claims/%s`" % uuid4(),
        "token in the header starts with `eyJhbGciOi...` (truncated) — that's expected for the portal session",
        "`Authorization: Bearer $ACCESS_TOKEN` where ACCESS_TOKEN comes from `az account get-access-token`",
    ])


def ph_gh():
    return pick([
        "NuGet.config for GitHub Packages: `<add key=\"ClearTextPassword\" value=\"%GITHUB_TOKEN%\" />` — the env var, not a PAT",
        "if you see `ghp_…` or `github_pat_…` anywhere in #claims-dev, rotate it and tell us",
        "`export GH_TOKEN=ghp_xxxx` in the README is just an example, use `gh auth login`",
    ])


def ph_ids():
    return pick([
        "ZA ID format in the KYC spec: `YYMMDD SSSS C A Z` (13 digits) — we don't collect it for pet claims",
        "NZ IRD example in the form help text: `XXX-XXX-XXX`",
        "AU TFN: we never ask for it; the field is `[not collected]`",
    ])


def ph_ef_default():
    return fill("""```csharp
protected override void OnConfiguring(DbContextOptionsBuilder options)
{
    if (!options.IsConfigured)
        // design-time only, matches docker-compose defaults
        options.UseNpgsql("Host=localhost;Database=<<db>>;Username=postgres;Password=postgres");
}
```""", db=pick(["claims", "vetpm_dev", "billing_dev"]))


def ph_dotnet_secret_missing():
    return "\n".join(["```",
                      "Unhandled exception. System.InvalidOperationException: Configuration value 'Anthropic:ApiKey' is '<placeholder>'. Set it with dotnet user-secrets or the ANTHROPIC__APIKEY env var.",
                      "   at Tfv.Claims.Summaries.AnthropicOptionsValidator.Validate(String name, AnthropicOptions options)",
                      "   at Microsoft.Extensions.Options.OptionsFactory`1.Create(String name)", "```"])


PLACEHOLDER_TEMPLATES = [ph_appsettings, ph_env_example, ph_compose, ph_gha, ph_azdo, ph_helm, ph_claim_form, ph_redacted_log,
                         ph_aws_doc, ph_ssn_mask, ph_iban_mask, ph_pem_dots, ph_user_secrets, ph_dsn, ph_pgpass, ph_terraform,
                         ph_microchip, ph_webhook, ph_template_email, ph_k8s_b64, ph_phone_mask, ph_stripe, ph_jwt_ph, ph_gh,
                         ph_ids, ph_ef_default, ph_dotnet_secret_missing]


# ---------------------------------------------------------------------------
# NEGATIVES: code_identifier
# ---------------------------------------------------------------------------
W_SEC = ["Secret", "Token", "Password", "Iban", "Ssn", "Email", "Phone", "Card", "Pan", "Credential", "ApiKey", "Otp",
         "Microchip", "BankAccount", "Payout", "Policyholder", "Kyc", "Consent"]
W_GEN = ["Validator", "Resolver", "Provider", "Handler", "Service", "Repository", "Factory", "Mapper", "Masker", "Normaliser",
         "Store", "Cache", "Options", "Policy", "Command", "Query", "Projection", "Rotator"]
W_VERB = ["Validate", "Resolve", "Mask", "Normalise", "Rotate", "Load", "Persist", "Hash", "Redact", "Encrypt", "Lookup", "Verify"]
NS = ["Tfv.Claims.Domain", "Tfv.Claims.Application", "Tfv.Claims.Infrastructure", "Tfv.Billing.Payouts", "Tfv.Pms.Sync.Import",
      "Tfv.Lab.Ingest.Hl7", "Tfv.Notifications.Sms", "Tfv.Portal.Bff.Auth"]


def cid_cls():
    return pick(W_SEC) + pick(W_SEC + [""]) + pick(W_GEN)


def cid_meth():
    return pick(W_VERB) + pick(W_SEC) + pick(["", "Async", "Hash", "LastFour", "E164", "Checksum"]) + pick(["Async", ""])


def ci_dotnet_trace():
    n = pick([1, 1, 2, 2, 3, 4, 5, 8, 14, 20])
    lines = ["```", "fail: Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware[1]",
             "      An unhandled exception has occurred while executing the request.",
             "      %s.%sException: %s" % (pick(NS), pick(W_SEC) + pick(["Validation", "Rotation", "Lookup"]),
                                            pick(["checksum mismatch", "policyholder not found", "bank details incomplete", "token store unavailable"]))]
    for _ in range(n):
        lines.append("         at %s.%s.%s(%s)" % (pick(NS), cid_cls(), cid_meth(), pick(["", "CancellationToken ct", "Guid policyholderId, CancellationToken ct", "String value"])))
        if chance(0.25):
            lines.append("         at %s.%s.<%s>d__%d.MoveNext()" % (pick(NS), cid_cls(), cid_meth(), ri(1, 40)))
    lines += ["         at Npgsql.NpgsqlConnector.ReadMessageLong(Boolean async, DataRowLoadingMode dataRowLoadingMode, Boolean readingNotifications, Boolean isReadingPrependedMessage)",
              "         at Microsoft.EntityFrameworkCore.Storage.RelationalCommand.ExecuteReaderAsync(RelationalCommandParameterObject parameterObject, CancellationToken cancellationToken)"][:ri(0, 2)] + ["```"]
    return "\n".join(lines)


def ci_ef_migrations():
    names = ["AddPolicyholderEmailVerificationTokenTable", "AddOwnerPhoneE164Column", "HashBankAccountNumber", "DropPlaintextIbanColumn",
             "AddMicrochipNumberUniqueIndex", "AddCardLastFourToPayments", "RenameSsnToUsTaxIdLastFour", "AddPasswordResetTokenExpiry",
             "AddKycConsentAudit", "AddLabResultAccessionIndex", "SplitOwnerContactIntoTable", "AddSlackAlertSecretName"]
    out = ["```", "$ dotnet ef migrations list --project src/Tfv.Claims.Infrastructure"]
    for nm in sample(names, ri(2, 7)):
        while True:
            stamp = "%04d%02d%02d%02d%02d%02d" % (ri(2023, 2026), ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59))
            if not luhn_ok(stamp):
                break
        out.append("%s_%s%s" % (stamp, nm, pick(["", "", " (Pending)"])))
    out.append("```")
    return "\n".join(out)


def ci_sql_ddl():
    cols = ["owner_email_normalized_hash bytea", "owner_phone_e164_hash bytea", "microchip_number char(15)", "card_last_four char(4)",
            "password_reset_token_hash text", "iban_country char(2)", "bank_account_token uuid", "us_ssn_last_four char(4)",
            "api_key_prefix varchar(12)", "slack_secret_name text", "za_id_number_encrypted bytea", "ird_number_present boolean"]
    c = sample(cols, ri(2, 5))
    return ("```sql\nCREATE TABLE claims.policyholder_contact (\n    policyholder_id uuid PRIMARY KEY REFERENCES claims.policyholder(id),\n    "
            + ",\n    ".join(c) + ",\n    updated_at timestamptz NOT NULL DEFAULT now()\n);\nCREATE INDEX ix_policyholder_contact_%s ON claims.policyholder_contact (%s);\n```"
            % (c[0].split()[0], c[0].split()[0]))


def ci_psql_d():
    rows = sample([("id", "uuid"), ("owner_email_hash", "bytea"), ("owner_phone_hash", "bytea"), ("card_token", "text"),
                   ("iban_masked", "text"), ("microchip_number", "character(15)"), ("password_changed_at", "timestamp with time zone"),
                   ("api_key_last_four", "character(4)"), ("ssn_last_four", "character(4)")], ri(2, 3))
    out = ["```", "claims=> \\d claims.payout_account", "              Table \"claims.payout_account\"",
           "      Column       |           Type           | Nullable", "-------------------+--------------------------+----------"]
    for c, t in rows:
        out.append(" %-17s | %-24s | %s" % (c, t, pick(["not null", ""])))
    out += ["Indexes:", "    \"payout_account_pkey\" PRIMARY KEY, btree (id)",
            "    \"ix_payout_account_%s\" btree (%s)" % (rows[1][0], rows[1][0]), "```"]
    return "\n".join(out)


def ci_flags():
    flags = ["claims.sms_otp_on_phone_change", "claims.mask_owner_email_in_exports", "billing.iban_payouts_eu_suppliers",
             "portal.password_reset_v2", "pms.import_microchip_from_registry", "lab.hl7_obx_strict_mode", "claims.ai_summary_anthropic",
             "claims.ai_summary_openai_fallback", "notifications.slack_token_rotation_alert", "za.popia_consent_banner",
             "nz.te_reo_templates", "au.medicare_field_removed"]
    f = sample(flags, ri(1, 5))
    if len(f) == 1:
        return pick(["flipped `%s` on for %s", "turning `%s` off in %s until the fix ships", "`%s` is 100%% in %s now"]) % (f[0], pick(["AU", "NZ", "ZA", "prod", "staging"]))
    return "flags changed today:\n" + "\n".join("- `%s`: %s" % (x, pick(["on", "off", "50%", "NZ only", "ZA only"])) for x in f)


def ci_kubectl():
    out = ["```", "$ kubectl -n claims get pods", "NAME                                     READY   STATUS    RESTARTS   AGE"]
    for svc in sample(["claims-api", "claims-worker", "billing-api", "lab-ingest", "pms-sync", "notifications", "portal-bff"], ri(3, 6)):
        out.append("%-40s 1/1     %-9s %-10d %dh" % ("%s-%s-%s" % (svc, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)),
                                                       pick(["Running", "Running", "CrashLoopBackOff", "Pending"]), ri(0, 9), ri(1, 300)))
    out.append("```")
    return "\n".join(out)


def ci_interface():
    i = "I" + cid_cls()
    ms = [cid_meth() for _ in range(ri(1, 3))]
    body = "\n".join("    Task<%s> %s(%s, CancellationToken ct = default);" % (pick(["bool", "string?", "Result<Unit>", "PolicyholderContact"]), m,
                                                                              pick(["Guid policyholderId", "string value", "ClaimId claimId"])) for m in ms)
    return "```csharp\nnamespace %s;\n\npublic interface %s\n{\n%s\n}\n```" % (pick(NS), i, body)


def ci_razor_css():
    h = rs(LOW + DIG, 10)
    return pick(["the scoped CSS attribute is `b-%s`, so `.card-number-input[b-%s]` is why your override doesn't apply" % (h, h),
                 "Blazor isolation: `<input class=\"owner-phone\" b-%s>` — the `b-%s` bit changes every build" % (h, h)])


def ci_chunks():
    out = ["```", "dist/assets/"]
    for nm in sample(["ClaimForm", "OwnerContactStep", "PasswordResetPage", "CardOnFileModal", "IbanPayoutForm", "LabResultsTable",
                      "MicrochipLookup", "index", "vendor", "i18n-mi-NZ", "i18n-af-ZA", "i18n-zu-ZA"], ri(4, 9)):
        out.append("  %s-%s.js  %6.2f kB │ gzip: %5.2f kB" % (nm, rs(ALNUM + "_-", 8), ri(100, 40000) / 100, ri(50, 9000) / 100))
    out.append("```")
    return "\n".join(out)


def ci_nuget():
    pk = [("Npgsql.EntityFrameworkCore.PostgreSQL", "8.0.%d" % ri(0, 10)), ("Azure.Security.KeyVault.Secrets", "4.%d.0" % ri(5, 7)),
          ("AWSSDK.SecretsManager", "3.7.%d.%d" % (ri(300, 400), ri(0, 40))), ("SlackNet.AspNetCore", "0.1%d.%d" % (ri(0, 5), ri(0, 9))),
          ("Anthropic.SDK", "4.%d.%d" % (ri(0, 5), ri(0, 9))), ("Microsoft.AspNetCore.DataProtection.EntityFrameworkCore", "8.0.%d" % ri(1, 11)),
          ("IbanNet", "5.%d.0" % ri(10, 16)), ("PhoneNumbers", "8.13.%d" % ri(30, 50)), ("Serilog.Enrichers.Sensitive", "1.%d.0" % ri(5, 7))]
    return "```xml\n<ItemGroup>\n" + "\n".join('  <PackageReference Include="%s" Version="%s" />' % p for p in sample(pk, ri(3, 7))) + "\n</ItemGroup>\n```"


def ci_serilog():
    props = sample(["PolicyholderEmailHash", "OwnerPhoneLastFour", "CardToken", "IbanCountry", "MicrochipPrefix", "ApiKeyName",
                    "SlackSecretVersion", "PasswordPolicyVersion"], 3)
    return "```csharp\n_log.LogInformation(\"Payout account updated for {PolicyholderId} ({%s}, {%s}, {%s})\", id, %s);\n```" % (
        props[0], props[1], props[2], ", ".join(p[0].lower() + p[1:] for p in props))


def ci_graphql():
    fields = sample(["emailVerified: Boolean!", "phoneNumberLastFour: String", "cardBrand: CardBrand", "ibanMasked: String",
                     "microchipNumber: String", "passwordUpdatedAt: DateTime", "hasSsnOnFile: Boolean!", "payoutTokenId: ID"], ri(2, 4))
    return "```graphql\ntype Policyholder {\n  id: ID!\n  " + "\n  ".join(fields) + "\n}\n```"


def ci_terraform_addr():
    out = ["```", "$ terraform state list | grep -i secret"]
    for a in sample(["azurerm_key_vault_secret.claims_db_password", "azurerm_key_vault_secret.slack_bot_token",
                     "azurerm_key_vault_secret.anthropic_api_key", "aws_secretsmanager_secret.lablink_sftp_private_key",
                     "aws_secretsmanager_secret_version.za_claims_db_password", "azurerm_key_vault_secret.openai_api_key",
                     "module.nz.azurerm_key_vault_secret.github_packages_token", "aws_iam_access_key.s3_attachments_uploader"], ri(3, 7)):
        out.append(a)
    out.append("```")
    return "\n".join(out)


def ci_compiler_gen():
    c = cid_cls()
    m = cid_meth()
    return "profiler top frame: `%s.%s+<%s>d__%d.MoveNext()` then `<>c__DisplayClass%d_0.<%s>b__%d`" % (
        pick(NS), c, m, ri(1, 60), ri(1, 30), m, ri(0, 4))


def ci_pg_func():
    f = pick(["fn_mask_owner_phone", "fn_hash_owner_email", "fn_redact_iban", "trg_policyholder_contact_audit", "fn_card_last_four",
              "fn_microchip_is_valid", "fn_rotate_api_key_prefix"])
    return fill("""```sql
CREATE OR REPLACE FUNCTION claims.<<f>>(p_value text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_value IS NULL THEN NULL
              ELSE repeat('*', greatest(length(p_value) - 4, 0)) || right(p_value, 4) END
$$;
```""", f=f)


def ci_grpc():
    return "`/tfv.claims.v1.%s/%s` returns UNIMPLEMENTED on the ZA cluster, proto package `tfv.claims.v1` vs `tfv.claims.v1beta`" % (
        pick(["PayoutService", "PolicyholderService", "ClaimsService"]), pick(["SubmitClaimWithBankDetails", "UpdateOwnerContact", "RotateApiKey", "VerifyPhoneOtp"]))


def ci_python():
    fs = sample(["parse_obx_segment", "normalise_accession_number", "mask_owner_phone", "map_lablink_units", "is_valid_microchip",
                 "redact_email_in_note", "hash_policyholder_email", "load_sftp_private_key_from_vault"], ri(1, 3))
    return "```python\n" + "\n\n".join("def %s(%s) -> %s:\n    ...  # TODO(%s)" % (f, pick(["value: str", "segment: list[str]", "row: dict"]),
                                                                                  pick(["str", "bool", "dict"]), pick(["lab", "claims", "pms"])) for f in fs) + "\n```"


def ci_env_names():
    names = ["CLAIMS__CONNECTIONSTRINGS__CLAIMSDB", "SLACK__BOTTOKENSECRETNAME", "ANTHROPIC__APIKEYSECRETNAME", "OPENAI__APIKEYSECRETNAME",
             "LABLINK__SFTP__PRIVATEKEYSECRETNAME", "AWS__ATTACHMENTS__BUCKETNAME", "BILLING__IBAN__ALLOWEDCOUNTRIES",
             "PORTAL__PASSWORDPOLICY__MINLENGTH", "NOTIFICATIONS__SMS__SENDERID"]
    return "env var *names* the worker reads (values come from Key Vault): " + ", ".join("`%s`" % n for n in sample(names, ri(3, 6)))


def ci_pg_stat():
    q = pick(["SELECT p.id, p.owner_email_hash, c.card_last_four FROM claims.policyholder p JOIN billing.card c ON c.policyholder_id = p.id WHERE p.id = $1",
              "UPDATE claims.payout_account SET iban_masked = $1, bank_account_token = $2 WHERE policyholder_id = $3",
              "SELECT microchip_number, species FROM pms.patient WHERE clinic_code = $1 AND microchip_number IS NOT NULL"])
    return "\n".join(["```", " calls  | mean_ms | query", "--------+---------+------",
                      " %6d | %7.2f | %s" % (ri(1000, 900000), ri(10, 90000) / 100, q), "```"])


def ci_react():
    c = pick(["OwnerPhoneNumberInput", "CardNumberField", "IbanPayoutForm", "PasswordStrengthMeter", "MicrochipScannerButton"])
    return "warning in the portal: `Each child in a list should have a unique \"key\" prop. Check the render method of `%s`.` and the class is `%s_%s__%s`" % (
        c, c, pick(["input", "root", "error", "hint"]), rs(ALNUM, 5))


def ci_analyzers():
    return "\n".join(["```", "src/%s/%s.cs(%d,%d): warning CA2100: Review SQL query for security vulnerabilities [%s.csproj]" % (
        pick(NS).replace(".", "/"), cid_cls(), ri(10, 400), ri(5, 60), pick(SERVICES)),
        "src/%s/%s.cs(%d,%d): warning IDE0057: Substring can be simplified" % (pick(NS).replace(".", "/"), cid_cls(), ri(10, 400), ri(5, 60)), "```"])


def ci_test_names():
    out = ["```", "$ dotnet test --filter Category=Masking"]
    for _ in range(ri(2, 6)):
        out.append("  Passed %s.Tests.%sTests.%s_%s [%d ms]" % (pick(NS), cid_cls(), cid_meth(), pick(["ReturnsMasked", "RejectsBadChecksum", "KeepsLastFour", "IsIdempotent"]), ri(1, 90)))
    out += ["", "Passed!  - Failed: 0, Passed: %d, Skipped: 0" % (len(out) - 2), "```"]
    return "\n".join(out)


def ci_branch():
    return "branch `%s/CLM-%d-%s` is ready for review" % (pick(["feature", "fix", "chore"]), ri(100, 9999),
                                                        pick(["mask-owner-email-in-exports", "rotate-slack-bot-token-secret-name", "iban-checksum-eu",
                                                              "hash-password-reset-token", "drop-plaintext-phone-column", "microchip-prefix-table"]))


def ci_te_reo_code():
    return pick([
        "the te reo resource keys are `Kereme_Tono_Whakaae` (claim approved) and `Kereme_Tono_Whakakore` — not secrets, just Resx names",
        "Afrikaans resource file keys: `Eis_Wagwoord_Herstel_Titel`, `Eis_Bankbesonderhede_Ongeldig`",
        "isiZulu strings live in `Resources/Sms.zu-ZA.resx`: `Isicelo_Samukelwe`, `Iphasiwedi_Entsha`",
    ])


def ci_di_error():
    c = cid_cls()
    return ("System.InvalidOperationException: Unable to resolve service for type '%s.I%s' while attempting to activate '%s.%s'." %
            (pick(NS), c, pick(NS), cid_cls()))


CODE_ID_TEMPLATES = [ci_dotnet_trace, ci_ef_migrations, ci_sql_ddl, ci_psql_d, ci_flags, ci_kubectl, ci_interface, ci_razor_css,
                     ci_chunks, ci_nuget, ci_serilog, ci_graphql, ci_terraform_addr, ci_compiler_gen, ci_pg_func, ci_grpc, ci_python,
                     ci_env_names, ci_pg_stat, ci_react, ci_analyzers, ci_test_names, ci_branch, ci_te_reo_code, ci_di_error]


# ---------------------------------------------------------------------------
# NEGATIVES: non_credential_blob
# ---------------------------------------------------------------------------
def nb_gitlog():
    msgs = ["fix(claims): mask owner email in CSV export", "feat(lab): parse LabLink HL7 v2.5 OBX", "chore: bump Npgsql to 8.0.5",
            "fix(billing): ZAR rounding on VAT lines", "feat(portal): te reo Māori strings for claim status", "refactor: payout IBAN validator",
            "fix(pms-sync): microchip prefix 956 handling", "docs: key rotation runbook link", "feat(za): Afrikaans claim emails",
            "fix: NZD GST 15% on dental lines"]
    out = ["```", "$ git log --oneline -n %d" % ri(3, 9)]
    for m in sample(msgs, ri(3, 9)):
        out.append("%s %s" % (hexs(pick([7, 8, 10, 12])), m))
    out.append("```")
    return "\n".join(out)


def nb_full_sha():
    return pick(["reverted %s, the Stellenbosch rollout is back on %s" % (hexs(40), hexs(40)[:7]),
                 "prod ZA is on `%s`, AU/NZ on `%s`" % (hexs(40), hexs(40)),
                 "diff --git a/src/Tfv.Billing.Api/Vat.cs b/src/Tfv.Billing.Api/Vat.cs\nindex %s..%s 100644" % (hexs(9), hexs(9))])


def nb_docker():
    out = ["```", "$ docker images --digests | grep tfv"]
    for s in sample(["claims-api", "claims-worker", "lab-ingest", "pms-sync", "billing-api"], ri(2, 5)):
        out.append("tfvacr.azurecr.io/%-14s %-8s sha256:%s   %s   %d days ago" % (s, "1.%d.%d" % (ri(0, 30), ri(0, 9)), hexs(64), hexs(12), ri(1, 40)))
    out.append("```")
    return "\n".join(out)


def nb_nuget_lock():
    pk = sample(["Npgsql", "Serilog", "Polly", "IbanNet", "PhoneNumbers", "Azure.Identity", "AWSSDK.S3", "Hl7.Fhir.R4"], 1)
    parts = []
    for p in pk:
        parts.append('    "%s": {\n      "type": "Direct",\n      "requested": "[%d.%d.%d, )",\n      "resolved": "%d.%d.%d",\n      "contentHash": "%s"\n    }' %
                     (p, ri(1, 9), ri(0, 20), ri(0, 9), ri(1, 9), ri(0, 20), ri(0, 9), b64e(rbytes(64))))
    return "packages.lock.json conflict, theirs:\n```json\n{\n  \"dependencies\": {\n  \"net8.0\": {\n" + ",\n".join(parts) + "\n  }\n  }\n}\n```"


def nb_npm_integrity():
    p = pick(["date-fns", "react-hook-form", "zod", "i18next", "libphonenumber-js", "@tanstack/react-query"])
    return '```\n"node_modules/%s": {\n  "version": "%d.%d.%d",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz",\n  "integrity": "sha512-%s"\n}\n```' % (
        p, ri(1, 9), ri(0, 20), ri(0, 9), p, p.split("/")[-1], ri(1, 9), ri(0, 20), ri(0, 9), b64e(rbytes(64)))


def nb_uuids_json():
    objs = []
    for _ in range(ri(1, 4)):
        objs.append(json.dumps({"@t": ts_iso(), "@mt": "Claim {ClaimId} moved to {Status}", "ClaimId": uuid4(),
                                "Status": pick(["Assessing", "Approved", "Paid", "Declined", "Pending info"]),
                                "PolicyId": uuid7(), "TraceId": hexs(32), "SpanId": hexs(16), "Clinic": pick(CLINIC_CODES)}, ensure_ascii=False))
    return "```\n" + "\n".join(objs) + "\n```"


def nb_ulid():
    return pick(["batch ids from the PMS nightly export: " + ", ".join("`%s`" % ulid() for _ in range(ri(2, 5))),
                 "idempotency key on the payout was `%s`, retried twice, same key so no double payment" % ulid()])


def nb_traceparent():
    return pick(["`traceparent: 00-%s-%s-01` — search that in App Insights" % (hexs(32), hexs(16)),
                 "operation_Id %s, the Durban North request hit the AU region first" % hexs(32),
                 "Activity.Id = 00-%s-%s-00" % (hexs(32), hexs(16))])


def nb_wal():
    seg = "%08X%08X%08X" % (ri(1, 4), ri(0, 40), ri(0, 255))
    return "\n".join(["```", "claims=# SELECT pg_current_wal_lsn(), pg_walfile_name(pg_current_wal_lsn());",
                      " pg_current_wal_lsn |     pg_walfile_name", "--------------------+--------------------------",
                      " %X/%X         | %s" % (ri(1, 40), ri(0x1000000, 0xFFFFFFF), seg), "(1 row)", "```",
                      "replica lag on pg-claims-za is %d MB, slot `%s` still active" % (ri(1, 900), pick(["za_reporting", "debezium_claims", "au_dr"]))])


def nb_sha256sum():
    out = ["```", "$ sha256sum exports/*.csv.gz"]
    for c in sample(CLINIC_CODES, ri(3, 8)):
        out.append("%s  exports/pms_%s_%s.csv.gz" % (hexs(64), c.lower().replace("-", "_"), date_iso().replace("-", "")))
    out.append("```")
    return "\n".join(out)


def nb_etag():
    return pick(['blob ETag "0x8DC%s" vs S3 ETag "%s-%d" for the same claim PDF, so the sync thinks it changed' % (rs("0123456789ABCDEF", 12), hexs(32), ri(2, 12)),
                 "Content-MD5: %s on the lab result upload" % b64e(rbytes(16)),
                 'If-None-Match: W/"%s"' % hexs(pick([16, 32, 40]))])


def nb_dataprotection():
    return fill("""DataProtection key ring row (ciphertext only, useless without the KV key):
```xml
<key id="<<u>>" version="1">
  <creationDate><<d>></creationDate>
  <descriptor deserializerType="Microsoft.AspNetCore.DataProtection.AuthenticatedEncryption.ConfigurationModel.AuthenticatedEncryptorDescriptorDeserializer">
    <descriptor>
      <encryption algorithm="AES_256_CBC" />
      <validation algorithm="HMACSHA256" />
      <encryptedSecret decryptorType="Azure.Extensions.AspNetCore.DataProtection.Keys.AzureKeyVaultXmlDecryptor" xmlns="http://schemas.asp.net/2015/03/dataProtection">
        <encryptedKey xmlns=""><kid>https://kv-tfv-portal.vault.azure.net/keys/dp/<<kid>></kid><key><<b>></key><iv><<iv>></iv><value><<v>></value></encryptedKey>
      </encryptedSecret>
    </descriptor>
  </descriptor>
</key>
```""", u=uuid4(), d=ts_iso(), kid=hexs(32), b=b64e(rbytes(256))[:ri(60, 120)] + "…", iv=b64e(rbytes(16)), v=b64e(rbytes(48)))


def nb_sops():
    return "\n".join(["```yaml", "slack:", "    bot_token: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64e(rbytes(ri(40, 60))), b64e(rbytes(32)), b64e(rbytes(16))),
                      "sops:", "    azure_kv:", "        - vault_url: https://kv-tfv-claims.vault.azure.net", "          version: %s" % hexs(32),
                      "    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64e(rbytes(32)), b64e(rbytes(32)), b64e(rbytes(16))), "```"])


def nb_cursor():
    cur = b64e(json.dumps({"claimId": uuid4(), "createdAt": ts_iso()}).encode()).rstrip("=")
    return pick(["next page: `GET /v1/claims?cursor=%s&limit=50`" % cur,
                 '{"items":[...],"next_cursor":"%s"}' % cur])


def nb_ssh_fp():
    return pick(["LabLink SFTP host key changed? it now shows `ED25519 key fingerprint is SHA256:%s.` — they announced the rotation, it matches their notice" % b64e(rbytes(32)).rstrip("="),
                 "known_hosts entry for the lab SFTP: `sftp.lablink.invalid ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s` (public host key)" % b64e(rbytes(32))[:43]])


def nb_sentry():
    return "Sentry issue %s, event %s, release tfv-portal@%s" % ("TFV-PORTAL-%s" % rs("0123456789ABCDEFGHJK", 3), hexs(32), hexs(12))


def nb_ai_ops():
    out = ["```", "timestamp                  operation_Id                      cloud_RoleName     resultCode"]
    for _ in range(ri(2, 7)):
        out.append("%-26s %s  %-18s %s" % (ts_iso()[:23], hexs(32), pick(SERVICES), pick(["200", "200", "201", "409", "500", "503"])))
    out.append("```")
    return "\n".join(out)


def nb_hl7_ctrl():
    return "\n".join(["```", "MSH|^~\\&|LABLINK|%s|TFV_LAB|TFV|%s||ORU^R01|%s|P|2.5" % (pick(["JHB", "CPT", "AKL", "SYD"]), date_iso().replace("-", "") + "%02d%02d" % (ri(0, 23), ri(0, 59)), rs("0123456789ABCDEF", 20)),
                      "OBR|1||%s|CHEM^Chemistry panel" % rs(UPP + DIG, 12), "```", "control ids are unique per message, dedupe on MSH-10"])


def nb_pip_hash():
    return "```\n# lab-ingest/requirements.txt\nhl7==0.4.%d \\\n    --hash=sha256:%s\nparamiko==3.%d.%d \\\n    --hash=sha256:%s\n```" % (ri(1, 5), hexs(64), ri(3, 5), ri(0, 3), hexs(64))


def nb_md5_registry():
    return "microchip registry file `%s_%s.csv` md5 %s, %s rows — same as last week, nothing new from the registry" % (
        pick(["nzcar", "aar_au", "identipet_za"]), date_iso().replace("-", ""), hexs(32), "{:,}".format(ri(1000, 90000)).replace(",", " "))


def nb_csp():
    return "Content-Security-Policy: script-src 'self' 'sha256-%s' 'sha256-%s'; img-src 'self' data:" % (b64e(rbytes(32)), b64e(rbytes(32)))


def nb_mvid():
    return "dotnet build is deterministic now: MVID %s, PDB checksum SHA256:%s on both agents" % (uuid4().upper(), hexs(64).upper())


def nb_slack_ids():
    return pick(["thread ts %d.%06d in #claims-incidents, file F0%s" % (epoch(), ri(0, 999999), rs(UPP + DIG, 9)),
                 "the bot posts as B0%s into C0%s (#claims-alerts)" % (rs(UPP + DIG, 9), rs(UPP + DIG, 9))])


def nb_gpg():
    fp = rs("0123456789ABCDEF", 40)
    return "release tags are signed with the team's public key, fingerprint `%s` (published in the wiki)" % " ".join(fp[i:i + 4] for i in range(0, 40, 4))


def nb_b64_text():
    txt = pick(["ka pai, claim approved", "baie dankie vir die geduld", "ngiyabonga kakhulu", "kia ora koutou", "lekker braai on Friday",
                "te reo Māori strings v2", "ZAR rounding fix"])
    return "that weird `%s` in the notes field is just base64 of \"%s\" — the PMS double-encodes" % (b64e(txt.encode()), txt)


def nb_s3_ls():
    out = ["```", "$ aws s3 ls s3://tfv-claims-attachments-%s/%s/ --region %s" % (pick(["au", "nz", "za"]), date_iso()[:7], pick(["ap-southeast-2", "af-south-1"]))]
    for _ in range(ri(3, 9)):
        out.append("%s %9d %s/%s.pdf" % (ts_plain(), ri(20000, 4000000), uuid4(), hexs(16)))
    out.append("```")
    return "\n".join(out)


def nb_helm_checksum():
    return "```yaml\nspec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s\n```" % (hexs(64), hexs(64))


NON_CRED_TEMPLATES = [nb_gitlog, nb_full_sha, nb_docker, nb_nuget_lock, nb_npm_integrity, nb_uuids_json, nb_ulid, nb_traceparent,
                      nb_wal, nb_sha256sum, nb_etag, nb_dataprotection, nb_sops, nb_cursor, nb_ssh_fp, nb_sentry, nb_ai_ops,
                      nb_hl7_ctrl, nb_pip_hash, nb_md5_registry, nb_csp, nb_mvid, nb_slack_ids, nb_gpg, nb_b64_text, nb_s3_ls,
                      nb_helm_checksum]


# ---------------------------------------------------------------------------
# NEGATIVES: pii_lookalike_number
# ---------------------------------------------------------------------------
def pn_chip_export():
    out = ["PMS export, chip column only (no owner fields in this extract):", "```csv", "patient_id,name,species,breed,microchip,implanted"]
    for _ in range(ri(2, 8)):
        sp, br = pick(SPECIES)
        out.append("%d,%s,%s,%s,%s,%s" % (ri(100000, 999999), pick(PETS), sp, br, microchip(), date_au()))
    out.append("```")
    return "\n".join(out)


def pn_chip_prose():
    c = microchip()
    return pick(["scanner read %s but the registry lookup says unknown prefix — it's a %s chip" % (c, pick(["Trovan", "Allflex", "Datamars", "Destron"])),
                 "Die mikroskyfie %s is twee keer in die PMS, een vir 'n kat en een vir 'n hond" % c,
                 "chip %s %s %s %s %s — read out loud at the desk, matches the record" % (c[:3], c[3:6], c[6:9], c[9:12], c[12:]),
                 "Kua kitea te maramara %s i te kurī nei, engari kāore i te rēhita" % c])


def pn_invoice():
    cc = pick(["AU", "NZ", "ZA"])
    cur = {"AU": "AUD", "NZ": "NZD", "ZA": "ZAR"}[cc]
    tax = {"AU": "GST 10%", "NZ": "GST 15%", "ZA": "VAT 15% / BTW"}[cc]
    reg = {"AU": "ABN %s %s %s %s" % (digits(2), digits(3, False), digits(3, False), digits(3, False)),
           "NZ": "GST No. %s-%s-%s" % (digits(3), digits(3, False), digits(3, False)),
           "ZA": "VAT No. 4%s" % digits(9, False)}[cc]
    items = [("Consultation", ri(60, 140)), ("Meloxicam 1.5mg/ml 10ml", ri(20, 45)), ("CBC + chem panel", ri(150, 420)),
             ("Dental scale & polish", ri(350, 900)), ("Radiographs x2", ri(180, 500)), ("Vaccination C5", ri(80, 140)),
             ("Cerenia 16mg inj", ri(40, 90)), ("Hospitalisation / day", ri(180, 450))]
    out = ["```", "TUSSOCK & FYNBOS VETS — %s   %s" % (pick(CLINICS_AU if cc == "AU" else CLINICS_NZ if cc == "NZ" else CLINICS_ZA), reg),
           "Tax invoice %s   Date %s   Patient #%d" % (inv_no(cc), date_au() if cc != "ZA" else date_za(), ri(100000, 999999))]
    tot = 0
    for it, p in sample(items, ri(2, 6)):
        q = ri(1, 3)
        tot += p * q
        out.append("  %-28s x%d  %10s" % (it, q, "%d.%02d" % (p * q, ri(0, 99))))
    out += ["  %-32s %10s" % ("Total incl. " + tax, "%s %d.%02d" % (cur, tot, ri(0, 99))), "```"]
    return "\n".join(out)


def pn_lab():
    out = ["```", "LabLink accession %s-%s   %s   Patient: %s (%s)" % (pick(["JHB", "CPT", "AKL", "CHC", "SYD", "PER"]), digits(8), date_iso(), pick(PETS), pick(SPECIES)[1])]
    tests = [("ALT", "U/L", 10, 125), ("ALP", "U/L", 23, 212), ("Creatinine", "µmol/L", 44, 159), ("Urea", "mmol/L", 2.5, 9.6),
             ("Glucose", "mmol/L", 4.1, 7.9), ("SDMA", "µg/dL", 0, 14), ("Total T4", "nmol/L", 13, 51), ("HCT", "%", 37, 55),
             ("WBC", "x10^9/L", 5.0, 16.8), ("PLT", "x10^9/L", 148, 484), ("Phosphate", "mmol/L", 0.81, 2.2)]
    for t, u, lo, hi in sample(tests, ri(2, 7)):
        v = round(R.uniform(lo * 0.6, hi * 1.5), 1 if isinstance(lo, float) else 0)
        flag = "H" if v > hi else "L" if v < lo else ""
        out.append("  %-11s %8s %-8s [%s–%s] %s" % (t, v, u, lo, hi, flag))
    out.append("```")
    return "\n".join(out)


def pn_claim_ids():
    return pick(["%s and %s are the same visit, merge them" % (claim_no(), claim_no()),
                 "policy %s-%s renewal failed, premium %s" % (pick(["POL", "UMH", "KPI"]), digits(8), money()),
                 "claim %s paid %s on %s, ref EFT%s" % (claim_no(), money(), date_au(), digits(10)),
                 "Eis %s is goedgekeur: %s uitbetaal" % (claim_no("ZA"), money("ZAR"))])


def pn_versions():
    return pick(["runtime: .NET %s (8.0.%d), Npgsql %s, PostgreSQL %s" % ("8.0.%d" % ri(1, 12), ri(1024, 1125) * 100 + ri(1, 99), "8.0.%d" % ri(0, 6), "16.%d" % ri(1, 6)),
                 "FileVersion 8.0.%d.%d, AssemblyVersion %d.%d.0.0, InformationalVersion %d.%d.%d+%s" % (ri(1000, 1200), ri(30000, 62000), ri(1, 9), ri(0, 20), ri(1, 9), ri(0, 20), ri(0, 9), hexs(40)),
                 "PMS client %d.%d.%d build %d on the %s front desk PCs" % (ri(3, 9), ri(0, 30), ri(0, 9), ri(1000, 9999), pick(CLINICS))])


def pn_pg_hba():
    out = ["```", "# pg_hba.conf on pg-claims-%s" % pick(["au", "nz", "za"]), "# TYPE  DATABASE  USER            ADDRESS            METHOD"]
    for _ in range(ri(2, 6)):
        ip = private_ip() if chance(0.7) else doc_ip()
        out.append("hostssl %-9s %-15s %-18s scram-sha-256" % (pick(["claims", "vetpm", "all"]), pick(["claims_app", "reporting", "replicator", "lab_ingest"]), ip + "/" + pick(["32", "24", "16"])))
    out.append("```")
    return "\n".join(out)


def pn_epochs():
    e = epoch()
    return pick(["exp=%d iat=%d — clocks on the Rotorua box are %d s behind" % (e + 3600, e, ri(30, 400)),
                 "slack ts %d.%06d, epoch ms %d" % (e, ri(0, 999999), e * 1000 + ri(0, 999)),
                 "the job ran at %d (that's %s UTC)" % (e, ts_plain())])


def pn_pg_stats():
    return "\n".join(["```", " pid  | xact_start            | state  | backend_xid",
                      "-------+-----------------------+--------+------------"] +
                     [" %5d | %s | %-6s | %d" % (ri(1000, 65000), ts_plain(), pick(["active", "idle"]), ri(1000000, 4000000000)) for _ in range(ri(2, 6))] +
                     ["```", "claims.claim_line has %s rows, %s dead tuples" % ("{:,}".format(ri(1000000, 90000000)).replace(",", " "), "{:,}".format(ri(1000, 900000)))])


def pn_dates():
    return pick(["visit %s (AU format), ZA clinics write %s, NZ PMS exports %s — all the same day, normalise to ISO" % (date_au(), date_za(), date_iso()),
                 "Datum van behandeling: %s, eis ingedien %s" % (date_za(), date_za()),
                 "Rā maimoatanga: %s" % date_au()])


def pn_drug_reg():
    return pick(["APVMA No. %d, batch %s, exp %02d/%d" % (ri(40000, 99999), rs(UPP + DIG, 7), ri(1, 12), ri(2026, 2029)),
                 "ACVM A%06d, lot %d%s" % (ri(1000, 11999), ri(10000, 99999), rs(UPP, 2)),
                 "Act 36 Reg. No. G%04d, batch %s — ZA label" % (ri(1000, 4999), digits(8))])


def pn_vitals():
    return "%s: %.1f kg, T %.1f °C, HR %d bpm, RR %d, MM pink, CRT <2s" % (pick(PETS), R.uniform(2, 60), R.uniform(37.5, 40.2), ri(60, 200), ri(12, 40))


def pn_pos_receipt():
    return "\n".join(["```", "EFTPOS  %s" % pick(CLINICS), "MID %s  TID %s" % (digits(9), digits(8)), "CARD  **** **** **** %s  %s" % (digits(4, False), pick(["VISA", "MASTERCARD", "AMEX", "EFTPOS SAV"])),
                      "AUTH %s  STAN %s  RRN %s" % (digits(6), digits(6), digits(12)), "PURCHASE %s" % money(), "APPROVED 00", "```"])


def pn_cloud_ids():
    return pick(["account `123456789012` is the AWS docs example, our sandbox is named tfv-sandbox-af",
                 "subscription %s, resource group rg-tfv-claims-%s" % (uuid4(), pick(["aue", "nze", "zan"])),
                 "i-0%s in af-south-1 is the old lab SFTP relay" % hexs(16)])


def pn_error_codes():
    return pick(["Npgsql.PostgresException (0x80004005): 23505: duplicate key value violates unique constraint \"ix_patient_microchip_number\"",
                 "HRESULT 0x%08X from the label printer driver at %s" % (ri(0x80000000, 0x8FFFFFFF), pick(CLINICS)),
                 "SQLSTATE 40P01 deadlock detected, process %d waits for ShareLock on transaction %d" % (ri(1000, 65000), ri(1000000, 9000000))])


def pn_tickets():
    return "linked: CLM-%d, Zendesk #%d, PagerDuty P%s, incident INC%07d" % (ri(100, 9999), ri(100000, 999999), rs(UPP + DIG, 6), ri(1, 9999999))


def pn_premium_table():
    out = ["| plan | AU (AUD/mo) | NZ (NZD/mo) | ZA (ZAR/mo) | annual limit |", "|---|---:|---:|---:|---:|"]
    for p in sample(["Basic", "Accident only", "Essentials", "Comprehensive", "Senior pet", "Kitten & puppy"], ri(3, 6)):
        out.append("| %s | %d.%02d | %d.%02d | %d,%02d | %s |" % (p, ri(15, 120), ri(0, 99), ri(18, 140), ri(0, 99), ri(150, 1200), ri(0, 99), money()))
    return "\n".join(out)


def pn_invoice_csv():
    out = ["```csv", "invoice_no,clinic,issued_at,patient_id,currency,amount_incl_tax,claim_no"]
    for _ in range(ri(8, 24)):
        cur = pick(CURR)
        cc = {"AUD": "AU", "NZD": "NZ", "ZAR": "ZA"}[cur]
        out.append("%s,%s,%s,%d,%s,%d.%02d,%s" % (inv_no(cc), pick([c for c in CLINIC_CODES if c.startswith(cc)]), ts_iso()[:19], ri(100000, 999999), cur, ri(40, 9000), ri(0, 99), claim_no(cc)))
    out.append("```")
    return "\n".join(out)


def pn_accession10():
    return "LabLink accession numbers are 10 digits now (e.g. %s, %s), not phone numbers — the SMS parser got confused" % (digits(10), digits(10))


def pn_business_ids():
    return pick(["NZBN on the NZ invoices: 94290%s" % digits(8, False),
                 "company reg 20%02d/%06d/07, VAT 4%s" % (ri(10, 24), ri(1, 999999), digits(9, False)),
                 "ABN %s %s %s %s registered for GST" % (digits(2), digits(3, False), digits(3, False), digits(3, False))])


def pn_latency():
    out = ["| endpoint | p50 ms | p95 ms | p99 ms | rps |", "|---|---:|---:|---:|---:|"]
    for e in sample(["POST /v1/claims", "GET /v1/claims/{id}", "POST /v1/attachments", "GET /v1/lab/results", "POST /v1/payouts"], ri(3, 5)):
        out.append("| %s | %d | %d | %d | %.1f |" % (e, ri(8, 90), ri(90, 900), ri(900, 4000), R.uniform(1, 300)))
    return "\n".join(out)


def pn_isbn():
    while True:
        b = "978" + digits(9, False)
        s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(b))
        full = b + str((10 - s % 10) % 10)
        if not luhn_ok(full):
            break
    return "for the new grads: %s, ISBN %s-%s-%s-%s-%s" % (pick(["BSAVA Manual of Canine and Feline Clinical Pathology", "Small Animal Internal Medicine", "Plumb's Veterinary Drug Handbook"]),
                                                           full[:3], full[3], full[4:8], full[8:12], full[12])


def pn_ports_ips():
    return "claims-api listens on 8080/8443, pg on 5432, pgbouncer 6432; internal LB %s, DR replica %s, docs example %s" % (private_ip(), private_ip(), doc_ip())


def pn_weights_dose():
    w = R.uniform(3, 45)
    return "%s %.1f kg → meloxicam 0.1 mg/kg = %.2f mg = %.2f mL of 1.5 mg/mL; next dose %s 08:00" % (pick(PETS), w, w * 0.1, w * 0.1 / 1.5, date_au())


def pn_row_counts():
    return "backfill done: %s claims, %s lines, %s attachments, %s bytes moved" % tuple(
        "{:,}".format(ri(a, b)).replace(",", pick([",", " ", "."])) for a, b in [(10000, 900000), (100000, 9000000), (10000, 2000000), (10 ** 9, 10 ** 12)])


def pn_zero_padded():
    return "PMS client ids are zero-padded: %s, %s, %s — legacy from the Whanganui import" % tuple("00" + digits(8, False) for _ in range(3))


PII_LOOK_TEMPLATES = [pn_chip_export, pn_chip_prose, pn_invoice, pn_lab, pn_claim_ids, pn_versions, pn_pg_hba, pn_epochs, pn_pg_stats,
                      pn_dates, pn_drug_reg, pn_vitals, pn_pos_receipt, pn_cloud_ids, pn_error_codes, pn_tickets, pn_premium_table,
                      pn_invoice_csv, pn_accession10, pn_business_ids, pn_latency, pn_isbn, pn_ports_ips, pn_weights_dose,
                      pn_row_counts, pn_zero_padded]


# ---------------------------------------------------------------------------
# NEGATIVES: talk_about_secrets
# ---------------------------------------------------------------------------
TALK_SENTENCES = [
    "please don't paste owner phone numbers into #claims-support, link the PMS record instead",
    "rotated the claims DB password after the contractor left, the new one is only in Key Vault",
    "who has the LabLink SFTP private key? it should live in the vault, not on the Riccarton desktop",
    "the Slack bot token for #claims-alerts expires when the app is reinstalled, so don't reinstall it on a Friday",
    "reminder: card numbers never go in the claim notes field — PCI scope, and POPIA for the ZA side",
    "if a policyholder emails their bank details, forward to payouts@ ... no wait, use the secure upload link, not email",
    "Ons mag nie die kliënt se ID-nommer in Slack sit nie, POPIA is baie duidelik daaroor",
    "Asseblief: geen wagwoorde in die kanaal nie, gebruik 1Password se deel-skakel",
    "Die API-sleutel vir die eise-opsomming is gisteraand geroteer, niks het gebreek nie",
    "Ngicela ningafaki amaphasiwedi lapha ku-Slack, sebenzisani i-vault",
    "Inombolo yekhadi lomnikazi akufanele ibhalwe kumanothi esicelo",
    "Kaua e tuku kupuhipa ki konei, whakamahia te pouaka muna (vault)",
    "Kua hurihia te kī API mō te ratonga kerēme — kāore he raru i puta",
    "our scanner flags anything that looks like an IBAN, so the EU supplier sheet lives in Xero only",
    "the OpenAI key used for claim summaries is scoped to one project and has a monthly cap",
    "the Anthropic key is per-environment; staging and prod never share one",
    "GitHub PATs for the NuGet feed are being replaced by the Actions OIDC flow, so no more personal tokens in NuGet.config",
    "AWS access keys for the attachment uploader are gone, the pods use IRSA now",
    "we don't store the US locum's SSN anywhere in our systems, payroll handles it end to end",
    "Privacy Act (AU) and the NZ Privacy Act 2020 both treat the owner's phone and email as personal information, so exports mask them",
    "the JWTs the portal issues live 15 minutes; refresh tokens are httpOnly cookies, so they never show up in logs",
    "if you ever see a private key in a channel: revoke it first, then delete the message, then tell #security",
    "the reason the claim form asks for 'last four of the card' is so we never need the whole number",
    "microchip numbers are not personal data on their own, but together with the registry they point to an owner, so treat exports carefully",
    "eish, someone pasted a connection string with the password into the support ticket; rotated, ticket scrubbed",
    "password rules for the portal: 12+ chars, checked against breached lists, no forced rotation",
    "MFA for the PMS is on for all clinics except Gqeberha, their tablets are the blocker",
    "when you share a screen in the clinic standup, close the .env tab first",
    "the redaction job replaces emails with [email], phones with [phone], and card numbers with [card] before logs leave the cluster",
    "phone numbers in the SMS log are hashed with a per-tenant salt, so support can't search them by number",
    "no, the webhook URL is a secret too — anyone with it can post into #claims-alerts",
    "Lekker: the bot token is out of appsettings.json and into Key Vault",
    "Kia ora, the key rotation runbook is now in the wiki, under Security → Rotation",
    "Sawubona team, sicela ningabelani ama-token e-API ku-DM",
    "the Npgsql log level was Debug in prod, which printed parameter values; it's back on Warning",
    "we need a regex for ZA ID numbers in the DLP rules — 13 digits with a Luhn check digit, so it's doable",
    "IRD numbers in NZ have their own check digit, the DLP vendor already supports them",
    "TFNs should never reach us; if the claim form OCR finds one it drops the page",
    "the insurer asked for the owner's bank account by email — we said no, they use the portal upload",
    "claims-api reads its DB password from a mounted file, not an env var, so `printenv` shows nothing useful",
]

TALK_Q = ["how do I get the staging DB password?", "where does the Slack bot token live now?", "can I share my PAT with the contractor for a day?",
          "is it ok to put the customer's phone in the Jira ticket?", "who rotates the LabLink SFTP key?", "do we keep full card numbers anywhere?",
          "Waar is die nuwe wagwoord vir die PMS-toetsomgewing?", "Ngubani ophethe i-API key ye-OpenAI?", "Kei hea te kī hou mō te SFTP?"]
TALK_A = ["ask in #platform, they'll share it through 1Password, never in a DM", "Key Vault, secret `slack-bot-token`, the app reads it at start-up",
          "no — create a fine-grained token for them with an expiry, or better, add them to the team", "no, link the PMS record; Jira is not in scope for personal data",
          "platform on-call, every 90 days, runbook in the wiki", "no, only the gateway's token and the last four",
          "Vra vir platform, hulle deel dit via 1Password", "I-platform team, ikhona ku-vault", "Kei te vault, tono ki te tīma platform"]


def ta_sentence():
    return pick(TALK_SENTENCES)


def ta_two():
    a, b = sample(TALK_SENTENCES, 2)
    return a[0].upper() + a[1:] + ". " + b[0].upper() + b[1:] + "."


def ta_qa():
    i = ri(0, len(TALK_Q) - 1)
    return "> %s\n%s" % (TALK_Q[i], TALK_A[i])


def ta_runbook():
    what = pick(["Slack bot token", "claims DB password", "LabLink SFTP key", "OpenAI API key", "Anthropic API key", "GitHub Packages token", "AWS access key"])
    steps = ["1. Create the new %s in the provider console (don't copy it anywhere but Key Vault)." % what,
             "2. Add it to Key Vault as a new version of the existing secret.",
             "3. Restart %s so it picks up the new version." % pick(SERVICES),
             "4. Watch #claims-alerts for auth failures for 15 min.",
             "5. Revoke the old %s." % what,
             "6. Note the rotation date in the register (no values!)."]
    return "*Rotation runbook — %s*\n" % what + "\n".join(steps[:ri(4, 6)])


def ta_incident():
    return "\n".join(["*Incident summary — %s*" % date_iso(),
                      "• What: %s" % pick(["a Slack bot token was pasted into a public channel", "a DB password appeared in a support ticket",
                                           "an owner's card number was typed into claim notes", "a private key was committed to a feature branch",
                                           "an API key was printed by a debug log line"]),
                      "• Exposure: %d minutes, %s" % (ri(3, 180), pick(["no evidence of use", "provider logs show no calls from unknown IPs", "branch never pushed to the public mirror"])),
                      "• Actions: revoked and re-issued, message deleted, scanner rule added",
                      "• Follow-up: %s" % pick(["pre-commit hook for secrets", "mask notes field in PMS", "DLP rule for Slack", "training at the next clinic managers' hui"])])


def ta_regex():
    return pick([
        "the DLP regex for AU mobiles is basically `04` followed by 8 digits with optional spaces; ours also needs `+61 4`",
        "card detection = 13–19 digits + Luhn; without the Luhn check it flags every microchip number (15 digits) in the PMS exports",
        "for IBANs we check the mod-97, otherwise invoice numbers with two letters in front light up",
        "JWT detection: three base64url segments separated by dots, first one starting with `eyJ`; source maps start with eyJ too but have no dots",
        "the GitHub token rule looks for the `ghp_`/`github_pat_` prefixes, the Slack one for `xoxb-`/`xoxp-`",
        "SSN shape is 3-2-4 digits; ZA phone numbers written 3-3-4 don't match it, good",
    ])


def ta_vault_error():
    return pick([
        "```\nAzure.RequestFailedException: Secret not found: slack-bot-token\nStatus: 404 (Not Found)\nErrorCode: SecretNotFound\n```\nthe secret was renamed during the cleanup, not leaked",
        "```\nNpgsql.PostgresException (0x80004005): 28P01: password authentication failed for user \"claims_app\"\n```\nafter the rotation the worker still had the old version cached",
        "```\nAmazon.Runtime.AmazonServiceException: Unable to get IAM security credentials from EC2 Instance Metadata Service.\n```\nexpected in the devcontainer, use a profile",
        "```\nAzure.Identity.CredentialUnavailableException: DefaultAzureCredential failed to retrieve a token from the included credentials.\n```\nrun `az login` first",
    ])


def ta_faq():
    n = ri(2, 4)
    items = sample(list(zip(TALK_Q, TALK_A)), n)
    return "*Secrets FAQ (pinned)*\n" + "\n".join("Q: %s\nA: %s" % qa for qa in items)


def ta_mixed_lang():
    return pick([
        "Goeie môre! Net 'n herinnering: die Slack-token, API-sleutels en wagwoorde bly in die vault. Baie dankie.",
        "Mōrena koutou — kua hurihia ngā kī katoa i tēnei wiki (DB, Slack, SFTP). Ka pai te mahi!",
        "Sanibonani — uma ubona i-private key noma i-token ku-channel, yisuse bese utshela i-#security. Ngiyabonga.",
        "Howzit — the ZA clinics asked if they can WhatsApp owners' ID numbers to us. Answer: no, POPIA, use the portal.",
        "Kia ora — reminder that owner phone numbers and emails stay in the PMS; Slack is not a CRM.",
    ])


def ta_security_sync():
    pts = sample(TALK_SENTENCES, ri(3, 7))
    return "notes from the security sync (%s):\n" % date_iso() + "\n".join("- " + p for p in pts)


TALK_TEMPLATES = [ta_sentence, ta_two, ta_qa, ta_runbook, ta_incident, ta_regex, ta_vault_error, ta_faq, ta_mixed_lang, ta_security_sync]


# ---------------------------------------------------------------------------
# POSITIVES: value generators
# ---------------------------------------------------------------------------
PEOPLE = [("Thandeka", "Mokoena", "ZA"), ("Aroha", "Ngata", "NZ"), ("Pieter", "van der Merwe", "ZA"), ("Chloe", "Nguyen", "AU"),
          ("Mere", "Tipene", "NZ"), ("Sipho", "Dlamini", "ZA"), ("Liam", "O'Connor", "AU"), ("Anika", "Botha", "ZA"),
          ("Hemi", "Walker", "NZ"), ("Jess", "Papadopoulos", "AU"), ("Nomvula", "Khumalo", "ZA"), ("Riaan", "Steyn", "ZA"),
          ("Tama", "Rangihuna", "NZ"), ("Priya", "Raman", "AU"), ("Lerato", "Mahlangu", "ZA"), ("Grace", "Fifita", "NZ"),
          ("Ben", "Kowalski", "AU"), ("Zanele", "Ndlovu", "ZA"), ("Kiri", "Parata", "NZ"), ("Matt", "Hollis", "AU")]
EMAIL_DOMAINS = {"AU": ["gmail.com", "bigpond.com", "outlook.com.au", "optusnet.com.au", "tfvets.com.au"],
                 "NZ": ["xtra.co.nz", "gmail.com", "slingshot.co.nz", "tfvets.co.nz", "outlook.co.nz"],
                 "ZA": ["mweb.co.za", "gmail.com", "telkomsa.net", "tfvets.co.za", "webmail.co.za"]}


def person(cc=None):
    while True:
        p = pick(PEOPLE)
        if cc is None or p[2] == cc:
            return p


def _slug(s):
    return re.sub(r"[^a-z]", "", s.lower().replace("ā", "a").replace("ō", "o"))


def v_email(p=None):
    p = p or person()
    f, l, cc = p
    local = pick(["%s.%s" % (_slug(f), _slug(l)), "%s%s" % (_slug(f)[0], _slug(l)), "%s%s%d" % (_slug(f), _slug(l)[:3], ri(1, 99)),
                  "%s_%s" % (_slug(f), _slug(l))])
    return local + "@" + pick(EMAIL_DOMAINS[cc])


def v_phone(cc=None, style=None):
    cc = cc or pick(["AU", "NZ", "ZA"])
    style = style if style is not None else ri(0, 3)
    if cc == "AU":
        m = "4" + digits(2, False)
        if style == 0:
            return "0%s %s %s" % (m, digits(3, False), digits(3, False))
        if style == 1:
            return "+61 %s %s %s" % (m, digits(3, False), digits(3, False))
        if style == 2:
            return "(0%s) %s %s" % (pick("2378"), pick("3589") + digits(3, False), digits(4, False))
        return "+61 %s %s %s" % (pick("2378"), pick("3589") + digits(3, False), digits(4, False))
    if cc == "NZ":
        if style == 0:
            return "02%s %s %s" % (pick("127"), digits(3), digits(4, False))
        if style == 1:
            return "+64 2%s %s %s" % (pick("127"), digits(3), digits(pick([3, 4]), False))
        if style == 2:
            return "(0%s) %s %s" % (pick("34679"), digits(3), digits(4, False))
        return "+64 %s %s %s" % (pick("34679"), digits(3), digits(4, False))
    if style == 0:
        return "0%s %s %s" % (pick(["82", "83", "72", "73", "84", "61", "79"]), digits(3), digits(4, False))
    if style == 1:
        return "+27 %s %s %s" % (pick(["82", "83", "72", "76", "81"]), digits(3), digits(4, False))
    if style == 2:
        return "+27 (0)%s %s %s" % (pick(["21", "11", "31", "12", "41"]), digits(3), digits(4, False))
    return "0%s %s %s" % (pick(["21", "11", "31", "12"]), digits(3), digits(4, False))


def v_us_phone():
    return "(%s) %s-%s" % (pick(["512", "737", "303", "619", "919"]), pick("23456789") + digits(2, False).replace("55", "56"), digits(4, False))


def v_iban(cc=None, grouped=None):
    cc = cc or pick(["GB", "DE", "NL", "IE", "MU", "FR", "BE"])
    if cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + digits(6) + digits(8, False)
    elif cc == "IE":
        bban = pick(["AIBK", "BOFI"]) + digits(6) + digits(8, False)
    elif cc == "DE":
        bban = digits(8) + digits(10, False)
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO"]) + digits(10, False)
    elif cc == "MU":
        bban = pick(["BOMM", "MCBL"]) + "01" + digits(2) + digits(12, False) + "000MUR"
    elif cc == "FR":
        bban = digits(5) + digits(5) + digits(11, False) + digits(2, False)
    else:  # BE with national check
        acc = digits(10)
        bban = acc + "%02d" % ((int(acc) % 97) or 97)
    ib = make_iban(cc, bban)
    assert iban_mod(ib) == 1
    g = grouped if grouped is not None else chance(0.6)
    return group4(ib) if g else ib


def v_password():
    k = ri(0, 3)
    if k == 0:
        return rs(ALNUM, 3) + pick("!#%^*") + rs(ALNUM, ri(8, 14)) + pick("!?#$") + digits(2)
    if k == 1:
        return "-".join([pick(["Kowhai", "tussock", "Fynbos", "braai", "Kereru", "protea", "Ruru", "impala", "Tui", "springbok"]),
                         pick(["Moana", "koppie", "Karoo", "whenua", "Drakens", "pounamu"]), digits(2), pick(["Lekker", "Aroha", "Yebo", "Koru"])])
    if k == 2:
        return rs(ALNUM, ri(16, 24))
    return rs(UPP, 2) + rs(LOW, 4) + "@" + digits(4) + rs(LOW, 3) + "$"


def v_url_pw():
    return rs(ALNUM, ri(14, 24)) if chance(0.6) else rs(ALNUM, 6) + pick(["_", "-", "~", "."]) + rs(ALNUM, 10)


def v_ipv4():
    while True:
        s = "%d.%d.%d.%d" % (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        ip = ipaddress.ip_address(s)
        if ip.is_global and not ip.is_multicast:
            return s


def v_aws_key():
    while True:
        k = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UPP + "234567", 16)
        if "EXAMPLE" not in k:
            return k


def v_aws_secret():
    return rs(ALNUM + "/+", 40)


def v_jwt(email=None):
    rs256 = chance(0.5)
    hdr = {"alg": "RS256", "kid": hexs(16), "typ": "JWT"} if rs256 else {"alg": "HS256", "typ": "JWT"}
    iat = epoch()
    pl = {"sub": uuid4(), "iss": pick(["https://login.tfvets.com.au", "https://auth.tfvets.co.nz", "https://id.tfvets.co.za"]),
          "aud": pick(["claims-api", "portal-bff", "lab-ingest"]), "iat": iat, "exp": iat + pick([900, 3600, 86400]),
          "clinic": pick(CLINIC_CODES), "roles": sample(["vet", "nurse", "reception", "claims_assessor", "admin"], ri(1, 2))}
    if email:
        pl["email"] = email
    sig = b64u(rbytes(256 if rs256 else 32))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def v_card(fmt=None):
    brand = ri(0, 3)
    if brand == 0:
        num = luhn_complete("4" + digits(5, False), 16)
    elif brand == 1:
        num = luhn_complete(str(ri(51, 55)) + digits(4, False), 16)
    elif brand == 2:
        num = luhn_complete(str(ri(2221, 2720)) + digits(2, False), 16)
    else:
        num = luhn_complete(pick(["34", "37"]) + digits(4, False), 15)
    fmt = fmt if fmt is not None else ri(0, 2)
    if fmt == 0:
        return num
    sep = " " if fmt == 1 else "-"
    if len(num) == 15:
        return num[:4] + sep + num[4:10] + sep + num[10:]
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


def v_openai():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(B64URL, 93) + "AA"


def v_slack_bot():
    return "xoxb-%s-%s-%s" % (digits(ri(10, 13)), digits(13), rs(ALNUM, 24))


def v_slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(ri(10, 12)), digits(ri(11, 13)), digits(13), hexs(32))


def v_ghp():
    body = rs(ALNUM, 30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_ghf():
    return "github_pat_11" + rs(UPP + DIG, 20) + "_" + rs(ALNUM, 59)


def v_ssn(dashed=True):
    while True:
        a = ri(1, 899)
        if a == 666:
            continue
        s = "%03d-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))
        if s in ("078-05-1120", "219-09-9999", "123-45-6789"):
            continue
        return s if dashed else s.replace("-", "")


def _der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def _der(tag, content):
    return bytes([tag]) + _der_len(len(content)) + content


def _der_int(nbytes):
    b = rbytes(nbytes)
    b = bytes([b[0] | 0x80]) + b[1:]
    return _der(0x02, b"\x00" + b)


def pem_parts(kind):
    """Return (header_label, body_lines)."""
    if kind == "ec":
        der = (b"\x30\x77\x02\x01\x01\x04\x20" + rbytes(32) + b"\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07"
               + b"\xa1\x44\x03\x42\x00\x04" + rbytes(64))
        label, width = "EC PRIVATE KEY", 64
    elif kind == "ed25519":
        der = b"\x30\x2e\x02\x01\x00\x30\x05\x06\x03\x2b\x65\x70\x04\x22\x04\x20" + rbytes(32)
        label, width = "PRIVATE KEY", 64
    elif kind == "rsa":
        bits = pick([1024, 2048])
        nb = bits // 8
        content = (b"\x02\x01\x00" + _der_int(nb) + b"\x02\x03\x01\x00\x01" + _der_int(nb) + _der_int(nb // 2) + _der_int(nb // 2)
                   + _der_int(nb // 2) + _der_int(nb // 2) + _der_int(nb // 2))
        der = _der(0x30, content)
        label, width = "RSA PRIVATE KEY", 64
    else:  # openssh ed25519
        def sstr(b):
            return struct.pack(">I", len(b)) + b
        pub = rbytes(32)
        pubblob = sstr(b"ssh-ed25519") + sstr(pub)
        chk = rbytes(4)
        comment = pick([b"lablink-ingest@tfv", b"claims-deploy", b"pms-sync@za"])
        priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(comment)
        i = 1
        while len(priv) % 8:
            priv += bytes([i])
            i += 1
        der = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
        label, width = "OPENSSH PRIVATE KEY", 70
    s = b64e(der)
    return label, [s[i:i + width] for i in range(0, len(s), width)]


# ---------------------------------------------------------------------------
# POSITIVES: templates.  Each returns (text, [(kind, value), ...]).
# ---------------------------------------------------------------------------
def P(text, *secrets):
    return text, list(secrets)


# phone_number -------------------------------------------------------------
def pp0():
    v = v_phone("AU", pick([0, 1]))
    return P("Owner of %s (%s) wants a callback about %s — best number is %s, after 3pm please" % (pick(PETS), pick(CLINICS_AU), claim_no("AU"), v), ("phone_number", v))


def pp1():
    v = v_phone("NZ", pick([0, 2]))
    p = person("NZ")
    return P("Kia ora, tēnā waea atu ki a %s i te %s mō te kerēme a %s. Kei te āwangawanga ia." % (p[0], v, pick(PETS)), ("phone_number", v))


def pp2():
    v = v_phone("ZA", pick([1, 2]))
    return P("Skakel asseblief die eienaar terug by %s — sy wag vir die uitslag van eis %s. Dankie!" % (v, claim_no("ZA")), ("phone_number", v))


def pp3():
    v = v_phone("ZA", 0)
    p = person("ZA")
    rows = ["patient_id,patient,owner,owner_mobile,clinic"]
    for _ in range(ri(1, 12)):
        rows.append("%d,%s,,,%s" % (ri(100000, 999999), pick(PETS), pick(CLINIC_CODES)))
    rows.insert(ri(1, len(rows)), "%d,%s,%s %s,%s,ZA-DBN" % (ri(100000, 999999), pick(PETS), p[0], p[1], v))
    return P("rows with an owner mobile from the Durban North export:\n```csv\n" + "\n".join(rows) + "\n```", ("phone_number", v))


def pp4():
    v = v_phone("ZA", 0)
    return P("Ngicela ushayele umnikazi ka-%s ku-%s, ufuna ukwazi ngesicelo sakhe." % (pick(PETS), v), ("phone_number", v))


def pp5():
    v = v_phone("AU", 1).replace(" ", "")
    return P("```\n%s WRN Tfv.Notifications.Sms.SmsSender[3001] Provider rejected message to %s: 21610 unsubscribed recipient (claim %s)\n```" % (ts_plain(), v, claim_no("AU")), ("phone_number", v))


# email_address ------------------------------------------------------------
def pe0():
    v = v_email()
    return P("can someone resend the claim docs for %s to %s? she says nothing arrived" % (pick(PETS), v), ("email_address", v))


def pe1():
    v = v_email()
    return P("```\nfail: Tfv.Notifications.Email.SendGridSender[2004]\n      Delivery failed for %s: 550 5.1.1 mailbox unavailable (template claim-approved, claim %s)\n```" % (v, claim_no()), ("email_address", v))


def pe2():
    p = person()
    v = v_email(p)
    obj = {"ownerId": ri(10000, 99999), "firstName": p[0], "lastName": p[1], "email": v, "preferredLanguage": pick(["en-AU", "en-NZ", "mi-NZ", "af-ZA", "zu-ZA"]),
           "patients": [{"name": pick(PETS), "species": pick(SPECIES)[0]}]}
    return P("PMS import choked on this owner record:\n```json\n%s\n```" % json.dumps(obj, indent=2, ensure_ascii=False), ("email_address", v))


def pe3():
    v = v_email(person("ZA"))
    return P("Die eienaar se e-posadres is verkeerd in die PMS, dit moet %s wees. Kan iemand dit regmaak?" % v, ("email_address", v))


# password -----------------------------------------------------------------
def pw0():
    v = v_password().replace(";", "!")
    return P(fill("""```json
{
  "ConnectionStrings": {
    "ClaimsDb": "Host=pg-tfv-claims-<<cc>>.postgres.database.azure.com;Database=claims;Username=claims_app;Password=<<v>>;SSL Mode=Require;Trust Server Certificate=false"
  },
  "Logging": { "LogLevel": { "Default": "Information" } }
}
```""", cc=pick(["au", "nz", "za"]), v=v), ("password", v))


def pw1():
    v = v_password().replace("'", "")
    return P("```\n$ PGPASSWORD='%s' psql -h pg-claims-replica.tfv.internal -U reporting -d claims -c \"select count(*) from claims.claim where status='Paid'\"\n count\n-------\n %d\n(1 row)\n```" % (v, ri(1000, 90000)), ("password", v))


def pw2():
    v = v_password().replace("'", "")
    return P("ran this on ZA prod after the contractor left:\n```sql\nALTER ROLE lab_ingest WITH PASSWORD '%s';\n```" % v, ("password", v))


def pw3():
    v = v_password()
    return P("guest wifi at %s is TFV-Guest, password %s (reception asked me to post it here)" % (pick(CLINICS_NZ), v), ("password", v))


def pw4():
    v = v_password()
    return P("Die wagwoord vir die PMS admin-rekening by %s is %s — verander dit asseblief ná die opgradering." % (pick(CLINICS_ZA), v), ("password", v))


def pw5():
    v = v_password().replace(":", "")
    return P("my ~/.pgpass for the AU replica, in case it helps:\n```\npg-claims-au-replica.tfv.internal:5432:claims:reporting:%s\n```" % v, ("password", v))


def pw6():
    v = v_password().replace(";", "#")
    return P("old PMS (SQL Server) at %s still uses `Server=%s\\VETPM;Database=VetPm;User Id=tfv_sync;Password=%s;TrustServerCertificate=True`" % (pick(CLINICS_AU), pick(CLINICS_AU).upper().replace(" ", "") + "-SRV01", v), ("password", v))


def pw7():
    v = v_password().replace("'", "")
    return P("```\ndocker run -d --name claims-pg -e POSTGRES_USER=claims -e POSTGRES_PASSWORD='%s' -p 5432:5432 postgres:16.4\n```" % v, ("password", v))


def pw8():
    v = v_password()
    return P("Te kupuhipa mō te pūkete PMS i %s: %s (mō te wiki nei anake)" % (pick(CLINICS_NZ), v), ("password", v))


PASSWORD_T = [pw0, pw1, pw2, pw3, pw4, pw5, pw6, pw7, pw8]


# url_credentials ----------------------------------------------------------
def pu0():
    v = v_url_pw()
    return P("```dotenv\nDATABASE_URL=postgres://claims_app:%s@pg-tfv-claims-za.postgres.database.azure.com:5432/claims?sslmode=require\nASPNETCORE_ENVIRONMENT=Production\n```" % v, ("url_credentials", v))


def pu1():
    v = v_url_pw()
    return P("worker can't connect: `amqps://tfv-worker:%s@rabbit-claims.tfv.internal:5671/claims` — is the vhost right?" % v, ("url_credentials", v))


def pu2():
    v = v_url_pw()
    return P("```\n%s INF Tfv.Claims.Worker.Cache Connecting to redis://default:%s@redis-claims-au.tfv.internal:6380/0 (ssl=true)\n```" % (ts_plain(), v), ("url_credentials", v))


def pu3():
    v = v_url_pw()
    return P(fill("""```yaml
lablink:
  results_uri: "sftp://lablink_ingest:<<v>>@sftp.lablink.co.za:22/outbound/tfv"
  poll_seconds: 300
  clinics: [ZA-STB, ZA-DBN, ZA-UMH, ZA-PTA]
```""", v=v), ("url_credentials", v))


def pu4():
    v = v_url_pw()
    return P("```python\nengine = create_engine(\"postgresql+psycopg://reporting:%s@pg-claims-nz-replica.tfv.internal:5432/claims\")\ndf = pd.read_sql(\"select clinic_code, count(*) from claims.claim group by 1\", engine)\n```" % v, ("url_credentials", v))


def pu5():
    v = v_url_pw()
    return P("```\n$ psql \"postgresql://claims_admin:%s@pg-tfv-claims-au.postgres.database.azure.com/claims?sslmode=require\"\npsql (16.4)\nSSL connection (protocol: TLSv1.3)\nclaims=>\n```" % v, ("url_credentials", v))


def pu6():
    v = v_url_pw()
    return P("Die eksport-skrip gebruik `mysql://pms_export:%s@vetpm-legacy.tfv.internal:3306/vetpm` — dis die ou Pretoria-stelsel" % v, ("url_credentials", v))


def pu7():
    v = v_url_pw()
    return P(fill("""```
Unhandled exception. System.ArgumentException: Format of the initialization string does not conform to specification starting at index 0.
   at Tfv.Pms.Sync.Program.<Main>$(String[] args) in /src/Tfv.Pms.Sync/Program.cs:line 41
Connection value was: postgres://pms_sync:<<v>>@pg-vetpm-nz.tfv.internal:5432/vetpm
```
Npgsql wants key=value, not a URL""", v=v), ("url_credentials", v))


URL_T = [pu0, pu1, pu2, pu3, pu4, pu5, pu6, pu7]


# ipv4_address -------------------------------------------------------------
def pi0():
    v = v_ipv4()
    lines = []
    for _ in range(ri(2, 14)):
        lines.append('%s - - [%02d/Mar/2026:%02d:%02d:%02d +1300] "POST /v1/claims HTTP/1.1" %s %d "-" "VetPM/7.%d"' % (
            v, ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59), pick(["201", "201", "429"]), ri(100, 900), ri(1, 9)))
    return P("all the 429s come from one address — the Ponsonby front desk:\n```\n" + "\n".join(lines) + "\n```", ("ipv4_address", v))


def pi1():
    v = v_ipv4()
    return P("add this to pg_hba on the ZA primary for the Durban North static line:\n```\nhostssl vetpm pms_sync %s/32 scram-sha-256\n```" % v, ("ipv4_address", v))


def pi2():
    v = v_ipv4()
    return P("%s's new fibre static IP is %s, please add it to the portal allowlist" % (pick(CLINICS), v), ("ipv4_address", v))


def pi3():
    v = v_ipv4()
    return P("```\n$ az network nsg rule create -g rg-tfv-claims-aue --nsg-name nsg-pg --name allow-hobart --priority 310 --source-address-prefixes %s/32 --destination-port-ranges 5432\n```" % v, ("ipv4_address", v))


def pi4():
    v = v_ipv4()
    return P("```\nwarn: Tfv.Portal.Bff.Auth.LoginHandler[4010]\n      %d failed logins in 5 min from %s, temporarily blocked\n```" % (ri(6, 60), v), ("ipv4_address", v))


def pi5():
    v = v_ipv4()
    return P("Die Stellenbosch-kliniek se publieke IP het verander na %s, daarom werk die VPN nie" % v, ("ipv4_address", v))


IP_T = [pi0, pi1, pi2, pi3, pi4, pi5]


# aws ------------------------------------------------------------------------
def pak0():
    v = v_aws_key()
    return P("who created access key %s? it's attached to `svc-attachments-uploader` and was last used from af-south-1 yesterday" % v, ("aws_access_key_id", v))


def pak1():
    v = v_aws_key()
    ev = {"eventTime": ts_iso()[:19] + "Z", "eventSource": "s3.amazonaws.com", "eventName": "GetObject", "awsRegion": "ap-southeast-2",
          "userIdentity": {"type": "IAMUser", "userName": "claims-export", "accessKeyId": v},
          "requestParameters": {"bucketName": "tfv-claims-attachments-au", "key": "%s/%s.pdf" % (uuid4(), hexs(12))}}
    return P("CloudTrail event from the weird export:\n```json\n%s\n```" % json.dumps(ev, indent=2), ("aws_access_key_id", v))


def pak2():
    v = v_aws_key()
    return P(fill("""```json
"Aws": {
  "Region": "af-south-1",
  "AccessKeyId": "<<v>>",
  "SecretAccessKey": "@Microsoft.KeyVault(SecretUri=https://kv-tfv-claims.vault.azure.net/secrets/aws-uploader-secret/)",
  "AttachmentsBucket": "tfv-claims-attachments-za"
}
```""", v=v), ("aws_access_key_id", v))


def pak3():
    v = v_aws_key()
    return P("```\n$ aws iam list-access-keys --user-name svc-lab-export\n{\n    \"AccessKeyMetadata\": [\n        {\n            \"UserName\": \"svc-lab-export\",\n            \"AccessKeyId\": \"%s\",\n            \"Status\": \"Active\",\n            \"CreateDate\": \"%s\"\n        }\n    ]\n}\n```" % (v, ts_iso()[:19] + "+00:00"), ("aws_access_key_id", v))


def pas0():
    v = v_aws_secret()
    return P("```dotenv\nAWS_REGION=ap-southeast-2\nAWS_SECRET_ACCESS_KEY=%s\nATTACHMENTS_BUCKET=tfv-claims-attachments-au\n```" % v, ("aws_secret_access_key", v))


def pas1():
    v = v_aws_secret()
    return P("```csharp\nvar creds = new BasicAWSCredentials(Environment.GetEnvironmentVariable(\"AWS_KEY_ID\"), \"%s\");\nvar s3 = new AmazonS3Client(creds, RegionEndpoint.AFSouth1);\n```\nTODO move the secret out before merging" % v, ("aws_secret_access_key", v))


def pas2():
    v = v_aws_secret()
    return P("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: lab-export-aws\n  namespace: lab\nstringData:\n  aws_secret_access_key: \"%s\"\n```" % v, ("aws_secret_access_key", v))


def pas3():
    v = v_aws_secret()
    return P("the secret half for the NZ uploader user is %s — key id is in 1Password already" % v, ("aws_secret_access_key", v))


# jwt ----------------------------------------------------------------------
def pj0():
    v = v_jwt()
    return P("```\ncurl -s https://claims-api.tfvets.com.au/v1/claims/%s \\\n  -H \"Authorization: Bearer %s\" | jq .status\n```" % (uuid4(), v), ("jwt", v))


def pj1():
    v = v_jwt()
    return P("```\nfail: Microsoft.AspNetCore.Authentication.JwtBearer.JwtBearerHandler[1]\n      Authentication failed. IDX10223: Lifetime validation failed. The token is expired.\n      Token: '%s'\n```" % v, ("jwt", v))


def pj2():
    v = v_jwt()
    return P("```json\n{\n  \"access_token\": \"%s\",\n  \"token_type\": \"Bearer\",\n  \"expires_in\": 900\n}\n```" % v, ("jwt", v))


def pj3():
    v = v_jwt()
    return P("request that 403s from the Rotorua tablet:\n```\nPOST /v1/attachments HTTP/2\nHost: portal-bff.tfvets.co.nz\nAuthorization: Bearer %s\nContent-Type: multipart/form-data; boundary=----%s\n```" % (v, hexs(16)), ("jwt", v))


def pj4():
    v = v_jwt()
    return P("cookie from devtools: `tfv_session=%s; Path=/; Secure; HttpOnly`" % v, ("jwt", v))


def pj5():
    v = v_jwt()
    return P("Hier is my token om die ZA-endpoint te toets, dit verval oor 'n uur: %s" % v, ("jwt", v))


def pj6():
    v = v_jwt()
    return P("```csharp\n[Fact]\npublic async Task Assessor_can_approve_claim()\n{\n    _client.DefaultRequestHeaders.Authorization = new(\"Bearer\", \"%s\");\n    var res = await _client.PostAsync($\"/v1/claims/{ClaimId}/approve\", null);\n    res.StatusCode.Should().Be(HttpStatusCode.OK);\n}\n```" % v, ("jwt", v))


def pj7():
    v = v_jwt()
    return P("```js\n> localStorage.getItem('tfv.portal.idToken')\n'%s'\n```" % v, ("jwt", v))


def pj8():
    v = v_jwt()
    return P("Postman env for NZ staging:\n```json\n{ \"key\": \"bearer\", \"value\": \"%s\", \"enabled\": true }\n```" % v, ("jwt", v))


JWT_T = [pj0, pj1, pj2, pj3, pj4, pj5, pj6, pj7, pj8]


# credit_card --------------------------------------------------------------
def pc0():
    v = v_card(1)
    return P("owner paid the excess over the phone, card %s exp %02d/%d, please put it through when the terminal is back" % (v, ri(1, 12), ri(27, 31)), ("credit_card", v))


def pc1():
    v = v_card(0)
    return P("found this in the claim notes for %s: \"paid by card %s, receipt to follow\" — can we scrub it?" % (claim_no(), v), ("credit_card", v))


def pc2():
    v = v_card(0)
    rows = ["txn_id,clinic,amount,currency,card_number,status"]
    for _ in range(ri(2, 14)):
        rows.append("%s,%s,%d.%02d,%s,**** %s,approved" % (ulid(), pick(CLINIC_CODES), ri(50, 900), ri(0, 99), pick(CURR), digits(4, False)))
    rows.insert(ri(1, len(rows)), "%s,%s,%d.%02d,%s,%s,declined" % (ulid(), pick(CLINIC_CODES), ri(50, 900), ri(0, 99), pick(CURR), v))
    return P("the gateway export has one unmasked row?!\n```csv\n" + "\n".join(rows) + "\n```", ("credit_card", v))


def pc3():
    v = v_card(1)
    return P("Die kliënt het gevra dat ons die bybetaling van kaart %s aftrek, verval %02d/%d." % (v, ri(1, 12), ri(27, 31)), ("credit_card", v))


def pc4():
    v = v_card(0)
    return P("```\nwarn: Tfv.Billing.Api.Payments.CardValidator[5002]\n      Rejected card for invoice %s: expiry in the past (card=%s, clinic=%s)\n```" % (inv_no(), v, pick(CLINIC_CODES)), ("credit_card", v))


def pc5():
    v = v_card(2)
    return P("Umnikazi ka-%s ukhokhele nge-khadi %s, ngicela nibheke ukuthi imali ingenile yini." % (pick(PETS), v), ("credit_card", v))


def pc6():
    v = v_card(1)
    return P("```\nEXCESS PAYMENT AUTHORISATION\nClaim:        %s\nAmount:       %s\nCard number:  %s\nExpiry:       %02d/%d\nSigned:       (on paper)\n```" % (claim_no(), money(), v, ri(1, 12), ri(27, 31)), ("credit_card", v))


def pc7():
    v = v_card(2)
    return P("I utua te utu e te kaipupuri ki te kāri %s — tēnā, whakaūngia mai" % v, ("credit_card", v))


CARD_T = [pc0, pc1, pc2, pc3, pc4, pc5, pc6, pc7]


# iban ---------------------------------------------------------------------
def pb0():
    v = v_iban("DE", True)
    return P("bank details for the German X-ray supplier (invoice %s):\nBeneficiary: Röntgentechnik Süd GmbH\nIBAN: %s\nBIC: %sDEFFXXX" % (inv_no("AU"), v, pick(["COBA", "DEUT", "BYLA"])), ("iban", v))


def pb1():
    v = v_iban("GB", True)
    return P("policyholder moved back to the UK and wants the payout for %s to %s — Wise can do AUD→GBP" % (claim_no("AU"), v), ("iban", v))


def pb2():
    v = v_iban("MU", True)
    return P("reinsurer remittance (Port Louis) for the Q%d bordereau: %s, ref TFV-RI-%d" % (ri(1, 4), v, ri(2025, 2026)), ("iban", v))


def pb3():
    v = v_iban("NL", False)
    return P("```json\n{\n  \"supplierId\": \"SUP-%04d\",\n  \"name\": \"Dierenkliniek Apparatuur B.V.\",\n  \"currency\": \"EUR\",\n  \"iban\": \"%s\",\n  \"bic\": \"%s\"\n}\n```" % (ri(1, 9999), v, pick(["ABNANL2A", "INGBNL2A", "RABONL2U"])), ("iban", v))


def pb4():
    v = v_iban("IE", True)
    return P("Die Ierse verskaffer het hul bankbesonderhede opgedateer: %s. Kan iemand dit in Xero verander?" % v, ("iban", v))


def pb5():
    v = v_iban(pick(["BE", "FR"]), False)
    rows = ["supplier_code,name,country,currency,iban", "SUP-%04d,Ultrasound Parts SA,%s,EUR,%s" % (ri(1, 9999), v[:2], v)]
    for _ in range(ri(1, 11)):
        rows.append("SUP-%04d,%s,%s,%s," % (ri(1, 9999), pick(["Vetsupply Pty Ltd", "Kiwi Vet Wholesale", "Karoo Farmaseuties"]), pick(["AU", "NZ", "ZA"]), pick(CURR)))
    return P("```csv\n" + "\n".join(rows) + "\n```", ("iban", v))


def pb6():
    v = v_iban("GB", False)
    return P("```\n*Xero bank import*\nContact:  Vet Locums UK Ltd\nAccount:  %s\nAmount:   GBP %d.%02d\nNarration: locum cover %s\n```" % (v, ri(800, 9000), ri(0, 99), pick(CLINICS_NZ)), ("iban", v))


def pb7():
    v = v_iban("DE", False)
    return P("> Please find our new bank details: IBAN %s, all future invoices.\n^ that's from the Hamburg endoscope vendor, can finance confirm by phone before changing it?" % v, ("iban", v))


def pb8():
    v = v_iban("FR", True)
    return P("Fournisseur en France pour les vaccins (via Réunion): IBAN %s — payment run Thursday" % v, ("iban", v))


IBAN_T = [pb0, pb1, pb2, pb3, pb4, pb5, pb6, pb7, pb8]


# openai / anthropic -------------------------------------------------------
def po0():
    v = v_openai()
    return P("```dotenv\nCLAIM_SUMMARY_PROVIDER=openai\nOPENAI_API_KEY=%s\nOPENAI_MODEL=gpt-4o-mini\n```" % v, ("openai_api_key", v))


def po1():
    v = v_openai()
    return P("```csharp\nvar client = new OpenAIClient(new ApiKeyCredential(\"%s\"));\nvar chat = client.GetChatClient(\"gpt-4o-mini\");\n// summarise clinical notes into the claim narrative\n```" % v, ("openai_api_key", v))


def po2():
    v = v_openai()
    return P("```\ncurl https://api.openai.com/v1/chat/completions \\\n  -H \"Content-Type: application/json\" \\\n  -H \"Authorization: Bearer %s\" \\\n  -d '{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"Summarise: dental extraction 204, 208\"}]}'\n```" % v, ("openai_api_key", v))


def po3():
    v = v_openai()
    return P("```json\n\"OpenAI\": {\n  \"ApiKey\": \"%s\",\n  \"Model\": \"gpt-4o-mini\",\n  \"MaxTokens\": 400\n}\n```" % v, ("openai_api_key", v))


def po4():
    v = v_openai()
    return P("```python\n# lab-ingest/summarise.py\nclient = OpenAI(api_key=\"%s\")\n```\nonly for the notebook, I'll swap to the env var" % v, ("openai_api_key", v))


def po5():
    v = v_openai()
    return P("the NZ team's OpenAI key is %s, usage cap is set to USD 200/month" % v, ("openai_api_key", v))


def po6():
    v = v_openai()
    return P("```\n2026-02-%02dT%02d:%02d:11.402Z [debug] Tfv.Claims.Summaries.OpenAiSummariser: POST /v1/chat/completions headers={Authorization: Bearer %s}\n```\nwhy is debug on in prod" % (ri(1, 28), ri(0, 23), ri(0, 59), v), ("openai_api_key", v))


def po7():
    v = v_openai()
    return P("Die OpenAI-sleutel vir die eise-opsommings: %s (net vir toetsing, asseblief)" % v, ("openai_api_key", v))


def pn0():
    v = v_anthropic()
    return P("```dotenv\nCLAIM_SUMMARY_PROVIDER=anthropic\nANTHROPIC_API_KEY=%s\n```" % v, ("anthropic_api_key", v))


def pn1():
    v = v_anthropic()
    return P("```csharp\nservices.AddSingleton(new AnthropicClient(new APIAuthentication(\"%s\")));\n```" % v, ("anthropic_api_key", v))


def pn2():
    v = v_anthropic()
    return P("```\ncurl https://api.anthropic.com/v1/messages \\\n  -H \"x-api-key: %s\" \\\n  -H \"anthropic-version: 2023-06-01\" \\\n  -H \"content-type: application/json\" \\\n  -d '{\"model\":\"claude-3-5-haiku-latest\",\"max_tokens\":300,\"messages\":[{\"role\":\"user\",\"content\":\"Summarise the attached lab result\"}]}'\n```" % v, ("anthropic_api_key", v))


def pn3():
    v = v_anthropic()
    return P("```yaml\nclaimsSummaries:\n  provider: anthropic\n  anthropic:\n    apiKey: \"%s\"\n    model: claude-3-5-sonnet-latest\n```" % v, ("anthropic_api_key", v))


def pn4():
    v = v_anthropic()
    return P("Nansi i-key ye-Anthropic yokuhlola i-ZA summaries: %s — ningayisebenzisi ku-prod" % v, ("anthropic_api_key", v))


def pn5():
    v = v_anthropic()
    return P("```python\nimport anthropic\nclient = anthropic.Anthropic(api_key=\"%s\")\nmsg = client.messages.create(model=\"claude-3-5-haiku-latest\", max_tokens=200, messages=[{\"role\": \"user\", \"content\": notes}])\n```" % v, ("anthropic_api_key", v))


def pn6():
    v = v_anthropic()
    return P("Anei te kī Anthropic mō te taiao whakamātautau: %s" % v, ("anthropic_api_key", v))


def pn7():
    v = v_anthropic()
    return P("```\n##[debug]Evaluating: secrets.ANTHROPIC_API_KEY\n##[debug]Result: '%s'\n```\nthe pipeline printed it because the variable wasn't marked secret" % v, ("anthropic_api_key", v))


OPENAI_T = [po0, po1, po2, po3, po4, po5, po6, po7]
ANTH_T = [pn0, pn1, pn2, pn3, pn4, pn5, pn6, pn7]


# private_key_pem ----------------------------------------------------------
def pem_layout(kind, layout):
    label, body = pem_parts(kind)
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        v = "\n".join(body)
        t = "%s\n```\n%s\n%s\n%s\n```" % (pick(["here's the LabLink SFTP key so you can test from your machine:", "cert key for portal-bff staging:",
                                                  "found this on the Pretoria PMS server desktop, key.pem:"]), begin, v, end)
    elif layout == 1:
        v = "\\n".join(body)
        t = "```json\n{\n  \"type\": \"sftp\",\n  \"host\": \"sftp.lablink.co.za\",\n  \"username\": \"lablink_ingest\",\n  \"privateKey\": \"%s\\n%s\\n%s\\n\"\n}\n```" % (begin, v, end)
    elif layout == 2:
        v = "\n    ".join(body)
        t = "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: lablink-sftp\nstringData:\n  id_key: |\n    %s\n    %s\n    %s\n```" % (begin, v, end)
    elif layout == 3:
        v = "\n".join(body)
        t = "```\n$ cat ~/.ssh/%s\n%s\n%s\n%s\n```" % (pick(["lablink_ed25519", "pms_sync_za", "claims_deploy"]), begin, v, end)
    else:
        v = "\n".join(body)
        t = "```csharp\nprivate const string TestSigningKey = @\"%s\n%s\n%s\";\n```" % (begin, v, end)
    return t, v


def pk_factory(kind, layout):
    def f():
        t, v = pem_layout(kind, layout)
        return P(t, ("private_key_pem", v))
    f.ctx = "private_key_pem:%s:layout%d" % (kind, layout)
    return f


PEM_T = [pk_factory("ec", 0), pk_factory("openssh", 3), pk_factory("rsa", 1), pk_factory("ed25519", 2), pk_factory("ec", 4),
         pk_factory("openssh", 2), pk_factory("rsa", 0), pk_factory("ed25519", 1), pk_factory("ec", 3)]


# slack --------------------------------------------------------------------
def psb0():
    v = v_slack_bot()
    return P("```json\n\"Slack\": {\n  \"BotToken\": \"%s\",\n  \"AlertsChannel\": \"C0%s\"\n}\n```" % (v, rs(UPP + DIG, 9)), ("slack_bot_token", v))


def psb1():
    v = v_slack_bot()
    return P("```\ncurl -X POST https://slack.com/api/chat.postMessage \\\n  -H \"Authorization: Bearer %s\" \\\n  -d channel=C0%s -d text=\"claims backlog > 200 in ZA\"\n```" % (v, rs(UPP + DIG, 9)), ("slack_bot_token", v))


def psb2():
    v = v_slack_bot()
    return P("```dotenv\nSLACK_BOT_TOKEN=%s\nSLACK_ALERTS_CHANNEL=#claims-alerts\n```" % v, ("slack_bot_token", v))


def psb3():
    v = v_slack_bot()
    return P("```\ninfo: Tfv.Notifications.Slack.SlackNotifier[0]\n      Posting to #claims-alerts with token %s (attempt 2/3)\n```" % v, ("slack_bot_token", v))


def psb4():
    v = v_slack_bot()
    return P("```python\nfrom slack_sdk import WebClient\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#lab-results\", text=\"LabLink batch imported\")\n```" % v, ("slack_bot_token", v))


def psb5():
    v = v_slack_bot()
    return P("Die bot-token vir #eise-waarskuwings is %s — sit dit asseblief in die vault" % v, ("slack_bot_token", v))


def psb6():
    v = v_slack_bot()
    return P("```yaml\nnotifications:\n  slack:\n    token: %s\n    channel: \"#claims-alerts-nz\"\n```" % v, ("slack_bot_token", v))


def psb7():
    v = v_slack_bot()
    return P("new bot token after reinstalling the Claims Alerts app: %s" % v, ("slack_bot_token", v))


def psu0():
    v = v_slack_user()
    return P("```\n$ SLACK_USER_TOKEN=%s python export_channel.py --channel claims-incidents --since 2025-01-01\nexported %d messages\n```" % (v, ri(200, 9000)), ("slack_user_token", v))


def psu1():
    v = v_slack_user()
    return P("my user token for the retention script, scope channels:history: %s" % v, ("slack_user_token", v))


def psu2():
    v = v_slack_user()
    return P("```\ncurl -H \"Authorization: Bearer %s\" \"https://slack.com/api/conversations.history?channel=C0%s&limit=200\"\n```" % (v, rs(UPP + DIG, 9)), ("slack_user_token", v))


def psu3():
    v = v_slack_user()
    return P("```json\n{\"ok\": true, \"access_token\": \"%s\", \"token_type\": \"user\", \"scope\": \"search:read,channels:history\"}\n```" % v, ("slack_user_token", v))


def psu4():
    v = v_slack_user()
    return P("Ngisebenzisa le token yami ukuthola imiyalezo endala: %s" % v, ("slack_user_token", v))


def psu5():
    v = v_slack_user()
    return P("```python\nUSER_TOKEN = \"%s\"  # TODO: move to 1Password\n```" % v, ("slack_user_token", v))


def psu6():
    v = v_slack_user()
    return P("Kei konei taku tohu kaiwhakamahi Slack mō te tuhinga kaweake: %s" % v, ("slack_user_token", v))


def psu7():
    v = v_slack_user()
    return P("```\n%s ERR SlackExport: 429 ratelimited for token=%s channel=claims-support retry_after=30\n```" % (ts_plain(), v), ("slack_user_token", v))


SB_T = [psb0, psb1, psb2, psb3, psb4, psb5, psb6, psb7]
SU_T = [psu0, psu1, psu2, psu3, psu4, psu5, psu6, psu7]


# github -------------------------------------------------------------------
def pgc0():
    v = v_ghp()
    return P("```xml\n<packageSourceCredentials>\n  <github>\n    <add key=\"Username\" value=\"tfv-ci\" />\n    <add key=\"ClearTextPassword\" value=\"%s\" />\n  </github>\n</packageSourceCredentials>\n```" % v, ("github_classic_pat", v))


def pgc1():
    v = v_ghp()
    return P("```\n$ export GH_TOKEN=%s\n$ gh pr list -R tfv/claims-api\n```" % v, ("github_classic_pat", v))


def pgc2():
    v = v_ghp()
    return P("use my PAT for the NuGet feed until the OIDC thing lands: %s" % v, ("github_classic_pat", v))


def pgc3():
    v = v_ghp()
    return P("```\n$ dotnet nuget add source https://nuget.pkg.github.com/tfv/index.json -n github -u tfv-ci -p %s --store-password-in-clear-text\n```" % v, ("github_classic_pat", v))


def pgc4():
    v = v_ghp()
    return P("Hier is die token vir die pakkies: %s (verval einde van die maand)" % v, ("github_classic_pat", v))


def pgc5():
    v = v_ghp()
    return P("```yaml\n# .github/workflows/deploy-za.yml (old)\nenv:\n  PACKAGES_TOKEN: %s\n```" % v, ("github_classic_pat", v))


def pgc6():
    v = v_ghp()
    return P("```\nrenovate config:\n  hostRules:\n    - matchHost: nuget.pkg.github.com\n      password: %s\n```" % v, ("github_classic_pat", v))


def pgc7():
    v = v_ghp()
    return P("Anei taku PAT mō te whakamātautau: %s" % v, ("github_classic_pat", v))


def pgc8():
    v = v_ghp()
    return P("```csharp\nclient.Credentials = new Credentials(\"%s\"); // Octokit, release notes bot\n```" % v, ("github_classic_pat", v))


def pgf0():
    v = v_ghf()
    return P("fine-grained token for the claims-api repo only (contents:read): %s" % v, ("github_fine_grained_pat", v))


def pgf1():
    v = v_ghf()
    return P("```\n$ echo %s | gh auth login --with-token\n$ gh repo clone tfv/lab-ingest\n```" % v, ("github_fine_grained_pat", v))


def pgf2():
    v = v_ghf()
    return P("```dotenv\nGITHUB_TOKEN=%s\nGITHUB_REPOSITORY=tfv/pms-sync\n```" % v, ("github_fine_grained_pat", v))


def pgf3():
    v = v_ghf()
    return P("```json\n{\n  \"registry\": \"https://npm.pkg.github.com\",\n  \"token\": \"%s\"\n}\n```" % v, ("github_fine_grained_pat", v))


def pgf4():
    v = v_ghf()
    return P("Die nuwe fyn-korrel token vir die ZA-repo: %s" % v, ("github_fine_grained_pat", v))


def pgf5():
    v = v_ghf()
    return P("```\n//npm.pkg.github.com/:_authToken=%s\n@tfv:registry=https://npm.pkg.github.com\n```" % v, ("github_fine_grained_pat", v))


def pgf6():
    v = v_ghf()
    return P("```python\ngh = Github(auth=Auth.Token(\"%s\"))\nrepo = gh.get_repo(\"tfv/claims-portal\")\n```" % v, ("github_fine_grained_pat", v))


def pgf7():
    v = v_ghf()
    return P("Le token ye-GitHub yokufunda i-repo ye-lab: %s — iphela ngo-%s" % (v, date_iso()), ("github_fine_grained_pat", v))


def pgf8():
    v = v_ghf()
    return P("```\nterraform {\n  # provider token, remove before commit!\n}\nprovider \"github\" {\n  owner = \"tfv\"\n  token = \"%s\"\n}\n```" % v, ("github_fine_grained_pat", v))


GHC_T = [pgc0, pgc1, pgc2, pgc3, pgc4, pgc5, pgc6, pgc7, pgc8]
GHF_T = [pgf0, pgf1, pgf2, pgf3, pgf4, pgf5, pgf6, pgf7, pgf8]


# us_ssn -------------------------------------------------------------------
def pss0():
    v = v_ssn()
    return P("US locum for Hobart (starts %s) sent her W-9 details: SSN %s — payroll needs it, not us" % (date_au(), v), ("us_ssn", v))


def pss1():
    v = v_ssn()
    return P("```\nLOCUM ONBOARDING — US CONTRACTOR\nName:          (see HR file)\nState licence: TX-%d\nSSN:           %s\nStart clinic:  %s\n```" % (ri(10000, 99999), v, pick(CLINICS)), ("us_ssn", v))


def pss2():
    v = v_ssn()
    return P("```csv\ncontractor_id,country,tax_id_type,tax_id\nLC-%03d,US,SSN,%s\nLC-%03d,NZ,IRD,\n```" % (ri(1, 999), v, ri(1, 999)), ("us_ssn", v))


def pss3():
    v = v_ssn()
    return P("the US reinsurer's claim form for the travelling dog asks for the owner's SSN, owner wrote %s. Do we even need it?" % v, ("us_ssn", v))


def pss4():
    v = v_ssn()
    return P("```json\n{\"contractorId\": \"LC-%03d\", \"taxResidency\": \"US\", \"ssn\": \"%s\", \"rateNzdPerDay\": %d}\n```" % (ri(1, 999), v, ri(600, 1400)), ("us_ssn", v))


def pss5():
    v = v_ssn()
    return P("Die Amerikaanse locum se SSN is %s, stuur dit asseblief net na payroll" % v, ("us_ssn", v))


def pss6():
    v = v_ssn(dashed=chance(0.5))
    return P("```\nfail: Tfv.Billing.Payouts.ContractorTaxValidator[7004]\n      US tax id rejected by payroll API: %s (expected ITIN for non-resident)\n```" % v, ("us_ssn", v))


def pss7():
    v = v_ssn()
    return P("Social Security No.: %s\nDOB: on file\n^ pasted from the locum agency email, please delete once HR has it" % v, ("us_ssn", v))


SSN_T = [pss0, pss1, pss2, pss3, pss4, pss5, pss6, pss7]


# multi-secret templates -----------------------------------------------------
def m_aws(i):
    k, s = v_aws_key(), v_aws_secret()
    if i == 0:
        t = "```ini\n# ~/.aws/credentials on the lab export VM\n[tfv-lab-export]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = af-south-1\n```" % (k, s)
    elif i == 1:
        t = "```\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync ./exports s3://tfv-pms-exports-nz/%s/\n```" % (k, s, date_iso())
    elif i == 2:
        t = "```json\n\"AWS\": {\n  \"Profile\": \"\",\n  \"Region\": \"ap-southeast-2\",\n  \"AccessKey\": \"%s\",\n  \"SecretKey\": \"%s\"\n}\n```" % (k, s)
    elif i == 3:
        t = "```hcl\nprovider \"aws\" {\n  region     = \"af-south-1\"\n  access_key = \"%s\"\n  secret_key = \"%s\"\n}\n```\nthis is in the old infra repo, still valid?" % (k, s)
    else:
        t = "```\ndocker run --rm -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s tfvacr.azurecr.io/lab-ingest:1.%d.%d backfill --since %s\n```" % (k, s, ri(0, 20), ri(0, 9), date_iso())
    return P(t, ("aws_access_key_id", k), ("aws_secret_access_key", s))


def m_sig(i):
    cc = ["AU", "NZ", "ZA"][i % 3]
    p = person(cc)
    e, ph = v_email((p[0], p[1], cc)), v_phone(cc, pick([0, 1]))
    role = pick(["Practice Manager", "Head Nurse", "Claims Liaison", "Senior Veterinarian"])
    greet = {"AU": "Cheers,", "NZ": "Ngā mihi,", "ZA": "Groete / Regards,"}[cc]
    t = "pasting the owner's email thread so we have context:\n> %s\n> %s %s\n> %s, Tussock & Fynbos Vets %s\n> M: %s | E: %s" % (
        greet, p[0], p[1], role, pick(CLINICS_AU if cc == "AU" else CLINICS_NZ if cc == "NZ" else CLINICS_ZA), ph, e)
    return P(t, ("phone_number", ph), ("email_address", e))


def m_email_ip(i):
    e, ip = v_email(), v_ipv4()
    if i == 0:
        t = "```\n%s INF Tfv.Portal.Bff.Auth.LoginHandler Login succeeded for %s from %s (mfa=sms)\n%s WRN Tfv.Portal.Bff.Auth.LoginHandler New device for %s\n```" % (ts_plain(), e, ip, ts_plain(), e)
    else:
        t = "```json\n{\"@t\":\"%s\",\"@mt\":\"Password reset requested\",\"Email\":\"%s\",\"ClientIp\":\"%s\",\"UserAgent\":\"Mozilla/5.0 (iPhone)\"}\n```" % (ts_iso(), e, ip)
    return P(t, ("email_address", e), ("ipv4_address", ip))


def m_url_ip(i):
    pw, ip = v_url_pw(), v_ipv4()
    if i == 0:
        t = "temporary DR replica while Azure fixes af-south: `postgres://claims_app:%s@%s:5432/claims?sslmode=require`" % (pw, ip)
    else:
        t = "```dotenv\nPMS_SYNC_SOURCE=postgresql://pms_sync:%s@%s:5433/vetpm\nPMS_SYNC_CLINIC=NZ-WHG\n```" % (pw, ip)
    return P(t, ("url_credentials", pw), ("ipv4_address", ip))


def m_pw_ip(i):
    pw, ip = v_password().replace(";", "!"), v_ipv4()
    t = "```\nHost=%s;Port=5432;Database=vetpm;Username=pms_sync;Password=%s;SSL Mode=Require\n```\nthat's the Gqeberha on-prem PMS, exposed via their router (yes I know)" % (ip, pw)
    return P(t, ("ipv4_address", ip), ("password", pw))


def m_card_phone(i):
    c = v_card(1)
    cc = pick(["AU", "NZ", "ZA"])
    ph = v_phone(cc, 0)
    if i == 0:
        t = "Reception note (%s): owner called from %s to pay the excess, card %s exp %02d/%d. Please process and call back to confirm." % (
            pick(CLINICS), ph, c, ri(1, 12), ri(27, 31))
    else:
        t = "Eienaar het gebel van %s — wil met kaart %s betaal vir eis %s. Kan iemand terugbel?" % (ph, c, claim_no("ZA"))
    return P(t, ("phone_number", ph), ("credit_card", c))


def m_iban_email(i):
    ib, e = v_iban("GB", True), v_email(person("AU"))
    t = "owner relocating to London asked that the payout go to %s, confirmation email from %s — can payouts verify by phone first?" % (ib, e)
    return P(t, ("iban", ib), ("email_address", e))


def m_slack_both(i):
    b, u = v_slack_bot(), v_slack_user()
    t = "```dotenv\n# scripts/slack-retention/.env\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s\nRETENTION_DAYS=365\n```" % (b, u)
    return P(t, ("slack_bot_token", b), ("slack_user_token", u))


def m_jwt_email(i):
    e = v_email(person("NZ"))
    j = v_jwt()
    t = "```\nwarn: Tfv.Portal.Bff.Auth.TokenService[12]\n      Refresh denied for %s, presented token %s\n```" % (e, j)
    return P(t, ("email_address", e), ("jwt", j))


def m_ssn_phone(i):
    s, ph = v_ssn(), v_us_phone()
    t = "```\nUS LOCUM — PAYROLL DETAILS (forwarded by the agency)\nSSN:    %s\nPhone:  %s\nStart:  %s, %s clinic\n```" % (s, ph, date_au(), pick(CLINICS_AU))
    return P(t, ("us_ssn", s), ("phone_number", ph))


def m_ai_both(i):
    o, a = v_openai(), v_anthropic()
    t = "```dotenv\n# claims-summaries/.env.local\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nSUMMARY_PROVIDER=anthropic\n```" % (o, a)
    return P(t, ("openai_api_key", o), ("anthropic_api_key", a))


MULTI = [("aws_pair", m_aws, 5), ("signature", m_sig, 3), ("email_ip_log", m_email_ip, 2), ("url_with_ip", m_url_ip, 2),
         ("npgsql_ip", m_pw_ip, 1), ("card_phone", m_card_phone, 2), ("iban_email", m_iban_email, 1), ("slack_env", m_slack_both, 1),
         ("jwt_email_log", m_jwt_email, 1), ("us_locum", m_ssn_phone, 1), ("ai_env", m_ai_both, 1)]

SINGLE = [("phone_number", [pp0, pp1, pp2, pp3, pp4, pp5], 4), ("email_address", [pe0, pe1, pe2, pe3], 3),
          ("password", PASSWORD_T, 9), ("url_credentials", URL_T, 8), ("ipv4_address", IP_T, 5), ("credit_card", CARD_T, 8),
          ("iban", IBAN_T, 9), ("jwt", JWT_T, 9), ("aws_access_key_id", [pak0, pak1, pak2, pak3], 4),
          ("aws_secret_access_key", [pas0, pas1, pas2, pas3], 4), ("openai_api_key", OPENAI_T, 8), ("anthropic_api_key", ANTH_T, 8),
          ("private_key_pem", PEM_T, 9), ("slack_bot_token", SB_T, 8), ("slack_user_token", SU_T, 8),
          ("github_classic_pat", GHC_T, 9), ("github_fine_grained_pat", GHF_T, 9), ("us_ssn", SSN_T, 8)]


# ---------------------------------------------------------------------------
# decoration, checks, assembly
# ---------------------------------------------------------------------------
def decorate(text, p_lead=0.13, p_trail=0.09):
    if chance(p_lead):
        li = pick(LEADINS)
        if "\n" in text or text.startswith("```") or chance(0.45):
            text = li + "\n" + text
        else:
            text = li + " " + text
    if chance(p_trail):
        tr = pick(TRAILERS)
        text = text + ("\n" if "\n" in text or chance(0.5) else " ") + tr
    return text


NEG_CATS = [("data_uri_base64", DATA_URI_TEMPLATES), ("placeholder_example", PLACEHOLDER_TEMPLATES),
            ("code_identifier", CODE_ID_TEMPLATES), ("non_credential_blob", NON_CRED_TEMPLATES),
            ("pii_lookalike_number", PII_LOOK_TEMPLATES), ("talk_about_secrets", TALK_TEMPLATES)]

STATS = {"neg_redrawn_scanner": 0, "neg_redrawn_dup": 0, "neg_templates_used": {}}


def build_negatives():
    seen = set()
    out = []
    for cat, temps in NEG_CATS:
        order = []
        while len(order) < 100:
            o = list(temps)
            R.shuffle(o)
            order += o
        order = order[:100]
        used = []
        for t in order:
            for attempt in range(80):
                fn = t if attempt < 40 else pick(temps)
                text = decorate(fn())
                if text in seen:
                    STATS["neg_redrawn_dup"] += 1
                    continue
                if scan(text):
                    STATS["neg_redrawn_scanner"] += 1
                    continue
                break
            else:
                raise RuntimeError("could not draw a clean %s from %s" % (cat, t.__name__))
            seen.add(text)
            used.append(fn.__name__)
            out.append({"text": text, "category": cat})
        STATS["neg_templates_used"][cat] = len(dict.fromkeys(used))
    R.shuffle(out)
    res = []
    for i, r in enumerate(out, 1):
        res.append({"id": "%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]})
    return res


def check_secret(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_mod(v.replace(" ", "")) == 1, v
    elif kind == "us_ssn":
        d = v.replace("-", "")
        a, g, s = int(d[:3]), int(d[3:5]), int(d[5:])
        assert len(d) == 9 and a not in (0, 666) and a < 900 and g and s, v
    elif kind == "ipv4_address":
        ip = ipaddress.ip_address(v)
        assert ip.is_global and not ip.is_multicast, v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    elif kind == "github_classic_pat":
        assert v.startswith("ghp_") and len(v) == 40 and base62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:], v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert len(v) == 40, v
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108, v


def build_positives():
    items = []
    for kind, temps, n in SINGLE:
        order = []
        while len(order) < n:
            o = list(range(len(temps)))
            R.shuffle(o)
            order += o
        for ti in order[:n]:
            fn = temps[ti]
            text, secs = fn()
            ctx = getattr(fn, "ctx", "%s:t%d" % (kind, ti))
            items.append((text, secs, ctx))
    for name, fn, n in MULTI:
        for i in range(n):
            text, secs = fn(i)
            items.append((text, secs, "multi:%s:%d" % (name, i)))
    R.shuffle(items)
    res = []
    seen = set()
    for i, (text, secs, ctx) in enumerate(items, 1):
        text = decorate(text, 0.07, 0.04)
        assert text not in seen
        seen.add(text)
        for k, v in secs:
            assert v in text, (k, v)
            check_secret(k, v)
        res.append({"id": "%dp-%04d" % (N, i), "text": text, "secrets": [{"kind": k, "value": v} for k, v in secs], "context": ctx})
    return res


def main():
    neg = build_negatives()
    pos = build_positives()
    for name, rows in (("negatives", neg), ("positives", pos)):
        path = os.path.join(HERE, "%s_%s.jsonl" % (NAME, name))
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    from collections import Counter
    print("negatives: %d  %s" % (len(neg), dict(Counter(r["category"] for r in neg))))
    print("positives: %d messages, %d secrets" % (len(pos), sum(len(r["secrets"]) for r in pos)))
    print("redrawn negatives: scanner=%d duplicate=%d" % (STATS["neg_redrawn_scanner"], STATS["neg_redrawn_dup"]))
    print("templates used per category: %s" % STATS["neg_templates_used"])
    fn = Counter()
    for r in neg:
        for k, v in scan(r["text"], allow_example=False):
            fn[k] += 1
    print("scanner on final negatives (EXAMPLE keys not allowed): %s" % dict(fn))
    miss = 0
    for r in pos:
        if not scan(r["text"]):
            miss += 1
    print("positive messages with no scanner hit: %d" % miss)


if __name__ == "__main__":
    main()
