#!/usr/bin/env python3
"""Blind redaction corpus #20: a fintech payments-engineering team's Slack.

Standard library only. Deterministic: random.Random(2020). Writes
redaction20_negatives.jsonl and redaction20_positives.jsonl next to itself.
"""
import base64
import datetime as dt
import hashlib
import hmac
import ipaddress
import json
import math
import os
import random
import re
import string
import struct
import sys
import zlib

SEED = 2020
HERE = os.path.dirname(os.path.abspath(__file__))
R = random.Random(SEED)

# ----------------------------------------------------------------------------
# small random helpers (all take the rng explicitly)
# ----------------------------------------------------------------------------
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
UPNUM = string.ascii_uppercase + string.digits
B64URL = ALNUM + "-_"


def rs(r, alphabet, n):
    return "".join(r.choice(alphabet) for _ in range(n))


def hx(r, n, up=False):
    s = "".join(r.choice("0123456789abcdef") for _ in range(n))
    return s.upper() if up else s


def dg(r, n, lead=False):
    s = "".join(r.choice(string.digits) for _ in range(n))
    if lead and s[0] == "0":
        s = str(r.randint(1, 9)) + s[1:]
    return s


def rb(r, n):
    return bytes(r.getrandbits(8) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode()


def b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uuid4(r):
    b = bytearray(rb(r, 16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid(r):
    return "01J" + rs(r, CROCK, 23)


BASE_DT = dt.datetime(2025, 9, 1, 0, 0, 0)


def rdt(r):
    return BASE_DT + dt.timedelta(seconds=r.randrange(0, 320 * 86400))


def iso(r, d=None, ms=True):
    d = d or rdt(r)
    s = d.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % r.randrange(1000)
    return s + "Z"


def epoch(d):
    return int((d - dt.datetime(1970, 1, 1)).total_seconds())


def wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


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
    for c in string.digits:
        if luhn_ok(prefix + c):
            return prefix + c
    raise AssertionError


def luhn_break(s):
    """Return s with its last digit changed so that it is NOT Luhn valid."""
    if not luhn_ok(s):
        return s
    return s[:-1] + str((int(s[-1]) + 1) % 10)


def iban_num(s):
    return "".join(str(int(c, 36)) for c in s)


def iban_ok(s):
    s = s.replace(" ", "").upper()
    if len(s) < 15 or not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", s):
        return False
    return int(iban_num(s[4:] + s[:4])) % 97 == 1


def make_iban(cc, bban):
    chk = 98 - int(iban_num(bban + cc + "00")) % 97
    return f"{cc}{chk:02d}{bban}"


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


# ----------------------------------------------------------------------------
# payments domain helpers (negatives and positives)
# ----------------------------------------------------------------------------
BICS = ["DEUTDEFFXXX", "COBADEFFXXX", "BNPAFRPPXXX", "INGBNL2AXXX", "BARCGB22XXX",
        "NWBKGB2LXXX", "CHASUS33XXX", "CITIUS33XXX", "RABONL2UXXX", "UNCRITMMXXX",
        "BSCHESMMXXX", "HSBCGB2LXXX", "SOGEFRPPXXX", "BOFAUS3NXXX", "DABADKKKXXX",
        "NDEAFIHHXXX", "PKOPPLPWXXX", "BKAUATWWXXX", "UBSWCHZH80A", "ABNANL2AXXX",
        "KREDBEBBXXX", "GEBABEBBXXX", "BBVAESMMXXX", "CAIXESBBXXX", "BCITITMMXXX",
        "SMBCJPJTXXX", "BOTKJPJTXXX", "ICBKCNBJXXX", "DBSSSGSGXXX", "ESSESESSXXX",
        "HANDSESSXXX", "SWEDSESSXXX", "BPOTBEB1XXX", "CCBPFRPPXXX", "MIDLGB22XXX"]

MCCS = [("5411", "Grocery Stores, Supermarkets"), ("5812", "Eating Places, Restaurants"),
        ("5814", "Fast Food Restaurants"), ("4111", "Commuter Transport"),
        ("4121", "Taxicabs/Limousines"), ("5541", "Service Stations"),
        ("7011", "Lodging - Hotels"), ("4829", "Money Transfer"),
        ("6011", "Financial Institutions - ATM"), ("5999", "Misc. Retail"),
        ("5734", "Computer Software Stores"), ("7995", "Betting/Gambling"),
        ("5311", "Department Stores"), ("4814", "Telecom Services"),
        ("5967", "Direct Marketing - Inbound Teleservices"), ("4511", "Airlines"),
        ("5912", "Drug Stores, Pharmacies"), ("7399", "Business Services NEC"),
        ("6012", "Financial Institutions - Merchandise"), ("5691", "Clothing Stores")]

CCYS = [("EUR", "978", 2), ("USD", "840", 2), ("GBP", "826", 2), ("JPY", "392", 0),
        ("CHF", "756", 2), ("PLN", "985", 2), ("SEK", "752", 2), ("BRL", "986", 2),
        ("CAD", "124", 2), ("DKK", "208", 2), ("NOK", "578", 2), ("CZK", "203", 2)]

FX = {"EURUSD": 1.0842, "GBPUSD": 1.2671, "USDJPY": 151.37, "EURGBP": 0.8556,
      "EURCHF": 0.9612, "EURPLN": 4.3127, "USDBRL": 5.0412, "EURSEK": 11.4213,
      "USDCAD": 1.3614, "EURDKK": 7.4603, "EURNOK": 11.5092, "EURCZK": 25.183,
      "GBPEUR": 1.1687, "EURJPY": 164.11}

BIN6 = ["476173", "455673", "492181", "535522", "542418", "222300", "510510",
        "601100", "374245", "371449", "416598", "453201", "520082", "557039",
        "489537", "402360", "676770", "356600", "622126", "406032"]

RESP = [("00", "Approved"), ("05", "Do not honour"), ("51", "Insufficient funds"),
        ("54", "Expired card"), ("55", "Incorrect PIN"), ("57", "Txn not permitted"),
        ("61", "Exceeds withdrawal limit"), ("91", "Issuer unavailable"),
        ("96", "System malfunction"), ("14", "Invalid card number"),
        ("1A", "SCA required"), ("N7", "CVV2 mismatch"), ("65", "Soft decline")]


def masked_pan(r, style=None):
    b = r.choice(BIN6)
    last4 = dg(r, 4)
    style = style if style is not None else r.randrange(7)
    n = 15 if b.startswith("37") else 16
    mid = n - 10
    if style == 0:
        return b + "*" * mid + last4
    if style == 1:
        return b[:4] + " " + b[4:] + "** **** " + last4
    if style == 2:
        return "**** **** **** " + last4
    if style == 3:
        return b + "X" * mid + last4
    if style == 4:
        return "•••• " + last4
    if style == 5:
        return b[:4] + "-" + b[4:] + "XX-XXXX-" + last4
    return "*" * (n - 4) + last4


def rrn(r, d=None):
    d = d or rdt(r)
    return f"{d.year % 10}{d.timetuple().tm_yday:03d}{d.hour:02d}{dg(r, 6)}"


def stan(r):
    return dg(r, 6)


def authcode(r):
    return rs(r, UPNUM, 6) if r.random() < 0.5 else dg(r, 6)


def tid(r):
    k = r.randrange(3)
    if k == 0:
        return dg(r, 8)
    if k == 1:
        return r.choice("PTKA") + dg(r, 7)
    return rs(r, UPNUM, 8)


def mid(r):
    return dg(r, 15) if r.random() < 0.6 else rs(r, UPNUM, 15)


def arn(r, d=None):
    d = d or rdt(r)
    body = "7" + r.choice(BIN6) + f"{d.year % 10}{d.timetuple().tm_yday:03d}" + dg(r, 11)
    return luhn_complete(body)


def amount(r, lo=1, hi=250000, dec=2):
    v = r.randint(lo * 100, hi * 100)
    return v if dec else v // 100


def fmt_amt(minor, dec=2, style="en"):
    if dec == 0:
        whole, frac = minor, None
    else:
        whole, frac = divmod(minor, 10 ** dec)
    w = f"{whole:,}"
    if style == "de":
        w = w.replace(",", ".")
        return w + ("," + f"{frac:0{dec}d}" if frac is not None else "")
    if style == "fr":
        w = w.replace(",", "\u202f")
        return w + ("," + f"{frac:0{dec}d}" if frac is not None else "")
    if style == "ch":
        w = w.replace(",", "'")
    return w + ("." + f"{frac:0{dec}d}" if frac is not None else "")


def fxrate(r, pair):
    base = FX[pair]
    v = base * (1 + r.uniform(-0.012, 0.012))
    places = 3 if base > 50 else (4 if base > 10 else 5)
    return f"{v:.{places}f}"


def priv_ip(r):
    k = r.randrange(4)
    if k == 0:
        return f"10.{r.randrange(256)}.{r.randrange(256)}.{r.randint(1, 254)}"
    if k == 1:
        return f"172.{r.randint(16, 31)}.{r.randrange(256)}.{r.randint(1, 254)}"
    if k == 2:
        return f"192.168.{r.randrange(256)}.{r.randint(1, 254)}"
    return r.choice(["192.0.2.", "198.51.100.", "203.0.113."]) + str(r.randint(1, 254))


def bic(r, short=False):
    b = r.choice(BICS)
    return b[:8] if short or (b.endswith("XXX") and r.random() < 0.3) else b


def e2e(r):
    return r.choice(["E2E-", "NOTPROVIDED-", "INV", "PAYRUN-", "SAL-", ""]) + rs(r, UPNUM, r.randint(10, 20))


def msgid(r, d=None):
    d = d or rdt(r)
    return r.choice(["ACME", "PYE", "MSG", "B2B", "SCT"]) + d.strftime("%Y%m%d") + rs(r, UPNUM, r.randint(6, 12))


def imad(r, d=None):
    d = d or rdt(r)
    return d.strftime("%Y%m%d") + rs(r, string.ascii_uppercase, 4) + rs(r, UPNUM, 4) + dg(r, 6)


ABA = ["021000021", "026009593", "121000248", "011000138", "071000013", "111000025",
       "122000661", "031201360", "053000196", "081000032", "091000019", "322271627"]
SORTCODES = [("20-00-00", "Barclays"), ("40-47-84", "HSBC UK"), ("60-00-01", "NatWest"),
             ("30-00-00", "Lloyds"), ("09-01-28", "Santander UK"), ("23-14-70", "Wise"),
             ("04-00-04", "Monzo"), ("04-00-75", "Revolut"), ("83-91-00", "RBS"),
             ("16-00-38", "Coutts"), ("08-32-10", "Co-operative Bank")]


def private_ok_ip(s):
    try:
        return not ipaddress.ip_address(s).is_global
    except ValueError:
        return True


# binary builders ---------------------------------------------------------------

def png(r, w=None, h=None, noise=True):
    w = w or r.randint(1, 12)
    h = h or r.randint(1, 12)
    base = (r.randrange(256), r.randrange(256), r.randrange(256))
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if noise:
                row += bytes((c + r.randint(-30, 30)) % 256 for c in base)
            else:
                row += bytes(base)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif1x1(r):
    col = bytes([r.randrange(256) for _ in range(3)])
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + col + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def pdf_bytes(r, title):
    body = (f"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
            f"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            f"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>>endobj\n"
            f"4 0 obj<</Length 44>>stream\nBT /F1 12 Tf 72 770 Td ({title}) Tj ET\nendstream endobj\n"
            f"trailer<</Root 1 0 R>>\n%%EOF\n")
    return body.encode()


def wav_beep(r, n=None):
    n = n or r.randint(24, 60)
    freq = r.choice([880, 1000, 1200, 2400])
    samples = b"".join(struct.pack("<h", int(9000 * math.sin(2 * math.pi * freq * i / 8000))) for i in range(n))
    hdr = b"RIFF" + struct.pack("<I", 36 + len(samples)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 16000, 2, 16)
    return hdr + b"data" + struct.pack("<I", len(samples)) + samples


def woff2(r, n=None):
    n = n or r.randint(60, 160)
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">IHH", 48 + n, 10, 0) + rb(r, n)


def jpeg(r, n=None):
    n = n or r.randint(80, 200)
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00"
            b"\xff\xdb\x00\x43\x00" + rb(r, 64) + b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00" + rb(r, n).replace(b"\xff", b"\xfe") + b"\xff\xd9")


def ico(r):
    p = png(r, 16, 16, noise=False)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def svg_card(r):
    c1 = "#%06x" % r.randrange(1 << 24)
    c2 = "#%06x" % r.randrange(1 << 24)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 38 24" width="38" height="24">'
            f'<rect width="38" height="24" rx="3" fill="{c1}"/>'
            f'<circle cx="15" cy="12" r="7" fill="{c2}"/><circle cx="23" cy="12" r="7" fill="#ffffff" fill-opacity=".6"/></svg>')


def spki_p256(r):
    return bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d030107034200") + b"\x04" + rb(r, 64)


def fake_cert_der(r, n=None):
    n = n or r.randint(420, 620)
    inner = b"\xa0\x03\x02\x01\x02\x02\x14" + rb(r, 20) + bytes.fromhex("300d06092a864886f70d01010b0500") + rb(r, n)
    tbs = b"\x30\x82" + struct.pack(">H", len(inner)) + inner
    tail = bytes.fromhex("300d06092a864886f70d01010b0500") + b"\x03\x82\x01\x01\x00" + rb(r, 256)
    body = tbs + tail
    return b"\x30\x82" + struct.pack(">H", len(body)) + body


def cert_pem(r):
    return "-----BEGIN CERTIFICATE-----\n" + wrap(b64(fake_cert_der(r))) + "\n-----END CERTIFICATE-----"


def pubkey_pem(r):
    return "-----BEGIN PUBLIC KEY-----\n" + wrap(b64(spki_p256(r))) + "\n-----END PUBLIC KEY-----"


def ssh_ed25519_pub(r):
    blob = struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + rb(r, 32)
    fp = "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
    return b64(blob), fp


# ----------------------------------------------------------------------------
# scanner: anything in a negative that looks like a real secret / PII
# ----------------------------------------------------------------------------
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [
    ("github_token", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}")),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{20,}")),
    ("slack_token", re.compile(r"xox[abposre]-\d[0-9A-Za-z-]{8,}")),
    ("slack_webhook", re.compile(r"hooks\.slack\.com/services/T(?!0{8}/)[A-Z0-9]{8,}/")),
    ("anthropic", re.compile(r"sk-ant-(?:api|admin)\d\d-[A-Za-z0-9_-]{20,}")),
    ("openai", re.compile(r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}")),
    ("stripe_live", re.compile(r"(?:sk|rk|whsec)_live_[A-Za-z0-9]{12,}")),
    ("stripe_secret", re.compile(r"(?:sk|rk)_test_(?!4eC39HqLyjWDarjtT1zdp7dc)[A-Za-z0-9]{12,}")),
    ("whsec", re.compile(r"whsec_[A-Za-z0-9+/]{20,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{0,}")),
    ("aws_key_id", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA|AROA|AIDA)[A-Z2-7]{16}(?![A-Z0-9])")),
    ("pem_private", re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[ \t]*\r?\n[ \t]*(?:[A-Za-z0-9+/=]{16,})")),
    ("ssn", re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")),
    ("ssn_spaced", re.compile(r"(?<![\d ])\d{3} \d{2} \d{4}(?![\d])")),
]
AWS_SECRET_RE = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
DIGRUN_RE = re.compile(r"(?<![\d])\d+(?:[ -]\d+)*(?![\d])")
IBAN_RE = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d|\.\d)")


def scan(text):
    hits = []
    for m in EMAIL_RE.finditer(text):
        hits.append(("email", m.group()))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            v = m.group()
            if name == "aws_key_id" and "EXAMPLE" in text[m.start():m.end() + 8]:
                continue
            if name in ("stripe_live", "stripe_secret", "whsec") and len(set(v.split("_")[-1])) < 6:
                continue  # xxxxxxxx-style placeholder
            hits.append((name, v))
    for m in AWS_SECRET_RE.finditer(text):
        v = m.group()
        if "EXAMPLE" in v or re.fullmatch(r"[0-9a-fA-F]+", v):
            continue
        if re.search(r"[a-z]", v) and re.search(r"[A-Z]", v) and re.search(r"[0-9]", v):
            hits.append(("aws_secret_shape", v))
    for m in DIGRUN_RE.finditer(text):
        groups = re.split(r"[ -]", m.group())
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc):
                    hits.append(("luhn", acc))
    for m in IBAN_RE.finditer(text):
        comp = m.group().replace(" ", "")
        for L in range(15, min(34, len(comp)) + 1):
            if iban_ok(comp[:L]):
                hits.append(("iban", comp[:L]))
                break
    for m in IP_RE.finditer(text):
        parts = [int(x) for x in m.groups()]
        if max(parts) > 255:
            continue
        if ipaddress.ip_address(m.group()).is_global:
            hits.append(("public_ipv4", m.group()))
    return hits


# ----------------------------------------------------------------------------
# NEGATIVES
# ----------------------------------------------------------------------------
LEADS = ["fyi ", "FYI: ", "Zur Info: ", "pour info : ", "ojo: ", "obs.: ", "メモ: ", "참고: ", "仅供参考：",
         "к сведению: ", "bilginize: ", "ter info: ", "uwaga: ", "nb: ", ":eyes: ", "quick q - ", "per info: ",
         "OBS: ", "heads-up: ", "re: yesterday's incident - ", "+1 to this, ", "ping - "]
TAILS = [" :thread:", "\n(sorry for the wall of text)", " 🙏", " - thx", " lmk", " ✅", " :+1:", "\nmerci !",
         "\ndanke", "\nよろしくお願いします", "\n감사합니다", " (edited)", "\ncc #payments-oncall"]

COMMIT_MSGS = [
    "fix(recon): tolerate trailing CRLF in camt.053 files", "feat(iso8583): map DE55 tag 9F6E for contactless",
    "chore(bin-table): import 2026-Q2 BIN range update", "fix(ledger): round half-even on FX legs",
    "refactor(hsm): pool payShield connections", "fix(webhooks): compare signatures in constant time",
    "feat(sepa): pacs.008 v10 support", "fix(clearing): handle Bacs 3-day cycle on bank holidays",
    "test: add RFC 4231 vectors to hmac suite", "feat(tokens): network token lifecycle events",
    "fix(settlement): de-dup EP747 reports by batch id", "chore: bump jpos to 2.1.9",
    "fix(auth): echo DE11 STAN in 0110", "feat(fx): snapshot ECB reference rates at 16:00 CET",
    "fix(chargebacks): parse reason code 10.4 vs 4837", "docs: ISO 20022 field mapping table",
    "perf(ledger): batch postings per journal", "fix(refunds): idempotency on retry after 504",
]


def nb_gitlog(r):
    if r.random() < 0.5:
        n = r.randint(3, 10)
        lines = [f"{hx(r, 7 + r.choice([0, 0, 1, 2]))} {r.choice(COMMIT_MSGS)}" for _ in range(n)]
        return f"```\n$ git log --oneline -n {n} origin/main\n" + "\n".join(lines) + "\n```"
    d = rdt(r)
    a, b = hx(r, 40), hx(r, 40)
    msg = r.choice(COMMIT_MSGS)
    return (f"reverted {a[:12]} in prod, the bad one was:\n```\ncommit {a}\nMerge: {b[:9]} {hx(r, 9)}\n"
            f"Date:   {d.strftime('%a %b %d %H:%M:%S %Y')} +0000\n\n    {msg}\n\n"
            f"diff --git a/settlement/parser.go b/settlement/parser.go\nindex {hx(r, 12)}..{hx(r, 12)} 100644\n```\n"
            f"rollback target is `{b}`")


def nb_docker(r):
    svc = r.choice(["ledger-svc", "iso-switch", "recon-worker", "webhook-dispatcher", "fx-rates", "tokenizer-proxy", "sepa-gateway", "payout-scheduler"])
    dig = hx(r, 64)
    tag = f"v{r.randint(1, 4)}.{r.randint(0, 30)}.{r.randint(0, 12)}"
    k = r.randrange(3)
    if k == 0:
        return f"deployed `{svc}:{tag}` → `ghcr.io/acme-pay/{svc}@sha256:{dig}` to eu-prod-2, canary 10%"
    if k == 1:
        rows = "\n".join(f"ghcr.io/acme-pay/{s}   {t}   sha256:{hx(r, 64)[:12]}   {r.randint(40, 390)}MB"
                         for s, t in [(svc, tag), (r.choice(['ledger-svc', 'fx-rates']), 'latest'), ('iso-switch', f'v3.{r.randint(0, 9)}.0')])
        return "```\n$ docker images --digests | grep acme-pay\n" + rows + "\n```"
    return (f"image pinned in values-prod.yaml:\n```yaml\nimage:\n  repository: ghcr.io/acme-pay/{svc}\n  digest: sha256:{dig}\n"
            f"podAnnotations:\n  checksum/config: {hx(r, 64)}\n```")


def nb_sha256sum(r):
    d = rdt(r)
    files = [f"VISA_EP747_{d.strftime('%Y%m%d')}.txt", f"MC_T464_{d.strftime('%y%j')}.dat", f"camt053_{bic(r, True)}_{d.strftime('%Y%m%d')}.xml",
             f"settlement_{d.strftime('%Y-%m-%d')}.csv.gpg", f"AMEX_TILR_{d.strftime('%Y%m%d')}.txt", f"bacs_input_{d.strftime('%y%m%d')}.txt",
             f"binlist_{d.year}Q{(d.month - 1) // 3 + 1}.csv.gz", f"interchange_fees_{d.strftime('%Y%m')}.parquet"]
    r.shuffle(files)
    k = r.randint(2, 6)
    lines = "\n".join(f"{hx(r, 64)}  {f}" for f in files[:k])
    intro = r.choice(["checksums from the acquirer SFTP match what we ingested:", "SHA256SUMS for today's drop (compare before decrypting):",
                      "Prüfsummen der heutigen Abrechnungsdateien:", "本日の精算ファイルのハッシュ値です:", "sumy kontrolne plików rozliczeniowych:"])
    return f"{intro}\n```\n{lines}\n```"


EMV_TAGS = [("9F26", "Application Cryptogram (ARQC)", 8), ("9F27", "Cryptogram Information Data", 1),
            ("9F10", "Issuer Application Data", 18), ("9F37", "Unpredictable Number", 4),
            ("9F36", "Application Transaction Counter", 2), ("95", "Terminal Verification Results", 5),
            ("9A", "Transaction Date", 3), ("9C", "Transaction Type", 1), ("9F02", "Amount, Authorised", 6),
            ("5F2A", "Transaction Currency Code", 2), ("82", "Application Interchange Profile", 2),
            ("9F1A", "Terminal Country Code", 2), ("9F34", "CVM Results", 3), ("9F33", "Terminal Capabilities", 3),
            ("9F35", "Terminal Type", 1), ("84", "Dedicated File Name", 7), ("9F09", "Application Version Number", 2),
            ("9F6E", "Form Factor Indicator", 4)]


def emv_tlv(r):
    d = rdt(r)
    out = []
    tags = EMV_TAGS[:]
    r.shuffle(tags)
    tags = tags[:r.randint(8, len(tags))]
    for t, name, ln in tags:
        if t == "9A":
            v = d.strftime("%y%m%d")
        elif t == "5F2A":
            v = "0" + r.choice(CCYS)[1]
        elif t == "9F1A":
            v = r.choice(["0276", "0250", "0826", "0840", "0528", "0724", "0616", "0392"])
        elif t == "84":
            v = r.choice(["A0000000031010", "A0000000041010", "A0000000032010", "A0000000043060", "A0000000251010"])
        elif t == "9F02":
            v = f"{r.randint(100, 99999):012d}"
        elif t == "9C":
            v = r.choice(["00", "01", "09", "20"])
        else:
            v = hx(r, 2 * ln, True)
        out.append((t, name, v))
    return out


def nb_emv(r):
    tl = emv_tlv(r)
    raw = "".join(t + "%02X" % (len(v) // 2) + v for t, _, v in tl)
    if r.random() < 0.5:
        rows = "\n".join(f"{t:<5} {n:<34} {v}" for t, n, v in tl)
        return (r.choice(["DE55 from the failing contactless txn, decoded:", "ICC data (DE55) for the ARQC failure, no PAN tags in it:",
                          "DE55 aus der abgelehnten Transaktion:", "DE55 de la transaction refusée :"])
                + f"\n```\nDE55 ({len(raw) // 2} bytes): {raw}\n\n{rows}\n```")
    return f"issuer says ARQC didn't verify. raw ICC: `{raw}` - ATC looks fine, suspect 9F10 CVR bits"


def nb_xxd(r):
    d = rdt(r)
    fields = {7: d.strftime("%m%d%H%M%S"), 11: stan(r), 70: r.choice(["001", "301", "161"])}
    bm = [0] * 128
    bm[0] = 1
    for f in fields:
        bm[f - 1] = 1
    bitmap = int("".join(map(str, bm)), 2).to_bytes(16, "big")
    msg = b"0800" + bitmap + "".join(fields[k] for k in sorted(fields)).encode()
    msg = struct.pack(">H", len(msg)) + msg
    lines = []
    for off in range(0, len(msg), 16):
        chunk = msg[off:off + 16]
        hexpart = " ".join(chunk[i:i + 2].hex() for i in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        lines.append(f"{off:08x}: {hexpart:<40}  {asc}")
    return ("0800 echo test that the scheme host rejected (DE70=" + fields[70] + "), raw frame w/ 2-byte length header:\n```\n"
            + "\n".join(lines) + "\n```")


def nb_pacs008(r):
    d = rdt(r)
    u = uuid4(r)
    amt = fmt_amt(amount(r, 100, 900000))
    return (f"pacs.008 that got stuck in the {r.choice(['TARGET2', 'RT1', 'STEP2', 'CHAPS', 'Fedwire'])} queue - UETR `{u}`\n```xml\n<GrpHdr>\n"
            f"  <MsgId>{msgid(r, d)}</MsgId>\n  <CreDtTm>{d.strftime('%Y-%m-%dT%H:%M:%S')}</CreDtTm>\n  <NbOfTxs>1</NbOfTxs>\n"
            f"  <SttlmInf><SttlmMtd>CLRG</SttlmMtd></SttlmInf>\n</GrpHdr>\n<CdtTrfTxInf>\n  <PmtId>\n    <InstrId>{rs(r, UPNUM, 16)}</InstrId>\n"
            f"    <EndToEndId>{e2e(r)}</EndToEndId>\n    <UETR>{u}</UETR>\n  </PmtId>\n"
            f"  <IntrBkSttlmAmt Ccy=\"EUR\">{amt.replace(',', '')}</IntrBkSttlmAmt>\n  <DbtrAgt><FinInstnId><BICFI>{bic(r)}</BICFI></FinInstnId></DbtrAgt>\n"
            f"  <CdtrAgt><FinInstnId><BICFI>{bic(r)}</BICFI></FinInstnId></CdtrAgt>\n</CdtTrfTxInf>\n```")


def nb_idem(r):
    lines = []
    d = rdt(r)
    for _ in range(r.randint(3, 8)):
        d += dt.timedelta(milliseconds=r.randint(5, 4000))
        lines.append(f"{d.strftime('%H:%M:%S.%f')[:-3]} POST /v2/payouts idem={uuid4(r)} req={hx(r, 32)} status={r.choice([201, 201, 200, 409, 422, 504])} etag=W/\"{hx(r, 16)}\"")
    return (r.choice(["retries after the 504s reused the same Idempotency-Key, so no double payouts:", "Idempotency-Key Wiederverwendung nach Timeout, sieht sauber aus:",
                      "mismas claves de idempotencia en los reintentos:", "リトライ時のIdempotency-Keyは同一でした:"]) + "\n```\n" + "\n".join(lines) + "\n```")


STRIPE_DOC_SIG = "t=1492774577,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"


def nb_webhook_vectors(r):
    k = r.randrange(3)
    if k == 0:
        t1 = hmac.new(b"\x0b" * 20, b"Hi There", hashlib.sha256).hexdigest()
        t2 = hmac.new(b"Jefe", b"what do ya want for nothing?", hashlib.sha256).hexdigest()
        t2_512 = hmac.new(b"Jefe", b"what do ya want for nothing?", hashlib.sha512).hexdigest()
        return ("added RFC 4231 vectors to the webhook verifier tests, all green:\n```\n"
                f"TC1 HMAC-SHA-256 = {t1}\nTC2 HMAC-SHA-256 = {t2}\nTC2 HMAC-SHA-512 = {t2_512}\n```")
    if k == 1:
        return (f"the sample header from the docs is `Stripe-Signature: {STRIPE_DOC_SIG}` - our parser chokes on the "
                f"extra `v0=` element, fix in #{r.randint(1200, 4800)}")
    payload = json.dumps({"id": "evt_" + rs(r, ALNUM, 24), "type": r.choice(["payment_intent.succeeded", "charge.refunded", "payout.paid"]), "created": epoch(rdt(r))})
    sig = hmac.new(b"unit-test-fixture-key", payload.encode(), hashlib.sha256).hexdigest()
    return (f"signature mismatch repro (fixture key from tests/fixtures, not prod):\n```\npayload   = {payload}\nexpected  = {sig}\n"
            f"received  = {hx(r, 64)}\nheader    = t={epoch(rdt(r))},v1={hx(r, 64)}\n```\nso the body got re-serialised by the proxy before we hashed it")


def nb_hsm(r):
    d = rdt(r)
    lines = []
    for _ in range(r.randint(4, 10)):
        d += dt.timedelta(seconds=r.randint(1, 90))
        cmd = r.choice(["NC", "BU", "A0", "CA", "M6", "JE", "KQ", "CW", "G0"])
        resp = chr(ord(cmd[0])) + chr(ord(cmd[1]) + 1)
        err = r.choice(["00", "00", "00", "00", "10", "15", "68"])
        extra = {"NC": f"lmk_kcv={hx(r, 6, True)} fw=1500-09{r.randint(10, 40)}", "BU": f"key_type={r.choice(['001', '002', '009', '402'])} kcv={hx(r, 6, True)}",
                 "A0": f"mode=0 type=FFF scheme=U kcv={hx(r, 6, True)}", "CA": "zpk_src=U zpk_dst=U pb_fmt=01",
                 "M6": "mode=1 mac_alg=3", "JE": "pb_fmt=01", "KQ": f"atc={hx(r, 4, True)} arqc_ok={'Y' if err == '00' else 'N'}",
                 "CW": "cvk=U", "G0": "bdk=U ksn_desc=A05"}[cmd]
        lines.append(f"{d.strftime('%Y-%m-%dT%H:%M:%SZ')} hsm-gw[{r.randint(200, 900)}] {priv_ip(r)}:1500 cmd={cmd} resp={resp} err={err} {extra} t={r.randint(2, 60)}ms")
    return r.choice(["payShield gateway log around the 68 errors:", "HSM-Log, nur KCVs, keine Schlüssel:", "HSM側のログ(KCVのみ):", "log del HSM, solo KCV:"]) + "\n```\n" + "\n".join(lines) + "\n```"


def nb_cert(r):
    pem = cert_pem(r)
    fp = ":".join(hx(r, 2, True) for _ in range(32))
    return (r.choice(["new public cert for the scheme API mTLS endpoint (this is the PUBLIC half, fine to paste):",
                      "Öffentliches Zertifikat des Acquirers für die Pinning-Liste:", "certificado público del adquirente para el pinning:",
                      "アクワイアラの公開証明書です(秘密鍵ではありません):"])
            + f"\n```\n{pem}\n```\nSHA-256 fingerprint `{fp}`, valid until {rdt(r).date() + dt.timedelta(days=365)}")


def nb_pubkey(r):
    if r.random() < 0.5:
        return ("processor rotated their webhook signing key, public key below:\n```\n" + pubkey_pem(r) + "\n```")
    keys = []
    for _ in range(r.randint(1, 3)):
        if r.random() < 0.5:
            keys.append({"kty": "EC", "crv": "P-256", "kid": f"whk-{rdt(r).strftime('%Y-%m')}", "use": "sig", "x": b64u(rb(r, 32)), "y": b64u(rb(r, 32))})
        else:
            keys.append({"kty": "RSA", "kid": hx(r, 16), "use": "sig", "alg": "PS256", "n": b64u(b"\xc1" + rb(r, 255)), "e": "AQAB"})
    return "JWKS from `/.well-known/jwks.json` of the open-banking sandbox:\n```json\n" + json.dumps({"keys": keys}, indent=2) + "\n```"


def nb_gpg(r):
    fp = hx(r, 40, True)
    sp = " ".join(fp[i:i + 4] for i in range(0, 40, 4))
    d = rdt(r)
    return (f"recon files are now encrypted to the new key, check the fingerprint before importing:\n```\npub   rsa4096 {d.date()} [SC] [expires: {d.date().replace(year=d.year + 2)}]\n"
            f"      {sp[:24]} {sp[25:]}\nuid           [ unknown] Acme Pay Settlement Files {d.year}\nsub   rsa4096 {d.date()} [E]\n```\nkey id `{fp[-16:]}`")


def nb_creq(r):
    j = {"threeDSServerTransID": uuid4(r), "acsTransID": uuid4(r), "challengeWindowSize": r.choice(["01", "02", "03", "04", "05"]),
         "messageType": "CReq", "messageVersion": r.choice(["2.1.0", "2.2.0", "2.3.1"])}
    enc = b64u(json.dumps(j, separators=(",", ":")).encode())
    return (f"ACS returns a blank iframe. the `creq` we POST (base64url JSON, not a token):\n```\ncreq={enc}\n```\ndecoded:\n```json\n"
            + json.dumps(j, indent=2) + "\n```")


def nb_sshkey(r):
    host = r.choice(["sftp.settlement.acquirer.example", "files.clearing-partner.example", "sftp-eu.processor.example"])
    blob, fp = ssh_ed25519_pub(r)
    return (f"acquirer moved their SFTP, new host key:\n```\n$ ssh-keyscan -t ed25519 {host}\n{host} ssh-ed25519 {blob}\n"
            f"$ ssh-keygen -lf known_hosts_new\n256 {fp} {host} (ED25519)\n```\nplease update `known_hosts` in the recon-fetcher secret")


def nb_tokens(r):
    lines = [
        f"payment_intent  pi_3{rs(r, ALNUM, 23)}",
        f"charge          ch_3{rs(r, ALNUM, 23)}",
        f"payment_method  pm_1{rs(r, ALNUM, 23)}",
        f"event           evt_1{rs(r, ALNUM, 23)}",
        f"balance_txn     txn_3{rs(r, ALNUM, 23)}",
        f"refund          re_3{rs(r, ALNUM, 23)}",
        f"network_token   DNITHE{dg(r, 18)}",
        f"mdes_tur        DWSPMC0000000{hx(r, 32)}",
    ]
    r.shuffle(lines)
    return "object ids for the disputed refund, in case someone wants to trace it:\n```\n" + "\n".join(lines[:r.randint(3, 8)]) + "\n```"


def nb_ledger_chain(r):
    prev = hx(r, 64)
    rows = []
    for i in range(r.randint(3, 7)):
        body = f"{i}|{amount(r)}|{r.choice(['2100', '1200', '4010', '2300'])}"
        h = hashlib.sha256((prev + body).encode()).hexdigest()
        rows.append(f"| {ulid(r)} | {prev[:16]}… | {h} |")
        prev = h
    return ("hash chain on the journal is intact after the replay:\n| entry_id | prev_hash | entry_hash |\n|---|---|---|\n" + "\n".join(rows))


def nb_integrity(r):
    pkgs = ["@stripe/stripe-js", "@adyen/adyen-web", "iban", "card-validator", "decimal.js", "currency.js", "jsrsasign", "@peculiar/x509"]
    r.shuffle(pkgs)
    out = []
    for p in pkgs[:r.randint(2, 4)]:
        v = f"{r.randint(1, 9)}.{r.randint(0, 20)}.{r.randint(0, 9)}"
        out.append(f'"node_modules/{p}": {{\n  "version": "{v}",\n  "resolved": "https://registry.npmjs.org/{p}/-/{p.split("/")[-1]}-{v}.tgz",\n  "integrity": "sha512-{b64(rb(r, 64))}"\n}}')
    return "lockfile diff on the checkout-web bump:\n```json\n" + ",\n".join(out) + "\n```"


def nb_kms(r):
    region = r.choice(["eu-west-1", "eu-central-1", "us-east-1", "eu-west-2"])
    lines = [f"arn:aws:kms:{region}:123456789012:key/{uuid4(r)}  alias/{a}" for a in
             r.sample(["pan-encryption", "ledger-at-rest", "recon-files", "webhook-hmac-wrap", "token-vault-dek", "sftp-gpg-wrap"], r.randint(2, 4))]
    return "KMS keys referenced by the tokenizer stack (ARNs only):\n```\n" + "\n".join(lines) + f"\n```\nterraform lineage `{uuid4(r)}`, serial {r.randint(40, 900)}"


def nb_applepay(r):
    j = {"version": "EC_v1", "header": {"ephemeralPublicKey": b64(spki_p256(r)), "publicKeyHash": b64(rb(r, 32)),
                                         "transactionId": hx(r, 64)}, "data": "<omitted>", "signature": "<omitted, 3.1 KB PKCS#7>"}
    return "Apple Pay token header for the failing decrypt (payload omitted):\n```json\n" + json.dumps(j, indent=2) + "\n```"


def nb_protobuf(r):
    evid = ulid(r).encode()
    amt = r.randint(100, 10 ** 7)
    def varint(n):
        o = b""
        while True:
            b = n & 0x7F
            n >>= 7
            if n:
                o += bytes([b | 0x80])
            else:
                return o + bytes([b])
    msg = b"\x0a" + bytes([len(evid)]) + evid + b"\x10" + varint(amt) + b"\x1a\x03EUR" + b"\x20" + varint(r.randint(1, 9))
    return (f"last message on `ledger.postings.v2` (kcat | base64):\n```\n{b64(msg)}\n```\n`protoc --decode_raw`:\n```\n1: \"{evid.decode()}\"\n2: {amt}\n3: \"EUR\"\n4: {msg[-1]}\n```")


def nb_sentry(r):
    rows = []
    for _ in range(r.randint(3, 7)):
        rows.append(f"{hx(r, 32)}  {r.choice(['IsoParseError', 'HsmTimeout', 'LedgerImbalance', 'SignatureMismatch', 'Camt053SchemaError', 'FxRateStale'])}  "
                    f"trace={hx(r, 32)} span={hx(r, 16)}")
    return "sentry events from the 02:00 settlement run:\n```\n" + "\n".join(rows) + "\n```"


def nb_b64text(r):
    xml = (f"<Document><BkToCstmrStmt><GrpHdr><MsgId>{msgid(r)}</MsgId></GrpHdr><Stmt><Id>{rs(r, UPNUM, 12)}</Id>"
           f"<Bal><Amt Ccy=\"EUR\">{r.randint(1000, 9999999)}.{r.randint(10, 99)}</Amt></Bal></Stmt></BkToCstmrStmt></Document>")
    return (r.choice(["the bank API returns the camt.053 base64-wrapped, first bytes:", "camt.053 kommt base64-kodiert zurück:", "le camt.053 arrive encodé en base64 :"])
            + f"\n```json\n{{\"format\": \"camt.053.001.08\", \"payload\": \"{b64(xml.encode())}\"}}\n```")


def nb_traceparent(r):
    return (f"traceparent for the slow auth: `00-{hx(r, 32)}-{hx(r, 16)}-01`, x-request-id `{hx(r, 32)}`, "
            f"ELB `X-Amzn-Trace-Id: Root=1-{hx(r, 8)}-{hx(r, 24)}` - 2.8s inside the issuer leg")


def nb_arqc(r):
    return (f"ARQC `{hx(r, 16, True)}` ATC `{hx(r, 4, True)}` UN `{hx(r, 8, True)}` → ARPC `{hx(r, 16, True)}` (method 1, ARC 3030). "
            f"Cryptograms are per-txn, nothing sensitive, but the IAD `{hx(r, 36, True)}` shows CVR byte 2 = {hx(r, 2, True)}")


NEG_BLOB = [nb_gitlog, nb_docker, nb_sha256sum, nb_emv, nb_xxd, nb_pacs008, nb_idem, nb_webhook_vectors, nb_hsm, nb_cert,
            nb_pubkey, nb_gpg, nb_creq, nb_sshkey, nb_tokens, nb_ledger_chain, nb_integrity, nb_kms, nb_applepay,
            nb_protobuf, nb_sentry, nb_b64text, nb_traceparent, nb_arqc]


def pl_iso_dump(r):
    d = rdt(r)
    mti = r.choice(["0100", "0110", "0200", "0210", "0400", "0410", "0420", "0430", "0120"])
    amt = r.randint(100, 2500000)
    c = r.choice(CCYS)
    m = r.choice(MCCS)
    rc = r.choice(RESP)
    rows = [("MTI", "", mti), ("002", "PAN", masked_pan(r, r.choice([0, 3, 6]))), ("003", "Processing code", r.choice(["000000", "200000", "010000", "003000"])),
            ("004", "Amount, txn", f"{amt:012d}"), ("007", "Transmission date/time", d.strftime("%m%d%H%M%S")),
            ("011", "STAN", stan(r)), ("012", "Local time", d.strftime("%H%M%S")), ("013", "Local date", d.strftime("%m%d")),
            ("014", "Expiry", "****"), ("018", "MCC", m[0]), ("022", "POS entry mode", r.choice(["071", "051", "812", "010", "901"])),
            ("032", "Acquirer inst. id", dg(r, r.choice([6, 8, 11]))), ("035", "Track 2", "[masked]"), ("037", "RRN", rrn(r, d)),
            ("038", "Auth id resp", authcode(r) if rc[0] == "00" else ""), ("039", "Response code", f"{rc[0]} ({rc[1]})"),
            ("041", "Terminal id", tid(r)), ("042", "Card acceptor id", mid(r)), ("049", "Currency", c[1])]
    if mti in ("0100", "0200", "0400", "0420", "0120"):
        rows = [x for x in rows if x[0] not in ("038", "039")]
    rows = [x for x in rows if x[0] in ("MTI", "002", "004", "011", "037") or r.random() < 0.8]
    body = "\n".join(f"  [{a:>3}] {b:<24} {v}" if a != "MTI" else f"  MTI {v}" for a, b, v in rows)
    return (r.choice(["decoded msg from the switch trace:", "ISO 8583 dump (PAN masked by the logger):", "Nachricht aus dem Switch-Trace:",
                      "trace du switch (PAN masqué) :", "スイッチのトレースです:", "trace do switch:"]) + "\n```\n" + body + "\n```")


def pl_bintable(r):
    rows = ["bin_low,bin_high,pan_len,brand,product,type,country,issuer_ref"]
    for _ in range(r.randint(6, 24)):
        b = r.choice(BIN6) + dg(r, 2)
        lo = int(b) * 10 ** 0
        rows.append(f"{b},{int(b) + r.randint(0, 9):08d},{r.choice([16, 16, 16, 19, 15])},{r.choice(['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'JCB', 'UNIONPAY', 'MAESTRO'])},"
                    f"{r.choice(['CLASSIC', 'GOLD', 'PLATINUM', 'BUSINESS', 'PREPAID', 'WORLD ELITE', 'DEBIT'])},{r.choice(['CREDIT', 'DEBIT', 'PREPAID'])},"
                    f"{r.choice(['DE', 'FR', 'GB', 'US', 'NL', 'ES', 'PL', 'JP', 'BR', 'IT'])},{dg(r, 6)}")
    return f"BIN table delta for {rdt(r).strftime('%Y-%m')} ({len(rows) - 1} ranges changed, 8-digit BINs):\n```csv\n" + "\n".join(rows) + "\n```"


def pl_recon_csv(r):
    d = rdt(r)
    hdr = "settlement_date,batch_id,rrn,arn,stan,amount_minor,ccy,pan_masked,mcc,tid,status"
    rows = [hdr]
    for _ in range(r.randint(12, 36)):
        t = d - dt.timedelta(days=r.randint(0, 2), seconds=r.randint(0, 86400))
        rows.append(f"{d.date()},{d.strftime('%y%j')}{dg(r, 4)},{rrn(r, t)},{arn(r, t)},{stan(r)},{r.randint(50, 999999)},"
                    f"{r.choice(['EUR', 'EUR', 'GBP', 'USD'])},{masked_pan(r, 0)},{r.choice(MCCS)[0]},{tid(r)},"
                    f"{r.choice(['MATCHED', 'MATCHED', 'MATCHED', 'UNMATCHED', 'AMOUNT_DIFF', 'LATE_PRESENTMENT'])}")
    return (r.choice(["unmatched rows are back, excerpt:", "Abgleichsdatei von heute, Auszug:", "extrait du fichier de rapprochement :", "fragment pliku uzgodnień:",
                      "照合ファイルの抜粋:"]) + "\n```\n" + "\n".join(rows) + "\n```")


def pl_ledger(r):
    d = rdt(r)
    accts = ["1010-EUR-SAFEGUARD", "2100-EUR-MERCHANT-PAYABLE", "4010-FEE-REVENUE", "1200-EUR-SCHEME-RECEIVABLE", "2300-FX-CLEARING",
             "1010-GBP-SAFEGUARD", "5020-INTERCHANGE-COST", "2150-RESERVE-HOLD"]
    style = r.choice(["en", "de", "fr", "ch"])
    rows = ["| journal | account | debit | credit | posted_at |", "|---|---|---:|---:|---|"]
    for _ in range(r.randint(4, 14)):
        a = amount(r, 1, 900000)
        dr = r.random() < 0.5
        rows.append(f"| J{dg(r, 10)} | {r.choice(accts)} | {fmt_amt(a, 2, style) if dr else ''} | {'' if dr else fmt_amt(a, 2, style)} | {iso(r, d + dt.timedelta(seconds=r.randint(0, 3600)))} |")
    return "journal entries around the imbalance:\n" + "\n".join(rows)


def pl_fx(r):
    d = rdt(r)
    pairs = r.sample(list(FX), r.randint(4, 10))
    rows = "\n".join(f"{p[:3]}/{p[3:]}  mid={fxrate(r, p)}  bid={fxrate(r, p)}  ask={fxrate(r, p)}  rate_id=fx_{d.strftime('%Y%m%d%H%M')}_{dg(r, 6)}" for p in pairs)
    return (r.choice(["FX snapshot used for the 16:00 CET conversion:", "Kurse für den 16-Uhr-Schnitt:", "taux utilisés pour la conversion de 16h :", "16時の換算レート:"])
            + f"\n```\n{rows}\n```\nsource ts {epoch(d)}{dg(r, 3)}")


def pl_routing(r):
    k = r.randrange(3)
    if k == 0:
        sc = r.sample(SORTCODES, r.randint(3, 6))
        return "sort codes we had to add to the Bacs allow-list (bank directory, public):\n" + "\n".join(f"• {a} - {b}" for a, b in sc)
    if k == 1:
        ab = r.sample(ABA, r.randint(3, 6))
        return "ABA routing numbers hitting the new ACH validator (all public FRB directory entries):\n```\n" + "\n".join(ab) + "\n```\nthe check digit logic is right, the directory file was stale"
    d = rdt(r)
    return (f"Fedwire confirmation: IMAD `{imad(r, d)}` OMAD `{d.strftime('%Y%m%d')}{rs(r, string.ascii_uppercase, 4)}{rs(r, UPNUM, 4)}{dg(r, 6)}{d.strftime('%H%M')}FT03`, "
            f"amount ${fmt_amt(amount(r, 1000, 5000000))}, ABA {r.choice(ABA)}")


def pl_mt103(r):
    d = rdt(r)
    cur = r.choice(["EUR", "USD", "GBP", "CHF"])
    a = fmt_amt(amount(r, 1000, 2000000)).replace(",", "").replace(".", ",")
    return (f"MT103 that was returned (ordering/beneficiary accounts masked by the viewer):\n```\n{{1:F01{bic(r, True)}AXXX{dg(r, 10)}}}{{2:I103{bic(r, True)}XXXXN}}\n"
            f":20:{rs(r, UPNUM, 16)}\n:23B:CRED\n:32A:{d.strftime('%y%m%d')}{cur}{a}\n:50K:/****{dg(r, 4)}\nACME PAY EUROPE B.V.\n:57A:{bic(r)}\n"
            f":59:/****{dg(r, 4)}\nNORTHWIND TRADING LTD\n:70:INV {dg(r, 8)}\n:71A:{r.choice(['SHA', 'OUR', 'BEN'])}\n-}}\n```")


def pl_chargeback(r):
    d = rdt(r)
    code = r.choice(["10.4", "13.1", "12.6.1", "4837", "4853", "4863", "F29", "C08"])
    return (f"chargeback {r.choice(['CB', 'DSP'])}-{dg(r, 9)}: reason {code}, ARN {arn(r, d)}, amount {fmt_amt(amount(r, 5, 4000))} {r.choice(['EUR', 'GBP', 'USD'])}, "
            f"response due {(d + dt.timedelta(days=r.choice([20, 30, 45]))).date()}, case {dg(r, 10)}")


def pl_terminals(r):
    rows = []
    for _ in range(r.randint(4, 12)):
        model = r.choice(["PAX A920", "PAX A77", "Verifone V400m", "Ingenico Move/5000", "Castles S1F2", "Sunmi P2"])
        sn = r.choice([dg(r, 10), f"{dg(r, 3)}-{dg(r, 3)}-{dg(r, 3)}", rs(r, UPNUM, 12), f"{dg(r, 4)}{rs(r, UPNUM, 2)}{dg(r, 6)}"])
        rows.append(f"{tid(r):<9} {model:<20} SN {sn:<14} fw {r.randint(1, 9)}.{r.randint(0, 40)}.{r.randint(0, 300)}  last_seen {iso(r, ms=False)}")
    return "terminals still on the old EMV kernel:\n```\n" + "\n".join(rows) + "\n```"


def pl_network(r):
    return ("switch topology for the DR test:\n```\n" + "\n".join([
        f"iso-host-a   {priv_ip(r)}:{r.choice([6001, 5001, 7011, 9100])}   (scheme VPN, primary)",
        f"iso-host-b   {priv_ip(r)}:{r.choice([6001, 5001, 7011, 9100])}   (scheme VPN, secondary)",
        f"hsm-1        {priv_ip(r)}:1500   (payShield 10K)",
        f"hsm-2        {priv_ip(r)}:1500",
        f"ledger-db    {priv_ip(r)}:5432",
        f"kafka        {priv_ip(r)}:9092,{priv_ip(r)}:9092",
        f"subnet       10.{r.randint(0, 250)}.0.0/16, 172.{r.randint(16, 31)}.{r.randint(0, 250)}.0/24",
    ][:r.randint(3, 7)]) + "\n```")


def pl_de7(r):
    d = rdt(r)
    return r.choice([
        f"DE7 is `{d.strftime('%m%d%H%M%S')}` (MMDDhhmmss, GMT) but DE12/13 are local `{d.strftime('%H%M%S')}`/`{d.strftime('%m%d')}` - that's why the 0420 matched the wrong day",
        f"Julian date in the RRN is `{d.year % 10}{d.timetuple().tm_yday:03d}` → {d.date()}, so RRN {rrn(r, d)} is from the {d.strftime('%H')}:00 batch",
        f"DE7 = {d.strftime('%m%d%H%M%S')}, STAN {stan(r)}, RRN {rrn(r, d)}: Der Reversal hat den falschen STAN, nicht das falsche Datum",
        f"DE7は{d.strftime('%m%d%H%M%S')}、STANは{stan(r)}です。RRN {rrn(r, d)} と一致しません",
    ])


def pl_latency(r):
    rows = ["| acquirer | p50 ms | p95 ms | p99 ms | TPS | approvals |", "|---|---:|---:|---:|---:|---:|"]
    for a in r.sample(["acq-eu-1", "acq-eu-2", "acq-uk", "acq-us", "acq-br", "acq-jp"], r.randint(3, 6)):
        p50 = r.randint(80, 400)
        rows.append(f"| {a} | {p50} | {p50 + r.randint(100, 900)} | {p50 + r.randint(900, 3000)} | {r.randint(20, 1800)} | {r.uniform(81, 97.5):.2f}% |")
    return "weekly auth latency:\n" + "\n".join(rows)


def pl_settle_summary(r):
    lines = []
    for s in r.sample(["Visa", "Mastercard", "Amex", "Discover", "JCB", "UnionPay", "Bancontact", "iDEAL", "Cartes Bancaires"], r.randint(3, 6)):
        ccy = r.choice(CCYS)
        a = amount(r, 10000, 90000000)
        style = r.choice(["en", "de", "fr", "ch"])
        if ccy[2] == 0:
            lines.append(f"{s:<16} {ccy[0]} {fmt_amt(a // 100, 0, style):>18}   n={r.randint(1000, 900000):,}")
        else:
            lines.append(f"{s:<16} {ccy[0]} {fmt_amt(a, 2, style):>18}   n={r.randint(1000, 900000):,}")
    return (r.choice(["settlement totals, T+1:", "Settlement-Summen:", "totaux de règlement :", "totales de liquidación:", "精算合計:", "totali di regolamento:"])
            + "\n```\n" + "\n".join(lines) + "\n```")


def pl_fees(r):
    return r.choice([
        f"new blended rate for MCC {r.choice(MCCS)[0]}: {r.uniform(0.2, 2.9):.2f}% + €0.{r.randint(5, 30):02d}, interchange {r.uniform(0.2, 0.3):.2f}% (EEA consumer debit cap), scheme fee {r.uniform(0.01, 0.09):.3f}%",
        f"IC++ breakdown for invoice INV-{rdt(r).year}-{dg(r, 6)}: interchange €{fmt_amt(amount(r, 100, 90000))}, scheme €{fmt_amt(amount(r, 10, 9000))}, markup €{fmt_amt(amount(r, 10, 9000))}",
        f"Interchange Visa CP débito UE = 0,20 %, crédito = 0,30 %. Nuestro MDR actual: {r.uniform(0.6, 1.9):.2f} % + 0,{r.randint(5, 25):02d} €",
    ])


def pl_tickets(r):
    return (f"linked: PAY-{r.randint(100, 9999)}, INC{dg(r, 7)}, CHG{dg(r, 7)}, scheme case {r.choice(['VROL', 'MCOM'])}-{dg(r, 10)}, "
            f"PagerDuty #{r.randint(10000, 99999)}, acquirer ticket {dg(r, 8)}")


def pl_orders(r):
    d = rdt(r)
    rows = []
    for _ in range(r.randint(3, 10)):
        rows.append(f"ORD-{d.year}-{dg(r, 6)}-{dg(r, 5)}  merchant_ref={dg(r, 11)}  inv=RE{dg(r, 9)}  {fmt_amt(amount(r, 1, 3000))} EUR")
    return "orders missing a capture after the deploy:\n```\n" + "\n".join(rows) + "\n```"


def pl_nacha(r):
    ed = r.randint(10 ** 9, 10 ** 10 - 1)
    return (f"NACHA batch control for today's payroll-funding file:\n```\nentry/addenda count: {r.randint(10, 9999):06d}\nentry hash: {ed:010d}\n"
            f"total debit:  {r.randint(0, 10 ** 10):012d}\ntotal credit: {r.randint(0, 10 ** 10):012d}\ncompany id: 1{dg(r, 9)}\n"
            f"ODFI: {r.choice(ABA)[:8]}  batch {r.randint(1, 9999):07d}\n```")


def pl_bacs(r):
    d = rdt(r)
    return (f"Bacs: SUN {dg(r, 6)}, processing day {d.strftime('%y%j')}, file serial {dg(r, 6)}, {r.randint(100, 90000):,} DDIs, "
            f"total £{fmt_amt(amount(r, 10000, 9000000))}. Sort code 20-{dg(r, 2)}-{dg(r, 2)} branch rejects were all code 0 (refer to payer)")


def pl_timestamps(r):
    d = rdt(r)
    return r.choice([
        f"slack ts of the first alert: {epoch(d)}.{dg(r, 6)}, job started {epoch(d) - r.randint(100, 900)}, epoch ms in the log {epoch(d)}{dg(r, 3)}",
        f"cutoff moved from {d.strftime('%H:%M')} to {(d + dt.timedelta(minutes=30)).strftime('%H:%M')} CET from {d.date()}; batch window {epoch(d)}-{epoch(d) + 3600}",
        f"Zeitstempel {d.strftime('%d.%m.%Y %H:%M:%S')}, Lauf-ID {epoch(d)}, Dauer {r.randint(100, 9000)} ms",
        f"{d.strftime('%Y年%m月%d日 %H時%M分')} のバッチ ({epoch(d)})",
    ])


def pl_geo(r):
    rows = []
    for _ in range(r.randint(3, 8)):
        rows.append(f"store {dg(r, 5)}  lat {r.uniform(35, 60):.5f}  lon {r.uniform(-9, 25):.5f}  TID {tid(r)}  MCC {r.choice(MCCS)[0]}")
    return "merchant locations flagged by the geo-velocity rule (shops, not people):\n```\n" + "\n".join(rows) + "\n```"


def pl_cardrange(r):
    b = r.choice(BIN6) + dg(r, 2)
    lo = luhn_break(b + "0" * 8)
    hi = luhn_break(b + "9" * 8)
    return (f"account range `{group4(lo)}` – `{group4(hi)}` moved to the new issuer processor; update the routing table. "
            f"PAN length 16, range id {dg(r, 9)}")


def pl_payouts(r):
    rows = ["payout_id,arrival_date,amount,currency,destination_last4,status"]
    d = rdt(r)
    for _ in range(r.randint(5, 18)):
        rows.append(f"po_1{rs(r, ALNUM, 23)},{(d + dt.timedelta(days=r.randint(1, 5))).date()},{r.randint(100, 10 ** 7)},{r.choice(['eur', 'gbp', 'usd'])},{dg(r, 4)},{r.choice(['paid', 'paid', 'in_transit', 'failed'])}")
    return "payouts export (destination shows last 4 only):\n```csv\n" + "\n".join(rows) + "\n```"


def pl_versions(r):
    return (f"jPOS {r.randint(2, 3)}.{r.randint(0, 2)}.{r.randint(0, 12)}, EMV kernel C-{r.randint(2, 8)} v{r.randint(1, 5)}.{r.randint(0, 9)}.{r.randint(0, 99)}, "
            f"payShield fw 1500-09{r.randint(10, 40)}, PCI PTS {r.choice(['5.x', '6.x'])} approval {r.randint(4, 4)}-{dg(r, 5)}, build {dg(r, 8)}")


NEG_PII = [pl_iso_dump, pl_bintable, pl_recon_csv, pl_ledger, pl_fx, pl_routing, pl_mt103, pl_chargeback, pl_terminals,
           pl_network, pl_de7, pl_latency, pl_settle_summary, pl_fees, pl_tickets, pl_orders, pl_nacha, pl_bacs,
           pl_timestamps, pl_geo, pl_cardrange, pl_payouts, pl_versions]


def trunc(s, r):
    if len(s) > 160 and r.random() < 0.3:
        cut = r.randint(80, 140)
        return s[:cut] + r.choice(["…", "...", f"[{len(s) - cut} more chars]", "…(truncated)"])
    return s


def du_receipt_html(r):
    uri = trunc("data:image/png;base64," + b64(png(r)), r)
    return (r.choice(["receipt email template after the rebrand:", "Quittungs-Template (Logo inline, damit Outlook es zeigt):", "plantilla del recibo:"])
            + f"\n```html\n<table role=\"presentation\" width=\"100%\">\n  <tr><td align=\"center\">\n    <img src=\"{uri}\" width=\"120\" alt=\"Acme Pay\">\n"
            f"  </td></tr>\n  <tr><td>Amount: {{{{amount}}}} {{{{currency}}}}</td></tr>\n  <tr><td>Card: •••• {{{{last4}}}}</td></tr>\n</table>\n```")


def du_font(r):
    uri = trunc("data:font/woff2;base64," + b64(woff2(r)), r)
    return (f"checkout iframe can't load fonts from our CDN under the PSP's CSP, so we inline it:\n```css\n@font-face {{\n  font-family: \"CardDigits\";\n"
            f"  src: url(\"{uri}\") format(\"woff2\");\n  font-display: swap;\n}}\n.card-number-input {{ font-family: \"CardDigits\", monospace; letter-spacing: .08em; }}\n```")


def du_brand_icons(r):
    brands = r.sample(["visa", "mastercard", "amex", "discover", "jcb", "unionpay", "maestro", "cartes_bancaires"], r.randint(2, 4))
    lines = [f"  {b}: \"data:image/svg+xml;base64,{b64(svg_card(r).encode())}\"," for b in brands]
    return "```ts\n// card brand icons shown next to the PAN input\nexport const BRAND_ICONS: Record<CardBrand, string> = {\n" + "\n".join(lines) + "\n};\n```"


def du_qr(r):
    j = {"payment_id": "pay_" + rs(r, ALNUM, 20), "method": r.choice(["pix", "epc_qr", "paynow", "promptpay", "upi"]),
         "qr_code": {"mime": "image/png", "image_base64": trunc(b64(png(r, r.randint(8, 14), r.randint(8, 14))), r)}, "expires_at": iso(r, ms=False)}
    return "QR payment response from the sandbox:\n```json\n" + json.dumps(j, indent=2, ensure_ascii=False) + "\n```"


def du_markdown(r):
    return (r.choice(["runbook diagram (pasted inline because Confluence export):", "Ablaufdiagramm:", "diagramme du flux 3DS :", "フロー図:"])
            + f"\n![auth flow](data:image/png;base64,{trunc(b64(png(r)), r)})")


def du_pdf(r):
    d = rdt(r)
    pdf = pdf_bytes(r, f"Remittance advice {d.strftime('%Y%m%d')} batch {dg(r, 6)}")
    j = {"document_type": "remittance_advice", "filename": f"remittance_{d.strftime('%Y%m%d')}.pdf", "content_type": "application/pdf",
         "content": trunc(b64(pdf), r)}
    return "bank API returns the remittance advice inline, that's why the payloads are 40 KB:\n```json\n" + json.dumps(j, indent=2) + "\n```"


def du_3ds_method(r):
    html = f"<html><body onload=\"document.forms[0].submit()\"><form method=\"post\" action=\"https://acs.issuer.example/3dsmethod\"><input type=\"hidden\" name=\"threeDSMethodData\" value=\"{b64u(json.dumps({'threeDSServerTransID': uuid4(r), 'threeDSMethodNotificationURL': 'https://3ds.acme-pay.example/notify'}).encode())}\"></form></body></html>"
    return f"3DS method iframe is rendered from a data URI:\n```js\niframe.src = \"data:text/html;base64,{trunc(b64(html.encode()), r)}\";\n```"


def du_wav(r):
    return ("terminal config ships the approval beep inline:\n```json\n{\n  \"sounds\": {\n    \"approved\": \"data:audio/wav;base64," + b64(wav_beep(r))
            + "\",\n    \"declined\": \"data:audio/wav;base64," + trunc(b64(wav_beep(r)), r) + "\"\n  },\n  \"volume\": " + str(r.randint(1, 10)) + "\n}\n```")


def du_jupyter(r):
    return ("notebook output from the fraud-rate analysis (cell 14):\n```json\n{\n \"output_type\": \"display_data\",\n \"data\": {\n  \"image/png\": \""
            + trunc(b64(png(r, r.randint(6, 16), r.randint(6, 16))), r) + "\",\n  \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]\n },\n \"metadata\": {}\n}\n```")


def du_favicon(r):
    return f"checkout favicon: `<link rel=\"icon\" href=\"data:image/x-icon;base64,{trunc(b64(ico(r)), r)}\">`"


def du_mime(r):
    d = rdt(r)
    csv = f"date,scheme,count,gross\n{d.date()},VISA,{r.randint(100, 9999)},{fmt_amt(amount(r, 1000, 900000)).replace(',', '')}\n{d.date()},MC,{r.randint(100, 9999)},{fmt_amt(amount(r, 1000, 900000)).replace(',', '')}\n"
    bnd = "----=_Part_" + dg(r, 6) + "_" + dg(r, 9) + "." + dg(r, 13)
    return (f"raw MIME of the daily summary mail the acquirer sends:\n```\nContent-Type: multipart/mixed; boundary=\"{bnd}\"\n\n--{bnd}\n"
            f"Content-Type: text/csv; name=\"summary_{d.strftime('%Y%m%d')}.csv\"\nContent-Transfer-Encoding: base64\n\n{wrap(b64(csv.encode()), 76)}\n--{bnd}--\n```")


def du_blur(r):
    return (f"```jsx\n<Image src=\"/img/merchant-hero.jpg\" placeholder=\"blur\"\n  blurDataURL=\"data:image/jpeg;base64,{trunc(b64(jpeg(r, 60)), r)}\"\n  alt=\"\" />\n```")


def du_sourcemap(r):
    sm = {"version": 3, "file": "checkout.min.js", "sources": ["../src/card-form.ts", "../src/luhn.ts", "../src/iban.ts"], "names": ["validatePan", "maskPan", "formatIban"],
          "mappings": ";" + ",".join(rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 4) for _ in range(r.randint(6, 14)))}
    return (f"the minified checkout bundle still carries its inline source map, that's the 2 MB:\n```\n...;function e(t){{return t.replace(/\\D/g,\"\")}}\n"
            f"//# sourceMappingURL=data:application/json;charset=utf-8;base64,{trunc(b64(json.dumps(sm).encode()), r)}\n```")


def du_pixel(r):
    return f"open-tracking pixel in the payout notification: `<img src=\"data:image/gif;base64,{b64(gif1x1(r))}\" width=\"1\" height=\"1\">` - legal wants it gone"


def du_fixture(r):
    lang = r.randrange(3)
    data = b64(png(r))
    if lang == 0:
        return f"```kotlin\n// CardArtTest.kt\nprivate val CARD_ART_PNG = Base64.getDecoder().decode(\n    \"{data}\"\n)\n```"
    if lang == 1:
        return f"```python\n# tests/fixtures/card_art.py\nCARD_ART_PNG = base64.b64decode(\n    \"{data}\"\n)\n```"
    return f"```go\n// testdata for the wallet-pass renderer\nvar cardArt, _ = base64.StdEncoding.DecodeString(\"{data}\")\n```"


def du_csp(r):
    return (f"CSP report from the hosted payment page:\n```json\n{{\"csp-report\": {{\"document-uri\": \"https://pay.acme-pay.example/checkout\", \"violated-directive\": \"img-src\", "
            f"\"blocked-uri\": \"data:image/png;base64,{trunc(b64(png(r)), r)}\", \"status-code\": 200}}}}\n```")


def du_wallet(r):
    j = {"formatVersion": 1, "passTypeIdentifier": "pass.example.acme.giftcard", "serialNumber": "GC-" + dg(r, 10), "organizationName": "Acme Pay",
         "images": {"icon.png": b64(png(r, 4, 4)), "logo.png": trunc(b64(png(r)), r)}}
    return "wallet pass payload for the gift cards (images base64):\n```json\n" + json.dumps(j, indent=2) + "\n```"


def du_csv_export(r):
    csv = "batch,scheme,items,total\n" + "\n".join(f"{dg(r, 6)},{r.choice(['VISA', 'MC', 'AMEX'])},{r.randint(1, 900)},{r.randint(100, 999999)}" for _ in range(r.randint(2, 5)))
    return (f"the \"Export\" button builds a data URI client-side:\n```js\nconst href = \"data:text/csv;charset=utf-8;base64,{b64(csv.encode())}\";\n"
            f"a.download = \"settlement_batches.csv\";\n```")


def du_jpeg_logo(r):
    return (r.choice(["merchant logo for the statement descriptor preview:", "Händlerlogo aus dem Onboarding-Formular:", "logo del comercio:", "加盟店ロゴ:"])
            + f"\n`data:image/jpeg;base64,{trunc(b64(jpeg(r)), r)}`")


def du_email_css(r):
    return (f"```html\n<style>\n  .brand-strip {{ background: url(data:image/png;base64,{b64(png(r, 1, r.randint(2, 6)))}) repeat-x; height: 4px; }}\n"
            f"  .scheme-badge {{ background-image: url(\"data:image/svg+xml;base64,{b64(svg_card(r).encode())}\"); }}\n</style>\n```")


NEG_DATA = [du_receipt_html, du_font, du_brand_icons, du_qr, du_markdown, du_pdf, du_3ds_method, du_wav, du_jupyter, du_favicon,
            du_mime, du_blur, du_sourcemap, du_pixel, du_fixture, du_csp, du_wallet, du_csv_export, du_jpeg_logo, du_email_css]


def ph_env_example(r):
    lines = r.sample([
        "STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx", "STRIPE_WEBHOOK_SECRET=whsec_...", "ADYEN_API_KEY=<your-adyen-api-key>",
        "ADYEN_MERCHANT_ACCOUNT=YOUR_MERCHANT_ACCOUNT", "CHECKOUT_SECRET_KEY=sk_sbox_XXXXXXXX", "WORLDPAY_XML_PASSWORD=changeme",
        "HSM_AUTH_PASSPHRASE=", "LEDGER_DB_URL=postgres://ledger:<password>@localhost:5432/ledger", "SFTP_PASSWORD=${SFTP_PASSWORD}",
        "BRAINTREE_PRIVATE_KEY=your_private_key", "PLAID_SECRET=<plaid-sandbox-secret>", "GOCARDLESS_ACCESS_TOKEN=sandbox_XXXX",
        "WISE_API_TOKEN=********", "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-...", "AWS_SECRET_ACCESS_KEY=",
        "SLACK_BOT_TOKEN=xoxb-your-bot-token", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxx", "PGP_PASSPHRASE=REPLACE_ME",
    ], r.randint(4, 10))
    return r.choice(["`.env.example` for the payments-api repo:", "Vorlage für die lokale .env:", "plantilla .env:", ".env.exampleです:"]) + "\n```\n" + "\n".join(lines) + "\n```"


def ph_stripe_doc(r):
    return r.choice([
        "from the Stripe docs, runs against their public test account:\n```\ncurl https://api.stripe.com/v1/charges \\\n  -u sk_test_4eC39HqLyjWDarjtT1zdp7dc: \\\n  -d amount=2000 -d currency=usd -d source=tok_visa\n```",
        "the docs' publishable key `pk_test_TYooMQauvdEDq54NiTphI7jx` is what the storybook uses, not ours",
        "Stripe.js Beispiel aus der Doku: `Stripe('pk_test_TYooMQauvdEDq54NiTphI7jx')` - der Key gehört Stripe, nicht uns",
    ])


def ph_dukpt(r):
    return r.choice([
        "DUKPT unit tests use the ANSI X9.24 published test BDK `0123456789ABCDEFFEDCBA9876543210` and initial KSN `FFFF9876543210E00000`. Those are textbook values, every HSM vendor ships them.",
        "```python\n# X9.24-1 Annex A test vectors - NOT a production key\nTEST_BDK = bytes.fromhex(\"0123456789ABCDEFFEDCBA9876543210\")\nTEST_KSN = bytes.fromhex(\"FFFF9876543210E00000\")\n```",
        "La BDK de test du standard X9.24 (0123456789ABCDEFFEDCBA9876543210) est utilisée dans le simulateur de TPE, jamais en prod.",
    ])


def ph_masked(r):
    return r.choice([
        f"customer says card ending {dg(r, 4)} was charged twice. PAN in the logs shows as `{masked_pan(r, 0)}`, which is what we want",
        "log line: `pan=**** **** **** **** cvv=*** exp=**/**` - masking filter works after the fix",
        f"CSV from support had `XXXX-XXXX-XXXX-{dg(r, 4)}` in the card column, good, nothing else",
        "payload after scrubbing: `{\"card\": {\"number\": \"[REDACTED]\", \"cvc\": \"[REDACTED]\", \"exp_month\": \"[REDACTED]\"}}`",
        f"Karte: {masked_pan(r, 1)} - nur BIN + letzte 4, das ist PCI-konform",
        f"カード番号は {masked_pan(r, 2)} と表示されます(マスク済み)",
    ])


def ph_helm(r):
    return ("```yaml\n# values.yaml (" + r.choice(["payments-api", "iso-switch", "recon-worker", "payout-scheduler", "tokenizer-proxy"]) + ")\nhsm:\n  host: {{ .Values.hsm.host }}\n  password: {{ .Values.hsm.password | quote }}\n"
            "acquirer:\n  apiKey: ${ACQUIRER_API_KEY}\n  webhookSecret: vault:secret/data/payments/acquirer#webhook_secret\nsftp:\n  password: op://Payments/recon-sftp/password\n```")


def ph_gha(r):
    return ("```yaml\n      - name: Upload " + r.choice(["settlement report", "recon file", "chargeback evidence", "BIN table"]) + "\n        env:\n          SFTP_PASSWORD: ${{ secrets.RECON_SFTP_PASSWORD }}\n"
            "          PGP_PRIVATE_KEY: ${{ secrets.RECON_PGP_KEY }}\n          AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}\n"
            "        run: ./scripts/upload_recon.sh \"$REPORT_DATE\"\n```")


def ph_aws_doc(r):
    return r.choice([
        "localstack profile for the recon bucket tests:\n```ini\n[profile localstack]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-west-1\nendpoint_url = http://localhost:4566\n```",
        "the credentials in the README are AWS's own doc example (`AKIAIOSFODNN7EXAMPLE`), don't bother rotating them",
    ])


def ph_iban(r):
    return r.choice([
        "the form placeholder reads `DE00 0000 0000 0000 0000 00` and people literally submit it :facepalm:",
        "IBAN-Feld Platzhalter: `DExx xxxx xxxx xxxx xxxx xx`, BIC: `XXXXDEXXXXX`",
        "Exemple dans la doc : IBAN `FR76 XXXX XXXX XXXX XXXX XXXX XXX`, ne pas utiliser tel quel",
        "placeholder: `GBxx WXYZ 0000 0000 0000 00`, sort code `00-00-00`, account `00000000`",
        "pain.001 template: `<IBAN>{{debtor_iban}}</IBAN>` / `<BICFI>{{debtor_bic}}</BICFI>` - filled at runtime from the vault",
        f"IBAN masked in the UI as `NL** **** **** **{dg(r, 2)} {dg(r, 2)}`",
    ])


def ph_xml_template(r):
    return ("```xml\n<CdtTrfTxInf>\n  <PmtId><EndToEndId>${endToEndId}</EndToEndId></PmtId>\n  <Amt><InstdAmt Ccy=\"${currency}\">${amount}</InstdAmt></Amt>\n"
            "  <CdtrAgt><FinInstnId><BICFI>${creditorBic}</BICFI></FinInstnId></CdtrAgt>\n  <Cdtr><Nm>${creditorName}</Nm></Cdtr>\n"
            "  <CdtrAcct><Id><IBAN>${creditorIban}</IBAN></Id></CdtrAcct>\n</CdtTrfTxInf>\n```")


def ph_dsn(r):
    return r.choice([
        "docker-compose for local dev: `DATABASE_URL=postgres://postgres:postgres@localhost:5432/ledger_dev` (default creds, container only)",
        "`amqp://guest:guest@localhost:5672/` is the RabbitMQ default, the settlement worker falls back to it when the env var is missing",
        "```yaml\nledger-db:\n  image: postgres:16\n  environment:\n    POSTGRES_USER: ledger\n    POSTGRES_PASSWORD: changeme\n```",
        "JDBC template: `jdbc:postgresql://<host>:5432/ledger?user=<user>&password=<password>`",
        "mysql://root:root@127.0.0.1:3306/recon_test is only in the testcontainers fixture",
    ])


def ph_testcards(r):
    return ("processor test cards (masked here on purpose, full numbers are in the sandbox docs):\n| card | result |\n|---|---|\n"
            "| 4242 •••• •••• 4242 | approved |\n| 4000 •••• •••• 0002 | declined (generic) |\n| 4000 •••• •••• 9995 | insufficient funds |\n"
            "| 4000 •••• •••• 3220 | 3DS2 challenge |\n| 5555 •••• •••• 4444 | approved (MC) |\n"
            "expiry: any future date, CVC: any 3 digits, postcode: any")


def ph_whsec(r):
    return r.choice([
        "`WEBHOOK_SIGNING_SECRET=replace-me` in staging is why every event 401s",
        "the verifier reads `whsec_...` from `payments/webhooks/signing_secret` in Vault; the local default is the string `dev-secret`",
        "Webhook-Secret: `<whsec_from_dashboard>` eintragen, dann `make verify-webhooks`",
    ])


def ph_ceremony(r):
    return ("key ceremony worksheet (template, fill on paper only):\n```\nKey name:        ZMK-ACQ-<yyyy>\nComponent 1:     XXXX XXXX XXXX XXXX XXXX XXXX XXXX XXXX\n"
            "Component 2:     XXXX XXXX XXXX XXXX XXXX XXXX XXXX XXXX\nComponent 3:     XXXX XXXX XXXX XXXX XXXX XXXX XXXX XXXX\n"
            "KCV (each):      ______\nKCV (combined):  ______\nCustodian sig:   ____________   Witness sig: ____________\n```")


def ph_kyc(r):
    return r.choice([
        "KYC API doc example: `\"ssn\": \"XXX-XX-XXXX\"`, `\"ssn_last4\": \"0000\"`, `\"dob\": \"YYYY-MM-DD\"`",
        "phone placeholder in the onboarding form is `+1 (555) 000-0000` / `+49 XXX XXXXXXX`",
        "Beispiel aus der Doku: Telefon `+49 (0) XXX XXXXXXX`, Steuer-ID `XXXXXXXXXXX`",
        "contact field defaults to `<support-email>` and `<support-phone>` until the merchant fills it",
    ])


def ph_slack_webhook(r):
    return "alert config from the Slack docs example: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` - we still need the real one from #payments-alerts admins"


def ph_jwt(r):
    return r.choice([
        "```http\nPOST /v1/payments HTTP/1.1\nAuthorization: Bearer <access_token>\nIdempotency-Key: <uuid>\n```",
        "token looks like `eyJhbGciOiJSUzI1NiIs...` (truncated), I'm not pasting the rest",
        "Authorization: `Bearer ${MERCHANT_JWT}`, see step 3 of the onboarding doc",
    ])


def ph_llm(r):
    return r.choice([
        "dispute-summary bot config: `anthropic_api_key: \"sk-ant-api03-...\"`, `model: claude-...`, key comes from Vault at boot",
        "OpenAI key for the chargeback classifier: `sk-proj-XXXXXXXXXXXXXXXX` (placeholder in the chart, real one in ESO)",
    ])


def ph_tf(r):
    return ("```hcl\nvariable \"hsm_partition_password\" {\n  type      = string\n  sensitive = true\n}\n\nvariable \"acquirer_api_key\" {\n"
            "  type      = string\n  sensitive = true\n  default   = \"\"\n}\n```")


def ph_k8s_secret(r):
    return ("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: " + r.choice(["acquirer-credentials", "recon-sftp", "fx-provider", "kyc-vendor", "scheme-mtls"]) + "\n  namespace: payments-" + r.choice(["prod", "staging", "sandbox"]) + "\ntype: Opaque\nstringData:\n  api-key: REPLACE_ME\n"
            "  sftp-password: <set-by-external-secrets>\n  pgp-passphrase: \"\"\n```")


def ph_pem(r):
    return r.choice([
        "mTLS client key goes here in the runbook, obviously not the real one:\n```\n-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n```",
        "```\n-----BEGIN PRIVATE KEY-----\n<paste the key from the HSM export here>\n-----END PRIVATE KEY-----\n```",
    ])


def ph_adyen(r):
    return "Adyen sample request:\n```bash\ncurl -H \"X-API-Key: YOUR_X-API-KEY\" -H \"Content-Type: application/json\" \\\n  -d '{\"merchantAccount\": \"YOUR_MERCHANT_ACCOUNT\", \"amount\": {\"currency\": \"EUR\", \"value\": 1000}}' \\\n  https://checkout-test.adyen.com/v71/payments\n```"


def ph_sandbox(r):
    return r.choice([
        "sandbox magic amounts: 10.51 → decline 51, 10.05 → 05, 10.91 → issuer unavailable. PAN doesn't matter as long as it passes Luhn.",
        "in der Sandbox: Betrag 10,54 löst 'Karte abgelaufen' aus; Ablaufdatum beliebig in der Zukunft",
        "サンドボックス: 金額 10.51 で残高不足、カード番号はテスト用のもの(ドキュメント参照)",
    ])


def ph_redacted_log(r):
    d = rdt(r)
    return (f"```\n{iso(r, d)} INFO  tokenizer  tokenize request merchant={mid(r)} pan=[FILTERED] cvv=[FILTERED] exp=[FILTERED]\n"
            f"{iso(r, d)} INFO  tokenizer  token issued tok={'tk_' + rs(r, ALNUM, 20)} last4=**{dg(r, 2)}\n"
            f"{iso(r, d)} DEBUG sftp       login user=recon password=****** host=sftp.acquirer.example\n```")


NEG_PH = [ph_env_example, ph_stripe_doc, ph_dukpt, ph_masked, ph_helm, ph_gha, ph_aws_doc, ph_iban, ph_xml_template, ph_dsn,
          ph_testcards, ph_whsec, ph_ceremony, ph_kyc, ph_slack_webhook, ph_jwt, ph_llm, ph_tf, ph_k8s_secret, ph_pem,
          ph_adyen, ph_sandbox, ph_redacted_log]


def ph_config_table(r):
    keys = r.sample(["acquirer.api_key", "acquirer.webhook_secret", "hsm.auth_passphrase", "sftp.recon.password", "pgp.recon.passphrase",
                     "ledger.db.password", "fx.provider.token", "kyc.vendor.api_key", "slack.alerts.bot_token", "scheme.mtls.client_key",
                     "openbanking.client_secret", "payouts.bank.api_token"], r.randint(4, 8))
    rows = "\n".join(f"| `{k}` | {r.choice(['••••••••', '<set in Vault>', '${' + k.upper().replace('.', '_') + '}', '(empty)', '[MASKED]', 'xxxxxxxx', 'TBD'])} | {r.choice(['prod', 'staging', 'sandbox', 'all'])} |" for k in keys)
    return "config audit for the payments-api chart:\n| key | value | env |\n|---|---|---|\n" + rows


def ph_vault_paths(r):
    env = r.choice(["prod", "staging", "sandbox"])
    paths = r.sample(["acquirer/api-key", "acquirer/webhook-secret", "hsm/partition-pin", "sftp/recon-password", "pgp/recon-private-key",
                      "ledger/db-password", "scheme/mtls-key", "openbanking/client-secret"], r.randint(3, 6))
    return (f"ExternalSecret refs for {env} (paths only, values live in Vault):\n```yaml\ndata:\n" +
            "\n".join(f"  - secretKey: {p.split('/')[1].replace('-', '_')}\n    remoteRef:\n      key: secret/payments/{env}/{p}" for p in paths) + "\n```")


NEG_PH += [ph_config_table, ph_vault_paths]

# ---------------------------------------------------------------------------- code_identifier

JAVA_PKGS = ["com.acmepay.switch.iso8583", "com.acmepay.tokenizer.pan", "com.acmepay.sepa.iban", "com.acmepay.ledger.posting",
             "com.acmepay.webhooks.signature", "com.acmepay.hsm.payshield", "com.acmepay.recon.camt053", "com.acmepay.kyc.ssn"]
CLS = ["PanMaskingFilter", "PanTokenizer", "IbanValidator", "CardNumberNormalizer", "WebhookSignatureVerifier", "ZpkTranslationService",
       "PinBlockTranslator", "SettlementFileParser", "SsnHashingService", "ApiKeyRotationJob", "CvvPresenceCheck", "SecretRefResolver",
       "Camt053StatementReader", "AcquirerPasswordRotator", "TokenVaultClient", "EmvCryptogramValidator"]
METHODS = ["maskPan", "tokenizePan", "validateIbanChecksum", "normalizeCardNumber", "verifySignature", "translateZpk", "translatePinBlock",
           "parseSettlementRecord", "hashSsn", "rotateApiKey", "checkCvvPresent", "resolveSecretRef", "readEntry", "detokenize",
           "computeHmac", "loadWebhookSecret", "decryptPanBlob", "validateArqc", "lookupBinRange"]


def ci_java_trace(r):
    d = rdt(r)
    exc = r.choice(["com.acmepay.tokenizer.pan.InvalidPanLengthException: PAN length 17 not allowed for BIN range",
                    "com.acmepay.sepa.iban.IbanChecksumException: mod-97 check failed for country NL",
                    "com.acmepay.webhooks.signature.SignatureMismatchException: no v1 signature matched",
                    "com.acmepay.hsm.payshield.HsmErrorException: error code 68 (command disabled)",
                    "java.lang.IllegalStateException: webhookSecret not loaded (secretRef=payments/webhooks/signing_secret)",
                    "javax.crypto.AEADBadTagException: Tag mismatch!"])
    frames = []
    for _ in range(r.randint(5, 24)):
        p = r.choice(JAVA_PKGS)
        c = r.choice(CLS)
        frames.append(f"\tat {p}.{c}.{r.choice(METHODS)}({c}.java:{r.randint(20, 900)})")
    frames += ["\tat org.jpos.q2.iso.QMUX.request(QMUX.java:181)", "\tat java.base/java.lang.Thread.run(Thread.java:1583)"][:r.randint(0, 2)]
    return f"```\n{iso(r, d)} ERROR [{r.choice(['iso-in-3', 'http-nio-8443-exec-7', 'kafka-recon-0'])}] {r.choice(JAVA_PKGS)}.{r.choice(CLS)} - request failed\n{exc}\n" + "\n".join(frames) + "\n```"


def ci_go_panic(r):
    frames = []
    for _ in range(r.randint(3, 9)):
        pkg = r.choice(["ledger/internal/posting", "ledger/internal/fx", "switch/iso8583/field", "webhooks/verify", "recon/camt053", "tokenizer/panvault"])
        fn = r.choice(["(*Poster).Post", "(*Converter).ApplyRate", "UnpackPAN", "VerifyHMACSignature", "(*Reader).NextEntry", "(*Vault).Detokenize",
                       "loadSigningSecret", "parseTrack2", "(*Client).RotateAPIKey"])
        frames.append(f"github.com/acme-pay/{pkg}.{fn}(0x{hx(r, 10)}, 0x{hx(r, 4)})\n\t/src/{pkg}/{r.choice(['post.go', 'rate.go', 'pan.go', 'hmac.go', 'reader.go', 'vault.go'])}:{r.randint(20, 600)} +0x{hx(r, 3)}")
    return (f"```\npanic: {r.choice(['runtime error: index out of range [19] with length 16', 'runtime error: invalid memory address or nil pointer dereference', 'ledger: unbalanced journal (debit != credit)'])}\n\n"
            f"goroutine {r.randint(1, 9000)} [running]:\n" + "\n".join(frames) + "\n```")


def ci_py_trace(r):
    return (f"```\nTraceback (most recent call last):\n  File \"/app/recon/jobs/settle.py\", line {r.randint(40, 300)}, in reconcile_settlement_file\n"
            f"    entries = parse_camt053(path, iban_field=IBAN_FIELD)\n  File \"/app/recon/parsers/camt.py\", line {r.randint(40, 300)}, in parse_camt053\n"
            f"    acct = ntry[\"NtryDtls\"][\"TxDtls\"][\"RltdPties\"][\"DbtrAcct\"][\"Id\"][\"IBAN\"]\n{r.choice(['KeyError', 'TypeError'])}: 'IBAN'\n```\n"
            f"{r.choice(['some camt.053 entries carry Othr/Id instead of IBAN', 'manche Einträge haben Othr/Id statt IBAN', 'certaines entrées ont Othr/Id au lieu de IBAN'])}")


def ci_jpos(r):
    fields = [("2", "PRIMARY ACCOUNT NUMBER", "IFA_LLNUM", 19), ("3", "PROCESSING CODE", "IFA_NUMERIC", 6), ("4", "AMOUNT, TRANSACTION", "IFA_NUMERIC", 12),
              ("14", "DATE, EXPIRATION", "IFA_NUMERIC", 4), ("35", "TRACK 2 DATA", "IFA_LLNUM", 37), ("37", "RETRIEVAL REFERENCE NUMBER", "IF_CHAR", 12),
              ("45", "TRACK 1 DATA", "IFA_LLCHAR", 76), ("52", "PIN DATA", "IFA_BINARY", 8), ("53", "SECURITY RELATED CONTROL INFORMATION", "IFA_NUMERIC", 16),
              ("55", "ICC DATA", "IFA_LLLBINARY", 999), ("64", "MESSAGE AUTHENTICATION CODE", "IFA_BINARY", 8)]
    sel = sorted(r.sample(fields, r.randint(4, len(fields))), key=lambda f: int(f[0]))
    return "packager for the new acquirer:\n```xml\n<isopackager>\n" + "\n".join(
        f'  <isofield id="{i}" length="{ln}" name="{n}" class="org.jpos.iso.{c}"/>' for i, n, c, ln in sel) + "\n</isopackager>\n```"


def ci_sql(r):
    cols = r.sample(["pan_token TEXT NOT NULL", "pan_last4 CHAR(4)", "pan_hash BYTEA", "pan_bin CHAR(8)", "cvv_present BOOLEAN DEFAULT false",
                     "iban_encrypted BYTEA", "iban_country CHAR(2)", "ssn_hash BYTEA", "ssn_last4 CHAR(4)", "api_key_prefix VARCHAR(12)",
                     "api_key_hash BYTEA", "webhook_secret_ref TEXT", "password_hash TEXT", "card_fingerprint CHAR(64)",
                     "phone_e164_hash BYTEA", "email_blind_index BYTEA"], r.randint(5, 10))
    tbl = r.choice(["card_tokens", "payout_destinations", "merchant_api_keys", "kyc_subjects", "bank_accounts"])
    return f"```sql\nCREATE TABLE {tbl} (\n  id UUID PRIMARY KEY,\n  " + ",\n  ".join(cols) + ",\n  created_at TIMESTAMPTZ NOT NULL DEFAULT now()\n);\n```"


def ci_proto(r):
    return ("```proto\nmessage TokenizeCardRequest {\n  string pan = 1 [(acme.sensitive) = PCI];\n  string expiry_mmyy = 2 [(acme.sensitive) = PCI];\n"
            "  string cvc = 3 [(acme.sensitive) = PCI, (acme.never_log) = true];\n}\n\nmessage TokenizeCardResponse {\n  string pan_token = 1;\n"
            f"  string last4 = 2;\n  string bin = 3;\n  CardBrand brand = {r.randint(4, 9)};\n}}\n```")


def ci_ts(r):
    k = r.randrange(3)
    if k == 1:
        return ("```ts\ntype PayoutDestination = {\n  ibanLast4: string;\n  ibanCountry: CountryCode;\n  accountHolderNameHash: string;\n  sortCode?: never;   // UK only, see GbBankAccount\n};\n"
                "const isIbanPayout = (d: PayoutDestination): boolean => d.ibanCountry !== \"GB\";\n```")
    if k == 2:
        return ("```ts\nexport class KycApplicantForm {\n  @Field() ssnLast4!: string;\n  @Field({ sensitive: true }) ssnFull?: string;\n  @Field() phoneE164Hash!: string;\n"
                "  @Field() emailBlindIndex!: string;\n}\n```")
    return ("```ts\nexport interface CardDetails {\n  cardNumber: string;      // never logged, see maskCardNumber()\n  expiryMonth: number;\n  expiryYear: number;\n"
            "  cvc?: string;\n}\n\nexport function maskCardNumber(cardNumber: string): string {\n  return cardNumber.replace(/\\d(?=\\d{4})/g, \"•\");\n}\n```")


def ci_yaml_keys(r):
    return ("```yaml\nhsm:\n  zmk_kcv_expected: ${HSM_ZMK_KCV}\n  zpk_rotation_days: 90\nwebhooks:\n  signing_secret_ref: payments/webhooks/signing_secret\n"
            f"  tolerance_seconds: {r.choice([300, 600, 120])}\ntokenization:\n  pan_salt_version: {r.randint(1, 9)}\n  detokenize_allowed_roles: [settlement, chargebacks]\n"
            "sftp:\n  password_secret_name: recon-sftp\n```")


def ci_rust(r):
    return ("```\nerror[E0599]: no method named `verify_iban_checksum` found for struct `SepaCreditTransfer` in the current scope\n"
            f"  --> src/sepa/validate.rs:{r.randint(10, 300)}:{r.randint(5, 40)}\n   |\n{r.randint(10, 300)} |     tx.verify_iban_checksum()?;\n"
            "   |        ^^^^^^^^^^^^^^^^^^^^ help: there is a method with a similar name: `validate_iban_checksum`\n```")


def ci_flags(r):
    flags = r.sample(["payments.tokenizer.network_tokens_enabled", "payments.webhooks.rotate_signing_secret_v2", "kyc.ssn_full_collection_us",
                      "checkout.show_full_pan_to_admins", "ledger.fx.use_ecb_reference", "recon.sftp.password_auth_disabled",
                      "auth.api_key_prefix_display", "payouts.iban_name_check", "hsm.pin_translation_via_ca"], r.randint(3, 6))
    return "flags flipped in the release:\n" + "\n".join(f"- `{f}`: {r.choice(['on', 'off', '10%', '50%', 'EU only'])}" for f in flags)


def ci_tf_addresses(r):
    res = r.sample(["aws_kms_key.pan_encryption", "aws_secretsmanager_secret.acquirer_api_key", "aws_secretsmanager_secret_version.recon_sftp_password",
                    "vault_generic_secret.webhook_signing_secret", "aws_iam_access_key.recon_uploader", "module.hsm.aws_cloudhsm_v2_cluster.this",
                    "google_secret_manager_secret.openbanking_client_secret", "aws_ssm_parameter.pgp_passphrase"], r.randint(3, 6))
    return "```\nTerraform will perform the following actions:\n\n" + "\n".join(f"  # {x} will be {r.choice(['updated in-place', 'created', 'destroyed', 'replaced'])}" for x in res) + f"\n\nPlan: {r.randint(0, 3)} to add, {r.randint(0, 4)} to change, {r.randint(0, 2)} to destroy.\n```"


def ci_dotnet(r):
    return (f"```\nSystem.FormatException: IBAN has invalid length for country code 'BE'.\n   at Acme.Payments.Sepa.IbanValidator.Validate(String iban) in /src/Sepa/IbanValidator.cs:line {r.randint(20, 200)}\n"
            f"   at Acme.Payments.Payouts.PayoutDestinationService.AddBankAccount(AddBankAccountCommand cmd) in /src/Payouts/PayoutDestinationService.cs:line {r.randint(20, 400)}\n"
            "   at Acme.Payments.Api.Controllers.PayoutsController.Post(PayoutRequest request)\n```")


def ci_grep(r):
    hits = r.sample([
        "src/tokenizer/pan.go:44:func MaskPAN(pan string) string {",
        "src/webhooks/verify.go:12:const signingSecretEnv = \"WEBHOOK_SIGNING_SECRET\"",
        "src/recon/sftp.py:30:    password = secrets.get(\"recon_sftp_password\")",
        "src/kyc/ssn.ts:8:export const SSN_PATTERN = /^\\d{3}-\\d{2}-\\d{4}$/;",
        "src/api/keys.rb:19:  def rotate_api_key!(merchant)",
        "src/hsm/client.kt:77:    fun translatePinBlock(pinBlock: ByteArray, zpkIn: KeyRef, zpkOut: KeyRef): ByteArray",
        "deploy/values.yaml:41:  apiKeySecretName: acquirer-api-key",
        "src/payouts/iban.py:3:IBAN_RE = re.compile(r\"^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$\")",
    ], r.randint(3, 7))
    return f"```\n$ rg -n 'password|secret|api_key|pan|ssn|iban' src deploy | head\n" + "\n".join(hits) + "\n```"


def ci_swift(r):
    return ("```swift\nfunc paymentAuthorizationController(_ controller: PKPaymentAuthorizationController,\n    didAuthorizePayment payment: PKPayment,\n"
            "    handler completion: @escaping (PKPaymentAuthorizationResult) -> Void) {\n    let tokenData = payment.token.paymentData   // encrypted, forward as-is\n"
            "    api.submitApplePayToken(tokenData, merchantIdentifier: Config.applePayMerchantId) { result in ... }\n}\n```")


def ci_openapi(r):
    return ("```yaml\nBankAccount:\n  type: object\n  required: [iban, account_holder_name]\n  properties:\n    iban:\n      type: string\n"
            "      pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'\n      x-pii: true\n    bic:\n      type: string\n      pattern: '^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$'\n"
            "    sort_code:\n      type: string\n      pattern: '^\\d{2}-\\d{2}-\\d{2}$'\n```")


def ci_dlp_regex(r):
    return ("DLP rule for the log pipeline (it's code, relax):\n```python\nPAN_RE = re.compile(r\"\\b(?:4\\d{12}(?:\\d{3})?|5[1-5]\\d{14}|3[47]\\d{13}|6011\\d{12})\\b\")\n"
            "SSN_RE = re.compile(r\"\\b\\d{3}-\\d{2}-\\d{4}\\b\")\nIBAN_RE = re.compile(r\"\\b[A-Z]{2}\\d{2}[A-Z0-9]{11,30}\\b\")\n"
            "def scrub(line: str) -> str:\n    for rx in (PAN_RE, SSN_RE, IBAN_RE):\n        line = rx.sub(\"[REDACTED]\", line)\n    return line\n```")


def ci_avro(r):
    return ("```json\n{\"type\": \"record\", \"name\": \"CardAuthorized\", \"namespace\": \"com.acmepay.events\", \"fields\": [\n"
            "  {\"name\": \"pan_token\", \"type\": \"string\"},\n  {\"name\": \"pan_last4\", \"type\": \"string\"},\n"
            "  {\"name\": \"auth_code\", \"type\": [\"null\", \"string\"]},\n  {\"name\": \"rrn\", \"type\": \"string\"},\n"
            f"  {{\"name\": \"amount_minor\", \"type\": \"long\"}},\n  {{\"name\": \"schema_rev\", \"type\": \"int\", \"default\": {r.randint(1, 20)}}}\n]}}\n```")


def ci_log_keys(r):
    d = rdt(r)
    return (f"```\n{iso(r, d)} level=info svc=tokenizer msg=\"tokenized\" card_number_masked=true token_type={r.choice(['network', 'vault'])} "
            f"pan_length=16 bin_lookup_ms={r.randint(1, 40)} cvv_dropped=true secret_ref_version={r.randint(1, 30)}\n```")


def ci_kotlin(r):
    cls = r.choice(["ChargeRequest", "RefundRequest", "AuthorizeRequest", "CardVerificationRequest"])
    return ("```kotlin\n@JsonIgnoreProperties(\"cardNumber\", \"cvc\")\ndata class " + cls + "(\n    val amountMinor: Long,\n    val currency: String,\n"
            "    val cardNumber: String?,\n    val cvc: String?,\n    val idempotencyKey: String,\n) {\n    override fun toString() = \"" + cls + "(amountMinor=$amountMinor, currency=$currency, cardNumber=***, cvc=***)\"\n}\n```")


def ci_datadog(r):
    return (f"monitor query: `sum(last_5m):sum:payments.webhook.signature_mismatch{{env:prod}}.as_count() > {r.randint(5, 100)}` and "
            f"`avg:hsm.command.latency{{cmd:ca,zpk_translation:true}} > {r.randint(50, 400)}`")


def ci_php(r):
    return ("```\nPHP Fatal error:  Uncaught TypeError: Acme\\Billing\\CardVault::storePanToken(): Argument #1 ($panToken) must be of type string, null given,\n"
            f"called in /var/www/billing/src/Checkout/CaptureHandler.php on line {r.randint(20, 400)}\n```")


NEG_CODE = [ci_java_trace, ci_go_panic, ci_py_trace, ci_jpos, ci_sql, ci_proto, ci_ts, ci_yaml_keys, ci_rust, ci_flags, ci_tf_addresses,
            ci_dotnet, ci_grep, ci_swift, ci_openapi, ci_dlp_regex, ci_avro, ci_log_keys, ci_kotlin, ci_datadog, ci_php]


# ---------------------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": ["reminder: never paste full PANs in here, not even test ones, use the last 4",
           "the acquirer wants us to rotate the ZPK before the 1st, key ceremony is Thursday, need two custodians",
           "who owns the sandbox API key for the new processor? I don't want it, just need to know who to ask",
           "I rotated the webhook signing secret, old one stays valid for 24h so don't panic about 401s",
           "a merchant emailed their whole card number to support again, ticket is closed and the mail purged",
           "do we store the SSN or only the last four? compliance says last four + hash is fine",
           "the SFTP password for the recon drop expires every 90 days, can we move to key auth already",
           "customer asked us to read back their IBAN over the phone, we said no, that's policy",
           "PCI scope question: if the tokenizer never sees the CVV does the log pipeline stay out of scope?",
           "the HSM LMK is split across three smartcards in the safe, nobody has the full thing",
           "someone pushed an API key to a branch, GitHub secret scanning caught it and we revoked it within 10 minutes",
           "can we stop sharing the acquirer portal password in a spreadsheet please"],
    "de": ["Bitte keine vollständigen Kartennummern in Slack posten, auch nicht aus der Sandbox.",
           "Der ZMK muss bis Ende des Quartals getauscht werden, die Schlüsselzeremonie braucht zwei Verwahrer.",
           "Wer hat das Passwort für das Acquirer-Portal? Ich brauche nur den Namen der zuständigen Person.",
           "Das Webhook-Secret wurde heute rotiert, das alte gilt noch 24 Stunden.",
           "Ein Händler hat uns seine IBAN per Telefon durchgegeben, wir haben ihn auf das Formular verwiesen.",
           "Die PGP-Schlüssel für die Abrechnungsdateien laufen im Mai ab, bitte rechtzeitig neue erzeugen."],
    "fr": ["Rappel : ne jamais coller de numéro de carte complet ici, seulement les 4 derniers chiffres.",
           "La clé API du prestataire a fuité dans un ticket, elle a été révoquée et remplacée ce matin.",
           "Le mot de passe du SFTP de rapprochement expire vendredi, qui s'en occupe ?",
           "Un client a demandé son code PIN par téléphone, évidemment on ne l'a pas.",
           "On fait tourner la clé de signature des webhooks tous les 90 jours désormais."],
    "es": ["Por favor, no compartáis números de tarjeta completos en este canal.",
           "El token de acceso del procesador caduca cada 12 horas, el job lo renueva solo.",
           "¿Quién tiene la contraseña del portal del adquirente? Solo necesito saber a quién pedirla.",
           "Rotamos la clave de firma de los webhooks; la antigua sigue siendo válida un día.",
           "Un comercio nos mandó el IBAN de su cliente por correo, lo borramos y avisamos al DPO."],
    "pt": ["Lembrete: não colem números de cartão completos aqui, só os 4 últimos.",
           "A chave da API do adquirente foi rotacionada ontem, atualizem o cofre se usam localmente.",
           "O cliente pediu para confirmar o CPF e o número do cartão por telefone; encaminhei para o fluxo oficial.",
           "A senha do SFTP de conciliação expira semana que vem.",
           "Não mandem a chave Pix nem dados bancários de cliente por aqui, usem o ticket.",
           "O token do webhook do adquirente foi revogado depois do vazamento no log; já geramos outro."],
    "it": ["Non incollate mai il PAN completo in chat, basta l'ultimo blocco di quattro cifre.",
           "La password del portale dell'acquirer va cambiata ogni 60 giorni, chi se ne occupa?",
           "Abbiamo ruotato la chiave API del fornitore KYC, quella vecchia è revocata."],
    "nl": ["Graag geen volledige kaartnummers in Slack, ook niet uit de testomgeving.",
           "De API-sleutel van de acquirer is vanochtend geroteerd, de oude werkt niet meer.",
           "Wie beheert het wachtwoord van de SFTP-server voor de reconciliatie?",
           "Een klant vroeg om zijn IBAN te bevestigen via de telefoon; dat doen we niet."],
    "pl": ["Przypominam: nie wklejamy tu pełnych numerów kart ani PESEL-i.",
           "Klucz API do bramki płatniczej wygasa w piątek, trzeba wygenerować nowy w panelu.",
           "Hasło do portalu agenta rozliczeniowego jest w sejfie, nie w arkuszu.",
           "Rotacja klucza ZPK zaplanowana na przyszły tydzień, potrzebujemy dwóch powierników."],
    "ja": ["カード番号(PAN)をSlackに貼らないでください。下4桁だけで十分です。",
           "アクワイアラのAPIキーを本日ローテーションしました。旧キーは失効済みです。",
           "精算ファイル用SFTPのパスワードが来週期限切れになります。担当者は誰ですか？",
           "鍵セレモニーは木曜日です。ZMKのコンポーネント保管者が2名必要です。",
           "お客様から電話でカード番号を伝えたいと言われましたが、フォームに誘導しました。"],
    "zh": ["提醒：不要在频道里粘贴完整卡号，只写后四位。",
           "收单行的 API 密钥已经轮换，旧密钥已作废。",
           "对账 SFTP 的密码下周过期，谁来负责更新？",
           "Webhook 签名密钥每 90 天轮换一次，旧的保留 24 小时。"],
    "ko": ["카드 번호 전체를 여기에 붙여넣지 마세요. 마지막 4자리만 쓰면 됩니다.",
           "매입사 API 키를 오늘 교체했습니다. 이전 키는 폐기되었습니다.",
           "정산 파일 SFTP 비밀번호가 다음 주에 만료됩니다.",
           "고객이 전화로 계좌번호를 확인해 달라고 했지만 정책상 안내하지 않았습니다."],
    "ru": ["Напоминание: не вставляйте сюда полные номера карт, только последние 4 цифры.",
           "Ключ API эквайера сегодня перевыпустили, старый отозван.",
           "Пароль от SFTP для сверки истекает в пятницу, кто обновит?",
           "Клиент просил продиктовать ему номер счёта по телефону — мы так не делаем."],
    "tr": ["Hatırlatma: tam kart numarasını buraya yapıştırmayın, son 4 hane yeterli.",
           "Ödeme sağlayıcısının API anahtarı bugün yenilendi, eskisi iptal edildi.",
           "Mutabakat SFTP şifresi gelecek hafta sona eriyor."],
    "sv": ["Klistra aldrig in fullständiga kortnummer här, bara de sista fyra siffrorna.",
           "Vi har roterat API-nyckeln mot inlösaren, den gamla är spärrad.",
           "Lösenordet till avstämnings-SFTP:n går ut nästa vecka."],
    "hi": ["कृपया पूरा कार्ड नंबर यहाँ पेस्ट न करें, सिर्फ़ आख़िरी चार अंक लिखें।",
           "प्रोसेसर की API की आज बदल दी गई है, पुरानी की रद्द है।",
           "ग्राहक ने फ़ोन पर अपना खाता नंबर बताना चाहा, हमने उन्हें सुरक्षित फ़ॉर्म पर भेजा।",
           "रिकंसिलिएशन SFTP का पासवर्ड अगले हफ़्ते एक्सपायर होगा, कौन बदलेगा?"],
    "ar": ["تذكير: لا تلصقوا أرقام البطاقات الكاملة هنا، آخر أربعة أرقام تكفي.",
           "تم تدوير مفتاح واجهة البرمجة الخاص بالمعالج اليوم والمفتاح القديم ملغى.",
           "كلمة مرور بوابة المستحوذ تنتهي صلاحيتها يوم الجمعة، من سيتولى تغييرها؟",
           "طلب أحد العملاء تأكيد رقم حسابه المصرفي عبر الهاتف، ورفضنا ذلك حسب السياسة."],
}


def ta_single(r):
    lang = r.choice(list(TALK))
    return r.choice(TALK[lang])


def ta_thread(r):
    lang = r.choice(["en", "de", "fr", "es", "ja", "pl", "nl", "pt", "ko", "zh", "ru", "it", "tr", "sv", "hi", "ar"])
    sents = r.sample(TALK[lang], min(len(TALK[lang]), r.randint(2, 4)))
    prefixes = ["> ", "", "↳ ", "- "]
    return "\n".join(r.choice(prefixes) + s for s in sents)


def ta_incident(r):
    d = rdt(r)
    bullets = r.sample([
        "what happened: a debug log line printed the full request body, including card data, for ~14 minutes",
        "impact: logs for one pod; no evidence the data left our account; log group purged",
        "the acquirer API key was in the same log line, so it was rotated as a precaution",
        "root cause: the masking filter was bypassed because the field was renamed from `pan` to `card_number`",
        "follow-up: add the renamed field to the scrubber allow-list and a unit test",
        "follow-up: make the webhook secret loader fail closed instead of falling back to an empty string",
        "we notified the scheme per the PCI incident procedure; no cardholder contact needed",
        "password reset forced for the three portal users who had access to the bucket",
        "SSNs were never in scope: KYC stores only a hash plus the last four digits",
    ], r.randint(3, 6))
    return f"*Incident summary - {d.date()} (SEV{r.randint(2, 3)})*\n" + "\n".join("• " + b for b in bullets)


def ta_sync_notes(r):
    return ("security sync notes:\n" + "\n".join(f"{i + 1}. {s}" for i, s in enumerate(r.sample([
        "HSM key inventory: every key has a KCV on record, two are past their crypto-period",
        "API keys: move the processor keys from env vars to Vault dynamic secrets",
        "passwords: acquirer portal still has shared logins, ticket opened with the vendor",
        "tokens: Slack bot token for alerts gets rotated with the quarterly rotation",
        "cards: confirm that support tooling only ever displays BIN + last 4",
        "phone numbers: the IVR recordings retention is 30 days, check the contract",
        "bank accounts: payout destination changes need 4-eyes approval from now on",
        "private keys: mTLS client key for the scheme lives only in the HSM, never exported",
    ], r.randint(3, 6)))))


def ta_faq(r):
    qa = r.sample([
        ("Can I paste a test card number here?", "Use the masked form. Even test PANs trip the DLP and page the on-call."),
        ("Where is the acquirer API key?", "In Vault under the payments namespace. Ask in #payments-platform for access, never in DM."),
        ("A merchant sent a customer's IBAN by mail, what now?", "Delete it, log a privacy ticket, reply asking them to use the portal."),
        ("How often do we rotate the webhook secret?", "Every 90 days, or right away if it shows up anywhere it shouldn't."),
        ("Does the tokenizer keep the CVV?", "No. It is used for the authorisation and dropped; it is never written to disk."),
        ("Someone asked for my password to 'check' the portal.", "That is phishing. Report it to security, do not reply."),
    ], r.randint(2, 4))
    return "*FAQ (pinned)*\n" + "\n".join(f"*Q:* {q}\n*A:* {a}" for q, a in qa)


def ta_regex_talk(r):
    return r.choice([
        "our DLP flags every 16-digit number as a card, even RRNs and order ids. we should add the Luhn check before alerting, that kills most false positives",
        "the scanner thinks ARNs are cards because they start with a 7 and pass mod 10. maybe require a known BIN prefix?",
        "Der Scanner meldet jede IBAN-ähnliche Zeichenkette, auch ungültige. Mit Prüfsumme mod 97 wären es viel weniger Fehlalarme.",
        "検知ルールが10桁の数字を全部電話番号として拾っています。DE7の日時もです。",
    ])


def ta_question(r):
    return r.choice([
        "does anyone know if the new processor sends the webhook secret in the onboarding email or only in the dashboard?",
        "is it ok to keep the last four of the SSN in the KYC table or does legal want even that hashed?",
        "quick check: the ops runbook says to call the bank's fraud line, which number do we use? the one on their website I assume",
        "Pregunta: ¿el token de la API del banco se puede guardar en el gestor de contraseñas del equipo o tiene que ir a Vault?",
        "Question : est-ce qu'on a le droit de garder le numéro de téléphone du commerçant dans les logs d'appels ?",
        "Frage: dürfen wir die Telefonnummer des Händlers im CRM speichern, oder nur im Vertrag?",
        "質問です: 加盟店の口座番号はどこに保存されていますか？(値は不要です)",
    ])


NEG_TALK = [ta_single, ta_single, ta_single, ta_single, ta_thread, ta_thread, ta_incident, ta_sync_notes, ta_faq, ta_regex_talk, ta_question]


NEG_CATS = [("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_PII), ("data_uri_base64", NEG_DATA),
            ("placeholder_example", NEG_PH), ("code_identifier", NEG_CODE), ("talk_about_secrets", NEG_TALK)]
PER_CAT = 100


def decorate(r, text, lead_p=0.13, tail_p=0.06):
    if r.random() < lead_p:
        text = r.choice(LEADS) + text
    if r.random() < tail_p:
        text = text + r.choice(TAILS)
    return text


def build_negatives(r):
    out = []
    seen = set()
    seen_core = set()
    stats = {"redrawn": {}, "templates": {}}
    for cat, tmpls in NEG_CATS:
        order = []
        made = 0
        while made < PER_CAT:
            if not order:
                order = tmpls[:]
                r.shuffle(order)
            fn = order.pop()
            for attempt in range(60):
                core = fn(r)
                if core in seen_core:
                    continue
                t = decorate(r, core)
                hits = scan(t)
                if hits:
                    stats["redrawn"].setdefault(hits[0][0], 0)
                    stats["redrawn"][hits[0][0]] += 1
                    continue
                if t in seen:
                    continue
                break
            else:
                continue  # template exhausted; try another template
            seen.add(t)
            seen_core.add(core)
            made += 1
            stats["templates"].setdefault(cat, set()).add(fn.__name__)
            out.append({"category": cat, "text": t})
    r.shuffle(out)
    recs = []
    for i, rec in enumerate(out, 1):
        recs.append({"id": f"h20n-{i:04d}", "text": rec["text"], "category": rec["category"]})
    return recs, stats


# ----------------------------------------------------------------------------
# POSITIVES: value generators
# ----------------------------------------------------------------------------
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address",
         "github_classic_pat", "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key",
         "password", "phone_number", "private_key_pem", "slack_bot_token", "slack_user_token",
         "url_credentials", "us_ssn"]


def v_anthropic(r):
    return "sk-ant-api03-" + rs(r, B64URL, 93) + "AA"


def v_aws_id(r):
    while True:
        v = r.choice(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
        if "EXAMPLE" not in v:
            return v


def v_aws_secret(r):
    while True:
        v = rs(r, ALNUM + "/+", 40)
        if re.search(r"[a-z]", v) and re.search(r"[A-Z]", v) and re.search(r"\d", v):
            return v


def b62enc(n, width):
    s = ""
    while n:
        n, m = divmod(n, 62)
        s = B62[m] + s
    return s.rjust(width, "0")


def v_ghp(r):
    body = rs(r, ALNUM, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_ghfg(r):
    return "github_pat_11" + rs(r, UPNUM, 20) + "_" + rs(r, ALNUM, 59)


def v_card(r):
    k = r.randrange(6)
    if k in (0, 1):
        pre, n = "4" + dg(r, 5), 16
    elif k == 2:
        pre, n = "5" + str(r.randint(1, 5)) + dg(r, 4), 16
    elif k == 3:
        pre, n = str(r.randint(2221, 2720)) + dg(r, 2), 16
    elif k == 4:
        pre, n = r.choice(["34", "37"]) + dg(r, 4), 15
    else:
        pre, n = "6011" + dg(r, 2), 16
    while True:
        num = luhn_complete(pre + dg(r, n - len(pre) - 1))
        if num not in ("4242424242424242", "4111111111111111", "5555555555554444"):
            break
    style = r.randrange(3)
    if style == 0:
        return num
    sep = " " if style == 1 else "-"
    if n == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


FIRST = ["lena", "marco", "sofia", "yuki", "ana", "pieter", "agnieszka", "tomas", "ines", "kenji", "olga", "mehmet", "chloe", "rafael",
         "emma", "lukas", "giulia", "jonas", "camille", "diego", "hana", "minh", "priya", "arjun", "leila", "noah", "sara", "mateo"]
LAST = ["novak", "brandt", "moreau", "tanaka", "silva", "jansen", "kowalczyk", "horvath", "ferreira", "sato", "ivanova", "yilmaz",
        "dubois", "ortega", "lindqvist", "becker", "romano", "nguyen", "kaur", "haddad", "fischer", "mertens", "costa", "nakamura"]
DOMS = ["gmail.com", "outlook.com", "web.de", "gmx.de", "yahoo.co.jp", "orange.fr", "hotmail.es", "icloud.com", "proton.me",
        "northwind-retail.com", "bistro-sole.it", "fietsenmaker-utrecht.nl", "kawaii-zakka.jp", "lojadocafe.com.br", "acme-pay.io"]


def v_email(r):
    f, l = r.choice(FIRST), r.choice(LAST)
    local = r.choice([f"{f}.{l}", f"{f[0]}{l}", f"{f}{r.randint(1, 99)}", f"{l}.{f}", f"{f}_{l}{r.randint(70, 99)}", f"{f[0]}.{l}"])
    return f"{local}@{r.choice(DOMS)}"


def rib_key(bank, guichet, compte):
    conv = {c: str(v) for c, v in zip(string.ascii_uppercase, "12345678912345678923456789")}
    c = "".join(conv.get(ch, ch) for ch in compte)
    return f"{97 - (89 * int(bank) + 15 * int(guichet) + 3 * int(c)) % 97:02d}"


def v_iban(r):
    cc = r.choice(["DE", "GB", "FR", "NL", "BE", "ES", "AT", "PL", "IE", "CH", "PT", "IT"])
    if cc == "DE":
        bban = dg(r, 8, True) + dg(r, 10)
    elif cc == "GB":
        bban = r.choice(["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "MONZ"]) + dg(r, 6) + dg(r, 8)
    elif cc == "IE":
        bban = r.choice(["AIBK", "BOFI"]) + dg(r, 6) + dg(r, 8)
    elif cc == "FR":
        b, g, c = dg(r, 5, True), dg(r, 5), dg(r, 11)
        bban = b + g + c + rib_key(b, g, c)
    elif cc == "NL":
        bban = r.choice(["ABNA", "INGB", "RABO", "TRIO", "KNAB"]) + dg(r, 10)
    elif cc == "BE":
        n = int(dg(r, 10, True))
        chk = n % 97 or 97
        bban = f"{n:010d}{chk:02d}"
    elif cc == "ES":
        bban = dg(r, 4, True) + dg(r, 4) + dg(r, 2) + dg(r, 10)
    elif cc == "AT":
        bban = dg(r, 5, True) + dg(r, 11)
    elif cc == "PL":
        bban = dg(r, 8, True) + dg(r, 16)
    elif cc == "CH":
        bban = dg(r, 5, True) + dg(r, 12)
    elif cc == "PT":
        bban = dg(r, 21, True)
    else:  # IT
        bban = rs(r, string.ascii_uppercase, 1) + dg(r, 5, True) + dg(r, 5) + dg(r, 12)
    iban = make_iban(cc, bban)
    assert iban_ok(iban)
    return group4(iban) if r.random() < 0.5 else iban


def v_ipv4(r):
    while True:
        ip = ".".join(str(r.randint(1, 254)) for _ in range(4))
        a = ipaddress.ip_address(ip)
        if a.is_global and not a.is_multicast and not ip.startswith(("100.", "198.18.", "198.19.")):
            return ip


def v_jwt(r):
    d = rdt(r)
    if r.random() < 0.5:
        h = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(rb(r, 32))
    else:
        h = {"alg": "RS256", "typ": "JWT", "kid": hx(r, 16)}
        sig = b64u(rb(r, 256))
    p = r.choice([
        {"iss": "https://auth.acme-pay.io", "sub": "mer_" + rs(r, ALNUM, 14), "aud": "payments-api", "scope": "payments:write refunds:write",
         "iat": epoch(d), "exp": epoch(d) + 3600},
        {"iss": "https://login.openbanking-sandbox.example", "sub": uuid4(r), "consent_id": "urn:obuk:consent:" + uuid4(r),
         "aud": "aisp", "iat": epoch(d), "exp": epoch(d) + 900},
        {"sub": dg(r, 9), "merchant_id": mid(r), "roles": ["settlement_viewer"], "iat": epoch(d), "exp": epoch(d) + 7200},
    ])
    return b64u(json.dumps(h, separators=(",", ":")).encode()) + "." + b64u(json.dumps(p, separators=(",", ":")).encode()) + "." + sig


def v_openai(r):
    k = r.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(r, B64URL, 74) + "T3BlbkFJ" + rs(r, B64URL, 74)
    if k == 1:
        return "sk-" + rs(r, ALNUM, 20) + "T3BlbkFJ" + rs(r, ALNUM, 20)
    return "sk-svcacct-" + rs(r, B64URL, 74) + "T3BlbkFJ" + rs(r, B64URL, 74)


WORDS = ["harbor", "copper", "lantern", "violet", "orbit", "maple", "glacier", "ember", "falcon", "tundra", "saffron", "quartz", "meadow", "cobalt"]


def v_password(r, url_safe=False):
    k = r.randrange(3)
    if k == 0:
        alpha = ALNUM + ("-._~" if url_safe else "!#%^*-_=+?")
        while True:
            v = rs(r, alpha, r.randint(14, 24))
            if re.search(r"\d", v) and re.search(r"[A-Z]", v) and re.search(r"[a-z]", v):
                return v
    if k == 1:
        w = r.sample(WORDS, 3)
        sep = r.choice(["-", ".", "_"]) if url_safe else r.choice(["-", ".", "_", "!", "#"])
        return sep.join(x.capitalize() if i == 1 else x for i, x in enumerate(w)) + str(r.randint(10, 99))
    return r.choice(["Settle", "Recon", "Ledger", "Payout", "Acq"]) + str(r.randint(2024, 2027)) + r.choice(["!", "#", "$", "-", ".", "_"] if not url_safe else ["-", ".", "_"]) + rs(r, ALNUM, 6)


def v_phone(r):
    k = r.randrange(10)
    if k == 0:
        return f"+1 ({r.randint(201, 989)}) {r.randint(200, 989)}-{dg(r, 4)}"
    if k == 1:
        return f"+44 7{dg(r, 3)} {dg(r, 6)}"
    if k == 2:
        return f"+49 1{r.choice(['51', '52', '57', '60', '70', '76'])} {dg(r, 8, True)}"
    if k == 3:
        return f"+33 {r.choice(['6', '7'])} {dg(r, 2)} {dg(r, 2)} {dg(r, 2)} {dg(r, 2)}"
    if k == 4:
        return f"+34 6{dg(r, 2)} {dg(r, 3)} {dg(r, 3)}"
    if k == 5:
        return f"+31 6 {dg(r, 8)}"
    if k == 6:
        return f"0{r.choice(['90', '80', '70'])}-{dg(r, 4, True)}-{dg(r, 4)}"
    if k == 7:
        return f"+48 {r.choice(['5', '6', '7', '8'])}{dg(r, 2)} {dg(r, 3)} {dg(r, 3)}"
    if k == 8:
        return f"+55 11 9{dg(r, 4)}-{dg(r, 4)}"
    return f"+1-{r.randint(201, 989)}-{r.randint(200, 989)}-{dg(r, 4)}"


def der_len(n):
    if n < 128:
        return bytes([n])
    if n < 256:
        return b"\x81" + bytes([n])
    return b"\x82" + struct.pack(">H", n)


def der_int(b):
    if b[0] & 0x80:
        b = b"\x00" + b
    return b"\x02" + der_len(len(b)) + b


def der_seq(*parts):
    body = b"".join(parts)
    return b"\x30" + der_len(len(body)) + body


def v_pem(r):
    k = r.randrange(5)
    if k == 0:
        der = (b"\x30\x77\x02\x01\x01\x04\x20" + rb(r, 32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rb(r, 64))
        label, body = "EC PRIVATE KEY", b64(der)
    elif k == 1:
        der = bytes.fromhex("302e020100300506032b657004220420") + rb(r, 32)
        label, body = "PRIVATE KEY", b64(der)
    elif k == 2:
        nbits = r.choice([1024, 2048])
        nb = nbits // 8
        parts = [b"\x02\x01\x00", der_int(b"\xc0" + rb(r, nb - 1)), der_int(b"\x01\x00\x01"), der_int(b"\x40" + rb(r, nb - 1)),
                 der_int(b"\xe0" + rb(r, nb // 2 - 1)), der_int(b"\xd0" + rb(r, nb // 2 - 1)), der_int(b"\x30" + rb(r, nb // 2 - 1)),
                 der_int(b"\x50" + rb(r, nb // 2 - 1)), der_int(b"\x60" + rb(r, nb // 2 - 1))]
        label, body = "RSA PRIVATE KEY", b64(der_seq(*parts))
    elif k == 3:
        pkcs8 = der_seq(b"\x02\x01\x00", bytes.fromhex("301306072a8648ce3d020106082a8648ce3d030107"),
                        b"\x04" + der_len(0x6d) + bytes.fromhex("306b0201010420") + rb(r, 32) + bytes.fromhex("a144034200") + b"\x04" + rb(r, 64))
        label, body = "PRIVATE KEY", b64(pkcs8)
    else:
        pub = rb(r, 32)
        pubblob = struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + pub
        chk = rb(r, 4)
        comment = r.choice([b"recon-fetcher@build", b"sftp-upload", b"deploy@payments-ci"])
        priv = chk + chk + struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + pub + struct.pack(">I", 64) + rb(r, 32) + pub + struct.pack(">I", len(comment)) + comment
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        blob = (b"openssh-key-v1\x00" + struct.pack(">I", 4) + b"none" + struct.pack(">I", 4) + b"none" + struct.pack(">I", 0)
                + struct.pack(">I", 1) + struct.pack(">I", len(pubblob)) + pubblob + struct.pack(">I", len(priv)) + priv)
        return "OPENSSH PRIVATE KEY", wrap(b64(blob), 70)
    return label, wrap(body, 64)


def v_xoxb(r):
    return f"xoxb-{dg(r, r.randint(10, 13), True)}-{dg(r, r.randint(10, 13), True)}-{rs(r, ALNUM, 24)}"


def v_xoxp(r):
    return f"xoxp-{dg(r, r.randint(10, 13), True)}-{dg(r, r.randint(10, 13), True)}-{dg(r, r.randint(10, 13), True)}-{hx(r, 32)}"


def v_ssn(r):
    while True:
        a = r.randint(1, 899)
        if a == 666:
            continue
        g, s = r.randint(1, 99), r.randint(1, 9999)
        v = f"{a:03d}-{g:02d}-{s:04d}"
        if v not in ("123-45-6789", "078-05-1120", "219-09-9999"):
            return v


# ----------------------------------------------------------------------------
# POSITIVES: single-secret templates. Each returns text containing v.
# ----------------------------------------------------------------------------
def pem_block(label, body):
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"


T = {}
T["anthropic_api_key"] = [
    lambda r, v: f"ANTHROPIC_API_KEY={v}",
    lambda r, v: f"dispute-summary bot is live in staging, key for now is `{v}` - will move it to Vault tomorrow",
    lambda r, v: f"```python\nclient = anthropic.Anthropic(api_key=\"{v}\")\nsummary = client.messages.create(model=MODEL, max_tokens=800, messages=[{{\"role\": \"user\", \"content\": chargeback_text}}])\n```",
    lambda r, v: f"```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: recon-assistant\nstringData:\n  ANTHROPIC_API_KEY: \"{v}\"\n```",
    lambda r, v: f"Für den Abgleich-Assistenten: `{v}` (nur Staging, bitte nicht weitergeben)",
    lambda r, v: f"{iso(r)} WARN llm-client retrying after 529, x-api-key={v}",
    lambda r, v: f"チャージバック要約ボットのキーです: {v}",
    lambda r, v: f"export ANTHROPIC_API_KEY='{v}'\npython -m recon.explain --date {rdt(r).date()}",
]
T["github_classic_pat"] = [
    lambda r, v: f"CI can't pull the private jpos fork, use my PAT for now: {v}",
    lambda r, v: f"```\n$ git clone https://{v}@github.com/acme-pay/iso-switch.git\n```",
    lambda r, v: f"```yaml\n# .npmrc for the card-form package\n//npm.pkg.github.com/:_authToken={v}\n```",
    lambda r, v: f"GH_TOKEN={v} gh release download v{r.randint(1, 5)}.{r.randint(0, 20)}.0 -R acme-pay/bin-tables",
    lambda r, v: f"el token de GitHub para el job de BIN tables es {v}, caduca en 30 días",
    lambda r, v: f"```\nremote: Invalid username or password.\nfatal: Authentication failed for 'https://github.com/acme-pay/ledger.git/'\n```\nweird, I used `{v}` which worked yesterday",
]
T["github_fine_grained_pat"] = [
    lambda r, v: f"fine-grained token scoped to acme-pay/settlement-reports only: `{v}`",
    lambda r, v: f"```hcl\nprovider \"github\" {{\n  owner = \"acme-pay\"\n  token = \"{v}\"\n}}\n```",
    lambda r, v: f"Token für den Renovate-Bot (nur Lesezugriff auf das BIN-Repo): {v}",
    lambda r, v: f"```\n[credential]\n  helper = store\n# ~/.git-credentials\nhttps://x-access-token:{v}@github.com\n```",
    lambda r, v: f"GITHUB_TOKEN: {v}  # recon-bot, expires {rdt(r).date()}",
]
T["credit_card"] = [
    lambda r, v: f"{iso(r)} DEBUG iso-in-2 0100 DE2={v} DE4={r.randint(100, 99999):012d} DE11={stan(r)} DE49=978",
    lambda r, v: f"customer called, card {v}, exp {r.randint(1, 12):02d}/{r.randint(26, 31)}, says the refund never arrived - can someone check",
    lambda r, v: f"Kunde hat die Kartennummer in den Verwendungszweck geschrieben: \"{v}\" - Ticket PAY-{r.randint(1000, 9999)}",
    lambda r, v: f"```json\n{{\"amount\": {r.randint(100, 99999)}, \"currency\": \"EUR\", \"card\": {{\"number\": \"{v}\", \"exp_month\": {r.randint(1, 12)}, \"exp_year\": {r.randint(2026, 2031)}}}}}\n```\nthis is what the merchant's plugin POSTs, unencrypted",
    lambda r, v: f"tarjeta del cliente: {v}, la operación se rechazó con código 05",
    lambda r, v: f"carte du client : {v} (il l'a envoyée par chat, j'ai supprimé le message)",
    lambda r, v: f"| rrn | pan | amount |\n|---|---|---|\n| {rrn(r)} | {v} | {fmt_amt(amount(r, 1, 900))} |",
]
T["email_address"] = [
    lambda r, v: f"merchant contact for the chargeback is {v}, they want the evidence pack by Friday",
    lambda r, v: f"Reply-To on the dispute notification: <{v}>",
    lambda r, v: f"payout failed, bank says name mismatch. account owner email: {v}",
    lambda r, v: f"La persona del comercio que lleva la conciliación es {v}",
    lambda r, v: f"{iso(r)} INFO kyc onboarding started applicant_email={v} country=DE",
    lambda r, v: f"問い合わせ元: {v} (返金の件)",
    lambda r, v: f"contato do lojista: {v}",
]
T["iban"] = [
    lambda r, v: f"payout bounced (AC04 closed account): IBAN {v}, batch {dg(r, 6)}",
    lambda r, v: f"```xml\n<CdtrAcct>\n  <Id>\n    <IBAN>{v.replace(' ', '')}</IBAN>\n  </Id>\n</CdtrAcct>\n```" if " " not in v else f"IBAN aus dem Onboarding-Formular: {v}",
    lambda r, v: f"Händler hat die Bankverbindung geändert, neue IBAN: {v}. Bitte 4-Augen-Freigabe.",
    lambda r, v: f"nouvel IBAN du marchand : {v}, à valider avant le prochain virement",
    lambda r, v: f"return reason MS03 on `{v}` - second time this week",
    lambda r, v: f"iban={v} amount={fmt_amt(amount(r, 10, 90000))} ccy=EUR status=RJCT reason=AM04",
    lambda r, v: f"rekening van de merchant: {v}",
]
T["ipv4_address"] = [
    lambda r, v: f"3DS risk engine flagged device ip {v} for 14 cards in 5 minutes, blocking at the WAF",
    lambda r, v: f"acquirer asked us to allowlist their new callback host {v} on 443",
    lambda r, v: f"{iso(r)} WARN checkout velocity_exceeded client_ip={v} attempts={r.randint(6, 40)} merchant={mid(r)}",
    lambda r, v: f"Die Settlement-Dateien kommen jetzt von {v}, bitte Firewall-Regel anpassen",
    lambda r, v: f"```\n$ ssh recon@{v} -p 22\nPermission denied (publickey).\n```",
    lambda r, v: f"IP del cliente en la disputa: {v} (coincide con el país de la tarjeta)",
]
T["jwt"] = [
    lambda r, v: f"merchant sent this token in the ticket, it's still valid for an hour:\n```\n{v}\n```",
    lambda r, v: f"```\ncurl -H 'Authorization: Bearer {v}' https://api.acme-pay.io/v1/settlements?date={rdt(r).date()}\n```",
    lambda r, v: f"Open-Banking-Token aus dem Log: {v}",
    lambda r, v: f"{iso(r)} ERROR gateway 401 invalid_audience token={v}",
    lambda r, v: f"トークンはこちら(期限切れのはず): {v}",
]
T["openai_api_key"] = [
    lambda r, v: f"OPENAI_API_KEY={v}",
    lambda r, v: f"chargeback classifier uses `{v}` in staging, prod has its own",
    lambda r, v: f"```python\nopenai.api_key = \"{v}\"  # TODO move to secrets manager\n```",
    lambda r, v: f"La clé pour le classifieur de litiges : {v}",
    lambda r, v: f"```\n{iso(r)} ERROR classifier 429 from upstream, key={v}\n```",
    lambda r, v: f"Klucz do klasyfikatora reklamacji: {v}",
]
T["password"] = [
    lambda r, v: f"```\nServer=ledger-db.internal;Database=ledger;User Id=ledger_app;Password={v};Encrypt=True\n```",
    lambda r, v: f"acquirer portal login for the recon team: user `acme_recon`, password `{v}`",
    lambda r, v: f"```properties\nspring.datasource.url=jdbc:postgresql://{priv_ip(r)}:5432/settlement\nspring.datasource.username=settlement\nspring.datasource.password={v}\n```",
    lambda r, v: f"Passwort für den SFTP-Zugang zum Acquirer: {v}",
    lambda r, v: f"```yaml\nhsm:\n  host: {priv_ip(r)}\n  port: 1500\n  password: \"{v}\"\n```",
    lambda r, v: f"host={priv_ip(r)} port=5432 dbname=recon user=recon_ro password={v} sslmode=require",
    lambda r, v: f"la contraseña del portal de la adquirente es {v}",
    lambda r, v: f"PGP passphrase for the settlement key: {v}",
    lambda r, v: f"精算ポータルのパスワード: {v}",
]
T["phone_number"] = [
    lambda r, v: f"merchant owner asked for a callback on {v} about the frozen payouts",
    lambda r, v: f"cardholder phone from the dispute form: {v}",
    lambda r, v: f"Rückrufnummer des Händlers: {v}",
    lambda r, v: f"numéro du commerçant pour le rappel : {v}",
    lambda r, v: f"{iso(r)} INFO sms-otp sent to={v} purpose=3ds_challenge",
    lambda r, v: f"加盟店の連絡先: {v}",
    lambda r, v: f"telefone do titular: {v}",
    lambda r, v: f"mobile of the merchant's owner, he wants a call before 9: {v}",
]
T["private_key_pem"] = [
    lambda r, v: f"mTLS client key for the scheme sandbox, sorry for pasting:\n```\n{v}\n```",
    lambda r, v: f"{v}",
    lambda r, v: f"Schlüssel für den SFTP-Upload (recon):\n{v}",
    lambda r, v: f"```\n$ cat jws-signing.key\n{v}\n```",
    lambda r, v: f"clave privada del certificado de firma de pacs:\n```\n{v}\n```",
]
T["slack_bot_token"] = [
    lambda r, v: f"SLACK_BOT_TOKEN={v}",
    lambda r, v: f"payments-alerts bot token: `{v}` (re-installed the app, old one is dead)",
    lambda r, v: f"```python\nclient = WebClient(token=\"{v}\")\nclient.chat_postMessage(channel=\"#settlement-alerts\", text=msg)\n```",
    lambda r, v: f"Bot-Token für die Abgleich-Alarme: {v}",
]
T["slack_user_token"] = [
    lambda r, v: f"I used my user token to export the channel history: `{v}`",
    lambda r, v: f"```\ncurl -H \"Authorization: Bearer {v}\" https://slack.com/api/conversations.history?channel=C0{rs(r, UPNUM, 8)}\n```",
    lambda r, v: f"SLACK_USER_TOKEN={v}",
    lambda r, v: f"token utilisateur pour le script d'archivage : {v}",
]
T["url_credentials"] = [
    lambda r, v: f"```\nRECON_SFTP_URL=sftp://acme_recon:{v}@sftp.settlement.acquirer.example:22/outbound\n```",
    lambda r, v: f"DATABASE_URL=postgres://ledger_app:{v}@ledger-db.prod.internal:5432/ledger",
    lambda r, v: f"```\nspring.rabbitmq.addresses=amqps://settlement:{v}@mq.payments.internal:5671/prod\n```",
    lambda r, v: f"Redis für die Idempotency-Keys: redis://:{v}@idem-cache.internal:6379/0",
    lambda r, v: f"mongodb+srv://disputes:{v}@disputes-prod.abcde.mongodb.net/cases?retryWrites=true",
    lambda r, v: f"{iso(r)} ERROR recon-fetcher connect failed url=ftps://recon:{v}@files.clearing-partner.example/in err=timeout",
    lambda r, v: f"SQLALCHEMY_DATABASE_URI = \"mysql+pymysql://fx_rates:{v}@fx-db.internal/rates\"",
    lambda r, v: f"接続文字列: postgresql://recon_ro:{v}@10.20.4.15:5432/recon",
]
T["us_ssn"] = [
    lambda r, v: f"KYC vendor rejected the applicant, SSN {v} doesn't match the name on file",
    lambda r, v: f"```json\n{{\"applicant\": {{\"ssn\": \"{v}\", \"country\": \"US\", \"dob_year\": {r.randint(1950, 2002)}}}, \"check\": \"identity\", \"result\": \"mismatch\"}}\n```",
    lambda r, v: f"{iso(r)} DEBUG kyc-adapter request body ssn={v} tin_type=SSN",
    lambda r, v: f"merchant owner SSN for the 1099-K: {v}",
    lambda r, v: f"SSN del titular para la verificación: {v}",
]
# aws kinds appear only in pairs (see PAIRS); singles kept for completeness
T["aws_access_key_id"] = [lambda r, v: f"AWS_ACCESS_KEY_ID={v}"]
T["aws_secret_access_key"] = [lambda r, v: f"AWS_SECRET_ACCESS_KEY={v}"]


# ----------------------------------------------------------------------------
# POSITIVES: two-secret templates
# ----------------------------------------------------------------------------
def pair_aws(r, a, s):
    bucket = r.choice(["acme-settlement-files", "acme-recon-drop", "acme-chargeback-evidence", "acme-bin-tables"])
    return r.choice([
        f"```ini\n[recon-uploader]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-west-1\n```",
        f"```\nexport AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\naws s3 sync ./out s3://{bucket}/{rdt(r).date()}/\n```",
        f"creds for the `{bucket}` bucket (read-only): key `{a}`, secret `{s}`",
        f"```hcl\nprovider \"aws\" {{\n  region     = \"eu-central-1\"\n  access_key = \"{a}\"\n  secret_key = \"{s}\"\n}}\n```",
        f"```python\ns3 = boto3.client(\"s3\", aws_access_key_id=\"{a}\", aws_secret_access_key=\"{s}\")\ns3.upload_file(report, \"{bucket}\", key)\n```",
        f"Zugang für den Settlement-Bucket:\nAccess Key: {a}\nSecret: {s}",
        f"```yaml\nenv:\n  - name: AWS_ACCESS_KEY_ID\n    value: {a}\n  - name: AWS_SECRET_ACCESS_KEY\n    value: {s}\n```",
        f"精算バケット用の認証情報です\nアクセスキー: {a}\nシークレット: {s}",
        f"```\ndocker run -e AWS_ACCESS_KEY_ID={a} -e AWS_SECRET_ACCESS_KEY={s} acme-pay/recon-worker:latest\n```",
        f"credenciales del bucket de contracargos: {a} / {s}",
    ])


def pair_card_email(r, c, e):
    return r.choice([
        f"chargeback evidence: cardholder {e}, card {c}, order ORD-{dg(r, 8)}",
        f"```csv\norder_id,email,card_number,amount\n{dg(r, 10)},{e},{c},{fmt_amt(amount(r, 1, 900))}\n```\nthis came in the merchant's dispute export, raw",
        f"Kunde ({e}) hat seine Karte {c} im Chat geschickt, bitte löschen nach Bearbeitung",
        f"{iso(r)} DEBUG checkout body={{\"email\":\"{e}\",\"pan\":\"{c}\",\"save_card\":true}}",
        f"fraude sospechoso: {e} usó la tarjeta {c} en tres comercios en 10 minutos",
    ])


def pair_slack(r, b, u):
    return r.choice([
        f"```\nSLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}\nSLACK_CHANNEL=#settlement-alerts\n```",
        f"payments-alerts app: bot `{b}`, user (for history export) `{u}`",
        f"```yaml\nslack:\n  bot_token: {b}\n  user_token: {u}\n  alert_channel: C0{rs(r, UPNUM, 8)}\n```",
    ])


def pair_ip_jwt(r, ip, j):
    d = rdt(r)
    return r.choice([
        f"```\n{ip} - - [{d.strftime('%d/%b/%Y:%H:%M:%S')} +0000] \"POST /v1/refunds HTTP/1.1\" 201 312 \"-\" \"acme-sdk/4.2\" auth=\"Bearer {j}\"\n```",
        f"{iso(r, d)} WARN api-gw suspicious_refund_burst client_ip={ip} sub_token={j}",
        f"merchant integration calls from {ip} with this token: {j}",
    ])


PAIRS = {("aws_access_key_id", "aws_secret_access_key"): pair_aws, ("credit_card", "email_address"): pair_card_email,
         ("slack_bot_token", "slack_user_token"): pair_slack, ("ipv4_address", "jwt"): pair_ip_jwt}
PAIR_COUNTS = {("aws_access_key_id", "aws_secret_access_key"): 10, ("credit_card", "email_address"): 4,
               ("slack_bot_token", "slack_user_token"): 3, ("ipv4_address", "jwt"): 3}

VGEN = {"anthropic_api_key": v_anthropic, "aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "credit_card": v_card,
        "email_address": v_email, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghfg, "iban": v_iban, "ipv4_address": v_ipv4,
        "jwt": v_jwt, "openai_api_key": v_openai, "password": v_password, "phone_number": v_phone, "private_key_pem": v_pem,
        "slack_bot_token": v_xoxb, "slack_user_token": v_xoxp, "url_credentials": lambda r: v_password(r, url_safe=True), "us_ssn": v_ssn}


def build_positives(r):
    n_secrets = 170
    seq = [KINDS[i % len(KINDS)] for i in range(n_secrets)]
    counts = {k: seq.count(k) for k in KINDS}
    specs = []
    for pair, n in PAIR_COUNTS.items():
        for _ in range(n):
            specs.append(pair)
            counts[pair[0]] -= 1
            counts[pair[1]] -= 1
    for k in KINDS:
        assert counts[k] >= 0, k
        specs += [(k,)] * counts[k]
    r.shuffle(specs)
    used_tpl = {}
    recs = []
    seen = set()
    for spec in specs:
        for attempt in range(50):
            vals = []
            for k in spec:
                v = VGEN[k](r)
                vals.append(v)
            if len(spec) == 2:
                text = PAIRS[spec](r, vals[0], vals[1])
                ctx = f"multi:{spec[0]}+{spec[1]}"
                secrets = [{"kind": spec[0], "value": vals[0]}, {"kind": spec[1], "value": vals[1]}]
            else:
                k = spec[0]
                tpls = T[k]
                # cycle templates per kind for spread
                i = used_tpl.get(k, r.randrange(len(tpls)))
                used_tpl[k] = (i + 1) % len(tpls)
                if k == "private_key_pem":
                    label, body = vals[0]
                    text = tpls[i](r, pem_block(label, body))
                    secrets = [{"kind": k, "value": body}]
                    ctx = f"{k}:t{i}:{label.replace(' ', '_').lower()}"
                else:
                    text = tpls[i](r, vals[0])
                    secrets = [{"kind": k, "value": vals[0]}]
                    ctx = f"{k}:t{i}"
            if r.random() < 0.05:
                text = r.choice(["fyi ", "uh oh - ", "Zur Info: ", "メモ: ", "urgent: "]) + text
            if text in seen:
                continue
            # no unlabelled secret-like leftovers
            masked = text
            for s in secrets:
                assert s["value"] in text, (s, text)
                masked = masked.replace(s["value"], "<<LABELLED>>")
            extra = [h for h in scan(masked) if h[0] != "aws_secret_shape"]
            if extra:
                continue
            break
        else:
            raise RuntimeError(f"could not build {spec}")
        seen.add(text)
        recs.append({"text": text, "secrets": secrets, "context": ctx})
    out = []
    for i, rec in enumerate(recs, 1):
        out.append({"id": f"h20p-{i:04d}", "text": rec["text"], "secrets": rec["secrets"], "context": rec["context"]})
    return out


def validate_positive(rec):
    for s in rec["secrets"]:
        k, v = s["kind"], s["value"]
        assert v in rec["text"], (rec["id"], k)
        if k == "credit_card":
            d = re.sub(r"[ -]", "", v)
            assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
        elif k == "iban":
            assert iban_ok(v), v
        elif k == "us_ssn":
            a, g, sn = v.split("-")
            assert a not in ("000", "666") and not a.startswith("9") and g != "00" and sn != "0000", v
        elif k == "ipv4_address":
            assert ipaddress.ip_address(v).is_global, v
        elif k == "jwt":
            h, p, sig = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif k == "private_key_pem":
            base64.b64decode(v.replace("\n", ""), validate=True)
            assert "-----" not in v
        elif k == "github_classic_pat":
            body = v[4:34]
            assert v[34:] == b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
        elif k == "anthropic_api_key":
            assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v)
        elif k == "slack_bot_token":
            assert re.fullmatch(r"xoxb-\d{10,13}-\d{10,13}-[A-Za-z0-9]{24}", v)
        elif k == "slack_user_token":
            assert re.fullmatch(r"xoxp-\d{10,13}-\d{10,13}-\d{10,13}-[0-9a-f]{32}", v)


def dump(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for rec in recs:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")


def main():
    r = R
    negs, stats = build_negatives(r)
    pos = build_positives(r)
    for p in pos:
        validate_positive(p)
    for n in negs:
        assert not scan(n["text"]), n
    assert len({n["text"] for n in negs}) == len(negs) == 600
    assert len(pos) == 150
    dump(os.path.join(HERE, "redaction20_negatives.jsonl"), negs)
    dump(os.path.join(HERE, "redaction20_positives.jsonl"), pos)
    # report
    from collections import Counter
    print("negatives:", len(negs), dict(Counter(n["category"] for n in negs)))
    for cat, names in stats["templates"].items():
        print(f"  {cat}: {len(names)} templates used")
    print("  redrawn by scanner:", stats["redrawn"])
    nl = [n["text"].count("\n") + 1 for n in negs]
    print(f"  lines min/max {min(nl)}/{max(nl)}, single-line {sum(1 for x in nl if x == 1)}, >=10 lines {sum(1 for x in nl if x >= 10)}, >=20 {sum(1 for x in nl if x >= 20)}")
    kc = Counter(s["kind"] for p in pos for s in p["secrets"])
    print("positives:", len(pos), "secrets:", sum(kc.values()), "two-secret texts:", sum(1 for p in pos if len(p["secrets"]) == 2))
    for k in KINDS:
        print(f"  {k}: {kc[k]}")
    missed = [p["id"] for p in pos if not scan(p["text"])]
    print("positives with no hit from the built-in negative scanner (scanner gap, not label error):", len(missed))


if __name__ == "__main__":
    main()
