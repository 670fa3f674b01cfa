#!/usr/bin/env python3
"""Blind redaction corpus #35: Slack of a mobile network operator's NOC and
core-network engineering team.

Standard library only.  One random.Random(3535) drives everything, in a fixed
order, so two runs give byte-identical files.  Writes
redaction35_negatives.jsonl and redaction35_positives.jsonl next to itself.
"""
import base64
import binascii
import datetime
import hashlib
import json
import math
import os
import re
import struct
import sys
import zlib
import random

R = random.Random(3535)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 35

# ---------------------------------------------------------------- primitives
DIG = "0123456789"
HEX = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64URL = UP + LO + DIG + "-_"
B32 = UP + "234567"


def ri(a, b):
    return R.randint(a, b)


def ch(seq):
    return R.choice(seq)


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hexs(n, upper=False):
    s = rs(HEX, n)
    return s.upper() if upper else s


def digs(n):
    return rs(DIG, n)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def sample(seq, k):
    return R.sample(list(seq), k)


def luhn_ok(s):
    total = 0
    for i, c in enumerate(reversed(s)):
        d = int(c)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def luhn_complete(partial):
    for c in DIG:
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError


def non_luhn(prefix, total):
    """Digit string of length total that is NOT Luhn-valid."""
    while True:
        s = prefix + digs(total - len(prefix))
        if not luhn_ok(s):
            return s


def uuid4():
    h = hexs(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(ms=None):
    if ms is None:
        ms = ri(1735689600000, 1782777600000)
    h = "%012x" % ms + "7" + hexs(3) + ch("89ab") + hexs(15)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    ms = ri(1735689600000, 1782777600000)
    t = ""
    for _ in range(10):
        t = CROCK[ms % 32] + t
        ms //= 32
    return t + rs(CROCK, 16)


def objectid():
    return "%08x" % ri(1735689600, 1782777600) + hexs(16)


BASE_DT = datetime.datetime(2025, 1, 6, 0, 0, 0)


def rdt():
    return BASE_DT + datetime.timedelta(seconds=ri(0, 540 * 86400))


def iso(dt=None, ms=True):
    dt = dt or rdt()
    if ms:
        return dt.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % ri(0, 999)
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def epoch(dt=None):
    dt = dt or rdt()
    return int((dt - datetime.datetime(1970, 1, 1)).total_seconds())


def epoch_ms_nonluhn():
    while True:
        v = str(epoch() * 1000 + ri(0, 999))
        if not luhn_ok(v):
            return v


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, n=64):
    return [s[i:i + n] for i in range(0, len(s), n)]


# ------------------------------------------------------------- telecom bits
LAB_PLMNS = [("001", "01"), ("001", "001"), ("999", "70"), ("999", "99")]


def lab_imsi():
    mcc, mnc = ch(LAB_PLMNS)
    return non_luhn(mcc + mnc + "0000", 15)


def lab_msisdn():
    # E.164 country code 999 is reserved by ITU-T and not assigned to any country
    return non_luhn("9997" + ch("0123"), 12)


def lab_imeisv():
    return non_luhn(ch(["35", "86", "35", "49", "01"]) + digs(6), 16)


def lab_iccid():
    # 20 digits: longer than any card number
    return "8999" + ch(["01", "70", "99"]) + digs(14)


NF = ["amf", "smf", "upf", "nrf", "udm", "udr", "ausf", "pcf", "nssf", "bsf", "chf", "nef", "scp", "sepp"]
EPC = ["mme", "sgw-c", "pgw-c", "hss", "pcrf", "dra", "stp", "hlr", "msc", "vlr", "pcscf", "scscf", "icscf",
       "tas", "mmsc", "smsc", "ocs", "sbc", "mrf", "ims-hss"]
SITES = ["lab-a", "lab-b", "dc-north", "dc-south", "pop-03", "pop-07", "edge-12", "preprod", "staging"]
NS = ["5gc", "5gc-lab", "core-lab", "ims", "epc", "oss", "bss-mediation", "noc-tools", "monitoring"]


def node():
    return "%s%02d" % (ch(NF + EPC), ri(1, 4))


def node_dash():
    return "%s-%02d" % (ch(NF + EPC), ri(1, 4))


def site():
    return ch(SITES)


def realm(mnc="001", mcc="001"):
    return "epc.mnc%s.mcc%s.3gppnetwork.org" % (mnc, mcc)


def priv_ip():
    k = ri(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(1, 254))
    return "192.168.%d.%d" % (ri(0, 255), ri(1, 254))


def doc_ip():
    return "%s.%d" % (ch(["192.0.2", "198.51.100", "203.0.113"]), ri(1, 254))


def any_ip():
    return priv_ip() if R.random() < 0.75 else doc_ip()


def tt(prefix=None):
    p = prefix or ch(["INC", "CHG", "PRB", "TT", "WO", "CRQ"])
    if p in ("INC", "CHG", "PRB"):
        return p + "%07d" % ri(100000, 9999999)
    if p == "CRQ":
        return "CRQ%012d" % ri(10000, 99999999)
    return "%s-%d" % (p, ri(10000, 999999))


def jira():
    return "%s-%d" % (ch(["CORE", "NOC", "RAN", "IMS", "OSS", "BSS", "NETENG", "PKT"]), ri(100, 9999))


def pod(name):
    return "%s-%s-%s" % (name, rs("bcdfghjklmnpqrstvwxz2456789", 9 if R.random() < 0.5 else 10),
                         rs("bcdfghjklmnpqrstvwxz2456789", 5))


def sha256_hex():
    return hashlib.sha256(rbytes(32)).hexdigest()


def git_sha():
    return hashlib.sha1(rbytes(20)).hexdigest()


def ver():
    return "%d.%d.%d" % (ri(1, 4), ri(0, 30), ri(0, 20))


# ------------------------------------------------------ real file formats
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)


def make_png(w=None, h=None, style=None):
    w = w or ch([8, 12, 16, 16, 24])
    h = h or ch([8, 12, 16, 16])
    style = style or ch(["dot", "bars", "solid", "grad"])
    fg = (ri(0, 255), ri(0, 255), ri(0, 255))
    bg = ch([(255, 255, 255), (0, 0, 0), (32, 36, 44), (ri(200, 255), ri(200, 255), ri(200, 255))])
    heights = [ri(1, h) for _ in range(w)]
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if style == "dot":
                on = (x - w / 2 + .5) ** 2 + (y - h / 2 + .5) ** 2 <= (min(w, h) / 2 - 1) ** 2
            elif style == "bars":
                on = (h - y) <= heights[x]
            elif style == "solid":
                on = True
            else:
                on = (x + y) % 3 != 0
            row += bytes(fg if on else bg)
        rows.append(bytes(row))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) +
            png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + png_chunk(b"IEND", b""))


def make_gif():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes([ri(0, 255), ri(0, 255), ri(0, 255)]) +
            b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def make_wav(freq=None, ms=None, rate=8000):
    freq = freq or ch([425, 440, 450, 400, 480, 950, 1400])
    ms = ms or ch([20, 30, 40, 50])
    n = rate * ms // 1000
    amp = ri(40, 110)
    data = bytes(int(128 + amp * math.sin(2 * math.pi * freq * i / rate)) & 0xFF for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def make_pdf(line):
    objs = [
        b"<</Type/Catalog/Pages 2 0 R>>",
        b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>",
        None,
        b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
    ]
    stream = ("BT /F1 12 Tf 72 770 Td (%s) Tj ET" % line).encode("latin-1")
    objs[3] = b"<</Length " + str(len(stream)).encode() + b">>\nstream\n" + stream + b"\nendstream"
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += str(i + 1).encode() + b" 0 obj\n" + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 6\n0000000000 65535 f \n"
    for o in offs:
        out += ("%010d 00000 n \n" % o).encode()
    out += b"trailer\n<</Size 6/Root 1 0 R>>\nstartxref\n" + str(xref).encode() + b"\n%%EOF\n"
    return out


def make_jpeg(blocks=None):
    """Complete baseline greyscale JPEG (8*blocks x 8) using one-symbol Huffman tables."""
    blocks = blocks or ch([1, 2, 3, 4])
    q = ri(1, 40)
    dqt = b"\xff\xdb\x00\x43\x00" + bytes(min(255, max(1, q + (i // 8) + (i % 8))) for i in range(64))
    app0 = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00" + struct.pack(">HH", ch([1, 72, 96]), ch([1, 72, 96])) + b"\x00\x00"
    sof = b"\xff\xc0\x00\x0b\x08" + struct.pack(">HH", 8, 8 * blocks) + b"\x01\x01\x11\x00"
    dht_dc = b"\xff\xc4\x00\x14\x00" + b"\x01" + b"\x00" * 15 + b"\x00"
    dht_ac = b"\xff\xc4\x00\x14\x10" + b"\x01" + b"\x00" * 15 + b"\x00"
    sos = b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00"
    bits = "00" * blocks
    bits += "1" * (-len(bits) % 8)
    scan = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    return b"\xff\xd8" + app0 + dqt + sof + dht_dc + dht_ac + sos + scan + b"\xff\xd9"


def make_ico():
    p = make_png(16, 16, ch(["dot", "solid"]))
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def make_pcap(kind=None):
    kind = kind or ch(["sip", "gtp"])
    src, dst = priv_ip(), priv_ip()

    def ip2b(s):
        return bytes(int(x) for x in s.split("."))

    if kind == "sip":
        sport, dport = 5060, 5060
        payload = ("OPTIONS sip:%s:5060 SIP/2.0\r\nVia: SIP/2.0/UDP %s:5060;branch=z9hG4bK%s\r\n"
                   "Max-Forwards: 70\r\nFrom: <sip:%s>;tag=%s\r\nTo: <sip:%s>\r\nCall-ID: %s\r\n"
                   "CSeq: %d OPTIONS\r\nContent-Length: 0\r\n\r\n" %
                   (dst, src, hexs(10), src, hexs(8), dst, hexs(16), ri(1, 900))).encode()
    else:
        sport, dport = 2152, 2152
        payload = struct.pack(">BBHIHBB", 0x32, 1, 4, 0, ri(1, 65000), 0, 0)
    udp = struct.pack(">HHHH", sport, dport, 8 + len(payload), 0) + payload
    iph = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), ri(1, 65535), 0x4000, 64, 17, 0, ip2b(src), ip2b(dst))
    s = sum(struct.unpack(">10H", iph))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    iph = iph[:10] + struct.pack(">H", (~s) & 0xFFFF) + iph[12:]
    eth = bytes([0x02] + [ri(0, 255) for _ in range(5)]) + bytes([0x02] + [ri(0, 255) for _ in range(5)]) + b"\x08\x00"
    frame = eth + iph + udp
    gh = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)
    ph = struct.pack("<IIII", epoch(), ri(0, 999999), len(frame), len(frame))
    return gh + ph + frame


def make_svg_icon():
    c = "#%02x%02x%02x" % (ri(0, 255), ri(0, 255), ri(0, 255))
    k = ri(0, 3)
    if k == 0:
        body = '<circle cx="8" cy="8" r="%d" fill="%s"/>' % (ri(4, 7), c)
    elif k == 1:
        body = '<path d="M8 1l7 14H1z" fill="%s"/><path d="M8 6v4" stroke="#fff"/>' % c
    elif k == 2:
        body = '<rect x="2" y="%d" width="3" height="%d" fill="%s"/><rect x="6" y="5" width="3" height="9" fill="%s"/><rect x="10" y="2" width="3" height="12" fill="%s"/>' % (ri(7, 10), ri(3, 6), c, c, c)
    else:
        body = '<path d="M3 13h10M8 13V4M4 6c2-2 6-2 8 0" stroke="%s" fill="none" stroke-width="1.5"/>' % c
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">%s</svg>' % body


def pct_svg(svg):
    out = []
    for c in svg:
        if c in '<>#"%':
            out.append("%%%02X" % ord(c))
        else:
            out.append(c)
    return "".join(out)


def make_woff2_head():
    total = ri(9000, 40000)
    hdr = b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">IHHIIHHIIIII", total, ri(10, 16), 0, total * 3, total - 60,
                                                      1, 0, 0, 0, 0, 0, 0)
    return hdr + rbytes(ri(30, 60))


def make_ttf_head():
    return b"\x00\x01\x00\x00" + struct.pack(">HHHH", 11, 128, 3, 32) + b"OS/2" + rbytes(12) + b"cmap" + rbytes(12) + b"glyf" + rbytes(12)


def make_sourcemap(fname):
    srcs = sample(["src/alarms/AlarmTable.tsx", "src/alarms/useAlarmStream.ts", "src/topology/SiteMarker.tsx",
                   "src/kpi/CssrChart.tsx", "src/api/northbound.ts", "src/tickets/TicketDrawer.tsx"], 2)
    names = sample(["severity", "perceivedSeverity", "ackAlarm", "probableCause", "nodeId", "clearAlarm", "useEffect"], 3)
    mp = ";".join(",".join(rs("ABCDEFGIKMOQSgkou", ri(4, 7)) for _ in range(ri(1, 3))) for _ in range(ri(3, 6)))
    sm = {"version": 3, "file": fname, "sources": srcs, "names": names, "mappings": mp}
    return b64(json.dumps(sm, separators=(",", ":")).encode())


def trunc(s, keep=None, mark=None):
    keep = keep or ri(40, 90)
    mark = mark or ch(["…", "...", "…[%d more chars]" % (len(s) - keep), "…(truncated)"])
    return s[:keep] + mark if len(s) > keep + 8 else s


# ------------------------------------------------------------------ DER / PEM
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int_bytes(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def der_int(v):
    return der_int_bytes(v.to_bytes(max(1, (v.bit_length() + 7) // 8), "big"))


def seq(*parts):
    return der(0x30, b"".join(parts))


OID_EC = bytes.fromhex("06072a8648ce3d0201")
OID_P256 = bytes.fromhex("06082a8648ce3d030107")
OID_ECDSA_SHA256 = bytes.fromhex("06082a8648ce3d040302")
OID_RSA = bytes.fromhex("06092a864886f70d010101")
OID_ED25519 = bytes.fromhex("06032b6570")


def top(nbytes, odd=False):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0x80
    if odd:
        b[-1] |= 1
    return bytes(b)


def key_ec_sec1():
    d = rbytes(32)
    pub = b"\x04" + rbytes(64)
    return "EC PRIVATE KEY", seq(der_int(1), der(0x04, d), der(0xA0, OID_P256), der(0xA1, der(0x03, b"\x00" + pub)))


def key_ec_pkcs8():
    d = rbytes(32)
    pub = b"\x04" + rbytes(64)
    inner = seq(der_int(1), der(0x04, d), der(0xA1, der(0x03, b"\x00" + pub)))
    return "PRIVATE KEY", seq(der_int(0), seq(OID_EC, OID_P256), der(0x04, inner))


def key_ed25519_pkcs8():
    return "PRIVATE KEY", seq(der_int(0), seq(OID_ED25519), der(0x04, der(0x04, rbytes(32))))


def key_rsa_pkcs1(bits=2048):
    nb = bits // 8
    hb = nb // 2
    parts = [der_int(0), der_int_bytes(top(nb, True)), der_int(65537), der_int_bytes(top(nb)),
             der_int_bytes(top(hb, True)), der_int_bytes(top(hb, True)), der_int_bytes(top(hb)),
             der_int_bytes(top(hb)), der_int_bytes(top(hb))]
    return "RSA PRIVATE KEY", seq(*parts)


def key_rsa_pkcs8(bits=2048):
    _, inner = key_rsa_pkcs1(bits)
    return "PRIVATE KEY", seq(der_int(0), seq(OID_RSA, b"\x05\x00"), der(0x04, inner))


def key_encrypted_pkcs8():
    _, inner = key_rsa_pkcs8()
    enc_len = (len(inner) // 16 + 1) * 16
    pbes2 = bytes.fromhex("06092a864886f70d01050d")
    pbkdf2 = bytes.fromhex("06092a864886f70d01050c")
    hmac256 = bytes.fromhex("06082a864886f70d0209")
    aes256cbc = bytes.fromhex("060960864801650304012a")
    algo = seq(pbes2, seq(seq(pbkdf2, seq(der(0x04, rbytes(16)), der_int(2048), seq(hmac256, b"\x05\x00"))),
                          seq(aes256cbc, der(0x04, rbytes(16)))))
    return "ENCRYPTED PRIVATE KEY", seq(algo, der(0x04, rbytes(enc_len)))


def ssh_str(b):
    if isinstance(b, str):
        b = b.encode()
    return struct.pack(">I", len(b)) + b


def key_openssh_ed25519(comment):
    pk = rbytes(32)
    sk = rbytes(32)
    pub = ssh_str("ssh-ed25519") + ssh_str(pk)
    chk = rbytes(4)
    priv = chk + chk + ssh_str("ssh-ed25519") + ssh_str(pk) + ssh_str(sk + pk) + ssh_str(comment)
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + ssh_str("none") + ssh_str("none") + ssh_str(b"") + struct.pack(">I", 1) + ssh_str(pub) + ssh_str(priv)
    return "OPENSSH PRIVATE KEY", blob


def pem_lines(blob, width=64):
    return wrap(b64(blob), width)


def ssh_ed25519_pub():
    return b64(ssh_str("ssh-ed25519") + ssh_str(rbytes(32)))


def make_cert_der(cn):
    def name(s):
        return seq(der(0x31, seq(bytes.fromhex("0603550403"), der(0x0C, s.encode()))))
    nb = (BASE_DT + datetime.timedelta(days=ri(0, 300)))
    na = nb + datetime.timedelta(days=ch([365, 398, 730]))
    val = seq(der(0x17, nb.strftime("%y%m%d%H%M%SZ").encode()), der(0x17, na.strftime("%y%m%d%H%M%SZ").encode()))
    spki = seq(seq(OID_EC, OID_P256), der(0x03, b"\x00\x04" + rbytes(64)))
    tbs = seq(der(0xA0, der_int(2)), der_int_bytes(top(16)), seq(OID_ECDSA_SHA256), name("NOC Lab Issuing CA 2"),
              val, name(cn), spki)
    sig = seq(der_int_bytes(top(32)), der_int_bytes(top(32)))
    return seq(tbs, seq(OID_ECDSA_SHA256), der(0x03, b"\x00" + sig))


# ------------------------------------------------------- secret generators
def card(brand=None, fmt=None):
    brand = brand or ch(["visa", "mc", "mc2", "amex", "disc"])
    while True:
        if brand == "visa":
            n = luhn_complete("4" + digs(14))
        elif brand == "mc":
            n = luhn_complete("5" + str(ri(1, 5)) + digs(13))
        elif brand == "mc2":
            n = luhn_complete(str(ri(2221, 2720)) + digs(11))
        elif brand == "amex":
            n = luhn_complete(ch(["34", "37"]) + digs(12))
        else:
            n = luhn_complete("6011" + digs(11))
        if len(set(n)) > 4:
            break
    fmt = fmt or ch(["plain", "space", "dash"])
    if fmt == "plain":
        return n
    sep = " " if fmt == "space" else "-"
    if len(n) == 15:
        return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_mod_ok(iban):
    s = iban.replace(" ", "")
    return len(s) >= 15 and iban_num(s[4:] + s[:4]) % 97 == 1


def iban_make(cc, bban):
    chk = 98 - iban_num(bban + cc + "00") % 97
    return "%s%02d%s" % (cc, chk, bban)


def es_dc(d, w):
    s = sum(int(a) * b for a, b in zip(d, w))
    v = 11 - s % 11
    return {11: 0, 10: 1}.get(v, v)


IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21]


def it_cin(s):
    tot = 0
    for i, c in enumerate(s):
        v = int(c) if c.isdigit() else ord(c) - 65
        if i % 2 == 0:
            tot += IT_ODD[int(c)] if c.isdigit() else [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8,
                                                       12, 14, 16, 10, 22, 25, 24, 23][v]
        else:
            tot += v
    return UP[tot % 26]


def iban(cc=None, grouped=None):
    cc = cc or ch(["DE", "GB", "FR", "NL", "ES", "IT", "BE", "AT", "CH", "PL"])
    if cc == "DE":
        b = digs(8) + digs(10)
    elif cc == "GB":
        b = ch(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + digs(6) + digs(8)
    elif cc == "FR":
        bank, br, acct = digs(5), digs(5), digs(11)
        key = 97 - (89 * int(bank) + 15 * int(br) + 3 * int(acct)) % 97
        b = bank + br + acct + "%02d" % key
    elif cc == "NL":
        while True:
            a = digs(10)
            if a[0] != "0" and sum(int(a[i]) * (10 - i) for i in range(10)) % 11 == 0:
                break
        b = ch(["ABNA", "RABO", "INGB", "TRIO", "SNSB", "KNAB"]) + a
    elif cc == "ES":
        bank, br, acct = digs(4), digs(4), digs(10)
        d1 = es_dc("00" + bank + br, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])
        d2 = es_dc(acct, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])
        b = bank + br + "%d%d" % (d1, d2) + acct
    elif cc == "IT":
        rest = digs(5) + digs(5) + digs(12)
        b = it_cin(rest) + rest
    elif cc == "BE":
        f = digs(10)
        c = int(f) % 97 or 97
        b = f + "%02d" % c
    elif cc == "AT":
        b = digs(5) + digs(11)
    elif cc == "CH":
        b = digs(5) + digs(12)
    else:
        bank = digs(7)
        c = (10 - sum(int(d) * w for d, w in zip(bank, [3, 9, 7, 1, 3, 9, 7])) % 10) % 10
        b = bank + str(c) + digs(16)
    s = iban_make(cc, b)
    if grouped is None:
        grouped = R.random() < 0.6
    return " ".join(wrap(s, 4)) if grouped else s


def ssn(fmt="dash"):
    while True:
        a = ri(1, 899)
        if a == 666:
            continue
        g, s = ri(1, 99), ri(1, 9999)
        v = "%03d-%02d-%04d" % (a, g, s)
        if v not in ("078-05-1120", "123-45-6789", "219-09-9999"):
            break
    if fmt == "space":
        return v.replace("-", " ")
    if fmt == "plain":
        return v.replace("-", "")
    return v


RESERVED4 = [("0.0.0.0", 8), ("10.0.0.0", 8), ("100.64.0.0", 10), ("127.0.0.0", 8), ("169.254.0.0", 16),
             ("172.16.0.0", 12), ("192.0.0.0", 24), ("192.0.2.0", 24), ("192.88.99.0", 24), ("192.168.0.0", 16),
             ("198.18.0.0", 15), ("198.51.100.0", 24), ("203.0.113.0", 24), ("224.0.0.0", 4), ("240.0.0.0", 4)]


def ip_int(s):
    a = [int(x) for x in s.split(".")]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]


def ip_in(s, net, plen):
    m = (0xFFFFFFFF << (32 - plen)) & 0xFFFFFFFF
    return ip_int(s) & m == ip_int(net) & m


def ip_public_ok(s):
    return not any(ip_in(s, n, p) for n, p in RESERVED4)


def pub_ip():
    while True:
        s = "%d.%d.%d.%d" % (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public_ok(s):
            return s


def phone(cc=None):
    cc = cc or ch(["UK", "DE", "FR", "ES", "IT", "NL", "PL", "JP", "US", "BR", "TR", "IN", "KE", "E164"])
    if cc == "UK":
        while True:
            p = "7" + ch("45789") + digs(8)
            if not p.startswith("7700"):
                break
        return ch(["+44 %s %s" % (p[:4], p[4:]), "0%s %s" % (p[:4], p[4:])])
    if cc == "DE":
        pre = ch(["151", "152", "160", "170", "171", "176", "157", "162"])
        rest = digs(ri(7, 8))
        return ch(["+49 %s %s" % (pre, rest), "0%s %s" % (pre, rest), "0%s/%s" % (pre, rest)])
    if cc == "FR":
        p = ch("67") + digs(8)
        g = " ".join(p[i:i + 2] for i in range(1, 9, 2))
        return ch(["+33 %s %s" % (p[0], g), "0%s %s" % (p[0], g)])
    if cc == "ES":
        p = ch("67") + digs(8)
        return "+34 %s %s %s" % (p[:3], p[3:6], p[6:])
    if cc == "IT":
        p = "3" + ch("234") + digs(8)
        return "+39 %s %s %s" % (p[:3], p[3:6], p[6:])
    if cc == "NL":
        p = digs(8)
        return ch(["06-%s" % p, "+31 6 %s" % p])
    if cc == "PL":
        p = ch("5678") + digs(8)
        return "+48 %s %s %s" % (p[:3], p[3:6], p[6:])
    if cc == "JP":
        return "%s-%s-%s" % (ch(["090", "080", "070"]), digs(4), digs(4))
    if cc == "US":
        area = ch(["212", "312", "415", "469", "512", "617", "646", "702", "713", "818", "917", "971"])
        ex = str(ri(2, 9)) + digs(2)
        if ex == "555":
            ex = "556"
        return ch(["+1 %s %s %s" % (area, ex, digs(4)), "(%s) %s-%s" % (area, ex, digs(4)),
                   "%s-%s-%s" % (area, ex, digs(4))])
    if cc == "BR":
        return "+55 %s 9%s-%s" % (ch(["11", "21", "31", "41", "61"]), digs(4), digs(4))
    if cc == "TR":
        p = "5" + ch("345") + digs(8)
        return "+90 %s %s %s %s" % (p[:3], p[3:6], p[6:8], p[8:])
    if cc == "IN":
        p = ch("6789") + digs(9)
        return "+91 %s %s" % (p[:5], p[5:])
    if cc == "KE":
        p = "7" + digs(8)
        return "+254 %s %s %s" % (p[:3], p[3:6], p[6:])
    # bare E.164 MSISDN as it appears in CDRs / HLR dumps
    return ch(["49" + ch(["151", "160", "176"]) + digs(8), "447" + ch("4579") + digs(8), "336" + digs(8),
               "346" + digs(8), "393" + ch("234") + digs(8)])


FIRST = ["anna", "jonas", "marta", "luis", "chiara", "pieter", "kasia", "emre", "yuki", "sanne", "tomas", "ines",
         "amara", "rafael", "lena", "omar", "nadia", "bruno", "eva", "kofi"]
LAST = ["kowalczyk", "varga", "ferreira", "lindqvist", "moreau", "okafor", "dekker", "yilmaz", "tanaka", "rossi",
        "schulte", "navarro", "haddad", "novak", "brennan", "mwangi", "costa", "berger"]
DOMAINS = ["nordlinq-telecom.de", "vantelia.net", "korvinet.eu", "ipx-carrierhub.com", "maretel.fr",
           "telvista-mobile.com", "orbix-networks.io", "baltcom-roaming.lt", "sudwest-funk.de", "azurtel.es",
           "quantiq-ran.com", "meridian-mvno.us", "hollandnet-ipx.nl", "fjordmobil.no"]


def email(kind=None, names=None):
    f, l = names or (ch(FIRST), ch(LAST))
    d = ch(DOMAINS)
    k = kind or ch(["fl", "f.l", "f_l", "role", "fl2"])
    if k == "fl":
        lp = f[0] + l
    elif k == "f.l":
        lp = f + "." + l
    elif k == "f_l":
        lp = f + "_" + l
    elif k == "fl2":
        lp = f + "." + l + str(ri(1, 99))
    else:
        lp = ch(["noc", "roaming-ops", "tac-escalation", "ipx-support", "interconnect", "fraud-desk", "billing-ops"])
    return lp + "@" + d


def person(names=None):
    f, l = names or (ch(FIRST), ch(LAST))
    return "%s %s" % (f.capitalize(), l.capitalize())


def contact(kind):
    names = (ch(FIRST), ch(LAST))
    return person(names), email(kind, names)


def aws_akid(prefix=None):
    while True:
        v = (prefix or ch(["AKIA", "AKIA", "AKIA", "ASIA"])) + rs(B32, 16)
        if "EXAMPLE" not in v:
            return v


def aws_secret():
    return rs(UP + LO + DIG + "/+", 40)


def b62enc(n, width):
    out = ""
    while n:
        out = B62[n % 62] + out
        n //= 62
    return out.rjust(width, "0")


def gh_classic(prefix="ghp_"):
    body = rs(B62, 30)
    return prefix + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def gh_fine():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (digs(ri(11, 12)), digs(13), rs(B62, 24))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (digs(11), digs(ri(11, 12)), digs(13), hexs(32))


def openai_key(style=None):
    style = style or ch(["proj", "proj", "legacy", "svc"])
    if style == "legacy":
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    pre = "sk-proj-" if style == "proj" else "sk-svcacct-"
    return pre + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(B64URL, 93) + "AA"


def jwt(payload, alg="RS256", kid=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if kid:
        hdr["kid"] = kid
    siglen = {"RS256": 256, "ES256": 64, "HS256": 32}[alg]
    return "%s.%s.%s" % (b64u(json.dumps(hdr, separators=(",", ":")).encode()),
                         b64u(json.dumps(payload, separators=(",", ":")).encode()), b64u(rbytes(siglen)))


WORDS = ["Ostsee", "kran", "Pilz", "tundra", "Lagune", "basalt", "Falke", "cobalt", "Mistral", "orbita", "Zephyr",
         "granit", "Nebel", "quarzo", "Vulkan", "sirocco", "Pampa", "ferro"]


def password(style=None):
    style = style or ch(["rand", "rand", "words", "mixed"])
    if style == "rand":
        while True:
            p = rs(UP + LO + DIG + "!#%*+-_.=", ri(14, 22))
            if any(c.isdigit() for c in p) and any(c.isupper() for c in p) and any(c in "!#%*+-_.=" for c in p):
                return p
    if style == "words":
        return "-".join([ch(WORDS), ch(WORDS), digs(4), ch(WORDS)])
    return ch(WORDS) + ch("!#%*") + digs(ri(3, 5)) + rs(UP + LO, ri(3, 6))


def url_password():
    while True:
        p = rs(UP + LO + DIG + "-._~", ri(14, 24))
        if any(c.isdigit() for c in p) and any(c.isalpha() for c in p):
            return p


# ------------------------------------------------------------------ scanner
# Used to redraw negatives.  Deliberately broad: it flags more than a real
# secret, and a negative is thrown away on any hit.
PUBLISHED_IBANS = {"DE89370400440532013000", "GB29NWBK60161331926819", "FR1420041010050500013M02606",
                   "NL91ABNA0417164300", "ES9121000418450200051332", "IT60X0542811101000000123456",
                   "BE68539007547034", "AT611904300234573201", "CH9300762011623852957",
                   "PL61109010140000071219812874"}
# 3GPP TS 35.208 test set 1 (K, OP, OPc) and the K/OPc pair printed in the Open5GS quickstart.
PUBLISHED_SIM_KEYS = {"465b5ce8b199b49faa5f0a2ee238a6bc", "cdc202d5123e20f62b6d676ac72cb318",
                      "cd63cb71954a9f4e48a5994e37a02baf", "e8ed289deba952e4283b54e88e6183ca"}
DEFAULT_PW = {"changeme", "change_me", "admin", "guest", "password", "public", "private", "testing123", "tiger",
              "secret", "root", "postgres", "open5gs", "free5gc", "ubuntu", "oracle", "manager", "changeit"}
IBAN_LEN = {"DE": 22, "GB": 22, "FR": 27, "NL": 18, "ES": 24, "IT": 27, "BE": 16, "AT": 20, "CH": 21, "PL": 28,
            "PT": 25, "IE": 22, "SE": 24, "NO": 15, "DK": 18, "FI": 18, "LU": 20, "CZ": 24, "TR": 26, "GR": 27}

RX = {
    "email": re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}"),
    "slack": re.compile(r"xox[abposr]-\d+-|xapp-\d-[A-Z0-9]+"),
    "slack_webhook": re.compile(r"hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+"),
    "sk_key": re.compile(r"\bsk-[A-Za-z0-9_\-]{32,}"),
    "vendor": re.compile(r"AIza[0-9A-Za-z_\-]{35}|glpat-[0-9A-Za-z_\-]{20}|\b[sr]k_live_[0-9A-Za-z]{16,}|"
                         r"\bnpm_[A-Za-z0-9]{36}|SG\.[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}|whsec_[A-Za-z0-9]{24,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
    "pem_private": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(?:\\n|\s)*[A-Za-z0-9+/=]{40,}"),
    "ssn": re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])|(?<!\d)(?<!\d )\d{3} \d{2} \d{4}(?! ?\d)"),
    "aws": re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA|AIDA|AROA|AGPA|ANPA)[A-Z0-9]{16}(?![A-Z0-9])"),
    "ipv4": re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)"),
    "phone_plus": re.compile(r"(?<![\w+])\+(\d{1,3})[\s.\-]?\(?\d{1,4}\)?(?:[\s.\-]?\d{2,4}){2,5}"),
    "phone_us": re.compile(r"\(\d{3}\)\s?\d{3}[\-.\s]\d{4}"),
    "sim_key": re.compile(r"(?i)\b(?:ki|k|key|opc|op)\b[\"']?\s*[:=]\s*[\"']?([0-9a-fA-F]{32})\b"),
    "url_creds": re.compile(r"\b[a-z][a-z0-9+.\-]*://([^:/\s@<>\"']+):([^@\s/<>\"']*)@"),
    "pw_assign": re.compile(r"(?i)\b(?:password|passwd|pwd|pass|secret|psk|community|client_secret|api_?key|token)"
                            r"\b[\"']?\s*[:=]\s*[\"']?([^\s\"'<>,;)\]}]+)"),
}
RUN_PLAIN = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
RUN_GROUP = re.compile(r"(?<![\d])\d{2,6}(?:[ \-]\d{2,6}){1,8}(?!\d)")
RUN_IBAN = re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30})")


def is_mask(s):
    a = ip_int(s)
    inv = (~a) & 0xFFFFFFFF
    if s.startswith("255.") and inv & (inv + 1) == 0:
        return True  # netmask such as 255.255.255.252
    if s.startswith("0.") and a & (a + 1) == 0:
        return True  # ACL / OSPF wildcard such as 0.0.0.3
    return False


def ip_allowed(s):
    if any(ip_in(s, n, p) for n, p in [("10.0.0.0", 8), ("172.16.0.0", 12), ("192.168.0.0", 16), ("127.0.0.0", 8),
                                        ("192.0.2.0", 24), ("198.51.100.0", 24), ("203.0.113.0", 24)]):
        return "ok"
    if s == "0.0.0.0":
        return "ok"
    if is_mask(s):
        return "mask"
    return None


def placeholderish(v):
    lv = v.lower()
    if lv in DEFAULT_PW:
        return True
    if v[:1] in "$<{%[*(`!" or "..." in v or "…" in v or lv.startswith(("vault:", "op://", "enc[", "env:", "file:",
                                                                               "secretref", "ref+", "/")):
        return True
    if re.fullmatch(r"[x*•#]+", lv) or "redacted" in lv or "example" in lv or "your" in lv or "change" in lv \
            or "placeholder" in lv or "dummy" in lv or "masked" in lv or "filtered" in lv or "removed" in lv:
        return True
    if not re.search(r"\d", v) or not re.search(r"[A-Za-z]", v):
        return True
    if re.fullmatch(r"[a-z0-9_\-]+(?:/[a-z0-9_\-.:]+)+", v):
        return True  # secret-store paths such as kv/data/5gc/udm:client_secret
    if re.fullmatch(r"[a-z][a-z0-9_.\-]*", v) and ("_" in v or "." in v or "-" in v):
        return True  # identifiers / key paths such as vault_udm_db_password or kv.5gc.udm
    return False


def scan(text):
    """Return (hits, notes): hits are reasons to redraw, notes are deliberate exemptions."""
    hits, notes = [], []
    for m in RX["email"].finditer(text):
        local, dom = m.group(0).split("@", 1)
        if dom.lower().endswith(".3gppnetwork.org") and re.fullmatch(r"\+?\d{6,16}", local):
            notes.append(("ims_identity", m.group(0)))
        else:
            hits.append(("email", m.group(0)))
    for k in ("github", "slack", "sk_key", "vendor", "jwt", "pem_private"):
        for m in RX[k].finditer(text):
            hits.append((k, m.group(0)[:40]))
    for m in RX["slack_webhook"].finditer(text):
        if not re.fullmatch(r"[0X]+", m.group(0).rsplit("/", 1)[1]):
            hits.append(("slack_webhook", m.group(0)))
    for m in RX["ssn"].finditer(text):
        hits.append(("ssn", m.group(0)))
    for m in RX["aws"].finditer(text):
        if "EXAMPLE" in m.group(0):
            notes.append(("aws_doc_example", m.group(0)))
        else:
            hits.append(("aws", m.group(0)))
    for m in RUN_PLAIN.finditer(text):
        if luhn_ok(m.group(0)):
            hits.append(("luhn", m.group(0)))
    for m in RUN_GROUP.finditer(text):
        groups = re.split(r"[ \-]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if j > i and 13 <= len(acc) <= 19 and luhn_ok(acc):
                    hits.append(("luhn_grouped", " ".join(groups[i:j + 1])))
    for m in RUN_IBAN.finditer(text):
        s = m.group(1).replace(" ", "")
        cands = [s[:IBAN_LEN[s[:2]]]] if s[:2] in IBAN_LEN and len(s) >= IBAN_LEN[s[:2]] else \
            [s[:n] for n in range(15, len(s) + 1)]
        for c in cands:
            if iban_mod_ok(c):
                if c in PUBLISHED_IBANS:
                    notes.append(("iban_registry_example", c))
                else:
                    hits.append(("iban", c))
    for m in RX["ipv4"].finditer(text):
        s = m.group(0)
        if any(int(x) > 255 for x in m.groups()):
            continue
        a = ip_allowed(s)
        if a is None:
            hits.append(("ipv4_public", s))
        elif a == "mask":
            notes.append(("netmask", s))
    for m in RX["phone_plus"].finditer(text):
        digits_only = re.sub(r"\D", "", m.group(0))
        if m.group(1).startswith("999") or digits_only.startswith("999"):
            notes.append(("lab_msisdn_cc999", m.group(0)))
        elif len(digits_only) >= 8:
            hits.append(("phone", m.group(0)))
    for m in RX["phone_us"].finditer(text):
        hits.append(("phone_us", m.group(0)))
    for m in RX["sim_key"].finditer(text):
        if m.group(1).lower() in PUBLISHED_SIM_KEYS:
            notes.append(("sim_test_vector", m.group(1)))
        else:
            hits.append(("sim_key", m.group(1)))
    for m in RX["url_creds"].finditer(text):
        pw = m.group(2)
        if pw and not placeholderish(pw):
            hits.append(("url_creds", m.group(0)))
        elif pw:
            notes.append(("url_default_or_placeholder", m.group(0)))
    for m in RX["pw_assign"].finditer(text):
        v = m.group(1)
        if len(v) >= 6 and not placeholderish(v):
            hits.append(("pw_assign", m.group(0)))
    return hits, notes


# ================================================================ negatives
CATS = ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob", "pii_lookalike_number",
        "talk_about_secrets"]
NEG = {c: [] for c in CATS}


def neg(cat):
    def deco(f):
        NEG[cat].append(f)
        return f
    return deco


def fence(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


def png64():
    return b64(make_png())


# ------------------------------------------------------------ data_uri_base64
@neg("data_uri_base64")
def d_grafana_mail():
    alert = ch(["AMF_N2SetupFailureRatio", "SMF_PDUSessionEstablishFail", "DRA_PeerDown", "UPF_N3_GTPU_EchoTimeout",
                "SBC_RegistrationStorm", "HSS_S6a_AIA_Latency"])
    nd = "%s%02d" % (alert.split("_")[0].lower(), ri(1, 4))
    return ("[FIRING:%d] %s (%s)\n" % (ri(1, 9), alert, site()) + fence(
        '<td class="alert-icon"><img src="data:image/png;base64,%s" width="16" height="16" alt="%s"></td>\n'
        '<td>%s %s %.1f%% over threshold for %dm</td>' % (png64(), ch(["critical", "major", "minor"]), nd, alert,
                                                          R.uniform(5, 40), ch([5, 10, 15])), "html") +
            "\n" + ch(["Outlook shows the icon as a broken image, Gmail is fine. Anyone fixed the template?",
                       "the inline icon makes every notification 2 KB bigger, we could just drop it",
                       "Warum ist das Icon im Mail-Client kaputt?", "why is the severity icon inlined at all?"]))


@neg("data_uri_base64")
def d_css_severity():
    lines = []
    for sev in sample(["critical", "major", "minor", "warning", "cleared", "indeterminate"], ri(2, 4)):
        lines.append(".alarm-%s::before {\n  content: \"\";\n  background: url(\"data:image/svg+xml;base64,%s\") no-repeat;\n}"
                     % (sev, b64(make_svg_icon().encode())))
    return ch(["alarm console severity icons after the rebrand:", "OSS portal css, the icons are inline now:",
               "Nouvelles icônes de sévérité pour la console d'alarmes :"]) + "\n" + fence("\n".join(lines), "css")


@neg("data_uri_base64")
def d_leaflet_marker():
    svg = make_svg_icon()
    return fence("const siteIcon = L.icon({\n  iconUrl: \"data:image/svg+xml,%s\",\n  iconSize: [16, 16],\n});\n"
                 "L.marker([%.4f, %.4f], { icon: siteIcon }).bindPopup(\"%s eNB %d\");" %
                 (pct_svg(svg), R.uniform(40, 55), R.uniform(-3, 20), site().upper(), ri(10000, 999999)), "js") + \
        "\n" + ch(["coverage map markers for the drive-test view", "marker icon for sites with active alarms",
                   "Marker für Standorte mit offenen Alarmen"])


@neg("data_uri_base64")
def d_jupyter():
    return ("KPI notebook cell output (CSSR %s), pasted raw:\n" % site() + fence(
        '{\n "output_type": "display_data",\n "data": {\n  "image/png": "%s",\n  "text/plain": ["<Figure size 640x480 with 1 Axes>"]\n },\n "metadata": {}\n}'
        % png64(), "json"))


@neg("data_uri_base64")
def d_mm7():
    jpg = b64(make_jpeg())
    tid = hexs(12)
    body = "\n".join(wrap(jpg, 76))
    return fence(
        "--mm7-boundary-%s\nContent-Type: text/xml; charset=utf-8\n\n<mm7:SubmitReq>... TransactionID %s ...</mm7:SubmitReq>\n"
        "--mm7-boundary-%s\nContent-Type: image/jpeg\nContent-ID: <img%02d>\nContent-Transfer-Encoding: base64\n\n%s\n--mm7-boundary-%s--"
        % (tid[:6], tid, tid[:6], ri(1, 20), body, tid[:6])) + "\n" + ch([
            "MMSC lab test: VASP submit with a tiny JPEG, transcoder rejects it with 4004",
            "this is the MM7 payload that makes the MMSC transcoder crash, attachment is a greyscale test image",
            "el MMSC devuelve 4004 con esta imagen de prueba"])


@neg("data_uri_base64")
def d_pcap_b64():
    k = ch(["sip", "gtp"])
    data = b64(make_pcap(k))
    return ("%s\n" % ch(["smallest repro I could make, one packet:", "one-packet capture from the lab span port",
                         "Ein-Paket-Mitschnitt zum Nachstellen:"]) +
            fence("echo '%s' | base64 -d > %s.pcap\ntshark -r %s.pcap -V | head -40" %
                  (data, "options_ping" if k == "sip" else "gtpu_echo", "options_ping" if k == "sip" else "gtpu_echo"),
                  "bash"))


@neg("data_uri_base64")
def d_announcement():
    wav = b64(make_wav())
    uri = "data:audio/wav;base64," + (wav if R.random() < 0.5 else trunc(wav, ri(60, 120)))
    ann = ri(1000, 1099)
    return fence("curl -s -X PUT http://%s:8080/mrf/v1/prompts/ann_%d \\\n  -H 'Content-Type: application/json' \\\n"
                 "  -d '{\"language\":\"%s\",\"codec\":\"PCMU\",\"audio\":\"%s\"}'" %
                 (priv_ip(), ann, ch(["de-DE", "en-GB", "fr-FR", "tr-TR", "es-ES"]), uri), "bash") + "\n" + ch([
        "uploading the %d ms test tone as prompt %d before the real recording arrives" % (ri(20, 50), ann),
        "MRF accepts it but plays silence, 8-bit PCM probably not supported",
        "Ansage %d ist nur ein Testton, die echte Aufnahme kommt nächste Woche" % ann])


@neg("data_uri_base64")
def d_pdf_ticket():
    t = tt("CHG")
    pdf = b64(make_pdf("MOP %s step %d: drain %s before upgrade" % (t, ri(1, 9), node())))
    val = pdf if R.random() < 0.5 else trunc(pdf, ri(70, 140))
    return fence('{\n  "table_name": "change_request",\n  "table_sys_id": "%s",\n  "file_name": "MOP_%s.pdf",\n'
                 '  "content_type": "application/pdf",\n  "payload": "data:application/pdf;base64,%s"\n}' %
                 (hexs(32), t, val), "json") + "\n" + ch([
        "attachment API wants the MOP as a data URI, this works for small files only",
        "upload fails above 5 MB, this tiny one goes through",
        "la API de adjuntos acepta este PDF pero no el de 8 MB"])


@neg("data_uri_base64")
def d_gif_pixel():
    return ("vendor maintenance notification (raw HTML) still has a tracking pixel:\n" +
            fence('<p>Planned maintenance window %s %s-%s UTC, affected: IPX %s</p>\n<img src="data:image/gif;base64,%s" width="1" height="1" alt="">'
                  % (rdt().strftime("%Y-%m-%d"), "%02d:00" % ri(0, 3), "%02d:00" % ri(4, 6),
                     ch(["FRA-2", "AMS-1", "MAD-1", "LON-3"]), b64(make_gif())), "html"))


@neg("data_uri_base64")
def d_favicon():
    return fence('<head>\n  <meta charset="utf-8">\n  <title>%s | NOC</title>\n  <link rel="icon" href="data:image/x-icon;base64,%s">\n</head>'
                 % (ch(["Fault Management", "Alarm Console", "PM Dashboards", "Topology"]), trunc(b64(make_ico()), ri(80, 160))), "html") + \
        "\n" + ch(["NMS login page header", "so the favicon is inlined, no extra request", "favicon inline dans le header du NMS"])


@neg("data_uri_base64")
def d_dash_markdown():
    return fence('{\n  "type": "text",\n  "title": "Legend",\n  "options": {\n    "mode": "markdown",\n'
                 '    "content": "![legend](data:image/png;base64,%s) red = %s down, amber = degraded"\n  }\n}' %
                 (png64(), ch(["S1", "N2", "Diameter peer", "SCTP association"])), "json")


@neg("data_uri_base64")
def d_csp():
    return ("console on the OSS portal after the CSP change:\n" + fence(
        "Refused to load the image 'data:image/png;base64,%s' because it violates the following Content Security Policy "
        "directive: \"img-src 'self' https://grafana.noc.internal\"." % trunc(png64(), ri(40, 80), "…"))) + "\n" + ch([
        "add data: to img-src or move the icons to files?", "¿añadimos data: a img-src?", "data: in img-src erlauben?"])


@neg("data_uri_base64")
def d_py_fixture():
    return fence('# tests/fixtures/ticket_mail.py\nSPACER_GIF = "data:image/gif;base64,%s"\nSTATUS_PNG = (\n    "data:image/png;base64,"\n    "%s"\n)\n'
                 % (b64(make_gif()), png64()), "python")


@neg("data_uri_base64")
def d_go_fixture():
    return fence('// mmsc/transcode/transcode_test.go\nvar tinyJPEG, _ = base64.StdEncoding.DecodeString("%s")\n\n'
                 'func TestTranscodeGreyscale(t *testing.T) {\n\tout, err := Transcode(tinyJPEG, ProfileMMS300K)\n'
                 '\trequire.NoError(t, err)\n\trequire.Less(t, len(out), 300*1024)\n}' % b64(make_jpeg()), "go")


@neg("data_uri_base64")
def d_helm_brand():
    return fence("nms-frontend:\n  branding:\n    title: \"%s Core NOC\"\n    logo: \"data:image/svg+xml;base64,%s\"\n    primaryColor: \"#%s\""
                 % (site().upper(), b64(make_svg_icon().encode()), hexs(6)), "yaml")


@neg("data_uri_base64")
def d_fontface():
    woff = b64(make_woff2_head())
    return fence("@font-face {\n  font-family: \"NocMono\";\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n  font-display: swap;\n}"
                 % trunc(woff, ri(50, 70), ch(["…", "...", "/* …%d KB… */" % ri(12, 40)])), "css") + "\n" + ch(
        ["that's why the grafana plugin bundle is 400 KB", "Schriftart ist inline im Plugin-CSS", "fonte embutida no CSS do plugin"])


@neg("data_uri_base64")
def d_sourcemap():
    f = ch(["alarm-console", "topology-view", "kpi-board", "ticket-drawer"]) + "." + hexs(8) + ".min.js"
    return ("tail of %s in the prod build, the inline source map ships to browsers:\n" % f +
            fence("...;return e.perceivedSeverity>=3})}();\n//# sourceMappingURL=data:application/json;base64,%s" %
                  make_sourcemap(f), "js"))


@neg("data_uri_base64")
def d_topology_icons():
    items = sample(["amf", "smf", "upf", "nrf", "udm", "dra", "stp", "sbc", "mme", "hss"], ri(2, 4))
    return fence("{\n  \"nodeIcons\": {\n%s\n  }\n}" % ",\n".join(
        '    "%s": "data:image/png;base64,%s"' % (i, b64(make_png(8, 8, "dot"))) for i in items), "json") + "\n" + ch(
        ["wallboard topology icons, one 8x8 dot per NF type", "Topologie-Icons für das Wallboard"])


@neg("data_uri_base64")
def d_runbook_md():
    return ("Runbook excerpt (Confluence export kept the diagram inline):\n" +
            "## %s failover\n1. Check peer state on both %s nodes\n2. ![state diagram](data:image/png;base64,%s)\n3. Drain traffic, then restart the pod" %
            (ch(["DRA", "STP", "SBC", "UPF", "SMF"]), ch(["DRA", "STP", "SBC"]), png64()))


@neg("data_uri_base64")
def d_har():
    return fence('{ "request": { "method": "GET", "url": "data:image/png;base64,%s" },\n  "response": { "status": 200, "content": { "size": %d, "mimeType": "image/png" } },\n  "time": 0.%02d }'
                 % (trunc(png64(), ri(50, 90), "…"), ri(90, 600), ri(1, 99)), "json") + "\n" + ch(
        ["HAR from the ticket portal, the data: entries are noise", "ignore the data: rows in the HAR"])


@neg("data_uri_base64")
def d_kotlin():
    return fence('// drivetest-app/src/main/java/.../ui/CellMarker.kt\nprivate const val PLACEHOLDER_JPEG =\n    "data:image/jpeg;base64,%s"\n'
                 % b64(make_jpeg()), "kotlin") + "\n" + ch(["placeholder until the cell photo loads", "Platzhalter für das Standortfoto"])


@neg("data_uri_base64")
def d_eml():
    png = b64(make_png(ri(16, 24), ri(12, 16), "bars"))
    body = "\n".join(wrap(png, 76))
    bd = hexs(16)
    return ("raw mail from the vendor TAC case (screenshot of the counter graph):\n" + fence(
        "Content-Type: multipart/mixed; boundary=\"=_%s\"\n\n--=_%s\nContent-Type: image/png; name=\"pm_counters.png\"\n"
        "Content-Disposition: attachment; filename=\"pm_counters.png\"\nContent-Transfer-Encoding: base64\n\n%s\n--=_%s--"
        % (bd, bd, body, bd)))


@neg("data_uri_base64")
def d_ico_py():
    ico = b64(make_ico())
    return fence('FAVICON = base64.b64decode(\n    "%s"\n)\n\n@app.get("/favicon.ico")\ndef favicon():\n    return Response(FAVICON, media_type="image/x-icon")'
                 % trunc(ico, ri(90, 140), '"  # …'), "python")


@neg("data_uri_base64")
def d_render_api():
    return fence("$ curl -s 'http://%s:3000/render/d-solo/%s?panelId=%d&width=16&height=8' | jq .\n{\n  \"snapshot\": \"data:image/png;base64,%s\"\n}"
                 % (priv_ip(), rs(LO + DIG, 9), ri(2, 40), png64()), "bash")


@neg("data_uri_base64")
def d_ttf_label():
    ttf = b64(make_ttf_head())
    return ("SIM carrier label template (logistics printer) embeds the font:\n" + fence(
        "@font-face { font-family: LabelOCR; src: url('data:font/ttf;base64,%s') }\n.iccid { font-family: LabelOCR; letter-spacing: 1px; }"
        % trunc(ttf, ri(44, 64)), "css"))


@neg("data_uri_base64")
def d_am_template():
    return fence('{{ define "noc.email.header" }}\n<table><tr>\n  <td><img alt="noc" src="data:image/png;base64,%s"/></td>\n'
                 '  <td>{{ .CommonLabels.alertname }} on {{ .CommonLabels.instance }}</td>\n</tr></table>\n{{ end }}' % png64(),
                 "gotemplate") + "\n" + ch(["alertmanager email template, logo inline", "Alertmanager-Mailvorlage"])


@neg("data_uri_base64")
def d_prose_jpeg():
    uri = "data:image/jpeg;base64," + trunc(b64(make_jpeg()), ri(40, 70), "…")
    return ch([
        "この data URI がチケット本文に残ってて本文が %d KB 超えてた: %s" % (ri(300, 900), uri),
        "Im Ticket %s steckt ein Foto vom Standort als %s — deshalb ist die Seite so langsam" % (tt("INC"), uri),
        "el cuerpo del ticket %s lleva la foto del emplazamiento inline (%s), por eso tarda en cargar" % (tt("INC"), uri),
        "o ticket %s tem a foto da antena colada como %s, o portal engasga" % (tt("INC"), uri),
        "le ticket %s contient la photo du site en ligne : %s" % (tt("INC"), uri),
        "ticket %s has the site photo pasted inline as %s, that's why search times out" % (tt("INC"), uri),
    ])


@neg("data_uri_base64")
def d_svg_map():
    return fence('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="640" height="480">\n'
                 '  <image x="%d" y="%d" width="8" height="8" href="data:image/png;base64,%s"/>\n'
                 '  <text x="%d" y="%d" font-size="9">%s</text>\n</svg>' %
                 (ri(10, 600), ri(10, 460), b64(make_png(8, 8, "dot")), ri(10, 600), ri(10, 460),
                  ch(["PoP-03", "DC-N", "Edge-12", "Lab-B"])), "xml")


@neg("data_uri_base64")
def d_ringback_var():
    wav = b64(make_wav(ch([425, 440, 450]), ch([30, 40])))
    return fence("# group_vars/sbc_lab.yml\nsbc_early_media:\n  ringback_codec: PCMA\n  ringback_tone_b64: \"%s\"" %
                 trunc(wav, ri(70, 110), "…"), "yaml") + "\n" + ch(["425 Hz tone for the lab SBC early media", "425-Hz-Freiton für das Lab-SBC"])


@neg("data_uri_base64")
def d_blurdata():
    return fence('<Image\n  src="/sites/%s.jpg"\n  width={320}\n  height={240}\n  placeholder="blur"\n  blurDataURL="data:image/jpeg;base64,%s"\n/>'
                 % (site(), b64(make_jpeg())), "jsx")


@neg("data_uri_base64")
def d_configmap_bin():
    return fence("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nms-static\n  namespace: %s\nbinaryData:\n  status-ok.png: %s\n  status-down.png: %s"
                 % (ch(["oss", "monitoring", "noc-tools"]), png64(), png64()), "yaml")


@neg("data_uri_base64")
def d_iframe_pdf():
    return ("report preview in the PM portal is blank in Firefox:\n" + fence(
        '<iframe title="weekly KPI" src="data:application/pdf;base64,%s"></iframe>' %
        trunc(b64(make_pdf("Weekly KPI %s week %d" % (site(), ri(1, 52)))), ri(80, 150)), "html") + "\n" +
        ch(["Firefox blocks top-level data: PDFs, need a blob URL", "Firefox blockiert data:-PDFs im iframe nicht, aber die Navigation schon"]))


@neg("data_uri_base64")
def d_short_mentions():
    return ch([
        "the probe exports the thumbnail as data:image/png;base64,%s and the ticket gateway chokes on it" % trunc(png64(), 36, "…"),
        "yes it's just a 1x1 gif: data:image/gif;base64,%s" % b64(make_gif()),
        "NMS sends the status icon inline: `data:image/svg+xml;base64,%s`" % b64(make_svg_icon().encode()),
        "Der Export enthält `data:image/png;base64,%s` statt eines Links" % trunc(png64(), 48, "…"),
        "la signature du mail du NOC est une image inline data:image/png;base64,%s" % trunc(png64(), 44, "..."),
    ])


# -------------------------------------------------------- placeholder_example
@neg("placeholder_example")
def p_ansible_vault_refs():
    nf = ch(["udm", "udr", "hss", "pcf", "nrf", "ausf"])
    return fence("# inventories/%s/group_vars/%s.yml\n%s_db_user: %s_app\n%s_db_password: \"{{ vault_%s_db_password }}\"\n"
                 "%s_nrf_client_secret: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/5gc/%s:client_secret') }}\"\n"
                 "%s_tls_key_path: /etc/%s/tls/tls.key" % (site(), nf, nf, nf, nf, nf, nf, nf, nf, nf), "yaml") + "\n" + ch(
        ["vault vars live in the encrypted vault.yml next to it", "die eigentlichen Werte stehen im verschlüsselten vault.yml",
         "the lookup needs VAULT_ADDR and a token in the runner env"])


@neg("placeholder_example")
def p_dbctl():
    return ("to add a test subscriber on the lab core:\n" + fence(
        "open5gs-dbctl add <IMSI> <K> <OPc>\n# e.g. open5gs-dbctl add %s <K> <OPc>\nopen5gs-dbctl type <IMSI> 1   # 1 = OPc"
        % lab_imsi(), "bash") + "\n" + ch(["K/OPc come from the SIM vendor output file, not from Slack", "K und OPc stehen in der Output-Datei des SIM-Herstellers"]))


@neg("placeholder_example")
def p_ts35208():
    return ("for the milenage unit test use the published conformance vectors (3GPP TS 35.208, test set 1), not a real card:\n" +
            fence("K   = 465b5ce8b199b49faa5f0a2ee238a6bc\nRAND= 23553cbe9637a89d218ae64dae47bf35\nSQN = ff9bb4d0b607\nAMF = b9b9\n"
                  "OP  = cdc202d5123e20f62b6d676ac72cb318\nOPc = cd63cb71954a9f4e48a5994e37a02baf") + "\n" +
            ch(["f1 should give 4a9ffac354dfafb3", "if f1 doesn't match the spec, the OPc derivation is wrong",
                "Test-Set 1 aus der Spezifikation, keine echte Karte"]))


@neg("placeholder_example")
def p_open5gs_quickstart():
    return ("UERANSIM ue.yaml for the lab, values are the ones from the Open5GS quickstart, every lab on earth uses them:\n" +
            fence("supi: 'imsi-%s'\nmcc: '001'\nmnc: '01'\nkey: '465B5CE8B199B49FAA5F0A2EE238A6BC'\nop: 'E8ED289DEBA952E4283B54E88E6183CA'\nopType: 'OPC'\namf: '8000'"
                  % non_luhn("00101000000", 15), "yaml"))


@neg("placeholder_example")
def p_helm_empty():
    nf = ch(["amf", "smf", "nef", "pcf", "chf"])
    return fence("%s:\n  sbi:\n    scheme: https\n    oauth2:\n      enabled: true\n      clientId: %s-%s\n      clientSecret: \"\"   # injected by external-secrets, never set here\n"
                 "  tls:\n    existingSecret: %s-sbi-tls" % (nf, nf, site(), nf), "yaml")


@neg("placeholder_example")
def p_k8s_secret():
    nf = ch(["udr-mongo", "bss-oracle", "cdr-sftp", "oss-northbound", "smsc-smpp"])
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-credentials\n  namespace: %s\ntype: Opaque\ndata:\n  username: <base64-encoded-username>\n  password: <base64-encoded-password>"
                 % (nf, ch(NS)), "yaml") + "\n" + ch(["template only, the real one is generated by the pipeline", "nur Vorlage"])


@neg("placeholder_example")
def p_external_secret():
    return fence("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s-db\nspec:\n  secretStoreRef:\n    name: vault-noc\n    kind: ClusterSecretStore\n"
                 "  target:\n    name: %s-db\n  data:\n    - secretKey: password\n      remoteRef:\n        key: 5gc/%s/mongo\n        property: password"
                 % ((ch(["udr", "pcf", "nrf", "smsf"]),) * 3), "yaml")


@neg("placeholder_example")
def p_cisco_removed():
    return fence("hostname %s-pe%02d\n!\nenable secret 9 <removed>\nusername noc privilege 15 secret 9 <removed>\n!\n"
                 "tacacs server NOC-TACACS\n address ipv4 %s\n key 7 <removed>\n!\nsnmp-server community <RO-COMMUNITY> RO 99\n"
                 "snmp-server host %s version 2c <RO-COMMUNITY>\n!\nrouter bgp 6451%d\n neighbor %s password <BGP-MD5-KEY>"
                 % (site(), ri(1, 9), priv_ip(), priv_ip(), ri(0, 9), priv_ip())) + "\n" + ch(
        ["sanitized running-config for the vendor case", "config saneada para el caso del fabricante", "bereinigte Konfig für den Herstellerfall"])


@neg("placeholder_example")
def p_juniper():
    return fence('set system radius-server %s secret "<redacted>"\nset system tacplus-server %s secret "<redacted>"\n'
                 'set snmp v3 usm local-engine user noc-ro authentication-sha authentication-password "<AUTH_PASSPHRASE>"\n'
                 'set snmp v3 usm local-engine user noc-ro privacy-aes128 privacy-password "<PRIV_PASSPHRASE>"' % (priv_ip(), priv_ip()))


@neg("placeholder_example")
def p_freeradius():
    return ("lab RADIUS for the APN auth tests still uses the FreeRADIUS default, fine for the lab, never for prod:\n" +
            fence("client pgw-lab {\n    ipaddr = %s\n    secret = testing123\n    nas_type = other\n}" % priv_ip()))


@neg("placeholder_example")
def p_snmp_default():
    return ch([
        "zabbix template for the lab switches: `{$SNMP_COMMUNITY}` defaults to `public`, override it per host macro",
        "the lab PDU still answers to community `public` (read) and `private` (write), ticket %s to change it" % tt("CHG"),
        "SNMP v2c mit Community `public` geht im Lab, in Prod nur v3 mit `{$SNMPV3_AUTHPASS}` aus dem Vault",
    ])


@neg("placeholder_example")
def p_pjsip():
    return fence("[trunk-%s]\ntype=auth\nauth_type=userpass\nusername=${SIP_TRUNK_USER}\npassword=${SIP_TRUNK_PASS}\n\n"
                 "[trunk-%s]\ntype=aor\ncontact=sip:%s:5060" % ((site(),) * 2 + (priv_ip(),)), "ini") + "\n" + ch(
        ["env vars come from the sops file", "die Werte kommen aus der sops-Datei", "las variables salen del fichero sops"])


@neg("placeholder_example")
def p_compose():
    return fence("services:\n  bss-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: bss\n      POSTGRES_PASSWORD: changeme\n"
                 "  mediation:\n    image: registry.lab.internal/bss/mediation:%s\n    environment:\n      DB_URL: postgres://bss:changeme@bss-db:5432/bss\n"
                 "      SFTP_PASSWORD: ${SFTP_PASSWORD:?set me}" % ver(), "yaml") + "\n" + ch(
        ["local dev stack only", "nur für die lokale Entwicklung", "solo para desarrollo local"])


@neg("placeholder_example")
def p_aws_example():
    return ("CDR archive runbook, step 3 (values are the AWS docs examples, use your own profile):\n" +
            fence("$ aws configure --profile cdr-archive\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\n"
                  "AWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: eu-central-1\n"
                  "$ aws s3 ls s3://cdr-archive-%s/%s/ --profile cdr-archive" % (site(), rdt().strftime("%Y/%m/%d")), "bash"))


@neg("placeholder_example")
def p_gha():
    return fence("- name: Deploy 5GC chart\n  env:\n    KUBECONFIG_B64: ${{ secrets.KUBECONFIG_B64 }}\n    HARBOR_PASSWORD: ${{ secrets.HARBOR_PASSWORD }}\n"
                 "  run: |\n    echo \"$KUBECONFIG_B64\" | base64 -d > kubeconfig\n    helm upgrade --install %s ./charts/%s -n %s" %
                 (ch(NF), ch(NF), ch(NS)), "yaml")


@neg("placeholder_example")
def p_gitlab():
    return ch([
        "for the ansible-collections mirror set `GITLAB_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx` in your shell (your own token, scope read_api)",
        "CI uses `$CI_REGISTRY_PASSWORD`, you don't need a personal token for `docker pull` from the runner",
        fence("ansible-galaxy collection install -r requirements.yml\n# requirements.yml\n- name: https://oauth2:${GITLAB_TOKEN}@gitlab.noc.internal/netauto/junos_ops.git\n  type: git\n  version: %s" % ver(), "yaml"),
    ])


@neg("placeholder_example")
def p_slack_webhook_zero():
    return fence("receivers:\n  - name: noc-%s\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\n"
                 "        channel: '#noc-alarms-%s'\n        send_resolved: true" % ((site(),) * 2), "yaml") + "\n" + ch(
        ["placeholder from the docs, the real URL is in api_url_file on the box", "URL de ejemplo, la real está en api_url_file"])


@neg("placeholder_example")
def p_am_file():
    return fence("global:\n  slack_api_url_file: /etc/alertmanager/secrets/slack_url\n  smtp_auth_password_file: /etc/alertmanager/secrets/smtp_pw\n"
                 "route:\n  receiver: noc-%s\n  group_by: [%s]\n  repeat_interval: %dh" % (site(), ", ".join(sample(["alertname", "site", "nf", "severity", "cluster"], 2)), ch([1, 2, 4, 12])), "yaml")


@neg("placeholder_example")
def p_vendor_prefixes():
    return ch([
        "chatops bot needs `SLACK_BOT_TOKEN=xoxb-your-bot-token` and `SLACK_APP_TOKEN=xapp-...` in its env, ask the platform team for the real ones",
        "the ticket summarizer reads `OPENAI_API_KEY=sk-...` from the k8s secret, don't hardcode it",
        "set `ANTHROPIC_API_KEY=sk-ant-api03-...` in your .env if you want to try the alarm-summary prompt locally",
        "for the netbox sync you need a PAT like `ghp_xxxx…` with repo scope (your own)",
        "old doc says `AKIA...` keys for the CDR bucket, we moved to IRSA, no static keys any more",
        "format is `github_pat_...`, fine-grained, read-only on the netops org",
        "the PagerDuty routing key goes in `PD_ROUTING_KEY=<32 hex chars>`",
    ])


@neg("placeholder_example")
def p_pem_dots():
    return ("%s, MOP step %d: put the files in place, format:\n" % (ch(["freeDiameter TLS", "SBI TLS for the NRF", "SBC SIP-TLS", "SEPP N32 TLS", "OSS portal HTTPS"]), ri(2, 12)) + fence(
        "-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----") +
            "\n" + ch(["key comes from the PKI portal, never from this channel", "der Schlüssel kommt aus dem PKI-Portal"]))


@neg("placeholder_example")
def p_masked_cdr():
    rows = ["record_id,served_imsi,served_msisdn,start_time,duration"]
    for _ in range(ri(3, 6)):
        rows.append("%d,001010XXXXXXXXX,+999 7X XXX XXXX,%s,%d" % (ri(10 ** 8, 10 ** 9 - 1), iso(ms=False), ri(1, 3600)))
    return ("masked sample for the data team, identifiers replaced:\n" + fence("\n".join(rows), "csv"))


@neg("placeholder_example")
def p_masked_payment():
    return ch([
        "top-up failure for card •••• %04d, gateway code 05, customer asked to retry" % ri(0, 9999),
        "BSS shows direct debit IBAN as `DE** **** **** **** **%02d %02d`, mandate active" % (ri(0, 99), ri(0, 99)),
        "the KYC form only stores `XXX-XX-%04d`, full SSN never reaches the BSS" % ri(1, 9999),
        "Zahlungsart: Kreditkarte xxxx-xxxx-xxxx-%04d, Ablauf **/**" % ri(0, 9999),
        "IBAN field in the port-out form is shown as `DE00 0000 0000 0000 0000 00` in the mockup",
        "mask format for MSISDNs in exports: `+999 70 *** ** %02d`" % ri(0, 99),
    ])


@neg("placeholder_example")
def p_sip_redacted():
    return fence('REGISTER sip:ims.mnc001.mcc001.3gppnetwork.org SIP/2.0\nVia: SIP/2.0/TCP %s:5060;branch=z9hG4bK%s\n'
                 'Authorization: Digest username="%s@ims.mnc001.mcc001.3gppnetwork.org", realm="ims.mnc001.mcc001.3gppnetwork.org",\n'
                 ' nonce="[REDACTED]", uri="sip:ims.mnc001.mcc001.3gppnetwork.org", response="[REDACTED]", algorithm=AKAv1-MD5\nCSeq: %d REGISTER'
                 % (priv_ip(), hexs(12), lab_imsi(), ri(1, 40))) + "\n" + ch(
        ["trace with nonce/response stripped by the export", "nonce y response eliminados por la exportación"])


@neg("placeholder_example")
def p_refs():
    return ch([
        "SFTP creds for the CDR push: `op://NOC-Core/cdr-sftp-%s/password` (1Password, NOC vault)" % site(),
        "Ki transport key reference: `vault:secret/data/sim/transport#k4` — only the provisioning job can read it",
        "CloudFormation uses `{{resolve:secretsmanager:prod/cdr-archive:SecretString:password}}` so nothing is in the template",
        "Spring config: `spring.datasource.password=${MEDIATION_DB_PASSWORD:}` (empty default on purpose, startup fails loudly)",
        "`ORACLE_PWD=<your-password>` in the image README means exactly that, pick one for your local DB",
        "ServiceNow integration uses `%SNOW_PASSWORD%` from the Windows credential store on the jump host",
        "the playbook expects `ansible_become_password: \"{{ vault_become_pass }}\"`",
    ])


@neg("placeholder_example")
def p_terraform():
    return fence('variable "cdr_sftp_password" {\n  type      = string\n  sensitive = true\n}\n\n# set in CI: TF_VAR_cdr_sftp_password=<set-in-ci>\n'
                 'resource "aws_transfer_user" "cdr_push" {\n  server_id = aws_transfer_server.cdr.id\n  user_name = "cdr-push-%s"\n}' % site(), "hcl")


@neg("placeholder_example")
def p_env_example():
    return fence("# .env.example for noc-chatops\nSLACK_BOT_TOKEN=xoxb-...\nSLACK_SIGNING_SECRET=\nOPENAI_API_KEY=\nSERVICENOW_USER=\nSERVICENOW_PASSWORD=\n"
                 "NETBOX_TOKEN=<netbox-api-token>\nPROMETHEUS_URL=http://%s:9090" % priv_ip(), "bash")


@neg("placeholder_example")
def p_snmpv3():
    u = ch(["noc-ro", "nms-poll", "zabbix-v3", "probe-ro"])
    return fence("# /etc/snmp/snmpd.conf on the %s probes\ncreateUser %s %s \"<AUTH_PASSPHRASE>\" AES \"<PRIV_PASSPHRASE>\"\nrouser %s priv %s" %
                 (site(), u, ch(["SHA", "SHA-256"]), u, ch([".1.3.6.1.2.1", ".1.3.6.1.4.1", ""]))) + \
        ("\n" + ch(["passphrases come from the vault template", "Passphrasen kommen aus dem Vault-Template"]) if R.random() < 0.5 else "")


@neg("placeholder_example")
def p_scott_tiger():
    return ("the BSS lab image still ships the demo schema, `sqlplus scott/tiger@//%s:1521/BSSLAB` works, don't be surprised" % priv_ip())


@neg("placeholder_example")
def p_admin_admin():
    return ch([
        "new Grafana in lab-b: first login is admin/admin and it forces a change, please do it before you leave",
        "Le nouveau Grafana du labo : admin/admin au premier login, il demande de changer le mot de passe",
        "RabbitMQ in the mediation lab: guest/guest only works from localhost, that's why the consumer can't connect",
        "the RAN emulator web UI default is admin / admin, per the vendor manual chapter 2",
    ])


@neg("placeholder_example")
def p_conn_templates():
    return ch([
        "connection string format: `mongodb://<user>:<password>@mongodb-0.mongodb.%s.svc:27017/open5gs?authSource=admin`" % ch(NS),
        "`postgres://user:password@localhost:5432/mediation` is the value in the README, real one is in the secret",
        "format is `amqp://guest:guest@localhost:5672/` for the local broker",
        "`redis://:<password>@redis-master.%s.svc:6379/0`" % ch(NS),
        "`sftp://<user>:<password>@<sftp-host>/outgoing/cdr/` — the mediation side wants exactly this form",
    ])


@neg("placeholder_example")
def p_empty():
    return fence("[oss_northbound]\nbase_url = https://%s:8443/nbi/v2\nusername =\npassword = \"\"\nverify_tls = true" % priv_ip(), "ini") + \
        "\n" + ch(["empty on purpose, the client prompts", "vacío a propósito, el cliente lo pide", "leer, der Client fragt interaktiv"])


@neg("placeholder_example")
def p_ipsec():
    return fence("connections {\n  secgw-%s {\n    remote_addrs = %s\n    local { auth = psk }\n    remote { auth = psk }\n  }\n}\n"
                 "secrets {\n  ike-secgw {\n    secret = ${SECGW_PSK}\n  }\n}" % (site(), priv_ip()), "conf")


@neg("placeholder_example")
def p_freediameter():
    return fence('Identity = "%s.%s";\nRealm = "%s";\nTLS_Cred = "/etc/freeDiameter/%s.cert.pem", "/etc/freeDiameter/%s.key.pem";\n'
                 'TLS_CA = "/etc/freeDiameter/cacert.pem";\nConnectPeer = "dra01.%s" { ConnectTo = "%s"; No_TLS; };'
                 % ("%s%02d" % (ch(["dra", "hss", "pcrf", "mme", "ocs"]), ri(1, 4)), realm(), realm(), ch(NF), ch(NF), realm(), priv_ip()), "conf")


@neg("placeholder_example")
def p_ki_placeholder():
    return ch([
        "Bitte keine echten Ki/OPc-Werte ins Ticket, nur `<Ki>` / `<OPc>` als Platzhalter und die ICCID-Range",
        "SIM output file columns: `ICCID, IMSI, KI, OPC, PIN1, PUK1` — in the ticket template they're `<ICCID>,<IMSI>,<KI>,<OPC>,****,****`",
        "per favore niente Ki reali nel ticket: usare `<Ki>` e `<OPc>`",
        "ticket template for SIM batch issues: IMSI range `00101XXXXXXXXXX`, Ki `[REDACTED]`, OPc `[REDACTED]`",
    ])


@neg("placeholder_example")
def p_bearer():
    return fence("curl -s -H 'Authorization: Bearer <access_token>' \\\n  https://nrf.%s.svc:8443/nnrf-disc/v1/nf-instances?target-nf-type=UDM&requester-nf-type=AMF"
                 % ch(NS), "bash") + "\n" + ch(["get the token from /oauth2/token first", "le token vient de /oauth2/token",
                                               "access token is `eyJ...` from the token endpoint, valid 1 h"])


@neg("placeholder_example")
def p_kubectl_literal():
    return fence("kubectl -n %s create secret generic %s-auth \\\n  --from-literal=username=%s \\\n  --from-literal=password='<redacted>' \\\n"
                 "  --dry-run=client -o yaml | kubeseal -o yaml > sealed-%s-auth.yaml" % ((ch(NS),) + (ch(NF),) * 3), "bash")


@neg("placeholder_example")
def p_router_full():
    h = "%s-pe%02d" % (site(), ri(1, 9))
    lo = priv_ip()
    lines = ["!! IOS XR Configuration %s (sanitized for vendor case %d-%07d)" % (ch(["7.9.2", "7.10.2", "24.1.1"]), ri(1, 9), ri(10 ** 6, 10 ** 7 - 1)),
             "hostname %s" % h,
             "username noc", " group root-lr", " secret 10 <removed>", "!",
             "aaa group server tacacs+ NOC-TACACS", " server-private %s port 49" % priv_ip(), "  key 7 <removed>", "!",
             "snmp-server user noc-ro NOC-RO v3 auth sha encrypted <removed> priv aes 128 encrypted <removed>",
             "snmp-server community <RO-COMMUNITY> RO IPv4 SNMP-ACL", "!",
             "interface Loopback0", " ipv4 address %s 255.255.255.255" % lo, "!"]
    for _ in range(ri(1, 2)):
        a = priv_ip()
        lines += ["interface HundredGigE0/0/0/%d" % ri(0, 35), " description %s" % ch(["to-upf-n3", "to-dc-spine", "ipx-handoff", "to-ran-agg"]),
                  " ipv4 address %s 255.255.255.252" % a, "!"]
    lines += ["router ospf CORE", " area 0", "  message-digest-key 1 md5 encrypted <removed>", "!",
              "router bgp 6451%d" % ri(0, 9), " neighbor %s" % priv_ip(), "  remote-as 6451%d" % ri(0, 9), "  password encrypted <removed>", "!", "end"]
    return fence("\n".join(lines)) + "\n" + ch(["all secrets replaced with <removed> before upload", "Secrets ersetzt, kann so an den Hersteller",
                                                "secretos sustituidos por <removed>"])



# ------------------------------------------------------------ code_identifier
def addr():
    return "0x%012x" % ri(0x550000000000, 0x7fffffffffff)


@neg("code_identifier")
def c_open5gs_gdb():
    frames = [("ogs_kdf_kseaf", "lib/crypt/ogs-kdf.c"), ("ogs_kdf_kamf", "lib/crypt/ogs-kdf.c"),
              ("amf_nausf_auth_handle_authenticate", "src/amf/nausf-handler.c"),
              ("nas_5gs_send_authentication_request", "src/amf/nas-path.c"),
              ("gmm_state_authentication", "src/amf/gmm-sm.c"), ("ogs_fsm_dispatch", "lib/core/ogs-fsm.c"),
              ("amf_state_operational", "src/amf/amf-sm.c"), ("ogs_sbi_client_handler", "lib/sbi/client.c"),
              ("amf_ue_set_suci", "src/amf/context.c"), ("ogs_nas_5gs_decode_5gs_mobile_identity", "lib/nas/5gs/ies.c")]
    k = ri(5, 9)
    fr = frames[:]
    R.shuffle(fr)
    lines = ["Thread 1 \"open5gs-amfd\" received signal SIGSEGV, Segmentation fault."]
    for i, (fn, f) in enumerate(fr[:k]):
        lines.append("#%d  %s in %s (%s) at ../%s:%d" % (i, addr(), fn, ch(["amf_ue=0x0", "xact=%s" % addr(), "e=%s" % addr(), "s=%s, e=%s" % (addr(), addr())]), f, ri(40, 2400)))
    lines.append("#%d  %s in main (argc=3, argv=%s) at ../src/main.c:%d" % (k, addr(), addr(), ri(150, 260)))
    return "%s crashed during 5G-AKA on %s:\n" % (ch(["amf", "AMF", "open5gs-amfd"]), site()) + fence("\n".join(lines))


@neg("code_identifier")
def c_free5gc_panic():
    fns = ["github.com/free5gc/udm/internal/sbi/processor.(*Processor).GenerateAuthDataProcedure",
           "github.com/free5gc/udm/internal/sbi.(*Server).HandleGenerateAuthData",
           "github.com/free5gc/util/suci.ToSupi", "github.com/free5gc/util/suci.profileA",
           "github.com/free5gc/udm/internal/context.(*UDMContext).SuciProfileHomeNetworkPrivateKey",
           "github.com/gin-gonic/gin.(*Context).Next", "github.com/free5gc/util/httpwrapper.NewResponse",
           "github.com/free5gc/openapi/models.(*AuthenticationInfoRequest).GetResynchronizationInfo"]
    R.shuffle(fns)
    lines = ["panic: runtime error: index out of range [%d] with length %d" % (ri(32, 64), ri(0, 31)), "",
             "goroutine %d [running]:" % ri(40, 900)]
    for f in fns[:ri(4, 7)]:
        lines += [f + "(%s, %s)" % (addr(), addr()), "\t/go/src/free5gc/%s.go:%d +0x%x" % (f.split("/")[-1].split(".")[0], ri(20, 900), ri(0x20, 0x7ff))]
    return fence("\n".join(lines)) + "\n" + ch(["udm pod restarts every time a SUCI with the wrong scheme comes in",
                                                 "passiert nur mit Profil-A-SUCIs von den neuen Test-SIMs"])


@neg("code_identifier")
def c_java_ocs():
    pk = "net.labtel.charging"
    classes = ["diameter.gy.CreditControlAnswerHandler.onAnswer", "diameter.gy.CcrSessionTokenRegistry.lookupTokenBySessionId",
               "rating.TariffSecretRuleResolver.resolvePasswordProtectedBundle", "account.SubscriberCredentialCache.getOrLoad",
               "account.MsisdnIbanMappingService.findDirectDebitAccount", "diameter.base.PeerSecretRotationListener.onPeerReconnect",
               "rating.RoamingZoneResolver.resolveByVisitedPlmn", "diameter.gy.QuotaReservationManager.reserve"]
    R.shuffle(classes)
    lines = ["%s ERROR [gy-worker-%d] %s.diameter.gy.CreditControlAnswerHandler - CCA processing failed" % (iso(), ri(0, 15), pk),
             "%s.exception.RatingTokenExpiredException: quota token expired for session" % pk]
    for c in classes[:ri(5, 8)]:
        cls = c.rsplit(".", 1)[0]
        lines.append("\tat %s.%s(%s.java:%d)" % (pk, c, cls.split(".")[-1], ri(40, 900)))
    lines += ["\tat io.netty.channel.AbstractChannelHandlerContext.invokeChannelRead(AbstractChannelHandlerContext.java:444)",
              "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    return fence("\n".join(lines))


@neg("code_identifier")
def c_erlang_diameter():
    return fence("=ERROR REPORT==== %s ===\n** Generic server <0.%d.0> terminating\n** Last message in was {diameter,{request,{'CCR',...}}}\n"
                 "** Reason for termination ==\n** {function_clause,[{dcca_gy_cb,handle_request,\n    [{diameter_packet,{diameter_header,1,%d,272,4,%d,%d,true,false,false,false},...}],\n"
                 "    [{file,\"src/dcca_gy_cb.erl\"},{line,%d}]},\n  {diameter_traffic,recv_request,4,[{file,\"diameter_traffic.erl\"},{line,%d}]},\n"
                 "  {diameter_service,handle_call,3,[]}]}" % (rdt().strftime("%d-%b-%Y::%H:%M:%S"), ri(200, 9999), ri(100, 900),
                                                             ri(10 ** 6, 4 * 10 ** 9), ri(10 ** 6, 4 * 10 ** 9), ri(40, 400), ri(200, 900)))


@neg("code_identifier")
def c_kubectl_pods():
    ns = ch(["5gc", "5gc-lab", "ims", "core-lab"])
    names = sample(["amf", "smf", "upf-n3", "nrf", "udm", "udr", "ausf", "pcf", "nssf", "webui", "scp", "bsf", "mongodb"], ri(6, 10))
    lines = ["$ kubectl -n %s get pods" % ns, "NAME                              READY   STATUS             RESTARTS        AGE"]
    for n in names:
        st = ch(["Running"] * 5 + ["CrashLoopBackOff", "Pending", "Init:0/1"])
        lines.append("%-33s %-7s %-18s %-15s %s" % (pod(n), "1/1" if st == "Running" else "0/1", st, str(ri(0, 40)), "%dd" % ri(1, 60)))
    return fence("\n".join(lines)) + ("\n" + ch(["ausf keeps crashing after the chart bump", "which one is the bad replica set?",
                                                  "nach dem Upgrade hängt einer im Init"]) if R.random() < 0.7 else "")


@neg("code_identifier")
def c_helm_list():
    lines = ["NAME            NAMESPACE  REVISION  UPDATED                                  STATUS    CHART                APP VERSION"]
    for n in sample(["amf", "smf", "upf-edge", "nrf", "udm", "ausf", "pcf", "ims-pcscf", "kamailio-scscf", "dra"], ri(4, 7)):
        lines.append("%-15s %-10s %-9d %-40s %-9s %-20s %s" % (n, ch(NS), ri(1, 60), rdt().strftime("%Y-%m-%d %H:%M:%S.") + digs(6) + " +0000 UTC",
                                                             ch(["deployed", "deployed", "failed"]), "%s-%s" % (n, ver()), ver()))
    return fence("\n".join(lines))


@neg("code_identifier")
def c_prom_metrics():
    ms = ["fivegs_amffunction_rm_reginitreq", "fivegs_amffunction_rm_reginitsucc", "fivegs_amffunction_amf_authreq",
          "fivegs_amffunction_amf_authreject", "fivegs_smffunction_sm_pdusessioncreationreq", "fivegs_ep_n3_gtp_indatapktn3upf",
          "fivegs_upffunction_upf_sessionnbr", "diameter_peer_state", "sctp_assoc_retransmissions_total",
          "sbi_oauth2_token_request_failures_total", "nrf_access_token_cache_hits_total", "ausf_hxres_star_mismatch_total"]
    R.shuffle(ms)
    return ch(["metrics we alert on for the AKA issue:", "Metriken für das Dashboard:", "métricas que vigilamos:"]) + "\n" + \
        fence("\n".join('%s{nf="%s",site="%s"}' % (m, ch(NF), site()) for m in ms[:ri(4, 8)]), "promql")


@neg("code_identifier")
def c_ansible_tree():
    return fence("roles/\n  udm_suci_keys/\n    tasks/main.yml\n    tasks/rotate_home_network_private_key.yml\n    tasks/publish_home_network_public_key.yml\n"
                 "    handlers/restart_udm.yml\n  sim_provisioning/\n    tasks/import_transport_key_encrypted_batch.yml\n    tasks/verify_kcv.yml\n"
                 "  router_aaa/\n    tasks/push_tacacs_secret_from_vault.yml\n    templates/aaa_%s.j2" % ch(["iosxr", "junos", "eos"])) + \
        "\n" + ch(["structure after the refactor, naming ok?", "naming ok so?", "¿os vale esta estructura?"])


@neg("code_identifier")
def c_ngap_ids():
    ies = ["id-AMF-UE-NGAP-ID", "id-RAN-UE-NGAP-ID", "id-NAS-PDU", "id-UserLocationInformation", "id-RRCEstablishmentCause",
           "id-FiveG-S-TMSI", "id-UEContextRequest", "id-AllowedNSSAI", "id-SecurityKey", "id-UESecurityCapabilities"]
    R.shuffle(ies)
    return ("decoder error from the lab gNB sim:\n" + fence(
        "NGAP: %s decode failed\n  procedureCode=%d (%s)\n  ProtocolIE-Container:\n%s\n  -> unexpected extension in %s" %
        (ch(["InitialContextSetupRequest", "InitialUEMessage", "PDUSessionResourceSetupRequest"]), ri(4, 29),
         ch(["initiatingMessage", "successfulOutcome"]), "\n".join("    %s criticality=%s" % (x, ch(["reject", "ignore"])) for x in ies[:ri(4, 7)]),
         ies[0])))


@neg("code_identifier")
def c_avp_dict():
    avps = [("Session-Id", 263), ("Auth-Application-Id", 258), ("Origin-Host", 264), ("Subscription-Id-Data", 444),
            ("Subscription-Id-Type", 450), ("CC-Request-Type", 416), ("Multiple-Services-Credit-Control", 456),
            ("Used-Service-Unit", 446), ("3GPP-User-Location-Info", 22), ("Visited-PLMN-Id", 1407),
            ("Authentication-Info", 1413), ("E-UTRAN-Vector", 1414), ("KASME", 1450), ("XRES", 1448)]
    R.shuffle(avps)
    return fence("\n".join("  <avp name=\"%s\" code=\"%d\" mandatory=\"must\"%s>" % (n, c, ' vendor-id="10415"' if c > 1000 or c == 22 else "")
                           for n, c in avps[:ri(4, 8)]), "xml") + "\n" + ch(
        ["dictionary snippet for the dissector, names must match the spec spelling", "Auszug aus dem Dictionary"])


@neg("code_identifier")
def c_rust_upf():
    def mang(parts):
        return "_ZN" + "".join("%d%s" % (len(p), p) for p in parts) + "17h%sE" % hexs(16)
    frames = [["upf_core", "pfcp", "session", "apply_far"], ["upf_core", "pfcp", "session", "SessionTable", "insert"],
              ["upf_core", "gtpu", "decap", "strip_extension_header"], ["upf_ebpf", "maps", "TeidMap", "update"],
              ["pfcp_codec", "ie", "create_pdr", "decode"], ["tokio", "runtime", "task", "harness", "poll"]]
    lines = ["thread 'pfcp-rx' panicked at 'called `Option::unwrap()` on a `None` value', upf-core/src/pfcp/session.rs:%d:%d" % (ri(50, 700), ri(5, 60)),
             "stack backtrace:"]
    for i, f in enumerate(frames[:ri(4, 6)]):
        lines.append("  %2d: %s %s" % (i, hex(ri(0x55d000000000, 0x55dfffffffff)), mang(f)))
    return fence("\n".join(lines))


@neg("code_identifier")
def c_cpp_sbc():
    syms = ["_ZN3sbc3sip10DigestAuth14verifyResponseERKNS0_7RequestERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
            "_ZN3sbc3sip17RegistrationCache12lookupByAorERKNS0_3UriE", "_ZN3sbc5media14SrtpKeyContext6deriveEv",
            "_ZN3sbc3tls21PeerCertificateStore10findByHashERKSt5arrayIhLm32EE", "_ZN3sbc4core9Reactor3runEv"]
    return fence("\n".join("#%d  %s in %s () from /opt/sbc/lib/libsbc-core.so.%d" % (i, addr(), s, ri(4, 9))
                           for i, s in enumerate(syms[:ri(3, 5)]))) + "\n" + ch(["c++filt says it's the digest check", "core from the lab SBC"])


@neg("code_identifier")
def c_py_cdr():
    return fence('Traceback (most recent call last):\n  File "/opt/cdr-parser/cdr_parser/cli.py", line %d, in main\n    for rec in decode_file(path):\n'
                 '  File "/opt/cdr-parser/cdr_parser/decoders/asn1_ber.py", line %d, in decode_file\n    rec["servedIMSI"] = decode_served_imsi(tlv)\n'
                 '  File "/opt/cdr-parser/cdr_parser/decoders/tbcd.py", line %d, in _unpack_tbcd_string\n    raise TbcdFillerError(f"unexpected filler nibble at {idx}")\n'
                 'cdr_parser.decoders.tbcd.TbcdFillerError: unexpected filler nibble at %d' % (ri(30, 200), ri(100, 600), ri(10, 90), ri(3, 8)), "python")


@neg("code_identifier")
def c_kotlin_drivetest():
    cls = ["com.labnet.drivetest.radio.NrCellIdentityMapper", "com.labnet.drivetest.radio.LteSignalStrengthSampler",
           "com.labnet.drivetest.export.SecureUploadTokenProvider", "com.labnet.drivetest.export.PcapUploadWorker",
           "com.labnet.drivetest.ui.MeasurementMapFragment"]
    R.shuffle(cls)
    lines = ["E AndroidRuntime: FATAL EXCEPTION: %s" % ch(["main", "DefaultDispatcher-worker-2", "WorkManager-Worker-1"]),
             "E AndroidRuntime: java.lang.IllegalStateException: nci out of range for NR (36 bits)"]
    for c in cls[:ri(3, 5)]:
        lines.append("E AndroidRuntime: \tat %s.%s(%s.kt:%d)" % (c, ch(["map", "sample", "invoke", "onViewCreated", "doWork", "fetchToken"]),
                                                              c.split(".")[-1], ri(20, 300)))
    return fence("\n".join(lines))


@neg("code_identifier")
def c_yang():
    ifn = ch(["GigabitEthernet0/0/0/%d" % ri(0, 9), "HundredGigE0/1/0/%d" % ri(0, 3), "xe-0/0/%d" % ri(0, 47)])
    return fence("<rpc-error>\n  <error-type>application</error-type>\n  <error-tag>invalid-value</error-tag>\n"
                 "  <error-path>/ietf-interfaces:interfaces/interface[name='%s']/ietf-ip:ipv4/address</error-path>\n"
                 "  <error-message>prefix-length must be 31 for p2p-core-link</error-message>\n</rpc-error>" % ifn, "xml")


@neg("code_identifier")
def c_grpc():
    svc = ch(["Alarm", "Inventory", "Topology", "Provisioning"])
    rpc2 = ch(["AcknowledgeAlarm", "ClearAlarm", "GetNode", "RotateNodeCredential", "ListSites"])
    n0 = ri(1, 3)
    return fence('syntax = "proto3";\npackage oss.%s.v%d;\n\nservice %sService {\n  rpc StreamActive%ss(StreamActive%ssRequest) returns (stream %s);\n'
                 '  rpc %s(%sRequest) returns (%sResponse);\n}\n\nmessage NodeCredentialRef {\n'
                 '  string credential_profile_id = %d;\n  string secret_ref = %d;      // path in vault, never the value\n  bool password_rotation_due = %d;\n}'
                 % (svc.lower(), ri(1, 3), svc, svc, svc, svc, rpc2, rpc2, rpc2, n0, n0 + 1, n0 + 2), "protobuf")


@neg("code_identifier")
def c_tf_addr():
    addrs = ['module.core_eks.aws_eks_node_group.upf_dpdk["%s"]' % ch(["az1", "az2", "az3"]),
             "module.cdr_archive.aws_s3_bucket_server_side_encryption_configuration.this",
             'module.core_eks.aws_iam_role_policy_attachment.irsa["cdr-exporter"]',
             "module.noc_vault.vault_kv_secret_v2.tacacs_shared_secret", "module.ipx.aws_vpn_connection.ipx_primary",
             "module.noc_vault.vault_policy.sim_transport_key_reader"]
    R.shuffle(addrs)
    return fence("Terraform will perform the following actions:\n\n" + "\n".join(
        "  # %s will be %s" % (a, ch(["updated in-place", "created", "replaced"])) for a in addrs[:ri(3, 5)]) +
                 "\n\nPlan: %d to add, %d to change, %d to destroy." % (ri(0, 3), ri(1, 4), ri(0, 2)))


@neg("code_identifier")
def c_sql_schema():
    return fence("CREATE TABLE " + ch(["sim_inventory", "sim_card", "usim_profile", "sim_stock"]) + " (\n  iccid              varchar(20) PRIMARY KEY,\n  imsi               varchar(15) NOT NULL,\n"
                 "  ki_encrypted       bytea NOT NULL,\n  opc_encrypted      bytea NOT NULL,\n  transport_key_id   smallint NOT NULL,\n"
                 "  pin1_hash          text,\n  puk1_hash          text,\n  msisdn_hash        char(64),\n  batch_id           integer REFERENCES sim_batch(id)\n);", "sql") + \
        "\n" + ch(["migration %s, only encrypted columns, review pls" % jira(), "Migration für die SIM-Inventur", "esquema nuevo para el inventario de SIMs"])


@neg("code_identifier")
def c_kdf_names():
    return fence("from lab5g.kdf import (\n    derive_kausf, derive_kseaf, derive_kamf, derive_kgnb,\n    derive_knas_int, derive_knas_enc, compute_res_star, compute_hxres_star,\n)\n\n"
                 "def test_chain_%s(vectors):\n    kausf = derive_kausf(vectors.ck, vectors.ik, vectors.snn, vectors.sqn_xor_ak)\n"
                 "    assert derive_kseaf(kausf, vectors.snn).hex() == vectors.expected_kseaf" % ch(["tv1", "tv2", "annex_a", "ts33501_c3", "open5gs_ref", "lab_%d" % ri(1, 99)]), "python")


@neg("code_identifier")
def c_long_camel():
    n = "".join(sample(["Subscriber", "Authentication", "Vector", "Secret", "Provider", "Factory", "Bean", "Token", "Password",
                        "Rotation", "Diameter", "Peer", "Credential", "Msisdn", "Iban"], 5))
    return ch([
        "`%s` failed to init after the Spring upgrade, same on both mediation nodes" % n,
        "bean `%s%s` is created twice, the second one wins" % (n[0].lower(), n[1:]),
        "Die Klasse `%sImpl` hat %d Zeilen, wer traut sich?" % (n, ri(800, 4000)),
        "`%s.kt` — please rename, nobody can read that" % n,
    ])


@neg("code_identifier")
def c_mib():
    return fence("$ snmpwalk -v3 -l authPriv -u noc-ro -a SHA -A \"$SNMP_AUTH\" -x AES -X \"$SNMP_PRIV\" %s ALARM-MIB::alarmActiveTable\n"
                 "ALARM-MIB::alarmActiveResourceId.\"%s\".%d = OID: IF-MIB::ifIndex.%d\nALARM-MIB::alarmActiveModelPointer.\"%s\".%d = OID: ALARM-MIB::alarmModelNotificationId.1.%d\n"
                 "ITU-ALARM-MIB::ituAlarmPerceivedSeverity.1.%d = INTEGER: %s(%d)" %
                 (priv_ip(), site(), ri(1, 900), ri(1, 200), site(), ri(1, 900), ri(1, 40), ri(1, 40), ch(["major", "critical", "minor"]), ri(3, 6)), "bash")


@neg("code_identifier")
def c_k8s_events():
    n = ch(["smf", "amf", "udr", "upf-n3", "pcf"])
    rs_ = "%s-%s" % (n, rs("bcdfghjklmnpqrstvwxz2456789", 10))
    p = "%s-%s" % (rs_, rs("bcdfghjklmnpqrstvwxz2456789", 5))
    return fence("LAST SEEN   TYPE      REASON              OBJECT                              MESSAGE\n"
                 "%dm         Normal    ScalingReplicaSet   deployment/%s                       Scaled up replica set %s to 1\n"
                 "%dm         Warning   BackOff             pod/%s    Back-off restarting failed container %s\n"
                 "%dm         Warning   FailedMount         pod/%s    MountVolume.SetUp failed for volume \"%s-sbi-tls\" : secret \"%s-sbi-tls\" not found"
                 % (ri(2, 9), n, rs_, ri(1, 5), p, n, ri(1, 5), p, n, n))


@neg("code_identifier")
def c_css_hashes():
    return fence('<tr class="AlarmTable_row__%s css-%s" data-v-%s>\n  <td class="Severity_badge__%s sc-%s">%s</td>\n  <td class="_ngcontent-ng-c%d">%s</td>\n</tr>'
                 % (rs(B62, 5), rs(LO + DIG, 7), hexs(8), rs(B62, 5), rs(B62, 6), ch(["CRITICAL", "MAJOR"]), ri(10 ** 9, 4 * 10 ** 9), node()), "html") + \
        "\n" + ch(["selector for the e2e test keeps breaking because of the hashed class names", "die gehashten Klassennamen ändern sich bei jedem Build"])


@neg("code_identifier")
def c_webpack_chunks():
    return fence("\n".join("static/chunks/%s-%s.js   %s kB" % (p, hexs(16), "%.1f" % R.uniform(2, 180)) for p in
                           sample(["pages/alarms/[alarmId]", "pages/topology", "pages/kpi/[site]", "framework", "main", "pages/tickets", "webpack"], ri(3, 6))))


@neg("code_identifier")
def c_gomod():
    return fence("module github.com/labtel-netops/%s\n\ngo 1.22\n\nrequire (\n\tgithub.com/free5gc/openapi v1.0.%d\n\tgithub.com/free5gc/util v1.0.%d\n"
                 "\tgithub.com/wmnsk/go-gtp v0.8.%d\n\tgithub.com/ishidawataru/sctp v0.0.0-%s-%s\n\tgo.uber.org/zap v1.27.0\n)" %
                 (ch(["sbi-probe", "gtp-echo-exporter", "pfcp-sniffer"]), ri(4, 9), ri(3, 6), ri(0, 9), rdt().strftime("%Y%m%d%H%M%S"), hexs(12)), "go")


@neg("code_identifier")
def c_spring_beans():
    beans = ["nrfAccessTokenClientCredentialsManager", "diameterPeerTlsKeyManagerFactory", "ocsQuotaTokenBucketRegistry",
             "subscriberPasswordResetTokenService", "sftpCdrPushSessionFactory", "snmpV3UsmUserSecretProvider"]
    R.shuffle(beans)
    return fence("%s  WARN 1 --- [           main] o.s.b.f.s.DefaultListableBeanFactory     : Overriding bean definition for bean '%s'\n"
                 "%s  INFO 1 --- [           main] o.s.c.s.PostProcessorRegistrationDelegate : Bean '%s' of type [net.labtel.oss.sbi.%s] is not eligible for getting processed by all BeanPostProcessors"
                 % (iso(), beans[0], iso(), beans[1], beans[1][0].upper() + beans[1][1:]))


@neg("code_identifier")
def c_feature_flags():
    flags = ["noc.alarm.correlation.suppress_flapping_s1_links", "core.amf.reject_suci_null_scheme_in_prod",
             "bss.topup.mask_pan_in_gateway_logs", "oss.ticket.auto_attach_pcap", "core.nrf.oauth2.require_token_for_nudm",
             "ims.sbc.block_unauthenticated_options"]
    return fence("\n".join("%s = %s" % (f, ch(["true", "false"])) for f in sample(flags, ri(3, 5))), "properties")


@neg("code_identifier")
def c_kamailio():
    r1 = ch(["AUTH", "REG_AUTH", "AUTH_CHECK", "SUBSCRIBER_AUTH"])
    r2 = ch(["PCSCF_TO_SCSCF", "TO_ICSCF", "IPX_OUT", "TRUNK_OUT"])
    return fence('route[%s] {\n    if (!auth_check("$fd", "%s", "1")) {\n        auth_challenge("$fd", "0");\n        exit;\n    }\n'
                 '    consume_credentials();\n    $avp(s:%s) = $ci;\n}\n\nroute[%s] {\n    t_on_failure("%s_FAILOVER");\n    route(RELAY);\n}'
                 % (r1, ch(["subscriber", "credentials", "lab_subscribers"]), ch(["reg_token", "auth_ctx", "secret_ref"]), r2, r2), "c") + \
        ("\n" + ch(["why does %s loop on the second REGISTER?" % r1, "kamailio %s, lab P-CSCF" % ver(), "route names from the new cfg"]) if R.random() < 0.7 else "")


@neg("code_identifier")
def c_wireshark_filters():
    return ch([
        "display filter I use: `diameter.cmd.code == 318 && diameter.Result-Code != 2001`",
        "try `ngap.procedureCode == 15 && nas_5gs.mm.message_type == 0x56`",
        "`gtpv2.imsi && gtpv2.cause_value != 16` shows the rejected creates",
        "filter: `sip.Method == \"REGISTER\" && sip.Authorization && !sip.Status-Code`",
        "Filter: `e212.imsi && gsm_map.old.Component` für die MAP-Fehler",
        "`pfcp.msg_type == 50 && pfcp.cause != 1` — session modification rejects only",
    ])


@neg("code_identifier")
def c_dotnet():
    return fence("System.Net.Http.HttpRequestException: Response status code does not indicate success: 401 (Unauthorized).\n"
                 "   at LabTel.Oss.TroubleTicket.ServiceNowConnector.OAuthTokenRefresher.RefreshAccessTokenAsync(CancellationToken ct) in /src/Connector/OAuthTokenRefresher.cs:line %d\n"
                 "   at LabTel.Oss.TroubleTicket.ServiceNowConnector.IncidentClient.CreateIncidentAsync(IncidentDto dto) in /src/Connector/IncidentClient.cs:line %d\n"
                 "   at LabTel.Oss.AlarmBridge.Forwarders.TicketForwarder.ForwardCriticalAsync(Alarm alarm) in /src/Forwarders/TicketForwarder.cs:line %d"
                 % (ri(20, 200), ri(20, 200), ri(20, 200)))


@neg("code_identifier")
def c_elixir():
    return fence("** (FunctionClauseError) no function clause matching in MediationPipeline.Stages.CdrEnricher.handle_events/3\n"
                 "    (mediation_pipeline %s) lib/mediation_pipeline/stages/cdr_enricher.ex:%d: MediationPipeline.Stages.CdrEnricher.handle_events/3\n"
                 "    (gen_stage 1.2.1) lib/gen_stage.ex:%d: GenStage.consumer_dispatch/6" % (ver(), ri(20, 200), ri(2000, 2600)))


@neg("code_identifier")
def c_iosxr_rpl():
    return fence("route-policy RPL_IPX_%s_IN\n  if community matches-any CS_IPX_BLACKHOLE then\n    drop\n  endif\n  set local-preference %d\n  pass\nend-policy\n!\n"
                 "router bgp 6451%d\n neighbor-group NG_IPX_PEERS\n  address-family ipv4 unicast\n   route-policy RPL_IPX_%s_IN in" %
                 (ch(["FRA", "AMS", "LON"]), ri(100, 300), ri(0, 9), ch(["FRA", "AMS", "LON"])))


@neg("code_identifier")
def c_cargo_err():
    ln = ri(100, 400)
    return fence("error[E0599]: no method named `derive_session_keys` found for struct `pfcp_codec::ie::CreatePdr` in the current scope\n"
                 "   --> upf-core/src/pfcp/handlers/establishment.rs:%d:24\n    |\n%d |         let keys = pdr.derive_session_keys(&seid)?;\n"
                 "    |                        ^^^^^^^^^^^^^^^^^^^ method not found in `CreatePdr`" % (ln, ln), "text")


@neg("code_identifier")
def c_open5gs_yaml_keys():
    return fence("amf:\n  security:\n    integrity_order : [ NIA2, NIA1, NIA0 ]\n    ciphering_order : [ NEA0, NEA1, NEA2 ]\n"
                 "  network_name:\n    full: Lab5GC\n  amf_name: open5gs-amf%d\n  time:\n    t3512:\n      value: %d" % (ri(0, 3), ch([540, 3240])), "yaml") + \
        "\n" + ch(["why NEA0 first on the lab AMF?", "NEA0 zuerst ist Absicht (Trace lesbar), nur im Lab"])


@neg("code_identifier")
def c_java_long():
    pk = "net.labtel.oss.provisioning"
    pool = ["sim.SimBatchImportJob.execute", "sim.TransportKeyDecryptorClient.decryptKiBatch", "sim.OpcDerivationService.deriveOpc",
            "sim.KcvVerifier.verifyComponentCheckValue", "hss.HssSubscriberWriter.writeAuthenticationData",
            "hss.SubscriberAuthKeyRepository.saveEncryptedKi", "udm.UdrProvisioningClient.putAuthenticationSubscription",
            "udm.AuthenticationSubscriptionMapper.toEncPermanentKey", "audit.SecretAccessAuditor.recordKeyUsage",
            "vault.VaultTransitClient.encrypt", "vault.VaultTokenRenewer.renewSelf", "batch.StepExecutor.runStep",
            "batch.RetryingItemWriter.write", "api.SimBatchController.importBatch", "security.HsmSessionPool.borrow",
            "security.HsmSessionPool.lambda$borrow$3", "mapping.ImsiRangeAllocator.allocate", "mapping.MsisdnPoolService.reserve"]
    R.shuffle(pool)
    lines = ["%s ERROR [batch-%d] %s.sim.SimBatchImportJob - batch %d failed at item %d" % (iso(), ri(1, 8), pk, ri(100, 999), ri(1, 1000)),
             "%s.security.HsmUnavailableException: no session available in pool 'sim-transport' after %d ms" % (pk, ch([5000, 10000, 30000]))]
    for c in pool[:ri(12, 18)]:
        cls = c.rsplit(".", 1)[0]
        lines.append("\tat %s.%s(%s.java:%d)" % (pk, c, cls.split(".")[-1].split("$")[0], ri(30, 900)))
    lines += ["\tat org.springframework.batch.core.step.tasklet.TaskletStep$ChunkTransactionCallback.doInTransaction(TaskletStep.java:407)",
              "\tat org.springframework.transaction.support.TransactionTemplate.execute(TransactionTemplate.java:140)",
              "\tat java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1144)",
              "\tat java.base/java.lang.Thread.run(Thread.java:1583)",
              "Caused by: %s.security.HsmTimeoutException: C_Login timed out on slot %d" % (pk, ri(0, 7)),
              "\t... %d more" % ri(10, 30)]
    return ch(["SIM batch import died again on %s:" % site(), "import job trace, HSM pool exhausted:", "Stacktrace vom SIM-Import:"]) + "\n" + fence("\n".join(lines))



# -------------------------------------------------------- non_credential_blob
@neg("non_credential_blob")
def b_ansible_vault():
    lines = wrap(hexs(ri(6, 26) * 80), 80)
    return fence("tacacs_shared_secret: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n" + "\n".join("          " + l for l in lines), "yaml") + \
        "\n" + ch(["encrypted with the lab vault id, decrypts fine on the runner", "verschlüsselt, nur der Runner hat das Vault-Passwort",
                   "is this the one that fails with `HMAC verification failed`?"])


@neg("non_credential_blob")
def b_sops():
    def enc(n):
        return "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(n)), b64(rbytes(32)), b64(rbytes(16)))
    return fence("cdr_sftp:\n    user: %s\n    password: %s\nsops:\n    age:\n        - recipient: age1%s\n    lastmodified: \"%s\"\n    mac: %s\n    version: 3.8.1"
                 % (enc(8), enc(ri(14, 24)), rs("023456789acdefghjklmnpqrstuvwxyz", 58), iso(ms=False), enc(32)), "yaml")


@neg("non_credential_blob")
def b_image_digests():
    return fence("\n".join("registry.lab.internal/5gc/%s@sha256:%s" % (n, sha256_hex()) for n in sample(NF, ri(3, 6)))) + \
        "\n" + ch(["pinned digests for the %s rollout" % ver(), "digests fijados para el despliegue", "Digests für das Rollout"])


@neg("non_credential_blob")
def b_git_log():
    msgs = ["amf: bump t3512 to 54 min in lab", "dra: add peer %s%02d" % (ch(["hss", "pcrf", "ocs", "mme"]), ri(1, 9)), "udm: rotate SUCI HN key id 2 -> 3 (pubkey only)",
            "stp: fix GT translation for 999 70 test range", "upf: enable GTP-U echo every 60s", "ci: pin helm 3.14", "ims: pcscf timeouts",
            "routers: move TACACS key lookup to vault plugin"]
    R.shuffle(msgs)
    n = ri(4, 6)
    w = ch([7, 7, 8, 9])
    return fence("$ git log --oneline -n %d\n" % n + "\n".join("%s %s" % (git_sha()[:w], m) for m in msgs[:n]))


@neg("non_credential_blob")
def b_suci():
    out = []
    for _ in range(ri(1, 3)):
        out.append("suci-0-001-01-0000-1-%d-%s%s%s" % (ri(1, 3), hexs(64), hexs(10), hexs(16)))
    return ch(["AMF log, the SUCIs with profile A that fail to deconceal:", "SUCIs (Profil A), die der UDM nicht entschlüsseln kann:",
               "SUCI que el UDM no consigue descifrar:"]) + "\n" + fence("\n".join(out)) + "\n" + ch(
        ["scheme output is ephemeral pubkey + ciphertext + MAC tag, nothing secret in it", "HN key id 1 vs 2 mismatch?"])


@neg("non_credential_blob")
def b_authvec():
    return fence("%s DEBUG [ausf] 5G-AKA AV for %s: RAND=%s AUTN=%s HXRES*=%s" % (iso(), "suci-0-001-01-0000-0-0-" + non_luhn("0000", 10), hexs(32), hexs(32), hexs(32))) + \
        "\n" + ch(["only RAND/AUTN/HXRES* are logged, keys are not", "RAND und AUTN gehen eh im Klartext über die Luft"])


@neg("non_credential_blob")
def b_sip_headers():
    return fence("Via: SIP/2.0/UDP %s:5060;branch=z9hG4bK%s;rport\nFrom: <sip:%s>;tag=%s\nTo: <sip:%s>;tag=%s\nCall-ID: %s@%s\n"
                 "P-Charging-Vector: icid-value=%s;icid-generated-at=%s;orig-ioi=ims.mnc001.mcc001.3gppnetwork.org\nCSeq: %d INVITE"
                 % (priv_ip(), hexs(16), priv_ip(), hexs(8), priv_ip(), hexs(10), hexs(24), priv_ip(), hexs(32).upper(), priv_ip(), ri(1, 999)))


@neg("non_credential_blob")
def b_diam_session():
    lines = []
    for _ in range(ri(2, 5)):
        app, nf = ch([("gx", "pgw-c"), ("gy", "pgw-c"), ("gx", "smf"), ("rx", "pcscf"), ("s6a", "mme"), ("sh", "tas")])
        lines.append("%s Session-Id=%s%02d.%s;%d;%d;%s hbh=0x%s e2e=0x%s" % (iso(), nf, ri(1, 4), realm(), ri(10 ** 9, 2 * 10 ** 9), ri(1, 99999), app, hexs(8), hexs(8)))
    return fence("\n".join(lines))


@neg("non_credential_blob")
def b_nrf_instances():
    lines = ["nfType  nfInstanceId                          nfStatus     heartBeatTimer"]
    for n in sample(["AMF", "SMF", "UDM", "AUSF", "PCF", "UDR", "NSSF", "BSF"], ri(4, 7)):
        lines.append("%-7s %s  %-12s %d" % (n, uuid4(), ch(["REGISTERED", "REGISTERED", "SUSPENDED"]), ch([10, 30, 60])))
    return fence("\n".join(lines))


@neg("non_credential_blob")
def b_sha256sums():
    files = ["ran-baseband-%s.bin" % ver(), "amf-%s.tar.gz" % ver(), "upf-dpdk-%s.rpm" % ver(), "nms-frontend-%s.tgz" % ver(),
             "ims-pcscf-%s.qcow2" % ver()]
    return fence("$ cat SHA256SUMS\n" + "\n".join("%s  %s" % (sha256_hex(), f) for f in sample(files, ri(2, 4))))


@neg("non_credential_blob")
def b_tls_fp():
    fp = ":".join(wrap(sha256_hex().upper(), 2))
    return ch(["Diameter peer %s presents cert with SHA-256 fingerprint %s — matches the one in the change" % ("%s%02d" % (ch(["dra", "hss", "pcrf", "ocs"]), ri(1, 4)), fp),
               "Fingerprint des DRA-Zertifikats: %s (passt zum CR)" % fp,
               "empreinte SHA-256 du certificat du pair : %s" % fp])


@neg("non_credential_blob")
def b_ssh_hostkey():
    return fence("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
                 "The fingerprint for the ED25519 key sent by the remote host is\nSHA256:%s.\nOffending ED25519 key in /home/noc/.ssh/known_hosts:%d"
                 % (b64(rbytes(32)).rstrip("="), ri(3, 300))) + "\n" + ch(["expected, %s was re-imaged in %s" % (site() + "-pe0%d" % ri(1, 4), tt("CHG")),
                                                                          "normal, der Router wurde neu aufgesetzt"])


@neg("non_credential_blob")
def b_authorized_keys():
    return ("public key for the ansible user on the lab routers (public half only):\n" +
            fence("ssh-ed25519 %s ansible-%s" % (ssh_ed25519_pub(), site())))


@neg("non_credential_blob")
def b_cert():
    cn = ch(["nrf", "scp", "sepp", "dra01", "amf"]) + "." + site() + ".core.internal"
    lines = pem_lines(make_cert_der(cn))
    return ("new SBI cert for %s (public cert, for the trust store diff):\n" % cn +
            fence("-----BEGIN CERTIFICATE-----\n" + "\n".join(lines) + "\n-----END CERTIFICATE-----"))


@neg("non_credential_blob")
def b_traceparent():
    return fence('{"ts":"%s","nf":"%s","msg":"POST /nudm-ueau/v1/%s/security-information/generate-auth-data","status":%d,'
                 '"traceparent":"00-%s-%s-01","3gpp-sbi-correlation-info":"imsi-%s"}' %
                 (iso(), ch(["ausf", "amf"]), "suci-0-001-01-0000-0-0-" + non_luhn("00", 10), ch([200, 403, 504]), hexs(32), hexs(16), lab_imsi()), "json")


@neg("non_credential_blob")
def b_helm_checksum():
    return fence("spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret-ref: %s" %
                 (sha256_hex(), sha256_hex()), "yaml") + "\n" + ch(["that's why the pods rolled, config checksum changed", "deshalb sind die Pods neu gestartet"])


@neg("non_credential_blob")
def b_md5_cdr():
    d = rdt()
    return fence("$ md5sum /data/outgoing/cdr/%s/*.dat\n" % d.strftime("%Y%m%d") + "\n".join(
        "%s  CDR_%s_%s_%05d.dat" % (hashlib.md5(rbytes(8)).hexdigest(), ch(["PGW", "SMF", "MSC", "SMSC"]), d.strftime("%Y%m%d%H"), ri(1, 99999))
        for _ in range(ri(3, 6))))


@neg("non_credential_blob")
def b_gosum():
    pk = ["github.com/free5gc/openapi v1.0.%d" % ri(4, 9), "github.com/wmnsk/go-gtp v0.8.%d" % ri(0, 9), "go.uber.org/zap v1.27.0",
          "github.com/ishidawataru/sctp v0.0.0-20230406120618-7ff4192f6ff2"]
    return fence("\n".join("%s h1:%s" % (p, b64(rbytes(32))) for p in sample(pk, ri(2, 4))))


@neg("non_credential_blob")
def b_pip_hash():
    return fence("pysnmp==%s \\\n    --hash=sha256:%s\npycrate==0.7.%d \\\n    --hash=sha256:%s" % (ver(), sha256_hex(), ri(0, 9), sha256_hex()))


@neg("non_credential_blob")
def b_objectid():
    return fence('db.subscribers.find({}, {imsi: 1}).limit(%d)\n' % 3 + "\n".join(
        '{ "_id" : ObjectId("%s"), "imsi" : "%s" }' % (objectid(), lab_imsi()) for _ in range(3)), "js")


@neg("non_credential_blob")
def b_ulid_alarms():
    lines = ["alarm_id                     node        probable_cause             severity"]
    for _ in range(ri(3, 6)):
        lines.append("%s   %-10s  %-25s  %s" % (ulid(), node(), ch(["communicationsSubsystemFailure", "linkDown", "thresholdCrossed", "lossOfSignal", "remoteNodeTransmissionError"]),
                                              ch(["MAJOR", "CRITICAL", "MINOR"])))
    return fence("\n".join(lines))


@neg("non_credential_blob")
def b_b64_sdp():
    sdp = "v=0\r\no=- %d %d IN IP4 %s\r\ns=-\r\nc=IN IP4 %s\r\nt=0 0\r\nm=audio %d RTP/AVP 8 101\r\na=rtpmap:8 PCMA/8000\r\na=rtpmap:101 telephone-event/8000\r\n" % (
        ri(10 ** 5, 10 ** 6), ri(1, 9), priv_ip(), priv_ip(), ri(10000, 30000) * 2)
    return ("the probe stores the SDP base64-encoded, decoded fine:\n" + fence("$ echo '%s' | base64 -d | head -3" % b64(sdp.encode()), "bash"))


@neg("non_credential_blob")
def b_cursor():
    cur = b64(json.dumps({"offset": ri(1, 40) * 100, "sort": ch(["raisedTime", "severity"]), "filter": "site=%s" % site()}).encode()).rstrip("=")
    return fence('GET /nbi/v2/alarms?limit=100&cursor=%s\n{"items":[...],"nextCursor":"%s"}' % (cur, b64(json.dumps({"offset": ri(41, 90) * 100}).encode())), "http")


@neg("non_credential_blob")
def b_teids():
    lines = []
    for _ in range(ri(3, 6)):
        lines.append("seid=0x%s  pdr=%d  teid=0x%s  far=%d  ue_ip=10.45.%d.%d  qfi=%d" % (hexs(16), ri(1, 8), hexs(8), ri(1, 8), ri(0, 255), ri(1, 254), ri(1, 9)))
    return fence("\n".join(lines)) + "\n" + ch(["upf session dump for the stuck PDU session", "UPF-Session-Dump"])


@neg("non_credential_blob")
def b_capinfos():
    f = "%s_%s.pcapng" % (ch(["s1ap", "ngap", "diameter_s6a", "sip_trunk", "gtpv2"]), rdt().strftime("%Y%m%d_%H%M"))
    return fence("$ capinfos -H %s\nFile name:           %s\nSHA256:              %s\nRIPEMD160:           %s\nSHA1:                %s" %
                 (f, f, sha256_hex(), hexs(40), git_sha())) + "\n" + ch(["hashes for the evidence log of the case", "für das Beweisprotokoll"])


@neg("non_credential_blob")
def b_k8s_uid():
    return fence("metadata:\n  name: %s\n  namespace: %s\n  uid: %s\n  resourceVersion: \"%d\"\n  generation: %d\n  creationTimestamp: \"%s\"" %
                 (pod(ch(NF)), ch(NS), uuid4(), ri(10 ** 6, 10 ** 9), ri(1, 30), iso(ms=False)), "yaml")


@neg("non_credential_blob")
def b_tfstate():
    return fence('{\n  "version": 4,\n  "terraform_version": "1.%d.%d",\n  "serial": %d,\n  "lineage": "%s",\n  "outputs": {}\n}' %
                 (ri(5, 9), ri(0, 5), ri(10, 900), uuid4()), "json")


@neg("non_credential_blob")
def b_swanctl():
    return fence("$ swanctl --list-sas\nsecgw-%s: #%d, ESTABLISHED, IKEv2, %s_i* %s_r\n  local  '%s' @ %s[4500]\n  remote '%s' @ %s[4500]\n"
                 "  AES_GCM_16-256/PRF_HMAC_SHA2_384/ECP_384\n  gnb-%d: #%d, reqid %d, INSTALLED, TUNNEL-in-UDP, ESP:AES_GCM_16-256\n    in  %s,  %d bytes\n    out %s,  %d bytes"
                 % (site(), ri(1, 90), hexs(16), hexs(16), priv_ip(), priv_ip(), priv_ip(), priv_ip(), ri(1, 999), ri(1, 500), ri(1, 90),
                    hexs(8), ri(1000, 10 ** 8), hexs(8), ri(1000, 10 ** 8)))


@neg("non_credential_blob")
def b_gpg():
    fp = " ".join(wrap(hexs(40).upper(), 4))
    return ch(["vendor software signing key (public) fingerprint: `%s` — verify the tarball against it" % fp,
               "Fingerprint des Hersteller-Signaturschlüssels: %s" % fp])


@neg("non_credential_blob")
def b_sri():
    return fence('"node_modules/@noc/alarm-table": {\n  "version": "%s",\n  "resolved": "https://npm.noc.internal/@noc/alarm-table/-/alarm-table-%s.tgz",\n  "integrity": "sha512-%s"\n}'
                 % (ver(), ver(), b64(rbytes(64))), "json")


@neg("non_credential_blob")
def b_pipeline():
    return ch(["pipeline %d / job %d failed at `helm lint`, artifact sha256 %s" % (ri(10 ** 5, 10 ** 7), ri(10 ** 6, 10 ** 8), sha256_hex()[:16]),
               "Build #%d (commit %s) promoted to lab-b" % (ri(100, 9999), git_sha()[:12]),
               "Sentry event %s: `KeyError: 'servingPlmn'` in sbi-probe" % hexs(32)])


@neg("non_credential_blob")
def b_pseudonyms():
    rows = ["imsi_pseudo,cell_id,bytes_dl"]
    for _ in range(ri(4, 8)):
        rows.append("%s,%s,%d" % (sha256_hex(), hexs(9), ri(10 ** 3, 10 ** 9)))
    return ("pseudonymised extract for the data team (sha256 of salted IMSI, salt stays in the BSS zone):\n" + fence("\n".join(rows), "csv"))


@neg("non_credential_blob")
def b_transit():
    return ("the provisioning job stores Ki only as transit ciphertext, e.g. `vault:v%d:%s` — useless without the transit key" %
            (ri(1, 4), b64(rbytes(48))))


@neg("non_credential_blob")
def b_kcv():
    return ch(["transport key component check values for the ceremony: KCV1 %s, KCV2 %s, combined %s" % (hexs(6).upper(), hexs(6).upper(), hexs(6).upper()),
               "KCV des neuen K4: %s (passt zum Protokoll)" % hexs(6).upper(),
               "HSM reports KCV %s for the imported OP key, matches the vendor letter" % hexs(6).upper()])


@neg("non_credential_blob")
def b_etag_requestid():
    return fence("HTTP/2 200\ncontent-type: application/json\netag: \"%s\"\nx-request-id: %s\n3gpp-sbi-target-apiroot: http://udm.%s.svc:80\nx-envoy-upstream-service-time: %d" %
                 (hexs(32), uuid4(), ch(NS), ri(1, 90)), "http")


@neg("non_credential_blob")
def b_hexdump_tcap():
    b = bytes([0x62, ri(0x30, 0x50), 0x48, 0x04]) + rbytes(4) + bytes([0x6b, 0x1a, 0x28, 0x18, 0x06, 0x07, 0x00, 0x11, 0x86, 0x05, 0x01, 0x01, 0x01]) + rbytes(ri(16, 40))
    hx = " ".join("%02x" % c for c in b)
    return ("TCAP begin from the STP trace, MAP SAI towards the lab HLR:\n" + fence(hx))


@neg("non_credential_blob")
def b_base64_text():
    msgs = ["AT+CGDCONT=1,\"IP\",\"internet.lab\"", "AT+COPS=1,2,\"00101\"", "AT+CEREG?", "ATI", "AT+QNWPREFCFG=\"mode_pref\",NR5G"]
    m = ch(msgs)
    return ("modem script sends `%s` which is just `%s`" % (b64(m.encode()), m))


# ------------------------------------------------------- pii_lookalike_number
@neg("pii_lookalike_number")
def n_cdr_csv():
    rows = ["record_id;served_imsi;served_imeisv;served_msisdn;record_opening_time;duration;ul_bytes;dl_bytes;ecgi;charging_id"]
    for _ in range(ri(15, 30)):
        rows.append("%d;%s;%s;%s;%s;%d;%d;%d;00101%s;%d" % (ri(10 ** 8, 10 ** 9 - 1), lab_imsi(), lab_imeisv(), lab_msisdn(),
                                                             rdt().strftime("%Y-%m-%d %H:%M:%S"), ri(1, 3600), ri(0, 9 * 10 ** 7),
                                                             ri(0, 9 * 10 ** 8), hexs(7).upper(), ri(10 ** 6, 4 * 10 ** 9)))
    return ("PGW CDR extract from the lab (test SIMs only, test PLMN), the last rows are the ones with zero volume:\n" +
            fence("\n".join(rows), "csv"))


@neg("pii_lookalike_number")
def n_sim_order():
    start = ri(1, 80) * 1000
    return ch(["SIM batch for lab-b", "Lieferung Test-SIMs", "lote de SIMs de prueba"]) + ":\n" + fence(
        "IMSI range : 00101%010d – 00101%010d\nICCID range: %s – %s\nquantity   : 1000\nPO         : 45%08d\nprofile    : %s" %
        (start, start + 999, lab_iccid(), lab_iccid(), ri(0, 10 ** 8 - 1), ch(["USIM+ISIM, Milenage, SUCI profile A", "USIM, Milenage, no SUCI"])))


@neg("pii_lookalike_number")
def n_cells():
    lines = ["| site | gNB ID | cell | NCI | TAC | PCI | NR-ARFCN |", "|---|---|---|---|---|---|---|"]
    for _ in range(ri(4, 8)):
        g = ri(1000, 4000000)
        c = ri(1, 6)
        lines.append("| %s | %d | %d | %d | %d | %d | %d |" % (site().upper(), g, c, g * 4096 + c, ri(1, 65000), ri(0, 1007), ch([632628, 643334, 650016, 636666, 428000])))
    return "\n".join(lines)


@neg("pii_lookalike_number")
def n_epoch_json():
    return fence('{"alarmId":%d,"raisedAt":%d,"raisedAtMs":%s,"clearedAt":null,"node":"%s","specificProblem":%d,"eventType":"%s"}' %
                 (ri(10 ** 6, 10 ** 8), epoch(), epoch_ms_nonluhn(), node(), ri(1000, 99999), ch(["communicationsAlarm", "qualityOfServiceAlarm", "equipmentAlarm"])), "json")


@neg("pii_lookalike_number")
def n_stp_routing():
    lines = ["GT prefix        TT  NP  -> DPC       SSN   note"]
    for _ in range(ri(4, 7)):
        lines.append("999 70 %-9s %-3d %-3d    %d-%d-%d  %-5d %s" % (digs(ri(2, 3)), ch([0, 0, 10]), 1, ri(0, 7), ri(0, 255), ri(0, 7), ch([6, 7, 8, 146, 149]),
                                                                  ch(["lab HLR", "lab MSC/VLR", "SMSC", "gsmSCF", "test STP"])))
    return ("STP GTT for the lab range (999 70 is our lab numbering, not a real country):\n" + fence("\n".join(lines)))


@neg("pii_lookalike_number")
def n_ticket_ids():
    return ch([
        "linked: %s, %s, %s (parent %s)" % (tt("INC"), tt("INC"), tt("PRB"), tt("CRQ")),
        "Remedy %s ist das Duplikat von %s" % (tt("CRQ"), tt("CRQ")),
        "vendor case %d-%07d, our ref %s" % (ri(1, 9), ri(10 ** 6, 10 ** 7 - 1), tt("INC")),
        "TT-%d y TT-%d son el mismo corte de fibra" % (ri(10 ** 5, 10 ** 6), ri(10 ** 5, 10 ** 6)),
        "%s closed, RCA in %s" % (tt("INC"), jira()),
    ])


@neg("pii_lookalike_number")
def n_charging_ids():
    lines = []
    for _ in range(ri(3, 6)):
        lines.append("%s gtpv2 Create Session Response cause=16 sgw_teid=%d pgw_teid=%d charging_id=%d ebi=%d" %
                     (iso(), ri(10 ** 6, 4 * 10 ** 9), ri(10 ** 6, 4 * 10 ** 9), ri(10 ** 6, 4 * 10 ** 9), ri(5, 15)))
    return fence("\n".join(lines))


@neg("pii_lookalike_number")
def n_hbh():
    return fence("\n".join("%s S6a %s hop-by-hop=%d end-to-end=%d result=%d" % (iso(), ch(["ULR", "AIR", "PUR", "NOR"]), ri(10 ** 8, 4 * 10 ** 9),
                                                                             ri(10 ** 8, 4 * 10 ** 9), ch([2001, 5001, 5420, 3002])) for _ in range(ri(3, 5))))


@neg("pii_lookalike_number")
def n_pm_table():
    lines = ["ROP start          | node      | attempts  | success   | SR %", "-------------------|-----------|-----------|-----------|------"]
    for _ in range(ri(4, 8)):
        a = ri(10 ** 5, 9 * 10 ** 6)
        s = a - ri(0, a // 50)
        lines.append("%s | %-9s | %9s | %9s | %.2f" % (rdt().strftime("%Y-%m-%d %H:%M"), node(), "{:,}".format(a), "{:,}".format(s), 100.0 * s / a))
    return fence("\n".join(lines))


@neg("pii_lookalike_number")
def n_ip_plan():
    lines = ["VLAN  name            prefix              gw"]
    for _ in range(ri(4, 7)):
        ip = priv_ip().rsplit(".", 1)[0]
        lines.append("%-5d %-15s %-19s %s" % (ri(100, 3999), ch(["n2-sctp", "n3-gtpu", "n4-pfcp", "n6-sgi", "oam", "s1-mme", "s6a-diam", "sig-sip", "ipx"]),
                                             "%s.0/%d" % (ip, ch([24, 26, 27, 28, 29])), ip + ".1"))
    return fence("\n".join(lines)) + "\n" + ch(["AS 6451%d, communities 6451%d:%d for IPX routes" % (ri(0, 9), ri(0, 9), ri(100, 999)),
                                                "RD 6451%d:%d, RT export 6451%d:%d" % (ri(0, 9), ri(1000, 9999), ri(0, 9), ri(1000, 9999))])


@neg("pii_lookalike_number")
def n_show_int():
    return fence("%s is up, line protocol is up\n  Internet address is %s/30\n  MTU 9216 bytes, BW 100000000 Kbit\n  %d packets input, %d bytes, 0 no buffer\n"
                 "  %d input errors, %d CRC, 0 frame\n  %d packets output, %d bytes, 0 underruns" %
                 (ch(["HundredGigE0/0/0/1", "TenGigE0/1/0/3", "Bundle-Ether12"]), priv_ip(), ri(10 ** 9, 10 ** 11), ri(10 ** 11, 10 ** 12), ri(0, 900),
                  ri(0, 900), ri(10 ** 9, 10 ** 11), ri(10 ** 11, 10 ** 12)))


@neg("pii_lookalike_number")
def n_dates():
    d = rdt()
    return ch([
        "Wartungsfenster am %s von 01:00 bis 05:00 Uhr (KW %d)" % (d.strftime("%d.%m.%Y"), d.isocalendar()[1]),
        "メンテナンスは %d年%d月%d日 2:00〜4:00 (JST) です" % (d.year, d.month, d.day),
        "ventana de mantenimiento el %s de 00:00 a 04:00" % d.strftime("%d/%m/%Y"),
        "fenêtre de maintenance le %s entre 1h et 5h" % d.strftime("%d/%m/%Y"),
        "change window %s 23:00 → %s 03:00 UTC" % (d.strftime("%Y-%m-%d"), (d + datetime.timedelta(days=1)).strftime("%Y-%m-%d")),
        "okno serwisowe %s, 00:00–04:00" % d.strftime("%d.%m.%Y"),
    ])


@neg("pii_lookalike_number")
def n_money():
    return ch([
        "TAP settlement %s: EUR %s for %s, %d TAP files (seq %05d–%05d)" % (rdt().strftime("%m/%Y"), "{:,.2f}".format(R.uniform(10 ** 4, 10 ** 7)).replace(",", "X").replace(".", ",").replace("X", "."),
                                                                         ch(["DEUXX", "FRAXX", "ESPXX"]), ri(20, 300), ri(1, 500), ri(501, 999)),
        "roaming invoice %d-%d total USD %s, dispute on %d records" % (ri(2024, 2026), ri(1000, 99999), "{:,.2f}".format(R.uniform(1000, 10 ** 6)), ri(10, 5000)),
        "Interconnect-Rechnung Nr. %d über %s €" % (ri(10 ** 7, 10 ** 8), "{:,.2f}".format(R.uniform(10 ** 4, 10 ** 6)).replace(",", "X").replace(".", ",").replace("X", ".")),
    ])


@neg("pii_lookalike_number")
def n_versions():
    return ch([
        "lab AMF on %s, prod still on %s (Rel-%d baseline)" % (ver(), ver(), ri(15, 18)),
        "baseband %s-R%dA%02d, RU firmware %d.%d.%d-%d" % (ch(["BB66", "BB68", "ABIO"]), ri(20, 26), ri(1, 60), ri(1, 9), ri(0, 20), ri(0, 99), ri(1000, 9999)),
        "kernel 5.14.0-%d.el9, DPDK %d.%d.%d, mlx5 fw %d.%d.%d" % (ri(300, 500), ri(21, 24), ch([2, 11]), ri(0, 5), ri(20, 28), ri(30, 40), ri(1000, 2000)),
        "helm chart %s, appVersion %s, image tag %s-%s" % (ver(), ver(), ver(), git_sha()[:7]),
    ])


@neg("pii_lookalike_number")
def n_serials():
    return fence("\n".join("%-10s  SN %s  HW rev %s  installed %s" % (site().upper(), ch(["FOC%d%s%s" % (ri(2000, 2799), rs(UP, 1), rs(UP + DIG, 4)),
                                                                                        "21%s%s%s" % (digs(5), rs(UP, 2), digs(8)),
                                                                                        "SN%s" % digs(10)]),
                                                                      ch(["A0", "B1", "C2"]), rdt().strftime("%Y-%m-%d")) for _ in range(ri(3, 6))))


@neg("pii_lookalike_number")
def n_ports():
    return ch([
        "firewall request: SCTP 36412 (S1-MME), 38412 (N2), TCP/SCTP 3868 (Diameter), UDP 2123 (GTP-C), 2152 (GTP-U), 8805 (PFCP), 5060/5061 (SIP)",
        "open from %s/24 to %s: udp/2152, udp/8805, tcp/7777 (SBI), tcp/9090 (metrics)" % (priv_ip().rsplit(".", 1)[0] + ".0", priv_ip()),
        "Ports für das neue Lab-Segment: 3868, 3869, 36412, 38412, 2123, 2152, 8805",
    ])


@neg("pii_lookalike_number")
def n_imsi_list():
    lines = ["ue:"]
    for i in range(ri(4, 10)):
        lines.append("  - supi: imsi-%s\n    imei: '%s'\n    apn: internet.lab" % (lab_imsi(), non_luhn("35", 14)))
    return ("UE simulator list for the load test (test PLMN, synthetic IMEIs without check digit):\n" + fence("\n".join(lines), "yaml"))


@neg("pii_lookalike_number")
def n_imei_invalid():
    return fence("%s WARN [amf] PEI %s rejected: IMEI check digit mismatch (got %d)\n%s WARN [amf] PEI imeisv-%s accepted (IMEISV has no check digit)" %
                 (iso(), "imei-" + non_luhn("35" + digs(6), 15), ri(0, 9), iso(), lab_imeisv()))


@neg("pii_lookalike_number")
def n_ban_invoice():
    return ch([
        "BAN %d, invoice %d, bill cycle %d — credit note %d issued" % (ri(10 ** 8, 10 ** 9), ri(10 ** 9, 10 ** 10), ri(1, 28), ri(10 ** 7, 10 ** 8)),
        "Kundennummer %d / Rechnung %d / Vertragskonto %d (Testkunde)" % (ri(10 ** 7, 10 ** 8), ri(10 ** 9, 10 ** 10), ri(10 ** 9, 10 ** 10)),
        "order %d stuck in fulfilment, provisioning task %d" % (ri(10 ** 8, 10 ** 10), ri(10 ** 5, 10 ** 7)),
    ])


@neg("pii_lookalike_number")
def n_specs():
    return ch([
        "see TS 29.272 §7.3.18 and TS 33.501 §6.1.3, also RFC 6733 §5.5.4 for watchdog",
        "TS 23.003 §2.2 says IMSI max 15 digits, MNC 2 or 3, that's why the parser splits wrong",
        "CVE-%d-%d affects the SBC SIP parser, vendor fix in %s" % (ri(2023, 2026), ri(10000, 59999), ver()),
        "RFC 3261 §20.7 vs TS 24.229 §5.1.1 on the Authorization header in REGISTER",
    ])


@neg("pii_lookalike_number")
def n_oids():
    return fence("\n".join("1.3.6.1.4.1.%d.%d.%d.%d.%d = %s" % (ri(1000, 60000), ri(1, 20), ri(1, 20), ri(1, 99), ri(1, 9999), ch(["INTEGER: %d" % ri(0, 6), "Counter64: %d" % ri(10 ** 6, 10 ** 12), "Gauge32: %d" % ri(0, 10 ** 5)])) for _ in range(ri(3, 6))))


@neg("pii_lookalike_number")
def n_traceroute():
    lines = ["traceroute to %s, 30 hops max" % doc_ip()]
    for i in range(1, ri(4, 9)):
        ip = priv_ip() if i < 3 else doc_ip()
        lines.append("%2d  %s  %.3f ms  %.3f ms  %.3f ms" % (i, ip, R.uniform(0.2, 40), R.uniform(0.2, 40), R.uniform(0.2, 40)))
    return fence("\n".join(lines))


@neg("pii_lookalike_number")
def n_plmn_table():
    return fence("MCC  MNC  use\n001  01   3GPP test network (lab RAN)\n001  001  3GPP test network (UE sims)\n999  70   ITU internal use, our private 5G lab\n999  99   ITU internal use, load test") + \
        "\n" + ch(["so any IMSI starting 00101 or 99970 in these logs is a test SIM", "alles mit 00101/99970 ist Test-SIM",
                   "todo IMSI que empiece por 00101 o 99970 es de laboratorio", "pinned in #%s" % ch(["core-lab", "noc", "ran-lab"])])


@neg("pii_lookalike_number")
def n_counts():
    return ch([
        "%s subscribers migrated, %s failed, %s skipped (already on UDR)" % ("{:,}".format(ri(10 ** 5, 10 ** 7)), "{:,}".format(ri(0, 999)), "{:,}".format(ri(0, 99999))),
        "%s CDRs per hour at peak, %s bytes per file on average" % ("{:,}".format(ri(10 ** 6, 10 ** 8)), "{:,}".format(ri(10 ** 6, 10 ** 8))),
        "Importiert: %s Datensätze, abgewiesen: %s" % ("{:,}".format(ri(10 ** 5, 10 ** 7)).replace(",", "."), "{:,}".format(ri(0, 9999)).replace(",", ".")),
        "%s rows, %s distinct IMSIs (all test PLMN)" % ("{:,}".format(ri(10 ** 5, 10 ** 8)).replace(",", " "), "{:,}".format(ri(100, 99999)).replace(",", " ")),
    ])


@neg("pii_lookalike_number")
def n_latency():
    lines = ["peer        p50 ms  p95 ms  p99 ms  requests"]
    for _ in range(ri(3, 6)):
        lines.append("%-11s %6.1f  %6.1f  %6.1f  %d" % (node(), R.uniform(1, 10), R.uniform(10, 50), R.uniform(50, 300), ri(10 ** 5, 10 ** 8)))
    return fence("\n".join(lines))


@neg("pii_lookalike_number")
def n_slack_ts():
    return ch(["see thread ts %d.%06d, same alarm storm" % (epoch(), ri(0, 999999)),
               "alert fired at %d (epoch) and cleared at %d" % (epoch(), epoch()),
               "Ereignis um %s ms (Epoche), also %s UTC" % (epoch_ms_nonluhn(), iso(ms=False))])


@neg("pii_lookalike_number")
def n_gt_lab():
    return ch([
        "test calls from GT 999 70 %s %s to the lab HLR GT 999 70 %s %s" % (digs(3), digs(4), digs(3), digs(4)),
        "lab MSISDN range +999 70 %s 0000 to +999 70 %s 9999 is reserved for the UE sims" % (digs(2), digs(2)),
        "A-number %s, B-number %s, both from the lab range, call drops after %d s" % (lab_msisdn(), lab_msisdn(), ri(5, 40)),
    ])


@neg("pii_lookalike_number")
def n_coords_sites():
    return fence("\n".join("%s;%.5f;%.5f;%d m;az %d/%d/%d" % (site().upper() + "-%02d" % ri(1, 40), R.uniform(35, 60), R.uniform(-9, 30), ri(15, 60), ri(0, 119), ri(120, 239), ri(240, 359))
                           for _ in range(ri(3, 6))), "csv")


@neg("pii_lookalike_number")
def n_mpls():
    return fence("Local  Outgoing   Prefix             Outgoing     Next Hop        Bytes\nLabel  Label      or ID              Interface                    Switched\n" +
                 "\n".join("%-6d %-10d %-18s %-12s %-15s %d" % (ri(16000, 24999), ri(16000, 999999), priv_ip() + "/32", "BE%d" % ri(1, 40), priv_ip(), ri(10 ** 6, 10 ** 12))
                           for _ in range(ri(3, 6))))


@neg("pii_lookalike_number")
def n_ecgi_hex():
    e = ri(1, 1048575)
    c = ri(0, 255)
    return "eNB ID %d, cell %d → ECI %d (0x%07X), ECGI 00101-%d" % (e, c, e * 256 + c, e * 256 + c, e * 256 + c)


@neg("pii_lookalike_number")
def n_sms_ids():
    return fence("\n".join("%s SMPP deliver_sm seq=%d msg_id=%s src=%s dst=%s dcs=%d" % (iso(), ri(1, 2 ** 31), hexs(16), lab_msisdn(), lab_msisdn(), ch([0, 8]))
                           for _ in range(ri(3, 5))))


# --------------------------------------------------------- talk_about_secrets
@neg("talk_about_secrets")
def t_diameter_tls_rotation():
    return ch([
        "Rotated the Diameter TLS key on %s/%s after the vendor laptop incident (%s). Old cert revoked, new key generated on the box, CSR signed by the lab CA. Please nobody paste key material in here." % ("dra%02d" % ri(1, 2), "dra%02d" % ri(3, 4), tt("INC")),
        "Der TLS-Schlüssel der DRA-Peers (%s) wird am %s getauscht, der neue Key wird direkt auf dem Knoten erzeugt und verlässt ihn nie." % ("dra%02d" % ri(1, 4), rdt().strftime("%d.%m.")),
        "La clé privée TLS du DRA %s a été régénérée ; l'ancien certificat est révoqué depuis %s." % ("dra%02d" % ri(1, 4), rdt().strftime("%d/%m")),
    ])


@neg("talk_about_secrets")
def t_ki_rule():
    return ch([
        "Reminder: Ki and OPc values never go into Slack, ServiceNow or e-mail. To check a SIM, compare the KCV from the HSM with the vendor letter, not the key. (%s)" % jira(),
        "Erinnerung: Ki/OPc gehören weder in Slack noch ins Ticket. Für die Prüfung reicht der KCV aus dem HSM. Siehe %s." % jira(),
        "Recordatorio: nunca pegar Ki ni OPc en Slack ni en tickets; para verificar una SIM se compara el KCV del HSM. (%s)" % jira(),
        "Promemoria: Ki e OPc non vanno mai su Slack né nei ticket. Per verificare una SIM basta il KCV dell'HSM. (%s)" % jira(),
    ])


@neg("talk_about_secrets")
def t_tacacs_question():
    return ch([
        "who has the TACACS shared secret for the %s routers? need to re-add the new PE" % site(),
        "→ it's in the NOC vault under network/tacacs/%s, request a lease in #noc-access, don't DM it" % site(),
        "Wer kennt den TACACS-Key für %s? Der neue PE kommt nicht an den Server." % site(),
        "¿Alguien tiene la clave TACACS de %s? — está en el vault del NOC, pedidla por #noc-access, nada de MD" % site(),
    ])


@neg("talk_about_secrets")
def t_snmp_factory():
    return ch([
        "The SNMPv3 auth passphrase on the %s PE routers is still the factory value from the staging config. %s raised to rotate it; until then read-only from the OAM VLAN only." % (site(), tt("CHG")),
        "SNMPv3-Passphrase auf %s ist noch die Werkseinstellung, %s zum Rotieren ist offen." % (site(), tt("CHG")),
    ])


@neg("talk_about_secrets")
def t_kubeconfig_leak():
    return ch([
        "Heads-up: someone pasted a kubeconfig with a service-account token into #%s. Token revoked after %d min, message deleted, SA recreated. If you copied it anywhere, delete it." % (ch(["5gc-deploy", "core-lab", "noc-tools"]), ri(2, 15)),
        "Incident %s: service-account token for the %s namespace posted in a public channel; revoked, audit log shows no use. Lesson: use `kubectl config view --minify --raw` only into files, never into chat." % (tt("INC"), ch(NS)),
    ])


@neg("talk_about_secrets")
def t_cdr_sftp_de():
    return ch([
        "Bitte die SFTP-Zugangsdaten für den CDR-Export nicht per Mail verschicken, die liegen im Passwort-Safe unter %s. Der Partner bekommt einen Einmal-Link." % ch(["BSS/CDR-Export", "Mediation/SFTP"]),
        "Die Zugangsdaten für den CDR-Push zu %s laufen am %s ab, Rotation ist in %s eingeplant." % (ch(["Partner A", "dem Clearinghouse", "dem Data-Warehouse"]), rdt().strftime("%d.%m."), tt("CHG")),
    ])


@neg("talk_about_secrets")
def t_oss_pw_fr():
    return ch([
        "Le mot de passe du compte OSS northbound expire vendredi ; la rotation est planifiée dans le %s, merci de ne pas le changer à la main." % tt("CHG"),
        "Question : où est stocké le secret du client OAuth du portail OSS (%s) ? — Dans Vault, chemin oss/northbound/%s, lecture réservée au pipeline." % (site(), site()),
        "Le jeton d'API du connecteur ServiceNow a fuité dans un log de debug (%s) ; révoqué, nouveau jeton émis, logs purgés." % tt("INC"),
    ])


@neg("talk_about_secrets")
def t_msisdn_es():
    return ch([
        "No compartáis MSISDN de clientes reales en el canal; para pruebas usad el rango de laboratorio. Si hace falta un número real, va en el ticket con acceso restringido (%s)." % tt("INC"),
        "Ojo: la exportación de CDR de ayer llevaba números de clientes reales, se ha borrado del bucket y abierto %s." % tt("INC"),
    ])


@neg("talk_about_secrets")
def t_sbc_key_pt():
    return ch([
        "A chave privada do certificado do SBC foi regenerada ontem; o CSR está no ticket %s e o certificado novo entra na janela de quinta." % tt("CHG"),
        "Por favor não colem senhas de trunk SIP aqui — usem o cofre do NOC. A senha antiga do trunk %s já foi trocada." % ch(["IPX-1", "PSTN-2", "MVNO-A"]),
    ])


@neg("talk_about_secrets")
def t_it_nl_pl():
    return ch([
        "La password dell'utente di servizio della mediation scade tra %d giorni; rinnovo previsto con %s, nessuno la cambi a mano." % (ri(2, 14), tt("CHG")),
        "Het wachtwoord van de lab-RADIUS is nog de standaardwaarde; %s staat open om het te vervangen door een geheim uit de vault." % tt("CHG"),
        "Hasło do konta serwisowego w OSS wygasa w piątek, rotacja zaplanowana w %s. Proszę nie wklejać haseł na kanał." % tt("CHG"),
        "De API-sleutel van de ticketkoppeling is per ongeluk in een debuglog beland (%s); ingetrokken en vervangen." % tt("INC"),
    ])


@neg("talk_about_secrets")
def t_tr_ru_ar_ja():
    return ch([
        "Lab ortamındaki RADIUS paylaşılan anahtarı hâlâ varsayılan değerde; %s ile değiştirilecek. Lütfen anahtarı kanala yazmayın." % tt("CHG"),
        "Пароль сервисной учётки OSS истекает в пятницу, ротация запланирована в %s. Пароли в канал не вставляем." % tt("CHG"),
        "تذكير: لا تنشروا كلمات المرور أو مفاتيح الـ SIM في القناة، استخدموا الخزنة فقط. (%s)" % tt("INC"),
        "リマインド：Ki や OPc、パスワードを Slack に貼らないでください。SIM の確認は HSM の KCV で行います。(%s)" % jira(),
        "Diameter ピアの TLS 秘密鍵は %s に更新済みです。旧証明書は失効させました。" % rdt().strftime("%m/%d"),
    ])


@neg("talk_about_secrets")
def t_nrf_signing():
    return ch([
        "Q: how do we rotate the NRF OAuth2 signing key on %s without breaking tokens in flight?\nA: publish the new public key in the JWKS first, wait longer than the max token lifetime (%d min), then switch the signer, then drop the old kid." % (site(), ch([60, 120])),
        "NRF access tokens are signed with the key in the HSM partition `nrf-%s`; no one can export it, so there is nothing to share. Consumers only need the public key." % site(),
    ])


@neg("talk_about_secrets")
def t_dlp_regex():
    return ch([
        "the DLP rule for IMSIs flags every 15-digit PM counter in the %s export. Proposal: require MCC in a known list and a word boundary, and ignore test PLMNs 001/999." % site(),
        "our scanner rule for card numbers fires on charging IDs concatenated with timestamps; adding a Luhn check cut the false positives by ~%d%%." % ri(70, 95),
        "The secret scanner in CI now blocks pushes containing PEM private keys, AWS key ids and Slack tokens; exceptions need a ticket (%s) and security approval." % jira(),
        "Die DLP-Regel für IBANs schlägt bei den TAP-Dateinamen an (%d Treffer letzte Woche) — wir prüfen jetzt die Prüfziffer mit, dann ist Ruhe." % ri(40, 900),
        "la regla DLP de teléfonos salta con los contadores PM de %d dígitos; propuesta: exigir prefijo de país y separadores." % ch([10, 11, 12]),
    ])


@neg("talk_about_secrets")
def t_incident_ipx():
    return ch([
        "INC summary (%s): the roaming partner's IPX portal password was shared over a DM. Rotated within the hour, partner informed, access logs show no misuse. Action: partner credentials only via the vault share." % tt("INC"),
        "Post-mortem %s: an AWS access key for the CDR archive bucket was committed to the netops repo. Key deactivated %d min after the push, CloudTrail clean, history rewritten, pre-commit hook added." % (tt("INC"), ri(4, 40)),
        "Incident %s: the SBC admin password was found in a screenshot attached to a vendor case. Password changed, screenshot removed from the case, vendor asked to purge their copy." % tt("INC"),
    ])


@neg("talk_about_secrets")
def t_li():
    return ch([
        "Reminder after the thread in #%s: lawful interception warrants, target lists and LI mediation credentials never go in Slack. Use the LIMS and the LI team's process only." % ch(["core-lab", "noc", "ims-ops"]),
        "Rappel (suite au fil de %s) : rien concernant les interceptions légales (cibles, mandats, accès) dans ce canal." % rdt().strftime("%d/%m"),
        "LI-Themen (Ziele, Beschlüsse, Zugänge) bitte ausschließlich über das LIMS, nicht hier — auch nicht in %s-Tickets." % ch(["INC", "CHG", "PRB"]),
    ])


@neg("talk_about_secrets")
def t_gdpr_cdr():
    return ch([
        "CDR extracts with real MSISDNs or IMSIs must be pseudonymised before they leave the BSS zone. Ask the data team for the salted-hash job (cdr-pseudo-%s), don't do it in a notebook." % site(),
        "DSGVO: echte Rufnummern aus CDRs nur im BSS-Netz, für Analysen nur die gehashten Spalten verwenden (siehe %s)." % jira(),
        "RGPD : les extraits de CDR avec de vrais numéros restent dans la zone BSS ; pour l'analyse, on utilise les colonnes pseudonymisées (%s)." % jira(),
    ])


@neg("talk_about_secrets")
def t_simswap():
    return ch([
        "Fraud desk (%s): SIM-swap ring is social-engineering the shops for port-out PINs. Shops must never read the PIN or the customer's date of birth aloud; everything goes through the verification flow. No customer data in this thread please." % tt("INC"),
        "Port-out fraud: %d cases this week, all via the call centre. New rule: PIN reset only via the app with 2FA." % ri(3, 30),
        "Fraude de SIM swap: %d casos esta semana; el PIN de portabilidad ya no se puede dictar por teléfono." % ri(3, 30),
    ])


@neg("talk_about_secrets")
def t_eso_error():
    n = ch(["udm", "nrf", "pcf", "chf", "smsf"])
    return ch([
        "ESO is failing for %s:\n%s" % (n, fence("SecretSyncedError: could not get secret data from provider: key \"5gc/%s/suci-hn-key\" not found" % n)),
        "sealed-secrets controller after the cluster rebuild:\n%s\nwe need to restore the controller key from the backup, not re-seal by hand." % fence("no key could decrypt secret (%s-db)" % n),
        "Vault agent on %s: `permission denied` on kv/data/5gc/%s — the policy lost the read capability in %s." % (pod(n), n, tt("CHG")),
    ])


@neg("talk_about_secrets")
def t_pci():
    return ch([
        "PCI scope reminder: the top-up portal must never log the full card number, only the last four digits and the token from the PSP. The debug flag that dumped the request body is off again (%s)." % tt("INC"),
        "Direct-debit IBANs in the BSS are encrypted at rest and masked in the UI; support sees only the last four characters (%s)." % jira(),
        "US MVNO onboarding: we only keep the last four of the SSN for identity checks, the full number stays with the KYC provider. Audit finding %s closed." % jira(),
        "Card data from the payment gateway logs was found in the ELK index (%s); index deleted, pipeline now masks PANs before shipping." % tt("INC"),
    ])


@neg("talk_about_secrets")
def t_vault_unseal():
    return ch([
        "Vault on %s sealed after the power cut. Need 3 of 5 unseal key holders on the bridge — don't type your share in chat, use the CLI on the jump host." % site(),
        "Unseal-Ceremony am %s: die Key-Holder kommen einzeln in den Raum, niemand schreibt etwas auf." % rdt().strftime("%d.%m."),
    ])


@neg("talk_about_secrets")
def t_sip_digest():
    return ch([
        "the SBC logs the full Authorization header at DEBUG, including the digest response. Harmless-ish, but we turned DEBUG off on %s and opened %s to mask it." % ("sbc%02d" % ri(1, 4), jira()),
        "SIP trunk %s fails auth since the carrier rotated the password; they'll send the new one via the secure portal, not mail." % ch(["IPX-1", "PSTN-2", "carrier-B"]),
    ])


@neg("talk_about_secrets")
def t_bgp_md5():
    return ch([
        "BGP session to the IPX peer flaps every %d s — MD5 password mismatch after their maintenance. Asked them to re-confirm the key through the portal, not over the phone." % ch([90, 180]),
        "Die BGP-MD5-Schlüssel für die %d neuen Peers kommen aus dem Vault, nicht aus der Excel-Liste. Die Liste wird gelöscht." % ri(2, 12),
    ])


@neg("talk_about_secrets")
def t_oncall_etiquette():
    return ch([
        "on-call etiquette: if the vendor asks for the root password on the bridge, give them a temporary account with an expiry instead, and log it in %s." % tt("CHG"),
        "please don't screen-share the password manager during the bridge, %s this month already" % ch(["twice", "three times", "again"]),
        "If you need a customer's phone number to call back about %s, look it up in the CRM with your own login; don't ask for it here." % tt("INC"),
        "regla de guardia: si el fabricante pide la contraseña root, se crea una cuenta temporal con caducidad y se anota en %s." % tt("CHG"),
    ])


@neg("talk_about_secrets")
def t_suci_hn_key():
    return ch([
        "SUCI home network private key rotation (HN key id %d → %d): the private part is generated inside the HSM and never exported; only the public key goes to the SIM vendor for the next batch." % (ri(1, 3), ri(4, 6)),
        "Rotation des HN-Schlüssels für SUCI (Key-ID %d): privater Teil bleibt im HSM, der SIM-Hersteller bekommt nur den öffentlichen Schlüssel." % ri(2, 9),
    ])


@neg("talk_about_secrets")
def t_transport_key():
    return ch([
        "SIM output files for batch %d arrive with Ki encrypted under the transport key (K4). Decryption happens only in the HSM during import; the plaintext file must never be on a laptop." % ri(100, 999),
        "Key ceremony for the new transport key is on %s. Each custodian brings their component on paper, sealed; the KCVs get written into the protocol, nothing else." % rdt().strftime("%Y-%m-%d"),
    ])


@neg("talk_about_secrets")
def t_api_keys_llm():
    return ch([
        "The alarm-summary bot on %s uses an API key from the platform team's vault; if you want to test locally, request your own key, don't reuse the bot's." % site(),
        "Someone pasted an OpenAI key into the notebook that's shared with the data team ({}); revoked, usage limit was never hit.".format(tt("INC")),
        "Die KI-Zusammenfassung der Tickets läuft mit einem eigenen API-Key pro Umgebung (%s, prod); Keys rotieren wir monatlich." % site(),
    ])


@neg("talk_about_secrets")
def t_github_tokens():
    return ch([
        "the %s CI uses a GitHub App now, so personal access tokens in the runner env can go. Please revoke yours if you added one." % ch(["core-ansible", "5gc-charts", "router-configs", "netbox-sync"]),
        "GitHub secret scanning flagged a token in the ansible repo history ({}); it was already expired, still rotated the related account.".format(jira()),
    ])


@neg("talk_about_secrets")
def t_emails_phones():
    return ch([
        "vendor asked for the on-call list with phone numbers and e-mails for case %d-%07d; sending it through the partner portal, not Slack." % (ri(1, 9), ri(10 ** 6, 10 ** 7 - 1)),
        "Por favor, no pongáis correos ni teléfonos personales en los tickets del fabricante (%s); usad el alias del NOC." % tt("INC"),
        "Bitte keine privaten Handynummern in die Eskalationsliste für %s, nur die Bereitschaftsnummer aus dem Wiki." % site().upper(),
        "for the escalation matrix v%d we use the team aliases and the duty phone only; personal numbers stay in the HR system." % ri(2, 9),
    ])


@neg("talk_about_secrets")
def t_faq():
    return ch([
        "FAQ for new NOC engineers (%s):\n- Where are router passwords? In the vault, per device group.\n- Can I share a password in a DM? No.\n- What if I leaked one? Say so in #sec-incidents at once; rotating is cheap, hiding it is not." % jira(),
        "Security sync notes:\n1. Diameter TLS keys rotated on all DRAs\n2. SNMPv3 passphrases: %d of %d devices done\n3. Old TACACS secret retired on %s" % (ri(100, 300), ri(301, 400), rdt().strftime("%Y-%m-%d")),
    ])


@neg("talk_about_secrets")
def t_id_sw_misc():
    return ch([
        "Nywila ya akaunti ya huduma ya OSS inaisha Ijumaa (%s); tafadhali usiweke nywila kwenye chaneli hii." % tt("CHG"),
        "Kata sandi akun layanan OSS kedaluwarsa hari Jumat; rotasi dijadwalkan di %s. Jangan tempel kata sandi di kanal ini." % tt("CHG"),
        "Heslo servisního účtu OSS vyprší v pátek, rotace je naplánovaná v %s." % tt("CHG"),
        "Το συνθηματικό του λογαριασμού υπηρεσίας OSS λήγει την Παρασκευή· η αλλαγή είναι προγραμματισμένη στο %s." % tt("CHG"),
    ])


@neg("talk_about_secrets")
def t_postmortem_long():
    t = tt("INC")
    what = ch(["SFTP password for the clearing-house CDR push", "TACACS shared secret of the lab PE routers",
               "OAuth client secret of the ServiceNow connector", "Slack bot token of the alarm forwarder",
               "AWS access key of the PM archive job"])
    where = ch(["a screenshot in a vendor case", "a public repo fork", "a debug log shipped to ELK", "a pasted shell history in #core-lab",
                "the wiki page history"])
    d = rdt()
    lines = ["*Post-mortem %s — leaked credential*" % t,
             "*What:* the %s was exposed in %s." % (what, where),
             "*Detected:* %s by %s." % (d.strftime("%Y-%m-%d %H:%M"), ch(["the secret scanner", "a colleague", "the vendor", "GitHub push protection"])),
             "*Contained:* credential rotated after %d min, old value revoked, dependent jobs restarted with the new one from the vault." % ri(5, 90),
             "*Impact:* none found; access logs for the last %d days reviewed." % ri(7, 90),
             "*Actions:*",
             "1. pre-commit hook with secret scanning on %s (%s)" % (ch(["core-ansible", "router-configs", "noc-tools"]), jira()),
             "2. debug logging must mask Authorization headers (%s)" % jira(),
             "3. reminder in the NOC onboarding: values go to the vault, never to chat or tickets",
             "No values are quoted in this post-mortem on purpose."]
    if R.random() < 0.5:
        lines.insert(5, "*Root cause:* %s" % ch(["copy-paste during a night-shift bridge", "a test script with a hardcoded value",
                                                "DEBUG log level left on after an upgrade", "an old .env file in a zip sent to the vendor"]))
    return "\n".join(lines)


@neg("talk_about_secrets")
def t_security_sync_long():
    d = rdt()
    items = ["Diameter TLS keys rotated on %d/%d DRAs" % (ri(1, 4), 4),
             "SNMPv3 passphrases: %d of %d devices done" % (ri(100, 300), ri(301, 400)),
             "TACACS secret for %s retired %s" % (site(), d.strftime("%Y-%m-%d")),
             "SUCI HN key id %d published to the SIM vendor (public key only)" % ri(2, 9),
             "NRF signing key rollover scheduled, JWKS publishes both kids for %d h" % ch([2, 4, 24]),
             "vault audit: %d stale service-account secrets deleted" % ri(3, 40),
             "card data found in ELK index %s purged, PAN masking verified" % d.strftime("topup-%Y.%m.%d"),
             "customer phone numbers removed from %d old vendor cases" % ri(2, 30),
             "SIM transport key ceremony minutes signed, KCVs archived"]
    R.shuffle(items)
    k = ri(4, 8)
    return "Security sync %s\n" % d.strftime("%d.%m.%Y") + "\n".join("- " + x for x in items[:k]) + "\n" + ch(
        ["next sync in two weeks", "nächster Termin in zwei Wochen", "prochaine réunion dans deux semaines", "questions in thread"])


# ================================================================ positives
POS = {}
PAIRS = []


def pos(kind):
    def deco(f):
        POS.setdefault(kind, []).append(f)
        return f
    return deco


def pair(f):
    PAIRS.append(f)
    return f


# ------------------------------------------------------- aws_access_key_id
@pos("aws_access_key_id")
def pa_cloudtrail():
    k = aws_akid("AKIA")
    return fence('{\n  "eventTime": "%s",\n  "eventName": "GetObject",\n  "userIdentity": {\n    "type": "IAMUser",\n    "userName": "cdr-exporter-legacy",\n'
                 '    "accessKeyId": "%s"\n  },\n  "requestParameters": {"bucketName": "cdr-archive-%s", "key": "pgw/%s/CDR_PGW_%s.dat.gz"}\n}' %
                 (iso(ms=False), k, site(), rdt().strftime("%Y/%m/%d"), digs(8)), "json") + \
        "\nthis key should have been disabled in March, who still uses it?", [("aws_access_key_id", k)]


@pos("aws_access_key_id")
def pa_error():
    k = aws_akid("AKIA")
    return fence("%s ERROR cdr_exporter.upload: botocore.exceptions.ClientError: An error occurred (InvalidAccessKeyId) when calling the PutObject operation: "
                 "The AWS Access Key Id you provided does not exist in our records. (key=%s)" % (iso(), k)), [("aws_access_key_id", k)]


@pos("aws_access_key_id")
def pa_list_keys():
    k = aws_akid("AKIA")
    return fence('$ aws iam list-access-keys --user-name cdr-exporter\n{\n    "AccessKeyMetadata": [\n        {\n            "UserName": "cdr-exporter",\n'
                 '            "AccessKeyId": "%s",\n            "Status": "Active",\n            "CreateDate": "%s"\n        }\n    ]\n}' % (k, iso(ms=False)), "bash"), \
        [("aws_access_key_id", k)]


@pos("aws_access_key_id")
def pa_prose():
    k = aws_akid("AKIA")
    return "which user is %s? it shows up in the CloudTrail for the PM bucket, I think it's the old terraform user, disable it pls" % k, \
        [("aws_access_key_id", k)]


@pos("aws_access_key_id")
def pa_de_sts():
    k = aws_akid("ASIA")
    return "Der Mediation-Server holt sich temporäre Credentials, im Debug-Log steht z.B. AccessKeyId %s — das ist normal, die laufen nach 1 h ab, trotzdem bitte aus dem Ticket löschen." % k, \
        [("aws_access_key_id", k)]


# --------------------------------------------------- aws_secret_access_key
@pos("aws_secret_access_key")
def ps_dm():
    s = aws_secret()
    return "the key id I sent you in DM, here's the secret part for the cdr-archive profile: %s — put it in ~/.aws/credentials, not in the repo" % s, \
        [("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def ps_k8s():
    s = aws_secret()
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: cdr-exporter-aws\n  namespace: bss-mediation\ntype: Opaque\nstringData:\n"
                 "  AWS_DEFAULT_REGION: eu-central-1\n  AWS_SECRET_ACCESS_KEY: %s" % s, "yaml"), [("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def ps_tfvars():
    s = aws_secret()
    return "terraform.tfvars from the pm-archive stack (don't commit):\n" + fence('region                = "eu-west-1"\npm_archive_bucket     = "pm-xml-%s"\npm_archive_secret_key = "%s"' % (site(), s), "hcl"), \
        [("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def ps_es():
    s = aws_secret()
    return "la clave secreta del usuario cdr-exporter es %s (la id ya la tienes en el ticket), rotamos el lunes" % s, [("aws_secret_access_key", s)]


# ------------------------------------------------------ github_classic_pat
@pos("github_classic_pat")
def pg_clone():
    t = gh_classic()
    return fence("  512  cd ~/work\n  513  git clone https://%s@github.com/labtel-netops/router-configs.git\n  514  cd router-configs && git checkout %s" % (t, jira().lower()), "bash"), \
        [("github_classic_pat", t)]


@pos("github_classic_pat")
def pg_env():
    t = gh_classic()
    return "for the workflow dispatch test: `export GH_TOKEN=%s` then `gh workflow run deploy-5gc.yml -f site=%s`" % (t, site()), [("github_classic_pat", t)]


@pos("github_classic_pat")
def pg_netrc():
    t = gh_classic()
    return "~/.netrc on the lab jump host:\n" + fence("machine github.com\n  login netops-bot\n  password %s" % t), [("github_classic_pat", t)]


@pos("github_classic_pat")
def pg_pip():
    t = gh_classic()
    return fence("pip install \"git+https://%s@github.com/labtel-netops/pycdr.git@v%s#egg=pycdr\"" % (t, ver()), "bash"), [("github_classic_pat", t)]


@pos("github_classic_pat")
def pg_prose():
    t = gh_classic()
    return "use my PAT for the netbox→git sync until the app is approved: %s (expires %s)" % (t, rdt().strftime("%a %d %b")), [("github_classic_pat", t)]


@pos("github_classic_pat")
def pg_galaxy():
    t = gh_classic()
    return fence("[galaxy]\nserver_list = netops_github\n\n[galaxy_server.netops_github]\nurl = https://github.com/labtel-netops\ntoken = %s" % t, "ini"), \
        [("github_classic_pat", t)]


@pos("github_classic_pat")
def pg_ja():
    t = gh_classic()
    return "一時的にこのトークン使ってください（金曜まで有効）: %s  終わったら教えてください、失効させます" % t, [("github_classic_pat", t)]


@pos("github_classic_pat")
def pg_curl():
    t = gh_classic()
    return fence("curl -s -X POST -H \"Authorization: token %s\" -H \"Accept: application/vnd.github+json\" \\\n  https://api.github.com/repos/labtel-netops/core-ansible/dispatches -d '{\"event_type\":\"rollout-%s\"}'" % (t, site()), "bash"), \
        [("github_classic_pat", t)]


# ------------------------------------------------- github_fine_grained_pat
@pos("github_fine_grained_pat")
def pf_renovate():
    t = gh_fine()
    return fence("# renovate runner env for the 5gc-charts repo\nRENOVATE_PLATFORM=github\nRENOVATE_TOKEN=%s\nRENOVATE_REPOSITORIES=labtel-netops/5gc-charts" % t, "bash"), \
        [("github_fine_grained_pat", t)]


@pos("github_fine_grained_pat")
def pf_tf():
    t = gh_fine()
    return fence('provider "github" {\n  owner = "labtel-netops"\n  token = "%s"\n}' % t, "hcl") + "\nthe netops-repos stack, planning fails with 403 on branch protection", \
        [("github_fine_grained_pat", t)]


@pos("github_fine_grained_pat")
def pf_docker():
    t = gh_fine()
    return fence("$ echo %s | docker login ghcr.io -u netops-bot --password-stdin\nLogin Succeeded" % t, "bash"), [("github_fine_grained_pat", t)]


@pos("github_fine_grained_pat")
def pf_helm():
    t = gh_fine()
    return fence("helm registry login ghcr.io --username netops-bot --password %s\nhelm pull oci://ghcr.io/labtel-netops/charts/amf --version %s" % (t, ver()), "bash"), \
        [("github_fine_grained_pat", t)]


@pos("github_fine_grained_pat")
def pf_de():
    t = gh_fine()
    return "Neuer Fine-grained-Token für den Config-Backup-Job (nur read auf router-configs): %s — läuft in 30 Tagen ab, bitte im Vault hinterlegen." % t, \
        [("github_fine_grained_pat", t)]


@pos("github_fine_grained_pat")
def pf_argocd():
    t = gh_fine()
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-5gc-charts\n  namespace: argocd\n  labels:\n    argocd.argoproj.io/secret-type: repository\n"
                 "stringData:\n  url: https://github.com/labtel-netops/5gc-charts\n  username: netops-bot\n  password: %s" % t, "yaml"), [("github_fine_grained_pat", t)]


@pos("github_fine_grained_pat")
def pf_fr():
    t = gh_fine()
    return "le job de sauvegarde des configs routeurs utilise ce jeton : %s (lecture seule, expire fin du mois)" % t, [("github_fine_grained_pat", t)]


@pos("github_fine_grained_pat")
def pf_env():
    t = gh_fine()
    return fence("# noc-chatops/.env\nGITHUB_TOKEN=%s\nGITHUB_ORG=labtel-netops\nINCIDENT_REPO=noc-postmortems" % t, "bash"), [("github_fine_grained_pat", t)]


# ---------------------------------------------------------- slack_bot_token
@pos("slack_bot_token")
def pb_env():
    t = slack_bot()
    return fence("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL_CRITICAL=#noc-critical\nALARM_MIN_SEVERITY=major" % t, "bash") + "\nenv of the alarm-forwarder on %s" % node(), \
        [("slack_bot_token", t)]


@pos("slack_bot_token")
def pb_python():
    t = slack_bot()
    return fence('from slack_sdk import WebClient\n\nclient = WebClient(token="%s")\n\ndef post_alarm(a):\n    client.chat_postMessage(channel="#noc-alarms", text=f"{a.severity} {a.node} {a.probable_cause}")' % t, "python"), \
        [("slack_bot_token", t)]


@pos("slack_bot_token")
def pb_k8s():
    t = slack_bot()
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: noc-bot\n  namespace: noc-tools\nstringData:\n  slack-bot-token: %s" % t, "yaml"), [("slack_bot_token", t)]


@pos("slack_bot_token")
def pb_curl():
    t = slack_bot()
    return fence("curl -s -X POST https://slack.com/api/chat.postMessage \\\n  -H 'Authorization: Bearer %s' \\\n  -H 'Content-type: application/json' \\\n  -d '{\"channel\":\"#noc-%s\",\"text\":\"DRA peer down\"}'" % (t, site()), "bash"), \
        [("slack_bot_token", t)]


@pos("slack_bot_token")
def pb_log():
    t = slack_bot()
    return fence("%s DEBUG urllib3.connectionpool: https://slack.com:443 \"POST /api/chat.postMessage HTTP/1.1\" 200\n%s DEBUG alarm_forwarder.slack: headers={'Authorization': 'Bearer %s', 'Content-Type': 'application/json;charset=utf-8'}" % (iso(), iso(), t)), \
        [("slack_bot_token", t)]


@pos("slack_bot_token")
def pb_helm():
    t = slack_bot()
    return fence("noc-bot:\n  replicas: 1\n  slack:\n    botToken: %s\n    defaultChannel: \"#noc-%s\"" % (t, site()), "yaml"), [("slack_bot_token", t)]


@pos("slack_bot_token")
def pb_es():
    t = slack_bot()
    return "el bot de guardia usa este token, lo he sacado del pod: %s — hay que meterlo en el vault y quitarlo del values.yaml" % t, [("slack_bot_token", t)]


@pos("slack_bot_token")
def pb_grafana():
    t = slack_bot()
    return fence('{\n  "name": "noc-critical",\n  "type": "slack",\n  "settings": {\n    "recipient": "#noc-critical",\n    "token": "%s",\n    "mentionChannel": "here"\n  }\n}' % t, "json"), \
        [("slack_bot_token", t)]


@pos("slack_bot_token")
def pb_ansible():
    t = slack_bot()
    return fence("# host_vars/noc-tools01.yml\nnoc_bot_slack_token: %s\nnoc_bot_escalation_channel: \"#noc-escalation\"" % t, "yaml"), [("slack_bot_token", t)]


# --------------------------------------------------------- slack_user_token
@pos("slack_user_token")
def pu_curl():
    t = slack_user()
    return fence("curl -s 'https://slack.com/api/conversations.history?channel=C0%s&limit=200' -H 'Authorization: Bearer %s' > noc-incident.json" % (rs(UP + DIG, 8), t), "bash"), \
        [("slack_user_token", t)]


@pos("slack_user_token")
def pu_export():
    t = slack_user()
    return fence("export SLACK_USER_TOKEN=%s\npython3 export_incident_channel.py --channel inc-%s --out postmortem/" % (t, digs(4)), "bash"), [("slack_user_token", t)]


@pos("slack_user_token")
def pu_py():
    t = slack_user()
    return fence('# postmortem_exporter/config.py\nSLACK_USER_TOKEN = "%s"  # my user token, needed for private channels\nEXPORT_DIR = "/srv/postmortems"' % t, "python"), \
        [("slack_user_token", t)]


@pos("slack_user_token")
def pu_prose():
    t = slack_user()
    return "this is my user token for the channel export, revoke it after the postmortem is done: %s" % t, [("slack_user_token", t)]


@pos("slack_user_token")
def pu_de():
    t = slack_user()
    return "Für den Export des Incident-Channels habe ich kurz meinen User-Token benutzt: %s — bitte nach dem Postmortem widerrufen." % t, [("slack_user_token", t)]


@pos("slack_user_token")
def pu_postman():
    t = slack_user()
    return fence('{\n  "name": "slack-noc",\n  "values": [\n    {"key": "base_url", "value": "https://slack.com/api", "enabled": true},\n    {"key": "user_token", "value": "%s", "enabled": true}\n  ]\n}' % t, "json"), \
        [("slack_user_token", t)]


@pos("slack_user_token")
def pu_history():
    t = slack_user()
    return fence("  88  slackdump -token %s -export inc-%s.zip C0%s" % (t, digs(4), rs(UP + DIG, 8)), "bash"), [("slack_user_token", t)]


@pos("slack_user_token")
def pu_it():
    t = slack_user()
    return "per l'archivio del canale incidenti ho usato il mio token utente %s, da revocare dopo" % t, [("slack_user_token", t)]


# ----------------------------------------------------------- openai_api_key
@pos("openai_api_key")
def po_yaml():
    t = openai_key("proj")
    return fence("ticket_summarizer:\n  provider: openai\n  model: gpt-4o-mini\n  api_key: %s\n  max_alarms_per_prompt: 50" % t, "yaml"), [("openai_api_key", t)]


@pos("openai_api_key")
def po_notebook():
    t = openai_key("proj")
    return fence('import os\nos.environ["OPENAI_API_KEY"] = "%s"\nfrom openai import OpenAI\nclient = OpenAI()\n# summarise last night\'s alarm storm on %s' % (t, site()), "python"), \
        [("openai_api_key", t)]


@pos("openai_api_key")
def po_curl():
    t = openai_key("legacy")
    return fence("curl https://api.openai.com/v1/chat/completions \\\n  -H \"Authorization: Bearer %s\" \\\n  -H 'Content-Type: application/json' \\\n  -d @alarm_batch.json" % t, "bash"), \
        [("openai_api_key", t)]


@pos("openai_api_key")
def po_docker():
    t = openai_key("svc")
    return fence("docker run -d --name rca-helper -e OPENAI_API_KEY=%s -v /srv/alarms:/data registry.lab.internal/noc/rca-helper:%s" % (t, ver()), "bash"), \
        [("openai_api_key", t)]


@pos("openai_api_key")
def po_k8s():
    t = openai_key("svc")
    return fence("kubectl -n noc-tools create secret generic rca-helper --from-literal=OPENAI_API_KEY=%s" % t, "bash"), [("openai_api_key", t)]


@pos("openai_api_key")
def po_fr():
    t = openai_key("proj")
    return "pour tester le résumé des tickets en local tu peux prendre la clé du projet NOC : %s (ne pas la committer)" % t, [("openai_api_key", t)]


@pos("openai_api_key")
def po_log():
    t = openai_key("proj")
    return fence("%s WARN rca_helper.llm: request failed status=401 body={'error': {'message': 'Incorrect API key provided: %s', 'type': 'invalid_request_error'}}" % (iso(), t)), \
        [("openai_api_key", t)]


@pos("openai_api_key")
def po_nl():
    t = openai_key("legacy")
    return "de oude sleutel van de alarm-samenvatter staat nog in de crontab van %s: %s — kan iemand die intrekken?" % (node(), t), [("openai_api_key", t)]


# -------------------------------------------------------- anthropic_api_key
@pos("anthropic_api_key")
def pn_export():
    t = anthropic_key()
    return fence("export ANTHROPIC_API_KEY=%s\npython3 summarize_shift.py --since 22:00 --channel noc-%s" % (t, site()), "bash"), [("anthropic_api_key", t)]


@pos("anthropic_api_key")
def pn_py():
    t = anthropic_key()
    return fence('import anthropic\n\nclient = anthropic.Anthropic(api_key="%s")\nmsg = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=800,\n    messages=[{"role": "user", "content": alarm_digest}])' % t, "python"), \
        [("anthropic_api_key", t)]


@pos("anthropic_api_key")
def pn_curl():
    t = anthropic_key()
    return fence("curl https://api.anthropic.com/v1/messages \\\n  -H 'x-api-key: %s' \\\n  -H 'anthropic-version: 2023-06-01' \\\n  -H 'content-type: application/json' -d @handover.json" % t, "bash"), \
        [("anthropic_api_key", t)]


@pos("anthropic_api_key")
def pn_helm():
    t = anthropic_key()
    return fence("handover-bot:\n  llm:\n    provider: anthropic\n    apiKey: \"%s\"\n    model: claude-3-5-sonnet-latest" % t, "yaml"), [("anthropic_api_key", t)]


@pos("anthropic_api_key")
def pn_de():
    t = anthropic_key()
    return "Für die Schichtübergabe-Zusammenfassung nehmt bitte den Key vom Team-Account: %s — nicht den privaten." % t, [("anthropic_api_key", t)]


@pos("anthropic_api_key")
def pn_env():
    t = anthropic_key()
    return fence("# handover-bot/.env\nANTHROPIC_API_KEY=%s\nSLACK_CHANNEL=#noc-handover\nTZ=Europe/Berlin" % t, "bash"), [("anthropic_api_key", t)]


@pos("anthropic_api_key")
def pn_pt():
    t = anthropic_key()
    return "a chave da API que o bot de passagem de turno usa é %s — vou rodar amanhã, não compartilhem" % t, [("anthropic_api_key", t)]


@pos("anthropic_api_key")
def pn_ipynb():
    t = anthropic_key()
    return fence('{\n "cell_type": "code",\n "source": [\n  "client = anthropic.Anthropic(api_key=\\"%s\\")\\n",\n  "summary = summarize(alarms_df)"\n ]\n}' % t, "json"), \
        [("anthropic_api_key", t)]


# ---------------------------------------------------------------------- jwt
def nrf_token(scope=None):
    now = epoch()
    p = {"iss": uuid4(), "sub": uuid4(), "aud": ch(["UDM", "AUSF", "SMF", "PCF", [uuid4()]]),
         "scope": scope or ch(["nudm-sdm nudm-uecm", "nausf-auth", "nsmf-pdusession", "npcf-smpolicycontrol", "nudm-ueau"]),
         "exp": now + 3600, "iat": now}
    return jwt(p, ch(["RS256", "ES256"]), kid="nrf-%s-%d" % (site(), ri(1, 9)) if R.random() < 0.6 else None)


def kc_token():
    now = epoch()
    p = {"exp": now + 300, "iat": now, "jti": uuid4(), "iss": "https://sso.noc.internal/realms/%s" % ch(["noc", "oss", "netops"]),
         "aud": "account", "sub": uuid4(), "typ": "Bearer", "azp": ch(["noc-portal", "oss-nbi", "grafana"]),
         "preferred_username": ch(["noc.shift%d" % ri(1, 4), "netops-svc", "oss-integration"]), "scope": "openid profile"}
    return jwt(p, "RS256", kid=rs(B64URL, 43))


def sa_token():
    now = epoch()
    ns = ch(NS)
    p = {"aud": ["https://kubernetes.default.svc.cluster.local"], "exp": now + 3600, "iat": now, "iss": "https://kubernetes.default.svc.cluster.local",
         "kubernetes.io": {"namespace": ns, "serviceaccount": {"name": ch(["helm-deployer", "ci-runner", "argocd-manager"]), "uid": uuid4()}},
         "nbf": now, "sub": "system:serviceaccount:%s:deployer" % ns}
    return jwt(p, "RS256", kid=rs(B64URL, 43))


@pos("jwt")
def pj_curl_udm():
    t = nrf_token("nudm-sdm")
    return fence("curl -s --http2-prior-knowledge -H 'Authorization: Bearer %s' \\\n  http://udm.%s.svc:80/nudm-sdm/v2/imsi-%s/am-data" % (t, ch(NS), lab_imsi()), "bash") + \
        "\nUDM answers 403 even with the token, scope looks right?", [("jwt", t)]


@pos("jwt")
def pj_token_resp():
    t = nrf_token()
    return fence('HTTP/2 200\ncontent-type: application/json\n\n{"access_token":"%s","token_type":"Bearer","expires_in":3600,"scope":"nausf-auth"}' % t, "http"), [("jwt", t)]


@pos("jwt")
def pj_scp_log():
    t = nrf_token()
    return fence("%s INFO  scp-proxy  -> POST /nausf-auth/v1/ue-authentications authorization=\"Bearer %s\" 3gpp-sbi-target-apiroot=http://ausf.%s.svc" % (iso(), t, ch(NS))), \
        [("jwt", t)]


@pos("jwt")
def pj_kc_devtools():
    t = kc_token()
    return "copied from devtools on the OSS portal, the alarms call returns 401 with this token:\n" + fence("Authorization: Bearer %s" % t), [("jwt", t)]


@pos("jwt")
def pj_kc_py():
    t = kc_token()
    return fence('headers = {"Authorization": "Bearer %s"}\nr = requests.get("https://oss.noc.internal/nbi/v2/alarms?severity=CRITICAL", headers=headers, timeout=10)' % t, "python"), \
        [("jwt", t)]


@pos("jwt")
def pj_de():
    t = kc_token()
    return "Token aus dem Browser (läuft in 5 Minuten ab), damit könnt ihr den 401 nachstellen: %s" % t, [("jwt", t)]


@pos("jwt")
def pj_sa():
    t = sa_token()
    return fence("$ kubectl -n %s create token deployer --duration=1h\n%s" % (ch(NS), t), "bash") + "\nfor the pipeline debug session, expires in an hour", [("jwt", t)]


@pos("jwt")
def pj_nghttp():
    t = nrf_token()
    return fence("[  0.004] send HEADERS frame <length=%d, flags=0x25, stream_id=13>\n          :method: GET\n          :path: /nnrf-disc/v1/nf-instances?target-nf-type=SMF&requester-nf-type=AMF\n"
                 "          :scheme: http\n          authorization: Bearer %s" % (ri(300, 900), t)), [("jwt", t)]


@pos("jwt")
def pj_es():
    t = nrf_token()
    return "el token de acceso que devuelve el NRF del laboratorio es este: %s — el campo aud no coincide con el nfInstanceId del UDM" % t, [("jwt", t)]


# ---------------------------------------------------------- private_key_pem
def pem_block(label, blob, width=64):
    lines = pem_lines(blob, width)
    return lines, "-----BEGIN %s-----" % label, "-----END %s-----" % label


def pem_text_plain(label, blob, width=64):
    lines, b, e = pem_block(label, blob, width)
    return "\n".join([b] + lines + [e]), "\n".join(lines)


@pos("private_key_pem")
def pk_sec1_cat():
    label, blob = key_ec_sec1()
    block, val = pem_text_plain(label, blob)
    return fence("[root@%s ~]# cat /etc/freeDiameter/%s.key.pem\n%s" % ("dra%02d" % ri(1, 4), "dra%02d" % ri(1, 4), block)) + "\ncan someone check if this matches the cert the peer expects?", \
        [("private_key_pem", val)], "private_key_pem:ec-sec1:layout0"


@pos("private_key_pem")
def pk_k8s_yaml():
    label, blob = key_rsa_pkcs8()
    lines, b, e = pem_block(label, blob)
    ind = "    "
    body = "\n".join(ind + l for l in lines)
    txt = fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: sbc-sbi-tls\n  namespace: ims\ntype: kubernetes.io/tls\nstringData:\n  tls.crt: |\n    -----BEGIN CERTIFICATE-----\n    ...\n    -----END CERTIFICATE-----\n"
                "  tls.key: |\n%s%s\n%s\n%s%s" % (ind, b, body, ind, e), "yaml")
    return txt, [("private_key_pem", ("\n" + ind).join(lines))], "private_key_pem:rsa-pkcs8:layout1"


@pos("private_key_pem")
def pk_vault_json():
    label, blob = key_ec_pkcs8()
    lines, b, e = pem_block(label, blob)
    val = "\\n".join(lines)
    return fence('$ vault kv get -format=json kv/5gc/nrf/signing\n{\n  "data": {\n    "data": {\n      "kid": "nrf-%s-%d",\n      "private_key": "%s\\n%s\\n%s\\n"\n    }\n  }\n}' % (site(), ri(1, 9), b, val, e), "bash"), \
        [("private_key_pem", val)], "private_key_pem:ec-pkcs8:layout2"


@pos("private_key_pem")
def pk_openssh():
    label, blob = key_openssh_ed25519("ansible@noc-jump01")
    block, val = pem_text_plain(label, blob, 70)
    return "the ansible key on the jump host, from `cat ~/.ssh/id_ed25519`:\n" + fence(block), [("private_key_pem", val)], "private_key_pem:openssh-ed25519:layout0"


@pos("private_key_pem")
def pk_ansible_var():
    label, blob = key_rsa_pkcs1()
    lines, b, e = pem_block(label, blob)
    ind = "  "
    body = "\n".join(ind + l for l in lines)
    return fence("# host_vars/sbc01.yml\nsbc_tls_cert_path: /etc/sbc/tls/sbc.crt\nsbc_tls_key: |\n%s%s\n%s\n%s%s" % (ind, b, body, ind, e), "yaml"), \
        [("private_key_pem", ("\n" + ind).join(lines))], "private_key_pem:rsa-pkcs1:layout1"


@pos("private_key_pem")
def pk_ed25519():
    label, blob = key_ed25519_pkcs8()
    block, val = pem_text_plain(label, blob)
    return "Neuer Signierschlüssel für die NRF-Tokens im Lab (nrf-signing.pem):\n" + fence(block), [("private_key_pem", val)], "private_key_pem:ed25519-pkcs8:layout0"


@pos("private_key_pem")
def pk_router_import():
    label, blob = key_rsa_pkcs1()
    block, val = pem_text_plain(label, blob)
    return "importing the key for the IPsec trustpoint on %s-pe0%d:\n" % (site(), ri(1, 4)) + fence("crypto pki import SECGW-TP pem terminal password <removed>\n%s\nquit" % block), \
        [("private_key_pem", val)], "private_key_pem:rsa-pkcs1:layout0"


@pos("private_key_pem")
def pk_values_ec():
    label, blob = key_ec_sec1()
    lines, b, e = pem_block(label, blob)
    ind = "      "
    body = "\n".join(ind + l for l in lines)
    return fence("sepp:\n  n32:\n    tls:\n      key: |\n%s%s\n%s\n%s%s" % (ind, b, body, ind, e), "yaml") + "\nvalues-lab.yaml for the SEPP, N32 handshake to the partner lab fails", \
        [("private_key_pem", ("\n" + ind).join(lines))], "private_key_pem:ec-sec1:layout1"


# ----------------------------------------------------------------- password
@pos("password")
def pw_cisco():
    p = password("rand")
    return fence("username noc-break-glass privilege 15 password 0 %s\n!\nline vty 0 15\n transport input ssh" % p) + "\nconfig pushed to %s-pe0%d by mistake, plaintext" % (site(), ri(1, 4)), \
        [("password", p)]


@pos("password")
def pw_pjsip():
    p = password("rand")
    return fence("[trunk-ipx1-auth]\ntype=auth\nauth_type=userpass\nusername=labtel_ipx1\npassword=%s" % p, "ini"), [("password", p)]


@pos("password")
def pw_spring():
    p = password("mixed")
    return fence("spring.datasource.url=jdbc:oracle:thin:@//%s:1521/BSSPDB\nspring.datasource.username=MEDIATION_APP\nspring.datasource.password=%s" % (priv_ip(), p), "properties"), \
        [("password", p)]


@pos("password")
def pw_mysql_hist():
    p = password("rand").replace("'", "")
    return fence("  301  mysql -h %s -u kamailio -p'%s' kamailio -e 'select * from location limit 5'" % (priv_ip(), p), "bash"), [("password", p)]


@pos("password")
def pw_ansible():
    p = password("words")
    return fence("# group_vars/hss.yml  (should be in vault.yml!)\nhss_db_user: hss_app\nhss_db_password: \"%s\"" % p, "yaml"), [("password", p)]


@pos("password")
def pw_adonet():
    p = password("rand").replace(";", "")
    return fence('<add name="TicketDb" connectionString="Data Source=%s,1433;Initial Catalog=NocTickets;User Id=noc_ro;Password=%s;Encrypt=True" />' % (priv_ip(), p), "xml"), \
        [("password", p)]


@pos("password")
def pw_de():
    p = password("words")
    return "Passwort für den Lab-Jumphost (User noc-lab) ist %s, bitte nach dem Test ändern." % p, [("password", p)]


# ---------------------------------------------------------- url_credentials
@pos("url_credentials")
def pc_mongo():
    p = url_password()
    return fence("db_uri: mongodb://open5gs:%s@mongodb-0.mongodb.%s.svc:27017/open5gs?authSource=admin" % (p, ch(NS)), "yaml"), [("url_credentials", p)]


@pos("url_credentials")
def pc_postgres():
    p = url_password()
    return fence("%s ERROR mediation.db: could not connect: postgres://bss_app:%s@%s:5432/bss (timeout after 10s)" % (iso(), p, priv_ip())), [("url_credentials", p)]


@pos("url_credentials")
def pc_redis():
    p = url_password()
    return "the session store URL for the SBC cluster is `redis://:%s@redis-master.ims.svc:6379/2`, copy it into the new values file" % p, [("url_credentials", p)]


@pos("url_credentials")
def pc_amqps():
    p = url_password()
    return fence("CELERY_BROKER_URL=amqps://mediation:%s@rabbitmq.bss-mediation.svc:5671/cdr" % p, "bash"), [("url_credentials", p)]


@pos("url_credentials")
def pc_sftp():
    p = url_password()
    return "partner pulls the TAP files with `sftp://tap_out:%s@sftp-roaming.noc.internal/outgoing/tap/` — they asked for it again, it's in their onboarding mail" % p, \
        [("url_credentials", p)]


@pos("url_credentials")
def pc_alertmanager():
    p = url_password()
    return fence("$ curl -s http://admin:%s@%s:9093/api/v2/silences | jq length\n%d" % (p, priv_ip(), ri(0, 40)), "bash"), [("url_credentials", p)]


@pos("url_credentials")
def pc_kamailio():
    p = url_password()
    return fence('#!define DBURL "mysql://kamailio:%s@%s/kamailio"\nmodparam("usrloc", "db_url", DBURL)' % (p, priv_ip()), "c"), [("url_credentials", p)]


@pos("url_credentials")
def pc_ftp_pm():
    p = url_password()
    return "Die PM-XML-Dateien vom RAN-OSS holt der Collector per ftp://pmcollect:%s@%s/export/pm/ — sollte eigentlich SFTP sein." % (p, priv_ip()), \
        [("url_credentials", p)]


# ------------------------------------------------------------ email_address
@pos("email_address")
def pe_tac():
    e = email("role")
    return "vendor TAC wants the pcaps for case %d-%07d sent to %s, max 20 MB per mail" % (ri(1, 9), ri(10 ** 6, 10 ** 7 - 1), e), [("email_address", e)]


@pos("email_address")
def pe_roaming_de():
    who, e = contact("f.l")
    return "Ansprechpartner beim Roamingpartner für die IPX-Migration: %s (%s), bitte in CC bei allen Änderungen." % (who, e), [("email_address", e)]


@pos("email_address")
def pe_complaint():
    e = email("fl2")
    return "complaint forwarded by customer care (%s): no data in roaming since the weekend, customer e-mail %s, device from the ticket" % (tt("INC"), e), \
        [("email_address", e)]


@pos("email_address")
def pe_snow():
    who, e = contact("f_l")
    return fence("Incident %s\nCaller: %s <%s>\nShort description: VoLTE calls fail in %s after 10 s\nAssignment group: NOC-Core" % (tt("INC"), who, e, site().upper())), \
        [("email_address", e)]


@pos("email_address")
def pe_csv():
    e = email("fl")
    return fence("site,role,contact,shift\n%s,field tech,%s,late" % (site().upper(), e), "csv"), [("email_address", e)]


# ------------------------------------------------------------- phone_number
@pos("phone_number")
def ph_complaint():
    p = phone("E164")
    return "customer says calls drop every few minutes since %s, MSISDN %s, can someone pull the CDRs for the last 24 h?" % (rdt().strftime("%d/%m"), p), \
        [("phone_number", p)]


@pos("phone_number")
def ph_roaming_noc():
    p = phone(ch(["FR", "IT", "ES"]))
    return "roaming partner NOC hotline for the signalling issue: %s (24/7), reference our %s" % (p, tt("INC")), [("phone_number", p)]


@pos("phone_number")
def ph_fieldtech():
    p = phone("DE")
    return "Techniker vor Ort am Standort %s, erreichbar unter %s, bitte anrufen bevor der Router neu gestartet wird" % (site().upper(), p), [("phone_number", p)]


@pos("phone_number")
def ph_jp():
    p = phone("JP")
    return "現地の保守担当の携帯は %s です。作業開始前に連絡してください。" % p, [("phone_number", p)]


@pos("phone_number")
def ph_us():
    p = phone("US")
    return "MVNO customer wants a callback about the port-out at %s, ticket %s" % (p, tt("INC")), [("phone_number", p)]


@pos("phone_number")
def ph_hlr():
    p = phone("E164")
    return fence("> hlr-query msisdn=%s\nimsi=<masked> vlr=999700000%03d msc=999700000%03d state=ATTACHED roaming=false" % (p, ri(0, 999), ri(0, 999))) + \
        "\nreal customer line, from the escalation", [("phone_number", p)]


@pos("phone_number")
def ph_br():
    p = phone("BR")
    return "o cliente corporativo reclama de queda de chamadas VoLTE, contato do gestor: %s" % p, [("phone_number", p)]


# -------------------------------------------------------------- credit_card
@pos("credit_card")
def cc_topup_log():
    c = card("visa", "plain")
    return fence("%s DEBUG topup-gw request={\"msisdn\":\"<masked>\",\"amount\":\"15.00\",\"currency\":\"EUR\",\"pan\":\"%s\",\"exp\":\"%02d/%d\"}" % (iso(), c, ri(1, 12), ri(26, 30))) + \
        "\nthe debug flag logs the full PAN again", [("credit_card", c)]


@pos("credit_card")
def cc_ticket():
    c = card("mc", "space")
    return "from the care ticket: customer paid the roaming bundle with card %s, charged twice, please check the OCS side" % c, [("credit_card", c)]


@pos("credit_card")
def cc_gateway():
    c = card("mc2", "plain")
    return fence('{"event":"authorization.declined","order":"TOPUP-%d","card":{"number":"%s","brand":"mastercard"},"reason":"05"}' % (ri(10 ** 6, 10 ** 7), c), "json"), \
        [("credit_card", c)]


@pos("credit_card")
def cc_es():
    c = card("visa", "dash")
    return "el cliente dictó la tarjeta al agente y quedó en las notas del ticket: %s — hay que borrarla" % c, [("credit_card", c)]


@pos("credit_card")
def cc_refund_csv():
    c = card("disc", "plain")
    return fence("refund_id,order,card_number,amount\nRF-%d,TOPUP-%d,%s,%s" % (ri(1000, 9999), ri(10 ** 6, 10 ** 7), c, "%.2f" % R.uniform(5, 60)), "csv"), \
        [("credit_card", c)]


@pos("credit_card")
def cc_amex():
    c = card("amex", "space")
    return "enterprise customer pays the M2M invoice with Amex %s, auto-payment failed twice" % c, [("credit_card", c)]


@pos("credit_card")
def cc_de():
    c = card("visa", "space")
    return "Im Freitextfeld der Bestellung steht die Kreditkarte %s — bitte aus dem BSS löschen, PCI!" % c, [("credit_card", c)]


# --------------------------------------------------------------------- iban
@pos("iban")
def ib_dd():
    i = iban("DE", True)
    return "customer changed the direct debit account to %s, BSS rejects the mandate with SEPA-017" % i, [("iban", i)]


@pos("iban")
def ib_settlement():
    i = iban("GB", False)
    return fence("Roaming settlement bank details (partner update)\nBeneficiary: IPX Carrier Hub Ltd\nIBAN: %s\nBIC: %sGB2L" % (i, rs(UP, 4))), [("iban", i)]


@pos("iban")
def ib_fr():
    i = iban("FR", True)
    return "le partenaire d'interconnexion a changé de banque, nouvel IBAN : %s, à mettre à jour avant la facture du mois" % i, [("iban", i)]


@pos("iban")
def ib_nl():
    i = iban("NL", ch([True, False]))
    return "klant wil de automatische incasso naar %s zetten, maar het BSS zegt dat de mandaat-ID al bestaat" % i, [("iban", i)]


@pos("iban")
def ib_es():
    i = iban("ES", True)
    return "cambio de domiciliación para la línea de empresa, nueva cuenta %s, el BSS da error de validación" % i, [("iban", i)]


@pos("iban")
def ib_it():
    i = iban("IT", False)
    return fence("%s WARN bss.payment: SEPA mandate rejected iban=%s reason=AC04" % (iso(), i)), [("iban", i)]


@pos("iban")
def ib_pl():
    i = iban("PL", True)
    return "operator partnerski podał nowe konto do rozliczeń: %s" % i, [("iban", i)]


@pos("iban")
def ib_be():
    i = iban(ch(["BE", "AT", "CH"]), True)
    return "refund for the roaming overcharge goes to %s, customer confirmed by phone" % i, [("iban", i)]


# ------------------------------------------------------------------- us_ssn
@pos("us_ssn")
def sn_portout():
    s = ssn()
    return "port-out fraud case %s: the fraudster knew the account PIN and SSN %s, same as the KYC record" % (tt("INC"), s), [("us_ssn", s)]


@pos("us_ssn")
def sn_kyc_log():
    s = ssn()
    return fence('%s INFO kyc-adapter POST /v1/verify {"first_name":"%s","last_name":"%s","ssn":"%s","dob":"<masked>"} -> 200' % (iso(), ch(FIRST).capitalize(), ch(LAST).capitalize(), s)), \
        [("us_ssn", s)]


@pos("us_ssn")
def sn_csv():
    s = ssn()
    return fence("account,ssn,plan,activation\n%d,%s,unlimited-5g,%s" % (ri(10 ** 8, 10 ** 9), s, rdt().strftime("%Y-%m-%d")), "csv") + "\nexport from the MVNO onboarding DB, why is the full SSN there?", \
        [("us_ssn", s)]


@pos("us_ssn")
def sn_prose():
    s = ssn()
    return "care agent typed the customer's SSN into the ticket notes (%s) — please scrub it from %s" % (s, tt("INC")), [("us_ssn", s)]


@pos("us_ssn")
def sn_json():
    s = ssn("plain")
    return fence('{"subscriber":{"ban":"%d","taxId":"%s","idType":"SSN"},"request":"SIM_SWAP"}' % (ri(10 ** 8, 10 ** 9), s), "json"), [("us_ssn", s)]


@pos("us_ssn")
def sn_spaced():
    s = ssn("space")
    return "caller gave SSN %s for verification but the last four don't match the account" % s, [("us_ssn", s)]


@pos("us_ssn")
def sn_es():
    s = ssn()
    return "cliente del MVNO en EE.UU., el SSN %s aparece en el formulario de portabilidad adjunto al ticket" % s, [("us_ssn", s)]


# ------------------------------------------------------------- ipv4_address
@pos("ipv4_address")
def ip_sipscan():
    ip = pub_ip()
    return fence("%s sbc01 [sip-guard] REGISTER flood from %s:5060, 4312 req/min, user-agent \"friendly-scanner\" -> blocked" % (iso(), ip)), [("ipv4_address", ip)]


@pos("ipv4_address")
def ip_customer():
    ip = pub_ip()
    return "enterprise customer says their office public IP %s can't reach the APN VPN concentrator since Monday" % ip, [("ipv4_address", ip)]


@pos("ipv4_address")
def ip_ipx_peer():
    ip = pub_ip()
    return fence("router bgp 64512\n neighbor %s remote-as %d\n neighbor %s description IPX-PRIMARY" % (ip, ri(1000, 60000), ip)), [("ipv4_address", ip)]


@pos("ipv4_address")
def ip_grx_dns():
    ip = pub_ip()
    return "GRX DNS of the roaming partner answers from %s, our resolver times out, PDP contexts fail for inbound roamers" % ip, [("ipv4_address", ip)]


@pos("ipv4_address")
def ip_de():
    ip = pub_ip()
    return "Der SEPP des Partners ist unter %s erreichbar, N32-c steht, N32-f nicht." % ip, [("ipv4_address", ip)]


@pos("ipv4_address")
def ip_fail2ban():
    ip = pub_ip()
    return fence("$ fail2ban-client status sshd-jump\n|- Currently banned: 1\n`- Banned IP list:   %s" % ip, "bash"), [("ipv4_address", ip)]


# -------------------------------------------------------------------- pairs
@pair
def m_aws_creds_file():
    k, s = aws_akid("AKIA"), aws_secret()
    return "~/.aws/credentials on the mediation box, found during the audit:\n" + fence("[cdr-archive]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1" % (k, s), "ini"), \
        [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_credentials_file:1"


@pair
def m_aws_env():
    k, s = aws_akid("AKIA"), aws_secret()
    return fence("  42  export AWS_ACCESS_KEY_ID=%s\n  43  export AWS_SECRET_ACCESS_KEY=%s\n  44  aws s3 sync /data/pm/xml s3://pm-xml-%s/ --size-only" % (k, s, site()), "bash"), \
        [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_shell_history:2"


@pair
def m_aws_ansible():
    k, s = aws_akid("AKIA"), aws_secret()
    return fence("# roles/cdr_export/defaults/main.yml\ncdr_export_bucket: cdr-archive-%s\ncdr_export_aws_key_id: %s\ncdr_export_aws_secret: %s" % (site(), k, s), "yaml") + \
        "\nthese defaults were in git for 2 years", [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_ansible_defaults:3"


@pair
def m_aws_k8s_env():
    k, s = aws_akid("AKIA"), aws_secret()
    return fence("        env:\n          - name: AWS_ACCESS_KEY_ID\n            value: %s\n          - name: AWS_SECRET_ACCESS_KEY\n            value: %s\n          - name: BUCKET\n            value: pm-xml-%s" % (k, s, site()), "yaml"), \
        [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_k8s_env:4"


@pair
def m_aws_de():
    k, s = aws_akid("AKIA"), aws_secret()
    return "Für den Export-Test habe ich einen Key für den cdr-test-User angelegt: Key-ID %s, Secret %s — wird morgen gelöscht." % (k, s), \
        [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_prose_de:5"


@pair
def m_tac_contact():
    (who, e), p = contact("f.l"), phone("UK")
    return "Vendor escalation manager for the UPF crash: %s, %s, mobile %s (only for P1)" % (who, e, p), \
        [("email_address", e), ("phone_number", p)], "multi:vendor_contact:6"


@pair
def m_roaming_contact_de():
    (who, e), p = contact("fl"), phone(ch(["PL", "NL", "DE"]))
    return "Kontakt beim Roamingpartner für den Signalisierungstest: %s, Tel. %s, E-Mail %s" % (who, p, e), \
        [("phone_number", p), ("email_address", e)], "multi:roaming_contact_de:7"


@pair
def m_portout_fraud():
    s, p = ssn(), phone("US")
    return fence("Case %s (MVNO fraud desk)\nLine: %s\nSSN on account: %s\nPort-out requested by: unknown caller, PIN correct\nStatus: port blocked" % (tt("INC"), p, s)), \
        [("phone_number", p), ("us_ssn", s)], "multi:portout_case:8"


@pair
def m_topup_fraud():
    c, e = card("visa", "space"), email("fl2")
    return "prepaid top-up fraud: %d top-ups in 10 min with card %s, account e-mail %s, blocking the card at the PSP" % (ri(5, 40), c, e), \
        [("credit_card", c), ("email_address", e)], "multi:topup_fraud:9"


@pair
def m_settlement_mail():
    i, e = iban("DE", True), email("role")
    return "Interconnect-Partner bittet um Zahlung auf das neue Konto %s, Rückfragen an %s" % (i, e), \
        [("iban", i), ("email_address", e)], "multi:settlement_de:10"


@pair
def m_sip_trunk_cfg():
    ip, p = pub_ip(), password("rand")
    return fence("[carrier-b]\ntype=endpoint\noutbound_auth=carrier-b-auth\naors=carrier-b\n\n[carrier-b-auth]\ntype=auth\nusername=labtel_b\npassword=%s\n\n[carrier-b]\ntype=aor\ncontact=sip:%s:5060" % (p, ip), "ini"), \
        [("password", p), ("ipv4_address", ip)], "multi:sip_trunk:11"


@pair
def m_url_ip():
    ip, p = pub_ip(), url_password()
    return fence("%s ERROR pm-collector: download failed for sftp://pm_export:%s@%s/export/pm/A%s.xml.gz: connection reset" % (iso(), p, ip, rdt().strftime("%Y%m%d.%H%M"))), \
        [("url_credentials", p), ("ipv4_address", ip)], "multi:pm_sftp_public:12"


@pair
def m_jwt_ip():
    t, ip = nrf_token(), pub_ip()
    return fence("%s WARN sepp: inbound N32-f from %s rejected, token audience mismatch, authorization=\"Bearer %s\"" % (iso(), ip, t)), \
        [("ipv4_address", ip), ("jwt", t)], "multi:sepp_jwt:13"


@pair
def m_slack_both():
    b, u = slack_bot(), slack_user()
    return fence("# noc-chatops/.env (prod)\nSLACK_BOT_TOKEN=%s\nSLACK_ADMIN_USER_TOKEN=%s\nSLACK_CHANNEL=#noc-critical" % (b, u), "bash"), \
        [("slack_bot_token", b), ("slack_user_token", u)], "multi:slack_env:14"


@pair
def m_gh_both():
    c, f = gh_classic(), gh_fine()
    return "old PAT %s is still in the runner env of core-ansible, the new fine-grained one is %s — please swap and revoke the old one" % (c, f), \
        [("github_classic_pat", c), ("github_fine_grained_pat", f)], "multi:github_swap:15"


@pair
def m_llm_both():
    o, a = openai_key("proj"), anthropic_key()
    return fence("rca_helper:\n  providers:\n    openai:\n      api_key: %s\n    anthropic:\n      api_key: %s\n  default: anthropic" % (o, a), "yaml"), \
        [("openai_api_key", o), ("anthropic_api_key", a)], "multi:llm_providers:16"


@pair
def m_key_passphrase():
    label, blob = key_encrypted_pkcs8()
    lines, b, e = pem_block(label, blob)
    p = password("words")
    return ("SBC cert renewal: key below, passphrase is %s\n" % p) + fence("\n".join([b] + lines + [e])), \
        [("password", p), ("private_key_pem", "\n".join(lines))], "multi:pem_with_passphrase:17"


@pair
def m_sftp_partner():
    ip, p = pub_ip(), password("mixed")
    return fence("# cdr push to clearing house\nCH_SFTP_HOST=%s\nCH_SFTP_USER=labtel_tap\nCH_SFTP_PASSWORD=%s" % (ip, p), "bash"), \
        [("ipv4_address", ip), ("password", p)], "multi:clearing_sftp:18"


@pair
def m_kyc_card():
    s, c = ssn(), card("amex", "plain")
    return fence('{"ban":"%d","kyc":{"ssn":"%s"},"payment":{"type":"card","number":"%s"}}' % (ri(10 ** 8, 10 ** 9), s, c), "json") + "\nfull onboarding payload in the ELK index, needs purge", \
        [("us_ssn", s), ("credit_card", c)], "multi:kyc_payload:19"


@pair
def m_email_url():
    e, p = email("f.l"), url_password()
    return "%s asked for access to the staging BSS DB, I gave them postgresql://readonly:%s@%s:5432/bss_staging for now" % (e, p, priv_ip()), \
        [("email_address", e), ("url_credentials", p)], "multi:db_access_request:20"


# ================================================================== builders
LEADS = ["fyi", "FYI:", "heads-up:", "from the bridge:", "repro:", "output below", "Zur Info:", "Kurz zur Info —",
         "pour info :", "para que conste:", "ter info:", "per info:", "ter informatie:", "do wiadomości:", "bilginize:",
         "к сведению:", "للعلم:", "メモ:", "参考までに:", "night shift handover:", "from the lab-b jump host:",
         "(still investigating)", "Nachtschicht-Übergabe:", "relevo del turno de noche:"]
TRAILS = ["any idea?", "ideas?", "seen this before?", "same on lab-b.", "ack?", "+1", "👀", "c'est reproductible chez nous aussi",
          "igual en preprod", "gleiches Bild auf dem zweiten Knoten", "not urgent, no customer impact", "ticket updated",
          "will attach to the vendor case", "同じ現象です", "dzięki", "teşekkürler", "cc core on-call"]


def decorate(text, p_lead=0.14, p_trail=0.06):
    if R.random() < p_lead:
        text = ch(LEADS) + ("\n" if text.startswith("```") or "\n" in text[:60] else " ") + text
    if R.random() < p_trail:
        text = text + "\n" + ch(TRAILS)
    return text


def build_negatives():
    out, seen, seen_raw, stats = [], set(), set(), {"redraw": {}, "notes": {}}
    for cat in CATS:
        tpls = NEG[cat]
        k = 0
        made = 0
        while made < 100:
            f = tpls[k % len(tpls)]
            k += 1
            for attempt in range(400):
                raw = f()
                text = decorate(raw)
                hits, notes = scan(text)
                if hits or text in seen or raw in seen_raw:
                    key = "%s:%s" % (f.__name__, hits[0][0] if hits else "duplicate")
                    stats["redraw"][key] = stats["redraw"].get(key, 0) + 1
                    continue
                break
            else:
                raise SystemExit("template %s keeps failing: %r" % (f.__name__, hits))
            for n, v in notes:
                stats["notes"].setdefault(n, []).append(v)
            seen.add(text)
            seen_raw.add(raw)
            out.append({"text": text, "category": cat, "_tpl": f.__name__})
            made += 1
    return out, stats


SINGLES = [("aws_access_key_id", 5), ("aws_secret_access_key", 4), ("github_classic_pat", 8), ("github_fine_grained_pat", 8),
           ("slack_bot_token", 9), ("slack_user_token", 8), ("openai_api_key", 8), ("anthropic_api_key", 8), ("jwt", 9),
           ("private_key_pem", 8), ("password", 7), ("url_credentials", 8), ("email_address", 5), ("phone_number", 7),
           ("credit_card", 7), ("iban", 8), ("us_ssn", 7), ("ipv4_address", 6)]
POS_LEADS = ["fyi", "urgent:", "from the vendor case:", "Zur Info:", "ojo:", "pour info :", "(found in the audit)", "heads-up:",
             "night shift handover:", "relevo del turno de noche:"]


def decorate_pos(text):
    if R.random() < 0.1:
        text = ch(POS_LEADS) + ("\n" if text.startswith("```") else " ") + text
    return text


def build_positives():
    out = []
    seen = set()
    for kind, n in SINGLES:
        tpls = POS[kind]
        for i in range(n):
            f = tpls[i % len(tpls)]
            r = f()
            text, secrets = r[0], r[1]
            ctx = r[2] if len(r) > 2 else "%s:t%d" % (kind, i % len(tpls))
            text = decorate_pos(text)
            assert text not in seen
            seen.add(text)
            out.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    for f in PAIRS:
        text, secrets, ctx = f()
        text = decorate_pos(text)
        assert text not in seen
        seen.add(text)
        out.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return out


# ---------------------------------------------------------------- checks
def check_positive(rec):
    for s in rec["secrets"]:
        k, v = s["kind"], s["value"]
        assert v in rec["text"], (rec["context"], v)
        if k == "credit_card":
            d = re.sub(r"[ \-]", "", v)
            assert luhn_ok(d) and len(d) in (15, 16), v
        elif k == "iban":
            assert iban_mod_ok(v) and v.replace(" ", "") not in PUBLISHED_IBANS, v
            assert len(v.replace(" ", "")) == IBAN_LEN[v[:2]], v
        elif k == "us_ssn":
            d = re.sub(r"\D", "", v)
            a, g, sr = int(d[:3]), int(d[3:5]), int(d[5:])
            assert len(d) == 9 and 0 < a < 900 and a != 666 and g > 0 and sr > 0, v
        elif k == "ipv4_address":
            assert ip_public_ok(v), v
        elif k == "jwt":
            h, p, sig = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif k == "private_key_pem":
            body = re.sub(r"\\n|\s", "", v)
            raw = base64.b64decode(body, validate=True)
            assert raw[:1] == b"\x30" or raw.startswith(b"openssh-key-v1\x00"), rec["context"]
        elif k == "github_classic_pat":
            body = v[4:34]
            assert v[34:] == b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
        elif k == "aws_secret_access_key":
            assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v)


def main():
    negs, stats = build_negatives()
    poss = build_positives()
    R.shuffle(negs)
    R.shuffle(poss)
    for i, r in enumerate(negs):
        r["id"] = "h%dn-%04d" % (N, i + 1)
    for i, r in enumerate(poss):
        r["id"] = "h%dp-%04d" % (N, i + 1)
        check_positive(r)
    assert len(negs) == 600 and len(set(r["text"] for r in negs)) == 600
    assert len(poss) == 150 and sum(len(r["secrets"]) for r in poss) == 170
    assert sum(1 for r in poss if len(r["secrets"]) == 2) == 20
    assert not set(r["text"] for r in negs) & set(r["text"] for r in poss)
    for r in negs:  # final re-scan
        assert not scan(r["text"])[0], r["id"]
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as fh:
        for r in negs:
            fh.write(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as fh:
        for r in poss:
            fh.write(json.dumps({"id": r["id"], "text": r["text"], "secrets": r["secrets"], "context": r["context"]},
                                ensure_ascii=False) + "\n")
    # report
    cats = {}
    for r in negs:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    kinds = {}
    for r in poss:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    print("negatives:", json.dumps(cats, sort_keys=True))
    print("positives:", len(poss), "texts,", sum(kinds.values()), "secrets:", json.dumps(kinds, sort_keys=True))
    print("templates per category:", json.dumps({c: len(NEG[c]) for c in CATS}))
    print("redraws:", sum(stats["redraw"].values()))
    for k in sorted(stats["redraw"]):
        print("   ", k, stats["redraw"][k])
    print("deliberate exemptions seen on final negatives:")
    for k in sorted(stats["notes"]):
        vals = stats["notes"][k]
        print("   ", k, len(vals), sorted(set(vals))[:4])
    missed = 0
    for r in poss:
        hits, _ = scan(r["text"])
        if not hits:
            missed += 1
    print("positives where the negative scanner finds nothing:", missed)


if __name__ == "__main__":
    main()

