#!/usr/bin/env python3
"""Held-out redaction corpus #7 generator (standard library only, deterministic).

Writes redaction7_negatives.jsonl and redaction7_positives.jsonl next to itself.
Written without reading the redactor's code or rules.
"""
import base64, gzip, hashlib, io, ipaddress, json, math, os, random, re, string, struct, sys, tarfile, zipfile, zlib

SEED = 7707
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "redaction7"
IDP = "h7"

ALNUM = string.ascii_letters + string.digits
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
HEXD = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def rs(n, alpha=ALNUM):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(n, HEXD)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def pick(xs):
    return R.choice(xs)


def chance(p):
    return R.random() < p


def wrap(s, n):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def uuid4():
    b = bytearray(rbytes(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def uuid7():
    ms = R.randint(1735689600000, 1790000000000)
    b = bytearray(ms.to_bytes(6, "big") + rbytes(10))
    b[6] = (b[6] & 0x0F) | 0x70
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    ms = R.randint(1735689600000, 1790000000000)
    n = (ms << 80) | R.getrandbits(80)
    out = ""
    for _ in range(26):
        out = CROCK[n & 31] + out
        n >>= 5
    return out


def luhn_ok(d):
    d = [int(c) for c in d]
    s = 0
    for i, x in enumerate(reversed(d)):
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        s += x
    return s % 10 == 0


def luhn_complete(prefix_digits):
    for c in "0123456789":
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c


def digits(n, first_nonzero=True):
    s = str(R.randint(1, 9)) if first_nonzero else str(R.randint(0, 9))
    return s + "".join(str(R.randint(0, 9)) for _ in range(n - 1))


def nonluhn_digits(n):
    while True:
        d = digits(n)
        if not luhn_ok(d):
            return d


# --------------------------------------------------------------------------------------------
# Real file builders (every file is well-formed)
# --------------------------------------------------------------------------------------------

def _png_chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def make_png(w=None, h=None, ctype=None):
    w = w or R.randint(1, 12)
    h = h or R.randint(1, 12)
    ctype = ctype if ctype is not None else pick([0, 2, 3, 6])
    base = [R.randint(0, 255) for _ in range(4)]
    raw = bytearray()
    extra = b""
    for y in range(h):
        raw.append(0)
        for x in range(w):
            g = (base[0] + 9 * x + 13 * y) & 255
            if ctype == 0:
                raw.append(g)
            elif ctype == 2:
                raw += bytes([g, base[1], (base[2] + 5 * y) & 255])
            elif ctype == 6:
                raw += bytes([g, base[1], base[2], (255 - 20 * x) & 255])
            else:
                raw.append((x + y) % 4)
    if ctype == 3:
        extra = _png_chunk(b"PLTE", bytes(R.randint(0, 255) for _ in range(12)))
        if chance(0.5):
            extra += _png_chunk(b"tRNS", b"\x00")
    ihdr = struct.pack(">IIBBBBB", w, h, 8, ctype, 0, 0, 0)
    pre = b""
    if chance(0.3):
        pre = _png_chunk(b"sRGB", b"\x00")
    if chance(0.2):
        pre += _png_chunk(b"pHYs", struct.pack(">IIB", 2835, 2835, 1))
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr) + pre + extra
            + _png_chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + _png_chunk(b"IEND", b""))


class _Bits:
    def __init__(self):
        self.acc = 0
        self.n = 0
        self.out = bytearray()

    def put(self, code, size):
        self.acc |= code << self.n
        self.n += size
        while self.n >= 8:
            self.out.append(self.acc & 255)
            self.acc >>= 8
            self.n -= 8

    def flush(self):
        if self.n:
            self.out.append(self.acc & 255)
        return bytes(self.out)


def make_gif(w=None, h=None):
    w = w or R.choice([1, 1, 2, 3, 4, 8])
    h = h or R.choice([1, 1, 2, 3, 4])
    pal = bytes(R.randint(0, 255) for _ in range(12)) + b"\x00\x00\x00"[:0] + bytes(R.randint(0, 255) for _ in range(0))
    pal = pal[:12]
    bits = _Bits()
    pixels = [(x + y) % 4 for y in range(h) for x in range(w)]
    for i in range(0, len(pixels), 2):
        bits.put(4, 3)  # clear: keeps code size at 3 bits
        for p in pixels[i:i + 2]:
            bits.put(p, 3)
    bits.put(5, 3)
    data = bits.flush()
    sub = b""
    for i in range(0, len(data), 255):
        blk = data[i:i + 255]
        sub += bytes([len(blk)]) + blk
    gce = b"!\xf9\x04" + bytes([1 if chance(0.6) else 0]) + b"\x00\x00\x00\x00"
    return (b"GIF89a" + struct.pack("<HH", w, h) + b"\x81\x00\x00" + pal + gce
            + b"," + struct.pack("<HHHH", 0, 0, w, h) + b"\x00" + b"\x02" + sub + b"\x00;")


def make_jpeg(w=None, h=None):
    w = w or R.randint(1, 24)
    h = h or R.randint(1, 24)
    q = bytes(max(1, min(255, 2 + i // 3 + R.randint(0, 2))) for i in range(64))
    seg = lambda m, d: b"\xff" + bytes([m]) + struct.pack(">H", len(d) + 2) + d
    app0 = seg(0xE0, b"JFIF\x00\x01\x01" + bytes([R.choice([0, 1])]) + struct.pack(">HH", 72, 72) + b"\x00\x00")
    com = seg(0xFE, pick([b"optimized", b"thumbnail", b"Created with GIMP", b"lavc60.31.102"])) if chance(0.4) else b""
    dqt = seg(0xDB, b"\x00" + q)
    sof = seg(0xC0, b"\x08" + struct.pack(">HH", h, w) + b"\x01\x01\x11\x00")
    dht = seg(0xC4, b"\x00" + b"\x01" + b"\x00" * 15 + b"\x00") + seg(0xC4, b"\x10" + b"\x01" + b"\x00" * 15 + b"\x00")
    sos = seg(0xDA, b"\x01\x01\x00\x00\x3f\x00")
    nblocks = ((w + 7) // 8) * ((h + 7) // 8)
    nbits = 2 * nblocks
    body = bytearray(b"\x00" * (nbits // 8))
    if nbits % 8:
        body.append((1 << (8 - nbits % 8)) - 1)
    return b"\xff\xd8" + app0 + com + dqt + sof + dht + sos + bytes(body) + b"\xff\xd9"


def make_bmp(w=None, h=None):
    w = w or R.randint(1, 6)
    h = h or R.randint(1, 6)
    row = (w * 3 + 3) & ~3
    c = [R.randint(0, 255) for _ in range(3)]
    px = b""
    for y in range(h):
        r = b"".join(bytes([(c[0] + 30 * x) & 255, c[1], (c[2] + 40 * y) & 255]) for x in range(w))
        px += r + b"\x00" * (row - len(r))
    hdr = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(px), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + 40 + len(px), 0, 0, 54) + hdr + px


def make_ico():
    p = make_png(16, 16, 6) if chance(0.5) else make_png(8, 8, 6)
    w = struct.unpack(">I", p[16:20])[0]
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", w, w, 0, 0, 1, 32, len(p), 22) + p


def make_tiff():
    w, h = R.randint(1, 4), R.randint(1, 4)
    pix = bytes(R.randint(0, 255) for _ in range(w * h))
    entries = [(256, 3, 1, w), (257, 3, 1, h), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
               (273, 4, 1, 0), (277, 3, 1, 1), (278, 3, 1, h), (279, 4, 1, len(pix))]
    ifd_off = 8
    data_off = ifd_off + 2 + 12 * len(entries) + 4
    out = b"II*\x00" + struct.pack("<I", ifd_off) + struct.pack("<H", len(entries))
    for tag, typ, cnt, val in entries:
        if tag == 273:
            val = data_off
        if typ == 3:
            out += struct.pack("<HHIHH", tag, typ, cnt, val, 0)
        else:
            out += struct.pack("<HHII", tag, typ, cnt, val)
    return out + b"\x00\x00\x00\x00" + pix


def make_wav():
    rate = pick([8000, 11025, 16000])
    n = R.randint(16, 48)
    f = R.choice([440, 880, 1000])
    data = bytes(int(128 + 100 * math.sin(2 * math.pi * f * i / rate)) & 255 for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    return b"RIFF" + struct.pack("<I", 4 + 8 + len(fmt) + 8 + len(data)) + b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data


def make_pdf():
    txt = pick(["Invoice template", "Lieferschein", "Draft", "Hello", "Release notes 4.2", "Testseite"])
    stream = f"BT /F1 18 Tf 20 40 Td ({txt}) Tj ET".encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 80] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += str(i).encode() + b" 0 obj\n" + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 6\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offs)
    out += b"trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n" + str(x).encode() + b"\n%%EOF\n"
    return out


def make_zip():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in R.sample(["README.txt", "data/rows.csv", "manifest.json", "img/logo.svg", "VERSION", "LICENSE"], R.randint(1, 3)):
            zi = zipfile.ZipInfo(name, date_time=(2025, R.randint(1, 12), R.randint(1, 28), 9, 30, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, (f"{name}\nbuild {R.randint(100, 999)}\n" * R.randint(1, 3)).encode())
    return buf.getvalue()


def make_gzip(text=None):
    text = text or "\n".join(f"{R.randint(1000, 9999)},{pick(['ok', 'retry', 'skip'])}" for _ in range(R.randint(2, 6)))
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def make_targz():
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as t:
        data = f"schema_version: {R.randint(1, 9)}\n".encode()
        ti = tarfile.TarInfo(pick(["chart/values.yaml", "fixtures/seed.yml", "migrations/0042.sql"]))
        ti.size = len(data)
        ti.mtime = 1735689600
        t.addfile(ti, io.BytesIO(data))
    return gzip.compress(buf.getvalue(), mtime=0)


WASM_ADD = bytes.fromhex("0061736d0100000001070160027f7f017f030201000707010361646400000a09010700200020016a0b")


def make_midi():
    ev = b""
    for note in R.sample(range(60, 72), 3):
        ev += b"\x00\x90" + bytes([note, 100]) + b"\x60\x80" + bytes([note, 0])
    ev += b"\x00\xff\x2f\x00"
    return b"MThd" + struct.pack(">IHHH", 6, 0, 1, 96) + b"MTrk" + struct.pack(">I", len(ev)) + ev


def make_svg():
    c = "#%06x" % R.getrandbits(24)
    shape = pick([f'<circle cx="8" cy="8" r="{R.randint(3, 7)}" fill="{c}"/>',
                  f'<rect width="16" height="16" rx="{R.randint(0, 4)}" fill="{c}"/>',
                  f'<path d="M2 8l4 4 8-8" stroke="{c}" stroke-width="2" fill="none"/>'])
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">{shape}</svg>'


WEBP_LOSSLESS_1PX = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="
WEBP_LOSSY_1PX = "UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA"

IMAGE_MAKERS = [("image/png", make_png), ("image/gif", make_gif), ("image/jpeg", make_jpeg),
                ("image/bmp", make_bmp), ("image/x-icon", make_ico), ("image/tiff", make_tiff)]


def any_image():
    mime, f = pick(IMAGE_MAKERS + [("image/png", make_png), ("image/png", make_png)])
    return mime, b64(f())


def truncate(s):
    if len(s) < 120 or not chance(0.35):
        return s
    k = R.randint(40, 90)
    return s[:k] + pick(["…", "...", f"…[{len(s) - k} more chars]", "<truncated>", "..."])


def pb_varint(n):
    out = b""
    while True:
        b = n & 127
        n >>= 7
        if n:
            out += bytes([b | 128])
        else:
            return out + bytes([b])


def pb_str(field, s):
    s = s.encode() if isinstance(s, str) else s
    return pb_varint(field << 3 | 2) + pb_varint(len(s)) + s


def pb_int(field, v):
    return pb_varint(field << 3) + pb_varint(v)


# --------------------------------------------------------------------------------------------
# IBAN / SSN / IP helpers (shared by scanner and positives)
# --------------------------------------------------------------------------------------------

def iban_mod97(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    n = "".join(str(int(c, 36)) for c in r)
    return int(n) % 97 == 1


def iban_make(cc, bban):
    r = bban + cc + "00"
    n = int("".join(str(int(c, 36)) for c in r))
    return f"{cc}{98 - n % 97:02d}{bban}"


def ip_public(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    if not ip.is_global or ip.is_multicast:
        return False
    for net in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "198.18.0.0/15", "100.64.0.0/10"):
        if ip in ipaddress.ip_network(net):
            return False
    return True


# --------------------------------------------------------------------------------------------
# Sanity scanner for negatives
# --------------------------------------------------------------------------------------------
SCAN = [
    ("email", re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")),
    ("github_token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}")),
    ("slack_token", re.compile(r"xox[abposr]-\d+-[A-Za-z0-9\-]+")),
    ("sk_key", re.compile(r"\bsk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}")),
    ("stripe_like", re.compile(r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]{10,}")),
    ("ssn_shape", re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])")),
    ("pem_private", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*\n\s*[A-Za-z0-9+/]{40,}")),
    ("aws_key_id", re.compile(r"\b(?:AKIA|ASIA)[A-Z2-7]{16}\b")),
    ("google_api", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b")),
    ("us_phone", re.compile(r"\(\d{3}\)\s?\d{3}[\-\s]\d{4}|(?<![\d\-.])\d{3}-\d{3}-\d{4}(?![\d\-])")),
    ("intl_phone", re.compile(r"(?<![\w+])\+\d{1,3}[\s.\-]?\(?\d{1,4}\)?[\s.\-]?\d{2,4}[\s.\-]?\d{2,4}(?:[\s.\-]?\d{1,4})?")),
]
DIGRUN = re.compile(r"(?<![\d])\d(?:[ \-]?\d){12,18}(?![\d])")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")


def scan_negative(text):
    hits = []
    for name, rx in SCAN:
        for m in rx.finditer(text):
            v = m.group(0)
            if name == "aws_key_id" and "EXAMPLE" in v:
                continue
            hits.append((name, v))
    for m in DIGRUN.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn", m.group(0)))
    for m in IBAN_RE.finditer(text):
        v = m.group(0).replace(" ", "")
        if 15 <= len(v) <= 34 and iban_mod97(v):
            hits.append(("iban", m.group(0)))
    for m in IPV4.finditer(text):
        v = m.group(1)
        if all(int(p) < 256 for p in v.split(".")) and ip_public(v):
            hits.append(("public_ipv4", v))
    return hits


# --------------------------------------------------------------------------------------------
# Shared flavour: lead-ins and tails in many languages / scripts
# --------------------------------------------------------------------------------------------
LEADS = ["fyi ", "FYI: ", "heads up — ", "quick q: ", "Zur Info: ", "Pour info : ", "Ojo: ", "Para sua informação: ",
         "ter info: ", "Uwaga: ", "メモ: ", "参考：", "참고: ", "К сведению: ", "Для інформації: ", "للعلم: ", "לידיעה: ",
         "Σημείωση: ", "नोट: ", "Bilginize: ", "Lưu ý: ", "หมายเหตุ: ", "OBS: ", "Huom: ", "cc @platform-oncall ", "(thread) ",
         ":eyes: ", ":thread: ", ">>> ", "re: yesterday's standup — "]
TAILS = ["\nthoughts?", "\n:pray:", "\n(will update the ticket)", "\nどう思う？", "\nlgtm?", "\nmerci !", "\nДумаю, это ок.",
         "\n看一下？", "\n:white_check_mark: done", "\nany objections before I merge?", "\nsiehe Thread oben", "\n확인 부탁드려요",
         "\n— sent from mobile", "\n:+1:", "\nemoji-react if ok"]


def flavour(t, p_lead=0.15, p_tail=0.07):
    if chance(p_lead):
        lead = pick(LEADS)
        t = lead.rstrip() + "\n" + t if t.startswith(("```", ">", "|", "-", "*", "#", "[")) else lead + t
    if chance(p_tail):
        t = t + pick(TAILS)
    return t


def code(lang, body):
    return f"```{lang}\n{body}\n```"


def ts_iso():
    return f"2026-{R.randint(1, 11):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}.{R.randint(0, 999):03d}Z"


def epoch():
    return R.randint(1735689600, 1795000000)


SVC = ["checkout", "ledger", "billing-api", "notif-worker", "search-indexer", "auth-gw", "media-proxy", "geo-svc",
       "payout-batcher", "kyc-adapter", "thumbnailer", "edge-router", "rate-limiter", "feature-flags", "audit-sink"]
ORG = ["acme", "northwind", "contoso", "globex", "initech", "umbrella-labs", "hooli", "vandelay", "tyrell", "wonka"]


# --------------------------------------------------------------------------------------------
# Negative templates
# --------------------------------------------------------------------------------------------
NEG = {c: [] for c in ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob",
                       "pii_lookalike_number", "talk_about_secrets"]}


def neg(cat):
    def deco(f):
        NEG[cat].append(f)
        return f
    return deco


# ---------------- data_uri_base64 ----------------
D = "data_uri_base64"


@neg(D)
def d_css_bg():
    mime, b = any_image()
    sel = pick([".avatar--empty", ".btn-icon::before", "#hero .placeholder", ".chip[data-state=loading]", ".cursor-grab"])
    prop = pick(["background-image", "mask-image", "-webkit-mask-image", "list-style-image", "border-image-source"])
    return pick(["why is this in the bundle? the loader inlined it because it's under 8kb\n", "scss output after `limit: 10240`:\n", ""]) + \
        code("css", f"{sel} {{\n  {prop}: url(\"data:{mime};base64,{b}\");\n  background-size: {R.randint(8, 48)}px;\n}}")


@neg(D)
def d_cursor():
    b = b64(make_png(16, 16, 6))
    return f"`cursor: url(data:image/png;base64,{b}) 8 8, auto;` — Safari ignores hotspot if png >32px, ours is 16"


@neg(D)
def d_flutter():
    b = b64(make_png())
    return code("dart", f"// placeholder until CDN responds\nfinal _kTransparent = base64Decode(\n  '{b}',\n);\nImage.memory(_kTransparent, gaplessPlayback: true)")


@neg(D)
def d_swift():
    mime, b = any_image()
    return code("swift", f"let fallbackData = Data(base64Encoded: \"{b}\")!\nlet img = UIImage(data: fallbackData) // {mime}")


@neg(D)
def d_android():
    b = b64(make_png())
    return code("kotlin", f"private const val EMPTY_THUMB = \"{b}\"\nval bytes = Base64.decode(EMPTY_THUMB, Base64.NO_WRAP)\nval bmp = BitmapFactory.decodeByteArray(bytes, 0, bytes.size)")


@neg(D)
def d_rn():
    b = b64(make_jpeg())
    return code("jsx", f"<Image\n  style={{styles.thumb}}\n  source={{{{ uri: 'data:image/jpeg;base64,{b}' }}}}\n  resizeMode=\"cover\"\n/>")


@neg(D)
def d_email_html():
    b = b64(make_gif(1, 1))
    return "the tracking-free spacer in the MJML output is still a data uri, Outlook desktop strips it:\n" + \
        code("html", f"<td width=\"1\"><img src=\"data:image/gif;base64,{b}\" width=\"1\" height=\"1\" alt=\"\" style=\"display:block\"></td>")


@neg(D)
def d_mime_part():
    mime, raw = pick([("application/pdf", make_pdf()), ("image/png", make_png(R.randint(8, 16), R.randint(8, 16))), ("application/zip", make_zip())])
    fn = {"application/pdf": "lieferschein.pdf", "image/png": "chart.png", "application/zip": "export.zip"}[mime]
    bnd = "----=_Part_" + str(R.randint(10000, 99999)) + "_" + str(R.randint(100000000, 999999999)) + "." + str(R.randint(1000, 9999))
    body = wrap(b64(raw), 76)
    return f"raw MIME from the bounce (headers trimmed):\n```\n--{bnd}\nContent-Type: {mime}; name=\"{fn}\"\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment; filename=\"{fn}\"\n\n{body}\n--{bnd}--\n```"


@neg(D)
def d_jupyter():
    b = b64(make_png(R.randint(6, 16), R.randint(6, 16)))
    return code("json", json.dumps({"output_type": "display_data", "data": {"image/png": b, "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {"needs_background": "light"}}, indent=1))


@neg(D)
def d_wasm():
    return pick(["tiny wasm smoke test for the CSP change (`wasm-unsafe-eval`):\n", "feature-detect snippet we ship:\n"]) + \
        code("js", f"const bytes = Uint8Array.from(atob('{b64(WASM_ADD)}'), c => c.charCodeAt(0));\nconst {{ instance }} = await WebAssembly.instantiate(bytes);\nconsole.assert(instance.exports.add(2, 3) === 5);")


@neg(D)
def d_webp_detect():
    s = pick([WEBP_LOSSLESS_1PX, WEBP_LOSSY_1PX])
    return code("js", f"// webp support probe (from the old Modernizr build)\nconst img = new Image();\nimg.onload = () => setSupport(img.width === 1);\nimg.src = 'data:image/webp;base64,{s}';")


@neg(D)
def d_console_csp():
    mime, b = any_image()
    return pick(["Chrome console after enabling the strict CSP:\n", "Konsole nach dem CSP-Rollout:\n", "CSP 적용 후 콘솔:\n"]) + \
        f"```\nRefused to load the image 'data:{mime};base64,{truncate(b)}' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.{pick(ORG)}.dev\".\n```"


@neg(D)
def d_markdown():
    mime, b = any_image()
    return f"README renders fine on GitLab but not GitHub:\n`![status](data:{mime};base64,{truncate(b)})`"


@neg(D)
def d_gzip_lambda():
    raw = make_gzip(json.dumps({"ok": True, "items": R.randint(1, 40)}))
    return code("json", json.dumps({"statusCode": 200, "headers": {"Content-Encoding": "gzip", "Content-Type": "application/json"}, "isBase64Encoded": True, "body": b64(raw)}, indent=2)) + \
        "\n^ API Gateway just passes this through, so the client sees gzip twice"


@neg(D)
def d_configmap_bin():
    raw = pick([make_targz(), make_gzip(), make_zip()])
    k = pick(["seed.tar.gz", "fixtures.gz", "geoip-lite.zip", "bootstrap.tgz"])
    return code("yaml", f"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {pick(SVC)}-fixtures\n  namespace: {pick(['staging', 'qa', 'dev-eu'])}\nbinaryData:\n  {k}: {b64(raw)}")


@neg(D)
def d_sql_insert():
    b = b64(make_png())
    return code("sql", f"INSERT INTO product_placeholder (sku_prefix, mime, bytes)\nVALUES ('DFLT', 'image/png', decode('{b}', 'base64'))\nON CONFLICT (sku_prefix) DO NOTHING;")


@neg(D)
def d_python_fixture():
    mime, b = any_image()
    ext = mime.split("/")[1].replace("x-icon", "ico")
    return code("python", f"@pytest.fixture\ndef tiny_{ext}(tmp_path):\n    p = tmp_path / \"tiny.{ext}\"\n    p.write_bytes(base64.b64decode(\n        \"{b}\"\n    ))\n    return p")


@neg(D)
def d_go_embed():
    raw = pick([make_png(), make_bmp(), make_gif()])
    return code("go", f"// testdata inlined so the fuzz corpus seed survives `go mod vendor`\nvar seed = mustB64(\"{b64(raw)}\")\n\nfunc FuzzDecode(f *testing.F) {{\n\tf.Add(seed)\n\tf.Fuzz(func(t *testing.T, b []byte) {{ _, _ = Decode(bytes.NewReader(b)) }})\n}}")


@neg(D)
def d_shell_decode():
    mime, raw = pick([("pdf", make_pdf()), ("png", make_png()), ("wav", make_wav()), ("mid", make_midi()), ("tif", make_tiff())])
    return pick(["repro:", "to reproduce the parser crash:", "再現手順:", "воспроизведение:"]) + \
        f"\n```\n$ echo '{b64(raw)}' | base64 -d > sample.{mime}\n$ file sample.{mime}\n```"


@neg(D)
def d_svg_forms():
    svg = make_svg()
    enc = pick(["b64", "pct", "utf8"])
    if enc == "b64":
        uri = "data:image/svg+xml;base64," + b64(svg.encode())
    elif enc == "pct":
        uri = "data:image/svg+xml," + svg.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace('"', "'")
    else:
        uri = "data:image/svg+xml;utf8," + svg.replace('"', "'")
    return f"tailwind arbitrary value works: `bg-[url(\"{uri}\")]`"


@neg(D)
def d_electron():
    b = b64(make_png(16, 16, 6))
    return code("ts", f"const icon = nativeImage.createFromDataURL(\n  'data:image/png;base64,{b}'\n);\ntray = new Tray(icon.resize({{ width: 16 }}));")


@neg(D)
def d_audio():
    return f"notification ping is inlined so it works offline: `new Audio('data:audio/wav;base64,{b64(make_wav())}').play()`"


@neg(D)
def d_midi():
    return f"fun one from the hackday bot — `/play data:audio/midi;base64,{b64(make_midi())}` plays three notes lol"


@neg(D)
def d_pdf_iframe():
    return code("html", f"<iframe title=\"preview\" src=\"data:application/pdf;base64,{truncate(b64(make_pdf()))}\"></iframe>") + \
        "\nFirefox blocks top-level navigation to data: PDFs, but inside an iframe it's fine"


@neg(D)
def d_har():
    mime, b = any_image()
    return code("json", json.dumps({"response": {"status": 200, "content": {"size": len(base64.b64decode(b)), "mimeType": mime, "text": b, "encoding": "base64"}}}, indent=2))


@neg(D)
def d_graphql():
    b = b64(make_jpeg(R.randint(8, 32), R.randint(8, 32)))
    return code("json", json.dumps({"data": {"product": {"id": b64(f"Product:{R.randint(100, 9999)}".encode()), "thumbnail": {"lqip": "data:image/jpeg;base64," + b, "width": 32}}}}, indent=2))


@neg(D)
def d_terraform():
    return code("hcl", f"resource \"aws_s3_object\" \"favicon\" {{\n  bucket         = aws_s3_bucket.site.id\n  key            = \"favicon.ico\"\n  content_base64 = \"{b64(make_ico())}\"\n  content_type   = \"image/x-icon\"\n}}")


@neg(D)
def d_zip_upload():
    z = make_zip()
    return f"the importer wants the archive inline, e.g.\n```\ncurl -s localhost:8080/import -H 'content-type: application/json' \\\n  -d '{{\"filename\":\"batch.zip\",\"content\":\"{b64(z)}\"}}'\n```"


@neg(D)
def d_grpc_web():
    msg = pb_str(1, f"orders/{R.randint(10000, 99999)}") + pb_int(2, R.randint(1, 500)) + pb_str(3, pick(["EUR", "JPY", "BRL"]))
    frame = b"\x00" + struct.pack(">I", len(msg)) + msg
    return f"grpc-web-text response body is just `{b64(frame)}` — that's a 5-byte frame header + the proto, decode with `base64 -d | xxd`"


@neg(D)
def d_favicon_link():
    return code("html", f"<link rel=\"icon\" type=\"image/png\" href=\"data:image/png;base64,{b64(make_png(R.choice([8, 16]), R.choice([8, 16]), 3))}\">")


@neg(D)
def d_sourcemap():
    sm = json.dumps({"version": 3, "sources": [f"src/{pick(['index', 'util', 'main'])}.ts"], "names": [], "mappings": "AAAA,SAAS," + rs(6, "ABCDEFGIKMOQSgc")}, separators=(",", ":"))
    return f"```\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,{b64(sm.encode())}\n```\nthat's why the prod bundle is 2x — inline source maps slipped through"


@neg(D)
def d_blurdataurl():
    b = b64(make_png(R.randint(4, 10), R.randint(4, 10), 2))
    return code("tsx", f"<Image src={{hero}} placeholder=\"blur\" blurDataURL=\"data:image/png;base64,{b}\" alt=\"\" />")


@neg(D)
def d_multi_table():
    rows = ["| asset | bytes | inline |", "|---|---:|---|"]
    for _ in range(R.randint(3, 6)):
        mime, b = any_image()
        rows.append(f"| {pick(['spinner', 'check', 'warn', 'dot', 'caret', 'logo-mono'])}.{mime.split('/')[1]} | {len(base64.b64decode(b))} | `data:{mime};base64,{b[:R.randint(24, 40)]}…` |")
    return "audit of inlined assets (vite `assetsInlineLimit`):\n" + "\n".join(rows)


@neg(D)
def d_bare_json_field():
    raw = pick([make_pdf(), make_png(), make_bmp(), make_zip()])
    key = pick(["attachment", "fileContent", "payload_b64", "datei", "contenido", "bytes"])
    return f"ES ingest pipeline keeps choking on this doc:\n```json\n{{\"_id\":\"{ulid()}\",\"{key}\":\"{b64(raw)}\"}}\n```"


@neg(D)
def d_i18n():
    b = b64(make_png())
    return pick([f"アイコンは data URI で埋め込みました: `data:image/png;base64,{b}` (2KB 未満なので)",
                 f"图标直接内联了：`data:image/png;base64,{b}`，省一个请求",
                 f"Иконку вшили как data URI: `data:image/png;base64,{b}` — так быстрее первая отрисовка",
                 f"الأيقونة مضمّنة كـ data URI:\n`data:image/png;base64,{b}`",
                 f"아이콘은 data URI로 넣었어요: `data:image/png;base64,{b}`"])


@neg(D)
def d_ts_string_long():
    b = b64(make_png(R.randint(10, 16), R.randint(10, 16), 6))
    return code("ts", "export const SPRITE =\n" + "\n".join(f"  '{c}' +" for c in wrap(b, 64).split("\n")) + "\n  '';")


@neg(D)
def d_log_line():
    mime, b = any_image()
    return f"```\n{ts_iso()} WARN  {pick(SVC)} payload too large, body starts with \"data:{mime};base64,{b[:60]}\" (len={len(b) + 22})\n```"


# ---------------- placeholder_example ----------------
P = "placeholder_example"
PH_TOKENS = ["<YOUR_TOKEN>", "YOUR_API_KEY_HERE", "REPLACE_ME", "__SECRET__", "changeme", "<paste here>", "xxxxxxxx",
             "${API_KEY}", "$(cat ~/.config/acme/token)", "{{ .Values.auth.token }}", "{{ secret_key }}", "%API_TOKEN%",
             "<ваш_токен>", "<トークン>", "<seu-token-aqui>", "TU_CLAVE_API", "DEIN_API_SCHLUESSEL", "<여기에_토큰>", "<你的密钥>",
             "op://Engineering/Datadog/credential", "vault:secret/data/ci#token", "${{ secrets.DEPLOY_TOKEN }}", "#{ENV.fetch('API_KEY')}",
             "{{ lookup('env', 'API_TOKEN') }}", "${file(\"~/.secrets/key\")}", "$__env{GRAFANA_TOKEN}", "[REDACTED]", "<redacted>",
             "********", "•••••••••", "(hidden)", "sk-...", "sk-proj-…", "ghp_…", "xoxb-…", "AKIA…", "glpat-…", "sk-ant-…",
             "<base64-encoded-secret>", "dummy", "test123", "not-a-real-key", "fake-token-for-tests", "0000000000000000"]
ENVN = ["STRIPE_SECRET_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "SLACK_BOT_TOKEN", "GITHUB_TOKEN", "DATADOG_API_KEY",
        "SENTRY_AUTH_TOKEN", "TWILIO_AUTH_TOKEN", "SENDGRID_API_KEY", "DB_PASSWORD", "REDIS_PASSWORD", "JWT_SIGNING_SECRET",
        "NPM_TOKEN", "CLOUDFLARE_API_TOKEN", "ALGOLIA_ADMIN_KEY", "MAPBOX_TOKEN", "PAGERDUTY_ROUTING_KEY", "HF_TOKEN"]


@neg(P)
def p_env_example():
    keys = R.sample(ENVN, R.randint(3, 7))
    q2 = '""'
    lines = [k + "=" + pick(PH_TOKENS[:20] + ["", q2, "your-" + k.lower().replace("_", "-")]) for k in keys]
    return pick(["`.env.example` after the cleanup:", "updated .env.sample —", ".env.example aktualisiert:", "已更新 .env.example："]) + "\n" + code("", "\n".join(lines))


@neg(P)
def p_masked_vendor():
    m = pick(["sk-…" + rs(4), "sk-proj-****" + rs(4), "ghp_••••••••" + rs(4), "xoxb-****-****-" + "*" * 6 + rs(4),
              "AKIA************" + rs(4, B32), "glpat-" + "*" * 16 + rs(4), "sk-ant-api03-…" + rs(4) + "AA", "whsec_…" + rs(4),
              "SG.****." + "*" * 10 + rs(3), "dop_v1_…" + hx(4), "hf_****" + rs(4), "npm_" + "•" * 12 + rs(4)])
    return pick([f"the dashboard only shows `{m}` so I can't tell which key the job is using",
                 f"audit log: key `{m}` last used 3d ago from the CI runner — that's the old one, will revoke",
                 f"Settings → API keys lists two: `{m}` (active) and one created yesterday",
                 f"In der Konsole steht nur `{m}`, welcher Key ist das?",
                 f"管理画面では `{m}` としか表示されない",
                 f"в UI виден только хвост ключа: `{m}`"])


@neg(P)
def p_helm_values():
    return code("yaml", f"# values.yaml (defaults — real values come from ExternalSecret)\nauth:\n  existingSecret: \"\"\n  token: \"{pick(['', 'changeme', 'REPLACE_ME', '<set-in-env>'])}\"\ndatabase:\n  host: {pick(SVC)}-pg.{pick(['staging', 'dev'])}.svc\n  user: app\n  password: {{{{ .Values.global.dbPassword | quote }}}}\nsmtp:\n  password: \"\"  # TODO wire to vault")


@neg(P)
def p_curl_docs():
    h = pick(["Authorization: Bearer $TOKEN", "Authorization: Bearer <ACCESS_TOKEN>", "X-Api-Key: ${API_KEY}", "Authorization: Basic $(printf '%s:%s' \"$USER\" \"$PASS\" | base64)",
              "PRIVATE-TOKEN: <your_access_token>", "Authorization: token YOUR-TOKEN", "DD-API-KEY: ${DD_API_KEY}", "Authorization: Bot <bot token>"])
    return "docs snippet is wrong, the header should be:\n" + code("sh", f"curl -sS -X {pick(['GET', 'POST', 'DELETE'])} \\\n  -H '{h}' \\\n  -H 'Content-Type: application/json' \\\n  https://api.{pick(ORG)}.dev/v{R.randint(1, 3)}/{pick(['projects', 'webhooks', 'exports', 'members'])}")


@neg(P)
def p_gha():
    s = pick(ENVN)
    return code("yaml", f"- name: publish\n  env:\n    {s}: ${{{{ secrets.{s} }}}}\n    NODE_AUTH_TOKEN: ${{{{ secrets.NPM_TOKEN }}}}\n  run: |\n    echo \"::add-mask::${{{{ secrets.{s} }}}}\"\n    npm publish --access public")


@neg(P)
def p_k8s_secret_template():
    return code("yaml", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick(SVC)}-creds\ntype: Opaque\nstringData:\n  API_KEY: \"${{API_KEY}}\"   # envsubst in CI\n  DB_PASSWORD: \"<filled by sealed-secrets>\"\n  WEBHOOK_SECRET: \"\"")


@neg(P)
def p_aws_docs():
    return pick(["the AWS docs example creds are `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` — the localstack tests should use those, not random strings",
                 "moto's default is literally `aws_access_key_id = testing`, `aws_secret_access_key = testing` — fine for unit tests",
                 code("ini", "[profile localstack]\naws_access_key_id = test\naws_secret_access_key = test\nregion = eu-central-1\nendpoint_url = http://localhost:4566"),
                 "botocore complains `Unable to locate credentials` even though `AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE` is exported — because the profile overrides it"])


@neg(P)
def p_conn_template():
    c = pick(["postgres://USER:PASSWORD@HOST:5432/DBNAME", "mongodb+srv://<username>:<password>@<cluster>.mongodb.net/?retryWrites=true",
              "redis://:${REDIS_PASSWORD}@redis:6379/0", "amqp://guest:guest@localhost:5672/", "mysql://root:root@127.0.0.1:3306/app_test",
              "Server=localhost;Database=app;User Id=sa;Password=<YourStrong@Passw0rd>;", "jdbc:postgresql://localhost:5432/app?user=app&password=${DB_PASS}",
              "postgresql://postgres:postgres@localhost:54322/postgres", "clickhouse://default:@localhost:9000/default", "sqlserver://sa:{{password}}@db:1433"])
    return pick([f"format is `{c}`", f"template in the runbook: `{c}` — fill in from 1Password", f"local dev default: `{c}`", f"接続文字列の形式: `{c}`", f"Formato: `{c}`"])


@neg(P)
def p_pem_placeholder():
    t = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pick(["...", "<paste key here>", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC...", "(contents of id_ed25519)", "b3BlbnNzaC1rZXktdjEAAAAA…", "{{ .Values.tls.key | nindent 4 }}"])
    return f"expected format for `TLS_KEY`:\n```\n-----BEGIN {t}-----\n{body}\n-----END {t}-----\n```"


@neg(P)
def p_redaction_markers():
    m = pick(["[REDACTED]", "<redacted>", "[FILTERED]", "***", "[MASKED]", "REDACTED", "<hidden>", "████████", "[removed by DLP]", "〔削除済み〕", "[скрыто]"])
    return f"```\n{ts_iso()} INFO  {pick(SVC)} outbound request headers={{'authorization': '{m}', 'x-api-key': '{m}', 'user-agent': 'acme-sdk/{R.randint(1, 5)}.{R.randint(0, 30)}.{R.randint(0, 9)}'}}\n```\nnice, the filter works for both header names now"


@neg(P)
def p_card_masks():
    l4 = f"{R.randint(0, 9999):04d}"
    m = pick([f"•••• •••• •••• {l4}", f"**** **** **** {l4}", f"XXXX-XXXX-XXXX-{l4}", f"{pick(['4', '5', '3'])}{'*' * 11}{l4}", f"ending in {l4}", f"xxxx xxxxxx x{l4[1:]}"])
    return pick([f"support ticket shows card `{m}` declined with `do_not_honor`, nothing we can do on our side",
                 f"UI spec: render cards as `{m}` everywhere, never the BIN",
                 f"Karte `{m}` wurde abgelehnt (Code 05)",
                 f"receipt footer: `{pick(['VISA', 'MC', 'AMEX', 'JCB'])} {m}`"])


@neg(P)
def p_pii_masks():
    m = pick(["XXX-XX-XXXX", "***-**-****", "###-##-####", "j***@e*****.com", "+49 *** ****** 17", "+1 (•••) •••-••42",
              "DE** **** **** **** **** 00", "GB** **** **** **** **** **", "NL** ABNA **** **** **", "***.***.***-**", "0*-**-**-**-12"])
    return pick([f"masking helper output looks right now: `{m}`", f"the export should only ever contain `{m}`-style values",
                 f"mask format for the support view → `{m}`", f"マスク後の表示: `{m}`", f"формат маски: `{m}`"])


@neg(P)
def p_tfvars():
    return code("hcl", f"# terraform.tfvars.example\nproject_id       = \"my-project-id\"\ndb_password      = \"CHANGE_ME\"\ncloudflare_token = \"\"  # export TF_VAR_cloudflare_token instead\nallowed_cidrs    = [\"10.0.0.0/8\"]")


@neg(P)
def p_docker_compose():
    return code("yaml", f"services:\n  db:\n    image: postgres:{R.randint(13, 17)}\n    environment:\n      POSTGRES_PASSWORD: postgres\n      POSTGRES_USER: postgres\n  keycloak:\n    image: quay.io/keycloak/keycloak:{R.randint(22, 26)}.0\n    environment:\n      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: admin\n  minio:\n    environment:\n      MINIO_ROOT_USER: minioadmin\n      MINIO_ROOT_PASSWORD: minioadmin")


@neg(P)
def p_code_default():
    lang = pick(["py", "go", "rb", "rs", "java"])
    if lang == "py":
        b = "API_KEY = os.environ.get(\"API_KEY\", \"dev-placeholder\")\nif API_KEY == \"dev-placeholder\" and ENV == \"prod\":\n    raise RuntimeError(\"API_KEY not configured\")"
    elif lang == "go":
        b = "token := os.Getenv(\"SLACK_BOT_TOKEN\")\nif token == \"\" || strings.HasPrefix(token, \"xoxb-your\") {\n\tlog.Fatal(\"set SLACK_BOT_TOKEN\")\n}"
    elif lang == "rb":
        b = "Stripe.api_key = Rails.application.credentials.dig(:stripe, :secret_key) || ENV.fetch(\"STRIPE_SECRET_KEY\", \"sk_test_placeholder\")"
    elif lang == "rs":
        b = "let key = std::env::var(\"OPENAI_API_KEY\").unwrap_or_else(|_| \"sk-test-dummy\".into());"
    else:
        b = "@Value(\"${payment.api-key:#{null}}\")\nprivate String apiKey; // injected from Vault, never defaulted"
    return code(lang, b)


@neg(P)
def p_ui_copy():
    return pick(["i18n strings for the new settings page:\n" + code("json", json.dumps({"apiKey.placeholder": "sk-••••••••••••", "apiKey.help": "Paste the key from your provider dashboard", "apiKey.de": "API-Schlüssel hier einfügen", "apiKey.ja": "APIキーを貼り付けてください", "apiKey.ru": "Вставьте ключ API"}, ensure_ascii=False, indent=2)),
                 "input placeholder copy: `e.g. ghp_xxxxxxxxxxxx` — can we make it shorter so it fits on mobile?",
                 "figma says the empty state for the token field is `Paste token (starts with xoxb-)`",
                 "form validation msg: \"IBAN must start with a country code, e.g. DE\" — should we localise the example?"])


@neg(P)
def p_sops_example():
    return "the placeholders in `secrets.example.yaml` are literal strings; SOPS only encrypts the real file:\n" + code("yaml", "stripe:\n  secret_key: sk_test_REPLACE\n  webhook_secret: whsec_REPLACE\nslack:\n  bot_token: xoxb-REPLACE\n  signing_secret: REPLACE")


@neg(P)
def p_npmrc():
    return code("ini", "; .npmrc (committed)\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\nalways-auth=true") + "\nthe env var is set by the action, don't hardcode"


@neg(P)
def p_basic_auth_example():
    return pick(["the classic `Aladdin:open sesame` → `QWxhZGRpbjpvcGVuIHNlc2FtZQ==` example from the RFC is in our test for the basic-auth parser, that's intentional",
                 "`Authorization: Basic dXNlcjpwYXNz` in the docs is just `user:pass`, not a real credential",
                 "htpasswd test fixture is `admin:admin`, only mounted in the kind cluster"])


@neg(P)
def p_placeholder_table():
    rows = ["| variable | example | where from |", "|---|---|---|"]
    for k in R.sample(ENVN, R.randint(4, 7)):
        rows.append(f"| `{k}` | `{pick(PH_TOKENS)}` | {pick(['1Password', 'Vault', 'AWS SM', 'Doppler', 'GCP SM', 'ask #platform'])} |")
    return "\n".join(rows)


@neg(P)
def p_ssh_config():
    return code("", f"Host bastion-{pick(['eu', 'us', 'ap'])}\n  HostName 10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}\n  User ec2-user\n  IdentityFile ~/.ssh/<your-key>.pem\n  IdentitiesOnly yes")


@neg(P)
def p_webhook_example():
    return pick(["Slack's docs example `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` is what the unit test uses",
                 "Discord webhook format: `https://discord.com/api/webhooks/<id>/<token>`",
                 "Teams connector URL goes into `TEAMS_WEBHOOK_URL`; leave it blank locally and the notifier no-ops"])


@neg(P)
def p_multiling_question():
    return pick(["¿Dónde se guarda `STRIPE_SECRET_KEY` en staging? En el `.env.example` solo pone `sk_test_xxx`.",
                 "Onde fica o `DB_PASSWORD` de homologação? No exemplo só tem `changeme`.",
                 "Wo liegt der `SENTRY_AUTH_TOKEN` für CI? In der Vorlage steht nur `<token>`.",
                 "ステージングの `OPENAI_API_KEY` はどこ？サンプルには `sk-...` としか書いてない",
                 "`GITHUB_TOKEN` 在哪里配置？示例里只有 `ghp_…`",
                 "Где взять `DATADOG_API_KEY` для локалки? В примере стоит `<dd-api-key>`.",
                 "스테이징 `SLACK_BOT_TOKEN` 어디 있어요? 예시에는 `xoxb-...` 만 있어요"])


# ---------------- code_identifier ----------------
C = "code_identifier"
WORDS = ["Secret", "Token", "Password", "Credential", "Iban", "Ssn", "Email", "Phone", "Card", "Pan", "Key", "Private", "Signing",
         "Rotation", "Vault", "Keystore", "Bearer", "Oauth", "Refresh", "Session", "Cipher", "Salt", "Hash", "Masked", "Pii",
         "Provider", "Resolver", "Factory", "Manager", "Handler", "Cache", "Webhook", "Api", "Access", "Kms", "Envelope"]


def camel(n, lower=True):
    w = [pick(WORDS) for _ in range(n)]
    s = "".join(w)
    return s[0].lower() + s[1:] if lower else s


def snake(n):
    return "_".join(pick(WORDS).lower() for _ in range(n))


@neg(C)
def c_msvc_mangled():
    cls = camel(2, False)
    m = camel(2, False)
    sym = f"?{m}@{cls}@{pick(['auth', 'vault', 'pay'])}@@QEAA?AV?$basic_string@DU?$char_traits@D@std@@V?$allocator@D@2@@std@@AEBV34@@Z"
    return f"link error on the Windows runner:\n```\n{pick(SVC)}.lib({cls}.obj) : error LNK2019: unresolved external symbol \"{sym}\" referenced in function main\n```"


@neg(C)
def c_itanium():
    a, b = camel(2, False), camel(3)
    sym = f"_ZN4acme5vault{len(a)}{a}{len(b)}{b}ERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"
    return f"```\n#{R.randint(0, 3)}  0x0000{hx(12)} in {sym} ()\n   from /usr/lib/libacme_vault.so.{R.randint(1, 4)}\n```\ndemangles to `acme::vault::{a}::{b}(std::string const&)`"


@neg(C)
def c_rust_v0():
    f = snake(3)
    return f"perf top is dominated by `_RNvNtCs{rs(11)}_{len('acme_crypto')}acme_crypto{len('kdf')}kdf{len(f)}{f}` and `<acme_crypto::kdf::{camel(2, False)} as core::ops::drop::Drop>::drop::h{hx(16)}`"


@neg(C)
def c_swift():
    n = camel(2, False)
    return f"crash in `$s4Acme{len(n)}{n}C{R.randint(10, 20)}refreshTokenAsync{rs(4, 'SgyXtFZ')}` — symbolicated it's `{n}.refreshTokenAsync()`"


@neg(C)
def c_go_symbols():
    frames = []
    for _ in range(R.randint(4, 9)):
        pkg = pick(["internal/token", "pkg/secrets", "internal/kms", "pkg/pii/mask", "internal/iban"])
        fn = camel(2, False)
        frames.append(f"github.com/{pick(ORG)}/{pick(SVC)}/{pkg}.(*{camel(2, False)}).{fn}(0xc000{hx(6)}, {{0xc00{hx(7)}, 0x{R.randint(1, 255):x}}})\n\t/src/{pkg}/{snake(2)}.go:{R.randint(20, 900)} +0x{hx(3)}")
    return "```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x28 pc=0x" + hx(7) + "]\n\ngoroutine " + str(R.randint(1, 9999)) + " [running]:\n" + "\n".join(frames) + "\n```"


@neg(C)
def c_jvm_descriptor():
    c = camel(2, False)
    return f"`NoSuchMethodError: 'com.acme.pii.{c} com.acme.pii.{camel(2, False)}.resolve{camel(2, False)}(java.lang.String, [B, Ljava/util/Map;)'` — classpath has two versions of acme-pii"


@neg(C)
def c_php():
    return code("", f"PHP Fatal error:  Uncaught TypeError: App\\Http\\Middleware\\Verify{camel(2, False)}::handle(): Argument #2 ($next) must be of type Closure\n  in /var/www/app/Http/Middleware/Verify{camel(1, False)}.php:{R.randint(10, 99)}\nStack trace:\n#0 /var/www/vendor/laravel/framework/src/Illuminate/Pipeline/Pipeline.php(183): App\\Http\\Middleware\\EncryptCookies->handle()\n#1 {{main}}")


@neg(C)
def c_elixir():
    return code("", f"** (FunctionClauseError) no function clause matching in Acme.Vault.{camel(2, False)}.rotate_{snake(2)}/2\n    (acme_vault 0.{R.randint(1, 30)}.{R.randint(0, 9)}) lib/acme/vault/{snake(2)}.ex:{R.randint(10, 200)}: Acme.Vault.{camel(2, False)}.rotate_{snake(2)}(%{{}}, :noop)\n    (elixir 1.17.{R.randint(0, 3)}) lib/enum.ex:{R.randint(900, 999)}: Enum.\"-map/2-lists^map/1-1-\"/2")


@neg(C)
def c_python_qualname():
    return code("", f"Traceback (most recent call last):\n  File \"/app/{pick(SVC).replace('-', '_')}/secrets/{snake(2)}.py\", line {R.randint(10, 400)}, in {snake(3)}\n    return _{snake(2)}_cache[key]\n  File \"/app/lib/pii.py\", line {R.randint(10, 400)}, in {camel(2, False)}.<locals>.{snake(2)}\n    raise {camel(3, False)}Error(f\"unknown field {{name!r}}\")\nacme.errors.{camel(3, False)}Error: unknown field '{snake(2)}'")


@neg(C)
def c_dotnet_generic():
    return code("", f"System.InvalidOperationException: Unable to resolve service for type 'Acme.Security.I{camel(2, False)}`1[Acme.Pii.{camel(2, False)}]' while attempting to activate 'Acme.Api.Controllers.{camel(2, False)}Controller'.\n   at Microsoft.Extensions.DependencyInjection.ActivatorUtilities.GetService(IServiceProvider sp, Type type, Type requiredBy, Boolean isDefaultParameterRequired)\n   at lambda_method{R.randint(1, 400)}(Closure, IServiceProvider, Object[])\n   at Acme.Api.Startup.<>c__DisplayClass{R.randint(1, 9)}_0.<Configure{camel(1, False)}>b__{R.randint(0, 4)}(IApplicationBuilder app)")


@neg(C)
def c_kustomize_hash():
    rows = ["NAME                                   TYPE     DATA   AGE"]
    for _ in range(R.randint(3, 7)):
        rows.append(f"{pick(SVC)}-{pick(['credentials', 'api-keys', 'tls', 'db-password', 'oauth-client'])}-{rs(10, 'bcdfghkmt2456789')}   Opaque   {R.randint(1, 6)}      {R.randint(1, 90)}d")
    return "only the names, kustomize adds the hash suffix:\n```\n$ kubectl get secrets -n " + pick(["prod", "staging"]) + "\n" + "\n".join(rows) + "\n```"


@neg(C)
def c_migration_names():
    rows = [f"db/migrate/2026{R.randint(1, 11):02d}{R.randint(1, 28):02d}{R.randint(0, 23):02d}{R.randint(0, 59):02d}{R.randint(0, 59):02d}_{pick(['add', 'drop', 'rename', 'backfill'])}_{snake(2)}_to_{pick(['users', 'accounts', 'payouts', 'members'])}.rb" for _ in range(R.randint(3, 6))]
    return "pending migrations on staging:\n" + code("", "\n".join(rows))


@neg(C)
def c_branch_names():
    return "stale branches to delete:\n" + "\n".join(f"• `{pick(['fix', 'feat', 'chore', 'spike'])}/{pick(['PAY', 'SEC', 'IAM', 'PLAT'])}-{R.randint(100, 9999)}-{snake(3).replace('_', '-')}`" for _ in range(R.randint(3, 6)))


@neg(C)
def c_openapi_ops():
    ops = [camel(3) for _ in range(R.randint(3, 6))]
    return code("yaml", "paths:\n" + "\n".join(f"  /v2/{snake(1)}s/{{id}}/{snake(1)}:\n    post:\n      operationId: {o}\n      security: [{{ bearerAuth: [] }}]" for o in ops))


@neg(C)
def c_proto():
    m = camel(2, False)
    return code("protobuf", f"message {m}Request {{\n  string {snake(2)}_id = 1;\n  bytes encrypted_{snake(1)} = 2;  // KMS envelope, never plaintext\n  string iban_last4 = 3;\n  string masked_email = 4;\n  google.protobuf.Timestamp rotated_at = {R.randint(5, 9)};\n}}\nservice {camel(1, False)}Service {{ rpc Rotate{m}({m}Request) returns ({m}Response); }}")


@neg(C)
def c_sql_schema():
    return code("sql", f"CREATE TABLE {snake(2)} (\n  id            uuid PRIMARY KEY,\n  password_hash text NOT NULL,\n  totp_secret_enc bytea,\n  api_key_prefix  varchar(8),\n  api_key_sha256  char(64),\n  phone_e164_enc  bytea,\n  ssn_last4       char(4)\n);\nCREATE UNIQUE INDEX ix_{snake(2)}_api_key_sha256 ON {snake(1)} (api_key_sha256);")


@neg(C)
def c_css_hashes():
    cls = [pick([f"css-{rs(7, 'abcdefghijklmnopqrstuvwxyz0123456789')}", f"sc-{rs(6, ALNUM)}", f"{camel(1, False)}_{pick(['root', 'primary', 'masked'])}__{rs(5, ALNUM)}",
                 f"_ngcontent-ng-c{R.randint(100000000, 4294967295)}", f"data-v-{hx(8)}", f"svelte-{rs(6, 'abcdefghijklmnopqrstuvwxyz0123456789')}", f"jsx-{R.randint(100000000, 4294967295)}",
                 f"emotion-{R.randint(0, 20)}", f"tw-{rs(5, 'abcdefghijklmnopqrstuvwxyz')}"]) for _ in range(R.randint(3, 6))]
    return "snapshot diff is all generated class names:\n```diff\n" + "\n".join(f"- <div class=\"{c}\">\n+ <div class=\"{c[:-3] + rs(3, 'abcdefghijklmnopqrstuvwxyz0123456789')}\">" for c in cls) + "\n```"


@neg(C)
def c_webpack_chunks():
    rows = []
    for _ in range(R.randint(4, 9)):
        rows.append(f"  {pick(['static/chunks', 'assets', 'dist/js'])}/{pick(['pages/settings/api-keys', 'secrets-panel', 'iban-form', 'token-rotate', 'vendor', 'framework', 'main'])}-{hx(16) if chance(0.5) else rs(8, ALNUM + '_-')}.js   {R.randint(1, 300)}.{R.randint(0, 99)} kB")
    return "build output:\n```\n" + "\n".join(rows) + "\n```"


@neg(C)
def c_terraform_addr():
    return f"```\n$ terraform state list | grep -i secret\nmodule.{snake(2)}.aws_secretsmanager_secret.this[\"{snake(2)}\"]\nmodule.{snake(2)}.aws_secretsmanager_secret_version.this[\"{snake(2)}\"]\nmodule.kms.aws_kms_key.{snake(2)}\ngoogle_secret_manager_secret_iam_member.{snake(3)}[0]\n```"


@neg(C)
def c_bazel():
    return f"`bazel test //services/{pick(SVC)}/internal/{snake(1)}:{snake(3)}_test --test_filter={camel(3, False)}Test` fails only with `--config=remote`"


@neg(C)
def c_flags():
    return "flags to clean up after the migration:\n" + "\n".join(f"- `{pick(['release', 'ops', 'exp', 'kill'])}.{snake(3)}.{pick(['enabled', 'v2', 'rollout_pct'])}`" for _ in range(R.randint(3, 7)))


@neg(C)
def c_keychain_ids():
    return f"keychain service ids differ between targets: `com.{pick(ORG).replace('-', '')}.app.keychain.{camel(2)}` vs `com.{pick(ORG).replace('-', '')}.app.dev.keychain.{camel(2)}` — that's why the refresh token is lost after TestFlight installs"


@neg(C)
def c_objc():
    return f"`-[AKSecure{camel(2, False)} {camel(2)}:completionHandler:]` is deprecated; swizzled by `__{snake(2)}_swizzle_block_invoke_{R.randint(1, 9)}`"


@neg(C)
def c_long_identifier_prose():
    ids = [camel(R.randint(4, 7)), snake(R.randint(4, 6)), camel(R.randint(4, 6), False), snake(4).upper()]
    return pick(["naming bikeshed: ", "can we please rename ", "リネーム案: ", "переименовать? ", "¿renombramos "]) + " vs ".join(f"`{i}`" for i in ids[:R.randint(2, 4)])


@neg(C)
def c_graphql():
    return code("graphql", f"mutation {camel(3, False)}($input: {camel(2, False)}Input!) {{\n  {camel(3)}(input: $input) {{\n    {camel(2)} {{ id lastFour expiresAt }}\n    errors {{ field code }}\n  }}\n}}")


@neg(C)
def c_r8_mapping():
    return code("", "\n".join(f"com.acme.pay.{camel(2, False)} -> {rs(1, 'abcdefgh')}.{rs(2, 'abcdefghijklmnop')}.{rs(1, 'abcdefgh')}:\n    java.lang.String {camel(2)} -> {rs(1, 'abcdef')}\n    {R.randint(1, 99)}:{R.randint(100, 199)}:void {camel(3)}(java.lang.String) -> {rs(1, 'abcdef')}" for _ in range(R.randint(2, 4))))


@neg(C)
def c_llvm_ir():
    n = camel(2, False)
    return code("llvm", f"define internal fastcc void @_ZN{len(n)}{n}{len('rotateKey')}rotateKeyEv(ptr noundef nonnull align 8 %this) unnamed_addr #{R.randint(0, 9)} {{\n  %1 = load ptr, ptr %this, align 8\n  tail call void @llvm.memset.p0.i64(ptr align 8 %1, i8 0, i64 32, i1 false)\n  ret void\n}}")


@neg(C)
def c_env_names_only():
    return "env vars the service reads (names only):\n" + code("", "\n".join(R.sample(ENVN, R.randint(5, 10))))


@neg(C)
def c_pods():
    rows = ["NAME                                        READY   STATUS    RESTARTS   AGE"]
    for _ in range(R.randint(4, 8)):
        rows.append(f"{pick(SVC)}-{rs(10, 'bcdfghjklmnpqrstvwxz2456789')[:R.choice([9, 10])]}-{rs(5, 'bcdfghjklmnpqrstvwxz2456789')}   1/1     {pick(['Running', 'Running', 'CrashLoopBackOff', 'Pending'])}   {R.randint(0, 12)}          {R.randint(1, 59)}m")
    return "```\n" + "\n".join(rows) + "\n```"


@neg(C)
def c_haskell():
    return code("", f"src/Acme/Vault/{camel(1, False)}.hs:{R.randint(10, 200)}:{R.randint(1, 40)}: error: [GHC-83865]\n    • Couldn't match type ‘{camel(2, False)}’ with ‘Masked{camel(1, False)}’\n      Expected: Handler {camel(2, False)}\n    • In the expression: rotate{camel(2, False)} cfg")


@neg(C)
def c_i18n_keys():
    return code("yaml", "ja:\n" + "\n".join(f"  {snake(3)}: \"{pick(['トークンを再発行しました', 'パスワードが違います', 'カード番号を確認してください', 'APIキーをコピー'])}\"" for _ in range(R.randint(3, 5))) + "\nzh-CN:\n" + "\n".join(f"  {snake(3)}: \"{pick(['令牌已过期', '密码错误', '请输入银行卡号', '复制 API 密钥'])}\"" for _ in range(R.randint(2, 4))))


# ---------------- non_credential_blob ----------------
N = "non_credential_blob"
NIX32 = "0123456789abcdfghijklmnpqrsvwxyz"
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
B83 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~"


def bech32_encode(hrp, data5):
    def polymod(values):
        gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
        chk = 1
        for v in values:
            b = chk >> 25
            chk = (chk & 0x1ffffff) << 5 ^ v
            for i in range(5):
                chk ^= gen[i] if ((b >> i) & 1) else 0
        return chk
    hx_ = [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]
    pm = polymod(hx_ + data5 + [0] * 6) ^ 1
    return hrp + "1" + "".join(BECH[d] for d in data5 + [(pm >> 5 * (5 - i)) & 31 for i in range(6)])


def to5(b):
    acc, bits, out = 0, 0, []
    for x in b:
        acc = acc << 8 | x
        bits += 8
        while bits >= 5:
            bits -= 5
            out.append((acc >> bits) & 31)
    if bits:
        out.append((acc << (5 - bits)) & 31)
    return out


def ssh_pub_ed25519():
    blob = struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + rbytes(32)
    return "ssh-ed25519 " + b64(blob)


def sha(n=64):
    return hx(n)


@neg(N)
def n_git_log():
    rows = [f"{hx(40) if chance(0.3) else hx(R.choice([7, 8, 10, 12]))} {pick(['fix(auth): rotate signing key loader', 'chore: bump deps', 'feat(iban): validate country length', 'revert: mask pan in logs', 'refactor token cache', 'ci: pin actions to sha'])}" for _ in range(R.randint(3, 8))]
    return "```\n$ git log --oneline -" + str(len(rows)) + "\n" + "\n".join(rows) + "\n```"


@neg(N)
def n_docker_digests():
    rows = [f"{pick(['ghcr.io', 'registry.gitlab.com', 'europe-docker.pkg.dev', 'quay.io'])}/{pick(ORG)}/{pick(SVC)}@sha256:{sha()}" for _ in range(R.randint(1, 4))]
    return pick(["pinned images for the release:", "digests from the promotion job:", "リリース用のイメージダイジェスト:"]) + "\n" + code("", "\n".join(rows))


@neg(N)
def n_lockfiles():
    k = pick(["npm", "go", "cargo", "pip", "pnpm", "poetry"])
    if k == "npm":
        b = f"\"node_modules/{pick(['semver', 'debug', 'ms', 'picocolors', 'nanoid'])}\": {{\n  \"version\": \"{R.randint(0, 9)}.{R.randint(0, 20)}.{R.randint(0, 9)}\",\n  \"resolved\": \"https://registry.npmjs.org/x/-/x-1.0.0.tgz\",\n  \"integrity\": \"sha512-{b64(rbytes(64))}\"\n}}"
    elif k == "go":
        b = "\n".join(f"golang.org/x/{m} v0.{R.randint(10, 40)}.0 h1:{b64(rbytes(32))}\ngolang.org/x/{m} v0.{R.randint(10, 40)}.0/go.mod h1:{b64(rbytes(32))}" for m in R.sample(["crypto", "net", "sys", "text", "oauth2"], 2))
    elif k == "cargo":
        b = f"[[package]]\nname = \"{pick(['ring', 'rustls', 'zeroize', 'sha2', 'base64'])}\"\nversion = \"0.{R.randint(1, 23)}.{R.randint(0, 12)}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"{sha()}\""
    elif k == "pip":
        b = f"cryptography=={R.randint(41, 44)}.0.{R.randint(0, 8)} \\\n    --hash=sha256:{sha()} \\\n    --hash=sha256:{sha()}"
    elif k == "pnpm":
        b = f"  /jose@5.{R.randint(0, 9)}.{R.randint(0, 9)}:\n    resolution: {{integrity: sha512-{b64(rbytes(64))}}}\n    dev: false"
    else:
        b = f"[[package]]\nname = \"pyjwt\"\nversion = \"2.{R.randint(6, 10)}.0\"\nfiles = [\n    {{file = \"PyJWT-2.8.0-py3-none-any.whl\", hash = \"sha256:{sha()}\"}},\n]"
    return pick(["lockfile diff, only hashes changed:", "why did the lockfile change?", "Lockfile-Diff:"]) + "\n" + code("", b)


@neg(N)
def n_sri():
    return code("html", f"<script src=\"https://cdn.jsdelivr.net/npm/{pick(['htmx.org', 'alpinejs', 'dompurify'])}@{R.randint(1, 3)}.{R.randint(0, 14)}.{R.randint(0, 9)}/dist/x.min.js\"\n        integrity=\"sha384-{b64(rbytes(48))}\"\n        crossorigin=\"anonymous\"></script>")


@neg(N)
def n_csp_hash():
    return f"CSP now: `script-src 'self' 'sha256-{b64(rbytes(32))}' 'sha256-{b64(rbytes(32))}' 'nonce-{{{{ .Nonce }}}}'`"


@neg(N)
def n_nix():
    return code("", f"/nix/store/{rs(32, NIX32)}-openssl-3.{R.randint(0, 4)}.{R.randint(0, 9)}\n/nix/store/{rs(32, NIX32)}-{pick(SVC)}-0.{R.randint(1, 99)}.0\nnarHash = \"sha256-{b64(rbytes(32))}\";")


@neg(N)
def n_ipfs():
    cid = "bafybei" + rs(52, "abcdefghijklmnopqrstuvwxyz234567")
    return f"pinned the docs build to IPFS: `ipfs://{cid}` (gateway: https://{cid}.ipfs.dweb.link/)"


@neg(N)
def n_magnet():
    return f"dataset mirror for the hackathon (public domain OSM extract): `magnet:?xt=urn:btih:{hx(40)}&dn=planet-{R.randint(240101, 251231)}.osm.pbf`"


@neg(N)
def n_eth():
    return f"the audit report references contract `0x{hx(40)}` and deploy tx `0x{hx(64)}` on Sepolia — both public, obviously"


@neg(N)
def n_trace():
    t, s = hx(32), hx(16)
    return pick([f"`traceparent: 00-{t}-{s}-01` — grep tempo for that trace",
                  f"```\n{{\"ts\":\"{ts_iso()}\",\"level\":\"error\",\"msg\":\"upstream timeout\",\"trace_id\":\"{t}\",\"span_id\":\"{s}\",\"svc\":\"{pick(SVC)}\"}}\n```",
                  f"X-Amzn-Trace-Id: Root=1-{hx(8)}-{hx(24)};Parent={hx(16)};Sampled=1",
                  f"Datadog trace `{R.randint(10 ** 18, 9 * 10 ** 18)}` — hmm, that one's decimal"])


@neg(N)
def n_ssh_pub():
    rows = [f"{pick(['deploy', 'ci', 'backup'])}-{pick(['eu', 'us'])}: {ssh_pub_ed25519()} {pick(['ci@runner', 'deploy@bastion', 'backup-job'])}" for _ in range(R.randint(1, 3))]
    return "public keys to add to `authorized_keys` (public halves only):\n" + code("", "\n".join(rows))


@neg(N)
def n_wireguard():
    peers = "\n\n".join(f"[Peer]\n# {pick(['office-gw', 'k8s-egress', 'ci-runner'])}\nPublicKey = {b64(rbytes(32))}\nAllowedIPs = 10.{R.randint(0, 99)}.{R.randint(0, 255)}.0/24\nEndpoint = vpn-{pick(['fra', 'ams', 'nrt'])}.{pick(ORG)}.internal:51820" for _ in range(R.randint(1, 3)))
    return "peer section of the new wg config (private key stays on the box):\n" + code("ini", peers)


@neg(N)
def n_age_recipient():
    r = bech32_encode("age", to5(rbytes(32)))
    return f"add this recipient to `.sops.yaml` — it's the public key of the new CI identity:\n```yaml\ncreation_rules:\n  - path_regex: secrets/.*\\.yaml\n    age: {r}\n```"


@neg(N)
def n_jwks():
    n = b64u(b"\xc1" + rbytes(255))
    return "JWKS endpoint returns (public keys only):\n" + code("json", json.dumps({"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": hx(40), "e": "AQAB", "n": n, "x5t": b64u(rbytes(20))}]}, indent=2))


@neg(N)
def n_cert_fp():
    fp = ":".join(f"{x:02X}" for x in rbytes(32))
    return f"pin the new leaf: `SHA256 Fingerprint={fp}` (Android network_security_config wants base64 though: `{b64(rbytes(32))}`)"


@neg(N)
def n_blurhash():
    rows = [f"| {R.randint(1000, 9999)}.jpg | `{rs(28, B83.replace('@', ''))}` |" for _ in range(R.randint(3, 6))]
    return "blurhashes stored per image:\n| file | blurhash |\n|---|---|\n" + "\n".join(rows)


@neg(N)
def n_cursor_b64json():
    cur = b64(json.dumps({"id": R.randint(10 ** 6, 10 ** 9), "created_at": ts_iso(), "dir": "next"}, separators=(",", ":")).encode()).rstrip("=")
    return pick([f"`GET /v1/events?limit=100&cursor={cur}` returns the same page twice",
                 f"pagination: next_cursor=`{cur}` — it's just base64 json, don't rely on its shape",
                 f"ページングのカーソル `{cur}` は中身ただの JSON"])


@neg(N)
def n_k8s_continue():
    tok = b64u(json.dumps({"v": "meta.k8s.io/v1", "rv": R.randint(10 ** 7, 10 ** 9), "start": pick(SVC) + "-" + rs(5, 'bcdfghjklmnpqrstvwxz2456789') + "\u0000"}, separators=(",", ":")).encode())
    return f"```\n\"metadata\": {{\"resourceVersion\": \"{R.randint(10 ** 7, 10 ** 9)}\", \"continue\": \"{tok}\"}}\n```\nlist call with limit=500 keeps returning a continue token after the last page"


@neg(N)
def n_relay_cursor():
    c = [b64(f"arrayconnection:{R.randint(0, 999)}".encode()) for _ in range(3)]
    return code("json", json.dumps({"pageInfo": {"hasNextPage": True, "startCursor": c[0], "endCursor": c[1]}, "edges": [{"cursor": c[2]}]}, indent=2))


@neg(N)
def n_es_scroll():
    sid = b64(b"\x16" + rbytes(R.randint(60, 100)))
    return f"scroll context expired: `_scroll_id` was `{sid}` — bump `scroll=5m`"


@neg(N)
def n_dynamo_lek():
    return code("json", json.dumps({"Count": 100, "LastEvaluatedKey": {"pk": {"S": f"TENANT#{ulid()}"}, "sk": {"S": f"ORDER#{ts_iso()}#{ulid()}"}}}, indent=2))


@neg(N)
def n_stripe_ids():
    ids = [f"pi_3{rs(23)}", f"cus_{rs(14)}", f"evt_1{rs(23)}", f"ch_3{rs(23)}", f"in_1{rs(23)}", f"prod_{rs(14)}", f"sub_1{rs(23)}", f"po_1{rs(23)}"]
    return pick(["object ids from the dispute (no secrets, just ids): ", "Stripe-IDs zum Nachschauen: ", "IDs do Stripe para investigar: "]) + ", ".join(f"`{i}`" for i in R.sample(ids, R.randint(2, 5)))


@neg(N)
def n_sops():
    def enc(t):
        return f"ENC[AES256_GCM,data:{b64(rbytes(R.randint(8, 40)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:{t}]"
    return code("yaml", f"db:\n  password: {enc('str')}\napi:\n  token: {enc('str')}\n  port: {enc('int')}\nsops:\n  age:\n    - recipient: {bech32_encode('age', to5(rbytes(32)))}\n  lastmodified: \"{ts_iso()[:19]}Z\"\n  mac: {enc('str')}\n  version: 3.9.{R.randint(0, 4)}")


@neg(N)
def n_ansible_vault():
    body = hx(R.choice([320, 400, 480]))
    return code("yaml", f"db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n" + "\n".join("  " + body[i:i + 80] for i in range(0, len(body), 80)))


@neg(N)
def n_age_armor():
    body = b"age-encryption.org/v1\n-> X25519 " + b64(rbytes(32)).rstrip("=").encode() + b"\n" + b64(rbytes(32)).rstrip("=").encode() + b"\n--- " + b64(rbytes(32)).rstrip("=").encode() + b"\n" + rbytes(R.randint(40, 120))
    return "encrypted with the team recipient, safe to paste:\n```\n-----BEGIN AGE ENCRYPTED FILE-----\n" + wrap(b64(body), 64) + "\n-----END AGE ENCRYPTED FILE-----\n```"


@neg(N)
def n_pgp_msg():
    body = b"\x85\x01\x0c\x03" + rbytes(R.randint(120, 260))
    crc = 0xB704CE
    for byte in body:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    crc &= 0xFFFFFF
    return "```\n-----BEGIN PGP MESSAGE-----\n\n" + wrap(b64(body), 64) + "\n=" + b64(crc.to_bytes(3, "big")) + "\n-----END PGP MESSAGE-----\n```\n(encrypted to the security team key)"


@neg(N)
def n_kms_blob():
    blob = b"\x01\x02\x02\x00\x78" + rbytes(R.randint(150, 200))
    return f"`aws kms encrypt` output, CiphertextBlob: `{b64(blob)}` — decrypt only works with the prod role"


@neg(N)
def n_vault_transit():
    return f"transit returns `vault:v{R.randint(1, 9)}:{b64(rbytes(R.randint(28, 60)))}` — store that, not the plaintext"


@neg(N)
def n_sealed():
    return code("yaml", f"apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: {pick(SVC)}\nspec:\n  encryptedData:\n    API_TOKEN: AgB{b64(rbytes(R.randint(300, 420)))[3:]}")


@neg(N)
def n_fernet():
    tok = b64u(b"\x80" + struct.pack(">Q", epoch()) + rbytes(16) + rbytes(R.choice([16, 32, 48])) + rbytes(32)) + "=="
    return f"fernet ciphertext in the column looks fine: `{tok}` — decrypt fails because MultiFernet key order changed"


@neg(N)
def n_rails_enc():
    return f"`config/credentials/production.yml.enc` is just `{b64(rbytes(R.randint(80, 160)))}--{b64(rbytes(12))}--{b64(rbytes(16))}` — the master key is in 1Password, not here"


@neg(N)
def n_ids_mix():
    ids = [("ULID", ulid()), ("UUIDv7", uuid7()), ("UUIDv4", uuid4()), ("ObjectId", hx(24)), ("KSUID", rs(27)), ("nanoid", rs(21, ALNUM + "_-")),
           ("Firestore", rs(20)), ("Airtable", "rec" + rs(14)), ("Notion", hx(32)), ("Sentry", hx(32)), ("Lambda RequestId", uuid4())]
    sel = R.sample(ids, R.randint(3, 6))
    return "\n".join(f"{k}: `{v}`" for k, v in sel)


@neg(N)
def n_etags():
    return "```\n$ curl -sI https://cdn." + pick(ORG) + ".dev/app.js\nHTTP/2 200\netag: \"" + hx(32) + pick(["", "-" + str(R.randint(2, 40))]) + "\"\nx-amz-cf-id: " + b64(rbytes(42)) + "\nx-goog-hash: crc32c=" + b64(rbytes(4)) + ",md5=" + b64(rbytes(16)) + "\ncontent-md5: " + b64(rbytes(16)) + "\nx-request-id: " + uuid4() + "\n```"


@neg(N)
def n_sha256sums():
    return code("", "\n".join(f"{sha()}  {pick(SVC)}_{R.randint(1, 3)}.{R.randint(0, 20)}.{R.randint(0, 9)}_{pick(['linux_amd64', 'linux_arm64', 'darwin_arm64', 'windows_amd64'])}.{pick(['tar.gz', 'zip'])}" for _ in range(R.randint(3, 6))))


@neg(N)
def n_lfs_pointer():
    return code("", f"version https://git-lfs.github.com/spec/v1\noid sha256:{sha()}\nsize {R.randint(10000, 90000000)}") + "\nthe model file got committed as a pointer, LFS fetch didn't run in CI"


@neg(N)
def n_gpg_fp():
    fp = hx(40).upper()
    return f"release signing key (public): `{' '.join(fp[i:i + 4] for i in range(0, 40, 4))}` — verify with `gpg --recv-keys {fp[-16:]}`"


@neg(N)
def n_helm_checksum():
    return code("yaml", f"template:\n  metadata:\n    annotations:\n      checksum/config: {sha()}\n      checksum/secret: {sha()}\n    labels:\n      pod-template-hash: {rs(10, 'bcdfghjklmnpqrstvwxz2456789')}")


@neg(N)
def n_minified():
    v = lambda: rs(1, "abcdefghijklmnopqrstuvwxyz") + rs(1, "0123456789abcdef$_")
    return "the crash is somewhere in here lol\n```\n!function(e,t){\"object\"==typeof exports?module.exports=t():e." + v() + "=t()}(this,function(){var " + v() + "=\"" + b64(rbytes(30)) + "\",r=" + str(R.randint(10 ** 5, 10 ** 8)) + ";return function(n){return " + v() + "(n,0x" + hx(8) + ")^r}})\n```"


@neg(N)
def n_bazel_cache():
    return f"remote cache miss on `{sha()}/{R.randint(100, 99999)}` — action key differs because of the env var leak into the action (`--incompatible_strict_action_env` fixes)"


@neg(N)
def n_cloudbuild_ids():
    return pick([f"build `{uuid4()}` failed at step 3, retry `{uuid4()}` passed",
                 f"Buildkite job `{uuid7()}` / GH run `{R.randint(10 ** 9, 2 * 10 ** 10)}` / attempt 2",
                 f"CircleCI workflow `{uuid4()}` — artifacts under `/{hx(16)}/`"])


@neg(N)
def n_b64_text():
    t = pick(["hello from the staging cluster", "Dies ist nur ein Test", "これはテストです", "{\"feature\":\"dark-mode\",\"variant\":\"B\"}", "tenant=eu-1;tier=gold", "привет, мир"])
    return f"what is `{b64(t.encode())}`? → decodes to `{t}`, it's the AB-test cookie value"


@neg(N)
def n_xz_cms():
    return f"the webhook payload signature header is `X-Hub-Signature-256: sha256={sha()}` — that's an HMAC output, computed per request, not the secret itself"


@neg(N)
def n_totp_qr_hashes():
    return f"content-addressed asset names after the build: `logo.{hx(8)}.svg`, `app.{hx(20)}.css`, `vendor~main.{hx(8)}.chunk.js`"


# ---------------- pii_lookalike_number ----------------
L = "pii_lookalike_number"


def isbn13():
    while True:
        d = "978" + str(R.randint(0, 1)) + digits(8, False)
        s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(d))
        full = d + str((10 - s % 10) % 10)
        if not luhn_ok(full):
            return f"{full[:3]}-{full[3]}-{full[4:8]}-{full[8:12]}-{full[12]}"


def gs1(body):
    s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(body)))
    return body + str((10 - s % 10) % 10)


def cnpj():
    b = digits(8) + "0001"
    w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    d1 = sum(int(c) * w for c, w in zip(b, w1)) % 11
    d1 = 0 if d1 < 2 else 11 - d1
    b2 = b + str(d1)
    w2 = [6] + w1
    d2 = sum(int(c) * w for c, w in zip(b2, w2)) % 11
    d2 = 0 if d2 < 2 else 11 - d2
    f = b2 + str(d2)
    return f"{f[:2]}.{f[2:5]}.{f[5:8]}/{f[8:12]}-{f[12:]}"


def priv_ip():
    return pick([f"10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}", f"172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)}",
                 f"192.168.{R.randint(0, 255)}.{R.randint(1, 254)}", f"100.{R.randint(64, 127)}.{R.randint(0, 255)}.{R.randint(1, 254)}",
                 f"192.0.2.{R.randint(1, 254)}", f"198.51.100.{R.randint(1, 254)}", f"203.0.113.{R.randint(1, 254)}"])


@neg(L)
def l_order_ids():
    ids = [nonluhn_digits(R.choice([9, 10, 11, 12])) for _ in range(R.randint(2, 5))]
    return pick(["refund stuck for orders ", "Bestellungen mit doppelter Buchung: ", "注文番号: ", "pedidos afetados: ", "заказы: "]) + ", ".join(ids)


@neg(L)
def l_isbn():
    return pick([f"the book club pick is ISBN {isbn13()} (2nd edition, not {isbn13()})", f"catalog import failed on ISBN-13 `{isbn13()}`, checksum fine, publisher prefix unknown",
                 f"書籍マスタに ISBN {isbn13()} が重複しています"])


@neg(L)
def l_ean():
    while True:
        e = gs1(digits(12))
        if not luhn_ok(e):
            break
    return f"barcode scanner reads `{e}` (EAN-13) but the SKU table has `{pick(['SKU', 'ART', 'MAT'])}-{R.randint(10000, 99999)}-{pick(['BLK', 'WHT', 'M', 'XL'])}`"


@neg(L)
def l_sscc():
    while True:
        s = gs1("00" + digits(15, False))
        if not luhn_ok(s):
            break
    return f"pallet label SSCC `(00) {s}` not found in WMS; GTIN `{gs1('0' + digits(12))}`, lot `L{R.randint(2401, 2652)}-{R.randint(100, 999)}`"


@neg(L)
def l_versions():
    v = [f"{R.randint(100, 140)}.0.{R.randint(6000, 7000)}.{R.randint(10, 250)}", f"10.0.{R.randint(19041, 26100)}.{R.randint(1000, 5000)}",
         f"{R.randint(1, 9)}.{R.randint(0, 40)}.{R.randint(0, 30)}-rc.{R.randint(1, 9)}+build.{R.randint(1000, 99999)}", f"v{R.randint(0, 3)}.{R.randint(0, 99)}.{R.randint(0, 999)}",
         f"{R.randint(2024, 2026)}.{R.randint(1, 12)}.{R.randint(1, 999)}", f"17.{R.randint(0, 9)}.{R.randint(1, 9)} ({R.randint(21, 23)}{pick('ABCDEFG')}{R.randint(100, 999)})"]
    return "versions in the bug report: " + ", ".join(R.sample(v, R.randint(3, 5)))


@neg(L)
def l_android_fp():
    return f"device fingerprint from the crash: `google/{pick(['husky', 'shiba', 'akita', 'tokay'])}/{pick(['husky', 'shiba'])}:{R.randint(14, 16)}/{pick(['AP4A', 'BP1A', 'AD1A'])}.{R.randint(240000, 251231)}.{R.randint(1, 99):03d}/{R.randint(10000000, 13999999)}:user/release-keys`"


@neg(L)
def l_timestamps():
    e = epoch()
    return pick([f"`{e}` → {ts_iso()[:10]} (seconds), `{e * 1000 + R.randint(0, 999)}` in ms from the JS side — off by 1000x again",
                 f"slack ts `{e}.{R.randint(100000, 999999)}` is the parent message, reply ts `{e + R.randint(1, 900)}.{R.randint(100000, 999999)}`",
                 f"FILETIME {R.randint(133700000000000000, 134100000000000000)} vs unix {e}",
                 f"`created_at_us={e * 10 ** 6 + R.randint(0, 999999)}` — microseconds, postgres `to_timestamp(x/1e6)`",
                 f"Excel serial {R.randint(45658, 46300)}.{R.randint(1000, 9999)} = the date column in the finance sheet, not an id"])


@neg(L)
def l_dates_locales():
    d, m, y = R.randint(1, 28), R.randint(1, 12), 2026
    return pick([f"{d:02d}.{m:02d}.{y} / {y}/{m:02d}/{d:02d} / {m:02d}/{d:02d}/{y} — the parser chokes on the first",
                 f"締め日は令和8年{m}月{d}日 ({y}年{m}月{d}日)", f"дата выгрузки {d:02d}.{m:02d}.{y} {R.randint(0, 23):02d}:{R.randint(0, 59):02d}",
                 f"`{y}{m:02d}{d:02d}T{R.randint(0, 23):02d}{R.randint(0, 59):02d}{R.randint(0, 59):02d}Z` is basic ISO 8601, our regex only accepts extended"])


@neg(L)
def l_ips_ports():
    rows = [f"{priv_ip()}:{pick([22, 443, 5432, 6379, 8080, 9092, 9200, 27017, 50051])}" for _ in range(R.randint(3, 6))]
    return "connection refused from:\n" + code("", "\n".join(rows)) + f"\nsecurity group allows {pick(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'])} only"


@neg(L)
def l_cloud_ids():
    return pick([f"prod is AWS account `{nonluhn_digits(12)}`, staging `{nonluhn_digits(12)}` (org ids, not secret)", f"GCP project number {nonluhn_digits(12)} / project id `{pick(ORG)}-prod-{R.randint(100, 999)}`",
                 f"Azure subscription `{uuid4()}`, tenant `{uuid4()}`", f"instance `i-0{hx(16)}` in subnet `subnet-0{hx(16)}` (vpc-0{hx(8)})"])


@neg(L)
def l_tickets():
    return ", ".join(R.sample([f"JIRA PAY-{R.randint(100, 9999)}", f"CVE-{R.randint(2023, 2026)}-{R.randint(1000, 59999)}", f"GHSA-{rs(4, '23456789cfghjmpqrvwx')}-{rs(4, '23456789cfghjmpqrvwx')}-{rs(4, '23456789cfghjmpqrvwx')}",
                              f"INC{R.randint(10 ** 6, 10 ** 7 - 1)}", f"RFC {R.randint(1000, 9999)}", f"KB{R.randint(5000000, 5059999)}", f"Zendesk #{R.randint(100000, 999999)}",
                              f"SF case {R.randint(10 ** 7, 10 ** 8 - 1)}", f"PR #{R.randint(1000, 30000)}"], R.randint(3, 5))) + pick([" — all linked in the postmortem", " なので優先度高め", " (see thread)"])


@neg(L)
def l_error_codes():
    return pick([f"`HRESULT 0x{R.randint(0x80000000, 0x8007FFFF):08X}` on install, then `NTSTATUS 0xC0000{R.randint(100, 999)}`",
                 f"segfault at {hx(12)} ip 0000{hx(12)} sp 00007ff{hx(9)} error 4 in libssl.so.3[7f{hx(10)}+{hx(5)}]",
                 f"exit code {R.choice([137, 139, 143, 1, 2])} — OOMKilled at {R.randint(512, 4096)}Mi, RSS was {R.randint(10 ** 8, 4 * 10 ** 9)} bytes"])


@neg(L)
def l_oids():
    return pick([f"signature alg OID 1.2.840.113549.1.1.{R.choice([11, 12, 13])} (sha{R.choice([256, 384, 512])}WithRSA), EKU 1.3.6.1.5.5.7.3.{R.choice([1, 2])}",
                 f"snmpwalk shows ifHCInOctets at 1.3.6.1.2.1.31.1.1.1.6.{R.randint(1, 48)} = {R.randint(10 ** 9, 10 ** 12)}",
                 f"private enterprise OID 1.3.6.1.4.1.{R.randint(10000, 60000)}.{R.randint(1, 9)}.{R.randint(1, 9)}"])


@neg(L)
def l_db_positions():
    return pick([f"replica lag: primary LSN {R.randint(0, 9):X}/{hx(8).upper()}, replica {R.randint(0, 9):X}/{hx(8).upper()}",
                 f"consumer group `{pick(SVC)}` partition {R.randint(0, 31)} offset {R.randint(10 ** 8, 10 ** 11)} (lag {R.randint(0, 99999)})",
                 f"binlog mysql-bin.{R.randint(1, 9999):06d} pos {R.randint(10 ** 6, 10 ** 9)}, GTID {uuid4()}:1-{R.randint(10 ** 5, 10 ** 8)}"])


@neg(L)
def l_money_locales():
    a = R.randint(1000, 99999999)
    return pick([f"payout total €{a // 100:,}.{a % 100:02d} (EN) / {a // 100:,},{a % 100:02d} € (DE) — formatting bug".replace(",", "\u202f", 1),
                 f"₹{a // 100000},{(a // 1000) % 100:02d},{a % 1000:03d} lakh-style grouping breaks the parser",
                 f"CHF {a // 1000}'{a % 1000:03d}.{R.randint(0, 99):02d} — Swiss apostrophe separator",
                 f"売上 {a // 10000}万{a % 10000}円 / 合計 ¥{a:,}",
                 f"reconciliation diff: {a:,} vs {a + R.randint(1, 999):,} rows"])


@neg(L)
def l_latency_table():
    rows = ["| endpoint | p50 ms | p99 ms | rps | errors |", "|---|---:|---:|---:|---:|"]
    for _ in range(R.randint(4, 8)):
        rows.append(f"| `/{pick(['v1', 'v2'])}/{pick(['orders', 'payouts', 'cards', 'accounts'])}/{{id}}` | {R.randint(2, 90)} | {R.randint(100, 4000)} | {R.randint(10, 9000):,} | {R.randint(0, 999)} |")
    return "\n".join(rows)


@neg(L)
def l_csv_export():
    rows = ["order_id,created_at,invoice_no,amount_cents,currency,status"]
    for _ in range(R.randint(12, 30)):
        rows.append(f"{nonluhn_digits(10)},{epoch()},INV-{R.randint(2025, 2026)}-{R.randint(1, 999999):06d},{R.randint(100, 999999)},{pick(['EUR', 'USD', 'GBP', 'JPY', 'PLN'])},{pick(['paid', 'refunded', 'void'])}")
    return "export from the finance job (no customer columns):\n" + code("csv", "\n".join(rows))


@neg(L)
def l_rate_limit():
    return code("", f"HTTP/1.1 429 Too Many Requests\nX-RateLimit-Limit: {R.choice([60, 600, 5000])}\nX-RateLimit-Remaining: 0\nX-RateLimit-Reset: {epoch()}\nRetry-After: {R.randint(1, 3600)}\nX-Request-Id: {uuid4()}")


@neg(L)
def l_tracking():
    t = pick([f"1Z{rs(6, string.ascii_uppercase + string.digits)}{R.randint(10, 99)}{nonluhn_digits(8)}", f"{pick(['RR', 'LX', 'CP', 'EE'])}{R.randint(10 ** 8, 10 ** 9 - 1)}{pick(['DE', 'JP', 'CN', 'GB'])}", nonluhn_digits(12), f"JJD{nonluhn_digits(18)}"])
    return pick([f"warehouse tracking `{t}` for the test devices shipment", f"Sendungsnummer der Testgeräte: {t}", f"追跡番号 {t} (検証用端末)"])


@neg(L)
def l_eori_vat():
    while True:
        e = "DE" + nonluhn_digits(13)
        if not iban_mod97(e):
            break
    return pick([f"customs config for the Hamburg warehouse: EORI `{e}` (our company, public on the EU register)",
                 f"our CNPJ for the BR entity is {cnpj()} — it's the company registration, printed on every invoice",
                 f"適格請求書発行事業者登録番号 T{nonluhn_digits(13)} を請求書フッターに追加",
                 f"supplier VAT id `{pick(['FR', 'NL', 'IT', 'ES'])}{nonluhn_digits(11)}` fails VIES validation"])


@neg(L)
def l_grouped_16_nonluhn():
    d = nonluhn_digits(16)
    g = " ".join(d[i:i + 4] for i in range(0, 16, 4))
    return pick([f"license activation code `{g}` doesn't work on the build agent — vendor says regenerate",
                 f"the batch file id is `{d}` (16-digit, from the bank's SFTP naming, not a card)",
                 f"Gerätenummer des Kartenterminals: {g}"])


@neg(L)
def l_snowflake():
    ids = [nonluhn_digits(R.choice([18, 19])) for _ in range(R.randint(2, 4))]
    return pick(["discord webhook message ids: ", "tweet ids in the moderation export: ", "snowflake ids from the idgen service: "]) + ", ".join(ids)


@neg(L)
def l_sizes():
    return pick([f"`du -sb /var/lib/postgresql` → {R.randint(10 ** 10, 10 ** 12)}", f"S3 bucket size {R.randint(10 ** 11, 10 ** 14):,} bytes, {R.randint(10 ** 6, 10 ** 9):,} objects",
                 f"table bloat: {R.randint(10 ** 6, 10 ** 9):_} dead tuples", f"rows: 48 113 920 → {R.randint(10, 99)} {R.randint(100, 999)} {R.randint(100, 999)}"])


@neg(L)
def l_math():
    return pick([f"π to 20 digits is 3.14159265358979323846 — why is it in the fixture?", f"the seed is {nonluhn_digits(10)} and the modulus is {2 ** 61 - 1}",
                 f"CRC32 = {R.randint(10 ** 9, 4294967295)} (decimal) = 0x{hx(8)}", f"largest i64 9223372036854775807, we overflowed at {R.randint(10 ** 15, 10 ** 16)}"])


@neg(L)
def l_build_numbers():
    return f"build {R.randint(2024, 2026)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}.{R.randint(1, 9)} (#{R.randint(10000, 99999)}) — iOS CFBundleVersion {R.randint(100, 999)}{R.randint(10, 99)}, Android versionCode {R.randint(10 ** 6, 10 ** 9)}"


@neg(L)
def l_coords_of_offices():
    return f"geo-fence radius test uses a grid: {R.randint(10, 60)}.{R.randint(1000, 9999)}, {R.randint(-120, 140)}.{R.randint(1000, 9999)} with {R.randint(50, 500)} m steps (synthetic points)"


@neg(L)
def l_hs_codes():
    return f"customs HS codes for the hardware kit: {R.randint(8400, 8599)}.{R.randint(10, 99)}.{R.randint(10, 99)}, {R.randint(8400, 8599)}.{R.randint(10, 99)}.{R.randint(1000, 9999)}; tariff line {R.randint(10 ** 9, 10 ** 10 - 1)}"


@neg(L)
def l_japanese_postal_like():
    return pick([f"エラーコード {R.randint(100, 999)}-{R.randint(1000, 9999)} が出ました", f"ビルド番号 {R.randint(10, 99)}-{R.randint(1000, 9999)}-{R.randint(1000, 9999)}",
                 f"тикет {R.randint(10, 99)}-{R.randint(100, 999)}-{R.randint(100, 999)}-{R.randint(10, 99)} в трекере подрядчика"])


@neg(L)
def l_lot_serials():
    return "\n".join(f"- serial `SN{R.randint(2024, 2026)}{R.randint(1, 52):02d}{nonluhn_digits(7)}` lot `{R.randint(10, 99)}-{R.randint(100, 999)}-{R.randint(1000, 9999)}`" for _ in range(R.randint(2, 5)))


@neg(L)
def l_perf_numbers():
    return code("", f"BenchmarkMaskPAN-{R.choice([8, 16])}      {R.randint(10 ** 6, 10 ** 8)}    {R.randint(10, 999)}.{R.randint(0, 9)} ns/op   {R.randint(0, 512)} B/op   {R.randint(0, 9)} allocs/op\nBenchmarkValidateIBAN-{R.choice([8, 16])}  {R.randint(10 ** 5, 10 ** 7)}   {R.randint(100, 9999)} ns/op   {R.randint(0, 512)} B/op   {R.randint(0, 9)} allocs/op")


# ---------------- talk_about_secrets ----------------
T = "talk_about_secrets"
TALK = [
    "rotated the Stripe restricted key after the contractor offboarding; old one revoked at 14:02, no failed calls since",
    "reminder: never paste tokens in here, use a 1Password share link that expires",
    "the leaked key from Friday was a read-only Datadog app key; revoked, audit log shows no use outside our CIDRs",
    "can someone with org-admin regenerate the GitHub App private key? the current one is 13 months old",
    "gitleaks flagged a test fixture again; it's a fake JWT in a snapshot, adding it to the allowlist with a comment",
    "if you ever see a card number in the logs, page #security and don't screenshot it",
    "we don't store full IBANs anymore, only the last 4 and a keyed hash",
    "SSNs are tokenized at the edge; the backend only ever sees the vault token",
    "who owns the SendGrid key? it's shared by three services and that's why rotation keeps breaking",
    "trufflehog in pre-commit is slow on the monorepo; maybe only scan the diff",
    "TIL GitHub push protection blocks Slack webhooks too",
    "post-incident: the phone numbers in the export were hashed, but with an unsalted SHA-1, so treat them as exposed",
    "we should move the Postgres password to IAM auth, then there's nothing to rotate",
    "the KMS key policy lets the CI role decrypt; that's how the deploy job reads the envelope",
    "does anyone know if OpenAI project keys can be scoped to a single model?",
    "Anthropic console shows the key was last used 2h ago from the staging NAT IP, so it's ours",
    "next step for the rotation runbook: automate the Slack bot token reinstall",
    "Das Passwort für den Staging-Datenbanknutzer wurde gestern rotiert, bitte Pods neu starten.",
    "Bitte keine API-Schlüssel in Tickets kopieren, auch nicht 'nur kurz'.",
    "On a révoqué le jeton GitLab exposé dans le job CI, rien n'a fui d'après les logs.",
    "Merci de ne jamais envoyer d'IBAN client par Slack, utilisez le ticket chiffré.",
    "Rotamos la clave de Twilio y actualizamos el secreto en Vault, todo verde.",
    "¿Alguien sabe cada cuánto expira el token de la cuenta de servicio de GCP?",
    "A senha do banco de homologação foi trocada; o ExternalSecret sincroniza em 1h.",
    "Não colem números de cartão aqui nem para testar, usem os cartões de teste do PSP.",
    "Het wachtwoord van de beheerder is gewijzigd; de oude sessies zijn ingetrokken.",
    "Klucz API do Sentry został unieważniony po odejściu wykonawcy.",
    "Il token del bot Slack è stato rigenerato, aggiornate il vostro .env locale.",
    "ステージングのDBパスワードをローテーションしました。Podの再起動をお願いします。",
    "APIキーをSlackに貼らないでください。1Passwordの共有リンクを使ってください。",
    "漏洩したトークンは失効済みです。監査ログに不審なアクセスはありません。",
    "测试环境的数据库密码已经轮换，请重启相关服务。",
    "请不要在频道里贴 API 密钥，用 Vault 的临时链接。",
    "泄露的 GitHub 令牌已经吊销，审计日志里没有异常调用。",
    "스테이징 DB 비밀번호를 교체했습니다. 파드 재시작 부탁드려요.",
    "API 키를 슬랙에 붙여넣지 마세요. 볼트 링크를 써 주세요.",
    "Пароль от стейджинговой базы сменили, перезапустите поды.",
    "Не присылайте токены в личку, только через Vault с TTL.",
    "Скомпрометированный ключ отозван, по логам доступа извне не было.",
    "Пароль до тестової бази змінено, секрет в Vault оновлено.",
    "تم تدوير كلمة مرور قاعدة البيانات التجريبية، يرجى إعادة تشغيل الخدمات.",
    "من فضلكم لا تلصقوا مفاتيح API في القناة.",
    "החלפנו את מפתח ה-API של הספק, הישן בוטל.",
    "Άλλαξε ο κωδικός της βάσης δοκιμών, κάντε restart στα pods.",
    "स्टेजिंग डेटाबेस का पासवर्ड बदल दिया गया है, कृपया पॉड्स रीस्टार्ट करें।",
    "Test veritabanının parolası değiştirildi, podları yeniden başlatın.",
    "Đã xoay vòng khóa API của Twilio, khóa cũ đã bị thu hồi.",
    "รหัสผ่านฐานข้อมูล staging ถูกเปลี่ยนแล้ว กรุณารีสตาร์ทพ็อด",
    "Lösenordet till testdatabasen är bytt, starta om poddarna.",
    "Testitietokannan salasana vaihdettiin, käynnistäkää podit uudelleen.",
]
Q_AND_A = [("how do I get the staging DB password?", "`vault read database/creds/staging-ro` gives you a 1h lease, no static password anymore"),
           ("is it ok to share my API key with the vendor for debugging?", "no — ask them for a scoped test key or use the sandbox org"),
           ("wo finde ich den Webhook-Secret für Stripe?", "im Secret Manager unter `stripe/webhook`, Zugriff über die Gruppe payments-dev"),
           ("APIキーの有効期限は？", "90日です。期限の14日前にSlackで通知が来ます"),
           ("где хранится ключ шифрования бэкапов?", "в KMS, руками его никто не видит"),
           ("we got an email asking for our SSO password, phishing?", "yes, reported — never enter it anywhere except the IdP login page"),
           ("can the bot read DMs?", "no, it only has channels:history for public channels it's in"),
           ("¿cómo pido acceso al vault de producción?", "abre un ticket en ACCESS con la justificación; caduca a los 7 días")]


@neg(T)
def t_sentence():
    return pick(TALK)


@neg(T)
def t_two_sentences():
    a, b = R.sample(TALK, 2)
    return a + "\n" + b


@neg(T)
def t_qa():
    q, a = pick(Q_AND_A)
    return f"> {q}\n{a}"


@neg(T)
def t_runbook():
    steps = R.sample(["Revoke the key in the provider console", "Create a new key with the same scopes", "Update the secret in Vault / Secret Manager",
                      "Trigger the ExternalSecret refresh (`kubectl annotate es ... force-sync=$(date +%s)`)", "Restart the consumers", "Check the provider's audit log for use after the leak time",
                      "Purge the message from Slack (admin) and from any CI logs", "Write the incident note, no secret values in it", "Rotate dependent webhooks signing secrets",
                      "Verify with a canary request"], R.randint(4, 7))
    return f"*Leaked credential runbook (v{R.randint(2, 9)})*\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))


@neg(T)
def t_incident():
    return f"*Incident {pick(['SEC', 'INC'])}-{R.randint(100, 999)} summary*\n• What: a {pick(['GitLab PAT', 'Slack bot token', 'OpenAI key', 'service-account JSON key', 'database password', 'SMTP password'])} was printed in a {pick(['CI log', 'Sentry breadcrumb', 'debug screenshot', 'public gist', 'support ticket'])}\n• Exposure: ~{R.randint(2, 90)} min\n• Action: revoked + rotated, no misuse found in audit logs\n• Follow-up: {pick(['mask env in CI', 'scrub breadcrumbs', 'add push protection', 'pre-commit hook'])}"


@neg(T)
def t_regex_talk():
    return pick(["our scanner regex for AWS ids is `(AKIA|ASIA)[A-Z2-7]{16}` — the old one used `[A-Z0-9]` and matched every base32 id",
                 "for Slack tokens I'd match `xox[abposr]-` then digits-dashes, and for GitHub `gh[pousr]_` + 36 base62",
                 "IBAN detection without mod-97 is useless, half our order references look like IBANs",
                 "Luhn alone gives ~10% false positives on random 16-digit ids, we need context words like 'card' or 'visa'",
                 "JWT check: three base64url segments, first decodes to JSON with `alg` — don't just match `eyJ`",
                 "phone regex flagged every unix timestamp; require a + prefix or separators"])


@neg(T)
def t_policy():
    return pick(["Security policy excerpt:\n> Credentials must never be shared in chat, email or tickets. Use the approved secret manager. Suspected exposure must be reported within 1 hour.",
                 "Datenschutz-Hinweis: personenbezogene Daten (Telefonnummern, E-Mail-Adressen, IBANs) dürfen nur im CRM verarbeitet werden, nicht in Slack.",
                 "個人情報（電話番号・メールアドレス・カード番号）をチャットに書かないでください。",
                 "Напоминание: персональные данные клиентов (телефоны, e-mail, номера карт) в Slack не публикуем."])


@neg(T)
def t_vault_errors():
    return code("", pick([f"Error making API request.\nURL: GET https://vault.internal:8200/v1/secret/data/{pick(SVC)}\nCode: 403. Errors:\n* permission denied",
                          f"ExternalSecret {pick(SVC)}: could not get secret data from provider: SecretNotFound: secret \"{pick(SVC)}-db\" not found",
                          f"sealed-secrets: no key could decrypt secret (DB_PASSWORD)",
                          f"Error: secret \"{pick(SVC)}-tls\" not found: failed to sync cert-manager certificate"]))


@neg(T)
def t_thread():
    a, b, c = R.sample(TALK, 3)
    return f"{a}\n> {b}\n{c}"


@neg(T)
def t_checklist():
    return "pre-release security checklist:\n" + "\n".join(f"- [{'x' if chance(0.6) else ' '}] {s}" for s in R.sample(["no secrets in the diff (gitleaks green)", "tokens scoped to least privilege", "PII fields masked in logs", "card data never leaves the PSP iframe", "phone numbers stored E.164 + encrypted", "email addresses hashed in analytics", "key rotation date recorded", "break-glass password sealed"], R.randint(3, 6)))


# --------------------------------------------------------------------------------------------
# Positive value generators (fake, but correct in form)
# --------------------------------------------------------------------------------------------
def v_aws_id():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, B32)
        if "EXAMPLE" not in v:
            return v


def v_aws_secret():
    return rs(40, ALNUM + "/+")


def b62enc(n, width):
    out = ""
    while n:
        out = B62[n % 62] + out
        n //= 62
    return out.rjust(width, "0")


def v_ghp():
    body = rs(30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_gh_fine():
    return "github_pat_11" + rs(20, string.ascii_uppercase + string.digits) + "_" + rs(59)


def v_xoxb():
    return f"xoxb-{digits(R.choice([10, 11, 12]))}-{digits(13)}-{rs(24)}"


def v_xoxp():
    return f"xoxp-{digits(R.choice([10, 11, 12]))}-{digits(R.choice([11, 12, 13]))}-{digits(13)}-{hx(32)}"


def v_openai():
    a = ALNUM + "_-"
    k = pick(["proj", "proj", "svc", "legacy"])
    if k == "proj":
        return "sk-proj-" + rs(74, a) + "T3BlbkFJ" + rs(74, a)
    if k == "svc":
        return "sk-svcacct-" + rs(74, a) + "T3BlbkFJ" + rs(74, a)
    return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)


def v_anthropic():
    return "sk-ant-api03-" + rs(93, ALNUM + "_-") + "AA"


def v_jwt():
    alg = pick(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = pick([hx(16), uuid4(), rs(43, ALNUM + "_-")])
    now = epoch()
    pl = pick([{"sub": uuid4(), "iat": now, "exp": now + 3600, "iss": f"https://auth.{pick(ORG)}.dev/", "scope": "read:orders write:orders"},
               {"sub": str(R.randint(10 ** 5, 10 ** 8)), "role": "service", "tenant": f"t_{rs(8)}", "iat": now, "exp": now + 900},
               {"iss": "supabase", "ref": rs(20, string.ascii_lowercase), "role": pick(["service_role", "anon"]), "iat": now, "exp": now + 10 ** 8},
               {"aud": "api", "azp": rs(32), "sub": f"{rs(24)}@clients", "gty": "client-credentials", "iat": now, "exp": now + 86400}])
    sig = rbytes({"HS256": 32, "RS256": 256, "ES256": 64}[alg])
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def pem_der(kind):
    if kind == "EC PRIVATE KEY":
        return der(0x30, der_int(b"\x01") + der(0x04, rbytes(32)) + der(0xA0, bytes.fromhex("06082a8648ce3d030107")) + der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))
    if kind == "PRIVATE KEY":
        return bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
    if kind == "RSA PRIVATE KEY":
        bits = pick([1024, 2048])
        n = b"\xc0" + rbytes(bits // 8 - 1)
        half = bits // 16
        parts = [b"\x00", n, b"\x01\x00\x01", b"\x80" + rbytes(bits // 8 - 1)] + [b"\xc0" + rbytes(half - 1) for _ in range(5)]
        return der(0x30, b"".join(der_int(p) for p in parts))
    # OPENSSH PRIVATE KEY (ed25519)
    pub = rbytes(32)
    s = lambda b: struct.pack(">I", len(b)) + b
    pubblob = s(b"ssh-ed25519") + s(pub)
    chk = rbytes(4)
    priv = chk + chk + s(b"ssh-ed25519") + s(pub) + s(rbytes(32) + pub) + s(pick([b"deploy@ci", b"root@bastion", b""]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    return b"openssh-key-v1\x00" + s(b"none") + s(b"none") + s(b"") + struct.pack(">I", 1) + s(pubblob) + s(priv)


def v_pem():
    kind = pick(["EC PRIVATE KEY", "PRIVATE KEY", "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    width = 70 if kind == "OPENSSH PRIVATE KEY" else 64
    lines = wrap(b64(pem_der(kind)), width).split("\n")
    return kind, lines


def v_password():
    while True:
        p = rs(R.randint(12, 24), ALNUM + "!#%^*-_+=~")
        if sum(c.isdigit() for c in p) >= 2 and any(c.isupper() for c in p) and any(c in "!#%^*-_+=~" for c in p):
            return p


def v_url_pw():
    return rs(R.randint(14, 28), ALNUM + "-_~")


FIRST = ["maria", "jonas", "aiko", "wei", "fatima", "lucas", "priya", "olga", "mateo", "chloe", "kenji", "amara", "nils", "sofia", "arjun", "lea", "diego", "hana", "tomasz", "ines", "yusuf", "emma", "ravi", "zoe"]
LAST = ["schneider", "tanaka", "okafor", "lindqvist", "kowalski", "moreau", "garcia", "nakamura", "haddad", "ferreira", "van.dijk", "rossi", "chen", "novak", "brennan", "sato", "ivanova", "mehta"]
DOMAINS = ["gmail.com", "outlook.com", "web.de", "gmx.net", "yahoo.co.jp", "icloud.com", "proton.me", "hotmail.fr", "uol.com.br", "naver.com", "qq.com", "mail.ru", "seznam.cz", "libero.it", "fastmail.com", "posteo.de"]


def v_email():
    f, l = pick(FIRST), pick(LAST)
    local = pick([f"{f}.{l}", f"{f}{R.randint(1, 99)}", f"{f[0]}{l}", f"{f}.{l}+{pick(['shop', 'news', 'beta'])}", f"{l}.{f}{R.randint(70, 99)}", f"{f}_{l}"])
    return local.replace("..", ".") + "@" + pick(DOMAINS)


def v_phone():
    c = pick(["us", "uk", "de", "fr", "jp", "in", "br", "kr", "au", "mx", "pl", "it", "es", "nl", "se"])
    d = lambda n: "".join(str(R.randint(0, 9)) for _ in range(n))
    area = str(R.choice([206, 212, 303, 312, 415, 503, 512, 617, 628, 646, 702, 718, 773, 917]))
    return {"us": pick([f"+1 ({area}) {R.randint(200, 999)}-{d(4)}", f"{area}-{R.randint(200, 999)}-{d(4)}", f"+1 {area} {R.randint(200, 999)} {d(4)}"]),
            "uk": pick([f"+44 7{R.randint(400, 999)} {d(6)}", f"07{R.randint(400, 999)} {d(3)} {d(3)}"]),
            "de": pick([f"+49 15{R.randint(1, 9)} {d(8)}", f"0170 {d(7)}", f"+49 (0)30 {d(8)}"]),
            "fr": pick([f"+33 6 {d(2)} {d(2)} {d(2)} {d(2)}", f"07 {d(2)} {d(2)} {d(2)} {d(2)}"]),
            "jp": pick([f"090-{d(4)}-{d(4)}", f"+81 80-{d(4)}-{d(4)}", f"03-{d(4)}-{d(4)}"]),
            "in": f"+91 {R.randint(7, 9)}{d(4)} {d(5)}", "br": f"+55 11 9{d(4)}-{d(4)}", "kr": pick([f"010-{d(4)}-{d(4)}", f"+82 10-{d(4)}-{d(4)}"]),
            "au": f"+61 4{d(2)} {d(3)} {d(3)}", "mx": f"+52 55 {d(4)} {d(4)}", "pl": f"+48 {R.randint(5, 8)}{d(2)} {d(3)} {d(3)}",
            "it": f"+39 3{d(2)} {d(3)} {d(4)}", "es": f"+34 6{d(2)} {d(2)} {d(2)} {d(2)}", "nl": pick([f"+31 6 {d(8)}", f"06-{d(8)}"]),
            "se": f"+46 70 {d(3)} {d(2)} {d(2)}"}[c]


def v_card():
    t = pick(["visa", "mc", "mc2", "amex", "disc", "jcb", "unionpay", "diners"])
    pre, ln = {"visa": ("4" + digits(5, False), 16), "mc": (str(R.randint(51, 55)) + digits(4, False), 16), "mc2": (str(R.randint(2221, 2720)) + digits(2, False), 16),
               "amex": (pick(["34", "37"]) + digits(4, False), 15), "disc": ("6011" + digits(2, False), 16), "jcb": (str(R.randint(3528, 3589)) + digits(2, False), 16),
               "unionpay": ("62" + digits(4, False), 16), "diners": (pick(["36", "38"]) + digits(4, False), 14)}[t]
    body = pre + digits(ln - len(pre) - 1, False)
    n = luhn_complete(body)
    fmt = pick(["plain", "space", "dash"])
    if fmt == "plain":
        return n
    sep = " " if fmt == "space" else "-"
    if ln == 15:
        return sep.join([n[:4], n[4:10], n[10:]])
    if ln == 14:
        return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))


def v_iban():
    c = pick(["DE", "GB", "FR", "NL", "BE", "AT", "CH", "PL", "ES", "DE", "GB"])
    if c == "DE":
        i = iban_make("DE", digits(8) + digits(10, False))
    elif c == "GB":
        i = iban_make("GB", pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + digits(6) + digits(8, False))
    elif c == "FR":
        bank, br, acc = digits(5), digits(5, False), digits(11, False)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97)
        i = iban_make("FR", bank + br + acc + f"{key:02d}")
    elif c == "NL":
        i = iban_make("NL", pick(["ABNA", "INGB", "RABO", "TRIO", "SNSB"]) + digits(10, False))
    elif c == "BE":
        f10 = digits(10)
        chk = int(f10) % 97 or 97
        i = iban_make("BE", f10 + f"{chk:02d}")
    elif c == "AT":
        i = iban_make("AT", digits(5) + digits(11, False))
    elif c == "CH":
        i = iban_make("CH", "00" + digits(3) + digits(12, False))
    elif c == "PL":
        i = iban_make("PL", digits(8) + digits(16, False))
    else:
        bank, br, acc = digits(4), digits(4), digits(10, False)
        w1 = [4, 8, 5, 10, 9, 7, 3, 6]
        w2 = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
        f = lambda s, w: (lambda r: 0 if r == 11 else (1 if r == 10 else r))(11 - sum(int(a) * b for a, b in zip(s, w)) % 11)
        i = iban_make("ES", bank + br + str(f(bank + br, w1)) + str(f(acc, w2)) + acc)
    if chance(0.55):
        return " ".join(i[k:k + 4] for k in range(0, len(i), 4))
    return i


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    s = f"{a:03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}"
    r = R.random()
    return s if r < 0.75 else (s.replace("-", " ") if r < 0.88 else s.replace("-", ""))


def v_ip():
    while True:
        ip = f"{R.randint(1, 223)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
        if ip_public(ip):
            return ip


GEN = {"aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_gh_fine,
       "slack_bot_token": v_xoxb, "slack_user_token": v_xoxp, "openai_api_key": v_openai, "anthropic_api_key": v_anthropic, "jwt": v_jwt,
       "password": v_password, "url_credentials": v_url_pw, "email_address": v_email, "phone_number": v_phone, "credit_card": v_card,
       "iban": v_iban, "us_ssn": v_ssn, "ipv4_address": v_ip}


def noise():
    """Harmless material of the same kinds as the negatives, mixed into some positives."""
    return pick([f"\n(commit {hx(40)})", f"\nrequest id {uuid4()}", f"\nthumb: data:image/png;base64,{b64(make_png(R.randint(1, 4), R.randint(1, 4)))}",
                 f"\nimage digest sha256:{hx(64)}", f"\ntraceparent 00-{hx(32)}-{hx(16)}-01", f"\norder {nonluhn_digits(10)} / ts {epoch()}",
                 f"\nrun {uuid7()}", f"\nintegrity sha512-{b64(rbytes(64))}", ""])


# --------------------------------------------------------------------------------------------
# Positive templates: single kind
# --------------------------------------------------------------------------------------------
PT = {
    "aws_access_key_id": [
        lambda v: f"which IAM user is `{v}`? it shows up in CloudTrail from an IP we don't know",
        lambda v: code("", f"$ aws sts get-caller-identity\nAn error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.\n$ env | grep AWS_\nAWS_ACCESS_KEY_ID={v}\nAWS_DEFAULT_REGION=ap-northeast-1"),
        lambda v: f"GitGuardian hat `{v}` im Repo `{pick(ORG)}/infra-legacy` gefunden, bitte deaktivieren",
        lambda v: code("json", json.dumps({"eventName": "ListBuckets", "userIdentity": {"type": "IAMUser", "accessKeyId": v, "userName": "svc-backup"}, "sourceIPAddress": "AWS Internal"}, indent=2)),
        lambda v: f"アクセスキー {v} を無効化しました（旧CIユーザー）",
    ],
    "aws_secret_access_key": [
        lambda v: code("ini", f"[default]\nregion = eu-west-1\naws_secret_access_key = {v}"),
        lambda v: f"the rclone config had `secret_access_key = {v}` in plain text :grimacing:",
        lambda v: code("yaml", f"env:\n  - name: AWS_SECRET_ACCESS_KEY\n    value: \"{v}\""),
        lambda v: f"boto3.client('s3', aws_secret_access_key='{v}')  ← found this in the notebook",
    ],
    "github_classic_pat": [
        lambda v: f"use mine for the mirror job until the app is approved: {v}",
        lambda v: code("", f"$ git clone https://{v}@github.com/{pick(ORG)}/{pick(SVC)}.git\nCloning into '{pick(SVC)}'..."),
        lambda v: code("yaml", f"# renovate config.js equivalent\ntoken: {v}\nplatform: github"),
        lambda v: f"¿Este token sigue activo? `{v}` — lo vi en el README del fork",
        lambda v: f"GH_TOKEN={v} gh release create v{R.randint(1, 5)}.{R.randint(0, 20)}.0 ./dist/*",
    ],
    "github_fine_grained_pat": [
        lambda v: f"fine-grained PAT for the docs repo only: `{v}` (expires in 30d)",
        lambda v: code("", f"export GITHUB_TOKEN={v}\nterraform apply -target=module.github_repos"),
        lambda v: code("json", json.dumps({"github": {"token": v, "owner": pick(ORG)}}, indent=2)),
        lambda v: f"Токен для бота: {v} — права только на issues",
    ],
    "slack_bot_token": [
        lambda v: f"bot token for the new incident app: {v}",
        lambda v: code("py", f"app = App(token=\"{v}\", signing_secret=os.environ[\"SLACK_SIGNING_SECRET\"])"),
        lambda v: code("", f"curl -s -H 'Authorization: Bearer {v}' https://slack.com/api/auth.test"),
        lambda v: f"ボットトークンはこれです → {v}",
        lambda v: code("yaml", f"slack:\n  botToken: {v}\n  channel: C0{rs(8, string.ascii_uppercase + string.digits)}"),
    ],
    "slack_user_token": [
        lambda v: f"my user token for the export script, please delete after: {v}",
        lambda v: code("", f"SLACK_USER_TOKEN={v} python export_channels.py --since 2026-01-01"),
        lambda v: f"Le token utilisateur `{v}` a encore le scope `admin`, il faut le révoquer",
        lambda v: code("json", json.dumps({"ok": True, "access_token": v, "token_type": "user", "scope": "search:read,users:read"}, indent=2)),
    ],
    "openai_api_key": [
        lambda v: f"OPENAI_API_KEY={v}",
        lambda v: code("py", f"client = OpenAI(api_key=\"{v}\")\nresp = client.responses.create(model=\"gpt-4.1-mini\", input=\"ping\")"),
        lambda v: f"the eval harness logs the key on startup :facepalm: `config.openai.key={v}`",
        lambda v: code("", f"curl https://api.openai.com/v1/models \\\n  -H \"Authorization: Bearer {v}\""),
        lambda v: f"这个 key 还能用吗？{v}",
    ],
    "anthropic_api_key": [
        lambda v: code("sh", f"export ANTHROPIC_API_KEY='{v}'\nnpx @anthropic-ai/claude-code"),
        lambda v: f"staging key for the summarizer: {v}",
        lambda v: code("yaml", f"providers:\n  anthropic:\n    api_key: {v}\n    model: claude-sonnet-4"),
        lambda v: code("", f"curl https://api.anthropic.com/v1/messages \\\n  -H \"x-api-key: {v}\" \\\n  -H \"anthropic-version: 2023-06-01\""),
        lambda v: f"Schlüssel fürs Hackathon-Team: `{v}` — bitte nicht committen",
    ],
    "jwt": [
        lambda v: f"this token from prod gets 401 and I can't tell why: {v}",
        lambda v: code("", f"GET /api/v2/orders?limit=50 HTTP/1.1\nHost: api.{pick(ORG)}.dev\nAuthorization: Bearer {v}"),
        lambda v: f"service role key for the supabase project (don't share): `{v}`",
        lambda v: code("json", json.dumps({"access_token": v, "token_type": "Bearer", "expires_in": 3600}, indent=2)),
        lambda v: f"{ts_iso()} DEBUG http.client  cookie session={v}; Path=/; HttpOnly",
    ],
    "password": [
        lambda v: code("", f"Server=tcp:{pick(SVC)}.database.windows.net,1433;Initial Catalog=app;User ID=app_rw;Password={v};Encrypt=True;"),
        lambda v: code("properties", f"spring.datasource.url=jdbc:postgresql://db.internal:5432/ledger\nspring.datasource.username=ledger\nspring.datasource.password={v}"),
        lambda v: f"`PGPASSWORD='{v}' psql -h 10.20.0.14 -U reporting analytics` — that's the reporting user",
        lambda v: code("", f"Host=pg-primary;Port=5432;Database=orders;Username=svc_orders;Password={v};SSL Mode=Require"),
        lambda v: code("sql", f"CREATE USER grafana_ro WITH PASSWORD '{v}';\nGRANT pg_read_all_data TO grafana_ro;"),
        lambda v: f"```\nkubectl create secret generic mq-auth --from-literal=username=svc --from-literal=password='{v}'\n```",
        lambda v: f"redis.conf on the old box: `requirepass {v}`",
    ],
    "url_credentials": [
        lambda v: f"DATABASE_URL=postgres://app_rw:{v}@pg-{pick(['eu', 'us'])}.{pick(ORG)}.internal:5432/app?sslmode=require",
        lambda v: f"`mongodb+srv://analytics:{v}@cluster0.{rs(5, string.ascii_lowercase + string.digits)}.mongodb.net/events` works from my laptop but not from the job",
        lambda v: f"celery broker: `amqps://worker:{v}@mq.{pick(ORG)}.internal:5671/prod`",
        lambda v: code("py", f"engine = create_engine(\"mysql+pymysql://etl:{v}@10.3.1.7:3306/warehouse\")"),
        lambda v: f"REDIS_URL=rediss://default:{v}@{pick(SVC)}.cache.amazonaws.com:6379/0",
        lambda v: f"FTP für den Partner-Export: ftp://partner_upload:{v}@files.{pick(ORG)}.de/incoming",
    ],
    "email_address": [
        lambda v: f"customer {v} says the reset link expired twice, can someone check the mail logs?",
        lambda v: f"can you add {v} to the beta allowlist?",
        lambda v: code("", f"{ts_iso()} WARN  mailer  bounce hard recipient=<{v}> code=550 5.1.1 user unknown"),
        lambda v: f"Ticket #{R.randint(10000, 99999)}: Kunde {v} möchte seine Daten gelöscht haben (DSGVO Art. 17)",
        lambda v: f"問い合わせ元: {v}（請求書の再発行）",
        lambda v: code("csv", f"user_id,email,plan\n{R.randint(1000, 9999)},{v},pro"),
    ],
    "phone_number": [
        lambda v: f"caller left a callback number: {v}",
        lambda v: f"SMS OTP never arrives for {v} — Twilio says 'unreachable'",
        lambda v: code("json", json.dumps({"event": "otp.sent", "to": v, "channel": "sms", "provider": pick(["twilio", "vonage", "messagebird"])}, ensure_ascii=False)),
        lambda v: f"Rückrufnummer des Kunden: {v}",
        lambda v: f"顧客の電話番号 {v} に折り返しお願いします",
        lambda v: f"on-call phone this week is {v}",
    ],
    "credit_card": [
        lambda v: f"customer pasted their full card in the chat widget: {v} — can we purge it from the transcript?",
        lambda v: code("", f"{ts_iso()} ERROR payments  charge failed pan={v} exp={R.randint(1, 12):02d}/{R.randint(27, 31)} reason=insufficient_funds"),
        lambda v: f"Kunde schickt seine Kartennummer {v} per Mail, wie löschen wir das?",
        lambda v: code("json", json.dumps({"card": {"number": v, "exp_month": R.randint(1, 12), "exp_year": R.randint(2027, 2031)}, "amount": R.randint(100, 99999)}, indent=2)),
        lambda v: f"el cliente escribió su tarjeta {v} en el campo de notas :scream:",
    ],
    "iban": [
        lambda v: f"payout failed for IBAN {v}, bank says account closed",
        lambda v: f"Bitte Erstattung auf {v} (Kontoinhaber laut Ticket) anweisen",
        lambda v: code("json", json.dumps({"payout_id": f"po_{rs(14)}", "destination": {"iban": v, "bic": pick(["COBADEFFXXX", "INGBNL2A", "BNPAFRPP", "NWBKGB2L"])}, "status": "returned"}, indent=2)),
        lambda v: f"Virement refusé pour {v} — motif AC04",
        lambda v: code("csv", f"vendor_id,iban,currency\nV-{R.randint(100, 999)},{v},EUR"),
    ],
    "us_ssn": [
        lambda v: f"the W-9 upload for the contractor shows SSN {v}, should that be visible to support?",
        lambda v: code("", f"{ts_iso()} INFO kyc  verify request ssn={v} dob_year=19{R.randint(60, 99)} result=match"),
        lambda v: f"applicant SSN: {v} — KYC vendor returned 'deceased flag', escalate",
        lambda v: code("json", json.dumps({"applicant": {"ssn": v, "state": pick(["CA", "NY", "TX", "WA"])}, "check": "ofac"}, indent=2)),
    ],
    "ipv4_address": [
        lambda v: f"brute-force attempts from {v} against /login, blocked at the WAF",
        lambda v: code("", f"{v} - - [26/Nov/2026:0{R.randint(0, 9)}:{R.randint(10, 59)}:{R.randint(10, 59)} +0000] \"POST /api/v1/session HTTP/1.1\" 401 {R.randint(20, 99)} \"-\" \"python-requests/2.32.3\""),
        lambda v: f"customer says their office egress is {v}, please add to the allowlist",
        lambda v: code("json", json.dumps({"ts": ts_iso(), "client_ip": v, "path": "/v1/export", "status": 200, "bytes": R.randint(10 ** 4, 10 ** 7)})),
        lambda v: f"Zugriffe von {v} auf das Admin-Panel — kennt jemand die IP?",
    ],
}


def pem_message(layout):
    kind, lines = v_pem()
    if layout == 0:
        value = "\n".join(lines)
        t = pick(["key for the sftp bot, rotate after the migration:", "oops wrong channel, ignore:", "这是部署用的私钥：", "der Schlüssel vom alten Jenkins:"]) + \
            f"\n```\n-----BEGIN {kind}-----\n{value}\n-----END {kind}-----\n```"
    elif layout == 1:
        value = "\\n".join(lines)
        blob = f"-----BEGIN {kind}-----\\n{value}\\n-----END {kind}-----\\n"
        t = "service config as it sits in the env var:\n```\n{\"type\": \"service_account\", \"client_id\": \"" + digits(21) + "\", \"private_key_id\": \"" + hx(40) + "\", \"private_key\": \"" + blob + "\"}\n```"
    else:
        ind = "    "
        value = ("\n" + ind).join(lines)
        t = code("yaml", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick(SVC)}-tls\nstringData:\n  tls.key: |\n{ind}-----BEGIN {kind}-----\n{ind}{value}\n{ind}-----END {kind}-----")
    return t, [{"kind": "private_key_pem", "value": value}], f"private_key_pem:{kind.replace(' ', '_').lower()}:layout{layout}"


# --------------------------------------------------------------------------------------------
# Positive templates: several secrets
# --------------------------------------------------------------------------------------------
def m_aws_pair():
    a, s = v_aws_id(), v_aws_secret()
    t = pick([code("", f"[profile data-eng]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = us-east-2"),
              f"creds the vendor sent for their bucket:\nAccess key: {a}\nSecret: {s}",
              code("", f"AWS_ACCESS_KEY_ID={a} AWS_SECRET_ACCESS_KEY={s} aws s3 sync s3://{pick(ORG)}-exports ./exports")])
    return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_support_contact():
    e, p = v_email(), v_phone()
    t = pick([f"escalation from support: customer {e} / {p} was charged twice, order {nonluhn_digits(10)}",
              f"Kontakt laut CRM: {e}, Tel. {p} — bitte Rückruf wegen Rückerstattung",
              f"連絡先: {e} / {p}（返金の件）"])
    return t, [("email_address", e), ("phone_number", p)]


def m_card_contact():
    c, e = v_card(), v_email()
    return f"chargeback #{R.randint(10 ** 5, 10 ** 6)}: cardholder {e}, card {c}, amount {R.randint(10, 999)}.{R.randint(0, 99):02d} EUR", [("email_address", e), ("credit_card", c)]


def m_payout():
    i, e = v_iban(), v_email()
    return code("json", json.dumps({"payee": {"email": e, "iban": i}, "amount": {"value": R.randint(1000, 999999), "currency": "EUR"}, "idempotency_key": uuid4(), "status": "failed"}, indent=2)), [("email_address", e), ("iban", i)]


def m_onboarding():
    s, p, e = v_ssn(), v_phone(), v_email()
    return f"new hire paperwork came through Slack instead of Workday :( SSN {s}, phone {p}, personal email {e} — deleting in 5 min", [("us_ssn", s), ("phone_number", p), ("email_address", e)]


def m_k8s_tokens():
    b, o = v_xoxb(), v_openai()
    return code("yaml", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: support-bot\n  annotations:\n    checksum/config: {hx(64)}\nstringData:\n  SLACK_BOT_TOKEN: {b}\n  OPENAI_API_KEY: {o}"), [("slack_bot_token", b), ("openai_api_key", o)]


def m_ci_log():
    g, a = v_ghp(), v_anthropic()
    return "CI log (masking was off for this job):\n" + code("", f"#12 [build 4/7] RUN --mount=type=secret,id=gh ...\n#12 0.412 + git config --global url.\"https://{g}@github.com/\".insteadOf https://github.com/\n#14 1.003 + ANTHROPIC_API_KEY={a} pytest -q tests/evals\n#14 DONE 83.2s\nimage: sha256:{hx(64)}"), [("github_classic_pat", g), ("anthropic_api_key", a)]


def m_nginx_jwt():
    ip, j = v_ip(), v_jwt()
    return code("", f"{ip} - - [26/Nov/2026:11:{R.randint(10, 59)}:{R.randint(10, 59)} +0000] \"GET /ws?token={j} HTTP/1.1\" 101 0 \"-\" \"Mozilla/5.0\""), [("ipv4_address", ip), ("jwt", j)]


def m_postman():
    j, p = v_jwt(), v_password()
    return "postman env export someone attached to the ticket:\n" + code("json", json.dumps({"name": "staging", "values": [{"key": "baseUrl", "value": "https://staging.api.internal"}, {"key": "adminPassword", "value": p, "type": "secret"}, {"key": "accessToken", "value": j, "type": "secret"}]}, indent=2)), [("password", p), ("jwt", j)]


def m_rotate_list():
    g, u = v_gh_fine(), v_xoxp()
    return f"please rotate both, they were in the screen-share recording:\n• {g}\n• {u}", [("github_fine_grained_pat", g), ("slack_user_token", u)]


def m_dsn_and_ip():
    pw, ip = v_url_pw(), v_ip()
    return f"prod replica is reachable from outside?! `psql postgresql://readonly:{pw}@{ip}:5432/app` worked from my home network", [("url_credentials", pw), ("ipv4_address", ip)]


def m_kyc_row():
    s, c, ph = v_ssn(), v_card(), v_phone()
    return code("csv", f"applicant_id,ssn,card,phone,thumb\n{R.randint(10 ** 5, 10 ** 6)},{s},{c},{ph},data:image/gif;base64,{b64(make_gif(1, 1))}"), [("us_ssn", s), ("credit_card", c), ("phone_number", ph)]


def m_vendor_mail():
    e, i = v_email(), v_iban()
    return f"Neue Bankverbindung vom Lieferanten (bitte prüfen, evtl. Phishing!): IBAN {i}, Rückfragen an {e}", [("iban", i), ("email_address", e)]


def m_terraform_state():
    a, s, pw = v_aws_id(), v_aws_secret(), v_password()
    return "terraform.tfstate was in the public bucket, relevant bits:\n" + code("json", json.dumps({"lineage": uuid4(), "resources": [{"type": "aws_iam_access_key", "instances": [{"attributes": {"id": a, "secret": s}}]}, {"type": "aws_db_instance", "instances": [{"attributes": {"password": pw, "username": "admin"}}]}]}, indent=2)), [("aws_access_key_id", a), ("aws_secret_access_key", s), ("password", pw)]


def m_anthropic_openai():
    a, o = v_anthropic(), v_openai()
    return code("", f"# .env.local (accidentally committed in {hx(12)})\nANTHROPIC_API_KEY={a}\nOPENAI_API_KEY={o}\nNEXT_PUBLIC_BUILD_ID={ulid()}"), [("anthropic_api_key", a), ("openai_api_key", o)]


MULTI = [m_aws_pair, m_support_contact, m_card_contact, m_payout, m_onboarding, m_k8s_tokens, m_ci_log, m_nginx_jwt, m_postman, m_rotate_list,
         m_dsn_and_ip, m_kyc_row, m_vendor_mail, m_terraform_state, m_anthropic_openai]


# ---------------- extra templates (breadth) ----------------
@neg(P)
def p_secret_refs():
    r = pick(["valueFrom:\n  secretKeyRef:\n    name: " + pick(SVC) + "-db\n    key: password",
              "LoadCredential=db-password:/etc/credstore/db-password",
              "\"ConnectionStrings__Main\": \"@Microsoft.KeyVault(SecretUri=https://kv-" + pick(ORG) + ".vault.azure.net/secrets/main-db/)\"",
              "MasterUserPassword: '{{resolve:ssm-secure:/prod/" + pick(SVC) + "/db-password:3}}'",
              "password_file: /run/secrets/db_password",
              "token: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/ci:token') }}\"",
              "spring.datasource.password=${vcap.services." + pick(SVC) + "-db.credentials.password}",
              "api_key = data.google_secret_manager_secret_version." + pick(SVC).replace('-', '_') + ".secret_data"])
    return pick(["this is how it's referenced now, no literal value anywhere:", "参照方式に変更しました（値は直書きしない）:", "so sieht die Referenz jetzt aus:"]) + "\n" + code("", r)


@neg(P)
def p_lib_reprs():
    return pick([f"pydantic prints `Settings(api_key=SecretStr('**********'), db_url='postgresql://app@db:5432/app')` — good, the repr hides it",
                 "the Rust debug output is `Config { token: Secret([REDACTED alloc::string::String]), region: \"eu-west-1\" }` thanks to `secrecy`",
                 f"log line now says `password=<hidden len={R.randint(12, 40)}>` instead of the value, merged",
                 "Java `toString()` on the DataSource: `HikariDataSource (HikariPool-1) [jdbcUrl=jdbc:postgresql://db:5432/app, username=app, password=****]`",
                 "`git-crypt status` shows `encrypted: config/secrets.env` — anyone cloning without the key just sees binary",
                 "`kubectl get secret " + pick(SVC) + " -o yaml` shows `data: {}` because the ESO hasn't synced yet"])


@neg(P)
def p_netrc():
    return code("", f"# ~/.netrc template in the onboarding doc\nmachine api.{pick(ORG)}.dev\n  login <your-username>\n  password <personal-access-token>") + "\nchmod 600 it, curl -n picks it up"


@neg(P)
def p_truncated_jwt():
    return pick(["the header starts with `Authorization: Bearer eyJhbGciOiJSUzI1NiIs…` and then the proxy cuts it at 8kB",
                 "if the token in the error is shown as `eyJ…(truncated)` it's the old gateway; the new one logs only `jti`",
                 "decoded header of the failing token is `{\"alg\":\"none\"}` — that's the test harness, not prod"])


@neg(D)
def d_download_links():
    k = pick(["csv", "html", "json", "zip", "xml"])
    if k == "csv":
        payload, mime = "date,region,orders\n2026-11-01,eu,1042\n2026-11-01,us,993\n".encode(), "text/csv"
    elif k == "html":
        payload, mime = b"<!doctype html><title>report</title><h1>Weekly report</h1>", "text/html"
    elif k == "json":
        payload, mime = json.dumps({"schema": 2, "flags": ["dark_mode", "new_nav"]}).encode(), "application/json"
    elif k == "zip":
        payload, mime = make_zip(), "application/zip"
    else:
        payload, mime = b'<?xml version="1.0"?><feed><entry id="1"/></feed>', "application/xml"
    return code("js", f"const a = document.createElement('a');\na.href = 'data:{mime};base64,{b64(payload)}';\na.download = 'export.{k}';\na.click();")


@neg(D)
def d_rss_gzip_b64_env():
    blob = b64(make_gzip("seed:\n  regions: [eu, us]\n  replicas: " + str(R.randint(1, 9)) + "\n"))
    return f"`BOOTSTRAP_PAYLOAD` is just gzip+base64 of the seed yaml: `{blob}` — not a secret, it's in the public chart"


@neg(D)
def d_multiline_b64_block():
    raw = pick([make_png(R.randint(12, 16), R.randint(12, 16), 6), make_pdf(), make_bmp(6, 6), make_tiff()])
    return "here's the failing fixture (base64, wrapped), the decoder rejects it but `file` says it's fine:\n```\n" + wrap(b64(raw), 76) + "\n```"


@neg(C)
def c_long_kotlin_trace():
    frames = []
    for _ in range(R.randint(26, 34)):
        frames.append(f"\tat com.{pick(ORG).replace('-', '')}.{pick(['wallet', 'payout', 'kyc'])}.{snake(1)}.{camel(2, False)}.{camel(2)}({camel(2, False)}.kt:{R.randint(10, 900)})")
    return "```\nkotlinx.coroutines.JobCancellationException: Parent job is Cancelling; job=StandaloneCoroutine{Cancelling}@" + hx(7) + "\nCaused by: com.acme.wallet." + camel(2, False) + "Exception: " + snake(3) + " missing\n" + "\n".join(frames) + "\n\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)\n```"


@neg(C)
def c_ebpf_kallsyms():
    return code("", "\n".join(f"ffffffff{hx(8)} t {snake(R.randint(2, 4))}_{pick(['rcv', 'xmit', 'lookup', 'verify'])}\t[{pick(['tls', 'af_alg', 'acme_kmod'])}]" for _ in range(R.randint(3, 7))))


@neg(N)
def n_bloom_protobuf():
    return pick([f"feature-flag snapshot is a protobuf, base64: `{b64(pb_str(1, pick(SVC)) + pb_int(2, R.randint(1, 999)) + pb_str(3, rbytes(20)))}`",
                 f"bloom filter for seen-ids (k=7, m=2048): `{b64(rbytes(R.randint(40, 64)))}`",
                 f"HyperLogLog sketch from redis `DUMP`: `{b64(b'HYLL' + rbytes(R.randint(30, 60)))}`"])


@neg(N)
def n_webauthn_ids():
    return code("json", json.dumps({"credentialId": b64u(rbytes(32)), "aaguid": uuid4(), "signCount": R.randint(0, 9999), "transports": ["internal", "hybrid"], "publicKeyAlgorithm": -7}, indent=2)) + "\n(credential ids and aaguids are public, the private key never leaves the authenticator)"


@neg(L)
def l_numbers_long_table():
    rows = ["| shard | first_id | last_id | rows | bytes |", "|---|---:|---:|---:|---:|"]
    for i in range(R.randint(20, 34)):
        a = R.randint(10 ** 9, 10 ** 10)
        rows.append(f"| {i:02d} | {a} | {a + R.randint(10 ** 5, 10 ** 7)} | {R.randint(10 ** 5, 10 ** 7):,} | {R.randint(10 ** 8, 10 ** 11)} |")
    return "shard ranges after the resplit:\n" + "\n".join(rows)


@neg(T)
def t_scanner_config():
    return code("toml", "# .gitleaks.toml\n[extend]\nuseDefault = true\n\n[allowlist]\ndescription = \"test fixtures and docs\"\npaths = ['''testdata/''', '''docs/examples/''']\nregexes = ['''EXAMPLE''', '''xxxx''', '''<[a-z_-]+>''']")


def _cks(b):
    b = b + b"\x00" * (-len(b) % 4)
    return sum(struct.unpack(">%dI" % (len(b) // 4), b)) & 0xFFFFFFFF


def make_ttf(family=None):
    family = family or pick(["AcmeIcons", "StatusGlyphs", "MonoDigits", "BrandMark", "UiSymbols"])
    w = R.choice([400, 500, 600])
    x0, x1, y1 = 50, w - 50, R.choice([600, 700, 720])
    glyph = struct.pack(">hhhhh", 1, x0, 0, x1, y1) + struct.pack(">H", 3) + struct.pack(">H", 0) + b"\x01" * 4 + \
        struct.pack(">hhhh", x0, x1 - x0, 0, -(x1 - x0)) + struct.pack(">hhhh", 0, 0, y1, 0)
    glyph += b"\x00" * (-len(glyph) % 4)
    head = struct.pack(">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0x000B, 1000,
                       3786000000 + R.randint(0, 10 ** 7), 3786000000 + R.randint(0, 10 ** 7), x0, 0, x1, y1, 0, 8, 2, 0, 0)
    hhea = struct.pack(">Ihhhhhhhhhhhhhhhh", 0x00010000, 800, -200, 0, w, 0, 50, x1, 1, 0, 0, 0, 0, 0, 0, 0, 1)
    hhea = hhea[:34] + struct.pack(">H", 1)
    maxp = struct.pack(">IH13H", 0x00010000, 1, 4, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
    os2 = struct.pack(">HhHHHhhhhhhhhhhh", 1, w, 400, 5, 0, 650, 700, 0, 140, 650, 700, 0, 480, 50, 250, 0) + b"\x00" * 10 + \
        struct.pack(">IIII4sHHHhhhHHII", 0, 0, 0, 0, b"ACME", 0x40, 0xFFFF, 0xFFFF, 800, -200, 0, 800, 200, 1, 0)
    hmtx = struct.pack(">Hh", w, x0)
    sub = struct.pack(">HHHHHHHHHHHH", 4, 24, 0, 2, 2, 0, 0, 0xFFFF, 0, 0xFFFF, 1, 0)
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub
    loca = struct.pack(">HH", 0, len(glyph) // 2)
    names = [(1, family), (2, "Regular"), (4, family + " Regular"), (6, family + "-Regular")]
    strs = b""
    recs = b""
    for nid, s in names:
        e = s.encode("utf-16-be")
        recs += struct.pack(">HHHHHH", 3, 1, 0x409, nid, len(e), len(strs))
        strs += e
    name = struct.pack(">HHH", 0, len(names), 6 + 12 * len(names)) + recs + strs
    post = struct.pack(">IihhIIIII", 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    tables = {b"OS/2": os2, b"cmap": cmap, b"glyf": glyph, b"head": head, b"hhea": hhea, b"hmtx": hmtx, b"loca": loca, b"maxp": maxp, b"name": name, b"post": post}
    tags = sorted(tables)
    n = len(tags)
    es = int(math.log2(n))
    sr = (2 ** es) * 16

    def assemble(tbls):
        out = struct.pack(">IHHHH", 0x00010000, n, sr, es, n * 16 - sr)
        off = 12 + 16 * n
        dirs, data = b"", b""
        for t in tags:
            d = tbls[t]
            ck = _cks(head) if t == b"head" else _cks(d)  # head checksum is taken with checkSumAdjustment = 0
            dirs += struct.pack(">4sIII", t, ck, off + len(data), len(d))
            data += d + b"\x00" * (-len(d) % 4)
        return out + dirs + data
    font = assemble(tables)
    adj = (0xB1B0AFBA - _cks(font)) & 0xFFFFFFFF
    tables[b"head"] = head[:8] + struct.pack(">I", adj) + head[12:]
    return assemble(tables), tables, tags


def make_woff():
    font, tables, tags = make_ttf()
    n = len(tags)
    off = 44 + 20 * n
    dirs, data = b"", b""
    for t in tags:
        d = tables[t]
        c = zlib.compress(d, 9)
        if len(c) >= len(d):
            c = d
        ck = _cks(d[:8] + b"\x00" * 4 + d[12:]) if t == b"head" else _cks(d)
        dirs += struct.pack(">4sIIII", t, off + len(data), len(c), len(d), ck)
        data += c + b"\x00" * (-len(c) % 4)
    total = 44 + len(dirs) + len(data)
    hdr = struct.pack(">4sIIHHIHHIIIII", b"wOFF", 0x00010000, total, n, 0, len(font), 1, 0, 0, 0, 0, 0, 0)
    return hdr + dirs + data


@neg(D)
def d_font_face():
    fam = pick(["AcmeIcons", "StatusGlyphs", "BrandMark"])
    if chance(0.5):
        uri, fmt = "data:font/woff;base64," + b64(make_woff()), "woff"
    else:
        uri, fmt = "data:font/ttf;base64," + b64(make_ttf(fam)[0]), "truetype"
    return pick(["icon font is inlined so the email preview renders offline:\n", "subset font after pyftsubset (1 glyph, just the logo mark):\n", "フォントをインライン化しました:\n", ""]) + \
        code("css", f"@font-face {{\n  font-family: \"{fam}\";\n  src: url(\"{truncate(uri) if chance(0.2) else uri}\") format(\"{fmt}\");\n  font-display: block;\n}}")


@neg(D)
def d_font_loader():
    b = b64(make_woff())
    return code("ts", f"const face = new FontFace('UiSymbols', `url(data:font/woff;base64,{b})`);\nawait face.load();\ndocument.fonts.add(face);")


# --------------------------------------------------------------------------------------------
# Build
# --------------------------------------------------------------------------------------------
def build_negatives():
    out = []
    seen = set()
    rejected = {}
    for cat, tpls in NEG.items():
        got = 0
        order = []
        tries = 0
        while got < 100:
            if not order:
                order = list(tpls)
                R.shuffle(order)
            f = order.pop()
            tries += 1
            if tries > 5000:
                raise SystemExit(f"cannot fill {cat}")
            t = flavour(f())
            if t in seen:
                continue
            hits = scan_negative(t)
            if hits:
                for h in hits:
                    rejected[h[0]] = rejected.get(h[0], 0) + 1
                continue
            seen.add(t)
            out.append({"text": t, "category": cat, "_tpl": f.__name__})
            got += 1
    R.shuffle(out)
    for i, r in enumerate(out, 1):
        r["id"] = f"{IDP}n-{i:04d}"
    return out, rejected


def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_mod97(v), v
    elif kind == "us_ssn":
        d = re.sub(r"\D", "", v)
        a, g, s = int(d[:3]), int(d[3:5]), int(d[5:])
        assert len(d) == 9 and a not in (0, 666) and a < 900 and g and s, v
    elif kind == "ipv4_address":
        assert ip_public(v), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        base64.b64decode(body, validate=True)
    elif kind == "github_classic_pat":
        body = v[4:34]
        assert v[34:] == b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)


def build_positives():
    recs = []
    seen = set()

    def add(text, secrets, ctx):
        for s in secrets:
            assert s["value"] in text, (ctx, s)
            check_value(s["kind"], s["value"])
        assert text not in seen
        seen.add(text)
        recs.append({"text": text, "secrets": secrets, "context": ctx})

    kinds = list(PT)
    plan = []
    for k in kinds:
        plan += [k] * 7
    plan.append("email_address")
    for k in plan:
        i = R.randrange(len(PT[k]))
        v = GEN[k]()
        t = PT[k][i](v)
        if chance(0.25):
            t += noise()
        t = flavour(t, 0.08, 0.04)
        add(t, [{"kind": k, "value": v}], f"{k}:t{i}")
    for layout in (0, 1, 2, 0, 1, 2, 0, 2, 1):
        t, s, ctx = pem_message(layout)
        add(t, s, ctx)
    multis = list(MULTI) + R.sample(MULTI, 6)
    for n, f in enumerate(multis):
        t, pairs = f()
        if chance(0.3):
            t += noise()
        add(t, [{"kind": k, "value": v} for k, v in pairs], f"multi:{f.__name__[2:]}:{n}")
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": f"{IDP}p-{i:04d}", "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out


def main():
    negs, rejected = build_negatives()
    poss = build_positives()
    npath = os.path.join(HERE, f"{NAME}_negatives.jsonl")
    ppath = os.path.join(HERE, f"{NAME}_positives.jsonl")
    with open(npath, "w", encoding="utf-8") as fh:
        for r in negs:
            fh.write(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(ppath, "w", encoding="utf-8") as fh:
        for r in poss:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    cats = {}
    tpls = {}
    for r in negs:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
        tpls.setdefault(r["category"], set()).add(r["_tpl"])
    lines = [len(r["text"].split("\n")) for r in negs]
    print(f"negatives: {len(negs)}  ({', '.join(f'{c}={n}/{len(tpls[c])}tpl' for c, n in cats.items())})")
    print(f"  lines min/max {min(lines)}/{max(lines)}; single-line {sum(1 for x in lines if x == 1)}; >=10 lines {sum(1 for x in lines if x >= 10)}; >=20 lines {sum(1 for x in lines if x >= 20)}")
    print(f"  scanner redraws: {rejected or 'none'}")
    assert not any(scan_negative(r["text"]) for r in negs)
    kc = {}
    for r in poss:
        for s in r["secrets"]:
            kc[s["kind"]] = kc.get(s["kind"], 0) + 1
    print(f"positives: {len(poss)} messages, {sum(kc.values())} secrets, {len(kc)} kinds")
    for k in sorted(kc):
        print(f"  {k:26s} {kc[k]}")
    missed = 0
    for r in poss:
        if not scan_negative(r["text"]):
            missed += 1
    print(f"  positives with no hit from the (negative) sanity scanner: {missed} (scanner covers only some kinds; informational)")
    for p in (npath, ppath):
        print(f"sha256 {os.path.basename(p)} {hashlib.sha256(open(p, 'rb').read()).hexdigest()}")


if __name__ == "__main__":
    main()
