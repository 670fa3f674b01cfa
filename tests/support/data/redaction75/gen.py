#!/usr/bin/env python3
"""Held-out redaction set #75 (freight forwarding / customs brokerage, TR-EG-MA).

Standard library only. random.Random(75 * 101) is the only source of randomness.
Writes redaction75_negatives.jsonl, redaction75_positives.jsonl and README.md next to itself.
"""
import base64
import datetime
import gzip
import hashlib
import json
import os
import re
import struct
import sys
import zlib
import random

N = 75
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- basic helpers
ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
UPNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
HEX = '0123456789abcdef'
B64 = ALNUM + '+/'
B64U = ALNUM + '-_'


def ch(s):
    return R.choice(s)


def ri(a, b):
    return R.randint(a, b)


def dg(n):
    return ''.join(R.choice('0123456789') for _ in range(n))


def dgnz(n):
    return R.choice('123456789') + dg(n - 1)


def rs(n, alphabet=ALNUM):
    return ''.join(R.choice(alphabet) for _ in range(n))


def hx(n):
    return rs(n, HEX)


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip('=')


def wrap(s, n):
    return [s[i:i + n] for i in range(0, len(s), n)]


def uuid4():
    h = list(hx(32))
    h[12] = '4'
    h[16] = ch('89ab')
    h = ''.join(h)
    return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'


def uuid7(ms):
    h = f'{ms:012x}' + '7' + hx(3) + ch('89ab') + hx(15)
    return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'


CROCK = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'


def ulid(ms):
    t = ''
    v = ms
    for _ in range(10):
        t = CROCK[v % 32] + t
        v //= 32
    return t + rs(16, CROCK)


def ts_iso(day=None, tz='Z'):
    y = ch([2025, 2026])
    mo = ri(1, 12)
    d = day or ri(1, 28)
    return f'{y}-{mo:02d}-{d:02d}T{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}.{ri(0, 999):03d}{tz}'


def epoch():
    return ri(1735689600, 1798761599)


# ---------------------------------------------------------------- checksums
def luhn_ok(s):
    t = 0
    for i, c in enumerate(reversed(s)):
        d = int(c)
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        t += d
    return t % 10 == 0


def luhn_complete(p):
    for d in '0123456789':
        if luhn_ok(p + d):
            return p + d


def break_luhn(s):
    if luhn_ok(s):
        s = s[:-1] + str((int(s[-1]) + 1) % 10)
    return s


def iban_num(s):
    return ''.join(str(int(c, 36)) for c in s)


def iban_ok(s):
    s = s.replace(' ', '')
    return len(s) >= 15 and s[:2].isalpha() and s[2:4].isdigit() and int(iban_num(s[4:] + s[:4])) % 97 == 1


def make_iban(cc, bban):
    chk = 98 - int(iban_num(bban + cc + '00')) % 97
    return f'{cc}{chk:02d}{bban}'


def group4(s):
    return ' '.join(s[i:i + 4] for i in range(0, len(s), 4))


ISO6346 = {}
_v = 10
for _c in 'ABCDEFGHIJKLMNOPQRSTUVWXYZ':
    if _v % 11 == 0:
        _v += 1
    ISO6346[_c] = _v
    _v += 1


def container_no(prefix=None):
    p = prefix or ch(['MSCU', 'MSKU', 'MRKU', 'CMAU', 'TGHU', 'HLXU', 'TCLU', 'GESU', 'ARKU', 'CAIU', 'BEAU', 'SEGU', 'FCIU', 'TRHU'])
    s = p + dg(6)
    tot = sum((ISO6346[c] if c.isalpha() else int(c)) * (2 ** i) for i, c in enumerate(s))
    return s + str(tot % 11 % 10)


def awb(prefix=None):
    p = prefix or ch(['235', '077', '147', '176', '157', '020', '057', '501'])
    ser = dg(7)
    return p, ser + str(int(ser) % 7)


def imo_no():
    d = ch(['9', '9', '9', '8']) + dg(5)
    c = sum(int(x) * (7 - i) for i, x in enumerate(d)) % 10
    return d + str(c)


def gs1_check(body):
    t = 0
    for i, c in enumerate(reversed(body)):
        t += int(c) * (3 if i % 2 == 0 else 1)
    return str((10 - t % 10) % 10)


def upu_s10(service, country):
    d = dg(8)
    w = [8, 6, 4, 2, 3, 5, 9, 7]
    c = 11 - sum(int(a) * b for a, b in zip(d, w)) % 11
    c = 0 if c == 10 else 5 if c == 11 else c
    return f'{service}{d}{c}{country}'


def vkn():
    d = [int(x) for x in dg(9)]
    t = 0
    for i in range(9):
        tmp = (d[i] + 9 - i) % 10
        if tmp == 9:
            t += 9
        elif tmp:
            t += (tmp * 2 ** (9 - i)) % 9
    return ''.join(map(str, d)) + str((10 - t % 10) % 10)


def tckn_ok(s):
    if len(s) != 11 or not s.isdigit() or s[0] == '0':
        return False
    d = [int(x) for x in s]
    c10 = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    return c10 == d[9] and sum(d[:10]) % 10 == d[10]


EG_GOV = {'01', '02', '03', '04', '11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '22', '23', '24', '25',
          '26', '27', '28', '29', '31', '32', '33', '34', '35', '88'}


def eg_nid_shape(s):
    if len(s) != 14 or s[0] not in '23':
        return False
    mm, dd = int(s[3:5]), int(s[5:7])
    return 1 <= mm <= 12 and 1 <= dd <= 31 and s[7:9] in EG_GOV


def ssn_ok(a, g, s):
    return a not in (0, 666) and a < 900 and g != 0 and s != 0


# ---------------------------------------------------------------- DER / keys / certs
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, 'big')
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(v):
    if isinstance(v, bytes):
        v = int.from_bytes(v, 'big')
    b = v.to_bytes(v.bit_length() // 8 + 1, 'big')
    while len(b) > 1 and b[0] == 0 and b[1] < 0x80:
        b = b[1:]
    return der(0x02, b)


def der_oid(dotted):
    parts = [int(x) for x in dotted.split('.')]
    out = bytes([parts[0] * 40 + parts[1]])
    for p in parts[2:]:
        enc = [p & 0x7f]
        p >>= 7
        while p:
            enc.insert(0, 0x80 | (p & 0x7f))
            p >>= 7
        out += bytes(enc)
    return der(0x06, out)


def seq(*items):
    return der(0x30, b''.join(items))


def rand_odd(bits):
    v = int.from_bytes(rbytes(bits // 8), 'big') | (1 << (bits - 1)) | (3 << (bits - 2)) | 1
    return v


def rsa_pkcs1_der(bits=2048):
    n = rand_odd(bits)
    p = rand_odd(bits // 2)
    q = rand_odd(bits // 2)
    return seq(der_int(0), der_int(n), der_int(65537), der_int(rand_odd(bits) >> 1), der_int(p), der_int(q),
               der_int(rand_odd(bits // 2) >> 1), der_int(rand_odd(bits // 2) >> 1), der_int(rand_odd(bits // 2) >> 1))


def ec_p256_der():
    return seq(der_int(1), der(0x04, rbytes(32)), der(0xa0, der_oid('1.2.840.10045.3.1.7')),
               der(0xa1, der(0x03, b'\x00\x04' + rbytes(64))))


def ed25519_pkcs8_der():
    return bytes.fromhex('302e020100300506032b657004220420') + rbytes(32)


def ssh_str(b):
    if isinstance(b, str):
        b = b.encode()
    return struct.pack('>I', len(b)) + b


def openssh_ed25519(comment):
    pub = rbytes(32)
    seed = rbytes(32)
    pubblob = ssh_str('ssh-ed25519') + ssh_str(pub)
    chk = rbytes(4)
    priv = chk + chk + ssh_str('ssh-ed25519') + ssh_str(pub) + ssh_str(seed + pub) + ssh_str(comment)
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    return (b'openssh-key-v1\x00' + ssh_str('none') + ssh_str('none') + ssh_str(b'') + struct.pack('>I', 1)
            + ssh_str(pubblob) + ssh_str(priv))


def pem_lines(der_bytes, width=64):
    return wrap(b64(der_bytes), width)


def x509_name(cn, o, c):
    def rdn(oid, val, tag=0x0c):
        return der(0x31, seq(der_oid(oid), der(tag, val.encode())))
    return seq(rdn('2.5.4.6', c, 0x13), rdn('2.5.4.10', o), rdn('2.5.4.3', cn))


def x509_cert_der(subject_cn, subject_o):
    alg = seq(der_oid('1.2.840.113549.1.1.11'), b'\x05\x00')
    spki = seq(seq(der_oid('1.2.840.113549.1.1.1'), b'\x05\x00'),
               der(0x03, b'\x00' + seq(der_int(rand_odd(2048)), der_int(65537))))
    y = ri(24, 26)
    validity = seq(der(0x17, f'{y}0{ri(1, 9)}1{ri(0, 9)}0{ri(0, 9)}0000Z'.encode()),
                   der(0x17, f'{y + 2}0{ri(1, 9)}1{ri(0, 9)}0{ri(0, 9)}0000Z'.encode()))
    tbs = seq(der(0xa0, der_int(2)), der_int(int.from_bytes(rbytes(16), 'big') >> 1), alg,
              x509_name('Mali Muhur Elektronik Sertifika Hizmet Saglayicisi - Surum 1', 'Kamu Sertifikasyon Merkezi', 'TR'),
              validity, x509_name(subject_cn, subject_o, 'TR'), spki)
    return seq(tbs, alg, der(0x03, b'\x00' + rbytes(256)))


# ---------------------------------------------------------------- binary file builders (real bytes)
def png_chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)


def png_bytes(w, h, rows, ctype):
    raw = b''.join(b'\x00' + r for r in rows)
    ihdr = struct.pack('>IIBBBBB', w, h, 8, ctype, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + png_chunk(b'IHDR', ihdr) + png_chunk(b'IDAT', zlib.compress(raw, 9)) + png_chunk(b'IEND', b'')


def png_solid():
    w, h = ri(1, 24), ri(1, 24)
    c = rbytes(3)
    return png_bytes(w, h, [c * w] * h, 2), f'{w} x {h}, 8-bit/color RGB'


def png_barcode():
    w, h = ri(60, 140), ri(12, 30)
    row = b''
    black = True
    while len(row) < w:
        row += bytes([0 if black else 255]) * ri(1, 4)
        black = not black
    row = row[:w]
    return png_bytes(w, h, [row] * h, 0), f'{w} x {h}, 8-bit grayscale'


def png_gradient():
    w = h = ch([8, 12, 16])
    a, b = rbytes(3), rbytes(3)
    rows = []
    for y in range(h):
        t = y / (h - 1)
        px = bytes(int(a[i] + (b[i] - a[i]) * t) for i in range(3)) + bytes([255 - y * 8])
        rows.append(px * w)
    return png_bytes(w, h, rows, 6), f'{w} x {h}, 8-bit/color RGBA'


def png_any():
    return ch([png_solid, png_barcode, png_gradient])()


def gif_1x1():
    c = rbytes(3)
    return (b'GIF89a\x01\x00\x01\x00\x80\x00\x00' + c + b'\xff\xff\xff' + b'!\xf9\x04\x01\x00\x00\x00\x00'
            + b',\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;')


def jpeg_gray():
    bw = ri(1, 4)
    bh = ri(1, 3)
    w, h = 8 * bw, 8 * bh
    dqt = b'\xff\xdb' + struct.pack('>H', 67) + b'\x00' + bytes(ri(1, 40) for _ in range(64))
    sof = b'\xff\xc0' + struct.pack('>HBHHB', 11, 8, h, w, 1) + b'\x01\x11\x00'
    counts = bytes([1] + [0] * 15)
    dht_dc = b'\xff\xc4' + struct.pack('>H', 3 + 16 + 1) + b'\x00' + counts + b'\x00'
    dht_ac = b'\xff\xc4' + struct.pack('>H', 3 + 16 + 1) + b'\x10' + counts + b'\x00'
    sos = b'\xff\xda' + struct.pack('>HB', 8, 1) + b'\x01\x00' + b'\x00\x3f\x00'
    nbits = 2 * bw * bh
    bits = '0' * nbits
    bits += '1' * (-len(bits) % 8)
    data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    app0 = b'\xff\xe0' + struct.pack('>H', 16) + b'JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00'
    return b'\xff\xd8' + app0 + dqt + sof + dht_dc + dht_ac + sos + data + b'\xff\xd9', f'{w}x{h}'


def pdf_bytes(title):
    content = f'BT /F1 11 Tf 40 780 Td ({title}) Tj ET'.encode()
    objs = [b'<< /Type /Catalog /Pages 2 0 R >>',
            b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
            b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
            b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
            b'<< /Length ' + str(len(content)).encode() + b' >>\nstream\n' + content + b'\nendstream']
    out = b'%PDF-1.4\n'
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f'{i} 0 obj\n'.encode() + o + b'\nendobj\n'
    xref = len(out)
    out += f'xref\n0 {len(objs) + 1}\n0000000000 65535 f \n'.encode()
    for o in offs:
        out += f'{o:010d} 00000 n \n'.encode()
    out += f'trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n'.encode()
    return out


def wav_beep():
    rate = 8000
    n = ri(40, 90)
    freq = ch([880, 1000, 1200, 1760])
    import math
    samples = bytes(int(128 + 90 * math.sin(2 * math.pi * freq * i / rate)) for i in range(n))
    return (b'RIFF' + struct.pack('<I', 36 + n) + b'WAVEfmt ' + struct.pack('<IHHIIHH', 16, 1, 1, rate, rate, 1, 8)
            + b'data' + struct.pack('<I', n) + samples)


def sfnt_checksum(b):
    b = b + b'\x00' * (-len(b) % 4)
    return sum(struct.unpack('>%dI' % (len(b) // 4), b)) & 0xffffffff


def font_tables(family):
    head = struct.pack('>IIIIHHQQhhhhHHhhh', 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0x000B, 1000,
                       ri(3600000000, 3700000000), ri(3600000000, 3700000000), 0, -200, 1000, 800, 0, 8, 2, 1, 0)
    hhea = struct.pack('>IhhhHhhhhhhhhhhhH', 0x00010000, 800, -200, 0, 1000, 0, 0, 1000, 1, 0, 0, 0, 0, 0, 0, 0, 1)
    maxp = struct.pack('>IH', 0x00005000, 1)
    name_str = family.encode('utf-16-be')
    name = struct.pack('>HHH', 0, 1, 18) + struct.pack('>HHHHHH', 3, 1, 0x409, 1, len(name_str), 0) + name_str
    post = struct.pack('>IIhhIIIII', 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    return [(b'head', head), (b'hhea', hhea), (b'maxp', maxp), (b'name', name), (b'post', post)]


def ttf_bytes(family):
    tables = font_tables(family)
    n = len(tables)
    out = struct.pack('>IHHHH', 0x00010000, n, 64, 2, n * 16 - 64)
    off = 12 + 16 * n
    dirs = b''
    data = b''
    for tag, t in tables:
        dirs += tag + struct.pack('>III', sfnt_checksum(t), off + len(data), len(t))
        data += t + b'\x00' * (-len(t) % 4)
    return out + dirs + data


def woff_bytes(family):
    tables = font_tables(family)
    n = len(tables)
    dirs = b''
    data = b''
    off = 44 + 20 * n
    total_sfnt = 12 + 16 * n + sum(len(t) + (-len(t) % 4) for _, t in tables)
    for tag, t in tables:
        comp = zlib.compress(t, 9)
        if len(comp) >= len(t):
            comp = t
        dirs += tag + struct.pack('>IIII', off + len(data), len(comp), len(t), sfnt_checksum(t))
        data += comp + b'\x00' * (-len(comp) % 4)
    length = off + len(data)
    hdr = b'wOFF' + struct.pack('>IIHHIHHIIIII', 0x00010000, length, n, 0, total_sfnt, 1, 0, 0, 0, 0, 0, 0)
    return hdr + dirs + data


def ico_bytes():
    p, _ = png_solid()
    return struct.pack('<HHH', 0, 1, 1) + struct.pack('<BBBBHHII', 16, 16, 0, 0, 1, 32, len(p), 22) + p


SVG_ICONS = {
    'truck': '<path d="M1 3h15v13H1zM16 8h4l3 3v5h-7z"/><circle cx="5.5" cy="18.5" r="2.5"/><circle cx="18.5" cy="18.5" r="2.5"/>',
    'ship': '<path d="M2 20c2 1 4 1 6 0s4-1 6 0 4 1 6 0M4 17l-1-5h18l-1 5M12 3v9M8 6h8"/>',
    'container': '<rect x="2" y="6" width="20" height="12" rx="1"/><path d="M6 6v12M10 6v12M14 6v12M18 6v12"/>',
    'stamp': '<path d="M5 22h14M5 18h14v-3a3 3 0 0 0-3-3h-1l1-6a3 3 0 1 0-6 0l1 6H8a3 3 0 0 0-3 3z"/>',
    'plane': '<path d="M2 16l20-6-20-6 4 6z"/>',
    'chevron': '<path d="M6 9l6 6 6-6"/>',
}


def svg_icon():
    name = ch(sorted(SVG_ICONS))
    col = '#' + hx(6)
    sz = ch([16, 20, 24, 32])
    s = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{sz}" height="{sz}" viewBox="0 0 24 24" fill="none" '
         f'stroke="{col}" stroke-width="2">{SVG_ICONS[name]}</svg>')
    return name, s


def vlq(v):
    v = (-v << 1) | 1 if v < 0 else v << 1
    out = ''
    while True:
        d = v & 31
        v >>= 5
        if v:
            d |= 32
        out += B64[d]
        if not v:
            return out


def sourcemap_json(fname, sources):
    lines = []
    for _ in range(ri(2, 5)):
        segs = [''.join(vlq(ri(-20, 40)) for _ in range(ch([1, 4, 4, 5]))) for _ in range(ri(3, 8))]
        lines.append(','.join(segs))
    return json.dumps({'version': 3, 'file': fname, 'sources': sources,
                       'names': ch([['useShipment', 'eta', 'setStatus'], ['renderTimeline', 'legs', 'map'],
                                    ['formatGtip', 'padStart'], ['parseBaplie', 'bay', 'row', 'tier']]),
                       'mappings': ';'.join(lines)}, separators=(',', ':'))


def trunc(s, keep=None):
    keep = keep or ri(60, 140)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + ch(['…', '...', f'…[{len(s) - keep} more chars]', f'... (+{len(s) - keep} chars)'])


# ---------------------------------------------------------------- scanner (used to redraw negatives)
EMAIL_RE = re.compile(r'[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}')
GH_RE = re.compile(r'\bgh[pousr]_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{40,}')
SLACK_RE = re.compile(r'\bxox[abposre]-\d+-[A-Za-z0-9-]+')
SLACK_HOOK_RE = re.compile(r'hooks\.slack\.com/services/(T[A-Za-z0-9]+)/(B[A-Za-z0-9]+)/([A-Za-z0-9]+)')
SK_RE = re.compile(r'\bsk-[A-Za-z0-9_-]{32,}')
OTHER_TOKEN_RE = re.compile(r'\bglpat-[A-Za-z0-9_-]{20}\b|\bAIza[0-9A-Za-z_-]{35}\b|\bsk_live_[0-9A-Za-z]{20,}|\bxapp-\d-[A-Z0-9]+-\d+-[a-f0-9]{20,}')
JWT_RE = re.compile(r'\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}')
SSN_RE = re.compile(r'(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])')
PEM_RE = re.compile(r'-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:\s|\\n|")*([A-Za-z0-9+/=]{40,})')
AWS_RE = re.compile(r'\b(?:AKIA|ASIA|AIDA|AROA|AGPA)[A-Z0-9]{16}\b')
IPV4_RE = re.compile(r'(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d)(?!\.\d)')
URLPW_RE = re.compile(r'\b[a-zA-Z][a-zA-Z0-9+.-]*://([^\s:/@]*):([^\s@/]+)@')
PLACEHOLDER_PW = re.compile(
    r'^(?:\$\{?[A-Za-z_][A-Za-z0-9_:-]*\}?|\$\([A-Za-z_]+\)|<[^>]*>|\{\{.*\}\}|%[A-Za-z_]+%|\*+|x+|X+|\[?REDACTED\]?|'
    r'\.\.\.|…|password|passwd|pass|pw|changeme|change_me|guest|admin|root|secret|example|test|postgres|mysql|redis|'
    r'rabbitmq|user|sa|CHANGE_ME|REPLACE_ME)$', re.I)
DIGRUN_RE = re.compile(r'(?<![0-9A-Za-z])\d+(?:[ -]\d+)*(?![0-9A-Za-z])')
IBAN_CAND_RE = re.compile(r'(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,32}')
IBAN_LEN = {'TR': 26, 'EG': 29, 'MA': 28, 'FR': 27, 'DE': 22, 'NL': 18, 'BE': 16, 'GB': 22, 'ES': 24, 'IT': 27,
            'AE': 23, 'SA': 24, 'CH': 21, 'AT': 20, 'PL': 28, 'TN': 24, 'DZ': 26, 'JO': 30, 'LB': 28}
PHONE_CAND_RE = re.compile(r'(?<![\w+/.-])(?:\+|\b00)?\(?\d[\d ()\-.]*\d\)?(?!\w)')
CONTIG_RE = re.compile(r'(?<!\d)\d+(?!\d)')
INTL_CC = ('90', '20', '212', '1', '33', '44', '49', '971', '86', '31', '34', '39', '966', '216', '213', '32')


def ipv4_public(o):
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


def phone_rule(digits, plus, groups):
    n = len(digits)
    if plus:
        return 8 <= n <= 15
    if digits.startswith('00') and 11 <= n <= 14 and digits[2:].startswith(INTL_CC):
        return True
    if n == 11 and digits[0] == '0' and digits[1] in '2345':
        return True  # TR with trunk 0
    if n == 11 and digits[:3] in ('010', '011', '012', '015'):
        return True  # EG mobile
    if n == 10 and digits[:2] == '02':
        return True  # EG Cairo landline
    if n == 9 and digits[:2] == '03':
        return True  # EG Alexandria landline
    if n == 10 and digits[:2] in ('05', '06', '07'):
        return True  # MA
    if n == 10 and digits[0] == '5' and digits[1] in '012345':
        return True  # TR mobile without trunk prefix
    lens = [len(g) for g in groups]
    if lens == [3, 3, 4] or (lens == [1, 3, 3, 4] and groups[0] == '1'):
        a, e = groups[-3], groups[-2]
        if a[0] in '23456789' and e[0] in '23456789':
            return True  # NANP, formatted
    return False


def find_phones(text):
    hits = []
    for m in PHONE_CAND_RE.finditer(text):
        cand = m.group(0)
        plus = cand.startswith('+')
        parts = list(re.finditer(r'\d+', cand))
        groups = [p.group(0) for p in parts]
        seps = [cand[parts[k].end():parts[k + 1].start()] for k in range(len(parts) - 1)]
        # split into segments at separators that do not look like phone separators
        segs = [[0]]
        for k, s in enumerate(seps):
            if len(s) > 3 or '  ' in s or s.count('.') > 1 or s.count('-') > 1:
                segs.append([k + 1])
            else:
                segs[-1].append(k + 1)
        for seg in segs:
            for i in range(len(seg)):
                for j in range(i, len(seg)):
                    gs = [groups[k] for k in seg[i:j + 1]]
                    ss = [seps[k] for k in seg[i:j]]
                    if any(len(g) > 4 for g in gs[:-1]):
                        continue
                    if any('.' in x for x in ss) and any(x != '.' for x in ss):
                        continue  # dotted groups mixed with spaces: dates/times, not phones
                    d = ''.join(gs)
                    if len(d) < 8 or len(d) > 17:
                        continue
                    if phone_rule(d, plus and seg[i] == 0, gs):
                        hits.append(('phone', ' '.join(gs)))
    return hits


def scan(text):
    hits = []
    for rx, kind in ((EMAIL_RE, 'email'), (GH_RE, 'github_token'), (SLACK_RE, 'slack_token'), (SK_RE, 'sk_key'),
                     (OTHER_TOKEN_RE, 'other_token'), (JWT_RE, 'jwt'), (SSN_RE, 'ssn_shape')):
        for m in rx.finditer(text):
            hits.append((kind, m.group(0)))
    for m in SLACK_HOOK_RE.finditer(text):
        if not (set(m.group(1)[1:]) <= set('0') and set(m.group(3)) <= set('X0x')):
            hits.append(('slack_webhook', m.group(0)))
    for m in PEM_RE.finditer(text):
        hits.append(('pem_private_key', m.group(1)[:20]))
    for m in AWS_RE.finditer(text):
        if 'EXAMPLE' not in m.group(0):
            hits.append(('aws_key_id', m.group(0)))
    for m in IPV4_RE.finditer(text):
        o = tuple(int(x) for x in m.groups())
        if ipv4_public(o):
            hits.append(('public_ipv4', m.group(0)))
    for m in URLPW_RE.finditer(text):
        if not PLACEHOLDER_PW.match(m.group(2)):
            hits.append(('url_password', m.group(0)))
    for m in DIGRUN_RE.finditer(text):
        groups = re.split(r'[ -]', m.group(0))
        for i in range(len(groups)):
            for j in range(i, len(groups)):
                d = ''.join(groups[i:j + 1])
                if 13 <= len(d) <= 19 and len(set(d)) > 1 and luhn_ok(d):
                    hits.append(('luhn', d))
    for m in IBAN_CAND_RE.finditer(text):
        s = m.group(0).replace(' ', '')
        lens = [IBAN_LEN[s[:2]]] if s[:2] in IBAN_LEN else range(15, 35)
        for L in lens:
            if len(s) >= L and iban_ok(s[:L]):
                hits.append(('iban', s[:L]))
    for m in CONTIG_RE.finditer(text):
        d = m.group(0)
        if tckn_ok(d):
            hits.append(('tckn', d))
        if eg_nid_shape(d):
            hits.append(('eg_national_id', d))
    hits.extend(find_phones(text))
    return hits


# ---------------------------------------------------------------- theme pools
LEADS = [
    'Bilginize:', 'Arkadaşlar,', 'Günaydın,', 'Acil değil ama:', 'Şuna bir bakabilir misiniz?', 'Not:', 'Kolay gelsin,',
    'يا جماعة،', 'للعلم:', 'صباح الخير،', 'بصوا على ده:', 'حد فاضي يبص؟',
    'ya gama3a,', 'bos keda:', '7ad fady yebos?', 'sabah el 5eir,',
    'السلام، شوفو هادي:', 'عافاك شوف هادشي:', 'خويا، هادي:',
    'salam,', '3afak chof hadchi:', 'wach chi wa7ed y9der ychof?', 'khouya, hadi:',
    'Pour info :', 'Bonjour à tous,', 'Petit rappel :', 'Vu ce matin :',
    'fyi', 'heads up:', 'quick q:', 'cc ops —',
]
TRAILS = ['teşekkürler 🙏', 'kolay gelsin', 'merci', 'شكراً', 'choukran', 'ok merci', 'tamam mı?', 'يعطيك الصحة', 'thx',
          'ma3lesh', 'yallah', 'bssa7a', "merci d'avance", 'eyvallah', 'تمام كده؟', 'واخا؟', '+1', '🙏', 'çözüldü ✅',
          'mashy', 'wakha', 'أوكي', 'noted 👍', "c'est noté"]

GTIP = [('0805.10.20.00.11', 'Portakal, taze'), ('0805.21.10.00.00', 'Mandarin, taze'), ('0703.10.19.00.00', 'Kuru soğan'),
        ('5208.12.16.00.00', 'Pamuklu mensucat, ağartılmamış'), ('6109.10.00.10.00', 'Pamuklu tişört, örme'),
        ('6302.21.00.00.00', 'Yatak çarşafı, pamuklu'), ('7214.20.00.00.00', 'İnşaat demiri, nervürlü'),
        ('8418.10.20.00.11', 'Buzdolabı, kombine'), ('8544.30.00.00.00', 'Kablo demeti (taşıt)'),
        ('8708.99.97.90.19', 'Taşıt aksam ve parçaları'), ('2510.10.00.00.00', 'Doğal kalsiyum fosfat'),
        ('3105.30.00.00.00', 'Diamonyum fosfat (DAP)'), ('1604.13.11.00.00', 'Sardalya konservesi'),
        ('1509.20.00.00.11', 'Sızma zeytinyağı'), ('3923.30.10.00.00', 'PET preform'),
        ('0910.99.99.00.00', 'Baharat karışımı'), ('6403.99.93.00.00', 'Deri ayakkabı'),
        ('8703.80.10.00.00', 'Elektrikli binek otomobil'), ('0709.60.10.00.00', 'Tatlı biber, taze')]
UNLOC = ['TRMER', 'TRAMR', 'TRIZM', 'TRGEM', 'TRIST', 'TRALI', 'EGALY', 'EGPSD', 'EGDAM', 'EGSOK', 'EGCAI', 'MAPTM',
         'MACAS', 'MAAGA', 'MANDR', 'ESALG', 'ITGOA', 'NLRTM', 'CNSHA', 'DEHAM']
PORTS = ['Mersin', 'Ambarlı', 'Alsancak', 'Gemlik', 'Aliağa', 'Alexandria', 'El Dekheila', 'Port Said East', 'Damietta',
         'Ain Sokhna', 'Tanger Med', 'Casablanca', 'Agadir', 'Nador West Med']
CARRIERS = ['MSC', 'Maersk', 'CMA CGM', 'Hapag-Lloyd', 'Arkas', 'COSCO', 'ONE', 'Evergreen', 'Turkish Cargo',
            'EgyptAir Cargo', 'RAM Cargo']
BL_PREF = ['MEDU', 'MAEU', 'CMDU', 'HLCU', 'ARKU', 'COSU', 'ONEY', 'EGLV']
CURR = ['TRY', 'EGP', 'MAD', 'USD', 'EUR']
CHANNELS = ['#ops-mersin', '#gumruk-istanbul', '#alex-clearance', '#tanger-med-ops', '#edi-integrations', '#dev-tracking',
            '#finance-tahsilat', '#casa-dedouanement', '#sokhna-ops', '#air-cargo-ist']
CLIENTS = ['Marmara Tekstil', 'Delta Cotton Co.', 'Souss Agrumes', 'Ege Oto Yedek Parça', 'Nile Agro Export',
           'Atlas Phosphates Trading', 'Anadolu Beyaz Eşya', 'Rif Sardine Conserves', 'Cairo Steel Traders',
           'Bursa Otomotiv Kablo']
VESSELS = ['MSC ALEXANDRA', 'MAERSK KENSINGTON', 'CMA CGM TANGER', 'ARKAS IZMIR', 'ONE HARMONY', 'EVER LEADER',
           'HAPAG OSAKA', 'COSCO PIRAEUS', 'MSC ANATOLIA', 'NILE STAR', 'ATLAS BRIDGE']
MMSI_MID = ['271', '622', '242', '255', '636', '538']


def tr_money(v):
    s = f'{v:,.2f}'
    return s.replace(',', 'X').replace('.', ',').replace('X', '.')


def fr_money(v, sep=' '):
    s = f'{v:,.2f}'
    return s.replace(',', 'X').replace('.', ',').replace('X', sep)


def en_money(v):
    return f'{v:,.2f}'


def decl_tr():
    return f"{ch(['25', '26'])}{ch(['330100', '341300', '340500', '350100', '160100', '410300', '060100', '331500'])}{ch(['IM', 'EX', 'AN', 'TR'])}{dg(6)}"


def acid_eg():
    return break_luhn(dgnz(9) + ch(['2025', '2026']) + dg(6))


def dum_ma():
    return f"{ch(['301', '309', '110', '400', '206'])}-{ch(['010', '022', '040', '011'])}-{ch(['2025', '2026'])}-{dg(7)}"


def bl_no():
    p = ch(BL_PREF)
    if p == 'MAEU':
        return p + dgnz(9)
    if p == 'MEDU':
        return p + ch(['TR', 'EG', 'MA', 'IN', 'CN']) + dg(6)
    if p == 'CMDU':
        return p + ch(['IST', 'ALX', 'CAS', 'TNG', 'MER']) + dg(7)
    return p + ch(['IZM', 'MER', 'ALY', 'PTM', 'SHA']) + dg(8)


def seal_no():
    return ch(['ML-TR', 'EU', 'SL', 'CMA', 'HL', 'MA', '']) + dg(ch([6, 7, 8]))


def mmsi():
    return ch(MMSI_MID) + dg(6)


def ship_id():
    return '1' + dg(9)


def sscc():
    body = ch(['0', '1', '3']) + ch(['869', '868', '622', '611']) + dg(13)
    return body + gs1_check(body)


def lead_wrap(text, p_lead=0.15, p_trail=0.08):
    if R.random() < p_lead:
        text = ch(LEADS) + (' ' if R.random() < 0.6 and '\n' not in text[:80] else '\n') + text
    if R.random() < p_trail:
        text = text + ('\n' if R.random() < 0.7 or text.endswith('```') else ' ') + ch(TRAILS)
    return text


NEG = {}
CATS = ['data_uri_base64', 'placeholder_example', 'code_identifier', 'non_credential_blob', 'pii_lookalike_number',
        'talk_about_secrets']
for _c in CATS:
    NEG[_c] = []


def neg(cat):
    def d(f):
        NEG[cat].append(f)
        return f
    return d


# ================================================================ negatives: data_uri_base64
D = 'data_uri_base64'


@neg(D)
def d_css_logo():
    p, _ = png_any()
    cls = ch(['shipment-card__carrier-logo', 'timeline-step--customs', 'badge-gtip', 'port-marker--tanger', 'awb-chip__icon'])
    return (f"```css\n.{cls} {{\n  width: {ri(16, 40)}px;\n  height: {ri(16, 40)}px;\n"
            f"  background: url(\"data:image/png;base64,{b64(p)}\") no-repeat center / contain;\n}}\n```")


@neg(D)
def d_fontface():
    fam = ch(['KervanSans', 'TrackingMono', 'GumrukUI', 'NafezaArabicUI', 'PortnetCondensed'])
    if R.random() < 0.5:
        data, fmt, mime = woff_bytes(fam), 'woff', 'font/woff'
    else:
        data, fmt, mime = ttf_bytes(fam), 'truetype', 'font/ttf'
    return (f"{ch(['Font subset inline gömülü, CDN yok artık:', 'portal.css — inline font (offline mode for the depot tablets):', 'la police est inlinée dans le CSS du portail :', ''])}\n"
            f"```css\n@font-face {{\n  font-family: \"{fam}\";\n  font-weight: {ch([400, 500, 700])};\n  font-display: swap;\n"
            f"  src: url(data:{mime};base64,{b64(data)}) format(\"{fmt}\");\n}}\n```").lstrip('\n')


@neg(D)
def d_email_pixel():
    g = gif_1x1()
    title = ch(['Varış İhbarnamesi', 'Arrival Notice', "Avis d'arrivée", 'إشعار وصول'])
    return (f"Varış ihbarnamesi şablonundaki spacer gif'i Outlook'ta kırık görünüyor:\n```html\n<table role=\"presentation\" width=\"100%\">\n"
            f"  <tr><td class=\"hdr\">{title} — {bl_no()}</td></tr>\n  <tr><td><img src=\"data:image/gif;base64,{b64(g)}\" width=\"1\" height=\"{ri(8, 24)}\" alt=\"\"></td></tr>\n"
            f"  <tr><td>ETA {ch(PORTS)}: {ri(1, 28):02d}.{ri(1, 12):02d}.2026</td></tr>\n</table>\n```")


@neg(D)
def d_label_json():
    pdf = pdf_bytes(f'AWB {awb()[0]}-{dg(8)} / PCS {ri(1, 40)}')
    body = b64(pdf)
    js = json.dumps({'shipmentId': ship_id(), 'labelFormat': 'PDF', 'labelSize': ch(['4x6', 'A6', '100x150']),
                     'labelImage': trunc(body, ri(80, 200)) if R.random() < 0.6 else body, 'pieces': ri(1, 12)}, indent=2)
    return f"{ch(['Carrier label API cevabı (staging):', 'Response du /v2/labels chez le transporteur :', 'رد الـ API بتاع الليبل:'])}\n```json\n{js}\n```"


@neg(D)
def d_jupyter():
    p, desc = png_gradient()
    return ('```json\n{\n "cell_type": "code",\n "execution_count": ' + str(ri(3, 60)) + ',\n "outputs": [\n  {\n   "data": {\n'
            f'    "image/png": "{b64(p)}",\n    "text/plain": [\n     "<Figure size 640x480 with 1 Axes>"\n    ]\n   }},\n'
            '   "output_type": "display_data"\n  }\n ],\n "source": [\n  "dwell = df.groupby(\\"pod\\")[\\"dwell_days\\"].median()\\n",\n  "dwell.plot.bar()"\n ]\n}\n```')


@neg(D)
def d_blur_jsx():
    j, dims = jpeg_gray()
    return ("```tsx\n<Image\n  src={`/api/photos/containers/${containerNo}/door.jpg`}\n  alt={`${containerNo} kapı fotoğrafı`}\n"
            f"  width={{{ri(320, 800)}}}\n  height={{{ri(240, 600)}}}\n  placeholder=\"blur\"\n  blurDataURL=\"data:image/jpeg;base64,{b64(j)}\"\n/>\n```")


@neg(D)
def d_go_fixture():
    p, desc = png_barcode()
    return (f"```go\n// testdata: code128 render of a sample container number, {desc}\nvar barcodeFixture = mustDecode(\"{b64(p)}\")\n\n"
            "func TestRenderBarcode(t *testing.T) {\n\tgot := render.Code128(\"" + container_no() + "\", 2)\n"
            "\tif !bytes.Equal(got, barcodeFixture) {\n\t\tt.Fatalf(\"barcode mismatch\")\n\t}\n}\n```")


@neg(D)
def d_csp():
    name, svg = svg_icon()
    uri = 'data:image/svg+xml;base64,' + b64(svg.encode())
    return (f"Tracking portalda console'da bu var, CSP img-src'ye data: eklemek lazım galiba:\n```\nRefused to load the image '{uri}' "
            "because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.kervan.example\".\n```")


@neg(D)
def d_md_runbook():
    name, svg = svg_icon()
    return (f"## Ordino akışı\n\n![{name}](data:image/svg+xml;base64,{b64(svg.encode())})\n\n1. Konşimento ibrazı\n2. Navlun ve lokal masraf tahsilatı\n"
            f"3. Ordino kesimi ({ch(PORTS)})\n4. Beyanname tescili")


@neg(D)
def d_shell_decode():
    p, desc = png_any()
    return (f"```\n$ echo '{b64(p)}' | base64 -d > /tmp/logo.png && file /tmp/logo.png\n/tmp/logo.png: PNG image data, {desc}, non-interlaced\n```")


@neg(D)
def d_har():
    fam = ch(['KervanSans', 'GumrukUI'])
    w = woff_bytes(fam)
    entry = {'startedDateTime': ts_iso(), 'time': round(R.random() * 3, 3),
             'request': {'method': 'GET', 'url': 'data:font/woff;base64,' + trunc(b64(w), ri(90, 160)), 'httpVersion': 'data'},
             'response': {'status': 200, 'content': {'size': len(w), 'mimeType': 'font/woff'}}}
    return "HAR'dan çıkan satır (portal yavaşlığı için ekledim):\n```json\n" + json.dumps(entry, indent=1) + "\n```"


@neg(D)
def d_py_pdf_test():
    pdf = pdf_bytes(f'PROFORMA {ch(["PF", "PRO"])}-{ri(2025, 2026)}-{dg(5)}')
    lines = wrap(b64(pdf), 76)
    body = '\n'.join(f'    "{l}"' for l in lines)
    return (f"```python\nSAMPLE_PROFORMA_PDF = base64.b64decode(\n{body}\n)\n\n\ndef test_pdf_header():\n"
            "    assert SAMPLE_PROFORMA_PDF.startswith(b\"%PDF-1.4\")\n    assert SAMPLE_PROFORMA_PDF.rstrip().endswith(b\"%%EOF\")\n```")


@neg(D)
def d_manifest():
    p, _ = png_solid()
    ic = ico_bytes()
    return ('```json\n{\n  "name": "Kervan Depo Tarayıcı",\n  "short_name": "Depo",\n  "start_url": "/scan",\n  "display": "standalone",\n'
            f'  "background_color": "#{hx(6)}",\n  "icons": [\n    {{ "src": "data:image/png;base64,{b64(p)}", "sizes": "any", "type": "image/png" }},\n'
            f'    {{ "src": "data:image/x-icon;base64,{b64(ic)}", "sizes": "16x16", "type": "image/x-icon" }}\n  ]\n}}\n```')


@neg(D)
def d_favicon():
    ic = ico_bytes()
    return f'<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,{b64(ic)}">'


@neg(D)
def d_sourcemap():
    fn = ch(['tracking.min.js', 'gtip-lookup.min.js', 'baplie-viewer.min.js', 'portal-app.min.js'])
    sm = sourcemap_json(fn, ['../src/' + ch(['Timeline.tsx', 'GtipInput.tsx', 'BayPlan.tsx', 'useShipment.ts']),
                             '../src/' + ch(['format.ts', 'api.ts', 'i18n/ar.ts', 'i18n/tr.ts'])])
    code = ch(['!function(){"use strict";var e=document.querySelector("#eta");', 'export function f(t){return t.padStart(12,"0")}',
               '(()=>{const n=window.__SHIPMENT__;n&&r(n)})();'])
    return (f"prod bundle'da source map inline kalmış, build config'i kontrol edelim:\n```js\n{code}\n"
            f"//# sourceMappingURL=data:application/json;charset=utf-8;base64,{b64(sm.encode())}\n```")


@neg(D)
def d_wav():
    w = wav_beep()
    return ("```ts\n// depo el terminali: barkod okununca bip\nconst beep = new Audio(\"data:audio/wav;base64," + b64(w) + "\");\n"
            "scanner.on('read', (code: string) => { if (isContainerNo(code)) beep.play(); });\n```")


@neg(D)
def d_svg_utf8():
    col = hx(6)
    return ("```css\nselect.port-select {\n  appearance: none;\n  background-image: url(\"data:image/svg+xml;utf8,%3Csvg xmlns='http://www.w3.org/2000/svg' "
            f"viewBox='0 0 24 24'%3E%3Cpath d='M6 9l6 6 6-6' stroke='%23{col}' fill='none'/%3E%3C/svg%3E\");\n"
            f"  padding-inline-end: {ri(24, 40)}px;\n}}\n```")


@neg(D)
def d_fontdata_json():
    fam = ch(['DejaVuSansSubset', 'NotoNaskhSubset', 'KervanInvoice'])
    t = ttf_bytes(fam)
    return ('e-fatura PDF üreticisinin şablon config\'i (Arapça karakterler için gömülü font):\n```json\n'
            + json.dumps({'template': ch(['invoice_tr_v3', 'facture_ma_v2', 'invoice_eg_ar']), 'pageSize': 'A4',
                          'fonts': [{'name': fam, 'fontData': b64(t)}]}, indent=2) + '\n```')


@neg(D)
def d_gzip_queue():
    edi = ("UNB+UNOC:3+KERVAN:ZZZ+" + ch(['MSCU', 'MAEU', 'CMDU']) + ":ZZZ+" + f"26{ri(1, 12):02d}{ri(1, 28):02d}:{ri(0, 23):02d}{ri(0, 59):02d}+{dg(6)}'"
           "UNH+1+IFTSTA:D:00B:UN'BGM+23+" + dg(8) + "+9'EQD+CN+" + container_no() + "'")
    gz = gzip.compress(edi.encode(), mtime=0)
    msg = {'topic': 'edi.inbound.iftsta', 'partition': ri(0, 11), 'offset': ri(100000, 9999999),
           'headers': {'content-encoding': 'gzip', 'content-type': 'application/edifact'},
           'value': 'data:application/gzip;base64,' + b64(gz)}
    return "Kafka'dan dump ettiğim mesaj, decode edince düz IFTSTA çıkıyor:\n```json\n" + json.dumps(msg, indent=2) + "\n```"


@neg(D)
def d_mime_part():
    p, _ = png_any()
    lines = '\n'.join(wrap(b64(p), 76))
    return ("e-fatura mailinin ham hali, logo eki şöyle geliyor (başlıkları kırptım):\n```\n--=_Part_" + dg(6) + "_" + dg(9) + "." + dg(13) + "\n"
            "Content-Type: image/png; name=\"logo.png\"\nContent-Transfer-Encoding: base64\nContent-ID: <logo@inline>\n"
            "Content-Disposition: inline; filename=\"logo.png\"\n\n" + lines + "\n```")


@neg(D)
def d_ar_truncated():
    p, _ = png_any()
    uri = 'data:image/png;base64,' + b64(p)
    return f"الصورة مش ظاهرة في الإيميل بتاع إشعار الوصول، الـ src فيه {trunc(uri, ri(50, 90))} وبعدين بيتقطع. حد يعرف الـ limit بتاع Outlook كام؟"


@neg(D)
def d_darija_logo():
    j, _ = jpeg_gray()
    uri = 'data:image/jpeg;base64,' + b64(j)
    return (f"l'logo f la facture PDF ma kaybanch f {ch(['Chrome', 'Edge', 'Acrobat'])}, hadi hiya l'data uri li kayna f template:\n"
            f"`{uri}`\nwach ch7al dyal l KB? ana kan9ol l'problème f l'header JFIF")


@neg(D)
def d_xslt_logo():
    j, _ = jpeg_gray()
    return ("e-fatura XSLT şablonunda logo base64 gömülü, boyutu küçültünce sorun çözüldü:\n```xml\n"
            "<xsl:variable name=\"firmaLogo\">\n  <xsl:text>data:image/jpeg;base64," + b64(j) + "</xsl:text>\n</xsl:variable>\n"
            "<img src=\"{$firmaLogo}\" style=\"width:" + str(ri(90, 180)) + "px\" alt=\"Logo\"/>\n```")


@neg(D)
def d_fr_bl_pdf():
    pdf = pdf_bytes(f'CONNAISSEMENT {bl_no()}')
    b = b64(pdf)
    return (f"Le PDF du BL renvoyé par l'API {ch(['du transporteur', 'CMA CGM', 'MSC'])} commence bien par `{b[:12]}`, donc c'est un vrai PDF. "
            f"Extrait du champ `document` :\n```\n{trunc(b, ri(100, 180))}\n```")


@neg(D)
def d_ubl_attachment():
    pdf = pdf_bytes(f'FATURA {ch(["KRV", "KRM", "KEG"])}2026{dg(9)}')
    xslt = ('<?xml version="1.0" encoding="UTF-8"?><xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">'
            '<xsl:template match="/"><html><body><h1>e-Fatura</h1></body></html></xsl:template></xsl:stylesheet>')
    if R.random() < 0.5:
        mime, fn, data = 'application/pdf', 'fatura.pdf', pdf
    else:
        mime, fn, data = 'application/xml', 'general.xslt', xslt.encode()
    return ("```xml\n<cac:AdditionalDocumentReference>\n  <cbc:ID>" + uuid4().upper() + "</cbc:ID>\n  <cbc:IssueDate>2026-" + f"{ri(1, 12):02d}-{ri(1, 28):02d}"
            + "</cbc:IssueDate>\n  <cac:Attachment>\n    <cbc:EmbeddedDocumentBinaryObject characterSetCode=\"UTF-8\" encodingCode=\"Base64\" mimeCode=\""
            + mime + "\" filename=\"" + fn + "\">" + b64(data) + "</cbc:EmbeddedDocumentBinaryObject>\n  </cac:Attachment>\n</cac:AdditionalDocumentReference>\n```")


@neg(D)
def d_carrier_logo_json():
    name, svg = svg_icon()
    items = []
    for c in R.sample(CARRIERS, ri(2, 3)):
        _, svg = svg_icon()
        items.append({'carrier': c, 'logo': 'data:image/svg+xml;base64,' + b64(svg.encode())})
    return "`GET /v1/carriers?active=true` cevabı:\n```json\n" + json.dumps(items, indent=2) + "\n```"


@neg(D)
def d_flutter():
    p, _ = png_solid()
    return ("```dart\n// sürücü uygulaması: teslim ekranındaki boş durum görseli\nfinal placeholder = Image.memory(\n  base64Decode('" + b64(p)
            + "'),\n  width: " + str(ri(24, 64)) + ",\n  gaplessPlayback: true,\n);\n```")


@neg(D)
def d_playwright():
    pdf = pdf_bytes(f'ORDINO {dg(4)}/{ri(2025, 2026)}')
    return ("```ts\nawait page.route('**/api/v2/delivery-orders/*/pdf', route =>\n  route.fulfill({\n    status: 200,\n"
            "    contentType: 'application/pdf',\n    body: Buffer.from('" + b64(pdf) + "', 'base64'),\n  }),\n);\n```")


@neg(D)
def d_kotlin_icon():
    p, _ = png_barcode()
    return ("```kotlin\nobject Fixtures {\n    // ZXing çıktısı, regresyon testi için\n    const val AWB_BARCODE_PNG = \"data:image/png;base64," + b64(p)
            + "\"\n}\n```")


@neg(D)
def d_one_liner_img():
    g = gif_1x1()
    return ch(['<img alt="" src="data:image/gif;base64,', 'spacer: data:image/gif;base64,', 'tracking pixel fallback = "data:image/gif;base64,']) + b64(g) + ch(['">', '', '"'])


# ================================================================ negatives: placeholder_example
P = 'placeholder_example'


@neg(P)
def p_env_example():
    lines = ['# .env.example — tracking-api', f'APP_ENV={ch(["local", "development"])}', f'PORT={ch([8080, 3000, 8000])}',
             'DATABASE_URL=postgres://user:password@localhost:5432/tracking',
             f'MAERSK_CONSUMER_KEY={ch(["<your-consumer-key>", "your-consumer-key-here", "changeme"])}',
             f'MSC_API_TOKEN={ch(["", "<token>", "xxxxxxxxxxxxxxxx"])}',
             f'HAPAG_CLIENT_SECRET={ch(["<client-secret>", "CHANGE_ME", "${HAPAG_CLIENT_SECRET}"])}',
             f'NAFEZA_CLIENT_ID={ch(["your-client-id", "<nafeza-client-id>"])}', 'NAFEZA_CLIENT_SECRET=',
             f'PORTNET_PASSWORD={ch(["changeme", "<portnet-password>", "********"])}',
             f'SLACK_BOT_TOKEN={ch(["xoxb-your-bot-token", "xoxb-...", "<slack-bot-token>"])}']
    keep = [lines[0]] + sorted(R.sample(lines[1:], ri(6, len(lines) - 1)), key=lines.index)
    return "```bash\n" + '\n'.join(keep) + "\n```"


@neg(P)
def p_compose():
    return ("```yaml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: ${POSTGRES_USER:-tracking}\n"
            "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}\n  broker:\n    image: rabbitmq:3-management\n"
            f"    environment:\n      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n  edi-worker:\n    image: kervan/edi-worker:{ri(1, 4)}.{ri(0, 20)}.{ri(0, 9)}\n"
            "    environment:\n      AMQP_URL: amqp://guest:guest@broker:5672/\n      SFTP_PASSWORD_FILE: /run/secrets/edi_sftp_password\n"
            "    secrets: [edi_sftp_password]\n```")


@neg(P)
def p_gha():
    job = ch(['deploy-tracking', 'sync-efatura', 'push-edi-gateway'])
    return (f"```yaml\njobs:\n  {job}:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: aws-actions/configure-aws-credentials@v4\n"
            "        with:\n          aws-access-key-id: ${{ secrets.AWS_ACCESS_KEY_ID }}\n          aws-secret-access-key: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n"
            f"          aws-region: {ch(['eu-central-1', 'me-south-1', 'eu-west-3'])}\n      - run: ./scripts/smoke.sh\n        env:\n"
            "          BILGE_WS_PASSWORD: ${{ secrets.BILGE_WS_PASSWORD }}\n          NAFEZA_TOKEN: ${{ secrets.NAFEZA_TOKEN }}\n```")


@neg(P)
def p_helm():
    return ("```yaml\n# values.yaml\nnafeza:\n  baseUrl: https://nafeza.example.invalid/api\n  existingSecret: nafeza-credentials\n"
            "  tokenKey: token\nportnet:\n  username: \"{{ .Values.global.portnetUser }}\"\n  password: \"{{ .Values.portnet.password }}\"\n"
            "efatura:\n  # GİB entegratör bilgileri secret'tan gelir, buraya yazmayın\n  passwordSecretRef:\n    name: efatura-entegrator\n    key: password\n```")


@neg(P)
def p_curl_doc():
    ep = ch(['/v2/track/containers/{containerNo}', '/v1/awb/{awb}/events', '/api/declarations/{declarationNo}/status'])
    return ("API dokümanındaki örnek:\n```bash\ncurl -s \"https://api.example.com" + ep + "\" \\\n  -H \"Authorization: Bearer <ACCESS_TOKEN>\" \\\n"
            "  -H \"X-Api-Key: $TRACKING_API_KEY\" | jq '.events[] | {code, location, eventTime}'\n```")


@neg(P)
def p_tr_onboarding():
    return (f"Yeni gelen arkadaşlar için: GİB e-Arşiv portal şifresi ******** olarak görünüyor çünkü 1Password'da "
            f"`op://Gumruk/GIB e-Arsiv/password` kaydında duruyor. Buraya yazmayın, `op read` ile çekin. BİLGE kullanıcı şifresi de "
            f"`op://Gumruk/BILGE {ch(['Mersin', 'Halkalı', 'İzmir'])}/password` altında.")


@neg(P)
def p_aws_doc():
    return ("```hcl\n# örnek — AWS dokümantasyonundan, gerçek değil\nprovider \"aws\" {\n  region     = \"eu-central-1\"\n"
            "  access_key = \"AKIAIOSFODNN7EXAMPLE\"\n  secret_key = \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"\n}\n```\n"
            + ch(['Bunu kopyalayıp gerçek key koyan olmasın, profile kullanıyoruz.', "Ne mettez jamais de vraies clés ici, on passe par les profils SSO.",
                  'متحطوش keys حقيقية هنا، احنا بنستخدم SSO profiles.']))


@neg(P)
def p_masked_card():
    last4 = dg(4)
    return (f"Liman ödemesi kurumsal karttan geçti: kart {ch(['**** **** **** ' + last4, '•••• ' + last4, '9792 **** **** ' + last4, 'XXXX-XXXX-XXXX-' + last4])}, "
            f"tutar {tr_money(ri(10000, 900000) + ri(0, 99) / 100)} TRY, provizyon no {dg(6)}.")


@neg(P)
def p_masked_iban():
    return ch([
        f"Tahsilat hesabı (maskeli): TR** **** **** **** **** **{dg(2)} {dg(2)} — tam IBAN ERP'de cari kartında.",
        f"IBAN du client masqué dans le ticket : FR76 **** **** **** **** ***{dg(1)} {dg(3)}, le reste est dans l'ERP.",
        f"رقم الحساب متغطي في الفاتورة: EG** **** **** **** **** **** {dg(4)} وده المطلوب.",
        f"IBAN f système: MA** **** **** **** **** **** {dg(4)} — l'complet kayn f Sage, machi hna."])


@neg(P)
def p_phone_placeholders():
    return ("Form doğrulama mesajları (i18n):\n```json\n{\n  \"phone.hint.tr\": \"+90 5XX XXX XX XX\",\n  \"phone.hint.eg\": \"+20 1X XXXX XXXX\",\n"
            "  \"phone.hint.ma\": \"+212 6XX-XXXXXX\",\n  \"phone.hint.us\": \"(XXX) XXX-XXXX\",\n  \"email.hint\": \"ad.soyad@…\",\n"
            "  \"iban.hint\": \"TR00 0000 0000 0000 0000 0000 00\"\n}\n```")


@neg(P)
def p_ar_token_env():
    return ("حطوا التوكن في متغير NAFEZA_TOKEN ومتكتبوهوش في الكود. المثال اللي في الـ README:\n```\nexport NAFEZA_TOKEN=<token>\n"
            "export NAFEZA_CLIENT_SECRET=<client-secret>\n```\nولو حد محتاجه يطلبه من الـ vault مش من الشات.")


@neg(P)
def p_darija_vault():
    path = ch(['secret/data/portnet#password', 'secret/data/badr/cert#passphrase', 'secret/data/casa/sftp#password'])
    return f"dir l password f vault: `vault:{path}` — ma t7ttoch f Slack 3afak. l'app kat9rah b `VAULT_ADDR` w `VAULT_ROLE=casa-edi`."


@neg(P)
def p_fr_format():
    return (f"Format attendu pour la clé PortNet : `PORTNET_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` (32 caractères hex). "
            f"Dans la doc ils mettent `<votre-clé>` ; la vraie est dans le coffre, pas ici.")


@neg(P)
def p_webhook_placeholder():
    return ("```yaml\nalerting:\n  slack:\n    # format: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\n"
            "    webhook_url: ${SLACK_WEBHOOK_URL}\n    channel: \"" + ch(CHANNELS) + "\"\n```")


@neg(P)
def p_llm_keys_doc():
    return ("Fatura OCR pipeline'ı için env değişkenleri:\n| değişken | örnek | not |\n|---|---|---|\n"
            "| `OPENAI_API_KEY` | `sk-...` | sadece staging |\n| `ANTHROPIC_API_KEY` | `sk-ant-api03-...` | prod |\n"
            "| `OCR_BUCKET` | `s3://kervan-ocr-<env>` | |\n| `GITHUB_TOKEN` | `ghp_xxxxxxxxxxxxxxxxxxxx` | release job |")


@neg(P)
def p_k8s_secret():
    return ("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: edi-sftp\n  namespace: " + ch(['edi', 'integrations', 'customs'])
            + "\ntype: Opaque\nstringData:\n  username: REPLACE_ME\n  password: REPLACE_ME\n  known_hosts: |\n    # ssh-keyscan çıktısını buraya\n```")


@neg(P)
def p_spring():
    return ("```yaml\nefatura:\n  entegrator:\n    url: ${EFATURA_URL:https://test.efatura.example}\n    username: ${EFATURA_USER}\n"
            "    password: ${EFATURA_PASSWORD:}\n  timeout: " + str(ri(10, 60)) + "s\n```")


@neg(P)
def p_py_env():
    return ("```python\nPORTNET_USER = os.environ[\"PORTNET_USER\"]\nPORTNET_PASSWORD = os.environ[\"PORTNET_PASSWORD\"]  # never default this\n"
            "BADR_CERT_PASS = os.getenv(\"BADR_CERT_PASS\", \"\")\nif not BADR_CERT_PASS:\n    raise RuntimeError(\"BADR_CERT_PASS is not set\")\n```")


@neg(P)
def p_ansible():
    return ("```yaml\n- name: configure edi sftp client\n  template:\n    src: sftp.ini.j2\n    dest: /etc/edi/sftp.ini\n  vars:\n"
            "    sftp_user: \"{{ edi_sftp_user }}\"\n    sftp_password: \"{{ vault_edi_sftp_password }}\"\n  no_log: true\n```")


@neg(P)
def p_tf_var():
    return ("```hcl\nvariable \"bilge_ws_password\" {\n  type      = string\n  sensitive = true\n  default   = \"\"\n}\n\n"
            "resource \"aws_ssm_parameter\" \"bilge\" {\n  name  = \"/customs/" + ch(['mersin', 'ambarli', 'halkali']) + "/bilge_ws_password\"\n"
            "  type  = \"SecureString\"\n  value = var.bilge_ws_password\n}\n```")


@neg(P)
def p_postman():
    env = {'name': ch(['Nafeza staging', 'PortNet recette', 'Carrier sandbox']), 'values': [
        {'key': 'baseUrl', 'value': 'https://sandbox.example.com', 'enabled': True},
        {'key': 'token', 'value': '', 'enabled': True},
        {'key': 'clientSecret', 'value': '{{clientSecret}}', 'enabled': True}]}
    return "Postman env'i paylaşıyorum, değerler boş, kendi token'ınızı koyun:\n```json\n" + json.dumps(env, indent=2) + "\n```"


@neg(P)
def p_masked_customer():
    return (f"Müşteri kartı ekran görüntüsünü KVKK yüzünden maskeledim: TCKN 1**********, Tel 05** *** ** {dg(2)}, "
            f"IBAN TR** **** **** **** **** **** {dg(2)}, e-posta a***@***.com.tr. Dosya no {dg(6)}.")


@neg(P)
def p_soap_template():
    return ("```xml\n<soapenv:Header>\n  <wsse:Security>\n    <wsse:UsernameToken>\n      <wsse:Username>${bilgeUser}</wsse:Username>\n"
            "      <wsse:Password Type=\"PasswordText\">${bilgePassword}</wsse:Password>\n    </wsse:UsernameToken>\n  </wsse:Security>\n</soapenv:Header>\n```")


@neg(P)
def p_ini_edi():
    return ("```ini\n[sftp]\nhost = sftp.example.net\nport = 22\nuser = %EDI_FTP_USER%\npassword = %EDI_FTP_PASS%\n"
            "remote_dir = /inbound/" + ch(['iftsta', 'coparn', 'baplie']) + "\n\n[archive]\nkeep_days = " + str(ri(30, 400)) + "\n```")


@neg(P)
def p_jwt_truncated():
    return ch(["Header şöyle olmalı: `Authorization: Bearer eyJhbGciOi...` (token'ın tamamını yapıştırmayın)",
               "Le header attendu : `Authorization: Bearer <jwt>` — le token commence par `eyJ…`, c'est normal.",
               "الهيدر لازم يبقى Authorization: Bearer <token> ومتبعتوش التوكن نفسه هنا"])


@neg(P)
def p_redacted_logs():
    rows = []
    for _ in range(ri(3, 6)):
        rows.append(f"{ts_iso()} INFO  auth  login ok user=ops-{ch(['mersin', 'alex', 'casa', 'ist'])} password=[REDACTED] "
                    f"src=10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)} session={ch(['<redacted>', '***', '[FILTERED]'])}")
    return "```\n" + '\n'.join(rows) + "\n```"


@neg(P)
def p_cfn_resolve():
    return ("```yaml\nNafezaTokenParam:\n  Type: AWS::SSM::Parameter\n  Properties:\n    Value: '{{resolve:secretsmanager:prod/nafeza:SecretString:token}}'\n"
            "PortnetPass: '{{resolve:ssm-secure:/ma/portnet/password:3}}'\n```")


@neg(P)
def p_env_table():
    return ("| Değişken | Zorunlu | Örnek değer |\n|---|---|---|\n| `BANK_IBAN` | evet | `TR00 0000 0000 0000 0000 0000 00` |\n"
            "| `BANK_SWIFT` | evet | `XXXXTRISXXX` |\n| `SUPPORT_PHONE` | hayır | `+90 XXX XXX XX XX` |\n| `SMTP_PASSWORD` | evet | `<smtp-password>` |\n"
            "| `EFATURA_ALIAS` | evet | `urn:mail:defaultpk@<vkn>` |")


@neg(P)
def p_eg_card_mask():
    return f"رقم الكارت لازم يتعرض متغطي زي كده: **** **** **** {dg(4)} وتاريخ الانتهاء MM/YY بس، وممنوع الـ CVV يتسجل في اللوج خالص."


@neg(P)
def p_default_creds():
    return (f"Depodaki {ch(['Zebra', 'Honeywell', 'Datalogic'])} el terminallerinin fabrika ayarı admin/admin, kurulumda değiştiriyoruz. "
            "RabbitMQ lokal: `amqp://guest:guest@localhost:5672/`, Mongo lokal: `mongodb://root:root@127.0.0.1:27017/?authSource=admin`.")


@neg(P)
def p_gh_placeholders():
    return ("CI notları:\n- `NPM_TOKEN`: `npm_xxxxxxxxxxxxxxxxxxxx` formatında\n- `GH_PAT`: `github_pat_...` (fine-grained, sadece `kervan/edi-gateway` repo)\n"
            "- `SLACK_BOT_TOKEN`: `xoxb-...`\n- `AWS_ACCESS_KEY_ID`: `AKIA...` (OIDC'ye geçince silinecek)")


@neg(P)
def p_pem_placeholder():
    return ("BADR sertifikası için beklenen format:\n```\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n```\n"
            "Dosyayı `/etc/badr/client.key` olarak mount edin, içeriğini buraya değil.")


@neg(P)
def p_dsn_templates():
    return ("Bağlantı şablonları:\n```\npostgres://<username>:<password>@<host>:5432/<db>\nmongodb+srv://<user>:<password>@<cluster>.mongodb.net/tracking\n"
            "redis://:${REDIS_PASSWORD}@redis:6379/0\nsqlserver://sa:${MSSQL_SA_PASSWORD}@erp-db:1433?database=LOGO\n```")


# ================================================================ negatives: code_identifier
C = 'code_identifier'
WORDS = ['Token', 'Secret', 'Password', 'Iban', 'Phone', 'Email', 'Credential', 'Consignee', 'Declaration', 'Gtip', 'Manifest',
         'Awb', 'Bl', 'Nafeza', 'Portnet', 'Bilge', 'Efatura', 'Acid', 'Dum', 'Edi', 'Baplie', 'Seal', 'Container', 'Vault']


def ident(n=3, style='camel'):
    w = R.sample(WORDS, n)
    if style == 'camel':
        return w[0].lower() + ''.join(w[1:])
    if style == 'pascal':
        return ''.join(w)
    if style == 'snake':
        return '_'.join(x.lower() for x in w)
    return '_'.join(x.upper() for x in w)


@neg(C)
def c_py_traceback():
    mod = ch(['bilge_client', 'nafeza_gateway', 'portnet_sync', 'efatura_adapter'])
    exc = ch(['BeyannameTescilError', 'NafezaTokenRefreshError', 'PortnetSessionExpired', 'EfaturaSignatureInvalid', 'AcidPrecheckRejected'])
    frames = []
    for _ in range(ri(4, 9)):
        f = ident(ri(2, 3), 'snake')
        frames.append(f'  File "/app/{mod}/{ch(["client", "auth", "models", "tasks", "vault"])}.py", line {ri(20, 900)}, in {f}\n    {ident(2, "snake")} = self._{ident(2, "snake")}({ident(1, "snake")})')
    return ("```\nTraceback (most recent call last):\n" + '\n'.join(frames) + f"\n{mod}.exceptions.{exc}: get_{ident(2, 'snake')}_from_vault returned 403 for role '{mod}-ro'\n```")


@neg(C)
def c_java_trace():
    pkg = 'com.kervan.edi.' + ch(['iftsta', 'iftmin', 'coparn', 'baplie', 'codeco'])
    lines = [f"{ts_iso()} ERROR [edi-poller-{ri(1, 8)}] {pkg}.{ident(2, 'pascal')}Handler - EDI parse failed",
             f"{pkg}.exception.{ident(2, 'pascal')}Exception: segment {ch(['EQD', 'TDT', 'RFF', 'LOC', 'DTM', 'MEA'])} missing qualifier"]
    for _ in range(ri(8, 20)):
        lines.append(f"\tat {pkg}.{ch(['parser', 'mapping', 'validation', 'security'])}.{ident(2, 'pascal')}.{ident(2, 'camel')}({ident(2, 'pascal')}.java:{ri(30, 900)})")
    lines += ["\tat org.springframework.integration.handler.AbstractMessageHandler.handleMessage(AbstractMessageHandler.java:105)",
              "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    return "```\n" + '\n'.join(lines) + "\n```"


@neg(C)
def c_ts_interface():
    return ("```ts\nexport interface GumrukBeyannamesi {\n  beyannameNo: string;          // 16 karakter\n  gtipKodu: string;             // 12 hane, noktasız\n"
            "  gumrukIdaresiKodu: string;\n  rejimKodu: '1000' | '4000' | '4071' | '5100';\n  aliciVergiNo: string;\n  aliciIbanMasked?: string;\n"
            "  notifyPartyPhoneE164Hash?: string;\n  kalemler: BeyannameKalemi[];\n}\n\nexport type " + ident(3, 'pascal') + " = Pick<GumrukBeyannamesi, 'beyannameNo' | 'gtipKodu'>;\n```")


@neg(C)
def c_sql_ddl():
    t = ch(['consignee', 'notify_party', 'customs_broker_user', 'carrier_api_account'])
    return ("```sql\nCREATE TABLE " + t + " (\n  id               BIGSERIAL PRIMARY KEY,\n  tax_id           VARCHAR(15) NOT NULL,\n"
            "  display_name     TEXT NOT NULL,\n  email_ciphertext BYTEA,\n  phone_e164_hash  CHAR(64),\n  iban_ciphertext  BYTEA,\n"
            "  iban_last_four   CHAR(4),\n  password_hash    TEXT,\n  api_key_last_four CHAR(4),\n  api_key_sha256   CHAR(64),\n"
            "  created_at       TIMESTAMPTZ DEFAULT now()\n);\nCREATE INDEX ix_" + t + "_phone_hash ON " + t + " (phone_e164_hash);\n```")


@neg(C)
def c_kubectl_secrets():
    names = ['nafeza-credentials', 'portnet-api', 'bilge-ws-password', 'efatura-entegrator', 'edi-sftp', 'carrier-api-keys',
             'slack-alerts-webhook', 'badr-client-cert', 'tracking-db-dsn', 'openai-ocr']
    rows = ['NAME                          TYPE                 DATA   AGE']
    for n in R.sample(names, ri(5, 9)):
        rows.append(f"{n:<30}{ch(['Opaque', 'Opaque', 'kubernetes.io/tls']):<21}{ri(1, 4):<7}{ri(2, 400)}d")
    return f"```\n$ kubectl -n {ch(['customs', 'edi', 'tracking'])} get secrets\n" + '\n'.join(rows) + "\n```"


@neg(C)
def c_describe_secret():
    return ("```\n$ kubectl describe secret nafeza-credentials -n customs\nName:         nafeza-credentials\nNamespace:    customs\n"
            "Type:  Opaque\n\nData\n====\nclient_id:      " + str(ri(20, 40)) + " bytes\nclient_secret:  " + str(ri(32, 64)) + " bytes\ntoken_url:      "
            + str(ri(40, 70)) + " bytes\n```\nDeğerler görünmüyor, sadece boyutlar; secret'ın içi doğru mu diye `kubectl get -o jsonpath` çalıştırmayın lütfen.")


@neg(C)
def c_go_panic():
    carrier = ch(['maersk', 'msc', 'cmacgm', 'hapag', 'arkas'])
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference",
             f"[signal SIGSEGV: segmentation violation code=0x1 addr=0x{ri(16, 255):x} pc=0x{hx(7)}]", "", f"goroutine {ri(10, 900)} [running]:"]
    for _ in range(ri(3, 7)):
        fn = ident(2, 'pascal')
        lines.append(f"github.com/kervan/tracking/internal/carriers/{carrier}.(*{ch(['Client', 'Poller', 'TokenSource'])}).{fn}(0xc000{hx(6)})")
        lines.append(f"\t/src/internal/carriers/{carrier}/{ch(['client', 'poll', 'auth'])}.go:{ri(20, 400)} +0x{hx(3)}")
    return "```\n" + '\n'.join(lines) + "\n```"


@neg(C)
def c_edi_mapping():
    rows = [('BGM', '23', 'StatusReport'), ('EQD', 'CN', 'ContainerNumber'), ('RFF', 'BM', 'BillOfLadingNumber'), ('RFF', 'BN', 'BookingNumber'),
            ('LOC', '9', 'PortOfLoading'), ('LOC', '11', 'PortOfDischarge'), ('DTM', '137', 'DocumentDate'), ('TDT', '20', 'MainCarriage'),
            ('SEL', 'CA', 'CarrierSealNumber'), ('MEA', 'AAE', 'GrossWeight'), ('NAD', 'CN', 'ConsigneeParty'), ('NAD', 'NI', 'NotifyParty')]
    pick = R.sample(rows, ri(6, 10))
    return ("IFTSTA → iç model eşlemesi (güncel):\n| segment | qualifier | alan |\n|---|---|---|\n"
            + '\n'.join(f"| `{a}` | `{b}` | `{c}` |" for a, b, c in pick))


@neg(C)
def c_tf_addresses():
    res = ['aws_secretsmanager_secret.nafeza_client_secret', 'aws_secretsmanager_secret_version.portnet_password',
           'aws_iam_access_key.edi_sftp_uploader', 'aws_ssm_parameter.bilge_ws_password', 'aws_kms_key.efatura_signing',
           'module.tracking.aws_db_instance.main', 'aws_iam_user.ocr_pipeline', 'random_password.tracking_db']
    pick = R.sample(res, ri(4, 7))
    return ("```\n$ terraform plan -target=module.customs\n" + '\n'.join(f"  # {r} will be {ch(['updated in-place', 'created', 'read during apply'])}" for r in pick)
            + f"\n\nPlan: {ri(0, 3)} to add, {ri(1, 4)} to change, 0 to destroy.\n```")


@neg(C)
def c_flags():
    flags = ['ff_tr_gtip_12digit_validation', 'ff_eg_acid_precheck_v2', 'ff_ma_portnet_dum_autofill', 'ff_mask_consignee_phone_in_logs',
             'ff_iban_last4_only', 'ff_edi_iftsta_dedupe', 'ff_awb_check_digit_strict', 'ff_tracking_api_token_rotation', 'ff_efatura_ubl_2_1']
    pick = R.sample(flags, ri(3, 6))
    return "Bu sprint açılacak flag'ler:\n" + '\n'.join(f"- `{f}` → {ch(['%10 rollout', 'sadece Mersin', 'only EG tenants', 'off', 'on for staff'])}" for f in pick)


@neg(C)
def c_django_settings():
    return ("```python\nNAFEZA = {\n    \"CLIENT_ID\": env(\"NAFEZA_CLIENT_ID\"),\n    \"CLIENT_SECRET\": env(\"NAFEZA_CLIENT_SECRET\"),\n"
            "    \"TOKEN_URL\": env(\"NAFEZA_TOKEN_URL\"),\n}\nPORTNET_PASSWORD = env(\"PORTNET_PASSWORD\")\nEFATURA_SIGNING_KEY_PATH = env.path(\"EFATURA_SIGNING_KEY_PATH\")\n"
            "SENSITIVE_FIELDS = (\"password\", \"client_secret\", \"iban\", \"phone\", \"email\", \"tax_id\")\n```")


@neg(C)
def c_dotnet():
    lines = [f"Unhandled exception. Kervan.Customs.Bilge.{ident(2, 'pascal')}Exception: Tescil servisi yanıt vermedi",
             f" ---> System.ServiceModel.Security.MessageSecurityException: An unsecured or incorrectly secured fault was received"]
    for _ in range(ri(4, 10)):
        lines.append(f"   at Kervan.Customs.Bilge.{ch(['Services', 'Clients', 'Security'])}.{ident(2, 'pascal')}.{ident(2, 'pascal')}Async(CancellationToken ct) in /src/Bilge/{ident(1, 'pascal')}.cs:line {ri(10, 500)}")
    return "```\n" + '\n'.join(lines) + "\n```"


@neg(C)
def c_kotlin_data():
    return ("```kotlin\n@Serializable\ndata class WarehouseScanEvent(\n    val scanId: String,\n    val containerNo: String,\n    val sealNo: String?,\n"
            "    val gateCode: String,\n    val operatorBadgeHash: String,\n    val scannedAt: Instant,\n)\n\n"
            "fun WarehouseScanEvent." + ident(2, 'camel') + "(): Boolean = containerNo.matches(Regex(\"[A-Z]{4}\\\\d{7}\"))\n```")


@neg(C)
def c_graphql():
    return ("```graphql\ntype Shipment {\n  id: ID!\n  billOfLadingNumber: String!\n  containerNumbers: [String!]!\n  awbNumber: String\n"
            "  consignee: Party!\n  customsStatus: CustomsStatus!\n}\n\ntype Party {\n  taxId: String!\n  name: String!\n  phoneMasked: String\n"
            "  emailMasked: String\n}\n\nenum CustomsStatus { TESCIL MUAYENE KIRMIZI_HAT SARI_HAT YESIL_HAT SERBEST }\n```")


@neg(C)
def c_proto():
    return ("```proto\nsyntax = \"proto3\";\npackage kervan.customs.v1;\n\nmessage DeclarationLine {\n  string gtip_code = 1;\n"
            "  string origin_country = 2;\n  int64 net_weight_grams = 3;\n  string statistical_value_minor = 4;\n  string currency = 5;\n}\n\n"
            "service DeclarationService {\n  rpc " + ident(2, 'pascal') + "(DeclarationLine) returns (google.protobuf.Empty);\n}\n```")


@neg(C)
def c_webpack():
    rows = []
    for name in R.sample(['main', 'vendors', 'tracking-map', 'gtip-lookup', 'baplie-viewer', 'i18n-ar', 'i18n-tr', 'i18n-fr'], ri(4, 7)):
        rows.append(f"  static/js/{name}.{hx(8)}.js    {ri(2, 400)}.{ri(0, 99)} kB")
    return "```\nFile sizes after gzip:\n\n" + '\n'.join(rows) + "\n```"


@neg(C)
def c_pods():
    rows = ['NAME                                    READY   STATUS    RESTARTS   AGE']
    for d in R.sample(['edi-gateway', 'tracking-api', 'nafeza-sync', 'portnet-sync', 'efatura-worker', 'ocr-pipeline', 'label-renderer'], ri(4, 6)):
        n = f"{d}-{rs(ri(9, 10), 'bcdfghjklmnpqrstvwxz2456789')}-{rs(5, 'bcdfghjklmnpqrstvwxz2456789')}"
        rows.append(f"{n:<40}{'1/1':<8}{ch(['Running', 'Running', 'CrashLoopBackOff']):<10}{ri(0, 12):<11}{ri(1, 40)}d")
    return "```\n" + '\n'.join(rows) + "\n```"


@neg(C)
def c_rust_panic():
    return ("```\nthread 'tokio-runtime-worker' panicked at src/edi/baplie.rs:" + str(ri(20, 400)) + ":" + str(ri(5, 60)) + ":\n"
            "called `Option::unwrap()` on a `None` value\nstack backtrace:\n"
            + '\n'.join(f"  {i}: kervan_edi::{ch(['baplie', 'coparn', 'codeco'])}::{ident(2, 'snake')}::h{hx(16)}" for i in range(ri(3, 7)))
            + "\nnote: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n```")


@neg(C)
def c_vault_policy():
    return ("```hcl\npath \"secret/data/customs/bilge/*\" {\n  capabilities = [\"read\"]\n}\npath \"secret/data/customs/nafeza/client_secret\" {\n"
            "  capabilities = [\"read\"]\n}\npath \"transit/encrypt/consignee-iban\" {\n  capabilities = [\"update\"]\n}\n```")


@neg(C)
def c_log_fields():
    return json.dumps({'ts': ts_iso(), 'level': 'info', 'msg': 'payload sanitized before publish', 'service': 'edi-gateway',
                       'redacted_fields': R.sample(['password', 'iban', 'phone', 'email', 'tax_id', 'client_secret', 'authorization'], ri(3, 6)),
                       'message_type': ch(['IFTMIN', 'IFTSTA', 'COPARN'])}, ensure_ascii=False)


@neg(C)
def c_ar_naming():
    return ("سموا المتغير NAFEZA_CLIENT_SECRET مش nafezaPass، وكمان الـ key بتاع الـ ACID اسمه acid_precheck_token في الـ vault. "
            "الدالة اللي بتجيبه اسمها get_nafeza_client_secret() في nafeza_gateway/auth.py")


@neg(C)
def c_darija_config():
    return ("f config, l clé smitha `PORTNET_API_KEY` w l certificat `BADR_CERT_PASSWORD`; l'fonction li kat9rahom hiya "
            "`PortnetCredentialProvider::resolveFromVault()`. ma tbdloch smiyat, CI kaycheck 3lihom.")


@neg(C)
def c_php():
    return ("```\nPHP Fatal error:  Uncaught App\\Services\\Customs\\Portnet\\" + ident(2, 'pascal') + "Exception: DUM introuvable in "
            "/var/www/app/Services/Customs/Portnet/DumClient.php:" + str(ri(20, 300)) + "\nStack trace:\n#0 /var/www/app/Jobs/SyncDumStatus.php(" + str(ri(10, 90))
            + "): App\\Services\\Customs\\Portnet\\DumClient->fetchStatus()\n#1 {main}\n  thrown in /var/www/app/Services/Customs/Portnet/DumClient.php\n```")


@neg(C)
def c_airflow():
    tasks = ['extract_efatura_inbox', 'validate_ubl_signature', 'load_invoice_lines', 'match_declaration_to_invoice',
             'notify_finance_slack', 'archive_pdf_to_s3', 'refresh_nafeza_token']
    pick = R.sample(tasks, ri(3, 6))
    return f"`efatura_sync` DAG'inde fail olan task'lar ({ri(2025, 2026)}-{ri(1, 12):02d}-{ri(1, 28):02d}):\n" + '\n'.join(
        f"- `efatura_sync.{t}` → {ch(['up_for_retry', 'failed', 'upstream_failed'])}" for t in pick)


@neg(C)
def c_openapi():
    return ("```yaml\ncomponents:\n  securitySchemes:\n    nafezaOAuth:\n      type: oauth2\n      flows:\n        clientCredentials:\n"
            "          tokenUrl: /oauth/token\n          scopes: { acid.read: '' }\n    carrierApiKey:\n      type: apiKey\n      in: header\n      name: X-Api-Key\n"
            "security:\n  - nafezaOAuth: [acid.read]\n```")


@neg(C)
def c_gdb_mangled():
    fns = ['_ZN6kervan5label11ZplRenderer6renderERKNS0_9LabelSpecE', '_ZN6kervan5label7Printer4sendERKSt6vectorIhSaIhEE',
           '_ZN6kervan3usb9Transport5writeEPKhm', '_ZNK6kervan5label9LabelSpec8barcodesEv']
    pick = R.sample(fns, ri(2, 4))
    return ("Etiket yazıcı köprüsü çöktü:\n```\n" + '\n'.join(
        f"#{i}  0x0000{hx(12)} in {f} () from /opt/kervan/lib/libzplbridge.so.{ri(1, 3)}" for i, f in enumerate(pick)) + "\n```")


@neg(C)
def c_fr_identifiers():
    return (f"Dans le module `dedouanement`, `{ident(3, 'camel')}()` appelle `{ident(2, 'camel')}Repository.findByDumNumber()` "
            f"puis lève `{ident(2, 'pascal')}NotFoundException` si la DUM n'existe pas dans BADR.")


# ================================================================ negatives: non_credential_blob
B = 'non_credential_blob'


@neg(B)
def n_git_log():
    msgs = ['fix(edi): handle empty SEL segment in IFTSTA', 'feat(gtip): 12 haneli GTIP doğrulaması', 'chore: bump nafeza client',
            'fix(portnet): DUM status polling backoff', 'refactor: carrier adapters', 'fix(efatura): UBL 2.1 namespace',
            'feat(tracking): AWB check digit', 'docs: ordino akışı', 'fix(ar): RTL label alignment', 'test: baplie fixtures']
    rows = [f"{hx(ri(7, 9))} {m}" for m in R.sample(msgs, ri(4, 8))]
    return "```\n$ git log --oneline -n " + str(len(rows)) + "\n" + '\n'.join(rows) + "\n```"


@neg(B)
def n_docker_digest():
    img = ch(['ghcr.io/kervan/edi-gateway', 'ghcr.io/kervan/tracking-api', 'registry.kervan.internal/nafeza-sync'])
    d = hx(64)
    return (f"Prod'daki imaj: `{img}@sha256:{d}` — staging'de `{img}:{ri(1, 3)}.{ri(0, 30)}.{ri(0, 9)}` aynı digest'e mi işaret ediyor bakar mısınız?")


@neg(B)
def n_ubl_signature():
    cert = b64(x509_cert_der(ch(['KERVAN LOJISTIK A.S. Mali Muhur', 'KERVAN GUMRUK MUSAVIRLIGI Mali Muhur']), 'Kervan'))
    sig = b64(rbytes(256))
    dv = b64(rbytes(32))
    return ("e-fatura imza bloğu (public cert + imza, gizli bir şey yok):\n```xml\n<cbc:UUID>" + uuid4() + "</cbc:UUID>\n<ds:SignedInfo>\n"
            "  <ds:Reference URI=\"\">\n    <ds:DigestMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\"/>\n    <ds:DigestValue>" + dv + "</ds:DigestValue>\n"
            "  </ds:Reference>\n</ds:SignedInfo>\n<ds:SignatureValue>" + '\n'.join(wrap(sig, 76)) + "</ds:SignatureValue>\n<ds:KeyInfo><ds:X509Data><ds:X509Certificate>"
            + trunc(cert, ri(200, 400)) + "</ds:X509Certificate></ds:X509Data></ds:KeyInfo>\n```")


@neg(B)
def n_traceparent():
    rows = []
    for _ in range(ri(3, 6)):
        tid, sid = hx(32), hx(16)
        rows.append(json.dumps({'ts': ts_iso(), 'svc': 'tracking-api', 'route': ch(['/v2/track/containers/:no', '/v1/awb/:awb/events', '/v1/bl/:bl']),
                                'status': ch([200, 200, 404, 502]), 'traceparent': f'00-{tid}-{sid}-01', 'dur_ms': ri(3, 4000)}))
    return "```\n" + '\n'.join(rows) + "\n```"


@neg(B)
def n_s3_ls():
    rows = []
    for _ in range(ri(4, 9)):
        rows.append(f"2026-{ri(1, 12):02d}-{ri(1, 28):02d} {ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d} {ri(40000, 9000000):>9} bl/{ri(2025, 2026)}/{bl_no()}_{hx(8)}.pdf")
    etags = '\n'.join(f'"ETag": "\\"{hx(32)}{ch(["", "-" + str(ri(2, 9))])}\\""' for _ in range(ri(1, 3)))
    return "```\n$ aws s3 ls s3://kervan-docs-archive/bl/ --recursive | tail\n" + '\n'.join(rows) + "\n```\n```\n" + etags + "\n```"


@neg(B)
def n_npm_integrity():
    pk = R.sample(['@turf/distance', 'date-fns', 'leaflet', 'i18next', 'zod', 'libphonenumber-js', 'iban', 'jsbarcode'], ri(2, 4))
    out = []
    for p in pk:
        v = f'{ri(1, 9)}.{ri(0, 20)}.{ri(0, 9)}'
        out.append(f'    "node_modules/{p}": {{\n      "version": "{v}",\n      "resolved": "https://registry.npmjs.org/{p}/-/{p.split("/")[-1]}-{v}.tgz",\n'
                   f'      "integrity": "sha512-{b64(rbytes(64))}"\n    }}')
    return "```json\n" + ',\n'.join(out) + "\n```"


@neg(B)
def n_pip_hash():
    pk = R.sample(['requests', 'lxml', 'zeep', 'signxml', 'pydantic', 'paramiko', 'pycountry', 'python-stdnum'], ri(2, 4))
    return "```\n" + '\n'.join(f"{p}=={ri(1, 9)}.{ri(0, 30)}.{ri(0, 9)} \\\n    --hash=sha256:{hx(64)}" for p in pk) + "\n```"


@neg(B)
def n_gosum():
    mods = ['github.com/jlaffaye/ftp', 'github.com/pkg/sftp', 'golang.org/x/crypto', 'github.com/beevik/etree', 'github.com/shopspring/decimal']
    out = []
    for m in R.sample(mods, ri(2, 4)):
        v = f'v{ri(0, 1)}.{ri(1, 40)}.{ri(0, 9)}'
        out.append(f"{m} {v} h1:{b64(rbytes(32))}")
        out.append(f"{m} {v}/go.mod h1:{b64(rbytes(32))}")
    return "```\n" + '\n'.join(out) + "\n```"


@neg(B)
def n_sha256sum():
    rows = [f"{hx(64)}  {ch(['IFTSTA', 'COPARN', 'BAPLIE', 'CODECO'])}_{ch(UNLOC)}_{dg(8)}.edi" for _ in range(ri(3, 7))]
    return ("EDI arşivinin checksum listesi, partner kendi tarafında da doğrulayacak:\n```\n" + '\n'.join(rows) + "\n```")


@neg(B)
def n_sops():
    def enc(n):
        return f"ENC[AES256_GCM,data:{b64(rbytes(n))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]"
    return ("```yaml\nportnet:\n    username: " + enc(12) + "\n    password: " + enc(18) + "\nsops:\n    kms:\n"
            "        - arn: arn:aws:kms:eu-central-1:111122223333:key/" + uuid4() + "\n          created_at: \"" + ts_iso() + "\"\n"
            "    lastmodified: \"" + ts_iso() + "\"\n    mac: " + enc(32) + "\n    version: 3.9.1\n```")


@neg(B)
def n_vault_transit():
    return ("```\n$ vault write transit/encrypt/consignee-iban plaintext=$(base64 <<< \"$IBAN\")\nKey            Value\n---            -----\n"
            f"ciphertext     vault:v{ri(1, 4)}:{b64(rbytes(ri(40, 60)))}\nkey_version    {ri(1, 4)}\n```\nIBAN'ın kendisi değil, sadece ciphertext'i DB'de tutuyoruz.")


@neg(B)
def n_cursor():
    cur = b64(json.dumps({'after': ship_id(), 'ts': epoch(), 'dir': 'next'}, separators=(',', ':')).encode()).rstrip('=')
    return ("Tracking API sayfalama:\n```json\n" + json.dumps({'data': [{'containerNo': container_no(), 'lastEvent': ch(['DISCHARGED', 'GATE_OUT', 'LOADED'])}],
                                                          'pagination': {'next_cursor': cur, 'has_more': True}}, indent=2) + "\n```")


@neg(B)
def n_curl_headers():
    return ("```\n$ curl -sI https://api.tracking.example/v2/track/containers/" + container_no() + "\nHTTP/2 200\ncontent-type: application/json\n"
            f"x-request-id: {uuid4()}\nx-amzn-trace-id: Root=1-{hx(8)}-{hx(24)}\netag: W/\"{hx(ri(16, 32))}\"\nx-ratelimit-remaining: {ri(0, 999)}\n```")


@neg(B)
def n_edi_unb():
    ref = dg(ri(6, 9))
    return ("```\nUNB+UNOC:3+KERVANTR:ZZZ+" + ch(['MAEU', 'MSCU', 'CMDU']) + ":ZZZ+" + f"26{ri(1, 12):02d}{ri(1, 28):02d}:{ri(0, 23):02d}{ri(0, 59):02d}+{ref}'\n"
            "UNH+1+COPARN:D:00B:UN:SMDG20'\n...\nUNZ+1+" + ref + "'\n```\npayload sha1 `" + hx(40) + "`, AS2 MIC `" + b64(rbytes(32)) + ", sha-256`")


@neg(B)
def n_sentry():
    return (f"Sentry: `{ch(['NafezaTokenRefreshError', 'PortnetSessionExpired', 'KeyError: gtip'])}` — event `{hx(32)}`, issue `{ch(['TRACKING', 'EDI', 'CUSTOMS'])}-{ri(10, 999)}`, release `tracking-api@{hx(12)}`")


@neg(B)
def n_ulid_scans():
    rows = ['scan_id,container_no,gate,event']
    base = ri(1735689600000, 1798761599000)
    for i in range(ri(5, 10)):
        rows.append(f"{ulid(base + i * ri(1000, 90000))},{container_no()},{ch(['G1', 'G2', 'G4', 'RAMP'])},{ch(['GATE_IN', 'GATE_OUT', 'STUFFED'])}")
    return "```csv\n" + '\n'.join(rows) + "\n```"


@neg(B)
def n_objectids():
    rows = [json.dumps({'_id': {'$oid': hx(24)}, 'bl': bl_no(), 'status': ch(['ARRIVED', 'RELEASED', 'HOLD'])}) for _ in range(ri(3, 6))]
    return "```\n" + '\n'.join(rows) + "\n```"


@neg(B)
def n_ssh_fp():
    return (f"Carrier SFTP'nin host key'i değişmiş, yeni parmak izi: `SHA256:{b64(rbytes(32)).rstrip('=')}` (ED25519). "
            f"Eski: `SHA256:{b64(rbytes(32)).rstrip('=')}`. Partnerden teyit aldım, known_hosts'u güncelliyorum.")


@neg(B)
def n_gpg_fp():
    fp = hx(40).upper()
    return f"EDI partnerinin public GPG key fingerprint'i: `{' '.join(wrap(fp, 4))}` — keyserver'daki ile aynı."


@neg(B)
def n_kafka():
    rows = [f"partition={ri(0, 11)} offset={ri(10000, 9999999)} key={hx(16)} value_sha256={hx(64)[:16]}…" for _ in range(ri(3, 6))]
    return "```\n" + '\n'.join(rows) + "\n```"


@neg(B)
def n_tf_lineage():
    return ("```json\n{\n  \"version\": 4,\n  \"terraform_version\": \"1." + str(ri(5, 9)) + "." + str(ri(0, 9)) + "\",\n  \"serial\": " + str(ri(10, 900))
            + ",\n  \"lineage\": \"" + uuid4() + "\",\n  \"outputs\": {}\n}\n```")


@neg(B)
def n_helm_checksum():
    return ("```yaml\nspec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: " + hx(64) + "\n        checksum/secret: " + hx(64) + "\n```")


@neg(B)
def n_idempotency():
    return (f"Bankaya giden havale isteği tekrarlanmasın diye `Idempotency-Key: {uuid4()}` gönderiyoruz; bankanın döndüğü referans `{hx(20).upper()}`.")


@neg(B)
def n_gcs_hash():
    return ("```\n$ gsutil stat gs://kervan-scans/dum/" + ch(['2025', '2026']) + "/" + dum_ma() + ".pdf\n    Content-Type:           application/pdf\n"
            f"    Hash (crc32c):          {b64(rbytes(4))}\n    Hash (md5):             {b64(rbytes(16))}\n    ETag:                   C{b64(rbytes(6))[:7]}EAE=\n```")


@neg(B)
def n_as2_base64_edi():
    edi = ("UNA:+.? 'UNB+UNOC:3+KERVANTR:ZZZ+" + ch(['ARKU', 'MSCU']) + ":ZZZ+" + f"26{ri(1, 12):02d}{ri(1, 28):02d}:{ri(10, 23)}{ri(10, 59)}+{dg(6)}'"
           + "UNH+1+IFTMIN:D:99B:UN'BGM+610+" + dg(8) + "+9'TDT+20+" + dg(3) + "E+1++" + ch(['MSC', 'ARKAS']) + "'")
    return "AS2 mesajının gövdesi (base64, içinde sadece EDI var):\n```\n" + '\n'.join(wrap(b64(edi.encode()), 76)) + "\n```"


@neg(B)
def n_ar_hash():
    return f"الـ hash بتاع ملف المانيفست اتغير بعد ما اتبعت: قبل `{hx(64)}` وبعد `{hx(64)}`. يعني الملف اتعدل في السكة."


@neg(B)
def n_darija_checksum():
    return f"l'checksum dyal fichier DUM ma mtaba9ch: md5 3ndna `{hx(32)}` w 3nd PortNet `{hx(32)}`. ghadi n3awd nsiftoh."


@neg(B)
def n_tr_revert():
    return (f"`{hx(7)}` ile revert ettim, rollback sonrası imaj digest'i `sha256:{hx(64)}`. Değişiklik `{hx(7)}`..`{hx(7)}` arasında.")


@neg(B)
def n_celery():
    rows = [f"[{ts_iso()}] Task portnet.sync_dum_status[{uuid4()}] {ch(['succeeded in', 'retry in'])} {round(R.random() * 30, 3)}s" for _ in range(ri(3, 6))]
    return "```\n" + '\n'.join(rows) + "\n```"


@neg(B)
def n_uuid7_events():
    base = ri(1735689600000, 1798761599000)
    rows = [f"| `{uuid7(base + i * ri(100, 9000))}` | {ch(['ACID_SUBMITTED', 'ACID_APPROVED', 'RELEASE_ORDER'])} | {ch(['Alexandria', 'Damietta', 'Sokhna'])} |" for i in range(ri(3, 6))]
    return "| event_id | type | port |\n|---|---|---|\n" + '\n'.join(rows)


@neg(B)
def n_minified():
    return ("```js\n!function(e){var t={};function n(r){if(t[r])return t[r].exports}n.p=\"/static/\",n.h=\"" + hx(20) + "\"}([]);"
            + "var c=[\"#" + hx(6) + "\",\"#" + hx(6) + "\",\"#" + hx(6) + "\"];\n```")


# ================================================================ negatives: pii_lookalike_number
L = 'pii_lookalike_number'


def dmy():
    return f"{ri(1, 28):02d}.{ri(1, 12):02d}.{ch(['2025', '2026'])}"


def hhmm():
    return f"{ri(0, 23):02d}:{ri(0, 59):02d}"


def refnum(n):
    return ch('12346789') + dg(n - 1)


def grp_3322(first_digits='123456789'.replace('5', '')):
    return f"{R.choice(first_digits)}{dg(2)} {dg(3)} {dg(2)} {dg(2)}"


@neg(L)
def pl_decl_table():
    rows = []
    for _ in range(ri(4, 10)):
        g, _d = ch(GTIP)
        rows.append(f"| {decl_tr()} | {g} | {tr_money(ri(20000, 9000000) + ri(0, 99) / 100)} | {dmy()} {hhmm()} | {ch(['Kırmızı', 'Sarı', 'Yeşil', 'Mavi'])} |")
    return ("Bugünkü tescil listesi:\n| Beyanname No | GTIP | Kıymet (TRY) | Tescil | Hat |\n|---|---|---:|---|---|\n" + '\n'.join(rows))


@neg(L)
def pl_csv_moves():
    hdr = 'shipment_id,container_no,bl_no,pol,pod,gate_in_utc,gross_kg,seal_no,declaration_no'
    rows = []
    for _ in range(ri(15, 30)):
        rows.append(','.join([ship_id(), container_no(), bl_no(), ch(UNLOC), ch(UNLOC),
                              f"{ch(['2025', '2026'])}-{ri(1, 12):02d}-{ri(1, 28):02d}T{hhmm()}:{ri(0, 59):02d}Z",
                              str(ri(2200, 30480)), seal_no(), ch([decl_tr(), acid_eg(), dum_ma(), ''])]))
    return f"{ch(['Export from TMS, last 24h:', 'Son 24 saatin hareketleri (TMS export):', 'Extraction TMS des dernières 24h :'])}\n```csv\n{hdr}\n" + '\n'.join(rows) + "\n```"


@neg(L)
def pl_awb_list():
    rows = []
    for _ in range(ri(3, 8)):
        p, s = awb()
        fmt = ch([f"{p}-{s}", f"{p}-{s[:4]} {s[4:]}", f"{p} {s[:4]} {s[4:]}"])
        rows.append(f"- {fmt} — {ri(1, 60)} koli / {ri(12, 4800)} kg — {ch(['IST', 'SAW', 'CAI', 'CMN', 'ESB', 'ADB'])} → {ch(['CAI', 'CMN', 'IST', 'DXB', 'FRA', 'RAK'])}")
    return f"Bu akşamki uçuşa bağlanan AWB'ler ({dmy()}):\n" + '\n'.join(rows)


@neg(L)
def pl_acid_ar():
    rows = []
    for _ in range(ri(2, 5)):
        rows.append(f"• ACID: {acid_eg()} — فاتورة {ch(['INV', 'FAC', 'PI'])}-{ri(2025, 2026)}-{dg(5)} — {en_money(ri(10000, 2000000) + ri(0, 99) / 100)} USD")
    return (f"يا جماعة دي أرقام الـ ACID للشحنات اللي جاية على {ch(['الإسكندرية', 'دمياط', 'السخنة', 'بورسعيد'])}:\n" + '\n'.join(rows)
            + f"\nرقم التسجيل الضريبي للمستورد {dg(3)}-{dg(3)}-{dg(3)} ومحدش يسجل حاجة قبل موافقة نافذة.")


@neg(L)
def pl_ma_footer():
    ice = break_luhn('00' + dg(13))
    return ("Pied de page de la facture, à reprendre tel quel :\n```\nKERVAN MAROC TRANSIT SARL — Capital 1 000 000,00 DH\n"
            f"ICE : {ice} — RC : Casablanca {ri(100000, 699999)} — IF : {dg(8)}\nPatente : {dg(8)} — CNSS : {dg(7)}\n"
            f"Agrément transitaire n° {ri(100, 999)}/{ri(2015, 2024)}\n```")


@neg(L)
def pl_tr_footer():
    mersis = break_luhn('0' + dg(15))
    return ("Fatura alt bilgisi:\n```\nKERVAN LOJİSTİK VE GÜMRÜK MÜŞAVİRLİĞİ A.Ş.\n"
            f"Vergi Dairesi: {ch(['Mersin İstiklal', 'Boğaziçi Kurumlar', 'Kordon', 'Alemdağ'])}  VKN: {vkn()}\n"
            f"Mersis No: {mersis}  Ticaret Sicil No: {ri(10000, 999999)}\nGümrük Müşavirliği İzin No: {ri(100, 2999)}\n```")


@neg(L)
def pl_eg_company():
    return (f"بيانات الشركة على الفاتورة: سجل تجاري رقم {ri(10000, 299999)} استثمار القاهرة — بطاقة ضريبية {dg(3)}-{dg(3)}-{dg(3)} — "
            f"ملف ضريبي {ri(1, 9)}/{ri(100, 999)}/{ri(1, 99)}/{ri(1, 9)} — رقم التسجيل في الجمارك {dg(6)}")


@neg(L)
def pl_vessel_log():
    rows = []
    for _ in range(ri(3, 7)):
        v = ch(VESSELS)
        rows.append(f"| {v} | {imo_no()} | {mmsi()} | {dg(3)}{ch(['E', 'W', 'N', 'S'])} | {dmy()} {hhmm()} | {ri(1, 40)} | {ri(8, 15)}.{ri(0, 9)} m | {ri(80, 3200)} |")
    return (f"{ch(PORTS)} berth planı:\n| Gemi | IMO | MMSI | Sefer | ETB | Rıhtım | Draft | TEU (tahliye) |\n|---|---|---|---|---|---|---|---:|\n" + '\n'.join(rows))


@neg(L)
def pl_swift():
    amt = ri(5000, 900000) + ri(0, 99) / 100
    return (f"Havale bankaya ulaştı:\n- Tutar: {en_money(amt)} {ch(['USD', 'EUR'])}\n- Valör: {dmy()}\n- MT103 ref: {ch(['FT', 'TT', 'OT'])}{dg(5)}{rs(5, UPNUM)}\n"
            f"- UETR: {uuid4()}\n- Gönderen banka BIC: {ch(['NBEGEGCX', 'BCMAMAMC', 'TGBATRIS', 'AKBKTRIS', 'CIBEEGCX', 'BMCEMAMC'])}\n"
            f"- Dekont no: {refnum(10)}\n- Fatura: {ch(['KRV', 'KRM'])}{ch(['2025', '2026'])}{dg(9)}")


@neg(L)
def pl_api_log():
    rows = []
    for _ in range(ri(5, 12)):
        rows.append(f"{ts_iso()} INFO tracking-api GET /v2/shipments/{ship_id()} 200 {ri(4, 900)}ms cache={ch(['hit', 'miss'])} "
                    f"ts_ms={ri(1735689600000, 1798761599000)} req={ri(100000000, 999999999)}")
    return "```\n" + '\n'.join(rows) + "\n```"


@neg(L)
def pl_amounts():
    try_v = ri(100000, 90000000) + ri(0, 99) / 100
    egp_v = ri(100000, 90000000) + ri(0, 99) / 100
    mad_v = ri(100000, 90000000) + ri(0, 99) / 100
    nb = ch([' ', '\u202f', '\u00a0'])
    return (f"Aylık ciro özeti ({ch(['Ekim', 'Kasım', 'Aralık'])} {ch(['2025', '2026'])}):\n| Ülke | Tutar | Dosya |\n|---|---:|---:|\n"
            f"| TR | ₺{tr_money(try_v)} | {ri(100, 3000)} |\n| EG | EGP {en_money(egp_v)} | {ri(100, 3000)} |\n"
            f"| MA | {fr_money(mad_v, nb)} MAD | {ri(100, 3000)} |\n| Toplam (USD) | {en_money((try_v / 34 + egp_v / 49 + mad_v / 10))} | {ri(1000, 9000)} |")


@neg(L)
def pl_weighbridge():
    tare = ri(6500, 15500)
    gross = tare + ri(2000, 28000)
    return ("```\nKANTAR FİŞİ\n"
            f"Fiş No      : {ri(2025, 2026)}{dg(6)}\nTarih/Saat  : {dmy()} {hhmm()}\nKonteyner   : {container_no()}\n"
            f"Mühür       : {seal_no()}\nDara        : {tare:>6} kg\nBrüt        : {gross:>6} kg\nNet         : {gross - tare:>6} kg\n"
            f"VGM Ref     : {dgnz(4)} {dg(4)} {dg(2)}\n```")


@neg(L)
def pl_sscc():
    rows = []
    for _ in range(ri(3, 8)):
        s = sscc()
        gb = ch(['8690', '8691', '6221', '6111']) + dg(8)
        gtin = gb + gs1_check(gb)
        rows.append(f"(00){s} (02){gtin} (37){ri(10, 240)} (15){ch(['26', '27'])}{ri(1, 12):02d}{ri(1, 28):02d}")
    return "Palet etiketleri (GS1-128), depo girişinde okunanlar:\n```\n" + '\n'.join(rows) + "\n```"


@neg(L)
def pl_postal():
    rows = [upu_s10(ch(['RR', 'CP', 'EE', 'RB']), ch(['MA', 'TR', 'EG'])) for _ in range(ri(3, 6))]
    return (f"{ch(['Numuneler postayla gitti, takip numaraları:', 'Les échantillons sont partis par la poste :', 'العينات اتبعتت بالبريد، أرقام التتبع:'])}\n"
            + '\n'.join(f"- {r}" for r in rows))


@neg(L)
def pl_form():
    return ("```\nANTREPO GİRİŞ FORMU\n-------------------\nAntrepo Kodu      : " + ch(['C', 'A', 'D']) + dg(8) + "\nBeyanname No      : " + decl_tr()
            + "\nÖzet Beyan No     : " + ch(['25', '26']) + dg(6) + "OB" + dg(6) + "\nKonşimento        : " + bl_no() + "\nKap Adedi         : " + str(ri(1, 900))
            + "\nBrüt Ağırlık (kg) : " + tr_money(ri(200, 30000) + ri(0, 999) / 1000) + "\nYetkili Telefon   : ____________\nİmza / Kaşe       : ____________\n```")


@neg(L)
def pl_edi_segments():
    return ("```\nUNH+" + dg(6) + "+CODECO:D:95B:UN:ITG14'\nBGM+34+" + dg(10) + "+9'\nEQD+CN+" + container_no() + "+" + ch(['45G1', '22G1', '42R1', '22T1'])
            + ":102:5++2+5'\nRFF+BN:" + dg(9) + "'\nDTM+7:" + f"2026{ri(1, 12):02d}{ri(1, 28):02d}{ri(0, 23):02d}{ri(0, 59):02d}" + ":203'\nLOC+165+" + ch(UNLOC)
            + ":139:6'\nMEA+AAE+VGM+KGM:" + str(ri(3000, 32000)) + "'\nSEL+" + seal_no() + "+CA'\nCNT+16:" + str(ri(1, 40)) + "'\nUNT+" + str(ri(8, 12)) + "+" + dg(6) + "'\n```")


@neg(L)
def pl_demurrage():
    free = ri(4, 14)
    days = free + ri(1, 20)
    rate = ch([45, 60, 75, 90, 120])
    d0 = datetime.date(ch([2025, 2026]), ri(1, 12), ri(1, 28))
    d1 = d0 + datetime.timedelta(days=days - 1)
    return (f"Demuraj hesabı — {container_no()} ({ch(['20DV', '40HC', '40RF'])}):\n- Tahliye: {d0:%d.%m.%Y}\n- Serbest süre: {free} gün\n"
            f"- Teslim: {d1:%d.%m.%Y} → toplam {days} gün, ücretli {days - free} gün\n- Günlük: {rate} USD → {(days - free) * rate} USD\n- Fatura no: {ch(['DEM', 'DET'])}-{ch(['2025', '2026'])}-{dg(6)}")


@neg(L)
def pl_duty_calc():
    cif = ri(10000, 500000) + ri(0, 99) / 100
    rate = ch([0, 2, 4, 6.5, 8, 12, 17])
    g, d = ch(GTIP)
    duty = cif * rate / 100
    kdv = (cif + duty) * 0.20
    return (f"GTIP {g} ({d}) için vergi hesabı:\n```\nCIF kıymet      : {tr_money(cif)} USD\nKur (TCMB)      : {ri(32, 42)},{dg(4)}\n"
            f"Gümrük vergisi  : %{rate} = {tr_money(duty)} USD\nKDV (%20)       : {tr_money(kdv)} USD\nToplam          : {tr_money(duty + kdv)} USD\n```")


@neg(L)
def pl_versions():
    return (f"Depo el terminalleri güncel değil: Android {ri(10, 14)} build {ch(['TP1A', 'UP1A', 'AP2A'])}.{ri(220101, 251231)}.{dg(3)}, "
            f"app versionCode {ch(['2025', '2026'])}{ri(1, 12):02d}{ri(1, 28):02d}{dg(2)}, versionName {ri(3, 5)}.{ri(0, 40)}.{ri(0, 9)}; "
            f"masaüstü Windows 10.0.{ch([19045, 22631, 26100])}.{ri(1000, 5000)}, etiket yazıcı firmware V{ri(70, 90)}.{ri(10, 21)}.{ri(1, 30)}Z")


@neg(L)
def pl_grouped_ids():
    tr = grp_3322('12346789')
    eg = f"1{dg(3)} {dg(4)} {dg(3)}"
    ma = f"{ri(10, 49)} {dg(2)} {dg(2)} {dg(2)}"
    return ch([
        f"Müşteri No: {tr} — cari hesap kodu 120.{dg(2)}.{dg(3)} — dosya {ri(2025, 2026)}/{dg(5)}",
        f"رقم الملف في السيستم {eg} وده مش رقم تليفون، ده رقم الحجز عند الخط الملاحي.",
        f"N° dossier transit : {ma} — N° de manifeste {dg(4)}/{ri(2025, 2026)} — escale {dg(6)}",
        f"Dosya numaraları: {grp_3322('12346789')}, {grp_3322('12346789')}, {grp_3322('12346789')} (ERP formatı, telefon değil)"])


@neg(L)
def pl_slack_ts():
    t = epoch()
    return (f"Thread linki bozuk, ts={t}.{dg(6)} thread_ts={t - ri(100, 90000)}.{dg(6)} olmalı; "
            f"kanal {ch(CHANNELS)} (C0{rs(8, UPNUM)})")


@neg(L)
def pl_ma_dum_table():
    rows = []
    for _ in range(ri(3, 8)):
        rows.append(f"| {dum_ma()} | {ch(['0805101000', '0303530000', '2510100000', '8544300090', '1604131000'])} | {fr_money(ri(10000, 5000000) + ri(0, 99) / 100)} | {dmy()} | {ch(['BAE', 'Visite', 'Circuit vert'])} |")
    return ("Suivi DUM Tanger Med :\n| DUM | Nomenclature | Valeur (MAD) | Date | Statut |\n|---|---|---:|---|---|\n" + '\n'.join(rows))


@neg(L)
def pl_eg_tariff():
    rows = []
    for _ in range(ri(3, 6)):
        rows.append(f"{ch(['08051000', '52081200', '72142000', '84181020', '61091000'])} | {ch([0, 2, 5, 10, 30, 40])}% | EGP {en_money(ri(50000, 9000000) + ri(0, 99) / 100)} | شهادة {ch(['2025', '2026'])}/{dg(7)}")
    return "البند الجمركي | الفئة | القيمة | رقم الشهادة\n---|---|---|---\n" + '\n'.join(rows)


@neg(L)
def pl_counts():
    return (f"Q{ri(1, 4)} raporu: {ri(10, 99)} {dg(3)} TEU elleçlendi, {ri(100, 999)} {dg(3)} beyanname satırı, "
            f"{ri(10, 90)} {dg(3)} {dg(3)} EDI mesajı işlendi ({ri(1, 99)},{ri(1, 9)}% hata). Arşivde {ri(1, 9)} {dg(3)} {dg(3)} {dg(3)} byte PDF var.")


@neg(L)
def pl_handover():
    return (f"Vardiya devri {dmy()} {hhmm()}:\n- Gemi ETA {ri(1, 28):02d}/{ri(1, 12):02d} {hhmm()} (UTC+3)\n- Tahliye başlangıç {ch(['2025', '2026'])}-{ri(1, 12):02d}-{ri(1, 28):02d}T{hhmm()}+03:00\n"
            f"- Son EDI: {epoch()}\n- Bekleyen ordino: {ri(0, 40)}\n- Sahada kalan: {ri(0, 200)} konteyner / {ri(0, 9000)} ton")


@neg(L)
def pl_container_list():
    rows = [f"{container_no()}  {ch(['22G1', '45G1', '42G1', '45R1', '22T1'])}  VGM {ri(3000, 32000):>6} kg  {seal_no()}" for _ in range(ri(5, 14))]
    return "```\n" + '\n'.join(rows) + "\n```"


@neg(L)
def pl_customs_offices():
    offs = [('330100', 'Mersin Gümrük Müdürlüğü'), ('341300', 'Ambarlı Gümrük Müdürlüğü'), ('350100', 'İzmir Gümrük Müdürlüğü'),
            ('160100', 'Bursa Gümrük Müdürlüğü'), ('410300', 'Gebze Gümrük Müdürlüğü'), ('331500', 'Mersin Serbest Bölge')]
    pick = R.sample(offs, ri(3, 6))
    return "İdare kodları (BİLGE):\n" + '\n'.join(f"- {c} — {n} — günlük ort. {ri(20, 900)} beyanname" for c, n in pick)


@neg(L)
def pl_bank_csv():
    rows = ['tarih,aciklama,referans,tutar,bakiye']
    bal = ri(100000, 9000000)
    for _ in range(ri(6, 14)):
        amt = ri(-500000, 500000) + ri(0, 99) / 100
        bal += amt
        rows.append(f"{dmy()},{ch(['FAST gelen', 'EFT giden', 'Gümrük vergisi ödemesi', 'Liman ücreti', 'Navlun tahsilat'])},{refnum(ri(10, 12))},{amt:.2f},{bal:.2f}")
    return "Banka ekstresi (Kasım, kısaltılmış):\n```csv\n" + '\n'.join(rows) + "\n```"


@neg(L)
def pl_arabizi_eg():
    return (f"ya gama3a el ACID beta3 el shohna di {acid_eg()} w el shahada el gomrokeya {ch(['2025', '2026'])}/{dg(7)}, "
            f"el 7agz {dg(4)} {dg(4)} {dg(3)} — mesh raqam telefon, da raqam booking 3and {ch(['MSC', 'Maersk', 'CMA'])}")


@neg(L)
def pl_darija_lat():
    return (f"l'DUM n° {dum_ma()} t9ayedat, montant {fr_money(ri(10000, 900000) + ri(0, 99) / 100)} DH, "
            f"l'conteneur {container_no()} khrej men Tanger Med b {hhmm()}. l'facture {ch(['FAC', 'FA'])}-{ri(2025, 2026)}-{dg(5)}")


@neg(L)
def pl_awb_contig():
    p, s = awb()
    return f"AWB {p}{s} sisteme tire olmadan girilmiş, {p}-{s} olarak düzeltin. Parça: {ri(1, 30)}, ağırlık {ri(5, 900)},{ri(0, 9)} kg."


@neg(L)
def pl_11digit():
    a = dgnz(11)
    while tckn_ok(a):
        a = dgnz(11)
    return ch([
        f"Depo elektrik abone no {a} (11 hane, TC kimlik no değil), tesisat no {dg(7)}, son fatura {tr_money(ri(5000, 90000) + ri(0, 99) / 100)} TRY.",
        f"ERP'de stok kartı kodları 11 haneli oldu: {a}, {dgnz(11)}; eski 8 haneli kodlar {dg(8)} gibi arşivde.",
        f"Özet beyan eşleşmesi: tracking id {a} ↔ beyanname {decl_tr()} ↔ konteyner {container_no()}"])


@neg(L)
def pl_pos_batch():
    ref = break_luhn(dgnz(16))
    return (f"POS gün sonu: terminal {dg(8)}, batch {dg(4)}, işlem adedi {ri(1, 90)}, toplam {tr_money(ri(1000, 400000) + ri(0, 99) / 100)} TRY, "
            f"batch referansı {' '.join(wrap(ref, 4))}, onay kodu {dg(6)}")


@neg(L)
def pl_json_tracking():
    evs = [{'code': ch(['GATE_IN', 'LOADED', 'DEPARTED', 'ARRIVED', 'DISCHARGED', 'CUSTOMS_RELEASED']), 'location': ch(UNLOC),
            'eventTime': ts_iso(tz='+03:00'), 'vesselImo': imo_no(), 'voyage': dg(3) + ch(['E', 'W'])} for _ in range(ri(2, 5))]
    return "```json\n" + json.dumps({'containerNo': container_no(), 'blNo': bl_no(), 'bookingNo': dg(9), 'events': evs}, indent=2) + "\n```"


@neg(L)
def pl_eg_bank_ref():
    return (f"تم تحويل الرسوم الجمركية: المبلغ {en_money(ri(10000, 5000000) + ri(0, 99) / 100)} جنيه، رقم المرجع {dg(12)}، "
            f"رقم أمر الدفع {ch(['2025', '2026'])}{dg(8)}، تاريخ {dmy()}")


@neg(L)
def pl_fr_invoice_lines():
    rows = []
    for _ in range(ri(3, 7)):
        rows.append(f"{ch(['Frais de dossier', 'Magasinage', 'Manutention', 'Transport Casa → Tanger', 'Honoraires transitaire', 'Scanner ANP'])};"
                    f"{ri(1, 40)};{fr_money(ri(100, 9000) + ri(0, 99) / 100, '')};{ch(['20', '14', '10', '0'])}")
    return ("Lignes de la facture " + ch(['FA', 'FAC']) + f"-{ri(2025, 2026)}-{dg(5)} :\n```\ndésignation;qté;PU HT (MAD);TVA %\n" + '\n'.join(rows) + "\n```")


# ================================================================ negatives: talk_about_secrets
T = 'talk_about_secrets'
TALK = {
    'tr': [
        "Nafeza token'ını bu gece rotate ediyoruz, eski token sabah 09:00'da geçersiz olacak.",
        "Lütfen kanala şifre yapıştırmayın; 1Password'dan paylaşım linki gönderin, 24 saatte düşüyor.",
        "Müşterinin telefon numarasını ve IBAN'ını Slack'e yazmayalım, KVKK denetiminde sorun oluyor.",
        "BİLGE şifresi 90 günde bir değişiyor, hatırlatma takvime eklendi.",
        "Dün biri e-fatura entegratör şifresini yanlış kanala yazmış, şifre değiştirildi ve mesaj silindi.",
        "TCKN'leri beyanname ekranı görüntülerinde maskeleyin, sadece son iki hane kalsın.",
        "SFTP için parola yerine SSH anahtarına geçtik, parolalı giriş kapatıldı.",
        "Kredi kartı bilgisi hiçbir şekilde ticket'a yazılmayacak; ödeme linki üzerinden alıyoruz.",
        "GitHub secret scanning bir token yakaladı, token iptal edildi, kimse kullanmasın.",
        "AWS access key'leri OIDC'ye geçince tamamen kaldırılacak, elinde key olan varsa bana yazsın.",
        "Müşteri e-posta adreslerini CSV olarak paylaşmayın, CRM'den rapor linki verin.",
        "Mali mühür sertifikasının PIN'ini kimse bilmiyor mu? Sertifika sağlayıcıdan reset isteyelim.",
        "Log'larda Authorization header'ı maskeleniyor mu diye kontrol ettim, evet maskeleniyor.",
    ],
    'ar': [
        "يا جماعة محدش يبعت الباسورد بتاع نافذة على الجروب، ابعتوه من الـ vault.",
        "التوكن بتاع الـ API اتسرب في اللوج امبارح، غيرناه خلاص.",
        "أرقام تليفونات العملاء متتكتبش في الشات، دي بيانات شخصية وقانون حماية البيانات واضح.",
        "لو حد محتاج رقم الحساب البنكي للعميل يطلبه من الحسابات مش من هنا.",
        "الـ API key القديم اتلغى، الجديد في الـ secret manager.",
        "مين عنده صلاحية يشوف الـ client secret بتاع نافذة؟ لازم نقلل العدد.",
        "الرقم القومي للسواق ميتكتبش في الـ ticket، كفاية رقم الرخصة المهنية متغطي.",
    ],
    'arabizi': [
        "ya gama3a matb3atoosh el password 3al group, ha2oolkom tani.",
        "el token beta3 el tracking API et8ayar, el adim mabaa4 4a8al.",
        "ana 4elt raqam el telefon men el ticket, mesh lazem yeb2a hena.",
        "l'mot de passe dyal PortNet tbeddel, tlbo men l'admin machi hna.",
        "3afak ma t7et la carte bancaire dyal l'client f Slack, had chi mamnou3.",
        "l'token dyal BADR kaytsala kol 24 sa3a, ma t7ttohch f l'code.",
        "wach chi wa7ed 3ndo l'accès l vault? bghit nchof ghir smiya dyal secret, machi l'valeur.",
    ],
    'darija': [
        "عافاكم ما تحطوش كلمة السر ديال PortNet فالشات، كاينة ف vault.",
        "التوكن ديال BADR تبدل البارح، القديم ما بقاش خدام.",
        "أرقام التيليفون ديال الكليان ما خاصهومش يبانو فالـ logs.",
        "شي واحد صيفط الـ RIB ديال الكليان فالقناة، مسحناه وبلغنا الـ DPO.",
    ],
    'fr': [
        "Merci de ne jamais coller de mot de passe dans le canal, utilisez le coffre.",
        "La clé API du transporteur a fuité dans un ticket Jira, elle a été révoquée ce matin.",
        "Les numéros de téléphone des clients ne doivent pas apparaître dans les exports, conformément à la loi 09-08 et à la CNDP.",
        "Le RIB du client est dans Sage, pas besoin de le repartager ici.",
        "On passe à une rotation automatique des secrets tous les 30 jours.",
        "La clé privée du certificat BADR ne quitte jamais le HSM.",
        "Qui a accès au mot de passe du compte PortNet ? Il faut réduire la liste.",
    ],
    'en': [
        "Reminder: no tokens, passwords or private keys in Slack, even in DMs.",
        "The leaked carrier API key was revoked within 20 minutes; audit log shows no calls from unknown hosts.",
        "We should mask IBANs and phone numbers in the EDI error dumps before they go to Sentry.",
        "Secret scanning flagged a Slack bot token in a public gist; it's rotated and the gist is gone.",
        "Does anyone know where the SFTP private key for the Arkas feed lives? I only need the path, not the key.",
        "Card numbers must never hit our logs; the PSP tokenizes them before we see anything.",
        "Please don't paste consignee emails into tickets, link the CRM record instead.",
        "JWTs from the Nafeza sandbox expire after an hour, so don't bother saving them.",
    ],
}


def talk_sents(k):
    pool = []
    for lang in TALK:
        pool += TALK[lang]
    return R.sample(pool, k)


@neg(T)
def t_one():
    return ch(ch(list(TALK.values())))


@neg(T)
def t_two_same_lang():
    lang = ch(list(TALK))
    return ' '.join(R.sample(TALK[lang], 2))


@neg(T)
def t_incident():
    what = ch(['Nafeza API token', 'PortNet password', 'Slack bot token', 'carrier SFTP private key', 'AWS access key', 'e-fatura entegratör şifresi'])
    where = ch(['a public GitHub repo', 'a Jira comment', '#ops-mersin', 'a Postman collection', 'a screenshot in a ticket'])
    return (f"**Incident summary — {ch(['INC', 'SEC'])}-{ri(100, 999)}**\n- What: {what} exposed in {where}\n- Detected by: {ch(['secret scanning', 'a colleague', 'our DLP bot', 'the vendor'])}\n"
            f"- Time to revoke: {ri(5, 180)} min\n- Customer data exposed: {ch(['none', 'none found', 'under review'])}\n- Follow-up: rotate on schedule, add pre-commit hook, remind team in {ch(CHANNELS)}")


@neg(T)
def t_runbook():
    return ("Sızıntı runbook'u (kısa):\n1. Secret'ı hemen iptal et / rotate et\n2. Mesajı sil, Slack admin'e export'tan temizlemesini söyle\n"
            "3. Erişim loglarını kontrol et (son 7 gün)\n4. Müşteri verisi varsa KVKK sorumlusuna bildir (72 saat)\n5. Post-mortem yaz, değer yazmadan")


@neg(T)
def t_faq():
    return ("FAQ — données personnelles\n**Q:** Puis-je mettre le téléphone du chauffeur dans le ticket ?\n**R:** Non, mettez l'identifiant du transporteur.\n"
            "**Q:** Et le RIB du client pour un remboursement ?\n**R:** Non, la compta l'a déjà dans Sage.\n**Q:** Un mot de passe temporaire ?\n**R:** Jamais, même temporaire.")


@neg(T)
def t_qa_ar():
    return ("س: ممكن أبعت الـ API key للمورد على واتساب؟\nج: لأ، بنبعته من خلال رابط مشاركة من الـ vault بيتمسح بعد ساعة.\n"
            "س: طيب الباسورد المؤقت؟\nج: برضه لأ، اطلب reset من الـ admin.")


@neg(T)
def t_scanner_regex():
    return ("Secret scanner'a Türkiye cep telefonu kuralı ekledik ama ordino ve beyanname numaralarında çok false positive veriyor. "
            "Önerim: sadece +90 veya 0 ile başlayan ve 5xx ile devam eden 11 haneli numaraları yakalamak, context kelimesi olarak da 'tel', 'gsm', 'cep' aramak.")


@neg(T)
def t_vault_error():
    return ("```\nError: secret \"customs/nafeza-credentials\" not found\n  in ExternalSecret customs/nafeza-credentials: could not get secret data from provider\n"
            "```\nVault'taki path değişmiş galiba, değeri bilen yok mu diye sormuyorum, sadece path lazım.")


@neg(T)
def t_security_sync():
    sents = talk_sents(ri(3, 6))
    return "Security sync notları:\n" + '\n'.join(f"- {s}" for s in sents)


@neg(T)
def t_mixed_thread():
    return (f"{ch(TALK['tr'])}\n> {ch(TALK['en'])}\n{ch(TALK['arabizi'])}\n{ch(TALK['fr'])}")


@neg(T)
def t_policy():
    return ("Veri sınıflandırması:\n| Veri | Sınıf | Slack'te? |\n|---|---|---|\n| Konteyner / BL / AWB no | Dahili | Evet |\n"
            "| Beyanname no | Dahili | Evet |\n| Müşteri telefonu / e-posta | Kişisel | Hayır |\n| IBAN / kart | Finansal | Hayır |\n"
            "| API key / şifre / token | Gizli | Asla |")


@neg(T)
def t_darija_long():
    return ' '.join(R.sample(TALK['darija'] + TALK['arabizi'][3:], ri(2, 3)))


# ================================================================ positives: value generators
B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
PWCH = ALNUM + '!$%*-_.+'
URLPW = ALNUM + '-_.~'


def base62(v, width):
    s = ''
    while v:
        s = B62[v % 62] + s
        v //= 62
    return s.rjust(width, '0')


def v_aws_id(temp=False):
    return ('ASIA' if temp else 'AKIA') + rs(16, B32)


def v_aws_secret():
    return rs(40, ALNUM + '+/')


def v_ghp():
    body = rs(30)
    return 'ghp_' + body + base62(zlib.crc32(body.encode()), 6)


def v_gh_fine():
    return 'github_pat_11' + rs(20, UPNUM) + '_' + rs(59)


def v_slack_bot():
    return f'xoxb-{dgnz(ri(10, 13))}-{dgnz(13)}-{rs(24)}'


def v_slack_user():
    return f'xoxp-{dgnz(ri(10, 12))}-{dgnz(ri(10, 13))}-{dgnz(13)}-{hx(32)}'


def v_openai():
    k = ch(['proj', 'proj', 'legacy', 'svcacct'])
    if k == 'legacy':
        return 'sk-' + rs(20) + 'T3BlbkFJ' + rs(20)
    return f'sk-{k}-' + rs(ri(56, 74), ALNUM + '-_') + 'T3BlbkFJ' + rs(ri(56, 74), ALNUM + '-_')


def v_anthropic():
    return 'sk-ant-api03-' + rs(93, ALNUM + '-_') + 'AA'


def v_jwt(kind=None):
    kind = kind or ch(['hs', 'rs'])
    now = epoch()
    if kind == 'hs':
        hdr = {'alg': 'HS256', 'typ': 'JWT'}
        sig = rs(43, B64U)
    else:
        hdr = {'alg': 'RS256', 'typ': 'JWT', 'kid': hx(16)}
        sig = rs(342, B64U)
    pl = ch([
        {'sub': 'svc-tracking', 'iss': 'https://auth.kervan-freight.example', 'aud': 'tracking-api', 'iat': now, 'exp': now + 3600, 'scope': 'track:read'},
        {'sub': str(ri(10000, 99999)), 'name': ch(['Elif Yıldırım', 'Karim Soliman', 'Salma Bennani', 'Mert Aksoy']), 'role': 'broker', 'iat': now, 'exp': now + 28800},
        {'client_id': 'kervan-eg-' + dg(4), 'aud': 'nafeza-gw', 'iat': now, 'exp': now + 1800, 'jti': uuid4()},
        {'sub': 'edi-gateway', 'tenant': ch(['TR', 'EG', 'MA']), 'iat': now, 'exp': now + 900, 'perm': ['dum:read', 'dum:write']}])
    return b64u(json.dumps(hdr, separators=(',', ':')).encode()) + '.' + b64u(json.dumps(pl, separators=(',', ':'), ensure_ascii=False).encode()) + '.' + sig


PW_WORDS = ['Liman', 'Mersin', 'Dakhla', 'Nil', 'Atlas', 'Kervan', 'Sokhna', 'Ambarli', 'Konteyner', 'Gumruk', 'Tanger', 'Rif', 'Ordino', 'Delta']


def v_password(urlsafe=False):
    if R.random() < 0.5:
        s = ch(PW_WORDS) + ch('!$*%.-' if not urlsafe else '-_.~') + dg(ri(2, 4)) + rs(ri(2, 4))
    else:
        s = rs(ri(14, 24), URLPW if urlsafe else PWCH)
    if not urlsafe and not any(c in s for c in '!$%*-_.+'):
        s += ch('!$%*')
    return s


def v_card(brand):
    if brand == 'visa':
        d = luhn_complete('4' + dg(14))
    elif brand == 'mc':
        d = luhn_complete(ch(['51', '52', '53', '54', '55']) + dg(13))
    elif brand == 'mc2':
        d = luhn_complete(str(ri(2221, 2720)) + dg(11))
    elif brand == 'amex':
        d = luhn_complete(ch(['34', '37']) + dg(12))
    else:  # troy
        d = luhn_complete('9792' + dg(11))
    return d


def fmt_card(d, style):
    if style == 'plain':
        return d
    if len(d) == 15:
        g = [d[:4], d[4:10], d[10:]]
    else:
        g = wrap(d, 4)
    return (' ' if style == 'space' else '-').join(g)


def es_dc(digits, w=(1, 2, 4, 8, 5, 10, 9, 7, 3, 6)):
    c = 11 - sum(int(a) * b for a, b in zip(digits, w)) % 11
    return 0 if c == 11 else 1 if c == 10 else c


def v_iban(cc):
    if cc == 'TR':
        bban = ch(['00010', '00012', '00015', '00046', '00062', '00064', '00067', '00111']) + '0' + dg(16)
    elif cc == 'EG':
        bban = dg(4) + dg(4) + dg(17)
    elif cc == 'FR':
        bank, br, acc = dg(5), dg(5), dg(11)
        key = 97 - (89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97
        bban = f'{bank}{br}{acc}{key:02d}'
    elif cc == 'DE':
        bban = dg(8) + dg(10)
    elif cc == 'NL':
        while True:
            acc = dg(10)
            if sum(int(c) * (10 - i) for i, c in enumerate(acc)) % 11 == 0 and acc[0] != '0':
                break
        bban = ch(['ABNA', 'INGB', 'RABO']) + acc
    elif cc == 'BE':
        d10 = dg(10)
        c = int(d10) % 97 or 97
        bban = f'{d10}{c:02d}'
    elif cc == 'ES':
        bank, br, acc = dg(4), dg(4), dg(10)
        bban = f'{bank}{br}{es_dc("00" + bank + br)}{es_dc(acc)}{acc}'
    elif cc == 'MA':
        rib22 = ch(['007', '011', '013', '022', '145', '230']) + ch(['780', '810', '640', '450']) + dg(16)
        key = 97 - (int(rib22) * 100) % 97
        bban = f'{rib22}{key:02d}'
    else:  # GB
        bban = ch(['BARC', 'HSBC', 'LOYD', 'NWBK']) + dg(6) + dg(8)
    v = make_iban(cc, bban)
    assert iban_ok(v) and len(v) == IBAN_LEN[cc], v
    return v


def v_ssn():
    while True:
        a, g, s = ri(1, 899), ri(1, 99), ri(1, 9999)
        if ssn_ok(a, g, s):
            return f'{a:03d}-{g:02d}-{s:04d}'


IP_FIRST = [31, 37, 41, 46, 62, 78, 81, 85, 88, 94, 102, 105, 154, 156, 160, 176, 185, 195, 196, 197, 212, 213]


def v_ipv4():
    while True:
        o = (ch(IP_FIRST), ri(0, 255), ri(0, 255), ri(1, 254))
        if ipv4_public(o):
            return '.'.join(map(str, o))


def _p(n):
    return dg(n)


PHONE_GEN = {
    'tr_mob_intl': lambda: f"+90 5{ch('345')}{ri(0, 9)} {dgnz(3)} {_p(2)} {_p(2)}",
    'tr_mob_nat': lambda: f"05{ch('345')}{ri(0, 9)} {dgnz(3)} {_p(2)} {_p(2)}",
    'tr_land_paren': lambda: f"0 ({ch(['212', '216', '324', '232', '262'])}) {dgnz(3)} {_p(2)} {_p(2)}",
    'tr_land_intl': lambda: f"+90 ({ch(['324', '212', '232'])}) {dgnz(3)} {_p(2)} {_p(2)}",
    'tr_mob_contig': lambda: f"05{ch('345')}{ri(0, 9)}{dgnz(7)}",
    'eg_mob_intl': lambda: f"+20 1{ch('0125')}{ri(0, 9)} {dgnz(3)} {_p(4)}",
    'eg_mob_nat': lambda: f"01{ch('0125')}{ri(0, 9)} {dgnz(3)} {_p(4)}",
    'eg_alex_intl': lambda: f"+20 3 {dgnz(3)} {_p(4)}",
    'eg_mob_dash': lambda: f"01{ch('0125')}-{dgnz(4)}-{_p(4)}",
    'eg_cairo_intl': lambda: f"+20 2 {ch('23')}{_p(3)} {_p(4)}",
    'ma_mob_intl': lambda: f"+212 6 {ri(10, 99)} {_p(2)} {_p(2)} {_p(2)}",
    'ma_mob_nat': lambda: f"06 {ri(10, 99)} {_p(2)} {_p(2)} {_p(2)}",
    'ma_land_intl': lambda: f"+212 5{ch(['22', '39', '28', '24'])}-{_p(2)} {_p(2)} {_p(2)}",
    'ma_land_nat': lambda: f"05 {ch(['22', '39', '28'])} {_p(2)} {_p(2)} {_p(2)}",
    'ma_mob7_intl': lambda: f"+212 (0)7 {ri(10, 99)} {_p(2)} {_p(2)} {_p(2)}",
    'fr_mob': lambda: f"+33 6 {_p(2)} {_p(2)} {_p(2)} {_p(2)}",
    'us': lambda: f"+1 ({ch(['832', '713', '917', '305', '201'])}) {ch('23456789')}{_p(2)}-{_p(4)}",
    'ae': lambda: f"+971 4 {dgnz(3)} {_p(4)}",
}

PEOPLE = {
    'tr': [('Elif', 'Yıldırım'), ('Mert', 'Aksoy'), ('Zeynep', 'Karaca'), ('Burak', 'Şahin'), ('Cansu', 'Erdem'), ('Emre', 'Koç'), ('Deniz', 'Aydın'), ('Gökhan', 'Tekin')],
    'eg': [('Ahmed', 'Fathy'), ('Mona', 'Abdelrahman'), ('Karim', 'Soliman'), ('Nourhan', 'Adel'), ('Mahmoud', 'Hegazy'), ('Yasmine', 'Farouk')],
    'ma': [('Youssef', 'El Amrani'), ('Salma', 'Bennani'), ('Hamza', 'Ouazzani'), ('Imane', 'Tazi'), ('Mehdi', 'Alaoui'), ('Khadija', 'Berrada')],
}
DOMAINS = {'tr': ['kervan-lojistik.com.tr', 'marmaratekstil-ihracat.com.tr', 'egeotoparca.com.tr', 'bosphorus-brokers.com.tr'],
           'eg': ['kervan-egypt.com.eg', 'deltacotton-trading.com', 'nileagro-export.com', 'sokhna-clearing.com.eg'],
           'ma': ['kervan-maroc.ma', 'souss-agrumes.ma', 'atlas-phosphates-trading.com', 'casatransit-logistique.ma']}
ASCII = str.maketrans({'ı': 'i', 'ş': 's', 'Ş': 'S', 'ğ': 'g', 'ü': 'u', 'ö': 'o', 'ç': 'c', 'İ': 'I', ' ': ''})


def person(region=None):
    region = region or ch(['tr', 'eg', 'ma'])
    f, l = ch(PEOPLE[region])
    return region, f, l


def v_email(region, f, l):
    local = ch([f'{f}.{l}', f'{f[0]}.{l}', f'{f}{l[0]}', f'{f}.{l}{ri(1, 9)}']).translate(ASCII).lower().replace("'", '')
    return f'{local}@{ch(DOMAINS[region])}'


# ================================================================ positives: single-kind templates
def fence(s, lang=''):
    return f'```{lang}\n{s}\n```'


SINGLE = {
    'aws_access_key_id': [
        lambda v: f"S3 arşiv bucket'ı için IAM user açtım, access key id `{v}`; secret'ı 1Password'a koydum.",
        lambda v: fence(f"[edi-uploader]\naws_access_key_id = {v}\nregion = eu-central-1\noutput = json", 'ini'),
        lambda v: fence(json.dumps({'eventName': 'PutObject', 'userIdentity': {'type': 'AssumedRole', 'accessKeyId': v},
                                    'requestParameters': {'bucketName': 'kervan-dum-archive'}, 'sourceIPAddress': 'AWS Internal'}, indent=2), 'json'),
        lambda v: f"La clé {v} apparaît encore dans les logs du job d'archivage des DUM, quelqu'un peut la désactiver ?",
    ],
    'github_classic_pat': [
        lambda v: fence(f"git remote set-url origin https://{v}@github.com/kervan/edi-gateway.git\ngit push origin hotfix/iftsta-sel", 'bash'),
        lambda v: fence(f"GITHUB_TOKEN={v}\nGITHUB_OWNER=kervan\nRELEASE_REPO=tracking-portal", 'bash'),
        lambda v: fence(f"@kervan:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={v}", 'ini'),
        lambda v: fence(f'curl -s -H "Authorization: token {v}" \\\n  https://api.github.com/repos/kervan/tracking/actions/runs?per_page=5', 'bash'),
        lambda v: f"release için şimdilik benim token'ı kullanın: {v} — 7 gün sonra expire oluyor, sonra CI'a yenisini koyarım.",
        lambda v: f"ده التوكن بتاع GitHub للـ CI بتاع نافذة: {v} متشيروش برا الشركة.",
        lambda v: fence(f"echo {v} | docker login ghcr.io -u kervan-ci --password-stdin", 'bash'),
    ],
    'github_fine_grained_pat': [
        lambda v: fence(f"GH_PAT={v}\n# sadece kervan/edi-gateway, contents:read", 'bash'),
        lambda v: f"Fine-grained token créé pour le dépôt portnet-sync : {v} (expire dans 30 jours).",
        lambda v: fence(f"- name: checkout private mappings\n  uses: actions/checkout@v4\n  with:\n    repository: kervan/edi-mappings\n    token: {v}", 'yaml'),
        lambda v: fence(f'gh auth login --with-token <<< "{v}"\ngh pr list -R kervan/tracking-portal', 'bash'),
        lambda v: f"wach had token khdam? {v} — bghit n9ra l repo dyal BADR mappings.",
    ],
    'slack_bot_token': [
        lambda v: fence(f"SLACK_BOT_TOKEN={v}\nSLACK_ALERT_CHANNEL=#ops-mersin", 'bash'),
        lambda v: fence(f'from slack_sdk import WebClient\n\nclient = WebClient(token="{v}")\nclient.chat_postMessage(channel="#alex-clearance", text="ACID onaylandı")', 'python'),
        lambda v: fence(f"receivers:\n  - name: customs-alerts\n    slack_configs:\n      - api_url: https://slack.com/api/chat.postMessage\n        http_config:\n          authorization:\n            credentials: {v}\n        channel: '#gumruk-istanbul'", 'yaml'),
        lambda v: fence(f'curl -X POST https://slack.com/api/chat.postMessage \\\n  -H "Authorization: Bearer {v}" \\\n  -d channel=C0{rs(8, UPNUM)} -d text="DUM validée"', 'bash'),
        lambda v: f"l'bot dyal Tanger Med ma bqach kaysift les alertes, hada howa token li f config: {v}",
        lambda v: fence(json.dumps({'notifier': 'slack', 'token': v, 'channel': '#sokhna-ops', 'mention': '@here'}, indent=2), 'json'),
        lambda v: fence(f'notifier := slack.New("{v}")\n_ = notifier.Post("#edi-integrations", msg)', 'go'),
    ],
    'slack_user_token': [
        lambda v: fence(f"SLACK_USER_TOKEN={v}  # export script için, admin scope", 'bash'),
        lambda v: fence(f'curl -s "https://slack.com/api/conversations.history?channel=C0{rs(8, UPNUM)}&limit=200" \\\n  -H "Authorization: Bearer {v}" > history.json', 'bash'),
        lambda v: f"Pour l'export des canaux douane j'ai utilisé mon token utilisateur {v}, je le révoque après.",
        lambda v: fence(f'import os\nos.environ["SLACK_TOKEN"] = "{v}"\narchive_channel("#finance-tahsilat")', 'python'),
        lambda v: f"el user token beta3y {v} 3ashan script el archive, ma7adesh yesta5demo gher fel migration.",
    ],
    'openai_api_key': [
        lambda v: fence(f"OPENAI_API_KEY={v}\nOCR_MODEL=gpt-4o-mini\nOCR_BUCKET=s3://kervan-ocr-staging", 'bash'),
        lambda v: fence(f'from openai import OpenAI\n\nclient = OpenAI(api_key="{v}")\nresp = client.chat.completions.create(model="gpt-4o-mini", messages=msgs)', 'python'),
        lambda v: fence(f'const openai = new OpenAI({{ apiKey: "{v}" }});\nconst gtip = await suggestGtip(openai, description);', 'ts'),
        lambda v: f"Fatura OCR denemesi için staging key: {v} — limit 50$/ay, prod'a koymayın.",
        lambda v: fence(f'curl https://api.openai.com/v1/models -H "Authorization: Bearer {v}"', 'bash'),
        lambda v: fence(f"llm:\n  provider: openai\n  api_key: {v}\n  model: gpt-4o-mini\n  temperature: 0", 'yaml'),
        lambda v: f"الـ key بتاع OpenAI اللي بنستخدمه في قراءة الفواتير: {v} متحطهوش في الريبو.",
    ],
    'anthropic_api_key': [
        lambda v: fence(f"ANTHROPIC_API_KEY={v}\nCLASSIFIER_MODEL=claude-sonnet", 'bash'),
        lambda v: fence(f'import anthropic\n\nclient = anthropic.Anthropic(api_key="{v}")\n# GTIP öneri servisi', 'python'),
        lambda v: fence(f'const client = new Anthropic({{ apiKey: "{v}" }});', 'ts'),
        lambda v: fence(f'curl https://api.anthropic.com/v1/messages \\\n  -H "x-api-key: {v}" \\\n  -H "anthropic-version: 2023-06-01" -d @req.json', 'bash'),
        lambda v: fence(f"classifier:\n  anthropic_api_key: \"{v}\"\n  max_tokens: 1024", 'yaml'),
        lambda v: f"Clé Anthropic pour le classement des nomenclatures (recette uniquement) : {v}",
        lambda v: f"3afak zid had l key f l'env dyal staging: {v} — l'classifier dyal DUM ma khdamch bla biha.",
    ],
    'jwt': [
        lambda v: fence(f'curl -s https://api.kervan-freight.example/v2/track/containers/{container_no()} \\\n  -H "Authorization: Bearer {v}"', 'bash'),
        lambda v: fence(f"{ts_iso()} DEBUG auth-proxy forwarding upstream=tracking-api authorization=\"Bearer {v}\"", ''),
        lambda v: fence(json.dumps({'name': 'Nafeza staging', 'values': [{'key': 'accessToken', 'value': v, 'enabled': True}]}, indent=2), 'json'),
        lambda v: fence(f"GET /api/declarations/{decl_tr()}/status HTTP/1.1\nHost: customs.kervan.internal\nAuthorization: Bearer {v}\nAccept: application/json", 'http'),
        lambda v: f"Cookie'den aldığım session: `kv_session={v}` — bununla portal'da ordino ekranı açılıyor mu bakar mısın?",
        lambda v: f"التوكن اللي نافذة رجعته: {v} بيخلص بعد نص ساعة.",
        lambda v: fence(f"> localStorage.getItem('access_token')\n'{v}'", 'js'),
        lambda v: fence(f"wss://events.kervan-freight.example/stream?token={v}", ''),
    ],
    'password': [
        lambda v: fence(f"DB_HOST=erp-db.kervan.internal\nDB_USER=logo_ro\nDB_PASSWORD={v}\nDB_NAME=LOGO_2026", 'bash'),
        lambda v: fence(f'"ConnectionStrings": {{\n  "Erp": "Server=erp-db.kervan.internal;Database=LOGO;User Id=tahsilat_app;Password={v};TrustServerCertificate=True"\n}}', 'json'),
        lambda v: fence(f"spring.datasource.url=jdbc:postgresql://tracking-db:5432/tracking\nspring.datasource.username=tracking_rw\nspring.datasource.password={v}", 'properties'),
        lambda v: fence(f"efatura:\n  entegrator:\n    username: kervan_api\n    password: \"{v}\"", 'yaml'),
        lambda v: fence(f"[bilge]\nkullanici = KRV{dg(5)}\nsifre = {v}\nidare = 330100", 'ini'),
        lambda v: f"GİB portalına giriş yapamayan olursa şifre güncellendi: {v} (yarın tekrar değişecek)",
        lambda v: f"Le mot de passe PortNet du compte transit-casa est maintenant {v}, merci de ne pas le repartager.",
        lambda v: f"الباسورد الجديد بتاع حساب نافذة: {v} حد يجرب يدخل بيه.",
        lambda v: f"lmot de passe dyal wifi f l'entrepôt dyal Casa: {v}",
        lambda v: fence(f"mysql -h 10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)} -u antrepo_ro -p'{v}' antrepo -e 'select count(*) from stok'", 'bash'),
    ],
    'url_credentials': [
        lambda v: fence(f"DATABASE_URL=postgres://tracking_rw:{v}@tracking-db.kervan.internal:5432/tracking", 'bash'),
        lambda v: fence(f'MONGO_URI="mongodb+srv://edi_app:{v}@edi-cluster.kervan.mongodb.net/edi?retryWrites=true"', 'bash'),
        lambda v: f"Arkas EDI dosyaları burada: sftp://kervan_edi:{v}@sftp.edi-partner.example/inbound/iftsta",
        lambda v: fence(f"lftp ftp://manifest_up:{v}@ftp.port-partner.example -e 'mirror -R ./out /in; bye'", 'bash'),
        lambda v: fence(f"AMQP_URL=amqps://edi_worker:{v}@mq.kervan.internal:5671/edi", 'bash'),
        lambda v: fence(f"cache:\n  url: redis://:{v}@redis.kervan.internal:6379/2", 'yaml'),
        lambda v: f"Sage'e bağlanmak için: mysql://sage_sync:{v}@sage-db.casa.kervan.internal:3306/sage — l'accès est en lecture seule.",
        lambda v: fence(f'curl -s "https://api_user:{v}@edi-partner.example/api/v1/iftsta?since=2026-11-01"', 'bash'),
        lambda v: fence(f'engine = create_engine("mssql+pyodbc://logo_ro:{v}@erp-db/LOGO?driver=ODBC+Driver+18+for+SQL+Server")', 'python'),
    ],
    'email_address': [
        lambda v: f"Konşimento draftını müşteriye gönderdim, onay {v} adresinden gelecek.",
        lambda v: fence(f"consignee,contact_email,country\n{ch(CLIENTS)},{v},{ch(['TR', 'EG', 'MA'])}", 'csv'),
        lambda v: fence(json.dumps({'ts': ts_iso(), 'event': 'arrival_notice_sent', 'bl': bl_no(), 'to': v, 'status': 'delivered'}), 'json'),
        lambda v: fence(f"commit {hx(40)}\nAuthor: dev <{v}>\nDate:   {dmy()}\n\n    fix(edi): IFTSTA SEL segment", ''),
        lambda v: f"---------- Forwarded message ---------\nFrom: {v}\nSubject: Re: Ordino talebi {bl_no()}\n\nEkte ödeme dekontu var.",
        lambda v: f"العميل طلب نبعتله شهادة الإفراج على {v} النهارده.",
        lambda v: f"Merci d'envoyer la DUM validée à {v} avant 16h.",
        lambda v: fence(f"notifications:\n  arrival_notice:\n    recipients:\n      - {v}", 'yaml'),
    ],
    'phone_number': [
        lambda v: f"Şoför limana girdiğinde beni şu numaradan arasın: {v}",
        lambda v: f"كلمني على {v} لما الكونتينر يطلع من البوابة.",
        lambda v: f"3iyet liya f {v} ila tsala l'contrôle f Tanger Med.",
        lambda v: f"Le destinataire est joignable au {v} pour fixer le rendez-vous de livraison.",
        lambda v: f"Consignee asked us to call {v} before delivery, not the office line.",
        lambda v: fence(f"TESLİM ALAN BİLGİLERİ\nAd Soyad : {' '.join(ch(PEOPLE['tr']))}\nTelefon  : {v}\nAdres    : Mersin Serbest Bölge", ''),
        lambda v: fence(f"bl_no,notify_party,notify_phone\n{bl_no()},{ch(CLIENTS)},{v}", 'csv'),
        lambda v: fence(json.dumps({'ts': ts_iso(), 'event': 'sms_sent', 'to': v, 'template': 'arrival_notice'}, ensure_ascii=False), 'json'),
        lambda v: fence(f"sms:\n  on_customs_release:\n    to: \"{v}\"", 'yaml'),
        lambda v: f"ya gama3a raqam el sawa2 {v} law 7ad me7tag yekalemo.",
        lambda v: f"Depo sorumlusunun cebi: {v} (mesai dışı sadece acil durumlarda)",
        lambda v: f"Numéro du chauffeur pour le transport Casa → Agadir : {v}",
        lambda v: f"Broker in Houston / Dubai for the transshipment: reach him on {v}",
    ],
    'credit_card': [
        lambda v: f"Liman ödemesi için kurumsal kart: {v}, SKT {ri(1, 12):02d}/{ri(27, 30)}",
        lambda v: fence(f"{ts_iso()} ERROR payment-gw charge failed card={v} amount={ri(100, 9000)}.00 currency=TRY code=51", ''),
        lambda v: f"رقم الكارت اللي هندفع بيه الأرضيات: {v}",
        lambda v: f"Carte société pour payer l'ANP : {v}, exp {ri(1, 12):02d}/{ri(27, 30)}",
        lambda v: fence(f"odeme_tarihi,kart_no,tutar\n{dmy()},{v},{tr_money(ri(1000, 90000))}", 'csv'),
        lambda v: f"Müşteri kartla ödemek istiyor, numarayı böyle yazdı: {v} — bunu ödeme linkine yönlendirelim.",
        lambda v: fence(json.dumps({'type': 'card', 'pan': v, 'holder': ' '.join(ch(PEOPLE['eg'])), 'exp': f'{ri(1, 12):02d}/{ri(27, 30)}'}, ensure_ascii=False), 'json'),
        lambda v: f"l'carte dyal société li kankhlso biha l'ONDA: {v}",
        lambda v: f"Card on file for the Houston agent fees: {v}",
    ],
    'iban': [
        lambda v: f"Navlun ödemesi için hesap: {v} (Kervan Lojistik A.Ş.)",
        lambda v: fence(f"cari_kod,unvan,iban\n120.{dg(2)}.{dg(3)},{ch(CLIENTS)},{v}", 'csv'),
        lambda v: f"رقم الحساب اللي هنحول عليه الرسوم: {v}",
        lambda v: f"IBAN المورد في إسكندرية: {v} ياريت حد يتأكد منه قبل التحويل.",
        lambda v: fence(json.dumps({'beneficiary': ch(CLIENTS), 'iban': v, 'currency': 'EGP', 'amount': ri(10000, 900000)}, ensure_ascii=False), 'json'),
        lambda v: f"Coordonnées bancaires du fournisseur : {v}, merci de vérifier avant le virement.",
        lambda v: f"Virement à faire sur {v} pour les frais de magasinage.",
        lambda v: f"Hamburg acentesinin hesabı: {v}",
        lambda v: f"Rotterdam agent bank details: {v} (EUR only)",
        lambda v: f"Antwerp warehouse deposit goes to {v}",
    ],
    'us_ssn': [
        lambda v: f"CBP Form 5106 for the US importer of record (sole proprietor) lists SSN {v}, so we need it masked in the shared folder.",
        lambda v: fence(f"W-9\nName: {' '.join(ch(PEOPLE['eg']))}\nSSN: {v}\nAddress: Houston, TX", ''),
        lambda v: f"ABD'deki alıcının vergi numarası yerine SSN'i gelmiş: {v} — bunu beyannameye yazmıyoruz değil mi?",
        lambda v: fence(json.dumps({'importer_type': 'individual', 'ssn': v, 'state': 'NJ'}), 'json'),
        lambda v: f"الـ SSN بتاع المستورد الأمريكي {v} اتبعت في الإيميل بالغلط.",
        lambda v: fence(f"importer_no,name,type\n{v},{' '.join(ch(PEOPLE['ma']))},SSN", 'csv'),
        lambda v: f"Le numéro SSN de l'importateur américain est {v}, à saisir dans ACE seulement.",
    ],
    'ipv4_address': [
        lambda v: f"Carrier SFTP bize sadece şu IP'den izin veriyor: {v} — firewall'da whitelist'e ekleyelim.",
        lambda v: fence(f'{v} - - [{ri(1, 28):02d}/Nov/2026:{hhmm()}:{ri(10, 59)} +0300] "GET /v2/track/containers/{container_no()} HTTP/1.1" 200 {ri(200, 4000)} "-" "Mozilla/5.0"', ''),
        lambda v: fence(f"ssh -i ~/.ssh/edi_ed25519 edi@{v} -p 22", 'bash'),
        lambda v: f"l'IP publique dyal l'entrepôt f Casa hiya {v}, zidoha f l'allowlist dyal PortNet.",
        lambda v: f"العميل بيقول إن الـ IP بتاعه {v} ومش قادر يفتح البوابة.",
        lambda v: fence(f"iptables -A INPUT -s {v}/32 -p tcp --dport 22 -j ACCEPT", 'bash'),
        lambda v: fence(json.dumps({'ts': ts_iso(), 'msg': 'login failed', 'client_ip': v, 'user': 'portal'}), 'json'),
    ],
}


# ================================================================ positives: private keys, pairs
def pem_block(kind):
    if kind == 'ec':
        return 'EC PRIVATE KEY', pem_lines(ec_p256_der())
    if kind == 'rsa':
        return 'RSA PRIVATE KEY', pem_lines(rsa_pkcs1_der())
    if kind == 'ed25519':
        return 'PRIVATE KEY', pem_lines(ed25519_pkcs8_der())
    return 'OPENSSH PRIVATE KEY', wrap(b64(openssh_ed25519(ch(['edi@kervan-sftp', 'deploy@tracking', 'ops@casa-gw']))), 70)


def pem_job(n):
    spec = [('ec', 0), ('rsa', 0), ('ed25519', 1), ('openssh', 0), ('rsa', 2), ('ec', 3), ('openssh', 1)][n]
    kind, layout = spec
    label, lines = pem_block(kind)
    if layout == 0:
        value = '\n'.join(lines)
        block = f'-----BEGIN {label}-----\n{value}\n-----END {label}-----'
        intro = {('ec', 0): 'BADR test sertifikasının anahtarı (sadece recette):',
                 ('rsa', 0): 'e-fatura imzalama servisi için eski anahtar, sunucudan kopyaladım:',
                 ('openssh', 0): "hadi l key dyal SFTP dyal Arkas, 7ttitha f serveur jdid:"}[(kind, layout)]
        text = f'{intro}\n```\n{block}\n```'
    elif layout == 1:
        ind = '    ' if kind == 'ed25519' else '      '
        value = ('\n' + ind).join(lines)
        if kind == 'ed25519':
            text = (f"```yaml\ntls:\n  cert: /etc/edi/tls.crt\n  key: |\n{ind}-----BEGIN {label}-----\n{ind}{value}\n{ind}-----END {label}-----\n```")
        else:
            text = (f"```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: edi-sftp-key\nstringData:\n  id_ed25519: |\n"
                    f"{ind}-----BEGIN {label}-----\n{ind}{value}\n{ind}-----END {label}-----\n```")
    elif layout == 2:
        value = '\\n'.join(lines)
        real = f'-----BEGIN {label}-----\n' + '\n'.join(lines) + f'\n-----END {label}-----\n'
        text = "Partner config'i (JSON) böyle gelmiş:\n```json\n" + json.dumps({'partner': 'ARKAS', 'protocol': 'sftp', 'host': 'sftp.edi-partner.example',
                                                                              'user': 'kervan_edi', 'private_key': real}, indent=2) + "\n```"
    else:
        value = '\n'.join(lines)
        text = f'```bash\nEDI_SIGNING_KEY="-----BEGIN {label}-----\n{value}\n-----END {label}-----"\nEDI_SIGNING_ALG=ES256\n```'
    return text, [('private_key_pem', value)], f'private_key_pem:{kind}:layout{layout}'


def aws_pair(n):
    kid, sec = v_aws_id(), v_aws_secret()
    t = [
        lambda: fence(f"[default]\naws_access_key_id = {kid}\naws_secret_access_key = {sec}\nregion = eu-central-1", 'ini'),
        lambda: fence(f"export AWS_ACCESS_KEY_ID={kid}\nexport AWS_SECRET_ACCESS_KEY={sec}\naws s3 sync ./scans s3://kervan-bl-scans/2026/", 'bash'),
        lambda: fence(f'provider "aws" {{\n  region     = "me-south-1"\n  access_key = "{kid}"\n  secret_key = "{sec}"  # TODO: remove before merge\n}}', 'hcl'),
        lambda: fence(f"s3 = boto3.client(\n    's3',\n    aws_access_key_id='{kid}',\n    aws_secret_access_key='{sec}',\n)\ns3.upload_file(path, 'kervan-dum-archive', key)", 'python'),
        lambda: f"Yeni IAM kullanıcısı (edi-sftp-uploader): key id {kid} / secret {sec} — bunu da vault'a taşıyacağım, şimdilik buradan alın.",
        lambda: fence(json.dumps({'AccessKey': {'UserName': 'ocr-pipeline', 'AccessKeyId': kid, 'Status': 'Active', 'SecretAccessKey': sec,
                                                'CreateDate': ts_iso()}}, indent=4), 'json'),
    ][n]
    return t(), [('aws_access_key_id', kid), ('aws_secret_access_key', sec)]


def sig_tr():
    r, f, l = person('tr')
    e, p = v_email(r, f, l), PHONE_GEN['tr_mob_intl']()
    return (f"Merhaba, ordino bugün hazır olur.\n\n--\n{f} {l}\nGümrük Operasyon Sorumlusu | Kervan Lojistik\nGSM: {p}\nE-posta: {e}"), [('email_address', e), ('phone_number', p)]


def sig_eg():
    r, f, l = person('eg')
    e, p = v_email(r, f, l), PHONE_GEN['eg_mob_intl']()
    return (f"تمام، الشحنة اتفرج عليها من ميناء الإسكندرية.\n\n{f} {l}\nClearance Supervisor — Kervan Egypt\nMobile: {p}\n{e}"), [('email_address', e), ('phone_number', p)]


def sig_ma():
    r, f, l = person('ma')
    e, p = v_email(r, f, l), PHONE_GEN['ma_land_intl']()
    return (f"Bonjour, la mainlevée est prévue demain matin.\nCordialement,\n{f} {l}\nDéclarant en douane — Kervan Maroc Transit\nTél. : {p}\nMail : {e}"), [('email_address', e), ('phone_number', p)]


def csv_contact():
    rows = ['consignee,contact,email,phone']
    secrets = []
    r, f, l = person('eg')
    e, p = v_email(r, f, l), PHONE_GEN['eg_mob_nat']()
    rows.append(f"{ch(CLIENTS)},{f} {l},{e},{p}")
    return "Yeni alıcı kaydı (EG):\n" + fence('\n'.join(rows), 'csv'), [('email_address', e), ('phone_number', p)]


def iban_email():
    r, f, l = person('tr')
    iban = v_iban('TR')
    e = v_email(r, f, l)
    return (f"Navlun iadesi için müşteri şu hesabı verdi: {group4(iban)}\nDekontu {e} adresine atalım."), [('iban', group4(iban)), ('email_address', e)]


def iban_phone():
    iban = v_iban('MA')
    p = PHONE_GEN['ma_mob_nat']()
    return (f"l'client bgha remboursement 3la had RIB: {iban}\nila kan chi mochkil 3iyet lih f {p}"), [('iban', iban), ('phone_number', p)]


def url_ip():
    ip, pw = v_ipv4(), v_password(urlsafe=True)
    return fence(f"LEGACY_ERP_DSN=postgresql://erp_sync:{pw}@{ip}:5432/erp_casa", 'bash'), [('url_credentials', pw), ('ipv4_address', ip)]


def pw_ip():
    ip, pw = v_ipv4(), v_password()
    return ("Arkas SFTP bilgileri (geçici):\n" + fence(f"[arkas]\nhost = {ip}\nport = 2222\nuser = kervan_edi\npassword = {pw}", 'ini')), [('ipv4_address', ip), ('password', pw)]


def slack_both():
    b, u = v_slack_bot(), v_slack_user()
    return fence(f"SLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}\nSLACK_CHANNEL=#tanger-med-ops", 'bash'), [('slack_bot_token', b), ('slack_user_token', u)]


def jwt_ip():
    ip, j = v_ipv4(), v_jwt('hs')
    return fence(f'{ip} - - [{ri(1, 28):02d}/Nov/2026:{hhmm()}:{ri(10, 59)} +0200] "GET /ws/tracking?access_token={j} HTTP/1.1" 101 0', ''), [('ipv4_address', ip), ('jwt', j)]


def card_email():
    r, f, l = person('ma')
    c = fmt_card(v_card(ch(['visa', 'mc'])), 'space')
    e = v_email(r, f, l)
    return (f"Ticket #{ri(10000, 99999)} — le client a écrit : « paiement refusé avec ma carte {c}, merci de me recontacter sur {e} »"), [('credit_card', c), ('email_address', e)]


def ghp_openai():
    g, o = v_ghp(), v_openai()
    return fence(f"GITHUB_TOKEN={g}\nOPENAI_API_KEY={o}\nOCR_CONCURRENCY=4", 'bash'), [('github_classic_pat', g), ('openai_api_key', o)]


def anth_pw():
    a, pw = v_anthropic(), v_password()
    return fence(f"classifier:\n  anthropic_api_key: {a}\ndb:\n  user: gtip_ro\n  password: {pw}", 'yaml'), [('anthropic_api_key', a), ('password', pw)]


def fine_url():
    g, pw = v_gh_fine(), v_password(urlsafe=True)
    return fence(f"GH_TOKEN={g} gh repo clone kervan/edi-mappings\nexport MQ_URL=amqps://mapper:{pw}@mq.kervan.internal:5671/", 'bash'), [('github_fine_grained_pat', g), ('url_credentials', pw)]


PAIRS = [('aws_pair', lambda: aws_pair(0)), ('aws_pair', lambda: aws_pair(1)), ('aws_pair', lambda: aws_pair(2)), ('aws_pair', lambda: aws_pair(3)),
         ('aws_pair', lambda: aws_pair(4)), ('aws_pair', lambda: aws_pair(5)), ('signature_tr', sig_tr), ('signature_eg', sig_eg),
         ('signature_ma', sig_ma), ('csv_contact', csv_contact), ('iban_email', iban_email), ('iban_phone', iban_phone),
         ('dsn_on_ip', url_ip), ('sftp_ini', pw_ip), ('slack_env', slack_both), ('ws_log', jwt_ip), ('ticket_card_email', card_email),
         ('ci_env', ghp_openai), ('classifier_yaml', anth_pw), ('clone_and_mq', fine_url)]


# ================================================================ positives: plan
SINGLE_PLAN = {
    'aws_access_key_id': 4, 'github_classic_pat': 7, 'github_fine_grained_pat': 5, 'slack_bot_token': 7, 'slack_user_token': 5,
    'openai_api_key': 7, 'anthropic_api_key': 7, 'jwt': 8, 'password': 10, 'url_credentials': 9, 'email_address': 8,
    'phone_number': 13, 'credit_card': 9, 'iban': 10, 'us_ssn': 7, 'ipv4_address': 7,
}
PHONE_SINGLE = ['tr_mob_nat', 'eg_mob_dash', 'ma_mob_intl', 'fr_mob', 'us', 'tr_land_paren', 'eg_cairo_intl', 'tr_mob_contig',
                'ma_mob7_intl', 'eg_alex_intl', 'tr_land_intl', 'ma_land_nat', 'ae']
CARD_SINGLE = [('visa', 'space'), ('mc', 'dash'), ('troy', 'space'), ('amex', 'space'), ('mc2', 'plain'), ('visa', 'plain'),
               ('troy', 'plain'), ('amex', 'plain'), ('visa', 'dash')]
IBAN_SINGLE = ['TR', 'TR', 'EG', 'EG', 'EG', 'FR', 'FR', 'DE', 'NL', 'BE']


def single_value(kind, t):
    if kind == 'aws_access_key_id':
        return v_aws_id(temp=(t == 2))
    if kind == 'github_classic_pat':
        return v_ghp()
    if kind == 'github_fine_grained_pat':
        return v_gh_fine()
    if kind == 'slack_bot_token':
        return v_slack_bot()
    if kind == 'slack_user_token':
        return v_slack_user()
    if kind == 'openai_api_key':
        return v_openai()
    if kind == 'anthropic_api_key':
        return v_anthropic()
    if kind == 'jwt':
        return v_jwt()
    if kind == 'password':
        return v_password()
    if kind == 'url_credentials':
        return v_password(urlsafe=True)
    if kind == 'email_address':
        return v_email(*person())
    if kind == 'phone_number':
        return PHONE_GEN[PHONE_SINGLE[t]]()
    if kind == 'credit_card':
        b, st = CARD_SINGLE[t]
        return fmt_card(v_card(b), st)
    if kind == 'iban':
        v = v_iban(IBAN_SINGLE[t])
        return group4(v) if t % 3 == 0 else v
    if kind == 'us_ssn':
        return v_ssn()
    if kind == 'ipv4_address':
        return v_ipv4()
    raise KeyError(kind)


def check_value(kind, v):
    if kind == 'credit_card':
        d = re.sub(r'[ -]', '', v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == 'iban':
        assert iban_ok(v), v
    elif kind == 'us_ssn':
        a, g, s = (int(x) for x in v.split('-'))
        assert ssn_ok(a, g, s), v
    elif kind == 'ipv4_address':
        assert ipv4_public(tuple(int(x) for x in v.split('.'))), v
    elif kind == 'jwt':
        h, p, _ = v.split('.')
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + '=' * (-len(part) % 4)))
    elif kind == 'private_key_pem':
        body = re.sub(r'\\n|\s', '', v)
        base64.b64decode(body, validate=True)
    elif kind == 'github_classic_pat':
        assert v[-6:] == base62(zlib.crc32(v[4:-6].encode()), 6)
    elif kind == 'aws_access_key_id':
        assert re.fullmatch(r'(AKIA|ASIA)[A-Z2-7]{16}', v)
    elif kind == 'aws_secret_access_key':
        assert len(v) == 40
    elif kind == 'anthropic_api_key':
        assert v.startswith('sk-ant-api03-') and v.endswith('AA') and len(v) == 108


def pad_block():
    while True:
        kind = ch(['table', 'todo', 'log', 'fr'])
        if kind == 'table':
            rows = [f"| {container_no()} | {ch(['Tahliye edildi', 'Muayenede', 'Serbest', 'Antrepoda', 'Yolda'])} | {dmy()} |" for _ in range(ri(5, 9))]
            b = "Durum:\n| Konteyner | Durum | ETA |\n|---|---|---|\n" + '\n'.join(rows)
        elif kind == 'todo':
            items = ['ordino alındı', 'beyanname tescil edildi', 'muayene randevusu', 'navlun faturası kesildi', 'A.TR belgesi geldi',
                     'EUR.1 onaylandı', 'antrepo giriş yapıldı', 'kantar fişi yüklendi', 'mühür kontrolü', 'tahliye talimatı gönderildi']
            b = "Yapılacaklar:\n" + '\n'.join(f"- [{ch([' ', 'x'])}] {it}" for it in R.sample(items, ri(6, 9)))
        elif kind == 'log':
            rows = [f"{ts_iso()} INFO edi-gateway processed {ch(['IFTSTA', 'COPARN', 'CODECO', 'BAPLIE'])} msg_ref={dg(6)} partner={ch(['MSCU', 'MAEU', 'CMDU', 'ARKU'])} "
                    f"src=10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}" for _ in range(ri(6, 10))]
            b = "```\n" + '\n'.join(rows) + "\n```"
        else:
            items = ['BL original reçu', 'DUM déposée sur BADR', 'visite programmée', 'mainlevée obtenue', 'bon à enlever émis',
                     'facture transitaire envoyée', 'conteneur restitué', 'certificat d’origine vérifié', 'magasinage payé']
            b = f"Suivi dossier {dum_ma()} :\n" + '\n'.join(f"- {it} : {ch(['oui', 'non', 'en cours'])}" for it in R.sample(items, ri(6, 9)))
        if not scan(b):
            return b


def build_positives():
    jobs = []
    for kind, n in SINGLE_PLAN.items():
        assert n == len(SINGLE[kind]), kind
        for t in range(n):
            jobs.append(('single', kind, t))
    for n in range(7):
        jobs.append(('pem', 'private_key_pem', n))
    for i, (name, fn) in enumerate(PAIRS):
        jobs.append(('pair', name, i))
    R.shuffle(jobs)
    recs = []
    seen = set()
    pair_seen = {}
    for typ, kind, t in jobs:
        if typ == 'single':
            v = single_value(kind, t)
            text = SINGLE[kind][t](v)
            secrets = [(kind, v)]
            ctx = f'{kind}:t{t}'
        elif typ == 'pem':
            text, secrets, ctx = pem_job(t)
        else:
            text, secrets = PAIRS[t][1]()
            pair_seen[kind] = pair_seen.get(kind, 0) + 1
            ctx = f'multi:{kind}:{pair_seen[kind]}'
        text = lead_wrap(text, 0.10, 0.05)
        if R.random() < 0.3:
            pad = pad_block()
            text = text + '\n\n' + pad if R.random() < 0.6 else pad + '\n\n' + text
        for k, v in secrets:
            assert v in text, (k, v, text)
            check_value(k, v)
        assert text not in seen
        seen.add(text)
        recs.append({'text': text, 'secrets': [{'kind': k, 'value': v} for k, v in secrets], 'context': ctx})
    for i, r in enumerate(recs, 1):
        r_id = f'h{N}p-{i:04d}'
        recs[i - 1] = {'id': r_id, 'text': r['text'], 'secrets': r['secrets'], 'context': r['context']}
    return recs


def build_negatives():
    recs = []
    seen = set()
    redraws = {}
    per_template = {}
    for cat in CATS:
        fns = NEG[cat]
        order = []
        while len(order) < 100:
            block = list(fns)
            R.shuffle(block)
            order += block
        order = order[:100]
        for f in order:
            tries = 0
            while True:
                text = lead_wrap(f())
                hits = scan(text)
                if hits:
                    key = f'{cat}/{f.__name__}'
                    redraws.setdefault(key, []).append(hits[0])
                elif text not in seen:
                    break
                tries += 1
                assert tries < 300, (f.__name__, hits[:3])
            seen.add(text)
            per_template[f.__name__] = per_template.get(f.__name__, 0) + 1
            recs.append({'text': text, 'category': cat})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({'id': f'h{N}n-{i:04d}', 'text': r['text'], 'category': r['category']})
    return out, redraws, per_template


# ================================================================ README
CAT_DESC = {
    'data_uri_base64': "Real bytes, base64-encoded, built by `gen.py`: PNG (IHDR/IDAT/IEND with correct CRCs; solid, gradient RGBA, "
                       "Code128-like barcode strips), baseline JPEG/JFIF (DQT/SOF0/DHT/SOS, decodable grey blocks), 1x1 GIF89a, ICO wrapping a PNG, "
                       "one-page PDF with a correct xref (`JVBERi0…`), 8-bit WAV beep, WOFF 1.0 and TrueType fonts with correct table checksums, "
                       "SVG icons as base64 and as percent-encoded `utf8,`, inline source maps (`eyJ2ZXJzaW9uIjoz…`), gzip (`H4sI…`) of an EDIFACT message. "
                       "Contexts: tracking-portal CSS and `@font-face`, arrival-notice HTML e-mail, carrier label API JSON (`labelImage`), Jupyter output, "
                       "Next.js `blurDataURL`, Go/Kotlin/Dart/Playwright fixtures, CSP console error, runbook Markdown image, `echo … | base64 -d | file -`, "
                       "HAR entry, PWA manifest, favicon, MIME part of an e-fatura mail, UBL-TR `EmbeddedDocumentBinaryObject`, e-fatura XSLT logo, Kafka message. "
                       "Some URIs are truncated with `…`, `...`, `…[N more chars]`.",
    'placeholder_example': "`.env.example` for the tracking API (`<your-consumer-key>`, `changeme`, empty values), docker-compose `${VAR:?…}`, GitHub Actions "
                           "`${{ secrets.BILGE_WS_PASSWORD }}`, Helm `{{ .Values.portnet.password }}`, Ansible `{{ vault_… }}`, `%EDI_FTP_PASS%`, `op://…`, "
                           "`vault:secret/data/…#password`, `{{resolve:secretsmanager:…}}`, SOAP `${bilgePassword}`, Postman env with empty values, K8s `REPLACE_ME`. "
                           "AWS documentation keys (`AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`). Vendor prefixes with `...`/`xxx`: "
                           "`sk-...`, `sk-ant-api03-...`, `xoxb-...`, `ghp_xxxx…`, `github_pat_...`, `AKIA...`, `npm_xxxx`. Slack all-zero webhook. PEM with `...` body. "
                           "Masks of the theme: `9792 **** **** 1234`, `TR** **** … 12 34`, `EG** …`, `MA** …`, `05** *** ** 36`, `TCKN 1**********`, phone hints "
                           "`+90 5XX XXX XX XX`, `+20 1X XXXX XXXX`, `+212 6XX-XXXXXX`, `(XXX) XXX-XXXX`, `TR00 0000 … 00`. `[REDACTED]`, `<redacted>`, `[FILTERED]`. "
                           "Default / template DSNs (`postgres://user:password@localhost`, `amqp://guest:guest@…`, `mongodb://root:root@127.0.0.1`, `<user>:<password>@<cluster>`).",
    'code_identifier': "Python tracebacks (`bilge_client`, `nafeza_gateway`, …), Java EDI stack traces (`com.kervan.edi.iftsta…`), .NET (`Kervan.Customs.Bilge…`), "
                       "Go panics with module paths, Rust backtraces with `::h<16 hex>` hashes, PHP fatal errors, gdb frames with mangled C++ (`_ZN6kervan5label…`). "
                       "Identifiers built from Token/Secret/Password/Iban/Phone/Email/Gtip/Nafeza/Portnet/… ; TS interfaces and GraphQL/proto schemas for declarations; "
                       "SQL DDL with `password_hash`, `iban_ciphertext`, `phone_e164_hash`, `api_key_last_four`; `kubectl get secrets` / `describe secret` (sizes only); "
                       "Terraform addresses, Vault policy paths, feature flags, Airflow task ids, EDIFACT segment→field mappings, webpack chunk names, pod names, "
                       "Arabic / Darija / French talk about variable names.",
    'non_credential_blob': "Git SHAs and `git log`, image digests `@sha256:`, UBL-TR signature block (UUID/ETTN, `DigestValue`, `SignatureValue`, public "
                           "`X509Certificate` DER with an RSA public key), W3C `traceparent`, `x-request-id`, `X-Amzn-Trace-Id`, ETags (plain, multipart, weak), "
                           "npm `sha512-`, pip `--hash=sha256:`, go.sum `h1:`, `sha256sum` listings of EDI files, SOPS `ENC[AES256_GCM,…]`, `vault:v1:` ciphertext, "
                           "base64-JSON cursors (`eyJ…`, no dots), ULIDs, UUIDv4/v7, Mongo ObjectIds, Sentry ids, SSH host-key `SHA256:` and GPG fingerprints, "
                           "Kafka keys, Terraform lineage, Helm checksums, idempotency keys, GCS crc32c/md5, base64 of a plain EDIFACT interchange (AS2 body), Celery task ids.",
    'pii_lookalike_number': "Numbers of the trade that look like phones, cards, IBANs or national ids but belong to shipments, companies or documents: "
                            "Turkish declaration numbers (`26330100IM004512`), 12-digit GTIP codes in dotted form, AWB numbers with mod-7 check digit written "
                            "`235-4821 3376` / `23548213376` (11 digits, the length of a TCKN), ISO 6346 container numbers with check digit, B/L numbers, "
                            "Egyptian ACID numbers (19 digits, never Luhn-valid), Moroccan DUM references `301-010-2026-0041235`, company ids (VKN with check digit, "
                            "16-digit MERSIS, 15-digit ICE, RC/IF/Patente/CNSS, Egyptian tax card `204-918-337`), IMO numbers with check digit, MMSI (MID 271/622/242), "
                            "SSCC / GTIN with GS1 check digits, UPU S10 postal ids (`RR…MA`), bank transfer references, 16-digit POS batch references grouped 4-4-4-4 "
                            "(never Luhn-valid), customer / file numbers grouped 3-3-2-2 like Turkish phones (`482 133 76 59`) or 2-2-2-2 like Moroccan ones, "
                            "amounts in TRY/EGP/MAD formats (`1.284.550,75`, `80,032,148.63`, `69 843 447,39` with NBSP / NNBSP), weighbridge tickets, "
                            "demurrage and duty calculations, EDIFACT CODECO segments, 15–30 row CSV export of container moves, vessel berth plans, bank CSV, "
                            "Slack `ts`, epoch seconds and milliseconds, versions and Windows builds (`10.0.26100.2605`), forms with empty phone fields.",
    'talk_about_secrets': "Talk about passwords, tokens, API keys, private keys, cards, IBAN/RIB, phone numbers, e-mails, TCKN and national ids with no value: "
                          "rotation notices, leak runbook, incident summary, FAQ, Q&A, data-classification table, security-sync notes, scanner-rule discussion, "
                          "ExternalSecret error. Sentences in Turkish, Egyptian Arabic, Arabizi, Darija (Arabic script and Latin), French and English, mixed.",
}

BLINDNESS = """Written by a helper session on 2026-11-30, blind to the redaction feature. What was opened or run, all of it:

- Read: `/work/briefs/data.md` (the brief) and the task text (theme, N = 75).
- `ls -la /work/briefs /work/data` once at the start: it showed the file names in `/work/briefs` (none of the other briefs was opened) and that `/work/data` was empty.
- Read: `/work/.library/env/README.md`; `/work/main/tests/support/data/redaction4/README.md` (with `cat`, and one `grep -n placeholder_example` of that same file
  because its table row was cut in the terminal output); `head -3` of `redaction4_negatives.jsonl` and of `redaction4_positives.jsonl`. Only their format was copied.
- Nothing else under `/work/main`, no `/work/wt-*`, no other folder under `/work/data`, no git command, no code or doc search tool; the product was neither run nor installed.
- Ran: `python3` (standard library only; `gen.py` and scratch scripts in `/tmp/redaction75/` that import `gen.py` to print samples and redraw counts),
  `mkdir`, `date`, `sha256sum`, `cmp`, `ls`/`cat`/`head` of this folder and of `/tmp/redaction75/`. Beyond the brief's list of tools: `wc -l`, `grep -n`/`grep -c`
  and `awk` on this folder's own `gen.py` only, while writing it; `gen.py` itself was written with the session's file tool and small `python3` edits.
- Determinism was checked by running `gen.py` four times (plain twice, `PYTHONHASHSEED=0`, `PYTHONHASHSEED=123`), copying the outputs to
  `/tmp/redaction75/` and comparing them with `cmp`.
- The templates, the theme's number formats and the choice of hard negatives come from general knowledge of freight forwarding, customs systems
  (BİLGE, e-Fatura/UBL-TR, Nafeza/ACID, PortNet/BADR), EDIFACT, chat, code, logs and config. They are not tuned against any rule set."""

AMBIG = """- **Dotted GTIP / HS codes and AWB numbers that are phone-shaped.** `0709.60.10.00` and `057 4512 5975` have the digits of a Moroccan / Turkish
  number; the scanner treats them as phones, so every such draw was redrawn and none is in the set. What stays are their near misses: AWBs with
  prefixes 235/077/147/176/157/501 (`235-4821 3376`), 11-digit AWBs without dash that are not TCKN-valid, GTIP codes of other chapters. Scored as negatives.
- **3-3-2-2 and 2-2-2-2 groupings.** `Müşteri No: 482 133 76 59` is how a Turkish landline is written without its trunk `0`; `N° dossier : 22 48 76 31`
  is a Moroccan number without `05`. The label next to them says what they are. The scanner only treats Turkish numbers as phones with `0`/`+90`/`0090`,
  or bare `5xx` mobiles, and Moroccan ones with `0[5-7]`/`+212`. Scored as negatives.
- **Bare 10-digit runs.** Shipment ids (`1xxxxxxxxx`), bank references, epoch seconds and VKN tax numbers are 10 digits. The scanner flags a NANP
  number only when it is written with separators or parentheses (`(832) 614-2093`, `832-614-2093`) or with `+1`, so an unformatted 10-digit id
  whose digits could be a NANP number can occur. Scored as negatives.
- **Company identifiers.** VKN, MERSIS, ICE, RC, IF, CNSS employer numbers and Egyptian tax-card numbers identify companies, not people. Scored as negatives.
- **16-digit references grouped 4-4-4-4** (POS batch references) look exactly like a card number but are never Luhn-valid. Scored as negatives.
- **19-digit Egyptian ACID numbers, 15-digit ICE, 16-digit MERSIS, 18-digit SSCC** are never Luhn-valid in the set (the generator breaks Luhn where needed
  and the scanner redraws the rest).
- **Public X.509 certificate and RSA signature in UBL-TR.** Long base64 that starts with `MII…`, like a PEM body, but it is a public certificate
  without a `BEGIN PRIVATE KEY` line. Scored as negative (`non_credential_blob`).
- **All-zero template IBAN** `TR00 0000 0000 0000 0000 0000 00`: check digits `00` can never be valid; its digit run is all zeros (Luhn-"valid" trivially,
  skipped by the scanner as a placeholder). Scored as negative.
- **Default credentials** `admin/admin`, `amqp://guest:guest@localhost…`, `mongodb://root:root@127.0.0.1…`, `postgres://user:password@localhost…` are documented
  defaults or templates. Scored as negatives.
- **Moroccan IBAN (positive).** `MA` + 26 digits (28 characters, RIB key = 97 − (RIB × 100 mod 97)) is printed by Moroccan banks and passes mod-97, but
  Morocco is on SWIFT's list of countries that use IBAN only partially. Scored as a positive (`iban`, 1 secret, in {ma_id}).
- **Phone numbers of other countries** in positives (FR, US, AE) are outside the theme's three countries on purpose.
- **AWS key id alone** (4 positives) is labelled `aws_access_key_id` without its secret; the 6 secret keys occur only next to their key id.
- **Names next to values** (signature blocks, W-9, card holder, JWT `name` claim) are invented and not labelled; the JWT is labelled as a whole."""


def line_stats(recs):
    ls = [r['text'].count('\n') + 1 for r in recs]
    return min(ls), max(ls), sum(1 for x in ls if x == 1), sum(1 for x in ls if x >= 10), sum(1 for x in ls if x >= 20)


def write_readme(neg, pos, redraws, per_template, sha_n, sha_p, final_hits, pos_missed):
    L = ['> PLACEHOLDER', '', '# Held-out redaction corpus #75: freight forwarding and customs brokerage (Turkey, Egypt, Morocco)', '']
    L.append("Theme. The Slack workspace of a freight-forwarding and customs-brokerage company working across Turkey, Egypt and Morocco: customs "
             "declarations, container and bill-of-lading numbers, air waybills, HS/GTIP tariff codes, port and warehouse logs, invoices in TRY/EGP/MAD, "
             "carrier EDI and tracking APIs. Languages: Turkish, Egyptian Arabic and Darija (Arabic script and Latin-script Arabizi), French and English, "
             "mixed as the channels mix them.")
    L.append('')
    L.append(f"Files. `gen.py` writes them, using `random.Random({N} * 101)` as its only randomness. Output is deterministic: two runs give byte-identical "
             "files, also under `PYTHONHASHSEED=0` and `PYTHONHASHSEED=123`.")
    L.append('')
    L.append(f"- `redaction{N}_negatives.jsonl`: {len(neg)} Slack-style messages with **no secret and no personal data**, 100 in each of six categories. "
             f"sha256 `{sha_n}`")
    nsec = sum(len(r['secrets']) for r in pos)
    L.append(f"- `redaction{N}_positives.jsonl`: {len(pos)} messages holding {nsec} labelled fake secrets / personal-data items of 18 kinds. sha256 `{sha_p}`")
    L.append("- `gen.py`: the generator. It also runs a built-in scanner, redraws any negative it flags, and prints what it found.")
    L.append('')
    L.append("Regenerate with `python3 gen.py`, which writes both files and this README next to the script. It runs on the standard library only.")
    L.append('')
    L.append('## How it was written (blindness record)')
    L.append('')
    L.append(BLINDNESS)
    L.append('')
    L.append('## Format')
    L.append('')
    L.append(f'Negatives: `{{"id": "h{N}n-0001", "text": ..., "category": ...}}`. Positives: `{{"id": "h{N}p-0001", "text": ..., "secrets": '
             '[{"kind": ..., "value": ...}], "context": ...}`. One JSON object per line, UTF-8 (`ensure_ascii=False`), ids in file order.')
    L.append('')
    L.append("Messages mix prose, Markdown lists and tables, quotes, code blocks (CSS, HTML, TS/TSX, JS, Python, Go, Kotlin, Dart, Java/.NET/Rust/PHP traces, "
             "SQL, GraphQL, proto, HCL, XML/UBL/XSLT, SOAP), config files (.env, YAML, INI, JSON, properties), shell sessions (`kubectl`, `aws s3 ls`, `curl -I`, "
             "`git log`, `terraform plan`, `gsutil stat`, `vault write`), log lines, JSON logs, CSV, EDIFACT and HTTP headers. About 15 % of negatives "
             "and 10 % of positives get a lead-in in one of the theme's languages (\"Bilginize:\", \"يا جماعة،\", \"3afak chof hadchi:\", \"Pour info :\", \"heads up:\"), "
             "and about 8 % / 5 % a short trailer (\"teşekkürler 🙏\", \"شكراً\", \"wakha\", \"merci\", …).")
    L.append('')
    mn, mx, one, ten, twenty = line_stats(neg)
    pmn, pmx, pone, pten, ptwenty = line_stats(pos)
    L.append(f"Length: negatives run from {mn} to {mx} lines ({one} single-line, {ten} with 10 or more lines, {twenty} with 20 or more); "
             f"positives from {pmn} to {pmx} lines ({pone} single-line, {pten} with 10 or more).")
    L.append('')
    L.append('## Negative categories')
    L.append('')
    L.append('| category | texts | templates | min/max lines | what is in it |')
    L.append('|---|---:|---:|---|---|')
    for c in CATS:
        rs_ = [r for r in neg if r['category'] == c]
        a, b, _, _, _ = line_stats(rs_)
        ntpl = len(NEG[c])
        extra = f' (+{sum(len(v) for v in TALK.values())} sentences)' if c == 'talk_about_secrets' else ''
        L.append(f'| `{c}` | {len(rs_)} | {ntpl}{extra} | {a} / {b} | {CAT_DESC[c]} |')
    L.append(f'| **total** | **{len(neg)}** | | | |')
    L.append('')
    lo, hi = min(per_template.values()), max(per_template.values())
    L.append(f"All texts are distinct. Each category's 100 texts are drawn round-robin over its templates (every template is used {lo}–{hi} times), with random fills. "
             "Some messages also touch other categories; the label is the main reason the message is a hard negative. "
             "No person names, e-mail addresses, phone numbers or public IPs appear in the negatives (IPs are private or loopback: `10.x`, `127.0.0.1`).")
    L.append('')
    L.append('### Guarantees on the negatives (enforced by `gen.py`)')
    L.append('')
    L.append("`gen.py` throws away and redraws any negative in which its scanner finds any of these:")
    L.append('')
    for g in ["an e-mail address;",
              "a GitHub token shape (`gh[pousr]_` + 36, `github_pat_…`), a Slack token (`xox?-<digits>-…`), a non-placeholder Slack webhook, an `sk-…` key of 32+ "
              "characters (OpenAI, Anthropic), `glpat-`, `AIza…`, `sk_live_`, `xapp-`;",
              "a three-segment `eyJ….eyJ….sig` JWT;",
              "an SSN shape `ddd-dd-dddd` (any digits);",
              "a PEM `PRIVATE KEY` block whose body has 40+ base64 characters (also behind `\\n` in JSON strings);",
              "an `AKIA`/`ASIA`/`AIDA`/`AROA`/`AGPA` key id unless it contains `EXAMPLE`;",
              "a public IPv4 address (everything outside 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.88.99/24, 192.168/16, "
              "198.18/15, 198.51.100/24, 203.0.113/24, 224/4 and above);",
              "a URL password (`scheme://user:pw@`) that is not a placeholder (`${VAR}`, `<…>`, `{{…}}`, `%VAR%`, `***`, `xxx`, `password`, `changeme`, `guest`, `admin`, `root`, …);",
              "a Luhn-valid run of 13–19 digits, plain or grouped with spaces/dashes, checked on every run of consecutive groups (so `shipment-id 200` "
              "joined across a space counts too); runs of one repeated digit are skipped;",
              "a mod-97-valid IBAN, checked at the country's length (TR 26, EG 29, MA 28, …) or at every length 15–34 for unknown prefixes;",
              "an 11-digit TCKN with valid check digits, or a 14-digit string shaped like an Egyptian national id (century 2/3, valid month/day, governorate code);",
              "a phone number: any `+` number with 8–15 digits; `00` + a country code with 11–14 digits; Turkey `0[2-5]` + 9 digits (any grouping, with `(…)`), "
              "bare mobiles `5[0-5]x` + 7; Egypt `01[0125]` + 8, Cairo `02` + 8, Alexandria `03` + 7; Morocco `0[5-7]` + 8; NANP `(NXX) NXX-XXXX` / "
              "`NXX-NXX-XXXX` / `1 NXX …` only when written with separators. Groups may be split by space, `-`, `.`, `(`, `)`; dotted groups mixed with "
              "spaces (dates with times) and groups of 5+ digits before the last one are not phones."]:
        L.append(f'- {g}')
    L.append('')
    L.append('Redraws during generation (template: count, first hit):')
    L.append('')
    L.append('```')
    if redraws:
        for k in sorted(redraws, key=lambda k: (-len(redraws[k]), k)):
            L.append(f'{k}: {len(redraws[k])}  first={redraws[k][0]}')
    else:
        L.append('(none)')
    L.append('```')
    L.append('')
    L.append(f'Scanner output on the final negatives: {len(final_hits)} findings.')
    L.append('')
    L.append('## Known ambiguities (deliberate, so decide how to score them)')
    L.append('')
    ma_id = [r['id'] for r in pos if any(x['kind'] == 'iban' and x['value'].startswith('MA') for x in r['secrets'])]
    L.append(AMBIG.replace('{ma_id}', ', '.join(ma_id)))
    L.append('')
    L.append('## Positive set')
    L.append('')
    L.append("`context` is `<kind>:t<template#>` for single-kind messages, `multi:<name>:<n>` for two-secret messages, and "
             "`private_key_pem:<type>:layout<n>` for PEM messages (layout0 plain block, layout1 YAML block scalar, layout2 JSON string with `\\n`, "
             "layout3 multi-line quoted .env value).")
    L.append('')
    counts = {}
    for r in pos:
        for s in r['secrets']:
            counts[s['kind']] = counts.get(s['kind'], 0) + 1
    notes = {
        'aws_access_key_id': '`AKIA`/`ASIA` + 16 × `[A-Z2-7]`; 4 alone, 6 with their secret',
        'aws_secret_access_key': '40 chars `[A-Za-z0-9+/]`; only next to a key id',
        'github_classic_pat': '`ghp_` + 30 random + 6-char base62 CRC32 of them',
        'github_fine_grained_pat': '`github_pat_11` + 20 + `_` + 59',
        'slack_bot_token': '`xoxb-<digits>-<digits>-<24>`',
        'slack_user_token': '`xoxp-<d>-<d>-<d>-<32 hex>`',
        'openai_api_key': '`sk-proj-…T3BlbkFJ…`, `sk-svcacct-…`, legacy `sk-<20>T3BlbkFJ<20>`',
        'anthropic_api_key': '`sk-ant-api03-` + 93 + `AA`',
        'jwt': 'base64url JSON header and payload (HS256, or RS256 with `kid`), random signature; in curl, logs, Postman, cookie, localStorage, wss URL',
        'private_key_pem': 'real DER layout with random key material: EC P-256 (SEC1), RSA PKCS#1 2048, Ed25519 PKCS#8, OpenSSH `openssh-key-v1`. '
                           'Value = body from its first to its last base64 character, lines joined as written (newline, newline + indentation, or literal `\\n`)',
        'password': 'value only: .env, ADO.NET, Spring properties, YAML, INI (BİLGE), `mysql -p\'…\'`, prose in TR/FR/Arabic/Darija',
        'url_credentials': 'password part of postgres, postgresql, mongodb+srv, sftp, ftp, amqps, redis `:pw@`, mysql, https basic auth, SQLAlchemy mssql+pyodbc',
        'email_address': 'invented names at invented company domains (.com.tr, .com.eg, .ma, .com)',
        'phone_number': 'TR (mobile +90 / 05xx / contiguous, landline `0 (216)` / `+90 (324)`), EG (`+20 1xx`, `01x-xxxx-xxxx`, `+20 2`, `+20 3`), '
                        'MA (`+212 6`, `06 xx`, `+212 5xx-`, `05 22`, `+212 (0)7`), FR, US, AE; whole number as written',
        'credit_card': 'Luhn-valid Visa, Mastercard (51–55 and 2221–2720), Amex (4-6-5), Troy (9792); plain, spaced or dashed',
        'iban': 'mod-97-valid TR, EG, FR (RIB key), DE, NL (11-test account), BE (national check), MA (RIB key); compact or grouped by 4',
        'us_ssn': 'area not 000/666/9xx, group not 00, serial not 0000 (US importer-of-record context)',
        'ipv4_address': 'public only (first octets of TR/EG/MA-style ranges), in allowlists, nginx logs, ssh, iptables, JSON logs',
    }
    L.append('| kind | secrets | notes |')
    L.append('|---|---:|---|')
    for k in ['aws_access_key_id', 'aws_secret_access_key', 'github_classic_pat', 'github_fine_grained_pat', 'slack_bot_token', 'slack_user_token',
              'openai_api_key', 'anthropic_api_key', 'jwt', 'private_key_pem', 'password', 'url_credentials', 'email_address', 'phone_number',
              'credit_card', 'iban', 'us_ssn', 'ipv4_address']:
        L.append(f'| {k} | {counts.get(k, 0)} | {notes[k]} |')
    ones = sum(1 for r in pos if len(r['secrets']) == 1)
    twos = sum(1 for r in pos if len(r['secrets']) == 2)
    L.append(f'| **total** | **{sum(counts.values())}** | {len(pos)} texts: {ones} with one secret, {twos} with two |')
    L.append('')
    L.append("Every `value` occurs verbatim in its `text` (asserted). `gen.py` re-checks on every run: Luhn for cards, mod-97 for IBANs, the SSN rules, "
             "that each IPv4 is public, that each JWT's header and payload decode to JSON, that each PEM body is valid base64, the CRC32 of each `ghp_` "
             "token, and the AWS key-id and Anthropic key shapes. Person names next to values are invented and not labelled.")
    L.append('')
    mk = sorted({k for _, k, _ in pos_missed})
    L.append(f"The built-in scanner (made for negatives) misses {len(pos_missed)} positive values, all of kinds it has no rule for "
             f"({', '.join('`' + k + '`' for k in mk)}); that is a gap in the scanner, not in the labels:")
    L.append('')
    L.append(', '.join(f'{pid} (`{k}`)' for pid, k, v in pos_missed) + '.')
    L.append('')
    L.append('## Two-secret texts')
    L.append('')
    for r in pos:
        if len(r['secrets']) == 2:
            L.append(f"- {r['id']} ({r['context']}): " + ', '.join(f"`{s['kind']}`" for s in r['secrets']))
    L.append('')
    with open(os.path.join(HERE, 'README.md'), 'w', encoding='utf-8') as fh:
        fh.write('\n'.join(L))


def positive_found(kind, value, hits):
    vals = [h[1] for h in hits]
    if kind == 'phone_number':
        d = re.sub(r'\D', '', value)
        return any(re.sub(r'\D', '', x) in d and len(re.sub(r'\D', '', x)) >= 8 for x in vals)
    if kind == 'credit_card':
        return re.sub(r'\D', '', value) in vals
    if kind == 'iban':
        return value.replace(' ', '') in vals
    if kind == 'private_key_pem':
        return any(x and x in value for x in vals)
    return any(value in x or x in value for x in vals)


def main():
    neg, redraws, per_template = build_negatives()
    pos = build_positives()
    assert len(neg) == 600 and len(pos) == 150
    assert sum(len(r['secrets']) for r in pos) == 170
    assert sum(1 for r in pos if len(r['secrets']) == 2) == 20
    assert len({r['text'] for r in neg}) == 600 and len({r['text'] for r in pos}) == 150
    final_hits = [(r['id'], h) for r in neg for h in scan(r['text'])]
    assert not final_hits, final_hits[:5]
    pos_missed = []
    for r in pos:
        hits = scan(r['text'])
        for s in r['secrets']:
            if not positive_found(s['kind'], s['value'], hits):
                pos_missed.append((r['id'], s['kind'], s['value']))
    pn = os.path.join(HERE, f'redaction{N}_negatives.jsonl')
    pp = os.path.join(HERE, f'redaction{N}_positives.jsonl')
    for path, recs in ((pn, neg), (pp, pos)):
        with open(path, 'w', encoding='utf-8') as fh:
            for r in recs:
                fh.write(json.dumps(r, ensure_ascii=False) + '\n')
    sha_n = hashlib.sha256(open(pn, 'rb').read()).hexdigest()
    sha_p = hashlib.sha256(open(pp, 'rb').read()).hexdigest()
    write_readme(neg, pos, redraws, per_template, sha_n, sha_p, final_hits, pos_missed)
    print(f'negatives: {len(neg)}  sha256 {sha_n}')
    print(f'positives: {len(pos)} ({sum(len(r["secrets"]) for r in pos)} secrets)  sha256 {sha_p}')
    print('redraws:', sum(len(v) for v in redraws.values()))
    for k in sorted(redraws, key=lambda k: (-len(redraws[k]), k)):
        print(f'  {k}: {len(redraws[k])}  first={redraws[k][0]}')
    print('scanner findings on final negatives:', len(final_hits))
    print('positives missed by the scanner:', len(pos_missed))
    for m in pos_missed:
        print('  ', m[0], m[1])


if __name__ == '__main__':
    main()
