#!/usr/bin/env python3
"""Blind redaction corpus #38 (Seshat issue 24).

Theme: the Slack of an HR / payroll and insurance-claims systems team at a
European company (payroll runs, SEPA pain.001 / camt.053, SAP HCM and Workday,
benefits-provider integrations, tax forms, claims intake).

Standard library only.  One random.Random(3838), used in a fixed order.
Writes redaction38_negatives.jsonl and redaction38_positives.jsonl next to
this file.  Two runs give byte-identical output.
"""
import base64
import datetime
import hashlib
import json
import math
import os
import random
import re
import struct
import sys
import zipfile
import zlib
import io

SEED = 3838
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
TAG = "h38"

DIG = "0123456789"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
ALNUM = DIG + UP + LO
B62 = DIG + UP + LO
HEXL = "0123456789abcdef"
HEXU = "0123456789ABCDEF"
B64A = UP + LO + DIG + "+/"
B64U = UP + LO + DIG + "-_"
B32 = UP + "234567"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


# ---------------------------------------------------------------- basics
def rs(n, alpha=ALNUM):
    return "".join(R.choice(alpha) for _ in range(n))


def rb(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def pick(seq):
    return R.choice(seq)


def chance(p):
    return R.random() < p


def hexs(n, upper=False):
    return rs(n, HEXU if upper else HEXL)


def digits(n, first_nonzero=False):
    s = rs(n, DIG)
    if first_nonzero and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, n):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def group(s, n=4, sep=" "):
    return sep.join(s[i:i + n] for i in range(0, len(s), n))


def rdate(y0=2024, y1=2026):
    start = datetime.date(y0, 1, 1).toordinal()
    end = datetime.date(y1, 12, 28).toordinal()
    return datetime.date.fromordinal(R.randint(start, end))


def rdt(y0=2024, y1=2026):
    d = rdate(y0, y1)
    return datetime.datetime(d.year, d.month, d.day, R.randint(0, 23), R.randint(0, 59),
                             R.randint(0, 59), R.randint(0, 999) * 1000)


def iso(dt, ms=True):
    if ms:
        return dt.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (dt.microsecond // 1000)
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def epoch(dt):
    return int((dt - datetime.datetime(1970, 1, 1)).total_seconds())


def uuid4():
    b = bytearray(rb(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(dt=None):
    dt = dt or rdt()
    ms = epoch(dt) * 1000 + dt.microsecond // 1000
    b = bytearray(ms.to_bytes(6, "big") + rb(10))
    b[6] = (b[6] & 0x0F) | 0x70
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid(dt=None):
    dt = dt or rdt()
    ms = epoch(dt) * 1000 + dt.microsecond // 1000
    t = ""
    for _ in range(10):
        t = CROCK[ms % 32] + t
        ms //= 32
    return t + rs(16, CROCK)


def money(lo, hi, sep_thousand=".", sep_dec=","):
    v = R.randint(int(lo * 100), int(hi * 100))
    whole, cents = divmod(v, 100)
    w = "{:,}".format(whole).replace(",", sep_thousand)
    return "%s%s%02d" % (w, sep_dec, cents)


# ---------------------------------------------------------------- checksums
def luhn_ok(ds):
    s = 0
    for i, ch in enumerate(reversed(ds)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        s += d
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(length - len(prefix) - 1, DIG)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_num(s):
    return "".join(str(int(c, 36)) for c in s)


def iban_ok(iban):
    s = iban.replace(" ", "")
    return len(s) > 4 and int(iban_num(s[4:] + s[:4])) % 97 == 1


def iban_make(cc, bban):
    ck = 98 - int(iban_num(bban + cc + "00")) % 97
    return "%s%02d%s" % (cc, ck, bban)


IBAN_LEN = {
    "AD": 24, "AT": 20, "BA": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22,
    "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GI": 23, "GL": 18,
    "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "MC": 27, "ME": 22, "MK": 19, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
    "RO": 24, "RS": 22, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26, "UA": 29, "VA": 22,
    "XK": 20, "AL": 28, "AZ": 28, "BH": 22, "BR": 29, "CR": 22, "DO": 28, "GE": 22, "IL": 23,
    "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "MD": 24, "MR": 27, "MU": 30, "PK": 24, "PS": 29,
    "QA": 29, "SA": 24, "TN": 24, "VG": 24, "AE": 23, "EG": 29, "IQ": 23, "SC": 31, "LC": 32,
    "BY": 28, "SV": 28, "TL": 23, "ST": 25, "LY": 25, "SD": 18,
}

# Examples published in the SWIFT IBAN registry; the only mod-97-valid IBANs allowed in negatives.
REGISTRY_IBANS = [
    "DE89370400440532013000", "GB29NWBK60161331926819", "FR1420041010050500013M02606",
    "NL91ABNA0417164300", "BE68539007547034", "AT611904300234573201", "CH9300762011623852957",
    "ES9121000418450200051332", "IT60X0542811101000000123456", "PL61109010140000071219812874",
    "LU280019400644750000", "IE29AIBK93115212345678", "PT50000201231234567890154",
    "FI2112345600000785", "SE4550000000058398257466", "DK5000400440116243", "NO9386011117947",
]
for _ib in REGISTRY_IBANS:
    assert iban_ok(_ib) and len(_ib) == IBAN_LEN[_ib[:2]], _ib


def es_dc(ten):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    d = 11 - sum(int(c) * k for c, k in zip(ten, w)) % 11
    return {11: 0, 10: 1}.get(d, d)


_IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]


def it_cin(s):
    tot = 0
    for i, c in enumerate(s):
        v = int(c) if c.isdigit() else ord(c) - 65
        tot += _IT_ODD[v] if i % 2 == 0 else v
    return chr(65 + tot % 26)


def bban_for(cc):
    if cc == "DE":
        blz = pick(["10010010", "37040044", "50010517", "70150000", "20050550", "60050101",
                    "12030000", "50040000", "76026000", "86055592", "30020900", "43060967"])
        return blz + digits(10)
    if cc == "FR":
        b, g, c = digits(5, True), digits(5), digits(11)
        key = 97 - ((89 * int(b) + 15 * int(g) + 3 * int(c)) % 97)
        return "%s%s%s%02d" % (b, g, c, key)
    if cc == "NL":
        bank = pick(["ABNA", "INGB", "RABO", "TRIO", "SNSB", "ASNB", "KNAB"])
        while True:
            acc = digits(10)
            if acc[0] != "0" and sum(int(acc[i]) * (10 - i) for i in range(10)) % 11 == 0:
                return bank + acc
    if cc == "BE":
        ten = pick(["001", "063", "068", "143", "310", "363", "539", "732", "751"]) + digits(7)
        ck = int(ten) % 97 or 97
        return "%s%02d" % (ten, ck)
    if cc == "AT":
        return pick(["12000", "14000", "20111", "32000", "38000", "19043", "60000"]) + digits(11)
    if cc == "ES":
        bank = pick(["2100", "0049", "0182", "0081", "2038", "0128", "1465"])
        br = digits(4)
        acc = digits(10)
        return bank + br + "%d%d" % (es_dc("00" + bank + br), es_dc(acc)) + acc
    if cc == "IT":
        abi = pick(["03069", "02008", "05034", "03062", "01030", "05428"])
        cab = digits(5)
        acc = digits(12)
        return it_cin(abi + cab + acc) + abi + cab + acc
    if cc == "PL":
        pref = pick(["1020", "1140", "1050", "1090", "1240", "1160", "2490"])
        seven = pref + digits(3)
        w = [3, 9, 7, 1, 3, 9, 7]
        ck = (10 - sum(int(c) * k for c, k in zip(seven, w)) % 10) % 10
        return seven + str(ck) + digits(16)
    if cc == "GB":
        return pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "NAIA"]) + digits(6) + digits(8)
    if cc == "CH":
        return pick(["00762", "00235", "00700", "80808", "08390", "00767"]) + digits(12)
    if cc == "IE":
        return pick(["AIBK", "BOFI", "IPBS", "ULSB"]) + digits(6) + digits(8)
    if cc == "LU":
        return pick(["001", "002", "003", "019", "014"]) + digits(13)
    if cc == "PT":
        bank, br, acc = pick(["0035", "0033", "0007", "0010", "0018"]), digits(4), digits(11)
        ck = 98 - (int(bank + br + acc) * 100) % 97
        return bank + br + acc + "%02d" % ck
    raise KeyError(cc)


def make_iban(cc):
    while True:
        ib = iban_make(cc, bban_for(cc))
        if ib not in REGISTRY_IBANS:
            assert iban_ok(ib) and len(ib) == IBAN_LEN[cc]
            return ib


def ssn_ok(s):
    d = re.sub(r"\D", "", s)
    if len(d) != 9:
        return False
    a, g, n = int(d[:3]), int(d[3:5]), int(d[5:])
    return a not in (0, 666) and a < 900 and g != 0 and n != 0


def make_ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        g = R.randint(1, 99)
        n = R.randint(1, 9999)
        s = "%03d-%02d-%04d" % (a, g, n)
        if s not in ("078-05-1120", "219-09-9999", "123-45-6789"):
            return s


def is_public_ipv4(a, b, c, d):
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


def make_public_ip():
    while True:
        a = pick([31, 37, 46, 62, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92,
                  93, 94, 95, 109, 130, 145, 151, 176, 178, 185, 188, 193, 194, 195, 212, 213, 217])
        b, c, d = R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)
        if is_public_ipv4(a, b, c, d):
            return "%d.%d.%d.%d" % (a, b, c, d)


def private_ip():
    k = R.randint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))


def doc_ip():
    return "%s.%d" % (pick(["192.0.2", "198.51.100", "203.0.113"]), R.randint(1, 254))


# ---------------------------------------------------------------- cards, phones
def make_card(brand=None):
    brand = brand or pick(["visa", "mc", "mc2", "amex"])
    if brand == "visa":
        return brand, luhn_complete("4" + digits(5), 16)
    if brand == "mc":
        return brand, luhn_complete(str(R.randint(51, 55)) + digits(4), 16)
    if brand == "mc2":
        return brand, luhn_complete(str(R.randint(2221, 2720)) + digits(2), 16)
    return brand, luhn_complete(pick(["34", "37"]) + digits(4), 15)


def fmt_card(num, style):
    if style == "plain":
        return num
    if len(num) == 15:
        parts = [num[:4], num[4:10], num[10:]]
    else:
        parts = [num[i:i + 4] for i in range(0, 16, 4)]
    return (" " if style == "space" else "-").join(parts)


def make_phone(cc=None):
    cc = cc or pick(["DE", "FR", "NL", "UK", "ES", "IT", "AT", "CH", "BE", "PL", "SE", "IE", "US"])
    v = R.randint(0, 1)
    if cc == "DE":
        pre = pick(["151", "152", "157", "160", "162", "170", "171", "172", "173", "174", "175",
                    "176", "177", "178", "179"])
        sub = digits(pick([7, 8]), True)
        return cc, (["+49 %s %s" % (pre, sub), "0%s %s" % (pre, sub), "0%s/%s" % (pre, sub)][R.randint(0, 2)])
    if cc == "FR":
        d = pick("67") + digits(8)
        if v:
            return cc, "+33 %s %s %s %s %s" % (d[0], d[1:3], d[3:5], d[5:7], d[7:9])
        return cc, "0%s %s %s %s %s" % (d[0], d[1:3], d[3:5], d[5:7], d[7:9])
    if cc == "NL":
        d = digits(8, True)
        return cc, (["+31 6 %s" % d, "06-%s" % d, "+31 (0)6 %s %s" % (d[:4], d[4:])][R.randint(0, 2)])
    if cc == "UK":
        if v:
            return cc, "+44 7700 900%03d" % R.randint(0, 999)
        return cc, "07%s %s" % (digits(3), digits(6, True))
    if cc == "ES":
        d = pick("67") + digits(8)
        return cc, ("+34 %s %s %s" % (d[:3], d[3:6], d[6:]) if v else "%s %s %s %s" % (d[:3], d[3:5], d[5:7], d[7:]))
    if cc == "IT":
        pre = pick(["320", "328", "333", "335", "338", "340", "347", "348", "349", "366", "380", "393"])
        d = digits(7, True)
        return cc, ("+39 %s %s %s" % (pre, d[:3], d[3:]) if v else "%s %s" % (pre, d))
    if cc == "AT":
        pre = pick(["660", "664", "676", "650", "699", "681"])
        d = digits(7, True)
        return cc, ("+43 %s %s" % (pre, d) if v else "0%s %s %s %s" % (pre, d[:3], d[3:5], d[5:]))
    if cc == "CH":
        pre = pick(["76", "77", "78", "79"])
        d = digits(7, True)
        return cc, ("+41 %s %s %s %s" % (pre, d[:3], d[3:5], d[5:]) if v else "0%s %s %s %s" % (pre, d[:3], d[3:5], d[5:]))
    if cc == "BE":
        pre = pick(["470", "471", "472", "475", "476", "477", "478", "479", "486", "495", "496"])
        d = digits(6, True)
        return cc, ("+32 %s %s %s %s" % (pre, d[:2], d[2:4], d[4:]) if v else "0%s %s %s %s" % (pre, d[:2], d[2:4], d[4:]))
    if cc == "PL":
        d = pick("5678") + digits(8)
        return cc, ("+48 %s %s %s" % (d[:3], d[3:6], d[6:]) if v else "%s-%s-%s" % (d[:3], d[3:6], d[6:]))
    if cc == "SE":
        pre = pick(["70", "72", "73", "76", "79"])
        d = digits(7, True)
        return cc, ("+46 %s %s %s %s" % (pre, d[:3], d[3:5], d[5:]) if v else "0%s-%s %s %s" % (pre, d[:3], d[3:5], d[5:]))
    if cc == "IE":
        pre = pick(["83", "85", "86", "87", "89"])
        d = digits(7, True)
        return cc, ("+353 %s %s %s" % (pre, d[:3], d[3:]) if v else "0%s %s %s" % (pre, d[:3], d[3:]))
    area = pick(["212", "415", "617", "312", "646", "202", "512"])
    return cc, ("+1 (%s) 555-01%02d" % (area, R.randint(0, 99)) if v else "%s-555-01%02d" % (area, R.randint(0, 99)))


# ---------------------------------------------------------------- vendor tokens
def crc32_b62(s):
    n = zlib.crc32(s.encode()) & 0xFFFFFFFF
    out = ""
    while n:
        out = B62[n % 62] + out
        n //= 62
    return out.rjust(6, "0")


def tok_ghp():
    body = rs(30, B62)
    return "ghp_" + body + crc32_b62(body)


def tok_gh_fine():
    return "github_pat_11" + rs(20, DIG + UP) + "_" + rs(59, B62)


def tok_slack_bot():
    return "xoxb-%s-%s-%s" % (digits(R.choice([10, 11, 12]), True), digits(13, True), rs(24, B62))


def tok_slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(R.choice([10, 11, 12]), True), digits(R.choice([10, 11, 12, 13]), True),
                                 digits(13, True), hexs(32))


def tok_openai():
    k = R.randint(0, 3)
    if k == 0:
        return "sk-proj-" + rs(74, B64U) + "T3BlbkFJ" + rs(74, B64U)
    if k == 1:
        return "sk-" + rs(20, B62) + "T3BlbkFJ" + rs(20, B62)
    if k == 2:
        return "sk-svcacct-" + rs(74, B64U) + "T3BlbkFJ" + rs(74, B64U)
    return "sk-proj-" + rs(48, B62) + "T3BlbkFJ" + rs(48, B62)


def tok_anthropic():
    return "sk-ant-api03-" + rs(93, B64U) + "AA"


def tok_aws_id(prefix="AKIA"):
    while True:
        t = prefix + rs(16, B32)
        if "EXAMPLE" not in t:
            return t


def tok_aws_secret():
    return rs(40, UP + LO + DIG + "+/")


def make_password(style=None, urlsafe=False, no_semicolon=True):
    style = style if style is not None else R.randint(0, 4)
    if style == 0:
        sym = "!*-_.~" if urlsafe else "!#$%&*+-_.?~"
        while True:
            p = rs(R.randint(14, 22), ALNUM + sym)
            if any(c.isdigit() for c in p) and any(c.isupper() for c in p) and any(c in sym for c in p):
                return p
    if style == 1:
        w1 = pick(["Lohnlauf", "Sommer", "Herbst", "Winter", "Fruehling", "Kaffee", "Nordlicht",
                   "Gehalt", "Zahllauf", "Pension", "Hafenblick", "Lavande", "Tulpen", "Abrechnung"])
        w2 = pick(["Maerz", "April", "Juni", "Oktober", "Tiger", "Wolke", "Anker", "Segel", "Brise"])
        return "%s%s%s%s" % (w1, pick(["-", "_", "", "."]), w2, pick(["2024!", "2025#", "25!", "!26", "#2026", "$7"]))
    if style == 2:
        return rs(R.randint(24, 32), B62)
    if style == 3:
        return "%s%s%s%s" % (rs(4, UP), pick("!#%*"), rs(6, LO + DIG), rs(3, DIG))
    words = ["anker", "kaffee", "moewe", "wolke", "tulpe", "fjord", "segel", "krabbe", "duene", "leuchte"]
    return "-".join(R.sample(words, 3)) + "-" + digits(2)


# ---------------------------------------------------------------- JWT
def make_jwt(kind=None, claims=None):
    kind = kind or pick(["RS256", "RS256", "HS256", "ES256"])
    hdr = {"alg": kind, "typ": "JWT"}
    if kind != "HS256":
        hdr["kid"] = pick([rs(27, B64U), hexs(40), uuid4()])
    now = epoch(rdt(2025, 2026))
    pl = claims or {}
    base = {"iat": now, "nbf": now, "exp": now + pick([300, 900, 3600, 28800])}
    base.update(pl)
    siglen = {"RS256": 256, "HS256": 32, "ES256": 64}[kind]
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(base, separators=(",", ":")).encode())
    return "%s.%s.%s" % (h, p, b64u(rb(siglen)))


def jwt_claims_variant():
    k = R.randint(0, 4)
    tenant = uuid4()
    if k == 0:
        return {"iss": "https://login.microsoftonline.com/%s/v2.0" % tenant, "aud": "api://payroll-connector",
                "sub": rs(43, B64U), "tid": tenant, "roles": ["Payroll.Export"], "ver": "2.0"}
    if k == 1:
        return {"iss": "https://auth.benefits-hub.eu", "aud": "nordhafen-prod", "client_id": "nh-" + hexs(12),
                "scope": "enrolment:read enrolment:write", "sub": "svc_benefits_sync"}
    if k == 2:
        return {"iss": "https://claims-api.nordhafen.internal/auth", "sub": "adj-" + digits(6), "aud": "claims-core",
                "scope": "claims.read claims.reserve.write", "policy_scope": ["DE", "AT"]}
    if k == 3:
        return {"iss": "https://wd3-impl-services1.workday.com/nordhafen", "sub": "ISU_Payroll_Connector",
                "aud": "wd-rest", "sys_account_type": "ISU", "tenant": "nordhafen_impl1"}
    return {"iss": "https://idp.nordhafen.eu/realms/hr", "azp": "payslip-portal", "sub": uuid4(),
            "typ": "Bearer", "preferred_username": "p" + digits(7), "realm_access": {"roles": ["employee"]}}


# ---------------------------------------------------------------- DER / keys
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(x):
    b = x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big")
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def der_seq(*items):
    return der(0x30, b"".join(items))


def der_oid(s):
    parts = [int(p) for p in s.split(".")]
    out = bytes([40 * parts[0] + parts[1]])
    for p in parts[2:]:
        enc = [p & 0x7F]
        p >>= 7
        while p:
            enc.insert(0, 0x80 | (p & 0x7F))
            p >>= 7
        out += bytes(enc)
    return der(0x06, out)


_SMALL_PRIMES = [p for p in range(3, 2000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


def is_probable_prime(n):
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53):
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


def gen_prime(bits, e=65537):
    while True:
        c = R.getrandbits(bits) | (3 << (bits - 2)) | 1
        if is_probable_prime(c) and (c - 1) % e != 0:
            return c


def rsa_pkcs1_der(bits=2048):
    e = 65537
    while True:
        p, q = gen_prime(bits // 2), gen_prime(bits // 2)
        if p == q:
            continue
        if p < q:
            p, q = q, p
        n = p * q
        if n.bit_length() != bits:
            continue
        phi = (p - 1) * (q - 1)
        d = pow(e, -1, phi)
        return der_seq(der_int(0), der_int(n), der_int(e), der_int(d), der_int(p), der_int(q),
                       der_int(d % (p - 1)), der_int(d % (q - 1)), der_int(pow(q, -1, p)))


def pkcs8_rsa(pkcs1):
    return der_seq(der_int(0), der_seq(der_oid("1.2.840.113549.1.1.1"), b"\x05\x00"), der(0x04, pkcs1))


# P-256
P256_P = 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1
P256_A = P256_P - 3
P256_B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
P256_G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
          0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)
P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
assert (P256_G[1] ** 2 - P256_G[0] ** 3 - P256_A * P256_G[0] - P256_B) % P256_P == 0


def _ec_add(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    p = P256_P
    if P[0] == Q[0] and (P[1] + Q[1]) % p == 0:
        return None
    if P == Q:
        lam = (3 * P[0] * P[0] + P256_A) * pow(2 * P[1], -1, p) % p
    else:
        lam = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p) % p
    x = (lam * lam - P[0] - Q[0]) % p
    return (x, (lam * (P[0] - x) - P[1]) % p)


def _ec_mul(k, P):
    acc = None
    while k:
        if k & 1:
            acc = _ec_add(acc, P)
        P = _ec_add(P, P)
        k >>= 1
    return acc


def ec_p256_keys():
    d = R.randrange(1, P256_N)
    X, Y = _ec_mul(d, P256_G)
    pub = b"\x04" + X.to_bytes(32, "big") + Y.to_bytes(32, "big")
    return d.to_bytes(32, "big"), pub


def sec1_ec(d, pub, with_params=True):
    items = [der_int(1), der(0x04, d)]
    if with_params:
        items.append(der(0xA0, der_oid("1.2.840.10045.3.1.7")))
    items.append(der(0xA1, der(0x03, b"\x00" + pub)))
    return der_seq(*items)


def pkcs8_ec(d, pub):
    return der_seq(der_int(0), der_seq(der_oid("1.2.840.10045.2.1"), der_oid("1.2.840.10045.3.1.7")),
                   der(0x04, sec1_ec(d, pub, with_params=False)))


# Ed25519
ED_P = 2 ** 255 - 19
ED_D = -121665 * pow(121666, -1, ED_P) % ED_P


def _ed_x(y, sign):
    x2 = (y * y - 1) * pow(ED_D * y * y + 1, -1, ED_P)
    x = pow(x2, (ED_P + 3) // 8, ED_P)
    if (x * x - x2) % ED_P:
        x = x * pow(2, (ED_P - 1) // 4, ED_P) % ED_P
    if x % 2 != sign:
        x = ED_P - x
    return x


_ED_BY = 4 * pow(5, -1, ED_P) % ED_P
ED_B = (_ed_x(_ED_BY, 0), _ED_BY)


def _ed_add(P, Q):
    x1, y1 = P
    x2, y2 = Q
    t = ED_D * x1 * x2 * y1 * y2 % ED_P
    x3 = (x1 * y2 + x2 * y1) * pow(1 + t, -1, ED_P) % ED_P
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, -1, ED_P) % ED_P
    return (x3, y3)


def ed25519_pub(seed):
    h = hashlib.sha512(seed).digest()
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    acc, P = (0, 1), ED_B
    while a:
        if a & 1:
            acc = _ed_add(acc, P)
        P = _ed_add(P, P)
        a >>= 1
    x, y = acc
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


assert ed25519_pub(bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")).hex() == \
    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"


def pkcs8_ed25519(seed):
    return der_seq(der_int(0), der_seq(der_oid("1.3.101.112")), der(0x04, der(0x04, seed)))


def sshstr(b):
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(comment):
    seed = rb(32)
    pk = ed25519_pub(seed)
    chk = rb(4)
    priv = chk + chk + sshstr(b"ssh-ed25519") + sshstr(pk) + sshstr(seed + pk) + sshstr(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = (b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1)
            + sshstr(sshstr(b"ssh-ed25519") + sshstr(pk)) + sshstr(priv))
    return b64(blob), "ssh-ed25519 " + b64(sshstr(b"ssh-ed25519") + sshstr(pk)) + " " + comment


def pem_key(ktype):
    """Return (label, base64 body unwrapped, line width)."""
    if ktype == "rsa_pkcs1":
        return "RSA PRIVATE KEY", b64(rsa_pkcs1_der(2048)), 64
    if ktype == "rsa_pkcs8":
        return "PRIVATE KEY", b64(pkcs8_rsa(rsa_pkcs1_der(2048))), 64
    if ktype == "ec_sec1":
        d, pub = ec_p256_keys()
        return "EC PRIVATE KEY", b64(sec1_ec(d, pub)), 64
    if ktype == "ec_pkcs8":
        d, pub = ec_p256_keys()
        return "PRIVATE KEY", b64(pkcs8_ec(d, pub)), 64
    if ktype == "ed25519_pkcs8":
        return "PRIVATE KEY", b64(pkcs8_ed25519(rb(32))), 64
    if ktype == "openssh":
        body, _ = openssh_ed25519(pick(["svc-pension-sftp", "payroll-batch", "benefits-sync", "ebics-gw"]))
        return "OPENSSH PRIVATE KEY", body, 70
    raise KeyError(ktype)


# ---------------------------------------------------------------- real file bytes for data URIs
def _png_chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def png_bytes(w, h, rows, color_type=6, palette=None, bitdepth=8):
    raw = b"".join(b"\x00" + r for r in rows)
    out = b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, bitdepth, color_type, 0, 0, 0))
    if palette:
        out += _png_chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    out += _png_chunk(b"IDAT", zlib.compress(raw, 9)) + _png_chunk(b"IEND", b"")
    return out


def rcolor():
    return (R.randint(0, 255), R.randint(0, 255), R.randint(0, 255))


def png_logo(w=None, h=None):
    w = w or pick([16, 24, 32, 48])
    h = h or pick([16, 16, 24, 32])
    fg, bg = rcolor(), rcolor()
    shape = R.randint(0, 2)
    rows = []
    for y in range(h):
        row = bytearray()
        for x in range(w):
            if shape == 0:
                on = abs(x - w // 2) + abs(y - h // 2) < min(w, h) // 3
            elif shape == 1:
                on = (x // 4 + y // 4) % 2 == 0
            else:
                on = x > y * w // h
            c = fg if on else bg
            row += bytes(c) + bytes([255 if on else R.choice([0, 255])])
        rows.append(bytes(row))
    return png_bytes(w, h, rows, 6)


def png_signature():
    w, h = pick([64, 80, 96]), pick([20, 24])
    grid = [[0] * w for _ in range(h)]
    y = h // 2
    for x in range(4, w - 4):
        y = max(2, min(h - 3, y + R.randint(-2, 2)))
        grid[y][x] = 1
        grid[y + 1][x] = 1
    rows = []
    for r in grid:
        bits = "".join(str(v) for v in r) + "0" * ((8 - w % 8) % 8)
        rows.append(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)))
    return png_bytes(w, h, rows, 3, palette=[(255, 255, 255), (20, 30, 90)], bitdepth=1)


def png_chart():
    w, h = 48, 24
    bars = [R.randint(3, h - 2) for _ in range(6)]
    cols = [rcolor() for _ in range(6)]
    rows = []
    for y in range(h):
        row = bytearray()
        for x in range(w):
            i = x // 8
            on = (x % 8) < 6 and (h - y) <= bars[i]
            row += bytes(cols[i] if on else (255, 255, 255))
        rows.append(bytes(row))
    return png_bytes(w, h, rows, 2)


def jpeg_gray(w=None, h=None):
    w = w or pick([8, 16, 24])
    h = h or pick([8, 16])
    q = 16
    levels = []
    base = R.randint(40, 220)
    for by in range(h // 8):
        for bx in range(w // 8):
            levels.append(max(0, min(255, base + R.randint(-30, 30))))
    bits = []

    def put(val, n):
        for i in range(n - 1, -1, -1):
            bits.append((val >> i) & 1)
    prev = 0
    for lv in levels:
        dc = int(round(8 * (lv - 128) / q))
        diff = dc - prev
        prev = dc
        s = abs(diff).bit_length()
        put(s, 4)                       # DC code: every category has a 4-bit code equal to its value
        if s:
            put(diff if diff > 0 else diff + (1 << s) - 1, s)
        put(0, 1)                       # AC: EOB has the 1-bit code 0
    while len(bits) % 8:
        bits.append(1)
    data = bytearray()
    for i in range(0, len(bits), 8):
        byte = int("".join(map(str, bits[i:i + 8])), 2)
        data.append(byte)
        if byte == 0xFF:
            data.append(0)

    def seg(marker, payload):
        return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload
    out = b"\xFF\xD8"
    out += seg(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    out += seg(0xDB, b"\x00" + bytes([q] * 64))
    out += seg(0xC0, struct.pack(">BHHB", 8, h, w, 1) + b"\x01\x11\x00")
    dc_counts = [0, 0, 0, 12] + [0] * 12
    out += seg(0xC4, b"\x00" + bytes(dc_counts) + bytes(range(12)))
    out += seg(0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\x00")
    out += seg(0xDA, b"\x01\x01\x00\x00\x3F\x00")
    out += bytes(data) + b"\xFF\xD9"
    return out


def gif_1x1(transparent=None):
    transparent = chance(0.6) if transparent is None else transparent
    c0 = (255, 255, 255) if transparent else rcolor()
    out = b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + bytes(c0) + bytes((0, 0, 0))
    if transparent:
        out += b"\x21\xF9\x04\x01\x00\x00\x00\x00"
    out += b"\x2C" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00" + b"\x02\x02\x44\x01\x00" + b"\x3B"
    return out


def ico_bytes():
    png = png_logo(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png


def pdf_bytes(lines):
    content = "BT /F1 11 Tf 56 780 Td 14 TL " + " ".join("(%s) '" % l for l in lines) + " ET"
    objs = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        "<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += ("%d 0 obj\n%s\nendobj\n" % (i, o)).encode("latin-1")
    xref = len(out)
    out += ("xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)).encode()
    for o in offs:
        out += ("%010d 00000 n \n" % o).encode()
    out += ("trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)).encode()
    return out


def wav_bytes():
    rate, n, f = 8000, pick([160, 200, 240]), pick([440, 660, 880, 1000])
    data = bytes(int(128 + 90 * math.sin(2 * math.pi * f * i / rate)) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    return b"RIFF" + struct.pack("<I", 4 + 8 + len(fmt) + 8 + len(data)) + b"WAVE" + b"fmt " + \
        struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data


def zip_bytes(files):
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w") as z:
        for name, text in files:
            zi = zipfile.ZipInfo(name, date_time=(2025, R.randint(1, 12), R.randint(1, 28), R.randint(6, 20), 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, text)
    return bio.getvalue()


def ttf_head_bytes():
    tags = [b"GDEF", b"GPOS", b"GSUB", b"OS/2", b"cmap", b"cvt ", b"fpgm", b"glyf", b"head", b"hhea",
            b"hmtx", b"loca", b"maxp", b"name", b"post", b"prep"]
    n = len(tags)
    out = struct.pack(">IHHHH", 0x00010000, n, 256, 4, n * 16 - 256)
    off = 12 + 16 * n
    for t in tags:
        ln = R.randint(40, 9000)
        out += t + struct.pack(">III", R.getrandbits(32), off, ln)
        off += (ln + 3) & ~3
    return out


def woff2_head_bytes():
    n = R.randint(10, 16)
    total = R.randint(20000, 90000)
    return b"wOF2" + struct.pack(">IIHHIIHHIIIII", 0x00010000, R.randint(8000, 40000), n, 0, total,
                                 R.randint(6000, 30000), 1, 0, 0, 0, 0, 0, 0) + rb(24)


def otf_head_bytes():
    tags = [b"CFF ", b"GPOS", b"GSUB", b"OS/2", b"cmap", b"head", b"hhea", b"hmtx", b"maxp", b"name", b"post"]
    n = len(tags)
    out = struct.pack(">4sHHHH", b"OTTO", n, 128, 3, n * 16 - 128)
    off = 12 + 16 * n
    for t in tags:
        ln = R.randint(40, 12000)
        out += t + struct.pack(">III", R.getrandbits(32), off, ln)
        off += (ln + 3) & ~3
    return out


def sourcemap_json(fname):
    srcs = pick([["../src/PayslipViewer.tsx", "../src/hooks/useMaskedIban.ts"],
                 ["../src/claims/UploadDropzone.tsx", "../src/claims/api.ts", "../src/i18n/de.ts"],
                 ["../src/benefits/EnrolmentWizard.vue"], ["../src/pages/TaxForms.tsx", "../src/lib/format.ts"]])
    names = R.sample(["useState", "useEffect", "formatIban", "maskTaxId", "t", "props", "claimId", "onDrop",
                      "fetchPayslips", "currency", "locale", "Intl", "NumberFormat", "render"], 6)
    segs = []
    for _ in range(R.randint(12, 30)):
        segs.append(rs(4, UP + LO + DIG + "+/")[:R.randint(1, 4)] + rs(3, "ACEGIKMOQSUWYgkoswAC"))
    mappings = ""
    for i, s in enumerate(segs):
        mappings += s + (";" if i % 5 == 4 else ",")
    obj = {"version": 3, "file": fname, "sources": srcs, "names": names, "mappings": mappings.rstrip(",;")}
    return json.dumps(obj, separators=(",", ":"))


def svg_icon():
    col = "#%02x%02x%02x" % rcolor()
    shape = pick([
        '<path d="M4 4h16v16H4z" fill="none" stroke="%s" stroke-width="2"/>' % col,
        '<circle cx="12" cy="12" r="9" fill="%s"/>' % col,
        '<path d="M5 12l5 5L20 7" fill="none" stroke="%s" stroke-width="2.5"/>' % col,
        '<path d="M12 2l3 7h7l-5.5 4.5L18 21l-6-4-6 4 1.5-7.5L2 9h7z" fill="%s"/>' % col,
        '<rect x="3" y="6" width="18" height="12" rx="2" fill="%s"/>' % col,
    ])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % shape


def pct_svg(svg):
    out = ""
    for ch in svg:
        if ch in '<>#"%{}|\\^`':
            out += "%%%02X" % ord(ch)
        else:
            out += ch
    return out.replace('"', "'")


def crc24(data):
    crc = 0xB704CE
    for b in data:
        crc ^= b << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def pgp_message(nbytes):
    # OpenPGP: PKESK packet (tag 1) + SEIPD (tag 18), random session material.
    pkesk = bytes([3]) + rb(8) + bytes([1]) + struct.pack(">H", 2048) + rb(256)
    body = bytes([0xC1, 0xFF]) + struct.pack(">I", len(pkesk)) + pkesk
    seipd = bytes([1]) + rb(nbytes)
    body += bytes([0xD2, 0xFF]) + struct.pack(">I", len(seipd)) + seipd
    return wrap(b64(body), 64), "=" + b64(crc24(body).to_bytes(3, "big"))


# ---------------------------------------------------------------- scanner (negatives must come out clean)
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,}")
RE_SLACK = re.compile(r"xox[abposre]-\d+-[A-Za-z0-9-]+")
RE_SLACK_HOOK = re.compile(r"hooks\.slack\.com/services/(T[A-Z0-9]+)/(B[A-Z0-9]+)/([A-Za-z0-9]+)")
RE_SK = re.compile(r"sk-[A-Za-z0-9_-]{32,}")
RE_VENDOR = re.compile(r"AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20}|\b[rs]k_live_[A-Za-z0-9]{20,}"
                       r"|whsec_[A-Za-z0-9]{24,}|SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}|npm_[A-Za-z0-9]{36}"
                       r"|xapp-\d-[A-Z0-9]+-\d+-[a-f0-9]{20,}|hf_[A-Za-z0-9]{34}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.?")
RE_PEM = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.{0,4000}?)(?:-----END|$)", re.S)
RE_SSN = re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")
RE_DIGRUN = re.compile(r"(?<!\d)\d+(?:[ -]\d+)*(?!\d)")
RE_IBAN_START = re.compile(r"(?<![A-Za-z0-9])(?=([A-Z]{2}\d{2}[A-Z0-9 ]{10,40}))")
RE_AWS = re.compile(r"(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}")
RE_AWS_SECRET = re.compile(r"(?i)(?:aws_secret_access_key|secret_?access_?key|aws_secret)\W{0,4}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])")
RE_PHONE_INTL = re.compile(r"(?<![\w+])\+\d{1,3}(?:[ .-]?\(0\))?(?:[ .-]?\(?\d{1,5}\)?){2,6}")
RE_PHONE_NAT = re.compile(r"(?<![\w.,/:+-])0\d{1,4}(?:[ /-]\d{2,8}){1,4}(?![\w.,:/-])")
RE_PHONE_NL = re.compile(r"(?<!\d)06-?\d{8}(?!\d)")
RE_IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d]|\.\d)")


def _luhn_hits(text):
    hits = []
    for m in RE_DIGRUN.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc):
                    hits.append(acc)
    return hits


def scan(text):
    """Return a list of (kind, match) for anything that looks like a real secret or personal data."""
    found = []
    for m in RE_EMAIL.finditer(text):
        found.append(("email", m.group(0)))
    for rx, k in ((RE_GH, "github"), (RE_SLACK, "slack"), (RE_SK, "sk_key"), (RE_VENDOR, "vendor"),
                  (RE_JWT, "jwt"), (RE_SSN, "ssn_shape")):
        for m in rx.finditer(text):
            found.append((k, m.group(0)))
    for m in RE_SLACK_HOOK.finditer(text):
        if set(m.group(3)) - set("0X") or set(m.group(1)[1:]) - set("0") or set(m.group(2)[1:]) - set("0"):
            found.append(("slack_webhook", m.group(0)))
    for m in RE_PEM.finditer(text):
        body = m.group(2)
        if "..." in body or "\u2026" in body:
            continue
        compact = re.sub(r"(\\n|\s)+", "", body)
        if re.search(r"[A-Za-z0-9+/]{40,}", compact):
            found.append(("pem_private", m.group(0)[:60]))
    for h in _luhn_hits(text):
        found.append(("luhn", h))
    for m in RE_IBAN_START.finditer(text):
        cand = m.group(1).replace(" ", "")
        L = IBAN_LEN.get(cand[:2])
        if L and len(cand) >= L:
            ib = cand[:L]
            if iban_ok(ib) and ib not in REGISTRY_IBANS:
                found.append(("iban", ib))
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0):
            found.append(("aws_key_id", m.group(0)))
    for m in RE_AWS_SECRET.finditer(text):
        if "EXAMPLE" not in m.group(1):
            found.append(("aws_secret", m.group(1)))
    for m in RE_PHONE_INTL.finditer(text):
        if len(re.sub(r"\D", "", m.group(0))) >= 9:
            found.append(("phone", m.group(0)))
    for m in RE_PHONE_NAT.finditer(text):
        n = len(re.sub(r"\D", "", m.group(0)))
        if 9 <= n <= 12:
            found.append(("phone", m.group(0)))
    for m in RE_PHONE_NL.finditer(text):
        found.append(("phone", m.group(0)))
    for m in RE_IPV4.finditer(text):
        o = [int(x) for x in m.groups()]
        if max(o) > 255:
            continue
        a, b, c, d = o
        ok = (a == 10 or a == 127 or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168)
              or (a, b, c) in ((192, 0, 2), (198, 51, 100), (203, 0, 113)) or o == [0, 0, 0, 0])
        if not ok:
            found.append(("public_ipv4", m.group(0)))
    return found


# ---------------------------------------------------------------- theme vocabulary (negatives: no person names)
CATS = ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob",
        "pii_lookalike_number", "talk_about_secrets"]
NEG = {c: [] for c in CATS}


def neg(cat):
    def deco(f):
        NEG[cat].append(f)
        return f
    return deco


ENTITIES = [("DE01", "Nordhafen Versicherung AG"), ("DE02", "Nordhafen Services GmbH"),
            ("FR01", "Nordhafen Assurances SA"), ("NL01", "Nordhafen Verzekeringen N.V."),
            ("ES01", "Nordhafen Seguros S.A."), ("AT01", "Nordhafen Versicherung AG Zweigniederlassung Wien"),
            ("IT01", "Nordhafen Assicurazioni S.p.A."), ("PL01", "Nordhafen Polska sp. z o.o."),
            ("BE01", "Nordhafen Belgium SA/NV")]
BICS = ["COBADEFFXXX", "DEUTDEFFXXX", "INGDDEFFXXX", "BYLADEMMXXX", "HELADEF1822", "INGBNL2A", "ABNANL2A",
        "RABONL2U", "BNPAFRPP", "SOGEFRPP", "CAIXESBBXXX", "BBVAESMM", "BPKOPLPW", "UNCRITMM", "GIBAATWWXXX",
        "GEBABEBB", "UBSWCHZH80A"]
PROVIDERS = ["ADP", "DATEV", "PensionPartner", "FitBenefit", "RadLeasing", "MealCard", "GroupRisk Re",
             "Swile", "Edenred", "Pluxee", "BAV-Kasse"]
CC_CODES = [e[0] for e in ENTITIES]


def pernr():
    return "%08d" % R.randint(10000, 499999)


def wd_emp():
    return pick(["E", "W", ""]) + "%06d" % R.randint(100000, 999999)


def policy_no():
    return pick(["PN-%s-%s-%s" % (pick(["DE", "AT", "NL", "FR", "ES"]), digits(4), digits(6)),
                 "%s/%s/%s" % (pick(["KFZ", "HR", "BU", "LV", "HAUS"]), digits(2), digits(7)),
                 "POL%s%s" % (pick(["H", "M", "L"]), digits(9)),
                 "%s.%s.%s" % (digits(3), digits(3), digits(4))])


def claim_id():
    y = R.randint(2023, 2026)
    return pick(["CLM-%d-%07d" % (y, R.randint(1, 9999999)), "SCH-%02d-%06d" % (y % 100, R.randint(1, 999999)),
                 "SIN/%d/%06d" % (y, R.randint(1, 999999)), "CL%d%s" % (y, digits(7)),
                 "SN-%d-%s-%s" % (y, rs(2, UP), digits(5))])


def msg_id(dt=None):
    dt = dt or rdt()
    return pick(["NH-%s-%s-%s" % (pick(CC_CODES), dt.strftime("%Y%m%d"), digits(4)),
                 "PAY%s%s" % (dt.strftime("%y%m%d%H%M"), rs(4, UP + DIG)),
                 "SEPA-%s-%s" % (dt.strftime("%Y%m"), hexs(8, True))])


def codeblock(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


def trunc(s, n):
    if len(s) <= n:
        return s
    return s[:n] + pick(["\u2026", "...", "\u2026[%d more chars]" % (len(s) - n), "... (truncated)",
                         "\u2026 (%d chars)" % len(s)])


LEADINS = ["fyi", "FYI:", "Zur Info:", "kurz zur Info \u2014", "Pour info :", "Ter info:", "Para que conste:",
           "Per info:", "Do wiadomo\u015bci:", "Obs!", "Huom:", "\u03a0\u03c1\u03bf\u03c2 \u03b5\u03bd\u03b7\u03bc\u03ad\u03c1\u03c9\u03c3\u03b7:",
           "\u0417\u0430 \u0441\u0432\u0435\u0434\u0435\u043d\u0438\u0435:", "heads-up:", "Moin,", "Hallo zusammen,",
           "Salut,", "Hoi allemaal,", "Buongiorno,", "ok so", "quick one:"]
TRAILERS = ["thx", "danke!", "merci !", "bedankt", "\U0001F64F", "any idea?", "wei\u00df jemand, was da los ist?",
            "cc payroll-ops", "(prod, nicht test)", "siehe Ticket", "grazie", "dzi\u0119ki", "tack!",
            "\u03b5\u03c5\u03c7\u03b1\u03c1\u03b9\u03c3\u03c4\u03ce", "\u0431\u043b\u0430\u0433\u043e\u0434\u0430\u0440\u044f",
            "will look after lunch", "+1", "\U0001F440"]


# ================================================================ NEGATIVES: data_uri_base64
def _intro(*opts):
    return pick(opts)


@neg("data_uri_base64")
def du_payslip_logo():
    png = png_logo()
    intro = _intro("Payslip template: logo is inlined because the PDF renderer can't reach the CDN from the batch host:",
                   "Im Lohnzettel-Template ist das Logo jetzt inline, der Renderer auf dem Batch-Server kommt nicht ans CDN:",
                   "Template bulletin de paie : logo inline (le moteur PDF n'a pas acc\u00e8s au CDN) :",
                   "Loonstrook-template, logo inline gezet:")
    body = ('<div class="payslip-header">\n  <img src="data:image/png;base64,%s" alt="Nordhafen" width="%d" height="%d"/>\n'
            '  <span th:text="${payslip.period}">%02d/%d</span>\n  <span th:text="${payslip.companyCode}">%s</span>\n</div>'
            % (b64(png), R.randint(80, 160), R.randint(24, 48), R.randint(1, 12), R.randint(2024, 2026), pick(CC_CODES)))
    return intro + "\n" + codeblock(body, "html")


@neg("data_uri_base64")
def du_css_svg():
    svg = svg_icon()
    cls = pick([".status-paid", ".claim-approved::before", ".benefit-card .icon", ".payroll-ok", ".btn-download-payslip"])
    if chance(0.5):
        uri = "data:image/svg+xml;base64," + b64(svg.encode())
    else:
        uri = "data:image/svg+xml;utf8," + pct_svg(svg)
    body = '%s {\n  background-image: url("%s");\n  background-size: 16px 16px;\n}' % (cls, uri)
    return pick(["benefits portal css, icon for the status column:", "css aus dem Self-Service-Portal:",
                 "the icon that breaks in IE mode:", ""]).strip() + "\n" + codeblock(body, "css")


@neg("data_uri_base64")
def du_mail_pixel():
    g = gif_1x1()
    subj = pick(["Ihre Entgeltabrechnung f\u00fcr %s ist verf\u00fcgbar", "Votre bulletin de paie de %s est disponible",
                 "Uw loonstrook van %s staat klaar", "Your payslip for %s is ready"]) % pick(
        ["M\u00e4rz", "mars", "maart", "March", "April", "avril", "Mai"])
    body = ('<!-- subject: %s -->\n<table role="presentation" width="100%%">\n  <tr><td>\u2026</td></tr>\n</table>\n'
            '<img src="data:image/gif;base64,%s" width="1" height="1" alt="" style="display:none"/>' % (subj, b64(g)))
    return pick(["Mail template from the payslip notification service, the spacer gif is what Outlook complains about:",
                 "Das Benachrichtigungs-Template, Outlook meckert \u00fcber das Spacer-GIF:",
                 "notification mail markup:"]) + "\n" + codeblock(body, "html")


def _pdf_doc():
    kind = R.randint(0, 3)
    if kind == 0:
        return pdf_bytes(["Entgeltabrechnung - MUSTER", "Abrechnungsmonat %02d/%d" % (R.randint(1, 12), R.randint(2024, 2026)),
                          "TESTDOKUMENT - keine echten Daten"])
    if kind == 1:
        return pdf_bytes(["Lohnsteuerbescheinigung %d - Muster" % R.randint(2023, 2025), "Nur fuer Testzwecke"])
    if kind == 2:
        return pdf_bytes(["Attestation employeur - SPECIMEN", "Document de test"])
    return pdf_bytes(["Schadenmeldung Formular S-%d (leer)" % R.randint(10, 40), "Claim form template v%d" % R.randint(2, 9)])


@neg("data_uri_base64")
def du_pdf_json():
    pdf = b64(_pdf_doc())
    doc = {"documentId": uuid4(), "type": pick(["PAYSLIP", "TAX_CERTIFICATE", "CLAIM_FORM", "ANNUAL_STATEMENT"]),
           "mimeType": "application/pdf", "period": "%d-%02d" % (R.randint(2024, 2026), R.randint(1, 12)),
           "sizeBytes": len(base64.b64decode(pdf)), "content": trunc(pdf, R.randint(120, 260))}
    return pick(["Provider API returns the PDF inline, that's why the response is so big:",
                 "GET /v2/documents/{id} liefert das PDF als base64 zur\u00fcck:",
                 "Response of the document endpoint (shortened):"]) + "\n" + codeblock(json.dumps(doc, indent=2), "json")


@neg("data_uri_base64")
def du_workday_soap():
    pdf = b64(_pdf_doc())
    body = ('<wd:Worker_Document_Data>\n  <wd:Filename>%s</wd:Filename>\n  <wd:Comment>uploaded by integration</wd:Comment>\n'
            '  <wd:File>%s</wd:File>\n  <wd:Document_Category_Reference>\n    <wd:ID wd:type="WID">%s</wd:ID>\n'
            '  </wd:Document_Category_Reference>\n  <wd:Content_Type>application/pdf</wd:Content_Type>\n</wd:Worker_Document_Data>'
            % (pick(["payslip_%d_%02d.pdf", "lstb_%d_%02d.pdf", "contract_addendum_%d_%02d.pdf"]) % (R.randint(2024, 2026), R.randint(1, 12)),
               trunc(pdf, R.randint(100, 200)), hexs(32)))
    return pick(["Put_Worker_Document request from the Studio log:", "Das ist der Request, den die Studio-Integration schickt:",
                 "SOAP payload (File gek\u00fcrzt):"]) + "\n" + codeblock(body, "xml")


@neg("data_uri_base64")
def du_claim_thumb():
    jpg = jpeg_gray()
    ev = {"eventType": "claim.document.attached", "claimId": claim_id(), "documentId": uuid4(),
          "mime": "image/jpeg", "pages": 1,
          "thumbnail": "data:image/jpeg;base64," + b64(jpg), "ocrStatus": pick(["PENDING", "DONE", "SKIPPED"])}
    return pick(["Event from the claims intake topic, the thumbnail is generated by the scanner service:",
                 "claims.fnol.document-attached \u2014 Beispiel-Event:", "Ejemplo de evento (miniatura incluida):"]) + \
        "\n" + codeblock(json.dumps(ev, indent=2), "json")


@neg("data_uri_base64")
def du_jupyter():
    png = png_chart()
    cell = {"output_type": "display_data", "data": {"image/png": b64(png), "text/plain": ["<Figure size 480x240 with 1 Axes>"]},
            "metadata": {"needs_background": "light"}}
    return pick(["The claims-frequency notebook diff is huge because of this output cell:",
                 "Notebook mit den Schadenquoten hat wieder Outputs committed:",
                 "nbstripout forgot this one:"]) + "\n" + codeblock(json.dumps(cell, indent=1), "json")


@neg("data_uri_base64")
def du_signature():
    png = png_signature()
    body = {"formId": "FNOL-%s" % pick(["KFZ", "HAUSRAT", "HAFTPFLICHT", "REISE"]), "claimRef": claim_id(),
            "consent": True, "signedAt": iso(rdt()), "signature": "data:image/png;base64," + b64(png)}
    return pick(["Signature pad capture in the FNOL form payload (test submission):",
                 "Unterschriftsfeld aus dem Schadenformular, Testeinreichung:",
                 "Signature captur\u00e9e (soumission de test) :"]) + "\n" + codeblock(json.dumps(body, indent=2), "json")


@neg("data_uri_base64")
def du_font():
    k = R.randint(0, 1)
    if k == 0:
        fb, fmt, mime = ttf_head_bytes(), "truetype", "font/ttf"
    else:
        fb, fmt, mime = otf_head_bytes(), "opentype", "font/otf"
    fam = pick(["NH Sans", "Payslip Mono", "Nordhafen Serif", "Claims UI"])
    body = ('@font-face {\n  font-family: "%s";\n  src: url(data:%s;base64,%s) format("%s");\n  font-weight: %d;\n}'
            % (fam, mime, trunc(b64(fb) + b64(rb(R.randint(60, 120))), R.randint(90, 160)), fmt, pick([400, 600, 700])))
    return pick(["The PDF service needs the font embedded, this is what's in payslip.css:",
                 "Font eingebettet, sonst fehlen die Umlaute im PDF:", "police int\u00e9gr\u00e9e pour le rendu PDF :"]) + \
        "\n" + codeblock(body, "css")


@neg("data_uri_base64")
def du_woff2():
    fb = woff2_head_bytes()
    body = ('@font-face{font-family:"NH Sans";font-display:swap;src:url(data:font/woff2;base64,%s) format("woff2")}'
            % trunc(b64(fb) + b64(rb(R.randint(60, 120))), R.randint(80, 150)))
    return pick(["minified css of the benefits portal build:", "aus dem Build-Output (main.css):", ""]).strip() + \
        "\n" + codeblock(body, "css")


@neg("data_uri_base64")
def du_sourcemap():
    fname = pick(["payslip-viewer.js", "claims-upload.js", "enrolment.js", "tax-forms.js"])
    sm = sourcemap_json(fname)
    line = "//# sourceMappingURL=data:application/json;charset=utf-8;base64," + b64(sm.encode())
    return pick(["Prod bundle still has inline source maps, last line of %s:" % fname,
                 "Inline-Sourcemap im Prod-Bundle (%s), bitte im Build abschalten:" % fname,
                 "found this at the end of %s:" % fname]) + "\n" + codeblock(line, "js")


@neg("data_uri_base64")
def du_zip():
    dt = rdt()
    hdr = ('<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">\n'
           '<CstmrCdtTrfInitn><GrpHdr><MsgId>%s</MsgId><CreDtTm>%s</CreDtTm><NbOfTxs>%d</NbOfTxs></GrpHdr>\n'
           % (msg_id(dt), dt.strftime("%Y-%m-%dT%H:%M:%S"), R.randint(50, 5000)))
    z = zip_bytes([("pain001_%s_header.xml" % dt.strftime("%Y%m%d"), hdr), ("manifest.txt", "files=1\nformat=pain.001.001.09\n")])
    d = {"batchId": ulid(dt), "attachment": "data:application/zip;base64," + trunc(b64(z), R.randint(160, 320))}
    return pick(["The archive endpoint stores the zipped batch header like this:",
                 "Archiv-Eintrag f\u00fcr den Zahllauf (Anhang gek\u00fcrzt):", "archived batch entry:"]) + \
        "\n" + codeblock(json.dumps(d, indent=2), "json")


@neg("data_uri_base64")
def du_shell():
    kind = R.randint(0, 2)
    if kind == 0:
        data, desc = png_logo(), "PNG image data, %d x %d, 8-bit/color RGBA, non-interlaced"
        desc = desc % struct.unpack(">II", data[16:24])
        name = "logo.png"
    elif kind == 1:
        data, desc, name = gif_1x1(), "GIF image data, version 89a, 1 x 1", "spacer.gif"
    else:
        data = jpeg_gray()
        h, w = struct.unpack(">HH", data[data.index(b"\xff\xc0") + 5: data.index(b"\xff\xc0") + 9])
        desc, name = "JPEG image data, JFIF standard 1.01, aspect ratio, density 1x1, segment length 16, baseline, precision 8, %dx%d, components 1" % (w, h), "thumb.jpg"
    body = "$ echo '%s' | base64 -d > /tmp/%s\n$ file /tmp/%s\n/tmp/%s: %s" % (b64(data), name, name, name, desc)
    return pick(["decoded the thing from the template to check it's really just the logo:",
                 "nur das Logo, kein Geheimnis:", "sanity check:"]) + "\n" + codeblock(body, "console")


@neg("data_uri_base64")
def du_csp():
    data = b64(png_logo())
    body = ("Refused to load the image 'data:image/png;base64,%s' because it violates the following Content Security Policy "
            "directive: \"img-src 'self' https://cdn.nordhafen.eu\"." % trunc(data, R.randint(60, 110)))
    return pick(["Console on the payslip portal after the CSP change:", "Nach dem CSP-Rollout im Portal:",
                 "CSP report from staging:"]) + "\n" + codeblock(body)


@neg("data_uri_base64")
def du_markdown():
    png = png_chart() if chance(0.5) else png_logo()
    return pick(["Runbook page draft (Confluence export is broken so pasting markdown):",
                 "Entwurf Runbook Zahllauf, Bild ist inline:", "Brouillon du runbook :"]) + "\n" + codeblock(
        "## %s\n\n![%s](data:image/png;base64,%s)\n\n1. %s\n2. %s" % (
            pick(["Ablauf Zahllauf", "Payroll posting flow", "Claims intake", "Flux de paie"]),
            pick(["flow", "diagram", "Ablauf"]), b64(png),
            pick(["Start PC00_M01_CALC in test mode", "Simulation laufen lassen", "check the variance report"]),
            pick(["Release DME file", "DME-Datei freigeben", "upload via EBICS"])), "markdown")


@neg("data_uri_base64")
def du_pytest():
    pdf = b64(_pdf_doc())
    body = ('import base64\n\n# one-page test PDF, no real data\nSAMPLE_CLAIM_PDF = base64.b64decode(\n    "%s"\n)\n\n\n'
            'def test_ocr_rejects_empty_form(ocr_client):\n    res = ocr_client.extract(SAMPLE_CLAIM_PDF)\n'
            '    assert res.fields == {}\n' % "\"\n    \"".join(wrap(pdf, 76).split("\n")))
    return pick(["fixture for the OCR tests:", "Testfixture f\u00fcr den OCR-Service:", "test data (generated PDF):"]) + \
        "\n" + codeblock(body, "python")


@neg("data_uri_base64")
def du_kotlin():
    jpg = b64(jpeg_gray())
    body = ('class ThumbnailServiceTest {\n    private val tinyJpeg = Base64.getDecoder().decode("%s")\n\n'
            '    @Test\n    fun `keeps aspect ratio`() {\n        val thumb = service.thumbnail(tinyJpeg, maxEdge = %d)\n'
            '        assertEquals(MediaType.IMAGE_JPEG, thumb.mediaType)\n    }\n}' % (jpg, pick([64, 128, 256])))
    return pick(["claims-docs service test:", "Test aus claims-docs:", ""]).strip() + "\n" + codeblock(body, "kotlin")


@neg("data_uri_base64")
def du_wav():
    w = b64(wav_bytes())
    body = ('{ "prompt": "%s", "lang": "%s", "audio": "data:audio/wav;base64,%s" }'
            % (pick(["claim_menu_1", "hold_beep", "confirm_tone"]), pick(["de-DE", "fr-FR", "nl-NL"]), trunc(w, R.randint(100, 200))))
    return pick(["IVR config for the claims hotline has the beep inlined:", "Hotline-IVR, Ton ist inline:",
                 "IVR prompt config:"]) + "\n" + codeblock(body, "json")


@neg("data_uri_base64")
def du_favicon():
    ico = b64(ico_bytes())
    return pick(["favicon of the new self-service portal:", "Favicon im index.html:", "favicon :"]) + "\n" + codeblock(
        '<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,%s">' % ico, "html")


@neg("data_uri_base64")
def du_har():
    png = b64(png_logo())
    e = {"startedDateTime": iso(rdt()), "time": round(R.random() * 3, 3),
         "request": {"method": "GET", "url": "data:image/png;base64," + png, "httpVersion": "", "headers": []},
         "response": {"status": 200, "statusText": "OK", "content": {"size": len(base64.b64decode(png)), "mimeType": "image/png"}}}
    return pick(["HAR from the broken payslip download, first entry is just the logo:",
                 "HAR-Export, der erste Eintrag ist nur das Logo:"]) + "\n" + codeblock(json.dumps(e, indent=2), "json")


@neg("data_uri_base64")
def du_ui5():
    svg = svg_icon()
    body = ('"sap.app": {\n  "id": "nh.hr.payslips",\n  "type": "application",\n  "title": "{{appTitle}}",\n'
            '  "icon": "data:image/svg+xml;utf8,%s"\n}' % pct_svg(svg))
    return pick(["manifest.json of the Fiori payslip app:", "manifest der Fiori-App (Gehaltsnachweise):"]) + "\n" + codeblock(body, "json")


@neg("data_uri_base64")
def du_mime():
    png = b64(png_logo())
    cid = "logo-%s" % hexs(8)
    body = ('--=_Part_%s\nContent-Type: image/png; name="logo.png"\nContent-Transfer-Encoding: base64\n'
            'Content-ID: <%s>\nContent-Disposition: inline; filename="logo.png"\n\n%s\n--=_Part_%s--'
            % (digits(6), cid, wrap(png, 76), digits(6)))
    return pick(["raw MIME of the payslip notification (only the image part):", "MIME-Teil aus der Benachrichtigung:"]) + \
        "\n" + codeblock(body)


@neg("data_uri_base64")
def du_renderer_log():
    jpg = b64(jpeg_gray())
    dt = rdt()
    body = "%s DEBUG [pdf-render-%d] c.n.p.render.ImageResolver - embedding data:image/jpeg;base64,%s (%d bytes)\n%s INFO  [pdf-render-%d] c.n.p.render.PdfWriter - wrote %s (%d pages)" % (
        iso(dt), R.randint(1, 8), trunc(jpg, R.randint(50, 90)), len(base64.b64decode(jpg)), iso(dt + datetime.timedelta(seconds=1)),
        R.randint(1, 8), pick(["payslip_batch_%s.pdf" % digits(5), "claim_summary_%s.pdf" % digits(6)]), R.randint(1, 4))
    return codeblock(body)


@neg("data_uri_base64")
def du_xslfo():
    png = b64(png_logo())
    body = ('<fo:block text-align="right">\n  <fo:external-graphic content-width="30mm"\n'
            '      src="url(\'data:image/png;base64,%s\')"/>\n</fo:block>\n'
            '<fo:block font-size="9pt"><xsl:value-of select="wd:Pay_Period_End_Date"/></fo:block>' % png)
    return pick(["XSL-FO of the Workday payslip layout, logo inline:", "Workday BIRT/XSL-FO Layout, Logo eingebettet:"]) + \
        "\n" + codeblock(body, "xml")


@neg("data_uri_base64")
def du_devtools():
    png = b64(png_signature() if chance(0.5) else png_logo(32, 32))
    return "%s\n`%s`" % (pick(["copied from devtools, the preview img src:", "aus den DevTools kopiert:",
                                "img src of the upload preview:"]),
                         "data:image/png;base64," + trunc(png, R.randint(70, 120)))


# ================================================================ NEGATIVES: placeholder_example
def _reg_iban(cc=None):
    lst = [i for i in REGISTRY_IBANS if cc is None or i.startswith(cc)]
    return pick(lst)


@neg("placeholder_example")
def ph_env_example():
    lines = ["# .env.example \u2014 copy to .env, never commit the real one",
             "WORKDAY_TENANT=nordhafen_impl%d" % R.randint(1, 3),
             "WORKDAY_ISU_USER=ISU_%s" % pick(["Payroll_Connector", "Benefits_Sync", "Claims_HR_Feed"]),
             "WORKDAY_ISU_PASSWORD=%s" % pick(["<set-in-vault>", "", "changeme", "${WORKDAY_ISU_PASSWORD}", "<isu-password>"]),
             "SAP_ASHOST=%s" % private_ip(), "SAP_SYSNR=%02d" % R.randint(0, 10), "SAP_CLIENT=%d" % pick([100, 200, 300, 800]),
             "SAP_USER=RFC_%s" % pick(["PAYROLL", "HCM_READ", "PY_POST"]),
             "SAP_PASSWD=%s" % pick(["<rfc-password>", "********", "", "TODO"]),
             "EBICS_HOST_ID=%s" % pick(["<HOSTID>", "EBIXHOST", "YOUR_HOST_ID"]),
             "EBICS_PARTNER_ID=%s" % pick(["<PARTNERID>", "PARTNER01", "YOUR_PARTNER"]),
             "EBICS_USER_ID=%s" % pick(["<USERID>", "USER0001"]),
             "EBICS_KEYSTORE_PASSPHRASE=%s" % pick(["<from-1password>", "", "changeit"])]
    keep = [lines[0]] + sorted(R.sample(lines[1:], R.randint(6, 10)), key=lines.index)
    return pick(["for the new joiner setup:", "Vorlage f\u00fcr die lokale Entwicklung:", "template env, values come from Vault:"]) + \
        "\n" + codeblock("\n".join(keep), "dotenv")


@neg("placeholder_example")
def ph_helm():
    body = ("workday:\n  tenant: {{ .Values.workday.tenant | quote }}\n  clientId: {{ .Values.workday.clientId | quote }}\n"
            "  clientSecret: {{ .Values.workday.clientSecret | quote }}\n  refreshToken: {{ required \"refreshToken missing\" .Values.workday.refreshToken }}\n"
            "sftp:\n  host: %s\n  user: %s\n  password: \"\"\n  privateKeySecretRef: %s\n"
            % (private_ip(), pick(["svc_pension", "nh_payroll", "benefits_out"]), pick(["sftp-key", "pension-sftp-key"])))
    return pick(["values template for payroll-connector chart:", "Helm-Template, echte Werte kommen aus dem ExternalSecret:"]) + \
        "\n" + codeblock(body, "yaml")


@neg("placeholder_example")
def ph_gha():
    job = pick(["export-pain001", "push-enrolments", "sync-workers", "upload-lstb"])
    body = ("jobs:\n  %s:\n    runs-on: [self-hosted, payroll]\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - name: Upload\n        env:\n          SFTP_USER: ${{ vars.%s_SFTP_USER }}\n"
            "          SFTP_PASSWORD: ${{ secrets.%s_SFTP_PASSWORD }}\n          GPG_PASSPHRASE: ${{ secrets.PROVIDER_GPG_PASSPHRASE }}\n"
            "        run: ./scripts/upload.sh \"$SFTP_USER\" \"${SFTP_PASSWORD:?missing}\"" % (job, pick(["ADP", "PENSION", "FITBENEFIT"]),
                                                                                               pick(["ADP", "PENSION", "FITBENEFIT"])))
    return pick(["workflow after the review comments:", "so sieht der Job jetzt aus, Secrets nur noch \u00fcber GitHub:"]) + "\n" + codeblock(body, "yaml")


@neg("placeholder_example")
def ph_ado():
    body = ("variables:\n  - group: payroll-%s\nsteps:\n  - script: |\n      datev-upload --client-id $(DATEV_CLIENT_ID) \\\n"
            "        --client-secret $(DATEV_CLIENT_SECRET) --berater %s --mandant %s\n    displayName: 'Upload LODAS import'"
            % (pick(["prod", "test"]), pick(["<beraternr>", "$(DATEV_BERATER)"]), pick(["<mandantennr>", "$(DATEV_MANDANT)"])))
    return pick(["Azure DevOps step for the DATEV upload:", "Pipeline-Schritt DATEV:"]) + "\n" + codeblock(body, "yaml")


@neg("placeholder_example")
def ph_cfn():
    body = ("WorkdayIsuSecret:\n  Type: AWS::SecretsManager::Secret\n  Properties:\n    Name: /payroll/%s/workday-isu\n"
            "    GenerateSecretString:\n      SecretStringTemplate: '{\"username\": \"ISU_Payroll_Connector\"}'\n"
            "      GenerateStringKey: password\n      PasswordLength: 32\n...\n"
            "      Environment:\n        Variables:\n          ISU_PASSWORD: '{{resolve:secretsmanager:/payroll/%s/workday-isu:SecretString:password}}'"
            % (pick(["prod", "uat"]), pick(["prod", "uat"])))
    return codeblock(body, "yaml")


@neg("placeholder_example")
def ph_external_secret():
    path = pick(["secret/data/payroll/ebics", "secret/data/hr/workday-isu", "kv/claims/ocr-vendor", "secret/data/benefits/sftp"])
    body = ("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s\n  namespace: payroll\n"
            "spec:\n  refreshInterval: 1h\n  secretStoreRef:\n    name: vault-backend\n    kind: ClusterSecretStore\n"
            "  target:\n    name: %s\n  data:\n    - secretKey: password\n      remoteRef:\n        key: %s\n        property: password"
            % (path.split("/")[-1], path.split("/")[-1], path))
    return pick(["ESO manifest, value lives only in Vault:", "ExternalSecret f\u00fcr den Zugang:"]) + "\n" + codeblock(body, "yaml")


@neg("placeholder_example")
def ph_op():
    refs = ["op://Payroll-%s/%s/%s" % (pick(["Prod", "Test"]), pick(["EBICS Sparkasse", "ADP SFTP", "Workday ISU", "DATEV API"]),
                                      pick(["password", "credential", "passphrase", "client_secret"])) for _ in range(R.randint(2, 4))]
    body = "\n".join("%s=%s" % (pick(["EBICS_PASSPHRASE", "ADP_SFTP_PASSWORD", "ISU_PASSWORD", "DATEV_CLIENT_SECRET", "PGP_PASSPHRASE"]), r) for r in refs)
    return pick(["run it with `op run --env-file=.env.op -- make upload`, the file only has references:",
                 "Die .env.op enth\u00e4lt nur Referenzen:"]) + "\n" + codeblock(body)


@neg("placeholder_example")
def ph_registry_ibans():
    ibs = R.sample(REGISTRY_IBANS, R.randint(2, 4))
    txt = pick(["F\u00fcr die Testf\u00e4lle bitte nur die Beispiel-IBANs aus dem SWIFT-Register verwenden, z. B.",
                "Use only the registry example IBANs in fixtures, e.g.",
                "Pour les jeux de test, uniquement les IBAN d'exemple du registre SWIFT :",
                "Gebruik in de testdata alleen de voorbeeld-IBANs uit het register:"])
    return txt + "\n" + "\n".join("- `%s`" % (group(i) if chance(0.5) else i) for i in ibs)


@neg("placeholder_example")
def ph_pain_template():
    dbt = _reg_iban()
    body = ("<CdtTrfTxInf>\n  <PmtId><EndToEndId>${payment.endToEndId}</EndToEndId></PmtId>\n"
            "  <Amt><InstdAmt Ccy=\"EUR\">${payment.amount}</InstdAmt></Amt>\n  <CdtrAgt><FinInstnId><BICFI>${employee.bic}</BICFI></FinInstnId></CdtrAgt>\n"
            "  <Cdtr><Nm>[EMPLOYEE_NAME]</Nm></Cdtr>\n  <CdtrAcct><Id><IBAN>${employee.iban}</IBAN></Id></CdtrAcct>\n"
            "  <RmtInf><Ustrd>LOHN/GEHALT ${period} PERSNR ${pernr}</Ustrd></RmtInf>\n</CdtTrfTxInf>\n"
            "<!-- debtor account in the test profile: %s -->" % dbt)
    return pick(["pain.001 transaction template (FreeMarker):", "Template f\u00fcr die Einzeltransaktion:"]) + "\n" + codeblock(body, "xml")


@neg("placeholder_example")
def ph_masked_payslip():
    body = ("Bankverbindung:   IBAN %s ** **** **** **%s %s   BIC %s\nSteuer-ID:        *** *** ** %s\n"
            "SV-Nummer:        ** ****** * %s\nAuszahlung:       %s EUR"
            % (pick(["DE", "AT"]), digits(2), digits(2), pick(BICS), digits(3), digits(3), money(1800, 6500)))
    return pick(["This is how the masked footer renders on the new payslip:", "So sieht der maskierte Fu\u00df jetzt aus:"]) + \
        "\n" + codeblock(body)


@neg("placeholder_example")
def ph_w4_instructions():
    return pick([
        "For the US shadow-payroll import the SSN column must be formatted `XXX-XX-XXXX`; don't put zeros in there, ADP rejects that \u2014 leave the cell empty instead.",
        "W-4 import template: `ssn` = `XXX-XX-XXXX`, `filing_status` = S|MFJ|HOH, `extra_withholding` = decimal. Real values only in the ADP upload, never in the sheet.",
        "Reminder: in the 1042-S test file the recipient TIN is `***-**-****` and that's expected, the vendor masks it on export.",
        "Form W-2 sample in the wiki uses `SSN: XXX-XX-XXXX` and `EIN: XX-XXXXXXX`; please keep it that way.",
    ])


@neg("placeholder_example")
def ph_redacted_log():
    dt = rdt()
    lines = []
    for i in range(R.randint(3, 7)):
        lines.append("%s INFO  payroll.export.SepaWriter - pernr=%s iban=%s bic=%s amount=%s ccy=EUR e2e=%s" % (
            iso(dt + datetime.timedelta(milliseconds=37 * i)), pernr(), pick(["[REDACTED]", "<redacted>", "[MASKED]", "***"]),
            pick(BICS), money(900, 7000, "", "."), "NH%s" % digits(12)))
    return pick(["log after the masking fix, looks right now:", "Log nach dem Masking-Fix:", "logs de l'export SEPA :"]) + "\n" + codeblock("\n".join(lines))


@neg("placeholder_example")
def ph_jenkins_mask():
    body = ("[Pipeline] withCredentials\nMasking supported pattern matches of $SFTP_PASSWORD or $PGP_PASSPHRASE\n"
            "[Pipeline] sh\n+ lftp -u svc_pension,**** sftp://%s -e 'put out/%s; bye'\n"
            "+ gpg --batch --passphrase **** --sign out/%s\n[Pipeline] }" % (
                private_ip(), pick(["pension_contrib_%s.csv.gpg", "bav_meldung_%s.xml.gpg"]) % digits(6),
                pick(["pension_contrib_%s.csv", "bav_meldung_%s.xml"]) % digits(6)))
    return codeblock(body)


@neg("placeholder_example")
def ph_card_mask():
    lines = ["expense_id;card;merchant;amount_eur;status"]
    for _ in range(R.randint(3, 6)):
        lines.append("%s;%s;%s;%s;%s" % ("EXP-%s" % digits(7), pick(["XXXX-XXXX-XXXX-%s", "**** **** **** %s", "\u2022\u2022\u2022\u2022 %s"]) % digits(4),
                                          pick(["DB Fernverkehr", "Lufthansa", "SNCF", "Hotel", "Taxi", "NS"]),
                                          money(10, 900, "", ","), pick(["approved", "pending", "rejected"])))
    return pick(["Concur export, card numbers are already masked by Concur:", "Kreditkartenabrechnung (maskiert):"]) + "\n" + codeblock("\n".join(lines))


@neg("placeholder_example")
def ph_connstr():
    k = R.randint(0, 3)
    if k == 0:
        s = "Server=<sql-host>;Database=%s;User Id=<user>;Password=<password>;Encrypt=True;" % pick(["Claims", "Lohn", "Benefits"])
    elif k == 1:
        s = "jdbc:sap://<host>:3%02d15/?databaseName=%s&user=<USER>&password=<PASSWORD>" % (R.randint(0, 9), pick(["HRP", "PYP", "HCM"]))
    elif k == 2:
        s = "postgres://user:password@localhost:5432/%s" % pick(["claims_dev", "payroll_local", "benefits"])
    else:
        s = "mongodb+srv://<username>:<password>@<cluster>/claims?retryWrites=true"
    return pick(["connection string format for the README:", "Format f\u00fcrs README:", "format attendu :", "so in der Doku:"]) + " `%s`" % s


@neg("placeholder_example")
def ph_aws_doc_keys():
    body = ("$ aws configure --profile payroll-export\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\n"
            "AWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: %s\n"
            "Default output format [None]: json" % pick(["eu-central-1", "eu-west-1", "eu-west-3"]))
    return pick(["from the onboarding doc (these are the AWS documentation example keys):",
                 "Aus der Onboarding-Doku, das sind die Beispiel-Keys von AWS:"]) + "\n" + codeblock(body, "console")


@neg("placeholder_example")
def ph_vendor_prefixes():
    items = R.sample(["OPENAI_API_KEY=sk-...", "OPENAI_API_KEY=sk-proj-\u2026", "ANTHROPIC_API_KEY=sk-ant-api03-...",
                      "SLACK_BOT_TOKEN=xoxb-your-bot-token", "SLACK_SIGNING_SECRET=<signing-secret>",
                      "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxx", "GH_PAT=github_pat_...", "STRIPE_KEY=sk_live_xxx",
                      "GITLAB_TOKEN=glpat-xxxx\u2026", "GOOGLE_API_KEY=AIza****\u2026", "WEBHOOK_SECRET=whsec_...",
                      "AWS_ACCESS_KEY_ID=AKIA..."], R.randint(3, 6))
    return pick(["env vars the claims-triage prototype expects:", "Diese Variablen braucht der Prototyp:",
                 "variables attendues par le prototype :"]) + "\n" + codeblock("\n".join(items), "dotenv")


@neg("placeholder_example")
def ph_pem_dots():
    lab = pick(["PRIVATE KEY", "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY"])
    start = {"PRIVATE KEY": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "RSA PRIVATE KEY": "MIIEowIBAAKCAQEA",
             "OPENSSH PRIVATE KEY": "b3BlbnNzaC1rZXktdjEAAAAA", "EC PRIVATE KEY": "MHcCAQEEI"}[lab]
    body = "-----BEGIN %s-----\n%s...\n...\n-----END %s-----" % (lab, start[:R.randint(9, 20)], lab)
    return pick(["the SFTP key for the pension provider goes in the secret like this (obviously not the real body):",
                 "Format des Keys im Secret, Inhalt nat\u00fcrlich aus Vault:", "format attendu pour la cl\u00e9 :"]) + "\n" + codeblock(body)


@neg("placeholder_example")
def ph_python_env():
    body = ("SFTP_HOST = os.environ.get(\"PENSION_SFTP_HOST\", \"%s\")\nSFTP_USER = os.environ[\"PENSION_SFTP_USER\"]\n"
            "SFTP_PASSWORD = os.environ[\"PENSION_SFTP_PASSWORD\"]  # never default this\n"
            "GPG_RECIPIENT = os.environ.get(\"PENSION_GPG_FPR\", \"<fingerprint>\")" % private_ip())
    return codeblock(body, "python")


@neg("placeholder_example")
def ph_spring():
    body = ("spring:\n  datasource:\n    url: jdbc:sap://${HANA_HOST:localhost}:${HANA_PORT:3%02d15}\n"
            "    username: ${HANA_USER:%s}\n    password: ${HANA_PASSWORD:}\n"
            "nordhafen:\n  ebics:\n    keystore: file:${EBICS_KEYSTORE:/run/secrets/ebics.p12}\n    keystore-password: ${EBICS_KEYSTORE_PASSWORD}"
            % (R.randint(0, 9), pick(["PAYROLL_RO", "PY_POSTING", "HCM_READ"])))
    return pick(["application.yml for the posting service:", "application.yml (Buchungsservice):"]) + "\n" + codeblock(body, "yaml")


@neg("placeholder_example")
def ph_sm59():
    body = ("RFC Destination   Z_WD_PAYROLL_%s\nConnection Type   G  HTTP Connection to External Server\n"
            "Target Host       %s\nService No.       443\nLogon Procedure   Basic Authentication\n"
            "User              ISU_SAP_BRIDGE\nPassword          ******** (is initial)\nSSL               Active  (Certificate List ANONYM)"
            % (pick(["PRD", "QAS"]), private_ip()))
    return pick(["SM59 after the transport, password is initial again so the interface fails:",
                 "SM59 nach dem Transport \u2014 Passwort wieder initial:"]) + "\n" + codeblock(body)


@neg("placeholder_example")
def ph_compose():
    body = ("services:\n  claims-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: claims\n"
            "      POSTGRES_PASSWORD: %s\n  mq:\n    image: rabbitmq:3-management\n    environment:\n"
            "      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest" % pick(["changeme", "example", "postgres", "claims"]))
    return pick(["local stack for the claims service (defaults only):", "lokaler Stack, nur Default-Passw\u00f6rter:"]) + "\n" + codeblock(body, "yaml")


@neg("placeholder_example")
def ph_slack_hook_example():
    return pick(["Alerting for failed payroll runs posts to ", "Webhook-Format laut Slack-Doku: ",
                 "The notifier config in the repo has only the docs example: "]) + \
        "`https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`" + pick(
        [" \u2014 real URL is injected at deploy.", " (echte URL kommt aus Vault).", ""])


@neg("placeholder_example")
def ph_multilang_pw():
    return pick([
        "Passwort f\u00fcr den ELSTER-Testzugang: <siehe Tresor, Eintrag ELSTER-Test>",
        "Mot de passe du compte technique DSN : (voir coffre-fort, entr\u00e9e DSN-NET)",
        "Wachtwoord SFTP pensioenfonds: ******** \u2014 staat in de kluis, niet hier plakken",
        "Contrase\u00f1a del SFTP de la mutua: [ver gestor de contrase\u00f1as]",
        "Password dell'utenza tecnica INPS: <vedi vault>",
        "Has\u0142o do konta technicznego P\u0142atnika: (w sejfie, nie na Slacku)",
        "\u039a\u03c9\u03b4\u03b9\u03ba\u03cc\u03c2 \u03b3\u03b9\u03b1 \u03c4\u03bf ERGANI test: <\u03b2\u03bb. vault>",
        "\u041f\u0430\u0440\u043e\u043b\u0430 \u0437\u0430 \u041d\u0410\u041f \u0442\u0435\u0441\u0442\u043e\u0432\u0430 \u0441\u0440\u0435\u0434\u0430: <\u0432\u0438\u0436 vault>",
        "L\u00f6senord till Skatteverkets testtj\u00e4nst: finns i valvet, inte h\u00e4r",
    ]) + pick(["", " \U0001F512", " \u2014 " + pick(["danke", "merci", "bedankt", "thanks"])])


@neg("placeholder_example")
def ph_vault_cli():
    body = ("export EBICS_PASSPHRASE=\"$(vault kv get -field=passphrase secret/payroll/ebics/%s)\"\n"
            "export WD_CLIENT_SECRET=\"$(vault kv get -field=client_secret secret/hr/workday/%s)\"\n"
            "./bin/run-payroll-export --company %s --period %d-%02d" % (pick(["sparkasse", "commerzbank", "ing"]), pick(["prod", "impl"]),
                                                                      pick(CC_CODES), R.randint(2024, 2026), R.randint(1, 12)))
    return codeblock(body, "bash")


@neg("placeholder_example")
def ph_curl_vars():
    body = ("curl -s -u \"$ADP_CLIENT_ID:$ADP_CLIENT_SECRET\" -X POST https://accounts.adp.example/auth/oauth/v2/token \\\n"
            "  -d grant_type=client_credentials | jq -r .access_token > /tmp/t\n"
            "curl -s -H \"Authorization: Bearer <access_token>\" https://api.adp.example/hr/v2/workers?$top=%d" % pick([50, 100, 200]))
    return pick(["to reproduce the 401:", "zum Nachstellen:", "pour reproduire :"]) + "\n" + codeblock(body, "bash")


@neg("placeholder_example")
def ph_sepa_creditor():
    return pick([
        "Gl\u00e4ubiger-ID im Lastschrift-Template ist noch die Beispiel-ID der Bundesbank `DE98ZZZ09999999999` \u2014 f\u00fcr die Betriebsrenten-Einz\u00fcge brauchen wir unsere echte.",
        "The SDD test file still has the Bundesbank sample creditor id DE98ZZZ09999999999, fine for the bank's test system.",
        "Creditor identifier placeholder in the mandate form: `DE00ZZZ00000000000`; the generator fills it per company code.",
    ])


@neg("placeholder_example")
def ph_ids_placeholder():
    return pick([
        "Im Stammdaten-Upload: Steuer-ID `00000000000` = unbekannt, SV-Nummer `XX XXXXXX X XXX` als Platzhalter lassen.",
        "NIR placeholder in the DSN test file: `1 XX XX XX XXX XXX XX` \u2014 the validator accepts it only in test mode.",
        "BSN-veld in de testset staat op `000000000`; de koppeling met de pensioenuitvoerder weigert dat, is bekend.",
        "PESEL w pliku testowym: `00000000000` (placeholder), NIP pracodawcy: `XXX-XXX-XX-XX`.",
        "NINO column in the UK pension file: `AB 12 34 56 C`-style format; sample rows use `QQ 12 34 56 C`.",
    ])


# ================================================================ NEGATIVES: code_identifier
def camel(words, upper_first=True):
    s = "".join(w[:1].upper() + w[1:] for w in words)
    return s if upper_first else s[:1].lower() + s[1:]


ID_WORDS = ["Iban", "Bic", "Ssn", "TaxId", "Nino", "Bsn", "Payroll", "Payslip", "Secret", "Token", "Password",
            "Credential", "Employee", "Claim", "Policy", "Benefit", "Sepa", "Mandate", "Masked", "Encrypted",
            "Validator", "Resolver", "Provider", "Mapper", "Export", "Import", "Gross", "Net", "Pension",
            "Enrolment", "Reserve", "Adjuster", "Handler", "Factory", "Client", "Cache", "Key", "Hash"]


@neg("code_identifier")
def ci_abap_dump():
    prog = pick(["ZHR_PY_SEPA_EXPORT", "ZHR_PY_BANK_MASK", "ZHR_BENEFITS_OUTBOUND", "ZHR_WD_WORKER_SYNC", "ZHR_LSTB_CHECK"])
    exc = pick(["CX_SY_ZERODIVIDE", "CX_SY_CONVERSION_NO_NUMBER", "CX_SY_ITAB_LINE_NOT_FOUND", "CX_SY_REF_IS_INITIAL",
                "CX_SY_OPEN_SQL_DB"])
    calls = [("FUNCTION", "HR_READ_INFOTYPE"), ("FUNCTION", "PYXX_READ_PAYROLL_RESULT"), ("METHOD", "ZCL_HR_IBAN_MASKER=>MASK_IBAN"),
             ("METHOD", "ZCL_HR_SEPA_WRITER->ADD_CREDIT_TRANSFER"), ("FORM", "GET_BANK_DETAILS_P0009"),
             ("FORM", "BUILD_PAIN001_PMTINF"), ("FUNCTION", "HR_GET_BUSINESS_ADDRESS"), ("METHOD", "CL_HRPAY99_PRR_4_PNP_REPS=>GET_INSTANCE"),
             ("FORM", "FILL_SVNR_FIELDS"), ("FUNCTION", "CD_READ_LAST")]
    stack = R.sample(calls, R.randint(4, 7))
    lines = ["Runtime Errors         %s" % pick(["COMPUTE_INT_ZERODIVIDE", "CONVT_NO_NUMBER", "ITAB_LINE_NOT_FOUND", "OBJECTS_OBJREF_NOT_ASSIGNED"]),
             "Exception              %s" % exc, "ABAP Program           %s" % prog, "Application Component  PY-DE-NT",
             "", "Active Calls/Events", "No.   Ty.          Program                             Include                             Line"]
    for i, (ty, name) in enumerate(stack, 1):
        inc = prog + pick(["_F01", "_F02", "_CL1", "=========CP", "_TOP"])
        lines.append("%-5d %-12s %-35s %-35s %d" % (i, ty, prog if ty != "FUNCTION" else "SAPL" + name[:8], inc, R.randint(12, 2400)))
        lines.append("      %s" % name)
    return pick(["ST22 from last night's posting run:", "Dump aus ST22 vom Buchungslauf heute Nacht:", "short dump PRD:"]) + "\n" + codeblock("\n".join(lines))


@neg("code_identifier")
def ci_abap_select():
    body = ("SELECT pernr, begda, endda, bankl, bankn, iban, bkref\n  FROM pa0009\n  WHERE pernr IN @s_pernr\n"
            "    AND subty = '%s'\n    AND begda <= @p_keydt AND endda >= @p_keydt\n  INTO TABLE @DATA(lt_p0009).\n\n"
            "LOOP AT lt_p0009 ASSIGNING FIELD-SYMBOL(<ls_bank>).\n  <ls_bank>-iban = zcl_hr_iban_masker=>mask_iban( <ls_bank>-iban ).\nENDLOOP."
            % pick(["0", "1", "2"]))
    return pick(["why does this return duplicates for subtype 0?", "warum kommen hier doppelte S\u00e4tze?", "review pls:"]) + "\n" + codeblock(body, "abap")


@neg("code_identifier")
def ci_java_trace():
    pkg = pick(["eu.nordhafen.claims.intake", "eu.nordhafen.payroll.sepa", "eu.nordhafen.benefits.sync", "eu.nordhafen.hr.workday"])
    exc = pick(["IllegalStateException: mandate reference missing", "NullPointerException: Cannot invoke \"String.length()\" because \"iban\" is null",
                "DataIntegrityViolationException: duplicate key value violates unique constraint \"uk_claim_policy_loss_date\"",
                "IbanValidationException: unsupported country code"])
    frames = []
    for _ in range(R.randint(6, 16)):
        cls = camel(R.sample(ID_WORDS, R.randint(2, 3)))
        meth = camel(R.sample(ID_WORDS, 2), False)
        frames.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, pick(["service", "domain", "adapter", "mapping", "web"]), cls, meth, cls, R.randint(20, 900)))
    frames += ["\tat org.springframework.transaction.interceptor.TransactionInterceptor.invoke(TransactionInterceptor.java:119)",
               "\tat java.base/java.lang.Thread.run(Thread.java:1583)"]
    return codeblock("%s ERROR [%s] %s.%s - processing failed\n%s.%s\n%s" % (
        iso(rdt()), pick(["kafka-consumer-2", "scheduling-1", "http-nio-8080-exec-7"]), pkg, camel(R.sample(ID_WORDS, 2)),
        pick(["java.lang", "org.springframework.dao", pkg + ".error"]), exc, "\n".join(frames)))


@neg("code_identifier")
def ci_kotlin_model():
    body = ("data class SepaCreditTransferBatch(\n    val msgId: String,\n    val pmtInfId: String,\n    val requestedExecutionDate: LocalDate,\n"
            "    val debtorIbanRef: IbanRef,\n    val ctrlSum: BigDecimal,\n    val transactions: List<%s>,\n)\n\n"
            "data class %s(\n    val endToEndId: String,\n    val creditorIbanCiphertext: ByteArray,\n    val creditorIbanLast4: String,\n"
            "    val remittanceUnstructured: String,\n)" % ((lambda n: (n, n))(pick(["CreditTransferTx", "PayrollPayment", "SalaryTransfer"]))))
    return pick(["model after the refactoring:", "neues Modell:"]) + "\n" + codeblock(body, "kotlin")


@neg("code_identifier")
def ci_workday_ops():
    ops = R.sample(["Get_Workers", "Put_Worker_Document", "Get_Payroll_Results", "Submit_Payroll_Input", "Get_Pay_Groups",
                    "Put_Payroll_Off-cycle_Payment", "Get_Worker_Payment_Elections", "Import_Payroll_Input",
                    "Get_Benefit_Plans", "Enroll_in_Benefits", "Get_Tax_Authority_Form_Types", "Get_Payroll_Balances",
                    "Change_Payment_Elections", "Get_Organizations"], R.randint(4, 7))
    ver = "v%d.%d" % (R.randint(40, 44), R.randint(0, 2))
    return pick(["Operations the ISU security group needs for the connector (%s):" % ver,
                 "Diese Web-Service-Operationen nutzt die Integration (%s):" % ver]) + "\n" + "\n".join("- `%s`" % o for o in ops)


@neg("code_identifier")
def ci_py_traceback():
    mod = pick(["camt053_parser", "pain001_builder", "recon_gross_to_net", "benefits_feed", "lstb_export"])
    fn = pick(["parse_entry_details", "build_pmt_inf", "match_by_end_to_end_id", "normalize_tax_id", "mask_national_id"])
    err = pick(["KeyError: 'AcctSvcrRef'", "ValueError: invalid literal for int() with base 10: 'NOTPROVIDED'",
                "AttributeError: 'NoneType' object has no attribute 'findtext'", "decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]"])
    body = ('Traceback (most recent call last):\n  File "/opt/payroll/recon/cli.py", line %d, in main\n    run(args)\n'
            '  File "/opt/payroll/recon/%s.py", line %d, in %s\n    ref = ntry["%s"]\n'
            '  File "/opt/payroll/recon/%s.py", line %d, in _%s\n    return self._%s(node)\n%s'
            % (R.randint(20, 90), mod, R.randint(100, 400), fn, pick(["AcctSvcrRef", "NtryRef", "EndToEndId"]),
               mod, R.randint(100, 400), fn, pick(["iban_from_node", "amount_from_node", "ref_from_node"]), err))
    return codeblock(body)


@neg("code_identifier")
def ci_sql_ddl():
    tbl = pick(["employee_bank_account", "claim_payee", "benefit_enrolment", "tax_profile"])
    body = ("CREATE TABLE %s (\n    id                 BIGSERIAL PRIMARY KEY,\n    employee_id        BIGINT NOT NULL,\n"
            "    iban_ciphertext    BYTEA NOT NULL,\n    iban_last4         CHAR(4),\n    bic                VARCHAR(11),\n"
            "    tax_id_hash        CHAR(64),\n    national_id_type   VARCHAR(8),   -- BSN | NINO | NIR | STEUERID\n"
            "    valid_from         DATE NOT NULL,\n    created_by         TEXT DEFAULT current_user\n);\n"
            "CREATE UNIQUE INDEX ux_%s_emp_valid ON %s (employee_id, valid_from);" % (tbl, tbl, tbl))
    return pick(["migration V%d for the payee data:" % R.randint(20, 90), "Migration V%d:" % R.randint(20, 90)]) + "\n" + codeblock(body, "sql")


@neg("code_identifier")
def ci_kafka_topics():
    topics = R.sample(["hr.payroll.gross-to-net.v3", "hr.payroll.results.posted.v1", "hr.worker.bank-details.changed.v2",
                       "claims.fnol.received.v1", "claims.reserve.changed.v2", "claims.payment.requested.v1",
                       "benefits.enrolment.changed.v1", "benefits.provider.ack.v1", "hr.tax.elstam.changes.v1",
                       "hr.worker.hired.v4", "claims.document.attached.v1", "hr.payroll.sepa.batch.released.v1"], R.randint(5, 9))
    lines = ["$ kafka-topics --bootstrap-server %s:9092 --list | grep -E 'hr|claims|benefits'" % private_ip()] + topics
    return codeblock("\n".join(lines), "console")


@neg("code_identifier")
def ci_kubectl():
    apps = R.sample(["payroll-export", "sepa-writer", "camt-recon", "benefits-sync", "claims-intake", "claims-ocr",
                     "workday-bridge", "payslip-renderer", "elstam-poller"], R.randint(4, 7))
    lines = ["$ kubectl -n %s get pods" % pick(["payroll", "claims", "hr-integrations"]),
             "NAME                                   READY   STATUS             RESTARTS   AGE"]
    for a in apps:
        name = "%s-%s-%s" % (a, rs(R.choice([9, 10]), "bcdfghjklmnpqrstvwxz2456789"), rs(5, "bcdfghjklmnpqrstvwxz2456789"))
        st = pick(["Running", "Running", "Running", "CrashLoopBackOff", "Completed"])
        lines.append("%-38s %-7s %-18s %-10d %s" % (name, "1/1" if st == "Running" else "0/1", st, R.randint(0, 14), pick(["3d4h", "17h", "42m", "6d"])))
    return codeblock("\n".join(lines), "console")


@neg("code_identifier")
def ci_terraform():
    addrs = R.sample(["module.payroll_sftp.aws_transfer_user.pension_partner", "module.payroll_sftp.aws_transfer_ssh_key.pension_partner",
                      "aws_secretsmanager_secret.workday_isu_password", "aws_secretsmanager_secret_rotation.workday_isu_password",
                      "aws_kms_key.payroll_exports", "aws_s3_bucket.payroll_exports_eu_central_1",
                      "module.claims.aws_sqs_queue.fnol_dlq", "vault_kv_secret_v2.ebics_passphrase",
                      "azurerm_key_vault_secret.datev_client_secret", "module.benefits.aws_iam_role.sync_task"], R.randint(3, 6))
    lines = ["Terraform will perform the following actions:", ""]
    for a in addrs:
        act = pick([("~", "will be updated in-place"), ("+", "will be created"), ("-/+", "must be replaced")])
        lines.append("  # %s %s" % (a, act[1]))
    lines.append("\nPlan: %d to add, %d to change, %d to destroy." % (R.randint(0, 3), R.randint(0, 4), R.randint(0, 2)))
    return codeblock("\n".join(lines))


@neg("code_identifier")
def ci_feature_flags():
    flags = R.sample(["payroll.sepa.instant_payouts.enabled", "payroll.sepa.pain001_v09.enabled", "claims.auto_adjudication.threshold_v2",
                      "claims.ocr.vendor_b.rollout_pct", "benefits.bike_leasing.salary_sacrifice", "hr.payslip.masked_iban_footer",
                      "hr.national_id.format_check.strict", "claims.fnol.photo_upload.max_mb", "payroll.camt053.auto_match.fuzzy"], R.randint(3, 5))
    return pick(["flags touched in this release:", "Flags f\u00fcr das Release:", "flags \u00e0 activer en prod :"]) + "\n" + "\n".join(
        "- `%s` \u2192 `%s`" % (f, pick(["true", "false", "25", "50", "on", "off"])) for f in flags)


@neg("code_identifier")
def ci_dotnet_trace():
    ns = pick(["Nordhafen.Policy.Api", "Nordhafen.Claims.Core", "Nordhafen.Hr.TaxForms"])
    frames = []
    for _ in range(R.randint(5, 12)):
        frames.append("   at %s.%s.%s.%sAsync(%s request, CancellationToken ct) in /src/%s/%s.cs:line %d" % (
            ns, pick(["Controllers", "Handlers", "Services", "Validation"]), camel(R.sample(ID_WORDS, 2)), camel(R.sample(ID_WORDS, 2)),
            camel(R.sample(ID_WORDS, 2)) + "Request", ns, camel(R.sample(ID_WORDS, 2)), R.randint(10, 500)))
    return codeblock("System.InvalidOperationException: %s\n%s" % (pick(["Sequence contains no matching element",
                                                                        "The policy number format is not supported for this line of business.",
                                                                        "Nullable object must have a value."]), "\n".join(frames)))


@neg("code_identifier")
def ci_rust_panic():
    h = hexs(16)
    body = ("thread 'tokio-runtime-worker' panicked at src/pain001/validate.rs:%d:%d:\nctrl sum mismatch: header=%s computed=%s\n"
            "stack backtrace:\n   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\n"
            "   2: sepa_xml::pain001::validate::check_ctrl_sum\n             at ./src/pain001/validate.rs:%d:%d\n"
            "   3: _ZN8sepa_xml7pain0018validate14validate_batch17h%sE\n   4: sepa_gateway::handlers::upload::{{closure}}"
            % (R.randint(40, 200), R.randint(5, 40), money(1e5, 9e6, "", "."), money(1e5, 9e6, "", "."), R.randint(40, 200), R.randint(5, 40), h))
    return pick(["the validator sidecar panics on the off-cycle batch:", "Validator-Sidecar panict beim Sonderlauf:"]) + "\n" + codeblock(body)


@neg("code_identifier")
def ci_go_panic():
    body = ("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]\n\n"
            "goroutine %d [running]:\ngithub.com/nordhafen/benefits-sync/internal/provider/%s.(*Client).PushEnrolments(0xc000%s, {0x%s, 0xc000%s})\n"
            "\t/src/internal/provider/%s/client.go:%d +0x%s\ngithub.com/nordhafen/benefits-sync/internal/job.(*Runner).Run(0xc000%s)\n"
            "\t/src/internal/job/runner.go:%d +0x%s"
            % (hexs(6), R.randint(20, 400), pick(["mealcard", "fitbenefit", "radleasing"]), hexs(6), hexs(6), hexs(6),
               pick(["mealcard", "fitbenefit", "radleasing"]), R.randint(40, 300), hexs(3), hexs(6), R.randint(40, 300), hexs(3)))
    return codeblock(body)


@neg("code_identifier")
def ci_xpath():
    paths = R.sample(["/Document/CstmrCdtTrfInitn/GrpHdr/MsgId", "/Document/CstmrCdtTrfInitn/PmtInf/DbtrAcct/Id/IBAN",
                      "/Document/CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf/CdtrAcct/Id/IBAN", "/Document/CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf/PmtId/EndToEndId",
                      "/Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls/Refs/EndToEndId", "/Document/BkToCstmrStmt/Stmt/Ntry/AcctSvcrRef",
                      "/Document/BkToCstmrStmt/Stmt/Bal/Amt", "/Document/CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf/RmtInf/Ustrd"], R.randint(3, 5))
    err = pick(["cvc-complex-type.2.4.a: Invalid content was found starting with element 'CdtrAgt'. One of '{\"urn:iso:std:iso:20022:tech:xsd:pain.001.001.09\":Cdtr}' is expected.",
                "cvc-pattern-valid: Value 'EUR ' is not facet-valid with respect to pattern '[A-Z]{3,3}' for type 'ActiveOrHistoricCurrencyCode'.",
                "cvc-maxLength-valid: Value with length = '36' is not facet-valid with respect to maxLength '35' for type 'Max35Text'."])
    return pick(["fields we map in the recon job:", "Diese Pfade lesen wir aus:"]) + "\n" + "\n".join("`%s`" % p for p in paths) + \
        "\n\nand the bank's validator says:\n" + codeblock(err)


@neg("code_identifier")
def ci_tcodes():
    tc = R.sample(["PC00_M01_CALC", "PC00_M01_CIPE", "PC00_M99_CIPE", "PC00_M01_CDTA", "PC00_M99_DKON", "PU19", "PE51", "PA30", "PA20",
                   "SM59", "WE19", "BD87", "SOAMANAGER", "PC00_M01_RLSTB", "PU03"], R.randint(4, 6))
    return pick(["Runbook order for the monthly close:", "Reihenfolge Monatsabschluss:", "order des transactions :"]) + "\n" + \
        "\n".join("%d. `%s`" % (i, t) for i, t in enumerate(tc, 1))


@neg("code_identifier")
def ci_react():
    comps = [camel(R.sample(["Employee", "Bank", "Details", "Iban", "Masked", "Input", "Payslip", "List", "Tax", "Form", "Claim", "Upload"], 3)) for _ in range(4)]
    mod = "%s_%s__%s" % (comps[0], pick(["input", "root", "error", "label"]), rs(5, LO + DIG + "_-"))
    body = ("export function %s({ employeeId }: Props) {\n  const { data } = use%s(employeeId);\n  return (\n"
            "    <%s className={styles.root}>\n      <%s value={data?.ibanMasked} />\n    </%s>\n  );\n}\n\n"
            "// rendered: <div class=\"%s\" data-v-%s>" % (comps[0], comps[1], comps[2], comps[3], comps[2], mod, hexs(8)))
    return codeblock(body, "tsx")


@neg("code_identifier")
def ci_py_class():
    body = ("class %s:\n    \"\"\"Normalises national ids before hashing (BSN, NINO, NIR, Steuer-ID).\"\"\"\n\n"
            "    def %s(self, raw: str, country: str) -> str: ...\n    def %s(self, value: str) -> str: ...\n"
            "    def _%s(self, digits: str) -> bool: ...\n" % (
                camel(R.sample(["National", "Id", "Normalizer", "Tax", "Identifier", "Masker", "Ssn"], 3)),
                pick(["normalize", "canonicalize", "strip_separators"]), pick(["mask_national_insurance_number", "mask_tax_id", "redact_ssn_like"]),
                pick(["elfproef", "mod97", "mod11_check", "luhn_ok"])))
    return codeblock(body, "python")


@neg("code_identifier")
def ci_graphql():
    body = ("type Claim {\n  claimNumber: ID!\n  policyNumber: String!\n  lossDate: Date!\n  reserveCents: Int\n"
            "  payeeIbanMasked: String\n  adjusterId: ID\n}\n\ntype Query {\n  claimsByPolicyNumber(policyNumber: String!, first: Int = %d): [Claim!]!\n}"
            % pick([20, 50, 100]))
    return pick(["schema for the claims BFF:", "Schema des Claims-BFF:"]) + "\n" + codeblock(body, "graphql")


@neg("code_identifier")
def ci_dbt():
    models = R.sample(["stg_workday__workers", "stg_workday__payroll_results", "stg_sap__pa0009_bank", "int_payroll__gross_to_net_pivot",
                       "int_claims__reserve_history", "fct_claims_paid", "fct_payroll_cost_by_cc", "dim_policy", "dim_employee_masked",
                       "stg_camt053__entries"], R.randint(4, 6))
    return "```console\n$ dbt build --select %s+\n%s\n```" % (models[0], "\n".join(
        "%s | %d of %d OK created sql table model analytics.%s ......... [OK in %.2fs]" % (
            "%02d:%02d:%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59)), i, len(models), m, R.random() * 40)
        for i, m in enumerate(models, 1)))


@neg("code_identifier")
def ci_airflow():
    dag = pick(["payroll_sepa_export", "benefits_provider_sync", "claims_reserve_snapshot", "elstam_changes_pull"])
    tasks = R.sample(["extract_results", "render_pain001", "validate_xsd", "sign_and_upload", "wait_for_pain002", "load_camt053",
                      "match_entries", "notify_slack", "archive_batch"], 5)
    return "`%s` failed at `%s`, upstream `%s` ok. Log: `dags/%s.py::%s`" % (dag, tasks[2], tasks[1], dag, camel(tasks[2].split("_"), False))


@neg("code_identifier")
def ci_proto():
    msg = pick(["EmployeeTaxProfile", "ClaimPayee", "BenefitEnrolment", "PayrollResultLine", "PolicyHolderRef"])
    fields = R.sample(["string employee_id", "string tax_id_hash", "TaxClass tax_class", "string church_tax_code", "bytes iban_ciphertext",
                       "string iban_last4", "string national_id_type", "string claim_number", "string policy_number",
                       "google.protobuf.Timestamp valid_from", "string provider_code", "int64 amount_cents"], R.randint(4, 7))
    body = "message %s {\n%s\n}\n\nservice %sService {\n  rpc Get%s(Get%sRequest) returns (%s);\n}" % (
        msg, "\n".join("  %s = %d;" % (f, i) for i, f in enumerate(fields, 1)), msg, msg, msg, msg)
    return codeblock(body, "protobuf")


@neg("code_identifier")
def ci_mdc_keys():
    keys = R.sample(["payrollRunId", "companyCode", "payrollArea", "claimNumber", "policyNumber", "batchMsgId", "providerCode",
                     "ebicsOrderType", "isuUser", "tenantAlias", "traceId"], R.randint(4, 6))
    return pick(["MDC keys we log on every line now:", "Diese MDC-Keys landen jetzt in jeder Logzeile:"]) + " " + ", ".join("`%s`" % k for k in keys)


@neg("code_identifier")
def ci_camel_names():
    names = [camel(R.sample(ID_WORDS, R.randint(3, 5)), chance(0.5)) for _ in range(R.randint(4, 8))]
    return pick(["Sonar complains about these names being too long:", "Sonar meckert \u00fcber diese Namen:",
                 "naming review, thoughts?"]) + "\n" + codeblock("\n".join(names))


@neg("code_identifier")
def ci_r8_mapping():
    lines = []
    for _ in range(R.randint(4, 8)):
        full = "eu.nordhafen.claims.app.%s.%s" % (pick(["upload", "auth", "payout", "ui"]), camel(R.sample(ID_WORDS, 2)))
        lines.append("%s -> %s:" % (full, rs(R.randint(1, 2), LO) + "." + rs(1, LO)))
        lines.append("    java.lang.String %s -> %s" % (camel(R.sample(ID_WORDS, 2), False), rs(1, LO)))
    return pick(["mapping.txt from the claims app build, to deobfuscate the crash:", "mapping.txt der Schaden-App:"]) + "\n" + codeblock("\n".join(lines))


# ================================================================ NEGATIVES: non_credential_blob
@neg("non_credential_blob")
def nb_git_log():
    msgs = ["fix(sepa): ctrl sum rounding for off-cycle batches", "feat(camt): match by AcctSvcrRef when EndToEndId is NOTPROVIDED",
            "chore: bump pain.001 schema to .09", "fix(workday): retry Get_Workers on 503", "refactor: mask IBAN in payslip footer",
            "feat(claims): reserve history endpoint", "test: fixtures for ELStAM change list", "fix(benefits): provider ack parsing",
            "docs: runbook for EBICS key renewal", "revert \"feat: instant payouts\"", "ci: pin gpg version in upload job"]
    lines = ["$ git log --oneline -n %d" % R.randint(5, 9)]
    for m in R.sample(msgs, R.randint(5, 9)):
        lines.append("%s %s" % (hexs(pick([7, 8, 9])), m))
    return codeblock("\n".join(lines), "console")


@neg("non_credential_blob")
def nb_docker_digest():
    img = pick(["payroll-export", "sepa-writer", "camt-recon", "claims-intake", "payslip-renderer"])
    return pick(["deployed", "rolled back to", "pinned"]) + " `registry.nordhafen.internal/hr/%s@sha256:%s` (tag %s)" % (
        img, hexs(64), pick(["1.%d.%d" % (R.randint(0, 40), R.randint(0, 9)), "2025.%02d.%d" % (R.randint(1, 12), R.randint(1, 5))]))


@neg("non_credential_blob")
def nb_sha256sum():
    dt = rdt()
    files = ["pain.001.001.09_%s_%s_LOHN.xml" % (pick(CC_CODES), dt.strftime("%Y%m%d")),
             "pain.001.001.09_%s_%s_SONDER.xml" % (pick(CC_CODES), dt.strftime("%Y%m%d")),
             "lstb_%s_%s.xml" % (pick(CC_CODES), dt.year), "bav_meldung_%s.csv.gpg" % dt.strftime("%Y%m")]
    lines = ["%s  %s" % (hexs(64), f) for f in R.sample(files, R.randint(2, 4))]
    return pick(["Checksums for the four-eyes release, please compare with what you see in the bank portal:",
                 "Pr\u00fcfsummen f\u00fcrs Vier-Augen-Prinzip:", "sommes de contr\u00f4le des fichiers :"]) + "\n" + codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_ebics_log():
    dt = rdt()
    lines = []
    for i in range(R.randint(3, 6)):
        lines.append("%s INFO  ebics-client  order=%s type=%s txid=%s segment=%d/%d digest=%s" % (
            iso(dt + datetime.timedelta(seconds=3 * i)), rs(4, UP + DIG), pick(["CCT", "XE2", "C53", "HAC"]),
            hexs(32, True), i + 1, 4, b64(rb(32))))
    return pick(["EBICS upload log, transaction ids for the bank hotline:", "EBICS-Log, TransactionIDs f\u00fcr die Hotline der Bank:"]) + "\n" + codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_pgp_message():
    body, ck = pgp_message(R.randint(120, 260))
    return pick(["This is what lands on the pension provider SFTP (encrypted to their public key), so yes the file is unreadable for us too:",
                 "So kommt die Datei beim Versorgungswerk an, mit deren Public Key verschl\u00fcsselt:",
                 "fichier chiffr\u00e9 pour l'organisme de pr\u00e9voyance :"]) + "\n" + codeblock(
        "-----BEGIN PGP MESSAGE-----\n\n%s\n%s\n-----END PGP MESSAGE-----" % (body, ck))


@neg("non_credential_blob")
def nb_workday_wids():
    lines = ["Employee_ID,Position_WID,Pay_Group_WID,Cost_Center_WID"]
    for _ in range(R.randint(4, 9)):
        lines.append("%s,%s,%s,%s" % (wd_emp(), hexs(32), hexs(32), hexs(32)))
    return pick(["report output, WIDs only:", "RaaS-Output (nur WIDs):"]) + "\n" + codeblock("\n".join(lines), "csv")


@neg("non_credential_blob")
def nb_sap_guid():
    lines = []
    for _ in range(R.randint(3, 6)):
        lines.append("IDoc %s  status %s  GUID %s" % ("%016d" % R.randint(10 ** 6, 10 ** 9), pick(["51", "53", "64", "68"]), hexs(32, True)))
    return pick(["WE02 for the HRMD_A idocs:", "WE02 \u2014 HRMD_A IDocs von heute:"]) + "\n" + codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_uuids():
    lines = []
    for _ in range(R.randint(3, 7)):
        lines.append("%s  %s  %s" % (pick([uuid4(), uuid7()]), claim_id(), pick(["photo", "invoice", "police_report", "medical", "estimate"])))
    return pick(["doc ids for the claims the OCR vendor couldn't read:", "Dokument-IDs, die OCR nicht lesen konnte:"]) + "\n" + codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_traceparent():
    dt = rdt()
    lines = []
    for i in range(R.randint(3, 6)):
        tid = hexs(32)
        lines.append('{"ts":"%s","level":"%s","svc":"benefits-sync","traceparent":"00-%s-%s-01","provider":"%s","status":%d,"ms":%d}' % (
            iso(dt + datetime.timedelta(milliseconds=211 * i)), pick(["info", "warn", "error"]), tid, hexs(16),
            pick(["mealcard", "fitbenefit", "radleasing", "pensionpartner"]), pick([200, 202, 409, 429, 502]), R.randint(40, 4000)))
    return codeblock("\n".join(lines), "json")


@neg("non_credential_blob")
def nb_s3_ls():
    dt = rdt()
    lines = ["$ aws s3api list-objects-v2 --bucket nh-payroll-exports-euc1 --prefix %s/ --query 'Contents[].[Key,ETag,Size]' --output text" % dt.strftime("%Y/%m")]
    for _ in range(R.randint(3, 6)):
        et = hexs(32) + (("-%d" % R.randint(2, 9)) if chance(0.3) else "")
        lines.append("%s/%s\t\"%s\"\t%d" % (dt.strftime("%Y/%m"), pick(["gl_posting_%s.csv", "pain001_%s.xml", "payslips_%s.zip", "recon_%s.parquet"]) % digits(6), et, R.randint(1000, 90000000)))
    return codeblock("\n".join(lines), "console")


@neg("non_credential_blob")
def nb_npm_integrity():
    pk = pick(["date-fns", "ibantools", "react-hook-form", "zod", "pdfjs-dist", "i18next"])
    body = ('"node_modules/%s": {\n  "version": "%d.%d.%d",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz",\n'
            '  "integrity": "sha512-%s"\n}' % (pk, R.randint(1, 9), R.randint(0, 30), R.randint(0, 20), pk, pk.split("/")[-1],
                                              R.randint(1, 9), R.randint(0, 30), R.randint(0, 20), b64(rb(64))))
    return pick(["lockfile conflict in the portal repo, which one is right?", "Konflikt im package-lock:"]) + "\n" + codeblock(body, "json")


@neg("non_credential_blob")
def nb_go_sum():
    mods = R.sample(["github.com/beevik/etree", "github.com/jlaffaye/ftp", "github.com/pkg/sftp", "golang.org/x/crypto",
                     "github.com/ProtonMail/go-crypto", "github.com/shopspring/decimal"], 3)
    lines = []
    for m in mods:
        v = "v%d.%d.%d" % (R.randint(0, 1), R.randint(1, 30), R.randint(0, 12))
        lines.append("%s %s h1:%s" % (m, v, b64(rb(32))))
        lines.append("%s %s/go.mod h1:%s" % (m, v, b64(rb(32))))
    return codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_pip_hash():
    pk = pick(["lxml", "cryptography", "paramiko", "python-gnupg", "schwifty", "openpyxl"])
    v = "%d.%d.%d" % (R.randint(1, 45), R.randint(0, 9), R.randint(0, 9))
    return pick(["requirements.txt of the recon tool:", "requirements.txt (recon):"]) + "\n" + codeblock(
        "%s==%s \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (pk, v, hexs(64), hexs(64)))


@neg("non_credential_blob")
def nb_sops():
    body = ("ebics:\n    passphrase: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nworkday:\n"
            "    client_secret: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n"
            "        - arn: arn:aws:kms:eu-central-1:123456789012:key/%s\n          created_at: \"%s\"\n"
            "    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    version: 3.9.%d"
            % (b64(rb(R.randint(18, 30))), b64(rb(32)), b64(rb(16)), b64(rb(R.randint(30, 48))), b64(rb(32)), b64(rb(16)),
               uuid4(), iso(rdt(), False), iso(rdt(), False), b64(rb(64)), b64(rb(32)), b64(rb(16)), R.randint(0, 4)))
    return pick(["secrets.enc.yaml after `sops -e`, safe to commit:", "verschl\u00fcsselte Datei, darf ins Repo:"]) + "\n" + codeblock(body, "yaml")


@neg("non_credential_blob")
def nb_vault_transit():
    lines = ["employee_id,iban_enc,updated_at"]
    for _ in range(R.randint(3, 6)):
        lines.append("%s,vault:v%d:%s,%s" % (wd_emp(), R.randint(1, 4), b64(rb(R.randint(40, 56))), rdate().isoformat()))
    return pick(["transit-encrypted column, this is what the analytics replica sees:", "So sieht die Spalte im Replikat aus:"]) + "\n" + codeblock("\n".join(lines), "csv")


@neg("non_credential_blob")
def nb_known_hosts():
    _, pub = openssh_ed25519("x")
    keyb64 = pub.split()[1]
    fp = b64(hashlib.sha256(base64.b64decode(keyb64)).digest()).rstrip("=")
    return pick(["Provider rotated the SFTP host key, new one from their letter:", "Neuer Host-Key vom Versorgungswerk, bitte abgleichen:"]) + "\n" + codeblock(
        "[%s]:2222 ssh-ed25519 %s\n# SHA256:%s" % (private_ip(), keyb64, fp))


@neg("non_credential_blob")
def nb_gpg_fpr():
    fpr = hexs(40, True)
    return pick(["Encrypt the contribution file to the provider key ", "Versorgungswerk-Key: ", "Cl\u00e9 publique de l'organisme : "]) + \
        "`%s`" % " ".join(fpr[i:i + 4] for i in range(0, 40, 4)) + pick([" (expires %s)" % rdate(2026, 2028).isoformat(), "", " \u2014 imported to the batch host keyring"])


@neg("non_credential_blob")
def nb_webhook_sig():
    ts = epoch(rdt())
    return codeblock("POST /webhooks/benefits HTTP/1.1\nHost: hooks.nordhafen.internal\nContent-Type: application/json\n"
                     "X-Provider-Event-Id: evt_%s\nX-Provider-Signature: t=%d,v1=%s\n\n{\"type\":\"enrolment.confirmed\",\"ref\":\"%s\"}"
                     % (rs(24, LO + DIG), ts, hexs(64), ulid())) + pick(["\nsignature check fails only for this provider", "\nwarum 401?", ""])


@neg("non_credential_blob")
def nb_azure_blob():
    return codeblock("x-ms-request-id: %s\nETag: \"0x8DC%s\"\nContent-MD5: %s\nx-ms-content-crc64: %s\nx-ms-version: 2023-11-03"
                     % (uuid4(), hexs(12, True), b64(rb(16)), b64(rb(8))))


@neg("non_credential_blob")
def nb_cursor():
    cur = b64u(json.dumps({"offset": R.randint(100, 9000), "asOf": rdate().isoformat(), "sort": "employee_id"}).encode())
    return pick(["paging stops after this cursor:", "Pagination h\u00e4ngt bei diesem Cursor:"]) + " `next=%s`" % cur


@neg("non_credential_blob")
def nb_kafka_offsets():
    grp = pick(["payroll-posting", "claims-reserve-writer", "benefits-ack"])
    lines = ["GROUP            TOPIC                         PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG  CONSUMER-ID"]
    for p in range(R.randint(3, 6)):
        off = R.randint(10000, 9000000)
        lines.append("%-16s %-29s %-10d %-15d %-15d %-4d %s" % (grp, pick(["hr.payroll.results.posted.v1", "claims.reserve.changed.v2"]), p,
                                                               off, off + R.randint(0, 40), R.randint(0, 40), "consumer-%s-%s" % (grp, uuid4())))
    return codeblock("\n".join(lines))


@neg("non_credential_blob")
def nb_helm_checksum():
    return codeblock("spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s\n"
                     "        kubectl.kubernetes.io/restartedAt: \"%s\"" % (hexs(64), hexs(64), iso(rdt(), False)), "yaml")


@neg("non_credential_blob")
def nb_sentry():
    return pick(["Sentry issue for the payslip download:", "Sentry-Event:", "event :"]) + " `%s` (release `payslip-portal@%s`, trace `%s`)" % (
        hexs(32), hexs(12), hexs(32))


@neg("non_credential_blob")
def nb_ebics_bank_hash():
    h = hexs(64, True)
    grp = " ".join(h[i:i + 2] for i in range(0, 64, 2))
    return pick(["Hashwerte der Bankschl\u00fcssel (X002/E002) laut Bankbrief, bitte vor HPB-Annahme vergleichen:",
                 "Bank key hash values from the letter, compare before accepting HPB:"]) + "\n" + codeblock(
        "X002: %s\nE002: %s" % (grp[:len(grp) // 2] + "\n      " + grp[len(grp) // 2 + 1:],
                                " ".join(hexs(2, True) for _ in range(32))))


@neg("non_credential_blob")
def nb_unzip_v():
    lines = [" Length   Method    Size  Cmpr    Date    Time   CRC-32   Name", "--------  ------  ------- ---- ---------- ----- --------  ----"]
    for _ in range(R.randint(3, 6)):
        ln = R.randint(2000, 900000)
        lines.append("%8d  Defl:N %8d %3d%% %s %02d:%02d %s  %s" % (ln, ln // 4, R.randint(50, 90), rdate().isoformat(), R.randint(0, 23),
                                                                  R.randint(0, 59), hexs(8), pick(["payslip_%s.pdf", "lstb_%s.xml", "claim_%s.jpg"]) % digits(6)))
    return codeblock("$ unzip -v %s\n%s" % (pick(["payslips_batch.zip", "claims_export.zip"]), "\n".join(lines)), "console")


@neg("non_credential_blob")
def nb_b64_text():
    txt = pick(["payroll-run:%d-%02d:%s" % (R.randint(2024, 2026), R.randint(1, 12), pick(CC_CODES)),
                "claim-export;batch=%d" % R.randint(1, 999), "benefits|provider=%s|seq=%d" % (pick(["mealcard", "fitbenefit"]), R.randint(1, 9999))])
    return pick(["message key on the topic is just base64 of `%s`: " % txt, "der Key ist nur base64 von `%s`: " % txt]) + "`%s`" % b64(txt.encode())


@neg("non_credential_blob")
def nb_ci_ids():
    return pick(["pipeline", "Pipeline", "build"]) + " #%d failed, job `%s`, artifact sha256 `%s`, runner `%s`" % (
        R.randint(1000, 99999), uuid4(), hexs(64), "gl-runner-%s" % hexs(8))


# ================================================================ NEGATIVES: pii_lookalike_number
HETU_CHARS = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def hetu_test():
    d = rdate(1950, 2004)
    yy = d.strftime("%y")
    sep = "-" if d.year < 2000 else "A"
    nnn = "%03d" % R.randint(900, 999)
    n = int(d.strftime("%d%m") + yy + nnn)
    return d.strftime("%d%m") + yy + sep + nnn + HETU_CHARS[n % 31]


def nino_test():
    return "QQ %s %s %s %s" % (digits(2), digits(2), digits(2), pick("ABCD"))


@neg("pii_lookalike_number")
def pl_run_summary():
    dt = rdt()
    cc = pick(CC_CODES)
    body = ("Payroll run %s-%s closed\n  employees paid:      %s\n  gross total:         EUR %s\n  net total:           EUR %s\n"
            "  employer SV share:   EUR %s\n  SEPA files:          %d (MsgId %s)\n  posted FI docs:      %s\u2013%s\n  duration:            %dm%02ds"
            % (cc, dt.strftime("%Y%m"), "{:,}".format(R.randint(400, 9000)).replace(",", " "), money(1e6, 4e7, " ", ","),
               money(6e5, 2.5e7, " ", ","), money(2e5, 8e6, " ", ","), R.randint(1, 4), msg_id(dt),
               "51%08d" % R.randint(0, 10 ** 8 - 1), "51%08d" % R.randint(0, 10 ** 8 - 1), R.randint(3, 90), R.randint(0, 59)))
    return codeblock(body)


@neg("pii_lookalike_number")
def pl_costcenter_csv():
    rows = ["kostenstelle;lohnart;anzahl_ma;brutto_eur;ag_anteil_sv_eur;periode"]
    per = "%d-%02d" % (R.randint(2024, 2026), R.randint(1, 12))
    for _ in range(R.randint(15, 28)):
        rows.append("%s;%s;%d;%s;%s;%s" % ("%d" % R.randint(41000000, 49999999), pick(["/101", "/110", "M010", "M200", "1000", "2150", "/559"]),
                                           R.randint(1, 300), money(1000, 900000, "", ","), money(200, 180000, "", ","), per))
    return pick(["Kostenstellen-Auswertung f\u00fcr den Controlling-Abgleich:", "cost center extract for the GL recon:"]) + "\n" + codeblock("\n".join(rows), "csv")


@neg("pii_lookalike_number")
def pl_claims_csv():
    rows = ["claim_id,policy_no,loss_date,reported_at,reserve_eur,paid_eur,status"]
    for _ in range(R.randint(15, 26)):
        d = rdate()
        rows.append("%s,%s,%s,%d,%s,%s,%s" % (claim_id(), policy_no(), d.isoformat(), epoch(rdt()), money(100, 250000, "", "."),
                                             money(0, 90000, "", "."), pick(["OPEN", "CLOSED", "REOPENED", "LITIGATION", "SUBRO"])))
    return pick(["export for the reserve review (no personal columns):", "Export f\u00fcr das Reserve-Review, ohne Personendaten:"]) + "\n" + codeblock("\n".join(rows), "csv")


@neg("pii_lookalike_number")
def pl_claim_prose():
    return pick([
        "Schaden %s zur Police %s ist doppelt angelegt, bitte %s stornieren." % (claim_id(), policy_no(), claim_id()),
        "Claim %s (policy %s) is stuck in REVIEW since %s, reserve EUR %s." % (claim_id(), policy_no(), rdate().isoformat(), money(500, 90000, ",", ".")),
        "Le sinistre %s sur le contrat %s a \u00e9t\u00e9 r\u00e9ouvert le %s." % (claim_id(), policy_no(), rdate().strftime("%d/%m/%Y")),
        "Schadenummer %s hoort bij polis %s, niet bij %s." % (claim_id(), policy_no(), policy_no()),
        "El siniestro %s de la p\u00f3liza %s sigue sin perito asignado." % (claim_id(), policy_no()),
        "Il sinistro %s (polizza %s) \u00e8 stato liquidato il %s." % (claim_id(), policy_no(), rdate().strftime("%d.%m.%Y")),
        "Szkoda %s do polisy %s \u2014 rezerwa %s z\u0142." % (claim_id(), policy_no(), money(500, 90000, " ", ",")),
    ])


@neg("pii_lookalike_number")
def pl_test_ids_table():
    rows = ["| country | field | test value | note |", "|---|---|---|---|"]
    cands = [("UK", "NINO", nino_test(), "QQ prefix is never issued"),
             ("SE", "personnummer", pick(["19121212-1212", "121212-1212"]), "Skatteverket test number"),
             ("FI", "HETU", hetu_test(), "individual number 900\u2013999, temporary/test range"),
             ("NL", "BSN", pick(["123456782", "111222333"]), "11-proof test value"),
             ("ES", "DNI", "12345678Z", "documentation example"), ("ES", "NIE", "X1234567L", "documentation example"),
             ("CH", "AHV-Nr.", "756.1234.5678.97", "official sample"), ("IT", "codice fiscale", "RSSMRA85T10A562S", "textbook example")]
    for c in R.sample(cands, R.randint(4, 7)):
        rows.append("| %s | %s | `%s` | %s |" % c)
    return pick(["Test identities we use in the integration tenant (none of these belong to anyone):",
                 "Testwerte f\u00fcr die Integrationsumgebung (keine echten Personen):"]) + "\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def pl_nino_rows():
    rows = ["member_ref,nino,scheme_ref,contrib_pct,period"]
    for _ in range(R.randint(4, 8)):
        rows.append("M%s,%s,%s,%s,%d-%02d" % (digits(7), nino_test().replace(" ", pick(["", " "])), "%08dRX" % R.randint(0, 10 ** 8 - 1),
                                             pick(["3.0", "4.0", "5.0", "8.0"]), R.randint(2024, 2026), R.randint(1, 12)))
    return pick(["UK pension test file for the provider's UAT (QQ NINOs only):", "UAT-Datei f\u00fcr den UK-Pensionsanbieter, nur QQ-Testnummern:"]) + "\n" + codeblock("\n".join(rows), "csv")


@neg("pii_lookalike_number")
def pl_hetu():
    ids = [hetu_test() for _ in range(R.randint(2, 4))]
    return pick(["Suomen testiymp\u00e4rist\u00f6n henkil\u00f6tunnukset (yksil\u00f6numerot 900\u2013999): ",
                 "Finnish test ids for the Incomes Register sandbox (900-series): "]) + ", ".join("`%s`" % i for i in ids)


@neg("pii_lookalike_number")
def pl_deuev():
    body = ("Betriebsnummer:        %s\nBeitragsgruppe:        %s\nPersonengruppe:        %s\nT\u00e4tigkeitsschl\u00fcssel:   %s\n"
            "Abgabegrund:           %s\nMeldezeitraum:         %s \u2013 %s\nEntgelt:               %s EUR"
            % ("%08d" % R.randint(10000000, 99999999), pick(["1111", "1211", "0110", "6500"]), pick(["101", "109", "110", "106"]),
               "%05d%d%d%d%d" % (R.randint(10000, 99999), R.randint(1, 9), R.randint(1, 4), R.randint(1, 2), R.randint(1, 4)),
               pick(["10", "30", "50", "70"]), rdate().strftime("%d.%m.%Y"), rdate().strftime("%d.%m.%Y"), "{:,}".format(R.randint(1000, 90000)).replace(",", ".")))
    return pick(["DE\u00dcV-Meldung (Test), Fehler DSME 024 \u2014 welche Schl\u00fcssel sind falsch?", "SV-Meldung aus dem Testsystem:"]) + "\n" + codeblock(body)


@neg("pii_lookalike_number")
def pl_lsta():
    rows = ["Kz 86  Zahl der Arbeitnehmer          %d" % R.randint(100, 9000),
            "Kz 42  Summe Lohnsteuer              %s" % money(1e5, 9e6, ".", ","),
            "Kz 61  Solidarit\u00e4tszuschlag           %s" % money(1e3, 2e5, ".", ","),
            "Kz 47  Kirchensteuer ev.             %s" % money(1e3, 3e5, ".", ","),
            "Kz 48  Kirchensteuer rk.             %s" % money(1e3, 3e5, ".", ","),
            "Kz 83  Gesamtbetrag                  %s" % money(1e5, 9e6, ".", ",")]
    return pick(["Lohnsteueranmeldung %02d/%d, Abweichung zur Vorperiode kl\u00e4ren:" % (R.randint(1, 12), R.randint(2024, 2026)),
                 "LStA %02d/%d aus dem Testmandanten:" % (R.randint(1, 12), R.randint(2024, 2026))]) + "\n" + codeblock("\n".join(rows))


@neg("pii_lookalike_number")
def pl_fi_docs():
    lines = []
    for _ in range(R.randint(4, 8)):
        lines.append("BELNR %s  BUKRS %s  GJAHR %d  BLART %s  BUDAT %s  WRBTR %s" % (
            "51%08d" % R.randint(0, 10 ** 8 - 1), pick(["1000", "2000", "3100", "4200"]), R.randint(2024, 2026), pick(["PY", "PR", "KZ"]),
            rdate().strftime("%Y%m%d"), money(10, 900000, "", ",")))
    return pick(["posting docs from the payroll posting run (PC00_M99_CIPE):", "Buchungsbelege aus dem Buchungslauf:"]) + "\n" + codeblock("\n".join(lines))


@neg("pii_lookalike_number")
def pl_epochs():
    dt = rdt()
    return pick(["the job started at %d and the provider ack came at %d, so ~%d min." % (epoch(dt), epoch(dt) + R.randint(600, 9000), R.randint(10, 150)),
                 "Slack ts of the alert: %d.%06d, the run id is %d." % (epoch(dt), R.randint(0, 999999), epoch(dt) * 1000 + R.randint(0, 999)),
                 "lastModified=%d%03d, nextRun=%d" % (epoch(dt), R.randint(0, 999), epoch(dt) + 86400)])


@neg("pii_lookalike_number")
def pl_firewall():
    lines = ["| source | destination | port | purpose |", "|---|---|---|---|"]
    for _ in range(R.randint(3, 5)):
        lines.append("| %s | %s | %s | %s |" % (private_ip(), pick([private_ip(), doc_ip()]), pick(["22", "2222", "443", "990", "3300-3399", "8443"]),
                                                pick(["SFTP pension provider", "EBICS bank endpoint", "Workday outbound", "SAP RFC", "DATEV upload"])))
    return pick(["firewall request for the new batch host (doc IPs are placeholders until the bank confirms):",
                 "Firewall-Antrag f\u00fcr den neuen Batch-Host:"]) + "\n" + "\n".join(lines)


@neg("pii_lookalike_number")
def pl_versions():
    return pick([
        "SAP HCM is on SP %s (SAPKE608%02d), kernel 7.%d PL %d." % ("%02d" % R.randint(60, 130), R.randint(60, 99), R.randint(53, 93), R.randint(100, 1200)),
        "Workday %dR%d, Studio %d.%d.%d, Windows build 10.0.%d.%d on the jump host." % (R.randint(2024, 2026), R.randint(1, 2), R.randint(2024, 2026), R.randint(1, 9), R.randint(0, 9), R.randint(17763, 26100), R.randint(1000, 6000)),
        "ELSTER ERiC %d.%d.%d, DATEV LODAS %d.%d, SuccessFactors %dH%d." % (R.randint(38, 41), R.randint(0, 9), R.randint(0, 9), R.randint(20, 26), R.randint(1, 9), R.randint(2024, 2026), R.randint(1, 2)),
    ])


@neg("pii_lookalike_number")
def pl_tickets():
    return "%s / %s / %s \u2014 %s" % ("PAY-%d" % R.randint(100, 9999), "INC%07d" % R.randint(0, 9999999), "CHG%07d" % R.randint(0, 9999999),
                                      pick(["same root cause, closing two of them", "alle drei gleiche Ursache", "m\u00eame cause", "zelfde oorzaak"]))


@neg("pii_lookalike_number")
def pl_variance():
    rows = ["| country | headcount | gross %s | gross %s | \u0394 %% |" % ("M-1", "M"), "|---|---:|---:|---:|---:|"]
    for cc in R.sample(["DE", "AT", "FR", "NL", "BE", "ES", "IT", "PL"], R.randint(4, 7)):
        a, b = R.randint(10 ** 5, 10 ** 8), R.randint(10 ** 5, 10 ** 8)
        rows.append("| %s | %d | %s | %s | %+.1f |" % (cc, R.randint(20, 6000), "{:,}".format(a), "{:,}".format(b), (b - a) * 100.0 / a))
    return pick(["variance check before release:", "Abweichungsanalyse vor Freigabe:"]) + "\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def pl_invoices():
    prov = pick(PROVIDERS)
    lines = ["%s invoices outstanding:" % prov]
    for _ in range(R.randint(3, 6)):
        lines.append("- %s dated %s, EUR %s, PO %s" % (pick(["RE-%d-%05d", "INV%d%05d", "F%d/%05d"]) % (R.randint(2024, 2026), R.randint(1, 99999)),
                                                      rdate().strftime("%d.%m.%Y"), money(100, 90000, ".", ","), "45%08d" % R.randint(0, 10 ** 8 - 1)))
    return "\n".join(lines)


@neg("pii_lookalike_number")
def pl_bic_blz():
    lines = ["house bank | BIC | BLZ / bank code"]
    for _ in range(R.randint(3, 5)):
        lines.append("%s | %s | %s" % (pick(["Commerzbank", "Deutsche Bank", "ING", "BNP Paribas", "Rabobank", "CaixaBank", "PKO BP", "Erste Bank"]),
                                       pick(BICS), pick(["37040044", "50070010", "50010517", "30004", "RABO", "2100", "1020 1026", "20111"])))
    return pick(["house banks per company code (no accounts, just the bank ids):", "Hausbanken je Buchungskreis:"]) + "\n" + codeblock("\n".join(lines))


@neg("pii_lookalike_number")
def pl_tax_boxes():
    return pick([
        "Lohnsteuerbescheinigung %d: Zeile 3 = %s, Zeile 4 = %s, Zeile 22a = %s \u2014 Zeile 4 passt nicht zur Summe der Monate." % (
            R.randint(2023, 2025), money(1e4, 2e5, ".", ","), money(1e3, 6e4, ".", ","), money(500, 9000, ".", ",")),
        "1042-S box 2 shows %s, box 7a %s, income code %02d, chapter %d \u2014 matches the ADP totals." % (
            money(1e3, 9e4, ",", "."), money(100, 9e3, ",", "."), pick([16, 17, 18, 19, 20]), pick([3, 4])),
        "P60 end of year: pay %s, tax %s, NI Class 1 %s, tax code %dL." % (money(1e4, 1e5, ",", "."), money(1e3, 3e4, ",", "."), money(500, 9e3, ",", "."), R.randint(1000, 1300)),
        "DSN : rubrique S21.G00.78.004 montant %s, bloc 81 code %s, taux %s%%." % (money(100, 9e4, " ", ","), pick(["027", "040", "068", "100"]), pick(["6,90", "0,40", "2,02"])),
        "Jaaropgaaf %d: loon LB/PH %s, ingehouden %s, arbeidskorting %s." % (R.randint(2023, 2025), money(1e4, 9e4, ".", ","), money(1e3, 3e4, ".", ","), money(500, 5e3, ".", ",")),
    ])


@neg("pii_lookalike_number")
def pl_employer_refs():
    return pick([
        "Employer PAYE ref %03d/%s%05d, Accounts Office ref %03dP%s%08d \u2014 both on the RTI FPS header." % (
            R.randint(100, 999), rs(2, UP), R.randint(0, 99999), R.randint(100, 999), rs(1, UP), R.randint(0, 10 ** 8 - 1)),
        "Loonheffingennummer werkgever %sL%02d staat verkeerd in de aangifte (moet L%02d zijn)." % (digits(9, True), R.randint(1, 3), R.randint(1, 3)),
        "Steuernummer Arbeitgeber (Bayern, Beispiel aus der ELSTER-Doku): 181/815/08155, Finanzamt %04d." % R.randint(1000, 9999),
        "SIREN employeur %s, code NAF %d.%02dZ, \u00e9tablissement %s." % (digits(9, True), R.randint(10, 99), R.randint(10, 99), digits(5)),
        "Betriebsnummer %08d / Unfallversicherung Mitgliedsnr. %s" % (R.randint(10000000, 99999999), digits(9)),
    ])


@neg("pii_lookalike_number")
def pl_dates_periods():
    d = rdate()
    return pick([
        "Zahltag %s, Buchungsdatum %s, Valuta %s." % (d.strftime("%d.%m.%Y"), (d - datetime.timedelta(days=2)).strftime("%d.%m.%Y"), d.strftime("%d.%m.%y")),
        "Pay date %s, cut-off %s, period %s." % (d.isoformat(), (d - datetime.timedelta(days=R.randint(3, 9))).isoformat(), d.strftime("%Y%m")),
        "Date de paiement le %s, cl\u00f4ture le %s." % (d.strftime("%d/%m/%Y"), (d - datetime.timedelta(days=5)).strftime("%d/%m/%Y")),
        "Betaaldatum %s, verwerkingsdatum %s." % (d.strftime("%d-%m-%Y"), (d - datetime.timedelta(days=1)).strftime("%d-%m-%Y")),
        "\u03a0\u03bb\u03b7\u03c1\u03c9\u03bc\u03ae \u03bc\u03b9\u03c3\u03b8\u03bf\u03b4\u03bf\u03c3\u03af\u03b1\u03c2 %s, \u03c0\u03b5\u03c1\u03af\u03bf\u03b4\u03bf\u03c2 %s." % (d.strftime("%d/%m/%Y"), d.strftime("%m/%Y")),
        "\u0414\u0430\u0442\u0430 \u043d\u0430 \u043f\u043b\u0430\u0449\u0430\u043d\u0435 %s, \u043f\u0435\u0440\u0438\u043e\u0434 %s." % (d.strftime("%d.%m.%Y"), d.strftime("%m.%Y")),
    ])


@neg("pii_lookalike_number")
def pl_durations():
    rows = ["| step | p50 | p95 | max |", "|---|---:|---:|---:|"]
    for s in R.sample(["extract", "gross-to-net", "render pain.001", "XSD validate", "EBICS upload", "camt match", "payslip PDFs"], R.randint(4, 6)):
        a = R.randint(100, 90000)
        rows.append("| %s | %d ms | %d ms | %d ms |" % (s, a, a * R.randint(2, 5), a * R.randint(5, 12)))
    return pick(["timings for the last 30 runs:", "Laufzeiten der letzten 30 L\u00e4ufe:"]) + "\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def pl_ratelimit():
    return codeblock("HTTP/1.1 429 Too Many Requests\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: 0\nX-RateLimit-Reset: %d\nRetry-After: %d\n"
                     "X-Request-Id: %s" % (pick([100, 600, 1000, 10000]), epoch(rdt()), R.randint(1, 120), uuid4()))


@neg("pii_lookalike_number")
def pl_reserve_log():
    dt = rdt()
    lines = []
    for i in range(R.randint(4, 8)):
        old = R.randint(1000, 500000)
        lines.append("%s reserve %s %s: %s -> %s EUR (reason %s)" % (
            (dt + datetime.timedelta(minutes=7 * i)).strftime("%Y-%m-%d %H:%M"), claim_id(), pick(["INDEMNITY", "EXPENSE", "LEGAL"]),
            "{:,}".format(old), "{:,}".format(max(0, old + R.randint(-50000, 90000))), pick(["R01", "R07", "R12", "R30"])))
    return codeblock("\n".join(lines))


@neg("pii_lookalike_number")
def pl_leave_fte():
    rows = ["cost_center,fte,headcount,vacation_days_open,overtime_h"]
    for _ in range(R.randint(5, 12)):
        rows.append("%d,%.2f,%d,%d,%.1f" % (R.randint(41000000, 49999999), R.random() * 200, R.randint(1, 250), R.randint(0, 4000), R.random() * 900))
    return codeblock("\n".join(rows), "csv")


@neg("pii_lookalike_number")
def pl_greek_bg():
    return pick([
        "\u0391\u03c1\u03b9\u03b8\u03bc\u03cc\u03c2 \u03b1\u03c3\u03c6\u03b1\u03bb\u03b9\u03c3\u03c4\u03b7\u03c1\u03af\u03bf\u03c5 %s, \u03b1\u03c0\u03bf\u03b6\u03b7\u03bc\u03af\u03c9\u03c3\u03b7 %s \u20ac, \u03b1\u03c1\u03b9\u03b8\u03bc\u03cc\u03c2 \u03b6\u03b7\u03bc\u03af\u03b1\u03c2 %s." % (policy_no(), money(100, 9e4, ".", ","), claim_id()),
        "\u041f\u043e\u043b\u0438\u0446\u0430 %s, \u0449\u0435\u0442\u0430 %s, \u043e\u0431\u0435\u0437\u0449\u0435\u0442\u0435\u043d\u0438\u0435 %s \u043b\u0432." % (policy_no(), claim_id(), money(100, 9e4, " ", ",")),
        "\u039c\u03b9\u03c3\u03b8\u03bf\u03b4\u03bf\u03c3\u03af\u03b1 %s: %d \u03b5\u03c1\u03b3\u03b1\u03b6\u03cc\u03bc\u03b5\u03bd\u03bf\u03b9, \u03c3\u03cd\u03bd\u03bf\u03bb\u03bf %s \u20ac." % (rdate().strftime("%m/%Y"), R.randint(20, 900), money(1e4, 9e6, ".", ",")),
        "\u0412\u0435\u0434\u043e\u043c\u043e\u0441\u0442 \u0437\u0430 \u0437\u0430\u043f\u043b\u0430\u0442\u0438 %s: %d \u0441\u043b\u0443\u0436\u0438\u0442\u0435\u043b\u0438, \u043e\u0431\u0449\u043e %s \u043b\u0432." % (rdate().strftime("%m.%Y"), R.randint(20, 900), money(1e4, 9e6, " ", ",")),
    ])


@neg("pii_lookalike_number")
def pl_pernr_list():
    ids = sorted(pernr() for _ in range(R.randint(6, 14)))
    return pick(["Rerun needed for these PERNRs after the retro fix:", "Nachberechnung f\u00fcr diese Personalnummern:",
                 "Herberekening voor deze personeelsnummers:"]) + "\n" + codeblock(", ".join(ids))


@neg("pii_lookalike_number")
def pl_camt_entry():
    acct = _reg_iban()
    body = ("<Stmt>\n  <Id>%s</Id>\n  <ElctrncSeqNb>%d</ElctrncSeqNb>\n  <Acct><Id><IBAN>%s</IBAN></Id></Acct>\n"
            "  <Ntry>\n    <Amt Ccy=\"EUR\">%s</Amt>\n    <CdtDbtInd>DBIT</CdtDbtInd>\n    <BookgDt><Dt>%s</Dt></BookgDt>\n"
            "    <AcctSvcrRef>%s</AcctSvcrRef>\n    <NtryDtls><Btch><NbOfTxs>%d</NbOfTxs></Btch></NtryDtls>\n  </Ntry>\n</Stmt>"
            % ("STMT%s" % digits(10), R.randint(1, 250), acct, money(1e5, 9e6, "", "."), rdate().isoformat(), rs(16, UP + DIG), R.randint(50, 5000)))
    return pick(["camt.053 from the bank's test system (registry sample account), batch booking:",
                 "camt.053 aus dem Testsystem der Bank, Sammelbuchung:"]) + "\n" + codeblock(body, "xml")


@neg("pii_lookalike_number")
def pl_pain002():
    n = R.randint(100, 5000)
    rj = R.randint(0, 12)
    body = ("<OrgnlGrpInfAndSts>\n  <OrgnlMsgId>%s</OrgnlMsgId>\n  <OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>\n"
            "  <OrgnlNbOfTxs>%d</OrgnlNbOfTxs>\n  <OrgnlCtrlSum>%s</OrgnlCtrlSum>\n  <GrpSts>%s</GrpSts>\n"
            "  <NbOfTxsPerSts><DtldNbOfTxs>%d</DtldNbOfTxs><DtldSts>RJCT</DtldSts></NbOfTxsPerSts>\n</OrgnlGrpInfAndSts>"
            % (msg_id(), n, money(1e5, 9e6, "", "."), "PART" if rj else "ACCP", rj))
    return pick(["pain.002 came back:", "pain.002 ist da:"]) + "\n" + codeblock(body, "xml")


@neg("pii_lookalike_number")
def pl_wd_terminated():
    rows = ["Employee_ID | Position_ID | Termination_Date | Last_Pay_Period"]
    for _ in range(R.randint(4, 9)):
        rows.append("%s | P-%05d | %s | %s" % (wd_emp(), R.randint(0, 99999), rdate().isoformat(), rdate().strftime("%Y-%m")))
    return pick(["terminations missing in the final pay run:", "Austritte, die im letzten Lauf fehlen:"]) + "\n" + codeblock("\n".join(rows))


# ================================================================ NEGATIVES: talk_about_secrets
TALK = [
    # English
    "The Workday ISU password expires at the end of the month \u2014 whoever rotates it, update the Vault entry, not the Confluence page.",
    "Please never paste IBANs, BSNs or tax ids in this channel; use the secure ticket form, it encrypts attachments.",
    "We rotated the SFTP key for the pension provider yesterday; the old public key is removed on their side as of today.",
    "Reminder: the EBICS keys for the house bank expire in six weeks, we need the INI and HIA letters signed by two authorised signatories.",
    "Someone pasted a bearer token from the benefits API into the incident thread; it's revoked and the message is deleted.",
    "The DLP scanner flagged the payroll test file because the fixture IBANs pass mod-97 \u2014 switch to the registry examples.",
    "Can we stop sharing the DATEV client secret by e-mail? It belongs in the vault and nowhere else.",
    "Card numbers from the Concur export must never land in the data lake, only the last four digits and the token.",
    "After the offboarding, check that the personal access token of the leaver is revoked on the integration repo too.",
    "The OpenAI key for the claims-triage prototype was committed to a branch; GitHub push protection caught it, rotated anyway.",
    "Who owns the service account password for the SAP RFC user? It's been unchanged since the go-live.",
    "For the audit: show that private keys for the SAML signing cert are generated in the HSM and never exported.",
    "Don't forward payslips to personal mailboxes; the tax id and bank details are on every page.",
    "We need a break-glass procedure for the EBICS passphrase in case both key holders are on leave.",
    "Phone numbers in the claims notes are personal data too, the masking job should cover them.",
    # German
    "Das ISU-Passwort f\u00fcr Workday l\u00e4uft Ende des Monats ab, bitte rechtzeitig im Tresor aktualisieren.",
    "Bitte keine Steuer-IDs oder SV-Nummern in Slack posten, auch nicht \u201enur kurz zum Testen\u201c.",
    "Der SFTP-Schl\u00fcssel f\u00fcr das Versorgungswerk wurde gestern getauscht, der alte ist dort gesperrt.",
    "Die EBICS-Schl\u00fcssel laufen ab, wir brauchen neue INI-/HIA-Briefe mit zwei Unterschriften.",
    "Im Ticket stand ein API-Token des Benefit-Anbieters im Klartext \u2014 Token ist widerrufen, Ticket bereinigt.",
    "Die Kreditkartennummern aus dem Reisekosten-Export d\u00fcrfen nur maskiert ins Data Warehouse.",
    "Wer hat das Passwort f\u00fcr den technischen User im SAP zuletzt ge\u00e4ndert? Der Batch schl\u00e4gt seit heute fr\u00fch fehl.",
    "Der private Schl\u00fcssel f\u00fcr das mTLS-Zertifikat zur Bank liegt im HSM, nicht auf dem Batch-Server.",
    "Bankverbindungs\u00e4nderungen nur \u00fcber den Self-Service, nie per Mail oder Chat entgegennehmen (Stichwort CEO-Fraud).",
    "Nach dem Vorfall: alle Tokens der Integration neu ausgestellt, Logs auf Klartext-Passw\u00f6rter gepr\u00fcft.",
    # French
    "Le mot de passe du compte technique DSN expire vendredi, pensez \u00e0 le changer dans le coffre.",
    "Merci de ne jamais coller de NIR ou de RIB dans ce canal, utilisez le formulaire s\u00e9curis\u00e9.",
    "La cl\u00e9 API du prestataire de titres-restaurant a \u00e9t\u00e9 r\u00e9voqu\u00e9e suite \u00e0 la fuite dans les logs.",
    "Les cl\u00e9s priv\u00e9es EBICS doivent rester dans le HSM, aucune copie sur les postes.",
    "Rappel : un changement de RIB demand\u00e9 par mail doit \u00eatre v\u00e9rifi\u00e9 par t\u00e9l\u00e9phone au num\u00e9ro connu du dossier.",
    # Dutch
    "Het wachtwoord van de SFTP-koppeling met het pensioenfonds verloopt volgende week, graag vernieuwen in de kluis.",
    "Plak hier geen BSN's of IBAN's van medewerkers, ook niet in een thread.",
    "Het API-token van de leaseprovider is ingetrokken nadat het in een screenshot stond.",
    "De priv\u00e9sleutel voor het PKIoverheid-certificaat staat alleen op de HSM.",
    # Spanish / Italian / Polish / Portuguese / Swedish / Finnish / Greek / Bulgarian
    "La contrase\u00f1a del usuario t\u00e9cnico de SILTRA caduca el d\u00eda 30, hay que renovarla en el gestor.",
    "No pegu\u00e9is n\u00fameros de la Seguridad Social ni IBAN en el canal, por favor.",
    "La password dell'utenza tecnica per l'invio UniEmens scade a fine mese.",
    "Non incollate codici fiscali o IBAN dei dipendenti nei thread, usate il ticket cifrato.",
    "Has\u0142o do konta technicznego P\u0142atnika wygasa w pi\u0105tek, prosz\u0119 je zmieni\u0107 w sejfie.",
    "Nie wklejajcie numer\u00f3w PESEL ani numer\u00f3w kont na kanale.",
    "A chave de API do fornecedor de benef\u00edcios foi revogada depois de aparecer num log.",
    "L\u00f6senordet till det tekniska kontot f\u00f6r AGI-inl\u00e4mningen g\u00e5r ut n\u00e4sta vecka.",
    "\u00c4l\u00e4 liit\u00e4 henkil\u00f6tunnuksia tai tilinumeroita t\u00e4h\u00e4n kanavaan.",
    "\u039c\u03b7\u03bd \u03b1\u03bd\u03b5\u03b2\u03ac\u03b6\u03b5\u03c4\u03b5 \u0391\u03a6\u039c \u03ae IBAN \u03b5\u03c1\u03b3\u03b1\u03b6\u03bf\u03bc\u03ad\u03bd\u03c9\u03bd \u03c3\u03c4\u03bf \u03ba\u03b1\u03bd\u03ac\u03bb\u03b9, \u03c7\u03c1\u03b7\u03c3\u03b9\u03bc\u03bf\u03c0\u03bf\u03b9\u03ae\u03c3\u03c4\u03b5 \u03c4\u03bf \u03ba\u03c1\u03c5\u03c0\u03c4\u03bf\u03b3\u03c1\u03b1\u03c6\u03b7\u03bc\u03ad\u03bd\u03bf ticket.",
    "\u041c\u043e\u043b\u044f, \u043d\u0435 \u043f\u043e\u0441\u0442\u0432\u0430\u0439\u0442\u0435 \u0415\u0413\u041d \u0438\u043b\u0438 IBAN \u043d\u0430 \u0441\u043b\u0443\u0436\u0438\u0442\u0435\u043b\u0438 \u0432 \u043a\u0430\u043d\u0430\u043b\u0430.",
    "\u041f\u0430\u0440\u043e\u043b\u0430\u0442\u0430 \u043d\u0430 \u0442\u0435\u0445\u043d\u0438\u0447\u0435\u0441\u043a\u0438\u044f \u0430\u043a\u0430\u0443\u043d\u0442 \u0437\u0430 \u041d\u0410\u041f \u0438\u0437\u0442\u0438\u0447\u0430 \u0432 \u043f\u0435\u0442\u044a\u043a.",
]

FOLLOWUPS = ["Ticket is %s." % "SEC-%d", "Owner: payroll-integrations.", "Done by EOD?", "I'll pair on it tomorrow.",
             "Erledigt bis Freitag?", "Merci d'avance.", "Graag voor vrijdag.", "Status in the channel topic.",
             "No values in here please, DM is not OK either.", "Keine Werte hier posten, auch nicht per DM."]


@neg("talk_about_secrets")
def ts_single():
    s = pick(TALK)
    if chance(0.4):
        f = pick(FOLLOWUPS)
        if "%d" in f:
            f = f % R.randint(100, 999)
        s += " " + f
    return s


@neg("talk_about_secrets")
def ts_pair():
    a, b = R.sample(TALK, 2)
    return a + "\n" + b


@neg("talk_about_secrets")
def ts_runbook():
    steps = pick([
        ["Generate a new key pair on the batch host (ed25519, no passphrase in the file, passphrase in Vault)",
         "Send only the public key to the provider via their portal", "Wait for their confirmation mail",
         "Test with `sftp -o BatchMode=yes` against UAT", "Switch the ExternalSecret to the new Vault path", "Delete the old key from Vault after 7 days"],
        ["Schl\u00fcssel im HSM neu erzeugen", "INI/HIA senden, Briefe drucken", "Briefe von zwei Zeichnungsberechtigten unterschreiben lassen",
         "Freischaltung durch die Bank abwarten", "HPB abholen und Hashwerte mit dem Bankbrief vergleichen", "Alten Schl\u00fcssel sperren (SPR)"],
        ["Revoke the token in the provider admin console", "Search Slack, Jira and the log index for the token prefix",
         "Rotate the Vault secret and restart the sync job", "Check the provider audit log for calls from unknown IPs",
         "Write the incident note (no token values in the note)"],
        ["Nouveau mot de passe g\u00e9n\u00e9r\u00e9 par le coffre (32 caract\u00e8res)", "Mise \u00e0 jour dans le coffre uniquement",
         "Red\u00e9marrage du connecteur DSN", "V\u00e9rification du d\u00e9p\u00f4t test", "Suppression de l'ancienne version apr\u00e8s validation"],
    ])
    k = R.randint(3, len(steps))
    return pick(["Runbook: key rotation", "Runbook \u2014 Rotation", "Checklist", "Proc\u00e9dure"]) + "\n" + "\n".join(
        "%d. %s" % (i, s) for i, s in enumerate(steps[:k], 1))


@neg("talk_about_secrets")
def ts_incident():
    d = rdate()
    mins = R.randint(5, 240)
    if chance(0.6):
        what = pick(["a Workday ISU password", "an API token of the meal-card provider", "the SFTP password of the pension feed",
                     "a Slack bot token of the payroll notifier", "an export with unmasked IBANs", "the GPG passphrase for provider files",
                     "a screenshot of a payroll result with tax ids", "a private key for the bank mTLS certificate"])
        where = pick(["a public Confluence page", "a Jira comment", "the application log (DEBUG level)", "a screenshot in this channel",
                      "a GitHub Actions log", "a support ticket at the provider", "a shared drive folder"])
        impact = pick(["no access from unknown sources in the provider audit log", "no external access, internal viewers only",
                       "file was opened by 3 internal accounts, all in the team", "unknown — provider audit log only goes back 24h"])
        acts = R.sample(["revoked and re-issued", "content deleted", "log retention purged for that index", "provider informed",
                         "DPO informed (no Art. 33 notification needed)", "vault entry rotated", "old key removed on the SFTP side"], 3)
        fu = pick(["pre-commit hook + DLP rule", "masking in the log appender", "training reminder for the team", "push protection on all HR repos"])
        return ("Incident summary %s\n- What: %s was visible in %s for ~%d minutes\n- Impact: %s\n- Actions: %s\n- Follow-up: %s, owner payroll-integrations"
                % (d.isoformat(), what, where, mins, impact, ", ".join(acts), fu))
    what = pick(["ein ISU-Passwort", "ein API-Token des Benefit-Anbieters", "das SFTP-Passwort der Pensionsmeldung", "eine Exportdatei mit ungekürzten IBANs",
                 "der private Schlüssel des Bank-Zertifikats"])
    where = pick(["einem Jira-Kommentar", "dem Applikationslog", "einem Screenshot hier im Kanal", "einer Confluence-Seite"])
    acts = R.sample(["widerrufen und neu ausgestellt", "Inhalt gelöscht", "Anbieter informiert", "DSB informiert", "Tresor-Eintrag rotiert"], 3)
    return ("Vorfallbericht %s\n- Was: %s war ca. %d Minuten in %s sichtbar\n- Auswirkung: %s\n- Maßnahmen: %s"
            % (d.strftime("%d.%m.%Y"), what, mins, where, pick(["kein Zugriff von außen erkennbar", "nur interne Zugriffe", "wird noch geprüft"]),
               ", ".join(acts)))


@neg("talk_about_secrets")
def ts_scanner_output():
    k = R.randint(0, 2)
    if k == 0:
        body = ("$ gitleaks detect --source . --no-banner\n%s" % pick(["INF no leaks found", "WRN leaks found: %d" % R.randint(1, 4)]) +
                "\n(values are redacted in the report, see gitleaks-report.json in the CI artifacts)")
    elif k == 1:
        body = ("$ git commit -m \"%s\"\nDetect secrets...........................................................Failed\n"
                "ERROR: Potential secrets about to be committed to git repo!\n\nSecret Type: %s\nLocation:    %s:%d\n\n"
                "Possible mitigations:\n  - For information about putting your secrets in a safer place, please ask in #security"
                % (pick(["fix camt parser", "add provider config", "update fixtures"]), pick(["Base64 High Entropy String", "Secret Keyword", "Private Key", "Hex High Entropy String"]),
                   pick(["config/provider.yaml", "tests/fixtures/pain001.xml", "deploy/values-prod.yaml", ".env.sample"]), R.randint(3, 120)))
    else:
        body = ("remote: error: GH013: Repository rule violations found for refs/heads/%s.\nremote: - GITHUB PUSH PROTECTION\n"
                "remote:   \u2014\u2014 %s \u2014\u2014\nremote:     locations:\nremote:       - commit: %s\nremote:         path: %s:%d"
                % (pick(["feature/sftp-rotation", "fix/benefits-sync", "main"]), pick(["Slack API Token", "OpenAI API Key", "Amazon AWS Access Key ID", "GitHub Personal Access Token"]),
                   hexs(40), pick(["scripts/upload.sh", "notebooks/triage.ipynb", "config/dev.env"]), R.randint(2, 80)))
    return pick(["the hook did its job:", "Hook hat angeschlagen, Wert ist nicht im Output:", "good catch by the scanner:", ""]).strip() + "\n" + codeblock(body, "console")


@neg("talk_about_secrets")
def ts_pr_review():
    return pick([
        "PR review: line %d logs the full IBAN at INFO \u2014 please use `maskIban()` or drop the field." % R.randint(20, 400),
        "Review-Kommentar: in `%s` wird das ISU-Passwort in die Exception-Message geschrieben, bitte raus damit." % pick(["WorkdayClient.kt", "IsuAuth.java", "wd_client.py"]),
        "nit: the test fixture has a realistic-looking tax id, swap it for a generated one that fails the checksum.",
        "Please don't print the token in the retry log, printing its length or last 4 chars is enough for debugging.",
        "Remarque de revue : le RIB complet appara\u00eet dans le message d'erreur, il faut le masquer.",
        "Review: de BSN komt in de querystring terecht en daarmee in de access-log. Graag in de body zetten.",
        "The new endpoint returns the full card number to the frontend; PCI-wise only the last four may leave the vault.",
    ]) + pick(["", " Otherwise LGTM.", " Sonst passt's.", " \U0001F44D"])


@neg("talk_about_secrets")
def ts_offboarding():
    steps = R.sample(["disable the provider portal account", "revoke personal access tokens on the HR repos", "remove from the payroll Vault group",
                      "rotate shared SFTP credentials the person knew", "transfer ownership of the scheduled Workday integrations",
                      "remove the EBICS signing authorisation at the bank", "check Slack apps installed by the person"], R.randint(3, 6))
    return pick(["Offboarding checklist for integration engineers (update):", "Offboarding-Checkliste Integration:",
                 "Leaver checklist, HR systems:"]) + "\n" + "\n".join("- [ ] " + x for x in steps)


@neg("talk_about_secrets")
def ts_gdpr():
    return pick([
        "Für die Meldung nach Art. 33 DSGVO zählt die Frist ab Kenntnis, nicht ab Ende der Analyse \u2014 Datenschutz ist informiert.",
        "DPO question: did the leaked export contain national ids or only employee numbers? That decides whether we notify.",
        "La CNIL doit être notifiée sous 72 h si le fichier contenait des NIR ; le fichier ne contenait que des matricules.",
        "AP-melding is niet nodig: het bestand bevatte alleen personeelsnummers, geen BSN's of IBAN's.",
        "Retention: payroll results 10 years, bank details only as long as the employment lasts plus the last payment run.",
    ])


@neg("talk_about_secrets")
def ts_faq():
    qa = R.sample([
        ("Can I send my new bank details to payroll via Slack?", "No. Only via the self-service; payroll will not accept account changes in chat."),
        ("Where is the SFTP password for the pension provider?", "In Vault under the payroll namespace; you need the payroll-integrations role."),
        ("Why is the IBAN masked on my payslip?", "Only the last four characters are printed since the 2025 template."),
        ("Darf ich die Steuer-ID in ein Ticket schreiben?", "Nur in das verschl\u00fcsselte Feld, nicht in Beschreibung oder Kommentar."),
        ("Wer kann den EBICS-Schl\u00fcssel freigeben?", "Nur die zwei eingetragenen Zeichnungsberechtigten, nicht das Integrationsteam."),
        ("Est-ce que je peux envoyer un RIB par mail ?", "Non, uniquement via le portail RH."),
        ("Mag ik een BSN in een Jira-ticket zetten?", "Nee, alleen in het versleutelde bijlageveld."),
    ], R.randint(2, 4))
    return "FAQ\n" + "\n".join("**Q:** %s\n**A:** %s" % p for p in qa)


@neg("talk_about_secrets")
def ts_vault_errors():
    return pick(["ESO can't sync the secret, so the connector starts without credentials:", "ExternalSecret sync failed:",
                 "Vault complains:"]) + "\n" + codeblock(pick([
        "Warning  UpdateFailed  external-secrets  could not get secret data from provider: key \"secret/data/hr/workday-isu\" not found",
        "Error making API request.\nURL: GET https://vault.nordhafen.internal/v1/secret/data/payroll/ebics\nCode: 403. Errors:\n* permission denied",
        "error: cannot fetch certificate: sealed-secrets-controller not found in namespace kube-system",
        "Error from server (Forbidden): secrets \"pension-sftp-key\" is forbidden: User \"system:serviceaccount:payroll:default\" cannot get resource \"secrets\"",
        "ERROR vault.transit: decrypt failed for key \"iban-v3\": cipher: message authentication failed",
    ]))


@neg("talk_about_secrets")
def ts_regex_discussion():
    return pick([
        "The DLP rule for IBANs only checks the country code and length, that's why it fires on every policy number starting with two letters. It should do the mod-97 check before alerting.",
        "Proposal for the log masker: treat any 13\u201319 digit run that passes Luhn as a card number, but skip the SAP document numbers (10 digits) and IDoc numbers (16 digits, leading zeros).",
        "Der Scanner schl\u00e4gt bei jeder Steuer-ID-\u00e4hnlichen Zahl an. Vorschlag: Pr\u00fcfziffer nach dem ELSTER-Verfahren pr\u00fcfen, dann bleiben die Belegnummern drau\u00dfen.",
        "For SSNs the masker should require the label or the dashed layout; nine bare digits are mostly our PERNR + suffix.",
        "On the BSN: the 11-proof alone produces too many hits on our 9-digit policy numbers, we need the field name as context.",
        "Le filtre DLP pour les NIR devrait v\u00e9rifier la cl\u00e9 (97 - n mod 97), sinon il bloque tous les num\u00e9ros de contrat \u00e0 15 chiffres.",
    ])


@neg("talk_about_secrets")
def ts_security_sync():
    items = R.sample(["EBICS key renewal: letters sent to the bank, waiting for activation",
                      "Workday ISU password rotation moved to Vault's dynamic rotation",
                      "Leaked token from last sprint: revoked, no misuse seen",
                      "Pen-test finding: payslip PDFs contained the full IBAN in metadata \u2014 fixed",
                      "New rule: no personal data in Slack, incl. screenshots of payroll results",
                      "HSM firmware update scheduled; key ceremony not needed",
                      "Private keys for SAML moved to the managed key store",
                      "Offboarding checklist now includes revoking provider portal accounts"], R.randint(3, 5))
    return pick(["Security sync notes:", "Notizen Security-Sync:", "Notes de la r\u00e9union s\u00e9curit\u00e9 :"]) + "\n" + "\n".join("- " + i for i in items)


@neg("talk_about_secrets")
def ts_question():
    return pick([
        "Quick q: does the benefits provider support key-based SFTP auth or only password? Their doc is unclear.",
        "Kurze Frage: m\u00fcssen wir die Kreditkartennummer f\u00fcr die Firmenkarten \u00fcberhaupt speichern, oder reicht der Token vom Issuer?",
        "Does anyone know if the Workday refresh token expires when the ISU password rotates?",
        "Question : le prestataire exige-t-il le NIR complet ou seulement les 13 premiers chiffres ?",
        "Vraag: bewaren we het BSN nog in het claimsysteem of alleen de hash?",
        "Is there any reason the claims app still asks for the full phone number instead of the last digits for verification?",
        "Where do we keep the GPG passphrase for the provider files \u2014 Vault or the HSM?",
    ]) + pick(["", " " + pick(FOLLOWUPS[1:])])


# ================================================================ POSITIVES
FIRST = ["Jana", "Lukas", "Sophie", "Daan", "Luc\u00eda", "Matteo", "Anna", "Emma", "Jonas", "Chlo\u00e9", "Pieter", "Katarzyna",
         "Tobias", "Niamh", "In\u00eas", "Sven", "Elena", "Milan", "Aino", "Giorgos", "Petra", "Hugo", "Marta", "Felix"]
LAST = ["Kowalski", "Brandt", "Martin", "de Vries", "Garc\u00eda", "Rossi", "Nowak", "Lindqvist", "Weber", "Bernard", "Janssens",
        "Wi\u015bniewska", "Gruber", "O'Brien", "Ferreira", "Haug", "Moreau", "Horvat", "Virtanen", "Papadakis", "Schulz",
        "Lambert", "Sousa", "Keller"]
_ASCII = {"\u00e9": "e", "\u00ed": "i", "\u00ea": "e", "\u015b": "s", "\u00e4": "ae", "\u00f6": "oe", "\u00fc": "ue", "'": "", " ": ""}


def person():
    return "%s %s" % (pick(FIRST), pick(LAST))


def asciify(s):
    return "".join(_ASCII.get(c, c) for c in s.lower())


def make_email(name=None, kind=None):
    name = name or person()
    f, l = name.split(" ", 1)
    f, l = asciify(f), asciify(l)
    kind = kind or pick(["work", "private", "private", "provider"])
    if kind == "work":
        local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s.%s" % (f, l[0])])
        dom = pick(["nordhafen.eu", "nordhafen-versicherung.de", "nordhafen.fr", "nordhafen.nl"])
    elif kind == "provider":
        local = pick(["%s.%s" % (f, l), f, "%s.%s" % (f[0], l)])
        dom = pick(["pensionpartner.de", "fitbenefit.nl", "radleasing-service.de", "mealcard-group.fr", "lohnbuero-keller.de"])
    else:
        local = pick(["%s.%s" % (f, l), "%s%s%d" % (f, l[:3], R.randint(1, 99)), "%s_%s" % (f[0], l), "%s.%s%d" % (f, l, R.randint(70, 99))])
        dom = pick(["gmail.com", "web.de", "gmx.at", "orange.fr", "outlook.com", "libero.it", "wp.pl", "hotmail.co.uk",
                    "icloud.com", "t-online.de", "ziggo.nl", "telenet.be", "gmx.de", "yahoo.es"])
    return "%s@%s" % (local, dom)


def S(kind, value):
    return {"kind": kind, "value": value}


POS = {}


def pos(kind):
    def deco(f):
        POS.setdefault(kind, []).append(f)
        return f
    return deco


def aws_acct():
    return digits(12, True)


# ---- aws_access_key_id
@pos("aws_access_key_id")
def p_aws_id_cloudtrail():
    k = tok_aws_id()
    body = {"eventTime": iso(rdt(), False), "eventSource": "s3.amazonaws.com", "eventName": "PutObject",
            "userIdentity": {"type": "IAMUser", "arn": "arn:aws:iam::%s:user/svc-payroll-export" % aws_acct(), "accessKeyId": k},
            "requestParameters": {"bucketName": "nh-payroll-exports-euc1", "key": "%d/%02d/gl_posting.csv" % (R.randint(2024, 2026), R.randint(1, 12))}}
    return "CloudTrail says the GL export still uses the old user key:\n" + codeblock(json.dumps(body, indent=2), "json"), [S("aws_access_key_id", k)]


@pos("aws_access_key_id")
def p_aws_id_list():
    k = tok_aws_id()
    return codeblock("$ aws iam list-access-keys --user-name svc-benefits-sync\n{\n    \"AccessKeyMetadata\": [\n        {\n"
                     "            \"UserName\": \"svc-benefits-sync\",\n            \"AccessKeyId\": \"%s\",\n            \"Status\": \"Active\",\n"
                     "            \"CreateDate\": \"%s\"\n        }\n    ]\n}" % (k, iso(rdt(2023, 2024), False)), "console") + \
        "\n" + pick(["two years old, rotate?", "zwei Jahre alt, rotieren?"]), [S("aws_access_key_id", k)]


@pos("aws_access_key_id")
def p_aws_id_prose():
    k = tok_aws_id()
    return pick(["Wem geh\u00f6rt der Key %s? Der wird noch vom Lohnjournal-Export benutzt, zuletzt vor 3 Tagen." % k,
                 "who owns %s? still used by the claims archive job, last used yesterday" % k,
                 "La cl\u00e9 %s est encore utilis\u00e9e par l'export DSN, qui en est responsable ?" % k]), [S("aws_access_key_id", k)]


@pos("aws_access_key_id")
def p_aws_id_log():
    k = tok_aws_id()
    return codeblock("%s ERROR s3-uploader AccessDenied: User key %s is not authorized to perform s3:PutObject on "
                     "arn:aws:s3:::nh-payslips-archive/%d/%02d/*" % (iso(rdt()), k, R.randint(2024, 2026), R.randint(1, 12))), [S("aws_access_key_id", k)]


@pos("aws_access_key_id")
def p_aws_id_creds_masked():
    k = tok_aws_id()
    return pick(["my ~/.aws/credentials on the batch host, secret cut out:", "credentials-Datei auf dem Batch-Host (Secret entfernt):"]) + "\n" + codeblock(
        "[payroll-export]\naws_access_key_id = %s\naws_secret_access_key = ****************************************\nregion = eu-central-1" % k, "ini"), [S("aws_access_key_id", k)]


# ---- aws_secret_access_key
@pos("aws_secret_access_key")
def p_aws_secret_export():
    s = tok_aws_secret()
    return codeblock("$ export AWS_PROFILE=payroll-export\n$ export AWS_SECRET_ACCESS_KEY=%s\n$ aws s3 cp out/ s3://nh-payroll-exports-euc1/ --recursive" % s, "console"), [S("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def p_aws_secret_rclone():
    s = tok_aws_secret()
    return pick(["rclone remote for the archive copy:", "rclone.conf f\u00fcr die Archivkopie:"]) + "\n" + codeblock(
        "[nh-archive]\ntype = s3\nprovider = AWS\nenv_auth = false\nsecret_access_key = %s\nregion = eu-central-1" % s, "ini"), [S("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def p_aws_secret_prose():
    s = tok_aws_secret()
    return pick(["Secret Key f\u00fcr den Export-User: %s \u2014 die Key-ID schick ich dir separat." % s,
                 "secret for the archive user is %s, key id is in the ticket" % s,
                 "la secret key : %s (l'ID de cl\u00e9 est dans le coffre)" % s]), [S("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def p_aws_secret_boto():
    s = tok_aws_secret()
    return codeblock("s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=os.environ[\"AWS_KEY_ID\"],\n    aws_secret_access_key=\"%s\",\n"
                     "    region_name=\"eu-central-1\",\n)" % s, "python"), [S("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def p_aws_secret_jenkins():
    s = tok_aws_secret()
    return codeblock("<com.cloudbees.jenkins.plugins.awscredentials.AWSCredentialsImpl>\n  <id>payroll-s3</id>\n"
                     "  <accessKey>${AWS_KEY_ID}</accessKey>\n  <secretKey>%s</secretKey>\n</com.cloudbees.jenkins.plugins.awscredentials.AWSCredentialsImpl>" % s, "xml"), [S("aws_secret_access_key", s)]


# ---- github classic / fine-grained
def _gh_templates(tokf, kind):
    def t0():
        t = tokf()
        return codeblock("$ git clone https://%s@github.com/nordhafen/payroll-connector.git" % t, "console"), [S(kind, t)]

    def t1():
        t = tokf()
        return pick([".npmrc for the portal build:", ".npmrc f\u00fcr den Portal-Build:"]) + "\n" + codeblock(
            "@nordhafen:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s" % t), [S(kind, t)]

    def t2():
        t = tokf()
        return codeblock("$ echo %s | docker login ghcr.io -u nh-ci-bot --password-stdin\nLogin Succeeded" % t, "console"), [S(kind, t)]

    def t3():
        t = tokf()
        return pick(["Nimm solange meinen Token: %s (l\u00e4uft Freitag ab)" % t, "use mine until the bot is fixed: %s" % t,
                     "prends le mien en attendant : %s" % t, "gebruik voorlopig mijn token: %s" % t]), [S(kind, t)]

    def t4():
        t = tokf()
        return codeblock("export GITHUB_TOKEN=%s\ngh release download v%d.%d.%d -R nordhafen/sepa-tools" % (t, R.randint(1, 3), R.randint(0, 9), R.randint(0, 9)), "bash"), [S(kind, t)]

    def t5():
        t = tokf()
        return "requirements.txt:\n" + codeblock("git+https://%s@github.com/nordhafen/camt-parser.git@v%d.%d.0#egg=camt-parser" % (t, R.randint(0, 2), R.randint(1, 9))), [S(kind, t)]

    def t6():
        t = tokf()
        return codeblock(json.dumps({"hostRules": [{"matchHost": "github.com", "token": t}], "extends": ["config:recommended"]}, indent=2), "json"), [S(kind, t)]

    def t7():
        t = tokf()
        return codeblock('provider "github" {\n  owner = "nordhafen"\n  token = "%s"\n}' % t, "hcl"), [S(kind, t)]

    def t8():
        t = tokf()
        return codeblock("curl -s -H \"Authorization: token %s\" https://api.github.com/repos/nordhafen/payroll-connector/actions/runs?per_page=5" % t, "bash"), [S(kind, t)]
    return [t0, t1, t2, t3, t4, t5, t6, t7, t8]


POS["github_classic_pat"] = _gh_templates(tok_ghp, "github_classic_pat")
POS["github_fine_grained_pat"] = _gh_templates(tok_gh_fine, "github_fine_grained_pat")


# ---- slack
def _slack_templates(tokf, kind):
    def t0():
        t = tokf()
        return codeblock("SLACK_%s_TOKEN=%s\nSLACK_CHANNEL=#payroll-alerts" % ("BOT" if kind == "slack_bot_token" else "USER", t), "dotenv"), [S(kind, t)]

    def t1():
        t = tokf()
        return codeblock("client = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#payroll-alerts\", text=f\"Lohnlauf {run_id} abgeschlossen\")" % t, "python"), [S(kind, t)]

    def t2():
        t = tokf()
        return codeblock("curl -s -X POST https://slack.com/api/%s -H \"Authorization: Bearer %s\" -d 'channel=C0%s'" % (
            pick(["chat.postMessage", "conversations.history", "users.list"]), t, rs(9, UP + DIG)), "bash"), [S(kind, t)]

    def t3():
        t = tokf()
        return codeblock("apiVersion: v1\nkind: Secret\nmetadata:\n  name: payroll-notifier\ntype: Opaque\nstringData:\n  slack-token: %s" % t, "yaml"), [S(kind, t)]

    def t4():
        t = tokf()
        return codeblock("%s WARN notifier slack api error=invalid_auth token=%s channel=#claims-ops" % (iso(rdt()), t)), [S(kind, t)]

    def t5():
        t = tokf()
        return pick(["Le token du bot de notification : %s \u2014 \u00e0 mettre dans le coffre apr\u00e8s le test." % t,
                     "Token f\u00fcrs Export-Skript: %s" % t, "token for the channel export script: %s" % t]), [S(kind, t)]

    def t6():
        t = tokf()
        return codeblock(json.dumps({"name": "slack-%s" % pick(["prod", "test"]), "values": [{"key": "token", "value": t, "enabled": True}]}, indent=2), "json"), [S(kind, t)]
    return [t0, t1, t2, t3, t4, t5, t6]


POS["slack_bot_token"] = _slack_templates(tok_slack_bot, "slack_bot_token")
POS["slack_user_token"] = _slack_templates(tok_slack_user, "slack_user_token")


# ---- LLM keys
def _llm_templates(tokf, kind):
    var = "OPENAI_API_KEY" if kind == "openai_api_key" else "ANTHROPIC_API_KEY"

    def t0():
        t = tokf()
        return "claims-triage .env:\n" + codeblock("%s=%s\nMODEL=%s\nMAX_DOCS=%d" % (var, t, pick(["gpt-4o-mini", "claude-3-5-sonnet"]), R.randint(5, 50)), "dotenv"), [S(kind, t)]

    def t1():
        t = tokf()
        if kind == "openai_api_key":
            return codeblock("client = OpenAI(api_key=\"%s\")\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)" % t, "python"), [S(kind, t)]
        return codeblock("client = anthropic.Anthropic(api_key=\"%s\")\nmsg = client.messages.create(model=MODEL, max_tokens=1024, messages=msgs)" % t, "python"), [S(kind, t)]

    def t2():
        t = tokf()
        if kind == "openai_api_key":
            return codeblock("curl https://api.openai.com/v1/chat/completions -H \"Authorization: Bearer %s\" -H 'Content-Type: application/json' -d @claim_summary.json" % t, "bash"), [S(kind, t)]
        return codeblock("curl https://api.anthropic.com/v1/messages -H \"x-api-key: %s\" -H 'anthropic-version: 2023-06-01' -d @claim_summary.json" % t, "bash"), [S(kind, t)]

    def t3():
        t = tokf()
        return pick(["La chiave per il prototipo di triage sinistri \u00e8 %s, usatela solo in test." % t,
                     "Key f\u00fcr den Schaden-Triage-Prototyp: %s" % t, "key for the OCR summariser PoC: %s" % t]), [S(kind, t)]

    def t4():
        t = tokf()
        return codeblock("docker run --rm -e %s=%s -v $PWD/claims:/data nh/claims-triage:dev" % (var, t), "console"), [S(kind, t)]

    def t5():
        t = tokf()
        return codeblock("llm:\n  provider: %s\n  api_key: %s\n  temperature: 0" % ("openai" if kind == "openai_api_key" else "anthropic", t), "yaml"), [S(kind, t)]

    def t6():
        t = tokf()
        return codeblock("%s - DEBUG - llm_client - request headers: {'Authorization': 'Bearer %s', 'User-Agent': 'claims-triage/0.%d'}" % (
            iso(rdt()), t, R.randint(1, 9))) if kind == "openai_api_key" else codeblock(
            "%s - DEBUG - llm_client - request headers: {'x-api-key': '%s', 'anthropic-version': '2023-06-01'}" % (iso(rdt()), t)), [S(kind, t)]
    return [t0, t1, t2, t3, t4, t5, t6]


POS["openai_api_key"] = _llm_templates(tok_openai, "openai_api_key")
POS["anthropic_api_key"] = _llm_templates(tok_anthropic, "anthropic_api_key")


# ---- jwt
def _jwt():
    return make_jwt(claims=jwt_claims_variant())


@pos("jwt")
def p_jwt_curl():
    t = _jwt()
    return codeblock("curl -s https://api.benefits-hub.eu/v1/enrolments?status=pending -H \"Authorization: Bearer %s\"" % t, "bash"), [S("jwt", t)]


@pos("jwt")
def p_jwt_log():
    t = _jwt()
    return codeblock("%s DEBUG o.s.w.c.RestTemplate - HTTP GET /ccx/api/v1/nordhafen/workers, headers=[Authorization:\"Bearer %s\"]" % (iso(rdt()), t)), [S("jwt", t)]


@pos("jwt")
def p_jwt_postman():
    t = _jwt()
    return codeblock(json.dumps({"id": uuid4(), "name": "claims-uat", "values": [{"key": "access_token", "value": t, "type": "secret"}]}, indent=2), "json"), [S("jwt", t)]


@pos("jwt")
def p_jwt_de():
    t = _jwt()
    return pick(["Token f\u00fcr die UAT, g\u00fcltig bis heute Abend: %s" % t, "token pour la recette : %s" % t,
                 "here's a token for UAT if you want to try: %s" % t]), [S("jwt", t)]


@pos("jwt")
def p_jwt_cookie():
    t = _jwt()
    return codeblock("GET /api/payslips/2025-03 HTTP/1.1\nHost: portal.nordhafen.eu\nCookie: nh_session=%s; lang=de" % t), [S("jwt", t)]


@pos("jwt")
def p_jwt_python():
    t = _jwt()
    return codeblock("headers = {\"Authorization\": \"Bearer %s\", \"Accept\": \"application/json\"}\nr = requests.get(f\"{BASE}/claims/{claim_id}/reserves\", headers=headers)" % t, "python"), [S("jwt", t)]


@pos("jwt")
def p_jwt_token_resp():
    t = _jwt()
    return codeblock(json.dumps({"access_token": t, "token_type": "Bearer", "expires_in": 3600, "scope": "payroll.read"}, indent=2), "json"), [S("jwt", t)]


# ---- private_key_pem
PEM_LAYOUTS = 6


def pem_layout(label, body64, width, layout):
    lines = wrap(body64, width).split("\n")
    if layout == 0:
        txt = "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, "\n".join(lines), label)
        return codeblock(txt), "\n".join(lines)
    if layout == 1:
        val = "\\n".join(lines)
        obj = '{\n  "type": "service_account",\n  "project_id": "nh-claims-ocr",\n  "private_key_id": "%s",\n  "private_key": "-----BEGIN %s-----\\n%s\\n-----END %s-----\\n",\n  "client_id": "%s"\n}' % (
            hexs(40), label, val, label, digits(21, True))
        return codeblock(obj, "json"), val
    if layout == 2:
        ind = "    "
        val = ("\n" + ind).join(lines)
        y = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: pension-sftp-key\nstringData:\n  id_key: |\n%s-----BEGIN %s-----\n%s%s\n%s-----END %s-----" % (
            ind, label, ind, val, ind, label)
        return codeblock(y, "yaml"), val
    if layout == 3:
        val = "\\n".join(lines)
        return codeblock('SFTP_PRIVATE_KEY="-----BEGIN %s-----\\n%s\\n-----END %s-----"' % (label, val, label), "dotenv"), val
    if layout == 4:
        txt = 'resource "aws_transfer_ssh_key" "x" {}\n\nvariable "bank_mtls_key" {\n  default = <<EOT\n-----BEGIN %s-----\n%s\n-----END %s-----\nEOT\n}' % (
            label, "\n".join(lines), label)
        return codeblock(txt, "hcl"), "\n".join(lines)
    ind = "  "
    val = ("\n" + ind).join(lines)
    y = "pension_sftp_user: svc_pension\npension_sftp_key: |\n%s-----BEGIN %s-----\n%s%s\n%s-----END %s-----" % (ind, label, ind, val, ind, label)
    return codeblock(y, "yaml"), val


PEM_INTROS = ["SFTP key for the pension provider (the one that was on the old batch host):",
              "Hier der Schl\u00fcssel f\u00fcr den mTLS-Zugang zur Bank-API:", "key for the SAML signing cert of the payslip portal:",
              "cl\u00e9 utilis\u00e9e par le connecteur EBICS de test :", "the OCR vendor service account file:",
              "sleutel voor de SFTP-koppeling met het pensioenfonds:", ""]


def make_pem_positive(ktype, layout):
    label, body, width = pem_key(ktype)
    txt, val = pem_layout(label, body, width, layout)
    assert val in txt
    compact = val.replace("\\n", "").replace("\n", "").replace(" ", "")
    base64.b64decode(compact, validate=True)
    intro = pick(PEM_INTROS)
    return (intro + "\n" + txt if intro else txt), val


# ---- password (key=value / prose)
def _pw_templates():
    def t0():
        p = make_password(urlsafe=True).replace("#", "%23")
        return codeblock("jdbc:sap://hana-prd.nordhafen.internal:30015/?databaseName=HRP&user=PAYROLL_RO&password=%s&encrypt=true" % p), [S("password", p)]

    def t1():
        p = make_password()
        return codeblock("\"ClaimsDb\": \"Server=sqlprd01.nordhafen.internal;Database=Claims;User Id=svc_claims;Password=%s;TrustServerCertificate=True\"" % p, "json"), [S("password", p)]

    def t2():
        p = make_password()
        return codeblock("spring.datasource.url=jdbc:postgresql://claims-db:5432/claims\nspring.datasource.username=claims_app\nspring.datasource.password=%s" % p, "properties"), [S("password", p)]

    def t3():
        p = make_password()
        return "sapnwrfc.ini:\n" + codeblock("DEST=HRP\nASHOST=sap-hrp.nordhafen.internal\nSYSNR=00\nCLIENT=100\nUSER=RFC_PAYROLL\nPASSWD=%s\nLANG=DE" % p, "ini"), [S("password", p)]

    def t4():
        p = make_password()
        return pick(["SFTP-Passwort f\u00fcr das Versorgungswerk ist jetzt %s (User svc_pension)" % p,
                     "Het wachtwoord voor de ISU is %s, graag niet doorsturen" % p,
                     "Mot de passe du compte DSN-NET : %s" % p, "La contrase\u00f1a del SFTP de la mutua es %s" % p,
                     "password for ISU_Payroll_Connector: %s" % p]), [S("password", p)]

    def t5():
        p = make_password()
        return codeblock("with pysftp.Connection(\"sftp.pensionpartner.de\", username=\"svc_pension\", password=%r, cnopts=cnopts) as s:\n    s.put(local_file)" % p, "python"), [S("password", p)]

    def t6():
        p = make_password(style=pick([0, 2, 3]), urlsafe=True)
        return codeblock("$ sshpass -p '%s' sftp -oPort=2222 -oUser=svc_benefits sftp.fitbenefit.nl" % p, "console"), [S("password", p)]

    def t7():
        p = make_password()
        return "odbc.ini:\n" + codeblock("[LohnDB]\nDriver = ODBC Driver 18 for SQL Server\nServer = sqlprd02\nDatabase = Lohn\nUID = svc_lohn\nPWD = %s" % p, "ini"), [S("password", p)]

    def t8():
        p = make_password(style=pick([0, 2, 3]), urlsafe=True)
        return codeblock("$ keytool -importkeystore -srckeystore ebics_test.p12 -srcstoretype PKCS12 -srcstorepass %s -destkeystore ebics.jks" % p, "console"), [S("password", p)]

    def t9():
        p = make_password()
        return codeblock("services:\n  claims-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: claims\n      POSTGRES_PASSWORD: \"%s\"" % p, "yaml"), [S("password", p)]
    return [t0, t1, t2, t3, t4, t5, t6, t7, t8, t9]


POS["password"] = _pw_templates()


# ---- url_credentials
def _url_templates():
    def mk(fmt, lang=""):
        def t():
            p = make_password(style=pick([0, 1, 2, 3, 4]), urlsafe=True).replace("#", "%23")
            return codeblock(fmt % p, lang) if lang is not None else fmt % p, [S("url_credentials", p)]
        return t
    return [
        mk("lftp sftp://svc_pension:%s@sftp.pensionpartner.de/in -e 'mirror -R out/ .; bye'", "console"),
        mk("DATABASE_URL=postgresql://claims_app:%s@claims-db.prod.internal:5432/claims", "dotenv"),
        mk("spring.rabbitmq.addresses=amqps://payroll:%s@mq.nordhafen.eu:5671/payroll", "properties"),
        mk("MONGO_URI=mongodb+srv://ocr_writer:%s@claims-docs.x7k2p.mongodb.net/docs?retryWrites=true", "dotenv"),
        mk("REDIS_URL=redis://:%s@cache-payroll.internal:6379/0", "dotenv"),
        mk("engine = create_engine(\"mssql+pyodbc://svc_lohn:%s@sqlprd01/Lohn?driver=ODBC+Driver+18+for+SQL+Server\")", "python"),
        mk("ftps://lohnimport:%s@ftp.lohnbuero-keller.de/upload", None),
        mk("mysql://benefits:%s@10.20.3.14:3306/benefits", None),
        mk("$ git remote set-url origin https://deploy-payroll:%s@git.nordhafen.internal/hr/payroll-connector.git", "console"),
        mk("wd_endpoint: https://ISU_Payroll_Connector%%40nordhafen:%s@wd3-impl-services1.workday.com/ccx/service/nordhafen/Human_Resources/v43.0", "yaml"),
    ]


POS["url_credentials"] = _url_templates()


# ---- email / phone / card / iban / ssn / ip singles
@pos("email_address")
def p_email_onboarding():
    n = person()
    e = make_email(n, "private")
    return pick(["Neue Mitarbeiterin ab 1.%d., %s \u2014 Lohnabrechnung bitte an %s bis der Account steht." % (R.randint(1, 12), n, e),
                 "New joiner %s starts Monday, send the welcome pack to %s until the AD account exists." % (n, e),
                 "Nouvelle recrue %s, bulletin \u00e0 envoyer \u00e0 %s en attendant le compte." % (n, e)]), [S("email_address", e)]


@pos("email_address")
def p_email_csv():
    e = make_email()
    return codeblock("employee_id,private_email,start_date,company\n%s,%s,%s,%s" % (wd_emp(), e, rdate().isoformat(), pick(CC_CODES)), "csv"), [S("email_address", e)]


@pos("email_address")
def p_email_wd_error():
    e = make_email(kind="work")
    return codeblock("Validation error in Put_Worker: Email address %s is already in use by another worker (Worker ID %s)" % (e, wd_emp())), [S("email_address", e)]


@pos("email_address")
def p_email_provider():
    e = make_email(kind="provider")
    return pick(["Ansprechpartnerin beim Versorgungswerk f\u00fcr die Meldedatei: %s" % e, "account manager at the bike-leasing provider: %s" % e,
                 "contact chez le prestataire titres-resto : %s" % e]), [S("email_address", e)]


@pos("email_address")
def p_email_log():
    e = make_email(kind=pick(["work", "private"]))
    return codeblock("%s WARN  payslip-mailer bounce for %s: 550 5.1.1 mailbox unavailable (period %s)" % (iso(rdt()), e, rdate().strftime("%Y-%m"))), [S("email_address", e)]


@pos("phone_number")
def p_phone_callback():
    cc, ph = make_phone(pick(["DE", "AT", "CH"]))
    return pick(["Kunde zu Schaden %s bittet um R\u00fcckruf unter %s, ab 14 Uhr." % (claim_id(), ph),
                 "Versicherungsnehmer erreichbar unter %s (Schaden %s)." % (ph, claim_id())]), [S("phone_number", ph)]


@pos("phone_number")
def p_phone_fr():
    cc, ph = make_phone("FR")
    return "L'assur\u00e9 du sinistre %s demande \u00e0 \u00eatre rappel\u00e9 au %s." % (claim_id(), ph), [S("phone_number", ph)]


@pos("phone_number")
def p_phone_nl():
    cc, ph = make_phone("NL")
    return "Medewerker vraagt of we hem kunnen bellen over zijn loonstrook: %s" % ph, [S("phone_number", ph)]


@pos("phone_number")
def p_phone_es_it():
    cc = pick(["ES", "IT"])
    _, ph = make_phone(cc)
    return ("El asegurado del siniestro %s pide que le llamen al %s." % (claim_id(), ph) if cc == "ES"
            else "L'assicurato del sinistro %s chiede di essere richiamato al %s." % (claim_id(), ph)), [S("phone_number", ph)]


@pos("phone_number")
def p_phone_csv():
    cc, ph = make_phone(pick(["UK", "IE", "BE", "PL", "SE"]))
    return codeblock("claim_id;contact_phone;preferred_time\n%s;%s;%s" % (claim_id(), ph, pick(["morning", "afternoon", "evening"])), "csv"), [S("phone_number", ph)]


@pos("phone_number")
def p_phone_us():
    cc, ph = make_phone("US")
    return "US assignee for the shadow payroll can be reached at %s (Eastern time)." % ph, [S("phone_number", ph)]


@pos("credit_card")
def p_cc_provider_invoice():
    b, n = make_card(pick(["visa", "mc", "mc2"]))
    c = fmt_card(n, pick(["space", "plain", "dash"]))
    return pick(["Firmenkarte f\u00fcr die Rechnung vom Benefit-Anbieter: %s, g\u00fcltig bis %02d/%02d" % (c, R.randint(1, 12), R.randint(26, 30)),
                 "corporate card for the provider invoice: %s exp %02d/%02d" % (c, R.randint(1, 12), R.randint(26, 30))]), [S("credit_card", c)]


@pos("credit_card")
def p_cc_claim_refund():
    b, n = make_card()
    c = fmt_card(n, pick(["space", "plain"]))
    return "Erstattung zu Schaden %s bitte auf die Karte %s statt \u00dcberweisung (Wunsch der Kundin)." % (claim_id(), c), [S("credit_card", c)]


@pos("credit_card")
def p_cc_pci_log():
    b, n = make_card()
    return codeblock("%s INFO payment-gw charge request pan=%s exp=%02d%02d amount=%s currency=EUR ref=%s" % (
        iso(rdt()), n, R.randint(1, 12), R.randint(26, 30), money(10, 900, "", "."), claim_id())), [S("credit_card", n)]


@pos("credit_card")
def p_cc_es():
    b, n = make_card()
    c = fmt_card(n, "space")
    return "La tarjeta corporativa para la cuota de la mutua es %s, caduca %02d/%02d." % (c, R.randint(1, 12), R.randint(26, 30)), [S("credit_card", c)]


@pos("credit_card")
def p_cc_json():
    b, n = make_card()
    return codeblock(json.dumps({"claimId": claim_id(), "payout": {"method": "card", "cardNumber": n, "holder": person()}}, indent=2), "json"), [S("credit_card", n)]


@pos("credit_card")
def p_cc_amex():
    b, n = make_card("amex")
    c = fmt_card(n, pick(["space", "plain", "dash"]))
    return pick(["Amex Corporate f\u00fcr die Reisekosten der Schadenregulierer: %s" % c, "Amex for the adjusters' travel: %s" % c,
                 "Carta Amex aziendale: %s" % c]), [S("credit_card", c)]


@pos("iban")
def p_iban_bank_change():
    cc = pick(["DE", "AT", "NL", "BE", "FR", "ES", "IT", "PL"])
    ib = make_iban(cc)
    v = group(ib) if chance(0.5) else ib
    return pick(["Neue Bankverbindung ab n\u00e4chstem Lauf f\u00fcr PERNR %s: %s" % (pernr(), v),
                 "Employee %s asks to change the salary account to %s from next month." % (wd_emp(), v),
                 "Nouveau RIB pour le salari\u00e9 %s : %s" % (wd_emp(), v),
                 "Nieuw rekeningnummer voor medewerker %s: %s" % (wd_emp(), v)]), [S("iban", v)]


@pos("iban")
def p_iban_payout():
    ib = make_iban(pick(["DE", "FR", "IT", "ES", "PT", "IE", "LU"]))
    v = group(ib) if chance(0.5) else ib
    return "Auszahlung Schaden %s an %s, IBAN %s, Betrag %s EUR" % (claim_id(), person(), v, money(200, 40000, ".", ",")), [S("iban", v)]


@pos("iban")
def p_iban_pain():
    ib = make_iban(pick(["DE", "AT", "NL", "BE", "FR"]))
    return codeblock("<CdtTrfTxInf>\n  <PmtId><EndToEndId>NH%s</EndToEndId></PmtId>\n  <Amt><InstdAmt Ccy=\"EUR\">%s</InstdAmt></Amt>\n"
                     "  <Cdtr><Nm>%s</Nm></Cdtr>\n  <CdtrAcct><Id><IBAN>%s</IBAN></Id></CdtrAcct>\n</CdtTrfTxInf>" % (
                         digits(12), money(900, 7000, "", "."), person(), ib), "xml"), [S("iban", ib)]


@pos("iban")
def p_iban_camt():
    ib = make_iban(pick(["DE", "CH", "GB", "PL"]))
    return "R\u00fcckl\u00e4ufer im camt.053:\n" + codeblock("<RltdPties>\n  <Cdtr><Pty><Nm>%s</Nm></Pty></Cdtr>\n  <CdtrAcct><Id><IBAN>%s</IBAN></Id></CdtrAcct>\n</RltdPties>\n"
                                                         "<RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf>" % (person(), ib), "xml"), [S("iban", ib)]


@pos("iban")
def p_iban_csv():
    ib = make_iban(pick(["NL", "BE", "DE", "IT"]))
    return codeblock("pernr;iban;bic;valid_from\n%s;%s;%s;%s" % (pernr(), ib, pick(BICS), rdate().isoformat()), "csv"), [S("iban", ib)]


@pos("iban")
def p_iban_pl():
    ib = make_iban("PL")
    v = pick([ib, group(ib), ib[2:]])
    return "Nowy numer konta pracownika %s: %s, prosz\u0119 zmieni\u0107 przed wyp\u0142at\u0105." % (wd_emp(), v), [S("iban", v)]


@pos("us_ssn")
def p_ssn_adp():
    s = make_ssn()
    return codeblock("ee_id,ssn,state,filing_status,allowances\n%s,%s,%s,%s,%d" % (wd_emp(), s, pick(["NY", "CA", "TX", "IL", "MA"]), pick(["S", "MFJ", "HOH"]), R.randint(0, 3)), "csv"), [S("us_ssn", s)]


@pos("us_ssn")
def p_ssn_w4():
    s = make_ssn()
    return "W-4 for the US assignee: SSN %s, filing status %s, extra withholding $%d." % (s, pick(["single", "married filing jointly"]), R.randint(0, 300)), [S("us_ssn", s)]


@pos("us_ssn")
def p_ssn_1042s():
    s = make_ssn()
    v = pick([s, s.replace("-", " "), s.replace("-", "")])
    return "1042-S correction: recipient U.S. TIN should be %s, not the ITIN we filed." % v, [S("us_ssn", v)]


@pos("us_ssn")
def p_ssn_wd_error():
    s = make_ssn()
    return codeblock("Put_Worker failed: National ID %s (USA-SSN) is already assigned to worker %s" % (s, wd_emp())), [S("us_ssn", s)]


@pos("us_ssn")
def p_ssn_de():
    s = make_ssn()
    return pick(["F\u00fcr die Schattenabrechnung USA brauchen wir die SSN: %s" % s,
                 "SSN du salari\u00e9 d\u00e9tach\u00e9 aux \u00c9tats-Unis : %s" % s]), [S("us_ssn", s)]


@pos("us_ssn")
def p_ssn_plain():
    s = make_ssn().replace("-", "")
    return "ssn=%s in the ADP error report for employee %s" % (s, wd_emp()), [S("us_ssn", s)]


@pos("ipv4_address")
def p_ip_whitelist():
    ip = make_public_ip()
    return pick(["Bitte beim Versorgungswerk unsere neue Egress-IP %s freischalten lassen." % ip,
                 "Can you ask the provider to whitelist our new egress IP %s?" % ip,
                 "Merci de faire ajouter %s dans la liste blanche du prestataire." % ip]), [S("ipv4_address", ip)]


@pos("ipv4_address")
def p_ip_sshd():
    ip = make_public_ip()
    return codeblock("%s sftp-gw sshd[%d]: Failed password for invalid user admin from %s port %d ssh2" % (
        rdt().strftime("%b %d %H:%M:%S"), R.randint(1000, 60000), ip, R.randint(30000, 65000))), [S("ipv4_address", ip)]


@pos("ipv4_address")
def p_ip_nginx():
    ip = make_public_ip()
    return codeblock('%s - - [%s +0100] "GET /api/payslips/%d-%02d/pdf HTTP/2.0" 403 153 "-" "python-requests/2.31.0"' % (
        ip, rdt().strftime("%d/%b/%Y:%H:%M:%S"), R.randint(2024, 2026), R.randint(1, 12))), [S("ipv4_address", ip)]


@pos("ipv4_address")
def p_ip_endpoint():
    ip = make_public_ip()
    return pick(["Das SFTP des Anbieters l\u00e4uft ab Montag auf %s, Port 2222." % ip, "EBICS endpoint of the bank moves to %s on the 1st." % ip,
                 "Het pensioenfonds verhuist de SFTP naar %s." % ip]), [S("ipv4_address", ip)]


@pos("ipv4_address")
def p_ip_firewall():
    ip = make_public_ip()
    return codeblock("iptables -A OUTPUT -p tcp -d %s --dport 443 -m comment --comment \"workday outbound\" -j ACCEPT" % ip, "bash"), [S("ipv4_address", ip)]


# ---- two-secret messages
PAIRS = []


def pair(name):
    def deco(f):
        PAIRS.append((name, sum(1 for p in PAIRS if p[0] == name), f))
        return f
    return deco


@pair("aws_pair")
def m_aws_creds():
    k, s = tok_aws_id(), tok_aws_secret()
    return "~/.aws/credentials on the old batch VM:\n" + codeblock("[payroll-export]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1" % (k, s), "ini"), \
        [S("aws_access_key_id", k), S("aws_secret_access_key", s)]


@pair("aws_pair")
def m_aws_env():
    k, s = tok_aws_id(), tok_aws_secret()
    return codeblock("export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync s3://nh-claims-archive/%d/ ./archive/" % (k, s, R.randint(2023, 2025)), "bash"), \
        [S("aws_access_key_id", k), S("aws_secret_access_key", s)]


@pair("aws_pair")
def m_aws_boto():
    k, s = tok_aws_id(), tok_aws_secret()
    return "der alte Export-Job hat die Keys hart codiert \U0001F926\n" + codeblock(
        "session = boto3.Session(\n    aws_access_key_id=\"%s\",\n    aws_secret_access_key=\"%s\",\n)" % (k, s), "python"), \
        [S("aws_access_key_id", k), S("aws_secret_access_key", s)]


@pair("aws_pair")
def m_aws_tf():
    k, s = tok_aws_id(), tok_aws_secret()
    return codeblock('provider "aws" {\n  region     = "eu-central-1"\n  access_key = "%s"\n  secret_key = "%s"\n}' % (k, s), "hcl"), \
        [S("aws_access_key_id", k), S("aws_secret_access_key", s)]


@pair("aws_pair")
def m_aws_docker():
    k, s = tok_aws_id(), tok_aws_secret()
    return codeblock("docker run --rm -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s nh/payslip-archiver:1.%d" % (k, s, R.randint(0, 20)), "console"), \
        [S("aws_access_key_id", k), S("aws_secret_access_key", s)]


@pair("email_phone")
def m_contact_sig():
    n = person()
    e = make_email(n, "provider")
    _, ph = make_phone(pick(["DE", "NL", "FR", "AT"]))
    return "Kontakt beim Anbieter f\u00fcr die Umstellung:\n%s\nKey Account Management\n%s\n%s" % (n, ph, e), [S("phone_number", ph), S("email_address", e)]


@pair("email_phone")
def m_claim_contact_json():
    n = person()
    e = make_email(n, "private")
    _, ph = make_phone(pick(["DE", "ES", "IT", "BE", "CH"]))
    return codeblock(json.dumps({"claimId": claim_id(), "policyNo": policy_no(), "claimant": {"name": n, "email": e, "phone": ph}}, indent=2, ensure_ascii=False), "json"), \
        [S("email_address", e), S("phone_number", ph)]


@pair("iban_email")
def m_bank_change_mail():
    n = person()
    e = make_email(n, "private")
    ib = make_iban(pick(["DE", "AT", "FR", "NL"]))
    v = group(ib) if chance(0.5) else ib
    return "Mail von %s (%s): bitte ab n\u00e4chstem Monat auf %s \u00fcberweisen. \u2192 Nur \u00fcber Self-Service, R\u00fcckfrage l\u00e4uft." % (n, e, v), \
        [S("email_address", e), S("iban", v)]


@pair("iban_email")
def m_iban_email_csv():
    e = make_email(kind="private")
    ib = make_iban(pick(["BE", "ES", "IT", "PT"]))
    return codeblock("claim_id,payee_email,payee_iban,amount\n%s,%s,%s,%s" % (claim_id(), e, ib, money(100, 20000, "", ".")), "csv"), \
        [S("email_address", e), S("iban", ib)]


@pair("iban_phone")
def m_iban_phone():
    ib = make_iban(pick(["DE", "CH", "FR"]))
    _, ph = make_phone(pick(["DE", "CH", "FR"]))
    return "Schaden %s: Kunde hat angerufen (%s), Auszahlung bitte auf %s." % (claim_id(), ph, ib), [S("phone_number", ph), S("iban", ib)]


@pair("card_email")
def m_card_email():
    n = person()
    e = make_email(n, "work")
    _, num = make_card(pick(["visa", "mc"]))
    c = fmt_card(num, "space")
    return "Corporate card request approved for %s (%s), card %s will be sent to the office." % (n, e, c), [S("email_address", e), S("credit_card", c)]


@pair("ssn_email")
def m_ssn_email():
    n = person()
    e = make_email(n, "private")
    s = make_ssn()
    return "US hire onboarding: %s, personal email %s, SSN %s \u2014 please move this to the secure form." % (n, e, s), [S("email_address", e), S("us_ssn", s)]


@pair("ssn_phone")
def m_ssn_phone():
    s = make_ssn()
    _, ph = make_phone("US")
    return codeblock("ee_id,ssn,home_phone\n%s,%s,%s" % (wd_emp(), s, ph), "csv"), [S("us_ssn", s), S("phone_number", ph)]


@pair("password_url")
def m_pw_url():
    p1 = make_password(urlsafe=True).replace("#", "%23")
    p2 = make_password()
    return codeblock("DATABASE_URL=postgresql://benefits_app:%s@benefits-db.internal:5432/benefits\nSMTP_USER=payslips\nSMTP_PASSWORD=%s" % (p1, p2), "dotenv"), \
        [S("url_credentials", p1), S("password", p2)]


@pair("slack_pair")
def m_slack_pair():
    b, u = tok_slack_bot(), tok_slack_user()
    return codeblock("SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s\nSLACK_ALERT_CHANNEL=#payroll-alerts" % (b, u), "dotenv"), \
        [S("slack_bot_token", b), S("slack_user_token", u)]


@pair("github_pair")
def m_gh_pair():
    c, f = tok_ghp(), tok_gh_fine()
    return "Renovate uses %s, the release workflow the fine-grained one %s \u2014 both expire next week." % (c, f), \
        [S("github_classic_pat", c), S("github_fine_grained_pat", f)]


@pair("llm_pair")
def m_llm_pair():
    o, a = tok_openai(), tok_anthropic()
    return "claims-triage benchmark config:\n" + codeblock("OPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nDATASET=claims_sample_%d" % (o, a, R.randint(100, 999)), "dotenv"), \
        [S("openai_api_key", o), S("anthropic_api_key", a)]


@pair("jwt_ip")
def m_jwt_ip():
    t = _jwt()
    ip = make_public_ip()
    return codeblock('{"ts":"%s","client_ip":"%s","path":"/v1/enrolments","status":401,"auth":"Bearer %s"}' % (iso(rdt()), ip, t), "json"), \
        [S("ipv4_address", ip), S("jwt", t)]


@pair("pem_ip")
def m_pem_ip():
    ip = make_public_ip()
    label, body, width = pem_key("openssh")
    txt, val = pem_layout(label, body, width, 0)
    return "SFTP des Versorgungswerks: %s:2222, User svc_pension, Key:\n%s" % (ip, txt), [S("ipv4_address", ip), S("private_key_pem", val)]


@pair("password_ip")
def m_pw_ip():
    ip = make_public_ip()
    p = make_password()
    return "Provider UAT SFTP: host %s port 22, user nh_test, password %s" % (ip, p), [S("ipv4_address", ip), S("password", p)]


KINDS = ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token",
         "slack_user_token", "openai_api_key", "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials",
         "email_address", "phone_number", "credit_card", "iban", "us_ssn", "ipv4_address"]
SINGLES = {"aws_access_key_id": 4, "aws_secret_access_key": 4, "github_classic_pat": 8, "github_fine_grained_pat": 8,
           "slack_bot_token": 8, "slack_user_token": 8, "openai_api_key": 8, "anthropic_api_key": 8, "jwt": 9,
           "private_key_pem": 8, "password": 8, "url_credentials": 9, "email_address": 4, "phone_number": 6,
           "credit_card": 9, "iban": 7, "us_ssn": 8, "ipv4_address": 6}
PEM_PLAN = [("rsa_pkcs1", 0), ("rsa_pkcs1", 5), ("rsa_pkcs8", 1), ("ec_sec1", 4), ("ec_sec1", 0), ("ec_pkcs8", 3),
            ("ed25519_pkcs8", 2), ("openssh", 3)]
POS_LEADINS = ["fyi", "Zur Info:", "hier:", "ok so", "pour info :"]


# ================================================================ checks
def check_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert len(d) in (15, 16) and luhn_ok(d), v
    elif kind == "iban":
        c = v.replace(" ", "")
        if not c[:2].isalpha():
            c = "PL" + c
        assert iban_ok(c) and len(c) == IBAN_LEN[c[:2]] and c not in REGISTRY_IBANS, v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        assert is_public_ipv4(*[int(x) for x in v.split(".")]), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"(\\n|\s)", "", v), validate=True)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v) and crc32_b62(v[4:34]) == v[34:], v
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v), v
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v), v
    elif kind == "openai_api_key":
        assert v.startswith("sk-") and "T3BlbkFJ" in v, v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
    elif kind == "email_address":
        assert RE_EMAIL.fullmatch(v), v


# ================================================================ drivers
def decorate_neg(text):
    if R.random() < 0.13:
        li = pick(LEADINS)
        text = li + ("\n" if text.startswith("```") or "\n" in text[:1] else " ") + text
    if R.random() < 0.06:
        text = text + "\n" + pick(TRAILERS)
    return text


USED = {}


def gen_negatives():
    out, seen = [], set()
    fails = {}
    for cat in CATS:
        tmpls = NEG[cat]
        order, count = [], 0
        while count < 100:
            if not order:
                order = tmpls[:]
                R.shuffle(order)
            f = order.pop()
            for _ in range(40):
                base = f()
                t = decorate_neg(base)
                hits = scan(t)
                if hits:
                    fails.setdefault(f.__name__, []).append(hits[0])
                    continue
                if base in seen or t in seen:
                    fails.setdefault(f.__name__, []).append(("dup", ""))
                    continue
                seen.add(base)
                seen.add(t)
                USED[f.__name__] = USED.get(f.__name__, 0) + 1
                out.append({"text": t, "category": cat})
                count += 1
                break
    R.shuffle(out)
    recs = []
    for i, o in enumerate(out, 1):
        recs.append({"id": "%sn-%04d" % (TAG, i), "text": o["text"], "category": o["category"]})
    return recs, fails


def gen_positives():
    items = []
    for kind in KINDS:
        n = SINGLES[kind]
        if kind == "private_key_pem":
            assert len(PEM_PLAN) == n
            for t, l in PEM_PLAN:
                txt, val = make_pem_positive(t, l)
                items.append((txt, [S(kind, val)], "private_key_pem:%s:layout%d" % (t, l)))
            continue
        tm = POS[kind]
        order = list(range(len(tm)))
        R.shuffle(order)
        for i in range(n):
            idx = order[i % len(order)]
            txt, sec = tm[idx]()
            items.append((txt, sec, "%s:t%d" % (kind, idx)))
    for name, idx, fn in PAIRS:
        txt, sec = fn()
        items.append((txt, sec, "multi:%s:%d" % (name, idx)))
    R.shuffle(items)
    recs = []
    for i, (txt, sec, ctx) in enumerate(items, 1):
        if R.random() < 0.05:
            txt = pick(POS_LEADINS) + ("\n" if txt.startswith("```") else " ") + txt
        recs.append({"id": "%sp-%04d" % (TAG, i), "text": txt, "secrets": sec, "context": ctx})
    return recs


def verify_positives(recs):
    texts = set()
    counts = {}
    leftovers = []
    for r in recs:
        assert r["text"] not in texts, r["id"]
        texts.add(r["text"])
        masked = r["text"]
        for s in r["secrets"]:
            assert s["value"] in r["text"], (r["id"], s)
            check_value(s["kind"], s["value"])
            counts[s["kind"]] = counts.get(s["kind"], 0) + 1
        for s in sorted(r["secrets"], key=lambda x: -len(x["value"])):
            masked = masked.replace(s["value"], "\u25a0")
        for h in scan(masked):
            leftovers.append((r["id"], h))
    return counts, leftovers


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    neg_recs, fails = gen_negatives()
    pos_recs = gen_positives()
    # final assertions on negatives
    cats = {}
    for r in neg_recs:
        assert not scan(r["text"]), r["id"]
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    assert len(neg_recs) == 600 and all(v == 100 for v in cats.values()) and len(set(r["text"] for r in neg_recs)) == 600
    counts, leftovers = verify_positives(pos_recs)
    assert len(pos_recs) == 150 and sum(counts.values()) == 170
    assert sum(1 for r in pos_recs if len(r["secrets"]) == 2) == 20
    write_jsonl(os.path.join(HERE, "redaction38_negatives.jsonl"), neg_recs)
    write_jsonl(os.path.join(HERE, "redaction38_positives.jsonl"), pos_recs)
    if "-v" in sys.argv:
        print("negatives per category:", json.dumps(cats, sort_keys=True))
        print("secrets per kind:", json.dumps(counts, sort_keys=True))
        print("redraws per template:", json.dumps({k: len(v) for k, v in sorted(fails.items())}))
        for k, v in sorted(fails.items()):
            kinds = {}
            for h in v:
                kinds[h[0]] = kinds.get(h[0], 0) + 1
            print("  %s: %s e.g. %r" % (k, kinds, [h for h in v if h[0] != "dup"][:2]))
        print("scanner hits left in positives outside labelled values:", leftovers)
        for cat in CATS:
            print("templates used in %s (%d):" % (cat, len(NEG[cat])), {f.__name__: USED.get(f.__name__, 0) for f in NEG[cat]})


if __name__ == "__main__":
    main()
