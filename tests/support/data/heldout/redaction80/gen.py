#!/usr/bin/env python3
"""Blind redaction test set #80.

Theme: Slack workspace of a crew-scheduling / MRO software vendor ("Norvia Systems", fictional)
serving carriers in Norway, Sweden, Finland and Iceland.

Standard library only.  The only randomness is random.Random(80*101).
Writes redaction80_negatives.jsonl and redaction80_positives.jsonl next to this file.
"""
import base64
import datetime
import hashlib
import json
import os
import random
import re
import struct
import sys
import zlib

N = 80
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DI = "0123456789"
ALNUM = UP + LO + DI
HEXL = "0123456789abcdef"
B64 = UP + LO + DI + "+/"
B64U = UP + LO + DI + "-_"
B32 = UP + "234567"


def pick(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rhex(n):
    return rs(HEXL, n)


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


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


def luhn_complete(prefix_digits):
    for c in DI:
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c
    raise AssertionError


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", s):
        return False
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97 == 1


def iban_make(cc, bban):
    r = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in r)
    chk = 98 - int(num) % 97
    return "%s%02d%s" % (cc, chk, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


# ---------------------------------------------------------------------------
# Theme vocabulary (all organisations fictional)
# ---------------------------------------------------------------------------
TAILS = ["LN-FJA", "LN-FJC", "LN-FJK", "LN-NVR", "LN-NVT", "SE-RNA", "SE-RNE", "SE-MKS", "SE-DKV",
         "OH-KMA", "OH-KMF", "OH-ATV", "TF-JKA", "TF-JKD", "TF-SKR", "LN-WSK", "SE-LHT", "OH-LVR"]
ICAO = ["ENGM", "ENBR", "ENVA", "ENTC", "ENZV", "ENBO", "ENSB", "ENEV", "ESSA", "ESGG", "ESSB",
        "ESPA", "EFHK", "EFRO", "EFOU", "EFIV", "BIKF", "BIRK", "BIAR", "BIEG"]
IATA = ["OSL", "BGO", "TRD", "TOS", "SVG", "BOO", "LYR", "EVE", "ARN", "GOT", "BMA", "LLA",
        "HEL", "RVN", "OUL", "IVL", "KEF", "RKV", "AEY", "EGS"]
CARRIERS = ["Fjellfly", "Nordlys Air", "Norrsken Regional", "Kaamos Air", "Jökull Air", "Skerry Wings"]
CARRIER_CODE = ["FJL", "NLY", "NRS", "KMS", "JKL", "SKW"]
TYPES = ["ATR 72-600", "DHC-8-400", "E190", "A320neo", "B737-800", "DHC-6-400", "SAAB 340B"]
MODULES = ["crewboard", "hangarlog", "dutyguard", "pairing-opt", "crew-portal", "notam-feed",
           "wo-sync", "ftl-report"]
KPKG = ["no.norvia.crewboard.roster", "no.norvia.crewboard.legality", "no.norvia.hangarlog.workorder",
        "no.norvia.hangarlog.parts", "no.norvia.dutyguard.ftl", "no.norvia.dutyguard.rest",
        "no.norvia.pairing.solver", "no.norvia.notamfeed.parser", "no.norvia.integration.amos",
        "no.norvia.platform.auth"]
SCHEMAS = ["CREW_OWN", "MRO_OWN", "FTL_APP", "PAIRING", "INTEG_STG"]
ATA = ["21", "24", "25", "27", "28", "29", "30", "32", "34", "36", "49", "52", "71", "72", "79"]
CHANNELS = ["#crew-ops", "#mro-dev", "#oncall-dutyguard", "#hangarlog-support", "#roster-publish",
            "#kunde-fjellfly", "#kund-norrsken", "#asiakas-kaamos", "#jokull-samvinna"]
MONTHS_NO = ["januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september",
             "oktober", "november", "desember"]


def tail():
    return pick(TAILS)


def wo():
    return "WO-%d-%05d" % (pick([2024, 2025, 2026]), ri(100, 99999))


def pn():
    return pick(["D23189000-%d" % ri(1, 9), "C%05d-%03d" % (ri(10000, 99999), ri(1, 400)),
                 "%d-%d" % (ri(1000000, 9999999), ri(1, 99)), "S%d-%d" % (ri(100000, 999999), ri(1, 20)),
                 "MS%05d-%02d" % (ri(20000, 29999), ri(1, 40)), "%dA%04d-%02d" % (ri(1, 9), ri(1000, 9999), ri(1, 12))])


def sn():
    return pick(["SN%06d" % ri(0, 999999), "RB%05d" % ri(0, 99999), "%s%05d" % (rs(UP, 2), ri(0, 99999)),
                 "EG%07d" % ri(0, 9999999)])


def flight():
    return "%s%d" % (pick(CARRIER_CODE), ri(100, 9899))


def ts_iso(year=None):
    y = year or pick([2024, 2025, 2026])
    d = datetime.datetime(y, ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999) * 1000)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (d.microsecond // 1000)


def date_iso():
    return "%d-%02d-%02d" % (pick([2025, 2026]), ri(1, 12), ri(1, 28))


def date_eu():
    return "%02d.%02d.%d" % (ri(1, 28), ri(1, 12), pick([2025, 2026]))


def hhmm():
    return "%02d%02d" % (ri(0, 23), pick([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]))


def hm():
    return "%02d:%02d" % (ri(0, 23), ri(0, 59))


def uuid4():
    h = rhex(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7():
    ms = ri(1735689600000, 1798761600000)
    h = "%012x" % ms + "7" + rhex(3) + pick("89ab") + rhex(15)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    return "01J" + rs(CROCK, 23)


def priv_ip():
    return pick(["10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(1, 254)),
                 "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(1, 254)),
                 "192.168.%d.%d" % (ri(0, 255), ri(1, 254)),
                 "192.0.2.%d" % ri(1, 254), "198.51.100.%d" % ri(1, 254), "203.0.113.%d" % ri(1, 254),
                 "100.%d.%d.%d" % (ri(64, 127), ri(0, 255), ri(1, 254))])


def money():
    cur = pick(["NOK", "SEK", "EUR", "ISK"])
    if cur == "ISK":
        v = ri(10000, 9000000)
        return cur, "{:,}".format(v).replace(",", ".") + " kr."
    v = ri(100, 2000000)
    ore = ri(0, 99)
    if cur == "EUR":
        return cur, "{:,}".format(v).replace(",", " ") + ",%02d" % ore
    return cur, "{:,}".format(v).replace(",", " ") + ",%02d" % ore


LEADS = ["fyi", "FYI:", "Til info:", "Obs!", "För kännedom:", "Tiedoksi:", "Til upplýsingar:", "heads-up:",
         "Kan noen se på dette?", "Kan någon kolla?", "Voiko joku katsoa?", "Getur einhver kíkt á þetta?",
         "Fra nattevakten:", "Från morgonskiftet:", "re: tråden i går", "quick q —"]
TRAILS = ["takk!", "tack!", "kiitos!", "takk fyrir!", "thanks", "👍", "(ingen hast)", "— se tråden over",
          "mer i morgen", "lisää huomenna", "ser på det etter standup"]


def decorate(text, p_lead=0.13, p_trail=0.06):
    if R.random() < p_lead:
        lead = pick(LEADS)
        text = (lead + "\n" + text) if ("\n" in text or text.startswith("```")) else (lead + " " + text)
    if R.random() < p_trail:
        text = text + "\n" + pick(TRAILS)
    return text


def fence(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


# ---------------------------------------------------------------------------
# Scanner: finds real-looking secrets / personal data.  Used to redraw negatives
# and to check that positives hold nothing that is not labelled.
# ---------------------------------------------------------------------------
PLACEHOLDER_PW = {"password", "passord", "pass", "guest", "tiger", "oracle", "changeme", "change_me",
                  "secret", "admin", "root", "postgres", "dev", "test", "local", "user", "manager",
                  "welcome1", "lösenord", "salasana", "hunter2", "xxx", "xxxx", "xxxxxx", "sys"}


def _is_placeholder(v):
    v = v.strip("\"'`")
    if not v:
        return True
    if v.lower() in PLACEHOLDER_PW:
        return True
    if v[0] in "$<{%[*(•…#" or v.startswith("op://") or v.startswith("vault:") or v.startswith("ENC["):
        return True
    if re.fullmatch(r"[xX*•._-]+", v) or "..." in v or "…" in v or "EXAMPLE" in v:
        return True
    if v.upper() in ("REDACTED", "MASKED", "FILTERED", "HIDDEN", "NONE", "NULL"):
        return True
    return False


def _looks_secret(v):
    v = v.strip("\"'`")
    if _is_placeholder(v) or len(v) < 6:
        return False
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(\(.*\)?)?", v):
        # identifier / method call (passwordField, cfg.dbPassword, hasher.hash(raw))
        return False
    classes = sum(bool(re.search(p, v)) for p in (r"[a-z]", r"[A-Z]", r"\d", r"[^A-Za-z0-9]"))
    return classes >= 2


RESERVED_NETS = [("0.0.0.0", 8), ("10.0.0.0", 8), ("100.64.0.0", 10), ("127.0.0.0", 8), ("169.254.0.0", 16),
                 ("172.16.0.0", 12), ("192.0.0.0", 24), ("192.0.2.0", 24), ("192.88.99.0", 24),
                 ("192.168.0.0", 16), ("198.18.0.0", 15), ("198.51.100.0", 24), ("203.0.113.0", 24),
                 ("224.0.0.0", 4), ("240.0.0.0", 4)]


def _ip_int(s):
    a = [int(x) for x in s.split(".")]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]


def ip_public(s):
    parts = s.split(".")
    if len(parts) != 4 or any(not p.isdigit() or int(p) > 255 for p in parts):
        return False
    if any(len(p) > 1 and p[0] == "0" for p in parts):
        return False
    v = _ip_int(s)
    for net, bits in RESERVED_NETS:
        m = (0xFFFFFFFF << (32 - bits)) & 0xFFFFFFFF
        if v & m == _ip_int(net):
            return False
    return True


def _valid_date(dd, mm, yy_full):
    try:
        datetime.date(yy_full, mm, dd)
        return True
    except ValueError:
        return False


def fnr_ok(d11):
    """Norwegian fødselsnummer (incl. D-numbers)."""
    if len(d11) != 11:
        return False
    d = [int(c) for c in d11]
    k1 = 11 - sum(a * b for a, b in zip(d[:9], [3, 7, 6, 1, 8, 9, 4, 5, 2])) % 11
    k1 = 0 if k1 == 11 else k1
    k2 = 11 - sum(a * b for a, b in zip(d[:10], [5, 4, 3, 2, 7, 6, 5, 4, 3, 2])) % 11
    k2 = 0 if k2 == 11 else k2
    if k1 == 10 or k2 == 10 or k1 != d[9] or k2 != d[10]:
        return False
    dd = int(d11[:2]) % 40
    mm = int(d11[2:4]) % 40
    return _valid_date(dd, mm, 2000 + int(d11[4:6])) or _valid_date(dd, mm, 1900 + int(d11[4:6]))


def pnr_se_ok(d10):
    dd = int(d10[4:6])
    if dd > 60:
        dd -= 60
    mm = int(d10[2:4])
    ok_date = _valid_date(dd, mm, 2000 + int(d10[:2])) or _valid_date(dd, mm, 1900 + int(d10[:2]))
    return ok_date and luhn_ok(d10)


HETU_CHK = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def hetu_ok(s):
    m = re.fullmatch(r"(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])", s)
    if not m:
        return False
    dd, mm, yy = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if not (_valid_date(dd, mm, 2000 + yy) or _valid_date(dd, mm, 1900 + yy)):
        return False
    n = int(m.group(1) + m.group(2) + m.group(3) + m.group(5))
    return HETU_CHK[n % 31] == m.group(6)


def kt_ok(d10):
    dd, mm, yy = int(d10[:2]), int(d10[2:4]), int(d10[4:6])
    if dd > 31:  # companies have day+40: not personal data
        return False
    if not (_valid_date(dd, mm, 2000 + yy) or _valid_date(dd, mm, 1900 + yy)):
        return False
    w = [3, 2, 7, 6, 5, 4, 3, 2]
    s = sum(int(a) * b for a, b in zip(d10[:8], w))
    c = 11 - s % 11
    c = 0 if c == 11 else c
    return c != 10 and c == int(d10[8]) and d10[9] in "890"


SCAN_RULES = []


def rule(name):
    def deco(fn):
        SCAN_RULES.append((name, fn))
        return fn
    return deco


@rule("email")
def _r_email(t):
    return [m.span() for m in re.finditer(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}", t)]


@rule("github_token")
def _r_gh(t):
    return [m.span() for m in re.finditer(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9]{20,}_[A-Za-z0-9]{30,}", t)]


@rule("slack_token")
def _r_slack(t):
    out = [m.span() for m in re.finditer(r"xox[abposre]-\d+-[A-Za-z0-9-]{8,}", t)]
    for m in re.finditer(r"hooks\.slack\.com/services/(T[A-Z0-9]+)/(B[A-Z0-9]+)/([A-Za-z0-9]+)", t):
        if not re.fullmatch(r"T0+", m.group(1)) and not re.fullmatch(r"X+", m.group(3)):
            out.append(m.span())
    return out


@rule("sk_key")
def _r_sk(t):
    return [m.span() for m in re.finditer(r"sk-(?:ant-[a-z]+\d*-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}", t)]


@rule("jwt")
def _r_jwt(t):
    return [m.span() for m in re.finditer(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}", t)]


@rule("aws_key_id")
def _r_akia(t):
    return [m.span() for m in re.finditer(r"(?:AKIA|ASIA|AIDA|AROA)[A-Z2-7]{16}", t) if "EXAMPLE" not in m.group(0)]


@rule("aws_secret")
def _r_awssec(t):
    out = []
    for m in re.finditer(r"(?i)(?:aws_?secret\w*|secret_?access_?key|secretKey|secret-key)[\"']?\s*[:=,(]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])", t):
        if "EXAMPLEKEY" not in m.group(1):
            out.append(m.span(1))
    return out


@rule("ssn_shape")
def _r_ssn(t):
    return [m.span() for m in re.finditer(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])|(?<![\d ,.])\d{3} \d{2} \d{4}(?![\d,.]| \d)", t)]


@rule("luhn_13_19")
def _r_luhn(t):
    out = []
    for m in re.finditer(r"\d+(?:[ -]\d+)*", t):
        s = m.group(0)
        groups = []
        for g in re.finditer(r"\d+", s):
            groups.append((g.start() + m.start(), g.end() + m.start(), g.group(0)))
        for i in range(len(groups)):
            dig = ""
            for j in range(i, len(groups)):
                dig += groups[j][2]
                if len(dig) > 19:
                    break
                if len(dig) >= 13 and luhn_ok(dig) and not re.fullmatch(r"0+", dig):
                    out.append((groups[i][0], groups[j][1]))
    return out


@rule("iban")
def _r_iban(t):
    out = []
    for m in re.finditer(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}", t):
        s = m.group(0)
        compact = ""
        ends = []
        for k, ch in enumerate(s):
            if ch != " ":
                compact += ch
                ends.append(k + 1)
        for L in range(15, len(compact) + 1):
            if iban_ok(compact[:L]):
                out.append((m.start(), m.start() + ends[L - 1]))
    return out


@rule("pem_private")
def _r_pem(t):
    out = []
    for m in re.finditer(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.*?)-----END", t, re.S):
        body = re.sub(r"\\n|[\s\"',+]", "", m.group(2))
        body = re.sub(r"^(Proc-Type:.*?|DEK-Info:.*?)", "", body)
        if len(re.findall(r"[A-Za-z0-9+/=]", body)) >= 40 and "..." not in m.group(2) and "…" not in m.group(2):
            out.append(m.span())
    return out


@rule("public_ipv4")
def _r_ip(t):
    out = []
    for m in re.finditer(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?!\.?\d)", t):
        if ip_public(m.group(1)):
            out.append(m.span(1))
    return out


@rule("phone_nordic")
def _r_phone(t):
    pats = [
        r"\+(?:47|46|358|354|45|44|49|1)[\s-]?\(?\d[\d\s\-()]{5,}\d",
        r"(?<!\d)00(?:47|46|358|354)[\s-]?\d[\d\s-]{5,}\d",
        r"(?<![\d,.:/-])[2-9]\d{2} \d{2} \d{3}(?![\d,.])",               # NO 912 34 567
        r"(?<![\d,.:/-])[2-9]\d \d{2} \d{2} \d{2}(?![\d,.:])",           # NO 91 23 45 67
        r"(?<![\d,.:/-])07\d[- ]?\d{3} ?\d{2} ?\d{2}(?![\d,.])",         # SE mobile
        r"(?<![\d,.:/-])0\d{1,3}-\d{2,3} ?\d{2} ?\d{2,3}(?![\d,.])",     # SE landline 08-123 45 67
        r"(?<![\d,.:/-])0(?:4\d|50)[ -]?\d{3} ?\d{3,4}(?![\d,.])",       # FI mobile
        r"(?<![\d,.:/-])[4-8]\d{2}[ -]\d{4}(?![\d,.-])",                 # IS 691 2345
        r"(?i)\b(?:tlf|tel|telefon|mobil|mob|puh|puhelin|gsm|sími|simi|phone|ring meg på)\.?:?\s*\+?\d[\d \-]{6,}\d",
    ]
    out = []
    for p in pats:
        out += [m.span() for m in re.finditer(p, t)]
    return out


@rule("national_id")
def _r_natid(t):
    out = []
    for m in re.finditer(r"(?<![\d-])(\d{6}) ?(\d{5})(?![\d-])", t):
        if fnr_ok(m.group(1) + m.group(2)):
            out.append(m.span())
    for m in re.finditer(r"(?<![\d-])(?:19|20)?(\d{6})[-+]?(\d{4})(?![\d-])", t):
        d = m.group(1) + m.group(2)
        if pnr_se_ok(d) or kt_ok(d):
            out.append(m.span())
    for m in re.finditer(r"(?<![\dA-Z])\d{6}[-+A-FU-Y]\d{3}[0-9A-Y](?![\dA-Za-z])", t):
        if hetu_ok(m.group(0)):
            out.append(m.span())
    return out


@rule("password_assignment")
def _r_pw(t):
    out = []
    for m in re.finditer(r"(?i)(?<![A-Za-z_])(?:password|passwd|pwd|passord|passordet|lösenord|lösenordet|salasana|lykilorð|lykilord|pass)(?![A-Za-z_])[\"']?[ \t]*(?:[:=]|=>|[ \t]er|[ \t]är|[ \t]on)[ \t]*(\"[^\"\n]*\"|'[^'\n]*'|[^\s,;\"')]+)", t):
        if _looks_secret(m.group(1)):
            out.append(m.span(1))
    return out


@rule("url_credentials")
def _r_url(t):
    out = []
    for m in re.finditer(r"[a-z][a-z0-9+.-]*://([^/\s:@]*):([^@\s/]+)@", t):
        v = m.group(2)
        if not _is_placeholder(v) and v.lower() not in PLACEHOLDER_PW:
            out.append(m.span(2))
    return out


def scan(text):
    hits = []
    for name, fn in SCAN_RULES:
        for sp in fn(text):
            hits.append((name, sp, text[sp[0]:sp[1]]))
    return hits


# ---------------------------------------------------------------------------
# Real binary builders (for data URIs)
# ---------------------------------------------------------------------------
def _chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def make_png(w, h, palette):
    rows = []
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            row += bytes(palette[(x * 7 + y * 3 + (x * y)) % len(palette)])
        rows.append(row)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _chunk(b"IEND", b"")


def rand_palette(n=3):
    return [(ri(0, 255), ri(0, 255), ri(0, 255), pick([255, 255, 200, 0])) for _ in range(n)]


def make_gif(rgb):
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes(rgb) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def make_bmp(w, h):
    rowlen = (w * 3 + 3) & ~3
    pix = b""
    col = (ri(0, 255), ri(0, 255), ri(0, 255))
    for y in range(h):
        pix += bytes(col) * w + b"\x00" * (rowlen - w * 3)
    hdr = b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    return hdr + dib + pix


def make_wav(n):
    import math
    f = pick([440, 660, 880, 1200])
    data = bytes(int(128 + 90 * math.sin(2 * math.pi * f * i / 8000)) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data


def make_ico():
    p = make_png(16, 16, rand_palette(2))
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def make_pdf(title):
    body = ("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>>endobj\n"
            "4 0 obj<</Length %d>>stream\nBT /F1 12 Tf 72 770 Td (%s) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%%%EOF\n")
    s = "BT /F1 12 Tf 72 770 Td (%s) Tj ET" % title
    return body.replace("%d", str(len(s)), 1).replace("%s", title, 1).replace("%%%%EOF", "%%EOF").encode()


def svg_icon():
    c = "#%06x" % ri(0, 0xFFFFFF)
    kind = pick(["plane", "wrench", "dot", "clock", "bed"])
    if kind == "plane":
        path = '<path d="M8 1l1.5 5H15l-1 2h-4.5L8 15l-1-1 1-6H4l-1.5 2H1l1-3-1-3h1.5L4 6h4L7 2z" fill="%s"/>' % c
    elif kind == "wrench":
        path = '<path d="M11 1a4 4 0 0 0-3.8 5.2L1 12.4 3.6 15l6.2-6.2A4 4 0 1 0 11 1z" fill="%s"/>' % c
    elif kind == "dot":
        path = '<circle cx="8" cy="8" r="%d" fill="%s"/>' % (ri(3, 7), c)
    elif kind == "clock":
        path = '<circle cx="8" cy="8" r="7" stroke="%s" fill="none"/><path d="M8 4v4l3 2" stroke="%s"/>' % (c, c)
    else:
        path = '<rect x="1" y="7" width="14" height="5" fill="%s"/><rect x="2" y="4" width="4" height="3" fill="%s"/>' % (c, c)
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">%s</svg>' % path


def sourcemap_json():
    f = pick(["RosterGrid", "DutyTimeline", "WorkOrderCard", "NotamBanner", "PartsLookup", "FdpCalculator"])
    return json.dumps({"version": 3, "file": f + ".js", "sources": ["../src/%s.tsx" % f],
                       "names": ["render", "props", "useMemo"], "mappings": "AAAA,SAASA,IAAI;AACb,OAAO"},
                      separators=(",", ":"))


def trunc(s, keep):
    if len(s) <= keep:
        return s
    return s[:keep] + pick(["…", "...", "…[%d more chars]" % (len(s) - keep), "...(truncated)"])


def uri(mime, data, keep=None):
    s = "data:%s;base64,%s" % (mime, b64(data))
    return trunc(s, keep) if keep else s


def any_image_uri(keep=None):
    k = pick(["png", "gif", "svg", "ico", "bmp"])
    if k == "png":
        return uri("image/png", make_png(ri(1, 6), ri(1, 6), rand_palette()), keep)
    if k == "gif":
        return uri("image/gif", make_gif((ri(0, 255), ri(0, 255), ri(0, 255))), keep)
    if k == "svg":
        return uri("image/svg+xml", svg_icon().encode(), keep)
    if k == "ico":
        return uri("image/x-icon", make_ico(), keep or 180)
    return uri("image/bmp", make_bmp(ri(1, 3), ri(1, 3)), keep)


# ---------------------------------------------------------------------------
# NEGATIVES
# ---------------------------------------------------------------------------
NEG = {}


def neg(cat):
    def deco(fn):
        NEG.setdefault(cat, []).append(fn)
        return fn
    return deco


# ---- data_uri_base64 -------------------------------------------------------
@neg("data_uri_base64")
def d_css():
    cls = pick(["tail-badge", "aog-flag", "fdp-warning", "rest-ok", "wo-open", "notam-icon", "standby-dot"])
    return fence(".%s {\n  width: 16px;\n  height: 16px;\n  background-image: url(\"%s\");\n}" % (cls, uri("image/svg+xml", svg_icon().encode())), "css")


@neg("data_uri_base64")
def d_kotlin_compose():
    return fence('private const val TAIL_PLACEHOLDER =\n    "%s"\n\n@Composable\nfun TailThumb(reg: String) {\n    AsyncImage(model = TAIL_PLACEHOLDER, contentDescription = reg)\n}' % uri("image/png", make_png(ri(2, 4), ri(2, 4), rand_palette())), "kotlin")


@neg("data_uri_base64")
def d_html_mail():
    lang = pick(["no", "sv", "fi", "is"])
    txt = {"no": "Ny turnus for %s er publisert", "sv": "Nytt schema för %s är publicerat",
           "fi": "Uusi työvuorolista (%s) on julkaistu", "is": "Ný vaktaskrá fyrir %s er komin út"}[lang] % pick(MONTHS_NO)
    return ("roster-publish mail template, the logo is inline so Outlook doesn't block it:\n"
            + fence('<table role="presentation" width="100%%">\n  <tr><td><img alt="" width="24" height="24" src="%s"></td>\n      <td style="font:14px sans-serif">%s</td></tr>\n</table>' % (any_image_uri(), txt), "html"))


@neg("data_uri_base64")
def d_csp():
    u = any_image_uri(keep=ri(60, 110))
    return "Chrome console in crew-portal prod:\n`Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.norvia.no\".`" % u


@neg("data_uri_base64")
def d_jupyter():
    p = b64(make_png(ri(3, 8), ri(2, 5), rand_palette(4)))
    if R.random() < 0.5:
        return "Notebook-output (bare plottet av block hours per base):\n" + fence('{"output_type": "display_data", "data": {"image/png": "%s"}}' % p, "json")
    return fence('{\n "cell_type": "code",\n "execution_count": %d,\n "outputs": [\n  {\n   "data": {\n    "image/png": "%s",\n    "text/plain": ["<Figure size 640x480 with 1 Axes>"]\n   },\n   "output_type": "display_data"\n  }\n ],\n "source": ["df.groupby(\'base\')[\'block_hours\'].sum().plot.bar()"]\n}' % (ri(3, 40), p), "json")


@neg("data_uri_base64")
def d_shell_decode():
    s = svg_icon()
    name = pick(["plane.svg", "aog.svg", "status.svg", "hotel.svg"])
    return fence("$ echo '%s' | base64 -d > %s\n$ file %s\n%s: SVG Scalable Vector Graphics image" % (b64(s.encode()), name, name, name), "console")


@neg("data_uri_base64")
def d_sourcemap():
    sm = b64(sourcemap_json().encode())
    f = pick(["roster-grid", "duty-timeline", "wo-card", "notam-banner"])
    return "Last line of `%s.%s.js` in the crew-portal bundle, prod build should not ship this:\n`//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s`" % (f, rhex(8), sm)


@neg("data_uri_base64")
def d_pdf_log():
    title = "Task card %s-%02d-%02d %s" % (pick(ATA), ri(0, 99), ri(0, 99), tail())
    u = uri("application/pdf", make_pdf(title), keep=ri(70, 140))
    return fence("%s DEBUG [wo-sync-%d] n.n.h.workorder.AttachmentMapper - attachment mime=application/pdf size=%d preview=%s" % (ts_iso(), ri(1, 8), ri(9000, 99000), u))


@neg("data_uri_base64")
def d_oracle_blob():
    p = b64(make_png(2, 2, rand_palette(2)))
    return fence("UPDATE mro_own.part_image\n   SET thumb = UTL_ENCODE.BASE64_DECODE(UTL_RAW.CAST_TO_RAW('%s'))\n WHERE part_no = '%s';" % (p, pn()) + pick(["", "\n\n1 row updated.", "\n\n1 row updated.\n\nSQL> commit;\n\nCommit complete."]), "sql")


@neg("data_uri_base64")
def d_wav():
    u = uri("audio/wav", make_wav(ri(24, 60)))
    lang = pick(["no", "en", "sv"])
    pre = {"no": "Varsellyden i DutyGuard (FDP > 90 %) er bare en kort pip innebygd i JS:",
           "en": "The FDP-warning chime is just an inline WAV, no CDN involved:",
           "sv": "Larmljudet i DutyGuard är inbäddat direkt i koden:"}[lang]
    return pre + "\n" + fence("const FDP_CHIME = new Audio(\"%s\");" % u, "ts")


@neg("data_uri_base64")
def d_csv_export():
    rows = ["tail;ata;wo;status"]
    for _ in range(ri(2, 4)):
        rows.append("%s;%s;%s;%s" % (tail(), pick(ATA), wo(), pick(["OPEN", "DEFERRED", "CLOSED"])))
    data = ("\n".join(rows) + "\n").encode()
    return "Eksport-knappen lager bare en lenke som denne (ingen persondata, bare WO-er):\n`<a download=\"wo-%s.csv\" href=\"data:text/csv;base64,%s\">Last ned</a>`" % (date_iso(), b64(data))


@neg("data_uri_base64")
def d_ics():
    d = date_iso().replace("-", "")
    ics = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Norvia//CrewBoard//NO\r\nBEGIN:VEVENT\r\nDTSTART:%sT%s00Z\r\n"
           "SUMMARY:%s %s-%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n") % (d, hhmm(), flight(), pick(IATA), pick(IATA))
    u = "data:text/calendar;base64," + b64(ics.encode())
    return pick(["Kalender-eksporten for enkeltflyvninger ser slik ut:", "Kalenderexporten för en enskild flygning:",
                 "Kalenterivienti yhdelle lennolle:", "Calendar export for a single leg:"]) + "\n" + fence(u)


@neg("data_uri_base64")
def d_fonts():
    woff2 = b"wOF2" + struct.pack(">IIHH", 0x00010000, ri(20000, 60000), ri(10, 14), 0) + rbytes(60)
    ttf = b"\x00\x01\x00\x00" + struct.pack(">HHHH", 12, 128, 3, 32) + b"DSIG" + rbytes(44)
    fam = pick(["NorviaSans", "RosterMono", "HangarCond"])
    return fence("@font-face {\n  font-family: \"%s\";\n  src: url(\"data:font/woff2;base64,%s\") format(\"woff2\"),\n       url(\"data:font/ttf;base64,%s\") format(\"truetype\");\n  font-display: swap;\n}" % (fam, trunc(b64(woff2), ri(50, 80)), trunc(b64(ttf), ri(40, 70))), "css")


@neg("data_uri_base64")
def d_markdown():
    return pick(["Ikonet vi bruker for AOG i tavla: ", "Ikonen för AOG på tavlan: ", "AOG-kuvake: ", "AOG-táknið: "]) + "![aog](%s)" % uri("image/gif", make_gif((ri(150, 255), ri(0, 60), ri(0, 60))))


@neg("data_uri_base64")
def d_kotlin_test():
    p = b64(make_png(1, 1, rand_palette(1)))
    return fence('@Test\nfun `thumbnail is decoded before upload`() {\n    val bytes = Base64.getDecoder().decode("%s")\n    val att = AttachmentMapper().toEntity(workOrder = "%s", bytes = bytes)\n    assertEquals("image/png", att.mime)\n    assertEquals(%d, att.size)\n}' % (p, wo(), len(base64.b64decode(p))), "kotlin")


@neg("data_uri_base64")
def d_yaml_helm():
    return fence("crewPortal:\n  branding:\n    carrier: %s\n    favicon: \"%s\"\n    accent: \"#%06x\"\n  replicas: %d" % (pick(CARRIERS), uri("image/x-icon", make_ico()), ri(0, 0xFFFFFF), ri(2, 6)), "yaml")


@neg("data_uri_base64")
def d_svg_plain():
    s = svg_icon()
    enc = pick(["utf8", "pct"])
    if enc == "utf8":
        u = "data:image/svg+xml;utf8," + s.replace('"', "'")
    else:
        u = "data:image/svg+xml," + s.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return "Hvorfor base64? Dette fungerer like bra og er mindre:\n" + fence(".rest-ok::before { content: url(\"%s\"); }" % u, "css")


@neg("data_uri_base64")
def d_har():
    p = uri("image/png", make_png(ri(1, 3), ri(1, 3), rand_palette()))
    mime, data = p[5:].split(";base64,")
    return fence('{\n  "request": {"method": "GET", "url": "https://crew.%s.example/static/img/standby.png"},\n  "response": {\n    "status": 200,\n    "content": {"size": %d, "mimeType": "%s", "encoding": "base64", "text": "%s"}\n  }\n}' % (pick(["fjellfly", "nordlys", "kaamos", "jokull"]), len(base64.b64decode(data)), mime, data), "json")


@neg("data_uri_base64")
def d_mime_part():
    raw = b64(make_png(ri(6, 10), ri(4, 8), rand_palette(5)))
    lines = [raw[i:i + 76] for i in range(0, len(raw), 76)]
    return ("Kunden sendte «skjermbildet» som rå MIME, her er delen:\n" + fence("--=_Part_%d_%d.%d\nContent-Type: image/png; name=\"tavle.png\"\nContent-Transfer-Encoding: base64\nContent-Disposition: inline; filename=\"tavle.png\"\n\n%s\n--=_Part_%d_%d.%d--" % (ri(1, 99), ri(100000, 999999), ri(1000000000000, 1799999999999), "\n".join(lines), ri(1, 99), ri(100000, 999999), ri(1000000000000, 1799999999999))))


@neg("data_uri_base64")
def d_kotlin_log_many():
    out = []
    for _ in range(ri(2, 6)):
        u = any_image_uri(keep=ri(50, 90))
        out.append("%s INFO  [ktor-worker-%d] n.n.c.portal.IconCache - cached key=%s src=%s" % (ts_iso(), ri(1, 16), pick(["fdp", "rest", "aog", "hotel", "sby", "dh"]) + "-" + rhex(6), u))
    return fence("\n".join(out))


@neg("data_uri_base64")
def d_question():
    u = any_image_uri(keep=ri(40, 70))
    return pick(["Secret scanner i CI flagger `%s` som «high-entropy string». Det er jo bare et ikon?",
                 "Varför maskar loggfiltret `%s`? Det är en bild, inte en nyckel.",
                 "Miksi lokisuodatin piilottaa tämän: `%s`? Se on pelkkä kuva.",
                 "Af hverju er `%s` falið í loggunum? Þetta er bara mynd.",
                 "gitleaks complains about `%s` in RosterGrid.tsx — it's a data URI, adding an allowlist entry"]) % u


@neg("data_uri_base64")
def d_pdf_full():
    p = b64(make_pdf("CRS %s %s" % (tail(), date_eu())))
    lines = [p[i:i + 64] for i in range(0, len(p), 64)]
    return "Minimal PDF we use in the HangarLog contract tests (no signature, just a placeholder page):\n" + fence('val MINIMAL_PDF = """\n' + "\n".join(lines) + '\n""".replace("\\n", "")', "kotlin")


# ---- placeholder_example ---------------------------------------------------
@neg("placeholder_example")
def p_env_example():
    lines = ["# .env.example — kopier til .env og fyll inn", "ORACLE_HOST=localhost", "ORACLE_PORT=1521",
             "ORACLE_SERVICE=XEPDB1", "ORACLE_USER=CREW_OWN", "ORACLE_PASSWORD=%s" % pick(["<sett-inn-passord>", "changeme", "", "<ditt-passord>"]),
             "AMOS_API_KEY=%s" % pick(["<from-vault>", "YOUR_AMOS_KEY", "xxx"]),
             "SLACK_BOT_TOKEN=%s" % pick(["xoxb-your-bot-token", "xoxb-...", "<xoxb-token>"]),
             "OPENAI_API_KEY=%s" % pick(["sk-...", "sk-proj-…", "<openai-key>"])]
    rest = lines[1:]
    R.shuffle(rest)
    return fence("\n".join([lines[0]] + rest[:ri(3, 8)]), "properties")


@neg("placeholder_example")
def p_spring_yaml():
    return fence("spring:\n  datasource:\n    url: jdbc:oracle:thin:@//${DB_HOST:localhost}:${DB_PORT:1521}/${DB_SERVICE:XEPDB1}\n    username: ${%s_DB_USER}\n    password: ${%s_DB_PASSWORD}" % ((pick(["CREWBOARD", "HANGARLOG", "DUTYGUARD"]),) * 2) + pick(["", "\n  security:\n    oauth2:\n      client:\n        registration:\n          entra:\n            client-secret: ${ENTRA_CLIENT_SECRET:}"]), "yaml")


@neg("placeholder_example")
def p_kotlin_getenv():
    var = pick(["HANGARLOG_TOKEN", "AMOS_API_KEY", "NOTAM_FEED_KEY", "SLACK_BOT_TOKEN", "ORACLE_WALLET_PASSWORD"])
    msg = pick(["%s mangler", "%s saknas", "%s puuttuu", "%s vantar", "%s is not set"]) % var
    return fence('val token: String = System.getenv("%s")\n    ?: error("%s")\n\nval client = HangarLogClient(baseUrl = cfg.baseUrl, token = token)' % (var, msg), "kotlin")


@neg("placeholder_example")
def p_sqlplus_defaults():
    return pick([
        "Lokalt: `sqlplus scott/tiger@//localhost:1521/XEPDB1` funker fortsatt med demo-skjemaet i gvenzl-imaget.",
        "For the XE container the docs use `system/oracle` — it's the image default, we override it in CI via `ORACLE_PASSWORD=$(openssl rand -hex 12)`.",
        "Glöm inte att `sys/change_on_install` bara är exemplet i Oracle-dokumentationen, inte vårt värde.",
        "Oletuksena `hr/hr@XEPDB1`, ei mitään salaista — se on Oraclen esimerkkiskeema.",
    ])


@neg("placeholder_example")
def p_gha():
    return fence("- name: Deploy %s\n  env:\n    ORACLE_WALLET_PASSWORD: ${{ secrets.ORACLE_WALLET_PASSWORD }}\n    SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}\n    AWS_ACCESS_KEY_ID: ${{ vars.AWS_ACCESS_KEY_ID }}\n    AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n  run: ./gradlew :%s:deploy -Penv=%s" % ((pick(MODULES),) * 2 + (pick(["test", "staging", "prod"]),)), "yaml")


@neg("placeholder_example")
def p_helm():
    return fence("env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: %s-oracle\n        key: password\n  - name: AMOS_TOKEN\n    value: {{ .Values.amos.token | quote }}\n  - name: NOTAM_API_KEY\n    value: \"{{ required \\\"notam.apiKey\\\" .Values.notam.apiKey }}\"" % pick(MODULES), "yaml")


@neg("placeholder_example")
def p_vault_refs():
    return pick([
        "Passordet ligger i `vault:secret/data/%s/prod#db_password`, ikke i repoet. Bruk `vault kv get` hvis du trenger det." % pick(MODULES),
        "Hämta nyckeln med `op read \"op://MRO/AMOS prod/api-key\"`, klistra inte in den här.",
        "Avain löytyy polusta `op://Crew/Slack bot/credential` — älä liitä sitä tänne.",
        "Lykilorðið er í `vault:kv/crewboard/staging#oracle_password`, ekki senda það hingað.",
        "CloudFormation: `MasterUserPassword: '{{resolve:secretsmanager:%s-oracle:SecretString:password}}'`" % pick(MODULES),
    ])


@neg("placeholder_example")
def p_aws_docs():
    return fence("[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-north-1", "ini") + "\n" + pick(["(eksempelet fra AWS-dokumentasjonen, ikke ekte)", "exemplet från AWS-dokumentationen", "AWS:n dokumentaation esimerkki", "straight from the AWS docs"])


@neg("placeholder_example")
def p_masks():
    items = [
        "Kort: **** **** **** %04d" % ri(0, 9999),
        "IBAN: NO** **** **** %03d" % ri(0, 999),
        "Personnummer: ÅÅMMDD-XXXX",
        "Fødselsnummer: DDMMÅÅ*****",
        "Henkilötunnus: ppkkvv-nnnT",
        "Kennitala: ______-____",
        "Telefon: +47 XXX XX XXX",
        "Mobil: +46 7X-XXX XX XX",
        "Puhelin: +358 4X XXX XXXX",
        "Sími: +354 XXX XXXX",
        "SSN: XXX-XX-XXXX",
        "E-post: ********",
        "Passnummer: [maskert]",
    ]
    R.shuffle(items)
    head = pick(["Slik skal crew-profilen vises i support-visningen:", "Så här ska profilen maskas i supportvyn:",
                 "Näin profiili näkyy tukinäkymässä:", "Masking spec for the support view:"])
    return head + "\n" + "\n".join("- " + x for x in items[:ri(2, 7)])


@neg("placeholder_example")
def p_redacted_log():
    out = []
    for _ in range(ri(3, 7)):
        out.append("%s INFO  [%s] n.n.p.auth.OutboundLogger - POST https://api.%s.example/v2/%s Authorization=%s body.password=%s" % (
            ts_iso(), pick(["http-nio-8080-exec-3", "ktor-cio-7", "DefaultDispatcher-worker-2"]), pick(["amos", "notam", "hotel"]),
            pick(["rosters", "workorders", "bookings"]), pick(["Bearer [REDACTED]", "<redacted>", "***", "Bearer ****"]), pick(["[FILTERED]", "***", "<masked>"])))
    return fence("\n".join(out))


@neg("placeholder_example")
def p_pem_dots():
    kind = pick(["", "RSA ", "EC ", "OPENSSH "])
    return "Format som integrasjonen forventer (lim inn din egen, ikke i Slack):\n" + fence("-----BEGIN %sPRIVATE KEY-----\n...\n<base64-body>\n...\n-----END %sPRIVATE KEY-----" % (kind, kind))


@neg("placeholder_example")
def p_curl_docs():
    return fence("curl -s \\\n  -H \"Authorization: Bearer $CREWBOARD_TOKEN\" \\\n  -H \"X-Carrier: %s\" \\\n  \"https://api.norvia.example/v3/rosters?base=%s&from=%s\"" % (pick(CARRIER_CODE), pick(IATA), date_iso()), "bash")


@neg("placeholder_example")
def p_url_templates():
    return pick([
        "Artifactory-URL i README: `https://<bruker>:<passord>@artifacts.norvia.internal/gradle-release/`",
        "Lokal RabbitMQ: `amqp://guest:guest@localhost:5672/` (default i docker-imaget)",
        "Dev-databasen i compose: `postgres://user:password@localhost:5432/ftl_dev`",
        "Malli: `sftp://<käyttäjä>:<salasana>@sftp.<asiakas>.example/inbound`",
        "Mall: `redis://:<lösenord>@localhost:6379/0`",
        "Sniðmát: `https://${USER}:${TOKEN}@git.norvia.internal/mro/hangarlog.git`",
    ])


@neg("placeholder_example")
def p_form_template():
    lang = pick(["no", "sv", "fi", "is"])
    f = {"no": ["Navn:", "Ansattnr.:", "Telefon:", "E-post:", "Kontonr./IBAN:", "Base:"],
         "sv": ["Namn:", "Anställningsnr:", "Telefon:", "E-post:", "IBAN:", "Bas:"],
         "fi": ["Nimi:", "Henkilönumero:", "Puhelin:", "Sähköposti:", "IBAN:", "Tukikohta:"],
         "is": ["Nafn:", "Starfsmannanúmer:", "Sími:", "Netfang:", "IBAN:", "Starfsstöð:"]}[lang]
    blank = pick(["________________", "", "<fyll inn>", "[ ]", "…"])
    head = {"no": "Mal for nytt crew-medlem (ikke fyll inn her i kanalen, bruk skjemaet i portalen):",
            "sv": "Mall för ny besättningsmedlem (fyll i i portalen, inte här):",
            "fi": "Pohja uudelle miehistön jäsenelle (täytä portaalissa, ei tässä):",
            "is": "Sniðmát fyrir nýjan áhafnarmeðlim (fyllið út í gáttinni, ekki hér):"}[lang]
    return head + "\n" + fence("\n".join("%-20s %s" % (x, blank) for x in f))


@neg("placeholder_example")
def p_vendor_prefix():
    return pick([
        "Nøkkelen starter med `sk-ant-api03-` og resten ligger i Vault.",
        "PAT-en har formatet `ghp_` + 36 tegn, men vi bruker `github_pat_…` (fine-grained) nå.",
        "Bot token ser ut som `xoxb-XXXXXXXXXXXX-XXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX`.",
        "Eksempel i docs: `OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxx`",
        "Slack webhook i malen: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`",
        "Sätt `AWS_ACCESS_KEY_ID=AKIA................` i din lokala profil, inte i koden.",
        "JWT:n ser ut ungefär som `eyJhbGciOi…` — klistra inte in hela.",
        "Avain on muotoa `sk-…`, pituus n. 160 merkkiä.",
    ])


@neg("placeholder_example")
def p_terraform():
    return fence("resource \"aws_db_instance\" \"%s\" {\n  engine         = \"oracle-se2\"\n  instance_class = \"db.m6i.large\"\n  username       = \"admin\"\n  password       = var.oracle_admin_password\n}" % pick(["crewboard", "hangarlog", "ftl_report"]) + pick(["", "\n\nvariable \"oracle_admin_password\" {\n  type      = string\n  sensitive = true\n}"]), "hcl")


@neg("placeholder_example")
def p_empty_values():
    return fence("# application-local.properties\noracle.user=CREW_OWN\noracle.password=\namos.api-key=\nslack.bot-token=\nnotam.feed.key=${NOTAM_KEY:}", "properties") + "\n" + pick(["Tomme verdier = lokal mock.", "Tomma värden betyder mock.", "Tyhjät arvot = mock-tila.", "Empty means mock."])


@neg("placeholder_example")
def p_ado():
    return fence('"ConnectionStrings": {\n  "Ftl": "User Id=<bruker>;Password=<passord>;Data Source=(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db-host)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=FTLPRD)))"\n}', "json")


@neg("placeholder_example")
def p_kotlin_value():
    return fence('@ConfigurationProperties(prefix = "amos")\ndata class AmosProps(\n    val baseUrl: String,\n    val apiKey: String = "",              // injected from ${AMOS_API_KEY}\n    val password: String = "changeme",    // only used by the local stub\n)', "kotlin")


@neg("placeholder_example")
def p_redacted_chat():
    return pick([
        "Kunden limte inn passordet sitt her i går — jeg har slettet meldingen og erstattet med `[REDACTED]`. Be dem endre det.",
        "Jag har ersatt token i loggutdraget med `<redacted>` innan jag postade det.",
        "Lokissa token näkyy muodossa `Bearer ***` — eli maskaus toimii.",
        "Ég setti `***` í stað lykilorðsins áður en ég límdi inn loggana.",
        "Screenshot shows `password: ••••••••` so the UI masking is fine, it's only the export that leaked.",
    ])


@neg("placeholder_example")
def p_docker_compose():
    return fence("services:\n  oracle:\n    image: gvenzl/oracle-free:23-slim\n    environment:\n      ORACLE_PASSWORD: ${ORACLE_PASSWORD:-changeme}\n      APP_USER: crew_own\n      APP_USER_PASSWORD: ${APP_USER_PASSWORD:?set it in .env}\n    ports:\n      - \"1521:1521\"" + pick(["", "\n  rabbit:\n    image: rabbitmq:3-management\n    # guest/guest, only reachable from localhost"]), "yaml")


# ---- code_identifier -------------------------------------------------------
SECWORDS = ["Secret", "Token", "Password", "Credential", "Iban", "Ssn", "Email", "Phone", "Passport",
            "ApiKey", "Bearer", "Salt", "Hash", "Wallet", "Keystore", "Otp", "Pin", "Personnummer", "Kennitala", "Hetu"]
THEMEWORDS = ["Roster", "Pairing", "Duty", "Fdp", "Rest", "Crew", "WorkOrder", "Part", "Serial", "Tail",
              "Notam", "Standby", "Reserve", "Hotel", "Deadhead", "Legality", "Task", "Defect", "Mel", "Amos"]
SUFFIX = ["Resolver", "Validator", "Provider", "Mapper", "Repository", "Service", "Handler", "Factory", "Rotator",
          "Exporter", "Importer", "Sanitizer", "Masker", "Policy", "Store", "Cache", "Client", "Listener"]


def kclass():
    return pick(THEMEWORDS) + pick(SECWORDS) + pick(SUFFIX)


def kmeth():
    w = pick(["resolve", "rotate", "mask", "hash", "load", "validate", "export", "lookup", "verify", "refresh", "redact"])
    return w + pick(SECWORDS) + pick(["", "For" + pick(THEMEWORDS), "OrNull", "Async", "Legacy"])


@neg("code_identifier")
def c_kotlin_trace():
    pk = pick(KPKG)
    lines = ["%s ERROR [%s] %s.%s - %s" % (ts_iso(), pick(["DefaultDispatcher-worker-%d" % ri(1, 12), "http-nio-8080-exec-%d" % ri(1, 40), "kafka-consumer-%d" % ri(0, 3)]),
                                            pk, kclass(), pick(["could not refresh credential", "kunne ikke rotere nøkkel", "validering feilet", "token vanhentunut"])),
             "%s.%sException: %s" % (pk, pick(SECWORDS) + pick(["Expired", "Rotation", "Mismatch", "Missing"]), pick(["wallet entry not found", "key alias mismatch", "salt length 0"]))]
    for _ in range(ri(1, 9)):
        lines.append("\tat %s.%s.%s(%s.kt:%d)" % (pick(KPKG), kclass(), kmeth(), pick(THEMEWORDS) + pick(SECWORDS), ri(12, 900)))
    lines.append("\tat kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)")
    lines.append("\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)")
    return fence("\n".join(lines))


@neg("code_identifier")
def c_ora_errors():
    s = pick(SCHEMAS)
    pkgs = ["PKG_%s_%s" % (pick(["CREW", "WO", "FTL", "PAIRING", "PART"]), pick(["PASSWORD_POLICY", "TOKEN_ROTATION", "IBAN_MASK", "SSN_PURGE", "SECRET_AUDIT", "PHONE_NORMALIZE", "EMAIL_HASH"])) for _ in range(3)]
    return fence("ORA-%05d: %s\nORA-06512: at \"%s.%s\", line %d\nORA-06512: at \"%s.%s\", line %d\nORA-06512: at line %d" % (
        pick([1403, 1422, 6502, 20001, 20042, 1]), pick(["no data found", "exact fetch returns more than requested number of rows", "PL/SQL: numeric or value error: character string buffer too small", "unique constraint (%s.UK_%s_TOKEN_HASH) violated" % (s, pick(["CREW", "WO", "API"]))]),
        s, pkgs[0], ri(20, 900), s, pkgs[1], ri(20, 900), ri(1, 9)))


@neg("code_identifier")
def c_ddl():
    t = pick(["crew_member", "crew_contact", "payroll_export", "api_client", "hotel_booking"])
    cols = pick([["crew_id NUMBER(10) NOT NULL", "passport_no_enc RAW(256)", "passport_no_last4 VARCHAR2(4)", "phone_e164_sha256 RAW(32)", "email_domain VARCHAR2(120)", "iban_masked VARCHAR2(40)", "ssn_present CHAR(1) DEFAULT 'N'", "pnr_hmac RAW(32)"],
                 ["client_id VARCHAR2(64) NOT NULL", "api_key_prefix VARCHAR2(12)", "api_key_sha256 RAW(32)", "secret_rotated_at TIMESTAMP WITH TIME ZONE", "password_hash VARCHAR2(200)", "password_algo VARCHAR2(20) DEFAULT 'argon2id'", "token_ttl_sec NUMBER(6)"],
                 ["booking_id NUMBER(12)", "card_token VARCHAR2(64)", "card_last4 CHAR(4)", "card_brand VARCHAR2(10)", "guarantee_iban_last4 CHAR(4)", "phone_hotel_hash RAW(32)"]])
    return fence("CREATE TABLE %s.%s (\n  %s\n);\nCREATE INDEX %s.ix_%s_%s ON %s.%s(%s);" % (
        pick(SCHEMAS).lower(), t, ",\n  ".join(cols[:ri(3, len(cols))]), pick(SCHEMAS).lower(), t[:6], cols[1].split()[0][:12], pick(SCHEMAS).lower(), t, cols[1].split()[0]), "sql")


@neg("code_identifier")
def c_kotlin_mangled():
    c = kclass()
    out = ["\tat %s.%s.%s-%s(%s.kt:%d)" % (pick(KPKG), c, kmeth(), rs(ALNUM, 7), c, ri(10, 400)),
           "\tat %s.%s.access$get%s$p(%s.kt:%d)" % (pick(KPKG), c, pick(SECWORDS) + pick(["Hasher", "Cache", "Store"]), c, ri(10, 400)),
           "\tat %s.%s$%s$1.invokeSuspend(%s.kt:%d)" % (pick(KPKG), c, kmeth(), c, ri(10, 400)),
           "\tat %s.%s$$delegatedProperties" % (pick(KPKG), kclass()),
           "\tat %s.%s.lambda$%d(%s.kt:%d)" % (pick(KPKG), kclass(), ri(0, 9), c, ri(10, 400)),
           "\tat %s.%s$i$a$-let-%s$%s$1" % (pick(KPKG), c, c, kmeth())]
    R.shuffle(out)
    return pick(["Hva er egentlig `-%s`-suffikset her? Value class-mangling?" % rs(ALNUM, 7), "Why are the frames mangled like this?", "Mikä nuo $-nimet ovat?"]) + "\n" + fence("\n".join(out[:ri(3, 6)]))


@neg("code_identifier")
def c_kubectl():
    rows = ["NAME                                          READY   STATUS    RESTARTS   AGE"]
    for _ in range(ri(2, 6)):
        m = pick(MODULES + ["secret-rotator", "token-exchange", "pii-masker"])
        name = "%s-%s-%s" % (m, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))
        rows.append("%-45s %-7s %-9s %-10s %s" % (name, "1/1", pick(["Running", "Running", "Running", "CrashLoopBackOff", "Pending"]), ri(0, 9), "%dd" % ri(1, 90)))
    return fence("$ kubectl -n %s get pods\n%s" % (pick(["crewboard-prod", "hangarlog-stg", "dutyguard-prod"]), "\n".join(rows)), "console")


@neg("code_identifier")
def c_flags():
    flags = ["%s.%s.%s" % (pick(MODULES), pick(["secret-rotation", "token-exchange", "pii-masking", "password-policy", "iban-validation", "ssn-purge", "phone-normalizer"]), pick(["enabled", "v2", "dry-run", "shadow", "strict"])) for _ in range(ri(3, 7))]
    return pick(["Flagg som skal ryddes før neste release:", "Flaggor att städa bort:", "Siivottavat feature flagit:", "Flögg sem þarf að hreinsa:"]) + "\n" + "\n".join("• `%s`" % f for f in flags)


@neg("code_identifier")
def c_proto():
    svc = pick(["CrewAuthService", "TokenExchange", "PiiVault", "PayrollExport"])
    rpcs = ["Rotate%s" % pick(SECWORDS), "Get%sMetadata" % pick(SECWORDS), "Revoke%s" % pick(SECWORDS), "Mask%s" % pick(SECWORDS)][:ri(1, 4)]
    msg = "\n\nmessage %sRequest {\n  string crew_ref = 1;\n  string %s_fingerprint = 2;\n  bool dry_run = 3;\n}" % (rpcs[0], pick(["token", "password", "key", "iban"]))
    return fence("package norvia.crew.v1;\n\nservice %s {\n%s}" % (svc, "".join("  rpc %s(%sRequest) returns (%sResponse);\n" % (r, r, r) for r in rpcs)) + pick(["", msg]), "proto")


@neg("code_identifier")
def c_compile_errors():
    out = []
    for _ in range(ri(1, 4)):
        out.append("e: file:///builds/mro/%s/src/main/kotlin/%s/%s.kt:%d:%d Unresolved reference '%s'." % (
            pick(MODULES), pick(KPKG).replace(".", "/"), kclass(), ri(10, 400), ri(1, 80), pick(["apiTokenSha256", "passwordHashV2", "ibanLast4", "ssnMasked", "phoneE164", "personnummerHmac", "walletPassphraseRef"])))
    out.append("> Task :%s:compileKotlin FAILED" % pick(MODULES))
    return fence("\n".join(out))


@neg("code_identifier")
def c_css_modules():
    out = []
    for _ in range(ri(1, 5)):
        out.append('<td class="RosterCell_%s__%s css-%s %s">' % (pick(["sickCall", "standby", "fdpWarn", "restOk", "deadhead", "hotelNight"]), rs(ALNUM, 5), rs(LO + DI, 7), pick(["sc-" + rs(ALNUM, 6), "_ngcontent-ng-c%d" % ri(10 ** 9, 4 * 10 ** 9), "data-v-%s" % rhex(8), "svelte-" + rs(LO + DI, 6)])))
    return fence("\n".join(out), "html")


@neg("code_identifier")
def c_r8():
    out = []
    for _ in range(ri(1, 4)):
        out.append("%s.%s -> %s.%s:" % (pick(KPKG), kclass(), pick(["a", "b", "c", "d"]), rs(LO, pick([1, 2]))))
        out.append("    java.lang.String %s -> %s" % (pick(["apiToken", "passwordHash", "ibanMasked", "ssnLast4", "walletPath", "bearer"]), rs(LO, 1)))
    return "R8 mapping for crew-app %s (Android):\n" % pick(["4.12.1", "4.13.0", "5.0.2"]) + fence("\n".join(out))


@neg("code_identifier")
def c_thread_dump():
    out = []
    for _ in range(ri(1, 3)):
        out.append('"%s" #%d daemon prio=5 os_prio=0 cpu=%.2fms elapsed=%.2fs tid=0x00007f%s nid=%d waiting on condition  [0x00007f%s]' % (
            pick(["DefaultDispatcher-worker-%d" % ri(1, 8), "oracle.jdbc.driver.BlockSource.ThreadedCachingBlockSource.BlockReleaser", "secret-rotator-%d" % ri(1, 3)]),
            ri(20, 200), R.random() * 900, R.random() * 90000, rhex(10), ri(1000, 90000), rhex(10)))
        out.append("   java.lang.Thread.State: TIMED_WAITING (parking)")
        out.append("\tat %s.%s.%s(%s.kt:%d)" % (pick(KPKG), kclass(), kmeth(), kclass(), ri(10, 500)))
    return fence("\n".join(out))


@neg("code_identifier")
def c_sql_columns():
    return pick([
        "Kan vi droppe `CREW_OWN.CREW_MEMBER.PASSPORT_NO_ENC` nå som `PASSPORT_NO_HMAC` er på plass?",
        "Kolumnen `api_key_last_four` ska bytas till `api_key_prefix` i FTL_APP.",
        "`SELECT crew_id, iban_masked, ssn_present FROM crew_own.payroll_export_v WHERE base = 'OSL';` returnerer ingen rader i test",
        "Sarake `henkilotunnus_hash` puuttuu näkymästä `PAIRING.CREW_V`.",
        "Dálkurinn `kennitala_hmac` er RAW(32), ekki VARCHAR2.",
        "Rename `password_reset_token_expires_at` → `pw_reset_expires_at`, Oracle 30-char identifier limit bit us again (ORA-00972).",
    ])


@neg("code_identifier")
def c_gradle_tasks():
    out = []
    for _ in range(ri(2, 6)):
        out.append("> Task :%s:%s %s" % (pick(MODULES + ["secret-rotator", "pii-masker"]), pick(["compileKotlin", "kaptGenerateStubsKotlin", "test", "detekt", "ktlintCheck", "jib", "generateProto", "processResources", "flywayMigrate"]), pick(["", "UP-TO-DATE", "FROM-CACHE", "NO-SOURCE"])))
    out.append("BUILD SUCCESSFUL in %dm %ds" % (ri(0, 9), ri(0, 59)))
    out.append("%d actionable tasks: %d executed, %d from cache, %d up-to-date" % (ri(40, 90), ri(5, 30), ri(5, 30), ri(5, 30)))
    return fence("\n".join(out))


@neg("code_identifier")
def c_flyway():
    out = []
    for _ in range(ri(1, 4)):
        out.append("| %-8s | %-48s | %-10s | %s |" % ("%d.%d" % (ri(1, 9), ri(0, 40)), pick(["add_api_key_sha256_to_client", "drop_plaintext_password", "mask_iban_in_payroll_v", "hmac_personnummer", "rotate_wallet_alias", "add_phone_e164_hash", "purge_ssn_after_offboarding"]), pick(["SQL", "JDBC"]), pick(["Success", "Pending", "Success"])))
    return fence("+----------+--------------------------------------------------+------------+---------+\n| Version  | Description                                      | Type       | State   |\n+----------+--------------------------------------------------+------------+---------+\n" + "\n".join(out) + "\n+----------+--------------------------------------------------+------------+---------+")


@neg("code_identifier")
def c_enum():
    vals = ["FDP_EXCEEDED", "SPLIT_DUTY_REST_SHORT", "CUMULATIVE_900H", "MISSING_PASSPORT_VALIDITY", "PHONE_NOT_VERIFIED", "EMAIL_BOUNCED", "IBAN_CHECKSUM_INVALID", "SECRET_EXPIRED", "TOKEN_REVOKED", "PASSWORD_POLICY_VIOLATION"]
    R.shuffle(vals)
    return fence("enum class LegalityCode(val severity: Int) {\n%s\n}" % ",\n".join("    %s(%d)" % (v, ri(1, 3)) for v in vals[:ri(4, 9)]), "kotlin")


@neg("code_identifier")
def c_webpack():
    out = []
    for _ in range(ri(2, 6)):
        out.append("  static/js/%s.%s.chunk.js   %s kB" % (pick(["roster-grid", "secret-settings", "token-admin", "password-reset", "duty-timeline", "iban-form"]), rhex(8), "%.2f" % (R.random() * 300)))
    return "crew-portal build output:\n" + fence("File sizes after gzip:\n\n" + "\n".join(out))


@neg("code_identifier")
def c_detekt():
    out = []
    for _ in range(ri(1, 4)):
        c = kclass()
        out.append("%s.kt:%d:%d: %s [%s]" % (c, ri(1, 300), ri(1, 60), pick(["Function %s is too long (74/60)" % kmeth(), "Property %s could be private" % (kmeth()[:1].lower() + kmeth()[1:]), "Hardcoded string literal %s should be a constant" % pick(["\"TOKEN_HEADER\"", "\"X-Api-Key\""])]), pick(["LongMethod", "UnusedPrivateMember", "StringLiteralDuplication"])))
    return fence("\n".join(out))


# ---- non_credential_blob ---------------------------------------------------
@neg("non_credential_blob")
def b_git_log():
    out = []
    for _ in range(ri(2, 6)):
        out.append("%s %s" % (rhex(pick([7, 8, 12, 40])), pick(["fix(ftl): split duty rest calc for EASA ORO.FTL.220", "feat(hangarlog): MEL category on deferral", "chore: bump ojdbc11 to 23.5.0.24.07",
                                                                  "fiks: riktig tidssone for LYR", "fix: NOTAM-parser håndterer Q-linje uten radius", "refactor(pairing): solver timeout konfigurerbar", "test: kontraktstest for AMOS WO-import"])))
    return fence("$ git log --oneline -n %d\n%s" % (len(out), "\n".join(out)), "console")


@neg("non_credential_blob")
def b_docker_digest():
    m = pick(MODULES)
    return pick(["Rollback til forrige image: `ghcr.io/norvia/%s@sha256:%s`" % (m, rhex(64)),
                 fence("$ docker pull registry.norvia.internal/%s:%s\n%s: Pulling from %s\nDigest: sha256:%s\nStatus: Downloaded newer image" % (m, pick(["2025.06.1", "2025.11.3", "2026.02.0"]), m, m, rhex(64)), "console")])


@neg("non_credential_blob")
def b_gradle_verif():
    out = []
    for _ in range(ri(1, 2)):
        ver = "%d.%d.%d" % (ri(1, 23), ri(0, 20), ri(0, 9))
        g, a = pick([("com.oracle.database.jdbc", "ojdbc11"), ("io.ktor", "ktor-server-core-jvm"), ("org.jetbrains.kotlinx", "kotlinx-coroutines-core-jvm"), ("com.fasterxml.jackson.core", "jackson-databind"), ("org.flywaydb", "flyway-database-oracle")])
        out.append('<component group="%s" name="%s" version="%s">\n   <artifact name="%s-%s.jar">\n      <sha256 value="%s" origin="Generated by Gradle"/>\n   </artifact>\n</component>' % (g, a, ver, a, ver, rhex(64)))
    return "verification-metadata.xml diff:\n" + fence("\n".join(out), "xml")


@neg("non_credential_blob")
def b_oracle_sqlid():
    out = ["SQL_ID        PLAN_HASH_VALUE EXECUTIONS ELAPSED_S MODULE"]
    for _ in range(ri(1, 5)):
        out.append("%s %15d %10d %9.1f %s" % (rs("0123456789abcdfghjkmnpqrstuvwxyz", 13), ri(10 ** 8, 4 * 10 ** 9), ri(1, 90000), R.random() * 3000, pick(["crewboard-api", "pairing-solver", "wo-sync", "JDBC Thin Client", "SQL*Plus"])))
    return fence("\n".join(out))


@neg("non_credential_blob")
def b_rowid_guid():
    return pick([
        "Raden som låser: ROWID `AAA%s%sAA%s` i MRO_OWN.WORK_ORDER" % (rs(ALNUM, 3), rs(ALNUM, 4), rs(ALNUM, 6)),
        "SYS_GUID() gir oss `%s` som WO-nøkkel, ikke pen, men unik" % rhex(32).upper(),
        "Import-batch `%s` feilet på rad %d" % (rhex(32).upper(), ri(1, 9000)),
        "Duplicate on `UK_WO_EXT_REF`: `%s` (samme AMOS-referanse to ganger)" % uuid4(),
    ])


@neg("non_credential_blob")
def b_json_logs():
    out = []
    for _ in range(ri(1, 4)):
        out.append(json.dumps({"ts": ts_iso(), "level": pick(["INFO", "WARN"]), "logger": pick(KPKG) + "." + pick(THEMEWORDS) + "Service",
                               "msg": pick(["pairing published", "WO synced", "NOTAM ingested", "rest check ok"]),
                               "trace_id": rhex(32), "span_id": rhex(16), "request_id": uuid4()}, ensure_ascii=False))
    return fence("\n".join(out), "json")


@neg("non_credential_blob")
def b_traceparent():
    return fence("GET /api/v3/pairings/%d HTTP/1.1\nHost: crewboard.%s.example\ntraceparent: 00-%s-%s-01\nx-request-id: %s\nX-Amzn-Trace-Id: Root=1-%s-%s\nIf-None-Match: W/\"%s\"" % (
        ri(100000, 999999), pick(["fjellfly", "kaamos", "jokull"]), rhex(32), rhex(16), uuid4(), "%08x" % ri(0x67000000, 0x6a000000), rhex(24), rhex(pick([16, 32]))), "http")


@neg("non_credential_blob")
def b_sha256sum():
    out = []
    for _ in range(ri(1, 4)):
        out.append("%s  %s" % (rhex(64), pick(["roster-export-%s.csv.gz" % date_iso(), "ftl-report-%s.pdf" % date_iso(), "hangarlog-%s.tar.gz" % pick(["2025.06.1", "2025.11.3"]), "navdata-AIRAC%d.zip" % pick([2501, 2507, 2513, 2602])])))
    return fence("$ sha256sum -c SHA256SUMS\n" + "\n".join(o.split("  ")[1] + ": OK" for o in out) + "\n$ cat SHA256SUMS\n" + "\n".join(out), "console")


@neg("non_credential_blob")
def b_npm_integrity():
    out = []
    for _ in range(ri(1, 4)):
        n = pick(["date-fns-tz", "@tanstack/react-table", "zod", "luxon", "ag-grid-community"])
        out.append('"node_modules/%s": {\n  "version": "%d.%d.%d",\n  "resolved": "https://registry.npmjs.org/%s/-/%s.tgz",\n  "integrity": "sha512-%s"\n}' % (n, ri(1, 30), ri(0, 20), ri(0, 9), n, n.split("/")[-1], b64(rbytes(64))))
    return fence(",\n".join(out), "json")


@neg("non_credential_blob")
def b_ssh_fp():
    return pick(["Vertsnøkkelen til SFTP-en hos %s endret seg, ny fingerprint: `SHA256:%s` — verifisert på telefon med driften deres." % (pick(CARRIERS), b64(rbytes(32)).rstrip("=")),
                 fence("The authenticity of host 'sftp.%s.example (%s)' can't be established.\nED25519 key fingerprint is SHA256:%s.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?" % (pick(["kaamos", "fjellfly"]), priv_ip(), b64(rbytes(32)).rstrip("=")), "console")])


@neg("non_credential_blob")
def b_sops():
    return fence("oracle:\n    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-north-1:111122223333:key/%s\n          enc: %s\n    lastmodified: \"%sZ\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (
        b64(rbytes(ri(12, 20))), b64(rbytes(32)), b64(rbytes(16)), uuid4(), trunc(b64(rbytes(120)), 90), ts_iso()[:19], b64(rbytes(32)), b64(rbytes(32)), b64(rbytes(16))), "yaml")


@neg("non_credential_blob")
def b_vault_transit():
    return "Kryptert med transit, så det er trygt å logge: `vault:v1:%s`" % b64(rbytes(ri(40, 70)))


@neg("non_credential_blob")
def b_cursor():
    cur = b64(json.dumps({"offset": ri(100, 9000), "base": pick(IATA), "sort": "dep_time"}, separators=(",", ":")).encode()).rstrip("=")
    return fence('{\n  "items": [ %s ],\n  "next_cursor": "%s",\n  "has_more": true\n}' % (", ".join('{"pairing": "P%d"}' % ri(1000, 9999) for _ in range(ri(1, 3))), cur), "json")


@neg("non_credential_blob")
def b_etag_md5():
    return fence("HTTP/2 200\ncontent-type: application/pdf\netag: \"%s-%d\"\nx-amz-version-id: %s\ncontent-md5: %s\nx-goog-hash: crc32c=%s, md5=%s\nlast-modified: Tue, 10 Jun 2025 08:%02d:%02d GMT" % (
        rhex(32), ri(2, 30), rs(ALNUM + "._", 32), b64(rbytes(16)), b64(rbytes(4)), b64(rbytes(16)), ri(0, 59), ri(0, 59)), "http")


@neg("non_credential_blob")
def b_s3_ls():
    out = []
    for _ in range(ri(2, 6)):
        out.append("%s %s %10d exports/%s/%s/%s.parquet" % (date_iso(), hm() + ":%02d" % ri(0, 59), ri(1000, 90000000), pick(CARRIER_CODE).lower(), date_iso(), uuid7()))
    return fence("$ aws s3 ls s3://norvia-ftl-exports-eu-north-1/ --recursive | tail\n" + "\n".join(out), "console")


@neg("non_credential_blob")
def b_ids():
    return pick([
        "Sentry: `%s` — samme NPE i FdpCalculator som i går" % rhex(32),
        "Jobb-ID i batch: `%s`" % ulid(),
        "Mongo-dokumentet for NOTAM-en har `_id: ObjectId(\"%s\")`" % rhex(24),
        "Kafka key for the event was `%s`, partition %d, offset %d" % (uuid7(), ri(0, 11), ri(10 ** 6, 10 ** 9)),
        "Pipeline #%d, jobb %d, artefakt `build-%s.tar.zst`" % (ri(10000, 99999), ri(10 ** 6, 10 ** 7), rhex(12)),
        "Correlation-ID från AMOS: `%s`" % uuid4().upper(),
    ])


@neg("non_credential_blob")
def b_software_pn():
    out = ["LSAP P/N             CRC32     SHA-256 (first 16)   STATUS"]
    for _ in range(ri(2, 5)):
        out.append("%-20s %s  %s     %s" % ("%s%d-%04d-%04d" % (rs(UP, 3), ri(10, 99), ri(0, 9999), ri(0, 9999)), rhex(8).upper(), rhex(16), pick(["LOADED", "VERIFIED", "MISMATCH"])))
    return "Dataload på %s etter FMS-oppdatering:\n" % tail() + fence("\n".join(out))


@neg("non_credential_blob")
def b_base64_text():
    txt = pick(["Roster published for %s" % pick(IATA), "WO %s closed" % wo(), "NOTAM A%04d/25 ingested" % ri(1, 9999), "rest ok %s" % flight()])
    return "Meldingen i køen er bare base64 av ren tekst: `%s` → «%s»" % (b64(txt.encode()), txt)


@neg("non_credential_blob")
def b_hexdump():
    out = []
    addr = 0
    for _ in range(ri(1, 4)):
        bs = rbytes(16)
        out.append("%08x  %s  |%s|" % (addr, " ".join("%02x" % b for b in bs), "".join(chr(b) if 32 <= b < 127 else "." for b in bs)))
        addr += 16
    return "ACARS-rammen som feiler CRC:\n" + fence("\n".join(out))


@neg("non_credential_blob")
def b_tf_state():
    return fence('{\n  "version": 4,\n  "terraform_version": "1.9.%d",\n  "serial": %d,\n  "lineage": "%s"\n}' % (ri(0, 8), ri(10, 900), uuid4()), "json") + "\n" + pick(["lineage matcher ikke remote state", "lineage stämmer inte", "lineage ei täsmää"])


@neg("non_credential_blob")
def b_gosum():
    out = []
    for _ in range(ri(1, 3)):
        m = pick(["github.com/prometheus/client_golang", "golang.org/x/crypto", "github.com/jackc/pgx/v5", "go.opentelemetry.io/otel"])
        v = "v%d.%d.%d" % (ri(0, 2), ri(0, 30), ri(0, 9))
        out.append("%s %s h1:%s" % (m, v, b64(rbytes(32))))
        out.append("%s %s/go.mod h1:%s" % (m, v, b64(rbytes(32))))
    return "notam-feed sidecar (Go) go.sum conflict:\n" + fence("\n".join(out))


# ---- pii_lookalike_number --------------------------------------------------
@neg("pii_lookalike_number")
def n_notam():
    ad = pick(ICAO)
    d = "%02d%02d%02d" % (pick([25, 26]), ri(1, 12), ri(1, 28))
    b = d + hhmm()
    c = d + hhmm()
    lat = "%02d%02dN" % (ri(55, 70), ri(0, 59))
    lon = "%03d%02d%s" % (ri(0, 30), ri(0, 59), "E" if not ad.startswith("BI") else "W")
    e = pick(["RWY %02d/%02d CLSD DUE TO WIP" % (ri(1, 18), ri(19, 36)), "ILS RWY %02d GP U/S" % ri(1, 36), "TWY B BTN B3 AND B5 CLSD", "OBST CRANE %s%s HGT %d FT AMSL" % (lat, lon, ri(120, 600)), "AD HR OF OPS %s-%s" % (hhmm(), hhmm())])
    return fence("%s%04d/%s NOTAMN\nQ) %s/QMRLC/IV/NBO/A/000/999/%s%s005\nA) %s B) %s C) %s\nE) %s" % (pick("ABC"), ri(1, 9999), d[:2], pick(["ENOR", "ESAA", "EFIN", "BIRD"]), lat, lon, ad, b, c, e))


@neg("pii_lookalike_number")
def n_duty_log():
    out = ["DATE       DUTY  REPORT  OFF    FDP    MAX    BLOCK  SECTORS"]
    for _ in range(ri(2, 9)):
        out.append("%s %-5s %s    %s   %s  %s  %s  %d" % (date_eu(), pick(["D", "D", "SBY", "RES", "DH"]), hhmm(), hhmm(), "%02d:%02d" % (ri(3, 13), ri(0, 59)), "%02d:%02d" % (ri(11, 13), pick([0, 15, 30, 45])), "%02d:%02d" % (ri(0, 9), ri(0, 59)), ri(0, 6)))
    return pick(["Duty-logg for linje %d (uten navn):" % ri(1, 80), "Tjänstgöringslogg, rad %d:" % ri(1, 80), "Työaikaloki, linja %d:" % ri(1, 80)]) + "\n" + fence("\n".join(out))


@neg("pii_lookalike_number")
def n_parts_table():
    out = ["| P/N | S/N | Qty | Unit price | WO |", "|---|---|---:|---:|---|"]
    for _ in range(ri(2, 6)):
        cur, amt = money()
        out.append("| %s | %s | %d | %s %s | %s |" % (pn(), sn(), ri(1, 12), cur, amt, wo()))
    return "\n".join(out)


@neg("pii_lookalike_number")
def n_fees():
    lines = []
    for _ in range(ri(2, 6)):
        cur, amt = money()
        lines.append("- %s %s: %s %s" % (pick(ICAO), pick(["landing fee", "handling", "de-icing (Type I/IV)", "parkering", "nattavgift", "hangar rent", "terminal charge", "passenger service charge"]), cur, amt))
    return pick(["Avgifter for %s i %s:" % (tail(), pick(MONTHS_NO)), "Fees billed for %s:" % tail(), "Maksut %s:" % tail()]) + "\n" + "\n".join(lines)


@neg("pii_lookalike_number")
def n_org_numbers():
    def no_org():
        while True:
            d = [ri(8, 9)] + [ri(0, 9) for _ in range(7)]
            s = sum(a * b for a, b in zip(d, [3, 2, 7, 6, 5, 4, 3, 2]))
            c = 11 - s % 11
            c = 0 if c == 11 else c
            if c != 10:
                x = "".join(map(str, d + [c]))
                return "%s %s %s" % (x[:3], x[3:6], x[6:])

    def se_org():
        x = luhn_complete("55%d%02d%04d" % (ri(0, 9), ri(20, 99), ri(0, 9999))[:9])
        return x[:6] + "-" + x[6:]

    def fi_y():
        while True:
            d = [ri(0, 9) for _ in range(7)]
            s = sum(a * b for a, b in zip(d, [7, 9, 10, 5, 8, 4, 2])) % 11
            if s == 1:
                continue
            c = 0 if s == 0 else 11 - s
            return "".join(map(str, d)) + "-" + str(c)

    def is_kt():
        while True:
            x = "%02d%02d%02d%02d" % (ri(41, 68), ri(1, 12), ri(0, 99), ri(10, 99))
            s = sum(int(a) * b for a, b in zip(x, [3, 2, 7, 6, 5, 4, 3, 2]))
            c = 11 - s % 11
            c = 0 if c == 11 else c
            if c != 10:
                return x[:6] + "-" + x[6:] + str(c) + "0"

    rows = [("NO", "Org.nr. %s MVA" % no_org()), ("SE", "Org.nr %s" % se_org()), ("FI", "Y-tunnus %s" % fi_y()), ("IS", "kt. %s" % is_kt())]
    R.shuffle(rows)
    return pick(["Leverandørregisteret for de nye kundene (bare selskaper):", "Kundregister, endast bolag:", "Asiakasrekisteri, vain yritykset:"]) + "\n" + "\n".join("%s  %-24s %s" % (c, pick(CARRIERS), v) for c, v in rows[:ri(2, 4)])


@neg("pii_lookalike_number")
def n_epoch():
    t = ri(1735689600, 1798761600)
    return pick(["`last_rest_end` = %d (epoch), det er %s UTC — ser riktig ut" % (t, datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")),
                 "Slack ts `%d.%06d` is the message where the roster got published" % (t, ri(0, 999999)),
                 "Kafka timestamp %d%03d ms, lag %d ms" % (t, ri(0, 999), ri(0, 90000)),
                 "ACARS OOOI: OUT %d OFF %d ON %d IN %d" % (t, t + ri(300, 900), t + ri(3000, 9000), t + ri(9100, 9900))])


@neg("pii_lookalike_number")
def n_private_net():
    if R.random() < 0.5:
        return pick(["EZConnect: `%s:1521/crewprd.norvia.internal`, failover `%s:1521`" % (priv_ip(), priv_ip()),
                     "Listener svarer på %s:2484 (TCPS), ikke på %s:1521" % (priv_ip(), priv_ip()),
                     "Lytteren i test: `lsnrctl status` viser HOST=%s PORT=1521" % priv_ip()])
    return fence("CREWPRD =\n  (DESCRIPTION =\n    (ADDRESS_LIST =\n      (ADDRESS = (PROTOCOL = TCP)(HOST = %s)(PORT = 1521))\n      (ADDRESS = (PROTOCOL = TCPS)(HOST = %s)(PORT = 2484))\n    )\n    (CONNECT_DATA = (SERVICE_NAME = crewprd.norvia.internal))\n  )" % (priv_ip(), priv_ip())) + "\n" + pick(["VPN-tunnelen til kunden bruker %s/%d" % (priv_ip().rsplit(".", 1)[0] + ".0", pick([24, 27, 28])), "Eksempel i docs: 192.0.2.%d og 198.51.100.%d" % (ri(1, 254), ri(1, 254)), ""])


@neg("pii_lookalike_number")
def n_versions():
    return pick([
        "Oracle DB er på 19.%d.0.0.%d (RU), ojdbc11 23.%d.0.%d.%02d" % (ri(20, 26), ri(240116, 251021), ri(3, 6), ri(24, 25), ri(1, 12)),
        "Crew-app Android versionCode %d, versionName %d.%d.%d build %d" % (ri(40000, 99999), ri(4, 5), ri(0, 20), ri(0, 9), ri(1000, 9999)),
        "HangarLog %d.%d.%d.%d installert på hangar-PCene (MSI)" % (ri(2024, 2026), ri(1, 12), ri(0, 9), ri(300, 9999)),
        "FMS software %s-%d.%d, nav DB AIRAC %d rev %d" % (rs(UP, 2), ri(10, 99), ri(0, 99), pick([2501, 2506, 2512, 2603]), ri(1, 3)),
        "Kotlin 2.%d.%d, Ktor 3.%d.%d, Gradle 8.%d — alt grønt" % (ri(0, 2), ri(0, 21), ri(0, 3), ri(0, 9), ri(8, 14)),
    ])


@neg("pii_lookalike_number")
def n_hours_cycles():
    out = ["TAIL    MSN    TSN(FH)     CSN     TSO(FH)  CSO   NEXT CHECK"]
    for _ in range(ri(2, 7)):
        out.append("%s  %d   %s:%02d  %6d  %6d   %5d  %s @ %d FH" % (tail(), ri(1000, 9999), "{:>7,}".format(ri(1000, 80000)).replace(",", " "), ri(0, 59), ri(1000, 90000), ri(0, 20000), ri(0, 9000), pick(["A-check", "C-check", "2Y", "ESN %d HSI" % ri(800000, 899999)]), ri(1000, 80000)))
    return fence("\n".join(out))


@neg("pii_lookalike_number")
def n_roster_csv():
    out = ["line;pairing;date;dep;arr;std;sta;flight;ac_type;pos"]
    for _ in range(ri(15, 30)):
        a, b = R.sample(IATA, 2)
        out.append("%d;P%05d;%s;%s;%s;%s;%s;%s;%s;%s" % (ri(1, 90), ri(10000, 99999), date_iso(), a, b, hhmm(), hhmm(), flight(), pick(TYPES).replace(" ", ""), pick(["CPT", "FO", "SCC", "CC"])))
    return "Anonymisert turnus-eksport til testmiljøet (ingen navn/ansattnr):\n" + fence("\n".join(out), "csv")


@neg("pii_lookalike_number")
def n_invoice():
    cur, amt = money()
    return pick([
        "Faktura %d fra %s, KID %d, forfall %s, beløp %s %s" % (ri(2025000000, 2026999999), pick(CARRIERS), ri(10 ** 9, 10 ** 11), date_eu(), cur, amt),
        "Faktura nr %d, OCR %d, %s %s, förfallodag %s" % (ri(100000, 999999), ri(10 ** 8, 10 ** 11), cur, amt, date_iso()),
        "Lasku %d, viitenumero %d %05d, eräpäivä %s, %s %s" % (ri(10000, 99999), ri(1000, 9999), ri(0, 99999), date_eu(), cur, amt),
        "Reikningur nr. %d, gjalddagi %s, upphæð %s %s" % (ri(10000, 99999), date_eu(), cur, amt),
        "PO %d / GR %d / credit note CN-%d-%04d: %s %s" % (ri(4500000000, 4599999999), ri(5000000000, 5099999999), pick([2025, 2026]), ri(1, 9999), cur, amt),
    ])


@neg("pii_lookalike_number")
def n_lot_dates():
    return pick([
        "Sealant lot %02d%02d%02d-%04d utløper %s, sjekk før bruk på %s" % (pick([25, 26]), ri(1, 12), ri(1, 28), ri(0, 9999), date_eu(), tail()),
        "Batch %d%02d%02d-%03d av O-ringene (P/N %s) er sperret" % (pick([2025, 2026]), ri(1, 12), ri(1, 28), ri(0, 999), pn()),
        "Kalibreringssertifikat nr %d-%04d, gyldig til %s" % (pick([2025, 2026]), ri(0, 9999), date_eu()),
    ])


@neg("pii_lookalike_number")
def n_radio():
    return pick([
        "%s TWR %.3f, APP %.3f, ATIS %.3f, ILS %02d %.2f" % (pick(ICAO), R.choice([118.3, 118.5, 119.1, 120.1]) + ri(0, 9) * 0.005, R.choice([119.6, 120.4, 121.2]) + ri(0, 9) * 0.005, R.choice([126.1, 127.15, 128.9]), ri(1, 36), R.choice([108.5, 109.9, 110.3, 111.15])),
        "SELCAL %s-%s, ICAO 24-bit %s, squawk %04o" % (rs("ABCDEFGHJKLMPQRS", 2), rs("ABCDEFGHJKLMPQRS", 2), rhex(6).upper(), ri(0, 0o7777)),
        "Posisjon %s: N%02d°%02d'%02d\" E%03d°%02d'%02d\", elev %d ft" % (pick(ICAO), ri(55, 78), ri(0, 59), ri(0, 59), ri(5, 30), ri(0, 59), ri(0, 59), ri(0, 1500)),
    ])


@neg("pii_lookalike_number")
def n_ticket_ids():
    return pick([
        "CREW-%d, MRO-%d og DG-%d er samme feil (WO-import dobler linjer)" % (ri(1000, 9999), ri(1000, 9999), ri(100, 999)),
        "Zendesk #%d fra %s gjelder %s, koblet til INC%07d" % (ri(100000, 999999), pick(CARRIERS), wo(), ri(0, 9999999)),
        "Ärende %d (%s) stängt, se CHG%07d" % (ri(10 ** 5, 10 ** 6), pick(CARRIERS), ri(0, 9999999)),
        "CVE-%d-%d påvirker ikke ojdbc, men vi oppgraderer likevel (GHSA-%s-%s-%s)" % (pick([2024, 2025]), ri(10000, 59999), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4)),
    ])


@neg("pii_lookalike_number")
def n_amm_tasks():
    out = []
    for _ in range(ri(2, 5)):
        out.append("%s-%02d-%02d-%03d-%03d  %s" % (pick(ATA), ri(0, 99), ri(0, 99), ri(200, 900), ri(801, 899), pick(["Removal of MLG wheel", "Ops test of PACK 1", "Borescope inspection HPT", "Replacement of brake assy", "Lubrication of NLG"])))
    return pick(["AMM-tasks på %s:" % wo(), "AMM tasks for %s:" % wo()]) + "\n" + fence("\n".join(out))


@neg("pii_lookalike_number")
def n_counts_bytes():
    return pick([
        "Exporten var {:,} rader / {:,} bytes".format(ri(10 ** 5, 10 ** 8), ri(10 ** 7, 10 ** 10)).replace(",", " "),
        "Tablespace MRO_DATA: {:,} blokker brukt av {:,}".format(ri(10 ** 6, 10 ** 8), ri(10 ** 8, 10 ** 9)).replace(",", " "),
        "p50 %d ms, p95 %d ms, p99 %d ms over %s requests" % (ri(10, 80), ri(80, 400), ri(400, 2000), "{:,}".format(ri(10 ** 5, 10 ** 7)).replace(",", " ")),
        "Heap dump %d bytes, %d objekter av typen RosterLeg" % (ri(10 ** 9, 4 * 10 ** 9), ri(10 ** 6, 10 ** 7)),
    ])


@neg("pii_lookalike_number")
def n_flight_plan():
    out = []
    for _ in range(ri(2, 6)):
        a, b = R.sample(ICAO, 2)
        out.append("%s %s %s%s %s %s %s" % (flight(), tail(), a, hhmm(), pick(["N0%d" % ri(250, 460), "M0%d" % ri(74, 79)]), pick(["F%03d" % ri(100, 390)]), b + "%02d%02d" % (ri(0, 3), ri(0, 59))))
    return pick(["Planlagte legs i morgen:", "Morgondagens ben:", "Huomisen legit:"]) + "\n" + fence("\n".join(out))


@neg("pii_lookalike_number")
def n_rate_limits():
    t = ri(1735689600, 1798761600)
    return fence("HTTP/1.1 429 Too Many Requests\nx-ratelimit-limit: %d\nx-ratelimit-remaining: 0\nx-ratelimit-reset: %d\nretry-after: %d\nx-request-id: %s" % (pick([600, 1200, 3000]), t, ri(1, 60), uuid4()), "http")


@neg("pii_lookalike_number")
def n_ports_cidrs():
    return "Brannmur-åpning for %s: %s → %s, TCP %s" % (pick(CARRIERS), "%s/%d" % (priv_ip(), pick([28, 29, 32])), "%s/%d" % (priv_ip(), pick([24, 32])), ", ".join(str(p) for p in sorted(R.sample([22, 443, 1521, 2484, 5671, 8443, 9092, 6379], ri(2, 4)))))


@neg("pii_lookalike_number")
def n_ean_sku():
    def ean13():
        while True:
            d = "7%02d%09d" % (ri(0, 99), ri(0, 999999999))
            s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d))
            x = d + str((10 - s % 10) % 10)
            return x
    return "Forbruksmateriell til hangaren: EAN %s (Skydrol, 1 gal), EAN %s (Mobil Jet Oil II), SKU %s-%d" % (ean13(), ean13(), rs(UP, 3), ri(1000, 99999))


# ---- talk_about_secrets ----------------------------------------------------
TALK = {
    "no": [
        "Husk å rotere Oracle-wallet-passordet før %s, det går ut etter 90 dager.",
        "Ikke lim inn fødselsnummer i Jira-saker, selv om kunden gjør det i e-posten.",
        "Slack-boten sitt token lå i en CI-logg i går; det er tilbakekalt og byttet.",
        "Kan vi slutte å sende passord på SMS til nye crew-brukere? Bruk engangslenke.",
        "Datatilsynet-revisjonen spør hvor vi lagrer telefonnummer og e-post til besetningen.",
        "Den private nøkkelen til SAML-signering ligger i HSM-en nå, ikke på disk.",
        "Hvem eier API-nøkkelen til AMOS-integrasjonen? Den har ikke vært rotert siden i fjor.",
        "Kunden sendte IBAN-en sin som skjermbilde i kanalen — jeg har slettet det.",
        "Vi maskerer kortnummer i hotellbookinger til de fire siste sifrene.",
        "Husk at personnummer og passnummer ikke skal med i test-dumpen fra prod.",
        "Secret-scanneren fant ingenting i hangarlog-repoet etter oppryddingen.",
        "Passordpolicyen for kiosk-brukerne i hangaren er 14 tegn og MFA.",
    ],
    "sv": [
        "Kom ihåg att byta lösenordet till testmiljön efter demon för %s.",
        "Personnummer får inte hamna i loggarna, maska dem i mappern.",
        "GitHub-token som låg i README:n är återkallad, ingen fara.",
        "IMY vill veta hur länge vi sparar besättningens telefonnummer.",
        "Vi har flyttat alla API-nycklar till Vault, inga fler i .env-filer.",
        "Kortuppgifterna för hotellgarantin går direkt till PSP:n, vi ser bara token.",
        "Skicka aldrig lösenord i Slack, använd 1Password-delning.",
        "Den privata nyckeln för SFTP:n till %s har roterats, den gamla är spärrad.",
        "Vem har admin-lösenordet till Oracle i staging? Det borde ligga i valvet.",
    ],
    "fi": [
        "Muista vaihtaa tietokannan salasana ennen %s julkaisua.",
        "Henkilötunnuksia ei saa kopioida tukipyyntöihin.",
        "API-avain vuoti lokiin, se on nyt mitätöity ja uusi on Vaultissa.",
        "Tietosuojavaltuutettu kysyi, miksi säilytämme miehistön puhelinnumeroita.",
        "Yksityinen avain on HSM:ssä, ei enää levyllä.",
        "Älä lähetä salasanoja Slackissa, käytä salasanojen jakopalvelua.",
        "IBAN-tiedot maskataan palkkaraportissa neljään viimeiseen merkkiin.",
    ],
    "is": [
        "Munið að skipta um lykilorð á prófunarþjóninum fyrir %s.",
        "Ekki setja kennitölur í Jira-mál, jafnvel þótt viðskiptavinurinn geri það.",
        "Slack-tókinn lak í CI-logg og hefur verið afturkallaður.",
        "Persónuvernd spyr hvar við geymum símanúmer og netföng áhafna.",
        "Einkalykillinn fyrir SAML er kominn í HSM.",
        "Sendið aldrei lykilorð hér, notið lykilorðaskápinn.",
    ],
    "en": [
        "Reminder: rotate the AMOS API key before %s, it expires after 90 days.",
        "Please don't paste crew passport numbers into support tickets.",
        "The leaked bot token from last week's CI log is revoked; no access was logged.",
        "Secret scanning on the crew-portal repo now blocks pushes with private keys.",
        "We only keep the last four digits of the corporate card in HangarLog.",
        "The auditor asked where SSNs of the US contractors are stored — answer: nowhere, payroll provider only.",
        "Who has the break-glass password for the Oracle prod wallet? It should be in the sealed envelope, not in someone's notes.",
        "Phone numbers in the roster export must be masked for carriers outside the EEA.",
        "The JWT signing key for crew-app is rotated monthly via the JWKS endpoint.",
        "IBANs from the supplier master must never be logged in clear text.",
    ],
}


def talk_sentence(lang=None):
    lang = lang or pick(list(TALK))
    s = pick(TALK[lang])
    if "%s" in s:
        s = s % pick(["fredag", "release 2025.11", "kundedemoen", "AIRAC %d" % pick([2507, 2508, 2601]), pick(CARRIERS), "juhannus", "jól", "end of month"])
    return s


@neg("talk_about_secrets")
def t_single():
    return talk_sentence()


@neg("talk_about_secrets")
def t_thread():
    n = ri(2, 5)
    return "\n".join(pick(["> ", "", "• "]) + talk_sentence() for _ in range(n))


@neg("talk_about_secrets")
def t_incident():
    lang = pick(["no", "en"])
    if lang == "no":
        head = "*Hendelse %s — token i logg*" % date_iso()
        body = ["Hva: Slack-bot-tokenet til roster-publish ble skrevet ut i debug-logg i %s." % pick(MODULES),
                "Varighet: ca. %d minutter før loggen ble slettet." % ri(5, 120),
                "Tiltak: token tilbakekalt, nytt token i Vault, loggnivå satt til INFO.",
                "Persondata: ingen (bare fly- og vaktdata).",
                "Oppfølging: secret-scanner i pipelinen, sak %s-%d." % (pick(["SEC", "CREW"]), ri(100, 999))]
    else:
        head = "*Incident summary %s — AWS key in Gradle cache*" % date_iso()
        body = ["What: an access key id and its secret ended up in a build cache artifact for %s." % pick(MODULES),
                "Exposure: artifact was internal only; CloudTrail shows no use outside our CI.",
                "Fix: key deactivated and deleted, CI moved to OIDC role assumption.",
                "Personal data: none involved.", "Follow-up: add pre-commit secret scanning, ticket SEC-%d." % ri(100, 999)]
    return head + "\n" + "\n".join("- " + b for b in body[:ri(3, len(body))])


@neg("talk_about_secrets")
def t_runbook():
    steps = pick([["Tilbakekall nøkkelen i AWS-konsollen.", "Lag ny nøkkel og legg den i Vault (`secret/data/<tjeneste>/prod`).", "Restart podene så de leser ny verdi.", "Sjekk CloudTrail for bruk av den gamle nøkkelen.", "Skriv kort hendelsesrapport i #sec."],
                  ["Återkalla token i Slack-appens inställningar.", "Skapa nytt token och spara i valvet.", "Uppdatera hemligheten i klustret.", "Verifiera att roster-publish fungerar.", "Dokumentera i ärendet."],
                  ["Mitätöi vuotanut salasana.", "Luo uusi salasana salasanaholvissa.", "Päivitä sovelluksen konfiguraatio.", "Tarkista kirjautumislokit.", "Ilmoita tietoturvatiimille."]])
    head = pick(["*Runbook: lekket hemmelighet*", "*Runbook: läckt token*", "*Ohje: vuotanut salasana*"])
    return head + "\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(steps))


@neg("talk_about_secrets")
def t_regex():
    return pick([
        "Regexen vår for norske mobilnumre (8 siffer, starter på 4 eller 9) slår ut på WO-numre. Vi må kreve +47 eller mellomrom-formatet.",
        "The Luhn check on 16-digit runs flags ESN/serial combos in the parts CSV — we need context words like 'kort' or 'card' before masking.",
        "Personnummer-mönstret matchar även organisationsnummer (556…), kolla månadssiffrorna först.",
        "Henkilötunnuksen tarkistusmerkki kannattaa validoida, muuten jokainen päivämäärä-erä tunnistetaan.",
        "Kennitala-regexið grípur líka fyrirtækjakennitölur, dagurinn er +40 hjá fyrirtækjum.",
        "IBAN detection should verify mod-97, otherwise every 'NO' + digits in NOTAMs gets masked.",
    ])


@neg("talk_about_secrets")
def t_faq():
    qa = [("Q: Kan jeg sende passordet på e-post til kunden?", "A: Nei. Bruk engangslenken fra passordhvelvet."),
          ("F: Var ska API-nycklar ligga?", "S: I Vault. Aldrig i repo, aldrig i Slack."),
          ("K: Saako henkilötunnuksen kirjoittaa tikettiin?", "V: Ei. Käytä työntekijän sisäistä viitettä."),
          ("Sp: Má setja kennitölu í Slack?", "Sv: Nei, notið starfsmannanúmerið í staðinn."),
          ("Q: Do we store full card numbers for hotel guarantees?", "A: No — the PSP holds them; we keep a token and the last four."),
          ("Q: Is a phone number in the roster export personal data?", "A: Yes, so the export masks it unless the carrier's DPA allows it.")]
    R.shuffle(qa)
    return pick(["*FAQ personvern/sikkerhet*", "*FAQ — secrets & PII*"]) + "\n" + "\n".join(a + "\n" + b for a, b in qa[:ri(2, 4)])


@neg("talk_about_secrets")
def t_vault_errors():
    return fence(pick([
        "Error making API request.\n\nURL: GET https://vault.norvia.internal/v1/secret/data/%s/prod\nCode: 403. Errors:\n\n* permission denied" % pick(MODULES),
        "ExternalSecret %s-oracle: could not get secret data from provider: key \"password\" not found in secret/data/%s" % (pick(MODULES), pick(MODULES)),
        "%s WARN  n.n.p.auth.WalletLoader - Oracle wallet at /opt/wallet could not be opened: ORA-28759: failure to open file (password not provided)" % ts_iso(),
        "error: failed to unseal: sealedsecrets.bitnami.com/v1alpha1: no key could decrypt secret (private key rotated?)",
    ])) + "\n" + pick(["Noen som vet hvorfor?", "Någon som vet?", "Tietääkö joku?", "any idea?", ""])


@neg("talk_about_secrets")
def t_meeting():
    items = [talk_sentence() for _ in range(ri(2, 5))]
    return pick(["*Notater fra sikkerhetsmøtet %s*" % date_eu(), "*Anteckningar säkerhetsmöte %s*" % date_iso(), "*Security sync %s*" % date_iso()]) + "\n" + "\n".join("• " + i for i in items)


@neg("talk_about_secrets")
def t_qa_pair():
    q = pick(["Hvor finner jeg passordet til staging-DB-en?", "Var hittar jag token för NOTAM-flödet?", "Mistä löydän AMOS-avaimen?", "Hvar er lykilorðið fyrir prófunargagnagrunninn?", "Where's the private key for the carrier SFTP?"])
    a = pick(["I Vault under teamets sti, be om tilgang i #sec.", "I valvet, du får läsrätt via IAM-gruppen.", "Vaultissa, pyydä oikeudet #sec-kanavalla.", "Í hvelfingunni, biddu um aðgang á #sec.", "In Vault — request access, don't DM it around."])
    return q + "\n> " + a


@neg("talk_about_secrets")
def t_gdpr():
    return pick([
        "Innsynskravet fra en kabinansatt gjelder alle data vi har: vaktlister, telefonnummer, e-post og kontonummer. Vi svarer via kundens personvernombud, ikke direkte.",
        "Radera-begäran: vi tar bort telefonnummer och e-post men behåller tjänstgöringshistorik enligt EASA-kravet (24 månader).",
        "Poistopyyntö: puhelinnumero ja sähköposti poistetaan, lentotunnit säilytetään viranomaisvaatimusten vuoksi.",
        "Beiðni um eyðingu: símanúmer og netfang eru fjarlægð, vaktasaga geymd í 24 mánuði.",
        "DPA with the carrier says we are processor for crew contact details and IBANs used for per-diem payouts; keep that in mind before exporting anything.",
    ])



# ---- extra one-line templates (keep the length mix realistic) --------------
@neg("data_uri_base64")
def d_one_img():
    return pick(["Signaturbildet i roster-mailen er bare `<img src=\"%s\">`, derfor blir mailen så stor.",
                 "Varför är ikonen `%s` inbäddad i varje rad i tabellen?",
                 "Kuvake `%s` pitäisi siirtää CDN:ään.",
                 "Táknið `%s` birtist ekki í Outlook.",
                 "placeholder for missing tail photo: `%s`"]) % any_image_uri(keep=pick([None, 90, 120]))


@neg("data_uri_base64")
def d_one_kotlin():
    return "`private val EMPTY_PIXEL = \"%s\"` — brukes når %s mangler bilde i HangarLog" % (uri("image/gif", make_gif((255, 255, 255))), pick(["P/N", "delen", "komponenten"]))


@neg("data_uri_base64")
def d_one_json():
    return '`{"wo":"%s","thumb":"%s","mime":"image/png"}`' % (wo(), uri("image/png", make_png(1, 1, rand_palette(1))))


@neg("placeholder_example")
def p_one_liners():
    return pick([
        "Sett `HANGARLOG_TOKEN=<din-token-her>` i `.env.local` og kjør `./gradlew run`.",
        "Ange `--password <lösenord>` bara lokalt, i CI kommer det från `$ORACLE_PASSWORD`.",
        "Aja `./seed.sh --api-key YOUR_API_KEY`, oikea avain tulee Vaultista.",
        "Settu `NOTAM_API_KEY=<lykill>` í umhverfisbreyturnar.",
        "`Authorization: Bearer <token>` — the token comes from `/oauth/token` with your client id.",
        "In de docs staat `%ORACLE_PWD%` voor Windows, bij ons heet het `$ORACLE_PWD`.",
        "Bruk `{{ secrets.amos_api_key }}` i Jinja-malen, ikke selve nøkkelen.",
        "Standardbrukeren i den lokale Keycloak-en er admin/admin, bare for dev.",
        "`ORACLE_PASSWORD=$(openssl rand -base64 18)` i bootstrap-skriptet, ingen faste verdier.",
        "Kortet vises som `•••• %04d` i bookingen, det er alt vi lagrer." % ri(0, 9999),
        "Kontonummeret i skjermbildet er sladdet til `NO** **** **%02d`." % ri(0, 99),
        "Personnummer maskeras som `ÅÅMMDD-****` i alla exporter.",
        "Puhelinnumero näkyy muodossa `+358 ** *** **%02d`." % ri(0, 99),
    ])


@neg("placeholder_example")
def p_one_prefix():
    return pick(["`sk-ant-api03-…` er formatet, men vi har ingen nøkkel ennå.",
                 "`ghp_************************************` i README-en er med vilje.",
                 "`xoxp-…` (user token) trenger vi ikke, bare `xoxb-…`.",
                 "`AKIAXXXXXXXXXXXXXXXX` i eksemplet, riktig id får du av plattformteamet.",
                 "`github_pat_<resten>` — limes inn i Actions-secreten, ikke her."])


@neg("code_identifier")
def c_one_liners():
    return pick([
        "`%s.%s#%s` kalles to ganger per publisering, se profilen." % (pick(KPKG), kclass(), kmeth()),
        "Pod `%s-%s-%s` restarter hvert 10. minutt." % (pick(["secret-rotator", "token-exchange", "pii-masker"]), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)),
        "ORA-00001: unique constraint (%s.UK_%s_%s) violated" % (pick(SCHEMAS), pick(["API_CLIENT", "CREW", "WO"]), pick(["TOKEN_HASH", "SECRET_ID", "EMAIL_HASH", "PHONE_HASH"])),
        "Klassen `%s` bör döpas om, den maskar ingenting." % kclass(),
        "`%s` on vanhentunut, käytä `%s`." % (kmeth(), kmeth()),
        "`fun %s(crewRef: CrewRef): %s` returnerer null for reserve-linjer" % (kmeth(), kclass()),
        "Feature flag `%s.%s.enabled` er av i prod." % (pick(MODULES), pick(["secret-rotation", "token-exchange", "pii-masking"])),
        "Terraform: `module.%s.aws_secretsmanager_secret.%s` må importeres." % (pick(MODULES).replace("-", "_"), pick(["oracle_password", "amos_api_key", "slack_bot_token"])),
    ])


@neg("code_identifier")
def c_one_sym():
    return pick(["Proguard bevarer `%s$Companion` men ikke `%s$WhenMappings`." % (kclass(), kclass()),
                 "Stacken stopper i `%s.access$get%s$p`." % (kclass(), pick(SECWORDS) + "Store"),
                 "GraphQL: `mutation rotate%s($crewRef: ID!)` svarer 500." % pick(SECWORDS),
                 "gRPC `/norvia.crew.v1.%s/%s` timeout etter 30 s." % (pick(["CrewAuthService", "PiiVault", "TokenExchange"]), "Rotate" + pick(SECWORDS))])


@neg("non_credential_blob")
def b_one_liners():
    return pick([
        "Rullet tilbake til `%s` (commit), deploy-id %s." % (rhex(40), ulid()),
        "Image-digest i prod: `sha256:%s`" % rhex(64),
        "ETag `\"%s\"` endres ikke selv om PDF-en er ny, cache-bug?" % rhex(32),
        "x-request-id `%s` fra kunden, finner den ikke i loggene." % uuid4(),
        "Trace `%s` viser 4 s i Oracle-kallet." % rhex(32),
        "Bygget artefakt `hangarlog-%s.jar`, sha1 `%s`." % (pick(["2025.06.1", "2025.11.3"]), rhex(40)),
        "Cursoren `%s` gir tom side." % b64(json.dumps({"after": ri(100, 99999)}).encode()).rstrip("="),
        "SRI: `integrity=\"sha384-%s\"`" % b64(rbytes(48)),
        "Kafka offset %d, key `%s`" % (ri(10 ** 5, 10 ** 8), uuid7()),
    ])


@neg("pii_lookalike_number")
def n_one_liners():
    return pick([
        "%s står AOG på %s, %s venter på del %s (S/N %s)." % (tail(), pick(IATA), wo(), pn(), sn()),
        "%s forsinket %d min, ny STD %s, crew legal til %s." % (flight(), ri(5, 240), hm(), hm()),
        "Landingsavgift %s %s %s, fakturert %s." % ((pick(ICAO),) + money() + (date_eu(),)),
        "MEL %s-%02d-%02d kategori %s, utløper %s." % (pick(ATA), ri(1, 99), ri(1, 9), pick("ABCD"), date_eu()),
        "Block %s:%02d, duty %s:%02d, FDP-grense %s:%02d." % (ri(1, 9), ri(0, 59), ri(5, 13), ri(0, 59), ri(11, 13), pick([0, 15, 30, 45])),
        "Hotellnatt i %s: %s %s per rom, %d rom." % ((pick(["TOS", "LYR", "KEF", "RVN"]),) + money() + (ri(2, 12),)),
    ])


@neg("talk_about_secrets")
def t_single2():
    return talk_sentence()


@neg("talk_about_secrets")
def t_single3():
    lang = pick(list(TALK))
    return talk_sentence(lang) + " " + talk_sentence(lang)





# one-liners weigh double in the template rotation (realistic length mix)
for _cat, _fn in [("data_uri_base64", d_one_img), ("placeholder_example", p_one_liners), ("placeholder_example", p_one_prefix),
                  ("code_identifier", c_one_liners), ("non_credential_blob", b_one_liners), ("pii_lookalike_number", n_one_liners),
                  ("talk_about_secrets", t_single2)]:
    neg(_cat)(_fn)

# ---------------------------------------------------------------------------
# POSITIVES: secret generators
# ---------------------------------------------------------------------------
FIRST = ["Ingrid", "Kari", "Ola", "Sigrid", "Håkon", "Mikael", "Elin", "Johan", "Linnea", "Aino", "Mikko", "Jukka",
         "Elina", "Guðrún", "Sigurður", "Jón", "Katrín", "Bjørn", "Astrid", "Väinö", "Freyja", "Oskar"]
LAST = ["Solberg", "Haugen", "Berg", "Lindqvist", "Karlsson", "Nyström", "Virtanen", "Korhonen", "Mäkinen",
        "Jónsdóttir", "Sigurðsson", "Gunnarsdóttir", "Dahl", "Strand", "Eriksson", "Lehtonen", "Ólafsson", "Bakke"]
DOMAINS = ["fjellfly.no", "nordlysair.no", "norrsken-regional.se", "kaamosair.fi", "jokullair.is", "skerrywings.no",
           "norvia.no", "norviasystems.com", "hangartek.se", "revontuli-mro.fi", "vikhangar.is"]


def person():
    return pick(FIRST) + " " + pick(LAST)


def ascii_fold(s):
    tbl = {"å": "a", "ä": "a", "ö": "o", "ø": "o", "æ": "ae", "ð": "d", "þ": "th", "ú": "u", "ó": "o", "í": "i", "é": "e", "á": "a", "ý": "y"}
    return "".join(tbl.get(c, c) for c in s.lower())


def g_email(name=None):
    name = name or person()
    f, l = name.split(" ", 1)
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s" % f, "%s.%s" % (f[0], l)])
    return ascii_fold(local).replace(" ", "") + "@" + pick(DOMAINS)


def g_phone(country=None):
    c = country or pick(["NO", "SE", "FI", "IS"])
    if c == "NO":
        d = pick("49") + "%07d" % ri(0, 9999999)
        return pick(["+47 %s %s %s" % (d[:3], d[3:5], d[5:]), "+47 %s %s %s %s" % (d[:2], d[2:4], d[4:6], d[6:]), "%s %s %s" % (d[:3], d[3:5], d[5:]), "0047%s" % d, "+47%s" % d])
    if c == "SE":
        d = "7" + pick("02369") + "%07d" % ri(0, 9999999)
        return pick(["+46 %s %s %s %s" % (d[:2], d[2:5], d[5:7], d[7:]), "0%s-%s %s %s" % (d[:2], d[2:5], d[5:7], d[7:]), "+46%s" % d])
    if c == "FI":
        pre = pick(["40", "41", "44", "45", "50"])
        d = "%07d" % ri(0, 9999999)
        return pick(["+358 %s %s %s" % (pre, d[:3], d[3:]), "0%s %s %s" % (pre, d[:3], d[3:]), "+358%s%s" % (pre, d)])
    d = pick("678") + "%06d" % ri(0, 999999)
    return pick(["+354 %s %s" % (d[:3], d[3:]), "%s-%s" % (d[:3], d[3:]), "+354%s" % d])


def g_iban(country=None):
    c = country or pick(["NO", "SE", "FI", "IS", "DK", "DE"])
    if c == "NO":
        while True:
            b = "%04d%02d%04d" % (ri(1000, 9999), ri(0, 99), ri(0, 9999))
            w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
            s = sum(int(a) * x for a, x in zip(b, w))
            k = 11 - s % 11
            k = 0 if k == 11 else k
            if k != 10:
                bban = b + str(k)
                break
    elif c == "SE":
        bban = "%03d%017d" % (pick([500, 600, 300, 800, 950]), ri(0, 10 ** 17 - 1))
        bban = bban[:3] + "0" + bban[4:]
    elif c == "FI":
        bban = "%06d" % ri(100000, 899999) + "%08d" % ri(0, 99999999)
    elif c == "IS":
        kt = "%02d%02d%02d%02d" % (ri(1, 28), ri(1, 12), ri(60, 99), ri(20, 99))
        bban = "%04d%02d%06d" % (ri(100, 600), pick([26, 15, 0]), ri(0, 999999)) + kt + "%d%d" % (ri(0, 9), 9)
    elif c == "DK":
        bban = "%014d" % ri(0, 10 ** 14 - 1)
    else:
        bban = "%08d%010d" % (ri(10000000, 89999999), ri(0, 10 ** 10 - 1))
    v = iban_make(c, bban)
    assert iban_ok(v)
    return pick([v, group4(v), group4(v)])


def g_password():
    w = pick(["Fjord", "Hangar", "Roster", "Norrsken", "Kaamos", "Jokull", "Vinter", "Polar", "Tromso", "Lofoten", "Sauna", "Geysir", "Taxi", "Pushback", "Bravo"])
    return pick([w + pick("!#%&?.") + rs(DI, ri(2, 4)) + pick(["", "x", "Q", "z"]) + pick(LO) * 2,
                 rs(ALNUM, ri(14, 22)),
                 w.lower() + "-" + pick(["heis", "snø", "sno", "bil", "fly", "kaffe", "kahvi", "kaffi"]) + "-" + rs(DI, 3) + "-" + pick(UP) + rs(LO, 3),
                 rs(ALNUM, 6) + pick("!%^*") + rs(ALNUM, 8)])


def g_url_pw():
    return pick([rs(ALNUM, ri(16, 28)), g_password().replace("#", "x").replace("?", "q").replace("%", "p").replace("&", "8")])


def g_ipv4():
    while True:
        s = "%d.%d.%d.%d" % (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(s):
            return s


def g_akia():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(B32, 16)


def g_aws_secret():
    return rs(UP + LO + DI + "/+", 40)


def g_jwt():
    alg = pick(["HS256", "RS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = rs(ALNUM, 16)
    iat = ri(1735689600, 1798761600)
    pl = pick([{"sub": "crew:%d" % ri(10000, 99999), "iss": "https://auth.norvia.no", "aud": "crew-app", "roles": ["CREW", pick(["CPT", "FO", "CC"])], "base": pick(IATA), "iat": iat, "exp": iat + 3600},
               {"sub": "svc-%s" % pick(MODULES), "scope": "wo:read wo:write", "tenant": pick(CARRIER_CODE), "iat": iat, "exp": iat + 900},
               {"sub": rhex(24), "name": person(), "iss": "https://login.%s" % pick(DOMAINS), "iat": iat, "exp": iat + 7200}])
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(pl, separators=(",", ":"), ensure_ascii=False).encode())
    sig = b64u(rbytes(32 if alg == "HS256" else 256))
    return "%s.%s.%s" % (h, p, sig)


def g_card():
    kind = pick(["visa", "visa", "mc", "mc2", "amex"])
    if kind == "visa":
        d = luhn_complete("4" + rs(DI, 14))
    elif kind == "mc":
        d = luhn_complete("5" + pick("12345") + rs(DI, 13))
    elif kind == "mc2":
        d = luhn_complete("22" + str(ri(21, 99)) + rs(DI, 11))
    else:
        d = luhn_complete("3" + pick("47") + rs(DI, 12))
    if len(d) == 15:
        return pick([d, "%s %s %s" % (d[:4], d[4:10], d[10:])])
    return pick([d, " ".join(d[i:i + 4] for i in range(0, 16, 4)), "-".join(d[i:i + 4] for i in range(0, 16, 4))])


def g_openai():
    k = pick(["proj", "legacy", "svc"])
    if k == "proj":
        return "sk-proj-" + rs(ALNUM + "-_", 74) + "T3BlbkFJ" + rs(ALNUM + "-_", 74)
    if k == "svc":
        return "sk-svcacct-" + rs(ALNUM + "-_", 74) + "T3BlbkFJ" + rs(ALNUM + "-_", 74)
    return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)


def g_anthropic():
    return "sk-ant-api03-" + rs(ALNUM + "-_", 93) + "AA"


def g_slack_bot():
    return "xoxb-%d-%d-%s" % (ri(10 ** 10, 10 ** 13 - 1), ri(10 ** 12, 10 ** 13 - 1), rs(ALNUM, 24))


def g_slack_user():
    return "xoxp-%d-%d-%d-%s" % (ri(10 ** 10, 10 ** 12), ri(10 ** 10, 10 ** 12), ri(10 ** 12, 10 ** 13), rhex(32))


B62 = DI + UP + LO


def g_ghp():
    body = rs(ALNUM, 30)
    c = zlib.crc32(body.encode()) & 0xFFFFFFFF
    s = ""
    for _ in range(6):
        s = B62[c % 62] + s
        c //= 62
    return "ghp_" + body + s


def g_ghfg():
    return "github_pat_11" + rs(UP + DI, 20) + "_" + rs(ALNUM, 59)


def g_ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    return pick(["%03d-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))] * 3 + ["%03d %02d %04d" % (a, ri(1, 99), ri(1, 9999))])


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


def pem_body(kind):
    if kind == "EC":
        d = der(0x30, b"\x02\x01\x01" + der(0x04, rbytes(32)) + der(0xA0, bytes.fromhex("06082a8648ce3d030107")) + der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))
        label = "EC PRIVATE KEY"
    elif kind == "ED25519":
        d = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        label = "PRIVATE KEY"
    elif kind == "RSA":
        def big(n):
            b = bytearray(rbytes(n))
            b[0] |= 0x80
            return bytes(b)
        parts = [b"\x00", big(256), b"\x01\x00\x01", big(256), big(128), big(128), big(128), big(128), big(128)]
        d = der(0x30, b"".join(der_int_bytes(p) if i else der(0x02, b"\x00") for i, p in enumerate(parts)))
        label = "RSA PRIVATE KEY"
    else:
        def sstr(b):
            return struct.pack(">I", len(b)) + b
        pub = rbytes(32)
        pubblob = sstr(b"ssh-ed25519") + sstr(pub)
        chk = rbytes(4)
        priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(b"deploy@hangarlog")
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        d = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
        label = "OPENSSH PRIVATE KEY"
    s = b64(d)
    width = 70 if kind == "OPENSSH" else 64
    return label, [s[i:i + width] for i in range(0, len(s), width)]




def log_pad(line, lo=0, hi=12):
    """Surround one log line with ordinary service log lines (no secrets, private addresses only)."""
    before, after = [], []
    for target in (before, after):
        for _ in range(ri(lo, hi) // 2):
            target.append("%s %s [%s] %s.%s - %s" % (
                ts_iso(), pick(["INFO ", "DEBUG", "INFO ", "WARN "]), pick(["main", "ktor-cio-%d" % ri(1, 9), "DefaultDispatcher-worker-%d" % ri(1, 8), "scheduler-1"]),
                pick(KPKG), pick(THEMEWORDS) + pick(["Service", "Job", "Client", "Repository"]),
                pick(["published pairing P%05d for %s" % (ri(10000, 99999), pick(IATA)), "synced %s (%s)" % (wo(), tail()),
                      "rest check ok line=%d" % ri(1, 90), "NOTAM A%04d/%d ingested for %s" % (ri(1, 9999), pick([25, 26]), pick(ICAO)),
                      "HikariPool-1 - Added connection oracle.jdbc.driver.T4CConnection@%s" % rhex(8),
                      "GET /health 200 %d ms from %s" % (ri(1, 30), priv_ip()), "FDP recalculated for %d legs" % ri(1, 400)])))
    return "\n".join(before + [line] + after)

# ---------------------------------------------------------------------------
# POSITIVES: templates.  Each returns (text, [(kind, value), ...]).
# ---------------------------------------------------------------------------
POS = {}


def pos(key):
    def deco(fn):
        POS.setdefault(key, []).append(fn)
        return fn
    return deco


# phone_number
@pos("phone_number")
def ph1():
    p = g_phone("NO")
    if R.random() < 0.5:
        return "Ring meg på %s hvis AOG-en på %s drar ut, jeg har hangarvakt i natt." % (p, tail()), [("phone_number", p)]
    rows = ["| %s | %s | %s |" % (d, pick(["B1", "B2", "Mech", "Stores"]), "se vaktrom") for d in ["man", "tir", "ons", "tor", "fre"]]
    k = ri(0, 4)
    rows[k] = rows[k].replace("se vaktrom", p)
    return "Vaktliste linjevedlikehold %s, uke %d:\n| Dag | Rolle | Telefon |\n|---|---|---|\n%s" % (pick(IATA), ri(1, 52), "\n".join(rows)), [("phone_number", p)]


@pos("phone_number")
def ph2():
    p = g_phone("SE")
    return "Nytt nummer till hangarjouren på %s: %s (gäller från måndag)" % (pick(["ARN", "GOT", "BMA", "LLA"]), p), [("phone_number", p)]


@pos("phone_number")
def ph3():
    if R.random() < 0.5:
        p = g_phone("FI")
        return "Soita %s, niin käydään läpi miten %s suljetaan ennen aamun lentoa." % (p, wo()), [("phone_number", p)]
    p = g_phone("IS")
    return "Náðu í mig í síma %s ef %s kemst ekki í loftið fyrir kl. %s." % (p, tail(), hm()), [("phone_number", p)]




@pos("phone_number")
def ph5():
    p = g_phone()
    return ("Export from the crew profile (emergency contact), customer asks why it is visible:\n"
            + fence("crew_ref: C-%d\nbase: %s\nemergency_contact:\n  relation: %s\n  phone: \"%s\"" % (ri(1000, 9999), pick(IATA), pick(["spouse", "parent", "sibling"]), p), "yaml")), [("phone_number", p)]


@pos("phone_number")
def ph6():
    p = g_phone()
    return fence(log_pad("%s WARN  [sms-notifier-%d] n.n.c.notify.SmsGateway - delivery failed to=%s reason=ABSENT_SUBSCRIBER pairing=P%05d" % (ts_iso(), ri(1, 4), p, ri(10000, 99999)))), [("phone_number", p)]


# email_address
@pos("email_address")
def em1():
    e = g_email()
    return pick(["Send den signerte CRS-en for %s til %s før 18Z, takk." % (tail(), e),
                 "Skicka fakturan till %s i stället för den gamla adressen." % e,
                 "Lähetä vuorolistan muutospyyntö osoitteeseen %s." % e,
                 "Sendu vaktaskýrsluna á %s fyrir föstudag." % e]), [("email_address", e)]


@pos("email_address")
def em2():
    e = g_email()
    return fence(json.dumps({"ts": ts_iso(), "level": "INFO", "logger": "no.norvia.crewboard.notify.MailSender", "msg": "roster published", "to": e, "period": pick(MONTHS_NO)}, ensure_ascii=False), "json"), [("email_address", e)]




@pos("email_address")
def em4():
    e = g_email()
    return "Bounce fra kundens Exchange:\n" + fence("550 5.1.1 <%s>: Recipient address rejected: User unknown in virtual mailbox table" % e), [("email_address", e)]


# iban
@pos("iban")
def ib1():
    v = g_iban("NO")
    cur, amt = money()
    return "Vennligst betal handling-fakturaen (%s %s) til %s, merk betalingen med fakturanummer %d." % (cur, amt, v, ri(202500000, 202699999)), [("iban", v)]


@pos("iban")
def ib2():
    v = g_iban("SE")
    return "Vårt bankkonto har ändrats. Ny IBAN: %s, BIC %s. Gäller alla fakturor från %s." % (v, pick(["ESSESESS", "HANDSESS", "SWEDSESS", "NDEASESS"]), date_iso()), [("iban", v)]


@pos("iban")
def ib3():
    v = g_iban("FI")
    return "Päivärahat maksetaan tilille %s, korjatkaa palkkajärjestelmään." % v, [("iban", v)]


@pos("iban")
def ib4():
    v = g_iban("IS")
    return "Reikningsnúmer fyrir varahlutina: %s (SWIFT %s)" % (v, pick(["NBIIISRE", "ESJAISRE", "ARIOISRE"])), [("iban", v)]


@pos("iban")
def ib5():
    v = g_iban()
    return fence("supplier_id;name;country;iban;currency\n%d;%s;%s;%s;%s" % (ri(1000, 9999), pick(["Polar Hangar Services AS", "Arctic Spares AB", "Revontuli Tekniikka Oy", "Vík Flugþjónusta ehf."]), v[:2], v.replace(" ", ""), pick(["NOK", "SEK", "EUR", "ISK"])), "csv"), [("iban", v.replace(" ", ""))]


@pos("iban")
def ib6():
    v = g_iban().replace(" ", "")
    return fence("INSERT INTO mro_own.supplier_bank (supplier_id, iban, valid_from)\nVALUES (%d, '%s', DATE '%s');" % (ri(1000, 9999), v, date_iso()), "sql"), [("iban", v)]


# password
@pos("password")
def pw1():
    p = g_password()
    extra = ["server.port=8080", "spring.datasource.hikari.maximum-pool-size=%d" % ri(5, 40), "management.endpoints.web.exposure.include=health,info",
             "crewboard.legality.ruleset=EASA_ORO_FTL", "crewboard.publish.cutoff=%s" % hm(), "logging.level.no.norvia=INFO",
             "spring.jpa.open-in-view=false", "crewboard.notam.poll-interval=PT%dM" % ri(1, 15), "spring.flyway.enabled=true"]
    R.shuffle(extra)
    return fence("\n".join(extra[:ri(0, 9)] + ["spring.datasource.url=jdbc:oracle:thin:@//db-prod-0%d.norvia.internal:1521/CREWPRD" % ri(1, 3), "spring.datasource.username=CREW_APP", "spring.datasource.password=%s" % p]), "properties"), [("password", p)]


@pos("password")
def pw2():
    p = g_password().replace("/", "x").replace("@", "a")
    return "Kjør bare:\n" + fence("sqlplus crew_app/%s@//db-stg-01.norvia.internal:1521/CREWSTG @fix_pairing_%d.sql" % (p, ri(100, 999)), "bash"), [("password", p)]


@pos("password")
def pw3():
    p = g_password()
    return pick(["Passordet til hangar-kiosken er %s inntil videre." % p,
                 "Lösenordet till testmiljön för %s: %s" % (pick(CARRIERS), p),
                 "Uusi salasana DutyGuard-adminiin: %s" % p,
                 "Lykilorðið fyrir prófunarumhverfið er %s" % p]), [("password", p)]


@pos("password")
def pw4():
    p = g_password().replace('"', "")
    return fence('val ds = OracleDataSource().apply {\n    url = "jdbc:oracle:thin:@//%s:1521/MROPRD"\n    user = "MRO_APP"\n    setPassword("%s")\n}' % (priv_ip(), p), "kotlin"), [("password", p)]


@pos("password")
def pw5():
    p = g_password().replace(";", "")
    return fence('"ConnectionStrings": {\n  "Ftl": "User Id=FTL_APP;Password=%s;Data Source=ftl-db.norvia.internal:1521/FTLPRD"\n}' % p, "json"), [("password", p)]


@pos("password")
def pw6():
    p = g_password()
    return fence("services:\n  oracle:\n    image: gvenzl/oracle-free:23-slim\n    environment:\n      ORACLE_PASSWORD: \"%s\"\n      APP_USER: hangarlog" % p, "yaml") + "\n" + pick(["(samme som i prod, må byttes)", "samma som prod!", ""]), [("password", p)]


# url_credentials
@pos("url_credentials")
def ur1():
    p = g_url_pw()
    return fence("SPRING_RABBITMQ_ADDRESSES=amqps://crewboard:%s@mq.prod.norvia.internal:5671/roster" % p), [("url_credentials", p)]


@pos("url_credentials")
def ur2():
    p = g_url_pw()
    return fence("$ git clone https://ci-bot:%s@git.norvia.no/mro/hangarlog.git\nCloning into 'hangarlog'..." % p, "console"), [("url_credentials", p)]


@pos("url_credentials")
def ur3():
    p = g_url_pw()
    c = pick(["fjellfly", "kaamos", "jokull", "norrsken"])
    return "Rosterfilene hentes fra `sftp://%s_crew:%s@sftp.%s.no/inbound/rosters` hver natt kl. 0200." % (c, p, c), [("url_credentials", p)]


@pos("url_credentials")
def ur4():
    p = g_url_pw()
    return fence("cache:\n  redis:\n    url: redis://:%s@redis-roster.prod.norvia.internal:6379/0" % p, "yaml"), [("url_credentials", p)]


@pos("url_credentials")
def ur5():
    p = g_url_pw()
    return fence(log_pad("%s ERROR [main] n.n.ftl.report.Export - cannot connect postgresql://reporting:%s@pg-report.norvia.internal:5432/ftl (timeout)" % (ts_iso(), p), 4, 18)), [("url_credentials", p)]


@pos("url_credentials")
def ur6():
    p = g_url_pw()
    return "pip.conf på byggserveren:\n" + fence("[global]\nindex-url = https://deploy:%s@nexus.norvia.no/repository/pypi/simple" % p, "ini"), [("url_credentials", p)]


# ipv4_address
@pos("ipv4_address")
def ip1():
    i = g_ipv4()
    return "Kan dere whiteliste %s i brannmuren? Det er NAT-adressen til %s sin hangar." % (i, pick(CARRIERS)), [("ipv4_address", i)]


@pos("ipv4_address")
def ip2():
    i = g_ipv4()
    lines = ['%s - - [%02d/Jun/2025:%s:%02d +0000] "GET /api/v3/pairings HTTP/1.1" 200 %d "-" "okhttp/4.12.0"' % (priv_ip(), ri(1, 28), hm(), ri(0, 59), ri(1000, 90000)) for _ in range(ri(0, 12))]
    lines.insert(ri(0, len(lines)), '%s - - [%02d/Jun/2025:%s:%02d +0000] "POST /api/v3/rosters/publish HTTP/1.1" 403 %d "-" "okhttp/4.12.0"' % (i, ri(1, 28), hm(), ri(0, 59), ri(100, 900)))
    return "nginx foran crewboard, den ene 403-en er fra utsiden:\n" + fence("\n".join(lines)), [("ipv4_address", i)]


@pos("ipv4_address")
def ip3():
    i = g_ipv4()
    return fence("resource \"aws_security_group_rule\" \"carrier_sftp\" {\n  type        = \"ingress\"\n  from_port   = 22\n  to_port     = 22\n  protocol    = \"tcp\"\n  cidr_blocks = [\"%s/32\"]\n}" % i, "hcl"), [("ipv4_address", i)]


@pos("ipv4_address")
def ip4():
    i = g_ipv4()
    return pick(["Trafiken kommer från %s, är det ert VPN?" % i, "IP-talan hjá þeim er %s, getið þið opnað fyrir hana?" % i, "Liikenne tulee osoitteesta %s." % i]), [("ipv4_address", i)]


@pos("ipv4_address")
def ip5():
    i = g_ipv4()
    return fence("%s bastion-01 sshd[%d]: Failed password for invalid user oracle from %s port %d ssh2" % (pick(["Jun 11 03:14:07", "Nov 02 22:41:19"]), ri(1000, 60000), i, ri(1024, 65000)), "console"), [("ipv4_address", i)]


# aws_access_key_id
@pos("aws_access_key_id")
def ak1():
    k = g_akia()
    return "Hvem lagde %s? Den dukker opp i CloudTrail med s3:GetObject mot norvia-ftl-exports." % k, [("aws_access_key_id", k)]


@pos("aws_access_key_id")
def ak2():
    k = g_akia()
    pre = ["[%s] > Task :ftl-report:%s" % (hm(), pick(["compileKotlin", "test", "jar", "assemble", "bootJar"])) for _ in range(ri(0, 10))]
    return fence("\n".join(pre + ["+ export AWS_ACCESS_KEY_ID=%s" % k, "+ aws s3 cp build/ftl-report.pdf s3://norvia-ftl-exports-eu-north-1/%s/" % date_iso(), "upload: build/ftl-report.pdf to s3://norvia-ftl-exports-eu-north-1/"]), "console"), [("aws_access_key_id", k)]


@pos("aws_access_key_id")
def ak3():
    k = g_akia()
    return pick(["Nyckeln %s ligger fortfarande i Jenkins-jobben för %s." % (k, pick(MODULES)), "Avain %s on yhä käytössä wo-sync-palvelussa." % k]), [("aws_access_key_id", k)]


# aws_secret_access_key
@pos("aws_secret_access_key")
def as1():
    s = g_aws_secret()
    return fence("[profile ftl-export]\nregion = eu-north-1\naws_secret_access_key = %s" % s, "ini"), [("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def as2():
    s = g_aws_secret()
    return fence('provider "aws" {\n  region     = "eu-north-1"\n  secret_key = "%s"\n}' % s, "hcl") + "\n" + pick(["hvorfor står denne i repoet??", "vem checkade in det här?"]), [("aws_secret_access_key", s)]


@pos("aws_secret_access_key")
def as3():
    s = g_aws_secret()
    return "Secret-delen til eksportnøkkelen er `%s`, access key id sender jeg i DM." % s, [("aws_secret_access_key", s)]


# jwt
@pos("jwt")
def jw1():
    t = g_jwt()
    return fence("curl -s https://api.norvia.no/v3/pairings?base=%s \\\n  -H \"Authorization: Bearer %s\"" % (pick(IATA), t), "bash"), [("jwt", t)]


@pos("jwt")
def jw2():
    t = g_jwt()
    return fence(log_pad("%s DEBUG [ktor-cio-%d] n.n.p.auth.JwtFilter - incoming token=%s" % (ts_iso(), ri(1, 9), t), 2, 16)), [("jwt", t)]


@pos("jwt")
def jw3():
    t = g_jwt()
    return pick(["Testa med denna token, den gäller en timme: %s" % t, "Tässä token crew-appin testiin: %s" % t, "Prøv med dette tokenet: %s" % t]), [("jwt", t)]


@pos("jwt")
def jw4():
    t = g_jwt()
    return "localStorage fra crew-portalen:\n" + fence('{\n  "cp.session": {\n    "access_token": "%s",\n    "expires_in": 3600\n  }\n}' % t, "json"), [("jwt", t)]


# credit_card
@pos("credit_card")
def cc1():
    c = g_card()
    return "Hotellet i %s vil ha garanti for crew-rommene: firmakort %s, utløper %02d/%d." % (pick(["TOS", "LYR", "BOO", "EVE"]), c, ri(1, 12), ri(26, 30)), [("credit_card", c)]


@pos("credit_card")
def cc2():
    c = g_card()
    return pick(["Kortnummer: %s, giltigt till %02d/%d, för hotellet i Kiruna." % (c, ri(1, 12), ri(26, 30)),
                 "Korttinumero %s, voimassa %02d/%d — hotellivaraus Rovaniemelle." % (c, ri(1, 12), ri(26, 30)),
                 "Kortanúmer %s gildir til %02d/%d." % (c, ri(1, 12), ri(26, 30))]), [("credit_card", c)]


@pos("credit_card")
def cc3():
    c = g_card().replace(" ", "").replace("-", "")
    return fence("date;merchant;amount;currency;card\n%s;%s;%d,%02d;%s;%s" % (date_iso(), pick(["Radisson Tromso", "Scandic Lulea", "Lapland Hotels", "Hotel Keflavik"]), ri(900, 9000), ri(0, 99), pick(["NOK", "SEK", "EUR", "ISK"]), c), "csv"), [("credit_card", c)]


@pos("credit_card")
def cc4():
    c = g_card().replace(" ", "").replace("-", "")
    return fence('{"booking": "HB-%d", "guarantee": {"pan": "%s", "exp": "%02d%d", "holder": "NORVIA CREW TRAVEL"}}' % (ri(10000, 99999), c, ri(1, 12), ri(26, 30)), "json"), [("credit_card", c)]


# openai / anthropic
@pos("openai_api_key")
def oa1():
    k = g_openai()
    return fence("# notam-summarizer/.env\nOPENAI_API_KEY=%s\nMODEL=gpt-4o-mini" % k), [("openai_api_key", k)]


@pos("openai_api_key")
def oa2():
    k = g_openai()
    return fence('val client = OpenAIOkHttpClient.builder()\n    .apiKey("%s")\n    .build()' % k, "kotlin"), [("openai_api_key", k)]


@pos("openai_api_key")
def oa3():
    k = g_openai()
    return pick(["Lånte nøkkelen %s til NOTAM-oppsummeringen, bytter den i morgen." % k, "Lånade nyckeln %s till NOTAM-sammanfattaren." % k]), [("openai_api_key", k)]


@pos("anthropic_api_key")
def an1():
    k = g_anthropic()
    return fence("curl https://api.anthropic.com/v1/messages \\\n  -H \"x-api-key: %s\" \\\n  -H \"anthropic-version: 2023-06-01\" \\\n  -d @notam_batch.json" % k, "bash"), [("anthropic_api_key", k)]


@pos("anthropic_api_key")
def an2():
    k = g_anthropic()
    return fence("defect-classifier:\n  provider: anthropic\n  apiKey: %s\n  maxTokens: 1024" % k, "yaml"), [("anthropic_api_key", k)]


@pos("anthropic_api_key")
def an3():
    k = g_anthropic()
    return pick(["Prøvde ANTHROPIC_API_KEY=%s lokalt, funker for feilkodeklassifiseringen." % k, "Käytin avainta %s ATA-luokittelun testiin." % k]), [("anthropic_api_key", k)]


# private_key_pem
def pem_block(kind, layout):
    label, lines = pem_body(kind)
    if layout == "plain":
        body = "\n".join(lines)
        text = "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, body, label)
        return text, body
    if layout == "yaml":
        ind = "    "
        body = ("\n" + ind).join(lines)
        text = "%s-----BEGIN %s-----\n%s%s\n%s-----END %s-----" % (ind, label, ind, body, ind, label)
        return text, body
    if layout == "json":
        body = "\\n".join(lines)
        text = "-----BEGIN %s-----\\n%s\\n-----END %s-----\\n" % (label, body, label)
        return text, body
    raise ValueError


@pos("private_key_pem")
def pk1():
    kind = pick(["EC", "ED25519", "RSA", "OPENSSH"])
    t, v = pem_block(kind, "plain")
    return pick(["Her er nøkkelen til SFTP-en hos %s, legg den i Vault og slett meldingen:" % pick(CARRIERS), "Nyckeln för SAML-signering:", "the deploy key for hangarlog, sorry for pasting:"]) + "\n" + fence(t), [("private_key_pem", v)]


@pos("private_key_pem")
def pk2():
    kind = pick(["EC", "ED25519", "RSA"])
    t, v = pem_block(kind, "yaml")
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-signing\nstringData:\n  tls.key: |\n%s" % (pick(MODULES), t.replace("\n    ", "\n    ")), "yaml"), [("private_key_pem", v)]


@pos("private_key_pem")
def pk3():
    kind = pick(["EC", "ED25519"])
    t, v = pem_block(kind, "json")
    return fence('{\n  "type": "service_account",\n  "client_id": "%d",\n  "private_key": "%s"\n}' % (ri(10 ** 17, 10 ** 18), t), "json"), [("private_key_pem", v)]


# slack tokens
@pos("slack_bot_token")
def sb1():
    t = g_slack_bot()
    return fence("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=%s" % (t, pick(CHANNELS)), "properties"), [("slack_bot_token", t)]


@pos("slack_bot_token")
def sb2():
    t = g_slack_bot()
    return fence('val slack = Slack.getInstance()\nval resp = slack.methods("%s").chatPostMessage { it.channel("%s").text("Roster published") }' % (t, pick(CHANNELS)), "kotlin"), [("slack_bot_token", t)]


@pos("slack_bot_token")
def sb3():
    t = g_slack_bot()
    return pick(["Roster-publish-boten bruker %s, kan noen flytte den til Vault?" % t, "Botin token on %s — siirretään Vaultiin." % t]), [("slack_bot_token", t)]


@pos("slack_user_token")
def su1():
    t = g_slack_user()
    return fence("curl -s -H \"Authorization: Bearer %s\" \"https://slack.com/api/conversations.history?channel=C%s&limit=200\"" % (t, rs(UP + DI, 10)), "bash"), [("slack_user_token", t)]


@pos("slack_user_token")
def su2():
    t = g_slack_user()
    return pick(["Brukte mitt eget token (%s) for å eksportere kanalen, det var dumt." % t, "Jag använde min user token %s för exporten." % t, "export script ran with my user token %s, rotating now" % t]), [("slack_user_token", t)]


# github
@pos("github_classic_pat")
def gc1():
    t = g_ghp()
    return fence("# ~/.gradle/gradle.properties\ngpr.user=norvia-ci\ngpr.key=%s" % t, "properties"), [("github_classic_pat", t)]


@pos("github_classic_pat")
def gc2():
    t = g_ghp()
    return fence("$ git remote set-url origin https://%s@github.com/norvia/crew-portal.git" % t, "console"), [("github_classic_pat", t)]


@pos("github_classic_pat")
def gc3():
    t = g_ghp()
    return pick(["Bruk PAT-en min inntil videre: %s (utløper om 7 dager)" % t, "Min PAT för npm-paketen: %s" % t, "//npm.pkg.github.com/:_authToken=%s" % t]), [("github_classic_pat", t)]


@pos("github_fine_grained_pat")
def gf1():
    t = g_ghfg()
    return fence("- name: Checkout shared ftl-rules\n  uses: actions/checkout@v4\n  with:\n    repository: norvia/ftl-rules\n    token: %s" % t, "yaml"), [("github_fine_grained_pat", t)]


@pos("github_fine_grained_pat")
def gf2():
    t = g_ghfg()
    return pick(["Ny fine-grained token med bare read på hangarlog: %s" % t, "Fine-grained PAT för release-jobben: %s" % t, "Uusi token: %s (vain luku)" % t]), [("github_fine_grained_pat", t)]


# us_ssn
@pos("us_ssn")
def ss1():
    s = g_ssn()
    return "Den amerikanske A&P-mekanikeren trenger lønn fra %s; SSN er %s ifølge W-9-en." % (pick(["juni", "juli", "august"]), s), [("us_ssn", s)]


@pos("us_ssn")
def ss2():
    s = g_ssn()
    return fence("Name:          %s\nFAA cert no.:  %d\nSSN:           %s\nBase:          %s" % (person(), ri(2000000, 3999999), s, pick(IATA))), [("us_ssn", s)]


@pos("us_ssn")
def ss3():
    s = g_ssn().replace(" ", "-")
    return fence("emp_no,country,tax_id,start\n%d,US,%s,%s" % (ri(20000, 29999), s, date_iso()), "csv"), [("us_ssn", s)]


@pos("us_ssn")
def ss4():
    s = g_ssn()
    return fence('{"contractor": "C-%d", "w9": {"tin_type": "SSN", "tin": "%s"}}' % (ri(100, 999), s), "json"), [("us_ssn", s)]


# ---- multi-secret templates ----
@pos("aws_access_key_id+aws_secret_access_key")
def m_aws1():
    k, s = g_akia(), g_aws_secret()
    return fence("[%s]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-north-1" % (pick(["mro-prod", "ftl-export", "default"]), k, s), "ini"), [("aws_access_key_id", k), ("aws_secret_access_key", s)]


@pos("aws_access_key_id+aws_secret_access_key")
def m_aws2():
    k, s = g_akia(), g_aws_secret()
    return fence('val creds = StaticCredentialsProvider.create(\n    AwsBasicCredentials.create("%s", "%s")\n)' % (k, s), "kotlin"), [("aws_access_key_id", k), ("aws_secret_access_key", s)]


@pos("aws_access_key_id+aws_secret_access_key")
def m_aws3():
    k, s = g_akia(), g_aws_secret()
    return pick(["Midlertidig for eksporten: nøkkel %s / hemmelighet %s" % (k, s), "Använd %s och %s tills OIDC är på plats." % (k, s)]), [("aws_access_key_id", k), ("aws_secret_access_key", s)]


@pos("aws_access_key_id+aws_secret_access_key")
def m_aws4():
    k, s = g_akia(), g_aws_secret()
    return fence("cloud:\n  aws:\n    credentials:\n      access-key: %s\n      secret-key: %s\n    region:\n      static: eu-north-1" % (k, s), "yaml"), [("aws_access_key_id", k), ("aws_secret_access_key", s)]


SIG_ROLE = {"no": ["Technical Records", "Vedlikeholdskontroll", "Crew Planning"], "sv": ["Teknisk planering", "Besättningsplanering"],
            "fi": ["Huoltosuunnittelu", "Miehistösuunnittelu"], "is": ["Viðhaldsstjórnun", "Áhafnaskipulag"], "en": ["Customer Success", "Integration Engineer"]}


@pos("email_address+phone_number")
def m_sig():
    lang = pick(["no", "sv", "fi", "is", "en"])
    name = person()
    e = g_email(name)
    cty = {"no": "NO", "sv": "SE", "fi": "FI", "is": "IS", "en": pick(["NO", "SE"])}[lang]
    p = g_phone(cty)
    greet = {"no": "Med vennlig hilsen", "sv": "Med vänlig hälsning", "fi": "Ystävällisin terveisin", "is": "Með kveðju", "en": "Best regards"}[lang]
    tel = {"no": "Tlf", "sv": "Tel", "fi": "Puh.", "is": "Sími", "en": "Mobile"}[lang]
    body = pick(["Se vedlagt oppdatert MEL-liste for %s." % tail(), "Vi behöver en ny export av schemat för %s." % pick(MONTHS_NO), "Työmääräin %s on valmis." % wo(), "Vélin %s er tilbúin." % tail(), "Please see the attached WO list."])
    return "Videresendt fra kunden:\n> %s\n>\n> %s\n> %s\n> %s, %s\n> %s: %s\n> %s" % (body, greet, name, pick(SIG_ROLE[lang]), pick(CARRIERS), tel, p, e), [("phone_number", p), ("email_address", e)]


@pos("iban+email_address")
def m_iban_email():
    v = g_iban(pick(["NO", "SE", "FI", "IS"]))
    e = g_email()
    cur, amt = money()
    return pick(["Faktura for hangarleie (%s %s): betal til %s, send remittering til %s." % (cur, amt, v, e),
                 "Please remit %s %s to %s and send the payment advice to %s." % (cur, amt, v, e)]), [("iban", v), ("email_address", e)]


@pos("url_credentials+ipv4_address")
def m_url_ip():
    p, i = g_url_pw(), g_ipv4()
    return pick(["ACARS-filene ligger på `ftp://acars:%s@%s/outbound/`" % (p, i),
                 fence("ROSTER_PUSH_URL=https://svc_export:%s@%s:8443/api/v2/rosters" % (p, i))]), [("url_credentials", p), ("ipv4_address", i)]


@pos("password+ipv4_address")
def m_pw_ip():
    p, i = g_password(), g_ipv4()
    return "DB-en hos kunden står på %s, bruker CREW_RO, passord %s — bare lesetilgang." % (i, p), [("ipv4_address", i), ("password", p)]


@pos("slack_bot_token+slack_user_token")
def m_slack():
    b, u = g_slack_bot(), g_slack_user()
    return fence("# roster-publish/.env\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s  # only for channel export" % (b, u), "properties"), [("slack_bot_token", b), ("slack_user_token", u)]


@pos("github_classic_pat+github_fine_grained_pat")
def m_gh():
    c, f = g_ghp(), g_ghfg()
    return "Gammel token %s er revoket? Den nye er %s" % (c, f), [("github_classic_pat", c), ("github_fine_grained_pat", f)]


@pos("openai_api_key+anthropic_api_key")
def m_llm():
    o, a = g_openai(), g_anthropic()
    return fence("# defect-text-classifier benchmark\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nDATASET=wo_defects_%s.jsonl" % (o, a, date_iso()), "bash"), [("openai_api_key", o), ("anthropic_api_key", a)]


@pos("credit_card+phone_number")
def m_cc_ph():
    c, p = g_card(), g_phone("NO")
    return "Booket crew-hotell i Bodø, betalt med %s. Resepsjonen: %s." % (c, p), [("credit_card", c), ("phone_number", p)]


@pos("us_ssn+email_address")
def m_ssn_em():
    name = person()
    s, e = g_ssn(), g_email(name)
    return "Contractor onboarding (US): %s, SSN %s, e-mail %s — can payroll take it from here?" % (name, s, e), [("us_ssn", s), ("email_address", e)]


@pos("private_key_pem+password")
def m_pem_pw():
    t, v = pem_block(pick(["EC", "RSA"]), "plain")
    p = g_password()
    return "Keystore for SAML-signering, keystore-passordet er %s\n%s" % (p, fence(t)), [("password", p), ("private_key_pem", v)]


# ---------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------
NEG_CATS = ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob",
            "pii_lookalike_number", "talk_about_secrets"]

SINGLE_PLAN = {"phone_number": 5, "email_address": 3, "iban": 7, "password": 8, "url_credentials": 7,
               "ipv4_address": 7, "aws_access_key_id": 6, "aws_secret_access_key": 5, "jwt": 9, "credit_card": 9,
               "openai_api_key": 7, "anthropic_api_key": 7, "private_key_pem": 8, "slack_bot_token": 8,
               "slack_user_token": 8, "github_classic_pat": 9, "github_fine_grained_pat": 8, "us_ssn": 9}
MULTI_PLAN = {"aws_access_key_id+aws_secret_access_key": 4, "email_address+phone_number": 4,
              "iban+email_address": 2, "url_credentials+ipv4_address": 2, "password+ipv4_address": 1,
              "slack_bot_token+slack_user_token": 1, "github_classic_pat+github_fine_grained_pat": 1,
              "openai_api_key+anthropic_api_key": 2, "credit_card+phone_number": 1, "us_ssn+email_address": 1,
              "private_key_pem+password": 1}


def validate_secret(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        d = re.sub(r"[ -]", "", v)
        a, g, s = int(d[:3]), int(d[3:5]), int(d[5:])
        assert len(d) == 9 and a not in (0, 666) and a < 900 and g and s, v
    elif kind == "ipv4_address":
        assert ip_public(v), v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        base64.b64decode(body, validate=True)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v)
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v)
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v)
    elif kind == "slack_bot_token":
        assert v.startswith("xoxb-")
    elif kind == "slack_user_token":
        assert v.startswith("xoxp-")
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and v.endswith("AA")
    elif kind == "openai_api_key":
        assert v.startswith("sk-") and "T3BlbkFJ" in v
    elif kind == "email_address":
        assert re.fullmatch(r"[a-z0-9._]+@[a-z0-9.-]+\.[a-z]{2,}", v), v


def build_negatives():
    out = []
    seen = set()
    redraws = {}
    used_templates = {}
    for cat in NEG_CATS:
        tmpls = list(NEG[cat])
        order = []
        while len(order) < 100:
            block = list(range(len(tmpls)))
            R.shuffle(block)
            order += block
        order = order[:100]
        redraws[cat] = 0
        for idx in order:
            for attempt in range(400):
                text = decorate(tmpls[idx]())
                if text in seen or scan(text):
                    redraws[cat] += 1
                    continue
                break
            else:
                raise RuntimeError("template %s/%s cannot produce a clean text: %r" % (cat, tmpls[idx].__name__, scan(text)))
            seen.add(text)
            used_templates.setdefault(cat, set()).add(tmpls[idx].__name__)
            out.append({"text": text, "category": cat})
    R.shuffle(out)
    recs = []
    for i, r in enumerate(out):
        recs.append({"id": "%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]})
    return recs, redraws, {k: len(v) for k, v in used_templates.items()}


def _spans_of(text, value):
    spans = []
    start = 0
    while True:
        k = text.find(value, start)
        if k < 0:
            return spans
        spans.append((k, k + len(value)))
        start = k + 1


def pos_clean(text, secrets):
    labelled = []
    for kind, v in secrets:
        sp = _spans_of(text, v)
        if not sp:
            return False
        labelled += sp
    for name, (a, b), _ in scan(text):
        if not any(a < y and x < b for x, y in labelled):
            return False
    return True


def build_positives():
    jobs = []
    for kind, n in SINGLE_PLAN.items():
        jobs += [kind] * n
    for key, n in MULTI_PLAN.items():
        jobs += [key] * n
    assert len(jobs) == 150
    R.shuffle(jobs)
    counters = {}
    out = []
    seen = set()
    redraws = 0
    for key in jobs:
        tmpls = POS[key]
        c = counters.get(key, 0)
        counters[key] = c + 1
        ti = c % len(tmpls)
        for attempt in range(200):
            text, secrets = tmpls[ti]()
            text = decorate(text, 0.05, 0.03)
            for kind, v in secrets:
                validate_secret(kind, v)
            if text in seen or not pos_clean(text, secrets):
                redraws += 1
                continue
            break
        else:
            raise RuntimeError("positive template %s failed" % tmpls[ti].__name__)
        seen.add(text)
        if "+" in key:
            ctx = "multi:%s:t%d" % (key, ti)
        elif key == "private_key_pem":
            ctx = "private_key_pem:t%d" % ti
        else:
            ctx = "%s:t%d" % (key, ti)
        out.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    recs = []
    for i, r in enumerate(out):
        recs.append({"id": "%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return recs, redraws


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def line_stats(texts):
    ls = [t.count("\n") + 1 for t in texts]
    return {"n": len(ls), "single": sum(1 for x in ls if x == 1), "ten_plus": sum(1 for x in ls if x >= 10),
            "twenty_plus": sum(1 for x in ls if x >= 20), "min": min(ls), "max": max(ls)}


def main():
    negs, neg_redraws, neg_tmpl = build_negatives()
    poss, pos_redraws = build_positives()
    # final assertions
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    for r in negs:
        assert not scan(r["text"]), (r["id"], scan(r["text"]))
    assert len(poss) == 150
    nsec = sum(len(r["secrets"]) for r in poss)
    assert nsec == 170, nsec
    assert sum(1 for r in poss if len(r["secrets"]) == 2) == 20
    for r in poss:
        for s in r["secrets"]:
            assert s["value"] in r["text"]
    write_jsonl(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), negs)
    write_jsonl(os.path.join(HERE, "redaction%d_positives.jsonl" % N), poss)
    if "--stats" in sys.argv:
        print("negatives:", line_stats([r["text"] for r in negs]))
        print("positives:", line_stats([r["text"] for r in poss]))
        for cat in NEG_CATS:
            ts = [r["text"] for r in negs if r["category"] == cat]
            st = line_stats(ts)
            print("  %-22s n=%d templates=%d/%d lines %d/%d single=%d 10+=%d redraws=%d" % (cat, st["n"], neg_tmpl[cat], len(NEG[cat]), st["min"], st["max"], st["single"], st["ten_plus"], neg_redraws[cat]))
        kinds = {}
        for r in poss:
            for s in r["secrets"]:
                kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
        for k in sorted(kinds):
            print("  %-26s %d" % (k, kinds[k]))
        print("positive redraws:", pos_redraws)
        ctx = {}
        for r in poss:
            base = r["context"].rsplit(":", 1)[0]
            ctx[base] = ctx.get(base, 0) + 1
        print("contexts:", json.dumps(ctx, sort_keys=True))
    for name in ("negatives", "positives"):
        p = os.path.join(HERE, "redaction%d_%s.jsonl" % (N, name))
        print("%s %s" % (hashlib.sha256(open(p, "rb").read()).hexdigest(), os.path.basename(p)))


if __name__ == "__main__":
    main()
