#!/usr/bin/env python3
"""Blind redaction test set #70: Slack of an electricity utility's smart-metering and billing IT
(Italy, Nigeria, South Africa). Standard library only. Deterministic: random.Random(70 * 101)."""
import base64, binascii, hashlib, ipaddress, json, os, re, struct, unicodedata, uuid, zlib

import random

N = 70
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ALNUM = B62
HEX = "0123456789abcdef"
URLSAFE = B62 + "-_"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def pick(seq):
    return seq[R.randrange(len(seq))]


LAST_K = [0]


def pickk(seq):
    LAST_K[0] = R.randrange(len(seq))
    return seq[LAST_K[0]]


def capf(s):
    return s[0].upper() + s[1:]


def digits(n, first="123456789"):
    return R.choice(first) + rs("0123456789", n - 1)


# ---------------------------------------------------------------- checks
def luhn_ok(s):
    t = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        t += d
    return t % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs("0123456789", length - len(prefix) - 1)
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c


def iban_mod97(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97 == 1


def iban_make(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    chk = 98 - int(num) % 97
    return "%s%02d%s" % (cc, chk, bban)


def it_cin(abi_cab_acc):
    odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
    t = 0
    for i, c in enumerate(abi_cab_acc):
        v = int(c, 36) if c.isdigit() else ord(c) - 65
        if c.isdigit():
            v = int(c)
        t += odd[v] if i % 2 == 0 else v
    return chr(65 + t % 26)


def fr_rib_key(bank, branch, acc):
    return "%02d" % (97 - (89 * int(bank) + 15 * int(branch) + 3 * int(acc)) % 97)


def gen_iban(cc):
    if cc == "IT":
        abi = pick(["03069", "02008", "05034", "03111", "01030", "05387", "03062"])
        cab = digits(5, "0123456789")
        acc = rs("0123456789", 12)
        return iban_make("IT", it_cin(abi + cab + acc) + abi + cab + acc)
    if cc == "DE":
        return iban_make("DE", pick(["37040044", "50010517", "10070000", "20041133", "70020270"]) + rs("0123456789", 10))
    if cc == "FR":
        bank, branch, acc = pick(["30004", "30003", "20041", "10278"]), rs("0123456789", 5), rs("0123456789", 11)
        return iban_make("FR", bank + branch + acc + fr_rib_key(bank, branch, acc))
    if cc == "NL":
        return iban_make("NL", pick(["INGB", "ABNA", "RABO", "TRIO", "SNSB"]) + rs("0123456789", 10))


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def ssn_ok(s):
    a, g, n = s.split("-")
    return a not in ("000", "666") and a[0] != "9" and g != "00" and n != "0000"


def is_public_ip(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


# ---------------------------------------------------------------- scanner
EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}")
SLACK = re.compile(r"xox[abposre]-\d{4,}-[A-Za-z0-9\-]+|xox[abposre]-[A-Za-z0-9]{10,}")
SK = re.compile(r"sk-[A-Za-z0-9_\-]{29,}")
JWT = re.compile(r"eyJ[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{4,}")
SSN = re.compile(r"(?<!\d)\d{3}[- ]\d{2}[- ]\d{4}(?!\d)")
IBANC = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,34}")
PEM = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(.*?)(?:-----END|$)", re.S)
AKIA = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d|\.\d)")
USERINFO = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://([^:/@\s]+):([^@\s/]*)@")
TOK = re.compile(r"\+?\d+")
PLACEHOLDER_PW = {"password", "pass", "passwd", "changeme", "secret", "guest", "admin", "root", "postgres", "user",
                  "pwd", "test", "example", "mypassword", "your_password", "yourpassword", "pw", "redacted", "xxx", ""}
PHONE_GAPS = {" ", "-", ".", "/", ") ", ")", " (", "(", ")-"}


def ascii_digits(text):
    out = []
    for c in text:
        if ord(c) > 127:
            d = unicodedata.decimal(c, None)
            if d is not None:
                c = str(d)
        out.append(c)
    return "".join(out)


def is_placeholder_pw(pw):
    p = pw.lower()
    if p in PLACEHOLDER_PW:
        return True
    return bool(re.fullmatch(r"\$\{.*\}|\$[A-Za-z_]+|<.*>|\{\{.*\}\}|\*+|x+|%[A-Za-z_]+%|\[.*\]|\.\.\.|…", pw, re.I))


def phone_digits_match(d, plus):
    if plus or d.startswith("00"):
        r = d[2:] if d.startswith("00") else d
        for cc in ("39", "234", "27"):
            if r.startswith(cc + "0") and cc != "39":
                r = cc + r[len(cc) + 1:]
        if r.startswith("39") and 6 <= len(r) - 2 <= 11:
            return True
        if r.startswith("234") and 7 <= len(r) - 3 <= 10:
            return True
        if r.startswith("27") and len(r) - 2 == 9:
            return True
        if r.startswith("1") and re.fullmatch(r"1[2-9]\d{2}[2-9]\d{6}", r):
            return True
        if plus:
            return False
    pats = [r"3\d{8,9}", r"0\d{7,10}", r"234[789][01]\d{8}", r"27[1-8]\d{8}", r"393\d{8,9}",
            r"1?[2-9]\d{2}[2-9]\d{6}", r"[789][01]\d{8}", r"2340[789][01]\d{8}", r"270[1-8]\d{8}"]
    return any(re.fullmatch(p, d) for p in pats)


def chains(text, gaps):
    toks = list(TOK.finditer(text))
    out, cur = [], []
    for t in toks:
        if cur and text[cur[-1].end():t.start()] in gaps and not t.group().startswith("+"):
            cur.append(t)
        else:
            if cur:
                out.append(cur)
            cur = [t]
    if cur:
        out.append(cur)
    return out


def word_before(text, i):
    return i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")


def word_after(text, i):
    return i < len(text) and (text[i].isalnum() or text[i] == "_")


def scan(text):
    text = ascii_digits(text)
    hits = []
    for m in EMAIL.finditer(text):
        hits.append(("email", m.group()))
    for m in GH.finditer(text):
        body = m.group().split("_", 1)[1] if m.group().startswith("gh") else m.group()[11:]
        if len(set(body.replace("_", ""))) > 1:
            hits.append(("github", m.group()))
    for m in SLACK.finditer(text):
        if not re.search(r"X{3,}$", m.group()):
            hits.append(("slack", m.group()))
    for m in SK.finditer(text):
        hits.append(("sk", m.group()))
    for m in JWT.finditer(text):
        hits.append(("jwt", m.group()))
    for m in SSN.finditer(text):
        hits.append(("ssn", m.group()))
    for m in IBANC.finditer(text):
        s = m.group().replace(" ", "")
        for L in range(15, min(34, len(s)) + 1):
            if iban_mod97(s[:L]):
                hits.append(("iban", s[:L]))
                break
    for m in PEM.finditer(text):
        body = m.group(1)
        if "..." not in body and "…" not in body and re.search(r"[A-Za-z0-9+/]{40,}", body):
            hits.append(("pem", body[:30]))
    for m in AKIA.finditer(text):
        if "EXAMPLE" not in m.group():
            hits.append(("akia", m.group()))
    for m in IPV4.finditer(text):
        if all(int(g) <= 255 for g in m.groups()) and is_public_ip(m.group()):
            hits.append(("ipv4", m.group()))
    for m in USERINFO.finditer(text):
        if not is_placeholder_pw(m.group(2)):
            hits.append(("userinfo", m.group()))
    # Luhn: plain digit runs and runs grouped with single spaces or dashes
    for ch in chains(text, {" ", "-"}):
        for i in range(len(ch)):
            d = ""
            for j in range(i, len(ch)):
                d += ch[j].group().lstrip("+")
                if len(d) > 19:
                    break
                if 13 <= len(d) and not word_before(text, ch[i].start()) and not word_after(text, ch[j].end()):
                    if luhn_ok(d):
                        hits.append(("luhn", d))
    # phones
    for ch in chains(text, PHONE_GAPS):
        for i in range(len(ch)):
            if word_before(text, ch[i].start()):
                continue
            if ch[i].group() == "0" and i + 1 < len(ch):
                continue
            d = ""
            plus = ch[i].group().startswith("+")
            for j in range(i, min(len(ch), i + 7)):
                d += ch[j].group().lstrip("+")
                if len(d) > 15:
                    break
                if word_after(text, ch[j].end()):
                    continue
                if len(d) >= 8 and phone_digits_match(d, plus):
                    hits.append(("phone", text[ch[i].start():ch[j].end()]))
    return hits


# ---------------------------------------------------------------- theme material
LEAD = ["Ciao a tutti, ", "Ragazzi, ", "FYI: ", "Buongiorno, ", "Allora, ", "Good morning all, ", "Please note: ",
        "Kindly see below. ", "Abeg check am: ", "Oga, see this one: ", "Wetin dey happen here? ", "E kaaro o, ",
        "Ẹ jọ̀ọ́ ẹ wo eyi: ", "Sannu da aiki, ", "Don Allah a duba: ", "Howzit team, ", "Just now: ", "Môre almal, ",
        "Kyk hier asseblief: ", "Sawubona, ", "Sicela nibheke lokhu: ", "Heads up, ", "Quick one: ", "Per info, "]
TRAIL = ["grazie 🙏", "fatemi sapere", "abeg make una check am", "e se o", "na gode", "baie dankie", "ngiyabonga",
         "sharp sharp", "ayoba", "thanks, will revert", "no wahala", "ok, lekker", "a dopo", "nagode sosai",
         "shot 👍", "dankie", "ciao"]


def deco(t, lead_p=0.3, trail_p=0.15):
    if R.random() < lead_p:
        lead = pick(LEAD)
        t = lead + t if "\n" not in t[:80] else lead.rstrip() + "\n" + t
    if R.random() < trail_p:
        t = t + ("\n" if "\n" in t else " ") + pick(TRAIL)
    return t


DISCOS_NG = ["IKEDC", "EKEDC", "AEDC", "PHED", "IBEDC", "KEDCO", "EEDC", "BEDC", "JEDC"]
ZA_MUN = ["City Power", "Tshwane", "CoCT", "eThekwini", "Ekurhuleni", "Mangaung", "Eskom Direct"]
IT_DSO = ["e-distribuzione", "Areti", "Unareti", "Edyna", "SET Distribuzione", "Inrete"]
CITIES_IT = ["Milano", "Roma", "Torino", "Bari", "Palermo", "Bologna", "Napoli", "Verona"]
CITIES_NG = ["Ikeja", "Lekki", "Surulere", "Wuse II", "Garki", "Port Harcourt", "Ibadan", "Kano", "Kaduna", "Enugu"]
CITIES_ZA = ["Soweto", "Sandton", "Khayelitsha", "Umlazi", "Mamelodi", "Bellville", "Polokwane", "Durban North"]
BANDS = ["Band A", "Band B", "Band C", "Band D", "Band E"]


def meter_no():
    # 11 or 13 digits, first digit chosen to stay clear of phone shapes
    return pick("45689") + rs("0123456789", pick([10, 10, 12]))


def sts_token(sep=" "):
    while True:
        groups = [pick("123456789") + rs("0123456789", 3) for _ in range(5)]
        t = sep.join(groups)
        if not scan(t):
            return t


def pod():
    return "IT%s%s%08d" % (pick(["001", "002", "012", "020", "031", "044"]), "E", R.randrange(10 ** 8))


def pdr():
    while True:
        p = "0" + rs("0123456789", 13)
        if not luhn_ok(p):
            return p


def acct_ng():
    return "%s/%s/%s/%s-01" % (digits(2), digits(2), digits(2), digits(4))


def inv_no():
    return "%s%s-%s" % (pick(["FT", "FAT", "INV", "BIL", "RCP"]), R.randrange(2024, 2027), digits(pick([7, 8, 9])))


def amount(cur):
    v = R.randrange(1000, 9999999) / 100
    if cur == "EUR":
        return ("€ %.2f" % v).replace(".", ",")
    if cur == "NGN":
        return "₦{:,.2f}".format(v * 10)
    return "R{:,.2f}".format(v / 3).replace(",", " ")


def date():
    return "%04d-%02d-%02d" % (R.randrange(2024, 2027), R.randrange(1, 13), R.randrange(1, 29))


def ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (date(), R.randrange(24), R.randrange(60), R.randrange(60), R.randrange(1000))


def priv_ip():
    return pick(["10.%d.%d.%d" % (R.randrange(256), R.randrange(256), R.randrange(1, 255)),
                 "172.%d.%d.%d" % (R.randrange(16, 32), R.randrange(256), R.randrange(1, 255)),
                 "192.168.%d.%d" % (R.randrange(256), R.randrange(1, 255))])


def scada_tag():
    return pick([
        "IT.%s.CP-%s.TR%d.%s" % (pick(["MI", "RM", "TO", "NA"]), pick(["Lambrate", "Ostiense", "Mirafiori", "Bagnoli"]),
                                 R.randrange(1, 4), pick(["P_MW", "Q_MVAR", "I_A", "U_kV", "TAP_POS"])),
        "NG.%s.INJ-33KV.FDR%02d.%s" % (pick(["IKJ", "EKO", "ABJ", "PH", "KAN"]), R.randrange(1, 20), pick(["IA", "IB", "IC", "CB_STATUS", "MW"])),
        "ZA.%s.SS%02d.%s.%s" % (pick(["GP.SOW", "WC.KHY", "KZN.UML", "GP.MAM"]), R.randrange(1, 40), pick(["TX1", "TX2", "RMU3"]),
                                pick(["P_MW", "Breaker.Open", "OLTC.Pos", "V_LL"]))])


def uuid4():
    return str(uuid.UUID(bytes=bytes(R.randrange(256) for _ in range(16)), version=4))


def hexs(n):
    return rs(HEX, n)


def b64(b):
    return base64.b64encode(b).decode()


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


# ---------------------------------------------------------------- real binary formats
def png(w, h, rgb):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif1(rgb):
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes(rgb) + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def wav(n):
    data = bytes(128 + int(40 * ((i % 20) - 10) / 10) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + data)


def pdf_min(title):
    body = "%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" \
           "3 0 obj<</Title(%s)>>endobj\ntrailer<</Root 1 0 R/Info 3 0 R>>\n%%%%EOF\n" % title
    return body.encode()


def svg(color, shape):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s'
            '</svg>' % shape.replace("COL", color)).encode()


SVG_SHAPES = ['<path d="M13 2L3 14h7l-1 8 10-12h-7z" fill="COL"/>', '<circle cx="12" cy="12" r="9" fill="COL"/>',
              '<rect x="4" y="6" width="16" height="12" rx="2" fill="COL"/>', '<path d="M4 20h16M12 4v12" stroke="COL"/>']
COLORS = ["#f5a623", "#0f9d58", "#e30613", "#00a3e0", "#ffcc00", "#1d3557", "#2a9d8f"]


# ================================================================ NEGATIVES
def n_data_uri():
    kind = R.randrange(12)
    col = pick(COLORS)
    if kind == 0:
        img = b64(png(R.randrange(1, 5), R.randrange(1, 5), [R.randrange(256) for _ in range(3)]))
        return pick([
            ".meter-status--ok::before {\n  content: \"\";\n  background: url(\"data:image/png;base64,%s\") no-repeat;\n}" % img,
            "<img class=\"logo-bolletta\" alt=\"logo\" src=\"data:image/png;base64,%s\">" % img,
            "Il PDF della bolletta incorpora il logo così: `data:image/png;base64,%s` — è solo il pixel del brand." % img])
    if kind == 1:
        g = b64(gif1([R.randrange(256) for _ in range(3)]))
        return "tracking pixel for the prepaid receipt e-mail template (no PII, just a spacer):\n```html\n<img width=\"1\" height=\"1\" src=\"data:image/gif;base64,%s\">\n```" % g
    if kind == 2:
        s = b64(svg(col, pick(SVG_SHAPES)))
        return pick(["```css\n.icon-outage { background-image: url(data:image/svg+xml;base64,%s); }\n```" % s,
                     "Abeg who change the outage icon? na this one dey prod now: data:image/svg+xml;base64,%s" % s,
                     "Die ikoon vir 'load shedding stage' in die app:\n`data:image/svg+xml;base64,%s`" % s])
    if kind == 3:
        rows = ["fascia,prezzo_eur_kwh,validita"] + ["%s,0.%04d,%s" % (f, R.randrange(1000, 4000), date()) for f in ("F1", "F2", "F3")]
        d = b64(("\n".join(rows) + "\n").encode())
        return "il link di download del tariffario nel portale è un data URI:\n<a download=\"tariffe.csv\" href=\"data:text/csv;base64,%s\">Scarica</a>" % d
    if kind == 4:
        p = b64(pdf_min(pick(["Bolletta", "Statement", "Invoice", "Rekening"])))
        return "```python\n# fixture for the invoice renderer test\nEMPTY_PDF = \"data:application/pdf;base64,%s\"\n```" % p
    if kind == 5:
        w = b64(wav(R.randrange(24, 80)))
        return "IVR beep wey we dey play before the token readout:\n```\nBEEP = \"data:audio/wav;base64,%s\"\n```\nE short well well, no worry." % w
    if kind == 6:
        sm = {"version": 3, "file": pick(["vend.min.js", "meter-portal.js", "bolletta.js"]), "sources": [pick(["src/vend.ts", "src/tariff.ts", "src/outage.ts"])],
              "names": ["token", "meterNo", "units"], "mappings": "AAAA,SAASA,GAAG;" + rs("ABCDEFGIKQ", 6)}
        e = b64(json.dumps(sm, separators=(",", ":")).encode())
        return "//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n\n^ that is why the bundle is 2x bigger in prod, somebody left inline source maps on" % e
    if kind == 7:
        img = b64(png(2, 2, [R.randrange(256) for _ in range(3)]))
        return json.dumps({"cell_type": "code", "outputs": [{"data": {"image/png": img, "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
                                                             "output_type": "display_data"}], "source": ["df.plot(x='hour', y='kwh')"]}, indent=1)
    if kind == 8:
        s = svg(col, pick(SVG_SHAPES)).decode()
        import urllib.parse
        return "Ngicela ningasebenzisi base64 lapha, sebenzisa lokhu:\n`url(\"data:image/svg+xml,%s\")`" % urllib.parse.quote(s, safe="=/: ")
    if kind == 9:
        img = b64(png(R.randrange(3, 9), R.randrange(3, 9), [R.randrange(256) for _ in range(3)]))
        cut = R.randrange(30, len(img) - 10)
        return pick(["CSP report: blocked 'data:image/png;base64,%s…' in img-src on /prepaid/vend" % img[:cut],
                     "data:image/png;base64,%s... [%d more chars]" % (img[:cut], len(img) - cut)])
    if kind == 10:
        lines = ["%s  INFO  pdf-render  embed logo=%s bytes=%d" % (ts(), pick(["edistr", "disco", "metro"]), R.randrange(80, 900)) for _ in range(R.randrange(2, 6))]
        img = b64(png(1, 1, [R.randrange(256) for _ in range(3)]))
        lines.append("%s  DEBUG pdf-render  header_img=data:image/png;base64,%s" % (ts(), img))
        return "```\n" + "\n".join(lines) + "\n```"
    txt = pick(["Gentile cliente, la sua lettura è stata acquisita.", "Your token has been generated. Enter it on the keypad.",
                "Jou krag is herlaai.", "Ukugcwalisa kwakho kuphumelele.", "Your meter has been credited."])
    e = b64(txt.encode())
    return "the SMS template is stored base64 in the DB col `body_b64`: `%s`\n`echo %s | base64 -d` gives just the static text" % (e, e)


def n_placeholder():
    k = R.randrange(14)
    if k == 0:
        return ".env.example for the vending gateway:\n```\nVEND_API_URL=https://vend.example.ng/api/v2\nVEND_API_KEY=<your-vend-api-key>\nVEND_HMAC_SECRET=\nSTS_HSM_PIN=changeme\nSMS_SENDER_ID=DISCO\n```"
    if k == 1:
        return pick(["AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n^ keys from the AWS docs, the billing-export lambda README uses them",
                     "nel README del bucket `letture-%s` ci sono ancora le chiavi di esempio AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY, vanno bene così" % pick(["orarie", "mensili", "2g"])])
    if k == 2:
        return "`%s`" % pick(["OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-...", "SLACK_BOT_TOKEN=xoxb-your-bot-token",
                             "GITHUB_TOKEN=ghp_" + "x" * 36, "SLACK_USER_TOKEN=xoxp-XXXXXXXXXXXX", "github_pat_...",
                             "OPENAI_API_KEY=sk-proj-xxxxxxxx", "token: xoxb-XXXXXXXXXXXXXXXX"]) + pick([" — placeholder in the template, no worry", " segnaposto", " (dummy)", ""])
    if k == 3:
        return "-----BEGIN %s PRIVATE KEY-----\nMIIEv...snip...\n-----END %s PRIVATE KEY-----\n^ so la chiave del vending HSM va messa così nel secret, non incollatela qui" % ((pick(["RSA", "EC"]),) * 2)
    if k == 4:
        return pick(["Card on file: •••• %04d (exp **/**)" % R.randrange(10000), "Carta: **** **** **** %04d" % R.randrange(10000),
                     "IBAN: IT** **** **** **** **** ***%d %03d" % (R.randrange(10), R.randrange(1000)),
                     "card_number: xxxx-xxxx-xxxx-xxxx", "SSN field for the US contractor: XXX-XX-XXXX (masked in the HR export)",
                     "IBAN: DE00 0000 0000 0000 0000 00", "IBAN NL00 XXXX 0000 0000 00 (placeholder in the SEPA mandate form)"])
    if k == 5:
        return "```yaml\nmdm:\n  head_end:\n    url: https://hes.internal.%s/api\n    username: svc_mdm\n    password: ${HES_PASSWORD}\n  sftp:\n    host: %s\n    password: \"\"\n```" % (pick(["lan", "corp", "local"]), priv_ip())
    if k == 6:
        return pick(["DATABASE_URL=postgres://user:password@localhost:5432/billing",
                     "amqp://guest:guest@localhost:5672/ — default creds for the local meter-event queue",
                     "mysql://root:root@127.0.0.1:3306/vending_dev",
                     "jdbc:postgresql://%s:5432/mdm?user=<username>&password=<password>" % priv_ip(),
                     "mongodb+srv://<user>:<password>@<cluster>/letture?retryWrites=true",
                     "redis://:${REDIS_PASSWORD}@%s:6379/0" % priv_ip()])
    if k == 7:
        return "log line after the fix:\n`%s INFO vend ok meter=%s token=[REDACTED] amount=%s operator_pin=*** msisdn=<redacted>`" % (ts(), meter_no(), amount("NGN"))
    if k == 8:
        return "```ini\n[sap_isu]\nhost = %s\nclient = 100\nuser = RFC_BILLING\npassword = ********\n; vera password nel vault: secret/isu/rfc\n```" % priv_ip()
    if k == 9:
        return "```hcl\nresource \"aws_secretsmanager_secret\" \"sts_vend\" {\n  name = \"prod/sts/vend-gateway\"\n}\n# value set out of band, never here\nvariable \"sftp_password\" {\n  sensitive = true\n}\n```"
    if k == 10:
        return pick(["Il campo `pwd` nel CSV del fornitore è sempre `*****`, lo mascherano loro.",
                     "Default login for the new AMI data concentrator na admin/admin, change am for first boot o!",
                     "Die verstek wagwoord op die nuwe DCU's is 'admin' — verander dit voor dit op die netwerk kom.",
                     "The webhook URL in the runbook is https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX, the sample one."])
    if k == 11:
        return "```json\n{\"vendor\": \"%s\", \"api_key\": \"{{ vault \\\"secret/vend/%s\\\" }}\", \"client_secret\": \"(sensitive value)\", \"pin\": \"[MASKED]\"}\n```" % (pick(DISCOS_NG), pick(["ikedc", "aedc", "phed"]))
    if k == 12:
        return "op://Metering/%s/password  ← usa il riferimento 1Password nel .env, non il valore" % pick(["HES-Landis", "SFTP-Terna", "ISU-RFC", "SMSC"])
    if R.random() < 0.4:
        return pick(["Numero cliente mascherato nel CRM: +39 3** *** **%02d" % R.randrange(100), "msisdn=234***%04d (masked)" % R.randrange(10000),
                     "cell: 08* *** **%02d" % R.randrange(100), "Tel: ***-***-**%02d" % R.randrange(100), "e-mail: c*****@*****.it"])
    ph = pick(["+39 3XX XXX XXXX", "080X XXX XXXX", "+234 8XX XXX XXXX", "0XX XXX XXXX", "+27 XX XXX XXXX", "(XXX) XXX-XXXX"])
    return "Format hint on the customer form: phone `%s`, e-mail `name@domain`, no real numbers in the screenshot please" % ph


IDW = ["Sts", "Token", "Vend", "Meter", "Secret", "Password", "Iban", "Pod", "Pdr", "Tariff", "Key", "Revision", "Decoder",
       "Msisdn", "Phone", "Email", "Billing", "Credential", "Hsm", "Kct", "Supply", "Account", "Ssn", "Pin", "Api", "Outage"]


def camel(n):
    w = [pick(IDW) for _ in range(n)]
    return w[0].lower() + "".join(w[1:])


def snake(n):
    return "_".join(pick(IDW).lower() for _ in range(n))


def n_code_identifier():
    k = R.randrange(10)
    pk = pick(["it.luce.billing", "ng.disco.vending", "za.metro.amr", "com.utility.mdm"])
    if k == 0:
        lines = ["%s ERROR [vend-worker-%d] %s.sts.%s - STS token generation failed" % (ts(), R.randrange(8), pk, capf(camel(2)))]
        lines.append("%s.exception.%sException: HSM returned KRN mismatch" % (pk, capf(camel(3))))
        for _ in range(R.randrange(4, 22)):
            c = camel(3)
            lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pk, pick(["sts", "hsm", "tariff", "crypto", "web"]), capf(c), camel(2), capf(camel(2)), R.randrange(20, 900)))
        return "```\n" + "\n".join(lines) + "\n```"
    if k == 1:
        return "```sql\nSELECT %s, %s, %s_last4, %s_hash\nFROM billing.%s\nWHERE %s IS NOT NULL;\n```" % (
            snake(2), snake(2), pick(["iban", "card", "msisdn"]), pick(["password", "pin", "token"]), snake(2), snake(3))
    if k == 2:
        return "rename `%s` → `%s` please, na confusing name" % (camel(3), camel(4))
    if k == 3:
        return "```python\nclass %s:\n    def %s(self, meter_no: str, %s: int) -> str:\n        return self._%s.%s(meter_no)\n```" % (
            capf(camel(2)), snake(3), snake(2), snake(2), snake(2))
    if k == 4:
        h = hexs(10)
        rows = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
        for svc in pick([["sts-vend-api", "tariff-engine", "meter-ingest"], ["bollettazione-batch", "pod-anagrafica"], ["amr-collector", "outage-notifier", "token-sms"]]):
            rows.append("%-38s 1/1     Running   %d          %dd" % ("%s-%s-%s" % (svc, hexs(10), rs("bcdfghjklmnpqrstvwxz2456789", 5)), R.randrange(4), R.randrange(1, 90)))
        return "```\n$ kubectl -n metering get pods\n" + "\n".join(rows) + "\n```"
    if k == 5:
        return "Terraform plan touches `module.%s.aws_secretsmanager_secret.%s` and `aws_iam_role.%s` — solo rinomina, nessun valore" % (snake(2), snake(2), snake(2))
    if k == 6:
        return "```go\nfunc (s *%sService) %s(ctx context.Context, meterNo string) (*%s, error) {\n\tkey, err := s.hsm.%s(ctx, s.cfg.%s)\n```" % (
            capf(camel(2)), capf(camel(3)), capf(camel(2)), capf(camel(2)), capf(camel(2)))
    if k == 7:
        return "SCADA tags wey dey report bad quality since morning:\n" + "\n".join("- `%s`" % scada_tag() for _ in range(R.randrange(2, 9)))
    if k == 8:
        return "feature flags: `%s`, `%s`, `%s` — almal af in prod" % (snake(3), snake(2), snake(3))
    return "```typescript\nexport interface %s {\n  %s: string;\n  %s?: number;\n  %s: boolean;\n}\n```" % (capf(camel(2)), camel(2), camel(3), camel(2))


def ulid():
    return rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26)


def n_blob():
    k = R.randrange(15)
    if k == 10:
        lines = ["commit %s" % hexs(40), "Merge: %s %s" % (hexs(7), hexs(7)), "Date:   %s" % ts(), "",
                 "    " + pick(["fix(tariff): fasce F1/F2/F3 per il 2026", "feat(vend): support KRN 2 after SGC change",
                           "chore(mdm): bump HES client", "fix(billing): DST double-hour on 27 Oct"])]
        return "```\n$ git log -1\n" + "\n".join(lines) + "\n```"
    if k == 11:
        return "\n".join("%s  %s" % (ulid(), pick(["reading.accepted", "reading.estimated", "token.vended", "invoice.issued", "outage.opened"])) for _ in range(R.randrange(2, 12)))
    if k == 12:
        return "Mongo ids of the stuck vend requests: " + ", ".join('ObjectId("%s")' % hexs(24) for _ in range(R.randrange(2, 6)))
    if k == 13:
        return "Batch UUIDs del ciclo %d:\n" % R.randrange(1, 7) + "\n".join("- %s" % uuid4() for _ in range(R.randrange(2, 10)))
    if k == 14:
        return "image: registry.internal/metering/%s@sha256:%s" % (pick(["sts-vend-api", "tariff-engine", "amr-collector", "bollettazione"]), hexs(64))
    if k == 0:
        return "deployed `billing-run:%s` (git %s, image sha256:%s)" % (pick(["2026.05.1", "v3.8.2", "r47"]), hexs(40), hexs(64))
    if k == 1:
        return "```\n" + "\n".join("%s  %s" % (hexs(64), pick(["LETTURE_", "BILL_", "VEND_", "TARIFF_"]) + date().replace("-", "") + pick([".csv.gz", ".xml", ".zip", ".json"])) for _ in range(R.randrange(2, 9))) + "\n```\nsha256sum of the files we dropped on the SFTP"
    if k == 2:
        return "correlation_id=%s  traceparent=00-%s-%s-01" % (uuid4(), hexs(32), hexs(16))
    if k == 3:
        lines = [json.dumps({"ts": ts(), "level": "info", "svc": pick(["vend", "mdm", "bill"]), "trace_id": hexs(32), "span_id": hexs(16),
                             "msg": pick(["token vended", "reading ingested", "invoice rendered", "tariff cached"])}) for _ in range(R.randrange(1, 7))]
        return "\n".join(lines)
    if k == 4:
        return "`integrity: sha512-%s`\nlockfile diff na only this, e no concern us" % b64(rbytes(64))
    if k == 5:
        return "SOPS file for the vending secrets is encrypted, e.g. `vend_hmac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]`" % (
            b64(rbytes(R.randrange(20, 40))), b64(rbytes(32)), b64(rbytes(16)))
    if k == 6:
        return "ETag: \"%s-%d\"\nx-amz-request-id: %s\nx-amz-id-2: %s" % (hexs(32), R.randrange(2, 40), rs("0123456789ABCDEF", 16), b64(rbytes(57)))
    if k == 7:
        return "Hash van die Eskom-tariefleer: `%s` (md5 %s)" % (hexs(64), hexs(32))
    if k == 8:
        cur = b64(json.dumps({"last_meter": meter_no(), "page": R.randrange(2, 400)}).encode()).rstrip("=")
        return "paginazione API letture: `next_cursor=%s`" % cur
    return "ssh host key fingerprint of the new DCU gateway: SHA256:%s (ED25519)" % b64(rbytes(32)).rstrip("=")


def n_pii_number():
    k = R.randrange(15)
    if k == 12:
        rows = ["%s;%s;%s;%s" % (pod(), date(), "{:,}".format(R.randrange(100, 60000)).replace(",", "."), pick(["EFFETTIVA", "STIMATA", "AUTOLETTURA"])) for _ in range(R.randrange(3, 24))]
        return "Flusso letture dal distributore (%s):\n```\npod;data;lettura_kwh;tipo\n" % pick(IT_DSO) + "\n".join(rows) + "\n```"
    if k == 13:
        return "Fattura n. %s del %s, importo %s, scadenza %s. Conguaglio %s." % (inv_no(), date(), amount("EUR"), date(), amount("EUR"))
    if k == 14:
        rows = ["%s | %s | %s kWh | %s" % (meter_no(), pick(CITIES_ZA), R.randrange(0, 900), pick(["OK", "TAMPER", "NO COMMS", "LOW CREDIT"])) for _ in range(R.randrange(2, 15))]
        return "AMR exceptions (%s):\n" % pick(ZA_MUN) + "\n".join(rows)
    if k == 0:
        hdr = "meter_no,sts_token,units_kwh,amount,vended_at"
        rows = ["%s,%s,%.1f,%s,%s" % (meter_no(), sts_token("").replace(" ", ""), R.randrange(50, 3000) / 10, "%.2f" % (R.randrange(100000, 5000000) / 100), ts()) for _ in range(R.randrange(3, 26))]
        return pick(["Vend export for reconciliation (%s):\n" % pick(DISCOS_NG), "Export van vanoggend:\n", ""]) + "```\n" + hdr + "\n" + "\n".join(rows) + "\n```"
    if k == 1:
        return pick(["Customer say token no load: %s. Meter %s. Abeg check if KRN change." % (sts_token(), meter_no()),
                     "Token %s rejected with 'Used'. Meter no %s, %s." % (sts_token("-"), meter_no(), pick(CITIES_ZA)),
                     "Iyo token %s ko wọle, meter %s" % (sts_token(), meter_no())])
    if k == 2:
        return "KCT for meter %s after the SGC change:\n1) %s\n2) %s\nthen the normal credit token." % (meter_no(), sts_token(), sts_token())
    if k == 3:
        return "POD %s e PDR %s, voltura in corso. Lettura %s kWh al %s." % (pod(), pdr(), "{:,}".format(R.randrange(1000, 99999)).replace(",", "."), date())
    if k == 4:
        rows = ["| %s | %s | %s | %s |" % (pod(), pick(["D2", "D3", "BTA1", "BTA3", "MTA"]), "%d,%d kW" % (R.randrange(1, 16), R.randrange(10)), pick(CITIES_IT)) for _ in range(R.randrange(2, 12))]
        return "| POD | tariffa | potenza | comune |\n|---|---|---|---|\n" + "\n".join(rows)
    if k == 5:
        rates = sorted((R.randrange(4000, 22500) / 100 for _ in BANDS), reverse=True)
        rows = ["| %s | %s | %s |" % (b, "₦%.2f/kWh" % r, "%d+ hrs" % h) for b, r, h in zip(BANDS, rates, (20, 16, 12, 8, 4))]
        return "NERC MYTO tariff by band (%s):\n| band | rate | supply |\n|---|---|---|\n" % pick(DISCOS_NG) + "\n".join(rows)
    if k == 6:
        rows = ["%s: %s c/kWh" % (b, "%.2f" % (R.randrange(20000, 50000) / 100)) for b in ("Block 1 (0-350 kWh)", "Block 2 (351-500 kWh)", "Block 3 (501-600 kWh)", "Block 4 (>600 kWh)")]
        return "%s domestic prepaid %d/%d tariffs:\n" % (pick(ZA_MUN), R.randrange(2024, 2026), R.randrange(25, 28)) + "\n".join(rows)
    if k == 7:
        return "Outage ticket %s — %s feeder %s tripped at %s, %d customers, restored %s" % (
            pick(["OUT-%d-%06d" % (R.randrange(2024, 2027), R.randrange(10 ** 6)), "INC%07d" % R.randrange(10 ** 7), "GUASTO-%d/%05d" % (R.randrange(2024, 2027), R.randrange(10 ** 5))]),
            pick(CITIES_NG + CITIES_ZA + CITIES_IT), "FDR%02d" % R.randrange(1, 30), ts(), R.randrange(40, 40000), ts())
    if k == 8:
        reg, cur = pick([("IT-C3", "EUR"), ("NG-POST", "NGN"), ("ZA-MUN", "ZAR")])
        return "Billing run %s: %s invoices, %s total, %d failed (%s)" % (
            "BR-%s-%s" % (date().replace("-", ""), reg), "{:,}".format(R.randrange(10000, 2000000)),
            amount(cur), R.randrange(0, 400), pick(["tariff missing", "estimated read", "meter swap", "DST edge"]))
    if k == 9:
        return "Account %s %s, invoice %s, amount %s due %s." % (pick(["no.", "number"]), acct_ng(), inv_no(), amount("NGN"), date())
    if k == 10:
        rows = ["%02d:00;%s;%s" % (h, "%d,%03d" % (R.randrange(0, 3), R.randrange(1000)), pick(["A", "E", "M"])) for h in range(R.randrange(4, 24))]
        return "Curva oraria POD %s (%s):\n```\nora;kWh;qualita\n" % (pod(), date()) + "\n".join(rows) + "\n```"
    return "fw %s on %d DCUs, meter firmware %s; Unix ts %d; ref %s" % (
        "%d.%d.%d" % (R.randrange(1, 9), R.randrange(20), R.randrange(100)), R.randrange(10, 900), "v%d.%d.%d-b%d" % (R.randrange(1, 5), R.randrange(10), R.randrange(20), R.randrange(1000)),
        R.randrange(1700000000, 1800000000), "TRX%s" % rs("0123456789", 12))


TALK = [
    "Ricordo a tutti: le password dei sistemi di misura non si scrivono in chat, usate il vault.",
    "Abeg nobody should paste the vending API key for here again, we don rotate am yesterday.",
    "Please don't post customers' phone numbers or account emails in this channel, NDPR wahala.",
    "Who get access to the HSM admin PIN? E suppose be dual control.",
    "Ons moet die SFTP-wagwoord vir die Eskom-lêers roteer voor Vrydag.",
    "Sicela ningabhali amaphasiwedi lapha, sebenzisani i-vault.",
    "La chiave privata del certificato del portale scade il mese prossimo, serve la CSR nuova.",
    "Don Allah kada ku saka kalmar sirri a nan.",
    "Ẹ má ṣe fi ọ̀rọ̀ aṣínà sí ibí yìí o.",
    "The IBAN on the supplier master data was changed without a four-eyes check, audit wants a ticket.",
    "GDPR: i numeri di telefono dei clienti nel dump vanno pseudonimizzati prima di passarlo a test.",
    "Rotated the SMS gateway token, new one is in Secrets Manager under prod/sms — not pasting it here.",
    "POPIA reminder: no ID numbers or cellphone numbers in tickets, reference the account only.",
    "The secret scanner flagged the STS test tokens again; those are 20-digit credit tokens, not credentials.",
    "Chi ha la password dell'utenza RFC per ISU? Non scrivetela qui, mandatemi il link del vault.",
    "Card payments on the web vend go through the PSP; we never see the PAN, only the last four.",
    "Una don see am? Somebody commit .env with the DB password, I don revoke am and force-push the history.",
    "Vending key revision moving from KRN 1 to 2 next week; the new keys stay inside the HSM, no one handles them.",
    "Die private key vir die API-sertifikaat lê in die HSM, ons kan dit nie uitvoer nie.",
    "Per il token JWT del portale clienti: durata 15 minuti, refresh token 7 giorni, firmato RS256.",
    "OpenAI key for the bill-explainer bot was leaked in a screenshot, I revoked it and opened INC for it.",
    "If you need the AWS keys for the billing export, ask in #sec-access, no DMs with the secret pls.",
    "Anthropic API key for the outage summariser is per environment, stored in SSM Parameter Store.",
    "Slack bot token for the outage-alerts app got reinstalled, old token dead.",
    "GitHub fine-grained PAT for the tariff repo expires in 30 days, set a reminder.",
    "Ngicela ningafaki izinombolo zocingo zamakhasimende kuma-screenshot.",
    "Customer called from a number not on file and wanted the token resent, we followed the OTP process.",
    "La regex del DLP sulle email dei clienti dà troppi falsi positivi sui codici POD, va rivista.",
    "Na SSN dem dey ask the US contractor for W-9, send am through the HR portal, no Slack.",
    "Wagwoorde moet elke 90 dae verander vir alle SCADA-rekeninge.",
]


def n_talk():
    k = R.randrange(5)
    if k == 0:
        return pick(TALK)
    if k == 1:
        return " ".join(R.sample(TALK, R.randrange(2, 4)))
    if k == 2:
        s = R.sample(TALK, R.randrange(3, 7))
        return pick(["*Security sync notes*", "*Note riunione sicurezza*", "*Post-mortem — credential leak*", "Action items:"]) + "\n" + "\n".join("• " + x for x in s)
    if k == 3:
        q = pick(["Q: where do I find the password for the HES test env?\nA: vault, path secret/hes/test. Never in Slack.",
                  "D: posso mettere la chiave API nel codice se il repo è privato?\nR: No. Mai. Variabile d'ambiente dal secret store.",
                  "Q: customer send me him card number for DM, wetin I go do?\nA: delete am, tell am make e pay through the portal, log am as an incident.",
                  "V: Waar is die private key vir die vend-sertifikaat?\nA: In die HSM. Dit verlaat nooit die HSM nie."])
        return q
    return "%s\n%s" % (pick(TALK), pick(["+1", "👍", "noted", "ok grazie", "sharp", "dankie", "ngiyabonga", "na so"]))


NEG_GEN = [("data_uri_base64", n_data_uri), ("placeholder_example", n_placeholder), ("code_identifier", n_code_identifier),
           ("non_credential_blob", n_blob), ("pii_lookalike_number", n_pii_number), ("talk_about_secrets", n_talk)]


def build_negatives():
    out, seen, redraws = [], set(), {}
    for cat, fn in NEG_GEN:
        got = 0
        tries = 0
        while got < 100:
            tries += 1
            if tries > 50000:
                raise SystemExit("cannot fill " + cat)
            t = deco(fn(), 0.3, 0.12)
            if t in seen:
                continue
            h = scan(t)
            if h:
                redraws[h[0][0]] = redraws.get(h[0][0], 0) + 1
                continue
            seen.add(t)
            out.append({"text": t, "category": cat})
            got += 1
    return out, redraws


# ================================================================ POSITIVES
def crc_b62(s):
    c = zlib.crc32(s.encode()) & 0xffffffff
    o = ""
    while c:
        c, r = divmod(c, 62)
        o = B62[r] + o
    return o.rjust(6, "0")


def gh_classic():
    r = rs(ALNUM, 30)
    return "ghp_" + r + crc_b62(r)


def gh_fine():
    return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + rs(ALNUM, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (digits(R.randrange(10, 13)), digits(13), rs(ALNUM, 24))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(R.randrange(10, 13)), digits(R.randrange(10, 13)), digits(13), hexs(32))


def openai_key():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(URLSAFE, 58) + "T3BlbkFJ" + rs(URLSAFE, 58)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(URLSAFE, 58) + "T3BlbkFJ" + rs(URLSAFE, 58)


def anthropic_key():
    return "sk-ant-api03-" + rs(URLSAFE, 93) + "AA"


def aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def aws_secret():
    return rs(ALNUM + "/+", 40)


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def jwt():
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hexs(16)}
    iat = R.randrange(1760000000, 1790000000)
    pl = pick([{"sub": "meter:" + meter_no(), "scope": "vend:read", "iss": "https://auth.vend.%s" % pick(["ng", "co.za"]), "iat": iat, "exp": iat + 900},
               {"sub": uuid4(), "role": "operatore_fatturazione", "iss": "portale-clienti", "iat": iat, "exp": iat + 3600},
               {"sub": "svc-amr-collector", "aud": "hes-api", "tenant": pick(ZA_MUN), "iat": iat, "exp": iat + 1800}])
    sig = b64u(rbytes(32 if hdr["alg"] == "HS256" else 256))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def rand_odd(n):
    b = bytearray(rbytes(n))
    b[0] |= 0x80
    b[-1] |= 1
    return bytes(b)


def pem_key():
    """returns (label, body_lines_joined_by_newline_list)"""
    t = R.randrange(4)
    if t == 0:
        d = der(0x30, der_int(b"\x01") + der(0x04, rbytes(32)) + der(0xa0, der(0x06, bytes.fromhex("2a8648ce3d030107")))
                + der(0xa1, der(0x03, b"\x00\x04" + rbytes(64))))
        return "EC", "EC PRIVATE KEY", b64(d), 64
    if t == 1:
        d = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        return "Ed25519", "PRIVATE KEY", b64(d), 64
    if t == 2:
        d = der(0x30, der_int(b"\x00") + der_int(rand_odd(256)) + der_int(b"\x01\x00\x01") + der_int(rbytes(256)) + der_int(rand_odd(128))
                + der_int(rand_odd(128)) + der_int(rbytes(128)) + der_int(rbytes(128)) + der_int(rbytes(128)))
        return "RSA", "RSA PRIVATE KEY", b64(d), 64

    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    ci = rbytes(4)
    priv = ci + ci + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(pick([b"vend@hsm-gw", b"deploy@mdm", b"bolletta-ci"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    d = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OpenSSH", "OPENSSH PRIVATE KEY", b64(d), 70


def wrap(s, w):
    return [s[i:i + w] for i in range(0, len(s), w)]


def card():
    k = nxt("card", CARD_ORDER)
    if k == 0:
        n, name = luhn_complete("4" + rs("0123456789", 5), 16), "Visa"
    elif k == 1:
        n, name = luhn_complete(pick(["51", "52", "53", "54", "55"]) + rs("0123456789", 4), 16), "Mastercard"
    elif k == 2:
        n, name = luhn_complete(pick(["34", "37"]) + rs("0123456789", 4), 15), "Amex"
    elif k == 3:
        n, name = luhn_complete("6011" + rs("0123456789", 2), 16), "Discover"
    elif k == 4:
        n, name = luhn_complete(pick(["5061", "6500"]) + rs("0123456789", 2), 19), "Verve"
    else:
        n, name = luhn_complete(pick(["2221", "2720", "2300"]) + rs("0123456789", 2), 16), "Mastercard"
    fmt = R.randrange(3)
    if fmt == 0:
        return n, name
    sep = " " if fmt == 1 else "-"
    if len(n) == 15:
        return sep.join([n[:4], n[4:10], n[10:]]), name
    if len(n) == 19:
        return sep.join([n[:4], n[4:8], n[8:12], n[12:16], n[16:]]), name
    return sep.join(wrap(n, 4)), name


def ssn():
    while True:
        s = "%03d-%02d-%04d" % (R.randrange(1, 900), R.randrange(1, 100), R.randrange(1, 10000))
        if ssn_ok(s):
            return s


def pub_ip():
    while True:
        s = "%d.%d.%d.%d" % (pick([41, 102, 105, 154, 196, 197, 129, 151, 93, 79, 185, 5, 212, 62]), R.randrange(256), R.randrange(256), R.randrange(1, 255))
        if is_public_ip(s):
            return s


PHONE_ORDER = [0, 1, 2, 0, 1, 2, 3, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 0]
IBAN_ORDER = ["IT", "DE", "IT", "FR", "NL", "IT", "DE", "FR", "IT"]
CARD_ORDER = [0, 1, 2, 3, 4, 5, 0, 1, 4, 2, 0, 1]
CTR = {"phone": 0, "iban": 0, "card": 0}


def nxt(name_, order):
    v = order[CTR[name_] % len(order)]
    CTR[name_] += 1
    return v


def phone():
    c = nxt("phone", PHONE_ORDER)
    if c == 0:  # Italy
        m = pick(["320", "324", "327", "328", "329", "331", "333", "334", "335", "338", "339", "340", "342", "345", "346", "347", "348",
                  "349", "351", "366", "368", "370", "377", "380", "388", "389", "391", "392", "393"])
        r7 = rs("0123456789", 7)
        return pick(["+39 %s %s %s" % (m, r7[:3], r7[3:]), "%s %s" % (m, r7), "%s-%s" % (m, r7), "%s%s" % (m, r7), "0039 %s %s" % (m, r7),
                     "+39 0%d %s %s" % (pick([2, 6]), rs("0123456789", 4), rs("0123456789", 4)), "06 %s%s" % (rs("0123456789", 4), rs("0123456789", 4)),
                     "02.%s.%s" % (rs("0123456789", 4), rs("0123456789", 4)), "(+39) %s.%s" % (m, r7)]), "IT"
    if c == 1:  # Nigeria
        p = pick(["803", "806", "813", "816", "703", "706", "805", "807", "815", "811", "905", "802", "808", "812", "701", "708", "902", "907", "809", "817", "818", "909"])
        a, b = rs("0123456789", 3), rs("0123456789", 4)
        return pick(["0%s %s %s" % (p, a, b), "0%s%s%s" % (p, a, b), "+234 %s %s %s" % (p, a, b), "+234%s%s%s" % (p, a, b), "234-%s-%s-%s" % (p, a, b),
                     "0%s-%s-%s" % (p, a, b), "+234 (0)%s %s %s" % (p, a, b), "2340%s%s%s" % (p, a, b), "01-%s%s" % (digits(3, "2-9".replace("-", "") and "2345789"), b),
                     "+234 9 %s %s" % (digits(3, "234569"), b)]), "NG"
    if c == 2:  # South Africa
        p = pick(["82", "83", "84", "72", "73", "74", "76", "79", "81", "60", "61", "71", "78"])
        a, b = rs("0123456789", 3), rs("0123456789", 4)
        land = pick(["11", "21", "31", "12", "41", "51"])
        return pick(["0%s %s %s" % (p, a, b), "0%s%s%s" % (p, a, b), "+27 %s %s %s" % (p, a, b), "+27%s%s%s" % (p, a, b), "+27 (0)%s %s %s" % (p, a, b),
                     "0%s-%s-%s" % (p, a, b), "0%s %s %s" % (land, digits(3, "2345678"), b), "(0%s) %s-%s" % (land, digits(3, "2345678"), b),
                     "0027 %s %s %s" % (land, digits(3, "2345678"), b), "0%s.%s.%s" % (p, a, b)]), "ZA"
    area = pick(["212", "415", "617", "713", "305", "404", "646", "312"])
    ex = digits(3, "23456789")
    sub = rs("0123456789", 4)
    return pick(["(%s) %s-%s" % (area, ex, sub), "+1 %s %s %s" % (area, ex, sub), "%s-%s-%s" % (area, ex, sub), "+1-%s-%s-%s" % (area, ex, sub)]), "US"


FIRST = ["Chiara", "Luca", "Giulia", "Marco", "Chinedu", "Ngozi", "Tunde", "Aisha", "Musa", "Femi", "Thandi", "Sipho", "Pieter", "Annelie",
         "Lerato", "Bongani", "Funmilayo", "Ibrahim", "Zanele", "Riaan", "Alessandro", "Emeka", "Halima"]
LAST = ["Rossi", "Esposito", "Bianchi", "Okafor", "Adeyemi", "Bello", "Nwosu", "Abubakar", "Ogunleye", "Dlamini", "Nkosi", "van der Merwe",
        "Botha", "Mokoena", "Ndlovu", "Ferrari", "Eze", "Pretorius", "Mahlangu"]


def email():
    f, l = pick(FIRST).lower(), pick(LAST).lower().replace(" ", "")
    dom = pick(["energia-sud.it", "luceweb.it", "lagosdisco.com.ng", "abujapower.ng", "metro-elec.co.za", "capepower.co.za",
                "gmail.com", "yahoo.com", "outlook.com", "mweb.co.za", "libero.it", "vend-partner.ng"])
    return pick(["%s.%s@%s", "%s%s@%s", "%s_%s@%s", "%s.%s%d@%s"]).replace("%d", str(R.randrange(1, 99))) % (f, l, dom)


def password():
    k = R.randrange(5)
    if k == 0:
        return rs(ALNUM + "!#%&*+-=?", R.randrange(12, 22))
    if k == 1:
        return pick(["Lagos", "Milano", "Soweto", "Abuja", "Napoli", "Kano", "Durban", "Bologna"]) + pick(["@", "#", "!", "_", "$"]) + str(R.randrange(1990, 2027)) + pick(["!", "#", "x", "Zz", "?"])
    if k == 2:
        return "-".join(R.sample(["mango", "tariffa", "nkanyezi", "lekker", "jollof", "contatore", "indlovu", "braai", "suya", "fascia"], 3)) + str(R.randrange(10, 99))
    if k == 3:
        return rs(ALNUM, R.randrange(16, 33))
    return pick(["P@ss", "Qw3rty", "Eskom", "Disco", "Luce", "Sts"]) + rs(ALNUM, 6) + pick(["!", "#", "$", "%"])


def url_pw():
    return rs(ALNUM, R.randrange(10, 20)) + pick(["", "", "-", "_", "."]) + rs(ALNUM, R.randrange(2, 6))


# value makers: return (value, extra_for_template)
def mk(kind):
    if kind == "phone_number":
        return phone()[0]
    if kind == "password":
        return password()
    if kind == "credit_card":
        return card()[0]
    if kind == "email_address":
        return email()
    if kind == "iban":
        s = gen_iban(nxt("iban", IBAN_ORDER))
        return group4(s) if R.random() < 0.4 else s
    if kind == "us_ssn":
        return ssn()
    if kind == "ipv4_address":
        return pub_ip()
    if kind == "url_credentials":
        return url_pw()
    if kind == "jwt":
        return jwt()
    if kind == "aws_access_key_id":
        return aws_id()
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


def name():
    return "%s %s" % (pick(FIRST), pick(LAST))


PW_LABELS = ["password: ", "Password: ", "la password è ", "pwd = ", "di password na ", "wagwoord: ", "iphasiwedi: ", "kalmar sirri: ",
             "ọ̀rọ̀ aṣínà: ", "passwd ", "pw: ", "nuova password: ", "the new password is "]


def t_password(v):
    k = R.randrange(12)
    LAST_K[0] = k
    host = priv_ip()
    if k == 0:
        return "%s%s" % (pick(PW_LABELS), v)
    if k == 1:
        return "```\n# .env (staging vend gateway)\nVEND_DB_HOST=%s\nVEND_DB_USER=vend_app\nVEND_DB_PASSWORD=%s\n```" % (host, v)
    if k == 2:
        return "```yaml\nhes:\n  endpoint: https://hes.%s.internal/api\n  username: svc_mdm\n  password: \"%s\"\n```" % (pick(["lagos", "jhb", "milano"]), v)
    if k == 3:
        return "```ini\n[sftp_terna]\nhost = %s\nuser = upload_misure\npassword = %s\n```" % (host, v)
    if k == 4:
        return "```toml\n[database]\nhost = \"%s\"\nuser = \"billing\"\npassword = \"%s\"\n```" % (host, v)
    if k == 5:
        return "```hcl\nprovider \"postgresql\" {\n  host     = \"%s\"\n  username = \"tf_admin\"\n  password = \"%s\"\n}\n```" % (host, v)
    if k == 6:
        return "```properties\nspring.datasource.url=jdbc:oracle:thin:@%s:1521/ISU\nspring.datasource.username=BILLING_RO\nspring.datasource.password=%s\n```" % (host, v)
    if k == 7:
        para = ("Allora, per la migrazione delle letture 2G di stanotte: il batch parte alle 23:30, prima bisogna fermare il job di "
                "validazione, poi controllare che la coda sia vuota e che i file del distributore siano arrivati. Se qualcosa va storto "
                "chiamate il reperibile. L'utenza di servizio è svc_letture e la password è %s — cambiatela domani mattina." % v)
        return para
    if k == 8:
        return "Oga, I don reset the DCU admin login for %s substation. user na admin, %s%s. Abeg change am after." % (pick(CITIES_NG), pick(["password na ", "pass: "]), v)
    if k == 9:
        return "Die toets-rekening vir die Eskom-portaal: gebruiker `metering_ops`, wagwoord `%s`. Moet dit asb nie deel nie." % v
    if k == 10:
        return "Server=%s;Database=Billing;User Id=sa_bill;Password=%s;TrustServerCertificate=True" % (host, v)
    return "Ngicela ungene nge-akhawunti ye-SCADA: igama `scada_ro`, iphasiwedi `%s`." % v


def t_phone(v):
    k = R.randrange(11)
    LAST_K[0] = k
    if k == 0:
        return "Il tecnico del distributore è raggiungibile al %s per il cambio contatore." % v
    if k == 1:
        return "Customer dey complain say token no work, e number na %s. Abeg call am back." % v
    if k == 2:
        return "Call the on-call engineer on %s if the vend gateway drops again." % v
    if k == 3:
        return "| ticket | cliente | tel |\n|---|---|---|\n| GUASTO-%d | utente domestico | %s |" % (R.randrange(10000, 99999), v)
    if k == 4:
        return "ticket_id,meter_no,contact\nOUT-%06d,%s,%s" % (R.randrange(10 ** 6), meter_no(), v)
    if k == 5:
        return json.dumps({"ts": ts(), "level": "info", "event": "sms_sent", "msisdn": v, "template": "token_ready"})
    if k == 6:
        return "Bel my asseblief by %s oor die meter-omruiling." % v
    if k == 7:
        return "Ngicela ushayele ikhasimende ku-%s mayelana nokuphela kukagesi." % v
    if k == 8:
        return "Sannu, ga lambar mai gyaran layi: %s" % v
    if k == 9:
        return "E kaaro, nọ́mbà fóònù ẹni tó ń bójú tó transformer ni %s" % v
    return "```yaml\nescalation:\n  level2:\n    phone: \"%s\"\n```" % v


def t_card(v):
    k = R.randrange(7)
    LAST_K[0] = k
    if k == 0:
        return "Customer paste him card for the web vend chat: %s exp %02d/%d, abeg who fit purge am?" % (v, R.randrange(1, 13), R.randrange(27, 31))
    if k == 1:
        return "Il cliente ha dettato la carta al telefono: %s, scadenza %02d/%d. Da cancellare dal ticket." % (v, R.randrange(1, 13), R.randrange(27, 31))
    if k == 2:
        return json.dumps({"ts": ts(), "svc": "web-vend", "event": "payment_attempt", "pan": v, "amount": R.randrange(1000, 50000), "currency": "NGN"})
    if k == 3:
        return "Kaart wat in die log verskyn: %s — PSP moet dit maskeer." % v
    if k == 4:
        return "test_payment:\n  card_number: \"%s\"\n  cvv: \"%03d\"" % (v, R.randrange(1000))
    if k == 5:
        return "Ikhadi lekhasimende: %s" % v
    return "Corporate card for the Eskom portal renewal: %s (exp %02d/%d)" % (v, R.randrange(1, 13), R.randrange(27, 31))


def t_email(v):
    k = R.randrange(7)
    LAST_K[0] = k
    if k == 0:
        return "Mandate la bolletta in PDF a %s, il cliente non riceve le mail." % v
    if k == 1:
        return "Customer email na %s, e say e no dey receive the token SMS, send am by mail." % v
    if k == 2:
        return json.dumps({"event": "invoice_mailed", "account": acct_ng(), "to": v, "ts": ts()})
    if k == 3:
        return "account_no,name_hidden,email\n%s,***,%s" % (acct_ng(), v)
    if k == 4:
        return "Stuur asseblief die staat aan %s." % v
    if k == 5:
        return "Contact for the %s head-end vendor escalation: %s" % (pick(["Landis+Gyr", "Hexing", "Conlog", "Itron"]), v)
    return "Ngicela uthumele i-invoice ku-%s" % v


def t_iban(v):
    k = R.randrange(7)
    LAST_K[0] = k
    if k == 0:
        return "Il cliente ha cambiato IBAN per la domiciliazione: %s" % v
    if k == 1:
        return "Rimborso conguaglio su IBAN %s, importo %s." % (v, amount("EUR"))
    if k == 2:
        return "supplier_id;name;iban\nSUP-%05d;Contatori Srl;%s" % (R.randrange(10 ** 5), v)
    if k == 3:
        return "SEPA mandate for the Dutch MDM vendor: IBAN %s, BIC %s" % (v, pick(["INGBNL2A", "ABNANL2A", "RABONL2U", "DEUTDEFF", "BNPAFRPP", "UNCRITMM"]))
    if k == 4:
        return json.dumps({"mandate_id": "MND-%d" % R.randrange(10 ** 6), "debtor_iban": v, "pod": pod()})
    if k == 5:
        return "Die verskaffer se IBAN is %s, betaal in EUR." % v
    return "Abeg pay the Italian vendor invoice %s to %s" % (inv_no(), v)


def t_ssn(v):
    return pickk(["W-9 from the US SCADA contractor came through Slack: SSN %s. Move it to the HR portal and delete this." % v,
                 "contractor_ssn: %s  # TODO remove" % v,
                 "Il consulente americano ha mandato il suo SSN %s per la fattura, va cancellato da qui." % v,
                 "SSN for the 1099: %s" % v, "Na this the US guy SSN: %s, make HR handle am" % v])


def t_ipv4(v):
    return pickk(["Il gateway del distributore risponde da %s, aggiungetelo alla whitelist." % v,
                 "Vend partner callback IP na %s, open am for firewall." % v,
                 "%s WARN  hes-api  login failed from %s user=svc_mdm" % (ts(), v),
                 "```\nallow_ips:\n  - %s/32\n  - %s\n```" % (v, priv_ip()),
                 "Die Eskom SFTP-bediener is op %s, poort 22." % v,
                 "ssh ops@%s -p 2222" % v,
                 "Ikheli le-server ye-AMR: %s" % v])


def t_url(v):
    host = pick(["mdm-db.prod.%s" % pick(["ng", "za", "it"]) + ".corp", "billing-cluster.x7k2q.mongodb.net", "vend-mq.internal", "letture-db.interno", "cache.amr.local"])
    scheme = pick(["postgres", "postgresql", "mongodb+srv", "amqps", "mysql", "redis", "sftp", "postgresql+psycopg2"])
    user = pick(["mdm_app", "vend_svc", "billing", "svc_letture", "amr_ingest", "default"])
    u = "%s://%s:%s@%s/%s" % (scheme, user, v, host, pick(["mdm", "vending", "bollette", "amr", "0"]))
    return pickk(["DATABASE_URL=%s" % u, "Connection string wey I dey use: %s" % u, "la stringa di connessione di prod è `%s`" % u,
                 "```python\nengine = create_engine(\"%s\")\n```" % u, "url: %s" % u, "Gebruik dié een: %s" % u]), u


def t_jwt(v):
    return pickk(["curl -H \"Authorization: Bearer %s\" https://api.vend.internal/v2/meters/%s/tokens" % (v, meter_no()),
                 "Il portale restituisce questo token: %s — scade tra 15 minuti" % v,
                 "Authorization: Bearer %s" % v,
                 json.dumps({"ts": ts(), "level": "debug", "msg": "auth header", "jwt": v}),
                 "Abeg decode this one, e dey fail for HES: %s" % v,
                 "```js\nconst token = \"%s\";\n```" % v])


def t_pem():
    label, hdr, body, w = pem_key()
    lines = wrap(body, w)
    k = R.randrange(3)
    if k == 0:
        val = "\n".join(lines)
        text = "%s\n-----BEGIN %s-----\n%s\n-----END %s-----" % (
            pick(["chiave del gateway SFTP, temporanea:", "the vend-gateway signing key, pls no share:", "deploy key for the tariff repo:", "hier is die sleutel:"]),
            hdr, val, hdr)
        lay = 0
    elif k == 1:
        val = "\\n".join(lines)
        text = '{"type": "service_account", "name": "amr-collector", "private_key": "-----BEGIN %s-----\\n%s\\n-----END %s-----\\n"}' % (hdr, val, hdr)
        lay = 1
    else:
        val = "\n    ".join(lines)
        text = "```yaml\nsftp:\n  host: %s\n  key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----\n```" % (priv_ip(), hdr, val, hdr)
        lay = 2
    return text, val, "private_key_pem:%s:layout%d" % (label, lay)


def t_simple(kind, v):
    label = {"aws_access_key_id": ["AWS_ACCESS_KEY_ID", "aws_access_key_id", "accessKeyId"],
             "aws_secret_access_key": ["AWS_SECRET_ACCESS_KEY", "aws_secret_access_key", "secretAccessKey"],
             "github_classic_pat": ["GITHUB_TOKEN", "GH_TOKEN", "github_token"],
             "github_fine_grained_pat": ["GITHUB_TOKEN", "GH_PAT", "token"],
             "slack_bot_token": ["SLACK_BOT_TOKEN", "slack_token", "bot_token"],
             "slack_user_token": ["SLACK_USER_TOKEN", "user_token", "SLACK_TOKEN"],
             "openai_api_key": ["OPENAI_API_KEY", "openai_key", "api_key"],
             "anthropic_api_key": ["ANTHROPIC_API_KEY", "anthropic_key", "api_key"]}[kind]
    lab = pick(label)
    k = R.randrange(10)
    LAST_K[0] = k
    if k == 0:
        return "%s=%s" % (lab, v)
    if k == 1:
        return "```yaml\nenv:\n  - name: %s\n    value: \"%s\"\n```" % (lab, v)
    if k == 2:
        return "```python\nimport os\nos.environ[\"%s\"] = \"%s\"  # temporaneo per il bot bollette\n```" % (lab, v)
    if k == 3:
        return pick(["Abeg use my own for now: %s", "Usa questo per adesso: %s", "Gebruik hierdie een vir eers: %s", "Sebenzisa le: %s",
                     "Na this one work for me: %s", "temp key for the outage summariser → %s"]) % v
    if k == 4:
        return "```toml\n[secrets]\n%s = \"%s\"\n```" % (lab.lower(), v)
    if k == 5:
        return "```bash\nexport %s='%s'\n./run_billing_export.sh --cycle %d\n```" % (lab.upper(), v, R.randrange(1, 7))
    if k == 6:
        return json.dumps({lab: v, "env": pick(["prod", "staging", "collaudo"])})
    if k == 7:
        return "```hcl\nvariable \"%s\" {\n  default = \"%s\"\n}\n```" % (lab.lower(), v)
    if k == 8:
        return "```properties\n%s=%s\n```" % (lab.lower().replace("_", "."), v)
    if kind.startswith("slack"):
        return "curl -s -H \"Authorization: Bearer %s\" https://slack.com/api/chat.postMessage -d channel=C0%s -d text=\"Outage %s restored\"" % (v, rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 8), pick(CITIES_ZA + CITIES_NG))
    if kind.startswith("github"):
        return "git clone https://x-access-token:%s@github.com/utility-it/tariff-engine.git" % v
    if kind == "openai_api_key":
        return "curl https://api.openai.com/v1/chat/completions -H \"Authorization: Bearer %s\" -d @bill_explain.json" % v
    if kind == "anthropic_api_key":
        return "curl https://api.anthropic.com/v1/messages -H \"x-api-key: %s\" -H \"anthropic-version: 2023-06-01\"" % v
    return "aws configure set %s %s --profile billing-export" % (lab.lower(), v)


SINGLE_T = {"password": t_password, "phone_number": t_phone, "credit_card": t_card, "email_address": t_email, "iban": t_iban,
            "us_ssn": t_ssn, "ipv4_address": t_ipv4, "jwt": t_jwt}


def single(kind):
    if kind == "private_key_pem":
        t, v, ctx = t_pem()
        return t, [{"kind": kind, "value": v}], ctx
    if kind == "url_credentials":
        v = mk(kind)
        t, _ = t_url(v)
        return t, [{"kind": kind, "value": v}], "%s:t%d" % (kind, LAST_K[0])
    v = mk(kind)
    if kind in SINGLE_T:
        t = SINGLE_T[kind](v)
    else:
        t = t_simple(kind, v)
    return t, [{"kind": kind, "value": v}], "%s:t%d" % (kind, LAST_K[0])


def pair(name_, a, b):
    if name_ == "aws_pair":
        i, s = mk("aws_access_key_id"), mk("aws_secret_access_key")
        t = pick(["```ini\n[billing-export]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-south-1\n```",
                  "AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s",
                  "Chiavi per il bucket delle letture: %s / %s (le ruoto venerdì)",
                  "{\"AccessKeyId\": \"%s\", \"SecretAccessKey\": \"%s\", \"Region\": \"af-south-1\"}",
                  "Na the IAM user for vend export: key %s secret %s"]) % (i, s)
        return t, [{"kind": "aws_access_key_id", "value": i}, {"kind": "aws_secret_access_key", "value": s}]
    if name_ == "contact":
        e, p = mk("email_address"), mk("phone_number")
        t = pick(["Referente fornitore: %s, tel. %s", "Contact person for the AMI rollout: %s / %s",
                  "Kontak: %s, sel %s", "name,email,phone\n%s,%%s,%%s" % name()]) % (e, p)
        return t, [{"kind": "email_address", "value": e}, {"kind": "phone_number", "value": p}]
    if name_ == "refund":
        i, p = mk("iban"), mk("phone_number")
        t = pick(["Rimborso deposito cauzionale: IBAN %s, il cliente chiede di essere richiamato al %s",
                  "Refund request: pay to IBAN %s, customer phone %s"]) % (i, p)
        return t, [{"kind": "iban", "value": i}, {"kind": "phone_number", "value": p}]
    if name_ == "dcu_login":
        ip, pw = mk("ipv4_address"), mk("password")
        t = pick(["DCU at %s, login admin / %s", "ssh metering@%s — password: %s", "Router vir die substasie: %s, wagwoord %s"]) % (ip, pw)
        return t, [{"kind": "ipv4_address", "value": ip}, {"kind": "password", "value": pw}]
    if name_ == "portal_login":
        e, pw = mk("email_address"), mk("password")
        t = pick(["Login portale distributore: %s / password %s", "Login for the NERC portal: %s, pass %s"]) % (e, pw)
        return t, [{"kind": "email_address", "value": e}, {"kind": "password", "value": pw}]
    if name_ == "slack_pair":
        b_, u = mk("slack_bot_token"), mk("slack_user_token")
        t = "```\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s\n```\noutage-alerts app, reinstall pending" % (b_, u)
        return t, [{"kind": "slack_bot_token", "value": b_}, {"kind": "slack_user_token", "value": u}]
    if name_ == "gh_pair":
        c, f = mk("github_classic_pat"), mk("github_fine_grained_pat")
        t = "vecchio token %s, nuovo fine-grained %s — il vecchio lo revoco domani" % (c, f)
        return t, [{"kind": "github_classic_pat", "value": c}, {"kind": "github_fine_grained_pat", "value": f}]
    if name_ == "llm_pair":
        o, an = mk("openai_api_key"), mk("anthropic_api_key")
        t = "```\n# bill-explainer bot\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\n```" % (o, an)
        return t, [{"kind": "openai_api_key", "value": o}, {"kind": "anthropic_api_key", "value": an}]
    if name_ == "jwt_ip":
        j, ip = mk("jwt"), mk("ipv4_address")
        t = "%s WARN api-gw rejected token from %s: Bearer %s" % (ts(), ip, j)
        return t, [{"kind": "ipv4_address", "value": ip}, {"kind": "jwt", "value": j}]
    if name_ == "card_phone":
        c, p = mk("credit_card"), mk("phone_number")
        t = "Customer wey call from %s read him card %s for the agent, abeg redact the call notes" % (p, c)
        return t, [{"kind": "phone_number", "value": p}, {"kind": "credit_card", "value": c}]
    if name_ == "ssn_email":
        s, e = mk("us_ssn"), mk("email_address")
        t = "US contractor onboarding: SSN %s, send the W-9 copy to %s" % (s, e)
        return t, [{"kind": "us_ssn", "value": s}, {"kind": "email_address", "value": e}]
    if name_ == "url_ip":
        pw, ip = mk("url_credentials"), mk("ipv4_address")
        u = "postgres://bill_ro:%s@%s:5432/billing" % (pw, ip)
        t = "DSN for the DR replica: %s" % u
        return t, [{"kind": "url_credentials", "value": pw}, {"kind": "ipv4_address", "value": ip}]
    if name_ == "pem_ip":
        ip = mk("ipv4_address")
        label, hdr, body, w = pem_key()
        val = "\n".join(wrap(body, w))
        t = "SFTP upload to the TSO: host %s, user misure, key:\n-----BEGIN %s-----\n%s\n-----END %s-----" % (ip, hdr, val, hdr)
        return t, [{"kind": "ipv4_address", "value": ip}, {"kind": "private_key_pem", "value": val}]
    raise KeyError(name_)


PAIRS = ["aws_pair"] * 5 + ["contact", "contact", "refund", "refund", "dcu_login", "portal_login", "slack_pair", "slack_pair",
                            "gh_pair", "llm_pair", "jwt_ip", "card_phone", "ssn_email", "url_ip", "pem_ip"]
COUNTS = {"phone_number": 18, "password": 14, "credit_card": 12, "email_address": 8, "iban": 9, "us_ssn": 5, "ipv4_address": 7,
          "url_credentials": 7, "jwt": 9, "private_key_pem": 9, "aws_access_key_id": 9, "aws_secret_access_key": 9,
          "github_classic_pat": 9, "github_fine_grained_pat": 9, "slack_bot_token": 9, "slack_user_token": 9,
          "openai_api_key": 9, "anthropic_api_key": 9}


def verify_secret(s):
    k, v = s["kind"], s["value"]
    if k == "credit_card":
        assert luhn_ok(re.sub(r"[ -]", "", v)), v
    elif k == "iban":
        assert iban_mod97(v), v
    elif k == "us_ssn":
        assert ssn_ok(v), v
    elif k == "ipv4_address":
        assert is_public_ip(v), v
    elif k == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif k == "private_key_pem":
        base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    elif k == "github_classic_pat":
        assert v[-6:] == crc_b62(v[4:-6])


def build_positives():
    out = []
    used = {k: 0 for k in COUNTS}
    for i, pn in enumerate(PAIRS):
        t, secs = pair(pn, None, None)
        t = deco(t, 0.15, 0.08)
        for s in secs:
            used[s["kind"]] += 1
        out.append({"text": t, "secrets": secs, "context": "multi:%s:%d" % (pn, i)})
    for k in COUNTS:
        for _ in range(COUNTS[k] - used[k]):
            t, secs, ctx = single(k)
            if k != "private_key_pem":
                t = deco(t, 0.15, 0.08)
            out.append({"text": t, "secrets": secs, "context": ctx})
    return out


def main():
    negs, redraws = build_negatives()
    pos = build_positives()
    R.shuffle(negs)
    R.shuffle(pos)
    neg_out, pos_out = [], []
    for i, r in enumerate(negs, 1):
        neg_out.append({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]})
    for i, r in enumerate(pos, 1):
        for s in r["secrets"]:
            assert s["value"] in r["text"], (s, r["text"])
            verify_secret(s)
        pos_out.append({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    # final checks
    assert len(neg_out) == 600 and len({r["text"] for r in neg_out}) == 600
    assert len(pos_out) == 150
    kc = {}
    for r in pos_out:
        for s in r["secrets"]:
            kc[s["kind"]] = kc.get(s["kind"], 0) + 1
    assert kc == COUNTS, kc
    assert sum(1 for r in pos_out if len(r["secrets"]) == 2) == 20
    final_hits = [(r["id"], scan(r["text"])) for r in neg_out if scan(r["text"])]
    assert not final_hits, final_hits[:5]
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in neg_out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in pos_out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    missed = [r["id"] for r in pos_out if not scan(r["text"])]
    print("negatives 600, positives %d texts / %d secrets" % (len(pos_out), sum(kc.values())))
    print("redraws by first scanner hit:", json.dumps(dict(sorted(redraws.items()))))
    print("final negative scan hits: 0")
    print("positives the built-in scanner sees nothing in:", len(missed), missed)


if __name__ == "__main__":
    main()
