#!/usr/bin/env python3
"""Blind redaction corpus #56: a bank's contact-centre / telephony team Slack
(ZA, PH, MX).  Standard library only.  `python3 gen.py` writes
redaction56_negatives.jsonl and redaction56_positives.jsonl next to itself.

All randomness comes from one random.Random(56 * 101), drawn in a fixed order.
"""
import base64
import binascii
import hashlib
import ipaddress
import json
import os
import re
import struct
import sys
import zlib

import random

N = 56
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------
HEX = "0123456789abcdef"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64URL = B62 + "-_"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz"
DIG = "0123456789"


def pick(seq):
    return seq[R.randrange(len(seq))]


def chance(p):
    return R.random() < p


def rs(alphabet, n):
    return "".join(alphabet[R.randrange(len(alphabet))] for _ in range(n))


def rhex(n):
    return rs(HEX, n)


def rdig(n):
    return rs(DIG, n)


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = rhex(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def sha256hex():
    return rhex(64)


def ts_epoch():
    return R.randrange(1735689600, 1767225600)


def iso_ts(ms=True):
    y = pick([2025, 2026])
    s = "%04d-%02d-%02dT%02d:%02d:%02d" % (y, R.randint(1, 12), R.randint(1, 28), R.randint(0, 23),
                                            R.randint(0, 59), R.randint(0, 59))
    if ms:
        s += ".%03d" % R.randrange(1000)
    return s + "Z"


def code(lang, body):
    return "```%s\n%s\n```" % (lang, body)


def priv_ip():
    k = R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 60), R.randint(0, 255), R.randint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(2, 254))
    return "192.168.%d.%d" % (R.randint(0, 40), R.randint(2, 254))


def doc_ip():
    return "%s.%d" % (pick(["192.0.2", "198.51.100", "203.0.113"]), R.randint(1, 254))


def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        v = int(ch)
        if i % 2 == 1:
            v *= 2
            if v > 9:
                v -= 9
        s += v
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rdig(length - len(prefix) - 1)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def luhn_invalid(length, first=None):
    while True:
        d = (first or str(R.randint(1, 9))) + rdig(length - 1)
        if not luhn_ok(d):
            return d


# --------------------------------------------------------------------------
# IBAN (GB / IE / ES correspondents), with ES national check digits
# --------------------------------------------------------------------------
IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
            "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26,
            "IT": 27, "LT": 20, "LU": 20, "LV": 21, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
            "RO": 24, "SE": 24, "SI": 19, "SK": 24, "MX": 0, "ZA": 0, "PH": 0}


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_valid(iban):
    iban = iban.replace(" ", "")
    return iban_num(iban[4:] + iban[:4]) % 97 == 1


def iban_make(cc, bban):
    chk = 98 - iban_num(bban + cc + "00") % 97
    return "%s%02d%s" % (cc, chk, bban)


def es_dc(ten):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    d = 11 - sum(int(a) * b for a, b in zip(ten, w)) % 11
    return {11: 0, 10: 1}.get(d, d)


def es_national_ok(bban):
    bank, branch, dc, acct = bban[0:4], bban[4:8], bban[8:10], bban[10:20]
    return dc == "%d%d" % (es_dc("00" + bank + branch), es_dc(acct))


def gen_iban(cc):
    if cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "CITI", "SCBL"]) + rdig(6) + rdig(8)
    elif cc == "IE":
        bban = pick(["AIBK", "BOFI", "IPBS", "CITI"]) + pick(["93", "90", "99"]) + rdig(4) + rdig(8)
    else:
        bank = pick(["0049", "0182", "2100", "0081", "0128"])
        branch = rdig(4)
        acct = rdig(10)
        bban = bank + branch + "%d%d" % (es_dc("00" + bank + branch), es_dc(acct)) + acct
        assert es_national_ok(bban)
    iban = iban_make(cc, bban)
    assert iban_valid(iban)
    return iban


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


# --------------------------------------------------------------------------
# secret generators (positives)
# --------------------------------------------------------------------------
def b62enc(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def gh_classic():
    body = rs(B62, 30)
    tok = "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
    assert gh_classic_ok(tok)
    return tok


def gh_classic_ok(tok):
    body, crc = tok[4:34], tok[34:]
    return len(tok) == 40 and b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6) == crc


def gh_fine():
    return "github_pat_11" + rs(UPPER + DIG, 20) + "_" + rs(B62, 59)


def slack_bot():
    return "xoxb-%d%s-%d%s-%s" % (R.randint(1, 9), rdig(R.choice([10, 11, 12])), R.randint(1, 9), rdig(12), rs(B62, 24))


def slack_user():
    return "xoxp-%d%s-%d%s-%d%s-%s" % (R.randint(1, 9), rdig(R.choice([10, 11])), R.randint(1, 9), rdig(12),
                                       R.randint(1, 9), rdig(12), rhex(32))


def openai_key():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(B64URL, 93) + "AA"


def aws_key_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UPPER + "234567", 16)


def aws_secret():
    return rs(B62 + "+/", 40)


def jwt_token():
    alg = pick(["HS256", "RS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = rhex(16)
    iat = ts_epoch()
    pl = pick([
        {"sub": "agent-%04d" % R.randrange(10000), "site": pick(["JHB", "CPT", "MNL", "CEB", "MTY", "GDL"]),
         "role": pick(["agent", "supervisor", "wfm_planner"]), "iat": iat, "exp": iat + 28800},
        {"iss": "https://sso.cc-internal.example/realms/contact", "aud": "screenpop-api",
         "sub": uuid4(), "scope": "crm.read recordings.read", "iat": iat, "exp": iat + 3600},
        {"client_id": "genesys-data-action", "org": uuid4(), "grant": "client_credentials",
         "iat": iat, "exp": iat + 86400},
        {"sub": "svc-ivr-%s" % pick(["za", "ph", "mx"]), "queue": pick(["fraud-callback", "cards", "retail"]),
         "iat": iat, "exp": iat + 900, "jti": uuid4()},
    ])
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(pl, separators=(",", ":")).encode())
    sig = b64u(rbytes(32 if alg == "HS256" else 256))
    return "%s.%s.%s" % (h, p, sig)


def jwt_ok(tok):
    try:
        a, b, c = tok.split(".")
        for part in (a, b):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        return True
    except Exception:
        return False


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


def der_rand_int(nbytes, top=True):
    b = bytearray(rbytes(nbytes))
    if top:
        b[0] |= 0x80
    return der_int_bytes(bytes(b))


def ssh_str(b):
    return struct.pack(">I", len(b)) + b


def pem_material(kind):
    if kind == "ec":
        body = (der(0x02, b"\x01") + der(0x04, rbytes(32)) +
                der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107"))) +
                der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))
        return "EC PRIVATE KEY", der(0x30, body)
    if kind == "ed25519":
        body = (der(0x02, b"\x00") + der(0x30, der(0x06, bytes.fromhex("2b6570"))) +
                der(0x04, der(0x04, rbytes(32))))
        return "PRIVATE KEY", der(0x30, body)
    if kind == "rsa":
        body = (der(0x02, b"\x00") + der_rand_int(256) + der_int_bytes((65537).to_bytes(3, "big")) +
                der_rand_int(256, False) + der_rand_int(128) + der_rand_int(128) + der_rand_int(128, False) +
                der_rand_int(128, False) + der_rand_int(128, False))
        return "RSA PRIVATE KEY", der(0x30, body)
    # openssh ed25519
    pub = rbytes(32)
    priv = rbytes(32)
    pubblob = ssh_str(b"ssh-ed25519") + ssh_str(pub)
    chk = rbytes(4)
    sect = chk + chk + ssh_str(b"ssh-ed25519") + ssh_str(pub) + ssh_str(priv + pub) + \
        ssh_str(pick([b"asterisk@pbx-jhb-01", b"deploy@ivr-mnl-02", b"recsync@mty-rec-01"]))
    i = 1
    while len(sect) % 8:
        sect += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + ssh_str(b"none") + ssh_str(b"none") + ssh_str(b"") + \
        struct.pack(">I", 1) + ssh_str(pubblob) + ssh_str(sect)
    return "OPENSSH PRIVATE KEY", blob


def pem_lines(kind):
    label, blob = pem_material(kind)
    s = b64(blob)
    width = 70 if label == "OPENSSH PRIVATE KEY" else 64
    return label, [s[i:i + width] for i in range(0, len(s), width)]


def ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        g = R.randint(1, 99)
        s = R.randint(1, 9999)
        v = "%03d-%02d-%04d" % (a, g, s)
        if v in ("078-05-1120", "219-09-9999", "123-45-6789"):
            continue
        return v


def ssn_ok(v):
    m = re.fullmatch(r"(\d{3})-?(\d{2})-?(\d{4})", v)
    if not m:
        return False
    a, g, s = m.groups()
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000"


def is_public_ip(s):
    try:
        ip = ipaddress.IPv4Address(s)
    except Exception:
        return False
    bad = ["0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
           "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15",
           "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4"]
    return not any(ip in ipaddress.IPv4Network(n) for n in bad)


def public_ip():
    while True:
        s = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if is_public_ip(s):
            return s


def card(k=None):
    k = R.randrange(5) if k is None else k
    if k == 0:
        d = luhn_complete("4" + rdig(5), 16)
    elif k == 1:
        d = luhn_complete(str(R.randint(51, 55)) + rdig(4), 16)
    elif k == 2:
        d = luhn_complete(str(R.randint(2221, 2720)) + rdig(2), 16)
    elif k == 3:
        d = luhn_complete(pick(["34", "37"]) + rdig(4), 15)
    else:
        d = luhn_complete("6011" + rdig(2), 16)
    f = R.randrange(3)
    if len(d) == 15:
        if f == 0:
            return d
        sep = " " if f == 1 else "-"
        return sep.join([d[:4], d[4:10], d[10:]])
    if f == 0:
        return d
    sep = " " if f == 1 else "-"
    return sep.join(d[i:i + 4] for i in range(0, 16, 4))


def phone(cc=None):
    cc = cc or pick(["ZA", "PH", "MX", "US"])
    k = R.randrange(4)
    if cc == "ZA":
        mob = pick(["60", "61", "63", "71", "72", "73", "74", "76", "78", "79", "81", "82", "83", "84"])
        land = pick(["11", "21", "31", "12", "41", "51"])
        a, b = rdig(3), rdig(4)
        return ["+27 %s %s %s" % (mob, a, b), "0%s %s %s" % (mob, a, b), "+27 (0)%s %s %s" % (land, a, b),
                "+27%s%s%s" % (mob, a, b)][k]
    if cc == "PH":
        pre = pick(["905", "906", "915", "916", "917", "918", "919", "920", "921", "927", "935", "945",
                    "955", "966", "977", "995", "998"])
        a, b = rdig(3), rdig(4)
        return ["+63 %s %s %s" % (pre, a, b), "0%s-%s-%s" % (pre, a, b), "(02) 8%s %s" % (a, b),
                "+63 2 8%s %s" % (a, b)][k]
    if cc == "MX":
        area = pick(["55", "33", "81"])
        a, b = rdig(4), rdig(4)
        return ["+52 %s %s %s" % (area, a, b), "+52 1 %s %s %s" % (area, a, b), "(%s) %s-%s" % (area, a, b),
                "+52 (%s) %s %s" % (area, a, b)][k]
    area = pick(["212", "305", "312", "415", "646", "713", "214", "210", "702", "786", "956", "915", "619", "404"])
    ex = "%d%s" % (R.randint(2, 9), rdig(2))
    while ex == "555" or ex[1:] == "11":
        ex = "%d%s" % (R.randint(2, 9), rdig(2))
    ln = rdig(4)
    return ["+1 (%s) %s-%s" % (area, ex, ln), "%s-%s-%s" % (area, ex, ln), "+1 %s %s %s" % (area, ex, ln),
            "(%s) %s-%s" % (area, ex, ln)][k]


FIRST = ["thandi", "pieter", "annelie", "sipho", "lerato", "johan", "marisol", "joaquin", "ximena", "rodrigo",
         "rowena", "carmela", "jomar", "kristine", "bea", "nomvula", "francois", "guadalupe", "arnel", "liezl"]
LAST = ["nkosi", "van.der.merwe", "botha", "dlamini", "mokoena", "hernandez", "garcia", "villanueva",
        "dela.cruz", "santos", "reyes", "olivier", "mendoza", "bautista", "pretorius", "ramirez"]
DOMAINS = ["protea-bank.co.za", "bayanihan-bank.com.ph", "bancotulum.com.mx", "cc-ops.protea-bank.co.za",
           "outsourcer-cebu.ph", "wfm-partner.com", "gmail.com", "yahoo.com.ph", "hotmail.com", "outlook.co.za"]


def email():
    f, l = pick(FIRST), pick(LAST)
    d = pick(DOMAINS)
    k = R.randrange(4)
    local = [f + "." + l.replace(".", ""), f[0] + l.replace(".", ""), f + "_" + l.split(".")[-1] + rdig(2),
             f + "." + l][k]
    return local + "@" + d


# --------------------------------------------------------------------------
# the scanner (used to redraw negatives; reported on positives)
# --------------------------------------------------------------------------
RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b|github_pat_[A-Za-z0-9_]{40,}"),
    "slack": re.compile(r"xox[abposre]-\d+-[A-Za-z0-9-]+"),
    "sk_key": re.compile(r"\bsk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{10,}"),
    "ssn": re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\\n\"']*(?:[A-Za-z0-9+/=]{40,})"),
    "aws_key_id": re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"),
    "ipv4": re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d]|\.\d)"),
    "card_run": re.compile(r"(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])"),
    "iban": re.compile(r"\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]){10,30})"),
    "phone": re.compile(
        r"\+27[\s-]?(?:\(0\)[\s-]?)?\d{2}[\s-]?\d{3}[\s-]?\d{4}"
        r"|(?<![\w.:/-])0[1-8]\d[\s-]?\d{3}[\s-]?\d{4}(?![\w])"
        r"|\+63[\s-]?\d{1,3}[\s-]?\d{3,4}[\s-]?\d{4}"
        r"|(?<![\w.:/-])09\d{2}[\s-]?\d{3}[\s-]?\d{4}(?![\w])"
        r"|\(0?2\)\s?8\d{3}[\s-]?\d{4}"
        r"|\+52[\s-]?(?:1[\s-]?)?\(?\d{2,3}\)?[\s-]?\d{3,4}[\s-]?\d{4}"
        r"|\(\d{2,3}\)\s?\d{3,4}[\s-]\d{4}"
        r"|(?:\+1[\s.-]?)?\(?\b[2-9]\d{2}\)?[\s.-]\d{3}[\s.-]\d{4}(?![\d])"
        r"|\+\d{10,14}(?![\d])"),
}


def scan(text):
    """Return list of (what, value) for real-looking secrets / PII in text."""
    found = []
    for name in ("email", "github", "slack", "sk_key", "jwt", "ssn", "pem", "phone"):
        for m in RX[name].finditer(text):
            found.append((name, m.group(0)))
    for m in RX["aws_key_id"].finditer(text):
        if "EXAMPLE" not in m.group(0):
            found.append(("aws_key_id", m.group(0)))
    for m in RX["ipv4"].finditer(text):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts) and is_public_ip(m.group(0)):
            found.append(("public_ipv4", m.group(0)))
    for m in RX["card_run"].finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            found.append(("luhn", m.group(0)))
    for m in RX["iban"].finditer(text):
        cc = m.group(1)
        ln = IBAN_LEN.get(cc)
        if not ln:
            continue
        compact = (m.group(0)).replace(" ", "")
        if len(compact) >= ln and iban_valid(compact[:ln]):
            found.append(("iban", compact[:ln]))
    return found


# --------------------------------------------------------------------------
# lead-ins / trailers in the theme's languages
# --------------------------------------------------------------------------
LEADS = ["fyi", "heads up:", "quick one —", "from the JHB bridge:", "for the change ticket:", "context:",
         "Ter inligting:", "Net 'n vinnige een:", "Kyk hierna asseblief:", "Hier is die log:",
         "FYI lang po:", "Pakitingnan po:", "Heto yung log:", "Para sa ticket:",
         "Oigan,", "Para que lo vean:", "Ojo con esto:", "Les paso esto:", "Nomás para el registro:"]
TRAILS = ["thanks!", "any ideas?", "will update the runbook", "dankie!", "enige idees?", "sien julle môre",
          "salamat po", "baka may alam kayo?", "pa-check na lang", "gracias", "¿alguien sabe?", "ahorita lo reviso",
          "cc WFM", "+1"]


def dress(text, p_lead=0.14, p_trail=0.07):
    if chance(p_lead):
        lead = pick(LEADS)
        text = lead + ("\n" if text.startswith("```") or "\n" in text else " ") + text
    if chance(p_trail):
        text = text + "\n" + pick(TRAILS)
    return text


SITES = ["JHB", "CPT", "DBN", "MNL", "CEB", "DVO", "MTY", "GDL", "CDMX"]
QUEUES = ["fraud-callback", "cards-lost-stolen", "retail-general", "home-loans", "business-banking",
          "collections", "premier", "app-support", "disputes", "onboarding-kyc"]
FLOWS = ["IVR_ZA_Main_EN_AF", "IVR_ZA_Fraud_Outbound", "IVR_PH_Main_EN_TL", "IVR_PH_Cards_TL",
         "IVR_MX_Principal_ES", "IVR_MX_Fraude_Devolucion", "Inbound_Premier_Router", "Callback_Scheduler_v3"]
LANGS = ["en-ZA", "af-ZA", "en-PH", "fil-PH", "es-MX", "en-US"]


# --------------------------------------------------------------------------
# real bytes for data: URIs
# --------------------------------------------------------------------------
def png_bytes(w, h, rgb=None, rand=False):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    rgb = rgb or (R.randrange(256), R.randrange(256), R.randrange(256))
    raw = b""
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            row += bytes(rbytes(3) if rand else rgb)
        raw += row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_1x1():
    r, g, b = rbytes(3)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes([r, g, b]) + b"\x00\x00\x00" +
            b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def wav_bytes(n, mulaw):
    if mulaw:
        data = bytes(pick([0xFF, 0x7F, 0xFE, 0x7E, 0xFD, 0xF0, 0x70, 0xE8, 0x68]) for _ in range(n))
        fmt = struct.pack("<HHIIHH", 7, 1, 8000, 8000, 1, 8) + struct.pack("<H", 0)
        fact = b"fact" + struct.pack("<I", 4) + struct.pack("<I", n)
        body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + fact + b"data" + struct.pack("<I", n) + data
    else:
        import math
        f = pick([350, 440, 480, 620, 1000])
        data = b"".join(struct.pack("<h", int(6000 * math.sin(2 * math.pi * f * i / 8000))) for i in range(n))
        fmt = struct.pack("<HHIIHH", 1, 1, 8000, 16000, 2, 16)
        body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


SVG_ICONS = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24"><path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" fill="%s"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8" fill="%s"/><path d="M6 10h8" stroke="#fff" stroke-width="2"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M12 1a9 9 0 0 0-9 9v7a3 3 0 0 0 3 3h3v-8H5v-2a7 7 0 0 1 14 0v2h-4v8h3a3 3 0 0 0 3-3v-7a9 9 0 0 0-9-9z" fill="%s"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12"><rect width="12" height="12" rx="2" fill="%s"/></svg>',
]


def svg_icon():
    return pick(SVG_ICONS) % pick(["#0f9d58", "#d93025", "#f4b400", "#1a73e8", "#5f6368", "#00695c", "#c2185b"])


def sourcemap_json():
    f = pick(["screenpop.ts", "callerCard.tsx", "wrapUpCodes.ts", "softphone.ts", "otpPrompt.ts"])
    return json.dumps({"version": 3, "file": f.replace(".tsx", ".js").replace(".ts", ".js"), "sources": ["../src/" + f],
                       "names": ["render", "props", "queue", "maskAni"],
                       "mappings": ";;AAAA,SAAS%s;AACT,IAAI%s" % (rs("ABCDEFGIKMOQSUYacegikmoqsu", 4), rs("ABCDEGIKMQUgik", 3))},
                      separators=(",", ":"))


def ics_text():
    d = "2025%02d%02d" % (R.randint(1, 12), R.randint(1, 28))
    h = R.choice([6, 7, 8, 14, 22])
    q = pick(QUEUES)
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//cc-wfm//roster export//EN\r\nBEGIN:VEVENT\r\n"
            "UID:%s\r\nDTSTART:%sT%02d0000\r\nDTEND:%sT%02d0000\r\nSUMMARY:Shift %s - %s queue\r\n"
            "END:VEVENT\r\nEND:VCALENDAR\r\n" % (uuid4(), d, h, d, (h + 9) % 24, pick("ABCD"), q))


def pdf_min():
    return (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")


def data_uri_any():
    k = R.randrange(9)
    if k == 0:
        return "data:image/png;base64," + b64(png_bytes(R.randint(1, 4), R.randint(1, 4), rand=chance(0.5)))
    if k == 1:
        return "data:image/gif;base64," + b64(gif_1x1())
    if k == 2:
        return "data:audio/wav;base64," + b64(wav_bytes(R.randint(24, 90), chance(0.5)))
    if k == 3:
        return "data:image/svg+xml;base64," + b64(svg_icon().encode())
    if k == 4:
        return "data:application/json;charset=utf-8;base64," + b64(sourcemap_json().encode())
    if k == 5:
        return "data:text/calendar;base64," + b64(ics_text().encode())
    if k == 6:
        return "data:application/pdf;base64," + b64(pdf_min())
    if k == 7:
        from urllib.parse import quote
        return "data:image/svg+xml," + quote(svg_icon(), safe="/:=\" ")
    return "data:image/png;base64," + b64(png_bytes(2, 2))


def truncate_uri(u):
    if len(u) < 90 or not chance(0.35):
        return u
    cut = R.randint(50, 80)
    return u[:cut] + pick(["…", "...", "…[%d more chars]" % (len(u) - cut), "<truncated>"])


# ==========================================================================
# NEGATIVES
# ==========================================================================
# ---- data_uri_base64 ------------------------------------------------------
def du_css():
    u = "data:image/svg+xml;base64," + b64(svg_icon().encode())
    cls = pick(["callerCard__badge", "queue-pill--fraud", "softphone-btn--hold", "agent-status--acw", "ivr-node__icon"])
    return code("css", ".%s {\n  background: url(\"%s\") no-repeat center;\n  width: 16px;\n  height: 16px;\n}" % (cls, u))


def du_img():
    u = "data:image/png;base64," + b64(png_bytes(R.randint(1, 3), R.randint(1, 3)))
    alt = pick(["verified caller", "gekontroleer", "beripikado", "verificado", "high risk", "PEP flag"])
    return pick(["screen-pop badge is inline now: ", "die skermpop-ikoon: ", "yung icon sa screen-pop: ",
                 "el ícono del screen-pop: "]) + '`<img alt="%s" src="%s">`' % (alt, u)


def du_prompt_json():
    lang = pick(LANGS)
    u = "data:audio/wav;base64," + b64(wav_bytes(R.randint(40, 120), chance(0.6)))
    obj = {"name": "%s_%s_%s" % (pick(["welcome", "menu_main", "otp_intro", "hold_music_gap", "goodbye", "callback_confirm"]),
                                  lang.replace("-", "_").lower(), "v%d" % R.randint(1, 14)),
           "language": lang, "ttsFallback": chance(0.5), "audio": u}
    lead = pick(["Architect import keeps choking on this prompt, body below:",
                 "Die prompt-oplaai faal, hier is die JSON:",
                 "Ayaw ma-upload ng prompt na ito sa Architect:",
                 "No sube el prompt a Architect, les dejo el JSON:"])
    return lead + "\n" + code("json", json.dumps(obj, indent=2, ensure_ascii=False))


def du_js_audio():
    u = "data:audio/wav;base64," + b64(wav_bytes(R.randint(30, 80), chance(0.5)))
    name = pick(["ringback", "beep", "whisperTone", "acwChime", "queueAlert"])
    return code("ts", "// tiny %s tone for the agent softphone, 8 kHz mono\nexport const %s = new Audio(\n  \"%s\"\n);\n%s.volume = 0.%d;" % (name, name, u, name, R.randint(2, 8)))


def du_csp():
    u = truncate_uri(data_uri_any())
    return "%s Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.cc-internal.example\"." % (iso_ts(), u)


def du_markdown():
    u = "data:image/png;base64," + b64(png_bytes(R.randint(1, 2), 1))
    return pick(["Legend for the wallboard colours: ", "Kleur vir 'service level breached': ",
                 "Kulay para sa SLA breach: ", "Color para nivel de servicio en rojo: "]) + "![sla](%s)" % u


def du_python_fixture():
    png = b64(png_bytes(1, 1))
    wav = b64(wav_bytes(R.randint(16, 48), True))
    return code("python", "# tests/fixtures/media.py\nTINY_PNG = \"data:image/png;base64,%s\"\nSILENCE_ULAW = (\n    \"data:audio/wav;base64,\"\n    \"%s\"\n)\n\ndef test_prompt_upload_accepts_ulaw(client):\n    r = client.post(\"/prompts\", json={\"audio\": SILENCE_ULAW})\n    assert r.status_code == 201" % (png, wav))


def du_echo():
    raw = pick([gif_1x1(), png_bytes(1, 1), wav_bytes(20, True), pdf_min()])
    enc = b64(raw)
    desc = {b"GIF": "GIF image data, version 89a, 1 x 1", b"\x89P": "PNG image data, 1 x 1, 8-bit/color RGB, non-interlaced",
            b"RI": "RIFF (little-endian) data, WAVE audio, ITU G.711 mu-law, mono 8000 Hz",
            b"%P": "PDF document, version 1.4"}
    d = [v for kk, v in desc.items() if raw.startswith(kk)][0]
    return code("", "$ echo '%s' | base64 -d | file -\n/dev/stdin: %s" % (enc, d))


def du_har():
    u = truncate_uri(data_uri_any())
    return code("json", '{"startedDateTime":"%s","request":{"method":"GET","url":"%s"},"response":{"status":200,"content":{"size":%d}}}' % (iso_ts(), u, R.randint(60, 900)))


def du_ics():
    u = "data:text/calendar;base64," + b64(ics_text().encode())
    return pick(["WFM export link the planners asked about (it's only the shift block, no names):",
                 "Die rooster-uitvoer is net 'n data URI:", "Ito yung shift export galing WFM:",
                 "El export del turno viene así:"]) + "\n`%s`" % u


def du_sourcemap():
    u = "data:application/json;charset=utf-8;base64," + b64(sourcemap_json().encode())
    return code("js", "!function(){var a=document.querySelector(\"#screenpop\");a&&a.classList.add(\"ready\")}();\n//# sourceMappingURL=%s" % u)


def du_html_screenpop():
    badge = "data:image/svg+xml;base64," + b64(svg_icon().encode())
    logo = "data:image/png;base64," + b64(png_bytes(2, 2))
    q = pick(QUEUES)
    lines = ["<!-- screen-pop template, %s queue -->" % q,
             "<section class=\"pop pop--%s\">" % q,
             "  <header>",
             "    <img class=\"logo\" src=\"%s\" alt=\"\">" % logo,
             "    <h2>{{ caller.displayName | default('Unknown caller') }}</h2>",
             "    <img class=\"badge\" src=\"%s\" alt=\"verified\">" % badge,
             "  </header>",
             "  <dl>",
             "    <dt>ANI</dt><dd>{{ caller.ani | mask }}</dd>",
             "    <dt>IVR path</dt><dd>{{ ivr.path | join(' > ') }}</dd>",
             "    <dt>Language</dt><dd>{{ ivr.lang }}</dd>",
             "    <dt>Risk</dt><dd class=\"risk-{{ fraud.score_band }}\">{{ fraud.score_band }}</dd>",
             "  </dl>",
             "  <footer>conversation {{ conversation.id }}</footer>",
             "</section>"]
    return pick(["screen-pop markup after the refactor, icons inlined so the CRM iframe stops hitting the CDN:",
                 "Die nuwe skermpop-sjabloon:", "Bagong screen-pop template, naka-inline na yung icons:",
                 "Plantilla nueva del screen-pop:"]) + "\n" + code("html", "\n".join(lines))


def du_log_paste():
    n = R.randint(10, 30)
    lines = []
    for i in range(n):
        t = iso_ts()
        if i == R.randint(2, n - 2) or chance(0.12):
            lines.append("%s WARN  prompt-sync  skipped inline prompt lang=%s src=%s" % (t, pick(LANGS), truncate_uri(data_uri_any())))
        else:
            lines.append("%s INFO  prompt-sync  uploaded %s_%s.wav bytes=%d sha256=%s" % (
                t, pick(["welcome", "menu", "otp", "goodbye", "hold"]), pick(LANGS).lower().replace("-", "_"),
                R.randint(8000, 400000), rhex(16)))
    return code("", "\n".join(lines))


def du_kotlin():
    u = "data:image/gif;base64," + b64(gif_1x1())
    return code("kotlin", "object Pixels {\n    // transparent tracking-free spacer for the agent desktop webview\n    const val SPACER = \"%s\"\n}" % u)


def du_jupyter():
    png = b64(png_bytes(R.randint(2, 4), R.randint(2, 3), rand=True))
    return code("json", '{\n "output_type": "display_data",\n "data": {\n  "image/png": "%s",\n  "text/plain": ["<Figure: AHT by interval, %s>"]\n },\n "metadata": {}\n}' % (png, pick(SITES)))


def du_pdf():
    u = "data:application/pdf;base64," + b64(pdf_min())
    return pick(["The QA scorecard viewer renders this blank stub when the recording has no evaluation:",
                 "Die QA-vorm wys hierdie leë PDF:", "Ito yung blank PDF na lumalabas sa QA viewer:",
                 "Este es el PDF vacío que sale en el visor de calidad:"]) + " `%s`" % u


def du_svg_utf8():
    from urllib.parse import quote
    svg = svg_icon()
    form = R.randrange(2)
    u = "data:image/svg+xml," + quote(svg, safe="/:=\" ") if form == 0 else "data:image/svg+xml;utf8," + svg.replace('"', "'")
    return code("scss", "$icon-headset: \"%s\";\n.agent-state { background-image: url($icon-headset); }" % u)


def du_wallboard_yaml():
    lines = ["wallboard:", "  site: %s" % pick(SITES), "  refreshSeconds: %d" % pick([5, 10, 15, 30]), "  tiles:"]
    for q in R.sample(QUEUES, R.randint(3, 6)):
        lines += ["    - queue: %s" % q, "      slaTarget: \"80/20\"",
                  "      icon: \"data:image/png;base64,%s\"" % b64(png_bytes(1, 1))]
    return code("yaml", "\n".join(lines))


DU_T = [du_css, du_img, du_prompt_json, du_js_audio, du_csp, du_markdown, du_python_fixture, du_echo, du_har,
        du_ics, du_sourcemap, du_html_screenpop, du_log_paste, du_kotlin, du_jupyter, du_pdf, du_svg_utf8,
        du_wallboard_yaml]


# ---- placeholder_example --------------------------------------------------
TRUNKS = ["trunk-za-primary", "trunk-za-dr", "trunk-ph-globe", "trunk-ph-pldt", "trunk-mx-telmex", "trunk-mx-backup",
          "trunk-us-tollfree"]


def ph_pjsip():
    t = pick(TRUNKS)
    pw = pick(["<TRUNK_PASSWORD>", "${ENV(SIP_TRUNK_SECRET)}", "CHANGE_ME", "<from carrier portal>",
               "xxxxxxxx", "********", "${SIP_PASS}", "[REDACTED]", "<wagwoord-hier>", "<ilagay-ang-password>",
               "<tu-contraseña>"])
    prov = doc_ip()
    body = ["[%s-auth]" % t, "type=auth", "auth_type=userpass", "username=%s" % pick(["BANKCC01", "pbx-jhb", "ivr_mnl", "mty-edge"]),
            "password=%s" % pw, "", "[%s-aor]" % t, "type=aor", "contact=sip:%s:5060" % prov, "qualify_frequency=30", "",
            "[%s]" % t, "type=endpoint", "context=from-%s" % t, "disallow=all", "allow=%s" % pick(["alaw,ulaw", "ulaw", "alaw,g729"]),
            "outbound_auth=%s-auth" % t, "aors=%s-aor" % t, "direct_media=no", "rtp_symmetric=yes",
            "", "[%s-identify]" % t, "type=identify", "endpoint=%s" % t, "match=%s" % prov]
    return pick(["pjsip.conf for the new carrier, password stays in the vault obviously:",
                 "Hier is die pjsip-konfig vir die nuwe trunk:", "Ito yung pjsip.conf ng bagong trunk:",
                 "Así queda el pjsip.conf del troncal nuevo:"]) + "\n" + code("ini", "\n".join(body))


def ph_genesys_env():
    reg = pick(["mypurecloud.com", "mypurecloud.jp", "usw2.pure.cloud", "euw2.pure.cloud"])
    return code("bash", "# .env.example for the screen-pop data action\nGENESYS_REGION=%s\nGENESYS_CLIENT_ID=<your-oauth-client-id>\nGENESYS_CLIENT_SECRET=<your-oauth-client-secret>\nCRM_API_KEY=YOUR_CRM_API_KEY\nCRM_BASE_URL=https://crm.example.internal/api/v2\nSLACK_BOT_TOKEN=xoxb-your-bot-token" % reg)


def ph_gha():
    return code("yaml", "- name: Push IVR flows\n  run: archy publish --file flows/%s.yaml --clientId \"$GENESYS_CLIENT_ID\" --clientSecret \"$GENESYS_CLIENT_SECRET\"\n  env:\n    GENESYS_CLIENT_ID: ${{ secrets.GENESYS_CLIENT_ID }}\n    GENESYS_CLIENT_SECRET: ${{ secrets.GENESYS_CLIENT_SECRET }}\n    SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_CC_RELEASES }}" % pick(FLOWS))


def ph_helm():
    return code("yaml", "crm:\n  baseUrl: {{ .Values.crm.baseUrl | quote }}\n  apiKey: {{ .Values.crm.apiKey | quote }}\nrecordings:\n  bucket: {{ .Values.recordings.bucket }}\n  kmsKeyArn: {{ .Values.recordings.kmsKeyArn }}\nsip:\n  trunkPassword: {{ required \"sip.trunkPassword is required\" .Values.sip.trunkPassword }}")


def ph_vendor_prefix():
    s = pick([("OPENAI_API_KEY", "sk-..."), ("OPENAI_API_KEY", "sk-proj-…"), ("ANTHROPIC_API_KEY", "sk-ant-api03-..."),
              ("SLACK_BOT_TOKEN", "xoxb-..."), ("SLACK_USER_TOKEN", "xoxp-your-user-token"), ("GH_TOKEN", "ghp_xxxxxxxxxxxxxxxxxxxx"),
              ("GITHUB_TOKEN", "github_pat_..."), ("AWS_ACCESS_KEY_ID", "AKIA..."), ("STRIPE_KEY", "sk_live_xxx"),
              ("GOOGLE_TTS_KEY", "AIza****…")])
    lead = pick(["For the call-summary bot you need", "Vir die oproep-opsomming bot het jy nodig:",
                 "Para sa summary bot kailangan ng", "Para el bot de resúmenes necesitan"])
    return "%s `%s=%s` in your local `.env` (real one is in the vault, don't paste it here)" % (lead, s[0], s[1])


def ph_aws_example():
    return code("", "$ aws configure --profile cc-recordings\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\nAWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: %s\nDefault output format [None]: json\n$ aws s3 ls s3://cc-recordings-%s-pci/ --profile cc-recordings" % (
        pick(["af-south-1", "ap-southeast-1", "us-east-1", "mx-central-1"]), pick(["za", "ph", "mx"])))


def ph_conn_defaults():
    s = pick(["postgres://user:password@localhost:5432/wfm", "amqp://guest:guest@localhost:5672/",
              "mysql://root:root@127.0.0.1:3306/asteriskcdrdb", "redis://:<password>@localhost:6379/0",
              "postgresql://<user>:<password>@<host>:5432/callbacks", "mongodb://admin:admin@localhost:27017/screenpop",
              "Server=localhost;Database=WFM;User Id=sa;Password=<YourStrong@Passw0rd>;"])
    lead = pick(["docker-compose default for local dev, nothing real:", "Plaaslike dev-verbinding (net die verstek):",
                 "Default lang ito sa local:", "Es la cadena por defecto del README:"])
    return "%s `%s`" % (lead, s)


def ph_masks():
    m = pick(["card ending **** **** **** %s" % rdig(4), "PAN 4*** **** **** %s" % rdig(4), "•••• %s" % rdig(4),
              "ANI +27 8* *** **%s" % rdig(2), "ANI 0917-XXX-XX%s" % rdig(2), "tel +52 55 **** **%s" % rdig(2),
              "SSN XXX-XX-%s" % rdig(4), "IBAN GB** **** **** **** **%s %s" % (rdig(2), rdig(2)),
              "IBAN ES** **** **** ** ****** %s" % rdig(4), "cuenta ****%s" % rdig(4)])
    lead = pick(["Screen-pop now shows", "Die skermpop wys nou", "Lumalabas na ngayon sa screen-pop:",
                 "El screen-pop ya muestra", "Recording transcript after PCI masking:"])
    return "%s `%s` — masking works" % (lead, m)


def ph_redaction_markers():
    lines = ["%s caller verified via OTP=[REDACTED] lang=%s queue=%s" % (iso_ts(), pick(LANGS), pick(QUEUES)),
             "%s card_number=<redacted> expiry=<redacted> cvv=***" % iso_ts(),
             "%s sip auth ok user=%s password=[FILTERED]" % (iso_ts(), pick(["BANKCC01", "pbx-jhb"])),
             "%s crm lookup ani=[MASKED] result=1 latency_ms=%d" % (iso_ts(), R.randint(20, 900)),
             "%s pause-resume: recording paused for (sensitive value) segment, %ds" % (iso_ts(), R.randint(5, 60))]
    R.shuffle(lines)
    return code("", "\n".join(lines[:R.randint(3, 5)]))


def ph_vault_refs():
    s = pick(["vault:secret/data/telephony/%s#password" % pick(TRUNKS),
              "op://Contact Centre/%s/password" % pick(TRUNKS),
              "{{resolve:secretsmanager:prod/genesys/oauth:SecretString:client_secret}}",
              "arn:aws:secretsmanager:af-south-1:123456789012:secret:cc/crm-api-key-AbCdEf",
              "projects/cc-ivr/secrets/dialogflow-key/versions/latest",
              "${{ secrets.RECORDING_SFTP_PASSWORD }}"])
    lead, tail = pick([("trunk creds are referenced as", "nobody should have the plaintext"),
                       ("Die wagwoord word gelees vanaf", "niemand het die eintlike waarde nodig nie"),
                       ("Kinukuha yung secret sa", "walang dapat may hawak ng plaintext"),
                       ("La contraseña se lee de", "nadie debe tener el valor en claro")])
    return "%s `%s`, %s" % (lead, s, tail)


def ph_pem_dots():
    lab = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    lead, mid = pick([("The SBC TLS cert goes in like this (key from the HSM export, not here):", "(paste the key here)"),
                      ("So lyk die TLS-sleutellêer op die SBC:", "(plak die sleutel hier)"),
                      ("Ganito dapat yung format ng key file:", "(i-paste dito ang susi)"),
                      ("Así debe verse el archivo de la llave:", "(pega aquí la llave)")])
    return lead + "\n" + code("", "-----BEGIN %s-----\n...\n%s\n...\n-----END %s-----" % (lab, mid, lab))


def ph_otp_templates():
    t = pick(["Your {{bank_name}} one-time PIN is {{otp}}. Never share it, not even with us.",
              "Jou eenmalige PIN is {{otp}}. Moet dit nooit met iemand deel nie.",
              "Ang iyong OTP ay {{otp}}. Huwag itong ibigay kahit kanino.",
              "Tu código de verificación es ${codigo}. Nunca lo compartas.",
              "Fraud alert: did you make a purchase of {{amount}} at {{merchant}}? Reply YES or NO."])
    return "SMS template for the fraud callback flow (%s): `%s`" % (pick(LANGS), t)


def ph_sipconf_legacy():
    lines = ["; legacy chan_sip, being migrated to pjsip", "[%s]" % pick(TRUNKS), "type=peer", "host=%s" % doc_ip(),
             "defaultuser=%s" % pick(["BANKCC01", "mnl-ivr", "mtyedge"]), "secret=%s" % pick(["<secret>", "${TRUNK_SECRET}", "xxxxxx", "CHANGEME"]),
             "fromdomain=%s" % doc_ip(), "insecure=port,invite", "context=from-pstn", "dtmfmode=rfc2833", "nat=force_rport,comedia"]
    return code("ini", "\n".join(lines))


def ph_empty():
    s = pick(["RECORDING_SFTP_PASSWORD=", "password: \"\"", "CRM_API_KEY=''", "\"clientSecret\": null",
              "secret=", "GENESYS_CLIENT_SECRET=  # fill in locally"])
    return pick(["Why does the container start with", "Hoekom begin die container met", "Bakit nag-start ang pod na may",
                 "¿Por qué arranca con"]) + " `%s` and not crash? it should fail fast" % s


def ph_slack_example_webhook():
    return "Docs example for the alert hook: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` — replace with the one from the app config"


def ph_jwt_placeholder():
    return pick(["Header should look like `Authorization: Bearer <jwt>`", "Stuur `Authorization: Bearer eyJhbGciOi…<snip>`",
                 "Dapat `Authorization: Bearer ${ACCESS_TOKEN}` lang", "Manda `Authorization: Bearer {{token}}`"]) + \
        " for the %s endpoint" % pick(["/screenpop/v1/lookup", "/callbacks", "/recordings/search", "/wfm/adherence"])


def ph_k8s_secret():
    lines = ["apiVersion: v1", "kind: Secret", "metadata:", "  name: %s" % pick(["sip-trunk-creds", "crm-api", "recording-sftp", "genesys-oauth"]),
             "  namespace: contact-centre", "type: Opaque", "stringData:",
             "  username: %s" % pick(["REPLACE_ME", "<user>", "svc-ivr"]), "  password: %s" % pick(["REPLACE_ME", "<password>", "\"\"", "changeme"]),
             "# real values come from ExternalSecret %s" % pick(["es-sip-trunk", "es-crm", "es-sftp"])]
    return code("yaml", "\n".join(lines))


def ph_runbook():
    tr = pick(TRUNKS)
    lines = ["## Rotating the SIP trunk password (%s)" % tr,
             "1. Log in to the carrier portal with the shared ops account (creds: vault path `telephony/carriers`).",
             "2. Generate a new password there. Do **not** paste it in Slack.",
             "3. `vault kv put telephony/%s password=<new-password>`" % tr,
             "4. `kubectl -n contact-centre rollout restart deploy/asterisk-edge`",
             "5. Check `pjsip show registrations` shows `Registered`.",
             "6. Update the change ticket CHG%07d." % R.randrange(10 ** 7)]
    return "\n".join(lines)


def ph_iban_format():
    return pick(["Correspondent IBAN format for reference: `GBkk BBBB SSSS SSAA AAAA AA` (22 chars)",
                 "Spaanse IBAN-formaat: `ESkk BBBB GGGG CCAA AAAA AAAA`", "Format ng IE IBAN: `IEkk AAAA BBBB BBCC CCCC CC`",
                 "Placeholder en el formulario: `ESxx xxxx xxxx xx xxxxxxxxxx`", "Test with `GB00 XXXX 1234 5612 3456 78` — it must be rejected (check digits 00 never validate)"])


PH_T = [ph_pjsip, ph_genesys_env, ph_gha, ph_helm, ph_vendor_prefix, ph_aws_example, ph_conn_defaults, ph_masks,
        ph_redaction_markers, ph_vault_refs, ph_pem_dots, ph_otp_templates, ph_sipconf_legacy, ph_empty,
        ph_slack_example_webhook, ph_jwt_placeholder, ph_k8s_secret, ph_runbook, ph_iban_format]


# ---- code_identifier ------------------------------------------------------
W1 = ["Caller", "Ani", "Msisdn", "Otp", "Pin", "Card", "Pan", "Iban", "Ssn", "Password", "Token", "Secret", "Session",
      "Callback", "Fraud", "Recording", "ScreenPop", "Crm", "Trunk", "Sip", "Ivr", "Agent", "Queue", "Consent", "Phone", "Email"]
W2 = ["Verification", "Masking", "Lookup", "Rotation", "Resolver", "Handler", "Validator", "Provider", "Cache",
      "Repository", "Controller", "Mapper", "Factory", "Policy", "Client", "Service", "Listener", "Scheduler"]


def camel(n=3, lower=False):
    s = "".join(pick(W1) for _ in range(n - 1)) + pick(W2)
    return s[0].lower() + s[1:] if lower else s


def snake(n=3):
    return "_".join(re.sub(r"(?<!^)([A-Z])", r"_\1", pick(W1)).lower() for _ in range(n))


def ci_java_trace():
    pk = pick(["za.co.proteabank.cc", "ph.bayanihan.contact", "mx.bancotulum.cc"])
    n = R.randint(10, 30)
    ex = pick(["%s.screenpop.CrmLookupTimeoutException" % pk, "%s.fraud.OtpVerificationFailedException" % pk,
               "%s.recording.PciPauseStateException" % pk, "java.lang.IllegalStateException"])
    lines = ["%s ERROR [%s] %s.screenpop.%s - screen-pop failed for conversation %s" % (iso_ts(), pick(["http-nio-8080-exec-7", "kafka-listener-2", "genesys-notif-1"]), pk, camel(), uuid4()),
             "%s: %s" % (ex, pick(["CRM did not answer within 1500 ms", "OTP attempt window closed", "pause requested twice", "no customer for hashed ANI"]))]
    for _ in range(n - 3):
        sub = pick(["screenpop", "fraud", "recording", "ivr", "crm", "wfm"])
        cls = camel()
        lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pk, sub, cls, camel(2, True), cls, R.randint(30, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return code("", "\n".join(lines))


def ci_dialplan():
    ctx = pick(["ivr-fraud-callback", "ivr-za-main", "ivr-ph-cards", "ivr-mx-principal", "from-trunk-za-primary"])
    lines = ["[%s]" % ctx,
             "exten => s,1,NoOp(${CHANNEL} ${CALLERID(num)})",
             " same => n,Set(CHANNEL(language)=%s)" % pick(["en", "af", "tl", "es"]),
             " same => n,Set(__FRAUD_CASE_REF=${ARG1})",
             " same => n,AGI(%s.py,${UNIQUEID})" % snake(3),
             " same => n,GotoIf($[\"${VERIFY_CARD_LAST4_RESULT}\" = \"OK\"]?verified)",
             " same => n,Playback(%s)" % pick(["custom/otp-failed", "custom/kon-nie-verifieer-nie", "custom/hindi-ma-verify", "custom/no-verificado"]),
             " same => n,Hangup()",
             " same => n(verified),Queue(%s,t,,,%d)" % (pick(QUEUES), R.randint(60, 900)),
             "",
             "exten => _0[6-8]XXXXXXXX,1,Dial(PJSIP/${EXTEN}@trunk-za-primary,45)",
             "exten => _09XXXXXXXXX,1,Dial(PJSIP/${EXTEN}@trunk-ph-globe,45)",
             "exten => _+52XXXXXXXXXX,1,Dial(PJSIP/${EXTEN:3}@trunk-mx-telmex,45)",
             "exten => _NXXNXXXXXX,1,Dial(PJSIP/+1${EXTEN}@trunk-us-tollfree,45)"]
    if chance(0.5):
        lines = lines[:10]
    return code("ini", "\n".join(lines))


def ci_asterisk_cli():
    n = R.randint(4, 14)
    lines = ["pbx-%s-01*CLI> core show channels concise" % pick(["jhb", "cpt", "mnl", "mty"]).lower()]
    for _ in range(n):
        tr = pick(TRUNKS)
        lines.append("PJSIP/%s-%s!%s!s!%d!Up!AGI!%s.py!!3!%d!(None)!%d.%d" % (
            tr, rhex(8), pick(["ivr-fraud-callback", "from-pstn", "ivr-za-main"]), R.randint(1, 30), snake(2),
            R.randint(5, 900), ts_epoch(), R.randint(1, 9999)))
    lines.append("%d active channels" % n)
    return code("", "\n".join(lines))


def ci_names_prose():
    ids = [camel(R.randint(3, 5), chance(0.5)) for _ in range(R.randint(2, 4))]
    lead, tail = pick([("Renamed", "no behaviour change"), ("Het hernoem:", "geen gedragsverandering nie"),
                       ("Pinalitan ko ng pangalan ang", "walang binago sa behavior"), ("Renombré", "sin cambio de comportamiento")])
    return "%s %s — %s" % (lead, ", ".join("`%s`" % i for i in ids), tail)


def ci_sql():
    t = pick(["cdr_enriched", "fraud_callbacks", "recording_index", "screenpop_audit", "ivr_sessions"])
    cols = ["id bigserial primary key", "conversation_id uuid not null", "caller_ani_sha256 char(64)",
            "iban_last4 char(4)", "card_pan_token_ref varchar(40)", "otp_attempts smallint default 0",
            "password_reset_requested boolean", "ssn_last4_verified boolean", "email_consent_flag boolean",
            "agent_secret_question_passed boolean", "recording_paused_ms integer", "created_at timestamptz default now()"]
    R.shuffle(cols)
    return code("sql", "create table %s (\n    %s\n);" % (t, ",\n    ".join(cols[:R.randint(5, 12)])))


def ci_terraform():
    addrs = ["aws_s3_bucket.call_recordings_pci[\"%s\"]" % pick(["za", "ph", "mx"]),
             "aws_kms_key.recording_envelope_key", "module.genesys_edge[\"%s\"].aws_instance.edge" % pick(["jhb", "mnl", "mty"]),
             "aws_secretsmanager_secret.sip_trunk_password", "aws_iam_role.screenpop_lambda_token_exchange",
             "aws_connect_contact_flow.fraud_callback_otp", "aws_lambda_function.crm_ani_lookup",
             "aws_secretsmanager_secret_version.genesys_client_secret"]
    R.shuffle(addrs)
    lines = ["Terraform will perform the following actions:", ""]
    for a in addrs[:R.randint(2, 6)]:
        lines.append("  # %s will be %s" % (a, pick(["updated in-place", "created", "replaced"])))
    lines.append("")
    lines.append("Plan: %d to add, %d to change, 0 to destroy." % (R.randint(0, 3), R.randint(1, 4)))
    return code("", "\n".join(lines))


def ci_pods():
    lines = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
    for d in R.sample(["screenpop-api", "crm-ani-lookup", "recording-indexer", "wfm-adherence", "fraud-callback-worker",
                       "ivr-prompt-sync", "otp-verifier", "asterisk-edge"], R.randint(3, 7)):
        lines.append("%-38s %s   Running   %d          %dd" % ("%s-%s-%s" % (d, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)),
                                                               pick(["1/1", "2/2"]), R.randint(0, 4), R.randint(1, 60)))
    return code("", "$ kubectl -n contact-centre get pods\n" + "\n".join(lines))


def ci_python_agi():
    f = snake(3)
    return code("python", "#!/usr/bin/env python3\n\"\"\"AGI: %s\"\"\"\nfrom asterisk.agi import AGI\n\n\ndef %s(agi, caller_ani_hash):\n    result = crm.lookup_customer_by_ani_hash(caller_ani_hash)\n    agi.set_variable(\"VERIFY_CARD_LAST4_RESULT\", \"OK\" if result.card_last4_matches else \"FAIL\")\n    agi.set_variable(\"FRAUD_SCORE_BAND\", result.fraud_score_band)\n    return result.%s\n" % (f, f, snake(2)))


def ci_gdb():
    frames = ["ast_rtp_instance_write", "ast_write_stream", "ast_bridge_channel_queue_frame", "bridge_p2p_rtp_write",
              "ast_channel_unref", "pbx_exec", "ast_pbx_run_args", "__ast_pbx_run", "pbx_thread", "dummy_start"]
    files = ["main/rtp_engine.c", "main/channel.c", "main/bridge_channel.c", "bridges/bridge_native_rtp.c", "main/pbx.c", "main/utils.c"]
    lines = ["Thread 42 \"asterisk\" received signal SIGSEGV, Segmentation fault."]
    for i, fr in enumerate(frames[:R.randint(6, 10)]):
        lines.append("#%d  0x%016x in %s (chan=0x%012x) at %s:%d" % (i, 0x5555 << 32 | R.randrange(1 << 28), fr, R.randrange(1 << 44), pick(files), R.randint(100, 9000)))
    return pick(["core dump from pbx-mnl-02 after the g729 change:", "Asterisk het weer gecrash:", "Nag-crash ulit yung Asterisk:",
                 "Se cayó Asterisk otra vez:"]) + "\n" + code("", "\n".join(lines))


def ci_css_modules():
    lines = []
    for c in ["AgentDesktop_callerCard", "ScreenPop_ibanRow", "Softphone_dialPad", "WrapUp_codeList", "FraudBanner_root"]:
        lines.append('<div class="%s__%s %s">' % (c, rs(B62, 5), pick(["css-%s" % rs(LOWER + DIG, 7), "sc-%s" % rs(B62, 6), "e%s0" % rhex(5)])))
    return code("html", "\n".join(lines[:R.randint(2, 5)]))


def ci_proto():
    return code("proto", "service FraudCallback {\n  rpc %s(%sRequest) returns (%sResponse);\n}\n\nmessage %sRequest {\n  string conversation_id = 1;\n  string caller_ani_hash = 2;\n  string pan_token_ref = 3;\n  int32 otp_attempt = 4;\n}" % (camel(3), camel(2), camel(2), camel(2)))


def ci_flow_names():
    lines = ["| flow | version | language | data action |", "|---|---|---|---|"]
    for f in R.sample(FLOWS, R.randint(3, 6)):
        lines.append("| `%s` | %d.0 | %s | `%s` |" % (f, R.randint(1, 40), pick(LANGS), pick(["Get_Customer_By_ANI", "Verify_Card_Last4", "Create_Fraud_Case", "Check_Callback_Slot", "Get_Iban_Masked"])))
    return pick(["Published today:", "Vandag gepubliseer:", "Na-publish ngayon:", "Publicados hoy:"]) + "\n" + "\n".join(lines)


def ci_go_panic():
    return code("", "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%x]\n\ngoroutine %d [running]:\ngithub.com/bank-cc/sip-router/internal/trunk.(*%s).%s(...)\n\t/src/internal/trunk/%s.go:%d\ngithub.com/bank-cc/sip-router/internal/otp.(*%s).Verify(0xc000%s)\n\t/src/internal/otp/verify.go:%d +0x%x" % (
        R.randrange(1 << 24), R.randint(1, 400), camel(2), camel(2), snake(2), R.randint(20, 400), camel(2), rhex(6), R.randint(20, 300), R.randrange(4096)))


def ci_ts_funcs():
    fns = [camel(R.randint(3, 4), True) for _ in range(R.randint(3, 6))]
    return code("ts", "\n".join("export function %s(%s: %s): %s { /* … */ }" % (f, pick(["ani", "ctx", "conv", "pop"]), camel(2), pick(["string", "boolean", "Promise<void>"])) for f in fns))


def ci_rust():
    return code("", "thread 'tokio-runtime-worker' panicked at src/recording/%s.rs:%d:%d:\ncalled `Result::unwrap()` on an `Err` value: %s\n   0: rust_begin_unwind\n   1: recording_indexer::%s::%s::h%s\n   2: recording_indexer::pipeline::run::{{closure}}::h%s" % (
        snake(2), R.randint(10, 400), R.randint(1, 80), camel(2), snake(2), snake(2), rhex(16), rhex(16)))


CI_T = [ci_java_trace, ci_dialplan, ci_asterisk_cli, ci_names_prose, ci_sql, ci_terraform, ci_pods, ci_python_agi,
        ci_gdb, ci_css_modules, ci_proto, ci_flow_names, ci_go_panic, ci_ts_funcs, ci_rust]


# ---- non_credential_blob --------------------------------------------------
def nb_git_log():
    lines = []
    for _ in range(R.randint(4, 14)):
        lines.append("%s %s" % (rhex(pick([7, 9, 40])), pick(["IVR: add Afrikaans OTP prompts", "fix(pjsip): qualify on DR trunk",
                                                            "screenpop: mask ANI in header", "wfm: Manila night shift template",
                                                            "flows: MX fraud callback v12", "recording: bump retention to 7y",
                                                            "chore: bump asterisk to 20.11.1", "Tagalog menu wording per QA"])))
    return code("", "$ git log --oneline -n %d\n%s" % (len(lines), "\n".join(lines)))


def nb_docker():
    img = pick(["asterisk", "screenpop-api", "recording-indexer", "otp-verifier", "kamailio"])
    return "Pinned `registry.cc-internal.example/telephony/%s@sha256:%s` for the %s rollout" % (img, sha256hex(), pick(SITES))


def nb_conv_ids():
    lines = ["conversationId,participantId,queueId,wrapupCode"]
    for _ in range(R.randint(3, 20)):
        lines.append("%s,%s,%s,%s" % (uuid4(), uuid4(), uuid4(), pick(["FRAUD_CONFIRMED", "NOT_FRAUD", "CALLBACK_NO_ANSWER", "CARD_BLOCKED", "TRANSFERRED"])))
    return pick(["export from the analytics API:", "Uitvoer van die analise-API:", "Export galing sa analytics:", "Export de analytics:"]) + "\n" + code("csv", "\n".join(lines))


def nb_sip_headers():
    a, b = priv_ip(), priv_ip()
    lines = ["INVITE sip:%d@%s:5060 SIP/2.0" % (R.randint(7000, 7999), b),
             "Via: SIP/2.0/UDP %s:5060;branch=z9hG4bK%s;rport" % (a, rhex(16)),
             "From: <sip:ivr@%s>;tag=%s" % (a, rhex(8)),
             "To: <sip:%d@%s>" % (R.randint(7000, 7999), b),
             "Call-ID: %s@%s" % (rhex(32), a),
             "CSeq: %d INVITE" % R.randint(1, 200),
             "X-Genesys-ConversationId: %s" % uuid4(),
             "X-Asterisk-Linkedid: %d.%d" % (ts_epoch(), R.randint(1, 99999)),
             "User-Agent: Asterisk PBX 20.11.1",
             "Content-Type: application/sdp",
             "Content-Length: %d" % R.randint(200, 400)]
    return code("", "\n".join(lines))


def nb_sha256sum():
    lines = []
    for _ in range(R.randint(3, 15)):
        lines.append("%s  %s-%d-%s.%s" % (sha256hex(), pick(["out", "in", "cb"]), ts_epoch(), rhex(8), pick(["wav", "opus", "mp3"])))
    return pick(["checksums for the legal-hold batch:", "Kontrolesomme vir die regshouer-bondel:",
                 "Checksums ng recordings para sa legal hold:", "Sumas de verificación del lote:"]) + "\n" + code("", "\n".join(lines))


def nb_s3_ls():
    lines = []
    for _ in range(R.randint(4, 18)):
        lines.append("2025-%02d-%02d %02d:%02d:%02d %10d recordings/%s/%s/%s.opus" % (
            R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59),
            R.randint(20000, 9000000), pick(["za", "ph", "mx"]), "2025/%02d/%02d" % (R.randint(1, 12), R.randint(1, 28)), uuid4()))
    return code("", "$ aws s3 ls s3://cc-recordings-pci/ --recursive | head\n" + "\n".join(lines))


def nb_trace():
    return "%s ERROR screenpop-api traceparent=00-%s-%s-01 x-request-id=%s crm_status=504" % (iso_ts(), rhex(32), rhex(16), rhex(32))


def nb_sops():
    def enc(n):
        return "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(rbytes(n)), b64(rbytes(32)), b64(rbytes(16)))
    return code("yaml", "sip:\n    trunk_password: %s\ncrm:\n    api_key: %s\nsops:\n    kms:\n        - arn: arn:aws:kms:af-south-1:123456789012:key/%s\n    lastmodified: \"%s\"\n    mac: %s\n    version: 3.9.1" % (
        enc(R.randint(12, 24)), enc(R.randint(30, 48)), uuid4(), iso_ts(False), enc(32)))


def nb_integrity():
    return code("", "\"node_modules/@genesys/purecloud-platform-client-v2\": {\n  \"version\": \"%d.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/purecloud-platform-client-v2/-/purecloud-platform-client-v2-%d.0.0.tgz\",\n  \"integrity\": \"sha512-%s\"\n}" % (
        R.randint(150, 230), R.randint(0, 9), R.randint(0, 9), R.randint(150, 230), b64(rbytes(64))))


def nb_text_b64():
    t = pick(["Welkom by Protea Bank. Druk een vir Afrikaans.", "Salamat sa pagtawag. Pindutin ang isa para sa Tagalog.",
              "Gracias por llamar. Marque uno para español.", "Please hold while we connect you to a fraud specialist.",
              "Jou oproep word opgeneem vir opleidingsdoeleindes.", "Ang tawag na ito ay nire-record para sa kalidad."])
    return pick(["TTS payload is just base64 of the prompt text: ", "Die TTS-teks is net base64: ", "Base64 lang ng prompt ito: ",
                 "Es solo el texto del prompt en base64: "]) + "`%s`" % b64(t.encode())


def nb_cursor():
    c = b64(json.dumps({"after": uuid4(), "pageSize": pick([25, 50, 100]), "interval": "2025-%02d-01/2025-%02d-01" % (R.randint(1, 6), R.randint(7, 12))}).encode()).rstrip("=")
    return "next page cursor from the WFM API: `%s` (it's only base64 JSON)" % c


def nb_ssh_fp():
    return pick(["Host key for pbx-jhb-01 changed after the rebuild, new one is", "Nuwe gasheer-sleutel vir rec-sftp:",
                 "Bagong host key ng sftp:", "Nueva huella del host sftp:"]) + " `ED25519 key fingerprint is SHA256:%s.`" % b64(rbytes(32)).rstrip("=")


def nb_etag():
    return code("", "HTTP/2 200\ncontent-type: audio/wav\ncontent-length: %d\netag: \"%s-%d\"\nx-amz-request-id: %s\nx-amz-id-2: %s\nlast-modified: Tue, %02d Jun 2025 08:%02d:11 GMT" % (
        R.randint(100000, 9000000), rhex(32), R.randint(2, 12), rs(UPPER + DIG, 16), b64(rbytes(54)), R.randint(1, 28), R.randint(0, 59)))


def nb_ulid():
    ids = ["01J%s" % rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23) for _ in range(R.randint(2, 6))]
    return pick(["callback job ids stuck in PENDING:", "Terugbel-take wat vashaak:", "Mga callback job na naka-stuck:",
                 "Trabajos de devolución atorados:"]) + " " + ", ".join("`%s`" % i for i in ids)


def nb_gpg():
    fp = rhex(40).upper()
    return "Release tags for the IVR flow bundle are signed, key fingerprint `%s`" % " ".join(fp[i:i + 4] for i in range(0, 40, 4))


def nb_json_log():
    lines = []
    for _ in range(R.randint(3, 12)):
        lines.append(json.dumps({"ts": iso_ts(), "level": pick(["info", "warn"]), "svc": "recording-indexer",
                                 "recording_id": uuid4(), "sha1": rhex(40), "trace_id": rhex(32), "span_id": rhex(16),
                                 "bytes": R.randint(10000, 9000000)}))
    return code("", "\n".join(lines))


def nb_helm_checksum():
    return code("yaml", "spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s" % (sha256hex(), sha256hex()))


NB_T = [nb_git_log, nb_docker, nb_conv_ids, nb_sip_headers, nb_sha256sum, nb_s3_ls, nb_trace, nb_sops, nb_integrity,
        nb_text_b64, nb_cursor, nb_ssh_fp, nb_etag, nb_ulid, nb_gpg, nb_json_log, nb_helm_checksum]


# ---- pii_lookalike_number -------------------------------------------------
def pl_cdr_csv():
    lines = ["calldate,src,dst,dcontext,duration,billsec,disposition,uniqueid,queue"]
    for _ in range(R.randint(12, 30)):
        e = ts_epoch()
        d = R.randint(5, 1800)
        lines.append("2025-%02d-%02d %02d:%02d:%02d,%d,%s,%s,%d,%d,%s,%d.%d,%s" % (
            R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59),
            R.randint(7000, 7999), pick(["s", "7%03d" % R.randrange(1000), "*%d" % R.randint(60, 99)]),
            pick(["ivr-za-main", "ivr-fraud-callback", "ivr-ph-cards", "ivr-mx-principal"]), d + R.randint(0, 30), d,
            pick(["ANSWERED", "NO ANSWER", "BUSY"]), e, R.randint(1, 99999), pick(QUEUES)))
    return pick(["CDR sample (internal legs only, external numbers already stripped):", "CDR-uittreksel:", "Sample ng CDR:",
                 "Muestra de CDR:"]) + "\n" + code("csv", "\n".join(lines))


def pl_case_ids():
    ids = [pick(["FRD-%d-%06d" % (pick([2025, 2026]), R.randrange(10 ** 6)), "INC%07d" % R.randrange(10 ** 7),
                 "CHG%07d" % R.randrange(10 ** 7), "CB-%s-%05d" % (pick(["ZA", "PH", "MX"]), R.randrange(10 ** 5)),
                 "Case #%08d" % R.randrange(10 ** 8)]) for _ in range(R.randint(2, 5))]
    return pick(["Linked", "Gekoppel:", "Naka-link:", "Ligados:"]) + " " + ", ".join(ids) + pick([" — all closed", "", " (duplicates)", " — pending QA"])


def pl_ussd():
    c = pick(["*120*%d#" % R.randint(1000, 9999), "*%d#" % R.randint(100, 999), "*120*%d*%d#" % (R.randint(100, 999), R.randint(1, 9))])
    return pick(["USSD string for the card-block menu is `%s`, IVR option 4 reads it out",
                 "Die USSD-kode `%s` werk weer na die Vodacom-onderhoud",
                 "Yung USSD code `%s` ay para lang sa ZA customers",
                 "El código `%s` no aplica en México, allá es por la app"]) % c


def pl_ports():
    return "SBC firewall: SIP %s, TLS 5061, RTP %d-%d/udp from %s and %s; management only from %s" % (
        pick(["5060/udp", "5060/tcp+udp"]), pick([10000, 16384]), pick([20000, 32767]), doc_ip(), doc_ip(), priv_ip() + "/32")


def pl_dtmf():
    p = "-".join(str(R.randint(0, 9)) for _ in range(R.randint(3, 6)))
    return pick(["Most common IVR path yesterday: %s (%d calls)", "Gewildste IVR-pad: %s (%d oproepe)",
                 "Pinakamadalas na IVR path: %s (%d tawag)", "Ruta IVR más usada: %s (%d llamadas)"]) % (p, R.randint(100, 20000))


def pl_wfm_table():
    lines = ["| interval | offered | answered | AHT (s) | SL % | agents |", "|---|---:|---:|---:|---:|---:|"]
    h = R.randint(6, 14)
    for i in range(R.randint(6, 20)):
        off = R.randint(40, 900)
        lines.append("| %02d:%02d | %d | %d | %d | %.1f | %d |" % (h + i // 2, 30 * (i % 2), off, off - R.randint(0, 40), R.randint(180, 620), R.uniform(60, 99), R.randint(8, 120)))
    return pick(["Intraday for %s:", "Intradag vir %s:", "Intraday ng %s:", "Intradía de %s:"]) % pick(SITES) + "\n" + "\n".join(lines)


def pl_money():
    return pick(["Disputed amount R %d %03d,%02d, reversed on %02d/%02d/2025",
                 "Refund of ₱%d,%03d.%02d posted %02d/%02d/2025",
                 "Cargo no reconocido por $%d,%03d.%02d MXN, fecha %02d/%02d/2025",
                 "Chargeback USD %d,%03d.%02d on %02d/%02d/2025"]) % (R.randint(1, 99), R.randrange(1000), R.randrange(100), R.randint(1, 28), R.randint(1, 12))


def pl_versions():
    return pick(["Asterisk %d.%d.%d on pbx-%s, Genesys Edge %d.%d.%d.%d, softphone %d.%d.%d",
                 "Weergawes: Asterisk %d.%d.%d (%s), Edge %d.%d.%d.%d, foon %d.%d.%d",
                 "Asterisk %d.%d.%d sa %s, Edge firmware %d.%d.%d.%d, softphone %d.%d.%d"]) % (
        R.randint(18, 22), R.randint(0, 15), R.randint(0, 9), pick(SITES).lower(), R.randint(1, 9), R.randint(0, 9), R.randint(0, 9),
        R.randint(1000, 40000), R.randint(1, 5), R.randint(0, 30), R.randint(0, 300))


def pl_transaction_ids():
    ids = [luhn_invalid(pick([14, 16, 18])) for _ in range(R.randint(1, 4))]
    return pick(["Switch transaction refs for the disputed txns:", "Transaksie-verwysings:", "Mga transaction reference:",
                 "Referencias de la transacción:"]) + " " + ", ".join(ids) + " (not card numbers, these are STANs+RRNs concatenated by the switch)"


def pl_epochs():
    e = ts_epoch()
    return pick(["Recording gap between %d and %d (%d ms) on the %s trunk",
                 "Oproep-opname ontbreek tussen %d en %d (%d ms), trunk %s",
                 "May gap sa recording mula %d hanggang %d (%d ms) sa %s",
                 "Hueco en la grabación entre %d y %d (%d ms) en %s"]) % (e, e + R.randint(5, 90), R.randint(200, 9000), pick(TRUNKS))


def pl_ip_plan():
    lines = ["| role | address | vlan |", "|---|---|---|"]
    for role in R.sample(["SBC inside", "SBC outside (carrier-facing)", "Asterisk jhb-01", "Asterisk mnl-02", "recording NAS",
                          "Genesys Edge", "Kamailio LB", "WFM app", "CTI bridge"], R.randint(4, 8)):
        ip = doc_ip() if "outside" in role else priv_ip()
        lines.append("| %s | %s | %d |" % (role, ip, R.randint(10, 400)))
    return "\n".join(lines)


def pl_routing_prefixes():
    lines = ["prefix   -> trunk", "+27 1    -> trunk-za-primary (geo)", "+27 6/7/8 -> trunk-za-primary (mobile)", "+63 9    -> trunk-ph-globe",
             "+63 2    -> trunk-ph-pldt", "+52      -> trunk-mx-telmex", "+1 8xx  -> trunk-us-tollfree", "default  -> reject (cause 21)"]
    return pick(["LCR table after today's change:", "LCR-tabel:", "LCR table ngayon:", "Tabla LCR:"]) + "\n" + code("", "\n".join(lines))


def pl_account_ids():
    return "Recordings bucket is in account 123456789012 (%s), KMS key %s, Genesys org %s, queue %s" % (
        pick(["af-south-1", "ap-southeast-1", "us-east-1"]), uuid4(), uuid4(), uuid4())


def pl_bins():
    return pick(["Fraud rule %d triggers on BINs %s and %s above R%d",
                 "Regla %d aplica a los BIN %s y %s arriba de $%d MXN",
                 "Rule %d sa BIN %s at %s, lampas ₱%d"]) % (R.randint(100, 999), rdig(6), rdig(6), R.randint(1, 50) * 1000)


def pl_dates():
    d, m, h1, h2, ref = R.randint(1, 28), R.randint(1, 12), R.randint(5, 12), R.randint(13, 22), R.randint(10000, 99999)
    return pick(["Shift swap approved for %02d/%02d/2025, %02d:00–%02d:00 SAST, roster ref %d",
                 "Skofruil goedgekeur vir %02d/%02d/2025, %02d:00–%02d:00, roosterverwysing %d",
                 "Aprubado ang palit-shift sa %02d/%02d/2025, %02d:00 hanggang %02d:00, ref %d",
                 "Cambio de turno aprobado el %02d/%02d/2025 de %02d:00 a %02d:00, folio %d"]) % (d, m, h1, h2, ref)


def pl_iso8583():
    lines = ["MTI  0%d00" % pick([1, 2, 4]), "DE3  %s" % pick(["000000", "010000", "200000"]), "DE4  %012d" % R.randrange(10 ** 7),
             "DE7  %s" % rdig(10), "DE11 %s" % rdig(6), "DE12 %s" % rdig(6), "DE37 %s" % rdig(12), "DE38 %s" % rs(UPPER + DIG, 6),
             "DE39 %s" % pick(["00", "05", "51", "59"]), "DE2  ************%s" % rdig(4)]
    return pick(["Switch trace the fraud team asked for (PAN already masked by the HSM):", "Skakel-spoor, PAN gemasker:",
                 "Trace galing switch, naka-mask ang PAN:"]) + "\n" + code("", "\n".join(lines))


def pl_extensions():
    ex = sorted(R.sample(range(7000, 7999), R.randint(4, 10)))
    return pick(["Extensions moving to the Cebu floor: ", "Uitbreidings wat skuif: ", "Mga extension na lilipat sa Cebu: ",
                 "Extensiones que se mueven a Monterrey: "]) + ", ".join(str(e) for e in ex)


def pl_erlang():
    return "Erlang C for %s: %d calls/30min, AHT %ds, target 80/20 → %d agents, occupancy %.1f%%, shrinkage %d%%" % (
        pick(QUEUES), R.randint(50, 800), R.randint(150, 600), R.randint(10, 150), R.uniform(70, 92), R.randint(25, 40))


def pl_bytes():
    return "recording NAS: %s files, %s bytes, %d.%d TiB free" % (
        "{:,}".format(R.randint(10 ** 5, 10 ** 7)), "{:,}".format(R.randint(10 ** 11, 10 ** 14)).replace(",", " "), R.randint(1, 40), R.randint(0, 9))


PL_T = [pl_cdr_csv, pl_case_ids, pl_ussd, pl_ports, pl_dtmf, pl_wfm_table, pl_money, pl_versions, pl_transaction_ids,
        pl_epochs, pl_ip_plan, pl_routing_prefixes, pl_account_ids, pl_bins, pl_dates, pl_iso8583, pl_extensions,
        pl_erlang, pl_bytes]


# ---- talk_about_secrets ---------------------------------------------------
TALK = [
    # English
    "Reminder: agents must hit pause-and-resume before the caller reads out the card number, otherwise the recording is out of PCI scope.",
    "We rotated the SIP trunk password for the DR trunk last night; registrations came back within two minutes.",
    "Please stop pasting OTPs into the fraud channel, even expired ones. Just say 'OTP verified' or 'OTP failed'.",
    "The Genesys OAuth client secret expires in 14 days, who owns the rotation this quarter?",
    "If a customer gives you their full IBAN on chat, don't copy it into the case notes, use the masked field.",
    "Screen-pop should never show the full phone number, only the last two digits, per the privacy review.",
    "Someone committed the carrier portal password to the flows repo in March; it was rotated and the history rewritten.",
    "The CRM API key for the screen-pop lambda now comes from Secrets Manager, not the env file.",
    "Do we still need the recording SFTP password at all now that the indexer uses an IAM role?",
    "Callers keep reading their SSN to the US team even when we don't ask; the IVR prompt needs to say we never need it.",
    "Rule of thumb for fraud callbacks: we call them, we never ask for the full card number or the PIN.",
    "The Slack bot token for the WFM alerts was revoked after the app reinstall, so alerts are silent until we re-add it.",
    "The private key for the SBC TLS cert lives only in the HSM; the cert itself is fine to share.",
    "Which email address does the fraud team use for escalations? Please answer in DM, not here.",
    "Security wants the OpenAI key for the call-summary pilot scoped to one project with a monthly cap.",
    # Afrikaans
    "Moet asseblief nie die wagwoord vir die opname-bediener in Slack plak nie, gebruik die kluis.",
    "Ons het die SIP-trunk se wagwoord gisteraand verander; al die registrasies is weer op.",
    "As 'n kliënt sy kaartnommer op die oproep lees, druk eers pouse op die opname.",
    "Die OTP word nooit deur die agent gevra nie, net die IVR verifieer dit.",
    "Wie het toegang tot die API-sleutel vir die CRM? Die oudit vra daarvoor.",
    "Die skermpop moet net die laaste vier syfers van die rekeningnommer wys.",
    "Ons gaan die Genesys-kliëntgeheim elke 90 dae roteer, volgens die nuwe beleid.",
    "Moenie kliënte se selfoonnommers in die WFM-notas sit nie, dit is persoonlike inligting.",
    "Die privaat sleutel vir die SBC-sertifikaat is nooit uit die HSM gehaal nie.",
    "Het iemand die token vir die Slack-bot herroep? Die waarskuwings kom nie meer deur nie.",
    # Tagalog / Filipino
    "Paalala: huwag i-paste ang OTP ng customer dito sa channel, kahit expired na.",
    "Na-rotate na po yung password ng SIP trunk kagabi, okay na ang registration.",
    "Kapag binasa ng caller ang card number, i-pause muna ang recording bago magpatuloy.",
    "Sino ang may hawak ng API key para sa CRM screen-pop? Kailangan ng audit.",
    "Hindi dapat lumabas ang buong mobile number sa screen-pop, huling dalawang digit lang.",
    "Nasa vault na ang token ng Slack bot, huwag nang ilagay sa config file.",
    "Bawal itanong ng agent ang PIN o password ng customer, kahit sa fraud callback.",
    "Yung private key ng SBC cert ay nasa HSM lang, walang kopya sa laptop ng kahit sino.",
    "Pakibago po ang password ng shared account sa carrier portal pagkatapos ng turnover.",
    "May nag-post ng email address ng customer sa thread kahapon, binura na ng admin.",
    # Mexican Spanish
    "Ojo: no peguen la contraseña del troncal SIP en el canal, está en el vault.",
    "Ya rotamos la llave de la API del CRM, el screen-pop ya está jalando con la nueva.",
    "Cuando el cliente dicte el número de tarjeta, pausen la grabación, es requisito de PCI.",
    "El agente nunca debe pedir el NIP ni la contraseña de la banca en línea, ni en la devolución de llamada por fraude.",
    "¿Quién tiene el secreto del cliente OAuth de Genesys? Vence la próxima semana.",
    "No anoten el celular del cliente en las notas de WFM, es dato personal.",
    "La llave privada del certificado del SBC solo vive en el HSM, no hay copia.",
    "Alguien subió el token del bot de Slack a un repo público; ya lo revocamos y rotamos.",
    "El IBAN completo del banco corresponsal no va en el ticket, solo los últimos cuatro dígitos.",
    "¿Por qué la herramienta de redacción marca el número de caso como si fuera teléfono?",
]

TALK_TOPICS = ["the SIP trunk password", "the Genesys client secret", "the CRM API key", "the recording SFTP password",
               "the Slack bot token", "the OpenAI key for call summaries", "the SBC private key", "the carrier portal login"]


def ta_single():
    return pick(TALK)


def ta_pair():
    a, b = R.sample(TALK, 2)
    return a + " " + b


def ta_sync_notes():
    items = R.sample(TALK, R.randint(3, 6))
    return pick(["**Security sync — contact centre**", "**Sekuriteit-sinkronisasie**", "**Security sync notes**", "**Notas de la junta de seguridad**"]) + "\n" + "\n".join("- " + i for i in items)


def ta_incident():
    t = pick(TALK_TOPICS)
    lines = ["*Incident summary* — %s exposed in a screenshot" % t,
             "• What: a screenshot in #cc-telephony showed %s in a terminal window." % t,
             "• When: noticed %d minutes after posting, message deleted by workspace admin." % R.randint(2, 40),
             "• Action: value rotated, old one revoked, access logs checked for the window — nothing unusual.",
             "• Follow-up: add a pre-commit hook and turn on the DLP bot for screenshots.",
             "• No customer data (cards, IBANs, phone numbers) was involved."]
    return "\n".join(lines[:R.randint(4, 6)])


def ta_qa():
    q = pick(["Is it OK to share the trunk password with the carrier's NOC over the phone?",
              "Mag ek die API-sleutel in die README sit as dit net vir toets is?",
              "Pwede bang i-share ang password ng recording server sa vendor through email?",
              "¿Puedo mandar el token del bot por WhatsApp al proveedor?"])
    a = pick(["No — create them their own credentials, scoped and expiring.",
              "Nee, gebruik 'n aparte sleutel wat verval.", "Hindi po, gumawa ng hiwalay na account para sa kanila.",
              "No, se les crea un usuario propio con vigencia."])
    return "Q: %s\nA: %s" % (q, a)


def ta_regex():
    return pick(["The DLP rule for phone numbers is too greedy, it keeps flagging Asterisk uniqueids and CDR epochs.",
                 "Die skandeerder sien elke 16-syfer transaksieverwysing as 'n kaartnommer; ons moet die Luhn-toets byvoeg.",
                 "Yung regex para sa IBAN ay nahuhuli pati yung case number natin, kailangan ng checksum.",
                 "El detector de tarjetas marca los folios de 16 dígitos, hay que validar con Luhn antes de redactar."])


def ta_faq():
    lines = ["FAQ for new agents (fraud callback queue)",
             "1. Do we ever ask for the OTP? Only the IVR asks; you see 'verified' or 'failed'.",
             "2. Do we ever ask for the card PIN or online banking password? Never.",
             "3. Can I write the customer's mobile number in notes? No, the CRM already has it.",
             "4. What if the customer reads out a card number anyway? Pause the recording, then resume.",
             "5. What if someone asks for your own login password? Report it to security, it's phishing."]
    return "\n".join(lines[:R.randint(3, 6)])


def ta_retro():
    t = pick(TALK_TOPICS)
    lines = [pick(["**Post-incident review: %s in a Slack thread**", "**Terugblik: %s in 'n Slack-draad**",
                   "**Post-incident review: %s sa Slack thread**", "**Revisión post-incidente: %s en un hilo de Slack**"]) % t,
             "",
             "*Timeline*",
             "- %02d:%02d an engineer pasted a config block that contained %s while debugging the %s trunk." % (R.randint(0, 23), R.randint(0, 59), t, pick(TRUNKS)),
             "- %02d:%02d the DLP bot flagged the message; a workspace admin deleted it." % (R.randint(0, 23), R.randint(0, 59)),
             "- %02d:%02d the value was rotated and the old one revoked; dependent services restarted." % (R.randint(0, 23), R.randint(0, 59)),
             "",
             "*What went well*"]
    lines += ["- " + x for x in R.sample(TALK, R.randint(2, 4))]
    lines += ["", "*What we change*",
              "- Config snippets are shared from the repo with secrets as vault references only.",
              "- The runbook for %s now starts with 'never paste the value'." % t,
              "- Agents keep masking card numbers, IBANs and phone numbers on screen-pops; nothing changes there.",
              "- Owner: telephony platform team (%s). Review again in %d weeks." % (pick(SITES), R.randint(2, 8))]
    return "\n".join(lines)


TA_T = [ta_single, ta_single, ta_pair, ta_pair, ta_sync_notes, ta_incident, ta_qa, ta_regex, ta_faq, ta_retro]


# ==========================================================================
# POSITIVES
# ==========================================================================
PW_WORDS = ["Springbok", "Lekker", "Jacaranda", "Braai", "Bokke", "Protea", "Ubuntu", "Soweto", "Tafelberg", "Mabuhay",
            "Bayanihan", "Kalayaan", "Sinigang", "Adobo", "Ayoslang", "Pasensya", "Cebu", "Tacos", "Chilango", "Regio",
            "Ahorita", "Guadalupe", "Pozole", "Chapultepec", "Mariachi", "Jollibee", "Kumusta", "Baie", "Boerewors"]


def password():
    w = pick(PW_WORDS)
    k = R.randrange(8)
    y = str(R.randint(2019, 2026))
    if k == 0:
        return w + pick("!@#$*") + y
    if k == 1:
        return w + pick(["_", ".", "-"]) + pick(PW_WORDS).lower() + rdig(2)
    if k == 2:
        leet = w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")
        return leet + pick("!#$%&") + rdig(R.randint(2, 3))
    if k == 3:
        return pick(["Welkom", "Bienvenido", "Salamat", "Dankie", "Gracias"]) + rdig(2) + pick("!?#") + pick(["Jhb", "Mnl", "Mty", "Cpt", "Gdl"])
    if k == 4:
        return rs(B62, 4) + w + rdig(3) + pick("!@")
    if k == 5:
        return pick(PW_WORDS) + pick(PW_WORDS) + y[-2:] + pick("!*")
    if k == 6:
        return rs(B62 + "!@#%^&*", R.randint(14, 20))
    return w.lower() + pick(["2k", "_"]) + y[-2:] + pick(["$", "!!", "#"]) + pick(["za", "ph", "mx"])


# ---- single-kind templates: each f(v) -> text --------------------------------------------
def _p(*alts):
    return pick(alts)


T = {}

T["email_address"] = [
    lambda v: "Escalations for the %s queue go to %s until Friday" % (pick(QUEUES), v),
    lambda v: "Stuur asseblief die QA-verslag aan %s, sy is die nuwe spanleier in Kaapstad" % v,
    lambda v: "Customer asked us to send the dispute form to %s — logged on the case, please don't reply-all" % v,
    lambda v: "Pakisend na lang po kay %s yung schedule ng night shift sa Cebu" % v,
    lambda v: "El cliente pidió que le manden el estado de cuenta a %s, ¿lo podemos hacer desde el CRM?" % v,
    lambda v: code("yaml", "alerts:\n  wfm_adherence:\n    notify:\n      - %s\n    threshold_pct: %d" % (v, R.randint(80, 95))),
]

T["phone_number"] = [
    lambda v: "Fraud callback for case FRD-2025-%06d: customer says call back on %s after 17:00" % (R.randrange(10 ** 6), v),
    lambda v: "Die kliënt se alternatiewe nommer is %s, sy antwoord nie op die ander een nie" % v,
    lambda v: "Pakitawagan po ulit si customer sa %s, hindi siya sumasagot kanina" % v,
    lambda v: "El cliente pide que le regresen la llamada al %s, dice que es su celular nuevo" % v,
    lambda v: "Carrier NOC escalation line for the outage: %s (ask for the duty manager)" % v,
    lambda v: code("csv", "case_id,callback_number,lang,slot\nFRD-%06d,%s,%s,%02d:00" % (R.randrange(10 ** 6), v, pick(LANGS), R.randint(8, 18))),
]

T["password"] = [
    lambda v: "Genesys admin password for the sandbox org is %s — change it after the demo pls" % v,
    lambda v: "Die wagwoord vir die opname-bediener is %s, moet dit nie deel nie" % v,
    lambda v: "Ang password ng WFM admin account ay %s, pakipalitan pagkatapos mag-login" % v,
    lambda v: "La contraseña del portal del carrier quedó como %s, la cambio mañana" % v,
    lambda v: code("ini", "[%s-auth]\ntype=auth\nauth_type=userpass\nusername=BANKCC01\npassword=%s" % (pick(TRUNKS), v)),
    lambda v: code("", "Server=%s;Database=WFM;User Id=wfm_app;Password=%s;Encrypt=True;" % (priv_ip(), v)),
    lambda v: code("properties", "spring.datasource.url=jdbc:postgresql://%s:5432/screenpop\nspring.datasource.username=screenpop\nspring.datasource.password=%s" % (priv_ip(), v)),
    lambda v: "secret=%s  <- chan_sip peer for the old MX trunk, still in sip.conf on pbx-mty-01" % v,
]

T["url_credentials"] = [
    lambda v: "DATABASE_URL=postgres://screenpop_app:%s@%s:5432/screenpop" % (v, priv_ip()),
    lambda v: "recordings sync uses `sftp://recsync:%s@%s:22/outbound/` — vendor set it up" % (v, priv_ip()),
    lambda v: "Die CRM-koppeling loop deur https://cti_bridge:%s@crm-cti.protea-bank.co.za/api/v1/pop" % v,
    lambda v: "Yung RabbitMQ ng callbacks: amqps://callbacks:%s@mq-mnl-01.internal:5671/cc" % v,
    lambda v: "La conexión del CDR quedó así: mysql://asteriskcdr:%s@%s:3306/asteriskcdrdb" % (v, priv_ip()),
    lambda v: code("yaml", "redis:\n  url: redis://:%s@%s:6379/2" % (v, priv_ip())),
]

T["ipv4_address"] = [
    lambda v: "Carrier says their new SBC signalling IP is %s, please whitelist on 5060/udp" % v,
    lambda v: "Ons sien SIP-skandering vanaf %s op die buitenste SBC, al meer as 4000 REGISTERs" % v,
    lambda v: "Yung Genesys Edge sa Manila ay nag-NAT palabas sa %s" % v,
    lambda v: "El proveedor de grabación se conecta desde %s, ¿lo agregamos al security group?" % v,
    lambda v: code("", "%s NOTICE[%d] res_pjsip/pjsip_distributor.c: Request 'INVITE' from '\"100\" <sip:100@%s>' failed for '%s:5060' (callid: %s) - No matching endpoint found" % (iso_ts(), R.randint(1000, 9999), v, v, rhex(32))),
]

T["iban"] = [
    lambda v: "Correspondent account for the USD/EUR settlement: IBAN %s (nostro)" % v,
    lambda v: "Die kliënt wil geld terugontvang op %s — kan ons dit deur die disputes-vloei stuur?" % v,
    lambda v: "Ibinigay ng customer ang IBAN niya para sa refund: %s" % v,
    lambda v: "El cliente dictó su IBAN de España para la devolución: %s" % v,
    lambda v: code("json", json.dumps({"case": "FRD-2025-%06d" % R.randrange(10 ** 6), "refund_iban": v, "currency": pick(["EUR", "GBP"])}, indent=2)),
]

T["credit_card"] = [
    lambda v: "Recording wasn't paused — customer read out %s on the call at 14:32, need the segment purged" % v,
    lambda v: "Die agent het die kaartnommer in die notas getik: %s. Kan iemand dit uitvee?" % v,
    lambda v: "Nabasa ng customer ang card number niya sa chat: %s, pa-mask po" % v,
    lambda v: "El cliente escribió su tarjeta en el chat: %s, hay que bloquearla y enmascarar la nota" % v,
    lambda v: code("", "%s WARN screenpop-api payload field card_number=%s (should be token!)" % (iso_ts(), v)),
]

T["us_ssn"] = [
    lambda v: "US premier customer verified with SSN %s on the callback, noted in the wrong field" % v,
    lambda v: "Die VSA-kliënt het sy SSN gegee: %s — dit moet uit die transkripsie verwyder word" % v,
    lambda v: "Binasa ng US caller ang SSN niya: %s, nasa transcript na" % v,
    lambda v: "El cliente de EE.UU. dio su SSN %s en la llamada, hay que purgar la transcripción" % v,
    lambda v: code("csv", "case,ssn,verified\nCB-US-%05d,%s,yes" % (R.randrange(10 ** 5), v)),
]

T["jwt"] = [
    lambda v: "screen-pop 401s even with a fresh token: `Authorization: Bearer %s`" % v,
    lambda v: "Hier is die token van die agent-lessenaar, dit verval glo te vinnig: %s" % v,
    lambda v: "Ito yung token na galing sa SSO, bakit expired agad? %s" % v,
    lambda v: "El token que regresa el login del softphone: %s" % v,
    lambda v: code("", "curl -s https://screenpop.cc-internal.example/v1/lookup -H 'Authorization: Bearer %s' -d '{\"ani_hash\":\"%s\"}'" % (v, rhex(64))),
    lambda v: code("json", '{"access_token":"%s","token_type":"Bearer","expires_in":3600}' % v),
]

T["aws_access_key_id"] = [
    lambda v: "recording-indexer is still using the old key %s, can we rotate to the role?" % v,
    lambda v: "Die toegangsleutel-ID %s is in die logs gelek" % v,
    lambda v: "aws_access_key_id = %s  (profile cc-recordings, copied from the jump box)" % v,
    lambda v: "La llave %s sigue activa en la cuenta de grabaciones, ¿quién la usa?" % v,
]

T["aws_secret_access_key"] = [
    lambda v: "and the secret for that user is %s — yes I know, rotating now" % v,
    lambda v: code("ini", "[cc-recordings]\naws_secret_access_key = %s\nregion = af-south-1" % v),
    lambda v: "AWS_SECRET_ACCESS_KEY=%s" % v,
    lambda v: "Ang secret key ng recordings user: %s" % v,
]

T["github_classic_pat"] = [
    lambda v: "use my PAT to pull the flows repo on the jump box for now: %s" % v,
    lambda v: "Die ou token %s werk nog op die bou-bediener" % v,
    lambda v: "git clone https://%s@github.com/bank-cc/ivr-flows.git" % v,
    lambda v: "Pakiupdate yung secret sa Jenkins, bagong PAT: %s" % v,
    lambda v: "GH_TOKEN=%s archy-sync --repo bank-cc/ivr-flows" % v,
]

T["github_fine_grained_pat"] = [
    lambda v: "fine-grained token for the prompts repo (read-only): %s" % v,
    lambda v: "Nuwe fynkorrelige token vir die ivr-flows repo: %s" % v,
    lambda v: "Token para el repo de flujos, solo lectura: %s" % v,
    lambda v: code("yaml", "github:\n  token: %s\n  repo: bank-cc/wfm-rosters" % v),
]

T["slack_bot_token"] = [
    lambda v: "WFM alert bot token is %s, put it in the adherence job config" % v,
    lambda v: "SLACK_BOT_TOKEN=%s" % v,
    lambda v: "Die bot-token vir #cc-fraud-alerts: %s" % v,
    lambda v: "Yung token ng bot para sa callback alerts: %s" % v,
    lambda v: code("python", "client = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#cc-wallboard\", text=\"SL breach %s\")" % (v, pick(SITES))),
]

T["slack_user_token"] = [
    lambda v: "my user token for the export script: %s (I'll revoke it after)" % v,
    lambda v: "Token de usuario para el script de exportación: %s" % v,
    lambda v: "Gebruiker-token vir die kanaal-uitvoer: %s" % v,
    lambda v: code("bash", "curl -s -H 'Authorization: Bearer %s' 'https://slack.com/api/conversations.history?channel=C0%s'" % (v, rs(UPPER + DIG, 8))),
]

T["openai_api_key"] = [
    lambda v: "call-summary pilot key: %s — it's capped at $200/month" % v,
    lambda v: "OPENAI_API_KEY=%s" % v,
    lambda v: "Die sleutel vir die transkripsie-opsommings: %s" % v,
    lambda v: "La llave de OpenAI para los resúmenes de llamadas: %s" % v,
    lambda v: code("python", "from openai import OpenAI\nclient = OpenAI(api_key=\"%s\")" % v),
]

T["anthropic_api_key"] = [
    lambda v: "QA scoring prototype uses %s, don't ship it" % v,
    lambda v: "ANTHROPIC_API_KEY=%s" % v,
    lambda v: "Ito yung key para sa QA scoring: %s" % v,
    lambda v: "Llave de Anthropic para el piloto de calidad: %s" % v,
    lambda v: code("ts", "const client = new Anthropic({ apiKey: \"%s\" });" % v),
]

# ---- PEM layouts: f(label, lines) -> (text, value) ----------------------------------------
def pem_l0(label, lines):
    body = "\n".join(lines)
    return (pick(["SBC TLS key from the old box, need it on the new one:", "Die sleutel vir die SBC:",
                  "Ito yung key ng recording SFTP:", "La llave del SFTP de grabaciones:"]) + "\n" +
            code("", "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, body, label)), body)


def pem_l1(label, lines):
    ind = "    "
    body = ("\n" + ind).join(lines)
    txt = code("yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: sbc-tls\nstringData:\n  tls.key: |\n%s-----BEGIN %s-----\n%s%s\n%s-----END %s-----" % (
        ind, label, ind, body, ind, label))
    return txt, body


def pem_l2(label, lines):
    body = "\\n".join(lines)
    txt = code("json", '{"sftp_host":"%s","username":"recsync","private_key":"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n"}' % (priv_ip(), label, body, label))
    return txt, body


def pem_l3(label, lines):
    body = "\n".join(lines)
    return ("$ cat ~/.ssh/%s\n-----BEGIN %s-----\n%s\n-----END %s-----" % (pick(["id_ed25519", "recsync_key", "pbx_deploy"]), label, body, label), body)


PEM_LAYOUTS = [pem_l0, pem_l1, pem_l2, pem_l3]


# ---- pair templates: name -> (kinds, [f(v1, v2) -> text]) ---------------------------------
PAIRS = {
    "aws_keypair": (("aws_access_key_id", "aws_secret_access_key"), [
        lambda a, b: code("ini", "[cc-recordings]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = af-south-1" % (a, b)),
        lambda a, b: code("bash", "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync s3://cc-recordings-ph-pci/2025/ ./legal-hold/" % (a, b)),
        lambda a, b: "Die indekseerder se sleutels: ID %s en geheim %s — ek roteer dit vanmiddag" % (a, b),
        lambda a, b: "Las llaves del usuario de grabaciones: %s / %s, ya sé, las rotamos hoy" % (a, b),
        lambda a, b: "Heto yung keys ng recording user: access key %s, secret %s" % (a, b),
    ]),
    "vendor_contact": (("email_address", "phone_number"), [
        lambda e, p: "Vendor contact for the WFM integration: %s / %s (Mon–Fri)" % (e, p),
        lambda e, p: "Kliënt het sy kontakbesonderhede opgedateer: %s, sel %s" % (e, p),
        lambda e, p: "Bagong contact ng customer: %s, mobile %s" % (e, p),
        lambda e, p: "Datos nuevos del cliente: correo %s, celular %s" % (e, p),
    ]),
    "sbc_admin": (("ipv4_address", "password"), [
        lambda ip, pw: "SBC management is reachable on %s:8443 for the carrier engineer, login admin / %s for today only" % (ip, pw),
        lambda ip, pw: "Die ou Edge op %s het nog die verstek-aanmelding verander na %s" % (ip, pw),
        lambda ip, pw: "Yung remote access ng vendor: %s, password %s" % (ip, pw),
    ]),
    "public_db": (("ipv4_address", "url_credentials"), [
        lambda ip, pw: "WHY is the callbacks DB on a public address?? `postgres://callbacks:%s@%s:5432/callbacks`" % (pw, ip),
    ]),
    "refund_contact": (("iban", "email_address"), [
        lambda i, e: "Refund request: IBAN %s, confirmation to %s" % (i, e),
        lambda i, e: "Reembolso al IBAN %s, avisar al cliente en %s" % (i, e),
    ]),
    "fraud_callback": (("credit_card", "phone_number"), [
        lambda c, p: "Fraud callback notes (should NOT be here): card %s, reached customer on %s, confirmed not their txn" % (c, p),
        lambda c, p: "Devolución de llamada por fraude: tarjeta %s, cliente localizado en %s" % (c, p),
        lambda c, p: "Fraud callback: card %s, tinawagan sa %s, hindi raw siya ang gumamit" % (c, p),
    ]),
    "us_premier": (("us_ssn", "phone_number"), [
        lambda s, p: "US premier client: SSN %s, callback %s — move this to the secure notes" % (s, p),
    ]),
    "slack_pair": (("slack_bot_token", "slack_user_token"), [
        lambda b, u: code("bash", "SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s\npython wallboard_export.py --channel cc-wallboard" % (b, u)),
    ]),
    "llm_pair": (("openai_api_key", "anthropic_api_key"), [
        lambda o, a: code("bash", "# call-summary bake-off\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s" % (o, a)),
    ]),
    "jwt_from_ip": (("jwt", "ipv4_address"), [
        lambda j, ip: code("", "%s WARN screenpop-api rejected token from %s: %s" % (iso_ts(), ip, j)),
    ]),
    "gh_pair": (("github_classic_pat", "github_fine_grained_pat"), [
        lambda c, f: "old classic PAT %s is replaced by the fine-grained %s on the Jenkins agents" % (c, f),
    ]),
}
PAIR_PLAN = ["aws_keypair"] * 5 + ["vendor_contact"] * 3 + ["sbc_admin"] * 2 + ["public_db", "refund_contact",
             "fraud_callback", "fraud_callback", "us_premier", "slack_pair", "llm_pair", "jwt_from_ip", "gh_pair", "pem_ip"]
TOTALS = {k: 10 for k in ["email_address", "phone_number", "password", "url_credentials", "ipv4_address", "iban",
                          "credit_card", "jwt"]}
TOTALS.update({k: 9 for k in ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat",
                              "slack_bot_token", "slack_user_token", "openai_api_key", "anthropic_api_key",
                              "private_key_pem", "us_ssn"]})


def url_password():
    while True:
        p = password()
        if not any(c in p for c in "@:/#?%&"):
            return p


CYCLE = {"phone_number": ["ZA", "PH", "MX", "US"], "iban": ["GB", "IE", "ES"], "credit_card": [0, 1, 2, 3, 4]}
CYCLE_I = {k: 0 for k in CYCLE}


def next_in_cycle(kind):
    i = CYCLE_I[kind]
    CYCLE_I[kind] = i + 1
    return CYCLE[kind][i % len(CYCLE[kind])]


def gen_value(kind):
    if kind == "email_address":
        return email()
    if kind == "phone_number":
        return phone(next_in_cycle(kind))
    if kind == "password":
        return password()
    if kind == "url_credentials":
        return url_password()
    if kind == "ipv4_address":
        return public_ip()
    if kind == "iban":
        v = gen_iban(next_in_cycle(kind))
        return group4(v) if chance(0.5) else v
    if kind == "credit_card":
        return card(next_in_cycle(kind))
    if kind == "us_ssn":
        return ssn()
    if kind == "jwt":
        return jwt_token()
    if kind == "aws_access_key_id":
        return aws_key_id()
    if kind == "aws_secret_access_key":
        return aws_secret()
    if kind == "github_classic_pat":
        return gh_classic()
    if kind == "github_fine_grained_pat":
        return gh_fine()
    if kind == "slack_bot_token":
        return slack_bot()
    if kind == "slack_user_token":
        return slack_user()
    if kind == "openai_api_key":
        return openai_key()
    if kind == "anthropic_api_key":
        return anthropic_key()
    raise KeyError(kind)


def pem_record(ip=None):
    kind = pick(["ec", "ed25519", "rsa", "openssh"])
    label, lines = pem_lines(kind)
    li = R.randrange(len(PEM_LAYOUTS))
    if kind == "openssh" and li == 1:
        li = 3
    text, body = PEM_LAYOUTS[li](label, lines)
    if ip:
        text = "Recording SFTP at %s, key below (will rotate after the migration)\n%s" % (ip, text)
    return text, body, "private_key_pem:%s:layout%d" % (kind, li)


def build_positives():
    recs = []
    used = {k: 0 for k in TOTALS}
    pair_i = {}
    for name in PAIR_PLAN:
        n = pair_i.get(name, 0)
        pair_i[name] = n + 1
        if name == "pem_ip":
            ip = public_ip()
            text, body, _ = pem_record(ip)
            secrets = [{"kind": "private_key_pem", "value": body}, {"kind": "ipv4_address", "value": ip}]
        else:
            kinds, temps = PAIRS[name]
            v1, v2 = gen_value(kinds[0]), gen_value(kinds[1])
            text = temps[n % len(temps)](v1, v2)
            secrets = [{"kind": kinds[0], "value": v1}, {"kind": kinds[1], "value": v2}]
        for s in secrets:
            used[s["kind"]] += 1
        recs.append({"text": dress(text, 0.08, 0.04), "secrets": secrets, "context": "multi:%s:%d" % (name, n)})
    for kind in TOTALS:
        for i in range(TOTALS[kind] - used[kind]):
            if kind == "private_key_pem":
                text, body, ctx = pem_record()
                recs.append({"text": dress(text, 0.08, 0.04), "secrets": [{"kind": kind, "value": body}], "context": ctx})
                continue
            v = gen_value(kind)
            ti = i % len(T[kind]) if i < len(T[kind]) else R.randrange(len(T[kind]))
            recs.append({"text": dress(T[kind][ti](v), 0.08, 0.04), "secrets": [{"kind": kind, "value": v}],
                         "context": "%s:t%d" % (kind, ti)})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out


def check_positive(rec):
    for s in rec["secrets"]:
        k, v = s["kind"], s["value"]
        assert v in rec["text"], (rec["id"], v)
        if k == "credit_card":
            d = re.sub(r"\D", "", v)
            assert luhn_ok(d) and len(d) in (15, 16), v
        elif k == "iban":
            c = v.replace(" ", "")
            assert iban_valid(c) and len(c) == IBAN_LEN[c[:2]], v
            if c.startswith("ES"):
                assert es_national_ok(c[4:]), v
        elif k == "us_ssn":
            assert ssn_ok(v), v
        elif k == "ipv4_address":
            assert is_public_ip(v), v
        elif k == "jwt":
            assert jwt_ok(v), v
        elif k == "private_key_pem":
            base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
        elif k == "github_classic_pat":
            assert gh_classic_ok(v), v
        elif k == "github_fine_grained_pat":
            assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
        elif k == "aws_secret_access_key":
            assert len(v) == 40, v
        elif k == "anthropic_api_key":
            assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108, v
        elif k == "openai_api_key":
            assert "T3BlbkFJ" in v, v


# ==========================================================================
# negatives builder
# ==========================================================================
CATS = [("data_uri_base64", DU_T), ("placeholder_example", PH_T), ("code_identifier", CI_T),
        ("non_credential_blob", NB_T), ("pii_lookalike_number", PL_T), ("talk_about_secrets", TA_T)]


def build_negatives():
    seen = set()
    recs = []
    rejected = {}
    for cat, temps in CATS:
        n = 0
        tries = 0
        while n < 100:
            t = temps[tries % len(temps)]  # round-robin over the templates
            tries += 1
            assert tries < 20000, cat
            text = dress(t())
            if text in seen:
                continue
            hits = scan(text)
            if hits:
                for what, val in hits:
                    rejected.setdefault((cat, what), []).append(val)
                continue
            seen.add(text)
            recs.append({"text": text, "category": cat, "tmpl": t.__name__})
            n += 1
    R.shuffle(recs)
    out = [{"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]} for i, r in enumerate(recs, 1)]
    return out, rejected, recs


def main():
    negs, rejected, raw = build_negatives()
    poss = build_positives()
    for p in poss:
        check_positive(p)
    assert len(negs) == 600 and len({n["text"] for n in negs}) == 600
    assert len(poss) == 150 and sum(len(p["secrets"]) for p in poss) == 170
    assert sum(1 for p in poss if len(p["secrets"]) == 2) == 20
    assert len({p["text"] for p in poss}) == 150
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # ---- report ----
    print("negatives: %d, positives: %d texts / %d secrets" % (len(negs), len(poss), sum(len(p["secrets"]) for p in poss)))
    print("scanner on final negatives:", sum(len(scan(n["text"])) for n in negs), "hits")
    print("negatives redrawn by the scanner (category, what, count, examples):")
    for (cat, what), vals in sorted(rejected.items()):
        print("  %-22s %-12s %4d  %s" % (cat, what, len(vals), vals[:2]))
    missed = []
    for p in poss:
        found = [v for _, v in scan(p["text"])]
        for s in p["secrets"]:
            if s["kind"] in ("password", "url_credentials", "aws_secret_access_key"):
                continue
            v = re.sub(r"\\n|\s", "", s["value"])
            if not any(v in f or f in v or v[:24] in f for f in (re.sub(r"\\n|\s", "", x) for x in found)):
                missed.append((p["id"], s["kind"], s["value"][:40]))
    print("positives (excluding password/url_credentials/aws secret) the scanner misses: %d" % len(missed))
    for m in missed:
        print("  ", m)
    if "-v" in sys.argv:
        from collections import Counter
        print(Counter((r["category"], r["tmpl"]) for r in raw))


if __name__ == "__main__":
    main()
