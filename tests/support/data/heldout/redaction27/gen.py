#!/usr/bin/env python3
"""Held-out redaction corpus #27 (blind): university IT helpdesk / research-computing Slack.

Standard library only. Deterministic: random.Random(2727). Writes
redaction27_negatives.jsonl and redaction27_positives.jsonl next to this file.
"""
import base64
import datetime as dt
import ipaddress
import json
import os
import re
import struct
import zlib

import random

R = random.Random(2727)
HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------- basics
DIG = "0123456789"
HEX = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
B62 = DIG + UP + LO
B64C = UP + LO + DIG + "+/"
B64U = UP + LO + DIG + "-_"


def pick(seq):
    return seq[R.randrange(len(seq))]


def rs(alphabet, n):
    return "".join(alphabet[R.randrange(len(alphabet))] for _ in range(n))


def hx(n):
    return rs(HEX, n)


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode()


def b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uuid4():
    n = R.getrandbits(128)
    n &= ~(0xF000 << 64)
    n |= 0x4000 << 64
    n &= ~(0xC000 << 48)
    n |= 0x8000 << 48
    h = "%032x" % n
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26)


def rdt(y0=2024, y1=2025):
    start = dt.datetime(y0, 1, 1)
    span = (dt.datetime(y1, 12, 31) - start).total_seconds()
    return start + dt.timedelta(seconds=R.randrange(int(span)))


def iso(d=None, ms=True, z=True):
    d = d or rdt()
    s = d.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % R.randrange(1000)
    return s + ("Z" if z else "")


def epoch(d=None):
    d = d or rdt()
    return int((d - dt.datetime(1970, 1, 1)).total_seconds())


def priv_ip():
    k = R.randrange(4)
    if k == 0:
        return "10.%d.%d.%d" % (R.randrange(256), R.randrange(256), R.randrange(1, 255))
    if k == 1:
        return "172.%d.%d.%d" % (R.randrange(16, 32), R.randrange(256), R.randrange(1, 255))
    if k == 2:
        return "192.168.%d.%d" % (R.randrange(256), R.randrange(1, 255))
    return "100.%d.%d.%d" % (R.randrange(64, 128), R.randrange(256), R.randrange(1, 255))


def doc_ip():
    return pick(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R.randrange(1, 255))


def mac():
    return ":".join("%02x" % R.randrange(256) for _ in range(6))


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


def not_luhn(digits):
    """Change the last digit so the run is NOT Luhn-valid (for ids that must not look like cards)."""
    if luhn_ok(digits):
        digits = digits[:-1] + str((int(digits[-1]) + 1) % 10)
    return digits


def luhn_complete(prefix_digits):
    for c in DIG:
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c
    raise AssertionError


IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "BG": 22, "BR": 29, "CH": 21, "CY": 28, "CZ": 24, "DE": 22,
            "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28,
            "IE": 22, "IS": 26, "IT": 27, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31,
            "NL": 18, "NO": 15, "PL": 28, "PT": 25, "RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27,
            "TR": 26}


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_ok(s):
    s = s.replace(" ", "").upper()
    if len(s) < 15 or not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", s):
        return False
    return iban_num(s[4:] + s[:4]) % 97 == 1


def iban_make(cc, bban):
    chk = 98 - iban_num(bban + cc + "00") % 97
    s = "%s%02d%s" % (cc, chk, bban)
    assert iban_ok(s)
    return s


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


# --------------------------------------------------------------------------- DER / binary builders
def dlen(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + dlen(len(content)) + content


def dseq(*parts):
    return der(0x30, b"".join(parts))


def dint_bytes(b):
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def dint(n):
    return dint_bytes(n.to_bytes(max(1, (n.bit_length() + 8) // 8), "big"))


OID = {
    "rsa": bytes.fromhex("2a864886f70d010101"),
    "sha256rsa": bytes.fromhex("2a864886f70d01010b"),
    "ecpub": bytes.fromhex("2a8648ce3d0201"),
    "p256": bytes.fromhex("2a8648ce3d030107"),
    "ecdsa256": bytes.fromhex("2a8648ce3d040302"),
    "ed25519": bytes.fromhex("2b6570"),
    "cn": bytes.fromhex("550403"),
    "o": bytes.fromhex("55040a"),
    "c": bytes.fromhex("550406"),
}


def doid(name):
    return der(0x06, OID[name])


def big(nbytes):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0x80
    b[-1] |= 1
    return bytes(b)


def x509_cert(cn, org, country=None, bits=2048):
    country = country or {"de": "DE", "fr": "FR", "es": "ES", "edu": "US", "nl": "NL", "jp": "JP", "uk": "GB", "it": "IT",
                          "pl": "PL", "br": "BR", "se": "SE", "fi": "FI"}.get(cn.rsplit(".", 1)[-1], "DE")
    def name(c):
        return dseq(der(0x31, dseq(doid("c"), der(0x13, country.encode()))),
                    der(0x31, dseq(doid("o"), der(0x0c, org.encode()))),
                    der(0x31, dseq(doid("cn"), der(0x0c, c.encode()))))
    alg = dseq(doid("sha256rsa"), b"\x05\x00")
    d0 = rdt(2023, 2024)
    d1 = d0.replace(year=d0.year + pick([3, 5, 10]))
    validity = dseq(der(0x17, d0.strftime("%y%m%d%H%M%SZ").encode()),
                    der(0x17, d1.strftime("%y%m%d%H%M%SZ").encode()))
    spki = dseq(dseq(doid("rsa"), b"\x05\x00"),
                der(0x03, b"\x00" + dseq(dint_bytes(big(bits // 8)), dint(65537))))
    tbs = dseq(der(0xa0, dint(2)), dint_bytes(big(16)), alg, name(org + " Root CA"), validity, name(cn), spki)
    return dseq(tbs, alg, der(0x03, b"\x00" + rbytes(bits // 8)))


def pem_lines(data, width=64):
    s = b64(data)
    return [s[i:i + width] for i in range(0, len(s), width)]


def pem(label, data, width=64):
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, "\n".join(pem_lines(data, width)), label)


def png_bytes(w=None, h=None):
    w = w or R.randrange(1, 9)
    h = h or R.randrange(1, 9)
    base = (R.randrange(256), R.randrange(256), R.randrange(256))
    rows = []
    for _ in range(h):
        row = bytearray(b"\x00")
        for _ in range(w):
            row += bytes((c + R.randrange(-6, 7)) % 256 for c in base)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_bytes():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + rbytes(3) + b"\x00\x00\x00"
            b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_bytes(n=None):
    n = n or R.randrange(60, 180)
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x01\x00H\x00H\x00\x00\xff\xdb\x00C\x00"
            + rbytes(64) + b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00?\x00" + rbytes(n) + b"\xff\xd9")


def woff2_bytes(n=None):
    n = n or R.randrange(90, 260)
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", n + 48) + struct.pack(">HH", 12, 0) + rbytes(n)


def woff_bytes(n=None):
    n = n or R.randrange(90, 200)
    return b"wOFF\x00\x01\x00\x00" + struct.pack(">I", n + 44) + struct.pack(">HH", 11, 0) + rbytes(n)


def pdf_bytes():
    title = pick(["Pruefungsplan", "Room booking", "Quota report", "Printer test page", "Lizenzbestaetigung"])
    body = ("%%PDF-1.7\n%%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
            "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"
            "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n"
            "4 0 obj\n<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 770 Td (%s) Tj ET\nendstream\nendobj\n"
            "trailer\n<< /Root 1 0 R /Size 5 >>\n%%%%EOF\n" % title)
    return body.encode("latin-1")


def wav_bytes(n=None):
    n = n or R.randrange(40, 120)
    data = rbytes(n)
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + data)


def ico_bytes():
    p = png_bytes(4, 4)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 4, 4, 0, 0, 1, 32, len(p), 22) + p


SVGS = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1l7 14H1z" fill="#%s"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="9" fill="none" stroke="#%s" stroke-width="2"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><rect x="2" y="5" width="16" height="10" rx="2" fill="#%s"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 3a9 9 0 0 1 9 9h-2a7 7 0 0 0-14 0H3a9 9 0 0 1 9-9z" fill="#%s"/></svg>',
]


def svg():
    return pick(SVGS) % hx(6)


# --------------------------------------------------------------------------- token / secret generators (positives)
def b62enc(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def gh_classic():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def gh_fine():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def anthropic_key():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def openai_key():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)


def aws_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)


def aws_secret():
    while True:
        s = rs(UP + LO + DIG + "+/", 40)
        if "EXAMPLE" not in s:
            return s


def slack_bot():
    return "xoxb-%d-%d-%s" % (R.randrange(10 ** 10, 10 ** 12), R.randrange(10 ** 12, 10 ** 13), rs(B62, 24))


def slack_user():
    return "xoxp-%d-%d-%d-%s" % (R.randrange(10 ** 10, 10 ** 12), R.randrange(10 ** 10, 10 ** 12),
                                 R.randrange(10 ** 12, 10 ** 13), hx(32))


def card():
    k = R.randrange(5)
    if k == 0:
        d = luhn_complete("4" + rs(DIG, 14)); g = [4, 4, 4, 4]
    elif k == 1:
        d = luhn_complete(str(R.randrange(51, 56)) + rs(DIG, 13)); g = [4, 4, 4, 4]
    elif k == 2:
        d = luhn_complete(str(R.randrange(2221, 2721)) + rs(DIG, 11)); g = [4, 4, 4, 4]
    elif k == 3:
        d = luhn_complete(pick(["34", "37"]) + rs(DIG, 12)); g = [4, 6, 5]
    else:
        d = luhn_complete("6011" + rs(DIG, 11)); g = [4, 4, 4, 4]
    sep = pick(["", " ", "-", " "])
    if not sep:
        return d
    out, i = [], 0
    for n in g:
        out.append(d[i:i + n]); i += n
    return sep.join(out)


def iban():
    cc = pick(["DE", "GB", "FR", "NL", "ES", "IT", "PL", "AT", "CH", "BE", "SE", "FI", "PT"])
    if cc == "DE":
        b = rs(DIG, 18)
    elif cc == "GB":
        b = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + rs(DIG, 14)
    elif cc == "FR":
        bank, guichet, compte = rs(DIG, 5), rs(DIG, 5), rs(DIG, 11)
        key = 97 - (89 * int(bank) + 15 * int(guichet) + 3 * int(compte)) % 97
        b = bank + guichet + compte + "%02d" % key
    elif cc == "NL":
        b = pick(["ABNA", "INGB", "RABO", "TRIO", "SNSB"]) + rs(DIG, 10)
    elif cc == "ES":
        b = rs(DIG, 20)
    elif cc == "IT":
        b = pick(UP) + rs(DIG, 10) + rs(DIG, 12)
    elif cc == "PL":
        b = rs(DIG, 24)
    elif cc == "AT":
        b = rs(DIG, 16)
    elif cc == "CH":
        b = rs(DIG, 17)
    elif cc == "BE":
        first = rs(DIG, 10)
        m = int(first) % 97
        b = first + "%02d" % (m if m else 97)
    elif cc == "SE":
        b = rs(DIG, 20)
    elif cc == "FI":
        b = rs(DIG, 14)
    else:
        b = rs(DIG, 21)
    s = iban_make(cc, b)
    assert len(s) == IBAN_LEN[cc], (cc, s)
    return group4(s) if R.random() < 0.55 else s


def public_ip():
    while True:
        a = ipaddress.IPv4Address(R.getrandbits(32))
        if a.is_global and not a.is_multicast and not a.is_reserved and a.packed[0] not in (0, 100, 127):
            return str(a)


def ssn():
    while True:
        a = R.randrange(1, 900)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randrange(1, 100), R.randrange(1, 10000))


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", s)
    if not m:
        return False
    a, g, n = (int(x) for x in m.groups())
    return a not in (0, 666) and a < 900 and g != 0 and n != 0


def jwt(iss, aud, extra=None, alg=None):
    alg = alg or pick(["RS256", "RS256", "HS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = rs(B62 + "-_", 43) if R.random() < 0.5 else uuid4()
    now = epoch(rdt(2025, 2025))
    pl = {"exp": now + pick([300, 900, 3600, 36000]), "iat": now, "jti": uuid4(), "iss": iss, "aud": aud,
          "sub": uuid4(), "typ": "Bearer"}
    if extra:
        pl.update(extra)
    sig_len = {"RS256": 256, "HS256": 32, "ES256": 64}[alg]
    return (b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "."
            + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(rbytes(sig_len)))


def password():
    k = R.randrange(4)
    if k == 0:
        return rs(B62 + "!#%&*+-=?@^_", R.randrange(12, 22))
    if k == 1:
        w = pick(["Hoersaal", "Bibliothek", "Cluster", "Mensa", "Campus", "Rechenzentrum", "Aula", "Labor",
                  "Biblioteca", "Quantum", "Sternwarte", "Kalkyl", "Tietokone"])
        return w + pick(["!", "#", "$", "%", "&", "*", "+", "?"]) + rs(DIG, R.randrange(3, 6)) + rs(UP + LO, 2)
    if k == 2:
        return "-".join(pick(["tulip", "granite", "velvet", "orbit", "maple", "copper", "lantern", "fjord",
                              "cobalt", "saffron", "harbor", "quartz", "meadow", "ember"]) for _ in range(3)) + rs(DIG, 2)
    return rs(B62, R.randrange(16, 33))


def phone():
    k = R.randrange(12)
    d = lambda n: rs(DIG, n)
    if k == 0:
        return "+49 %s %s" % (pick(["30", "89", "40", "221", "6221", "761"]), d(R.randrange(6, 9)))
    if k == 1:
        return "+49 1%s %s" % (pick(["51", "52", "57", "60", "62", "70", "76"]), d(8))
    if k == 2:
        return "(%d) %s-%s" % (R.randrange(201, 990), str(R.randrange(200, 1000)), d(4))
    if k == 3:
        return "+1 %d %d %s" % (R.randrange(201, 990), R.randrange(200, 1000), d(4))
    if k == 4:
        return "+44 7%s %s" % (d(3), d(6))
    if k == 5:
        return "+33 %d %s %s %s %s" % (R.randrange(1, 8), d(2), d(2), d(2), d(2))
    if k == 6:
        return "0%d-%s-%s" % (pick([3, 6, 90, 80, 70]), d(4), d(4))
    if k == 7:
        return "06-%s" % d(8)
    if k == 8:
        return "+34 6%s %s %s" % (d(2), d(3), d(3))
    if k == 9:
        return "+39 3%s %s %s" % (d(2), d(3), d(4))
    if k == 10:
        return "+48 %s %s %s" % (pick(["501", "602", "698", "725", "880"]), d(3), d(3))
    return "010-%s-%s" % (d(4), d(4))


PEM_CYCLE = [0]


def pem_private():
    """Returns (label, body_lines) with real DER / openssh structure and random key material."""
    k = PEM_CYCLE[0] % 5
    PEM_CYCLE[0] += 1
    if k == 0:
        data = dseq(dint(1), der(0x04, rbytes(32)), der(0xa0, doid("p256")), der(0xa1, der(0x03, b"\x00\x04" + rbytes(64))))
        return "EC PRIVATE KEY", pem_lines(data)
    if k == 1:
        data = dseq(dint(0), dseq(doid("ed25519")), der(0x04, der(0x04, rbytes(32))))
        return "PRIVATE KEY", pem_lines(data)
    if k == 2:
        bits = pick([1024, 2048])
        n = bits // 8
        data = dseq(dint(0), dint_bytes(big(n)), dint(65537), dint_bytes(big(n)), dint_bytes(big(n // 2)),
                    dint_bytes(big(n // 2)), dint_bytes(big(n // 2)), dint_bytes(big(n // 2)), dint_bytes(big(n // 2)))
        return "RSA PRIVATE KEY", pem_lines(data)
    if k == 3:
        n = 128
        inner = dseq(dint(0), dint_bytes(big(n)), dint(65537), dint_bytes(big(n)), dint_bytes(big(n // 2)),
                     dint_bytes(big(n // 2)), dint_bytes(big(n // 2)), dint_bytes(big(n // 2)), dint_bytes(big(n // 2)))
        data = dseq(dint(0), dseq(doid("rsa"), b"\x05\x00"), der(0x04, inner))
        return "PRIVATE KEY", pem_lines(data)

    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(
        pick([b"hpc-login", b"gpu-node-key", b"cluster-access", b"deploy@jupyterhub"]))
    i = 1
    while len(priv) % 8:
        priv += bytes([i]); i += 1
    data = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", pem_lines(data, 70)


# --------------------------------------------------------------------------- scanner (for negatives)
ALLOW = {
    # documented examples deliberately kept in negatives (see README, "Deliberate ambiguities")
    "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "4242424242424242", "4000056655665556",
    "DE89370400440532013000", "GB82WEST12345698765432",
    "29.0.2.0",
}
RX_EMAIL = re.compile(r"([A-Za-z0-9_.%+-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})\b")
RX_TOKENS = [
    ("github", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}")),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{20,}")),
    ("slack", re.compile(r"xox[abposre]-\d+-")),
    ("sk", re.compile(r"\bsk-[A-Za-z0-9_-]{20,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}")),
    ("aws_id", re.compile(r"\b(?:AKIA|ASIA)[A-Z2-7]{16}\b")),
    ("ssn", re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")),
    ("phone_intl", re.compile(r"\+\d{1,3}[ (-]\d{2,}")),
]
RX_DIGRUN = re.compile(r"\d(?:[ -]?\d)*")
RX_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}")
RX_PEM = re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----\s*\n\s*([A-Za-z0-9+/=]{40,})")
RX_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d]|\.\d)")


def scan(text):
    hits = []
    for m in RX_EMAIL.finditer(text):
        if m.group(1).isdigit():              # FlexLM port@host is not an address
            continue
        before = text[max(0, m.start() - 200):m.start()]
        if before.endswith(":") and "://" in before.split()[-1] if before.split() else False:
            continue                          # URL userinfo placeholder (scheme://<user>:<token>@host)
        hits.append(("email", m.group(0)))
    for name, rx in RX_TOKENS:
        for m in rx.finditer(text):
            if name == "aws_id" and "EXAMPLE" in m.group(0):
                continue
            if name == "sk" and re.search(r"REPLACE|XXXX|xxxx|your|EXAMPLE", m.group(0)):
                continue
            hits.append((name, m.group(0)))
    for m in RX_DIGRUN.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc) and acc not in ALLOW:
                    hits.append(("luhn", acc))
    for m in RX_IBAN.finditer(text):
        s = m.group(0).replace(" ", "")
        L = IBAN_LEN.get(s[:2])
        if L and len(s) >= L and iban_ok(s[:L]) and s[:L] not in ALLOW:
            hits.append(("iban", s[:L]))
    for m in RX_PEM.finditer(text):
        hits.append(("pem", m.group(2)[:20]))
    for m in RX_IP.finditer(text):
        parts = [int(x) for x in m.groups()]
        if max(parts) > 255:
            continue
        ip = ipaddress.IPv4Address(".".join(map(str, parts)))
        if m.group(0) in ALLOW:
            continue
        if ip.is_global or ip.is_multicast:
            hits.append(("public_ip", m.group(0)))
    return hits


# --------------------------------------------------------------------------- vocabulary
UNIS = [("uni-halden.de", "Universität Halden"), ("univ-valmont.fr", "Université de Valmont"),
        ("umontearo.es", "Universidad de Montearo"), ("nfsu.edu", "Northfield State University"),
        ("ubrakel.nl", "Universiteit Brakel"), ("kohoku-u.ac.jp", "Kohoku University"),
        ("lakemoor.ac.uk", "Lakemoor College"), ("polivaldora.it", "Politecnico di Valdora"),
        ("uw-debnica.edu.pl", "Uniwersytet Debnicki"), ("ufsantarem.edu.br", "Universidade de Santarém do Sul"),
        ("norrvik.se", "Norrviks universitet"), ("korvela.fi", "Korvelan yliopisto")]


def uni():
    return pick(UNIS)


def dom():
    return uni()[0]


PARTS = ["cpu", "gpu", "gpu-a100", "gpu-h100", "bigmem", "short", "long", "devel", "teaching", "preempt"]
ACCOUNTS = ["chem-md", "phys-lattice", "bio-genomics", "cs-nlp", "geo-climate", "econ-abm", "med-imaging",
            "math-num", "eng-cfd", "ling-corpus", "astro-sims", "teaching-hpc101"]
JOBNAMES = ["relax_step2", "train_bert", "md_prod", "cfd_mesh3", "gromacs_eq", "vasp_scf", "snakemake",
            "nextflow-head", "jupyter", "matlab_batch", "r_bootstrap", "wrf_d02", "blast_array", "alphafold",
            "lammps_npt", "orca_opt", "cp2k_md", "comsol_sweep"]
SOFT = ["MATLAB", "ANSYS", "COMSOL", "Mathematica", "SPSS", "Stata", "Abaqus", "ArcGIS Pro", "Gaussian",
        "LabVIEW", "Origin", "SolidWorks", "NVivo", "Maple"]
ROOMS = ["HS 1", "HS 2.013", "B-204", "N1.045", "G 03.117", "Aula Magna", "Salle 114", "Aula 3B", "PC-Pool 0.21",
         "Lab 4.12", "Sala 2.07", "K3.056", "Room 1180", "講義室 201", "Sal 210", "Luentosali L3"]
COURSES = ["CS-4120", "MATH 2210", "INF-B-220", "PHY1104", "BIO 3350", "ECO-201", "DSC 510", "GEO-M-12",
           "LING 4302", "CHEM 2410", "EE-340", "MED-V-07", "INFO0815", "STAT 5620"]
LEADS = ["fyi: ", "FYI — ", "Zur Info: ", "Pour info : ", "Para que conste: ", "Para referência: ", "Ter info: ",
         "Per info: ", "Dla informacji: ", "参考までに: ", "供参考：", "참고: ", "Для справки: ", "För kännedom: ",
         "Tiedoksi: ", "Bilginize: ", "Pro informaci: ", "ping @helpdesk-l2 ", "re ticket — ", "(from #hpc-support) "]
TRAILS = ["thx", "danke!", "merci", "gracias", "obrigado", "grazie", "dzięki", "よろしくお願いします", "谢谢",
          "감사합니다", "спасибо", "tack", "kiitos", "teşekkürler", ":pray:", ":white_check_mark:", ":eyes:",
          "(edited)", "cc @hpc-admins", "— sent from the helpdesk rota"]

NEG = {}


def neg(cat):
    def deco(fn):
        NEG.setdefault(cat, []).append(fn)
        return fn
    return deco


def codeblock(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


# --------------------------------------------------------------------------- negatives: non_credential_blob
@neg("non_credential_blob")
def nb_sha256sums():
    files = R.sample(["MATLAB_R2024b_glnxa64.zip", "ansys_2024R2_lin64.tgz", "cuda_12.6.2_560.35.03_linux.run",
                      "SPSS_Statistics_30_win64.exe", "COMSOL64_setup_6.2.iso", "Mathematica_14.1.0_LINUX.sh",
                      "Stata18Linux64.tar.gz", "ArcGISPro_34_190440.exe", "Origin2024b_SR1.exe",
                      "intel-oneapi-hpc-toolkit-2025.0.1.46.sh", "rocky-9.4-lab-image.qcow2",
                      "R-4.4.2-win.exe", "RStudio-2024.12.0-467.exe", "texlive2024-20240312.iso"], R.randrange(3, 8))
    intro = pick(["Checksums for the new PC-pool image, please verify before you push it with the imaging server:",
                  "Prüfsummen für das Semester-Image (bitte vor dem Verteilen prüfen):",
                  "Sommes de contrôle des installeurs déposés sur le partage logiciel :",
                  "Checksums van de installers op de softwareshare:",
                  "ソフトウェア配布サーバーのハッシュ値です。インストール前に確認してください。",
                  "sha256 of what I uploaded to \\\\softdist\\campus$ today"])
    lines = ["%s  %s" % (hx(64), f) for f in files]
    return intro + "\n" + codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_gitlog():
    msgs = ["fix sbatch template for gpu-h100 partition", "Übungsblatt 7: Lösungen ergänzt", "bump numpy pin",
            "add eduroam CAT link to onboarding page", "corrige le barème du TP3", "README: module load order",
            "revert grading script change", "Aufgabe 4 Testfälle", "ci: cache pip wheels", "update LTI tool config",
            "nbgrader: release assignment ps05", "docs: explain scratch purge policy", "fix typo in syllabus"]
    n = R.randrange(4, 14)
    out = ["$ git log --oneline -n %d" % n]
    for _ in range(n):
        out.append("%s %s" % (hx(pick([7, 8, 9, 12])), pick(msgs)))
    if R.random() < 0.5:
        out.append("$ git rev-parse HEAD\n" + hx(40))
    return pick(["Which commit broke the autograder?", "Welcher Commit hat den Autograder kaputt gemacht?",
                 "el autograder falla desde esta mañana, log:", "", "course repo history:"]) + "\n" + codeblock("\n".join(out))


@neg("non_credential_blob")
def nb_apptainer():
    img = pick(["pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime", "rocker/tidyverse:4.4.2",
                "jupyter/scipy-notebook:2024-10-07", "nvcr.io/nvidia/tensorflow:24.10-tf2-py3",
                "biocontainers/samtools:v1.9-4-deb_cv1", "continuumio/miniconda3:24.9.2-0"])
    d = hx(64)
    lines = ["$ apptainer pull docker://%s" % img,
             "INFO:    Converting OCI blobs to SIF format",
             "INFO:    Starting build...",
             "Getting image source signatures"]
    for _ in range(R.randrange(3, 9)):
        lines.append("Copying blob sha256:%s" % hx(64))
    lines.append("Copying config sha256:%s" % hx(64))
    lines.append("Writing manifest to image destination")
    lines.append("INFO:    Creating SIF file...")
    lines.append("$ apptainer inspect --json %s.sif | jq -r '.data.attributes.labels[\"org.opencontainers.image.revision\"]'" % img.split("/")[-1].split(":")[0])
    lines.append(hx(40))
    tail = pick(["pin by digest in your job script: `docker://%s@sha256:%s`" % (img.split(":")[0], d),
                 "Digest: sha256:%s" % d, "Bitte per Digest pinnen: sha256:%s" % d])
    return codeblock("\n".join(lines)) + "\n" + tail


@neg("non_credential_blob")
def nb_conda_explicit():
    pk = [("numpy", "1.26.4", "py311h64a7726_0"), ("scipy", "1.14.1", "py311he9a78e4_1"),
          ("pandas", "2.2.3", "py311h7db5c69_1"), ("libopenblas", "0.3.28", "pthreads_h94d23a6_1"),
          ("python", "3.11.10", "hc5c86c4_3_cpython"), ("matplotlib-base", "3.9.2", "py311h2b939e6_2"),
          ("openmpi", "4.1.6", "hc5af2df_101"), ("hdf5", "1.14.3", "nompi_hdf4_h2d575fe_105"),
          ("xarray", "2024.10.0", "pyhd8ed1ab_0"), ("netcdf4", "1.7.2", "nompi_py311h9e4dfc2_100")]
    rows = ["# This file may be used to create an environment using:", "# $ conda create --name <env> --file <this file>",
            "# platform: linux-64", "@EXPLICIT"]
    for name, ver, build in R.sample(pk, R.randrange(4, 10)):
        ch = "noarch" if build.startswith("pyh") else "linux-64"
        rows.append("https://conda.anaconda.org/conda-forge/%s/%s-%s-%s.conda#%s" % (ch, name, ver, build, hx(32)))
    return pick(["env for the Klimamodell-Übung, reproducible:", "spec-list.txt from the teaching env",
                 "explicit spec so everyone gets the same builds:", "spec explícito del entorno del curso:"]) + "\n" + codeblock("\n".join(rows))


def ssh_pub_ed25519():
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    return "ssh-ed25519 " + b64(sstr(b"ssh-ed25519") + sstr(rbytes(32)))


def ssh_pub_rsa():
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    n = big(256)
    return "ssh-rsa " + b64(sstr(b"ssh-rsa") + sstr(b"\x01\x00\x01") + sstr(b"\x00" + n))


@neg("non_credential_blob")
def nb_hostkeys():
    d = dom()
    hosts = ["login%02d.hpc.%s" % (i, d) for i in range(1, R.randrange(3, 6))]
    intro = pick(["Host key fingerprints of the login nodes (compare when ssh asks you the first time):",
                  "Fingerprints der Login-Knoten – bitte beim ersten Login vergleichen:",
                  "Empreintes des clés d'hôte des nœuds de connexion :",
                  "ログインノードのホスト鍵フィンガープリント（初回接続時に確認してください）:",
                  "登录节点的主机密钥指纹，首次连接时请核对：",
                  "Отпечатки ключей узлов входа, сверьте при первом подключении:"])
    rows = ["| host | type | fingerprint |", "|---|---|---|"]
    for h in hosts:
        for t in R.sample(["ED25519", "ECDSA", "RSA"], R.randrange(1, 4)):
            rows.append("| %s | %s | `SHA256:%s` |" % (h, t, b64(rbytes(32)).rstrip("=")))
    return intro + "\n" + "\n".join(rows)


@neg("non_credential_blob")
def nb_pubkey():
    k = ssh_pub_ed25519() if R.random() < 0.6 else ssh_pub_rsa()
    comment = pick(["gitlab-runner-ci03", "deploy-jupyterhub", "backup-pull-nas02", "lab-gpu-07", "nbgrader-exchange"])
    return pick(["public key of the deploy runner, add it as a deploy key (read-only) on the course repo:",
                 "Öffentlicher Schlüssel für den Backup-Pull, gehört in authorized_keys auf nas02:",
                 "clave pública del runner, solo lectura:",
                 "this is the .pub, not the private one, safe to paste:",
                 "公開鍵です（秘密鍵ではありません）:"]) + "\n" + codeblock("%s %s" % (k, comment))


@neg("non_credential_blob")
def nb_radius_cert():
    d, name = uni()
    c = x509_cert("radius.%s" % d, name)
    intro = pick(["eduroam: devices that don't use the CAT installer must trust this CA (public cert, fine to share):",
                  "eduroam-CA zum manuellen Import (öffentliches Zertifikat):",
                  "Certificado raíz público del servidor RADIUS para eduroam:",
                  "CA pubblica del server RADIUS eduroam, da importare a mano su Linux:",
                  "eduroam の RADIUS サーバー CA 証明書（公開情報）:"])
    return intro + "\n" + codeblock(pem("CERTIFICATE", c))


def colonhex(n):
    return ":".join("%02X" % R.randrange(256) for _ in range(n))


@neg("non_credential_blob")
def nb_ca_fpr():
    d = dom()
    rows = ["eduroam server name: radius.%s" % d,
            "CA SHA-1:   %s" % colonhex(20),
            "CA SHA-256: %s" % colonhex(32)]
    if R.random() < 0.5:
        rows.append("Valid until: %s" % rdt(2030, 2034).strftime("%Y-%m-%d"))
    return pick(["Wenn Android nach dem Zertifikat fragt:", "For Linux / NetworkManager users:", "Pour la config manuelle :",
                 "Voor handmatige configuratie:", "Manuaalinen asetus:", "Ręczna konfiguracja:"]) + "\n" + codeblock("\n".join(rows))


@neg("non_credential_blob")
def nb_spack():
    pk = ["openmpi@4.1.6", "hdf5@1.14.3", "fftw@3.3.10", "gromacs@2024.3", "lammps@20240829", "netcdf-c@4.9.2",
          "petsc@3.21.4", "cp2k@2024.1", "boost@1.86.0", "cuda@12.4.1", "python@3.11.9", "openblas@0.3.27",
          "quantum-espresso@7.3.1", "slepc@3.21.1"]
    lines = ["$ spack find -l --no-groups"]
    picks = R.sample(pk, R.randrange(4, 11))
    for p in picks:
        lines.append("%s %s" % (rs("abcdefghijklmnopqrstuvwxyz234567", 7), p))
    p = pick(picks).replace("@", "-")
    lines.append("$ spack location -i /%s" % rs("abcdefghijklmnopqrstuvwxyz234567", 7))
    lines.append("/opt/spack/opt/spack/linux-rocky9-zen4/gcc-13.2.0/%s-%s" % (p, rs("abcdefghijklmnopqrstuvwxyz234567", 32)))
    return pick(["two builds of the same package again, which one does the module point to?",
                 "Warum gibt es zwei hdf5-Builds?", "", "hashes after the rebuild:"]) + "\n" + codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_easyconfig():
    name = pick(["GROMACS", "OpenFOAM", "ORCA", "WRF", "Bowtie2", "SAMtools", "LAMMPS", "CP2K"])
    ver = "%d.%d" % (R.randrange(1, 2025), R.randrange(0, 10))
    srcs = ["%s-%s.tar.gz" % (name.lower(), ver)] + ["%s-%s_fix%d.patch" % (name, ver, i) for i in range(R.randrange(0, 3))]
    body = ["name = '%s'" % name, "version = '%s'" % ver, "toolchain = {'name': 'foss', 'version': '2024a'}",
            "sources = [%s]" % ", ".join("'%s'" % s for s in srcs[:1]),
            "patches = [%s]" % ", ".join("'%s'" % s for s in srcs[1:]), "checksums = ["]
    for s in srcs:
        body.append("    {'%s': '%s'}," % (s, hx(64)))
    body.append("]")
    return "easyconfig for the new module, checksums verified:\n" + codeblock("\n".join(body), "python")


@neg("non_credential_blob")
def nb_bagit():
    files = ["data/raw/run_%03d.h5" % R.randrange(1000) for _ in range(R.randrange(3, 9))] + ["data/README.txt", "data/codebook.csv"]
    alg = pick(["md5", "sha256", "sha512"])
    n = {"md5": 32, "sha256": 64, "sha512": 128}[alg]
    lines = ["%s  %s" % (hx(n), f) for f in files]
    return pick(["manifest-%s.txt of the dataset bag before we deposit it in the repository:" % alg,
                 "BagIt-Manifest für das Forschungsdaten-Repositorium (%s):" % alg,
                 "manifest-%s.txt del paquete de datos:" % alg]) + "\n" + codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_globus():
    obj = {"DATA_TYPE": "task", "task_id": uuid4(), "source_endpoint_id": uuid4(), "destination_endpoint_id": uuid4(),
           "status": pick(["SUCCEEDED", "ACTIVE", "FAILED", "INACTIVE"]), "bytes_transferred": R.randrange(10 ** 9, 10 ** 13),
           "files": R.randrange(10, 90000), "request_time": iso(ms=False, z=False) + "+00:00", "sync_level": 3,
           "verify_checksum": True, "label": pick(["scratch->archive", "cryo-em raw", "climate reanalysis", "genomics batch 7"])}
    return pick(["transfer stuck?", "Globus task:", "status of the archive transfer", "Transferencia Globus:"]) + "\n" + codeblock(json.dumps(obj, indent=2), "json")


@neg("non_credential_blob")
def nb_jwks():
    d = dom()
    keys = []
    for _ in range(R.randrange(1, 3)):
        keys.append({"kty": "RSA", "alg": "RS256", "use": "sig", "kid": rs(B62, 22), "e": "AQAB", "n": b64u(big(256))})
    return ("LTI 1.3 tool: platform public keyset from https://lms.%s/mod/lti/certs.php (public, this is what the tool verifies against)\n" % d
            + codeblock(json.dumps({"keys": keys}, indent=1), "json"))


@neg("non_credential_blob")
def nb_saml():
    d, name = uni()
    c = b64(x509_cert("idp.%s" % d, name))
    return ("IdP metadata excerpt (signing cert is public):\n" + codeblock(
        '<md:EntityDescriptor entityID="https://idp.%s/idp/shibboleth">\n  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">\n    <md:KeyDescriptor use="signing">\n      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>%s</ds:X509Certificate></ds:X509Data></ds:KeyInfo>\n    </md:KeyDescriptor>\n  </md:IDPSSODescriptor>\n</md:EntityDescriptor>' % (d, c), "xml"))


@neg("non_credential_blob")
def nb_ldif_computer():
    pc = "%s-%s-%02d" % (pick(["POOL", "LAB", "BIB", "HS"]), pick(["A", "B", "N", "G"]) + str(R.randrange(1, 9)), R.randrange(1, 60))
    sid = "S-1-5-21-%d-%d-%d-%d" % (R.randrange(10 ** 9, 4 * 10 ** 9), R.randrange(10 ** 9, 4 * 10 ** 9), R.randrange(10 ** 9, 4 * 10 ** 9), R.randrange(1000, 300000))
    rows = ["dn: CN=%s,OU=Pools,OU=Computers,DC=ad,DC=%s" % (pc, pick(["halden", "valmont", "brakel", "norrvik"])),
            "objectClass: computer", "cn: %s" % pc, "objectGUID:: %s" % b64(rbytes(16)),
            "objectSid:: %s" % b64(rbytes(28)), "# %s" % sid, "operatingSystem: Windows 11 Enterprise",
            "operatingSystemVersion: 10.0 (%d)" % pick([22631, 26100]), "whenChanged: %s.0Z" % rdt().strftime("%Y%m%d%H%M%S")]
    return pick(["PC won't join the domain, object looks like this:", "Rechner im Pool meldet Vertrauensstellung fehlgeschlagen:", "ldapsearch for the lab PC:"]) + "\n" + codeblock("\n".join(rows))


@neg("non_credential_blob")
def nb_autopilot():
    rows = ["Device Serial Number,Windows Product ID,Hardware Hash"]
    for _ in range(R.randrange(2, 6)):
        rows.append("%s,,%s…" % (rs(UP + DIG, pick([7, 10, 12])), b64(rbytes(R.randrange(60, 120)))))
    return pick(["Autopilot CSV for the new lab laptops (hashes truncated):", "Autopilot-Import für die Leihgeräte der Bibliothek:",
                 "CSV Autopilot des portables de prêt :"]) + "\n" + codeblock("\n".join(rows), "csv")


@neg("non_credential_blob")
def nb_moodle_files():
    rows = ["contenthash                              | component     | filearea   | filesize",
            "-----------------------------------------+---------------+------------+---------"]
    for _ in range(R.randrange(3, 9)):
        rows.append("%s | %-13s | %-10s | %d" % (hx(40), pick(["mod_assign", "mod_resource", "user", "course", "mod_folder"]),
                                               pick(["submission", "content", "draft", "overviewfiles"]), R.randrange(1000, 90000000)))
    h = hx(40)
    return ("orphaned files in moodledata? example from mdl_files, path on disk is filedir/%s/%s/%s\n" % (h[:2], h[2:4], h)
            + codeblock("\n".join(rows)))


@neg("non_credential_blob")
def nb_s3ls():
    b = pick(["hpc-archive", "lecture-capture-2024", "rdm-deposit-staging", "teaching-datasets"])
    rows = ["$ s3cmd ls --list-md5 s3://%s/%s/" % (b, pick(["2024", "raw", "exports", "ws24"]))]
    for _ in range(R.randrange(3, 10)):
        et = hx(32) + (("-%d" % R.randrange(2, 400)) if R.random() < 0.4 else "")
        rows.append("%s %12d   %s  s3://%s/%s" % (rdt().strftime("%Y-%m-%d %H:%M"), R.randrange(10 ** 4, 10 ** 11), et, b,
                                                  pick(["part-%05d.parquet" % R.randrange(99999), "lecture_%d.mp4" % R.randrange(999), "run%d.tar.zst" % R.randrange(99)])))
    return pick(["ETags on the Ceph side:", "Objektliste aus dem S3-Archiv:", "", "multipart uploads show up with the -N suffix:"]) + "\n" + codeblock("\n".join(rows))


@neg("non_credential_blob")
def nb_pip_hashes():
    pk = [("numpy", "2.1.3"), ("pandas", "2.2.3"), ("scikit-learn", "1.5.2"), ("torch", "2.5.1"), ("matplotlib", "3.9.2"),
          ("nbgrader", "0.9.3"), ("jupyterlab", "4.3.1"), ("xarray", "2024.10.0")]
    rows = []
    for n, v in R.sample(pk, R.randrange(2, 6)):
        rows.append("%s==%s \\" % (n, v))
        for _ in range(R.randrange(1, 3)):
            rows.append("    --hash=sha256:%s \\" % hx(64))
        rows[-1] = rows[-1].rstrip(" \\")
    return "requirements.txt for the course image (pip-compile --generate-hashes):\n" + codeblock("\n".join(rows))


@neg("non_credential_blob")
def nb_gpg():
    fpr = rs("0123456789ABCDEF", 40)
    sp = " ".join(fpr[i:i + 4] for i in range(0, 40, 4))
    rows = ["$ gpg --show-keys RPM-GPG-KEY-hpc-%s" % pick(["el9", "rocky9", "local"]),
            "pub   rsa4096 %s [SC]" % rdt(2021, 2024).strftime("%Y-%m-%d"), "      %s" % fpr,
            "uid                      HPC Local Repository Signing Key", "sub   rsa4096 %s [E]" % rdt(2021, 2024).strftime("%Y-%m-%d")]
    return codeblock("\n".join(rows)) + "\n" + pick(["compare with the fingerprint on the wiki: %s" % sp, "Fingerprint im Wiki: %s" % sp,
                                                       "empreinte publiée : %s" % sp])


@neg("non_credential_blob")
def nb_registry():
    rows = ["REPOSITORY                                TAG          DIGEST                                                                    IMAGE ID"]
    for _ in range(R.randrange(3, 8)):
        rows.append("registry.hpc.%s/jupyter/%-14s %-12s sha256:%s   %s" % ("internal", pick(["base", "datascience", "r-notebook", "julia", "gpu"]),
                                                                          pick(["2024.10", "latest", "ws24", "ss25", "cuda12"]), hx(64), hx(12)))
    return "$ docker images --digests | grep jupyter\n" + codeblock("\n".join(rows))


@neg("non_credential_blob")
def nb_b64_text():
    txt = pick(["#!/bin/bash\n#SBATCH --partition=teaching\n#SBATCH --time=00:10:00\nmodule load gcc/13.2.0\nsrun hostname\n",
                "module load matlab/R2024b\nmatlab -batch \"run('exercise3.m')\"\n",
                "[Unit]\nDescription=Printer queue watchdog\n[Service]\nExecStart=/usr/local/bin/queue-watch --interval 60\n",
                "NodeName=gpu[01-08] Gres=gpu:a100:4 CPUs=64 RealMemory=515000\n"])
    e = b64(txt.encode())
    k = R.randrange(3)
    if k == 0:
        return "cloud-init for the teaching VMs:\n" + codeblock("write_files:\n  - path: /etc/motd.d/10-course\n    encoding: b64\n    permissions: '0644'\n    content: %s" % e, "yaml")
    if k == 1:
        return "$ echo '%s' | base64 -d\n%s" % (e, txt.rstrip())
    return "Das ist nur das Jobskript base64-kodiert, kein Geheimnis: `%s`" % e


@neg("non_credential_blob")
def nb_notebook_ids():
    cells = []
    for i in range(R.randrange(2, 5)):
        cells.append({"cell_type": "code", "execution_count": i + 1, "id": hx(8) if R.random() < 0.5 else uuid4(),
                      "metadata": {"nbgrader": {"grade_id": "cell-%s" % hx(16), "locked": False, "checksum": hx(32)}},
                      "outputs": [], "source": [pick(["import numpy as np", "df.describe()", "assert f(2) == 4", "plt.plot(x, y)"])]})
    body = '{"cells": [\n' + ",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in cells) + '\n], "nbformat": 4, "nbformat_minor": 5}'
    return "nbgrader says the checksum of a locked cell changed:\n" + codeblock(body, "json")


@neg("non_credential_blob")
def nb_flexlm_sign():
    feat = pick(["MATLAB", "SIMULINK", "Optimization_Toolbox", "ansys", "COMSOL", "Statistics_Toolbox"])
    vend = {"MATLAB": "MLM", "SIMULINK": "MLM", "Optimization_Toolbox": "MLM", "Statistics_Toolbox": "MLM", "ansys": "ansyslmd", "COMSOL": "LMCOMSOL"}[feat]
    sign = " ".join(rs("0123456789ABCDEF", 4) for _ in range(R.randrange(8, 16)))
    rows = ["INCREMENT %s %s %d %s %d \\" % (feat, vend, R.randrange(20, 50), rdt(2025, 2026).strftime("%d-%b-%Y").lower(), R.randrange(5, 900)),
            "\tVENDOR_STRING=QQ ISSUED=%s START=%s \\" % (rdt(2024, 2024).strftime("%d-%b-%Y").lower(), rdt(2024, 2024).strftime("%d-%b-%Y").lower()),
            '\tSN=%d TS_OK SIGN="%s"' % (R.randrange(10 ** 5, 10 ** 7), sign)]
    return pick(["license.dat after the renewal, only the INCREMENT changed:", "neue Lizenzdatei, INCREMENT-Zeile:", "ligne INCREMENT du nouveau fichier de licence :"]) + "\n" + codeblock("\n".join(rows))


@neg("non_credential_blob")
def nb_teams_ids():
    thread = "19:meeting_%s@thread.v2" % b64(rbytes(36)).replace("+", "").replace("/", "")[:44]
    rows = ["Panopto session: %s" % uuid4(), "Teams thread: %s" % thread, "Recording id: %s" % uuid4(),
            "Stream/SharePoint item: %s" % rs(UP + DIG, 34)]
    R.shuffle(rows)
    return pick(["Lecture capture didn't sync to the course, ids:", "Aufzeichnung fehlt im Kurs, IDs:", "La grabación no aparece, IDs:",
                 "録画が連携されていません。ID:"]) + "\n" + "\n".join(rows[:R.randrange(2, 5)])


@neg("non_credential_blob")
def nb_openedx():
    course = "course-v1:%s+%s+%s" % (pick(["UniHX", "NFSUx", "KohokuX"]), pick(["CS101", "DS200", "PHY1"]), pick(["2024_T1", "2025_T2", "self_paced"]))
    rows = ["%s" % course]
    for _ in range(R.randrange(2, 6)):
        rows.append("block-v1:%s+type@%s+block@%s" % (course[10:], pick(["problem", "vertical", "html", "video", "sequential"]), hx(32)))
    return "grading issue on these blocks:\n" + codeblock("\n".join(rows))


@neg("non_credential_blob")
def nb_radius_acct():
    rows = []
    for _ in range(R.randrange(2, 4)):
        rows += ["%s" % rdt().strftime("%a %b %d %H:%M:%S %Y"),
                 '\tAcct-Session-Id = "%s"' % rs("0123456789ABCDEF", 16),
                 '\tAcct-Multi-Session-Id = "%s"' % hx(16),
                 "\tNAS-Identifier = \"ap-%s-%02d\"" % (pick(["bib", "mensa", "hs1", "geb-n"]), R.randrange(1, 40)),
                 "\tClass = 0x%s" % hx(R.randrange(24, 48)),
                 '\tCalled-Station-Id = "%s:eduroam"' % mac().upper().replace(":", "-"),
                 '\tAcct-Status-Type = %s' % pick(["Start", "Interim-Update", "Stop"]), ""]
    return "radacct for the AP in question (client side ids stripped):\n" + codeblock("\n".join(rows).rstrip())


@neg("non_credential_blob")
def nb_traceparent():
    rows = []
    for _ in range(R.randrange(3, 9)):
        rows.append(json.dumps({"ts": iso(), "svc": pick(["ticket-api", "lti-bridge", "print-release", "quota-svc"]),
                                "level": pick(["info", "warn", "error"]), "trace_id": hx(32), "span_id": hx(16),
                                "request_id": uuid4(), "msg": pick(["upstream timeout", "cache refresh", "retrying", "ok", "webhook delivered"])}))
    return "logs from the ticket bridge around the outage:\n" + codeblock("\n".join(rows))


# --------------------------------------------------------------------------- negatives: pii_lookalike_number
def nodelist():
    p = pick(["gpu", "cn", "node", "hm", "a100-", "h100-"])
    a = R.randrange(1, 200)
    if R.random() < 0.5:
        return "%s%03d" % (p, a)
    return "%s[%03d-%03d]" % (p, a, a + R.randrange(1, 8))


def slurm_time():
    if R.random() < 0.3:
        return "%d-%02d:%02d:%02d" % (R.randrange(0, 7), R.randrange(24), R.randrange(60), R.randrange(60))
    return "%d:%02d:%02d" % (R.randrange(0, 24), R.randrange(60), R.randrange(60))


@neg("pii_lookalike_number")
def np_tickets():
    y = R.randrange(2024, 2026)
    ids = [pick(["INC%07d" % R.randrange(10 ** 6, 10 ** 7), "RITM%07d" % R.randrange(10 ** 5, 10 ** 7),
                 "Ticket#%d%02d%02d%08d" % (y, R.randrange(1, 13), R.randrange(1, 29), R.randrange(10 ** 7)),
                 "#HD-%d-%06d" % (y, R.randrange(10 ** 6)), "Zammad #%d" % R.randrange(10000, 99999),
                 "REQ-%d" % R.randrange(100000, 999999)]) for _ in range(R.randrange(2, 7))]
    st = ["open", "waiting for user", "in Bearbeitung", "résolu", "cerrado", "pending L2", "対応中", "已解决"]
    intro = pick(["Handover for the evening shift:", "Übergabe Spätschicht:", "Passation équipe du soir :", "Traspaso turno de tarde:",
                  "Overdracht avonddienst:", "夜間シフトへの引き継ぎ:", "Przekazanie zmiany:"])
    return intro + "\n" + "\n".join("- %s — %s" % (i, pick(st)) for i in ids)


@neg("pii_lookalike_number")
def np_squeue():
    n = R.randrange(4, 30)
    rows = ["             JOBID PARTITION     NAME  ACCOUNT ST       TIME  NODES NODELIST(REASON)"]
    base = R.randrange(1000000, 9999999)
    for i in range(n):
        jid = str(base + R.randrange(0, 5000))
        if R.random() < 0.25:
            jid += "_%d" % R.randrange(0, 500)
        stt = pick(["R", "R", "PD", "CG"])
        reason = nodelist() if stt != "PD" else pick(["(Priority)", "(Resources)", "(QOSMaxGRESPerUser)", "(Dependency)", "(ReqNodeNotAvail, Reserved for maintenance)"])
        rows.append("%18s %9s %8s %8s %2s %10s %6d %s" % (jid, pick(PARTS)[:9], pick(JOBNAMES)[:8], pick(ACCOUNTS)[:8], stt,
                                                       slurm_time() if stt != "PD" else "0:00", R.randrange(1, 17), reason))
    return pick(["my jobs have been pending since yesterday, is something wrong with the queue?",
                 "Warum stehen meine Jobs seit gestern auf PD?", "mes jobs restent en attente, normal ?",
                 "ジョブがずっとPDのままです。", "queue right now:", "作业一直在排队："]) + "\n" + codeblock("$ squeue --me\n" + "\n".join(rows))


@neg("pii_lookalike_number")
def np_sacct():
    jid = R.randrange(1000000, 99999999)
    rows = ["JobID           JobName  Partition    Elapsed     MaxRSS      State ExitCode",
            "------------ ---------- ---------- ---------- ---------- ---------- --------"]
    steps = ["", ".batch", ".extern", ".0", ".1"]
    for s in steps[:R.randrange(2, 6)]:
        rows.append("%-12s %10s %10s %10s %10s %10s %8s" % ("%d%s" % (jid, s), pick(JOBNAMES)[:10] if not s else s[1:] or "batch",
                                                         pick(PARTS)[:10] if not s else "", slurm_time(),
                                                         "" if not s else "%dK" % R.randrange(1000, 500000000),
                                                         pick(["COMPLETED", "OUT_OF_MEMORY", "TIMEOUT", "FAILED", "CANCELLED+"]),
                                                         "%d:%d" % (pick([0, 0, 1, 137, 9]), pick([0, 9, 15]))))
    return pick(["job got killed, sacct:", "Job %d wurde abgebrochen:" % jid, "OOM again?", "¿por qué falló el job %d?" % jid]) + "\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_lmstat():
    d = dom()
    port = pick([27000, 27001, 1055, 1717, 28000])
    feats = R.sample(["MATLAB", "SIMULINK", "Statistics_Toolbox", "Signal_Toolbox", "Parallel_Computing_Toolbox", "Optimization_Toolbox",
                      "Image_Toolbox", "Compiler"], R.randrange(2, 6))
    rows = ["lmutil - Copyright (c) 1989-2023 Flexera. All Rights Reserved.",
            "Flexible License Manager status on %s" % rdt().strftime("%a %m/%d/%Y %H:%M"), "",
            "License server status: %d@lic0%d.%s" % (port, R.randrange(1, 4), d),
            "    License file(s) on lic0%d: /usr/local/flexlm/licenses/license.dat:" % R.randrange(1, 4), "",
            "lic0%d: license server UP (MASTER) v11.19.5" % R.randrange(1, 4), "",
            "Vendor daemon status (on lic01):", "     MLM: UP v11.19.5", "Feature usage info:", ""]
    for f in feats:
        tot = R.randrange(20, 1000)
        rows.append("Users of %s:  (Total of %d licenses issued;  Total of %d licenses in use)" % (f, tot, R.randrange(0, tot)))
    return pick(["no MATLAB seats left in the exam?", "Lizenzen für die Klausur knapp:", "¿quedan licencias?", "lmstat output:"]) + "\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_pagelog():
    rows = []
    pr = pick(["bib-sw-03", "pool-a-color", "hs-foyer-bw", "lab-n1-plotter", "mensa-kiosk"])
    jid = R.randrange(10000, 999999)
    for i in range(R.randrange(4, 20)):
        d = rdt()
        rows.append("%s anon %d [%s +0%d00] total %d - %s %s A%d %s" % (pr, jid + i, d.strftime("%d/%b/%Y:%H:%M:%S"), R.randrange(1, 3),
                                                                   R.randrange(1, 240), priv_ip(), pick(["print.pdf", "Thesis_final.pdf", "slides.pptx", "-"]),
                                                                   pick([4, 4, 3]), pick(["one-sided", "two-sided-long-edge"])))
    return pick(["page_log from the CUPS box, the counter jumps:", "Druckzähler stimmt nicht mit page_log überein:",
                 "compteur de pages incohérent :"]) + "\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_papercut():
    rows = ["txn_id,timestamp,account,printer,pages,amount_eur,balance_after"]
    bal = R.randrange(50000, 900000) / 100
    for _ in range(R.randrange(5, 25)):
        amt = R.randrange(5, 1500) / 100
        bal -= amt
        rows.append("%d,%s,%s,%s,%d,-%.2f,%.2f" % (R.randrange(10 ** 9, 10 ** 12), rdt().strftime("%Y-%m-%d %H:%M:%S"),
                                                  pick(["Dept-Physik", "Dept-Chemie", "Shared-Bibliothek", "Fachschaft-Info", "Guest-Kiosk"]),
                                                  pick(["bib-sw-03", "pool-a-color", "hs-foyer-bw"]), R.randrange(1, 300), amt, bal))
    return pick(["shared account export for the budget meeting:", "Export der Kostenstellen-Konten (PaperCut):", "extrait des comptes partagés :"]) + "\n" + codeblock("\n".join(rows), "csv")


def isbn13():
    while True:
        core = pick(["978", "979"]) + rs(DIG, 9)
        s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(core))
        full = core + str((10 - s % 10) % 10)
        if luhn_ok(full):
            continue
        return "%s-%s-%s-%s-%s" % (full[:3], full[3], full[4:8], full[8:12], full[12])


def issn():
    d = rs(DIG, 7)
    s = sum(int(c) * (8 - i) for i, c in enumerate(d))
    c = (11 - s % 11) % 11
    return "%s-%s%s" % (d[:4], d[4:], "X" if c == 10 else str(c))


def orcid_like():
    base = "000" + str(R.randrange(0, 10)) + rs(DIG, 11)
    total = 0
    for ch in base:
        total = (total + int(ch)) * 2
    r = (12 - total % 11) % 11
    full = base + ("X" if r == 10 else str(r))
    return "-".join(full[i:i + 4] for i in range(0, 16, 4))


@neg("pii_lookalike_number")
def np_library():
    rows = ["| Signatur / call no. | ISBN | Barcode | OCLC | Status |", "|---|---|---|---|---|"]
    for _ in range(R.randrange(3, 12)):
        rows.append("| %s | %s | %s | %d | %s |" % (pick(["QA76.73.P98 L88 %d" % R.randrange(1990, 2025), "ST 250 P99 %d" % R.randrange(10, 99),
                                                      "004.43 VAN", "Q325.5 .G66 %d" % R.randrange(2000, 2025), "TK 5105.%d" % R.randrange(10, 999)]),
                                                 isbn13(), not_luhn("3%s" % rs(DIG, R.randrange(9, 13))), R.randrange(10 ** 7, 2 * 10 ** 9),
                                                 pick(["ausgeliehen", "available", "Fernleihe", "en reliure", "Magazin"])))
    return pick(["Catalogue sync dropped these items from the discovery index:", "Diese Exemplare fehlen nach dem Katalog-Sync:",
                 "Ces exemplaires ne remontent plus dans le catalogue :"]) + "\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def np_dois():
    rows = []
    for _ in range(R.randrange(2, 7)):
        k = R.randrange(5)
        if k == 0:
            rows.append("https://doi.org/10.5281/zenodo.%d" % R.randrange(10 ** 6, 10 ** 8))
        elif k == 1:
            rows.append("doi:10.%d/j.%s.%d.%06d" % (pick([1016, 1038, 1093, 1103, 1145]), pick(["jcp", "cpc", "envsoft", "neuroimage"]), R.randrange(2018, 2026), R.randrange(10 ** 6)))
        elif k == 2:
            rows.append("arXiv:%02d%02d.%05d%s" % (R.randrange(18, 26), R.randrange(1, 13), R.randrange(10 ** 5), pick(["", "v2", "v3"])))
        elif k == 3:
            rows.append("hdl:%d/%d" % (R.randrange(10000, 30000), R.randrange(100000, 9999999)))
        else:
            rows.append("ORCID iD https://orcid.org/%s (checksum ok, no name in export)" % orcid_like())
    return pick(["repository import rejected these identifiers, can someone check the resolver?", "Import ins Repositorium hat diese Identifier abgelehnt:",
                 "el repositorio no resuelve estos identificadores:", "これらの識別子がリポジトリで解決されません:"]) + "\n" + "\n".join("- " + r for r in rows)


@neg("pii_lookalike_number")
def np_zoom():
    zid = "%03d %04d %04d" % (R.randrange(800, 999), R.randrange(10000), R.randrange(10000))
    tid = "%03d %03d %03d#" % (R.randrange(100, 999), R.randrange(1000), R.randrange(1000))
    return pick(["Lecture hall %s: Zoom meeting ID %s (passcode is in the course page, not here). Dial-in conference ID for Teams fallback %s" % (pick(ROOMS), zid, tid),
                 "Sprechstunde heute via Zoom, Meeting-ID %s, Teams-Konferenz-ID %s" % (zid, tid),
                 "Réunion Zoom ID %s · ID de conférence Teams : %s" % (zid, tid),
                 "Zoom ミーティングID: %s / Teams 会議ID: %s" % (zid, tid)])


@neg("pii_lookalike_number")
def np_courses():
    rows = ["| Course | CRN | Section | Room | Slot |", "|---|---|---|---|---|"]
    for _ in range(R.randrange(3, 14)):
        rows.append("| %s | %05d | %03d | %s | %s %02d:%s–%02d:%s |" % (pick(COURSES), R.randrange(10000, 99999), R.randrange(1, 20), pick(ROOMS),
                                                                      pick(["Mo", "Di", "Mi", "Do", "Fr", "Tue", "Thu"]), R.randrange(8, 18), pick(["00", "15", "30"]),
                                                                      R.randrange(9, 20), pick(["00", "45", "30"])))
    return pick(["Rooms that need the new lecture-capture boxes before the semester starts:", "Räume mit fehlendem Mikro-Setup:",
                 "Salles sans captation :", "Aulas sin grabación:"]) + "\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def np_versions():
    v = [("CUDA", "12.%d.%d" % (R.randrange(0, 7), R.randrange(30, 140))), ("NVIDIA driver", "5%d.%d.%02d" % (R.randrange(35, 70), R.randrange(10, 200), R.randrange(1, 99))),
         ("MATLAB", "R2024b Update %d (24.2.0.%d)" % (R.randrange(1, 7), R.randrange(2500000, 2900000))),
         ("Windows", "10.0.%d.%d" % (pick([22631, 26100]), R.randrange(1000, 4500))),
         ("Office", "16.0.%d.%d" % (R.randrange(17000, 18500), R.randrange(20000, 20300))),
         ("Slurm", "24.%02d.%d" % (pick([5, 11]), R.randrange(1, 9))), ("JupyterHub", "5.%d.%d" % (R.randrange(0, 4), R.randrange(0, 5))),
         ("Chrome", "13%d.0.%d.%d" % (R.randrange(0, 3), R.randrange(6700, 7000), R.randrange(256, 300))),
         ("Moodle", "4.%d.%d+ (Build: %s)" % (R.randrange(1, 6), R.randrange(1, 9), rdt().strftime("%Y%m%d"))),
         ("Lustre client", "2.15.%d" % R.randrange(1, 7))]
    if R.random() < 0.3:
        v.append(("IBM SPSS Statistics", "29.0.2.0"))
    rows = ["%-16s %s" % (a, b) for a, b in R.sample(v, R.randrange(3, len(v)))]
    return pick(["baseline for the image freeze:", "Versionsstand Pool-Image:", "versions du master :", "versiones de la imagen:", "イメージのバージョン:"]) + "\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_wifi():
    rows = []
    for _ in range(R.randrange(3, 12)):
        rows.append("%s ap=%s vlan=%d ch=%d freq=%d rssi=%ddBm snr=%d ip=%s radius=%s:%d" % (
            rdt().strftime("%H:%M:%S"), pick(["ap-bib-2og-%02d" % R.randrange(1, 30), "ap-hs1-%02d" % R.randrange(1, 9), "ap-mensa-%02d" % R.randrange(1, 12)]),
            pick([420, 421, 1200, 1201, 3050]), pick([1, 6, 11, 36, 44, 100, 116]), pick([2412, 2437, 2462, 5180, 5220, 5500, 5580]),
            -R.randrange(40, 90), R.randrange(5, 50), priv_ip(), priv_ip(), pick([1812, 1813, 2083])))
    return pick(["eduroam drops in the library, AP log (clients anonymised):", "eduroam bricht in der Bibliothek ab:", "coupures eduroam à la BU :"]) + "\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_quota():
    rows = ["Disk quotas for prj %s (pid %d):" % (pick(ACCOUNTS), R.randrange(1000, 99999)),
            "     Filesystem    kbytes       quota       limit   grace   files   quota   limit   grace"]
    for fs in ["/lustre/scratch", "/lustre/project", "/home"]:
        q = R.randrange(10 ** 8, 10 ** 11)
        rows.append("%15s %12d %12d %12d %7s %7d %7d %7d %7s" % (fs, R.randrange(10 ** 6, q), q, q + q // 10, "-", R.randrange(10 ** 3, 10 ** 7), 0, 0, "-"))
    return pick(["quota full again?", "Quota voll?", "quota dépassé ?", "lfs quota output:"]) + "\n" + codeblock("$ lfs quota -hp\n" + "\n".join(rows))


@neg("pii_lookalike_number")
def np_po():
    sw = pick(SOFT)
    po = "45%08d" % R.randrange(10 ** 8)
    amt = R.randrange(100000, 9000000)
    eur = "{:,}".format(amt // 100).replace(",", ".") + ",%02d" % (amt % 100)
    return pick(["%s renewal: PO %s, invoice RE-%d-%06d, %s € net, cost centre KST %d-%04d-%04d" % (sw, po, R.randrange(2024, 2026), R.randrange(10 ** 6), eur, R.randrange(1, 9), R.randrange(10 ** 4), R.randrange(10 ** 4)),
                 "Bestellung %s (%s Campuslizenz) – Rechnung Nr. %d vom %s, Betrag %s EUR" % (po, sw, R.randrange(10 ** 8, 10 ** 10), rdt().strftime("%d.%m.%Y"), eur),
                 "Bon de commande %s pour %s, facture F%d, montant %s € HT" % (po, sw, R.randrange(10 ** 7, 10 ** 9), eur.replace(".", " "))])


@neg("pii_lookalike_number")
def np_assets():
    rows = ["asset_tag,serial,model,mac,room,purchased,warranty_end"]
    for _ in range(R.randrange(4, 22)):
        d = rdt(2019, 2024)
        rows.append("UB-IT-%06d,%s,%s,%s,%s,%s,%s" % (R.randrange(10 ** 6), rs(UP + DIG, pick([7, 8, 10])), pick(["OptiPlex 7010", "ThinkCentre M70q", "HP Elite 800 G9", "iMac 24"]),
                                                   mac(), pick(ROOMS), d.strftime("%Y-%m-%d"), d.replace(year=d.year + 5).strftime("%Y-%m-%d")))
    return pick(["inventory export for the pool refresh:", "Inventarliste PC-Pool:", "inventaire salle info :"]) + "\n" + codeblock("\n".join(rows), "csv")


@neg("pii_lookalike_number")
def np_botlog():
    rows = []
    for _ in range(R.randrange(3, 10)):
        e = epoch()
        rows.append(json.dumps({"ts": "%d.%06d" % (e, R.randrange(10 ** 6)), "event_ts": e, "channel": "C0%s" % rs(UP + DIG, 9),
                                "ticket": R.randrange(10 ** 5, 10 ** 7), "latency_ms": R.randrange(3, 4000)}))
    return "helpdesk bot, thread mapping:\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_coords():
    lat, lon = R.uniform(35, 62), R.uniform(-8, 140)
    rows = []
    for b in R.sample(["Bibliothek", "Mensa", "Hörsaalzentrum", "Rechenzentrum", "Sportzentrum", "Studierendenwerk", "Physik", "Chemie"], R.randrange(3, 7)):
        rows.append("%s;%.6f;%.6f;%d APs" % (b, lat + R.uniform(-0.01, 0.01), lon + R.uniform(-0.01, 0.01), R.randrange(2, 80)))
    return "eduroam hotspot list for the CAT map (building;lat;lon;count):\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_scontrol():
    rows = ["NodeName=%s Arch=x86_64 CoresPerSocket=%d" % (nodelist().split("[")[0] + "%03d" % R.randrange(1, 99), pick([32, 48, 64])),
            "   CPUAlloc=%d CPUEfctv=128 CPUTot=128 CPULoad=%.2f" % (R.randrange(0, 129), R.uniform(0, 130)),
            "   Gres=gpu:a100:4(S:0-1)", "   RealMemory=%d AllocMem=%d FreeMem=%d Sockets=2 Boards=1" % (515000, R.randrange(0, 515000), R.randrange(1000, 515000)),
            "   State=%s ThreadsPerCore=1 TmpDisk=%d Weight=1" % (pick(["MIXED", "IDLE", "DRAIN", "ALLOCATED"]), R.randrange(10 ** 5, 10 ** 6)),
            "   BootTime=%s SlurmdStartTime=%s" % (iso(ms=False, z=False), iso(ms=False, z=False)),
            "   CfgTRES=cpu=128,mem=515000M,billing=%d,gres/gpu=4" % R.randrange(128, 1024),
            "   Reason=%s [slurm@%s]" % (pick(["NHC: check_fs_mount failed", "Kill task failed", "GPU ECC errors"]), iso(ms=False, z=False))]
    return "node drained again:\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_nvsmi():
    rows = ["$ nvidia-smi --query-gpu=index,pci.bus_id,serial,uuid,memory.used,memory.total --format=csv",
            "index, pci.bus_id, serial, uuid, memory.used [MiB], memory.total [MiB]"]
    for i in range(R.randrange(2, 9)):
        rows.append("%d, 00000000:%02X:00.0, %s, GPU-%s, %d MiB, 81920 MiB" % (i, R.randrange(1, 255), not_luhn(rs(DIG, 13)), uuid4(), R.randrange(0, 81920)))
    return pick(["one GPU throws Xid 79, which serial do I give the vendor?", "GPU-Tausch beim Hersteller anmelden, Seriennummern:", "RMA GPU :"]) + "\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_quizstats():
    rows = ["question_id;slot;attempts;mean_score;discrimination;facility"]
    for i in range(R.randrange(5, 25)):
        rows.append("%d;%d;%d;%.2f;%.2f;%.1f%%" % (R.randrange(100000, 999999), i + 1, R.randrange(50, 900), R.uniform(0, 10), R.uniform(-0.2, 0.8), R.uniform(10, 99)))
    return pick(["quiz statistics export (no student data):", "Testanalyse aus Moodle, nur aggregiert:", "estadísticas del cuestionario (agregadas):"]) + "\n" + codeblock("\n".join(rows), "csv")


@neg("pii_lookalike_number")
def np_sis_batch():
    pi = R.randrange(10 ** 6, 10 ** 8)
    rows = ["Process Instance: %d   Run Control: %s" % (pi, pick(["GRADE_ROLL", "ENRL_SYNC", "LMS_EXPORT", "TERM_ACTIVATE"])),
            "Term: %d   Career: UGRD   Institution: %s" % (pick([2248, 2252, 2254, 2258]), pick(["NFSU1", "LKMR1"])),
            "Rows read: {:,}".format(R.randrange(10 ** 3, 10 ** 6)).replace(",", " "),
            "Rows written: %d   Rows rejected: %d" % (R.randrange(10 ** 3, 10 ** 6), R.randrange(0, 300)),
            "Started %s  Ended %s" % (rdt().strftime("%m/%d/%Y %H:%M:%S"), rdt().strftime("%m/%d/%Y %H:%M:%S"))]
    return pick(["SIS → LMS enrolment sync ran with rejects, batch summary (no record data):", "Sync Campusmanagement → Moodle, Zusammenfassung:",
                 "résumé du lot de synchronisation :"]) + "\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def np_ill():
    rows = []
    for _ in range(R.randrange(2, 6)):
        rows.append(pick(["Fernleihbestellung %s-%06d" % (pick(["FL", "ILL"]), R.randrange(10 ** 6)), "Subito order SUB-%d-%06d" % (R.randrange(22, 26), R.randrange(10 ** 6)),
                          "PPN %d%s" % (R.randrange(10 ** 8, 2 * 10 ** 9), pick(["", "X"])), "ISSN %s" % issn(), "ZDB-ID %d-%d" % (R.randrange(10 ** 6, 3 * 10 ** 6), R.randrange(10))]))
    return pick(["ILL requests stuck in the queue:", "Fernleihen hängen:", "demandes PEB bloquées :"]) + "\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def np_wincodes():
    return pick(["Update fails on the pool PCs with 0x%08X, KB%d, event id %d. Happens on build 10.0.%d.%d only." % (R.randrange(0x80000000, 0x80FFFFFF), R.randrange(5030000, 5060000), pick([20, 1001, 4625, 7031]), pick([22631, 26100]), R.randrange(1000, 4500)),
                 "Fehler 0x%08X bei KB%d im PC-Pool %s, Geräte mit BIOS %d.%d.%d" % (R.randrange(0x80000000, 0x80FFFFFF), R.randrange(5030000, 5060000), pick(ROOMS), R.randrange(1, 3), R.randrange(10, 40), R.randrange(0, 9)),
                 "CVE-%d-%d patched on all login nodes (kernel 5.14.0-%d.%d.%d.el9_%d)" % (R.randrange(2023, 2026), R.randrange(1000, 50000), R.randrange(400, 600), R.randrange(1, 40), R.randrange(1, 9), R.randrange(3, 6))])


@neg("pii_lookalike_number")
def np_exams():
    rows = ["Datum | Zeit | Modul | Raum | Plätze | PCs", "---|---|---|---|---|---"]
    for _ in range(R.randrange(3, 12)):
        d = rdt(2025, 2025)
        rows.append("%s | %s | %s | %s | %d | %d" % (d.strftime("%d.%m.%Y"), d.strftime("%H:%M"), pick(COURSES), pick(ROOMS), R.randrange(20, 400), R.randrange(0, 120)))
    return pick(["E-Klausuren Sommersemester, bitte PCs vorbereiten:", "e-exams schedule, lab PCs needed:", "Planning des examens sur machine :"]) + "\n" + "\n".join(rows)


# --------------------------------------------------------------------------- negatives: data_uri_base64
def data_uri(kind=None):
    kind = kind or pick(["png", "png", "gif", "jpeg", "svg", "ico", "webp"])
    if kind == "png":
        return "data:image/png;base64," + b64(png_bytes())
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif_bytes())
    if kind == "jpeg":
        return "data:image/jpeg;base64," + b64(jpeg_bytes())
    if kind == "svg":
        return "data:image/svg+xml;base64," + b64(svg().encode())
    if kind == "ico":
        return "data:image/x-icon;base64," + b64(ico_bytes())
    vp8 = b"VP8L" + struct.pack("<I", 20) + rbytes(20)
    return "data:image/webp;base64," + b64(b"RIFF" + struct.pack("<I", 4 + len(vp8)) + b"WEBP" + vp8)


def trunc(s, n=None):
    n = n or R.randrange(60, 140)
    if len(s) <= n or R.random() < 0.6:
        return s
    return s[:n] + pick(["…", "...", "[%d more chars]" % (len(s) - n), "…(truncated)"])


@neg("data_uri_base64")
def nd_moodle_html():
    u = data_uri(pick(["png", "jpeg", "gif"]))
    return pick(["Pasted screenshot in the Moodle page is stored inline, that's why the backup is huge:",
                 "Die Kursseite enthält eingebettete Bilder statt Dateien:", "L'éditeur a collé l'image en ligne :",
                 "La página del curso guarda la imagen incrustada:"]) + "\n" + codeblock(
        '<div class="no-overflow"><p>%s</p><p><img src="%s" alt="%s" width="%d" height="%d" class="img-fluid atto_image_button_text-bottom"></p></div>' % (
            pick(["Aufgabe 3: siehe Abbildung", "Exercise 2, figure below", "Voir la figure", "Figura del ejercicio"]), u,
            pick(["Abbildung 1", "diagram", "schéma", "captura"]), R.randrange(100, 900), R.randrange(80, 700)), "html")


@neg("data_uri_base64")
def nd_ipynb():
    out = {"data": {"image/png": b64(png_bytes(R.randrange(4, 12), R.randrange(4, 12))), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
           "metadata": {}, "output_type": "display_data"}
    return pick(["why is my notebook 40 MB? every plot is in the JSON:", "Das Notebook ist so groß wegen der Plots:",
                 "nbgrader submission too large, output cell:", "ノートブックが重い理由:"]) + "\n" + codeblock(json.dumps({"outputs": [out]}, indent=1), "json")


@neg("data_uri_base64")
def nd_fontface():
    fam = pick(["Campus Sans", "UniHalden Serif", "Valmont Text", "Lakemoor Grotesk"])
    u1 = "data:font/woff2;base64," + b64(woff2_bytes())
    u2 = "data:font/woff;base64," + b64(woff_bytes())
    return "theme SCSS for the LMS, inline font subset:\n" + codeblock(
        "@font-face {\n  font-family: \"%s\";\n  src: url(%s) format(\"woff2\"),\n       url(%s) format(\"woff\");\n  font-weight: %d;\n  font-display: swap;\n}" % (
            fam, trunc(u1), trunc(u2), pick([400, 600, 700])), "scss")


@neg("data_uri_base64")
def nd_css_icons():
    rows = []
    for cls in R.sample(["wifi-ok", "wifi-off", "printer", "ticket", "gpu", "book", "lock", "calendar"], R.randrange(2, 5)):
        if R.random() < 0.5:
            u = "data:image/svg+xml;base64," + b64(svg().encode())
        else:
            u = "data:image/svg+xml;utf8," + svg().replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace('"', "'")
        rows.append(".icon-%s { background-image: url(\"%s\"); }" % (cls, u))
    return pick(["status page icons:", "Icons der Statusseite:", "icônes de la page d'état :"]) + "\n" + codeblock("\n".join(rows), "css")


@neg("data_uri_base64")
def nd_eapconfig():
    d, name = uni()
    c = b64(x509_cert("radius.%s" % d, name))
    logo = b64(png_bytes(R.randrange(3, 8), R.randrange(3, 8)))
    return "eap-config from CAT for %s (public profile):\n" % name + codeblock(
        '<EAPIdentityProvider ID="%s" namespace="urn:RFC4282:realm">\n  <AuthenticationMethods><AuthenticationMethod>\n    <EAPMethod><Type>25</Type></EAPMethod>\n    <ServerSideCredential>\n      <CA format="X.509" encoding="base64">%s</CA>\n      <ServerID>radius.%s</ServerID>\n    </ServerSideCredential>\n  </AuthenticationMethod></AuthenticationMethods>\n  <ProviderInfo>\n    <DisplayName>%s</DisplayName>\n    <ProviderLogo mime="image/png" encoding="base64">%s</ProviderLogo>\n  </ProviderInfo>\n</EAPIdentityProvider>' % (
            d, c, d, name, logo), "xml")


@neg("data_uri_base64")
def nd_mobileconfig():
    d, name = uni()
    c = pem_lines(x509_cert("radius.%s" % d, name), 52)
    return "iOS profile, the cert payload part:\n" + codeblock(
        "<dict>\n\t<key>PayloadCertificateFileName</key>\n\t<string>eduroam-ca.cer</string>\n\t<key>PayloadContent</key>\n\t<data>\n\t%s\n\t</data>\n\t<key>PayloadType</key>\n\t<string>com.apple.security.root</string>\n\t<key>PayloadUUID</key>\n\t<string>%s</string>\n</dict>" % (
            "\n\t".join(c), uuid4().upper()), "xml")


@neg("data_uri_base64")
def nd_graph_attach():
    pdf = b64(pdf_bytes())
    obj = {"@odata.type": "#microsoft.graph.fileAttachment", "name": pick(["scan_%d.pdf" % R.randrange(1000), "Pruefungsplan.pdf", "room-booking.pdf"]),
           "contentType": "application/pdf", "size": len(pdf), "contentBytes": pdf}
    return "mail-to-ticket connector log, attachment payload:\n" + codeblock(json.dumps(obj, indent=2), "json")


@neg("data_uri_base64")
def nd_zammad():
    obj = {"ticket_id": R.randrange(1000, 99999), "body": pick(["Drucker zeigt Fehler 49.4C02", "eduroam certificate warning", "écran noir salle 114"]),
           "content_type": "text/html", "attachments": [{"filename": "screenshot.png", "data": b64(png_bytes()), "mime-type": "image/png"}]}
    return "API call that creates the article (screenshot attached):\n" + codeblock(json.dumps(obj, indent=2, ensure_ascii=False), "json")


@neg("data_uri_base64")
def nd_md_image():
    u = data_uri(pick(["gif", "png", "svg"]))
    return pick(["![Druckerstatus](%s) Drucker in der Bibliothek ist wieder online." % u, "Status: ![ok](%s) all login nodes reachable" % u,
                 "![](%s)\nWi-Fi map legend for the wiki page" % u, "Estado ![verde](%s) impresoras OK" % u,
                 "状態 ![正常](%s) すべて稼働中" % u])


@neg("data_uri_base64")
def nd_signature():
    u = data_uri("png")
    return "HTML signature template for the helpdesk mailbox (logo inline so Outlook shows it):\n" + codeblock(
        '<table><tr><td><img src="%s" width="%d" alt="IT-Servicedesk"></td><td>IT-Servicedesk · %s<br>Mo–Fr 8–18</td></tr></table>' % (u, R.randrange(40, 120), pick(ROOMS)), "html")


@neg("data_uri_base64")
def nd_sourcemap():
    sm = json.dumps({"version": 3, "file": "lti-launch.min.js", "sources": ["src/launch.ts", "src/grades.ts"], "names": [], "mappings": rs("ABCDEFGIKMOQSUWYacegikmoqsuwy;,", R.randrange(40, 90))})
    return "built bundle of our LTI tool still ships the inline map:\n" + codeblock(
        "!function(){var e=document.getElementById(\"launch\");e&&e.submit()}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s" % b64(sm.encode()), "js")


@neg("data_uri_base64")
def nd_mime():
    body = pem_lines(pdf_bytes(), 76)
    return "scan-to-mail from the copier arrives empty, raw part:\n" + codeblock(
        "--_=_boundary_%s\nContent-Type: application/pdf; name=\"SCAN_%s.pdf\"\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment\n\n%s\n--_=_boundary_%s--" % (
            hx(12), rdt().strftime("%Y%m%d%H%M"), "\n".join(body), "x"))


@neg("data_uri_base64")
def nd_favicon():
    return "portal head:\n" + codeblock('<link rel="icon" type="image/x-icon" href="%s">\n<link rel="apple-touch-icon" href="%s">' % (data_uri("ico"), data_uri("png")), "html")


@neg("data_uri_base64")
def nd_audio():
    return pick(["AV test page for the lecture halls, beep sample inline:", "Testseite Hörsaaltechnik:"]) + "\n" + codeblock(
        '<audio controls src="data:audio/wav;base64,%s"></audio>' % b64(wav_bytes()), "html")


@neg("data_uri_base64")
def nd_panopto_thumb():
    obj = {"SessionId": uuid4(), "Name": "%s – Vorlesung %d" % (pick(COURSES), R.randrange(1, 15)), "Duration": R.randrange(1800, 6000),
           "ThumbUrl": "data:image/jpeg;base64," + b64(jpeg_bytes(R.randrange(40, 90)))}
    return "lecture capture API response:\n" + codeblock(json.dumps(obj, indent=2, ensure_ascii=False), "json")


@neg("data_uri_base64")
def nd_pyfixture():
    g = b64(gif_bytes())
    p = b64(png_bytes(2, 2))
    return "test fixtures in the print-release service:\n" + codeblock(
        "import base64\n\nTRANSPARENT_GIF = base64.b64decode(\"%s\")\nTINY_PNG = base64.b64decode(\n    \"%s\"\n)\n\ndef test_thumbnail_roundtrip():\n    assert make_thumb(TINY_PNG).startswith(b\"\\x89PNG\")" % (g, p), "python")


@neg("data_uri_base64")
def nd_csp():
    obj = {"csp-report": {"document-uri": "https://lms.%s/course/view.php?id=%d" % (dom(), R.randrange(100, 9999)), "violated-directive": "img-src",
                          "blocked-uri": "data", "source-file": "https://lms.%s/lib/javascript.php" % dom(),
                          "script-sample": trunc(data_uri("png"), 70)}}
    return "CSP reports from the LMS after the header change:\n" + codeblock(json.dumps(obj, indent=2), "json")


@neg("data_uri_base64")
def nd_qr():
    return pick(["Room-booking QR for %s (just a link to the booking page): %s" % (pick(ROOMS), data_uri("png")),
                 "QR-Code für die Raumbuchung %s: %s" % (pick(ROOMS), data_uri("png")),
                 "会議室予約用QRコード（予約ページへのリンクのみ）: %s" % data_uri("png")])


@neg("data_uri_base64")
def nd_console():
    rows = []
    for _ in range(R.randrange(2, 7)):
        rows.append("%s Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self'\"." % (
            pick(["[Error]", "Refused:", "console.error"]), trunc(data_uri(), R.randrange(40, 80))))
    return "browser console on the new library search:\n" + codeblock("\n".join(rows))


@neg("data_uri_base64")
def nd_rmd():
    return "self-contained HTML from R Markdown, first figure:\n" + codeblock(
        '<div class="figure">\n<img src="%s" alt="" width="672" />\n<p class="caption">Figure 1: %s</p>\n</div>' % (
            data_uri("png"), pick(["Bootstrap distribution", "Verteilung der Laufzeiten", "GPU hours per month"])), "html")


@neg("data_uri_base64")
def nd_jsx():
    return "Next.js card for the service catalogue:\n" + codeblock(
        '<Image src="/img/%s.jpg" placeholder="blur" blurDataURL="%s" width={%d} height={%d} alt="%s" />' % (
            pick(["hpc", "printing", "wifi", "library"]), data_uri(pick(["jpeg", "webp", "png"])), R.randrange(200, 800), R.randrange(100, 600),
            pick(["HPC", "Drucken", "WLAN", "Bibliothek"])), "jsx")


# --------------------------------------------------------------------------- negatives: placeholder_example
@neg("placeholder_example")
def nq_sbatch_env():
    return pick(["Template for the LLM course, do NOT hardcode keys:", "Vorlage für GPU-Jobs mit Hugging Face:", "Plantilla de job con variables:"]) + "\n" + codeblock(
        "#!/bin/bash\n#SBATCH --partition=%s\n#SBATCH --gres=gpu:%d\n#SBATCH --time=%02d:00:00\n\nexport HF_TOKEN=%s\nexport WANDB_API_KEY=${WANDB_API_KEY:?set it in ~/.bashrc_secrets}\nmodule load %s\nsrun python train.py --project %s" % (
            pick(PARTS), R.randrange(1, 5), R.randrange(1, 48), pick(["<your-hf-token>", "hf_xxxxxxxxxxxxxxxxxxxx", "\"$(cat ~/.cache/huggingface/token)\"", "${HF_TOKEN}"]),
            pick(["python/3.11", "cuda/12.4", "pytorch/2.5"]), pick(ACCOUNTS)), "bash")


@neg("placeholder_example")
def nq_wpa():
    c = pick([("# Benutzername = Ihre Uni-Kennung", "<IHR-PASSWORT>"), ("# username = your campus ID", "<YOUR_PASSWORD>"),
              ("# identifiant = votre login ENT", "<votre_mot_de_passe>"), ("# usuario = su identificador", "<tu_contraseña>"),
              ("# ユーザー名 = 学籍番号ではなくアカウント名", "<パスワード>"), ("# nome utente = credenziali d'ateneo", "********")])
    return "wpa_supplicant example for headless Raspberry Pis in the labs:\n" + codeblock(
        'network={\n    ssid="eduroam"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    %s\n    identity="<username>@${REALM}"\n    anonymous_identity="anonymous@${REALM}"\n    password="%s"\n    ca_cert="/etc/ssl/certs/eduroam-ca.pem"\n    phase2="auth=MSCHAPV2"\n}' % c, "conf")


@neg("placeholder_example")
def nq_awsdoc():
    return pick(["Our S3-compatible storage docs copy the AWS example, so the wiki shows:", "Doku für den Ceph-Objektspeicher (Beispielwerte aus der AWS-Doku):",
                 "Doc du stockage objet (valeurs d'exemple AWS) :"]) + "\n" + codeblock(
        "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nendpoint_url = https://s3.hpc.%s" % dom(), "ini") + "\n" + pick(
        ["Replace both with the keys from the self-service portal.", "Bitte durch eigene Schlüssel aus dem Portal ersetzen.", "Remplacez par vos propres clés."])


@neg("placeholder_example")
def nq_llmcourse():
    return pick([
        "For assignment 3 set `ANTHROPIC_API_KEY=sk-ant-api03-...` (the course key is in the LMS, not here) and `OPENAI_API_KEY=sk-proj-XXXX`.",
        "Aufgabe 3: `export OPENAI_API_KEY=\"sk-...\"` – den echten Schlüssel bekommt ihr über Moodle.",
        "Dans le TP, remplacez `sk-ant-xxxxxxxx` par la clé du groupe.",
        "```python\nclient = anthropic.Anthropic(api_key=os.environ.get(\"ANTHROPIC_API_KEY\", \"sk-ant-api03-REPLACE_ME\"))\n```",
        "`openai.api_key = \"<YOUR_OPENAI_KEY>\"` is what the slides show; use the env var instead."])


@neg("placeholder_example")
def nq_ci_secrets():
    k = R.randrange(2)
    return ["GitHub Actions deploy to the cluster:", "GitLab-CI für die Kurswebseite:"][k] + "\n" + codeblock([
        "- name: sync to login node\n  env:\n    SSH_KEY: ${{ secrets.HPC_DEPLOY_KEY }}\n    HOST: ${{ vars.LOGIN_HOST }}\n  run: |\n    install -m 600 /dev/null ~/.ssh/id_ed25519\n    echo \"$SSH_KEY\" > ~/.ssh/id_ed25519\n    rsync -a site/ deploy@$HOST:/srv/www/",
        "deploy:\n  script:\n    - git clone https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.%s/teaching/site.git\n    - curl --header \"PRIVATE-TOKEN: $GITLAB_API_TOKEN\" \"$CI_API_V4_URL/projects\"" % dom()][k], "yaml")


@neg("placeholder_example")
def nq_moodle_cfg():
    return "config-dist.php, the values you have to change:\n" + codeblock(
        "$CFG->dbtype    = 'pgsql';\n$CFG->dbhost    = 'localhost';\n$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'username';\n$CFG->dbpass    = '%s';\n$CFG->wwwroot   = 'http://example.com/moodle';" % pick(["password", "CHANGE_ME", "", "<db-password>"]), "php")


@neg("placeholder_example")
def nq_masked():
    return pick([
        "Receipt for the print credit top-up: card **** **** **** %04d, amount %d,00 €" % (R.randrange(10000), R.randrange(5, 50)),
        "Erstattung Reisekosten: IBAN DE** **** **** **** **%02d %02d (rest masked by the form)" % (R.randrange(100), R.randrange(100)),
        "Payroll form for TA shows SSN as ***-**-%04d, that's expected." % R.randrange(10000),
        "Carte •••• %04d refusée sur la borne de rechargement." % R.randrange(10000),
        "Tarjeta terminada en %04d, pago de impresión rechazado" % R.randrange(10000),
        "Telefon für MFA: +49 *** ****%02d (im Portal maskiert)" % R.randrange(100)])


@neg("placeholder_example")
def nq_flexlm():
    return pick(["License file template for departments running their own server:", "Vorlage Lizenzdatei:"]) + "\n" + codeblock(
        "SERVER <hostname> <hostid> 27000\nVENDOR MLM PORT=<port>\nUSE_SERVER\n# client side:\n# MLM_LICENSE_FILE=27000@<license-server>", "")


@neg("placeholder_example")
def nq_netrc():
    return "~/.netrc for the transfer node (chmod 600!):\n" + codeblock("machine transfer.hpc.%s\n  login <your-login>\n  password <your-password>" % dom())


@neg("placeholder_example")
def nq_rclone():
    return "rclone remote for the object store:\n" + codeblock(
        "[hpc-s3]\ntype = s3\nprovider = Ceph\naccess_key_id = <ACCESS_KEY>\nsecret_access_key = <SECRET_KEY>\nendpoint = https://s3.hpc.%s\n\n[nextcloud]\ntype = webdav\nurl = https://cloud.%s/remote.php/dav/files/USERNAME/\nuser = USERNAME\npass = *** ENCRYPTED ***" % (dom(), dom()), "ini")


@neg("placeholder_example")
def nq_gitclone():
    return pick(["`git clone https://<username>:<personal-access-token>@gitlab.%s/group/project.git` – the token goes where it says, no spaces." % dom(),
                 "Use `https://oauth2:${GITLAB_TOKEN}@gitlab.%s/...` in scripts, never the literal token." % dom(),
                 "Bitte `git remote set-url origin https://USER:TOKEN@git.%s/...` nur mit Platzhaltern ins Wiki." % dom()])


@neg("placeholder_example")
def nq_k8s_secret():
    return "manifest for the JupyterHub DB secret, values come from Vault:\n" + codeblock(
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: hub-db\ntype: Opaque\ndata:\n  username: <base64-encoded-username>\n  password: <base64-encoded-password>\n# or: stringData: { password: \"{{ .Values.db.password }}\" }", "yaml")


@neg("placeholder_example")
def nq_pem_ph():
    return pick(["Paste your key into the runner settings, it looks like:", "So sieht der Schlüssel aus (Inhalt natürlich nicht hier posten):"]) + "\n" + codeblock(
        pick(["-----BEGIN OPENSSH PRIVATE KEY-----\n<contents of ~/.ssh/id_ed25519>\n-----END OPENSSH PRIVATE KEY-----",
              "-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n...\n-----END RSA PRIVATE KEY-----",
              "-----BEGIN PRIVATE KEY-----\n(base64, 3 lines for ed25519)\n-----END PRIVATE KEY-----"]))


@neg("placeholder_example")
def nq_redacted():
    return pick(["Ticket text after the bot cleaned it: \"my password is [REDACTED] and it doesn't work on eduroam\"",
                 "User wrote their card number, helpdesk bot replaced it with `[removed: payment data]`.",
                 "Passwort: ******** (vom Ticketsystem ausgeblendet)", "Mot de passe : [MASQUÉ]",
                 "パスワード: [削除済み]", "IBAN: <redacted>", "Token: (sensitive value hidden by Slack app)"])


@neg("placeholder_example")
def nq_defaults():
    return pick(["Factory reset on the follow-me printers puts the web UI back to admin / admin — change it before the device goes back on the VLAN.",
                 "Die Beamer im HS haben ab Werk PIN 0000, bitte beim Einrichten ändern.",
                 "Default for the lab switches after reset is `admin` with an empty password.",
                 "Las impresoras vuelven a usuario admin y contraseña admin tras el reset de fábrica."])


@neg("placeholder_example")
def nq_jhub():
    return "jupyterhub_config.py excerpt:\n" + codeblock(
        "c.GenericOAuthenticator.client_id = \"jupyterhub\"\nc.GenericOAuthenticator.client_secret = os.environ[\"OAUTH_CLIENT_SECRET\"]  # <from keycloak client tab>\nc.JupyterHub.cookie_secret_file = \"/srv/jupyterhub/jupyterhub_cookie_secret\"\nc.ConfigurableHTTPProxy.auth_token = \"${CONFIGPROXY_AUTH_TOKEN}\"", "python")


@neg("placeholder_example")
def nq_testcard():
    return pick(["Print-shop payment is in test mode: use 4242 4242 4242 4242, any future expiry, any CVC. Real cards won't be charged.",
                 "Testmodus Webshop Druckguthaben: Karte 4242424242424242 mit beliebigem Ablaufdatum.",
                 "Stripe test card for 3-D Secure in staging: 4000 0566 5566 5556 (documented test number)."])


@neg("placeholder_example")
def nq_testiban():
    return pick(["The reimbursement form's help text uses the standard example IBAN DE89 3704 0044 0532 0130 00, people keep copying it.",
                 "Beispiel im Formular: DE89370400440532013000 – das ist die Muster-IBAN, nicht eure.",
                 "Example shown in the UK form: GB82 WEST 1234 5698 7654 32 (documentation sample)."])


@neg("placeholder_example")
def nq_slack_ph():
    return pick(["For the helpdesk bot set `SLACK_BOT_TOKEN=xoxb-your-bot-token` and `SLACK_SIGNING_SECRET=<signing secret>` in the .env.",
                 "Tokens im Wiki immer als `xoxb-…` / `xoxp-…` abkürzen.",
                 "```\nSLACK_APP_TOKEN=xapp-1-XXXXXXXX\nSLACK_BOT_TOKEN=xoxb-XXXXXXXX\n```"])


@neg("placeholder_example")
def nq_envexample():
    return ".env.example in the ticket-bridge repo:\n" + codeblock(
        "DB_HOST=localhost\nDB_USER=ticketbridge\nDB_PASSWORD=\nLDAP_BIND_DN=cn=readonly,dc=example,dc=org\nLDAP_BIND_PW=changeme\nSMTP_PASSWORD=${SMTP_PASSWORD}\nZAMMAD_TOKEN=<token from profile → token access>", "dotenv")


@neg("placeholder_example")
def nq_faq_multi():
    return pick([
        "FAQ (DE): Melden Sie sich mit `<Benutzerkennung>` und `<Passwort>` an. Die Matrikelnummer ist NICHT Ihr Login.",
        "FAQ (FR) : connectez-vous avec `<identifiant>` / `<mot-de-passe>`; ne communiquez jamais le mot de passe au support.",
        "FAQ (ES): usuario `<tu_usuario>`, contraseña `<tu_contraseña>`.",
        "FAQ（日本語）: `<ユーザー名>` と `<パスワード>` を入力してください。",
        "FAQ (PL): login `<twój-login>`, hasło `<twoje-hasło>`.",
        "FAQ（中文）：用户名填写 `<统一身份认证账号>`，密码填写 `<密码>`。"])


@neg("placeholder_example")
def nq_productkey():
    return pick(["Volume licence activation: enter product key XXXXX-XXXXX-XXXXX-XXXXX-XXXXX only if KMS is unreachable.",
                 "SPSS Autorisierungscode: xxxxxxxxxxxxxxxxxxxx (steht im Softwareportal, nicht im Chat).",
                 "Licence key format is ####-####-####-#### — the real one is in the portal."])


@neg("placeholder_example")
def nq_curl_bearer():
    return "Canvas API example for the grade sync:\n" + codeblock(
        'curl -s -H "Authorization: Bearer $CANVAS_TOKEN" \\\n  "https://canvas.%s/api/v1/courses/<course_id>/assignments?per_page=100"\n# or: -H "Authorization: Bearer <ACCESS_TOKEN>"' % dom(), "bash")


@neg("placeholder_example")
def nq_ansible():
    return "group_vars/radius.yml:\n" + codeblock(
        "radius_clients:\n  - name: wlc-campus\n    ipaddr: %s\n    secret: \"{{ vault_radius_secret_wlc }}\"\nldap_bind_password: \"{{ lookup('hashi_vault', 'secret=kv/data/radius:ldap_bind') }}\"\neap_private_key_password: \"{{ vault_eap_key_pass }}\"" % priv_ip(), "yaml")


# --------------------------------------------------------------------------- negatives: code_identifier
@neg("code_identifier")
def nc_py_ldap():
    ln = [R.randrange(20, 400) for _ in range(5)]
    return pick(["self-service password reset crashes after the LDAP migration:", "Passwort-Reset-Portal wirft 500er:", "el portal de cambio de contraseña falla:"]) + "\n" + codeblock(
        "Traceback (most recent call last):\n"
        "  File \"/srv/pwreset/app/views.py\", line %d, in reset_password_confirm\n    change_password_for_account(account_dn, new_password_plain)\n"
        "  File \"/srv/pwreset/app/ldap_backend.py\", line %d, in change_password_for_account\n    conn.extend.microsoft.modify_password(dn, new_password, old_password=None)\n"
        "  File \"/opt/venv/lib/python3.11/site-packages/ldap3/extend/microsoft/modifyPassword.py\", line %d, in ad_modify_password\n    result = connection.modify(user_dn, {'unicodePwd': [(MODIFY_REPLACE, [encoded_new_password])]})\n"
        "  File \"/opt/venv/lib/python3.11/site-packages/ldap3/core/connection.py\", line %d, in modify\n    self.last_error = 'password change failed'\n"
        "ldap3.core.exceptions.LDAPConstraintViolationResult: LDAPConstraintViolationResult - 19 - constraintViolation - None - 0000052D: Constraint violation - check_password_restrictions: the password does not meet the complexity criteria!" % tuple(ln[:4]))


@neg("code_identifier")
def nc_java_idp():
    frames = ["net.shibboleth.idp.authn.impl.ValidateUsernamePasswordAgainstLDAP.doExecute(ValidateUsernamePasswordAgainstLDAP.java:%d)",
              "net.shibboleth.idp.authn.AbstractValidationAction.doExecute(AbstractValidationAction.java:%d)",
              "org.ldaptive.auth.Authenticator.authenticate(Authenticator.java:%d)",
              "org.ldaptive.auth.SimpleBindAuthenticationHandler.authenticateInternal(SimpleBindAuthenticationHandler.java:%d)",
              "org.keycloak.authentication.authenticators.browser.UsernamePasswordForm.validateForm(UsernamePasswordForm.java:%d)",
              "org.keycloak.credential.PasswordCredentialProvider.isValid(PasswordCredentialProvider.java:%d)",
              "org.keycloak.models.credential.PasswordCredentialModel.getPasswordSecretData(PasswordCredentialModel.java:%d)",
              "org.springframework.webflow.engine.ActionState.doEnter(ActionState.java:%d)",
              "org.keycloak.services.resources.LoginActionsService.processAuthentication(LoginActionsService.java:%d)"]
    fr = R.sample(frames, R.randrange(4, len(frames) + 1))
    return "IdP log during the SSO outage:\n" + codeblock(
        "%s ERROR [%s] - Credential validation failed\n%s: %s\n" % (iso(ms=True, z=False).replace("T", " "), pick(["ValidateUsernamePasswordAgainstLDAP", "PasswordCredentialProvider"]),
                                                               pick(["org.ldaptive.LdapException", "net.shibboleth.idp.authn.AuthenticationException", "org.keycloak.models.ModelException"]),
                                                               pick(["InvalidCredentials", "Unable to validate password hash", "Connection pool exhausted"]))
        + "\n".join("\tat " + (f % R.randrange(40, 900)) for f in fr))


@neg("code_identifier")
def nc_slurmconf():
    return "slurm.conf / slurmdbd.conf auth part after the upgrade:\n" + codeblock(
        "AuthType=auth/%s\nCredType=cred/munge\nAuthAltTypes=auth/jwt\nAuthAltParameters=jwt_key=/var/spool/slurm/statesave/jwt_hs256.key\nAccountingStorageType=accounting_storage/slurmdbd\nAccountingStoragePass=/var/run/munge/munge.socket.2\n# slurmdbd.conf\nStorageType=accounting_storage/mysql\nStorageUser=slurm\nStoragePassScript=/etc/slurm/get_db_pass.sh" % pick(["munge", "slurm"]))


@neg("code_identifier")
def nc_freeradius():
    return "mods-available/eap (tls-config):\n" + codeblock(
        "tls-config tls-common {\n    private_key_password = ${PRIVATE_KEY_PASSWORD}\n    private_key_file = ${certdir}/server.key\n    certificate_file = ${certdir}/server.pem\n    ca_file = ${cadir}/ca.pem\n    cipher_list = \"HIGH\"\n    tls_min_version = \"1.2\"\n}\nmschap {\n    use_mppe = yes\n    require_encryption = yes\n    require_strong = yes\n}")


@neg("code_identifier")
def nc_sql_schema():
    cols = R.sample(["password_hash VARCHAR(255) NOT NULL", "password_changed_at TIMESTAMPTZ", "reset_token_hash CHAR(64)", "reset_token_expires_at TIMESTAMPTZ",
                     "mfa_phone_verified BOOLEAN DEFAULT FALSE", "mfa_totp_secret_ref TEXT", "card_last4 CHAR(4)", "iban_masked VARCHAR(34)",
                     "api_token_prefix CHAR(8)", "ssh_pubkey_fingerprint TEXT", "email_verified BOOLEAN"], R.randrange(4, 9))
    return "helpdesk portal schema, which of these can go into the data export?\n" + codeblock(
        "CREATE TABLE portal_account (\n    id BIGSERIAL PRIMARY KEY,\n    login VARCHAR(64) UNIQUE NOT NULL,\n    %s\n);" % ",\n    ".join(cols), "sql")


@neg("code_identifier")
def nc_powershell():
    return pick(["Reset script for the lab kiosk accounts:", "Skript für Pool-Konten:"]) + "\n" + codeblock(
        "param([string]$SamAccountName)\n$newPassword = Get-RandomPassword -Length 20\n$securePassword = ConvertTo-SecureString $newPassword -AsPlainText -Force\nSet-ADAccountPassword -Identity $SamAccountName -Reset -NewPassword $securePassword\nSet-ADUser -Identity $SamAccountName -ChangePasswordAtLogon $true\n$cred = Get-Credential -Message 'Domain admin'\nWrite-Host \"Password for $SamAccountName rotated; stored in PasswordSafe entry $($entry.Id)\"", "powershell")


@neg("code_identifier")
def nc_moodle_php():
    return "local plugin webservice function, review please:\n" + codeblock(
        "function local_ticketsync_get_ws_token(int $serviceid): string {\n    global $DB;\n    $wstoken = required_param('wstoken', PARAM_ALPHANUM);\n    $tokenrecord = $DB->get_record('external_tokens', ['token' => $wstoken, 'externalserviceid' => $serviceid], '*', MUST_EXIST);\n    if ($tokenrecord->validuntil && $tokenrecord->validuntil < time()) {\n        throw new moodle_exception('invalidtoken', 'webservice');\n    }\n    return $tokenrecord->privatetoken;\n}", "php")


@neg("code_identifier")
def nc_go_oauth():
    return codeblock(
        "func (c *CanvasClient) refreshAccessToken(ctx context.Context) (*oauth2.Token, error) {\n\ttok, err := c.oauthCfg.TokenSource(ctx, &oauth2.Token{RefreshToken: c.refreshToken}).Token()\n\tif err != nil {\n\t\treturn nil, fmt.Errorf(\"canvas: refresh access token: %w\", err)\n\t}\n\tc.accessTokenExpiry = tok.Expiry\n\treturn tok, nil\n}", "go") + "\n" + pick(["why does refreshToken stay empty after restart?", "refreshToken ist nach Neustart leer, Ideen?", ""])


@neg("code_identifier")
def nc_ts_lti():
    return "LTI 1.3 launch handler:\n" + codeblock(
        "export async function handleLaunch(req: Request): Promise<LaunchContext> {\n  const idToken = req.body.id_token as string;\n  const jwks = await fetchPlatformJwks(platform.jwksUrl);\n  const claims = await validateIdToken(idToken, jwks, { nonceStore, clientId: platform.clientId });\n  const accessToken = await getServiceAccessToken(platform, ['https://purl.imsglobal.org/spec/lti-ags/scope/score']);\n  return { claims, accessToken, deploymentId: claims[DEPLOYMENT_ID_CLAIM] };\n}", "ts")


@neg("code_identifier")
def nc_r():
    return pick(["R users: ", "Für R: ", ""]) + "\n" + codeblock(
        "# never put the PAT in the script\ngh_token <- Sys.getenv(\"GITHUB_PAT\")\nif (!nzchar(gh_token)) gh_token <- gitcreds::gitcreds_get()$password\nremotes::install_github(\"hpc-halden/slurmR\", auth_token = gh_token)", "r")


@neg("code_identifier")
def nc_matlab():
    return "MATLAB call to the research data API:\n" + codeblock(
        "token = getenv('RDM_API_TOKEN');\nopts = weboptions('HeaderFields', {'Authorization', ['Bearer ' token]}, 'Timeout', 30);\ndata = webread(sprintf('%s/api/datasets/%d', baseUrl, datasetId), opts);", "matlab")


@neg("code_identifier")
def nc_grep():
    files = ["app/auth/password_reset.py", "app/auth/tokens.py", "tests/test_password_policy.py", "app/models/card.py", "app/api/iban_validator.py",
             "app/notify/phone.py", "app/config.py", "migrations/0042_add_api_token_prefix.py"]
    idents = ["def send_password_reset_token(account, *, ttl=3600):", "PASSWORD_MIN_LENGTH = 12", "class ApiTokenSerializer(serializers.ModelSerializer):",
              "    masked = mask_card_number(card_last4)", "def validate_iban_checksum(value: str) -> bool:", "def normalize_phone_number(raw, region=\"DE\"):",
              "SECRET_KEY = env(\"DJANGO_SECRET_KEY\")", "    migrations.AddField('apitoken', 'token_prefix', models.CharField(max_length=8)),",
              "def test_password_history_rejects_reuse(client):"]
    rows = ["$ git grep -n -i -E 'password|token|iban|card|phone' -- app tests migrations | head"]
    for _ in range(R.randrange(4, 11)):
        rows.append("%s:%d:%s" % (pick(files), R.randrange(1, 500), pick(idents)))
    return "where do we touch sensitive fields?\n" + codeblock("\n".join(rows))


@neg("code_identifier")
def nc_errors():
    rows = []
    for _ in range(R.randrange(2, 7)):
        rows.append(pick([
            "%s FATAL:  password authentication failed for user \"moodle\"" % iso(ms=False, z=False).replace("T", " "),
            "kinit: Password incorrect while getting initial credentials",
            "%s login02 sshd[%d]: Failed password for invalid user admin from %s port %d ssh2" % (rdt().strftime("%b %d %H:%M:%S"), R.randrange(1000, 99999), priv_ip(), R.randrange(30000, 65000)),
            "%s login01 sshd[%d]: pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost=%s" % (rdt().strftime("%b %d %H:%M:%S"), R.randrange(1000, 99999), priv_ip()),
            "ORA-28001: the password has expired",
            "sssd[be[AD]]: Password has expired, user must change password",
            "Access denied for user 'ticketbridge'@'localhost' (using password: YES)"]))
    return pick(["auth errors since the maintenance window:", "Auth-Fehler seit dem Wartungsfenster:", "errores de autenticación tras el mantenimiento:"]) + "\n" + codeblock("\n".join(rows))


@neg("code_identifier")
def nc_ldapattrs():
    return "attribute filter for the LMS sync, make sure none of these are released:\n" + codeblock(
        "ldapsearch -LLL -H ldaps://ldap.%s -b ou=people,dc=%s -s sub '(objectClass=eduPerson)' \\\n  -E pr=500/noprompt uid eduPersonAffiliation '!userPassword' '!sambaNTPassword' '!unicodePwd' '!pwdLastSet' '!shadowLastChange'" % (dom(), pick(["halden", "valmont", "brakel"])), "bash")


@neg("code_identifier")
def nc_django():
    return "settings for the room-booking app:\n" + codeblock(
        "AUTH_PASSWORD_VALIDATORS = [\n    {\"NAME\": \"django.contrib.auth.password_validation.UserAttributeSimilarityValidator\"},\n    {\"NAME\": \"django.contrib.auth.password_validation.MinimumLengthValidator\", \"OPTIONS\": {\"min_length\": 12}},\n    {\"NAME\": \"django.contrib.auth.password_validation.CommonPasswordValidator\"},\n]\nPASSWORD_HASHERS = [\"django.contrib.auth.hashers.Argon2PasswordHasher\"]\nSESSION_COOKIE_SECURE = True\nCSRF_TRUSTED_ORIGINS = [\"https://rooms.%s\"]" % dom(), "python")


@neg("code_identifier")
def nc_kotlin():
    return "campus app, storing the refresh token:\n" + codeblock(
        "val masterKey = MasterKey.Builder(context).setKeyScheme(MasterKey.KeyScheme.AES256_GCM).build()\nval securePrefs = EncryptedSharedPreferences.create(context, \"campus_auth\", masterKey,\n    EncryptedSharedPreferences.PrefKeyEncryptionScheme.AES256_SIV,\n    EncryptedSharedPreferences.PrefValueEncryptionScheme.AES256_GCM)\nsecurePrefs.edit().putString(KEY_REFRESH_TOKEN, tokenResponse.refreshToken).apply()", "kotlin")


@neg("code_identifier")
def nc_ansible_task():
    return codeblock(
        "- name: Rotate LDAP bind password for sssd\n  ansible.builtin.lineinfile:\n    path: /etc/sssd/sssd.conf\n    regexp: '^ldap_default_authtok ='\n    line: \"ldap_default_authtok = {{ sssd_ldap_bind_password }}\"\n  no_log: true\n  notify: restart sssd", "yaml") + "\n" + pick(["no_log is there so the bind pw doesn't end up in AWX", "", "bitte reviewen"])


@neg("code_identifier")
def nc_gdb():
    sy = ["_ZN6hpcsec12TokenManager14refreshSessionERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
          "_ZN6hpcsec15CredentialCache9lookupKeyEm", "_ZN3mpi4auth17PasswordValidator8validateEPKc",
          "_ZNK6hpcsec11SecretStore3getERKSs", "_ZN4ompi6tokens14ApiKeyRegistry6insertEv"]
    rows = ["Program received signal SIGSEGV, Segmentation fault."]
    for i, s in enumerate(R.sample(sy, R.randrange(3, 6))):
        rows.append("#%d  0x%016x in %s () from /opt/apps/%s/lib/libhpcsec.so.%d" % (i, R.getrandbits(44) | 0x7f0000000000, s, pick(["hpcsec-1.4", "hpcsec-2.0"]), R.randrange(1, 4)))
    rows.append("#%d  0x%016x in main ()" % (len(rows) - 1, R.getrandbits(24) | 0x400000))
    return "core dump from the job launcher wrapper:\n" + codeblock("\n".join(rows))


@neg("code_identifier")
def nc_rust():
    return codeblock(
        "thread 'tokio-runtime-worker' panicked at src/auth/token.rs:%d:%d:\ncalled `Result::unwrap()` on an `Err` value: RefreshTokenExpired\nstack backtrace:\n   0: campus_auth::token::TokenStore::refresh_access_token\n   1: campus_auth::client::ApiClient::with_bearer_token\n   2: print_release::handlers::release_job::{{closure}}\nnote: run with `RUST_BACKTRACE=full` for a verbose backtrace." % (R.randrange(20, 300), R.randrange(5, 60)))


@neg("code_identifier")
def nc_flags():
    obj = {"features": {"enablePasswordlessLogin": R.random() < 0.5, "ibanValidationStrict": R.random() < 0.5, "showCardLastFourOnReceipt": True,
                        "requirePhoneForMfaEnrollment": R.random() < 0.5, "apiTokenMaxLifetimeDays": pick([30, 90, 365]), "sshKeyUploadAllowed": True}}
    return "feature flags for the self-service portal:\n" + codeblock(json.dumps(obj, indent=2), "json")


@neg("code_identifier")
def nc_proto():
    return "print credit service proto:\n" + codeblock(
        "service PrintCredit {\n  rpc TopUp(TopUpRequest) returns (TopUpResponse);\n}\nmessage TopUpRequest {\n  string account_ref = 1;\n  int64 amount_cents = 2;\n  string payment_token_ref = 3;   // PSP reference, never the PAN\n  string card_last4 = 4;\n}", "protobuf")


@neg("code_identifier")
def nc_java_papercut():
    return "PaperCut XML-RPC client error:\n" + codeblock(
        "java.lang.SecurityException: Invalid authToken\n\tat biz.papercut.pcng.service.impl.ServerCommandProxyImpl.validateAuthToken(ServerCommandProxyImpl.java:%d)\n\tat biz.papercut.pcng.service.impl.ServerCommandProxyImpl.getUserAccountBalance(ServerCommandProxyImpl.java:%d)\n\tat edu.campus.printbridge.BalanceSync.syncSharedAccounts(BalanceSync.java:%d)\n\tat edu.campus.printbridge.Main.main(Main.java:%d)" % tuple(R.randrange(20, 800) for _ in range(4)))


@neg("code_identifier")
def nc_bash_read():
    return "wrapper for the transfer node:\n" + codeblock(
        "#!/usr/bin/env bash\nset -euo pipefail\nread -rsp \"Passwort für ${LOGIN_USER}: \" LDAP_PW; echo\nexport SSHPASS_FILE=$(mktemp)\ntrap 'shred -u \"$SSHPASS_FILE\"' EXIT\nprintf '%s' \"$LDAP_PW\" > \"$SSHPASS_FILE\"\nunset LDAP_PW", "bash")


@neg("non_credential_blob")
def nb_oneliner():
    return pick(["sha256 of the ISO on the share: %s" % hx(64),
                 "the autograder image is `registry.hpc.internal/nbgrader@sha256:%s`" % hx(64),
                 "fixed in %s, please pull" % hx(40),
                 "Commit %s hat das Problem mit dem Druckskript behoben." % hx(pick([7, 10, 40])),
                 "md5 du fichier de données : %s" % hx(32),
                 "Globus task %s finished, %d files" % (uuid4(), R.randrange(10, 90000)),
                 "ジョブスクリプトのハッシュ: %s" % hx(64),
                 "etag mismatch: local %s vs remote %s-%d" % (hx(32), hx(32), R.randrange(2, 200)),
                 "ULID of the failed webhook delivery: %s" % ulid(),
                 "request id %s in the LMS error page, can you look it up?" % uuid4()])


@neg("code_identifier")
def nc_inline():
    return pick(["`PASSWORD_RESET_TOKEN_TTL` is 3600 in settings.py, should we lower it for the portal?",
                 "Is `api_token_hash` indexed? the lookup in `verify_api_token()` is slow.",
                 "Wer hat `LDAP_BIND_PASSWORD_FILE` in der Unit-Datei umbenannt? sssd startet nicht mehr.",
                 "La fonction `mask_iban_for_display()` coupe les IBAN belges au mauvais endroit.",
                 "`card_last4` is a CHAR(4), `card_token_ref` is the PSP reference, we never store the PAN.",
                 "The env var is `SLACK_BOT_TOKEN`, not `SLACK_TOKEN`, that's why the bot didn't start.",
                 "`getSecretFromVault(path)` returns null when the Vault lease expired.",
                 "`phone_number_e164` column migration failed on the staging DB.",
                 "設定キー `oauth.client_secret_file` のパスが間違っています。",
                 "El método `refreshAccessToken()` lanza `InvalidGrantException` tras el cambio de realm."])


# --------------------------------------------------------------------------- negatives: talk_about_secrets
TALK = {
    "en": ["Reminder: the helpdesk will never ask for your password, not in tickets, not on the phone, not here.",
           "If you pasted an API key into a notebook that you shared, rotate it now and tell us which service it was for.",
           "We revoked the Slack bot token that ended up in the public repo this morning; the bot is down until the new one is deployed.",
           "Please only send us the .pub file when you register an SSH key for the cluster, never the private key.",
           "There's a phishing mail asking students to confirm their IBAN for the semester fee. It's fake, don't reply.",
           "Lost your campus card? Block it in the portal; we don't need the card number for that.",
           "The MFA phone number can be changed in self-service, we can't see it and we can't change it for you.",
           "Each project group gets its own OpenAI and Anthropic key through the LMS, do not commit them to GitHub.",
           "The licence server doesn't use passwords at all, it's host-based, so there is nothing to share.",
           "New password policy from next month: at least twelve characters, no expiry, but breached passwords get blocked.",
           "Is it ok to store the database password in the JupyterHub config map or should it go into a secret?",
           "Who has access to the shared password vault for the printer admin accounts?",
           "GitHub's secret scanning flagged a classic PAT in one of the course repos, we contacted the owner and it's revoked.",
           "Please don't post your phone number in the channel, open a ticket and we'll call you back.",
           "For international TAs: payroll needs the SSN on the paper form only, never send it by chat or e-mail.",
           "How long are the Canvas access tokens valid? Ours seem to expire after an hour.",
           "Our scanner found an AWS key in a student's thesis code; it turned out to be the documentation example.",
           "Can the LTI tool keep its private key on disk or do we need the HSM for that?"],
    "de": ["Erinnerung: Der Servicedesk fragt niemals nach Ihrem Passwort.",
           "Wer sein Passwort vergessen hat, setzt es bitte über das Self-Service-Portal zurück, nicht per Ticket.",
           "Der API-Schlüssel für das NLP-Seminar wird über Moodle verteilt, bitte nicht in Git einchecken.",
           "Heute Nacht rotieren wir das LDAP-Bind-Passwort, sssd auf den Login-Knoten wird neu gestartet.",
           "Bitte keine IBAN in Tickets schreiben, Erstattungen laufen über das Formular der Finanzabteilung.",
           "Die Telefonnummer für die Zwei-Faktor-Anmeldung können nur Sie selbst im Portal ändern.",
           "Privaten SSH-Schlüssel bitte nie weitergeben, wir brauchen nur den öffentlichen Teil.",
           "Ist ein Token mit Ablaufdatum in sieben Tagen für den CI-Runner sinnvoll?"],
    "fr": ["Rappel : le support informatique ne vous demandera jamais votre mot de passe.",
           "Si vous avez publié une clé d'API par erreur, révoquez-la tout de suite et prévenez-nous.",
           "Le jeton du bot Slack a été renouvelé après la fuite, plus besoin de l'ancien.",
           "Ne mettez jamais votre numéro de carte bancaire dans un ticket, même pour recharger le compte d'impression.",
           "Pour le cluster, envoyez uniquement la clé publique, jamais la clé privée.",
           "Le mot de passe eduroam est le même que celui de l'ENT depuis la migration."],
    "es": ["Recordatorio: el servicio de ayuda nunca te pedirá tu contraseña.",
           "Si compartiste un token de GitHub en el canal, revócalo y genera uno nuevo con caducidad.",
           "No envíes tu número de teléfono por aquí, abre un ticket y te llamamos.",
           "Hay un correo de phishing que pide el IBAN para la matrícula; es falso.",
           "La clave privada del servidor RADIUS se renovó ayer, el certificado público no cambia.",
           "¿Dónde se guardan las claves de API del curso de IA, en el gestor de secretos o en el LMS?"],
    "pt": ["Lembrete: a equipe de TI nunca pede a sua senha.",
           "Se você publicou uma chave de API no repositório da disciplina, revogue-a imediatamente.",
           "Não mande o número do cartão no chat, use a página de recarga de impressão.",
           "A senha do eduroam é a mesma do portal acadêmico desde a migração.",
           "O token do bot do Slack foi trocado depois do incidente de ontem."],
    "it": ["Promemoria: l'helpdesk non vi chiederà mai la password.",
           "Chi ha incollato una chiave API nel notebook condiviso deve revocarla subito.",
           "Non scrivete il numero di telefono nel canale, apriamo un ticket.",
           "La chiave privata del certificato del server non va mai inviata per email.",
           "Il codice IBAN serve solo nel modulo rimborsi, non nei ticket."],
    "nl": ["Herinnering: de servicedesk vraagt nooit om je wachtwoord.",
           "Heb je per ongeluk een token in een openbare repo gezet? Intrekken en ons laten weten.",
           "Stuur alleen je publieke SSH-sleutel, nooit de privésleutel.",
           "Je telefoonnummer voor MFA kun je zelf aanpassen in het portaal."],
    "pl": ["Przypomnienie: helpdesk nigdy nie poprosi o hasło.",
           "Jeśli klucz API trafił do publicznego repozytorium, unieważnij go natychmiast.",
           "Nie podawajcie numeru karty na czacie, doładowanie drukowania jest w portalu.",
           "Do klastra wysyłamy tylko klucz publiczny SSH."],
    "ja": ["ヘルプデスクがパスワードを尋ねることは絶対にありません。",
           "APIキーを誤って公開した場合は、すぐに無効化して連絡してください。",
           "SSH の秘密鍵は送らないでください。公開鍵だけで登録できます。",
           "電話番号をこのチャンネルに書かないでください。チケットで対応します。",
           "多要素認証の電話番号はセルフサービスポータルで変更できます。"],
    "zh": ["提醒：信息中心不会向任何人索要密码。",
           "如果不小心把 API 密钥提交到了公开仓库，请立即撤销并通知我们。",
           "集群只需要提交 SSH 公钥，私钥请勿外传。",
           "请不要在频道里发手机号，开工单我们会联系你。",
           "报销时银行卡号只填在财务系统的表格里，不要发在群里。"],
    "ko": ["안내: 헬프데스크는 절대로 비밀번호를 묻지 않습니다.",
           "API 키가 공개 저장소에 올라갔다면 즉시 폐기하고 알려 주세요.",
           "클러스터 등록에는 SSH 공개 키만 필요합니다. 개인 키는 보내지 마세요.",
           "전화번호는 채널에 올리지 말고 티켓으로 남겨 주세요."],
    "ru": ["Напоминаем: служба поддержки никогда не спрашивает пароль.",
           "Если токен попал в публичный репозиторий, отзовите его и сообщите нам.",
           "Для доступа к кластеру присылайте только открытый SSH-ключ.",
           "Номер телефона для двухфакторной аутентификации меняется в личном кабинете."],
    "sv": ["Påminnelse: IT-supporten frågar aldrig efter ditt lösenord.",
           "Har du råkat publicera en API-nyckel? Återkalla den direkt.",
           "Skicka bara den publika SSH-nyckeln, aldrig den privata."],
    "fi": ["Muistutus: IT-tuki ei koskaan kysy salasanaasi.",
           "Jos API-avain päätyi julkiseen repoon, mitätöi se heti.",
           "Lähetä klusteria varten vain julkinen SSH-avain."],
    "tr": ["Hatırlatma: yardım masası şifrenizi asla sormaz.",
           "API anahtarını yanlışlıkla paylaştıysanız hemen iptal edin.",
           "Telefon numaranızı kanala yazmayın, bilet açın."],
    "cs": ["Připomínka: helpdesk se nikdy neptá na heslo.",
           "Pokud jste omylem zveřejnili API klíč, okamžitě ho zneplatněte.",
           "Pro cluster posílejte jen veřejný SSH klíč."],
}
TALK_Q = ["Q: can I share my eduroam password with a visiting researcher?\nA: No. Visitors get a guest account or use their home institution's eduroam.",
          "Q: someone DMed me asking for my Canvas token \"to fix the gradebook\". legit?\nA: No, report it. Staff never need your token.",
          "Frage: Darf ich das Passwort vom Pool-Admin im Wiki ablegen?\nAntwort: Nein, das gehört in den Passwort-Safe des Teams.",
          "Q: the GPU course needs API keys for every group, how do we hand them out?\nA: via the LMS assignment, per group, revoked after the semester.",
          "Pregunta: ¿puedo usar la misma contraseña para el clúster y para el correo?\nRespuesta: Técnicamente sí, pero no lo recomendamos.",
          "Q : faut-il chiffrer la clé privée du certificat du serveur web ?\nR : oui, et la phrase de passe va dans le coffre, pas dans le dépôt.",
          "質問: パスワードを忘れました。どうすればいいですか？\n回答: セルフサービスポータルから再設定してください。",
          "问：可以把 GitHub 令牌写进作业脚本吗？\n答：不可以，请用环境变量或者密钥管理。"]
INCIDENT = ["**Incident summary** — a Slack bot token was committed to a public course repository. Detected by secret scanning, revoked within {m} minutes, no misuse found in the audit log.",
            "**Post-mortem**: an SSH private key of the backup user was left world-readable on the transfer node for {m} minutes. Key replaced, host keys unchanged.",
            "**Vorfallbericht**: Ein API-Schlüssel des Lehrstuhls stand {m} Minuten in einem öffentlichen Notebook. Schlüssel gesperrt, Kosten geprüft, keine Auffälligkeiten.",
            "**Resumen del incidente**: un token personal de GitHub apareció en un póster escaneado. Revocado en {m} minutos.",
            "**Compte rendu** : des mots de passe de comptes de démonstration circulaient dans un PDF de cours. Comptes désactivés en {m} minutes."]


def talk_sent(lang=None):
    lang = lang or pick(list(TALK))
    return pick(TALK[lang])


@neg("talk_about_secrets")
def nt_single():
    return talk_sent()


@neg("talk_about_secrets")
def nt_multi_same():
    lang = pick(list(TALK))
    ss = R.sample(TALK[lang], min(len(TALK[lang]), R.randrange(2, 4)))
    return " ".join(ss) if R.random() < 0.5 else "\n".join("• " + s for s in ss)


@neg("talk_about_secrets")
def nt_bilingual():
    a, b = R.sample(list(TALK), 2)
    return "%s\n\n%s" % (talk_sent(a), talk_sent(b))


@neg("talk_about_secrets")
def nt_qa():
    return pick(TALK_Q)


@neg("talk_about_secrets")
def nt_incident():
    return pick(INCIDENT).format(m=R.randrange(4, 90)) + ("\nNext steps: enable push protection on all course orgs; shorter token lifetimes." if R.random() < 0.5 else "")


@neg("talk_about_secrets")
def nt_thread():
    rows = ["> %s" % talk_sent(), pick(["+1, also pinned in #announcements", "Danke, weitergeleitet an die Fachschaft.", "merci, je relaie aux étudiants",
                                        "gracias, lo añado a la FAQ", "了解です、周知します", "好的，已转发给学生", "kiitos, jaan eteenpäin", "ok, added to the onboarding checklist"])]
    if R.random() < 0.5:
        rows.append(talk_sent())
    return "\n".join(rows)


@neg("talk_about_secrets")
def nt_checklist():
    items = R.sample(["rotate the LDAP bind password", "revoke old deploy tokens", "check nobody uses the shared printer admin password",
                      "move the Moodle DB password into Vault", "expire personal access tokens older than a year", "review who can read the RADIUS private key",
                      "remind TAs not to collect phone numbers in spreadsheets", "delete exported card receipts from the shared drive",
                      "turn on GitHub push protection for the course org", "document how to report a leaked key"], R.randrange(3, 7))
    return pick(["Security sync, action items:", "Sicherheitsrunde, To-dos:", "Points d'action sécurité :", "Acciones de la reunión de seguridad:"]) + "\n" + "\n".join("- [ ] " + i for i in items)


@neg("talk_about_secrets")
def nt_regex_talk():
    return pick(["The ticket system's PII filter masks anything that looks like a card number, which is why long job ids sometimes show up as asterisks.",
                 "Our DLP rule for IBANs is too aggressive, it keeps blocking course codes. Can we tune it to validate the checksum first?",
                 "Der Filter im Ticketsystem maskiert alles, was wie eine Telefonnummer aussieht, auch Raumnummern.",
                 "Can the Slack app that hides tokens tell the difference between a JWT and a base64 pagination cursor?"])


@neg("talk_about_secrets")
def nt_faq():
    qs = R.sample(TALK_Q, R.randrange(3, 6))
    return pick(["## FAQ – accounts & security", "## FAQ – Konten und Sicherheit", "## FAQ – comptes et sécurité"]) + "\n\n" + "\n\n".join(qs)


# --------------------------------------------------------------------------- positives
POS = {}


def pos(kind):
    def deco(fn):
        POS.setdefault(kind, []).append(fn)
        return fn
    return deco


FIRST = ["Jonas", "Amélie", "Lucía", "Tomasz", "Yuki", "Wei", "Minji", "Sven", "Aino", "Giulia", "Pieter", "Ana", "Emre", "Olga", "Priya", "Mateo"]
LAST = ["Brandauer", "Lefèvre", "Montoya", "Zielinski", "Tanabe", "Liang", "Seo", "Lindqvist", "Korhonen", "Ferraro", "de Wit", "Carvalho", "Aydın", "Sokolova", "Raman", "Ibarra"]


def person():
    return "%s %s" % (pick(FIRST), pick(LAST))


def slug(s):
    t = s.lower()
    for a, b in [("é", "e"), ("è", "e"), ("í", "i"), ("ı", "i"), ("ñ", "n"), ("ä", "ae"), ("ö", "oe"), ("ü", "ue"), (" ", "")]:
        t = t.replace(a, b)
    return re.sub(r"[^a-z]", "", t)


@pos("anthropic_api_key")
def pa_sbatch():
    v = anthropic_key()
    return codeblock("#!/bin/bash\n#SBATCH --job-name=llm-eval\n#SBATCH --partition=%s\n#SBATCH --time=04:00:00\nexport ANTHROPIC_API_KEY=%s\nmodule load python/3.11\nsrun python eval_claims.py --model claude --n 500" % (pick(PARTS), v), "bash"), v


@pos("anthropic_api_key")
def pa_de_chat():
    v = anthropic_key()
    return "Hab den Key für das NLP-Seminar hier: %s – bitte nicht ins Moodle hochladen, der läuft auf das Lehrstuhlkonto." % v, v


@pos("anthropic_api_key")
def pa_notebook():
    v = anthropic_key()
    return "my notebook cell that fails with 429:\n" + codeblock("import anthropic\nclient = anthropic.Anthropic(api_key=\"%s\")\nmsg = client.messages.create(model=\"claude-sonnet-4-5\", max_tokens=512, messages=[{\"role\": \"user\", \"content\": prompt}])" % v, "python"), v


@pos("anthropic_api_key")
def pa_ja():
    v = anthropic_key()
    return "研究室の共有キーです。今週中に使ってください: %s" % v, v


@pos("anthropic_api_key")
def pa_yaml():
    v = anthropic_key()
    return "singleuser env in the hub values.yaml (temporary!):\n" + codeblock("singleuser:\n  extraEnv:\n    ANTHROPIC_API_KEY: \"%s\"\n    HF_HOME: /scratch/hf" % v, "yaml"), v


@pos("aws_access_key_id")
def pk_ini():
    v = aws_id()
    return "[ceph-archive]\naws_access_key_id = %s\n# secret is in the team password safe\nendpoint_url = https://s3.hpc.%s" % (v, dom()), v


@pos("aws_access_key_id")
def pk_log():
    v = aws_id()
    return codeblock("%s ERROR upload failed: AccessDenied (key=%s, bucket=lecture-capture-%d, op=PutObject)" % (iso(), v, R.randrange(2024, 2026))), v


@pos("aws_access_key_id")
def pk_es():
    v = aws_id()
    return "La clave de acceso para el bucket del proyecto es %s, el secreto te lo paso por mensaje directo." % v, v


@pos("aws_access_key_id")
def pk_export():
    v = aws_id()
    return "in the job script I have\n`export AWS_ACCESS_KEY_ID=%s`\nand it still says InvalidAccessKeyId" % v, v


@pos("aws_secret_access_key")
def ps_env():
    v = aws_secret()
    return "AWS_SECRET_ACCESS_KEY=%s" % v, v


@pos("aws_secret_access_key")
def ps_rclone():
    v = aws_secret()
    return "rclone config for the archive (the key id is already in the remote):\n" + codeblock("[archive]\ntype = s3\nprovider = Ceph\nsecret_access_key = %s\nendpoint = https://s3.hpc.%s" % (v, dom()), "ini"), v


@pos("aws_secret_access_key")
def ps_fr():
    v = aws_secret()
    return "Le secret du compte S3 du labo : %s (l'identifiant est dans le wiki)." % v, v


@pos("aws_secret_access_key")
def ps_s3cfg():
    v = aws_secret()
    return "~/.s3cfg on the transfer node:\n" + codeblock("[default]\nhost_base = s3.hpc.%s\nsecret_key = %s\nuse_https = True" % (dom(), v), "ini"), v


@pos("credit_card")
def pc_topup():
    v = card()
    return "Print credit top-up failed, I used card %s exp %02d/%d. Was I charged?" % (v, R.randrange(1, 13), R.randrange(26, 31)), v


@pos("credit_card")
def pc_licence():
    v = card()
    return "Für die Lizenzverlängerung %s bitte die Institutskarte belasten: %s, Ablauf %02d/%d." % (pick(SOFT), v, R.randrange(1, 13), R.randrange(26, 31)), v


@pos("credit_card")
def pc_pl():
    v = card()
    return "Opłata za konferencję, karta wydziałowa: %s" % v, v


@pos("credit_card")
def pc_it():
    v = card()
    return "Per il rinnovo del dominio del laboratorio ho usato la carta %s, mi serve la ricevuta." % v, v


@pos("credit_card")
def pc_csv():
    v = card()
    return "export from the conference shop (why is the full PAN in there?!)\n" + codeblock("order,amount,card,status\nW-%d,120.00,%s,captured" % (R.randrange(10 ** 5, 10 ** 6), v), "csv"), v


def email_of(name=None):
    name = name or person()
    f, l = name.split(" ", 1)
    d = dom()
    return pick(["%s.%s@%s" % (slug(f), slug(l), d), "%s%s@stud.%s" % (slug(f)[0], slug(l), d), "%s.%s@%s" % (slug(f)[0], slug(l), d)])


@pos("email_address")
def pe_list():
    v = email_of()
    return "please add %s to hpc-users and the %s project" % (v, pick(ACCOUNTS)), v


@pos("email_address")
def pe_csv():
    v = email_of()
    return "LMS enrolment CSV row that fails to import:\n" + codeblock("username,email,course,role\n%s,%s,%s,student" % (rs(LO, 2) + rs(DIG, 2) + rs(LO, 4), v, pick(COURSES)), "csv"), v


@pos("email_address")
def pe_zh():
    v = email_of()
    return "我的邮箱是 %s，集群账号申请的确认邮件一直没收到。" % v, v


@pos("email_address")
def pe_ko():
    v = email_of()
    return "라이선스 요청은 %s 로 보내 주세요." % v, v


@pos("email_address")
def pe_forward():
    v = email_of()
    return "Bitte die Rechnung an %s weiterleiten, die Kostenstelle steht im Ticket." % v, v


@pos("github_classic_pat")
def pg_env():
    v = gh_classic()
    return "GITHUB_TOKEN=%s" % v, v


@pos("github_classic_pat")
def pg_renviron():
    v = gh_classic()
    return "~/.Renviron on the RStudio server:\n" + codeblock("GITHUB_PAT=%s\nR_LIBS_USER=/home/rlibs/4.4" % v), v


@pos("github_classic_pat")
def pg_fr():
    v = gh_classic()
    return "J'ai mis le jeton dans le notebook du TP : `%s`, c'est grave ?" % v, v


@pos("github_classic_pat")
def pg_curl():
    v = gh_classic()
    return codeblock("curl -H \"Authorization: token %s\" https://api.github.com/orgs/%s/repos" % (v, pick(["hpc-halden", "nfsu-teaching", "kohoku-lab"])), "bash"), v


@pos("github_fine_grained_pat")
def pf_env():
    v = gh_fine()
    return "fine-grained token for the autograder (read-only on the org):\n%s" % v, v


@pos("github_fine_grained_pat")
def pf_actions():
    v = gh_fine()
    return "workflow env, sorry, I know:\n" + codeblock("env:\n  GH_TOKEN: %s\n  COURSE: %s" % (v, pick(COURSES)), "yaml"), v


@pos("github_fine_grained_pat")
def pf_nl():
    v = gh_fine()
    return "Token voor de cursus-repo: %s (verloopt over dertig dagen)" % v, v


@pos("github_fine_grained_pat")
def pf_git():
    v = gh_fine()
    return "$ git remote -v\norigin  https://x-access-token:%s@github.com/%s/thesis.git (fetch)" % (v, pick(["lab-ml", "geo-group"])), v


@pos("iban")
def pi_reimb():
    v = iban()
    return "Reisekostenerstattung bitte an %s (Kontoinhaber: %s)" % (v, person()), v


@pos("iban")
def pi_en():
    v = iban()
    return "For the conference refund my IBAN is %s" % v, v


@pos("iban")
def pi_fr():
    v = iban()
    return "Remboursement de la carte d'impression sur le compte %s svp" % v, v


@pos("iban")
def pi_nl():
    v = iban()
    return "Terugbetaling van het borggeld voor de laptop: %s t.n.v. %s" % (v, person()), v


@pos("iban")
def pi_es():
    v = iban()
    return "Devolución de la fianza del portátil a la cuenta %s" % v, v


@pos("ipv4_address")
def pp_whitelist():
    v = public_ip()
    return "can you whitelist my home IP %s for the licence server? VPN breaks ANSYS" % v, v


@pos("ipv4_address")
def pp_sshd():
    v = public_ip()
    return codeblock("%s login0%d sshd[%d]: Failed password for invalid user oracle from %s port %d ssh2" % (rdt().strftime("%b %d %H:%M:%S"), R.randrange(1, 4), R.randrange(1000, 99999), v, R.randrange(30000, 65000))) + "\nfail2ban should have caught that", v


@pos("ipv4_address")
def pp_de():
    v = public_ip()
    return "Von %s kommen seit heute Morgen tausende Anfragen auf das Moodle-Login." % v, v


@pos("ipv4_address")
def pp_nginx():
    v = public_ip()
    return codeblock('%s - - [%s +0000] "POST /login/index.php HTTP/1.1" 303 0 "-" "python-requests/2.32.3"' % (v, rdt().strftime("%d/%b/%Y:%H:%M:%S"))), v


@pos("jwt")
def pj_curl():
    d = dom()
    v = jwt("https://sso.%s/realms/campus" % d, "jupyterhub", {"azp": "jupyterhub", "scope": "openid profile"})
    return "token from the hub API, works in curl but not in the extension:\n" + codeblock("curl -H \"Authorization: Bearer %s\" https://hub.%s/hub/api/user" % (v, d), "bash"), v


@pos("jwt")
def pj_lti():
    d = dom()
    v = jwt("https://lms.%s" % d, rs(B62, 16), {"nonce": hx(16), "https://purl.imsglobal.org/spec/lti/claim/message_type": "LtiResourceLinkRequest"}, alg="RS256")
    return "LTI launch debug, id_token=%s" % v, v


@pos("jwt")
def pj_es():
    d = dom()
    v = jwt("https://auth.%s" % d, "room-booking", {"scope": "rooms:write"})
    return "Este es el token que devuelve el SSO, ¿por qué caduca tan rápido? %s" % v, v


@pos("jwt")
def pj_slurm():
    v = jwt("slurm", "slurmrestd", {"sun": rs(LO, 8)}, alg="HS256")
    return "`export SLURM_JWT=%s` from `scontrol token lifespan=3600`, and slurmrestd still says 401" % v, v


@pos("openai_api_key")
def po_env():
    v = openai_key()
    return "OPENAI_API_KEY=%s" % v, v


@pos("openai_api_key")
def po_py():
    v = openai_key()
    return codeblock("from openai import OpenAI\nclient = OpenAI(api_key=\"%s\")" % v, "python") + "\nthis works on my laptop but not on the cluster", v


@pos("openai_api_key")
def po_pt():
    v = openai_key()
    return "A chave do projeto da disciplina é %s, usem só para o trabalho final." % v, v


@pos("openai_api_key")
def po_ipynb():
    v = openai_key()
    return "shared notebook still has it in the source:\n" + codeblock(json.dumps({"cell_type": "code", "source": ["import os\n", "os.environ[\"OPENAI_API_KEY\"] = \"%s\"\n" % v]}, indent=1), "json"), v


@pos("password")
def pw_sssd():
    v = password()
    return "/etc/sssd/sssd.conf on login03:\n" + codeblock("[domain/campus]\nldap_default_bind_dn = cn=sssd-bind,ou=services,dc=campus\nldap_default_authtok = %s" % v, "ini"), v


@pos("password")
def pw_moodle():
    v = password()
    return codeblock("$CFG->dbuser = 'moodle';\n$CFG->dbpass = '%s';" % v, "php"), v


@pos("password")
def pw_beamer():
    v = password()
    return "Passwort für den Beamer-Admin im %s: %s" % (pick(ROOMS), v), v


@pos("password")
def pw_wpa():
    v = password()
    return "my wpa_supplicant for eduroam, still no connection:\n" + codeblock('network={\n    ssid="eduroam"\n    eap=PEAP\n    identity="%s"\n    password="%s"\n}' % (rs(LO, 2) + rs(DIG, 3) + rs(LO, 3), v)), v


@pos("password")
def pw_slurmdbd():
    v = password()
    return "slurmdbd.conf\n" + codeblock("StorageType=accounting_storage/mysql\nStorageUser=slurm\nStoragePass=%s" % v), v


@pos("password")
def pw_fr():
    v = password()
    return "Le mot de passe du compte de démonstration pour l'examen : %s" % v, v


@pos("phone_number")
def ph_callback():
    v = phone()
    return "please call me back at %s, the VPN client keeps crashing" % v, v


@pos("phone_number")
def ph_de():
    v = phone()
    return "Rückruf bitte unter %s, bin bis 16 Uhr im Labor." % v, v


@pos("phone_number")
def ph_ja():
    v = phone()
    return "折り返しのお電話は %s までお願いします。" % v, v


@pos("phone_number")
def ph_ticket():
    v = phone()
    return "Ticket #%d – contact: %s (mobile), room %s" % (R.randrange(10000, 99999), v, pick(ROOMS)), v


@pos("phone_number")
def ph_es():
    v = phone()
    return "Mi número para el código de verificación es %s" % v, v


@pos("private_key_pem")
def pk_plain():
    label, lines = pem_private()
    v = "\n".join(lines)
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, v, label), v, label


@pos("private_key_pem")
def pk_block():
    label, lines = pem_private()
    v = "\n".join(lines)
    return pick(["key for the gitlab runner, can someone install it on ci03?", "Schlüssel für den Backup-Pull:", "la clé du serveur RADIUS, pour le renouvellement :",
                 "これがデプロイ用の鍵です:"]) + "\n" + codeblock("-----BEGIN %s-----\n%s\n-----END %s-----" % (label, v, label)), v, label


@pos("private_key_pem")
def pk_cat():
    label, lines = pem_private()
    v = "\n".join(lines)
    return "$ cat ~/.ssh/id_cluster\n-----BEGIN %s-----\n%s\n-----END %s-----\n$ ssh -i ~/.ssh/id_cluster login01 → Permission denied (publickey)" % (label, v, label), v, label


@pos("slack_bot_token")
def sb_env():
    v = slack_bot()
    return "helpdesk-bot .env on the VM:\n" + codeblock("SLACK_BOT_TOKEN=%s\nZAMMAD_URL=https://tickets.%s" % (v, dom()), "dotenv"), v


@pos("slack_bot_token")
def sb_curl():
    v = slack_bot()
    return codeblock("curl -X POST -H 'Authorization: Bearer %s' -H 'Content-type: application/json' --data '{\"channel\":\"#hpc-status\",\"text\":\"maintenance done\"}' https://slack.com/api/chat.postMessage" % v, "bash"), v


@pos("slack_bot_token")
def sb_it():
    v = slack_bot()
    return "Il token del bot delle stampanti è %s, serve per il cron delle notifiche." % v, v


@pos("slack_user_token")
def su_script():
    v = slack_user()
    return "export script for the channel archive:\n" + codeblock("TOKEN = \"%s\"\nresp = requests.get(\"https://slack.com/api/conversations.history\", params={\"channel\": CH}, headers={\"Authorization\": f\"Bearer {TOKEN}\"})" % v, "python"), v


@pos("slack_user_token")
def su_pl():
    v = slack_user()
    return "Mój token użytkownika do eksportu: %s" % v, v


@pos("slack_user_token")
def su_plain():
    v = slack_user()
    return "SLACK_USER_TOKEN=%s" % v, v


@pos("url_credentials")
def pu_pg():
    v = password()
    return "DATABASE_URL=postgresql://moodle:%s@db03.campus.internal:5432/moodle" % v, v


@pos("url_credentials")
def pu_mongo():
    v = password()
    return "analytics dashboard can't connect:\n" + codeblock("MONGO_URI=\"mongodb+srv://lrs_writer:%s@lrs-cluster.%s/xapi?retryWrites=true\"" % (v, dom())), v


@pos("url_credentials")
def pu_git():
    v = password()
    return "$ git clone https://svc-autograder:%s@gitlab.%s/teaching/%s.git" % (v, dom(), slug(pick(COURSES)) or "course"), v


@pos("url_credentials")
def pu_amqp():
    v = password()
    return "celery broker in the print-release service: `amqp://printq:%s@mq01.campus.internal:5672/print`" % v, v


@pos("url_credentials")
def pu_redis():
    v = password()
    return "Redis für JupyterHub: redis://:%s@cache02.campus.internal:6379/3" % v, v


@pos("us_ssn")
def pn_payroll():
    v = ssn()
    return "TA payroll form question: I wrote my SSN %s in the wrong box, can you fix it?" % v, v


@pos("us_ssn")
def pn_es():
    v = ssn()
    return "Mi número de seguro social es %s, lo pide el formulario de la beca." % v, v


@pos("us_ssn")
def pn_ticket():
    v = ssn()
    return "Ticket note: caller gave SSN %s to verify identity (we should NOT accept this, escalate)" % v, v


@pos("us_ssn")
def pn_csv():
    v = ssn()
    return "found in the shared drive export:\n" + codeblock("employee_type,ssn,department\nGTA,%s,%s" % (v, pick(["Physics", "Chemistry", "CS"])), "csv"), v


@pos("aws_access_key_id")
def pk_pair_helper():
    v = aws_id()
    return "key id for the backup bucket: %s" % v, v


def aws_pair():
    a, s = aws_id(), aws_secret()
    k = R.randrange(4)
    if k == 0:
        t = "~/.aws/credentials on the transfer node:\n" + codeblock("[hpc-archive]\naws_access_key_id = %s\naws_secret_access_key = %s" % (a, s), "ini")
    elif k == 1:
        t = codeblock("export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws --endpoint-url https://s3.hpc.%s s3 ls s3://%s" % (a, s, dom(), pick(ACCOUNTS)), "bash")
    elif k == 2:
        t = "Zugang zum S3-Bucket der Arbeitsgruppe: Key-ID %s, Secret %s" % (a, s)
    else:
        t = "rclone:\n" + codeblock("[labdata]\ntype = s3\nprovider = Ceph\naccess_key_id = %s\nsecret_access_key = %s" % (a, s), "ini")
    return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)], "multi:aws_pair:f%d" % k


KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]
CATS = ["non_credential_blob", "pii_lookalike_number", "data_uri_base64", "placeholder_example", "code_identifier", "talk_about_secrets"]


def decorate(t, p_lead=0.12, p_trail=0.06):
    if R.random() < p_lead:
        t = pick(LEADS) + t
    if R.random() < p_trail:
        t = t + pick([" ", "\n"]) + pick(TRAILS)
    return t


def build_negatives():
    recs, seen = [], set()
    for cat in CATS:
        tpls = list(NEG[cat])
        order = []
        while len(order) < 100:
            R.shuffle(tpls)
            order += tpls
        for fn in order[:100]:
            for attempt in range(400):
                f = fn if attempt < 40 else pick(NEG[cat])
                t = decorate(f())
                if t in seen or scan(t) or t.count("\n") >= 40:
                    continue
                break
            else:
                raise RuntimeError("cannot draw %s" % fn.__name__)
            seen.add(t)
            recs.append({"category": cat, "text": t, "_tpl": f.__name__})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h27n-%04d" % (i + 1), "text": r["text"], "category": r["category"], "_tpl": r["_tpl"]})
    return out


def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v) and len(v.replace(" ", "")) == IBAN_LEN[v[:2]], v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        ip = ipaddress.IPv4Address(v)
        assert ip.is_global and not ip.is_multicast and not ip.is_reserved, v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode("".join(v.split("\n")), validate=True)
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v) and b62enc(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:], v
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v), v
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v), v
    elif kind == "openai_api_key":
        assert v.startswith("sk-") and "T3BlbkFJ" in v, v
    elif kind == "email_address":
        assert RX_EMAIL.fullmatch(v), v


def unexplained(text, secrets):
    vals = [v for _, v in secrets]
    bad = []
    for name, h in scan(text):
        if not any(h in v or v in h or h.replace(" ", "") in v.replace(" ", "") for v in vals):
            bad.append((name, h))
    return bad


def one_snippet(kind, counters):
    fns = POS[kind]
    i = counters.get(kind, 0) % len(fns)
    counters[kind] = counters.get(kind, 0) + 1
    r = fns[i]()
    if kind == "private_key_pem":
        t, v, label = r
        return t, v, "private_key_pem:%s:t%d" % (label.replace(" ", "_").lower(), i)
    t, v = r
    return t, v, "%s:t%d" % (kind, i)


def build_positives():
    seq = [KINDS[i % len(KINDS)] for i in range(170)]
    while True:
        doubles = set(R.sample(range(150), 20))
        pi, pairs = 0, []
        for ti in range(150):
            if ti in doubles:
                pairs.append(tuple(seq[pi:pi + 2]))
            pi += 2 if ti in doubles else 1
        if ("aws_access_key_id", "aws_secret_access_key") in pairs:
            break
    counters = {}
    out, pos_i, seen = [], 0, set()
    for ti in range(150):
        n = 2 if ti in doubles else 1
        kinds = seq[pos_i:pos_i + n]
        pos_i += n
        for attempt in range(200):
            saved = dict(counters)
            if kinds == ["aws_access_key_id", "aws_secret_access_key"]:
                text, secrets, ctx = aws_pair()
            elif n == 1:
                t, v, ctx = one_snippet(kinds[0], counters)
                text, secrets = decorate(t, 0.06, 0.04), [(kinds[0], v)]
            else:
                t1, v1, c1 = one_snippet(kinds[0], counters)
                t2, v2, c2 = one_snippet(kinds[1], counters)
                f = R.randrange(4)
                if f == 0:
                    text = "%s\n%s" % (t1, t2)
                elif f == 1:
                    text = "two things from the same ticket, both need cleaning up:\n\n%s\n\n%s" % (t1, t2)
                elif f == 2:
                    text = "%s\n\n%s %s" % (t1, pick(["also:", "außerdem:", "et aussi :", "y además:", "それと:", "另外："]), t2)
                else:
                    text = "Ticket #%d, user pasted this:\n%s\n---\n%s" % (R.randrange(10000, 99999), t1, t2)
                secrets = [(kinds[0], v1), (kinds[1], v2)]
                ctx = "multi:%s+%s:f%d" % (c1, c2, f)
            if text in seen or unexplained(text, secrets):
                counters = saved
                continue
            break
        else:
            raise RuntimeError("positive %d" % ti)
        for k, v in secrets:
            assert v in text, (k, v)
            check_value(k, v)
        seen.add(text)
        out.append({"id": "h27p-%04d" % (ti + 1), "text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    assert pos_i == 170
    return out


def main():
    negs = build_negatives()
    poss = build_positives()
    for r in negs:
        assert not scan(r["text"]), r
    assert len({r["text"] for r in negs}) == 600
    with open(os.path.join(HERE, "redaction27_negatives.jsonl"), "w", encoding="utf-8") as fh:
        for r in negs:
            fh.write(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction27_positives.jsonl"), "w", encoding="utf-8") as fh:
        for r in poss:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    # summary
    from collections import Counter
    cc = Counter(r["category"] for r in negs)
    tc = {c: len({r["_tpl"] for r in negs if r["category"] == c}) for c in CATS}
    print("negatives", len(negs))
    for c in CATS:
        ls = [r["text"].count("\n") + 1 for r in negs if r["category"] == c]
        print("  %-22s %3d  templates=%2d  lines %d/%d" % (c, cc[c], tc[c], min(ls), max(ls)))
    allls = [r["text"].count("\n") + 1 for r in negs]
    print("  single-line", sum(1 for x in allls if x == 1), ">=10 lines", sum(1 for x in allls if x >= 10), ">=20", sum(1 for x in allls if x >= 20), "max", max(allls))
    kc = Counter(s["kind"] for r in poss for s in r["secrets"])
    print("positives", len(poss), "secrets", sum(kc.values()), "two-secret texts", sum(1 for r in poss if len(r["secrets"]) == 2))
    for k in KINDS:
        print("  %-24s %d" % (k, kc[k]))


if __name__ == "__main__":
    main()
