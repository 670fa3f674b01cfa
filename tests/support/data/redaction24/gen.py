#!/usr/bin/env python3
"""Blind redaction corpus #24: a marketing-analytics / growth team's Slack.

Standard library only. Deterministic: random.Random(2424). Writes
redaction24_negatives.jsonl and redaction24_positives.jsonl next to itself.
"""
import base64
import hashlib
import ipaddress
import json
import os
import re
import string
import struct
import sys
import zlib

import random

R = random.Random(2424)
HERE = os.path.dirname(os.path.abspath(__file__))

DIG = string.digits
HEX = "0123456789abcdef"
UP = string.ascii_uppercase
LO = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
B64 = string.ascii_uppercase + string.ascii_lowercase + string.digits + "+/"
B64U = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def hexs(n):
    return rs(n, HEX)


def digits(n, first_nonzero=True):
    s = rs(n, DIG)
    if first_nonzero and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def pick(seq):
    return R.choice(seq)


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = list(hexs(32))
    h[12] = "4"
    h[16] = pick("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def uuid7():
    h = list(hexs(32))
    h[0:8] = list("0193" + hexs(4))
    h[12] = "7"
    h[16] = pick("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    return "01J" + rs(23, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")


def wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def date_iso(y0=2024, y1=2026):
    return f"{R.randint(y0, y1)}-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}"


def ts_iso():
    return (f"{date_iso()}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:"
            f"{R.randint(0, 59):02d}.{R.randint(0, 999):03d}Z")


def epoch_s():
    return R.randint(1704067200, 1767225599)


def luhn_ok(num):
    tot = 0
    for i, ch in enumerate(reversed(num)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(partial):
    for c in DIG:
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


IBAN_LEN = {"DE": 22, "GB": 22, "FR": 27, "NL": 18, "ES": 24, "IT": 27, "BE": 16,
            "AT": 20, "CH": 21, "PL": 28, "SE": 24, "PT": 25, "IE": 22, "DK": 18,
            "FI": 18, "NO": 15, "LU": 20, "CZ": 24, "HU": 28, "RO": 24, "GR": 27,
            "TR": 26, "BR": 29, "SA": 24, "AE": 23, "SK": 24, "SI": 19, "HR": 21,
            "LT": 20, "LV": 21, "EE": 20, "BG": 22, "MT": 31, "CY": 28, "IS": 26}


def iban_valid(compact):
    if len(compact) < 15 or compact[:2] not in IBAN_LEN or len(compact) != IBAN_LEN[compact[:2]]:
        return False
    r = compact[4:] + compact[:4]
    return iban_num(r) % 97 == 1


# ---------------------------------------------------------------- scanner
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})\b")
FILE_TLDS = {"png", "jpg", "jpeg", "webp", "svg", "gif", "avif", "js", "css", "mp4", "json", "woff2", "ts"}
TOKEN_RES = [
    ("github", re.compile(r"gh[pousr]_([A-Za-z0-9]{36})")),
    ("github_pat", re.compile(r"github_pat_([A-Za-z0-9_]{50,})")),
    ("slack", re.compile(r"xox[abposre]-(\d{6,}-[A-Za-z0-9-]+)")),
    ("slack_cfg", re.compile(r"xoxe\.xox[bp]-([A-Za-z0-9-]{20,})")),
    ("anthropic", re.compile(r"sk-ant-[a-z0-9]+-([A-Za-z0-9_-]{20,})")),
    ("sk", re.compile(r"(?<![A-Za-z0-9])sk-(?:proj-|svcacct-|admin-)?([A-Za-z0-9_-]{32,})")),
    ("aws", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA)([A-Z0-9]{16})(?![A-Z0-9])")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.(eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,})")),
    ("meta_token", re.compile(r"(?<![A-Za-z0-9+/])EAA[A-Za-z]{2,6}([A-Za-z0-9]{40,})")),
    ("google_key", re.compile(r"AIza([0-9A-Za-z_-]{35})")),
    ("stripe", re.compile(r"[sr]k_live_([0-9A-Za-z]{16,})")),
]
PEM_RE = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----\s*\n([A-Za-z0-9+/=\n\r ]+)")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
SSN_RE = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])|(?<!\d)\d{3} \d{2} \d{4}(?!\d)")
IBAN_RE = re.compile(r"\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]){10,32})")
DIGRUN_RE = re.compile(r"\d+(?:[ -]\d+)*")
NAMES = ("John Mary James Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara "
         "Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Nancy Daniel Lisa "
         "Matthew Betty Anthony Sandra Donald Ashley Steven Kimberly Andrew Emily Joshua Donna "
         "Kevin Michelle Brian Carol George Amanda Timothy Melissa Ronald Deborah Jason Stephanie "
         "Hans Jürgen Klaus Pierre Jean Marie Giuseppe Francesca Javier Carmen Sofia Lukas "
         "Hiroshi Yuki Takeshi Wei Ming Olga Ivan Sergei Fatima Ahmed Priya Rahul Anna Maria").split()
NAME_RE = re.compile(r"\b(" + "|".join(NAMES) + r")\b")


def low_entropy(s):
    return len(set(s)) < 8


def ipv4_public(s):
    try:
        ip = ipaddress.IPv4Address(s)
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def scan(text):
    """Return a list of (kind, match) for things that must never be in a negative."""
    hits = []
    for m in EMAIL_RE.finditer(text):
        if m.group(1).lower() not in FILE_TLDS:
            hits.append(("email", m.group(0)))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            body = m.group(1)
            if "EXAMPLE" in m.group(0) or low_entropy(body):
                continue
            hits.append((name, m.group(0)))
    for m in PEM_RE.finditer(text):
        body = re.sub(r"\s", "", m.group(2))
        if len(body) >= 40 and not low_entropy(body):
            hits.append(("pem", body[:20]))
    for m in IPV4_RE.finditer(text):
        s = ".".join(m.groups())
        if all(int(x) <= 255 for x in m.groups()) and ipv4_public(s):
            hits.append(("public_ipv4", s))
    for m in SSN_RE.finditer(text):
        hits.append(("ssn", m.group(0)))
    for m in IBAN_RE.finditer(text):
        cc = m.group(1)
        if cc in IBAN_LEN:
            compact = re.sub(r" ", "", m.group(0))[:IBAN_LEN[cc]]
            if iban_valid(compact):
                hits.append(("iban", compact))
    for m in DIGRUN_RE.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc):
                    hits.append(("luhn", acc))
    for m in NAME_RE.finditer(text):
        hits.append(("name", m.group(0)))
    return hits


# ---------------------------------------------------------------- binary helpers
def png_bytes(w, h, palette=None):
    if palette is None:
        palette = [(R.randrange(256), R.randrange(256), R.randrange(256)) for _ in range(3)]
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            row.extend(palette[(x // max(1, w // len(palette)) + y) % len(palette)])
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(t, d):
        c = struct.pack(">I", len(d)) + t + d
        return c + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_pixel(transparent=True):
    rgb = bytes([R.randrange(256) for _ in range(3)])
    gce = b"!\xf9\x04\x01\x00\x00\x00\x00" if transparent else b""
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + rgb + b"\xff\xff\xff" + gce
            + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00" + b"\x02\x02D\x01\x00;")


def svg_text():
    c = "#" + hexs(6)
    kind = R.randrange(4)
    size = pick([12, 16, 20, 24, 32])
    if kind == 0:
        body = f'<path d="M{R.randint(1, 6)} {R.randint(4, 9)}l{R.randint(3, 8)} {R.randint(3, 8)}-{R.randint(6, 12)} {R.randint(6, 12)}" stroke="{c}" fill="none"/>'
    elif kind == 1:
        body = f'<circle cx="{size // 2}" cy="{size // 2}" r="{size // 2 - 2}" fill="{c}"/>'
    elif kind == 2:
        body = f'<rect x="2" y="2" width="{size - 4}" height="{size - 4}" rx="{R.randint(2, 6)}" fill="{c}"/>'
    else:
        body = f'<polygon points="0,0 {size},{size // 2} 0,{size}" fill="{c}"/>'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}">{body}</svg>')


def woff2_bytes(n=180):
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", n + 48) + rbytes(n)


def jpeg_bytes(n=160):
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            b"\xff\xdb\x00C\x00" + rbytes(n) + b"\xff\xd9")


def webp_bytes(n=60):
    payload = b"VP8L" + struct.pack("<I", n) + rbytes(n)
    return b"RIFF" + struct.pack("<I", len(payload) + 4) + b"WEBP" + payload


def pdf_bytes():
    s = ("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]"
         f"/Count 1>>endobj\n3 0 obj<</Type/Page/MediaBox[0 0 {R.randint(300, 612)} {R.randint(300, 792)}]>>endobj\n"
         "trailer<</Root 1 0 R>>\n%%EOF\n")
    return s.encode()


def ico_bytes():
    p = png_bytes(4, 4)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 4, 4, 0, 0, 1, 32, len(p), 22) + p


def trunc(s, keep=None):
    if keep is None:
        keep = R.randint(40, 90)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + pick(["…", "...", f"…[{len(s) - keep} more chars]", "... (truncated)"])


# ---------------------------------------------------------------- theme pools
BRANDS = ["lumora", "fernhill", "kestrel-travel", "northpeak", "bramblewood", "orbita-fit",
          "veloce", "tidewater", "copperleaf", "saltmarsh", "juniper-home", "arcadia-pets"]
TLDS = ["com", "de", "co.uk", "fr", "es", "io", "shop", "nl", "it", "jp"]
SOURCES = ["google", "facebook", "instagram", "tiktok", "linkedin", "bing", "pinterest",
           "snapchat", "reddit", "criteo", "taboola", "newsletter", "youtube", "x"]
MEDIUMS = ["cpc", "paid_social", "display", "email", "affiliate", "video", "organic_social", "push"]
CAMPAIGNS = ["spring_sale_2025", "bf_cyber_week", "q3_prospecting_lal", "retargeting_cart_7d",
             "brand_search_exact", "app_install_ios_skan", "newsletter_reactivation", "summer_launch_de",
             "pmax_feed_all", "yt_awareness_15s", "winback_90d", "loyalty_tier_upsell",
             "back_to_school_fr", "singles_day_cn", "ramadan_offer_ae", "golden_week_jp"]
MARKETS = ["DE", "FR", "ES", "IT", "NL", "PL", "JP", "BR", "MX", "US", "UK", "SE", "TR", "KR", "AE", "IN"]
HANDLES = ["@paid-social", "@analytics-eng", "@growth-oncall", "@crm-team", "@web-platform",
           "@data-eng", "@brand-design", "@lifecycle", "@seo-squad", "@finance-ops", "@secops"]
EVENTS = ["page_view", "view_item", "add_to_cart", "begin_checkout", "add_payment_info",
          "purchase", "sign_up", "lead_submit", "app_open", "subscribe", "trial_start", "refund"]

AD_COPY = [
    ("en", "Free shipping on your first order — today only"),
    ("en", "Up to 40% off summer styles. Ends Sunday."),
    ("de", "Kostenloser Versand auf deine erste Bestellung – nur heute"),
    ("de", "Bis zu 40 % Rabatt auf Sommermode. Nur bis Sonntag."),
    ("fr", "Livraison offerte sur votre première commande — aujourd'hui seulement"),
    ("fr", "Jusqu'à -40 % sur la collection été. Jusqu'à dimanche."),
    ("es", "Envío gratis en tu primer pedido: solo hoy"),
    ("es", "Hasta un 40 % de descuento en moda de verano. Termina el domingo."),
    ("pt", "Frete grátis no seu primeiro pedido — só hoje"),
    ("it", "Spedizione gratuita sul primo ordine, solo oggi"),
    ("nl", "Gratis verzending op je eerste bestelling – alleen vandaag"),
    ("pl", "Darmowa dostawa przy pierwszym zamówieniu – tylko dziś"),
    ("sv", "Fri frakt på din första beställning – bara idag"),
    ("tr", "İlk siparişinde ücretsiz kargo – sadece bugün"),
    ("ru", "Бесплатная доставка первого заказа — только сегодня"),
    ("uk", "Безкоштовна доставка першого замовлення — лише сьогодні"),
    ("ar", "شحن مجاني على طلبك الأول — اليوم فقط"),
    ("he", "משלוח חינם בהזמנה הראשונה — היום בלבד"),
    ("hi", "पहले ऑर्डर पर मुफ़्त शिपिंग — सिर्फ़ आज"),
    ("ja", "初回注文は送料無料 — 本日限り"),
    ("ja", "夏物最大40%オフ。日曜日まで。"),
    ("zh", "首单免运费——仅限今天"),
    ("zh-TW", "首筆訂單免運費——僅限今天"),
    ("ko", "첫 주문 무료 배송 — 오늘만"),
    ("th", "ส่งฟรีสำหรับคำสั่งซื้อแรก — วันนี้เท่านั้น"),
    ("vi", "Miễn phí vận chuyển cho đơn hàng đầu tiên — chỉ hôm nay"),
    ("id", "Gratis ongkir untuk pesanan pertama — hari ini saja"),
    ("el", "Δωρεάν αποστολή στην πρώτη σου παραγγελία — μόνο σήμερα"),
]

LEADINS = ["fyi", "FYI:", "Zur Info:", "Pour info :", "Ojo:", "Só pra constar:", "Nota:", "Ter info:",
           "Uwaga:", "メモ:", "供参考：", "참고:", "К сведению:", "Bilginize:", "للعلم:", "नोट:",
           "Till info:", "Lưu ý:", "Catatan:", "quick one —", "re: yesterday's standup", "+1, and:",
           "cc " + "@analytics-eng", "ping @paid-social"]
TRAILERS = ["🙏", "thx!", "danke!", "merci 🙂", "gracias", "ありがとう", "谢谢", "감사합니다",
            "(lmk if this is wrong)", "👀", "✅", "— will update the doc", "спасибо"]


def domain():
    return f"{pick(BRANDS)}.{pick(TLDS)}"


def utm_qs():
    return (f"utm_source={pick(SOURCES)}&utm_medium={pick(MEDIUMS)}&utm_campaign={pick(CAMPAIGNS)}"
            + (f"&utm_content={pick(['carousel_v2', 'ugc_hook_a', 'static_1080', 'video_9x16', 'headline_b'])}" if R.random() < 0.6 else "")
            + (f"&utm_term={pick(['running+shoes', 'sofa+bed', 'dog+food+grain+free', 'city+break'])}" if R.random() < 0.3 else ""))


def gclid():
    return pick(["Cj0KCQ", "CjwKCA", "EAIaIQ"]) + rs(R.randint(70, 92), B64U) + pick(["BwE", "_BwE", "D_BwE"])


def fbclid():
    return pick(["IwAR", "IwZXh0bgNhZW0CMTAAAR", "IwY2xjawE"]) + rs(R.randint(48, 70), B64U)


def msclkid():
    return hexs(32)


def ttclid():
    return "E.C.P." + rs(R.randint(60, 90), B64U)


def campaign_id18():
    return "1202" + digits(14, False)


def code_fence(body, lang=""):
    return f"```{lang}\n{body}\n```"


# ================================================================ NEGATIVES
# ---------------------------------------------------------------- non_credential_blob
def nb_gclid_urls():
    n = R.randint(2, 9)
    lines = [pick(["landing hits with gclid from yesterday, dedupe check:",
                   "these sessions have a gclid but no Google Ads conversion, any idea?",
                   "Beispiele für Klicks ohne Session (gclid vorhanden):",
                   "GCLID で重複しているクリック:"])]
    lines.append("```")
    for _ in range(n):
        lines.append(f"https://www.{domain()}/{pick(['sale', 'lp/summer', 'p/sofa-bed', 'de/angebote', 'trial'])}?{utm_qs()}&gclid={gclid()}")
    lines.append("```")
    return "\n".join(lines)


def nb_fbclid_referrers():
    rows = ["referrer,landing_path,count"]
    for _ in range(R.randint(3, 12)):
        rows.append(f"https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.{domain()}%2F&fbclid={fbclid()},/{pick(['', 'lp/a', 'lp/b', 'collections/new'])},{R.randint(1, 900)}")
    return pick(["top referrers w/ fbclid (GA4 export):", "raw referrers from the LP logs"]) + "\n" + code_fence("\n".join(rows), "csv")


def nb_clickids_mix():
    lines = []
    for _ in range(R.randint(3, 8)):
        k = R.randrange(5)
        if k == 0:
            lines.append(f"msclkid={msclkid()}")
        elif k == 1:
            lines.append(f"ttclid={ttclid()}")
        elif k == 2:
            lines.append(f"wbraid={pick(['CjkKCQ', 'CkQKCQ'])}{rs(R.randint(40, 60), B64U)}")
        elif k == 3:
            lines.append(f"gbraid=0AAAAA{rs(R.randint(30, 44), B64U)}")
        else:
            lines.append(f"li_fat_id={uuid4()}")
    head = pick(["click ids we saw in the iOS traffic today (no gclid, only wbraid/gbraid as expected):",
                 "Paramètres de clic captés sur la LP :", "click ids that the server container forwards:"])
    return head + "\n" + code_fence("\n".join(lines))


def nb_cookies():
    ms = R.randint(1704067200000, 1767225599000)
    lines = [f"_ga=GA1.1.{digits(9)}.{epoch_s()}",
             f"_ga_{rs(10, UP + DIG)}=GS1.1.{epoch_s()}.{R.randint(1, 40)}.1.{epoch_s()}.0.0.0",
             f"_gcl_au=1.1.{digits(9)}.{epoch_s()}",
             f"_fbp=fb.1.{ms}.{digits(9)}",
             f"_fbc=fb.1.{ms + R.randint(1, 9999)}.{fbclid()}",
             f"_ttp={rs(27, B64U)}",
             f"ajs_anonymous_id=%22{uuid4()}%22"]
    R.shuffle(lines)
    lines = lines[:R.randint(3, 7)]
    return pick(["cookie jar from the staging checkout, consent = granted:",
                 "Cookies nach Consent (Staging):", "first-party cookies after the sGTM migration"]) + "\n" + code_fence("\n".join(lines))


def nb_cdn_urls():
    lines = []
    d = f"cdn.{pick(BRANDS)}.com"
    for _ in range(R.randint(2, 10)):
        k = R.randrange(4)
        if k == 0:
            lines.append(f"https://{d}/creatives/{R.randint(2024, 2026)}/q{R.randint(1, 4)}/{pick(['hero', 'carousel', 'story', 'banner'])}_{pick(['1200x628', '1080x1920', '1080x1080', '300x250', '728x90'])}.{hexs(8)}.{pick(['webp', 'jpg', 'png', 'avif'])}")
        elif k == 1:
            lines.append(f"https://{d}/_next/static/chunks/pages/lp/{pick(CAMPAIGNS)}-{hexs(16)}.js")
        elif k == 2:
            lines.append(f"https://{d}/v/{hexs(40)}/{pick(['ugc_hook', 'unboxing', 'promo'])}_9x16.mp4")
        else:
            lines.append(f"https://{d}/assets/{pick(['logo', 'badge', 'icon-cart'])}@2x.{hexs(10)}.png")
    return pick(["purge list for the CDN, new hashes after the rebuild:", "assets referenced by the winning variant:",
                 "Cache-Invalidierung für diese Dateien bitte:", "CDN 上的新素材："]) + "\n" + "\n".join(lines)


def sha256_hex():
    return hashlib.sha256(rbytes(16)).hexdigest()


def nb_hashed_audience():
    rows = ["hashed_email,hashed_phone,country,zip_prefix"]
    for _ in range(R.randint(4, 14)):
        rows.append(f"{sha256_hex()},{sha256_hex() if R.random() < 0.6 else ''},{pick(MARKETS).lower()},{R.randint(10, 99)}")
    return (pick(["customer match upload preview (already SHA-256 normalised, nothing raw):",
                  "Vorschau Zielgruppen-Upload, nur Hashes:", "hashed seed list for the LAL, first rows"])
            + "\n" + code_fence("\n".join(rows), "csv"))


def nb_git_log():
    lines = []
    for _ in range(R.randint(3, 10)):
        lines.append(f"{hexs(7)} {pick(['tracking-plan: add', 'dbt: fix', 'gtm: bump', 'lp: ship', 'attribution: refactor'])} "
                     f"{pick(['purchase.value rounding', 'stg_meta_ads__insights grain', 'consent mode v2 defaults', 'variant B hero', 'position-based model', 'utm_id parsing'])} "
                     f"({pick(['#', '!'])}{R.randint(100, 2900)})")
    full = hexs(40)
    return f"deployed `{full}` to prod, changes since last release:\n" + code_fence("\n".join(lines))


def nb_docker_digest():
    img = pick(["ghcr.io/acme-growth/dbt-runner", "airbyte/source-facebook-marketing", "europe-docker.pkg.dev/mkt-data/sgtm/server",
                "airbyte/source-google-ads", "rudderstack/rudder-server", "snowplow/snowplow-enrich-pubsub"])
    tag = f"{R.randint(0, 5)}.{R.randint(0, 30)}.{R.randint(0, 12)}"
    d = hexs(64)
    return pick([f"pinned `{img}:{tag}@sha256:{d}` in the connector config",
                 f"{img}@sha256:{d}\nimage rebuilt, digest changed from sha256:{hexs(64)}",
                 f"```\n$ docker pull {img}:{tag}\n{tag}: Pulling from {img.split('/', 1)[-1]}\nDigest: sha256:{d}\nStatus: Downloaded newer image for {img}:{tag}\n```"])


def nb_track_event():
    ev = pick(EVENTS)
    obj = {
        "type": "track",
        "event": ev,
        "messageId": f"ajs-next-{hexs(32)}",
        "anonymousId": uuid4(),
        "timestamp": ts_iso(),
        "context": {"library": {"name": "analytics.js", "version": f"next-1.{R.randint(50, 80)}.{R.randint(0, 9)}"},
                    "campaign": {"source": pick(SOURCES), "medium": pick(MEDIUMS), "name": pick(CAMPAIGNS)},
                    "page": {"path": pick(["/checkout", "/lp/spring", "/p/sofa-bed"]), "referrer": ""},
                    "locale": pick(["de-DE", "fr-FR", "ja-JP", "pt-BR", "en-US"])},
        "properties": {"experiment_id": f"exp_{hexs(8)}", "variant": pick(["control", "B", "C"]),
                       "value": round(R.uniform(5, 400), 2), "currency": pick(["EUR", "USD", "JPY", "BRL"])},
    }
    s = json.dumps(obj, indent=pick([None, 2]), ensure_ascii=False)
    return pick(["raw event from the stream, looks fine to me:", "event-stream sample:", "Beispiel-Event aus Kafka:",
                 "このイベントがダブってる:"]) + "\n" + code_fence(s, "json")


def nb_snowplow_tsv():
    rows = []
    for _ in range(R.randint(2, 6)):
        rows.append("\t".join([pick(["web", "mob"]), ts_iso()[:19].replace("T", " "), uuid4(), pick(["page_view", "struct", "unstruct"]),
                               uuid4(), hexs(16), pick(["snowplow-js", "android"])]))
    return "enriched rows that failed validation:\n" + code_fence("\n".join(rows))


def nb_bq_jobs():
    lines = []
    for _ in range(R.randint(2, 8)):
        lines.append(f"bquxjob_{hexs(8)}_{hexs(11)} | {pick(['DONE', 'RUNNING', 'DONE'])} | {R.randint(1, 900)} GB | "
                     f"mkt-data:analytics_{digits(9)}.events_{date_iso().replace('-', '')}")
    return pick(["expensive queries on the GA4 export this week:", "BigQuery-Jobs, die das Budget sprengen:"]) + "\n" + code_fence("\n".join(lines))


def nb_lockfile():
    pkgs = ["@segment/analytics-next", "@amplitude/analytics-browser", "posthog-js", "@growthbook/growthbook",
            "mixpanel-browser", "web-vitals", "@snowplow/browser-tracker", "react-ga4"]
    out = []
    for p in R.sample(pkgs, R.randint(1, 4)):
        v = f"{R.randint(0, 3)}.{R.randint(0, 60)}.{R.randint(0, 20)}"
        out.append(f'"node_modules/{p}": {{\n  "version": "{v}",\n  "resolved": "https://registry.npmjs.org/{p}/-/{p.split("/")[-1]}-{v}.tgz",\n  "integrity": "sha512-{b64(rbytes(64))}"\n}}')
    return "lockfile diff from the analytics SDK bump:\n" + code_fence(",\n".join(out), "json")


def nb_sri():
    src = pick(["https://www.googletagmanager.com/gtag/js?id=G-", "https://cdn.jsdelivr.net/npm/@growthbook/growthbook@1.1.0/dist/bundles/auto.min.js"])
    return ("added SRI on the LP scripts:\n" + code_fence(
        f'<script src="https://cdn.{pick(BRANDS)}.com/js/consent.{hexs(8)}.js" integrity="sha384-{b64(rbytes(48))}" crossorigin="anonymous"></script>\n'
        f'<link rel="stylesheet" href="/css/lp.{hexs(10)}.css" integrity="sha256-{b64(rbytes(32))}">', "html"))


def nb_cdn_headers():
    return code_fence("\n".join([
        f"$ curl -sI https://cdn.{pick(BRANDS)}.com/creatives/hero_1080.{hexs(8)}.webp",
        "HTTP/2 200", "content-type: image/webp", f"content-length: {R.randint(20000, 400000)}",
        f'etag: "{hexs(32)}"' if R.random() < 0.5 else f'etag: "{hexs(32)}-{R.randint(2, 9)}"',
        f"x-amz-request-id: {rs(16, UP + DIG)}",
        f"x-amz-id-2: {b64(rbytes(57))}",
        f"x-cache: {pick(['Hit from cloudfront', 'Miss from cloudfront'])}",
        f"via: 1.1 {hexs(32)}.cloudfront.net (CloudFront)",
        f"x-amz-cf-pop: {pick(['FRA56-P3', 'NRT57-C1', 'GRU3-P2', 'CDG50-C2'])}",
        f"x-amz-cf-id: {rs(54, B64U)}==",
    ]))


def nb_meta_creative():
    obj = {"data": [{"id": campaign_id18(), "name": f"{pick(CAMPAIGNS)}_{pick(['v1', 'v2', 'hook_b'])}",
                     "image_hash": hexs(32), "thumbnail_url": f"https://scontent.xx.fbcdn.net/v/t45.1600-4/{digits(9)}_{digits(17, False)}_n.png?stp=dst-jpg&_nc_cat=1&ccb=1-7&_nc_sid={hexs(6)}&_nc_oc={rs(40, B64U)}&oh=00_{rs(40, B64U)}&oe={hexs(8).upper()}"}
                    for _ in range(R.randint(1, 3))],
           "paging": {"cursors": {"before": "QVFIU" + rs(R.randint(60, 90), B64U), "after": "QVFIU" + rs(R.randint(60, 90), B64U)}}}
    return "Graph API response for the ad creatives (v19.0):\n" + code_fence(json.dumps(obj, indent=1), "json")


def nb_mixpanel():
    lines = []
    for _ in range(R.randint(2, 6)):
        lines.append(json.dumps({"event": pick(EVENTS), "properties": {"distinct_id": f"$device:{hexs(14)}-{hexs(15)}-{hexs(8)}-{hexs(5)}-{hexs(14)}",
                                 "$insert_id": rs(16, LO + DIG), "time": R.randint(1704067200000, 1767225599000), "mp_lib": "web"}}))
    return "dupes in the Mixpanel export:\n" + code_fence("\n".join(lines))


def nb_dbt_run():
    return code_fence("\n".join([
        f"{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}  Running with dbt=1.{R.randint(5, 9)}.{R.randint(0, 6)}",
        f"invocation_id: {uuid4()}",
        f"manifest checksum: {hexs(64)}",
        f"1 of {R.randint(20, 90)} START sql incremental model marketing.fct_attribution_touchpoints ...... [RUN]",
        f"1 of 1 OK created sql incremental model marketing.fct_attribution_touchpoints ......... [MERGE ({R.randint(1000, 99999)} rows) in {R.uniform(3, 90):.2f}s]",
        f"Job ID: {uuid4()} | run_results.json sha1 {hexs(40)}",
    ]))


def nb_assignment_hashes():
    rows = ["| unit_key_hash | bucket | variant |", "|---|---:|---|"]
    for _ in range(R.randint(4, 12)):
        rows.append(f"| {hexs(16)} | {R.randint(0, 9999)} | {pick(['control', 'treatment', 'holdout'])} |")
    return (f"bucketing sanity check for `{pick(['exp_checkout_trust_badges', 'exp_lp_hero_video', 'exp_pricing_annual_toggle'])}` "
            f"(murmur3 of unit key + salt `{hexs(8)}`):\n" + "\n".join(rows))


def nb_trace_ids():
    tid = hexs(32)
    return "\n".join([pick(["sGTM request that dropped the purchase event:", "Trace der fehlenden Conversion:"]),
                      f"traceparent: 00-{tid}-{hexs(16)}-01",
                      f"x-request-id: {uuid4()}",
                      f"fbtrace_id: {rs(27, ALNUM)}",
                      f"sentry event {hexs(32)}"][:R.randint(3, 5)])


def nb_base64_text():
    txt = pick(["campaign=summer_launch_de;variant=B", "page=2&per=100&sort=spend_desc", "offset:500|filter:active",
                '{"cursor":"2025-06-01","page":3}', "cohort=2025-W14;metric=d30_retention"]) + f";v={R.randint(1, 9)}"
    enc = b64(txt.encode())
    return pick([f"the `next` token from the reporting API is just base64 of the query (`{enc}`), not a secret",
                 f"pagination cursor: {enc}",
                 f"Der Cursor `{enc}` dekodiert zu `{txt}`."])


def nb_ga4_ids():
    return "\n".join([f"session_id={epoch_s()}",
                      f"ga_session_number={R.randint(1, 80)}",
                      f"user_pseudo_id={digits(10)}.{epoch_s()}",
                      f"event_bundle_sequence_id={R.randint(1, 9999)}",
                      f"batch_page_id={R.randint(1, 60)}  batch_ordering_id={R.randint(1, 60)}",
                      f"ecommerce.transaction_id=T-{hexs(12).upper()}"])


def nb_s3_ls():
    lines = [f"$ aws s3 ls s3://{pick(BRANDS)}-mkt-exports/attribution/{date_iso()}/"]
    for _ in range(R.randint(3, 14)):
        lines.append(f"{date_iso()} {R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d} {R.randint(1000, 99999999):>10} part-{R.randint(0, 199):05d}-{uuid4()}-c000.snappy.parquet")
    return code_fence("\n".join(lines))


def nb_sops():
    return ("the creds file in the repo is SOPS-encrypted, so this is fine to share:\n" + code_fence("\n".join([
        f"meta_capi_token: ENC[AES256_GCM,data:{b64(rbytes(R.randint(40, 90)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]",
        "sops:", "    kms:", f"        - arn: arn:aws:kms:eu-central-1:{digits(12)}:key/{uuid4()}",
        f"          enc: {b64(rbytes(R.randint(120, 170)))}", f"    lastmodified: \"{ts_iso()[:19]}Z\"",
        f"    mac: ENC[AES256_GCM,data:{b64(rbytes(32))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]",
        "    version: 3.8.1"]), "yaml"))


def nb_object_ids():
    rows = ["| source | id |", "|---|---|"]
    for _ in range(R.randint(3, 8)):
        k = R.randrange(4)
        if k == 0:
            rows.append(f"| hubspot form submission | {uuid4()} |")
        elif k == 1:
            rows.append(f"| braze canvas | {uuid4()} |")
        elif k == 2:
            rows.append(f"| mongo lead doc | {hexs(24)} |")
        else:
            rows.append(f"| event (uuidv7) | {uuid7()} |")
    return "ids for the lead-sync bug (no PII, just ids):\n" + "\n".join(rows)


NB_TEMPLATES = [nb_gclid_urls, nb_fbclid_referrers, nb_clickids_mix, nb_cookies, nb_cdn_urls, nb_hashed_audience,
                nb_git_log, nb_docker_digest, nb_track_event, nb_snowplow_tsv, nb_bq_jobs, nb_lockfile, nb_sri,
                nb_cdn_headers, nb_meta_creative, nb_mixpanel, nb_dbt_run, nb_assignment_hashes, nb_trace_ids,
                nb_base64_text, nb_ga4_ids, nb_s3_ls, nb_sops, nb_object_ids]


# ---------------------------------------------------------------- pii_lookalike_number
def gads_cid():
    return f"{digits(3)}-{digits(3, False)}-{digits(4, False)}"


def money(cur=None):
    cur = cur or pick(["EUR", "USD", "GBP", "JPY", "BRL", "PLN", "SEK"])
    v = R.uniform(100, 250000)
    if cur == "EUR":
        s = f"{v:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
        return pick([f"{s} €", f"€{v:,.2f}"])
    if cur == "JPY":
        return f"¥{int(v) * 10:,}"
    if cur == "PLN":
        return f"{v:,.2f}".replace(",", " ").replace(".", ",") + " zł"
    if cur == "SEK":
        return f"{v:,.0f}".replace(",", " ") + " kr"
    if cur == "BRL":
        return "R$ " + f"{v:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
    return {"USD": "$", "GBP": "£"}[cur] + f"{v:,.2f}"


def np_gads_accounts():
    rows = ["| account | customer id | market | budget/day |", "|---|---|---|---:|"]
    for _ in range(R.randint(3, 12)):
        rows.append(f"| {pick(BRANDS)} {pick(['Search', 'PMax', 'YouTube', 'Brand', 'Shopping'])} {pick(MARKETS)} | {gads_cid()} | {pick(MARKETS)} | {money()} |")
    return pick(["MCC sub-accounts after the restructure:", "Google Ads Konten unter dem MCC:", "Cuentas de Google Ads (ID de cliente):"]) + "\n" + "\n".join(rows)


def np_gads_inline():
    return pick([f"can someone link customer ID {gads_cid()} to the GA4 property? it's the new PMax account",
                 f"La cuenta {gads_cid()} está suspendida por el método de pago, no por políticas.",
                 f"Konto {gads_cid()} hat noch das alte Conversion-Ziel, bitte auf `purchase_v2` umstellen",
                 f"MCC {gads_cid()} → child {gads_cid()} (invite pending)",
                 f"アカウント {gads_cid()} の予算を{R.randint(2, 9)}万円に上げました"])


def np_meta_ids():
    lines = []
    for _ in range(R.randint(2, 6)):
        lines.append(f"act_{digits(R.choice([15, 16]))}  campaign {campaign_id18()}  adset {campaign_id18()}  ad {campaign_id18()}")
    return pick(["ids for the broken attribution window:", "ad ids to pause (frequency > 6):", "Anzeigen-IDs zum Pausieren:"]) + "\n" + code_fence("\n".join(lines))


def np_perf_table():
    rows = ["| campaign | impressions | clicks | CTR | spend | conv | CPA | ROAS |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for _ in range(R.randint(3, 14)):
        imp = R.randint(10000, 9000000)
        clk = int(imp * R.uniform(0.003, 0.04))
        sp = R.uniform(200, 90000)
        cv = max(1, int(clk * R.uniform(0.01, 0.08)))
        sep = pick([",", " ", "."])
        rows.append(f"| {pick(CAMPAIGNS)} | {format(imp, ',').replace(',', sep)} | {format(clk, ',').replace(',', sep)} | {clk / imp * 100:.2f}% | {sp:,.2f} | {cv} | {sp / cv:.2f} | {R.uniform(0.4, 9):.2f} |")
    return pick(["weekly paid report, W", "Wochenbericht Paid, KW", "Rapport hebdo, S"]) + f"{R.randint(1, 52)}:\n" + "\n".join(rows)


def np_orders_csv():
    rows = ["order_id,created_at,channel,utm_campaign,revenue,currency,invoice_no"]
    for _ in range(R.randint(8, 36)):
        rows.append(f"{digits(R.choice([10, 11, 13]))},{ts_iso()[:19]},{pick(SOURCES)},{pick(CAMPAIGNS)},{R.uniform(9, 800):.2f},"
                    f"{pick(['EUR', 'USD', 'GBP'])},INV-{R.randint(2024, 2026)}-{digits(6, False)}")
    return pick(["export of orders attributed to the spring campaign:", "Bestellungen aus der Kampagne (Export aus Shopify):",
                 "order export for the reconciliation (no customer columns):"]) + "\n" + code_fence("\n".join(rows), "csv")


def np_epoch_log():
    lines = []
    for _ in range(R.randint(3, 15)):
        ms = R.randint(1704067200000, 1767225599000)
        lines.append(f"{ms} {pick(['INFO', 'WARN', 'DEBUG'])} sgtm {pick(['forwarded', 'deduped', 'dropped'])} event={pick(EVENTS)} "
                     f"event_id={digits(10)}.{R.randint(1, 9)} ttl_ms={R.randint(100, 90000)}")
    return code_fence("\n".join(lines))


def np_slack_ts():
    return pick([f"thread ts {epoch_s()}.{digits(6, False)} — can the bot reply there instead of the channel?",
                 f"message_ts={epoch_s()}.{digits(6, False)} thread_ts={epoch_s()}.{digits(6, False)} channel=C0{rs(9, UP + DIG)}",
                 f"the alert fired at {epoch_s()} (unix) which is {R.randint(0, 23):02d}:{R.randint(0, 59):02d} UTC"])


def np_ga4_mp():
    return code_fence(json.dumps({"client_id": f"{digits(10)}.{epoch_s()}", "timestamp_micros": R.randint(1704067200000000, 1767225599000000),
                                  "non_personalized_ads": False,
                                  "events": [{"name": "purchase", "params": {"transaction_id": f"{digits(9)}", "value": round(R.uniform(5, 500), 2),
                                                                            "currency": "EUR", "session_id": str(epoch_s()), "engagement_time_msec": R.randint(100, 9000)}}]},
                                 indent=2), "json") + f"\nproperty {digits(9)}, stream {digits(10)}"


def np_tracking_numbers():
    lines = []
    for _ in range(R.randint(2, 8)):
        k = R.randrange(4)
        if k == 0:
            lines.append(f"UPS 1Z{rs(6, UP + DIG)}{digits(10, False)}")
        elif k == 1:
            lines.append(f"DHL {digits(10)}")
        elif k == 2:
            lines.append(f"La Poste {rs(2, UP)}{digits(9, False)}FR")
        else:
            lines.append(f"Yamato {digits(4)}-{digits(4, False)}-{digits(4, False)}")
    return pick(["influencer seeding boxes shipped, tracking:", "Versand der Influencer-Pakete:", "インフルエンサー向けギフトの追跡番号:"]) + "\n" + "\n".join(lines)


def np_cohort():
    weeks = R.randint(5, 14)
    head = "| cohort | users | " + " | ".join(f"W{i}" for i in range(weeks)) + " |"
    rows = [head, "|" + "---|" * (weeks + 2)]
    for c in range(R.randint(4, 12)):
        users = R.randint(800, 60000)
        vals = []
        p = 100.0
        for i in range(weeks - c if weeks - c > 0 else 1):
            vals.append(f"{p:.1f}%")
            p *= R.uniform(0.55, 0.95)
        rows.append(f"| {R.randint(2024, 2026)}-W{R.randint(1, 52):02d} | {users:,} | " + " | ".join(vals) + " |")
    return pick(["retention by signup cohort (app):", "Kohorten-Retention nach Akquisekanal:", "コホート別リテンション:", "retenção por coorte:"]) + "\n" + "\n".join(rows)


def np_money_lines():
    return "\n".join([pick(["Budget check:", "Spend MTD:", "Presupuesto:", "予算消化:"])] +
                     [f"- {pick(SOURCES)}: {money()} / {money()}" for _ in range(R.randint(2, 7))])


def np_geo():
    lines = []
    for _ in range(R.randint(2, 9)):
        lat = R.uniform(-40, 60)
        lon = R.uniform(-120, 140)
        lines.append(f"{pick(['store', 'radius', 'pin'])} {lat:.4f}, {lon:.4f}  r={R.randint(1, 40)}km")
    return "geo targeting radii for the store-visit campaign:\n" + code_fence("\n".join(lines))


def np_private_net():
    return pick([
        f"the sGTM tagging server is reachable internally at 10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}:{pick([8080, 8443, 9000])}, health on :{pick([8081, 9090])}",
        f"collector pods: 172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)}, 172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)} (port {pick([4317, 4318, 9092])})",
        code_fence(f"listen 0.0.0.0:{R.randint(3000, 9999)}\nupstream clickhouse 192.168.{R.randint(0, 255)}.{R.randint(1, 254)}:8123\nallow 10.0.0.0/8; allow 192.168.0.0/16;", "nginx"),
        f"Der Kafka-Broker hängt auf 10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}:9092, Docs-Beispiel nutzt 192.0.2.{R.randint(1, 254)}",
    ])


def np_versions():
    return pick([
        f"UA from the broken sessions: Mozilla/5.0 (Linux; Android {R.randint(10, 15)}; Pixel {R.randint(5, 9)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{R.randint(118, 131)}.0.{R.randint(5900, 6800)}.{R.randint(40, 200)} Mobile Safari/537.36",
        f"app {R.randint(5, 9)}.{R.randint(0, 30)}.{R.randint(0, 9)} (build {digits(8)}) still sends the old SKAN schema; Meta SDK v{R.randint(16, 18)}.{R.randint(0, 3)}.{R.randint(0, 3)}",
        f"bumped gtag to {R.randint(2024, 2026)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}, GTM container version {R.randint(100, 700)}, Consent Mode v2",
        f"iOS {R.randint(16, 18)}.{R.randint(0, 6)}.{R.randint(0, 3)} users show SKAdNetwork {pick(['4.0', '3.0'])} postbacks with source id {R.randint(0, 9999)} and conversion value {R.randint(0, 63)}",
    ])


def np_tickets():
    return pick([
        f"GROW-{R.randint(100, 9999)} and DATA-{R.randint(100, 9999)} are the same bug, closing the second one. Zendesk #{digits(7)} is the customer report.",
        f"Meta support case {digits(16)}, Google Ads case {digits(8)}-{digits(7)} — both still open",
        f"ticket {digits(6)} reopened; see also INC{digits(7)} and CHG{digits(7)}",
    ])


def np_vouchers():
    lines = []
    for _ in range(R.randint(3, 10)):
        lines.append(f"{pick(['SUMMER', 'WELCOME', 'BF', 'VIP', 'APP'])}{R.randint(10, 50)}-{digits(4)}-{digits(4)} used {R.randint(0, 900)}x")
    return pick(["voucher codes from the affiliate batch:", "Gutscheincodes (Batch 7):"]) + "\n" + code_fence("\n".join(lines))


def np_rf_reference():
    # ISO 11649 creditor reference: mod-97 valid but not an IBAN (RF is no country)
    body = digits(R.randint(10, 16))
    chk = 98 - iban_num(body + "RF00") % 97
    ref = f"RF{chk:02d}{body}"
    grouped = " ".join(ref[i:i + 4] for i in range(0, len(ref), 4))
    return pick([f"Google Ads invoice {digits(10)} paid, payment reference {grouped}",
                 f"Überweisung für die Agentur-Rechnung mit Referenz {grouped}, Betrag {money('EUR')}",
                 f"referencia de pago {ref} (factura {R.randint(2024, 2026)}/{digits(5)})"])


def np_feed_gtins():
    rows = ["id,gtin,mpn,price,availability"]
    for _ in range(R.randint(4, 16)):
        g = digits(12)
        s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(g))
        g = g + str((10 - s % 10) % 10)
        rows.append(f"SKU-{digits(5)},{g},{rs(3, UP)}-{digits(4)},{R.uniform(5, 400):.2f} EUR,{pick(['in_stock', 'out_of_stock', 'preorder'])}")
    return "Merchant Center disapprovals (invalid GTIN?):\n" + code_fence("\n".join(rows), "csv")


def np_pixel_ids():
    return pick([f"fbq('init', '{digits(15)}'); // pixel for {pick(MARKETS)}",
                 f"TikTok pixel {rs(20, UP + DIG)} and Meta dataset {digits(15)} are both on the thank-you page",
                 f"GA4 measurement G-{rs(10, UP + DIG)}, property {digits(9)}, GTM-{rs(7, UP + DIG)}",
                 f"LinkedIn partner id {digits(7)}, conversion id {digits(8)}"])


def np_dates_pacing():
    rows = []
    for _ in range(R.randint(4, 14)):
        rows.append(f"{R.randint(1, 28):02d}.{R.randint(1, 12):02d}.{R.randint(2024, 2026)}  {R.uniform(0, 100):5.1f}%  {money('EUR')}")
    return "Pacing (Datum / Anteil / Spend):\n" + code_fence("\n".join(rows))


def np_zip_dma():
    return pick([f"exclude DMAs {', '.join(str(R.randint(500, 881)) for _ in range(R.randint(3, 8)))} from the TV halo test",
                 f"PLZ-Ausschluss: {', '.join(digits(5) for _ in range(R.randint(4, 12)))}",
                 f"postcodes for the leaflet drop: {', '.join(f'{rs(2, UP)}{R.randint(1, 20)} {R.randint(1, 9)}{rs(2, UP)}' for _ in range(R.randint(3, 6)))}"])


def np_sizes_latency():
    rows = ["| endpoint | p50 ms | p95 ms | p99 ms | req/day |", "|---|---:|---:|---:|---:|"]
    for e in R.sample(["/g/collect", "/tr", "/events", "/v1/batch", "/capi", "/i", "/pixel.gif"], R.randint(3, 6)):
        rows.append(f"| {e} | {R.randint(3, 90)} | {R.randint(90, 600)} | {R.randint(600, 3000)} | {R.randint(100000, 90000000):,} |".replace(",", pick([",", " ", "."])))
    return "collector latency after the move to the first-party domain:\n" + "\n".join(rows)


def np_utm_id():
    return pick([f"utm_id={date_iso().replace('-', '')}{R.randint(1, 999):03d} is the join key to the budget sheet, not the campaign name",
                 f"campaign ids in the sheet lost their leading zero again: 0{digits(9)} became {digits(9)}",
                 f"Excel turned {digits(18, False)} into {R.randint(1, 9)}.{digits(5)}E+17 — import as text please"])


NP_TEMPLATES = [np_gads_accounts, np_gads_inline, np_meta_ids, np_perf_table, np_orders_csv, np_epoch_log, np_slack_ts,
                np_ga4_mp, np_tracking_numbers, np_cohort, np_money_lines, np_geo, np_private_net, np_versions,
                np_tickets, np_vouchers, np_rf_reference, np_feed_gtins, np_pixel_ids, np_dates_pacing, np_zip_dma,
                np_sizes_latency, np_utm_id]


# ---------------------------------------------------------------- data_uri_base64
def uri(mime, data):
    return f"data:{mime};base64,{b64(data)}"


def du_pixel_email():
    g = uri("image/gif", gif_pixel())
    return pick(["open-tracking pixel in the newsletter template, inlined so Outlook doesn't block the request:",
                 "Tracking-Pixel im Mailing (inline):", "pixel de suivi dans le gabarit e-mail :"]) + "\n" + code_fence(
        f'<img src="{g}" width="1" height="1" alt="" style="display:block;border:0" />', "html")


def du_png_thumb_json():
    items = []
    for _ in range(R.randint(1, 3)):
        items.append({"creative_id": campaign_id18(), "format": pick(["1080x1080", "1200x628", "1080x1920"]),
                      "thumb": uri("image/png", png_bytes(R.randint(2, 6), R.randint(2, 6)))})
    return "creative thumbnails from the report API (inline):\n" + code_fence(json.dumps(items, indent=2), "json")


def du_css_icons():
    lines = []
    for cls in R.sample([".icon-cart", ".icon-check", ".badge-sale", ".chevron", ".icon-star", ".trust-badge"], R.randint(1, 4)):
        if R.random() < 0.7:
            lines.append(f"{cls} {{ background-image: url(\"data:image/svg+xml;base64,{b64(svg_text().encode())}\"); }}")
        else:
            lines.append(f"{cls} {{ background: url(data:image/png;base64,{b64(png_bytes(R.randint(2, 5), R.randint(2, 5)))}) no-repeat; }}")
    return "LP stylesheet after the inliner plugin:\n" + code_fence("\n".join(lines), "css")


def du_font():
    fam = pick(["BrandSans", "Lumora Display", "Inter Var", "Noto Sans JP Subset"])
    data = b64(woff2_bytes(R.randint(120, 400)))
    full = f"data:font/woff2;base64,{data}"
    return code_fence(f"@font-face {{\n  font-family: \"{fam}\";\n  src: url({trunc(full, R.randint(80, 200))}) format(\"woff2\");\n  font-display: swap;\n}}", "css") + \
        "\n" + pick(["inlined the subset font so the LCP hero doesn't flash", "this is why the CSS is 180 kB", "Schrift inline, Performance +0,3 s"])


def du_markdown_chart():
    return (pick(["CTR by variant:", "Conversion rate by weekday:", "変換率の推移:", "taux de clic par variante :"]) +
            f"\n![chart](data:image/png;base64,{b64(png_bytes(R.randint(3, 8), R.randint(2, 5)))})")


def du_jupyter():
    cell = {"output_type": "display_data",
            "data": {"image/png": b64(png_bytes(R.randint(3, 8), R.randint(3, 8))) + "\n",
                     "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
            "metadata": {"needs_background": "light"}}
    return "the notebook diff is huge because of this output cell, please clear outputs before committing:\n" + code_fence(json.dumps(cell, indent=1), "json")


def du_email_logo():
    jpg = uri("image/jpeg", jpeg_bytes(R.randint(80, 200)))
    return code_fence("\n".join([
        "<mj-section>", "  <mj-column>",
        f'    <mj-image src="{jpg}" alt="{pick(BRANDS)}" width="120px" />',
        f"    <mj-text>{pick(AD_COPY)[1]}</mj-text>",
        "  </mj-column>", "</mj-section>"]), "html")


def du_sourcemap():
    sm = json.dumps({"version": 3, "sources": [f"src/tracking/{pick(['consent', 'dataLayer', 'capi'])}.ts"], "names": [],
                     "mappings": rs(R.randint(20, 60), "ACEGIKMOQSUWYacegikmoqsuwy;,"), "file": "bundle.js"})
    return code_fence(f"}})();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,{b64(sm.encode())}", "js")


def du_csv_download():
    rows = ["date,channel,spend,clicks"] + [f"{date_iso()},{pick(SOURCES)},{R.uniform(10, 5000):.2f},{R.randint(10, 9000)}" for _ in range(R.randint(2, 6))]
    data = b64(("\n".join(rows)).encode())
    return pick(["the dashboard's 'Download CSV' button is literally a data URI:", "Export-Link aus dem Dashboard:"]) + "\n" + \
        code_fence(f'<a download="spend_{date_iso()}.csv" href="data:text/csv;base64,{data}">CSV</a>', "html")


def du_json_plan():
    plan = {"event": pick(EVENTS), "required": ["value", "currency"], "owner": "analytics-eng", "rev": R.randint(1, 40)}
    return f"tracking-plan snippet is shipped to the client as `data:application/json;base64,{b64(json.dumps(plan).encode())}`"


def du_svg_utf8():
    svg = svg_text().replace('"', "'")
    enc = svg.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace(" ", "%20")
    return pick([f'background: url("data:image/svg+xml,{enc}");',
                 f"bullet icon: `data:image/svg+xml;utf8,{svg}`",
                 f"Tailwind plugin generates `url(\"data:image/svg+xml,{enc}\")` for the checkbox"])


def du_webp_next():
    return code_fence(f'<Image\n  src="/creatives/hero_{pick(CAMPAIGNS)}.webp"\n  width={{{R.choice([1200, 1080, 1920])}}}\n  height={{{R.choice([628, 1080, 1920])}}}\n  placeholder="blur"\n  blurDataURL="{uri("image/webp", webp_bytes(R.randint(24, 70)))}"\n/>', "jsx")


def du_meta_upload():
    data = b64(png_bytes(R.randint(3, 7), R.randint(3, 7)))
    return code_fence(f"curl -X POST \\\n  -F 'bytes={data}' \\\n  -F 'access_token=<ACCESS_TOKEN>' \\\n  https://graph.facebook.com/v19.0/act_<AD_ACCOUNT_ID>/adimages", "bash") + \
        "\n" + pick(["upload works with base64 `bytes`, no need for a public URL", "so funktioniert der Upload ohne öffentliche URL"])


def du_gads_asset():
    return code_fence(json.dumps({"operations": [{"create": {"name": f"{pick(CAMPAIGNS)}_logo_{R.randint(1, 9)}", "type": "IMAGE",
                                                             "imageAsset": {"data": b64(png_bytes(R.randint(2, 6), R.randint(2, 6)))}}}]}, indent=2), "json")


def du_mime_pdf():
    data = b64(pdf_bytes())
    bnd = "----=_Part_" + digits(6) + "_" + digits(9) + "." + digits(10)
    return code_fence("\n".join([f"Content-Type: multipart/mixed; boundary=\"{bnd}\"", "", f"--{bnd}",
                                 f"Content-Type: application/pdf; name=\"attribution_report_{date_iso()}.pdf\"",
                                 "Content-Transfer-Encoding: base64", "", wrap(data, 76), f"--{bnd}--"]), "") + \
        "\nthe weekly attribution PDF bounces because the mail relay strips attachments over 10 MB"


def du_favicon():
    return f'<link rel="icon" href="{uri("image/x-icon", ico_bytes())}">' + pick(["", "  ← placeholder favicon on the LP builder"])


def du_csp_report():
    return code_fence(json.dumps({"csp-report": {"document-uri": f"https://www.{domain()}/lp/{pick(CAMPAIGNS)}",
                                                 "violated-directive": "img-src", "effective-directive": "img-src",
                                                 "blocked-uri": "data", "source-file": f"https://www.{domain()}/js/gtm.{hexs(8)}.js",
                                                 "script-sample": trunc("data:image/gif;base64," + b64(gif_pixel()), 40)}}, indent=2), "json") + \
        "\nCSP blocks the inline pixel, need `img-src data:`"


def du_python_fixture():
    data = b64(png_bytes(R.randint(2, 6), R.randint(2, 6)))
    return code_fence(f"# tests/fixtures/creatives.py\nTINY_PNG_B64 = (\n    \"{data}\"\n)\n\n\ndef test_thumbnail_roundtrip():\n    img = decode_creative(TINY_PNG_B64)\n    assert img.size == ({R.randint(2, 6)}, {R.randint(2, 6)})", "python")


def du_echo_decode():
    g = b64(gif_pixel())
    return code_fence(f"$ echo '{g}' | base64 -d | file -\n/dev/stdin: GIF image data, version 89a, 1 x 1", "") + \
        "\n" + pick(["yep, it's just the 1x1 transparent GIF", "ja, nur das 1x1-Pixel", "ただの 1x1 GIF です"])


def du_ad_copy_html():
    lang, line = pick(AD_COPY)
    return code_fence(f'<div class="ad ad--{lang}" lang="{lang}">\n  <img src="{uri("image/png", png_bytes(R.randint(2, 5), R.randint(2, 5)))}" alt="">\n  <p>{line}</p>\n</div>', "html")


def du_har_entry():
    return code_fence(json.dumps({"request": {"method": "GET", "url": f"https://www.{domain()}/pixel.gif?ev={pick(EVENTS)}&cb={R.randint(10000, 99999)}"},
                                  "response": {"status": 200, "content": {"size": 43, "mimeType": "image/gif", "encoding": "base64",
                                                                          "text": b64(gif_pixel())}}}, indent=1), "json")


def du_svg_b64_inline():
    return f"![badge](data:image/svg+xml;base64,{b64(svg_text().encode())}) ← {pick(['new variant badge', 'Neu-Badge', 'バッジ', 'insignia nueva'])}"


def du_long_banner():
    data = b64(png_bytes(R.randint(12, 24), R.randint(6, 12)))
    return "full banner base64 for the offline test (don't ask):\n" + code_fence(wrap(data, 76))


DU_TEMPLATES = [du_pixel_email, du_png_thumb_json, du_css_icons, du_font, du_markdown_chart, du_jupyter, du_email_logo,
                du_sourcemap, du_csv_download, du_json_plan, du_svg_utf8, du_webp_next, du_meta_upload, du_gads_asset,
                du_mime_pdf, du_favicon, du_csp_report, du_python_fixture, du_echo_decode, du_ad_copy_html, du_har_entry,
                du_svg_b64_inline, du_long_banner]


# ---------------------------------------------------------------- placeholder_example
def ph_capi_curl():
    return code_fence("\n".join([
        "curl -X POST \\",
        f"  \"https://graph.facebook.com/v{R.randint(17, 21)}.0/<PIXEL_ID>/events?access_token={pick(['<ACCESS_TOKEN>', '${META_CAPI_TOKEN}', 'YOUR_ACCESS_TOKEN', '{{capi_token}}'])}\" \\",
        "  -H 'Content-Type: application/json' \\",
        "  -d '{\"data\":[{\"event_name\":\"Purchase\",\"event_time\":<UNIX_TS>,\"action_source\":\"website\",",
        "       \"user_data\":{\"em\":[\"<SHA256_OF_LOWERCASED_EMAIL>\"],\"ph\":[\"<SHA256_OF_E164_PHONE>\"]},",
        "       \"custom_data\":{\"currency\":\"EUR\",\"value\":<VALUE>}}],",
        f"       \"test_event_code\":\"{pick(['TEST12345', 'TESTxxxx', '<TEST_CODE>'])}\"}}'"]), "bash")


def ph_ga4_mp():
    return pick([
        "`https://www.google-analytics.com/mp/collect?measurement_id=G-XXXXXXXXXX&api_secret=<API_SECRET>`",
        "POST /mp/collect?measurement_id=${MEASUREMENT_ID}&api_secret=${GA4_API_SECRET}",
        "Die Doku sagt `api_secret=YOUR_API_SECRET`, den echten Wert holt der Job aus dem Secret Manager.",
    ])


def ph_env_example():
    keys = [("GOOGLE_ADS_DEVELOPER_TOKEN", pick(["", "<dev-token>", "changeme"])),
            ("GOOGLE_ADS_REFRESH_TOKEN", pick(["", "your-refresh-token"])),
            ("META_APP_SECRET", pick(["", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "<app-secret>"])),
            ("OPENAI_API_KEY", pick(["sk-...", "sk-proj-xxxxxxxxxxxxxxxx", "<your-openai-key>"])),
            ("ANTHROPIC_API_KEY", pick(["sk-ant-api03-...", "sk-ant-xxxxxxxx", "your_key_here"])),
            ("SLACK_BOT_TOKEN", pick(["xoxb-your-bot-token", "xoxb-...", "xoxb-xxxxxxxxxxxx-xxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx"])),
            ("SNOWFLAKE_PASSWORD", pick(["", "${SNOWFLAKE_PASSWORD}", "changeme"])),
            ("AWS_ACCESS_KEY_ID", pick(["AKIAIOSFODNN7EXAMPLE", "AKIA****************", "<aws-key-id>"])),
            ("AWS_SECRET_ACCESS_KEY", pick(["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "", "<aws-secret>"])),
            ("TIKTOK_ACCESS_TOKEN", pick(["", "replace-me"])),
            ("KLAVIYO_PRIVATE_KEY", pick(["pk_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", ""]))]
    chosen = R.sample(keys, R.randint(3, len(keys)))
    return pick([".env.example for the attribution service:", "copy this to `.env` and fill in your own values:",
                 "Vorlage `.env.example`:", "`.env.example` 的模板："]) + "\n" + code_fence("\n".join(f"{k}={v}" for k, v in chosen), "dotenv")


def ph_dbt_profiles():
    return code_fence("\n".join([
        "marketing:", "  target: dev", "  outputs:", "    dev:", "      type: snowflake",
        "      account: \"{{ env_var('SNOWFLAKE_ACCOUNT') }}\"",
        "      user: \"{{ env_var('DBT_USER') }}\"",
        f"      password: \"{{{{ env_var('{pick(['SNOWFLAKE_PASSWORD', 'DBT_PASSWORD'])}') }}}}\"",
        "      role: TRANSFORMER", f"      warehouse: {pick(['MKT_WH', 'TRANSFORMING'])}", "      database: ANALYTICS",
        f"      schema: dbt_{pick(['dev', 'ci', 'sandbox'])}", f"      threads: {R.randint(2, 16)}"]), "yaml")


def ph_gha_secrets():
    return code_fence("\n".join([
        "      - name: Upload offline conversions", "        env:",
        "          GOOGLE_ADS_DEVELOPER_TOKEN: ${{ secrets.GOOGLE_ADS_DEVELOPER_TOKEN }}",
        "          GOOGLE_ADS_REFRESH_TOKEN: ${{ secrets.GOOGLE_ADS_REFRESH_TOKEN }}",
        f"          GOOGLE_ADS_LOGIN_CUSTOMER_ID: ${{{{ vars.{pick(['MCC_ID', 'LOGIN_CID'])} }}}}",
        "        run: python -m upload_offline_conversions --since ${{ inputs.since }}"]), "yaml")


def ph_conn_template():
    return pick([
        "Airflow conn format: `postgres://<user>:<password>@<host>:5432/marketing`",
        "`AIRFLOW_CONN_WAREHOUSE='snowflake://<login>:<password>@/<schema>?account=<account>&warehouse=<wh>'`",
        "local docker-compose uses `amqp://guest:guest@localhost:5672/` for the event queue, default creds, only on your laptop",
        "conn string template: `mysql://USER:PASSWORD@HOST:3306/DBNAME` (fill from 1Password item \"Legacy CRM DB\")",
        code_fence("services:\n  postgres:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: metabase\n      POSTGRES_PASSWORD: changeme\n      POSTGRES_DB: metabase", "yaml"),
    ])


def ph_masked_payments():
    rows = ["| date | payee | method | amount |", "|---|---|---|---:|"]
    for _ in range(R.randint(3, 10)):
        rows.append(f"| {date_iso()} | {pick(['Meta Ads', 'Google Ads', 'TikTok for Business', 'LinkedIn', 'Agency retainer'])} | "
                    f"{pick(['Visa •••• ', 'MC **** ', 'Amex ····· ', 'card ending '])}{digits(4, False)} | {money()} |")
    return pick(["ad spend charged to the corporate cards:", "Kreditkartenbelastungen Werbeplattformen:", "cargos en tarjetas corporativas:"]) + "\n" + "\n".join(rows)


def ph_valuetrack():
    return pick([
        "final URL suffix: `utm_source=google&utm_medium=cpc&utm_campaign={_campaign}&utm_id={campaignid}&utm_content={creative}&utm_term={keyword}&gclid={gclid}`",
        "Meta URL params: `utm_source={{site_source_name}}&utm_medium=paid_social&utm_campaign={{campaign.name}}&utm_id={{campaign.id}}&utm_content={{ad.name}}`",
        "tracking template: `{lpurl}?matchtype={matchtype}&device={device}&loc={loc_physical_ms}&msclkid={msclkid}`",
        "TikTok: `?utm_source=tiktok&utm_campaign=__CAMPAIGN_NAME__&utm_content=__CID_NAME__&ttclid=__CLICKID__`",
    ])


def ph_slack_webhook():
    return pick([f"#{pick(['paid-alerts', 'budget-pacing', 'exp-results'])}: webhook in the template is `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` — the real one is injected from `${{{{ secrets.SLACK_WEBHOOK_URL }}}}`",
        "the README still shows `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`, replace with the one from the app config",
        "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/TXXXXXXXX/BXXXXXXXX/<secret-part>",
    ])


def ph_aws_docs():
    return code_fence("\n".join(["[profile creatives-uploader]",
                                 "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
                                 "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                                 f"region = {pick(['eu-central-1', 'eu-west-1', 'us-east-1', 'ap-northeast-1'])}"]), "ini") + "\n" + pick(["(values from the AWS docs, use `aws configure sso` instead)",
                                                                                 "das sind die Beispielwerte aus der AWS-Doku"])


def ph_payout_form():
    return pick([
        "creator payout form: IBAN field shows `DE00 0000 0000 0000 0000 00` as placeholder, SSN field `XXX-XX-XXXX`, phone `+49 XXX XXXXXXX`",
        "W-9 upload instructions: TIN as `***-**-****` is fine in the preview, the full one only goes into the finance portal",
        "Formulario de afiliados: IBAN `ES00 0000 0000 0000 0000 0000`, teléfono `+34 XXX XXX XXX`",
        "Le champ IBAN affiche `FR76 XXXX XXXX XXXX XXXX XXXX XXX` comme exemple.",
    ])


def ph_liquid_copy():
    lang, line = pick(AD_COPY)
    return pick([f"subject line test B: `{{{{ first_name | default: 'there' }}}}, {line}`",
                 f"SMS template ({lang}): \"{line} {{{{ short_link }}}} STOP={{{{ unsubscribe_keyword }}}}\"",
                 f"push copy [{lang}]: {line} — deep link `app://offer/{{{{ offer_id }}}}?u={{{{ user_id }}}}`",
                 f"Klaviyo: `{{{{ person.email|default:'' }}}}` stays in the template, don't hardcode anything"])


def ph_terraform():
    return code_fence("\n".join([
        f'variable "{pick(["meta_capi_token", "ga4_api_secret", "tiktok_events_token"])}" {{',
        "  type      = string", "  sensitive = true", '  default   = ""', "}", "",
        'resource "google_secret_manager_secret_version" "this" {',
        "  secret      = google_secret_manager_secret.capi.id",
        "  secret_data = var.meta_capi_token # set via TF_VAR_meta_capi_token", "}"]), "hcl")


def ph_jwt_trunc():
    return pick(["the embed URL looks like `https://bi.internal/embed/dash/42?token=eyJhbGciOi...<snip>`",
                 "`Authorization: Bearer <JWT>` — the backend mints it, the FE never sees a static one",
                 "token format is `eyJ…` (header) `.` `eyJ…` (claims) `.` signature, see the doc"])


def ph_k8s_secret():
    return code_fence("\n".join(["apiVersion: v1", "kind: Secret", "metadata:", f"  name: {pick(['sgtm-capi', 'attribution-api', 'reverse-etl'])}",
                                 "type: Opaque", "data:",
                                 f"  access_token: {b64(b'REPLACE_ME')}  # REPLACE_ME",
                                 f"  api_secret: {b64(b'changeme')}  # changeme"]), "yaml")


def ph_postman():
    return code_fence(json.dumps({"name": "TikTok Events API", "values": [
        {"key": "access_token", "value": "{{tiktok_access_token}}", "type": "secret"},
        {"key": "pixel_code", "value": "<PIXEL_CODE>", "type": "default"},
        {"key": "base_url", "value": "https://business-api.tiktok.com/open_api/v1.3", "type": "default"}]}, indent=2), "json")


def ph_vendor_prefixes():
    return pick([
        "HubSpot private app tokens look like `pat-na1-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, if you see one in a repo ping secops",
        "Stripe keys in the README are `sk_test_...` / `pk_test_...`, fine",
        "GitHub tokens start with `ghp_` or `github_pat_`, Slack bot tokens with `xoxb-`, OpenAI with `sk-` — the pre-commit hook blocks those prefixes",
        "Meta user tokens start with `EAA…`, Google API keys with `AIza…` — redact both in screenshots",
        "the Anthropic key format is `sk-ant-api03-…`; in the runbook we write `sk-ant-api03-XXXX` only",
    ])


def ph_redacted_log():
    lines = []
    for _ in range(R.randint(3, 10)):
        lines.append(f"{ts_iso()} INFO capi-forwarder sent event={pick(EVENTS)} em={pick(['[REDACTED]', '<hashed>', '***'])} "
                     f"ph={pick(['[REDACTED]', '<hashed>', '***', 'null'])} token={pick(['[FILTERED]', '****', '<redacted>'])} status={pick([200, 200, 400])}")
    return code_fence("\n".join(lines))


def ph_demo_password():
    return pick([
        "sandbox Metabase: admin / admin on http://localhost:3000, reset on every `docker compose up`",
        "password policy example in the onboarding doc is `Correct-Horse-Battery-Staple`, please don't actually use it",
        "default login for the self-hosted Matomo demo is `demo`/`demo`",
        "ログイン: `<your-sso-user>` / パスワード: `<1Password を参照>`",
    ])


def ph_pem_trunc():
    if R.random() < 0.5:
        lbl = pick(["PRIVATE KEY", "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY"])
        mid = pick(["MIIEv...", "<base64 key material>", "...", "(paste key here)", "b3BlbnNzaC1rZXktdjE..."])
        return (pick(["the docs show the key file shape like this:", "Format der Schlüsseldatei (Beispiel):", "rsa_key.p8 should look like:"])
                + "\n" + code_fence(f"-----BEGIN {lbl}-----\n{mid}\n-----END {lbl}-----"))
    return code_fence("\n".join(["# service-account.json (shape only)", "{", '  "type": "service_account",', '  "project_id": "<project-id>",',
                                 '  "private_key_id": "<key-id>",', '  "private_key": "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n",',
                                 '  "client_email": "<sa-name>@<project-id>.iam.gserviceaccount.com"', "}"]), "json")


def ph_masked_contacts():
    return pick([
        "lead export preview masks contacts: `j***@g***.com`, `+44 ***** ***123`",
        "CRM shows phone as `+33 6 •• •• •• 12` and email as `m••••@••••.fr` in the shared view, good",
        "Vorschau: E-Mail `a***@***.de`, Telefon `+49 *** ****567`",
    ])


def ph_sample_ids():
    return pick([
        f"the API docs use customer id `1234567890` and campaign `{{CAMPAIGN_ID}}`; ours is in the config",
        "example account `act_<AD_ACCOUNT_ID>`, pixel `<PIXEL_ID>`, token `<TOKEN>`",
        "in the sample request replace `INSERT_DEVELOPER_TOKEN_HERE` and `INSERT_CUSTOMER_ID_HERE`",
    ])


def ph_masked_ui():
    last = rs(4, ALNUM)
    return pick([
        f"OpenAI dashboard lists the copygen key as `sk-...{last}` (created {date_iso()}), that's the one to revoke",
        f"Events Manager shows the token as `EAAG••••••••{last}`, expires in {R.randint(2, 60)} days",
        f"Anthropic console: key `sk-ant-api03-...{last}` last used {R.randint(2, 40)} min ago by the translation job",
        f"GitHub shows `ghp_…{last}` under the bot account, scopes: repo, workflow",
        f"Klaviyo: private key ending in `{last}` — labelled `reverse-etl`, created by {pick(HANDLES)}",
        f"Slack app page: Bot User OAuth Token `xoxb-••••-••••-{last}` (reinstall to rotate)",
    ])


def ph_api_curl():
    api = pick([("LinkedIn", "https://api.linkedin.com/rest/conversionEvents", "$LI_ACCESS_TOKEN"),
                ("TikTok", "https://business-api.tiktok.com/open_api/v1.3/event/track/", "${TIKTOK_TOKEN}"),
                ("Reddit", "https://ads-api.reddit.com/api/v2.0/conversions/events/<ACCOUNT_ID>", "<REDDIT_CONVERSION_TOKEN>"),
                ("Snap", "https://tr.snapchat.com/v2/conversion", "{{snap_capi_token}}"),
                ("Pinterest", "https://api.pinterest.com/v5/ad_accounts/<AD_ACCOUNT_ID>/events", "$PINTEREST_TOKEN")])
    hdr = "Access-Token" if api[0] == "TikTok" else "Authorization"
    val = api[2] if hdr == "Access-Token" else f"Bearer {api[2]}"
    return f"{api[0]} CAPI smoke test (docs version):\n" + code_fence(f"curl -s -X POST '{api[1]}' \\\n  -H '{hdr}: {val}' \\\n  -H 'Content-Type: application/json' \\\n  -d @event_{pick(EVENTS)}.json", "bash")


def ph_adcopy_tokens():
    lines = []
    dyn = ['{KeyWord:Running Shoes}', '{=COUNTDOWN("2025/12/31 23:59:00")}', '[[CITY]]', '{{ promo_code }}']
    for lang, line in R.sample(AD_COPY, R.randint(2, 6)):
        lines.append(f"{lang}: {line} {{{{ discount_pct }}}}% — {{{{ product_name }}}} | {pick(dyn)}")
    return pick(["RSA headlines with dynamic insertion, per market:", "Anzeigentexte mit Platzhaltern:", "多言語の広告文テンプレート:"]) + "\n" + "\n".join(lines)


PH_TEMPLATES = [ph_masked_ui, ph_api_curl, ph_adcopy_tokens, ph_capi_curl, ph_ga4_mp, ph_env_example, ph_dbt_profiles, ph_gha_secrets, ph_conn_template,
                ph_masked_payments, ph_valuetrack, ph_slack_webhook, ph_aws_docs, ph_payout_form, ph_liquid_copy,
                ph_terraform, ph_jwt_trunc, ph_k8s_secret, ph_postman, ph_vendor_prefixes, ph_redacted_log,
                ph_demo_password, ph_pem_trunc, ph_masked_contacts, ph_sample_ids]


# ---------------------------------------------------------------- code_identifier
def ci_hash_py():
    fn = pick(["normalize_and_hash_email", "hash_user_email_for_capi", "sha256_normalized_email"])
    return code_fence("\n".join([
        "import hashlib", "import re", "",
        f"def {fn}(email: str) -> str:",
        "    email = email.strip().lower()",
        "    if email.endswith(\"@googlemail.com\"):",
        "        email = email.replace(\"@googlemail.com\", \"@gmail.com\")",
        "    return hashlib.sha256(email.encode(\"utf-8\")).hexdigest()", "",
        "def normalize_phone_e164(phone_number: str, default_region: str = \"DE\") -> str:",
        "    digits = re.sub(r\"\\D\", \"\", phone_number)",
        "    return \"+\" + digits if not digits.startswith(\"00\") else \"+\" + digits[2:]"]), "python")


def ci_gtm_template():
    return code_fence("\n".join([
        "const sendHttpRequest = require('sendHttpRequest');",
        "const getEventData = require('getEventData');",
        f"const accessToken = data.{pick(['apiAccessToken', 'capiAccessToken', 'accessToken'])};",
        "const testEventCode = data.testEventCode;",
        "const hashedEmail = getEventData('user_data.sha256_email_address');",
        "const hashedPhone = getEventData('user_data.sha256_phone_number');",
        "const url = 'https://graph.facebook.com/v19.0/' + data.pixelId + '/events?access_token=' + accessToken;",
        "if (!accessToken) { logToConsole('missing access token'); data.gtmOnFailure(); }"]), "js")


def ci_dbt_sql():
    return code_fence("\n".join([
        "{{ config(materialized='incremental', unique_key='touchpoint_id') }}",
        "select",
        "    {{ dbt_utils.generate_surrogate_key(['session_id', 'event_ts']) }} as touchpoint_id,",
        "    sha256(lower(trim(email))) as hashed_email,",
        "    sha256(phone_e164) as hashed_phone,",
        "    card_bin,", "    card_last4,", "    iban_country_code,",
        "    password_reset_flag,",
        "    coalesce(gclid, wbraid, gbraid) as google_click_id,",
        "    fbclid", f"from {{{{ ref('{pick(['stg_web__sessions', 'int_touchpoints_joined', 'stg_shopify__orders'])}') }}}}",
        "{% if is_incremental() %} where event_ts > (select max(event_ts) from {{ this }}) {% endif %}"]), "sql")


def ci_py_traceback():
    key = pick(["fb_access_token", "GOOGLE_ADS_REFRESH_TOKEN", "tiktok_access_token", "api_secret", "developer_token"])
    return code_fence("\n".join([
        "Traceback (most recent call last):",
        f'  File "/opt/airflow/dags/{pick(["meta_insights_daily", "gads_offline_conv", "tiktok_spend"])}.py", line {R.randint(20, 300)}, in <module>',
        "    client = build_client(Variable.get(\"ads_credentials\", deserialize_json=True))",
        f'  File "/opt/airflow/plugins/ads/client.py", line {R.randint(10, 200)}, in build_client',
        f"    token = creds[\"{key}\"]",
        f"KeyError: '{key}'"]), "") + "\n" + pick(["the Variable got renamed in the UI, that's all", "Variable wurde umbenannt", "変数名が変わっただけです"])


def ci_kotlin_trace():
    pkg = "com." + pick(BRANDS).replace("-", "") + ".attribution"
    frames = [f"\tat {pkg}.{pick(['token', 'auth', 'referrer', 'skan'])}.{pick(['InstallReferrerTokenStore', 'AdvertisingIdProvider', 'DeferredDeepLinkResolver', 'PasswordlessLoginTracker', 'PaymentCardScanEvent'])}.{pick(['refreshAccessToken', 'readSecretPrefs', 'decryptToken', 'onCardNumberEntered', 'hashPhoneNumber'])}({pick(['TokenStore', 'Resolver', 'Tracker'])}.kt:{R.randint(20, 400)})"
              for _ in range(R.randint(4, 32))]
    return code_fence("\n".join([f"FATAL EXCEPTION: {pick(['main', 'DefaultDispatcher-worker-2'])}",
                                 f"java.lang.IllegalStateException: {pick(['access token store not initialised', 'secret key alias missing in keystore', 'card scanner token expired'])}"]
                                + frames + ["\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)"]))


def ci_ts_interface():
    return code_fence("\n".join([
        "export interface CapiUserData {",
        "  em?: string[];   // sha256(email)", "  ph?: string[];   // sha256(phone)",
        "  fbc?: string;", "  fbp?: string;", "  client_ip_address?: string;", "  client_user_agent?: string;",
        "  external_id?: string[];", "}", "",
        f"export function {pick(['buildUserData', 'toCapiUserData', 'mapCustomerToUserData'])}(c: Customer, cookies: CookieJar): CapiUserData {{",
        "  return { em: [hashEmail(c.emailAddress)], ph: c.phoneNumber ? [hashPhone(c.phoneNumber)] : undefined, fbc: cookies.get('_fbc') };",
        "}"]), "ts")


def ci_k8s_refs():
    return code_fence("\n".join([
        "env:", f"  - name: {pick(['META_CAPI_ACCESS_TOKEN', 'GA4_API_SECRET', 'TIKTOK_EVENTS_TOKEN'])}",
        "    valueFrom:", "      secretKeyRef:", f"        name: {pick(['sgtm-secrets', 'capi-credentials'])}", "        key: access_token",
        "  - name: SNOWFLAKE_PRIVATE_KEY_PATH", "    value: /var/run/secrets/snowflake/rsa_key.p8",
        "  - name: SLACK_BOT_TOKEN", "    valueFrom:", "      secretKeyRef: {name: alerts-bot, key: bot_token}"]), "yaml")


def ci_tf_addresses():
    res = [f"google_secret_manager_secret.{pick(['ga4_api_secret', 'gads_developer_token', 'capi_access_token'])}",
           f"aws_secretsmanager_secret.{pick(['klaviyo_private_key', 'braze_rest_api_key'])}",
           "google_service_account_key.looker_bq_reader", "aws_iam_access_key.creatives_uploader",
           f"module.sgtm.google_cloud_run_v2_service.tagging[\"{pick(MARKETS).lower()}\"]"]
    return "plan touches:\n" + code_fence("\n".join(f"  # {r} will be {pick(['updated in-place', 'created', 'destroyed'])}" for r in R.sample(res, R.randint(2, 5))))


def ci_env_names():
    names = ["META_CAPI_ACCESS_TOKEN", "META_APP_SECRET", "GA4_API_SECRET", "GOOGLE_ADS_DEVELOPER_TOKEN", "GOOGLE_ADS_CLIENT_SECRET",
             "TIKTOK_ACCESS_TOKEN", "SNOWFLAKE_PASSWORD", "SLACK_BOT_TOKEN", "OPENAI_API_KEY", "ANTHROPIC_API_KEY",
             "AWS_SECRET_ACCESS_KEY", "STRIPE_WEBHOOK_SECRET", "HUBSPOT_PRIVATE_APP_TOKEN"]
    return pick(["env vars the attribution service expects (names only):", "`printenv | cut -d= -f1 | sort` on the runner:",
                 "Umgebungsvariablen (nur Namen):"]) + "\n" + code_fence("\n".join(sorted(R.sample(names, R.randint(4, len(names))))))


def ci_go_struct():
    return code_fence("\n".join([
        f"type {pick(['TokenResponse', 'OAuthToken', 'AdsTokenPayload'])} struct {{", "\tAccessToken  string `json:\"access_token\"`", "\tRefreshToken string `json:\"refresh_token\"`",
        "\tExpiresIn    int    `json:\"expires_in\"`", "\tTokenType    string `json:\"token_type\"`", "}", "",
        f"func (c *{pick(['GoogleAdsClient', 'TikTokClient', 'LinkedInClient'])}) refreshAccessToken(ctx context.Context) (*TokenResponse, error) {{",
        "\treturn c.oauth.Exchange(ctx, c.cfg.ClientSecret, c.cfg.RefreshToken)", "}"]), "go").replace("TokenResponse", "TokenResponse", 1)


def ci_gads_errors():
    err = pick(["AuthenticationError.OAUTH_TOKEN_EXPIRED", "AuthorizationError.DEVELOPER_TOKEN_NOT_APPROVED",
                "AuthenticationError.CUSTOMER_NOT_FOUND", "AuthorizationError.USER_PERMISSION_DENIED",
                "QuotaError.RESOURCE_EXHAUSTED"])
    return code_fence(f"GoogleAdsException: request_id={rs(22, B64U)}\n  failure: errors {{ error_code {{ {err.split('.')[0][0].lower() + err.split('.')[0][1:].replace('Error', '_error')}: {err.split('.')[1]} }} message: \"{pick(['The OAuth token in the request has expired.', 'The developer token is not approved.', 'The caller does not have permission.'])}\" }}")


def ci_graph_error():
    return code_fence(json.dumps({"error": {"message": pick(["Error validating access token: Session has expired.",
                                                             "Invalid OAuth access token - Cannot parse access token",
                                                             "(#100) Missing permissions"]),
                                            "type": "OAuthException", "code": pick([190, 100, 200]), "error_subcode": pick([463, 460, 33]),
                                            "fbtrace_id": rs(27, ALNUM)}}), "json") + "\n" + pick(["system user token again", "on it", "トークン切れです"])


def ci_feature_flags():
    flags = ["ff_checkout_saved_card_autofill", "ff_lp_phone_number_field_optional", "ff_signup_passwordless_magic_link",
             "ff_capi_send_hashed_email", "ff_capi_send_hashed_phone", "ff_show_iban_payout_option", "exp_paywall_token_pricing",
             "ff_account_recovery_sms", "kill_switch_pixel_advanced_matching"]
    return "flags in the growth namespace:\n" + "\n".join(f"- `{f}`: {pick(['on', 'off', '50%', '10% DE only'])}" for f in R.sample(flags, R.randint(3, 7)))


def ci_scrub_regex():
    return code_fence("\n".join([
        "PII_PATTERNS = {",
        "    \"email\": re.compile(r\"[\\w.+-]+@[\\w-]+\\.[\\w.-]+\"),",
        "    \"phone\": re.compile(r\"\\+?\\d[\\d\\s().-]{7,}\\d\"),",
        "    \"card\": re.compile(r\"\\b(?:\\d[ -]?){13,19}\\b\"),",
        "}", "",
        f"def {pick(['scrub_pii_from_url', 'redact_query_params', 'strip_pii_before_collect'])}(url: str) -> str:",
        "    for name, rx in PII_PATTERNS.items():", "        url = rx.sub(f\"[{name}]\", url)", "    return url"]), "python")


def ci_graphql():
    return code_fence("\n".join([
        f"type {(t := pick(['Lead', 'WebinarSignup', 'CreatorApplication', 'DemoRequest']))} {{", "  id: ID!",
        f"  {pick(['emailAddress', 'contactEmail', 'workEmail'])}: String {pick(['@pii', '@sensitive', '@hashed'])}",
        f"  {pick(['phoneNumber', 'mobilePhone', 'callbackPhone'])}: String {pick(['@pii', '@sensitive'])}",
        "  consentMarketing: Boolean!"] + R.sample(["  utmCampaign: String", "  gclid: String", "  fbclid: String", "  landingPage: String", "  payoutIban: String @pii", "  taxIdProvided: Boolean"], R.randint(1, 4)) + ["}", "",
        f"mutation Submit{t}($input: {t}Input!, ${pick(['captchaToken', 'turnstileToken', 'csrfToken'])}: String!) {{", f"  submit{t}(input: $input) {{ id {pick(['status', 'createdAt', 'score'])} }}", "}"]), "graphql")


def ci_tracking_plan_table():
    rows = ["| event | property | type | pii |", "|---|---|---|---|"]
    props = [("add_payment_info", "payment_type", "string", "no"), ("add_payment_info", "card_brand", "string", "no"),
             ("sign_up", "method", "enum(password,google,apple)", "no"), ("lead_submit", "has_phone_number", "bool", "no"),
             ("lead_submit", "email_domain_hashed", "string", "no"), ("password_reset_requested", "channel", "enum(email,sms)", "no"),
             ("purchase", "coupon_code", "string", "no"), ("payout_method_added", "iban_country", "string", "no"),
             ("login", "token_refresh_count", "int", "no"), ("checkout_error", "card_decline_code", "string", "no")]
    for p in R.sample(props, R.randint(4, 9)):
        rows.append("| " + " | ".join(p) + " |")
    return "tracking plan v" + f"{R.randint(1, 9)}.{R.randint(0, 30)}" + ":\n" + "\n".join(rows)


def ci_react_component():
    return code_fence("\n".join([
        f"export function {pick(['SavedCardSelector', 'PhoneNumberField', 'PasswordStrengthMeter', 'IbanPayoutForm'])}({{ onChange }}: Props) {{",
        f"  const {{ track }} = useAnalytics();",
        f"  return <div className={{styles.{pick(['cardRow', 'phoneInput', 'strength'])}}} data-testid=\"{pick(['saved-card', 'phone-input', 'pw-meter', 'iban-input'])}\"",
        f"    onBlur={{() => track('{pick(['payment_field_blur', 'phone_field_blur', 'password_field_blur'])}', {{ valid: isValid }})}} />;",
        "}",
        f"// css module: {pick(['SavedCardSelector_cardRow__', 'PhoneNumberField_phoneInput__', 'IbanPayoutForm_wrap__'])}{rs(5, ALNUM)}"]), "tsx")


def ci_sql_columns():
    cols = ["user_id", "email_sha256", "phone_sha256", "password_hash", "password_changed_at", "api_key_last_four",
            "card_fingerprint", "card_exp_month", "iban_last4", "ssn_collected_bool", "access_token_expires_at", "refresh_token_rotated_at"]
    return code_fence(f"SELECT {', '.join(R.sample(cols, R.randint(3, 7)))}\nFROM {pick(['crm.contacts', 'payouts.creators', 'auth.users_pseudonymized'])}\nWHERE updated_at > now() - interval '{R.randint(1, 30)} days';", "sql")


def ci_swift_objc():
    return code_fence("\n".join([
        f"Thread {R.randint(0, 9)} Crashed:",
        f"0   {pick(BRANDS).replace('-', '')}App  0x{hexs(16)} $s{R.randint(8, 14)}Attribution17SKANTokenProviderC12refreshTokenyyYaKF + {R.randint(20, 900)}",
        f"1   {pick(BRANDS).replace('-', '')}App  0x{hexs(16)} -[ADJPasswordlessLogin handleMagicLinkToken:] + {R.randint(20, 400)}",
        f"2   libswift_Concurrency.dylib 0x{hexs(16)} completeTaskWithClosure(swift::AsyncContext*, swift::SwiftError*) + 1"]))


def ci_log_field_names():
    lines = []
    for _ in range(R.randint(3, 9)):
        lines.append(json.dumps({"level": pick(["info", "warn"]), "msg": pick(["token refreshed", "secret loaded from manager", "card token created", "password reset email queued"]),
                                 "secret_name": pick(["projects/mkt/secrets/capi-token/versions/latest", "ga4-api-secret", "gads-refresh-token"]),
                                 "token_ttl_s": R.randint(60, 86400), "has_email": pick([True, False])}))
    return code_fence("\n".join(lines))


def ci_airflow_vars():
    var = pick(["meta_access_token", "gads_refresh_token", "tiktok_secret", "snap_capi_token", "pinterest_oauth_token"])
    conn = pick(["google_ads_default", "snowflake_mkt", "bigquery_ga4", "s3_creatives"])
    return code_fence("\n".join([
        f"with DAG(\"{pick(['ads_spend_daily', 'capi_backfill', 'cohort_refresh'])}\", schedule=\"{pick(['@daily', '0 5 * * *', '@hourly'])}\") as dag:",
        f"    token = Variable.get(\"{var}\")  # masked in UI because name contains 'token'/'secret'",
        f"    hook = {pick(['SnowflakeHook', 'BigQueryHook', 'S3Hook', 'HttpHook'])}({pick(['snowflake_conn_id', 'gcp_conn_id', 'aws_conn_id', 'http_conn_id'])}=\"{conn}\")",
        f"    fetch = PythonOperator(task_id=\"fetch_{pick(['insights', 'spend', 'conversions'])}\", python_callable=fetch, op_kwargs={{\"access_token\": token}})"]), "python")


def ci_inline():
    ident = pick(["getCapiAccessToken()", "useSavedCardToken", "refresh_ads_oauth_token", "PHONE_NUMBER_REGEX", "hashEmailSha256",
                  "IbanValidator.isValid", "PasswordResetTokenRepository", "ssn_last4_present", "STRIPE_WEBHOOK_SECRET_NAME",
                  "api_key_rotation_days", "CardholderNameInput", "x-goog-api-key header builder", "TOKEN_BUCKET_CAPACITY"])
    return pick([f"`{ident}` returns undefined when consent is denied, that's why the purchase has no user_data",
                 f"renamed `{ident}` in the tracking lib, please rebase",
                 f"`{ident}` ist seit dem Refactor deprecated",
                 f"`{ident}` が null を返します（同意なしの場合）",
                 f"who owns `{ident}`? codeowners says {pick(HANDLES)}",
                 f"`{ident}` est appelé deux fois par page vue"])


CI_TEMPLATES = [ci_inline, ci_airflow_vars, ci_hash_py, ci_gtm_template, ci_dbt_sql, ci_py_traceback, ci_kotlin_trace, ci_ts_interface, ci_k8s_refs,
                ci_tf_addresses, ci_env_names, ci_go_struct, ci_gads_errors, ci_graph_error, ci_feature_flags, ci_scrub_regex,
                ci_graphql, ci_tracking_plan_table, ci_react_component, ci_sql_columns, ci_swift_objc, ci_log_field_names]


# ---------------------------------------------------------------- talk_about_secrets
TALK = [
    ("en", "who rotated the Meta system-user token? CAPI has been returning code 190 since this morning"),
    ("en", "reminder: never paste the GA4 Measurement Protocol api secret here, put it in 1Password and link the item"),
    ("en", "the Google Ads developer token is tied to the MCC, not to anyone's login — ask IT before you regenerate it"),
    ("en", "if a customer sends their card number in the chat widget, delete the message and point them to the checkout"),
    ("en", "we hash emails and phone numbers client-side before they reach the pixel, so raw values never leave the browser"),
    ("en", "the creator's IBAN lives in the payout tool only. please don't ask for it over DM"),
    ("en", "finance keeps the SSNs from the W-9s; the affiliate sheet must not have a tax id column at all"),
    ("en", "my OpenAI key for the copy generator hit the monthly cap, can someone raise the org limit instead of sharing theirs?"),
    ("en", "does anyone know the password for the old Hotjar account? it's not in the vault. I'll just reset it via SSO"),
    ("en", "heads up: the Slack bot token for #campaign-alerts got revoked when we reinstalled the app, need a new one from the admin page"),
    ("en", "the TikTok Events API access token expires after a year, I put a reminder in the team calendar"),
    ("en", "AWS keys for the creatives bucket were rotated this morning; old ones are dead, re-run `aws sso login`"),
    ("en", "this export has phone numbers in it, so it goes to the restricted drive, not to #growth"),
    ("en", "GitHub PAT for the tracking-plan CI expired; I moved it to a GitHub App so no personal token is in there anymore"),
    ("en", "Snowflake password auth goes away on Friday, move your dbt profile to key-pair auth"),
    ("en", "please use the shared service account for Looker instead of your own password"),
    ("en", "the embed JWT is minted per request by the backend, you can't bookmark the dashboard link"),
    ("en", "did the agency really email us the Criteo password in plain text? rotating it now"),
    ("en", "the Anthropic key for the translation job is scoped to the workspace, not to a person, so it survives offboarding"),
    ("en", "no, we can't upload raw email lists to LinkedIn — matched audiences only take hashed values via the API"),
    ("en", "the private key for the BigQuery service account was deleted from the repo and the key was disabled in IAM"),
    ("en", "someone pasted a customer's phone number in the #cro thread yesterday; I removed it and reported it to privacy"),
    ("de", "Kann bitte jemand den Meta-Zugriffstoken erneuern? Die Conversions API wirft seit heute früh Fehler 190."),
    ("de", "Bitte keine Kundendaten (E-Mail-Adressen, Telefonnummern) in Slack posten, nur die gehashten Werte im Warehouse."),
    ("de", "Das Passwort für den Agentur-Login liegt im Tresor unter „Paid Social“, nicht im Google Sheet."),
    ("de", "Die IBAN für die Influencer-Auszahlung bitte nur im Finanztool hinterlegen, nie im Briefing."),
    ("de", "Der API-Schlüssel für das Übersetzungstool wurde gestern rotiert, bitte die Integration neu verbinden."),
    ("fr", "Quelqu'un a le mot de passe du compte Criteo ? Sinon je fais une réinitialisation."),
    ("fr", "Ne collez jamais la clé API d'OpenAI dans le notebook partagé, utilisez la variable d'environnement."),
    ("fr", "Le jeton d'accès TikTok a expiré, j'ai relancé le flux OAuth."),
    ("fr", "On ne stocke pas les numéros de carte : Stripe nous renvoie seulement un identifiant de paiement."),
    ("es", "¿Quién tiene la contraseña de la cuenta de Google Ads de México? No está en el gestor."),
    ("es", "Recordad: nada de correos ni teléfonos de clientes en este canal, solo IDs anonimizados."),
    ("es", "Rotamos las claves de AWS del bucket de creatividades; actualizad vuestro perfil local."),
    ("pt", "O token do bot do Slack foi revogado, preciso que um admin gere outro."),
    ("pt", "Não mandem CPF nem número de cartão pelo chat, usem o formulário seguro."),
    ("it", "La chiave API di Anthropic per le traduzioni è nel vault, chiedete l'accesso al team platform."),
    ("it", "Qualcuno sa se il token di LinkedIn scade dopo 60 giorni? Devo rinnovarlo."),
    ("nl", "Het wachtwoord van het gedeelde Pinterest-account is gewijzigd, het staat in de kluis."),
    ("nl", "Zet geen IBAN's van creators in de spreadsheet, alleen in het betaalsysteem."),
    ("pl", "Token dostępu do Meta wygasł, odnowię go po stand-upie."),
    ("pl", "Proszę nie wklejać haseł do kanału, nawet tymczasowych."),
    ("sv", "API-nyckeln för Klaviyo roterades i går, uppdatera integrationen."),
    ("tr", "Google Ads geliştirici jetonu onaylandı; şifreyi kimseyle paylaşmayın, kasada duruyor."),
    ("ru", "Кто-нибудь знает пароль от старого аккаунта в Яндекс Директе? В хранилище его нет."),
    ("ru", "Токен для Conversions API истёк, обновлю после обеда."),
    ("uk", "Не надсилайте номери карток клієнтів у чат, тільки через захищену форму."),
    ("ja", "Meta のアクセストークンが失効しました。CAPI のイベントが止まっています。"),
    ("ja", "顧客のメールアドレスや電話番号をこのチャンネルに貼らないでください。ハッシュ化した値だけ使ってください。"),
    ("ja", "GitHub の個人アクセストークンは今月末で期限切れになります。GitHub App に移行しましょう。"),
    ("zh", "谁有巨量引擎账户的密码？保险库里没有。"),
    ("zh", "请不要在频道里粘贴 API 密钥，统一放到密钥管理里。"),
    ("ko", "네이버 광고 API 키가 만료됐어요. 새로 발급받아서 볼트에 넣어둘게요."),
    ("ko", "고객 전화번호는 슬랙에 올리지 마세요."),
    ("ar", "من فضلكم لا تشاركوا كلمات المرور في القناة، استخدموا مدير كلمات المرور."),
    ("he", "אל תדביקו כאן מפתחות API, רק קישור לכספת."),
    ("hi", "कृपया चैनल में ग्राहकों के फ़ोन नंबर या ईमेल पेस्ट न करें।"),
    ("vi", "Token truy cập của TikTok đã hết hạn, mình sẽ cấp lại."),
    ("id", "Tolong jangan kirim nomor kartu kredit pelanggan di sini."),
    ("th", "อย่าแชร์รหัสผ่านบัญชีโฆษณาในแชทนะครับ ใช้ตัวจัดการรหัสผ่านแทน"),
    ("el", "Μην στέλνετε κωδικούς πρόσβασης στο κανάλι, χρησιμοποιήστε τον διαχειριστή κωδικών."),
]

TALK_Q = [
    "where do I find the CAPI token for the new pixel?",
    "is it ok to put the customer email in the UTM content param for the winback test?",
    "can I get the password for the shared TikTok Ads login?",
    "Wo finde ich den API-Schlüssel für Google Ads?",
    "¿Dónde está la clave del webhook de Stripe?",
    "Qual é a senha do painel do Looker?",
    "GA4 の API シークレットはどこにありますか？",
    "Есть доступ к токену LinkedIn?",
]
TALK_A = [
    "not here 🙂 it's in the vault under growth/capi, request access in #it-help",
    "no — emails in URLs end up in GA4 and in every referrer header. use the hashed external id",
    "we don't share logins, ask for your own seat",
    "Im Tresor, Ordner „Ads APIs“. Nicht hier posten bitte.",
    "En el gestor de secretos, pide acceso al equipo de plataforma.",
    "Cada pessoa tem o próprio login via SSO, não existe senha compartilhada.",
    "Secret Manager にあります。ここには貼らないでください。",
    "Через менеджер секретов, в чат не кидай.",
]


def talk_single():
    return pick(TALK)[1]


def talk_multi():
    k = R.randint(2, 5)
    return "\n".join(t[1] for t in R.sample(TALK, k))


def talk_qa():
    i = R.randrange(len(TALK_Q))
    extra = pick(["", "", "\n" + pick(TALK)[1], "\n" + pick(["👍 thx", "ok, danke", "got it", "了解です", "entendido"])])
    return f"> {TALK_Q[i]}\n{TALK_A[i]}" + extra


def talk_incident():
    what = pick(["a Slack bot token", "a GA4 api secret", "an OpenAI key", "the agency's Criteo password", "an AWS access key for the creatives bucket",
                 "a GitHub token in the tracking-plan repo", "a CSV with customer emails"])
    return "\n".join([f"*Incident summary – {date_iso()}*",
                      f"• What: {what} was posted in a public channel for ~{R.randint(2, 50)} min",
                      f"• Action: {pick(['revoked and reissued', 'message deleted, file purged', 'rotated, old value disabled'])}",
                      f"• Impact: {pick(['none found in audit logs', 'no misuse detected', 'two failed API calls from the old key, ours'])}",
                      f"• Follow-up: {pick(['enable secret scanning on the workspace', 'move bot to org-level install', 'add DLP rule for CSV uploads'])}"])


def talk_runbook():
    steps = ["Revoke the token in the platform UI (Business Settings → System Users).",
             "Generate a new one with only `ads_management` and `ads_read`.",
             "Store it in Secret Manager as a new version, never in the repo.",
             "Restart the sGTM containers so they pick up the new version.",
             "Check Events Manager for 190 errors in the next hour.",
             "Tell #growth-oncall that the rotation is done; don't paste the value."]
    n = R.randint(3, len(steps))
    plat = pick(["Meta CAPI access token", "TikTok Events API token", "GA4 api secret", "Google Ads refresh token", "Pinterest conversion token", "Snapchat CAPI token"])
    steps[0] = steps[0].replace("(Business Settings → System Users)", pick(["(Business Settings → System Users)", "(Events Manager → Settings)", "(Admin → Data streams)", "(API Center)"]))
    lang = R.random()
    title = (f"*Runbook: rotate the {plat}*" if lang < 0.6 else f"*Runbook: {plat} rotieren*" if lang < 0.8 else f"*Runbook : rotation du {plat}*")
    sel = steps[:n] if R.random() < 0.5 else [steps[0]] + R.sample(steps[1:], n - 1)
    return title + "\n" + "\n".join(f"{i + 1}. {s}" for i, s in enumerate(sel))


def talk_faq():
    qa = [("Can I share my ads login with the agency?", "No. Invite them as partner with their own users."),
          ("A lead sent me their phone number on LinkedIn, can I paste it into the CRM?", "Only via the import with consent flag, never by hand into Slack."),
          ("The API key stopped working.", "Keys are rotated every 90 days. Check the vault for the current version."),
          ("Do we store card numbers?", "No. The PSP tokenises them; we only see brand and the last four digits."),
          ("Why can't I download the raw email list?", "Because it's personal data. Use the hashed audience export."),
          ("Is the GA4 measurement id a secret?", "No, it's in the page source. The api_secret is the secret one.")]
    sel = R.sample(qa, R.randint(2, 5))
    return "*Growth privacy FAQ*\n" + "\n".join(f"*Q:* {q}\n*A:* {a}" for q, a in sel)


def talk_scanner():
    return pick([
        "the secret scanner flagged the gclid in the LP URL as a 'generic API key' again 🙄 it's a click id",
        "DLP blocked my upload because the cohort table had long numbers; they were user counts, not card numbers",
        "our redaction bot keeps eating Google Ads customer ids because they look like US phone numbers",
        "Der Scanner meldet SHA-256-Hashes von E-Mails als Geheimnisse. Sind keine, sind pseudonymisiert.",
        "スキャナーが fbclid を API キーだと判定しました。誤検知です。",
    ])


def talk_slack_thread():
    n = R.randint(2, 6)
    out = []
    for _ in range(n):
        out.append(f"[{R.randint(8, 19):02d}:{R.randint(0, 59):02d}] {pick(HANDLES)}: {pick(TALK)[1]}")
    return "\n".join(out)


def talk_meeting_notes():
    lines = [pick(["*Notes — growth x security sync*", "*Protokoll Growth/Security*", "*Notas — sync de growth*", "*議事録 — グロース x セキュリティ*"]) + f" ({date_iso()})"]
    pts = ["agency access: move every ad platform to partner access, no shared passwords",
           f"{pick(['Meta', 'TikTok', 'Snap', 'Pinterest'])} CAPI token owner changes to the platform team",
           "lead forms: phone field becomes optional; consent text updated in DE/FR/ES",
           "card data never touches our LP; PSP iframe only",
           "creator payouts: IBANs collected by finance tool, growth only sees payout status",
           "API keys for LLM copy tools go through the gateway, personal keys are banned",
           "offboarding: revoke personal access tokens and Slack user tokens the same day",
           "Pseudonymisierte IDs statt E-Mail-Adressen in allen Exports",
           "Les exports CRM passent par le drive restreint uniquement"]
    for p in R.sample(pts, R.randint(2, 6)):
        lines.append(f"• {p}")
    return "\n".join(lines)


TALK_TEMPLATES = [talk_meeting_notes, talk_single, talk_multi, talk_qa, talk_incident, talk_runbook, talk_faq, talk_scanner, talk_slack_thread]


# ================================================================ POSITIVES: value generators
def v_anthropic():
    return "sk-ant-api03-" + rs(93, B64U) + "AA"


def v_aws_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def v_aws_secret():
    return rs(40, B64)


def v_card():
    k = R.randrange(5)
    if k == 0:
        num = luhn_complete("4" + rs(14, DIG))
    elif k == 1:
        num = luhn_complete("5" + pick("12345") + rs(13, DIG))
    elif k == 2:
        num = luhn_complete(str(R.randint(2221, 2720)) + rs(11, DIG))
    elif k == 3:
        num = luhn_complete(pick(["34", "37"]) + rs(12, DIG))
    else:
        num = luhn_complete("6011" + rs(11, DIG))
    fmt = R.randrange(3)
    if fmt == 0:
        return num
    sep = " " if fmt == 1 else "-"
    if len(num) == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


FIRST = ["mara", "j.okafor", "lena.schulz", "t.nakamura", "pablo", "aiko.sato", "r.lindqvist", "chloe.martin", "k.wozniak",
         "nils", "f.benali", "g.rossi", "ines.costa", "d.kowalczyk", "sven.hauge"]
EMAIL_DOMAINS = ["gmail.com", "outlook.de", "yahoo.co.jp", "web.de", "orange.fr", "hotmail.es", "proton.me", "gmx.net",
                 "fernhill-goods.com", "kestrel-travel.co.uk", "lumora.io", "creatorhub-agency.com"]


def v_email():
    return f"{pick(FIRST)}{pick(['', str(R.randint(1, 99)), '.' + rs(3, LO)])}@{pick(EMAIL_DOMAINS)}"


def b62_encode(n, width=6):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_ghp():
    body = rs(30, ALNUM)
    return "ghp_" + body + b62_encode(zlib.crc32(body.encode()) & 0xffffffff)


def v_github_pat():
    return "github_pat_11" + rs(20, UP + DIG) + "_" + rs(59, ALNUM)


def v_iban():
    cc = pick(["DE", "GB", "FR", "NL", "ES", "IT", "BE", "AT", "PL", "SE", "PT", "IE", "CH", "DK"])
    spec = {"DE": "n18", "GB": "a4n14", "FR": "n23", "NL": "a4n10", "ES": "n20", "IT": "a1n22", "BE": "n12", "AT": "n16",
            "PL": "n24", "SE": "n20", "PT": "n21", "IE": "a4n14", "CH": "n17", "DK": "n14"}[cc]
    bban = ""
    for m in re.finditer(r"([an])(\d+)", spec):
        bban += rs(int(m.group(2)), UP if m.group(1) == "a" else DIG)
    chk = 98 - iban_num(bban + cc + "00") % 97
    iban = f"{cc}{chk:02d}{bban}"
    assert iban_valid(iban)
    if R.random() < 0.55:
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban


def v_ipv4():
    while True:
        s = f"{R.randint(1, 223)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
        if ipv4_public(s):
            return s


def v_jwt():
    alg = pick(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = hexs(16)
    iat = epoch_s()
    payload = pick([
        {"sub": uuid4(), "iat": iat, "exp": iat + 3600, "aud": "looker-embed", "dashboard": R.randint(10, 300), "models": ["marketing"]},
        {"sub": f"usr_{rs(12, LO + DIG)}", "iat": iat, "exp": iat + 900, "scope": "reports:read campaigns:write", "iss": "https://auth.growthstack.internal"},
        {"sub": str(R.randint(10000, 999999)), "role": "analyst", "iat": iat, "exp": iat + 86400, "tenant": pick(BRANDS)},
    ])
    sig_len = {"HS256": 32, "RS256": 256, "ES256": 64}[alg]
    return (b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." +
            b64url(json.dumps(payload, separators=(",", ":")).encode()) + "." + b64url(rbytes(sig_len)))


def v_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(74, B64U) + "T3BlbkFJ" + rs(74, B64U)
    if k == 1:
        return "sk-" + rs(20, ALNUM) + "T3BlbkFJ" + rs(20, ALNUM)
    return "sk-svcacct-" + rs(74, B64U) + "T3BlbkFJ" + rs(74, B64U)


def v_password():
    k = R.randrange(3)
    if k == 0:
        return rs(R.randint(14, 22), ALNUM + "!#%^*-_+=")
    if k == 1:
        words = ["Copper", "Lantern", "Rivet", "Maple", "Harbor", "Quartz", "Falcon", "Tundra", "Saffron", "Meadow", "Cobalt", "Ember"]
        return "-".join(R.sample(words, 3)) + "-" + str(R.randint(10, 99)) + pick(["!", "#", "%", ""])
    return rs(2, UP) + rs(4, LO) + str(R.randint(100, 999)) + pick(["!", "$", "&", "*"]) + rs(5, ALNUM)


def v_phone():
    k = R.randrange(12)
    d = lambda n: rs(n, DIG)
    if k == 0:
        a = pick(["212", "312", "415", "646", "718", "305", "512", "206", "617", "303"])
        ex = str(R.randint(201, 989)).replace("555", "556")
        return pick([f"({a}) {ex}-{d(4)}", f"+1-{a}-{ex}-{d(4)}", f"{a}.{ex}.{d(4)}", f"+1 {a} {ex} {d(4)}"])
    if k == 1:
        return pick([f"+44 7{R.randint(400, 999)} {d(6)}", f"07{R.randint(400, 999)} {d(6)}", f"+44 20 {R.randint(3, 8)}{d(3)} {d(4)}"])
    if k == 2:
        return pick([f"+49 30 {d(8)}", f"+49 1{pick(['51', '60', '70', '76'])} {d(8)}", f"0171 {d(7)}"])
    if k == 3:
        return pick([f"+33 6 {d(2)} {d(2)} {d(2)} {d(2)}", f"06 {d(2)} {d(2)} {d(2)} {d(2)}"])
    if k == 4:
        return f"+34 6{d(2)} {d(3)} {d(3)}"
    if k == 5:
        return f"+39 3{d(2)} {d(3)} {d(4)}"
    if k == 6:
        return pick([f"+31 6 {d(8)}", f"06-{d(8)}"])
    if k == 7:
        return pick([f"090-{d(4)}-{d(4)}", f"+81 80-{d(4)}-{d(4)}", f"03-{d(4)}-{d(4)}"])
    if k == 8:
        return f"+55 11 9{d(4)}-{d(4)}"
    if k == 9:
        return f"+91 9{d(4)} {d(5)}"
    if k == 10:
        return f"+61 4{d(2)} {d(3)} {d(3)}"
    return f"+48 5{d(2)} {d(3)} {d(3)}"


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der_int(b):
    if b[0] & 0x80:
        b = b"\x00" + b
    return b"\x02" + der_len(len(b)) + b


def der_seq(*parts):
    body = b"".join(parts)
    return b"\x30" + der_len(len(body)) + body


def v_pem():
    k = R.randrange(4)
    if k == 0:
        der = bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rbytes(64)
        label, width = "EC PRIVATE KEY", 64
    elif k == 1:
        der = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        label, width = "PRIVATE KEY", 64
    elif k == 2:
        def big(n):
            b = bytearray(rbytes(n))
            b[0] |= 0x80
            return bytes(b)
        der = der_seq(der_int(b"\x00"), der_int(big(256)), der_int(b"\x01\x00\x01"), der_int(big(256)),
                      der_int(big(128)), der_int(big(128)), der_int(big(128)), der_int(big(128)), der_int(big(128)))
        label, width = "RSA PRIVATE KEY", 64
    else:
        def sstr(b):
            return struct.pack(">I", len(b)) + b
        pub = rbytes(32)
        pubblob = sstr(b"ssh-ed25519") + sstr(pub)
        chk = rbytes(4)
        priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(f"growth-bot@{pick(BRANDS)}".encode())
        i = 1
        while len(priv) % 8:
            priv += bytes([i])
            i += 1
        der = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
        label, width = "OPENSSH PRIVATE KEY", 70
    body = wrap(b64(der), width)
    block = f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"
    return body, block


def v_slack_bot():
    return f"xoxb-{digits(R.choice([11, 12, 13]))}-{digits(13)}-{rs(24, ALNUM)}"


def v_slack_user():
    return f"xoxp-{digits(R.choice([11, 12, 13]))}-{digits(13)}-{digits(13)}-{hexs(32)}"


def v_url_pw():
    # value = password part only of user:pass@host
    return rs(R.randint(12, 24), ALNUM + "-_")


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return f"{a:03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}"


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", s)
    if not m:
        return False
    a, g, n = (int(x) for x in m.groups())
    return 0 < a < 900 and a != 666 and g > 0 and n > 0


# ================================================================ POSITIVES: templates
def url_with_pw():
    pw = v_url_pw()
    user = pick(["analytics_rw", "dbt", "looker_ro", "airbyte", "sgtm", "metabase", "reverse_etl", "growth_app"])
    k = R.randrange(6)
    if k == 0:
        url = f"postgresql://{user}:{pw}@warehouse-{pick(['prod', 'eu', 'replica'])}.{pick(BRANDS)}.internal:5432/marketing"
    elif k == 1:
        url = f"mongodb+srv://{user}:{pw}@leads-cluster.{rs(5, LO + DIG)}.mongodb.net/leads?retryWrites=true"
    elif k == 2:
        url = f"redis://default:{pw}@redis-{R.randint(10000, 19999)}.c{R.randint(1, 300)}.eu-west-1-2.ec2.cloud.redislabs.com:{R.randint(10000, 19999)}"
    elif k == 3:
        url = f"amqps://{user}:{pw}@{rs(8, LO)}.rmq.cloudamqp.com/{rs(8, LO)}"
    elif k == 4:
        url = f"mysql://{user}:{pw}@crm-db.{pick(BRANDS)}.com:3306/crm"
    else:
        url = f"https://{user}:{pw}@ftp-feeds.{pick(BRANDS)}.com/merchant_center/feed_{pick(MARKETS).lower()}.xml"
    return pw, url


GENS = {
    "anthropic_api_key": lambda: (lambda v: (v, v))(v_anthropic()),
    "aws_access_key_id": lambda: (lambda v: (v, v))(v_aws_id()),
    "aws_secret_access_key": lambda: (lambda v: (v, v))(v_aws_secret()),
    "credit_card": lambda: (lambda v: (v, v))(v_card()),
    "email_address": lambda: (lambda v: (v, v))(v_email()),
    "github_classic_pat": lambda: (lambda v: (v, v))(v_ghp()),
    "github_fine_grained_pat": lambda: (lambda v: (v, v))(v_github_pat()),
    "iban": lambda: (lambda v: (v, v))(v_iban()),
    "ipv4_address": lambda: (lambda v: (v, v))(v_ipv4()),
    "jwt": lambda: (lambda v: (v, v))(v_jwt()),
    "openai_api_key": lambda: (lambda v: (v, v))(v_openai()),
    "password": lambda: (lambda v: (v, v))(v_password()),
    "phone_number": lambda: (lambda v: (v, v))(v_phone()),
    "private_key_pem": v_pem,
    "slack_bot_token": lambda: (lambda v: (v, v))(v_slack_bot()),
    "slack_user_token": lambda: (lambda v: (v, v))(v_slack_user()),
    "url_credentials": url_with_pw,
    "us_ssn": lambda: (lambda v: (v, v))(v_ssn()),
}
KINDS = sorted(GENS)

SINGLE = {
    "anthropic_api_key": [
        lambda r: f"ANTHROPIC_API_KEY={r}",
        lambda r: f"the ad-copy translation job uses this key, swapping it after the test: {r}",
        lambda r: code_fence(f"client = anthropic.Anthropic(api_key=\"{r}\")\nmsg = client.messages.create(model=MODEL, max_tokens=400,\n    messages=[{{\"role\": \"user\", \"content\": f\"Translate to {{lang}}: {{headline}}\"}}])", "python"),
        lambda r: f"Clé Anthropic pour le job de traduction des annonces : `{r}` (à mettre dans le coffre ensuite)",
        lambda r: code_fence(f"translate:\n  provider: anthropic\n  api_key: {r}\n  target_langs: [de, fr, ja, pt-BR, ko]", "yaml"),
        lambda r: f"広告コピー翻訳用の Anthropic キーです: {r}",
    ],
    "aws_access_key_id": [
        lambda r: f"creatives uploader runs as `{r}`, which IAM user is that?",
        lambda r: code_fence(f"[profile creatives]\naws_access_key_id = {r}\nregion = eu-central-1", "ini"),
        lambda r: f"CloudTrail: AccessDenied for access key {r} on s3://{pick(BRANDS)}-creatives/",
        lambda r: f"Der Export-Job nutzt noch den alten Key {r}, bitte deaktivieren.",
        lambda r: code_fence(json.dumps({"eventName": "PutObject", "userIdentity": {"type": "IAMUser", "accessKeyId": r}, "awsRegion": "eu-west-1"}, indent=2), "json"),
    ],
    "aws_secret_access_key": [
        lambda r: f"AWS_SECRET_ACCESS_KEY={r}",
        lambda r: f"secret for the reporting bucket user (I know, I know, rotating tomorrow): {r}",
        lambda r: code_fence(f"aws_secret_access_key = {r}", "ini"),
        lambda r: f"La clave secreta del bucket de informes es {r}, la borro en 10 min",
        lambda r: code_fence(f"s3 = boto3.client('s3', aws_secret_access_key='{r}')", "python"),
    ],
    "credit_card": [
        lambda r: f"chargeback dispute: customer says card {r} was charged twice for order #{R.randint(100000, 999999)}",
        lambda r: code_fence(f"{ts_iso()} WARN checkout payment_failed card_number={r} reason=do_not_honor campaign={pick(CAMPAIGNS)}"),
        lambda r: f"Kunde hat im Chat seine Kartennummer geschickt: {r} — bitte löschen nach Erstattung",
        lambda r: f"corporate card for the LinkedIn ads account is {r}, exp {R.randint(1, 12):02d}/{R.randint(26, 30)}",
        lambda r: f"la tarjeta de la empresa para Meta Ads: {r}",
        lambda r: f"lead form dump row: name=…, card={r}, plan=annual",
    ],
    "email_address": [
        lambda r: f"the influencer's manager is {r}, please send the brief there",
        lambda r: code_fence(f"email,utm_source,signup_date\n{r},{pick(SOURCES)},{date_iso()}", "csv"),
        lambda r: f"bounce on the winback flow: {r} (hard bounce, suppress)",
        lambda r: f"Ansprechpartnerin bei der Agentur: {r}",
        lambda r: code_fence(json.dumps({"type": "identify", "userId": f"u_{rs(10, LO + DIG)}", "traits": {"email": r, "plan": "pro"}}), "json"),
        lambda r: f"このリードのメール: {r} — CRM に登録済み",
    ],
    "github_classic_pat": [
        lambda r: f"GH_TOKEN={r}",
        lambda r: f"use my PAT for the tracking-plan repo until the app is installed: {r}",
        lambda r: code_fence(f"git clone https://{r}@github.com/acme-growth/tracking-plan.git", "bash"),
        lambda r: f"Token für das dbt-Repo (läuft in 7 Tagen ab): {r}",
        lambda r: code_fence(f"- name: checkout tracking plan\n  with:\n    token: {r}", "yaml"),
    ],
    "github_fine_grained_pat": [
        lambda r: f"fine-grained token with contents:read on the LP repo: {r}",
        lambda r: f"GITHUB_TOKEN={r}",
        lambda r: code_fence(f"curl -H \"Authorization: Bearer {r}\" https://api.github.com/repos/acme-growth/lp-builder/releases", "bash"),
        lambda r: f"token pour le repo des landing pages : {r}",
    ],
    "iban": [
        lambda r: f"payout for the creator campaign goes to IBAN {r}, {money('EUR')} net",
        lambda r: f"Bitte Agenturrechnung auf {r} überweisen (Verwendungszweck: Kampagne {pick(CAMPAIGNS)})",
        lambda r: code_fence(f"creator_handle,iban,amount\n@{rs(8, LO)},{r},{R.randint(200, 5000)}.00", "csv"),
        lambda r: f"IBAN del afiliado: {r}",
        lambda r: f"Virement partenaire sur le compte {r} — réf. {pick(CAMPAIGNS)}",
        lambda r: f"rekening van de creator: {r}",
    ],
    "ipv4_address": [
        lambda r: f"click fraud: {R.randint(300, 9000)} clicks in an hour from {r}, adding it to the IP exclusions",
        lambda r: code_fence(f"{r} - - [{R.randint(1, 28):02d}/Jun/2025:{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:11 +0000] \"GET /lp/{pick(CAMPAIGNS)}?gclid=... HTTP/2\" 200 {R.randint(900, 90000)}"),
        lambda r: f"the agency's office IP is {r}, please allowlist it on the staging LP",
        lambda r: code_fence(json.dumps({"event": "purchase", "context": {"ip": r, "userAgent": "Mozilla/5.0"}}), "json"),
        lambda r: f"Bot-Traffic von {r} verfälscht die CTR im Test",
    ],
    "jwt": [
        lambda r: f"embed link for the exec dashboard: https://bi.{pick(BRANDS)}.com/embed/dashboards/{R.randint(10, 300)}?token={r}",
        lambda r: f"Authorization: Bearer {r}",
        lambda r: f"this token from the HAR still works, so expiry isn't enforced: {r}",
        lambda r: code_fence(f"curl -H 'Authorization: Bearer {r}' https://reports-api.internal/v2/cohorts?week=2025-W{R.randint(10, 40)}", "bash"),
        lambda r: f"Das Session-Cookie `auth={r}` kommt im Klartext im Log an.",
    ],
    "openai_api_key": [
        lambda r: f"OPENAI_API_KEY={r}",
        lambda r: f"key for the headline generator (budget capped at $200): {r}",
        lambda r: code_fence(f"const openai = new OpenAI({{ apiKey: \"{r}\" }});", "ts"),
        lambda r: f"chave da OpenAI pro gerador de anúncios: {r}",
        lambda r: code_fence(f"llm:\n  provider: openai\n  model: gpt-4o-mini\n  api_key: \"{r}\"", "yaml"),
    ],
    "password": [
        lambda r: f"Looker admin password is {r} until SSO is back",
        lambda r: code_fence(f"SNOWFLAKE_USER=DBT_PROD\nSNOWFLAKE_PASSWORD={r}\nSNOWFLAKE_ROLE=TRANSFORMER", "dotenv"),
        lambda r: code_fence(f"Server=mkt-sql.database.windows.net;Database=attribution;User Id=powerbi_ro;Password={r};Encrypt=True;", ""),
        lambda r: f"Passwort für den gemeinsamen TikTok-Ads-Login: {r}",
        lambda r: code_fence(f"spring.datasource.url=jdbc:postgresql://crm-db:5432/crm\nspring.datasource.username=crm_sync\nspring.datasource.password={r}", "properties"),
        lambda r: f"contraseña de la cuenta de Google Ads MX: {r}",
        lambda r: f"Criteo のパスワード: {r}",
    ],
    "phone_number": [
        lambda r: f"lead from the webinar asked for a call back at {r}",
        lambda r: code_fence(f"lead_id,phone,consent\n{digits(8)},{r},true", "csv"),
        lambda r: f"Rückrufwunsch vom Händler: {r}",
        lambda r: f"numéro du photographe pour le shooting : {r}",
        lambda r: f"SMS test went to {r} instead of the seed list 😬",
        lambda r: f"el teléfono del cliente del chargeback: {r}",
    ],
    "private_key_pem": [
        lambda r: f"key for the sFTP feed upload to the affiliate network:\n{r}",
        lambda r: code_fence(r, ""),
        lambda r: f"Snowflake key-pair for dbt-prod (rsa_key.p8):\n```\n{r}\n```",
        lambda r: f"deploy key for the LP repo, remove after migration\n{r}",
    ],
    "slack_bot_token": [
        lambda r: f"SLACK_BOT_TOKEN={r}",
        lambda r: f"campaign-alerts bot token (reinstalled the app): {r}",
        lambda r: code_fence(f"client = WebClient(token=\"{r}\")\nclient.chat_postMessage(channel=\"#paid-alerts\", text=\"CPA spike\")", "python"),
        lambda r: f"Token des Budget-Bots: {r}",
    ],
    "slack_user_token": [
        lambda r: f"my user token for the export script: {r}",
        lambda r: f"SLACK_USER_TOKEN={r}",
        lambda r: code_fence(f"curl -H 'Authorization: Bearer {r}' https://slack.com/api/conversations.history?channel=C0{rs(9, UP + DIG)}", "bash"),
        lambda r: f"token utilisateur pour l'archive du canal : {r}",
    ],
    "url_credentials": [
        lambda r: f"DATABASE_URL={r}",
        lambda r: f"Airbyte destination: {r}",
        lambda r: code_fence(f"engine = create_engine(\"{r}\")", "python"),
        lambda r: f"Feed-URL für Merchant Center: {r}",
        lambda r: code_fence(f"connections:\n  warehouse:\n    uri: {r}", "yaml"),
    ],
    "us_ssn": [
        lambda r: f"W-9 for the US affiliate came back, SSN {r}, finance needs it for the 1099",
        lambda r: code_fence(f"payee,tin_type,tin\n{pick(BRANDS)}-creator,SSN,{r}", "csv"),
        lambda r: f"the creator typed their SSN ({r}) into the UTM builder notes field 🤦",
        lambda r: f"SSN del afiliado en EE. UU.: {r}",
    ],
}

ENVKEY = {"anthropic_api_key": "ANTHROPIC_API_KEY", "aws_access_key_id": "AWS_ACCESS_KEY_ID", "aws_secret_access_key": "AWS_SECRET_ACCESS_KEY",
          "credit_card": "TEST_BILLING_CARD", "email_address": "REPORT_RECIPIENT", "github_classic_pat": "GH_TOKEN",
          "github_fine_grained_pat": "GITHUB_TOKEN", "iban": "PAYOUT_IBAN", "ipv4_address": "COLLECTOR_PUBLIC_IP", "jwt": "REPORTS_API_JWT",
          "openai_api_key": "OPENAI_API_KEY", "password": "LOOKER_ADMIN_PASSWORD", "phone_number": "ONCALL_SMS_NUMBER",
          "slack_bot_token": "SLACK_BOT_TOKEN", "slack_user_token": "SLACK_USER_TOKEN", "url_credentials": "WAREHOUSE_URL", "us_ssn": "PAYEE_SSN"}
CHATWORD = {"anthropic_api_key": "anthropic key", "aws_access_key_id": "aws key id", "aws_secret_access_key": "aws secret",
            "credit_card": "card", "email_address": "contact", "github_classic_pat": "gh token", "github_fine_grained_pat": "gh token",
            "iban": "IBAN", "ipv4_address": "IP", "jwt": "bearer", "openai_api_key": "openai key", "password": "pw",
            "phone_number": "phone", "slack_bot_token": "bot token", "slack_user_token": "user token", "url_credentials": "conn",
            "us_ssn": "SSN", "private_key_pem": "key"}


def multi_text(pairs):
    """pairs: list of (kind, rendering)."""
    style = R.randrange(3)
    if any(k == "private_key_pem" for k, _ in pairs):
        style = 1
    if style == 0:
        lines = [f"# .env.{pick(['attribution', 'sgtm', 'reporting', 'copygen'])}"]
        lines.append(f"NODE_ENV={pick(['production', 'staging'])}")
        for k, r in pairs:
            lines.append(f"{ENVKEY[k]}={r}")
        lines.append(f"GA4_MEASUREMENT_ID=G-{rs(10, UP + DIG)}")
        return pick(["env for the new service, will move to the vault:", "here's the .env, don't judge", "la config del servicio:"]) + "\n" + code_fence("\n".join(lines), "dotenv"), "env"
    if style == 1:
        parts = [pick(["handover notes before my vacation:", "Übergabe vor dem Urlaub:", "traspaso antes de vacaciones:", "引き継ぎメモ:"])]
        for k, r in pairs:
            if k == "private_key_pem":
                parts.append(f"- {CHATWORD[k]}:\n{r}")
            else:
                parts.append(f"- {CHATWORD[k]}: {r}")
        return "\n".join(parts), "handover"
    lines = []
    for k, r in pairs:
        lines.append(f"[{R.randint(8, 19):02d}:{R.randint(0, 59):02d}] {pick(HANDLES)}: {CHATWORD[k]} → {r}")
    return "\n".join(lines), "thread"


# ================================================================ build
CATEGORIES = [
    ("non_credential_blob", NB_TEMPLATES),
    ("pii_lookalike_number", NP_TEMPLATES),
    ("data_uri_base64", DU_TEMPLATES),
    ("placeholder_example", PH_TEMPLATES),
    ("code_identifier", CI_TEMPLATES),
    ("talk_about_secrets", TALK_TEMPLATES),
]
PER_CATEGORY = 100


def decorate(text, p_lead=0.14, p_trail=0.07):
    if R.random() < p_lead:
        text = pick(LEADINS) + (" " if R.random() < 0.6 and not text.startswith("```") else "\n") + text
    if R.random() < p_trail:
        text = text + ("\n" if text.endswith("```") else " ") + pick(TRAILERS)
    return text


def build_negatives():
    seen = set()
    out = []
    redraws = {}
    for cat, templates in CATEGORIES:
        order = []
        while len(order) < PER_CATEGORY:
            t = list(templates)
            R.shuffle(t)
            order.extend(t)
        order = order[:PER_CATEGORY]
        for tmpl in order:
            for attempt in range(200):
                fn = tmpl if attempt < 40 else pick(templates)
                core = fn()
                text = decorate(core)
                hits = scan(text)
                nlines = text.count("\n") + 1
                if hits or core in seen or nlines > 40:
                    key = fn.__name__
                    redraws[key] = redraws.get(key, 0) + 1
                    continue
                break
            else:
                raise RuntimeError(f"could not draw a clean negative for {cat}/{tmpl.__name__}")
            seen.add(core)
            out.append({"category": cat, "text": text, "_tmpl": fn.__name__})
    R.shuffle(out)
    recs = []
    for i, r in enumerate(out, 1):
        recs.append({"id": f"h24n-{i:04d}", "text": r["text"], "category": r["category"]})
    return recs, redraws, out


def validate_secret(kind, value):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", value)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), value
    elif kind == "iban":
        assert iban_valid(value.replace(" ", "")), value
    elif kind == "us_ssn":
        assert ssn_ok(value), value
    elif kind == "ipv4_address":
        assert ipv4_public(value), value
    elif kind == "jwt":
        h, p, s = value.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(value.replace("\n", ""), validate=True)
    elif kind == "github_classic_pat":
        body = value[4:34]
        assert value[34:] == b62_encode(zlib.crc32(body.encode()) & 0xffffffff)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", value)
    elif kind == "aws_secret_access_key":
        assert len(value) == 40
    elif kind == "anthropic_api_key":
        assert value.startswith("sk-ant-api03-") and value.endswith("AA") and len(value) == 108
    elif kind == "email_address":
        assert EMAIL_RE.fullmatch(value)


N_POS = 150
N_SECRETS = 170


def build_positives():
    kinds_seq = [KINDS[i % len(KINDS)] for i in range(N_SECRETS)]
    n_multi = N_SECRETS - N_POS
    multi_idx = set(R.sample(range(N_POS), n_multi))
    recs = []
    pos = 0
    tcount = {}
    seen = set()
    for i in range(N_POS):
        take = 2 if i in multi_idx else 1
        kinds = kinds_seq[pos:pos + take]
        pos += take
        while True:
            gens = [(k,) + tuple(GENS[k]()) for k in kinds]
            if take == 1:
                k, v, r = gens[0]
                ti = R.randrange(len(SINGLE[k]))
                text = SINGLE[k][ti](r)
                ctx = f"{k}:t{ti}"
            else:
                text, style = multi_text([(k, r) for k, v, r in gens])
                ctx = f"multi:{style}:{'+'.join(k for k, _, _ in gens)}"
            if R.random() < 0.08:
                text = pick(LEADINS) + ("\n" if text.startswith("```") else " ") + text
            if text not in seen:
                break
        seen.add(text)
        secrets = []
        for k, v, r in gens:
            validate_secret(k, v)
            assert v in text, (k, v)
            secrets.append({"kind": k, "value": v})
        recs.append({"text": text, "secrets": secrets, "context": ctx})
    assert pos == N_SECRETS
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": f"h24p-{i:04d}", "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out


def main():
    negs, redraws, raw = build_negatives()
    poss = build_positives()
    with open(os.path.join(HERE, "redaction24_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction24_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # ---- stats
    if "-q" in sys.argv:
        return
    from collections import Counter
    cat = Counter(r["category"] for r in negs)
    print("negatives:", len(negs), dict(cat))
    tm = Counter(r["_tmpl"] for r in raw)
    print("templates used:", len(tm))
    for c, _ in CATEGORIES:
        ls = [r["text"].count("\n") + 1 for r in negs if r["category"] == c]
        print(f"  {c}: min/max lines {min(ls)}/{max(ls)}, single-line {sum(1 for x in ls if x == 1)}, >=10 lines {sum(1 for x in ls if x >= 10)}")
    print("redraws:", dict(sorted(redraws.items(), key=lambda x: -x[1])[:12]))
    kc = Counter(s["kind"] for r in poss for s in r["secrets"])
    print("positives:", len(poss), "secrets:", sum(kc.values()), "two-secret texts:", sum(1 for r in poss if len(r["secrets"]) == 2))
    for k in KINDS:
        print(f"  {k}: {kc[k]}")
    # scanner on positives (informational: what the built-in scanner sees)
    missed = [r["id"] for r in poss if not scan(r["text"])]
    print("positives with no scanner hit:", len(missed))


if __name__ == "__main__":
    main()
