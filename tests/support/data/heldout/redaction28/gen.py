#!/usr/bin/env python3
"""Held-out redaction corpus #28 -- theme: a logistics and fleet-management company's Slack.

Standard library only.  Deterministic: random.Random(2828).  Writes
redaction28_negatives.jsonl and redaction28_positives.jsonl next to this file.
"""
import base64
import hashlib
import ipaddress
import json
import os
import random
import re
import string
import struct
import sys
import zlib
from collections import Counter

SEED = 2828
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 28

# --------------------------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------------------------
LANGS_CUR = set()


def lang(code):
    LANGS_CUR.add(code)


def pick(seq):
    return R.choice(seq)


def rint(a, b):
    return R.randint(a, b)


def chance(p):
    return R.random() < p


def digits(n):
    return ''.join(R.choice('0123456789') for _ in range(n))


def nz_digits(n):
    return str(R.randint(1, 9)) + digits(n - 1)


def hexs(n, upper=False):
    s = ''.join(R.choice('0123456789abcdef') for _ in range(n))
    return s.upper() if upper else s


ALNUM = string.ascii_letters + string.digits
UPDIG = string.ascii_uppercase + string.digits


def alnum(n):
    return ''.join(R.choice(ALNUM) for _ in range(n))


def updig(n):
    return ''.join(R.choice(UPDIG) for _ in range(n))


def lower_alnum(n):
    return ''.join(R.choice(string.ascii_lowercase + string.digits) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).rstrip(b'=').decode()


def wrap(s, n=64):
    return '\n'.join(s[i:i + n] for i in range(0, len(s), n))


def fence(body, tag=''):
    return '```' + tag + '\n' + body + '\n```'


def maybe_fence(body, tag='', p=0.7):
    return fence(body, tag) if chance(p) else body


def iso_ts(y0=2024, y1=2026, ms=True, z=True):
    y = rint(y0, y1)
    s = '%04d-%02d-%02dT%02d:%02d:%02d' % (y, rint(1, 12), rint(1, 28), rint(0, 23), rint(0, 59), rint(0, 59))
    if ms:
        s += '.%03d' % rint(0, 999)
    return s + ('Z' if z else '')


def epoch_s():
    return rint(1704067200, 1798761599)


def hhmm():
    return '%02d:%02d' % (rint(0, 23), rint(0, 59))


def date_iso():
    return '%04d-%02d-%02d' % (rint(2024, 2026), rint(1, 12), rint(1, 28))


def uuid4():
    h = hexs(32)
    h = h[:12] + '4' + h[13:16] + pick('89ab') + h[17:]
    return '%s-%s-%s-%s-%s' % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'


def ulid():
    return pick('01') + ''.join(R.choice(CROCK) for _ in range(25))


# --------------------------------------------------------------------------------------------
# check-digit algorithms
# --------------------------------------------------------------------------------------------
def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(prefix):
    for c in '0123456789':
        if luhn_ok(prefix + c):
            return prefix + c
    raise AssertionError


def gs1_check(body):
    tot = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return str((10 - tot % 10) % 10)


def _iso6346_values():
    vals = {str(i): i for i in range(10)}
    v = 10
    for ch in string.ascii_uppercase:
        if v % 11 == 0:
            v += 1
        vals[ch] = v
        v += 1
    return vals


ISO6346 = _iso6346_values()


def iso6346_cd(code):
    return sum(ISO6346[c] * (2 ** i) for i, c in enumerate(code)) % 11 % 10


def mod97(s):
    s = s.replace(' ', '')
    r = s[4:] + s[:4]
    num = ''.join(str(int(c, 36)) for c in r)
    return int(num) % 97


IBAN_LEN = {'AD': 24, 'AT': 20, 'BE': 16, 'BG': 22, 'CH': 21, 'CY': 28, 'CZ': 24, 'DE': 22, 'DK': 18, 'EE': 20,
            'ES': 24, 'FI': 18, 'FR': 27, 'GB': 22, 'GR': 27, 'HR': 21, 'HU': 28, 'IE': 22, 'IT': 27, 'LT': 20,
            'LU': 20, 'LV': 21, 'MT': 31, 'NL': 18, 'NO': 15, 'PL': 28, 'PT': 25, 'RO': 24, 'SE': 24, 'SI': 19,
            'SK': 24, 'TR': 26, 'AE': 23, 'SA': 24, 'MC': 27, 'LI': 21, 'IS': 26, 'GI': 23, 'SM': 27, 'VA': 22}


# --------------------------------------------------------------------------------------------
# theme value generators (for negatives; all ids are invented)
# --------------------------------------------------------------------------------------------
VIN_ALPH = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'
VIN_TR = {str(i): i for i in range(10)}
VIN_TR.update(dict(A=1, B=2, C=3, D=4, E=5, F=6, G=7, H=8, J=1, K=2, L=3, M=4, N=5, P=7, R=9, S=2, T=3, U=4,
                   V=5, W=6, X=7, Y=8, Z=9))
VIN_W = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
WMI_MAKE = {'WDB': 'Mercedes', 'WDF': 'Mercedes', 'YV2': 'Volvo', '4V4': 'Volvo', 'XLR': 'DAF', 'WMA': 'MAN', 'VF6': 'Renault',
            'YS2': 'Scania', '1FU': 'Freightl.', '3AK': 'Freightl.', '1XK': 'Kenworth', '1XP': 'Peterbilt', 'ZCF': 'Iveco',
            'VF7': 'Citroën', 'WMW': 'MINI'}
WMI = ['WDB', 'YV2', 'XLR', 'WMA', 'VF6', 'YS2', '1FU', '3AK', '1XK', '1XP', '4V4', 'WDF', 'ZCF']


def vin():
    s = list(pick(WMI) + ''.join(R.choice(VIN_ALPH) for _ in range(5)) + '0' + pick('LMNPRS') +
             R.choice(VIN_ALPH) + digits(6))
    r = sum(VIN_TR[c] * w for c, w in zip(s, VIN_W)) % 11
    s[8] = 'X' if r == 10 else str(r)
    return ''.join(s)


OWNERS = ['MSKU', 'MAEU', 'MSCU', 'MEDU', 'CMAU', 'HLXU', 'HLBU', 'TGHU', 'TCLU', 'TCNU', 'OOLU', 'CSNU', 'SEGU',
          'GESU', 'FSCU', 'BMOU', 'EMCU', 'ONEU', 'TRLU', 'CAIU', 'SUDU', 'APZU', 'TEMU', 'DFSU', 'CXRU', 'TTNU']


def container(style=None):
    o = pick(OWNERS)
    d = digits(6)
    c = iso6346_cd(o + d)
    style = style if style is not None else R.choice([0, 0, 0, 1, 2])
    if style == 0:
        return '%s%s%d' % (o, d, c)
    if style == 1:
        return '%s %s %d' % (o, d, c)
    return '%s %s-%d' % (o, d, c)


GS1PRE = ['400', '401', '402', '405', '407', '409', '419', '426', '428', '430', '440', '871', '872', '873', '540',
          '541', '590', '300', '301', '500', '501', '760', '800', '803', '840', '843', '848', '900', '901', '460',
          '470', '869', '560', '594', '599', '859', '858']


def non_luhn(fn):
    while True:
        s = fn()
        if not luhn_ok(s):
            return s


def sscc():
    return non_luhn(lambda: (lambda b: b + gs1_check(b))(str(R.randint(0, 9)) + pick(GS1PRE) + digits(13)))


def gtin14():
    return non_luhn(lambda: (lambda b: b + gs1_check(b))(str(R.randint(0, 8)) + pick(GS1PRE) + digits(9)))


def ean13():
    return non_luhn(lambda: (lambda b: b + gs1_check(b))(pick(GS1PRE) + digits(9)))


TACS = ['35209900', '86123404', '35733108', '86894204', '35404906', '86107603', '35167808', '86413405', '35285108']


def imei():
    b = pick(TACS) + digits(6)
    good = luhn_complete(b)[-1]
    return b + R.choice([d for d in '0123456789' if d != good])


def iccid():
    return luhn_complete('89' + pick(['49', '31', '48', '33', '34', '39', '90']) + digits(15))


GH = '0123456789bcdefghjkmnpqrstuvwxyz'


def geohash(lat, lon, prec=9):
    la, lo = [-90.0, 90.0], [-180.0, 180.0]
    bits, bit, ch, even, out = [16, 8, 4, 2, 1], 0, 0, True, ''
    while len(out) < prec:
        rng, v = (lo, lon) if even else (la, lat)
        mid = (rng[0] + rng[1]) / 2
        if v > mid:
            ch |= bits[bit]
            rng[0] = mid
        else:
            rng[1] = mid
        even = not even
        if bit < 4:
            bit += 1
        else:
            out += GH[ch]
            bit, ch = 0, 0
    return out


HUBS = [('Hamburg Waltershof', 53.5306, 9.9262), ('Rotterdam Maasvlakte', 51.9533, 4.0439),
        ('Antwerpen Deurganck', 51.2861, 4.2581), ('Duisburg logport', 51.3925, 6.7289), ('Venlo', 51.3703, 6.1724),
        ('Poznań', 52.4064, 16.9252), ('Milano Segrate', 45.4920, 9.2940), ('Lyon Corbas', 45.6689, 4.9008),
        ('Barcelona ZAL', 41.3321, 2.1439), ('Madrid Coslada', 40.4315, -3.5516), ('Lisboa', 38.7223, -9.1393),
        ('İstanbul Ambarlı', 40.9686, 28.6861), ('Gdańsk DCT', 54.3977, 18.7102), ('Felixstowe', 51.9563, 1.3273),
        ('Le Havre', 49.4833, 0.1167), ('Valencia', 39.4444, -0.3167), ('Genova Prà', 44.4240, 8.7500),
        ('Praha Úžice', 50.2500, 14.3833), ('Budapest BILK', 47.3800, 19.0600), ('Göteborg', 57.6900, 11.8500),
        ('Koper', 45.5469, 13.7294), ('Memphis', 35.0420, -89.9760), ('Laredo', 27.5306, -99.4803),
        ('Yokohama Honmoku', 35.4300, 139.6600), ('Busan New Port', 35.0800, 128.8000),
        ('Shanghai Yangshan', 30.6300, 122.0600), ('Jebel Ali', 25.0100, 55.0600), ('Bremerhaven', 53.5800, 8.5400)]


def coord_near(hub=None, spread=0.08):
    h = hub or pick(HUBS)
    return h[0], round(h[1] + R.uniform(-spread, spread), 6), round(h[2] + R.uniform(-spread, spread), 6)


def polyline(points):
    out = []
    plat = plon = 0
    for lat, lon in points:
        for v, p in ((lat, plat), (lon, plon)):
            d = int(round(v * 1e5)) - p
            d = ~(d << 1) if d < 0 else (d << 1)
            while d >= 0x20:
                out.append(chr((0x20 | (d & 0x1f)) + 63))
                d >>= 5
            out.append(chr(d + 63))
        plat, plon = int(round(lat * 1e5)), int(round(lon * 1e5))
    return ''.join(out)


def route_points(n):
    _, lat, lon = coord_near()
    pts = []
    for _ in range(n):
        lat += R.uniform(-0.02, 0.02)
        lon += R.uniform(-0.03, 0.03)
        pts.append((round(lat, 5), round(lon, 5)))
    return pts


def mrn():
    body = pick(['24', '25', '26']) + pick(['DE', 'NL', 'BE', 'FR', 'PL', 'IT', 'ES', 'AT', 'CZ']) + updig(12) + pick('ABCDEJKLM')
    return body + str(iso6346_cd(body))


def bol():
    return pick([lambda: 'MAEU' + nz_digits(9), lambda: 'MEDU' + pick('LMNQ') + nz_digits(6),
                 lambda: 'HLCU' + pick(['HAM', 'RTM', 'ANR', 'BRV']) + digits(9), lambda: 'COSU' + nz_digits(10),
                 lambda: 'ONEY' + pick(['TYO', 'SHA', 'RTM']) + updig(8), lambda: 'CMDU' + pick(['SHZ', 'LEH', 'FOS']) + nz_digits(7),
                 lambda: 'EGLV' + nz_digits(12), lambda: 'OOLU' + nz_digits(10)])()


def booking():
    return pick([lambda: nz_digits(9), lambda: pick(['HAM', 'RTM', 'GOA']) + nz_digits(7), lambda: 'EBKG' + nz_digits(8)])()


def route_id():
    return 'RT-%s-%03d-%s' % (pick(['HAM', 'RTM', 'DUI', 'WAW', 'MIL', 'LYS', 'BCN', 'MAD', 'IST', 'PRG', 'BUD', 'GOT', 'POZ', 'VLC']),
                             rint(1, 999), '%02d%02d' % (rint(1, 12), rint(1, 28)))


def unit_no():
    return pick(['TRK', 'ZM', 'SZM', 'TRL', 'AUF', 'RFR', 'VAN']) + '-' + '%04d' % rint(1, 9999)


def dhl_waybill():
    return nz_digits(10)


def ups_tracking():
    return '1Z' + updig(6) + digits(10)


def private_ip():
    return pick([lambda: '10.%d.%d.%d' % (rint(0, 255), rint(0, 255), rint(1, 254)),
                 lambda: '172.%d.%d.%d' % (rint(16, 31), rint(0, 255), rint(1, 254)),
                 lambda: '192.168.%d.%d' % (rint(0, 255), rint(1, 254))])()


def seal_no():
    return pick(['', 'ML-', 'HL', 'CN', 'SL']) + nz_digits(pick([6, 7, 8]))


def hs_code():
    return '%04d.%02d.%02d' % (rint(100, 9706), rint(10, 99), rint(0, 99))


def firmware():
    return '%02d.%02d.%02d.Rev.%02d' % (rint(1, 4), rint(0, 60), rint(0, 20), rint(0, 9))


def semver():
    return '%d.%d.%d' % (rint(1, 9), rint(0, 40), rint(0, 30))


# --------------------------------------------------------------------------------------------
# binary fixtures (for data URIs)
# --------------------------------------------------------------------------------------------
def _chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)


def png_bytes(w=None, h=None):
    w = w or rint(2, 14)
    h = h or rint(2, 14)
    cols = [bytes([rint(0, 255), rint(0, 255), rint(0, 255), 255]) for _ in range(rint(1, 3))]
    rows = []
    for _ in range(h):
        rows.append(b'\x00' + b''.join(pick(cols) if chance(0.3) else cols[0] for _ in range(w)))
    return (b'\x89PNG\r\n\x1a\n' + _chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)) +
            _chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + _chunk(b'IEND', b''))


def gif_bytes():
    return (b'GIF89a\x01\x00\x01\x00\x80\x00\x00' + bytes([rint(0, 255) for _ in range(3)]) + b'\xff\xff\xff' +
            b'!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;')


def jpeg_bytes(n=None):
    n = n or rint(60, 260)
    dqt = b'\xff\xdb\x00\x43\x00' + bytes(sorted(rint(2, 60) for _ in range(64)))
    sof = b'\xff\xc0\x00\x11\x08' + struct.pack('>HH', rint(8, 64), rint(8, 64)) + b'\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01'
    return b'\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00' + dqt + sof + rbytes(n) + b'\xff\xd9'


def webp_bytes():
    body = b'VP8L' + struct.pack('<I', 10) + b'\x2f' + rbytes(9)
    return b'RIFF' + struct.pack('<I', 4 + len(body)) + b'WEBP' + body


def woff2_bytes(n=None):
    return b'wOF2\x00\x01\x00\x00' + struct.pack('>I', rint(900, 4000)) + rbytes(n or rint(80, 220))


def woff_bytes(n=None):
    return b'wOFF\x00\x01\x00\x00' + struct.pack('>I', rint(900, 4000)) + rbytes(n or rint(80, 220))


def ttf_bytes(n=None):
    return b'\x00\x01\x00\x00\x00\x0c\x00\x80\x00\x03\x00\x40' + rbytes(n or rint(80, 200))


def wav_bytes():
    data = bytes(128 + int(60 * ((i // 6) % 2 * 2 - 1)) for i in range(rint(40, 120)))
    fmt = struct.pack('<HHIIHH', 1, 1, 8000, 8000, 1, 8)
    return (b'RIFF' + struct.pack('<I', 36 + len(data)) + b'WAVEfmt ' + struct.pack('<I', 16) + fmt + b'data' +
            struct.pack('<I', len(data)) + data)


def pdf_bytes(title):
    s = ('%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
         '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 288 432]/Contents 4 0 R>>endobj\n'
         '4 0 obj<</Length 44>>stream\nBT /F1 12 Tf 20 400 Td (%s) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%%%EOF\n' % title)
    return s.encode()


def svg_text(kind=None):
    c = '#%06x' % rint(0, 0xffffff)
    kind = kind or pick(['truck', 'pin', 'box', 'dot', 'thermo'])
    if kind == 'truck':
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path fill="%s" '
                'd="M3 6h11v9H3zM14 9h4l3 3v3h-7z"/><circle cx="7" cy="17" r="2"/><circle cx="17" cy="17" r="2"/></svg>' % c)
    if kind == 'pin':
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="28" viewBox="0 0 20 28"><path fill="%s" '
                'd="M10 0C4.5 0 0 4.5 0 10c0 7.5 10 18 10 18s10-10.5 10-18C20 4.5 15.5 0 10 0z"/></svg>' % c)
    if kind == 'box':
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="2" y="4" width="12" height="10" '
                'fill="none" stroke="%s"/><path d="M2 4l6-3 6 3" stroke="%s" fill="none"/></svg>' % (c, c))
    if kind == 'thermo':
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 12 24"><rect x="4" y="1" width="4" height="16" rx="2" '
                'fill="%s"/><circle cx="6" cy="19" r="4" fill="%s"/></svg>' % (c, c))
    return '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="4" fill="%s"/></svg>' % c


def data_uri(mime, b):
    return 'data:%s;base64,%s' % (mime, b64(b))


def img_uri():
    k = pick(['png', 'png', 'gif', 'jpeg', 'webp', 'svg'])
    if k == 'png':
        return data_uri('image/png', png_bytes())
    if k == 'gif':
        return data_uri('image/gif', gif_bytes())
    if k == 'jpeg':
        return data_uri('image/jpeg', jpeg_bytes())
    if k == 'webp':
        return data_uri('image/webp', webp_bytes())
    return data_uri('image/svg+xml', svg_text().encode())


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, 'big')
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int_bytes(b):
    if b[0] & 0x80:
        b = b'\x00' + b
    return der(0x02, b)


def cert_der(n=None):
    # structurally plausible X.509 outer SEQUENCE with random body (a *public* certificate shape)
    body = der(0x30, der(0xa0, der_int_bytes(b'\x02')) + der_int_bytes(rbytes(16)) + rbytes(n or rint(500, 800)))
    return der(0x30, body)


# --------------------------------------------------------------------------------------------
# scanner: a negative that trips any of these is thrown away and redrawn
# --------------------------------------------------------------------------------------------
EMAIL_RE = re.compile(r'[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}')
TOKEN_RES = [
    ('github_classic', re.compile(r'gh[pousr]_[A-Za-z0-9]{30,}')),
    ('github_fine', re.compile(r'github_pat_[A-Za-z0-9_]{22,}')),
    ('slack_token', re.compile(r'xox[abposre]-[0-9]+-')),
    ('slack_token2', re.compile(r'xox[abposre]-[A-Za-z0-9-]{20,}')),
    ('sk_key', re.compile(r'sk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}')),
    ('jwt', re.compile(r'eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{8,}')),
    ('aws_key_id', re.compile(r'(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z2-7]{16}(?![A-Z0-9])')),
    ('slack_webhook', re.compile(r'hooks\.slack\.com/services/T[A-Z0-9]{8,}/B[A-Z0-9]{8,}/[A-Za-z0-9]{20,}')),
    ('aws_secret_ctx', re.compile(r'(?i)aws_?secret_?access_?key["\']?\s*[:=]\s*["\']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])')),
]
PEM_RE = re.compile(r'-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[ \t]*\r?\n((?:[ \t]*[A-Za-z0-9+/=]{20,}\r?\n?){2,})')
IPV4_RE = re.compile(r'(?<![0-9])((?:[0-9]{1,3}\.){3}[0-9]{1,3})(?![0-9])')
SSN_RE = re.compile(r'(?<![0-9])[0-9]{3}[- ][0-9]{2}[- ][0-9]{4}(?![0-9])')
PHONE_RES = [re.compile(r'\+[1-9][0-9]{0,2}[\s().-]*[0-9](?:[\s().-]{0,2}[0-9]){6,}'),
             re.compile(r'\([0-9]{3}\)\s?[0-9]{3}-[0-9]{4}')]
IBAN_RE = re.compile(r'(?<![A-Za-z0-9])([A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){10,32})')
DIGRUN_RE = re.compile(r'(?<![0-9])[0-9](?:[ -]?[0-9])+(?![0-9])')
URLCRED_RE = re.compile(r'[a-z][a-z0-9+.-]*://([^/\s:@<>]*):([^/\s@<>]+)@')
NAMES = ['John', 'Maria', 'Anna', 'Peter', 'Thomas', 'Michael', 'David', 'Sarah', 'Laura', 'Piotr', 'Ahmed',
         'Mehmet', 'Yuki', 'Hans', 'Pierre', 'Carlos', 'José', 'Ivan', 'Olga', 'Fatima', 'Wei', 'Kenji', 'Lars',
         'Sven', 'Jürgen', 'Giovanni', 'Marco', 'Pedro', 'Joao', 'João', 'Sophie', 'Emma', 'Lucas', 'Ali', 'Ayşe']
NAME_RE = re.compile(r'\b(?:' + '|'.join(NAMES) + r')\b')
OK_URL_PW = {'guest', 'postgres', 'password', 'pass', 'changeme', 'admin', 'root', 'secret', 'example', 'test'}


def ip_public(s):
    try:
        parts = [int(p) for p in s.split('.')]
        if any(p > 255 for p in parts):
            return False
        a = ipaddress.IPv4Address(s)
    except ValueError:
        return False
    return a.is_global and not a.is_multicast and not a.is_reserved


def luhn_hits(text):
    out = []
    for m in DIGRUN_RE.finditer(text):
        groups = re.split(r'[ -]', m.group())
        for i in range(len(groups)):
            acc = ''
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc):
                    out.append(acc)
    return out


def iban_hits(text):
    out = []
    for m in IBAN_RE.finditer(text):
        compact = m.group(1).replace(' ', '')
        L = IBAN_LEN.get(compact[:2])
        if L and len(compact) >= L:
            cand = compact[:L]
            if cand[2:4].isdigit() and mod97(cand) == 1:
                out.append(cand)
    return out


def scan(text):
    """Return a list of (kind, match) findings."""
    f = []
    for m in EMAIL_RE.finditer(text):
        f.append(('email', m.group()))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            v = m.group()
            if 'EXAMPLE' in v or name == 'slack_webhook' and 'T00000000' in v:
                continue
            f.append((name, v))
    for m in PEM_RE.finditer(text):
        f.append(('pem_private', m.group(1)[:30]))
    for m in IPV4_RE.finditer(text):
        if ip_public(m.group(1)):
            f.append(('public_ipv4', m.group(1)))
    for m in SSN_RE.finditer(text):
        f.append(('ssn_shape', m.group()))
    for rx in PHONE_RES:
        for m in rx.finditer(text):
            f.append(('phone', m.group()))
    for v in luhn_hits(text):
        f.append(('luhn', v))
    for v in iban_hits(text):
        f.append(('iban', v))
    for m in URLCRED_RE.finditer(text):
        pw = m.group(2)
        if pw.lower() not in OK_URL_PW and not re.search(r'[<>${}*]|xxx|XXX|\.\.\.|…', pw):
            f.append(('url_credentials', m.group()))
    for m in NAME_RE.finditer(text):
        f.append(('person_name', m.group()))
    return f


# --------------------------------------------------------------------------------------------
# multilingual glue
# --------------------------------------------------------------------------------------------
LEAD = {
    'en': ['fyi', 'heads up:', 'quick one -', 'FYI:', 'for the record:', 'context:', 'morning all,'],
    'de': ['Zur Info:', 'Kurz zur Info:', 'Moin,', 'Hinweis:', 'Servus,'],
    'fr': ['Pour info :', 'Petit point :', 'Bonjour,', 'Hello,'],
    'es': ['Para que conste:', 'Ojo:', 'Buenas,', 'Os paso esto:'],
    'pt': ['Só pra registrar:', 'Pessoal,', 'Bom dia,'],
    'nl': ['Ter info:', 'Even ter info:', 'Hoi,'],
    'pl': ['Dla info:', 'Uwaga:', 'Cześć,'],
    'it': ['Per info:', 'Nota:', 'Ciao,'],
    'tr': ['Bilgi için:', 'Not:', 'Merhaba,'],
    'ru': ['К сведению:', 'Коллеги,', 'Напоминаю:'],
    'uk': ['До відома:', 'Колеги,'],
    'ja': ['参考までに:', 'メモ:', '共有です:'],
    'zh': ['供参考：', '备注：', '同步一下：'],
    'ko': ['참고:', '공유드립니다:'],
    'ar': ['للعلم:', 'ملاحظة:'],
    'cs': ['Pro info:', 'Poznámka:'],
    'sv': ['För kännedom:', 'Obs:'],
    'ro': ['Pentru informare:', 'Salut,'],
    'hu': ['Tájékoztatásul:', 'Sziasztok,'],
}
TRAIL = {
    'en': ['thx', 'any idea?', 'cc @ops-oncall', 'will dig further after lunch', ':eyes:'],
    'de': ['Danke!', 'Jemand eine Idee?', 'schaue ich mir morgen an'],
    'fr': ['merci !', 'une idée ?'],
    'es': ['gracias!', '¿alguna idea?'],
    'pt': ['valeu!', 'alguma ideia?'],
    'nl': ['bedankt!', 'iemand een idee?'],
    'pl': ['dzięki!', 'ktoś coś wie?'],
    'it': ['grazie!', 'idee?'],
    'tr': ['teşekkürler!', 'fikri olan?'],
    'ru': ['спасибо!', 'есть идеи?'],
    'ja': ['よろしくお願いします', '何か心当たりありますか？'],
    'zh': ['谢谢！', '有人知道吗？'],
    'ko': ['감사합니다!', '혹시 아시는 분?'],
    'cs': ['díky!'],
    'sv': ['tack!'],
}
INTRO = {
    'log': {
        'en': ['seeing this on the ingest pod since the deploy:', 'this shows up every few minutes:', 'log from the night shift:'],
        'de': ['Seit dem Deploy sehe ich das hier:', 'Das kommt alle paar Minuten im Log:'],
        'fr': ['On a ça dans les logs depuis ce matin :', 'Extrait des logs de cette nuit :'],
        'es': ['Esto sale en los logs desde esta mañana:', 'Log del turno de noche:'],
        'pt': ['Apareceu isso no log:', 'Log do turno da noite:'],
        'nl': ['Dit staat in de logs sinds vannacht:'],
        'pl': ['Od rana w logach mamy coś takiego:'],
        'it': ['Da stamattina nei log vediamo questo:'],
        'tr': ['Sabahtan beri loglarda bu var:'],
        'ru': ['С утра в логах вот такое:'],
        'uk': ['З ранку в логах таке:'],
        'ja': ['今朝からログにこれが出ています:'],
        'zh': ['今天早上开始日志里出现这个：'],
        'ko': ['아침부터 로그에 이게 찍힙니다:'],
        'ar': ['هذا يظهر في السجلات منذ الصباح:'],
        'cs': ['Od rána v logu vidíme tohle:'],
        'sv': ['Det här dyker upp i loggarna sedan i morse:'],
        'ro': ['De dimineață apare asta în loguri:'],
        'hu': ['Reggel óta ez jelenik meg a logban:'],
    },
    'code': {
        'en': ['this is the relevant part:', 'here is the snippet:', 'PR is up, the interesting bit:'],
        'de': ['Das ist der relevante Teil:', 'Hier der Ausschnitt:'],
        'fr': ['Voici la partie concernée :'],
        'es': ['Esta es la parte relevante:'],
        'pt': ['Essa é a parte relevante:'],
        'nl': ['Dit is het relevante stuk:'],
        'pl': ['To jest istotny fragment:'],
        'it': ['Questa è la parte rilevante:'],
        'tr': ['İlgili kısım bu:'],
        'ru': ['Вот нужный кусок:'],
        'ja': ['該当箇所はこちら:'],
        'zh': ['相关代码如下：'],
        'ko': ['관련 부분입니다:'],
        'ar': ['هذا هو الجزء المعني:'],
        'cs': ['Tohle je ta podstatná část:'],
        'sv': ['Det här är den relevanta delen:'],
        'ro': ['Aceasta este partea relevantă:'],
        'hu': ['Ez a releváns rész:'],
        'uk': ['Ось потрібна частина:'],
    },
    'data': {
        'en': ["here's the export:", 'numbers from this morning:', 'pasting the scanner output:'],
        'de': ['Hier der Export:', 'Die Scannerausgabe von heute früh:'],
        'fr': ["Voici l'export :", 'Sortie du scanner :'],
        'es': ['Aquí va el export:', 'Salida del escáner:'],
        'pt': ['Segue o export:'],
        'nl': ['Hier is de export:'],
        'pl': ['Poniżej eksport:', 'Wynik ze skanera:'],
        'it': ["Ecco l'export:"],
        'tr': ['Dışa aktarım aşağıda:'],
        'ru': ['Вот выгрузка:'],
        'uk': ['Ось вивантаження:'],
        'ja': ['エクスポートです:'],
        'zh': ['导出结果如下：'],
        'ko': ['내보내기 결과입니다:'],
        'ar': ['إليكم ملف التصدير:'],
        'cs': ['Tady je export:'],
        'sv': ['Här är exporten:'],
        'ro': ['Iată exportul:'],
        'hu': ['Itt az export:'],
    },
}


MSG_LANG = ['en']
MSG_LANG_W = {'en': 40, 'de': 9, 'fr': 5, 'es': 5, 'pl': 5, 'nl': 5, 'it': 4, 'pt': 4, 'tr': 3, 'ru': 3, 'ja': 3, 'zh': 3,
              'ko': 2, 'cs': 2, 'sv': 2, 'ro': 2, 'uk': 2, 'hu': 1, 'ar': 1}


def set_msg_lang(lg=None):
    if lg is None:
        ks = list(MSG_LANG_W)
        lg = R.choices(ks, weights=[MSG_LANG_W[k] for k in ks])[0]
    MSG_LANG[0] = lg


def intro(kind, p=0.75):
    if not chance(p):
        return ''
    lg = MSG_LANG[0] if MSG_LANG[0] in INTRO[kind] and not chance(0.2) else 'en'
    lang(lg)
    return pick(INTRO[kind][lg]) + '\n'


def glue(text, p_lead=0.14, p_trail=0.07):
    lg = MSG_LANG[0]
    if chance(p_lead) and lg in LEAD:
        lang(lg)
        sep = '\n' if text.startswith('```') or chance(0.2) else ' '
        text = pick(LEAD[lg]) + sep + text
    if chance(p_trail) and lg in TRAIL:
        lang(lg)
        text = text + '\n' + pick(TRAIL[lg])
    return text


CARRIERS = ['Maersk', 'Hapag-Lloyd', 'MSC', 'CMA CGM', 'ONE', 'Evergreen', 'COSCO', 'OOCL', 'DB Schenker', 'DSV', 'Kuehne+Nagel',
            'Raben', 'Dachser', 'GEODIS', 'XPO', 'Girteka', 'Ewals', 'H.Essers', 'Arcese', 'Fercam']
TEAM = ['dispatch', 'ops-oncall', 'wms-team', 'edi-team', 'night-dispo', 'customs-desk', 'fleet-eng', 'driver-app', 'yard-ops',
        'reefer-desk', 'sec-team', 'finance-ap', 'tms-dev']


# ============================================================================================
# NEGATIVES
# ============================================================================================
# ---- non_credential_blob -------------------------------------------------------------------
GIT_MSGS = ['fix(edi): handle IFTSTA with empty LOC segment', 'feat(routes): geofence dwell alerts',
            'chore: bump telematics-sdk to %s' % '4.2.1', 'fix(scanner): SSCC parse with leading AI (00)',
            'refactor(tms): split customs module', 'feat(reefer): alarm on setpoint deviation > 2°C',
            'fix(driver-app): crash on POD upload retry', 'ci: cache gradle deps', 'docs: X12 214 mapping table',
            'fix(bol): normalise HLCU booking refs', 'perf(geo): geohash prefix index for yard lookups',
            'feat(customs): MRN status polling via NCTS', 'fix(wms): dock door assignment race',
            'feat(edi): DESADV v D.96A mapper', 'fix(tacho): DDD download retry on CRC mismatch',
            'chore(deps): update okhttp', 'test: fixtures for BAPLIE parser', 'fix: timezone of ETA in IFTMIN']


def nb_git_log():
    lang('en')
    n = rint(3, 14)
    if chance(0.5):
        lines = ['$ git log --oneline -n %d' % n] + ['%s %s' % (hexs(pick([7, 8, 9, 10])), pick(GIT_MSGS)) for _ in range(n)]
    else:
        lines = []
        for _ in range(min(n, 5)):
            lines += ['commit ' + hexs(40), 'Merge: %s %s' % (hexs(7), hexs(7)) if chance(0.2) else 'Date:   ' + iso_ts(ms=False),
                      '', '    ' + pick(GIT_MSGS), '']
        lines = lines[:38]
    return intro('code', 0.4) + maybe_fence('\n'.join(lines).rstrip())


def nb_docker_push():
    lang('en')
    svc = pick(['telematics-ingest', 'route-optimizer', 'edi-gateway', 'customs-bridge', 'wms-scanner-api', 'reefer-monitor',
                'pod-service', 'driver-app-bff', 'tacho-downloader', 'yard-planner'])
    tag = semver()
    reg = pick(['registry.fleet.internal', 'harbor.ops.local', 'cr.tms.lan:5000'])
    lines = ['$ docker push %s/%s:%s' % (reg, svc, tag), 'The push refers to repository [%s/%s]' % (reg, svc)]
    for _ in range(rint(2, 7)):
        lines.append('%s: %s' % (hexs(12), pick(['Pushed', 'Layer already exists', 'Mounted from library/eclipse-temurin'])))
    lines.append('%s: digest: sha256:%s size: %d' % (tag, hexs(64), rint(900, 4200)))
    if chance(0.4):
        lines += ['', 'deploy with:', '  image: %s/%s@sha256:%s' % (reg, svc, hexs(64))]
    return intro('log', 0.5) + maybe_fence('\n'.join(lines))


def nb_firmware_sums():
    lang('en')
    dev = pick(['FMB920', 'FMC130', 'CV200', 'TGU-7', 'RDL-4G', 'TK-REEFER-2'])
    lines = []
    for _ in range(rint(2, 9)):
        fn = '%s_%s_%s.%s' % (dev, firmware().replace('.Rev.', '_r'), pick(['eu', 'na', 'global']), pick(['bin', 'e.xim', 'fw', 'cfg']))
        algo = pick(['sha256', 'sha256', 'md5', 'sha1'])
        h = hexs({'sha256': 64, 'md5': 32, 'sha1': 40}[algo])
        lines.append('%s  %s' % (h, fn))
    head = pick(['Firmware bundle for the %s rollout, checksums below:' % dev,
                 'Neue Firmware für die %s-Boxen, Prüfsummen:' % dev,
                 'Firmware %s : sommes de contrôle avant déploiement OTA' % dev,
                 '%s のファームウェア、チェックサムです' % dev])
    for code, w in (('de', 'Neue'), ('fr', 'sommes'), ('ja', 'ファーム')):
        if w in head:
            lang(code)
    return head + '\n' + fence('\n'.join(lines))


def nb_vin_decode():
    lang('en')
    rows = ['unit      | vin               | make      | my   | telematics_id',
            '----------|-------------------|-----------|------|--------------']
    for _ in range(rint(3, 16)):
        v = vin()
        rows.append('%-9s | %s | %-9s | %s | TLM-%s' % (unit_no(), v, WMI_MAKE[v[:3]],
                                                        {'L': 2020, 'M': 2021, 'N': 2022, 'P': 2023, 'R': 2024, 'S': 2025}[v[9]],
                                                        hexs(8, True)))
    return intro('data', 0.6) + maybe_fence('\n'.join(rows), p=0.6)


def edifact_iftsta():
    ref = nz_digits(pick([6, 9, 14]))
    seg = ["UNA:+.? '", "UNB+UNOC:3+%s:ZZZ+%s:ZZZ+%s:%s+%s'" % (pick(['FLEETCO', 'NKLOG', '4012345000009']), pick(['HLCU', 'MAEU', 'RABEN']),
                                                                  date_iso()[2:].replace('-', ''), hhmm().replace(':', ''), ref),
           "UNH+%s+IFTSTA:D:01B:UN'" % nz_digits(5), "BGM+77+%s+9'" % bol(),
           "DTM+137:%s:203'" % (date_iso().replace('-', '') + hhmm().replace(':', '')),
           "NAD+CA+%s::172'" % pick(['HLCU', 'MAEU', 'MSCU']), "CNI+1+%s'" % bol(),
           "STS+1+%s'" % pick(['ARR', 'DEP', 'LOA', 'DIS', 'GIN', 'GOU']),
           "LOC+175+%s:139:6'" % pick(['DEHAM', 'NLRTM', 'BEANR', 'PLGDN', 'ITGOA', 'ESVLC']),
           "EQD+CN+%s+45G1:102:5'" % container(0), "UNT+%d+%s'" % (rint(8, 12), nz_digits(5)), "UNZ+1+%s'" % ref]
    return seg


def x12_214():
    ctrl = '%09d' % rint(1, 999999999)
    seg = ['ISA*00*          *00*          *02*%-15s*ZZ*%-15s*%s*%s*U*00401*%s*0*P*>~' %
           (pick(['FLTC', 'NKLG', 'SCAC']), pick(['SHIPPERX', 'RETAILCO', 'BIGBOX']), date_iso()[2:].replace('-', ''),
            hhmm().replace(':', ''), ctrl),
           'GS*QM*%s*%s*%s*%s*%d*X*004010~' % (pick(['FLTC', 'NKLG']), pick(['SHIPPERX', 'RETAILCO']), date_iso().replace('-', ''),
                                              hhmm().replace(':', ''), rint(1, 99999)),
           'ST*214*%04d~' % rint(1, 9999), 'B10*%s*%s*%s~' % (nz_digits(8), 'SID' + nz_digits(7), pick(['FLTC', 'NKLG'])),
           'L11*%s*BM~' % bol(), 'AT7*%s*NS***%s*%s*LT~' % (pick(['X1', 'X3', 'AF', 'D1', 'X6']), date_iso().replace('-', ''),
                                                        hhmm().replace(':', '')),
           'MS1*%s*%s*%s~' % (pick(['MEMPHIS', 'LAREDO', 'DALLAS', 'COLUMBUS']), pick(['TN', 'TX', 'OH']), 'US'),
           'MS2*%s*%s~' % (pick(['FLTC', 'NKLG']), nz_digits(6)), 'SE*%d*%04d~' % (rint(7, 9), rint(1, 9999)),
           'GE*1*%d~' % rint(1, 99999), 'IEA*1*%s~' % ctrl]
    return seg


def nb_edi_dump():
    if chance(0.55):
        seg = edifact_iftsta()
        head = pick(['IFTSTA from the carrier failed mapping, raw message:', 'Rohnachricht IFTSTA (Mapping-Fehler in Zeile 9):',
                     'Le message IFTSTA brut, rejeté par le mapper :', 'Mensaje IFTSTA en bruto que rechaza el mapeo:'])
    else:
        seg = x12_214()
        head = pick(['214 from the shipper VAN, AT7 status code not mapped:', 'raw X12 214 (control number mismatch?):',
                     'Surowy komunikat X12 214 z VAN-u:'])
    lang({'I': 'en', 'r': 'en', 'R': 'de', 'L': 'fr', 'M': 'es', 'S': 'pl', '2': 'en'}.get(head[0], 'en'))
    joined = '\n'.join(seg) if chance(0.7) else ''.join(seg)
    return head + '\n' + fence(joined)


def nb_geohash():
    lang('en')
    name, lat, lon = coord_near()
    p = pick([6, 7, 8])
    cells = sorted({geohash(lat + R.uniform(-0.01, 0.01), lon + R.uniform(-0.01, 0.01), p) for _ in range(rint(4, 14))})
    k = R.random()
    if k < 0.4:
        body = json.dumps({'geofence': name.lower().replace(' ', '_'), 'precision': p, 'cells': cells,
                           'dwell_alert_min': rint(10, 90)}, ensure_ascii=False, indent=2 if chance(0.5) else None)
        return 'geofence for %s, generated from the yard polygon:\n' % name + fence(body, 'json')
    if k < 0.7:
        lines = ['%s %s %s' % (iso_ts(), geohash(lat + R.uniform(-0.01, 0.01), lon + R.uniform(-0.01, 0.01), 9), unit_no())
                 for _ in range(rint(3, 12))]
        return intro('log') + fence('\n'.join(lines))
    lang(pick(['de', 'nl', 'pl']))
    return pick(['Geohash-Zellen für %s: ', 'geohash-cellen voor %s: ', 'komórki geohash dla %s: ']) % name + ', '.join(cells)


def nb_polyline():
    lang('en')
    pts = route_points(rint(6, 40))
    pl = polyline(pts)
    k = R.random()
    if k < 0.5:
        body = json.dumps({'route_id': route_id(), 'stops': rint(3, 22), 'distance_m': rint(12000, 480000),
                           'overview_polyline': pl}, indent=2)
        return intro('data', 0.5) + fence(body, 'json')
    if k < 0.8:
        return 'encoded polyline for %s (precision 5): `%s`' % (route_id(), pl)
    lang('es')
    return 'Polilínea de la ruta %s, decodificada sale bien en el mapa:\n%s' % (route_id(), pl)


def codec8_packet():
    n = rint(1, 3)
    avl = ''
    for _ in range(n):
        avl += '%016x' % (epoch_s() * 1000) + '00' + '%08x%08x' % (rint(0, 0xffffffff), rint(0, 0xffffffff)) + hexs(16) + hexs(rint(20, 60))
    data = '08' + '%02x' % n + avl + '%02x' % n
    return ('00000000' + '%08x' % (len(data) // 2) + data + '0000' + hexs(4)).upper()


def nb_avl_hex():
    lang('en')
    lines = []
    for _ in range(rint(2, 7)):
        lines.append('%s RX imei=%s len=%d %s' % (iso_ts(), imei(), rint(60, 200), codec8_packet()))
    head = pick(['raw AVL packets from the gateway, codec 8 decode fails on the 2nd one:',
                 'Rohdaten vom Teltonika-Gateway:', 'Сырые пакеты с шлюза телематики:', 'テレマティクスゲートウェイの生パケット:'])
    for code, w in (('de', 'Rohdaten'), ('ru', 'Сырые'), ('ja', '生パケット')):
        if w in head:
            lang(code)
    return head + '\n' + fence('\n'.join(lines))


def nb_driver_log_ids():
    lang('en')
    lines = []
    for _ in range(rint(2, 10)):
        lines.append(json.dumps({'ts': iso_ts(), 'level': pick(['INFO', 'WARN', 'ERROR']), 'svc': 'driver-app-bff',
                                 'trace_id': hexs(32), 'span_id': hexs(16), 'request_id': uuid4(),
                                 'tour': route_id(), 'msg': pick(['pod upload accepted', 'stop completed', 'eta recalculated',
                                                                  'photo upload retry', 'geofence enter', 'checklist submitted'])}))
    return intro('log') + fence('\n'.join(lines))


def nb_s3_pod():
    lang('en')
    lines = ['$ aws s3 ls s3://fleet-pod-archive/%s/ --recursive | head' % date_iso().replace('-', '/')]
    for _ in range(rint(3, 12)):
        lines.append('%s %s %9d pod/%s/%s.%s' % (date_iso(), hhmm() + ':%02d' % rint(0, 59), rint(20000, 4800000),
                                                route_id(), hexs(40), pick(['jpg', 'webp', 'pdf'])))
    return fence('\n'.join(lines))


def nb_ssh_pub():
    lang('en')
    key = b64(b'\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20' + rbytes(32))
    rsa = b64(b'\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00' + rbytes(256))
    k = R.random()
    host = pick(['sftp-edi.carrier-gw.lan', 'edi-drop.partner-hub.local', 'as2-test.fleet.internal', 'tacho-sync.ops.lan'])
    if k < 0.35:
        return ('Please add the build runner deploy key (public) to the edi-gateway repo:\n`ssh-ed25519 %s ci-runner-edi`' % key)
    if k < 0.7:
        lines = ['%s ssh-ed25519 %s' % (host, key), '%s ssh-rsa %s' % (host, rsa)]
        return ('known_hosts entries for the new SFTP endpoint (host keys, public):\n' + fence('\n'.join(lines)) +
                '\nfingerprint `SHA256:%s`' % b64(rbytes(32)).rstrip('='))
    lang('de')
    return 'Host-Key-Fingerprint vom EDI-SFTP, bitte beim ersten Connect vergleichen: SHA256:%s (ED25519)' % b64(rbytes(32)).rstrip('=')


def nb_cert():
    lang('en')
    body = wrap(b64(cert_der()))
    head = pick(['AS2 partner sent their new public signing certificate, valid from %s:' % date_iso(),
                 'Zertifikat (öffentlich) für die AS2-Verbindung zum Zollbroker:', 'Certificado público del socio AS2:'])
    if 'Zertifikat' in head:
        lang('de')
    if 'Certificado' in head:
        lang('es')
    return head + '\n' + fence('-----BEGIN CERTIFICATE-----\n' + body + '\n-----END CERTIFICATE-----')


def nb_mdn():
    lang('en')
    lines = ['Content-Type: message/disposition-notification', 'Reporting-UA: %s' % pick(['AS2 Server 6.2', 'OpenAS2 3.8', 'Mendelson 1.1']),
             'Original-Recipient: rfc822; %s' % pick(['FLEETCO_AS2', 'NKLOG_PROD']), 'Final-Recipient: rfc822; %s' % pick(['FLEETCO_AS2', 'NKLOG_PROD']),
             'Original-Message-ID: <%s@%s>' % (hexs(24), pick(['as2-gw', 'mendelson', 'edi-broker'])),
             'Disposition: automatic-action/MDN-sent-automatically; processed',
             'Received-Content-MIC: %s, sha256' % b64(rbytes(32))]
    return intro('log', 0.6) + fence('\n'.join(lines))


def nb_lock_integrity():
    lang('en')
    pk = pick(['react-native-maps', '@mapbox/polyline', 'ngeohash', 'react-native-vision-camera', 'date-fns-tz', 'zod'])
    ver = semver()
    lines = ['"node_modules/%s": {' % pk, '  "version": "%s",' % ver,
             '  "resolved": "https://registry.npmjs.org/%s/-/%s-%s.tgz",' % (pk, pk.split('/')[-1], ver),
             '  "integrity": "sha512-%s"' % b64(rbytes(64)), '}']
    return 'driver app lockfile diff after the bump:\n' + fence('\n'.join(lines), 'json')


def nb_sentry():
    lang('en')
    return pick(['Crash in the driver app again, Sentry event %s (release driver-app@%s+%d)',
                 'Sentry-Event %s, Release driver-app@%s+%d – gleicher Stacktrace wie gestern']) % (hexs(32), semver(), rint(100, 9999))


def nb_zpl():
    lang('en')
    w = rint(4, 10)
    rows = rint(4, 12)
    gfa = ''.join(hexs(w * 2, True) for _ in range(rows))
    lines = ['^XA', '^FO40,30^A0N,36,36^FD%s^FS' % route_id(), '^FO40,80^BCN,120,Y,N,N^FD>;>8%s^FS' % ('00' + sscc()),
             '^FO40,230^GFA,%d,%d,%d,%s^FS' % (len(gfa) // 2, len(gfa) // 2, w, gfa), '^XZ']
    return pick(['label printer at dock 4 prints garbage, this is the ZPL we send:', 'ZPL des Palettenetiketts:',
                 'ZPL etykiety paletowej z drukarki na rampie:']) + '\n' + fence('\n'.join(lines))


def nb_mqtt_payload():
    lang('en')
    lines = []
    for _ in range(rint(2, 8)):
        lines.append('%s mqtt topic=fleet/%s/telemetry qos=1 payload_b64=%s' % (iso_ts(), 'TLM-' + hexs(8, True), b64(rbytes(rint(24, 60)))))
    return intro('log') + fence('\n'.join(lines))


def nb_webhook_sig():
    lang('en')
    lines = ['POST /hooks/visibility HTTP/1.1', 'Content-Type: application/json',
             'X-Webhook-Id: %s' % uuid4(), 'X-Webhook-Timestamp: %d' % epoch_s(),
             'X-Signature-SHA256: %s' % hexs(64), '', json.dumps({'event': 'container.discharged', 'container': container(0),
                                                                   'port': pick(['DEHAM', 'NLRTM', 'BEANR'])})]
    return ('the visibility platform retries because we answer 401, signature check fails (we compare the digest below '
            'against our HMAC of the body):\n' + fence('\n'.join(lines), 'http'))


def nb_gpg_fpr():
    lang(pick(['en', 'de', 'nl']))
    fp = ' '.join(hexs(4, True) for _ in range(10))
    return pick(['Customs broker encrypts the CUSDEC archive with our public key, fingerprint %s',
                 'Öffentlicher GPG-Schlüssel für die Zollarchive, Fingerprint: %s',
                 'Publieke sleutel voor de douane-export, vingerafdruk %s']) % fp


def nb_tacho_files():
    lang('en')
    lines = []
    for _ in range(rint(3, 12)):
        lines.append('%s_%s_%s.ddd  %6d  sha1=%s' % (pick(['V', 'M']), unit_no(), date_iso().replace('-', ''), rint(20000, 400000), hexs(40)))
    return pick(['tacho downloads archived last night:', 'Archivierte Tacho-Downloads (Massenspeicher):',
                 'Pobrane pliki z tachografów:']) + '\n' + fence('\n'.join(lines))


def nb_helm_checksum():
    lang('en')
    return fence('\n'.join(['spec:', '  template:', '    metadata:', '      annotations:',
                            '        checksum/config: %s' % hexs(64), '        checksum/routing-rules: %s' % hexs(64),
                            '      labels:', '        app: %s' % pick(['route-optimizer', 'edi-gateway', 'reefer-monitor']),
                            '        pod-template-hash: %s' % lower_alnum(10)]), 'yaml')


def nb_b64_cursor():
    lang('en')
    cur = b64(json.dumps({'last_event_id': nz_digits(12), 'ts': epoch_s()}).encode()).rstrip('=')
    return ('GET /v2/shipments/events?cursor=%s&limit=500 keeps returning the same page, the cursor decodes to the same '
            'last_event_id every time' % cur)


def nb_kafka():
    lang('en')
    lines = ['GROUP            TOPIC                 PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID']
    g = pick(['eta-calculator', 'geofence-engine', 'edi-outbound'])
    for p in range(rint(3, 8)):
        o = rint(10 ** 6, 9 * 10 ** 8)
        lines.append('%-16s %-21s %-10d %-15d %-15d %-5d %s-%s' % (g, 'telemetry.positions.v2', p, o, o + rint(0, 900), rint(0, 900),
                                                               'consumer-1', uuid4()))
    return intro('log', 0.4) + fence('\n'.join(lines))


def nb_barcode_raw():
    lang('en')
    lines = []
    for _ in range(rint(2, 8)):
        raw = '00' + sscc()
        lines.append('%s scan dev=%s sym=GS1-128 raw=%s hex=%s' % (iso_ts(ms=False), 'MC93-' + updig(5), raw, raw.encode().hex()))
    return pick(['Handscanner an Tor 7 liefert das hier:', 'the scanner at door 7 sends this:', 'skaner na bramie 7 wysyła:']) + '\n' + fence('\n'.join(lines))


NB_TEMPLATES = [nb_git_log, nb_docker_push, nb_firmware_sums, nb_vin_decode, nb_edi_dump, nb_geohash, nb_polyline,
                nb_avl_hex, nb_driver_log_ids, nb_s3_pod, nb_ssh_pub, nb_cert, nb_mdn, nb_lock_integrity, nb_sentry, nb_zpl,
                nb_mqtt_payload, nb_webhook_sig, nb_gpg_fpr, nb_tacho_files, nb_helm_checksum, nb_b64_cursor, nb_kafka,
                nb_barcode_raw]


# ---- pii_lookalike_number ------------------------------------------------------------------
def pl_containers():
    n = rint(2, 14)
    rows = []
    for _ in range(n):
        rows.append('%s | %s | %s | seal %s | VGM %s kg' % (container(), pick(['22G1', '45G1', '45R1', '42G1', '22T6']), bol(), seal_no(),
                                                          '{:,}'.format(rint(3800, 32400)).replace(',', pick([',', '.', ' ']))))
    head = pick([('en', 'Containers on the Bremerhaven rail slot tonight:'), ('de', 'Container für den Zug heute Nacht:'),
                 ('nl', 'Containers voor de binnenvaart morgen:'), ('pl', 'Kontenery na jutrzejszy pociąg:'),
                 ('tr', 'Yarınki gemiye yüklenecek konteynerler:'), ('zh', '今晚铁路班列的集装箱：')])
    lang(head[0])
    return head[1] + '\n' + maybe_fence('\n'.join(rows), p=0.5)


def pl_sscc_scan():
    lines = []
    for _ in range(rint(3, 20)):
        s = sscc()
        form = R.random()
        if form < 0.4:
            t = '(00)' + s
        elif form < 0.7:
            t = '(00) %s %s %s %s' % (s[0], s[1:8], s[8:17], s[17])
        else:
            t = s
        lines.append('%s  %-4s  %s  %s' % (hhmm() + ':%02d' % rint(0, 59), pick(['OK', 'OK', 'OK', 'DUP', 'ERR']), t,
                                          pick(['door 3', 'door 7', 'Tor 12', 'quai 2', 'rampa 5', 'dock B'])))
    return intro('data') + fence('\n'.join(lines))


def pl_gps_csv():
    name, lat, lon = coord_near()
    lines = ['ts,unit,lat,lon,speed_kmh,heading,odo_km']
    t = epoch_s() * 1000
    odo = rint(10000, 1900000)
    u = unit_no()
    for _ in range(rint(4, 38)):
        lat += R.uniform(-0.004, 0.004)
        lon += R.uniform(-0.006, 0.006)
        t += rint(15000, 60000)
        odo += rint(0, 2)
        lines.append('%d,%s,%.6f,%.6f,%d,%d,%d' % (t, u, lat, lon, rint(0, 89), rint(0, 359), odo))
    return intro('data') + fence('\n'.join(lines[:39]), 'csv')


def pl_device_inventory():
    rows = ['| unit | IMEI | ICCID | fw | last seen |', '|---|---|---|---|---|']
    for _ in range(rint(2, 12)):
        rows.append('| %s | %s | %s | %s | %s |' % (unit_no(), imei(), iccid(), firmware(), iso_ts(ms=False)))
    head = pick([('en', 'Telematics boxes that did not check in after the APN change:'),
                 ('de', 'Telematikboxen ohne Lebenszeichen seit dem APN-Wechsel:'),
                 ('fr', 'Boîtiers télématiques muets depuis le changement d’APN :'),
                 ('it', 'Centraline telematiche che non comunicano dopo il cambio APN:'),
                 ('cs', 'Telematické jednotky, které se po změně APN neozvaly:')])
    lang(head[0])
    return head[1] + '\n' + '\n'.join(rows)


def pl_tour_numbers():
    n = rint(1, 6)
    tours = [nz_digits(10) for _ in range(n)]
    tpl = pick([('en', 'Tours %s need re-planning, the customer moved the slot.'),
                ('de', 'Touren %s bitte neu disponieren, Kunde hat das Zeitfenster verschoben.'),
                ('es', 'Hay que replanificar los viajes %s, el cliente ha cambiado la franja.'),
                ('pt', 'As viagens %s precisam ser replanejadas.'),
                ('ro', 'Cursele %s trebuie replanificate, clientul a mutat fereastra.'),
                ('hu', 'A(z) %s fuvarokat újra kell tervezni.')])
    lang(tpl[0])
    return tpl[1] % ', '.join(tours)


def pl_customs():
    k = R.random()
    if k < 0.4:
        lang('de')
        lines = ['MRN %s – Status: %s' % (mrn(), pick(['Überlassen', 'Angenommen', 'Gestellt', 'Beschau angeordnet'])) for _ in range(rint(1, 6))]
        return 'ATLAS-Rückmeldungen von heute:\n' + '\n'.join(lines)
    if k < 0.7:
        lang('en')
        e = '%s-%s-%s' % (updig(3), nz_digits(7), digits(1))
        return ('US entry %s filed, HTS %s, entered value USD %s, duty %s. Broker ref %s' %
                (e, '%04d.%02d.%04d' % (rint(1000, 9999), rint(10, 99), rint(0, 9999)), '{:,.2f}'.format(R.uniform(2000, 480000)),
                 '{:,.2f}'.format(R.uniform(50, 30000)), nz_digits(8)))
    lang('fr')
    return 'Déclaration %s (MRN %s) : position tarifaire %s, poids net %s kg, valeur en douane %s €' % (
        'IM A', mrn(), hs_code(), '{:,}'.format(rint(200, 24000)).replace(',', ' '), '{:,.2f}'.format(R.uniform(1000, 300000)).replace(',', ' ').replace('.', ',', 1))


def pl_amounts():
    k = R.randint(0, 4)
    if k == 0:
        lang('de')
        return 'Frachtrechnung %s über %s € netto, Zahlungsziel 30 Tage, Kostenstelle %s' % (
            'FR-' + nz_digits(8), '{:,.2f}'.format(R.uniform(200, 90000)).replace(',', 'X').replace('.', ',').replace('X', '.'), nz_digits(6))
    if k == 1:
        lang('en')
        return 'Invoice INV-%s: linehaul USD %s, fuel surcharge %s%%, detention %d h x USD %d' % (
            nz_digits(9), '{:,.2f}'.format(R.uniform(600, 12000)), round(R.uniform(8, 32), 1), rint(1, 9), rint(50, 95))
    if k == 2:
        lang('hi')
        return 'Freight bill %s: ₹%s (GST %s%%) — इनवॉइस कल तक भेजा जाएगा' % (nz_digits(10), '{:,}'.format(rint(10000, 9000000)), pick([5, 12, 18]))
    if k == 3:
        lang('ja')
        return '請求書番号 %s、運賃 ¥%s（税込）、支払期日 %s' % (nz_digits(11), '{:,}'.format(rint(20000, 9000000)), date_iso())
    lang('pl')
    return 'Faktura %s/%s/%s na kwotę %s zł brutto, termin płatności %s' % (
        'FV', nz_digits(5), rint(2024, 2026), '{:,.2f}'.format(R.uniform(300, 80000)).replace(',', ' ').replace('.', ','), date_iso())


def pl_reefer_log():
    u = pick(['RFR', 'TRL']) + '-' + '%04d' % rint(1, 9999)
    sp = pick([-25.0, -18.0, 2.0, 4.0, 5.0, 13.0])
    lines = ['unit=%s container=%s setpoint=%+.1f' % (u, container(0), sp), 'time                 supply  return  ambient  door']
    t0 = rint(0, 23)
    for i in range(rint(4, 28)):
        lines.append('%s %02d:%02d  %+6.1f  %+6.1f  %+6.1f   %s' % (date_iso(), (t0 + i // 4) % 24, (i % 4) * 15, sp + R.uniform(-1.2, 1.5),
                                                                   sp + R.uniform(-0.5, 2.5), R.uniform(-5, 34), pick(['C', 'C', 'C', 'O'])))
    return intro('data') + fence('\n'.join(lines[:39]))


def pl_private_net():
    lang('en')
    lines = ['# warehouse %s' % pick(['VLC-2', 'HAM-1', 'POZ-3', 'DUI-4']), 'wms-db        %s:5432' % private_ip(),
             'wms-app       %s:8443' % private_ip(), 'zebra-printers %s/%d' % (pick(['10.40.12.0', '192.168.30.0', '172.20.8.0']), pick([24, 25, 26]))]
    for i in range(rint(1, 8)):
        lines.append('scanner-%02d    %s   mac %s' % (i + 1, private_ip(), ':'.join(hexs(2) for _ in range(6))))
    return pick(['new VLAN plan for the scanner rollout:', 'Netzplan für das Lager:', 'plan de red del almacén:']) + '\n' + fence('\n'.join(lines))


def pl_tracking():
    k = R.random()
    if k < 0.35:
        lang('en')
        return 'DHL waybill %s, UPS %s, FedEx %s — all three show "exception" since %s' % (
            dhl_waybill(), ups_tracking(), nz_digits(12), date_iso())
    if k < 0.7:
        lang('de')
        return 'Sendungsnummern für die Ersatzteile: %s' % ', '.join(nz_digits(pick([10, 11, 12])) for _ in range(rint(2, 6)))
    lang('it')
    return 'Numeri di tracking BRT per il cliente di Bologna: %s' % ', '.join(nz_digits(pick([10, 12])) for _ in range(rint(2, 5)))


def pl_timestamps():
    lang('en')
    ts = epoch_s()
    k = R.random()
    if k < 0.35:
        return 'slack ts %d.%06d — the dispatch bot posted twice, second at %d.%06d' % (ts, rint(0, 999999), ts + rint(1, 9), rint(0, 999999))
    if k < 0.7:
        return ('eta_epoch=%d planned_epoch_ms=%d delta_s=%d' % (ts, (ts - rint(0, 7200)) * 1000 + rint(0, 999), rint(-3600, 7200)))
    lang('ja')
    return 'ETA %s年%d月%d日 %s（UNIX %d）' % (rint(2024, 2026), rint(1, 12), rint(1, 28), hhmm(), ts)


def pl_versions():
    lang('en')
    vc = rint(100000, 9999999)
    return pick(['driver app %s (versionCode %d) crashes on Android 14 build UP1A.%d.%03d' % (semver(), vc, rint(230000, 240000), rint(1, 99)),
                 'Scanner firmware %s on MC9300, OS build %d.%02d.%02d, BSP %d' % (semver(), rint(11, 13), rint(10, 50), rint(10, 99), rint(1000000, 9999999)),
                 'Android SDK %d, targetSdk %d, app build %d (%s)' % (rint(28, 34), rint(33, 35), vc, date_iso())])


def pl_vehicle_metrics():
    u = unit_no()
    k = R.random()
    if k < 0.5:
        lang('en')
        return ('%s: odometer %s km, engine hours %s, fuel used %s l, DTC SPN %d FMI %d, AdBlue %d%%' %
                (u, '{:,}'.format(rint(20000, 1900000)), '{:,}'.format(rint(2000, 60000)), '{:,}'.format(rint(1000, 900000)),
                 rint(100, 5200), rint(0, 31), rint(3, 100)))
    lang('sv')
    return '%s: mätarställning %s km, motortimmar %d, bränsle %s l/100 km' % (u, '{:,}'.format(rint(20000, 1900000)).replace(',', ' '),
                                                                             rint(2000, 60000), round(R.uniform(22, 38), 1))


def pl_coords_text():
    name, lat, lon = coord_near()
    k = R.random()
    if k < 0.3:
        lang('en')
        return 'Truck parked outside the geofence at %.5f, %.5f (near %s), driver waiting for gate-in' % (lat, lon, name)
    if k < 0.55:
        lang('de')
        d = lambda v, h: '%d°%02d\'%04.1f"%s' % (int(abs(v)), int(abs(v) * 60 % 60), abs(v) * 3600 % 60, h)
        return 'Übergabepunkt: %s %s (%s)' % (d(lat, 'N' if lat >= 0 else 'S'), d(lon, 'E' if lon >= 0 else 'W'), name)
    if k < 0.8:
        lang('ko')
        return '차량 위치: 위도 %.6f, 경도 %.6f — %s 근처에서 정차 중' % (lat, lon, name)
    lang('ar')
    return 'موقع الشاحنة: %.5f, %.5f بالقرب من %s' % (lat, lon, name)


def pl_dims():
    lang(pick(['en', 'nl']))
    return ('%d pallets EUR 1200x800x%d mm, gross %s kg, LDM %.1f, %d cartons, GTIN %s' %
            (rint(1, 33), rint(900, 2400), '{:,}'.format(rint(300, 24000)), R.uniform(0.4, 13.6), rint(10, 900), gtin14()))


def pl_order_table():
    rows = ['order_no,po_number,pallets,weight_kg,slot_start,dock']
    for _ in range(rint(5, 37)):
        rows.append('%s,%s,%d,%d,%s %s,%d' % (nz_digits(pick([9, 10, 11])), 'PO' + nz_digits(8), rint(1, 33), rint(80, 24000),
                                             date_iso(), hhmm(), rint(1, 24)))
    return intro('data') + fence('\n'.join(rows[:39]), 'csv')


def pl_vat_eori():
    lang(pick(['en', 'de', 'nl']))
    return pick(['Consignee EORI %s, VAT %s, customs office %s', 'EORI-Nr. des Empfängers %s, USt-IdNr. %s, Zollstelle %s',
                 'EORI ontvanger %s, btw-nummer %s, douanekantoor %s']) % (
        pick(['DE', 'NL', 'BE', 'PL']) + nz_digits(pick([9, 12, 13])), pick(['DE', 'NL']) + nz_digits(9) + pick(['', 'B01']),
        pick(['DE004850', 'NL000396', 'BE212000', 'PL301010']))


def pl_slot_booking():
    lang(pick(['en', 'es', 'tr']))
    return pick(['Slot booked: %s %s–%s, booking ref %s, gate pass %s', 'Cita confirmada: %s %s–%s, ref. %s, pase %s',
                 'Randevu onaylandı: %s %s–%s, ref %s, giriş kartı %s']) % (
        date_iso(), hhmm(), hhmm(), booking(), nz_digits(8))


def pl_phone_like_refs():
    lang(pick(['en', 'de']))
    return pick(['pickup ref %s-%s-%s, hub code %s', 'Abholreferenz %s-%s-%s, Hub %s']) % (
        nz_digits(3), nz_digits(3), nz_digits(4)[:3] + digits(1), nz_digits(5))


def pl_weighbridge():
    lines = ['WB-%d  %s  %s  gross %6d kg  tare %6d kg  net %6d kg' % (rint(1, 4), iso_ts(ms=False), unit_no(), g, t, g - t)
             for g, t in ((rint(18000, 44000), rint(13000, 16500)) for _ in range(rint(2, 10)))]
    return intro('data') + fence('\n'.join(lines))


PL_TEMPLATES = [pl_containers, pl_sscc_scan, pl_gps_csv, pl_device_inventory, pl_tour_numbers, pl_customs, pl_amounts,
                pl_reefer_log, pl_private_net, pl_tracking, pl_timestamps, pl_versions, pl_vehicle_metrics, pl_coords_text,
                pl_dims, pl_order_table, pl_vat_eori, pl_slot_booking, pl_phone_like_refs, pl_weighbridge]


# ---- data_uri_base64 -----------------------------------------------------------------------
def du_email_logo():
    lang('en')
    uri = data_uri('image/png', png_bytes(rint(8, 16), rint(8, 16)))
    lines = ['<table role="presentation" width="100%">', '  <tr><td style="padding:12px">',
             '    <img src="%s" width="120" alt="FleetCo" />' % uri, '  </td></tr>',
             '  <tr><td>Proof of delivery for tour {{tour_id}} is attached.</td></tr>', '</table>']
    return 'POD notification template, the logo is inlined so Outlook shows it:\n' + fence('\n'.join(lines), 'html')


def du_font_face():
    lang('en')
    fam = pick(['DispatchSans', 'FleetMono', 'YardIcons', 'RouteGlyphs'])
    k = pick(['woff2', 'woff', 'ttf'])
    b = {'woff2': woff2_bytes, 'woff': woff_bytes, 'ttf': ttf_bytes}[k]()
    mime = {'woff2': 'font/woff2', 'woff': 'font/woff', 'ttf': 'font/ttf'}[k]
    css = ['@font-face {', "  font-family: '%s';" % fam, "  src: url(data:%s;base64,%s) format('%s');" % (mime, b64(b), {'ttf': 'truetype'}.get(k, k)),
           '  font-display: swap;', '}', '.eta-badge { font-family: %s, sans-serif; }' % fam]
    return intro('code', 0.5) + fence('\n'.join(css), 'css')


def du_map_marker():
    lang('en')
    k = R.random()
    svg = svg_text(pick(['truck', 'pin', 'thermo']))
    if k < 0.4:
        uri = 'data:image/svg+xml;base64,' + b64(svg.encode())
    elif k < 0.7:
        uri = 'data:image/svg+xml;charset=utf-8,' + svg.replace('<', '%3C').replace('>', '%3E').replace('#', '%23').replace('"', "'")
    else:
        uri = data_uri('image/png', png_bytes())
    lines = ['const truckIcon = L.icon({', "  iconUrl: '%s'," % uri, '  iconSize: [24, 24],', '  iconAnchor: [12, 12],', '});',
             'L.marker([%.5f, %.5f], { icon: truckIcon }).addTo(map);' % coord_near()[1:]]
    return intro('code', 0.5) + fence('\n'.join(lines), 'js')


def du_label_json():
    lang('en')
    pdf = b64(pdf_bytes('SSCC %s' % sscc()))
    body = {'shipment_id': 'SHP-' + nz_digits(9), 'carrier': pick(['DHL', 'GLS', 'DPD', 'UPS']), 'label_format': 'PDF',
            'label_data': pdf if chance(0.6) else pdf[:60] + '...', 'tracking_number': nz_digits(pick([10, 11, 12]))}
    return 'carrier label API response (label is base64 PDF):\n' + fence(json.dumps(body, indent=2), 'json')


def du_zpl_b64():
    lang('en')
    zpl = '^XA^FO50,50^A0N,40,40^FD%s^FS^FO50,110^BCN,100,Y,N,N^FD%s^FS^XZ' % (route_id(), sscc())
    return pick(['The print API wants ZPL as base64, so we send:\n`{"printer":"dock-%d","zpl_b64":"%s"}`',
                 'Druck-API erwartet ZPL base64-kodiert: `{"printer":"dock-%d","zpl_b64":"%s"}`']) % (rint(1, 20), b64(zpl.encode()))


def du_edi_payload():
    lang('en')
    msg = ''.join(edifact_iftsta())
    body = {'messageType': 'IFTSTA', 'partner': pick(['HLCU', 'MAEU', 'RABEN']), 'encoding': 'base64',
            'payload': b64(msg.encode()), 'receivedAt': iso_ts()}
    return intro('log', 0.5) + fence(json.dumps(body, indent=2 if chance(0.5) else None), 'json')


def du_markdown_img():
    lg = pick(['en', 'de', 'fr', 'es', 'pl', 'nl'])
    lang(lg)
    txt = {'en': 'status legend for the yard board', 'de': 'Legende für das Hofboard', 'fr': 'légende du tableau de cour',
           'es': 'leyenda del panel del patio', 'pl': 'legenda tablicy placu', 'nl': 'legenda voor het yardbord'}[lg]
    return '%s: ![ok](%s) ![late](%s)' % (txt, data_uri('image/gif', gif_bytes()), data_uri('image/gif', gif_bytes()))


def du_mime_attachment():
    lang('en')
    csv = 'time,supply,return\n' + '\n'.join('%s,%+.1f,%+.1f' % (hhmm(), R.uniform(-20, 5), R.uniform(-20, 6)) for _ in range(rint(3, 9)))
    enc = wrap(b64(csv.encode()), 76)
    bnd = '----=_Part_%d_%d.%d' % (rint(1, 99999), rint(10 ** 8, 10 ** 9), epoch_s())
    lines = ['Content-Type: multipart/mixed; boundary="%s"' % bnd, '', '--' + bnd,
             'Content-Type: text/csv; name="reefer_%s.csv"' % container(0), 'Content-Transfer-Encoding: base64',
             'Content-Disposition: attachment; filename="reefer_%s.csv"' % date_iso(), '', enc, '--' + bnd + '--']
    return 'the reefer report mail bounces at the parser, raw MIME part:\n' + fence('\n'.join(lines))


def du_jupyter():
    lang('en')
    cell = {'output_type': 'display_data', 'data': {'image/png': b64(png_bytes(rint(10, 16), rint(8, 12))),
                                                    'text/plain': ['<Figure size 640x480 with 1 Axes>']}, 'metadata': {}}
    return 'dwell-time heatmap notebook output (cell 14):\n' + fence(json.dumps(cell, indent=1), 'json')


def du_manifest():
    lang('en')
    body = {'name': 'Driver Companion', 'short_name': 'Driver', 'start_url': '/tours', 'display': 'standalone',
            'icons': [{'src': data_uri('image/png', png_bytes(12, 12)), 'sizes': '192x192', 'type': 'image/png'}]}
    return fence(json.dumps(body, indent=2), 'json')


def du_kotlin_fixture():
    lang('en')
    b = jpeg_bytes()
    lines = ['class PodUploadTest {', '    private val damagePhoto = Base64.decode(', '        "%s",' % b64(b),
             '        Base64.NO_WRAP', '    )', '', '    @Test', '    fun `uploads thumbnail when offline queue flushes`() {',
             '        val job = PodUploadJob(tourId = "%s", image = damagePhoto)' % route_id(), '        assertTrue(job.run().isSuccess)',
             '    }', '}']
    return intro('code', 0.5) + fence('\n'.join(lines), 'kotlin')


def du_rn_image():
    lang('en')
    return fence('<Image\n  style={styles.thumb}\n  source={{ uri: "%s" }}\n/>' % data_uri('image/jpeg', jpeg_bytes()), 'jsx')


def du_soap_customs():
    lang('en')
    lines = ['<soapenv:Body>', '  <ns2:SubmitDeclaration>', '    <ns2:LRN>%s</ns2:LRN>' % ('LRN' + nz_digits(10)),
             '    <ns2:Attachment type="invoice" encoding="base64">%s</ns2:Attachment>' % b64(pdf_bytes('Invoice ' + nz_digits(8))),
             '  </ns2:SubmitDeclaration>', '</soapenv:Body>']
    head = pick(['customs bridge request that the broker rejects with "attachment too large":',
                 'Anfrage an die Zollschnittstelle, wird mit Schemafehler abgelehnt:', 'Solicitud SOAP a aduanas (rechazada):'])
    if head.startswith('Anfrage'):
        lang('de')
    if head.startswith('Solicitud'):
        lang('es')
    return head + '\n' + fence('\n'.join(lines), 'xml')


def du_sourcemap():
    lang('en')
    sm = {'version': 3, 'file': 'tour-board.%s.js' % hexs(8), 'sources': ['src/TourBoard.tsx', 'src/EtaBadge.tsx'],
          'names': [], 'mappings': 'AAAA,SAASA,IAAI' + ''.join(pick(['AACA', 'CAAC', 'EAAE', 'GAAG', ';']) for _ in range(rint(4, 20)))}
    return ('tail of the dispatch dashboard bundle:\n' + fence('}})();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,' +
                                                              b64(json.dumps(sm).encode()), 'js'))


def du_wav():
    lang('en')
    return fence('// scanner beep for "wrong pallet"\nexport const ERROR_BEEP =\n  "%s";' % data_uri('audio/wav', wav_bytes()), 'ts')


def du_geojson():
    lang('en')
    name, lat, lon = coord_near()
    gj = {'type': 'Feature', 'properties': {'name': name}, 'geometry': {'type': 'Point', 'coordinates': [lon, lat]}}
    return 'debug link to the yard marker: `data:application/geo+json;base64,%s`' % b64(json.dumps(gj, ensure_ascii=False).encode())


def du_base64_d():
    lg = pick(['en', 'de', 'pt', 'ru'])
    lang(lg)
    msg = pick(['ETA updated for %s' % route_id(), 'geofence enter %s' % pick(HUBS)[0], 'reefer alarm cleared %s' % container(0)])
    return {'en': 'the webhook body is base64, decode with', 'de': 'Der Webhook-Body ist base64, dekodieren mit',
            'pt': 'o corpo do webhook vem em base64, decodifique com', 'ru': 'тело вебхука в base64, декодируйте так'}[lg] + \
        ':\n' + fence('$ echo "%s" | base64 -d\n%s' % (b64(msg.encode()), msg), 'sh')


def du_css_bg():
    lang('en')
    lines = ['.stop-row.late {', '  background-image: url("%s");' % img_uri(), '  background-repeat: no-repeat;', '}',
             '.stop-row.done::before { content: url("%s"); }' % img_uri()]
    return intro('code', 0.3) + fence('\n'.join(lines), 'css')


def du_har():
    lang('en')
    ent = {'response': {'status': 200, 'content': {'size': rint(100, 3000), 'mimeType': 'image/webp', 'encoding': 'base64',
                                                   'text': b64(webp_bytes())}}, 'request': {'method': 'GET', 'url': '/api/pod/thumb/%s' % uuid4()}}
    return 'HAR export of the slow POD thumbnail request:\n' + fence(json.dumps(ent), 'json')


def du_python_fixture():
    lang('en')
    return fence('# 1x1 transparent pixel used as placeholder for missing damage photos\nPLACEHOLDER_GIF = base64.b64decode(\n    "%s"\n)' %
                 b64(gif_bytes()), 'python')


def du_email_html_inline():
    lg = pick(['de', 'fr', 'it', 'pl', 'cs', 'sv'])
    lang(lg)
    t = {'de': 'Ihre Sendung ist unterwegs', 'fr': 'Votre envoi est en route', 'it': 'La tua spedizione è in viaggio',
         'pl': 'Twoja przesyłka jest w drodze', 'cs': 'Vaše zásilka je na cestě', 'sv': 'Din försändelse är på väg'}[lg]
    return fence('<h2>%s</h2>\n<img alt="truck" src="%s">\n<p>Tour {{ tour.id }} · ETA {{ tour.eta | date }}</p>' % (t, img_uri()), 'html')


DU_TEMPLATES = [du_email_logo, du_font_face, du_map_marker, du_label_json, du_zpl_b64, du_edi_payload, du_markdown_img,
                du_mime_attachment, du_jupyter, du_manifest, du_kotlin_fixture, du_rn_image, du_soap_customs, du_sourcemap, du_wav,
                du_geojson, du_base64_d, du_css_bg, du_har, du_python_fixture, du_email_html_inline]


# ---- placeholder_example -------------------------------------------------------------------
def ph_env_example():
    lang('en')
    opts = ['TELEMATICS_API_KEY=<your-telematics-api-key>', 'TELEMATICS_API_KEY=', 'SAMSARA_API_TOKEN=samsara_api_XXXXXXXXXXXXXXXX',
            'WEBFLEET_PASSWORD=changeme', 'AS2_KEYSTORE_PASSWORD=${AS2_KEYSTORE_PASSWORD}', 'DB_PASSWORD=<set-in-vault>',
            'OPENAI_API_KEY=sk-...', 'ANTHROPIC_API_KEY=sk-ant-api03-xxxxxxxx', 'SLACK_BOT_TOKEN=xoxb-your-bot-token',
            'MAPBOX_TOKEN=pk.<your-public-token>', 'GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXX', 'CUSTOMS_PORTAL_USER=<user>',
            'CUSTOMS_PORTAL_PASS=<password>', 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
            'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'SFTP_PRIVATE_KEY_PATH=/run/secrets/edi_sftp_key',
            'FUEL_CARD_API_SECRET=', 'JWT_SIGNING_SECRET=dev-only-not-a-secret', 'REDIS_URL=redis://localhost:6379/0',
            'TACHO_API_KEY=YOUR_API_KEY_HERE']
    lines = ['# .env.example for %s — copy to .env and fill in' % pick(['telematics-ingest', 'edi-gateway', 'customs-bridge', 'route-optimizer'])]
    lines += R.sample(opts, rint(3, 10))
    return intro('code', 0.3) + fence('\n'.join(lines), 'sh')


def ph_compose():
    lang('en')
    lines = ['services:', '  tms-db:', '    image: postgres:16', '    environment:', '      POSTGRES_USER: tms',
             '      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set me}', '  edi-gateway:', '    image: edi-gateway:%s' % semver(),
             '    environment:', '      DATABASE_URL: postgres://tms:${POSTGRES_PASSWORD}@tms-db:5432/tms',
             '      AS2_PARTNER_PASSWORD: "${AS2_PARTNER_PASSWORD}"', '      SFTP_PASSWORD_FILE: /run/secrets/sftp_password',
             '    secrets: [sftp_password]', 'secrets:', '  sftp_password:', '    file: ./secrets/sftp_password.txt']
    return intro('code', 0.4) + fence('\n'.join(lines), 'yaml')


def ph_k8s_secret():
    lang('en')
    lines = ['apiVersion: v1', 'kind: Secret', 'metadata:', '  name: %s-credentials' % pick(['telematics', 'customs-bridge', 'fuelcard-sync']),
             'type: Opaque', 'stringData:', '  api-key: "<FILL_ME_IN>"', '  client-secret: "{{ .Values.clientSecret }}"',
             '  webhook-secret: "REPLACE_WITH_WEBHOOK_SECRET"']
    return pick(['template only, real values come from ESO:', 'Vorlage, echte Werte kommen aus dem Vault:']) + '\n' + fence('\n'.join(lines), 'yaml')


def ph_gha():
    lang('en')
    lines = ['- name: Publish driver app to internal track', '  env:', '    PLAY_SERVICE_ACCOUNT_JSON: ${{ secrets.PLAY_SA_JSON }}',
             '    KEYSTORE_PASSWORD: ${{ secrets.ANDROID_KEYSTORE_PASSWORD }}', '    KEY_ALIAS: driver-app-release',
             '    GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}', '  run: ./gradlew :app:publishReleaseBundle']
    return fence('\n'.join(lines), 'yaml')


def ph_curl_doc():
    lg = pick(['en', 'de', 'es', 'fr'])
    lang(lg)
    head = {'en': 'To pull positions from the telematics API:', 'de': 'Positionen aus der Telematik-API abrufen:',
            'es': 'Para sacar posiciones de la API de telemetría:', 'fr': "Pour récupérer les positions via l'API télématique :"}[lg]
    cmd = pick(['curl -s -H "Authorization: Bearer <ACCESS_TOKEN>" "https://api.telematics.example/v1/positions?since=%s"' % iso_ts(ms=False),
                'curl -u "$API_USER:$API_PASSWORD" https://api.telematics.example/v2/vehicles/%s/trips' % unit_no(),
                'curl -H "X-Api-Key: YOUR_API_KEY" https://tracking.example.org/shipments/{bol}'])
    return head + '\n' + fence(cmd, 'sh')


def ph_masked_cards():
    k = R.random()
    if k < 0.4:
        lang('en')
        rows = ['| unit | fuel card | limit |', '|---|---|---|']
        for _ in range(rint(2, 8)):
            rows.append('| %s | **** **** **** %s | EUR %d |' % (unit_no(), digits(4), rint(300, 2000)))
        return 'Fuel cards reassigned after the fleet swap:\n' + '\n'.join(rows)
    if k < 0.7:
        lang('de')
        return 'Tankkarte für %s ist gesperrt (Karte •••• %s), Ersatz ist bestellt.' % (unit_no(), digits(4))
    lang('es')
    return 'La tarjeta de combustible XXXX-XXXX-XXXX-%s del camión %s está bloqueada.' % (digits(4), unit_no())


def ph_masked_iban():
    lg = pick(['de', 'nl', 'fr', 'pl', 'en'])
    lang(lg)
    m = pick(['DE** **** **** **** **%s %s' % (digits(2), digits(2)), 'NL** RABO **** **%s %s' % (digits(2), digits(2)),
              'FR76 **** **** **** **** ***%s %s' % (digits(1), digits(2)), 'PLxx xxxx xxxx xxxx xxxx xxxx %s' % digits(4)])
    return {'de': 'Bankverbindung des Frachtführers geändert, neue IBAN endet auf %s (%s), bitte im Portal bestätigen.',
            'nl': 'Nieuwe IBAN van de charter eindigt op %s (%s), graag bevestigen in het portaal.',
            'fr': 'Le RIB du transporteur a changé, nouvel IBAN se terminant par %s (%s).',
            'pl': 'Przewoźnik zmienił rachunek, nowy IBAN kończy się na %s (%s).',
            'en': 'Haulier bank details changed, new IBAN ending %s (%s) — confirm via the portal, not by phone.'}[lg] % (m[-5:], m)


def ph_ssn_form():
    lang('en')
    lines = ['Owner-operator onboarding (US) — fields:', '  Legal name: ____________________', '  SSN / EIN: XXX-XX-XXXX',
             '  Phone: (XXX) XXX-XXXX', '  Email: <contact email>', '  CDL state / number: __ / __________',
             '  Bank routing / account: ********* / ************']
    return fence('\n'.join(lines))


def ph_pem_dots():
    lang('en')
    t = pick(['RSA PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY'])
    return ('format the AS2 keystore import expects:\n' +
            fence('-----BEGIN %s-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n...\n-----END %s-----' % (t, t) if t != 'OPENSSH PRIVATE KEY' else
                  '-----BEGIN %s-----\nb3BlbnNzaC1rZXktdjEAAAAA...\n<snip>\n-----END %s-----' % (t, t)))


def ph_redacted_logs():
    lang('en')
    lines = []
    for _ in range(rint(2, 8)):
        lines.append('%s %s %s' % (iso_ts(), pick(['DEBUG', 'INFO', 'WARN']), pick([
            'outbound request POST /v1/declarations headers={Authorization: Bearer [REDACTED], X-Api-Key: ***}',
            'sftp connect host=sftp-edi.carrier-gw.lan user=edi_upload password=<redacted>',
            'fuelcard sync card=************%s status=ACTIVE' % digits(4),
            'driver login tourId=%s pin=**** result=OK' % route_id(),
            'as2 send partner=HLCU keystorePassword=[FILTERED] mic=ok',
            'telematics token refresh ok token=eyJhbGciOi...(truncated)']))) 
    return intro('log') + fence('\n'.join(lines))


def ph_sdk_docs():
    lang('en')
    lines = ['```python', 'from fleetco_sdk import TelematicsClient', '',
             'client = TelematicsClient(api_key="YOUR_API_KEY", region="eu")  # never commit a real key',
             'for pos in client.positions(vehicle="%s"):' % unit_no(), '    print(pos.lat, pos.lon)', '```']
    return 'From the README of our internal SDK:\n' + '\n'.join(lines)


def ph_vault_refs():
    lang('en')
    lines = ['edi:', '  as2:', '    keystore_password: vault:secret/data/edi/as2#keystore_password',
             '    partner_cert: vault:secret/data/edi/as2#hlcu_public_cert', '  sftp:',
             '    password: "op://Logistics/EDI SFTP/password"', 'customs:',
             '    portal_token: "{{resolve:secretsmanager:customs/portal:SecretString:token}}"']
    return intro('code', 0.4) + fence('\n'.join(lines), 'yaml')


def ph_openapi():
    lang('en')
    lines = ['components:', '  securitySchemes:', '    ApiKeyAuth:', '      type: apiKey', '      in: header', '      name: X-Api-Key',
             '  examples:', '    key:', '      value: "0000000000000000000000000000000000000000"',
             '    bearer:', '      value: "Bearer <jwt>"']
    return fence('\n'.join(lines), 'yaml')


def ph_vendor_prefixes():
    lg = pick(['en', 'de', 'it', 'tr', 'ja'])
    lang(lg)
    keys = R.sample(['sk-proj-...', 'sk-ant-api03-…', 'xoxb-…', 'xoxp-XXXXXXXX', 'ghp_…', 'github_pat_…', 'AKIA…', 'glpat-xxxxxxxx'], 3)
    return {'en': 'Secret scanner in CI now blocks %s, %s and %s prefixes — values shown here are truncated on purpose.',
            'de': 'Der Secret-Scanner blockt jetzt Präfixe wie %s, %s und %s (hier absichtlich gekürzt).',
            'it': 'Lo scanner in CI ora blocca i prefissi %s, %s e %s (troncati apposta).',
            'tr': "CI'daki tarayıcı artık %s, %s ve %s öneklerini engelliyor (kasıtlı olarak kısaltıldı).",
            'ja': 'CIのシークレットスキャナが %s、%s、%s のプレフィックスをブロックするようになりました（意図的に省略）。'}[lg] % tuple(keys)


def ph_default_conns():
    lang('en')
    lines = ['# local dev only', 'RABBITMQ_URL=amqp://guest:guest@localhost:5672/', 'DATABASE_URL=postgres://postgres:postgres@localhost:5432/tms_dev',
             'MONGO_URL=mongodb://root:example@127.0.0.1:27017/telemetry?authSource=admin',
             'EDI_SFTP_URL=sftp://<user>:<password>@<partner-host>:22/inbound']
    return pick(['defaults from docker-compose.dev.yml, nothing secret here:', 'Lokale Dev-Defaults:']) + '\n' + fence('\n'.join(R.sample(lines[1:], rint(2, 4))), 'sh')


def ph_phone_mask():
    lg = pick(['en', 'fr', 'pt', 'ru', 'zh'])
    lang(lg)
    return {'en': 'Driver app shows the number as +XX XXX XXX XX%s when masked calling is on.',
            'fr': "L'appli chauffeur affiche le numéro sous la forme +33 X XX XX XX %s quand l'appel masqué est activé.",
            'pt': 'O app mostra o número como (XX) XXXXX-XX%s quando a chamada mascarada está ativa.',
            'ru': 'Приложение показывает номер как +7 XXX XXX-XX-%s при включённой маскировке.',
            'zh': '开启隐私号码后，司机端显示为 1XX****%s。'}[lg] % digits(2)


def ph_terraform():
    lang('en')
    lines = ['variable "telematics_api_key" {', '  type      = string', '  sensitive = true', '  default   = ""', '}', '',
             'variable "as2_keystore_password" {', '  type      = string', '  sensitive = true', '}', '',
             'output "customs_portal_token" {', '  value     = "(sensitive value)"', '  sensitive = true', '}']
    return fence('\n'.join(lines[:rint(5, 15)]), 'hcl')


def ph_slack_webhook_doc():
    lang('en')
    return ('dispatch-alerts uses an incoming webhook, set `SLACK_WEBHOOK_URL` like '
            '`https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` (docs example, real one is in Vault)')


def ph_i18n():
    lines = ['{', '  "login.pin.label": "Enter your 4-digit PIN",', '  "login.pin.hint": "e.g. 0000",', '  "login.pin.de": "Bitte PIN eingeben",',
             '  "login.pin.pl": "Wpisz kod PIN",', '  "login.pin.tr": "PIN kodunuzu girin",', '  "login.pin.ro": "Introduceți codul PIN",',
             '  "profile.phone.placeholder": "+__ ___ ___ ____",', '  "profile.iban.placeholder": "DE__ ____ ____ ____ ____ __"', '}']
    for l in ('en', 'de', 'pl', 'tr', 'ro'):
        lang(l)
    return 'new strings for the driver app login screen:\n' + fence('\n'.join(lines), 'json')


def ph_edi_partner_tpl():
    lang('en')
    lines = ['partner: %s' % pick(['HLCU', 'MAEU', 'RABEN', 'DSV']), 'protocol: AS2', 'as2_id: <PARTNER_AS2_ID>', 'url: https://<partner-host>/as2',
             'signing_cert: <paste public cert>', 'encryption: AES256', 'mdn: sync', 'basic_auth:', '  user: ""', '  password: ""',
             '# UNB password element (0022) left empty, partner does not use it']
    return 'onboarding template for a new EDI partner, fill in per partner:\n' + fence('\n'.join(lines), 'yaml')


def ph_x12_blank_auth():
    lang('en')
    isa = 'ISA*00*          *00*          *ZZ*%-15s*ZZ*%-15s*%s*%s*U*00401*%09d*0*T*>~' % (
        'FLEETCO', 'PARTNER', date_iso()[2:].replace('-', ''), hhmm().replace(':', ''), rint(1, 999999))
    return ('ISA02 (authorization) and ISA04 (security information) stay blank with qualifier 00, that is expected:\n' + fence(isa))


def ph_jwt_doc():
    lang(pick(['en', 'nl']))
    return pick(['Driver app sends `Authorization: Bearer <jwt>`; the token looks like `eyJhbGciOiJSUzI1NiIs...` and expires after 15 min.',
                 'De app stuurt `Authorization: Bearer <token>` mee, een JWT van de vorm `header.payload.signature`.'])


PH_TEMPLATES = [ph_env_example, ph_compose, ph_k8s_secret, ph_gha, ph_curl_doc, ph_masked_cards, ph_masked_iban, ph_ssn_form,
                ph_pem_dots, ph_redacted_logs, ph_sdk_docs, ph_vault_refs, ph_openapi, ph_vendor_prefixes, ph_default_conns,
                ph_phone_mask, ph_terraform, ph_slack_webhook_doc, ph_i18n, ph_edi_partner_tpl, ph_x12_blank_auth, ph_jwt_doc]


# ---- code_identifier -----------------------------------------------------------------------
KT_PKGS = ['com.fleetco.driver.auth', 'com.fleetco.driver.pod', 'com.fleetco.driver.tour', 'com.fleetco.driver.sync',
           'com.fleetco.driver.scanner', 'com.fleetco.driver.payments']
KT_CLS = ['TokenRefreshInterceptor', 'AccessTokenStore', 'PinCodeValidator', 'SecurePrefsPasswordVault', 'RefreshTokenRepository',
          'FuelCardTokenizer', 'IbanInputFormatter', 'PhoneNumberMaskingPolicy', 'ApiKeyHeaderProvider', 'CredentialMigrationWorker',
          'SessionSecretRotator', 'PodSignatureUploader', 'TourSyncWorker', 'GeofenceEventReceiver', 'BarcodeSsccParser']
KT_FN = ['refreshAccessToken', 'loadPasswordHash', 'validatePin', 'decryptApiKey', 'rotateSessionSecret', 'maskCardNumber',
         'formatIban', 'normalizePhoneNumber', 'readRefreshToken', 'migrateLegacyCredentials', 'intercept', 'doWork', 'invokeSuspend']


def ci_kotlin_trace():
    lang('en')
    ex = pick(['java.lang.IllegalStateException: refresh token missing for tour session',
               'javax.crypto.AEADBadTagException: Tag mismatch while decrypting api key blob',
               'java.lang.NullPointerException: passwordHash must not be null',
               'kotlinx.serialization.MissingFieldException: Field \'accessToken\' is required',
               'retrofit2.HttpException: HTTP 401 Unauthorized (token expired)'])
    lines = ['FATAL EXCEPTION: %s' % pick(['main', 'DefaultDispatcher-worker-3', 'OkHttp Dispatcher', 'WM.task-2']),
             'Process: com.fleetco.driver, PID: %d' % rint(2000, 32000), ex]
    for _ in range(rint(4, 26)):
        c = pick(KT_CLS)
        lines.append('\tat %s.%s.%s(%s.kt:%d)' % (pick(KT_PKGS), c, pick(KT_FN), c, rint(12, 480)))
    lines += ['\tat kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)',
              '\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)']
    return intro('log', 0.6) + fence('\n'.join(lines[:38]))


def ci_ios_crash():
    lang('en')
    lines = ['Exception Type:  EXC_BREAKPOINT (SIGTRAP)', 'Termination Reason: Namespace SIGNAL, Code 5 Trace/BPT trap: 5',
             'Triggered by Thread:  0', '', 'Thread 0 Crashed:']
    fns = ['KeychainTokenStore.readAccessToken() -> String', 'AuthSession.refreshTokenIfNeeded(completion:)',
           'PinEntryViewModel.verifyPin(_:)', 'CardNumberFormatter.string(for:)', 'PasswordPolicy.validate(_:)',
           'TourListViewController.viewDidLoad()', 'SSCCScanner.didScan(barcode:)', 'closure #1 in APIClient.send<A>(_:)']
    base = rint(0x100000000, 0x10fffffff)
    for i in range(rint(4, 14)):
        lines.append('%-3d %-20s 0x%016x %s + %d' % (i, pick(['DriverCompanion', 'DriverCompanion', 'libswiftCore.dylib', 'UIKitCore']),
                                                   base + rint(0, 0xfffff), pick(fns), rint(20, 900)))
    return intro('log', 0.5) + fence('\n'.join(lines))


def ci_python_code():
    lang('en')
    body = pick([
        ['def rotate_sftp_password(partner_id: str, vault: VaultClient) -> None:', '    """Generate a new SFTP password and push it to the partner portal."""',
         '    new_password = generate_password(length=24)', '    vault.write(f"edi/sftp/{partner_id}", password=new_password)',
         '    partner_api.update_credentials(partner_id, password_ref=f"vault:edi/sftp/{partner_id}")'],
        ['class FuelCardToken(BaseModel):', '    card_token_id: str', '    pan_last4: constr(min_length=4, max_length=4)',
         '    expiry_month: int', '    issuer: Literal["dkv", "uta", "shell", "wex"]', '', '    def masked_pan(self) -> str:',
         '        return "**** **** **** " + self.pan_last4'],
        ['IBAN_RE = re.compile(r"^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$")', 'CONTAINER_RE = re.compile(r"^[A-Z]{3}[UJZ]\\d{7}$")',
         '', 'def validate_iban(iban: str) -> bool:', '    s = iban.replace(" ", "").upper()', '    return bool(IBAN_RE.match(s)) and mod97(s) == 1'],
        ['@router.post("/drivers/{driver_id}/phone/verify")', 'async def verify_phone_otp(driver_id: UUID, body: OtpIn, svc: PhoneVerification = Depends()):',
         '    if not await svc.check_otp(driver_id, body.otp_code):', '        raise HTTPException(401, "invalid one-time code")',
         '    return {"phone_verified": True}'],
    ])
    return intro('code', 0.5) + fence('\n'.join(body), 'python')


def ci_go_code():
    lang('en')
    lines = ['const (', '\tapiKeyHeader      = "X-Api-Key"', '\tauthTokenCacheKey = "telematics:oauth:access_token"',
             '\tsecretEnvVar      = "TELEMATICS_CLIENT_SECRET"', ')', '', 'func (c *Client) refreshToken(ctx context.Context) (*oauth2.Token, error) {',
             '\tsecret := os.Getenv(secretEnvVar)', '\tif secret == "" {', '\t\treturn nil, errMissingClientSecret', '\t}',
             '\treturn c.conf.TokenSource(ctx).Token()', '}']
    return intro('code', 0.5) + fence('\n'.join(lines), 'go')


def ci_sql_ddl():
    lang('en')
    lines = ['CREATE TABLE driver_profile (', '  driver_id        uuid PRIMARY KEY,', '  phone_e164_enc   bytea,', '  phone_last4      char(4),',
             '  ssn_last4        char(4),', '  ssn_hash         char(64),', '  license_no_hash  char(64),', '  iban_enc         bytea,',
             '  pin_hash         text NOT NULL,', '  password_changed_at timestamptz,', '  api_token_prefix varchar(8)', ');']
    return pick(['migration for the driver profile table, PII columns are encrypted:', 'Migration für die Fahrerstammdaten:']) + '\n' + fence('\n'.join(lines), 'sql')


def ci_config_keys():
    lang('en')
    keys = ['fleet.telematics.api-key-header', 'fleet.telematics.oauth.client-secret-ref', 'edi.as2.keystore.password-file',
            'edi.as2.signing-key-alias', 'customs.portal.token-ttl-seconds', 'driver-app.auth.refresh-token-rotation',
            'driver-app.auth.pin.max-attempts', 'payments.fuelcard.pan-tokenization.enabled', 'security.password.min-length',
            'security.jwt.public-key-uri', 'pii.phone.masking.enabled', 'pii.iban.display-last-digits']
    lines = ['%s=%s' % (k, pick(['true', 'false', '5', '900', '12', 'X-Api-Key', 'classpath:keys/as2.jwks', 'file:/run/secrets/as2_pass']))
             for k in R.sample(keys, rint(3, 10))]
    return intro('code', 0.4) + fence('\n'.join(lines), 'properties')


def ci_ts_types():
    lang('en')
    lines = ['export interface DriverCredentials {', '  accessToken: string;', '  refreshToken: string;', '  tokenExpiresAt: number;', '}',
             '', 'export type FuelCardView = { cardTokenId: string; panLast4: string; pinSet: boolean };', '',
             'export const usePhoneMask = (raw: string) => raw.replace(/\\d(?=\\d{2})/g, "•");']
    return intro('code', 0.4) + fence('\n'.join(lines), 'ts')


def ci_feature_flags():
    lang('en')
    flags = ['driver_app.enable_pin_login', 'driver_app.biometric_unlock', 'pod.require_recipient_name', 'auth.rotate_refresh_tokens',
             'edi.as2.reject_unsigned_mdn', 'payments.show_full_iban', 'tracking.share_driver_phone', 'customs.token_cache_v2',
             'security.password_expiry_days', 'wms.scanner.allow_manual_sscc']
    lines = ['%-36s %s' % (f, pick(['on', 'off', '25%', 'on (EU only)'])) for f in R.sample(flags, rint(3, 8))]
    return pick(['flag state after the release:', 'Feature-Flags nach dem Release:', 'estado de los flags tras el release:']) + '\n' + fence('\n'.join(lines))


def ci_grep():
    lang('en')
    files = ['app/src/main/java/com/fleetco/driver/auth/TokenStore.kt', 'services/edi/as2/keystore.py', 'services/customs/portal_client.go',
             'web/src/hooks/useFuelCard.ts', 'services/tms/settings.py', 'infra/helm/edi-gateway/values.yaml']
    snippets = ['private const val KEY_REFRESH_TOKEN = "refresh_token"', 'KEYSTORE_PASSWORD_ENV = "AS2_KEYSTORE_PASSWORD"',
                'tokenURL := cfg.PortalBaseURL + "/oauth/token"', 'const maskedPan = `•••• ${card.panLast4}`;',
                'PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]', 'existingSecret: edi-gateway-credentials',
                'if (apiKey.isBlank()) throw MissingApiKeyException()', 'def get_secret(name: str) -> str:']
    pairs = list(zip(files, snippets[:6])) + [(files[0], snippets[6]), (files[1], snippets[7])]
    lines = ['$ rg -n "%s"' % pick(['token', 'password', 'secret', 'api_?key'])]
    for f_, s_ in sorted(R.sample(pairs, rint(3, len(pairs)))):
        lines.append('%s:%d:    %s' % (f_, rint(3, 400), s_))
    return fence('\n'.join(lines))


def ci_logcat():
    lang('en')
    lines = []
    for _ in range(rint(3, 14)):
        lines.append('%s %5d %5d %s %-22s: %s' % ('%02d-%02d %s.%03d' % (rint(1, 12), rint(1, 28), hhmm() + ':%02d' % rint(0, 59), rint(0, 999)),
                                                rint(1000, 30000), rint(1000, 30000), pick('DIWE'),
                                                pick(['AuthTokenManager', 'PinLockFragment', 'SecurePrefs', 'TourSyncWorker', 'ScannerService']),
                                                pick(['token refresh scheduled in 840s', 'pin attempts=2/5', 'encryptedSharedPreferences init ok',
                                                      'keystore alias driver_app_key_v2 present', 'sscc scanned, len=18', 'refreshToken rotated (v3)'])))
    return intro('log', 0.5) + fence('\n'.join(lines))


def ci_proto():
    lang('en')
    lines = ['syntax = "proto3";', 'package fleetco.auth.v1;', '', 'message DriverLoginRequest {', '  string tour_id = 1;',
             '  string pin_hash = 2;', '  string device_attestation_token = 3;', '}', '', 'message DriverLoginResponse {',
             '  string access_token = 1;', '  string refresh_token = 2;', '  int64 expires_at_unix = 3;', '}']
    return fence('\n'.join(lines), 'protobuf')


def ci_dotnet_trace():
    lang('en')
    lines = ['Unhandled exception. System.Security.Cryptography.CryptographicException: The password for the AS2 keystore is incorrect.',
             '   at System.Security.Cryptography.X509Certificates.X509Certificate2..ctor(String fileName, String password)']
    meths = ['FleetCo.Wms.Scanner.Auth.ScannerTokenProvider.GetAccessTokenAsync()', 'FleetCo.Edi.As2.KeystoreLoader.LoadSigningKey(String alias)',
             'FleetCo.Edi.As2.PartnerSession.OpenAsync(PartnerConfig cfg)', 'FleetCo.Wms.Scanner.PalletReceiver.OnSsccScanned(ScanEvent e)',
             'FleetCo.Customs.PortalClient.RefreshBearerTokenAsync(CancellationToken ct)']
    for _ in range(rint(3, 12)):
        m_ = pick(meths)
        cls = m_.split('(')[0].rsplit('.', 1)[0]
        lines.append('   at %s in /src/%s.cs:line %d' % (m_, '/'.join(cls.split('.')[2:]), rint(10, 400)))
    return intro('log', 0.5) + fence('\n'.join(lines))


def ci_rust_panic():
    lang('en')
    return fence("thread 'tokio-runtime-worker' panicked at src/codec8/decoder.rs:%d:%d:\n"
                 "called `Result::unwrap()` on an `Err` value: CrcMismatch { expected: 0x%04x, got: 0x%04x }\n"
                 "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
                 "   %d: telematics_gateway::auth::api_key_guard::ApiKeyGuard::check::h%s" % (
                     rint(40, 300), rint(5, 40), rint(0, 0xffff), rint(0, 0xffff), rint(5, 20), hexs(16)))


def ci_env_names():
    lang('en')
    names = ['AS2_KEYSTORE_PASSWORD', 'CUSTOMS_PORTAL_TOKEN', 'TELEMATICS_CLIENT_SECRET', 'FUELCARD_API_KEY', 'JWT_PUBLIC_KEY_URL',
             'SFTP_PASSWORD_FILE', 'SLACK_BOT_TOKEN', 'MAPBOX_ACCESS_TOKEN', 'DB_PASSWORD', 'OPENAI_API_KEY', 'SENTRY_DSN', 'TZ', 'LOG_LEVEL']
    return ('env var names the edi-gateway pod expects (values come from the secret, listing names only):\n' +
            fence('$ kubectl exec deploy/edi-gateway -- printenv | cut -d= -f1 | sort\n' + '\n'.join(sorted(R.sample(names, rint(4, 11)))), 'sh'))


def ci_react_components():
    lang('en')
    return fence('<FuelCardPanel>\n  <CardNumberInput name="fuelCardPan" mask="#### #### #### ####" />\n'
                 '  <PinField name="cardPin" length={4} secureTextEntry />\n  <IbanField name="payoutIban" country="%s" />\n'
                 '  <PhoneInput name="driverPhone" defaultCountry="%s" />\n</FuelCardPanel>' % (pick(['DE', 'NL', 'PL', 'FR']), pick(['DE', 'PL', 'RO', 'TR'])), 'jsx')


def ci_ansible():
    lang('en')
    lines = ['- name: Rotate telematics API token', '  hosts: ingest', '  vars_files:', '    - vault/telematics.yml', '  tasks:',
             '    - name: Write token file', '      ansible.builtin.copy:', '        content: "{{ telematics_api_token }}"',
             '        dest: /etc/telematics/token', '        mode: "0600"', '      no_log: true']
    return fence('\n'.join(lines), 'yaml')


def ci_graphql():
    lang('en')
    return fence('type Driver {\n  id: ID!\n  displayName: String!\n  phoneMasked: String\n  hasFuelCard: Boolean!\n  ibanLast4: String\n}\n\n'
                 'type Mutation {\n  resetDriverPin(driverId: ID!): PinResetTicket!\n  revokeApiToken(tokenId: ID!): Boolean!\n}', 'graphql')


def ci_flutter():
    lang('en')
    lines = ['E/flutter (%d): [ERROR:flutter/runtime/dart_vm_initializer.cc(41)] Unhandled Exception: AuthException: refreshToken expired' % rint(2000, 30000),
             'E/flutter: #0      TokenRepository.refresh (package:driver_app/auth/token_repository.dart:%d:7)' % rint(20, 200),
             'E/flutter: #1      AuthInterceptor.onError (package:driver_app/net/auth_interceptor.dart:%d:24)' % rint(20, 200),
             'E/flutter: #2      SecureStorage.readPassword (package:driver_app/storage/secure_storage.dart:%d:5)' % rint(20, 200),
             'E/flutter: <asynchronous suspension>']
    return intro('log', 0.6) + fence('\n'.join(lines))


def ci_webpack_chunks():
    lang('en')
    lines = ['asset %s.%s.js %d KiB [emitted] [immutable] (name: %s)' % (n, hexs(20), rint(3, 400), n)
             for n in R.sample(['tour-board', 'token-refresh-worker', 'fuelcard-settings', 'pin-reset', 'customs-dashboard', 'vendors', 'runtime'], rint(3, 6))]
    return intro('log', 0.3) + fence('\n'.join(lines))


def ci_inline():
    lang('en')
    return pick(['`TokenRefreshInterceptor.intercept()` retries forever when `refreshToken` is null, fix in review',
                 'renamed `fuelCardPan` to `fuelCardPanToken` everywhere, the column `pan_last4` stays',
                 'who owns `SecurePrefsPasswordVault`? it still reads `KEY_LEGACY_PASSWORD` on every cold start',
                 '`customs.portal.token-ttl-seconds` is 900 in prod but 60 in staging, that is why the bridge re-auths so often',
                 'PR #%d: `ApiKeyHeaderProvider` now reads `X-Api-Key` from `TelematicsConfig.apiKeyHeaderName`' % rint(100, 4000),
                 'the `password_changed_at` column is null for %d scanner accounts, `PasswordPolicy.isExpired()` throws' % rint(2, 90)])


def ci_inline_de():
    lang(pick(['de', 'fr', 'pl']))
    return pick(['`IbanInputFormatter` schneidet bei polnischen Konten die letzte Gruppe ab, siehe `formatIban()`',
                 '`PhoneNumberMaskingPolicy.mask()` renvoie null quand le préfixe pays manque',
                 '`AccessTokenStore.clear()` nie czyści `refresh_token` po wylogowaniu kierowcy'])


CI_TEMPLATES = [ci_inline, ci_inline_de, ci_kotlin_trace, ci_ios_crash, ci_python_code, ci_go_code, ci_sql_ddl, ci_config_keys, ci_ts_types, ci_feature_flags,
                ci_grep, ci_logcat, ci_proto, ci_dotnet_trace, ci_rust_panic, ci_env_names, ci_react_components, ci_ansible, ci_graphql,
                ci_flutter, ci_webpack_chunks]


# ---- talk_about_secrets --------------------------------------------------------------------
TALK = {
    'en': ['Reminder: never paste the telematics API key in this channel, it lives in Vault under fleet/telematics.',
           'The SFTP password for the carrier EDI drop was rotated this morning; ask the on-call if you need access to the new one.',
           'Drivers keep asking for their app PIN over Slack. Please send them to the self-service reset, we never share PINs here.',
           'Did anyone rotate the customs broker portal token after the offboarding last week?',
           'If a fuel card number ends up in a screenshot, blur it before posting and tell finance.',
           'We only keep the last four digits of the fuel cards, the full card number stays with the issuer.',
           'Please do not DM driver phone numbers around, use the masked calling in the dispatch app.',
           'The GitHub token that leaked in the driver-app repo was revoked within 20 minutes, the post-mortem is linked in the ticket.',
           'Why does the AS2 partner want our private key? They only ever need the public certificate.',
           'Bank details for new subcontractors go through the vendor portal, never via email or Slack.',
           'Is the Slack bot token for the reefer alerts still the one from the old workspace? We should rotate it.',
           'Our DLP keeps flagging SSCCs as card numbers. Can we add a Luhn check and an allowlist for the (00) prefix?',
           'Quick question: where do we store the OpenAI key for the customs document classifier now?',
           'After the audit we have to rotate every AWS access key older than 90 days, including the one for the POD bucket.',
           'New hires get their WMS password through the onboarding tool, not from the shift lead.'],
    'de': ['Bitte keine Passwörter in #dispatch posten, die Zugangsdaten für das Telematikportal liegen im Tresor.',
           'Das SFTP-Passwort für den EDI-Austausch mit der Reederei wurde heute rotiert, Details stehen im Ticket.',
           'Fahrer fragen ständig nach ihrer App-PIN – bitte auf den Self-Service verweisen.',
           'IBANs von Subunternehmern gehören ins Lieferantenportal, nicht in den Chat.',
           'Wer hat den API-Schlüssel für das Zollportal zuletzt erneuert?',
           'Tankkartennummern nur maskiert weitergeben, also höchstens die letzten vier Ziffern.',
           'Die Handynummern der Fahrer stehen im Dispo-System, bitte nicht hier teilen.',
           'Der private Schlüssel für das AS2-Zertifikat bleibt auf dem HSM, niemand braucht eine Kopie davon.',
           'Nach dem Vorfall mit dem geleakten Token gilt: Secrets nur noch über Vault-Links austauschen.'],
    'fr': ['Merci de ne jamais coller de mot de passe dans ce canal, utilisez le coffre-fort.',
           "Le jeton de l'API télématique a été renouvelé ce matin, les services ont redémarré sans erreur.",
           "Les chauffeurs demandent souvent leur code PIN par message ; redirigez-les vers la réinitialisation en libre-service.",
           'Pour les coordonnées bancaires des sous-traitants, passez uniquement par le portail fournisseurs.',
           "Qui a accès à la clé privée du certificat AS2 ? Il faudrait la renouveler avant l'audit.",
           'Les numéros de carte carburant ne doivent apparaître que masqués dans les rapports.'],
    'es': ['Por favor, no compartáis contraseñas por Slack; el acceso al portal de aduanas está en el gestor de secretos.',
           'Hemos rotado el token de la API de telemetría, si algún servicio falla avisad en #ops.',
           'Los conductores no deben mandar su número de teléfono por el canal general.',
           '¿Alguien sabe dónde está documentado el proceso para cambiar la clave del SFTP del transitario?',
           'Los números de las tarjetas de combustible solo se guardan enmascarados.'],
    'pt': ['Pessoal, não mandem senhas pelo chat; as credenciais do portal da alfândega estão no cofre.',
           'O token da API de rastreamento foi rotacionado hoje de manhã.',
           'Dados bancários de transportadoras parceiras só pelo portal de fornecedores, nunca por e-mail.',
           'Alguém sabe se a chave privada do AS2 foi renovada depois da auditoria?',
           'Os motoristas devem redefinir o PIN pelo aplicativo, não peçam aqui.'],
    'nl': ['Graag geen wachtwoorden in dit kanaal plakken, de inloggegevens voor het douaneportaal staan in de kluis.',
           'De API-sleutel van het telematicaplatform is vanochtend vernieuwd.',
           'Chauffeurs vragen vaak hun pincode via Slack; verwijs ze naar de reset in de app.',
           'Bankgegevens van charters alleen via het leveranciersportaal aanleveren.',
           'Wie heeft nog toegang tot het oude SFTP-account van de rederij? Dat moet dicht.'],
    'pl': ['Proszę nie wklejać haseł na kanale, dane logowania do portalu celnego są w sejfie.',
           'Token do API telematyki został dziś rano zrotowany.',
           'Kierowcy pytają o PIN do aplikacji — kierujcie ich do samodzielnego resetu.',
           'Numery kart paliwowych tylko zamaskowane, ostatnie cztery cyfry wystarczą.',
           'Numery telefonów kierowców są w systemie dyspozytorskim, nie udostępniajcie ich tutaj.'],
    'it': ['Per favore non incollate password in questo canale, le credenziali del portale doganale sono nel vault.',
           "Il token dell'API telematica è stato ruotato stamattina.",
           "Gli autisti chiedono spesso il PIN dell'app: indirizzateli al reset self-service.",
           'Gli IBAN dei subvettori vanno inseriti solo nel portale fornitori.'],
    'tr': ['Lütfen bu kanala şifre yapıştırmayın, gümrük portalı erişim bilgileri kasada duruyor.',
           'Telematik API anahtarı bu sabah yenilendi.',
           "Şoförler uygulama PIN'ini Slack'ten soruyor; lütfen onları şifre sıfırlama ekranına yönlendirin.",
           'Yakıt kartı numaraları raporlarda sadece maskeli görünmeli.'],
    'ru': ['Коллеги, не публикуйте пароли в этом канале, доступы к таможенному порталу лежат в хранилище секретов.',
           'Токен API телематики сегодня утром перевыпущен.',
           'Водители часто просят PIN от приложения в чате — отправляйте их на самостоятельный сброс.',
           'Номера топливных карт показываем только в маскированном виде.'],
    'uk': ['Будь ласка, не надсилайте паролі в цей канал.', 'Номери телефонів водіїв є в диспетчерській системі, не копіюйте їх сюди.'],
    'ja': ['このチャンネルにパスワードを貼らないでください。通関ポータルの認証情報はVaultにあります。',
           'テレマティクスAPIのトークンは今朝ローテーションしました。',
           'ドライバーからアプリのPINを聞かれても、ここでは教えずにセルフリセットを案内してください。',
           '燃料カードの番号はマスクした状態でのみ共有してください。'],
    'zh': ['请不要在这个频道里贴密码，报关系统的账号信息在密钥库里。', '车载终端平台的 API 密钥今天早上已经轮换了。',
           '司机如果问应用的 PIN 码，请引导他们在应用里自助重置。', '油卡卡号只能以脱敏形式出现在报表中。'],
    'ko': ['이 채널에 비밀번호를 붙여넣지 마세요. 통관 포털 계정 정보는 볼트에 있습니다.', '텔레매틱스 API 토큰은 오늘 아침에 교체했습니다.',
           '기사님들이 앱 PIN을 물어보시면 셀프 재설정 화면으로 안내해 주세요.'],
    'ar': ['يرجى عدم لصق كلمات المرور في هذه القناة، بيانات الدخول إلى بوابة الجمارك محفوظة في الخزنة.',
           'تم تدوير مفتاح واجهة برمجة التطبيقات الخاصة بنظام التتبع صباح اليوم.', 'أرقام بطاقات الوقود تظهر في التقارير بشكل مخفي فقط.'],
    'cs': ['Prosím nevkládejte hesla do tohoto kanálu, přístupy k celnímu portálu jsou v trezoru.', 'Token k telematickému API byl dnes ráno vyměněn.'],
    'sv': ['Klistra inte in lösenord i den här kanalen, inloggningen till tullportalen finns i valvet.', 'API-nyckeln för telematikplattformen byttes i morse.'],
    'ro': ['Vă rog să nu postați parole pe acest canal; datele de acces la portalul vamal sunt în seif.',
           'Șoferii nu trebuie să-și trimită numărul de telefon pe canalul general.'],
    'hu': ['Kérlek, ne másoljatok jelszót ebbe a csatornába, a vámportál belépési adatai a széfben vannak.'],
    'hi': ['कृपया इस चैनल में पासवर्ड न डालें, कस्टम्स पोर्टल की जानकारी वॉल्ट में है।'],
}
TALK_W = {'en': 6, 'de': 4, 'fr': 2, 'es': 2, 'pt': 2, 'nl': 2, 'pl': 2}


def talk_lang():
    langs = list(TALK)
    return R.choices(langs, weights=[TALK_W.get(l, 1) for l in langs])[0]


def ta_single():
    lg = talk_lang()
    lang(lg)
    return pick(TALK[lg])


def ta_thread():
    n = rint(2, 13)
    out = []
    for _ in range(n):
        lg = talk_lang() if chance(0.4) else 'en'
        lang(lg)
        out.append('[%s] %s: %s' % (hhmm(), pick(TEAM), pick(TALK[lg])))
    return '\n'.join(out)


def ta_quote_reply():
    lg = talk_lang()
    lang(lg)
    lang('en')
    return '> %s\n%s' % (pick(TALK[lg]), pick(['+1, and please also check the staging copy of that config.', 'agreed, ticket is SEC-%d' % rint(100, 9999),
                                                'done, rotated and old one revoked', 'can we automate this with the secret scanner?']))


def ta_incident():
    lg = pick(['en', 'en', 'de'])
    lang(lg)
    if lg == 'en':
        lines = ['*Incident summary SEC-%d*' % rint(100, 9999),
                 '• What: a personal access token was committed to the driver-app repo in a test fixture.',
                 '• Detection: push protection missed it, the nightly secret scan flagged it %d min later.' % rint(5, 90),
                 '• Impact: token had read access to 2 internal packages; no unusual API calls in the audit log.',
                 '• Fix: token revoked, history rewritten, CI now fails on token-shaped strings.',
                 '• Follow-up: move all CI credentials to OIDC, no long-lived tokens.']
    else:
        lines = ['*Vorfall SEC-%d – Zusammenfassung*' % rint(100, 9999),
                 '• Was: Ein Passwort für den EDI-SFTP stand im Klartext in einer Konfigurationsdatei.',
                 '• Entdeckt: beim Code-Review, nicht durch den Scanner.',
                 '• Maßnahme: Passwort beim Partner geändert, Datei bereinigt, Zugang nur noch per Schlüssel.',
                 '• Offen: Prüfung, ob andere Partner-Zugänge ebenso abgelegt wurden.']
    return '\n'.join(lines[:rint(3, len(lines))])


def ta_faq():
    lang('en')
    qa = [('Q: Can I share my WMS password with the temp worker for one shift?', 'A: No. Ask the shift lead to create a temporary account.'),
          ('Q: A carrier emailed new bank details, what do I do?', 'A: Do not change anything; call the carrier back on the number in the vendor master and open a ticket.'),
          ('Q: Where do I find the API key for the telematics sandbox?', 'A: In Vault under fleet/telematics/sandbox; request access in #sec-team.'),
          ('Q: The driver lost the phone with the app logged in.', 'A: Revoke the device session in the admin console; the refresh token dies with it.'),
          ('Q: May I put a customer card number in the TMS notes?', 'A: Never. Use the payment link, we are not allowed to store card data.')]
    sel = R.sample(qa, rint(1, 4))
    return '*FAQ security*\n' + '\n'.join('%s\n%s' % p for p in sel)


def ta_checklist():
    lg = pick(['en', 'de', 'nl', 'es'])
    lang(lg)
    items = {'en': ['exchange AS2 certificates (public ones only)', 'SFTP credentials via one-time vault link',
                    'no passwords in the onboarding email', 'confirm bank details by call-back, not by reply',
                    'API key scoped to the partner, expiry 90 days'],
             'de': ['AS2-Zertifikate austauschen (nur öffentliche)', 'SFTP-Zugang per Einmal-Link aus dem Vault',
                    'keine Passwörter in die Onboarding-Mail', 'Bankdaten per Rückruf bestätigen'],
             'nl': ['AS2-certificaten uitwisselen (alleen publieke)', 'SFTP-gegevens via eenmalige kluislink', 'geen wachtwoorden per mail'],
             'es': ['intercambiar certificados AS2 (solo públicos)', 'credenciales SFTP por enlace de un solo uso', 'nada de contraseñas por correo']}[lg]
    head = {'en': 'Carrier onboarding checklist:', 'de': 'Checkliste Frachtführer-Onboarding:', 'nl': 'Checklist onboarding vervoerder:',
            'es': 'Checklist de alta de transportista:'}[lg]
    return head + '\n' + '\n'.join('- [%s] %s' % (pick([' ', 'x']), i) for i in R.sample(items, rint(2, len(items))))


def ta_driver_question():
    pairs = [('ro', 'Șofer: „Am uitat parola de la aplicație, ce fac?”'), ('pl', 'Kierowca: „Zapomniałem hasła do aplikacji, co robić?”'),
             ('tr', 'Şoför: “Uygulama şifremi unuttum, ne yapmalıyım?”'), ('uk', 'Водій: «Забув пароль від застосунку, що робити?»'),
             ('bg', 'Шофьор: „Забравих паролата за приложението, какво да правя?“'), ('lt', 'Vairuotojas: „Pamiršau programėlės slaptažodį, ką daryti?“')]
    lg, q = pick(pairs)
    lang(lg)
    lang('en')
    return q + '\n' + pick(['-> sent the self-service reset instructions, no password exchanged here.',
                            '-> told him to use "forgot PIN" in the app; dispatch cannot see passwords anyway.',
                            '-> reset link goes to the number stored in the HR system, nothing to post here.'])


def ta_scanner_regex():
    lang('en')
    return pick(['The new DLP rule for "card numbers" fires on container check digits and SSCCs. Proposal: require Luhn plus a known BIN range, and skip anything prefixed with (00).',
                 'Can the secret scanner ignore IMEIs? They are 15 digits but they are device ids, not cards.',
                 'We need the redaction bot to stop masking geohashes, they are not API keys even though they look random.',
                 'The redactor masked every 10-digit tour number as a phone number in #dispatch yesterday, dispatch could not work with the messages.'])


def ta_security_sync():
    lg = pick(['en', 'fr', 'it', 'sv'])
    lang(lg)
    notes = {'en': ['rotate the customs portal password before the quarter ends', 'move the Slack bot tokens into the secret manager',
                    'decide who owns the AS2 private keys', 'remove phone numbers from the driver roster sheet', 'review who still has the old VPN key'],
             'fr': ['changer le mot de passe du portail douane avant la fin du trimestre', 'sortir les jetons des bots Slack du dépôt',
                    'définir qui détient les clés privées AS2'],
             'it': ['ruotare la password del portale doganale entro fine trimestre', 'spostare i token dei bot Slack nel secret manager'],
             'sv': ['byt lösenordet till tullportalen före kvartalsslut', 'flytta Slack-bottarnas token till hemlighetshanteraren']}[lg]
    head = {'en': 'Security sync notes', 'fr': 'Notes du point sécurité', 'it': 'Note riunione sicurezza', 'sv': 'Anteckningar säkerhetsmöte'}[lg]
    return '*%s %s*\n' % (head, date_iso()) + '\n'.join('%d. %s' % (i + 1, n) for i, n in enumerate(R.sample(notes, rint(2, len(notes)))))


def ta_vault_error():
    lang('en')
    return pick(['ESO cannot sync `edi-gateway-credentials`: "secret fleet/edi/as2 not found". Did someone move the keystore password?',
                 'SealedSecret for the customs bridge fails to decrypt after the controller key rotation, we need to re-seal the portal token.',
                 'Vault says permission denied on fleet/telematics/api_key for the new ingest role, policy update pending.'])


TA_TEMPLATES = [ta_single, ta_single, ta_thread, ta_quote_reply, ta_incident, ta_faq, ta_checklist, ta_driver_question,
                ta_scanner_regex, ta_security_sync, ta_vault_error]


# ============================================================================================
# POSITIVES
# ============================================================================================
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
URLSAFE = ALNUM + '_-'


def b62enc(n, width):
    s = ''
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, '0')


def g_anthropic():
    return 'sk-ant-api03-' + ''.join(R.choice(URLSAFE) for _ in range(93)) + 'AA'


def g_aws_id():
    return pick(['AKIA', 'AKIA', 'AKIA', 'ASIA']) + ''.join(R.choice(string.ascii_uppercase + '234567') for _ in range(16))


def g_aws_secret():
    return ''.join(R.choice(ALNUM + '/+') for _ in range(40))


def g_card():
    k = pick(['visa', 'visa', 'mc', 'mc2', 'amex', 'disc'])
    if k == 'visa':
        num = luhn_complete('4' + digits(14))
    elif k == 'mc':
        num = luhn_complete(str(rint(51, 55)) + digits(13))
    elif k == 'mc2':
        num = luhn_complete(str(rint(2221, 2720)) + digits(11))
    elif k == 'disc':
        num = luhn_complete('6011' + digits(11))
    else:
        num = luhn_complete(pick(['34', '37']) + digits(12))
    st = R.random()
    if k == 'amex':
        return num if st < 0.4 else (num[:4] + ' ' + num[4:10] + ' ' + num[10:]) if st < 0.8 else (num[:4] + '-' + num[4:10] + '-' + num[10:])
    if st < 0.4:
        return num
    sep = ' ' if st < 0.8 else '-'
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


EMAIL_DOMAINS = ['nordkap-logistik.de', 'bayline-freight.com', 'transmarin.nl', 'vistula-cargo.pl', 'rhone-fret.fr', 'iberocarga.es',
                 'anatolia-lojistik.com.tr', 'laguna-trasporti.it', 'hanse-reefer.de', 'fjordline-transport.se', 'danubia-spedice.cz',
                 'lusocargo.pt', 'midwest-haulage.com', 'gmail.com', 'outlook.com', 'web.de', 'wp.pl']
LOCALS = ['k.hoffmann', 'dispatch.north', 'b.nowak', 'edi-support', 'claims', 'm.jansen', 'l.moreau', 'a.garcia.r', 'ops.nightshift',
          'zoll.hamburg', 'p.kowalczyk', 's.yilmaz', 'accounts.payable', 'r.bianchi', 'f.lindqvist', 'd.novak', 'tms.alerts', 'r.silva']


def g_email():
    return '%s%s@%s' % (pick(LOCALS), pick(['', '', str(rint(1, 99))]), pick(EMAIL_DOMAINS))


def g_ghc():
    rnd = ''.join(R.choice(ALNUM) for _ in range(30))
    return 'ghp_' + rnd + b62enc(zlib.crc32(rnd.encode()) & 0xffffffff, 6)


def g_ghf():
    return 'github_pat_11' + ''.join(R.choice(UPDIG) for _ in range(20)) + '_' + ''.join(R.choice(ALNUM) for _ in range(59))


def iban_make(cc, bban):
    chk = 98 - mod97(cc + '00' + bban)
    return cc + '%02d' % chk + bban


def g_iban():
    cc = pick(['DE', 'DE', 'NL', 'FR', 'BE', 'PL', 'ES', 'IT', 'AT', 'GB', 'CZ', 'TR', 'PT', 'SE'])
    if cc == 'DE':
        b = digits(8) + digits(10)
    elif cc == 'NL':
        b = pick(['RABO', 'ABNA', 'INGB', 'TRIO', 'SNSB']) + digits(10)
    elif cc == 'FR':
        bank, br, acc = digits(5), digits(5), digits(11)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97)
        b = bank + br + acc + '%02d' % key
    elif cc == 'BE':
        d10 = digits(10)
        c = int(d10) % 97 or 97
        b = d10 + '%02d' % c
    elif cc == 'PL':
        b = digits(24)
    elif cc == 'ES':
        bank, br, acc = digits(4), digits(4), digits(10)

        def dc(s, w):
            r = 11 - sum(int(x) * y for x, y in zip(s, w)) % 11
            return {10: 1, 11: 0}.get(r, r)
        b = bank + br + str(dc('00' + bank + br, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])) + str(dc(acc, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])) + acc
    elif cc == 'IT':
        b = pick(string.ascii_uppercase) + digits(5) + digits(5) + digits(12)
    elif cc == 'AT':
        b = digits(16)
    elif cc == 'GB':
        b = pick(['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL']) + digits(6) + digits(8)
    elif cc == 'CZ':
        b = digits(20)
    elif cc == 'TR':
        b = digits(5) + '0' + digits(16)
    elif cc == 'PT':
        b = digits(21)
    else:
        b = digits(20)
    iban = iban_make(cc, b)
    assert mod97(iban) == 1 and len(iban) == IBAN_LEN[cc]
    return ' '.join(iban[i:i + 4] for i in range(0, len(iban), 4)) if chance(0.55) else iban


def g_ipv4():
    while True:
        s = '%d.%d.%d.%d' % (rint(1, 223), rint(0, 255), rint(0, 255), rint(1, 254))
        if ip_public(s):
            return s


def g_jwt():
    if chance(0.5):
        hdr = {'alg': 'HS256', 'typ': 'JWT'}
        sig = rbytes(32)
    else:
        hdr = {'alg': 'RS256', 'typ': 'JWT', 'kid': hexs(16)}
        sig = rbytes(256)
    now = epoch_s()
    pl = pick([{'sub': 'drv_%s' % nz_digits(6), 'tour': route_id(), 'roles': ['driver'], 'iat': now, 'exp': now + 900},
               {'sub': 'svc-edi-gateway', 'aud': 'customs-bridge', 'scope': 'declarations:write', 'iat': now, 'exp': now + 3600},
               {'iss': 'https://auth.fleetco.internal', 'sub': 'dispatcher-%d' % rint(10, 999), 'depot': pick(['HAM', 'RTM', 'WAW']), 'iat': now, 'exp': now + 28800}])
    return b64url(json.dumps(hdr, separators=(',', ':')).encode()) + '.' + b64url(json.dumps(pl, separators=(',', ':')).encode()) + '.' + b64url(sig)


def g_openai():
    k = R.random()
    if k < 0.5:
        return 'sk-proj-' + ''.join(R.choice(URLSAFE) for _ in range(rint(58, 74))) + 'T3BlbkFJ' + ''.join(R.choice(URLSAFE) for _ in range(rint(58, 74)))
    if k < 0.75:
        return 'sk-' + alnum(20) + 'T3BlbkFJ' + alnum(20)
    return 'sk-svcacct-' + ''.join(R.choice(URLSAFE) for _ in range(rint(58, 74))) + 'T3BlbkFJ' + ''.join(R.choice(URLSAFE) for _ in range(rint(58, 74)))


def g_password():
    k = R.random()
    if k < 0.55:
        pool = ALNUM + '!#%&*?_-+='
        while True:
            s = ''.join(R.choice(pool) for _ in range(rint(12, 22)))
            if any(c.isdigit() for c in s) and any(c.isupper() for c in s) and any(c in '!#%&*?_-+=' for c in s):
                return s
    if k < 0.8:
        words = ['Hafen', 'Kran', 'Anker', 'Dorsz', 'Rampa', 'Fjord', 'Lastwagen', 'Palette', 'Kompas', 'Zeevaart', 'Camion', 'Muelle']
        return '%s%s%s%d%s' % (pick(words), pick(['-', '.', '_']), pick(words), rint(10, 9999), pick(['!', '#', '?', '']))
    return alnum(rint(16, 32))


def g_phone():
    return pick([lambda: '+49 1%d %s' % (pick([51, 52, 57, 59, 60, 62, 70, 71, 72, 73, 76, 78]), nz_digits(pick([7, 8]))),
                 lambda: '+49 (0)1%d %s %s' % (pick([51, 60, 71, 76]), nz_digits(3), digits(4)),
                 lambda: '0%d %s' % (rint(151, 179), nz_digits(7)),
                 lambda: '+31 6 %s' % nz_digits(8), lambda: '06-%s' % nz_digits(8),
                 lambda: '+33 %d %s %s %s %s' % (pick([6, 7]), digits(2), digits(2), digits(2), digits(2)),
                 lambda: '+34 %d%s %s %s' % (pick([6, 7]), digits(2), digits(3), digits(3)),
                 lambda: '+48 %d%s %s %s' % (pick([5, 6, 7, 8]), digits(2), digits(3), digits(3)),
                 lambda: '+39 3%s %s %s' % (digits(2), digits(3), digits(4)),
                 lambda: '+44 7%s %s' % (digits(3), digits(6)),
                 lambda: '+1 %d-%d-%s' % (pick([312, 469, 901, 956, 614, 773, 832]), rint(201, 989), digits(4)),
                 lambda: '(%d) %d-%s' % (pick([312, 469, 901, 956, 614]), rint(201, 989), digits(4)),
                 lambda: '+90 5%s %s %s %s' % (digits(2), digits(3), digits(2), digits(2)),
                 lambda: '0%d-%s-%s' % (pick([80, 90, 70]), digits(4), digits(4)),
                 lambda: '+40 7%s %s %s' % (digits(2), digits(3), digits(3)),
                 lambda: '+420 %d%s %s %s' % (pick([6, 7]), digits(2), digits(3), digits(3))])()


def g_ssn():
    while True:
        a = rint(1, 899)
        if a != 666:
            break
    s = '%03d-%02d-%04d' % (a, rint(1, 99), rint(1, 9999))
    return s


def _pem_body(kind):
    if kind == 'EC PRIVATE KEY':
        d = der(0x30, der(0x02, b'\x01') + der(0x04, rbytes(32)) + der(0xa0, der(0x06, bytes.fromhex('2a8648ce3d030107'))) +
                der(0xa1, der(0x03, b'\x00\x04' + rbytes(64))))
        return wrap(b64(d), 64)
    if kind == 'PRIVATE KEY':
        d = der(0x30, der(0x02, b'\x00') + der(0x30, der(0x06, bytes.fromhex('2b6570'))) + der(0x04, der(0x04, rbytes(32))))
        return wrap(b64(d), 64)
    if kind == 'RSA PRIVATE KEY':
        nb = pick([128, 256])

        def big(n):
            b = bytearray(rbytes(n))
            b[0] |= 0x80
            return bytes(b)
        d = der(0x30, der(0x02, b'\x00') + der_int_bytes(big(nb)) + der(0x02, b'\x01\x00\x01') + der_int_bytes(big(nb)) +
                der_int_bytes(big(nb // 2)) + der_int_bytes(big(nb // 2)) + der_int_bytes(big(nb // 2)) + der_int_bytes(big(nb // 2)) +
                der_int_bytes(big(nb // 2)))
        return wrap(b64(d), 64)
    # OPENSSH PRIVATE KEY (ed25519)
    def sstr(b):
        return struct.pack('>I', len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b'ssh-ed25519') + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b'ssh-ed25519') + sstr(pub) + sstr(rbytes(32) + pub) + sstr(pick([b'edi-deploy', b'gw-provision', b'tacho-sync']))
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b'openssh-key-v1\x00' + sstr(b'none') + sstr(b'none') + sstr(b'') + struct.pack('>I', 1) + sstr(pubblob) + sstr(priv)
    return wrap(b64(blob), 70)


PEM_N = [0]


def g_pem():
    kind = ['EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'RSA PRIVATE KEY', 'PRIVATE KEY'][PEM_N[0] % 4]
    PEM_N[0] += 1
    body = _pem_body(kind)
    return body, '-----BEGIN %s-----\n%s\n-----END %s-----' % (kind, body, kind), kind


def g_slack_bot():
    return 'xoxb-%s-%s-%s' % (nz_digits(pick([10, 11, 12])), nz_digits(pick([12, 13])), alnum(24))


def g_slack_user():
    return 'xoxp-%s-%s-%s-%s' % (nz_digits(pick([10, 11])), nz_digits(pick([10, 11, 12])), nz_digits(13), hexs(32))


URL_USERS = ['edi_upload', 'tms_app', 'fleet', 'as2user', 'telemetry', 'wms_ro', 'customs_bridge', 'pod_writer', 'tacho']


def g_urlcred():
    user = pick(URL_USERS)
    pool = ALNUM + '-_.~!*'
    pw = ''.join(R.choice(pool) for _ in range(rint(12, 24)))
    return user, pw


GENS = {'anthropic_api_key': g_anthropic, 'aws_access_key_id': g_aws_id, 'aws_secret_access_key': g_aws_secret,
        'credit_card': g_card, 'email_address': g_email, 'github_classic_pat': g_ghc, 'github_fine_grained_pat': g_ghf,
        'iban': g_iban, 'ipv4_address': g_ipv4, 'jwt': g_jwt, 'openai_api_key': g_openai, 'password': g_password,
        'phone_number': g_phone, 'slack_bot_token': g_slack_bot, 'slack_user_token': g_slack_user, 'us_ssn': g_ssn}
KINDS = ['anthropic_api_key', 'aws_access_key_id', 'aws_secret_access_key', 'credit_card', 'email_address', 'github_classic_pat',
         'github_fine_grained_pat', 'iban', 'ipv4_address', 'jwt', 'openai_api_key', 'password', 'phone_number', 'private_key_pem',
         'slack_bot_token', 'slack_user_token', 'url_credentials', 'us_ssn']


def ctx():
    return {'rt': route_id(), 'unit': unit_no(), 'ts': iso_ts(), 'ctr': container(0), 'bol': bol(), 'date': date_iso(),
            'pip': private_ip(), 'hub': pick(HUBS)[0], 'ver': semver(), 'n4': rint(1000, 9999), 'hh': hhmm(),
            'carrier': pick(CARRIERS), 'team': pick(TEAM), 'sscc': sscc(), 'mrn': mrn(), 'bic': pick(['COBADEFFXXX', 'RABONL2U', 'BNPAFRPP', 'PKOPPLPW', 'BBVAESMM', 'INGBNL2A', 'DEUTDEFF'])}


# templates: (lang, text with {v} and ctx fields)
PT = {
    'anthropic_api_key': [
        ('en', 'ANTHROPIC_API_KEY={v}'),
        ('en', '```python\n# customs-doc-classifier/settings.py\nclient = anthropic.Anthropic(api_key="{v}")  # TODO move to vault before go-live\n```'),
        ('de', 'Der Key für den Zolldokument-Klassifizierer, bis Vault steht: {v} – bitte nicht weitergeben'),
        ('en', '```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: route-summary-bot\nstringData:\n  ANTHROPIC_API_KEY: "{v}"\n```'),
        ('en', '{ts} DEBUG llm-gateway upstream=anthropic headers={{"x-api-key": "{v}", "anthropic-version": "2023-06-01"}} tour={rt}'),
        ('ja', '通関書類の要約ボット用のキーです（検証環境のみ）: {v}'),
        ('es', 'Clave para el bot que resume incidencias de ruta: `{v}` (la quito del canal en cuanto esté en el vault)'),
    ],
    'aws_access_key_id': [
        ('en', 'Kinesis producer in the ingest pod still uses the static key {v}, can we switch to IRSA?'),
        ('es', 'La Lambda que genera etiquetas usa AWS_ACCESS_KEY_ID={v}, hay que rotarla'),
        ('en', '{ts} WARN botocore.credentials Found credentials in environment variables. access_key={v} bucket=fleet-pod-archive'),
        ('de', 'Welcher Key ist {v}? Taucht im CloudTrail für den POD-Bucket auf, Zugriff von {unit}-Uploader'),
        ('en', '```ini\n[fleet-telematics]\naws_access_key_id = {v}\nregion = eu-central-1\n```'),
    ],
    'aws_secret_access_key': [
        ('en', '```ini\n[pod-archive]\naws_secret_access_key = {v}\n```'),
        ('pl', 'sekret do bucketu z POD-ami (tymczasowo, do rotacji): {v}'),
        ('en', '```yaml\nservices:\n  label-renderer:\n    environment:\n      AWS_SECRET_ACCESS_KEY: "{v}"\n      AWS_REGION: eu-west-1\n```'),
        ('en', '```java\nAWSCredentials creds = new BasicAWSCredentials(System.getenv("AWS_KEY_ID"), "{v}");\n```'),
        ('de', 'Secret Access Key für den Tacho-Export-Bucket: `{v}` (nur bis Freitag gültig)'),
    ],
    'credit_card': [
        ('en', 'Fuel card for {unit} was blocked, replacement card is {v}, exp 09/27 — please load it in the driver app'),
        ('fr', 'Carte carburant du camion {unit} : {v}, à saisir dans l’appli avant le départ de la tournée {rt}'),
        ('en', '```csv\ncard_pan,unit,daily_limit_eur\n{v},{unit},1500\n```'),
        ('en', 'paid the port storage at {hub} with the company card {v}, receipt in the expense tool'),
        ('de', 'Neue Tankkarte für Zugmaschine {unit}: {v} – PIN kommt per Post'),
        ('it', 'Carta carburante nuova per {unit}: {v}'),
    ],
    'email_address': [
        ('en', 'Customs broker contact for {hub}: {v}'),
        ('en', 'pls add {v} to the ASN distribution list for {carrier}'),
        ('nl', 'Stuur de CMR-kopie van rit {rt} naar {v}'),
        ('en', '```\nFrom: {v}\nSubject: IFTSTA rejected - {bol}\n```'),
        ('en', '```json\n{{"tour": "{rt}", "notify": ["{v}"], "on": ["eta_change", "pod"]}}\n```'),
        ('pl', 'Kontakt do magazynu w Poznaniu: {v}, pytać o rampę 5'),
        ('tr', 'Gümrük müşaviri iletişim: {v}'),
    ],
    'github_classic_pat': [
        ('en', 'GITHUB_TOKEN={v} ./gradlew :app:publishReleaseBundle'),
        ('en', '```\n# ~/.npmrc on the build box\n//npm.pkg.github.com/:_authToken={v}\n```'),
        ('en', 'use my token {v} to pull the telematics-sdk package until the CI bot has access'),
        ('de', 'Für das Paket-Registry im Build-Agent: {v} (läuft in 30 Tagen ab)'),
        ('pt', 'token pra baixar o pacote do SDK de rastreamento: {v}'),
    ],
    'github_fine_grained_pat': [
        ('en', 'fine-grained token for the edi-mappings repo (contents: read): {v}'),
        ('en', '```yaml\n# renovate config on the runner\ntoken: "{v}"\n```'),
        ('fr', 'Jeton GitHub pour le dépôt route-optimizer : {v}'),
        ('en', 'export GH_TOKEN={v}\ngh release download v{ver} -R fleetco/driver-app'),
        ('ru', 'токен для репозитория с маппингами EDI: {v}'),
    ],
    'iban': [
        ('de', 'Neue Bankverbindung Subunternehmer: IBAN {v}, BIC {bic} – bitte im Kreditorenstamm hinterlegen'),
        ('en', 'Please update the payee for the haulier on tour {rt}: {v}'),
        ('pl', 'Numer konta przewoźnika do faktury za trasę {rt}: {v}'),
        ('en', 'PAYMUL segment from the bank file:\n```\nFII+BF+{v}:FLEETCO+{bic}:25:5\'\n```'),
        ('en', '```csv\ncarrier_id;iban;currency\nCR-{n4};{v};EUR\n```'),
        ('nl', 'IBAN van de charter voor de creditnota: {v}'),
        ('es', 'Cuenta del transportista para el pago de la ruta {rt}: {v}'),
    ],
    'ipv4_address': [
        ('en', 'AS2 endpoint of {carrier} moved to {v}, please update the firewall allow list'),
        ('en', 'telematics gateway now listens on {v}:5027 (codec 8 over TCP)'),
        ('en', '```\n{v} - - [14/Mar/2025:{hh}:07 +0000] "POST /api/v2/positions HTTP/1.1" 200 312 "-" "FMB920/{ver}"\n```'),
        ('es', 'La IP pública del almacén de Valencia es {v}, el proveedor del WMS la necesita para la lista blanca'),
        ('en', '```yaml\ningress:\n  allowlist:\n    - {v}/32   # customs broker\n```'),
        ('de', 'Zugriff auf das Zollportal nur von {v} aus erlaubt (Büro Hamburg)'),
    ],
    'jwt': [
        ('en', '```\nD/OkHttp: --> GET /v1/tours/{rt}/stops\nD/OkHttp: Authorization: Bearer {v}\n```'),
        ('en', "curl -H 'Authorization: Bearer {v}' https://api.fleetco.internal/v1/tours/{rt}"),
        ('de', 'Token aus der Fahrer-App (läuft bald ab), zum Nachstellen des 403: {v}'),
        ('en', 'localStorage dump from the dispatcher console:\n```\naccess_token: {v}\n```'),
        ('ko', '디버깅용 토큰입니다: {v}'),
    ],
    'openai_api_key': [
        ('en', 'OPENAI_API_KEY={v}'),
        ('en', '```python\nclient = OpenAI(api_key="{v}")\nresp = client.chat.completions.create(model="gpt-4o-mini", messages=msgs)\n```'),
        ('de', 'Schlüssel für den ETA-Erklärbot: {v}'),
        ('en', '{ts} ERROR eta-explainer openai call failed status=429 key={v}'),
        ('it', 'chiave OpenAI per il classificatore dei documenti doganali: {v}'),
    ],
    'password': [
        ('en', '```\nServer=sql-tms-01;Database=TMS;User Id=tms_app;Password={v};Encrypt=True\n```'),
        ('en', 'WMS admin login for the MC9300 scanners: admin / {v}'),
        ('fr', 'Le mot de passe du portail douane (compte partagé) : {v}'),
        ('en', '```properties\nspring.datasource.username=edi\nspring.datasource.password={v}\n```'),
        ('en', '```yaml\nas2:\n  keystore: /etc/as2/fleetco.p12\n  keystore_password: "{v}"\n```'),
        ('ru', 'пароль от SFTP перевозчика {carrier}: {v}'),
        ('de', 'Passwort für das Telematikportal (Nachtdispo): {v}'),
        ('zh', '报关系统的临时密码：{v}'),
    ],
    'phone_number': [
        ('en', 'Driver on {rt} can be reached at {v}'),
        ('de', 'Fahrer Tour {rt}: {v}, bitte anrufen wegen Rampe'),
        ('en', 'night dispatch phone this week: {v}'),
        ('es', 'Contacto del almacén de Valencia para la descarga: {v}'),
        ('ja', 'ドライバーの携帯: {v}（{hub}で待機中）'),
        ('pl', 'Kierowca z trasy {rt}: {v}'),
        ('ro', 'Numărul șoferului pentru cursa {rt}: {v}'),
    ],
    'private_key_pem': [
        ('en', 'deploy key for the telematics gateway (will rotate tomorrow):\n```\n{pem}\n```'),
        ('en', 'AS2 signing key, temporary until the HSM is in place:\n```\n{pem}\n```'),
        ('de', 'Schlüssel für den SFTP-Zugang zum Zollbroker:\n```\n{pem}\n```'),
        ('en', '{pem}'),
        ('pl', 'klucz do bramki tachografów:\n{pem}'),
    ],
    'slack_bot_token': [
        ('en', 'SLACK_BOT_TOKEN={v}'),
        ('en', '```python\nfrom slack_sdk import WebClient\nclient = WebClient(token="{v}")  # reefer-alarm bot\n```'),
        ('en', 'the dispatch-alerts bot token is {v}, can someone move it to vault?'),
        ('de', 'Token vom Tourenbot: {v}'),
        ('en', '```yaml\nslack:\n  channel: "#reefer-alarms"\n  bot_token: {v}\n```'),
    ],
    'slack_user_token': [
        ('en', "curl -H 'Authorization: Bearer {v}' 'https://slack.com/api/conversations.history?channel=C0{n4}DISP'"),
        ('en', 'my user token for the export script: {v}'),
        ('nl', 'user token voor het exportscript van #dispatch: {v}'),
        ('en', 'SLACK_USER_TOKEN={v} python export_channel.py --channel dispatch'),
    ],
    'url_credentials': [
        ('en', 'EDI_SFTP_URL=sftp://{u}:{p}@sftp-edi.carrier-gw.com:22/outbound/IFTSTA'),
        ('en', 'DATABASE_URL=postgres://{u}:{p}@tms-db.prod.fleetco.internal:5432/tms'),
        ('de', 'Broker-URL für die Positionsdaten: amqps://{u}:{p}@mq.fleetco.cloud:5671/telemetry'),
        ('en', '```\nmongodb+srv://{u}:{p}@telemetry.xk2pq.mongodb.net/positions?retryWrites=true\n```'),
        ('es', 'URL del FTP del transitario: ftp://{u}:{p}@ftp.iberocarga.es/entrada'),
        ('en', 'AS2 test endpoint with basic auth: https://{u}:{p}@as2-test.bayline-freight.com/as2/receive'),
    ],
    'us_ssn': [
        ('en', 'W-9 for the owner-operator on lane {rt}: SSN {v}'),
        ('en', 'Driver onboarding (US): SSN {v}, CDL class A, start date {date}'),
        ('es', 'Número de Seguro Social del conductor para la nómina: {v}'),
        ('en', '```csv\ndriver_id,ssn,state\nDRV-{n4},{v},TX\n```'),
        ('en', 'payroll needs the SSN for the new Laredo driver: {v}'),
    ],
}

# pair templates: (kinds, lang, text)  fields {a} {b} (values of kinds[0], kinds[1]); url creds via {u}:{p}
PAIR_T = {
    ('aws_access_key_id', 'aws_secret_access_key'): [
        ('en', '```ini\n[pod-archive]\naws_access_key_id = {a}\naws_secret_access_key = {b}\nregion = eu-central-1\n```'),
        ('de', 'Zugang für den Tacho-Export (nur heute): Key-ID {a}, Secret {b}'),
        ('en', '```\nAWS_ACCESS_KEY_ID={a}\nAWS_SECRET_ACCESS_KEY={b}\n```'),
        ('en', '```hcl\nprovider "aws" {{\n  region     = "eu-west-1"\n  access_key = "{a}"\n  secret_key = "{b}"\n}}\n```'),
    ],
    ('email_address', 'phone_number'): [
        ('en', 'Contact at the {hub} warehouse: {a}, mobile {b}'),
        ('de', 'Ansprechpartner Lager {hub}: {a}, Tel. {b}'),
        ('en', '```json\n{{"tour": "{rt}", "driver_contact": {{"email": "{a}", "phone": "{b}"}}}}\n```'),
    ],
    ('slack_bot_token', 'slack_user_token'): [('en', '```\nSLACK_BOT_TOKEN={a}\nSLACK_USER_TOKEN={b}\n```')],
    ('url_credentials', 'ipv4_address'): [('en', 'partner SFTP while their DNS is broken: sftp://{u}:{p}@{b}:22/inbound')],
    ('password', 'ipv4_address'): [
        ('en', 'ssh into the yard camera NVR at {b}, user admin, password {a}'),
        ('de', 'Router im Depot: {b}, Login admin / Passwort {a}'),
    ],
    ('iban', 'email_address'): [
        ('en', 'Remittance advice goes to {b}, payment to IBAN {a}'),
        ('fr', 'Virement sur l’IBAN {a}, avis de paiement à {b}'),
    ],
    ('credit_card', 'phone_number'): [('en', 'Fuel card {a} is stuck at the pump in {hub}, driver calls from {b}')],
    ('us_ssn', 'phone_number'): [('en', 'New driver file: SSN {a}, cell {b}, start {date}')],
    ('us_ssn', 'email_address'): [('en', 'Background check form: SSN {a}, send the result to {b}')],
    ('jwt', 'ipv4_address'): [('en', '```\n{b} - - "GET /v1/tours/{rt} HTTP/1.1" 403 "Authorization: Bearer {a}"\n```')],
    ('private_key_pem', 'ipv4_address'): [('en', 'key for root on the telematics gateway {b}:\n```\n{pem}\n```')],
    ('openai_api_key', 'anthropic_api_key'): [('en', '```\n# llm-gateway/.env\nOPENAI_API_KEY={a}\nANTHROPIC_API_KEY={b}\n```')],
    ('github_classic_pat', 'slack_bot_token'): [('en', '```yaml\nenv:\n  GH_PACKAGES_TOKEN: {a}\n  SLACK_BOT_TOKEN: {b}   # release notifications\n```')],
}
PAIR_PLAN = ([('aws_access_key_id', 'aws_secret_access_key')] * 4 + [('email_address', 'phone_number')] * 3 +
             [('slack_bot_token', 'slack_user_token'), ('url_credentials', 'ipv4_address')] + [('password', 'ipv4_address')] * 2 +
             [('iban', 'email_address')] * 2 + [('credit_card', 'phone_number'), ('us_ssn', 'phone_number'), ('us_ssn', 'email_address'),
                                                 ('jwt', 'ipv4_address'), ('private_key_pem', 'ipv4_address'), ('openai_api_key', 'anthropic_api_key'),
                                                 ('github_classic_pat', 'slack_bot_token')])


# ============================================================================================
# build
# ============================================================================================
CATS = [('non_credential_blob', NB_TEMPLATES), ('pii_lookalike_number', PL_TEMPLATES), ('data_uri_base64', DU_TEMPLATES),
        ('placeholder_example', PH_TEMPLATES), ('code_identifier', CI_TEMPLATES), ('talk_about_secrets', TA_TEMPLATES)]
PER_CAT = 100
MAX_LINES = 40


def build_negatives(stats):
    seen = set()
    recs = []
    for cat, tpls in CATS:
        order = []
        while len(order) < PER_CAT:
            blk = list(tpls)
            R.shuffle(blk)
            order += blk
        for t in order[:PER_CAT]:
            for attempt in range(400):
                LANGS_CUR.clear()
                set_msg_lang()
                text = glue(t())
                if text.count('\n') + 1 > MAX_LINES or text in seen:
                    stats['redraw_other'][t.__name__] += 1
                    continue
                found = scan(text)
                if found:
                    stats['redraw_scan'][found[0][0]] += 1
                    continue
                break
            else:
                raise SystemExit('cannot draw a clean negative from %s' % t.__name__)
            seen.add(text)
            recs.append({'text': text, 'category': cat, '_t': t.__name__, '_langs': sorted(LANGS_CUR or {'en'})})
    R.shuffle(recs)
    for i, r in enumerate(recs):
        r['id'] = 'h%dn-%04d' % (N, i + 1)
    return recs


def validate_secret(kind, v):
    if kind == 'credit_card':
        d = re.sub(r'[ -]', '', v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == 'iban':
        assert mod97(v) == 1 and len(v.replace(' ', '')) == IBAN_LEN[v[:2]], v
    elif kind == 'us_ssn':
        a, g, s = v.split('-')
        assert a not in ('000', '666') and a[0] != '9' and g != '00' and s != '0000', v
    elif kind == 'ipv4_address':
        assert ip_public(v), v
    elif kind == 'jwt':
        h, p, _ = v.split('.')
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + '=' * (-len(seg) % 4)))
    elif kind == 'private_key_pem':
        base64.b64decode(v.replace('\n', ''), validate=True)
    elif kind == 'github_classic_pat':
        assert re.fullmatch(r'ghp_[A-Za-z0-9]{36}', v)
        assert b62enc(zlib.crc32(v[4:34].encode()) & 0xffffffff, 6) == v[34:]
    elif kind == 'github_fine_grained_pat':
        assert re.fullmatch(r'github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}', v)
    elif kind == 'anthropic_api_key':
        assert re.fullmatch(r'sk-ant-api03-[A-Za-z0-9_-]{93}AA', v)
    elif kind == 'aws_access_key_id':
        assert re.fullmatch(r'(AKIA|ASIA)[A-Z2-7]{16}', v)
    elif kind == 'aws_secret_access_key':
        assert re.fullmatch(r'[A-Za-z0-9/+]{40}', v)
    elif kind == 'slack_bot_token':
        assert re.fullmatch(r'xoxb-\d+-\d+-[A-Za-z0-9]{24}', v)
    elif kind == 'slack_user_token':
        assert re.fullmatch(r'xoxp-\d+-\d+-\d+-[0-9a-f]{32}', v)
    elif kind == 'openai_api_key':
        assert v.startswith('sk-') and 'T3BlbkFJ' in v
    elif kind == 'email_address':
        assert EMAIL_RE.fullmatch(v)


def make_value(kind):
    if kind == 'private_key_pem':
        body, block, ptype = g_pem()
        return body, {'pem': block}, ptype
    if kind == 'url_credentials':
        u, p = g_urlcred()
        return '%s:%s' % (u, p), {'u': u, 'p': p}, None
    v = GENS[kind]()
    return v, {}, None


def _norm(x):
    return re.sub(r'[\s-]', '', x)


def covered(text, m, secrets):
    """True when finding m overlaps the span of a labelled value (or equals one once separators are dropped)."""
    spans = []
    for sec in secrets:
        st = 0
        while True:
            i = text.find(sec['value'], st)
            if i < 0:
                break
            spans.append((i, i + len(sec['value'])))
            st = i + 1
    st = 0
    while True:
        i = text.find(m, st)
        if i < 0:
            break
        if any(i < b and a < i + len(m) for a, b in spans):
            return True
        st = i + 1
    return any(_norm(m) in _norm(sec['value']) or _norm(sec['value']) in _norm(m) for sec in secrets)


def build_positives(stats):
    total = 170
    seq = [KINDS[i % len(KINDS)] for i in range(total)]
    remaining = Counter(seq)
    for a, b in PAIR_PLAN:
        remaining[a] -= 1
        remaining[b] -= 1
    assert all(v >= 0 for v in remaining.values()), remaining
    specs = [(k,) for k in KINDS for _ in range(remaining[k])] + [tuple(p) for p in PAIR_PLAN]
    R.shuffle(specs)
    use = Counter()
    recs = []
    for spec in specs:
        LANGS_CUR.clear()
        c = ctx()
        if len(spec) == 1:
            kind = spec[0]
            tl = PT[kind]
            idx = use[kind] % len(tl)
            use[kind] += 1
            lg, tpl = tl[idx]
            v, extra, ptype = make_value(kind)
            fields = dict(c, v=v, **extra)
            text = tpl.format(**fields)
            secrets = [{'kind': kind, 'value': v}]
            context = '%s:t%d:%s' % (kind, idx, lg) + (':%s' % ptype.replace(' ', '_') if ptype else '')
        else:
            ka, kb = spec
            tl = PAIR_T[spec]
            idx = use[spec] % len(tl)
            use[spec] += 1
            lg, tpl = tl[idx]
            va, ea, _ = make_value(ka)
            vb, eb, _ = make_value(kb)
            fields = dict(c, a=va, b=vb, **ea, **eb)
            text = tpl.format(**fields)
            secrets = [{'kind': ka, 'value': va}, {'kind': kb, 'value': vb}]
            context = 'multi:%s+%s:t%d:%s' % (ka, kb, idx, lg)
        lang(lg)
        set_msg_lang(lg)
        text = glue(text, 0.06, 0.03)
        for s in secrets:
            validate_secret(s['kind'], s['value'])
            assert s['value'] in text, (s, text)
        assert text.count('\n') + 1 <= MAX_LINES, text
        # anything the negative-scanner sees must be (part of) a labelled value
        for kind_f, m in scan(text):
            if kind_f == 'person_name':
                continue
            if not covered(text, m, secrets):
                stats['pos_unlabelled'].append((context, kind_f, m))
        recs.append({'text': text, 'secrets': secrets, 'context': context, '_langs': sorted(LANGS_CUR)})
    for i, r in enumerate(recs):
        r['id'] = 'h%dp-%04d' % (N, i + 1)
    return recs


def write_jsonl(path, recs, keys):
    with open(path, 'w', encoding='utf-8', newline='\n') as f:
        for r in recs:
            f.write(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + '\n')


def report(neg, pos, stats):
    print('## negatives')
    print('| category | texts | templates | min/max lines | single-line | >=10 lines |')
    print('|---|---:|---:|---|---:|---:|')
    for cat, tpls in CATS:
        rs = [r for r in neg if r['category'] == cat]
        ls = [r['text'].count('\n') + 1 for r in rs]
        print('| `%s` | %d | %d | %d / %d | %d | %d |' % (cat, len(rs), len(tpls), min(ls), max(ls), sum(l == 1 for l in ls), sum(l >= 10 for l in ls)))
    ls = [r['text'].count('\n') + 1 for r in neg]
    print('all: %d texts, lines %d..%d, single-line %d, >=10 lines %d, >=20 lines %d, distinct %d' % (
        len(neg), min(ls), max(ls), sum(l == 1 for l in ls), sum(l >= 10 for l in ls), sum(l >= 20 for l in ls), len({r['text'] for r in neg})))
    lc = Counter(l for r in neg for l in r['_langs'])
    print('negative languages (texts containing):', dict(sorted(lc.items(), key=lambda x: -x[1])))
    print('redraws (scanner):', dict(stats['redraw_scan']))
    print('redraws (dup/length):', sum(stats['redraw_other'].values()))
    print('\n## positives')
    kc = Counter(s['kind'] for r in pos for s in r['secrets'])
    print('| kind | secrets |')
    print('|---|---:|')
    for k in KINDS:
        print('| %s | %d |' % (k, kc[k]))
    print('total secrets %d in %d texts (%d with two)' % (sum(kc.values()), len(pos), sum(len(r['secrets']) == 2 for r in pos)))
    lc = Counter(l for r in pos for l in r['_langs'])
    print('positive languages:', dict(sorted(lc.items(), key=lambda x: -x[1])))
    print('unlabelled scanner findings in positives:', stats['pos_unlabelled'])
    pems = Counter(r['context'].split(':')[-1] for r in pos if r['context'].startswith('private_key_pem'))
    print('pem types (singles):', dict(pems))


def main():
    stats = {'redraw_scan': Counter(), 'redraw_other': Counter(), 'pos_unlabelled': []}
    neg = build_negatives(stats)
    pos = build_positives(stats)
    write_jsonl(os.path.join(HERE, 'redaction%d_negatives.jsonl' % N), neg, ['id', 'text', 'category'])
    write_jsonl(os.path.join(HERE, 'redaction%d_positives.jsonl' % N), pos, ['id', 'text', 'secrets', 'context'])
    # final re-check of the written negatives
    for r in neg:
        assert not scan(r['text']), (r['id'], scan(r['text']))
    report(neg, pos, stats)


if __name__ == '__main__':
    main()
