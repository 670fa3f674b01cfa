#!/usr/bin/env python3
"""Blind redaction corpus #51 (agri-tech Slack: BR / KE / AU, EN + pt-BR + Swahili).

Standard library only. random.Random(51 * 101) is the only randomness, drawn in a
fixed order. `python3 gen.py` writes redaction51_negatives.jsonl and
redaction51_positives.jsonl next to this file and prints a scanner report.
"""
import base64
import datetime
import json
import math
import os
import re
import struct
import urllib.parse
import zlib
import random

N = 51
SEED = N * 101
rng = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

DIG = "0123456789"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = UP.lower()
HEX = "0123456789abcdef"
B62 = DIG + UP + LO
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


# ----------------------------------------------------------------------------
# primitives
# ----------------------------------------------------------------------------
def ch(s):
    return rng.choice(s)


def ri(a, b):
    return rng.randint(a, b)


def rs(alpha, n):
    return "".join(rng.choice(alpha) for _ in range(n))


def rhex(n):
    return rs(HEX, n)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = rhex(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def uuid7(dt):
    ms = int(dt.timestamp()) * 1000 + ri(0, 999)
    h = f"{ms:012x}" + "7" + rhex(3) + ch("89ab") + rhex(15)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    return ch("01") + rs(CROCK, 25)


BASE_TS = datetime.datetime(2025, 1, 6, tzinfo=datetime.timezone.utc)


def rdt():
    return BASE_TS + datetime.timedelta(seconds=ri(0, 560 * 86400))


def iso(dt, ms=True):
    return dt.strftime("%Y-%m-%dT%H:%M:%S") + (f".{ri(0, 999):03d}Z" if ms else "Z")


def epoch(dt):
    return int(dt.timestamp())


def fence(body, lang=""):
    return f"```{lang}\n{body}\n```"


def luhn_ok(s):
    tot = 0
    for i, c in enumerate(reversed(s)):
        d = int(c)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(prefix):
    for c in DIG:
        if luhn_ok(prefix + c):
            return prefix + c
    raise AssertionError


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_valid(s):
    s = s.replace(" ", "")
    return len(s) >= 15 and iban_num(s[4:] + s[:4]) % 97 == 1


def make_iban(cc, bban):
    chk = 98 - iban_num(bban + cc + "00") % 97
    return f"{cc}{chk:02d}{bban}"


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def ip_public_ok(a, b, c, d):
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


def cpf_valid(s):
    d = [int(c) for c in s if c.isdigit()]
    if len(d) != 11 or len(set(d)) == 1:
        return False
    for n in (9, 10):
        tot = sum(d[i] * (n + 1 - i) for i in range(n))
        if (tot * 10) % 11 % 10 != d[n]:
            return False
    return True


# ----------------------------------------------------------------------------
# scanner (used to redraw negatives and to audit positives)
# ----------------------------------------------------------------------------
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b|github_pat_[A-Za-z0-9_]{40,}")
RE_SLACK = re.compile(r"\bxox[abposr]-\d+-[A-Za-z0-9-]+|\bxapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+")
RE_SLACK_HOOK = re.compile(r"hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/([A-Za-z0-9]{20,})")
RE_SK = re.compile(r"\bsk-[A-Za-z0-9_-]{32,}|\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|\bglpat-[A-Za-z0-9_-]{20}|\bAIza[0-9A-Za-z_-]{35}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
RE_PEM = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.*?)-----END", re.S)
RE_AWS = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_DIGRUN = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
RE_GROUPED = re.compile(r"(?<!\d)\d{2,6}(?:[ -]\d{2,6})+(?!\d)")
RE_IBAN = re.compile(r"(?<![A-Z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Z0-9])")
RE_IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d|\.\d)")
RE_CPF = re.compile(r"(?<!\d)\d{3}\.\d{3}\.\d{3}-\d{2}(?!\d)")
RE_PHONES = [
    ("phone_br", re.compile(r"(?<![\w+])\+55\s?\(?\d{2}\)?\s?9?\d{4}[-\s]?\d{4}(?!\d)")),
    ("phone_br", re.compile(r"(?<!\d)\(\d{2}\)\s?9?\d{4}-?\d{4}(?!\d)")),
    ("phone_br", re.compile(r"(?<![\d.])\d{2}\s9\d{4}-\d{4}(?!\d)")),
    ("phone_ke", re.compile(r"(?<![\w+])\+?254\s?[17]\d{2}\s?\d{3}\s?\d{3}(?!\d)")),
    ("phone_ke", re.compile(r"(?<![\d.])0[17]\d{2}[\s-]?\d{3}[\s-]?\d{3}(?!\d)")),
    ("phone_au", re.compile(r"(?<![\w+])\+61\s?\(?0?\)?\s?[23478](?:[\s-]?\d){8}(?!\d)")),
    ("phone_au", re.compile(r"(?<![\d.])04\d{2}[\s-]?\d{3}[\s-]?\d{3}(?!\d)")),
    ("phone_au", re.compile(r"(?<!\d)\(0[2378]\)\s?\d{4}[\s-]?\d{4}(?!\d)")),
    ("phone_au", re.compile(r"(?<![\d.])0[2378][\s-]\d{4}[\s-]\d{4}(?!\d)")),
    ("phone_us", re.compile(r"(?<![\w+.])(?:\+?1[\s.-]?)?\(?[2-9]\d{2}\)?[\s.-]\d{3}[\s.-]\d{4}(?![\d])")),
    ("phone_us", re.compile(r"\+1\d{10}(?!\d)")),
]


def scan(text):
    found = []
    for m in RE_EMAIL.finditer(text):
        found.append(("email", m.group()))
    for m in RE_GH.finditer(text):
        found.append(("github_token", m.group()))
    for m in RE_SLACK.finditer(text):
        found.append(("slack_token", m.group()))
    for m in RE_SLACK_HOOK.finditer(text):
        if not set(m.group(1)) <= set("X0"):
            found.append(("slack_webhook", m.group()))
    for m in RE_SK.finditer(text):
        found.append(("vendor_key", m.group()))
    for m in RE_JWT.finditer(text):
        found.append(("jwt", m.group()))
    for m in RE_PEM.finditer(text):
        body = m.group(2).replace("\\n", "")
        if "..." in body or "\u2026" in body:
            continue
        if len(re.findall(r"[A-Za-z0-9+/=]", body)) >= 40:
            found.append(("pem_private_key", m.group(1) + "PRIVATE KEY"))
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group():
            found.append(("aws_key_id", m.group()))
    for m in RE_SSN.finditer(text):
        found.append(("ssn_shape", m.group()))
    for m in RE_DIGRUN.finditer(text):
        if luhn_ok(m.group()):
            found.append(("luhn", m.group()))
    for m in RE_GROUPED.finditer(text):
        groups = re.split(r"[ -]", m.group())
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if j > i and len(acc) >= 13 and luhn_ok(acc):
                    found.append(("luhn_grouped", " ".join(groups[i:j + 1])))
    for m in RE_IBAN.finditer(text):
        if iban_valid(m.group()):
            found.append(("iban", m.group()))
    for m in RE_IPV4.finditer(text):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts) and ip_public_ok(*parts):
            found.append(("public_ipv4", m.group()))
    for m in RE_CPF.finditer(text):
        if cpf_valid(m.group()):
            found.append(("cpf", m.group()))
    for kind, rx in RE_PHONES:
        for m in rx.finditer(text):
            found.append((kind, m.group()))
    return found


# ----------------------------------------------------------------------------
# theme vocabulary
# ----------------------------------------------------------------------------
SITES_BR = ["Sorriso", "Rio Verde", "Lucas do Rio Verde", "Chapadao do Sul", "Luis Eduardo Magalhaes", "Cascavel", "Primavera do Leste", "Jatai"]
SITES_KE = ["Nakuru", "Eldoret", "Kericho", "Nyeri", "Kitale", "Meru", "Naivasha", "Embu"]
SITES_AU = ["Merredin", "Dubbo", "Wagga Wagga", "Moree", "Esperance", "Horsham", "Emerald", "Geraldton"]
CROPS = ["soja", "milho", "cafe", "algodao", "wheat", "barley", "canola", "sorghum", "chai", "kahawa", "mahindi"]
SERVICES = ["fieldbook-api", "skyscan-ingest", "skyscan-tiler", "soilnet-uplink", "soilnet-decoder", "graindesk-api",
            "graindesk-pricing", "coopay-mpesa", "coopay-pix", "coopay-ledger", "notify-worker", "farm-sync"]
REGIONS = ["sa-east-1", "af-south-1", "ap-southeast-2", "us-east-1", "eu-west-1"]
NS = ["fieldbook", "skyscan", "soilnet", "graindesk", "coopay", "platform"]

LEAD_NEG = ["fyi ", "FYI: ", "heads up: ", "for the record: ", "pra constar: ", "galera, ", "só registrando: ",
            "olha isso: ", "Habari timu, ", "kwa taarifa: ", "jamani, ", "tazama hii: ", "quick one: ", "mate, ",
            "bom dia! ", "Asubuhi njema, "]
TRAIL_NEG = ["thanks!", "valeu!", "asante!", "lmk if this looks off", "qualquer dúvida me chama",
             "nitaangalia tena kesho", "cheers", ":pray:", "(sorry for the wall of text)", "(desculpa o textão)",
             "tutaongea kwenye standup", "no rush"]
LEAD_POS = ["urgente: ", "quick q ", "Samahani, ", "ok so ", "pessoal, ", "Habari, "]
TRAIL_POS = ["valeu", "asante sana", "ta", "thx", "vou apagar depois", "nitaifuta baadaye"]


def wrap(text, lead_p, trail_p, leads, trails):
    if rng.random() < lead_p:
        lead = ch(leads)
        if "\n" in text or text.startswith("```"):
            text = lead.rstrip() + "\n" + text
        else:
            text = lead + text
    if rng.random() < trail_p:
        text = text + ("\n" if "\n" in text else " ") + ch(trails)
    return text


# ----------------------------------------------------------------------------
# real binary payloads for data URIs
# ----------------------------------------------------------------------------
def png_bytes(w, h, rgba=False, base=None):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    if base is None:
        base = (ri(20, 120), ri(90, 200), ri(10, 80))
    rows = []
    for _y in range(h):
        row = b"\x00"
        for _x in range(w):
            px = [max(0, min(255, c + ri(-25, 25))) for c in base]
            if rgba:
                px.append(ch([255, 255, 200, 0]))
            row += bytes(px)
        rows.append(row)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6 if rgba else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def gif1():
    r, g, b = ri(0, 255), ri(0, 255), ri(0, 255)
    return (b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0x80, 0, 0) + bytes([r, g, b, 0, 0, 0])
            + b"!\xf9\x04\x01\x00\x00\x00\x00" + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00" + b"\x02\x02D\x01\x00;")


def jpeg_prefix():
    q1 = bytes(ri(2, 40) for _ in range(64))
    q2 = bytes(ri(8, 99) for _ in range(64))
    h, w = ch([(1080, 1920), (3000, 4000), (2160, 3840), (256, 256), (512, 512)])
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + q1 + b"\xff\xdb\x00\x43\x01" + q2
            + b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", h, w) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")


def wav_beep():
    n = ri(60, 140)
    freq = ch([440, 880, 1000, 1200])
    samples = bytes(int(128 + 90 * math.sin(2 * math.pi * freq * i / 8000)) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", n) + samples
    return b"RIFF" + struct.pack("<I", len(body)) + body


def webp_bytes():
    payload = b"\x2f" + struct.pack("<I", ri(0, 2 ** 32 - 1)) + rbytes(ri(20, 60))
    if len(payload) % 2:
        payload += b"\x00"
    chunk = b"VP8L" + struct.pack("<I", len(payload)) + payload
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def pdf_bytes(line):
    objs = [
        b"<</Type/Catalog/Pages 2 0 R>>",
        b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>",
        None,
        b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
    ]
    stream = f"BT /F1 11 Tf 18 90 Td ({line}) Tj ET".encode()
    objs[3] = b"<</Length " + str(len(stream)).encode() + b">>stream\n" + stream + b"\nendstream"
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f"{i} 0 obj".encode() + o + b"endobj\n"
    xref = len(out)
    out += b"xref\n0 6\n0000000000 65535 f \n" + b"".join(f"{o:010d} 00000 n \n".encode() for o in offs)
    out += b"trailer<</Size 6/Root 1 0 R>>\nstartxref\n" + str(xref).encode() + b"\n%%EOF\n"
    return out


def woff2_prefix():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">IHH", ri(9000, 40000), ri(10, 16), 0) + rbytes(36)


def ico_bytes():
    png = png_bytes(16, 16, rgba=True)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png


def svg_text():
    col = "#%02x%02x%02x" % (ri(0, 120), ri(100, 200), ri(0, 100))
    shape = ch([
        f'<circle cx="12" cy="12" r="{ri(4, 10)}" fill="{col}"/>',
        f'<path d="M12 2C8 2 5 5 5 9c0 5 7 13 7 13s7-8 7-13c0-4-3-7-7-7z" fill="{col}"/>',
        f'<rect x="{ri(1, 5)}" y="{ri(1, 5)}" width="{ri(10, 18)}" height="{ri(10, 18)}" rx="2" fill="{col}"/>',
        f'<polygon points="12,{ri(1, 4)} 22,20 2,20" fill="{col}"/>',
    ])
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">{shape}</svg>'


def geojson_field():
    lat0, lon0, name = ch([(-12.54, -55.72, "talhao"), (-17.79, -50.92, "talhao"), (-0.30, 36.07, "shamba"),
                           (-31.48, 118.27, "paddock"), (-32.24, 148.60, "paddock"), (0.52, 35.27, "shamba")])
    pts = []
    for i in range(ri(5, 8)):
        ang = 2 * math.pi * i / 8 + rng.random() * 0.4
        rad = 0.004 + rng.random() * 0.01
        pts.append([round(lon0 + rad * math.cos(ang), 6), round(lat0 + rad * math.sin(ang), 6)])
    pts.append(pts[0])
    fc = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {
        "name": f"{name}-{ri(1, 60):02d}", "area_ha": round(rng.random() * 400 + 20, 1)},
        "geometry": {"type": "Polygon", "coordinates": [pts]}}]}
    return json.dumps(fc, separators=(",", ":"))


def sourcemap_json(fname):
    names = ["map", "layer", "ndvi", "tile", "zoom", "fieldId", "useState", "setBounds"]
    mappings = ";".join(",".join(rs("ABCDEFGIKMOQSUWYacegiko", ri(4, 6)) for _ in range(ri(2, 4))) for _ in range(ri(3, 6)))
    return json.dumps({"version": 3, "file": fname + ".js", "sources": [f"../src/{fname}.tsx"],
                       "names": rng.sample(names, 4), "mappings": mappings}, separators=(",", ":"))


def trunc64(s, keep=None):
    keep = keep or ri(60, 140)
    if len(s) <= keep:
        return s
    return s[:keep] + ch(["\u2026", "...", f"\u2026 [{len(s) - keep} more chars]", "...(truncated)"])


# ----------------------------------------------------------------------------
# NEGATIVES: data_uri_base64
# ----------------------------------------------------------------------------
def d_css_png():
    cls = ch(["marker--ndvi-high", "marker--ndvi-low", "pin-sensor-ok", "pin-sensor-offline", "legend-swatch-soy",
              "icon-silo", "icon-drone-battery"])
    uri = "data:image/png;base64," + b64(png_bytes(ri(1, 6), ri(1, 6), rgba=rng.random() < 0.5))
    return fence(f".{cls} {{\n  background-image: url(\"{uri}\");\n  background-size: {ri(12, 24)}px;\n}}", "css")


def d_html_gif():
    uri = "data:image/gif;base64," + b64(gif1())
    lang = ch(["pt", "en", "sw"])
    alt = {"pt": "espaçador", "en": "spacer", "sw": "nafasi"}[lang]
    return f'o template do extrato da cooperativa ainda tem isso: `<img src="{uri}" width="1" height="1" alt="{alt}">`' if lang == "pt" \
        else f'statement e-mail template still has `<img src="{uri}" width="1" height="1" alt="{alt}">` at the bottom, can we drop it?'


def d_rn_image():
    uri = "data:image/png;base64," + b64(png_bytes(ri(2, 8), ri(2, 8)))
    comp = ch(["FieldThumb", "SensorBadge", "CropIcon", "OfflineTile"])
    return fence(f"export const {comp} = () => (\n  <Image\n    style={{{{ width: 24, height: 24 }}}}\n"
                 f"    source={{{{ uri: '{uri}' }}}}\n  />\n);", "tsx")


def d_jupyter():
    uri = b64(png_bytes(ri(6, 14), ri(4, 10)))
    lines = [uri[i:i + 76] for i in range(0, len(uri), 76)]
    body = ",\n".join(f'      "{ln}"' if False else f'     "{ln}\\n"' for ln in lines)
    cell = ["{", ' "cell_type": "code",', f' "execution_count": {ri(3, 80)},', ' "metadata": {},', ' "outputs": [', "  {",
            '   "data": {', f'    "image/png": [', body, "    ],",
            f'    "text/plain": ["<Figure size 640x480 with {ri(1, 3)} Axes>"]', "   },",
            '   "metadata": {},', '   "output_type": "display_data"', "  }", " ],",
            f' "source": ["ndvi = (b08 - b04) / (b08 + b04)\\n", "plt.hist(ndvi[mask].ravel(), bins={ri(20, 80)})"]', "}"]
    intro = ch(["célula do notebook de NDVI que quebrou o diff do PR:", "notebook output that bloats the repo, nbstripout pls:",
                "hii ndiyo cell ya notebook ya NDVI:"])
    return intro + "\n" + fence("\n".join(cell), "json")


def d_drone_jpeg():
    full = b64(jpeg_prefix() + rbytes(ri(200, 400)))
    fl = f"FL-{ri(2025, 2026)}-{ri(100, 999)}"
    return (f"skyscan-ingest DEBUG flight={fl} frame={ri(1, 900):04d} thumb=data:image/jpeg;base64,"
            + trunc64(full, ri(90, 200)))


def d_svg():
    s = svg_text()
    if rng.random() < 0.5:
        uri = "data:image/svg+xml;base64," + b64(s.encode())
    else:
        uri = "data:image/svg+xml," + urllib.parse.quote(s, safe=" =:/\",")
    return fence(f"const pinIcon = L.icon({{\n  iconUrl: '{uri}',\n  iconSize: [24, 24],\n  iconAnchor: [12, 22],\n}});", "js")


def d_geojson():
    uri = "data:application/geo+json;base64," + b64(geojson_field().encode())
    return ch(["importa esse talhao no QGIS direto, é só colar:\n", "field boundary from the Wheatbelt trial, paste into geojson.io:\n",
               "mpaka wa shamba (GeoJSON):\n"]) + uri


def d_sourcemap():
    fname = ch(["FieldMap", "NdviLegend", "SensorChart", "GrainTicker", "PayoutTable"])
    uri = "data:application/json;charset=utf-8;base64," + b64(sourcemap_json(fname).encode())
    return f"the prod bundle still ships inline source maps, last line of `{fname}.js`:\n`//# sourceMappingURL={uri}`"


def d_fontface():
    full = b64(woff2_prefix() + rbytes(ri(60, 120)))
    fam = ch(["Inter", "Nunito Sans", "Roboto Flex", "Source Sans 3"])
    return fence(f"@font-face {{\n  font-family: '{fam}';\n  font-weight: {ch([400, 600, 700])};\n  font-display: swap;\n"
                 f"  src: url(data:font/woff2;base64,{trunc64(full, ri(80, 160))}) format('woff2');\n}}", "css")


def d_pdf():
    lot = f"{ri(1, 999):03d}/{ri(2025, 2026)}"
    uri = "data:application/pdf;base64," + b64(pdf_bytes(f"Recibo de entrega - lote {lot}"))
    return f"o preview do recibo no app usa iframe com o PDF inline:\n<iframe src=\"{uri}\" width=\"100%\" height=\"480\"></iframe>"


def d_wav():
    uri = "data:audio/wav;base64," + b64(wav_beep())
    return fence(f"// beep when a soil probe drops below the wilting point\nconst alarm = new Audio(\"{uri}\");\n"
                 f"if (vwc < {ri(8, 15)}) alarm.play();", "js")


def d_python_fixture():
    data = b64(png_bytes(1, 1, rgba=True))
    name = ch(["TINY_PNG", "ONE_PX_TILE", "EMPTY_TILE_PNG", "BLANK_NDVI"])
    return fence(f"import base64\n\n{name} = base64.b64decode(\n    \"{data}\"\n)\n\n\ndef test_tiler_returns_png(client):\n"
                 f"    r = client.get(\"/tiles/{ri(8, 16)}/{ri(100, 900)}/{ri(100, 900)}.png\")\n    assert r.content[:8] == {name}[:8]", "python")


def d_csp():
    uri = "data:image/png;base64," + b64(png_bytes(ri(1, 3), ri(1, 3)))
    return (f"console no dashboard: Refused to load the image '{trunc64(uri, ri(50, 90))}' because it violates the following "
            f"Content Security Policy directive: \"img-src 'self' https://tiles.mavunolabs.dev\".")


def d_markdown():
    uri = "data:image/png;base64," + b64(png_bytes(ri(3, 8), 1))
    return f"legenda do mapa de produtividade (sacas/ha):\n![legenda]({uri})\n_verde_ = acima de {ri(55, 70)} sc/ha"


def d_shell_gif():
    data = b64(gif1())
    return fence(f"$ echo '{data}' | base64 -d > pixel.gif\n$ file pixel.gif\npixel.gif: GIF image data, version 89a, 1 x 1", "console")


def d_webp():
    uri = "data:image/webp;base64," + b64(webp_bytes())
    return fence(f"<picture>\n  <source type=\"image/webp\" srcset=\"{uri}\">\n  <img src=\"/ortho/{ulid().lower()}/preview.jpg\" "
                 f"alt=\"ortomosaico\" loading=\"lazy\">\n</picture>", "html")


def d_kotlin():
    uri = "data:image/png;base64," + b64(png_bytes(ri(2, 4), ri(2, 4)))
    return fence(f"private const val PLACEHOLDER_THUMB =\n    \"{uri}\"\n\nimageView.load(PLACEHOLDER_THUMB) {{ crossfade(true) }}", "kotlin")


def d_csv_download():
    rows = ["ticket,data,peso_kg,umidade_pct"]
    dt = rdt()
    for _ in range(ri(3, 7)):
        dt += datetime.timedelta(hours=ri(2, 40))
        rows.append(f"GD-{ri(100000, 999999)},{dt:%Y-%m-%d},{ri(18000, 42000)},{ri(110, 160) / 10}")
    uri = "data:text/csv;charset=utf-8;base64," + b64(("\n".join(rows) + "\n").encode())
    return f'<a download="entregas_safra.csv" href="{uri}">Baixar CSV</a>'


def d_favicon():
    uri = "data:image/x-icon;base64," + b64(ico_bytes())
    return f"staging favicon is inline: <link rel=\"icon\" href=\"{trunc64(uri, ri(80, 140))}\">"


def d_har():
    data = b64(png_bytes(ri(2, 5), ri(2, 5)))
    dt = rdt()
    body = json.dumps({"startedDateTime": iso(dt), "request": {"method": "GET", "url": f"https://tiles.mavunolabs.dev/ndvi/{ri(10, 15)}/{ri(1000, 9000)}/{ri(1000, 9000)}.png"},
                       "response": {"status": 200, "content": {"size": len(data) * 3 // 4, "mimeType": "image/png", "encoding": "base64", "text": data}}}, indent=2)
    return "entrada do HAR que o suporte mandou:\n" + fence(body, "json")


def d_css_sheet():
    lines = ["/* legend swatches - NDVI classes */"]
    for cls in rng.sample(["very-low", "low", "mid", "high", "very-high", "water", "cloud", "shadow"], ri(3, 6)):
        uri = "data:image/png;base64," + b64(png_bytes(2, 2))
        lines.append(f".ndvi-{cls} {{ background: url({uri}) repeat; }}")
    return fence("\n".join(lines), "css")


DATA_URI_T = [d_css_png, d_html_gif, d_rn_image, d_jupyter, d_drone_jpeg, d_svg, d_geojson, d_sourcemap, d_fontface,
              d_pdf, d_wav, d_python_fixture, d_csp, d_markdown, d_shell_gif, d_webp, d_kotlin, d_csv_download,
              d_favicon, d_har, d_css_sheet]


# ----------------------------------------------------------------------------
# NEGATIVES: placeholder_example
# ----------------------------------------------------------------------------
def p_env_example():
    lines = ["# .env.example - copie para .env e preencha", f"APP_ENV={ch(['dev', 'local', 'staging'])}",
             "TTN_API_KEY=NNSXS.XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX.XXXXXXXXXXXXXXXX",
             "MPESA_CONSUMER_KEY=<your-consumer-key>", "MPESA_CONSUMER_SECRET=<your-consumer-secret>",
             "MPESA_PASSKEY=", "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-...",
             "SLACK_BOT_TOKEN=xoxb-your-bot-token", "PIX_CLIENT_SECRET=changeme",
             f"DATABASE_URL=postgres://postgres:postgres@localhost:5432/{ch(NS)}"]
    keep = [lines[0], lines[1]] + rng.sample(lines[2:], ri(4, 8))
    return fence("\n".join(keep), "bash")


def p_gha():
    job = ch(["deploy-tiler", "deploy-decoder", "release-app", "terraform-apply"])
    body = f"""name: {job}
on:
  push:
    branches: [main]
jobs:
  {job}:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: aws-actions/configure-aws-credentials@v4
        with:
          aws-access-key-id: ${{{{ secrets.AWS_ACCESS_KEY_ID }}}}
          aws-secret-access-key: ${{{{ secrets.AWS_SECRET_ACCESS_KEY }}}}
          aws-region: {ch(REGIONS)}
      - run: ./scripts/deploy.sh
        env:
          SENTRY_AUTH_TOKEN: ${{{{ secrets.SENTRY_AUTH_TOKEN }}}}
          SLACK_WEBHOOK_URL: ${{{{ secrets.SLACK_WEBHOOK_URL }}}}"""
    return fence(body, "yaml")


def p_helm():
    svc = ch(["chirpstack", "soilnet-decoder", "coopay-mpesa", "graindesk-api"])
    body = f"""apiVersion: v1
kind: Secret
metadata:
  name: {svc}-credentials
type: Opaque
stringData:
  apiToken: {{{{ .Values.{svc.replace('-', '')}.apiToken | quote }}}}
  dbPassword: {{{{ required "dbPassword is required" .Values.db.password | quote }}}}
  webhookSecret: {{{{ .Values.webhook.secret | default "" | quote }}}}"""
    return ch(["template do chart, os valores vem do SOPS:\n", "chart template, values come from the sealed secret:\n", ""]) + fence(body, "yaml")


def p_compose_defaults():
    body = f"""services:
  postgres:
    image: postgres:{ch(['14', '15', '16'])}-alpine
    environment:
      POSTGRES_USER: chirpstack
      POSTGRES_PASSWORD: chirpstack
  redis:
    image: redis:7-alpine
  mosquitto:
    image: eclipse-mosquitto:2
  chirpstack:
    image: chirpstack/chirpstack:4
    environment:
      POSTGRESQL_DSN: postgres://chirpstack:chirpstack@postgres/chirpstack?sslmode=disable
      REDIS_URL: redis://redis:6379"""
    tail = ch(["\nlogin padrão do ChirpStack local é admin/admin, troca no primeiro acesso",
               "\ndefault UI login on the dev stack is admin / admin, it's only on localhost",
               "\nkuingia mara ya kwanza: admin / admin (local tu)"])
    return fence(body, "yaml") + tail


def p_aws_docs():
    return fence("""$ aws configure --profile skyscan-dev
AWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE
AWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
Default region name [None]: %s
Default output format [None]: json""" % ch(REGIONS), "console") + ch(["\n(valores de exemplo da doc da AWS)", "\nthose are the AWS doc examples, relax", ""])


def p_phone_masks():
    return ch([
        "formato esperado no cadastro do produtor: `+55 (XX) 9XXXX-XXXX`; no Quenia `+254 7XX XXX XXX`; na Australia `04XX XXX XXX`",
        "placeholder do input de telefone: \"(__) _____-____\" - a máscara do react-input-mask tá quebrando no Android",
        "Namba ya simu iandikwe hivi: +2547XXXXXXXX (bila nafasi). Mfano kwenye fomu: 07XX XXX XXX",
        "phone field hint text for AU: `+61 4XX XXX XXX` and for US `+1 (XXX) XXX-XXXX`",
        "o CSV de importação tem a coluna `telefone` como `+55 XX XXXXX-XXXX` em todas as linhas, alguém exportou o modelo em vez dos dados",
    ])


def p_iban_placeholders():
    return ch([
        "supplier form example: IBAN `PT50 XXXX XXXX XXXX XXXX XXXX X`, BIC `XXXXPTPL`",
        "modelo do contrato com a Semences: \"IBAN : FR76 XXXX XXXX XXXX XXXX XXXX XXX\"",
        "Beispiel im Formular: DE00 XXXX XXXX XXXX XXXX XX (bitte echte IBAN eintragen)",
        "IBAN yao iwekwe kwenye sehemu hii: `<IBAN ya msambazaji>` - Kenya hatutumii IBAN, ni kwa wasambazaji wa Ulaya tu",
        f"payout validation error: field `iban` must match `^[A-Z]{{2}}[0-9]{{2}}[A-Z0-9]{{11,30}}$`, got \"{ch(['PT50', 'DE', 'FR76 ????'])}\"",
    ])


def p_card_masks():
    last = f"{ri(0, 9999):04d}"
    return ch([
        f"fatura do insumo paga no cartão final {last} (•••• •••• •••• {last})",
        f"card on file for the DJI care plan: **** **** **** {last}, exp **/**",
        f"Kadi inayoishia na {last} imekataliwa na benki - xxxx-xxxx-xxxx-{last}",
        f"PSP webhook: {{\"card\": {{\"brand\": \"{ch(['visa', 'mastercard', 'elo'])}\", \"last4\": \"{last}\", \"number\": \"[MASKED]\"}}}}",
    ])


def p_redacted_logs():
    dt = rdt()
    svc = ch(SERVICES)
    lines = [
        f"{iso(dt)} INFO  {svc} outbound POST /oauth/v1/generate Authorization: Basic [REDACTED]",
        f"{iso(dt)} DEBUG {svc} request headers={{\"Authorization\": \"Bearer ***\", \"X-Api-Key\": \"<redacted>\"}}",
        f"{iso(dt)} INFO  {svc} login ok user_id={ri(1000, 99999)} senha=[FILTRADO]",
        f"{iso(dt)} WARN  {svc} retrying with client_secret=******** (attempt {ri(2, 5)}/5)",
        f"{iso(dt)} INFO  {svc} msisdn=2547******** amount={ri(100, 90000)} KES",
        f"{iso(dt)} INFO  {svc} payer.iban=PT50************************ status=ACSC",
    ]
    return fence("\n".join(rng.sample(lines, ri(2, 5))), "text")


def p_pem_dots():
    kind = ch(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    return ch(["cole a chave neste formato:\n", "the secret must look like this:\n", "muundo wa faili:\n"]) + fence(
        f"-----BEGIN {kind}-----\n...\n-----END {kind}-----", "text")


def p_daraja():
    body = f"""POST /mpesa/stkpush/v1/processrequest
Authorization: Bearer <access_token>
{{
  "BusinessShortCode": "174379",
  "Password": "<base64(Shortcode+Passkey+Timestamp)>",
  "Timestamp": "YYYYMMDDHHmmss",
  "TransactionType": "CustomerPayBillOnline",
  "Amount": "{ri(1, 500)}",
  "PartyA": "2547XXXXXXXX",
  "PartyB": "174379",
  "PhoneNumber": "2547XXXXXXXX",
  "CallBackURL": "https://<your-domain>/callbacks/stk",
  "AccountReference": "CHAMA-{ri(1, 999):03d}",
  "TransactionDesc": "Malipo ya mbolea"
}}"""
    return ch(["sandbox example from the Daraja docs, fill the <> bits from Vault:\n", "Mfano wa sandbox ya Daraja:\n"]) + fence(body, "http")


def p_tf_sensitive():
    v = ch(["db_password", "pix_client_secret", "ttn_api_key", "mpesa_passkey"])
    return fence(f"""variable "{v}" {{
  type      = string
  sensitive = true
  default   = ""
}}

resource "aws_secretsmanager_secret_version" "{v}" {{
  secret_id     = aws_secretsmanager_secret.{v}.id
  secret_string = var.{v}
}}""", "hcl")


def p_refs():
    return ch([
        f"no 1Password tá como `op://agro-prod/{ch(NS)}-db/password`, não precisa me pedir",
        f"the ESO store maps `vault:secret/data/{ch(NS)}#client_secret` -> env `CLIENT_SECRET`",
        f"CloudFormation: `MasterUserPassword: '{{{{resolve:secretsmanager:{ch(NS)}-rds:SecretString:password}}}}'`",
        f"kwenye Windows service tunatumia `%DB_PASSWORD%` na kwenye Azure Pipelines ni `$(MPESA_PASSKEY)`",
        f"`export SKYSCAN_TOKEN=$(vault kv get -field=token secret/{ch(NS)}/ci)`",
    ])


def p_code_env():
    lang = ch(["py", "ts", "go"])
    if lang == "py":
        return fence("import os\nfrom anthropic import Anthropic\n\n# ANTHROPIC_API_KEY=sk-ant-api03-... vem do ambiente\n"
                     "client = Anthropic(api_key=os.environ[\"ANTHROPIC_API_KEY\"])", "python")
    if lang == "ts":
        return fence("const openai = new OpenAI({\n  apiKey: process.env.OPENAI_API_KEY, // sk-proj-\u2026 never inline\n});", "ts")
    return fence("token := os.Getenv(\"SLACK_BOT_TOKEN\") // xoxb-...\nif token == \"\" {\n\tlog.Fatal(\"SLACK_BOT_TOKEN not set\")\n}", "go")


def p_curl():
    path = ch(["/v1/flights", "/v2/fields", "/v1/sensors/readings", "/v1/trades/quotes", "/v1/payouts"])
    var = ch(["$SKYSCAN_TOKEN", "${FIELDBOOK_API_KEY}", "$GRAINDESK_TOKEN", "<TOKEN>", "YOUR_API_KEY"])
    return f"`curl -s -H \"Authorization: Bearer {var}\" https://api.mavunolabs.dev{path} | jq .`"


def p_conn_templates():
    return ch([
        "formato da connection string: `postgres://<usuário>:<senha>@<host>:5432/<banco>`",
        "Atlas gives you `mongodb+srv://<username>:<password>@<cluster>.mongodb.net/` - replace the angle brackets, keep the rest",
        "local: `amqp://guest:guest@localhost:5672/` (the RabbitMQ default, only works from localhost)",
        "`redis://:password@localhost:6379/0` is just the README example, the real one is in the secret",
        "kwa majaribio tumia `mysql://root:root@127.0.0.1:3306/ghala`",
    ])


def p_slack_webhook():
    return ch(["webhook de exemplo do README do bot: ", "example from the Slack docs: ", "mfano: "]) + \
        "`https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`"


def p_onboarding():
    return ch([
        "Coloque sua chave em `SKYSCAN_API_KEY=sua-chave-aqui` e rode `make dev`. Se der 401, a chave tá errada, não o código.",
        "Weka tokeni yako hapa: `FIELDBOOK_TOKEN=<TOKENI_YAKO>` kisha endesha `npm run dev`.",
        "In `config/local.toml` set `api_key = \"REPLACE_ME\"` and `api_secret = \"REPLACE_ME\"` before running the seeder.",
        "GitHub: gera um token em Settings > Developer settings e exporta `GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxx` (só o formato, né)",
        "for the fine-grained one it looks like `github_pat_11XXXXXXX...`, scope it to the firmware repo only",
    ])


def p_jwt_placeholder():
    return ch([
        "o header tem que ser `Authorization: Bearer eyJhbGciOi...` - o app ta mandando sem o `Bearer`",
        "Bearer eyJ\u2026<snip> - token expired 3 min ago according to the gateway",
        "jwt.io shows `{\"alg\":\"RS256\",\"kid\":\"<kid>\"}` for the header, payload has `sub`, `farm_id`, `exp`",
    ])


def p_yaml_empty():
    return fence(f"""soilnet:
  lns:
    url: https://lns.mavunolabs.dev
    api_key: ""        # set via SOILNET_LNS_API_KEY
  db:
    user: soilnet
    password: ""       # empty on purpose, CI injects it
  mqtt:
    username: {ch(['gateway', 'bridge', 'decoder'])}
    password: ${{MQTT_PASSWORD}}""", "yaml")


PLACEHOLDER_T = [p_env_example, p_gha, p_helm, p_compose_defaults, p_aws_docs, p_phone_masks, p_iban_placeholders,
                 p_card_masks, p_redacted_logs, p_pem_dots, p_daraja, p_tf_sensitive, p_refs, p_code_env, p_curl,
                 p_conn_templates, p_slack_webhook, p_onboarding, p_jwt_placeholder, p_yaml_empty]


# ----------------------------------------------------------------------------
# NEGATIVES: code_identifier
# ----------------------------------------------------------------------------
IDW = ["Secret", "Token", "Password", "Iban", "Ssn", "Email", "Phone", "Credential", "ApiKey", "Msisdn", "Pix", "Senha",
       "Nenosiri", "Refresh", "Rotation", "Masked", "Hash", "Vault", "Signing", "Payout", "Cpf", "Mpesa"]
PKG = ["payout", "auth", "ledger", "mpesa", "pix", "security", "trading", "lorawan", "imagery"]


def camel(n, lower=True):
    w = [ch(IDW) for _ in range(n)]
    s = "".join(w)
    return s[0].lower() + s[1:] if lower else s


def snake(n):
    return "_".join(ch(IDW).lower() for _ in range(n))


def c_java_trace():
    mod = ch(["graindesk", "coopay", "fieldbook"])
    dt = rdt()
    lines = [f"{iso(dt)} ERROR [{ch(['http-nio-8080-exec-3', 'kafka-listener-1', 'scheduling-1'])}] com.mavuno.{mod}.{ch(PKG)}.{camel(2, False)} - "
             + ch(["Falha ao processar repasse", "Unable to settle contract", "Não foi possivel validar a conta"]),
             f"com.mavuno.{mod}.{ch(PKG)}.{camel(2, False)}Exception: {ch(['credential provider chain exhausted', 'token expirado', 'iban checksum mismatch'])}"]
    for _ in range(ri(8, 26)):
        lines.append(f"\tat com.mavuno.{mod}.{ch(PKG)}.{camel(ri(2, 3), False)}.{camel(ri(2, 3))}({camel(2, False)}.java:{ri(20, 900)})")
    lines += ["\tat org.springframework.scheduling.support.ScheduledMethodRunnable.run(ScheduledMethodRunnable.java:84)",
              "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    return fence("\n".join(lines))


def c_py_trace():
    fns = [snake(ri(2, 3)) for _ in range(ri(3, 6))]
    lines = ["Traceback (most recent call last):"]
    for f in fns:
        mod = ch(["soilnet/ingest", "coopay/pix", "coopay/mpesa", "graindesk/settlement", "fieldbook/accounts"])
        lines.append(f'  File "/app/{mod}/{snake(2)}.py", line {ri(10, 600)}, in {f}')
        lines.append(f"    {ch(['return', 'raise', 'result ='])} {snake(2)}({ch(['payload', 'ctx', 'row', 'msg'])})")
    lines.append(f"{ch(['KeyError', 'ValueError', 'coopay.errors.' + camel(2, False) + 'Error'])}: '{snake(2)}'")
    return fence("\n".join(lines), "python")


def c_go_panic():
    pkg = ch(["lorawan/codec", "uplink", "gateway/bridge", "downlink/queue"])
    lines = [f"panic: runtime error: {ch(['invalid memory address or nil pointer dereference', 'index out of range [4] with length 4'])}",
             "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%x]" % ri(0x400000, 0x9fffff), "",
             f"goroutine {ri(1, 400)} [running]:"]
    for _ in range(ri(3, 7)):
        lines.append(f"github.com/mavunolabs/soilnet/internal/{pkg}.(*{camel(2, False)}).{camel(2, False)}(0xc000{rhex(6)}, {{0xc000{rhex(6)}, 0x{ri(16, 255):x}}})")
        lines.append(f"\t/src/internal/{pkg}/{snake(2)}.go:{ri(20, 400)} +0x{ri(16, 900):x}")
    lines += ["main.main()", f"\t/src/cmd/{ch(['soilnet-uplink', 'soilnet-decoder'])}/main.go:{ri(30, 120)} +0x{ri(100, 900):x}"]
    return fence("\n".join(lines))


def c_kotlin_crash():
    lines = [f"FATAL EXCEPTION: main", f"Process: br.com.mavuno.campo, PID: {ri(3000, 32000)}",
             f"java.lang.IllegalStateException: {ch(['ViewModel não inicializado', 'Fragment not attached', 'token nulo'])}"]
    for _ in range(ri(5, 14)):
        sub = ch(["ui.senha", "ui.login", "data.auth", "ui.pagamentos", "ui.telefone", "sync"])
        lines.append(f"\tat br.com.mavuno.campo.{sub}.{camel(2, False)}ViewModel${camel(1)}$1.invokeSuspend({camel(2, False)}ViewModel.kt:{ri(20, 300)})")
    lines.append("\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)")
    return fence("\n".join(lines))


def c_ts_names():
    names = [f"use{camel(2, False)}", f"mask{ch(['Phone', 'Iban', 'Cpf', 'Msisdn'])}Number{ch(['E164', 'ForDisplay', 'Br', 'Ke'])}",
             f"validate{camel(2, False)}", f"{camel(3)}Selector", f"redact{camel(1, False)}InLogs"]
    return ch(["renomeei esses hooks no PR, alguém revisa? ", "naming bikeshed for the payout screen: ", "majina mapya: "]) + \
        ", ".join(f"`{n}`" for n in rng.sample(names, ri(3, 5)))


def c_sql():
    table = ch(["produtores", "wakulima", "growers", "payout_accounts", "gateway_credentials"])
    cols = rng.sample(["senha_hash text not null", "telefone_mascarado varchar(20)", "iban_last4 char(4)", "api_key_prefix varchar(12)",
                       "mpesa_msisdn_hash bytea", "cpf_hash bytea", "refresh_token_expires_at timestamptz", "password_changed_at timestamptz",
                       "email_verified boolean default false", "ssn_last4 char(4)", "app_key_ref text", "secret_version int"], ri(4, 8))
    body = f"create table {table} (\n  id uuid primary key default gen_random_uuid(),\n  " + ",\n  ".join(cols) + "\n);"
    return fence(body, "sql")


def c_kubectl_pods():
    lines = ["NAME                                          READY   STATUS             RESTARTS   AGE"]
    for _ in range(ri(5, 14)):
        name = f"{ch(SERVICES)}-{rs('bcdfghjklmnpqrstvwxz2456789', 10)}-{rs('bcdfghjklmnpqrstvwxz2456789', 5)}"
        lines.append(f"{name:<46}{ch(['1/1', '2/2', '0/1'])}     {ch(['Running', 'Running', 'CrashLoopBackOff', 'Pending']):<19}{ri(0, 14):<11}{ri(1, 40)}{ch('hd')}")
    return f"$ kubectl -n {ch(NS)} get pods\n" + fence("\n".join(lines))


def c_terraform():
    addrs = [f"module.{ch(NS)}.aws_secretsmanager_secret.{snake(2)}", f"module.{ch(NS)}.aws_iam_access_key.{snake(1)}_ci",
             f"aws_kms_key.{snake(2)}", f"module.{ch(NS)}.random_password.{snake(1)}", f"aws_ssm_parameter.{snake(2)}"]
    lines = [f"  # {a} will be {ch(['created', 'updated in-place', 'destroyed'])}" for a in rng.sample(addrs, ri(2, 5))]
    return "terraform plan:\n" + fence("\n".join(lines) + f"\n\nPlan: {ri(0, 5)} to add, {ri(0, 3)} to change, {ri(0, 2)} to destroy.")


def c_proto():
    svc = ch(["TradeService", "PayoutService", "SensorService", "AccountService"])
    msgs = [camel(2, False) + ch(["Request", "Response", "Event"]) for _ in range(3)]
    body = f"""syntax = "proto3";
package mavuno.{ch(['graindesk', 'coopay', 'soilnet'])}.v1;

service {svc} {{
  rpc {camel(2, False)}({msgs[0]}) returns ({msgs[1]});
  rpc Rotate{camel(1, False)}({msgs[2]}) returns (google.protobuf.Empty);
}}

message {msgs[0]} {{
  string {snake(2)} = 1;
  string {snake(2)}_ref = 2;
}}"""
    return fence(body, "proto")


def c_flags():
    flags = [f"{ch(NS)}.{snake(ri(2, 3))}" for _ in range(ri(3, 6))]
    return ch(["flags ativas em prod hoje:\n", "feature flags to clean up:\n", "bendera zinazotumika:\n"]) + "\n".join(f"- `{f}`: {ch(['on', 'off', '25%'])}" for f in flags)


def c_rust_panic():
    h = rhex(16)
    return (f"thread 'tokio-runtime-worker' panicked at src/decoder/{ch(['dragino_lse01', 'milesight_em500', 'seeed_s2105'])}.rs:{ri(20, 300)}:{ri(5, 40)}:\n"
            f"called `Option::unwrap()` on a `None` value\nstack backtrace:\n"
            f"   0: soilnet_codec::decoder::{snake(2)}::{snake(2)}::h{h}\n"
            f"   1: _ZN12soilnet_codec7decoder{ri(10, 19)}{camel(2)}17h{rhex(16)}E\n"
            f"   2: soilnet_uplink::handler::{snake(2)}::{{{{closure}}}}::h{rhex(16)}")


def c_css_classes():
    cls = [f"{camel(1, False)}Card_{camel(1)}__{rs(B62, 5)}", f"sc-{rs(LO + UP, 6)}", f"css-{rs(LO + DIG, 7)}",
           f"_ngcontent-ng-c{ri(10 ** 8, 10 ** 10)}", f"data-v-{rhex(8)}", f"svelte-{rs(LO + DIG, 6)}"]
    a, b = rng.sample(cls, 2)
    return f"o seletor do teste E2E quebrou porque a classe mudou de `{a}` para `{b}` - usem data-testid"


def c_next_chunks():
    lines = []
    for p in rng.sample(["contratos/[id]", "pagamentos", "sensores", "voos/[flightId]", "talhões", "senha/redefinir", "malipo"], ri(3, 6)):
        lines.append(f"  /_next/static/chunks/pages/{p}-{rhex(16)}.js  {ri(2, 90)}.{ri(0, 9)} kB")
    return "build output:\n" + fence("\n".join(lines))


def c_native_names():
    return fence(ch([
        "def thibitisha_nenosiri(mtumiaji, nenosiri_jipya):\n    if len(nenosiri_jipya) < 12:\n        raise NenosiriDhaifuError()\n    return hifadhi_hash(mtumiaji.id, nenosiri_jipya)",
        "export function validarSenhaForte(senha: string): boolean {\n  return senha.length >= 12 && /[0-9]/.test(senha);\n}\n\nexport const mascararTelefone = (tel: string) => tel.replace(/\\d(?=\\d{4})/g, '*');",
        "fun formatarIbanParaExibicao(iban: String): String =\n    iban.chunked(4).joinToString(\" \")\n\nfun ocultarCpf(cpf: String) = \"***.\" + cpf.substring(4, 11) + \"-**\"",
        "class TokeniYaMpesaCache:\n    def pata_tokeni(self):\n        if self._imeisha_muda():\n            self._tokeni = self._omba_tokeni_mpya()\n        return self._tokeni",
    ]), ch(["python", "ts", "kotlin", "python"]))


def c_gdb():
    lines = [f"Thread 1 \"skyscan-cam\" received signal SIGSEGV, Segmentation fault."]
    for i in range(ri(4, 9)):
        sym = f"_ZN7skyscan{ch(['6camera', '4gimb', '3rtk', '5flash'])}{ri(8, 16)}{camel(2, False)}{ri(5, 12)}{camel(1)}Ev"
        lines.append(f"#{i}  0x0000{rhex(12)} in {sym} () at src/{ch(['camera', 'gimbal', 'rtk'])}.cpp:{ri(20, 500)}")
    return fence("\n".join(lines))


def c_django_migrations():
    migs = [f"{ri(1, 99):04d}_{ch(['rename', 'add', 'remove', 'alter'])}_{snake(2)}_{ch(['farmeruser', 'produtor', 'mkulima', 'payoutaccount'])}_{snake(2)}" for _ in range(ri(3, 6))]
    return "$ python manage.py showmigrations accounts\n" + fence("accounts\n" + "\n".join(f" [{ch('X ')}] {m}" for m in sorted(migs)))


def c_graphql():
    return fence(f"""type {camel(1, False)}Account {{
  id: ID!
  {camel(2)}: String
  {camel(2)}Last4: String
  has{camel(1, False)}: Boolean!
  {camel(2)}UpdatedAt: DateTime
}}

mutation Rotate{camel(1, False)}($input: Rotate{camel(2, False)}Input!) {{
  rotate{camel(1, False)}(input: $input) {{ ok }}
}}""", "graphql")


def c_elixir():
    mod = f"Mavuno.Coopay.{camel(2, False)}"
    return (f"** (FunctionClauseError) no function clause matching in {mod}.handle_info/2\n"
            f"    (coopay {ri(1, 3)}.{ri(0, 20)}.{ri(0, 9)}) lib/coopay/{snake(2)}.ex:{ri(10, 200)}: {mod}.handle_info(:refresh_{snake(1)}, %{{}})")


CODE_T = [c_java_trace, c_py_trace, c_go_panic, c_kotlin_crash, c_ts_names, c_sql, c_kubectl_pods, c_terraform, c_proto,
          c_flags, c_rust_panic, c_css_classes, c_next_chunks, c_native_names, c_gdb, c_django_migrations, c_graphql, c_elixir]


# ----------------------------------------------------------------------------
# NEGATIVES: non_credential_blob
# ----------------------------------------------------------------------------
def n_git_log():
    msgs = ["fix(decoder): handle LSE01 payload v2", "feat(pix): QR dinâmico para repasses", "chore: bump chirpstack-api",
            "fix: arredondamento de sacas no contrato", "feat(mpesa): retry STK push on 1037", "docs: runbook de rotação",
            "refactor(tiler): COG overviews", "fix(app): máscara de telefone no Android", "kuboresha: tafsiri za Kiswahili"]
    lines = [f"{rhex(ch([7, 8, 10]))} {m}" for m in rng.sample(msgs, ri(4, 9))]
    return "$ git log --oneline -n %d\n" % len(lines) + fence("\n".join(lines))


def n_docker_digest():
    img = ch(["skyscan-tiler", "soilnet-decoder", "coopay-mpesa", "graindesk-api"])
    d = rhex(64)
    return ch([f"deploy pinned to `ghcr.io/mavunolabs/{img}@sha256:{d}`",
               f"$ docker pull ghcr.io/mavunolabs/{img}:{ri(1, 4)}.{ri(0, 30)}.{ri(0, 9)}\nDigest: sha256:{d}\nStatus: Downloaded newer image for ghcr.io/mavunolabs/{img}"])


def n_chirpstack_uplink():
    dt = rdt()
    ev = {"deduplicationId": uuid4(), "time": iso(dt), "deviceInfo": {"tenantName": ch(["Mavuno", "Coop Cerrado", "Wheatbelt Trial"]),
          "applicationName": "soil-probes", "deviceProfileName": ch(["LSE01", "EM500-SMTC", "S2105"]), "deviceName": f"probe-{ri(1, 400):03d}",
          "devEui": rhex(16)}, "devAddr": rhex(8), "adr": True, "dr": ri(0, 5), "fCnt": ri(1, 90000), "fPort": ri(1, 10),
          "data": b64(rbytes(ri(8, 14))), "object": {"soil_moisture": round(rng.random() * 40, 2), "soil_temp": round(12 + rng.random() * 20, 2),
          "ec_us_cm": ri(80, 1800)}, "rxInfo": [{"gatewayId": rhex(16), "uplinkId": ri(1000, 65000), "rssi": -ri(60, 125),
          "snr": round(rng.random() * 20 - 12, 1)}], "txInfo": {"frequency": ch([916800000, 917000000, 868100000, 923200000]),
          "modulation": {"lora": {"bandwidth": 125000, "spreadingFactor": ri(7, 12), "codeRate": "CR_4_5"}}}}
    body = "{\n" + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in ev.items()) + "\n}"
    return ch(["uplink que chegou sem o campo object ontem:\n", "raw uplink event:\n", "tukio la uplink:\n"]) + fence(body, "json")


def n_integrity():
    pk = [("@turf/area", "7.1.0"), ("maplibre-gl", "4.7.1"), ("react-native-maps", "1.18.0"), ("zod", "3.23.8"), ("date-fns", "3.6.0")]
    lines = []
    for name, ver in rng.sample(pk, ri(1, 3)):
        lines += [f'    "node_modules/{name}": {{', f'      "version": "{ver}",',
                  f'      "resolved": "https://registry.npmjs.org/{name}/-/{name.split("/")[-1]}-{ver}.tgz",',
                  f'      "integrity": "sha512-{b64(rbytes(64))}"', "    },"]
    return "package-lock diff:\n" + fence("\n".join(lines), "json")


def n_gosum():
    mods = ["github.com/chirpstack/chirpstack/api/go/v4 v4.9.0", "github.com/eclipse/paho.mqtt.golang v1.5.0",
            "github.com/brocaar/lorawan v0.0.0-20240215101817-6a7a5f3e2a3b", "golang.org/x/sync v0.8.0", "github.com/paulmach/orb v0.11.1"]
    lines = []
    for m in rng.sample(mods, ri(2, 4)):
        lines.append(f"{m} h1:{b64(rbytes(32))}")
        lines.append(f"{m.split(' ')[0]} {m.split(' ')[1]}/go.mod h1:{b64(rbytes(32))}")
    return fence("\n".join(lines))


def n_sentinel():
    dt = rdt()
    tile = ch(["T21LXG", "T22KFV", "T37MBU", "T36NYF", "T50HMH", "T55HEV"])
    pid = f"S2{ch('AB')}_MSIL2A_{dt:%Y%m%dT%H%M%S}_N0511_R{ri(1, 143):03d}_{tile}_{dt:%Y%m%d}T{ri(100000, 235959)}"
    keys = [f"{dt:%Y-%m-%d %H:%M:%S} {ri(10 ** 6, 9 * 10 ** 8):>10} ortho/{dt:%Y/%m}/{ulid()}/{n}" for n in
            ["ortho.tif", "ndvi.tif", "dsm.tif", "thumb.jpg"]]
    return f"cena usada no relatório: `{pid}`\n$ aws s3 ls s3://mavuno-skyscan-{ch(['br', 'ke', 'au'])}/ortho/ --recursive | tail -4\n" + fence("\n".join(keys))


def n_trace_logs():
    lines = []
    for _ in range(ri(3, 8)):
        dt = rdt()
        lines.append(json.dumps({"ts": iso(dt), "level": ch(["info", "warn", "error"]), "svc": ch(SERVICES),
                                 "trace_id": rhex(32), "span_id": rhex(16), "msg": ch(["quote published", "payout queued",
                                 "tile rendered", "uplink decoded", "stk callback received", "pix webhook ok"]),
                                 "dur_ms": ri(2, 900)}))
    return fence("\n".join(lines), "json")


def n_mpesa_recon():
    lines = ["TransID,TransTime,Amount,BillRefNumber,Status"]
    dt = rdt()
    for _ in range(ri(4, 12)):
        dt += datetime.timedelta(minutes=ri(1, 300))
        code = ch("QRS") + ch("ABCDEFGHJKLMNPQRSTUVWXYZ") + rs(UP + DIG, 8)
        lines.append(f"{code},{dt:%Y%m%d%H%M%S},{ri(50, 25000)}.00,CHAMA-{ri(1, 300):03d},{ch(['Completed', 'Completed', 'Reversed'])}")
    return ch(["reconciliação M-Pesa de ontem, tem 2 duplicados:\n", "Upatanisho wa M-Pesa:\n", "mpesa recon export:\n"]) + fence("\n".join(lines), "csv")


def n_pix_e2e():
    dt = rdt()
    ids = [f"E{ri(10 ** 7, 10 ** 8 - 1)}{dt:%Y%m%d%H%M}{rs(LO + DIG, 11)}" for _ in range(ri(1, 4))]
    return ch(["endToEndId dos Pix que voltaram: ", "Pix returns, e2e ids: "]) + ", ".join(f"`{i}`" for i in ids)


def n_pip_hash():
    pk = [("rasterio", "1.4.1"), ("shapely", "2.0.6"), ("pyproj", "3.7.0"), ("numpy", "2.1.2"), ("httpx", "0.27.2")]
    lines = []
    for name, ver in rng.sample(pk, ri(2, 4)):
        lines.append(f"{name}=={ver} \\")
        lines.append(f"    --hash=sha256:{rhex(64)} \\")
        lines.append(f"    --hash=sha256:{rhex(64)}")
    return fence("\n".join(lines))


def n_sops():
    def enc():
        return f"ENC[AES256_GCM,data:{b64(rbytes(ri(12, 40)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]"
    body = f"""mpesa:
    consumer_key: {enc()}
    consumer_secret: {enc()}
pix:
    client_secret: {enc()}
sops:
    kms:
        - arn: arn:aws:kms:{ch(REGIONS)}:123456789012:key/{uuid4()}
          created_at: "{iso(rdt(), False)}"
          enc: {b64(rbytes(120))}
    lastmodified: "{iso(rdt(), False)}"
    mac: {enc()}
    version: 3.9.1"""
    return ch(["arquivo SOPS do coopay (criptografado, pode olhar):\n", "encrypted values file, safe to share:\n"]) + fence(body, "yaml")


def n_h3():
    lines = ["h3_index,geohash,ndvi_mean,pixels"]
    for _ in range(ri(4, 10)):
        lines.append(f"8a{rhex(11)}fff,{rs('0123456789bcdefghjkmnpqrstuvwxyz', 8)},{rng.random():.3f},{ri(40, 900)}")
    return fence("\n".join(lines), "csv")


def n_ssh_fp():
    host = ch(["bastion-br", "bastion-ke", "gw-fleet", "ftp-drone"])
    return (f"o fingerprint do host novo e esse, confere antes de aceitar:\n`ED25519 key fingerprint is SHA256:{b64(rbytes(32)).rstrip('=')}.`"
            if rng.random() < 0.5 else f"{host} host key: `SHA256:{b64(rbytes(32)).rstrip('=')}` (ECDSA `SHA256:{b64(rbytes(32)).rstrip('=')}`)")


def n_cursor():
    cur = b64(json.dumps({"after": ri(1000, 99999), "farm": f"F{ri(100, 999)}", "sort": "created_at"}).encode()).rstrip("=")
    slack = b64(f"user:U0{rs(UP + DIG, 9)}".encode())
    return ch([f"a paginação da API de leituras usa cursor opaco: `?cursor={cur}`",
               f"`response_metadata.next_cursor` = `{slack}` - loop infinito no sync de canais"])


def n_sha256sum():
    lines = [f"{rhex(64)}  {n}" for n in rng.sample(["rak7268-fw-2.2.12.bin", "ug65-fw-60.0.0.44.bin", "soilnet-agent_1.8.3_arm64.deb",
                                                        "soilnet-agent_1.8.3_armhf.deb", "skyscan-cli_0.14.0_linux_amd64.tar.gz"], ri(2, 5))]
    return "SHA256SUMS do release:\n" + fence("\n".join(lines))


def n_ids():
    kind = ch(["uuid", "ulid", "oid"])
    ids = [uuid4() if kind == "uuid" else ulid() if kind == "ulid" else rhex(24) for _ in range(ri(3, 8))]
    return ch(["farm ids que falharam no sync:\n", "talhões sem geometria:\n", "mashamba yasiyo na data:\n"]) + "\n".join(ids)


def n_helm_lineage():
    return fence(f"""metadata:
  annotations:
    checksum/config: {rhex(64)}
    checksum/secret: {rhex(64)}
    kubectl.kubernetes.io/restartedAt: "{iso(rdt(), False)}"
    deployment.kubernetes.io/revision: "{ri(2, 90)}"
  labels:
    pod-template-hash: {rs('bcdfghjklmnpqrstvwxz2456789', 10)}""", "yaml")


def n_pix_brcode():
    key = uuid4()
    name = ch(["COOP AGRO CERRADO", "COOPERATIVA SOJA MT", "MAVUNO LABS BR"])
    city = ch(["RIO VERDE", "SORRISO", "CASCAVEL"])
    amount = f"{ri(10, 9999)}.{ri(0, 99):02d}"
    txid = rs(UP + DIG, ri(10, 25))
    def f(i, v):
        return f"{i}{len(v):02d}{v}"
    gui = f("00", "br.gov.bcb.pix") + f("01", key)
    payload = (f("00", "01") + f("12", "12") + f("26", gui) + f("52", "0000") + f("53", "986") + f("54", amount) +
               f("58", "BR") + f("59", name) + f("60", city) + f("62", f("05", txid)) + "6304")
    crc = 0xFFFF
    for b in payload.encode():
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    payload += f"{crc:04X}"
    return f"Pix copia-e-cola do boleto da cooperativa (chave aleatória, não é dado pessoal):\n`{payload}`"


def n_packet_fwd():
    lines = []
    for _ in range(ri(2, 6)):
        lines.append(json.dumps({"rxpk": [{"tmst": ri(10 ** 8, 4 * 10 ** 9), "chan": ri(0, 7), "rfch": ri(0, 1), "freq": ch([916.8, 917.0, 917.2, 868.1]),
                                           "stat": 1, "modu": "LORA", "datr": f"SF{ri(7, 12)}BW125", "codr": "4/5", "lsnr": round(rng.random() * 18 - 8, 1),
                                           "rssi": -ri(70, 124), "size": 23, "data": b64(rbytes(23))}]}))
    return "packet forwarder log, gateway " + rhex(16).upper() + ":\n" + fence("\n".join(lines), "json")


def n_etags():
    lines = [f"ETag: \"{rhex(32)}\"", f"ETag: \"{rhex(32)}-{ri(2, 40)}\"", f"x-amz-request-id: {rs(UP + DIG, 16)}",
             f"x-amz-id-2: {b64(rbytes(48))}", f"X-Amzn-Trace-Id: Root=1-{rhex(8)}-{rhex(24)}", f"traceparent: 00-{rhex(32)}-{rhex(16)}-01",
             f"Content-MD5: {b64(rbytes(16))}", f"x-request-id: {uuid4()}"]
    return "curl -I no tile que tá vindo velho:\n" + fence("HTTP/2 200\ncontent-type: image/png\n" + "\n".join(rng.sample(lines, ri(3, 6))))


BLOB_T = [n_git_log, n_docker_digest, n_chirpstack_uplink, n_integrity, n_gosum, n_sentinel, n_trace_logs, n_mpesa_recon,
          n_pix_e2e, n_pip_hash, n_sops, n_h3, n_ssh_fp, n_cursor, n_sha256sum, n_ids, n_helm_lineage, n_pix_brcode,
          n_packet_fwd, n_etags]


# ----------------------------------------------------------------------------
# NEGATIVES: pii_lookalike_number
# ----------------------------------------------------------------------------
def cnpj():
    base = [ri(0, 9) for _ in range(8)] + [0, 0, 0, 1]
    for w in ([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]):
        s = sum(a * b for a, b in zip(base, w)) % 11
        base.append(0 if s < 2 else 11 - s)
    d = "".join(map(str, base))
    return f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}"


def abn():
    while True:
        d = [ri(1, 9)] + [ri(0, 9) for _ in range(10)]
        w = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
        dd = [d[0] - 1] + d[1:]
        if sum(a * b for a, b in zip(dd, w)) % 89 == 0:
            s = "".join(map(str, d))
            return f"{s[:2]} {s[2:5]} {s[5:8]} {s[8:]}"


def q_contracts():
    return ch([f"contrato de venda GD-{ri(2025, 2026)}-{ri(1000, 99999):05d}: {ri(5, 80) * 1000} sacas de soja a R$ {ri(110, 145)},{ri(0, 99):02d}/sc, entrega {ri(1, 28):02d}/{ri(1, 12):02d}",
               f"trade ticket {ri(10 ** 8, 10 ** 10)} settled: {ri(200, 4000)} t APW wheat @ A$ {ri(300, 420)}.{ri(0, 99):02d}/t FIS {ch(SITES_AU)}",
               f"Mkataba namba {ri(10 ** 6, 10 ** 7)}: magunia {ri(50, 900)} ya mahindi, KSh {ri(3000, 5200):,} kwa gunia"])


def q_nfe():
    while True:
        uf = ch(["51", "52", "41", "29", "50"])
        digits = uf + f"{ri(24, 26)}{ri(1, 12):02d}" + rs(DIG, 14) + "55" + f"{ri(1, 9):03d}" + rs(DIG, 9) + "1" + rs(DIG, 8)
        # mod-11 check digit of NF-e
        w = [2, 3, 4, 5, 6, 7, 8, 9]
        s = sum(int(c) * w[i % 8] for i, c in enumerate(reversed(digits)))
        dv = 11 - s % 11
        dv = 0 if dv >= 10 else dv
        key = digits + str(dv)
        if len(key) == 44:
            break
    return ch(["chave de acesso da NF-e do frete: ", "NF-e do lote de sementes: ", "danfe key: "]) + " ".join(key[i:i + 4] for i in range(0, 44, 4))


def q_boleto():
    f1 = f"{ri(100, 999)}9{ri(0, 9)}.{ri(10000, 99999)}"
    f2 = f"{ri(10000, 99999)}.{ri(100000, 999999)}"
    f3 = f"{ri(10000, 99999)}.{ri(100000, 999999)}"
    return f"boleto da mensalidade da cooperativa: {f1} {f2} {f3} {ri(1, 9)} {ri(9000, 9999)}{ri(0, 10 ** 10 - 1):010d}"


def q_cnpj():
    return ch([f"CNPJ da cooperativa (público, tá no site): {cnpj()}", f"faturar contra o CNPJ {cnpj()} - filial {ch(SITES_BR)}",
               f"buyer ABN {abn()} (it's on the ABN lookup, public)", f"NF emitida pelo CNPJ {cnpj()}, IE isenta"])


def q_livestock():
    return ch([f"NLIS tag {ri(940, 985)} {ri(10 ** 11, 10 ** 12 - 1):012d} read at {ch(SITES_AU)} saleyard, PIC {rs(UP, 3)}{ri(100000, 999999)}",
               f"SISBOV {ri(10 ** 14, 10 ** 15 - 1)} - animal transferido para o lote {ri(1, 40)}",
               f"RFID ya ng'ombe: {ri(900, 985)}{ri(10 ** 11, 10 ** 12 - 1):012d}"])


def q_timestamps():
    dt = rdt()
    return ch([f"slack ts `{epoch(dt)}.{ri(0, 999999):06d}` is the thread where the buyer confirmed",
               f"last uplink at {epoch(dt)} ({dt:%Y-%m-%d %H:%M} UTC), {ri(2, 70)} min ago",
               f"`created_at_ms={epoch(dt) * 1000 + ri(0, 999)}` vs `settled_at_ms={(epoch(dt) + ri(60, 9000)) * 1000}`",
               f"última leitura {dt:%d/%m/%Y %H:%M} (horário de Brasília) - sensor {ri(1, 400):03d} parado desde entao"])


def q_coords():
    rows = ["sensor,lat,lon,elev_m"]
    lat0, lon0 = ch([(-12.54, -55.72), (-0.30, 36.07), (-31.48, 118.27), (-17.79, -50.92), (0.52, 35.27)])
    for i in range(ri(4, 12)):
        rows.append(f"probe-{ri(1, 400):03d},{lat0 + rng.random() / 50:.6f},{lon0 + rng.random() / 50:.6f},{ri(200, 2400)}")
    return ch(["posição das sondas após a reinstalação:\n", "probe locations:\n", "mahali pa sensa:\n"]) + fence("\n".join(rows), "csv")


def q_lorawan_table():
    lines = ["| gateway | freq MHz | SF | RSSI | SNR | fCnt |", "|---|---|---|---|---|---|"]
    for _ in range(ri(4, 10)):
        lines.append(f"| {rhex(16).upper()} | {ch(['916.8', '917.0', '917.2', '917.4', '868.1', '923.2'])} | {ri(7, 12)} | -{ri(70, 124)} | {rng.random() * 18 - 8:.1f} | {ri(1, 90000)} |")
    return ch(["sinal ruim no talhao 7:\n", "AU915 sub-band 2 looks fine:\n", "ishara ya LoRa:\n"]) + "\n".join(lines)


def q_private_ips():
    lines = [ch([f"allow 10.{ri(0, 255)}.{ri(0, 255)}.0/24  # vpc {ch(NS)}", f"allow 172.{ri(16, 31)}.{ri(0, 255)}.0/24  # vpc {ch(NS)}",
                 f"allow 192.168.{ri(0, 255)}.0/24  # escritório {ch(SITES_BR)}"]),
             f"allow 100.{ri(64, 127)}.{ri(0, 255)}.0/24  # tailscale", f"gateway LAN 192.168.{ri(0, 20)}.{ri(2, 254)}",
             f"doc example 192.0.2.{ri(1, 254)}", f"doc example 198.51.100.{ri(1, 254)}", f"doc example 203.0.113.{ri(1, 254)}",
             f"pod CIDR 10.{ri(0, 255)}.0.0/16", f"nat gw (internal side) 172.{ri(16, 31)}.{ri(0, 255)}.{ri(1, 254)}"]
    return fence("\n".join(rng.sample(lines, ri(3, 6))))


def q_versions():
    return ch([f"gateway firmware {ri(1, 3)}.{ri(0, 9)}.{ri(0, 30)} -> {ri(2, 4)}.{ri(0, 9)}.{ri(0, 30)}, build {ri(1000, 9999)}",
               f"field laptop runs Windows 10.0.{ri(19041, 26100)}.{ri(1000, 5000)}, Chrome {ri(120, 131)}.0.{ri(6000, 6800)}.{ri(10, 200)}",
               f"Android fingerprint: samsung/a{ri(10, 55)}xx/a{ri(10, 55)}:{ri(12, 14)}/UP1A.{ri(230000, 240999)}.{ri(1, 20):03d}/A{ri(100, 999)}FXXU{ri(1, 9)}CXB{ri(1, 9)}:user/release-keys",
               f"app versionCode {ri(400, 999)}, versionName {ri(3, 5)}.{ri(0, 20)}.{ri(0, 9)} ({ri(2024, 2026)}{ri(1, 12):02d}{ri(1, 28):02d}{ri(1, 9)})"])


def q_money():
    return ch([f"repasse total da safra: R$ {ri(1, 40)}.{ri(100, 999)}.{ri(100, 999)},{ri(0, 99):02d} para {ri(80, 900)} cooperados",
               f"Jumla ya malipo: KSh {ri(100, 9000):,}{ri(100, 999)}.00 kwa wakulima {ri(50, 900)}",
               f"Q{ri(1, 4)} GMV A$ {ri(1, 90)},{ri(100, 999)},{ri(100, 999)} across {ri(10, 90)} bins, {ri(10, 99)} {ri(100, 999)} t received"])


def q_paybill():
    return ch([f"Lipa kupitia Paybill {ri(100000, 999999)}, Akaunti: CHAMA-{ri(1, 999):03d}",
               f"till number {ri(1000000, 9999999)} for the agro-dealer in {ch(SITES_KE)}; USSD *{ri(100, 899)}#",
               f"código do convênio {ri(1000, 9999)}, agência {ri(1000, 9999)}-{ri(0, 9)} (dados da cooperativa, não de pessoa)"])


def q_tickets():
    return ch([f"ver {ch(['AGRO', 'SOIL', 'PAY', 'GRAIN'])}-{ri(100, 9999)} e {ch(['CVE', 'GHSA'])}-{ri(2023, 2025)}-{ri(1000, 49999)}",
               f"INC{ri(10 ** 6, 10 ** 7):07d} / CHG{ri(10 ** 6, 10 ** 7):07d} - janela de manutenção do RDS",
               f"Zendesk #{ri(10000, 999999)} from the {ch(SITES_AU)} grower, linked to SOIL-{ri(100, 999)}"])


def q_delivery_csv():
    rows = ["ticket,recebido_em,placa,peso_liquido_kg,umidade,impureza,nf"]
    dt = rdt()
    for _ in range(ri(12, 28)):
        dt += datetime.timedelta(minutes=ri(8, 200))
        placa = f"{rs(UP, 3)}{ri(0, 9)}{ch(UP)}{ri(10, 99)}"
        rows.append(f"{ri(100000, 999999)},{dt:%Y-%m-%d %H:%M},{placa},{ri(18000, 42000)},{ri(110, 180) / 10},{ri(5, 30) / 10},{ri(10000, 999999)}")
    return "export da balança (sem dado pessoal, só placa e ticket):\n" + fence("\n".join(rows), "csv")


def q_aws_ids():
    return ch([f"account 123456789012 (the docs example) vs ours in {ch(REGIONS)}: see the SSO portal",
               f"instances i-{rhex(17)} and i-{rhex(17)} in {ch(REGIONS)} are the tilers",
               f"subscription {uuid4()} / tenant {uuid4()} (Azure, only for the BI export)",
               f"GCP project number {ri(10 ** 11, 10 ** 12 - 1)} for Earth Engine"])


def q_latency():
    lines = ["| endpoint | p50 ms | p95 ms | p99 ms | rps |", "|---|---:|---:|---:|---:|"]
    for e in rng.sample(["/v1/quotes", "/v1/fields", "/v1/readings", "/v1/payouts", "/tiles/{z}/{x}/{y}", "/v1/flights"], ri(3, 6)):
        lines.append(f"| {e} | {ri(5, 80)} | {ri(80, 400)} | {ri(400, 1900)} | {ri(10, 900)} |")
    return "\n".join(lines)


def q_serials():
    return ch([f"sonda SN {ri(2300, 2599)}-{ri(1000, 9999)}-{ri(1000, 9999)} voltou da assistência",
               f"DevEUI {rhex(16).upper()} / JoinEUI {rhex(16).upper()} (os dois são publicos, a AppKey não)",
               f"drone serial {ri(1, 9)}{rs(UP + DIG, 13)} - RTK module {ri(10 ** 7, 10 ** 8)}",
               f"BoM station {ri(1000, 99999):06d} ({ch(SITES_AU)}) rainfall {ri(0, 80)}.{ri(0, 9)} mm"])


def q_isbn():
    while True:
        d = ("978" + ch(["85", "0", "1", "9966"]) + rs(DIG, 12))[:12]
        s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(d))
        full = d + str((10 - s % 10) % 10)
        out = f"{full[:3]}-{full[3:5]}-{full[5:9]}-{full[9:12]}-{full[12]}"
        return ch(["livro de referência do curso de agronomia: ISBN ", "agronomy handbook ISBN ", "kitabu: ISBN "]) + out


PII_T = [q_contracts, q_nfe, q_boleto, q_cnpj, q_livestock, q_timestamps, q_coords, q_lorawan_table, q_private_ips,
         q_versions, q_money, q_paybill, q_tickets, q_delivery_csv, q_aws_ids, q_latency, q_serials, q_isbn]


# ----------------------------------------------------------------------------
# NEGATIVES: talk_about_secrets
# ----------------------------------------------------------------------------
TALK = {
    "en": [
        "Reminder: the Daraja consumer secret for the co-op paybill rotates on the 1st, and the new one lives in Vault, not in this channel.",
        "If you ever paste an API key here by accident, delete the message, ping #sec-incidents and rotate it; deleting alone is not enough.",
        "We moved the TTN API keys for the soil probes into Secrets Manager, so the gateway config only holds a reference now.",
        "Does anyone know whether the drone upload bucket still uses long-lived access keys? I thought we switched to IRSA.",
        "Please don't share your password with the field crew even if they ask nicely; use the shared vault item for the hangar NAS.",
        "Card numbers from the input shop never touch our DB: the PSP tokenises them and we keep only the last four.",
        "For IBANs from the Portuguese and German suppliers we store a hash and the last 4 characters; finance sees the full value in the ERP.",
        "The Slack bot must never learn farmers' phone numbers or e-mail addresses, even when they post them in support threads.",
        "Our scanner flagged a DevEUI as a secret again. Sixteen hex characters is not a key by itself, but the AppKey would be.",
        "LoRaWAN AppKeys are root keys: treat them like passwords and keep them out of the device spreadsheet.",
        "The SSNs of the US contractors only go through the payroll provider's portal; nobody should e-mail or Slack them.",
        "Who owns rotating the GitHub deploy token for the firmware repo this quarter?",
        "Private keys for the drone fleet's RTK base stations are generated on-device and never leave it.",
        "We should expire personal access tokens after 30 days and move CI to fine-grained tokens scoped to one repo.",
        "The OpenAI and Anthropic keys for the agronomy assistant are per-environment now; dev keys cannot reach prod data.",
        "Postmortem draft: a service token for the grain desk sat in a public gist for about 40 minutes; it was revoked and the audit log shows no use.",
    ],
    "pt": [
        "Lembrete: a senha do painel da cooperativa é pessoal, não passem no grupo de WhatsApp da fazenda.",
        "Se vazar uma chave de API aqui, apaguem a mensagem e girem a chave na hora; só apagar não resolve.",
        "O token do Pix da cooperativa expira a cada hora; o client secret fica no cofre, nunca no código.",
        "Alguém sabe se a chave privada do certificado e-CNPJ ainda está naquele pendrive do escritório? Precisamos revogar.",
        "A gente não guarda número de cartão; o gateway de pagamento devolve um token e só mostramos os 4 últimos dígitos.",
        "Pedido do jurídico: nada de CPF, telefone ou e-mail de produtor em canal público, por causa da LGPD.",
        "Rodei o gitleaks no repositório do soilnet e ele não achou nada além dos exemplos da documentação.",
        "Trocamos todas as senhas dos gateways depois que o técnico terceirizado saiu da empresa.",
        "O bot do Slack não pode aprender IBAN de fornecedor, nem de Portugal nem da Alemanha.",
        "Quem esta com a tarefa de rotacionar as chaves da AWS do bucket de imagens de drone este mês?",
        "Ninguém manda senha por e-mail; usa o link de uso único do cofre e ele expira em 24 horas.",
        "O token do GitHub do CI vence sexta, alguém com permissão de admin pode gerar outro e colocar no cofre?",
    ],
    "sw": [
        "Tafadhali msiweke nenosiri kwenye Slack; tumieni vault ya timu.",
        "Ufunguo wa API wa M-Pesa umebadilishwa leo asubuhi; ule wa zamani haufanyi kazi tena.",
        "Kama umetuma tokeni kwa bahati mbaya, ifute na utuambie kwenye #usalama mara moja.",
        "Namba za simu za wakulima ni data binafsi, usizichapishe kwenye ripoti za umma.",
        "Tumehamisha funguo za sensa za udongo kwenda Secrets Manager, kwa hiyo faili ya config haina siri tena.",
        "Nani ana jukumu la kubadilisha funguo za AWS za kupakia picha za drone mwezi huu?",
        "Sheria ya Kulinda Data ya 2019 inatutaka tusihifadhi namba za kadi wala vitambulisho bila sababu.",
        "Nenosiri la router ya ghala limebadilishwa; waulize timu ya IT, usiliandike hapa.",
        "Tokeni za bot ya Slack zinabadilishwa kila robo mwaka.",
    ],
}
RUNBOOK = {
    "en": ("Runbook: leaked credential", ["Revoke the credential at the provider first.", "Issue a new one and store it in Vault.",
            "Redeploy the services that read it.", "Search the Slack export and git history for other copies.",
            "Write a short incident note with the timeline.", "Check the provider's audit log for use during the exposure window."]),
    "pt": ("Runbook: credencial vazada", ["Revogar a credencial no provedor primeiro.", "Gerar uma nova e guardar no cofre.",
            "Fazer redeploy dos serviços que usam.", "Procurar outras copias no histórico do git e no Slack.",
            "Registrar o incidente com a linha do tempo.", "Conferir no log de auditoria se alguém usou a chave."]),
    "sw": ("Mwongozo: siri iliyovuja", ["Batilisha ufunguo kwa mtoa huduma kwanza.", "Tengeneza mpya na uihifadhi kwenye vault.",
            "Sambaza upya huduma zinazoutumia.", "Tafuta nakala nyingine kwenye historia ya git na Slack.",
            "Andika ripoti fupi ya tukio.", "Angalia kumbukumbu za ukaguzi kama ufunguo ulitumika."]),
}


def t_single():
    return ch(TALK[ch(["en", "pt", "sw"])])


def t_multi():
    lang = ch(["en", "pt", "sw"])
    return " ".join(rng.sample(TALK[lang], ri(2, 3)))


def t_runbook():
    lang = ch(["en", "pt", "sw"])
    title, steps = RUNBOOK[lang]
    chosen = steps[:1] + rng.sample(steps[1:], ri(3, 5))
    return f"*{title}*\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(chosen, 1))


QA = [
    ("> can we store the M-Pesa passkey in the mobile app?", "No. Anything that can move money stays server-side, behind the vault."),
    ("> dá pra deixar a senha do banco no docker-compose de prod?", "Não. Usa o secret do Kubernetes via ESO, nunca arquivo no repo."),
    ("> tunaweza kuweka tokeni ya Slack kwenye README?", "Hapana. Tumia secret ya CI, README ni ya umma."),
    ("> is it OK to log the full card number at debug level?", "Never, not even at debug; log the last four and the PSP token."),
    ("> o auditor pediu a lista de quem tem acesso às chaves do Pix, onde eu vejo?", "Tá no relatório de acesso do Vault, política coopay-pix-read; não coloca os nomes aqui."),
    ("> should the drone pilots get their own AWS keys?", "No, they upload through the app with short-lived STS credentials; nobody gets a personal access key."),
    ("> je, namba za simu za wakulima zinaweza kuwekwa kwenye CSV ya ripoti?", "Hapana, weka kitambulisho cha mkulima tu; namba ya simu inabaki kwenye CRM."),
    ("> posso colar o IBAN do fornecedor alemão aqui pra conferir?", "Melhor não, manda pelo ERP; aqui no Slack o bot aprende tudo."),
]


def t_qa():
    q, a = ch(QA)
    return q + "\n" + a


def t_incident():
    lang = ch(["en", "pt"])
    if lang == "en":
        return (f"*Incident INC-{ri(2025, 2026)}-{ri(10, 400):03d}* - {ch(['API key for the weather provider committed to a public fork', 'Slack bot token pasted in a support thread', 'database password printed in CI logs'])}\n"
                f"Impact: {ch(['none observed', 'key used twice from an unknown host, no data accessed', 'none, logs were private'])}\n"
                f"Actions: revoked within {ri(5, 90)} min, rotated, added a pre-commit hook\nStatus: resolved")
    return (f"*Incidente {ri(10, 400)}/{ri(2025, 2026)}* - {ch(['token da API de clima commitado num fork público', 'senha do banco apareceu no log do CI', 'chave do Pix enviada por engano no grupo'])}\n"
            f"Impacto: {ch(['nenhum uso detectado', 'nenhum, o log era privado'])}\nAcoes: revogado em {ri(5, 90)} min, chave nova no cofre, hook de pre-commit\nStatus: resolvido")


def t_sync_notes():
    items = rng.sample(TALK["en"] + TALK["pt"] + TALK["sw"], ri(3, 6))
    return ch(["*Security sync notes*", "*Notas da reunião de segurança*", "*Muhtasari wa kikao cha usalama*"]) + "\n" + "\n".join(f"- {s}" for s in items)


def t_regex():
    return ch([
        "our Kenyan phone rule is `^(?:\\+254|0)[17]\\d{8}$` and it matches order ids that start with 07; any better idea than checking the prefix table?",
        "para telefone BR estamos usando `\\(?\\d{2}\\)?\\s?9?\\d{4}-?\\d{4}`, mas pega número de NF-e no meio, precisa de borda",
        "the AU mobile pattern `04\\d{2} ?\\d{3} ?\\d{3}` is fine, landlines with `(0[2378])` are the noisy ones",
        "IBAN check: strip spaces, move the first 4 chars to the end, letters to numbers, mod 97 must be 1. Portugal and Germany pass, Kenya has no IBAN at all.",
        "Luhn alone on 13-19 digits flags half the NF-e keys and the SISBOV numbers, we need context words too",
    ])


def t_vault_errors():
    return fence(ch([
        f"Error: failed to read secret \"secret/data/{ch(NS)}/db\": permission denied (403)",
        f"ExternalSecret {ch(NS)}/mpesa-credentials: SecretSyncedError: could not get secret data from provider",
        f"error: no key \"password\" in secret \"{ch(NS)}-db\" for container \"app\"",
        f"sealed-secrets: no key could decrypt secret ({ch(['pix-client', 'ttn-api', 'slack-bot'])})",
    ]))


def t_privacy():
    return ch([
        "LGPD, Kenya's Data Protection Act and the Australian Privacy Act all treat a grower's phone number as personal data, so the export strips it.",
        "Pela LGPD o CPF é dado pessoal, mas o CNPJ da cooperativa não; o redator tem que saber a diferenca.",
        "Kwa mujibu wa ODPC, namba ya simu ya mkulima ni data binafsi; ripoti za chama zionyeshe tarakimu nne za mwisho tu.",
        "The US side files 1099s with the contractors' SSNs directly in the payroll tool, never through us.",
    ])


TALK_T = [t_single, t_multi, t_runbook, t_qa, t_incident, t_sync_notes, t_regex, t_vault_errors, t_privacy, t_multi]


# ----------------------------------------------------------------------------
# POSITIVE value generators
# ----------------------------------------------------------------------------
FIRST = {"br": ["joao", "ana.paula", "thiago", "fernanda", "luiz", "camila", "rafael", "beatriz", "gustavo", "marina"],
         "ke": ["wanjiku", "otieno", "achieng", "kiprono", "njeri", "mwangi", "wambui", "kamau", "akinyi", "chebet"],
         "au": ["liam", "chloe", "jack", "olivia", "mitchell", "sophie", "harrison", "ella"],
         "us": ["tyler", "megan", "brandon", "ashley", "dustin"]}
LAST = {"br": ["silva", "souza", "oliveira", "pereira", "costa", "rodrigues", "almeida"],
        "ke": ["kamau", "otieno", "mutua", "njoroge", "wafula", "kiplagat", "odhiambo"],
        "au": ["nguyen", "smith", "wilson", "taylor", "brown", "mcdonald"],
        "us": ["johnson", "miller", "schmidt", "anderson"]}
DOMAINS = {"br": ["coopcerrado.com.br", "agrosul.coop.br", "gmail.com", "yahoo.com.br", "bol.com.br", "mavunolabs.com"],
           "ke": ["kahawafarmers.co.ke", "riftgrain.co.ke", "gmail.com", "yahoo.com", "mavunolabs.com"],
           "au": ["wheatbeltgrain.com.au", "riverinaag.com.au", "bigpond.com", "outlook.com", "mavunolabs.com"],
           "us": ["iowagrainco.com", "gmail.com", "outlook.com"]}


def gen_email(country=None):
    c = country or ch(["br", "ke", "au", "us"])
    f, l, d = ch(FIRST[c]), ch(LAST[c]), ch(DOMAINS[c])
    f = f.replace(".", ch([".", "_", ""]))
    local = ch([f"{f}.{l}", f"{f}_{l}", f"{f[0]}{l}", f"{f}", f"{f}.{l}{ri(1, 99)}"])
    return f"{local}@{d}"


def gen_phone(country):
    if country == "br":
        ddd = ch([11, 19, 43, 44, 45, 62, 64, 65, 66, 67, 77, 34, 16])
        if rng.random() < 0.8:
            a, b = f"9{ri(6, 9)}{ri(0, 999):03d}", f"{ri(0, 9999):04d}"
            return ch([f"+55 {ddd} {a}-{b}", f"({ddd}) {a}-{b}", f"+55 ({ddd}) {a}-{b}", f"+55{ddd}{a}{b}", f"{ddd} {a}-{b}"])
        return ch([f"({ddd}) 3{ri(100, 999)}-{ri(0, 9999):04d}", f"+55 {ddd} 3{ri(100, 999)}-{ri(0, 9999):04d}"])
    if country == "ke":
        p = ch(["70", "71", "72", "74", "79", "11", "73", "75", "10"])
        x, y, z = f"{p}{ri(0, 9)}", f"{ri(0, 999):03d}", f"{ri(0, 999):03d}"
        return ch([f"+254 {x} {y} {z}", f"0{x} {y} {z}", f"+254{x}{y}{z}", f"0{x}{y}{z}", f"254{x}{y}{z}"])
    if country == "au":
        if rng.random() < 0.7:
            x, y, z = f"4{ri(0, 9)}{ri(0, 9)}", f"{ri(0, 999):03d}", f"{ri(0, 999):03d}"
            return ch([f"+61 {x} {y} {z}", f"0{x} {y} {z}", f"+61{x}{y}{z}", f"0{x}{y}{z}"])
        a = ch(["2", "3", "7", "8"])
        return ch([f"(0{a}) {ri(5000, 9999)} {ri(0, 9999):04d}", f"+61 {a} {ri(5000, 9999)} {ri(0, 9999):04d}"])
    area = ch([515, 319, 402, 785, 217, 309, 701, 605, 563, 712])
    ex = ri(201, 989)
    if ex == 555:
        ex = 556
    ln = f"{ri(0, 9999):04d}"
    return ch([f"+1 ({area}) {ex}-{ln}", f"({area}) {ex}-{ln}", f"{area}-{ex}-{ln}", f"+1 {area} {ex} {ln}", f"{area}.{ex}.{ln}"])


PW_WORDS = {"pt": ["Fazenda", "Colheita", "Soja", "Cafe", "Milho", "Safra", "Trator", "Cerrado", "Boiada", "Pivo", "Talhao", "Sorriso", "Chapada"],
            "sw": ["Shamba", "Mavuno", "Kahawa", "Mahindi", "Chai", "Mvua", "Jembe", "Nakuru", "Eldoret", "Kilimo", "Mbegu", "Maziwa"],
            "en": ["Wheatbelt", "Paddock", "Harvest", "Barley", "Canola", "Merino", "Drover", "Dubbo", "Silo", "Header", "Tractor", "Sorghum"]}


def gen_password(lang=None, urlsafe=False):
    lang = lang or ch(["pt", "sw", "en"])
    syms = "!*-_.~" if urlsafe else "!@#$%&*.?-_"
    w1, w2 = ch(PW_WORDS[lang]), ch(PW_WORDS[lang])
    style = ri(0, 5)
    if style == 0:
        pw = f"{w1}{ri(2019, 2026)}{ch(syms)}"
    elif style == 1:
        pw = f"{w1.lower()}{ch(syms)}{w2}{ri(10, 99)}"
    elif style == 2:
        pw = f"{w1}{w2}{ch(syms)}{ri(1, 999)}"
    elif style == 3:
        pw = rs(B62, ri(6, 10)) + ch(syms) + rs(B62, ri(4, 8)) + ch(syms) + rs(DIG, 2)
    elif style == 4:
        t = w1 + w2
        t = t.replace("a", ch(["@", "4", "a"])).replace("o", ch(["0", "o"])).replace("e", ch(["3", "e"]))
        pw = t + str(ri(1, 99))
    else:
        pw = f"{w1.lower()}-{w2.lower()}-{ri(2, 99)}{ch(syms)}"
    if urlsafe:
        pw = pw.replace("@", "a")
    return pw


def gen_card():
    t = ch(["visa", "mc", "mc2", "amex", "elo", "disc"])
    if t == "visa":
        n = luhn_complete("4" + rs(DIG, 14))
    elif t == "mc":
        n = luhn_complete(str(ri(51, 55)) + rs(DIG, 13))
    elif t == "mc2":
        n = luhn_complete(str(ri(2221, 2720)) + rs(DIG, 11))
    elif t == "amex":
        n = luhn_complete(ch(["34", "37"]) + rs(DIG, 12))
    elif t == "elo":
        n = luhn_complete(ch(["636368", "504175", "451416", "438935", "636297"]) + rs(DIG, 9))
    else:
        n = luhn_complete("6011" + rs(DIG, 11))
    fmt = ri(0, 2)
    if fmt == 0:
        return n
    sep = " " if fmt == 1 else "-"
    if len(n) == 15:
        return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))


def gen_ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    return f"{a:03d}-{ri(1, 99):02d}-{ri(1, 9999):04d}"


def gen_public_ip():
    while True:
        a = ch([177, 179, 186, 187, 189, 191, 200, 201, 41, 105, 102, 196, 154, 1, 101, 110, 120, 139, 144, 150, 58, 49, 52, 54, 34, 35, 13, 18, 3, 44])
        parts = (a, ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public_ok(*parts):
            return ".".join(map(str, parts))


def iban_pt():
    bank = ch(["0033", "0035", "0010", "0036", "0018", "0045", "0007"])
    base = bank + f"{ri(0, 9999):04d}" + f"{ri(0, 10 ** 11 - 1):011d}"
    key = 98 - (int(base) * 100) % 97
    return make_iban("PT", base + f"{key:02d}")


def iban_fr():
    bank = ch(["30004", "30003", "10278", "11306", "30002", "18206", "13807"])
    gui = f"{ri(0, 99999):05d}"
    acct = f"{ri(0, 10 ** 11 - 1):011d}"
    key = 97 - ((89 * int(bank) + 15 * int(gui) + 3 * int(acct)) % 97)
    return make_iban("FR", bank + gui + acct + f"{key:02d}")


def de_method00(a9):
    tot = 0
    for i, c in enumerate(reversed(a9)):
        p = int(c) * (2 if i % 2 == 0 else 1)
        tot += p // 10 + p % 10
    return str((10 - tot % 10) % 10)


def iban_de():
    blz = ch(["10010010", "37040044", "50010517", "70150000", "20050550", "60050101", "86055592"])
    a9 = f"{ri(10 ** 6, 10 ** 9 - 1):09d}"
    return make_iban("DE", blz + a9 + de_method00(a9))


def gen_iban(cc=None):
    cc = cc or ch(["PT", "FR", "DE"])
    v = {"PT": iban_pt, "FR": iban_fr, "DE": iban_de}[cc]()
    return group4(v) if rng.random() < 0.5 else v


def gen_jwt():
    alg = ch(["HS256", "RS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = rs(B62 + "-_", 22)
    iat = epoch(rdt())
    pl = ch([{"sub": uuid4(), "iss": "https://auth.mavunolabs.com/", "aud": "fieldbook-api", "iat": iat, "exp": iat + 3600,
              "farm_id": f"F{ri(100, 9999)}", "roles": ["agronomo"]},
             {"sub": f"usr_{rs(B62, 12)}", "tenant": ch(["coop-sorriso", "chama-nakuru", "wheatbelt-trial"]), "iat": iat, "exp": iat + 86400,
              "scope": "payouts:read trades:write"},
             {"sub": str(ri(10 ** 5, 10 ** 7)), "name_hint": "field app", "device": f"android-{rhex(8)}", "iat": iat, "exp": iat + 900}])
    sig = rbytes(32 if alg == "HS256" else 256)
    return (b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode())
            + "." + b64u(sig))


def gen_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)


def gen_aws_secret():
    return rs(B62 + "+/", 40)


def crc_b62(s):
    v = zlib.crc32(s.encode()) & 0xFFFFFFFF
    out = ""
    while v:
        v, r = divmod(v, 62)
        out = B62[r] + out
    return out.rjust(6, "0")


def gen_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + crc_b62(body)


def gen_gh_fine():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def gen_slack_bot():
    return f"xoxb-{ri(10 ** 9, 10 ** 13 - 1)}-{ri(10 ** 12, 10 ** 13 - 1)}-{rs(B62, 24)}"


def gen_slack_user():
    return f"xoxp-{ri(10 ** 9, 10 ** 13 - 1)}-{ri(10 ** 9, 10 ** 13 - 1)}-{ri(10 ** 12, 10 ** 13 - 1)}-{rhex(32)}"


def gen_openai():
    t = ri(0, 2)
    if t == 0:
        return "sk-proj-" + rs(B62 + "-_", 58) + "T3BlbkFJ" + rs(B62 + "-_", 58)
    if t == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 58) + "T3BlbkFJ" + rs(B62 + "-_", 58)


def gen_anthropic():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


# ---- private keys -----------------------------------------------------------
P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
P256_G = (0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
          0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5)


def ec_add(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    if P[0] == Q[0] and (P[1] + Q[1]) % P256_P == 0:
        return None
    if P == Q:
        lam = (3 * P[0] * P[0] - 3) * pow(2 * P[1], -1, P256_P) % P256_P
    else:
        lam = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, P256_P) % P256_P
    x = (lam * lam - P[0] - Q[0]) % P256_P
    return (x, (lam * (P[0] - x) - P[1]) % P256_P)


def ec_mul(k, P):
    R = None
    while k:
        if k & 1:
            R = ec_add(R, P)
        P = ec_add(P, P)
        k >>= 1
    return R


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(x):
    return der(0x02, x.to_bytes(max(1, (x.bit_length() + 8) // 8), "big"))


SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


def is_prime(n):
    for p in SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def gen_prime(bits):
    while True:
        c = rng.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if is_prime(c):
            return c


def key_der(ktype):
    if ktype == "ec":
        d = ri(1, P256_N - 1)
        X, Y = ec_mul(d, P256_G)
        pub = b"\x04" + X.to_bytes(32, "big") + Y.to_bytes(32, "big")
        return "EC PRIVATE KEY", der(0x30, der_int(1) + der(0x04, d.to_bytes(32, "big"))
                                     + der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107")))
                                     + der(0xA1, der(0x03, b"\x00" + pub))), 64
    if ktype == "ed25519":
        return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32), 64
    if ktype == "rsa":
        e = 65537
        while True:
            p, q = gen_prime(1024), gen_prime(1024)
            phi = (p - 1) * (q - 1)
            if p != q and math.gcd(e, phi) == 1:
                break
        d = pow(e, -1, phi)
        body = b"".join(der_int(x) for x in (0, p * q, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)))
        return "RSA PRIVATE KEY", der(0x30, body), 64

    def sshstr(b):
        return struct.pack(">I", len(b)) + b
    pub, seed = rbytes(32), rbytes(32)
    pubblob = sshstr(b"ssh-ed25519") + sshstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sshstr(b"ssh-ed25519") + sshstr(pub) + sshstr(seed + pub) + sshstr(ch([b"drone-ingest", b"gw-fleet", b"ci-deploy"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1)
            + sshstr(pubblob) + sshstr(priv))
    return "OPENSSH PRIVATE KEY", blob, 70


def pem_lines(ktype):
    label, blob, width = key_der(ktype)
    s = b64(blob)
    return label, [s[i:i + width] for i in range(0, len(s), width)]


# ----------------------------------------------------------------------------
# POSITIVE templates (single kind). Each returns text; value is v.
# ----------------------------------------------------------------------------
POS_T = {
    "email_address": [
        lambda v: f"pode mandar o contrato de venda da soja pro {v}, ele que assina pela cooperativa",
        lambda v: f"Habari, barua pepe ya mhasibu wa chama ni {v}, tafadhali mtumie ripoti ya malipo ya Oktoba.",
        lambda v: fence(f"[alerts]\nnotify = [\"{v}\"]\nsoil_moisture_min = {ri(12, 22)}.5\nchannel = \"#alertas-{ch(['mt', 'go', 'pr'])}\"", "toml"),
        lambda v: f"can someone add {v} to the {ch(SITES_AU)} pilot channel? she's the agronomist on site",
        lambda v: json.dumps({"level": "warn", "msg": "invite bounced", "to": v, "tenant": ch(["coop-sorriso", "chama-nakuru"])}),
    ],
    "phone_number": [
        ("br", lambda v: f"meu zap pra falar da entrega dos drones: {v}"),
        ("ke", lambda v: f"Mpigie msimamizi wa shamba kwa {v} kabla ya saa nne asubuhi, gateway ya LoRa imezimika tena."),
        ("au", lambda v: f"after-hours contact for the {ch(SITES_AU)} weighbridge: {v} (ask for the site foreman)"),
        (None, lambda v: fence(f"farm_code,contact_phone,region\nF-{ri(100, 999)},{v},{ch(SITES_BR + SITES_KE + SITES_AU)}\nF-{ri(100, 999)},,", "csv")),
        ("us", lambda v: f"the Iowa buyer's desk line is {v}, they want confirmation before 3pm Central"),
        ("ke", lambda v: f"Kwa M-Pesa tumia namba {v} (mweka hazina wa chama cha {ch(SITES_KE)})"),
    ],
    "password": [
        ("pt", lambda v: f"senha do painel do ChirpStack da fazenda {ch(SITES_BR)}: {v}"),
        ("sw", lambda v: f"nenosiri la Wi-Fi ya ghala ni {v} (usiliweke kwenye kundi la WhatsApp)"),
        (None, lambda v: fence(f"spring.datasource.url=jdbc:postgresql://graindesk-db.mavuno.internal:5432/trades\nspring.datasource.username=graindesk_app\nspring.datasource.password={v}", "properties")),
        (None, lambda v: f"`Server=sql-coopay.mavuno.internal;Database=Repasses;User Id=coopay_svc;Password={v};TrustServerCertificate=True`"),
        ("sw", lambda v: fence(f"mqtt:\n  host: lns.mavuno.internal\n  port: 8883\n  username: soilnet-bridge\n  password: \"{v}\"", "yaml")),
        ("en", lambda v: f"pw for the drone hangar NAS is {v}, same as last season, I know, I know"),
        ("pt", lambda v: f"`PGPASSWORD='{v}' psql -h 10.20.{ri(0, 9)}.{ri(2, 250)} -U agro_ro -d fieldbook -c 'select count(*) from talhões;'`"),
        ("pt", lambda v: f"a senha nova do wifi do galpão ficou {v}, troquei ontem depois da colheita"),
        ("en", lambda v: f"`host=db.mavuno.internal port=5432 dbname=soilnet user=ingest password={v} sslmode=require`"),
    ],
    "url_credentials": [
        lambda v: f"a url do banco de prod é essa, não commita:\n`DATABASE_URL=postgres://graindesk:{v}@graindesk-prod.c{rs(LO + DIG, 10)}.sa-east-1.rds.amazonaws.com:5432/trades`",
        lambda v: fence(f"[integration.mqtt]\nserver = \"mqtts://gw-{ch(['nakuru', 'eldoret', 'kericho'])}:{v}@lns.mavunolabs.com:8883\"\nqos = 1", "toml"),
        lambda v: f"tumia hii kuunganisha na foleni: `amqps://coopay:{v}@mq.mavunolabs.com:5671/pagamentos`",
        lambda v: f"`mongodb+srv://skyscan:{v}@imagery.{rs(LO + DIG, 5)}.mongodb.net/flights?retryWrites=true&w=majority`",
        lambda v: f"REDIS_URL=redis://default:{v}@cache-ke.mavunolabs.com:6380/0",
        lambda v: f"`git clone https://deploy-bot:{v}@git.mavunolabs.com/agro/soilnet-firmware.git`",
        lambda v: f"drone upload target for {ch(SITES_AU)}: sftp://dronefeed:{v}@ftp.mavunolabs.com.au/uploads",
    ],
    "ipv4_address": [
        lambda v: f"o gateway LoRa da fazenda está respondendo no IP {v}, libera no firewall",
        lambda v: f"allowlist the Daraja callback source {v} on the coopay ingress",
        lambda v: f"`{iso(rdt())} sshd[{ri(1000, 60000)}]: Failed password for invalid user admin from {v} port {ri(30000, 65000)} ssh2`",
        lambda v: f"Anwani ya IP ya seva ya ghala ni {v}, tafadhali iongeze kwenye orodha ya ruhusa",
        lambda v: f'`{v} - - [{rdt():%d/%b/%Y:%H:%M:%S} +0000] "GET /v1/fields HTTP/1.1" 200 {ri(200, 90000)} "-" "okhttp/4.12.0"`',
    ],
    "iban": [
        ("PT", lambda v: f"pagamento do fornecedor de drones (Portugal): IBAN {v}"),
        ("FR", lambda v: f"Facture F-{ri(2025, 2026)}-{ri(100, 999)}: merci de virer sur {v} (semences, lot {ri(1, 40)})"),
        ("DE", lambda v: f"Bitte überweisen Sie auf {v}, Verwendungszweck: Bodensensoren Charge {ri(1, 20)}"),
        ("DE", lambda v: f"Malipo kwa msambazaji wa sensa wa Ujerumani: IBAN {v}"),
        (None, lambda v: fence(f"beneficiary,iban,currency,amount\nsupplier-{ri(10, 99)},{v},EUR,{ri(1000, 90000)}.00", "csv")),
        (None, lambda v: fence(json.dumps({"payee": f"supplier-{ri(10, 99)}", "iban": v, "currency": "EUR"}, indent=2), "json")),
    ],
    "credit_card": [
        lambda v: f"passa no cartão da empresa: {v} val {ri(1, 12):02d}/{ri(26, 30)}",
        lambda v: f"card for the drone care renewal: {v}, exp {ri(1, 12):02d}/{ri(26, 30)}",
        lambda v: f"Lipa kwa kadi hii: {v}",
        lambda v: f"`{iso(rdt())} ERROR coopay-ledger payment failed pan={v} reason=do_not_honor`",
        lambda v: f"o cartão corporativo novo é {v}, usa pra pagar a assinatura das imagens de satélite",
    ],
    "jwt": [
        lambda v: f"`curl -H \"Authorization: Bearer {v}\" https://api.mavunolabs.com/v2/fields`",
        lambda v: f"token do app de campo que tá dando 401: {v}",
        lambda v: f"Cookie: session={v}",
        lambda v: f"Tumia tokeni hii kwa majaribio: {v}",
        lambda v: fence(json.dumps({"access_token": v, "token_type": "Bearer", "expires_in": 3600}), "json"),
    ],
    "aws_access_key_id": [
        lambda v: f"the key id for the drone bucket is {v}, secret I'll DM you",
        lambda v: f"`An error occurred (AccessDenied) when calling the PutObject operation: User with access key {v} is not authorized`",
        lambda v: f"AWS_ACCESS_KEY_ID={v}",
    ],
    "aws_secret_access_key": [
        lambda v: fence(f"[skyscan-upload]\naws_secret_access_key = {v}", "ini"),
        lambda v: f"AWS_SECRET_ACCESS_KEY={v}",
        lambda v: f"secret do bucket das imagens de drone: {v}",
    ],
    "github_classic_pat": [
        lambda v: f"GH_TOKEN={v}",
        lambda v: f"`//npm.pkg.github.com/:_authToken={v}` no .npmrc do app",
        lambda v: f"tokeni yangu ya GitHub kwa CI: {v}",
        lambda v: f"`echo {v} | docker login ghcr.io -u mavuno-ci --password-stdin`",
    ],
    "github_fine_grained_pat": [
        lambda v: f"fine-grained token for the firmware repo (read-only): {v}",
        lambda v: fence(f"env:\n  GITHUB_TOKEN: {v}", "yaml"),
        lambda v: f"usa esse token pra baixar os releases: {v}",
    ],
    "slack_bot_token": [
        lambda v: f"SLACK_BOT_TOKEN={v}",
        lambda v: f"token do bot de alertas de umidade: {v}",
        lambda v: fence(f"app = App(token=\"{v}\", signing_secret=os.environ[\"SLACK_SIGNING_SECRET\"])", "python"),
        lambda v: f"Tokeni ya bot ya arifa za mvua: {v}",
    ],
    "slack_user_token": [
        lambda v: f"use my user token for the export script: {v}",
        lambda v: f"`curl -H 'Authorization: Bearer {v}' https://slack.com/api/conversations.history?channel=C0{rs(UP + DIG, 9)}`",
        lambda v: f"o token de usuário pra migrar os canais e {v}",
    ],
    "openai_api_key": [
        lambda v: f"OPENAI_API_KEY={v}",
        lambda v: f"chave do assistente agronômico (OpenAI): {v}",
        lambda v: fence(f"client = OpenAI(api_key=\"{v}\")", "python"),
        lambda v: f"Ufunguo wa OpenAI kwa bot ya ushauri wa kilimo: {v}",
    ],
    "anthropic_api_key": [
        lambda v: f"ANTHROPIC_API_KEY={v}",
        lambda v: fence(f"const client = new Anthropic({{ apiKey: \"{v}\" }});", "ts"),
        lambda v: f"chave da Anthropic pro resumo de laudos de solo: {v}",
        lambda v: f"Ufunguo wa Anthropic wa majaribio: {v}",
    ],
    "us_ssn": [
        lambda v: f"W-9 do consultor de Iowa: SSN {v}",
        lambda v: f"payroll: new hire at the Des Moines office, SSN {v}, start date Monday",
        lambda v: fence(f"contractor_id,ssn,state\nC-{ri(100, 999)},{v},IA", "csv"),
        lambda v: f"SSN ya mshauri wa Marekani kwa fomu ya kodi: {v}",
    ],
}


def pem_text(layout, label, lines):
    """Returns (text, value) for a PEM key in the given layout."""
    begin, end = f"-----BEGIN {label}-----", f"-----END {label}-----"
    if layout == 0:
        intro = ch(["chave do gateway de drones, não perde:", "here's the deploy key for the tiler box:", "ufunguo wa seva ya ghala:"])
        return intro + "\n" + fence("\n".join([begin] + lines + [end])), "\n".join(lines)
    if layout == 1:
        val = "\\n".join(lines)
        body = json.dumps({"type": "service_key", "key_id": rhex(40), "client": ch(NS)}, indent=2)[:-2]
        text = body + f',\n  "private_key": "{begin}\\n{val}\\n{end}\\n"\n}}'
        return fence(text, "json"), val
    if layout == 2:
        ind = "    "
        val = ("\n" + ind).join(lines)
        text = (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {ch(NS)}-ssh\ntype: Opaque\nstringData:\n  key.pem: |\n"
                + "\n".join(ind + x for x in [begin] + lines + [end]))
        return fence(text, "yaml"), val
    if layout == 3:
        ind = "    "
        val = ("\n" + ind).join(lines)
        text = (f"resource \"tls_locally_signed_cert\" \"gw\" {{\n  ca_private_key_pem = <<-EOT\n"
                + "\n".join(ind + x for x in [begin] + lines + [end]) + "\n  EOT\n}")
        return fence(text, "hcl"), val
    return ch(["Hii ndiyo funguo ya kuingia kwenye gateway, usiishiriki:", "segue a chave, cola no ~/.ssh/:"]) + "\n" + \
        "\n".join([begin] + lines + [end]), "\n".join(lines)


# ----------------------------------------------------------------------------
# multi-secret templates
# ----------------------------------------------------------------------------
def m_aws_pair(i):
    k, s = gen_aws_id(), gen_aws_secret()
    forms = [
        lambda: fence(f"[skyscan-{ch(['prod', 'upload', 'ci'])}]\naws_access_key_id = {k}\naws_secret_access_key = {s}\nregion = {ch(REGIONS)}", "ini"),
        lambda: f"export AWS_ACCESS_KEY_ID={k}\nexport AWS_SECRET_ACCESS_KEY={s}",
        lambda: fence(f"provider \"aws\" {{\n  region     = \"{ch(REGIONS)}\"\n  access_key = \"{k}\"\n  secret_key = \"{s}\"\n}}", "hcl"),
        lambda: fence(f"s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"{k}\",\n    aws_secret_access_key=\"{s}\",\n)", "python"),
    ]
    return forms[i % 4](), [("aws_access_key_id", k), ("aws_secret_access_key", s)], "aws_pair"


def m_contact(i):
    c = ["br", "ke", "au"][i % 3]
    e, p = gen_email(c), gen_phone(c)
    forms = [
        lambda: f"contato do comprador novo: {e} / {p}",
        lambda: f"Mawasiliano ya afisa ugani: barua pepe {e}, simu {p}",
        lambda: f"site contact for the trial:\nemail: {e}\nmobile: {p}",
    ]
    return forms[i % 3](), [("email_address", e), ("phone_number", p)], "contact"


def m_pw_ip(i):
    pw, ip = gen_password(), gen_public_ip()
    forms = [
        lambda: f"acesso ao gateway da fazenda: ssh admin@{ip} senha {pw}",
        lambda: f"router ya ghala: IP {ip}, nenosiri {pw}",
    ]
    return forms[i % 2](), [("password", pw), ("ipv4_address", ip)], "password_ip"


def m_url_ip(i):
    pw, ip = gen_password(urlsafe=True), gen_public_ip()
    forms = [
        lambda: f"`psql postgres://reporting:{pw}@{ip}:5432/graindesk` (o IP fixo do RDS público, eu sei, vamos fechar)",
        lambda: f"MQTT_URL=mqtt://gw:{pw}@{ip}:1883",
    ]
    return forms[i % 2](), [("url_credentials", pw), ("ipv4_address", ip)], "url_ip"


def m_iban_email(i):
    cc = ["PT", "DE"][i % 2]
    ib, e = gen_iban(cc), gen_email(ch(["br", "au"]))
    forms = [
        lambda: f"dados do fornecedor português: IBAN {ib}, faturas para {e}",
        lambda: f"German sensor vendor updated their bank details: {ib}\nremittance advice to {e}",
    ]
    return forms[i % 2](), [("iban", ib), ("email_address", e)], "iban_email"


def m_card_phone(i):
    c, p = gen_card(), gen_phone("ke")
    return f"Kadi ya kampuni {c}; benki ikipiga, namba ya mhasibu ni {p}", [("credit_card", c), ("phone_number", p)], "card_phone"


def m_slack_pair(i):
    b, u = gen_slack_bot(), gen_slack_user()
    return (fence(f"SLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}", "bash") + "\ntokens do bot de safra, não compartilhar",
            [("slack_bot_token", b), ("slack_user_token", u)], "slack_pair")


def m_ai_pair(i):
    o, a = gen_openai(), gen_anthropic()
    return (fence(f"# agronomy assistant\nOPENAI_API_KEY={o}\nANTHROPIC_API_KEY={a}\nMODEL_FALLBACK=true", "bash"),
            [("openai_api_key", o), ("anthropic_api_key", a)], "ai_pair")


def m_gh_pair(i):
    c, f = gen_ghp(), gen_gh_fine()
    return (f"old classic token {c} is being retired, use the fine-grained one instead: {f}",
            [("github_classic_pat", c), ("github_fine_grained_pat", f)], "github_pair")


def m_jwt_url(i):
    j, pw = gen_jwt(), gen_password(urlsafe=True)
    return (f"pra reproduzir o bug:\n1. `export TOKEN={j}`\n2. `export DB=postgres://qa:{pw}@qa-db.mavuno.internal/fieldbook`\n3. `make repro`",
            [("jwt", j), ("url_credentials", pw)], "jwt_url")


def m_ssn_email(i):
    s, e = gen_ssn(), gen_email("us")
    return (f"1099 for the Iowa agronomist: SSN {s}, send the form to {e}",
            [("us_ssn", s), ("email_address", e)], "ssn_email")


def m_pem_ip(i):
    ip = gen_public_ip()
    label, lines = pem_lines("openssh")
    text = f"acesso ao bastion {ip} (usuário ubuntu), chave abaixo:\n" + fence("\n".join([f"-----BEGIN {label}-----"] + lines + [f"-----END {label}-----"]))
    return text, [("private_key_pem", "\n".join(lines)), ("ipv4_address", ip)], "pem_ip"


MULTI = [(m_aws_pair, 4), (m_contact, 3), (m_pw_ip, 2), (m_url_ip, 2), (m_iban_email, 2), (m_card_phone, 1), (m_slack_pair, 1),
         (m_ai_pair, 1), (m_gh_pair, 1), (m_jwt_url, 1), (m_ssn_email, 1), (m_pem_ip, 1)]
QUOTA = {k: 10 for k in ["email_address", "phone_number", "password", "url_credentials", "ipv4_address", "iban", "credit_card", "jwt"]}
QUOTA.update({k: 9 for k in ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat",
                             "slack_bot_token", "slack_user_token", "openai_api_key", "anthropic_api_key", "private_key_pem", "us_ssn"]})
PEM_PLAN = ["ec", "ed25519", "rsa", "openssh", "ec", "ed25519", "rsa", "ec"]


def single_positive(kind, idx):
    if kind == "private_key_pem":
        ktype = PEM_PLAN[idx]
        layout = idx % 5
        label, lines = pem_lines(ktype)
        text, val = pem_text(layout, label, lines)
        return text, [(kind, val)], f"private_key_pem:{ktype}:layout{layout}"
    temps = POS_T[kind]
    t = idx % len(temps)
    tmpl = temps[t]
    if kind == "phone_number":
        country, fn = tmpl
        v = gen_phone(country or ch(["br", "ke", "au", "us"]))
    elif kind == "iban":
        cc, fn = tmpl
        v = gen_iban(cc)
    elif kind == "password":
        lang, fn = tmpl
        v = gen_password(lang)
    else:
        fn = tmpl
        v = {"email_address": gen_email, "url_credentials": lambda: gen_password(urlsafe=True),
             "ipv4_address": gen_public_ip, "credit_card": gen_card, "jwt": gen_jwt, "aws_access_key_id": gen_aws_id,
             "aws_secret_access_key": gen_aws_secret, "github_classic_pat": gen_ghp, "github_fine_grained_pat": gen_gh_fine,
             "slack_bot_token": gen_slack_bot, "slack_user_token": gen_slack_user, "openai_api_key": gen_openai,
             "anthropic_api_key": gen_anthropic, "us_ssn": gen_ssn}[kind]()
    return fn(v), [(kind, v)], f"{kind}:t{t}"


# ----------------------------------------------------------------------------
# checks on positives
# ----------------------------------------------------------------------------
def check_secret(kind, v):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"[ -]", "", v)), v
    elif kind == "iban":
        assert iban_valid(v), v
        c = v.replace(" ", "")
        if c.startswith("PT"):
            assert c[2:4] == "50" and (int(c[4:23]) * 100 + int(c[23:25])) % 97 == 1, v
        if c.startswith("FR"):
            b, g, a, k = c[4:9], c[9:14], c[14:25], c[25:27]
            assert (89 * int(b) + 15 * int(g) + 3 * int(a) + int(k)) % 97 == 0, v
        if c.startswith("DE"):
            assert de_method00(c[12:21]) == c[21], v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        assert ip_public_ok(*map(int, v.split("."))), v
    elif kind == "jwt":
        h, p, _s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode("".join(v.replace("\\n", "\n").split()), validate=True)
    elif kind == "github_classic_pat":
        assert crc_b62(v[4:34]) == v[34:], v
    elif kind == "anthropic_api_key":
        assert len(v) == 108 and v.endswith("AA")
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)


# ----------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------
NEG_CATS = [("data_uri_base64", DATA_URI_T), ("placeholder_example", PLACEHOLDER_T), ("code_identifier", CODE_T),
            ("non_credential_blob", BLOB_T), ("pii_lookalike_number", PII_T), ("talk_about_secrets", TALK_T)]


def build_negatives(report):
    seen = set()
    out = []
    for cat, temps in NEG_CATS:
        got = 0
        k = 0
        while got < 100:
            fn = temps[k % len(temps)]
            k += 1
            for _attempt in range(300):
                text = wrap(fn(), 0.15, 0.07, LEAD_NEG, TRAIL_NEG)
                if text.count("\n") >= 35:
                    report.setdefault("too_long", []).append((cat, fn.__name__, str(text.count("\n") + 1)))
                    continue
                hits = scan(text)
                if hits:
                    for kind, val in hits:
                        report.setdefault(kind, []).append((cat, fn.__name__, val[:60]))
                    continue
                if text in seen:
                    continue
                break
            else:
                raise SystemExit(f"template {fn.__name__} cannot produce a clean distinct text")
            seen.add(text)
            out.append({"text": text, "category": cat})
            got += 1
    return out


def spans(text, sub):
    out, i = [], text.find(sub)
    while i >= 0:
        out.append((i, i + len(sub)))
        i = text.find(sub, i + 1)
    return out


def overlaps(text, found, labels):
    """True when every occurrence of a scanner hit intersects a labelled value."""
    lab = [sp for _k, lv in labels for sp in spans(text, lv)]
    occ = spans(text, found)
    if not occ:
        return True
    return all(any(a < d and c < b for c, d in lab) for a, b in occ)


def build_positives(redraws):
    plan = []
    for fn, count in MULTI:
        for i in range(count):
            plan.append(("multi", fn, i))
    # count secrets already taken by the multi templates (known statically)
    multi_counts = {"aws_access_key_id": 4, "aws_secret_access_key": 4, "email_address": 6, "phone_number": 4, "password": 2,
                    "ipv4_address": 5, "url_credentials": 3, "iban": 2, "credit_card": 1, "slack_bot_token": 1, "slack_user_token": 1,
                    "openai_api_key": 1, "anthropic_api_key": 1, "github_classic_pat": 1, "github_fine_grained_pat": 1, "jwt": 1,
                    "us_ssn": 1, "private_key_pem": 1}
    for kind, q in QUOTA.items():
        for idx in range(q - multi_counts[kind]):
            plan.append(("single", kind, idx))
    recs = []
    for entry in plan:
        for _attempt in range(50):
            if entry[0] == "multi":
                fn, i = entry[1], entry[2]
                text, secrets, name = fn(i)
                context = f"multi:{name}:{i}"
            else:
                text, secrets, context = single_positive(entry[1], entry[2])
            text = wrap(text, 0.08, 0.04, LEAD_POS, TRAIL_POS)
            extra = [(k, v) for k, v in scan(text) if not (k == "pem_private_key") and not overlaps(text, v, secrets)]
            if extra:
                redraws.append((context, extra))
                continue
            break
        else:
            raise SystemExit(f"cannot build clean positive {entry}")
        for kind, v in secrets:
            assert v in text, (kind, v)
            check_secret(kind, v)
        recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": context})
    return recs


def main():
    report = {}
    negs = build_negatives(report)
    redraws = []
    poss = build_positives(redraws)
    rng.shuffle(negs)
    rng.shuffle(poss)
    neg_lines = []
    for i, r in enumerate(negs, 1):
        neg_lines.append(json.dumps({"id": f"h{N}n-{i:04d}", "text": r["text"], "category": r["category"]}, ensure_ascii=False))
    pos_lines = []
    for i, r in enumerate(poss, 1):
        pos_lines.append(json.dumps({"id": f"h{N}p-{i:04d}", "text": r["text"], "secrets": r["secrets"], "context": r["context"]}, ensure_ascii=False))
    with open(os.path.join(HERE, f"redaction{N}_negatives.jsonl"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(neg_lines) + "\n")
    with open(os.path.join(HERE, f"redaction{N}_positives.jsonl"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(pos_lines) + "\n")

    # ---- report --------------------------------------------------------------
    texts = [r["text"] for r in negs]
    assert len(set(texts)) == 600
    cats = {}
    for r in negs:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    print("negatives:", len(negs), cats)
    print("scanner redraws while building negatives (kind: count, examples):")
    for kind in sorted(report):
        ex = sorted({v for _c, _f, v in report[kind]})[:3]
        print(f"  {kind}: {len(report[kind])}  e.g. {ex}")
    final = [h for t in texts for h in scan(t)]
    print("scanner findings on final negatives:", len(final))
    kinds = {}
    nsec = 0
    for r in poss:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
            nsec += 1
    print("positives:", len(poss), "texts,", nsec, "secrets,", sum(1 for r in poss if len(r["secrets"]) == 2), "with two")
    print("  per kind:", dict(sorted(kinds.items())))
    assert kinds == QUOTA and nsec == 170 and len(poss) == 150
    print("positive redraws (unlabelled scanner hits):", len(redraws), [c for c, _ in redraws][:10])
    scan_kind = {"email_address": "email", "github_classic_pat": "github_token", "github_fine_grained_pat": "github_token",
                 "slack_bot_token": "slack_token", "slack_user_token": "slack_token", "openai_api_key": "vendor_key",
                 "anthropic_api_key": "vendor_key", "jwt": "jwt", "aws_access_key_id": "aws_key_id", "us_ssn": "ssn_shape",
                 "iban": "iban", "ipv4_address": "public_ipv4", "private_key_pem": "pem_private_key"}
    missed = []
    for r in poss:
        hits = scan(r["text"])
        for s in r["secrets"]:
            k = s["kind"]
            if k == "credit_card":
                ok = any(h[0].startswith("luhn") and h[1].replace(" ", "") == re.sub(r"[ -]", "", s["value"]) for h in hits)
            elif k == "phone_number":
                ok = any(h[0].startswith("phone_") and (h[1] in s["value"] or s["value"] in h[1]) for h in hits)
            elif k in scan_kind:
                ok = any(h[0] == scan_kind[k] and (k == "private_key_pem" or h[1] in s["value"] or s["value"] in h[1]) for h in hits)
            else:
                continue
            if not ok:
                missed.append((k, s["value"][:40]))
    print("scanner misses on positives (kinds it covers):", missed)


if __name__ == "__main__":
    main()
