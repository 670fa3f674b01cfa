#!/usr/bin/env python3
"""Held-out redaction corpus #62 (law firm IT / legal-ops Slack, CH / SG / AE).

Standard library only. The only randomness is random.Random(62 * 101).
Writes redaction62_negatives.jsonl and redaction62_positives.jsonl next to
this file and prints a scanner report.
"""
import base64
import hashlib
import io
import ipaddress
import json
import os
import re
import struct
import sys
import zipfile
import zlib

import random

N = 62
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers
DIG = "0123456789"
HEXL = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOW = "abcdefghijklmnopqrstuvwxyz"
B62 = DIG + UP + LOW
B64 = UP + LOW + DIG + "+/"
B64URL = UP + LOW + DIG + "-_"


def pick(seq):
    return R.choice(seq)


def rs(n, alpha):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(n, HEXL)


def HX(n):
    return rs(n, HEXL.upper())


def guid():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


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
    body = prefix + rs(length - len(prefix) - 1, DIG)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def trunc(s, n):
    if len(s) <= n:
        return s
    return s[:n] + pick(["…", "...", "[%d more chars]" % (len(s) - n), "… (truncated)"])


def lines_of(s, w):
    return [s[i:i + w] for i in range(0, len(s), w)]


# ---------------------------------------------------------------- binary formats
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)


def make_png(w=None, h=None):
    w = w or R.randint(1, 8)
    h = h or R.randint(1, 8)
    ctype = pick([2, 6])
    bpp = 3 if ctype == 2 else 4
    style = pick(["solid", "grad", "noise"])
    base = [R.randint(0, 255) for _ in range(bpp)]
    raw = b""
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if style == "solid":
                px = base
            elif style == "grad":
                px = [(base[i] + 17 * x + 9 * y) % 256 for i in range(bpp)]
            else:
                px = [R.randint(0, 255) for _ in range(bpp)]
            if bpp == 4:
                px = px[:3] + [255 if style != "noise" else px[3]]
            row += bytes(px)
        raw += bytes(row)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, ctype, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) +
            png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b""))


def make_gif():
    c1 = rbytes(3)
    c2 = pick([b"\xff\xff\xff", b"\x00\x00\x00", rbytes(3)])
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + c1 + c2 +
            b"\x21\xf9\x04" + pick([b"\x01", b"\x00"]) + b"\x00\x00\x00\x00" +
            b"\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00" + b"\x02\x02\x44\x01\x00" + b"\x3b")


def make_jpeg():
    k = R.randint(1, 4)
    out = b"\xff\xd8"
    out += b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01" + bytes([pick([0, 1])]) + \
        struct.pack(">HH", pick([1, 72, 96, 300]), pick([1, 72, 96, 300])) + b"\x00\x00"
    if R.random() < 0.5:
        com = pick([b"thumbnail", b"DMS preview", b"Bates stamp", b"export-render", b"cover"])
        out += b"\xff\xfe" + struct.pack(">H", len(com) + 2) + com
    q = bytes(R.randint(1, 99) for _ in range(64))
    out += b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + q
    out += b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, 8, 8 * k, 1) + b"\x01\x11\x00"
    counts = bytes([1] + [0] * 15)
    out += b"\xff\xc4" + struct.pack(">H", 20) + b"\x00" + counts + b"\x00"
    out += b"\xff\xc4" + struct.pack(">H", 20) + b"\x10" + counts + b"\x00"
    out += b"\xff\xda" + struct.pack(">H", 8) + b"\x01\x01\x00\x00\x3f\x00"
    bits = "00" * k
    bits += "1" * ((8 - len(bits) % 8) % 8)
    out += bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    out += b"\xff\xd9"
    return out


WEBPS = [
    "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
    "UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA",
    "UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==",
]


def make_bmp():
    w, h = R.randint(1, 4), R.randint(1, 4)
    rowlen = (w * 3 + 3) // 4 * 4
    px = b""
    for _ in range(h):
        row = rbytes(3 * w)
        px += row + b"\x00" * (rowlen - 3 * w)
    hdr = b"BM" + struct.pack("<IHHI", 54 + len(px), 0, 0, 54)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(px), 2835, 2835, 0, 0)
    return hdr + dib + px


def make_ico():
    p = make_png(R.choice([1, 2, 4, 8]), None)
    w, h = struct.unpack(">II", p[16:24])
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", w, h, 0, 0, 1, 32, len(p), 22) + p


def make_wav():
    n = R.randint(24, 64)
    period = R.randint(4, 12)
    amp = R.randint(20, 100)
    samples = bytes(128 + (amp * ((i % period) * 2 - period) // period) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return (b"RIFF" + struct.pack("<I", 4 + 8 + 16 + 8 + len(samples)) + b"WAVE" +
            b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(samples)) + samples)


PDF_TEXTS = ["Matter cover sheet", "Privileged and Confidential", "Export manifest", "Deckblatt Dossier",
             "Page de garde", "Production volume", "Conflict check summary", "Litigation hold notice",
             "Billing guidelines", "Engagement letter draft", "Privilege log", "Retention schedule"]


def make_pdf():
    txt = pick(PDF_TEXTS) + (" - vol %03d" % R.randint(1, 40) if R.random() < 0.5 else "")
    stream = "BT /F1 %d Tf 72 770 Td (%s) Tj ET" % (R.choice([12, 14, 18]), txt)
    objs = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        "<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = "%PDF-1." + pick("4567") + "\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (i, o)
    x = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += "%010d 00000 n \n" % o
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out.encode("latin-1")


def make_svg():
    col = "#%s" % hx(6)
    col2 = "#%s" % hx(6)
    s = R.choice([16, 24, 32, 48])
    shape = pick([
        '<rect x="2" y="2" width="%d" height="%d" rx="3" fill="%s"/>' % (s - 4, s - 4, col),
        '<circle cx="%d" cy="%d" r="%d" fill="%s"/>' % (s // 2, s // 2, s // 2 - 1, col),
        '<path d="M2 %d L%d 2 L%d %d Z" fill="%s"/>' % (s - 2, s // 2, s - 2, s - 2, col),
    ])
    extra = pick(['', '<path d="M4 %d h%d" stroke="%s" stroke-width="2"/>' % (s // 2, s - 8, col2)])
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">%s%s</svg>'
            % (s, s, s, s, shape, extra))


def make_sourcemap():
    segs = []
    for _ in range(R.randint(3, 9)):
        segs.append(",".join(rs(4, UP + "abcdef") for _ in range(R.randint(1, 3))))
    src = pick(["src/intake/ConflictForm.tsx", "src/billing/LedesPreview.ts", "src/dms/WorkspacePicker.tsx",
                "src/vpn/StatusBadge.tsx", "src/matters/MatterSearch.ts"])
    sm = {"version": 3, "file": src.split("/")[-1].rsplit(".", 1)[0] + ".js", "sources": [src],
          "names": [], "mappings": ";".join(segs)}
    return json.dumps(sm, separators=(",", ":")).encode()


def make_docx():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in [
            ("[Content_Types].xml", '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'),
            ("word/document.xml", '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>%s</w:t></w:r></w:p></w:body></w:document>' % pick(PDF_TEXTS)),
        ]:
            zi = zipfile.ZipInfo(name, date_time=(2025, R.randint(1, 12), R.randint(1, 28), 9, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return buf.getvalue()


def image_any(kinds=("png", "gif", "jpeg", "webp", "bmp", "ico")):
    k = pick(list(kinds))
    if k == "png":
        return "image/png", b64(make_png())
    if k == "gif":
        return "image/gif", b64(make_gif())
    if k == "jpeg":
        return "image/jpeg", b64(make_jpeg())
    if k == "webp":
        return "image/webp", pick(WEBPS)
    if k == "bmp":
        return "image/bmp", b64(make_bmp())
    return "image/x-icon", b64(make_ico())


# ---------------------------------------------------------------- crypto (for PEM positives)
P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
P256_A = P256_P - 3
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
        l = (3 * P[0] * P[0] + P256_A) * pow(2 * P[1], -1, P256_P) % P256_P
    else:
        l = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, P256_P) % P256_P
    x = (l * l - P[0] - Q[0]) % P256_P
    return (x, (l * (P[0] - x) - P[1]) % P256_P)


def ec_mul(k, P):
    out = None
    while k:
        if k & 1:
            out = ec_add(out, P)
        P = ec_add(P, P)
        k >>= 1
    return out


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big")
    return der(0x02, b)


def der_seq(*items):
    return der(0x30, b"".join(items))


OID_P256 = bytes.fromhex("06082a8648ce3d030107")
OID_RSA = bytes.fromhex("06092a864886f70d0101010500")


def ec_keypair():
    d = R.randrange(1, P256_N)
    Q = ec_mul(d, P256_G)
    return d, b"\x04" + Q[0].to_bytes(32, "big") + Q[1].to_bytes(32, "big")


def pem_ec():
    d, q = ec_keypair()
    body = der_seq(der_int(1), der(0x04, d.to_bytes(32, "big")), der(0xa0, OID_P256), der(0xa1, der(0x03, b"\x00" + q)))
    return "EC PRIVATE KEY", b64(body), 64


def pem_ed25519():
    body = der_seq(der_int(0), der_seq(bytes.fromhex("06032b6570")), der(0x04, der(0x04, rbytes(32))))
    return "PRIVATE KEY", b64(body), 64


def is_probable_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(24):
        a = R.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def rand_prime(bits):
    while True:
        c = R.getrandbits(bits) | (3 << (bits - 2)) | 1
        if is_probable_prime(c):
            return c


def rsa_der(bits=2048):
    e = 65537
    while True:
        p = rand_prime(bits // 2)
        q = rand_prime(bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e and (p * q).bit_length() == bits:
            break
    n = p * q
    d = pow(e, -1, phi)
    return der_seq(der_int(0), der_int(n), der_int(e), der_int(d), der_int(p), der_int(q),
                   der_int(d % (p - 1)), der_int(d % (q - 1)), der_int(pow(q, -1, p)))


def pem_rsa1():
    return "RSA PRIVATE KEY", b64(rsa_der(pick([1024, 2048]))), 64


def pem_rsa8():
    inner = rsa_der(1024)
    body = der_seq(der_int(0), der(0x30, OID_RSA), der(0x04, inner))
    return "PRIVATE KEY", b64(body), 64


def ssh_str(b):
    return struct.pack(">I", len(b)) + b


def ssh_mpint(v):
    b = v.to_bytes((v.bit_length() + 8) // 8, "big")
    return ssh_str(b)


def pem_openssh():
    d, q = ec_keypair()
    pub = ssh_str(b"ecdsa-sha2-nistp256") + ssh_str(b"nistp256") + ssh_str(q)
    chk = rbytes(4)
    comment = pick([b"ediscovery-export", b"sftp-vendor-sg", b"ledes-upload", b"dms-backup", b"relativity-bridge"])
    priv = chk + chk + ssh_str(b"ecdsa-sha2-nistp256") + ssh_str(b"nistp256") + ssh_str(q) + ssh_mpint(d) + ssh_str(comment)
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = (b"openssh-key-v1\x00" + ssh_str(b"none") + ssh_str(b"none") + ssh_str(b"") +
            struct.pack(">I", 1) + ssh_str(pub) + ssh_str(priv))
    return "OPENSSH PRIVATE KEY", b64(blob), 70


# ---------------------------------------------------------------- token / PII value makers
def gh_classic():
    body = rs(30, B62)
    c = zlib.crc32(body.encode()) & 0xFFFFFFFF
    enc = ""
    while c:
        c, m = divmod(c, 62)
        enc = B62[m] + enc
    return "ghp_" + body + enc.rjust(6, "0")


def gh_fine():
    return "github_pat_11" + rs(20, DIG + UP) + "_" + rs(59, B62)


def slack_bot():
    return "xoxb-%s-%s-%s" % (rs(1, "123456789") + rs(R.choice([9, 10, 11]), DIG), "1" + rs(12, DIG), rs(24, B62))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (rs(1, "123456789") + rs(R.choice([9, 10, 11]), DIG),
                                 rs(1, "123456789") + rs(R.choice([9, 10, 11]), DIG), "1" + rs(12, DIG), hx(32))


def openai_key():
    k = R.randint(0, 2)
    if k == 0:
        return "sk-proj-" + rs(74, B64URL) + "T3BlbkFJ" + rs(74, B64URL)
    if k == 1:
        return "sk-" + rs(20, B62) + "T3BlbkFJ" + rs(20, B62)
    return "sk-svcacct-" + rs(74, B64URL) + "T3BlbkFJ" + rs(74, B64URL)


def anthropic_key():
    return "sk-ant-api03-" + rs(93, B64URL) + "AA"


def aws_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, UP + "234567")


def aws_secret():
    return rs(40, B62 + "+/")


TENANT = guid()


def jwt():
    alg = pick(["RS256", "RS256", "HS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = b64u(rbytes(20))
    iat = R.randint(1735689600, 1767225600)
    flavour = R.randint(0, 3)
    if flavour == 0:
        pl = {"aud": "api://relativity-bridge", "iss": "https://login.microsoftonline.com/%s/v2.0" % TENANT,
              "iat": iat, "nbf": iat, "exp": iat + 3600, "oid": guid(), "roles": ["Export.Read"], "ver": "2.0"}
    elif flavour == 1:
        pl = {"iss": "https://sso.lexalpina.example/oauth2/default", "sub": "svc-imanage-sync", "aud": "api://imanage",
              "iat": iat, "exp": iat + 900, "cid": rs(20, B62), "scp": ["documents.read", "workspaces.read"]}
    elif flavour == 2:
        pl = {"sub": guid(), "tid": TENANT, "app": "conflicts-intake", "iat": iat, "exp": iat + 1800,
              "office": pick(["ZRH", "GVA", "SIN", "DXB"])}
    else:
        pl = {"iss": "ebilling-gateway", "sub": "ledes-uploader", "matter": "%05d-%04d" % (R.randint(10000, 59999), R.randint(1, 99)),
              "iat": iat, "exp": iat + 600, "jti": hx(16)}
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(pl, separators=(",", ":")).encode())
    sig = b64u(rbytes(256 if alg == "RS256" else 32))
    return "%s.%s.%s" % (h, p, sig)


IBAN_LEN = {"AD": 24, "AE": 23, "AT": 20, "BE": 16, "BH": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18,
            "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HU": 28, "IE": 22, "IT": 27, "KW": 30, "LI": 21,
            "LU": 20, "MC": 27, "NL": 18, "NO": 15, "PL": 28, "PT": 25, "QA": 29, "SA": 24, "SE": 24, "SI": 19,
            "SK": 24, "TR": 26}


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_valid(s):
    s = s.replace(" ", "")
    return iban_num(s[4:] + s[:4]) % 97 == 1


def make_iban(cc):
    if cc == "CH":
        bban = pick(["00700", "00230", "00762", "08390", "00767", "80808", "09000"]) + rs(12, DIG)
    elif cc == "AE":
        bban = pick(["033", "026", "035", "030", "046", "020"]) + rs(16, DIG)
    else:
        bban = pick(["NWBK", "BARC", "HBUK", "LOYD", "MIDL"]) + rs(6, DIG) + rs(8, DIG)
    chk = 98 - iban_num(bban + cc + "00") % 97
    s = cc + "%02d" % chk + bban
    assert iban_valid(s) and len(s) == IBAN_LEN[cc]
    return s


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


def public_ip():
    while True:
        s = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        ip = ipaddress.ip_address(s)
        if ip.is_global and not ip.is_multicast:
            return s


# ---------------------------------------------------------------- scanner
RX_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
RX_GH = re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{40,}")
RX_SLACK = re.compile(r"\bxox[abposre]-[0-9]+-[A-Za-z0-9\-]+")
RX_SK = re.compile(r"\bsk-[A-Za-z0-9_\-]{32,}")
RX_JWT = re.compile(r"\beyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]{10,}")
RX_PEM = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.*?)-----END", re.S)
RX_AKIA = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
RX_AWSSEC = re.compile(r"(?i)aws_?secret_?access_?key[\"']?\s*[=:]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])")
RX_SSN = re.compile(r"(?<![0-9\-])[0-9]{3}-[0-9]{2}-[0-9]{4}(?![0-9\-])")
RX_DIGCHAIN = re.compile(r"(?<![0-9])[0-9]+(?:[ \-][0-9]+)*(?![0-9])")
RX_IBAN = re.compile(r"\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){10,32}")
RX_IP = re.compile(r"(?<![0-9.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![0-9]|\.[0-9])")
RX_PHONES = [
    ("phone_intl", re.compile(r"(?<![\w+])(?:\+|00)(?:41|65|971|44|49|33|86|1)(?:[ .\-]?\(0\))?(?:[ .\-/]?[0-9]){7,11}(?![0-9])")),
    ("phone_paren", re.compile(r"\(\+?(?:41|65|971)\)[ ]?[0-9](?:[ .\-]?[0-9]){6,10}(?![0-9])")),
    ("phone_ch", re.compile(r"(?<![\w/.\-+])0[1-9][0-9][ ./\-]?[0-9]{3}[ .\-]?[0-9]{2}[ .\-]?[0-9]{2}(?![\w/.\-])")),
    ("phone_sg", re.compile(r"(?<![\w.\-/+:])[689][0-9]{3}[ \-]?[0-9]{4}(?![\w.\-/:])")),
    ("phone_ae", re.compile(r"(?<![\w.\-/+])0(?:5[0-9]|[2-9])[ \-]?[0-9]{3}[ \-]?[0-9]{4}(?![\w.\-/])")),
]


def scan(text):
    """Return list of (rule, start, end, value)."""
    out = []
    for name, rx in [("email", RX_EMAIL), ("github_token", RX_GH), ("slack_token", RX_SLACK),
                     ("sk_key", RX_SK), ("jwt", RX_JWT)]:
        for m in rx.finditer(text):
            out.append((name, m.start(), m.end(), m.group(0)))
    for m in RX_PEM.finditer(text):
        body = re.sub(r"(\\n|\s)+", "", m.group(2))
        if len(body) >= 64 and re.fullmatch(r"[A-Za-z0-9+/=]+", body):
            out.append(("pem_private_key", m.start(), m.end(), m.group(1) + "PRIVATE KEY"))
    for m in RX_AKIA.finditer(text):
        if "EXAMPLE" not in m.group(0):
            out.append(("aws_key_id", m.start(), m.end(), m.group(0)))
    for m in RX_AWSSEC.finditer(text):
        if "EXAMPLE" not in m.group(1):
            out.append(("aws_secret", m.start(1), m.end(1), m.group(1)))
    for m in RX_SSN.finditer(text):
        a, g, s = m.group(0).split("-")
        if a not in ("000", "666") and a[0] != "9" and g != "00" and s != "0000":
            out.append(("ssn", m.start(), m.end(), m.group(0)))
    for m in RX_DIGCHAIN.finditer(text):
        parts = re.split(r"[ \-]", m.group(0))
        pos = [m.start()]
        for p in parts[:-1]:
            pos.append(pos[-1] + len(p) + 1)
        for i in range(len(parts)):
            acc = ""
            for j in range(i, len(parts)):
                acc += parts[j]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc):
                    out.append(("luhn", pos[i], pos[j] + len(parts[j]), acc))
    for m in RX_IBAN.finditer(text):
        comp = m.group(0).replace(" ", "")
        L = IBAN_LEN.get(comp[:2])
        if L and len(comp) >= L and iban_valid(comp[:L]):
            out.append(("iban", m.start(), m.end(), comp[:L]))
    for m in RX_IP.finditer(text):
        try:
            ip = ipaddress.ip_address(m.group(0))
        except ValueError:
            continue
        if ip.is_global and not ip.is_multicast:
            out.append(("public_ipv4", m.start(), m.end(), m.group(0)))
    for name, rx in RX_PHONES:
        for m in rx.finditer(text):
            out.append((name, m.start(), m.end(), m.group(0)))
    return out


def spans_of(text, value):
    res, i = [], text.find(value)
    while i >= 0:
        res.append((i, i + len(value)))
        i = text.find(value, i + 1)
    return res


def unlabelled(text, secrets):
    spans = []
    for s in secrets:
        spans += spans_of(text, s["value"])
    bad = []
    for f in scan(text):
        if not any(f[1] < e and b < f[2] for b, e in spans):
            bad.append(f)
    return bad


# ---------------------------------------------------------------- domain vocabulary
OFFICES = ["ZRH", "GVA", "SIN", "DXB", "AUH"]
OFFICE_LC = ["zrh", "gva", "sin", "dxb", "auh"]
BATES_PFX = ["LXA", "LEXA", "PROD", "HCZ", "SGHC", "DIFC", "ARB", "KLX", "CONF"]
DMS_LIBS = ["ACTIVE", "ZRHDMS", "SINDMS", "DXBDMS", "ARCHIVE", "KNOWHOW"]


def matter():
    return "%05d-%04d" % (R.randint(10000, 59999), R.randint(1, 140))


def bates(pfx=None, n=None):
    return "%s%s%07d" % (pfx or pick(BATES_PFX), pick(["", "-", "_"]), n if n is not None else R.randint(1, 4999999))


def inv_no():
    return pick(["INV-%d-%05d", "RE-%d-%05d", "FA%d%05d"]) % (R.randint(2023, 2026), R.randint(1, 39999))


def chf(lo=100, hi=2500000):
    v = R.randint(lo, hi)
    s = "{:,}".format(v).replace(",", "'")
    return "CHF %s.%02d" % (s, R.choice([0, 0, 50, R.randint(0, 99)]))


def money(cur=None):
    cur = cur or pick(["CHF", "SGD", "AED", "USD", "EUR", "GBP"])
    v = R.randint(100, 900000)
    if cur == "CHF":
        s = "{:,}".format(v).replace(",", "'")
    else:
        s = "{:,}".format(v)
    return "%s %s.%02d" % (cur, s, R.randint(0, 99))


def date_iso():
    return "%d-%02d-%02d" % (R.randint(2024, 2026), R.randint(1, 12), R.randint(1, 28))


def date_ch():
    return "%02d.%02d.%d" % (R.randint(1, 28), R.randint(1, 12), R.randint(2024, 2026))


def ts_iso():
    return "%sT%02d:%02d:%02d.%03dZ" % (date_iso(), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def private_ip():
    k = R.randint(0, 3)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    return "%s.%d" % (pick(["192.0.2", "198.51.100", "203.0.113"]), R.randint(1, 254))


def host():
    return "%s-%s-%02d" % (pick(["dms", "rel", "nuix", "elite", "intapp", "vpn", "sql", "fs", "print", "adfs", "mfa"]),
                           pick(OFFICE_LC), R.randint(1, 12))


LEAD_INS = ["fyi ", "FYI: ", "Zur Info: ", "Hoi zäme, ", "Grüezi mitenand – ", "Pour info : ", "Salut l'équipe, ",
            "供参考：", "各位好，", "للعلم: ", "مرحبا فريق الدعم، ", "quick one: ", "heads-up: ", "Kurz zur Info: ",
            "Morning all, ", "@here ", "re the ticket: ", "PSA: ", "小提醒：", "Bonjour, "]
TRAILERS = ["\nthx", "\nmerci", "\nmerci vilmal", "\n谢谢", "\nشكراً", "\nlmk if that looks off", "\nsorry for the noise",
            "\ndanke!", "\n👍", "\n(not urgent)", "\nmerci d'avance", "\n辛苦了"]


def fence(lang, body):
    return "```%s\n%s\n```" % (lang, body)


# ================================================================ NEGATIVES
# ---- data_uri_base64
def d_sig_html():
    mime, data = image_any(("png", "gif", "jpeg"))
    return ("%s\n" % pick(["Outlook strips the logo from the new signature template, this is what the HTML has:",
                           "Signatur-Template für GVA, Logo ist inline:", "la signature HTML générée par CodeTwo :",
                           "新签名模板的HTML如下，logo 是内嵌的："]) +
            fence("html", '<table role="presentation"><tr><td>\n  <img src="data:%s;base64,%s" alt="%s" width="%d" height="%d" style="display:block;border:0">\n</td></tr></table>'
                  % (mime, data, pick(["firm logo", "Logo", "logo-lexalpina", "office badge"]), R.randint(60, 180), R.randint(20, 60))))


def d_css():
    mime, data = image_any(("png", "gif", "webp", "bmp"))
    sel = pick([".matter-card .badge", ".dms-tree .folder-icon", ".ledes-preview::before", "#vpn-status.ok", ".conflict-hit--amber", ".bates-chip"])
    return fence(pick(["css", "scss", ""]), "%s {\n  background-image: url(\"data:%s;base64,%s\");\n  background-repeat: no-repeat;\n  background-size: %dpx %dpx;\n}"
                 % (sel, mime, data, R.randint(8, 24), R.randint(8, 24)))


def d_md():
    mime, data = image_any(("png", "gif"))
    return "%s\n![%s](data:%s;base64,%s)" % (pick(["Confluence export kept the stamp as inline image:", "preview of the Bates stamp we burn into the PDFs:",
                                                   "Vorschau vom Wasserzeichen:", "aperçu du tampon « Confidentiel » :"]),
                                             pick(["stamp", "watermark", "badge", "privileged"]), mime, data)


def d_relativity_json():
    svg = make_svg()
    return fence("json", json.dumps({"workspace": "%s %s" % (pick(OFFICES), pick(["Litigation", "Arbitration", "Investigations", "Regulatory"])),
                                     "branding": {"logoDataUri": "data:image/svg+xml;base64," + b64(svg.encode()),
                                                  "accent": "#" + hx(6)}, "artifactId": R.randint(1000000, 1999999)}, indent=2))


def d_powershell():
    kind = pick(["png", "pdf", "ico"])
    data = b64(make_png()) if kind == "png" else b64(make_pdf()) if kind == "pdf" else b64(make_ico())
    name = {"png": "watermark.png", "pdf": "cover.pdf", "ico": "vpn-tray.ico"}[kind]
    return fence("powershell", '$b64 = "%s"\n$bytes = [Convert]::FromBase64String($b64)\n[IO.File]::WriteAllBytes("C:\\ProgramData\\LegalOps\\%s", $bytes)\nWrite-Host "wrote $($bytes.Length) bytes"'
                 % (data, name))


def d_pyfixture():
    kind = pick(["png", "jpeg", "pdf", "gif"])
    data = {"png": make_png, "jpeg": make_jpeg, "pdf": make_pdf, "gif": make_gif}[kind]()
    var = pick(["THUMB_FIXTURE", "NATIVE_PREVIEW", "COVER_PAGE", "SPACER"])
    return fence("python", "# tests/ediscovery/test_loadfile.py\nimport base64\n\n%s = base64.b64decode(\n    \"%s\"\n)\n\ndef test_native_preview_roundtrip(tmp_path):\n    p = tmp_path / \"%s\"\n    p.write_bytes(%s)\n    assert p.stat().st_size == %d"
                 % (var, b64(data), "preview." + ("jpg" if kind == "jpeg" else kind), var, len(data)))


def d_csp():
    mime, data = image_any(("png", "gif", "jpeg"))
    uri = "data:%s;base64,%s" % (mime, data)
    return ("%s\n`Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://%s.lexalpina.internal\".`"
            % (pick(["Chrome console on the new intake form:", "das chunnt im DevTools vom Intapp-Portal:", "错误信息：", "console du portail client :"]),
               trunc(uri, R.randint(60, 140)), pick(["cdn", "static", "intake"])))


def d_adaptive_card():
    data = b64(make_png())
    return fence("json", json.dumps({"type": "AdaptiveCard", "version": "1.5", "body": [
        {"type": "Image", "url": "data:image/png;base64," + data, "size": "Small"},
        {"type": "TextBlock", "text": pick(["Export %s finished" % pick(["VOL%03d" % R.randint(1, 99)]), "Conflict check cleared", "VPN certificate renewed", "New matter opened"]), "wrap": True}]}, indent=1))


def d_pipe_b64():
    kind = pick(["pdf", "png", "wav"])
    data = {"pdf": make_pdf, "png": make_png, "wav": make_wav}[kind]()
    out = {"pdf": "PDF document, version 1.%s" % data[7:8].decode(), "png": "PNG image data, %d x %d, 8-bit/color RGB%s, non-interlaced" % (
        struct.unpack(">II", data[16:24]) + ("A" if data[25] == 6 else "",)) if kind == "png" else "",
           "wav": "RIFF (little-endian) data, WAVE audio, Microsoft PCM, 8 bit, mono 8000 Hz"}[kind]
    fn = {"pdf": "cover.pdf", "png": "stamp.png", "wav": "ding.wav"}[kind]
    return fence("console", "$ echo '%s' | base64 -d > %s\n$ file %s\n%s: %s" % (b64(data), fn, fn, fn, out))


def d_mime_part():
    data = make_pdf() if R.random() < 0.6 else make_jpeg()
    is_pdf = data[:4] == b"%PDF"
    name = pick(["Engagement_Letter_draft.pdf", "Cover_Sheet.pdf", "Privilege_Log_v3.pdf"]) if is_pdf else pick(["scan_0001.jpg", "stamp.jpg"])
    body = "\n".join(lines_of(b64(data), 76))
    return ("%s\n" % pick(["raw MIME part from the .eml in the Nuix export (headers trimmed):", "aus dem EML-Export, nur de Anhang:",
                           "la pièce jointe telle qu'elle apparaît dans le .eml :"]) +
            fence("", "Content-Type: %s; name=\"%s\"\nContent-Disposition: attachment; filename=\"%s\"\nContent-Transfer-Encoding: base64\n\n%s"
                  % ("application/pdf" if is_pdf else "image/jpeg", name, name, body)))


def d_har():
    mime, data = image_any(("jpeg", "png", "webp"))
    return fence("json", '{\n  "response": {\n    "status": 200,\n    "content": {\n      "size": %d,\n      "mimeType": "%s",\n      "encoding": "base64",\n      "text": "%s"\n    }\n  },\n  "_resourceType": "image"\n}'
                 % (len(base64.b64decode(data)), mime, data))


def d_js_placeholder():
    mime, data = image_any(("webp", "png", "gif"))
    comp = pick(["MatterAvatar", "DocThumb", "CustodianCard", "WorkspaceTile"])
    return fence(pick(["tsx", "jsx"]), "export const %s = () => (\n  <Image\n    src={thumbUrl}\n    placeholder=\"blur\"\n    blurDataURL=\"data:%s;base64,%s\"\n    alt=\"\"\n  />\n);" % (comp, mime, data))


def d_email_template():
    data = b64(make_gif())
    return fence("html", "<!-- billing reminder template, %s -->\n<p>%s</p>\n<img src=\"data:image/gif;base64,%s\" width=\"1\" height=\"1\" alt=\"\">"
                 % (pick(["EN", "DE", "FR", "AR"]), pick(["Please find the attached statement for matter {{ matter_no }}.", "Anbei die Honorarnote zum Mandat {{ matter_no }}.",
                                                          "Veuillez trouver ci-joint la note d'honoraires.", "مرفق كشف الحساب الخاص بالقضية {{ matter_no }}."]), data))


def d_jupyter():
    data = b64(make_png(R.randint(2, 8), R.randint(2, 8)))
    return fence("json", json.dumps({"output_type": "display_data", "data": {"image/png": data, "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
                                     "metadata": {"needs_background": "light"}}, indent=1))


def d_csharp():
    kind = pick(["png", "ico", "gif"])
    data = {"png": make_png, "ico": make_ico, "gif": make_gif}[kind]()
    return fence("csharp", "namespace LegalOps.Tray.Resources\n{\n    internal static class EmbeddedIcons\n    {\n        // %s\n        internal const string %s =\n            \"%s\";\n    }\n}"
                 % (pick(["generated, do not edit", "VPN tray states", "MFA prompt icon"]), pick(["ConnectedPng", "DisconnectedIco", "WarningGif", "TrayBase64"]), b64(data)))


def d_audio():
    return fence("js", "// intake form: play a short ding when the conflict search returns\nconst ding = new Audio(\"data:audio/wav;base64,%s\");\nding.volume = 0.%d;" % (b64(make_wav()), R.randint(2, 8)))


def d_favicon():
    return "%s\n`<link rel=\"icon\" type=\"image/x-icon\" href=\"data:image/x-icon;base64,%s\">`" % (
        pick(["favicon for the status page, inline so it works without the CDN:", "Favicon fürs Statusboard:", "状态页 favicon："]), b64(make_ico()))


def d_sourcemap():
    return fence("js", "%s\n//# sourceMappingURL=data:application/json;base64,%s" % (
        pick(["\"use strict\";var a=function(t){return t.trim()};", "export{n as default};", "!function(){var e=0;}();"]), b64(make_sourcemap())))


def d_docx_log():
    data = b64(make_docx())
    return "`%s WARN  dms-upload  rejected inline payload for workspace %s: data:application/vnd.openxmlformats-officedocument.wordprocessingml.document;base64,%s`" % (
        ts_iso(), matter(), trunc(data, R.randint(80, 200)))


def d_svg_pct():
    svg = make_svg()
    if R.random() < 0.5:
        enc = svg.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace('"', "'")
        uri = "data:image/svg+xml," + enc
    else:
        uri = "data:image/svg+xml;utf8," + svg.replace('"', "'")
    return fence("css", ".vpn-state--%s { mask-image: url(\"%s\"); }" % (pick(["up", "down", "mfa-pending"]), uri))


def d_bmp_test():
    data = make_bmp()
    return fence("python", "def test_bmp_header():\n    raw = base64.b64decode(\"%s\")\n    assert raw[:2] == b\"BM\"\n    assert int.from_bytes(raw[2:6], \"little\") == %d" % (b64(data), len(data)))


def d_kotlin():
    mime, data = image_any(("png", "jpeg"))
    return fence("kotlin", "@Test\nfun `renders custodian avatar placeholder`() {\n    val uri = \"data:%s;base64,%s\"\n    assertThat(AvatarLoader.decode(uri)).isNotNull()\n}" % (mime, data))


def d_yaml():
    mime, data = image_any(("png", "gif"))
    return fence("yaml", "# values-%s.yaml\nportal:\n  title: \"%s\"\n  logo: \"data:%s;base64,%s\"\n  theme: %s" % (
        pick(OFFICE_LC), pick(["Client Portal", "Extranet", "Data Room"]), mime, data, pick(["light", "dark"])))


def d_arabic_intro():
    mime, data = image_any(("png", "jpeg", "gif"))
    return "%s\n`data:%s;base64,%s`" % (pick(["الشعار في التوقيع الجديد مضمن بهذا الشكل:", "هذه الصورة المصغرة من نظام إدارة المستندات:",
                                              "这是 DMS 生成的缩略图，直接贴出来了：", "c'est la miniature que renvoie l'API iManage :"]), mime, data)


def d_iframe_pdf():
    data = b64(make_pdf())
    return fence("html", "<iframe title=\"%s\" src=\"data:application/pdf;base64,%s\" width=\"100%%\" height=\"600\"></iframe>" % (
        pick(["cover preview", "privilege log preview", "Vorschau"]), data))


NEG_DATA_URI = [d_sig_html, d_css, d_md, d_relativity_json, d_powershell, d_pyfixture, d_csp, d_adaptive_card, d_pipe_b64,
                d_mime_part, d_har, d_js_placeholder, d_email_template, d_jupyter, d_csharp, d_audio, d_favicon, d_sourcemap,
                d_docx_log, d_svg_pct, d_bmp_test, d_kotlin, d_yaml, d_arabic_intro, d_iframe_pdf]


# ---- placeholder_example
def p_env_imanage():
    return fence("bash", "# .env.example for dms-sync (%s)\nIMANAGE_BASE_URL=https://imanage.lexalpina.internal\nIMANAGE_LIBRARY=%s\nIMANAGE_CLIENT_ID=<client-id>\nIMANAGE_CLIENT_SECRET=%s\nIMANAGE_SERVICE_PASSWORD=%s"
                 % (pick(OFFICES), pick(DMS_LIBS), pick(["<client-secret>", "${IMANAGE_CLIENT_SECRET}", "changeme", "YOUR_CLIENT_SECRET"]),
                    pick(["${IMANAGE_SERVICE_PASSWORD}", "<from Keeper>", "", "REPLACE_ME"])))


def p_vpn_howto():
    lang = R.randint(0, 3)
    gw = "vpn-%s.lexalpina.%s" % (pick(OFFICE_LC), pick(["ch", "com.sg", "ae"]))
    if lang == 0:
        return "VPN setup (%s):\n1. Portal: `%s`\n2. Username: `<your AD username>`\n3. Password: `<your AD password>`\n4. Approve the push in Authenticator (number matching)" % (pick(["GlobalProtect", "FortiClient", "AnyConnect"]), gw)
    if lang == 1:
        return "VPN iirichte:\n• Portal `%s`\n• Benutzer: `<AD-Benutzername>`\n• Passwort: `<dis AD-Passwort>` (nöd do inepaste!)\n• Denn d Push-Nachricht im Authenticator bestätige" % gw
    if lang == 2:
        return "Config VPN :\n- Passerelle : `%s`\n- Identifiant : `<identifiant AD>`\n- Mot de passe : `<votre mot de passe>`\n- Validez ensuite la notification MFA" % gw
    return "VPN 配置：\n- 网关：`%s`\n- 用户名：`<域账号>`\n- 密码：`<你的域密码>`\n- 然后在 Authenticator 里批准推送" % gw


def p_relativity_token():
    return fence("bash", "export RELATIVITY_HOST=https://%s.relativity.one\nexport RELATIVITY_API_TOKEN=%s\ncurl -s -H \"Authorization: Bearer $RELATIVITY_API_TOKEN\" \\\n  -H \"X-CSRF-Header: -\" \"$RELATIVITY_HOST/Relativity.REST/api/relativity-environment/v1/workspace/%d\""
                 % (pick(["lexalpina", "lexalpina-eu", "lexalpina-apac"]), pick(["YOUR_TOKEN_HERE", "<paste-token-here>", "xxxxxxxxxxxxxxxx", "$(cat ~/.relativity/token)"]), R.randint(1000000, 1999999)))


def p_gha():
    return fence("yaml", "- name: Push LEDES to e-billing\n  env:\n    EBILLING_USER: ${{ secrets.EBILLING_USER }}\n    EBILLING_PASSWORD: ${{ secrets.EBILLING_PASSWORD }}\n    ELITE_DB_CONN: ${{ secrets.%s }}\n  run: python -m ledes.upload --matter %s --period %s" % (
        pick(["ELITE_DB_CONN", "ELITE_CONN_STRING", "ELITE3E_SQL"]), matter(), date_iso()[:7]))


def p_helm():
    return fence("yaml", "intapp:\n  baseUrl: https://intapp.lexalpina.internal/%s\n  apiKey: {{ .Values.intapp.apiKey | quote }}\n  clientSecret: \"{{ .Values.intapp.clientSecret }}\"\n  existingSecret: intapp-%s-credentials" % (
        pick(["open", "conflicts", "intake"]), pick(OFFICE_LC)))


def p_ansible():
    return fence("yaml", "- name: configure IPsec tunnel %s <-> %s\n  fortios_vpn_ipsec_phase1_interface:\n    vpn_ipsec_phase1_interface:\n      name: \"%s-%s\"\n      psksecret: \"{{ vault_vpn_psk_%s }}\"\n      remote_gw: \"{{ hostvars['fw-%s']['wan_ip'] }}\"" % (
        tuple([a for a in [pick(OFFICES), pick(OFFICES)]]) + (pick(OFFICE_LC), pick(OFFICE_LC), pick(OFFICE_LC), pick(OFFICE_LC))))


def p_keyvault():
    return "App setting for the billing function:\n`Elite__SqlPassword = @Microsoft.KeyVault(SecretUri=https://kv-legalops-%s.vault.azure.net/secrets/%s/)`" % (
        pick(OFFICE_LC), pick(["elite-sql-password", "ledes-sftp-password", "intapp-client-secret", "relativity-api-token"]))


def p_1password():
    return pick(["use the reference, not the value: ", "Referenz statt Wert bitte: ", "utilise la référence : ", "请用引用："]) + \
        "`op://%s/%s/%s`" % (pick(["LegalOps", "IT-Infra", "eDiscovery", "Billing"]), pick(["Relativity svc", "Elite SQL", "SFTP vendor SG", "FortiGate DXB"]), pick(["password", "credential", "api-token", "psk"]))


def p_vendor_prefixes():
    return "For the matter-intake bot README, the env vars look like:\n" + fence("", "SLACK_BOT_TOKEN=%s\nSLACK_SIGNING_SECRET=%s\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nGITHUB_TOKEN=%s" % (
        pick(["xoxb-your-bot-token", "xoxb-...", "xoxb-xxxxxxxxxxxx-xxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx"]), pick(["<signing-secret>", "...", "xxxxxxxx"]),
        pick(["sk-...", "sk-proj-…", "sk-proj-XXXXXXXX"]), pick(["sk-ant-api03-...", "sk-ant-…", "sk-ant-api03-xxxxxxxx"]), pick(["ghp_XXXXXXXXXXXXXXXX", "github_pat_...", "ghp_…"])))


def p_aws_doc():
    return fence("ini", "# ~/.aws/credentials (from the AWS docs, replace before use)\n[ediscovery-export-%s]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % (
        pick(OFFICE_LC), pick(["eu-central-2", "ap-southeast-1", "me-central-1"])))


def p_masked_card():
    return pick(["Amex ending", "Visa ending", "Firmenkarte endet auf", "carte se terminant par", "尾号"]) + " " + pick(["•••• %04d", "**** **** **** %04d", "xxxx-xxxx-xxxx-%04d", "XXXX XXXX XXXX %04d"]) % R.randint(0, 9999) + \
        pick([" was declined for the %s renewal" % pick(["Relativity", "Westlaw", "Swisslex", "LexisNexis"]), " – Zahlung fehlgeschlagen", " refusée", " 的付款失败了"])


def p_masked_iban():
    cc = pick(["CH", "AE", "GB"])
    n = {"CH": 21, "AE": 23, "GB": 22}[cc]
    last = rs(4, DIG)
    masked = cc + "••" + "•" * (n - 8) + last
    return "%s %s" % (pick(["Vendor master shows IBAN", "Im Kreditorenstamm steht", "Le fournisseur a l'IBAN", "供应商 IBAN 显示为", "رقم الآيبان المسجل"]), group4(masked))


def p_masked_phone():
    return pick(["MFA phone on file: ", "Hinterlegti MFA-Nummer: ", "Numéro MFA : ", "MFA 手机号：", "رقم الهاتف للتحقق: "]) + pick(
        ["+41 XX XXX XX XX", "+41 •• ••• •• %02d" % R.randint(0, 99), "+65 XXXX XXXX", "+65 •••• ••%02d" % R.randint(0, 99), "+971 5X XXX XXXX", "+971 •• ••• ••%02d" % R.randint(0, 99), "0XX XXX XX XX"])


def p_sql_login():
    return fence("sql", "CREATE LOGIN [svc_%s] WITH PASSWORD = N'%s', CHECK_POLICY = ON;\nALTER ROLE db_datareader ADD MEMBER [svc_%s];" % (
        pick(["elite", "ledes", "conflicts", "dms"]), pick(["<strong-password-here>", "$(SvcPassword)", "{{ sql_password }}"]), pick(["elite", "ledes", "conflicts", "dms"])))


def p_connstr():
    return "`Server=%s;Database=%s;User Id=<user>;Password=<password>;Encrypt=True;TrustServerCertificate=False`" % (
        host(), pick(["Elite3E", "Conflicts", "IntakeDb", "TimeEntry"]))


def p_redacted_ticket():
    return pick(["Ticket summary:", "Zämefassig vom Ticket:", "Résumé du ticket :", "工单摘要：", "ملخص التذكرة:"]) + "\n" + "\n".join([
        "- %s %s" % (pick(["User", "Benutzer", "Utilisateur", "用户", "المستخدم"]), pick(["[REDACTED]", "<redacted>", "[entfernt]", "[masqué]", "***"])),
        "- pw: %s" % pick(["[REDACTED]", "******", "(sensitive value)", "[FILTERED]", "••••••••"]),
        "- IBAN: %s" % pick(["[REDACTED]", "[entfernt]", "[MASKED]", "***"]),
        "- %s: %s" % (pick(["matter", "Mandat", "dossier"]), matter())])


def p_defaults():
    return fence("yaml", "# docker-compose.override.yml – local Nuix worker test only\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: %s\n  queue:\n    image: rabbitmq:3-management\n    environment:\n      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest" % pick(["changeme", "postgres", "password", "example"]))


def p_jinja_temp_pw():
    return fence("jinja", pick([
        "Hello,\nyour temporary password is {{ temp_password }}. You will be asked to change it at first sign-in.",
        "Grüezi\nIhr temporäres Passwort lautet {{ temp_password }}. Bitte ändern Sie es bei der ersten Anmeldung.",
        "Bonjour,\nvotre mot de passe temporaire est {{ temp_password }}. Merci de le modifier à la première connexion.",
        "您好，\n您的临时密码是 {{ temp_password }}，首次登录时请修改。",
        "مرحباً،\nكلمة المرور المؤقتة الخاصة بك هي {{ temp_password }}. يرجى تغييرها عند أول تسجيل دخول."]) + "\n{# sent by %s #}" % pick(["mfa-reset", "onboarding-bot", "helpdesk-flow"]))


def p_terraform():
    return fence("hcl", "variable \"%s\" {\n  type      = string\n  sensitive = true\n}\n\nresource \"azurerm_virtual_network_gateway_connection\" \"%s_to_%s\" {\n  shared_key = var.%s\n}" % (
        ("vpn_psk_" + pick(OFFICE_LC),) + (pick(OFFICE_LC), pick(OFFICE_LC)) + ("vpn_psk",)))


def p_k8s_secret():
    return fence("yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ntype: Opaque\nstringData:\n  username: %s\n  password: <base64-or-plain-password>\n  token: \"${%s}\"" % (
        pick(["relativity-bridge", "ledes-uploader", "conflicts-sync"]), pick(["svc-rel", "svc-ledes", "svc-intapp"]), pick(["REL_TOKEN", "INTAPP_TOKEN", "LEDES_TOKEN"])))


def p_otpauth():
    return "%s `otpauth://totp/LexAlpina:%s?secret=%s&issuer=LexAlpina&digits=6`" % (
        pick(["QR payload format for the shared helpdesk TOTP (placeholder only):", "Format vom QR-Code:", "格式如下："]), pick(["helpdesk", "shared-mailbox", "break-glass"]), pick(["BASE32SECRET", "<BASE32_SECRET>", "JBSWY3DPEHPK3PXP"]))


def p_python_env():
    return fence("python", "client_secret = os.environ[\"%s\"]\npassword = getpass.getpass(\"%s\")\nif not client_secret:\n    raise SystemExit(\"set %s first\")" % (
        pick(["NETDOCS_CLIENT_SECRET", "IMANAGE_CLIENT_SECRET", "INTAPP_API_KEY"]), pick(["Relativity password: ", "Elite SQL password: ", "Passwort: "]), pick(["NETDOCS_CLIENT_SECRET", "the secret"])))


def p_pem_dots():
    kind = pick(["RSA ", "", "EC ", "OPENSSH "])
    return "paste the key like this (no spaces at the start of lines):\n" + fence("", "-----BEGIN %sPRIVATE KEY-----\n%s\n-----END %sPRIVATE KEY-----" % (
        kind, pick(["...", "<paste key here>", "MIIE...\n...\n...==", "(key body)"]), kind))


def p_jwt_trunc():
    return "%s `Authorization: Bearer %s`" % (pick(["header should look like", "de Header gseht so us:", "l'en-tête ressemble à :", "请求头应该是"]),
                                             pick(["<jwt>", "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ…", "eyJ0eXAiOi…", "<access_token>", "{{ id_token }}"]))


def p_ssn_mask():
    return pick(["US intake form: SSN field shows ", "W-9 preview: TIN ", "Formular zeigt SSN "]) + pick(["XXX-XX-XXXX", "***-**-%04d" % R.randint(0, 9999), "•••-••-%04d" % R.randint(0, 9999), "___-__-____"])


def p_ai_pilot():
    return fence("toml", "[contract_review]\nprovider = \"%s\"\napi_key = \"%s\"\nmodel = \"%s\"\nmax_docs_per_matter = %d" % (
        pick(["anthropic", "openai"]), pick(["${CONTRACT_REVIEW_API_KEY}", "sk-ant-api03-...", "sk-proj-...", "<set in vault>"]), pick(["review-large", "review-small", "default"]), R.randint(50, 5000)))


def p_ps_secure():
    return fence("powershell", "$cred = Get-Credential -Message \"%s\"\n$pw = Read-Host -AsSecureString \"%s\"\nSet-ADAccountPassword -Identity svc_%s -NewPassword $pw -Reset" % (
        pick(["Service account for DMS", "Konto für Elite", "Compte de service"]), pick(["New password", "Neues Passwort", "Nouveau mot de passe"]), pick(["dms", "elite", "scan", "nuix"])))


def p_arabic_ph():
    return pick(["كلمة المرور: <كلمة المرور الخاصة بك>", "اسم المستخدم: <اسم المستخدم>\nكلمة المرور: ********", "رمز الوصول: YOUR_TOKEN_HERE"]) + "\n" + pick(["(مثال فقط)", "لا تشارك القيمة الحقيقية هنا", ""])


NEG_PLACEHOLDER = [p_env_imanage, p_vpn_howto, p_relativity_token, p_gha, p_helm, p_ansible, p_keyvault, p_1password, p_vendor_prefixes,
                   p_aws_doc, p_masked_card, p_masked_iban, p_masked_phone, p_sql_login, p_connstr, p_redacted_ticket, p_defaults,
                   p_jinja_temp_pw, p_terraform, p_k8s_secret, p_otpauth, p_python_env, p_pem_dots, p_jwt_trunc, p_ssn_mask,
                   p_ai_pilot, p_ps_secure, p_arabic_ph]


# ---- code_identifier
IDW = ["Matter", "Conflict", "Billing", "Invoice", "Ledes", "Export", "Bates", "Custodian", "Password", "Token", "Secret", "Iban",
       "Phone", "Email", "Mfa", "Vpn", "Credential", "Workspace", "Document", "Privilege", "Redaction", "Production", "Hash",
       "Timekeeper", "Retention", "Hold", "Signing", "Session", "Refresh", "Rotation", "Vault", "Cipher", "Party", "Ledger",
       "Trust", "Escrow", "Intake", "Ssn", "Card", "Totp"]


def camel(n, lower=False):
    s = "".join(pick(IDW) for _ in range(n))
    return s[0].lower() + s[1:] if lower else s


def snake(n):
    return "_".join(pick(IDW).lower() for _ in range(n))


def c_java_trace():
    pk = pick(["dms", "billing", "conflicts", "ediscovery", "mfa"])
    lines = ["%s ERROR [%s] ch.lexalpina.legalops.%s.%s - %s" % (ts_iso(), pick(["main", "sync-worker-3", "ledes-exporter", "pool-2-thread-1"]), pk, camel(3),
                                                               pick(["workspace sync failed", "could not resolve credential provider", "export aborted"])),
             "ch.lexalpina.legalops.%s.%sException: %s" % (pk, camel(2), pick(["token refresh rejected by upstream", "password policy evaluation failed", "IBAN validator not registered"]))]
    for _ in range(R.randint(5, 16)):
        lines.append("\tat ch.lexalpina.legalops.%s.%s.%s(%s.java:%d)" % (pick(["dms", "billing", "conflicts", "ediscovery", "mfa", "common"]), camel(3), camel(3, True), camel(2), R.randint(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("", "\n".join(lines))


def c_csharp_class():
    cls = camel(3)
    return fence("csharp", "namespace LexAlpina.%s.%s\n{\n    public sealed class %s : I%s\n    {\n        private readonly I%s _%s;\n        public Task<%sResult> %sAsync(%sRequest request, CancellationToken ct) => throw new NotImplementedException();\n    }\n}" % (
        pick(["Elite", "Intapp", "IManage", "Relativity"]), pick(["Billing", "Conflicts", "Sync", "Export"]), cls, camel(2), camel(2), camel(2, True), camel(2), camel(3), camel(2)))


def c_powershell_cmdlets():
    return fence("powershell", pick([
        "Get-MgUserAuthenticationPhoneMethod -UserId $upn\nGet-MgUserAuthenticationMicrosoftAuthenticatorMethod -UserId $upn\nRemove-MgUserAuthenticationPhoneMethod -UserId $upn -PhoneAuthenticationMethodId $methodId",
        "Get-ADUser -Filter 'Enabled -eq $true' -SearchBase \"OU=%s,OU=Offices,DC=lexalpina,DC=local\" -Properties PasswordLastSet,PasswordNeverExpires,msDS-UserPasswordExpiryTimeComputed |\n  Select-Object SamAccountName,PasswordLastSet" % pick(OFFICES),
        "Get-MgPolicyAuthenticationMethodPolicyAuthenticationMethodConfiguration -AuthenticationMethodConfigurationId TemporaryAccessPass\nUpdate-MgPolicyAuthenticationMethodPolicyAuthenticationMethodConfiguration -AuthenticationMethodConfigurationId Fido2 -BodyParameter $params",
        "Get-ADFineGrainedPasswordPolicy -Filter * | ft Name,MinPasswordLength,LockoutThreshold\nGet-ADServiceAccount -Filter * -Properties PrincipalsAllowedToRetrieveManagedPassword",
        "Set-ADAccountControl -Identity $sam -PasswordNotRequired $false\nSearch-ADAccount -PasswordExpired -UsersOnly -SearchBase \"OU=%s,DC=lexalpina,DC=local\"" % pick(OFFICES)]))


def c_sql_ddl():
    cols = ["matter_number varchar(10) not null", "party_iban_hash char(64)", "party_iban_last_four char(4)", "contact_phone_e164_normalized_hash char(64)",
            "password_reset_token_expires_at timestamptz", "mfa_totp_secret_ref varchar(128)", "card_pan_last4 char(4)", "ssn_present boolean default false",
            "custodian_email_domain varchar(255)", "conflict_hit_score numeric(5,2)", "api_token_fingerprint char(16)", "privilege_log_entry_id bigint"]
    R.shuffle(cols)
    return fence("sql", "CREATE TABLE %s.%s (\n  id bigserial primary key,\n  %s\n);" % (pick(["conflicts", "intake", "billing", "ediscovery"]), snake(2), ",\n  ".join(cols[:R.randint(4, 8)])))


def c_ts_interface():
    fields = ["clientIbanLastFour", "partyPhoneCountryCode", "requiresPasswordProtectedExport", "mfaMethodPreference", "custodianEmailDomain",
              "refreshTokenExpiresAt", "ssnRedactionRequired", "cardOnFileBrand", "vpnProfileName", "batesPrefix", "ledesTimekeeperId", camel(3, True)]
    R.shuffle(fields)
    return fence("ts", "export interface %s {\n%s\n}" % (camel(3), "\n".join("  %s%s: %s;" % (f, pick(["", "?"]), pick(["string", "boolean", "number", "Date | null"])) for f in fields[:R.randint(4, 9)])))


def c_python_funcs():
    return fence("python", "\n\n".join("def %s(%s) -> %s:\n    ..." % (snake(R.randint(3, 5)), pick(["raw: str", "matter_no: str, *, strict: bool = True", "export_id: UUID", "row: dict[str, str]"]), pick(["str", "bool", "None", "list[str]"])) for _ in range(R.randint(2, 4))))


def c_kubectl():
    rows = ["NAME                                          READY   STATUS    RESTARTS   AGE"]
    for _ in range(R.randint(3, 8)):
        name = "%s-%s-%s" % (pick(["relativity-export-worker", "dms-sync", "ledes-uploader", "conflicts-api", "mfa-reset-bot", "vpn-cert-renewer"]), hx(R.choice([9, 10])), rs(5, "bcdfghjklmnpqrstvwxz2456789"))
        rows.append("%-45s %s   %-9s %-10d %dd" % (name, pick(["1/1", "2/2", "0/1"]), pick(["Running", "Running", "CrashLoopBackOff", "Pending"]), R.randint(0, 14), R.randint(1, 90)))
    return fence("console", "$ kubectl -n legalops-%s get pods\n" % pick(OFFICE_LC) + "\n".join(rows))


def c_terraform_addr():
    addrs = ["module.vpn_%s.azurerm_virtual_network_gateway_connection.%s_ipsec_psk" % (pick(OFFICE_LC), pick(OFFICE_LC)),
             "module.keyvault.azurerm_key_vault_secret.elite_sql_password",
             "module.entra.azuread_conditional_access_policy.require_mfa_outside_trusted_locations",
             "module.dms.azurerm_storage_account.imanage_backup_%s" % pick(OFFICE_LC),
             "aws_s3_bucket_policy.ediscovery_exports_deny_unencrypted",
             "aws_iam_access_key.relativity_export_writer",
             "module.secrets.aws_secretsmanager_secret_rotation.ledes_sftp_password"]
    R.shuffle(addrs)
    return fence("", "\n".join("  # %s will be %s" % (a, pick(["updated in-place", "created", "destroyed", "replaced"])) for a in addrs[:R.randint(2, 5)]) + "\nPlan: %d to add, %d to change, %d to destroy." % (R.randint(0, 3), R.randint(0, 4), R.randint(0, 2)))


def c_webpack():
    return fence("", "\n".join("%-52s %6.1f kB" % ("static/js/%s.%s.chunk.js" % (pick(["matter-intake", "conflict-search", "ledes-preview", "mfa-enroll", "vpn-status", "bates-viewer"]), hx(8)), R.uniform(2, 300)) for _ in range(R.randint(3, 7))))


def c_go_panic():
    return fence("", "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]\n\ngoroutine %d [running]:\ngithub.com/lexalpina/ediscovery-exporter/internal/loadfile.(*DatWriter).Write%s(0x0, {0xc%09x, 0x%x})\n\t/src/internal/loadfile/dat.go:%d +0x%x\ngithub.com/lexalpina/ediscovery-exporter/internal/export.(*%s).Run(0xc%09x)\n\t/src/internal/export/run.go:%d +0x%x" % (
        R.randint(0x10, 0x80), R.randint(0x400000, 0x9fffff), R.randint(1, 300), camel(2), R.getrandbits(36), R.randint(1, 99), R.randint(10, 400), R.randint(0x10, 0xfff), camel(2), R.getrandbits(36), R.randint(10, 300), R.randint(0x10, 0xfff)))


def c_dotnet_trace():
    lines = ["System.InvalidOperationException: %s" % pick(["Sequence contains no elements", "The credential provider returned no token.", "Unable to resolve service for type 'IPasswordPolicyEvaluator'"])]
    for _ in range(R.randint(4, 12)):
        lines.append("   at Intapp.Open.%s.%s.%s(%s %s) in D:\\a\\1\\s\\src\\%s.cs:line %d" % (pick(["Conflicts", "Intake", "Walls", "Time"]), camel(2), camel(3), camel(2), camel(1, True), camel(2), R.randint(10, 700)))
    return fence("", "\n".join(lines))


def c_feature_flags():
    flags = ["billing.ledes.enable_password_protected_invoice_pdf", "dms.export.require_mfa_step_up", "conflicts.intake.mask_party_iban_in_ui",
             "vpn.split_tunnel.allow_teams_media", "ediscovery.export.strip_custodian_email_domain", "mfa.enrollment.block_sms_fallback",
             "intake.ui.show_phone_country_picker", "dms.sync.rotate_refresh_token_on_401", "billing.card_on_file.tokenize_only"]
    R.shuffle(flags)
    return fence("json", json.dumps({f: pick([True, False, {"rollout": R.randint(0, 100)}]) for f in flags[:R.randint(3, 6)]}, indent=2))


def c_cpp_mangled():
    names = ["_ZN6pdfium%d%s%d%sEv" % (len("Page"), "Page", len("RenderWatermark"), "RenderWatermark"),
             "_ZN10LexAlpina%d%sC2ERKSt6vectorIiSaIiEE" % (len("BatesStamper"), "BatesStamper"),
             "_ZNK4nuix%d%s%d%sEPKcm" % (len("HashIndex"), "HashIndex", len("lookupMd5"), "lookupMd5"),
             "_ZN7ocrlite%d%s%d%sERKNS_5ImageE" % (len("Engine"), "Engine", len("recognizePage"), "recognizePage")]
    R.shuffle(names)
    return fence("", "#0  0x%016x in %s ()\n#1  0x%016x in %s ()\n#2  0x%016x in start_thread () from /lib/x86_64-linux-gnu/libc.so.6" % (
        R.getrandbits(44), names[0], R.getrandbits(44), names[1], R.getrandbits(44)))


def c_graphql():
    return fence("graphql", "type %s {\n  matterNumber: String!\n  %s: String\n  %s: Boolean!\n  %s: [%s!]!\n}\n\nmutation %s($input: %sInput!) {\n  %s(input: $input) { ok }\n}" % (
        camel(2), camel(3, True), camel(2, True), camel(2, True), camel(2), camel(3), camel(2), camel(3, True)))


def c_kotlin():
    return fence("kotlin", "data class %s(\n    val matterNumber: String,\n    val %s: String?,\n    val %s: Boolean = false,\n)\n\nfun %s.%s(): %s = copy(%s = null)" % (
        camel(2), camel(3, True), camel(2, True), camel(2), camel(3, True), camel(2), camel(2, True)))


def c_rust():
    return fence("", "thread 'main' panicked at src/%s.rs:%d:%d:\n%s\nstack backtrace:\n   0: ledes_export::%s::%s::h%s\n   1: ledes_export::%s::h%s\n   2: core::ops::function::FnOnce::call_once::h%s" % (
        pick(["ledes", "utbms", "invoice"]), R.randint(10, 400), R.randint(1, 60), pick(["called `Option::unwrap()` on a `None` value", "invalid UTBMS task code"]), snake(2), snake(3), hx(16), snake(2), hx(16), hx(16)))


def c_css_modules():
    return "%s\n`%s`" % (pick(["the class names are hashed, don't target them in the e2e test:", "d Klassenamä sind ghasht:", "les classes sont hashées :"]),
                         " ".join(pick(["MatterCard_ibanField__%s", "ConflictHit_row__%s", "MfaPrompt_code__%s", "css-%s", "sc-%s", "PhoneInput_country__%s"]) % rs(5, B62) for _ in range(R.randint(3, 6))))


def c_angular_vue():
    return fence("html", "<div _ngcontent-ng-c%d class=\"custodian-row\" data-v-%s>\n  <span _ngcontent-ng-c%d class=\"%s\">{{ row.%s }}</span>\n</div>" % (
        R.randint(10 ** 9, 4 * 10 ** 9), hx(8), R.randint(10 ** 9, 4 * 10 ** 9), pick(["masked-iban", "phone-e164", "email-domain", "bates-range"]), camel(2, True)))


def c_entra_roles():
    roles = ["Conflicts.ReadWrite.All", "Matters.Read.Office", "Billing.Ledes.Export", "Dms.Workspace.Admin", "Mfa.Reset.Helpdesk",
             "Vpn.Profile.Assign", "Ediscovery.Export.Approve", "Secrets.Rotate.ServiceAccounts"]
    R.shuffle(roles)
    return fence("json", json.dumps([{"allowedMemberTypes": ["Application"], "value": r, "id": guid(), "isEnabled": True} for r in roles[:R.randint(2, 4)]], indent=2))


def c_proto():
    return fence("proto", "service %sService {\n  rpc %s(%sRequest) returns (%sResponse);\n  rpc %s(%sRequest) returns (stream %s);\n}" % (
        camel(2), camel(3), camel(2), camel(2), camel(3), camel(2), camel(2)))


def c_logger_names():
    return fence("", "\n".join("%s %-5s %s - %s" % (ts_iso(), pick(["INFO", "WARN", "DEBUG"]), "ch.lexalpina.%s.%s" % (pick(["vpn", "mfa", "dms", "billing"]), camel(3)),
                                                     pick(["rotation scheduled", "cache warmed", "policy loaded", "retry 1/3"])) for _ in range(R.randint(3, 7))))


def c_winevent():
    return fence("", "EventID: %s\nProvider: Microsoft-Windows-Security-Auditing\nTask: %s\nKeywords: Audit %s\nFields: SubjectUserSid, SubjectLogonId, TargetUserName, TargetDomainName, PrivilegeList" % (
        pick(["4723", "4724", "4738", "4740", "4767"]), pick(["User Account Management", "Credential Validation"]), pick(["Success", "Failure"])))


def c_relativity_fields():
    fields = ["Custodian::PrimaryEmailDomain", "Document::ContainsIbanFlag", "Document::ContainsPhoneNumberFlag", "Document::PrivilegeDesignation",
              "Document::PasswordProtectedNative", "Document::ExtractedTextSize", "Production::BatesBeg", "Production::BatesEnd", "Document::MD5Hash",
              "Document::SsnDetectorHitCount", "Document::CardNumberDetectorHitCount"]
    R.shuffle(fields)
    return "%s\n%s" % (pick(["fields we map in the export profile:", "Fälder im Export-Profil:", "导出配置里的字段："]), "\n".join("• `%s`" % f for f in fields[:R.randint(3, 7)]))


NEG_CODE = [c_java_trace, c_csharp_class, c_powershell_cmdlets, c_sql_ddl, c_ts_interface, c_python_funcs, c_kubectl, c_terraform_addr, c_webpack,
            c_go_panic, c_dotnet_trace, c_feature_flags, c_cpp_mangled, c_graphql, c_kotlin, c_rust, c_css_modules, c_angular_vue,
            c_entra_roles, c_proto, c_logger_names, c_winevent, c_relativity_fields]


# ---- non_credential_blob
def b_dat_loadfile():
    pfx = pick(BATES_PFX)
    start = R.randint(1, 4000000)
    hdr = "þBEGDOCþ\x14þENDDOCþ\x14þCUSTODIANþ\x14þMD5HASHþ\x14þSHA1HASHþ\x14þNATIVEPATHþ"
    rows = [hdr]
    for i in range(R.randint(2, 6)):
        b = start + i * R.randint(1, 30)
        rows.append("þ%sþ\x14þ%sþ\x14þ%sþ\x14þ%sþ\x14þ%sþ\x14þNATIVES\\%03d\\%s.%sþ" % (
            bates(pfx, b), bates(pfx, b + R.randint(0, 20)), pick(["Finance", "Board", "Legal-Dept", "Ops-DXB", "Treasury-SG"]), hx(32).upper(), hx(40).upper(),
            R.randint(1, 40), bates(pfx, b), pick(["msg", "docx", "xlsx", "pdf"])))
    return "%s\n%s" % (pick(["first rows of the DAT for the production volume:", "d DAT-Datei vom Export, erschti Zeile:", "début du fichier DAT :", "DAT 文件前几行："]), fence("", "\n".join(rows)))


def b_git_log():
    lines = []
    for _ in range(R.randint(3, 8)):
        lines.append("%s %s" % (hx(pick([7, 9, 40])), pick(["ledes: fix UTBMS task code mapping", "dms-sync: retry on 429", "vpn: bump cert renewer", "conflicts: index party aliases",
                                                           "export: write OPT after DAT", "mfa-bot: handle TAP expiry", "ci: pin python 3.12"])))
    return fence("console", "$ git log --oneline -n %d\n" % len(lines) + "\n".join(lines))


def b_docker_digest():
    return fence("", "\n".join("%s/%s@sha256:%s" % (pick(["acrlegalops.azurecr.io", "ghcr.io/lexalpina"]), pick(["relativity-export-worker", "dms-sync", "ledes-uploader", "ocr-lite", "conflicts-api"]), hx(64)) for _ in range(R.randint(1, 4))))


def b_cert_thumb():
    return "%s\n`Thumbprint: %s`\n`SHA256 Fingerprint: %s`" % (pick(["new VPN gateway cert is live, pin these:", "s neue Zertifikat fürs VPN:", "nouveau certificat de la passerelle :", "新的VPN证书指纹："]),
                                                             HX(40), ":".join(HX(2) for _ in range(32)))


def b_ssh_fp():
    return fence("console", "$ ssh-keyscan -t ed25519 sftp.%s | ssh-keygen -lf -\n256 SHA256:%s sftp.%s (ED25519)" % (
        pick(["discovery-vendor.sg", "ebilling-portal.ae", "lexalpina.ch"]), b64(rbytes(32)).rstrip("="), pick(["discovery-vendor.sg", "ebilling-portal.ae", "lexalpina.ch"])))


def b_ssh_pub():
    blob = ssh_str(b"ssh-ed25519") + ssh_str(rbytes(32))
    return "%s\n`ssh-ed25519 %s %s`" % (pick(["public key for the vendor allowlist (public half only):", "Public Key für de Vendor:", "clé publique à transmettre :", "公钥如下："]),
                                        b64(blob), pick(["ediscovery-export", "ledes-upload", "dms-backup"]))


def b_signin_log():
    return fence("json", json.dumps({"createdDateTime": ts_iso(), "appDisplayName": pick(["GlobalProtect", "Intapp Open", "iManage Work", "RelativityOne"]),
                                     "correlationId": guid(), "id": guid(), "status": {"errorCode": pick([0, 50074, 50076, 500121]), "additionalDetails": pick(["MFA completed in Azure AD", "User did not pass the MFA challenge", "Strong Authentication is required."])},
                                     "conditionalAccessStatus": pick(["success", "failure", "notApplied"]), "location": {"city": pick(["Zurich", "Geneva", "Singapore", "Dubai", "Abu Dhabi"])}}, indent=2))


def b_imanage_ids():
    return "%s\n%s" % (pick(["docs moved to the new workspace:", "verschobeni Dokument:", "documents déplacés :"]),
                       "\n".join("- %s!%d.%d  (workspace %s, id %s)" % (pick(DMS_LIBS), R.randint(1000000, 5999999), R.randint(1, 12), matter(), guid()) for _ in range(R.randint(2, 5))))


def b_integrity():
    return fence("", "\n".join(pick([
        "\"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n\"integrity\": \"sha512-%s\"" % ((lambda n: (n, n))(pick(["pdfjs-dist", "date-fns", "libphonenumber-js", "iban"])) + (R.randint(1, 9), R.randint(0, 30), R.randint(0, 20), b64(rbytes(64)))),
        "%s==%d.%d.%d --hash=sha256:%s" % (pick(["pypdf", "python-docx", "msal", "pyodbc"]), R.randint(1, 9), R.randint(0, 30), R.randint(0, 9), hx(64)),
        "%s v%d.%d.%d h1:%s" % (pick(["github.com/xuri/excelize/v2", "golang.org/x/crypto", "github.com/pkg/sftp"]), R.randint(0, 2), R.randint(0, 30), R.randint(0, 9), b64(rbytes(32)))]) for _ in range(R.randint(1, 3))))


def b_duo_okta():
    return fence("json", json.dumps({"txid": guid(), "event_type": pick(["authentication", "enrollment"]), "result": pick(["SUCCESS", "DENIED", "FRAUD"]),
                                     "factor": pick(["duo_push", "verified_duo_push", "hardware_token", "phone_call"]), "application": {"key": "DI" + rs(18, DIG + UP)},
                                     "uuid": guid(), "eventId": rs(20, B62)}, indent=2))


def b_bitlocker():
    return "%s `%s` %s" % (pick(["BitLocker key *ID* for the returned laptop (just the ID, recovery key stays in Entra):", "BitLocker Schlüssel-ID:", "ID de clé BitLocker :", "BitLocker 密钥 ID："]),
                           "{%s}" % guid().upper(), pick(["", "– device %s" % guid()]))


def b_intune():
    return fence("", "\n".join("%s  %s  %s  %s" % (guid(), pick(["LT-ZRH", "LT-GVA", "LT-SIN", "LT-DXB"]) + "-" + rs(4, DIG + UP), pick(["Compliant", "Noncompliant", "InGracePeriod"]), date_iso()) for _ in range(R.randint(2, 6))))


def b_sops():
    return fence("yaml", "vpn:\n  psk: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n  lastmodified: \"%s\"\n  mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n  version: 3.9.%d" % (
        b64(rbytes(R.randint(12, 32))), b64(rbytes(32)), b64(rbytes(16)), ts_iso()[:19] + "Z", b64(rbytes(32)), b64(rbytes(32)), b64(rbytes(16)), R.randint(0, 4)))


def b_s3_ls():
    rows = []
    for _ in range(R.randint(3, 7)):
        rows.append("%s %02d:%02d:%02d %12d exports/%s/VOL%03d/%s.zip" % (date_iso(), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(10 ** 5, 10 ** 10), matter(), R.randint(1, 60), hx(12)))
    return fence("console", "$ aws s3 ls s3://lexalpina-ediscovery-exports-%s/exports/ --recursive\n" % pick(["eu", "apac", "me"]) + "\n".join(rows))


def b_etag():
    return fence("", "HTTP/1.1 200 OK\nContent-Type: application/zip\nETag: \"%s%s\"\nx-amz-request-id: %s\nx-amz-id-2: %s\nx-amz-server-side-encryption: aws:kms" % (
        hx(32), pick(["", "-%d" % R.randint(2, 80)]), HX(16), b64(rbytes(48))))


def b_b64_text():
    plain = pick(["matter=%s;export=natives+text;dedupe=global" % matter(), "volume VOL%03d ready for QC" % R.randint(1, 99), "office=%s;profile=split-tunnel" % pick(OFFICES),
                  "Deckblatt Mandat %s" % matter(), "dossier %s : prêt pour revue" % matter()])
    return "%s `%s`" % (pick(["the export job id is just base64 of the params:", "d Job-ID isch nur base64 vo de Parameter:", "l'identifiant est juste du base64 :"]), b64(plain.encode()))


def b_cursor():
    cur = b64(json.dumps({"id": R.randint(10 ** 6, 10 ** 7), "ts": R.randint(1735689600, 1767225600), "dir": "next"}, separators=(",", ":")).encode())
    return "%s `?cursor=%s&limit=%d`" % (pick(["the DMS search paginates with an opaque cursor:", "Paginierig mit Cursor:", "分页游标："]), cur, pick([50, 100, 200]))


def b_traceparent():
    return fence("", "traceparent: 00-%s-%s-01\nx-request-id: %s\nx-ms-correlation-request-id: %s" % (hx(32), hx(16), hx(32), guid()))


def b_hashlist():
    rows = ["path,size,sha256"]
    for _ in range(R.randint(3, 8)):
        rows.append("NATIVES/%03d/%s.%s,%d,%s" % (R.randint(1, 40), bates(), pick(["pdf", "msg", "xlsx"]), R.randint(1000, 5999999), hx(64)))
    return "%s\n%s" % (pick(["hash list for the production we sent to opposing counsel:", "Hashliste für d Produktion:", "liste des empreintes :", "哈希清单："]), fence("csv", "\n".join(rows)))


def b_saml():
    return fence("xml", "<samlp:Response ID=\"_%s\" InResponseTo=\"_%s\" Version=\"2.0\" IssueInstant=\"%s\">\n  <saml:Assertion ID=\"_%s\">\n    <ds:DigestValue>%s</ds:DigestValue>\n  </saml:Assertion>\n</samlp:Response>" % (
        hx(32), hx(32), ts_iso()[:19] + "Z", guid(), b64(rbytes(32))))


def b_pgp_fp():
    fp = HX(40)
    return "%s `%s`" % (pick(["fingerprint of the public PGP key for encrypted productions:", "PGP-Fingerprint (public):", "empreinte de la clé publique PGP :"]), " ".join(fp[i:i + 4] for i in range(0, 40, 4)))


def b_sentry():
    return "%s `%s` / release `%s@%s`" % (pick(["Sentry event", "Sentry-Event", "événement Sentry"]), hx(32), pick(["matter-intake", "ledes-preview", "mfa-bot"]), hx(12))


def b_ci_ids():
    return "%s %s" % (pick(["pipeline", "build", "Build"]), pick(["#%d" % R.randint(1000, 99999), "run %s" % guid(), "job %s" % hx(24)])) + " " + pick(["failed on the PDF render step", "is green now", "isch grüen", "已通过"])


def b_relativity_guid():
    return fence("json", json.dumps({"WorkspaceGuid": guid(), "ArtifactID": R.randint(1000000, 1999999), "ProductionSetArtifactID": R.randint(1000000, 1999999),
                                     "ExportBatchGuid": guid(), "Hash": hx(40)}, indent=2))


def b_hex_colors():
    return "%s %s" % (pick(["brand palette for the client portal:", "Farbpalette:", "palette :", "配色："]), ", ".join("#" + hx(6) for _ in range(R.randint(4, 9))))


def b_arabic_hash():
    return "%s\n`%s`" % (pick(["بصمة الملف بعد التصدير (SHA-256):", "قيمة التجزئة للمستند:", "导出文件的 SHA-256：", "empreinte du fichier exporté :"]), hx(64))


NEG_BLOB = [b_dat_loadfile, b_git_log, b_docker_digest, b_cert_thumb, b_ssh_fp, b_ssh_pub, b_signin_log, b_imanage_ids, b_integrity, b_duo_okta,
            b_bitlocker, b_intune, b_sops, b_s3_ls, b_etag, b_b64_text, b_cursor, b_traceparent, b_hashlist, b_saml, b_pgp_fp, b_sentry,
            b_ci_ids, b_relativity_guid, b_hex_colors, b_arabic_hash]


# ---- pii_lookalike_number
def uid_che():
    while True:
        d = [R.randint(0, 9) for _ in range(8)]
        w = [5, 4, 3, 2, 7, 6, 5, 4]
        c = 11 - sum(a * b for a, b in zip(d, w)) % 11
        if c == 10:
            continue
        c = 0 if c == 11 else c
        s = "".join(map(str, d)) + str(c)
        return "CHE-%s.%s.%s" % (s[:3], s[3:6], s[6:])


def n_matters():
    return pick(["new matters opened this week:", "neui Mandat die Wuche:", "nouveaux dossiers :", "本周新案件：", "القضايا الجديدة:"]) + "\n" + "\n".join(
        "• %s – %s" % (matter(), pick(["arbitration (ICC)", "Schiedsverfahren", "contentieux", "DIFC litigation", "SIAC arbitration", "M&A due diligence", "regulatory inquiry"])) for _ in range(R.randint(2, 6)))


def n_bates_range():
    p = pick(BATES_PFX)
    a = R.randint(1, 3000000)
    b = a + R.randint(10, 90000)
    return "%s %s – %s (%s docs, %s pages)" % (pick(["Production VOL%03d covers" % R.randint(1, 60), "Produktion umfasst", "La production couvre", "本次出证范围"]),
                                               bates(p, a), bates(p, b), "{:,}".format(R.randint(100, 90000)).replace(",", pick([",", "'", " "])), "{:,}".format(R.randint(1000, 900000)))


def n_ledes():
    rows = ["LEDES1998B[]", "INVOICE_DATE|INVOICE_NUMBER|CLIENT_ID|LAW_FIRM_MATTER_ID|INVOICE_TOTAL|LINE_ITEM_NUMBER|EXP/FEE/INV_ADJ_TYPE|LINE_ITEM_NUMBER_OF_UNITS|LINE_ITEM_TASK_CODE|LINE_ITEM_ACTIVITY_CODE|TIMEKEEPER_ID|LINE_ITEM_UNIT_COST|LINE_ITEM_TOTAL[]"]
    inv = inv_no()
    m = matter()
    for i in range(R.randint(2, 6)):
        units = R.choice([0.1, 0.3, 0.5, 1.2, 2.4, 3.0])
        rate = R.choice([450, 520, 680, 790, 950])
        rows.append("%s|%s|C%05d|%s|%.2f|%d|F|%.1f|L%d|A1%02d|TK%04d|%d.00|%.2f[]" % (date_iso().replace("-", ""), inv, R.randint(1, 99999), m, R.uniform(1000, 90000), i + 1, units,
                                                                                    pick([110, 120, 130, 210, 310]), R.randint(1, 10), R.randint(1, 9999), rate, units * rate))
    return fence("", "\n".join(rows))


def n_amounts():
    return pick(["WIP vs billed, Q%d:" % R.randint(1, 4), "Honorarstand:", "Encours :", "账单汇总：", "ملخص الفواتير:"]) + "\n" + "\n".join(
        "- %s: %s" % (pick(OFFICES), money()) for _ in range(R.randint(2, 5)))


def n_company_ids():
    return "%s\n- UID %s\n- UEN %d%05d%s\n- TRN %s" % (pick(["entity ids for the conflict check (companies only):", "Firmen-IDs für de Conflict Check:", "identifiants des sociétés :", "公司注册号："]),
                                                      uid_che(), R.randint(2000, 2025), R.randint(0, 99999), pick(UP), "100" + rs(12, DIG))


def n_dates():
    return pick(["hearing dates:", "Verhandligstermin:", "audiences :", "开庭日期：", "مواعيد الجلسات:"]) + " " + ", ".join(
        pick([date_ch(), date_iso(), "%d年%d月%d日" % (R.randint(2025, 2026), R.randint(1, 12), R.randint(1, 28)),
              "".join("٠١٢٣٤٥٦٧٨٩"[int(c)] if c.isdigit() else c for c in "%02d/%02d/%d" % (R.randint(1, 28), R.randint(1, 12), R.randint(2025, 2026)))]) for _ in range(R.randint(2, 4)))


def n_win_builds():
    return "%s %s, %s, %s" % (pick(["VPN client needs at least", "Mindestversion:", "version minimale :"]), "10.0.%d.%d" % (R.randint(19041, 26100), R.randint(1000, 6000)),
                              "KB%d" % R.randint(5000000, 5059999), "GlobalProtect %d.%d.%d-%d" % (R.randint(5, 6), R.randint(0, 3), R.randint(0, 9), R.randint(1, 99)))


def n_tickets():
    return pick(["linked tickets:", "verknüpfti Tickets:", "tickets liés :", "相关工单："]) + " " + ", ".join(
        pick(["INC%07d", "RITM%07d", "CHG%07d", "PRB%07d", "LOPS-%d"]) % R.randint(1000, 999999) for _ in range(R.randint(2, 5)))


def n_private_net():
    return fence("", "\n".join("%-10s %-18s %s" % (pick(OFFICES), private_ip() + pick(["", "/24", "/32"]), pick(["dms", "print", "vpn-pool", "voice", "mgmt"])) for _ in range(R.randint(3, 7))))


def n_epoch():
    return "%s %d (%s), slack ts %d.%06d" % (pick(["cert expires at", "Token-Ablauf:", "expiration :"]), R.randint(1735689600, 1798761600), date_iso(), R.randint(1735689600, 1767225600), R.randint(0, 999999))


def n_doc_counts():
    return "%s %s docs / %s GB / %s pages" % (pick(["processed so far:", "bis jetzt verarbeitet:", "traités :", "已处理："]), "{:,}".format(R.randint(10 ** 5, 10 ** 7)).replace(",", pick(["'", ",", " "])),
                                              "%.1f" % R.uniform(10, 4000), "{:,}".format(R.randint(10 ** 5, 10 ** 8)).replace(",", pick(["'", ","])))


def n_court_refs():
    return pick(["cases cited in the memo:", "zitierte Entscheide:", "jurisprudence citée :", "引用案例："]) + " " + "; ".join([
        "BGer %dA_%d/%d" % (R.randint(4, 5), R.randint(1, 999), R.randint(2019, 2025)), "BGE %d III %d" % (R.randint(140, 150), R.randint(1, 600)),
        "[%d] SGHC %d" % (R.randint(2019, 2025), R.randint(1, 300)), "[%d] SGCA %d" % (R.randint(2019, 2025), R.randint(1, 80)),
        "CFI %03d/%d" % (R.randint(1, 150), R.randint(2019, 2025)), "ICC Case No. %d/%s" % (R.randint(20000, 28999), pick(["AZO", "HBH", "FS"]))][: R.randint(2, 6)])


def n_conflict_ids():
    return "%s %s" % (pick(["conflict searches pending:", "offeni Conflict Checks:", "recherches de conflits :", "利益冲突检查："]), ", ".join("CC-%d-%06d" % (R.randint(2024, 2026), R.randint(1, 99999)) for _ in range(R.randint(2, 5))))


def n_azure_ids():
    return "tenant `%s`, subscription `%s`, app `%s`" % (TENANT, guid(), guid())


def n_timesheet_csv():
    rows = ["date,matter,tk_id,hours,rate_chf,amount_chf,invoice"]
    for _ in range(R.randint(5, 16)):
        h = R.choice([0.2, 0.5, 1.0, 1.5, 2.3, 4.0])
        rate = R.choice([380, 450, 520, 690])
        rows.append("%s,%s,TK%04d,%.1f,%d,%.2f,%s" % (date_iso(), matter(), R.randint(1, 999), h, rate, h * rate, inv_no()))
    return fence("csv", "\n".join(rows))


def n_fx():
    return "%s 1 CHF = %.4f AED = %.4f SGD (%s)" % (pick(["FX for the SG/DXB invoices:", "Wechselkurs:", "taux :", "汇率："]), R.uniform(4.0, 4.4), R.uniform(1.45, 1.6), date_ch())


def n_yubikey():
    return "%s %s" % (pick(["YubiKeys shipped to GVA, serials:", "YubiKey-Seriennummere:", "numéros de série :", "序列号："]), ", ".join(str(R.randint(10000000, 29999999)) for _ in range(R.randint(2, 5))))


def n_sids():
    return "`S-1-5-21-%d-%d-%d-%d` %s" % (R.randint(10 ** 9, 4 * 10 ** 9), R.randint(10 ** 9, 4 * 10 ** 9), R.randint(10 ** 7, 10 ** 9), R.randint(1000, 99999), pick(["is the orphaned SID on the DMS share ACL", "isch de verwaisti SID", "是孤立的SID"]))


def n_ports():
    return "%s %s" % (pick(["firewall rule for the Nuix workers:", "Ports fürs VPN:", "ports ouverts :"]), ", ".join(str(R.choice([443, 4433, 500, 4500, 1433, 8443, 9090, 22, 5671, 10443])) + pick(["/tcp", "/udp", ""]) for _ in range(R.randint(3, 6))))


def n_isbn():
    while True:
        d = "978" + pick(["3", "2", "981", "9948"]) + rs(12 - 3 - 1, DIG)
        d = d[:12]
        c = (10 - sum(int(x) * (1 if i % 2 == 0 else 3) for i, x in enumerate(d)) % 10) % 10
        s = d + str(c)
        if not luhn_ok(s):
            return "%s ISBN %s-%s-%s-%s-%s" % (pick(["library order for the GVA office:", "Bibliothek bestellt:", "commande bibliothèque :"]), s[:3], s[3], s[4:8], s[8:12], s[12])


def n_invoice_list():
    return pick(["overdue invoices:", "überfälligi Rechnige:", "factures en retard :", "逾期发票：", "الفواتير المتأخرة:"]) + "\n" + "\n".join(
        "%s  %s  %s  %s" % (inv_no(), matter(), money(), pick(["61 days", "90+", "%d Tage" % R.randint(30, 120)])) for _ in range(R.randint(2, 6)))


def n_rate_limit():
    return fence("", "HTTP/1.1 429 Too Many Requests\nRetry-After: %d\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: 0\nX-RateLimit-Reset: %d" % (R.randint(1, 120), R.choice([600, 1000, 5000]), R.randint(1735689600, 1767225600)))


def n_room_ext():
    return "%s %s" % (pick(["meeting rooms ZRH:", "Sitzigszimmer:", "salles GVA :", "会议室："]), ", ".join("%s %d.%02d" % (pick(["Room", "Raum", "Salle"]), R.randint(1, 9), R.randint(1, 40)) for _ in range(R.randint(2, 5))))


NEG_NUM = [n_matters, n_bates_range, n_ledes, n_amounts, n_company_ids, n_dates, n_win_builds, n_tickets, n_private_net, n_epoch, n_doc_counts,
           n_court_refs, n_conflict_ids, n_azure_ids, n_timesheet_csv, n_fx, n_yubikey, n_sids, n_ports, n_isbn, n_invoice_list, n_rate_limit, n_room_ext]


# ---- talk_about_secrets
TALK = [
    # English
    "Please don't paste passwords in this channel, share them through Keeper and post the record name instead.",
    "The Relativity service account password was rotated after the vendor offboarding, update your saved connections.",
    "Reminder: the VPN pre-shared key for the DXB tunnel changes on the first Monday of the quarter.",
    "If a client emails new bank details, never act on the IBAN in the email – call back on the number in the engagement file.",
    "We saw an API key in a commit to the ledes-tools repo; it was revoked within ten minutes and the history was rewritten.",
    "MFA resets require a video call with the helpdesk and a photo ID check, no exceptions for partners.",
    "Card numbers must never go into time entry narratives; the billing team will bounce those entries.",
    "The DLP rule for IBANs uses the mod-97 check, so random strings that only look like an IBAN won't trigger it.",
    "Who owns the signing key for the client portal? The cert renewal ticket has been open for two weeks.",
    "Temporary Access Passes expire after one hour, so send it only when the person is on the call.",
    "The e-discovery vendor asked for our SFTP password by email – that's a no, we share it by phone in two halves.",
    "SSNs in the US co-counsel productions need to be redacted before they hit the review platform.",
    "Phone numbers of custodians stay in the HR system, don't copy them into the matter workspace.",
    "Rotate the GitHub tokens used by the intake bot, they were created by someone who left in spring.",
    "Private keys for the SFTP exports live in the HSM-backed vault now, not on the jump host.",
    # Swiss German
    "Bitte kei Passwörter im Slack poste, au nöd im DM – mir händ Keeper defür.",
    "Ich ha mis MFA-Handy verlore, wer cha mir s Authenticator zruggsetze?",
    "S VPN fragt immer wieder nach em Passwort, obwohl ich's grad gänderet ha. Isch das bi öich au so?",
    "Hesch d IBAN vom Klient scho verifiziert? Bitte telefonisch gegechecke, nöd per Mail.",
    "D Kreditkartenummere ghört nöd i d Leistigsbeschriibig, susch lehnt s Billing de Iitrag ab.",
    "De API-Key vom Relativity isch abgloffe, ich mach hüt am Abig en neue.",
    "Mir müend d Servicekonto-Passwörter bis Änd Monet rotiere, Liste isch im Ticket.",
    "Wer het de private Schlüssel vom Export-Server? De isch nöd im Vault glandet.",
    # French
    "Merci de ne jamais envoyer de mot de passe par Slack, utilisez Keeper.",
    "Le client a reçu un e-mail demandant de changer l'IBAN — c'est du phishing classique, on bloque le paiement.",
    "Après la réinitialisation du MFA, l'utilisateur doit réenregistrer Authenticator sur son nouveau téléphone.",
    "Le jeton d'accès du connecteur iManage a expiré cette nuit, la synchro est en pause.",
    "Les numéros de carte ne doivent jamais apparaître dans les descriptifs de prestations.",
    "La clé privée du certificat VPN de Genève a été régénérée, l'ancienne est révoquée.",
    "Pour les numéros de téléphone des témoins, on garde tout dans le dossier sécurisé, pas dans Slack.",
    # Mandarin
    "请不要在频道里发密码，用 Keeper 共享。",
    "新加坡办公室的VPN证书下周过期，需要轮换私钥。",
    "客户说收到了更改银行账号的邮件，这是典型的钓鱼诈骗，先电话核实。",
    "MFA 重置需要本人视频确认身份。",
    "Relativity 的 API 令牌昨天被撤销了，导出任务要重新授权。",
    "信用卡号不能写进工时描述里，账单组会退回。",
    "离职员工的 GitHub 令牌已经全部吊销。",
    # Arabic
    "الرجاء عدم مشاركة كلمات المرور في القنوات العامة.",
    "تم تغيير كلمة مرور حساب الخدمة بعد الحادثة.",
    "يجب التحقق من رقم الآيبان هاتفياً قبل أي دفعة للعميل.",
    "انتهت صلاحية شهادة الـVPN في مكتب دبي، وسيتم تجديد المفتاح الخاص اليوم.",
    "لا تكتب أرقام البطاقات الائتمانية في وصف ساعات العمل.",
    "إعادة تعيين المصادقة الثنائية تتطلب مكالمة فيديو مع الدعم الفني.",
]


def t_single():
    return pick(TALK)


def t_pair():
    a, b = R.sample(TALK, 2)
    return a + pick(["\n", " ", "\n\n"]) + b


def t_qa():
    q = pick(["Q: can I send the export password in the same email as the link?", "Frag: dörf ich s Passwort im gliiche Mail schicke?",
              "Q : je peux envoyer le mot de passe dans le même e-mail ?", "问：密码可以和链接放在同一封邮件里吗？", "سؤال: هل يمكن إرسال كلمة المرور مع الرابط؟"])
    a = pick(["A: no – separate channel, ideally by phone.", "Antwort: nei, separat und am beste telefonisch.", "R : non, canal séparé, idéalement par téléphone.",
              "答：不行，要分开发，最好电话告知。", "جواب: لا، يجب إرسالها بشكل منفصل، ويفضل هاتفياً."])
    return q + "\n" + a


def t_incident():
    items = R.sample(["token revoked", "password rotated for the service account", "private key replaced and old cert revoked", "MFA re-enrolled for the affected users",
                      "vendor notified", "audit log exported to the matter workspace", "Passwort gänderet", "clé révoquée", "令牌已撤销", "تم تدوير كلمة المرور"], R.randint(3, 5))
    return "%s %s\n%s" % (pick(["Incident summary", "Incident-Zämefassig", "Résumé de l'incident", "事件总结", "ملخص الحادث"]), "LOPS-%d" % R.randint(100, 9999),
                          "\n".join("- " + i for i in items))


def t_runbook():
    steps = [pick(["Verify the caller via the number in the HR record, not the one they give you.", "Ruef zrugg uf d Nummere im HR-System.", "Rappeler sur le numéro du dossier RH."]),
             pick(["Issue a Temporary Access Pass (1 h).", "Temporary Access Pass usstelle.", "Émettre un Temporary Access Pass."]),
             pick(["Ask them to register Authenticator again.", "Authenticator neu registriere la.", "重新注册 Authenticator。"]),
             pick(["Close the ticket with the method used, never with the code itself.", "Ticket schliesse, aber de Code nie inekopiere.", "ne jamais copier le code dans le ticket."])]
    return pick(["MFA reset runbook:", "MFA-Reset Ablauf:", "Procédure de réinitialisation MFA :", "MFA 重置流程："]) + "\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(steps))


def t_regex_talk():
    return pick([
        "For the DLP test we match Swiss numbers like +41 followed by nine digits, but only when a phone keyword is nearby, otherwise matter numbers trip it.",
        "Die Karten-Erkennig macht Luhn über 13 bis 19 Ziffere, drum löst d Bates-Nummere nöd us.",
        "Le détecteur d'IBAN vérifie le mod 97 et la longueur par pays (21 pour CH, 23 pour AE, 22 pour GB).",
        "电话号码的规则要考虑 +65 后面八位数字，本地号码以 6、8、9 开头。",
        "قاعدة رقم الهاتف الإماراتي تبدأ بـ +971 ثم رمز المنطقة، لكن يجب ألا تلتقط أرقام الفواتير."])


def t_thread():
    return pick(TALK) + "\n" + pick(["+1", "👍 done", "erledigt", "c'est fait", "好的", "تم"]) + pick(["", "\n" + pick(TALK)])


def t_policy():
    return pick(["Policy update (%s):" % date_ch(), "Neui Richtlinie:", "Mise à jour de la politique :", "政策更新：", "تحديث السياسة:"]) + "\n" + "\n".join("• " + x for x in R.sample(TALK, R.randint(2, 4)))


NEG_TALK = [t_single, t_pair, t_qa, t_incident, t_runbook, t_regex_talk, t_thread, t_policy]

NEG_CATS = [("data_uri_base64", NEG_DATA_URI), ("placeholder_example", NEG_PLACEHOLDER), ("code_identifier", NEG_CODE),
            ("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_NUM), ("talk_about_secrets", NEG_TALK)]


# ================================================================ POSITIVES
def ch_mob():
    return "07" + pick("56789") + rs(7, DIG)


def ch_land():
    return "0" + pick(["44", "43", "22", "21", "31", "61", "58"]) + rs(7, DIG)


def sg_num(kind=None):
    return (kind or pick("689")) + rs(7, DIG)


def ae_mob():
    return "05" + pick("024568") + rs(7, DIG)


def ae_land():
    return "0" + pick("2467") + rs(7, DIG)


def ch_sp(d):  # 0791234567 -> 79 123 45 67
    return "%s %s %s %s" % (d[1:3], d[3:6], d[6:8], d[8:])


PHONE_FMT = {
    "ch_intl_spaced": lambda: "+41 " + ch_sp(ch_mob()),
    "ch_local_spaced": lambda: (lambda d: "%s %s %s %s" % (d[:3], d[3:6], d[6:8], d[8:]))(ch_mob()),
    "ch_intl_0_landline": lambda: (lambda d: "+41 (0)%s %s %s %s" % (d[1:3], d[3:6], d[6:8], d[8:]))(ch_land()),
    "ch_0041": lambda: "0041 " + ch_sp(ch_mob()),
    "ch_slash": lambda: (lambda d: "%s/%s %s %s" % (d[:3], d[3:6], d[6:8], d[8:]))(ch_mob()),
    "ch_compact_intl": lambda: "+41" + ch_mob()[1:],
    "ch_dots_landline": lambda: (lambda d: "%s.%s.%s.%s" % (d[:3], d[3:6], d[6:8], d[8:]))(ch_land()),
    "sg_intl_landline": lambda: (lambda d: "+65 %s %s" % (d[:4], d[4:]))(sg_num("6")),
    "sg_local_mobile": lambda: (lambda d: "%s %s" % (d[:4], d[4:]))(sg_num(pick("89"))),
    "sg_dashed_intl": lambda: (lambda d: "+65-%s-%s" % (d[:4], d[4:]))(sg_num(pick("89"))),
    "sg_paren": lambda: (lambda d: "(+65) %s %s" % (d[:4], d[4:]))(sg_num(pick("89"))),
    "sg_compact_local": lambda: sg_num(pick("89")),
    "ae_intl_mobile": lambda: (lambda d: "+971 %s %s %s" % (d[1:3], d[3:6], d[6:]))(ae_mob()),
    "ae_local_mobile": lambda: (lambda d: "%s %s %s" % (d[:3], d[3:6], d[6:]))(ae_mob()),
    "ae_00971": lambda: (lambda d: "00971 %s %s %s" % (d[1:3], d[3:6], d[6:]))(ae_mob()),
    "ae_dashed_landline": lambda: (lambda d: "+971-%s-%s-%s" % (d[1], d[2:5], d[5:]))(ae_land()),
    "ae_compact_mobile": lambda: ae_mob(),
    "ae_arabic_indic": lambda: "".join("٠١٢٣٤٥٦٧٨٩"[int(c)] if c.isdigit() else c for c in (lambda d: "%s %s %s" % (d[:3], d[3:6], d[6:]))(ae_mob())),
}

PHONE_SINGLE = [
    ("ch_local_spaced", "Reto (IT ZRH): {p}"),
    ("ch_slash", "ruf mich a uf {p}, bin hüt im Homeoffice und s Teams spinnt"),
    ("ae_dashed_landline", "DXB helpdesk hotline is {p} ext. 210 if Teams is down"),
    ("sg_compact_local", "我的手机 {p}，VPN 连不上就直接打给我"),
    ("ae_arabic_indic", "رقمي {p} اتصل بي إذا لم تصلك رسالة التحقق"),
    ("ch_intl_0_landline", "Vous pouvez joindre la réception de Genève au {p}, ils ont le badge visiteur."),
    ("sg_local_mobile", "new MFA phone for the partner in SG office: {p} – can someone update it in Entra?"),
    ("ae_local_mobile", "on-call this weekend: Karim – {p}"),
    ("ch_0041", "Nummer für de SMS-Fallback: {p} (privat, bitte nöd wiitergeh)"),
    ("sg_paren", "SG reception after hours: {p}"),
    ("ch_dots_landline", "Tel. Empfang Bern {p} – die händ de Badge-Drucker"),
    ("sg_intl_landline", "Singapore office main line {p} ext 205, ask for IT"),
    ("ae_intl_mobile", "رقم جوال الشريك في أبوظبي: {p}"),
]


def card_num(brand):
    if brand == "visa":
        return luhn_complete("4" + pick(["532", "929", "847", "111", "716", "026"]), 16)
    if brand == "mc":
        return luhn_complete("5" + pick("12345"), 16)
    if brand == "mc2":
        return luhn_complete(str(R.randint(2221, 2720)), 16)
    if brand == "amex":
        return luhn_complete(pick(["34", "37"]), 15)
    if brand == "unionpay":
        return luhn_complete("62" + pick(["2202", "1700", "2848", "1483"]), 19)
    if brand == "unionpay16":
        return luhn_complete("62" + pick(["2202", "1700", "2848"]), 16)
    if brand == "diners":
        return luhn_complete("36", 14)
    raise ValueError(brand)


def g4(d, sep=" "):
    return sep.join(d[i:i + 4] for i in range(0, len(d), 4))


def amex_fmt(d, sep=" "):
    return sep.join([d[:4], d[4:10], d[10:]])


def diners_fmt(d):
    return " ".join([d[:4], d[4:10], d[10:]])


PASS_WORDS = ["Limmat", "Matterhorn", "Raclette", "Merlion", "Sentosa", "Marina", "Falcon", "Fondue", "Gotthard", "Jumeirah", "Hawker",
              "Zytglogge", "Saentis", "Creek", "Orchard", "Rhone", "Leman", "Tram", "Dhow", "Pilatus"]


def pw_passphrase():
    w = R.sample(PASS_WORDS, R.randint(3, 4))
    return pick(["-", "_", ".", "!"]).join(w) + pick(["", str(R.randint(2, 99)), "!", "#%d" % R.randint(1, 9)])


def pw_leet():
    w = pick(["Zentralbibliothek", "Matterhorn", "Sentosa", "Jumeirah", "Paradeplatz", "Bahnhofstrasse", "RafflesPlace", "BurjKhalifa"])
    tbl = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}
    out = "".join(tbl.get(c, c) if R.random() < 0.7 else c for c in w)
    return out + pick(["#", "!", "_", "?"]) + str(R.randint(10, 2099))


def pw_random(n=None, urlsafe=False):
    sym = "-._~!*" if urlsafe else "!#$%&*?+=-_@^"
    n = n or R.randint(12, 18)
    while True:
        s = rs(n, B62 + sym * 3)
        if any(c in sym for c in s) and any(c.isdigit() for c in s) and any(c.isupper() for c in s):
            return s


def pw_office():
    return pick(["Guest", "Gast", "Invite", "Visitor"]) + pick(["@", "_", "-"]) + pick(OFFICES) + str(R.randint(2024, 2026)) + pick(["!", "#", ""])


PASS_SINGLE = [
    (pw_office, "the guest wifi pw is {pw} (valid till end of month)"),
    (pw_passphrase, "S WLAN-Passwort im Sitzigszimmer 4 isch {pw} (alles zäme, grossi Afangsbuechstabe)"),
    (pw_random, "le mot de passe temporaire du VPN c'est {pw} — change-le à la première connexion stp"),
    (pw_leet, "Relativity 测试账号 svc-rel-test 的密码是 {pw}，别外传"),
    (pw_random, "كلمة المرور المؤقتة لحسابك هي {pw} يرجى تغييرها فوراً"),
    (pw_passphrase, "```ini\n[elite]\nserver = sql-elite-zrh01\nuser = svc_elite\npassword = {pw}\n```"),
    (pw_random, "```\nsqlcmd -S sql-elite-zrh01 -U svc_billing -P \"{pw}\" -Q \"EXEC dbo.usp_ledes_export @period='2025-03'\"\n```"),
    (pw_leet, "```powershell\n$secure = ConvertTo-SecureString \"{pw}\" -AsPlainText -Force\n$cred = New-Object PSCredential('LEXALPINA\\svc_nuix', $secure)\n```"),
    (pw_leet, "`net user svc_scan {pw} /domain` – das isch für de Scanner im 3. Stock"),
    (pw_random, "```yaml\nrelativity:\n  host: lexalpina.relativity.one\n  username: svc-rel-export\n  password: \"{pw}\"\n```"),
    (pw_passphrase, "pw for the shared litigation mailbox is {pw} – pls change it after the hearing"),
]


def pw_url():
    return pw_random(R.randint(12, 20), urlsafe=True)


URLCRED_SINGLE = [
    "vendor SFTP for the production: `sftp://lexalpina_export:{pw}@sftp.discovery-vendor.sg:22/outgoing/`",
    "```python\nengine = create_engine(\"mssql+pyodbc://svc_elite:{pw}@sql-elite-zrh01/Elite3E?driver=ODBC+Driver+18+for+SQL+Server\")\n```",
    "s Skript nimmt immer no `https://svc_imanage:{pw}@imanage.lexalpina.ch/work/api/v2/customers/1/libraries/ACTIVE` – bitte uf OAuth umstelle",
    "l'upload LEDES passe par `ftps://ledes_upload:{pw}@ebilling.clientportal.ae/inbox` depuis hier",
    "缓存连接串：`redis://:{pw}@cache-dxb-01.lexalpina.internal:6379/2`",
]

IP_SINGLE = [
    "Üsi öffentlichi IP im Büro Genf isch {ip}, für s Whitelisting bim Vendor",
    "新加坡办公室的出口IP是 {ip}，请加到白名单",
    "عنوان IP لبوابة VPN في دبي هو {ip}",
]

IBAN_SINGLE = [
    ("CH", "g", "Bitte d Honorarnote uf {iban} überwiise, Referenz {m}"),
    ("CH", "c", "Nouvel IBAN du traducteur : {iban} — à confirmer par téléphone avant paiement"),
    ("AE", "g", "رقم الآيبان لحساب الضمان: {iban}"),
    ("AE", "c", "客户退款账户 IBAN：{iban}"),
    ("GB", "g", "UK counsel's fee account: {iban} (Barclays, GBP)"),
    ("GB", "c", "```json\n{{\"creditor\": \"Chambers Fees Ltd\", \"iban\": \"{iban}\", \"amount\": \"{amt}\", \"ref\": \"{m}\"}}\n```"),
    ("CH", "g", "```csv\nvendor_id,name,iban,currency\nV{vid},Übersetzungsbüro Limmat GmbH,{iban},CHF\n```"),
]

SSN_SINGLE = [
    ("d", "US co-counsel W-9 came back, SSN {s} – store it in the billing vault, not here"),
    ("d", "reviewer flag: custodian SSN {s} appears in {b}, needs redaction before production"),
    ("s", "sorry, typo earlier – the SSN on the engagement form is {s}"),
    ("d", "```csv\ncustodian_id,ssn,matter\nCU{cid},{s},{m}\n```"),
    ("c", "Für de US-Expat im GVA-Büro: SSN {s}, bitte für s Tax-Memo"),
]

EMAIL_SINGLE = [
    "can you add {e} to #matter-{m}? she's external counsel",
    "Bitte s Export-Passwort separat a {e} schicke, nöd im gliiche Mail",
    "请把导出链接发到 {e}，她是新加坡那边的律师助理。",
    "أرسل دعوة المصادقة الثنائية إلى {e} من فضلك",
]
EMAIL_LOCAL = ["reto.brunner", "c.favre", "weiling.tan", "zhang.min", "fatima.alhashimi", "o.mansour", "s.keller", "priya.nair", "l.dubois",
               "ahmed.k", "j.lim", "m.hofstetter", "claire.morel", "chen.hui"]
EMAIL_DOM = ["lexalpina.ch", "lexalpina.com.sg", "lexalpina.ae", "client-holding.ch", "ediscovery-partner.sg", "gulfventures.ae", "chambers-london.co.uk"]


def email():
    return "%s@%s" % (pick(EMAIL_LOCAL), pick(EMAIL_DOM))


AWSID_SINGLE = [
    "the key id for the export bucket user is {v} (secret is in Keeper)",
    "```json\n\"userIdentity\": {{\"type\": \"IAMUser\", \"userName\": \"svc-ediscovery-export\", \"accessKeyId\": \"{v}\"}}\n```",
    "AWS_ACCESS_KEY_ID={v} isch no im alte Nuix-Profil, bitte lösche",
]
AWSSEC_SINGLE = [
    "```ini\naws_secret_access_key = {v}\n```\n(key id already in the vault entry)",
    "secret for svc-export (id is in the ticket): {v}",
    "S3 导出用户的密钥：{v}",
]
AWS_PAIR = [
    "```ini\n[ediscovery-export]\naws_access_key_id = {i}\naws_secret_access_key = {s}\nregion = eu-central-2\n```",
    "```bash\nexport AWS_ACCESS_KEY_ID={i}\nexport AWS_SECRET_ACCESS_KEY={s}\naws s3 sync ./VOL012 s3://lexalpina-ediscovery-exports-eu/VOL012/\n```",
    "```python\ns3 = boto3.client(\"s3\", aws_access_key_id=\"{i}\", aws_secret_access_key=\"{s}\", region_name=\"ap-southeast-1\")\n```",
    "```ini\n[vendor-s3]\ntype = s3\nprovider = AWS\naccess_key_id = {i}\nsecret_access_key = {s}\nregion = me-central-1\n```",
    "```console\n$ aws configure --profile legalops\nAWS Access Key ID [None]: {i}\nAWS Secret Access Key [None]: {s}\nDefault region name [None]: eu-central-2\n```",
    "```json\n{{\"s3\": {{\"bucket\": \"nuix-cases-sin\", \"accessKey\": \"{i}\", \"secretKey\": \"{s}\"}}}}\n```",
]

JWT_SINGLE = [
    "```\ncurl -H \"Authorization: Bearer {v}\" https://relativity-bridge.lexalpina.internal/api/exports\n```",
    "da isch s Token vom Relativity-Bridge, lauft i 1h ab: {v}",
    "```python\nheaders = {{\"Authorization\": \"Bearer {v}\"}}\n```",
    "`{ts} DEBUG auth  id_token={v}`",
    "token d'accès pour tester l'API iManage : {v}",
    "这个是 conflicts-intake 的测试 token：{v}",
    "```json\n{{\"access_token\": \"{v}\", \"token_type\": \"Bearer\", \"expires_in\": 3599}}\n```",
    "رمز الوصول للاختبار: {v}",
    "Postman env → `ebilling_jwt` = {v}",
]
GHC_SINGLE = [
    "use my PAT for the ledes-tools repo until the app is approved: {v}",
    "```bash\ngit clone https://{v}@github.com/lexalpina/ediscovery-exporter.git\n```",
    "```yaml\n# .github/workflows/sync.yml (temporary!)\nenv:\n  GH_TOKEN: {v}\n```",
    "Token für de Intake-Bot: {v} – lauft in 30 Täg ab",
    "jeton GitHub pour le runner de Genève : {v}",
    "GitHub 令牌（只读）：{v}",
    "`GITHUB_TOKEN={v} gh pr list -R lexalpina/matter-intake`",
    "```json\n{{\"github\": {{\"token\": \"{v}\", \"org\": \"lexalpina\"}}}}\n```",
]
GHF_SINGLE = [
    "fine-grained token scoped to lexalpina/dms-sync only: {v}",
    "```bash\nexport GH_TOKEN={v}\ngh release download v2.4.1 -R lexalpina/vpn-cert-renewer\n```",
    "neus Token (fine-grained, nume read): {v}",
    "```toml\n[github]\ntoken = \"{v}\"\n```",
    "le token fine-grained pour le bot de conflits : {v}",
    "仓库 matter-intake 的细粒度令牌：{v}",
    "رمز GitHub الجديد للمستودع: {v}",
    "`.env` line for the sync job: `GITHUB_PAT={v}`",
]
SLB_SINGLE = [
    "bot token for the matter-intake app: {v}",
    "```bash\nexport SLACK_BOT_TOKEN={v}\npython -m intake_bot\n```",
    "S Bot-Token vom Conflict-Notifier: {v}",
    "```yaml\nslack:\n  bot_token: \"{v}\"\n  channel: \"#conflicts-gva\"\n```",
    "le token du bot de facturation : {v}",
    "Slack 机器人令牌：{v}",
    "`curl -H 'Authorization: Bearer {v}' https://slack.com/api/auth.test`",
    "رمز بوت سلاك الخاص بالتنبيهات: {v}",
]
SLU_SINGLE = [
    "my user token for the export script (don't laugh): {v}",
    "```python\nclient = WebClient(token=\"{v}\")\n```",
    "Legacy User-Token vom alte Archiv-Skript: {v}",
    "`SLACK_USER_TOKEN={v}` dans le cron de l'archivage",
    "用户令牌：{v}，导出频道历史用的",
    "```json\n{{\"slack_user_token\": \"{v}\", \"workspace\": \"lexalpina\"}}\n```",
    "رمز المستخدم لسكربت الأرشفة: {v}",
    "xoxp for the legal-hold channel export: {v}",
]
OAI_SINGLE = [
    "key for the contract-review pilot: {v}",
    "```bash\nexport OPENAI_API_KEY={v}\n```",
    "De API-Key fürs Übersetzigs-Tool: {v}",
    "```python\nclient = OpenAI(api_key=\"{v}\")\n```",
    "clé pour le résumé automatique des pièces : {v}",
    "合同审阅试点的 API key：{v}",
    "مفتاح API لتجربة المراجعة: {v}",
    "```yaml\nllm:\n  provider: openai\n  api_key: {v}\n```",
]
ANT_SINGLE = [
    "ANTHROPIC_API_KEY={v}",
    "```ts\nconst client = new Anthropic({{ apiKey: \"{v}\" }});\n```",
    "Key fürs Privilege-Log-Tool: {v}",
    "clé Anthropic pour le pilote de due diligence : {v}",
    "```toml\n[contract_review]\nprovider = \"anthropic\"\napi_key = \"{v}\"\n```",
    "尽调试点用的 key：{v}",
    "مفتاح Anthropic للتجربة: {v}",
    "here's the key for the DIFC research sandbox: {v} (billing to matter {m})",
]
PEM_MAKERS = [("ec", pem_ec), ("ed25519", pem_ed25519), ("rsa_pkcs1", pem_rsa1), ("rsa_pkcs8", pem_rsa8), ("openssh_ecdsa", pem_openssh)]
PEM_INTROS = ["key for the vendor SFTP export:", "de privat Schlüssel fürs LEDES-Upload:", "clé privée pour le serveur d'export :",
              "导出服务器的私钥：", "المفتاح الخاص لخادم التصدير:", "ssh key for the DMS backup job, pls put it on the jump host:",
              "cert key for vpn-gva (renewal):", "Relativity bridge signing key:", "old key from the Nuix box, rotate it:"]


def pem_render(layout, label, body, width):
    ls = lines_of(body, width)
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        val = "\n".join(ls)
        return "```\n%s\n%s\n%s\n```" % (begin, val, end), val
    if layout == 1:
        val = "\\n".join(ls)
        return "```json\n{\"sftp\": {\"user\": \"lexalpina_export\", \"private_key\": \"%s\\n%s\\n%s\\n\"}}\n```" % (begin, val, end), val
    if layout == 2:
        val = "\n    ".join(ls)
        return "```yaml\nsftp:\n  private_key: |\n    %s\n    %s\n    %s\n```" % (begin, val, end), val
    if layout == 3:
        val = "\n".join(ls)
        return "```bash\ncat > ~/.ssh/id_export <<'EOF'\n%s\n%s\n%s\nEOF\nchmod 600 ~/.ssh/id_export\n```" % (begin, val, end), val
    val = "\n".join(ls)
    return "%s\n%s\n%s" % (begin, val, end), val


CARD_SINGLE = [
    ("visa", "sp", "Le numéro de la carte d'entreprise est le {c}, expiration 09/27."),
    ("mc", "compact", "d Firmechreditkarte isch {c}, gültig bis 11/26 – für d Swisslex-Verlängerig"),
    ("amex", "amex_sp", "can you charge the court filing fee to \"{c}\"? it's the litigation team's Amex"),
    ("unionpay", "sp", "公司卡号：{c}，用于续订 Relativity"),
    ("visa", "dash", "رقم البطاقة: {c}"),
    ("mc", "split", "card for the DIFC filing fee:\n{c}\nexp 03/28"),
    ("visa", "compact", "```csv\ndate,merchant,card,amount\n{d},Westlaw,{c},{amt}\n```"),
    ("diners", "diners", "Diners {c} for the Singapore travel booking"),
    ("mc2", "dash", "Hotel z Singapur mit de Karte {c} buechä, isch scho freigeh"),
    ("unionpay16", "sp", "card: {c} / exp 08/27 / name on card: LEXALPINA AG"),
    ("amex", "compact", "Amex {c} – CVC sag ich dir am Telefon"),
]


def card_fmt(d, style):
    if style == "sp":
        return g4(d)
    if style == "dash":
        return g4(d, "-")
    if style == "compact":
        return d
    if style == "amex_sp":
        return amex_fmt(d)
    if style == "diners":
        return diners_fmt(d)
    if style == "split":
        return g4(d[:8]) + "\n" + g4(d[8:])
    raise ValueError(style)


def fill(t, **kw):
    return t.format(m=matter(), amt=money(), d=date_iso(), b=bates(), ts=ts_iso(), o=pick(OFFICES), vid=R.randint(1000, 9999), cid=R.randint(100, 999), **kw)


def S(kind, value):
    return {"kind": kind, "value": value}


def build_specs():
    specs = []
    # --- tokens: single
    for kind, tpls, mk in [("jwt", JWT_SINGLE, jwt), ("github_classic_pat", GHC_SINGLE, gh_classic), ("github_fine_grained_pat", GHF_SINGLE, gh_fine),
                           ("slack_bot_token", SLB_SINGLE, slack_bot), ("slack_user_token", SLU_SINGLE, slack_user), ("openai_api_key", OAI_SINGLE, openai_key),
                           ("anthropic_api_key", ANT_SINGLE, anthropic_key), ("aws_access_key_id", AWSID_SINGLE, aws_id),
                           ("aws_secret_access_key", AWSSEC_SINGLE, aws_secret)]:
        for i, t in enumerate(tpls):
            specs.append(("%s:t%d" % (kind, i), (lambda t=t, mk=mk, kind=kind: (lambda v: (fill(t, v=v), [S(kind, v)]))(mk()))))
    # --- PEM: 8 single
    for i in range(8):
        typ, mk = PEM_MAKERS[i % len(PEM_MAKERS)]
        layout = (i * 3 + i // 5) % 5

        def f(mk=mk, layout=layout, i=i):
            label, body, w = mk()
            block, val = pem_render(layout, label, body, w)
            return PEM_INTROS[i] + "\n" + block, [S("private_key_pem", val)]
        specs.append(("private_key_pem:%s:layout%d" % (typ, layout), f))
    # --- phones
    for i, (fmt, t) in enumerate(PHONE_SINGLE):
        specs.append(("phone_number:%s:t%d" % (fmt, i), (lambda fmt=fmt, t=t: (lambda p: (fill(t, p=p), [S("phone_number", p)]))(PHONE_FMT[fmt]()))))
    # --- cards
    for i, (brand, style, t) in enumerate(CARD_SINGLE):
        specs.append(("credit_card:%s:%s:t%d" % (brand, style, i), (lambda brand=brand, style=style, t=t: (lambda c: (fill(t, c=c), [S("credit_card", c)]))(card_fmt(card_num(brand), style)))))
    # --- passwords
    for i, (mk, t) in enumerate(PASS_SINGLE):
        specs.append(("password:t%d" % i, (lambda mk=mk, t=t: (lambda pw: (fill(t, pw=pw), [S("password", pw)]))(mk()))))
    for i, t in enumerate(URLCRED_SINGLE):
        specs.append(("url_credentials:t%d" % i, (lambda t=t: (lambda pw: (fill(t, pw=pw), [S("url_credentials", pw)]))(pw_url()))))
    for i, t in enumerate(IP_SINGLE):
        specs.append(("ipv4_address:t%d" % i, (lambda t=t: (lambda ip: (fill(t, ip=ip), [S("ipv4_address", ip)]))(public_ip()))))
    for i, (cc, style, t) in enumerate(IBAN_SINGLE):
        specs.append(("iban:%s:%s:t%d" % (cc, style, i), (lambda cc=cc, style=style, t=t: (lambda ib: (fill(t, iban=ib), [S("iban", ib)]))(
            (lambda s: group4(s) if style == "g" else s)(make_iban(cc))))))
    for i, (style, t) in enumerate(SSN_SINGLE):
        specs.append(("us_ssn:%s:t%d" % (style, i), (lambda style=style, t=t: (lambda s: (fill(t, s=s), [S("us_ssn", s)]))(
            (lambda x: x if style == "d" else x.replace("-", " ") if style == "s" else x.replace("-", ""))(ssn())))))
    for i, t in enumerate(EMAIL_SINGLE):
        specs.append(("email_address:t%d" % i, (lambda t=t: (lambda e: (fill(t, e=e), [S("email_address", e)]))(email()))))
    # --- pairs (20)
    for i, t in enumerate(AWS_PAIR):
        specs.append(("multi:aws_key_pair:%d" % i, (lambda t=t: (lambda a, s: (fill(t, i=a, s=s), [S("aws_access_key_id", a), S("aws_secret_access_key", s)]))(aws_id(), aws_secret()))))
    for i, (fmt, t) in enumerate([("ch_intl_spaced", "Contact for the SIAC hearing logistics: {e}, mobile {p}"),
                                  ("sg_dashed_intl", "Neue Kontaktdaten vom Klient: {e} / {p}"),
                                  ("ae_00971", "المحامي الخارجي: {e} هاتف {p}")]):
        specs.append(("multi:email_phone:%d" % i, (lambda fmt=fmt, t=t: (lambda e, p: (fill(t, e=e, p=p), [S("email_address", e), S("phone_number", p)]))(email(), PHONE_FMT[fmt]()))))
    for i, (cc, fmt, t) in enumerate([("CH", "ch_compact_intl", "client confirms new IBAN {iban} — call back on {p} before releasing the payment"),
                                      ("AE", "ae_compact_mobile", "Le client dit que le nouvel IBAN est {iban} ; rappeler au {p} (numéro du dossier) avant de valider")]):
        specs.append(("multi:iban_phone:%d" % i, (lambda cc=cc, fmt=fmt, t=t: (lambda ib, p: (fill(t, iban=ib, p=p), [S("iban", ib), S("phone_number", p)]))(
            group4(make_iban(cc)) if cc == "AE" else make_iban(cc), PHONE_FMT[fmt]()))))
    for i, t in enumerate(["```\nRELATIVITY_SYNC_DB=postgresql://relativity_sync:{pw}@{ip}:5432/exports\n```",
                           "amqps broker for the OCR queue: `amqps://intake:{pw}@{ip}:5671/%2F`"]):
        specs.append(("multi:url_ip:%d" % i, (lambda t=t: (lambda pw, ip: (fill(t, pw=pw, ip=ip), [S("url_credentials", pw), S("ipv4_address", ip)]))(pw_url(), public_ip()))))
    for i, t in enumerate(["FortiClient for the arbitration team in SG: gateway {ip}, port 10443, user vpn-guest-sin, pw {pw}",
                           "IPsec ZRH↔DXB: peer {ip}, PSK {pw} (IKEv2, AES-256)"]):
        specs.append(("multi:password_ip:%d" % i, (lambda t=t: (lambda pw, ip: (fill(t, pw=pw, ip=ip), [S("password", pw), S("ipv4_address", ip)]))(pw_random(), public_ip()))))
    specs.append(("multi:card_email:0", lambda: (lambda c, e: (fill("pls bill the Westlaw renewal to {c} and send the receipt to {e}", c=c, e=e), [S("credit_card", c), S("email_address", e)]))(
        g4(card_num("visa")), email())))
    specs.append(("multi:slack_bot_user:0", lambda: (lambda b, u: ("both tokens for the archive app — bot: %s  user: %s" % (b, u), [S("slack_bot_token", b), S("slack_user_token", u)]))(slack_bot(), slack_user())))
    specs.append(("multi:openai_anthropic:0", lambda: (lambda o, a: (fill("```bash\nexport OPENAI_API_KEY={ok}\nexport ANTHROPIC_API_KEY={ak}\npython compare_summaries.py --matter {m}\n```", ok=o, ak=a),
                                                                     [S("openai_api_key", o), S("anthropic_api_key", a)]))(openai_key(), anthropic_key())))
    specs.append(("multi:github_classic_fine:0", lambda: (lambda c, f: ("old classic PAT %s is replaced by the fine-grained one %s, revoke the first pls" % (c, f),
                                                                        [S("github_classic_pat", c), S("github_fine_grained_pat", f)]))(gh_classic(), gh_fine())))

    def pem_pw():
        label, body, w = pem_rsa8()
        block, val = pem_render(0, label, body, w)
        pw = pw_leet()
        return ("key for the vendor SFTP below, and the password for the .pfx bundle is %s\n%s" % (pw, block), [S("private_key_pem", val), S("password", pw)])
    specs.append(("multi:pem_password:0", pem_pw))
    return specs


# ================================================================ driver
def decorate(text, p_lead, p_trail):
    if R.random() < p_lead:
        lead = pick(LEAD_INS)
        text = (lead.rstrip() + "\n" + text) if text.startswith(("```", "-----")) else lead + text
    if R.random() < p_trail:
        text = text + pick(TRAILERS)
    return text


def gen_negatives():
    recs, seen = [], set()
    redraws = {}
    for cat, tpls in NEG_CATS:
        order = []
        got = 0
        while got < 100:
            if not order:
                order = list(tpls)
                R.shuffle(order)
            fn = order.pop()
            for _ in range(60):
                text = decorate(fn(), 0.13, 0.06)
                finds = scan(text)
                if finds:
                    for f in finds:
                        redraws[f[0]] = redraws.get(f[0], 0) + 1
                    continue
                if text in seen:
                    redraws["duplicate"] = redraws.get("duplicate", 0) + 1
                    continue
                seen.add(text)
                recs.append({"text": text, "category": cat, "_tpl": fn.__name__})
                got += 1
                break
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]})
    return out, redraws, recs


def gen_positives():
    specs = build_specs()
    recs, seen, redraws = [], set(), {}
    for ctx, fn in specs:
        for _ in range(60):
            text, secrets = fn()
            text = decorate(text, 0.05, 0.03)
            assert all(s["value"] in text for s in secrets), ctx
            bad = unlabelled(text, secrets)
            if bad or text in seen:
                for b in bad:
                    redraws[b[0]] = redraws.get(b[0], 0) + 1
                continue
            seen.add(text)
            recs.append({"text": text, "secrets": secrets, "context": ctx})
            break
        else:
            raise SystemExit("could not draw a clean positive for " + ctx)
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out, redraws


def verify_positive(s):
    k, v = s["kind"], s["value"]
    if k == "credit_card":
        d = re.sub(r"[^0-9]", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif k == "iban":
        assert iban_valid(v) and len(v.replace(" ", "")) == IBAN_LEN[v[:2]], v
    elif k == "us_ssn":
        d = re.sub(r"[^0-9]", "", v)
        assert len(d) == 9 and d[:3] not in ("000", "666") and d[0] != "9" and d[3:5] != "00" and d[5:] != "0000", v
    elif k == "ipv4_address":
        ip = ipaddress.ip_address(v)
        assert ip.is_global and not ip.is_multicast, v
    elif k == "jwt":
        h, p, sig = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif k == "private_key_pem":
        body = re.sub(r"(\\n|\s)+", "", v)
        base64.b64decode(body, validate=True)
    elif k == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v)
    elif k == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif k == "aws_secret_access_key":
        assert len(v) == 40


def main():
    neg, neg_redraws, neg_raw = gen_negatives()
    pos, pos_redraws = gen_positives()
    for r in pos:
        for s in r["secrets"]:
            verify_positive(s)
    kinds = {}
    for r in pos:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # ---- report
    print("negatives: %d texts, %d distinct" % (len(neg), len({r["text"] for r in neg})))
    cats = {}
    for r in neg:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    for c, _ in NEG_CATS:
        print("  %-22s %d" % (c, cats.get(c, 0)))
    print("negative redraws by scanner rule: %s" % json.dumps(dict(sorted(neg_redraws.items()))))
    final = {}
    for r in neg:
        for f in scan(r["text"]):
            final.setdefault(f[0], []).append(f[3])
    print("scanner findings on final negatives: %s" % (json.dumps(final, ensure_ascii=False) if final else "none"))
    nsec = sum(len(r["secrets"]) for r in pos)
    print("positives: %d texts, %d secrets (%d with one, %d with two)" % (len(pos), nsec, sum(1 for r in pos if len(r["secrets"]) == 1), sum(1 for r in pos if len(r["secrets"]) == 2)))
    print("positive redraws (unlabelled finding): %s" % json.dumps(dict(sorted(pos_redraws.items()))))
    unl = sum(len(unlabelled(r["text"], r["secrets"])) for r in pos)
    print("unlabelled findings on final positives: %d" % unl)
    print("%-26s %5s %8s %6s" % ("kind", "count", "scanned", "missed"))
    for k in sorted(kinds):
        hit = miss = 0
        missed_ctx = []
        for r in pos:
            fs = scan(r["text"])
            for s in r["secrets"]:
                if s["kind"] != k:
                    continue
                sp = spans_of(r["text"], s["value"])
                if any(f[1] < e and b < f[2] for f in fs for b, e in sp):
                    hit += 1
                else:
                    miss += 1
                    missed_ctx.append(r["context"])
        print("%-26s %5d %8d %6d  %s" % (k, kinds[k], hit, miss, ", ".join(missed_ctx) if k not in ("password", "url_credentials") else "(no generic rule)"))


if __name__ == "__main__":
    main()
