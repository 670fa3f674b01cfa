#!/usr/bin/env python3
"""Blind redaction test set #67: hospital-group pharmacy & clinical-lab IT Slack (PL / CZ / GR).
Standard library only. Deterministic: the only randomness is random.Random(67 * 101)."""
import base64, binascii, json, os, re, struct, unicodedata, zlib

import random
N = 67
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

def ch(seq):
    return R.choice(seq)

def dig(n, first=None):
    s = (first if first is not None else str(R.randint(1, 9))) + ''.join(str(R.randint(0, 9)) for _ in range(n - 1))
    return s[:n]

ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
def rs(n, alpha=ALNUM):
    return ''.join(R.choice(alpha) for _ in range(n))
def hexs(n):
    return rs(n, '0123456789abcdef')
def b64(b):
    return base64.b64encode(b).decode()
def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip('=')
def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))
def uuid4():
    h = hexs(32)
    h = h[:12] + '4' + h[13:16] + ch('89ab') + h[17:]
    return '%s-%s-%s-%s-%s' % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])

# ---------------------------------------------------------------- checksums
def luhn_ok(s):
    t = 0
    for i, c in enumerate(reversed(s)):
        d = int(c)
        if i % 2:
            d *= 2
            if d > 9: d -= 9
        t += d
    return t % 10 == 0
def luhn_complete(p):
    for c in '0123456789':
        if luhn_ok(p + c): return p + c
def iban_ok(s):
    s = s.replace(' ', '')
    if not re.fullmatch(r'[A-Z]{2}\d{2}[A-Z0-9]{10,30}', s): return False
    r = s[4:] + s[:4]
    return int(''.join(str(int(c, 36)) for c in r)) % 97 == 1
def iban_make(cc, bban):
    r = bban + cc + '00'
    n = int(''.join(str(int(c, 36)) for c in r))
    return cc + '%02d' % (98 - n % 97) + bban
def group4(s):
    return ' '.join(s[i:i + 4] for i in range(0, len(s), 4))
def pesel_ok(s):
    if not re.fullmatch(r'\d{11}', s): return False
    w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]
    c = (10 - sum(int(a) * b for a, b in zip(s, w)) % 10) % 10
    if c != int(s[10]): return False
    mm = int(s[2:4]) % 20; dd = int(s[4:6])
    return 1 <= mm <= 12 and 1 <= dd <= 31
def amka_ok(s):
    if not re.fullmatch(r'\d{11}', s): return False
    dd, mm = int(s[0:2]), int(s[2:4])
    return 1 <= dd <= 31 and 1 <= mm <= 12 and luhn_ok(s)
def rc_ok(s):  # Czech birth number, 10 digits, mod 11
    s = s.replace('/', '')
    if not re.fullmatch(r'\d{10}', s): return False
    mm = int(s[2:4]) % 50; mm = mm - 20 if mm > 20 else mm
    dd = int(s[4:6])
    return 1 <= mm <= 12 and 1 <= dd <= 31 and (int(s) % 11 == 0 or (int(s[:9]) % 11 == 10 and s[9] == '0'))
def afm_ok(s):
    if not re.fullmatch(r'\d{9}', s) or s == '000000000': return False
    t = sum(int(s[i]) * 2 ** (8 - i) for i in range(8))
    return t % 11 % 10 == int(s[8])

# ---------------------------------------------------------------- scanner
PH_PLCZ = {(9,), (3, 3, 3), (2, 3, 2, 2), (2, 3, 4), (2, 7), (3, 2, 2, 2), (2, 2, 3, 2), (3, 6), (3, 3, 1, 2), (2, 3, 2, 2)}
PH_GR = {(10,), (3, 3, 4), (3, 7), (4, 6), (2, 4, 4), (3, 4, 3), (4, 3, 3), (5, 5), (3, 3, 2, 2), (2, 2, 3, 3), (3, 2, 2, 3)}
PH_NANP = {(10,), (3, 3, 4), (3, 7)}
def _cc_rest(D):
    for cc, ln in (('420', 9), ('48', 9), ('30', 10), ('1', 10)):
        if D.startswith(cc) and len(D) == len(cc) + ln:
            rest = D[len(cc):]
            if cc == '1' and not (rest[0] in '23456789' and rest[3] in '23456789'): continue
            if cc == '30' and not (rest[0] == '2' or rest.startswith('69')): continue
            if cc in ('48', '420') and rest[0] == '0': continue
            return True
    return False
def phone_groups_hit(groups, plus):
    n = len(groups)
    for i in range(n):
        for j in range(i + 1, min(n, i + 7) + 1):
            sub = groups[i:j]; D = ''.join(sub); sizes = tuple(len(g) for g in sub)
            if len(D) < 9 or len(D) > 15: continue
            if plus[i] and _cc_rest(D): return D
            if D.startswith('00') and _cc_rest(D[2:]): return D
            if len(D) == 9 and D[0] != '0' and sizes in PH_PLCZ: return D
            if len(D) == 10 and D[0] == '0' and D[1] != '0' and (sizes[0] == 1 or sizes[0] == 3 or len(sub) > 1): return D
            if len(D) == 10 and (D[0] == '2' or D.startswith('69')) and sizes in PH_GR: return D
            if len(D) == 10 and D[0] in '23456789' and D[3] in '23456789' and sizes in PH_NANP: return D
            if len(D) == 11 and D[0] == '1' and sizes in {(1, 3, 3, 4), (11,)} and D[1] in '23456789' and D[4] in '23456789': return D
    return None
PH_SPAN = re.compile(r'(?:\+|\(\+)?\d[\d().\-/ ]*\d\)?')
def find_phones(t):
    out = []
    for m in PH_SPAN.finditer(t):
        sp = m.group(0)
        groups, plus = [], []
        for g in re.finditer(r'\d+', sp):
            groups.append(g.group(0))
            pre = sp[max(0, g.start() - 2):g.start()]
            plus.append('+' in pre)
        h = phone_groups_hit(groups, plus)
        if h: out.append(h)
    return out
PUBLIC_EXCL = [('0.0.0.0', 8), ('10.0.0.0', 8), ('100.64.0.0', 10), ('127.0.0.0', 8), ('169.254.0.0', 16), ('172.16.0.0', 12),
               ('192.0.0.0', 24), ('192.0.2.0', 24), ('192.88.99.0', 24), ('192.168.0.0', 16), ('198.18.0.0', 15),
               ('198.51.100.0', 24), ('203.0.113.0', 24), ('224.0.0.0', 4), ('240.0.0.0', 4)]
def ip_int(s):
    a = [int(x) for x in s.split('.')]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]
def ip_public(s):
    v = ip_int(s)
    for net, bits in PUBLIC_EXCL:
        m = (0xFFFFFFFF << (32 - bits)) & 0xFFFFFFFF
        if v & m == ip_int(net): return False
    return True
PLACEHOLDER_PW = {'password', 'passwd', 'pass', 'pw', 'changeme', 'secret', 'guest', 'admin', 'root', 'postgres', 'user',
                  'haslo', 'heslo', 'xxx', 'xxxx', 'xxxxxx', 'xxxxxxxx', '***', '****', '*****', '******', '********', 'redacted',
                  'your_password', 'yourpassword', 'pwd', 'test', 'example', 'mirth', 'sa'}
def pw_placeholder(p):
    pl = p.lower()
    return (pl in PLACEHOLDER_PW or re.fullmatch(r'[*x•.]+|<[^>]*>|\$\{[^}]*\}|\$[A-Z_]+|\{\{[^}]*\}\}|%[A-Z_]+%|\[[A-Z_]+\]', p) is not None)

def norm_digits(t):
    o = []
    for c in t:
        if ord(c) > 127 and c.isdigit():
            try: o.append(str(unicodedata.decimal(c))); continue
            except (TypeError, ValueError): pass
        o.append(c)
    return ''.join(o)

def scan(text):
    t = norm_digits(text)
    hits = []
    for m in re.finditer(r'[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}', t):
        hits.append(('email', m.group(0)))
    for m in re.finditer(r'gh[pousr]_[A-Za-z0-9]{30,}', t):
        body = m.group(0)[4:]
        if len(set(body)) > 1: hits.append(('github', m.group(0)))
    for m in re.finditer(r'github_pat_[A-Za-z0-9_]{20,}', t):
        if len(set(m.group(0)[11:])) > 2: hits.append(('github', m.group(0)))
    for m in re.finditer(r'xox[abposrte]-\d+-[A-Za-z0-9-]+', t):
        if not re.search(r'X{3,}$', m.group(0)): hits.append(('slack', m.group(0)))
    for m in re.finditer(r'sk-[A-Za-z0-9_-]{32,}', t):
        hits.append(('sk', m.group(0)))
    for m in re.finditer(r'eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}', t):
        hits.append(('jwt', m.group(0)))
    for m in re.finditer(r'(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)', t):
        hits.append(('ssn', m.group(0)))
    for m in re.finditer(r'\d+(?:[ -]\d+)*', t):
        gs = re.split(r'[ -]', m.group(0))
        for i in range(len(gs)):
            acc = ''
            for j in range(i, len(gs)):
                acc += gs[j]
                if len(acc) > 19: break
                if 13 <= len(acc) <= 19 and luhn_ok(acc): hits.append(('luhn', acc))
    for m in re.finditer(r'(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}', t):
        s = m.group(0).replace(' ', '')
        for L in range(len(s), 13, -1):
            if iban_ok(s[:L]): hits.append(('iban', s[:L])); break
    for m in re.finditer(r'(?<!\d)\d{2}(?: ?\d{4}){6}(?!\d)', t):  # Polish NRB
        s = m.group(0).replace(' ', '')
        if iban_ok('PL' + s): hits.append(('iban_nrb', s))
    for m in re.finditer(r'-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(.*?)(?:-----END|$)', t, re.S):
        body = m.group(1)
        if '...' in body or '…' in body: continue
        if re.search(r'[A-Za-z0-9+/=]{40,}', body.replace('\\n', '\n')): hits.append(('pem', body))
    for m in re.finditer(r'(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])', t):
        if 'EXAMPLE' not in m.group(0): hits.append(('aws_id', m.group(0)))
    for m in re.finditer(r'(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.]*\d)', t):
        if all(int(x) <= 255 for x in m.groups()) and ip_public(m.group(0)): hits.append(('ipv4', m.group(0)))
    for m in re.finditer(r'[a-z][a-z0-9+.-]*://([^/\s:@]+):([^/\s@]+)@', t):
        if not pw_placeholder(m.group(2)): hits.append(('url_cred', m.group(2)))
    for p in find_phones(t):
        hits.append(('phone', p))
    for m in re.finditer(r'(?<!\d)\d{11}(?!\d)', t):
        if pesel_ok(m.group(0)): hits.append(('pesel', m.group(0)))
        if amka_ok(m.group(0)): hits.append(('amka', m.group(0)))
    for m in re.finditer(r'(?<!\d)\d{6}/?\d{4}(?!\d)', t):
        if rc_ok(m.group(0)): hits.append(('rodne_cislo', m.group(0)))
    for m in re.finditer(r'(?<!\d)\d{9}(?!\d)', t):
        if afm_ok(m.group(0)): hits.append(('afm', m.group(0)))
    return hits

# ---------------------------------------------------------------- real bytes
def png(w, h, rgb=True):
    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    ct = 2 if rgb else 6
    bpp = 3 if rgb else 4
    col = rbytes(bpp)
    raw = b''.join(b'\x00' + col * w for _ in range(h))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, ct, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
def gif1():
    c = rbytes(3)
    return b'GIF89a\x01\x00\x01\x00\x80\x00\x00' + c + b'\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;'
def bmp(w, h):
    row = (rbytes(3) * w)
    pad = (4 - len(row) % 4) % 4
    px = (row + b'\x00' * pad) * h
    hdr = b'BM' + struct.pack('<IHHI', 54 + len(px), 0, 0, 54) + struct.pack('<IiiHHIIiiII', 40, w, h, 1, 24, 0, len(px), 2835, 2835, 0, 0)
    return hdr + px
def wav(ms):
    n = 8000 * ms // 1000
    data = bytes(128 + (R.randint(-20, 20) if i % 8 else 0) for i in range(n))
    return b'RIFF' + struct.pack('<I', 36 + n) + b'WAVEfmt ' + struct.pack('<IHHIIHH', 16, 1, 1, 8000, 8000, 1, 8) + b'data' + struct.pack('<I', n) + data
def pdf(text):
    stream = ('BT /F1 11 Tf 40 780 Td (%s) Tj ET' % text).encode('latin-1', 'replace')
    objs = [b'<< /Type /Catalog /Pages 2 0 R >>', b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
            b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
            b'<< /Length ' + str(len(stream)).encode() + b' >>\nstream\n' + stream + b'\nendstream',
            b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>']
    out = b'%PDF-1.4\n'; offs = []
    for i, o in enumerate(objs):
        offs.append(len(out)); out += b'%d 0 obj\n' % (i + 1) + o + b'\nendobj\n'
    x = len(out)
    out += b'xref\n0 6\n0000000000 65535 f \n' + b''.join(b'%010d 00000 n \n' % o for o in offs)
    out += b'trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % x
    return out
SVG_ICONS = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="3" y="9" width="18" height="6" rx="3" fill="%s"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M6 1h4v5l4 8H2l4-8z" fill="%s"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8" stroke="%s" fill="none"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 8"><path d="M0 0h2v8H0zm4 0h1v8H4zm3 0h3v8H7z" fill="%s"/></svg>',
]
def svg():
    return ch(SVG_ICONS) % ('#%s' % hexs(6))
def sourcemap():
    f = ch(['lis-worklist.ts', 'apteka-koszyk.tsx', 'vysledky.vue', 'syntagi-form.js'])
    m = {"version": 3, "file": f.rsplit('.', 1)[0] + '.js', "sources": ["../src/" + f], "names": ["render", "sampleId", "atc"],
         "mappings": "AAAA,SAASA,GAAGC;IACjB,OAAO" + rs(6, 'ACEGIKMOQSUWYacegikmoqsuwy')}
    return json.dumps(m, separators=(',', ':')).encode()

# ---------------------------------------------------------------- DER / PEM
def der_len(n):
    if n < 128: return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, 'big')
    return bytes([0x80 | len(b)]) + b
def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body
def der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), 'big')
    return der(0x02, b)
def rand_int(bits):
    return R.getrandbits(bits) | (1 << (bits - 1)) | 1
def pem_ec():
    priv = rbytes(32); pub = b'\x04' + rbytes(64)
    body = der_int(1) + der(0x04, priv) + der(0xa0, bytes.fromhex('06082a8648ce3d030107')) + der(0xa1, der(0x03, b'\x00' + pub))
    return 'EC PRIVATE KEY', der(0x30, body)
def pem_ed():
    return 'PRIVATE KEY', bytes.fromhex('302e020100300506032b657004220420') + rbytes(32)
def pem_rsa(bits=1024):
    n = rand_int(bits); p = rand_int(bits // 2); q = rand_int(bits // 2)
    parts = [0, n, 65537, rand_int(bits - 2), p, q, rand_int(bits // 2 - 1), rand_int(bits // 2 - 1), rand_int(bits // 2 - 1)]
    return 'RSA PRIVATE KEY', der(0x30, b''.join(der_int(x) for x in parts))
def pem_openssh():
    def sstr(b): return struct.pack('>I', len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b'ssh-ed25519') + sstr(pub)
    ci = rbytes(4)
    priv = ci + ci + pubblob + sstr(rbytes(32) + pub) + sstr(('lis-deploy@' + ch(['krakow', 'brno', 'thessaloniki'])).encode())
    k = 1
    while len(priv) % 8: priv += bytes([k]); k += 1
    blob = b'openssh-key-v1\x00' + sstr(b'none') + sstr(b'none') + sstr(b'') + struct.pack('>I', 1) + sstr(pubblob) + sstr(priv)
    return 'OPENSSH PRIVATE KEY', blob
def pem_lines(kind):
    label, blob = {'ec': pem_ec, 'ed': pem_ed, 'rsa': pem_rsa, 'rsa2': lambda: pem_rsa(2048), 'ssh': pem_openssh}[kind]()
    s = b64(blob); w = 70 if kind == 'ssh' else 64
    return label, [s[i:i + w] for i in range(0, len(s), w)]

# ---------------------------------------------------------------- secret value generators
B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
def gh_classic():
    body = rs(30)
    c = zlib.crc32(body.encode()) & 0xffffffff; e = ''
    while c: e = B62[c % 62] + e; c //= 62
    return 'ghp_' + body + e.rjust(6, '0')
def gh_fine():
    return 'github_pat_11' + rs(20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') + '_' + rs(59)
def slack_bot():
    return 'xoxb-%s-%s-%s' % (dig(R.randint(10, 12)), dig(13), rs(24))
def slack_user():
    return 'xoxp-%s-%s-%s-%s' % (dig(R.randint(10, 12)), dig(R.randint(10, 12)), dig(13), hexs(32))
URLS = ALNUM + '_-'
def openai_key():
    k = R.randint(0, 2)
    if k == 0: return 'sk-proj-' + rs(58, URLS) + 'T3BlbkFJ' + rs(58, URLS)
    if k == 1: return 'sk-' + rs(20) + 'T3BlbkFJ' + rs(20)
    return 'sk-svcacct-' + rs(58, URLS) + 'T3BlbkFJ' + rs(58, URLS)
def anthropic_key():
    return 'sk-ant-api03-' + rs(93, URLS) + 'AA'
def aws_id():
    return ch(['AKIA', 'AKIA', 'ASIA']) + rs(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')
def aws_secret():
    return rs(40, ALNUM + '/+')
def jwt():
    rsa = R.random() < 0.5
    hdr = {"alg": "RS256", "typ": "JWT", "kid": hexs(16)} if rsa else {"alg": "HS256", "typ": "JWT"}
    iat = R.randint(1764000000, 1767000000)
    iss = ch(['https://sso.szpital-grupa.pl/realms/lis', 'https://idp.nemocnice-brno.cz', 'https://auth.iatriko-thess.gr/oauth2',
              'https://keycloak.apteka-centralna.pl/realms/farmacja'])
    pl = {"iss": iss, "sub": uuid4(), "aud": ch(["lis-api", "his-gateway", "fhir-r4", "eapteka"]), "iat": iat, "exp": iat + ch([300, 900, 3600]),
          "scope": ch(["openid lab.read", "patient/Observation.read", "erecepta.write", "orders:submit"])}
    if R.random() < 0.5: pl["preferred_username"] = ch(['lab.tech07', 'farm.admin', 'mirth-svc', 'hl7-bridge'])
    sig = rbytes(256 if rsa else 32)
    return b64u(json.dumps(hdr, separators=(',', ':')).encode()) + '.' + b64u(json.dumps(pl, separators=(',', ':')).encode()) + '.' + b64u(sig)

def card():
    net = R.randint(0, 6)
    if net == 0: p, L = '4' + dig(5, str(R.randint(0, 9))), 16
    elif net == 1: p, L = str(R.randint(51, 55)) + dig(4, str(R.randint(0, 9))), 16
    elif net == 2: p, L = str(R.randint(2221, 2720)) + dig(2, str(R.randint(0, 9))), 16
    elif net == 3: p, L = ch(['34', '37']) + dig(4, str(R.randint(0, 9))), 15
    elif net == 4: p, L = '6011' + dig(2, str(R.randint(0, 9))), 16
    elif net == 5: p, L = str(R.randint(3528, 3589)) + dig(2, str(R.randint(0, 9))), 16
    else: p, L = '4' + dig(5, str(R.randint(0, 9))), 13 if R.random() < 0.3 else 16
    while len(p) < L - 1: p += str(R.randint(0, 9))
    n = luhn_complete(p)
    f = R.randint(0, 2)
    if L == 15:
        return n if f == 0 else (' ' if f == 1 else '-').join([n[:4], n[4:10], n[10:]])
    if L == 16:
        return n if f == 0 else (' ' if f == 1 else '-').join(n[i:i + 4] for i in range(0, 16, 4))
    return n
def ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666: break
    return '%03d-%02d-%04d' % (a, R.randint(1, 99), R.randint(1, 9999))
def ipv4():
    while True:
        s = '%d.%d.%d.%d' % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ip_public(s): return s
def pl_bban():
    bank = dig(7, str(R.randint(1, 2)))
    w = [3, 9, 7, 1, 3, 9, 7]
    c = (10 - sum(int(a) * b for a, b in zip(bank, w)) % 10) % 10
    return bank + str(c) + dig(16, '0' if R.random() < 0.5 else str(R.randint(1, 9)))
def cz_bban():
    bank = ch(['0100', '0300', '0800', '2010', '0600', '5500'])
    def acct(n, first):
        w = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1][-n:]
        while True:
            a = dig(n, first)
            if sum(int(x) * y for x, y in zip(a, w)) % 11 == 0: return a
    pre = '000000' if R.random() < 0.6 else acct(6, '0').rjust(6, '0')
    return bank + pre + acct(10, str(R.randint(0, 2)))
def gr_bban():
    return ch(['011', '014', '017', '026']) + dig(4, '0') + dig(16, '0')
def de_bban():
    return dig(8, str(R.randint(1, 8))) + dig(10, '0')
def iban(cc=None):
    cc = cc or ch(['PL', 'PL', 'CZ', 'GR', 'DE'])
    s = iban_make(cc, {'PL': pl_bban, 'CZ': cz_bban, 'GR': gr_bban, 'DE': de_bban}[cc]())
    assert iban_ok(s)
    return s if R.random() < 0.35 else group4(s)

def phone(cc=None):
    cc = cc or ch(['PL', 'PL', 'CZ', 'GR', 'GR', 'US'])
    if cc == 'PL':
        if R.random() < 0.6:
            n = ch(['50', '51', '53', '57', '60', '66', '69', '72', '73', '78', '79', '88']) + dig(7, str(R.randint(0, 9)))
            f = R.randint(0, 4)
            return [f'+48 {n[:3]} {n[3:6]} {n[6:]}', f'{n[:3]} {n[3:6]} {n[6:]}', f'{n[:3]}-{n[3:6]}-{n[6:]}', f'0048{n}', f'+48{n}'][f]
        a = ch(['12', '22', '32', '42', '58', '61', '71', '81', '91'])
        n = dig(7, str(R.randint(2, 8)))
        f = R.randint(0, 4)
        return [f'({a}) {n[:3]} {n[3:5]} {n[5:]}', f'+48 {a} {n[:3]} {n[3:5]} {n[5:]}', f'{a} {n[:3]}-{n[3:5]}-{n[5:]}', f'+48 ({a}) {n[:3]}-{n[3:5]}-{n[5:]}',
                f'(0-{a}) {n[:3]}-{n[3:5]}-{n[5:]}'][f]
    if cc == 'CZ':
        n = ch(['601', '602', '603', '604', '605', '702', '720', '731', '737', '775', '777', '792', '224', '541', '549', '596']) + dig(6, str(R.randint(0, 9)))
        f = R.randint(0, 3)
        return [f'+420 {n[:3]} {n[3:6]} {n[6:]}', f'{n[:3]} {n[3:6]} {n[6:]}', f'00420 {n[:3]} {n[3:6]} {n[6:]}', f'+420{n}'][f]
    if cc == 'GR':
        if R.random() < 0.55:
            n = ch(['694', '697', '698', '693', '695', '690']) + dig(7, str(R.randint(0, 9)))
            f = R.randint(0, 3)
            return [f'+30 {n[:3]} {n[3:6]} {n[6:]}', f'{n[:3]} {n[3:]}', f'{n}', f'0030 {n[:3]} {n[3:]}'][f]
        a = ch(['210', '2310', '2610', '2810'])
        n = a + dig(10 - len(a), str(R.randint(2, 9)))
        f = R.randint(0, 2)
        return [f'+30 {n[:len(a)]} {n[len(a):]}', f'{n[:len(a)]} {n[len(a):]}', f'{n[:3]} {n[3:6]} {n[6:]}'][f]
    a = str(R.randint(2, 9)) + dig(2, str(R.randint(0, 9))); b = str(R.randint(2, 9)) + dig(2, str(R.randint(0, 9))); c = dig(4, str(R.randint(0, 9)))
    if b == '555': b = '556'
    return ch([f'+1 ({a}) {b}-{c}', f'({a}) {b}-{c}', f'+1-{a}-{b}-{c}', f'{a}.{b}.{c}'])
FIRST = ['Marta', 'Tomasz', 'Agnieszka', 'Piotr', 'Jana', 'Petr', 'Lucie', 'Jiří', 'Eleni', 'Giorgos', 'Katerina', 'Nikos', 'Ola', 'Kuba', 'Dimitra']
LAST = ['Nowak', 'Kowalska', 'Wiśniewski', 'Novák', 'Dvořáková', 'Svoboda', 'Papadopoulou', 'Georgiou', 'Nikolaidis', 'Zielińska']
def email():
    f = ch(FIRST); l = ch(LAST)
    loc = (f + '.' + l).lower()
    loc = ''.join(c for c in unicodedata.normalize('NFKD', loc) if ord(c) < 128)
    dom = ch(['szpital-grupa.pl', 'lab.szpital-grupa.pl', 'apteka-centralna.pl', 'nemocnice-brno.cz', 'laborator.fnol.cz',
              'iatriko-thess.gr', 'pharm.iatriko-thess.gr', 'gmail.com', 'seznam.cz', 'wp.pl', 'o2.pl', 'otenet.gr'])
    if dom in ('gmail.com', 'seznam.cz', 'wp.pl', 'o2.pl', 'otenet.gr'):
        loc = loc.replace('.', ch(['.', '_', ''])) + str(R.randint(1, 99))
    return loc + '@' + dom
def password():
    k = R.randint(0, 4)
    if k == 0: return rs(R.randint(12, 20), ALNUM + '!#%&*?@$^')
    if k == 1: return ch(['Lab', 'Apteka', 'Heslo', 'Kodikos', 'Mirth', 'Nfz', 'Vzp', 'Hl7']) + ch(['_', '!', '#', '.']) + dig(4, str(R.randint(1, 9))) + ch(['!', '?', '$', 'x', 'Q'])
    if k == 2: return '-'.join(ch(['kawa', 'pivo', 'ouzo', 'rano', 'zima', 'leto', 'moře', 'sklo', 'lampa', 'krowa', 'kostka', 'vlak'])for _ in range(3)) + str(R.randint(10, 99))
    if k == 3: return rs(R.randint(16, 28), ALNUM + '-_.~')
    return ch(['Ζ', 'Κ', 'Λ']) + rs(4, 'abcdefghkmnpqrstuvwxyz') + '#' + dig(3) + ch(['Ωμ', 'Φx', 'Ψz'])

# ---------------------------------------------------------------- chat furniture
LEAD = ['fyi ', 'Dla info: ', 'Pro info: ', 'Για ενημέρωση: ', 'ok, ', 'Szybko: ', 'Rychle: ', 'Γρήγορα: ', 'heads-up: ', 'Uwaga: ',
        'Pozor: ', 'Προσοχή: ', 're: ticket ', 'z wczoraj: ', 'ze včerejška: ', 'από χθες: ']
TRAIL = ['\ndzięki', '\ndíky', '\nευχαριστώ', '\nthx', '\n:+1:', '\n(sorry za spam)', '\n:eyes:', '\nπάμε', '\nok?', '\nCo myslíte?']
SITE = ['Kraków', 'Wrocław', 'Gdańsk', 'Brno', 'Olomouc', 'Ostrava', 'Θεσσαλονίκη', 'Αθήνα', 'Πάτρα', 'Praha']
SYS = ['LIS (Marcel)', 'HIS', 'Mirth Connect', 'eApteka', 'OpenLIS', 'SUKL gateway', 'IDIKA e-syntagografisi', 'P1 gateway', 'LabCore', 'Infinity middleware', 'FHIR gateway']
HOST = ['lis-db01.lab.local', 'his-app02.krk.local', 'mirth.brno.intra', 'fhir.thess.internal', 'eapteka-db.wro.local', '10.40.2.15', '172.20.8.31', '192.168.56.10']
def host():
    return ch(HOST)
def fence(lang, body):
    return '```' + lang + '\n' + body + '\n```'

def lead(p=0.15):
    return ch(LEAD) if R.random() < p else ''
def trail(p=0.08):
    return ch(TRAIL) if R.random() < p else ''

# ---------------------------------------------------------------- positive templates (value -> text)
PT = {}
PT['phone_number'] = [
    lambda v: f'Dyżurny z apteki szpitalnej na weekend: {v}, dzwońcie tylko jak stoi wydawanie leków',
    lambda v: f'Servisák pro analyzátor Sysmex má číslo {v}, volat až po 8:00',
    lambda v: f'Ο τεχνικός της Roche για τον αναλυτή: {v} (μόνο εργάσιμες)',
    lambda v: f'on-call for the HL7 interface this week is me, cell {v}',
    lambda v: f'| rola | kontakt |\n|---|---|\n| kierownik laboratorium | {v} |\n| IT dyżur | ext. 4410 |',
    lambda v: f'kontakt,telefon,lokalita\nvedoucí lékárny,{v},{ch(SITE)}',
    lambda v: '{"level":"info","svc":"sms-notify","msg":"critical value alert sent","to":"%s","sample":"S26-%s"}' % (v, dig(6, '0')),
    lambda v: f'[notify]\nsms_gateway = on\ncritical_results_phone = {v}\nretry = 3',
    lambda v: f'Δώστε στον ασθενή το τηλέφωνο του φαρμακείου: {v}, θα του πουν πότε είναι έτοιμο το σκεύασμα.',
    lambda v: f'Jakby co, mój prywatny: {v}. Jutro jestem w {ch(SITE)} od 7.',
    lambda v: f'```yaml\nescalation:\n  - name: lab-night\n    phone: "{v}"\n```',
    lambda v: f'Volejte na {v}, paní z příjmu vzorků ví o tom problému se štítky.',
]
PT['password'] = [
    lambda v: f'hasło do konta serwisowego LIS: {v}',
    lambda v: f'Heslo k Mirth administratoru je {v} — po migraci ho změníme.',
    lambda v: f'κωδικός για το VPN του εργαστηρίου: {v}',
    lambda v: fence('ini', f'[database]\nhost = {host()}\nport = 5432\nuser = lis_app\npassword = {v}\nsslmode = require'),
    lambda v: f'```\n# .env\nEAPTEKA_DB_HOST={host()}\nEAPTEKA_DB_USER=apteka\nEAPTEKA_DB_PASSWORD={v}\n```',
    lambda v: fence('yaml', f'spring:\n  datasource:\n    url: jdbc:postgresql://{host()}:5432/his\n    username: his_ro\n    password: "{v}"'),
    lambda v: fence('properties', f'hl7.listener.port=6661\nsukl.client.user=nemocnice-brno\nsukl.client.password={v}\nsukl.timeout=30'),
    lambda v: f'Server=10.40.2.15;Database=Pharmacy;User Id=pharm_svc;Password={v};Encrypt=True;',
    lambda v: fence('toml', f'[idika]\nendpoint = "https://eps.idika.local/ws"\nusername = "pharm_thess_01"\npassword = "{v}"'),
    lambda v: fence('hcl', f'resource "postgresql_role" "lis_reader" {{\n  name     = "lis_reader"\n  login    = true\n  password = "{v}"\n}}'),
    lambda v: ('Wczoraj przez ~2h analizator nie wysyłał wyników do LIS, bo middleware stracił sesję po restarcie serwera. '
               'Kolejka HL7 urosła do 3 tys. wiadomości, ale wszystko się przetworzyło po 18:40. Sprawdziłem też, że ORU^R01 '
               f'mają poprawne OBR-7. Przy okazji — nowe hasło do middleware to {v}, stare już nie działa.'),
    lambda v: f'Nové přihlášení do LabCore: uživatel lab_admin, heslo: {v}',
    lambda v: f'Ο χρήστης είναι pharm_admin και ο κωδικός πρόσβασης {v}, μην τον στείλετε σε email.',
    lambda v: f'pwd to the staging HIS box is {v} btw',
    lambda v: fence('python', f'conn = psycopg2.connect(host="{host()}", dbname="lis", user="lis_etl", password="{v}")'),
]
PT['credit_card'] = [
    lambda v: f'Karta firmowa do zamówienia odczynników: {v}, ważna do 0{R.randint(1,9)}/2{R.randint(7,9)}',
    lambda v: f'Platba za licenci proběhla kartou {v}, faktura přijde na oddělení.',
    lambda v: f'Η εταιρική κάρτα για τις συνδρομές: {v} exp 1{R.randint(0,2)}/28',
    lambda v: f'card on file for the SaaS LIMS trial: {v}',
    lambda v: '{"event":"payment.failed","pan":"%s","amount":"1299.00","currency":"PLN"}' % v,
    lambda v: f'dostawca,karta,kwota\nMedLab Sp. z o.o.,{v},4 310,00 zł',
    lambda v: f'numer karty: {v} (CVV podam na priv)',
]
PT['email_address'] = [
    lambda v: f'Wyślijcie eksport z LIS na {v}, ona robi raport dla NFZ.',
    lambda v: f'Kontaktní osoba za VZP rozhraní: {v}',
    lambda v: f'Στείλτε το αρχείο στο {v} μέχρι την Παρασκευή',
    lambda v: f'```yaml\nalerting:\n  email_to: {v}\n  severity: critical\n```',
]
PT['iban'] = [
    lambda v: f'Przelew za odczynniki proszę na konto {v} (tytuł: FV {dig(4,"2")}/11/2026)',
    lambda v: f'Číslo účtu dodavatele: {v}, VS = číslo faktury.',
    lambda v: f'Τραπεζικός λογαριασμός προμηθευτή: {v}',
    lambda v: f'supplier IBAN changed, new one is {v} — please double check with a call before paying',
    lambda v: f'dostawca;IBAN;waluta\nBioMed Polska;{v};PLN',
    lambda v: '{"vendor_id":"V-%s","iban":"%s","bic":"%s"}' % (dig(5, '0'), v, ch(['BPKOPLPW', 'KOMBCZPP', 'ETHNGRAA', 'COBADEFF'])),
]
PT['us_ssn'] = [
    lambda v: f'The US vendor rep asked us to put his SSN {v} on the W-9 form for the LIMS contract, sending it to finance.',
    lambda v: f'Do formularza W-8/W-9 potrzebny SSN: {v}',
    lambda v: f'name,ssn,role\nconsultant (US),{v},LIS validation',
]
PT['ipv4_address'] = [
    lambda v: f'Analyzátor z nemocnice posílá výsledky z veřejné IP {v}, musíme ji povolit na firewallu.',
    lambda v: f'Δοκιμάστε telnet {v} 2575 — εκεί ακούει ο MLLP listener του συνεργάτη.',
    lambda v: f'Zewnętrzny adres laboratorium partnerskiego: {v}, dodajcie do allowlisty na MLLP.',
    lambda v: f'```\n$ nc -vz {v} 6661\nConnection to {v} 6661 port [tcp/*] succeeded!\n```',
    lambda v: f'2026-11-29T07:12:44Z WARN mllp-in rejected connection from {v}:51234 (not in allowlist)',
]
PT['url_credentials'] = [
    lambda v: f'DATABASE_URL=postgres://lis_app:{v}@{host()}:5432/lis',
    lambda v: f'```\nmongodb://fhir_writer:{v}@fhir.thess.internal:27017/fhir?authSource=admin\n```',
    lambda v: f'Spróbuj: amqps://hl7bridge:{v}@rabbit.krk.local:5671/lab',
    lambda v: f'sqlalchemy.url = mysql+pymysql://eapteka:{v}@eapteka-db.wro.local/apteka',
    lambda v: f'redis://:{v}@cache.brno.intra:6379/2 — tohle je cache pro výsledky',
    lambda v: f'curl -u nope https://sftp.example.invalid ; actually use sftp://labexport:{v}@sftp.iatriko-thess.gr/outbound',
]
PT['jwt'] = [
    lambda v: f'Authorization: Bearer {v}',
    lambda v: f'```\ncurl -H "Authorization: Bearer {v}" https://fhir.thess.internal/r4/Observation?patient=123\n```',
    lambda v: f'token z Keycloaka, ważny jeszcze 15 min: {v}',
    lambda v: '{"ts":"2026-11-29T08:01:02Z","level":"debug","msg":"forwarding request","auth":"Bearer %s"}' % v,
    lambda v: f'Ten access token z FHIR gateway vypadá divně: {v}',
]
PT['private_key_pem'] = ['plain', 'json', 'yaml', 'envlit']
PEM_PLAN = [('plain', 'ssh'), ('plain', 'ec'), ('plain', 'rsa2'), ('json', 'rsa'), ('json', 'ed'), ('yaml', 'ec'), ('yaml', 'rsa'),
            ('envlit', 'ed'), ('envlit', 'ec')]
PT['aws_access_key_id'] = [
    lambda v: f'aws_access_key_id = {v}',
    lambda v: f'Klucz do bucketu z archiwum wyników: {v}',
    lambda v: f'export AWS_ACCESS_KEY_ID={v}',
]
PT['aws_secret_access_key'] = []
PT['github_classic_pat'] = [
    lambda v: f'użyj mojego tokena do repo z kanałami Mirth: {v}',
    lambda v: f'```\ngit clone https://{v}@github.com/szpital-grupa/lis-interfaces.git\n```',
    lambda v: f'GH_TOKEN={v}',
    lambda v: f'Tady je PAT pro CI, platí 30 dní: {v}',
    lambda v: f'Το token για το GitHub Actions: {v}',
]
PT['github_fine_grained_pat'] = [
    lambda v: f'fine-grained token (read-only na hl7-mappings): {v}',
    lambda v: fence('yaml', f'env:\n  GITHUB_TOKEN: {v}'),
    lambda v: f'Nový token pro renovate bota: {v}',
    lambda v: f'Νέο token για το repo fhir-profiles: {v}',
]
PT['slack_bot_token'] = [
    lambda v: f'SLACK_BOT_TOKEN={v}',
    lambda v: f'bot od alertów krytycznych wyników używa {v}',
    lambda v: fence('python', f'client = WebClient(token="{v}")\nclient.chat_postMessage(channel="#lab-alerts", text="QC failed")'),
    lambda v: f'Token bota pro #lekarna-objednavky: {v}',
    lambda v: f'Το token του bot για το κανάλι #φαρμακείο: {v}',
]
PT['slack_user_token'] = [
    lambda v: f'xoxp do eksportu historii kanału: {v}',
    lambda v: f'```\ncurl -H "Authorization: Bearer {v}" https://slack.com/api/conversations.history?channel=C0123\n```',
    lambda v: f'můj user token pro skript s archivací: {v}',
    lambda v: f'user token (μην τον μοιραστείτε): {v}',
]
PT['openai_api_key'] = [
    lambda v: f'OPENAI_API_KEY={v}',
    lambda v: f'klucz do prototypu, który streszcza wyniki mikrobiologii: {v}',
    lambda v: fence('python', f'client = OpenAI(api_key="{v}")'),
    lambda v: f'Klíč pro překlad příbalových letáků: {v}',
    lambda v: f'Κλειδί API για το chatbot του φαρμακείου: {v}',
]
PT['anthropic_api_key'] = [
    lambda v: f'ANTHROPIC_API_KEY={v}',
    lambda v: fence('ts', f'const anthropic = new Anthropic({{ apiKey: "{v}" }});'),
    lambda v: f'klucz do Claude dla POC z kodowaniem ATC: {v}',
    lambda v: f'API klíč (Claude) pro klasifikaci nálezů: {v}',
    lambda v: f'Το κλειδί για το Claude: {v}',
]
GEN = {'phone_number': phone, 'password': password, 'credit_card': card, 'email_address': email, 'iban': iban, 'us_ssn': ssn,
       'ipv4_address': ipv4, 'url_credentials': password, 'jwt': jwt, 'aws_access_key_id': aws_id, 'aws_secret_access_key': aws_secret,
       'github_classic_pat': gh_classic, 'github_fine_grained_pat': gh_fine, 'slack_bot_token': slack_bot,
       'slack_user_token': slack_user, 'openai_api_key': openai_key, 'anthropic_api_key': anthropic_key}

def url_pw():
    while True:
        p = rs(R.randint(12, 22), ALNUM + '-_.~')
        if not pw_placeholder(p): return p

def pem_text(layout, kind):
    label, lines = pem_lines(kind)
    hd, ft = f'-----BEGIN {label}-----', f'-----END {label}-----'
    if layout == 'plain':
        val = '\n'.join(lines)
        t = ch(['klucz do SFTP z laboratorium referencyjnego:\n', 'soukromý klíč pro podepisování dávek VZP:\n', 'το ιδιωτικό κλειδί του gateway:\n', 'deploy key for the mirth box:\n'])
        return t + fence('', hd + '\n' + val + '\n' + ft), val
    if layout == 'json':
        val = '\\n'.join(lines)
        return '{"type":"service_account","client":"lis-export","private_key":"%s\\n%s\\n%s\\n"}' % (hd, val, ft), val
    if layout == 'yaml':
        ind = '    '
        val = ('\n' + ind).join(lines)
        return fence('yaml', f'apiVersion: v1\nkind: Secret\nmetadata:\n  name: mllp-tls\nstringData:\n  tls.key: |\n{ind}{hd}\n{ind}{val}\n{ind}{ft}'), val
    val = '\\n'.join(lines)
    return f'P1_SIGNING_KEY="{hd}\\n{val}\\n{ft}"', val

PHONE_PLAN = ['PL', 'CZ', 'GR', 'PL', 'GR', 'CZ', 'PL', 'GR', 'US', 'PL', 'CZ', 'GR', 'PL', 'US']
def pos_single(kind, i):
    if kind == 'private_key_pem':
        layout, kk = PEM_PLAN[i]
        t, v = pem_text(layout, kk)
        return t, [v], f'private_key_pem:{kk}:layout{PT[kind].index(layout)}'
    if kind == 'phone_number': v = phone(PHONE_PLAN[i % len(PHONE_PLAN)])
    else: v = url_pw() if kind == 'url_credentials' else GEN[kind]()
    ti = i % len(PT[kind])
    t = PT[kind][ti](v)
    return t, [v], f'{kind}:t{ti}'

def pos_pair(name, j):
    if name == 'aws':
        a, s = aws_id(), aws_secret()
        T = [fence('ini', f'[lab-archive]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-central-1'),
             f'export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}',
             f'Klucze do S3 z backupem LIS: {a} / {s}',
             fence('hcl', f'provider "aws" {{\n  region     = "eu-central-1"\n  access_key = "{a}"\n  secret_key = "{s}"\n}}'),
             '{"AccessKeyId":"%s","SecretAccessKey":"%s","Region":"eu-west-3"}' % (a, s),
             f'Přístup k bucketu s PDF výsledky: key id {a}, secret {s}',
             f'Κλειδιά AWS για τα αντίγραφα ασφαλείας:\nID: {a}\nSecret: {s}',
             fence('yaml', f'backup:\n  s3:\n    access_key_id: {a}\n    secret_access_key: "{s}"'),
             fence('python', f'boto3.client("s3", aws_access_key_id="{a}",\n             aws_secret_access_key="{s}")')]
        return T[j], [('aws_access_key_id', a), ('aws_secret_access_key', s)]
    if name == 'email_phone':
        e, p = email(), phone(['PL', 'CZ', 'GR', 'US'][j])
        T = [f'Nowa koordynatorka z apteki: {e}, tel. {p}', f'Kontakt na obchodníka: {e} / {p}', f'Επικοινωνία: {e}, κιν. {p}',
             f'vendor support (US, Boston office): {e}, phone {p}']
        return T[j], [('email_address', e), ('phone_number', p)]
    if name == 'password_email':
        e, p = email(), password()
        T = [f'Konto do portalu dostawcy: login {e}, hasło {p}', f'Účet do portálu SÚKL: {e}, heslo: {p}']
        return T[j], [('email_address', e), ('password', p)]
    if name == 'slack':
        b, u = slack_bot(), slack_user()
        return f'SLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}', [('slack_bot_token', b), ('slack_user_token', u)]
    if name == 'jwt_openai':
        w, o = jwt(), openai_key()
        return f'debug: request do summarizera szedł z Bearer {w}, a summarizer woła OpenAI z kluczem {o}', [('jwt', w), ('openai_api_key', o)]
    if name == 'iban_phone':
        i, p = iban('GR'), phone('GR')
        return f'Ο προμηθευτής άλλαξε λογαριασμό σε {i} — επιβεβαιώστε στο {p} πριν την πληρωμή.', [('iban', i), ('phone_number', p)]
    if name == 'card_email':
        c, e = card(), email()
        return f'Receipt for the LIMS subscription went to {e}, charged to card {c}.', [('credit_card', c), ('email_address', e)]
    if name == 'gh':
        a, b = gh_classic(), gh_fine()
        return f'stary token {a} wygasa, nowy fine-grained: {b}', [('github_classic_pat', a), ('github_fine_grained_pat', b)]
PAIRS = [('aws', 9), ('email_phone', 4), ('password_email', 2), ('slack', 1), ('jwt_openai', 1), ('iban_phone', 1), ('card_email', 1), ('gh', 1)]
TARGET = {'phone_number': 18, 'password': 14, 'credit_card': 12, 'email_address': 8, 'iban': 9, 'us_ssn': 5, 'ipv4_address': 7,
          'url_credentials': 7, 'jwt': 9, 'private_key_pem': 9, 'aws_access_key_id': 9, 'aws_secret_access_key': 9,
          'github_classic_pat': 9, 'github_fine_grained_pat': 9, 'slack_bot_token': 9, 'slack_user_token': 9,
          'openai_api_key': 9, 'anthropic_api_key': 9}

def build_positives():
    recs = []
    used = {k: 0 for k in TARGET}
    for name, n in PAIRS:
        for j in range(n):
            t, sec = pos_pair(name, j)
            for k, v in sec: used[k] += 1
            recs.append((t, [{'kind': k, 'value': v} for k, v in sec], f'multi:{name}:{j}'))
    for k in TARGET:
        for i in range(TARGET[k] - used[k]):
            t, vals, ctx = pos_single(k, i)
            if R.random() < 0.12: t = ch(LEAD) + ('\n' if t.startswith('```') else '') + t
            if R.random() < 0.06: t = t + ch(TRAIL)
            recs.append((t, [{'kind': k, 'value': v} for v in vals], ctx))
    return recs

# ================================================================ NEGATIVES
ATC = ['N02BE01', 'J01CA04', 'C09AA05', 'B01AB05', 'A10BA02', 'J01DD04', 'N05BA01', 'C10AA05', 'A02BC01', 'H02AB04', 'L01XC07', 'R03AC02', 'M01AE01', 'J05AB01']
DRUG = ['Paracetamol 500 mg', 'Amoxicillin 1 g', 'Ramipril 5 mg', 'Enoxaparin 40 mg/0,4 ml', 'Metformin 850 mg', 'Ceftriaxon 1 g',
        'Diazepam 5 mg', 'Atorvastatin 20 mg', 'Omeprazol 20 mg', 'Hydrokortyzon 100 mg', 'Salbutamol 100 µg', 'Ibuprofen 400 mg']
LOINC = ['2345-7', '718-7', '2160-0', '6690-2', '777-3', '2951-2', '2823-3', '1742-6', '1920-8', '4548-4', '33914-3', '2093-3']
TEST = ['GLU', 'HGB', 'CREA', 'WBC', 'PLT', 'NA', 'K', 'ALT', 'AST', 'HBA1C', 'EGFR', 'CHOL']
def ean13(prefix):
    while True:
        b = prefix + dig(12 - len(prefix), str(R.randint(0, 9)))
        c = (10 - sum(int(x) * (3 if i % 2 else 1) for i, x in enumerate(b)) % 10) % 10
        e = b + str(c)
        if not luhn_ok(e): return e
def gtin14():
    while True:
        e = '0' + ean13(ch(['590', '859', '520']))[:-1]
        c = (10 - sum(int(x) * (3 if i % 2 == 0 else 1) for i, x in enumerate(e)) % 10) % 10
        g = e + str(c)
        if not luhn_ok(g): return g
def pesel_fake():
    while True:
        s = '%02d%02d%02d' % (R.randint(40, 99), R.randint(1, 12), R.randint(1, 28)) + dig(5, str(R.randint(0, 9)))
        if not pesel_ok(s) and not amka_ok(s): return s
def rc_fake():
    while True:
        s = '%02d%02d%02d' % (R.randint(50, 99), R.randint(1, 12) + ch([0, 50]), R.randint(1, 28)) + dig(4, str(R.randint(0, 9)))
        if not rc_ok(s): return s[:6] + '/' + s[6:]
def amka_fake():
    while True:
        s = '%02d%02d%02d' % (R.randint(1, 28), R.randint(1, 12), R.randint(40, 99)) + dig(5, str(R.randint(0, 9)))
        if not amka_ok(s) and not pesel_ok(s): return s
def sample_id():
    return ch([f'S{R.randint(24,26)}-{dig(7,"0")}', f'L{dig(9,"1")}', f'{R.randint(24,26)}{dig(8,"1")}', f'MB-{R.randint(24,26)}-{dig(5,"0")}', f'BC{dig(8,"0")}'])
def nfz_claim():
    return ch([f'NFZ/{ch(["06","12","01","02"])}/{R.randint(2025,2026)}/{dig(8,"0")}', f'SWX-{dig(4,"2")}-{dig(6,"0")}', f'{ch(["06","12"])}R/{dig(7,"0")}/26'])
def vzp_claim():
    return ch([f'VZP-{R.randint(111,211)}-{dig(8,"0")}', f'dávka {dig(6,"0")}/{R.randint(1,12):02d}', f'KDAVKA {dig(5,"0")} ({ch(["111","201","205","207","211"])})'])
def eopyy_ref():
    return ch([f'ΕΟΠΥΥ-{R.randint(2025,2026)}-{dig(7,"0")}', f'EOPYY/ΥΠ/{dig(6,"0")}', f'Α.Π. {dig(5,"0")}/{R.randint(1,28)}-{R.randint(1,12)}-2026'])
def serial():
    return ch([f'SN{rs(2,"ABCDEFGHJKLMNPRSTUVWXYZ")}{dig(7,"0")}', f'{ch(["XN","XP","CS","KX"])}-{dig(5,"1")}', f'C{R.randint(5000,8999)}-{rs(4,"0123456789ABCDEF")}', f'RC{dig(6,"0")}{ch("ABCD")}'])
def pdate():
    return '2026-%02d-%02d' % (R.randint(1, 11), R.randint(1, 28))
def hl7ts():
    return '2026%02d%02d%02d%02d%02d' % (R.randint(1, 11), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))
def pip():
    return ch(['10.%d.%d.%d' % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)), '192.168.%d.%d' % (R.randint(0, 255), R.randint(1, 254)),
               '172.%d.%d.%d' % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254)), '192.0.2.%d' % R.randint(1, 254), '198.51.100.%d' % R.randint(1, 254)])
def money(cur):
    v = R.randint(100, 999999) / 100
    if cur == 'PLN': return ('%.2f' % v).replace('.', ',') + ' zł'
    if cur == 'CZK': return '{:,}'.format(int(v)).replace(',', ' ') + ' Kč'
    return '€' + ('{:,.2f}'.format(v)).replace(',', 'X').replace('.', ',').replace('X', '.')

# ---------------------------------------------------------------- data_uri_base64
def neg_data_uri():
    k = R.randint(0, 17)
    if k == 0:
        return f'.barcode-ok {{ background: url("data:image/png;base64,{b64(png(R.randint(1,4), R.randint(1,4)))}") no-repeat; }}'
    if k == 1:
        return f'<img alt="logo apteki" src="data:image/gif;base64,{b64(gif1())}">'
    if k == 2:
        s = svg(); return f'Ikona pro stav vzorku:\n```css\n.sample-hemolyzed::before {{ content: url("data:image/svg+xml;base64,{b64(s.encode())}"); }}\n```'
    if k == 3:
        d = b64(pdf(ch(['Wynik badania - wzor', 'Vysledek - vzor', 'Lab report sample', 'Test page']))); return json.dumps(
            {"resourceType": "DiagnosticReport", "id": uuid4(), "status": "final", "presentedForm": [{"contentType": "application/pdf", "data": d}]}, indent=2, ensure_ascii=False)
    if k == 4:
        d = b64(pdf('ORU attachment test ' + sample_id()))
        return f'OBX|1|ED|PDF^Report^L||^application^pdf^Base64^{d}||||||F|||{hl7ts()}'
    if k == 5:
        return f'Η ειδοποίηση ήχου για κρίσιμη τιμή:\n```js\nconst beep = new Audio("data:audio/wav;base64,{b64(wav(R.randint(3,8)))}");\n```'
    if k == 6:
        return f'![qc-chart](data:image/png;base64,{b64(png(R.randint(2,6), 1, R.random()<0.5))})'
    if k == 7:
        return f'//# sourceMappingURL=data:application/json;charset=utf-8;base64,{b64(sourcemap())}'
    if k == 8:
        d = b64(bmp(R.randint(1, 3), R.randint(1, 2))); return f'Drukarka etykiet zwraca podgląd jako BMP: data:image/bmp;base64,{d}'
    if k == 9:
        d = b64(png(3, 3)); return fence('python', f'PLACEHOLDER_PNG = base64.b64decode(\n    "{d}"\n)\nassert PLACEHOLDER_PNG[:8] == b"\\x89PNG\\r\\n\\x1a\\n"')
    if k == 10:
        s = svg(); return f'<link rel="icon" href="data:image/svg+xml,{s.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace(chr(34), chr(39))}">'
    if k == 11:
        d = b64(png(R.randint(1, 5), R.randint(1, 5))); cut = R.randint(20, 40)
        return f'CSP blokuje obrázek: Refused to load the image \'data:image/png;base64,{d[:cut]}…\' because it violates "img-src \'self\'"'
    if k == 12:
        rows = ['{"label":"%s","icon":"data:image/gif;base64,%s"}' % (t, b64(gif1())) for t in R.sample(TEST, R.randint(2, 5))]
        return 'worklist legend:\n```json\n[' + ',\n '.join(rows) + ']\n```'
    if k == 13:
        msg = ('MSH|^~\\&|LIS|%s|HIS|%s|%s||ORU^R01|%s|P|2.5.1' % (ch(['LAB_KRK', 'LAB_BRNO', 'LAB_THESS']), ch(['HIS1', 'HIS2']), hl7ts(), dig(8, '1'))).encode()
        return f'Mirth posílá zprávu jako base64 v JSON obálce, dekódováno je to jen MSH:\n"payload": "{b64(msg)}"\n`echo … | base64 -d` vrátí `{msg.decode()}`'
    if k == 14:
        d = b64(png(R.randint(2, 8), R.randint(2, 8), False))
        lines = [d[i:i + 76] for i in range(0, len(d), 76)]
        return 'Content-Type: image/png\nContent-Transfer-Encoding: base64\nContent-Disposition: inline; filename="qc_levey_jennings.png"\n\n' + '\n'.join(lines)
    if k == 15:
        return f'{lead(1.0)}w Jupyterze wykres QC wychodzi tak: {{"image/png": "{b64(png(R.randint(4,9), R.randint(1,3)))}"}}'
    if k == 16:
        d = b64(pdf(ch(['eRecepta podglad nr ', 'Recept nahled c. ', 'Syntagi ']) + dig(4, '1'))); return f'```xml\n<Attachment><ContentType>application/pdf</ContentType><Data>{d[:60]}...</Data></Attachment>\n```\n(zkráceno, celé má {len(d)} znaků)'
    txt = ch(['Pacjent: TEST TEST', 'Vzorek: KONTROLA QC', 'Δείγμα: ΔΟΚΙΜΗ']).encode('utf-8')
    return f'FHIR Attachment z testovacího prostředí: {{"contentType":"text/plain; charset=utf-8","data":"{b64(txt)}"}} — to je jen testovací text, ne data pacienta'

# ---------------------------------------------------------------- placeholder_example
def neg_placeholder():
    k = R.randint(0, 21)
    if k == 0:
        return fence('', f'LIS_DB_HOST={host()}\nLIS_DB_USER=lis_app\nLIS_DB_PASSWORD=<wpisz-hasło>\nNFZ_API_TOKEN=${{NFZ_API_TOKEN}}\nSLACK_BOT_TOKEN=xoxb-your-bot-token')
    if k == 1:
        return ch(['AWS dokumentace používá `AKIAIOSFODNN7EXAMPLE` a `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` — to nejsou naše klíče, jen příklad v README ',
              'W README eksportera są klucze z dokumentacji AWS (`AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`), skaner ma je ignorować — ',
              'Τα `AKIAI44QH8DHBEXAMPLE` και `ASIAIOSFODNN7EXAMPLE` είναι από την τεκμηρίωση της AWS, όχι δικά μας — ']) + ch(['lis-export', 'eps-archiver', 'vzp-davky', 'qc-uploader']) + '.'
    if k == 2:
        return f'Maska w formularzu: PESEL `{ch(["***********", "XXXXXXXXXXX", "00000000000", "___________"])}`, telefon `+48 XXX XXX XXX`, IBAN `PL00 XXXX XXXX XXXX XXXX XXXX XXXX`'
    if k == 3:
        return fence('yaml', f'mirth:\n  admin_user: admin\n  admin_password: "{{{{ vault \'secret/lis/mirth\' }}}}"\n  db_url: jdbc:postgresql://{host()}:5432/mirthdb\n  db_password: ${{MIRTH_DB_PASSWORD}}')
    if k == 4:
        return f'Στο template βάλτε `IDIKA_PASSWORD=********` και `OPENAI_API_KEY=sk-...` — οι πραγματικές τιμές είναι στο Vault ({ch(["secret/pharm/idika", "kv/thess/eps"])}).'
    if k == 5:
        return fence('', '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n...\n-----END PRIVATE KEY-----') + '\n' + ch(['tak ma wyglądać plik, wklej swój klucz lokalnie, nie tutaj', 'takhle vypadá formát, klíč sem nedávejte', 'this is the expected format only'])
    if k == 6:
        return f'curl -H "Authorization: Bearer <TOKEN>" https://{ch(["fhir.thess.internal", "his-app02.krk.local"])}/r4/Patient?identifier={ch(["urn:oid:2.16.840.1.113883.3.4424.1.1.616|", "PESEL|"])}<pesel>'
    if k == 7:
        return f'Rodné číslo v testovacích datech vždy jako `XXXXXX/XXXX`, telefon `+420 xxx xxx xxx`, účet `CZ__ ____ ____ ____ ____ ____`.'
    if k == 8:
        return f'AMKA στα δεδομένα δοκιμής: `{ch(["00000000000", "XXXXXXXXXXX", "***********"])}`, τηλέφωνο `+30 69X XXX XXXX`, IBAN `GRkk BBBB BBBC CCCC CCCC CCCC CCC`'
    if k == 9:
        return fence('properties', f'sukl.client.user=${{SUKL_USER}}\nsukl.client.password=${{SUKL_PASSWORD}}\nsukl.cert.path=/etc/lis/certs/sukl.p12\nsukl.cert.pass=%SUKL_CERT_PASS%')
    if k == 10:
        return f'connection string template: `postgres://user:password@localhost:5432/{ch(["lis", "apteka", "his", "lekarna"])}` — podmień user/password'
    if k == 11:
        return fence('', '\n'.join(R.sample(['GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'GH_FINE=github_pat_...', 'ANTHROPIC_API_KEY=sk-ant-api03-...', 'OPENAI_API_KEY=sk-proj-…',
        'AWS_ACCESS_KEY_ID=AKIA...', 'SLACK_BOT_TOKEN=xoxb-…', 'SLACK_USER_TOKEN=xoxp-XXXXXXXXXXXX', 'GOOGLE_API_KEY=AIza****', 'NFZ_CERT_PASS=', 'MIRTH_DB_PASSWORD=""'], R.randint(3, 7))))
    if k == 12:
        return f'Karta w logach płatności jest maskowana: `{ch(["•••• •••• •••• ", "**** **** **** ", "XXXX-XXXX-XXXX-"])}{dig(4, str(R.randint(0,9)))}` i tak ma zostać.'
    if k == 13:
        return fence('hcl', 'variable "' + ch(['lis_db_password', 'mirth_admin_password', 'eps_client_secret', 'sukl_cert_pass']) + '" {\n  type      = string\n  sensitive = true\n  default   = ""\n}\n\nresource "aws_iam_access_key" "archive" {\n  user = "lab-archive" # id = AKIA... (z outputu)\n}')
    if k == 14:
        return f'{ch(["Heslo:", "Hasło:", "Κωδικός:", "Password:"])} ******** (viz 1Password, položka `op://IT-Lab/{ch(["Mirth admin", "LIS DB", "SUKL cert"])}/password`)'
    if k == 15:
        return fence('json', '{\n  "iban": "DE00 XXXX XXXX XXXX XXXX XX",\n  "bic": "XXXXDEXXXXX",\n  "account_holder": "<nazwa dostawcy>",\n  "card": "XXXX XXXX XXXX XXXX"\n}')
    if k == 16:
        return f'{ch(["# #lab-alerts", "# #lekarna-objednavky", "# #φαρμακείο-eps", "# #apteka-dyzur"])}\nSLACK_WEBHOOK=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\nSLACK_APP_TOKEN=xapp-1-XXXXXXXX-XXXXXXX'
    if k == 17:
        return fence('yaml', '- name: ' + ch(['deploy LIS interfaces', 'nasadit VZP dávky', 'deploy eps-adapter', 'wdrożenie eApteka']) + '\n  env:\n    NFZ_CERT_PASS: ${{ secrets.NFZ_CERT_PASS }}\n    P1_KEY: ${{ secrets.P1_SIGNING_KEY }}\n    AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}')
    if k == 18:
        return f'JWT z Keycloaka ma tvar `eyJhbGciOiJSUzI1NiIs...` — celý token nevkládejte do Slacku, stačí `jti`.'
    if k == 19:
        return f'amqp://guest:guest@localhost:5672/ je jen default z docker-compose pro lokální vývoj HL7 bridge, na {ch(SITE)} se nepoužívá.'
    if k == 20:
        return f'W dokumentacji IDIKA przykładowy użytkownik to `username: <χρήστης>` / `password: <κωδικός>`, w naszym configu to `{{{{ idika_user }}}}` i `{{{{ idika_password }}}}`.'
    return fence('sql', f"UPDATE app_user SET password_hash = '[REDACTED]', phone = NULL, email = NULL\nWHERE site = '{ch(['KRK', 'WRO', 'BRNO', 'THESS'])}' AND disabled_at < '{pdate()}';")

# ---------------------------------------------------------------- code_identifier
WORDS = ['Pesel', 'Password', 'Secret', 'Token', 'Iban', 'Phone', 'Email', 'Nfz', 'Vzp', 'Amka', 'Rodne', 'Cislo', 'Claim', 'Signing', 'Cert', 'Hl7', 'Fhir', 'Sample', 'Mask', 'Hash', 'Key', 'Credential', 'Erecepta', 'Sukl']
def ident(n=3, camel=True):
    w = R.sample(WORDS, n)
    if camel: return w[0].lower() + ''.join(w[1:])
    return '_'.join(x.lower() for x in w)
def mangle(parts):
    return '_ZN' + ''.join(str(len(p)) + p for p in parts)
def pascal(n):
    return ''.join(R.sample(WORDS, n))
def neg_code():
    k = R.randint(0, 15)
    if k == 0:
        pk = ch(['pl.szpitalgrupa.lis', 'cz.nemocnice.lekarna', 'gr.iatriko.eps', 'pl.szpitalgrupa.apteka'])
        fr = [f'\tat {pk}.{ch(["hl7", "fhir", "security", "claims"])}.{pascal(2)}{ch(["Service","Mapper","Validator","Filter"])}.{ident(3)}({pascal(2)}.java:{R.randint(20,900)})' for _ in range(R.randint(4, 18))]
        return fence('', f'{pdate()}T{R.randint(0,23):02d}:{R.randint(0,59):02d}:11.204Z ERROR [mllp-listener-{R.randint(0,7)}] {pk}.hl7.OruInbound - failed to map OBX\n{pk}.security.{pascal(2)}Exception: {ident(3)} is null\n' + '\n'.join(fr))
    if k == 1:
        return fence('python', f'def {ident(3, False)}(msg: hl7.Message) -> str:\n    """Mask PID-3 and PID-19 before logging."""\n    {ident(2, False)} = msg.segment("PID")[3]\n    return mask_{ident(2, False)}({ident(2, False)})')
    if k == 2:
        cols = R.sample(['pesel_encrypted BYTEA', 'pesel_hash CHAR(64)', 'iban_last4 CHAR(4)', 'phone_e164_hash TEXT', 'email_normalized_hash TEXT',
                         'nfz_claim_no VARCHAR(32)', 'rodne_cislo_token UUID', 'amka_masked VARCHAR(11)', 'password_hash TEXT', 'api_key_last_four CHAR(4)', 'signing_cert_thumbprint CHAR(40)'], R.randint(3, 7))
        return fence('sql', f'CREATE TABLE {ch(["lab_patient_ref", "pharmacy_claim", "eps_prescription", "vzp_batch"])} (\n  id BIGSERIAL PRIMARY KEY,\n  ' + ',\n  '.join(cols) + '\n);')
    if k == 3:
        return f'Kdo přejmenoval `{ident(3)}` na `{ident(3)}`? Teď padá `{ident(2, False)}_test.py::test_{ident(3, False)}`.'
    if k == 4:
        pods = '\n'.join((f'{ch(["hl7-bridge", "fhir-gw", "lis-sync", "eps-adapter", "sukl-poller"])}-{hexs(10)[:ch([9,10])]}-{rs(5,"bcdfghjklmnpqrstvwxz2456789")}').ljust(39) + f'1/1     Running   {R.randint(0,4)}          {R.randint(1,40)}d' for _ in range(R.randint(3, 9)))
        return fence('', '$ kubectl -n lab get pods\nNAME                                   READY   STATUS    RESTARTS   AGE\n' + pods)
    if k == 5:
        return fence('csharp', f'public sealed class {pascal(3)}Handler : IRequestHandler<{pascal(2)}Command, Result>\n{{\n    private readonly I{pascal(2)}Provider _{ident(2)}Provider;\n    public Task<Result> Handle({pascal(2)}Command cmd, CancellationToken ct) => _{ident(2)}Provider.{pascal(3)}Async(cmd, ct);\n}}')
    if k == 6:
        return f'channel `{ch(["LAB_KRK", "BRNO_OKB", "THESS_MIKRO"])}_{ident(2, False).upper()}_OUT` w Mirth ma transformer `{ident(3)}` i filter `{ident(2)}Filter` — ktoś wie po co?'
    if k == 7:
        return fence('', f'#0  0x00007f{hexs(10)} in {mangle(["lis", "hl7", "OruParser", ident(2)])}Ev ()\n#1  0x00005{hexs(10)} in {mangle(["lis", "Masking", "mask" + pascal(1)])}ERKSs ()\n#2  0x00007f{hexs(10)} in start_thread () from /lib/x86_64-linux-gnu/libc.so.6')
    if k == 8:
        return fence('ts', f'export const {ident(3)} = (p: Patient) => p.identifier?.find(i => i.system === "{ch(["urn:oid:2.16.840.1.113883.3.4424.1.1.616", "https://ns.nemocnice.cz/rc", "urn:oid:1.3.6.1.4.1.48.1.1"])}")?.value;\nexport type {pascal(2)}Dto = {{ {ident(2)}: string; {ident(2)}Masked: boolean }};')
    if k == 9:
        return f'feature flagy: `{ident(2, False)}.enabled`, `{ident(3, False)}.rollout_pct`, `{ident(2, False)}.strict_mode` — na {ch(SITE)} jsou všechny vypnuté'
    if k == 10:
        return fence('go', f'panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x{R.randint(16,200):x} pc=0x{hexs(7)}]\n\ngoroutine {R.randint(10,900)} [running]:\ngithub.com/szpital-grupa/hl7-bridge/internal/{ident(1,False)}.(*{pascal(2)}Store).{pascal(3)}(0xc000{hexs(6)})\n\t/src/internal/{ident(1,False)}/store.go:{R.randint(20,400)} +0x{hexs(2)}')
    if k == 11:
        return fence('kotlin', f'data class {pascal(2)}(\n    val {ident(2)}: String,\n    @JsonIgnore val {ident(2)}Hash: ByteArray,\n    val {ident(2)}Expiry: Instant\n)')
    if k == 12:
        return f'`terraform state list`:\n```\nmodule.lab.aws_secretsmanager_secret.{ident(2, False)}\nmodule.lab.aws_secretsmanager_secret_version.{ident(2, False)}\nmodule.pharmacy.vault_kv_secret_v2.{ident(3, False)}\nmodule.pharmacy.kubernetes_secret.{ident(2, False)}_tls\n```'
    if k == 13:
        return f'Το πεδίο `{ident(3, False)}` στο FHIR extension `{ch(["http://iatriko.gr/fhir/StructureDefinition/", "https://fhir.szpital-grupa.pl/sd/"])}{ident(2)}` είναι string, όχι Identifier.'
    if k == 14:
        return fence('', f'webpack compiled with 1 warning\n  static/js/{ident(2,False)}.{hexs(8)}.chunk.js   {R.randint(10,400)}.{R.randint(1,99)} kB\n  static/js/{ident(2,False)}.{hexs(8)}.chunk.js   {R.randint(10,400)}.{R.randint(1,99)} kB\n  static/css/main.{hexs(8)}.css                {R.randint(2,40)}.{R.randint(1,9)} kB')
    return fence('rust', f'thread \'tokio-runtime-worker\' panicked at src/{ident(1,False)}.rs:{R.randint(10,300)}:{R.randint(5,40)}:\ncalled `Result::unwrap()` on an `Err` value: {pascal(2)}Error("{ident(3, False)} missing")\n   0: lis_gw::{ident(1,False)}::{ident(2,False)}::h{hexs(16)}')

# ---------------------------------------------------------------- non_credential_blob
def neg_blob():
    k = R.randint(0, 15)
    if k == 0:
        return fence('', '\n'.join(f'{hexs(7)} {ch(["fix(hl7): OBX-5 escaping", "feat(fhir): map LOINC", "chore: bump mirth 4.5", "oprava: VZP dávka 201", "fix: ATC lookup cache", "διόρθωση: EOPYY export"])}' for _ in range(R.randint(3, 10))))
    if k == 1:
        return f'image: registry.lab.local/hl7-bridge@sha256:{hexs(64)}\n(poprzedni digest: sha256:{hexs(64)})'
    if k == 2:
        return '\n'.join('{"ts":"%sT%02d:%02d:%02dZ","trace_id":"%s","span_id":"%s","msg":"%s"}' % (pdate(), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), hexs(32), hexs(16), ch(['ORU^R01 accepted', 'ACK AA', 'FHIR bundle posted', 'ATC map hit'])) for _ in range(R.randint(2, 8)))
    if k == 3:
        return f'FHIR Observation id `{uuid4()}` a Specimen `{uuid4()}` — ten druhý se v HIS neukazuje, proč?'
    if k == 4:
        return f'Podpis XAdES z e-recepty (to publiczny podpis, nie klucz):\n<ds:SignatureValue>{b64(rbytes(ch([128, 256])))}</ds:SignatureValue>\n<ds:DigestValue>{b64(rbytes(32))}</ds:DigestValue>'
    if k == 5:
        return '\n'.join(f'{hexs(64)}  {ch(["lis-interfaces", "fhir-gw", "eps-adapter"])}-{R.randint(1,4)}.{R.randint(0,20)}.{R.randint(0,9)}-{ch(["linux-amd64.tar.gz", "win-x64.zip", "noarch.rpm"])}' for _ in range(R.randint(2, 6)))
    if k == 6:
        return f'"integrity": "sha512-{b64(rbytes(64))}"\n"resolved": "https://registry.npmjs.org/fhir-kit-client/-/fhir-kit-client-{R.randint(1,2)}.{R.randint(0,9)}.{R.randint(0,9)}.tgz"'
    if k == 7:
        return f'Θυμίζω: το thumbprint του πιστοποιητικού του IDIKA είναι `{hexs(40).upper()}` (SHA-1) και το SHA-256 fingerprint `{":".join(hexs(2).upper() for _ in range(32))}` — είναι δημόσια.'
    if k == 8:
        return f'sops:\n  lastmodified: "{pdate()}T10:0{R.randint(0,9)}:00Z"\n  mac: ENC[AES256_GCM,data:{b64(rbytes(32))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]\nnfz_cert_pass: ENC[AES256_GCM,data:{b64(rbytes(18))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]'
    if k == 9:
        return f'ETag: "{hexs(32)}"\nx-request-id: {uuid4()}\nx-correlation-id: {hexs(16)}-{hexs(8)}\nLast-Modified: Sun, {R.randint(1,28)} Nov 2026 {R.randint(0,23):02d}:{R.randint(0,59):02d}:00 GMT'
    if k == 10:
        rows = '\n'.join(f'{pdate()};{hexs(32)};{ch(["ORU", "ORM", "ADT", "OML"])};{ch(["AA", "AE", "AR"])}' for _ in range(R.randint(5, 20)))
        return 'data;md5_zprávy;typ;ack\n' + rows
    if k == 11:
        return f'next_cursor: {b64(json.dumps({"offset": R.randint(100, 9000), "site": ch(["KRK", "BRNO", "THESS"])}).encode()).rstrip("=")}\n(to jen stránkování z API výsledků)'
    if k == 12:
        return f'vault:v1:{b64(rbytes(R.randint(28, 60)))}\n^ tak wygląda zaszyfrowany PESEL w kolumnie po Transit, klucza tu nie ma'
    if k == 13:
        return f'go.sum:\ngithub.com/szpital-grupa/hl7 v0.{R.randint(1,20)}.{R.randint(0,9)} h1:{b64(rbytes(32))}\ngithub.com/szpital-grupa/hl7 v0.{R.randint(1,20)}.{R.randint(0,9)}/go.mod h1:{b64(rbytes(32))}'
    if k == 14:
        return f'ssh host key pro sftp VZP: SHA256:{b64(rbytes(32)).rstrip("=")} (ED25519), ověřeno telefonicky s podporou'
    return f'Job {hexs(24)} ({ch(["build-lis", "deploy-fhir", "nightly-eps"])}) failed; artifact id {uuid4()}; cache key `{ch(["pip", "npm", "gradle"])}-{hexs(40)}`'

# ---------------------------------------------------------------- pii_lookalike_number
def neg_number():
    k = R.randint(0, 16)
    if k == 0:
        rows = '\n'.join(f'{ean13(ch(["590", "859", "520"]))};{ch(ATC)};{ch(DRUG)};{R.randint(1,400)};{money(ch(["PLN", "CZK", "EUR"]))}' for _ in range(R.randint(4, 25)))
        return 'EAN;ATC;nazwa;ilość;cena\n' + rows
    if k == 1:
        return f'(01){gtin14()}(17){R.randint(27,29)}{R.randint(1,12):02d}{R.randint(1,28):02d}(10){rs(6,"ABCDEFGHJKLMNPRSTUVWXYZ0123456789")}(21){rs(12,"ABCDEFGHJKLMNPRSTUVWXYZ0123456789")}\n^ skan z DataMatrix (FMD), weryfikacja w KOWAL zwróciła {ch(["ACTIVE", "DECOMMISSIONED", "NOT_FOUND"])}'
    if k == 2:
        p = pesel_fake()
        return f'Testowy pacjent w LIS ma PESEL {p} — to nie jest poprawny PESEL (zła suma kontrolna), używamy go celowo w środowisku TEST.'
    if k == 3:
        return f'Testovací rodné číslo {rc_fake()} neprojde kontrolou mod 11, takže ho HIS odmítne — přesně to chceme v testu validace.'
    if k == 4:
        return f'Ο δοκιμαστικός ΑΜΚΑ {amka_fake()} δεν περνάει τον έλεγχο, άρα το EPS θα επιστρέψει σφάλμα 4{R.randint(10,99)}.'
    if k == 5:
        rows = '\n'.join(f'| {sample_id()} | {ch(TEST)} | {ch(LOINC)} | {R.randint(1,300)}.{R.randint(0,9)} | {hl7ts()} |' for _ in range(R.randint(3, 15)))
        return '| próbka | test | LOINC | wynik | czas |\n|---|---|---|---|---|\n' + rows
    if k == 6:
        return f'Reklamace {nfz_claim()} a {vzp_claim()} — obě vrácené kvůli chybějícímu kódu výkonu {R.randint(1000,99999):05d}.'
    if k == 7:
        return f'Η απαίτηση {eopyy_ref()} για τον μήνα {R.randint(1,11)}/2026: {money("EUR")}, {R.randint(10,900)} συνταγές.'
    if k == 8:
        return f'Analizator {ch(["Sysmex XN-1000", "Cobas c 503", "Alinity ci", "Atellica CH"])} S/N {serial()}, firmware {R.randint(1,9)}.{R.randint(0,40)}.{R.randint(1000,30000)}, port MLLP {ch([2575, 6661, 5000])} na {pip()}'
    if k == 9:
        rows = '\n'.join(f'{nfz_claim()},{pdate()},{money("PLN")},{ch(["ZAAKCEPTOWANA", "ODRZUCONA", "W TOKU"])}' for _ in range(R.randint(5, 20)))
        return 'nr_swiadczenia,data,kwota,status\n' + rows
    if k == 10:
        return f'{ch(["v", "wersja ", "verze ", "έκδοση "])}{R.randint(1,9)}.{R.randint(0,30)}.{R.randint(0,99)}-rc.{R.randint(1,9)} → build {R.randint(1000,99999)}, epoch {R.randint(1760000000,1769999999)}, slack ts {R.randint(1760000000,1769999999)}.{dig(6,"0")}'
    if k == 11:
        rows = '\n'.join(f'{R.randint(1,28):02d}.{R.randint(1,11):02d}.2026  {vzp_claim():<28} {money("CZK"):>14}' for _ in range(R.randint(3, 12)))
        return '```\ndatum       dávka                         částka\n' + rows + '\n```'
    if k == 12:
        return f'Numer zlecenia {dig(8, "1")}, nr faktury FV/{R.randint(1,9999)}/{R.randint(1,11):02d}/2026, nr partii {rs(2,"ABCDEFGHKLMN")}{dig(5,"0")}, data ważności {R.randint(1,28):02d}.{R.randint(1,12):02d}.20{R.randint(27,30)}'
    if k == 13:
        return f'Subnety laboratoriów: {ch(SITE)} {pip()}/24, analizatory {pip()}/26, VPN {ch(["10.8.0.0/16", "100.64.12.0/22", "172.22.0.0/16"])}; dokumentacja używa 203.0.113.{R.randint(1,254)}.'
    if k == 14:
        return f'Počet zpráv za listopad: {R.randint(1,99)} {R.randint(100,999)} {R.randint(100,999)} ORU, {R.randint(100,999)} {R.randint(100,999)} ADT, průměr {R.randint(10,400)} ms, p99 {R.randint(400,3000)} ms'
    if k == 15:
        return f'HL7 MSH-7 `{hl7ts()}+0{ch([1,2])}00`, MSH-10 `{dig(10, "1")}`, OBR-3 `{sample_id()}`, PID-3 `{dig(8, "1")}^^^{ch(["KRK", "BRNO", "THESS"])}^MR`'
    return f'Κωδικός Barcode συνταγής {dig(8, "1")}{R.randint(10,99)}, EAN φαρμάκου {ean13("520")}, ATC {ch(ATC)}, τιμή {money("EUR")}'

# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    'pl': ['Rotujemy hasło do konta serwisowego LIS w piątek, nowe będzie tylko w Vault.', 'Nie wklejajcie tokenów do Slacka, nawet na DM.',
           'Certyfikat do P1 wygasa za 12 dni, ktoś ma dostęp do skrzynki z kluczem prywatnym?', 'Skaner sekretów znów krzyczy na numery EAN jako karty kredytowe.',
           'Po incydencie zmieniliśmy wszystkie klucze API do systemu NFZ.', 'PESEL-e w logach muszą być maskowane, to wymóg IOD.',
           'Hasło do Mirth jest w 1Password w sejfie IT-Lab, nie pytajcie na kanale.', 'Klucz do podpisu e-recepty trzymamy w HSM, nigdzie indziej.',
           'Czy ktoś wie, kto ma uprawnienia do resetu haseł w eApteka?', 'Token do GitHuba z CI wyciekł w logach? Nie, był zamaskowany, sprawdziłem.'],
    'cs': ['Heslo k databázi LIS měníme každých 90 dní, připomínka na pondělí.', 'Nikdo neposílejte API klíče do kanálu, používejte Vault.',
           'Certifikát pro SÚKL vyprší příští týden, kdo má přístup k privátnímu klíči?', 'Rodná čísla se v logu musí maskovat, jinak to DPO neschválí.',
           'Token pro VZP rozhraní jsme po auditu zneplatnili a vydali nový.', 'Scanner tajemství hlásí kódy vzorků jako čísla karet, to je false positive.',
           'Kde je uložený klíč k podepisování dávek? V HSM, ne na disku.', 'Heslo správce Mirth je v 1Password, ne v wiki.'],
    'el': ['Αλλάζουμε τον κωδικό του λογαριασμού υπηρεσίας του LIS την Παρασκευή.', 'Μην στέλνετε tokens στο Slack, ούτε σε DM.',
           'Το πιστοποιητικό για την ΗΔΙΚΑ λήγει σε 10 μέρες, ποιος έχει το ιδιωτικό κλειδί;', 'Οι ΑΜΚΑ στα logs πρέπει να είναι κρυμμένοι.',
           'Μετά το περιστατικό ανακαλέσαμε όλα τα API keys του EPS.', 'Ο κωδικός του Mirth είναι στο Vault, όχι στο wiki.',
           'Το scanner μυστικών βλέπει τους barcode των συνταγών ως κάρτες, είναι ψευδώς θετικό.'],
    'en': ['We rotate the LIS service account password on Friday; the new one lives only in Vault.', 'Please do not paste tokens in this channel.',
           'The IDIKA client cert expires in 10 days, who has access to the private key?', 'The secret scanner flags EAN-13 barcodes as card numbers again.',
           'After the incident we revoked every API key for the claims gateway.', 'Phone numbers and e-mails of patients must never reach the HL7 debug log.',
           'Is the Slack bot token for #lab-alerts stored in the sealed secret or in the Helm values?', 'Who can reset passwords in the pharmacy ERP?'],
}
def neg_talk():
    k = R.randint(0, 5)
    langs = ['pl', 'cs', 'el', 'en']
    if k <= 2:
        L = ch(langs) if k < 2 else None
        n = R.randint(1, 5)
        pool = TALK[L] if L else [x for l in langs for x in TALK[l]]
        sents = R.sample(pool, min(n, len(pool)))
        return ' '.join(sents) if R.random() < 0.5 else '\n'.join(('- ' if R.random() < 0.5 else '') + s for s in sents)
    if k == 3:
        return (f'**Post-mortem {pdate()}**\n- co: {ch(TALK["pl"])}\n- dopad: {ch(TALK["cs"])}\n- akce: {ch(TALK["en"])}\n- owner: {ch(["IT-Lab", "Apteka IT", "Ομάδα EPS"])}')
    if k == 4:
        return f'Q: {ch(TALK["en"])}\nA: {ch(TALK[ch(langs)])}'
    rx = ch([r"\d{11}", r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", r"xox[bp]-[0-9A-Za-z-]+", r"ghp_[A-Za-z0-9]{36}", r"sk-[A-Za-z0-9]{20,}"])
    return f'Regex w skanerze: `{rx}` łapie za dużo — ' + ch(TALK["pl"]).lower()

CATS = [('data_uri_base64', neg_data_uri), ('placeholder_example', neg_placeholder), ('code_identifier', neg_code),
        ('non_credential_blob', neg_blob), ('pii_lookalike_number', neg_number), ('talk_about_secrets', neg_talk)]

def build_negatives():
    out, seen, seen_core, redraws = [], set(), set(), {}
    for cat, fn in CATS:
        got = 0; tries = 0
        while got < 100:
            tries += 1
            if tries > 20000: raise SystemExit('too many redraws in ' + cat)
            t = fn()
            if t in seen_core: continue
            core = t
            if R.random() < 0.14: t = ch(LEAD) + ('\n' if t.startswith('```') else '') + t
            if R.random() < 0.07: t = t + ch(TRAIL)
            if t in seen: continue
            h = scan(t)
            if h:
                for kk, _ in h: redraws[kk] = redraws.get(kk, 0) + 1
                continue
            seen.add(t); seen_core.add(core); out.append((t, cat)); got += 1
    return out, redraws

def main():
    neg, redraws = build_negatives()
    pos = build_positives()
    for t, secs, _ in pos:
        for s in secs: assert s['value'] in t, s
    R.shuffle(neg); R.shuffle(pos)
    with open(os.path.join(HERE, 'redaction67_negatives.jsonl'), 'w', encoding='utf-8') as f:
        for i, (t, c) in enumerate(neg):
            f.write(json.dumps({'id': 'h67n-%04d' % (i + 1), 'text': t, 'category': c}, ensure_ascii=False) + '\n')
    with open(os.path.join(HERE, 'redaction67_positives.jsonl'), 'w', encoding='utf-8') as f:
        for i, (t, secs, ctx) in enumerate(pos):
            f.write(json.dumps({'id': 'h67p-%04d' % (i + 1), 'text': t, 'secrets': secs, 'context': ctx}, ensure_ascii=False) + '\n')
    # checks
    for t, secs, _ in pos:
        for s in secs:
            v = s['value']; k = s['kind']
            if k == 'credit_card': assert luhn_ok(re.sub(r'[ -]', '', v)), v
            if k == 'iban': assert iban_ok(v), v
            if k == 'us_ssn':
                a, g, sr = v.split('-'); assert a not in ('000', '666') and a[0] != '9' and g != '00' and sr != '0000'
            if k == 'ipv4_address': assert ip_public(v)
            if k == 'jwt':
                for seg in v.split('.')[:2]: json.loads(base64.urlsafe_b64decode(seg + '=' * (-len(seg) % 4)))
            if k == 'private_key_pem':
                base64.b64decode(re.sub(r'\\n|\s', '', v), validate=True)
    miss = []
    SCANNED = {'phone_number', 'credit_card', 'email_address', 'iban', 'us_ssn', 'ipv4_address', 'url_credentials', 'jwt', 'private_key_pem',
               'aws_access_key_id', 'github_classic_pat', 'github_fine_grained_pat', 'slack_bot_token', 'slack_user_token', 'openai_api_key', 'anthropic_api_key'}
    def nz(x): return re.sub(r'[^A-Za-z0-9]', '', x.replace('\\n', ''))
    for t, secs, ctx in pos:
        hs = scan(t)
        for s in secs:
            if s['kind'] not in SCANNED: continue
            v = nz(s['value'])
            if not any(nz(x[1]) and (nz(x[1]) in v or v in nz(x[1])) for x in hs): miss.append((s['kind'], ctx))
    final = [h for t, _ in neg for h in scan(t)]
    print('negatives', len(neg), 'positives', len(pos), 'secrets', sum(len(s) for _, s, _ in pos))
    print('redraws by scanner kind:', sorted(redraws.items()))
    print('final scan hits on negatives:', final)
    print('scanner misses on positives:', miss)

if __name__ == '__main__':
    main()
