#!/usr/bin/env python3
"""Blind redaction test set #68: Slack workspace of a port / container-shipping logistics company (ID, VN, SG).

Standard library only. The only randomness is random.Random(68 * 101). Writes both jsonl files next to this script.
"""
import base64
import ipaddress
import json
import os
import random
import re
import string
import struct
import unicodedata
import zlib

N = 68
rng = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
AN = UP + LO + DG
HEX = "0123456789abcdef"
B64 = AN + "+/"


def rs(chars, n):
    return "".join(rng.choice(chars) for _ in range(n))


def pick(seq):
    return rng.choice(seq)


def b64(b):
    return base64.b64encode(b).decode()


# ----------------------------------------------------------------------------------------------- theme entities
OWNERS = ["MSCU", "MEDU", "MAEU", "MRKU", "CMAU", "OOLU", "EGLV", "EMCU", "ONEU", "HLXU", "TGHU", "SEGU", "TCLU",
          "YMLU", "COSU", "CSNU", "WHSU", "SITU", "KMTU", "GESU", "TEMU", "BMOU", "FCIU", "TRHU"]
PORTS = ["IDTPP", "IDSUB", "IDBLW", "IDSRG", "IDPNK", "VNSGN", "VNCLI", "VNHPH", "VNCMT", "VNDAD", "VNVUT", "SGSIN",
         "SGJUR", "MYPKG", "THLCH", "CNSHA", "CNNGB", "HKHKG"]
VESSELS = ["MSC ARINA", "MAERSK SEMBAWANG", "KOTA PERMATA", "WAN HAI 305", "ONE HANNOVER", "CMA CGM TAGE",
           "SITC HAIPHONG", "MERATUS MEDAN 5", "TANTO SETIA", "HAIAN VIEW", "PANCON VICTORY", "EVER CONNECT",
           "KMTC JAKARTA", "X-PRESS ANTARES", "SINAR BINTAN", "INTERASIA ADVANCE", "GREEN PACIFIC", "VIMC PIONEER"]
CARRIERS = ["MSC", "MAEU", "CMDU", "ONEY", "HLCU", "EGLV", "COSU", "YMLU", "SITC", "KMTC", "WHLC", "MRTS"]
ISO_TYPES = ["22G1", "42G1", "45G1", "45R1", "22R1", "22U1", "42P1", "22T6", "L5G1"]
TERMINALS = ["JICT", "NPCT1", "TPS Surabaya", "Cat Lai", "TCIT", "CMIT", "Tan Vu", "Pasir Panjang", "Tuas", "Koja"]
EVENTS = ["GATE_IN", "GATE_OUT", "LOADED", "DISCHARGED", "VGM_RECEIVED", "CUSTOMS_RELEASED", "EMPTY_RETURN",
          "STUFFED", "TRANSSHIPMENT", "ARRIVED", "DEPARTED", "HOLD_ADDED", "HOLD_RELEASED"]
SENDERS = ["PLXSGSIN", "PLXIDJKT", "PLXVNSGN", "JICTTOS", "CATLAITOS", "PSATOS", "TCITEDI", "MERATUSEDI"]


def iso6346(owner, serial):
    vals, v = {}, 10
    for c in UP:
        if v % 11 == 0:
            v += 1
        vals[c] = v
        v += 1
    s = sum((vals[c] if c.isalpha() else int(c)) * (2 ** i) for i, c in enumerate(owner + serial))
    return owner + serial + str(s % 11 % 10)


def container():
    return iso6346(pick(OWNERS), rs(DG, 6))


def imo():
    d = [9] + [rng.randint(0, 9) for _ in range(5)]
    return "".join(map(str, d)) + str(sum(x * (7 - i) for i, x in enumerate(d)) % 10)


def bl():
    f = rng.randint(0, 5)
    if f == 0:
        return "MEDU" + rs(UP, 2) + rs(DG, 6)
    if f == 1:
        return "ONEY" + pick(["SGN", "JKT", "SIN", "HPH", "SUB"]) + rs(UP + DG, 5) + rs(DG, 4)
    if f == 2:
        return "HLCU" + pick(["SIN", "JKT", "SGN"]) + "26" + rs(DG, 2) + rs(UP + DG, 5)
    if f == 3:
        return "COSU" + str(rng.randint(6, 6)) + rs(DG, 9)
    if f == 4:
        return "EGLV" + rs(DG, 12)
    return "SITG" + pick(["HPSG", "JKHK", "SGHP"]) + rs(DG, 6)


def voyage():
    return pick([str(rng.randint(100, 999)) + pick("NSEW"), "0" + rs(UP + DG, 4) + pick("NSEW") + "MA",
                 rs(UP, 2) + str(rng.randint(100, 999)) + pick("NSEW")])


def plate():
    f = rng.randint(0, 2)
    if f == 0:
        return "%s %d %s" % (pick(["B", "L", "D", "H", "BK", "W", "AG", "F"]), rng.randint(1000, 9999), rs(UP, pick([2, 3])))
    if f == 1:
        return "%d%s-%03d.%02d" % (rng.randint(11, 99), pick("CHLK"), rng.randint(100, 999), rng.randint(10, 99))
    return "%s%d%s" % (pick(["XD", "XE", "YN", "YM", "GBA", "XB"]), rng.randint(100, 9999), pick(UP))


def bincode():
    return "%s%d-%s%02d-R%02d-L%d" % (pick(["WH", "DC", "CFS", "KHO"]), rng.randint(1, 6), pick("ABCDEFGH"),
                                       rng.randint(1, 40), rng.randint(1, 24), rng.randint(1, 6))


def vn_tokhai():
    return pick(["10", "30", "50"]) + rs(DG, 10)


def id_aju():
    return pick(["040300", "050100", "020400", "070100"]) + "0" + rs(DG, 5) + "2026" + "%02d%02d" % (rng.randint(1, 12), rng.randint(1, 28)) + rs(DG, 6)


def sg_permit():
    return rs(UP, 2) + rs(DG, 8) + pick(UP)


def seal():
    return pick(["SL", "ML-", "CN", "H"]) + rs(DG, 7)


def ts_iso():
    return "2026-%02d-%02dT%02d:%02d:%02d%s" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                                 rng.randint(0, 59), rng.randint(0, 59), pick(["Z", "+07:00", "+08:00", ".%03dZ" % rng.randint(0, 999)]))


def ts_plain():
    return "2026-%02d-%02d %02d:%02d:%02d" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                             rng.randint(0, 59), rng.randint(0, 59))


def date_any():
    d, m = rng.randint(1, 28), rng.randint(1, 12)
    return pick(["%02d/%02d/2026" % (d, m), "2026-%02d-%02d" % (m, d), "%d Sep 2026" % d, "2026年%d月%d日" % (m, d),
                 "ngày %02d/%02d/2026" % (d, m), "%d-%02d-2026" % (d, m)])


def hs_code():
    return "%04d.%02d.%02d" % (rng.randint(1000, 9999), rng.randint(10, 99), rng.randint(10, 99))


def money():
    f = rng.randint(0, 3)
    if f == 0:
        return "Rp %s" % "{:,}".format(rng.randint(1, 900) * 12500).replace(",", ".")
    if f == 1:
        return "{:,} VND".format(rng.randint(10, 900) * 50000)
    if f == 2:
        return "S$%s" % "{:,.2f}".format(rng.randint(100, 99999) / 4)
    return "USD %s" % "{:,.2f}".format(rng.randint(1000, 500000) / 8)


def uuid4():
    h = rs(HEX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], pick("89ab"), h[17:20], h[20:32])


def ulid():
    return "01J" + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23)


# ----------------------------------------------------------------------------------------------- languages
LEADS = ["Bro, ", "Info: ", "Mohon dicek ya, ", "FYI tim gudang: ", "Pak, ini log-nya:\n", "Tolong bantu cek:\n",
         "Anh ơi, ", "Gửi team: ", "Em gửi log:\n", "Nhờ mọi người kiểm tra giúp:\n", "Lưu ý: ", "eh guys, ",
         "FYI ah, ", "Can check this one or not?\n", "Wah, see this:\n", "aiyo again:\n", "各位，", "请看一下：\n",
         "供参考：\n", "日志如下：\n", "麻烦帮忙确认：\n", "Mas, cek ini dong:\n", "Chị ơi xem giúp em:\n", "boss, "]
TRAILS = ["\nthanks ya", "\ncảm ơn nhé", "\nok lah", "\n谢谢", "\nnanti saya follow up", "\ncan or not?",
          "\nđã fix chưa?", "\n辛苦了", "\nsiap, noted", "\nsao nó lại thế nhỉ", "\nsteady lah", "\n明天再看"]


def dress(t, p_lead=0.25, p_trail=0.1):
    if rng.random() < p_lead:
        t = pick(LEADS) + t
    if rng.random() < p_trail:
        t = t + pick(TRAILS)
    return t


# ----------------------------------------------------------------------------------------------- real bytes
def png_bytes():
    w, h = rng.randint(1, 5), rng.randint(1, 4)
    col = [rng.randint(0, 255) for _ in range(3)]
    raw = b"".join(b"\x00" + bytes(col) * w for _ in range(h))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")), (w, h)


def gif_bytes():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes(rng.randint(0, 255) for _ in range(3)) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_head():
    q = bytes(rng.randint(1, 60) for _ in range(64))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + q + b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")


def wav_bytes():
    n = rng.randint(8, 24)
    data = bytes(128 + int(100 * ((i * rng.randint(1, 5)) % 7 - 3) / 3) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + data)


def webp_bytes():
    payload = b"\x2f\x00\x00\x00\x00" + bytes(rng.randint(0, 255) for _ in range(rng.randint(6, 14)))
    return b"RIFF" + struct.pack("<I", 12 + len(payload)) + b"WEBPVP8L" + struct.pack("<I", len(payload)) + payload


def pdf_bytes():
    txt = pick(["DELIVERY ORDER", "PACKING LIST", "EIR", "PHIEU GIAO NHAN", "SURAT JALAN"])
    return ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/MediaBox[0 0 595 842]/Parent 2 0 R>>endobj\n%% %s\n%%%%EOF\n" % txt).encode()


SVGS = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 7h13v10H3z M16 10h3l2 3v4h-5z" fill="#%s"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect x="1" y="4" width="14" height="8" rx="1" fill="#%s"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8" stroke="#%s" fill="none"/></svg>']


def svg_text():
    return pick(SVGS) % rs("0123456789abcdef", 6)


def woff2_bytes():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", rng.randint(9000, 40000)) + b"\x00\x0c\x00\x00" + bytes(rng.randint(0, 255) for _ in range(30))


def sourcemap_b64():
    name = pick(["tracking", "gate-pass", "yard-map", "vgm-form", "edi-viewer"])
    sm = {"version": 3, "file": name + ".js", "sources": ["../src/%s.ts" % name], "names": [],
          "mappings": ";".join(rs("ACEGIKMOQSUWYgkoq", 4) + "," + rs("ACEGIKMOQSUWY", 4) for _ in range(rng.randint(2, 5)))}
    return b64(json.dumps(sm, separators=(",", ":")).encode())


def asset():
    k = rng.randint(0, 8)
    if k == 0:
        b, (w, h) = png_bytes()
        return "image/png", b64(b), "PNG image data, %d x %d, 8-bit/color RGB, non-interlaced" % (w, h)
    if k == 1:
        return "image/gif", b64(gif_bytes()), "GIF image data, version 89a, 1 x 1"
    if k == 2:
        return "image/jpeg", b64(jpeg_head()), "JPEG image data, JFIF standard 1.01"
    if k == 3:
        return "image/webp", b64(webp_bytes()), "RIFF (little-endian) data, Web/P image"
    if k == 4:
        return "image/svg+xml", b64(svg_text().encode()), "SVG Scalable Vector Graphics image"
    if k == 5:
        return "application/pdf", b64(pdf_bytes()), "PDF document, version 1.4"
    if k == 6:
        return "audio/wav", b64(wav_bytes()), "RIFF (little-endian) data, WAVE audio, Microsoft PCM, 8 bit, mono 8000 Hz"
    if k == 7:
        return "font/woff2", b64(woff2_bytes()), "Web Open Font Format (Version 2)"
    return "application/json", sourcemap_b64(), "JSON data"


# ----------------------------------------------------------------------------------------------- checks
def luhn_ok(d):
    s, alt = 0, False
    for ch in reversed(d):
        x = int(ch)
        if alt:
            x *= 2
            if x > 9:
                x -= 9
        s += x
        alt = not alt
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(DG, length - len(prefix) - 1)
    for c in DG:
        if luhn_ok(body + c):
            return body + c


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", s):
        return False
    r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r)) % 97 == 1


def make_iban(cc, bban):
    r = bban + cc + "00"
    ck = 98 - int("".join(str(int(c, 36)) for c in r)) % 97
    return "%s%02d%s" % (cc, ck, bban)


def ip_public(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return (ip.is_global and not ip.is_multicast and not ip.is_reserved and not ip.is_private
            and not ip.is_loopback and not ip.is_link_local and not ip.is_unspecified)


def norm(text):
    out = []
    for ch in text:
        if ch.isdigit() and not ("0" <= ch <= "9"):
            d = unicodedata.decimal(ch, None)
            out.append(str(d) if d is not None else ch)
        else:
            out.append(ch)
    return "".join(out)


RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_([A-Za-z0-9]{36})")
RE_GHF = re.compile(r"github_pat_([A-Za-z0-9_]{30,})")
RE_SLACK = re.compile(r"xox[abposr]-\d+-[A-Za-z0-9-]*")
RE_SK = re.compile(r"sk-[A-Za-z0-9_-]{29,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}")
RE_SSN = re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")
RE_DIGRUN = re.compile(r"\d+(?:[ -]\d+)*")
RE_IBAN1 = re.compile(r"\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b")
RE_IBAN2 = re.compile(r"\b[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?\b")
RE_PEM = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.*?)(?:-----END|$)", re.S)
RE_AWS = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
RE_IP = re.compile(r"(?<!\d)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d)")
RE_URLPW = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://([^\s:/@]+):([^\s@/]+)@")
RE_PHONE = re.compile(r"(?<![\w.+/])(\+\s?)?\(?\d+\)?(?:(?: ?[.\-] ?| |\) ?)\(?\d+\)?)*")
PLACEHOLDER_PW = {"password", "pass", "passwd", "pwd", "secret", "changeme", "guest", "root", "admin", "postgres",
                  "example", "redacted", "test", "user", "dev", "local", "mypassword", "yourpassword", "pw"}


def phone_like(groups, plus):
    d = "".join(groups)
    n = len(d)
    lens = [len(g) for g in groups]
    if plus or d.startswith("00"):
        if not plus:
            d = d[2:]
            n = len(d)
        if d.startswith("62") and 9 <= n <= 14 and d[2:3] != "0":
            return True
        if d.startswith("84") and 10 <= n <= 12:
            return True
        if d.startswith("65") and n == 10 and d[2] in "3689":
            return True
        if d.startswith("1") and n == 11 and d[1] in "23456789":
            return True
        return False
    if d[0] == "0" and 9 <= n <= 13 and d[1] != "0":
        return True
    if d.startswith("628") and 11 <= n <= 14:
        return True
    if d.startswith("84") and n == 11 and d[2] in "35789":
        return True
    if d.startswith("65") and n == 10 and d[2] in "3689":
        return True
    if n == 8 and d[0] in "3689" and (lens == [8] or lens == [4, 4]):
        return True
    if n == 10 and d[0] in "23456789" and d[3] in "23456789" and lens == [3, 3, 4]:
        return True
    if n == 11 and d[0] == "1" and lens == [1, 3, 3, 4]:
        return True
    return False


def scan(text):
    """Return a list of (rule, match) found in text."""
    t = norm(text)
    hits = []
    for m in RE_EMAIL.finditer(t):
        hits.append(("email", m.group()))
    for m in RE_GH.finditer(t):
        if len(set(m.group(1))) > 1:
            hits.append(("github", m.group()))
    for m in RE_GHF.finditer(t):
        if len(set(m.group(1).replace("_", ""))) > 1:
            hits.append(("github_pat", m.group()))
    for m in RE_SLACK.finditer(t):
        if not re.search(r"X{3,}$", m.group()):
            hits.append(("slack", m.group()))
    for m in RE_SK.finditer(t):
        hits.append(("sk", m.group()))
    for m in RE_JWT.finditer(t):
        hits.append(("jwt", m.group()))
    for m in RE_SSN.finditer(t):
        hits.append(("ssn", m.group()))
    for m in RE_DIGRUN.finditer(t):
        groups = re.split(r"[ -]", m.group())
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc):
                    hits.append(("luhn", acc))
    for rx in (RE_IBAN1, RE_IBAN2):
        for m in rx.finditer(t):
            if iban_ok(m.group()):
                hits.append(("iban", m.group()))
    for m in RE_PEM.finditer(t):
        body = m.group(2)
        if "..." in body or "…" in body:
            continue
        flat = re.sub(r"\\n|\s", "", body)
        if re.search(r"[A-Za-z0-9+/=]{40,}", flat):
            hits.append(("pem", m.group(1)))
    for m in RE_AWS.finditer(t):
        if "EXAMPLE" not in m.group():
            hits.append(("aws", m.group()))
    for m in RE_IP.finditer(t):
        if all(int(x) <= 255 for x in m.groups()) and ip_public(".".join(str(int(x)) for x in m.groups())):
            hits.append(("ipv4", m.group()))
    for m in RE_URLPW.finditer(t):
        pw = m.group(2)
        if pw.lower() in PLACEHOLDER_PW or re.search(r"[<>{}$*%\[\]]", pw) or re.fullmatch(r"[xX.…]+", pw):
            continue
        hits.append(("url_pw", m.group()))
    for m in RE_PHONE.finditer(t):
        end = m.end()
        if end < len(t) and (t[end].isalnum() or t[end] == "_"):
            continue
        s = m.group()
        plus = s.startswith("+")
        groups = re.findall(r"\d+", s)
        for i in range(len(groups)):
            for j in range(i, len(groups)):
                if phone_like(groups[i:j + 1], plus and i == 0):
                    hits.append(("phone", " ".join(groups[i:j + 1])))
    return hits


# ----------------------------------------------------------------------------------------------- NEGATIVES
def code(lang, body):
    return "```%s\n%s\n```" % (lang, body)


# ---- data_uri_base64
def du_css(r):
    mime, b, _ = asset()
    name = pick(["reefer", "dry", "flatrack", "tank", "truck", "crane", "vessel", "hold"])
    return code("css", ".icon-%s {\n  width: 16px;\n  height: 16px;\n  background-image: url(\"data:%s;base64,%s\");\n}" % (name, mime, b))


def du_html(r):
    mime, b, _ = asset()
    c = container()
    return code("html", '<div class="gate-pass">\n  <span class="cntr">%s</span>\n  <img class="qr" src="data:%s;base64,%s" alt="QR %s">\n  <span class="bin">%s</span>\n</div>' % (c, mime, b, c, bincode()))


def du_json_pod(r):
    mime, b, _ = asset()
    return code("json", json.dumps({"bl_no": bl(), "container": container(), "event": "POD_SIGNED", "at": ts_iso(),
                                    "signature_png": "data:%s;base64,%s" % (mime, b)}, ensure_ascii=False, indent=2))


def du_md(r):
    mime, b, _ = asset()
    lead = pick(["Ảnh niêm phong container %s nè:" % container(), "Foto segel kontainer %s:" % container(),
                 "seal photo for %s, see below" % container(), "集装箱 %s 封条照片：" % container()])
    return "%s\n![seal](data:%s;base64,%s)" % (lead, mime, b)


def du_echo(r):
    mime, b, desc = asset()
    return "$ echo '%s' | base64 -d | file -\n/dev/stdin: %s" % (b, desc)


def du_py(r):
    mime, b, _ = asset()
    nm = pick(["EMPTY_SEAL_PHOTO", "PLACEHOLDER_QR", "BLANK_SIGNATURE", "FIXTURE_EIR_PDF", "DEFAULT_VESSEL_ICON"])
    return code("python", "import base64\n\n# test fixture for tests/test_%s.py\n%s = base64.b64decode(\n    \"%s\"\n)\nassert len(%s) > 0" % (
        pick(["gate_pass", "pod", "eir", "yard"]), nm, b, nm))


def du_go(r):
    mime, b, _ = asset()
    return code("go", "package fixtures\n\n// %s is a tiny %s used by the BAPLIE viewer tests.\nconst %s = \"data:%s;base64,%s\"" % (
        "BayIcon", mime, "BayIcon", mime, b))


def du_log(r):
    mime, b, _ = asset()
    lines = ["%s INFO  label-printer cache miss key=label:%s" % (ts_iso(), rs(HEX, 12)) for _ in range(rng.randint(0, 3))]
    lines.append("%s DEBUG label-printer placeholder=data:%s;base64,%s" % (ts_iso(), mime, b))
    return code("", "\n".join(lines))


def du_font(r):
    b = b64(woff2_bytes())
    trunc = pick(["", "…", "...", "[%d more chars]" % rng.randint(2000, 30000)])
    return code("css", "@font-face {\n  font-family: \"PLX Mono\";\n  src: url(\"data:font/woff2;base64,%s%s\") format(\"woff2\");\n  font-display: swap;\n}" % (b, trunc))


def du_sourcemap(r):
    return "bundle cuối file có dòng này, sao size to vậy?\n`//# sourceMappingURL=data:application/json;base64,%s`" % sourcemap_b64()


def du_jupyter(r):
    b, _ = png_bytes()
    return code("json", '{\n  "output_type": "display_data",\n  "data": {\n    "image/png": "%s",\n    "text/plain": ["<Figure: dwell time %s>"]\n  }\n}' % (b64(b), pick(PORTS)))


def du_pdf_api(r):
    return code("json", json.dumps({"document_type": pick(["DO", "EIR", "SURAT_JALAN", "PACKING_LIST"]), "bl_no": bl(),
                                    "filename": "%s.pdf" % container(), "content_base64": b64(pdf_bytes())}, indent=2))


def du_svg_forms(r):
    s = svg_text()
    f = rng.randint(0, 2)
    if f == 0:
        uri = "data:image/svg+xml;base64," + b64(s.encode())
    elif f == 1:
        uri = "data:image/svg+xml," + "".join(c if c.isalnum() or c in " =/.:" else "%%%02X" % ord(c) for c in s)
    else:
        uri = "data:image/svg+xml;utf8," + s.replace('"', "'")
    return "icon truck buat yard map pakai ini aja:\n`%s`" % uri


def du_jpeg_trunc(r):
    b = b64(jpeg_head())
    return pick(["CSP chặn ảnh từ app scan container:", "CSP blocked the damage photo:", "CSP 拦截了验箱照片："]) + \
        "\n> Refused to load the image 'data:image/jpeg;base64,%s%s' because it violates the following Content Security Policy directive: \"img-src 'self'\"" % (
            b, pick(["…", "...", "[%d more chars]" % rng.randint(5000, 90000)]))


def du_wav(r):
    return code("ts", "// bunyi notifikasi saat truk gate-in\nexport const GATE_IN_BEEP =\n  'data:audio/wav;base64,%s';" % b64(wav_bytes()))


def du_table(r):
    rows = ["| type | icon |", "|---|---|"]
    for _ in range(rng.randint(2, 5)):
        rows.append("| %s | `data:image/gif;base64,%s` |" % (pick(ISO_TYPES), b64(gif_bytes())))
    return "\n".join(rows)


def du_oneline(r):
    f = rng.randint(0, 3)
    if f == 0:
        return "spacer 1x1 di template email notifikasi: `<img src=\"data:image/gif;base64,%s\" width=\"1\">`" % b64(gif_bytes())
    if f == 1:
        b, _ = png_bytes()
        return "favicon tạm cho trang tracking: `<link rel=\"icon\" href=\"data:image/png;base64,%s\">`" % b64(b)
    if f == 2:
        return "`background: url(data:image/svg+xml;base64,%s) no-repeat;` 这个图标是集装箱的" % b64(svg_text().encode())
    return "the PDF in the webhook payload starts with `%s…` so it's the EIR, not the DO lah" % b64(pdf_bytes())[:rng.randint(40, 120)]


DATA_URI = [du_oneline, du_css, du_html, du_json_pod, du_md, du_echo, du_py, du_go, du_log, du_font, du_sourcemap, du_jupyter,
            du_pdf_api, du_svg_forms, du_jpeg_trunc, du_wav, du_table]


# ---- placeholder_example
def ph_env(r):
    lines = ["# .env.example — copy ke .env lalu isi sendiri", "TRACKING_API_BASE=https://api.tracking.example/v2",
             "TRACKING_API_KEY=%s" % pick(["YOUR_API_KEY", "<your-api-key>", "changeme", "", "xxx"]),
             "INSW_USERNAME=%s" % pick(["<username>", "your_user"]),
             "INSW_PASSWORD=%s" % pick(["<password>", "", "***", "CHANGE_ME"]),
             "SLACK_BOT_TOKEN=%s" % pick(["xoxb-your-bot-token", "xoxb-...", "<slack-bot-token>"]),
             "OPENAI_API_KEY=%s" % pick(["sk-...", "sk-proj-…", "<openai-key>"]),
             "EDI_SFTP_KEY_PATH=./keys/edi_%s" % pick(["rsa", "ed25519"])]
    rng.shuffle(lines[1:])
    return code("bash", "\n".join(lines[:rng.randint(4, 8)]))


def ph_helm(r):
    return code("yaml", "tracking:\n  apiKey: {{ .Values.tracking.apiKey | quote }}\n  webhookSecret: {{ required \"set webhookSecret\" .Values.tracking.webhookSecret }}\n"
                "edi:\n  sftpPassword: ${EDI_SFTP_PASSWORD}\n  partner: %s\n  port: %d" % (pick(SENDERS), pick([22, 2222, 10022])))


def ph_gha(r):
    return code("yaml", "- name: Push BAPLIE to partner\n  env:\n    AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}\n    AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n"
                "    SLACK_WEBHOOK: ${{ secrets.SLACK_WEBHOOK_URL }}\n  run: ./scripts/push_baplie.sh %s %s" % (pick(PORTS), voyage()))


def ph_awsdoc(r):
    return pick(["Theo docs AWS, ví dụ là:", "Dari dokumentasi AWS contohnya:", "straight from the AWS docs:", "AWS 文档里的示例："]) + \
        "\n```ini\n[default]\naws_access_key_id = %s\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```" % (
            pick(["AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE"]), pick(["ap-southeast-1", "ap-southeast-3"]))


def ph_masked_card(r):
    last = "%04d" % rng.randint(0, 9999)
    return pick(["Thanh toán phí lưu bãi %s bằng thẻ •••• •••• •••• %s thành công." % (money(), last),
                 "Pembayaran THC %s pakai kartu **** **** **** %s sudah masuk." % (money(), last),
                 "port dues paid w/ corporate card ending %s (xxxx-xxxx-xxxx-%s) ok" % (last, last),
                 "码头费 %s 已用尾号 %s 的公司卡支付（卡号 ****%s）。" % (money(), last, last)])


def ph_masked_phone(r):
    return pick(["Nomor supir di sistem ditampilkan sebagai 08xx-xxxx-%03d, sesuai aturan masking." % rng.randint(0, 999),
                 "SĐT tài xế hiển thị dạng 09xx xxx %03d trên app, không hiện full nhé." % rng.randint(0, 999),
                 "contact shows as +65 9xxx x%03d only, masking working as intended" % rng.randint(0, 999),
                 "电话号码显示为 +84 9xx xxx xxx，已脱敏。",
                 "format di form: +62 8__-____-____ (wajib diisi)"])


def ph_pem(r):
    kind = pick(["RSA ", "EC ", "OPENSSH ", ""])
    return pick(["Format file key SFTP EDI harus seperti ini:", "key format expected by the BAPLIE uploader:", "Định dạng file key:"]) + \
        "\n```\n-----BEGIN %sPRIVATE KEY-----\n%s...\n...\n-----END %sPRIVATE KEY-----\n```" % (kind, pick(["MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "MHcCAQEEI", "b3BlbnNzaC1rZXktdjEAAAAA", "<base64 body>"]), kind)


def ph_vendor(r):
    items = ["`sk-...`", "`sk-proj-…`", "`sk-ant-api03-...`", "`xoxb-your-bot-token`", "`ghp_" + "x" * 36 + "`",
             "`github_pat_...`", "`AKIA...`", "`xoxp-XXXXXXXXXXXX`", "`glpat-xxxxxxxxxxxxxxxxxxxx`", "`sk_live_xxx`"]
    rng.shuffle(items)
    k = rng.randint(2, 5)
    return pick(["Checklist scanner: cần bắt được các prefix ", "Pola yang harus ditolak pre-commit: ", "scanner should flag prefixes like ",
                 "预提交钩子要拦截这些前缀："]) + ", ".join(items[:k])


def ph_conn(r):
    c = pick(["postgres://user:password@localhost:5432/tos_dev", "mysql://root:root@127.0.0.1:3306/yard",
              "amqp://guest:guest@localhost:5672/", "mongodb://<username>:<password>@<cluster>/tracking",
              "redis://:${REDIS_PASSWORD}@cache:6379/0", "sftp://edi:<password>@sftp.partner.example:22/inbound",
              "postgresql://tos:changeme@db:5432/tos"])
    return pick(["Connection string mẫu cho local:", "contoh koneksi lokal (jangan dipakai di prod):", "local dev only:",
                 "本地开发用：", "docker-compose default:"]) + "\n`%s`" % c


def ph_redacted(r):
    lines = []
    for _ in range(rng.randint(2, 6)):
        lines.append("%s INFO  customs-client login portal=%s user=%s password=%s token=%s" % (
            ts_plain(), pick(["INSW", "VNACCS", "TradeNet", "CEISA"]), pick(["[REDACTED]", "<redacted>", "svc_***"]),
            pick(["[REDACTED]", "[FILTERED]", "***", "(sensitive value)"]), pick(["[MASKED]", "***", "<redacted>"])))
    return code("", "\n".join(lines))


def ph_k8s(r):
    return code("yaml", "env:\n  - name: TRACKING_API_KEY\n    valueFrom:\n      secretKeyRef:\n        name: %s\n        key: api-key\n"
                "  - name: CEISA_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: customs-portal\n        key: password" % pick(["tracking-api", "plx-tracking", "carrier-api"]))


def ph_tf(r):
    return code("hcl", 'variable "customs_portal_password" {\n  type      = string\n  sensitive = true\n}\n\nresource "aws_secretsmanager_secret_version" "insw" {\n  secret_id     = aws_secretsmanager_secret.insw.id\n  secret_string = var.customs_portal_password\n}')


def ph_refs(r):
    return pick(["Password VNACCS lấy ở `op://Logistics/VNACCS-HCM/password`, đừng paste vào đây.",
                 "ambil dari `vault:secret/data/edi/jict#sftp_password` ya, bukan dari chat",
                 "use `{{resolve:secretsmanager:prod/tracking/api-key:SecretString:key}}` in the CFN template lah",
                 "密钥在 `vault kv get -field=token secret/plx/tracking`，不要发到群里。",
                 "Trong CI dùng `$(TRACKING_API_TOKEN)` và `%EDI_SFTP_PASSWORD%` cho bản Windows."])


def ph_iban_mask(r):
    return pick(["IBAN supplier di invoice tertulis DE** **** **** **** **%02d %02d, minta versi lengkap via telepon resmi." % (rng.randint(0, 99), rng.randint(0, 99)),
                 "Tài khoản nhận: NL00 XXXX 0000 0000 00 (mẫu), số thật xem trong ERP.",
                 "IBAN format on the form: GBkk BBBB SSSS SSAA AAAA AA",
                 "收款 IBAN：AE** **** **** **** **** ***（已隐藏）"])


def ph_ssn_mask(r):
    return pick(["ISF importer number: XXX-XX-XXXX (individual importer, masked in TOS)",
                 "SSN của consignee Mỹ hiển thị ***-**-**%02d, đủ để đối chiếu." % rng.randint(0, 99),
                 "form ISF-10 field 'IOR number' placeholder = ___-__-____"])


def ph_webhook(r):
    return "Slack webhook mẫu trong README: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`\n" + \
        pick(["thay bằng webhook thật trong secret manager", "ganti pakai yang asli di secret manager", "replace in vault lah"])


PLACEHOLDER = [ph_env, ph_helm, ph_gha, ph_awsdoc, ph_masked_card, ph_masked_phone, ph_pem, ph_vendor, ph_conn,
               ph_redacted, ph_k8s, ph_tf, ph_refs, ph_iban_mask, ph_ssn_mask, ph_webhook]


# ---- code_identifier
WORDS = ["Secret", "Token", "Password", "Iban", "Phone", "Email", "Ssn", "ApiKey", "Credential", "Bearer", "Signing",
         "Private", "Key", "Vault", "Masked", "Consignee", "Baplie", "Edifact", "Container", "Customs", "Manifest", "Vgm",
         "Gate", "Yard", "Bin", "Berth", "Tracking", "Webhook", "Rotation", "Cipher"]


def camel(n):
    ws = [pick(WORDS) for _ in range(n)]
    return ws[0].lower() + "".join(ws[1:])


def pascal(n):
    return "".join(pick(WORDS) for _ in range(n))


def snake(n):
    return "_".join(pick(WORDS).lower() for _ in range(n))


def ci_java(r):
    pk = pick(["edi.baplie", "customs.insw", "customs.vnaccs", "tracking.api", "yard.gate", "billing.iban"])
    lines = ["%s ERROR [%s] com.portlogix.%s.%s - %s" % (ts_iso(), pick(["edi-poller-1", "gate-ws-3", "kafka-listener-0"]), pk, pascal(3),
                                                      pick(["Unable to load keystore", "credential provider chain exhausted", "token refresh failed"])),
             "com.portlogix.%s.%sException: %s" % (pk, pascal(2), pick(["secret not found", "missing signing key alias", "password policy violated"]))]
    for _ in range(rng.randint(3, 20)):
        lines.append("\tat com.portlogix.%s.%s.%s(%s.java:%d)" % (pk, pascal(3), camel(3), pascal(2), rng.randint(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return code("", "\n".join(lines))


def ci_go(r):
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%s pc=0x%s]" % (rs(HEX, 2), rs(HEX, 6)),
             "", "goroutine %d [running]:" % rng.randint(1, 400)]
    for _ in range(rng.randint(2, 8)):
        fn = camel(2)
        lines.append("github.com/portlogix/edi-gateway/internal/%s.(*%s).%s(0xc%s)" % (pick(["baplie", "coprar", "secrets", "tracking"]), pascal(2), fn[0].upper() + fn[1:], rs(HEX, 9)))
        lines.append("\t/src/internal/%s.go:%d +0x%s" % (snake(2), rng.randint(10, 600), rs(HEX, 3)))
    return code("", "\n".join(lines))


def ci_py(r):
    lines = ["Traceback (most recent call last):"]
    for _ in range(rng.randint(2, 6)):
        lines.append('  File "/app/plx/%s.py", line %d, in %s' % (snake(2), rng.randint(10, 500), snake(3)))
        lines.append("    %s = %s(%s)" % (snake(2), snake(3), snake(1)))
    lines.append("plx.customs.%sError: %s" % (pascal(2), pick(["CEISA session token expired", "không tìm thấy secret trong vault", "password rotation pending"])))
    return code("", "\n".join(lines))


def ci_ts(r):
    fields = ["  %s: %s;" % (camel(pick([2, 3])), pick(["string", "string | null", "boolean", "number", "Date"])) for _ in range(rng.randint(3, 10))]
    return code("ts", "export interface %s {\n%s\n}" % (pascal(2), "\n".join(fields)))


def ci_sql(r):
    cols = ["  %s %s" % (snake(pick([2, 3])), pick(["TEXT", "BYTEA", "VARCHAR(64)", "CHAR(4)", "BOOLEAN NOT NULL DEFAULT false", "TIMESTAMPTZ"])) for _ in range(rng.randint(3, 9))]
    return code("sql", "CREATE TABLE driver_contact (\n  id BIGSERIAL PRIMARY KEY,\n  phone_e164_hash CHAR(64),\n  iban_last_four CHAR(4),\n%s\n);" % ",\n".join(cols))


def ci_kubectl(r):
    lines = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
    for _ in range(rng.randint(2, 9)):
        nm = "%s-%s-%s" % (pick(["edi-gateway", "tracking-api", "secret-rotator", "customs-token-refresher", "baplie-parser", "gate-ocr"]), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))
        lines.append("%-38s 1/1     %-9s %-10d %dd" % (nm, pick(["Running", "Running", "CrashLoopBackOff", "Pending"]), rng.randint(0, 30), rng.randint(1, 90)))
    return "$ kubectl -n %s get pods\n" % pick(["edi", "tracking", "customs"]) + code("", "\n".join(lines))


def ci_tf(r):
    lines = ["Terraform will perform the following actions:", ""]
    for _ in range(rng.randint(2, 6)):
        lines.append("  # aws_secretsmanager_secret.%s will be %s" % (snake(3), pick(["created", "updated in-place", "destroyed"])))
    lines.append("\nPlan: %d to add, %d to change, 0 to destroy." % (rng.randint(0, 5), rng.randint(0, 5)))
    return code("", "\n".join(lines))


def ci_flags(r):
    fl = ["%s.%s" % (pick(["edi", "customs", "tracking", "yard"]), snake(pick([2, 3]))) for _ in range(rng.randint(3, 8))]
    return pick(["Flag đang bật ở prod:", "Feature flag yang aktif:", "flags on in prod now:", "生产环境开启的开关："]) + "\n" + "\n".join("- `%s`" % f for f in fl)


def ci_graphql(r):
    fs = ["  %s: %s" % (camel(2), pick(["String", "String!", "Boolean", "ID!", "DateTime"])) for _ in range(rng.randint(3, 8))]
    return code("graphql", "type %s {\n%s\n}" % (pascal(2), "\n".join(fs)))


def ci_webpack(r):
    lines = []
    for _ in range(rng.randint(3, 8)):
        lines.append("  static/chunks/%s.%s.js   %d kB" % (pick(["tracking", "gate-pass", "yard-map", "vgm-form", "customs-secret-settings", "token-admin"]), rs(HEX, 16), rng.randint(3, 400)))
    return "next build output:\n" + code("", "\n".join(lines))


def ci_proto(r):
    fs = ["  %s %s = %d;" % (pick(["string", "bytes", "bool", "int64"]), snake(pick([2, 3])), i + 1) for i in range(rng.randint(3, 8))]
    return code("proto", "message %s {\n%s\n}" % (pascal(2), "\n".join(fs)))


def ci_rust(r):
    lines = ["thread 'main' panicked at src/%s.rs:%d:%d:" % (snake(1), rng.randint(1, 300), rng.randint(1, 60)), "stack backtrace:"]
    for i in range(rng.randint(2, 8)):
        lines.append("  %2d: plx_edi::%s::%s::h%s" % (i, snake(1), snake(2), rs(HEX, 16)))
    return code("", "\n".join(lines))


def ci_envnames(r):
    names = ["TRACKING_API_KEY", "BAPLIE_SFTP_PRIVATE_KEY_PATH", "CEISA_PASSWORD_SECRET_ARN", "VNACCS_CERT_PASSPHRASE_REF",
             "SLACK_BOT_TOKEN_SECRET_NAME", "TRADENET_CLIENT_SECRET_ID", "WEBHOOK_SIGNING_SECRET_VERSION", "IBAN_ENCRYPTION_KEY_ID",
             "DRIVER_PHONE_HASH_SALT_REF", "OPENAI_API_KEY_PARAM"]
    rng.shuffle(names)
    return pick(["Các biến môi trường cần khai báo (chỉ tên):", "Daftar env var (nama saja, nilai di vault):", "env vars needed, names only:",
                 "需要的环境变量（只列名字）："]) + "\n" + "\n".join("- `%s`" % n for n in names[:rng.randint(3, 8)])


def ci_grep(r):
    lines = []
    for _ in range(rng.randint(2, 8)):
        lines.append("plx/%s.py:%d:def %s(self, %s):" % (snake(2), rng.randint(5, 400), snake(3), snake(2)))
    return "$ grep -rn \"def .*token\" plx/\n" + code("", "\n".join(lines))


def ci_css(r):
    lines = ['<div class="TrackingTable_row__%s css-%s" data-v-%s>' % (rs(AN, 5), rs(LO + DG, 7), rs(HEX, 8)),
             '  <span _ngcontent-ng-c%d class="sc-%s secretBadge">%s</span>' % (rng.randint(10 ** 9, 4 * 10 ** 9), rs(AN, 6), pick(EVENTS)),
             "</div>"]
    return code("html", "\n".join(lines))


def ci_oneline(r):
    return pick(["rename `%s` → `%s` biar jelas ini cuma referensi, bukan nilai" % (camel(4), camel(3)),
                 "hàm `%s()` trả về tên secret chứ không phải giá trị đâu" % camel(4),
                 "`%s` is deprecated, use `%s` lah" % (snake(4).upper(), snake(3).upper()),
                 "把 `%s` 改成 `%s` 吧" % (pascal(4), pascal(3))])


CODE_ID = [ci_oneline, ci_java, ci_go, ci_py, ci_ts, ci_sql, ci_kubectl, ci_tf, ci_flags, ci_graphql, ci_webpack, ci_proto, ci_rust,
           ci_envnames, ci_grep, ci_css]


# ---- non_credential_blob
COMMIT_MSGS = ["fix: parse BAPLIE LOC+147 with 7-digit positions", "perbaiki timeout API tracking", "sửa lỗi đọc EDI COPRAR",
               "feat: VGM validation SOLAS", "chore: rotate webhook secret name (no value)", "修复 IFTSTA 状态映射", "refactor gate OCR pipeline",
               "tambah mapping kode pelabuhan IDBLW", "cập nhật mapping cảng VNCMT"]


def nb_git(r):
    lines = ["%s %s" % (rs(HEX, 7), pick(COMMIT_MSGS)) for _ in range(rng.randint(3, 12))]
    return "$ git log --oneline -n %d\n" % len(lines) + code("", "\n".join(lines))


def nb_docker(r):
    lines = ["REPOSITORY                         TAG       DIGEST"]
    for _ in range(rng.randint(2, 6)):
        lines.append("registry.plx.internal/%-12s %-9s sha256:%s" % (pick(["edi-gateway", "tracking-api", "gate-ocr", "yard-planner"]), "2.%d.%d" % (rng.randint(0, 20), rng.randint(0, 9)), rs(HEX, 64)))
    return code("", "\n".join(lines))


def nb_sha256sum(r):
    lines = ["%s  BAPLIE_%s_%s_%s.edi" % (rs(HEX, 64), pick(PORTS), voyage(), "2609%02d" % rng.randint(1, 28)) for _ in range(rng.randint(1, 6))]
    return pick(["checksum file EDI hôm nay:", "checksum EDI yang diterima dari terminal:", "sha256 for today's EDI drop:", "今日 EDI 文件校验："]) + "\n" + code("", "\n".join(lines))


def nb_uuid_json(r):
    evs = [{"eventId": uuid4(), "type": pick(EVENTS), "location": pick(PORTS), "at": ts_iso()} for _ in range(rng.randint(1, 5))]
    return code("json", json.dumps({"container": container(), "events": evs}, indent=2))


def nb_integrity(r):
    lines = []
    for p in rng.sample(["@plx/edi-core", "@plx/ui-kit", "date-fns", "zod", "axios", "react-query"], rng.randint(2, 4)):
        lines.append('"node_modules/%s": {\n  "version": "%d.%d.%d",\n  "integrity": "sha512-%s=="\n}' % (p, rng.randint(0, 9), rng.randint(0, 30), rng.randint(0, 20), rs(B64, 86)))
    return code("json", ",\n".join(lines))


def nb_headers(r):
    return code("http", "HTTP/1.1 %d %s\ntraceparent: 00-%s-%s-01\nx-request-id: %s\nETag: \"%s\"\nX-Amzn-Trace-Id: Root=1-%s-%s" % (
        pick([200, 202, 429, 504]), pick(["OK", "Accepted", "Too Many Requests", "Gateway Timeout"]), rs(HEX, 32), rs(HEX, 16), uuid4(), rs(HEX, 32), rs(HEX, 8), rs(HEX, 24)))


def nb_s3(r):
    lines = []
    for _ in range(rng.randint(2, 10)):
        lines.append("2026-%02d-%02d %02d:%02d:%02d %9d edi/%s/%s/%s.edi" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59),
                                                                      rng.randint(1200, 900000), pick(["baplie", "coprar", "codeco", "iftsta"]), pick(PORTS), ulid()))
    return "$ aws s3 ls s3://plx-edi-archive/ --recursive | tail\n" + code("", "\n".join(lines))


def nb_sig(r):
    return pick(["Webhook dari carrier gagal verify:", "webhook signature mismatch again:", "Chữ ký webhook không khớp:", "承运商 webhook 签名校验失败："]) + \
        "\n```\nX-PLX-Signature: t=%d,v1=%s\nexpected v1=%s\n```" % (rng.randint(1760000000, 1790000000), rs(HEX, 64), rs(HEX, 64))


def nb_sops(r):
    return code("yaml", "tracking:\n    api_key: ENC[AES256_GCM,data:%s,iv:%s,tag:%s==,type:str]\nsops:\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,type:str]" % (
        rs(B64, 44), rs(B64, 43) + "=", rs(B64, 22), ts_iso(), rs(B64, 60), rs(B64, 43) + "="))


def nb_cursor(r):
    cur = b64(json.dumps({"after": ulid(), "port": pick(PORTS)}).encode()).rstrip("=")
    return "page tiếp theo của API tracking:\n`GET /v2/containers?limit=100&cursor=%s`" % cur


def nb_ids(r):
    lines = ["%s INFO event_id=%s job=%s container=%s" % (ts_plain(), ulid(), rs(HEX, 24), container()) for _ in range(rng.randint(2, 8))]
    return code("", "\n".join(lines))


def nb_gosum(r):
    lines = []
    for m in rng.sample(["github.com/shopspring/decimal", "golang.org/x/crypto", "github.com/pkg/sftp", "go.uber.org/zap", "github.com/jackc/pgx/v5"], rng.randint(2, 5)):
        v = "v%d.%d.%d" % (rng.randint(0, 5), rng.randint(0, 30), rng.randint(0, 9))
        lines.append("%s %s h1:%s=" % (m, v, rs(B64, 43)))
        lines.append("%s %s/go.mod h1:%s=" % (m, v, rs(B64, 43)))
    return code("", "\n".join(lines))


def nb_ssh_fp(r):
    return pick(["Fingerprint host SFTP terminal (public, aman dibagikan):", "SFTP host key fingerprint của cảng, verify trước khi connect:",
                 "host key of partner SFTP, pls verify:", "对方 SFTP 主机指纹："]) + "\n`ED25519 key fingerprint is SHA256:%s.`" % rs(B64, 43)


def nb_gpg(r):
    fp = rs("0123456789ABCDEF", 40)
    return "Public GPG key untuk enkripsi file manifest:\n`%s`" % " ".join(fp[i:i + 4] for i in range(0, 40, 4))


def nb_helm(r):
    return code("yaml", "spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s" % (rs(HEX, 64), rs(HEX, 64)))


def nb_b64text(r):
    s = pick(["BAPLIE diterima lengkap", "đã nhận đủ file COPRAR", "gate closed at 18:00", "船期已更新", "vessel berthed at %s" % pick(TERMINALS)])
    return "Message body dari queue (base64):\n`%s`\n→ decode: \"%s\"" % (b64(s.encode()), s)


NONCRED = [nb_git, nb_docker, nb_sha256sum, nb_uuid_json, nb_integrity, nb_headers, nb_s3, nb_sig, nb_sops, nb_cursor,
           nb_ids, nb_gosum, nb_ssh_fp, nb_gpg, nb_helm, nb_b64text]


# ---- pii_lookalike_number
def pl_containers(r):
    lines = ["%s  %s  seal %s  %s" % (container(), pick(ISO_TYPES), seal(), pick(["OK", "DMG", "HOLD", "OOG"])) for _ in range(rng.randint(2, 12))]
    return pick(["Danh sách cont hạ bãi:", "List kontainer gate-in pagi ini:", "containers for tonight's load list:", "今晚装船的箱号："]) + "\n" + code("", "\n".join(lines))


def pl_csv(r):
    lines = ["container,iso,plate,gate_in,bin,vgm_kg"]
    for _ in range(rng.randint(14, 28)):
        lines.append("%s,%s,%s,%s,%s,%d" % (container(), pick(ISO_TYPES), plate(), ts_plain(), bincode(), rng.randint(2200, 32000)))
    return code("csv", "\n".join(lines))


def pl_baplie(r):
    ref = str(rng.randint(100000, 999999))
    segs = ["UNB+UNOA:2+%s+%s+2609%02d:%02d%02d+%s'" % (pick(SENDERS), pick(SENDERS), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), ref),
            "UNH+%s+BAPLIE:D:95B:UN:SMDG22'" % ref, "TDT+20+%s+++%s:172:20+++%s:103::%s'" % (voyage(), pick(CARRIERS), rs(UP, 4), pick(VESSELS))]
    for _ in range(rng.randint(1, 5)):
        segs += ["LOC+147+0%02d%02d%02d::5'" % (rng.randint(1, 60), rng.randint(0, 16), rng.randint(2, 96)),
                 "MEA+WT++KGM:%d'" % rng.randint(2000, 30000), "LOC+9+%s'" % pick(PORTS), "LOC+11+%s'" % pick(PORTS),
                 "EQD+CN+%s+%s:102:5'" % (container(), pick(ISO_TYPES)), "NAD+CA+%s:172:20'" % pick(CARRIERS)]
    segs += ["UNT+%d+%s'" % (len(segs), ref), "UNZ+1+%s'" % ref]
    return code("", "\n".join(segs))


def pl_customs(r):
    return pick(["Tờ khai số %s đã thông quan luồng xanh, cont %s được kéo ra." % (vn_tokhai(), container()),
                 "Nomor aju %s masih jalur merah, kontainer %s tunggu pemeriksaan fisik." % (id_aju(), container()),
                 "TradeNet permit %s approved for %s, ETD %s" % (sg_permit(), container(), date_any()),
                 "报关单号 %s 已放行，箱号 %s。" % (vn_tokhai(), container())])


def pl_invoice(r):
    lines = ["| item | qty | amount |", "|---|---:|---:|"]
    for _ in range(rng.randint(2, 8)):
        lines.append("| %s | %d | %s |" % (pick(["THC", "LOLO", "Storage", "Reefer plug-in", "DO fee", "Lift on/off", "Phí nâng hạ", "Biaya penumpukan"]), rng.randint(1, 40), money()))
    return "Invoice INV-%s-%d\n" % (pick(["JKT", "HCM", "SIN"]), rng.randint(10000, 99999)) + "\n".join(lines)


def pl_vessels(r):
    lines = ["%-18s IMO %s  voy %s  ETA %s" % (pick(VESSELS), imo(), voyage(), date_any()) for _ in range(rng.randint(2, 7))]
    return code("", "\n".join(lines))


def pl_times(r):
    return pick(["Slack ts của message lỗi: %d.%06d" % (rng.randint(1760000000, 1790000000), rng.randint(0, 999999)),
                 "event_time_ms=%d (=%s)" % (rng.randint(1760000000000, 1790000000000), ts_iso()),
                 "cutoff VGM: %s, cutoff CY: %s" % (ts_plain(), ts_plain()),
                 "epoch %d vs %d, selisih %d detik" % (rng.randint(1760000000, 1790000000), rng.randint(1760000000, 1790000000), rng.randint(1, 9000))])


def pl_ips(r):
    lines = ["%-14s 10.%d.%d.%d:%d" % (pick(["tos-db", "edi-sftp", "gate-ocr", "reefer-mon", "crane-plc"]), rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254), pick([22, 5432, 8080, 502, 443])) for _ in range(rng.randint(2, 6))]
    lines.append("%-14s 192.168.%d.%d" % ("gate-cam", rng.randint(0, 255), rng.randint(1, 254)))
    lines.append("%-14s 203.0.113.%d" % ("docs-example", rng.randint(1, 254)))
    return code("", "\n".join(lines))


def pl_hs(r):
    return "HS code: " + ", ".join(hs_code() for _ in range(rng.randint(2, 6))) + pick([" — cần kiểm tra lại thuế suất", " — cek lartas dulu", " lah", ""])


def pl_versions(r):
    return pick(["edi-gateway %s → %s, tracking-api %s" % tuple("%d.%d.%d" % (rng.randint(0, 9), rng.randint(0, 40), rng.randint(0, 30)) for _ in range(3)),
                 "Yêu cầu node >=%d.%d.0 <%d, python ~=3.%d" % (rng.randint(16, 22), rng.randint(0, 9), rng.randint(23, 25), rng.randint(9, 13))])


def pl_bins(r):
    lines = ["%s  pallets=%d  %s" % (bincode(), rng.randint(0, 48), pick(["FULL", "EMPTY", "BLOCKED", "QC"])) for _ in range(rng.randint(2, 10))]
    return pick(["Kho CFS Cát Lái:", "Gudang CFS Priok:", "CFS bins status:", "仓库库位："]) + "\n" + code("", "\n".join(lines))


def pl_jira(r):
    return "Related: %s, %s, CVE-2026-%d, RFC %d" % ("PLX-%d" % rng.randint(100, 9999), "EDI-%d" % rng.randint(10, 999), rng.randint(10000, 49999), pick([5322, 7519, 9110, 3339]))


def pl_aws(r):
    return "AWS account mẫu trong docs là 123456789012, instance %s, subnet %s." % ("i-" + rs(HEX, 17), "subnet-" + rs(HEX, 17))


def pl_track_json(r):
    return code("json", json.dumps({"containerNo": container(), "blNo": bl(), "vessel": {"name": pick(VESSELS), "imo": imo(), "voyage": voyage()},
                                    "pol": pick(PORTS), "pod": pick(PORTS), "vgmKg": rng.randint(3000, 30000), "lastEvent": pick(EVENTS), "at": ts_iso()}, indent=2))


def pl_latency(r):
    lines = ["| endpoint | p50 ms | p99 ms | req/min |", "|---|---:|---:|---:|"]
    for e in rng.sample(["/v2/containers", "/v2/bl", "/v2/vessels", "/v2/events", "/edi/baplie"], rng.randint(2, 5)):
        lines.append("| %s | %d | %d | %s |" % (e, rng.randint(5, 300), rng.randint(300, 4000), "{:,}".format(rng.randint(100, 90000))))
    lines.append("\nx-ratelimit-limit: %d, x-ratelimit-remaining: %d, x-ratelimit-reset: %d" % (rng.randint(100, 5000), rng.randint(0, 99), rng.randint(1, 60)))
    return "\n".join(lines)


def pl_bl_chat(r):
    return pick(["B/L %s đã surrender, booking %d, cont %s" % (bl(), rng.randint(200000000, 299999999), container()),
                 "BL %s belum telex release, tolong follow up. Booking %d" % (bl(), rng.randint(200000000, 299999999)),
                 "BL %s can release already or not? booking %d lah" % (bl(), rng.randint(200000000, 299999999)),
                 "提单 %s 已电放，订舱号 %d" % (bl(), rng.randint(200000000, 299999999))])


def pl_plates(r):
    lines = ["%-12s %s  %s" % (plate(), ts_plain(), pick(["GATE-IN", "GATE-OUT", "REJECT: no EIR"])) for _ in range(rng.randint(2, 10))]
    return code("", "\n".join(lines))


PIILOOK = [pl_containers, pl_csv, pl_baplie, pl_customs, pl_invoice, pl_vessels, pl_times, pl_ips, pl_hs, pl_versions,
           pl_bins, pl_jira, pl_aws, pl_track_json, pl_latency, pl_bl_chat, pl_plates]


# ---- talk_about_secrets
TALK = [
    "Jangan pernah kirim password portal CEISA lewat Slack, pakai vault.",
    "Token API tracking sudah dirotasi tadi malam, yang lama sudah di-revoke.",
    "Kalau ada yang lihat private key SFTP EDI di repo, langsung lapor ke tim security ya.",
    "Nomor HP supir jangan di-paste di channel publik, pakai ID supir saja.",
    "Vendor minta ganti rekening IBAN lewat email, ini pola penipuan, konfirmasi lewat telepon resmi dulu.",
    "Mật khẩu VNACCS hết hạn mỗi 90 ngày, nhớ đổi trước kỳ khai báo cuối tháng.",
    "Key API của hãng tàu đã bị lộ trong log, team đã thu hồi và cấp key mới.",
    "Đừng dán số thẻ công ty vào ticket, chỉ ghi 4 số cuối thôi.",
    "Private key SFTP của cảng Cát Lái phải nằm trong secret manager, không để trên máy cá nhân.",
    "Số điện thoại tài xế là dữ liệu cá nhân, không đưa lên kênh chung.",
    "eh the webhook secret for the carrier API got rotated already, don't use the old one lah",
    "who committed the TradeNet password into the config repo? pls rotate asap",
    "SSN of the US importer for ISF cannot put in Slack one, use the secure form",
    "the bot token for the yard alerts channel expired, need someone with admin to reissue",
    "can don't paste the JWT from the tracking portal here? it's still valid for 1 hour leh",
    "承运商 API 的密钥已经轮换，旧的已经作废。",
    "不要在群里发司机的手机号码，用司机编号就行。",
    "SFTP 私钥不能放在代码仓库里，请放到密钥管理服务。",
    "客户要求更改收款 IBAN，一定要电话核实，不能只看邮件。",
    "海关系统密码不要写在共享表格里。",
    "Key AWS buat upload BAPLIE ke S3 sudah dipindah ke IAM role, jadi tidak ada access key lagi.",
    "Secret scanner chặn push vì thấy chuỗi giống token GitHub, hóa ra là false positive.",
    "the pre-commit hook flagged a sha256 digest as an API key, false alarm",
    "Password default của camera cổng đã đổi hết chưa?",
    "Tolong cabut token bot Slack lama setelah migrasi workspace.",
    "OpenAI key cho tool tóm tắt email khách hàng phải để trong vault, không hardcode.",
    "Anthropic key for the ETA prediction PoC is in the secret store, ask the platform team for access.",
    "信用卡号不能出现在工单里，只保留后四位。",
    "Fine-grained PAT for the EDI mapping repo expires next week, renew before cutoff.",
    "kita pakai JWT berumur pendek untuk API tracking, refresh token disimpan di server saja.",
]


def talk_single(r):
    return pick(TALK)


def talk_multi(r):
    return " ".join(rng.sample(TALK, rng.randint(2, 4)))


def talk_bullets(r):
    return pick(["Action items sau sự cố lộ key:", "Action item rapat security:", "Post-incident action items:", "安全会议待办："]) + "\n" + \
        "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(rng.sample(TALK, rng.randint(3, 7))))


def talk_qa(r):
    q = pick(["Q: Boleh kirim password lewat DM?", "Q: Gửi mật khẩu qua DM có được không?", "Q: can share the API key in DM?", "问：可以私信发密码吗？"])
    return "%s\nA: %s" % (q, pick(TALK))


def talk_incident(r):
    lines = ["**Incident %s-%d**" % (pick(["SEC", "INC"]), rng.randint(100, 999))]
    for _ in range(rng.randint(2, 6)):
        lines.append("- %s %s" % (ts_plain()[11:16], pick(TALK)))
    return "\n".join(lines)


def talk_regex(r):
    return pick(["Regex phone Indonesia kita cuma match format +62 tanpa spasi, perlu ditambah format lokal dengan angka nol di depan.",
                 "Scanner đang bắt nhầm số container vì nhìn giống số điện thoại, cần whitelist mẫu ISO 6346.",
                 "the IBAN detector needs mod-97 check, otherwise it flags every BL number lah",
                 "检测信用卡号时要做 Luhn 校验，否则集装箱号也会被误报。",
                 "Rule JWT harus cek tiga segmen dan header base64 JSON, jangan cuma prefix eyJ."]) + \
        pick(["", "\n" + pick(TALK)])


def talk_vault_err(r):
    return code("", pick(["Error: secret \"tracking-api-key\" not found in namespace \"edi\"",
                          "ExternalSecret customs-portal: could not get secret data from provider: AccessDeniedException",
                          "vault: permission denied on path secret/data/edi/sftp-key",
                          "SealedSecret edi/sftp-credentials: no key could decrypt secret"])) + "\n" + pick(TALK)


def talk_faq(r):
    return "FAQ keamanan / security FAQ\n" + "\n".join("- %s" % s for s in rng.sample(TALK, rng.randint(4, 9)))


TALKT = [talk_single, talk_multi, talk_bullets, talk_qa, talk_incident, talk_regex, talk_vault_err, talk_faq]

CATS = [("data_uri_base64", DATA_URI), ("placeholder_example", PLACEHOLDER), ("code_identifier", CODE_ID),
        ("non_credential_blob", NONCRED), ("pii_lookalike_number", PIILOOK), ("talk_about_secrets", TALKT)]


def build_negatives():
    out, seen, rejects, used = [], set(), {}, {}
    for cat, temps in CATS:
        n = 0
        tries = 0
        while n < 100:
            tries += 1
            assert tries < 20000, cat
            tf = temps[n % len(temps)] if tries < 4000 else pick(temps)
            t = dress(tf(None))
            if t in seen or t.count("\n") + 1 > 30:
                continue
            h = scan(t)
            if h:
                key = (cat, tf.__name__, h[0][0])
                rejects[key] = rejects.get(key, 0) + 1
                continue
            seen.add(t)
            used[(cat, tf.__name__)] = 1
            out.append({"text": t, "category": cat})
            n += 1
    return out, rejects, used


# ----------------------------------------------------------------------------------------------- POSITIVE VALUES
def base62(n):
    s = ""
    while n:
        n, k = divmod(n, 62)
        s = (DG + UP + LO)[k] + s
    return s or "0"


def v_ghp():
    body = rs(AN, 30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xffffffff).rjust(6, "0")


def v_ghf():
    return "github_pat_11" + rs(UP + DG, 20) + "_" + rs(AN, 59)


def v_slack_bot():
    return "xoxb-%s-%s-%s" % (rs(DG, 1).replace("0", "7") + rs(DG, rng.randint(9, 11)), "1" + rs(DG, 12), rs(AN, 24))


def v_slack_user():
    return "xoxp-%s-%s-%s-%s" % ("2" + rs(DG, rng.randint(9, 11)), "3" + rs(DG, rng.randint(9, 11)), "5" + rs(DG, 12), rs(HEX, 32))


def v_openai():
    f = rng.randint(0, 2)
    if f == 0:
        return "sk-proj-" + rs(AN + "_-", 74) + "T3BlbkFJ" + rs(AN + "_-", 74)
    if f == 1:
        return "sk-" + rs(AN, 20) + "T3BlbkFJ" + rs(AN, 20)
    return "sk-svcacct-" + rs(AN + "_-", 74) + "T3BlbkFJ" + rs(AN + "_-", 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(AN + "_-", 93) + "AA"


def v_akia():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)


def v_awssecret():
    return rs(AN + "+/", 40)


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def v_jwt():
    if rng.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = b64url(bytes(rng.randint(0, 255) for _ in range(32)))
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(HEX, 16)}
        sig = b64url(bytes(rng.randint(0, 255) for _ in range(256)))
    now = rng.randint(1767000000, 1790000000)
    pl = {"sub": pick(["svc-edi-gateway", "carrier:%s" % pick(CARRIERS), "terminal:%s" % pick(PORTS), "usr_%s" % rs(HEX, 10)]),
          "iss": pick(["https://auth.portlogix.example", "https://id.tracking.example"]), "aud": pick(["tracking-api", "edi-gateway", "yard-ui"]),
          "iat": now, "exp": now + pick([900, 3600, 86400]), "scope": pick(["containers:read events:read", "baplie:write", "gate:read gate:write"])}
    return ".".join([b64url(json.dumps(hdr, separators=(",", ":")).encode()), b64url(json.dumps(pl, separators=(",", ":")).encode()), sig])


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int_rand(nbytes):
    b = bytearray(rng.randint(0, 255) for _ in range(nbytes))
    b[0] |= 0x80
    b[-1] |= 1
    return der(0x02, b"\x00" + bytes(b))


def pem_rsa():
    bits = pick([1024, 2048])
    nb = bits // 8
    body = der(0x02, b"\x00") + der_int_rand(nb) + der(0x02, b"\x01\x00\x01") + der_int_rand(nb) + \
        der_int_rand(nb // 2) + der_int_rand(nb // 2) + der_int_rand(nb // 2) + der_int_rand(nb // 2) + der_int_rand(nb // 2)
    return "RSA PRIVATE KEY", der(0x30, body), 64


def pem_ec():
    d = bytes(rng.randint(0, 255) for _ in range(32))
    pub = b"\x04" + bytes(rng.randint(0, 255) for _ in range(64))
    body = der(0x02, b"\x01") + der(0x04, d) + der(0xa0, bytes.fromhex("06082a8648ce3d030107")) + der(0xa1, der(0x03, b"\x00" + pub))
    return "EC PRIVATE KEY", der(0x30, body), 64


def pem_ed25519():
    return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + bytes(rng.randint(0, 255) for _ in range(32)), 64


def pem_openssh():
    def s(b):
        return struct.pack(">I", len(b)) + b
    pub = bytes(rng.randint(0, 255) for _ in range(32))
    priv = bytes(rng.randint(0, 255) for _ in range(32))
    chk = bytes(rng.randint(0, 255) for _ in range(4))
    pubblob = s(b"ssh-ed25519") + s(pub)
    sec = chk + chk + s(b"ssh-ed25519") + s(pub) + s(priv + pub) + s(pick([b"edi@sftp-gw", b"baplie-uploader", b"deploy@yard"]))
    pad = 1
    while len(sec) % 8:
        sec += bytes([pad])
        pad += 1
    blob = b"openssh-key-v1\x00" + s(b"none") + s(b"none") + s(b"") + struct.pack(">I", 1) + s(pubblob) + s(sec)
    return "OPENSSH PRIVATE KEY", blob, 70


class Cycle:
    """Deterministic round-robin over a list (order drawn from rng when first used), so every format gets used."""

    def __init__(self, items):
        self.items, self.i = list(items), 0

    def next(self):
        if self.i % len(self.items) == 0:
            rng.shuffle(self.items)
        v = self.items[self.i % len(self.items)]
        self.i += 1
        return v


PEM_CYCLE = Cycle(["rsa", "ec", "ed25519", "openssh"])
PEM_LAYOUT = Cycle([0, 1, 2, 3, 4])
CC_CYCLE = Cycle([0, 1, 2, 3, 4, 5])
IBAN_CYCLE = Cycle(["DE", "NL", "GB", "FR", "AE", "BE", "CH"])
PHONE_CYCLE = Cycle(list(range(18)))


def v_pem():
    label, blob, w = {"rsa": pem_rsa, "ec": pem_ec, "ed25519": pem_ed25519, "openssh": pem_openssh}[PEM_CYCLE.next()]()
    enc = b64(blob)
    lines = [enc[i:i + w] for i in range(0, len(enc), w)]
    return label, lines


def v_cc():
    f = CC_CYCLE.next()
    if f == 0:
        n, net = luhn_complete("4" + rs(DG, 5), 16), "visa"
    elif f == 1:
        n, net = luhn_complete(pick(["51", "52", "53", "54", "55", "2221", "2720"]) + rs(DG, 4), 16), "mastercard"
    elif f == 2:
        n, net = luhn_complete(pick(["34", "37"]) + rs(DG, 4), 15), "amex"
    elif f == 3:
        n, net = luhn_complete(str(rng.randint(3528, 3589)) + rs(DG, 2), 16), "jcb"
    elif f == 4:
        n, net = luhn_complete("62" + rs(DG, 4), 16), "unionpay"
    else:
        n, net = luhn_complete("6011" + rs(DG, 2), 16), "discover"
    st = rng.randint(0, 2)
    if len(n) == 15:
        parts = [n[:4], n[4:10], n[10:]]
    else:
        parts = [n[i:i + 4] for i in range(0, 16, 4)]
    v = n if st == 0 else (" " if st == 1 else "-").join(parts)
    assert luhn_ok(n)
    return v, net


def v_iban():
    cc = IBAN_CYCLE.next()
    if cc == "DE":
        ib = make_iban("DE", rs(DG, 8) + rs(DG, 10))
    elif cc == "NL":
        ib = make_iban("NL", pick(["ABNA", "INGB", "RABO", "TRIO"]) + rs(DG, 10))
    elif cc == "GB":
        ib = make_iban("GB", pick(["NWBK", "BARC", "HBUK", "LOYD"]) + rs(DG, 6) + rs(DG, 8))
    elif cc == "FR":
        bank, br, acc = rs(DG, 5), rs(DG, 5), rs(DG, 11)
        key = 97 - (89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97
        ib = make_iban("FR", bank + br + acc + "%02d" % key)
    elif cc == "AE":
        ib = make_iban("AE", pick(["033", "035", "026", "030"]) + rs(DG, 16))
    elif cc == "BE":
        acc = rs(DG, 10)
        ck = int(acc) % 97 or 97
        ib = make_iban("BE", acc + "%02d" % ck)
    else:
        ib = make_iban("CH", pick(["00762", "00230", "08390"]) + rs(DG, 12))
    assert iban_ok(ib)
    return ib if rng.random() < 0.5 else " ".join(ib[i:i + 4] for i in range(0, len(ib), 4))


def v_ssn():
    while True:
        a = rng.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, rng.randint(1, 99), rng.randint(1, 9999))


def v_ip():
    while True:
        s = "%d.%d.%d.%d" % (pick([14, 27, 42, 45, 58, 103, 113, 116, 118, 119, 125, 139, 171, 180, 202, 210, 222]),
                             rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254))
        if ip_public(s):
            return s


FIRST = ["budi", "siti", "agus", "dewi", "rizky", "putri", "nguyen.van.an", "tran.thi.mai", "le.hoang", "pham.minh",
         "wei.ling", "kumar", "jun.hao", "li.na", "ahmad", "hanh.do", "sari", "thanh.vu"]
DOMS = ["samudra-logistik.co.id", "priokcargo.co.id", "tancanglogistics.com.vn", "haiphongfreight.vn",
        "harbourline.com.sg", "lionportlogistics.sg", "gmail.com", "yahoo.co.id", "portlogix.asia", "outlook.com"]


def v_email():
    return "%s%s@%s" % (pick(FIRST), pick(["", "", ".ops", str(rng.randint(1, 99))]), pick(DOMS))


def v_password():
    f = rng.randint(0, 4)
    if f == 0:
        return pick(["Priok", "CatLai", "Tuas", "HaiPhong", "Tanjung", "Cont", "Kho", "Yard", "Baplie"]) + pick(["#", "@", "!", "$", "_"]) + str(rng.randint(2024, 2027)) + pick(["!", "#", "$", "*"])
    if f == 1:
        return rs(AN + "!#$%^&*", rng.randint(12, 20))
    if f == 2:
        return "-".join(pick(["kapal", "gudang", "tau", "ben", "cang", "crane", "reefer", "segel", "bãi", "xe"]) for _ in range(3)).replace("ã", "a") + str(rng.randint(10, 99))
    if f == 3:
        return rs(UP, 2) + rs(LO, 5) + rs(DG, 4) + pick("!@#$%")
    return pick(["Sgp", "Jkt", "Hcm"]) + rs(AN, 6) + pick(["&", "!", "?"]) + rs(DG, 3)


def v_urlpw():
    return rs(AN, rng.randint(10, 20)) + pick(["", "", "-" + rs(AN, 4), "_" + rs(DG, 3)])


def v_phone():
    c = PHONE_CYCLE.next()
    idm = pick(["0811", "0812", "0813", "0821", "0822", "0852", "0857", "0878", "0896", "0819", "0838", "0881"])
    vnm = pick(["090", "093", "089", "070", "079", "091", "094", "088", "096", "097", "098", "086", "032", "035", "038", "056", "058", "077"])
    sgm = pick(["8", "9"]) + rs(DG, 3)
    if c == 0:
        return "%s-%s-%s" % (idm, rs(DG, 4), rs(DG, 4))
    if c == 1:
        return "+62 %s %s %s" % (idm[1:], rs(DG, 4), rs(DG, 4))
    if c == 2:
        return "%s%s" % (idm, rs(DG, rng.randint(7, 8)))
    if c == 3:
        return "(021) %s %s" % (pick("2345678") + rs(DG, 3), rs(DG, 4))
    if c == 4:
        return "+62-%s-%s-%s" % (idm[1:], rs(DG, 3), rs(DG, 4))
    if c == 5:
        return "62%s%s" % (idm[1:], rs(DG, 8))
    if c == 6:
        return "%s %s %s" % (vnm + rs(DG, 1), rs(DG, 3), rs(DG, 3))
    if c == 7:
        return "+84 %s %s %s" % (vnm[1:], rs(DG, 3), rs(DG, 4))
    if c == 8:
        return "%s.%s.%s" % (vnm, rs(DG, 3), rs(DG, 4))
    if c == 9:
        return "(028) %s %s" % (pick(["38", "39", "37", "22"]) + rs(DG, 2), rs(DG, 4))
    if c == 10:
        return "0084 %s%s" % (vnm[1:], rs(DG, 7))
    if c == 11:
        return "%s %s" % (sgm, rs(DG, 4))
    if c == 12:
        return "+65 %s %s" % (sgm, rs(DG, 4))
    if c == 13:
        return "+65-6%s-%s" % (rs(DG, 3), rs(DG, 4))
    if c == 14:
        return "6%s %s" % (rs(DG, 3), rs(DG, 4))
    if c == 15:
        return "+1 (%s) %s-%s" % (pick(["206", "415", "713", "832", "646", "312"]), pick("23456789") + rs(DG, 2), rs(DG, 4))
    if c == 16:
        return "%s-%s-%s" % (pick(["213", "305", "604", "917", "470"]), pick("23456789") + rs(DG, 2), rs(DG, 4))
    # fullwidth digits typed with a Chinese IME
    v = "+65 %s %s" % (sgm, rs(DG, 4))
    return "".join(chr(ord(ch) - 0x30 + 0xFF10) if ch.isdigit() else ch for ch in v)


# ----------------------------------------------------------------------------------------------- POSITIVE TEMPLATES
TOKVAR = {"aws_access_key_id": ["AWS_ACCESS_KEY_ID"], "aws_secret_access_key": ["AWS_SECRET_ACCESS_KEY"],
          "github_classic_pat": ["GITHUB_TOKEN", "GH_PAT", "EDI_MAPPING_REPO_TOKEN"], "github_fine_grained_pat": ["GITHUB_TOKEN", "GH_FG_PAT", "CI_GITHUB_PAT"],
          "slack_bot_token": ["SLACK_BOT_TOKEN", "YARD_ALERTS_BOT_TOKEN"], "slack_user_token": ["SLACK_USER_TOKEN", "SLACK_ADMIN_USER_TOKEN"],
          "openai_api_key": ["OPENAI_API_KEY"], "anthropic_api_key": ["ANTHROPIC_API_KEY"]}
VALGEN = {"aws_access_key_id": v_akia, "aws_secret_access_key": v_awssecret, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghf,
          "slack_bot_token": v_slack_bot, "slack_user_token": v_slack_user, "openai_api_key": v_openai, "anthropic_api_key": v_anthropic,
          "jwt": v_jwt, "ssn": v_ssn}


def tok_text(kind, v):
    var = pick(TOKVAR[kind])
    lo = var.lower()
    cam = lo.split("_")[0] + "".join(w.capitalize() for w in lo.split("_")[1:])
    ts = [
        lambda: "%s=%s" % (var, v),
        lambda: code("yaml", "edi_gateway:\n  partner: %s\n  %s: %s\n  timeout_s: 30" % (pick(SENDERS), lo, v)),
        lambda: code("toml", "[integrations.%s]\n%s = \"%s\"\nretries = 3" % (pick(["slack", "github", "llm", "aws"]), lo, v)),
        lambda: code("hcl", 'variable "%s" {\n  type    = string\n  default = "%s"\n}' % (lo, v)),
        lambda: "%s.%s=%s" % ("plx", lo.replace("_", "."), v),
        lambda: code("python", "os.environ[\"%s\"] = \"%s\"  # TODO: bỏ trước khi merge" % (var, v)),
        lambda: code("go", "os.Setenv(\"%s\", \"%s\")" % (var, v)),
        lambda: code("js", "const %s = '%s';" % (cam, v)),
        lambda: code("java", "private static final String %s = \"%s\";" % (var, v)),
        lambda: "docker run --rm -e %s=%s portlogix/edi-gateway:2.%d.0" % (var, v, rng.randint(1, 20)),
        lambda: code("json", '{"level":"debug","svc":"edi-gateway","msg":"config loaded","%s":"%s"}' % (cam, v)),
        lambda: "Mas, %s buat staging pakai ini dulu ya: %s" % (var, v),
        lambda: "Anh gửi %s tạm cho môi trường test: %s — dùng xong nhớ xoá nhé" % (var, v),
        lambda: "eh just use my %s first lah: %s later I rotate" % (var, v),
        lambda: "测试环境的 %s 先用这个：%s ，明天再换。" % (var, v),
        lambda: code("ini", "[%s]\n%s = %s" % (pick(["default", "edi", "tracking"]), lo, v)),
        lambda: code("yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\nstringData:\n  %s: \"%s\"" % (pick(["edi-gateway", "yard-bot", "eta-llm"]), lo, v)),
    ]
    if kind in ("slack_bot_token", "slack_user_token"):
        ts.append(lambda: 'curl -s -X POST https://slack.com/api/chat.postMessage -H "Authorization: Bearer %s" -d channel=C0%s -d text="Vessel %s berthed"' % (v, rs(UP + DG, 8), pick(VESSELS)))
    if kind in ("openai_api_key",):
        ts.append(lambda: 'curl https://api.openai.com/v1/chat/completions -H "Authorization: Bearer %s" -H "Content-Type: application/json"' % v)
        ts.append(lambda: code("python", "client = OpenAI(api_key=\"%s\")\n# tóm tắt email khách hàng về delay tàu" % v))
    if kind in ("anthropic_api_key",):
        ts.append(lambda: 'curl https://api.anthropic.com/v1/messages -H "x-api-key: %s" -H "anthropic-version: 2023-06-01"' % v)
        ts.append(lambda: code("python", "client = anthropic.Anthropic(api_key=\"%s\")  # ETA prediction PoC" % v))
    if kind in ("github_classic_pat", "github_fine_grained_pat"):
        ts.append(lambda: "GH_TOKEN=%s gh pr list -R portlogix/edi-mappings" % v)
        ts.append(lambda: code("http", "GET /repos/portlogix/edi-mappings/contents/baplie HTTP/1.1\nHost: api.github.com\nAuthorization: token %s" % v))
    if kind == "aws_access_key_id":
        ts.append(lambda: "aws configure set aws_access_key_id %s --profile plx-edi" % v)
    if kind == "aws_secret_access_key":
        ts.append(lambda: "aws configure set aws_secret_access_key %s --profile plx-edi" % v)
    return pick(ts)()


def phone_text(v):
    ts = [
        lambda: "Nomor supir truk %s: %s, hubungi sebelum masuk gate %s." % (plate(), v, pick(TERMINALS)),
        lambda: "SĐT tài xế xe %s: %s, gọi trước khi vào cổng %s nhé." % (plate(), v, pick(TERMINALS)),
        lambda: "forklift supervisor at %s can call %s lah, he on shift till 11pm" % (pick(TERMINALS), v),
        lambda: "司机电话：%s，箱号 %s，今晚提柜。" % (v, container()),
        lambda: code("json", '{"ts":"%s","event":"GATE_IN","plate":"%s","driver_phone":"%s","container":"%s"}' % (ts_iso(), plate(), v, container())),
        lambda: code("yaml", "notify:\n  reefer_alarm:\n    sms: \"%s\"\n    threshold_c: -18" % v),
        lambda: code("csv", "container,plate,driver_phone,slot\n%s,%s,%s,%s" % (container(), plate(), v, bincode())),
        lambda: "Kalau BL %s mau telex release, telepon CS kita di %s (jam kerja)." % (bl(), v),
        lambda: "Liên hệ anh điều độ bãi: %s — cont %s đang bị giữ ở %s." % (v, container(), bincode()),
        lambda: "| shift | PIC | HP |\n|---|---|---|\n| malam | supervisor gudang | %s |" % v,
        lambda: "Tel: %s\nPT Samudra Logistik — Divisi Trucking\nJl. Enggano No. %d, Tanjung Priok" % (v, rng.randint(1, 99)),
        lambda: "customer called from %s asking about %s, pls call back" % (v, container()),
        lambda: "报关行联系人手机 %s ，报关单号 %s" % (v, vn_tokhai()),
    ]
    return pick(ts)()


PW_LABELS = ["Mật khẩu", "Kata sandi", "password", "密码", "pass", "Password", "pwd"]


def password_text(v):
    ts = [
        lambda: "DB_PASSWORD=%s" % v,
        lambda: code("yaml", "datasource:\n  url: jdbc:postgresql://tos-db:5432/tos\n  username: tos_app\n  password: \"%s\"" % v),
        lambda: code("ini", "[vnaccs]\nuser = hq_khaibao\npassword = %s" % v),
        lambda: "spring.datasource.password=%s" % v,
        lambda: "Server=tos-sql;Database=Yard;User Id=yard_svc;Password=%s;TrustServerCertificate=true" % v,
        lambda: "Mật khẩu VNACCS tài khoản khai báo cảng %s: %s" % (pick(["Cát Lái", "Hải Phòng", "Cái Mép"]), v),
        lambda: "Kata sandi portal INSW sementara: %s — ganti setelah login pertama ya" % v,
        lambda: "TradeNet login for the new declarant: user PLXDECL%d, password %s" % (rng.randint(1, 9), v),
        lambda: "海关系统账号 plx_decl，密码：%s" % v,
        lambda: "wifi gudang CFS baru: SSID PLX-CFS-%d, %s: %s" % (rng.randint(1, 5), pick(PW_LABELS), v),
        lambda: ("Tối qua tàu %s cập cảng trễ 6 tiếng do thời tiết, toàn bộ kế hoạch xếp dỡ phải lùi lại và bãi %s gần như kín. "
                 "Team điều độ đã chuyển một phần cont rỗng sang khu B, đồng thời đề nghị hãng tàu cho phép hạ thêm ở depot ngoài. "
                 "Sáng nay hệ thống TOS bị khoá tài khoản do nhập sai nhiều lần, em đã reset lại.\n%s mới: %s" % (pick(VESSELS), pick(TERMINALS), pick(["Mật khẩu", "Password"]), v)),
        lambda: ("Update from night shift: quay crane 4 down for 2 hours, we moved the %s discharge to crane 6, "
                 "reefer plugs at block R are all full, 3 boxes waiting. Gate OCR misread about 12 plates, fixed manually. "
                 "Also the TOS admin account got locked lah, I reset it, the pw now is %s" % (pick(VESSELS), v)),
        lambda: code("properties", "edi.sftp.host=sftp.jict.internal\nedi.sftp.user=plx_edi\nedi.sftp.password=%s" % v),
        lambda: code("toml", "[customs.ceisa]\nusername = \"plx-ops\"\npassword = \"%s\"" % v),
        lambda: code("hcl", 'resource "random_password" "unused" {}\nlocals {\n  tos_admin_password = "%s"\n}' % v),
    ]
    return pick(ts)()


def cc_text(v, net):
    ts = [
        lambda: "Thẻ công ty để trả phí lưu bãi: %s, hết hạn %02d/%02d" % (v, rng.randint(1, 12), rng.randint(27, 31)),
        lambda: "Kartu kantor buat bayar THC online: %s exp %02d/%02d" % (v, rng.randint(1, 12), rng.randint(27, 31)),
        lambda: "pls use the %s corporate card %s for the port dues, CVV ask finance" % (net, v),
        lambda: "公司信用卡 %s 用来付码头费，别外传。" % v,
        lambda: code("json", '{"payment":{"method":"card","brand":"%s","pan":"%s","amount":"%s","ref":"%s"}}' % (net, v, money(), bl())),
        lambda: code("csv", "date,vendor,card,amount\n%s,%s,%s,\"%s\"" % (date_any(), pick(TERMINALS), v, money())),
        lambda: "card_number: %s  # test dulu di sandbox terminal %s" % (v, pick(TERMINALS)),
    ]
    return pick(ts)()


def email_text(v):
    ts = [
        lambda: "Gửi SI cho cont %s về %s giúp em nhé." % (container(), v),
        lambda: "Kirim draft BL %s ke %s sebelum cut-off." % (bl(), v),
        lambda: "pls cc %s on the VGM submission for %s" % (v, pick(VESSELS)),
        lambda: "请把到港通知发到 %s ，箱号 %s。" % (v, container()),
        lambda: code("yaml", "alerts:\n  demurrage:\n    to: %s\n    days_before: 2" % v),
        lambda: code("json", '{"consignee":{"name":"PT Sinar Abadi","email":"%s"},"bl":"%s"}' % (v, bl())),
        lambda: "notify_party_email=%s" % v,
    ]
    return pick(ts)()


def iban_text(v):
    ts = [
        lambda: "Supplier minta transfer ke IBAN baru %s untuk invoice INV-%d, tolong verifikasi dulu." % (v, rng.randint(10000, 99999)),
        lambda: "Tài khoản nhận cước của đại lý ở châu Âu: IBAN %s, SWIFT %s" % (v, pick(["DEUTDEFF", "INGBNL2A", "NWBKGB2L", "BNPAFRPP", "EBILAEAD"])),
        lambda: "pls pay the demurrage to %s by Friday, agent confirmed" % v,
        lambda: "代理行账户 IBAN：%s" % v,
        lambda: code("csv", "vendor,iban,amount\nEuroBox Leasing,%s,\"%s\"" % (v, money())),
        lambda: code("json", '{"beneficiary":"Rotterdam Container Services","iban":"%s","currency":"EUR"}' % v),
    ]
    return pick(ts)()


def ssn_text(v):
    ts = [
        lambda: "ISF-10: importer of record là cá nhân, SSN %s, cont %s" % (v, container()),
        lambda: "US consignee for BL %s is a sole proprietor, IOR number (SSN) %s" % (bl(), v),
        lambda: "Nomor SSN importir AS untuk ISF: %s" % v,
        lambda: "美国收货人 SSN：%s，用于 ISF 申报。" % v,
        lambda: code("json", '{"isf":{"importer_id_type":"SSN","importer_id":"%s","bl":"%s"}}' % (v, bl())),
    ]
    return pick(ts)()


def ip_text(v):
    ts = [
        lambda: "IP SFTP partner mới: %s, port 22, nhớ whitelist trên firewall." % v,
        lambda: "Tolong whitelist IP %s di firewall EDI, dari terminal %s." % (v, pick(TERMINALS)),
        lambda: "tracking API calls coming from %s, is that the carrier or not?" % v,
        lambda: code("", '%s - - [%s] "POST /edi/baplie HTTP/1.1" 401 %d' % (v, "15/Sep/2026:10:%02d:%02d +0700" % (rng.randint(0, 59), rng.randint(0, 59)), rng.randint(50, 900))),
        lambda: code("json", '{"level":"warn","msg":"auth failed","remote_addr":"%s","path":"/v2/containers"}' % v),
        lambda: "对方 EDI 服务器 IP：%s" % v,
        lambda: "iptables -A INPUT -s %s -p tcp --dport 22 -j ACCEPT" % v,
    ]
    return pick(ts)()


def url_text(v):
    ts = [
        lambda: "sftp://plx_edi:%s@%s:22/inbound/baplie" % (v, pick(["sftp.jict-edi.co.id", "edi.tancang.com.vn"])),
        lambda: "DATABASE_URL=postgres://tos_app:%s@%s:5432/tos" % (v, pick(["tos-db.prod.plx", "tos-db.jkt.portlogix.asia"])),
        lambda: code("yaml", "spring:\n  rabbitmq:\n    addresses: amqps://edi_pub:%s@%s:5671/edi" % (v, "mq.portlogix.asia")),
        lambda: "MONGO_URI=mongodb+srv://tracking:%s@%s/events?retryWrites=true" % (v, "cluster0.ab12c.mongodb.net"),
        lambda: code("python", "engine = create_engine(\"mysql+pymysql://yard:%s@%s:3306/yard\")" % (v, "yard-db.sgp.portlogix.asia")),
        lambda: "REDIS_URL=redis://default:%s@%s:6379/0" % (v, "cache.plx.asia"),
        lambda: "Cấu hình FTP của cảng: ftp://khaibao:%s@%s/out" % (v, "ftp.haiphongport.com.vn"),
    ]
    return pick(ts)()


def jwt_text(v):
    ts = [
        lambda: 'curl -H "Authorization: Bearer %s" https://api.tracking.example/v2/containers/%s/events' % (v, container()),
        lambda: code("http", "GET /v2/bl/%s HTTP/1.1\nHost: api.tracking.example\nAuthorization: Bearer %s" % (bl(), v)),
        lambda: "token dari portal carrier (berlaku 1 jam): %s" % v,
        lambda: "Token JWT để gọi API cổng: %s" % v,
        lambda: code("json", '{"ts":"%s","msg":"outbound call","headers":{"authorization":"Bearer %s"}}' % (ts_iso(), v)),
        lambda: "Cookie: plx_session=%s; lang=vi" % v,
    ]
    return pick(ts)()


def pem_text():
    label, lines = v_pem()
    lay = PEM_LAYOUT.next()
    if lay == 0:
        val = "\n".join(lines)
        t = pick(["Key SFTP EDI buat JICT:", "đây là key SFTP cho Cát Lái:", "BAPLIE uploader key:", "SFTP 私钥："]) + \
            "\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (label, val, label)
    elif lay == 1:
        val = "\n    ".join(lines)
        t = code("yaml", "edi:\n  sftp_private_key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----" % (label, val, label))
    elif lay == 2:
        val = "\\n".join(lines)
        t = code("json", '{"partner":"%s","private_key":"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n"}' % (pick(SENDERS), label, val, label))
    elif lay == 3:
        val = "\n".join(lines)
        t = code("hcl", 'resource "aws_secretsmanager_secret_version" "sftp" {\n  secret_id     = aws_secretsmanager_secret.sftp.id\n  secret_string = <<EOF\n-----BEGIN %s-----\n%s\n-----END %s-----\nEOF\n}' % (label, val, label))
    else:
        val = "\\n".join(lines)
        t = 'EDI_SFTP_KEY="-----BEGIN %s-----\\n%s\\n-----END %s-----"' % (label, val, label)
    assert base64.b64decode("".join(lines))
    return t, val, "private_key_pem:%s:layout%d" % (label.replace(" PRIVATE KEY", "").replace("PRIVATE KEY", "PKCS8").lower(), lay)


def single(kind):
    """Return (text, [secrets], context)."""
    if kind in TOKVAR:
        v = VALGEN[kind]()
        return tok_text(kind, v), [(kind, v)], kind
    if kind == "phone_number":
        v = v_phone()
        return phone_text(v), [(kind, v)], kind
    if kind == "password":
        v = v_password()
        return password_text(v), [(kind, v)], kind
    if kind == "credit_card":
        v, net = v_cc()
        return cc_text(v, net), [(kind, v)], kind + ":" + net
    if kind == "email_address":
        v = v_email()
        return email_text(v), [(kind, v)], kind
    if kind == "iban":
        v = v_iban()
        return iban_text(v), [(kind, v)], kind + ":" + v[:2]
    if kind == "us_ssn":
        v = v_ssn()
        return ssn_text(v), [(kind, v)], kind
    if kind == "ipv4_address":
        v = v_ip()
        return ip_text(v), [(kind, v)], kind
    if kind == "url_credentials":
        v = v_urlpw()
        return url_text(v), [(kind, v)], kind
    if kind == "jwt":
        v = v_jwt()
        return jwt_text(v), [(kind, v)], kind
    if kind == "private_key_pem":
        t, v, ctx = pem_text()
        return t, [(kind, v)], ctx
    raise KeyError(kind)


def pair(name):
    if name == "aws":
        a, s = v_akia(), v_awssecret()
        t = pick([
            lambda: code("ini", "[plx-edi]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = ap-southeast-1" % (a, s)),
            lambda: "AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s" % (a, s),
            lambda: "Key upload BAPLIE ke S3 (sementara): access key %s / secret %s" % (a, s),
            lambda: code("python", "s3 = boto3.client(\"s3\", aws_access_key_id=\"%s\", aws_secret_access_key=\"%s\")" % (a, s)),
            lambda: "anh dùng tạm cặp key này để đẩy file COPRAR lên bucket: %s %s" % (a, s),
        ])()
        return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)]
    if name == "slack":
        b, u = v_slack_bot(), v_slack_user()
        t = code("yaml", "slack:\n  bot_token: %s\n  user_token: %s\n  channel: \"#yard-alerts\"" % (b, u)) if rng.random() < 0.5 else \
            "SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s" % (b, u)
        return t, [("slack_bot_token", b), ("slack_user_token", u)]
    if name == "contact":
        e, p = v_email(), v_phone()
        t = pick([lambda: "Liên hệ đại lý: %s / %s" % (e, p), lambda: "PIC consignee: %s, HP %s" % (e, p),
                  lambda: "contact for %s: %s or call %s" % (container(), e, p), lambda: "收货人联系方式：%s，电话 %s" % (e, p)])()
        return t, [("email_address", e), ("phone_number", p)]
    if name == "github":
        c, f = v_ghp(), v_ghf()
        return "old PAT %s is revoked? use the fine-grained one now: %s" % (c, f), [("github_classic_pat", c), ("github_fine_grained_pat", f)]
    if name == "llm":
        o, a = v_openai(), v_anthropic()
        t = "OPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s" % (o, a) if rng.random() < 0.5 else \
            code("yaml", "eta_predictor:\n  providers:\n    openai: %s\n    anthropic: %s" % (o, a))
        return t, [("openai_api_key", o), ("anthropic_api_key", a)]
    if name == "iban_phone":
        i, p = v_iban(), v_phone()
        return "Vendor ganti rekening ke IBAN %s, katanya konfirmasi ke %s" % (i, p), [("iban", i), ("phone_number", p)]
    if name == "login":
        e, pw = v_email(), v_password()
        t = pick([lambda: "Tài khoản portal hãng tàu: %s / %s" % (e, pw), lambda: "login e-booking: %s pw %s" % (e, pw)])()
        return t, [("email_address", e), ("password", pw)]
    if name == "jwt_ip":
        j, ip = v_jwt(), v_ip()
        return 'curl -H "Authorization: Bearer %s" http://%s:8080/v2/events' % (j, ip), [("jwt", j), ("ipv4_address", ip)]
    if name == "url_pw":
        u, pw = v_urlpw(), v_password()
        return code("yaml", "edi:\n  sftp_url: sftp://plx_edi:%s@sftp.tcit.com.vn:22/in\n  archive_zip_password: \"%s\"" % (u, pw)), [("url_credentials", u), ("password", pw)]
    if name == "card_phone":
        c, _ = v_cc()
        p = v_phone()
        return "Bayar storage pakai kartu %s, kalau OTP gagal telepon %s" % (c, p), [("credit_card", c), ("phone_number", p)]
    if name == "pem_ip":
        label, lines = v_pem()
        ip = v_ip()
        val = "\n".join(lines)
        return "host %s, user edi, key:\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (ip, label, val, label), [("private_key_pem", val), ("ipv4_address", ip)]
    raise KeyError(name)


PAIRS = ["aws"] * 5 + ["slack"] * 2 + ["contact"] * 3 + ["github", "llm", "llm", "iban_phone", "login", "login", "jwt_ip",
                                                          "url_pw", "card_phone", "pem_ip"]
KIND_COUNTS = [("phone_number", 18), ("password", 14), ("credit_card", 12), ("email_address", 8), ("iban", 9), ("us_ssn", 5),
               ("ipv4_address", 7), ("url_credentials", 7), ("jwt", 9), ("private_key_pem", 9), ("aws_access_key_id", 9),
               ("aws_secret_access_key", 9), ("github_classic_pat", 9), ("github_fine_grained_pat", 9), ("slack_bot_token", 9),
               ("slack_user_token", 9), ("openai_api_key", 9), ("anthropic_api_key", 9)]


def build_positives():
    assert len(PAIRS) == 20
    out = []
    remaining = dict(KIND_COUNTS)
    seen = set()
    for name in PAIRS:
        while True:
            t, secs = pair(name)
            if t not in seen:
                break
        seen.add(t)
        for k, _ in secs:
            remaining[k] -= 1
        out.append((dress(t, 0.12, 0.05), secs, "multi:%s:%d" % (name, len(secs))))
    for kind, _ in KIND_COUNTS:
        assert remaining[kind] >= 0, kind
        for _ in range(remaining[kind]):
            while True:
                t, secs, ctx = single(kind)
                if t not in seen:
                    break
            seen.add(t)
            out.append((dress(t, 0.12, 0.05), secs, ctx))
    recs = []
    for t, secs, ctx in out:
        for k, v in secs:
            assert v in t, (k, v)
        recs.append({"text": t, "secrets": [{"kind": k, "value": v} for k, v in secs], "context": ctx})
    return recs


def validate_positive(k, v):
    if k == "credit_card":
        assert luhn_ok(re.sub(r"\D", "", v))
    elif k == "iban":
        assert iban_ok(v)
    elif k == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and int(a) < 900 and g != "00" and s != "0000"
    elif k == "ipv4_address":
        assert ip_public(v)
    elif k == "jwt":
        h, p, _ = v.split(".")
        json.loads(base64.urlsafe_b64decode(h + "=" * (-len(h) % 4)))
        json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
    elif k == "private_key_pem":
        base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    elif k == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v)
        assert base62(zlib.crc32(v[4:34].encode()) & 0xffffffff).rjust(6, "0") == v[34:]
    elif k == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v)
    elif k == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d{10,12}-\d{13}-[A-Za-z0-9]{24}", v)
    elif k == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d{13}-[0-9a-f]{32}", v)
    elif k == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v)
    elif k == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif k == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9+/]{40}", v)


def main():
    negs, rejects, used = build_negatives()
    poss = build_positives()
    rng.shuffle(negs)
    rng.shuffle(poss)
    negs = [dict([("id", "h68n-%04d" % (i + 1))] + list(r.items())) for i, r in enumerate(negs)]
    poss = [dict([("id", "h68p-%04d" % (i + 1))] + list(r.items())) for i, r in enumerate(poss)]
    for r in poss:
        for s in r["secrets"]:
            validate_positive(s["kind"], s["value"])
    with open(os.path.join(HERE, "redaction68_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction68_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    final = [h for r in negs for h in scan(r["text"])]
    assert not final, final
    assert len({r["text"] for r in negs}) == 600
    print("negatives:", len(negs), " final scan hits:", len(final))
    for cat, temps in CATS:
        rs_ = [r for r in negs if r["category"] == cat]
        lc = [r["text"].count("\n") + 1 for r in rs_]
        print("  %-22s %d texts, %d templates used, lines %d/%d" % (cat, len(rs_), sum(1 for t in temps if (cat, t.__name__) in used), min(lc), max(lc)))
    print("redraws:", sum(rejects.values()), sorted(rejects.items(), key=lambda x: -x[1])[:12])
    kinds = {}
    for r in poss:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    print("positives:", len(poss), "secrets:", sum(kinds.values()), "two-secret texts:", sum(1 for r in poss if len(r["secrets"]) == 2))
    for k, n in KIND_COUNTS:
        assert kinds[k] == n, (k, kinds[k], n)
    missed, extra = [], []
    for r in poss:
        hs = scan(r["text"])
        vals = [(s["kind"], norm(s["value"]), re.sub(r"\D", "", norm(s["value"]))) for s in r["secrets"]]
        for k, v, vd in vals:
            if k in ("password", "aws_secret_access_key"):
                continue
            ok = False
            for rule, m in hs:
                md = re.sub(r"\D", "", norm(m))
                if (rule == "pem" and k == "private_key_pem") or norm(m) in v or v in norm(m) or \
                        (k in ("phone_number", "credit_card") and md and (md in vd or vd in md)):
                    ok = True
            if not ok:
                missed.append((r["id"], k, r["secrets"][0]["value"][:24]))
        for rule, m in hs:
            md = re.sub(r"\D", "", norm(m))
            if not any(rule == "pem" or norm(m) in v or v in norm(m) or (md and len(md) >= 6 and md in vd) for k, v, vd in vals):
                extra.append((r["id"], rule, m))
    print("scanner misses on positives (password / aws secret not scanned):", len(missed), missed)
    print("unlabelled scanner hits in positives:", len(extra), extra)

if __name__ == "__main__":
    main()
