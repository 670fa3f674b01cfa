#!/usr/bin/env python3
"""Blind redaction corpus #57: Slack of a live-service game studio (Seoul/Pangyo, Montreal, Warsaw/Krakow).

Writes redaction57_negatives.jsonl and redaction57_positives.jsonl next to itself and prints a scanner report.
Standard library only; random.Random(57 * 101) is the only source of randomness; output is deterministic.
"""
import base64
import hashlib
import json
import math
import os
import re
import struct
import sys
import zlib

import random

N = 57
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

DIG = '0123456789'
UP = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
LO = UP.lower()
B62 = UP + LO + DIG
HEX = '0123456789abcdef'
B64STD = UP + LO + DIG + '+/'
B64URL = UP + LO + DIG + '-_'


def rs(alpha, n):
    return ''.join(R.choice(alpha) for _ in range(n))


def ch(seq):
    return R.choice(seq)


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip('=')


def hexs(n):
    return rs(HEX, n)


def uuid4():
    h = list(hexs(32))
    h[12] = '4'
    h[16] = ch('89ab')
    h = ''.join(h)
    return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'


def ulid():
    return '01' + rs('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 24)


# ---------------------------------------------------------------- checksums

def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        s += x
    return s % 10 == 0


def luhn_make(prefix, length):
    body = prefix + rs(DIG, length - len(prefix) - 1)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def luhn_break(prefix, length):
    while True:
        d = prefix + rs(DIG, length - len(prefix))
        if not luhn_ok(d):
            return d


def iban_num(s):
    return int(''.join(str(int(c, 36)) for c in s))


def iban_valid(ib):
    ib = ib.replace(' ', '').replace('\n', '')
    if not re.fullmatch(r'[A-Z]{2}\d{2}[A-Z0-9]{10,30}', ib):
        return False
    return iban_num(ib[4:] + ib[:4]) % 97 == 1


def iban_make(cc, bban):
    cd = 98 - iban_num(bban + cc + '00') % 97
    ib = f'{cc}{cd:02d}{bban}'
    assert iban_valid(ib)
    return ib


IBAN_LEN = {'PL': 28, 'FR': 27, 'DE': 22, 'GB': 22, 'NL': 18, 'BE': 16, 'ES': 24, 'IT': 27, 'CH': 21, 'AT': 20,
            'LU': 20, 'PT': 25, 'IE': 22, 'SE': 24, 'CZ': 24, 'SK': 24, 'HU': 28, 'LT': 20, 'DK': 18, 'FI': 18,
            'NO': 15, 'MC': 27, 'GR': 27, 'RO': 24, 'HR': 21, 'SI': 19, 'EE': 20, 'LV': 21, 'BG': 22, 'CY': 28,
            'MT': 31, 'IS': 26}

PL_BANKS = ['102', '105', '109', '114', '116', '124', '249', '132', '175', '160', '187', '203']


def pl_sort_code():
    first7 = ch(PL_BANKS) + rs(DIG, 4)
    w = [3, 9, 7, 1, 3, 9, 7]
    c = (10 - sum(int(d) * k for d, k in zip(first7, w)) % 10) % 10
    return first7 + str(c)


def pl_sort_ok(s8):
    w = [3, 9, 7, 1, 3, 9, 7]
    return (sum(int(d) * k for d, k in zip(s8[:7], w)) + int(s8[7])) % 10 == 0


def iban_pl():
    return iban_make('PL', pl_sort_code() + rs(DIG, 16))


FR_BANKS = ['30004', '30003', '20041', '30002', '10278', '11315', '13335', '18206', '30066', '17515']


def fr_rib_key(bank, branch, acct):
    return 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)


def iban_fr():
    bank, branch, acct = ch(FR_BANKS), rs(DIG, 5), rs(DIG, 11)
    key = fr_rib_key(bank, branch, acct)
    return iban_make('FR', f'{bank}{branch}{acct}{key:02d}')


DE_BLZ = ['10070000', '37040044', '50010517', '20041133', '76026000', '70020270', '10010010', '12030000',
          '43060967', '60050101']


def iban_de():
    return iban_make('DE', ch(DE_BLZ) + rs(DIG, 10))


def group4(s, sep=' '):
    return sep.join(s[i:i + 4] for i in range(0, len(s), 4))


# ---------------------------------------------------------------- network / ids

def ipv4_public_tuple(a, b, c, d):
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


def ipv4_is_public(s):
    p = s.split('.')
    if len(p) != 4 or not all(x.isdigit() and int(x) <= 255 for x in p):
        return False
    return ipv4_public_tuple(*map(int, p))


PUB_PREFIXES = [(211, None), (121, None), (175, None), (222, None), (59, None), (13, 125), (3, 34), (52, 78),
                (24, None), (70, None), (174, None), (15, 222), (35, 182), (99, 79),
                (83, None), (89, None), (31, None), (46, None), (34, 116), (188, None), (91, None)]


def ipv4_public():
    while True:
        a, b = ch(PUB_PREFIXES)
        if b is None:
            b = R.randint(0, 255)
        ip = f'{a}.{b}.{R.randint(0, 255)}.{R.randint(1, 254)}'
        if ipv4_is_public(ip):
            return ip


def ip_private():
    k = R.randint(0, 3)
    if k == 0:
        return f'10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}'
    if k == 1:
        return f'172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)}'
    if k == 2:
        return f'192.168.{R.randint(0, 255)}.{R.randint(1, 254)}'
    return ch(['192.0.2.', '198.51.100.', '203.0.113.']) + str(R.randint(1, 254))


def ssn_make():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        return f'{a:03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}'


def ssn_valid(s):
    d = re.sub(r'\D', '', s)
    if len(d) != 9:
        return False
    a, g, n = int(d[:3]), int(d[3:5]), int(d[5:])
    return a not in (0, 666) and a < 900 and g != 0 and n != 0


# ---------------------------------------------------------------- crypto (real key material)

def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, 'big')
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 7) // 8), 'big')
    if b[0] & 0x80:
        b = b'\x00' + b
    return der(0x02, b)


def der_seq(*parts):
    return der(0x30, b''.join(parts))


def rand_bytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


def is_probable_prime(n):
    if n < 2:
        return False
    for p in SMALL_PRIMES:
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
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def gen_prime(bits):
    while True:
        c = R.getrandbits(bits) | (3 << (bits - 2)) | 1
        if is_probable_prime(c):
            return c


def rsa_key(bits=2048):
    e = 65537
    while True:
        p, q = gen_prime(bits // 2), gen_prime(bits // 2)
        if p == q:
            continue
        phi = (p - 1) * (q - 1)
        if math.gcd(e, phi) != 1:
            continue
        n = p * q
        d = pow(e, -1, phi)
        if p < q:
            p, q = q, p
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


def ec_p256_sec1():
    d = R.randrange(1, P256_N)
    x, y = ec_mul(d, P256_G)
    pub = b'\x04' + x.to_bytes(32, 'big') + y.to_bytes(32, 'big')
    oid = bytes.fromhex('06082a8648ce3d030107')
    return der_seq(der_int(1), der(0x04, d.to_bytes(32, 'big')), der(0xa0, oid), der(0xa1, der(0x03, b'\x00' + pub)))


ED_Q = 2 ** 255 - 19
ED_D = -121665 * pow(121666, -1, ED_Q) % ED_Q
ED_I = pow(2, (ED_Q - 1) // 4, ED_Q)


def ed_xrecover(y):
    xx = (y * y - 1) * pow(ED_D * y * y + 1, -1, ED_Q)
    x = pow(xx, (ED_Q + 3) // 8, ED_Q)
    if (x * x - xx) % ED_Q != 0:
        x = x * ED_I % ED_Q
    if x % 2 != 0:
        x = ED_Q - x
    return x


ED_BY = 4 * pow(5, -1, ED_Q) % ED_Q
ED_B = (ed_xrecover(ED_BY), ED_BY)


def ed_add(P, Q):
    (x1, y1), (x2, y2) = P, Q
    t = ED_D * x1 * x2 * y1 * y2
    x3 = (x1 * y2 + x2 * y1) * pow(1 + t, -1, ED_Q)
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, -1, ED_Q)
    return (x3 % ED_Q, y3 % ED_Q)


def ed_mul(k, P):
    acc = (0, 1)
    while k:
        if k & 1:
            acc = ed_add(acc, P)
        P = ed_add(P, P)
        k >>= 1
    return acc


def ed25519_pub(seed):
    h = hashlib.sha512(seed).digest()
    a = int.from_bytes(h[:32], 'little')
    a &= (1 << 254) - 8
    a |= 1 << 254
    x, y = ed_mul(a, ED_B)
    return (y | ((x & 1) << 255)).to_bytes(32, 'little')


def ed25519_pkcs8():
    seed = rand_bytes(32)
    return bytes.fromhex('302e020100300506032b657004220420') + seed


def rsa_pkcs8(pk1):
    alg = der_seq(bytes.fromhex('06092a864886f70d010101'), b'\x05\x00')
    return der_seq(der_int(0), alg, der(0x04, pk1))


def openssh_ed25519(comment):
    def s(b):
        return struct.pack('>I', len(b)) + b
    seed = rand_bytes(32)
    pub = ed25519_pub(seed)
    pubblob = s(b'ssh-ed25519') + s(pub)
    chk = R.getrandbits(32)
    priv = struct.pack('>II', chk, chk) + s(b'ssh-ed25519') + s(pub) + s(seed + pub) + s(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    return (b'openssh-key-v1\x00' + s(b'none') + s(b'none') + s(b'') + struct.pack('>I', 1) + s(pubblob) + s(priv))


def pem_lines(der_bytes, width=64):
    t = b64(der_bytes)
    return [t[i:i + width] for i in range(0, len(t), width)]


# ---------------------------------------------------------------- tokens

def base62(n, width):
    out = ''
    while n:
        n, r = divmod(n, 62)
        out = (DIG + UP + LO)[r] + out
    return out.rjust(width, '0')


def gh_classic():
    body = rs(B62, 30)
    return 'ghp_' + body + base62(zlib.crc32(body.encode()) & 0xffffffff, 6)


def gh_fine():
    return 'github_pat_11' + rs(UP + DIG, 20) + '_' + rs(B62, 59)


def slack_bot():
    return f'xoxb-{R.randint(10 ** 9, 10 ** 12)}-{R.randint(10 ** 12, 10 ** 13 - 1)}-{rs(B62, 24)}'


def slack_user():
    return (f'xoxp-{R.randint(10 ** 9, 10 ** 12)}-{R.randint(10 ** 9, 10 ** 12)}-'
            f'{R.randint(10 ** 12, 10 ** 13 - 1)}-{hexs(32)}')


def openai_key():
    k = R.randint(0, 2)
    if k == 0:
        return 'sk-proj-' + rs(B62 + '-_', 74) + 'T3BlbkFJ' + rs(B62 + '-_', 74)
    if k == 1:
        return 'sk-' + rs(B62, 20) + 'T3BlbkFJ' + rs(B62, 20)
    return 'sk-svcacct-' + rs(B62 + '-_', 74) + 'T3BlbkFJ' + rs(B62 + '-_', 74)


def anthropic_key():
    return 'sk-ant-api03-' + rs(B62 + '-_', 93) + 'AA'


def aws_key_id(temp=False):
    return ('ASIA' if temp else 'AKIA') + rs(UP + '234567', 16)


def aws_secret():
    return rs(B62 + '/+', 40)


def jwt_make(payload, alg='HS256'):
    hdr = {'alg': alg, 'typ': 'JWT'}
    if alg == 'RS256':
        hdr['kid'] = hexs(16)
    sig = rand_bytes(32 if alg == 'HS256' else 256)
    return (b64u(json.dumps(hdr, separators=(',', ':')).encode()) + '.' +
            b64u(json.dumps(payload, separators=(',', ':'), ensure_ascii=False).encode()) + '.' + b64u(sig))


# ================================================================ scanner

RX_EMAIL = re.compile(r'(?<![A-Za-z0-9._%+\-])[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}')
RX_TOKENS = [
    ('github_classic_pat', re.compile(r'(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{36}(?![A-Za-z0-9])')),
    ('github_fine_grained_pat', re.compile(r'github_pat_[A-Za-z0-9]{20,}_[A-Za-z0-9]{40,}')),
    ('slack_token', re.compile(r'xox[abposre]-\d{4,}-[A-Za-z0-9\-]{8,}')),
    ('anthropic_api_key', re.compile(r'sk-ant-(?:api|admin)\d\d-[A-Za-z0-9_\-]{60,}')),
    ('openai_api_key', re.compile(r'sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}')),
    ('jwt', re.compile(r'eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{10,}')),
]
RX_AKIA = re.compile(r'(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])')
RX_AWS_SECRET = re.compile(
    r'(?i)(?:aws_secret_access_key|secretaccesskey|aws_secret_key|secret_access_key|Secret Access Key \[[^\]\n]*\])'
    r'["\']?\s*[:=]?\s*["\']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])')
RX_PEM = re.compile(r'-----BEGIN ([A-Z0-9 ]*?)PRIVATE KEY-----(.*?)-----END \1PRIVATE KEY-----', re.S)
RX_SSN = re.compile(r'(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])')
RX_SSN_SP = re.compile(r'(?<!\d)(?<!\d )\d{3} \d{2} \d{4}(?!\d)(?! \d)')
RX_IBAN = re.compile(r'(?<![A-Za-z0-9])([A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8})')
RX_NRB = re.compile(r'(?<![\dA-Z])(\d{2}(?: ?\d{4}){6})(?!\d)')
RX_IPV4 = re.compile(r'(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d]|\.\d)')
RX_URLCRED = re.compile(r'[A-Za-z][A-Za-z0-9+.\-]*://([^\s:/@]+):([^\s@/]+)@')
RX_CONFPW = re.compile(r'(?i)(?<![a-z])(?:password|passwd|pwd|pass|passphrase|hasło|haslo|mot de passe|mdp|비밀번호|비번)'
                       r'["\']?[ \t]*[=:](?!:)[ \t]*["\']?([^\s"\'`,;<>]+)')
PHONE_RX = [
    ('intl', re.compile(r'(?<![A-Za-z0-9+])(?:\+|00)(?:82|1|48|33|49)[ \-.]?(?:\(0\)[ ]?)?\(?\d{1,4}\)?(?:[ \-.]?\d{2,4}){2,4}(?![A-Za-z0-9])')),
    ('kr', re.compile(r'(?<![A-Za-z0-9+])0(?:1[016789]|2|[3-6][1-5]|70)[ .\-)]?\d{3,4}[ .\-]?\d{4}(?![A-Za-z0-9])')),
    ('kr_paren', re.compile(r'\(0\d{1,2}\)[ ]?\d{3,4}[ .\-]?\d{4}(?![A-Za-z0-9])')),
    ('nanp', re.compile(r'(?<![A-Za-z0-9])(?:1[ \-.])?\(?[2-9]\d{2}\)?[ \-.]?[2-9]\d{2}[ \-.]\d{4}(?![A-Za-z0-9])')),
    ('nanp_plain', re.compile(r'(?<![A-Za-z0-9])1?[2-9]\d{2}[2-9]\d{6}(?![A-Za-z0-9])')),
    ('pl_mobile', re.compile(r'(?<![A-Za-z0-9])[4-8]\d{2}[ \-]\d{3}[ \-]\d{3}(?![A-Za-z0-9])')),
    ('pl_mobile_plain', re.compile(r'(?<![A-Za-z0-9])(?:45|5[0137]|6[069]|7[2389]|88)\d{7}(?![A-Za-z0-9])')),
    ('pl_land', re.compile(r'(?<![A-Za-z0-9(])\(?(?:1[2-8]|2[2-5]|3[2-4]|4[1-8]|5[2-9]|6[1-8]|7[14-7]|8[1-79]|9[14-5])\)?'
                           r'[ \-]\d{3}[ \-]\d{2}[ \-]\d{2}(?![A-Za-z0-9])')),
    ('fr', re.compile(r'(?<![A-Za-z0-9])0[1-9](?:[ .\-]?\d{2}){4}(?![A-Za-z0-9])')),
]

RX_CHATPW = [
    re.compile(r'(?i)\b(?:pw|pwd|password|passphrase|passcode)\s+(?:is|was)\s*:?\s*[`"\'«]?\s*([^\s`"\'»]+)'),
    re.compile(r'(?:비번|비밀번호)\s*(?:은|는|:)?\s*([^\s]+)\s*(?:입니다|이에요|예요|에요)'),
    re.compile(r"(?i)(?:mot de passe|mdp)[^\n]{0,50}?c'est\s*«?\s*([^\s»,]+)"),
    re.compile(r'(?i)(?:hasło|haslo)[^\n:]{0,50}:\s*([^\s,]+)'),
    re.compile(r"\s-(?:p|a|P|-password)[ =]?'([^'\n]+)'"),
    re.compile(r'-(?:Admin|Server)Password=(\S+)'),
]
RX_AWS_SECRET_LOOSE = re.compile(r'(?<![A-Za-z0-9/+=])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])')
RX_AWS_CTX = re.compile(r'(?i)secret|aws|klucz|clé|키|key')

PLACEHOLDER_PW = {'password', 'pass', 'pw', 'changeme', 'secret', 'guest', 'admin', 'root', 'postgres', 'example',
                  'test', 'user', 'pwd', 'passw0rd', 'mysecretpassword', 'hunter2', 'redacted', 'masked', 'filtered'}


def pw_is_placeholder(v, code_ok=True):
    lv = v.lower().strip('"\'')
    if lv in PLACEHOLDER_PW or not lv:
        return True
    if lv[0] in '<$%{[*(' or set(lv) <= set('x*•.…-_') or 'redact' in lv:
        return True
    if any(w in lv for w in ('your', 'replace', 'changeme', 'example', 'placeholder', 'todo', 'xxxx', 'here')):
        return True
    has_alpha = any(c.isalpha() for c in lv)
    has_other = any(c.isdigit() or not c.isalnum() for c in lv)
    if not (has_alpha and has_other):
        return True
    if code_ok and re.fullmatch(r'[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+(?:\(\))?', lv):  # code: req.body.password
        return True
    return False


def luhn_findings(text):
    out = []
    groups = [(m.start(), m.end()) for m in re.finditer(r'\d+', text)]
    chains, cur = [], []
    for g in groups:
        if cur:
            ps, pe = cur[-1]
            sep = text[pe:g[0]]
            ok = sep in (' ', '-') or (sep == '\n' and pe - ps == 4 and g[1] - g[0] == 4)
            if ok:
                cur.append(g)
                continue
            chains.append(cur)
        cur = [g]
    if cur:
        chains.append(cur)
    for c in chains:
        for i in range(len(c)):
            tot = ''
            for j in range(i, len(c)):
                tot += text[c[j][0]:c[j][1]]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot):
                    out.append(('credit_card', c[i][0], c[j][1]))
    return out


def scan(text):
    """Return a list of (kind, start, end) findings."""
    f = []
    for m in RX_EMAIL.finditer(text):
        f.append(('email_address', m.start(), m.end()))
    for kind, rx in RX_TOKENS:
        for m in rx.finditer(text):
            f.append((kind, m.start(), m.end()))
    for m in RX_AKIA.finditer(text):
        if 'EXAMPLE' not in m.group(0):
            f.append(('aws_access_key_id', m.start(), m.end()))
    for m in RX_AWS_SECRET.finditer(text):
        if 'EXAMPLE' not in m.group(1):
            f.append(('aws_secret_access_key', m.start(1), m.end(1)))
    for m in RX_PEM.finditer(text):
        body = m.group(2)
        clean = re.sub(r'^(?:Proc-Type|DEK-Info):.*$', '', body.replace('\\n', '\n'), flags=re.M)
        clean = re.sub(r'\s+', '', clean)
        if len(clean) >= 64 and re.fullmatch(r'[A-Za-z0-9+/]+={0,2}', clean):
            try:
                base64.b64decode(clean + '=' * (-len(clean) % 4), validate=True)
                s = m.start(2) + re.match(r'(?:\s|\\n)*', body).end()
                f.append(('private_key_pem', s, m.end(2)))
            except Exception:
                pass
    for m in RX_SSN.finditer(text):
        f.append(('us_ssn', m.start(), m.end()))
    for m in RX_SSN_SP.finditer(text):
        if ssn_valid(m.group(0)):
            f.append(('us_ssn', m.start(), m.end()))
    f.extend(luhn_findings(text))
    for m in RX_IBAN.finditer(text):
        raw = m.group(1)
        compact = raw.replace(' ', '')
        L = IBAN_LEN.get(compact[:2])
        cands = [compact[:L]] if L else [compact[:k] for k in range(15, min(len(compact), 34) + 1)]
        for c in cands:
            if iban_valid(c):
                f.append(('iban', m.start(1), m.end(1)))
                break
    for m in RX_NRB.finditer(text):
        if iban_valid('PL' + m.group(1).replace(' ', '')):
            f.append(('iban', m.start(1), m.end(1)))
    for m in RX_IPV4.finditer(text):
        if ipv4_is_public(m.group(1)):
            f.append(('ipv4_address', m.start(1), m.end(1)))
    for m in RX_URLCRED.finditer(text):
        if not pw_is_placeholder(m.group(2), code_ok=False):
            f.append(('url_credentials', m.start(2), m.end(2)))
    for m in RX_CONFPW.finditer(text):
        if not pw_is_placeholder(m.group(1)):
            f.append(('password', m.start(1), m.end(1)))
    for rx in RX_CHATPW:
        for m in rx.finditer(text):
            if not pw_is_placeholder(m.group(1)):
                f.append(('password', m.start(1), m.end(1)))
    for m in RX_AWS_SECRET_LOOSE.finditer(text):
        v = m.group(1)
        if (any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v)
                and 'EXAMPLE' not in v and RX_AWS_CTX.search(text[max(0, m.start() - 80):m.start()])):
            f.append(('aws_secret_access_key', m.start(1), m.end(1)))
    for name, rx in PHONE_RX:
        for m in rx.finditer(text):
            f.append(('phone_number', m.start(), m.end()))
    return f


def unlabelled(text, secrets):
    spans = []
    for s in secrets:
        i = text.find(s['value'])
        while i >= 0:
            spans.append((i, i + len(s['value'])))
            i = text.find(s['value'], i + 1)
    bad = []
    for kind, a, b in scan(text):
        if not any(a < e and s < b for s, e in spans):
            bad.append((kind, text[a:b]))
    return bad


def covered(text, value):
    i = text.find(value)
    e = i + len(value)
    return any(a < e and i < b for _, a, b in scan(text))


# ================================================================ real media bytes

def png_bytes(w=None, h=None, rgba=None):
    w = w or ch([1, 2, 4, 8, 12, 16])
    h = h or ch([1, 2, 4, 8, 12, 16])
    rgba = ch([True, False]) if rgba is None else rgba
    bpp = 4 if rgba else 3
    mode = ch(['solid', 'grad', 'checker', 'noise'] if w * h <= 64 else ['solid', 'grad', 'checker'])
    c1 = [R.randrange(256) for _ in range(bpp)]
    c2 = [R.randrange(256) for _ in range(bpp)]
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if mode == 'solid':
                px = c1
            elif mode == 'grad':
                t = (x + y) / max(1, w + h - 2)
                px = [int(a + (b - a) * t) for a, b in zip(c1, c2)]
            elif mode == 'checker':
                px = c1 if (x // 2 + y // 2) % 2 == 0 else c2
            else:
                px = [R.randrange(256) for _ in range(bpp)]
            row.extend(px)
        rows.append(bytes(row))

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6 if rgba else 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + chunk(b'IEND', b'')), w, h


def gif_bytes():
    pal = rand_bytes(6)
    g = b'GIF89a' + struct.pack('<HHBBB', 1, 1, 0x80, 0, 0) + pal
    if R.random() < 0.5:
        g += b'\x21\xf9\x04\x01\x00\x00\x00\x00'
    return g + b'\x2c' + struct.pack('<HHHHB', 0, 0, 1, 1, 0) + b'\x02\x02\x44\x01\x00\x3b'


def bmp_bytes():
    w, h = ch([1, 2, 3, 4]), ch([1, 2, 3, 4])
    rs_ = (w * 3 + 3) & ~3
    pix = b''.join(rand_bytes(w * 3) + b'\x00' * (rs_ - w * 3) for _ in range(h))
    return (b'BM' + struct.pack('<IHHI', 54 + len(pix), 0, 0, 54) +
            struct.pack('<IiiHHIIiiII', 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0) + pix)


def ico_bytes():
    side = ch([16, 16, 32])
    p, w, h = png_bytes(side, side, True)
    return struct.pack('<HHH', 0, 1, 1) + struct.pack('<BBBBHHII', w % 256, h % 256, 0, 0, 1, 32, len(p), 22) + p


def wav_bytes():
    sr = ch([8000, 11025, 16000])
    n = ch([24, 32, 48])
    f = ch([440, 660, 880, 1200])
    data = bytes(max(0, min(255, 128 + int(90 * math.sin(2 * math.pi * f * i / sr) * (1 - i / n)))) for i in range(n))
    return (b'RIFF' + struct.pack('<I', 36 + len(data)) + b'WAVE' + b'fmt ' +
            struct.pack('<IHHIIHH', 16, 1, 1, sr, sr, 1, 8) + b'data' + struct.pack('<I', len(data)) + data)


def pdf_bytes():
    txt = ch(['Receipt', 'Invoice preview', 'Refund summary', 'Patch notes']) + ' ' + rs(UP, 2) + '-' + rs(DIG, 5)
    stream = b'BT /F1 12 Tf 20 50 Td (' + txt.encode() + b') Tj ET'
    objs = [b'<< /Type /Catalog /Pages 2 0 R >>', b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
            b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R '
            b'/Resources << /Font << /F1 5 0 R >> >> >>',
            b'<< /Length %d >>\nstream\n' % len(stream) + stream + b'\nendstream',
            b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>']
    out = b'%PDF-1.4\n'
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += b'%d 0 obj\n' % i + o + b'\nendobj\n'
    x = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objs) + 1)
    for o in offs:
        out += b'%010d 00000 n \n' % o
    out += b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objs) + 1, x)
    return out


WEBP_KNOWN = ['UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
              'UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA']

SVG_PATHS = ['M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z', 'M4 4h16v16H4z', 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z',
             'M2 12l10-10 10 10-10 10z', 'M6 2h12l4 6-10 14L2 8z', 'M3 17l6-6 4 4 8-8', 'M12 3v18M3 12h18']


def svg_text():
    sz = ch([16, 20, 24, 32, 48])
    col = '#' + hexs(6)
    extra = '' if R.random() < 0.5 else f' stroke="#{hexs(6)}" stroke-width="{ch([1, 1.5, 2])}"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{sz}" height="{sz}" viewBox="0 0 24 24">'
            f'<path d="{ch(SVG_PATHS)}" fill="{col}"{extra}/></svg>')


def svg_pct(s):
    out = []
    for c in s:
        if c in '<>#"%{}|\\^`' or ord(c) > 126:
            out.append('%' + format(ord(c), '02X'))
        elif c == '"':
            out.append("'")
        else:
            out.append(c)
    return ''.join(out).replace('%22', "'")


def sourcemap_b64():
    src = ch(['Checkout', 'StorePanel', 'BundleCard', 'RankBadge', 'QueueTimer', 'LocaleSwitcher', 'RefundForm'])
    names = R.sample(['useCart', 'total', 'formatPrice', 'locale', 'props', 'setState', 'useQueue', 'region', 'i18n'], 3)
    segs = ';'.join(','.join(rs(UP + LO, 4) for _ in range(R.randint(1, 4))) for _ in range(R.randint(3, 7)))
    sm = {'version': 3, 'file': src.lower() + '.js', 'sources': [f'../src/{ch(["store", "ui", "lobby"])}/{src}.tsx'],
          'names': names, 'mappings': segs}
    return b64(json.dumps(sm, separators=(',', ':')).encode())


LOC_ROWS = [('store.buy_button', 'Buy', '구매', 'Acheter', 'Kup'),
            ('store.bundle.title', 'Starter bundle', '스타터 번들', 'Ensemble de départ', 'Pakiet startowy'),
            ('mm.queue.searching', 'Searching for match', '매치 검색 중', 'Recherche de partie', 'Szukanie meczu'),
            ('mm.queue.cancel', 'Cancel', '취소', 'Annuler', 'Anuluj'),
            ('ac.kick.reason', 'Integrity check failed', '무결성 검사 실패', "Échec de la vérification d'intégrité",
             'Sprawdzenie integralności nie powiodło się'),
            ('support.contact', 'Contact support', '고객센터 문의', 'Joindre le soutien', 'Skontaktuj się z pomocą'),
            ('ui.settings.language', 'Language', '언어', 'Langue', 'Język'),
            ('store.refund.pending', 'Refund pending', '환불 대기 중', 'Remboursement en attente', 'Zwrot w toku')]


def loc_csv_b64():
    rows = R.sample(LOC_ROWS, R.randint(2, 4))
    lang = ch([('ko-KR', 2), ('fr-CA', 3), ('pl-PL', 4)])
    txt = 'key,en,' + lang[0] + '\n' + ''.join(f'{r[0]},{r[1]},"{r[lang[1]]}"\n' for r in rows)
    return b64(txt.encode()), lang[0]


def media():
    """Return (mime, base64, short description)."""
    k = ch(['png', 'png', 'png', 'gif', 'bmp', 'ico', 'wav', 'pdf', 'webp', 'svg'])
    if k == 'png':
        p, w, h = png_bytes()
        return 'image/png', b64(p), f'PNG image data, {w} x {h}'
    if k == 'gif':
        return 'image/gif', b64(gif_bytes()), 'GIF image data, version 89a, 1 x 1'
    if k == 'bmp':
        return 'image/bmp', b64(bmp_bytes()), 'PC bitmap, Windows 3.x format'
    if k == 'ico':
        return 'image/x-icon', b64(ico_bytes()), 'MS Windows icon resource - 1 icon'
    if k == 'wav':
        return 'audio/wav', b64(wav_bytes()), 'RIFF (little-endian) data, WAVE audio, Microsoft PCM, 8 bit, mono'
    if k == 'pdf':
        return 'application/pdf', b64(pdf_bytes()), 'PDF document, version 1.4, 1 pages'
    if k == 'webp':
        return 'image/webp', ch(WEBP_KNOWN), 'RIFF (little-endian) data, Web/P image'
    return 'image/svg+xml', b64(svg_text().encode()), 'SVG Scalable Vector Graphics image'


def img_media():
    while True:
        m = media()
        if m[0].startswith('image/'):
            return m


def trunc(s):
    if len(s) > 120 and R.random() < 0.5:
        cut = R.randint(40, 90)
        return s[:cut] + ch(['…', '...', f'… [{len(s) - cut} more chars]', '…(truncated)'])
    return s


# ================================================================ negatives

NEG = {}


def neg(cat):
    def deco(fn):
        NEG.setdefault(cat, []).append(fn)
        return fn
    return deco


SERVICES = ['matchmaker', 'mm-director', 'lobby-svc', 'ac-sentinel', 'ac-ingest', 'store-api', 'payments-gw',
            'entitlements', 'support-tools', 'loc-pipeline', 'patcher', 'telemetry-rx', 'party-svc', 'chat-gw']
REGIONS = ['kr-seoul', 'ca-montreal', 'eu-warsaw', 'jp-tokyo', 'us-east', 'eu-frankfurt']
UI_NAMES = ['coin', 'gem', 'rank-gold', 'rank-diamond', 'battlepass', 'queue-spinner', 'flag-kr', 'flag-qc', 'flag-pl',
            'lock', 'shield', 'refund', 'bundle-frame', 'avatar-default', 'loading-dot']


# ---------------------------------------------------------------- data_uri_base64

@neg('data_uri_base64')
def _d1():
    mime, b, _ = img_media()
    sel = ch(['.store-tile__icon', '.currency--gem', '.rank-badge', '.queue-pill::before', '.bp-tier--locked'])
    return (f'```css\n{sel} {{\n  width: {ch([16, 20, 24, 32])}px;\n  height: {ch([16, 20, 24, 32])}px;\n'
            f'  background-image: url("data:{mime};base64,{b}");\n  background-size: contain;\n}}\n```')


@neg('data_uri_base64')
def _d2():
    mime, b, _ = img_media()
    alt = ch(UI_NAMES)
    return f'```jsx\n<img className="h-4 w-4" alt="{alt}" src="data:{mime};base64,{b}" />\n```'


@neg('data_uri_base64')
def _d3():
    p, w, h = png_bytes(ch([4, 8, 10]), ch([4, 6, 8]))
    return (f'the blur placeholder for the store hero is inlined, no extra request:\n```tsx\n<Image src={{heroUrl}} '
            f'placeholder="blur" blurDataURL="data:image/png;base64,{b64(p)}" width={{{w * 120}}} height={{{h * 120}}} />\n```')


@neg('data_uri_base64')
def _d4():
    p, w, h = png_bytes()
    return ('```json\n{\n "output_type": "display_data",\n "data": {\n  "image/png": "' + b64(p) +
            '",\n  "text/plain": ["<Figure size ' + str(w * 80) + 'x' + str(h * 60) + ' with 1 Axes>"]\n },\n'
            ' "metadata": {}\n}\n```\n' + ch(['queue-time histogram cell from the MM notebook, the png is tiny because the export downsampled it',
                                             '매치메이킹 대기시간 노트북 셀인데 이미지가 왜 이렇게 작죠?',
                                             "la cellule du notebook pour les temps d'attente, l'image est minuscule",
                                             'komórka z notebooka od czasów kolejki, obrazek się zmniejszył przy eksporcie']))


@neg('data_uri_base64')
def _d5():
    p, w, h = png_bytes()
    cls = ch(['RankIconFixture', 'StoreIconTests', 'FallbackTextures', 'LoadingScreenFixture'])
    return (f'```csharp\npublic static class {cls}\n{{\n    // {w}x{h} fallback used when the CDN is down\n'
            f'    public const string Png = "{b64(p)}";\n\n    public static Texture2D Load()\n    {{\n'
            f'        var tex = new Texture2D({w}, {h});\n        tex.LoadImage(Convert.FromBase64String(Png));\n'
            f'        return tex;\n    }}\n}}\n```')


@neg('data_uri_base64')
def _d6():
    b = b64(gif_bytes())
    name = ch(['transparentPixel', 'trackingPixel', 'emptyAvatar', 'spacerGif'])
    return f'```go\n// {name} is served when the avatar service times out\nconst {name} = "data:image/gif;base64,{b}"\n```'


@neg('data_uri_base64')
def _d7():
    b = b64(gif_bytes())
    return (f'```python\nimport base64\n\nPIXEL = base64.b64decode("{b}")\n\n\ndef test_pixel_is_gif():\n'
            f'    assert PIXEL[:6] == b"GIF89a"\n    assert len(PIXEL) == {len(base64.b64decode(b))}\n```')


@neg('data_uri_base64')
def _d8():
    mime, b, _ = media()
    return ('HAR entry from the store webview, the request that stalls:\n```json\n{"request": {"method": "GET", "url": "'
            f'https://cdn.shardfall.gg/store/{ch(UI_NAMES)}.{mime.split("/")[1].replace("svg+xml", "svg")}"}}, '
            f'"response": {{"status": 200, "content": {{"size": {len(base64.b64decode(b))}, "mimeType": "{mime}", '
            f'"text": "{b}", "encoding": "base64"}}}}, "time": {R.randint(12, 900)}.{R.randint(10, 99)}}}\n```')


@neg('data_uri_base64')
def _d9():
    mime, b, _ = img_media()
    return (f"Refused to load the image 'data:{mime};base64,{trunc(b)}' because it violates the following Content "
            f"Security Policy directive: \"img-src 'self' https://cdn.shardfall.gg\".\n"
            + ch(['^ store webview on the KR build, we need `data:` in img-src',
                  '스토어 웹뷰에서 이거 떠요. img-src에 data: 추가해야 할 듯',
                  "ça plante juste dans le webview de la boutique, faut ajouter data: dans img-src",
                  'to wyskakuje tylko w webview sklepu, trzeba dodać data: do img-src']))


@neg('data_uri_base64')
def _d10():
    p, w, h = png_bytes()
    return f'![{ch(UI_NAMES)}](data:image/png;base64,{b64(p)}) ← {ch(["new icon for the patch notes page", "패치노트 아이콘 교체본", "nouvelle icône pour les notes de mise à jour", "nowa ikona do patch notes"])}'


@neg('data_uri_base64')
def _d11():
    mime, b, desc = media()
    return f'```\n$ echo \'{b}\' | base64 -d | file -\n/dev/stdin: {desc}\n```'


@neg('data_uri_base64')
def _d12():
    mime, b, _ = img_media()
    return ch([f'스토어 아이콘은 그냥 data URI로 박아놨어요: `data:{mime};base64,{b}`',
               f'le placeholder du loading screen, c\'est juste ça: `data:{mime};base64,{b}` pis c\'est tout',
               f'ikonka waluty jako data URI, wrzucam do PR: `data:{mime};base64,{b}`',
               f'inlined the {ch(UI_NAMES)} icon so the launcher works offline: `data:{mime};base64,{b}`'])


@neg('data_uri_base64')
def _d13():
    mime, b, _ = img_media()
    return ('```html\n<table role="presentation" width="100%">\n  <tr>\n    <td align="center">\n'
            f'      <img width="48" height="48" alt="" src="data:{mime};base64,{b}">\n'
            f'      <p style="font-family:Arial">{ch(["Your refund was processed", "환불이 처리되었습니다", "Votre remboursement a été traité", "Twój zwrot został przetworzony"])}</p>\n'
            '    </td>\n  </tr>\n</table>\n```\n(in-game mail template, ' + ch(['ko-KR', 'fr-CA', 'pl-PL', 'en-US']) + ')')


@neg('data_uri_base64')
def _d14():
    b = b64(svg_text().encode())
    return (f'{ts_iso()}  DEBUG ui.store  thumbnail fallback sku={sku()} '
            f'placeholder=data:image/svg+xml;base64,{b}')


@neg('data_uri_base64')
def _d15():
    s = svg_text()
    return (f'```scss\n.mm-region-chip--{ch(["kr", "qc", "pl", "jp"])} {{\n  mask-image: url("data:image/svg+xml,{svg_pct(s)}");\n'
            f'  background-color: var(--chip-fg);\n}}\n```')


@neg('data_uri_base64')
def _d16():
    s = svg_text()
    return f'```css\n.ac-shield {{ background: url(\'data:image/svg+xml;utf8,{s}\') no-repeat center; }}\n```'


@neg('data_uri_base64')
def _d17():
    b = sourcemap_b64()
    return (f'the minified store bundle still ships the inline map, that is why it is 2x bigger:\n```\n'
            f'...n(t){{return e.total+t}}}}}};\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,{b}\n```')


@neg('data_uri_base64')
def _d18():
    b = b64(wav_bytes())
    return (f'```ts\n// UI click for the queue-pop, {ch(["8-bit mono", "tiny PCM"])} so it preloads instantly\n'
            f'const queuePop = new Audio("data:audio/wav;base64,{b}");\nqueuePop.volume = {ch(["0.4", "0.6", "0.8"])};\n```')


@neg('data_uri_base64')
def _d19():
    b = b64(pdf_bytes())
    return (f'receipt preview in support-tools renders from an inline pdf:\n```html\n<iframe title="receipt" '
            f'src="data:application/pdf;base64,{b}"></iframe>\n```')


@neg('data_uri_base64')
def _d20():
    p, w, h = png_bytes()
    b = b64(p)
    cut = R.randint(40, 70)
    return (f'{ch(["launcher log", "런처 로그", "journal du lanceur", "log launchera"])}: `banner={ "data:image/png;base64," + b[:cut]}…` '
            f'({len(b) - cut} more chars)')


@neg('data_uri_base64')
def _d21():
    b = ch(WEBP_KNOWN)
    return (f'```kotlin\nobject StorePlaceholders {{\n    // 1x1 webp, decoded by Coil before the real art arrives\n'
            f'    const val BUNDLE_TILE = "data:image/webp;base64,{b}"\n    const val TILE_RATIO = {ch(["1.0f", "0.75f", "1.33f"])}\n}}\n```'
            + (f'\nsize check: {len(base64.b64decode(b))} bytes' if R.random() < 0.5 else ''))


@neg('data_uri_base64')
def _d22():
    b = b64(bmp_bytes())
    return (f'```yaml\nlauncher:\n  splash_fallback: "data:image/bmp;base64,{b}"\n  retry_ms: {ch([250, 500, 1000])}\n'
            f'  region: {ch(REGIONS)}\n```')


@neg('data_uri_base64')
def _d23():
    out = {}
    for loc in R.sample(['ko-KR', 'fr-CA', 'pl-PL', 'en-US', 'ja-JP'], 3):
        p, _, _ = png_bytes(ch([4, 8]), ch([3, 4]), False)
        out[loc] = {'label': {'ko-KR': '한국어', 'fr-CA': 'Français (Canada)', 'pl-PL': 'Polski', 'en-US': 'English',
                              'ja-JP': '日本語'}[loc], 'flag_icon': 'data:image/png;base64,' + b64(p)}
    return '```json\n' + json.dumps(out, ensure_ascii=False, indent=2) + '\n```'


@neg('data_uri_base64')
def _d24():
    b = b64(ico_bytes())
    return f'```html\n<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,{b}">\n```'


@neg('data_uri_base64')
def _d25():
    b, loc = loc_csv_b64()
    return (f'the loc export button is just a data URI, no backend:\n```html\n<a download="strings_{loc}.csv" '
            f'href="data:text/csv;charset=utf-8;base64,{b}">Export {loc}</a>\n```')


@neg('data_uri_base64')
def _d26():
    mime, b, _ = img_media()
    return (f'```\n{ts_iso()} WARN  crash-reporter  attachment too large, inlining thumbnail\n'
            f'  "thumbnail": "data:{mime};base64,{trunc(b)}"\n```')


@neg('data_uri_base64')
def _d27():
    mime, b, _ = img_media()
    return ch([f'c\'est tu normal que le manifest du PWA ait l\'icône en base64? `{{"src": "data:{mime};base64,{b}", "sizes": "any"}}`',
               f'czemu manifest PWA ma ikonę w base64? `{{"src": "data:{mime};base64,{b}", "sizes": "any"}}`',
               f'PWA manifest 아이콘이 base64로 들어가 있네요 `{{"src": "data:{mime};base64,{b}", "sizes": "any"}}`'])


@neg('data_uri_base64')
def _d28():
    b = b64(json.dumps({'region': ch(REGIONS), 'queue': ch(['ranked', 'casual', 'arena']), 'party_size': R.randint(1, 5),
                        'locale': ch(['ko-KR', 'fr-CA', 'pl-PL'])}, separators=(',', ':')).encode())
    return f'matchmaker debug overlay passes the ticket filter as `data:application/json;base64,{b}` in the query string, decodes fine'


# ---------------------------------------------------------------- shared fillers

def ts_iso():
    return (f'2025-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:'
            f'{R.randint(0, 59):02d}.{R.randint(0, 999):03d}Z')


def sku():
    return ch(['KR', 'CA', 'PL', 'GL']) + '-' + ch(['GEMS', 'BP', 'SKIN', 'BUNDLE', 'CREDITS']) + '-' + str(ch([120, 500, 1200, 2500, 6500]))


def semver():
    return f'{R.randint(0, 4)}.{R.randint(0, 60)}.{R.randint(0, 30)}'


# ---------------------------------------------------------------- placeholder_example

ENV_KEYS = ['STEAM_WEB_API_KEY', 'STEAM_BUILD_PASSWORD', 'EOS_CLIENT_SECRET', 'XSOLLA_API_KEY', 'TOSS_SECRET_KEY',
            'P24_CRC_KEY', 'MONERIS_API_TOKEN', 'PLAYFAB_SECRET_KEY', 'AC_SIGNING_KEY', 'SENTRY_AUTH_TOKEN',
            'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'SLACK_BOT_TOKEN', 'DEEPL_AUTH_KEY', 'CROWDIN_TOKEN',
            'ZENDESK_API_TOKEN', 'DB_PASSWORD', 'REDIS_PASSWORD', 'JWT_SIGNING_SECRET', 'GITHUB_TOKEN']
PH_VALUES = ['<your-key-here>', 'YOUR_API_KEY', 'changeme', '', '${{ secrets.%s }}', '<paste-token-here>', 'xxxxxxxx',
             '<여기에_키_입력>', '<ta-clé-ici>', '<wklej-klucz-tutaj>', 'REPLACE_ME', '***', '${%s}', '<redacted>',
             'TODO', 'your-token', '"<set in vault>"', '%%%s%%', '$(%s)']


def ph_value(key):
    v = ch(PH_VALUES)
    return v % key if '%s' in v else v.replace('%%', '%')


@neg('placeholder_example')
def _p1():
    keys = R.sample(ENV_KEYS, R.randint(3, 7))
    lines = [f'{k}={ph_value(k)}' for k in keys]
    hdr = ch(['# .env.example — copy to .env and fill in', '# .env.example (do not commit the real one)',
              '# 예시 파일입니다. 실제 값은 1Password에', '# exemple seulement, les vraies valeurs sont dans Vault',
              '# przykład, prawdziwe wartości są w Vault'])
    return '```\n' + hdr + '\n' + '\n'.join(lines) + '\n```'


@neg('placeholder_example')
def _p2():
    k1, k2 = R.sample(['STEAM_BUILD_USER', 'STEAM_BUILD_PASSWORD', 'STEAM_TOTP_SEED', 'STEAM_CONFIG_VDF'], 2)
    return ('```yaml\n- name: Upload to Steam\n  run: |\n    steamcmd +login "${{ secrets.' + k1 + ' }}" '
            '"${{ secrets.' + k2 + ' }}" \\\n      +run_app_build ../scripts/app_build_' + str(R.randint(1000000, 2999999)) +
            '.vdf +quit\n  env:\n    BRANCH: ' + ch(['beta', 'staging', 'default', 'pts']) + '\n```')


@neg('placeholder_example')
def _p3():
    k = ch(['licenseKey', 'signingKeyRef', 'apiToken', 'webhookSecret', 'dbPassword'])
    comp = ch(['anticheat', 'store', 'payments', 'matchmaker', 'support'])
    return ('```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: ' + comp + '-secrets\ntype: Opaque\nstringData:\n'
            '  ' + k + ': {{ .Values.' + comp + '.' + k + ' | quote }}\n  region: {{ .Values.region }}\n```')


@neg('placeholder_example')
def _p4():
    refs = [f'op://LiveOps/{ch(["Toss Payments", "Przelewy24", "Moneris", "Steamworks", "Epic EOS"])}/{ch(["secret_key", "password", "api_key", "crc"])}',
            f'vault:secret/data/{ch(["store", "ac", "mm", "support"])}/{ch(["prod", "staging"])}#{ch(["api_key", "password", "signing_key"])}',
            '{{resolve:secretsmanager:' + ch(['prod/store/toss', 'prod/ac/signing', 'staging/p24']) + ':SecretString:' + ch(['secret_key', 'crc', 'password']) + '}}']
    r = ch(refs)
    return ch([f'don\'t paste the key, reference it: `{r}`',
               f'키는 직접 넣지 말고 이렇게 참조해 주세요: `{r}`',
               f'mettez pas la clé en clair, utilisez la référence `{r}`',
               f'nie wklejajcie klucza, tylko referencję: `{r}`'])


@neg('placeholder_example')
def _p5():
    pref = ch(['sk-...', 'sk-proj-…', 'sk-ant-api03-...', 'xoxb-your-bot-token', 'xoxb-…', 'ghp_xxxxxxxxxxxx', 'github_pat_...',
               'AKIA...', 'AIza****…', 'glpat-xxxx…', 'sk_live_xxx', 'whsec_...', 'test_sk_…', 'xoxp-...'])
    return ch([f'the one that starts with `{pref}` — the rest is in the vault, ask in #sec-help',
               f'`{pref}`로 시작하는 키 맞아요. 나머지는 볼트에 있어요',
               f'c\'est celle qui commence par `{pref}`, le reste est dans le coffre',
               f'ten co zaczyna się od `{pref}`, reszta w sejfie'])


@neg('placeholder_example')
def _p6():
    return ('```\n$ aws configure --profile ' + ch(['crash-dumps', 'patch-cdn', 'ac-replays', 'loc-exports']) + '\n'
            'AWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\nAWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n'
            f'Default region name [None]: {ch(["ap-northeast-2", "ca-central-1", "eu-central-1"])}\nDefault output format [None]: json\n```\n'
            + ch(['(values from the AWS docs, for the onboarding page)', '(AWS 문서 예시값입니다)', '(valeurs bidon de la doc AWS)',
                  '(przykładowe wartości z dokumentacji AWS)']))


@neg('placeholder_example')
def _p7():
    t = ch(['EC ', 'RSA ', '', 'OPENSSH '])
    return (ch(['format the file like this:', '파일 형식은 이렇게:', 'le fichier doit ressembler à ça:', 'plik ma wyglądać tak:']) +
            f'\n```\n-----BEGIN {t}PRIVATE KEY-----\n{ch(["...", "…", "<base64 body>", "(your key)", "MIIE...snip...", "xxxx"])}\n'
            f'-----END {t}PRIVATE KEY-----\n```')


@neg('placeholder_example')
def _p8():
    last = rs(DIG, 4)
    return ch([f'support macro: "We can see a card ending in •••• {last}, please confirm it is yours."',
               f'고객 응대 매크로: "끝자리 {last} 카드로 결제된 건 맞으신가요?" (카드번호 **** **** **** {last})',
               f'macro du soutien : « Votre carte se terminant par {last} (**** **** **** {last}) a été débitée. »',
               f'makro supportu: "Karta kończąca się na {last} (xxxx-xxxx-xxxx-{last}) została obciążona."'])


@neg('placeholder_example')
def _p9():
    cc = ch(['PL', 'FR', 'DE'])
    last = rs(DIG, 4)
    return ch([f'payout account on file: {cc}** **** **** **** {last} (masked in support-tools, full value only in finance)',
               f'정산 계좌: {cc}** **** **** {last} 로만 보여요',
               f'compte de versement : {cc}•• •••• •••• •••• {last}',
               f'konto do wypłat: {cc}XX XXXX XXXX XXXX XXXX {last}'])


@neg('placeholder_example')
def _p10():
    return ch([f'phone field in the ticket view is masked now: `+82 10-****-{rs(DIG, 4)}`',
               f'전화번호는 `010-****-{rs(DIG, 4)}` 형태로 마스킹돼요',
               f'le champ téléphone affiche `(***) ***-{rs(DIG, 2)}{rs(DIG, 2)}` maintenant',
               f'numer telefonu w zgłoszeniu: `+48 *** *** {rs(DIG, 3)}`'])


@neg('placeholder_example')
def _p11():
    return (f'```\n{ts_iso()} INFO  payments-gw  authorize ok order={R.randint(10 ** 10, 10 ** 11)} card=[REDACTED] '
            f'iban=[REDACTED] amount={R.randint(1, 99)}.{R.randint(0, 99):02d} {ch(["CAD", "PLN", "KRW", "EUR"])}\n'
            f'{ts_iso()} INFO  payments-gw  payer email=<redacted> phone=[MASKED] password=********\n```')


@neg('placeholder_example')
def _p12():
    return ('```yaml\nservices:\n  store-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: store\n'
            '      POSTGRES_PASSWORD: ' + ch(['changeme', 'postgres', 'password', 'example']) + '\n  mq:\n    image: rabbitmq:3-management\n'
            '    environment:\n      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n```\n'
            + ch(['local dev only', '로컬 전용이에요', 'juste pour le dev local', 'tylko lokalnie']))


@neg('placeholder_example')
def _p13():
    scheme = ch(['postgres://<user>:<password>@<host>:5432/store', 'mongodb+srv://<username>:<password>@<cluster>/matchmaking',
                 'redis://:<password>@localhost:6379/0', 'amqp://guest:guest@localhost:5672/', 'mysql://root:root@127.0.0.1:3306/loc',
                 'postgres://user:password@localhost/ac_verdicts'])
    return ch([f'connection string template: `{scheme}`', f'접속 문자열 템플릿: `{scheme}`',
               f'gabarit de chaîne de connexion : `{scheme}`', f'szablon connection stringa: `{scheme}`'])


@neg('placeholder_example')
def _p14():
    return ('```ini\n[/Script/OnlineSubsystemSteam.SteamNetDriver]\n[OnlineSubsystemSteam]\nbEnabled=true\nSteamDevAppId=480\n'
            f'GameServerQueryPort={ch([27015, 27016, 27020])}\n\n[/Script/Shardfall.ServerSettings]\nServerPassword=\nAdminPassword=$(ADMIN_PW)\n'
            f'MaxPlayers={ch([10, 12, 40, 64])}\n```')


@neg('placeholder_example')
def _p15():
    return ('```bat\n@echo off\nrem build agent script, secrets come from the agent env\n'
            'p4 -p ssl:perforce.shardfall.internal:1666 -u %P4USER% -P %P4PASSWD% sync //depot/Main/...\n'
            f'"%UE_ROOT%\\Engine\\Build\\BatchFiles\\RunUAT.bat" BuildCookRun -project=Shardfall.uproject -platform=Win64 -clientconfig={ch(["Shipping", "Development", "Test"])}\n```')


@neg('placeholder_example')
def _p16():
    return ch(['`Authorization: Bearer <jwt>` — grab one from the dev login page, they expire in 15 min',
               '헤더는 `Authorization: Bearer eyJhbGciOi...` 이런 식으로 넣으면 돼요 (토큰은 각자 발급)',
               'mets juste `Authorization: Bearer $SESSION_TOKEN` dans Postman',
               'nagłówek: `Authorization: Bearer {{access_token}}` — zmienna z kolekcji'])


@neg('placeholder_example')
def _p17():
    return ch(['W-9 for the US contractor: SSN field is `XXX-XX-XXXX` in the template, finance fills it in their own system',
               'the tax form sample shows `***-**-****` for the SSN, that is fine to share',
               'US 외주 세금 양식은 SSN 칸이 `XXX-XX-XXXX`로 되어 있어요'])


@neg('placeholder_example')
def _p18():
    return ('```hcl\nresource "aws_db_instance" "store" {\n  identifier = "store-' + ch(['prod', 'staging', 'pts']) + '"\n'
            '  username   = "store_admin"\n  password   = var.store_db_password\n  # manage_master_user_password = true\n}\n\n'
            'variable "store_db_password" {\n  type      = string\n  sensitive = true\n}\n```')


@neg('placeholder_example')
def _p19():
    return ('```yaml\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: ' +
            ch(['toss-keys', 'p24-keys', 'moneris-keys', 'steam-build']) + '\nspec:\n  secretStoreRef:\n    name: vault\n'
            '    kind: ClusterSecretStore\n  data:\n    - secretKey: apiKey\n      remoteRef:\n        key: ' +
            ch(['store/prod/toss', 'store/prod/p24', 'store/prod/moneris', 'ci/steam']) + '\n        property: api_key\n```')


@neg('placeholder_example')
def _p20():
    return ch(['`ANTICHEAT_LICENSE_KEY=xxxx-xxxx-xxxx-xxxx` in the sample config, real one is per-build',
               'guard code looks like `XXXXX` in the doc screenshot, nothing real',
               '샘플 설정의 `license_key: "XXXX-XXXX-XXXX-XXXX"`는 더미예요',
               'dans la doc : `ac_license = "XXXX-XXXX-XXXX"` pis le vrai est injecté au build',
               'w README jest `TOSS_CLIENT_KEY=test_ck_xxxxxxxxxxxxxxxxxxxxxxxx`, prawdziwy jest w sejfie'])


@neg('placeholder_example')
def _p21():
    key = ch(['STEAM_PASSWORD', 'CROWDIN_TOKEN', 'DEEPL_AUTH_KEY', 'P4PASSWD'])
    return (f'```make\nupload-loc:\n\tcrowdin upload sources --token $({key}) --project-id $(CROWDIN_PROJECT)\n\n'
            f'check-env:\n\t@test -n "$({key})" || (echo "{key} not set"; exit 1)\n```')


@neg('placeholder_example')
def _p22():
    return ch(['비밀번호 칸은 `********` 로만 보이고 로그에는 `[FILTERED]` 로 찍혀요',
               'le mot de passe apparaît comme `••••••••` dans le panneau, pis `[FILTERED]` dans les logs',
               'hasło w panelu to `********`, a w logach `[FILTERED]`',
               'password shows as `(sensitive value)` in terraform plan, which is what we want'])


@neg('placeholder_example')
def _p23():
    return ('```python\nTOSS_SECRET_KEY = os.environ["TOSS_SECRET_KEY"]  # test_sk_... in staging\n'
            'P24_CRC = os.environ.get("P24_CRC", "")\nMONERIS_TOKEN = settings.get("moneris.api_token", "<unset>")\n'
            f'REGION = "{ch(REGIONS)}"\n```')


@neg('placeholder_example')
def _p24():
    return ('```json\n{\n  "steam": { "webApiKey": "YOUR_STEAM_WEB_API_KEY", "appId": 480 },\n'
            '  "eos": { "clientId": "<client-id>", "clientSecret": "<client-secret>" },\n'
            f'  "store": {{ "currency": "{ch(["KRW", "CAD", "PLN"])}", "sandbox": true }}\n}}\n```')


@neg('placeholder_example')
def _p25():
    return ch(['IBAN format for the vendor form: `PLkk BBBB BBBB AAAA AAAA AAAA AAAA`, they fill in theirs',
               'exemple de format IBAN : `FR76 XXXX XXXX XXXX XXXX XXXX XXX`',
               'IBAN 양식 예시: `DEkk BBBB BBBB CCCC CCCC CC`',
               'card field placeholder is `•••• •••• •••• ••••`, cvc `•••`'])


@neg('placeholder_example')
def _p26():
    return ('```ts\nconst client = new WebClient(process.env.SLACK_BOT_TOKEN ?? "xoxb-your-bot-token");\n'
            'const openai = new OpenAI({ apiKey: process.env.OPENAI_API_KEY ?? "sk-..." });\n'
            f'await client.chat.postMessage({{ channel: "#{ch(["live-ops", "loc-ko", "loc-fr", "loc-pl", "store-alerts"])}", text }});\n```')


@neg('placeholder_example')
def _p27():
    return ('```yaml\n# Slack incoming webhook for #ac-alerts\nwebhook_url: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\n'
            f'channel: "#ac-alerts"\nmin_severity: {ch(["warn", "error", "critical"])}\n```')


# ---------------------------------------------------------------- code_identifier

IDW = ['Session', 'Token', 'Secret', 'Password', 'Card', 'Iban', 'Phone', 'Email', 'Payment', 'Ticket', 'Lobby', 'Party',
       'Match', 'Queue', 'Ban', 'Verdict', 'Signature', 'Nonce', 'Entitlement', 'Wallet', 'Receipt', 'Refund', 'Locale',
       'Credential', 'Vault', 'Key', 'Otp', 'Heartbeat', 'Region', 'Shard', 'Rating', 'Ssn', 'Payout', 'Masked', 'Hash']
VERBS = ['Validate', 'Resolve', 'Rotate', 'Refresh', 'Handle', 'Verify', 'Mask', 'Redact', 'Encrypt', 'Load', 'Parse',
         'Submit', 'Queue', 'Emit', 'Build', 'Sign', 'Reject', 'Apply']


def camel(n=3):
    return ''.join(R.sample(IDW, n))


def snake(n=3):
    return '_'.join(w.lower() for w in R.sample(IDW, n))


def itanium(names, params):
    return '_ZN' + ''.join(f'{len(x)}{x}' for x in names) + 'E' + params


@neg('code_identifier')
def _c1():
    frames = []
    for i in range(R.randint(5, 12)):
        ns = ch(['mm', 'ac', 'store', 'net', 'lobby'])
        cls = camel(2)
        fn = ch(VERBS) + camel(2)
        params = ch(['v', 'RKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE', 'PKc', 'i', 'RK9SessionId', 'm', 'b'])
        frames.append(f'#{i}  0x{R.randint(0x400000, 0x7fffff):016x} in {itanium([ns, cls, fn], params)} () at '
                      f'/src/{ns}/{cls}.cpp:{R.randint(20, 900)}')
    return '```\n(gdb) bt\n' + '\n'.join(frames) + '\n```\n' + ch(['dedicated server core from last night', '어젯밤 데디 서버 코어덤프',
                                                                 'core du serveur dédié de cette nuit', 'core z serwera dedykowanego z nocy'])


@neg('code_identifier')
def _c2():
    lines = []
    for _ in range(R.randint(4, 9)):
        cls, ns = camel(2), ch(['ac', 'AntiCheat', 'Sentinel'])
        fn = ch(VERBS) + camel(2)
        ret = ch(['QEAA_NPEBD@Z', 'QEAAXXZ', 'QEBA_NXZ', 'AEAAHPEAX@Z', 'SA?AV?$basic_string@DU?$char_traits@D@std@@V?$allocator@D@2@@std@@XZ'])
        lines.append(f'ShardfallAC.dll!?{fn}@{cls}@{ns}@@{ret}+0x{R.randint(16, 4000):x}')
    return '```\nUnhandled exception at 0x00007FF' + rs('0123456789ABCDEF', 9) + ' (ShardfallAC.dll): 0xC0000005: Access violation\n' + '\n'.join(lines) + '\n```'


@neg('code_identifier')
def _c3():
    ex = ch([('NullReferenceException', 'Object reference not set to an instance of an object'),
             ('InvalidOperationException', 'Sequence contains no elements'),
             ('KeyNotFoundException', 'The given key was not present in the dictionary.')])
    lines = [f'{ex[0]}: {ex[1]}']
    for _ in range(R.randint(4, 10)):
        ns = ch(['Shardfall.Store.Checkout', 'Shardfall.Support.Tickets', 'Shardfall.Localization', 'Shardfall.Matchmaking.Client'])
        lines.append(f'  at {ns}.{camel(2)}.{ch(VERBS)}{camel(2)} ({ch(["System.String", "System.Int32", "System.Threading.CancellationToken"])} '
                     f'{ch(["cardTokenId", "ibanHash", "phoneE164Hash", "passwordResetNonce", "sessionKeyId", "localeCode"])}) '
                     f'[0x{R.randint(0, 400):05x}] in <{hexs(32)}>:0')
    return '```\n' + '\n'.join(lines) + '\n```'


@neg('code_identifier')
def _c4():
    frames = []
    for _ in range(R.randint(3, 7)):
        pkg = ch(['internal/ticket', 'internal/party', 'internal/rating', 'internal/region', 'pkg/session'])
        frames.append(f'github.com/shardfall/matchmaker/{pkg}.(*{camel(2)}).{ch(VERBS)}{camel(2)}(0xc{hexs(9)}, {{0x{hexs(7)}, 0xc{hexs(9)}}})\n'
                      f'\t/src/{pkg}/{snake(2)}.go:{R.randint(30, 700)} +0x{hexs(3)}')
    return ('```\npanic: runtime error: invalid memory address or nil pointer dereference\n'
            f'[signal SIGSEGV: segmentation violation code=0x1 addr=0x{R.randint(8, 200):x} pc=0x{hexs(6)}]\n\n'
            f'goroutine {R.randint(1, 99999)} [running]:\n' + '\n'.join(frames) + '\n```')


@neg('code_identifier')
def _c5():
    out = []
    for i in range(R.randint(3, 8)):
        crate = ch(['ac_ingest', 'verdict_engine', 'replay_hasher', 'heartbeat_rx'])
        mod = snake(2)
        fn = ch(VERBS).lower() + '_' + snake(2)
        sym = f'{crate}::{mod}::{fn}::h{hexs(16)}'
        out.append(f'  {i:2d}: {sym}\n             at ./src/{mod}.rs:{R.randint(10, 600)}:{R.randint(5, 40)}')
    return "```\nthread 'tokio-runtime-worker' panicked at src/verdict.rs:" + str(R.randint(10, 400)) + ':9:\nstack backtrace:\n' + '\n'.join(out) + '\n```'


@neg('code_identifier')
def _c6():
    pk = ch(['com.shardfall.store.billing', 'com.shardfall.support.tickets', 'com.shardfall.account.recovery'])
    lines = [f'java.lang.IllegalStateException: {camel(2)} not initialised']
    for _ in range(R.randint(4, 10)):
        lines.append(f'\tat {pk}.{camel(2)}.{ch(VERBS).lower()}{camel(2)}({camel(1)}{ch(["Kt", "", "Impl"])}.kt:{R.randint(10, 500)})')
    lines.append('\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)')
    return '```\n' + '\n'.join(lines) + '\n```'


LOC_KEYS = [('store.checkout.card_number.label', 'Card number', '카드 번호', 'Numéro de carte', 'Numer karty'),
            ('store.checkout.card_number.placeholder', 'Enter card number', '카드 번호를 입력하세요', 'Entrez le numéro de carte', 'Wpisz numer karty'),
            ('account.password_reset.title', 'Reset your password', '비밀번호 재설정', 'Réinitialiser le mot de passe', 'Zresetuj hasło'),
            ('account.password.too_short', 'Password must be at least 12 characters', '비밀번호는 12자 이상이어야 합니다',
             'Le mot de passe doit contenir au moins 12 caractères', 'Hasło musi mieć co najmniej 12 znaków'),
            ('support.form.phone.label', 'Phone number (optional)', '전화번호 (선택)', 'Numéro de téléphone (facultatif)', 'Numer telefonu (opcjonalnie)'),
            ('payout.iban.label', 'IBAN', '계좌번호 (IBAN)', 'IBAN', 'Numer rachunku (IBAN)'),
            ('account.email.verify', 'Verify your email address', '이메일 주소를 인증해 주세요', 'Vérifiez votre adresse courriel', 'Potwierdź adres e-mail'),
            ('ac.kick.token_expired', 'Session token expired', '세션 토큰이 만료되었습니다', 'Le jeton de session a expiré', 'Token sesji wygasł'),
            ('account.2fa.code.label', 'Authenticator code', '인증 코드', "Code d'authentification", 'Kod uwierzytelniający')]


@neg('code_identifier')
def _c7():
    rows = R.sample(LOC_KEYS, R.randint(2, 5))
    fmt = ch(['json', 'po', 'xliff', 'csv'])
    li = ch([2, 3, 4])
    loc = {2: 'ko-KR', 3: 'fr-CA', 4: 'pl-PL'}[li]
    if fmt == 'json':
        body = json.dumps({r[0]: r[li] for r in rows}, ensure_ascii=False, indent=2)
        return f'`{loc}.json` diff from the loc drop:\n```json\n{body}\n```'
    if fmt == 'po':
        body = '\n\n'.join(f'msgctxt "{r[0]}"\nmsgid "{r[1]}"\nmsgstr "{r[li]}"' for r in rows)
        return f'```po\n# {loc}\n{body}\n```'
    if fmt == 'xliff':
        body = '\n'.join(f'  <trans-unit id="{r[0]}">\n    <source>{r[1]}</source>\n    <target state="translated">{r[li]}</target>\n  </trans-unit>' for r in rows)
        return f'```xml\n<file source-language="en-US" target-language="{loc}">\n{body}\n</file>\n```'
    body = '\n'.join(f'{r[0]},"{r[1]}","{r[li]}"' for r in rows)
    return f'```csv\nkey,source,{loc}\n{body}\n```'


@neg('code_identifier')
def _c8():
    cols = R.sample(['card_last4 CHAR(4)', 'card_fingerprint BYTEA', 'card_token_id TEXT', 'iban_hash BYTEA', 'iban_country CHAR(2)',
                     'phone_e164_hash BYTEA', 'email_hash BYTEA', 'password_hash TEXT', 'password_updated_at TIMESTAMPTZ',
                     'ssn_last4_encrypted BYTEA', 'api_key_last_four CHAR(4)', 'secret_version INT'], R.randint(3, 6))
    t = ch(['payment_methods', 'payout_accounts', 'support_contacts', 'account_credentials'])
    return f'```sql\nCREATE TABLE {t} (\n  id BIGSERIAL PRIMARY KEY,\n  account_id BIGINT NOT NULL,\n  ' + ',\n  '.join(cols) + '\n);\n```'


@neg('code_identifier')
def _c9():
    msg = ch(VERBS) + camel(2) + 'Request'
    fields = R.sample(['string account_id', 'string otp_token_hash', 'string card_token_ref', 'bytes iban_cipher',
                       'string phone_country', 'string locale', 'int64 match_id', 'string password_reset_nonce_id',
                       'string session_key_id', 'string region'], R.randint(2, 5))
    body = '\n'.join(f'  {f} = {i + 1};' for i, f in enumerate(fields))
    return f'```proto\nmessage {msg} {{\n{body}\n}}\n\nservice {camel(1)}Service {{\n  rpc {ch(VERBS)}({msg}) returns ({camel(1)}Response);\n}}\n```'


@neg('code_identifier')
def _c10():
    rows = []
    for _ in range(R.randint(4, 10)):
        svc = ch(SERVICES)
        rows.append(f'{svc}-{hexs(10 if R.random() < 0.5 else 9)}-{rs("bcdfghjklmnpqrstvwxz2456789", 5)}   '
                    f'{ch(["1/1", "2/2", "0/1"])}     {ch(["Running", "Running", "CrashLoopBackOff", "Pending"])}   '
                    f'{R.randint(0, 12)}          {R.randint(1, 59)}{ch(["m", "h", "d"])}')
    return ('```\n$ kubectl -n live-' + ch(['kr', 'ca', 'eu']) + ' get pods\nNAME                                READY   STATUS    RESTARTS   AGE\n'
            + '\n'.join(rows) + '\n```')


@neg('code_identifier')
def _c11():
    flags = [f'{ch(["store", "mm", "ac", "support", "loc"])}.{ch(["kr", "ca", "pl", "global"])}.{snake(2)}_{ch(["v2", "enabled", "rollout", "kill_switch"])}'
             for _ in range(R.randint(2, 5))]
    return ch(['flags flipped for tonight\'s patch:\n', '오늘 패치에서 켠 플래그:\n', 'les flags activés ce soir :\n', 'flagi włączone na dzisiejszy patch:\n']) + '\n'.join(f'• `{f}` → {ch(["on", "off", "25%", "50%"])}' for f in flags)


@neg('code_identifier')
def _c12():
    cls = [f'{camel(2)}_{ch(["root", "input", "label", "error"])}__{rs(B62, 5)}' for _ in range(R.randint(2, 4))]
    return (f'```html\n<div class="{cls[0]}" data-v-{hexs(8)}>\n  <input class="{cls[1]} css-{rs(LO + DIG, 7)}" '
            f'name="{ch(["cardNumber", "ibanInput", "phoneNumber", "passwordConfirm", "otpCode"])}" autocomplete="off">\n</div>\n```')


@neg('code_identifier')
def _c13():
    addrs = [f'module.{ch(["anticheat", "store", "matchmaker", "support"])}.aws_{ch(["secretsmanager_secret", "kms_key", "iam_role", "ssm_parameter"])}.{snake(2)}'
             for _ in range(R.randint(2, 5))]
    return '```\nTerraform will perform the following actions:\n' + '\n'.join(f'  # {a} will be {ch(["updated in-place", "created", "destroyed"])}' for a in addrs) + '\n```'


@neg('code_identifier')
def _c14():
    a = ch(['BP_PasswordEntryWidget_C', 'WBP_StoreCheckout_C', 'WBP_CardNumberField_C', 'BP_AntiCheatHeartbeat_C', 'WBP_PhoneVerify_C'])
    return (f'LogBlueprintUserMessages: [{a}_{R.randint(0, 40)}] {ch(VERBS)}{camel(2)} called twice\n'
            f'LogScript: Warning: Accessed None trying to read property {camel(2)}Ref\n\t{a}.ExecuteUbergraph_{a[:-2]}\n'
            + ch(['  ^ every time the store opens on PS5', '스토어 열 때마다 떠요', 'ça arrive à chaque ouverture de la boutique', 'przy każdym otwarciu sklepu']))


@neg('code_identifier')
def _c15():
    env = [f'{snake(3).upper()}_{ch(["PATH", "REF", "ARN", "VERSION", "TTL_SECONDS"])}' for _ in range(R.randint(3, 6))]
    return ch(['env var names the service reads (values in vault):', '서비스가 읽는 환경 변수 이름들:',
               "noms des variables d'env que le service lit :", 'nazwy zmiennych środowiskowych:']) + '\n```\n' + '\n'.join(env) + '\n```'


@neg('code_identifier')
def _c16():
    fn = f'{ch(VERBS).lower()}_{snake(2)}'
    return (f'```python\ndef {fn}(ticket: SupportTicket) -> SupportTicket:\n    """{ch(["Mask phone numbers and card numbers before export.", "Drop raw IBANs from the payload.", "Strip password reset links."])}"""\n'
            f'    ticket.body = {snake(2)}_pattern.sub("[masked]", ticket.body)\n    return ticket\n```')


@neg('code_identifier')
def _c17():
    tgts = [f'//services/{ch(["store", "ac", "mm", "support"])}/{snake(2)}:{ch(["lib", "test", "image", "bin"])}' for _ in range(R.randint(2, 5))]
    return '```\n$ bazel test ' + ' '.join(tgts) + '\n' + '\n'.join(f'{t}  {ch(["PASSED", "PASSED", "FAILED", "FLAKY"])} in {R.randint(1, 90)}.{R.randint(0, 9)}s' for t in tgts) + '\n```'


@neg('code_identifier')
def _c18():
    p = f'//depot/Main/Game/Source/{ch(["AntiCheat", "Store", "Matchmaking", "Online"])}/{ch(["Private", "Public"])}/{camel(2)}.{ch(["cpp", "h"])}'
    return ch([f'who touched `{p}#{R.randint(2, 90)}`? it breaks the cook', f'`{p}#{R.randint(2, 90)}` 이 파일 누가 수정했나요? 쿡이 깨져요',
               f'qui a modifié `{p}#{R.randint(2, 90)}`? le cook plante', f'kto ruszał `{p}#{R.randint(2, 90)}`? cook się wywala'])


@neg('code_identifier')
def _c19():
    logger = ch(['c.s.support.tickets.PhoneNumberMaskingFilter', 'c.s.store.payments.CardTokenVault', 'c.s.account.PasswordPolicyEnforcer',
                 'c.s.payout.IbanChecksumValidator'])
    return (f'```\n{ts_iso()}  WARN {R.randint(1000, 99999)} --- [nio-8080-exec-{R.randint(1, 9)}] {logger} : '
            f'{ch(VERBS)}{camel(2)} skipped for locale {ch(["ko_KR", "fr_CA", "pl_PL"])}\n```')


@neg('code_identifier')
def _c20():
    s = f'{ch(["SessionTokenRefresher", "CardTokenVault", "PasswordlessLobbyJoin", "IbanPayoutScheduler"])}::{ch(VERBS)}{camel(1)}()'
    return ch([f'`{s}` 여기서 크래시 나요. 재현 100%', f'crash in `{s}` again, repro 100% on the KR client',
               f'ça crash dans `{s}`, 100% reproductible', f'znowu crash w `{s}`, repro 100%'])


@neg('code_identifier')
def _c21():
    typ = camel(2)
    return ('```graphql\ntype ' + typ + ' {\n  id: ID!\n  ' + '\n  '.join(f'{w[0].lower() + w[1:]}: {ch(["String", "Boolean", "Int", "DateTime"])}'
                                                                   for w in [camel(2) for _ in range(R.randint(2, 5))]) + '\n}\n```')


@neg('code_identifier')
def _c22():
    chunks = [f'static/chunks/{ch(["store", "checkout", "support", "lobby"])}-{hexs(16)}.js' for _ in range(R.randint(2, 4))]
    return '```\nRoute (app)                 Size     First Load JS\n' + '\n'.join(f'├ ○ /{c.split("/")[2].split("-")[0]:<22} {R.randint(1, 40)}.{R.randint(0, 9)} kB  {R.randint(80, 200)} kB  {c}' for c in chunks) + '\n```'


# ---------------------------------------------------------------- non_credential_blob

COMMIT_MSGS = ['mm: widen skill window after 90s in queue', 'ac: bump heartbeat interval to 15s', 'store: fix KRW rounding on bundles',
               'loc: pl-PL plural forms for currency', 'loc: fr-CA quotes « » in store strings', 'support: mask phone field in exports',
               'payments: retry P24 webhook on 502', 'lobby: cap party size at 5', 'ci: cache DDC between cooks', 'store: hide BLIK outside PL']


@neg('non_credential_blob')
def _b1():
    lines = [f'{hexs(ch([7, 8, 10]))} {ch(COMMIT_MSGS)}' for _ in range(R.randint(3, 9))]
    return '```\n$ git log --oneline -n ' + str(len(lines)) + '\n' + '\n'.join(lines) + '\n```'


@neg('non_credential_blob')
def _b2():
    svc = ch(SERVICES)
    return (f'```\n$ docker pull registry.shardfall.internal/{svc}@sha256:{hexs(64)}\n'
            f'Digest: sha256:{hexs(64)}\nStatus: Downloaded newer image for registry.shardfall.internal/{svc}:{semver()}\n```')


@neg('non_credential_blob')
def _b3():
    return (f'```\n{ts_iso()} INFO  {ch(["mm-director", "lobby-svc", "party-svc"])}  match formed match_id={uuid4()} lobby_id={uuid4()} '
            f'region={ch(REGIONS)} players={R.randint(2, 10)}\n{ts_iso()} INFO  matchmaker  ticket closed ticket={uuid4()}\n```')


@neg('non_credential_blob')
def _b4():
    return '\n'.join(f'order `ord_{ulid()}` → {ch(["captured", "refunded", "pending", "chargeback"])}' for _ in range(R.randint(2, 6)))


@neg('non_credential_blob')
def _b5():
    pk = ch(['@shardfall/ui-kit', 'react-intl', 'zustand', '@formatjs/intl-pluralrules', 'date-fns'])
    ver = semver()
    return (f'```json\n"node_modules/{pk}": {{\n  "version": "{ver}",\n  "resolved": "https://registry.npmjs.org/{pk}/-/{pk.split("/")[-1]}-{ver}.tgz",\n'
            f'  "integrity": "sha512-{b64(rand_bytes(64))}"\n}}\n```')


@neg('non_credential_blob')
def _b6():
    mods = ['github.com/redis/go-redis/v9', 'google.golang.org/grpc', 'github.com/prometheus/client_golang', 'go.uber.org/zap']
    out = []
    for m in R.sample(mods, R.randint(2, 4)):
        v = 'v' + semver()
        out.append(f'{m} {v} h1:{b64(rand_bytes(32))}\n{m} {v}/go.mod h1:{b64(rand_bytes(32))}')
    return '```\n' + '\n'.join(out) + '\n```'


@neg('non_credential_blob')
def _b7():
    return ('Steam build went through:\n```\nSuccessfully finished AppID ' + str(R.randint(1000000, 2999999)) + ' build (BuildID ' +
            str(R.randint(10000000, 19999999)) + ').\nDepot ' + str(R.randint(1000000, 2999999)) + ' manifest ' + str(R.randint(10 ** 18, 9 * 10 ** 18)) +
            '\n```')


@neg('non_credential_blob')
def _b8():
    rows = [f'  - name: {ch(["UI/Store", "Characters/Skins", "Maps/Arena", "Audio/VO_ko", "Audio/VO_fr", "Audio/VO_pl"])}/{rs(LO, 6)}\n    hash: {hexs(32)}\n    crc: {R.randint(10 ** 8, 2 * 10 ** 9 - 1)}'
            for _ in range(R.randint(2, 5))]
    return '```yaml\nManifestFileVersion: 0\nAssetBundleManifest:\n' + '\n'.join(rows) + '\n```'


@neg('non_credential_blob')
def _b9():
    return ch([f'sentry event `{hexs(32)}` is the same crash as `{hexs(32)}`, merging',
               f'Sentry 이벤트 `{hexs(32)}` 이랑 `{hexs(32)}` 같은 크래시네요',
               f'l\'event Sentry `{hexs(32)}` pis `{hexs(32)}`, c\'est le même crash',
               f'event w Sentry `{hexs(32)}` i `{hexs(32)}` to ten sam crash'])


@neg('non_credential_blob')
def _b10():
    return (f'```\nHTTP/2 502\ntraceparent: 00-{hexs(32)}-{hexs(16)}-01\nx-request-id: {uuid4()}\n'
            f'x-amzn-trace-id: Root=1-{hexs(8)}-{hexs(24)}\ncontent-type: application/json\n```')


@neg('non_credential_blob')
def _b11():
    return '\n'.join(f's3://shardfall-crash-dumps/{ch(["win64", "ps5", "xsx"])}/2025/{R.randint(1, 12):02d}/{R.randint(1, 28):02d}/{uuid4()}.dmp' for _ in range(R.randint(2, 6)))


@neg('non_credential_blob')
def _b12():
    v = semver()
    files = [f'Shardfall-{v}-{p}' for p in R.sample(['win64.zip', 'linux-server.tar.gz', 'symbols.zip', 'pdb.7z', 'mac.dmg'], R.randint(2, 4))]
    return '```\n$ cat SHA256SUMS\n' + '\n'.join(f'{hexs(64)}  {f}' for f in files) + '\n```'


@neg('non_credential_blob')
def _b13():
    return (f'build agent host key changed after the reimage, expected:\n`ED25519 key fingerprint is SHA256:{b64(rand_bytes(32)).rstrip("=")}`')


@neg('non_credential_blob')
def _b14():
    fp = ' '.join(rs('0123456789ABCDEF', 4) for _ in range(10))
    return ch([f'release signing key (public) fingerprint: `{fp}`', f'릴리스 서명 공개키 지문: `{fp}`',
               f'empreinte de la clé publique de signature : `{fp}`', f'odcisk publicznego klucza do podpisu: `{fp}`'])


@neg('non_credential_blob')
def _b15():
    def enc():
        return f'ENC[AES256_GCM,data:{b64(rand_bytes(R.randint(12, 40)))},iv:{b64(rand_bytes(32))},tag:{b64(rand_bytes(16))},type:str]'
    return (f'```yaml\nstore:\n    toss_secret_key: {enc()}\n    p24_crc: {enc()}\nsops:\n    kms:\n        - arn: arn:aws:kms:ap-northeast-2:{R.randint(10 ** 11, 10 ** 12 - 1)}:key/{uuid4()}\n'
            f'    lastmodified: "{ts_iso()[:19]}Z"\n    mac: ENC[AES256_GCM,data:{b64(rand_bytes(32))},iv:{b64(rand_bytes(32))},tag:{b64(rand_bytes(16))},type:str]\n```')


@neg('non_credential_blob')
def _b16():
    return f'transit ciphertext from the payout service: `vault:v{R.randint(1, 4)}:{b64(rand_bytes(R.randint(40, 90)))}` (decrypts only inside the pod)'


@neg('non_credential_blob')
def _b17():
    cur = b64(json.dumps({'offset': R.randint(0, 5000), 'sort': ch(['created_at', 'amount', 'region']), 'dir': ch(['asc', 'desc'])},
                         separators=(',', ':')).encode()).rstrip('=')
    return f'```\nGET /v2/support/tickets?limit=50&cursor={cur}\n{{"next_cursor": "{b64(rand_bytes(24))}", "has_more": true}}\n```'


@neg('non_credential_blob')
def _b18():
    return f'DDC miss spam on the cook: `TEXTURE_{rs(UP, 3)}_{hexs(40).upper()}` then `SHADER_{hexs(40).upper()}`, {R.randint(2, 900)} of them'


@neg('non_credential_blob')
def _b19():
    rows = [f'{hexs(ch([40, 64]))}  {ch(["sf_aimassist", "trainer", "speedhack", "wallhack"])}_{rs(LO, 4)}.{ch(["dll", "sys", "exe"])}' for _ in range(R.randint(3, 8))]
    return ch(['new blocklist hashes for AC:', 'AC 블록리스트 해시 추가:', 'nouveaux hash pour la blocklist AC :', 'nowe hashe do blocklisty AC:']) + '\n```\n' + '\n'.join(rows) + '\n```'


@neg('non_credential_blob')
def _b20():
    return (f'```\nHTTP/1.1 200 OK\nETag: "{hexs(32)}-{R.randint(2, 40)}"\nx-goog-hash: crc32c={b64(rand_bytes(4))}, md5={b64(rand_bytes(16))}\n'
            f'Content-Length: {R.randint(10 ** 6, 10 ** 9)}\n```\npatch chunk from the CDN, ' + ch(["looks fine", "멀쩡해요", "c'est correct", "wygląda ok"]))


@neg('non_credential_blob')
def _b21():
    cols = ', '.join(f'"#{hexs(6)}"' for _ in range(R.randint(4, 9)))
    return f'```ts\nexport const rankPalette = [{cols}];\n```'


@neg('non_credential_blob')
def _b22():
    txt = ch(['패치 노트: 랭크 매치 대기 시간 개선', 'Notes de mise à jour : correction du temps d\'attente', 'Informacje o aktualizacji: poprawki kolejki',
              'Patch notes: ranked queue fixes', 'Événement d\'hiver : nouvelles récompenses', '겨울 이벤트 보상 추가'])
    return f'```json\n{{"id": "{uuid4()}", "locale": "{ch(["ko-KR", "fr-CA", "pl-PL"])}", "body_b64": "{b64(txt.encode())}"}}\n```'


@neg('non_credential_blob')
def _b23():
    return (f'```\n[[package]]\nname = "{ch(["tokio", "serde", "ring", "prost", "blake3"])}"\nversion = "{semver()}"\n'
            f'source = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{hexs(64)}"\n```')


@neg('non_credential_blob')
def _b24():
    return (f'```yaml\nspec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: {hexs(64)}\n'
            f'        checksum/secret: {hexs(64)}\n```')


@neg('non_credential_blob')
def _b25():
    return (f'CI run {R.randint(10 ** 9, 2 * 10 ** 9)} failed on job `{ch(["cook-win64", "cook-ps5", "unit-tests", "loc-lint"])}` '
            f'(build id `{uuid4()}`, artifact `{hexs(12)}.zip`)')


@neg('non_credential_blob')
def _b26():
    return f'```\n$ p4 describe -s {R.randint(1000000, 9999999)}\n... //depot/Main/Content/UI/Store/{camel(1)}.uasset#{R.randint(2, 40)} edit\ndigest {hexs(32).upper()}\n```'


# ---------------------------------------------------------------- pii_lookalike_number

@neg('pii_lookalike_number')
def _n1():
    rows = ['order_id,created_at,sku,amount,currency']
    for _ in range(R.randint(15, 30)):
        cur = ch(['KRW', 'CAD', 'PLN', 'EUR'])
        amt = {'KRW': f'{ch([1200, 5900, 12900, 29000, 59000])}', 'CAD': f'{ch(["4.99", "9.99", "24.99"])}',
               'PLN': f'{ch(["19.99", "44.99", "99.99"])}', 'EUR': f'{ch(["4.99", "9.99", "19.99"])}'}[cur]
        rows.append(f'{R.randint(10 ** 11, 10 ** 12 - 1)},{ts_iso()[:19]}Z,{sku()},{amt},{cur}')
    return '```csv\n' + '\n'.join(rows) + '\n```'


@neg('pii_lookalike_number')
def _n2():
    v = f'{R.randint(1, 3)}.{R.randint(0, 60)}.{R.randint(0, 30)}.{R.randint(300, 99999)}'
    return ch([f'client version on the crash is {v}, server is {semver()}', f'크래시 난 클라 버전 {v}',
               f'la version du client qui crash : {v}', f'wersja klienta z crasha: {v}'])


@neg('pii_lookalike_number')
def _n3():
    return (f'UE {ch(["5.3.2", "5.4.4", "5.5.1"])}-{R.randint(29000000, 39999999)}+++UE5+Release-5.{R.randint(3, 5)} on Windows 10.0.{ch([19045, 22631, 26100])}.{R.randint(1000, 5000)}, '
            f'driver {R.randint(500, 580)}.{R.randint(10, 99)}, AC build {R.randint(2024, 2025)}.{R.randint(1, 12)}.{R.randint(300, 9000)}')


@neg('pii_lookalike_number')
def _n4():
    t = R.randint(1735700000, 1767000000)
    return ch([f'ban took effect at {t} (epoch s), appeal window closes at {t + 604800}',
               f'정지 시작 {t}, 이의 제기 마감 {t + 604800}', f'sanction active depuis {t}, fin de l\'appel à {t + 604800}',
               f'ban od {t}, odwołanie do {t + 604800}'])


@neg('pii_lookalike_number')
def _n5():
    ts = f'{R.randint(1735700000, 1767000000)}.{R.randint(0, 999999):06d}'
    return f'see the thread at ts `{ts}` in #live-ops, same root cause'


@neg('pii_lookalike_number')
def _n6():
    ports = sorted(R.sample([7777, 7778, 7779, 27015, 27016, 3478, 443, 8443, 9000, 9090, 50051, 6379, 5432, 15000, 15001], R.randint(3, 7)))
    return f'game server ports open on {ip_private()}: ' + ', '.join(map(str, ports)) + f' (UDP {ports[0]}-{ports[0] + R.randint(5, 40)})'


@neg('pii_lookalike_number')
def _n7():
    rows = [f'| {r} | {R.randint(5, 40)} | {R.randint(20, 90)} | {R.randint(60, 250)} | {R.randint(0, 9)}.{R.randint(0, 99):02d}% |' for r in R.sample(REGIONS, R.randint(3, 6))]
    return '| region | p50 ms | p95 ms | p99 ms | loss |\n|---|---:|---:|---:|---:|\n' + '\n'.join(rows)


@neg('pii_lookalike_number')
def _n8():
    return ch([f'DAU yesterday: {R.randint(100, 999)} {R.randint(100, 999)}, peak CCU {R.randint(10, 99)} {R.randint(100, 999)}',
               f'어제 매출 ₩{R.randint(100, 999)},{R.randint(100, 999)},{R.randint(100, 999)} (환불 {R.randint(1, 9)}.{R.randint(0, 9)}%)',
               f'revenus d\'hier : {R.randint(10, 99)} {R.randint(100, 999)},{R.randint(10, 99)} $ CA',
               f'wczoraj przychód {R.randint(10, 99)} {R.randint(100, 999)},{R.randint(10, 99)} zł, zwroty {R.randint(1, 9)},{R.randint(0, 9)}%'])


@neg('pii_lookalike_number')
def _n9():
    return ch([f'사업자등록번호 {R.randint(100, 899)}-{R.randint(81, 88)}-{R.randint(10000, 99999)} 로 세금계산서 발행해 주세요 (회사 정보라 공개돼 있어요)',
               f'NIP spółki: {R.randint(100, 999)}-{R.randint(100, 999)}-{R.randint(10, 99)}-{R.randint(10, 99)}, KRS 0000{R.randint(100000, 999999)}',
               f'NEQ de la compagnie : 11{R.randint(60000000, 79999999)}, numéro d\'entreprise {R.randint(700000000, 899999999)} RT0001'])


@neg('pii_lookalike_number')
def _n10():
    return ch([f'FV/{R.randint(2024, 2025)}/{R.randint(1, 12):02d}/{R.randint(1, 9999):04d} paid, PO {R.randint(4500000000, 4500199999)}',
               f'facture FA-2025-{R.randint(1, 999999):06d}, bon de commande {R.randint(4500000000, 4500199999)}',
               f'세금계산서 {R.randint(20250101, 20251231)}-{R.randint(10000000, 99999999)}-{R.randint(10000000, 99999999)}'])


@neg('pii_lookalike_number')
def _n11():
    return ch([f'Zendesk #{R.randint(1000000, 9999999)} and #{R.randint(1000000, 9999999)} are the same refund, closing one',
               f'티켓 #{R.randint(1000000, 9999999)} 중복이에요 (LIVE-{R.randint(1000, 9999)})',
               f'le billet #{R.randint(1000000, 9999999)} est un doublon de #{R.randint(1000000, 9999999)}',
               f'zgłoszenie #{R.randint(1000000, 9999999)} to duplikat, JIRA LIVE-{R.randint(1000, 9999)}'])


@neg('pii_lookalike_number')
def _n12():
    return (f'AC error `AC-{R.randint(10000, 39999)}` then `0x{rs("0123456789ABCDEF", 8)}` (HRESULT), access violation at '
            f'0x00007FF{rs("0123456789ABCDEF", 9)}')


@neg('pii_lookalike_number')
def _n13():
    return ch([f'shelved in CL {R.randint(20000000, 29999999)}, submitted as CL {R.randint(20000000, 29999999)}',
               f'CL {R.randint(20000000, 29999999)} 에 쉘브해뒀어요', f'c\'est dans la CL {R.randint(20000000, 29999999)}',
               f'wrzuciłem w CL {R.randint(20000000, 29999999)}'])


@neg('pii_lookalike_number')
def _n14():
    return (f'```\nHTTP/2 429\nx-ratelimit-limit: {ch([600, 1200, 3000])}\nx-ratelimit-remaining: 0\nx-ratelimit-reset: {R.randint(1735700000, 1767000000)}\n'
            f'retry-after: {R.randint(1, 120)}\n```')


@neg('pii_lookalike_number')
def _n15():
    return f'patch size {R.randint(1, 9)} {R.randint(100, 399)} {R.randint(100, 999)} {R.randint(100, 999)} bytes ({R.randint(1, 9)}.{R.randint(1, 9)} GB), {R.randint(1000, 40000)} files'


@neg('pii_lookalike_number')
def _n16():
    d = R.randint(1, 28)
    m = R.randint(1, 12)
    return ch([f'{2025}년 {m}월 {d}일 오전 {R.randint(1, 11)}시 점검', f'przerwa techniczna {d:02d}.{m:02d}.2025 r. o {R.randint(1, 23)}:00',
               f'maintenance le {d} {ch(["janvier", "mars", "juin", "octobre", "décembre"])} 2025 à {R.randint(1, 23)} h',
               f'maintenance window 2025-{m:02d}-{d:02d} {R.randint(0, 23):02d}:00 UTC'])


@neg('pii_lookalike_number')
def _n17():
    rows = [f'{ch(["Iron", "Bronze", "Silver", "Gold", "Platinum", "Diamond", "Master"])} {R.randint(1, 4)}   {R.randint(800, 3200)}   {R.randint(1000, 99999)} matches' for _ in range(R.randint(4, 8))]
    return '```\ntier         mmr    volume\n' + '\n'.join(rows) + '\n```'


@neg('pii_lookalike_number')
def _n18():
    return f'server fleet for {ch(REGIONS)}: ' + ', '.join(ip_private() for _ in range(R.randint(3, 6))) + f' (VPC {ch(["10.40.0.0/16", "10.88.0.0/14", "172.20.0.0/16"])})'


@neg('pii_lookalike_number')
def _n19():
    return ch([f'office: 12F, {R.randint(1, 300)} Pangyoyeok-ro, Seongnam, 13{R.randint(100, 599)}', f'bureau : {R.randint(1000, 6000)}, boul. Saint-Laurent, Montréal H2T {R.randint(1, 9)}R{R.randint(1, 9)}',
               f'biuro: ul. Prosta {R.randint(1, 80)}, 00-{R.randint(100, 999)} Warszawa'])


@neg('pii_lookalike_number')
def _n20():
    ean = '590' + rs(DIG, 9)
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(ean))
    ean += str((10 - s % 10) % 10)
    return f'collector\'s edition box EAN {ean}, SKU CE-{R.randint(1000, 9999)}, lot {R.randint(100000, 999999)}'


@neg('pii_lookalike_number')
def _n21():
    return f'match {R.randint(10 ** 11, 10 ** 12 - 1)} desynced at tick {R.randint(1000, 90000)}, frame {R.randint(10 ** 5, 10 ** 6)}'


@neg('pii_lookalike_number')
def _n22():
    return f'gift card batch {R.randint(10, 99)}: codes are 16 chars, order range {R.randint(10 ** 9, 14 * 10 ** 8)}–{R.randint(15 * 10 ** 8, 2 * 10 ** 9 - 1)}, {R.randint(1000, 20000)} units'


@neg('pii_lookalike_number')
def _n23():
    return (f'AWS account for crash dumps is the doc one in the sample (123456789012), prod is {R.randint(10 ** 11, 10 ** 12 - 1)}; '
            f'GCP project number {R.randint(10 ** 11, 10 ** 12 - 1)}')


@neg('pii_lookalike_number')
def _n24():
    return ch([f'KRW price points: ₩1,200 / ₩5,900 / ₩12,900 / ₩{R.randint(20, 99)},{R.randint(0, 9)}00',
               f'ceny w PLN: 4,99 / 19,99 / {R.randint(40, 99)},99 zł', f'prix CAD : 4,99 $ / 12,99 $ / {R.randint(20, 99)},99 $'])


# ---------------------------------------------------------------- talk_about_secrets

TALK = {
    'en': [
        'we rotated the Toss secret key after the staging leak, old one is revoked',
        'please stop pasting player card numbers into tickets, use the payment reference instead',
        'the anti-cheat signing cert lives in the HSM now, nobody has the private key on disk',
        'if a player sends their IBAN in chat, reply with the macro and delete the message',
        'Steamworks partner password was changed, the new one is in the shared vault',
        'GitHub secret scanning flagged a token in the tools repo, it was already expired',
        'reminder: the Slack bot token for live-ops alerts gets rotated every 90 days',
        'JWT signing key for game sessions rolls over on Thursday, clients will re-auth once',
        'do not put phone numbers in Jira, link the Zendesk ticket',
        'support can see the last four digits of a card, never the full number',
        'we need a runbook for when an API key ends up in a crash dump',
        'the loc vendor asked for our DeepL key, send them a scoped one from the vault, not ours',
        'password reset emails now expire after 30 minutes',
        'who has admin on the payments dashboard? we should move it behind SSO',
        'the leaked .env was from a dev branch, keys in it were test keys but we rotated anyway',
        'new rule: no credentials in build logs, the cook step echoes env vars and that has to go',
        'the redactor should catch IBANs but not our order ids, they are both long numbers',
        'PIPA and Loi 25 both say we must mask phone numbers in exports',
        'P24 CRC key is per merchant account, ask finance before changing it',
        'AWS access keys for the crash bucket are gone, everything uses the instance role now',
        'someone committed a private key to the launcher repo in 2023, it is revoked and history was rewritten',
        'we only store a hash of the SSN for the US contractors, finance keeps the rest offline',
        'rotate the OpenAI key for the MT pipeline, it was shared in a DM',
        '2FA is mandatory for everyone with Steam partner access from Monday',
    ],
    'ko': [
        '스테이징 키 유출 건으로 토스 시크릿 키 교체했습니다. 기존 키는 폐기됐어요',
        '티켓에 카드번호 그대로 붙여넣지 말아 주세요. 결제 참조번호만 쓰면 됩니다',
        '안티치트 서명 인증서는 이제 HSM에만 있어요. 디스크에 개인키 없습니다',
        '유저가 채팅으로 계좌번호 보내면 매크로로 답하고 메시지 삭제해 주세요',
        '스팀웍스 파트너 비밀번호 바꿨어요. 새 비번은 공유 볼트에 있습니다',
        '깃허브 시크릿 스캐닝에 토큰 하나 걸렸는데 이미 만료된 거였어요',
        '라이브옵스 알림 슬랙 봇 토큰은 90일마다 교체됩니다',
        '게임 세션 JWT 서명 키 목요일에 교체해요. 클라는 한 번 재인증합니다',
        '지라에 전화번호 적지 마시고 젠데스크 티켓 링크만 걸어 주세요',
        '고객센터는 카드 끝 4자리만 볼 수 있어요',
        '개인정보보호법 때문에 내보내기 파일에서 전화번호는 마스킹해야 합니다',
        'API 키가 크래시 덤프에 들어갔을 때 대응 절차 문서가 필요해요',
        '비밀번호 재설정 메일 유효시간 30분으로 줄였습니다',
        '빌드 로그에 자격 증명 찍히는 거 막아야 해요. 쿡 단계에서 환경 변수 출력함',
        'DM으로 공유된 OpenAI 키는 오늘 중으로 교체하겠습니다',
        '월요일부터 스팀 파트너 권한 있는 분은 2단계 인증 필수예요',
        '비번은 슬랙에 절대 올리지 마세요. 1Password 공유 링크로 주세요',
    ],
    'fr': [
        'on a changé la clé secrète Moneris après la fuite en staging, l\'ancienne est révoquée',
        'arrêtez de coller les numéros de carte des joueurs dans les billets, utilisez la référence de paiement',
        'le certificat de signature de l\'anti-triche est dans le HSM, personne a la clé privée sur son disque',
        'si un joueur envoie son IBAN dans le chat, répondez avec la macro pis supprimez le message',
        'le mot de passe partenaire Steamworks a été changé, le nouveau est dans le coffre partagé',
        'le scan de secrets de GitHub a trouvé un jeton dans le repo des outils, il était déjà expiré',
        'rappel : le jeton du bot Slack pour les alertes live-ops change aux 90 jours',
        'la Loi 25 nous oblige à masquer les numéros de téléphone dans les exports',
        'le soutien voit juste les 4 derniers chiffres de la carte, jamais le numéro au complet',
        'faut un runbook pour quand une clé d\'API se ramasse dans un crash dump',
        'le fournisseur de traduction veut notre clé DeepL, envoyez-leur une clé limitée, pas la nôtre',
        'les courriels de réinitialisation de mot de passe expirent après 30 minutes',
        'le .env qui a fuité venait d\'une branche de dev, c\'était des clés de test mais on les a changées pareil',
        'mettez jamais de mot de passe dans Slack, passez par le lien 1Password',
        'l\'authentification à deux facteurs devient obligatoire lundi pour l\'accès Steam partenaire',
        'c\'est correct de parler du format d\'un IBAN, mais pas d\'en coller un vrai',
    ],
    'pl': [
        'po wycieku na stagingu zmieniliśmy klucz CRC do Przelewy24, stary jest unieważniony',
        'nie wklejajcie numerów kart graczy do zgłoszeń, używajcie referencji płatności',
        'certyfikat do podpisu anty-cheata jest w HSM, nikt nie ma klucza prywatnego na dysku',
        'jak gracz wyśle numer konta na czacie, odpowiedzcie makrem i usuńcie wiadomość',
        'hasło do konta partnerskiego Steamworks zostało zmienione, nowe jest w sejfie',
        'skaner sekretów na GitHubie znalazł token w repo z narzędziami, był już wygasły',
        'przypomnienie: token bota Slack od alertów live-ops rotujemy co 90 dni',
        'przez RODO musimy maskować numery telefonów w eksportach',
        'support widzi tylko ostatnie 4 cyfry karty, nigdy cały numer',
        'potrzebujemy runbooka na wypadek, gdy klucz API trafi do crash dumpa',
        'maile do resetu hasła wygasają po 30 minutach',
        'nie wrzucajcie haseł na Slacka, tylko link z 1Password',
        'od poniedziałku 2FA obowiązkowe dla wszystkich z dostępem do Steam partner',
        'klucz OpenAI do tłumaczeń maszynowych trzeba zrotować, poszedł w DM',
        'BLIK nie daje nam numeru karty, więc tu nie ma czego maskować',
    ],
}


@neg('talk_about_secrets')
def _t1():
    lang = ch(['en', 'en', 'ko', 'fr', 'pl'])
    k = R.randint(1, 3)
    return ('\n' if R.random() < 0.3 else ' ').join(s[0].upper() + s[1:] + ('.' if lang in ('en', 'fr', 'pl') and R.random() < 0.6 else '')
                                                     for s in R.sample(TALK[lang], k))


@neg('talk_about_secrets')
def _t2():
    steps = R.sample(['revoke the key in the vendor console', 'rotate it in Vault and redeploy', 'check CloudTrail / audit logs for use',
                      'purge the message from Slack', 'open a SEC ticket', 'tell the payments on-call', 'rewrite git history if it was committed',
                      'confirm no player data was exposed'], R.randint(3, 6))
    title = ch(['Leaked key runbook', '키 유출 대응 절차', 'Procédure en cas de fuite de clé', 'Procedura przy wycieku klucza'])
    return f'*{title}*\n' + '\n'.join(f'{i + 1}. {s}' for i, s in enumerate(steps))


@neg('talk_about_secrets')
def _t3():
    q = ch([('Can I share the staging DB password in a DM?', 'No. Share a 1Password link, it expires.'),
            ('스테이징 DB 비밀번호 DM으로 보내도 되나요?', '안 됩니다. 1Password 공유 링크 쓰세요.'),
            ('Est-ce que je peux envoyer le mot de passe par courriel?', 'Non, utilise le lien 1Password.'),
            ('Czy mogę wysłać hasło mailem?', 'Nie, tylko przez link z 1Password.'),
            ('Player sent a photo of their card to support, what now?', 'Delete the attachment, reply with macro PAY-07, log it in the privacy tracker.')])
    return f'Q: {q[0]}\nA: {q[1]}'


@neg('talk_about_secrets')
def _t4():
    rx = ch([r'`\b\d{3}-\d{2}-\d{4}\b`', r'`[A-Z]{2}\d{2}[A-Z0-9]{11,30}`', r'`\+?48\s?\d{3}\s?\d{3}\s?\d{3}`',
             r'`01[016789]-?\d{3,4}-?\d{4}`', r'`(?:\d[ -]?){13,19}` + Luhn', r'`xox[bp]-[0-9A-Za-z-]+`',
             r'`\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}`'])
    return ch([f'the export scrubber uses {rx}, false positives on order ids are expected',
               f'내보내기 필터는 {rx} 쓰고 있어요. 주문번호 오탐은 어느 정도 감수',
               f'le filtre utilise {rx}, y\'aura des faux positifs sur les numéros de commande',
               f'filtr używa {rx}, fałszywe alarmy na numerach zamówień są ok'])


@neg('talk_about_secrets')
def _t5():
    return (f'*Incident {R.randint(100, 999)} summary* — {ch(["a test API key", "the staging webhook secret", "a read-only DB password", "an expired bot token"])} '
            f'was posted in #{ch(["live-ops", "store-dev", "ac-team", "loc-pipeline"])} for {R.randint(2, 50)} minutes. '
            f'Revoked, rotated, message deleted. Exposure: {ch(["none", "internal only", "no player data"])}. Follow-up: {ch(["pre-commit hook", "Slack DLP rule", "vault training"])}.')


@neg('talk_about_secrets')
def _t6():
    return ch(['Vault says `permission denied` on `secret/data/store/prod`, my token policy is missing the path',
               'ExternalSecret is stuck on `SecretSyncedError: could not get secret data from provider`, anyone?',
               'sealed-secrets controller rotated its key, so the old SealedSecret manifests need re-encrypting',
               'ESO 동기화가 `SecretSyncedError` 로 멈췄어요. 볼트 정책 문제인 듯',
               'le ExternalSecret reste pogné sur `SecretSyncedError`, la policy Vault est pas bonne',
               'Vault zwraca `permission denied` na ścieżce sklepu, brakuje polityki'])


@neg('talk_about_secrets')
def _t7():
    items = R.sample(['Toss / P24 / Moneris keys: rotated, owners confirmed', 'AC signing cert renewal is due next quarter, HSM ticket open',
                      'Slack bot tokens moved to the vault, no more .env on laptops', 'support exports now mask phone numbers and card numbers',
                      'JWT signing key rollover done for KR, CA and EU shards', 'two laptops still had plaintext SSH keys, fixed',
                      'GitHub PATs replaced by fine-grained tokens with 30-day expiry', '결제 키 소유자 확인 완료',
                      'rotation des clés du bot de loc : fait', 'rotacja kluczy do tłumaczeń: zrobione'], R.randint(3, 5))
    return f'*Security sync {ch(["KR", "MTL", "WAW"])} — notes*\n' + '\n'.join(f'• {x}' for x in items)


@neg('talk_about_secrets')
def _t8():
    return ch(['new password policy: 12+ chars, no forced rotation, checked against breached lists, 2FA required',
               '비밀번호 정책 바뀌었어요: 12자 이상, 주기적 변경 없음, 유출 목록 대조, 2단계 인증 필수',
               'nouvelle politique : 12 caractères minimum, pas de changement forcé, 2FA obligatoire',
               'nowa polityka haseł: minimum 12 znaków, bez wymuszonej zmiany, 2FA obowiązkowe',
               'why do we still force a password change every 90 days on the build accounts? NIST dropped that years ago'])


@neg('talk_about_secrets')
def _t9():
    return ch(['> does the Slack bot store the messages it redacts?\nno, it masks tokens, cards, IBANs and phone numbers before anything is written',
               '> 봇이 마스킹 전에 원문을 저장하나요?\n아니요, 저장 전에 토큰·카드번호·전화번호를 가립니다',
               "> le bot garde-tu le message original?\nnon, il masque les jetons, les cartes pis les numéros avant d'écrire quoi que ce soit",
               '> czy bot zapisuje oryginał?\nnie, maskuje tokeny, karty, IBAN-y i telefony przed zapisem'])


@neg('talk_about_secrets')
def _t10():
    steps = R.sample(['enable 2FA on Steamworks', 'register a YubiKey', 'join the vault group for your team', 'install the pre-commit secret hook',
                      'never share the Perforce password, each person gets their own', 'read the PCI scope doc',
                      'ask for payments dashboard access through the ticket form'], R.randint(3, 5))
    title = ch(['Onboarding — accounts', '온보딩 — 계정', 'Intégration — comptes', 'Onboarding — konta'])
    return f'*{title}*\n' + '\n'.join(f'- [ ] {x}' for x in steps)


@neg('talk_about_secrets')
def _t11():
    return ch(['card data never touches our servers, the PSP tokenises it in the iframe, so we are SAQ A',
               '카드 정보는 우리 서버로 안 들어와요. PG사 iframe에서 토큰화됩니다',
               "les données de carte passent jamais par nos serveurs, Moneris tokenise tout dans l'iframe",
               'dane kart nigdy nie trafiają na nasze serwery, operator tokenizuje je w iframe',
               'if we log the raw PSP response we would be logging card numbers, so the logger drops the body'])


@neg('talk_about_secrets')
def _t12():
    return ch(['+1, and rotate the webhook secret too while you are at it',
               '+1 토큰도 같이 교체해 주세요', '+1 pis change aussi le secret du webhook', '+1, zmieńcie też sekret webhooka',
               'done — old key revoked, new one is in the vault, nothing pasted here',
               '완료했습니다. 예전 키는 폐기, 새 키는 볼트에 있어요'])


@neg('talk_about_secrets')
def _t13():
    return ch(['support training: never ask a player for their full card number or password, only the order id and the last 4 digits',
               '상담 교육: 유저에게 카드번호 전체나 비밀번호를 절대 묻지 않습니다. 주문번호와 끝 4자리만',
               'formation soutien : on demande jamais le numéro de carte au complet ni le mot de passe, juste le numéro de commande',
               'szkolenie supportu: nigdy nie prosimy o pełny numer karty ani hasło, tylko numer zamówienia i 4 ostatnie cyfry'])


# ================================================================ positives: value makers

def kr_mobile():
    return str(R.randint(2000, 9999)), f'{R.randint(0, 9999):04d}'


CA_AREAS = ['514', '438', '450', '819', '418', '581', '613', '416']


def ca_parts():
    while True:
        ex = str(R.randint(200, 999))
        if ex != '555' and ex[1:] != '11':
            return ch(CA_AREAS), ex, f'{R.randint(0, 9999):04d}'


def pl_mobile():
    return ch(['50', '51', '53', '57', '60', '66', '69', '72', '73', '78', '79', '88']) + rs(DIG, 7)


PHONE_FMTS = {'kr': ['kr_dash', 'kr_intl', 'kr_plain', 'kr_seoul_ext', 'kr_e164', 'kr_dot'],
              'ca': ['ca_paren_ext', 'ca_dot', 'ca_plain', 'ca_intl', 'ca_1dash'],
              'pl': ['pl_space', 'pl_intl', 'pl_0048', 'pl_land_ext', 'pl_dash']}
ANY_CYCLE = ['pl', 'kr', 'ca']


def phone_for(country):
    """Next phone format of a country; returns (value, ext, fmt, counter keys to advance)."""
    if country == 'any':
        country = ANY_CYCLE[peek('phone_any') % 3]
        keys = ['phone_any']
    else:
        keys = []
    fmts = PHONE_FMTS[country]
    fmt = fmts[peek('phonefmt_' + country) % len(fmts)]
    v, x = phone(fmt)
    return v, x, fmt, country, keys + ['phonefmt_' + country]


def phone(fmt):
    """Return (value, extension-suffix or '')."""
    if fmt.startswith('kr'):
        a, b = kr_mobile()
        if fmt == 'kr_dash':
            return f'010-{a}-{b}', ''
        if fmt == 'kr_intl':
            return f'+82 10-{a}-{b}', ''
        if fmt == 'kr_plain':
            return f'010{a}{b}', ''
        if fmt == 'kr_dot':
            return f'010.{a}.{b}', ''
        if fmt == 'kr_e164':
            return f'+8210{a}{b}', ''
        if fmt == 'kr_seoul_ext':
            return f'02-{R.randint(2000, 9999)}-{b}', f' 내선 {R.randint(100, 999)}'
    if fmt.startswith('ca'):
        ar, ex, ln = ca_parts()
        if fmt == 'ca_paren_ext':
            return f'({ar}) {ex}-{ln}', f' {ch(["poste", "ext."])} {R.randint(100, 999)}'
        if fmt == 'ca_dot':
            return f'{ar}.{ex}.{ln}', ''
        if fmt == 'ca_plain':
            return f'{ar}{ex}{ln}', ''
        if fmt == 'ca_intl':
            return f'+1 {ar} {ex} {ln}', ''
        if fmt == 'ca_1dash':
            return f'1-{ar}-{ex}-{ln}', ''
    m = pl_mobile()
    if fmt == 'pl_space':
        return f'{m[:3]} {m[3:6]} {m[6:]}', ''
    if fmt == 'pl_intl':
        return f'+48 {m[:3]} {m[3:6]} {m[6:]}', ''
    if fmt == 'pl_dash':
        return f'{m[:3]}-{m[3:6]}-{m[6:]}', ''
    if fmt == 'pl_0048':
        return f'0048 {m[:3]} {m[3:6]} {m[6:]}', ''
    if fmt == 'pl_land_ext':
        return f'({ch(["22", "12", "58", "61"])}) {R.randint(200, 899)} {R.randint(10, 99)} {R.randint(10, 99)}', f' wew. {R.randint(10, 399)}'
    raise KeyError(fmt)


CARD_FMTS = ['visa_sp', 'mc_dash', 'visa_plain', 'amex_sp', 'mc_break', 'visa_sentence', 'jcb_sp', 'mc2_plain', 'visa_dash',
             'disc_sp', 'amex_plain']


def card(fmt):
    brand = fmt.split('_')[0]
    if brand == 'visa':
        d = luhn_make('4' + rs(DIG, 5), 16)
    elif brand == 'mc':
        d = luhn_make(str(R.randint(51, 55)), 16)
    elif brand == 'mc2':
        d = luhn_make(str(R.randint(2221, 2720)), 16)
    elif brand == 'amex':
        d = luhn_make(ch(['34', '37']), 15)
    elif brand == 'jcb':
        d = luhn_make(str(R.randint(3528, 3589)), 16)
    else:
        d = luhn_make('6011', 16)
    style = fmt.split('_')[1]
    if brand == 'amex' and style == 'sp':
        return f'{d[:4]} {d[4:10]} {d[10:]}'
    if style == 'sp':
        return group4(d)
    if style == 'dash':
        return group4(d, '-')
    if style == 'break':
        return f'{d[:4]} {d[4:8]}\n{d[8:12]} {d[12:]}'
    return d


def pw_value(style):
    if style == 'leet':
        base = ch(['M0ntr3@l', 'P@ngy0', 'Kr@k0w', 'Sh@rdf@ll', 'W@rsz@w@', 'S3oul', 'Qu3b3c', 'P13r0g1', 'K1mch1', 'P0ut1n3'])
        return base + ch(['!', '#', '_', '$', '*']) + str(R.randint(10, 2099)) + ch(['', '!', '?', '#'])
    if style == 'phrase_fr':
        return ch([' ', '-']).join(R.sample(['tempête', 'érable', 'poutine', 'castor', 'hiver', 'traversier', 'cabane', 'sucre'], 4))
    if style == 'phrase':
        words = ch([['kimchi', 'maple', 'pierogi', 'lantern', 'orbit', 'tundra', 'cedar', 'puffin'],
                    ['tempête', 'érable', 'poutine', 'castor', 'hiver', 'traversier'],
                    ['zielona', 'żaba', 'skacze', 'wysoko', 'nad', 'Wisłą', 'pierogi'],
                    ['바다', '고양이', '사과', '구름', '판교', '라면']])
        return ch([' ', '-', '.']).join(R.sample(words, 4))
    if style == 'kor_keys':
        return ch(['dkssud', 'qlalfqjsgh', 'tkfkdgo', 'vksrytmxbeldh', 'rpdlaqkd', 'gksrmf']) + str(R.randint(10, 99)) + ch(['!', '@', '#', '^^', '*'])
    if style == 'random':
        return rs(UP + LO + DIG + '!#$%^&*-_=+?~', R.randint(14, 20))
    return rs(B62, R.randint(12, 18))  # plain alnum


def url_pw():
    return ch([lambda: rs(B62, R.randint(16, 28)), lambda: rs(B62 + '-_.~', R.randint(18, 26)),
               lambda: pw_value('leet').replace('@', 'a').replace('#', '-').replace('$', 's').replace('!', '').replace('?', '').replace('*', '')])()


FIRST_KR = ['minjun', 'seoyeon', 'jiwoo', 'hayoon', 'dohyun', 'yuna', 'siwoo', 'jihoon']
LAST_KR = ['kim', 'lee', 'park', 'choi', 'jung', 'kang', 'yoon', 'han']
FIRST_QC = ['gabrielle', 'mathieu', 'olivier', 'camille', 'felix', 'lea', 'samuel', 'noemie']
LAST_QC = ['tremblay', 'gagnon', 'roy', 'cote', 'bouchard', 'gauthier', 'morin', 'lavoie']
FIRST_PL = ['piotr', 'anna', 'kasia', 'tomasz', 'zofia', 'michal', 'agnieszka', 'jakub']
LAST_PL = ['kowalski', 'nowak', 'wisniewska', 'wojcik', 'kaminski', 'lewandowska', 'zielinski', 'szymanska']


def email_value():
    c = ch(['kr', 'qc', 'pl', 'work'])
    if c == 'kr':
        f, l, dom = ch(FIRST_KR), ch(LAST_KR), ch(['naver.com', 'daum.net', 'kakao.com', 'gmail.com', 'hanmail.net'])
    elif c == 'qc':
        f, l, dom = ch(FIRST_QC), ch(LAST_QC), ch(['videotron.ca', 'hotmail.ca', 'sympatico.ca', 'gmail.com', 'outlook.fr'])
    elif c == 'pl':
        f, l, dom = ch(FIRST_PL), ch(LAST_PL), ch(['wp.pl', 'o2.pl', 'onet.pl', 'interia.pl', 'gmail.com'])
    else:
        f, l, dom = ch(FIRST_KR + FIRST_QC + FIRST_PL), ch(LAST_KR + LAST_QC + LAST_PL), ch(['shardfall.gg', 'locbridge-traduction.ca', 'tlumaczenia-wisla.pl'])
    sep = ch(['.', '_', '', '.'])
    tail = ch(['', '', str(R.randint(80, 99)), str(R.randint(1, 999))])
    return ch([f'{f}{sep}{l}{tail}', f'{l}{sep}{f}{tail}', f'{f[0]}.{l}{tail}']) + '@' + dom


IBAN_PLAN = [(0, 'de_grp'), (1, 'pl_nrb'), (2, 'fr_grp'), (3, 'de_compact'), (4, 'pl_grp'), (5, 'pl_compact'),
             (6, 'fr_compact'), (7, 'pl_grp'), (8, 'fr_grp')]


def iban_fmt(k):
    cc = k.split('_')[0]
    ib = {'pl': iban_pl, 'fr': iban_fr, 'de': iban_de}[cc]()
    if k.endswith('grp'):
        return group4(ib), k
    if k == 'pl_nrb':
        d = ib[2:]
        return d[:2] + ' ' + group4(d[2:]), k
    return ib, k


def jwt_value():
    now = R.randint(1735700000, 1767000000)
    p = ch([
        {'sub': f'acc_{rs(B62, 12)}', 'iss': 'https://auth.shardfall.gg', 'aud': 'matchmaker', 'region': ch(REGIONS),
         'iat': now, 'exp': now + 900},
        {'sub': str(R.randint(10 ** 8, 10 ** 9)), 'scope': 'store:purchase store:refund', 'locale': ch(['ko-KR', 'fr-CA', 'pl-PL']),
         'iat': now, 'exp': now + 3600},
        {'sid': uuid4(), 'role': ch(['support_agent', 'liveops_admin', 'loc_reviewer']), 'iss': 'support-tools',
         'iat': now, 'exp': now + 28800},
        {'sub': f'svc:{ch(SERVICES)}', 'aud': ch(['payments-gw', 'entitlements', 'ac-ingest']), 'iat': now, 'exp': now + 300,
         'jti': hexs(16)},
    ])
    return jwt_make(p, ch(['HS256', 'RS256']))


# ================================================================ positives: templates

def S(kind, value):
    return {'kind': kind, 'value': value}


NAMES_BY_C = {'kr': ['Seo-yeon', 'Min-jun', 'Ji-woo', '하윤'], 'ca': ['Gabrielle', 'Olivier', 'Mathieu', 'Noémie'],
              'pl': ['Kasia', 'Piotr', 'Zofia', 'Tomek']}
PHONE_T = [
    ('any', lambda v, x, c: f'{ch(NAMES_BY_C[c])}: {v}{x}'),
    ('kr', lambda v, x, c: f'제 번호 {v}{x} 입니다. 점검 중에 급하면 전화 주세요'),
    ('ca', lambda v, x, c: f'appelle-moi au {v}{x} si le serveur tombe encore, je suis de garde'),
    ('pl', lambda v, x, c: f'zadzwoń do mnie: {v}{x}, jestem dziś na dyżurze'),
    ('any', lambda v, x, c: f'on-call this week (payments): {v}{x}'),
    ('ca', lambda v, x, c: f'security desk Montreal office → {v}{x}'),
    ('kr', lambda v, x, c: f'vendor contact for the KR PG integration, call {v}{x} during KST hours'),
    ('pl', lambda v, x, c: f'kierownik zmiany w Krakowie – {v}{x}'),
    ('any', lambda v, x, c: f'player called back from {v}{x}, asked about the refund, ticket updated'),
    ('any', lambda v, x, c: f'*Escalation contacts*\n• AC lead: {v}{x}\n• fallback: #ac-oncall'),
    ('kr', lambda v, x, c: f'유저분이 콜백 요청하셨어요 {v}{x} (오후 2시 이후)'),
    ('ca', lambda v, x, c: f'le gars de la sécurité au 5e, {v}{x}'),
]

CARD_T = [
    lambda v: f'player pasted their card in the ticket ({v}), deleting it from Zendesk now',
    lambda v: f'카드번호 {v} 유효기간 08/27 로 결제 재시도해 달라고 하시네요',
    lambda v: f'ma carte corpo pour le renouvellement Steamworks: {v} exp 11/27, le cvc je te l\'envoie à part',
    lambda v: f'numer karty firmowej do faktury za serwery: {v}',
    lambda v: f'charge the team dinner on {v} please, exp 03/28',
    lambda v: f'```\nrefund_request:\n  order: {R.randint(10 ** 10, 10 ** 11)}\n  card: "{v}"\n  reason: double charge\n```',
    lambda v: f'QA: the prod card that was used for the live purchase test was {v} — it is a real company card, cancel it',
    lambda v: f'유저가 채팅으로 보낸 카드: {v}\n만료 09/26',
    lambda v: f'c\'est le {v} la carte du studio pour AWS, expire 06/27',
    lambda v: f'karta: {v}\nważna do 12/26, CVC w osobnej wiadomości',
    lambda v: f'"card number is {v}" — quoted from the chargeback email, player wants a manual refund',
]

PW_T = [
    ('leet', lambda v: f'guest wifi at the Pangyo office: SSID `SF-Guest-5F`, the wifi pw is {v}'),
    ('kor_keys', lambda v: f'3층 와이파이 비번 {v} 입니다 (SSID SF-Pangyo-3F)'),
    ('phrase_fr', lambda v: f'le mot de passe du wifi au bureau de Montréal c\'est « {v} »'),
    ('leet', lambda v: f'hasło do wifi w biurze na Prostej: {v}'),
    ('random', lambda v: f'```\nSTORE_DB_HOST={ip_private()}\nSTORE_DB_USER=store_rw\nSTORE_DB_PASSWORD={v}\n```'),
    ('alnum', lambda v: f'```\n$ mysql -h {ip_private()} -u loc_ro -p\'{v}\' strings\n```'),
    ('random', lambda v: f'`Server={ip_private()};Database=Support;User Id=svc_support;Password={v};TrustServerCertificate=True`'),
    ('leet', lambda v: f'```\n./ShardfallServer.sh Arena_0{R.randint(1, 9)} -log -port=7777 -AdminPassword={v}\n```'),
    ('phrase', lambda v: f'the passphrase for the build signing key is `{v}`, don\'t lose it'),
    ('random', lambda v: f'```yaml\nsupport_db:\n  host: {ip_private()}\n  user: zendesk_sync\n  password: "{v}"\n```'),
    ('kor_keys', lambda v: f'스테이징 DB 비밀번호: {v}'),
    ('leet', lambda v: f'le mdp du compte Steam de build c\'est {v}, change-le pas svp'),
    ('random', lambda v: f'hasło do panelu Przelewy24 (sandbox): {v}'),
    ('alnum', lambda v: f'```\nredis-cli -h {ip_private()} -a \'{v}\' --no-auth-warning INFO\n```'),
]

URL_T = [
    lambda v: f'```\nDATABASE_URL=postgres://store_svc:{v}@{ip_private()}:5432/store\n```',
    lambda v: f'`mongodb+srv://mm_rw:{v}@mm-cluster.x{rs(LO + DIG, 5)}.mongodb.net/matchmaking?retryWrites=true`',
    lambda v: f'redis for the lobby cache: `redis://:{v}@redis-lobby.shardfall.internal:6379/0`',
    lambda v: f'```python\nengine = create_engine("postgresql+psycopg2://ac_reader:{v}@verdicts-db.shardfall.internal/verdicts")\n```',
    lambda v: f'AMQP 접속 정보: `amqps://ac_ingest:{v}@mq.shardfall.internal:5671/ac`',
    lambda v: f'la chaîne pour la BD des traductions: `mysql://loc_rw:{v}@db-loc.shardfall.internal:3306/strings`',
    lambda v: f'artifactory z hasłem w URL, do poprawy: `https://ci-upload:{v}@artifacts.shardfall.internal/builds/`',
    lambda v: f'```yaml\nbroker_url: "amqp://celery:{v}@rabbit.support.shardfall.internal:5672//"\n```',
]

EMAIL_T = [
    lambda v: f'player wrote in from {v} about a double charge, ticket #{R.randint(1000000, 9999999)}',
    lambda v: f'환불 요청 유저 이메일 {v} 입니다. 주문번호 확인 부탁드려요',
    lambda v: f'le contact chez le fournisseur de traduction, c\'est {v}',
    lambda v: f'mail gracza: {v}, prosi o reset 2FA',
    lambda v: f'add {v} to the Steam partner group, she is the new release manager',
    lambda v: f'```\nTo: {v}\nSubject: [Shardfall] Votre remboursement\n```',
]

IP_T = [
    lambda v: f'AC banned a speedhack from {v}, 14 accounts on the same IP in 2h',
    lambda v: f'{ts_iso()} WARN ac-sentinel  heartbeat mismatch client_ip={v} build={semver()}',
    lambda v: f'KR 게임서버 공인 IP {v} 에서 패킷 로스 있어요',
    lambda v: f'le joueur se connecte toujours de {v}, c\'est un VPN selon lui',
    lambda v: f'atak DDoS na serwer meczowy, źródło {v}',
    lambda v: f'```\n$ mtr -rwc 50 {v}\n```\nthat is the Montreal edge, loss starts at hop 7',
]

IBAN_T = [
    lambda v: f'contractor payout account for March: {v}',
    lambda v: f'zwrot dla gracza przelewem, numer konta: {v}',
    lambda v: f'IBAN du fournisseur de traduction (facture 2025-{R.randint(10, 99)}): {v}',
    lambda v: f'Zahlungsdienstleister wants the refund to {v}, can finance confirm?',
    lambda v: f'환불 받을 계좌 {v} 로 보내달라고 하시네요 (유럽 유저)',
    lambda v: f'```\npayout:\n  holder: Studio Wisła sp. z o.o.\n  iban: {v}\n```',
    lambda v: f'le joueur demande le remboursement sur {v}',
    lambda v: f'konto do faktury za dubbing: {v}',
    lambda v: f'```\nbeneficiary_iban={v}\namount=4200.00 EUR\n```',
]

SSN_T = [
    lambda v: f'US contractor W-9 came in, SSN {v}, forwarding to finance',
    lambda v: f'the QA tester from Austin sent their SSN in DM for the payroll form: {v}',
    lambda v: f'미국 외주 세금 서류 SSN: {v}',
    lambda v: f'formulaire W-9 du pigiste américain : SSN {v}',
    lambda v: f'```\ncontractor: US-0{R.randint(10, 99)}\nssn: "{v}"\n```',
    lambda v: f'SSN do formularza W-9 kontraktora z USA: {v}',
    lambda v: f'payroll needs the SSN again ({v}), the first upload failed',
]

JWT_T = [
    lambda v: f'```\ncurl -H "Authorization: Bearer {v}" https://api.shardfall.gg/v1/store/entitlements\n```',
    lambda v: f'이 세션 토큰으로 재현돼요: {v}',
    lambda v: f'{ts_iso()} DEBUG mm-director  ws upgrade /queue?token={v}',
    lambda v: f'le jeton du compte de test qui plante: `{v}`',
    lambda v: f'token z support-tools, wygasa za godzinę: {v}',
    lambda v: f'```json\n{{"access_token": "{v}", "token_type": "Bearer", "expires_in": 900}}\n```',
    lambda v: f'cookie `sf_session={v}` on the staging store, checkout still 500s',
]

AWSPAIR_T = [
    lambda a, s: f'```\n[crash-dumps]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = ap-northeast-2\n```',
    lambda a, s: f'```\nexport AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\naws s3 sync ./dumps s3://shardfall-crash-dumps/\n```',
    lambda a, s: f'```python\ns3 = boto3.client("s3", aws_access_key_id="{a}", aws_secret_access_key="{s}", region_name="ca-central-1")\n```',
    lambda a, s: f'키 새로 발급했어요\nAccess key: {a}\nSecret: {s}',
    lambda a, s: f'clé pour le bucket des replays AC : {a} / {s}',
    lambda a, s: f'```\n$ aws configure --profile patch-cdn\nAWS Access Key ID [None]: {a}\nAWS Secret Access Key [None]: {s}\n```',
    lambda a, s: f'klucze do bucketa z eksportami tłumaczeń: `{a}` i `{s}`',
    lambda a, s: f'```json\n{{"AccessKeyId": "{a}", "SecretAccessKey": "{s}", "Status": "Active"}}\n```',
    lambda a, s: f'```yaml\nenv:\n  - name: AWS_ACCESS_KEY_ID\n    value: {a}\n  - name: AWS_SECRET_ACCESS_KEY\n    value: {s}\n```',
]

AWSID_T = [lambda v: f'which team owns {v}? it shows up in CloudTrail calling GetObject on the loc bucket']

GHC_T = [
    lambda v: f'use my PAT for the build agent for now: {v} (expires Friday)',
    lambda v: f'```\ngit clone https://x-access-token:{v}@github.com/shardfall/anticheat-sigs.git\n```',
    lambda v: f'```\nGITHUB_TOKEN={v}\n```',
    lambda v: f'깃허브 토큰 {v} 이걸로 릴리즈 태그 찍으시면 됩니다',
    lambda v: f'le jeton GitHub du bot de loc: {v}',
    lambda v: f'token do GitHuba dla CI od tłumaczeń: {v}',
    lambda v: f'```yaml\nregistries:\n  ghcr:\n    password: {v}\n```',
    lambda v: f'`gh auth login --with-token <<< {v}`',
]

GHF_T = [
    lambda v: f'fine-grained token scoped to shardfall/loc-strings: {v}',
    lambda v: f'```\nexport GH_TOKEN={v}\ngh release create v{semver()} ./dist/*\n```',
    lambda v: f'새 fine-grained 토큰이에요 {v}',
    lambda v: f'le token fine-grained pour Crowdin → GitHub: {v}',
    lambda v: f'nowy token (fine-grained, tylko odczyt): {v}',
    lambda v: f'```json\n{{"github": {{"token": "{v}", "repo": "shardfall/patch-notes"}}}}\n```',
    lambda v: f'renovate config uses {v} until we move it to a secret',
    lambda v: f'`docker login ghcr.io -u sf-ci -p {v}`',
]

SLB_T = [
    lambda v: f'```\nSLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=#ac-alerts\n```',
    lambda v: f'```python\nclient = WebClient(token="{v}")\nclient.chat_postMessage(channel="#live-ops", text="queue times up")\n```',
    lambda v: f'라이브옵스 봇 토큰 {v}',
    lambda v: f'le token du bot des alertes de la boutique: {v}',
    lambda v: f'token bota od alertów: {v}',
    lambda v: f'```\ncurl -X POST -H "Authorization: Bearer {v}" -d channel=C0{rs(UP + DIG, 9)} -d text=deploy https://slack.com/api/chat.postMessage\n```',
    lambda v: f'```yaml\nslack:\n  bot_token: {v}\n```',
    lambda v: f'the loc-bot token is {v}, paste it in the Crowdin integration',
]

SLU_T = [
    lambda v: f'my user token for the export script: {v}',
    lambda v: f'```\nSLACK_USER_TOKEN={v} python export_channel.py --channel live-ops\n```',
    lambda v: f'제 유저 토큰 {v} 으로 채널 백업 돌렸어요',
    lambda v: f'jeton utilisateur pour archiver #loc-fr: {v}',
    lambda v: f'mój user token do skryptu: {v}',
    lambda v: f'```json\n{{"ok": true, "access_token": "{v}", "token_type": "user"}}\n```',
    lambda v: f'legacy token in the old support script: {v}',
    lambda v: f'`curl -H "Authorization: Bearer {v}" https://slack.com/api/conversations.history?channel=C0{rs(UP + DIG, 9)}`',
]

OAI_T = [
    lambda v: f'```\nOPENAI_API_KEY={v}\n```\nfor the patch-notes MT job',
    lambda v: f'```python\nclient = OpenAI(api_key="{v}")\n```',
    lambda v: f'기계번역 파이프라인 OpenAI 키: {v}',
    lambda v: f'la clé OpenAI pour la pré-traduction fr-CA: {v}',
    lambda v: f'klucz OpenAI do tłumaczeń na pl-PL: {v}',
    lambda v: f'```yaml\nmt:\n  provider: openai\n  api_key: {v}\n```',
    lambda v: f'support summariser still uses {v}, rotate after the demo',
    lambda v: f'`curl https://api.openai.com/v1/chat/completions -H "Authorization: Bearer {v}"`',
]

ANT_T = [
    lambda v: f'```\nANTHROPIC_API_KEY={v}\n```',
    lambda v: f'```python\nclient = anthropic.Anthropic(api_key="{v}")\n```',
    lambda v: f'티켓 요약 봇 키 {v}',
    lambda v: f'la clé Claude pour la révision des traductions: {v}',
    lambda v: f'klucz do Claude dla supportu: {v}',
    lambda v: f'```json\n{{"llm": {{"vendor": "anthropic", "key": "{v}"}}}}\n```',
    lambda v: f'loc QA reviewer key: {v}',
    lambda v: f'`curl https://api.anthropic.com/v1/messages -H "x-api-key: {v}" -H "anthropic-version: 2023-06-01"`',
]

MULTI = {
    'email_phone': [
        lambda e, p, x: f'player contact from the ticket: {e} / {p}{x}',
        lambda e, p, x: f'통역 업체 담당자 연락처\n이메일: {e}\n전화: {p}{x}',
    ],
    'card_email': [lambda c, e: f'chargeback: card {c}, account email {e}, please look up the order'],
    'iban_email': [lambda i, e: f'la pigiste de la loc fr-CA demande le paiement sur {i}, facture envoyée de {e}'],
    'urlcred_ipv4': [lambda u, ip: f'```\nDATABASE_URL=postgres://ac_admin:{u}@{ip}:5432/verdicts\n```\n(that IP is the public endpoint, why is it open?)'],
    'password_ipv4': [lambda pw, ip: f'```\nsshpass -p \'{pw}\' ssh -o StrictHostKeyChecking=no build@{ip}\n```'],
    'slack_pair': [lambda b, u: f'bot: {b}\nuser (for the history export): {u}'],
    'llm_pair': [lambda o, a: f'```\nOPENAI_API_KEY={o}\nANTHROPIC_API_KEY={a}\nMT_PROVIDER=both\n```'],
    'gh_pair': [lambda c, f: f'old classic PAT {c} is being replaced by the fine-grained {f}, switch the runners today'],
    'password_phone': [lambda pw, p, x: f'le mdp du wifi c\'est {pw}, si ça marche pas appelle l\'IT au {p}{x}'],
    'card_phone': [lambda c, p, x: f'유저가 채팅에 카드번호 {c} 랑 연락처 {p}{x} 남겼어요. 바로 삭제 요청드립니다'],
}


PEM_TYPES = ['ec', 'ed25519', 'rsa1', 'openssh', 'rsa8', 'ec', 'openssh', 'ed25519', 'rsa1']
PEM_INTRO = ['AC server signing key for staging, do not reuse:', '스테이징 결제 웹훅 서명키입니다', 'la clé du bot de déploiement:',
             'klucz do serwera buildów:', 'here is the key the launcher updater uses, rotate after the demo']


def pem_make(kind):
    if kind == 'ec':
        return 'EC PRIVATE KEY', pem_lines(ec_p256_sec1())
    if kind == 'ed25519':
        return 'PRIVATE KEY', pem_lines(ed25519_pkcs8())
    if kind == 'rsa1':
        return 'RSA PRIVATE KEY', pem_lines(rsa_key())
    if kind == 'rsa8':
        return 'PRIVATE KEY', pem_lines(rsa_pkcs8(rsa_key()))
    return 'OPENSSH PRIVATE KEY', pem_lines(openssh_ed25519(ch(['build-agent-07', 'ac-deployer', 'patcher-ci', 'loc-sync'])), 70)


def pos_pem(i):
    kind = PEM_TYPES[i % len(PEM_TYPES)]
    label, lines = pem_make(kind)
    layout = i % 3
    intro = ch(PEM_INTRO)
    if layout == 0:
        v = '\n'.join(lines)
        text = f'{intro}\n```\n-----BEGIN {label}-----\n{v}\n-----END {label}-----\n```'
    elif layout == 1:
        v = '\\n'.join(lines)
        text = (f'{intro}\n```json\n{{"service": "{ch(SERVICES)}", "signing_key": "-----BEGIN {label}-----\\n{v}\\n-----END {label}-----\\n", '
                f'"kid": "{hexs(8)}"}}\n```')
    else:
        v = '\n    '.join(lines)
        text = f'{intro}\n```yaml\n{ch(["ac_signing", "webhook", "deploy"])}:\n  key: |\n    -----BEGIN {label}-----\n    {v}\n    -----END {label}-----\n```'
    return text, [S('private_key_pem', v)], f'private_key_pem:{kind}:layout{layout}'


def ssn_fmt(i):
    v = ssn_make()
    k = ['dash', 'dash', 'space', 'dash', 'plain', 'dash', 'space'][i % 7]
    if k == 'space':
        v = v.replace('-', ' ')
    elif k == 'plain':
        v = v.replace('-', '')
    return v, k


CTR = {}


def nxt(key):
    CTR[key] = CTR.get(key, -1) + 1
    return CTR[key]


def peek(key):
    return CTR.get(key, -1) + 1


def pos_single(kind):
    i = peek(kind)
    if kind == 'phone_number':
        t = i % len(PHONE_T)
        cc, fn = PHONE_T[t]
        v, x, fmt, country, keys = phone_for(cc)
        return fn(v, x, country), [S(kind, v)], f'{kind}:t{t}:{fmt}', keys
    if kind == 'credit_card':
        fmt = CARD_FMTS[peek('cardfmt') % len(CARD_FMTS)]
        v = card(fmt)
        t = i % len(CARD_T)
        return CARD_T[t](v), [S(kind, v)], f'{kind}:t{t}:{fmt}', ['cardfmt']
    if kind == 'password':
        t = i % len(PW_T)
        style, fn = PW_T[t]
        v = pw_value(style)
        return fn(v), [S(kind, v)], f'{kind}:t{t}:{style}', []
    if kind == 'url_credentials':
        v = url_pw()
        t = i % len(URL_T)
        return URL_T[t](v), [S(kind, v)], f'{kind}:t{t}', []
    if kind == 'email_address':
        v = email_value()
        t = i % len(EMAIL_T)
        return EMAIL_T[t](v), [S(kind, v)], f'{kind}:t{t}', []
    if kind == 'ipv4_address':
        v = ipv4_public()
        t = i % len(IP_T)
        return IP_T[t](v), [S(kind, v)], f'{kind}:t{t}', []
    if kind == 'iban':
        t, fmt = IBAN_PLAN[i % len(IBAN_PLAN)]
        v, fmt = iban_fmt(fmt)
        return IBAN_T[t](v), [S(kind, v)], f'{kind}:t{t}:{fmt}', []
    if kind == 'us_ssn':
        v, fmt = ssn_fmt(i)
        t = i % len(SSN_T)
        return SSN_T[t](v), [S(kind, v)], f'{kind}:t{t}:{fmt}', []
    if kind == 'jwt':
        v = jwt_value()
        t = i % len(JWT_T)
        return JWT_T[t](v), [S(kind, v)], f'{kind}:t{t}', []
    if kind == 'aws_access_key_id':
        v = aws_key_id(temp=R.random() < 0.3)
        return AWSID_T[0](v), [S(kind, v)], f'{kind}:t0', []
    if kind == 'private_key_pem':
        text, sec, ctx = pos_pem(i)
        return text, sec, ctx, []
    table = {'github_classic_pat': (GHC_T, gh_classic), 'github_fine_grained_pat': (GHF_T, gh_fine),
             'slack_bot_token': (SLB_T, slack_bot), 'slack_user_token': (SLU_T, slack_user),
             'openai_api_key': (OAI_T, openai_key), 'anthropic_api_key': (ANT_T, anthropic_key)}
    T, mk = table[kind]
    v = mk()
    t = i % len(T)
    return T[t](v), [S(kind, v)], f'{kind}:t{t}', []


def pos_multi(name):
    n = peek('multi:' + name)
    if name == 'aws_pair':
        a, s = aws_key_id(), aws_secret()
        t = n % len(AWSPAIR_T)
        return AWSPAIR_T[t](a, s), [S('aws_access_key_id', a), S('aws_secret_access_key', s)], f'multi:aws_pair:{t}', []
    T = MULTI[name]
    t = n % len(T)
    fn = T[t]
    used = []

    def ph(country):
        v, x, fmt, _c, keys = phone_for(country)
        used.extend(keys)
        return v, x

    def cd():
        fmt = CARD_FMTS[peek('cardfmt') % len(CARD_FMTS)]
        used.append('cardfmt')
        return card(fmt)
    if name == 'email_phone':
        e = email_value()
        p, x = ph('any')
        return fn(e, p, x), [S('email_address', e), S('phone_number', p)], f'multi:{name}:{t}', used
    if name == 'card_email':
        c, e = cd(), email_value()
        return fn(c, e), [S('credit_card', c), S('email_address', e)], f'multi:{name}:{t}', used
    if name == 'iban_email':
        i, _ = iban_fmt('fr_grp')
        e = email_value()
        return fn(i, e), [S('iban', i), S('email_address', e)], f'multi:{name}:{t}', used
    if name == 'urlcred_ipv4':
        u, ip = url_pw(), ipv4_public()
        return fn(u, ip), [S('url_credentials', u), S('ipv4_address', ip)], f'multi:{name}:{t}', used
    if name == 'password_ipv4':
        pw, ip = pw_value('alnum'), ipv4_public()
        return fn(pw, ip), [S('password', pw), S('ipv4_address', ip)], f'multi:{name}:{t}', used
    if name == 'slack_pair':
        b, u = slack_bot(), slack_user()
        return fn(b, u), [S('slack_bot_token', b), S('slack_user_token', u)], f'multi:{name}:{t}', used
    if name == 'llm_pair':
        o, a = openai_key(), anthropic_key()
        return fn(o, a), [S('openai_api_key', o), S('anthropic_api_key', a)], f'multi:{name}:{t}', used
    if name == 'gh_pair':
        c, f = gh_classic(), gh_fine()
        return fn(c, f), [S('github_classic_pat', c), S('github_fine_grained_pat', f)], f'multi:{name}:{t}', used
    if name == 'password_phone':
        pw = pw_value('leet')
        p, x = ph('ca')
        return fn(pw, p, x), [S('password', pw), S('phone_number', p)], f'multi:{name}:{t}', used
    if name == 'card_phone':
        c = cd()
        p, x = ph('kr')
        return fn(c, p, x), [S('credit_card', c), S('phone_number', p)], f'multi:{name}:{t}', used
    raise KeyError(name)


SINGLES = {'phone_number': 11, 'credit_card': 9, 'password': 12, 'email_address': 4, 'url_credentials': 6,
           'ipv4_address': 5, 'iban': 9, 'us_ssn': 7, 'jwt': 9, 'aws_access_key_id': 1, 'github_classic_pat': 8,
           'github_fine_grained_pat': 8, 'slack_bot_token': 8, 'slack_user_token': 8, 'openai_api_key': 8,
           'anthropic_api_key': 8, 'private_key_pem': 9}
MULTIS = {'aws_pair': 9, 'email_phone': 2, 'card_email': 1, 'iban_email': 1, 'urlcred_ipv4': 1, 'password_ipv4': 1,
          'slack_pair': 1, 'llm_pair': 1, 'gh_pair': 1, 'password_phone': 1, 'card_phone': 1}


def validate_secret(s):
    k, v = s['kind'], s['value']
    if k == 'credit_card':
        d = re.sub(r'\D', '', v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif k == 'iban':
        c = v.replace(' ', '')
        if c[:2].isdigit():
            c = 'PL' + c
            assert pl_sort_ok(c[4:12]), v
        assert iban_valid(c), v
        if c.startswith('PL'):
            assert pl_sort_ok(c[4:12]), v
        if c.startswith('FR'):
            assert fr_rib_key(c[4:9], c[9:14], c[14:25]) == int(c[25:27]), v
    elif k == 'us_ssn':
        assert ssn_valid(v), v
    elif k == 'ipv4_address':
        assert ipv4_is_public(v), v
    elif k == 'jwt':
        h, p, sig = v.split('.')
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + '=' * (-len(part) % 4)))
    elif k == 'private_key_pem':
        body = re.sub(r'\s+', '', v.replace('\\n', '\n'))
        base64.b64decode(body, validate=True)
    elif k == 'aws_access_key_id':
        assert re.fullmatch(r'(AKIA|ASIA)[A-Z2-7]{16}', v), v
    elif k == 'aws_secret_access_key':
        assert re.fullmatch(r'[A-Za-z0-9/+]{40}', v), v
    elif k == 'github_classic_pat':
        assert re.fullmatch(r'ghp_[A-Za-z0-9]{36}', v) and base62(zlib.crc32(v[4:34].encode()) & 0xffffffff, 6) == v[34:], v
    elif k == 'anthropic_api_key':
        assert v.startswith('sk-ant-api03-') and v.endswith('AA') and len(v) == 108, v
    elif k == 'openai_api_key':
        assert 'T3BlbkFJ' in v, v


# ================================================================ assembly

LEADS = ['fyi ', 'FYI: ', 'heads-up: ', '참고로 ', '공유드립니다 — ', 'pour info : ', 'petite note : ', 'btw ', 'dla info: ',
         'uwaga: ', 'quick q — ', '확인 부탁드려요: ', 'ok so ', 'tsé, ', 'słuchajcie, ']
TRAILS = ['\nthx', '\n감사합니다 🙏', '\nmerci!', '\ndzięki', '\nlmk', '\n이거 왜 이래요 ㅠㅠ', '\n👀', "\nc'est correct?", '\nco myślicie?']


def decorate(t, p_lead, p_trail):
    if R.random() < p_lead:
        lead = ch(LEADS)
        t = lead.rstrip() + '\n' + t if t.startswith('```') else lead + t
    if R.random() < p_trail:
        t = t + ch(TRAILS)
    return t


CATS = ['data_uri_base64', 'placeholder_example', 'code_identifier', 'non_credential_blob', 'pii_lookalike_number',
        'talk_about_secrets']


def gen_negatives(seen):
    out, stats = [], {}
    redraw_kinds = {}
    for cat in CATS:
        fns = NEG[cat]
        order = list(range(len(fns)))
        R.shuffle(order)
        st = {'texts': 0, 'templates': len(fns), 'redraws': 0, 'dups': 0, 'lines': []}
        i = 0
        cores = set()
        exhausted = set()
        while st['texts'] < 100:
            if len(exhausted) == len(fns):
                raise RuntimeError(f'{cat}: all templates exhausted')
            k = order[i % len(order)]
            i += 1
            if k in exhausted:
                continue
            fn = fns[k]
            for _attempt in range(300):
                core = fn()
                if core in cores:
                    st['dups'] += 1
                    continue
                t = decorate(core, 0.12, 0.06)
                if t in seen:
                    st['dups'] += 1
                    continue
                f = scan(t)
                if f:
                    st['redraws'] += 1
                    for kk, a, b in f:
                        redraw_kinds[kk] = redraw_kinds.get(kk, 0) + 1
                    continue
                break
            else:
                exhausted.add(k)
                continue
            cores.add(core)
            seen.add(t)
            out.append({'text': t, 'category': cat})
            st['texts'] += 1
            st['lines'].append(t.count('\n') + 1)
            st.setdefault('per', {})[fn.__name__] = st.get('per', {}).get(fn.__name__, 0) + 1
        st['exhausted'] = sorted(fns[k].__name__ for k in exhausted)
        stats[cat] = st
    R.shuffle(out)
    recs = [{'id': f'h{N}n-{k + 1:04d}', 'text': r['text'], 'category': r['category']} for k, r in enumerate(out)]
    return recs, stats, redraw_kinds


def gen_positives(seen):
    items = [('single', k) for k, n in SINGLES.items() for _ in range(n)] + [('multi', k) for k, n in MULTIS.items() for _ in range(n)]
    R.shuffle(items)
    recs, redraws = [], {}
    for typ, name in items:
        for _attempt in range(200):
            if typ == 'single':
                text, secrets, ctx, used = pos_single(name)
            else:
                text, secrets, ctx, used = pos_multi(name)
            text = decorate(text, 0.05, 0.03)
            if text in seen or any(s['value'] not in text for s in secrets):
                continue
            bad = unlabelled(text, secrets)
            if bad:
                for k, _v in bad:
                    redraws[k] = redraws.get(k, 0) + 1
                continue
            break
        else:
            raise RuntimeError(f'positive {name} keeps failing')
        for s in secrets:
            validate_secret(s)
        nxt(name if typ == 'single' else 'multi:' + name)
        for u in used:
            nxt(u)
        seen.add(text)
        recs.append({'text': text, 'secrets': secrets, 'context': ctx})
    return [{'id': f'h{N}p-{k + 1:04d}', **r} for k, r in enumerate(recs)], redraws


def write_jsonl(path, recs):
    with open(path, 'w', encoding='utf-8', newline='\n') as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + '\n')


def main():
    seen = set()
    negs, nstats, nredraw = gen_negatives(seen)
    poss, predraw = gen_positives(seen)
    write_jsonl(os.path.join(HERE, f'redaction{N}_negatives.jsonl'), negs)
    write_jsonl(os.path.join(HERE, f'redaction{N}_positives.jsonl'), poss)

    # ---- checks
    assert len(negs) == 600 and len({r['text'] for r in negs}) == 600
    assert len(poss) == 150
    nsec = sum(len(r['secrets']) for r in poss)
    assert nsec == 170, nsec
    assert sum(1 for r in poss if len(r['secrets']) == 1) == 130
    assert sum(1 for r in poss if len(r['secrets']) == 2) == 20
    for r in poss:
        for s in r['secrets']:
            assert s['value'] in r['text']

    # ---- report
    print(f'redaction{N}: {len(negs)} negatives, {len(poss)} positives with {nsec} secrets')
    print('\nnegatives by category (texts / templates / min-max lines / redraws / duplicate draws):')
    for c in CATS:
        st = nstats[c]
        print(f'  {c:22s} {st["texts"]:4d} {st["templates"]:4d}   {min(st["lines"])}/{max(st["lines"])}   '
              f'{st["redraws"]:4d} {st["dups"]:4d}  templates used: {len(st["per"])}, max texts from one template: {max(st["per"].values())}'
              + (f', exhausted: {",".join(st["exhausted"])}' if st['exhausted'] else ''))
    print('  negative redraw reasons:', ', '.join(f'{k}={v}' for k, v in sorted(nredraw.items())) or 'none')
    final = [(r['id'], k, r['text'][a:b]) for r in negs for k, a, b in scan(r['text'])]
    print(f'  findings on final negatives: {len(final)}')
    for f in final:
        print('   ', f)
    print('\npositives:')
    print('  positive redraw reasons (unlabelled findings):', ', '.join(f'{k}={v}' for k, v in sorted(predraw.items())) or 'none')
    unl = [(r['id'], unlabelled(r['text'], r['secrets'])) for r in poss]
    unl = [u for u in unl if u[1]]
    print(f'  unlabelled findings on final positives: {len(unl)}')
    by_kind, miss = {}, []
    for r in poss:
        for s in r['secrets']:
            d = by_kind.setdefault(s['kind'], [0, 0])
            d[0] += 1
            if covered(r['text'], s['value']):
                d[1] += 1
            else:
                miss.append((r['id'], s['kind'], r['context'], s['value'][:40]))
    print('  kind                       labelled  scanner-hits')
    for k in sorted(by_kind):
        print(f'  {k:26s} {by_kind[k][0]:8d} {by_kind[k][1]:8d}')
    print(f'  scanner misses ({len(miss)}):')
    for m in miss:
        print('   ', m)
    lines = [r['text'].count('\n') + 1 for r in negs]
    print(f'\nnegative lengths: single-line {sum(1 for x in lines if x == 1)}, >=10 lines {sum(1 for x in lines if x >= 10)}, '
          f'>=20 lines {sum(1 for x in lines if x >= 20)}, max {max(lines)}')


if __name__ == '__main__':
    main()


