#!/usr/bin/env python3
"""Blind redaction corpus #54 (Seshat issue 24, round 11).

Theme: a news publisher's Slack (newsroom CMS, wire-feed ingestion, paywall and
subscriptions, ad-tech header bidding, video CDN, push notifications) in France,
Vietnam and Indonesia. Languages: English, French, Vietnamese, Indonesian.

Standard library only. random.Random(54 * 101) is the only source of randomness
and is drawn in a fixed order, so two runs write byte-identical files.
Run: python3 gen.py   (writes redaction54_negatives.jsonl / redaction54_positives.jsonl)
"""
import base64
import datetime
import json
import os
import random
import re
import string
import struct
import sys
import zlib

N = 54
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
UPDIG = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64A = string.ascii_letters + string.digits + "+/"
B64U = string.ascii_letters + string.digits + "-_"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def pick(xs):
    return R.choice(xs)


def hexs(n):
    return rs(HEX, n)


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = hexs(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(t=None):
    t = t or ts()
    ms = t * 1000 + R.randrange(1000)
    h = "%012x" % ms + "7" + hexs(3) + pick("89ab") + hexs(15)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return pick("01") + rs(CROCK, 25)


def objid():
    return "%08x" % ts() + hexs(16)


def ts():
    return R.randint(1735689600, 1767225599)  # 2025


def iso(t, ms=True):
    d = datetime.datetime.fromtimestamp(t, datetime.timezone.utc)
    s = d.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % R.randrange(1000)
    return s + "Z"


def dmy(t, sep="/"):
    d = datetime.datetime.fromtimestamp(t, datetime.timezone.utc)
    return d.strftime("%d" + sep + "%m" + sep + "%Y")


def hm(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%H:%M")


def luhn_ok(digits):
    s = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        s += d
    return s % 10 == 0


def luhn_complete(prefix_body):
    for c in "0123456789":
        if luhn_ok(prefix_body + c):
            return prefix_body + c
    raise AssertionError


def luhn_bad(prefix_body):
    for c in "0123456789":
        if not luhn_ok(prefix_body + c):
            return prefix_body + c
    raise AssertionError


def iban_mod_ok(iban):
    s = iban.replace(" ", "")
    s = s[4:] + s[:4]
    return int("".join(str(int(ch, 36)) for ch in s)) % 97 == 1


def iban_make(cc, bban):
    n = int("".join(str(int(ch, 36)) for ch in bban + cc + "00"))
    return "%s%02d%s" % (cc, 98 - n % 97, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def rib_key(bank, guichet, compte):
    tr = {}
    for i, ch in enumerate("ABCDEFGHI"):
        tr[ch] = str(i + 1)
    for i, ch in enumerate("JKLMNOPQR"):
        tr[ch] = str(i + 1)
    for i, ch in enumerate("STUVWXYZ"):
        tr[ch] = str(i + 2)
    c = "".join(tr.get(ch, ch) for ch in compte)
    return 97 - ((89 * int(bank) + 15 * int(guichet) + 3 * int(c)) % 97)


def is_public_ipv4(a, b, c, d):
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


def lines_of(text):
    return text.count("\n") + 1


# --------------------------------------------------------------------------
# real binary payloads for data: URIs
# --------------------------------------------------------------------------
def _chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def png_bytes(w=None, h=None):
    w = w or R.randint(1, 8)
    h = h or R.randint(1, 8)
    base = [R.randrange(256) for _ in range(3)]
    raw = b""
    for _ in range(h):
        row = b"\x00"
        for _ in range(w):
            row += bytes((v + R.randrange(24)) % 256 for v in base)
        raw += row
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def gif_bytes():
    c1 = rbytes(3)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c1 + b"\xff\xff\xff"
            + b"!\xf9\x04\x01\x00\x00\x00\x00" + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00"
            + b"\x02\x02D\x01\x00;")


def jpeg_bytes():
    q = bytes(R.randint(1, 40) for _ in range(64))
    sof = b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", R.randint(8, 16), R.randint(8, 16)) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    dht = b"\xff\xc4\x00\x1f\x00" + bytes([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]) + bytes(range(12))
    sos = b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00"
    data = bytes(b if b != 0xFF else 0xFE for b in rbytes(R.randint(30, 70)))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + q + sof + dht + sos + data + b"\xff\xd9")


def webp_bytes():
    w, h = R.randint(1, 64), R.randint(1, 64)
    bits = (w - 1) | ((h - 1) << 14) | (1 << 28)
    body = b"\x2f" + struct.pack("<I", bits) + rbytes(R.randint(8, 30))
    if len(body) % 2:
        body += b"\x00"
    vp8l = b"VP8L" + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", 4 + len(vp8l)) + b"WEBP" + vp8l


def wav_bytes():
    n = R.randint(40, 90)
    data = bytes(128 + int(60 * ((i * R.choice((3, 5, 7))) % 16 - 8) / 8) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return (b"RIFF" + struct.pack("<I", 4 + 8 + len(fmt) + 8 + len(data)) + b"WAVE"
            + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data)


def pdf_bytes():
    title = pick(["Edition du soir", "Ban in sang", "Edisi cetak", "Supplement week-end", "Une du jour"])
    page = R.randint(1, 48)
    txt = "BT /F1 18 Tf 40 760 Td (%s p.%d) Tj ET" % (title, page)
    return ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>>endobj\n"
            "4 0 obj<</Length %d>>stream\n%s\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%%%EOF\n" % (len(txt), txt)).encode()


def woff2_bytes():
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", R.randint(9000, 40000)) + b"\x00\x0c\x00\x00" + rbytes(R.randint(60, 120))


def ico_bytes():
    p = png_bytes(R.choice((8, 16)), None)
    w = 16
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", w, w, 0, 0, 1, 32, len(p), 22) + p


SVG_SHAPES = [
    '<path d="M8 5v14l11-7z" fill="#{c}"/>',  # play
    '<rect x="5" y="11" width="14" height="10" rx="2" fill="#{c}"/><path d="M8 11V7a4 4 0 0 1 8 0v4" stroke="#{c}" fill="none"/>',  # lock
    '<path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11a6 6 0 0 0-5-5.9V4h-2v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1z" fill="#{c}"/>',  # bell
    '<circle cx="12" cy="12" r="{r}" fill="#{c}"/>',
    '<path d="M6 6l12 12M18 6L6 18" stroke="#{c}" stroke-width="2"/>',  # close
]


def svg_text():
    shape = pick(SVG_SHAPES).replace("{c}", hexs(6)).replace("{r}", str(R.randint(3, 10)))
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % shape


def sourcemap_json():
    src = pick(["player", "paywall", "prebid-wrapper", "push-optin", "article-reader", "live-blog"])
    m = {"version": 3, "file": src + ".min.js",
         "sources": ["webpack://%s/./src/%s.ts" % (src, f) for f in R.sample(["index", "consent", "gpt", "bidders", "hls", "meter", "ui", "store"], 3)],
         "names": R.sample(["init", "render", "adUnits", "requestBids", "setTargeting", "attachMedia", "onTick", "meterCount"], 4),
         "mappings": ";".join(",".join(rs("ABCDEFGIKMOQSUWYacegikmoqsuwy+/", R.randint(4, 7)) for _ in range(R.randint(2, 5))) for _ in range(R.randint(3, 7)))}
    return json.dumps(m, separators=(",", ":"))


def uri(kind):
    if kind == "png":
        return "data:image/png;base64," + b64(png_bytes())
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif_bytes())
    if kind == "jpeg":
        return "data:image/jpeg;base64," + b64(jpeg_bytes())
    if kind == "webp":
        return "data:image/webp;base64," + b64(webp_bytes())
    if kind == "svg":
        return "data:image/svg+xml;base64," + b64(svg_text().encode())
    if kind == "wav":
        return "data:audio/wav;base64," + b64(wav_bytes())
    if kind == "pdf":
        return "data:application/pdf;base64," + b64(pdf_bytes())
    if kind == "woff2":
        return "data:font/woff2;base64," + b64(woff2_bytes())
    if kind == "ico":
        return "data:image/x-icon;base64," + b64(ico_bytes())
    if kind == "map":
        return "data:application/json;charset=utf-8;base64," + b64(sourcemap_json().encode())
    raise KeyError(kind)


def truncate(u, keep=None):
    keep = keep or R.randint(40, 70)
    if len(u) <= keep + 10:
        return u
    rest = len(u) - keep
    return u[:keep] + pick(["…", "...", "…[%d more chars]" % rest, "... (%d chars)" % len(u)])


def pct_svg():
    s = svg_text()
    return "data:image/svg+xml," + s.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")


# --------------------------------------------------------------------------
# scanner: anything real-looking in a negative makes it redrawn
# --------------------------------------------------------------------------
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}")
RE_GHF = re.compile(r"github_pat_[A-Za-z0-9_]{50,}")
RE_SLACK = re.compile(r"xox[abposer]-[0-9]{4,}-[A-Za-z0-9-]{8,}")
RE_SK = re.compile(r"sk-[A-Za-z0-9_-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")
RE_SSN = re.compile(r"(?<![\d-])\d{3}[- ]\d{2}[- ]\d{4}(?![\d-])")
RE_DIGRUN = re.compile(r"(?<![\d])\d(?:[ -]?\d)*(?![\d])")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?")
RE_PEM = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*(?:\\n)?\s*([A-Za-z0-9+/=]{40,})")
RE_AKIA = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
RE_PHONES = [
    ("fr", re.compile(r"(?:\+33|0033)[\s.]?\(?0?\)?[1-9](?:[\s.-]?\d{2}){4}(?!\d)")),
    ("fr", re.compile(r"(?<![\d.,/:-])0[1-9](?:[\s.-]?\d{2}){4}(?![\d])")),
    ("vn", re.compile(r"(?:\+84|0084)[\s.-]?\(?\d{1,3}\)?[\s.-]?\d{3}[\s.-]?\d{3,4}(?!\d)")),
    ("vn", re.compile(r"(?<![\d.,/:-])0[1-9]\d{1,2}[\s.-]\d{3,4}[\s.-]?\d{3,4}(?![\d])")),
    ("id", re.compile(r"(?:\+62|0062)[\s.-]?\(?\d{2,3}\)?[\s.-]?\d{3,4}[\s.-]?\d{3,5}(?!\d)")),
    ("id", re.compile(r"(?<![\d.,/:-])08\d{2}[\s.-]?\d{3,4}[\s.-]?\d{3,5}(?![\d])")),
    ("id", re.compile(r"\(0\d{1,3}\)\s?\d{3,4}[\s.-]?\d{3,4}(?!\d)")),
    ("us", re.compile(r"(?:\+1[\s.-]?)?\(\d{3}\)\s?\d{3}[\s.-]\d{4}(?!\d)")),
    ("us", re.compile(r"(?<![\d.,/:-])(?:\+1[\s.-])?[2-9]\d{2}[.-]\d{3}[.-]\d{4}(?![\d])")),
    ("plain", re.compile(r"(?<![\d])(?:\+?(?:33|84|62|1))?0\d{8,11}(?![\d])")),
]
BAD_FILLER = re.compile(r"(x{4}|X{4}|0{6}|\.\.\.|…|\*{3}|EXAMPLE|your|YOUR)")


def looks_random(s):
    return len(set(s)) >= 10 and not BAD_FILLER.search(s)


def scan(text):
    """Return a list of (finding, value) for anything real-looking."""
    out = []
    for m in RE_EMAIL.finditer(text):
        out.append(("email", m.group(0)))
    for m in RE_GH.finditer(text):
        if looks_random(m.group(0)[4:]):
            out.append(("github_pat", m.group(0)))
    for m in RE_GHF.finditer(text):
        if looks_random(m.group(0)[11:]):
            out.append(("github_pat", m.group(0)))
    for m in RE_SLACK.finditer(text):
        if looks_random(m.group(0)):
            out.append(("slack", m.group(0)))
    for m in RE_SK.finditer(text):
        if looks_random(m.group(0)[3:]):
            out.append(("sk_key", m.group(0)))
    for m in RE_JWT.finditer(text):
        out.append(("jwt", m.group(0)))
    for m in RE_SSN.finditer(text):
        out.append(("ssn", m.group(0)))
    for m in RE_DIGRUN.finditer(text):
        d = re.sub(r"[ -]", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            out.append(("luhn", m.group(0)))
        elif len(d) > 19:
            # also windows of plain contiguous runs inside very long digit strings
            for sub in re.findall(r"\d{13,19}", m.group(0)):
                if luhn_ok(sub):
                    out.append(("luhn", sub))
    for m in RE_IBAN.finditer(text):
        parts = m.group(0).split(" ")
        cand = m.group(0).replace(" ", "")
        while len(cand) >= 15:
            if iban_mod_ok(cand):
                out.append(("iban", m.group(0)))
                break
            if len(parts) > 1:
                parts = parts[:-1]
                cand = "".join(parts)
            else:
                cand = cand[:-1]
    for m in RE_PEM.finditer(text):
        out.append(("pem", m.group(1)[:24]))
    for m in RE_AKIA.finditer(text):
        if "EXAMPLE" not in m.group(0):
            out.append(("aws_key_id", m.group(0)))
    for m in RE_IP.finditer(text):
        o = [int(x) for x in m.groups()]
        if all(x <= 255 for x in o) and is_public_ipv4(*o):
            out.append(("public_ipv4", m.group(0)))
    for cc, rx in RE_PHONES:
        for m in rx.finditer(text):
            out.append(("phone_" + cc, m.group(0)))
    return out


# --------------------------------------------------------------------------
# shared theme vocabulary (fictional publishers)
# --------------------------------------------------------------------------
SITES = ["echomatin.fr", "tinnhanh24.vn", "kabarharian.co.id"]
BRANDS = {"echomatin.fr": "echomatin", "tinnhanh24.vn": "tinnhanh24", "kabarharian.co.id": "kabarharian"}
SERVICES = ["newsroom-cms", "wire-ingest", "paywall-api", "subs-billing", "prebid-server", "hb-wrapper",
            "video-packager", "cdn-purger", "push-gateway", "article-render", "liveblog", "search-indexer"]
NAMESPACES = ["cms", "wire", "paywall", "adtech", "video", "push", "edge"]
WIRES = ["afp", "reuters", "ap", "antara", "vna", "ttxvn", "dpa"]
SECTIONS = ["politique", "economie", "sport", "culture", "thoi-su", "kinh-doanh", "the-thao", "giai-tri",
            "nasional", "ekonomi", "olahraga", "hiburan", "monde", "the-gioi", "internasional"]
BIDDERS = ["appnexus", "rubicon", "ix", "pubmatic", "criteo", "smartadserver", "openx", "teads", "triplelift"]

LEADS = {
    "en": ["fyi", "FYI:", "heads up —", "context:", "quick one:", "from #cms-oncall:", "pasting here:", "for the record:", "re the ticket:"],
    "fr": ["pour info :", "Petit point :", "cc l'équipe —", "je colle ici :", "vu en prod ce matin :", "Pour mémoire :", "en vrac :"],
    "vi": ["FYI nhé:", "Mọi người xem giúp:", "Ghi chú:", "Em dán log ở đây:", "Cập nhật:", "Anh chị check giúp em:"],
    "id": ["Info:", "Tolong dicek:", "Catatan:", "Saya tempel di sini:", "Update:", "Buat referensi:"],
}
TRAILS = {
    "en": ["thx", "any idea?", "will look after standup", "+1", "ok to merge?", "ping me if it breaks again"],
    "fr": ["merci !", "on en parle au stand-up", "des idées ?", "je regarde après le bouclage", "ça vous parle ?"],
    "vi": ["cảm ơn nhé", "ai biết không?", "để em xem thêm", "mai họp bàn tiếp", "ok chưa ạ?"],
    "id": ["makasih", "ada yang tahu?", "nanti saya cek lagi", "oke ya?", "dibahas di standup besok"],
}


def lang():
    return pick(["en", "en", "fr", "vi", "id"])


def dress(text, p_lead=0.14, p_trail=0.07):
    if R.random() < p_lead:
        lg = lang()
        text = pick(LEADS[lg]) + ("\n" if "\n" in text or R.random() < 0.4 else " ") + text
    if R.random() < p_trail:
        lg = lang()
        text = text + ("\n" if "\n" in text else " ") + pick(TRAILS[lg])
    return text


def fence(body, lang_=""):
    return "```" + lang_ + "\n" + body + "\n```"


NEG = {c: [] for c in ["data_uri_base64", "placeholder_example", "code_identifier",
                       "non_credential_blob", "pii_lookalike_number", "talk_about_secrets"]}


def neg(cat):
    def deco(f):
        NEG[cat].append(f)
        return f
    return deco


# ============================ data_uri_base64 ==============================
@neg("data_uri_base64")
def d_css_paste():
    rules = []
    names = ["paywall__lock", "paywall__close", "player__play", "push-optin__bell", "article__live-dot",
             "hb-slot__placeholder", "share__icon", "meter__badge", "video__poster", "liveblog__pin"]
    for nm in R.sample(names, R.randint(4, 8)):
        k = pick(["png", "svg", "svg", "gif", "webp"])
        q = pick(['"', "'", ""])
        rules.append(".%s {\n  background: url(%s%s%s) no-repeat center / %dpx;\n}" % (nm, q, uri(k), q, R.choice((12, 16, 20, 24))))
    head = pick(["/* paywall-modal.scss, compiled */", "/* src/styles/icons.css */", "// build/article.css"])
    return pick(["CSS bundle grew by 9 KB, culprit is the inline icons:", "le bundle CSS a pris 9 Ko, c'est les icônes inline :",
                 "CSS nặng thêm vì icon inline:", "Ukuran CSS naik gara-gara ikon inline:"]) + "\n" + fence(head + "\n" + "\n".join(rules), "css")


@neg("data_uri_base64")
def d_pixel_oneliner():
    u = uri("gif")
    return pick([
        "the Prebid fallback creative is literally `%s`, no need to hit the CDN for it",
        "le pixel de fallback Prebid c'est juste `%s`, pas besoin du CDN",
        "pixel 1x1 cho slot quảng cáo trống: `%s`",
        "pixel kosong untuk slot iklan yang tidak terisi: `%s`",
        "GAM returns `<img src=\"%s\">` when nobody bids",
    ]) % u


@neg("data_uri_base64")
def d_push_payload():
    site = pick(SITES)
    body = json.dumps({
        "message": {
            "topic": pick(["breaking", "breaking-fr", "tin-nong", "berita-terkini", "sport-live"]),
            "notification": {"title": pick(["Alerte info", "Tin nóng", "Berita terkini", "Breaking"]),
                              "body": pick(["Séisme au large de Sumatra", "Bão số 3 đổ bộ Quảng Ninh", "Timnas menang 2-1", "Markets close higher"])},
            "webpush": {"notification": {"icon": uri("png"), "badge": uri("png")},
                        "fcm_options": {"link": "https://www.%s/%s/%d" % (site, pick(SECTIONS), R.randint(100000, 999999))}},
        }
    }, indent=2, ensure_ascii=False)
    return pick(["push payload we send to FCM for breaking news:", "payload push envoyé à FCM :",
                 "payload push gửi lên FCM:", "payload push yang dikirim ke FCM:"]) + "\n" + fence(body, "json")


@neg("data_uri_base64")
def d_blur():
    u = uri("jpeg")
    return fence('<Image\n  src={article.heroImage.url}\n  alt={article.heroImage.caption}\n  width={1200}\n  height={675}\n  placeholder="blur"\n  blurDataURL="%s"\n/>' % u, "jsx")


@neg("data_uri_base64")
def d_sourcemap():
    name = pick(["player", "paywall", "prebid-wrapper", "push-optin"])
    return pick(["why is %s.min.js 2x bigger in staging? the inline sourcemap is still there:" % name,
                 "%s.min.js en staging embarque encore la sourcemap inline :" % name,
                 "%s.min.js trên staging vẫn còn sourcemap inline:" % name]) + "\n" + fence(
        "!function(){\"use strict\";var e=window.pbjs=window.pbjs||{};e.que=e.que||[]}();\n//# sourceMappingURL=" + uri("map"), "js")


@neg("data_uri_base64")
def d_csp():
    k = pick(["svg", "png", "gif"])
    return "Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://img.%s\"." % (
        truncate(uri(k)), pick(SITES))


@neg("data_uri_base64")
def d_jupyter():
    cell = {"output_type": "display_data",
            "data": {"image/png": b64(png_bytes(R.randint(4, 8), R.randint(4, 8))),
                     "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
            "metadata": {"needs_background": "light"}}
    return pick(["notebook diff is unreadable because of the chart output (paywall conversion by week):",
                 "le diff du notebook d'analyse abonnements est illisible à cause du graphe :",
                 "diff notebook tỷ lệ chuyển đổi paywall toàn ảnh base64:"]) + "\n" + fence(json.dumps(cell, indent=1), "json")


@neg("data_uri_base64")
def d_py_fixture():
    k = pick(["webp", "png", "gif", "jpeg"])
    data = b64({"webp": webp_bytes, "png": png_bytes, "gif": gif_bytes, "jpeg": jpeg_bytes}[k]())
    return fence('import base64\n\n# tiny %s used by test_thumbnail_resize\nTINY_%s = base64.b64decode(\n    "%s"\n)\n\n\ndef test_thumbnail_resize(renderer):\n    out = renderer.thumbnail(TINY_%s, width=320)\n    assert out.width == 320' % (
        k, k.upper(), data, k.upper()), "python")


@neg("data_uri_base64")
def d_echo_b64():
    k = pick(["wav", "gif", "png"])
    fn = {"wav": "notif.wav", "gif": "pixel.gif", "png": "badge.png"}[k]
    data = uri(k).split(",", 1)[1]
    return "$ echo '%s' | base64 -d > %s && file %s\n%s: %s" % (data, fn, fn, fn, {
        "wav": "RIFF (little-endian) data, WAVE audio, Microsoft PCM, 8 bit, mono 8000 Hz",
        "gif": "GIF image data, version 89a, 1 x 1",
        "png": "PNG image data"}[k])


@neg("data_uri_base64")
def d_md_image():
    return pick(["Logo mới cho trang đăng ký (tạm nhúng thẳng vào wiki): ![logo](%s)",
                 "Ikon gembok paywall untuk wiki: ![gembok](%s)",
                 "Icône cloche pour la doc push : ![cloche](%s)",
                 "bell icon for the push opt-in docs: ![bell](%s)"]) % uri("svg")


@neg("data_uri_base64")
def d_pdf():
    u = uri("pdf")
    return pick([
        "l'aperçu de l'édition PDF dans le CMS génère `<iframe src=\"%s\">` et Safari refuse",
        "preview báo in trong CMS dùng `<iframe src=\"%s\">`, Safari chặn",
        "preview edisi cetak di CMS pakai `<iframe src=\"%s\">`, Safari menolak",
        "print-edition preview renders `<iframe src=\"%s\">` and Safari blocks it"]) % truncate(u, R.randint(50, 90))


@neg("data_uri_base64")
def d_font():
    fam = pick(["Marianne Web", "Be Vietnam Pro", "Plus Jakarta Sans", "Echo Serif", "Headline Condensed"])
    return fence("@font-face {\n  font-family: \"%s\";\n  font-weight: %d;\n  font-display: swap;\n  src: url(%s) format(\"woff2\");\n}" % (
        fam, pick([400, 600, 700]), truncate(uri("woff2"), R.randint(60, 110))), "css")


@neg("data_uri_base64")
def d_pct_svg():
    return pick(["inline chevron for the liveblog, percent-encoded so it works in Firefox:",
                 "chevron du liveblog en SVG encodé URL :",
                 "mũi tên liveblog dạng SVG percent-encoded:"]) + "\n" + fence(".liveblog__more::after {\n  content: url(\"%s\");\n}" % pct_svg(), "css")


@neg("data_uri_base64")
def d_har():
    lines = []
    for _ in range(R.randint(2, 4)):
        k = pick(["png", "svg", "gif"])
        lines.append(json.dumps({"request": {"method": "GET", "url": truncate(uri(k), 80)},
                                 "response": {"status": 200, "content": {"size": R.randint(60, 900), "mimeType": "image/" + {"png": "png", "svg": "svg+xml", "gif": "gif"}[k]}},
                                 "time": round(R.random(), 3)}))
    return "HAR extract from the article page (" + pick(SITES) + "):\n" + fence("\n".join(lines), "json")


@neg("data_uri_base64")
def d_ico():
    site = pick(SITES)
    return fence('<head>\n  <meta charset="utf-8">\n  <title>%s</title>\n  <link rel="icon" href="%s">\n  <link rel="preconnect" href="https://cdn.%s">\n</head>' % (
        pick(["L'Écho du Matin", "Tin Nhanh 24", "Kabar Harian"]), uri("ico"), site), "html")


@neg("data_uri_base64")
def d_go_fixture():
    return fence('package thumbs\n\n// fallbackPoster is shown when the packager has not produced a poster yet.\nvar fallbackPoster = []byte("%s")\n\nfunc Poster(id string) []byte {\n\tif p, ok := cache.Get(id); ok {\n\t\treturn p\n\t}\n\treturn fallbackPoster\n}' % uri("jpeg"), "go")


@neg("data_uri_base64")
def d_kotlin():
    return fence('val largeIcon = Base64.decode(\n    "%s",\n    Base64.DEFAULT\n).let { BitmapFactory.decodeByteArray(it, 0, it.size) }\nnotificationBuilder.setLargeIcon(largeIcon)' % b64(png_bytes()), "kotlin")


@neg("data_uri_base64")
def d_creative():
    slot = "/%d/%s/%s" % (R.randint(10000000, 99999999), pick(["echomatin", "tinnhanh24", "kabarharian"]), pick(["home_top", "article_mpu", "sticky_footer"]))
    body = "\n".join([
        "<!-- GAM creative, line item hb_%s_%s -->" % (pick(BIDDERS), pick(["1.50", "2.00", "0.80"])),
        "<div class=\"hb-creative\" data-slot=\"%s\">" % slot,
        "  <img class=\"hb-close\" src=\"%s\" alt=\"\">" % uri("svg"),
        "  <img class=\"hb-imp\" src=\"%s\" width=\"1\" height=\"1\">" % uri("gif"),
        "  <script>",
        "    var w = window.top.pbjs;",
        "    w.renderAd(document, '%%%%PATTERN:hb_adid%%%%');",
        "  </script>",
        "</div>",
    ])
    return pick(["creative template on GAM side, for reference:", "template de créa côté GAM :",
                 "template creative bên GAM:", "template kreatif di GAM:"]) + "\n" + fence(body, "html")


@neg("data_uri_base64")
def d_poster_yaml():
    return fence("player:\n  autoplay: false\n  muted: true\n  hls:\n    lowLatency: %s\n    maxBufferLength: %d\n  poster:\n    fallback: \"%s\"\n  ads:\n    vast: https://ads.%s/vast?slot=preroll" % (
        pick(["true", "false"]), R.choice((20, 30, 60)), uri("webp"), pick(SITES)), "yaml")


@neg("data_uri_base64")
def d_newsletter():
    site = pick(SITES)
    return fence('<table role="presentation" width="100%%">\n  <tr>\n    <td align="center">\n      <img src="%s" width="%d" alt="logo">\n    </td>\n  </tr>\n  <tr>\n    <td>%s</td>\n  </tr>\n</table>' % (
        uri("png"), R.choice((120, 160, 200)), pick(["La newsletter du matin", "Bản tin sáng", "Kabar pagi", "Morning briefing"])), "html") + "\n" + pick([
        "Outlook strips the data URI, Gmail keeps it", "Outlook vire l'image inline", "Outlook chặn ảnh inline", "Outlook membuang gambar inline"])


@neg("data_uri_base64")
def d_wav_js():
    return fence("// play a short chime when a breaking alert lands in the CMS\nconst chime = new Audio(\"%s\");\nchime.volume = 0.%d;\nsocket.on('alert:new', () => chime.play());" % (uri("wav"), R.randint(2, 8)), "js")


# ============================ placeholder_example ==========================
ENV_PLACEHOLDERS = [
    ("AFP_FEED_PASSWORD", ["<afp-password>", "changeme", "", "${AFP_FEED_PASSWORD}", "CHANGE_ME"]),
    ("REUTERS_CONNECT_TOKEN", ["<token>", "YOUR_REUTERS_TOKEN", "xxxxxxxx", "<paste-token-here>"]),
    ("ANTARA_FTP_PASS", ["<kata-sandi>", "isi_di_sini", "", "changeme"]),
    ("VNA_WIRE_PASSWORD", ["<mat-khau>", "doi_mat_khau_o_day", "", "CHANGE_ME"]),
    ("PAYWALL_STRIPE_SECRET", ["sk_live_xxx", "sk_test_...", "<stripe-secret>", "${STRIPE_SECRET_KEY}"]),
    ("PAYWALL_WEBHOOK_SECRET", ["whsec_...", "whsec_xxxxxxxx", "<webhook-secret>"]),
    ("PREBID_SERVER_ACCOUNT_KEY", ["YOUR_ACCOUNT_KEY", "<account-key>", "%PREBID_KEY%"]),
    ("GAM_SERVICE_ACCOUNT_JSON", ["/path/to/service-account.json", "<path>", "./secrets/gam.json"]),
    ("FCM_SERVER_KEY", ["AIza****************", "AIzaSy...", "<fcm-server-key>"]),
    ("APNS_KEY_ID", ["XXXXXXXXXX", "<key-id>", "ABC123DEFG"]),
    ("CDN_PURGE_TOKEN", ["<purge-token>", "REPLACE_ME", "$(CDN_PURGE_TOKEN)"]),
    ("OPENAI_API_KEY", ["sk-...", "sk-proj-...", "sk-xxxxxxxxxxxxxxxxxxxxxxxx", "<openai-key>"]),
    ("ANTHROPIC_API_KEY", ["sk-ant-api03-...", "sk-ant-xxxxxxxx", "<anthropic-key>"]),
    ("SLACK_BOT_TOKEN", ["xoxb-your-bot-token", "xoxb-...", "xoxb-xxxxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx"]),
    ("GITHUB_TOKEN", ["ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "<github-token>", "github_pat_..."]),
    ("DATABASE_URL", ["postgres://user:password@localhost:5432/cms", "postgres://<user>:<password>@<host>:5432/<db>", "postgresql://cms:cms@127.0.0.1:5432/cms_dev"]),
    ("REDIS_URL", ["redis://localhost:6379/0", "redis://:<password>@<host>:6379"]),
    ("JWT_SIGNING_SECRET", ["<random-64-chars>", "dev-secret-change-me", "changeme"]),
    ("AWS_ACCESS_KEY_ID", ["AKIAIOSFODNN7EXAMPLE", "AKIA...", "<access-key-id>"]),
    ("AWS_SECRET_ACCESS_KEY", ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "<secret-access-key>", "..."]),
]


@neg("placeholder_example")
def p_env_example():
    items = R.sample(ENV_PLACEHOLDERS, R.randint(8, 16))
    body = []
    for k, vs in items:
        v = pick(vs)
        if R.random() < 0.2:
            body.append(pick(["# " + pick(["required", "obligatoire", "bắt buộc", "wajib"]), "# see wiki/secrets", "#"]))
        body.append("%s=%s" % (k, v))
    return pick([".env.example for the monorepo, real values live in Vault:", ".env.example du monorepo, les vraies valeurs sont dans Vault :",
                 ".env.example, giá trị thật nằm trong Vault:", ".env.example, nilai aslinya ada di Vault:"]) + "\n" + fence("\n".join(body), "bash")


@neg("placeholder_example")
def p_curl():
    site = pick(SITES)
    path = pick(["/v2/articles?status=embargoed", "/paywall/v1/entitlements/me", "/wire/v1/items?provider=" + pick(WIRES), "/push/v1/topics/breaking/send"])
    tok = pick(["<token>", "$API_TOKEN", "${CMS_TOKEN}", "YOUR_TOKEN_HERE", "<jeton>", "<token-anda>", "<ma-token>"])
    return "curl -sS -H \"Authorization: Bearer %s\" https://api.%s%s | jq ." % (tok, site, path)


@neg("placeholder_example")
def p_gha():
    secrets = R.sample(["NPM_TOKEN", "CDN_PURGE_TOKEN", "SLACK_WEBHOOK_URL", "GAM_CREDENTIALS", "SENTRY_AUTH_TOKEN", "AWS_ROLE_ARN", "FCM_SERVICE_ACCOUNT", "DOCKERHUB_TOKEN"], 4)
    body = """name: deploy-%s
on:
  push:
    branches: [main]
jobs:
  deploy:
    runs-on: ubuntu-latest
    permissions:
      id-token: write
      contents: read
    steps:
      - uses: actions/checkout@v4
      - uses: aws-actions/configure-aws-credentials@v4
        with:
          role-to-assume: ${{ secrets.%s }}
          aws-region: %s
      - run: npm ci
        env:
          NODE_AUTH_TOKEN: ${{ secrets.%s }}
      - run: ./scripts/purge.sh
        env:
          PURGE_TOKEN: ${{ secrets.%s }}
          SLACK_WEBHOOK: ${{ secrets.%s }}""" % (pick(SERVICES), secrets[0], pick(["eu-west-3", "ap-southeast-1", "ap-southeast-3"]), secrets[1], secrets[2], secrets[3])
    return fence(body, "yaml")


@neg("placeholder_example")
def p_helm():
    svc = pick(SERVICES)
    return fence("""# templates/secret.yaml (%s)
apiVersion: v1
kind: Secret
metadata:
  name: {{ include "%s.fullname" . }}
type: Opaque
stringData:
  DB_PASSWORD: {{ .Values.db.password | quote }}
  WIRE_API_KEY: {{ .Values.wire.apiKey | quote }}
  PUSH_SERVER_KEY: {{ required "push.serverKey is required" .Values.push.serverKey | quote }}""" % (svc, svc), "yaml")


@neg("placeholder_example")
def p_docs_prefixes():
    return pick([
        "To run the headline-suggestion bot locally: `export OPENAI_API_KEY=sk-...` and `export ANTHROPIC_API_KEY=sk-ant-api03-...`, then `make dev`.",
        "Pour tester le bot de titres en local : `export OPENAI_API_KEY=sk-proj-…` puis `make dev`. Ne collez jamais la vraie clé ici.",
        "Chạy bot gợi ý tít ở máy local: `export ANTHROPIC_API_KEY=sk-ant-...` rồi `make dev`.",
        "Untuk bot judul di lokal: isi `OPENAI_API_KEY=sk-xxxxxxxx` di `.env.local`, jangan di-commit.",
        "the Slack app needs `SLACK_BOT_TOKEN=xoxb-...` and `SLACK_APP_TOKEN=xapp-...`, grab them from the app config page",
        "token GitHub cho CI chỉ cần dạng `ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` với scope `repo:status`",
        "fine-grained PAT format is `github_pat_...`; use one scoped to the cms-templates repo only",
        "GitLab mirror uses `glpat-xxxxxxxxxxxxxxxxxxxx`, same as before",
    ])


@neg("placeholder_example")
def p_slack_webhook():
    ch = pick(["#cms-alerts", "#wire-ingest", "#paywall-ops", "#video-oncall", "#push-ops"])
    return fence("""alerting:
  slack:
    channel: "%s"
    # replace with the channel's incoming webhook
    webhook_url: "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"
    bot_token: "xoxb-your-bot-token"
    username: "%s-bot"
""" % (ch, pick(SERVICES)), "yaml")


@neg("placeholder_example")
def p_aws_doc():
    prof = pick(["cdn-prod", "video-archive", "wire-s3", "paywall-reports"])
    return pick(["same shape as the AWS docs, do not put the real ones in the ticket:", "format identique à la doc AWS :",
                 "định dạng giống tài liệu AWS:", "formatnya sama seperti dokumentasi AWS:"]) + "\n" + fence(
        "[%s]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % (
            prof, pick(["eu-west-3", "ap-southeast-1", "ap-southeast-3"])), "ini")


@neg("placeholder_example")
def p_pem_dots():
    t = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pick(["MIIEvQIBADANBgkqhkiG9w0BAQEFAASC...", "...", "<contenu de la clé>", "<isi kunci privat>", "MHcCAQEEI...(truncated)...", "b3BlbnNzaC1rZXktdjEAAAAA..."])
    return pick(["the APNs .p8 must look like this in the secret (body elided):", "la clé doit avoir cette forme (corps coupé) :",
                 "khóa phải có dạng thế này (đã bỏ phần thân):", "kuncinya harus berbentuk seperti ini (isi dipotong):"]) + "\n" + fence(
        "-----BEGIN %s-----\n%s\n-----END %s-----" % (t, body, t))


@neg("placeholder_example")
def p_masks():
    l4 = "%04d" % R.randint(0, 9999)
    return pick([
        "Le client dit que sa carte •••• %s a été débitée deux fois pour l'abonnement annuel, remboursement lancé." % l4,
        "Khách báo thẻ **** **** **** %s bị trừ tiền 2 lần cho gói Premium, đã hoàn tiền." % l4,
        "Pelanggan bilang kartu xxxx-xxxx-xxxx-%s ditagih dua kali untuk paket tahunan." % l4,
        "customer's SEPA mandate shows IBAN FR76 •••• •••• •••• •••• •••• %s, the export is masked as expected" % l4[:3],
        "số điện thoại trong ticket đã che: 09xx xxx %s" % l4[:3],
        "nomor HP di tiket sudah disamarkan: +62 8xx-xxxx-%s" % l4,
        "le numéro est masqué dans le CRM : 06 XX XX XX %s" % l4[:2],
        "SSN field shows XXX-XX-%s for the US subscriber, nothing else is stored" % l4,
        "payment method on file: Visa ending in %s, exp **/**" % l4,
    ])


@neg("placeholder_example")
def p_redacted_logs():
    n = R.randint(5, 14)
    out = []
    for _ in range(n):
        t = ts()
        out.append("%s %s %s %s" % (iso(t), pick(["INFO", "WARN", "DEBUG"]), pick(["paywall-api", "subs-billing", "push-gateway", "wire-ingest"]),
                                    pick(["checkout.start plan=%s card=[REDACTED] iban=[REDACTED]" % pick(["monthly", "annual", "student"]),
                                          "login ok subscriber=<redacted> password=***",
                                          "wire.auth provider=%s user=%s password=[FILTERED]" % (pick(WIRES), pick(WIRES) + "_feed"),
                                          "push.register token=[MASKED] platform=%s" % pick(["ios", "android", "web"]),
                                          "sepa.mandate iban=**** bic=[REDACTED] status=active",
                                          "auth header=Bearer [REDACTED] route=/v2/articles",
                                          "phone=(sensitive value) otp_sent=true"])))
    return fence("\n".join(out))


@neg("placeholder_example")
def p_compose():
    return fence("""services:
  cms-db:
    image: postgres:16
    environment:
      POSTGRES_USER: cms
      POSTGRES_PASSWORD: %s
  wire-mq:
    image: rabbitmq:3-management
    environment:
      RABBITMQ_DEFAULT_USER: guest
      RABBITMQ_DEFAULT_PASS: guest
  cms:
    build: .
    environment:
      DATABASE_URL: postgres://cms:%s@cms-db:5432/cms
      AMQP_URL: amqp://guest:guest@wire-mq:5672/
      ADMIN_PASSWORD: admin""" % ((pick(["changeme", "postgres", "cms"]),) * 2), "yaml") + "\n" + pick([
        "local only, obviously", "uniquement pour le dev local", "chỉ dùng ở máy local", "hanya untuk lokal"])


@neg("placeholder_example")
def p_refs():
    return pick([
        "AFP feed creds are referenced as `op://Newsroom/AFP FTP/password`, the CI resolves them at deploy",
        "mật khẩu feed TTXVN lấy từ `vault:secret/data/wire/vna#password`, không để trong repo",
        "kredensial ANTARA diambil dari `{{resolve:secretsmanager:prod/wire/antara:SecretString:password}}`",
        "Stripe key: `{{resolve:ssm-secure:/paywall/prod/stripe_secret}}` in the CFN template",
        "la clé Prebid Server vient de `vault:kv/adtech/pbs#account_key`, rien en clair",
        "ExternalSecret points at `remoteRef: {key: prod/push/fcm, property: server_key}`",
    ])


@neg("placeholder_example")
def p_localized():
    return pick([
        "Dans `config/wire.yml`, remplacez `<VOTRE_MOT_DE_PASSE_AFP>` par le mot de passe fourni par l'agence, puis relancez l'ingestion.",
        "Trong `config/wire.yml`, thay `<MAT_KHAU_TTXVN>` bằng mật khẩu thật rồi khởi động lại ingest. Đừng commit file này.",
        "Di `config/wire.yml`, ganti `ISI_PASSWORD_ANTARA` dengan password dari Antara lalu restart ingest.",
        "Clé API Piano : mettez `VOTRE_CLE_API` dans le champ, la vraie est dans le coffre 1Password.",
        "Token FCM: điền `<token-cua-ban>` vào ô, token thật xin anh trực ca.",
        "API key Prebid: isi `MASUKKAN_API_KEY` di form, yang asli minta ke tim adtech.",
    ])


@neg("placeholder_example")
def p_tf():
    v = pick(["wire_afp_password", "paywall_stripe_secret", "cdn_origin_shared_secret", "push_apns_key"])
    return fence('variable "%s" {\n  type      = string\n  sensitive = true\n  default   = ""\n}\n\nresource "aws_secretsmanager_secret_version" "%s" {\n  secret_id     = aws_secretsmanager_secret.%s.id\n  secret_string = var.%s\n}' % (v, v, v, v), "hcl")


@neg("placeholder_example")
def p_k8s_secret():
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-creds\n  namespace: %s\ntype: Opaque\ndata:\n  password: Y2hhbmdlbWU=   # \"changeme\", dev only\n  api-key: <base64-encoded>\n  token: \"\"" % (
        pick(SERVICES), pick(NAMESPACES)), "yaml")


@neg("placeholder_example")
def p_jwt_placeholder():
    return pick([
        "the CMS expects `Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.<payload>.<signature>` from the paywall",
        "header phải là `Authorization: Bearer <jwt>` (dạng `eyJ...`)",
        "formatnya `Bearer eyJhbGciOi...` — jangan tempel token asli di channel",
        "le jeton ressemble à `eyJ…` puis deux points, pas besoin de le coller",
    ])


@neg("placeholder_example")
def p_pbs_config():
    return fence("""# prebid-server.yaml
adapters:
  %s:
    endpoint: "https://ib.adnxs.com/openrtb2?member_id={{ .MemberID }}"
    extra_info: '{"key":"%%PBS_%s_KEY%%"}'
  %s:
    endpoint: "https://prebid-server.example/openrtb2"
    xapi:
      username: ${%s_USER}
      password: ${%s_PASS}
gdpr:
  default_value: "1"
stored_requests:
  postgres:
    connection:
      password: $(PBS_DB_PASSWORD)""" % (pick(BIDDERS), pick(BIDDERS).upper(), pick(BIDDERS), pick(BIDDERS).upper(), pick(BIDDERS).upper()), "yaml")


@neg("placeholder_example")
def p_json_cfg():
    return fence(json.dumps({"piano": {"aid": "YOUR_APP_ID", "apiToken": "YOUR_API_KEY"},
                             "fcm": {"serverKey": "<server-key>", "senderId": "<sender-id>"},
                             "cdn": {"purgeToken": "REPLACE_WITH_TOKEN", "zone": pick(SITES)},
                             "smtp": {"user": "", "password": ""}}, indent=2), "json")


@neg("placeholder_example")
def p_py_getenv():
    return fence('import os\n\nAFP_USER = os.environ.get("AFP_USER", "demo")\nAFP_PASSWORD = os.environ["AFP_PASSWORD"]  # never hardcode\nPUSH_KEY = os.getenv("PUSH_SERVER_KEY", "")\nPIANO_TOKEN = settings.get("piano.api_token", "<unset>")', "python")


@neg("placeholder_example")
def p_defaults():
    return pick([
        "the staging Grafana is still admin/admin, fine since it's only reachable over the VPN",
        "le RabbitMQ de dev est en guest/guest, c'est voulu",
        "MinIO local dùng minioadmin/minioadmin như mặc định",
        "Jenkins lokal masih admin/admin, cuma di laptop",
        "`KEYCLOAK_ADMIN_PASSWORD=admin` in docker-compose.dev.yml is intentional",
        "mysql://root:root@127.0.0.1:3306/ads_reporting is the docker default, not prod",
    ])


# ============================ code_identifier ==============================
IDW = ["Secret", "Token", "Password", "Iban", "Ssn", "Email", "Phone", "Credential", "Subscriber", "Entitlement",
       "Paywall", "Meter", "Wire", "Feed", "Bid", "Auction", "Push", "Device", "Key", "Signing", "Refresh", "Session",
       "Vault", "Rotation", "Masked", "Checkout", "Sepa", "Mandate", "Card", "Otp", "Embargo", "Headline", "Manifest"]
SUFF = ["Service", "Handler", "Validator", "Resolver", "Provider", "Factory", "Manager", "Repository", "Mapper", "Client", "Store", "Policy"]


def camel(n=None, lower=False):
    n = n or R.randint(2, 4)
    s = "".join(R.sample(IDW, n))
    return s[0].lower() + s[1:] if lower else s


def snake(n=None):
    n = n or R.randint(3, 5)
    return "_".join(w.lower() for w in R.sample(IDW, n))


@neg("code_identifier")
def c_java_trace():
    pkg = pick(["fr.echomatin.paywall", "vn.tinnhanh24.subs", "id.kabarharian.billing", "fr.echomatin.cms.wire"])
    lines = ["%s ERROR [%s] %s.%s%s - %s" % (iso(ts()), pick(["http-nio-8080-exec-3", "kafka-listener-0", "scheduling-1"]), pkg,
                                           camel(), pick(SUFF), pick(["entitlement check failed", "mandate sync aborted", "token refresh failed"])),
             "%s.exception.%sException: %s" % (pkg, camel(), pick(["subscriber not found", "échec de validation", "không xác thực được", "gagal memvalidasi"]))]
    for _ in range(R.randint(8, 26)):
        sub = pick(["web", "service", "security", "sepa", "meter", "wire"])
        lines.append("\tat %s.%s.%s%s.%s(%s%s.java:%d)" % (pkg, sub, camel(), pick(SUFF), camel(lower=True), camel(2), pick(SUFF), R.randint(20, 900)))
    lines += ["\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:885)",
              "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    return fence("\n".join(lines))


@neg("code_identifier")
def c_go_panic():
    mod = pick(["github.com/kabarharian/wire-ingest", "gitlab.tinnhanh24.vn/platform/push-gateway", "github.com/echomatin/video-packager"])
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference",
             "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]" % (R.randint(0, 0x80), R.randint(0x400000, 0xffffff)), "",
             "goroutine %d [running]:" % R.randint(1, 400)]
    for _ in range(R.randint(4, 12)):
        lines.append("%s/internal/%s.(*%s).%s(0xc%09x, {0x%x, 0xc%09x})" % (mod, pick(["newsml", "iptc", "auth", "fcm", "apns", "hls", "creds"]), camel(2), camel(2), R.randrange(16**9), R.randint(0x100000, 0xffffff), R.randrange(16**9)))
        lines.append("\t/src/internal/%s/%s.go:%d +0x%x" % (pick(["newsml", "auth", "fcm", "hls"]), snake(2), R.randint(10, 600), R.randint(0x10, 0x3ff)))
    return fence("\n".join(lines))


def rust_sym():
    parts = [pick(["video_packager", "hls_segmenter", "cdn_purge", "drm_keys"]), pick(["token", "signing", "manifest", "secret_store"]), snake(2)]
    mangled = "_ZN" + "".join("%d%s" % (len(p), p) for p in parts) + "17h" + hexs(16) + "E"
    return mangled


@neg("code_identifier")
def c_rust_bt():
    lines = ["thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:" % (pick(["manifest", "signing", "segment"]), R.randint(10, 400), R.randint(5, 40)),
             pick(["called `Result::unwrap()` on an `Err` value: MissingSigningKey", "key rotation window elapsed", "invalid EXT-X-KEY attribute"]),
             "stack backtrace:"]
    for i in range(R.randint(5, 14)):
        lines.append("  %2d: 0x%012x - %s" % (i, R.randint(0x550000000000, 0x55ffffffffff), rust_sym()))
    return fence("\n".join(lines))


@neg("code_identifier")
def c_gdb():
    lines = []
    for i in range(R.randint(4, 10)):
        ns = pick(["transcoder", "drm", "segmenter"])
        cls = camel(2)
        fn = camel(2, lower=True)
        lines.append("#%d  0x%016x in _ZN%d%s%d%s%d%sEv () from /opt/%s/lib/lib%s.so" % (i, R.randint(0x7f0000000000, 0x7fffffffffff), len(ns), ns, len(cls), cls, len(fn), fn, ns, ns))
    return "(gdb) bt\n" + "\n".join(lines)


@neg("code_identifier")
def c_kubectl():
    ns = pick(NAMESPACES)
    lines = ["$ kubectl -n %s get pods" % ns, "NAME                                      READY   STATUS             RESTARTS   AGE"]
    for _ in range(R.randint(5, 14)):
        name = "%s-%s-%s" % (pick(SERVICES), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))
        lines.append("%-41s %s   %-18s %-10d %dh" % (name, pick(["1/1", "2/2", "0/1"]), pick(["Running", "Running", "CrashLoopBackOff", "Pending"]), R.randint(0, 40), R.randint(1, 90)))
    return fence("\n".join(lines))


@neg("code_identifier")
def c_webpack():
    lines = []
    for _ in range(R.randint(6, 15)):
        lines.append("  static/chunks/%s.%s.js   %5.1f kB" % (pick(["paywall-modal", "prebid-adapter-" + pick(BIDDERS), "hls-player", "push-optin", "liveblog", "consent", "article-body", "meter"]), hexs(pick([8, 16, 20])), R.uniform(1, 180)))
    return "next build output, the prebid chunks exploded:\n" + fence("\n".join(lines))


@neg("code_identifier")
def c_css_modules():
    return fence('<article class="ArticleCard_root__%s %s">\n  <h2 class="ArticleCard_headline__%s sc-%s">...</h2>\n  <div class="PaywallGate_overlay__%s css-%s" data-v-%s></div>\n  <span _ngcontent-ng-c%d class="svelte-%s">Premium</span>\n</article>' % (
        rs(ALNUM, 5), "e" + hexs(7), rs(ALNUM, 5), rs(string.ascii_letters, 6), rs(ALNUM, 5), rs(string.ascii_lowercase + string.digits, 7), hexs(8), R.randint(10**9, 4 * 10**9), rs(string.ascii_lowercase + string.digits, 6)), "html")


@neg("code_identifier")
def c_tf_plan():
    lines = []
    for _ in range(R.randint(5, 12)):
        lines.append("  # %s will be %s" % (pick([
            'module.video_cdn.aws_cloudfront_distribution.hls["%s"]' % pick(["live", "vod", "shorts"]),
            "module.paywall.aws_secretsmanager_secret.%s" % snake(3),
            "module.push.google_secret_manager_secret_version.%s" % snake(3),
            'module.wire.aws_s3_bucket_policy.inbox["%s"]' % pick(WIRES),
            "module.adtech.aws_ssm_parameter.%s" % snake(3)]), pick(["created", "updated in-place", "destroyed"])))
    return "terraform plan -target=module.%s\n" % pick(["video_cdn", "paywall", "push", "wire"]) + fence("\n".join(lines))


@neg("code_identifier")
def c_sql():
    t = pick(["subscribers", "abonnes", "thue_bao", "pelanggan"])
    return fence("""CREATE TABLE %s (
  id               BIGSERIAL PRIMARY KEY,
  email_sha256     BYTEA NOT NULL,
  phone_e164_hash  BYTEA,
  password_hash    TEXT NOT NULL,
  password_algo    TEXT NOT NULL DEFAULT 'argon2id',
  iban_last4       CHAR(4),
  card_fingerprint TEXT,
  ssn_last4        CHAR(4),
  api_key_prefix   VARCHAR(8),
  refresh_token_id UUID,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX %s_email_sha256_idx ON %s (email_sha256);""" % (t, t, t), "sql")


@neg("code_identifier")
def c_flags():
    keys = ["paywall.metered.free_articles_per_month", "paywall.hard_gate.sections", "push.breaking.rate_limit_per_hour",
            "adtech.prebid.bidder_timeout_ms", "adtech.prebid.enable_%s" % pick(BIDDERS), "video.hls.low_latency_enabled",
            "wire.%s.ingest_enabled" % pick(WIRES), "cms.embargo.auto_publish", "subs.sepa.mandate_reminder_days",
            "auth.password_reset_token_ttl_minutes", "auth.otp_sms_enabled_%s" % pick(["fr", "vn", "id"])]
    ks = R.sample(keys, R.randint(3, 7))
    return pick(["flags flipped in prod today:", "flags modifiés en prod :", "các flag đã bật hôm nay:", "flag yang diubah hari ini:"]) + "\n" + "\n".join("• `%s` → %s" % (k, pick(["true", "false", str(R.randint(1, 20))])) for k in ks)


@neg("code_identifier")
def c_py_ident():
    return pick([
        "renamed `%s` to `%s` in the paywall service, callers updated" % (snake(), snake()),
        "`def %s(self, %s):` is never called since the SEPA refactor" % (snake(), snake(2)),
        "đổi tên `%s` thành `%s`" % (camel(lower=True), camel(lower=True)),
        "fungsi `%s()` dipindah ke `%s.py`" % (snake(), snake(2)),
        "on peut supprimer `%s%s`, plus utilisé depuis la migration" % (camel(), pick(SUFF)),
    ])


@neg("code_identifier")
def c_proto():
    pkg = pick(["echomatin.paywall.v1", "tinnhanh24.push.v2", "kabarharian.wire.v1"])
    rpcs = "\n".join("  rpc %s(%sRequest) returns (%sResponse);" % ((lambda n: (n, n, n))(camel(3))) for _ in range(R.randint(3, 6)))
    return fence("syntax = \"proto3\";\npackage %s;\n\nservice %s {\n%s\n}\n\nmessage %sRequest {\n  string subscriber_id = 1;\n  string entitlement_token_id = 2;\n  bool include_masked_iban = 3;\n}" % (pkg, camel(2) + "Service", rpcs, camel(2)), "proto")


@neg("code_identifier")
def c_swift():
    app = pick(["TinNhanh24", "EchoMatin", "KabarHarian"])
    lines = []
    for i in range(R.randint(4, 9)):
        a = camel(2)
        b = camel(2, lower=True)
        lines.append("%d   %-12s 0x%016x $s%d%s%d%sC%d%s_tFTf4g_n + %d" % (i, app, R.randint(0x1a0000000, 0x1ffffffff), len(app), app, len(a), a, len(b), b, R.randint(40, 900)))
    return "iOS crash from the push opt-in flow:\n" + fence("\n".join(lines))


@neg("code_identifier")
def c_prebid_kv():
    b = pick(BIDDERS)
    return fence("googletag.pubads().setTargeting('hb_adid_%s', bid.adId);\ngoogletag.pubads().setTargeting('hb_pb_%s', bid.pbMg);\ngoogletag.pubads().setTargeting('hb_size_%s', bid.size);\ngoogletag.pubads().setTargeting('hb_cache_id_%s', bid.videoCacheKey);" % (b, b, b, b), "js")


@neg("code_identifier")
def c_r8():
    lines = []
    for _ in range(R.randint(5, 12)):
        lines.append("%s.%s%s -> %s:" % (pick(["vn.tinnhanh24.app.push", "id.kabarharian.app.paywall", "fr.echomatin.app.auth"]), camel(2), pick(SUFF), rs(string.ascii_lowercase, R.randint(1, 3)) + "." + rs(string.ascii_lowercase, 1)))
        lines.append("    %s %s(%s) -> %s" % (pick(["void", "boolean", "java.lang.String"]), camel(2, lower=True), pick(["", "java.lang.String", "android.content.Context"]), rs(string.ascii_lowercase, 1)))
    return "R8 mapping.txt excerpt:\n" + fence("\n".join(lines))


@neg("code_identifier")
def c_ts_iface():
    fields = "\n".join("  %s%s: %s;" % (camel(lower=True), pick(["", "?"]), pick(["string", "number", "boolean", "Date"])) for _ in range(R.randint(4, 10)))
    return fence("export interface %s {\n%s\n}" % (camel(2) + pick(["Props", "State", "Dto"]), fields), "ts")


@neg("code_identifier")
def c_gql():
    return fence("query %s($id: ID!) {\n  subscriber(id: $id) {\n    %s\n    %s { last4 brand }\n    %s\n  }\n}" % (camel(3), camel(lower=True), camel(2, lower=True), camel(lower=True)), "graphql")


@neg("code_identifier")
def c_bazel():
    return "bazel test //services/%s/%s:%s_test --test_filter=%s" % (pick(["paywall", "wire", "push"]), snake(2), snake(2), camel(3) + "Test")


# ============================ non_credential_blob ==========================
COMMITS = ["fix(paywall): count AMP views in meter", "feat(wire): parse NewsML-G2 embargo", "chore: bump prebid.js to 9.%d" % R.randint(1, 40),
           "fix(push): dedupe breaking alerts per topic", "feat(video): LL-HLS partial segments", "sửa lỗi embargo TTXVN", "perbaiki parser ANTARA",
           "fix(cms): slug collision on live blogs", "refactor(subs): move SEPA mandate sync", "revert \"feat(ads): lazy-load MPU\"", "docs: runbook purge CDN"]


@neg("non_credential_blob")
def b_gitlog():
    n = R.randint(6, 18)
    lines = ["$ git log --oneline -%d" % n] + ["%s %s" % (hexs(pick([7, 9, 12])), pick(COMMITS)) for _ in range(n)]
    return fence("\n".join(lines))


@neg("non_credential_blob")
def b_gitshow():
    return "regression started at %s (merge of !%d), parent %s — diff `index %s..%s 100644`" % (hexs(40), R.randint(100, 4000), hexs(40), hexs(7), hexs(7))


@neg("non_credential_blob")
def b_digests():
    lines = []
    for _ in range(R.randint(3, 8)):
        lines.append("  %s:  registry.%s/%s/%s@sha256:%s" % (pick(["Image ID", "imageID"]), pick(SITES), pick(NAMESPACES), pick(SERVICES), hexs(64)))
    return "$ kubectl describe pod | grep -i image\n" + fence("\n".join(lines))


@neg("non_credential_blob")
def b_integrity():
    lines = []
    for pkg in R.sample(["prebid.js", "hls.js", "video.js", "firebase", "@piano.io/sdk", "dompurify", "date-fns", "zod", "swiper"], R.randint(3, 6)):
        lines.append('    "node_modules/%s": {\n      "version": "%d.%d.%d",\n      "integrity": "sha512-%s"\n    },' % (pkg, R.randint(1, 12), R.randint(0, 30), R.randint(0, 20), b64(rbytes(64))))
    return fence("\n".join(lines), "json")


@neg("non_credential_blob")
def b_sri():
    return fence('<script src="https://cdn.%s/js/prebid-%d.%d.%d.js" integrity="sha384-%s" crossorigin="anonymous"></script>' % (
        pick(SITES), R.randint(8, 9), R.randint(0, 40), R.randint(0, 5), b64(rbytes(48))), "html")


@neg("non_credential_blob")
def b_json_logs():
    lines = []
    for _ in range(R.randint(4, 12)):
        t = ts()
        lines.append(json.dumps({"ts": iso(t), "level": pick(["info", "warn"]), "svc": pick(SERVICES), "trace_id": hexs(32), "span_id": hexs(16),
                                 "article_id": pick([uuid4(), uuid7(t), ulid()]), "subscription": objid(), "msg": pick(["rendered", "meter incremented", "bid won", "push sent", "item ingested"])}))
    return fence("\n".join(lines))


@neg("non_credential_blob")
def b_headers():
    return fence("HTTP/2 %d\ncontent-type: application/vnd.apple.mpegurl\ntraceparent: 00-%s-%s-01\nx-request-id: %s\nx-amz-cf-id: %s==\nx-amz-cf-pop: %s\netag: \"%s\"\nx-cache: %s from cloudfront" % (
        pick([200, 206, 304]), hexs(32), hexs(16), uuid4(), rs(ALNUM + "_-", 54), pick(["CDG50-P1", "SIN2-C1", "HAN50-C1", "CGK50-P2"]), hexs(32), pick(["Hit", "Miss", "RefreshHit"])))


@neg("non_credential_blob")
def b_s3ls():
    lines = []
    day = dmy(ts(), "-")
    vid = uuid4()
    for i in range(R.randint(6, 20)):
        lines.append("2025-%02d-%02d %02d:%02d:%02d %9d vod/%s/1080p/seg_%05d.m4s" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(400000, 2900000), vid, i))
    return "$ aws s3 ls s3://%s-video-origin/vod/%s/1080p/ (%s)\n" % (pick(["echomatin", "tn24", "kabar"]), vid, day) + fence("\n".join(lines))


@neg("non_credential_blob")
def b_m3u8():
    lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:%d" % R.randint(1000, 99999),
             '#EXT-X-KEY:METHOD=AES-128,URI="https://keys.%s/hls/%s",IV=0x%s' % (pick(SITES), uuid4(), hexs(32))]
    for i in range(R.randint(4, 12)):
        lines += ["#EXTINF:6.006,", "seg_%s_%05d.ts" % (hexs(8), i)]
    return pick(["playlist the player chokes on:", "la playlist qui fait planter le player :", "playlist khiến player bị treo:", "playlist yang bikin player macet:"]) + "\n" + fence("\n".join(lines))


@neg("non_credential_blob")
def b_mpd():
    kid = uuid4()
    pssh = b64(b"\x00\x00\x00" + bytes([R.randint(60, 90)]) + b"pssh\x00\x00\x00\x00" + bytes.fromhex("edef8ba979d64acea3c827dcd51d21ed") + rbytes(R.randint(30, 50)))
    return fence('<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="%s"/>\n<ContentProtection schemeIdUri="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed">\n  <cenc:pssh>%s</cenc:pssh>\n</ContentProtection>' % (kid, pssh), "xml") + "\n" + pick([
        "KID and PSSH are public, they're in every manifest", "KID/PSSH sont publics", "KID/PSSH là công khai", "KID/PSSH memang publik"])


@neg("non_credential_blob")
def b_gosum():
    lines = []
    for m in R.sample(["github.com/aws/aws-sdk-go-v2", "golang.org/x/net", "github.com/segmentio/kafka-go", "firebase.google.com/go/v4", "github.com/grafov/m3u8", "github.com/beevik/etree"], R.randint(3, 6)):
        v = "v%d.%d.%d" % (R.randint(0, 4), R.randint(0, 40), R.randint(0, 20))
        lines.append("%s %s h1:%s=" % (m, v, b64(rbytes(32))[:43]))
        lines.append("%s %s/go.mod h1:%s=" % (m, v, b64(rbytes(32))[:43]))
    return fence("\n".join(lines))


@neg("non_credential_blob")
def b_sops():
    return fence("wire:\n    afp_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    vna_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    version: 3.9.%d" % (
        b64(rbytes(12)), b64(rbytes(32)), b64(rbytes(16)), b64(rbytes(14)), b64(rbytes(32)), b64(rbytes(16)), iso(ts(), False), b64(rbytes(48)), b64(rbytes(32)), b64(rbytes(16)), R.randint(0, 4)), "yaml") + "\n" + pick([
        "encrypted with the KMS key, safe to commit", "chiffré via KMS, ok pour le repo", "đã mã hóa bằng KMS", "sudah dienkripsi KMS"])


@neg("non_credential_blob")
def b_ssh_fp():
    return "The authenticity of host 'sftp.%s' can't be established.\nED25519 key fingerprint is SHA256:%s.\nThis key is not known by any other names." % (
        pick(["afp.com", "antaranews.com", "reuters.com", "vnanet.vn"]), b64(rbytes(32)).rstrip("="))


@neg("non_credential_blob")
def b_newsml():
    t = ts()
    d = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y%m%d")
    guids = ["urn:newsml:afp.com:%sT%s:TX-PAR-%s:1" % (d, hm(t).replace(":", "") + "00Z", rs(UPDIG, 6)),
             "tag:reuters.com,%s:newsml_L%sN%s:%d" % (d[:4], rs(UPDIG, 1), rs(UPDIG, 7), R.randint(1, 5)),
             "urn:newsml:antaranews.com:%s:%d" % (d, R.randint(1000000, 9999999)),
             "urn:newsml:vnanet.vn:%s:%s" % (d, hexs(12))]
    return pick(["duplicate wire items, same guid twice:", "doublons dans le fil, même guid :", "tin trùng, cùng guid:", "berita dobel, guid sama:"]) + "\n" + fence("\n".join(R.sample(guids, R.randint(2, 4))))


@neg("non_credential_blob")
def b_cursor():
    cur = b64(json.dumps({"id": R.randint(10000, 999999), "published_at": iso(ts(), False)}).encode()).rstrip("=")
    return pick(["next page: `GET /v2/articles?cursor=%s`",
                 "trang tiếp theo: `?cursor=%s`",
                 "halaman berikutnya: `?cursor=%s`",
                 "response_metadata.next_cursor = \"%s\""]) % (cur if R.random() < 0.7 else "dXNlcjpV" + rs(UPDIG, 10) + "==")


@neg("non_credential_blob")
def b_sentry_ci():
    return pick(["Sentry issue %s (event %s) fired again after deploy %s" % (rs(UPDIG, 6), hexs(32), hexs(7)),
                 "CI run %d / job %d failed on `%s`, artifact sha256 %s" % (R.randint(10**9, 2 * 10**9), R.randint(10**10, 3 * 10**10), pick(SERVICES), hexs(64)),
                 "build Cloud Build %s xong, digest sha256:%s" % (uuid4(), hexs(64)),
                 "Lambda RequestId: %s Duration: %.2f ms" % (uuid4(), R.uniform(5, 900))])


@neg("non_credential_blob")
def b_sha256sums():
    lines = ["%s  %s" % (hexs(64), f) for f in R.sample(["push-gateway_linux_amd64.tar.gz", "push-gateway_linux_arm64.tar.gz", "wire-ingest_%s.deb" % pick(["1.4.2", "2.0.0"]), "packager-cli.zip", "checksums.sig", "sbom.spdx.json"], R.randint(3, 6))]
    return "SHA256SUMS for the release:\n" + fence("\n".join(lines))


@neg("non_credential_blob")
def b_helm_tf():
    return pick(["annotations:\n  checksum/config: %s\n  checksum/secret: %s" % (hexs(64), hexs(64)),
                 "terraform.tfstate lineage = \"%s\", serial %d" % (uuid4(), R.randint(10, 900))])


@neg("non_credential_blob")
def b_prebid_resp():
    bids = []
    for _ in range(R.randint(2, 5)):
        bids.append({"bidder": pick(BIDDERS), "adId": hexs(R.choice((14, 16))), "requestId": hexs(14), "creativeId": str(R.randint(100000, 99999999)),
                     "cpm": round(R.uniform(0.05, 4.5), 4), "currency": pick(["EUR", "USD"]), "auctionId": uuid4()})
    return "pbjs.getBidResponses() dump:\n" + fence("[\n" + ",\n".join("  " + json.dumps(b) for b in bids) + "\n]", "json")


@neg("non_credential_blob")
def b_binarydata():
    txt = pick(["Changelog %s: embargo fix, meter v2" % dmy(ts()), "Bản tin sáng %s" % dmy(ts()), "Rilis %s: perbaikan parser" % dmy(ts()), "Maquette une du %s" % dmy(ts())])
    return fence("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: release-notes\nbinaryData:\n  notes.txt: %s" % b64(txt.encode()), "yaml")


@neg("non_credential_blob")
def b_fcm_ids():
    return pick(["FCM accepted: `projects/%s-push/messages/%d`" % (pick(["tn24", "kabar", "echo"]), R.randint(10**15, 9 * 10**15)),
                 "apns-id: %s, apns-unique-id: %s" % (uuid4().upper(), uuid4()),
                 "OneSignal notification id %s, recipients %d" % (uuid4(), R.randint(1000, 900000))])


@neg("non_credential_blob")
def b_minified():
    cols = ", ".join("#" + hexs(6) for _ in range(R.randint(6, 12)))
    return "brand palette tokens after the redesign: " + cols


# ============================ pii_lookalike_number =========================
def order_id():
    return str(R.randint(10**8, 10**11 - 1))


def isbn13():
    while True:
        body = pick(["978", "979"]) + str(R.randint(2, 9)) + "%08d" % R.randrange(10**8)
        s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
        full = body + str((10 - s % 10) % 10)
        return "%s-%s-%s-%s-%s" % (full[:3], full[3], full[4:8], full[8:12], full[12])


def issn_ean():
    issn7 = "%07d" % R.randrange(10**7)
    s = sum(int(c) * w for c, w in zip(issn7, range(8, 1, -1)))
    c = (11 - s % 11) % 11
    issn = issn7[:4] + "-" + issn7[4:] + ("X" if c == 10 else str(c))
    body = "977" + issn7 + "00"
    s = sum(int(ch) * (1 if i % 2 == 0 else 3) for i, ch in enumerate(body))
    return issn, body + str((10 - s % 10) % 10)


@neg("pii_lookalike_number")
def n_orders_csv():
    rows = ["order_id,created_at,plan,amount,currency,invoice"]
    for _ in range(R.randint(12, 30)):
        t = ts()
        cur = pick(["EUR", "VND", "IDR"])
        amt = {"EUR": pick(["9.99", "99.00", "4.99", "119.00"]), "VND": pick(["79000", "790000", "49000"]), "IDR": pick(["49000", "499000", "35000"])}[cur]
        rows.append("%s,%s,%s,%s,%s,%s-%d-%06d" % (order_id(), iso(t, False), pick(["monthly", "annual", "student", "digital+print"]), amt, cur, pick(["FAC", "HD", "INV"]), 2025, R.randint(1, 999999)))
    return pick(["export of yesterday's failed renewals:", "export des renouvellements échoués :", "danh sách gia hạn lỗi hôm qua:", "ekspor perpanjangan gagal kemarin:"]) + "\n" + fence("\n".join(rows), "csv")


@neg("pii_lookalike_number")
def n_invoice():
    return pick(["Facture n° FAC-2025-%06d, avoir AV-%05d, bon de commande BC-%d" % (R.randint(1, 999999), R.randint(1, 99999), R.randint(100000, 999999)),
                 "Hóa đơn số %07d, ký hiệu 1C25TNN, mã tra cứu %s" % (R.randint(1, 9999999), rs(UPDIG, 10)),
                 "Faktur INV/%d/%02d/%05d sudah dikirim ke bagian keuangan" % (2025, R.randint(1, 12), R.randint(1, 99999)),
                 "PO %d for the CDN commit, credit note CN-%d" % (R.randint(4500000000, 4599999999), R.randint(10000, 99999))])


@neg("pii_lookalike_number")
def n_isbn():
    return pick(["Critique du week-end : ISBN %s et %s", "Sách review tuần này: ISBN %s, %s", "Resensi buku: ISBN %s dan %s", "book pages to build: ISBN %s, %s"]) % (isbn13(), isbn13())


@neg("pii_lookalike_number")
def n_ean():
    issn, ean = issn_ean()
    return pick(["print edition barcode: ISSN %s, EAN %s + add-on %02d", "code-barres du numéro papier : ISSN %s, EAN %s, supplément %02d",
                 "mã vạch báo in: ISSN %s, EAN %s, số phụ %02d"]) % (issn, ean, R.randint(1, 52))


@neg("pii_lookalike_number")
def n_versions():
    return pick([
        "repro on Chrome %d.0.%d.%d / Android 14 (build AP2A.%d.%03d), app %d.%d.%d (%d)" % (R.randint(120, 131), R.randint(6000, 6800), R.randint(50, 200), R.randint(240000, 241231), R.randint(1, 20), R.randint(3, 6), R.randint(0, 30), R.randint(0, 9), R.randint(20250000, 20259999)),
        "Windows 10.0.%d.%d, Edge %d.0.%d.%d" % (R.randint(19041, 22631), R.randint(1000, 4800), R.randint(120, 131), R.randint(2000, 2900), R.randint(30, 99)),
        "iOS %d.%d.%d, TinNhanh24 %d.%d (build %d)" % (R.randint(16, 18), R.randint(0, 6), R.randint(0, 3), R.randint(4, 7), R.randint(0, 20), R.randint(1000, 9999)),
        "bump prebid.js %d.%d.%d → %d.%d.%d, hls.js ^1.%d.%d" % (8, R.randint(40, 52), R.randint(0, 5), 9, R.randint(0, 30), R.randint(0, 5), R.randint(4, 6), R.randint(0, 15)),
    ])


@neg("pii_lookalike_number")
def n_timestamps():
    t = ts()
    return pick(["thread ts=%d.%06d, job started at %d (epoch ms %d)" % (t, R.randint(0, 999999), t, t * 1000 + R.randint(0, 999)),
                 "embargo lifts at %d, i.e. %s UTC" % (t, iso(t, False)),
                 "bài hẹn giờ đăng lúc %s ngày %s (epoch %d)" % (hm(t), dmy(t), t),
                 "terbit %s pukul %s WIB, epoch %d" % (dmy(t, "-"), hm(t), t),
                 "publication programmée le %s à %s, timestamp %d" % (dmy(t), hm(t), t)])


@neg("pii_lookalike_number")
def n_private_ips():
    lines = []
    for _ in range(R.randint(4, 12)):
        ip = pick(["10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)), "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254)),
                   "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254)), "100.%d.%d.%d" % (R.randint(64, 127), R.randint(0, 255), R.randint(1, 254)),
                   "192.0.2.%d" % R.randint(1, 254), "198.51.100.%d" % R.randint(1, 254), "203.0.113.%d" % R.randint(1, 254)])
        lines.append("%-16s %-22s %s" % (ip, pick(SERVICES), pick(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", ":8080", ":9090", ":5432"])))
    return "$ ./scripts/inventory.sh %s\n" % pick(NAMESPACES) + fence("\n".join(lines))


@neg("pii_lookalike_number")
def n_cloud_ids():
    return pick(["CDN logs go to account 123456789012 (AWS doc placeholder in the diagram), bucket in eu-west-3",
                 "GCP project number %d hosts FCM, instance i-%s serves the packager" % (R.randint(10**11, 10**12 - 1), hexs(17)),
                 "subscription %s, resource group rg-%s-prod" % (uuid4(), pick(["paywall", "video", "push"])),
                 "vol-%s detached from i-%s" % (hexs(17), hexs(17))])


@neg("pii_lookalike_number")
def n_tickets():
    def one():
        k = pick(["CMS", "PAY", "ADS", "VID", "PUSH", "INC", "CVE", "GHSA", "KB"])
        if k == "INC":
            return "INC%07d" % R.randint(1, 9999999)
        if k == "CVE":
            return "CVE-2025-%d" % R.randint(1000, 59999)
        if k == "GHSA":
            return "GHSA-" + "-".join(rs("23456789cfghjmpqrvwx", 4) for _ in range(3))
        if k == "KB":
            return "KB%d" % R.randint(5000000, 5099999)
        return "%s-%d" % (k, R.randint(100, 9999))
    return pick(["linked: ", "liés : ", "liên quan: ", "terkait: "]) + ", ".join(one() for _ in range(R.randint(3, 7)))


@neg("pii_lookalike_number")
def n_revenue():
    rows = ["| bidder | requests | bids | win rate | CPM |", "|---|---:|---:|---:|---:|"]
    cur = pick(["€", "₫", "Rp"])
    for b in R.sample(BIDDERS, R.randint(4, 8)):
        req = R.randint(10**5, 9 * 10**6)
        if cur == "€":
            cpm = "%.2f €" % R.uniform(0.1, 3)
            reqs = "{:,}".format(req).replace(",", "\u202f")
        elif cur == "₫":
            cpm = "{:,} ₫".format(R.randint(5, 90) * 1000).replace(",", ".")
            reqs = "{:,}".format(req).replace(",", ".")
        else:
            cpm = "Rp {:,}".format(R.randint(2, 60) * 1000).replace(",", ".")
            reqs = "{:,}".format(req).replace(",", ".")
        rows.append("| %s | %s | %d | %.1f %% | %s |" % (b, reqs, R.randint(1000, req // 3), R.uniform(2, 40), cpm))
    return "\n".join(rows)


@neg("pii_lookalike_number")
def n_ladder():
    lines = ["#EXTM3U"]
    for (w, h) in R.sample([(1920, 1080), (1280, 720), (960, 540), (640, 360), (426, 240), (2560, 1440)], R.randint(3, 6)):
        lines.append("#EXT-X-STREAM-INF:BANDWIDTH=%d,AVERAGE-BANDWIDTH=%d,RESOLUTION=%dx%d,FRAME-RATE=%s" % (R.randint(300, 9000) * 1000, R.randint(250, 8000) * 1000, w, h, pick(["25.000", "29.970", "50.000"])))
        lines.append("%dp/index.m3u8" % h)
    return fence("\n".join(lines))


@neg("pii_lookalike_number")
def n_pageviews():
    pv = R.randint(10**6, 9 * 10**7)
    return pick(["Audience hier : {fr} pages vues, {u} visiteurs uniques",
                 "Lượt xem hôm qua: {dot} trang, {u2} người dùng",
                 "Kunjungan kemarin: {dot} halaman, {u2} pengguna unik",
                 "yesterday: {com} pageviews, {ucom} uniques"]).format(
        fr="{:,}".format(pv).replace(",", " "), dot="{:,}".format(pv).replace(",", "."), com="{:,}".format(pv),
        u="{:,}".format(pv // 7).replace(",", " "), u2="{:,}".format(pv // 7).replace(",", "."), ucom="{:,}".format(pv // 7))


@neg("pii_lookalike_number")
def n_tracking():
    d = luhn_bad(str(R.randint(1, 9)) + "%014d" % R.randrange(10**14))
    return pick(["numéro de suivi Colissimo du kit abonné : %s", "mã vận đơn gửi báo in: %s", "nomor resi pengiriman edisi cetak: %s", "print bundle tracking no. %s"]) % " ".join(d[i:i + 4] for i in range(0, 16, 4))


@neg("pii_lookalike_number")
def n_latency():
    rows = ["endpoint                     p50    p95    p99   rps"]
    for e in R.sample(["/v2/articles/:id", "/paywall/check", "/wire/ingest", "/push/send", "/hb/auction", "/video/manifest"], R.randint(4, 6)):
        rows.append("%-28s %4dms %4dms %4dms %5d" % (e, R.randint(5, 80), R.randint(80, 400), R.randint(300, 1800), R.randint(10, 9000)))
    return fence("\n".join(rows))


@neg("pii_lookalike_number")
def n_ratelimit():
    t = ts()
    return fence("HTTP/1.1 429 Too Many Requests\nx-ratelimit-limit: %d\nx-ratelimit-remaining: 0\nx-ratelimit-reset: %d\nretry-after: %d" % (R.choice((600, 1200, 5000)), t, R.randint(1, 3600)))


@neg("pii_lookalike_number")
def n_dates():
    t = ts()
    return pick(["Bouclage à %s le %s, impression à %s" % (hm(t), dmy(t), hm(t + 7200)),
                 "Họp giao ban %s lúc %s, phát hành số %d" % (dmy(t), hm(t), R.randint(100, 9999)),
                 "Rapat redaksi %s pukul %s WIB, edisi ke-%d" % (dmy(t, "-"), hm(t), R.randint(100, 9999))])


@neg("pii_lookalike_number")
def n_ports():
    return "open ports on the packager: " + ", ".join(str(p) for p in sorted(R.sample([80, 443, 1935, 8080, 8443, 9000, 9090, 9100, 5432, 6379, 8000, 3000, 4317], R.randint(4, 8))))


@neg("pii_lookalike_number")
def n_bad_iban():
    bank = pick(["30004", "30003", "20041", "10278"])
    bban = bank + "%05d" % R.randrange(10**5) + "%011d" % R.randrange(10**11)
    bban += "%02d" % rib_key(bban[:5], bban[5:10], bban[10:21])
    good = iban_make("FR", bban)
    cd = int(good[2:4])
    bad = "FR%02d%s" % ((cd + R.randint(1, 40)) % 100 or 1, bban)
    assert not iban_mod_ok(bad)
    return pick(["the PSP rejects this test IBAN because the check digits are wrong on purpose: %s", "IBAN de test volontairement invalide (clé fausse) : %s"]) % group4(bad)


@neg("pii_lookalike_number")
def n_article_urls():
    site = pick(SITES)
    return "\n".join("https://www.%s/%s/%d/%s-%d.html" % (site, pick(SECTIONS), 2025, pick(["bao-so-3", "pilkada", "reforme-retraites", "timnas", "gia-vang", "ligue-1"]), R.randint(10**6, 10**8)) for _ in range(R.randint(2, 6)))


@neg("pii_lookalike_number")
def n_money():
    return pick(["Abonnement annuel : 99,00 € TTC, soit 8,25 €/mois ; CA du mois %s €" % "{:,}".format(R.randint(10**5, 10**7)).replace(",", " "),
                 "Gói năm 790.000 ₫, doanh thu tháng %s ₫" % "{:,}".format(R.randint(10**8, 10**11)).replace(",", "."),
                 "Paket tahunan Rp 499.000, pendapatan bulan ini Rp %s" % "{:,}".format(R.randint(10**8, 10**11)).replace(",", ".")])


@neg("pii_lookalike_number")
def n_hresult():
    return pick(["MSI failed with 0x%08X, segfault at %x ip %016x sp %016x error 4" % (R.randint(0x80000000, 0x8FFFFFFF), R.randint(0, 0xfff), R.randint(0x7f0000000000, 0x7fffffffffff), R.randint(0x7ff000000000, 0x7fffffffffff)),
                 "exit code %d, signal %d, OOMKilled after %d MiB" % (R.choice((137, 139, 143)), R.choice((9, 11, 15)), R.randint(256, 4096))])


# ============================ talk_about_secrets ===========================
TALK = {
    "en": [
        "Rotated the AFP feed password after the contractor left; the old one is revoked and the new one is only in Vault.",
        "Please don't paste API keys in this channel, even for a second — the bot archives everything.",
        "The Prebid Server account key leaked into a public gist last year, so now the CI scans every PR for key shapes.",
        "Reminder: subscriber card numbers never touch our servers, the PSP tokenises them in the iframe.",
        "Who owns the FCM server key? It's expiring and push will stop if nobody renews it.",
        "We store only a hash of the subscriber's e-mail and the last four digits of the IBAN, nothing more.",
        "Incident summary: a JWT signing secret was logged at debug level for 40 minutes; secret rotated, logs purged.",
        "Can someone explain why the paywall needs the customer's phone number at all? Legal says we shouldn't keep it.",
        "The APNs private key is in the HSM now, the .p8 file on the old build box has been shredded.",
        "If you find a token in a screenshot, blur it and tell #security; don't just delete the message.",
        "Our secret scanner flagged a SHA256 digest as an AWS secret again; tuning the rule this sprint.",
        "The video DRM content keys never leave the key server; the manifest only carries the key id.",
        "US subscribers sometimes type their SSN into the support form; the form now rejects anything that looks like one.",
        "Reset your SSO password before Friday, the old policy allowed 8 characters and that's no longer OK.",
        "The GitHub PAT used by the release bot expires next week; switching to a GitHub App token instead.",
    ],
    "fr": [
        "On a changé le mot de passe du flux AFP après le départ du prestataire, l'ancien est révoqué.",
        "Merci de ne jamais coller de clé API dans ce canal, même pour tester.",
        "Rappel : les numéros de carte des abonnés ne passent jamais par nos serveurs, le PSP les tokenise.",
        "Qui a la main sur la clé serveur FCM ? Elle expire bientôt et les alertes push vont tomber.",
        "On ne conserve que le hash de l'adresse mail et les 4 derniers chiffres de l'IBAN.",
        "Post-mortem : le secret de signature des JWT est apparu dans les logs debug pendant 40 min, il a été tourné.",
        "Le juridique demande pourquoi on garde le numéro de téléphone des abonnés, on devrait le supprimer.",
        "La clé privée APNs est dans le HSM, le fichier sur l'ancienne machine de build a été détruit.",
        "Si vous voyez un token dans une capture d'écran, floutez-le et prévenez l'équipe sécurité.",
        "Le scanner de secrets a encore pris un digest SHA256 pour une clé AWS, on ajuste la règle.",
        "Pensez à changer votre mot de passe SSO avant vendredi, la nouvelle politique impose 14 caractères.",
        "Le jeton du bot Slack de la rédaction a été régénéré suite à la fuite dans un ticket Jira.",
    ],
    "vi": [
        "Đã đổi mật khẩu feed TTXVN sau khi bên đối tác nghỉ, mật khẩu cũ đã bị thu hồi.",
        "Mọi người đừng dán API key vào kênh này nhé, bot lưu lại hết.",
        "Nhắc lại: số thẻ của độc giả không bao giờ đi qua server mình, cổng thanh toán đã mã hóa.",
        "Ai đang giữ server key FCM? Sắp hết hạn, không gia hạn là push ngừng chạy.",
        "Mình chỉ lưu hash email và 4 số cuối của số tài khoản, không lưu gì thêm.",
        "Tóm tắt sự cố: secret ký JWT bị ghi vào log debug 40 phút, đã xoay khóa và xóa log.",
        "Pháp chế hỏi sao mình lại lưu số điện thoại độc giả, nên xóa đi.",
        "Nếu thấy token trong ảnh chụp màn hình thì làm mờ rồi báo team bảo mật.",
        "Nhớ đổi mật khẩu SSO trước thứ Sáu, chính sách mới yêu cầu 14 ký tự.",
        "Token bot Slack của tòa soạn đã được cấp lại vì lỡ dán vào ticket.",
        "Khóa riêng APNs giờ nằm trong HSM, file cũ trên máy build đã xóa.",
    ],
    "id": [
        "Password feed ANTARA sudah diganti setelah vendor lama keluar, yang lama sudah dicabut.",
        "Tolong jangan tempel API key di channel ini ya, bot menyimpan semuanya.",
        "Pengingat: nomor kartu pelanggan tidak pernah lewat server kita, PSP yang melakukan tokenisasi.",
        "Siapa yang pegang server key FCM? Sebentar lagi kedaluwarsa dan push akan berhenti.",
        "Kita cuma simpan hash email dan 4 digit terakhir rekening, tidak lebih.",
        "Ringkasan insiden: secret penandatanganan JWT sempat tercatat di log debug selama 40 menit, sudah dirotasi.",
        "Tim legal tanya kenapa nomor HP pelanggan disimpan, sebaiknya dihapus.",
        "Kalau lihat token di screenshot, blur dan lapor ke tim keamanan.",
        "Jangan lupa ganti password SSO sebelum Jumat, aturan baru minimal 14 karakter.",
        "Token bot Slack redaksi sudah dibuat ulang karena sempat bocor di tiket.",
        "Kunci privat APNs sekarang di HSM, file lama di mesin build sudah dihapus.",
    ],
}
ALL_TALK = [s for v in TALK.values() for s in v]


@neg("talk_about_secrets")
def t_single():
    return pick(ALL_TALK)


@neg("talk_about_secrets")
def t_runbook():
    lg = pick(["en", "fr", "vi", "id"])
    head = {"en": "*Leaked credential runbook*", "fr": "*Procédure fuite d'identifiants*", "vi": "*Quy trình khi lộ thông tin đăng nhập*", "id": "*Runbook kebocoran kredensial*"}[lg]
    steps = {"en": ["Revoke the key at the provider first, then rotate in Vault.", "Check the audit log for use since the leak.", "Purge the message, but keep the incident ticket.", "Tell the wire agency / PSP if their credential was involved.", "Write the post-mortem within 48 h."],
             "fr": ["Révoquer d'abord la clé chez le fournisseur, puis la tourner dans Vault.", "Vérifier les journaux d'audit depuis la fuite.", "Supprimer le message mais garder le ticket.", "Prévenir l'agence ou le PSP si leur identifiant est concerné.", "Rédiger le post-mortem sous 48 h."],
             "vi": ["Thu hồi key ở nhà cung cấp trước, sau đó xoay trong Vault.", "Kiểm tra audit log từ lúc bị lộ.", "Xóa tin nhắn nhưng giữ ticket sự cố.", "Báo cho hãng thông tấn hoặc cổng thanh toán nếu liên quan.", "Viết post-mortem trong 48 giờ."],
             "id": ["Cabut kunci di penyedia dulu, lalu rotasi di Vault.", "Cek audit log sejak kebocoran.", "Hapus pesannya tapi simpan tiket insiden.", "Kabari kantor berita atau PSP kalau kredensial mereka terlibat.", "Tulis post-mortem dalam 48 jam."]}[lg]
    k = R.randint(3, 5)
    return head + "\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(steps[:k]))


@neg("talk_about_secrets")
def t_thread():
    lg = pick(["en", "fr", "vi", "id"])
    return "\n".join("> " + s if i == 0 else s for i, s in enumerate(R.sample(TALK[lg], R.randint(2, 4))))


@neg("talk_about_secrets")
def t_qa():
    return pick([
        "Q: est-ce qu'on peut mettre le mot de passe du FTP Reuters dans le README ?\nR: non, jamais. Il est dans le coffre, demande l'accès.",
        "Q: can the push service log the device token?\nA: only a truncated hash of it; full tokens are treated like credentials.",
        "H: Mật khẩu SFTP của TTXVN để ở đâu?\nĐ: trong Vault, path wire/vna, xin quyền qua ticket.",
        "T: Boleh kirim nomor rekening pelanggan lewat Slack?\nJ: tidak boleh, pakai tiket di sistem billing.",
        "Q: the regex for card numbers also matches our ISBNs, is that expected?\nA: yes, that's why it checks Luhn before redacting.",
        "Q: pourquoi le scanner bloque mon PR ?\nR: il a vu une chaîne qui ressemble à un token Slack, vérifie que c'est un faux.",
    ])


@neg("talk_about_secrets")
def t_standup():
    lg = pick(["en", "fr", "vi", "id"])
    head = {"en": "standup notes (security):", "fr": "notes du point sécu :", "vi": "ghi chú họp bảo mật:", "id": "catatan rapat keamanan:"}[lg]
    return head + "\n" + "\n".join("- " + s for s in R.sample(TALK[lg], R.randint(3, 5)))


@neg("talk_about_secrets")
def t_regex_talk():
    return pick([
        "the scanner treats anything starting with `AKIA` plus 16 characters as an AWS key id, and anything 40 chars of base64 next to it as the secret",
        "pour les IBAN on vérifie le modulo 97, sinon on masquerait tous les numéros de commande",
        "regex nhận diện số điện thoại Việt Nam phải xử lý cả dạng +84 và số 0 đầu, nhưng không được bắt mã đơn hàng",
        "deteksi nomor HP Indonesia harus menangani +62 dan 08, tapi jangan sampai menangkap nomor faktur",
        "JWTs are three base64url segments separated by dots; a lone `eyJ` cursor is not one",
        "a PEM block is only a secret if the body is there; the BEGIN/END lines alone mean nothing",
    ])


@neg("talk_about_secrets")
def t_vault_err():
    return pick([
        "ExternalSecret `wire-afp-creds` is failing: `could not get secret data from provider: key not found`. The password itself is fine, the path moved.",
        "sealed-secrets controller: `no key could decrypt secret (password)` after the cluster rebuild — need to re-seal with the new cert.",
        "Vault: `permission denied` reading `kv/paywall/stripe` from the billing pod; policy missing, not a leaked token.",
        "Lỗi ESO: `secret \"push-fcm\" not found`, không phải do lộ key, chỉ là sai namespace.",
    ])


@neg("talk_about_secrets")
def t_faq():
    head = pick(["*Security FAQ for the newsroom (EN/FR/VI/ID)*", "*FAQ sécurité de la rédaction*", "*Hỏi đáp bảo mật cho tòa soạn*", "*FAQ keamanan redaksi*"])
    body = []
    for lg in R.sample(["en", "fr", "vi", "id"], R.randint(3, 4)):
        body.append("")
        body.append({"en": "*English*", "fr": "*Français*", "vi": "*Tiếng Việt*", "id": "*Bahasa Indonesia*"}[lg])
        body += ["• " + s for s in R.sample(TALK[lg], R.randint(2, 4))]
    return head + "\n" + "\n".join(body)


@neg("talk_about_secrets")
def t_incident():
    lg = pick(["en", "fr", "vi", "id"])
    t = ts()
    head = {"en": "Incident %s — credential exposure" % dmy(t), "fr": "Incident du %s — exposition d'identifiants" % dmy(t),
            "vi": "Sự cố ngày %s — lộ thông tin xác thực" % dmy(t), "id": "Insiden %s — kredensial terekspos" % dmy(t, "-")}[lg]
    return "*%s*\n%s" % (head, " ".join(R.sample(TALK[lg], 2)))


# ============================ positives: value generators ==================
def base62(n):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s or "0"


def v_aws_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def v_aws_secret():
    return rs(ALNUM + "+/", 40)


def v_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xFFFFFFFF).rjust(6, "0")


def v_ghf():
    return "github_pat_11" + rs(UPDIG, 20) + "_" + rs(B62, 59)


def v_xoxb():
    return "xoxb-%d-%d-%s" % (R.randint(10**10, 10**13 - 1), R.randint(10**11, 10**13 - 1), rs(ALNUM, 24))


def v_xoxp():
    return "xoxp-%d-%d-%d-%s" % (R.randint(10**10, 10**13 - 1), R.randint(10**10, 10**13 - 1), R.randint(10**11, 10**13 - 1), hexs(32))


def v_openai():
    k = pick(["proj", "proj", "legacy", "svc"])
    if k == "proj":
        return "sk-proj-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
    if k == "svc":
        return "sk-svcacct-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
    return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)


def v_anthropic():
    return "sk-ant-api03-" + rs(B64U, 93) + "AA"


def v_jwt():
    t = ts()
    site = pick(SITES)
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = rbytes(32)
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hexs(16)}
        sig = rbytes(256)
    pl = pick([
        {"sub": "sub_%d" % R.randint(10000, 9999999), "iss": "https://paywall.%s" % site, "aud": "article-render", "iat": t, "exp": t + 3600, "entitlements": R.sample(["premium", "archives", "epaper", "no-ads"], 2)},
        {"sub": "cms:%s" % rs(string.ascii_lowercase, 6), "role": pick(["editor", "desk-chief", "admin"]), "iss": "https://cms.%s" % site, "iat": t, "exp": t + 28800},
        {"iss": "push-gateway", "scope": "topics:send", "iat": t, "exp": t + 900, "jti": uuid4()},
        {"sub": str(R.randint(10**6, 10**8)), "plan": pick(["monthly", "annual", "student"]), "country": pick(["FR", "VN", "ID"]), "iat": t, "exp": t + 86400},
    ])
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(nbytes):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0x80
    b = bytes(b)
    return der(0x02, b"\x00" + b)


def pem_body(kind):
    if kind == "ec":
        priv = rbytes(32)
        pub = b"\x04" + rbytes(64)
        d = der(0x30, b"\x02\x01\x01" + der(0x04, priv) + der(0xA0, bytes.fromhex("06082a8648ce3d030107")) + der(0xA1, der(0x03, b"\x00" + pub)))
        label = "EC PRIVATE KEY"
    elif kind == "ed25519":
        d = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        label = "PRIVATE KEY"
    elif kind == "rsa":
        parts = b"\x02\x01\x00" + der_int(256) + der(0x02, b"\x01\x00\x01") + der_int(256) + der_int(128) + der_int(128) + der_int(128) + der_int(128) + der_int(128)
        d = der(0x30, parts)
        label = "RSA PRIVATE KEY"
    else:  # openssh ed25519
        def sstr(b):
            return struct.pack(">I", len(b)) + b
        pk = rbytes(32)
        pubblob = sstr(b"ssh-ed25519") + sstr(pk)
        chk = rbytes(4)
        priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pk) + sstr(rbytes(32) + pk) + sstr(pick([b"deploy@wire-ingest", b"ci-packager", b"cdn-purge-bot"]))
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        d = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
        label = "OPENSSH PRIVATE KEY"
    s = b64(d)
    width = 70 if kind == "openssh" else 64
    return label, [s[i:i + width] for i in range(0, len(s), width)]


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        g = R.randint(1, 99)
        s = R.randint(1, 9999)
        v = "%03d-%02d-%04d" % (a, g, s)
        if v in ("078-05-1120", "123-45-6789", "219-09-9999"):
            continue
        return v


def v_card():
    k = pick(["visa", "visa", "mc", "mc2", "amex", "jcb"])
    if k == "visa":
        d = luhn_complete("4" + "%014d" % R.randrange(10**14))
    elif k == "mc":
        d = luhn_complete(str(R.randint(51, 55)) + "%013d" % R.randrange(10**13))
    elif k == "mc2":
        d = luhn_complete(str(R.randint(2221, 2720)) + "%011d" % R.randrange(10**11))
    elif k == "jcb":
        d = luhn_complete(str(R.randint(3528, 3589)) + "%011d" % R.randrange(10**11))
    else:
        d = luhn_complete(pick(["34", "37"]) + "%012d" % R.randrange(10**12))
    f = pick(["plain", "space", "dash"])
    if f == "plain":
        return d
    sep = " " if f == "space" else "-"
    if len(d) == 15:
        return d[:4] + sep + d[4:10] + sep + d[10:]
    return sep.join(d[i:i + 4] for i in range(0, 16, 4))


IBAN_CC = ["FR", "MC", "FR", "LU", "FR", "MC", "FR", "MC", "FR", "LU"]
PHONE_CC = ["fr", "vn", "id", "us", "fr", "vn", "id", "fr", "vn", "us"]
_cycle = {"iban": 0, "phone": 0}


def _next(name, seq):
    v = seq[_cycle[name] % len(seq)]
    _cycle[name] += 1
    return v


def v_iban():
    cc = _next("iban", IBAN_CC)
    if cc in ("FR", "MC"):
        bank = pick(["30004", "30003", "20041", "30002", "10278", "17515", "16606", "18206"] if cc == "FR" else ["12739", "30003", "11068", "10011", "12869"])
        guichet = "%05d" % R.randrange(10**5)
        compte = "%011d" % R.randrange(10**11) if R.random() < 0.85 else "%05d%s%05d" % (R.randrange(10**5), pick("ABCDEFGHJKLMNPRSTUVWXYZ"), R.randrange(10**5))
        bban = bank + guichet + compte + "%02d" % rib_key(bank, guichet, compte)
    else:
        bban = pick(["001", "002", "003", "019", "030", "014"]) + "%013d" % R.randrange(10**13)
    iban = iban_make(cc, bban)
    assert iban_mod_ok(iban)
    return iban if R.random() < 0.35 else group4(iban)


def v_ip():
    while True:
        a = pick([2, 5, 31, 37, 46, 62, 77, 78, 80, 82, 86, 88, 90, 92, 109, 176, 185, 193, 212,  # FR-ish
                  14, 27, 42, 58, 103, 113, 115, 116, 117, 118, 123, 125, 171, 183, 222,  # VN-ish
                  36, 39, 110, 112, 114, 120, 139, 140, 180, 182, 202, 103,  # ID-ish
                  34, 35, 52, 54, 3, 18])  # cloud
        o = (a, R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if is_public_ipv4(*o):
            return "%d.%d.%d.%d" % o


def v_phone():
    cc = _next("phone", PHONE_CC)
    if cc == "fr":
        n = pick(["6", "7"]) + "%08d" % R.randrange(10**8) if R.random() < 0.75 else pick("12345") + "%08d" % R.randrange(10**8)
        pairs = [n[1:3], n[3:5], n[5:7], n[7:9]]
        f = pick(["sp", "dot", "intl", "intl_c", "plain"])
        if f == "sp":
            return "0%s %s" % (n[0], " ".join(pairs))
        if f == "dot":
            return "0%s.%s" % (n[0], ".".join(pairs))
        if f == "intl":
            return "+33 %s %s" % (n[0], " ".join(pairs))
        if f == "intl_c":
            return "+33" + n
        return "0" + n
    if cc == "vn":
        pre = pick(["90", "91", "93", "94", "96", "97", "98", "86", "88", "89", "32", "33", "34", "35", "36", "37", "38", "39", "70", "76", "77", "78", "79", "81", "83", "84", "85", "56", "58"])
        rest = "%07d" % R.randrange(10**7)
        f = pick(["sp", "sp2", "intl", "plain", "land"])
        if f == "sp":
            return "0%s %s %s" % (pre + rest[0], rest[1:4], rest[4:])
        if f == "sp2":
            return "0%s %s %s" % (pre, rest[:3], rest[3:])
        if f == "intl":
            return "+84 %s %s %s" % (pre + rest[0], rest[1:4], rest[4:])
        if f == "land":
            return pick(["028", "024"]) + " %04d %04d" % (R.randrange(3000, 10**4), R.randrange(10**4))
        return "0" + pre + rest
    if cc == "id":
        pre = pick(["811", "812", "813", "821", "822", "852", "853", "856", "857", "878", "877", "817", "818", "838", "896", "895"])
        rest = "%08d" % R.randrange(10**8)
        f = pick(["dash", "sp", "intl", "plain", "land"])
        if f == "dash":
            return "0%s-%s-%s" % (pre, rest[:4], rest[4:])
        if f == "sp":
            return "0%s %s %s" % (pre, rest[:4], rest[4:])
        if f == "intl":
            return "+62 %s-%s-%s" % (pre, rest[:4], rest[4:])
        if f == "land":
            return "(021) %d %04d" % (R.randint(2100, 8999), R.randrange(10**4))
        return "62" + pre + rest if R.random() < 0.5 else "0" + pre + rest
    a = pick([212, 646, 917, 415, 628, 213, 312, 617, 202, 305, 718, 347])
    ex = R.randint(200, 999)
    while ex == 555:
        ex = R.randint(200, 999)
    ln = R.randrange(10**4)
    return pick(["(%d) %d-%04d", "%d-%d-%04d", "+1 %d %d %04d", "+1 (%d) %d-%04d"]) % (a, ex, ln)


FIRST = ["lan", "minh", "thu", "hoang", "dewi", "rizky", "putri", "agus", "camille", "julien", "lea", "thomas", "sophie", "nicolas", "siti", "budi", "ngoc", "tuan", "emma", "lucas"]
LAST = ["nguyen", "tran", "le", "pham", "vu", "rahmawati", "pratama", "santoso", "wijaya", "dubois", "martin", "lefevre", "moreau", "girard", "roux", "hidayat", "dang", "bui", "laurent", "simon"]


def v_email():
    f, l = pick(FIRST), pick(LAST)
    dom = pick(["echomatin.fr", "tinnhanh24.vn", "kabarharian.co.id", "gmail.com", "yahoo.co.id", "orange.fr", "free.fr", "laposte.net", "outlook.com", "hotmail.fr", "fpt.vn", "wanadoo.fr"])
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s.%s%d" % (f, l, R.randint(1, 99)), "%s_%s" % (l, f), "%s%d" % (f, R.randint(80, 2005))])
    return local + "@" + dom


PW_WORDS = {
    "fr": ["Bouclage", "Redaction", "Manchette", "Bastille", "Croissant", "Marseille", "Soleil", "Chaton", "Depeche", "Gazette", "Lyon", "Bretagne", "Rédaction", "Éditorial"],
    "vi": ["Hanoi", "SaiGon", "PhoBo", "CaPhe", "HoGuom", "TinNhanh", "DaNang", "BanhMi", "Matkhau", "HueXua", "Sapa", "Phở"],
    "id": ["Merdeka", "Kopi", "Sambal", "Jakarta", "Garuda", "Bakso", "Kabar", "Rendang", "Bandung", "Nasgor", "Pancasila", "Sate"],
    "en": ["Newsroom", "Deadline", "Frontpage", "Scoop", "Headline", "Breaking", "Wirefeed", "Paywall"],
}


def v_password(url_safe=False):
    style = pick(["word", "word", "word2", "leet", "random", "phrase"])
    lg = pick(["fr", "fr", "vi", "vi", "id", "id", "en"])
    w = pick(PW_WORDS[lg])
    if url_safe:
        w = w.replace("é", "e").replace("É", "E").replace("ở", "o")
    sym = pick("!#$*.&_-" if not url_safe else "!*._-~$")
    if style == "word":
        p = w + pick([str(R.randint(1, 99)), str(R.randint(1970, 2026)), "%02d%02d" % (R.randint(1, 28), R.randint(1, 12))]) + sym
    elif style == "word2":
        p = pick([w.lower(), w]) + sym + pick(PW_WORDS[lg]).lower() + str(R.randint(1, 999))
    elif style == "leet":
        p = w.replace("a", "@" if not url_safe else "4").replace("o", "0").replace("e", "3") + str(R.randint(10, 99)) + sym
    elif style == "random":
        p = rs(ALNUM + ("!#%&*+=?" if not url_safe else "-_.~"), R.randint(14, 24))
    else:
        words = R.sample(PW_WORDS[lg], 3)
        p = "-".join(x.lower() for x in words) + str(R.randint(1, 99))
        if url_safe:
            p = p.replace("é", "e").replace("ở", "o")
    return p


# ============================ positives: templates =========================
def yq(v):
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


POS_T = {
    "aws_access_key_id": [
        lambda v: "the video-archive uploader is using `%s`, can someone check which IAM user that is?" % v,
        lambda v: "Access key %s was used from an unknown ASN at 03:12, disabling it now" % v,
        lambda v: fence("export AWS_ACCESS_KEY_ID=%s\nexport AWS_DEFAULT_REGION=eu-west-3\naws s3 sync ./hls s3://echomatin-video-origin/vod/" % v, "bash"),
        lambda v: "CloudTrail: `userIdentity.accessKeyId: %s` trên bucket tinnhanh24-wire-inbox, ai tạo key này?" % v,
        lambda v: "kunci akses %s masih aktif di akun kabarharian-cdn, tolong dinonaktifkan" % v,
    ],
    "aws_secret_access_key": [
        lambda v: "le secret de l'utilisateur cdn-purge c'est `%s`, je le remets dans Vault après" % v,
        lambda v: fence("AWS_SECRET_ACCESS_KEY=%s" % v, "bash"),
        lambda v: "aws_secret_access_key = %s  ← cái này trong file ~/.aws/credentials của máy build cũ" % v,
        lambda v: "secret key buat uploader video: %s (sementara, besok dirotasi)" % v,
    ],
    "github_classic_pat": [
        lambda v: "use my PAT for the cms-templates mirror until the GitHub App is approved: %s" % v,
        lambda v: fence("git clone https://%s@github.com/echomatin/cms-templates.git" % v, "bash"),
        lambda v: "token GitHub cho job release: `%s` (hết hạn 30 ngày)" % v,
        lambda v: fence("# .npmrc\n//npm.pkg.github.com/:_authToken=%s\n@kabarharian:registry=https://npm.pkg.github.com" % v),
        lambda v: "j'ai mis `GH_TOKEN=%s` dans le runner en attendant" % v,
    ],
    "github_fine_grained_pat": [
        lambda v: "fine-grained token for the wire-parsers repo (read-only contents): %s" % v,
        lambda v: fence("env:\n  GITHUB_TOKEN: %s" % v, "yaml"),
        lambda v: "token fine-grained untuk repo prebid-config: `%s`" % v,
        lambda v: "jeton GitHub à granularité fine pour le repo paywall-rules : %s" % v,
    ],
    "slack_bot_token": [
        lambda v: "the breaking-news bot posts with `%s`, it's in the old cron on ingest-01" % v,
        lambda v: fence("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#alertes-info" % v, "bash"),
        lambda v: "token bot Slack cho kênh #tin-nong: %s" % v,
        lambda v: fence("client = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#berita-terkini\", text=judul)" % v, "python"),
    ],
    "slack_user_token": [
        lambda v: "I used my user token for the export script, sorry: %s" % v,
        lambda v: "token utilisateur Slack de l'ancien script d'archives : `%s`" % v,
        lambda v: fence("curl -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C0%s" % (v, rs(UPDIG, 8)), "bash"),
        lambda v: "token user Slack buat migrasi arsip: %s" % v,
    ],
    "openai_api_key": [
        lambda v: fence("OPENAI_API_KEY=%s\nHEADLINE_MODEL=gpt-4o-mini" % v, "bash"),
        lambda v: "la clé OpenAI du bot de résumés AFP : %s" % v,
        lambda v: "key OpenAI cho tool gợi ý tít: `%s`" % v,
        lambda v: fence("client = OpenAI(api_key=\"%s\")" % v, "python"),
        lambda v: "API key OpenAI untuk ringkasan berita: %s" % v,
    ],
    "anthropic_api_key": [
        lambda v: "ANTHROPIC_API_KEY=%s" % v,
        lambda v: fence("const client = new Anthropic({ apiKey: \"%s\" });" % v, "ts"),
        lambda v: "clé Anthropic pour le correcteur de dépêches : `%s`" % v,
        lambda v: "key Anthropic của bot tóm tắt tin: %s" % v,
        lambda v: fence("llm:\n  provider: anthropic\n  api_key: \"%s\"" % v, "yaml"),
    ],
    "jwt": [
        lambda v: "paywall returns this token for a test subscriber, exp looks wrong: %s" % v,
        lambda v: fence("curl -H \"Authorization: Bearer %s\" https://api.%s/v2/articles/premium" % (v, pick(SITES)), "bash"),
        lambda v: "cookie `pw_session=%s` bị reject ở article-render" % v,
        lambda v: "jeton du CMS que je vois dans le HAR : %s" % v,
        lambda v: "token push-gateway dari log: `%s`" % v,
    ],
    "password": [
        lambda v: "mdp du compte AFP Forum : %s" % v,
        lambda v: "mật khẩu wifi phòng biên tập mới là %s" % v,
        lambda v: "password SFTP ANTARA yang baru: %s" % v,
        lambda v: fence("spring.datasource.url=jdbc:postgresql://pg-subs:5432/subs\nspring.datasource.username=subs_app\nspring.datasource.password=%s" % v, "properties"),
        lambda v: fence("Server=sql-ads.internal;Database=AdsReporting;User Id=ads_ro;Password=%s;" % v),
        lambda v: fence("wire:\n  reuters:\n    username: rtr_echomatin\n    password: %s" % yq(v), "yaml"),
        lambda v: "the login for the Reuters Connect sandbox is rtr_tn24 / %s" % v,
        lambda v: fence("DB_HOST=pg-cms\nDB_USER=cms\nDB_PASSWORD=%s" % v, "bash"),
        lambda v: fence("mysql -h ads-db -u prebid -p'%s' pbs_stored" % v, "bash"),
        lambda v: "pass admin CMS staging: %s (nhớ đổi sau demo)" % v,
    ],
    "url_credentials": [
        lambda v: fence("DATABASE_URL=postgres://cms_rw:%s@pg-cms-primary:5432/cms" % v, "bash"),
        lambda v: fence("MONGO_URI=mongodb+srv://paywall:%s@subs-cluster.a1b2c.mongodb.net/subs?retryWrites=true" % v, "bash"),
        lambda v: "redis của prebid: `redis://:%s@redis-hb:6379/2`" % v,
        lambda v: "ingest pakai `amqps://wire:%s@mq.kabarharian.co.id:5671/ingest`" % v,
        lambda v: "le fil AFP arrive par `ftp://afp_echo:%s@ftp-in.echomatin.fr/depeches/`" % v,
        lambda v: fence("SQLALCHEMY_DATABASE_URI = \"postgresql+psycopg://subs:%s@10.20.4.11:5432/subscriptions\"" % v, "python"),
        lambda v: "npm registry URL in the runner: https://ci-bot:%s@nexus.tinnhanh24.vn/repository/npm-group/" % v,
    ],
    "email_address": [
        lambda v: "contact at the wire agency for the outage: %s" % v,
        lambda v: "abonnée qui se plaint du double prélèvement : %s" % v,
        lambda v: "độc giả phản ánh không đăng nhập được: %s" % v,
        lambda v: "pelanggan yang komplain tagihan ganda: %s" % v,
        lambda v: "please add %s to the push-ops on-call rota" % v,
    ],
    "phone_number": [
        lambda v: "le desk de nuit est joignable au %s" % v,
        lambda v: "SĐT trực ca video tối nay: %s" % v,
        lambda v: "nomor piket redaksi malam ini: %s" % v,
        lambda v: "call the CDN account manager on %s if purges stall again" % v,
        lambda v: "abonné à rappeler pour la résiliation : %s" % v,
    ],
    "credit_card": [
        lambda v: "the customer pasted their card in the chat widget: %s exp 0%d/2%d" % (v, R.randint(1, 9), R.randint(6, 9)),
        lambda v: "carte de test ? non, c'est une vraie : %s" % v,
        lambda v: "độc giả gửi số thẻ qua form góp ý: %s" % v,
        lambda v: "nomor kartu pelanggan nyasar ke log: `card=%s`" % v,
    ],
    "iban": [
        lambda v: "IBAN du pigiste pour le paiement de juin : %s" % v,
        lambda v: "new payout account for the photo agency: %s" % v,
        lambda v: "mandat SEPA à corriger, l'abonné a donné %s" % v,
        lambda v: "rekening pembayaran kontributor Paris: IBAN %s" % v,
        lambda v: "số tài khoản IBAN của cộng tác viên ở Monaco: %s" % v,
    ],
    "ipv4_address": [
        lambda v: "the scraper hammering /paywall/check comes from %s, can we block it at the edge?" % v,
        lambda v: "IP của máy chủ origin mới: %s" % v,
        lambda v: "l'abonné se connecte depuis %s, le géoblocage le prend pour la Belgique" % v,
        lambda v: "whitelist IP kantor Jakarta di CDN: %s" % v,
        lambda v: fence("upstream packager {\n  server %s:8080;\n}" % v, "nginx"),
    ],
    "us_ssn": [
        lambda v: "the US stringer's W-9 says SSN %s, please store it in the HR system not here" % v,
        lambda v: "SSN của phóng viên thường trú ở Mỹ: %s" % v,
        lambda v: "numéro de sécurité sociale US du correspondant : %s" % v,
        lambda v: "SSN kontributor di New York: %s" % v,
    ],
}

PEM_LAYOUTS = 5


def pem_text(kind, layout):
    label, lines = pem_body(kind)
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        value = "\n".join(lines)
        text = fence("%s\n%s\n%s" % (begin, value, end))
        lead = pick(["key for the deploy user on the packager:", "clé du compte de déploiement :", "khóa deploy của máy packager:", "kunci deploy untuk server packager:"])
        text = lead + "\n" + text
    elif layout == 1:
        value = "\n".join(lines)
        text = "%s\n%s\n%s" % (begin, value, end)
    elif layout == 2:
        value = "\\n".join(lines)
        text = fence(json.dumps({"type": "service_account", "project_id": pick(["tn24-push", "kabar-push", "echo-push"]), "private_key_id": hexs(40)}, indent=2)[:-2]
                     + ',\n  "private_key": "%s\\n%s\\n%s\\n"\n}' % (begin, value, end), "json")
    elif layout == 3:
        ind = "    "
        value = ("\n" + ind).join(lines)
        text = fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: apns-signing\nstringData:\n  key.pem: |\n%s%s\n%s%s\n%s%s" % (ind, begin, ind, value, ind, end), "yaml")
    else:
        value = "\\n".join(lines)
        text = 'PUSH_SIGNING_KEY="%s\\n%s\\n%s"' % (begin, value, end)
    return text, value, label


MULTI = [
    ("aws_pair", ["aws_access_key_id", "aws_secret_access_key"], [
        lambda a, b: fence("[video-archive]\naws_access_key_id = %s\naws_secret_access_key = %s" % (a, b), "ini"),
        lambda a, b: "cặp key S3 cho uploader: `%s` / `%s`" % (a, b),
        lambda a, b: fence("AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nAWS_REGION=ap-southeast-3" % (a, b), "bash"),
        lambda a, b: "identifiants IAM du purgeur CDN : id %s, secret %s" % (a, b),
        lambda a, b: fence("Environment:\n  Variables:\n    AWS_ACCESS_KEY_ID: %s\n    AWS_SECRET_ACCESS_KEY: %s" % (a, b), "yaml"),
    ], 5),
    ("contact", ["email_address", "phone_number"], [
        lambda a, b: "contact presse de l'agence : %s, tél. %s" % (a, b),
        lambda a, b: "liên hệ đối tác phân phối video: %s / %s" % (a, b),
        lambda a, b: "kontak vendor CDN: %s, HP %s" % (a, b),
        lambda a, b: "escalation for the push vendor: %s or call %s" % (a, b),
    ], 4),
    ("slack_pair", ["slack_bot_token", "slack_user_token"], [
        lambda a, b: fence("SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s" % (a, b), "bash"),
        lambda a, b: "bot token %s and my user token %s are both in the archiver config, rotating" % (a, b),
    ], 2),
    ("ssh_host", ["ipv4_address", "password"], [
        lambda a, b: "ssh root@%s, mdp %s — c'est le vieux serveur d'ingestion AFP" % (a, b),
        lambda a, b: "máy encode dự phòng: %s, user admin, pass %s" % (a, b),
    ], 2),
    ("payout", ["iban", "email_address"], [
        lambda a, b: "virement pigiste : IBAN %s, envoyer l'avis à %s" % (a, b),
        lambda a, b: "payout for the Monaco stringer: %s, remittance to %s" % (a, b),
    ], 2),
    ("llm_env", ["openai_api_key", "anthropic_api_key"], [
        lambda a, b: fence("OPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s" % (a, b), "bash"),
        lambda a, b: "keys của bot tóm tắt: OpenAI `%s`, Anthropic `%s`" % (a, b),
    ], 2),
    ("ci_env", ["github_classic_pat", "jwt"], [
        lambda a, b: fence("GH_TOKEN=%s\nCMS_SERVICE_JWT=%s" % (a, b), "bash"),
    ], 1),
    ("card_callback", ["credit_card", "phone_number"], [
        lambda a, b: "abonné bloqué au paiement, carte %s, le rappeler au %s" % (a, b),
    ], 1),
    ("w9", ["us_ssn", "email_address"], [
        lambda a, b: "W-9 for the NY stringer: SSN %s, send the 1099 to %s" % (a, b),
    ], 1),
]


# ============================ generation ===================================
SINGLE_COUNTS = {"email_address": 3, "phone_number": 5, "password": 8, "url_credentials": 10, "ipv4_address": 8, "iban": 8,
                 "credit_card": 9, "jwt": 9, "aws_access_key_id": 4, "aws_secret_access_key": 4, "github_classic_pat": 8,
                 "github_fine_grained_pat": 9, "slack_bot_token": 7, "slack_user_token": 7, "openai_api_key": 7,
                 "anthropic_api_key": 7, "private_key_pem": 9, "us_ssn": 8}
VALUE_GEN = {"email_address": v_email, "phone_number": v_phone, "password": v_password,
             "url_credentials": lambda: v_password(url_safe=True), "ipv4_address": v_ip, "iban": v_iban,
             "credit_card": v_card, "jwt": v_jwt, "aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret,
             "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghf, "slack_bot_token": v_xoxb,
             "slack_user_token": v_xoxp, "openai_api_key": v_openai, "anthropic_api_key": v_anthropic, "us_ssn": v_ssn}


def gen_negatives():
    out, seen, findings = [], set(), {}
    for cat, tpls in NEG.items():
        for i in range(100):
            f = tpls[i % len(tpls)]
            for attempt in range(400):
                if attempt and attempt % 25 == 0:
                    f = pick(tpls)
                text = dress(f())
                hits = scan(text)
                if hits:
                    for k, v in hits:
                        findings.setdefault(k, []).append(v)
                    continue
                if text in seen:
                    continue
                break
            else:
                raise SystemExit("could not draw a clean %s from %s" % (cat, f.__name__))
            seen.add(text)
            out.append({"text": text, "category": cat, "_tpl": f.__name__})
    return out, findings


def gen_positives():
    out, values = [], set()

    def fresh(kind):
        while True:
            v = VALUE_GEN[kind]()
            if v not in values:
                values.add(v)
                return v

    for kind, n in SINGLE_COUNTS.items():
        for i in range(n):
            if kind == "private_key_pem":
                kt = ["ec", "ed25519", "rsa", "openssh"][i % 4]
                layout = i % PEM_LAYOUTS
                text, value, _ = pem_text(kt, layout)
                values.add(value)
                out.append({"text": dress(text, 0.06, 0.03), "secrets": [{"kind": kind, "value": value}], "context": "private_key_pem:%s:layout%d" % (kt, layout)})
                continue
            tpls = POS_T[kind]
            ti = i % len(tpls)
            v = fresh(kind)
            out.append({"text": dress(tpls[ti](v), 0.06, 0.03), "secrets": [{"kind": kind, "value": v}], "context": "%s:t%d" % (kind, ti)})
    for name, kinds, tpls, n in MULTI:
        for i in range(n):
            ti = i % len(tpls)
            a, b = fresh(kinds[0]), fresh(kinds[1])
            out.append({"text": dress(tpls[ti](a, b), 0.06, 0.03), "secrets": [{"kind": kinds[0], "value": a}, {"kind": kinds[1], "value": b}],
                        "context": "multi:%s:%d" % (name, ti)})
    return out


def b64u_dec(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def check_positive(rec):
    for s in rec["secrets"]:
        k, v = s["kind"], s["value"]
        assert v in rec["text"], (k, v)
        if k == "credit_card":
            d = re.sub(r"[ -]", "", v)
            assert d.isdigit() and len(d) in (15, 16) and luhn_ok(d), v
        elif k == "iban":
            c = v.replace(" ", "")
            assert iban_mod_ok(c), v
            if c[:2] in ("FR", "MC"):
                assert len(c) == 27 and int(c[-2:]) == rib_key(c[4:9], c[9:14], c[14:25]), v
            else:
                assert c[:2] == "LU" and len(c) == 20, v
        elif k == "us_ssn":
            a, g, sn = (int(x) for x in v.split("-"))
            assert 0 < a < 900 and a != 666 and g > 0 and sn > 0, v
        elif k == "ipv4_address":
            o = [int(x) for x in v.split(".")]
            assert all(0 <= x <= 255 for x in o) and is_public_ipv4(*o), v
        elif k == "jwt":
            h, p, sig = v.split(".")
            assert isinstance(json.loads(b64u_dec(h)), dict) and isinstance(json.loads(b64u_dec(p)), dict) and sig
        elif k == "private_key_pem":
            body = re.sub(r"\\n|\s", "", v)
            base64.b64decode(body, validate=True)
        elif k == "github_classic_pat":
            body, crc = v[4:34], v[34:]
            assert len(v) == 40 and base62(zlib.crc32(body.encode()) & 0xFFFFFFFF).rjust(6, "0") == crc, v
        elif k == "github_fine_grained_pat":
            assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
        elif k == "aws_secret_access_key":
            assert len(v) == 40, v
        elif k == "slack_bot_token":
            assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v), v
        elif k == "slack_user_token":
            assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v), v
        elif k == "anthropic_api_key":
            assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
        elif k == "url_credentials":
            assert not set(v) & set("@/:?#% "), v
        elif k == "openai_api_key":
            assert "T3BlbkFJ" in v and v.startswith("sk-"), v


def main():
    negs, findings = gen_negatives()
    poss = gen_positives()
    R.shuffle(negs)
    R.shuffle(poss)
    neg_recs = []
    for i, r in enumerate(negs):
        neg_recs.append({"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]})
    pos_recs = []
    for i, r in enumerate(poss):
        rec = {"id": "h%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]}
        check_positive(rec)
        pos_recs.append(rec)

    # final guarantees
    assert len(neg_recs) == 600 and len({r["text"] for r in neg_recs}) == 600
    for r in neg_recs:
        assert not scan(r["text"]), r["id"]
    assert len(pos_recs) == 150 and len({r["text"] for r in pos_recs}) == 150
    kinds = {}
    for r in pos_recs:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    assert sum(kinds.values()) == 170 and sum(1 for r in pos_recs if len(r["secrets"]) == 2) == 20, kinds

    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in neg_recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in pos_recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # report
    print("negatives: %d, positives: %d texts / %d secrets" % (len(neg_recs), len(pos_recs), sum(kinds.values())))
    print("scanner redraws while drawing negatives (what it found, then threw away):")
    for k in sorted(findings):
        ex = sorted(set(findings[k]))[:3]
        print("  %-14s %4d  e.g. %s" % (k, len(findings[k]), ex))
    print("scanner on final negatives: clean")
    stats = {}
    for r in negs:
        c = r["category"]
        n = lines_of(r["text"])
        s = stats.setdefault(c, {"n": 0, "tpl": set(), "min": 99, "max": 0})
        s["n"] += 1
        s["tpl"].add(r["_tpl"])
        s["min"] = min(s["min"], n)
        s["max"] = max(s["max"], n)
    for c, s in stats.items():
        print("  %-22s %3d texts %2d templates lines %d/%d" % (c, s["n"], len(s["tpl"]), s["min"], s["max"]))
    ls = [lines_of(r["text"]) for r in negs]
    print("negative lengths: %d single-line, %d with 10+ lines, %d with 20+ lines, max %d" % (
        sum(1 for x in ls if x == 1), sum(1 for x in ls if x >= 10), sum(1 for x in ls if x >= 20), max(ls)))
    print("positive kinds:", json.dumps(dict(sorted(kinds.items()))))
    missed = [r["id"] + ":" + s["kind"] for r in pos_recs for s in r["secrets"]
              if not any(s["value"] in v or v in s["value"] for _, v in scan(r["text"]))]
    print("scanner misses on positives (informational, %d): %s" % (len(missed), missed))


if __name__ == "__main__":
    main()
