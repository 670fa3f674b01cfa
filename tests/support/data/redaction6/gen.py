#!/usr/bin/env python3
"""Generator for redaction corpus #6 (development set).

Writes redaction6_negatives.jsonl (480 hard negatives, 6 categories x 80) and
redaction6_positives.jsonl (120 messages with labelled fake secrets / personal
data) next to this script.  Standard library only; deterministic
(random.Random(6062026)), two runs give byte-identical files.

Run:  python3 gen.py
"""
import base64
import gzip
import io
import ipaddress
import json
import math
import os
import re
import string
import struct
import sys
import zipfile
import zlib
import random
from collections import Counter

R = random.Random(6062026)
HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------
HEX = "0123456789abcdef"
B62 = string.digits + string.ascii_letters
UP32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B64C = string.ascii_letters + string.digits + "+/"
B64U = string.ascii_letters + string.digits + "-_"


def ch(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def rs(n, alpha=B62):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(n, HEX)


def rb(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = list(hx(32))
    h[12] = "4"
    h[16] = ch("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def digits(n, first_nonzero=True):
    s = str(ri(1, 9)) if first_nonzero else str(ri(0, 9))
    return s + "".join(str(ri(0, 9)) for _ in range(n - 1))


def cols(s, n):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def trunc(s, keep):
    if len(s) <= keep:
        return s
    return s[:keep] + ch(["…", "...", f"...[{len(s) - keep} more chars]", " (truncated)", "…<snip>"])


def luhn_ok(d):
    tot = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2:
            n *= 2
            if n > 9:
                n -= 9
        tot += n
    return tot % 10 == 0


def luhn_complete(prefix):
    for c in "0123456789":
        if luhn_ok(prefix + c):
            return prefix + c
    raise AssertionError


def _iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_ok(s):
    s = s.replace(" ", "").upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", s):
        return False
    return _iban_num(s[4:] + s[:4]) % 97 == 1


def iban_make(cc, bban):
    chk = 98 - _iban_num(bban + cc + "00") % 97
    return f"{cc}{chk:02d}{bban}"


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def is_public_ip(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_global and not ip.is_multicast and not ip.is_reserved


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})[- ]?(\d{2})[- ]?(\d{4})", s)
    if not m:
        return False
    a, g, n = m.groups()
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and n != "0000" and s.replace(" ", "-") not in ("078-05-1120", "219-09-9999")


# --------------------------------------------------------------------------
# real file bytes
# --------------------------------------------------------------------------
def png_bytes(w=None, h=None):
    w = w or ri(1, 6)
    h = h or ri(1, 6)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

    cols_ = [bytes([ri(0, 255), ri(0, 255), ri(0, 255), ch([255, 255, 128, 0])]) for _ in range(2)]
    raw = b"".join(b"\x00" + b"".join(cols_[(x + y) % 2 if w > 1 else 0] for x in range(w)) for y in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_bytes():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes([ri(0, 255) for _ in range(3)]) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00" + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def bmp_bytes():
    w, h = ri(1, 4), ri(1, 4)
    c = bytes([ri(0, 255), ri(0, 255), ri(0, 255)])
    row = (w * 3 + 3) // 4 * 4
    pix = b"".join(c * w + b"\x00" * (row - w * 3) for _ in range(h))
    return (b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54)
            + struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0) + pix)


def ico_bytes():
    p = png_bytes(ri(1, 4), ri(1, 4))
    w, h = struct.unpack(">II", p[16:24])
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", w, h, 0, 0, 1, 32, len(p), 22) + p


def wav_bytes():
    n = ri(16, 40)
    f = ri(2, 6)
    data = b"".join(struct.pack("<h", int(6000 * math.sin(i / f))) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 16000, 2, 16)
            + b"data" + struct.pack("<I", len(data)) + data)


def woff2_bytes():
    n = ri(9, 16)
    return (struct.pack(">4sIIHHIHHIIIII", b"wOF2", 0x00010000, ri(9000, 60000), n, 0, ri(20000, 140000), 1, 0, 0, 0, 0, 0, 0)
            + rb(60))


def ttf_bytes():
    tags = [b"GDEF", b"GPOS", b"OS/2", b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name", b"post"]
    n = len(tags)
    out = struct.pack(">IHHHH", 0x00010000, n, 128, 3, n * 16 - 128)
    off = 12 + 16 * n
    for t in tags:
        ln = ri(32, 4000)
        out += struct.pack(">4sIII", t, R.getrandbits(32), off, ln)
        off += (ln + 3) // 4 * 4
    return out


def otf_bytes():
    return b"OTTO" + ttf_bytes()[4:]


def pdf_bytes():
    return (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            b"3 0 obj<</Type/Page/MediaBox[0 0 " + str(ch([595, 612])).encode() + b" " + str(ch([792, 842])).encode()
            + b"]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")


def wasm_bytes():
    name = ch([b"add", b"sum", b"mix", b"mul"])
    op = b"\x6c" if name == b"mul" else b"\x6a"
    return (b"\x00asm\x01\x00\x00\x00" + b"\x01\x07\x01\x60\x02\x7f\x7f\x01\x7f" + b"\x03\x02\x01\x00"
            + b"\x07\x07\x01\x03" + name + b"\x00\x00" + b"\x0a\x09\x01\x07\x00\x20\x00\x20\x01" + op + b"\x0b")


def sqlite_bytes():
    h = b"SQLite format 3\x00" + struct.pack(">HBBBBBB", 4096, 1, 1, 0, 64, 32, 32)
    h += struct.pack(">IIIIIIIIIIII", ri(1, 90), ri(2, 40), 0, 0, ri(1, 20), 4, 0, 0, 1, 0, 0, 0)
    h += b"\x00" * 20 + struct.pack(">II", ri(1, 90), 3045001)
    return h + b"\x0d\x00\x00\x00\x00\x10\x00\x00"


def gzip_bytes(text):
    return gzip.compress(text.encode(), 9, mtime=0)


def zip_bytes(files):
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            zi = zipfile.ZipInfo(name, date_time=(2026, 1, 15, 9, 30, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.create_system = 3
            z.writestr(zi, data)
    return bio.getvalue()


def pb_varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def pb_msg(fields):
    out = b""
    for num, v in fields:
        if isinstance(v, int):
            out += pb_varint(num << 3) + pb_varint(v)
        else:
            v = v.encode() if isinstance(v, str) else v
            out += pb_varint(num << 3 | 2) + pb_varint(len(v)) + v
    return out


def msgpack_map(d):
    out = bytes([0x80 | len(d)])
    for k, v in d:
        out += bytes([0xA0 | len(k)]) + k.encode()
        if isinstance(v, int):
            out += b"\xce" + struct.pack(">I", v)
        else:
            out += bytes([0xA0 | len(v)]) + v.encode()
    return out


def javaser_bytes(cls):
    return (b"\xac\xed\x00\x05sr" + struct.pack(">H", len(cls)) + cls.encode() + rb(8) + b"\x02\x00\x02J\x00\x02idL\x00\x06statust\x00\x12Ljava/lang/String;xp"
            + struct.pack(">q", ri(10 ** 6, 10 ** 9)) + b"t\x00\x07SHIPPED")


def avro_bytes():
    schema = json.dumps({"type": "record", "name": ch(["PageView", "StockLevel", "SensorReading"]), "fields": [{"name": "ts", "type": "long"}, {"name": "value", "type": "double"}]}, separators=(",", ":")).encode()

    def zz(n):
        return pb_varint((n << 1) ^ (n >> 63))
    return b"Obj\x01" + zz(2) + zz(10) + b"avro.codec" + zz(7) + b"deflate" + zz(11) + b"avro.schema" + zz(len(schema)) + schema + b"\x00" + rb(16)


def svg_text():
    c = "#%06x" % R.getrandbits(24)
    shape = ch([f'<circle cx="12" cy="12" r="{ri(4, 10)}" fill="{c}"/>', f'<rect width="24" height="24" rx="{ri(2, 6)}" fill="{c}"/>',
                f'<path d="M{ri(2, 6)} 12l{ri(4, 6)} {ri(4, 6)}L{ri(18, 22)} {ri(5, 8)}" stroke="{c}" stroke-width="2" fill="none"/>'])
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">{shape}</svg>'


IMAGE_BUILDERS = [("image/png", png_bytes), ("image/gif", gif_bytes), ("image/bmp", bmp_bytes), ("image/x-icon", ico_bytes)]


def some_image():
    mime, f = ch(IMAGE_BUILDERS)
    return mime, b64(f())


# --------------------------------------------------------------------------
# scanner (negatives must produce no hit; positives' leftover text too)
# --------------------------------------------------------------------------
ALLOWED_VERSION_IPS = ["3.14.15.92", "5.2.0.18", "8.1.2.40", "4.8.1.0", "11.0.3.1", "2.7.18.8"]

RE_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}\b")
RE_GH = re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}|\bgithub_pat_[A-Za-z0-9_]{20,}")
RE_SLACK = re.compile(r"\bxox[abposre]-\d")
RE_SK = re.compile(r"(?<![A-Za-z0-9_])sk-[A-Za-z0-9_\-]{29,}")
RE_SKANT = re.compile(r"sk-ant-[A-Za-z0-9_\-]{16,}")
RE_AWS = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
RE_STRIPE = re.compile(r"[sr]k_live_[A-Za-z0-9]{20,}")
RE_GOOGLE = re.compile(r"AIza[0-9A-Za-z_\-]{35}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{4,}")
RE_SSN = re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])")
RE_PEM = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:\s|\\n|\\r)+[A-Za-z0-9+/=:\- ]{0,80}?[A-Za-z0-9+/]{40,}")
RE_DIGRUN = re.compile(r"(?<!\d)\d+(?:[ \-.]\d+)*(?!\d)")
RE_IBAN = re.compile(r"\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]){11,32})")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d)(?!\.\d)")
IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20, "ES": 24, "FI": 18,
            "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
            "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25, "RO": 24, "SA": 24, "SE": 24, "SI": 19, "SK": 24, "TR": 26, "AE": 23, "BR": 29}


def scan(text):
    hits = []
    for m in RE_EMAIL.finditer(text):
        hits.append(("email", m.group()))
    for name, rx in (("github", RE_GH), ("slack", RE_SLACK), ("sk", RE_SK), ("sk-ant", RE_SKANT), ("stripe_live", RE_STRIPE),
                     ("google", RE_GOOGLE), ("jwt", RE_JWT), ("ssn_shape", RE_SSN), ("pem_private", RE_PEM)):
        for m in rx.finditer(text):
            hits.append((name, m.group()))
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group():
            hits.append(("aws_key_id", m.group()))
    for m in RE_DIGRUN.finditer(text):
        groups = re.split(r"[ \-.]", m.group())
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if 13 <= len(tot) <= 19 and luhn_ok(tot):
                    hits.append(("luhn", "".join(groups[i:j + 1])))
                if len(tot) > 19:
                    break
    for m in RE_IBAN.finditer(text):
        cc = m.group(1)
        if cc not in IBAN_LEN:
            continue
        s = (m.group(1) + m.group(2) + m.group(3)).replace(" ", "")
        cands = {s[:IBAN_LEN[cc]], s}
        for c in cands:
            if iban_ok(c):
                hits.append(("iban", c))
    for m in RE_IP.finditer(text):
        ip = m.group(0)
        if all(int(x) <= 255 for x in m.groups()) and is_public_ip(ip) and ip not in ALLOWED_VERSION_IPS:
            hits.append(("public_ipv4", ip))
    return hits


def allowed_hits(text):
    """Deliberate, documented shapes that the scanner reports but that are negatives."""
    out = []
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" in m.group():
            out.append(("aws_doc_example", m.group()))
    for m in RE_IP.finditer(text):
        if m.group(0) in ALLOWED_VERSION_IPS:
            out.append(("version_ipv4", m.group(0)))
    return out


# --------------------------------------------------------------------------
# shared vocabulary
# --------------------------------------------------------------------------
ORGS = ["northwind", "kestrel", "lumenpay", "fjordline", "tanuki", "orbital", "quokka", "brightsea", "hanami", "volkshop", "sardine", "paloma"]
SVCS = ["checkout", "ledger", "notifier", "search-api", "billing", "inventory", "auth-gw", "media-proxy", "payouts", "catalog", "ingest", "reco"]
REGIONS = ["eu-central-1", "us-east-2", "ap-northeast-1", "eu-west-3", "sa-east-1", "ap-south-1", "me-central-1"]
LEADS = ["fyi ", "FYI: ", "Zur Info: ", "Pour info : ", "Para que conste: ", "メモ: ", "参考：", "참고: ", "К сведению: ", "للعلم: ", "नोट: ",
         "Bilgi: ", "ℹ️ ", "Σημείωση: ", "Ter info: ", "Uwaga: ", "לידיעתך: ", "仅供参考：", "Lưu ý: ", "หมายเหตุ: ", "Для довідки: ", "PSA: ", "heads up — "]
TRAILS = ["\nthoughts?", "\n🙏", "\nDanke!", "\nмерси", "\nありがとうございます", "\n谢谢", "\n감사합니다", "\nشكراً", "\n¡gracias!", "\n(sorry for the wall of text)",
          "\nobrigado", "\nteşekkürler", "\nתודה", "\nधन्यवाद", "\n👀", "\nany idea?"]


def org():
    return ch(ORGS)


def svc():
    return ch(SVCS)


def ts_iso():
    return f"2026-{ri(1, 12):02d}-{ri(1, 28):02d}T{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}.{ri(0, 999):03d}Z"


def priv_ip():
    return ch([f"10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}", f"172.{ri(16, 31)}.{ri(0, 255)}.{ri(1, 254)}",
               f"192.168.{ri(0, 255)}.{ri(1, 254)}", f"192.0.2.{ri(1, 254)}", f"198.51.100.{ri(1, 254)}", f"203.0.113.{ri(1, 254)}"])


def T(_tpl, **kw):
    s = _tpl
    for k, v in kw.items():
        s = s.replace("«" + k + "»", str(v))
    assert "«" not in s, s
    return s


# --------------------------------------------------------------------------
# negatives: data_uri_base64
# --------------------------------------------------------------------------
def du_scss():
    mime, data = some_image()
    sel = ch([".badge--new", ".btn-icon::before", ".map-marker", ".avatar-fallback", ".cursor-grab"])
    return T("```scss\n«sel» {\n  width: «w»px;\n  height: «w»px;\n  background: url(\"data:«mime»;base64,«d»\") no-repeat center / contain;\n}\n```\nstylelint complains `function-url-quotes` on this one, ignore?",
             sel=sel, w=ri(8, 32), mime=mime, d=data)


def du_mjml():
    mime, data = some_image()
    return T("Outlook strips this tracking-free spacer in our MJML template:\n```html\n<mj-image src=\"data:«mime»;base64,«d»\" width=\"1px\" alt=\"\" />\n```\nshould we host it on the CDN instead?",
             mime=mime, d=data)


def du_dart():
    d = b64(png_bytes())
    return T("Flutter golden test placeholder:\n```dart\nfinal Uint8List kTransparentPlaceholder = base64Decode(\n  '«d»',\n);\n\nImage.memory(kTransparentPlaceholder, gaplessPlayback: true);\n```", d=d)


def du_swift():
    mime, data = some_image()
    return T("```swift\n// fallback shown while the CDN image loads\nlet placeholderData = Data(base64Encoded: \"«d»\")!\nlet placeholder = UIImage(data: placeholderData)\n```\n`UIImage(data:)` returns nil for the «m» one on iOS 16, works on 17", d=data, m=mime.split("/")[1])


def du_kotlin():
    d = b64(ch([png_bytes, gif_bytes])())
    return T("```kotlin\n@Test\nfun decodesTinyImage() {\n    val bytes = Base64.decode(\"«d»\", Base64.DEFAULT)\n    val bmp = BitmapFactory.decodeByteArray(bytes, 0, bytes.size)\n    assertThat(bmp.width).isEqualTo(«w»)\n}\n```", d=d, w=ri(1, 6))


def du_jupyter():
    d = b64(png_bytes(ri(2, 6), ri(2, 6)))
    return T("the notebook diff is huge because of this output cell, can we strip outputs in pre-commit?\n```json\n\"outputs\": [\n  {\n   \"data\": {\n    \"image/png\": \"«d»\",\n    \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]\n   },\n   \"metadata\": {},\n   \"output_type\": \"display_data\"\n  }\n ],\n```",
             d=d)


def du_gh_contents():
    text = ch(["# " + svc() + "\n\nInternal service. See docs/runbook.md for on-call.\n", "## Build\n\n    make build\n    make test\n",
               "MIT License\n\nCopyright (c) 2026 " + org().title() + "\n"])
    return T("`gh api repos/«o»/«s»/contents/README.md` gives me\n```json\n{\n  \"name\": \"README.md\",\n  \"size\": «n»,\n  \"encoding\": \"base64\",\n  \"content\": \"«c»\"\n}\n```\nwhy the embedded newlines?",
             o=org(), s=svc(), n=len(text), c=cols(b64(text.encode()), 60).replace("\n", "\\n"))


def du_configmap():
    name, f = ch([("filters.wasm", wasm_bytes), ("favicon.ico", ico_bytes), ("beep.wav", wav_bytes)])
    return T("```yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: «s»-static\n  namespace: «s»\nbinaryData:\n  «n»: «d»\n```\nkubectl apply works but ArgoCD shows it OutOfSync forever",
             s=svc(), n=name, d=b64(f()))


def du_kcat():
    msg = pb_msg([(1, f"SKU-{ri(10000, 99999)}"), (2, ri(1, 500)), (3, ri(1_700_000_000, 1_800_000_000)), (4, ch(["WH-BER-2", "WH-OSA-1", "WH-GRU-4"]))])
    return T("payload from the «t» topic (protobuf, base64 because kcat -f '%s'):\n```\n$ kcat -C -b kafka-0.kafka:9092 -t «t» -o -1 -e -f '%k %s\\n' | base64 -w0\n«d»\n```\ndecodes fine with `protoc --decode=inventory.v1.StockChanged`",
             t=ch(["inventory.stock-changed.v1", "wms.movements", "stock-events"]), d=b64(msg))


def du_grpcurl():
    msg = pb_msg([(1, ch(["thumbnail", "preview", "original"])), (2, ri(64, 1024)), (5, png_bytes(2, 2))])
    return T("```\ngrpcurl -plaintext -d '{\"request\": \"«d»\"}' localhost:50051 media.v2.Resize/Render\nERROR:\n  Code: InvalidArgument\n  Desc: field 5: image too small\n```",
             d=b64(msg))


def du_cloudinit():
    cfg = "#cloud-config\npackage_update: true\npackages:\n  - nginx\n  - chrony\nruncmd:\n  - systemctl enable --now nginx\n  - timedatectl set-timezone " + ch(["Europe/Berlin", "Asia/Tokyo", "UTC"]) + "\n"
    return T("```hcl\nresource \"aws_launch_template\" \"«s»\" {\n  name_prefix   = \"«s»-\"\n  instance_type = \"«it»\"\n  user_data     = \"«d»\"\n}\n```\nthat blob is just `base64gzip(file(\"cloud-init.yaml\"))` rendered, nothing sensitive in it",
             s=svc(), it=ch(["t3.small", "m7g.large", "c6i.xlarge"]), d=b64(gzip_bytes(cfg)))


def du_csp():
    mime, data = some_image()
    return T("Console:\n```\nRefused to load the image 'data:«m»;base64,«d»' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.«o».example\".\n```",
             m=mime, d=trunc(data, ri(40, 90)), o=org())


def du_har():
    kind, f = ch([("font/woff2", woff2_bytes), ("font/ttf", ttf_bytes), ("font/otf", otf_bytes)])
    return T("from the HAR export (response body of the font request):\n```json\n\"content\": {\n  \"size\": «n»,\n  \"mimeType\": \"«k»\",\n  \"text\": \"«d»\",\n  \"encoding\": \"base64\"\n}\n```",
             n=ri(9000, 60000), k=kind, d=trunc(b64(f()), ri(60, 120)))


def du_fontface():
    kind, f, fmt = ch([("font/woff2", woff2_bytes, "woff2"), ("font/ttf", ttf_bytes, "truetype"), ("font/otf", otf_bytes, "opentype")])
    return T("```css\n@font-face {\n  font-family: \"«f»\";\n  src: url(data:«k»;base64,«d») format(\"«fmt»\");\n  font-display: swap;\n}\n```",
             f=ch(["Inter Subset", "Noto Sans JP Subset", "IconFont", "Cairo"]), k=kind, d=trunc(b64(f()), ri(70, 140)), fmt=fmt)


def du_mime():
    d = b64(png_bytes(ri(2, 5), ri(2, 5)))
    return T("the newsletter renderer emits this part, Gmail shows it as an attachment:\n```\n------=_Part_«p»\nContent-Type: image/png; name=\"logo.png\"\nContent-Transfer-Encoding: base64\nContent-ID: <logo>\nContent-Disposition: inline\n\n«d»\n------=_Part_«p»--\n```",
             p=f"{ri(1000, 9999)}_{ri(100000, 999999)}", d=cols(d, 76))


def du_file_cmd():
    kind = ch(["png", "gif", "bmp", "pdf", "wasm"])
    f = {"png": png_bytes, "gif": gif_bytes, "bmp": bmp_bytes, "pdf": pdf_bytes, "wasm": wasm_bytes}[kind]
    data = f()
    desc = {"png": "PNG image data, %d x %d, 8-bit/color RGBA, non-interlaced", "gif": "GIF image data, version 89a, 1 x 1",
            "bmp": "PC bitmap, Windows 3.x format, %d x %d x 24", "pdf": "PDF document, version 1.4, 1 pages",
            "wasm": "WebAssembly (wasm) binary module version 0x1 (MVP)"}[kind]
    if kind == "png":
        desc = desc % struct.unpack(">II", data[16:24])
    if kind == "bmp":
        desc = desc % struct.unpack("<ii", data[18:26])
    return T("```\n$ echo '«d»' | base64 -d | file -\n/dev/stdin: «desc»\n```\nso the column really does hold the raw upload, not a token", d=b64(data), desc=desc)


def du_redis():
    payload = json.dumps({"sku": f"SKU-{ri(10000, 99999)}", "stock": ri(0, 900), "warehouse": ch(["BER-2", "OSA-1", "GRU-4"])})
    return T("```\n127.0.0.1:6379> GET cache:stock:«k»\n\"«d»\"\n```\nit's gzip+base64 (`H4sI` prefix), decompressed it's just the stock json",
             k=ri(10000, 99999), d=b64(gzip_bytes(payload)))


def du_es_attach():
    return T("```json\nPUT «i»/_doc/«n»?pipeline=attachment\n{\n  \"filename\": \"«f»\",\n  \"data\": \"«d»\"\n}\n```\n→ `\"content_type\": \"application/pdf\", \"content_length\": 0` because the PDF has no text layer",
             i=ch(["manuals", "datasheets", "kb-docs"]), n=ri(1, 9999), f=ch(["blank-a4.pdf", "test-letter.pdf", "empty.pdf"]), d=b64(pdf_bytes()))


def du_md_svg():
    enc = ch(["b64", "pct", "utf8"])
    svg = svg_text()
    if enc == "b64":
        uri = "data:image/svg+xml;base64," + b64(svg.encode())
    elif enc == "pct":
        uri = "data:image/svg+xml," + svg.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    else:
        uri = "data:image/svg+xml;utf8," + svg.replace('"', "'")
    return T(ch(["status icon for the README table: ![ok](«u»)", "| build | ![«s»](«u») |\n|---|---|", "<img alt=\"dot\" src=\"«u»\">"]), u=uri, s=svc())


def du_javaser():
    cls = ch(["com.northwind.orders.OrderEvent", "de.volkshop.lager.Bestand", "jp.hanami.shipping.Parcel"])
    return T("WARN o.a.c.c.SerialKiller - blocked deserialization of «c»; payload (base64): «d»\nwe should move this queue to JSON anyway",
             c=cls, d=b64(javaser_bytes(cls)))


def du_wasm_js():
    return T("```js\nconst bytes = Uint8Array.from(atob(\"«d»\"), c => c.charCodeAt(0));\nconst { instance } = await WebAssembly.instantiate(bytes);\nconsole.log(instance.exports.«f»(2, 3));\n```",
             d=b64(wasm_bytes()), f=ch(["add", "sum", "mix", "mul"]))


def du_snapshot():
    mime, data = some_image()
    return T("snapshot churn again 😩\n```\nexports[`Avatar renders fallback 1`] = `\n<img\n  alt=\"\"\n  class=\"avatar avatar--sm\"\n  src=\"data:«m»;base64,«d»\"\n/>\n`;\n```",
             m=mime, d=data)


def du_pytest_zip():
    z = zip_bytes([("manifest.json", json.dumps({"version": f"{ri(1, 4)}.{ri(0, 20)}.{ri(0, 9)}", "files": ["a.csv"]})), ("a.csv", "sku;qty\n" + "\n".join(f"{ri(1000, 9999)};{ri(1, 99)}" for _ in range(3)))])
    return T("```python\n# tests/fixtures.py\nSAMPLE_BUNDLE = base64.b64decode(\n    \"«d»\"\n)\n\ndef test_unpack(tmp_path):\n    with zipfile.ZipFile(io.BytesIO(SAMPLE_BUNDLE)) as z:\n        assert z.namelist() == [\"manifest.json\", \"a.csv\"]\n```",
             d=b64(z))


def du_sqlite():
    return T("`file` says it's an SQLite db, the upload endpoint stored it base64'd:\n```\n«d»\n```\n(`U1FMaXRlIGZvcm1hdCAz` = \"SQLite format 3\")", d=trunc(b64(sqlite_bytes()), ri(80, 136)))


def du_avro():
    return T("the S3 object starts with `T2JqAQ` so it's Avro container format, not JSON:\n```\n$ aws s3 cp s3://«o»-lake/raw/«t»/part-0000.avro - | head -c 160 | base64 -w0\n«d»\n```",
             o=org(), t=ch(["pageviews", "stock", "sensors"]), d=trunc(b64(avro_bytes()), ri(100, 150)))


def du_msgpack():
    d = msgpack_map([("sku", f"A{ri(1000, 9999)}"), ("qty", ri(1, 900)), ("wh", ch(["BER", "OSA", "GRU"]))])
    return T("NATS message body is msgpack, base64 in the trace: `«d»` → {sku, qty, wh}", d=b64(d))


def du_wav():
    return T("```html\n<audio id=\"ding\" preload=\"auto\" src=\"data:audio/wav;base64,«d»\"></audio>\n```\nSafari refuses to autoplay it, Chrome is fine", d=b64(wav_bytes()))


def du_i18n():
    mime, data = some_image()
    tpl = ch(["このdata URIが社内プロキシで壊れます: data:«m»;base64,«d»",
              "这个 data URI 在企业微信里显示不出来：data:«m»;base64,«d»",
              "이 data URI가 다크 모드에서 깨집니다: data:«m»;base64,«d»",
              "Почему эта картинка не грузится в письме? data:«m»;base64,«d»",
              "الصورة لا تظهر في البريد: data:«m»;base64,«d»",
              "यह data URI Safari में टूट जाता है: data:«m»;base64,«d»",
              "Das Inline-Bild fehlt im PDF-Export: data:«m»;base64,«d»",
              "A imagem inline some no modo escuro: data:«m»;base64,«d»"])
    return T(tpl, m=mime, d=data)


def du_sheet():
    rows = []
    for _ in range(ri(3, 5)):
        mime, data = some_image()
        rows.append(f"{ch(['icon_ok', 'icon_warn', 'icon_err', 'spacer', 'bullet'])}\t{mime}\t{len(base64.b64decode(data))}\tdata:{mime};base64,{data}")
    return "pasted from the assets sheet:\n```\nname\tmime\tbytes\turi\n" + "\n".join(rows) + "\n```"


NEG_DATA_URI = [du_scss, du_mjml, du_dart, du_swift, du_kotlin, du_jupyter, du_gh_contents, du_configmap, du_kcat, du_grpcurl, du_cloudinit, du_csp,
                du_har, du_fontface, du_mime, du_file_cmd, du_redis, du_es_attach, du_md_svg, du_javaser, du_wasm_js, du_snapshot, du_pytest_zip,
                du_sqlite, du_avro, du_msgpack, du_wav, du_i18n, du_sheet]


# --------------------------------------------------------------------------
# negatives: placeholder_example
# --------------------------------------------------------------------------
def ph_helm():
    return T("```yaml\n# values.yaml\n«s»:\n  apiKey: \"\"   # set with --set «s».apiKey=$STRIPE_KEY in the pipeline\n---\n# templates/secret.yaml\nstringData:\n  STRIPE_API_KEY: {{ .Values.«s».apiKey | required \"«s».apiKey is required\" | quote }}\n```",
             s=ch(["stripe", "payments", "mailer", "maps"]))


def ph_ansible():
    v = ch(["vault_db_password", "vault_smtp_password", "vault_registry_token", "vault_ldap_bind_pw"])
    return T("```yaml\n- name: render app config\n  template:\n    src: app.ini.j2\n    dest: /etc/«s»/app.ini\n  vars:\n    db_password: \"{{ «v» }}\"\n  no_log: true\n```\n`«v»` lives in group_vars/prod/vault.yml (ansible-vault encrypted)", s=svc(), v=v)


def ph_erb():
    return T("```erb\n# /etc/«s»/database.yml — managed by Chef, do not edit\nproduction:\n  adapter: postgresql\n  host: <%= node['«s»']['db_host'] %>\n  username: <%= @db_user %>\n  password: <%= @db_password %>\n```", s=svc())


def ph_airflow():
    return T("in the DAG template: `psql \"host={{ conn.«c».host }} user={{ conn.«c».login }} password={{ conn.«c».password }}\"` — Airflow masks it in the rendered tab as `***`",
             c=ch(["warehouse_pg", "reporting_db", "ods"]))


def ph_handlebars():
    return T("```handlebars\n<script>\n  window.__CONFIG__ = {\n    mapsKey: \"{{{mapsApiKey}}}\",\n    sentryDsn: \"{{sentryDsn}}\",\n    release: \"{{release}}\"\n  };\n</script>\n```\ntriple-stash because the key has no html in it anyway")


def ph_consul_template():
    return T("```\n{{ with secret \"«p»\" }}\nDB_USER={{ .Data.data.username }}\nDB_PASS={{ .Data.data.password }}\n{{ end }}\n```\nconsul-template renders this into /run/«s»/env", p=ch(["kv/data/" + svc() + "/db", "secret/data/prod/" + svc()]), s=svc())


def ph_azdo():
    return T("```yaml\n- task: Bash@3\n  inputs:\n    targetType: inline\n    script: |\n      echo \"$(«v»)\" | docker login «r» -u «u» --password-stdin\n  env:\n    SYSTEM_ACCESSTOKEN: $(System.AccessToken)\n```\nlogs show `***` for both, as expected",
             v=ch(["acrPassword", "registryToken", "dockerHubPat"]), r=ch(["northwind.azurecr.io", "ghcr.io", "docker.io"]), u=ch(["$(acrUser)", "ci-bot", "$(acrClientId)"]))


def ph_gha():
    return T("```yaml\n      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}\n      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.«n» }}\n```",
             n=ch(["NPM_TOKEN", "NPM_PUBLISH_TOKEN", "REGISTRY_TOKEN"]))


def ph_gitlab():
    return T("```yaml\nrelease:\n  image: «i»\n  script:\n    - echo \"$CI_REGISTRY_PASSWORD\" | docker login -u \"$CI_REGISTRY_USER\" --password-stdin \"$CI_REGISTRY\"\n    - 'curl --header \"JOB-TOKEN: $CI_JOB_TOKEN\" --upload-file dist.tgz \"${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/«s»/${CI_COMMIT_TAG}/dist.tgz\"'\n```",
             i=ch(["docker:27", "alpine:3.20", "curlimages/curl:8.10.1"]), s=svc())


def ph_jenkins():
    return T("```groovy\nwithCredentials([string(credentialsId: '«c»', variable: 'TOKEN'),\n                 usernamePassword(credentialsId: 'nexus-deploy', usernameVariable: 'NX_USER', passwordVariable: 'NX_PASS')]) {\n    sh 'mvn -s settings.xml deploy -Dnexus.user=$NX_USER -Dnexus.pass=$NX_PASS'\n}\n```\nconsole prints `****` for both",
             c=ch(["sonar-token", "slack-webhook", "snyk-api"]))


def ph_env_example():
    lines = ch([
        ["# copy to .env and fill in", "DATABASE_URL=postgres://user:password@localhost:5432/«s»_dev", "REDIS_URL=redis://localhost:6379/0",
         "STRIPE_SECRET_KEY=sk_test_...", "OPENAI_API_KEY=", "SENTRY_DSN=<your-dsn>", "JWT_SECRET=changeme"],
        ["APP_ENV=local", "MAIL_PASSWORD=null", "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
         "AWS_DEFAULT_REGION=«r»", "PUSHER_APP_SECRET=", "GOOGLE_MAPS_KEY=AIza...your-key"],
        ["# .env.sample", "SLACK_BOT_TOKEN=xoxb-your-bot-token", "SLACK_SIGNING_SECRET=<signing-secret>", "GITHUB_TOKEN=ghp_xxxxxxxxxxxx",
         "ANTHROPIC_API_KEY=sk-ant-...", "TWILIO_AUTH_TOKEN=your_auth_token"]])
    return T("```dotenv\n" + "\n".join(lines) + "\n```", s=svc(), r=ch(REGIONS))


def ph_compose():
    return T("```yaml\nservices:\n  db:\n    image: postgres:«v»\n    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets: [db_password]\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt   # gitignored\n```",
             v=ch(["16.4", "17.2", "15.8"]))


def ph_spring():
    return T("```properties\nspring.datasource.url=jdbc:postgresql://${DB_HOST:localhost}:5432/«s»\nspring.datasource.username=${DB_USER:app}\nspring.datasource.password=${DB_PASSWORD:}\nspring.mail.password=${MAIL_PASSWORD}\n```\nempty default on purpose so local dev uses trust auth", s=svc().replace("-", "_"))


def ph_dotnet():
    return T("```\n$ dotnet user-secrets set \"«k»\" \"<your key>\" --project src/«o».Api\n$ dotnet user-secrets list\n«k» = <your key>\n```\nyes it literally stored the placeholder, I forgot to paste 🤦",
             k=ch(["Stripe:SecretKey", "Smtp:Password", "Maps:ApiKey"]), o=org().title())


def ph_xcconfig():
    return T("```\n// Secrets.xcconfig (gitignored, generated in CI)\nMAPS_API_KEY = $(MAPS_API_KEY_FROM_ENV)\nAPI_BASE = https:/$()/api.«o».example/v«v»\nSENTRY_DSN = $(SENTRY_DSN_FROM_ENV)\n```\nthe `/$()/` trick is because xcconfig treats `//` as a comment",
             o=org(), v=ri(1, 3))


def ph_terraform():
    return T("```\n$ terraform plan\n  # aws_db_instance.«s» will be updated in-place\n  ~ resource \"aws_db_instance\" \"«s»\" {\n      ~ password = (sensitive value)\n        id       = \"«s»-prod\"\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy.\n```",
             s=svc().replace("-", "_"))


def ph_pulumi():
    return T("```\n$ pulumi config set --secret «k»\nvalue: \n$ pulumi config\nKEY            VALUE\naws:region     «r»\n«k»     [secret]\n```", k=ch(["dbPassword", "stripeKey", "apiToken"]), r=ch(REGIONS))


def ph_kubectl_describe():
    return T("```\n$ kubectl -n «s» describe secret «s»-env\nName:         «s»-env\nNamespace:    «s»\nType:  Opaque\n\nData\n====\nDATABASE_URL:  «a» bytes\nAPI_TOKEN:     «b» bytes\n```", s=svc(), a=ri(40, 120), b=ri(32, 64))


def ph_cloud_refs():
    return ch([
        T("```yaml\nMasterUserPassword: '{{resolve:secretsmanager:prod/«s»/db:SecretString:password}}'\nApiToken: '{{resolve:ssm-secure:/«s»/api-token:«n»}}'\n```", s=svc(), n=ri(1, 9)),
        T("App Service setting: `DbPassword = @Microsoft.KeyVault(SecretUri=https://kv-«s»-prod.vault.azure.net/secrets/DbPassword/)` — resolves fine in staging slot, not in prod", s=svc()),
        T("```\ngcloud secrets versions access latest --secret=«s»-api-key --project=«o»-prod\n```\nrun that locally, don't paste the output here pls", s=svc(), o=org()),
        T("op run --env-file=.env.tpl -- npm start, where .env.tpl has `API_KEY=op://Engineering/«s»/credential`", s=svc()),
        T("`doppler secrets get STRIPE_KEY --plain --project «s» --config prd` works on my box, in CI it says `Doppler Error: You must provide a token`", s=svc()),
        T("ExternalSecret remoteRef: `key: «s»/prod`, `property: password` → target secret `«s»-db`. still SecretSyncedError", s=svc()),
    ])


def ph_vendor_examples():
    return ch([
        "the AWS docs literally use `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` — that's what's in our localstack profile, not a real key",
        "```ini\n[profile localstack]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nendpoint_url = http://localhost:4566\n```",
        "sts example output from the docs: `\"AccessKeyId\": \"ASIAIOSFODNN7EXAMPLE\"` — the test fixture copies it verbatim",
        "Twilio docs show `ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX` for the account SID and `your_auth_token` for the token, our fixture does the same",
        "Slack's docs token `xoxb-not-a-real-token-this-will-not-work` is what the unit tests use",
        "Stripe test mode has documented decline cards (the `4000…0002` one) — fine to mention, they're in the public docs. live keys start with `sk_live_` and must never land here",
        "Sentry DSN goes in `SENTRY_DSN=<dsn from project settings>`; the public part is fine in the frontend bundle, the docs say so",
        "mapbox sample token in the tutorial is `pk.eyJ1Ijoi...` (truncated) — we use our own public `pk.` token per env anyway",
    ])


def ph_masked():
    return ch([
        T("Stripe dashboard shows `sk_live_••••••••••••«l»` for the restricted key; rolled it yesterday", l=rs(4)),
        T("Payment method on file: Visa •••• «d» exp «m»/«y» — finance says renew before the charge on the «dd»th", d=digits(4, False), m=f"{ri(1, 12):02d}", y=ri(27, 31), dd=ri(1, 28)),
        T("the export masks IBANs like `DE•• •••• •••• •••• ••«d» «e»` so analysts can still dedupe", d=digits(2, False), e=digits(2, False)),
        T("phone is shown as `+49 ••• •••••«d»` in the admin UI, full number only via break-glass", d=digits(2, False)),
        T("`SSN: ***-**-«d»` is all the support tool ever shows", d=digits(4, False)),
        T("GitHub shows the PAT as `ghp_****************************«d»` in settings after creation", d=rs(4)),
        T("```\nAuthorization: Bearer <redacted>\nCookie: session=[FILTERED]\nX-Api-Key: ***\n```\nthat's what the proxy log has, good"),
        T("Rails log: `Parameters: {\"user\"=>{\"password\"=>\"[FILTERED]\", \"password_confirmation\"=>\"[FILTERED]\"}, \"commit\"=>\"Save\"}`"),
        T("card field in the widget renders `xxxx xxxx xxxx «d»` after tokenisation", d=digits(4, False)),
        T("`openai api keys list` shows `sk-...«d»` for each key, can't tell which service uses which", d=rs(4)),
    ])


def ph_pem_placeholder():
    return ch([
        "```\n-----BEGIN OPENSSH PRIVATE KEY-----\n<paste the deploy key here>\n-----END OPENSSH PRIVATE KEY-----\n```\nthat's the template in the wiki, fill it from 1Password",
        "```yaml\ntls:\n  key: |\n    -----BEGIN PRIVATE KEY-----\n    ...\n    -----END PRIVATE KEY-----\n  crt: \"{{ .Values.tls.crt }}\"\n```",
        "the key file must start with `-----BEGIN RSA PRIVATE KEY-----` (PKCS#1); PKCS#8 `-----BEGIN PRIVATE KEY-----` fails with `unsupported key format` in the old lib",
        "PRIVATE_KEY=\"-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEI...<snip>\\n-----END EC PRIVATE KEY-----\"  ← escape newlines like this in .env",
    ])


def ph_i18n():
    return ch([
        "APIキーは `<YOUR_API_KEY>` のところに入れてください。実際のキーはSlackに貼らないでね",
        "把 `{{API_KEY}}` 替换成你自己的密钥，不要提交到仓库",
        "`.env`에서 `DB_PASSWORD=<비밀번호>` 부분만 바꾸면 됩니다",
        "Укажите токен бота в `$TELEGRAM_BOT_TOKEN`, в репозитории только `TELEGRAM_BOT_TOKEN=changeme`",
        "ضع المفتاح في المتغير `${API_KEY}` ولا تكتبه في الكود",
        "टोकन को `<आपका-टोकन>` से बदलें, असली टोकन यहाँ मत डालिए",
        "Trage dein Passwort bei `DB_PASSWORD=` ein – in der Vorlage steht absichtlich `geheim123-ersetzen`",
        "Remplacez `VOTRE_CLE_API` par la clé du coffre-fort, pas celle de la doc",
        "Reemplaza `TU_TOKEN_AQUI` por el token del entorno; el ejemplo de la wiki es solo un marcador",
        "Θέστε το `{{ api_key }}` από το vault, όχι hardcoded",
        "שימו את המפתח ב-`$API_KEY` בסביבת ה-CI בלבד",
        "Điền `<API_KEY_CUA_BAN>` trong file cấu hình, đừng commit key thật",
    ])


def ph_templates_misc():
    return ch([
        "Grafana datasource provisioning: `secureJsonData: { password: $__env{GF_PG_PASSWORD} }`",
        "Octopus variable substitution: `\"ConnectionStrings:Main\": \"Server=#{Db.Host};User Id=#{Db.User};Password=#{Db.Password}\"`",
        "Logic App action header: `\"x-api-key\": \"@parameters('partnerApiKey')\"`",
        "VS Code launch.json: `\"env\": { \"API_TOKEN\": \"${env:API_TOKEN}\" }` so nobody commits a token",
        "Smarty template: `<meta name=\"maps-key\" content=\"{$mapsKey|escape}\">`",
        "Go template in the Nomad job: `{{ with nomadVar \"nomad/jobs/" + svc() + "\" }}PASSWORD={{ .password }}{{ end }}`",
        "Python: `headers = {\"Authorization\": f\"Bearer {settings.PARTNER_TOKEN}\"}` — the setting comes from env",
        "PHP: `'password' => env('DB_PASSWORD', ''),` in config/database.php",
        "Kotlin: `buildConfigField(\"String\", \"MAPS_KEY\", \"\\\"${project.findProperty(\"mapsKey\") ?: \"\"}\\\"\")`",
        "Rust: `let token = std::env::var(\"API_TOKEN\").expect(\"API_TOKEN not set\");`",
        "curl from the README: `curl -H \"Authorization: Bearer $" + ch(["OPENAI_API_KEY", "API_TOKEN", "HF_TOKEN"]) + "\" https://api.example.com/v1/models`",
        "systemd unit: `EnvironmentFile=/etc/" + svc() + "/secrets.env` and `LoadCredential=dbpass:/etc/credstore/dbpass`",
        "mustache: `password={{password}}` / ruby: `\"%{user}:%{password}\" % creds` / batch: `%DB_PASSWORD%`",
        "Hugo config: `[params] algoliaKey = \"{{ getenv \\\"HUGO_ALGOLIA_KEY\\\" }}\"`",
    ])


def ph_defaults():
    return ch([
        "fresh Grafana is admin/admin and forces a change on first login",
        "RabbitMQ in docker-compose: `amqp://guest:guest@localhost:5672/` (guest only works from localhost)",
        "```\nKEYCLOAK_ADMIN=admin\nKEYCLOAK_ADMIN_PASSWORD=admin\n```\nonly in the dev compose file",
        "mongo connection in the tutorial: `mongodb://<username>:<password>@<cluster>.mongodb.net/?retryWrites=true`",
        "MinIO default `minioadmin:minioadmin` is still in the test container, fine",
        "Jupyter token is `<token>` in the printed URL: `http://127.0.0.1:8888/lab?token=<token>`",
        "`POSTGRES_PASSWORD=postgres` in the testcontainers config, it's ephemeral",
        "the SQL Server image requires `MSSQL_SA_PASSWORD` to be complex, so dev uses `yourStrong(!)Password` from Microsoft's quickstart",
    ])


def ph_redaction_log():
    return T("```json\n{\"ts\":\"«t»\",\"level\":\"info\",\"msg\":\"outbound request\",\"url\":\"https://api.«o».example/v2/charges\",\"headers\":{\"authorization\":\"[REDACTED]\",\"x-api-key\":\"[REDACTED]\"},\"body\":{\"card\":\"[REDACTED]\",\"amount\":«a»}}\n```\npino redact paths working 👍",
             t=ts_iso(), o=org(), a=ri(100, 99999))


NEG_PLACEHOLDER = [ph_helm, ph_ansible, ph_erb, ph_airflow, ph_handlebars, ph_consul_template, ph_azdo, ph_gha, ph_gitlab, ph_jenkins, ph_env_example,
                   ph_compose, ph_spring, ph_dotnet, ph_xcconfig, ph_terraform, ph_pulumi, ph_kubectl_describe, ph_cloud_refs, ph_vendor_examples,
                   ph_masked, ph_pem_placeholder, ph_i18n, ph_templates_misc, ph_defaults, ph_redaction_log, ph_masked, ph_i18n, ph_templates_misc, ph_cloud_refs]


# --------------------------------------------------------------------------
# negatives: code_identifier
# --------------------------------------------------------------------------
W1 = ["Secret", "Token", "Password", "Iban", "Ssn", "Email", "Phone", "Card", "ApiKey", "Credential", "Passphrase", "Pin", "Otp", "Bearer", "Private", "Signing"]
W2 = ["Rotation", "Validator", "Masker", "Provider", "Resolver", "Store", "Cache", "Formatter", "Parser", "Hasher", "Repository", "Scrubber", "Encoder", "Verifier", "Factory", "Policy"]
W3 = ["Impl", "Service", "Handler", "Manager", "Config", "Helper", "Adapter", "Client", "Spec", "Test"]


def cls_name():
    return ch(W1) + ch(W2) + ch(W3)


def meth_name():
    return ch(["validate", "mask", "rotate", "resolve", "load", "hash", "verify", "redact", "normalize", "encrypt", "parse", "lookup"]) + ch(W1) + ch(["", "Async", "OrThrow", "IfPresent", "Checksum", "Format"])


def snake(s):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", s).lower()


def ci_kotlin():
    c = ch(W1) + ch(W2) + "Request"
    return T("```kotlin\n@Serializable\ndata class «c»(\n    val «a»: String,\n    val «b»: Boolean = false,\n    val «d»: Int = «n»,\n)\n\nfun «c».«m»(): Result<Unit> = runCatching { require(«a».isNotBlank()) }\n```",
             c=c, a=ch(["cardNumberFieldId", "ibanInputRef", "phoneE164FieldKey", "passwordHintKey", "apiKeyHeaderName"]),
             b=ch(["maskLastFourOnly", "requireOtpOnChange", "ssnValidationStrict"]), d=ch(["tokenTtlSeconds", "passwordMinLength", "otpDigits"]), n=ri(6, 3600), m=meth_name())


def ci_ts():
    return T("```ts\nexport interface «c» {\n  passwordResetTokenTtlSeconds: number;\n  apiKeyLastFour: string;\n  emailVerificationRequired: boolean;\n  phoneNumberCountryAllowList: readonly string[];\n  secretRotationCron: `${number} ${string}`;\n}\n```\nnaming bikeshed: `apiKeyLastFour` or `apiKeySuffix`?", c=ch(W1) + "PolicySettings")


def ci_rust_bt():
    frames = []
    for i in range(ri(4, 9)):
        frames.append(f"  {i:>2}: {ch(['vault_sync', 'keyring_rs', 'ledger_core'])}::{snake(ch(W1))}_{snake(ch(W2))}::{meth_name().lower()}::h{hx(16)}\n             at ./src/{snake(ch(W1))}.rs:{ri(10, 400)}:{ri(5, 40)}")
    return "thread 'main' panicked at src/" + snake(ch(W1)) + "_store.rs:" + str(ri(10, 300)) + ":" + str(ri(5, 40)) + ":\ncalled `Option::unwrap()` on a `None` value\nstack backtrace:\n" + "\n".join(frames) + "\nnote: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace."


def ci_go_panic():
    frames = []
    for _ in range(ri(3, 6)):
        frames.append(f"github.com/{org()}/{ch(['vault-sync', 'keyrotator', 'iban-svc'])}/internal/{ch(['secretstore', 'tokens', 'ibanutil', 'phonefmt'])}.(*{cls_name()}).{meth_name()}(0xc000{hx(6)}, {{0x{hx(7)}, 0x{hx(6)}}})\n\t/src/internal/{snake(ch(W1))}.go:{ri(20, 600)} +0x{hx(3)}")
    return "```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x" + hx(7) + "]\n\ngoroutine " + str(ri(1, 400)) + " [running]:\n" + "\n".join(frames) + "\ncreated by net/http.(*Server).Serve in goroutine 1\n```"


def ci_ios_crash():
    app = ch(["LumenPay", "Hanami", "Fjord"])
    lines = [f"{i:<3} {app:<18} 0x0000000{hx(9)} {cls_name()}.{meth_name()}(_:) + {ri(16, 900)}" for i in range(ri(3, 7))]
    u = hx(32).upper()
    return ("```\nIncident Identifier: " + uuid4().upper() + "\nHardware Model:      iPhone" + str(ri(12, 17)) + "," + str(ri(1, 5)) + "\nOS Version:          iPhone OS 18." + str(ri(0, 5)) + " (22" + ch("ABCDEFG") + str(ri(10, 99)) + ")\nException Type:  EXC_BREAKPOINT (SIGTRAP)\n\nThread 0 Crashed:\n"
            + "\n".join(lines) + "\n\nBinary Images:\n0x1000" + hx(5) + " - 0x1011" + hx(5) + " " + app + " arm64  <" + u.lower() + "> /private/var/containers/Bundle/Application/" + uuid4().upper() + "/" + app + ".app/" + app + "\n```")


def _mangle_box():
    w = ch(W1) + "Box"
    return "_ZN5vault" + str(len(w)) + w + "4openEv"


def ci_android_tombstone():
    lines = [f"      #{i:02d} pc 0000000000{hx(6)}  /data/app/~~{rs(22, B64U)}==/com.{org()}.app-{rs(22, B64U)}==/lib/arm64/libsecurestore.so ({_mangle_box()}+{ri(16, 400)}) (BuildId: {hx(40)})" for i in range(ri(2, 5))]
    return "```\n*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***\nBuild fingerprint: 'google/husky/husky:15/AP4A.250105.002/" + digits(8) + ":user/release-keys'\nsignal 6 (SIGABRT), code -1 (SI_QUEUE), fault addr --------\nbacktrace:\n" + "\n".join(lines) + "\n```"


def ci_flutter():
    frames = [f"#{i}      {cls_name()}.{meth_name()} (package:{ch(['hanami_wallet', 'fjord_app'])}/src/{snake(ch(W1))}/{snake(ch(W2))}.dart:{ri(10, 300)}:{ri(3, 40)})" for i in range(ri(3, 6))]
    return "```\nE/flutter (" + str(ri(1000, 32000)) + "): [ERROR:flutter/runtime/dart_vm_initializer.cc(40)] Unhandled Exception: PlatformException(KeychainError, item not found, null, null)\n" + "\n".join(frames) + "\n<asynchronous suspension>\n```"


def ci_elixir():
    m = ch(["PasswordResetController", "ApiTokenController", "IbanController", "PhoneVerificationLive"])
    return T("```\n** (FunctionClauseError) no function clause matching in «o»Web.«m».create/2\n    («s») lib/«s»_web/controllers/«f».ex:«n»: «o»Web.«m».create(%Plug.Conn{...}, %{\"token\" => nil})\n    (phoenix 1.7.«p») lib/phoenix/router.ex:484: Phoenix.Router.__call__/5\n```",
             o=org().title(), m=m, s=org(), f=snake(m), n=ri(10, 200), p=ri(10, 18))


def ci_php():
    frames = [f"#{i} /var/www/app/Services/{ch(W1)}{ch(W2)}.php({ri(10, 300)}): App\\Services\\{cls_name()}->{meth_name()}()" for i in range(ri(3, 6))]
    return "```\n[" + ts_iso()[:19].replace("T", " ") + "] production.ERROR: Invalid checksum for IBAN field {\"exception\":\"[object] (App\\\\Exceptions\\\\IbanChecksumException(code: 0)\n[stacktrace]\n" + "\n".join(frames) + "\n```"


def ci_ruby():
    frames = [f"app/services/{snake(ch(W1))}_{snake(ch(W2))}.rb:{ri(5, 200)}:in `{ch(['block in ', '', ''])}{snake(meth_name())}{ch(['!', '', '?'])}'" for _ in range(ri(3, 6))]
    return "```\nNoMethodError: undefined method `last_four' for nil:NilClass\n" + "\n".join(frames) + "\n```"


def ci_sql_ddl():
    t = ch(["customer_contact", "payout_accounts", "kyc_checks", "api_credentials"])
    return T("```sql\nCREATE TABLE «t» (\n  id              BIGSERIAL PRIMARY KEY,\n  iban_masked     TEXT NOT NULL,\n  iban_sha256     BYTEA NOT NULL,\n  phone_e164_hash BYTEA,\n  ssn_last4       CHAR(4),\n  api_key_prefix  VARCHAR(12),\n  api_key_hash    TEXT NOT NULL,\n  password_hash   TEXT,\n  email_verified_at TIMESTAMPTZ\n);\nCREATE UNIQUE INDEX «t»_api_key_prefix_idx ON «t» (api_key_prefix);\n```", t=t)


def ci_proto():
    m = "Rotate" + ch(["ApiKey", "SigningKey", "WebhookSecret", "ClientSecret"])
    return T("```proto\nservice CredentialService {\n  rpc «m»(«m»Request) returns («m»Response);\n}\n\nmessage «m»Request {\n  string key_id = 1;\n  google.protobuf.Duration overlap = 2;\n  bool revoke_previous = 3;\n}\n\nmessage «m»Response {\n  string new_key_id = 1;\n  string secret_last_four = 2;\n}\n```", m=m)


def ci_graphql():
    return T("```graphql\ntype Mutation {\n  requestPasswordReset(input: RequestPasswordResetInput!): RequestPasswordResetPayload!\n  verifyPhoneNumber(code: String!): VerifyPhoneNumberPayload!\n  createPersonalAccessToken(scopes: [Scope!]!, expiresInDays: Int = «n»): CreatePatPayload!\n}\n```", n=ch([7, 30, 90]))


def ci_openapi():
    return T("```yaml\ncomponents:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-«o»-Api-Key\n    BearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT\nsecurity:\n  - ApiKeyAuth: []\n```", o=org().title())


def ci_cpp_link():
    ns = ch(["crypto", "vault", "kms"])
    c = ch(W1) + "Buffer"
    m = ch(["wipe", "reveal", "rotate", "seal"])
    return T("```\n/usr/bin/ld: libcore.a(«f».o): in function `«ns»::«c»::~«c»()':\n«f».cc:(.text+0x«a»): undefined reference to `_ZN4core«nl»«ns»«cl»«c»«ml»«m»Ev'\ncollect2: error: ld returned 1 exit status\n```",
             f=snake(c), ns=ns, c=c, a=hx(3), nl=len(ns), cl=len(c), ml=len(m), m=m)


def ci_swift_mangled():
    a = ch(["LumenPay", "Hanami"])
    c = ch(W1) + "Formatter"
    return T("symbolicate this pls: `$s«al»«a»«cl»«c»C6formatyS2SF` — it's `«a».«c».format(String) -> String`", al=len(a), a=a, cl=len(c), c=c)


def ci_tf_addr():
    addrs = [f"module.{svc().replace('-', '_')}.{ch(['aws_secretsmanager_secret_rotation', 'aws_kms_key', 'google_secret_manager_secret_iam_member', 'azurerm_key_vault_secret', 'vault_generic_secret'])}.{snake(ch(W1))}_{ch(['primary', 'replica', 'rotation', 'webhook'])}" for _ in range(ri(3, 6))]
    return "```\n$ terraform state list | grep -i secret\n" + "\n".join(addrs) + "\n```"


def ci_vite():
    rows = [f"dist/assets/{ch(W1)}{ch(W2)}-{rs(8, B64U)}.js   {ri(1, 90)}.{ri(0, 99):02d} kB │ gzip: {ri(1, 30)}.{ri(0, 99):02d} kB" for _ in range(ri(3, 7))]
    return "```\nvite v5." + str(ri(0, 4)) + "." + str(ri(0, 12)) + " building for production...\n✓ " + str(ri(200, 2000)) + " modules transformed.\n" + "\n".join(rows) + "\n✓ built in " + str(ri(2, 30)) + "." + str(ri(10, 99)) + "s\n```"


def ci_py_tb():
    frames = [f"  File \"/app/{ch(['auth', 'billing', 'kyc'])}/{snake(ch(W1))}.py\", line {ri(10, 400)}, in {snake(meth_name())}\n    return self.{snake(ch(W1))}_{snake(ch(W2))}.{snake(meth_name())}(payload)" for _ in range(ri(2, 5))]
    return "```\nTraceback (most recent call last):\n" + "\n".join(frames) + "\n" + ch(["KeyError: 'refresh_token'", "ValueError: invalid IBAN checksum", "PhoneNumberParseError: (1) The string supplied did not seem to be a phone number.", "jwt.exceptions.ExpiredSignatureError: Signature has expired"]) + "\n```"


def ci_dotnet():
    frames = [f"   at {org().title()}.Identity.{ch(['Tokens', 'Secrets', 'Payments'])}.{cls_name()}.{meth_name()}({ch(['String', 'ReadOnlySpan`1', 'CancellationToken'])} {ch(['token', 'iban', 'value', 'ct'])}) in /src/{cls_name()}.cs:line {ri(10, 500)}" for _ in range(ri(3, 6))]
    return "```\nUnhandled exception. System.Security.Cryptography.CryptographicException: Padding is invalid and cannot be removed.\n" + "\n".join(frames) + "\n```"


def ci_erlang():
    return T("```\n=CRASH REPORT==== «d» ===\n  crasher:\n    initial call: «m»:init/1\n    exception error: bad argument\n      in function  ets:lookup/2\n         called as ets:lookup(api_key_cache,<<\"key_id\">>)\n      in call from «m»:lookup_api_key/2 (src/«m».erl, line «n»)\n```",
             d=f"{ri(1, 28)}-{ch(['Jan', 'Mar', 'Jun', 'Oct'])}-2026::{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}", m=ch(["token_cache_srv", "secret_rotator", "otp_sender"]), n=ri(20, 300))


def ci_flags():
    flags = [f"{snake(ch(W1)).replace('_', '-')}-{ch(['autocomplete', 'masking-v2', 'rotation-ui', 'sms-fallback', 'checksum-strict', 'last4-display'])}" for _ in range(ri(3, 6))]
    return "flags still on 100% that we can delete:\n" + "\n".join(f"• `{f}` ({ch(['web', 'ios', 'android', 'api'])})" for f in flags)


def ci_objc():
    return T("crash in `-[«p»KeychainTokenStore storeRefreshToken:forAccountIdentifier:error:]` → `-[«p»CardNumberFormatter stringForObjectValue:]`, both in the old ObjC module",
             p=ch(["LMP", "HNM", "FJD"]))


def ci_r8():
    return "\n".join(["```", f"com.{org()}.pay.{cls_name()} -> {ch('abcdef')}.{ch('abcdef')}.{ch('abcdef')}:"] + [f"    {ri(1, 40)}:{ri(41, 90)}:java.lang.String {meth_name()}(java.lang.String):{ri(20, 300)}:{ri(301, 400)} -> {ch('abcdef')}" for _ in range(ri(2, 5))] + ["```"])


def ci_i18n_code():
    return ch([
        "```python\n# パスワードは平文で保存しない — hash_password() は argon2id を使う\ndef hash_password(raw: str) -> str:\n    return _hasher.hash(raw)\n```",
        "```java\n// 校验 IBAN 校验位，失败抛出 IbanChecksumException\npublic static boolean isValidIbanChecksum(String iban) { ... }\n```",
        "```go\n// 전화번호를 E.164 형식으로 정규화합니다\nfunc NormalizePhoneE164(raw string, region string) (string, error)\n```",
        "```kotlin\n// Маскируем номер карты, оставляя последние 4 цифры\nfun maskCardNumberKeepLastFour(pan: String): String\n```",
        "```ts\n// إخفاء مفتاح API في السجلات\nexport function redactApiKeyInLogs(line: string): string\n```",
        "```csharp\n// Passwort-Hash prüfen, Timing-sicher\npublic bool VerifyPasswordHashConstantTime(ReadOnlySpan<byte> hash, string candidate)\n```",
    ])


def ci_lint():
    return T("```\nsrc/«a»/«f».ts\n  «l»:«c»  warning  '«v»' is assigned a value but never used  @typescript-eslint/no-unused-vars\n  «l2»:«c2»  error    Unsafe member access .«p» on an `any` value          @typescript-eslint/no-unsafe-member-access\n```",
             a=ch(["auth", "settings", "billing"]), f=ch(["useApiKey", "PasswordField", "IbanInput", "PhoneInput"]), l=ri(5, 80), c=ri(3, 30), v=ch(["secretKeyInput", "maskedIban", "rawPhone", "tokenExpiry"]),
             l2=ri(81, 160), c2=ri(3, 30), p=ch(["apiKeyLastFour", "passwordScore", "ibanCountry"]))


NEG_CODE = [ci_kotlin, ci_ts, ci_rust_bt, ci_go_panic, ci_ios_crash, ci_android_tombstone, ci_flutter, ci_elixir, ci_php, ci_ruby, ci_sql_ddl, ci_proto,
            ci_graphql, ci_openapi, ci_cpp_link, ci_swift_mangled, ci_tf_addr, ci_vite, ci_py_tb, ci_dotnet, ci_erlang, ci_flags, ci_objc, ci_r8,
            ci_i18n_code, ci_lint]


# --------------------------------------------------------------------------
# negatives: non_credential_blob
# --------------------------------------------------------------------------
def sops_val(n):
    return f"ENC[AES256_GCM,data:{b64(rb(n))},iv:{b64(rb(32))},tag:{b64(rb(16))},type:str]"


def nb_sops():
    acct = "123456789012"
    return T("```yaml\ndb:\n    password: «a»\n    user: «b»\nsops:\n    kms:\n        - arn: arn:aws:kms:«r»:«acct»:key/«u»\n          created_at: \"«t»\"\n          enc: «e»\n          aws_profile: \"\"\n    age:\n        - recipient: age1«ag»\n    lastmodified: \"«t2»\"\n    mac: «m»\n    version: 3.9.«v»\n```\nthis file is safe to commit, it's all ciphertext",
             a=sops_val(ri(12, 24)), b=sops_val(ri(4, 10)), r=ch(REGIONS), acct=acct, u=uuid4(), t=ts_iso()[:19] + "Z", e=b64(rb(ri(150, 180))),
             ag=rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"), t2=ts_iso()[:19] + "Z", m=sops_val(32), v=ri(0, 4))


def nb_sealed():
    return T("```yaml\napiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: «s»-db\n  namespace: «s»\nspec:\n  encryptedData:\n    password: «a»\n    username: «b»\n```\nkubeseal'd with the cluster cert, controller decrypts it in-cluster only",
             s=svc(), a="Ag" + b64(rb(ri(300, 420)))[2:], b="Ag" + b64(rb(ri(280, 320)))[2:])


def nb_kms():
    return T("```\n$ aws kms encrypt --key-id alias/«s» --plaintext fileb://seed.bin --query CiphertextBlob --output text\n«c»\n```\nthat blob goes into the config, decrypted at boot via the task role",
             s=svc(), c="AQICAHh" + b64(rb(ri(150, 200)))[7:])


def nb_gcpkms():
    return T("`gcloud kms encrypt --location global --keyring «o» --key config --plaintext-file cfg.json --ciphertext-file - | base64 -w0` → `«c»` (stored in the bucket, fine to share)",
             o=org(), c="CiQA" + b64(rb(ri(60, 110)))[4:])


def nb_ansible_vault():
    body = hx(ri(280, 420))
    return "```\n$ANSIBLE_VAULT;1.1;AES256\n" + cols(body, 80) + "\n```\nthat's group_vars/prod/vault.yml, encrypted with the team vault password (which is NOT in git)"


def nb_age():
    return "```\n-----BEGIN AGE ENCRYPTED FILE-----\n" + cols(b64(b"age-encryption.org/v1\n-> X25519 " + b64(rb(32)).rstrip("=").encode() + b"\n" + b64(rb(32)).rstrip("=").encode() + b"\n--- " + b64(rb(32)).rstrip("=").encode() + b"\n" + rb(ri(40, 120))), 64) + "\n-----END AGE ENCRYPTED FILE-----\n```\nencrypted to the age1 recipients in .sops.yaml / recipients.txt"


def ssh_str(b):
    return struct.pack(">I", len(b)) + b


def ssh_pub_ed():
    return "ssh-ed25519 " + b64(ssh_str(b"ssh-ed25519") + ssh_str(rb(32)))


def ssh_pub_rsa():
    n = bytearray(rb(256))
    n[0] |= 0x80
    n[-1] |= 1
    return "ssh-rsa " + b64(ssh_str(b"ssh-rsa") + ssh_str(b"\x01\x00\x01") + ssh_str(b"\x00" + bytes(n)))


def nb_authorized_keys():
    keys = [f"{ch([ssh_pub_ed, ssh_pub_rsa])()} {ch(['ci-deploy-2026', 'bastion-jump', 'backup-pull', 'ansible-ctl'])}" for _ in range(ri(1, 3))]
    return "adding these public keys to the bastion `authorized_keys`, shout if one looks unfamiliar:\n```\n" + "\n".join(keys) + "\n```"


def nb_known_hosts():
    return T("```\n$ ssh-keyscan -t ed25519 git.«o».internal\n# git.«o».internal:22 SSH-2.0-OpenSSH_9.«v»\ngit.«o».internal «k»\n$ ssh-keygen -lf <(ssh-keyscan -t ed25519 git.«o».internal 2>/dev/null)\n256 SHA256:«f» git.«o».internal (ED25519)\n```",
             o=org(), v=ri(2, 9), k=ssh_pub_ed(), f=b64(rb(32)).rstrip("="))


def nb_pgp_sig():
    return "```\n-----BEGIN PGP SIGNATURE-----\n\n" + cols(b64(b"\x88\x75\x04\x00\x16\x0a\x00\x1d\x16\x21\x04" + rb(ri(100, 120))), 64) + "\n=" + b64(rb(3)) + "\n-----END PGP SIGNATURE-----\n```\nthat's the detached sig for the release tarball, verify with our public key from the website"


def nb_cert():
    der = b"\x30\x82" + struct.pack(">H", ri(700, 1400)) + b"\x30\x82" + rb(ri(380, 460))
    return T("```\n-----BEGIN CERTIFICATE-----\n«b»\n-----END CERTIFICATE-----\n$ openssl x509 -noout -fingerprint -sha256\nsha256 Fingerprint=«f»\n```\npublic leaf cert for the ingress, pinning it in the mobile app",
             b=cols(b64(der), 64), f=":".join(hx(2).upper() for _ in range(32)))


def nb_jwks():
    keys = []
    for _ in range(ri(1, 2)):
        keys.append(json.dumps({"kty": "RSA", "use": "sig", "alg": "RS256", "kid": rs(ch([16, 27, 43]), B64U), "n": b64u(rb(256)), "e": "AQAB"}))
    return "public JWKS from `/.well-known/jwks.json` (the verifier caches it for 10 min):\n```json\n{\"keys\":[" + ",".join(keys) + "]}\n```"


def nb_cosign():
    sig = b64(b"\x30\x45\x02\x21\x00" + rb(32) + b"\x02\x20" + rb(32))
    return T("```\n$ cosign verify ghcr.io/«o»/«s»@sha256:«d» --certificate-identity-regexp '.*' --certificate-oidc-issuer https://token.actions.githubusercontent.com\n[{\"critical\":{\"identity\":{\"docker-reference\":\"ghcr.io/«o»/«s»\"},\"image\":{\"docker-manifest-digest\":\"sha256:«d»\"},\"type\":\"cosign container image signature\"},\"optional\":{\"Bundle\":{\"SignedEntryTimestamp\":\"«e»\"}}}]\n```\nsig: `«g»`",
             o=org(), s=svc(), d=hx(64), e=b64(rb(70)), g=sig)


def nb_minisign():
    return T("```\nuntrusted comment: signature from minisign secret key\n«a»\ntrusted comment: timestamp:«t»\tfile:«f»\thashed\n«b»\n```\n(the \"secret key\" wording is minisign's, this file is only the public signature)",
             a=b64(b"ED" + rb(8) + rb(64)), t=ri(1_750_000_000, 1_790_000_000), f=f"{svc()}-v{ri(1, 4)}.{ri(0, 20)}.{ri(0, 9)}-linux-amd64.tar.gz", b=b64(rb(64)))


def nb_hashes():
    f = f"{svc()}-{ri(1, 4)}.{ri(0, 20)}.{ri(0, 9)}"
    return ch([
        T("```\n$ sha256sum «f».tar.gz\n«a»  «f».tar.gz\n$ b3sum «f».tar.gz\n«b»  «f».tar.gz\n$ md5sum «f».tar.gz\n«c»  «f».tar.gz\n```", f=f, a=hx(64), b=hx(64), c=hx(32)),
        T("```\nPS> Get-FileHash .\\«f»-x64.msi -Algorithm SHA256\n\nAlgorithm       Hash                                                                   Path\n---------       ----                                                                   ----\nSHA256          «a»       C:\\Users\\Public\\Downloads\\«f»-x64.msi\n```", f=f, a=hx(64).upper()),
        T("`certutil -hashfile «f».zip SHA1` → `«a»`, matches the SHA-1 on the vendor page", f=f, a=" ".join(hx(2) for _ in range(20)) if R.random() < 0.3 else hx(40)),
        T("xxh64 of the parquet file: `«a»`, crc32c: `«b»` (gsutil shows crc32c as base64: `«c»`)", a=hx(16), b=hx(8), c=b64(rb(4))),
        T("`shasum -a 512 «f».whl` → `«a»`", f=f, a=hx(128)),
    ])


def nb_tf_lock():
    return T("```hcl\nprovider \"registry.terraform.io/hashicorp/«p»\" {\n  version     = \"«v»\"\n  constraints = \"~> «mv»\"\n  hashes = [\n    \"h1:«h1»\",\n    \"zh:«z1»\",\n    \"zh:«z2»\",\n  ]\n}\n```",
             p=ch(["aws", "google", "azurerm", "random"]), v=f"{ri(3, 6)}.{ri(0, 80)}.{ri(0, 9)}", mv=f"{ri(3, 6)}.0", h1=b64(rb(32)), z1=hx(64), z2=hx(64))


def nb_lockfiles():
    return ch([
        T("```toml\n[[package]]\nname = \"«n»\"\nversion = \"«v»\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"«h»\"\n```", n=ch(["zeroize", "secrecy", "ring", "base64ct"]), v=f"{ri(0, 1)}.{ri(1, 17)}.{ri(0, 9)}", h=hx(64)),
        T("poetry.lock:\n```\nfiles = [\n    {file = \"«n»-«v»-py3-none-any.whl\", hash = \"sha256:«h»\"},\n    {file = \"«n»-«v».tar.gz\", hash = \"sha256:«h2»\"},\n]\n```", n=ch(["cryptography", "keyring", "pyjwt"]), v=f"{ri(2, 44)}.{ri(0, 9)}.{ri(0, 9)}", h=hx(64), h2=hx(64)),
        T("pnpm-lock.yaml:\n```\n  /«n»@«v»:\n    resolution: {integrity: sha512-«h»}\n```", n=ch(["jose", "bcryptjs", "libphonenumber-js", "ibantools"]), v=f"{ri(1, 6)}.{ri(0, 12)}.{ri(0, 9)}", h=b64(rb(64))),
        T("```xml\n<component group=\"com.google.crypto.tink\" name=\"tink\" version=\"1.«v»\">\n   <artifact name=\"tink-1.«v».jar\">\n      <sha256 value=\"«h»\" origin=\"Generated by Gradle\"/>\n   </artifact>\n</component>\n```", v=f"{ri(10, 16)}.{ri(0, 3)}", h=hx(64)),
    ])


def nb_ssh_sig():
    blob = b"SSHSIG" + ssh_str(ssh_str(b"ssh-ed25519") + ssh_str(rb(32))) + ssh_str(b"git") + ssh_str(b"") + ssh_str(b"sha512") + ssh_str(ssh_str(b"ssh-ed25519") + ssh_str(rb(64)))
    return "commit signing with SSH keys works now, the `.sig` looks like:\n```\n-----BEGIN SSH SIGNATURE-----\n" + cols(b64(blob), 70) + "\n-----END SSH SIGNATURE-----\n```"


def nb_oci():
    return T("```json\n{\n  \"schemaVersion\": 2,\n  \"mediaType\": \"application/vnd.oci.image.manifest.v1+json\",\n  \"config\": {\"mediaType\": \"application/vnd.oci.image.config.v1+json\", \"digest\": \"sha256:«a»\", \"size\": «n»},\n  \"layers\": [\n    {\"mediaType\": \"application/vnd.oci.image.layer.v1.tar+gzip\", \"digest\": \"sha256:«b»\", \"size\": «m»},\n    {\"mediaType\": \"application/vnd.oci.image.layer.v1.tar+gzip\", \"digest\": \"sha256:«c»\", \"size\": «k»}\n  ]\n}\n```",
             a=hx(64), b=hx(64), c=hx(64), n=ri(1000, 9000), m=ri(10 ** 6, 10 ** 8), k=ri(1000, 10 ** 6))


def nb_rails_enc():
    return T("config/credentials/production.yml.enc is `«a»--«b»--«c»` — encrypted with the master key, which lives only in the deploy env",
             a=b64(rb(ri(90, 160))), b=b64(rb(12)), c=b64(rb(16)))


def nb_jenkins_enc():
    return T("```xml\n<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>nexus-deploy</id>\n  <username>ci-bot</username>\n  <password>{«a»}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n```\nthat `{AQAAABAAAAAQ…}` is encrypted with the controller's master key, useless without `secrets/`",
             a="AQAAABAAAAAQ" + b64(rb(ri(40, 60))))


def nb_wireguard():
    return T("```ini\n[Interface]\nAddress = 10.«a».0.«b»/24\nPrivateKey = <from /etc/wireguard/private.key>\n\n[Peer]\nPublicKey = «p»\nAllowedIPs = 10.«a».0.0/24, 172.«c».0.0/16\nEndpoint = vpn-«r».«o».internal:51820\nPersistentKeepalive = 25\n```\nPublicKey is the gateway's, safe to share",
             a=ri(0, 255), b=ri(2, 250), p=b64(rb(32)), c=ri(16, 31), r=ch(["fra", "nrt", "gru"]), o=org())


def nb_webhook_sig():
    return ch([
        T("```\nPOST /hooks/«s» HTTP/1.1\nX-Hub-Signature-256: sha256=«a»\nX-GitHub-Delivery: «u»\nX-GitHub-Event: push\n```\nsignature mismatch because we re-serialise the JSON before HMAC'ing", s=svc(), a=hx(64), u=uuid4()),
        T("`Stripe-Signature: t=«t»,v1=«a»` — the v1 is an HMAC of the payload, not the webhook secret itself", t=ri(1_750_000_000, 1_790_000_000), a=hx(64)),
        T("```\nAuthorization: AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/«d»/«r»/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=«a»\nx-amz-content-sha256: «b»\n```\n(copied from the SigV4 docs example, computing my own to compare)", d=f"2026{ri(1, 12):02d}{ri(1, 28):02d}", r=ch(REGIONS), a=hx(64), b=hx(64)),
    ])


def nb_misc_ids():
    return ch([
        T("magnet:?xt=urn:btih:«a»&dn=«o»-dataset-v«v».tar — public dataset mirror", a=hx(40), o=org(), v=ri(1, 9)),
        T("`ipfs pin add bafybei«a»` — pinned the docs site build", a=rs(52, "abcdefghijklmnopqrstuvwxyz234567")),
        T("nix: `outputHash = \"sha256-«a»\";` / store path `/nix/store/«b»-openssl-3.«v»`", a=b64(rb(32)), b=rs(32, "0123456789abcdfghijklmnpqrsvwxyz"), v=f"{ri(0, 4)}.{ri(0, 9)}"),
        T("Sentry event `«a»`, trace `«b»`, span `«c»`", a=hx(32), b=hx(32), c=hx(16)),
        T("`traceparent: 00-«a»-«b»-01` got dropped by the ALB; X-Amzn-Trace-Id: Root=1-«t»-«c»", a=hx(32), b=hx(16), t=hx(8), c=hx(24)),
        T("S3 ETag `\"«a»-«n»\"` (multipart), Content-MD5 `«b»`", a=hx(32), n=ri(2, 90), b=b64(rb(16))),
    ])


def nb_azure_key():
    return T("```json\n$ az keyvault key show --vault-name kv-«o» --name «s»-signing --query key\n{\n  \"e\": \"AQAB\",\n  \"kid\": \"https://kv-«o».vault.azure.net/keys/«s»-signing/«v»\",\n  \"kty\": \"RSA-HSM\",\n  \"n\": \"«n»\"\n}\n```\nonly the public half ever leaves the HSM",
             o=org(), s=svc(), v=hx(32), n=b64u(rb(256)))


def nb_i18n():
    return ch([
        T("这是 SOPS 加密后的值，可以提交：`«a»`", a=sops_val(ri(10, 20))),
        T("これはKMSで暗号化された値なので共有して大丈夫です：`«a»`", a="AQICAHh" + b64(rb(ri(120, 160)))[7:]),
        T("Это только публичный ключ, приватный у нас в HSM: `«a» deploy-ci`", a=ssh_pub_ed()),
        T("Das ist nur die SHA-256-Prüfsumme des Artefakts: `«a»`", a=hx(64)),
        T("هذا مجرد بصمة الشهادة (SHA-256): «a»", a=":".join(hx(2).upper() for _ in range(32))),
        T("이건 SealedSecret 암호문이라 깃에 올려도 됩니다: `«a»`", a="Ag" + b64(rb(ri(200, 260)))[2:]),
        T("Esto es solo el digest de la imagen: `sha256:«a»`", a=hx(64)),
    ])


NEG_BLOB = [nb_sops, nb_sealed, nb_kms, nb_gcpkms, nb_ansible_vault, nb_age, nb_authorized_keys, nb_known_hosts, nb_pgp_sig, nb_cert, nb_jwks, nb_cosign,
            nb_minisign, nb_hashes, nb_tf_lock, nb_lockfiles, nb_ssh_sig, nb_oci, nb_rails_enc, nb_jenkins_enc, nb_wireguard, nb_webhook_sig, nb_misc_ids,
            nb_azure_key, nb_i18n, nb_hashes, nb_misc_ids, nb_i18n]


# --------------------------------------------------------------------------
# negatives: pii_lookalike_number
# --------------------------------------------------------------------------
def non_luhn16(prefix=""):
    while True:
        d = prefix + digits(16 - len(prefix), not prefix)
        if not luhn_ok(d):
            return d


def bad_iban(cc):
    n = IBAN_LEN[cc] - 4
    if cc in ("GB", "IE", "NL"):
        bban = rs(4, string.ascii_uppercase) + digits(n - 4, False)
    else:
        bban = digits(n, False)
    good = iban_make(cc, bban)
    chk = int(good[2:4])
    wrong = (chk + ri(1, 90)) % 97
    if wrong < 2:
        wrong += 2
    return f"{cc}{wrong:02d}{bban}"


def amazon_order():
    return f"{ri(100, 999)}-{digits(7, False)}-{digits(7, False)}"


def pl_amazon():
    return ch([
        T("customer says order «a» shows delivered but the locker is empty — ticket ZD-«z», carrier ref «c»", a=amazon_order(), z=ri(100000, 999999), c=f"{ri(100, 999)} {ri(100, 999)} {ri(1000, 9999)}"),
        T("注文番号 «a» の出荷が2日遅れています。倉庫コード FC-«w»", a=f"{ri(249, 503)}-{digits(7, False)}-{digits(7, False)}", w=rs(4, string.ascii_uppercase)),
        T("Номер заказа «a», партия «b» — задерживается на складе", a=f"{ri(10, 99)} {ri(100, 999)} {ri(100, 999)} {ri(100, 999)}", b=f"L{ri(2024, 2026)}-{ri(1000, 9999)}"),
        T("رقم الطلب «a» — الشحنة في مستودع «w»", a=f"{ri(1000, 9999)}-{ri(1000, 9999)}-{ri(1000, 9999)}", w=ch(["JED-2", "DXB-1", "RUH-4"])),
        T("ऑर्डर आईडी «a», इनवॉइस «b» — रिफंड प्रोसेस हो गया", a=f"OD{digits(18, True)}", b=f"INV-{ri(2025, 2026)}-{ri(10000, 99999)}"),
    ])


def pl_16digit():
    a = non_luhn16()
    return ch([
        T("Shopify order id «a» (the long one, not the #«n» name) is what the webhook sends", a=a, n=ri(1000, 99999)),
        T("Snowflake query id? no — it's the Stripe balance transaction row «a» in the CSV", a=a),
        T("batch «a» failed validation in the ERP import, 12 lines skipped", a=" ".join(a[i:i + 4] for i in range(0, 16, 4))),
        T("Discord message id «a»…, I mean the upstream event id «b»", a=a[:14], b=a),
        T("warehouse pallet label (SSCC w/o check) «a» — scanner rejected it", a=a),
    ])


def pl_bad_iban():
    cc = ch(["DE", "GB", "NL", "FR", "AT", "CH", "ES", "IT", "PL", "BE"])
    ib = bad_iban(cc)
    shown = group4(ib) if R.random() < 0.6 else ib
    return ch([
        T("```python\n@pytest.mark.parametrize(\"iban\", [\"«a»\", \"«b»\"])\ndef test_rejects_bad_checksum(iban):\n    assert not is_valid_iban(iban)\n```", a=shown, b=group4(bad_iban(ch(["DE", "NL", "AT"])))),
        T("validator returns `INVALID_CHECKSUM` for `«a»` — correct, the check digits are off (typo in the fixture)", a=shown),
        T("fixture `invalid_ibans.txt` line «n»: «a»  # wrong check digits on purpose", n=ri(2, 40), a=shown),
        T("la validation refuse `«a»` (clé de contrôle fausse) — c'est voulu, c'est le cas de test négatif", a=shown),
    ])


def pl_versions():
    return ch([
        T("Chrome «a» and Edge «b» both fine; Safari 18.«c» breaks", a=f"{ri(120, 131)}.0.{ri(6000, 6800)}.{ri(50, 250)}", b=f"{ri(120, 131)}.0.{ri(2000, 2900)}.{ri(40, 99)}", c=ri(0, 5)),
        T("Windows build «a», .NET «b», AssemblyFileVersion «c»", a=f"10.0.{ch([19045, 22631, 26100])}.{ri(1000, 4999)}", b=f"8.0.{ri(1, 12)}", c=ch(ALLOWED_VERSION_IPS)),
        T("kernel «a», glibc 2.«b», openssl 3.«c».«d»", a=f"6.{ri(1, 12)}.0-{ri(10, 60)}-generic", b=ri(31, 40), c=ri(0, 4), d=ri(0, 15)),
        T("Android «a», versionCode «b», build «c»", a=ri(12, 15), b=ri(100000, 9999999), c=f"AP{ri(1, 4)}A.{ri(240101, 251231)}.{ri(1, 20):03d}"),
        T("the MSI ProductVersion is «a» (Windows Installer only looks at the first three fields)", a=ch(ALLOWED_VERSION_IPS)),
        T("Xcode 16.«a» («b»), iOS SDK 18.«c», CocoaPods 1.«d».«e»", a=ri(0, 3), b=f"16{ch('ABCDE')}{ri(10, 200)}{ch(['', 'a', 'b'])}", c=ri(0, 5), d=ri(12, 16), e=ri(0, 4)),
    ])


def pl_timestamps():
    s = ri(1_700_000_000, 1_800_000_000)
    return ch([
        T("event at «a» (epoch s) = «b» UTC, the ms value in Kafka is «c»", a=s, b=ts_iso()[:19].replace("T", " "), c=s * 1000 + ri(0, 999)),
        T("Slack ts «a».«b» is the parent, reply ts «c».«d»", a=s, b=f"{ri(0, 999999):06d}", c=s + ri(1, 500), d=f"{ri(0, 999999):06d}"),
        T("FILETIME «a» → 2026 in .NET ticks it's «b»", a=ri(133_500_000_000_000_000, 134_000_000_000_000_000), b=ri(638_700_000_000_000_000, 639_200_000_000_000_000)),
        T("Excel serial «a» = «b»; the CSV has «c» for the same cell", a=ri(45600, 46400), b=f"{ri(1, 28):02d}.{ri(1, 12):02d}.2026", c=f"2026/{ri(1, 12)}/{ri(1, 28)}"),
        T("cron fired at «a», «b» and «c» (all JST)", a=f"2026年{ri(1, 12)}月{ri(1, 28)}日 {ri(0, 23):02d}:{ri(0, 59):02d}", b=f"{ri(0, 23):02d}:{ri(0, 59):02d}", c=f"{ri(0, 23):02d}:{ri(0, 59):02d}"),
    ])


def pl_coords():
    places = [("Frankfurt DC", 50.1109, 8.6821), ("Tokyo Station", 35.6812, 139.7671), ("São Paulo office", -23.5505, -46.6333), ("Mumbai POP", 19.0760, 72.8777),
              ("Berlin Hbf", 52.5251, 13.3694), ("Sydney edge", -33.8688, 151.2093), ("Dubai DC", 25.2048, 55.2708)]
    p = ch(places)
    return ch([
        T("«n»: lat «a», lon «b» — geofence radius «r» m", n=p[0], a=f"{p[1] + R.uniform(-0.01, 0.01):.6f}", b=f"{p[2] + R.uniform(-0.01, 0.01):.6f}", r=ri(50, 2000)),
        T("`POINT(«b» «a»)` is swapped in the PostGIS insert, it should be lon lat (the «n» marker ended up in the ocean)", a=f"{p[1]:.4f}", b=f"{p[2]:.4f}", n=p[0]),
        T("weather station «s» at «a», «b», elevation «e» m, geohash «g»", s=f"{ch(['EDDF', 'RJTT', 'SBGR', 'VABB'])}-{ri(1, 9)}", a=f"{p[1]:.3f}", b=f"{p[2]:.3f}", e=ri(2, 900), g=rs(7, "0123456789bcdefghjkmnpqrstuvwxyz")),
    ])


def pl_phone_like_ids():
    return ch([
        T("Zoom meeting ID for the all-hands: «a» (passcode in the calendar invite, not here)", a=f"{ri(800, 899)} {ri(1000, 9999)} {ri(1000, 9999)}"),
        T("PO «a» was approved, GR posted as «b»", a=f"{ri(100, 999)}-{ri(1000, 9999)}-{ri(1000, 9999)}", b=f"50000{ri(10000, 99999)}"),
        T("air waybill «a», flight «f», ULD AKE«u»«c»", a=f"{ch([176, 125, 157, 618])}-{digits(8, False)}", f=ch(["LH8214", "EK9847", "QR8865"]), u=ri(10000, 99999), c=ch(["LH", "EK", "QR"])),
        T("container «a» — vessel ETA «b»", a=f"{ch(['MSCU', 'MAEU', 'CMAU', 'HLXU'])} {digits(6, False)}-{ri(0, 9)}", b=f"{ri(1, 28):02d}/{ri(1, 12):02d}"),
        T("NDC «a» lot «b» exp «c» — recall list updated", a=f"{ri(1000, 9999):05d}-{ri(100, 999):04d}-{ri(1, 99):02d}", b=rs(6, string.ascii_uppercase + string.digits), c=f"2027-{ri(1, 12):02d}"),
        T("Jira build «a», artefact «b»", a=f"2026.{ri(1, 12):02d}{ri(1, 28):02d}.{ri(1, 999)}", b=f"{ri(100, 999)}.{ri(100, 999)}.{ri(1000, 9999)}"),
        T("case number «a» at the registrar (company, not a person)", a=f"HRB {ri(10000, 299999)} B"),
        T("Webex access code «a», room 4.«b»", a=f"{ri(2000, 2999)} {ri(100, 999)} {ri(1000, 9999)}", b=ri(10, 60)),
        T("parcel «a» (UPU S10) — customs hold at «b»", a=f"{ch(['RR', 'CP', 'LX', 'EE'])}{digits(9, False)}{ch(['DE', 'JP', 'BR', 'IN'])}", b=ch(["FRA", "NRT", "GRU", "BOM"])),
    ])


def pl_sheet():
    rows = []
    for _ in range(ri(5, 12)):
        rows.append("\t".join([f"SKU-{ri(10000, 99999)}", f"{ri(400, 499)}{digits(10, False)}", str(ri(0, 900)), f"{ri(1, 999)},{ri(0, 99):02d} €", ch(["BER-2", "OSA-1", "GRU-4", "BOM-3"]), f"2026-{ri(1, 12):02d}-{ri(1, 28):02d}"]))
    return "pasted from the stock sheet:\n```\nsku\tean\tqty\tprice\twh\tlast_count\n" + "\n".join(rows) + "\n```"


def pl_psql():
    rows = [f" {ri(10 ** 8, 10 ** 9):>10} | {ri(2025, 2026)}-{ri(1, 12):02d}-{ri(1, 28):02d} {ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}+00 | {ri(1, 99999):>9}.{ri(0, 99):02d} | {ch(['EUR', 'JPY', 'BRL', 'INR'])} | {ch(['settled', 'pending', 'refunded'])}" for _ in range(ri(4, 10))]
    return "```\n«db»=> SELECT id, created_at, amount, currency, status FROM payouts ORDER BY id DESC LIMIT «n»;\n     id     |       created_at       |   amount     | cur | status\n------------+------------------------+--------------+-----+---------\n".replace("«db»", svc()).replace("«n»", str(len(rows))) + "\n".join(rows) + f"\n({len(rows)} rows)\n```"


def pl_mysqldump():
    rows = ",".join(f"({ri(10 ** 6, 10 ** 7)},'{ch(['BER', 'OSA', 'GRU'])}-{ri(100, 999)}',{ri(0, 900)},'{ts_iso()[:19].replace('T', ' ')}')" for _ in range(ri(3, 8)))
    return "```sql\n-- MySQL dump 10.13  Distrib 8.4." + str(ri(0, 4)) + ", for Linux (x86_64)\nLOCK TABLES `stock_levels` WRITE;\nINSERT INTO `stock_levels` VALUES " + rows + ";\nUNLOCK TABLES;\n```"


def pl_mongo():
    docs = [f"{{ _id: ObjectId('{hx(24)}'), orderNo: NumberLong('{ri(10 ** 11, 10 ** 12)}'), total: Decimal128('{ri(1, 9999)}.{ri(0, 99):02d}'), createdAt: ISODate('{ts_iso()}') }}" for _ in range(ri(2, 5))]
    return "```\nrs0 [direct: primary] shop> db.orders.find({status: 'stuck'}, {orderNo: 1, total: 1, createdAt: 1})\n[\n  " + ",\n  ".join(docs) + "\n]\n```"


def pl_metrics():
    return T("```\nnode_network_receive_bytes_total{device=\"eth0\"} «a»\nprocess_resident_memory_bytes «b»\nhttp_requests_total{code=\"200\",handler=\"/api/v1/orders\"} «c»\nhttp_request_duration_seconds_bucket{le=\"0.25\"} «d»\n```",
             a=f"{R.uniform(1, 9):.7f}e+{ri(9, 12):02d}", b=ri(10 ** 8, 10 ** 9), c=ri(10 ** 6, 10 ** 9), d=ri(10 ** 5, 10 ** 7))


def pl_netlog():
    lines = [f"{priv_ip()} - - [{ri(1, 28):02d}/{ch(['Mar', 'Jul', 'Nov'])}/2026:{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d} +0000] \"{ch(['GET', 'POST'])} /api/v{ri(1, 3)}/{ch(['orders', 'stock', 'health'])}/{ri(1000, 99999)} HTTP/1.1\" {ch([200, 201, 404, 502])} {ri(100, 90000)} \"-\" \"{ch(['kube-probe/1.31', 'Go-http-client/2.0', 'curl/8.10.1'])}\"" for _ in range(ri(3, 7))]
    return "```\n" + "\n".join(lines) + "\n```"


def pl_money():
    return ch([
        T("Q«q» revenue €«a» (vs €«b» plan), «c» orders, AOV €«d»", q=ri(1, 4), a=f"{ri(1, 9)}.{ri(100, 999)}.{ri(100, 999)},{ri(10, 99)}", b=f"{ri(1, 9)}.{ri(100, 999)}.{ri(100, 999)}", c=f"{ri(10, 999)} {ri(100, 999)}", d=f"{ri(20, 200)},{ri(10, 99)}"),
        T("p50 «a» ms / p99 «b» ms / max «c» ms over «d» requests", a=ri(5, 80), b=f"{ri(1, 3)} {ri(100, 999)}", c=f"{ri(10, 60)} {ri(100, 999)}", d=f"{ri(10, 99)} {ri(100, 999)} {ri(100, 999)}"),
        T("rows copied: «a» of «b» (ETA «c» min)", a=f"{ri(10, 99)},{ri(100, 999)},{ri(100, 999)}", b=f"{ri(100, 999)},{ri(100, 999)},{ri(100, 999)}", c=ri(2, 90)),
        T("```\nx-ratelimit-limit: «a»\nx-ratelimit-remaining: «b»\nx-ratelimit-reset: «c»\nretry-after: «d»\n```", a=ri(1000, 10000), b=ri(0, 999), c=ri(1_750_000_000, 1_790_000_000), d=ri(1, 60)),
    ])


def pl_cloud_ids():
    return ch([
        T("AWS account 123456789012 (the docs one) in the example policy; our sandbox is in the Org list, not pasting it", ),
        T("GCP project number «a», instance id «b»", a=digits(12), b=digits(19)),
        T("EC2 i-«a» in subnet-«b», ENI eni-«c»", a=hx(17), b=hx(17), c=hx(17)),
        T("`az account show` → subscription «a», tenant «b»", a=uuid4(), b=uuid4()),
        T("GitHub Actions run «a», job «b», attempt «c»", a=digits(11), b=digits(11), c=ri(1, 3)),
        T("CVE-2026-«a» / GHSA-«b»-«c»-«d» affects «e» < «f»", a=ri(10000, 49999), b=rs(4, "23456789cfghjmpqrvwx"), c=rs(4, "23456789cfghjmpqrvwx"), d=rs(4, "23456789cfghjmpqrvwx"), e=ch(["libxml2", "openssl", "jackson-databind"]), f=f"{ri(1, 3)}.{ri(0, 20)}.{ri(0, 9)}"),
    ])


def pl_isbn_ean():
    def ean(prefix):
        body = prefix + digits(12 - len(prefix), False)
        s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
        return body + str((10 - s % 10) % 10)
    e = ean("978" + ch(["3", "4", "2", "85", "89"]))
    return ch([
        T("ISBN «a» — the print run for the «l» translation", a=f"{e[:3]}-{e[3]}-{e[4:8]}-{e[8:12]}-{e[12]}", l=ch(["日本語", "Deutsch", "português", "한국어", "العربية"])),
        T("GTIN «a» is listed twice in the feed", a=ean(str(ri(400, 499)))),
        T("EAN «a» / HS code «b» / country of origin «c»", a=ean(str(ri(400, 499))), b=f"{ri(1000, 9999)}.{ri(10, 99)}.{ri(10, 99)}", c=ch(["JP", "DE", "BR", "IN"])),
    ])


NEG_NUMBER = [pl_amazon, pl_16digit, pl_bad_iban, pl_versions, pl_timestamps, pl_coords, pl_phone_like_ids, pl_sheet, pl_psql, pl_mysqldump, pl_mongo,
              pl_metrics, pl_netlog, pl_money, pl_cloud_ids, pl_isbn_ean, pl_phone_like_ids, pl_16digit, pl_bad_iban, pl_amazon]


# --------------------------------------------------------------------------
# negatives: talk_about_secrets
# --------------------------------------------------------------------------
TALK = {
    "en": ["we rotated the Stripe restricted key after the contractor offboarding, old one revoked at 14:00",
           "reminder: never paste API keys in this channel, use the 1Password share link that expires",
           "the leaked token from last week was a read-only npm token; it's revoked and the audit log shows no publishes",
           "can someone explain why the scanner flagged a git SHA as a 'generic high entropy secret'?",
           "postmortem action item: move the DB password from the Helm values file into External Secrets",
           "if you accidentally post a credential, delete the message AND rotate — deleting alone isn't enough",
           "customer asked us to read their card number over chat; support declined and sent the secure payment link",
           "the KYC vendor wants SSNs in the CSV; legal says only last-4 plus the tokenised reference",
           "the phone-number field now stores E.164 hashes only, the raw value is dropped after OTP verification",
           "is a public key in the repo a problem? no, only the private half matters",
           "secret scanning push protection blocked my push because of a test fixture — added it to the allowlist with a comment",
           "we need an owner for the quarterly key rotation runbook, the last run was in spring"],
    "de": ["Bitte keine Passwörter in Tickets schreiben, auch nicht 'nur kurz'.",
           "Der API-Schlüssel für den Versanddienst wurde rotiert, der alte ist seit heute Morgen ungültig.",
           "Die IBAN-Felder werden im Export jetzt maskiert, nur die letzten vier Stellen bleiben sichtbar.",
           "Wer hat Zugriff auf den Tresor mit den Zertifikatsschlüsseln? Bitte im Access-Review prüfen."],
    "fr": ["On a révoqué le jeton GitHub du bot après la fuite dans les logs CI.",
           "Ne collez jamais de numéro de carte dans le canal support, utilisez le lien de paiement sécurisé.",
           "La rotation des clés KMS est maintenant automatique tous les 365 jours."],
    "es": ["Rotamos la contraseña de la base de datos después del incidente; nadie tenía que tenerla en local.",
           "El escáner de secretos marcó un hash de commit como clave; es un falso positivo conocido.",
           "Los números de teléfono de clientes ya no se guardan en texto plano en los logs."],
    "pt": ["A chave da API de pagamentos foi trocada e a antiga revogada.",
           "Não compartilhem tokens por DM; usem o cofre de senhas da equipe."],
    "it": ["Abbiamo ruotato le credenziali SMTP dopo che erano finite in un log di debug.",
           "Per favore non incollate chiavi private nei canali, nemmeno in quelli privati."],
    "nl": ["Het wachtwoord van de service-account is vervangen en de oude sessies zijn ingetrokken."],
    "pl": ["Token do rejestru został unieważniony, nowy jest tylko w menedżerze sekretów."],
    "tr": ["API anahtarını kanala yapıştırmayın; yanlışlıkla olursa hemen iptal edip yenisini oluşturun."],
    "vi": ["Đã thu hồi khóa API bị lộ trong log CI, khóa mới chỉ nằm trong kho bí mật."],
    "ja": ["先週漏えいしたトークンは失効済みです。監査ログにも不審なアクセスはありませんでした。",
           "パスワードや秘密鍵をチャットに貼らないでください。1Passwordの共有リンクを使ってください。",
           "電話番号やメールアドレスはログに出さない方針です。マスキングの設定を確認してください。"],
    "zh": ["泄露的访问密钥已经吊销，新的密钥只保存在密钥管理服务里。",
           "请不要在群里发送银行卡号或身份证号，客服请使用安全表单。",
           "下周轮换数据库密码，届时相关服务会重启一次。"],
    "ko": ["유출된 토큰은 즉시 폐기했고, 새 토큰은 시크릿 매니저에만 저장했습니다.",
           "채널에 비밀번호나 API 키를 붙여넣지 마세요."],
    "ru": ["Утёкший ключ доступа отозвали, новый лежит только в Vault.",
           "Пожалуйста, не пишите пароли в тикетах и не отправляйте номера карт в чат.",
           "Ротация TLS-ключей теперь автоматическая, вручную ничего делать не нужно."],
    "uk": ["Токен бота відкликано, новий зберігається лише в менеджері секретів."],
    "ar": ["تم إلغاء مفتاح الواجهة البرمجية المسرّب وإنشاء مفتاح جديد في خزنة الأسرار.",
           "من فضلكم لا تشاركوا كلمات المرور أو أرقام البطاقات في هذه القناة."],
    "he": ["המפתח שדלף בוטל, והחדש נשמר רק בכספת הסודות."],
    "hi": ["लीक हुआ टोकन रद्द कर दिया गया है, नया टोकन केवल सीक्रेट मैनेजर में है।",
           "कृपया चैनल में पासवर्ड या कार्ड नंबर साझा न करें।"],
    "el": ["Ο κωδικός της βάσης άλλαξε μετά το περιστατικό· το παλιό κλειδί ανακλήθηκε."],
    "th": ["โทเค็นที่รั่วไหลถูกเพิกถอนแล้ว คีย์ใหม่เก็บไว้ใน secret manager เท่านั้น"],
}
TALK_ALL = [s for v in TALK.values() for s in v]


def tk_plain():
    return ch(TALK_ALL)


def tk_thread():
    a, b = R.sample(TALK_ALL, 2)
    return f"{a}\n> {b}\n{ch(['+1', 'agreed', 'done ✅', 'ack', '👍 will do', 'on it'])}"


def tk_notes():
    items = R.sample(TALK_ALL, ri(3, 5))
    return ch(["**Security sync notes**", "*Weekly infra sync — secrets*", "Notas de la reunión:", "議事録（セキュリティ）:", "Протокол встречи:"]) + "\n" + "\n".join(f"• {s}" for s in items)


def tk_incident():
    return T("*INC-«n» summary* (sev«s»)\n• what: «a»\n• impact: none observed, credential revoked within «m» min\n• follow-up: «b»",
             n=ri(100, 999), s=ri(2, 4), a=ch(["a deploy token was printed by a debug log line in CI", "a .env file was included in a Docker build context",
                                              "a webhook secret was committed to a public gist by mistake", "an S3 presigned URL with a long TTL was shared in a ticket"]),
             m=ri(4, 55), b=ch(TALK["en"]))


def tk_regex():
    return ch([
        "for the scanner rule: GitHub classic PATs are `ghp_` + 36 base62 chars and the last 6 are a CRC32 checksum, so we can validate before alerting",
        "Luhn check cuts our card false positives a lot, but order ids still pass ~10% of the time by chance",
        "IBAN validation: move the first 4 chars to the end, letters→numbers, mod 97 must be 1. cheap enough to run on every match",
        "SSN rule: area can't be 000, 666 or 9xx, group can't be 00, serial can't be 0000 — implement those before flagging",
        "should the redactor treat `AKIA…EXAMPLE` as a secret? it's the documented AWS sample, I'd say no",
        "JWT detection: three base64url segments and the first decodes to JSON with `alg` — otherwise it's probably a cursor",
        "private-key detection should require the BEGIN/END armour *and* a base64 body; `...` bodies are docs",
    ])


def tk_errors():
    return ch([
        T("```\nError: secret \"«s»-db\" not found\n  Warning  FailedMount  kubelet  MountVolume.SetUp failed for volume \"db-creds\"\n```\nthe ExternalSecret hasn't synced yet, Vault role missing the policy", s=svc()),
        T("```\nError making API request.\nCode: 403. Errors:\n* permission denied\n```\n`vault kv get secret/«s»/prod` — my token doesn't have the read policy, who can grant it?", s=svc()),
        T("```\nerror: cannot fetch certificate: Get \"http://sealed-secrets-controller.kube-system:8080/v1/cert.pem\": dial tcp: lookup sealed-secrets-controller on «ip»:53: no such host\n```", ip=priv_ip()),
        T("```\nAccessDeniedException: User: arn:aws:sts::123456789012:assumed-role/«s»-task/«n» is not authorized to perform: secretsmanager:GetSecretValue\n```", s=svc(), n=hx(32)),
        "```\nfatal: Authentication failed for 'https://git.example.internal/platform/infra.git/'\n```\nmy PAT expired, regenerating (not pasting it here obviously)",
    ])


def tk_faq():
    q = ch(["Q: Can I share my password with a teammate for a quick fix?\nA: No. Request access for them instead.",
            "Q: Where do service credentials live?\nA: In the secret manager; apps read them at startup.",
            "P: ¿Puedo enviar el número de tarjeta del cliente por chat?\nR: No, usa el enlace de pago seguro.",
            "Q: 顧客の電話番号をスプレッドシートに保存してもいい？\nA: いいえ、CRMだけに保存してください。",
            "F: Darf ich meinen SSH-Schlüssel auf dem Jump-Host lassen?\nA: Nein, nutze Agent-Forwarding oder Zertifikate."])
    return "from the security FAQ:\n" + q


NEG_TALK = [tk_plain, tk_thread, tk_notes, tk_incident, tk_regex, tk_errors, tk_faq, tk_plain, tk_thread, tk_notes]


NEG_CATS = [("data_uri_base64", NEG_DATA_URI), ("placeholder_example", NEG_PLACEHOLDER), ("code_identifier", NEG_CODE),
            ("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_NUMBER), ("talk_about_secrets", NEG_TALK)]
PER_CAT = 80


def wrap_neg(t):
    if R.random() < 0.15:
        t = ch(LEADS) + t
    if R.random() < 0.08:
        t = t + ch(TRAILS)
    return t


def build_negatives(stats):
    out = []
    seen = set()
    for cat, funcs in NEG_CATS:
        i = 0
        n = 0
        while n < PER_CAT:
            f = funcs[i % len(funcs)]
            i += 1
            for _ in range(300):
                t = wrap_neg(f())
                if t in seen:
                    stats["neg_redraw_duplicate"] += 1
                    continue
                hits = scan(t)
                if hits:
                    for k, _v in hits:
                        stats["neg_redraw_" + k] += 1
                    continue
                break
            else:
                raise SystemExit(f"could not draw a clean text for {cat}/{f.__name__}")
            seen.add(t)
            out.append({"category": cat, "text": t, "_tpl": f.__name__})
            n += 1
    R.shuffle(out)
    recs = []
    for k, r in enumerate(out, 1):
        recs.append({"id": f"h6n-{k:04d}", "text": r["text"], "category": r["category"]})
        stats["tpl:" + r["category"] + ":" + r["_tpl"]] += 1
    return recs


# --------------------------------------------------------------------------
# positives: value generators
# --------------------------------------------------------------------------
def gen_aws_id():
    return ch(["AKIA", "AKIA", "ASIA"]) + rs(16, UP32)


def gen_aws_secret():
    return rs(40, string.ascii_letters + string.digits + "+/")


def _b62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def gen_ghp():
    body = rs(30)
    return "ghp_" + body + _b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def gen_gh_fine():
    return "github_pat_11" + rs(20, string.ascii_uppercase + string.digits) + "_" + rs(59)


def gen_xoxb():
    return f"xoxb-{digits(ri(10, 13))}-{digits(13)}-{rs(24)}"


def gen_xoxp():
    return f"xoxp-{digits(ri(10, 12))}-{digits(ri(10, 12))}-{digits(13)}-{hx(32)}"


def gen_openai():
    k = ch(["proj", "legacy", "svc"])
    if k == "proj":
        return "sk-proj-" + rs(74, B62 + "-_") + "T3BlbkFJ" + rs(74, B62 + "-_")
    if k == "svc":
        return "sk-svcacct-" + rs(74, B62 + "-_") + "T3BlbkFJ" + rs(74, B62 + "-_")
    return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)


def gen_anthropic():
    return "sk-ant-api03-" + rs(93, B62 + "-_") + "AA"


def gen_jwt():
    alg = ch(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = rs(ch([16, 22]), B64U)
    iat = ri(1_760_000_000, 1_790_000_000)
    pl = ch([{"sub": uuid4(), "iat": iat, "exp": iat + ch([900, 3600, 86400])},
             {"iss": f"https://auth.{org()}.example", "aud": svc(), "sub": str(ri(10 ** 5, 10 ** 8)), "scope": ch(["orders:read", "admin", "payouts:write"]), "iat": iat, "exp": iat + 3600},
             {"sub": uuid4(), "role": ch(["service", "authenticated"]), "tenant": org(), "iat": iat}])
    sig = rb({"HS256": 32, "RS256": 256, "ES256": 64}[alg])
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


def der_ec_sec1():
    return bytes.fromhex("30770201010420") + rb(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rb(64)


def der_ec_pkcs8():
    return bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420") + rb(32) + bytes.fromhex("a144034200") + b"\x04" + rb(64)


def der_ed25519():
    return bytes.fromhex("302e020100300506032b657004220420") + rb(32)


def openssh_ed25519():
    pub = rb(32)
    seed = rb(32)
    pubblob = ssh_str(b"ssh-ed25519") + ssh_str(pub)
    chk = rb(4)
    priv = chk + chk + pubblob + ssh_str(seed + pub) + ssh_str(b"build-runner-07")
    pad = bytes(range(1, (8 - len(priv) % 8) % 8 + 1))
    return (b"openssh-key-v1\x00" + ssh_str(b"none") + ssh_str(b"none") + ssh_str(b"") + struct.pack(">I", 1) + ssh_str(pubblob) + ssh_str(priv + pad))


def gen_pem():
    kind = ch(["ec", "pkcs8ec", "ed25519", "openssh"])
    if kind == "ec":
        return "EC PRIVATE KEY", cols(b64(der_ec_sec1()), 64).split("\n")
    if kind == "pkcs8ec":
        return "PRIVATE KEY", cols(b64(der_ec_pkcs8()), 64).split("\n")
    if kind == "ed25519":
        return "PRIVATE KEY", [b64(der_ed25519())]
    return "OPENSSH PRIVATE KEY", cols(b64(openssh_ed25519()), 70).split("\n")


def gen_password():
    while True:
        p = rs(ri(14, 24), string.ascii_letters + string.digits + "!#%^*_-+=~.")
        if re.search(r"\d", p) and re.search(r"[A-Z]", p) and re.search(r"[a-z]", p):
            return p


FIRST = ["marta", "kenji", "aylin", "joao", "priya", "lukas", "fatima", "olivier", "sven", "mei", "dmitri", "noa", "tomasz", "lucia", "arjun", "hana", "yusuf", "ingrid"]
LAST = ["kowalska", "tanaka", "yilmaz", "silva", "raman", "becker", "haddad", "moreau", "lindqvist", "chen", "ivanov", "levi", "nowak", "ferri", "mehta", "kim", "demir", "berg"]
MAILDOM = ["gmail.com", "outlook.com", "posteo.de", "yahoo.co.jp", "proton.me", "web.de", "orange.fr", "libero.it", "wp.pl", "naver.com", "qq.com", "mail.ru", "icloud.com", "gmx.at"]


def gen_email():
    f, l = ch(FIRST), ch(LAST)
    local = ch([f"{f}.{l}", f"{f[0]}{l}", f"{f}_{l}{ri(1, 99)}", f"{l}.{f}", f"{f}+orders"])
    return local + "@" + ch(MAILDOM + [f"{org()}-gmbh.de", f"{org()}.co.uk", f"{org()}.com.br"])


def gen_phone():
    fmt = ch(["us", "uk", "de", "de2", "fr", "jp", "jp2", "in", "br", "au", "kr", "cn", "ru", "es", "it", "nl", "mx", "pl", "tr", "ae"])
    d = lambda n: digits(n, False)
    return fmt, {
        "us": f"({ri(201, 989)}) {ri(201, 989)}-{d(4)}", "uk": f"+44 7{d(3)} {d(6)}", "de": f"+49 1{ch(['51', '52', '60', '70', '76'])} {d(4)} {d(4)}",
        "de2": f"0{ri(30, 89)} {d(3)} {d(4)}", "fr": f"0{ch([6, 7])} {d(2)} {d(2)} {d(2)} {d(2)}", "jp": f"0{ch([70, 80, 90])}-{d(4)}-{d(4)}",
        "jp2": f"+81 {ch([70, 80, 90])}-{d(4)}-{d(4)}", "in": f"+91 {ri(70000, 99999)} {d(5)}", "br": f"(11) 9{d(4)}-{d(4)}", "au": f"04{d(2)} {d(3)} {d(3)}",
        "kr": f"010-{d(4)}-{d(4)}", "cn": f"+86 1{ch(['38', '39', '58', '86'])} {d(4)} {d(4)}", "ru": f"+7 (9{d(2)}) {d(3)}-{d(2)}-{d(2)}",
        "es": f"+34 6{d(2)} {d(3)} {d(3)}", "it": f"+39 3{d(2)} {d(3)} {d(4)}", "nl": f"06-{d(8)}", "mx": f"+52 55 {d(4)} {d(4)}",
        "pl": f"+48 5{d(2)} {d(3)} {d(3)}", "tr": f"+90 5{d(2)} {d(3)} {d(2)} {d(2)}", "ae": f"+971 5{ri(0, 8)} {d(3)} {d(4)}"}[fmt]


def gen_card():
    kind = ch(["visa", "mc", "mc2", "amex", "discover", "jcb", "diners", "unionpay"])
    if kind == "visa":
        num = luhn_complete("4" + digits(14, False))
    elif kind == "mc":
        num = luhn_complete(str(ri(51, 55)) + digits(13, False))
    elif kind == "mc2":
        num = luhn_complete(str(ri(2221, 2720)) + digits(11, False))
    elif kind == "amex":
        num = luhn_complete(ch(["34", "37"]) + digits(12, False))
    elif kind == "discover":
        num = luhn_complete("6011" + digits(11, False))
    elif kind == "jcb":
        num = luhn_complete(str(ri(3528, 3589)) + digits(11, False))
    elif kind == "diners":
        num = luhn_complete("36" + digits(11, False))
    else:
        num = luhn_complete("62" + digits(ri(14, 16), False))
    n = len(num)
    if n == 15:
        style = ch(["465", "465-", "plain"])
        if style == "465":
            return kind, f"{num[:4]} {num[4:10]} {num[10:]}"
        if style == "465-":
            return kind, f"{num[:4]}-{num[4:10]}-{num[10:]}"
        return kind, num
    if n == 14:
        return kind, ch([f"{num[:4]} {num[4:10]} {num[10:]}", num])
    style = ch(["space", "dash", "dot", "plain", "8-8", "mixed"])
    g = [num[i:i + 4] for i in range(0, n, 4)]
    if style == "space":
        return kind, " ".join(g)
    if style == "dash":
        return kind, "-".join(g)
    if style == "dot":
        return kind, ".".join(g)
    if style == "8-8":
        return kind, num[:8] + " " + num[8:]
    if style == "mixed":
        return kind, "  ".join(g)
    return kind, num


def gen_iban():
    cc = ch(["DE", "GB", "FR", "NL", "BE", "AT", "CH", "PL", "IE", "ES", "IT"])
    if cc == "DE":
        bban = digits(8, True) + digits(10, False)
    elif cc in ("GB", "IE"):
        bban = rs(4, string.ascii_uppercase) + digits(14, False)
    elif cc == "NL":
        bban = ch(["ABNA", "INGB", "RABO", "TRIO"]) + digits(10, False)
    elif cc == "FR":
        bank, branch, acct = digits(5, False), digits(5, False), digits(11, False)
        key = 97 - (89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97
        bban = bank + branch + acct + f"{key:02d}"
    elif cc == "BE":
        first = digits(10, False)
        c = int(first) % 97 or 97
        bban = first + f"{c:02d}"
    elif cc == "AT":
        bban = digits(16, False)
    elif cc == "CH":
        bban = digits(17, False)
    elif cc == "PL":
        bban = digits(24, False)
    elif cc == "ES":
        bban = digits(20, False)
    else:  # IT: CIN letter + ABI + CAB + account
        bban = ch(string.ascii_uppercase) + digits(10, False) + digits(12, False)
    ib = iban_make(cc, bban)
    assert iban_ok(ib)
    return ib if R.random() < 0.35 else group4(ib)


def gen_ssn():
    while True:
        a = ri(1, 899)
        if a == 666:
            continue
        s = f"{a:03d}-{ri(1, 99):02d}-{ri(1, 9999):04d}"
        if ssn_ok(s):
            break
    st = ch(["dash", "dash", "space", "plain"])
    return s if st == "dash" else (s.replace("-", " ") if st == "space" else s.replace("-", ""))


def gen_ip():
    while True:
        ip = f"{ri(1, 223)}.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
        if is_public_ip(ip) and ip not in ALLOWED_VERSION_IPS:
            return ip


# --------------------------------------------------------------------------
# positives: templates  (each returns (text, [(kind, value), ...]))
# --------------------------------------------------------------------------
def one(kind, tpls):
    def make(i):
        v = GEN[kind]()
        return T(tpls[i % len(tpls)], v=v, s=svc(), o=org(), r=ch(REGIONS), ip=priv_ip()), [(kind, v)]
    return make


def _phone():
    return gen_phone()[1]


def _card():
    return gen_card()[1]


GEN = {"aws_access_key_id": gen_aws_id, "github_classic_pat": gen_ghp, "github_fine_grained_pat": gen_gh_fine, "slack_bot_token": gen_xoxb,
       "slack_user_token": gen_xoxp, "openai_api_key": gen_openai, "anthropic_api_key": gen_anthropic, "jwt": gen_jwt, "password": gen_password,
       "email_address": gen_email, "phone_number": _phone, "credit_card": _card, "iban": gen_iban, "us_ssn": gen_ssn, "ipv4_address": gen_ip}

PTPL = {
    "aws_access_key_id": [
        "```\n$ aws sts get-caller-identity --profile «s»\nAn error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.\n```\nkey id in ~/.aws/credentials is «v», the AWS docs one AKIAIOSFODNN7EXAMPLE works with localstack though",
        "terraform keeps picking up `AWS_ACCESS_KEY_ID=«v»` from my shell instead of the SSO profile",
        "CloudTrail: `\"accessKeyId\": \"«v»\"` made the DeleteBucket call at 03:12, whose key is this??",
        "«s» の設定に «v» が残ってました、無効化お願いします",
        "```python\nboto3.client(\"s3\", region_name=\"«r»\", aws_access_key_id=\"«v»\", aws_secret_access_key=os.environ[\"AWS_SECRET\"])\n```",
        "Der Zugriffsschlüssel «v» taucht noch im Jenkins-Log auf, bitte deaktivieren.",
    ],
    "github_classic_pat": [
        "```\ngit clone https://x-access-token:«v»@github.com/«o»/«s».git\n```\nworks locally, fails in the container",
        "GH_TOKEN=«v» gh release create v2.«s» — oops wrong channel, rotating",
        "```yaml\n# .npmrc in the runner image\n//npm.pkg.github.com/:_authToken=«v»\n```",
        "用这个 token 先跑一下：«v»（明天过期）",
        "replace `ghp_xxxxxxxxxxxxxxxxxxxx` in the docs with yours, mine is «v» if you just want to test quickly",
    ],
    "github_fine_grained_pat": [
        "fine-grained token for the release bot (contents:write only): «v»",
        "```\nexport GITHUB_TOKEN=«v»\nrenovate --platform=github «o»/«s»\n```",
        "Токен для CI: «v» — потом удалю",
    ],
    "slack_bot_token": [
        "```python\napp = App(token=\"«v»\", signing_secret=os.environ[\"SLACK_SIGNING_SECRET\"])\n```",
        "SLACK_BOT_TOKEN=«v» (the template said xoxb-your-bot-token, I filled it in)",
        "bot token for the #deploys notifier is «v», can someone store it in Vault?",
        "```\ncurl -H 'Authorization: Bearer «v»' https://slack.com/api/auth.test\n{\"ok\":true,\"team\":\"«o»\"}\n```",
        "Bot-Token für den Alert-Kanal: «v»",
    ],
    "slack_user_token": [
        "user token for the export script: «v» (needs channels:history)",
        "```js\nconst web = new WebClient('«v»');\n```",
        "xoxp の方のトークンです: «v»",
    ],
    "openai_api_key": [
        "```python\nclient = OpenAI(api_key=\"«v»\")  # TODO env var\n```",
        "OPENAI_API_KEY=«v»\n# was sk-... in the example, now the team key",
        "curl https://api.openai.com/v1/models -H \"Authorization: Bearer «v»\" → 401, is this key still active?",
        "la clé pour le prototype : «v» (budget limité à 20 $)",
        "```yaml\nenv:\n  - name: OPENAI_API_KEY\n    value: «v»\n```",
        "새 키 발급했어요: «v»",
    ],
    "anthropic_api_key": [
        "```ts\nconst anthropic = new Anthropic({ apiKey: '«v»' });\n```",
        "ANTHROPIC_API_KEY=«v» in the staging env — the docs placeholder was sk-ant-...",
        "here's the eval key until the proxy is ready: «v»",
        "Chave da API para o teste: «v»",
        "```toml\n[llm]\nprovider = \"anthropic\"\napi_key = \"«v»\"\n```",
    ],
    "jwt": [
        "```\nGET /api/v1/orders HTTP/1.1\nHost: «s».internal\nAuthorization: Bearer «v»\n```\n401 even though exp is in the future",
        "decoded this session token and the aud is wrong: «v»",
        "```js\nlocalStorage.setItem('access_token', '«v»');\n```",
        "Cookie: session=«v»; Path=/; HttpOnly",
        "トークン: «v» — 期限切れ？",
        "```json\n{\"access_token\":\"«v»\",\"token_type\":\"Bearer\",\"expires_in\":3600}\n```",
    ],
    "password": [
        "```\nServer=tcp:sql-«s».database.windows.net,1433;Initial Catalog=orders;User ID=svc_orders;Password=«v»;Encrypt=True;TrustServerCertificate=False;\n```",
        "```properties\nspring.datasource.username=app\nspring.datasource.password=«v»\n# spring.datasource.password=${DB_PASSWORD} once vault works\n```",
        "psql \"host=«ip» port=5432 dbname=ledger user=ledger_rw password=«v» sslmode=require\"",
        "```yaml\nenvironment:\n  MYSQL_ROOT_PASSWORD: «v»\n  MYSQL_PASSWORD: ${MYSQL_PASSWORD:-changeme}\n```",
        "~/.pgpass: `«ip»:5432:reporting:report_ro:«v»`",
        "Das Passwort für den SFTP-Export ist «v» (bitte nicht weitergeben)",
        "```\njdbc:sqlserver://«ip»:1433;databaseName=crm;user=crm_app;password=«v»;\n```",
    ],
    "email_address": [
        "please add «v» to the beta list",
        "customer «v» says the invoice PDF is empty",
        "```\n2026-04-02T10:11:09Z WARN mailer bounce: recipient=«v» reason=mailbox_full\n```",
        "连络人的邮箱：«v»",
        "Kontakt beim Lieferanten: «v»",
        "```csv\norder_id,email,total\n«n»,«v»,«t»\n```",
        "l'adresse de facturation est «v», pas celle du compte",
        "メールアドレス «v» に確認メールが届かないそうです",
    ],
    "phone_number": [
        "call me on «v» if the deploy breaks",
        "customer callback number: «v»",
        "Rückrufnummer: «v»",
        "mi número es «v», escríbeme por WhatsApp",
        "電話番号：«v»（平日のみ）",
        "연락처 «v» 로 전화 주세요",
        "мой телефон «v»",
        "```json\n{\"name_id\":«n»,\"phone\":\"«v»\",\"verified\":false}\n```",
        "support line for the courier says «v» — the one in the wiki is out of date",
        "रिटेलर का मोबाइल नंबर «v» है",
    ],
    "credit_card": [
        "card «v» exp «m»/«y» declined again, customer wants a retry",
        "```\ncheckout test failed: number=«v» cvc=*** → card_declined\n```",
        "Kartennummer «v», Ablauf «m»/«y»",
        "the corporate card is «v», use it for the domain renewal",
        "número de tarjeta: «v»",
        "```csv\nref,pan,amount\n«n»,«v»,«t»\n```",
        "カード番号 «v» で決済エラー",
        "тестовая карта не подходит, нужна реальная: «v»",
        "Amex on file «v» — the placeholder xxxx-xxxx-xxxx-xxxx in the form confused her",
    ],
    "iban": [
        "please pay the invoice to «v»",
        "Bitte überweisen an IBAN «v», Verwendungszweck Rechnungsnummer",
        "IBAN du fournisseur : «v»",
        "```json\n{\"payee\":\"supplier-«n»\",\"iban\":\"«v»\",\"bic\":\"«b»\"}\n```",
        "refund goes to «v» (not the DE00 0000 … placeholder in the template)",
        "rekening voor de terugbetaling: «v»",
        "IBAN per il rimborso: «v»",
        "Numer konta do zwrotu: «v»",
    ],
    "us_ssn": [
        "SSN for the W-9 is «v»",
        "```\nkyc_check failed: ssn=«v» dob_mismatch=true\n```",
        "her social is «v», HR needs it for payroll",
        "tax id (SSN): «v» — replace the ***-**-**** in the form",
        "número de seguro social: «v»",
        "```csv\nemployee_id,ssn,state\n«n»,«v»,CA\n```",
    ],
    "ipv4_address": [
        "the attacker came from «v», blocking it at the WAF",
        "home office IP for the allowlist: «v»",
        "```\nsshd[«n»]: Failed password for invalid user admin from «v» port «p» ssh2\n```",
        "```\n«v» - - [12/Mar/2026:10:01:22 +0000] \"GET /wp-login.php HTTP/1.1\" 404 153\n```",
        "Kunden-Server «v» antwortet nicht auf Port 443",
        "このIP «v» からのアクセスが急増しています",
        "add «v»/32 to the security group (my home connection)",
        "origin IP «v» leaked behind the CDN, rotate it",
    ],
}


def single(kind, i):
    tpl = PTPL[kind][i % len(PTPL[kind])]
    v = GEN[kind]()
    t = T(tpl, v=v, s=svc(), o=org(), r=ch(REGIONS), ip=priv_ip(), n=ri(1000, 999999), t=f"{ri(5, 900)}.{ri(0, 99):02d}",
          m=f"{ri(1, 12):02d}", y=ri(27, 31), b=rs(8, string.ascii_uppercase), p=ri(1024, 65535)) if "«" in tpl else tpl
    return t, [(kind, v)], f"{kind}:t{i % len(PTPL[kind])}"


def pem_message(i):
    label, lines = gen_pem()
    layout = i % 3
    if layout == 0:
        body = "\n".join(lines)
        text = f"here's the deploy key for the staging box, remove after use:\n```\n-----BEGIN {label}-----\n{body}\n-----END {label}-----\n```"
    elif layout == 1:
        body = "\\n".join(lines)
        text = f"```json\n{{\"type\": \"service_account\", \"private_key\": \"-----BEGIN {label}-----\\n{body}\\n-----END {label}-----\\n\", \"client_id\": \"{digits(21)}\"}}\n```"
    else:
        body = "\n    ".join(lines)
        text = f"```yaml\ntls:\n  key: |\n    -----BEGIN {label}-----\n    {body}\n    -----END {label}-----\n```"
    return text, [("private_key_pem", body)], f"private_key_pem:{label.replace(' ', '_').lower()}:layout{layout}"


def url_cred_message(i):
    pw = gen_password().replace("#", "").replace("%", "").replace("+", "")
    if len(pw) < 10:
        pw += rs(6)
    tpls = ["DATABASE_URL=postgres://app_rw:«v»@«ip»:5432/ledger?sslmode=require",
            "```\nmongodb+srv://analytics:«v»@cluster0.«o».mongodb.net/events?retryWrites=true&w=majority\n```",
            "`redis://:«v»@«ip»:6379/2` is what the worker uses",
            "amqps://orders:«v»@mq.«o».internal:5671/%2F",
            "mysql://root:«v»@«ip»:3306/crm — yes root, I know",
            "```python\nengine = create_engine(\"postgresql+psycopg://etl:«v»@«ip»/warehouse\")\n```",
            "Verbindung: `sftp://export:«v»@files.«o».internal/outgoing`"]
    tpl = tpls[i % len(tpls)]
    return T(tpl, v=pw, ip=priv_ip(), o=org()), [("url_credentials", pw)], f"url_credentials:t{i % len(tpls)}"


def multi_message(i):
    name = ["aws_pair", "env_file", "support_ticket", "hr_form", "payout_form", "incident_dump"][i % 6]
    if name == "aws_pair":
        a, s = gen_aws_id(), gen_aws_secret()
        text = f"```ini\n[{svc()}]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = {ch(REGIONS)}\n```\n(the [default] profile still has AKIAIOSFODNN7EXAMPLE from the tutorial)"
        items = [("aws_access_key_id", a), ("aws_secret_access_key", s)]
    elif name == "env_file":
        a, s, k = gen_aws_id(), gen_aws_secret(), gen_anthropic()
        text = f"```dotenv\nSTRIPE_KEY=sk_test_xxx\nAWS_ACCESS_KEY_ID={a}\nAWS_SECRET_ACCESS_KEY={s}\nANTHROPIC_API_KEY={k}\nSENTRY_DSN=<your-dsn>\n```"
        items = [("aws_access_key_id", a), ("aws_secret_access_key", s), ("anthropic_api_key", k)]
    elif name == "support_ticket":
        e, p = gen_email(), gen_phone()[1]
        text = f"Ticket #{ri(10000, 99999)}: customer {e} / {p} can't log in, order {amazon_order()}"
        items = [("email_address", e), ("phone_number", p)]
    elif name == "hr_form":
        sn, e = gen_ssn(), gen_email()
        text = f"new hire paperwork: SSN {sn}, personal mail {e}, start date 2026-{ri(1, 12):02d}-01"
        items = [("us_ssn", sn), ("email_address", e)]
    elif name == "payout_form":
        ib, c = gen_iban(), gen_card()[1]
        text = f"Auszahlung bitte auf {ib}; falls das nicht geht, Karte {c} belasten"
        items = [("iban", ib), ("credit_card", c)]
    else:
        ip, t = gen_ip(), gen_xoxb()
        text = f"```\n{ts_iso()} WARN slack-notifier auth failed from {ip} token={t}\n```"
        items = [("ipv4_address", ip), ("slack_bot_token", t)]
    return text, items, f"multi:{name}:{i // 6}"


SINGLE_PLAN = [("aws_access_key_id", 6), ("github_classic_pat", 5), ("github_fine_grained_pat", 3), ("slack_bot_token", 5), ("slack_user_token", 3),
               ("openai_api_key", 6), ("anthropic_api_key", 5), ("jwt", 6), ("private_key_pem", 6), ("password", 7), ("url_credentials", 7),
               ("email_address", 8), ("phone_number", 10), ("credit_card", 9), ("iban", 8), ("us_ssn", 6), ("ipv4_address", 8)]
N_MULTI = 12


def validate(kind, v, text):
    assert v in text, (kind, v)
    if kind == "credit_card":
        d = re.sub(r"[ .\-]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        assert is_public_ip(v), v
    elif kind == "jwt":
        h, p, _s = v.split(".")
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    elif kind == "github_classic_pat":
        assert v[-6:] == _b62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "email_address":
        assert RE_EMAIL.fullmatch(v)


def build_positives(stats):
    jobs = []
    for kind, n in SINGLE_PLAN:
        for i in range(n):
            if kind == "private_key_pem":
                jobs.append(lambda i=i: pem_message(i))
            elif kind == "url_credentials":
                jobs.append(lambda i=i: url_cred_message(i))
            else:
                jobs.append(lambda kind=kind, i=i: single(kind, i))
    for i in range(N_MULTI):
        jobs.append(lambda i=i: multi_message(i))
    recs = []
    seen = set()
    for job in jobs:
        for _ in range(200):
            text, items, ctx = job()
            if R.random() < 0.08:
                text = ch(LEADS) + text
            rest = text
            for _k, v in sorted(items, key=lambda kv: -len(kv[1])):
                rest = rest.replace(v, " ")
            if text in seen or scan(rest):
                stats["pos_redraw"] += 1
                continue
            break
        else:
            raise SystemExit("positive redraw limit: " + ctx)
        for k, v in items:
            validate(k, v, text)
        seen.add(text)
        recs.append((text, items, ctx))
    R.shuffle(recs)
    out = []
    for n, (text, items, ctx) in enumerate(recs, 1):
        out.append({"id": f"h6p-{n:04d}", "text": text, "secrets": [{"kind": k, "value": v} for k, v in items], "context": ctx})
    return out


def main():
    stats = Counter()
    neg = build_negatives(stats)
    pos = build_positives(stats)
    with open(os.path.join(HERE, "redaction6_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction6_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # final re-check
    for r in neg:
        assert not scan(r["text"]), r["id"]
    allowed = Counter(k for r in neg for k, _v in allowed_hits(r["text"]))
    print("negatives:", len(neg), dict(Counter(r["category"] for r in neg)))
    print("positives:", len(pos), "secrets:", sum(len(r["secrets"]) for r in pos))
    print("secret kinds:", dict(sorted(Counter(s["kind"] for r in pos for s in r["secrets"]).items())))
    print("deliberate scanner-visible shapes in negatives:", dict(allowed))
    print("redraws:", {k: v for k, v in sorted(stats.items()) if not k.startswith("tpl:")})
    print("templates used per category:", dict(Counter(k.split(":")[1] for k in stats if k.startswith("tpl:"))))
    ml = [r["text"].count("\n") + 1 for r in neg]
    print("negative lines: min", min(ml), "max", max(ml), "single-line", sum(1 for x in ml if x == 1), ">=10 lines", sum(1 for x in ml if x >= 10))
    missed = [r["id"] for r in pos if not scan(r["text"])]
    print("positives the built-in scanner does not see (expected: phones, passwords, SSN without dashes, ...):", len(missed))


if __name__ == "__main__":
    main()
