#!/usr/bin/env python3
"""Probe dev20: phone numbers beside numbers that only look like phone numbers.

Standard library only. Only randomness: random.Random(2020). Writes
dev20_negatives.jsonl and dev20_positives.jsonl next to this file.
"""
import json
import os
import random
import re
import sys

R = random.Random(2020)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------
# Numbering plans (a hand-made subset of national plans; not libphonenumber).
# iso: (country code, national trunk prefix, [(prefixes, NSN length, groups, trunk override)])
# ---------------------------------------------------------------------------
NANP_US = ("201,202,203,205,206,212,213,214,215,216,224,248,251,252,253,254,256,267,281,"
           "301,303,305,310,312,313,323,347,404,408,412,415,425,469,503,512,602,612,617,"
           "646,702,713,718,720,773,801,804,832,857,917,919,929,971")
NANP_CA = "204,250,306,403,416,418,438,514,519,587,604,613,647,705,780,819,902,905"


def P(prefixes, n, groups, trunk=None):
    assert sum(groups) == n, (prefixes, n, groups)
    return (tuple(prefixes.split(",")), n, groups, trunk)


PLAN = {
    "US": ("1", "1", [P(NANP_US, 10, (3, 3, 4))]),
    "CA": ("1", "1", [P(NANP_CA, 10, (3, 3, 4))]),
    "GB": ("44", "0", [P("71,73,74,75,77,78,79", 10, (4, 6)), P("20", 10, (2, 4, 4)),
                       P("121,161,131,141,113,117,118", 10, (3, 3, 4))]),
    "DE": ("49", "0", [P("151,152,157,159", 11, (3, 8)), P("160,162,163,170,171,172,173,174,175", 10, (3, 7)),
                       P("176,177,178,179", 11, (3, 8)), P("30,40,89,69", 10, (2, 8)),
                       P("221,211,711,341,351", 10, (3, 7))]),
    "FR": ("33", "0", [P("6,73,74,75,76,77,78", 9, (1, 2, 2, 2, 2)), P("1,2,3,4,5", 9, (1, 2, 2, 2, 2))]),
    "ES": ("34", "", [P("6,71,72,73,74", 9, (3, 3, 3)), P("91,93,95,96", 9, (2, 3, 2, 2))]),
    "IT": ("39", "", [P("320,324,328,329,330,333,334,335,338,339,340,345,347,348,349,366,370,380,388,389,391,392,393",
                        10, (3, 3, 4)), P("02,06", 10, (2, 4, 4)), P("011,055,051,081", 10, (3, 3, 4))]),
    "NL": ("31", "0", [P("6", 9, (1, 8)), P("20,10,30,70", 9, (2, 3, 4))]),
    "BE": ("32", "0", [P("460,465,466,467,468,47,48,49", 9, (3, 2, 2, 2)), P("2,3,9", 8, (1, 3, 2, 2))]),
    "CH": ("41", "0", [P("75,76,77,78,79", 9, (2, 3, 2, 2)), P("44,22,31,61", 9, (2, 3, 2, 2))]),
    "AT": ("43", "0", [P("650,660,664,676,680,681,688,699", 10, (3, 7)), P("1", 8, (1, 7))]),
    "PL": ("48", "", [P("50,51,53,57,60,66,69,72,73,78,79,88", 9, (3, 3, 3)), P("22,12,61,71,58", 9, (2, 3, 2, 2))]),
    "SE": ("46", "0", [P("70,72,73,76,79", 9, (2, 3, 2, 2)), P("8", 9, (1, 3, 3, 2))]),
    "NO": ("47", "", [P("4,9", 8, (3, 2, 3)), P("2", 8, (2, 2, 2, 2))]),
    "DK": ("45", "", [P("20,21,22,23,24,25,26,27,28,29,30,31,40,41,42,50,51,52,53,60,61,71,81,91,93", 8, (2, 2, 2, 2))]),
    "FI": ("358", "0", [P("40,41,44,45,46,50", 9, (2, 3, 4)), P("9", 9, (1, 4, 4))]),
    "PT": ("351", "", [P("91,92,93,96", 9, (3, 3, 3)), P("21,22", 9, (3, 3, 3))]),
    "IE": ("353", "0", [P("83,85,86,87,89", 9, (2, 3, 4)), P("1", 8, (1, 3, 4))]),
    "CZ": ("420", "", [P("60,70,72,73,77,79", 9, (3, 3, 3)), P("2", 9, (3, 3, 3))]),
    "HU": ("36", "06", [P("20,30,31,50,70", 9, (2, 3, 4)), P("1", 8, (1, 3, 4))]),
    "RO": ("40", "0", [P("72,73,74,75,76,78", 9, (3, 3, 3)), P("21", 9, (2, 3, 4))]),
    "GR": ("30", "", [P("69", 10, (3, 3, 4)), P("21", 10, (3, 3, 4))]),
    "TR": ("90", "0", [P("50,53,54,55", 10, (3, 3, 2, 2)), P("212,216,312", 10, (3, 3, 2, 2))]),
    "RU": ("7", "8", [P("91,92,93,95,96,98,99,90", 10, (3, 3, 2, 2)), P("495,499,812", 10, (3, 3, 2, 2))]),
    "UA": ("380", "0", [P("50,63,66,67,68,73,93,95,96,97,98,99", 9, (2, 3, 2, 2)), P("44", 9, (2, 3, 2, 2))]),
    "JP": ("81", "0", [P("70,80,90", 10, (2, 4, 4)), P("3,6", 9, (1, 4, 4))]),
    "KR": ("82", "0", [P("10", 10, (2, 4, 4)), P("2", 9, (1, 4, 4))]),
    "CN": ("86", "0", [P("13,15,17,18,19", 11, (3, 4, 4), ""), P("10,21", 10, (2, 4, 4))]),
    "IN": ("91", "0", [P("6,7,8,9", 10, (5, 5)), P("11", 10, (2, 4, 4))]),
    "AU": ("61", "0", [P("4", 9, (3, 3, 3)), P("2,3,7,8", 9, (1, 4, 4))]),
    "NZ": ("64", "0", [P("21,22,27", 9, (2, 3, 4)), P("9,4,3", 8, (1, 3, 4))]),
    "BR": ("55", "0", [P("119,219,319,419,519,619,719,819", 11, (2, 5, 4), ""),
                       P("112,113,213,313", 10, (2, 4, 4), "")]),
    "MX": ("52", "", [P("55,33,81", 10, (2, 4, 4))]),
    "AR": ("54", "0", [P("911,9351,9341", 11, (1, 2, 4, 4), ""), P("113,114,115,116", 10, (2, 4, 4))]),
    "CL": ("56", "", [P("9", 9, (1, 4, 4)), P("2", 9, (1, 4, 4))]),
    "CO": ("57", "", [P("300,301,310,311,312,313,315,316,317,318,320,321", 10, (3, 3, 4)), P("601,604", 10, (3, 3, 4))]),
    "PE": ("51", "0", [P("9", 9, (3, 3, 3), ""), P("1", 8, (1, 3, 4))]),
    "ZA": ("27", "0", [P("60,61,71,72,73,74,76,78,79,82,83,84", 9, (2, 3, 4)), P("11,21,31", 9, (2, 3, 4))]),
    "NG": ("234", "0", [P("703,706,803,806,810,813,816,903,906", 10, (3, 3, 4))]),
    "KE": ("254", "0", [P("70,71,72,74,79,11", 9, (3, 3, 3))]),
    "EG": ("20", "0", [P("10,11,12,15", 10, (2, 4, 4)), P("2", 9, (1, 4, 4))]),
    "MA": ("212", "0", [P("6,7", 9, (1, 2, 2, 2, 2)), P("52", 9, (3, 2, 2, 2))]),
    "IL": ("972", "0", [P("50,52,53,54,58", 9, (2, 3, 4)), P("3", 8, (1, 3, 4))]),
    "AE": ("971", "0", [P("50,52,54,55,56,58", 9, (2, 3, 4)), P("4", 8, (1, 3, 4))]),
    "SA": ("966", "0", [P("50,53,54,55,56,59", 9, (2, 3, 4)), P("11", 9, (2, 3, 4))]),
    "SG": ("65", "", [P("8,9", 8, (4, 4)), P("6", 8, (4, 4))]),
    "HK": ("852", "", [P("5,6,9", 8, (4, 4)), P("2,3", 8, (4, 4))]),
    "TW": ("886", "0", [P("9", 9, (3, 3, 3)), P("2", 9, (1, 4, 4))]),
    "TH": ("66", "0", [P("6,8,9", 9, (2, 3, 4)), P("2", 8, (1, 3, 4))]),
    "VN": ("84", "0", [P("3,7,8,9", 9, (3, 3, 3))]),
    "ID": ("62", "0", [P("81,82,85,87,89", 11, (3, 4, 4)), P("21", 10, (2, 4, 4))]),
    "PH": ("63", "0", [P("91,92,93,94,95,96,97,98", 10, (3, 3, 4)), P("2", 9, (1, 4, 4))]),
    "MY": ("60", "0", [P("12,13,16,17,19", 9, (2, 3, 4)), P("3", 9, (1, 4, 4))]),
    "PK": ("92", "0", [P("30,31,32,33,34", 10, (3, 7)), P("21,42,51", 10, (2, 8))]),
}
NANP = ("US", "CA")


def nanp_ok(nsn):
    return nsn[3] in "23456789" and nsn[4:6] != "11" and nsn[3:6] != "555"


def nsn_valid(iso, nsn):
    cc, trunk, pats = PLAN[iso]
    for prefs, n, _g, _t in pats:
        if len(nsn) == n and nsn.startswith(prefs):
            if iso in NANP and not nanp_ok(nsn):
                continue
            return True
    return False


SEP_CHARS = " \u00a0\u202f-./()"
_SEP_RE = re.compile(r"[\s\u00a0\u202f().\-/]")


def valid_countries(s):
    """Countries for which the string, as written, parses to a valid number (liberal,
    like a parser given that country as default region). [] if none."""
    s = s.strip()
    plus = s.startswith("+")
    body = s[1:] if plus else s
    body = body.replace("(0)", "") if (plus or body.startswith("00")) else body
    d = _SEP_RE.sub("", body)
    if not d.isdigit():
        return []
    out = []
    intl = d[2:] if (not plus and d.startswith("00")) else d
    for iso, (cc, trunk, pats) in PLAN.items():
        if intl.startswith(cc) and nsn_valid(iso, intl[len(cc):]):
            out.append(iso)
    if plus or d.startswith("00"):
        return out
    for iso, (cc, trunk, pats) in PLAN.items():
        if iso in out:
            continue
        for prefs, n, _g, tov in pats:
            t = trunk if tov is None else tov
            cands = [d]
            if t and d.startswith(t):
                cands.append(d[len(t):])
            if iso in NANP and d.startswith("1"):
                cands.append(d[1:])
            if any(nsn_valid(iso, c) for c in cands):
                out.append(iso)
                break
    return out


def make_nsn(rng, iso, pat=None):
    cc, trunk, pats = PLAN[iso]
    pat = pat or rng.choice(pats)
    prefs, n, groups, tov = pat
    while True:
        p = rng.choice(prefs)
        nsn = p + "".join(rng.choice("0123456789") for _ in range(n - len(p)))
        if iso in NANP and not nanp_ok(nsn):
            continue
        if re.search(r"(\d)\1{4}", nsn) or "0000" in nsn[-6:]:
            continue
        return nsn, pat


def group(nsn, groups):
    out, i = [], 0
    for g in groups:
        out.append(nsn[i:i + g])
        i += g
    return out


def render(rng, iso, nsn, pat, style, sep=" "):
    cc, trunk, _ = PLAN[iso]
    t = trunk if pat[3] is None else pat[3]
    g = group(nsn, pat[2])
    if style == "intl":
        return "+" + cc + sep + sep.join(g)
    if style == "intl_compact":
        return "+" + cc + nsn
    if style == "intl00":
        return "00" + cc + sep + sep.join(g)
    if style == "intl_paren0":
        return "+" + cc + " (0)" + " ".join(g)
    if style == "national":
        if iso in NANP:
            return sep.join(g)
        return (t + g[0]) + (sep + sep.join(g[1:]) if len(g) > 1 else "")
    if style == "national_paren":
        if iso in NANP:
            return "(" + g[0] + ") " + g[1] + "-" + g[2]
        return "(" + t + g[0] + ") " + sep.join(g[1:])
    if style == "national_compact":
        return t + nsn
    if style == "cc_noplus":
        return cc + nsn
    raise ValueError(style)


def phone(rng, iso=None, style=None, sep=None, pat=None):
    iso = iso or rng.choice(sorted(PLAN))
    nsn, pat = make_nsn(rng, iso, pat)
    style = style or rng.choice(["intl", "intl", "national", "national", "intl_compact", "intl00"])
    sep = sep if sep is not None else rng.choice([" ", " ", " ", "-", "."])
    s = render(rng, iso, nsn, pat, style, sep)
    assert iso in valid_countries(s), (iso, s)
    return s


# ---------------------------------------------------------------------------
# Scanners
# ---------------------------------------------------------------------------
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [re.compile(p) for p in (
    r"gh[pousr]_[A-Za-z0-9]{30,}", r"github_pat_[A-Za-z0-9_]{20,}", r"xox[abpers]-\d+-",
    r"sk-[A-Za-z0-9_\-]{32,}", r"eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+", r"\b(?:AKIA|ASIA)[A-Z2-7]{16}\b",
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----", r"\bsk_live_\w+", r"\bAIza[\w-]{30,}")]
SSN_RE = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d]|\.\d)")
DIGRUN_RE = re.compile(r"\d(?:[ \-.\u00a0\u202f]?\d)+")
PHONE_CAND_RE = re.compile(r"(?:\+|\b00)?\(?\d[\d\s\u00a0\u202f().\-/]*\d")


def luhn_ok(d):
    tot = 0
    for i, ch in enumerate(reversed(d)):
        x = int(ch)
        if i % 2:
            x *= 2
            if x > 9:
                x -= 9
        tot += x
    return tot % 10 == 0


def luhn_hits(text):
    hits = []
    for m in DIGRUN_RE.finditer(text):
        d = re.sub(r"\D", "", m.group())
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(m.group())
        for part in re.findall(r"\d+", m.group()):
            if 13 <= len(part) <= 19 and luhn_ok(part) and part != d:
                hits.append(part)
    return hits


def iban_ok(s):
    s = s.replace(" ", "")
    if not (15 <= len(s) <= 34):
        return False
    r = s[4:] + s[:4]
    try:
        n = int("".join(str(int(c, 36)) for c in r))
    except ValueError:
        return False
    return n % 97 == 1


def public_ip(parts):
    a, b, c, d = (int(x) for x in parts)
    if max(a, b, c, d) > 255:
        return False
    if a in (0, 10, 127) or a >= 224:
        return False
    if (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168) or (a == 169 and b == 254):
        return False
    if a == 100 and 64 <= b <= 127:
        return False
    if (a, b, c) in ((192, 0, 2), (198, 51, 100), (203, 0, 113), (192, 0, 0)) or (a == 198 and b in (18, 19)):
        return False
    return True


# words that make a human read a number as someone's phone (negatives must not carry them)
PHONE_CUES = [r"call me", r"call us", r"call him", r"call her", r"give (?:me|us) a call", r"phone", r"\btel\b",
              r"\btel\.", r"mobile\b", r"\bcell\b", r"whats ?app", r"\bsignal\b", r"telegram", r"\bsms\b",
              r"text me", r"reach me", r"\bring\b", r"\bfax\b", r"hotline", r"rufnummer", r"telefon", r"handy",
              r"anruf", r"ruf mich", r"durchwahl", r"appelle[sz]?[- ]moi", r"m'appeler", r"\bappel(?:er|ez)\b", r"t[ée]l[ée]phone", r"portable",
              r"joignable", r"ll[áa]m(?:ame|enos|anos)\b", r"\bllamar\b",
              r"tel[ée]fono", r"m[óo]vil", r"celular", r"telefone", r"\bligar\b", r"chiamami", r"chiamarmi", r"chiamare", r"cellulare", r"bellen",
              r"telefoon", r"mobiel", r"zadzwo", r"dzwoni", r"komórk", r"ringa", r"mobilnummer", r"電話", r"携帯",
              r"전화", r"휴대", r"手机", r"电话", r"致电", r"звон", r"телефон", r"мобильн", r"arayın", r"ara beni",
              r"cep\b", r"volej", r"vcard", r"msisdn", r"contact me", r"contact us", r"kontaktiere mich",
              r"erreichbar", r"on-call", r"rufbereitschaft", r"astreinte", r"guardia"]
PHONE_CUE_RE = re.compile("|".join(PHONE_CUES), re.I)


def scan(text, names=()):
    """Return list of (kind, hit) of things a negative must not contain."""
    out = []
    out += [("email", m.group()) for m in EMAIL_RE.finditer(text)]
    for rx in TOKEN_RES:
        out += [("token", m.group()) for m in rx.finditer(text)]
    out += [("ssn", m.group()) for m in SSN_RE.finditer(text)]
    out += [("iban", m.group()) for m in IBAN_RE.finditer(text) if iban_ok(m.group())]
    out += [("public_ipv4", m.group()) for m in IPV4_RE.finditer(text) if public_ip(m.groups())]
    out += [("luhn", h) for h in luhn_hits(text)]
    out += [("phone_cue", m.group()) for m in PHONE_CUE_RE.finditer(text)]
    for n in names:
        if re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", text):
            out.append(("person_name", n))
    return out


def phone_candidates(text):
    """Phone-shaped substrings that are valid as written for some country (also
    each whitespace-separated piece of a longer run)."""
    found = []
    for m in PHONE_CAND_RE.finditer(text):
        s = m.group().strip(" ()./-")
        if s.startswith("(") and ")" not in s:
            s = s[1:]
        pieces = {s}
        pieces.update(p.strip("()./-") for p in re.split(r"\s+", s))
        for p in pieces:
            if len(re.sub(r"\D", "", p)) >= 7 and valid_countries(p):
                found.append((m.start(), p))
    return found


# ---------------------------------------------------------------------------
# Number cores for negatives: valid phone numbers as written, used as something else
# ---------------------------------------------------------------------------
LANGS = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "ja", "tr", "ru", "zh", "ko", "cs"]
ISOS = sorted(PLAN)


def _check(s):
    assert valid_countries(s), s
    return s


def core_compact(rng):
    iso = rng.choice(ISOS)
    style = rng.choice(["national_compact", "national_compact", "national_compact", "cc_noplus"])
    nsn, pat = make_nsn(rng, iso)
    return _check(render(rng, iso, nsn, pat, style))


def core_grouped(rng, seps=("-", " ", ".", "/", "-")):
    iso = rng.choice(ISOS)
    nsn, pat = make_nsn(rng, iso)
    return _check(render(rng, iso, nsn, pat, "national", rng.choice(seps)))


def core_id(rng):
    return core_compact(rng) if rng.random() < 0.6 else core_grouped(rng)


def nolead_digits(rng):
    """A digit string without leading zero that is a valid number as written."""
    while True:
        iso = rng.choice(ISOS)
        nsn, pat = make_nsn(rng, iso)
        t = PLAN[iso][1] if pat[3] is None else pat[3]
        d = nsn if (t == "" or iso in NANP or rng.random() < 0.3) else PLAN[iso][0] + nsn
        if d[0] != "0" and valid_countries(d):
            return d


def thousands(d, sep):
    out = []
    while d:
        out.insert(0, d[-3:])
        d = d[:-3]
    return sep.join(out)


LOCALE_SEP = {"de": ".", "es": ".", "it": ".", "nl": ".", "pt": ".", "tr": ".", "fr": "\u202f", "pl": " ",
              "sv": " ", "ru": "\u00a0", "cs": " ", "en": " ", "ja": " ", "zh": " ", "ko": " "}


def core_amount(rng, lang):
    return _check(thousands(nolead_digits(rng), LOCALE_SEP[lang]))


def core_plus(rng):
    """A signed delta '+4 915 123 456 789' that is a valid international number."""
    while True:
        iso = rng.choice(ISOS)
        nsn, pat = make_nsn(rng, iso)
        s = "+" + thousands(PLAN[iso][0] + nsn, rng.choice([" ", "\u202f", "."]))
        if valid_countries(s):
            return s


def ts_compact(rng):
    """Dates/times run together that happen to be valid numbers as written."""
    while True:
        y = rng.randint(2019, 2027)
        mo, da, h, mi, se = rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
        fmt = rng.choice(["YmdH", "ymdHM", "dmyHM", "ymdHMS", "HMSdmy", "dmYH", "YmdHM"])
        parts = {"Y": "%04d" % y, "y": "%02d" % (y % 100), "m": "%02d" % mo, "d": "%02d" % da,
                 "H": "%02d" % h, "M": "%02d" % mi, "S": "%02d" % se}
        s = "".join(parts[c] for c in fmt)
        if valid_countries(s):
            return s, fmt


def lead(rng, lang, text):
    LEAD = {"en": "fyi", "de": "Zur Info:", "fr": "Pour info :", "es": "Ojo:", "it": "Per info:", "nl": "Ter info:",
            "pt": "Para constar:", "pl": "Dla info:", "sv": "FYI:", "ja": "メモ:", "tr": "Bilgi:", "ru": "К сведению:",
            "zh": "备注：", "ko": "참고:", "cs": "Pro info:"}
    if rng.random() < 0.12:
        USED.append(lang)
        return LEAD[lang] + ("\n" if "\n" in text else " ") + text
    return text


USED = []


def pick(rng, d, lang):
    USED.append(lang if lang in d else "en")
    v = d.get(lang) or d["en"]
    return rng.choice(v) if isinstance(v, list) else v


ISO_TS = lambda rng: "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                                           rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999))
HMS = lambda rng: "%02d:%02d:%02d" % (rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))

# ---------------------------------------------------------------------------
# Negative categories
# ---------------------------------------------------------------------------
ORDER_PROSE = {
    "en": ["parcel {n} has been sitting at the Leipzig hub since Tuesday, carrier says customs hold",
           "order {n} shipped in two boxes, the second one is still unscanned",
           "the tracking page for {n} just loops back to the contact form, no status at all",
           "can someone check shipment {n}? the label was printed twice and line 2 of the manifest is empty"],
    "de": ["Sendung {n} hängt seit Dienstag im Hub Leipzig, laut Carrier Zollprüfung",
           "Auftrag {n} ging in zwei Kartons raus, der zweite ist noch nicht gescannt",
           "bei {n} steht im Portal nur \"Sendungsdaten übermittelt\", seit fünf Tagen"],
    "fr": ["le colis {n} est bloqué au hub de Roissy depuis mardi (contrôle douane)",
           "la commande {n} est partie en deux cartons, le second n'est toujours pas flashé"],
    "es": ["el pedido {n} salió en dos cajas, la segunda sigue sin escanear",
           "el envío {n} lleva desde el martes en la plataforma de Coslada"],
    "it": ["la spedizione {n} è ferma a Bologna da martedì, giacenza in dogana",
           "l'ordine {n} è partito in due colli, il secondo non risulta ancora"],
    "nl": ["zending {n} staat sinds dinsdag stil in het depot in Tilburg",
           "bestelling {n} is in twee dozen verstuurd, de tweede is nog niet gescand"],
    "pt": ["o pedido {n} saiu em duas caixas, a segunda ainda sem leitura",
           "a encomenda {n} está parada no centro de Cajamar desde terça"],
    "pl": ["przesyłka {n} utknęła w sortowni w Strykowie od wtorku",
           "zamówienie {n} wyszło w dwóch kartonach, drugi nie jest jeszcze zeskanowany"],
    "sv": ["försändelse {n} har stått still på terminalen i Jönköping sedan tisdag"],
    "ja": ["注文 {n} の荷物、火曜日から厚木の倉庫で止まってます", "出荷 {n} は2箱に分かれていて、2箱目がまだスキャンされていません"],
    "tr": ["{n} numaralı kargo salıdan beri aktarma merkezinde bekliyor"],
    "ru": ["посылка {n} со вторника стоит на сортировке в Подольске"],
    "zh": ["订单 {n} 分两箱发出，第二箱还没有扫描记录"],
    "ko": ["주문 {n} 배송이 화요일부터 옥천 허브에 멈춰 있어요"],
    "cs": ["zásilka {n} stojí od úterý na depu v Jihlavě"],
}
CARRIERS = ["DHL", "DPD", "GLS", "UPS", "PostNL", "Colissimo", "InPost", "SEUR", "BRT", "Yamato", "SF Express", "PostNord"]
STATUS = ["IN_TRANSIT", "DELIVERED", "EXCEPTION", "OUT_FOR_DELIVERY", "CUSTOMS_HOLD", "LABEL_CREATED"]
DEPOTS = ["LEJ", "CDG", "MAD", "BLQ", "TIL", "WAW", "JKG", "HND", "IST", "SVO", "PVG", "ICN", "PRG"]


def neg_order(rng):
    lang = rng.choice(LANGS)
    t = rng.random()
    cores = []
    if t < 0.36:
        n = core_id(rng); cores.append(n)
        text = pick(rng, ORDER_PROSE, lang).format(n=n)
    elif t < 0.55:
        k = rng.choice([1, 2, 2, 3, 4, 5, 12])
        lines = []
        for _ in range(k):
            n = core_compact(rng); cores.append(n)
            lines.append("%s INFO  shipment-sync parcel=%s carrier=%s status=%s depot=%s attempt=%d"
                         % (ISO_TS(rng), n, rng.choice(CARRIERS), rng.choice(STATUS), rng.choice(DEPOTS), rng.randint(1, 4)))
        text = pick(rng, {"en": "sync is stuck on these:", "de": "der Sync hängt an diesen hier:", "fr": "la synchro bloque sur ceux-ci :",
                          "es": "la sincronización se atasca con estos:", "ja": "この辺で同期が止まってます:", "pl": "synchronizacja stoi na tych:"}, lang) \
            + "\n```\n" + "\n".join(lines) + "\n```"
    elif t < 0.72:
        hdr = pick(rng, {"en": "| parcel | depot | status | kg |", "de": "| Sendung | Depot | Status | kg |",
                         "fr": "| colis | dépôt | statut | kg |", "es": "| envío | almacén | estado | kg |",
                         "it": "| spedizione | deposito | stato | kg |", "nl": "| zending | depot | status | kg |",
                         "pt": "| encomenda | centro | estado | kg |", "ja": "| 荷物 | 拠点 | 状態 | kg |"}, lang)
        rows = []
        for _ in range(rng.choice([2, 3, 3, 4, 5, 9])):
            n = core_id(rng); cores.append(n)
            rows.append("| %s | %s | %s | %d,%d |" % (n, rng.choice(DEPOTS), rng.choice(STATUS).lower(), rng.randint(0, 30), rng.randint(0, 9)))
        text = hdr + "\n|---|---|---|---:|\n" + "\n".join(rows)
    elif t < 0.86:
        n1, n2 = core_compact(rng), core_compact(rng); cores += [n1, n2]
        text = ("```json\n{\n  \"event\": \"shipment.%s\",\n  \"shipment_id\": \"%s\",\n  \"parent_order\": \"%s\",\n"
                "  \"carrier\": \"%s\",\n  \"depot\": \"%s\",\n  \"pieces\": %d,\n  \"received_at\": \"%s\"\n}\n```"
                % (rng.choice(["delivered", "exception", "in_transit"]), n1, n2, rng.choice(CARRIERS), rng.choice(DEPOTS),
                   rng.randint(1, 5), ISO_TS(rng)))
        if rng.random() < 0.6:
            text = "`" + json.dumps(json.loads(text[8:-4]), ensure_ascii=False) + "`"
        text = pick(rng, {"en": "webhook body we got twice:", "de": "Webhook-Body, der doppelt kam:", "fr": "le webhook reçu en double :",
                          "nl": "webhook die dubbel binnenkwam:", "ko": "두 번 들어온 웹훅:", "zh": "重复收到的 webhook："}, lang) + "\n" + text
    else:
        ns = [core_compact(rng) for _ in range(rng.randint(2, 4))]; cores += ns
        text = ("```python\nfor ref in (%s):\n    resp = carrier.track(ref)  # one call per parcel, no batch endpoint\n"
                "    print(ref, resp.status)\n```" % ", ".join('"%s"' % x for x in ns))
        text = pick(rng, {"en": "why does this call time out for the last one only?", "de": "warum läuft nur der letzte call in den Timeout?",
                          "es": "¿por qué solo la última llamada a track() da timeout?", "pt": "por que só a última chamada dá timeout?",
                          "ru": "почему таймаут только на последнем вызове?"}, lang) + "\n" + text
    return lead(rng, lang, text), cores


INVOICE_PROSE = {
    "en": ["invoice {n} was booked twice in March, credit note is pending",
           "policy {n} renews on 1 July unless procurement cancels it",
           "claim {n}: the assessor comes Thursday, nothing for us to do until then",
           "contract {n} is the one with the weird line 14 (indexation clause)"],
    "de": ["Rechnung {n} wurde im März doppelt gebucht, Gutschrift folgt",
           "Police {n} läuft zum Jahresende aus, Verlängerung liegt beim Makler",
           "Vertragskonto {n} der Niederlassung Nord hat noch offene Posten aus Q1"],
    "fr": ["la facture {n} a été comptabilisée deux fois en mars, avoir en cours",
           "sinistre {n} : expertise prévue jeudi, rien à faire d'ici là"],
    "es": ["la póliza {n} vence a final de año, la renovación la lleva el corredor",
           "la factura {n} sigue pendiente, ya se envió el recordatorio"],
    "it": ["il contratto {n} si rinnova tacitamente il 1° luglio",
           "la fattura {n} risulta registrata due volte a marzo"],
    "nl": ["factuur {n} staat nog open, herinnering is verstuurd",
           "polis {n} loopt af aan het einde van het jaar"],
    "pt": ["a apólice {n} vence no fim do ano", "a fatura {n} foi lançada duas vezes em março"],
    "pl": ["faktura {n} została zaksięgowana dwa razy w marcu", "polisa {n} wygasa z końcem roku"],
    "sv": ["faktura {n} är bokförd två gånger i mars, kreditering kommer"],
    "ja": ["請求書 {n} が3月に二重計上されています", "契約 {n} は7月1日に自動更新です"],
    "tr": ["{n} numaralı fatura mart ayında iki kez işlenmiş", "{n} numaralı poliçe yıl sonunda bitiyor"],
    "ru": ["счёт {n} проведён дважды в марте, ждём корректировку", "договор {n} продлевается автоматически с 1 июля"],
    "zh": ["发票 {n} 在三月被重复入账了", "合同 {n} 七月一日自动续约"],
    "ko": ["청구서 {n} 이(가) 3월에 두 번 처리됐어요", "보험증권 {n} 은(는) 연말에 만료됩니다"],
    "cs": ["faktura {n} byla v březnu zaúčtována dvakrát", "smlouva {n} se automaticky prodlužuje od července"],
}


def neg_invoice(rng):
    lang = rng.choice(LANGS)
    t = rng.random()
    cores = []
    if t < 0.38:
        n = core_id(rng); cores.append(n)
        text = pick(rng, INVOICE_PROSE, lang).format(n=n)
    elif t < 0.55:
        ns = [core_compact(rng) for _ in range(rng.choice([1, 1, 2, 3, 5]))]; cores += ns
        rows = "\n".join(" %-14s | %10s | %s" % (x, "%d.%02d" % (rng.randint(80, 99999), rng.randint(0, 99)), rng.choice(["open", "paid", "dunning_1", "disputed"])) for x in ns)
        text = ("```\nbilling=> SELECT invoice_no, total, state FROM invoices WHERE state <> 'paid' AND issued < now() - interval '30 days';\n"
                "   invoice_no   |   total    | state\n----------------+------------+-------\n%s\n(%d rows)\n```" % (rows, len(ns)))
    elif t < 0.72:
        hdr = pick(rng, {"en": "| invoice | net | VAT | due |", "de": "| Rechnung | netto | USt | fällig |",
                         "fr": "| facture | HT | TVA | échéance |", "es": "| factura | base | IVA | vence |",
                         "it": "| fattura | imponibile | IVA | scadenza |", "pl": "| faktura | netto | VAT | termin |",
                         "nl": "| factuur | netto | btw | vervalt |"}, lang)
        rows = []
        for _ in range(rng.choice([2, 3, 4, 5, 6, 11])):
            n = core_id(rng); cores.append(n)
            net = rng.randint(100, 90000)
            rows.append("| %s | %s,%02d | %d %% | %02d.%02d. |" % (n, f"{net:,}".replace(",", "."), rng.randint(0, 99),
                                                                rng.choice([7, 19, 20, 21, 23]), rng.randint(1, 28), rng.randint(1, 12)))
        text = hdr + "\n|---|---:|---:|---|\n" + "\n".join(rows)
    elif t < 0.86:
        n1, n2 = core_id(rng), core_compact(rng); cores += [n1, n2]
        text = ("```yaml\nclaim:\n  id: \"%s\"\n  policy: \"%s\"\n  line_of_business: %s\n  reported: 2025-%02d-%02d\n"
                "  reserve_eur: %d\n  status: %s\n```" % (n1, n2, rng.choice(["fleet", "property", "liability", "transport"]),
                                                         rng.randint(1, 12), rng.randint(1, 28), rng.randint(500, 90000),
                                                         rng.choice(["open", "assessment", "closed"])))
    else:
        n = core_id(rng); cores.append(n)
        text = pick(rng, {
            "en": "> Subject: Payment reminder, invoice {n}\n> Our records show the amount above is still outstanding.\n> Please disregard this reminder if payment has already been made.\n> Accounts Receivable\n\nthis is the one finance already paid on the 3rd",
            "de": "> Betreff: Zahlungserinnerung zu Rechnung {n}\n> Nach unserer Buchhaltung ist der Betrag noch offen.\n> Sollten Sie bereits gezahlt haben, betrachten Sie dieses Schreiben als gegenstandslos.\n> Ihre Debitorenbuchhaltung\n\ndie ist doch schon am 3. raus?",
            "fr": "> Objet : Relance facture {n}\n> Sauf erreur de notre part, le montant reste dû.\n> Le service comptabilité\n\nelle a été réglée le 3, non ?",
            "es": "> Asunto: Recordatorio de pago, factura {n}\n> Según nuestros registros el importe sigue pendiente.\n> Departamento de cobros\n\n¿no se pagó ya el día 3?",
            "it": "> Oggetto: Sollecito fattura {n}\n> Dai nostri archivi l'importo risulta ancora aperto.\n> Ufficio amministrazione\n\nnon era stata pagata il 3?",
            "nl": "> Onderwerp: Betalingsherinnering factuur {n}\n> Volgens onze administratie staat het bedrag nog open.\n> Debiteurenadministratie\n\ndie is toch op de 3e betaald?",
        }, lang).format(n=n)
    return lead(rng, lang, text), cores


DEVICE_PROSE = {
    "en": ["meter {n} reported 0 kWh for three days, probably the gateway again",
           "serial {n} is the unit that came back from RMA with the same fault",
           "device {n} keeps dropping off the line after the firmware update"],
    "de": ["Zähler {n} meldet seit drei Tagen 0 kWh, vermutlich wieder das Gateway",
           "Seriennummer {n} ist das Gerät, das mit demselben Fehler aus der Reparatur kam"],
    "fr": ["le compteur {n} remonte 0 kWh depuis trois jours", "le boîtier {n} décroche après la mise à jour du firmware"],
    "es": ["el contador {n} lleva tres días marcando 0 kWh", "el número de serie {n} es el equipo que volvió de garantía igual"],
    "it": ["il contatore {n} segna 0 kWh da tre giorni", "il dispositivo {n} si disconnette dopo l'aggiornamento"],
    "nl": ["meter {n} geeft al drie dagen 0 kWh door", "serienummer {n} is het toestel dat met dezelfde fout terugkwam"],
    "pt": ["o medidor {n} está reportando 0 kWh há três dias"],
    "pl": ["licznik {n} od trzech dni raportuje 0 kWh", "urządzenie o numerze seryjnym {n} wróciło z serwisu z tym samym błędem"],
    "sv": ["mätare {n} har rapporterat 0 kWh i tre dagar"],
    "ja": ["メーター {n} が3日間 0 kWh を報告しています", "シリアル {n} の端末、ファーム更新後に接続が切れます"],
    "tr": ["{n} seri numaralı cihaz güncellemeden sonra bağlantıyı kaybediyor"],
    "ru": ["счётчик {n} третий день передаёт 0 кВт·ч", "устройство с серийным номером {n} вернулось из ремонта с той же ошибкой"],
    "zh": ["电表 {n} 连续三天上报 0 kWh", "序列号 {n} 的设备返修回来还是同样的故障"],
    "ko": ["계량기 {n} 이(가) 사흘째 0 kWh 를 보고하고 있어요"],
    "cs": ["elektroměr {n} už tři dny hlásí 0 kWh"],
}


def imei_like(rng):
    while True:
        iso = rng.choice(ISOS)
        nsn, pat = make_nsn(rng, iso)
        d = PLAN[iso][0] + nsn
        if len(d) in (13, 14) and not luhn_ok(d):
            s = d[:2] + "-" + d[2:8] + "-" + d[8:]
            if valid_countries(s):
                return s


def neg_device(rng):
    lang = rng.choice(LANGS)
    t = rng.random()
    cores = []
    if t < 0.34:
        n = core_id(rng); cores.append(n)
        text = pick(rng, DEVICE_PROSE, lang).format(n=n)
    elif t < 0.48:
        ns = [core_compact(rng) for _ in range(rng.choice([1, 2, 2, 3, 5]))]; cores += ns
        rows = "\n".join("%-16s device usb:%d-%d product:%s model:%s transport_id:%d" % (
            x, rng.randint(1, 3), rng.randint(1, 4), rng.choice(["bluejay", "husky", "a54x", "tangorpro"]),
            rng.choice(["Pixel_6a", "Pixel_8_Pro", "SM_A546B", "Pixel_Tablet"]), i + 1) for i, x in enumerate(ns))
        text = "```\n$ adb devices -l\nList of devices attached\n" + rows + "\n```"
    elif t < 0.62:
        hdr = pick(rng, {"en": "asset_tag,model,serial,site,rack,last_seen", "de": "Inventar;Modell;Seriennr;Standort;Rack;zuletzt",
                         "fr": "inventaire;modèle;n_serie;site;baie;vu_le", "pl": "nr_inw;model;nr_seryjny;lokalizacja;szafa;ostatnio",
                         "ja": "資産番号,機種,シリアル,拠点,ラック,最終確認"}, lang)
        sep = ";" if ";" in hdr else ","
        rows = []
        for i in range(rng.choice([2, 3, 4, 5, 19])):
            n = core_compact(rng); cores.append(n)
            rows.append(sep.join(["AT-%05d" % rng.randint(1, 99999), rng.choice(["R740", "DL380 G10", "SRX345", "MX204", "C9300-48P"]),
                                  n, rng.choice(["FRA2", "AMS1", "WAW3", "TYO1", "MAD1"]), "R%02d" % rng.randint(1, 40),
                                  "2025-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28))]))
        text = "```csv\n" + hdr + "\n" + "\n".join(rows) + "\n```"
    elif t < 0.74:
        n = core_id(rng); cores.append(n)
        text = ("```\n$ sudo dmidecode -t system\nSystem Information\n\tManufacturer: Dell Inc.\n\tProduct Name: PowerEdge R%d\n"
                "\tSerial Number: %s\n```" % (rng.choice([640, 650, 740, 750]), n))
    elif t < 0.86:
        ns = [imei_like(rng) for _ in range(rng.randint(2, 5))]; cores += ns
        text = pick(rng, {"en": "modem ids from the field batch (TAC + serial, check digit cut off by the export):",
                          "de": "Modem-IDs aus der Feldcharge (TAC + Seriennr., Prüfziffer fehlt im Export):",
                          "fr": "identifiants modem du lot terrain (TAC + série, sans chiffre de contrôle) :",
                          "es": "ids de módem del lote de campo (TAC + serie, sin dígito de control):",
                          "ru": "идентификаторы модемов из полевой партии (TAC + серийный, без контрольной цифры):",
                          "zh": "现场批次的模块编号（TAC + 序列号，导出时少了校验位）："}, lang) + "\n" + "\n".join("- " + x for x in ns)
    else:
        n1, n2 = core_compact(rng), core_id(rng); cores += [n1, n2]
        text = ("```\n%s kernel: usb 1-1.%d: New USB device found, idVendor=0403, idProduct=6001\n"
                "%s kernel: usb 1-1.%d: SerialNumber: %s\n%s meterd[%d]: meter=%s reading_wh=%d quality=%s\n```"
                % (HMS(rng), rng.randint(1, 4), HMS(rng), rng.randint(1, 4), n1, HMS(rng), rng.randint(200, 9000), n2,
                   rng.randint(1000, 99999), rng.choice(["good", "estimated", "stale"])))
    return lead(rng, lang, text), cores


AMOUNT_PROSE = {
    "en": ["table size after the backfill: {n} rows, up from roughly half that", "total egress last month was {n} bytes, which matches the bill",
           "the counter overflowed at {n}, line 88 in stats.c casts it to int"],
    "de": ["Umsatz Q2: {n} €, davon 40 % Export", "Gesamtvolumen im Speicher: {n} Bytes, Quote passt noch",
           "Durchfluss seit Inbetriebnahme: {n} l"],
    "fr": ["chiffre d'affaires T2 : {n} €, dont 40 % à l'export", "volume total stocké : {n} octets"],
    "es": ["facturación del trimestre: {n} €, un 12 % más", "peticiones procesadas en mayo: {n}"],
    "it": ["fatturato Q2: {n} €, in linea col budget", "righe elaborate dal batch notturno: {n}"],
    "nl": ["omzet Q2: € {n}, iets boven budget", "totaal verwerkte records: {n}"],
    "pt": ["receita do trimestre: R$ {n}", "total de linhas migradas: {n}"],
    "pl": ["przychód w II kw.: {n} zł", "łączny wolumen danych: {n} bajtów"],
    "sv": ["omsättning Q2: {n} kr", "antal rader efter migreringen: {n}"],
    "ja": ["バックフィル後の行数: {n} 行", "先月の転送量は {n} バイトでした"],
    "tr": ["çeyrek cirosu: {n} TL", "toplam işlenen kayıt: {n}"],
    "ru": ["выручка за квартал: {n} ₽", "объём хранилища: {n} байт"],
    "zh": ["回填后的行数：{n} 行", "上月出口流量 {n} 字节，和账单一致"],
    "ko": ["백필 후 행 수: {n}행", "지난달 전송량 {n} 바이트"],
    "cs": ["obrat za Q2: {n} Kč", "celkem zpracovaných záznamů: {n}"],
}


def neg_amount(rng):
    lang = rng.choice(LANGS)
    t = rng.random()
    cores = []
    if t < 0.4:
        n = core_amount(rng, lang); cores.append(n)
        text = pick(rng, AMOUNT_PROSE, lang).format(n=n)
    elif t < 0.56:
        hdr = pick(rng, {"en": "| cost centre | plan | actual |", "de": "| Kostenstelle | Plan | Ist |", "fr": "| centre de coût | budget | réalisé |",
                         "es": "| centro de coste | plan | real |", "it": "| centro di costo | budget | consuntivo |",
                         "pl": "| MPK | plan | wykonanie |", "nl": "| kostenplaats | begroting | realisatie |", "cs": "| nákladové středisko | plán | skutečnost |"}, lang)
        rows = []
        for _ in range(rng.choice([2, 3, 4, 5, 9])):
            a, b = core_amount(rng, lang), core_amount(rng, lang); cores += [a, b]
            rows.append("| %d | %s | %s |" % (rng.randint(1000, 9999), a, b))
        text = hdr + "\n|---|---:|---:|\n" + "\n".join(rows)
    elif t < 0.7:
        rows = []
        for tbl in rng.sample(["orders", "order_lines", "events", "audit_log", "shipments", "page_views", "sensor_readings"], rng.randint(3, 6)):
            d = core_plus(rng); cores.append(d)
            rows.append("%-16s %s" % (tbl, d))
        text = pick(rng, {"en": "row count delta since last week's snapshot:", "de": "Zeilen-Delta seit dem Snapshot letzte Woche:",
                          "sv": "radförändring sedan förra veckans snapshot:", "ru": "прирост строк с прошлого снапшота:",
                          "fr": "delta de lignes depuis le snapshot de la semaine dernière :"}, lang) + "\n```\n" + "\n".join(rows) + "\n```"
    elif t < 0.84:
        rows = []
        for i in range(rng.randint(3, 8)):
            d = nolead_digits(rng); cores.append(_check(d))
            rows.append('node_filesystem_avail_bytes{device="/dev/nvme%dn1p%d",mountpoint="/data%d"} %s' % (i % 2, i + 1, i, d))
        text = "```\n" + "\n".join(rows) + "\n```\n" + pick(rng, {"en": "free space per mount, raw bytes", "de": "freier Platz je Mount, rohe Bytes",
                                                                  "ja": "マウントごとの空き容量（バイト）", "ko": "마운트별 여유 공간(바이트)", "tr": "mount başına boş alan, bayt"}, lang)
    else:
        n1 = nolead_digits(rng); cores.append(_check(n1))
        n2 = core_amount(rng, lang); cores.append(n2)
        text = ("```json\n{\"period\": \"2025-%02d\", \"currency\": \"%s\", \"amount_minor\": %s, \"amount_display\": \"%s\", \"lines\": %d}\n```"
                % (rng.randint(1, 12), rng.choice(["EUR", "PLN", "SEK", "CZK", "JPY"]), n1, n2, rng.randint(2, 400)))
    return lead(rng, lang, text), cores


TS_PROSE = {
    "en": ["the export from {n} is the last good one, everything after has the broken encoding",
           "batch {n} finished but the next call to the scheduler never happened"],
    "de": ["der Export von {n} ist der letzte saubere, alles danach hat kaputtes Encoding",
           "Lauf {n} ist durch, aber der nächste Aufruf vom Scheduler kam nie"],
    "fr": ["l'export de {n} est le dernier propre, après ça l'encodage est cassé"],
    "es": ["la copia de {n} es la última buena, después el encoding está roto"],
    "it": ["il backup {n} è l'ultimo buono, dopo c'è l'encoding rotto"],
    "nl": ["de export van {n} is de laatste goede"],
    "pt": ["o dump de {n} é o último bom, depois disso o encoding quebrou"],
    "pl": ["zrzut z {n} jest ostatnim dobrym, potem kodowanie się sypie"],
    "sv": ["dumpen från {n} är den sista fungerande"],
    "ja": ["{n} のエクスポートが最後の正常なものです"],
    "tr": ["{n} tarihli yedek son sağlam olan"],
    "ru": ["выгрузка {n} последняя нормальная, дальше кодировка сломана"],
    "zh": ["{n} 的导出是最后一个正常的，之后编码都坏了"],
    "ko": ["{n} 백업이 마지막 정상본이에요"],
    "cs": ["export z {n} je poslední v pořádku"],
}


def neg_ts(rng):
    lang = rng.choice(LANGS)
    t = rng.random()
    cores = []
    if t < 0.34:
        n, _f = ts_compact(rng); cores.append(n)
        text = pick(rng, TS_PROSE, lang).format(n=n)
    elif t < 0.52:
        rows = []
        for _ in range(rng.choice([2, 3, 4, 5, 11])):
            n, _f = ts_compact(rng); cores.append(n)
            rows.append("-rw-r----- 1 backup backup %10d %s %2d %s pg_%s.dump.zst" % (
                rng.randint(10**6, 10**10), rng.choice(["Jan", "Feb", "Mar", "Apr", "May", "Jun"]), rng.randint(1, 28), HMS(rng)[:5], n))
        text = "```\n$ ls -l /srv/backup/\n" + "\n".join(rows) + "\n```"
    elif t < 0.68:
        rows = []
        for _ in range(rng.choice([2, 3, 4, 5, 8])):
            d = nolead_digits(rng); cores.append(_check(d))
            rows.append("%s DEBUG %s span=%s elapsed_ns=%s" % (ISO_TS(rng), rng.choice(["db.query", "http.call", "cache.get", "render"]),
                                                             "%016x" % rng.getrandbits(64), d))
        text = pick(rng, {"en": "slow spans, look at elapsed:", "de": "langsame Spans, siehe elapsed:", "pl": "wolne spany, patrz elapsed:",
                          "cs": "pomalé spany, viz elapsed:", "it": "span lenti, guardate elapsed:"}, lang) + "\n```\n" + "\n".join(rows) + "\n```"
    elif t < 0.84:
        n, f = ts_compact(rng); cores.append(n)
        text = pick(rng, {
            "en": "cron wrote `report_{n}.csv` twice, looks like the container clock jumped",
            "de": "Cron hat `report_{n}.csv` zweimal geschrieben, die Containeruhr ist wohl gesprungen",
            "fr": "le cron a écrit `report_{n}.csv` deux fois, l'horloge du conteneur a sauté",
            "es": "el cron escribió `report_{n}.csv` dos veces, el reloj del contenedor saltó",
            "ja": "cron が `report_{n}.csv` を2回書き出してます。コンテナの時計が飛んだっぽい",
            "ru": "cron дважды записал `report_{n}.csv`, похоже, часы контейнера прыгнули",
            "nl": "cron heeft `report_{n}.csv` twee keer geschreven",
            "tr": "cron `report_{n}.csv` dosyasını iki kez yazmış",
        }, lang).format(n=n)
    else:
        ns = [ts_compact(rng)[0] for _ in range(rng.choice([3, 4, 5, 6, 12]))]; cores += ns
        text = ("```csv\nrun_key,job,rows,exit\n" + "\n".join("%s,%s,%d,%d" % (x, rng.choice(["etl_orders", "etl_stock", "sync_prices"]),
                                                                          rng.randint(0, 90000), rng.choice([0, 0, 0, 1, 137])) for x in ns) + "\n```")
        text = pick(rng, {"en": "run keys are yyyymmddhh-ish, don't ask", "de": "die run_keys sind so halb Datum, frag nicht",
                          "pt": "as run_keys são meio data, não pergunte", "zh": "run_key 大概是日期拼起来的"}, lang) + "\n" + text
    return lead(rng, lang, text), cores


CASE_PROSE = {
    "en": ["case {n} came in through the contact form, it's the ext4 resize bug again",
           "ticket {n} is a dupe, the stack trace points at line 412 in the same call",
           "build {n} is green now, the flaky test was the number formatting one"],
    "de": ["Ticket {n} kam über das Kontaktformular rein, wieder der ext4-Resize-Bug",
           "Build {n} ist grün, der flaky Test war der mit der Zahlenformatierung"],
    "fr": ["le ticket {n} est arrivé via le formulaire de contact, encore le bug ext4",
           "le job {n} échoue à la ligne 57 du script de déploiement"],
    "es": ["el caso {n} entró por el formulario de contacto, otra vez el bug de ext4",
           "el job {n} falla en la línea 57 del script"],
    "it": ["il ticket {n} è un duplicato, stessa riga 412"],
    "nl": ["ticket {n} kwam via het contactformulier binnen, weer de ext4-bug"],
    "pt": ["o chamado {n} veio pelo formulário de contato, de novo o bug do ext4"],
    "pl": ["zgłoszenie {n} przyszło przez formularz kontaktowy, znowu błąd ext4"],
    "sv": ["ärende {n} kom via kontaktformuläret, samma ext4-bugg igen"],
    "ja": ["チケット {n} はお問い合わせフォーム経由、また ext4 のリサイズのバグです"],
    "tr": ["{n} numaralı kayıt iletişim formundan gelmiş, yine ext4 hatası"],
    "ru": ["заявка {n} пришла через форму обратной связи, снова баг с ext4"],
    "zh": ["工单 {n} 是从联系表单进来的，又是 ext4 扩容的那个 bug"],
    "ko": ["티켓 {n} 은(는) 문의 양식으로 들어왔어요, 또 ext4 리사이즈 버그"],
    "cs": ["tiket {n} přišel přes kontaktní formulář, zase chyba ext4"],
}


def neg_log(rng):
    lang = rng.choice(LANGS)
    t = rng.random()
    cores = []
    if t < 0.34:
        n = core_id(rng); cores.append(n)
        text = pick(rng, CASE_PROSE, lang).format(n=n)
    elif t < 0.5:
        run, job = nolead_digits(rng), nolead_digits(rng); cores += [_check(run), _check(job)]
        text = ("```\nRun actions/checkout@v4\n  repository: acme/storefront\n  ref: refs/pull/%d/merge\n"
                "Run ./ci/test.sh --shard 3/8\n  GITHUB_RUN_ID: %s\n  GITHUB_JOB_ID: %s\n"
                "FAILED tests/test_money.py::test_format_thousands[de_DE] - AssertionError: line 88\n"
                "Error: Process completed with exit code 1.\n```" % (rng.randint(1000, 9999), run, job))
    elif t < 0.64:
        ns = [core_compact(rng) for _ in range(rng.randint(2, 5))]; cores += ns
        text = "```\n" + "\n".join("job-%s-%s   0/1   Error   %d   %dm" % (x, "".join(rng.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(5)),
                                                                          rng.randint(0, 6), rng.randint(1, 59)) for x in ns) + "\n```"
        text = "```\n$ kubectl get pods -n batch | grep Error\n" + text[4:]
    elif t < 0.8:
        n = core_id(rng); cores.append(n)
        k = rng.choice([2, 4, 6, 10])
        frames = "\n".join('  File "/app/%s.py", line %d, in %s' % (rng.choice(["orders/sync", "billing/api", "core/retry", "core/http"]),
                                                                 rng.randint(10, 900), rng.choice(["call_with_retry", "handle", "_call", "dispatch", "post"]))
                           + "\n    " + rng.choice(["return fn(*args, **kw)", "resp = self._session.post(url, json=body)", "raise UpstreamError(ref)"])
                           for _ in range(k // 2))
        text = "```\nTraceback (most recent call last):\n%s\ncore.errors.UpstreamError: upstream rejected case %s (HTTP 409)\n```" % (frames, n)
    else:
        b, c = nolead_digits(rng), core_id(rng); cores += [_check(b), c]
        text = pick(rng, {
            "en": "Started by timer\nBuilding in workspace /var/lib/jenkins/workspace/nightly\nBuild {b} triggered for case {c}\n[Pipeline] sh\n+ make release\nFinished: UNSTABLE",
            "de": "Started by timer\nBuild {b} für Vorgang {c} gestartet\n[Pipeline] sh\n+ make release\nFinished: FAILURE\n\nkann jemand drüberschauen? Zeile 3 im Makefile",
            "fr": "Started by timer\nBuild {b} lancé pour le ticket {c}\n[Pipeline] sh\n+ make release\nFinished: FAILURE",
            "ja": "Started by timer\nBuild {b} (チケット {c})\n[Pipeline] sh\n+ make release\nFinished: SUCCESS\n\nやっと通った",
        }, lang).format(b=b, c=c)
        body, _, comment = text.partition("\n\n")
        text = "```\n" + body + "\n```" + ("\n" + comment if comment else "")
    return lead(rng, lang, text), cores


def neg_table(rng):
    lang = rng.choice(LANGS)
    t = rng.random()
    cores = []
    n_rows = rng.choice([2, 3, 4, 5, 6, 9, 18, 28, 36])
    WH = ["FRA2", "AMS1", "WAW3", "TYO1", "MAD1", "MXP1", "PRG1", "IST2"]
    if t < 0.22:
        n = core_compact(rng); cores.append(n)
        text = pick(rng, {"en": "row that fails the import: `{r}`", "de": "die Zeile scheitert beim Import: `{r}`",
                          "fr": "la ligne qui casse l'import : `{r}`", "es": "la fila que rompe la importación: `{r}`",
                          "it": "la riga che fa fallire l'import: `{r}`", "nl": "deze regel breekt de import: `{r}`",
                          "pt": "a linha que quebra a importação: `{r}`", "pl": "ten wiersz wywala import: `{r}`",
                          "sv": "raden som får importen att fallera: `{r}`", "ja": "インポートで落ちる行: `{r}`",
                          "tr": "içe aktarmayı bozan satır: `{r}`", "ru": "строка, на которой падает импорт: `{r}`",
                          "zh": "导入失败的那一行：`{r}`", "ko": "임포트가 깨지는 행: `{r}`", "cs": "řádek, na kterém padá import: `{r}`"},
                    lang).format(r=rng.choice(['{"id": "%s", "rev": %d, "site": "%s", "lines": %d}' % (n, rng.randint(1, 9), rng.choice(WH), rng.randint(1, 40)),
                                               "%s;SKU-%04d;%d;%s;hold" % (n, rng.randint(1, 9999), rng.randint(1, 90), rng.choice(WH)),
                                               "| %s | %s | %d |" % (n, rng.choice(WH), rng.randint(1, 90))]))
    elif t < 0.42:
        hdr = pick(rng, {"en": "record_id,sku,qty,warehouse,status,updated_at", "de": "satz_nr;artikel;menge;lager;status;geaendert",
                         "fr": "id_enreg;article;qte;entrepot;statut;maj", "es": "id_registro;articulo;cant;almacen;estado;actualizado",
                         "ja": "レコードID,品番,数量,倉庫,状態,更新日"}, lang)
        sep = ";" if ";" in hdr else ","
        rows = []
        for _ in range(n_rows):
            n = core_compact(rng); cores.append(n)
            rows.append(sep.join([n, "SKU-%04d-%s" % (rng.randint(1, 9999), rng.choice("ABCDEFGH")), str(rng.randint(0, 500)),
                                  rng.choice(WH), rng.choice(["ok", "hold", "picked", "short"]),
                                  "2025-%02d-%02dT%s" % (rng.randint(1, 12), rng.randint(1, 28), HMS(rng))]))
        text = "```csv\n" + hdr + "\n" + "\n".join(rows) + "\n```"
    elif t < 0.58:
        rows = []
        for _ in range(min(n_rows, 12)):
            n = core_id(rng); cores.append(n)
            rows.append("| %s | %s | %d | %s |" % (n, rng.choice(WH), rng.randint(1, 90), rng.choice(["✅", "⚠️", "❌"])))
        hdr = pick(rng, {"en": "| record | site | line items | check |", "de": "| Datensatz | Standort | Positionen | Check |",
                         "it": "| record | sede | righe | check |", "nl": "| record | locatie | regels | check |",
                         "pl": "| rekord | oddział | pozycje | kontrola |", "ko": "| 레코드 | 사이트 | 라인 | 확인 |"}, lang)
        text = hdr + "\n|---|---|---:|---|\n" + "\n".join(rows)
    elif t < 0.74:
        items = []
        for _ in range(min(n_rows, 8)):
            n = core_compact(rng); cores.append(n)
            items.append('  {"id": "%s", "rev": %d, "site": "%s", "lines": %d, "archived": %s}' % (
                n, rng.randint(1, 9), rng.choice(WH), rng.randint(1, 40), rng.choice(["true", "false"])))
        text = "```json\n[\n" + ",\n".join(items) + "\n]\n```"
    elif t < 0.88:
        rows = []
        for _ in range(min(n_rows, 14)):
            n = core_id(rng); cores.append(n)
            rows.append(" %-15s | %-5s | %4d | %s" % (n, rng.choice(WH), rng.randint(0, 999), rng.choice(["t", "f"])))
        text = ("```\ninventory=# SELECT ref, site, qty, locked FROM stock_records ORDER BY updated_at DESC LIMIT %d;\n"
                "       ref       | site  | qty  | locked\n-----------------+-------+------+--------\n%s\n(%d rows)\n```" % (len(rows), "\n".join(rows), len(rows)))
    else:
        rows = []
        for _ in range(min(n_rows, 10)):
            n = core_compact(rng); cores.append(n)
            rows.append("%s\t%s\t%d\t%s" % (n, rng.choice(WH), rng.randint(1, 99), rng.choice(["A", "B", "C"])))
        text = pick(rng, {"en": "pasted from the sheet (col A is the record number):", "de": "aus dem Sheet kopiert (Spalte A = Satznummer):",
                          "fr": "copié depuis le tableur (colonne A = numéro d'enregistrement) :", "sv": "klistrat från arket (kolumn A = postnummer i registret):",
                          "tr": "tablodan kopyaladım (A sütunu kayıt numarası):", "zh": "从表格里复制的（A 列是记录号）：",
                          "cs": "zkopírováno z tabulky (sloupec A = číslo záznamu):", "pt": "colado da planilha (coluna A = número do registro):",
                          "ru": "скопировал из таблицы (столбец A — номер записи):"}, lang) + "\n" + "\n".join(rows)
    return lead(rng, lang, text), cores


ZIP_CITIES = [("Washington, DC", "200"), ("Arlington, VA", "222"), ("Baltimore, MD", "212"), ("Richmond, VA", "232"),
              ("Charlotte, NC", "282"), ("Charleston, SC", "294"), ("Chicago, IL", "606"), ("New Orleans, LA", "701"),
              ("Little Rock, AR", "722"), ("Oklahoma City, OK", "731"), ("Houston, TX", "770"), ("El Paso, TX", "799"),
              ("Raleigh, NC", "276"), ("Atlanta, GA", "303")]
STREETS = ["Commerce Dr", "Industrial Pkwy", "Logistics Way", "Distribution Blvd", "Warehouse Rd", "Harbor St", "Freight Ave"]
COORDS = [("Madrid", 40.4168, -3.7038), ("New York", 40.7128, -74.0060), ("Rome", 41.9028, 12.4964), ("Barcelona", 41.3874, 2.1686),
          ("Boston", 42.3601, -71.0589), ("Brussels", 50.8503, 4.3517), ("Frankfurt", 50.1109, 8.6821), ("Kraków", 50.0647, 19.9450),
          ("London", 51.5074, -0.1278), ("Berlin", 52.5200, 13.4050), ("Amsterdam", 52.3676, 4.9041), ("Warsaw", 52.2297, 21.0122),
          ("Hamburg", 53.5511, 9.9937), ("Dublin", 53.3498, -6.2603), ("Helsinki", 60.1699, 24.9384), ("Hong Kong", 22.3193, 114.1694),
          ("Taipei", 25.0330, 121.5654), ("Dubai", 25.2048, 55.2708), ("Riyadh", 24.7136, 46.6753), ("Cairo", 30.0444, 31.2357),
          ("Shanghai", 31.2304, 121.4737), ("Delhi", 28.7041, 77.1025), ("Tampere", 61.4978, 23.7610)]


def ean8(rng):
    while True:
        body = rng.choice(["40", "41", "42"]) + "".join(rng.choice("0123456789") for _ in range(5))
        s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(body))
        e = body + str((10 - s % 10) % 10)
        if valid_countries(e):
            return e


def zip4(rng):
    while True:
        city, z = rng.choice(ZIP_CITIES)
        s = "%s%02d-%04d" % (z, rng.randint(1, 99), rng.randint(1, 9999))
        if valid_countries(s):
            return city, s


def coord(rng):
    while True:
        city, la, lo = rng.choice(COORDS)
        a = "%.6f" % (la + rng.uniform(-0.02, 0.02))
        if len(a.replace(".", "")) == 8 and valid_countries(a):
            return city, a, "%.6f" % (lo + rng.uniform(-0.02, 0.02))


def blz(rng):
    while True:
        s = "500 %03d %02d" % (rng.randint(100, 999), rng.randint(10, 99))
        if valid_countries(s):
            return s


def neg_code(rng):
    lang = rng.choice(LANGS)
    t = rng.random()
    cores = []
    if t < 0.22:
        city, z = zip4(rng); cores.append(z)
        st = "%d %s" % (rng.randint(100, 9999), rng.choice(STREETS))
        text = pick(rng, {
            "en": "new cross-dock for the US lane: {st}, {city} {z}, dock doors 12-18",
            "de": "neues Cross-Dock für die US-Strecke: {st}, {city} {z}, Tore 12-18",
            "fr": "nouveau cross-dock pour la ligne US : {st}, {city} {z}, quais 12 à 18",
            "es": "nuevo cross-dock para la ruta EE. UU.: {st}, {city} {z}, muelles 12-18",
            "ja": "米国向けの新しいクロスドック: {st}, {city} {z}（ドック 12〜18）",
            "pl": "nowy cross-dock dla trasy USA: {st}, {city} {z}, rampy 12-18",
            "zh": "美国线路的新转运仓：{st}, {city} {z}，12-18 号月台",
            "it": "nuovo cross-dock per la tratta USA: {st}, {city} {z}, baie 12-18",
        }, lang).format(st=st, city=city, z=z)
    elif t < 0.42:
        rows = []
        for _ in range(rng.randint(2, 8)):
            city, a, o = coord(rng); cores.append(a)
            rows.append("%s\t%s, %s" % (city, a, o))
        text = pick(rng, {"en": "depot coordinates for the map layer:", "de": "Depot-Koordinaten für den Karten-Layer:",
                          "fr": "coordonnées des dépôts pour la couche carte :", "nl": "depotcoördinaten voor de kaartlaag:",
                          "sv": "depåkoordinater för kartlagret:", "ko": "지도 레이어용 창고 좌표:", "ru": "координаты складов для слоя карты:",
                          "cs": "souřadnice dep pro mapovou vrstvu:"}, lang) + "\n```\n" + "\n".join(rows) + "\n```"
    elif t < 0.6:
        items = []
        for _ in range(rng.randint(2, 7)):
            e = ean8(rng); cores.append(e)
            items.append("- %s  %s" % (e, rng.choice(["Schraube M6x20 VA", "Kabelbinder 200mm", "Dübel 8mm", "Mutter M8", "Winkel 40x40"])))
        text = pick(rng, {"en": "EAN-8s for the small parts, scanner rejects the first one:", "de": "EAN-8 der Kleinteile, der Scanner lehnt den ersten ab:",
                          "pl": "EAN-8 drobnych części, skaner odrzuca pierwszy:", "tr": "küçük parçaların EAN-8 kodları, okuyucu ilkini reddediyor:",
                          "es": "EAN-8 de las piezas pequeñas, el lector rechaza el primero:"}, lang) + "\n" + "\n".join(items)
    elif t < 0.74:
        b = blz(rng); cores.append(b)
        text = pick(rng, {
            "en": "the bank code in the vendor master is {b}, the validator says it belongs to a Frankfurt branch, fine",
            "de": "BLZ im Kreditorenstamm ist {b}, laut Prüfung eine Frankfurter Filiale, passt",
            "fr": "le code banque dans la fiche fournisseur est {b}, une agence de Francfort d'après le contrôle",
            "nl": "de bankcode in de leveranciersstam is {b}, volgens de check een filiaal in Frankfurt",
            "cs": "kód banky v kmenových datech dodavatele je {b}, podle kontroly pobočka ve Frankfurtu",
        }, lang).format(b=b)
    else:
        ns = [core_grouped(rng, seps=("-", ".", "/")) for _ in range(rng.randint(1, 5))]; cores += ns
        if len(ns) == 1:
            text = pick(rng, {
                "en": "part no. {n} is superseded, use the -B revision", "de": "Art.-Nr. {n} ist ersetzt, bitte die B-Revision nehmen",
                "fr": "la réf. {n} est remplacée, prendre la révision B", "es": "la referencia {n} está sustituida, usar la revisión B",
                "it": "il codice articolo {n} è sostituito, usare la revisione B", "ja": "品番 {n} は廃番、Bリビジョンを使ってください",
                "ru": "артикул {n} снят, берите ревизию B", "pt": "o código {n} foi substituído, usar a revisão B",
                "sv": "artikelnummer {n} är ersatt, använd revision B", "tr": "{n} ürün kodu değişti, B revizyonunu kullanın",
                "ko": "품번 {n} 은(는) 단종, B 리비전 쓰세요", "zh": "料号 {n} 已停用，请改用 B 版", "cs": "díl {n} je nahrazen, použijte revizi B",
                "nl": "artikelnummer {n} is vervangen, neem revisie B", "pl": "indeks {n} został zastąpiony, bierzcie rewizję B",
            }, lang).format(n=ns[0])
        else:
            text = "```yaml\nbom:\n" + "\n".join("  - part: \"%s\"\n    qty: %d\n    rev: %s" % (x, rng.randint(1, 24), rng.choice("ABC")) for x in ns) + "\n```"
    return lead(rng, lang, text), cores


NEG_CATS = [("order_shipment_number", neg_order), ("invoice_account_number", neg_invoice), ("device_serial_number", neg_device),
            ("amount_measurement", neg_amount), ("date_time_runon", neg_ts), ("log_ci_identifier", neg_log),
            ("table_record_cell", neg_table), ("code_postal_coordinate", neg_code)]


# ---------------------------------------------------------------------------
# Positives: one person's phone number per message, mostly without a label
# ---------------------------------------------------------------------------
NAMES = {
    "en": (["Emily", "James", "Priya", "Daniel", "Grace", "Tom", "Aisha", "Connor", "Olivia", "Marcus"],
           ["Carter", "Whitfield", "Natarajan", "O'Connor", "Bennett", "Hughes", "Okafor", "Fraser", "Mensah", "Kowalczyk"]),
    "de": (["Anna", "Jonas", "Katrin", "Lukas", "Sabine", "Matthias", "Lea", "Florian"],
           ["Keller", "Brandt", "Hofmann", "Wagner", "Zimmermann", "Krüger", "Vogt", "Lehmann"]),
    "fr": (["Camille", "Julien", "Élodie", "Mathieu", "Claire", "Nicolas", "Inès"],
           ["Lefèvre", "Moreau", "Girard", "Fontaine", "Rousseau", "Chevalier", "Benali"]),
    "es": (["Lucía", "Javier", "Marta", "Alejandro", "Carmen", "Diego", "Valentina"],
           ["García", "Fernández", "Romero", "Navarro", "Herrera", "Castillo", "Morales"]),
    "it": (["Giulia", "Marco", "Francesca", "Luca", "Chiara", "Davide"], ["Rossi", "Bianchi", "Ferrari", "Esposito", "Ricci", "Colombo"]),
    "nl": (["Sanne", "Daan", "Femke", "Joris", "Lotte", "Bram"], ["de Vries", "Jansen", "Bakker", "Visser", "Smit", "van Dijk"]),
    "pt": (["Mariana", "João", "Beatriz", "Rafael", "Camila", "Thiago"], ["Silva", "Santos", "Oliveira", "Pereira", "Costa", "Almeida"]),
    "pl": (["Agnieszka", "Piotr", "Magdalena", "Tomasz", "Katarzyna", "Michał"], ["Nowak", "Wiśniewski", "Wójcik", "Kamińska", "Lewandowski", "Zielińska"]),
    "sv": (["Elin", "Oskar", "Maja", "Henrik", "Sofia"], ["Lindqvist", "Johansson", "Berg", "Nyström", "Holm"]),
    "ja": (["健太", "美咲", "翔", "由美", "大輔"], ["佐藤", "鈴木", "高橋", "田中", "伊藤"]),
    "tr": (["Elif", "Mehmet", "Zeynep", "Emre", "Ayşe"], ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik"]),
    "ru": (["Анна", "Дмитрий", "Ольга", "Сергей", "Екатерина"], ["Иванова", "Смирнов", "Кузнецова", "Попов", "Соколова"]),
    "zh": (["伟", "静", "磊", "芳", "婷"], ["王", "李", "张", "刘", "陈"]),
    "ko": (["민준", "서연", "지훈", "하은", "도윤"], ["김", "이", "박", "최", "정"]),
    "cs": (["Tereza", "Jakub", "Lucie", "Martin", "Petra"], ["Novák", "Svobodová", "Dvořák", "Černá", "Procházka"]),
}
ALL_NAME_TOKENS = sorted({t for f, l in NAMES.values() for t in f + l if len(t) > 1})


def person(rng, lang):
    f, l = NAMES[lang]
    if lang in ("ja", "zh", "ko"):
        return rng.choice(l) + rng.choice(f)
    return rng.choice(f) + " " + rng.choice(l)


COUNTRY_LANG = {"US": ["en"], "CA": ["en", "fr"], "GB": ["en"], "DE": ["de"], "FR": ["fr"], "ES": ["es"], "IT": ["it"], "NL": ["nl"],
                "BE": ["fr", "nl"], "CH": ["de", "fr", "it"], "AT": ["de"], "PL": ["pl"], "SE": ["sv"], "NO": ["en", "sv"], "DK": ["en"],
                "FI": ["en", "sv"], "PT": ["pt"], "IE": ["en"], "CZ": ["cs"], "HU": ["en", "de"], "RO": ["en"], "GR": ["en"], "TR": ["tr"],
                "RU": ["ru"], "UA": ["ru", "en"], "JP": ["ja"], "KR": ["ko"], "CN": ["zh"], "IN": ["en"], "AU": ["en"], "NZ": ["en"],
                "BR": ["pt"], "MX": ["es"], "AR": ["es"], "CL": ["es"], "CO": ["es"], "PE": ["es"], "ZA": ["en"], "NG": ["en"], "KE": ["en"],
                "EG": ["en"], "MA": ["fr"], "IL": ["en"], "AE": ["en"], "SA": ["en"], "SG": ["en", "zh"], "HK": ["zh", "en"], "TW": ["zh"],
                "TH": ["en"], "VN": ["en"], "ID": ["en"], "PH": ["en"], "MY": ["en"], "PK": ["en"]}
COMPANIES = ["Nordlicht Logistik GmbH", "Acme Freight Ltd", "Brightline Studio", "Vega Componentes S.L.", "Tessera Srl",
             "Kanaal Media B.V.", "Horizonte Engenharia", "Polaris Systemy Sp. z o.o.", "Fjällbo AB", "Sakura Trading K.K.",
             "Anadolu Yazılım A.Ş.", "Северная Звезда ООО", "Qianli Electronics", "Hanbit Soft", "Vltava Data s.r.o."]
STREETS_P = ["Lindenstraße 14", "12 Harbour Road", "27 rue des Tanneurs", "Calle Mayor 91", "Via Roma 18", "Keizersgracht 211",
             "Rua Augusta 72", "ul. Długa 5", "Storgatan 9", "Kerkstraat 3"]

REACH = {
    "en": ["reach me on {p} after 3pm", "I'm on {p} if anything breaks tonight", "best to get me at {p}, I'm off Slack all week",
           "my number while travelling: {p}", "if the courier gets lost tell him to try {p}"],
    "de": ["bin heute nur unter {p} zu erreichen", "falls was brennt: {p}", "meine Nummer unterwegs: {p}", "schreib mir einfach an die {p}"],
    "fr": ["tu peux me joindre au {p} cet après-midi", "en cas d'urgence : {p}", "mon numéro cette semaine : {p}"],
    "es": ["me puedes localizar en el {p} por la tarde", "si hay algo urgente, {p}", "mi número estos días: {p}"],
    "it": ["mi trovi al {p} nel pomeriggio", "per urgenze: {p}", "il mio numero questa settimana è {p}"],
    "nl": ["ik ben vanmiddag bereikbaar op {p}", "als er iets is: {p}"],
    "pt": ["pode me chamar no {p} à tarde", "qualquer coisa, {p}", "meu número essa semana: {p}"],
    "pl": ["jestem pod numerem {p} po 15", "w razie czego: {p}"],
    "sv": ["du når mig på {p} efter lunch", "vid akuta ärenden: {p}"],
    "ja": ["急ぎなら {p} までお願いします", "今週は出張中なので {p} に連絡ください"],
    "tr": ["{p} numarasından ulaşabilirsin", "acil bir şey olursa: {p}"],
    "ru": ["я на связи по {p} после обеда", "если что-то срочное: {p}"],
    "zh": ["有急事打我 {p}", "这周出差，联系我 {p}"],
    "ko": ["급하면 {p} 로 연락 주세요", "이번 주는 출장이라 {p} 로 연락 주세요"],
    "cs": ["odpoledne jsem k zastižení na {p}", "kdyby něco: {p}"],
}
MESSENGER = {
    "en": ["ping me on WhatsApp, {p}", "I'm on Signal as {p}", "add me on WhatsApp: {p} (same as before)"],
    "de": ["bin auf Signal unter {p}", "schick's mir per WhatsApp an {p}"],
    "fr": ["je suis sur WhatsApp au {p}", "envoie-moi ça sur Signal : {p}"],
    "es": ["escríbeme por WhatsApp al {p}", "estoy en Signal con el {p}"],
    "it": ["scrivimi su WhatsApp al {p}"], "nl": ["app me even op {p}"], "pt": ["me chama no zap {p}", "manda no WhatsApp: {p}"],
    "pl": ["napisz na WhatsAppie: {p}"], "sv": ["skicka på Signal till {p}"], "ja": ["WhatsApp は {p} です"],
    "tr": ["WhatsApp'tan yaz: {p}"], "ru": ["пиши в телеграм или WhatsApp: {p}"], "zh": ["加我微信，手机号 {p}"],
    "ko": ["WhatsApp 은 {p} 입니다"], "cs": ["napiš mi na WhatsApp {p}"],
}
CLOSING = {"en": ["Best,", "Kind regards,", "Cheers,"], "de": ["Viele Grüße", "Mit freundlichen Grüßen"], "fr": ["Cordialement,", "Bien à vous,"],
           "es": ["Saludos,", "Un saludo,"], "it": ["Cordiali saluti,", "Un saluto,"], "nl": ["Met vriendelijke groet,"], "pt": ["Atenciosamente,", "Abraço,"],
           "pl": ["Pozdrawiam,"], "sv": ["Vänliga hälsningar,"], "ja": ["よろしくお願いいたします。"], "tr": ["Saygılarımla,"],
           "ru": ["С уважением,"], "zh": ["此致"], "ko": ["감사합니다."], "cs": ["S pozdravem,"]}
BODY = {"en": "Please find the revised quote attached, valid until the end of the month.",
        "de": "anbei das überarbeitete Angebot, gültig bis Monatsende.", "fr": "vous trouverez ci-joint le devis révisé, valable jusqu'à la fin du mois.",
        "es": "adjunto el presupuesto revisado, válido hasta final de mes.", "it": "in allegato il preventivo aggiornato, valido fino a fine mese.",
        "nl": "in de bijlage de herziene offerte, geldig tot het einde van de maand.", "pt": "segue em anexo a proposta revisada, válida até o fim do mês.",
        "pl": "w załączniku poprawiona oferta, ważna do końca miesiąca.", "sv": "bifogar den reviderade offerten, giltig månaden ut.",
        "ja": "修正版のお見積りを添付いたします。今月末まで有効です。", "tr": "revize teklifi ekte bulabilirsiniz, ay sonuna kadar geçerlidir.",
        "ru": "во вложении обновлённое коммерческое предложение, действует до конца месяца.", "zh": "附件是修改后的报价，本月底前有效。",
        "ko": "수정된 견적서를 첨부합니다. 이번 달 말까지 유효합니다.", "cs": "v příloze posílám upravenou nabídku, platí do konce měsíce."}
ROLE = {"en": "Account Manager", "de": "Vertrieb Innendienst", "fr": "Chargée de clientèle", "es": "Responsable de cuentas", "it": "Ufficio commerciale",
        "nl": "Accountmanager", "pt": "Gerente de contas", "pl": "Opiekun klienta", "sv": "Kundansvarig", "ja": "営業部", "tr": "Satış Sorumlusu",
        "ru": "менеджер по работе с клиентами", "zh": "销售经理", "ko": "영업팀", "cs": "obchodní zástupce"}
SIG_LABEL = {"en": ["", "", "M ", "m: ", "Direct: "], "de": ["", "", "Mobil ", "T "], "fr": ["", "", "Port. ", "Tél. "], "es": ["", "", "Móvil: "],
             "it": ["", "", "Cell. "], "nl": ["", "", "M "], "pt": ["", "", "Cel.: "], "pl": ["", "", "kom. "], "sv": ["", "", "Mobil: "],
             "ja": ["", "", "携帯: "], "tr": ["", "", "Cep: "], "ru": ["", "", "моб.: "], "zh": ["", "", "手机："], "ko": ["", "", "휴대폰: "], "cs": ["", "", "mob. "]}
EXT = ["ext. %d", "x%d", "ext %d", "(ext. %d)"]
EXT_L = {"de": ["Durchwahl %d", "App. %d"], "fr": ["poste %d"], "es": ["ext. %d"], "it": ["int. %d"], "nl": ["toestel %d"], "pt": ["ramal %d"],
         "pl": ["wew. %d"], "sv": ["ankn. %d"], "ja": ["内線 %d"], "ru": ["доб. %d"], "cs": ["linka %d"], "tr": ["dahili %d"], "zh": ["转 %d"], "ko": ["내선 %d"]}


def with_ext(rng, lang, p, iso_fixed):
    if iso_fixed and rng.random() < 0.35:
        return p + " " + (rng.choice(EXT_L.get(lang, EXT) + EXT) % rng.randint(11, 899)), True
    return p, False


def pos_text(rng, ctx, lang, p, name, fixed):
    company = rng.choice(COMPANIES)
    extflag = False
    if ctx == "reach_me_sentence":
        return pick(rng, REACH, lang).format(p=p), extflag
    if ctx == "messenger_mention":
        return pick(rng, MESSENGER, lang).format(p=p), extflag
    if ctx == "email_signature":
        pe, extflag = with_ext(rng, lang, p, fixed)
        lines = [BODY.get(lang, BODY["en"]), "", pick(rng, CLOSING, lang), name, "%s | %s" % (ROLE.get(lang, ROLE["en"]), company),
                 pick(rng, SIG_LABEL, lang) + pe, "www.%s.example" % re.sub(r"[^a-z]", "", company.lower())[:12]]
        if rng.random() < 0.4:
            lines = [pick(rng, {"en": "forwarding this from the vendor:", "de": "leite das vom Lieferanten weiter:", "fr": "je transfère le mail du fournisseur :",
                                "es": "reenvío lo del proveedor:", "pt": "encaminhando do fornecedor:", "ja": "取引先からのメールを転送します:"}, lang), ""] + ["> " + x if x else ">" for x in lines]
        return "\n".join(lines), extflag
    if ctx == "contact_table":
        col = pick(rng, {"en": ["", "contact", "direct", "#"], "de": ["", "Kontakt", "Direkt"], "fr": ["", "contact", "direct"],
                         "es": ["", "contacto"], "ja": ["", "連絡先"], "pl": ["", "kontakt"], "nl": ["", "contact"]}, lang)
        hdr = {"en": "| who | role | %s |", "de": "| wer | Rolle | %s |", "fr": "| qui | rôle | %s |", "es": "| quién | rol | %s |",
               "ja": "| 担当 | 役割 | %s |", "pl": "| kto | rola | %s |", "nl": "| wie | rol | %s |"}.get(lang, "| who | role | %s |") % col
        pe, extflag = with_ext(rng, lang, p, fixed)
        rows = ["| %s | %s | %s |" % (name, rng.choice(["site lead", "Lager", "logística", "dispatch", "facility"]), pe)]
        for _ in range(rng.randint(1, 5)):
            rows.append("| %s | %s | %s |" % (rng.choice(["Team inbox", "#ops-dispatch", "Helpdesk portal", "Slack only", "—"]),
                                              rng.choice(["backup", "weekend", "escalation", "customs"]), rng.choice(["—", "n/a", "Slack", ""])))
        rng.shuffle(rows)
        return hdr + "\n|---|---|---|\n" + "\n".join(rows), extflag
    if ctx == "csv_export":
        hdr = rng.choice(["name,team,city,number", "name;abteilung;ort;nr", "full_name,dept,site,contact", "nom;service;ville;numero",
                          "nombre,equipo,ciudad,contacto", "name,team,city,"])
        sep = ";" if ";" in hdr else ","
        n_other = rng.choice([1, 2, 3, 4, 5, 7, 14])
        rows = [sep.join([name, rng.choice(["ops", "sales", "field"]), rng.choice(["Berlin", "Lyon", "Porto", "Kraków", "Osaka", "Leeds"]), p])]
        for _ in range(n_other):
            l2 = rng.choice(LANGS)
            rows.append(sep.join([person(rng, l2), rng.choice(["ops", "sales", "field", "finance"]), rng.choice(["Berlin", "Lyon", "Porto", "Kraków", "Osaka", "Leeds"]), ""]))
        rng.shuffle(rows)
        lead_l = pick(rng, {"en": "export from the CRM, only one of them has a number on file:", "de": "Export aus dem CRM, nur einer hat eine Nummer hinterlegt:",
                            "fr": "export du CRM, un seul a un numéro :", "es": "export del CRM, solo uno tiene número:", "pl": "eksport z CRM, tylko jedna osoba ma numer:"}, lang)
        return lead_l + "\n```csv\n" + hdr + "\n" + "\n".join(rows) + "\n```", extflag
    if ctx == "vcard_block":
        if rng.random() < 0.5:
            typ = rng.choice(["CELL", "WORK", "VOICE"])
            return "BEGIN:VCARD\nVERSION:3.0\nFN:%s\nORG:%s\nTITLE:%s\nTEL;TYPE=%s:%s\nEND:VCARD" % (name, company, ROLE.get(lang, ROLE["en"]), typ, p), extflag
        return "%s\n%s\n%s\n%s" % (name, company, rng.choice(STREETS_P), p), extflag
    if ctx == "oncall_rota":
        days = {"en": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], "de": ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
                "fr": ["lun", "mar", "mer", "jeu", "ven", "sam", "dim"], "es": ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
                "nl": ["ma", "di", "wo", "do", "vr", "za", "zo"], "ja": ["月", "火", "水", "木", "金", "土", "日"],
                "pl": ["pon", "wt", "śr", "czw", "pt", "sob", "nd"]}.get(lang, ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        title = {"en": "pager rota week %d", "de": "Bereitschaft KW %d", "fr": "permanence semaine %d", "es": "turnos de guardia semana %d",
                 "nl": "piketrooster week %d", "ja": "当番表 第%d週", "pl": "dyżury tydzień %d"}.get(lang, "pager rota week %d") % rng.randint(1, 52)
        if rng.random() < 0.6:
            days = days[:5]
        k = rng.randint(0, len(days) - 1)
        lines = [title, "```"]
        for i, d in enumerate(days):
            if i == k:
                lines.append("%-4s %-22s %s" % (d, name, p))
            else:
                lines.append("%-4s %-22s %s" % (d, rng.choice(["(Opsgenie)", "(Slack)", "secondary", "—"]), ""))
        lines.append("```")
        return "\n".join(l.rstrip() for l in lines), extflag
    if ctx == "delivery_note":
        st = rng.choice(STREETS_P)
        return pick(rng, {
            "en": "Delivery note\nDeliver to: {c}, attn. {n}\n{s}\nNotify before arrival: {p}\nPallets: 2, tail lift required",
            "de": "Lieferschein\nAnlieferung: {c}, z. Hd. {n}\n{s}\nAvisierung vorab: {p}\nPaletten: 2, Hebebühne nötig",
            "fr": "Bon de livraison\nLivrer à : {c}, à l'attention de {n}\n{s}\nPrévenir avant passage : {p}\nPalettes : 2",
            "es": "Albarán\nEntregar a: {c}, att. {n}\n{s}\nAvisar antes de llegar: {p}\nPalés: 2",
            "it": "DDT\nConsegna a: {c}, c.a. {n}\n{s}\nAvvisare prima: {p}\nBancali: 2",
            "nl": "Pakbon\nLeveren aan: {c}, t.a.v. {n}\n{s}\nVooraf melden: {p}\nPallets: 2",
            "pl": "Dowód dostawy\nDostawa do: {c}, do rąk {n}\n{s}\nAwizacja: {p}\nPalety: 2",
            "ja": "納品書\n納品先: {c} {n} 様\n{s}\n到着前連絡: {p}\nパレット: 2",
        }, lang).format(c=company, n=name, s=st, p=p), extflag
    if ctx == "web_form":
        pe, extflag = with_ext(rng, lang, p, fixed)
        return pick(rng, {
            "en": "New submission — callback request\nName: {n}\nCompany: {c}\nBest number: {p}\nMessage: pallets arrived damaged, please get back to me",
            "de": "Neue Anfrage — Rückrufwunsch\nName: {n}\nFirma: {c}\nRückruf unter: {p}\nNachricht: Paletten beschädigt angekommen",
            "fr": "Nouvelle demande — rappel\nNom : {n}\nSociété : {c}\nNuméro : {p}\nMessage : palettes arrivées abîmées",
            "es": "Nueva solicitud — devolución de llamada\nNombre: {n}\nEmpresa: {c}\nNúmero: {p}\nMensaje: los palés llegaron dañados",
            "pt": "Nova solicitação — retorno\nNome: {n}\nEmpresa: {c}\nNúmero: {p}\nMensagem: paletes chegaram danificados",
            "ja": "新しいお問い合わせ（折り返し希望）\nお名前: {n}\n会社名: {c}\n連絡先: {p}\n内容: パレットが破損して届きました",
            "tr": "Yeni talep — geri arama\nAd: {n}\nŞirket: {c}\nNumara: {p}\nMesaj: paletler hasarlı geldi",
        }, lang).format(n=name, c=company, p=pe), extflag
    if ctx == "sms_log":
        lines = []
        k = rng.randint(1, 6)
        for i in range(k + 1):
            if i == k // 2:
                lines.append("%s INFO  sms-gw  sent to=%s template=delivery_window status=DELIVERED parts=1" % (HMS(rng), p))
            else:
                lines.append("%s INFO  sms-gw  queue depth=%d retries=%d" % (HMS(rng), rng.randint(0, 40), rng.randint(0, 3)))
        return pick(rng, {"en": "the customer says they never got the text, but:", "de": "der Kunde sagt, die SMS kam nie an, aber:",
                          "fr": "le client dit n'avoir rien reçu, pourtant :", "es": "el cliente dice que no le llegó el SMS, pero:",
                          "ru": "клиент говорит, что SMS не пришло, но:"}, lang) + "\n```\n" + "\n".join(lines) + "\n```", extflag
    if ctx == "voicemail_note":
        return pick(rng, {
            "en": "voicemail while you were out: {n} from {c}, wants the delivery moved to Friday, back on {p}",
            "de": "AB-Nachricht: {n} von {c}, möchte die Lieferung auf Freitag schieben, Rückruf an {p}",
            "fr": "message vocal : {n} de {c}, veut décaler la livraison à vendredi, rappeler le {p}",
            "es": "mensaje de voz: {n} de {c}, quiere pasar la entrega al viernes, devolver la llamada al {p}",
            "it": "messaggio in segreteria: {n} di {c}, vuole spostare la consegna a venerdì, richiamare al {p}",
            "ja": "留守電: {c} の {n} さんから、納品を金曜に変更したいとのこと。折り返し {p}",
            "zh": "语音留言：{c} 的 {n}，想把送货改到周五，回电 {p}",
            "ko": "음성 메시지: {c} {n} 님, 배송을 금요일로 변경 원하심. 회신 {p}",
            "ru": "голосовое: {n} из {c}, просит перенести доставку на пятницу, перезвонить {p}",
            "cs": "hlasová zpráva: {n} z {c}, chce přesunout dodávku na pátek, zpět na {p}",
        }, lang).format(n=name, c=company, p=p), extflag
    if ctx == "json_record":
        key = rng.choice(["contact", "mobile", "reachable_at", "msisdn", "alt"])
        return ("```json\n{\n  \"customer\": {\n    \"name\": \"%s\",\n    \"%s\": \"%s\",\n    \"tier\": \"%s\"\n  },\n  \"open_orders\": %d\n}\n```"
                % (name, key, p, rng.choice(["gold", "silver", "standard"]), rng.randint(0, 9))), extflag
    raise ValueError(ctx)


POS_CONTEXTS = ["email_signature", "reach_me_sentence", "contact_table", "csv_export", "vcard_block", "messenger_mention",
                "oncall_rota", "delivery_note", "web_form", "sms_log", "voicemail_note", "json_record"]
STYLES = ["intl", "intl", "intl_compact", "intl00", "national", "national", "national_paren", "intl_paren0", "national_compact"]
PAREN0 = ("GB", "DE", "CH", "AT", "NL", "IE", "BE")


# ---------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------
def build_negatives(rng):
    out, seen, stats = [], set(), {"redraws": {}, "langs": {}, "cores": 0, "core_countries": {}}
    for cat, fn in NEG_CATS:
        made = 0
        while made < 50:
            del USED[:]
            text, cores = fn(rng)
            langs = sorted(set(USED)) or ["-"]
            bad = scan(text, ALL_NAME_TOKENS)
            if not bad and text in seen:
                bad = [("duplicate", "")]
            for c in cores:
                assert c in text, (c, text)
                if not valid_countries(c):
                    bad.append(("core_not_valid", c))
            if not phone_candidates(text):
                bad.append(("no_phone_shape", ""))
            if bad:
                for k, _ in bad:
                    stats["redraws"][k] = stats["redraws"].get(k, 0) + 1
                continue
            seen.add(text)
            made += 1
            for l in langs:
                stats["langs"][l] = stats["langs"].get(l, 0) + 1
            stats["cores"] += len(cores)
            for c in cores:
                for iso in valid_countries(c):
                    stats["core_countries"][iso] = stats["core_countries"].get(iso, 0) + 1
            out.append({"text": text, "category": cat})
    rng.shuffle(out)
    recs = []
    for i, r in enumerate(out, 1):
        recs.append({"id": "dev20n-%04d" % i, "text": r["text"], "category": r["category"]})
    return recs, stats


def build_positives(rng):
    isos = sorted(PLAN)
    rng.shuffle(isos)
    ctxs = []
    while len(ctxs) < 200:
        c = POS_CONTEXTS + ["reach_me_sentence", "messenger_mention"]
        rng.shuffle(c)
        ctxs += c
    out, seen, stats = [], set(), {"redraws": {}}
    i = 0
    while len(out) < 200:
        iso = isos[len(out) % len(isos)]
        ctx = ctxs[len(out)]
        lang = rng.choice(COUNTRY_LANG[iso]) if rng.random() < 0.7 else rng.choice(LANGS)
        style = rng.choice(STYLES)
        if style == "intl_paren0" and iso not in PAREN0:
            style = "intl"
        if ctx in ("sms_log", "json_record") and rng.random() < 0.7:
            style = "intl_compact"
        if ctx == "csv_export" and style == "national_paren":
            style = "national"
        nsn, pat = make_nsn(rng, iso)
        sep = rng.choice([" ", " ", " ", "-", "."]) if style != "intl_compact" else ""
        if iso in NANP and style == "national" and sep == " ":
            sep = rng.choice(["-", "."])
        p = render(rng, iso, nsn, pat, style, sep or " ")
        fixed = iso in NANP or pat is not PLAN[iso][2][0]
        name = person(rng, lang)
        del USED[:]
        text, extflag = pos_text(rng, ctx, lang, p, name, fixed)
        used = sorted(set(USED)) or [lang]
        bad = []
        if text.count(p) != 1:
            bad.append("value_count")
        if iso not in valid_countries(p):
            bad.append("value_invalid")
        for _s, piece in phone_candidates(text):
            if piece not in p:
                bad.append("other_phone_shape")
        for k, h in scan(text):
            if k != "phone_cue":
                bad.append(k)
        if text in seen:
            bad.append("duplicate")
        if bad:
            for k in bad:
                stats["redraws"][k] = stats["redraws"].get(k, 0) + 1
            continue
        seen.add(text)
        tl = used[0] if len(used) == 1 else lang
        out.append({"text": text, "secrets": [{"kind": "phone_number", "value": p}],
                    "context": "%s:%s:%s%s:%s" % (ctx, iso, style, "+ext" if extflag else "", tl)})
    order = list(range(len(out)))
    rng.shuffle(order)
    recs = []
    for j, k in enumerate(order, 1):
        r = out[k]
        recs.append({"id": "dev20p-%04d" % j, "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return recs, stats


def line_stats(recs):
    ls = [r["text"].count("\n") + 1 for r in recs]
    return {"min": min(ls), "max": max(ls), "single": sum(1 for x in ls if x == 1), "ten_plus": sum(1 for x in ls if x >= 10),
            "twenty_plus": sum(1 for x in ls if x >= 20)}


def write(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    neg, nstats = build_negatives(R)
    pos, pstats = build_positives(R)
    write(os.path.join(HERE, "dev20_negatives.jsonl"), neg)
    write(os.path.join(HERE, "dev20_positives.jsonl"), pos)
    # final re-check
    for r in neg:
        assert not scan(r["text"], ALL_NAME_TOKENS), r["id"]
    for r in pos:
        v = r["secrets"][0]["value"]
        assert v in r["text"] and valid_countries(v)
    import hashlib
    for fn, recs in (("dev20_negatives.jsonl", neg), ("dev20_positives.jsonl", pos)):
        h = hashlib.sha256(open(os.path.join(HERE, fn), "rb").read()).hexdigest()
        print("%s  %d records  sha256 %s" % (fn, len(recs), h))
    if "--stats" in sys.argv:
        from collections import Counter
        print("negatives", len(neg), Counter(r["category"] for r in neg))
        print("  lines", line_stats(neg))
        print("  langs", dict(sorted(nstats["langs"].items())))
        print("  cores", nstats["cores"], "valid-for countries", len(nstats["core_countries"]))
        print("  redraws", nstats["redraws"])
        for cat, _ in NEG_CATS:
            sub = [r for r in neg if r["category"] == cat]
            print("  ", cat, line_stats(sub))
        print("positives", len(pos))
        print("  lines", line_stats(pos))
        print("  redraws", pstats["redraws"])
        ctx = Counter(r["context"].split(":")[0] for r in pos)
        print("  contexts", dict(ctx))
        print("  countries", len(Counter(r["context"].split(":")[1] for r in pos)), dict(Counter(r["context"].split(":")[1] for r in pos)))
        print("  styles", dict(Counter(r["context"].split(":")[2] for r in pos)))
        print("  langs", dict(Counter(r["context"].split(":")[3] for r in pos)))
        print("  labelled-ish", sum(1 for r in pos if re.search(r"(?i)TEL;|mobil|m: |^M |cel|kom\.|моб|手机|携帯|휴대폰|Cep|Port\.|Tél|Direct|T \+|T 0", r["text"])))


if __name__ == "__main__":
    main()
