#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Held-out redaction corpus #21.

Theme: a telecom network-operations centre's Slack.
Standard library only, deterministic (random.Random(2121)).
Writes redaction21_negatives.jsonl and redaction21_positives.jsonl next to this file.
"""
import base64
import gzip
import hashlib
import json
import math
import os
import re
import string
import struct
import sys
import urllib.parse
import zlib
import random

SEED = 2121
rng = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 21

DIG = string.digits
UP = string.ascii_uppercase
LO = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
B64URL = ALNUM + "-_"
B64STD = ALNUM + "+/"
CRYPT = "./" + string.digits + UP + LO


# ------------------------------------------------------------------ helpers
def ri(a, b):
    return rng.randint(a, b)


def ch(seq):
    return rng.choice(seq)


def chl(seq):
    """choice over str or (lang, str) options; records the language of the chosen one."""
    x = rng.choice(seq)
    if isinstance(x, tuple):
        lang(x[0])
        return x[1]
    return x


def chance(p):
    return rng.random() < p


def s_of(alpha, n):
    return "".join(rng.choice(alpha) for _ in range(n))


def hx(n):
    return s_of("0123456789abcdef", n)


def HX(n):
    return s_of("0123456789ABCDEF", n)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, w=64):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def fill(t, **kw):
    for k, v in kw.items():
        t = t.replace("\u00ab" + k + "\u00bb", str(v))
    assert "\u00ab" not in t, t
    return t


def uuid4():
    b = bytearray(rbytes(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    return ch("01234567") + s_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 25)


def luhn_ok(s):
    tot = 0
    for i, d in enumerate(reversed(s)):
        n = int(d)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        tot += n
    return tot % 10 == 0


def luhn_complete(body):
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def rdate():
    return chl([2024, 2025, 2026]), ri(1, 12), ri(1, 28)


def iso_ts(z=True):
    y, m, d = rdate()
    s = f"{y}-{m:02d}-{d:02d}T{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}.{ri(0, 999):03d}"
    return s + ("Z" if z else chl(["+01:00", "+02:00", "+00:00", "+09:00", "-03:00"]))


def hms():
    return f"{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}"


def epoch():
    return ri(1704067200, 1798761600)


SITES = ["ams", "fra", "lon", "par", "mad", "waw", "sto", "ist", "tyo", "sel", "mil", "lis", "ber", "muc",
         "vie", "zrh", "prg", "hel", "osl", "cph", "dub", "bcn", "ath", "buh", "sof", "rix", "osa", "sha"]
ROLES = ["@noc-l1", "@noc-l2", "@ipcore-oncall", "@transport-oncall", "@secops", "@field-ops", "@billing-ops",
         "@mobile-core", "@netdev", "@shift-lead", "@peering", "@oss-team"]


def host():
    return (f"{chl(['pe', 'p', 'ce', 'agg', 'bng', 'core', 'br', 'asbr', 'rr', 'acc', 'dci', 'sw', 'olt', 'cmts'])}"
            f"{ri(1, 4)}-{ch(SITES)}{ri(1, 9):02d}")


def priv_ip():
    k = ri(0, 5)
    if k == 0:
        return f"10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
    if k == 1:
        return f"172.{ri(16, 31)}.{ri(0, 255)}.{ri(1, 254)}"
    if k == 2:
        return f"192.168.{ri(0, 255)}.{ri(1, 254)}"
    if k == 3:
        return f"100.{ri(64, 127)}.{ri(0, 255)}.{ri(1, 254)}"
    return chl(["192.0.2", "198.51.100", "203.0.113"]) + f".{ri(1, 254)}"


def lo_ip():
    return f"10.{ri(0, 3)}.{ri(0, 255)}.{ri(1, 254)}"


def priv_prefix():
    k = ri(0, 4)
    if k == 0:
        return f"10.{ri(0, 255)}.{ri(0, 255) & 0xFC}.0/{chl([22, 23, 24])}"
    if k == 1:
        return f"172.{ri(16, 31)}.{ri(0, 255)}.0/24"
    if k == 2:
        return f"100.{ri(64, 127)}.{ri(0, 255) & 0xF0}.0/{chl([20, 24])}"
    if k == 3:
        return f"192.168.{ri(0, 255)}.0/24"
    return chl(["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", f"203.0.113.{chl([0, 64, 128])}/26",
               f"198.51.100.{chl([0, 128])}/25"])


def v6():
    return f"2001:db8:{hx(ri(1, 4)).lstrip('0') or '0'}:{hx(ri(1, 4)).lstrip('0') or '0'}::{hx(ri(1, 4)).lstrip('0') or '1'}"


def asn():
    return chl([ri(64512, 65534), ri(64496, 64511), ri(4200000000, 4294967294)])


def ifname():
    return chl([f"TenGigE0/0/0/{ri(0, 35)}", f"HundredGigE0/{ri(0, 7)}/0/{ri(0, 7)}", f"xe-{ri(0, 5)}/{ri(0, 3)}/{ri(0, 7)}",
               f"et-{ri(0, 5)}/0/{ri(0, 11)}", f"GigabitEthernet0/0/{ri(0, 7)}", f"Ethernet{ri(1, 48)}",
               f"1/1/c{ri(1, 34)}/1", f"Te1/0/{ri(1, 48)}", f"ge-0/0/{ri(0, 23)}", f"Bundle-Ether{ri(1, 400)}"])


def mac(sep=":"):
    b = rbytes(6)
    if sep == ".":
        h = b.hex()
        return f"{h[:4]}.{h[4:8]}.{h[8:]}"
    return sep.join(f"{x:02x}" for x in b)


def circuit_id():
    k = ri(0, 7)
    if k == 0:
        return f"{ri(10, 99)}/{chl(['KFGS', 'HCGS', 'L1XN', 'KRGS', 'VLXP'])}/{ri(100000, 999999)}/{ri(0, 999):03d}/{chl(['TLC', 'LGT', 'NFB', 'EUR'])}"
    if k == 1:
        return f"{chl(['LON', 'AMS', 'FRA', 'PAR', 'MAD'])}/{chl(['AMS', 'FRA', 'LON', 'WAW', 'STO'])}/{chl(['10G', '100G', '1G', '400G'])}/{ri(1000, 999999):06d}"
    if k == 2:
        return f"IC-{ri(100000, 999999)}"
    if k == 3:
        return f"{ri(1000, 9999)} {ri(1000, 9999)} {ri(1000, 9999)} {ri(1000, 9999)}"
    if k == 4:
        return f"CID{ri(10 ** 9, 10 ** 10 - 1)}"
    if k == 5:
        return f"DF-{ch(SITES).upper()}-{ri(1, 99):03d}-{ri(1, 48):02d}"
    if k == 6:
        return f"{ri(100, 999)}-{ri(100, 999)}-{ri(1000, 9999)}-{chl(['ETH', 'WAV', 'IPT'])}"
    return f"E-LINE-{ri(100000, 999999)}-{chl(['A', 'B', 'Z'])}"


def chg():
    return chl([f"CHG{ri(0, 9999999):07d}", f"CR-{ri(2024, 2026)}-{ri(1, 9999):04d}", f"MW{ri(10000, 99999)}",
               f"RFC {ri(100000, 999999)}"])


def tt():
    return chl([f"TT{ri(10 ** 7, 10 ** 8 - 1)}", f"INC{ri(0, 9999999):07d}", f"NOC-{ri(100000, 999999)}",
               f"{ri(2024, 2026)}{ri(1, 12):02d}{ri(1, 28):02d}-{ri(0, 99999):05d}",
               f"SR {ri(690000000, 699999999)}", f"Case {ri(2024, 2026)}-{ri(1, 12):02d}{ri(1, 28):02d}-{ri(0, 999999):06d}"])


# ------------------------------------------------------------------ languages
LANG_USED = set()


def lang(code):
    LANG_USED.add(code)
    return code


LEADINS = {
    "en": ["fyi", "heads up:", "FYI \u2014", "for the record:", "quick one:", "pasting from the ticket:", "from the shift log:"],
    "de": ["Zur Info:", "kurz zur Info:", "Hinweis:", "aus dem Ticket kopiert:"],
    "fr": ["Pour info :", "\u00c0 noter :", "copi\u00e9 du ticket :"],
    "es": ["Ojo:", "Para que conste:", "copio del ticket:"],
    "pt": ["S\u00f3 pra constar:", "Aten\u00e7\u00e3o:", "colando do chamado:"],
    "it": ["Per info:", "Nota:", "copio dal ticket:"],
    "nl": ["Ter info:", "Let op:", "uit het ticket:"],
    "pl": ["Dla info:", "Uwaga:", "wklejam z ticketu:"],
    "ja": ["\u30e1\u30e2:", "\u5171\u6709\u3067\u3059:", "\u30c1\u30b1\u30c3\u30c8\u304b\u3089\u8ee2\u8a18:"],
    "zh": ["\u4f9b\u53c2\u8003\uff1a", "\u6ce8\u610f\uff1a", "\u4ece\u5de5\u5355\u91cc\u590d\u5236\u7684\uff1a"],
    "ru": ["\u041a \u0441\u0432\u0435\u0434\u0435\u043d\u0438\u044e:", "\u0414\u043b\u044f \u0438\u043d\u0444\u043e\u0440\u043c\u0430\u0446\u0438\u0438:", "\u0438\u0437 \u0442\u0438\u043a\u0435\u0442\u0430:"],
    "ar": ["\u0644\u0644\u0639\u0644\u0645:", "\u0645\u0644\u0627\u062d\u0638\u0629:"],
    "tr": ["Bilginize:", "Not:", "kay\u0131ttan kopyalad\u0131m:"],
    "ko": ["\ucc38\uace0:", "\uacf5\uc720\ub4dc\ub9bd\ub2c8\ub2e4:", "\ud2f0\ucf13\uc5d0\uc11c \ubcf5\uc0ac:"],
    "sv": ["FYI:", "Obs:", "fr\u00e5n \u00e4rendet:"],
}
TRAILERS = {
    "en": ["thoughts?", "will update the ticket.", "\U0001f440", "ack pls", "closing the loop in the ticket.", "(no action needed)"],
    "de": ["Danke!", "bitte kurz pr\u00fcfen."],
    "fr": ["merci !", "je mets \u00e0 jour le ticket."],
    "es": ["\u00bflo revisas?", "gracias"],
    "pt": ["valeu", "atualizo o chamado."],
    "ja": ["\u3088\u308d\u3057\u304f\u304a\u9858\u3044\u3057\u307e\u3059\u3002"],
    "zh": ["\u8c22\u8c22\u3002"],
    "ru": ["\u0441\u043f\u0430\u0441\u0438\u0431\u043e."],
    "ko": ["\ud655\uc778 \ubd80\ud0c1\ub4dc\ub9bd\ub2c8\ub2e4."],
    "nl": ["dank!"],
    "pl": ["dzi\u0119ki"],
}


def decorate(text, p_lead=0.13, p_trail=0.06):
    if chance(p_lead):
        code = ch(list(LEADINS))
        lang(code)
        lead = ch(LEADINS[code])
        text = lead + (" " if "\n" not in text[:80] and chance(0.5) else "\n") + text
    if chance(p_trail):
        code = ch(list(TRAILERS))
        lang(code)
        text = text + ("\n" if "```" in text[-4:] or chance(0.5) else " ") + ch(TRAILERS[code])
    return text


def code_block(body, lang_tag=""):
    return f"```{lang_tag}\n{body}\n```"


# ------------------------------------------------------------------ scanner (for negatives)
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
GH_RE = re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b|github_pat_[A-Za-z0-9_]{30,}")
SLACK_RE = re.compile(r"xox[abposre]-\d+-[A-Za-z0-9-]+")
SK_RE = re.compile(r"\bsk-(?:ant-api\d\d-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")
AWS_RE = re.compile(r"\b(?:AKIA|ASIA)[A-Z2-7]{16}\b")
JWT_RE = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")
SSN_RE = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
PEM_RE = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[ \t]*\r?\n(?:[A-Za-z-]+: [^\n]*\n|\s)*([A-Za-z0-9+/=\n\r \t]{40,})")
PHONE_RE = re.compile(r"(?<![\w+])\+\d{1,3}[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,4}){2,4}")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
DIGRUN_RE = re.compile(r"(?<!\d)\d+(?:[ -]\d+)*(?!\d)")
IBAN_RE = re.compile(r"\b([A-Z]{2})(\d{2})((?:[ ]?[A-Z0-9]){10,32})")
NAME_RE = re.compile(r"\b(John|Jane|Maria|Peter|Michael|David|Thomas|Ahmed|Mohammed|Hans|Pierre|Juan|Carlos|Olga|Ivan|"
                     r"Sarah|Emma|Lukas|Sophie|Giulia|Marco|Yuki|Hiroshi|Wei|Anna|Piotr|Fatima|Mehmet)\b")

IBAN_LEN = {"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "CH": 21,
            "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "ES": 24, "FI": 18, "FO": 18, "FR": 27,
            "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IS": 26,
            "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24,
            "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25,
            "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TN": 24, "TR": 26, "UA": 29,
            "VG": 24, "XK": 20}


def mod97(s):
    s = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in s)
    return int(num) % 97


def ip_public(o):
    a, b, c, d = o
    if max(o) > 255:
        return False
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


def scan(text):
    hits = []
    for m in EMAIL_RE.finditer(text):
        # userinfo of a URL (scheme://user:pass@host) is not an e-mail address
        if re.search(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s/@]*:$", text[max(0, m.start() - 100):m.start()]):
            continue
        hits.append(("email", m.group(0)))
    for rx, name in ((GH_RE, "github"), (SLACK_RE, "slack"), (SK_RE, "sk_key"), (JWT_RE, "jwt"), (SSN_RE, "ssn"),
                     (PHONE_RE, "phone"), (NAME_RE, "person_name")):
        for m in rx.finditer(text):
            if name == "phone" and len(re.sub(r"\D", "", m.group(0))) < 8:
                continue
            if name == "github" and len(set(m.group(0).split("_")[-1])) == 1:
                continue  # ghp_XXXX... placeholder
            if name == "ssn":
                a, g, n = (int(x) for x in m.group(0).split("-"))
                if a == 0 or a == 666 or a >= 900 or g == 0 or n == 0:
                    continue  # not a valid SSN layout (e.g. the 000-00-0000 form example)
            hits.append((name, m.group(0)))
    for m in AWS_RE.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in PEM_RE.finditer(text):
        body = re.sub(r"\s", "", m.group(1))
        if len(body) >= 40:
            hits.append(("pem_private", body[:20]))
    for m in IP_RE.finditer(text):
        if any(len(x) > 1 and x[0] == "0" for x in m.groups()):
            continue  # leading-zero octet: not a dotted quad for inet_pton (e.g. universalk9.17.12.03a)
        o = tuple(int(x) for x in m.groups())
        if max(o) <= 255 and ip_public(o):
            hits.append(("public_ipv4", m.group(0)))
    for m in DIGRUN_RE.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc):
                    hits.append(("luhn", acc))
    for m in IBAN_RE.finditer(text):
        cc = m.group(1)
        if cc not in IBAN_LEN:
            continue
        compact = (m.group(1) + m.group(2) + m.group(3)).replace(" ", "")
        L = IBAN_LEN[cc]
        if len(compact) >= L and mod97(compact[:L]) == 1:
            hits.append(("iban", compact[:L]))
    return hits


# ------------------------------------------------------------------ real bytes for blobs / data URIs
def _png_chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def png_bytes(w=None, h=None):
    w = w or ri(4, 24)
    h = h or ri(2, 16)
    cols = [rbytes(3) for _ in range(ri(2, 4))]
    rows = []
    for y in range(h):
        c = cols[(y * len(cols)) // h]
        rows.append(b"\x00" + c * w)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + _png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _png_chunk(b"IEND", b""))


def gif_bytes():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + rbytes(3) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


ICON_TXT = ["!", "P1", "P2", "OK", "\u26a0"]


def svg_text():
    col = "#" + hx(6)
    k = ri(0, 2)
    if k == 0:
        body = f'<circle cx="8" cy="8" r="{ri(4, 7)}" fill="{col}"/>'
    elif k == 1:
        body = f'<path d="M2 {ri(8, 14)}l{ri(3, 5)}-{ri(4, 8)} {ri(3, 5)} {ri(2, 5)} {ri(3, 5)}-{ri(5, 9)}" stroke="{col}" fill="none" stroke-width="2"/>'
    else:
        body = f'<rect x="1" y="1" width="14" height="14" rx="3" fill="{col}"/><text x="8" y="12" font-size="9" text-anchor="middle" fill="#fff">{ch(ICON_TXT)}</text>'
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">{body}</svg>'


def ico_bytes():
    hdr = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, 40 + 16 * 16 * 4, 22)
    bmp = struct.pack("<IiiHHIIiiII", 40, 16, 32, 1, 32, 0, 16 * 16 * 4, 0, 0, 0, 0)
    px = rbytes(4) * (16 * 16)
    return hdr + bmp + px


def woff2_bytes(n):
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", n + 48) + b"\x00\x0c\x00\x00" + rbytes(n)


def ttf_bytes(n):
    return b"\x00\x01\x00\x00\x00\x0f\x00\x80\x00\x03\x00\x70" + b"GDEF" + rbytes(n)


def wav_bytes(ms=30):
    rate = 8000
    f = chl([440, 660, 880, 1000])
    n = rate * ms // 1000
    samples = b"".join(struct.pack("<h", int(9000 * math.sin(2 * math.pi * f * i / rate))) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + len(samples)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16)
            + b"data" + struct.pack("<I", len(samples)) + samples)


def pdf_bytes(title):
    s = (f"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"
         f"3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n"
         f"4 0 obj\n<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 770 Td ({title}) Tj ET\nendstream\nendobj\n"
         f"trailer\n<< /Root 1 0 R >>\n%%EOF\n")
    return s.encode()


def gz(data):
    return gzip.compress(data, compresslevel=9, mtime=0)


def ipv4_bytes(ip):
    return bytes(int(x) for x in ip.split("."))


def netflow_packet(src, dst):
    payload = struct.pack(">HHIIII", 9, ri(1, 30), ri(10 ** 6, 4 * 10 ** 9), epoch(), ri(1, 10 ** 7), ri(0, 255))
    payload += struct.pack(">HH", 256, 4 + 8 * ri(3, 8)) + rbytes(ri(40, 120))
    udp = struct.pack(">HHHH", ri(49152, 65535), 2055, 8 + len(payload), 0) + payload
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), ri(0, 65535), 0x4000, 64, 17, 0, ipv4_bytes(src), ipv4_bytes(dst))
    return ip + udp


def hexdump_tcpdump(data):
    out = []
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        words = " ".join(chunk[i:i + 2].hex() for i in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        out.append(f"\t0x{off:04x}:  {words:<40}  {asc}")
    return "\n".join(out)


def pcap_bytes(pkts):
    g = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)
    for p in pkts:
        eth = rbytes(12) + b"\x08\x00" + p
        g += struct.pack("<IIII", epoch(), ri(0, 999999), len(eth), len(eth)) + eth
    return g


def ssh_string(b):
    return struct.pack(">I", len(b)) + b


def ssh_pub_ed25519():
    return b64(ssh_string(b"ssh-ed25519") + ssh_string(rbytes(32)))


def ssh_pub_rsa(bits=2048):
    n = bytes([0x00, 0x80 | rng.getrandbits(7)]) + rbytes(bits // 8 - 1)
    return b64(ssh_string(b"ssh-rsa") + ssh_string(b"\x01\x00\x01") + ssh_string(n))


def ssh_pub_ecdsa():
    return b64(ssh_string(b"ecdsa-sha2-nistp256") + ssh_string(b"nistp256") + ssh_string(b"\x04" + rbytes(64)))


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def fake_cert_der():
    tbs = der(0x30, der(0xA0, der(0x02, b"\x02")) + der(0x02, b"\x00" + rbytes(16))
              + der(0x30, der(0x06, bytes.fromhex("2a8648ce3d040302")))
              + der(0x30, der(0x31, der(0x30, der(0x06, b"\x55\x04\x03") + der(0x0C, host().encode() + b".noc.example.net"))))
              + der(0x30, der(0x17, b"250101000000Z") + der(0x17, b"270101000000Z"))
              + der(0x30, der(0x31, der(0x30, der(0x06, b"\x55\x04\x03") + der(0x0C, host().encode()))))
              + der(0x30, der(0x30, der(0x06, bytes.fromhex("2a8648ce3d0201")) + der(0x06, bytes.fromhex("2a8648ce3d030107")))
                    + der(0x03, b"\x00\x04" + rbytes(64))))
    return der(0x30, tbs + der(0x30, der(0x06, bytes.fromhex("2a8648ce3d040302"))) + der(0x03, b"\x00" + der(0x30, der(0x02, b"\x00" + rbytes(32)) + der(0x02, rbytes(32)))))


def crypt_hash(kind):
    if kind == "md5":
        return f"$1${s_of(CRYPT, 4)}${s_of(CRYPT, 22)}"
    if kind == "t8":
        return f"$8${s_of(CRYPT, 14)}${s_of(CRYPT, 43)}"
    if kind == "t9":
        return f"$9${s_of(CRYPT, 14)}${s_of(CRYPT, 43)}"
    if kind == "sha256":
        return f"$5${s_of(CRYPT, 16)}${s_of(CRYPT, 43)}"
    return f"$6${s_of(CRYPT, 16)}${s_of(CRYPT, 86)}"


FIRMWARE = [("cat9k_iosxe.17.09.04a.SPA.bin", "bootflash:"), ("asr9k-x64-7.9.2.iso", "harddisk:"),
            ("nxos64-cs.10.3.4a.M.bin", "bootflash:"), ("EOS-4.31.2F.swi", "flash:"),
            ("junos-vmhost-install-mx-x86-64-21.4R3-S5.tgz", "/var/tmp/"), ("TiMOS-SR-23.10.R2.tar", "cf3:"),
            ("VRP_V800R021C10SPC600.cc", "cfcard:"), ("isr4300-universalk9.17.06.05.SPA.bin", "bootflash:"),
            ("ncs5500-x64-7.10.2.iso", "harddisk:"), ("jinstall-host-qfx-5e-x86-64-22.4R3-S2-secure-signed.tgz", "/var/tmp/"),
            ("ONT_V5R021C00S115_upgrade.bin", "flash:"), ("ciena-saos-10.9.1-rev3.tar.gz", "/tmp/"),
            ("FSP3000_R21.2.1_image.tgz", "/var/images/"), ("c8000v-universalk9.17.12.03a.SPA.bin", "bootflash:")]


# ================================================================== NEGATIVES
CATS = ["non_credential_blob", "pii_lookalike_number", "data_uri_base64", "placeholder_example", "code_identifier",
        "talk_about_secrets"]
NEG = {c: [] for c in CATS}


def neg(cat):
    def deco(f):
        NEG[cat].append(f)
        return f
    return deco


# ------------------------------------------------------------------ non_credential_blob
@neg("non_credential_blob")
def b_pubkey_chain():
    h = host()
    lines = ["ip ssh pubkey-chain"]
    for u in rng.sample(["netops", "oxidized", "ansible", "noc-ro", "backup", "zabbix", "netbox-sync"], ri(2, 4)):
        lines.append(f"  username {u}")
        lines.append(f"   key-hash {chl(['ssh-rsa', 'ssh-ed25519', 'ecdsa-sha2-nistp256'])} {HX(32)}{' ' + u + '@jump0' + str(ri(1, 3)) if chance(0.5) else ''}")
    body = "\n".join(("+" if chance(0.5) else " ") + l for l in lines) if chance(0.5) else "\n".join(lines)
    intro = chl([f"oxidized diff for {h} after the bastion rebuild:", f"new key hashes pushed to {h}", f"`show run | sec pubkey` on {h}"])
    return intro + "\n" + code_block(body)


@neg("non_credential_blob")
def b_ssh_pubkeys():
    h = host()
    users = rng.sample(["noc-ro", "noc-rw", "automation", "oxidized", "ztp", "lab"], ri(1, 4))
    k = ri(0, 2)
    if k == 0:
        lines = []
        for u in users:
            t = chl(["ed", "rsa", "ecdsa"])
            key = {"ed": "ssh-ed25519 " + ssh_pub_ed25519(), "rsa": "ssh-rsa " + ssh_pub_rsa(chl([2048, 3072])),
                   "ecdsa": "ecdsa-sha2-nistp256 " + ssh_pub_ecdsa()}[t]
            lines.append(f'set system login user {u} class {chl(["read-only", "super-user", "operator"])} authentication {key.split()[0]} "{key} {u}"')
        return f"pushing the public keys for the new bastion to {h} (Junos):\n" + code_block("\n".join(lines))
    if k == 1:
        lines = [f"{chl(['ssh-ed25519 ' + ssh_pub_ed25519(), 'ecdsa-sha2-nistp256 ' + ssh_pub_ecdsa()])} {u}@bastion0{ri(1, 3)}" for u in users]
        return "authorized_keys on the console servers (public keys only, obviously)\n" + code_block("\n".join(lines))
    u = users[0]
    return (f"EOS: `username {u} ssh-key ssh-ed25519 {ssh_pub_ed25519()} {u}@ztp`\n"
            f"fingerprint matches the one in the bastion inventory")


@neg("non_credential_blob")
def b_hashed_secrets():
    h = host()
    k = ri(0, 4)
    if k == 0:
        body = [f"hostname {h}", f"enable secret 9 {crypt_hash('t9')}", f"username netops privilege 15 secret 9 {crypt_hash('t9')}",
                f"username noc-ro privilege 1 secret 8 {crypt_hash('t8')}", "aaa new-model", "aaa authentication login default group tacacs+ local"]
        plat = "IOS-XE"
    elif k == 1:
        body = [f'set system root-authentication encrypted-password "{crypt_hash("sha512")}"',
                f'set system login user noc uid 2001 class super-user authentication encrypted-password "{crypt_hash("sha512")}"']
        if chance(0.5):
            body.append(f'set system login user ztp uid 2002 class operator authentication encrypted-password "{crypt_hash("md5")}"')
        plat = "Junos"
    elif k == 2:
        body = [f"username admin privilege 15 role network-admin secret sha512 {crypt_hash('sha512')}",
                f"username noc-ro privilege 1 role network-operator secret sha512 {crypt_hash('sha512')}"]
        plat = "Arista EOS"
    elif k == 3:
        body = [f"username admin password 5 {crypt_hash('sha256')}  role network-admin",
                f"username svc-backup password 5 {crypt_hash('sha256')}  role network-operator"]
        plat = "NX-OS"
    else:
        body = ["username netops", " group root-lr", " group cisco-support", f" secret 10 {crypt_hash('sha512')}", "!",
                "username noc-ro", " group read-only-tg", f" secret 10 {crypt_hash('sha512')}"]
        plat = "IOS-XR"
    intro = chl([f"{plat} baseline for {h}, only hashed secrets in here:", f"{plat} running config excerpt ({h}) \u2014 these are one-way hashes",
                f"diff between golden config and {h}:", ("de", f"Abweichung vom Golden Config auf {h} ({plat}):")])
    return intro + "\n" + code_block("\n".join(body))


@neg("non_credential_blob")
def b_verify_md5():
    img, fs = ch(FIRMWARE)
    h = host()
    alg = chl(["md5", "sha512"])
    digest = hx(32) if alg == "md5" else hx(128)
    out = [f"{h}#verify /{alg} {fs}{img}", "." * ri(20, 60) + "Done!", f"verify /{alg} ({fs}{img}) = {digest}"]
    tail = chl(["matches the value on the vendor download page \u2705", "matches the release notes", "same as the one on the TFTP box",
               ("es", f"coincide con el hash publicado por el fabricante")])
    return code_block("\n".join(out)) + "\n" + tail


@neg("non_credential_blob")
def b_sha256sums():
    imgs = rng.sample(FIRMWARE, ri(3, 8))
    lines = [f"{hx(64)}  {i[0]}" for i in imgs]
    intro = chl(["SHA256SUMS for tonight's upgrade batch:", "checksums of the images staged on the file server:",
                ("fr", f"Empreintes SHA-256 des images pour la fenêtre de cette nuit :"),
                ("ja", f"今夜のアップグレード用イメージのSHA256:")])
    return intro + "\n" + code_block("$ sha256sum -c SHA256SUMS\n" + "\n".join(lines) if chance(0.3) else "\n".join(lines))


@neg("non_credential_blob")
def b_hostkey():
    h = host()
    ip = priv_ip()
    kt = chl(["ED25519", "ECDSA", "RSA"])
    fp = b64(rbytes(32)).rstrip("=")
    lines = [f"The authenticity of host '{h} ({ip})' can't be established.", f"{kt} key fingerprint is SHA256:{fp}.",
             "This key is not known by any other names.", "Are you sure you want to continue connecting (yes/no/[fingerprint])?"]
    if chance(0.4):
        lines = ["@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@",
                 "@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @",
                 "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@",
                 f"The fingerprint for the {kt} key sent by the remote host is", f"SHA256:{fp}.",
                 f"Offending {kt} key in /home/noc/.ssh/known_hosts:{ri(10, 400)}"]
    intro = chl([f"{h} was RMA'd yesterday so the host key changed, expected:", "is this expected after the RSP swap?",
                ("nl", f"host key gewijzigd na de RMA van {h}, klopt dit?")])
    return intro + "\n" + code_block("\n".join(lines))


@neg("non_credential_blob")
def b_cert():
    h = host()
    body = wrap(b64(fake_cert_der()), 64)
    fp = ":".join(HX(2) for _ in range(32))
    k = ri(0, 2)
    if k == 0:
        return f"gNMI server cert on {h} (public part, for the collector trust store):\n" + code_block(
            "-----BEGIN CERTIFICATE-----\n" + body + "\n-----END CERTIFICATE-----")
    if k == 1:
        return code_block(f"$ openssl x509 -in {h}.crt -noout -fingerprint -sha256\nsha256 Fingerprint={fp}") + "\nmatches what the collector pinned"
    return (f"RESTCONF cert renewed on {h}\n```\nserial={HX(32)}\nnotAfter=Jan  1 00:00:00 2027 GMT\n"
            f"SHA1 Fingerprint={':'.join(HX(2) for _ in range(20))}\n```")


@neg("non_credential_blob")
def b_mypubkey():
    h = host()
    hexs = "30820122300D06092A864886F70D01010105000382010F003082010A0282010100" + HX(512) + "0203010001"
    groups = [hexs[i:i + 8] for i in range(0, len(hexs), 8)]
    rows = ["  " + " ".join(groups[i:i + 8]) for i in range(0, len(groups), 8)]
    y, m, d = rdate()
    out = [f"{h}#show crypto key mypubkey rsa", f"% Key pair was generated at: {hms()} UTC {MONTHS[m - 1]} {d} {y}",
           f"Key name: {h}.noc.example.net", "Key type: RSA KEYS", " Storage Device: private-config", " Usage: General Purpose Key",
           " Key is not exportable. Redundancy enabled.", " Key Data:"] + rows
    return code_block("\n".join(out))


@neg("non_credential_blob")
def b_gitlog():
    n = ri(3, 12)
    lines = []
    for _ in range(n):
        h = host()
        lines.append(f"{hx(chl([7, 8, 12]))} {chl(['update', 'config change on', 'oxidized: update', 'auto: diff'])} {h}")
    out = "$ git log --oneline -n %d\n" % n + "\n".join(lines)
    if chance(0.5):
        h = host()
        out += f"\n$ git show --stat {hx(7)}\ndiff --git a/{h} b/{h}\nindex {hx(7)}..{hx(7)} 100644"
    intro = chl(["oxidized repo history since the outage started:", "config commits tonight", ("pl", f"historia zmian w repo z konfiguracjami:")])
    return intro + "\n" + code_block(out)


@neg("non_credential_blob")
def b_docker_digests():
    imgs = [("netboxcommunity/netbox", f"v4.{ri(0, 2)}.{ri(0, 9)}"), ("librenms/librenms", f"25.{ri(1, 12)}.0"),
            ("oxidized/oxidized", "0.30.1"), ("grafana/grafana-oss", f"11.{ri(0, 5)}.{ri(0, 3)}"),
            ("prom/snmp-exporter", f"v0.2{ri(5, 9)}.0"), ("netsampler/goflow2", f"v2.{ri(0, 2)}.{ri(0, 5)}"),
            ("ghcr.io/nokia/srlinux", f"24.{ri(3, 10)}.{ri(1, 3)}")]
    sel = rng.sample(imgs, ri(1, 4))
    if chance(0.5):
        i = sel[0]
        return code_block(f"$ docker pull {i[0]}:{i[1]}\n{i[1]}: Pulling from {i[0]}\nDigest: sha256:{hx(64)}\nStatus: Downloaded newer image for {i[0]}:{i[1]}")
    rows = ["REPOSITORY                 TAG        DIGEST                                                                    IMAGE ID"]
    for i in sel:
        rows.append(f"{i[0]:<26} {i[1]:<10} sha256:{hx(64)}   {hx(12)}")
    return "pinned digests for the NOC tooling stack:\n" + code_block("\n".join(rows))


@neg("non_credential_blob")
def b_ansible_vault():
    salt, hm, ct = hx(64), hx(64), hx(ri(96, 320))
    blob = (salt + "\n" + hm + "\n" + ct).encode().hex()
    body = "$ANSIBLE_VAULT;1.1;AES256\n" + wrap(blob, 80)
    intro = chl(["group_vars/pe_routers/vault.yml is encrypted, the PR diff is just this:", "reviewing the PR \u2014 only the vault file changed:",
                ("de", f"Die Vault-Datei ist verschlüsselt, im Diff steht nur:")])
    return intro + "\n" + code_block(body)


@neg("non_credential_blob")
def b_netbox_json():
    d = {"id": ri(1, 40000), "url": f"https://netbox.noc.internal/api/circuits/circuits/{ri(1, 9000)}/",
         "display": f"{chl(['IPT', 'WAV', 'ETH'])}-{ri(100000, 999999)}", "cid": f"{chl(['IPT', 'WAV', 'ETH'])}-{ri(100000, 999999)}",
         "status": {"value": chl(["active", "planned", "decommissioning"])},
         "custom_fields": {"carrier_uuid": uuid4(), "snow_sys_id": hx(32), "import_batch": ulid()},
         "last_updated": iso_ts(False)}
    return "NetBox says:\n" + code_block(json.dumps(d, indent=2, ensure_ascii=False), "json")


@neg("non_credential_blob")
def b_tcpdump():
    src, dst = priv_ip(), priv_ip()
    pkt = netflow_packet(src, dst)[:ri(64, 240)]
    head = f"{hms()}.{ri(0, 999999):06d} IP {src}.{ri(49152, 65535)} > {dst}.2055: UDP, length {len(pkt) - 28}"
    intro = chl(["NetFlow v9 from the new exporter, template flowset looks truncated?", "raw export packet from the BNG:",
                ("ru", f"дамп пакета NetFlow с нового экспортера:")])
    return intro + "\n" + code_block("$ tcpdump -nni eth1 -X -c 1 udp port 2055\n" + head + "\n" + hexdump_tcpdump(pkt))


@neg("non_credential_blob")
def b_engineid():
    h = host()
    eid = "80000009" + "03" + mac("").upper()
    out = [f"{h}#show snmp engineID", f"Local SNMP engineID: {eid}", "Remote Engine ID          IP-addr    Port"]
    for _ in range(ri(1, 3)):
        out.append(f"{'800000090300' + mac('').upper():<26}{priv_ip():<15}162")
    return code_block("\n".join(out)) + "\n" + chl(["engine IDs changed after the RSP swap, trap receiver needs the new one",
                                                     "update the trap receiver users with the new local engine id"])


@neg("non_credential_blob")
def b_pgp_sig():
    body = b64(b"\x88\x75\x04\x00\x16\x0a\x00\x1d\x16\x21\x04" + rbytes(20) + rbytes(ri(60, 100)))
    crc = b64(rbytes(3))
    img = ch(FIRMWARE)[0]
    return (f"detached signature shipped with {img}, verifies against the vendor release key:\n"
            + code_block(f"-----BEGIN PGP SIGNATURE-----\n\n{wrap(body, 64)}\n={crc}\n-----END PGP SIGNATURE-----")
            + f"\n`gpg: Good signature`, primary key fingerprint: {' '.join(HX(4) for _ in range(5))}  {' '.join(HX(4) for _ in range(5))}")


@neg("non_credential_blob")
def b_radius_acct():
    lines = []
    for _ in range(ri(1, 3)):
        lines += [f"{chl(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])} {ch(MONTHS)} {ri(1, 28)} {hms()} {ri(2024, 2026)}",
                  f"\tAcct-Status-Type = {chl(['Start', 'Interim-Update', 'Stop'])}",
                  f"\tAcct-Session-Id = \"{HX(8)}-{HX(8)}\"", f"\tAcct-Multi-Session-Id = \"{hx(16)}\"",
                  f"\tClass = 0x{hx(ri(24, 48))}", f"\tNAS-Identifier = \"{host()}\"", f"\tFramed-IP-Address = {priv_ip()}",
                  f"\tAcct-Unique-Session-Id = \"{hx(32)}\"", ""]
    return "accounting records from the BNG for the stuck sessions (subscriber attrs stripped):\n" + code_block("\n".join(lines).rstrip())


@neg("non_credential_blob")
def b_cdr_hashed():
    rows = ["record_id,start_utc,duration_s,calling_sha256,called_sha256,trunk_group,release_cause"]
    for _ in range(ri(4, 18)):
        rows.append(f"{ulid()},{iso_ts()},{ri(0, 3600)},{hx(64)},{hx(64)},TG{ri(100, 999)},{chl([16, 17, 18, 19, 31, 34, 41, 102])}")
    intro = chl(["CDR sample for the interconnect dispute \u2014 numbers are salted hashes per the DPA, no subscriber data:",
                ("it", f"Estratto CDR per la contestazione (numeri già hashati, nessun dato abbonato):"),
                ("tr", f"İtiraz için CDR örneği (numaralar hashlenmiş, abone verisi yok):")])
    return intro + "\n" + code_block("\n".join(rows), "csv")


@neg("non_credential_blob")
def b_ipsec_sa():
    out = [f"interface: Tunnel{ri(1, 300)}", f"    Crypto map tag: Tunnel{ri(1, 300)}-head-0, local addr {priv_ip()}",
           f"   local  ident (addr/mask/prot/port): ({priv_ip()}/255.255.255.255/47/0)",
           f"   remote ident (addr/mask/prot/port): ({priv_ip()}/255.255.255.255/47/0)",
           f"    #pkts encaps: {ri(1000, 9999999)}, #pkts encrypt: {ri(1000, 9999999)}, #pkts digest: {ri(1000, 9999999)}",
           f"     current outbound spi: 0x{HX(8)}({ri(10 ** 8, 4 * 10 ** 9)})", "     inbound esp sas:",
           f"      spi: 0x{HX(8)}({ri(10 ** 8, 4 * 10 ** 9)})", "        transform: esp-256-aes esp-sha256-hmac ,",
           f"        conn id: {ri(2000, 4000)}, flow_id: SW:{ri(1000, 3000)}, sibling_flags 80004048, crypto map: Tunnel{ri(1, 300)}-head-0"]
    return "SPIs after rekey look fine:\n" + code_block("\n".join(out))


@neg("non_credential_blob")
def b_rpki():
    rows = []
    for _ in range(ri(2, 6)):
        rows.append(f"{priv_prefix():<20} maxLength {chl([24, 25, 48]):<3} AS{asn():<12} ski {':'.join(HX(2) for _ in range(20))}")
    return "ROAs from the lab RPKI CA (test prefixes only):\n" + code_block("\n".join(rows))


@neg("non_credential_blob")
def b_mac_table():
    out = ["          Mac Address Table", "-------------------------------------------", "Vlan    Mac Address       Type        Ports", "----    -----------       --------    -----"]
    for _ in range(ri(4, 22)):
        out.append(f" {ri(1, 4094):<6} {mac('.'):<17} {chl(['DYNAMIC', 'STATIC']):<11} {chl(['Te1/0/', 'Gi1/0/', 'Po'])}{ri(1, 48)}")
    return f"`show mac address-table` on {host()} \u2014 looking for the rogue CPE" + "\n" + code_block("\n".join(out))


@neg("non_credential_blob")
def b_showtech_b64():
    txt = "\n".join(f"{hms()} {host()} %{chl(['LINK-3-UPDOWN', 'BGP-5-ADJCHANGE', 'OSPF-5-ADJCHG'])}: {ifname()}" for _ in range(ri(3, 12)))
    blob = b64(gz(txt.encode()))
    if chance(0.5):
        return f"log bundle attached to the TAC case as gzip+base64 (tail only):\n`{blob[:ri(60, 120)]}\u2026`"
    return "log excerpt, gzip+base64 because the case portal strips whitespace:\n" + code_block(wrap(blob, 76))


# ------------------------------------------------------------------ pii_lookalike_number
MW = {
    "en": "Planned maintenance «chg»\nWindow: «y»-«m2»-«d2» «h1»:00\u2013«h2»:00 UTC\nImpact: up to «mins» min outage on «cid»\nReference: carrier ticket «tt»",
    "de": "Geplante Wartung «chg»\nZeitfenster: «d2».«m2».«y» «h1»:00\u2013«h2»:00 Uhr MEZ\nAuswirkung: Unterbrechung bis zu «mins» Minuten auf «cid»\nReferenz: Carrier-Ticket «tt»",
    "fr": "Maintenance programm\u00e9e «chg»\nFen\u00eatre : «d2»/«m2»/«y» de «h1»h00 \u00e0 «h2»h00 (heure de Paris)\nImpact : coupure de «mins» min maximum sur «cid»\nR\u00e9f\u00e9rence op\u00e9rateur : «tt»",
    "es": "Mantenimiento programado «chg»\nVentana: «d2»/«m2»/«y» «h1»:00\u2013«h2»:00 CET\nImpacto: corte de hasta «mins» min en «cid»\nTicket del operador: «tt»",
    "pt": "Manuten\u00e7\u00e3o programada «chg»\nJanela: «d2»/«m2»/«y» das «h1»h \u00e0s «h2»h (BRT)\nImpacto: interrup\u00e7\u00e3o de at\u00e9 «mins» min no circuito «cid»\nProtocolo da operadora: «tt»",
    "it": "Manutenzione programmata «chg»\nFinestra: «d2»/«m2»/«y» dalle «h1»:00 alle «h2»:00 CET\nImpatto: disservizio fino a «mins» minuti su «cid»\nRiferimento operatore: «tt»",
    "nl": "Gepland onderhoud «chg»\nVenster: «d2»-«m2»-«y» «h1»:00\u2013«h2»:00 CET\nImpact: onderbreking van maximaal «mins» min op «cid»\nReferentie leverancier: «tt»",
    "pl": "Planowane prace serwisowe «chg»\nOkno: «d2».«m2».«y» «h1»:00\u2013«h2»:00 CET\nWp\u0142yw: przerwa do «mins» min na \u0142\u0105czu «cid»\nNumer zg\u0142oszenia operatora: «tt»",
    "ja": "\u8a08\u753b\u30e1\u30f3\u30c6\u30ca\u30f3\u30b9 «chg»\n\u4f5c\u696d\u6642\u9593: «y»\u5e74«m»\u6708«d»\u65e5 «h1»:00\u301c«h2»:00 (JST)\n\u5f71\u97ff: «cid» \u3067\u6700\u5927«mins»\u5206\u306e\u65ad\n\u56de\u7dda\u4e8b\u696d\u8005\u30c1\u30b1\u30c3\u30c8: «tt»",
    "zh": "\u8ba1\u5212\u7ef4\u62a4 «chg»\n\u7ef4\u62a4\u7a97\u53e3\uff1a«y»\u5e74«m»\u6708«d»\u65e5 «h1»:00\u2013«h2»:00\uff08\u5317\u4eac\u65f6\u95f4\uff09\n\u5f71\u54cd\uff1a\u7535\u8def «cid» \u4e2d\u65ad\u6700\u957f «mins» \u5206\u949f\n\u8fd0\u8425\u5546\u5de5\u5355\u53f7\uff1a«tt»",
    "ru": "\u041f\u043b\u0430\u043d\u043e\u0432\u044b\u0435 \u0440\u0430\u0431\u043e\u0442\u044b «chg»\n\u041e\u043a\u043d\u043e: «d2».«m2».«y» \u0441 «h1»:00 \u0434\u043e «h2»:00 \u041c\u0421\u041a\n\u0412\u043b\u0438\u044f\u043d\u0438\u0435: \u043f\u0435\u0440\u0435\u0440\u044b\u0432 \u0434\u043e «mins» \u043c\u0438\u043d \u043d\u0430 \u043a\u0430\u043d\u0430\u043b\u0435 «cid»\n\u041d\u043e\u043c\u0435\u0440 \u0437\u0430\u044f\u0432\u043a\u0438 \u043e\u043f\u0435\u0440\u0430\u0442\u043e\u0440\u0430: «tt»",
    "ar": "\u0635\u064a\u0627\u0646\u0629 \u0645\u062c\u062f\u0648\u0644\u0629 «chg»\n\u0627\u0644\u0646\u0627\u0641\u0630\u0629: «y»-«m2»-«d2» \u0645\u0646 «h1»:00 \u0625\u0644\u0649 «h2»:00 \u0628\u062a\u0648\u0642\u064a\u062a \u063a\u0631\u064a\u0646\u062a\u0634\n\u0627\u0644\u062a\u0623\u062b\u064a\u0631: \u0627\u0646\u0642\u0637\u0627\u0639 \u062d\u062a\u0649 «mins» \u062f\u0642\u064a\u0642\u0629 \u0639\u0644\u0649 \u0627\u0644\u062f\u0627\u0626\u0631\u0629 «cid»\n\u0631\u0642\u0645 \u062a\u0630\u0643\u0631\u0629 \u0627\u0644\u0645\u0634\u063a\u0644: «tt»",
    "tr": "Planl\u0131 bak\u0131m «chg»\nPencere: «d2».«m2».«y» «h1»:00\u2013«h2»:00 (TS\u0130)\nEtki: «cid» devresinde en fazla «mins» dk kesinti\nOperat\u00f6r kay\u0131t no: «tt»",
    "ko": "\uc815\uae30 \uc810\uac80 «chg»\n\uc791\uc5c5 \uc2dc\uac04: «y»\ub144 «m»\uc6d4 «d»\uc77c «h1»:00~«h2»:00 (KST)\n\uc601\ud5a5: \ud68c\uc120 «cid» \ucd5c\ub300 «mins»\ubd84 \ub2e8\uc808\n\ud1b5\uc2e0\uc0ac \ud2f0\ucf13 \ubc88\ud638: «tt»",
    "sv": "Planerat underh\u00e5ll «chg»\nF\u00f6nster: «y»-«m2»-«d2» kl. «h1»:00\u2013«h2»:00 CET\nP\u00e5verkan: avbrott p\u00e5 upp till «mins» min p\u00e5 «cid»\nLeverant\u00f6rens \u00e4rendenummer: «tt»",
}


@neg("pii_lookalike_number")
def p_maint_window():
    code = ch(list(MW))
    lang(code)
    y, m, d = rdate()
    h1 = ri(0, 4)
    t = fill(MW[code], chg=chg(), y=y, m=m, d=d, m2=f"{m:02d}", d2=f"{d:02d}", h1=f"{h1:02d}", h2=f"{h1 + ri(2, 4):02d}",
             mins=ch([5, 10, 15, 30, 45, 60, 120, 240]), cid=circuit_id(), tt=tt())
    if chance(0.4):
        t += "\n" + ch([f"Bridge: meeting ID {ri(100, 999)} {ri(100, 999)} {ri(1000, 9999)}", f"Webex {ri(2000, 2999)} {ri(100, 999)} {ri(1000, 9999)}",
                        f"backout deadline {h1 + ri(2, 3):02d}:30", f"affected prefixes: {priv_prefix()}, {priv_prefix()}"])
    return t


@neg("pii_lookalike_number")
def p_tickets():
    k = ri(0, 3)
    if k == 0:
        return (f"TAC {tt()} opened for {host()} (linecard {ri(0, 7)} crashlog), our ref {tt()}, carrier ref {tt()}. "
                f"RMA {ri(80000000, 89999999)} approved, NBD to {ch(SITES).upper()}{ri(1, 9)}.")
    if k == 1:
        rows = ["| ticket | opened (UTC) | circuit | state |", "|---|---|---|---|"]
        for _ in range(ri(3, 10)):
            rows.append(f"| {tt()} | {iso_ts()[:16].replace('T', ' ')} | {circuit_id()} | {ch(['open', 'pending carrier', 'resolved', 'monitoring'])} |")
        return "open carrier tickets, shift handover:\n" + "\n".join(rows)
    if k == 2:
        return chl([("de", f"Störungsticket {tt()} beim Carrier eröffnet, Leitung {circuit_id()} seit {hms()} down."),
                    ("es", f"Abierto el ticket {tt()} con el operador, circuito {circuit_id()} caído desde las {hms()}."),
                    ("fr", f"Ticket {tt()} ouvert chez l'opérateur, circuit {circuit_id()} coupé depuis {hms()}."),
                    ("ja", f"回線 {circuit_id()} が {hms()} からダウン、キャリアにチケット {tt()} を起票しました。")])
    return f"dup of {tt()}, merged into {tt()} (same fibre cut, {ri(2, 40)} circuits)"


@neg("pii_lookalike_number")
def p_transceiver():
    h = host()
    rows = [f"{h}#show interfaces transceiver detail", "                                 Optical   Optical",
            "           Temperature  Voltage  Tx Power  Rx Power",
            "Port       (Celsius)    (Volts)  (dBm)     (dBm)", "---------  -----------  -------  --------  --------"]
    for _ in range(ri(3, 16)):
        rows.append(f"{ch(['Te', 'Hu', 'Fo'])}1/0/{ri(1, 48):<5} {rng.uniform(22, 58):>6.1f}       {rng.uniform(3.18, 3.42):.2f}     "
                    f"{rng.uniform(-4.5, 2.5):>6.2f}    {rng.uniform(-22, -1):>6.2f}")
    extra = f"\nSFP serials: {', '.join(ch(['FNS', 'AVM', 'OPM', 'ECL']) + str(ri(2100, 2599)) + s_of(UP + DIG, 4) for _ in range(ri(2, 4)))}"
    return chl(["Rx levels on the ring after the splice:", "optics look marginal on the west side",
                ("pl", "poziomy mocy optycznej po spawie:")]) + "\n" + code_block("\n".join(rows)) + (extra if chance(0.5) else "")


@neg("pii_lookalike_number")
def p_snmpwalk():
    h = host()
    base = ch([("IF-MIB::ifHCInOctets", "1.3.6.1.2.1.31.1.1.1.6"), ("IF-MIB::ifHCOutOctets", "1.3.6.1.2.1.31.1.1.1.10"),
               ("IF-MIB::ifInErrors", "1.3.6.1.2.1.2.2.1.14"), ("ENTITY-SENSOR-MIB::entPhySensorValue", "1.3.6.1.2.1.99.1.1.1.4")])
    rows = [f"$ snmpwalk -v3 -l authPriv -u $SNMP_USER -a SHA -A \"$SNMP_AUTH\" -x AES -X \"$SNMP_PRIV\" {h} {base[1]}"]
    num = chance(0.5)
    for _ in range(ri(3, 14)):
        idx = ri(1, 700) if chance(0.5) else ri(10101, 10148)
        val = ri(10 ** 9, 10 ** 15) if "Octets" in base[0] else ri(0, 90000)
        typ = "Counter64" if "Octets" in base[0] else ("Counter32" if "Errors" in base[0] else "INTEGER")
        rows.append(f"{'.' + base[1] if num else base[0]}.{idx} = {typ}: {val}")
    return code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_bgp_summary():
    h = host()
    local_as = asn()
    rows = [f"BGP router identifier {lo_ip()}, local AS number {local_as}", f"BGP table version is {ri(10 ** 6, 10 ** 9)}, main routing table version {ri(10 ** 6, 10 ** 9)}",
            "", "Neighbor        V           AS MsgRcvd MsgSent   TblVer  InQ OutQ Up/Down  State/PfxRcd"]
    for _ in range(ri(3, 14)):
        st = ch([str(ri(0, 950000)), "Idle", "Active", "Idle (Admin)", str(ri(1, 200))])
        rows.append(f"{priv_ip():<15} 4 {asn():>10} {ri(0, 9999999):>7} {ri(0, 9999999):>7} {ri(10 ** 6, 10 ** 9):>8}    0    0 "
                    f"{ch([f'{ri(1, 52)}w{ri(0, 6)}d', f'{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}', 'never'])} {st}")
    return f"{host()}#show bgp ipv4 unicast summary\n" + code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_mpls():
    rows = ["Local  Outgoing    Prefix             Bytes Label   Outgoing   Next Hop", "Label  Label       or ID              Switched        interface"]
    for _ in range(ri(4, 20)):
        rows.append(f"{ri(16, 1048575):<6} {ch([str(ri(16, 1048575)), 'Pop', 'Unlabelled', 'Exp-Null-v4']):<11} "
                    f"{priv_prefix():<18} {ri(0, 10 ** 12):<15} {ifname():<10} {priv_ip()}")
    return chl(["LFIB on the P router before/after the LDP flap:", "labels for the SR policy look odd",
                ("zh", "LDP 抖动前后的标签转发表：")]) + "\n" + code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_interface():
    i = ifname()
    rows = [f"{i} is up, line protocol is up", f"  Hardware is {ch(['TenGigE', 'HundredGigE', 'FourHundredGigE'])}, address is {mac('.')}",
            f"  Description: {ch(['TRANSIT', 'CUST', 'CORE', 'PNI'])}:{circuit_id()}",
            f"  MTU {ch([1514, 9216, 9100])} bytes, BW {ch([10000000, 100000000, 400000000])} Kbit (Max: {ch([10000000, 100000000])} Kbit)",
            f"  5 minute input rate {ri(10 ** 6, 10 ** 11)} bits/sec, {ri(100, 10 ** 7)} packets/sec",
            f"  5 minute output rate {ri(10 ** 6, 10 ** 11)} bits/sec, {ri(100, 10 ** 7)} packets/sec",
            f"     {ri(10 ** 9, 10 ** 13)} packets input, {ri(10 ** 12, 10 ** 16)} bytes, {ri(0, 999)} total input drops",
            f"     {ri(0, 9999)} input errors, {ri(0, 9999)} CRC, 0 frame, 0 overrun, 0 ignored, 0 abort",
            f"     {ri(10 ** 9, 10 ** 13)} packets output, {ri(10 ** 12, 10 ** 16)} bytes, {ri(0, 999)} total output drops"]
    return f"CRCs climbing on {host()}:\n" + code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_nfdump():
    rows = ["Date first seen          Duration Proto      Src IP Addr:Port          Dst IP Addr:Port   Packets    Bytes Flows"]
    for _ in range(ri(5, 25)):
        y, m, d = rdate()
        rows.append(f"{y}-{m:02d}-{d:02d} {hms()}.{ri(0, 999):03d} {rng.uniform(0, 300):8.3f} {ch(['TCP', 'UDP', 'ICMP']):<6} "
                    f"{priv_ip() + ':' + str(ri(1, 65535)):>24} -> {priv_ip() + ':' + str(ri(1, 65535)):>21} {ri(1, 99999):>8} {ri(64, 10 ** 9):>8} {ri(1, 99):>5}")
    rows.append(f"Summary: total flows: {ri(1000, 10 ** 7)}, total bytes: {ri(10 ** 9, 10 ** 12)}, total packets: {ri(10 ** 6, 10 ** 9)}")
    return "top talkers toward the DDoS target (nfdump, last 15 min):\n" + code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_syslog():
    rows = []
    seq = ri(1000, 999999)
    for _ in range(ri(4, 37)):
        seq += ri(1, 5)
        y, m, d = rdate()
        msg = ch([f"%LINEPROTO-5-UPDOWN: Line protocol on Interface {ifname()}, changed state to {ch(['down', 'up'])}",
                  f"%BGP-5-ADJCHANGE: neighbor {priv_ip()} Down BGP Notification sent",
                  f"%PLATFORM-3-ELEMENT_WARNING: R0/0: smand: 1/{ri(0, 1)}: Temp: {ri(60, 85)} Celsius",
                  f"%OSPF-5-ADJCHG: Process {ri(1, 100)}, Nbr {lo_ip()} on {ifname()} from FULL to DOWN",
                  f"%SFF8472-5-THRESHOLD_VIOLATION: {ifname()}: Rx power low alarm; Operating value: {rng.uniform(-30, -18):.1f} dBm, Threshold value: -18.0 dBm",
                  f"%LDP-5-NBRCHG: LDP Neighbor {lo_ip()}:0 (1) is DOWN (Discovery Hello Hold Timer expired)"])
        rows.append(f"{seq:06d}: *{MONTHS[m - 1]} {d:>2} {hms()}.{ri(0, 999):03d} UTC: {msg}")
    return code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_rma_shipping():
    k = ri(0, 2)
    items = [f"RMA {ri(80000000, 89999999)}", f"UPS 1Z{s_of(UP + DIG, 6)}{ri(10 ** 9, 10 ** 10 - 1)}",
             f"FedEx {ri(10 ** 11, 10 ** 12 - 1)}", f"DHL AWB {ri(10 ** 9, 10 ** 10 - 1)}",
             f"chassis S/N {ch(['FOC', 'FOX', 'JAE', 'SAL'])}{ri(2100, 2699)}{s_of(UP + DIG, 4)}", f"PID {ch(['NCS-55A1-24H', 'ASR-9903', 'N540X-8Z16G-SYS-A', 'MX204', 'QFX5120-48Y'])}"]
    if k == 0:
        return "spare for " + host() + ": " + ", ".join(rng.sample(items, ri(3, 5)))
    if k == 1:
        return chl([("de", "Ersatzteil unterwegs: "), ("fr", "Pièce de rechange expédiée : "), ("it", "Ricambio spedito: "),
                    ("pt", "Peça de reposição enviada: ")]) + " / ".join(rng.sample(items, ri(2, 4)))
    return "| item | ref |\n|---|---|\n" + "\n".join(f"| {x.split(' ', 1)[0]} | {x.split(' ', 1)[1]} |" for x in rng.sample(items, ri(3, 6)))


@neg("pii_lookalike_number")
def p_cellsite():
    rows = ["site_id,enb_id,cell_id,pci,tac,earfcn,lat,lon,azimuth"]
    for _ in range(ri(3, 15)):
        rows.append(f"{ch(['NL', 'DE', 'PL', 'ES', 'TR'])}-{ch(SITES).upper()}-{ri(1, 9999):04d},{ri(10000, 1048575)},{ri(1, 255)},{ri(0, 503)},"
                    f"{ri(1, 65535)},{ch([100, 1300, 1850, 3050, 6300, 9310])},{rng.uniform(36, 60):.5f},{rng.uniform(-9, 30):.5f},{ri(0, 359)}")
    return chl(["sites affected by the microwave outage:", ("tr", "mikrodalga arızasından etkilenen sahalar:"),
                ("es", "emplazamientos afectados por la caída del radioenlace:")]) + "\n" + code_block("\n".join(rows), "csv")


def iccid():
    body = "89" + ch(["49", "31", "44", "48", "90", "34", "33", "82", "86"]) + f"{ri(10, 99)}" + "".join(ch(DIG) for _ in range(13))
    return luhn_complete(body)  # 20 digits incl. check digit (E.118)


def test_imsi():
    return ch(["00101", "001001", "99999", "99970"]) + "".join(ch(DIG) for _ in range(ri(9, 10)))


@neg("pii_lookalike_number")
def p_test_sims():
    rows = ["| label | ICCID | IMSI | profile |", "|---|---|---|---|"]
    for i in range(ri(2, 12)):
        ic = iccid()
        rows.append(f"| LAB-{ri(1, 99):02d}-{i + 1:02d} | {ic + ('F' if chance(0.3) else '')} | {test_imsi()[:15]} | {ch(['VoLTE', 'NB-IoT', '5G SA', 'data-only'])} |")
    return chl(["test SIM inventory for the core lab (test PLMN 001-01, not live subscribers):",
                ("ko", "코어 랩 테스트 SIM 목록 (테스트 PLMN, 실가입자 아님):"), ("sv", "test-SIM i labbet (test-PLMN, inga riktiga abonnenter):")]) + "\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def p_cdr_aggregate():
    rows = ["hour_utc,trunk_group,attempts,answered,asr_pct,ner_pct,acd_s,mos_avg,charging_batch"]
    y, m, d = rdate()
    for h in range(ri(8, 34)):
        att = ri(1000, 90000)
        ans = int(att * rng.uniform(0.4, 0.7))
        rows.append(f"{y}-{m:02d}-{d:02d}T{h % 24:02d}:00Z,TG{ri(100, 999)},{att},{ans},{100 * ans / att:.1f},{rng.uniform(95, 99.9):.1f},"
                    f"{ri(40, 300)},{rng.uniform(3.6, 4.4):.2f},{ri(10 ** 9, 10 ** 10 - 1)}")
    return "hourly CDR aggregates for the interconnect (no per-call/subscriber data):\n" + code_block("\n".join(rows), "csv")


def rf_reference():
    ref = "".join(ch(DIG) for _ in range(ri(8, 18)))
    num = "".join(str(int(c, 36)) for c in ref + "RF00")
    cd = 98 - int(num) % 97
    return f"RF{cd:02d}{ref}"


@neg("pii_lookalike_number")
def p_invoice():
    amt = ri(1000, 99999) + ri(0, 99) / 100
    k = ri(0, 3)
    rf = rf_reference()
    rfg = " ".join(rf[i:i + 4] for i in range(0, len(rf), 4))
    if k == 0:
        return (f"IP transit invoice {ch(['INV', 'RE', 'FA'])}-{ri(2024, 2026)}-{ri(10000, 99999)}, PO {ri(4500000000, 4599999999)}, "
                f"EUR {amt:,.2f}, payment reference {rfg} \u2014 finance has it, just FYI for the circuit audit")
    if k == 1:
        lang("de")
        return f"Rechnung {ri(10 ** 7, 10 ** 8 - 1)} vom Carrier über {amt:,.2f} €".replace(",", "X").replace(".", ",").replace("X", ".") + f", Verwendungszweck {rfg}, Kostenstelle {ri(1000, 9999)}"
    if k == 2:
        lang("fr")
        return f"Facture n° {ri(10 ** 7, 10 ** 8 - 1)} : {amt:,.2f} € HT".replace(",", " ") + f" — référence de paiement {rf}, bon de commande {ri(4500000000, 4599999999)}"
    rows = ["| month | circuits | MRC | NRC | PO |", "|---|---:|---:|---:|---|"]
    for mo in rng.sample(MONTHS, ri(3, 8)):
        rows.append(f"| {mo} | {ri(10, 300)} | {ri(10000, 500000):,} | {ri(0, 20000):,} | {ri(4500000000, 4599999999)} |")
    return "transit cost per month (USD):\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def p_dwdm():
    rows = ["ch  freq_THz  lambda_nm  tx_dBm  rx_dBm  OSNR_dB  preFEC_BER  Q_dB"]
    for c in rng.sample(range(1, 97), ri(4, 16)):
        f = 191.35 + 0.05 * c
        rows.append(f"{c:<3} {f:8.2f}  {299792.458 / f:9.2f}  {rng.uniform(-3, 3):6.2f}  {rng.uniform(-18, -6):6.2f}  {rng.uniform(14, 30):7.1f}  "
                    f"{rng.uniform(1, 9):.2f}E-{ri(3, 7):02d}  {rng.uniform(6, 12):.2f}")
    return chl(["span " + ch(SITES).upper() + "-" + ch(SITES).upper() + " after the amp swap, loss " + f"{rng.uniform(18, 32):.1f} dB:",
                ("ru", "пролёт после замены усилителя, затухание " + f"{rng.uniform(18, 32):.1f} дБ:")]) + "\n" + code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_timestamps():
    d = {"flowStartMilliseconds": epoch() * 1000 + ri(0, 999), "flowEndMilliseconds": epoch() * 1000 + ri(0, 999),
         "exporterIPv4Address": priv_ip(), "ingressInterface": ri(1, 900), "octetDeltaCount": ri(10, 10 ** 9),
         "packetDeltaCount": ri(1, 10 ** 6), "bgpSourceAsNumber": asn(), "bgpDestinationAsNumber": asn(),
         "observationDomainId": ri(0, 2 ** 32 - 1), "slack_ts": f"{epoch()}.{ri(0, 999999):06d}"}
    return "decoded IPFIX record from the collector:\n" + code_block(json.dumps(d, indent=2), "json")


@neg("pii_lookalike_number")
def p_cgnat():
    rows = []
    for _ in range(ri(3, 14)):
        base = ri(1024, 64000) // 512 * 512
        rows.append(f"{iso_ts()} {host()} NAT44 {ch(['ALLOC', 'RELEASE'])} inside={priv_ip()} outside=100.{ri(64, 127)}.{ri(0, 255)}.{ri(1, 254)} "
                    f"ports={base}-{base + 511} vrf={ch(['CGN-1', 'CGN-2', 'RES'])}")
    return "port-block logs for the abuse request (lab CGN pool, RFC 6598 space):\n" + code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_v6_communities():
    a = asn()
    rows = [f"route-map RM-{ch(['TRANSIT', 'PEER', 'CUST'])}-IN permit {ri(1, 9) * 10}",
            f" match ipv6 address prefix-list PL-{ch(['CUST', 'BOGONS'])}-V6",
            f" set community {a if a < 65536 else 65000}:{ri(100, 999)} {ri(64512, 65534)}:{ri(1, 9999)} additive",
            f" set large-community {asn()}:{ri(1, 999)}:{ri(1, 99999)}",
            f" set local-preference {ch([80, 100, 120, 150, 200])}", "!",
            f"ipv6 prefix-list PL-CUST-V6 seq 5 permit {v6()}/48 le 64"]
    return code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_power_env():
    rows = ["PSU  Model              Status  In(V)  In(A)  Out(W)  Fan(RPM)"]
    for i in range(ri(2, 6)):
        rows.append(f"PS{i}  {ch(['PWR-2KW-DC-V2', 'NC55-PWR-3KW-AC', 'JPSU-1600W-AC', 'PWR-4.4KW-DC-V3'])}  {ch(['OK', 'OK', 'FAIL'])}    "
                    f"{rng.uniform(48, 56) if chance(0.5) else rng.uniform(220, 240):.1f}  {rng.uniform(2, 30):.1f}   {ri(300, 2800)}     {ri(4000, 16000)}")
    return f"{host()} power after the rectifier work in {ch(SITES).upper()}:\n" + code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_mtr():
    rows = [f"HOST: noc-probe{ri(1, 9)}              Loss%   Snt   Last   Avg  Best  Wrst StDev"]
    for i in range(1, ri(4, 14)):
        rows.append(f" {i:>2}.|-- {priv_ip():<26} {rng.uniform(0, 5) if chance(0.8) else 100:5.1f}%   100 {rng.uniform(0.3, 90):6.1f} "
                    f"{rng.uniform(0.3, 90):5.1f} {rng.uniform(0.2, 40):5.1f} {rng.uniform(1, 300):5.1f} {rng.uniform(0, 30):5.1f}")
    return chl(["latency to the POP from the probe:", ("nl", "latency naar de POP vanaf de probe:")]) + "\n" + code_block("\n".join(rows))


@neg("pii_lookalike_number")
def p_lookalike_digits():
    # numbers that look like phones / cards / SSNs but are circuit, order or meeting ids
    k = ri(0, 4)
    if k == 0:
        return f"IRU contract circuit {ri(1000, 9999)} {ri(1000, 9999)} {ri(1000, 9999)} {ri(1000, 9999)} is the one on the Baltic route"
    if k == 1:
        return f"carrier order {ri(100, 999)}-{ri(100, 999)}-{ri(1000, 9999)} (that is their order format, not a phone number)"
    if k == 2:
        return f"the 4-byte ASN in asplain is {ri(4200000000, 4294967294)}, in asdot {ri(64086, 65535)}.{ri(0, 65535)}"
    if k == 3:
        return f"POP rack {ri(100, 999)}-{ri(10, 99)}-{ri(10000, 99999)} / patch panel {ri(1, 48)} port {ri(1, 24)}"
    return f"EID of the eSIM test module: {''.join(ch(DIG) for _ in range(32))}"


# ------------------------------------------------------------------ data_uri_base64
def maybe_trunc(s, p=0.3):
    if chance(p) and len(s) > 120:
        cut = ri(60, 110)
        return s[:cut] + ch(["\u2026", "...", f"[{len(s) - cut} more chars]", "\u2026(truncated)"])
    return s


@neg("data_uri_base64")
def d_grafana_snapshot():
    uri = "data:image/png;base64," + b64(png_bytes())
    d = {"dashboard": f"{ch(['Core', 'Transport', 'Peering', 'BNG'])} - {ch(SITES).upper()}", "panelId": ri(1, 60),
         "renderedAt": iso_ts(), "image": maybe_trunc(uri)}
    return "the alert image from Grafana is inline now, Slack doesn't render it:\n" + code_block(json.dumps(d, indent=2), "json")


@neg("data_uri_base64")
def d_weathermap():
    uri = "data:image/png;base64," + b64(png_bytes())
    return ("weathermap legend is embedded in the page, that's why the HTML is so big:\n"
            + code_block(f'<div class="legend">\n  <img alt="utilisation scale" width="{ri(80, 200)}" height="{ri(10, 20)}"\n       src="{maybe_trunc(uri, 0.2)}">\n</div>', "html"))


@neg("data_uri_base64")
def d_alert_email():
    uri = "data:image/gif;base64," + b64(gif_bytes())
    lang_choice = chl(["Alert", ("de", "Alarm"), ("es", "Alarma"), ("pt", "Alerta")])
    return ("LibreNMS mail template, the spacer gif is inline:\n"
            + code_block(f'<table width="100%"><tr><td><img src="{uri}" width="1" height="1" alt=""></td>\n'
                         f'<td><b>{lang_choice}: {{{{ $alert->title }}}}</b><br>Device: {{{{ $alert->hostname }}}}</td></tr></table>', "html"))


@neg("data_uri_base64")
def d_wallboard_font():
    fam = ch(["NocMono", "WallboardSans", "StatusGlyphs"])
    if chance(0.5):
        src = f'url(data:font/woff2;base64,{b64(woff2_bytes(ri(60, 300)))}) format("woff2")'
    else:
        src = f'url("data:font/ttf;base64,{b64(ttf_bytes(ri(60, 200)))}") format("truetype")'
    return "wallboard CSS:\n" + code_block(f"@font-face {{\n  font-family: \"{fam}\";\n  src: {maybe_trunc(src, 0.4)};\n  font-display: swap;\n}}\n.noc-tile {{ font-family: \"{fam}\", monospace; }}", "css")


@neg("data_uri_base64")
def d_drawio():
    cells = "".join(f'<mxCell id="{i}" value="{host()}" style="rounded=1;" vertex="1" parent="1"><mxGeometry x="{ri(0, 800)}" y="{ri(0, 600)}" width="120" height="40" as="geometry"/></mxCell>'
                    for i in range(2, ri(3, 7)))
    xml = f'<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>{cells}</root></mxGraphModel>'
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    comp = b64(co.compress(urllib.parse.quote(xml).encode()) + co.flush())
    icon = b64(png_bytes(8, 8))
    body = (f'<mxfile host="app.diagrams.net">\n  <diagram id="{s_of(ALNUM, 20)}" name="{ch(SITES).upper()} ring">{comp}</diagram>\n</mxfile>')
    if chance(0.5):
        body += f'\n<!-- router icon style: shape=image;image=data:image/png,{icon}; -->'
    return "topology diagram source (draw.io, compressed):\n" + code_block(body, "xml")


@neg("data_uri_base64")
def d_markdown_runbook():
    svg = b64(svg_text().encode())
    return chl([f"## Fibre cut runbook\n\n![status]( data:image/svg+xml;base64,{svg} )\n\n1. Check OTDR\n2. Open carrier ticket\n3. Reroute via protect path",
                ("de", f"## Runbook Faserbruch\n\n![status](data:image/svg+xml;base64,{svg})\n\n1. OTDR prüfen\n2. Carrier-Ticket eröffnen"),
                ("ja", f"## 光ファイバ断 手順書\n\n![状態](data:image/svg+xml;base64,{svg})\n\n1. OTDR確認\n2. キャリアへ連絡")]).replace("( data", "(data")


@neg("data_uri_base64")
def d_snow_attachment():
    c = chg()
    pdf = b64(pdf_bytes(f"MOP {c} core upgrade"))
    d = {"table_name": "change_request", "table_sys_id": hx(32), "file_name": f"MOP-{c.replace(' ', '')}.pdf",
         "content_type": "application/pdf", "payload": maybe_trunc(pdf, 0.5)}
    return "attachment upload to the change, via the API:\n" + code_block(json.dumps(d, indent=2), "json")


@neg("data_uri_base64")
def d_mime_csv():
    y, m, d = rdate()
    csv = "hour,attempts,answered\n" + "\n".join(f"{h:02d},{ri(100, 9000)},{ri(50, 5000)}" for h in range(ri(3, 10)))
    body = wrap(b64(csv.encode()), 76)
    return ("the daily report mail comes in like this, the CSV is base64:\n"
            + code_block(f'Content-Type: text/csv; name="cdr_hourly_{y}{m:02d}{d:02d}.csv"\nContent-Disposition: attachment; filename="cdr_hourly_{y}{m:02d}{d:02d}.csv"\n'
                         f"Content-Transfer-Encoding: base64\n\n{body}"))


@neg("data_uri_base64")
def d_pcap_json():
    pk = pcap_bytes([netflow_packet(priv_ip(), priv_ip())[:ri(60, 90)] for _ in range(ri(1, 2))])
    d = {"probe": f"probe-{ch(SITES)}-{ri(1, 9)}", "trigger": ch(["sip_503_burst", "gtp_echo_timeout", "bfd_down"]),
         "captured_at": iso_ts(), "pcap_b64": maybe_trunc(b64(pk), 0.5)}
    return "probe auto-capture:\n" + code_block(json.dumps(d, indent=2), "json")


@neg("data_uri_base64")
def d_jupyter():
    png = b64(png_bytes())
    d = {"output_type": "display_data", "data": {"image/png": maybe_trunc(png, 0.4), "text/plain": ["<Figure size 1200x400 with 1 Axes>"]},
         "metadata": {"needs_background": "light"}}
    return chl(["Rx power trend notebook, output cell:", ("fr", "cellule de sortie du notebook (tendance puissance Rx) :")]) + "\n" + code_block(json.dumps(d, indent=1), "json")


@neg("data_uri_base64")
def d_blockkit():
    uri = "data:image/png;base64," + b64(png_bytes(ri(4, 10), ri(4, 10)))
    d = {"blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": f"*{host()}* {ch(['BGP down', 'LOS', 'high CPU'])}"}},
                    {"type": "image", "image_url": uri, "alt_text": "sparkline"}]}
    return "why does Slack reject this block? `invalid_blocks` \u2014 image_url can't be a data URI I guess\n" + code_block(json.dumps(d), "json")


@neg("data_uri_base64")
def d_svg_utf8():
    svg = urllib.parse.quote(svg_text(), safe=" =:/\"")
    cls = ch(["sev-critical", "sev-major", "link-down", "maint"])
    return code_block(f'.{cls}::before {{\n  content: "";\n  background-image: url("data:image/svg+xml;utf8,{svg}");\n}}', "css")


@neg("data_uri_base64")
def d_grafana_logo():
    d = {"title": "NOC overview", "uid": s_of(ALNUM, 9), "panels": [{"type": "text", "options": {"mode": "html",
         "content": f'<img src="data:image/svg+xml;base64,{b64(svg_text().encode())}" height="24"> {ch(SITES).upper()} POP'}}]}
    return code_block(json.dumps(d, indent=2), "json")


@neg("data_uri_base64")
def d_favicon():
    return ("oxidized-web with our favicon patched in:\n"
            + code_block(f'<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,{maybe_trunc(b64(ico_bytes()), 0.7)}">', "html"))


@neg("data_uri_base64")
def d_alarm_wav():
    return ("wallboard plays this on P1 alarms:\n"
            + code_block(f'const P1_SOUND = "data:audio/wav;base64,{maybe_trunc(b64(wav_bytes(ri(5, 20))), 0.6)}";\nnew Audio(P1_SOUND).play();', "js"))


@neg("data_uri_base64")
def d_gnoi_put():
    cfg = "\n".join([f"hostname {host()}", "logging host 10.0.0.50", f"ntp server {lo_ip()}", "snmp-server location " + ch(SITES).upper()])
    d = {"path": "/tmp/staged.cfg", "permissions": 420, "contents": b64(cfg.encode()),
         "hash": {"method": "SHA256", "hash": b64(hashlib.sha256(cfg.encode()).digest())}}
    return "gNOI File.Put request we send before the commit (contents is the base64 of the snippet):\n" + code_block(json.dumps(d, indent=2), "json")


@neg("data_uri_base64")
def d_cloud_init():
    stanza = "\n".join(["interfaces {", f"    ge-0/0/0 {{ unit 0 {{ family inet {{ address {priv_ip()}/30; }} }} }}", "}"])
    return ("vMX day-0 via cloud-init:\n" + code_block("#cloud-config\nwrite_files:\n  - path: /var/tmp/day0.conf\n    encoding: b64\n    content: "
                                                        + b64(stanza.encode()) + "\n    permissions: '0644'", "yaml"))


@neg("data_uri_base64")
def d_configmap_binary():
    d = "\n".join(["apiVersion: v1", "kind: ConfigMap", "metadata:", f"  name: snmp-exporter-mibs-{ch(['cisco', 'juniper', 'nokia'])}",
                   "binaryData:", f"  logo.png: {b64(png_bytes(4, 4))}", f"  mibs.tar.gz: {maybe_trunc(b64(gz(b'IF-MIB DEFINITIONS ::= BEGIN')), 0.3)}"])
    return code_block(d, "yaml")


@neg("data_uri_base64")
def d_csp_error():
    uri = "data:image/png;base64," + b64(png_bytes(4, 4))
    return (f"NetBox UI console spam after the CSP change:\n`Refused to load the image '{maybe_trunc(uri, 0.5)}' because it violates the following "
            f"Content Security Policy directive: \"img-src 'self'\".`")


@neg("data_uri_base64")
def d_echo_base64():
    txt = ch([f"interface {ifname()}\n description {circuit_id()}\n", f"router bgp {asn()}\n neighbor {priv_ip()} remote-as {asn()}\n"])
    e = b64(txt.encode())
    return chl([f"the ZTP script gets the snippet as base64, decode with `echo {e} | base64 -d`",
                ("es", f"el script de ZTP recibe el fragmento en base64: `echo {e} | base64 -d`"),
                ("zh", f"ZTP 脚本收到的是 base64 片段：`echo {e} | base64 -d`")])


@neg("data_uri_base64")
def d_slack_file():
    png = b64(png_bytes())
    d = {"ok": True, "file": {"id": "F" + s_of(UP + DIG, 10), "name": f"rx_power_{ch(SITES)}.png", "mimetype": "image/png",
                              "preview_b64": maybe_trunc(png, 0.5)}}
    return code_block(json.dumps(d, indent=2), "json")


# ------------------------------------------------------------------ placeholder_example
@neg("placeholder_example")
def pl_jinja_template():
    t = ch(["tacacs", "snmp", "bgp", "radius"])
    if t == "tacacs":
        body = "tacacs server TAC-{{ site }}\n address ipv4 {{ tacacs_primary }}\n key 7 {{ tacacs_key | cisco7 }}\n timeout 5"
    elif t == "snmp":
        body = ("snmp-server group NOC-RO v3 priv read NOC-VIEW\n"
                "snmp-server user {{ snmp_user }} NOC-RO v3 auth sha {{ snmp_auth_pass }} priv aes 128 {{ snmp_priv_pass }}")
    elif t == "bgp":
        body = "router bgp {{ local_asn }}\n neighbor {{ peer.ip }} remote-as {{ peer.asn }}\n neighbor {{ peer.ip }} password 0 {{ peer.md5_key }}"
    else:
        body = "radius server RAD-{{ site }}\n address ipv4 {{ radius_ip }} auth-port 1812 acct-port 1813\n key 0 {{ radius_secret }}"
    return f"templates/{t}.j2:\n" + code_block(body, "jinja")


@neg("placeholder_example")
def pl_group_vars():
    body = "\n".join(["---", "tacacs_key: \"{{ vault_tacacs_key }}\"", "snmp_auth_pass: \"{{ vault_snmp_auth_pass }}\"",
                      "snmp_priv_pass: \"{{ vault_snmp_priv_pass }}\"", "enable_secret: \"{{ vault_enable_secret }}\"",
                      f"ntp_servers: [{lo_ip()}, {lo_ip()}]"])
    return "group_vars/all.yml only references vault vars, nothing in clear:\n" + code_block(body, "yaml")


@neg("placeholder_example")
def pl_masked_export():
    k = ri(0, 2)
    if k == 0:
        body = ["snmp-server community <removed> RO 10", "tacacs-server key 7 <removed>", "username netops secret 5 <removed>",
                "crypto isakmp key <removed> address 0.0.0.0"]
    elif k == 1:
        body = ['authentication-key "$9$<REDACTED>"; ## SECRET-DATA', 'secret "<REDACTED>"; ## SECRET-DATA',
                'encrypted-password "<REDACTED>"; ## SECRET-DATA']
    else:
        body = ["snmp-server community ******** RO", "radius-server key ********", "key-string ********"]
    rng.shuffle(body)
    return chl(["config export from the NMS (secrets masked by the exporter):", ("pt", "export da configuração pelo NMS (segredos mascarados):"),
                ("it", "export della configurazione dall'NMS (segreti mascherati):")]) + "\n" + code_block("\n".join(body))


@neg("placeholder_example")
def pl_factory_defaults():
    dev = ch(["rack PDU", "OOB console server", "new ODF shelf controller", "lab OLT", "rectifier controller"])
    return chl([f"factory defaults on the {dev}: admin/admin, SNMP community public (RO) / private (RW). Change both during turn-up, see the checklist.",
                ("de", f"Werkseinstellungen am {dev}: admin/admin, SNMP-Community public/private. Beim Turn-up ändern!"),
                ("es", f"Valores de fábrica del {dev}: admin/admin y comunidad SNMP public/private. Hay que cambiarlos en la puesta en marcha.")])


@neg("placeholder_example")
def pl_env_example():
    lines = ["# .env.example for noc-alert-relay \u2014 copy to .env and fill in", "SLACK_BOT_TOKEN=xoxb-your-bot-token",
             "SLACK_SIGNING_SECRET=<signing-secret>", "NETBOX_URL=https://netbox.example.net", "NETBOX_TOKEN=<netbox-api-token>",
             "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-...", "PAGERDUTY_ROUTING_KEY=", "LOG_LEVEL=info"]
    keep = [lines[0]] + sorted(rng.sample(lines[1:], ri(4, len(lines) - 1)), key=lines.index)
    return code_block("\n".join(keep), "bash")


@neg("placeholder_example")
def pl_aws_docs():
    prof = ch(["noc-backup", "oxidized-s3", "default", "cdr-archive"])
    reg = ch(["eu-central-1", "eu-west-1", "us-east-1", "ap-northeast-1"])
    return chl([f"config backups go to S3; the README example uses the AWS doc keys:\n" + code_block(
        f"[{prof}]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = {reg}", "ini"),
        ("nl", f"voorbeeld uit de README van {prof} (de AWS-documentatiesleutels, niet echt): `AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE`"),
        f"`aws configure --profile {prof}` in the runbook screenshot shows `AWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE` \u2014 that's the doc example"])


@neg("placeholder_example")
def pl_bgp_md5_placeholder():
    p = priv_ip()
    return chl([f"peering onboarding doc:\n```\nneighbor {p} remote-as <PEER_ASN>\nneighbor {p} password <MD5-KEY-FROM-PORTAL>\n```",
                f"Junos version: `set protocols bgp group PEERS neighbor {p} authentication-key \"<shared-with-peer>\"`",
                ("fr", f"modèle pour le peering : `neighbor {p} password <CLE_MD5>` (la clé est échangée via le portail)")])


@neg("placeholder_example")
def pl_masked_values():
    k = ri(0, 3)
    if k == 0:
        return f"vendor portal card on file: \u2022\u2022\u2022\u2022 \u2022\u2022\u2022\u2022 \u2022\u2022\u2022\u2022 {ri(1000, 9999)}, expires **/**"
    if k == 1:
        lang("de")
        return f"Auf der Rechnung steht nur die maskierte IBAN: DE\u2022\u2022 \u2022\u2022\u2022\u2022 \u2022\u2022\u2022\u2022 \u2022\u2022\u2022\u2022 \u2022\u2022{ri(10, 99)} {ri(10, 99)}"
    if k == 2:
        return f"SIM swap ticket shows ICCID 89{ri(10, 99)} **** **** **** {ri(1000, 9999)} and MSISDN +** *** ***{ri(10, 99)}, which is all we need"
    return f"customer callback number on file: ***-***-{ri(1000, 9999)} (masked by the CRM)"


@neg("placeholder_example")
def pl_pem_placeholder():
    kt = ch(["OPENSSH PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY"])
    inner = ch(["<paste the key from vault here>", "...", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC...", "(omitted)", "\u2026"])
    return ("oxidized deploy doc, step 4:\n" + code_block(f"cat > /etc/oxidized/.ssh/id_ed25519 <<'KEY'\n-----BEGIN {kt}-----\n{inner}\n-----END {kt}-----\nKEY\nchmod 600 /etc/oxidized/.ssh/id_ed25519", "bash"))


@neg("placeholder_example")
def pl_url_templates():
    return chl([f"IOS archive target: `archive path scp://<user>:<password>@<backup-host>/configs/$h-$t`",
                f"backup URL format is `sftp://backup:${{BACKUP_PASS}}@{priv_ip()}/configs/` (the var comes from the runner)",
                "docs example: `https://username:password@netbox.example.com/api/` \u2014 don't do this, use a token header",
                ("pl", "przykład z dokumentacji: `ftp://user:pass@ftp.example.com/images/` (tylko przykład)"),
                "librenms .env: `DB_URL=mysql://librenms:${DB_PASSWORD}@db:3306/librenms`"])


@neg("placeholder_example")
def pl_site_access_form():
    site = ch(["ASH1", "DFW2", "ORD3", "SJC1", "NYC4", "MIA2"])
    return f"{site}: " + chl(["DC access form fields: Name, Company, Badge #, SSN: XXX-XX-XXXX (last 4 only for US contractors), Phone: +XX XXX XXX XXXX",
                ("es", "Formulario de acceso al DC: nombre, empresa, SSN: ***-**-**** (solo últimos 4), teléfono: +XX XXX XXX XXX"),
                "the colo portal template literally says `SSN: 000-00-0000` as the example value lol"])


@neg("placeholder_example")
def pl_redacted_logs():
    rows = [f"{iso_ts()} tacacs-proxy AUTH user=[REDACTED] src={priv_ip()} result={ch(['PASS', 'FAIL'])}",
            f"{iso_ts()} oxidized INFO  connecting to {host()} with password=[FILTERED]",
            f"{iso_ts()} netbox-sync DEBUG request headers: {{'Authorization': 'Token ***', 'Accept': 'application/json'}}",
            f"{iso_ts()} snmp-poller WARN v3 auth failed for {host()} (auth_pass=<redacted>, priv_pass=<redacted>)"]
    return code_block("\n".join(rng.sample(rows, ri(2, 4))))


@neg("placeholder_example")
def pl_ipsec_psk():
    kr = ch(["KR-MGMT", "KR-OOB", "KR-DCI", "KR-LAB"])
    return chl([code_block(f"crypto ikev2 keyring {kr}\n peer {ch(['HUB', 'HUB-' + ch(SITES).upper(), 'SPOKE-' + str(ri(1, 40))])}\n  address 0.0.0.0 0.0.0.0\n  pre-shared-key local <PSK_PLACEHOLDER>\n  pre-shared-key remote <PSK_PLACEHOLDER>"),
                code_block('set security ike policy IKE-MGMT pre-shared-key ascii-text "<PSK>"'),
                ("ru", "в шаблоне IPsec стоит `pre-shared-key <PSK>`, реальный ключ подставляет пайплайн")])


@neg("placeholder_example")
def pl_freeradius_default():
    return ("lab FreeRADIUS still has the stock client block from the docs:\n"
            + code_block("client localhost {\n    ipaddr = 127.0.0.1\n    secret = testing123\n}\nclient bng-lab {\n    ipaddr = " + priv_ip() + "\n    secret = ${BNG_LAB_SECRET}\n}")
            + "\n" + chl(["that's the documented default, prod uses the vault-rendered file", ("de", "das ist der Default aus der Doku, Prod nutzt die gerenderte Datei")]))


@neg("placeholder_example")
def pl_helm_values():
    chart = ch(["librenms", "netbox", "oxidized", "grafana"])
    keys = rng.sample(["appKey: REPLACE_ME", "dbPassword: changeme", "adminPassword: \"\"", "secretKey: <generate-50-chars>",
                       "apiToken: \"\"", "redisPassword: \"\""], ri(2, 5))
    return code_block("\n".join([f"{chart}:"] + ["  " + k for k in keys] + [f"existingSecret: {chart}-secrets"]), "yaml") + "\n" + \
        chl(["defaults from the chart, we override with existingSecret", ("ko", "차트 기본값이고 실제 값은 existingSecret으로 덮어씁니다"),
             ("de", "Chart-Defaults, in Prod kommt alles aus existingSecret")])


@neg("placeholder_example")
def pl_snmp_exporter():
    name = ch(["noc_v3", "core_v3", "mobile_v3", "dc_v3"])
    return code_block("\n".join(["auths:", f"  {name}:", "    version: 3", "    security_level: authPriv", "    username: ${SNMP_USER}",
                                 "    password: ${SNMP_AUTH_PASSWORD}", f"    auth_protocol: {ch(['SHA', 'SHA256', 'SHA512'])}",
                                 f"    priv_protocol: {ch(['AES', 'AES256', 'AES192'])}", "    priv_password: ${SNMP_PRIV_PASSWORD}",
                                 f"  {ch(['public_v2', 'legacy_v2c', 'lab_v2'])}:", "    version: 2", f"    community: {ch(['public', '${SNMP_COMMUNITY}', '<community>'])}"]), "yaml")


@neg("placeholder_example")
def pl_bearer_examples():
    return f"({circuit_id()}) " * chance(0.5) + chl(["OSS API doc: `curl -H \"Authorization: Bearer <JWT>\" https://oss-api.example.net/v2/circuits/{id}`",
                "example token from the API docs: `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.<payload>.<signature>` \u2014 ours come from the SSO",
                ("ja", "APIドキュメントの例: `Authorization: Bearer <アクセストークン>` 実際のトークンはSSOから取得")])


@neg("placeholder_example")
def pl_gha():
    env = rng.sample(["NETBOX_TOKEN: ${{ secrets.NETBOX_TOKEN }}", "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
                      "SLACK_WEBHOOK: ${{ secrets.NOC_SLACK_WEBHOOK }}", "OXIDIZED_PASSWORD: ${{ secrets.OXIDIZED_PASSWORD }}",
                      "AWS_SECRET_ACCESS_KEY: ${{ secrets.BACKUP_AWS_SECRET }}", "SNMP_AUTH: ${{ secrets.SNMP_AUTH_PASS }}"], ri(2, 5))
    step = ch(["Push configs to NetBox", "Render device configs", "Sync circuits from carrier API", "Nightly config backup"])
    return code_block("\n".join([f"- name: {step}", "  env:"] + ["    " + e for e in env] + [f"  run: ./scripts/{ch(['sync', 'render', 'backup'])}.py --dry-run=${{{{ inputs.dry_run }}}}".replace("${{{{", "${{").replace("}}}}", "}}")]), "yaml")


@neg("placeholder_example")
def pl_vendor_prefix_dots():
    bot = ch(["noc-alert-relay", "ticket-bridge", "oncall-pager", "flow-digest"])
    return f"[{bot}] " + chl(["the bot accepts `xoxb-\u2026` tokens only, a `xoxp-\u2026` user token will be rejected",
                "new PAT format is `github_pat_\u2026` not `ghp_\u2026`, update the regex in the pre-commit hook",
                ("fr", "la clé commence par `sk-proj-…`, l'ancienne par `sk-…` ; ni l'une ni l'autre dans le dépôt svp"),
                "placeholder in the wiki: `ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX`"])


@neg("placeholder_example")
def pl_oxidized_conf():
    return code_block("\n".join(["username: oxidized", f"password: {ch(['<%= ENV[' + chr(39) + 'OXIDIZED_PASSWORD' + chr(39) + '] %>', '<changeme>', '${OXIDIZED_PASSWORD}'])}",
                                 f"model: {ch(['ios', 'iosxr', 'junos', 'eos', 'nxos'])}", f"interval: {ch([1800, 3600, 7200])}", "source:", "  default: http", "  http:",
                                 f"    url: https://netbox.example.net/api/dcim/devices/?has_primary_ip=true&site={ch(SITES)}",
                                 "    headers:", "      Authorization: Token <%= ENV['NETBOX_TOKEN'] %>"]), "yaml")


@neg("placeholder_example")
def pl_sim_pins():
    return f"[{ch(['core lab', 'IMS lab', 'NB-IoT lab', 'roaming test bench'])}] " + chl(["test SIMs ship with PIN1 0000 / PUK 12345678 (vendor defaults), lab procedure says disable PIN",
                ("tr", "test SIM'lerde PIN varsayılan 0000, PUK 12345678; laboratuvarda PIN kapatılıyor"),
                "eUICC test profiles: activation code format is `LPA:1$<SM-DP+ address>$<matching ID>` \u2014 real ones are in the provisioning tool"])


# ------------------------------------------------------------------ code_identifier
@neg("code_identifier")
def c_netmiko_script():
    fn = ch(["rotate_tacacs_key", "push_snmpv3_credentials", "rotate_bgp_md5_password", "refresh_enable_secret"])
    body = f'''import os
from netmiko import ConnectHandler

def {fn}(host: str, new_secret_ref: str) -> None:
    device = {{
        "device_type": "{ch(['cisco_xe', 'cisco_xr', 'juniper_junos', 'arista_eos'])}",
        "host": host,
        "username": os.environ["NET_USER"],
        "password": os.environ["NET_PASSWORD"],
        "secret": os.environ.get("NET_ENABLE_SECRET", ""),
    }}
    secret_value = vault_client.read_secret(new_secret_ref)["data"]["value"]
    with ConnectHandler(**device) as conn:
        conn.enable()
        conn.send_config_set(render_{fn.split("_", 1)[1]}(secret_value))'''
    return code_block(body, "python")


@neg("code_identifier")
def c_netmiko_trace():
    h = host()
    frames = [("/opt/noc-automation/bin/rotate_creds.py", ri(40, 200), "main", "rotate_tacacs_shared_secret(args.site)"),
              ("/opt/noc-automation/noc/creds/rotate.py", ri(20, 300), "rotate_tacacs_shared_secret", "conn = connect_with_fallback_password(dev)"),
              ("/opt/noc-automation/noc/creds/connect.py", ri(20, 300), "connect_with_fallback_password", "return ConnectHandler(**params)"),
              ("/usr/lib/python3/dist-packages/netmiko/base_connection.py", ri(300, 600), "__init__", "self._open()"),
              ("/usr/lib/python3/dist-packages/netmiko/base_connection.py", ri(1000, 1200), "establish_connection", "raise NetmikoAuthenticationException(msg)")]
    out = ["Traceback (most recent call last):"]
    for f, l, fn, code in frames[:ri(3, 5)]:
        out += [f'  File "{f}", line {l}, in {fn}', f"    {code}"]
    out.append(f"netmiko.exceptions.NetmikoAuthenticationException: Authentication to device failed.\n\nCommon causes of this problem are:\n1. Invalid username and password\n2. Incorrect SSH-key file\n3. Connecting to the wrong device\n\nDevice settings: cisco_xe {h}:22")
    return chl(["rotation job died on the second PE:", ("de", "Rotationsjob ist beim zweiten PE abgebrochen:")]) + "\n" + code_block("\n".join(out))


@neg("code_identifier")
def c_go_gnmi():
    body = f'''type TargetConfig struct {{
	Address          string `yaml:"address"`
	Username         string `yaml:"username"`
	PasswordEnv      string `yaml:"password_env"`
	TLSClientKeyPath string `yaml:"tls_client_key_path"`
	TLSClientCertPath string `yaml:"tls_client_cert_path"`
	SkipVerify       bool   `yaml:"skip_verify"`
}}

func (t *TargetConfig) resolvePassword() (string, error) {{
	pw, ok := os.LookupEnv(t.PasswordEnv)
	if !ok {{
		return "", fmt.Errorf("gnmi target %s: env %s not set", t.Address, t.PasswordEnv)
	}}
	return pw, nil
}}'''
    if chance(0.5):
        body = f'''panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x{ri(16, 4096):x} pc=0x{hx(7)}]

goroutine {ri(1, 900)} [running]:
github.com/example-noc/gnmi-collector/internal/creds.(*Store).TLSClientKeyFor(0x0, {{0xc000{hx(6)}, 0x{ri(10, 40):x}}})
	/src/internal/creds/store.go:{ri(30, 200)} +0x{hx(2)}
github.com/example-noc/gnmi-collector/internal/target.(*Target).dialWithClientKey(0xc000{hx(6)})
	/src/internal/target/dial.go:{ri(30, 200)} +0x{hx(3)}
main.main()
	/src/cmd/collector/main.go:{ri(20, 120)} +0x{hx(3)}'''
    return code_block(body, "go")


@neg("code_identifier")
def c_yang():
    cont = ch(["authentication", "aaa-user", "local-user", "mgmt-access"])
    pw = ch(["encrypted-password", "password-hash", "hashed-secret"])
    ref = ch(["tacacs-secret-ref", "radius-key-ref", "keychain-ref", "snmp-auth-key-ref"])
    return code_block(f'''container {cont} {{
  leaf {pw} {{
    type ianach:crypt-hash;
    description "Password hash; the plaintext is never stored.";
  }}
  list ssh-key {{
    key "name";
    leaf name {{ type string; }}
    leaf public-key {{ type binary; }}
  }}
  leaf {ref} {{
    type leafref {{ path "/keychains/keychain/name"; }}
  }}
}}''', "yang")


@neg("code_identifier")
def c_java_oss_trace():
    pkgs = ["com.example.oss.sim", "com.example.oss.provisioning", "com.example.bss.billing", "com.example.oss.inventory"]
    cls = ["IccidLuhnValidator", "ImsiRangeAllocator", "KiEncryptionService", "OpcKeyReferenceResolver", "MsisdnMaskingFilter",
           "PaymentCardTokenizer", "IbanRefundValidator", "SubscriberPhoneNormalizer", "SecretRotationScheduler", "TacacsSharedKeyProvider"]
    meth = ["validateIccid", "allocateImsiBlock", "wrapKiWithTransportKey", "resolveOpcKeyRef", "maskMsisdn", "tokenizePan",
            "checkIbanMod97", "normalizeE164", "rotateExpiredSecrets", "loadSharedKey"]
    exc = ch(["java.lang.IllegalStateException: HSM session closed while wrapping Ki (slot 3)",
              "com.example.oss.sim.InvalidIccidException: check digit mismatch for batch LAB-07",
              "javax.crypto.BadPaddingException: Given final block not properly padded",
              "java.util.NoSuchElementException: No value present for secretRef 'tacacs/primary'"])
    out = [f"{iso_ts()} ERROR [{ch(['provisioning-worker-3', 'main', 'kafka-consumer-1'])}] {ch(pkgs)}.{ch(cls)} - request failed", exc]
    for _ in range(ri(5, 34)):
        out.append(f"\tat {ch(pkgs)}.{ch(cls)}.{ch(meth)}({ch(cls)}.java:{ri(20, 900)})")
    out += ["\tat org.springframework.transaction.interceptor.TransactionInterceptor.invoke(TransactionInterceptor.java:119)",
            "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    return code_block("\n".join(out))


@neg("code_identifier")
def c_sql_schema():
    tbl = ch(["cdr_voice", "cdr_sms", "cdr_data_sessions", "refund_requests"])
    cols = ["record_id        CHAR(26) PRIMARY KEY", "start_utc        TIMESTAMPTZ NOT NULL"] + rng.sample(
        ["duration_s       INTEGER", "calling_msisdn_sha256 CHAR(64)", "called_msisdn_sha256  CHAR(64)", "imsi_hash        CHAR(64)",
         "imei_tac         CHAR(8)", "card_token_ref   VARCHAR(40)", "iban_last4       CHAR(4)", "release_cause    SMALLINT",
         "customer_email_hash CHAR(64)", "api_key_id       VARCHAR(32)", "password_reset_at TIMESTAMPTZ"], ri(4, 8))
    idx = ch(["imsi_hash", "start_utc", "record_id"])
    return chl(["CDR warehouse schema, subscriber fields are hashed or tokenized:", ("pt", "schema do data warehouse de CDR, campos de assinante com hash:")]) + "\n" + code_block(
        f"CREATE TABLE {tbl} (\n    " + ",\n    ".join(cols) + f"\n);\nCREATE INDEX idx_{tbl}_{idx} ON {tbl} ({idx});", "sql")


@neg("code_identifier")
def c_terraform():
    rows = [f"  # aws_secretsmanager_secret.tacacs_shared_key will be updated in-place",
            f"  # aws_secretsmanager_secret_version.snmpv3_auth_password must be replaced",
            f"  # vault_generic_secret.bgp_md5_passwords[\"AS{asn()}\"] will be created",
            f"  # aws_iam_access_key.oxidized_backup_access_key will be destroyed",
            f"  # module.noc_bot.aws_ssm_parameter.slack_bot_token_arn will be updated in-place"]
    return "tf plan for the creds module:\n" + code_block("\n".join(rng.sample(rows, ri(2, 5))) + f"\n\nPlan: {ri(0, 3)} to add, {ri(0, 4)} to change, {ri(0, 2)} to destroy.")


@neg("code_identifier")
def c_ansible_tasks():
    mod, parent = ch([("cisco.ios.ios_config", "tacacs server TAC-{{ site }}"), ("cisco.iosxr.iosxr_config", "tacacs-server host {{ tacacs_ip }} port 49"),
                      ("arista.eos.eos_config", "management security"), ("cisco.nxos.nxos_config", "tacacs-server host {{ tacacs_ip }}")])
    var = ch(["tacacs_key", "tacacs_shared_secret", "aaa_server_key"])
    flag = ch(["rotate_tacacs_secret", "rotate_aaa_keys", "force_secret_push"])
    return code_block(f'''- name: Render rotated AAA key into the running config
  {mod}:
    lines:
      - "key 7 {{{{ {var} | cisco7 }}}}"
    parents: "{parent}"
  no_log: true
  when: {flag} | bool

- name: Verify enable_secret hash matches golden
  ansible.builtin.assert:
    that: running_enable_secret_hash == golden_enable_secret_hash
    fail_msg: "enable secret drift on {{{{ inventory_hostname }}}}"''', "yaml")


@neg("code_identifier")
def c_proto():
    svc = ch(["PeerSecretService", "DeviceCredentialService", "BotTokenService"])
    rpc = ch(["RotatePeerPassword", "RotateDeviceSecret", "RevokeBotToken"])
    fields = rng.sample(["string secret_ref", "int64 last_rotated_unix", "string password_policy_id", "bool is_api_key",
                         "string token_fingerprint_sha256", "string owner_team", "int32 max_age_days"], ri(3, 6))
    body = "\n".join(f"  {f} = {i};" for i, f in enumerate(fields, 1))
    return code_block(f'''syntax = "proto3";
package noc.creds.v{ri(1, 3)};

service {svc} {{
  rpc {rpc}({rpc}Request) returns ({rpc}Response);
  rpc GetSecretMetadata(GetSecretMetadataRequest) returns (SecretMetadata);
}}

message SecretMetadata {{
{body}
}}''', "protobuf")


@neg("code_identifier")
def c_feature_flags():
    flags = ["noc.alerts.redact_phone_numbers", "oss.export.mask_iccid", "bss.refunds.require_iban_check", "noc.bot.strip_tokens_from_logs",
             "provisioning.ki_transport_key_v2", "noc.tickets.hide_customer_email", "peering.md5_password_rotation"]
    return chl(["flags flipped for the release:", ("sv", "flaggor som slogs på i releasen:")]) + "\n" + "\n".join(f"\u2022 `{f}` \u2192 {ch(['true', 'false', '50%'])}" for f in rng.sample(flags, ri(2, 6)))


@neg("code_identifier")
def c_rust_panic():
    return code_block(f"""thread 'tokio-runtime-worker' panicked at src/secrets/keyring.rs:{ri(20, 300)}:{ri(5, 40)}:
called `Result::unwrap()` on an `Err` value: KeyringError {{ kind: MissingApiKey, secret_ref: "noc/flow-enricher/geo_api_key" }}
stack backtrace:
   0: rust_begin_unwind
   1: core::panicking::panic_fmt
   2: core::result::unwrap_failed
   3: flow_enricher::secrets::keyring::Keyring::api_key_for
   4: flow_enricher::enrich::geo::GeoEnricher::new
   5: flow_enricher::main::{{{{closure}}}}""")


@neg("code_identifier")
def c_prom_rules():
    return code_block(f"""groups:
  - name: credential-hygiene
    rules:
      - alert: TacacsSecretRotationOverdue
        expr: time() - tacacs_secret_last_rotated_timestamp_seconds > {ch([7776000, 2592000])}
        labels: {{severity: warning}}
      - alert: SnmpV3AuthFailuresHigh
        expr: rate(snmp_auth_password_failures_total[5m]) > {ri(1, 9)}""", "yaml")


@neg("code_identifier")
def c_grep_templates():
    rows = [f"templates/ios/aaa.j2:{ri(1, 40)}: key 7 {{{{ tacacs_key | cisco7 }}}}",
            f"templates/ios/snmp.j2:{ri(1, 40)}:snmp-server user {{{{ snmp_user }}}} NOC-RO v3 auth sha {{{{ snmp_auth_pass }}}}",
            f"templates/junos/system.j2:{ri(1, 40)}:    encrypted-password \"{{{{ root_password_hash }}}}\";",
            f"templates/eos/mgmt.j2:{ri(1, 40)}:username admin secret sha512 {{{{ admin_secret_hash }}}}",
            f"templates/xr/bgp.j2:{ri(1, 40)}:   password encrypted {{{{ peer.md5_password_type7 }}}}"]
    return "`grep -rnE 'secret|password|key 7' templates/`\n" + code_block("\n".join(rng.sample(rows, ri(3, 5))))


@neg("code_identifier")
def c_keyerror():
    k = ch(["snmpv3_priv_password", "tacacs_shared_secret", "radius_secret", "bgp_md5_key", "netbox_api_token"])
    return code_block(f"""Traceback (most recent call last):
  File "/opt/nornir/tasks/render.py", line {ri(20, 200)}, in render_device
    ctx["{k}"] = secrets[host.name]["{k}"]
KeyError: '{k}'""", "python") + "\n" + chl([f"{host()} is missing from the secrets inventory", ("it", f"manca {host()} nell'inventario dei segreti")])


@neg("code_identifier")
def c_slax():
    msg = ch(['"user " _ name _ " has neither a password hash nor an ssh key"', '"login user " _ name _ ": no authentication configured"'])
    return code_block(f'''version 1.2;
ns junos = "http://xml.juniper.net/junos/*/junos";
ns jcs = "http://xml.juniper.net/junos/commit-scripts/1.0";
import "../import/junos.xsl";

match configuration {{
    for-each (system/login/user[not(authentication/encrypted-password) and not(authentication/{ch(["ssh-ed25519", "ssh-rsa", "ssh-ecdsa"])})]) {{
        <xnm:{ch(["error", "warning"])}> {{
            <message> {msg};
        }}
    }}
}}''', "slax")


@neg("code_identifier")
def c_env_names():
    names = ["NOC_BOT_SLACK_SIGNING_SECRET_PATH", "RADIUS_SHARED_SECRET_FILE", "SNMP_PRIV_PASSWORD_VAULT_PATH", "OSS_API_CLIENT_SECRET_REF",
             "GNMI_TLS_CLIENT_KEY_FILE", "TICKET_SUMMARIZER_API_KEY_SECRET_NAME", "CDR_EXPORT_IBAN_MASK_ENABLED", "PAYMENT_CARD_TOKENIZER_URL"]
    return "env vars the deployment expects (names only, values come from the secret store):\n" + code_block("\n".join(rng.sample(names, ri(3, 7))))


@neg("code_identifier")
def c_mypy():
    rows = [f"noc/creds/vault.py:{ri(10, 200)}: error: Argument 1 to \"decrypt_ki\" has incompatible type \"str\"; expected \"bytes\"  [arg-type]",
            f"noc/creds/rotate.py:{ri(10, 200)}: error: Item \"None\" of \"Optional[SecretRef]\" has no attribute \"password_path\"  [union-attr]",
            f"noc/bot/slack.py:{ri(10, 200)}: error: Name \"slack_bot_token_ref\" is not defined  [name-defined]",
            f"noc/billing/refunds.py:{ri(10, 200)}: error: Incompatible return value type (got \"int\", expected \"IbanCheckResult\")  [return-value]"]
    sel = rng.sample(rows, ri(2, 4))
    return code_block("\n".join(sel) + f"\nFound {len(sel)} errors in {len(sel)} files (checked {ri(40, 200)} source files)")


@neg("code_identifier")
def c_frr_backtrace():
    return code_block(f"""BGP: Received signal 11 at {epoch()} (si_addr 0x{hx(4)}, PC 0x{hx(12)}); aborting...
BGP: /usr/lib/frr/libfrr.so.0(zlog_backtrace_sigsafe+0x67) [0x{hx(12)}]
BGP: /usr/lib/frr/bgpd(bgp_md5_set+0x{hx(2)}) [0x{hx(12)}]
BGP: /usr/lib/frr/bgpd(peer_password_set+0x{hx(3)}) [0x{hx(12)}]
BGP: /usr/lib/frr/bgpd(_ZN3noc4auth14PeerKeyChain9lookupKeyERKSs+0x{hx(2)}) [0x{hx(12)}]
BGP: /usr/lib/frr/libfrr.so.0(thread_call+0x{hx(2)}) [0x{hx(12)}]""") + "\nlab box only, crashes when the peer password is set twice"


@neg("code_identifier")
def c_openapi():
    name = ch(["SimProvisioningRequest", "TestSimImport", "EsimProfileOrder"])
    props = rng.sample(["iccid: {type: string, pattern: '^89[0-9]{17,18}$'}", "imsi: {type: string, pattern: '^[0-9]{15}$'}",
                        "ki_ref: {type: string, description: HSM handle, never the Ki itself}", "opc_ref: {type: string}",
                        "pin1_policy: {type: string, enum: [disabled, default, random]}", "msisdn_hash: {type: string, minLength: 64, maxLength: 64}",
                        "eid: {type: string, pattern: '^[0-9]{32}$'}"], ri(3, 6))
    return code_block(f"components:\n  schemas:\n    {name}:\n      type: object\n      properties:\n" + "\n".join("        " + p for p in props), "yaml")


@neg("code_identifier")
def c_kubectl():
    rows = ["NAME                                   TYPE                             DATA   AGE"]
    for n in rng.sample(["tacacs-shared-key", "snmpv3-credentials", "oxidized-ssh-key", "noc-bot-slack-token", "netbox-api-token",
                         "gnmi-client-tls", "librenms-db-password"], ri(3, 6)):
        rows.append(f"{n:<38} {ch(['Opaque', 'kubernetes.io/tls', 'kubernetes.io/ssh-auth']):<32} {ri(1, 3):<6} {ri(1, 400)}d")
    return "`kubectl -n noc-tools get secrets` (names only):\n" + code_block("\n".join(rows))


# ------------------------------------------------------------------ talk_about_secrets
TALK = {
    "en": ["Reminder: the TACACS+ shared key rotates tonight on all PE routers, the new one is already in Vault under the usual path.",
           "Please don't paste SNMPv3 auth/priv passphrases in this channel, and DMs don't count as safe either \u2014 use the Vault link.",
           "Customer started reading their full card number out on the bridge; I stopped them and pointed them to the billing portal.",
           "The BGP MD5 password mismatch with the transit peer was on their side, they re-keyed and the session came up.",
           "Who knows where the console password for the OOB terminal server in rack 12 is stored? Don't post it, just the location.",
           "The IBAN for the transit invoices changed, finance updates it in the ERP \u2014 we don't need it in the ticket.",
           "SIM Ki and OPc values never leave the HSM, so no, we can't 'just export them' for the lab.",
           "Rotated the Slack bot token for the alert relay after the repo was briefly public; the old one is revoked.",
           "If a contractor asks to put their SSN on the badge request, that goes through HR, not through the NOC.",
           "Vendor portal password expired again; I requested a reset link, nothing to share yet.",
           "Please keep customer phone numbers out of ticket titles, titles get mirrored into this channel.",
           "The API key for the ticket summarizer lives in the secret store and the bot reads it at startup.",
           "Private keys for the gNMI certs are generated on the box and never exported, only the CSR leaves.",
           "Email addresses in CDR exports count as personal data, strip them before attaching anything to a carrier ticket.",
           "Secret scanning blocked my push because a test fixture looked like an AWS key. It was the doc example, I added an allowlist entry.",
           "We are moving the BGP session passwords from the spreadsheet into Vault this quarter, ping me if you own a peer.",
           "Does anyone know if the PagerDuty integration key counts as a secret? Treating it as one to be safe.",
           "Old enable passwords are type 7 on some access switches, which is basically plaintext. They get replaced in the hardening wave."],
    "de": ["Bitte keine Passw\u00f6rter hier posten, auch nicht 'nur kurz' \u2013 daf\u00fcr gibt es den Tresor.",
           "Der TACACS-Schl\u00fcssel wurde heute Nacht auf allen PE-Routern getauscht, Details stehen im Change.",
           "Kunde wollte seine IBAN am Telefon durchgeben, ich habe ihn ans Billing-Portal verwiesen.",
           "Das SNMPv3-Passwort f\u00fcr die neuen Switches steht im Vault, nicht im Wiki.",
           "Wer hat das Konsolenpasswort f\u00fcr den OOB-Server ge\u00e4ndert? Bitte im Ticket dokumentieren, nicht hier.",
           "Telefonnummern der Techniker geh\u00f6ren nicht in den Kanal, bitte \u00fcber die Dispatch-Liste.",
           "Das Token vom Alert-Bot ist abgelaufen, ich erneuere es gleich \u00fcber die Admin-Seite.",
           "Private Schl\u00fcssel bleiben auf dem Ger\u00e4t, exportiert wird nur der CSR."],
    "fr": ["Merci de ne jamais coller de mot de passe dans ce canal, m\u00eame temporaire.",
           "La cl\u00e9 TACACS a \u00e9t\u00e9 renouvel\u00e9e cette nuit sur tous les PE, tout est dans le coffre.",
           "Le client voulait dicter son num\u00e9ro de carte au t\u00e9l\u00e9phone, je l'ai redirig\u00e9 vers l'espace facturation.",
           "Le mot de passe MD5 de la session BGP ne correspond pas, l'op\u00e9rateur doit nous le renvoyer via son portail.",
           "Le jeton du bot d'alertes a expir\u00e9, je le r\u00e9g\u00e9n\u00e8re depuis la console d'administration.",
           "Les num\u00e9ros de t\u00e9l\u00e9phone des techniciens ne doivent pas appara\u00eetre dans les tickets.",
           "Les cl\u00e9s priv\u00e9es des certificats gNMI restent sur l'\u00e9quipement."],
    "es": ["Por favor, no peguéis contraseñas aquí; usad el gestor de secretos.",
           "La clave TACACS se rota esta noche en todos los PE.",
           "El cliente quiso dictar el número de su tarjeta por teléfono; lo mandé al portal de facturación.",
           "La contraseña MD5 del vecino BGP no coincide, el proveedor la reenviará por su portal.",
           "El token del bot de alarmas caducó, lo renuevo ahora.",
           "No pongáis teléfonos de clientes en el título del ticket.",
           "La IBAN del proveedor de tránsito la gestiona finanzas, no hace falta en el ticket."],
    "pt": ["Por favor, não colem senhas aqui no canal, usem o cofre.",
           "A chave TACACS foi trocada nesta madrugada em todos os PEs.",
           "O cliente queria passar o número do cartão por telefone; orientei a usar o portal.",
           "A senha MD5 da sessão BGP está divergente, a operadora vai reenviar pelo portal.",
           "O token do bot de alertas expirou, vou gerar outro.",
           "CPF e telefone de cliente não entram no chamado, só o número do contrato."],
    "it": ["Per favore non incollate password in questo canale, usate il vault.",
           "La chiave TACACS è stata ruotata stanotte su tutti i PE.",
           "Il cliente voleva dettare il numero della carta al telefono, l'ho rimandato al portale.",
           "La password MD5 della sessione BGP non coincide, l'operatore la rimanda via portale.",
           "Il token del bot degli allarmi è scaduto, lo rigenero adesso."],
    "nl": ["Plak alsjeblieft geen wachtwoorden in dit kanaal, gebruik de kluis.",
           "De TACACS-sleutel is vannacht op alle PE-routers vervangen.",
           "Klant wilde zijn IBAN telefonisch doorgeven, doorverwezen naar het klantportaal.",
           "Het token van de alert-bot is verlopen, ik maak een nieuwe aan.",
           "Telefoonnummers van monteurs horen niet in de ticketomschrijving."],
    "pl": ["Proszę nie wklejać haseł na kanał, od tego jest sejf.",
           "Klucz TACACS został dziś w nocy zmieniony na wszystkich routerach PE.",
           "Klient chciał podyktować numer karty przez telefon, odesłałem go do portalu.",
           "Hasło MD5 do sesji BGP się nie zgadza, operator prześle je przez portal.",
           "Token bota alarmowego wygasł, zaraz wygeneruję nowy."],
    "ja": ["パスワードはこのチャンネルに貼らないでください。Vaultを使ってください。",
           "今夜、全PEルータのTACACSキーをローテーションします。",
           "お客様が電話でカード番号を読み上げようとしたので、請求ポータルへ案内しました。",
           "BGPのMD5パスワードが一致しません。先方にポータル経由で再送してもらいます。",
           "アラートボットのトークンが期限切れなので再発行します。",
           "秘密鍵は機器の外に出しません。出すのはCSRだけです。"],
    "zh": ["请不要在频道里贴密码，统一放在保险库里。",
           "今晚所有PE路由器的TACACS密钥都会轮换。",
           "客户想在电话里报银行卡号，我已经引导他去计费门户。",
           "BGP的MD5密码不一致，运营商会通过门户重新发送。",
           "告警机器人的令牌过期了，我马上重新生成。",
           "私钥不离开设备，只导出CSR。"],
    "ru": ["Пожалуйста, не публикуйте пароли в канале — для этого есть хранилище.",
           "Сегодня ночью меняем ключ TACACS на всех PE-маршрутизаторах.",
           "Клиент хотел продиктовать номер карты по телефону, я направил его в личный кабинет.",
           "Пароль MD5 для BGP-сессии не совпадает, оператор пришлёт новый через портал.",
           "Токен бота оповещений истёк, сейчас перевыпущу."],
    "ar": ["الرجاء عدم لصق كلمات المرور في هذه القناة، استخدموا الخزنة.",
           "سيتم تغيير مفتاح TACACS الليلة على جميع موجهات PE.",
           "أراد العميل قراءة رقم بطاقته عبر الهاتف، فوجهته إلى بوابة الفواتير.",
           "انتهت صلاحية رمز بوت التنبيهات، سأقوم بإصدار رمز جديد.",
           "لا تضعوا أرقام هواتف العملاء في عنوان التذكرة."],
    "tr": ["Lütfen şifreleri bu kanala yapıştırmayın, kasayı kullanın.",
           "TACACS anahtarı bu gece tüm PE yönlendiricilerde değiştirilecek.",
           "Müşteri kart numarasını telefonda okumak istedi, fatura portalına yönlendirdim.",
           "BGP oturumunun MD5 şifresi uyuşmuyor, operatör portal üzerinden yeniden gönderecek.",
           "Alarm botunun token'ının süresi doldu, yenisini oluşturuyorum."],
    "ko": ["비밀번호를 이 채널에 붙여넣지 마세요. Vault를 사용하세요.",
           "오늘 밤 모든 PE 라우터의 TACACS 키를 교체합니다.",
           "고객이 전화로 카드 번호를 불러주려고 해서 결제 포털로 안내했습니다.",
           "BGP MD5 비밀번호가 일치하지 않아 상대 통신사가 포털로 다시 보내기로 했습니다.",
           "알림 봇 토큰이 만료되어 새로 발급하겠습니다."],
    "sv": ["Klistra inte in lösenord i kanalen, använd valvet.",
           "TACACS-nyckeln byts i natt på alla PE-routrar.",
           "Kunden ville läsa upp sitt kortnummer i telefon, jag hänvisade till portalen.",
           "Token för larmbotten har gått ut, jag skapar en ny."],
}


def talk_lang():
    # English a bit more frequent, every language present
    return "en" if chance(0.25) else ch(list(TALK))


@neg("talk_about_secrets")
def t_thread():
    code = talk_lang()
    lang(code)
    n = ri(1, min(5, len(TALK[code])))
    sents = rng.sample(TALK[code], n)
    if chance(0.6):
        return "\n".join(f"[{ri(0, 23):02d}:{ri(0, 59):02d}] {ch(ROLES)}: {s}" for s in sents)
    return " ".join(sents)


@neg("talk_about_secrets")
def t_single():
    code = talk_lang()
    lang(code)
    return ch(TALK[code])


@neg("talk_about_secrets")
def t_mixed():
    a, b = rng.sample(list(TALK), 2)
    lang(a)
    lang(b)
    return f"{ch(ROLES)}: {ch(TALK[a])}\n{ch(ROLES)}: {ch(TALK[b])}"


@neg("talk_about_secrets")
def t_postmortem():
    what = ch(["the SNMPv3 auth passphrase", "a TACACS shared key", "the alert bot's Slack token", "an S3 access key for config backups",
               "the NetBox API token", "a BGP session password"])
    return "\n".join([f"*Postmortem {tt()}* \u2014 credential exposure (sev {ri(2, 4)})",
                      f"\u2022 What: {what} was committed in plaintext to the templates repo and mirrored for ~{ri(2, 50)} minutes.",
                      "\u2022 Detection: secret scanning on push, alert in #sec-alerts.",
                      "\u2022 Actions: rotated immediately, history rewritten, mirrors purged, affected devices re-rendered.",
                      "\u2022 Follow-up: pre-commit hook for all config repos; nobody pastes values in Slack, links to the vault entry only."])


@neg("talk_about_secrets")
def t_faq():
    qa = [("Can I send the BGP MD5 key to the peer by email?", "No. Use the peering portal's key exchange or read it out on a call."),
          ("A customer gave me their card number in chat, what now?", "Delete the message, tell security, and send them the payment link instead."),
          ("Where do the SNMP community strings live?", "In the vault under the site path; the templates only reference them."),
          ("Can I put my phone number in my Slack profile for callouts?", "Use the on-call tool, it handles numbers and escalation."),
          ("Is a password hash in a config diff a problem?", "Less than plaintext, but keep diffs internal anyway."),
          ("The vendor asks for our API token to debug.", "Create a short-lived, read-only token for them and revoke it after the case.")]
    sel = rng.sample(qa, ri(2, 5))
    return "*NOC security FAQ*\n" + "\n".join(f"Q: {q}\nA: {a}" for q, a in sel)


@neg("talk_about_secrets")
def t_runbook():
    return "\n".join(["*Runbook: leaked credential*",
                      "1. Don't repost it, don't quote the message.",
                      "2. Identify which system the key/token/password belongs to (bot, device AAA, cloud, vendor portal).",
                      "3. Revoke or rotate at the source, then update the vault entry.",
                      "4. Delete the message and ask Slack admins to purge it from exports.",
                      f"5. Open a security ticket and link it in {ch(['#sec-incidents', '#noc-security'])}."][:ri(3, 6)])


@neg("talk_about_secrets")
def t_scanner_discussion():
    return chl(["the DLP rule for card numbers keeps firing on our IRU circuit ids because they're 16 digits; can we exclude the circuit field?",
                "secret scanner flags every `$9$` line in Cisco configs as a password \u2014 it's a scrypt hash, can we tune that?",
                ("de", "Der DLP-Scanner hält unsere ICCIDs für Kreditkartennummern. Kann jemand eine Ausnahme für das SIM-Inventar eintragen?"),
                ("es", "El escáner de secretos marca las claves públicas SSH como si fueran privadas; hay que ajustar la regla."),
                "do we treat IMSIs of test SIMs as personal data? They're MCC 001, so I'd say no, but want a second opinion."])


@neg("talk_about_secrets")
def t_handover():
    code = talk_lang()
    lang(code)
    items = rng.sample(TALK[code], min(len(TALK[code]), ri(2, 4)))
    hdr = {"en": "Shift handover", "de": "Schichtübergabe", "fr": "Relève", "es": "Cambio de turno", "pt": "Passagem de turno",
           "it": "Passaggio di turno", "nl": "Dienstoverdracht", "pl": "Przekazanie zmiany", "ja": "引き継ぎ", "zh": "交接班",
           "ru": "Передача смены", "ar": "تسليم المناوبة", "tr": "Vardiya devri", "ko": "근무 인수인계", "sv": "Skiftöverlämning"}[code]
    return f"*{hdr}*\n" + "\n".join(f"- {x}" for x in items)


# ================================================================== POSITIVES
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]

B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def base62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_anthropic():
    return "sk-ant-api03-" + s_of(B64URL, 93) + "AA"


def v_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + s_of(UP + "234567", 16)


def v_aws_secret():
    return s_of(B64STD, 40)


def v_card():
    k = ri(0, 3)
    if k == 0:
        num = luhn_complete("4" + "".join(ch(DIG) for _ in range(14)))
        return num if chance(0.3) else (" " if chance(0.6) else "-").join(num[i:i + 4] for i in range(0, 16, 4))
    if k == 1:
        pre = str(ri(51, 55)) if chance(0.6) else str(ri(2221, 2720))
        num = luhn_complete(pre + "".join(ch(DIG) for _ in range(15 - len(pre))))
        return num if chance(0.3) else " ".join(num[i:i + 4] for i in range(0, 16, 4))
    if k == 2:
        num = luhn_complete(ch(["34", "37"]) + "".join(ch(DIG) for _ in range(12)))
        return num if chance(0.4) else f"{num[:4]} {num[4:10]} {num[10:]}"
    num = luhn_complete("6011" + "".join(ch(DIG) for _ in range(11)))
    return num if chance(0.4) else "-".join(num[i:i + 4] for i in range(0, 16, 4))


FIRST = ["lena", "marek", "sofia", "tomasz", "ines", "kenji", "aylin", "pablo", "noor", "bram", "giada", "oskar", "yuna", "rafael", "chloe", "dmitri"]
LAST = ["vogel", "nowak", "ferreira", "ito", "kaya", "moreno", "haddad", "dekker", "rossi", "lindqvist", "park", "almeida", "martin", "orlov"]
DOMAINS = ["fibrenet-carrier.eu", "nordtransit.de", "ibercable-ops.es", "alpinelink.ch", "balticwave.pl", "kanto-metro.jp", "telcoprime.com.tr",
           "lusafibra.pt", "polderlink.nl", "gmail.com", "outlook.com", "contractor-ops.net"]


def v_email():
    f, l = ch(FIRST), ch(LAST)
    local = ch([f"{f}.{l}", f"{f[0]}.{l}", f"{f}{l[0]}", f"{l}.{f}", f"{f}_{l}{ri(1, 99)}"])
    return f"{local}@{ch(DOMAINS)}"


def v_gh_classic():
    body = s_of(ALNUM, 30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_gh_fine():
    return "github_pat_11" + s_of(UP + DIG, 20) + "_" + s_of(ALNUM, 59)


IBAN_SPEC = {"DE": "n18", "GB": "a4n14", "FR": "n10c11n2", "NL": "a4n10", "ES": "n20", "IT": "a1n10c12", "PL": "n24", "AT": "n16",
             "CH": "n5c12", "BE": "n12", "SE": "n20", "TR": "n5z1c16", "PT": "n21"}


def v_iban():
    cc = ch(list(IBAN_SPEC))
    spec = IBAN_SPEC[cc]
    bban = ""
    for t, n in re.findall(r"([ancz])(\d+)", spec):
        alpha = {"a": UP, "n": DIG, "c": UP + DIG, "z": "0"}[t]
        bban += s_of(alpha, int(n))
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    iban = f"{cc}{98 - int(num) % 97:02d}{bban}"
    assert mod97(iban) == 1 and len(iban) == IBAN_LEN[cc]
    return iban if chance(0.4) else " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def v_ip():
    while True:
        o = (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(o):
            return ".".join(map(str, o))


def v_jwt():
    if chance(0.5):
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = rbytes(32)
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
        sig = rbytes(256)
    iat = epoch()
    pl = {"sub": ch(["svc-netbox-sync", "svc-oss-provisioning", "noc-dashboard", "ticket-bridge"]), "iss": "https://sso.noc.example.net/realms/noc",
          "aud": ch(["oss-api", "inventory", "cdr-export"]), "iat": iat, "exp": iat + ch([900, 3600, 86400]),
          "scope": ch(["circuits:read", "cdr:export", "inventory:write tickets:read"])}
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


def v_openai():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + s_of(B64URL, 74) + "T3BlbkFJ" + s_of(B64URL, 74)
    if k == 1:
        return "sk-" + s_of(ALNUM, 20) + "T3BlbkFJ" + s_of(ALNUM, 20)
    return "sk-svcacct-" + s_of(B64URL, 74) + "T3BlbkFJ" + s_of(B64URL, 74)


WORDS = ["Fibre", "Lambda", "Transit", "Amber", "Ring", "Spine", "Photon", "Rack", "Splice", "Delta", "Harbor", "Nordic", "Relay"]


def v_password():
    if chance(0.5):
        return f"{ch(WORDS)}{ch(['-', '_', '!', '.', '#'])}{ch(WORDS).lower()}{ri(10, 9999)}{ch(['!', '#', '%', '*', ''])}"
    return s_of(ALNUM + "!#%*-_.+", ri(12, 22))


def v_phone():
    k = ri(0, 10)
    d = lambda n: "".join(ch(DIG) for _ in range(n))
    if k == 0:
        return f"+1 ({ch(['212', '312', '415', '646', '972', '617', '206', '303'])}) {ri(201, 989)}-{d(4)}"
    if k == 1:
        return f"+44 7{d(3)} {d(6)}"
    if k == 2:
        return ch([f"+49 1{ch(['51', '52', '60', '70', '71', '76'])} {d(8)}", f"01{ch(['51', '70', '71', '76'])} {d(7)}"])
    if k == 3:
        return ch([f"+33 6 {d(2)} {d(2)} {d(2)} {d(2)}", f"07 {d(2)} {d(2)} {d(2)} {d(2)}"])
    if k == 4:
        return f"+34 6{d(2)} {d(3)} {d(3)}"
    if k == 5:
        return ch([f"+31 6 {d(8)}", f"06-{d(8)}"])
    if k == 6:
        return ch([f"090-{d(4)}-{d(4)}", f"+81 80 {d(4)} {d(4)}"])
    if k == 7:
        return f"+48 {ch(['5', '6', '7'])}{d(2)} {d(3)} {d(3)}"
    if k == 8:
        return f"+39 3{d(2)} {d(3)} {d(4)}"
    if k == 9:
        return f"+90 5{d(2)} {d(3)} {d(2)} {d(2)}"
    return f"+55 11 9{d(4)}-{d(4)}"


def pem_ec():
    der_b = bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rbytes(64)
    return "EC PRIVATE KEY", wrap(b64(der_b), 64)


def pem_ed25519():
    return "PRIVATE KEY", wrap(b64(bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)), 64)


def der_int(b):
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def pem_rsa():
    n = bytes([0x80 | rng.getrandbits(7)]) + rbytes(255)
    parts = [der(0x02, b"\x00"), der_int(n), der(0x02, b"\x01\x00\x01"), der_int(bytes([rng.getrandbits(7) | 0x40]) + rbytes(255))]
    for _ in range(5):
        parts.append(der_int(bytes([0x80 | rng.getrandbits(7)]) + rbytes(127)))
    return "RSA PRIVATE KEY", wrap(b64(der(0x30, b"".join(parts))), 64)


def pem_openssh():
    pub = rbytes(32)
    seed = rbytes(32)
    pubblob = ssh_string(b"ssh-ed25519") + ssh_string(pub)
    chk = rbytes(4)
    priv = chk + chk + ssh_string(b"ssh-ed25519") + ssh_string(pub) + ssh_string(seed + pub) + ssh_string(f"oxidized@{host()}".encode())
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (b"openssh-key-v1\x00" + ssh_string(b"none") + ssh_string(b"none") + ssh_string(b"") + struct.pack(">I", 1)
            + ssh_string(pubblob) + ssh_string(priv))
    return "OPENSSH PRIVATE KEY", wrap(b64(blob), 70)


def v_pem():
    return ch([pem_ec, pem_ed25519, pem_rsa, pem_openssh])()


def v_slack_bot():
    return f"xoxb-{ri(10 ** 9, 10 ** 13 - 1)}-{ri(10 ** 12, 10 ** 13 - 1)}-{s_of(ALNUM, 24)}"


def v_slack_user():
    return f"xoxp-{ri(10 ** 9, 10 ** 12 - 1)}-{ri(10 ** 9, 10 ** 12 - 1)}-{ri(10 ** 12, 10 ** 13 - 1)}-{hx(32)}"


def v_url_pw():
    return s_of(ALNUM + "!*-_.~", ri(10, 20))


def v_ssn():
    while True:
        a, g, s = ri(1, 899), ri(1, 99), ri(1, 9999)
        if a != 666:
            break
    k = ri(0, 5)
    if k <= 3:
        return f"{a:03d}-{g:02d}-{s:04d}"
    if k == 4:
        return f"{a:03d} {g:02d} {s:04d}"
    return f"{a:03d}{g:02d}{s:04d}"


# templates: functions (value) -> text.  PEM templates get (type, body).
PT = {k: [] for k in KINDS}


def pt(kind):
    def deco(f):
        PT[kind].append(f)
        return f
    return deco


# anthropic
pt("anthropic_api_key")(lambda v: code_block(f"# noc-ticket-summarizer/.env\nSLACK_CHANNEL=#noc-alerts\nNETBOX_URL=https://netbox.noc.internal\nANTHROPIC_API_KEY={v}\nSUMMARY_MAX_TOKENS=800", "bash"))
pt("anthropic_api_key")(lambda v: code_block(f'client = anthropic.Anthropic(api_key="{v}")  # TODO move to vault before merge', "python"))
pt("anthropic_api_key")(lambda v: f"{ch(ROLES)} summarizer bot is down after the restart, I hard-coded the key for now: {v} \u2014 will rotate after the window")
pt("anthropic_api_key")(lambda v: lang("de") and f"Key für den Ticket-Zusammenfasser (nur bis morgen früh gültig, dann rotiere ich): {v}")
pt("anthropic_api_key")(lambda v: code_block(f"docker run -d --name noc-summarizer -e ANTHROPIC_API_KEY={v} -e TZ=UTC registry.noc.internal/summarizer:1.4", "bash"))
# aws id
pt("aws_access_key_id")(lambda v: f"who owns {v}? CloudTrail shows it listing the config-backup bucket from an IP we don't know")
pt("aws_access_key_id")(lambda v: code_block(json.dumps({"eventName": "GetObject", "awsRegion": "eu-central-1", "userIdentity": {"type": "IAMUser", "userName": "oxidized-backup", "accessKeyId": v}}, indent=2), "json"))
pt("aws_access_key_id")(lambda v: lang("es") and f"La clave de acceso {v} del usuario de backups sigue activa, ¿la desactivamos?")
# aws secret
pt("aws_secret_access_key")(lambda v: f"secret for the oxidized-s3 user (key id is in 1Password): {v}")
pt("aws_secret_access_key")(lambda v: code_block(f"aws configure set aws_secret_access_key {v} --profile noc-backup", "bash"))
pt("aws_secret_access_key")(lambda v: lang("fr") and f"la clé secrète du compte de sauvegarde des configs : {v} (à changer après la migration)")
# card
pt("credit_card")(lambda v: f"expedite fee for the RMA on {host()} needs a card, used the team card {v} exp {ri(1, 12):02d}/{ri(26, 30)}, CVC on the sticky note lol")
pt("credit_card")(lambda v: lang("es") and f"Para el pedido de cross-connect en el portal del datacenter usé la tarjeta {v}, caduca {ri(1, 12):02d}/{ri(26, 30)}.")
pt("credit_card")(lambda v: f"customer wrote in {tt()}: 'please charge {v} for the extra /29, thanks'")
pt("credit_card")(lambda v: lang("ja") and f"保守ポータルの支払いカード: {v}（有効期限 {ri(1, 12):02d}/{ri(26, 30)}）")
pt("credit_card")(lambda v: lang("pt") and f"Cartão corporativo pra pagar a taxa de urgência do reparo: {v}")
# email
pt("email_address")(lambda v: f"escalation contact at the carrier for {circuit_id()}: {v}")
pt("email_address")(lambda v: f"field tech dispatch confirmation went to {v}, ETA {ri(1, 4)}h")
pt("email_address")(lambda v: lang("de") and f"Ansprechpartner beim Kunden für das Wartungsfenster {chg()}: {v}")
pt("email_address")(lambda v: code_block(json.dumps({"ticket": tt(), "requester_email": v, "priority": "P2", "site": ch(SITES).upper()}, indent=2), "json"))
pt("email_address")(lambda v: code_block(f"{MONTHS[ri(0, 11)]} {ri(1, 28)} {hms()} relay01 postfix/smtp[{ri(1000, 99999)}]: {HX(10)}: to=<{v}>, relay=mx.{ch(DOMAINS)}[{priv_ip()}]:25, status=sent (250 2.0.0 OK)"))
pt("email_address")(lambda v: lang("ko") and f"고객사 담당자 메일: {v} — 작업 공지 보내주세요")
# github classic
pt("github_classic_pat")(lambda v: code_block(f"export GITHUB_TOKEN={v}\n./scripts/push-configs.sh --repo noc/device-configs", "bash"))
pt("github_classic_pat")(lambda v: f"my PAT for the configs repo until SSO is fixed: {v} (repo scope only)")
pt("github_classic_pat")(lambda v: code_block(f"hooks:\n  push_to_remote:\n    type: githubrepo\n    remote_repo: noc/device-configs\n    token: {v}", "yaml"))
pt("github_classic_pat")(lambda v: lang("fr") and f"token GitHub pour la CI des scripts NetBox : {v}")
# github fine
pt("github_fine_grained_pat")(lambda v: code_block(f"gh auth login --with-token <<< {v}", "bash"))
pt("github_fine_grained_pat")(lambda v: f"fine-grained token for the netbox-scripts repo (contents:write, expires in 30d): {v}")
pt("github_fine_grained_pat")(lambda v: lang("nl") and f"nieuwe token voor de config-repo, alleen lezen: {v}")
pt("github_fine_grained_pat")(lambda v: code_block(f"[credential]\n  helper = store\n# ~/.git-credentials\n# token={v}", "ini"))
# iban
pt("iban")(lambda v: f"transit invoice {ri(10 ** 6, 10 ** 7 - 1)}: please pay to {v}, reference {circuit_id()} \u2014 finance asked us to confirm")
pt("iban")(lambda v: lang("de") and f"Bitte überweisen Sie die Gutschrift für die SLA-Verletzung auf IBAN {v} (Kunde hat das im Ticket angegeben).")
pt("iban")(lambda v: lang("pl") and f"Klient podał numer konta do zwrotu za przerwę: {v}")
pt("iban")(lambda v: lang("it") and f"Il fornitore della fibra ha cambiato conto: nuovo IBAN {v}")
pt("iban")(lambda v: code_block(f"vendor_id,name,iban,terms\nV{ri(1000, 9999)},dark fibre lessor,{v},NET30", "csv"))
# ipv4
pt("ipv4_address")(lambda v: f"customer CPE WAN {v} unreachable since {hms()}, {tt()} opened, last seen on {host()}")
pt("ipv4_address")(lambda v: code_block(f"router bgp {asn()}\n neighbor {v} remote-as {ri(1000, 60000)}\n neighbor {v} description TRANSIT-{ch(['A', 'B', 'C'])}"))
pt("ipv4_address")(lambda v: code_block(f"{MONTHS[ri(0, 11)]} {ri(1, 28)} {hms()}: %SEC_LOGIN-4-LOGIN_FAILED: Login failed [user: admin] [Source: {v}] [localport: 22] [Reason: Login Authentication Failed]"))
pt("ipv4_address")(lambda v: lang("es") and f"La IP pública del cliente es {v}, pide que la añadamos al filtro del peering.")
pt("ipv4_address")(lambda v: lang("ja") and f"お客様のグローバルIPは {v} です。ACLに追加お願いします。")
pt("ipv4_address")(lambda v: lang("ru") and f"Атака идёт с адреса {v}, поставил blackhole-community.")
# jwt
pt("jwt")(lambda v: code_block(f'curl -s -H "Authorization: Bearer {v}" https://oss-api.noc.internal/v2/circuits/{ri(1000, 99999)}', "bash"))
pt("jwt")(lambda v: code_block(json.dumps({"access_token": v, "token_type": "Bearer", "expires_in": 3600}, indent=2), "json"))
pt("jwt")(lambda v: f"{iso_ts()} netbox-sync DEBUG using token={v}")
pt("jwt")(lambda v: lang("zh") and f"OSS 接口的临时令牌：{v}，一小时后过期")
# openai
pt("openai_api_key")(lambda v: code_block(f"[Service]\nEnvironment=OPENAI_API_KEY={v}\nExecStart=/opt/noc-bot/bin/noc-bot --channel noc-alerts", "ini"))
pt("openai_api_key")(lambda v: code_block(f'client = OpenAI(api_key="{v}")', "python"))
pt("openai_api_key")(lambda v: f"key for the incident-summary prototype, don't share outside the NOC: {v}")
pt("openai_api_key")(lambda v: lang("tr") and f"Özetleme botu için API anahtarı: {v}")
# password
pt("password")(lambda v: code_block(f"username noc-break-glass privilege 15 password 0 {v}"))
pt("password")(lambda v: code_block(f"tacacs server TAC-PRIMARY\n address ipv4 {lo_ip()}\n key 0 {v}\n timeout 5"))
pt("password")(lambda v: code_block(f"snmp-server user noc-v3 NOC-RO v3 auth sha {v}"))
pt("password")(lambda v: code_block(f'set protocols bgp group TRANSIT neighbor {priv_ip()} authentication-key "{v}"'))
pt("password")(lambda v: f"console pw for the OOB server in rack {ri(1, 40)} is {v} \u2014 change it after the visit pls")
pt("password")(lambda v: lang("de") and f"Passwort für den Notfallzugang am {host()}: {v}")
pt("password")(lambda v: code_block(f"device = {{'device_type': 'cisco_xr', 'host': '{host()}', 'username': 'netops', 'password': '{v}'}}", "python"))
pt("password")(lambda v: lang("pt") and f"senha do roteador do cliente (pediram pra gente acessar): {v}")
# phone
pt("phone_number")(lambda v: f"field tech on site in {ch(SITES).upper()}: {v}, call before entering the cage")
pt("phone_number")(lambda v: f"carrier NOC escalation line for {circuit_id()} (24/7): {v}")
pt("phone_number")(lambda v: lang("de") and f"Techniker vor Ort erreichbar unter {v}")
pt("phone_number")(lambda v: lang("ja") and f"現地作業員の携帯: {v}")
pt("phone_number")(lambda v: lang("fr") and f"Le technicien est joignable au {v} jusqu'à 18h.")
pt("phone_number")(lambda v: lang("es") and f"El cliente pide que le llamen al {v} cuando vuelva el servicio.")
# pem (value=(type, body))
pt("private_key_pem")(lambda v: "oops, wrong paste, ignore:\n" + code_block(f"-----BEGIN {v[0]}-----\n{v[1]}\n-----END {v[0]}-----"))
pt("private_key_pem")(lambda v: code_block(f"$ cat /etc/oxidized/.ssh/id_key\n-----BEGIN {v[0]}-----\n{v[1]}\n-----END {v[0]}-----", "bash"))
pt("private_key_pem")(lambda v: f"key for the gNMI cert on {host()}, load it on the collector:\n-----BEGIN {v[0]}-----\n{v[1]}\n-----END {v[0]}-----")
pt("private_key_pem")(lambda v: lang("pl") and f"klucz do tunelu zarządzającego:\n```\n-----BEGIN {v[0]}-----\n{v[1]}\n-----END {v[0]}-----\n```")
# slack bot
pt("slack_bot_token")(lambda v: code_block(f"SLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=C0{s_of(UP + DIG, 9)}", "bash"))
pt("slack_bot_token")(lambda v: code_block(f"receivers:\n  - name: noc-slack\n    slack_configs:\n      - channel: '#noc-alerts'\n        api_url: https://slack.com/api/chat.postMessage\n        http_config:\n          authorization:\n            credentials: {v}", "yaml"))
pt("slack_bot_token")(lambda v: code_block(f'client = WebClient(token="{v}")', "python"))
pt("slack_bot_token")(lambda v: lang("it") and f"token del bot degli allarmi (quello nuovo): {v}")
# slack user
pt("slack_user_token")(lambda v: f"used my user token for the channel export script: {v} \u2014 revoke when done")
pt("slack_user_token")(lambda v: code_block(f'curl -s -H "Authorization: Bearer {v}" "https://slack.com/api/conversations.history?channel=C0{s_of(UP + DIG, 9)}&limit=200"', "bash"))
pt("slack_user_token")(lambda v: lang("sv") and f"min användartoken för exporten: {v}")
# url credentials (value = password part)
pt("url_credentials")(lambda v: code_block(f"{host()}#copy running-config scp://backup:{v}@{priv_ip()}/configs/{host()}.cfg"))
pt("url_credentials")(lambda v: code_block(f"DB_URL=mysql://librenms:{v}@db01.noc.internal:3306/librenms", "bash"))
pt("url_credentials")(lambda v: f"PDU web UI works with https://admin:{v}@pdu-r{ri(1, 40)}-{ch(SITES)}.oob.internal/status.html if you need it tonight")
pt("url_credentials")(lambda v: code_block(f"source:\n  default: sql\n  sql:\n    url: postgres://oxidized:{v}@pg.noc.internal:5432/inventory", "yaml"))
pt("url_credentials")(lambda v: code_block(f"CELERY_BROKER_URL=amqps://noc-events:{v}@mq.noc.internal:5671/%2f", "bash"))
pt("url_credentials")(lambda v: lang("de") and f"Firmware liegt auf ftp://fwimg:{v}@{priv_ip()}/images/ \u2014 bitte nach dem Upgrade löschen")
pt("url_credentials")(lambda v: code_block(f"REDIS_URL=redis://:{v}@redis-noc:6379/0", "bash"))
# ssn
pt("us_ssn")(lambda v: f"HR needs the SSN for the new field tech's DC access badge, he sent it here: {v}")
pt("us_ssn")(lambda v: code_block(f"Contractor background check\nCompany: {ch(['FiberWorks LLC', 'Metro Splicing Inc', 'TowerCrew Services'])}\nSSN: {v}\nSite: {ch(['ASH1', 'DFW2', 'ORD3', 'SJC1'])}"))
pt("us_ssn")(lambda v: lang("es") and f"Número de Seguro Social del técnico contratista para el acceso al sitio: {v}")
pt("us_ssn")(lambda v: f"colo security asks for SSN {v} before they issue the escort badge, can someone confirm with the vendor")


# ================================================================== build
def n_lines(t):
    return t.count("\n") + 1


def build_negatives():
    out = []
    seen = set()
    stats = {}
    lang_counts = {}
    for cat in CATS:
        tmpls = NEG[cat]
        order = [tmpls[i % len(tmpls)] for i in range(100)]
        rng.shuffle(order)
        redraws = 0
        for f in order:
            for attempt in range(200):
                LANG_USED.clear()
                text = decorate(f())
                if text in seen or not (1 <= n_lines(text) <= 40):
                    redraws += 1
                    continue
                hits = scan(text)
                if hits:
                    redraws += 1
                    continue
                break
            else:
                raise RuntimeError(f"could not draw a clean negative from {f.__name__}: {hits} / {text[:300]}")
            seen.add(text)
            for c in (LANG_USED or {"en"}):
                lang_counts[c] = lang_counts.get(c, 0) + 1
            out.append({"category": cat, "text": text, "_t": f.__name__})
        stats[cat] = (len(tmpls), redraws)
    rng.shuffle(out)
    recs = []
    for i, r in enumerate(out, 1):
        recs.append({"id": f"h{N}n-{i:04d}", "text": r["text"], "category": r["category"]})
    return recs, stats, lang_counts, out


def round_robin_counts(total=170):
    cnt = {k: 0 for k in KINDS}
    for i in range(total):
        cnt[KINDS[i % len(KINDS)]] += 1
    return cnt


EXTRA_PAIRS = [("password", "phone_number"), ("ipv4_address", "jwt"), ("slack_bot_token", "slack_user_token"), ("url_credentials", "us_ssn"),
               ("email_address", "github_classic_pat"), ("iban", "credit_card"), ("phone_number", "email_address"), ("jwt", "openai_api_key"),
               ("github_fine_grained_pat", "anthropic_api_key"), ("ipv4_address", "password"), ("private_key_pem", "ipv4_address"),
               ("email_address", "phone_number")]
AWS_PAIRS = 8

PAIR_INTROS = ["two things from the handover doc (sorry for the paste):", "cutover notes for tonight:", "from the vendor's onboarding mail:",
               ("de", "Übergabe Nachtschicht:"), ("es", "notas del cambio de esta noche:"), ("fr", "notes de bascule pour ce soir :"),
               ("ja", "今夜の作業メモ:"), "copying the whole ticket body so it's in one place:"]


def aws_pair_text(a, s):
    k = ri(0, 3)
    if k == 0:
        return code_block(f"[noc-config-backup]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-central-1", "ini"), 0
    if k == 1:
        return "for the rclone offsite job:\n" + code_block(f"[s3-offsite]\ntype = s3\nprovider = AWS\naccess_key_id = {a}\nsecret_access_key = {s}\nregion = eu-west-1"), 1
    if k == 2:
        return code_block(f"export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\naws s3 sync /var/lib/oxidized/configs s3://noc-config-backup/", "bash"), 2
    lang("de")
    return f"Zugang für den Config-Backup-Bucket, bitte nach der Migration löschen:\nKey-ID {a}\nSecret {s}", 3


def value_and_text(kind, tmpl_idx=None):
    gen = {"anthropic_api_key": v_anthropic, "aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "credit_card": v_card,
           "email_address": v_email, "github_classic_pat": v_gh_classic, "github_fine_grained_pat": v_gh_fine, "iban": v_iban,
           "ipv4_address": v_ip, "jwt": v_jwt, "openai_api_key": v_openai, "password": v_password, "phone_number": v_phone,
           "private_key_pem": v_pem, "slack_bot_token": v_slack_bot, "slack_user_token": v_slack_user, "url_credentials": v_url_pw,
           "us_ssn": v_ssn}[kind]
    v = gen()
    idx = ri(0, len(PT[kind]) - 1) if tmpl_idx is None else tmpl_idx
    text = PT[kind][idx](v)
    value = v[1] if kind == "private_key_pem" else v
    return value, text, idx


def build_positives():
    cnt = round_robin_counts()
    specs = [("aws_access_key_id", "aws_secret_access_key")] * AWS_PAIRS + EXTRA_PAIRS
    used = {k: 0 for k in KINDS}
    for p in specs:
        for k in p:
            used[k] += 1
    singles = []
    for k in KINDS:
        rem = cnt[k] - used[k]
        assert rem >= 0, k
        singles += [(k,)] * rem
    specs = specs + singles
    rng.shuffle(specs)
    tcount = {k: 0 for k in KINDS}
    recs = []
    for i, spec in enumerate(specs, 1):
        if len(spec) == 1:
            tidx = tcount[spec[0]] % len(PT[spec[0]])
            tcount[spec[0]] += 1
        for attempt in range(50):
            LANG_USED.clear()
            if len(spec) == 1:
                k = spec[0]
                value, text, idx = value_and_text(k, tidx)
                text = decorate(text, 0.08, 0.04)
                secrets = [{"kind": k, "value": value}]
                ctx = f"{k}:t{idx}"
            elif spec == ("aws_access_key_id", "aws_secret_access_key"):
                a, s = v_aws_id(), v_aws_secret()
                text, idx = aws_pair_text(a, s)
                secrets = [{"kind": spec[0], "value": a}, {"kind": spec[1], "value": s}]
                ctx = f"multi:aws_pair:{idx}"
            else:
                va, ta, ia = value_and_text(spec[0])
                vb, tb, ib = value_and_text(spec[1])
                intro = chl(PAIR_INTROS)
                text = f"{intro}\n{ta}\n{tb}" if chance(0.5) else f"{intro}\n\u2022 {ta}\n\u2022 {tb}"
                secrets = [{"kind": spec[0], "value": va}, {"kind": spec[1], "value": vb}]
                ctx = f"multi:{spec[0]}+{spec[1]}:t{ia}+t{ib}"
            for sec in secrets:
                assert sec["value"] in text, (sec, text)
            if not uncovered_hits(text, secrets):
                break
        else:
            raise RuntimeError(f"positive {spec} keeps holding an unlabelled secret")
        langs = sorted(LANG_USED) or ["en"]
        recs.append({"id": f"h{N}p-{i:04d}", "text": text, "secrets": secrets, "context": ctx + ":" + "+".join(langs)})
    return recs


def uncovered_hits(text, secrets):
    """scanner hits in a positive that no labelled value accounts for (an accidental extra secret)."""
    vals = [x["value"] for x in secrets]
    norm = [re.sub(r"[\s-]", "", v) for v in vals]
    out = []
    for kind, hit in scan(text):
        h = re.sub(r"[\s-]", "", hit)
        if any(h in n or n in h for n in norm):
            continue
        if kind == "email" and any(v + "@" in text and hit.split("@")[0] in v for v in vals):
            continue  # URL userinfo already labelled as url_credentials
        out.append((kind, hit))
    return out


def check_positive(s):
    k, v = s["kind"], s["value"]
    if k == "credit_card":
        assert luhn_ok(re.sub(r"\D", "", v)), v
    elif k == "iban":
        assert mod97(v.replace(" ", "")) == 1, v
    elif k == "us_ssn":
        d = re.sub(r"\D", "", v)
        a, g, n = int(d[:3]), int(d[3:5]), int(d[5:])
        assert 0 < a < 900 and a != 666 and g > 0 and n > 0, v
    elif k == "ipv4_address":
        assert ip_public(tuple(int(x) for x in v.split("."))), v
    elif k == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif k == "private_key_pem":
        base64.b64decode(v.replace("\n", ""), validate=True)
    elif k == "github_classic_pat":
        assert v[-6:] == base62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6)


def main():
    negs, stats, lang_counts, raw = build_negatives()
    poss = build_positives()
    for r in poss:
        for s in r["secrets"]:
            check_positive(s)
    with open(os.path.join(HERE, f"redaction{N}_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, f"redaction{N}_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    if "-v" in sys.argv:
        from collections import Counter
        print("negatives:", len(negs), Counter(r["category"] for r in negs))
        for c in CATS:
            ls = [n_lines(r["text"]) for r in negs if r["category"] == c]
            print(f"  {c}: templates={stats[c][0]} redraws={stats[c][1]} lines min/max={min(ls)}/{max(ls)} >=10:{sum(x >= 10 for x in ls)} >=20:{sum(x >= 20 for x in ls)}")
        ls = [n_lines(r["text"]) for r in negs]
        print("  lines: single", sum(x == 1 for x in ls), ">=10", sum(x >= 10 for x in ls), ">=20", sum(x >= 20 for x in ls), "max", max(ls))
        print("  languages (records touching):", dict(sorted(lang_counts.items(), key=lambda x: -x[1])))
        kc = Counter(s["kind"] for r in poss for s in r["secrets"])
        print("positives:", len(poss), "secrets:", sum(kc.values()), "two-secret texts:", sum(len(r["secrets"]) == 2 for r in poss))
        for k in KINDS:
            print(f"  {k}: {kc[k]}")
        missed = 0
        for r in poss:
            if not scan(r["text"]):
                missed += 1
        print("  positives with no scanner hit (scanner coverage only):", missed)
        pl = Counter(l for r in poss for l in r["context"].rsplit(":", 1)[1].split("+"))
        print("  positive languages:", dict(pl))


if __name__ == "__main__":
    main()
