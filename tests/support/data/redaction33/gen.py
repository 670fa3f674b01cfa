#!/usr/bin/env python3
"""Held-out redaction corpus #33 (theme: Slack of a video streaming / broadcast engineering team).

Standard library only. Deterministic: random.Random(3333). Writes
redaction33_negatives.jsonl and redaction33_positives.jsonl next to this file.
"""
import base64
import json
import math
import os
import re
import string
import struct
import zlib
from datetime import datetime, timedelta
import random

SEED = 3333
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIG = string.digits
ALNUM = LOWER + UPPER + DIG
B62 = DIG + UPPER + LOWER
HEX = '0123456789abcdef'


# --------------------------------------------------------------------------- small helpers
def rs(n, alphabet=ALNUM):
    return ''.join(R.choice(alphabet) for _ in range(n))


def hx(n):
    return ''.join(R.choice(HEX) for _ in range(n))


def rb(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip('=')


def pick(seq):
    return R.choice(seq)


def chance(p):
    return R.random() < p


def fill(s, **kw):
    for k, v in kw.items():
        s = s.replace('<<' + k + '>>', str(v))
    assert '<<' not in s or '<<<' in s, s[:200]
    return s


def uuid4():
    b = bytearray(rb(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return '%s-%s-%s-%s-%s' % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return rs(1, '01') + rs(25, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')


BASE_DT = datetime(2024, 1, 1)


def dt_rand(days=900):
    return BASE_DT + timedelta(seconds=R.randint(0, days * 86400))


def iso(dt=None, ms=True):
    dt = dt or dt_rand()
    s = dt.strftime('%Y-%m-%dT%H:%M:%S')
    return s + ('.%03dZ' % R.randint(0, 999) if ms else 'Z')


def epoch(dt=None):
    dt = dt or dt_rand()
    return int((dt - datetime(1970, 1, 1)).total_seconds())


def tc(h=None, fps=25, sep=':'):
    h = R.randint(0, 1) if h is None else h
    return '%02d:%02d:%02d%s%02d' % (h, R.randint(0, 59), R.randint(0, 59), sep, R.randint(0, fps - 1))


def wrap(s, n=64):
    return [s[i:i + n] for i in range(0, len(s), n)]


def luhn_ok(digits):
    tot = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + ''.join(R.choice(DIG) for _ in range(length - len(prefix) - 1))
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise RuntimeError


def iban_mod97(s):
    s = s.replace(' ', '')
    t = s[4:] + s[:4]
    num = ''.join(str(int(ch, 36)) for ch in t)
    return int(num) % 97 == 1


def make_iban(cc, bban):
    t = bban + cc + '00'
    num = ''.join(str(int(ch, 36)) for ch in t)
    chk = 98 - int(num) % 97
    return '%s%02d%s' % (cc, chk, bban)


def mod37_36(s):
    alph = DIG + UPPER
    m = 36
    p = m
    for ch in s:
        p = (p + alph.index(ch)) % m
        if p == 0:
            p = m
        p = (p * 2) % (m + 1)
    return alph[(m + 1 - p) % m]


def eidr():
    groups = [rs(4, DIG + 'ABCDEF') for _ in range(5)]
    suffix = '-'.join(groups)
    return '10.5240/%s-%s' % (suffix, mod37_36(suffix.replace('-', '')))


def isan():
    root = [rs(4, DIG + 'ABCDEF') for _ in range(3)]
    ep = rs(4, DIG + 'ABCDEF')
    ver = [rs(4, DIG + 'ABCDEF') for _ in range(2)]
    c1 = mod37_36(''.join(root) + ep)
    c2 = mod37_36(''.join(root) + ep + ''.join(ver))
    return '%s-%s-%s-%s' % ('-'.join(root), ep, c1, '-'.join(ver) + '-' + c2)


# --------------------------------------------------------------------------- theme vocab
TITLES = ['Harbor Lights', 'The Quiet Orbit', 'Northbound', 'Salt and Static', 'Midnight Relay', 'Glass Meridian',
          'Paper Satellites', 'Low Tide Radio', 'The Long Exposure', 'Copper Valley', 'Signal Fires', 'Undertow',
          'Blue Hour Kitchen', 'Frontier Circuit', 'Open Water', 'The Cartographers']
CHANNELS = ['ch-sports-1', 'ch-sports-2', 'news-24', 'kids-fast', 'linear-east', 'linear-west', 'docs-fast',
            'popup-event-07', 'music-live', 'weather-loop']
REGIONS = ['us-east-1', 'eu-west-1', 'eu-central-1', 'ap-northeast-1', 'us-west-2', 'ap-southeast-2']
POPS = ['FRA56-P3', 'AMS1-C1', 'IAD89-C2', 'NRT57-P2', 'LHR61-P4', 'CDG52-P1', 'SFO53-C1', 'GRU3-C2', 'SYD62-P1']
CDN_HOSTS = ['vod.example.net', 'live.example.com', 'cdn.example.org', 'media.example.net', 'edge.example.com',
             'hls.example.net', 'dash.example.org', 'origin.example.net']
CODECS_V = ['avc1.640028', 'avc1.64001f', 'avc1.4d401e', 'avc1.42c01e', 'hvc1.2.4.L120.B0', 'hvc1.2.4.L150.90',
            'av01.0.08M.10', 'dvh1.05.06']
CODECS_A = ['mp4a.40.2', 'mp4a.40.5', 'ec-3', 'ac-3', 'opus']
LADDER = [(3840, 2160, 16000), (2560, 1440, 9000), (1920, 1080, 6000), (1920, 1080, 4500), (1280, 720, 3000),
          (1280, 720, 2200), (960, 540, 1400), (768, 432, 1000), (640, 360, 730), (480, 270, 365), (416, 234, 145)]
WV_SYS = 'edef8ba979d64acea3c827dcd51d21ed'
PR_SYS = '9a04f07998404286ab92e65be0885f95'
FP_SYS = '94ce86fb07ff4f43adb893d2fa968ca2'
CK_SYS = '1077efecc0b24d02ace33c1e52e2fb4b'
WV_URN = 'urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed'
PR_URN = 'urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95'
FP_URN = 'urn:uuid:94ce86fb-07ff-4f43-adb8-93d2fa968ca2'
PROVIDERS = ['widevine_test', 'streamco', 'acmevod', 'northlight', 'bluewave']


def title():
    return pick(TITLES)


def episode():
    return 'S%02dE%02d' % (R.randint(1, 6), R.randint(1, 12))


def asset_id():
    return pick(['asset_', 'ast-', 'media_', 'mid-', '']) + (ulid() if chance(0.5) else hx(12))


def cf_domain():
    return 'd' + rs(13, LOWER + DIG) + '.cloudfront.net'


def host():
    return cf_domain() if chance(0.25) else pick(CDN_HOSTS)


def seg_path():
    return '/vod/%s/%s/%dp/seg_%05d.m4s' % (hx(8), pick(['cmaf', 'hls', 'dash']), pick([1080, 720, 540, 360, 2160]),
                                            R.randint(1, 2400))


def doc_ip():
    return pick(['192.0.2.', '198.51.100.', '203.0.113.']) + str(R.randint(1, 254))


def priv_ip():
    k = R.randint(0, 2)
    if k == 0:
        return '10.%d.%d.%d' % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return '172.%d.%d.%d' % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    return '192.168.%d.%d' % (R.randint(0, 255), R.randint(1, 254))


def mcast_ip():
    return '239.%d.%d.%d' % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))


def public_ip():
    while True:
        ip = '%d.%d.%d.%d' % (pick([3, 13, 18, 23, 34, 35, 44, 52, 54, 63, 78, 81, 85, 91, 104, 109, 130, 138, 146, 151,
                                    157, 162, 176, 185, 188, 193, 195, 212, 213, 217]),
                              R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ip_is_public(ip):
            return ip


# --------------------------------------------------------------------------- binary builders
def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def pssh_box(sysid, kids, data, version=None):
    if version is None:
        version = 1 if kids else 0
    body = bytes([version, 0, 0, 0]) + bytes.fromhex(sysid)
    if version == 1:
        body += struct.pack('>I', len(kids)) + b''.join(kids)
    body += struct.pack('>I', len(data)) + data
    return struct.pack('>I', 8 + len(body)) + b'pssh' + body


def wv_data(kids, provider, content_id):
    out = b'\x08\x01'
    for k in kids:
        out += b'\x12\x10' + k
    p = provider.encode()
    c = content_id.encode()
    out += b'\x1a' + bytes([len(p)]) + p + b'\x22' + bytes([len(c)]) + c
    out += b'\x48' + varint(0x63656e63)
    return out


def guid_le(kidb):
    return kidb[3::-1] + kidb[5:3:-1] + kidb[7:5:-1] + kidb[8:]


def playready_obj(kidb, la_url):
    xml = ('<WRMHEADER xmlns="http://schemas.microsoft.com/DRM/2007/03/PlayReadyHeader" version="4.0.0.0"><DATA>'
           '<PROTECTINFO><KEYLEN>16</KEYLEN><ALGID>AESCTR</ALGID></PROTECTINFO><KID>%s</KID><LA_URL>%s</LA_URL>'
           '<CUSTOMATTRIBUTES><IIS_DRM_VERSION>8.1.2304.31</IIS_DRM_VERSION></CUSTOMATTRIBUTES></DATA></WRMHEADER>'
           % (b64(guid_le(kidb)), la_url))
    rec = xml.encode('utf-16-le')
    return struct.pack('<IHHH', 10 + len(rec), 1, 1, len(rec)) + rec


def wv_pssh_b64(kidb=None, provider=None, cid=None):
    kidb = kidb or rb(16)
    return b64(pssh_box(WV_SYS, [], wv_data([kidb], provider or pick(PROVIDERS), cid or hx(16))))


def crc32_mpeg(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b << 24
        for _ in range(8):
            if crc & 0x80000000:
                crc = ((crc << 1) ^ 0x04C11DB7) & 0xFFFFFFFF
            else:
                crc = (crc << 1) & 0xFFFFFFFF
    return crc


def splice_time(pts):
    return ((1 << 39) | (0x3F << 33) | (pts & 0x1FFFFFFFF)).to_bytes(5, 'big')


def scte35(kind='time_signal', pts=None, dur_s=None, event_id=None, seg_type=None, upid=b''):
    pts = R.randint(0, 0x1FFFFFFFF) if pts is None else pts
    event_id = R.randint(1, 0xFFFFFFF) if event_id is None else event_id
    descs = b''
    if kind == 'splice_insert':
        cmd_type = 0x05
        cmd = struct.pack('>I', event_id) + bytes([0x7F])
        flags = 0x80 | 0x40 | (0x20 if dur_s else 0) | 0x0F
        cmd += bytes([flags]) + splice_time(pts)
        if dur_s:
            cmd += ((1 << 39) | (0x3F << 33) | int(dur_s * 90000)).to_bytes(5, 'big')
        cmd += struct.pack('>HBB', R.randint(1, 65535), 0, 0)
    else:
        cmd_type = 0x06
        cmd = splice_time(pts)
        seg_type = seg_type if seg_type is not None else pick([0x22, 0x23, 0x30, 0x31, 0x10, 0x11, 0x32, 0x33])
        d = b'CUEI' + struct.pack('>I', event_id) + bytes([0x7F])
        d += bytes([0x80 | (0x40 if dur_s else 0) | 0x20 | 0x1F])
        if dur_s:
            d += int(dur_s * 90000).to_bytes(5, 'big')
        if not upid:
            upid = pick([b'', rb(8), ('SIGNAL:' + b64(rb(12))).encode()])
        utype = 0 if not upid else (0x08 if len(upid) == 8 else 0x09)
        d += bytes([utype, len(upid)]) + upid + bytes([seg_type, 1, 1])
        descs = bytes([0x02, len(d)]) + d
    tail = bytes([0, 0]) + struct.pack('>I', 0) + bytes([0xFF])
    tail += ((0xFFF << 12) | len(cmd)).to_bytes(3, 'big') + bytes([cmd_type]) + cmd
    tail += struct.pack('>H', len(descs)) + descs
    msg = bytes([0xFC]) + struct.pack('>H', (3 << 12) | (len(tail) + 4)) + tail
    return msg + struct.pack('>I', crc32_mpeg(msg)), pts, event_id


def png_bytes(w, h):
    c1 = [R.randint(0, 255) for _ in range(3)]
    c2 = [R.randint(0, 255) for _ in range(3)]
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            t = (x + y) / float(max(1, w + h - 2))
            raw += bytes(int(c1[i] * (1 - t) + c2[i] * t) for i in range(3))

    def chunk(typ, data):
        return struct.pack('>I', len(data)) + typ + data + struct.pack('>I', zlib.crc32(typ + data) & 0xFFFFFFFF)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(bytes(raw), 9)) + chunk(b'IEND', b''))


def jpeg_bytes(w, h, n=None):
    n = n or R.randint(120, 420)
    out = b'\xff\xd8' + b'\xff\xe0' + struct.pack('>H', 16) + b'JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00'
    out += b'\xff\xdb' + struct.pack('>H', 67) + b'\x00' + bytes(R.randint(2, 60) for _ in range(64))
    out += b'\xff\xc0' + struct.pack('>HBHHB', 17, 8, h, w, 3) + b'\x01\x22\x00\x02\x11\x01\x03\x11\x01'
    out += b'\xff\xc4' + struct.pack('>H', 31) + b'\x00' + bytes([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]) + bytes(range(12))
    out += b'\xff\xda' + struct.pack('>H', 12) + b'\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00'
    out += bytes(b if b != 0xFF else 0xFE for b in rb(n)) + b'\xff\xd9'
    return out


def webp_bytes(w, h):
    frame = bytes([0x50, 0x0A, 0x00]) + b'\x9d\x01\x2a' + struct.pack('<HH', w, h) + rb(R.randint(60, 200))
    vp8 = b'VP8 ' + struct.pack('<I', len(frame)) + frame
    return b'RIFF' + struct.pack('<I', 4 + len(vp8)) + b'WEBP' + vp8


def gif_bytes():
    pal = bytes(R.randint(0, 255) for _ in range(3)) + bytes(R.randint(0, 255) for _ in range(3))
    return (b'GIF89a' + struct.pack('<HH', 1, 1) + b'\x80\x00\x00' + pal
            + b'\x21\xf9\x04\x01\x00\x00\x00\x00' + b'\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00'
            + b'\x02\x02\x44\x01\x00\x3b')


def wav_bytes(freq=1000, ms=40, rate=8000):
    n = rate * ms // 1000
    data = bytes(int(128 + 90 * math.sin(2 * math.pi * freq * i / rate)) for i in range(n))
    fmt = struct.pack('<HHIIHH', 1, 1, rate, rate, 1, 8)
    return (b'RIFF' + struct.pack('<I', 36 + len(data)) + b'WAVE' + b'fmt ' + struct.pack('<I', 16) + fmt
            + b'data' + struct.pack('<I', len(data)) + data)


def mp4_bytes():
    ftyp = struct.pack('>I', 32) + b'ftypisom' + struct.pack('>I', 0x200) + b'isomiso2avc1mp41'
    free = struct.pack('>I', 8) + b'free'
    payload = rb(R.randint(40, 120))
    mdat = struct.pack('>I', 8 + len(payload)) + b'mdat' + payload
    return ftyp + free + mdat


def woff2_bytes():
    body = rb(R.randint(80, 200))
    hdr = b'wOF2' + struct.pack('>IIHHIHHIIIII', 0x00010000, 48 + len(body), R.randint(8, 14), 0,
                                 R.randint(4000, 30000), 1, 0, 0, 0, 0, 0, 0)
    return hdr + body


def svg_icon():
    col = '#%06x' % R.randint(0, 0xFFFFFF)
    shape = pick(['<path d="M8 5v14l11-7z" fill="%s"/>' % col,
                  '<rect x="6" y="5" width="4" height="14" fill="%s"/><rect x="14" y="5" width="4" height="14" fill="%s"/>' % (col, col),
                  '<circle cx="12" cy="12" r="9" fill="none" stroke="%s" stroke-width="2"/>' % col,
                  '<path d="M3 9v6h4l5 5V4L7 9H3z" fill="%s"/>' % col])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % shape


# --------------------------------------------------------------------------- DER / PEM builders (positives)
def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, 'big')
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(v):
    if isinstance(v, int):
        b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), 'big')
    else:
        b = v
        if b[0] & 0x80:
            b = b'\x00' + b
    return der(0x02, b)


def rand_odd(bits):
    v = R.getrandbits(bits) | (1 << (bits - 1)) | 1
    return v


def rsa_pkcs1(bits=2048):
    p = rand_odd(bits // 2)
    q = rand_odd(bits // 2)
    n = p * q
    ints = [0, n, 65537, R.getrandbits(bits - 1), p, q, R.getrandbits(bits // 2 - 1), R.getrandbits(bits // 2 - 1),
            R.getrandbits(bits // 2 - 1)]
    return der(0x30, b''.join(der_int(i) for i in ints))


def pkcs8_rsa(bits=2048):
    alg = der(0x30, der(0x06, bytes.fromhex('2a864886f70d010101')) + b'\x05\x00')
    return der(0x30, der_int(0) + alg + der(0x04, rsa_pkcs1(bits)))


def ec_sec1():
    return der(0x30, der_int(1) + der(0x04, rb(32)) + der(0xA0, der(0x06, bytes.fromhex('2a8648ce3d030107')))
               + der(0xA1, der(0x03, b'\x00\x04' + rb(64))))


def ed25519_pkcs8():
    return bytes.fromhex('302e020100300506032b657004220420') + rb(32)


def openssh_ed25519(comment):
    def sstr(b):
        return struct.pack('>I', len(b)) + b
    pk = rb(32)
    pub = sstr(b'ssh-ed25519') + sstr(pk)
    chk = rb(4)
    priv = chk + chk + sstr(b'ssh-ed25519') + sstr(pk) + sstr(rb(32) + pk) + sstr(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    return (b'openssh-key-v1\x00' + sstr(b'none') + sstr(b'none') + sstr(b'') + struct.pack('>I', 1)
            + sstr(pub) + sstr(priv))


def pem_key(kind):
    """returns (label, body_lines)"""
    if kind == 'rsa':
        return 'RSA PRIVATE KEY', wrap(b64(rsa_pkcs1(2048)))
    if kind == 'pkcs8':
        return 'PRIVATE KEY', wrap(b64(pkcs8_rsa(2048)))
    if kind == 'ec':
        return 'EC PRIVATE KEY', wrap(b64(ec_sec1()))
    if kind == 'ed25519':
        return 'PRIVATE KEY', wrap(b64(ed25519_pkcs8()))
    if kind == 'openssh':
        return 'OPENSSH PRIVATE KEY', wrap(b64(openssh_ed25519(pick(['encoder@mcr-rack3', 'packager@build-02',
                                                                      'ops@playout-a', 'srt-gw@contribution']))), 70)
    raise ValueError(kind)


# --------------------------------------------------------------------------- scanner
_RESERVED_V4 = [('0.0.0.0', 8), ('10.0.0.0', 8), ('100.64.0.0', 10), ('127.0.0.0', 8), ('169.254.0.0', 16),
                ('172.16.0.0', 12), ('192.0.0.0', 24), ('192.0.2.0', 24), ('192.88.99.0', 24), ('192.168.0.0', 16),
                ('198.18.0.0', 15), ('198.51.100.0', 24), ('203.0.113.0', 24), ('224.0.0.0', 4), ('240.0.0.0', 4)]


def _ip_int(s):
    a = [int(x) for x in s.split('.')]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]


def ip_is_public(s):
    parts = s.split('.')
    if len(parts) != 4 or any(not p.isdigit() or int(p) > 255 or (len(p) > 1 and p[0] == '0') for p in parts):
        return False
    v = _ip_int(s)
    for net, bits in _RESERVED_V4:
        mask = (0xFFFFFFFF << (32 - bits)) & 0xFFFFFFFF
        if v & mask == _ip_int(net) & mask:
            return False
    return True


def ssn_valid(s):
    m = re.fullmatch(r'(\d{3})[- ]?(\d{2})[- ]?(\d{4})', s)
    if not m:
        return False
    a, g, sr = m.groups()
    return a not in ('000', '666') and a[0] != '9' and g != '00' and sr != '0000'


ALLOWED = {'AKIAIOSFODNN7EXAMPLE', '4242424242424242', 'DE89370400440532013000', 'GB82WEST12345698765432'}
RX_EMAIL = re.compile(r'[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b')
RX_GH = re.compile(r'\bgh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}')
RX_SLACK = re.compile(r'xox[a-z]-\d+-')
RX_SK = re.compile(r'\bsk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}')
RX_OTHER = re.compile(r'\b[sr]k_live_[A-Za-z0-9]{10,}|AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20}')
RX_AKIA = re.compile(r'(?<![A-Za-z0-9])(?:AKIA|ASIA|AIDA|AROA)[A-Z0-9]{16}(?![A-Za-z0-9])')
RX_AWS_SECRET = re.compile(r'(?i)(?:aws_secret_access_key|secret_?access_?key|secret_key)["\']?\s*[:=]\s*["\']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])')
RX_JWT = re.compile(r'eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+')
RX_PEM = re.compile(r'-----BEGIN [A-Z ]*PRIVATE KEY-----(?:\\n|\s)*[A-Za-z0-9+/=]{40,}')
RX_SSN = re.compile(r'(?<![\d-])\d{3}[- ]\d{2}[- ]\d{4}(?![\d-])')
RX_PHONE = re.compile(r'(?<![\w+])\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,5}){2,}|(?<![\w.:/-])\(\d{3}\)\s?\d{3}[\s.-]\d{4}(?!\d)|(?<![\w.:/-])\d{3}[.-]\d{3}[.-]\d{4}(?![\w.-])')
RX_IPV4 = re.compile(r'(?<![\w.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\w.]|\.\d)')
RX_IBAN = re.compile(r'\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b')
RX_DIGRUN = re.compile(r'(?<![\d])\d+(?:[ -]\d+)*(?![\d])')


def luhn_hits(text):
    hits = []
    for m in RX_DIGRUN.finditer(text):
        groups = re.split(r'[ -]', m.group(0))
        for i in range(len(groups)):
            tot = ''
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot) and tot not in ALLOWED:
                    hits.append(tot)
        # also plain long digit strings inside a group (e.g. 25-digit runs): windows not checked (not a card)
    return hits


def scan(text):
    """Return list of (rule, match) for anything that looks like a real secret / PII."""
    hits = []
    for m in RX_EMAIL.finditer(text):
        hits.append(('email', m.group(0)))
    for rx, name in ((RX_GH, 'github'), (RX_SLACK, 'slack'), (RX_SK, 'sk_key'), (RX_OTHER, 'vendor_key'),
                     (RX_JWT, 'jwt'), (RX_PEM, 'pem')):
        for m in rx.finditer(text):
            hits.append((name, m.group(0)[:40]))
    for m in RX_AKIA.finditer(text):
        if m.group(0) not in ALLOWED and 'EXAMPLE' not in m.group(0):
            hits.append(('aws_key_id', m.group(0)))
    for m in RX_AWS_SECRET.finditer(text):
        if 'EXAMPLE' not in m.group(1):
            hits.append(('aws_secret', m.group(1)))
    for m in RX_SSN.finditer(text):
        hits.append(('ssn_shape', m.group(0)))
    for m in RX_PHONE.finditer(text):
        hits.append(('phone_shape', m.group(0)))
    for m in RX_IPV4.finditer(text):
        if ip_is_public(m.group(1)):
            hits.append(('public_ipv4', m.group(1)))
    for m in RX_IBAN.finditer(text):
        s = m.group(0).replace(' ', '')
        if 15 <= len(s) <= 34 and iban_mod97(s) and s not in ALLOWED:
            hits.append(('iban', s))
    for h in luhn_hits(text):
        hits.append(('luhn', h))
    return hits


# --------------------------------------------------------------------------- decoration
LEADINS = ['fyi', 'FYI:', 'heads up -', 'from the MCR:', 'quick one:', 'for the record:', 'Zur Info:', 'Kurze Info:',
           'pour info :', 'petite question :', 'Para que conste:', 'Ojo:', 'Para info:', 'Só para registo:',
           'Per info:', 'Ter info:', 'Do wiadomości:', 'メモ:', '共有です:', '供参考：', '备注：', '참고:', '공유드립니다:',
           'К сведению:', 'Для информации:', 'Bilginize:', 'जानकारी के लिए:', 'للعلم:']
TRAILERS = ['thoughts?', 'cc @video-platform', ':eyes:', 'will dig more after standup', 'danke!', 'merci',
            '¿alguien lo ha visto antes?', 'alguém já viu isso?', 'よろしくお願いします', '谢谢', '확인 부탁드립니다',
            'спасибо', 'teşekkürler', 'grazie', 'dzięki', 'bedankt', ':thread:', 'ping me if this is wrong']


def decorate(text, p_lead=0.13, p_trail=0.06):
    if chance(p_lead):
        lead = pick(LEADINS)
        text = lead + ('\n' if '\n' in text or text.startswith('```') else ' ') + text
    if chance(p_trail):
        text = text + ('\n' if '\n' in text else ' ') + pick(TRAILERS)
    return text


def fence(body, lang=''):
    return '```' + lang + '\n' + body + '\n```'


def intro(options):
    return pick(options)


# =========================================================================== NEGATIVES
# ---------------------------------------------------------------- non_credential_blob
def nb_mpd_pssh():
    kidb = rb(16)
    kid = kidb.hex()
    kid_u = '%s-%s-%s-%s-%s' % (kid[:8], kid[8:12], kid[12:16], kid[16:20], kid[20:])
    wv = wv_pssh_b64(kidb)
    pro = playready_obj(kidb, 'https://pr.%s/rightsmanager.asmx' % pick(CDN_HOSTS))
    body = fill('''<AdaptationSet contentType="video" mimeType="video/mp4" segmentAlignment="true" startWithSAP="1">
  <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="<<kid>>"/>
  <ContentProtection schemeIdUri="<<wvurn>>" value="Widevine">
    <cenc:pssh><<wv>></cenc:pssh>
  </ContentProtection>
  <ContentProtection schemeIdUri="<<prurn>>" value="MSPR 2.0">
    <mspr:pro><<pro>></mspr:pro>
  </ContentProtection>
  <Representation id="video=<<br>>" bandwidth="<<br>>" codecs="<<codec>>" width="<<w>>" height="<<h>>"/>''',
                kid=kid_u, wvurn=WV_URN, wv=wv, prurn=PR_URN, pro=b64(pro), br=R.randint(300, 9000) * 1000,
                codec=pick(CODECS_V[:4]), w=1920, h=1080)
    lead = pick(['MPD from the new packager build for %s %s, both PSSH look right to me:' % (title(), episode()),
                 'Das Manifest nach dem Repack, default_KID passt jetzt zum Widevine-PSSH:',
                 'manifest DASH après repackaging, le KID est bien le même dans les deux systèmes :',
                 '新しいパッケージャーで出力したMPDです。KIDは両方一致しています:',
                 'can someone sanity check the ContentProtection block?'])
    return lead + '\n' + fence(body, 'xml')


def nb_mp4dump_pssh():
    kidb = rb(16)
    data = wv_data([kidb], pick(PROVIDERS), hx(16))
    box = pssh_box(WV_SYS, [], data)
    prbox = pssh_box(PR_SYS, [kidb], b'', version=1)
    hexdump = []
    for i in range(0, min(len(box), 96), 16):
        chunk = box[i:i + 16]
        hexdump.append('%08x  %-48s |%s|' % (i, ' '.join('%02x' % c for c in chunk),
                                             ''.join(chr(c) if 32 <= c < 127 else '.' for c in chunk)))
    body = '''$ mp4dump --verbosity 1 init.mp4 | sed -n '/pssh/,/data/p'
[pssh] size=12+%d
  system_id = [%s]
  data_size = %d
[pssh] size=12+%d, version=1
  system_id = [%s]
  kid_count = 1
  kid 0 = [%s]
$ xxd -s %d -l 96 init.mp4
%s''' % (len(box) - 12, ' '.join('%02x' % c for c in bytes.fromhex(WV_SYS)), len(data), len(prbox) - 12,
         ' '.join('%02x' % c for c in bytes.fromhex(PR_SYS)), ' '.join('%02x' % c for c in kidb),
         R.randint(600, 2400), '\n'.join(hexdump))
    return pick(['init segment dump, the v1 pssh carries the KID so the CDM should pick it up:',
                 'pssh boxes in the init segment (public data, nothing secret here):',
                 'Inhalt der pssh-Boxen im Init-Segment:', '']) + ('\n' if True else '') + fence(body)


def nb_kid_table():
    rows = []
    for lbl in R.sample(['SD', 'HD', 'UHD1', 'UHD2', 'AUDIO', 'AUDIO-ATMOS', 'SUBS'], R.randint(3, 6)):
        rows.append('| %s | `%s` | %s |' % (lbl, hx(32), pick(['cenc', 'cbcs'])))
    t = '| track | KID | scheme |\n|---|---|---|\n' + '\n'.join(rows)
    return pick(['Key IDs for %s %s (keys themselves stay in the key server, only KIDs here):' % (title(), episode()),
                 'KIDs nach Track für die neue Staffel:', 'トラック別のKID一覧です（キー本体は載せていません）：',
                 '트랙별 KID 목록입니다:', 'Список KID по дорожкам:']) + '\n' + t


def nb_scte35_b64():
    msg, pts, ev = scte35(pick(['time_signal', 'splice_insert']), dur_s=pick([None, 30, 60, 90, 120.12]))
    if chance(0.5):
        return pick(['cue from the %s encoder at %s: `%s`' % (pick(CHANNELS), iso(), b64(msg)),
                     'SCTE-35 payload that the SSAI vendor says is malformed: %s' % b64(msg),
                     'esse cue aqui não gerou break no %s: %s' % (pick(CHANNELS), b64(msg)),
                     'この SCTE-35 で広告が挿入されませんでした: %s' % b64(msg),
                     'ad break missed on %s, base64 cue %s, hex 0x%s' % (pick(CHANNELS), b64(msg), msg.hex().upper())])
    info = {'info_section': {'table_id': '0xfc', 'section_length': len(msg) - 3, 'protocol_version': 0,
                             'pts_adjustment': 0.0, 'tier': '0xfff', 'splice_command_type': msg[13]},
            'command': {'name': 'Time Signal' if msg[13] == 6 else 'Splice Insert', 'pts_time': round(pts / 90000.0, 6)},
            'crc': '0x%08x' % crc32_mpeg(msg[:-4])}
    return '$ threefive %s\n' % b64(msg) + fence(json.dumps(info, indent=2), 'json')


def nb_scte35_daterange():
    dur = pick([30, 60, 90, 120])
    out, pts, ev = scte35('splice_insert', dur_s=dur)
    inn, _, _ = scte35('time_signal', pts=(pts + dur * 90000) & 0x1FFFFFFFF, event_id=ev, seg_type=pick([0x23, 0x31, 0x35]))
    dt = dt_rand()
    body = '''#EXT-X-PROGRAM-DATE-TIME:%s
#EXT-X-DATERANGE:ID="splice-%d",START-DATE="%s",PLANNED-DURATION=%d.000,SCTE35-OUT=0x%s
#EXT-X-CUE-OUT:%d
#EXTINF:6.006,
seg_%d.ts
#EXT-X-DATERANGE:ID="splice-%d",START-DATE="%s",SCTE35-IN=0x%s''' % (
        iso(dt), ev, iso(dt), dur, out.hex().upper(), dur, R.randint(100000, 999999), ev,
        iso(dt + timedelta(seconds=dur)), inn.hex().upper())
    return pick(['live playlist around the break on %s:' % pick(CHANNELS), 'DATERANGE tags look fine, but the player skips the break:',
                 'Playlist-Auszug rund um den Werbeblock:']) + '\n' + fence(body)


def cf_reqid():
    return rs(52, ALNUM + '_-') + '=='


def nb_cf_log():
    lines = ['#Version: 1.0',
             '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken']
    d = dt_rand()
    dom = cf_domain()
    ua = pick(['AppleCoreMedia/1.0.0.21E236%20(Apple%20TV;%20U;%20CPU%20OS%2017_4%20like%20Mac%20OS%20X;%20en_us)',
               'ExoPlayerLib/2.19.1', 'Mozilla/5.0%20(SMART-TV;%20Linux;%20Tizen%207.0)', 'stagefright/1.2%20(Linux;Android%2014)',
               'Roku/DVP-13.0%20(13.0.0.4194)'])
    for _ in range(R.randint(3, 7)):
        d += timedelta(seconds=R.randint(0, 4))
        res = pick(['Hit', 'Hit', 'Miss', 'RefreshHit', 'Error'])
        lines.append('\t'.join([d.strftime('%Y-%m-%d'), d.strftime('%H:%M:%S'), pick(POPS), str(R.randint(900, 4000000)),
                                doc_ip(), 'GET', dom, seg_path(), '403' if res == 'Error' else '200', '-', ua,
                                pick(['-', 'cmcd=bl%3D' + str(R.randint(1000, 30000))]), '-', res, cf_reqid(),
                                pick(CDN_HOSTS), 'https', str(R.randint(200, 900)), '%.3f' % R.uniform(0.001, 0.9)]))
    return pick(['CloudFront std log for the 403 spike:', 'raw edge log lines, request ids included if AWS support asks:',
                 'Logs de CloudFront del pico de errores:', '']) + '\n' + fence('\n'.join(lines))


def nb_curl_headers():
    p = seg_path()
    lines = ['$ curl -sI https://%s%s' % (host(), p), 'HTTP/2 200', 'content-type: video/mp4',
             'content-length: %d' % R.randint(200000, 4000000), 'etag: "%s"' % hx(32),
             'last-modified: %s' % dt_rand().strftime('%a, %d %b %Y %H:%M:%S GMT'),
             'cache-control: public, max-age=%d' % pick([31536000, 86400, 2, 6]), 'age: %d' % R.randint(0, 80000)]
    if chance(0.5):
        lines += ['x-cache: %s from cloudfront' % pick(['Hit', 'Miss', 'RefreshHit']),
                  'via: 1.1 %s.cloudfront.net (CloudFront)' % hx(32), 'x-amz-cf-pop: %s' % pick(POPS),
                  'x-amz-cf-id: %s' % cf_reqid()]
    else:
        lines += ['x-served-by: cache-%s%d-%s, cache-%s%d-%s' % (pick(['fra-etou', 'ams', 'lhr', 'iad-kiad']), R.randint(10000, 8299999),
                                                               pick(['FRA', 'AMS', 'LHR']), pick(['fra-eddf', 'nyc-kteb']), R.randint(1000, 9999), pick(['FRA', 'NYC'])),
                  'x-cache: %s' % pick(['HIT, HIT', 'MISS, HIT', 'HIT, MISS']), 'x-cache-hits: %d, %d' % (R.randint(0, 40), R.randint(0, 9)),
                  'x-timer: S%d.%06d,VS0,VE%d' % (epoch(), R.randint(0, 999999), R.randint(0, 40)),
                  'fastly-debug-digest: %s' % hx(64)]
    return pick(['segment headers from the edge, the ETag matches origin:', 'still MISS at the shield:',
                 'curl -I de un segmento, fíjate en el age:', '']) + '\n' + fence('\n'.join(lines))


def nb_sha256sum():
    files = []
    t = title().lower().replace(' ', '_')
    for suffix in R.sample(['_MEZZ_ProRes4444XQ.mov', '_MEZZ_J2K.mxf', '_PRINTMASTER_51.wav', '_TEXTLESS.mov',
                            '_CC_en-US.scc', '_SUB_de-DE.ttml', '_STEREO_LtRt.wav', '_TRAILER_UHD.mov', '.xml'], R.randint(3, 6)):
        files.append('%s  %s_%s%s' % (hx(64), t, episode(), suffix))
    return pick(['delivery checksums from the post house, matched on ingest:', 'sha256 der Anlieferung:',
                 'checksums da entrega:', '納品ファイルのチェックサム:']) + '\n' + fence('\n'.join(files))


def nb_docker_digest():
    img = pick(['packager', 'transcoder-worker', 'license-proxy', 'thumbnailer', 'scte-injector', 'origin-shield'])
    lines = ['$ docker pull registry.internal:5000/video/%s:%s' % (img, pick(['1.14.2', '2024.11.3', 'main-' + hx(7)]))]
    for _ in range(R.randint(3, 6)):
        lines.append('%s: Pull complete' % hx(12))
    lines.append('Digest: sha256:%s' % hx(64))
    lines.append('Status: Downloaded newer image for registry.internal:5000/video/%s' % img)
    return pick(['rolled back the %s to the previous digest:' % img, 'digest we pinned in the helm values:', '']) + '\n' + fence('\n'.join(lines))


def nb_git_log():
    msgs = ['fix(hls): emit EXT-X-PROGRAM-DATE-TIME on discontinuity', 'feat(dash): add cbcs for FairPlay/Widevine unified',
            'chore: bump shaka-player to 4.9.2', 'fix(scte): handle splice_insert with duration_flag=0',
            'perf(ladder): drop 1440p rung for mobile', 'fix(thumbs): sprite grid off by one at 10s interval',
            'revert "enable LL-HLS partial segments"', 'feat(cmcd): forward CMCD to origin logs',
            'fix(drm): retry license request on 503 with jitter', 'test: golden manifests for multi-period DASH']
    lines = ['%s %s' % (hx(7 if chance(0.6) else 40), m) for m in R.sample(msgs, R.randint(3, 6))]
    return pick(['what went out in the packager release:', 'git log since the last tag:', 'Änderungen seit v%d.%d:' % (R.randint(1, 4), R.randint(0, 30))]) + '\n' + fence('$ git log --oneline\n' + '\n'.join(lines))


def nb_framemd5():
    lines = ['#format: frame checksums', '#version: 2', '#hash: MD5', '#tb 0: 1/%d' % pick([25, 30000, 24000, 90000]),
             '#media_type 0: video', '#codec_id 0: rawvideo', '#dimensions 0: 1920x1080', '#sar 0: 1/1',
             '#stream#, dts,        pts, duration,     size, hash']
    for i in range(R.randint(4, 9)):
        lines.append('0, %10d, %10d, %8d, %8d, %s' % (i * 1001, i * 1001, 1001, 3110400, hx(32)))
    return pick(['frame md5s differ from frame 3 on, so the deinterlacer is the culprit:', 'framemd5 of the mezz vs. the re-encode:',
                 'comparaison framemd5 :']) + '\n' + fence('$ ffmpeg -i in.mxf -f framemd5 -\n' + '\n'.join(lines))


def nb_cache_key():
    p = seg_path()
    lines = ['X-Cache-Key: S/L/%d/%d/%s/%s%s cid=__' % (R.randint(1000, 99999), R.randint(100000, 999999), pick(['1d', '365d', '6s']), pick(CDN_HOSTS), p),
             'X-True-Cache-Key: /L/%s%s cid=__' % (pick(CDN_HOSTS), p),
             'X-Check-Cacheable: YES', 'X-Akamai-Request-ID: %s.%s' % (hx(8), hx(8)),
             'X-Cache: TCP_%s from edge-%s (AkamaiGHost/22.%d.%d-%d)' % (pick(['HIT', 'MISS', 'REFRESH_HIT']), pick(['fra', 'ams', 'iad']), R.randint(1, 9), R.randint(0, 9), R.randint(10000000, 99999999)),
             'X-Serial: %d' % R.randint(1000, 9999)]
    return pick(['pragma debug headers, cache key now ignores the token query param:', 'the cache key still includes ?v=, which is why hit ratio tanked:',
                 'Cache-Key nach der Regeländerung:']) + '\n' + fence('\n'.join(lines))


def nb_mediaconvert_job():
    job = {'Job': {'Id': '%d-%s' % (epoch() * 1000 + R.randint(0, 999), rs(6, LOWER + DIG)),
                   'Arn': 'arn:aws:mediaconvert:%s:123456789012:jobs/%s' % (pick(REGIONS), rs(6, LOWER + DIG)),
                   'Status': pick(['COMPLETE', 'ERROR', 'PROGRESSING']),
                   'Queue': 'arn:aws:mediaconvert:us-east-1:123456789012:queues/Default',
                   'OutputGroupDetails': [{'OutputDetails': [{'DurationInMs': R.randint(100000, 3600000),
                                                              'VideoDetails': {'WidthInPx': w, 'HeightInPx': h}}]
                                           } for (w, h, _) in R.sample(LADDER, 2)],
                   'UserMetadata': {'assetId': asset_id(), 'sourceEtag': hx(32) + '-' + str(R.randint(2, 80))}}}
    return pick(['MediaConvert job for the re-encode:', 'job status from the API:', 'Job-Details:']) + '\n' + fence(json.dumps(job, indent=2), 'json')


def nb_playready_header():
    kidb = rb(16)
    pro = b64(playready_obj(kidb, 'https://license.%s/playready' % pick(CDN_HOSTS)))
    return pick(['PlayReady header object from the packager, KID is in the WRMHEADER (base64 little-endian GUID):',
                 'mspr:pro für Smart-TV-Tests:', 'PRO que o Tizen recusa:']) + '\n' + fence(pro)


def nb_public_cert():
    body = der(0x30, der(0x30, b'\xa0\x03\x02\x01\x02' + der_int(rb(16)) + rb(R.randint(300, 500))) + rb(80))
    lines = wrap(b64(body))
    pem = '-----BEGIN CERTIFICATE-----\n' + '\n'.join(lines) + '\n-----END CERTIFICATE-----'
    return pick(['FairPlay application certificate (the public one the player fetches, not the private key):',
                 'public cert for the license server TLS, for the allowlist ticket:', 'öffentliches FPS-Zertifikat:']) + '\n' + fence(pem)


def nb_cmcd():
    sid = uuid4()
    lines = []
    for i in range(R.randint(3, 6)):
        lines.append('GET %s?CMCD=%s' % (seg_path(), 'bl%%3D%d%%2Cbr%%3D%d%%2Ccid%%3D%%22%s%%22%%2Cd%%3D%d%%2Cot%%3Dv%%2Csid%%3D%%22%s%%22' % (
            R.randint(0, 30000), pick([6000, 4500, 3000, 1400]), hx(12), 4004, sid)))
    return pick(['CMCD from one session (sid is a random uuid per playback):', 'CMCD-Parameter einer Sitzung:', '']) + '\n' + fence('\n'.join(lines))


def nb_player_telemetry():
    ev = {'event': pick(['rebuffer', 'bitrate_switch', 'playback_start', 'error']), 'ts': iso(), 'session_id': uuid4(),
          'view_id': ulid(), 'trace_id': hx(32), 'span_id': hx(16), 'asset_id': asset_id(),
          'renditionId': 'video_%dp' % pick([1080, 720, 540]), 'cdn': pick(['cloudfront', 'fastly', 'akamai']),
          'x_request_id': uuid4()}
    return pick(['telemetry beacon for the stall:', 'one event from the QoE pipeline:', 'beacon de télémétrie :']) + '\n' + fence(json.dumps(ev, ensure_ascii=False), 'json')


def nb_mux_ids():
    items = []
    for _ in range(R.randint(2, 4)):
        items.append({'id': rs(38, ALNUM), 'status': 'ready', 'duration': round(R.uniform(20, 3600), 6),
                      'playback_ids': [{'id': rs(38, ALNUM), 'policy': pick(['public', 'signed'])}],
                      'max_stored_resolution': pick(['HD', 'UHD', 'SD']), 'passthrough': asset_id()})
    return pick(['list-assets output, the signed ones need a token to play:', 'assets from the video API:', '']) + '\n' + fence(json.dumps({'data': items}, indent=1), 'json')


def nb_ssh_fp():
    lines = []
    for hn in R.sample(['enc-mcr-01', 'enc-mcr-02', 'srt-gw-a', 'playout-a', 'playout-b', 'packager-01'], 3):
        lines.append('%s  ED25519 SHA256:%s' % (hn, b64(rb(32)).rstrip('=')))
    return pick(['host key fingerprints after the reinstall, verify before accepting:', 'neue Host-Key-Fingerprints:',
                 'fingerprints de las claves de host:']) + '\n' + fence('\n'.join(lines))


def nb_sri():
    v = pick(['4.9.2', '4.10.1', '1.5.13', '8.10.0'])
    lib = pick(['shaka-player.compiled.js', 'hls.min.js', 'video.min.js', 'dash.all.min.js'])
    return fence('<script src="https://cdn.example.net/npm/%s/%s"\n        integrity="sha384-%s"\n        crossorigin="anonymous"></script>' % (v, lib, b64(rb(48))), 'html')


def nb_session_key():
    kid = hx(32)
    body = '''#EXTM3U
#EXT-X-VERSION:6
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://%s",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
#EXT-X-SESSION-KEY:METHOD=SAMPLE-AES-CTR,KEYID=0x%s,URI="data:text/plain;base64,%s",KEYFORMAT="%s",KEYFORMATVERSIONS="1"''' % (
        kid, kid.upper(), wv_pssh_b64(bytes.fromhex(kid)), WV_URN)
    return pick(['multivariant playlist header, the skd:// URI is just the KID:', 'session keys in the master:']) + '\n' + fence(body)


def nb_s3_ls():
    lines = []
    aid = asset_id()
    for _ in range(R.randint(4, 8)):
        lines.append('%s %10d %s/%s' % (dt_rand().strftime('%Y-%m-%d %H:%M:%S'), R.randint(1000, 9000000), aid,
                                        pick(['init_%s.mp4' % hx(8), 'seg_%s.m4s' % hx(16), 'thumb_%s.jpg' % hx(10), 'master.m3u8', 'manifest.mpd'])))
    return '$ aws s3 ls s3://vod-origin-%s/%s/ --recursive\n' % (pick(['prod', 'stage']), aid) + '\n'.join(lines)


def nb_sops():
    body = 'license_proxy:\n    upstream_token: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:123456789012:key/%s\n    lastmodified: "%s"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]' % (
        b64(rb(R.randint(24, 48))), b64(rb(32)), b64(rb(16)), uuid4(), iso(ms=False), b64(rb(64)), b64(rb(32)), b64(rb(16)))
    return pick(['the encrypted values file (safe to share, it is ciphertext):', 'sops-Datei nach dem Re-Encrypt:']) + '\n' + fence(body, 'yaml')


NB = [nb_mpd_pssh, nb_mp4dump_pssh, nb_kid_table, nb_scte35_b64, nb_scte35_daterange, nb_cf_log, nb_curl_headers,
      nb_sha256sum, nb_docker_digest, nb_git_log, nb_framemd5, nb_cache_key, nb_mediaconvert_job, nb_playready_header,
      nb_public_cert, nb_cmcd, nb_player_telemetry, nb_mux_ids, nb_ssh_fp, nb_sri, nb_session_key, nb_s3_ls, nb_sops]


# ---------------------------------------------------------------- data_uri_base64
def du_thumb_json():
    w, h = pick([(16, 9), (32, 18), (24, 14), (20, 11)])
    uri = 'data:image/png;base64,' + b64(png_bytes(w, h))
    obj = {'assetId': asset_id(), 'title': '%s %s' % (title(), episode()), 'duration': round(R.uniform(600, 3600), 3),
           'thumbnail': uri, 'thumbnailTime': round(R.uniform(5, 300), 2)}
    return pick(['thumbnail service returns the LQIP inline now:', 'GET /v2/assets response, thumbnail is inline:',
                 'la API devuelve la miniatura como data URI:', 'サムネイルがdata URIで返ってきます:']) + '\n' + fence(json.dumps(obj, indent=2, ensure_ascii=False), 'json')


def du_poster_html():
    w, h = pick([(64, 36), (48, 27), (32, 18)])
    uri = 'data:image/jpeg;base64,' + b64(jpeg_bytes(w, h))
    return pick(['poster placeholder until the real frame loads:', 'HTML from the embed page:', 'Embed-Code mit Inline-Poster:']) + '\n' + fence(
        '<video id="player" class="video-js vjs-16-9" controls preload="none"\n       poster="%s"\n       data-asset="%s">\n</video>' % (uri, asset_id()), 'html')


def du_webp_jsx():
    uri = 'data:image/webp;base64,' + b64(webp_bytes(pick([32, 48, 64]), pick([18, 27, 36])))
    return fence('<PlayerCard\n  assetId="%s"\n  title="%s"\n  placeholder="blur"\n  blurDataURL="%s"\n/>' % (asset_id(), title(), uri), 'jsx')


def du_gif_beacon():
    uri = 'data:image/gif;base64,' + b64(gif_bytes())
    return pick(['the ad tracker falls back to a 1x1 when the beacon URL is blocked:', 'pixel transparent du tracker pub :', '']) + '\n' + fence(
        "const FALLBACK_PIXEL = '%s';\nfunction fireBeacon(url) {\n  const img = new Image();\n  img.onerror = () => { img.src = FALLBACK_PIXEL; };\n  img.src = url;\n}" % uri, 'js')


def du_hls_pssh_key():
    kidb = rb(16)
    line = '#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,%s",KEYID=0x%s,KEYFORMAT="%s",KEYFORMATVERSIONS="1"' % (
        wv_pssh_b64(kidb), kidb.hex().upper(), WV_URN)
    return pick(['Widevine key tag in the media playlist (the data URI is just the PSSH, no key material):',
                 'EXT-X-KEY für Widevine-HLS:', 'la etiqueta EXT-X-KEY que no le gusta al Chromecast:', '']) + '\n' + fence(line)


def m3u8_text():
    lines = ['#EXTM3U', '#EXT-X-VERSION:%d' % pick([3, 6, 7]), '#EXT-X-INDEPENDENT-SEGMENTS']
    for (w, h, br) in sorted(R.sample(LADDER, R.randint(2, 4)), key=lambda x: -x[2]):
        lines.append('#EXT-X-STREAM-INF:BANDWIDTH=%d,RESOLUTION=%dx%d,CODECS="%s,%s"' % (br * 1100, w, h, pick(CODECS_V[:4]), 'mp4a.40.2'))
        lines.append('%dp/index.m3u8' % h)
    return '\n'.join(lines)


def du_m3u8_inline():
    uri = 'data:application/vnd.apple.mpegurl;base64,' + b64(m3u8_text().encode())
    return pick(['test fixture so the player unit test does not hit the network:', 'inline master for the smoke test:', 'Fixture im Player-Test:']) + '\n' + fence(
        "it('picks the top rendition on fast networks', async () => {\n  await player.load('%s');\n  expect(player.getVariantTracks()[0].height).toBe(1080);\n});" % uri, 'ts')


def du_mpd_inline():
    mpd = '<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT%dS" minBufferTime="PT2S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><Period><AdaptationSet mimeType="video/mp4"><Representation id="v1" bandwidth="%d" width="1280" height="720" codecs="avc1.64001f"><BaseURL>%s</BaseURL></Representation></AdaptationSet></Period></MPD>' % (
        R.randint(10, 600), R.randint(1000, 4000) * 1000, 'https://%s%s' % (pick(CDN_HOSTS), seg_path()))
    return pick(['dash.js accepts a data URI for the MPD, handy for the repro:', 'repro con MPD embebido:', '']) + '\n' + fence(
        "player.initialize(document.querySelector('video'), 'data:application/dash+xml;base64,%s', true);" % b64(mpd.encode()), 'js')


CAPTIONS = ['[MUSIC PLAYING]', 'Previously on %s...' % 'the show', 'Where does the signal go after midnight?', '[WIND HOWLING]',
            'Wir müssen vor Sonnenaufgang zurück sein.', 'On se retrouve au port.', '¿Has visto el mapa?', '信号が途切れた。',
            '[DOOR CLOSES]', 'Keep the lights on.', '다시 시작하자.', 'Держи курс на север.']


def vtt_text():
    out = ['WEBVTT', '']
    t = R.randint(0, 30)
    for _ in range(R.randint(2, 4)):
        out.append('00:00:%02d.000 --> 00:00:%02d.500' % (t, t + 2))
        out.append(pick(CAPTIONS))
        out.append('')
        t += 3
    return '\n'.join(out)


def du_vtt():
    uri = 'data:text/vtt;base64,' + b64(vtt_text().encode())
    return pick(['inline captions track for the accessibility test page:', 'Untertitel als data URI im Test:', '字幕をdata URIで埋め込んだテストページ:']) + '\n' + fence(
        '<track kind="captions" srclang="%s" label="%s" default\n       src="%s">' % (pick(['en', 'de', 'ja', 'es']), pick(['English', 'Deutsch', '日本語', 'Español']), uri), 'html')


def du_svg_css():
    uri = 'data:image/svg+xml;base64,' + b64(svg_icon().encode())
    cls = pick(['.vjs-big-play-button', '.shaka-play-button', '.player__mute', '.ctrl-pip', '.vjs-fullscreen-control'])
    return fence('%s {\n  background-image: url("%s");\n  background-size: 24px 24px;\n}' % (cls, uri), 'css')


def du_svg_utf8():
    s = svg_icon()
    enc = s.replace('%', '%25').replace('<', '%3C').replace('>', '%3E').replace('"', "'").replace('#', '%23')
    return pick(['icon inlined as utf8 instead of base64, smaller after gzip:', 'Icon jetzt utf8-kodiert:']) + '\n' + fence(
        '.skip-intro::after { content: ""; background: url("data:image/svg+xml;utf8,%s") no-repeat; }' % enc, 'css')


def du_woff2():
    uri = 'data:font/woff2;base64,' + b64(woff2_bytes())
    return pick(['subtitle renderer ships the fallback font inline (subset, ~200 bytes shown):', 'fonte das legendas embutida:', '']) + '\n' + fence(
        "@font-face {\n  font-family: 'SubtitleFallback';\n  src: url(%s) format('woff2');\n  font-display: swap;\n}" % uri, 'css')


def du_sourcemap():
    sm = {'version': 3, 'file': pick(['player.bundle.js', 'ads-sdk.js', 'drm-helper.js']),
          'sources': ['src/%s' % pick(['player/abr.ts', 'drm/license.ts', 'ui/scrubber.tsx', 'ads/scte.ts'])],
          'names': [], 'mappings': ';'.join(rs(R.randint(4, 8), 'ACEGIKMOQSUWYaceg') for _ in range(R.randint(3, 8)))}
    return pick(['the prod bundle still has an inline source map:', 'source map inline no bundle do player:', '']) + '\n' + fence(
        '})();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,' + b64(json.dumps(sm, separators=(',', ':')).encode()), 'js')


def du_sprite_vtt():
    out = ['WEBVTT', '']
    t = 0
    for _ in range(R.randint(2, 3)):
        uri = b64(jpeg_bytes(160, 90, R.randint(60, 110)))
        cut = R.randint(60, len(uri) - 10)
        out.append('00:%02d:%02d.000 --> 00:%02d:%02d.000' % (t // 60, t % 60, (t + 10) // 60, (t + 10) % 60))
        out.append('data:image/jpeg;base64,%s%s' % (uri[:cut], pick(['…', '...', ' [%d more chars]' % (len(uri) - cut)])))
        out.append('')
        t += 10
    return pick(['thumbnail track with inline frames, truncated for Slack:', 'Vorschaubilder-Track (gekürzt):', '']) + '\n' + fence('\n'.join(out))


def du_log_truncated():
    uri = b64(jpeg_bytes(320, 180))
    return '%s DEBUG [thumbnailer] poster for %s rendered, %d bytes, preview=data:image/jpeg;base64,%s… (%d more chars)' % (
        iso(), asset_id(), R.randint(8000, 40000), uri[:R.randint(60, 140)], R.randint(5000, 30000))


def du_python_fixture():
    p = png_bytes(8, 8)
    return pick(['golden value for the thumbnail unit test:', 'fixture del test de miniaturas:']) + '\n' + fence(
        'EXPECTED_THUMB = (\n    "data:image/png;base64,"\n    "%s"\n)\n\ndef test_first_frame_thumbnail(tmp_path):\n    out = render_thumbnail(FIXTURE_CLIP, at="00:00:01.000", size=(8, 8))\n    assert out == EXPECTED_THUMB' % b64(p), 'python')


def du_silent_mp4():
    uri = 'data:video/mp4;base64,' + b64(mp4_bytes())
    return pick(['the autoplay unlock trick: play a tiny silent mp4 on first tap', 'Safari autoplay workaround we ship:', 'truco para desbloquear autoplay en iOS:']) + '\n' + fence(
        "const UNLOCK_SRC = '%s';\nexport function unlockAutoplay(video) {\n  video.src = UNLOCK_SRC;\n  return video.play().catch(() => {});\n}" % uri, 'js')


def du_wav_beep():
    uri = 'data:audio/wav;base64,' + b64(wav_bytes(pick([440, 1000, 1200]), pick([20, 30, 40])))
    return pick(['1 kHz ident tone for the lip-sync test page:', 'Testton für den AV-Sync-Check:', 'bip de sincronización:']) + '\n' + fence(
        "const beep = new Audio('%s');\nflashFrame.addEventListener('show', () => beep.play());" % uri, 'js')


def du_markdown():
    uri = 'data:image/png;base64,' + b64(png_bytes(pick([20, 24, 30]), pick([10, 12])))
    return pick(['ladder chart from the notebook:', 'VMAF vs bitrate (inline image):', 'グラフ:']) + '\n![%s](%s)' % (pick(['vmaf', 'ladder', 'rebuffer']), uri)


def du_jupyter():
    uri = b64(png_bytes(24, 12))
    cell = {'output_type': 'display_data', 'data': {'image/png': uri, 'text/plain': ['<Figure size 640x480 with 1 Axes>']}, 'metadata': {}}
    return pick(['notebook output cell from the VMAF analysis:', 'Jupyter-Zelle aus der Ladder-Analyse:']) + '\n' + fence(json.dumps(cell, indent=1), 'json')


def du_cast_receiver():
    uri = 'data:image/png;base64,' + b64(png_bytes(16, 16))
    return fence("const context = cast.framework.CastReceiverContext.getInstance();\nconst opts = new cast.framework.CastReceiverOptions();\nopts.customNamespaces = { 'urn:x-cast:com.example.player': 'JSON' };\ndocument.querySelector('cast-media-player').style.setProperty('--splash-image', 'url(\"%s\")');\ncontext.start(opts);" % uri, 'js')


DU = [du_thumb_json, du_poster_html, du_webp_jsx, du_gif_beacon, du_hls_pssh_key, du_m3u8_inline, du_mpd_inline, du_vtt,
      du_svg_css, du_svg_utf8, du_woff2, du_sourcemap, du_sprite_vtt, du_log_truncated, du_python_fixture, du_silent_mp4,
      du_wav_beep, du_markdown, du_jupyter, du_cast_receiver]


# ---------------------------------------------------------------- pii_lookalike_number
def pn_edl():
    lines = ['TITLE: %s_%s_CONFORM' % (title().upper().replace(' ', '_'), episode()), 'FCM: %s' % pick(['NON-DROP FRAME', 'DROP FRAME']), '']
    rec = R.randint(0, 1) * 3600
    for i in range(1, R.randint(4, 8)):
        src_in = '%02d:%02d:%02d:%02d' % (R.randint(1, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 24))
        dur = R.randint(2, 12)
        lines.append('%03d  %-8s V     C        %s %s %s %s' % (
            i, 'A%03dC%03d' % (R.randint(1, 60), R.randint(1, 200)), src_in, src_in[:6] + '%02d:%02d' % (min(59, int(src_in[6:8]) + dur), R.randint(0, 24)),
            '01:%02d:%02d:%02d' % (rec // 60 % 60, rec % 60, R.randint(0, 24)), '01:%02d:%02d:%02d' % ((rec + dur) // 60 % 60, (rec + dur) % 60, R.randint(0, 24))))
        rec += dur
    return pick(['EDL from the online, the reel names are camera roll ids:', 'EDL der Conform-Fassung:', 'EDL da conformação:']) + '\n' + fence('\n'.join(lines))


def pn_ladder():
    rows = ['| rung | resolution | bitrate (bps) | maxrate | bufsize | GOP (frames) | VMAF |', '|---:|---|---:|---:|---:|---:|---:|']
    for i, (w, h, br) in enumerate(sorted(R.sample(LADDER, R.randint(4, 7)), key=lambda x: -x[2])):
        rows.append('| %d | %dx%d | %d | %d | %d | %d | %.1f |' % (i, w, h, br * 1000, int(br * 1070), br * 2000, pick([48, 50, 60, 96, 120]), R.uniform(60, 97)))
    return pick(['proposed ladder for the sports channel:', 'neue Bitraten-Leiter, bitte reviewen:', 'echelle d\'encodage proposée :', '新しいエンコードラダー案:', '인코딩 래더 초안:']) + '\n' + '\n'.join(rows)


def pn_media_sequence():
    seq = R.randint(100000, 99999999)
    d = dt_rand()
    ch = pick(CHANNELS)
    lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:6', '#EXT-X-MEDIA-SEQUENCE:%d' % seq,
             '#EXT-X-DISCONTINUITY-SEQUENCE:%d' % R.randint(0, 400)]
    for i in range(R.randint(3, 6)):
        lines += ['#EXT-X-PROGRAM-DATE-TIME:%s' % iso(d + timedelta(seconds=6 * i)), '#EXTINF:6.000,',
                  '%s_%d_%d.ts' % (ch, epoch(d) + 6 * i, seq + i)]
    return pick(['media sequence jumped backwards on %s after the encoder failover:' % pick(CHANNELS),
                 'Media-Sequence springt nach dem Failover zurück:', 'la secuencia de medios retrocede tras el failover:']) + '\n' + fence('\n'.join(lines))


def pn_eidr_sheet():
    rows = []
    for _ in range(R.randint(2, 5)):
        rows.append('%s %s | EIDR %s | ISAN %s | Ad-ID %s%04d%s' % (
            title(), episode(), eidr(), isan(), rs(4, UPPER), R.randint(0, 9999), rs(4, DIG + 'H')))
    return pick(['metadata ids for the delivery (EIDR / ISAN / Ad-ID):', 'IDs für die Anlieferung:', 'identificadores de la entrega:', '納品メタデータのID:']) + '\n' + '\n'.join(rows)


def pn_pts():
    p = R.randint(0, 0x1FFFFFFFF)
    lines = ['[mpegts @ 0x%x] DTS %d < %d out of order' % (R.randint(0x5500000000, 0x56ffffffff), p, p + 3003),
             '[mpegts @ 0x%x] pts wrap detected: last_pts=%d pts=%d' % (R.randint(0x5500000000, 0x56ffffffff), 8589934591 - R.randint(0, 90000), R.randint(0, 90000)),
             'scte35 pts_adjustment=%d splice_time=%d (%.6f s)' % (R.randint(0, 0x1FFFFFFFF), p, p / 90000.0)]
    R.shuffle(lines)
    return pick(['PTS wrap around hour 26 of the 24/7 channel:', 'PTS-Überlauf nach 26,5 Stunden:', '33ビットPTSの折り返しです:']) + '\n' + fence('\n'.join(lines))


def pn_byterange():
    off = 0
    lines = ['#EXTM3U', '#EXT-X-VERSION:4', '#EXT-X-MAP:URI="main.mp4",BYTERANGE="%d@0"' % R.randint(700, 1500)]
    off = R.randint(700, 1500)
    for _ in range(R.randint(3, 6)):
        n = R.randint(300000, 2500000)
        lines += ['#EXTINF:4.004,', '#EXT-X-BYTERANGE:%d@%d' % (n, off), 'main.mp4']
        off += n
    return pick(['single-file HLS with byte ranges, the CDN must honour Range:', 'HLS mit Byte-Ranges:', '']) + '\n' + fence('\n'.join(lines))


def sep_thousands(n, sep):
    s = '{:,}'.format(n)
    return s.replace(',', sep)


def pn_cdn_stats():
    sep = pick([',', ' ', '.', "'"])
    lines = []
    for cdn in R.sample(['CloudFront', 'Fastly', 'Akamai', 'Origin shield'], 3):
        lines.append('%-14s egress %s bytes, %s requests, hit ratio %.2f%%' % (cdn, sep_thousands(R.randint(10 ** 12, 9 * 10 ** 14), sep),
                                                                       sep_thousands(R.randint(10 ** 7, 10 ** 10), sep), R.uniform(80, 99.9)))
    return pick(['CDN totals for %s:' % dt_rand().strftime('%B %Y'), 'Monatswerte CDN:', 'volumes CDN du mois :']) + '\n' + fence('\n'.join(lines))


def pn_private_net():
    body = '''inputs:
  - name: %s-primary
    type: %s
    url: %s://%s:%d
    interface: %s
  - name: %s-backup
    type: srt
    url: srt://%s:%d?mode=listener&latency=%d
ptp:
  domain: %d
  grandmaster: %s
st2110:
  video_mcast: %s:%d
  audio_mcast: %s:%d''' % ((pick(CHANNELS),) + (pick(['udp', 'rtp']),) * 2 + (mcast_ip(), pick([5000, 5004, 1234]), priv_ip(),
                           pick(CHANNELS), priv_ip(), R.randint(9000, 9999), pick([120, 200, 500, 1000]), R.randint(0, 127), priv_ip(),
                           mcast_ip(), 20000, mcast_ip(), 20002))
    return pick(['encoder input config after the rack move (all internal/multicast):', 'Eingangs-Konfiguration des Encoders:', 'configuração de entrada do encoder:']) + '\n' + fence(body, 'yaml')


def pn_versions():
    lines = ['ffmpeg version %s Copyright (c) 2000-2024 the FFmpeg developers' % pick(['6.1.1', '7.0.2', '7.1', '5.1.4']),
             '  libavutil      %d. %d.%03d / %d. %d.%03d' % ((58, 29, 100) * 2),
             '  libavcodec     %d. %d.%03d / %d. %d.%03d' % ((60, 31, 102) * 2),
             '  libx264 core %d r%d %s' % (164, 3108, hx(7)),
             'Widevine CDM %s, Chrome %d.0.%d.%d, Shaka %s, ExoPlayer/media3 %s' % (
                 pick(['4.10.2710.0', '4.10.2830.0', '4.10.2891.0']), R.randint(118, 131), R.randint(5900, 6900), R.randint(40, 200),
                 pick(['4.9.2', '4.10.1', '4.11.0']), pick(['1.3.1', '1.4.1', '1.5.0'])),
             'Build fingerprint: %s/%s/%s:14/UP1A.%d.%03d/%d:user/release-keys' % (pick(['google', 'sony', 'nvidia']), pick(['sabrina', 'bravia_atv3', 'mdarcy']),
                                                                              pick(['sabrina', 'bravia', 'mdarcy']), R.randint(231000, 240999), R.randint(1, 99), R.randint(10000000, 12999999))]
    return pick(['versions on the repro box:', 'Versionsstand auf dem Testgerät:', 'versiones en el equipo de prueba:']) + '\n' + fence('\n'.join(lines))


def pn_brightcove():
    lines = []
    for _ in range(R.randint(2, 5)):
        lines.append('| %s | %d | %d | %s | %d |' % (title(), R.randint(10 ** 12, 7 * 10 ** 12), R.randint(10 ** 9, 7 * 10 ** 9),
                                                   rs(11, ALNUM + '-_'), R.randint(100000000, 999999999)))
    return pick(['cross-platform id map for the catalog migration:', 'ID-Zuordnung für die Migration:']) + '\n| title | video id | account id | youtube id | vimeo id |\n|---|---:|---:|---|---:|\n' + '\n'.join(lines)


def pn_invoice():
    cur = pick(['EUR', 'USD', 'GBP', 'JPY'])
    lines = ['Invoice %s-%d-%05d, PO %d' % (pick(['INV', 'RE', 'FA']), R.randint(2024, 2026), R.randint(1, 99999), R.randint(4500000000, 4599999999))]
    for item in R.sample(['CDN egress EU (PB tier)', 'CDN egress NA', 'Origin shield requests', 'DRM licenses issued', 'Live transcoding hours', 'SSAI impressions'], 3):
        lines.append('  %-28s %14s %s' % (item, sep_thousands(R.randint(1000, 9000000), pick([',', '.'])) + pick(['.00', ',00', '']), cur))
    return pick(['CDN invoice lines for the budget review:', 'Rechnungspositionen CDN:', 'facture CDN du trimestre :']) + '\n' + fence('\n'.join(lines))


def pn_aws_arn():
    lines = ['arn:aws:mediapackage:%s:123456789012:channels/%s' % (pick(REGIONS), hx(32)),
             'arn:aws:medialive:%s:123456789012:channel:%d' % (pick(REGIONS), R.randint(1000000, 9999999)),
             'arn:aws:cloudfront::123456789012:distribution/E%s' % rs(13, UPPER + DIG),
             'i-%s  (%s, %s)' % (hx(17), pick(['c6i.4xlarge', 'g5.2xlarge', 'vt1.3xlarge']), pick(REGIONS))]
    R.shuffle(lines)
    return pick(['resources touched by the live event stack:', 'Ressourcen des Live-Stacks:', 'ライブ用のリソース一覧:']) + '\n' + fence('\n'.join(lines))


def pn_satellite():
    return pick(['feed details for the %s contribution:' % pick(['Saturday', 'Sunday', 'cup final', 'election night']), 'Satellitendaten für die Zuführung:', 'datos del enlace satelital:']) + '\n' + fence(
        'Satellite: %s\nDownlink: %d.%03d MHz %s\nSymbol rate: %d ksym/s, FEC %s, %s\nService ID %d, TSID %d, ONID %d\nVideo PID 0x%04X, Audio PID 0x%04X, SCTE-35 PID 0x%04X\nWindow: %s-%s UTC' % (
            pick(['Astra 19.2E', 'Eutelsat 7B', 'Intelsat 21', 'Hotbird 13E']), R.randint(10700, 12750), R.randint(0, 999), pick(['H', 'V']),
            pick([27500, 30000, 22000, 7200]), pick(['3/4', '5/6', '2/3', '9/10']), pick(['DVB-S2 8PSK', 'DVB-S2 QPSK']), R.randint(1, 65000),
            R.randint(1, 65000), R.randint(1, 65000), R.randint(256, 8000), R.randint(256, 8000), R.randint(256, 8000), tc(R.randint(0, 22))[:5], tc(R.randint(0, 23))[:5]))


def pn_ffprobe():
    st = {'index': 0, 'codec_name': pick(['h264', 'hevc', 'prores']), 'width': 1920, 'height': 1080, 'r_frame_rate': pick(['30000/1001', '25/1', '24000/1001', '50/1']),
          'time_base': '1/%d' % pick([90000, 12800, 30000, 25]), 'start_pts': R.randint(0, 200000), 'duration_ts': R.randint(10 ** 7, 10 ** 9),
          'duration': '%.6f' % R.uniform(600, 7200), 'bit_rate': str(R.randint(2 * 10 ** 6, 2 * 10 ** 8)), 'nb_frames': str(R.randint(10000, 300000)),
          'tags': {'timecode': tc(1), 'creation_time': iso()}}
    return '$ ffprobe -v error -select_streams v:0 -show_streams -of json %s.mov\n' % title().lower().replace(' ', '_') + fence(json.dumps({'streams': [st]}, indent=2), 'json')


def pn_tickets():
    return pick(['%s is the same root cause as %s, see also %s and RFC 8216 section 6.2.2' % ('VID-%d' % R.randint(100, 9999), 'VID-%d' % R.randint(100, 9999), 'INC%07d' % R.randint(1, 9999999)),
                 'Blocked on %s (player SDK), upstream %s, and the CDN case #%d' % ('PLAY-%d' % R.randint(100, 9999), 'CVE-%d-%d' % (R.randint(2021, 2025), R.randint(1000, 49999)), R.randint(10000000, 99999999)),
                 'Ticket %s beim CDN-Support, Referenz %d, intern %s' % ('CS%08d' % R.randint(1, 99999999), R.randint(100000, 9999999), 'OPS-%d' % R.randint(100, 9999)),
                 'チケット VID-%d と INC%07d は同じ原因です' % (R.randint(100, 9999), R.randint(1, 9999999))])


def pn_dropframe():
    fr = R.randint(1000, 2500000)
    return pick(['drop-frame math check: frame %d at 29.97 DF is %s, NDF would be %s' % (fr, tc(R.randint(0, 23), 30, ';'), tc(R.randint(0, 23), 30)),
                 'frame %d -> %s (DF) vs %s (NDF), drift %d frames per hour' % (fr, tc(R.randint(0, 23), 30, ';'), tc(R.randint(0, 23), 30), 108),
                 'Timecode-Versatz: Start %s, Ende %s, %d Frames' % (tc(1), tc(1), fr),
                 'SOM %s / EOM %s, duration %s' % (tc(10), tc(10), tc(0))])


def pn_csv():
    n = R.randint(15, 30)
    rows = ['session_id,started_at,country,device,startup_ms,rebuffers,bytes_delivered,order_ref']
    for _ in range(n):
        rows.append('%d,%s,%s,%s,%d,%d,%d,%s' % (R.randint(10 ** 9, 10 ** 11), iso(ms=False), pick(['DE', 'US', 'FR', 'JP', 'BR', 'KR', 'GB']),
                                                pick(['tvos', 'android_tv', 'web', 'roku', 'tizen']), R.randint(300, 9000), R.randint(0, 6),
                                                R.randint(10 ** 6, 10 ** 10), 'PPV-%d' % R.randint(10 ** 7, 10 ** 8)))
    return pick(['export of the worst sessions from last night (no user data in it):', 'Export der schlechtesten Sessions:', 'export des pires sessions :']) + '\n' + fence('\n'.join(rows), 'csv')


def pn_ratelimit():
    return pick(['license server response headers under load:', 'Rate-Limit des Lizenzservers:']) + '\n' + fence(
        'HTTP/1.1 429 Too Many Requests\nretry-after: %d\nx-ratelimit-limit: %d\nx-ratelimit-remaining: 0\nx-ratelimit-reset: %d\nx-request-id: %s\ncontent-length: %d' % (
            R.randint(1, 30), pick([500, 1000, 5000]), epoch(), uuid4(), R.randint(40, 200)))


def pn_loudness():
    return pick(['loudness report for %s %s:' % (title(), episode()), 'R128-Messung:', 'mesure de loudness :']) + '\n' + fence(
        '[Parsed_ebur128_0 @ 0x%x] Summary:\n  Integrated loudness:\n    I:         %.1f LUFS\n    Threshold: %.1f LUFS\n  Loudness range:\n    LRA:        %.1f LU\n  True peak:\n    Peak:       %.1f dBFS' % (
            R.randint(0x5500000000, 0x56ffffffff), R.uniform(-24.5, -22.5), R.uniform(-35, -32), R.uniform(4, 18), R.uniform(-3, -0.5)))


def pn_slack_ts():
    return pick(['thread ts %d.%06d in #live-ops has the timeline, first alert at epoch %d' % (epoch(), R.randint(0, 999999), epoch()),
                 'segment %d_%d.ts was the first one with the wrong PCR' % (epoch(), R.randint(1, 999999)),
                 'CMCD ts=%d, server ts=%d, skew %d ms' % (epoch() * 1000 + R.randint(0, 999), epoch() * 1000 + R.randint(0, 999), R.randint(-900, 900))])


def pn_cea608():
    lines = ['Scenarist_SCC V1.0', '']
    for _ in range(R.randint(3, 6)):
        lines.append('%s\t%s' % (tc(1, 30, ';'), ' '.join(pick(['9420', '9452', '97a2', 'c1e2', '2020', '9470', 'd0f2', '942c', '942f', '80c8']) for _ in range(R.randint(4, 10)))))
        lines.append('')
    return pick(['SCC from the caption vendor, the first cue is 2 frames late:', 'SCC-Datei vom Untertitel-Dienstleister:', '']) + '\n' + fence('\n'.join(lines))


PN = [pn_edl, pn_ladder, pn_media_sequence, pn_eidr_sheet, pn_pts, pn_byterange, pn_cdn_stats, pn_private_net, pn_versions,
      pn_brightcove, pn_invoice, pn_aws_arn, pn_satellite, pn_ffprobe, pn_tickets, pn_dropframe, pn_csv, pn_ratelimit,
      pn_loudness, pn_slack_ts, pn_cea608]


# ---------------------------------------------------------------- placeholder_example
def cf_policy_b64(res, exp):
    pol = json.dumps({'Statement': [{'Resource': res, 'Condition': {'DateLessThan': {'AWS:EpochTime': exp}}}]}, separators=(',', ':'))
    return b64(pol.encode()).replace('+', '-').replace('=', '_').replace('/', '~')


def pe_cf_signed_url():
    dom = cf_domain()
    res = 'https://%s/vod/%s/*' % (dom, hx(8))
    exp = epoch()
    sig = pick(['<SIGNATURE>', 'REDACTED', 'xxxxxxxx~xxxxxxxx', '${SIGNATURE}', '...', '<base64-rsa-sha1-signature>'])
    kp = pick(['K' + rs(13, UPPER + DIG), 'APKAEIBAERJR2EXAMPLE', '<KEY_PAIR_ID>', 'K2XXXXXXXXXXXX'])
    url = '%s/master.m3u8?Policy=%s&Signature=%s&Key-Pair-Id=%s' % (res[:-2], cf_policy_b64(res, exp), sig, kp)
    return pick(['signed URL format for the partner docs (signature blanked on purpose):', 'Beispiel-URL für die Partnerdoku, Signatur entfernt:',
                 'formato de URL firmada para la documentación (sin firma real):', '署名付きURLの例（署名は伏せています）:']) + '\n' + fence(url)


def pe_akamai_token():
    st = epoch()
    tok = 'hdnts=st=%d~exp=%d~acl=/%s/*~hmac=%s' % (st, st + pick([300, 3600, 86400]), pick(['live', 'vod', '*']),
                                                     pick(['<hmac-sha256-hex>', '0' * 64, 'HMAC_PLACEHOLDER', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', '…']))
    return pick(['token format the edge expects (hmac is a placeholder):', 'Token-Aufbau für Akamai, hmac hier ausgeixt:', 'formato del token de Akamai:']) + '\n' + fence('https://%s/live/%s/master.m3u8?%s' % (pick(CDN_HOSTS), pick(CHANNELS), tok))


def pe_env_example():
    lines = ['# .env.example for the %s service, copy to .env and fill in' % pick(['packager', 'license-proxy', 'clip-tagger', 'ad-decisioning'])]
    opts = [
        'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE', 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        'AWS_ACCESS_KEY_ID=<your-access-key-id>', 'AWS_SECRET_ACCESS_KEY=<your-secret-access-key>',
        'OPENAI_API_KEY=sk-...', 'ANTHROPIC_API_KEY=sk-ant-api03-...', 'SLACK_BOT_TOKEN=xoxb-your-bot-token',
        'SLACK_SIGNING_SECRET=', 'GITHUB_TOKEN=ghp_xxxxxxxxxxxx…', 'DRM_SIGNING_KEY=changeme',
        'CLOUDFRONT_KEY_PAIR_ID=K2XXXXXXXXXXXX', 'CLOUDFRONT_PRIVATE_KEY_PATH=./keys/private_key.pem', 'LICENSE_SERVER_URL=https://license.example.net/widevine',
        'FAIRPLAY_ASK=<32 hex chars from the Apple portal>', 'MUX_TOKEN_ID=', 'MUX_TOKEN_SECRET=', 'DATABASE_URL=postgres://user:password@localhost:5432/assets',
        'REDIS_URL=redis://localhost:6379/0', 'STREAM_KEY=live_xxxxxxxx_xxxxxxxxxxxxxxxxxxxx', 'SRT_PASSPHRASE=',
        'WEBHOOK_SECRET=whsec_...', 'JWT_SECRET=replace-me-with-32-random-bytes']
    seen = set()
    for o in R.sample(opts, R.randint(6, 11)):
        if o.split('=')[0] not in seen:
            seen.add(o.split('=')[0])
            lines.append(o)
    return fence('\n'.join(lines), 'dotenv')


def pe_obs_settings():
    return pick(['Settings for the remote guest (they fill in the key we send separately):', 'OBS-Einstellungen für den Gast, Key schicken wir separat:',
                 'configuración de OBS para el invitado:', 'ゲスト配信用のOBS設定（キーは別途送ります）:']) + '\n' + fence(
        'Service:    Custom...\nServer:     rtmps://%s:443/app/\nStream Key: %s\nEncoder:    x264, CBR %d kbps, keyframe interval 2 s' % (
            pick(['ingest.example.com', 'live-in.example.net']), pick(['<your-stream-key>', 'live_XXXXXXXXXXXXXXXX', '(sent via 1:1 DM from the vault)', '••••••••••••••••', 'sk_live_stream_PLACEHOLDER']),
            pick([4500, 6000, 8000])))


def pe_srt_url():
    return pick(['SRT caller URL template for the venue encoder:', 'SRT-URL-Vorlage:', 'modelo de URL SRT para o encoder do estádio:']) + '\n' + fence(
        'srt://%s:%d?mode=caller&latency=%d&streamid=#!::r=live/%s,m=publish&passphrase=%s&pbkeylen=%d' % (
            pick(['contrib.example.net', 'srt-in.example.com']), R.randint(9000, 9999), pick([200, 500, 1200]), pick(CHANNELS),
            pick(['<PASSPHRASE>', '${SRT_PASSPHRASE}', 'CHANGE_ME', '********', '{{ srt_passphrase }}']), pick([16, 24, 32])))


def pe_shaka_config():
    kid = hx(32)
    return pick(['ClearKey config for local testing (placeholder key, use the one from the test vectors):', 'Shaka-Config zum Testen:', '']) + '\n' + fence(
        "player.configure({\n  drm: {\n    servers: { 'com.widevine.alpha': 'https://cwip-shaka-proxy.appspot.com/no_auth' },\n    clearKeys: { '%s': '<content-key-hex>' },\n  },\n});\nplayer.getNetworkingEngine().registerRequestFilter((type, req) => {\n  if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) {\n    req.headers['x-dt-auth-token'] = '<token from entitlement service>';\n  }\n});" % kid, 'js')


def pe_redacted_log():
    lines = ['%s INFO  license-proxy POST /widevine status=%d dur=%dms' % (iso(), pick([200, 403, 500]), R.randint(10, 900)),
             '  headers: {"authorization": "%s", "x-dt-custom-data": "%s", "cookie": "%s", "user-agent": "ExoPlayerLib/2.19.1"}' % (
                 pick(['Bearer [REDACTED]', '[FILTERED]', 'Bearer ***']), pick(['<redacted>', '[MASKED]', '***']), pick(['***', '[REDACTED]', '(sensitive value)'])),
             '  client_ip=%s kid=%s' % (pick(['[REDACTED]', '0.0.0.0', priv_ip()]), hx(32))]
    return pick(['after the log-masking fix, this is what we keep:', 'so sehen die Logs jetzt aus, alles Sensible maskiert:', 'ログのマスキング後:']) + '\n' + fence('\n'.join(lines))


def pe_stripe_test():
    return pick(['PPV checkout test on staging: card %s, any future expiry, CVC %s — it is the Stripe test card, not a real one' % (
        pick(['4242 4242 4242 4242', '4242424242424242', '4242-4242-4242-4242']), pick(['123', '424', 'any 3 digits'])),
                 'Testkarte für den PPV-Checkout: 4242 4242 4242 4242, Ablauf 12/34, CVC 123',
                 'la cuenta de prueba muestra la tarjeta como •••• %04d, exp %02d/%02d' % (pick([4242, 1881, 5556]), R.randint(1, 12), R.randint(26, 34)),
                 'billing page now renders %s instead of the full PAN' % pick(['•••• •••• •••• 4242', '**** **** **** 4242', 'xxxx-xxxx-xxxx-4242'])])


def pe_iban_textbook():
    return pick(['vendor portal field validation uses the textbook IBAN DE89 3704 0044 0532 0130 00 as the example value',
                 'for the finance form example use GB82 WEST 1234 5698 7654 32 (the standard sample), never a real account',
                 'Beispiel-IBAN im Lieferantenformular: DE89370400440532013000 (Musterwert)',
                 'the payout screen shows IBAN %s •••• •••• %04d' % (pick(['DE••', 'FR76 ••••', 'NL•• ••••']), R.randint(0, 9999))])


def pe_pem_placeholder():
    label = pick(['RSA PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY'])
    body = pick(['...', '<paste the FairPlay private key here>', '(contents of fps_private_key.pem, from the vault)', 'MIIE...snip...', '<redacted>'])
    return pick(['format expected by the signer, key goes in the secret store not the repo:', 'Format für den Signierer:', 'formato esperado pelo assinador:']) + '\n' + fence(
        '-----BEGIN %s-----\n%s\n-----END %s-----' % (label, body, label))


def pe_k8s_secret():
    keys = R.sample(['license-token: "${LICENSE_TOKEN}"', 'cloudfront-private-key: "REPLACE_ME"', 'srt-passphrase: ""',
                     'slack-webhook: "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"',
                     'openai-api-key: "<set-in-vault>"', 'db-password: "changeme"', 'fairplay-ask: "TODO"'], R.randint(3, 5))
    return pick(['template for the new namespace, values are filled by the pipeline:', 'Secret-Vorlage:', '']) + '\n' + fence('''apiVersion: v1
kind: Secret
metadata:
  name: %s
  namespace: video-%s
type: Opaque
stringData:
  %s''' % (pick(['drm-credentials', 'signer-keys', 'ingest-secrets', 'caption-worker']), pick(['prod', 'staging', 'dev']), '\n  '.join(keys)), 'yaml')


def pe_tfvars():
    return pick(['tfvars template, real values come from the pipeline:', 'Terraform-Vorlage:', '']) + '\n' + fence(
        'variable "%s" {\n  type      = string\n  sensitive = true\n}\n\n# terraform.tfvars.example\n%s = "<from-secrets-manager>"\n%s = "K2XXXXXXXXXXXX"' % (
            pick(['mux_token_secret', 'cf_signing_key_pem', 'akamai_edgegrid_secret', 'drm_provider_secret']),
            pick(['mux_token_secret', 'cf_signing_key_pem', 'akamai_edgegrid_secret', 'drm_provider_secret']), 'cf_key_pair_id'), 'hcl')


def pe_default_urls():
    return pick(['default creds from the vendor manuals, only valid on the lab bench:', 'Werkseinstellungen laut Handbuch (nur Labor):', 'credenciales por defecto del manual:']) + '\n' + fence('\n'.join(R.sample([
        'rtsp://admin:admin@192.168.1.64:554/Streaming/Channels/101',
        'postgres://user:password@localhost:5432/assets',
        'amqp://guest:guest@localhost:5672/',
        'mysql://root:root@127.0.0.1:3306/cms',
        'http://admin:password@10.0.0.10/cgi-bin/encoder.cgi',
        'ftp://anonymous:anonymous@localhost/incoming',
        'redis://:changeme@localhost:6379/0'], R.randint(2, 4))))


def pe_masked():
    return pick(['support view for the subscriber now shows card %s, phone %s and ID %s' % (pick(['•••• 4242', '**** 1881', 'ending in 0005']), pick(['+•• ••• •••• ••42', '(***) ***-**17', 'hidden']), pick(['***-**-****', 'XXX-XX-XXXX', '[MASKED]'])),
                 'Abo-Ansicht: Karte •••• %04d, IBAN DE•• •••• •••• •••• %04d %02d, E-Mail [versteckt]' % (R.randint(0, 9999), R.randint(0, 9999), R.randint(0, 99)),
                 'la vista de soporte enmascara todo: tarjeta ************%04d, teléfono *********%02d' % (R.randint(0, 9999), R.randint(0, 99))])


def pe_jwt_truncated():
    return pick(['playback token looks like `eyJhbGciOiJFUzI1NiIsImtpZCI6Ij…` (truncated), the kid tells you which signer',
                 'license request carries `Authorization: Bearer <JWT>`; the JWT is minted by the entitlement service',
                 'DRMtoday wants x-dt-auth-token: <upfront-token>, see the vendor docs',
                 'Das Token im Query-Parameter ?token=eyJ... ist gekürzt, bitte nicht das volle Token posten',
                 'token=<jwt> se añade a cada petición de segmento'])


def pe_api_docs():
    return pick(['from the vendor API docs:', 'aus der API-Doku:', 'da documentação da API:']) + '\n' + fence(pick([
        'curl https://api.video.example.com/v1/assets \\\n  -u "${MUX_TOKEN_ID}:${MUX_TOKEN_SECRET}" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"input": "https://example.com/mezz.mov", "playback_policy": ["signed"]}\'',
        'curl -X POST https://api.example.com/v2/live-streams \\\n  -H "x-api-key: YOUR_API_KEY" \\\n  -H "Authorization: Bearer $ACCESS_TOKEN"',
        'curl -H "Authorization: Basic $(echo -n "$API_USER:$API_SECRET" | base64)" https://encoder.local/api/v1/status',
        'aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE --profile mediaconvert-docs\naws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY --profile mediaconvert-docs']), 'bash')


def pe_packager_keys():
    return pick(['packager invocation, keys come from env (zero key in the example is intentional):', 'Packager-Aufruf, Keys kommen aus der Umgebung:', '']) + '\n' + fence(
        'packager \\\n  in=%s.mp4,stream=video,output=video.mp4 \\\n  in=%s.mp4,stream=audio,output=audio.mp4 \\\n  --enable_raw_key_encryption \\\n  --keys label=:key_id=%s:key=%s \\\n  --protection_systems Widevine,PlayReady \\\n  --mpd_output manifest.mpd' % (
            hx(6), hx(6), pick(['${KID}', hx(32)]), pick(['${CONTENT_KEY}', '0' * 32, '<32-hex-key>', 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'])), 'bash')


def pe_gh_actions():
    env = R.sample(['GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}', 'CF_PRIVATE_KEY: ${{ secrets.CF_PRIVATE_KEY }}', 'SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}',
                    'AWS_ROLE_ARN: ${{ vars.MEDIA_DEPLOY_ROLE }}', 'NPM_TOKEN: ${{ secrets.NPM_TOKEN }}', 'MUX_TOKEN_SECRET: ${{ secrets.MUX_TOKEN_SECRET }}'], R.randint(2, 4))
    return fence('''jobs:
  %s:
    runs-on: ubuntu-latest
    env:
      %s
    steps:
      - uses: actions/checkout@v4
      - run: ./scripts/%s.sh''' % (pick(['package', 'release', 'deploy-player', 'thumbs']), '\n      '.join(env), pick(['sign-urls', 'package-vod', 'publish-player', 'upload-thumbs'])), 'yaml')


def pe_slack_webhook():
    return pick(['alerting config for the encoder watchdog (webhook is the docs example, real one is in the vault):', 'Webhook-Vorlage für den Watchdog:', '']) + '\n' + fence(
        'alerts:\n  slack:\n    webhook_url: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\n    channel: "#%s"\n    token: xoxb-not-a-real-token' % pick(['live-ops', 'encoder-alerts', 'mcr']), 'yaml')


def pe_chat_short():
    return pick(['the password field for the %s web UI is `********` in the screenshot, good' % pick(['Elemental', 'Harmonic', 'Wowza', 'AWS Elemental Live']),
                 'stream key: [redacted], ping the producer for it',
                 'Passwort für den Playout-Server: siehe Vault, Pfad secret/video/playout',
                 'la clave de transmisión es <STREAM_KEY> en el ejemplo de la wiki',
                 'APIキーは `sk-xxxxxxxx` のような形式ですが、ここには貼らないでください',
                 'use `AKIAIOSFODNN7EXAMPLE` in the docs snippet, it is the AWS sample id',
                 'token: `xoxb-<workspace>-<bot>-<secret>`, that is just the shape, not a value'])


PE = [pe_cf_signed_url, pe_akamai_token, pe_env_example, pe_obs_settings, pe_srt_url, pe_shaka_config, pe_redacted_log,
      pe_stripe_test, pe_iban_textbook, pe_pem_placeholder, pe_k8s_secret, pe_tfvars, pe_default_urls, pe_masked,
      pe_jwt_truncated, pe_api_docs, pe_packager_keys, pe_gh_actions, pe_slack_webhook, pe_chat_short]


# ---------------------------------------------------------------- code_identifier
def ci_ts_drm():
    v = pick(['licenseToken', 'drmAuthToken', 'upfrontToken', 'entitlementJwt'])
    return pick(['this is how the web player attaches the token:', 'so hängt der Web-Player das Token an:', '']) + '\n' + fence(
        "export async function configureDrm(player: shaka.Player, assetId: string): Promise<void> {\n  const { %s, licenseServerUrl, fairplayCertificateUrl } = await entitlementClient.getPlaybackContext(assetId);\n  player.configure({ drm: { servers: { 'com.widevine.alpha': licenseServerUrl }, advanced: { 'com.apple.fps': { serverCertificateUri: fairplayCertificateUrl } } } });\n  player.getNetworkingEngine()?.registerRequestFilter((type, request) => {\n    if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) request.headers['Authorization'] = `Bearer ${%s}`;\n  });\n}" % (v, v), 'ts')


def ci_kotlin_exo():
    hdr = pick(['x-dt-auth-token', 'X-AxDRM-Message', 'Authorization', 'x-playback-session'])
    src = pick(['authTokenProvider.currentToken()', 'entitlementRepository.licenseMessageFor(mediaId)', '"Bearer ${sessionStore.licenseJwt}"', 'playbackSession.drmToken'])
    uuid_c = pick(['C.WIDEVINE_UUID', 'C.PLAYREADY_UUID', 'C.CLEARKEY_UUID'])
    return pick(['Android side for comparison:', 'so macht es die Android-App:', 'lado Android:', '']) + '\n' + fence('''val drmCallback = HttpMediaDrmCallback(%s, dataSourceFactory).apply {
    setKeyRequestProperty("%s", %s)
}
val drmSessionManager = DefaultDrmSessionManager.Builder()
    .setUuidAndExoMediaDrmProvider(%s, FrameworkMediaDrm.DEFAULT_PROVIDER)
    .setMultiSession(%s)
    .build(drmCallback)''' % (pick(['licenseUrl', 'drmConfig.licenseServerUri', 'BuildConfig.LICENSE_URL']), hdr, src, uuid_c, pick(['true', 'false'])), 'kotlin')


def ci_swift_fps():
    cert = pick(['applicationCertificate', 'fpsAppCert', 'serverCertificate'])
    tok = pick(['sessionTokenProvider.token', 'entitlement.licenseToken', 'authStore.playbackJWT'])
    svc = pick(['licenseService.requestCKC', 'ksmClient.fetchCKC', 'drmAPI.postSPC'])
    return pick(['FairPlay delegate, the ASK never touches the client:', 'FairPlay-Delegate:', 'delegate de FairPlay en iOS:', '']) + '\n' + fence('''func contentKeySession(_ session: AVContentKeySession, didProvide keyRequest: AVContentKeyRequest) {
    guard let contentKeyIdentifier = keyRequest.identifier as? String,
          let assetIDData = contentKeyIdentifier.replacingOccurrences(of: "skd://", with: "").data(using: .utf8) else { return }
    let <<cert>> = try await certificateStore.requestApplicationCertificate()
    keyRequest.makeStreamingContentKeyRequestData(forApp: <<cert>>, contentIdentifier: assetIDData) { spcData, error in
        let ckcResponse = try await self.<<svc>>(spc: spcData!, authToken: self.<<tok>>)
        keyRequest.processContentKeyResponse(AVContentKeyResponse(fairPlayStreamingKeyResponseData: ckcResponse))
    }
}'''.replace('<<cert>>', cert).replace('<<svc>>', svc).replace('<<tok>>', tok), 'swift')


def ci_python_signer():
    fn = pick(['sign_cloudfront_url', 'make_signed_playback_url', 'presign_manifest'])
    env = pick(['CF_SIGNING_KEY_SECRET_NAME', 'PLAYBACK_SIGNER_SECRET_ID', 'SIGNED_URL_KEY_ARN'])
    return fence('''def %s(url: str, key_pair_id: str, expires_at: datetime) -> str:
    """Sign with the key referenced by %s; never log private_key_pem."""
    private_key_pem = secrets_client.get_secret_value(SecretId=os.environ["%s"])["SecretString"]
    signer = CloudFrontSigner(key_pair_id, partial(rsa_signer, private_key_pem=private_key_pem))
    return signer.generate_presigned_url(url, date_less_than=expires_at)''' % (fn, env, env), 'python')


def ci_go_struct():
    fields = R.sample([('SpekeEndpoint', 'string', 'speke_endpoint'), ('SpekeRoleARN', 'string', 'speke_role_arn'),
                       ('ContentKeyProvider', 'string', 'content_key_provider'), ('KeyRotationInterval', 'time.Duration', 'key_rotation_interval'),
                       ('SigningKeySecretName', 'string', 'signing_key_secret_name'), ('LicenseTokenTTL', 'time.Duration', 'license_token_ttl'),
                       ('SRTPassphraseEnvVar', 'string', 'srt_passphrase_env_var'), ('StreamKeyVaultPath', 'string', 'stream_key_vault_path'),
                       ('FairPlayASKSecretARN', 'string', 'fairplay_ask_secret_arn'), ('CDNTokenKeyRef', 'string', 'cdn_token_key_ref')], R.randint(4, 7))
    w = max(len(f[0]) for f in fields)
    body = '\n'.join('\t%s %s `yaml:"%s"`' % (f[0].ljust(w), f[1].ljust(13), f[2]) for f in fields)
    return fence('type %s struct {\n%s\n}' % (pick(['PackagerConfig', 'LicenseProxyConfig', 'IngestConfig', 'SignerConfig']), body), 'go')


def ci_java_trace():
    pk = pick(['com.streamco.drm', 'net.example.playback', 'com.acme.video.license'])
    frames = []
    for _ in range(R.randint(5, 12)):
        cls = pick(['LicenseTokenRefresher', 'ContentKeyResolver', 'SignedUrlPolicyBuilder', 'StreamKeyRotator', 'FairPlayAskLoader', 'EntitlementJwtVerifier'])
        frames.append('%s.%s.%s.%s(%s.java:%d)' % (pk, pick(['token', 'license', 'keys', 'signing']), cls,
                                                   pick(['refreshToken', 'resolveContentKey', 'buildPolicy', 'rotateStreamKey', 'loadApplicationSecretKey', 'verifySignature']),
                                                   cls, R.randint(30, 900)))
    return fence('%s ERROR [%s] Unhandled exception\n%s.%s: %s\n' % (iso(), pick(['license-worker-3', 'scheduler-1', 'http-nio-8080-exec-7']), pk, pick(['ContentKeyUnavailableException', 'TokenSigningException', 'InvalidPolicyException']),
                                                                    pick(['no content key for kid in key store', 'signing key alias not found', 'policy expired before signing'])) + '\n'.join('\tat ' + f for f in frames))


def ci_rust_panic():
    h = hx(16)
    return fence('''thread 'tokio-runtime-worker' panicked at src/cenc/key_rotation.rs:%d:%d:
called `Option::unwrap()` on a `None` value
stack backtrace:
   0: rust_begin_unwind
   1: core::panicking::panic_fmt
   2: segmenter::cenc::key_rotation::KeyRotationSchedule::current_content_key::h%s
   3: segmenter::cenc::encrypt_fragment::h%s
   4: _ZN9segmenter4cenc15ContentKeyCache3get17h%sE''' % (R.randint(20, 400), R.randint(5, 60), h, hx(16), hx(16)))


def ci_gdb():
    return pick(['core from the encoder SDK, it dies in the key loader:', 'Backtrace aus dem Encoder-Core:', '']) + '\n' + fence('''#0  0x00007f%s in _ZN7encoder3drm16AesCtrKeyLoader11loadKeyFileERKNSt7__cxx1112basic_stringIcEE () from /opt/enc/lib/libencdrm.so
#1  0x00007f%s in _ZN7encoder3drm13KeyRotation4tickEv () from /opt/enc/lib/libencdrm.so
#2  0x000055%s in hls_write_packet (s=0x55%s, pkt=0x55%s) at libavformat/hlsenc.c:%d
#3  0x000055%s in av_interleaved_write_frame () at libavformat/mux.c:%d''' % (hx(10), hx(10), hx(10), hx(10), hx(10), R.randint(2000, 3200), hx(10), R.randint(1100, 1400)))


def ci_env_names():
    names = R.sample(['DRM_KEY_SERVER_URL', 'SPEKE_ROLE_ARN', 'CF_SIGNING_KEY_SECRET_NAME', 'CF_KEY_PAIR_ID', 'FAIRPLAY_ASK_SECRET_ARN',
                      'WIDEVINE_PROVIDER_SIGNING_KEY_REF', 'LICENSE_TOKEN_TTL_SECONDS', 'STREAM_KEY_ROTATION_CRON', 'SRT_PASSPHRASE_FILE',
                      'AKAMAI_TOKEN_KEY_REF', 'SLACK_BOT_TOKEN_FILE', 'OPENAI_API_KEY_SECRET_NAME', 'JWT_SIGNING_KEY_ID'], R.randint(5, 9))
    return pick(['env vars the new license-proxy reads (names only, values are injected):', 'Umgebungsvariablen des Proxys:', 'variables de entorno (solo nombres):', '環境変数の一覧（値なし）:']) + '\n' + '\n'.join('- `%s`' % n for n in names)


def ci_k8s_ref():
    items = R.sample([('LICENSE_SIGNING_KEY', 'drm-credentials', 'license-signing-key'), ('CF_PRIVATE_KEY_PEM', 'cloudfront-signer', 'private_key.pem'),
                      ('STREAM_KEY_SALT', 'ingest-secrets', 'stream-key-salt'), ('SRT_PASSPHRASE', 'ingest-secrets', 'srt-passphrase'),
                      ('SLACK_BOT_TOKEN', 'alerting', 'slack-bot-token'), ('OPENAI_API_KEY', 'caption-worker', 'openai-api-key'),
                      ('DB_PASSWORD', 'cms-db', 'password')], R.randint(2, 4))
    env = '\n'.join('  - name: %s\n    valueFrom:\n      secretKeyRef:\n        name: %s\n        key: %s' % it for it in items)
    return pick(['deployment env for %s:' % pick(['license-proxy', 'packager', 'caption-worker', 'ingest-gw']), '']) + '\n' + fence('env:\n' + env, 'yaml')


def ci_terraform():
    nm = pick(['playback_signer', 'vod_signer', 'live_signer', 'preview_signer'])
    return fence('''resource "aws_cloudfront_public_key" "%s" {
  name        = "%s-%s"
  encoded_key = file("${path.module}/keys/%s_public.pem")
}

resource "aws_cloudfront_key_group" "%s" {
  name  = "%s-key-group"
  items = [aws_cloudfront_public_key.%s.id]
}

data "aws_secretsmanager_secret_version" "%s_private_key" {
  secret_id = var.%s_private_key_secret_arn
}''' % (nm, nm.replace('_', '-'), dt_rand().strftime('%Y%m'), nm, nm, nm.replace('_', '-'), nm, nm, nm), 'hcl')


def ci_sql():
    cols = R.sample(['license_token_hash  bytea NOT NULL', 'token_kid           text NOT NULL', 'stream_key_last4    char(4)',
                     'drm_key_id          uuid NOT NULL', 'signing_key_version int NOT NULL DEFAULT 1', 'password_hash       text',
                     'api_key_prefix      char(8)', 'srt_passphrase_ref  text', 'expires_at          timestamptz NOT NULL'], R.randint(4, 7))
    t = pick(['playback_entitlements', 'ingest_endpoints', 'partner_api_clients', 'drm_assets'])
    return fence('CREATE TABLE %s (\n    id                  uuid PRIMARY KEY,\n    %s\n);' % (t, ',\n    '.join(cols)), 'sql')


def ci_css_modules():
    cls = ['PlayerControls_scrubber__%s' % rs(5, ALNUM), 'SkipIntroButton_root__%s' % rs(5, ALNUM), 'css-%s' % rs(7, LOWER + DIG),
           'vjs-control-bar', 'shaka-controls-container', 'sc-%s' % rs(6, ALNUM), 'data-v-%s' % hx(8)]
    return pick(['class names from the prod build, the hashed ones change every deploy:', 'Klassennamen aus dem Build:', '']) + '\n' + ', '.join('`%s`' % c for c in R.sample(cls, 5))


def ci_proto():
    svc = pick(['KeyServer', 'ContentKeyService', 'SignerService'])
    rpcs = R.sample([('GetContentKey', 'ContentKeyRequest', 'ContentKeyResponse'), ('RotateSigningKey', 'RotateSigningKeyRequest', 'RotateSigningKeyResponse'),
                     ('IssueLicenseToken', 'IssueLicenseTokenRequest', 'IssueLicenseTokenResponse'), ('RevokeStreamKey', 'RevokeStreamKeyRequest', 'google.protobuf.Empty')], R.randint(2, 3))
    body = '\n'.join('  rpc %s(%s) returns (%s);' % r for r in rpcs)
    return fence('service %s {\n%s\n}\nmessage ContentKeyRequest {\n  bytes key_id = 1;\n  string content_id = 2;\n  repeated string drm_systems = 3;\n}\nmessage ContentKeyResponse {\n  bytes encrypted_content_key = 1;  // wrapped with the KMS key, never plaintext\n  string key_encryption_key_arn = 2;\n}' % (svc, body), 'protobuf')


def ci_graphql():
    f = R.sample(['  signedPlaybackUrl(assetId: ID!, ttlSeconds: Int = %d): SignedUrl!' % pick([60, 300, 900]),
                  '  streamKey(channelId: ID!): StreamKeyMetadata!  # lastRotatedAt + last4 only, never the key',
                  '  drmLicenseEndpoint(system: DrmSystem!): LicenseEndpoint!', '  apiCredentials(partnerId: ID!): [CredentialMetadata!]!'], R.randint(2, 3))
    return fence('type Query {\n%s\n}\ntype SignedUrl { url: String!, expiresAt: DateTime!, keyPairId: String! }' % '\n'.join(f), 'graphql')


def ci_flags():
    flags = R.sample(['player.drm.widevine_l1_required', 'player.drm.persistent_license_enabled', 'signing.cloudfront.key_rotation_v2',
                      'ingest.srt.passphrase_required', 'ingest.rtmp.stream_key_per_event', 'license.token.short_ttl', 'ads.scte35.passthrough'], 4)
    return pick(['flags to flip for the event:', 'Feature-Flags fürs Event:', '']) + '\n' + '\n'.join('- `%s` = %s' % (f, pick(['true', 'false', '50%'])) for f in flags)


def ci_kubectl():
    lines = ['NAME                                READY   STATUS    RESTARTS   AGE']
    for n in R.sample(['license-proxy', 'packager', 'thumbnailer', 'scte-injector', 'key-rotator', 'signed-url-svc'], 4):
        lines.append('%-35s %-7s %-9s %-10d %s' % ('%s-%s-%s' % (n, rs(10, LOWER + DIG), rs(5, LOWER + DIG)), '1/1', pick(['Running', 'Running', 'CrashLoopBackOff']), R.randint(0, 40), pick(['3d', '41h', '12m', '7d2h'])))
    return '$ kubectl -n video-prod get pods\n' + '\n'.join(lines)


def ci_next_chunks():
    lines = ['Route (app)                              Size     First Load JS']
    for r in ['/watch/[assetId]', '/live/[channel]', '/account/devices', '/api/playback-token']:
        lines.append('%-40s %-8s %s' % (r, '%.1f kB' % R.uniform(0.2, 60), '%d kB' % R.randint(80, 400)))
    lines.append('chunks/%s-%s.js  %.1f kB' % (pick(['player', 'drm', 'framework']), hx(16), R.uniform(10, 200)))
    return fence('\n'.join(lines))


def ci_py_traceback():
    hdr = pick(['X-License-Token', 'X-Playback-Token', 'X-Api-Key', 'Authorization'])
    fn = pick(['forward_license_request', 'validate_playback_token', 'sign_manifest_url'])
    return fence('''Traceback (most recent call last):
  File "/app/%s/handlers.py", line %d, in %s
    token = request.headers["%s"]
  File "/usr/local/lib/python3.12/site-packages/starlette/datastructures.py", line 569, in __getitem__
    raise KeyError(key)
KeyError: '%s\'''' % (pick(['license_proxy', 'edge_auth', 'signer']), R.randint(40, 300), fn, hdr, hdr.lower()))


def ci_ffmpeg_c():
    return pick(['the relevant bit in hlsenc.c, key_info_file is just a path:', 'aus hlsenc.c:', 'ffmpeg reads the key info file like this:', '']) + '\n' + fence(pick(['''static int hls_encryption_start(AVFormatContext *s, VariantStream *vs)
{
    HLSContext *hls = s->priv_data;
    if ((ret = s->io_open(s, &pb, hls->key_info_file, AVIO_FLAG_READ, &options)) < 0) {
        av_log(hls, AV_LOG_ERROR, "error opening key info file %s\\n", hls->key_info_file);
        return ret;
    }
    ff_get_line(pb, vs->key_uri, sizeof(vs->key_uri));
    ff_get_line(pb, vs->key_file, sizeof(vs->key_file));''', '''    { "hls_key_info_file", "file with key URI and key file path", OFFSET(key_info_file), AV_OPT_TYPE_STRING, .flags = E },
    { "hls_enc_key", "hex-coded 16 byte key to encrypt the segments", OFFSET(key), AV_OPT_TYPE_STRING, .flags = E },
    { "hls_enc_key_url", "url to access the key to decrypt the segments", OFFSET(key_url), AV_OPT_TYPE_STRING, .flags = E },''',
    '''    if (hls->key_info_file || hls->encrypt) {
        if (hls->segment_type == SEGMENT_TYPE_FMP4) {
            av_log(s, AV_LOG_ERROR, "Encrypted fmp4 not yet supported\\n");
            return AVERROR_PATCHWELCOME;
        }''']), 'c')


CI = [ci_ts_drm, ci_kotlin_exo, ci_swift_fps, ci_python_signer, ci_go_struct, ci_java_trace, ci_rust_panic, ci_gdb,
      ci_env_names, ci_k8s_ref, ci_terraform, ci_sql, ci_css_modules, ci_proto, ci_graphql, ci_flags, ci_kubectl,
      ci_next_chunks, ci_py_traceback, ci_ffmpeg_c]


# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    'en': ['the CloudFront signing key got rotated last night; the old key group stays attached for 24h so cached signed URLs keep working',
           'please do not paste the SPEKE credentials in here, put them in the vault path and link that instead',
           'the FairPlay ASK has to be re-confirmed before the certificate expires, and only two accounts can open the Apple portal',
           'stream keys for Saturday are generated per event and live in the secret store, not in the rundown doc',
           'someone posted an RTMP stream key in a public channel by accident; it is revoked and the ingest restarted with a fresh one',
           'the license proxy was logging the full Authorization header, the patch to mask it goes out today',
           'content keys rotate per asset; KIDs are fine to share, keys are not',
           'the SRT passphrase is in the encoder profile, please do not screenshot that page',
           'security wants the CDN origin shared secret rotated every quarter and we are at 94 days',
           'the support export used to include full card numbers, the new billing view only shows the last four digits',
           'should the player log the JWT? no, log the kid and the exp claim, never the token itself',
           'Widevine provider credentials are per environment, staging credentials never work against the prod license servers',
           'the old edge token key is still configured as a fallback, we remove it after the holiday freeze',
           'when you open a vendor ticket send the session id and the KID, never the license response',
           'a GDPR request came in, we have to purge that viewer\'s email address and IP from the analytics pipeline within 30 days',
           'secret scanning flagged a .pem in the packager repo, it was the public certificate, closing as a false positive',
           'the captioning vendor API key expires at the end of the month, the renewal ticket is open',
           'the signed-cookie private key lives in Secrets Manager and a lambda rotates it',
           'our scanner flags every 32-hex KID as an API key, we need an allowlist for manifests',
           'if a token leaks, the runbook says: revoke, rotate the signing key, invalidate the CDN cache, then write the incident note',
           'do not DM passwords for the MCR machines, use the shared vault folder',
           'finance will send the new bank details through the supplier portal, not over chat'],
    'de': ['Der Stream-Key für das Event ist geleakt und wurde sofort widerrufen, bitte keine Keys mehr in den Chat kopieren.',
           'Die DRM-Schlüssel liegen im KMS, im Repo stehen nur die Key-IDs.',
           'Kann jemand das Passwort für den Encoder zurücksetzen? Bitte über den Vault teilen, nicht hier.',
           'Die Signaturschlüssel für CloudFront rotieren wir ab jetzt alle 90 Tage.',
           'Im Lizenz-Proxy wurden Tokens im Klartext geloggt, das ist jetzt maskiert.'],
    'fr': ["On a retrouvé le jeton d'accès du serveur de licences dans les logs du player, le correctif masque maintenant l'en-tête.",
           'Ne partagez jamais la clé de contenu, seul le KID peut circuler.',
           "La clé privée FairPlay est dans le coffre, l'accès passe par une demande à la sécurité.",
           "Le mot de passe de l'encodeur a été changé après l'incident de vendredi."],
    'es': ['Alguien pegó la clave de transmisión en el canal público; ya la revocamos y generamos una nueva.',
           'Los tokens de licencia caducan a los 5 minutos, pero igual hay que rotar la clave de firma.',
           'Las credenciales del CDN están en el gestor de secretos, no en la wiki.'],
    'pt': ['A chave de assinatura das URLs foi rotacionada; as URLs antigas deixam de funcionar em 24 horas.',
           'Por favor, não mandem senhas por DM, usem o cofre da equipe.',
           'O número do cartão nunca deve aparecer nos logs de checkout do app.'],
    'it': ['La chiave privata per i cookie firmati è in Secrets Manager e ruota ogni 30 giorni.',
           'Non incollate il token del bot Slack nei runbook, usate il riferimento al vault.'],
    'nl': ['De stream key van het studio-event is gelekt, we hebben hem ingetrokken.',
           'Wachtwoorden van de encoders staan in de kluis, niet in de spreadsheet.'],
    'pl': ['Klucz prywatny do podpisywania URL-i został wymieniony, stary usuniemy po weekendzie.',
           'Nie wklejajcie tokenów licencyjnych do zgłoszeń w Jirze.'],
    'ja': ['配信キーがSlackに貼られていたので、すぐに失効させて再発行しました。',
           'DRMのコンテンツキーはKMSで管理しています。KIDは共有して大丈夫ですが、キー本体は貼らないでください。',
           'CloudFrontの署名用秘密鍵を来週ローテーションします。'],
    'zh': ['推流密钥不要发到群里，已经作废并重新生成了。', '许可证服务器的访问令牌只能放在密钥管理服务里。',
           '播放器日志里不能记录完整的JWT，只记录kid和过期时间。'],
    'ko': ['스트림 키가 채널에 노출되어 바로 폐기하고 새로 발급했습니다.', 'DRM 콘텐츠 키는 KMS에만 보관하고, KID만 공유해 주세요.',
           '인코더 관리자 비밀번호는 금고에서 확인하세요.'],
    'ru': ['Ключ трансляции утёк в общий канал, мы его отозвали и выпустили новый.',
           'Приватный ключ для подписи ссылок хранится в Vault, в репозитории только публичный.',
           'Пароль от энкодера сменили после инцидента, новый лежит в хранилище секретов.'],
    'tr': ['Yayın anahtarını kanala yapıştırmayın, kasadan paylaşın.', 'Lisans sunucusu tokenları artık loglarda maskeleniyor.'],
    'hi': ['स्ट्रीम की लीक हो गई थी, हमने उसे रद्द करके नई जारी कर दी है।', 'DRM कुंजियाँ केवल KMS में रखी जाती हैं।'],
    'ar': ['تم تدوير مفتاح التوقيع الخاص بروابط البث، لا تشاركوا المفاتيح في القناة.'],
}
ALL_TALK = [(lang, s) for lang, ss in TALK.items() for s in ss]


def ts_single():
    return pick(ALL_TALK)[1]


def ts_multi():
    lang = pick(list(TALK))
    ss = TALK[lang]
    k = min(len(ss), R.randint(2, 3))
    return ' '.join(R.sample(ss, k)) if lang in ('zh', 'ja') else ('\n' if chance(0.3) else ' ').join(R.sample(ss, k))


def ts_incident():
    what = pick(['stream key posted in #live-ops', 'license token visible in player debug logs', 'signing key committed to a feature branch',
                 'encoder admin password shared in a DM screenshot', 'CDN token key found in an old Terraform state'])
    steps = R.sample(['revoked within %d minutes' % R.randint(3, 40), 'rotated the key and redeployed', 'purged the CDN cache for the affected paths',
                      'removed the message and asked the workspace admins to purge it', 'checked access logs, no use of the old credential found',
                      'added a pre-commit secret scan to the repo', 'opened a follow-up to move the value into the vault'], R.randint(3, 5))
    return '*Incident summary* — %s\n' % what + '\n'.join('• ' + s for s in steps) + '\nNo secret values are in this thread; ask in #sec-ops if you need the details.'


def ts_qa():
    q, a = pick([('where do I get the DRM provider credentials for staging?', 'request access to the vault path, they are not shared in chat'),
                 ('can I put the CloudFront private key in the helm values?', 'no, reference the secret by name and let the CSI driver mount it'),
                 ('is the KID secret?', 'no, the KID is public and appears in the manifest; the content key is the secret'),
                 ('do we need to rotate the SRT passphrase after every event?', 'for external venues yes, for the studio links monthly'),
                 ('Darf ich das Passwort in die Rundown-Datei schreiben?', 'Nein, nur einen Verweis auf den Vault-Eintrag.'),
                 ('署名キーはどこにありますか？', 'Secrets Manager にあります。チャットには貼らないでください。')])
    return 'Q: %s\nA: %s' % (q, a)


def ts_quote_reply():
    return '> %s\n%s' % (ts_single(), pick(['+1, and please add it to the runbook', 'agreed, I will open the ticket', 'done, rotated',
                                              'einverstanden', "d'accord, je m'en occupe", 'de acuerdo', '了解です', '好的', '알겠습니다', 'принято']))


def ts_vault_error():
    return pick(['the packager pod cannot start:', 'ESO sync failing again:', 'Vault-Fehler im Deployment:']) + '\n' + fence(pick([
        'Error: secret "drm-credentials" not found',
        'error retrieving secret at path "secret/data/video/cloudfront-signer": permission denied',
        'ExternalSecret video-prod/license-proxy: could not get secret data from provider: key "srt-passphrase" does not exist',
        'sealed-secrets: no key could decrypt secret (stream-key-salt)']))


def ts_sync_notes():
    items = R.sample(['rotate the CDN token key before the tournament', 'move encoder passwords out of the shared spreadsheet',
                      'mask Authorization headers in the license proxy logs', 'audit who can read the FairPlay ASK',
                      'shorten playback token TTL to 5 minutes', 'enable secret scanning on the player repos',
                      'document the stream key revocation steps'], R.randint(3, 5))
    return '*Security sync notes*\n' + '\n'.join('%d. %s' % (i + 1, s) for i, s in enumerate(items))


def ts_regex():
    return pick(['our secret scanner regex for Slack tokens is `xox[baprs]-[0-9A-Za-z-]+`, which also matches the placeholder in the docs, we need a min length',
                 'the card-number detector should run Luhn before flagging, otherwise every 16-digit session id in the CDN logs is a hit',
                 'KIDs and SHA-256 digests keep tripping the generic high-entropy rule, can we exempt `cenc:default_KID` attributes?',
                 'Der Scanner meldet jede Base64-PSSH als Geheimnis, wir brauchen eine Ausnahme für `cenc:pssh`.'])


TS = [ts_single, ts_multi, ts_incident, ts_qa, ts_quote_reply, ts_vault_error, ts_sync_notes, ts_regex, ts_single, ts_multi]

def pn_ffmpeg_run():
    t = title().lower().replace(' ', '_')
    dur = '%02d:%02d:%02d.%02d' % (0, R.randint(20, 59), R.randint(0, 59), R.randint(0, 99))
    fr = R.randint(1000, 90000)
    lines = ["Input #0, mov,mp4,m4a,3gp,3g2,mj2, from '%s_%s_MEZZ.mov':" % (t, episode()),
             '  Duration: %s, start: 0.000000, bitrate: %d kb/s' % (dur, R.randint(80000, 400000)),
             '  Stream #0:0[0x1](und): Video: prores (HQ) (apch / 0x68637061), yuv422p10le(tv, bt709, progressive), 1920x1080, %d kb/s, SAR 1:1 DAR 16:9, 25 fps, 25 tbr, 12800 tbn (default)' % R.randint(80000, 300000),
             '  Stream #0:1[0x2](eng): Audio: pcm_s24le (in24 / 0x34326E69), 48000 Hz, 8 channels, s32 (24 bit), 9216 kb/s (default)',
             'Stream mapping:', '  Stream #0:0 -> #0:0 (prores (native) -> h264 (libx264))',
             'frame=%6d fps=%3d q=%.1f size=%8dKiB time=%s bitrate=%.1fkbits/s dup=0 drop=%d speed=%.2fx' % (
                 fr, R.randint(20, 400), R.uniform(18, 32), R.randint(1000, 900000), dur, R.uniform(800, 9000), R.randint(0, 9), R.uniform(0.5, 8))]
    return pick(['transcode log from the worker, speed is way down since the kernel update:', 'ffmpeg-Ausgabe vom Transcoder:', 'salida de ffmpeg del worker:', 'ワーカーのffmpegログ:']) + '\n' + fence('\n'.join(lines))


def pn_player_errors():
    return pick([
        'AVPlayerItem failed: Error Domain=CoreMediaErrorDomain Code=%d "(null)" (%d of %d sessions, build %d)' % (pick([-12642, -12660, -12889, -16845]), R.randint(10, 900), R.randint(1000, 90000), R.randint(1000, 9999)),
        'Shaka Error %s (%d) on %d%% of Tizen sessions since %s' % (pick([('DRM.LICENSE_REQUEST_FAILED', 6007), ('NETWORK.BAD_HTTP_STATUS', 1001), ('MEDIA.VIDEO_ERROR', 3016)]) + (R.randint(1, 40), dt_rand().strftime('%Y-%m-%d %H:%M'))),
        'ExoPlayer ERROR_CODE_IO_BAD_HTTP_STATUS (%d), HTTP %d on segment %d, retry %d/%d' % (2004, pick([403, 404, 410, 503]), R.randint(1, 99999), R.randint(1, 5), 5),
        'Roku error %d, sub-code %d, channel build %d.%d.%d' % (pick([-3, -5, -28]), R.randint(1, 9999), R.randint(1, 9), R.randint(0, 40), R.randint(1000, 99999)),
        'AVFoundationErrorDomain Code=-11800, NSOSStatusErrorDomain Code=%d, seen %d times in %d minutes' % (pick([-42681, -12971, -16170]), R.randint(10, 9000), R.randint(5, 120))])


def ci_player_errors():
    lines = ['[%s] > %s' % (iso(), pick(['[hls.js] fragLoadError: HTTP 403 while loading %s' % seg_path(),
                                          '[hls.js] keyLoadError: failed to fetch EXT-X-KEY, details=KEY_LOAD_ERROR, fatal=false',
                                          '[hls.js] levelSwitchError on level %d, ErrorTypes.NETWORK_ERROR' % R.randint(0, 6),
                                          '[shaka] Error code 6007 category DRM severity CRITICAL data=[LICENSE_REQUEST_FAILED]',
                                          '[shaka] Error code 4032 category MANIFEST: CONTENT_UNSUPPORTED_BY_BROWSER',
                                          '[dash.js] MEDIA_KEYERR_CODE 111: key system access denied',
                                          '[videojs] MEDIA_ERR_DECODE (code 3) in VhsHandler.onError'])) for _ in range(R.randint(2, 5))]
    return pick(['console from the repro on Chrome:', 'Konsole beim Reproduzieren:', 'consola del reproductor:', 'プレイヤーのコンソールログ:', '']) + '\n' + fence('\n'.join(lines))


def nb_ffprobe_format():
    fmt = {'format': {'filename': '%s.mp4' % hx(16), 'nb_streams': 2, 'format_name': 'mov,mp4,m4a,3gp,3g2,mj2', 'duration': '%.6f' % R.uniform(10, 3600),
                      'size': str(R.randint(10 ** 6, 10 ** 10)), 'tags': {'major_brand': 'isom', 'encoder': 'Lavf61.1.100', 'com.example.source_sha1': hx(40),
                                                                       'com.example.job_id': uuid4(), 'com.example.asset': asset_id()}}}
    return pick(['ffprobe of the rendition, the source hash is in the tags so we can trace it back:', 'ffprobe-Ausgabe mit Herkunfts-Hash:', '']) + '\n' + fence('$ ffprobe -v quiet -show_format -of json out.mp4\n' + json.dumps(fmt, indent=2), 'json')


PN.extend([pn_ffmpeg_run, pn_player_errors])
CI.append(ci_player_errors)
NB.append(nb_ffprobe_format)


NEG_CATS = [('non_credential_blob', NB), ('pii_lookalike_number', PN), ('data_uri_base64', DU),
            ('placeholder_example', PE), ('code_identifier', CI), ('talk_about_secrets', TS)]


# =========================================================================== POSITIVES
KINDS = ['anthropic_api_key', 'aws_access_key_id', 'aws_secret_access_key', 'credit_card', 'email_address',
         'github_classic_pat', 'github_fine_grained_pat', 'iban', 'ipv4_address', 'jwt', 'openai_api_key', 'password',
         'phone_number', 'private_key_pem', 'slack_bot_token', 'slack_user_token', 'url_credentials', 'us_ssn']


def b62enc(n):
    s = ''
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s or '0'


def g_anthropic():
    return 'sk-ant-api03-' + rs(93, ALNUM + '_-') + 'AA'


def g_aws_ak():
    while True:
        v = pick(['AKIA', 'AKIA', 'AKIA', 'ASIA']) + rs(16, UPPER + '234567')
        if 'EXAMPLE' not in v:
            return v


def g_aws_sk():
    return rs(40, ALNUM + '/+')


def g_cc():
    brand = pick(['visa', 'visa', 'mc', 'mc2', 'amex', 'discover'])
    while True:
        if brand == 'visa':
            d = luhn_complete('4', 16)
        elif brand == 'mc':
            d = luhn_complete('5' + str(R.randint(1, 5)), 16)
        elif brand == 'mc2':
            d = luhn_complete(str(R.randint(2221, 2720)), 16)
        elif brand == 'amex':
            d = luhn_complete(pick(['34', '37']), 15)
        else:
            d = luhn_complete('6011', 16)
        if d != '4242424242424242':
            break
    fmt = pick(['plain', 'space', 'dash'])
    if fmt == 'plain':
        return d
    sep = ' ' if fmt == 'space' else '-'
    if len(d) == 15:
        return sep.join([d[:4], d[4:10], d[10:]])
    return sep.join(d[i:i + 4] for i in range(0, 16, 4))


EMAIL_DOMAINS = ['brightwave-media.de', 'northlight-post.co.uk', 'kestrelcast.io', 'vireo-subtitles.fr', 'tidewatch.tv',
                 'lumen-playout.com', 'harborline-studios.net', 'cobalt-uplink.es', 'sakura-jimaku.jp', 'meridian-ott.com.br']


def g_email():
    local = pick(['noc', 'mcr-desk', 'delivery', 'qc-reports', 'ops.live', 'billing', 'captions', 'j.moreau', 'k.tanaka', 'lena.voss',
                  'r.okafor', 'uplink-booking', 'a.lindqvist', 'p.esposito', 'support+drm', 'm.kowalczyk'])
    return local + '@' + pick(EMAIL_DOMAINS)


def g_ghp():
    r = rs(30, B62)
    c = b62enc(zlib.crc32(r.encode()) & 0xFFFFFFFF).rjust(6, '0')
    return 'ghp_' + r + c


def g_ghfg():
    return 'github_pat_11' + rs(20, UPPER + DIG) + '_' + rs(59, ALNUM)


def rib_key(bank, branch, acct):
    return 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)


def g_iban():
    cc = pick(['DE', 'GB', 'FR', 'NL', 'ES', 'IT', 'BE', 'AT', 'CH', 'PL'])
    while True:
        if cc == 'DE':
            bban = rs(8, DIG) + rs(10, DIG)
        elif cc == 'GB':
            bban = pick(['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL']) + rs(6, DIG) + rs(8, DIG)
        elif cc == 'FR':
            bank, br, acct = rs(5, DIG), rs(5, DIG), rs(11, DIG)
            bban = bank + br + acct + '%02d' % rib_key(bank, br, acct)
        elif cc == 'NL':
            bban = pick(['ABNA', 'INGB', 'RABO', 'SNSB']) + rs(10, DIG)
        elif cc == 'ES':
            bban = rs(20, DIG)
        elif cc == 'IT':
            bban = rs(1, UPPER) + rs(10, DIG) + rs(12, DIG)
        elif cc == 'BE':
            ten = rs(10, DIG)
            chk = int(ten) % 97 or 97
            bban = ten + '%02d' % chk
        elif cc == 'AT':
            bban = rs(16, DIG)
        elif cc == 'CH':
            bban = rs(17, DIG)
        else:
            bban = rs(24, DIG)
        v = make_iban(cc, bban)
        if v not in ALLOWED:
            break
    if chance(0.5):
        return ' '.join(v[i:i + 4] for i in range(0, len(v), 4))
    return v


def g_jwt(kind=None):
    kind = kind or pick(['HS256', 'RS256', 'ES256'])
    hdr = {'alg': kind, 'typ': 'JWT'}
    if kind != 'HS256':
        hdr['kid'] = pick(['playback-signer-', 'lic-', 'ent-']) + hx(8)
    now = epoch()
    payload = pick([
        {'sub': 'acct_' + hx(12), 'aud': 'license.%s' % pick(CDN_HOSTS), 'kid': hx(32), 'exp': now + 300, 'iat': now, 'pol': {'hdcp': 1, 'sd_only': False}},
        {'version': 1, 'com_key_id': uuid4(), 'message': {'type': 'entitlement_message', 'version': 2, 'content_keys_source': {'inline': [{'id': uuid4()}]}}},
        {'sub': 'viewer:' + hx(16), 'asset': asset_id(), 'exp': now + 3600, 'ent': ['hd', 'live'], 'iss': 'https://entitlements.%s' % pick(CDN_HOSTS)},
        {'iss': 'cms-api', 'scope': 'assets:write thumbnails:write', 'exp': now + 86400, 'jti': uuid4()},
    ])
    sig_len = {'HS256': 32, 'RS256': 256, 'ES256': 64}[kind]
    return '%s.%s.%s' % (b64u(json.dumps(hdr, separators=(',', ':')).encode()), b64u(json.dumps(payload, separators=(',', ':')).encode()), b64u(rb(sig_len)))


def g_openai():
    k = pick(['proj', 'proj', 'legacy', 'svcacct'])
    if k == 'legacy':
        return 'sk-' + rs(20, ALNUM) + 'T3BlbkFJ' + rs(20, ALNUM)
    if k == 'svcacct':
        return 'sk-svcacct-' + rs(58, ALNUM + '_-') + 'T3BlbkFJ' + rs(58, ALNUM + '_-')
    return 'sk-proj-' + rs(58, ALNUM + '_-') + 'T3BlbkFJ' + rs(58, ALNUM + '_-')


PW_WORDS = ['Harbor', 'Copper', 'Tidal', 'Falcon', 'Meridian', 'Static', 'Lumen', 'Orbit', 'Kestrel', 'Cobalt', 'Frame', 'Relay', 'Nimbus']


def g_password():
    k = R.randint(0, 2)
    if k == 0:
        return pick(PW_WORDS) + pick(['!', '#', '%', '*', '-', '_', '.']) + pick(PW_WORDS).lower() + str(R.randint(10, 9999)) + pick(['!', '?', '#', ''])
    if k == 1:
        return rs(R.randint(14, 24), ALNUM + '!#%*-_.+')
    return '-'.join(rs(R.randint(4, 6), LOWER) for _ in range(4))


def g_urlpw():
    return rs(R.randint(12, 26), ALNUM + '-_.~')


def g_phone():
    c = pick(['US', 'UK', 'DE', 'FR', 'JP', 'KR', 'ES', 'NL', 'AU', 'BR', 'IN'])
    d = lambda n: rs(1, '23456789') + rs(n - 1, DIG)
    return {'US': lambda: pick(['+1 (%s) %s-%s' % (d(3), d(3), rs(4, DIG)), '+1 %s-%s-%s' % (d(3), d(3), rs(4, DIG)), '(%s) %s-%s' % (d(3), d(3), rs(4, DIG))]),
            'UK': lambda: pick(['+44 20 %s %s' % (d(4), rs(4, DIG)), '+44 7%s %s' % (rs(3, DIG), rs(6, DIG)), '020 %s %s' % (d(4), rs(4, DIG))]),
            'DE': lambda: pick(['+49 30 %s' % d(8), '+49 (0)89 %s-%s' % (d(4), rs(3, DIG)), '+49 151 %s' % rs(8, DIG)]),
            'FR': lambda: pick(['+33 1 %s %s %s %s' % (rs(2, DIG), rs(2, DIG), rs(2, DIG), rs(2, DIG)), '06 %s %s %s %s' % (rs(2, DIG), rs(2, DIG), rs(2, DIG), rs(2, DIG))]),
            'JP': lambda: pick(['+81 3-%s-%s' % (d(4), rs(4, DIG)), '03-%s-%s' % (d(4), rs(4, DIG)), '+81 90-%s-%s' % (d(4), rs(4, DIG))]),
            'KR': lambda: pick(['+82 2-%s-%s' % (d(4), rs(4, DIG)), '010-%s-%s' % (d(4), rs(4, DIG))]),
            'ES': lambda: '+34 91 %s %s %s' % (d(3), rs(2, DIG), rs(2, DIG)),
            'NL': lambda: '+31 20 %s %s' % (d(3), rs(4, DIG)),
            'AU': lambda: '+61 2 %s %s' % (d(4), rs(4, DIG)),
            'BR': lambda: '+55 11 9%s-%s' % (rs(4, DIG), rs(4, DIG)),
            'IN': lambda: '+91 9%s %s' % (rs(4, DIG), rs(5, DIG))}[c]()


def g_slack_bot():
    return 'xoxb-%s-%s-%s' % (rs(R.randint(11, 13), DIG), rs(13, DIG), rs(24, ALNUM))


def g_slack_user():
    return 'xoxp-%s-%s-%s-%s' % (rs(11, DIG), rs(11, DIG), rs(13, DIG), hx(32))


def g_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return '%03d-%02d-%04d' % (a, R.randint(1, 99), R.randint(1, 9999))


GEN = {'anthropic_api_key': g_anthropic, 'aws_access_key_id': g_aws_ak, 'aws_secret_access_key': g_aws_sk, 'credit_card': g_cc,
       'email_address': g_email, 'github_classic_pat': g_ghp, 'github_fine_grained_pat': g_ghfg, 'iban': g_iban,
       'ipv4_address': public_ip, 'jwt': g_jwt, 'openai_api_key': g_openai, 'password': g_password, 'phone_number': g_phone,
       'slack_bot_token': g_slack_bot, 'slack_user_token': g_slack_user, 'url_credentials': g_urlpw, 'us_ssn': g_ssn}

# single-secret templates: each takes the value, returns text
PT = {
    'anthropic_api_key': [
        lambda v: fence('# clip-tagger/.env\nANTHROPIC_API_KEY=%s\nTAGGER_MODEL=claude-sonnet\nMAX_CHAPTERS=12' % v, 'dotenv'),
        lambda v: 'chapter-marker job is getting 401s, this is the key it uses: `%s` — was it revoked?' % v,
        lambda v: fence('client = anthropic.Anthropic(api_key="%s")\nresp = client.messages.create(model=MODEL, max_tokens=800,\n    messages=[{"role": "user", "content": f"Write a 2-sentence synopsis for {asset_id}: {transcript[:4000]}"}])' % v, 'python'),
        lambda v: fence('apiVersion: v1\nkind: Secret\nmetadata:\n  name: synopsis-writer\nstringData:\n  ANTHROPIC_API_KEY: "%s"' % v, 'yaml'),
        lambda v: 'Der Synopsis-Generator läuft wieder, neuer Key: %s' % v,
        lambda v: fence('curl https://api.anthropic.com/v1/messages \\\n  -H "x-api-key: %s" \\\n  -H "anthropic-version: 2023-06-01" \\\n  -H "content-type: application/json" \\\n  -d @episode_summary_request.json' % v, 'bash'),
    ],
    'aws_access_key_id': [
        lambda v: '%s ERROR mediaconvert-submit: UnrecognizedClientException: The security token included in the request is invalid (AccessKeyId: %s)' % (iso(), v),
        lambda v: 'which IAM user is %s? it is hammering the origin bucket with ListObjectsV2 since 03:00' % v,
        lambda v: fence(json.dumps({'eventSource': 's3.amazonaws.com', 'eventName': 'GetObject', 'userIdentity': {'type': 'IAMUser', 'accessKeyId': v, 'userName': 'svc-thumbnailer'},
                                    'requestParameters': {'bucketName': 'vod-mezz-prod', 'key': '%s/source.mov' % asset_id()}}, indent=2), 'json'),
        lambda v: fence('[profile mezz-delivery]\naws_access_key_id = %s\n# secret is in the vault, ask #video-platform\nregion = %s' % (v, pick(REGIONS)), 'ini'),
        lambda v: 'La clave de acceso del encoder en el estadio es %s, la secreta te la paso por el vault' % v,
        lambda v: fence('$ aws sts get-caller-identity --debug 2>&1 | grep -i credential\nbotocore.credentials: Found credentials in environment variables.\nbotocore.auth: Calculating signature using v4 auth. AccessKeyId=%s' % v),
    ],
    'aws_secret_access_key': [
        lambda v: fence('ENCODER_ROLE=upload\nAWS_REGION=%s\nAWS_SECRET_ACCESS_KEY=%s' % (pick(REGIONS), v), 'dotenv'),
        lambda v: fence('provider "aws" {\n  region     = "%s"\n  secret_key = "%s"\n}' % (pick(REGIONS), v), 'hcl'),
        lambda v: 'secret for the delivery bucket user (the key id is in the pinned message): %s' % v,
        lambda v: fence('docker run --rm -e AWS_SECRET_ACCESS_KEY=%s -v $PWD:/work video/uploader:%s /work/%s.mxf' % (v, pick(['1.4', '2.0']), hx(8)), 'bash'),
        lambda v: 'Das Secret für den Archiv-Bucket lautet %s, bitte nach dem Upload rotieren' % v,
    ],
    'credit_card': [
        lambda v: 'CDN overage invoice bounced, finance says charge it to %s exp %02d/%02d' % (v, R.randint(1, 12), R.randint(26, 31)),
        lambda v: fence(json.dumps({'level': 'error', 'ts': iso(), 'msg': 'ppv checkout failed', 'event': 'fight-night-%d' % R.randint(1, 40), 'card_number': v, 'decline_code': 'do_not_honor'}), 'json'),
        lambda v: 'please update the card on the encoding SaaS account before Friday: %s' % v,
        lambda v: 'Karte für das Satelliten-Booking: %s, Ablauf %02d/%02d' % (v, R.randint(1, 12), R.randint(26, 31)),
        lambda v: 'a subscriber pasted their card %s into the in-app support chat, the transcript ended up in the QoE bucket' % v,
        lambda v: 'tarjeta corporativa para los créditos de la nube de transcodificación: %s' % v,
    ],
    'email_address': [
        lambda v: 'send the QC report for %s %s to %s please' % (title(), episode(), v),
        lambda v: 'Delivery contact on the post-house side: %s' % v,
        lambda v: fence(json.dumps({'ts': iso(), 'event': 'device_limit_reached', 'account': {'email': v, 'plan': 'premium'}, 'devices': R.randint(5, 9)}), 'json'),
        lambda v: fence('receivers:\n  - name: encoder-critical\n    email_configs:\n      - to: "%s"\n        send_resolved: true' % v, 'yaml'),
        lambda v: 'Les sous-titres corrigés sont à renvoyer à %s avant jeudi.' % v,
        lambda v: '字幕の修正版は %s に送ってください' % v,
    ],
    'github_classic_pat': [
        lambda v: fence('git clone https://%s@github.com/streamco-video/packager-configs.git' % v, 'bash'),
        lambda v: 'use my PAT for the release workflow for now: %s (expires Friday)' % v,
        lambda v: fence('//npm.pkg.github.com/:_authToken=%s\n@streamco-video:registry=https://npm.pkg.github.com' % v, 'ini'),
        lambda v: fence('export GITHUB_TOKEN=%s\ngh release create v%d.%d.%d dist/player-sdk.tgz' % (v, R.randint(1, 5), R.randint(0, 20), R.randint(0, 9)), 'bash'),
        lambda v: 'Token für den Mirror-Job der Player-Repos: %s' % v,
    ],
    'github_fine_grained_pat': [
        lambda v: 'fine-grained token scoped to the ladder-configs repo only: %s' % v,
        lambda v: fence('GH_TOKEN=%s\nREPO=streamco-video/encoder-profiles' % v, 'dotenv'),
        lambda v: fence('- name: push manifests\n  env:\n    GITHUB_TOKEN: %s\n  run: ./scripts/publish-golden-manifests.sh' % v, 'yaml'),
        lambda v: 'el token para el bot de los perfiles de encoder es %s' % v,
        lambda v: 'renovado o token do bot que abre PRs de ladder: %s' % v,
    ],
    'iban': [
        lambda v: 'subtitling vendor invoice, please wire to IBAN %s, reference %s' % (v, 'INV-%d' % R.randint(10000, 99999)),
        lambda v: 'Bitte die Rechnung der Untertitelagentur an IBAN %s überweisen.' % v,
        lambda v: 'RIB de la boîte de post-production : IBAN %s' % v,
        lambda v: 'pago al proveedor del enlace satelital: IBAN %s' % v,
        lambda v: 'nieuwe bankgegevens van de playout-leverancier: %s' % v,
        lambda v: fence('vendor: uplink-services\ncurrency: EUR\niban: %s\nterms: net 30' % v, 'yaml'),
    ],
    'ipv4_address': [
        lambda v: fence('\t'.join([dt_rand().strftime('%Y-%m-%d'), '12:%02d:%02d' % (R.randint(0, 59), R.randint(0, 59)), pick(POPS), str(R.randint(1000, 4000000)), v, 'GET', cf_domain(), seg_path(), '403', '-', 'ExoPlayerLib/2.19.1'])),
        lambda v: 'the viewer hammering the license server is at %s, about 40 req/s' % v,
        lambda v: 'allowlist %s/32 on the SRT listener for the stadium truck' % v,
        lambda v: fence('[tcp @ 0x%x] Connection to tcp://%s:1935 failed: Connection timed out\nrtmp://%s/live: Connection timed out' % (R.randint(0x5500000000, 0x56ffffffff), v, v)),
        lambda v: 'Die Contribution kommt heute von %s, bitte in der Firewall freigeben.' % v,
        lambda v: 'el origen de respaldo responde en %s pero el certificado no coincide' % v,
    ],
    'jwt': [
        lambda v: fence('POST /widevine/license HTTP/1.1\nHost: license.%s\nx-dt-auth-token: %s\ncontent-type: application/octet-stream' % (pick(CDN_HOSTS), v)),
        lambda v: 'this playback token fails with `aud mismatch`, can someone decode it? %s' % v,
        lambda v: fence('https://%s/vod/%s/master.m3u8?token=%s' % (pick(CDN_HOSTS), hx(8), v)),
        lambda v: fence("curl -H 'Authorization: Bearer %s' https://cms.%s/v1/assets/%s/thumbnails" % (v, pick(CDN_HOSTS), asset_id()), 'bash'),
        lambda v: 'Lizenztoken aus dem Player-Log: %s' % v,
    ],
    'openai_api_key': [
        lambda v: fence('OPENAI_API_KEY=%s\nWHISPER_MODEL=whisper-1\nCAPTION_LANGS=en,de,es' % v, 'dotenv'),
        lambda v: 'the auto-caption worker key is %s, it hit the quota again' % v,
        lambda v: fence('client = OpenAI(api_key="%s")\nwith open("audio_%s.m4a", "rb") as f:\n    tr = client.audio.transcriptions.create(model="whisper-1", file=f, response_format="vtt")' % (v, hx(6)), 'python'),
        lambda v: 'Clé pour la transcription automatique : %s' % v,
        lambda v: '自動字幕用のキーです: %s' % v,
    ],
    'password': [
        lambda v: 'login for the Harmonic in MCR rack 3: user `admin`, password `%s`' % v,
        lambda v: fence('wowza:\n  host: wowza-01.internal\n  admin_user: streamadmin\n  admin_password: "%s"' % v, 'yaml'),
        lambda v: fence('ENCODER_API_USER=ops\nENCODER_API_PASSWORD=%s' % v, 'dotenv'),
        lambda v: fence('spring.datasource.url=jdbc:postgresql://cms-db.internal:5432/cms\nspring.datasource.username=cms_app\nspring.datasource.password=%s' % v, 'properties'),
        lambda v: 'Passwort für das Playout-System (Studio B): %s' % v,
        lambda v: 'srt passphrase for tonight\'s feed: %s (the venue has it too)' % v,
        lambda v: fence('Server=sql-traffic.internal;Database=Traffic;User Id=traffic_app;Password=%s;Encrypt=True;' % v),
    ],
    'phone_number': [
        lambda v: 'MCR hotline if the feed drops during the match: %s' % v,
        lambda v: 'satellite uplink booking desk: %s (24/7)' % v,
        lambda v: 'Bereitschaft der Sendeabwicklung heute: %s' % v,
        lambda v: 'le numéro de la régie pour le direct : %s' % v,
        lambda v: '中継車の連絡先: %s' % v,
        lambda v: fence('escalation:\n  - level: 1\n    channel: "#live-ops"\n  - level: 2\n    phone: "%s"' % v, 'yaml'),
    ],
    'slack_bot_token': [
        lambda v: fence('SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#encoder-alerts' % v, 'dotenv'),
        lambda v: fence('curl -X POST https://slack.com/api/chat.postMessage \\\n  -H "Authorization: Bearer %s" \\\n  -d channel=C0%s -d text="ingest %s lost input"' % (v, rs(8, UPPER + DIG), pick(CHANNELS)), 'bash'),
        lambda v: fence('client = WebClient(token="%s")\nclient.chat_postMessage(channel="#live-ops", text=f"SCTE-35 cue missed on {channel}")' % v, 'python'),
        lambda v: 'the watchdog bot token is %s, rotate it after the event' % v,
        lambda v: 'Token des Alarm-Bots: %s' % v,
    ],
    'slack_user_token': [
        lambda v: 'my user token for the export script: %s' % v,
        lambda v: fence('SLACK_USER_TOKEN=%s  # for the channel archive export' % v, 'dotenv'),
        lambda v: fence("curl -H 'Authorization: Bearer %s' 'https://slack.com/api/conversations.history?channel=C0%s&limit=200'" % (v, rs(8, UPPER + DIG)), 'bash'),
        lambda v: 'token de usuario para el script de archivo: %s' % v,
        lambda v: 'ユーザートークン（エクスポート用）: %s' % v,
    ],
    'url_credentials': [
        lambda v: fence('ffmpeg -rtsp_transport tcp -i "rtsp://camops:%s@cam-north.venue.internal:554/stream1" -c copy -f mpegts "srt://%s:9000"' % (v, priv_ip()), 'bash'),
        lambda v: fence('DATABASE_URL=postgres://asset_svc:%s@cms-db.internal:5432/assets' % v, 'dotenv'),
        lambda v: 'deliveries go to ftp://deliveries:%s@ftp.%s/incoming/' % (v, pick(EMAIL_DOMAINS)),
        lambda v: fence('icecast://source:%s@radio-origin.internal:8000/live.mp3' % v),
        lambda v: fence('REDIS_URL=redis://:%s@session-cache.internal:6379/2' % v, 'dotenv'),
        lambda v: 'Der Mongo-String für die Metadaten: mongodb+srv://meta_rw:%s@meta-cluster.internal/catalog' % v,
        lambda v: fence('amqps://transcode:%s@mq.internal:5671/jobs' % v),
    ],
    'us_ssn': [
        lambda v: 'freelance camera op onboarding: W-9 says SSN %s, please file it in the payroll system, not here' % v,
        lambda v: fence('crew_id,role,ssn,day_rate\nFR-%d,A-cam operator,%s,%d' % (R.randint(100, 999), v, pick([650, 800, 950])), 'csv'),
        lambda v: 'a viewer pasted their SSN %s into the support chat asking about a PPV refund' % v,
        lambda v: 'for the 1099 of the remote graphics freelancer: SSN %s' % v,
        lambda v: 'el formulario W-9 del técnico de audio trae el SSN %s' % v,
    ],
}


def pem_block(label, lines):
    return '-----BEGIN %s-----\n%s\n-----END %s-----' % (label, '\n'.join(lines), label)


def p_pem(idx):
    """returns (text, value, context)"""
    layouts = [('rsa', 'plain'), ('pkcs8', 'plain'), ('ec', 'plain'), ('ed25519', 'plain'), ('openssh', 'plain'),
               ('rsa', 'json'), ('ec', 'yaml'), ('pkcs8', 'yaml'), ('openssh', 'plain')]
    kind, lay = layouts[idx % len(layouts)]
    label, lines = pem_key(kind)
    if lay == 'plain':
        value = '\n'.join(lines)
        lead = pick({'rsa': ['CloudFront signing key for the new key group, please install it on the signer:',
                             'FairPlay private key from the Apple portal, need it on the KSM host:', 'clé privée du signataire d\'URL :'],
                     'pkcs8': ['CloudFront signing key (PKCS#8) for the new key group:', 'TLS key for the license server, the cert is already in ACM:',
                               'Schlüssel für den URL-Signierer:'],
                     'ec': ['JWT signing key for playback tokens (ES256):', 'ES256-Schlüssel für die Playback-Tokens:'],
                     'ed25519': ['manifest signing key for the packager (Ed25519):', 'clave para firmar los manifiestos:'],
                     'openssh': ['ssh key for the encoders in MCR:', 'Schlüssel für den Packager-Host:', 'MCRのエンコーダー用SSH鍵:']}[kind])
        text = lead + '\n' + fence(pem_block(label, lines))
    elif lay == 'json':
        value = '\\n'.join(lines)
        text = fence(json.dumps({'key_pair_id': 'K' + rs(13, UPPER + DIG), 'private_key': 'PLACEHOLDER'}, indent=2).replace(
            '"PLACEHOLDER"', '"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n"' % (label, value, label)), 'json')
        text = 'signer config as stored in the parameter store:\n' + text
    else:
        ind = '    '
        value = ('\n' + ind).join(lines)
        text = fence('apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\nstringData:\n  key.pem: |\n%s-----BEGIN %s-----\n%s%s\n%s-----END %s-----' % (
            pick(['playback-signer', 'fps-ksm', 'token-signer']), ind, label, ind, value, ind, label), 'yaml')
    return text, value, 'private_key_pem:%s:%s' % (kind, lay)


# pair templates: (kind1, kind2, name, fn(v1, v2) -> text)
def _pair_aws(a, s):
    return pick([fence('[mediaconvert-prod]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = %s' % (a, s, pick(REGIONS)), 'ini'),
                 fence('export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync ./renditions s3://vod-origin-prod/%s/' % (a, s, asset_id()), 'bash'),
                 fence('s3 = boto3.client("s3", aws_access_key_id="%s",\n                  aws_secret_access_key="%s")' % (a, s), 'python')])


PAIRS = [
    ('aws_access_key_id', 'aws_secret_access_key', 'aws_credentials', _pair_aws),
    ('email_address', 'phone_number', 'vendor_contact', lambda e, p: 'uplink provider NOC for the weekend: %s / %s' % (e, p)),
    ('slack_bot_token', 'slack_user_token', 'slack_tokens', lambda b, u: fence('SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s' % (b, u), 'dotenv')),
    ('url_credentials', 'password', 'compose', lambda u, p: fence('services:\n  cms:\n    environment:\n      DATABASE_URL: postgres://cms:%s@db:5432/cms\n      ADMIN_PASSWORD: "%s"' % (u, p), 'yaml')),
    ('private_key_pem', 'ipv4_address', 'ssh_encoder', None),
    ('credit_card', 'email_address', 'billing', lambda c, e: 'CDN billing: card %s, invoices go to %s' % (c, e)),
    ('iban', 'phone_number', 'vendor_bank', lambda i, p: 'Playout-Dienstleister, neue Bankverbindung %s, Rückfragen unter %s' % (i, p)),
    ('jwt', 'openai_api_key', 'caption_debug', lambda j, o: 'caption service debug: incoming token %s, upstream key %s' % (j, o)),
    ('anthropic_api_key', 'github_fine_grained_pat', 'tagger_env', lambda a, g: fence('ANTHROPIC_API_KEY=%s\nGITHUB_TOKEN=%s' % (a, g), 'dotenv')),
    ('github_classic_pat', 'slack_bot_token', 'ci_env', lambda g, s: fence('env:\n  GH_TOKEN: %s\n  SLACK_BOT_TOKEN: %s' % (g, s), 'yaml')),
    ('us_ssn', 'email_address', 'freelancer', lambda s, e: 'new freelancer for the sports graphics: SSN %s, contact %s' % (s, e)),
    ('jwt', 'ipv4_address', 'license_log', lambda j, i: fence('%s WARN license-proxy denied client=%s token=%s reason=expired' % (iso(), i, j))),
    ('openai_api_key', 'anthropic_api_key', 'ai_keys', lambda o, a: fence('translate_subs:\n  openai_key: %s\n  anthropic_key: %s' % (o, a), 'yaml')),
]
PAIR_PLAN = [0, 0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12]


def pair_pem_ip(ip):
    label, lines = pem_key(pick(['openssh', 'rsa']))
    value = '\n'.join(lines)
    text = 'encoder in the cloud is at %s, key below, user `ops`:\n%s' % (ip, fence(pem_block(label, lines)))
    return text, value


# =========================================================================== validation + driver
def validate(kind, v):
    if kind == 'credit_card':
        d = re.sub(r'[ -]', '', v)
        return d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d) and d not in ALLOWED
    if kind == 'iban':
        s = v.replace(' ', '')
        return iban_mod97(s) and s not in ALLOWED
    if kind == 'us_ssn':
        return ssn_valid(v)
    if kind == 'ipv4_address':
        return ip_is_public(v)
    if kind == 'jwt':
        parts = v.split('.')
        if len(parts) != 3:
            return False
        for p in parts[:2]:
            json.loads(base64.urlsafe_b64decode(p + '=' * (-len(p) % 4)))
        return True
    if kind == 'private_key_pem':
        raw = base64.b64decode(re.sub(r'\\n|\s', '', v), validate=True)
        return raw[:1] == b'\x30' or raw.startswith(b'openssh-key-v1\x00')
    if kind == 'github_classic_pat':
        r, c = v[4:34], v[34:]
        return len(v) == 40 and b62enc(zlib.crc32(r.encode()) & 0xFFFFFFFF).rjust(6, '0') == c
    if kind == 'github_fine_grained_pat':
        return re.fullmatch(r'github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}', v) is not None
    if kind == 'email_address':
        return RX_EMAIL.fullmatch(v) is not None
    if kind == 'aws_access_key_id':
        return re.fullmatch(r'(AKIA|ASIA)[A-Z2-7]{16}', v) is not None and 'EXAMPLE' not in v
    if kind == 'aws_secret_access_key':
        return re.fullmatch(r'[A-Za-z0-9/+]{40}', v) is not None
    if kind == 'anthropic_api_key':
        return re.fullmatch(r'sk-ant-api03-[A-Za-z0-9_-]{93}AA', v) is not None
    if kind == 'openai_api_key':
        return v.startswith('sk-') and 'T3BlbkFJ' in v
    if kind == 'slack_bot_token':
        return re.fullmatch(r'xoxb-\d+-\d+-[A-Za-z0-9]{24}', v) is not None
    if kind == 'slack_user_token':
        return re.fullmatch(r'xoxp-\d+-\d+-\d+-[0-9a-f]{32}', v) is not None
    if kind == 'phone_number':
        return RX_PHONE.search(v) is not None or re.fullmatch(r'0\d{1,2}[ -]\d{2,4}[ -]\d{2,4}(?:[ -]\d{2}){0,3}', v) is not None
    if kind == 'url_credentials':
        return re.fullmatch(r'[A-Za-z0-9._~-]+', v) is not None
    if kind == 'password':
        return len(v) >= 10
    raise ValueError(kind)


def residual_hits(text, values):
    t = text
    for v in sorted(values, key=len, reverse=True):
        t = t.replace(v, ' [LABELLED] ')
    # the documented public examples are not allowed in positives either
    extra = [('doc_example', x) for x in ('AKIAIOSFODNN7EXAMPLE', 'EXAMPLEKEY', '4242 4242', '4242424242424242') if x in t]
    return scan(t) + extra


def build_negatives():
    out = []
    seen = set()
    stats = {}
    for cat, funcs in NEG_CATS:
        n = 0
        i = 0
        rejected = 0
        while n < 100:
            f = funcs[i % len(funcs)]
            i += 1
            for _ in range(300):
                text = decorate(f().strip())
                if text in seen:
                    rejected += 1
                    continue
                if scan(text):
                    rejected += 1
                    continue
                break
            else:
                raise RuntimeError('template %s cannot produce a clean text' % f.__name__)
            seen.add(text)
            out.append({'text': text, 'category': cat})
            n += 1
        stats[cat] = rejected
    R.shuffle(out)
    recs = []
    for k, r in enumerate(out, 1):
        recs.append({'id': 'h33n-%04d' % k, 'text': r['text'], 'category': r['category']})
    return recs, stats


def build_positives():
    counts = {k: 0 for k in KINDS}
    for i in range(170):
        counts[KINDS[i % len(KINDS)]] += 1
    pair_use = {k: 0 for k in KINDS}
    for pi in PAIR_PLAN:
        pair_use[PAIRS[pi][0]] += 1
        pair_use[PAIRS[pi][1]] += 1
    singles = {k: counts[k] - pair_use[k] for k in KINDS}
    out = []
    seen = set()

    def accept(text, secrets, ctx):
        if text in seen:
            return False
        for s in secrets:
            if s['value'] not in text or not validate(s['kind'], s['value']):
                return False
        if residual_hits(text, [s['value'] for s in secrets]):
            return False
        seen.add(text)
        out.append({'text': text, 'secrets': secrets, 'context': ctx})
        return True

    for kind in KINDS:
        for i in range(singles[kind]):
            for _ in range(200):
                if kind == 'private_key_pem':
                    text, value, ctx = p_pem(i)
                    text = decorate(text, 0.08, 0.04)
                else:
                    tl = PT[kind]
                    ti = i % len(tl)
                    value = GEN[kind]()
                    text = decorate(tl[ti](value).strip(), 0.08, 0.04)
                    ctx = '%s:t%d' % (kind, ti)
                if accept(text, [{'kind': kind, 'value': value}], ctx):
                    break
            else:
                raise RuntimeError('positive %s stuck' % kind)
    for n, pi in enumerate(PAIR_PLAN):
        k1, k2, name, fn = PAIRS[pi]
        for _ in range(200):
            if k1 == 'private_key_pem':
                v2 = GEN[k2]()
                text, v1 = pair_pem_ip(v2)
            else:
                v1, v2 = GEN[k1](), GEN[k2]()
                text = fn(v1, v2)
            text = decorate(text.strip(), 0.08, 0.04)
            if accept(text, [{'kind': k1, 'value': v1}, {'kind': k2, 'value': v2}], 'multi:%s:%d' % (name, n)):
                break
        else:
            raise RuntimeError('pair stuck')
    R.shuffle(out)
    recs = []
    for k, r in enumerate(out, 1):
        recs.append({'id': 'h33p-%04d' % k, 'text': r['text'], 'secrets': r['secrets'], 'context': r['context']})
    return recs, counts


def main():
    neg, stats = build_negatives()
    pos, counts = build_positives()
    assert len(neg) == 600 and len({r['text'] for r in neg}) == 600
    assert len(pos) == 150 and sum(len(r['secrets']) for r in pos) == 170
    assert sum(1 for r in pos if len(r['secrets']) == 2) == 20
    for r in neg:
        assert not scan(r['text']), r['id']
    for r in pos:
        for s in r['secrets']:
            assert s['value'] in r['text']
    with open(os.path.join(HERE, 'redaction33_negatives.jsonl'), 'w', encoding='utf-8') as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    with open(os.path.join(HERE, 'redaction33_positives.jsonl'), 'w', encoding='utf-8') as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    print('negatives: 600, redraws per category:', stats)
    print('positives: %d texts, %d secrets; per kind: %s' % (len(pos), sum(len(r['secrets']) for r in pos), counts))


if __name__ == '__main__':
    main()
