#!/usr/bin/env python3
"""Generator for held-out redaction corpus #74 (mobile money / microfinance Slack: KE, BD, PK).

Standard library only. random.Random(74 * 101) is the only source of randomness.
Writes redaction74_negatives.jsonl, redaction74_positives.jsonl and README.md next to this file.
"""
import base64
import hashlib
import json
import os
import re
import struct
import sys
import zlib
import random

N = 74
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

DIG = "0123456789"
HEX = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64U = UP + LO + DIG + "-_"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def ri(a, b):
    return R.randint(a, b)


def ch(seq):
    return R.choice(seq)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


# ---------------------------------------------------------------- checks
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


def luhn_complete(body):
    for c in DIG:
        if luhn_ok(body + c):
            return body + c


def nonluhn(d):
    """Return d with the last digit changed so it is not Luhn-valid."""
    if not luhn_ok(d):
        return d
    return d[:-1] + str((int(d[-1]) + 1) % 10)


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{8,30}", s):
        return False
    t = s[4:] + s[:4]
    n = "".join(str(int(c, 36)) for c in t)
    return int(n) % 97 == 1


def iban_make(cc, bban):
    t = bban + cc + "00"
    n = "".join(str(int(c, 36)) for c in t)
    ck = 98 - int(n) % 97
    return "%s%02d%s" % (cc, ck, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def ip_public(ip):
    a, b, c, d = [int(x) for x in ip.split(".")]
    if max(a, b, c, d) > 255:
        return False
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
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and c == 100:
        return False
    if a == 203 and b == 0 and c == 113:
        return False
    if a == 192 and b == 88 and c == 99:
        return False
    return True


def ssn_ok(s):
    a, g, n = s.split("-")
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and n != "0000"


# ---------------------------------------------------------------- scanner
PH_PATTERNS = [
    ("phone_ke", r"(?<![\w+])(?:\+?254[ -]?|0)(?:7\d{2}|1[01]\d)[ -]?\d{3}[ -]?\d{3}(?!\d)"),
    ("phone_bd", r"(?<![\w+])(?:\+?880[ -]?|0)1[3-9]\d{2}[ -]?\d{6}(?!\d)"),
    ("phone_bd", r"(?<![\w+])\+?880[ -]?1[3-9][ -]?\d{4}[ -]?\d{4}(?!\d)"),
    ("phone_pk", r"(?<![\w+])(?:\+?92[ -]?|0)3\d{2}[ -]?(?:\d{7}|\d{3}[ -]\d{4})(?!\d)"),
    ("phone_nanp", r"(?<![\w])(?:\+1[ .-]?)?\(?[2-9]\d{2}\)?[ .-][2-9]\d{2}[ .-]\d{4}(?!\d)"),
    ("phone_nanp", r"\+1[2-9]\d{2}[2-9]\d{6}(?!\d)"),
]
PLACEHOLDER_PW = {"password", "pass", "changeme", "guest", "root", "admin", "secret", "example",
                  "xxx", "xxxx", "***", "****", "pw", "passwd", "<password>", "PASSWORD", "dummy", "test"}


def scan(text):
    hits = []
    for m in re.finditer(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b", text):
        hits.append(("email", m.group(0)))
    for name, pat in [("github", r"gh[pousr]_[A-Za-z0-9]{36}"), ("github", r"github_pat_[A-Za-z0-9_]{40,}"),
                      ("slack", r"xox[abposre]-\d+-"), ("sk_key", r"sk-[A-Za-z0-9_-]{32,}"),
                      ("jwt", r"eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]+"), ("ssn", r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")]:
        for m in re.finditer(pat, text):
            hits.append((name, m.group(0)))
    for m in re.finditer(r"(?:AKIA|ASIA)[A-Z0-9]{16}", text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in re.finditer(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(.*?)-----END", text, re.S):
        body = re.sub(r"\s", "", m.group(1).replace("\\n", ""))
        if len(body) >= 40 and re.fullmatch(r"[A-Za-z0-9+/=]+", body):
            hits.append(("pem", body[:20]))
    # Luhn windows over digit groups
    for m in re.finditer(r"\d+(?:[ -]\d+)*", text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc):
                    hits.append(("luhn", acc))
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b", text):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in re.finditer(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?!\.?\d)", text):
        if ip_public(m.group(1)):
            hits.append(("public_ipv4", m.group(1)))
    for m in re.finditer(r"[a-zA-Z][a-zA-Z0-9+.-]*://([^:/\s@]+):([^@\s/]+)@", text):
        pw = m.group(2)
        if pw not in PLACEHOLDER_PW and not re.fullmatch(r"[<{$%\[*x].*", pw):
            hits.append(("url_userinfo", pw))
    for name, pat in PH_PATTERNS:
        for m in re.finditer(pat, text):
            hits.append((name, m.group(0)))
    return hits


# ---------------------------------------------------------------- languages
LEADINS = [
    "fyi", "heads up:", "FYI team,", "quick one:", "Habari timu,", "Tafadhali angalieni hii:", "Naomba msaada hapa:",
    "Wadau, hii ni ya leo:", "Kwa taarifa:", "Maze hii kitu inakataa:", "Sasa wasee,", "Hii ni noma, cheki:",
    "Niaje, hebu cheki hii:", "ভাই, একটু দেখবেন?", "আপডেট:", "আজকের সেটেলমেন্ট নিয়ে:", "Bhai ekta issue:",
    "Apu, eta dekhen plz:", "ekhon eta pelam:", "براہ کرم دیکھیں:", "یار یہ دیکھو:", "اپڈیٹ:",
    "Bhai yeh check karo:", "Yaar settlement phir atak gaya:", "Sab ko salam, update:", "Janab, ek minute:",
]
TRAILERS = [
    "asante", "asanteni 🙏", "nitaangalia kesho", "poa, tuko sawa", "shukran", "ধন্যবাদ", "dhonnobad bhai",
    "পরে কথা বলি", "shukriya", "شکریہ", "kal tak fix ho jayega", "thx", "🙏", "+1", "will update the ticket",
    "sawa sawa", "thik ache", "theek hai",
]


DRESS = {"lead": 0, "trail": 0}


def dress(text, lead_p=0.30, trail_p=0.12):
    if R.random() < lead_p:
        DRESS["lead"] += 1
        lead = ch(LEADINS)
        text = lead + ("\n" if ("\n" in text or text.startswith("```") or R.random() < 0.3) else " ") + text
    if R.random() < trail_p:
        DRESS["trail"] += 1
        text = text + "\n" + ch(TRAILERS)
    return text


def fence(lang, body):
    return "```%s\n%s\n```" % (lang, body)


CC3 = ["KE", "BD", "PK"]
CUR = {"KE": "KES", "BD": "BDT", "PK": "PKR"}
CITY = {"KE": ["NBO", "MSA", "KSM", "NKU", "ELD"], "BD": ["DHK", "CTG", "SYL", "KHL", "RJH"],
        "PK": ["KHI", "LHR", "ISB", "FSD", "PEW"]}
SVC = ["ledger", "settlement-worker", "ussd-gateway", "sms-dlr-consumer", "kyc-queue", "loan-engine", "agent-portal",
       "wallet-api", "b2c-disburser", "reconciler", "notif-service", "scoring-api"]


def day():
    return "2026-%02d-%02d" % (ri(1, 11), ri(1, 28))


def ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (day(), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999))


def amount(cc):
    v = ri(50, 2500000)
    if cc == "KE":
        return "KES %s.%02d" % ("{:,}".format(v), ri(0, 99))
    if cc == "BD":
        s = str(v)
        # lakh grouping
        if len(s) > 3:
            head, tail = s[:-3], s[-3:]
            parts = []
            while len(head) > 2:
                parts.insert(0, head[-2:])
                head = head[:-2]
            if head:
                parts.insert(0, head)
            s = ",".join(parts) + "," + tail
        return ch(["BDT ", "৳", "Tk "]) + s
    return ch(["PKR ", "Rs. ", "Rs "]) + "{:,}".format(v)


def mpesa_code():
    return ch("QRSTU") + ch(UP) + rs(UP + DIG, 8)


def uuid4():
    h = rs(HEX, 32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def masked_msisdn(cc):
    if cc == "KE":
        return ch(["2547******%02d" % ri(0, 99), "+254 7** *** %03d" % ri(0, 999), "07XX XXX %03d" % ri(0, 999),
                   "254***%03d" % ri(0, 999)])
    if cc == "BD":
        return ch(["8801*******%02d" % ri(0, 99), "017XX-XXX%03d" % ri(0, 999), "+880 1*** ***%03d" % ri(0, 999)])
    return ch(["923*******%02d" % ri(0, 99), "03XX-XXX%04d" % ri(0, 9999), "+92 3** ****%03d" % ri(0, 999)])


# ================================================================ negatives
# ---- real file bytes
def png_bytes(w=None, h=None):
    w = w or ri(1, 4)
    h = h or ri(1, 4)
    col = rbytes(3)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\x00" + col * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def gif_bytes():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + rbytes(3) + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_head():
    q = bytes(ri(1, 40) for _ in range(64))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            b"\xff\xdb\x00C\x00" + q + b"\xff\xc0\x00\x11\x08\x00\x40\x00\x40\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")


def wav_bytes():
    n = ri(16, 40) * 2
    data = rbytes(n)
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 16000, 2, 16)
            + b"data" + struct.pack("<I", n) + data)


def pdf_bytes():
    body = ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%%%EOF\n")
    return body.encode()


def woff2_head():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">IHHI", ri(9000, 40000), ri(10, 16), 0, ri(20000, 90000)) + rbytes(24)


def ico_bytes():
    p = png_bytes(1, 1)
    return struct.pack("<HHHBBBBHHII", 0, 1, 1, 1, 1, 0, 0, 1, 32, len(p), 22) + p


def svg_text():
    col = rs(HEX, 6)
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 24 24"><path d="M%d %dl%d %d-%d %dz" '
            'fill="#%s"/></svg>' % (ri(12, 48), ri(12, 48), ri(1, 9), ri(1, 9), ri(1, 9), ri(1, 9), ri(1, 9), ri(1, 9), col))


def srcmap():
    sm = {"version": 3, "file": ch(["ussd-menu.js", "agent-app.min.js", "kyc-upload.js"]),
          "sources": ["../src/%s.ts" % ch(["menu", "pinPad", "kycCapture", "tillQr"])], "names": [],
          "mappings": rs("ABCDEFGIKMOQSUWYacegikmoqsuwy;,", ri(20, 50))}
    return b64(json.dumps(sm, separators=(",", ":")).encode())


def trunc(s, keep=None):
    keep = keep or ri(60, 120)
    if len(s) <= keep:
        return s
    return s[:keep] + ch(["…", "...", "…[%d more chars]" % (len(s) - keep)])


def du_png():
    return "data:image/png;base64," + b64(png_bytes())


def neg_du_css():
    return fence("css", ".till-qr-placeholder {\n  background-image: url(\"%s\");\n  background-size: cover;\n}\n.agent-badge::before { content: url(data:image/gif;base64,%s); }" % (du_png(), b64(gif_bytes())))


def neg_du_rn():
    return fence("tsx", "// placeholder while the M-Pesa QR loads\n<Image\n  style={styles.qr}\n  source={{ uri: '%s' }}\n/>" % du_png())


def neg_du_json():
    cc = ch(CC3)
    return "`GET /v2/tills/qr` response (trimmed):\n" + fence("json", json.dumps({
        "till_type": ch(["BUY_GOODS", "PAYBILL", "MERCHANT"]), "country": cc, "qr_format": "EMVCo",
        "qr_png": "data:image/png;base64," + b64(png_bytes(ri(2, 5), ri(2, 5))), "expires_in": ri(60, 600)}, indent=2))


def neg_du_kotlin():
    return fence("kotlin", "@Test\nfun decodesReceiptIcon() {\n    val bytes = Base64.decode(\"%s\", Base64.DEFAULT)\n    val bmp = BitmapFactory.decodeByteArray(bytes, 0, bytes.size)\n    assertEquals(%s, bmp.width)\n}" % (b64(png_bytes(2, 2)), "2"))


def neg_du_html_sms():
    return "SMS-to-email bridge template has this tracking pixel, is it still needed?\n" + fence("html", "<img src=\"data:image/gif;base64,%s\" width=\"1\" height=\"1\" alt=\"\">" % b64(gif_bytes()))


def neg_du_jpeg():
    s = b64(jpeg_head())
    return "KYC selfie preview in the queue UI is inlined like this, that's why the page is 4 MB:\n`<img class=\"kyc-thumb\" src=\"data:image/jpeg;base64,%s\">`" % trunc(s + rs(B64, 200), ri(90, 160))


def neg_du_pdf():
    return "statement endpoint returns the PDF inline:\n" + fence("json", json.dumps({"loan_statement": {"format": "pdf", "content": "data:application/pdf;base64," + b64(pdf_bytes())}}, indent=2))


def neg_du_wav():
    return "IVR prompt for PIN reset (short beep), used by the USSD fallback:\n" + fence("python", "BEEP_WAV = (\n    \"data:audio/wav;base64,\"\n    \"%s\"\n)" % b64(wav_bytes()))


def neg_du_font():
    return fence("css", "@font-face {\n  font-family: \"NotoSansBengali\";\n  src: url(\"data:font/woff2;base64,%s\") format(\"woff2\");\n  unicode-range: U+0980-09FE;\n}" % trunc(b64(woff2_head()) + rs(B64, 300), ri(80, 140)))


def neg_du_srcmap():
    return "the agent app bundle still ships inline source maps, last line of `agent-app.min.js`:\n`//# sourceMappingURL=data:application/json;base64,%s`" % srcmap()


def neg_du_svg():
    s = svg_text()
    f = ch(["b64", "pct", "utf8"])
    if f == "b64":
        u = "data:image/svg+xml;base64," + b64(s.encode())
    elif f == "pct":
        u = "data:image/svg+xml," + s.replace("<", "%3C").replace(">", "%3E").replace("\"", "'").replace("#", "%23")
    else:
        u = "data:image/svg+xml;utf8," + s.replace("\"", "'")
    return "Paybill icon for the Bangla UI:\n" + fence("scss", "$icon-paybill: url(\"%s\");\n.pay-icon { mask: $icon-paybill no-repeat; }" % u)


def neg_du_csp():
    return "```\n[Report Only] Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.kopalink.example\".\n```" % trunc(du_png(), ri(70, 110))


def neg_du_dart():
    return fence("dart", "final placeholder = Image.memory(\n  base64Decode('%s'),\n  gaplessPlayback: true,\n);" % b64(png_bytes(1, 1)))


def neg_du_ico():
    return "favicon for the settlement dashboard, inlined in `index.html`:\n`<link rel=\"icon\" href=\"data:image/x-icon;base64,%s\">`" % b64(ico_bytes())


def neg_du_shell():
    return "```\n$ echo '%s' | base64 -d | file -\n/dev/stdin: PNG image data, 1 x 1, 8-bit/color RGB, non-interlaced\n```" % b64(png_bytes(1, 1))


def neg_du_md():
    return "Mchoro wa flow ya STK push umeambatishwa hapa: ![stk-flow](%s)" % trunc(du_png(), ri(60, 100))


def neg_du_jupyter():
    return fence("json", json.dumps({"output_type": "display_data", "data": {"image/png": b64(png_bytes(ri(2, 4), ri(2, 4))), "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}, indent=1))


NEG_DATA_URI = [neg_du_css, neg_du_rn, neg_du_json, neg_du_kotlin, neg_du_html_sms, neg_du_jpeg, neg_du_pdf, neg_du_wav,
                neg_du_font, neg_du_srcmap, neg_du_svg, neg_du_csp, neg_du_dart, neg_du_ico, neg_du_shell, neg_du_md,
                neg_du_jupyter]


# ---- placeholder_example
def neg_ph_env():
    lines = ["# .env.example — copy to .env and fill in", "DARAJA_ENV=sandbox", "DARAJA_CONSUMER_KEY=your_consumer_key_here",
             "DARAJA_CONSUMER_SECRET=<consumer-secret>", "DARAJA_SHORTCODE=174379", "DARAJA_PASSKEY=${DARAJA_PASSKEY}",
             "BKASH_APP_KEY=changeme", "BKASH_APP_SECRET=", "JAZZCASH_MERCHANT_ID=MC_XXXXX", "JAZZCASH_INTEGRITY_SALT=<salt>",
             "SMS_API_KEY=YOUR_API_KEY", "DATABASE_URL=postgres://user:password@localhost:5432/ledger"]
    k = sorted(R.sample(range(len(lines)), ri(5, len(lines))))
    return fence("bash", "\n".join(lines[i] for i in k))


def neg_ph_daraja_doc():
    return ("Sandbox only: the Daraja docs give shortcode `174379` and the public test passkey "
            "`bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919`. Password for STK push = "
            "base64(Shortcode + Passkey + Timestamp). Production passkey lives in Vault, not here.")


def neg_ph_aws():
    return fence("ini", "[profile settlement-sandbox]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % ch(["eu-west-1", "af-south-1", "ap-south-1"]))


def neg_ph_vendor():
    opts = ["`sk-...`", "`sk-proj-…`", "`sk-ant-api03-...`", "`xoxb-your-bot-token`", "`ghp_xxxxxxxxxxxxxxxxxxxx`",
            "`github_pat_...`", "`AKIA...`", "`AIza****…`", "`glpat-xxxx…`", "`sk_live_xxx`", "`whsec_...`"]
    return "Kwenye docs za onboarding tumeandika mfano tu: %s. Usiweke token halisi kwenye Confluence." % ", ".join(R.sample(opts, ri(3, 6)))


def neg_ph_helm():
    return fence("yaml", "env:\n  - name: BKASH_APP_SECRET\n    value: {{ .Values.bkash.appSecret | quote }}\n  - name: MPESA_PASSKEY\n    valueFrom:\n      secretKeyRef:\n        name: daraja-credentials\n        key: passkey\n  - name: SMS_GATEWAY_TOKEN\n    value: \"{{ sms_gateway_token }}\"")


def neg_ph_gha():
    return fence("yaml", "- name: Upload settlement file\n  env:\n    SFTP_PASSWORD: ${{ secrets.SFTP_PASSWORD }}\n    JAZZCASH_PASSWORD: ${{ secrets.JAZZCASH_PASSWORD }}\n  run: ./scripts/push_settlement.sh \"$SETTLEMENT_DATE\"")


def neg_ph_masks():
    cc = ch(CC3)
    rows = ["| field | shown to agent |", "|---|---|",
            "| PIN | `****` |", "| card | `•••• %04d` |" % ri(0, 9999), "| MSISDN | `%s` |" % masked_msisdn(cc),
            "| IBAN | `PK** **** **** **** **** %04d` |" % ri(0, 9999), "| NID | `XXXXXXXXXX` |", "| OTP | `[MASKED]` |"]
    return "Masking rules v3 (agent portal):\n" + "\n".join(rows[:2] + R.sample(rows[2:], ri(3, 6)))


def neg_ph_phone_fmt():
    return ch(["Format ya namba ni `+254 7XX XXX XXX` au `07XX XXX XXX`, usiweke namba ya mteja kwenye ticket.",
               "ফোন নম্বর ফরম্যাট: `+880 1XXX-XXXXXX` / `01XXX-XXXXXX` — আসল নম্বর টিকিটে দেবেন না।",
               "Phone field validation: `^03\\d{2}-?\\d{7}$` (PK), `^(?:\\+?254|0)7\\d{8}$` (KE), `^(?:\\+?880|0)1[3-9]\\d{8}$` (BD)",
               "Number ka format `03XX-XXXXXXX` ya `+92 3XX XXXXXXX` hona chahiye, placeholder mein asli number mat daalo."])


def neg_ph_pem():
    return fence("text", "-----BEGIN %sPRIVATE KEY-----\nMIIE...(your key here)...\n-----END %sPRIVATE KEY-----" % ((ch(["RSA ", "EC ", ""]),) * 2))


def neg_ph_dsn():
    return ch([
        "local compose uses `amqp://guest:guest@localhost:5672/` and `redis://:changeme@localhost:6379/0`, prod values come from ESO.",
        "Template: `postgres://<username>:<password>@<host>:5432/loans` — replace before running migrate.",
        "`mysql://root:root@127.0.0.1:3306/agent_float` is the docker default, don't panic, it's not prod.",
        "SQLAlchemy URL in README: `postgresql+psycopg://user:password@localhost/kyc` (placeholder)."])


def neg_ph_vault():
    return fence("yaml", "daraja:\n  consumer_secret: vault:secret/data/payments/daraja#consumer_secret\n  passkey: op://Payments/Daraja-Prod/passkey\nbkash:\n  app_secret: \"{{resolve:secretsmanager:prod/bkash:SecretString:app_secret}}\"\nsms:\n  api_key: \"%SMS_API_KEY%\"")


def neg_ph_redacted():
    return "```\n%s INFO  %s  b2c request initiator=api_op SecurityCredential=[REDACTED] amount=%s ref=%s\n```" % (ts(), ch(SVC), ri(100, 70000), mpesa_code())


def neg_ph_jwt():
    return "Authorization header format for the agent API: `Authorization: Bearer eyJhbGciOi...<snip>` (token ni ya dakika 15 tu)."


def neg_ph_python():
    return fence("python", "BKASH_USERNAME = os.environ.get(\"BKASH_USERNAME\", \"sandboxTokenizedUser02\")\nBKASH_PASSWORD = os.environ[\"BKASH_PASSWORD\"]  # never default this\nAPP_SECRET = os.getenv(\"BKASH_APP_SECRET\") or \"\"\nassert APP_SECRET, \"set BKASH_APP_SECRET\"")


def neg_ph_toml():
    return fence("toml", "[sms.gateway]\nprovider = \"%s\"\nusername = \"sandbox\"\napi_key = \"${SMS_API_KEY}\"\nsender_id = \"KOPALINK\"\n\n[db]\npassword = \"\"   # set via DB_PASSWORD" % ch(["africastalking", "ssl-wireless", "eocean"]))


def neg_ph_hcl():
    return fence("hcl", "variable \"jazzcash_integrity_salt\" {\n  type      = string\n  sensitive = true\n}\n\nresource \"aws_secretsmanager_secret_version\" \"jazzcash\" {\n  secret_id     = aws_secretsmanager_secret.jazzcash.id\n  secret_string = var.jazzcash_integrity_salt\n}")


def neg_ph_card_test():
    return "Kwa sandbox ya card top-up tumia test card `4242 4242 4242 XXXX`? Hapana, tumia `xxxx-xxxx-xxxx-xxxx` kwenye docs, namba kamili iko kwa PSP portal."


NEG_PLACEHOLDER = [neg_ph_env, neg_ph_daraja_doc, neg_ph_aws, neg_ph_vendor, neg_ph_helm, neg_ph_gha, neg_ph_masks,
                   neg_ph_phone_fmt, neg_ph_pem, neg_ph_dsn, neg_ph_vault, neg_ph_redacted, neg_ph_jwt, neg_ph_python,
                   neg_ph_toml, neg_ph_hcl, neg_ph_card_test]


# ---- code_identifier
W_SEC = ["Secret", "Token", "Password", "Pin", "Passkey", "Credential", "Msisdn", "Iban", "Otp", "Salt", "Kyc", "Nid",
         "Signing", "Private", "Session", "Refresh", "Hash", "Masked", "Encrypted", "Rotation"]
W_DOM = ["Till", "Paybill", "Agent", "Loan", "Wallet", "Settlement", "Ussd", "Sms", "Dlr", "B2c", "C2b", "Stk", "Float",
         "Disbursement", "Repayment", "Ledger", "Kyc", "Callback", "Reversal"]
W_SUF = ["Handler", "Validator", "Provider", "Factory", "Cache", "Resolver", "Service", "Repository", "Mapper", "Job",
         "Client", "Config", "Manager"]


def camel(n=3, low=False):
    w = [ch(W_DOM if i % 2 == 0 else W_SEC) for i in range(n)] + [ch(W_SUF)]
    s = "".join(w)
    return s[0].lower() + s[1:] if low else s


def snake(n=3):
    return "_".join(ch(W_DOM + W_SEC).lower() for _ in range(n))


def neg_ci_java():
    pk = ch(["wallet", "loans", "settlement", "kyc", "ussd"])
    lines = ["%s ERROR [%s] com.kopalink.%s.%s - %s" % (ts(), ch(["kafka-listener-0", "http-nio-8080-exec-3", "scheduler-1"]), pk, camel(), ch(["callback rejected", "unable to resolve credential", "pin verify failed"])),
             "com.kopalink.%s.exception.%sException: %s" % (pk, camel(2), ch(["token expired", "missing passkey alias", "hash mismatch"]))]
    for _ in range(ri(4, 16)):
        lines.append("\tat com.kopalink.%s.%s.%s.%s(%s.java:%d)" % (pk, ch(["pin", "secrets", "mpesa", "bkash", "jazzcash", "web"]), camel(), camel(2, True), camel(2), ri(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("", "\n".join(lines))


def neg_ci_python():
    return fence("python", "class %s:\n    def %s(self, %s: str) -> bool:\n        return self._%s.verify(%s)\n\n    def %s(self):\n        ...\n" % (camel(2), snake(3), snake(2), snake(2), snake(2), snake(4)))


def neg_ci_go():
    mod = ch(["ledger", "b2c", "dlr", "ussd"])
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]" % (ri(0, 64), ri(0x400000, 0x4fffff)), "",
             "goroutine %d [running]:" % ri(1, 400)]
    for _ in range(ri(3, 8)):
        lines.append("github.com/kopalink/%s/internal/%s.(*%s).%s(0xc%09x, {0x%x, 0x%x})" % (mod, ch(["secrets", "msisdn", "settlement", "pin"]), camel(2), camel(2), ri(0, 16**9 - 1), ri(0x100000, 0xffffff), ri(1, 64)))
        lines.append("\t/src/internal/%s/%s.go:%d +0x%x" % (snake(1), snake(2), ri(10, 600), ri(16, 999)))
    return fence("", "\n".join(lines))


def neg_ci_sql():
    cols = ["msisdn_hash CHAR(64) NOT NULL", "pin_hash VARCHAR(128) NOT NULL", "pin_salt BYTEA", "api_key_last_four CHAR(4)",
            "national_id_encrypted BYTEA", "kyc_status VARCHAR(16)", "otp_secret_ref TEXT", "iban_masked VARCHAR(34)",
            "password_changed_at TIMESTAMPTZ", "till_number INTEGER", "agent_code VARCHAR(16)"]
    return fence("sql", "CREATE TABLE %s (\n  id BIGSERIAL PRIMARY KEY,\n  %s\n);" % (snake(2), ",\n  ".join(R.sample(cols, ri(4, 8)))))


def neg_ci_kubectl():
    lines = ["NAME                                      READY   STATUS    RESTARTS   AGE"]
    for _ in range(ri(3, 10)):
        lines.append("%-41s %s     %-9s %-10d %dd" % ("%s-%s-%s" % (ch(SVC), rs("bcdf6789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)), ch(["1/1", "2/2"]), ch(["Running", "Running", "CrashLoopBackOff"]), ri(0, 9), ri(1, 40)))
    return "```\n$ kubectl -n payments get pods\n" + "\n".join(lines) + "\n```"


def neg_ci_tf():
    res = ["aws_secretsmanager_secret.daraja_consumer_secret", "aws_secretsmanager_secret.bkash_app_secret",
           "aws_kms_key.pin_block_encryption", "aws_iam_role.settlement_sftp_uploader", "module.kyc_queue.aws_sqs_queue.kyc_pending",
           "aws_ssm_parameter.jazzcash_integrity_salt_name", "google_secret_manager_secret.sms_gateway_api_key"]
    return "```\n$ terraform plan -target=module.payments\n" + "\n".join("  # %s will be updated in-place" % r for r in R.sample(res, ri(2, 5))) + "\nPlan: 0 to add, %d to change, 0 to destroy.\n```" % ri(1, 5)


def neg_ci_flags():
    flags = ["ussd.pin_reset_v2", "kyc.auto_approve_low_risk_bd", "loans.pk.roman_urdu_sms", "b2c.secret_rotation_dry_run",
             "agent.float_topup_otp_required", "settlement.ke.sftp_passwordless", "sms.dlr_token_bucket"]
    return "Flags zilizobadilishwa leo: " + ", ".join("`%s`" % f for f in R.sample(flags, ri(2, 4)))


def neg_ci_swift():
    return fence("", "Thread 0 Crashed:\n0  KopaAgent  0x%012x -[KLWallet%sViewController didEnter%s:]\n1  KopaAgent  0x%012x $s9KopaAgent%sC%s_tF\n2  UIKitCore  0x%012x -[UIApplication sendAction:to:from:forEvent:]" % (ri(1 << 32, 1 << 40), ch(W_SEC), ch(W_SEC), ri(1 << 32, 1 << 40), camel(2), snake(2).replace("_", ""), ri(1 << 32, 1 << 40)))


def neg_ci_r8():
    return fence("", "\n".join("com.kopalink.agent.%s.%s -> %s:" % (ch(["pin", "kyc", "float"]), camel(2), rs(LO, 1) + "." + rs(LO, ri(1, 2))) for _ in range(ri(3, 7))))


def neg_ci_ts():
    return fence("ts", "export interface %s {\n  %s: string;\n  %s?: number;\n  %s: boolean;\n}\n\nexport const %s = (x: %s) => x.%s;" % (camel(3), camel(2, True), camel(2, True), camel(1, True), camel(2, True), camel(3), camel(1, True)))


def neg_ci_proto():
    return fence("proto", "service %sService {\n  rpc Rotate%s(Rotate%sRequest) returns (Rotate%sResponse);\n  rpc Get%sMetadata(Get%sRequest) returns (%sMetadata);\n}" % ((camel(1),) + (camel(1),) * 3 + (camel(1),) * 3))


def neg_ci_envnames():
    names = ["DARAJA_CONSUMER_SECRET", "DARAJA_PASSKEY", "BKASH_APP_SECRET", "NAGAD_MERCHANT_PRIVATE_KEY_PATH", "JAZZCASH_INTEGRITY_SALT",
             "EASYPAISA_HASH_KEY", "SMS_GATEWAY_API_KEY", "KYC_VENDOR_WEBHOOK_SECRET", "LEDGER_DB_PASSWORD"]
    return "Settlement worker inahitaji hizi env vars (majina tu, values ziko kwenye Vault): " + ", ".join("`%s`" % n for n in R.sample(names, ri(3, 6)))


def neg_ci_css():
    return "Why does the KYC page have classes like `%s`, `css-%s`, `Button_primary__%s` and `data-v-%s`? Build artefacts from three different frameworks lol" % (
        "sc-" + rs(LO + UP, 6), rs(LO + DIG, 7), rs(LO + UP + DIG, 5), rs(HEX, 8))


def neg_ci_webpack():
    return "```\n" + "\n".join("static/chunks/%s.%s.js   %d kB" % (ch(["pin-pad", "kyc-capture", "till-qr", "loan-offer", "ussd-sim"]), rs(HEX, 16), ri(3, 240)) for _ in range(ri(3, 8))) + "\n```"


NEG_CODE = [neg_ci_java, neg_ci_python, neg_ci_go, neg_ci_sql, neg_ci_kubectl, neg_ci_tf, neg_ci_flags, neg_ci_swift, neg_ci_r8,
            neg_ci_ts, neg_ci_proto, neg_ci_envnames, neg_ci_css, neg_ci_webpack]


# ---- non_credential_blob
def neg_bl_git():
    lines = []
    for _ in range(ri(3, 8)):
        lines.append("%s %s" % (rs(HEX, ch([7, 8, 40])), ch(["fix(settlement): handle empty KE file", "feat(ussd): add Bangla menu", "chore: bump daraja client", "kyc: retry on vendor 502", "loans: roman urdu sms copy", "dlr: dedupe by message id"])))
    return "```\n$ git log --oneline -n %d\n%s\n```" % (len(lines), "\n".join(lines))


def neg_bl_docker():
    return "```\n$ docker images --digests | grep %s\n%s  %s  sha256:%s  %s   %d MB\n```\npinned `@sha256:%s` in the chart." % (
        ch(SVC), "registry.kopalink.internal/" + ch(SVC), "v%d.%d.%d" % (ri(1, 4), ri(0, 30), ri(0, 9)), rs(HEX, 64), rs(HEX, 12), ri(40, 900), rs(HEX, 64))


def neg_bl_sha256sum():
    cc = ch(CC3)
    d = day().replace("-", "")
    files = ["%s_%s_SETTLEMENT_%s.csv" % (cc, ch(["MPESA", "AIRTEL", "BKASH", "NAGAD", "JAZZCASH", "EASYPAISA"]), d),
             "%s_LOAN_REPAYMENTS_%s.csv" % (cc, d), "%s_AGENT_FLOAT_%s.csv.gpg" % (cc, d)]
    return "```\n$ sha256sum %s\n" % " ".join(files) + "\n".join("%s  %s" % (rs(HEX, 64), f) for f in files) + "\n```"


def neg_bl_dlr():
    rows = []
    for _ in range(ri(1, 4)):
        rows.append(json.dumps({"id": "ATXid_" + rs(HEX, 32), "status": ch(["Success", "Failed", "Rejected", "Buffered"]),
                                "networkCode": ch(["63902", "63903", "47001", "41001"]), "failureReason": ch(["", "DeliveryFailure", "UserInBlacklist", "AbsentSubscriber"]),
                                "retryCount": ri(0, 3), "cost": "%s %.4f" % (ch(["KES", "BDT", "PKR"]), R.random() * 2)}))
    return "SMS DLR callbacks from last night:\n```\n" + "\n".join(rows) + "\n```"


def neg_bl_ussd_session():
    cc = ch(CC3)
    sid = "ATUid_" + rs(HEX, 32)
    lines = []
    t = ri(10, 20)
    path = ""
    for step in ["", "1", "2", str(ri(100, 5000)), "1"][:ri(3, 5)]:
        path = step if not path else path + "*" + step
        lines.append("%s.%03d ussd sessionId=%s serviceCode=*%d*%d# phone=%s text=\"%s\" state=%s" % ("%02d:%02d:%02d" % (t, ri(0, 59), ri(0, 59)), ri(0, 999), sid, ri(100, 999), ri(1, 99), masked_msisdn(cc), path, ch(["CON", "CON", "END"])))
    return "```\n" + "\n".join(lines) + "\n```"


def neg_bl_integrity():
    return fence("", "\n".join("\"node_modules/%s\": {\n  \"version\": \"%d.%d.%d\",\n  \"integrity\": \"sha512-%s==\"\n}," % (ch(["libphonenumber-js", "react-native-qrcode-svg", "date-fns", "zod", "axios"]), ri(1, 9), ri(0, 20), ri(0, 20), rs(B64, 86)) for _ in range(ri(1, 3))))


def neg_bl_gosum():
    return fence("", "\n".join("github.com/%s %s h1:%s=" % (ch(["nyaruka/phonenumbers", "shopspring/decimal", "jackc/pgx/v5", "segmentio/kafka-go"]), "v%d.%d.%d" % (ri(0, 5), ri(0, 20), ri(0, 9)), rs(B64, 43)) for _ in range(ri(2, 5))))


def neg_bl_trace():
    return "```\ntraceparent: 00-%s-%s-01\nx-request-id: %s\nX-Amzn-Trace-Id: Root=1-%s-%s\n```" % (rs(HEX, 32), rs(HEX, 16), uuid4(), rs(HEX, 8), rs(HEX, 24))


def neg_bl_cursor():
    cur = b64(json.dumps({"after_id": ri(10 ** 6, 10 ** 8), "ts": "%sT%02d:00:00Z" % (day(), ri(0, 23))}).encode()).rstrip("=")
    return "pagination for `/kyc/queue?status=PENDING` returns `next_cursor: \"%s\"`, it's just base64 json" % cur


def neg_bl_s3():
    lines = []
    for _ in range(ri(3, 9)):
        lines.append("%s %02d:%02d:%02d %9d kyc/%s/%s/%s.jpg" % (day(), ri(0, 23), ri(0, 59), ri(0, 59), ri(20000, 4000000), ch(CC3).lower(), uuid4(), ch(["selfie", "id_front", "id_back", "proof_of_address"])))
    return "```\n$ aws s3 ls s3://kopalink-kyc-docs/ --recursive | tail\n" + "\n".join(lines) + "\n```"


def neg_bl_sops():
    return fence("yaml", "daraja:\n    passkey: ENC[AES256_GCM,data:%s,iv:%s,tag:%s==,type:str]\nsops:\n    lastmodified: \"%sT10:00:00Z\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s=,tag:%s==,type:str]" % (rs(B64, 64), rs(B64, 43) + "=", rs(B64, 22), day(), rs(B64, 88), rs(B64, 43), rs(B64, 22)))


def neg_bl_etag():
    return "```\nHTTP/2 200\ncontent-type: text/csv\netag: \"%s-%d\"\nx-goog-hash: crc32c=%s==, md5=%s==\ncontent-md5: %s==\n```" % (rs(HEX, 32), ri(2, 12), rs(B64, 6), rs(B64, 22), rs(B64, 22))


def neg_bl_stk():
    return fence("json", json.dumps({"MerchantRequestID": "%d-%d-%d" % (ri(1000, 99999), ri(10 ** 7, 10 ** 8), ri(1, 9)),
                                     "CheckoutRequestID": "ws_CO_%s%s" % (day().replace("-", "")[2:], rs(DIG, 9)),
                                     "ResponseCode": "0", "ResponseDescription": "Success. Request accepted for processing",
                                     "CustomerMessage": "Success. Request accepted for processing"}, indent=2))


def neg_bl_uuids():
    return "KYC jobs stuck in `PENDING_REVIEW`:\n" + "\n".join("- `%s` (%s)" % (uuid4(), ch(["liveness timeout", "NID photo blurry", "vendor 504", "name mismatch flag"])) for _ in range(ri(2, 7)))


def neg_bl_ulid():
    return "ledger entry ids are ULIDs now: " + ", ".join("`01J%s`" % rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23) for _ in range(ri(2, 4)))


def neg_bl_ssh_fp():
    return "SFTP host key for the bank settlement server changed, new fingerprint `SHA256:%s` — confirmed with the bank on the call, OK to accept." % rs(B64, 43)


NEG_BLOB = [neg_bl_git, neg_bl_docker, neg_bl_sha256sum, neg_bl_dlr, neg_bl_ussd_session, neg_bl_integrity, neg_bl_gosum,
            neg_bl_trace, neg_bl_cursor, neg_bl_s3, neg_bl_sops, neg_bl_etag, neg_bl_stk, neg_bl_uuids, neg_bl_ulid, neg_bl_ssh_fp]


# ---- pii_lookalike_number
def neg_pl_till():
    return ch([
        "Till mpya ya duka la Eldoret ni %d, paybill ya loans bado ni %d (account = loan number)." % (ri(100000, 9999999), ri(100000, 999999)),
        "Customers wanalipa paybill %d account %s lakini callback inakuja na BillRefNumber tupu." % (ri(100000, 999999), "LN%s" % nonluhn(rs(DIG, 8))),
        "Buy Goods till %d imezuiwa na Safaricom tangu %s, tumefungua ticket %s." % (ri(100000, 9999999), day(), "INC%07d" % ri(0, 9999999))])


def neg_pl_mpesa_codes():
    lines = ["| TransID | amount | till | time |", "|---|---:|---|---|"]
    for _ in range(ri(3, 12)):
        lines.append("| %s | %s | %d | %s %02d:%02d |" % (mpesa_code(), amount("KE"), ri(100000, 9999999), day(), ri(0, 23), ri(0, 59)))
    return "Hizi transactions hazijareconcile:\n" + "\n".join(lines)


def neg_pl_loan_acct():
    cc = ch(CC3)
    accs = ["LN-%s-%s" % (cc, nonluhn("%s%s" % (ch("2345689"), rs(DIG, 9)))) for _ in range(ri(2, 6))]
    return "Loan accounts to write off (%s, DPD>180):\n" % cc + "\n".join("- `%s` balance %s" % (a, amount(cc)) for a in accs)


def neg_pl_agent():
    cc = ch(CC3)
    return "Agent codes with float below threshold: " + ", ".join("`AGT-%s-%s-%05d`" % (cc, ch(CITY[cc]), ri(0, 99999)) for _ in range(ri(2, 5))) + ". Top-up window ni saa nne."


def neg_pl_amounts_bd():
    lines = ["| upazila | disbursed | collected | PAR30 |", "|---|---:|---:|---:|"]
    for _ in range(ri(3, 10)):
        lines.append("| %s | %s | %s | %.1f%% |" % (ch(["Savar", "Gazipur Sadar", "Sreepur", "Kaliakair", "Tongi", "Rupganj", "Narsingdi"]), amount("BD"), amount("BD"), R.random() * 9))
    return "আজকের কালেকশন রিপোর্ট:\n" + "\n".join(lines)


def neg_pl_amounts_pk():
    return "Aaj ka JazzCash settlement: %s, Easypaisa: %s, difference %s — batch `PK-STL-%s-%03d`." % (amount("PK"), amount("PK"), amount("PK"), day().replace("-", ""), ri(1, 999))


def neg_pl_settlement_csv():
    cc = ch(CC3)
    rows = ["batch_id,value_date,txn_count,gross,fees,net,currency"]
    for _ in range(ri(5, 25)):
        g = ri(10 ** 5, 10 ** 9)
        f = g // ri(80, 200)
        rows.append("%s-%s-%04d,%s,%d,%d.00,%d.00,%d.00,%s" % (cc, day().replace("-", ""), ri(1, 9999), day(), ri(10, 90000), g, f, g - f, CUR[cc]))
    return "```csv\n" + "\n".join(rows) + "\n```"


def neg_pl_ussd_codes():
    return ch(["USSD codes: KE `*%d#`, BD `*%d#`, PK `*%d#`. Short code ya SMS ni %d." % (ri(100, 999), ri(100, 999), ri(100, 999), ri(20000, 40999)),
               "ussd menu `*%d*%d*%d#` inarudisha `END Huduma haipatikani kwa sasa`, session timeout 180s" % (ri(100, 999), ri(1, 9), ri(1, 99))])


def neg_pl_epoch():
    return "```\n" + "\n".join('{"ts":%d,"slack_ts":"%d.%06d","event":"%s","lag_ms":%d}' % (ri(1735689600, 1790000000), ri(1735689600, 1790000000), ri(0, 999999), ch(["dlr_batch_flush", "kyc_poll", "stl_upload"]), ri(1, 9000)) for _ in range(ri(2, 6))) + "\n```"


def neg_pl_bkash_trx():
    return "bKash TrxID গুলো match করছে না: " + ", ".join("`%s`" % (rs(DIG, 1) + rs(UP + DIG, 9)) for _ in range(ri(2, 5))) + " — Nagad txn id তো আলাদা ফরম্যাট।"


def neg_pl_ips():
    return "```\nupstream ussd-gw: 10.%d.%d.%d:8443, 10.%d.%d.%d:8443\nbank sftp via tunnel: 172.%d.%d.%d:22\ndocs example: 203.0.113.%d, 198.51.100.%d\n```" % (
        ri(0, 255), ri(0, 255), ri(1, 254), ri(0, 255), ri(0, 255), ri(1, 254), ri(16, 31), ri(0, 255), ri(1, 254), ri(1, 254), ri(1, 254))


def neg_pl_rrn():
    lines = []
    for _ in range(ri(2, 6)):
        lines.append("%s MTI=0210 STAN=%06d RRN=%s RC=%s amt=%012d cur=%s" % (ts(), ri(0, 999999), "6" + rs(DIG, 11), ch(["00", "05", "51", "91"]), ri(100, 10 ** 7), ch(["404", "050", "586"])))
    return "card top-up switch log:\n```\n" + "\n".join(lines) + "\n```"


def neg_pl_stlref():
    ref = nonluhn("2026" + rs(DIG, 12))
    return "Bank credit for settlement ref `%s` (value date %s) amount %s is still missing. SWIFT `%s`." % (group4(ref), day(), amount(ch(CC3)), ch(["SCBLPKKX", "KCBLKENX", "BRAKBDDH", "EQBLKENA", "HABBPKKA"]))


def neg_pl_versions():
    return "Agent app %d.%d.%d (versionCode %d) inaruhusu USSD fallback; min Android %d, build %s." % (ri(3, 9), ri(0, 40), ri(0, 20), ri(300, 9999), ri(8, 14), rs(UP, 2) + rs(DIG, 4))


def neg_pl_dates():
    return "Grace period: disbursed %s, first installment %s, last %s. Reversal window %d min. Jira LOAN-%d." % (
        day(), "%02d/%02d/2026" % (ri(1, 28), ri(1, 12)), "%02d.%02d.2027" % (ri(1, 28), ri(1, 12)), ri(5, 120), ri(100, 9999))


def neg_pl_counts():
    return "KYC queue: %s pending, %s approved, %s rejected today. DLR backlog %s msgs." % ("{:,}".format(ri(100, 90000)), "{:,}".format(ri(1000, 900000)), "{:,}".format(ri(10, 9000)), "{:,}".format(ri(10 ** 4, 10 ** 7)).replace(",", " "))


NEG_LOOKALIKE = [neg_pl_till, neg_pl_mpesa_codes, neg_pl_loan_acct, neg_pl_agent, neg_pl_amounts_bd, neg_pl_amounts_pk,
                 neg_pl_settlement_csv, neg_pl_ussd_codes, neg_pl_epoch, neg_pl_bkash_trx, neg_pl_ips, neg_pl_rrn,
                 neg_pl_stlref, neg_pl_versions, neg_pl_dates, neg_pl_counts]


# ---- talk_about_secrets
TALK = [
    "We rotated the Daraja consumer secret this morning; old one revoked at 09:00 EAT.",
    "Please don't paste the B2C SecurityCredential in this channel, even the sandbox one.",
    "Usishiriki PIN yako na mtu yeyote, hata mtu anayesema ni wa customer care.",
    "Mteja alipigiwa simu na mtu aliyejifanya agent akaulizwa PIN — tumeripoti kwa fraud team.",
    "Tumebadilisha passkey ya STK push, kama callback zinakataa restart pods.",
    "Maze, mtu aliweka password ya DB kwa repo jana, tumeirotate na kusafisha history.",
    "Hii token ya SMS gateway imeexpire, nani ana access ya Vault?",
    "কেউ পিন বা OTP চাইলে দেবেন না — bKash/Nagad কখনো পিন চায় না।",
    "Bhai, app secret ta rotate kora hoyeche, purono ta ar kaj korbe na.",
    "KYC vendor er webhook secret leak hoyeche kina check korchi, ekhono kono proof nai.",
    "আমরা settlement SFTP-এর পাসওয়ার্ড বদলে key-based auth এ যাচ্ছি।",
    "OTP kisi ko na batayein, JazzCash ya Easypaisa kabhi PIN nahi maangte.",
    "یار کسی نے پرانی API key لاگز میں چھاپ دی تھی، وہ revoke ہو گئی ہے۔",
    "Integrity salt ko config repo se hata diya hai, ab ESO se aata hai.",
    "براہ کرم پاس ورڈ چیٹ میں مت بھیجیں، 1Password کا لنک استعمال کریں۔",
    "Card numbers should never reach the logs; the PAN masking filter runs before the appender.",
    "IBANs in refund tickets are masked to the last 4 by the helpdesk plugin now.",
    "Customer phone numbers are hashed (msisdn_hash) before they go to the analytics bucket.",
    "Emails of borrowers are not in the export any more, only the customer UUID.",
    "The scanner regex for Kenyan numbers missed the 011x prefixes; fixed in the rule, no data leaked.",
    "JWTs for the agent app live 15 minutes; refresh tokens are bound to the device id.",
    "Private key for the Nagad merchant API is in the HSM, nobody has it on a laptop.",
    "Sheng version: msee, password si ya kushare, hata kama ni boss anakuuliza.",
    "Who has the break-glass credentials for the ledger DB? They are in the sealed envelope procedure, not Slack.",
]


def neg_ts_one():
    return ch(TALK)


def neg_ts_pair():
    a, b = R.sample(TALK, 2)
    return a + "\n" + b


def neg_ts_incident():
    return "**Incident %s — %s**\n- What: %s\n- Impact: none of the values were exposed outside the VPC\n- Action: %s\n- Owner: payments-sre" % (
        "INC-%04d" % ri(1, 9999), day(), ch(["Daraja passkey printed at DEBUG level", "bKash app secret committed to a branch", "SMS gateway API key in a CI log", "SFTP password in a Jira comment"]),
        ch(["rotated, log purged", "key revoked and re-issued", "branch deleted, secret rotated", "comment deleted, password changed"]))


def neg_ts_faq():
    return ch(["Q: Where do I get the sandbox consumer key?\nA: From the Daraja portal under your own app, never from a teammate's DM.",
               "Q: Naweza kutuma password kwa DM?\nA: Hapana. Tumia Vault au 1Password share link ya muda mfupi.",
               "Q: OTP agar SMS mein na aaye to?\nA: DLR check karo, OTP khud kisi ko mat batao, support bhi nahi maangta.",
               "প্রশ্ন: টোকেন expire হলে কী করব?\nউত্তর: refresh endpoint কল করুন, নতুন টোকেন চ্যাটে পোস্ট করবেন না।"])


def neg_ts_runbook():
    steps = ["1. Revoke the leaked key in the provider console", "2. Create a new key and put it in Vault (`secret/payments/...`)",
             "3. Restart the consumers so ESO picks it up", "4. Search logs for the old key's last 4 characters only",
             "5. Write the incident note without the value"]
    return "Runbook — leaked credential:\n" + "\n".join(steps[:ri(3, 5)])


def neg_ts_vault_err():
    return "```\n%s ERROR external-secrets  could not get secret data from provider: secret \"payments/%s\" not found, key \"%s\"\n```" % (ts(), ch(["daraja", "bkash", "jazzcash", "sms-gateway"]), ch(["consumer_secret", "app_secret", "integrity_salt", "api_key"]))


def neg_ts_regex():
    return "Scanner rule discussion: for Pakistan we match `03` + 9 digits and `+92 3…`; for Bangladesh `01[3-9]` + 8; Kenya `07`/`01` + 8. Cards go through Luhn, IBAN through mod-97. No real values in the test fixtures please."


NEG_TALK = [neg_ts_one, neg_ts_pair, neg_ts_incident, neg_ts_faq, neg_ts_runbook, neg_ts_vault_err, neg_ts_regex]

NEG_CATS = [("data_uri_base64", NEG_DATA_URI), ("placeholder_example", NEG_PLACEHOLDER), ("code_identifier", NEG_CODE),
            ("non_credential_blob", NEG_BLOB), ("pii_lookalike_number", NEG_LOOKALIKE), ("talk_about_secrets", NEG_TALK)]


# ================================================================ positives: values
NAMES = {"KE": ["Wanjiku Kamau", "Otieno Ochieng", "Achieng Odhiambo", "Kiprono Rotich", "Mwangi Njoroge", "Chebet Korir", "Mutua Musyoka"],
         "BD": ["Rahim Uddin", "Nusrat Jahan", "Tanvir Hasan", "Farhana Akter", "Sabbir Ahmed", "Mitu Rahman"],
         "PK": ["Ayesha Khan", "Bilal Ahmed", "Usman Tariq", "Sana Malik", "Hamza Qureshi", "Mehwish Iqbal"],
         "US": ["Emily Carter", "Jason Miller"], "EU": ["Lena Hoffmann", "Tom Walsh"]}


def v_phone(cc=None):
    cc = cc or ch(["KE"] * 5 + ["BD"] * 5 + ["PK"] * 5 + ["US", "CA", "GB", "DE"])
    if cc == "KE":
        p3 = ch([ch(["70", "71", "72", "79", "73", "78"]) + ch(DIG),
                 ch(["740", "741", "742", "743", "745", "746", "748", "757", "758", "759", "768", "769", "750", "752", "762"]),
                 "11" + ch("012345")])
        nsn = p3 + rs(DIG, 6)
        f = ri(0, 5)
        v = ["0%s %s %s" % (nsn[:3], nsn[3:6], nsn[6:]), "0" + nsn, "+254 %s %s %s" % (nsn[:3], nsn[3:6], nsn[6:]),
             "+254" + nsn, "254" + nsn, "+254-%s-%s-%s" % (nsn[:3], nsn[3:6], nsn[6:])][f]
    elif cc == "BD":
        nsn = "1" + ch("3456789") + rs(DIG, 8)
        f = ri(0, 5)
        v = ["0%s-%s" % (nsn[:4], nsn[4:]), "0" + nsn, "+880 %s-%s" % (nsn[:4], nsn[4:]), "+880" + nsn, "880" + nsn,
             "+880 %s %s %s" % (nsn[:2], nsn[2:6], nsn[6:])][f]
    elif cc == "PK":
        nsn = "3" + "%02d" % ri(0, 49) + rs(DIG, 7)
        f = ri(0, 5)
        v = ["0%s-%s" % (nsn[:3], nsn[3:]), "0" + nsn, "+92 %s %s" % (nsn[:3], nsn[3:]), "+92" + nsn, "92" + nsn,
             "0%s %s %s" % (nsn[:3], nsn[3:6], nsn[6:])][f]
    elif cc in ("US", "CA"):
        area = ch(["212", "415", "646", "312", "617", "206", "737"] if cc == "US" else ["416", "604", "647", "514"])
        ex = str(ri(2, 9)) + rs(DIG, 2)
        while ex[1:] == "11" or ex == "555":
            ex = str(ri(2, 9)) + rs(DIG, 2)
        ln = rs(DIG, 4)
        v = ch(["+1 (%s) %s-%s" % (area, ex, ln), "%s-%s-%s" % (area, ex, ln), "(%s) %s-%s" % (area, ex, ln), "+1 %s %s %s" % (area, ex, ln)])
    elif cc == "GB":
        n = "7" + ch(["400", "500", "700", "800", "900", "911"])[:3] + rs(DIG, 6)
        n = "7" + ch(["4", "5", "8", "9"]) + rs(DIG, 8)
        v = ch(["+44 %s %s" % (n[:4], n[4:]), "0%s %s" % (n[:4], n[4:])])
    else:
        n = ch(["151", "160", "170", "176"]) + rs(DIG, 8 if ri(0, 1) else 7)
        v = ch(["+49 %s %s" % (n[:3], n[3:]), "0%s %s" % (n[:3], n[3:])])
    return v, cc


def v_email(cc=None):
    cc = cc or ch(["KE", "BD", "PK"])
    nm = ch(NAMES[cc]).lower().split()
    dom = ch({"KE": ["kopalink.co.ke", "gmail.com", "yahoo.com", "safaricom-partner.co.ke"], "BD": ["kopalink.com.bd", "gmail.com", "outlook.com"],
              "PK": ["kopalink.pk", "gmail.com", "hotmail.com"]}[cc])
    loc = ch(["%s.%s" % (nm[0], nm[1]), "%s%s" % (nm[0][0], nm[1]), "%s_%s%d" % (nm[0], nm[1], ri(1, 99)), "%s.%s" % (nm[1], nm[0])])
    return "%s@%s" % (loc, dom)


def v_card():
    t = ch(["visa", "mc", "mc2", "amex", "disc"])
    if t == "visa":
        d = luhn_complete("4" + rs(DIG, 14))
    elif t == "mc":
        d = luhn_complete("5" + ch("12345") + rs(DIG, 13))
    elif t == "mc2":
        d = luhn_complete(str(ri(2221, 2720)) + rs(DIG, 11))
    elif t == "amex":
        d = luhn_complete(ch(["34", "37"]) + rs(DIG, 12))
    else:
        d = luhn_complete("6011" + rs(DIG, 11))
    f = ri(0, 2)
    if len(d) == 15:
        return [d, "%s %s %s" % (d[:4], d[4:10], d[10:]), "%s-%s-%s" % (d[:4], d[4:10], d[10:])][f]
    return [d, group4(d), "-".join(d[i:i + 4] for i in range(0, 16, 4))][f]


def v_iban():
    t = ch(["PK", "PK", "PK", "DE", "GB", "NL", "AE"])
    if t == "PK":
        s = iban_make("PK", ch(["SCBL", "HABB", "MEZN", "UNIL", "ALFH", "MUCB"]) + rs(DIG, 16))
    elif t == "DE":
        s = iban_make("DE", rs(DIG, 18))
    elif t == "GB":
        s = iban_make("GB", ch(["NWBK", "BARC", "HBUK"]) + rs(DIG, 14))
    elif t == "NL":
        s = iban_make("NL", ch(["ABNA", "INGB", "RABO"]) + rs(DIG, 10))
    else:
        s = iban_make("AE", rs(DIG, 19))
    return ch([s, group4(s)])


def v_ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))


PUB_FIRST = [41, 102, 105, 154, 196, 197, 103, 114, 119, 182, 39, 58, 111, 13, 34, 52, 18]


def v_ip():
    while True:
        ip = "%d.%d.%d.%d" % (ch(PUB_FIRST), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(ip):
            return ip


def v_aws_id():
    return ch(["AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)


def v_aws_secret():
    return rs(UP + LO + DIG + "+/", 40)


def v_ghp():
    body = rs(B62, 30)
    c = zlib.crc32(body.encode()) & 0xffffffff
    s = ""
    while c:
        c, r = divmod(c, 62)
        s = B62[r] + s
    return "ghp_" + body + s.rjust(6, "0")


def v_ghfg():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def v_xoxb():
    return "xoxb-%s-%s-%s" % (rs(DIG, ri(10, 12)), rs(DIG, 13), rs(B62, 24))


def v_xoxp():
    return "xoxp-%s-%s-%s-%s" % (rs(DIG, ri(10, 12)), rs(DIG, ri(10, 12)), rs(DIG, 13), rs(HEX, 32))


def v_openai():
    t = ri(0, 2)
    if t == 0:
        return "sk-proj-" + rs(B62 + "-_", 58) + "T3BlbkFJ" + rs(B62 + "-_", 58)
    if t == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 58) + "T3BlbkFJ" + rs(B62 + "-_", 58)


def v_anthropic():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def v_jwt():
    alg = ch(["HS256", "RS256"])
    hd = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hd["kid"] = rs(B62, 16)
    now = ri(1760000000, 1790000000)
    pl = {"sub": ch(["agent:", "merchant:", "svc:"]) + rs(DIG, 6), "iss": ch(["https://auth.kopalink.co.ke", "https://auth.kopalink.pk", "https://id.kopalink.com.bd"]),
          "iat": now, "exp": now + ch([900, 3600, 86400]), "scope": ch(["float:read", "loans:write kyc:read", "b2c:disburse"])}
    sig = b64u(rbytes(32 if alg == "HS256" else 256))
    return b64u(json.dumps(hd, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def pem_key(kind):
    if kind == "ec":
        d = der(0x30, der_int(b"\x01") + der(0x04, rbytes(32)) + der(0xa0, bytes.fromhex("06082a8648ce3d030107"))
                + der(0xa1, der(0x03, b"\x00\x04" + rbytes(64))))
        return "EC PRIVATE KEY", d
    if kind == "ed25519":
        return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
    if kind == "rsa":
        n = b"\xc0" + rbytes(255)
        parts = [b"\x00", n, b"\x01\x00\x01", rbytes(256), b"\xe0" + rbytes(127), b"\xd0" + rbytes(127), rbytes(128), rbytes(128), rbytes(128)]
        return "RSA PRIVATE KEY", der(0x30, b"".join(der_int(p) for p in parts))
    # openssh ed25519

    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    ck = rbytes(4)
    priv = ck + ck + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(b"ops@kopalink")
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", blob


def pem_lines(blob, width=64):
    s = b64(blob)
    return [s[i:i + width] for i in range(0, len(s), width)]


PASSWORDS_WORDS = ["Nairobi", "Kisumu", "Dhaka", "Sylhet", "Lahore", "Karachi", "Mombasa", "Chittagong", "Pesa", "Taka", "Rupee", "Simba", "Tiger"]


def v_password():
    t = ri(0, 2)
    if t == 0:
        return ch(PASSWORDS_WORDS) + ch("#@!$%") + str(ri(1990, 2026)) + rs(LO, 2)
    if t == 1:
        return rs(B62, ri(4, 6)) + ch("#!$%^*") + rs(B62, ri(6, 10))
    return ch(PASSWORDS_WORDS).lower() + "_" + rs(LO + DIG, ri(6, 10)) + ch(["!", "?", "&", "#"])


def v_urlpw():
    return rs(B62, ri(5, 8)) + ch("-_.~") + rs(B62, ri(5, 10))


# ================================================================ positives: templates
def name_of(cc):
    return ch(NAMES.get(cc, NAMES["US"] if cc in ("US", "CA") else NAMES["EU"]))


PHONE_PLAN = ["KE", "BD", "KE", "PK", "BD", "KE", "CA", "BD", "GB", "KE", "DE", "US"]
SIG_PLAN = ["KE", "BD", "PK", "KE", "BD"]


def t_phone(K):
    v, cc = v_phone(PHONE_PLAN.pop(0))
    nm = name_of(cc)
    f = ri(0, 7)
    if f == 0:
        t = ch(["Mteja %s amepiga kutoka %s, anasema B2C haijaingia." % (nm, v),
                "Customer %s called from %s — STK push never showed on the handset." % (nm, v),
                "গ্রাহক %s (%s) বলছেন টাকা কেটে গেছে কিন্তু লোন একাউন্টে জমা হয়নি।" % (nm, v),
                "Customer %s ka number %s hai, JazzCash wallet se repayment fail ho raha hai." % (nm, v)])
    elif f == 1:
        t = "| name | msisdn | issue |\n|---|---|---|\n| %s | %s | %s |" % (nm, v, ch(["PIN locked", "KYC pending", "double debit", "DLR failed"]))
    elif f == 2:
        t = "```csv\ncustomer_id,name,msisdn,loan_account,amount\n%s,%s,%s,LN-%s-%s,%s\n```" % (uuid4()[:8], nm, v, cc, rs(DIG, 8), ri(500, 50000))
    elif f == 3:
        t = "```\n%s\n```" % json.dumps({"ts": ts(), "level": "WARN", "svc": "sms-dlr-consumer", "to": v, "status": "AbsentSubscriber", "retry": ri(1, 3)})
    elif f == 4:
        t = "Thanks,\n%s\n%s, KopaLink\n%s %s" % (nm, ch(["Agent Network Lead", "Credit Ops", "Collections", "Partnerships"]), ch(["Mob:", "Cell:", "Tel:", "📱"]), v)
    elif f == 5:
        t = "on-call wiki: if the SFTP push fails after 02:00, call %s (%s)." % (nm, v)
    elif f == 6:
        t = "```\n%s ussd session=%s msisdn=%s input=\"1*%d\" resp=END\n```" % (ts(), "ATUid_" + rs(HEX, 32), v, ri(100, 9000))
    else:
        t = "Hello, %s hapa. Namba yangu mpya ni %s, tafadhali update kwa agent portal." % (nm, v) if cc == "KE" else \
            "Please update the emergency contact for %s to %s in the HR sheet." % (nm, v)
    return t, [(K, v)]


def t_email(K):
    v = v_email()
    f = ri(0, 4)
    t = ["Please add %s to the settlement-recon mailing list." % v,
         "```yaml\nalerts:\n  kyc_backlog:\n    notify: %s\n```" % v,
         "Mteja ametuma screenshot kwa %s, forward kwa team ya disputes." % v,
         "গ্রাহকের ইমেইল %s, স্টেটমেন্ট পাঠাতে হবে।" % v,
         "Bhai statement %s pe bhej do, customer ne request kiya hai." % v][f]
    return t, [(K, v)]


def t_card(K):
    v = v_card()
    t = ch(["Card top-up failed for PAN %s, PSP says 05 Do not honour." % v,
            "```\n%s ERROR card-topup pan=%s rc=51 amount=%d\n```" % (ts(), v, ri(100, 20000)),
            "Mteja alituma namba ya kadi kwa chat: %s, tafadhali futa ticket." % v,
            "Corporate card for the AWS bill: %s exp %02d/%d" % (v, ri(1, 12), ri(27, 31))])
    return t, [(K, v)]


def t_iban(K):
    v = v_iban()
    t = ch(["Merchant settlement account updated: IBAN %s" % v,
            "Refund bhejna hai is IBAN par: %s (title: %s)" % (v, name_of("PK")),
            "```json\n{\"beneficiary\": \"%s\", \"iban\": \"%s\", \"currency\": \"PKR\"}\n```" % (name_of("PK"), v),
            "vendor invoice says pay to %s, please double check before the EUR transfer" % v])
    return t, [(K, v)]


def t_ssn(K):
    v = v_ssn()
    t = ch(["W-9 for the US contractor came back, SSN %s — move it out of Slack into the HR system." % v,
            "```csv\ncontractor,ssn,state\n%s,%s,%s\n```" % (name_of("US"), v, ch(["NY", "CA", "TX", "WA"])),
            "Background check vendor needs SSN: %s" % v])
    return t, [(K, v)]


def t_ip(K):
    v = v_ip()
    t = ch(["Safaricom asked us to whitelist callback source %s on the WAF." % v,
            "```\n%s WARN ussd-gateway too many sessions from %s (%d/min)\n```" % (ts(), v, ri(300, 9000)),
            "bKash sandbox egress IP ni %s, iwekwe kwa security group." % v,
            "```hcl\ningress {\n  from_port   = 443\n  to_port     = 443\n  protocol    = \"tcp\"\n  cidr_blocks = [\"%s/32\"]\n}\n```" % v,
            "Yaar yeh IP %s baar baar login try kar raha hai agent portal pe." % v])
    return t, [(K, v)]


def t_aws_id(K):
    v = v_aws_id()
    t = ch(["```\n$ aws sts get-caller-identity\nAccessKeyId used: %s\n```" % v,
            "settlement uploader still uses access key `%s`, who created it?" % v,
            "```ini\n[default]\naws_access_key_id = %s\nregion = af-south-1\n```" % v])
    return t, [(K, v)]


def t_aws_secret(K):
    v = v_aws_secret()
    t = ch(["```bash\nexport AWS_SECRET_ACCESS_KEY=%s\n```" % v, "aws_secret_access_key = %s" % v])
    return t, [(K, v)]


def t_ghp(K):
    v = v_ghp()
    t = ch(["use my PAT for the release pipeline: %s (siku 7 tu)" % v, "```bash\ngit clone https://%s@github.com/kopalink/ledger.git\n```" % v,
            "GITHUB_TOKEN=%s" % v])
    return t, [(K, v)]


def t_ghfg(K):
    v = v_ghfg()
    t = ch(["fine-grained token for the settlement repo only: `%s`" % v, "```yaml\nenv:\n  GH_TOKEN: %s\n```" % v])
    return t, [(K, v)]


def t_xoxb(K):
    v = v_xoxb()
    t = ch(["Alert bot token (new workspace): %s" % v, "```python\nclient = WebClient(token=\"%s\")\n```" % v, "SLACK_BOT_TOKEN=%s" % v])
    return t, [(K, v)]


def t_xoxp(K):
    v = v_xoxp()
    t = ch(["my user token for the export script: %s" % v, "```bash\ncurl -H \"Authorization: Bearer %s\" https://slack.com/api/conversations.history\n```" % v])
    return t, [(K, v)]


def t_openai(K):
    v = v_openai()
    t = ch(["OPENAI_API_KEY=%s" % v, "```python\nclient = OpenAI(api_key=\"%s\")  # Roman Urdu SMS classifier\n```" % v,
            "key ya kutranslate SMS za Sheng: `%s`" % v])
    return t, [(K, v)]


def t_anthropic(K):
    v = v_anthropic()
    t = ch(["ANTHROPIC_API_KEY=%s" % v, "```ts\nconst client = new Anthropic({ apiKey: \"%s\" });\n```" % v,
            "ticket summariser ka key: %s" % v])
    return t, [(K, v)]


def t_jwt(K):
    v = v_jwt()
    t = ch(["```\nGET /v1/agents/float HTTP/1.1\nHost: api.kopalink.co.ke\nAuthorization: Bearer %s\n```" % v,
            "agent app inatuma token hii na inakataliwa 401: %s" % v,
            "```bash\ncurl -s https://api.kopalink.pk/v1/loans -H 'Authorization: Bearer %s'\n```" % v])
    return t, [(K, v)]


def t_pem(K):
    kind = ch(["ec", "ed25519", "rsa", "openssh"])
    label, blob = pem_key(kind)
    lines = pem_lines(blob, 70 if kind == "openssh" else 64)
    lay = ri(0, 2)
    if lay == 0:
        v = "\n".join(lines)
        t = "```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (label, v, label)
    elif lay == 1:
        v = "\n    ".join(lines)
        t = "```yaml\nnagad:\n  merchant_private_key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----\n```" % (label, v, label)
    else:
        v = "\\n".join(lines)
        t = "```json\n{\"sftp_key\": \"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n\"}\n```" % (label, v, label)
    return t, [(K, v)], "private_key_pem:%s:layout%d" % (kind, lay)


def t_password(K):
    v = v_password()
    f = ri(0, 6)
    t = ["```\nServer=ledger-db.internal;Database=loans;User Id=svc_loans;Password=%s;Encrypt=true\n```" % v,
         "```\nhost=10.20.3.4 port=5432 dbname=kyc user=kyc_app password=%s sslmode=require\n```" % v,
         "```properties\nspring.datasource.url=jdbc:postgresql://10.20.3.4:5432/settlement\nspring.datasource.username=stl\nspring.datasource.password=%s\n```" % v,
         "```yaml\nsftp:\n  host: 10.40.1.9\n  user: kopalink_stl\n  password: \"%s\"\n```" % v,
         "SFTP ya bank: user `kopalink_stl`, password `%s` — nitaibadilisha kesho." % v,
         "Bhai agent portal admin ka password %s hai, kisi aur ko mat dena." % v,
         "```ini\n[bkash]\nusername = tokenized_merchant\npassword = %s\n```" % v][f]
    return t, [(K, v)]


def t_urlcred(K):
    v = v_urlpw()
    u = ch(["svc_ledger", "stl", "kyc_ro", "dlr", "admin_loans"])
    t = ch(["DATABASE_URL=postgres://%s:%s@ledger-db.internal:5432/ledger" % (u, v),
            "```python\nclient = MongoClient(\"mongodb+srv://%s:%s@kyc-cluster.kopalink.net/kyc?retryWrites=true\")\n```" % (u, v),
            "REDIS_URL=redis://:%s@cache.internal:6379/2" % v,
            "broker: `amqps://%s:%s@mq.kopalink.internal:5671/payments`" % (u, v),
            "```\nmysql://%s:%s@agent-float-db.internal:3306/float\n```" % (u, v)])
    return t, [(K, v)]


SINGLE = {"phone_number": t_phone, "email_address": t_email, "credit_card": t_card, "iban": t_iban, "us_ssn": t_ssn,
          "ipv4_address": t_ip, "aws_access_key_id": t_aws_id, "aws_secret_access_key": t_aws_secret,
          "github_classic_pat": t_ghp, "github_fine_grained_pat": t_ghfg, "slack_bot_token": t_xoxb, "slack_user_token": t_xoxp,
          "openai_api_key": t_openai, "anthropic_api_key": t_anthropic, "jwt": t_jwt, "private_key_pem": t_pem,
          "password": t_password, "url_credentials": t_urlcred}


def m_aws_pair():
    a, s = v_aws_id(), v_aws_secret()
    t = ch(["```ini\n[settlement-prod]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (a, s),
            "```bash\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\n```" % (a, s)])
    return "aws_pair", t, [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_signature():
    v, cc = v_phone(SIG_PLAN.pop(0))
    e = v_email(cc)
    t = "Regards,\n%s\nCollections Lead, KopaLink %s\n%s | %s" % (name_of(cc), cc, v, e)
    return "signature", t, [("phone_number", v), ("email_address", e)]


def m_refund():
    v, cc = v_phone("PK")
    i = v_iban()
    t = "Refund case: customer %s, phone %s, IBAN %s. Finance approve kar de to transfer ho jaye." % (name_of("PK"), v, i)
    return "refund", t, [("phone_number", v), ("iban", i)]


def m_ipdb():
    ip, pw = v_ip(), v_password()
    t = "```\nDB_HOST=%s\nDB_USER=reporting\nDB_PASSWORD=%s\n```" % (ip, pw)
    return "ipdb", t, [("ipv4_address", ip), ("password", pw)]


def m_contractor():
    s = v_ssn()
    v, cc = v_phone("US")
    t = "US contractor onboarding: %s, SSN %s, cell %s." % (name_of("US"), s, v)
    return "contractor", t, [("us_ssn", s), ("phone_number", v)]


def m_cardmail():
    c, e = v_card(), v_email()
    t = "Chargeback: card %s, cardholder email %s. Tafadhali futa hii baada ya kuweka kwa ticket." % (c, e)
    return "cardmail", t, [("credit_card", c), ("email_address", e)]


def m_ci():
    g, x = v_ghp(), v_xoxb()
    t = "```yaml\nenv:\n  GITHUB_TOKEN: %s\n  SLACK_BOT_TOKEN: %s\n```" % (g, x)
    return "ci", t, [("github_classic_pat", g), ("slack_bot_token", x)]


def m_llm():
    o, a = v_openai(), v_anthropic()
    t = "```bash\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\n```" % (o, a)
    return "llm", t, [("openai_api_key", o), ("anthropic_api_key", a)]


def m_jwt_ip():
    j, ip = v_jwt(), v_ip()
    t = "```\n%s INFO wallet-api 401 from %s auth=\"Bearer %s\"\n```" % (ts(), ip, j)
    return "jwt_ip", t, [("ipv4_address", ip), ("jwt", j)]


def m_url_fg():
    p, g = v_urlpw(), v_ghfg()
    t = "```bash\nexport DATABASE_URL=postgres://stl:%s@ledger-db.internal:5432/ledger\nexport GH_TOKEN=%s\n```" % (p, g)
    return "url_fg", t, [("url_credentials", p), ("github_fine_grained_pat", g)]


def m_xoxp_mail():
    x, e = v_xoxp(), v_email()
    t = "Slack export imefanywa na %s kutumia token %s — irevoke leo." % (e, x)
    return "xoxp_mail", t, [("email_address", e), ("slack_user_token", x)]


MULTI_PLAN = [m_aws_pair] * 5 + [m_signature] * 4 + [m_refund] * 2 + [m_ipdb] * 2 + [m_contractor, m_cardmail, m_ci, m_llm, m_jwt_ip, m_url_fg, m_xoxp_mail]

TARGET = {"phone_number": 18, "password": 14, "email_address": 9, "credit_card": 9, "iban": 9, "ipv4_address": 9, "jwt": 9,
          "private_key_pem": 9, "aws_access_key_id": 9, "url_credentials": 9, "us_ssn": 9, "openai_api_key": 9,
          "aws_secret_access_key": 8, "github_classic_pat": 8, "github_fine_grained_pat": 8, "slack_bot_token": 8,
          "slack_user_token": 8, "anthropic_api_key": 8}


# ================================================================ README
CAT_NOTES = {
    "data_uri_base64": "Real bytes, base64-encoded and built in `gen.py`: PNG (IHDR/IDAT/IEND with correct CRCs, `iVBORw0KGgo…`) for till QR placeholders, GIF89a 1×1 SMS-template pixel (`R0lGODlh…`), JPEG/JFIF header with a real DQT/SOF0 (`/9j/4AAQ…`, shown truncated) for KYC selfie thumbnails, PDF loan statement (`JVBERi0…`), WAV IVR beep (`UklGR…`), ICO favicon wrapping a PNG, woff2 header for a Bangla font (`d09GMg…`, truncated), SVG as base64 / percent-encoded / `utf8,`, and inline source maps (`data:application/json;base64,eyJ2ZXJzaW9uIjoz…`, base64 JSON starting `eyJ`, not a JWT). Contexts: CSS `url()`, `@font-face` with Bengali `unicode-range`, React Native `source={{uri}}`, Flutter `Image.memory`, Kotlin test, Python constant, JSON API response, Jupyter `image/png`, CSP report, Markdown image, `echo … \\| base64 -d \\| file -`.",
    "placeholder_example": "`.env.example` for Daraja / bKash / JazzCash / SMS gateway (`your_consumer_key_here`, `<consumer-secret>`, `${DARAJA_PASSKEY}`, `changeme`, empty values, `MC_XXXXX`); the **Daraja sandbox shortcode 174379 and its published sandbox passkey** (64 hex); AWS documentation keys `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`; vendor prefixes with `...`/`…`/`xxx` (`sk-...`, `sk-ant-api03-...`, `xoxb-your-bot-token`, `ghp_xxxx…`, `AKIA...`, `sk_live_xxx`, `whsec_...`); Helm `{{ .Values… }}`, `secretKeyRef`, GitHub Actions `${{ secrets.… }}`, `vault:…`, `op://…`, `{{resolve:secretsmanager:…}}`, `%SMS_API_KEY%`; masks (`****`, `•••• 1234`, `2547******12`, `+880 1*** ***123`, `03XX-XXX1234`, `PK** **** … 1234`, `[MASKED]`, `[REDACTED]`); phone-format placeholders (`+254 7XX XXX XXX`, `01XXX-XXXXXX`, `03XX-XXXXXXX`) and validation regexes; PEM with `MIIE...(your key here)...`; template DSNs (`postgres://user:password@localhost`, `amqp://guest:guest@…`, `<username>:<password>@<host>`, `mysql://root:root@127.0.0.1`); `Bearer eyJhbGciOi...<snip>`; TOML/HCL/Python reading secrets from env.",
    "code_identifier": "Java/Kotlin stack traces under `com.kopalink.{wallet,loans,settlement,kyc,ussd}` with class/method names built from Till/Paybill/Agent/Loan/Stk/B2c × Secret/Token/Pin/Passkey/Msisdn/Iban/Otp/Salt words (up to ~22 lines); Go panics with `github.com/kopalink/…/internal/secrets.(*…)` frames and `0xc…` addresses; Python classes; SQL DDL with `msisdn_hash`, `pin_hash`, `pin_salt`, `api_key_last_four`, `national_id_encrypted`, `otp_secret_ref`; `kubectl get pods` with ReplicaSet hash suffixes; Terraform addresses (`aws_secretsmanager_secret.daraja_consumer_secret`, …); feature-flag keys; iOS crash frames with ObjC selectors and Swift mangled names; R8 mapping lines; TypeScript interfaces; proto services (`RotatePasskey`…); env var *names* only (`DARAJA_CONSUMER_SECRET`, `JAZZCASH_INTEGRITY_SALT`, …); CSS-in-JS / CSS-module / Vue class names; Next.js chunk names with content hashes.",
    "non_credential_blob": "`git log` SHAs (7/8/40), docker digests and `@sha256:` pins, `sha256sum` of settlement files (`KE_MPESA_SETTLEMENT_YYYYMMDD.csv`, `.csv.gpg`), SMS gateway delivery-report JSON (`ATXid_<32 hex>`, network codes 63902/47001/41001, cost in KES/BDT/PKR), USSD session logs (`ATUid_<32 hex>`, service code, `text=\"1*2*500\"`, **masked** MSISDN), npm `integrity sha512-…`, `go.sum h1:…=`, W3C `traceparent` / `x-request-id` / `X-Amzn-Trace-Id`, base64-JSON pagination cursors (`eyJ…`, no dots), `aws s3 ls` of KYC document keys with UUIDs, SOPS `ENC[AES256_GCM,…]`, ETag / `x-goog-hash` / `content-md5`, STK push response (`MerchantRequestID`, `CheckoutRequestID ws_CO_…`), KYC job UUID lists, ULIDs, SSH host-key `SHA256:` fingerprints.",
    "pii_lookalike_number": "Till numbers (6–7 digits) and paybill numbers (6 digits) with loan-account references, M-Pesa-style transaction codes in Markdown tables (`[Q-U][A-Z][A-Z0-9]{8}`) with KES amounts, loan account numbers `LN-KE-…` (10 digits, forced non-Luhn), agent codes `AGT-PK-LHR-00482`, BDT collections with lakh grouping (`৳12,45,000`) per upazila, PKR settlement lines, settlement CSV exports (5–25 rows: batch ids, dates, counts, 9–10 digit gross/net amounts), USSD codes `*483*57#` and SMS short codes, epoch seconds and Slack `ts` in JSON logs, bKash-style TrxIDs, private / RFC 5737 IPs, ISO 8583 switch logs (STAN, 12-digit RRN, 12-digit amount field, currency codes 404/050/586), 16-digit settlement references grouped by 4 (**not Luhn-valid**) with SWIFT BICs, app versions and `versionCode`, dates in three formats and Jira keys, thousands-separated counts.",
    "talk_about_secrets": "24 sentences (English, Swahili, Sheng, Bangla script, romanised Bangla, Urdu script, Roman Urdu) about rotating the Daraja consumer secret / STK passkey / bKash app secret / JazzCash integrity salt, never sharing PIN/OTP, leaked DB passwords, masking of cards/IBANs/phones/e-mails, plus incident notes, a FAQ in four languages, a leaked-credential runbook, External Secrets errors and a scanner-regex discussion. No values.",
}

KIND_NOTES = {
    "phone_number": "KE (`0722 123 456`, `07XXXXXXXX`, `+254 7XX XXX XXX`, `+2547…`, `2547…` MSISDN, `+254-7XX-…`; Safaricom/Airtel 07xx and 011x ranges), BD (`01711-234567`, `01711234567`, `+880 1711-234567`, `+8801…`, `8801…`, `+880 17 1123 4567`; 013–019), PK (`0300-1234567`, `03001234567`, `+92 300 1234567`, `+923…`, `923…`, `0300 123 4567`; 300–349), plus NANP (US, CA; no 555, no N11) and EU (GB 07…, DE 015x/016x/017x). In chat, Markdown tables, CSV, JSON logs, USSD logs, signatures, on-call notes",
    "password": "password only: ADO.NET `Password=…;`, libpq key=value, Spring `spring.datasource.password`, YAML, INI, prose in Swahili / Roman Urdu, and `DB_PASSWORD=` next to a public IP",
    "email_address": "names from KE/BD/PK; company domains `kopalink.co.ke` / `.com.bd` / `.pk` and webmail",
    "credit_card": "Luhn-valid Visa / Mastercard (51–55 and 2221–2720) / Amex / Discover; plain, spaced or dashed",
    "iban": "mod-97-valid PK (bank code + 16 digits), DE, GB, NL, AE; compact or grouped by 4",
    "us_ssn": "area not 000/666/9xx, group not 00, serial not 0000; US contractor / W-9 context",
    "ipv4_address": "public only, from AfriNIC / APNIC / ARIN blocks; WAF whitelists, logs, HCL `cidr_blocks`",
    "jwt": "real base64url JSON header and payload (HS256, or RS256 with `kid`), random signature",
    "private_key_pem": "real DER structure with random key material: EC P-256 (SEC1), Ed25519 PKCS#8, RSA PKCS#1, OpenSSH `openssh-key-v1`. Value = first to last base64 character of the body; lines joined by newline, by newline + 4 spaces (YAML block scalar) or by literal `\\n` (JSON string)",
    "aws_access_key_id": "`AKIA`/`ASIA` + 16 × `[A-Z2-7]`",
    "aws_secret_access_key": "40 chars of `[A-Za-z0-9+/]`; 5 paired with a key id",
    "url_credentials": "password part of `scheme://user:pw@host` (postgres, mongodb+srv, redis `:pw@`, amqps, mysql)",
    "openai_api_key": "`sk-proj-…T3BlbkFJ…`, legacy `sk-<20>T3BlbkFJ<20>`, `sk-svcacct-…`",
    "github_classic_pat": "`ghp_` + 30 random + 6-char base62 CRC32 of the random part",
    "github_fine_grained_pat": "`github_pat_11` + 20 + `_` + 59",
    "slack_bot_token": "`xoxb-<digits>-<digits>-<24>`",
    "slack_user_token": "`xoxp-<d>-<d>-<d>-<32 hex>`",
    "anthropic_api_key": "`sk-ant-api03-` + 93 + `AA`",
}

KIND_ORDER = ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token",
              "slack_user_token", "openai_api_key", "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials",
              "email_address", "phone_number", "credit_card", "iban", "us_ssn", "ipv4_address"]

BLINDNESS = """Written blind. Opened, and nothing else:

1. the brief (`/work/briefs/data.md`);
2. `/work/.library/env/README.md`;
3. `/work/main/tests/support/data/redaction4/README.md`, in full (one `cat`, plus one `grep -n placeholder_example` on the same
   README to read the table row the terminal had cut);
4. `head -3` of `redaction4_negatives.jsonl` and of `redaction4_positives.jsonl` (same folder).

Ran: `date`, `ls -la /work/data/redaction74/` (did not exist yet), `ls /work/briefs/`, `mkdir -p /work/data/redaction74`, and
`python3` on `gen.py` / small checks of its own output (under this folder and `/tmp`). No other file under `/work/main`, no
`/work/wt-*`, no other folder under `/work/data` was listed, opened or grepped; no git command, no code/doc search tool, the product
was not run, nothing was installed. Templates come from general knowledge of mobile-money / microfinance operations (Daraja,
bKash, JazzCash, Africa's Talking-style USSD/SMS), chat, code, logs and config, and are not tuned against any rule set."""


def lead_trail(text):
    lead = any(text.startswith(l + " ") or text.startswith(l + "\n") for l in LEADINS)
    trail = text.rsplit("\n", 1)[-1] in TRAILERS and "\n" in text
    return lead, trail


def write_readme(negs, pos, stats, shas):
    L = ["> PLACEHOLDER", "", "# Held-out redaction corpus #%d: mobile money & microfinance (Kenya, Bangladesh, Pakistan)" % N, ""]
    L.append("Theme: the Slack workspace of a mobile-money and microfinance company (\"KopaLink\", fictional) operating in Kenya, "
             "Bangladesh and Pakistan: till and paybill numbers, M-Pesa-style transaction codes, loan account numbers, agent codes, "
             "USSD session logs, SMS gateway delivery reports, KYC queue status, settlement files, amounts in KES / BDT / PKR.")
    L.append("")
    L.append("Languages: English, Swahili, Sheng, Bengali (Bangla script and romanised), Urdu (Urdu script and Roman Urdu), mixed "
             "inside messages the way the channels mix them (English code/logs with a Swahili or Roman Urdu lead-in, Bangla tables, …).")
    L.append("")
    L.append("## Files")
    L.append("")
    L.append("`gen.py` writes them (and this README), using `random.Random(%d * 101)` as the only source of randomness. Output is "
             "deterministic: two runs give byte-identical files, also under `PYTHONHASHSEED=0` and `PYTHONHASHSEED=123` (checked with `cmp`)." % N)
    L.append("")
    L.append("| file | what | sha256 |")
    L.append("|---|---|---|")
    L.append("| `redaction%d_negatives.jsonl` | %d messages with **no secret and no personal data**, 100 per category | `%s` |" % (N, len(negs), shas["neg"]))
    L.append("| `redaction%d_positives.jsonl` | %d messages holding %d labelled fake secrets / personal-data items of 18 kinds | `%s` |" % (N, len(pos), sum(len(r["secrets"]) for r in pos), shas["pos"]))
    L.append("| `gen.py` | the generator, with a built-in scanner | — |")
    L.append("")
    L.append("Regenerate with `python3 gen.py` (standard library only); it rewrites both files and this README next to the script.")
    L.append("")
    L.append("## How it was written (blindness record)")
    L.append("")
    L.append(BLINDNESS)
    L.append("")
    L.append("## Record format")
    L.append("")
    L.append("- negatives: `{\"id\": \"h%dn-0001\", \"text\": ..., \"category\": ...}`" % N)
    L.append("- positives: `{\"id\": \"h%dp-0001\", \"text\": ..., \"secrets\": [{\"kind\": ..., \"value\": ...}], \"context\": ...}`. "
             "Every `value` occurs verbatim in `text` (`gen.py` asserts it). `context` is `<kind>:t_<template>` for single-secret "
             "messages, `multi:<name>:2` for two-secret messages and `private_key_pem:<type>:layout<n>` for PEM messages." % N)
    L.append("")
    nl = [r["text"].count("\n") + 1 for r in negs]
    pl = [r["text"].count("\n") + 1 for r in pos]
    nlead = sum(1 for r in negs if lead_trail(r["text"])[0])
    ntrail = sum(1 for r in negs if lead_trail(r["text"])[1])
    plead = sum(1 for r in pos if lead_trail(r["text"])[0])
    ptrail = sum(1 for r in pos if lead_trail(r["text"])[1])
    L.append("Formats: prose, Markdown tables and lists, Q&A, code blocks (Java/Kotlin traces, Go panics, Python, TS/TSX, Dart, Kotlin, "
             "SQL, proto, CSS/SCSS, HTML, iOS crash logs), config (.env, YAML, INI, TOML, HCL, JSON, Java properties), shell output "
             "(`kubectl`, `docker`, `git log`, `aws s3 ls`, `sha256sum`, `terraform plan`, `curl`), log lines, JSON logs, HTTP headers, CSV. "
             "Negatives: %d single-line, %d with 10+ lines, max %d lines; positives: %d single-line, max %d lines. "
             "Lead-ins in one of the theme's languages: %d negatives (%.0f %%) and %d positives (%.0f %%); short trailers: %d negatives "
             "(%.0f %%) and %d positives (%.0f %%)." % (
                 sum(1 for x in nl if x == 1), sum(1 for x in nl if x >= 10), max(nl), sum(1 for x in pl if x == 1), max(pl),
                 nlead, 100.0 * nlead / len(negs), plead, 100.0 * plead / len(pos), ntrail, 100.0 * ntrail / len(negs), ptrail, 100.0 * ptrail / len(pos)))
    L.append("")
    L.append("## Negative categories")
    L.append("")
    L.append("| category | texts | templates | min/max lines | what is in it |")
    L.append("|---|---:|---:|---|---|")
    for cat, funcs in NEG_CATS:
        c = stats["cats"][cat]
        L.append("| `%s` | %d | %d | %d / %d | %s |" % (cat, c[0], len(funcs), c[1], c[2], CAT_NOTES[cat]))
    L.append("| **total** | **%d** | | | |" % len(negs))
    L.append("")
    L.append("All %d texts are distinct. No person names, e-mail addresses or phone numbers appear in the negatives; MSISDNs only "
             "appear masked (`2547******12`, `+880 1*** ***123`, `03XX-XXX1234`)." % len(negs))
    L.append("")
    L.append("### Guarantees on the negatives (enforced by `gen.py`)")
    L.append("")
    L.append("`gen.py` throws away and redraws any negative (and any duplicate) in which its scanner finds:")
    L.append("")
    for g in ["an e-mail address;", "a GitHub token shape (`gh[pousr]_` + 36, `github_pat_…`), a Slack token shape (`xox?-<digits>-`), an `sk-…` key of 32+ characters, a three-segment `eyJ….eyJ….sig` JWT;",
              "an SSN shape `ddd-dd-dddd`;", "a Luhn-valid run of 13–19 digits, also every window of consecutive digit groups joined by single spaces or dashes that reaches 13–19 digits;",
              "a mod-97-valid IBAN (compact or grouped);", "a PEM private-key block whose body is real base64 (40+ chars, also with literal `\\n`);",
              "an `AKIA`/`ASIA` key id unless it contains `EXAMPLE`;", "a public IPv4 address (anything outside private, loopback, CGNAT, link-local, benchmark, documentation and multicast/reserved ranges);",
              "URL userinfo `scheme://user:pw@` whose password is not a placeholder (`password`, `changeme`, `guest`, `root`, `admin`, `<…>`, `${…}`, `***`, …);",
              "a phone number of Kenya (`0`/`254`/`+254` + `7xx` or `01[01]x`, with or without spaces/dashes), Bangladesh (`0`/`880`/`+880` + `1[3-9]` + 8), Pakistan (`0`/`92`/`+92` + `3xx` + 7, also `3xx xxx xxxx`) or NANP (separated `NXX NXX XXXX`, `(NXX) NXX-XXXX`, `+1NXXNXXXXXX`)."]:
        L.append("- " + g)
    L.append("")
    L.append("Redraws while generating: %s. Scanner hits on the final negatives: **%d**." % (
        ", ".join("%s %d" % kv for kv in stats["redraw_why"].items()), stats["final_hits"]))
    L.append("")
    L.append("Run on the positives, the same scanner misses %d of %d values: %s. That is the scanner's scope (it has no rule for bare "
             "passwords, AWS secret keys, GB/DE phones or a few layouts), not a gap in the labels." % (
                 sum(stats["missed_kinds"].values()), sum(len(r["secrets"]) for r in pos), ", ".join("%s %d" % kv for kv in stats["missed_kinds"].items())))
    L.append("")
    L.append("## Known ambiguities (deliberate, so decide how to score them)")
    L.append("")
    for a in [
        "**Daraja sandbox passkey.** `bfb279f9…c919` (64 hex) with shortcode `174379` is Safaricom's published sandbox value, printed in its docs and countless tutorials. Counted negative, like the AWS documentation keys `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`.",
        "**Till, paybill, agent and short codes.** 5–7 digit business numbers are public by design (printed on shop signs). Not personal data.",
        "**M-Pesa-style transaction codes and bKash TrxIDs** (10 upper-case alphanumerics) identify a payment, not a person; counted negative.",
        "**Masked MSISDNs** (`2547******12`, `+254 7** *** 412`, `017XX-XXX123`, `923*******45`) keep 2–4 trailing digits. Treated as non-PII, as are `•••• 1234` cards and `PK** … 1234` IBANs.",
        "**Loan account numbers, settlement references and RRNs.** 10–16 digit numbers; the generator forces loan numbers and the 16-digit settlement references (grouped by 4, look like a card) to fail Luhn, and the scanner checks every other long digit run. A redactor that masks every 16-digit group-of-4 will flag them.",
        "**9–10 digit amounts and epoch seconds** in CSV / JSON logs share the shape of a phone number without separators; none starts with a KE/BD/PK trunk or country prefix.",
        "**Template / default DSNs** (`postgres://user:password@localhost`, `amqp://guest:guest@localhost`, `redis://:changeme@localhost`, `mysql://root:root@127.0.0.1`) are placeholders, not secrets.",
        "**Random hex / base64** (ATXid/ATUid session ids, sha256sum, SOPS ciphertext, ETags, `h1:` / `sha512-` hashes, SSH fingerprints) have the shape of some vendor keys; only context tells.",
        "**Env var names** (`DARAJA_CONSUMER_SECRET`, `JAZZCASH_INTEGRITY_SALT`) and identifiers built from Secret/Pin/Passkey words carry no value.",
        "**Positives:** person names next to values (customer, contractor, signature) are not labelled; only the listed value is. In signatures the phone and e-mail are two separate secrets. Phone numbers include the trunk `0` or the `+`/country code exactly as written, and the value is the whole written number (with its spaces/dashes).",
    ]:
        L.append("- " + a)
    L.append("")
    L.append("## Positive set")
    L.append("")
    L.append("| kind | secrets | notes |")
    L.append("|---|---:|---|")
    for k in KIND_ORDER:
        L.append("| %s | %d | %s |" % (k, stats["kinds"].get(k, 0), KIND_NOTES[k]))
    n1 = sum(1 for r in pos if len(r["secrets"]) == 1)
    n2 = sum(1 for r in pos if len(r["secrets"]) == 2)
    L.append("| **total** | **%d** | %d texts: %d with one secret, %d with two |" % (sum(stats["kinds"].values()), len(pos), n1, n2))
    L.append("")
    L.append("`gen.py` re-checks on every run: Luhn for cards, mod-97 for IBANs, the SSN rules, that each IPv4 is public, that each JWT's "
             "header and payload decode to JSON, that each PEM body is valid base64, the GitHub classic token length and the AWS key-id alphabet.")
    L.append("")
    L.append("### Two-secret texts")
    L.append("")
    L.append("| id | context | kinds |")
    L.append("|---|---|---|")
    for r in pos:
        if len(r["secrets"]) > 1:
            L.append("| %s | `%s` | %s |" % (r["id"], r["context"], " + ".join(s["kind"] for s in r["secrets"])))
    L.append("")
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(L))


# ================================================================ build
def validate(kind, v):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"[ -]", "", v)), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        assert re.fullmatch(r"\d{3}-\d{2}-\d{4}", v) and ssn_ok(v), v
    elif kind == "ipv4_address":
        assert ip_public(v), v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"\s|\\n", "", v), validate=True)
    elif kind == "github_classic_pat":
        assert len(v) == 40
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)


REDRAW_WHY = {}


def build_negatives():
    order = []
    for cat, _ in NEG_CATS:
        order += [cat] * 100
    R.shuffle(order)
    funcs = dict(NEG_CATS)
    seen = set()
    out = []
    redraws = 0
    used = {c: set() for c, _ in NEG_CATS}
    for i, cat in enumerate(order):
        for attempt in range(500):
            f = ch(funcs[cat])
            text = dress(f())
            if text in seen:
                redraws += 1
                REDRAW_WHY["duplicate"] = REDRAW_WHY.get("duplicate", 0) + 1
                continue
            hits = scan(text)
            if hits:
                redraws += 1
                for h in sorted(set(x[0] for x in hits)):
                    REDRAW_WHY[h] = REDRAW_WHY.get(h, 0) + 1
                continue
            break
        else:
            raise SystemExit("could not draw negative for %s" % cat)
        seen.add(text)
        used[cat].add(f.__name__)
        out.append({"id": "h%dn-%04d" % (N, i + 1), "text": text, "category": cat})
    return out, redraws, used


def build_positives():
    jobs = []
    need = dict(TARGET)
    for m in MULTI_PLAN:
        jobs.append(("multi", m))
    for k in sorted(need):
        pass
    multi_counts = {}
    # count what multi templates will contribute (fixed by plan)
    contrib = {"m_aws_pair": ["aws_access_key_id", "aws_secret_access_key"], "m_signature": ["phone_number", "email_address"],
               "m_refund": ["phone_number", "iban"], "m_ipdb": ["ipv4_address", "password"], "m_contractor": ["us_ssn", "phone_number"],
               "m_cardmail": ["credit_card", "email_address"], "m_ci": ["github_classic_pat", "slack_bot_token"],
               "m_llm": ["openai_api_key", "anthropic_api_key"], "m_jwt_ip": ["ipv4_address", "jwt"],
               "m_url_fg": ["url_credentials", "github_fine_grained_pat"], "m_xoxp_mail": ["email_address", "slack_user_token"]}
    for m in MULTI_PLAN:
        for k in contrib[m.__name__]:
            multi_counts[k] = multi_counts.get(k, 0) + 1
    for k, _ in sorted(TARGET.items()):
        for _ in range(TARGET[k] - multi_counts.get(k, 0)):
            jobs.append(("single", k))
    R.shuffle(jobs)
    out = []
    seen = set()
    for i, (typ, what) in enumerate(jobs):
        while True:
            if typ == "multi":
                name, text, secrets = what()
                ctx = "multi:%s:%d" % (name, len(secrets))
            else:
                r = SINGLE[what](what)
                text, secrets = r[0], r[1]
                ctx = r[2] if len(r) > 2 else "%s:%s" % (what, SINGLE[what].__name__)
            text = dress(text, 0.30, 0.12)
            if text not in seen:
                break
        seen.add(text)
        for k, v in secrets:
            assert v in text, (k, v)
            validate(k, v)
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return out


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    negs, redraws, used = build_negatives()
    pos = build_positives()
    np_ = os.path.join(HERE, "redaction%d_negatives.jsonl" % N)
    pp = os.path.join(HERE, "redaction%d_positives.jsonl" % N)
    write_jsonl(np_, negs)
    write_jsonl(pp, pos)
    final_hits = sum(len(scan(r["text"])) for r in negs)
    def norm(x):
        return re.sub(r"[\s-]", "", x)
    missed = [(s["kind"], s["value"]) for r in pos for s in r["secrets"]
              if not any(norm(s["value"]) in norm(h[1]) or norm(h[1]) in norm(s["value"]) for h in scan(r["text"]))]
    missed_kinds = {}
    for k, _ in missed:
        missed_kinds[k] = missed_kinds.get(k, 0) + 1
    stats = {"redraw_why": dict(sorted(REDRAW_WHY.items())), "missed_kinds": dict(sorted(missed_kinds.items())), "redraws": redraws, "final_hits": final_hits, "pos_missed_by_scanner": len(missed)}
    cats = {}
    for r in negs:
        n = r["text"].count("\n") + 1
        c = cats.setdefault(r["category"], [0, 10 ** 9, 0])
        c[0] += 1
        c[1] = min(c[1], n)
        c[2] = max(c[2], n)
    kinds = {}
    for r in pos:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    lines = [r["text"].count("\n") + 1 for r in negs + pos]
    stats.update({"cats": cats, "templates": {c: (len(f), len(used[c])) for c, f in NEG_CATS}, "kinds": kinds,
                  "multi": [(r["id"], r["context"]) for r in pos if len(r["secrets"]) > 1],
                  "lead_neg": 0, "single_line": sum(1 for x in lines if x == 1), "ge10": sum(1 for x in lines if x >= 10),
                  "ge20": sum(1 for x in lines if x >= 20), "maxlines": max(lines)})
    shas = {"neg": hashlib.sha256(open(np_, "rb").read()).hexdigest(), "pos": hashlib.sha256(open(pp, "rb").read()).hexdigest()}
    write_readme(negs, pos, stats, shas)
    print("sha256 negatives %s\nsha256 positives %s" % (shas["neg"], shas["pos"]))
    print("negatives=%d positives=%d secrets=%d redraws=%d scanner_hits_final=%d positives_missed_by_scanner=%d" % (
        len(negs), len(pos), sum(kinds.values()), redraws, final_hits, len(missed)))
    for k in sorted(kinds):
        print("  %-24s %d" % (k, kinds[k]))


if __name__ == "__main__":
    main()
