#!/usr/bin/env python3
"""Generator for redaction corpus #73 (e-filing / e-invoicing contractor: RO, UA, KZ).

Writes redaction73_negatives.jsonl, redaction73_positives.jsonl and README.md next to this file.
Only randomness: random.Random(73 * 101). Standard library only.
"""
import base64, binascii, hashlib, io, ipaddress, json, os, re, struct, sys, zipfile, zlib

import random

N = 73
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
HEX = "0123456789abcdef"
A32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B64 = B62 + "+/"
B64U = B62 + "-_"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rb(n):
    return bytes(R.randrange(256) for _ in range(n))


def pick(seq):
    return seq[R.randrange(len(seq))]


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2:
            x *= 2
            if x > 9:
                x -= 9
        s += x
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + "".join(str(R.randrange(10)) for _ in range(length - len(prefix) - 1))
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c


def iban_check(country, bban):
    s = bban + country + "00"
    num = "".join(str(int(c, 36)) for c in s)
    return "%02d" % (98 - int(num) % 97)


def iban_valid(iban):
    iban = iban.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", iban):
        return False
    s = iban[4:] + iban[:4]
    return int("".join(str(int(c, 36)) for c in s)) % 97 == 1


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def cui_valid(body):
    """Romanian CUI with control digit (company id, not personal)."""
    key = "753217532"
    b = body.rjust(9, "0")
    s = sum(int(a) * int(k) for a, k in zip(b, key))
    c = s * 10 % 11
    return body + str(0 if c == 10 else c)


def cui():
    return cui_valid(str(R.randrange(1000000, 9999999)))


def edrpou():
    while True:
        b = "%07d" % R.randrange(2000000, 4499999)
        v = int(b + "0")
        w = [1, 2, 3, 4, 5, 6, 7] if (v < 30000000 or v > 60000000) else [7, 1, 2, 3, 4, 5, 6]
        c = sum(int(x) * y for x, y in zip(b, w)) % 11
        if c == 10:
            c = sum(int(x) * (y + 2) for x, y in zip(b, w)) % 11
            if c == 10:
                c = 0
        return b + str(c)


def bin_kz():
    while True:
        b = "%02d%02d4%d%s" % (R.randrange(3, 25), R.randrange(1, 13), R.choice([0, 1]), "".join(str(R.randrange(10)) for _ in range(5)))
        c = sum(int(x) * (i + 1) for i, x in enumerate(b)) % 11
        if c == 10:
            c = sum(int(x) * ((i + 2) % 11 + 1) for i, x in enumerate(b)) % 11
            if c == 10:
                continue
        return b + str(c)


def ts():
    return "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randrange(1, 12), R.randrange(1, 29), R.randrange(24), R.randrange(60), R.randrange(60), R.randrange(1000))


def date_ro():
    return "%02d.%02d.2026" % (R.randrange(1, 29), R.randrange(1, 13))


def uuid4():
    h = rs(HEX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], pick("89ab"), h[17:20], h[20:])


def money(cur):
    n = R.randrange(100, 9999999)
    whole = "{:,}".format(n).replace(",", pick([" ", ".", "\u00a0"]))
    return "%s,%02d %s" % (whole, R.randrange(100), cur)


def private_ip():
    return pick(["10.%d.%d.%d" % (R.randrange(256), R.randrange(256), R.randrange(1, 255)),
                 "172.%d.%d.%d" % (R.randrange(16, 32), R.randrange(256), R.randrange(1, 255)),
                 "192.168.%d.%d" % (R.randrange(256), R.randrange(1, 255)),
                 "192.0.2.%d" % R.randrange(1, 255), "198.51.100.%d" % R.randrange(1, 255),
                 "203.0.113.%d" % R.randrange(1, 255)])


def sha256hex():
    return rs(HEX, 64)


# ---------------------------------------------------------------- languages
LEAD = {
    "ro": ["fyi:", "Salut,", "Colegi,", "Pentru context:", "Vă rog să vă uitați:", "Mă uit acum —", "Întrebare rapidă:", "Update batch SPV:"],
    "uk": ["Привіт,", "До відома:", "Колеги,", "Гляньте, будь ласка:", "Нагадую:", "Швидке питання:", "По реєстру ПН:"],
    "ru": ["Коллеги,", "К сведению:", "Смотрите:", "Быстрый вопрос:", "Для контекста:", "По сверке:", "Глянул логи —"],
    "kk": ["Сәлем,", "Назар аударыңыздар:", "Ескерту:", "Әріптестер,", "Қараңызшы:", "ЭШФ бойынша:"],
    "en": ["fyi", "heads up:", "quick q:", "context:", "re the batch —", "for the record:", "from the incident channel:"],
}
TRAIL = ["mersi!", "mulțumesc", "дякую", "дякую 🙏", "спасибо", "спс", "рахмет!", "рақмет", "thx", "🙏", "+1", "ок?", "pls ack", "👀", "merci", "ок, дивлюсь"]
LANGS = ["ro", "uk", "ru", "kk", "en"]


def dress(text):
    if R.random() < 0.30:
        lead = pick(LEAD[pick(LANGS)])
        text = lead + (" " if (R.random() < 0.4 and "\n" not in text[:80] and not text.startswith("`")) else "\n") + text
    if R.random() < 0.12:
        text = text + "\n" + pick(TRAIL)
    return text


# ---------------------------------------------------------------- real file bytes
def png_bytes(w=None, h=None):
    w = w or R.randrange(1, 5)
    h = h or R.randrange(1, 5)
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    col = rb(3)
    raw = b"".join(b"\x00" + col * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_bytes():
    c = rb(3)
    return b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"


def pdf_bytes():
    title = pick(["Factura", "Declaratia D394", "Податкова накладна", "ЭСФ", "Recipisa SPV"])
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] >>" % (pick([595, 612]), pick([842, 792]))]
    out = "%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out.encode()))
        out += "%d 0 obj\n%s\nendobj\n" % (i + 1, o)
    x = len(out.encode())
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += "%010d 00000 n \n" % o
    out += "trailer\n<< /Size %d /Root 1 0 R /Info << /Title (%s) >> >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, title.encode("ascii", "ignore").decode() or "Doc", x)
    return out.encode()


def wav_bytes():
    n = R.randrange(4, 12)
    data = rb(n * 2)
    return b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 16000, 2, 16) + b"data" + struct.pack("<I", len(data)) + data


def bmp_bytes():
    px = rb(3) + b"\x00"
    return b"BM" + struct.pack("<IHHI", 58, 0, 0, 54) + struct.pack("<IiiHHIIiiII", 40, 1, 1, 1, 24, 0, 4, 2835, 2835, 0, 0) + px


def svg_text():
    c = "#%06x" % R.randrange(1 << 24)
    return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 16 16"><path d="M%d %dl6 6-%d %dz" fill="%s"/></svg>' % (
        R.randrange(12, 33), R.randrange(12, 33), R.randrange(1, 8), R.randrange(1, 8), R.randrange(1, 9), R.randrange(1, 9), c)


def zip_bytes():
    bio = io.BytesIO()
    idx = R.randrange(4000000000, 4999999999)
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        zi = zipfile.ZipInfo("%d.xml" % idx, date_time=(2026, R.randrange(1, 13), R.randrange(1, 29), 10, 0, 0))
        z.writestr(zi, '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID>FCT-%d</cbc:ID></Invoice>' % R.randrange(1000, 99999))
    return bio.getvalue()


def sourcemap():
    return json.dumps({"version": 3, "file": "spv-%s.js" % rs(HEX, 8), "sources": ["src/efactura/%s.ts" % pick(["upload", "status", "download", "validate"])], "names": [], "mappings": "AAAA,SAAS;" + rs("ACEGIKMOQSUWY", 6)}, separators=(",", ":"))


# ---------------------------------------------------------------- negatives
def neg_data_uri():
    kind = R.randrange(11)
    if kind == 0:
        d = b64(png_bytes())
        return pick([
            ".status-badge--%s {\n  background-image: url(\"data:image/png;base64,%s\");\n  width: 16px;\n}" % (pick(["ok", "err", "pending"]), d),
            '<img alt="SPV" class="logo" src="data:image/png;base64,%s" />' % d,
            "в JSX для статусу «прийнято ДПС»: `blurDataURL=\"data:image/png;base64,%s\"`" % d,
        ])
    if kind == 1:
        d = b64(gif_bytes())
        return "tracking pixel in the e-mail template was replaced by an inline one:\n```html\n<img width=\"1\" height=\"1\" src=\"data:image/gif;base64,%s\">\n```" % d
    if kind == 2:
        d = b64(pdf_bytes())
        return "```xml\n<cac:AdditionalDocumentReference>\n  <cbc:ID>%s</cbc:ID>\n  <cac:Attachment>\n    <cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/pdf\" filename=\"factura_%d.pdf\">%s</cbc:EmbeddedDocumentBinaryObject>\n  </cac:Attachment>\n</cac:AdditionalDocumentReference>\n```\nANAF validatorul acceptă atașamentul, dar %s" % (
            "FCT-%d" % R.randrange(100, 99999), R.randrange(1000, 99999), d, pick(["limita e 10 MB.", "doar PDF.", "nu-l afișează în vizualizare."]))
    if kind == 3:
        d = b64(zip_bytes())
        return "SPV /descarcare response body (base64 zip, trimmed for chat):\n```json\n{\"id_descarcare\": \"%d\", \"content_type\": \"application/zip\", \"data\": \"%s\"}\n```" % (R.randrange(3000000000, 3999999999), d)
    if kind == 4:
        s = svg_text()
        form = R.randrange(3)
        if form == 0:
            u = "data:image/svg+xml;base64," + b64(s.encode())
        elif form == 1:
            u = "data:image/svg+xml," + s.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace('"', "'")
        else:
            u = "data:image/svg+xml;utf8," + s.replace('"', "'")
        return ".icon-kep::before { content: url(\"%s\"); }" % u
    if kind == 5:
        d = b64(wav_bytes())
        return "```ts\n// beep when the KZ ESF batch finishes\nconst done = new Audio(\"data:audio/wav;base64,%s\");\n```" % d
    if kind == 6:
        d = b64(sourcemap().encode())
        return "bundle tail:\n```js\n}();\n//# sourceMappingURL=data:application/json;base64,%s\n```" % d
    if kind == 7:
        d = b64(bmp_bytes())
        return "Тест на парсер вкладень падає на `data:image/bmp;base64,%s` — BMP 1×1, це нормальна картинка, не підпис." % d
    if kind == 8:
        d = b64(png_bytes(R.randrange(2, 9), R.randrange(2, 9)))
        return "```json\n{\n \"output_type\": \"display_data\",\n \"data\": {\n  \"image/png\": \"%s\",\n  \"text/plain\": [\"<Figure size %dx%d with 1 Axes>\"]\n }\n}\n```\nграфик сверки RON/UAH/KZT за %s" % (d, R.randrange(300, 900), R.randrange(200, 600), pick(["январь", "февраль", "март", "квартал"]))
    if kind == 9:
        d = b64(png_bytes())
        cut = R.randrange(20, len(d) - 4)
        return "CSP блокирует: `Refused to load the image 'data:image/png;base64,%s%s' because it violates the following Content Security Policy directive: \"img-src 'self'\"`" % (d[:cut], pick(["…", "...", "[%d more chars]" % (len(d) - cut)]))
    d = b64(pdf_bytes())
    return "```bash\n$ echo '%s' | base64 -d | head -c 8\n%%PDF-1.4\n```\nОк, это реально PDF (квитанция), а не подпись CMS." % d


def neg_placeholder():
    k = R.randrange(12)
    if k == 0:
        return "```dotenv\n# .env.example — copy to .env\nANAF_CLIENT_ID=<your-client-id>\nANAF_CLIENT_SECRET=<your-client-secret>\nANAF_REDIRECT_URI=https://localhost:%d/callback\nSPV_ENV=%s\n```" % (R.randrange(3000, 9000), pick(["test", "prod"]))
    if k == 1:
        return "```yaml\nenv:\n  - name: DPS_API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: dps-gateway-%s\n        key: token\n  - name: KEP_KEY_PASSWORD\n    value: \"${{ secrets.KEP_KEY_PASSWORD }}\"\n```" % pick(["prod", "stage", "dev"])
    if k == 2:
        return "AWS docs example, don't panic: `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` — it is in the README of the %s lambda since %s." % (pick(["esf-poller", "spv-uploader", "pn-register"]), date_ro())
    if k == 3:
        return "Маска в логах тепер така: картка `**** **** **** %04d`, IBAN `UA** ****** ***** **** **** %04d`, телефон `+380 ** *** ** %02d`. Все інше вирізається." % (R.randrange(10000), R.randrange(10000), R.randrange(100))
    if k == 4:
        return "```\nDATABASE_URL=postgres://user:password@localhost:5432/efactura_%s\nRABBITMQ_URL=amqp://guest:guest@localhost:5672/%%2F\nREDIS_URL=redis://localhost:6379/%d\n```" % (pick(["dev", "test", "local"]), R.randrange(16))
    if k == 5:
        return "-----BEGIN EC PRIVATE KEY-----\n...\n-----END EC PRIVATE KEY-----\n^ așa arată în documentația pentru certificatul calificat; fișierul real e pe token-ul USB, nu-l puneți în Slack."
    if k == 6:
        return "```toml\n[esf]\nendpoint = \"https://esf.gov.kz:8443/esf-web/ws/api1/\"\nusername = \"{{ esf_username }}\"\npassword = \"{{ esf_password }}\"\nsign_key_path = \"/etc/esf/%s.p12\"\n```" % pick(["gost", "rsa", "bin_" + rs("0123456789", 4)])
    if k == 7:
        return "Config key is `OPENAI_API_KEY=sk-...` in the template, %s `ANTHROPIC_API_KEY=sk-ant-...`; CI injects `$(OPENAI_API_KEY)` at build %d." % (pick(["and", "plus"]), R.randrange(1000, 9999))
    if k == 8:
        return "```hcl\nresource \"vault_generic_secret\" \"spv_%s\" {\n  path = \"secret/efactura/spv\"\n  data_json = jsonencode({\n    client_secret = var.spv_client_secret\n    token         = \"REPLACE_ME\"\n  })\n}\n```" % pick(["prod", "stage"])
    if k == 9:
        return "Slack bot token goes in `SLACK_BOT_TOKEN=xoxb-your-bot-token`, GitHub one in `GH_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`. Ticket %s-%d." % (pick(["EFR", "PN", "ESF"]), R.randrange(100, 9999))
    if k == 10:
        return "| field | value |\n|---|---|\n| cont IBAN | `RO** **** **** **** **** %04d` |\n| card | `•••• %04d` |\n| parolă certificat | `[REDACTED]` |\n| token SPV | `<redacted>` |\n| CNP reprezentant | `*************` |" % (R.randrange(10000), R.randrange(10000))
    return "```ini\n[kep]\nkey_file = %s\npassword = %s\n[esf]\npassword =\n```" % (pick(["Key-6.dat", "key.jks", "gost.pfx"]), pick(["changeme", "${KEP_PASSWORD}", "%KEP_PASSWORD%", "***"]))


JAVA_PKG = ["ro.fiscalsoft.efactura", "ua.taxbridge.pn", "kz.esfgate.core", "ro.fiscalsoft.saft"]
WORDS = ["Token", "Secret", "Password", "Key", "Signer", "Kep", "Spv", "Esf", "Iban", "Cui", "Edrpou", "Bin", "Oauth", "Refresh", "Cert", "Serial", "Phone", "Email", "Vault", "Rotation"]


def camel(n):
    return "".join(pick(WORDS) for _ in range(n))


def neg_code_identifier():
    k = R.randrange(9)
    if k == 0:
        pkg = pick(JAVA_PKG)
        lines = ["%s ERROR [%s] %s.%s - %s" % (ts(), pick(["spv-poller-1", "amqp-listener-3", "esf-sender-0"]), pkg, camel(3), pick(["token refresh failed", "не вдалося підписати", "не удалось отправить"])),
                 "%s.%sException: %s" % (pkg, camel(2), pick(["invalid_grant", "KEP key password rejected by provider", "certificate serial mismatch"]))]
        for _ in range(R.randrange(5, 22)):
            lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, pick(["auth", "sign", "queue", "spv", "crypto"]), camel(3), camel(2)[0].lower() + camel(2)[1:], camel(2), R.randrange(20, 900)))
        lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
        return "```\n" + "\n".join(lines) + "\n```"
    if k == 1:
        fns = ["load_kep_private_key_password", "refresh_spv_oauth_token", "get_esf_session_ticket", "mask_iban_for_log", "send_email_notification_to_accountant", "normalize_phone_field"]
        out = ["Traceback (most recent call last):"]
        for _ in range(R.randrange(2, 6)):
            out.append('  File "/app/taxbridge/%s.py", line %d, in %s' % (pick(["signer", "spv_client", "esf", "masking"]), R.randrange(10, 600), pick(fns)))
            out.append("    %s = %s(%s)" % (pick(["token", "secret_ref", "pwd_provider", "cert_serial"]), pick(fns), pick(["cfg", "ctx", "batch"])))
        out.append("KeyError: '%s'" % pick(["SPV_CLIENT_SECRET", "KEP_KEY_PASSWORD", "ESF_PASSWORD", "DPS_TOKEN"]))
        return "```\n" + "\n".join(out) + "\n```"
    if k == 2:
        return "```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]\n\ngoroutine %d [running]:\ngithub.com/taxbridge/esf-gw/internal/signer.(*KeyPasswordProvider).Resolve(0x0)\n\t/src/internal/signer/provider.go:%d +0x%x\ngithub.com/taxbridge/esf-gw/internal/queue.(*TokenRefresher).Run(0xc000%06x)\n\t/src/internal/queue/refresh.go:%d +0x%x\n```" % (
            R.randrange(8, 64), R.randrange(0x400000, 0x900000), R.randrange(1, 300), R.randrange(10, 300), R.randrange(16, 512), R.randrange(1 << 24), R.randrange(10, 300), R.randrange(16, 512))
    if k == 3:
        rows = ["NAME                                     READY   STATUS    RESTARTS   AGE"]
        for _ in range(R.randrange(3, 10)):
            rows.append("%-40s 1/1     %-9s %-10d %dd" % ("%s-%s-%s" % (pick(["spv-token-refresher", "kep-signer", "esf-secret-sync", "pn-registry-consumer"]), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)), pick(["Running", "Running", "Pending"]), R.randrange(4), R.randrange(1, 90)))
        return "```\n$ kubectl -n efiling get pods\n" + "\n".join(rows) + "\n```"
    if k == 4:
        return "```sql\nSELECT invoice_id, seller_cui, buyer_edrpou, kep_cert_serial, spv_token_expires_at, password_hash_algo, api_key_last_four\nFROM %s\nWHERE status = '%s' AND created_at > now() - interval '%d days';\n```" % (pick(["efactura_outbox", "pn_register", "esf_queue"]), pick(["nok", "rejected", "pending"]), R.randrange(1, 30))
    if k == 5:
        return "Перейменував `%s` у `%s`, і `%s` тепер приватний. Terraform: `module.secrets.aws_secretsmanager_secret.%s_%s`." % (
            camel(3), camel(4), camel(2)[0].lower() + camel(3)[1:], pick(["spv_client", "kep_key", "esf_ws"]), pick(["password", "secret", "token"]))
    if k == 6:
        return "```kotlin\nclass %sProvider(private val vault: VaultClient) {\n    fun resolveKepPassword(certSerial: String): CharArray = vault.read(\"kep/${certSerial}\").toCharArray()\n    fun spvRefreshToken(cui: String): String = vault.read(\"spv/${cui}/refresh_token\")\n}\n```" % camel(2)
    if k == 7:
        return "feature flags: `%s`, `%s`, `%s` — всі вимкнені на проді до %s." % tuple(
            ["%s.%s_%s" % (pick(["efactura", "pn", "esf"]), pick(["mask", "rotate", "verify"]), pick(["iban", "phone", "email", "token", "kep_password"])) for _ in range(3)] + [date_ro()])
    return "chunks: `static/chunks/pages/spv/%s-%s.js`, `css/Token_%s__%s.css`, класс `sc-%s`, `data-v-%s`" % (
        pick(["upload", "status", "kep"]), rs(HEX, 16), pick(["field", "mask", "input"]), rs(B62, 5), rs(B62[10:], 6), rs(HEX, 8))


def neg_blob():
    k = R.randrange(10)
    if k == 0:
        return "Hash-ul documentului semnat (SHA-256, XML canonicalizat): `%s`; ANAF a întors același digest în recipisa pentru index_incarcare %d." % (sha256hex(), R.randrange(4000000000, 5999999999))
    if k == 1:
        ser = ":".join(rs("0123456789ABCDEF", 2) for _ in range(R.choice([16, 20])))
        return "Серійний номер сертифіката КЕП (публічний, є в реєстрі АЦСК): `%s`, дійсний до %s." % (ser, date_ro())
    if k == 2:
        return "```xml\n<ds:Reference URI=\"\">\n  <ds:DigestMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\"/>\n  <ds:DigestValue>%s</ds:DigestValue>\n</ds:Reference>\n<ds:SignatureValue>%s</ds:SignatureValue>\n```\nпідпис валідний, DigestValue збігається" % (b64(rb(32)), b64(rb(R.choice([64, 96, 128]))))
    if k == 3:
        lines = []
        for _ in range(R.randrange(3, 12)):
            lines.append(json.dumps({"ts": ts(), "queue": pick(["efactura.upload", "pn.register", "esf.outbound"]), "msg_id": uuid4(), "trace_id": rs(HEX, 32), "span_id": rs(HEX, 16), "delivery_tag": R.randrange(1, 99999), "status": pick(["ack", "nack", "requeue"])}, ensure_ascii=False))
        return "```\n" + "\n".join(lines) + "\n```"
    if k == 4:
        lines = ["commit %s" % rs(HEX, 40), "Merge: %s %s" % (rs(HEX, 7), rs(HEX, 7)), "Date:   %s" % ts(), "", "    %s" % pick(["fix(spv): retry on 429", "feat(esf): batch signing", "chore(pn): bump schema"])]
        return "```\n$ git log -1\n" + "\n".join(lines) + "\n```"
    if k == 5:
        return "image: `registry.internal/taxbridge/%s@sha256:%s` (digest from the release pipeline #%d)" % (pick(["spv-uploader", "kep-signer", "esf-gw"]), sha256hex(), R.randrange(1000, 99999))
    if k == 6:
        return "```\n%s  efactura-cli_%d.%d.%d_linux_amd64.tar.gz\n%s  efactura-cli_%d.%d.%d_darwin_arm64.tar.gz\n```" % (sha256hex(), 1, R.randrange(20), R.randrange(20), sha256hex(), 1, R.randrange(20), R.randrange(20))
    if k == 7:
        cur = b64(json.dumps({"after": R.randrange(10 ** 6), "batch": "%s-%d" % (pick(["RO", "UA", "KZ"]), R.randrange(1000))}).encode())
        return "Пагинация ЭСФ: `next_cursor=%s`, `X-Request-Id: %s`, ETag `\"%s-%d\"`" % (cur, uuid4(), rs(HEX, 32), R.randrange(2, 9))
    if k == 8:
        return "```yaml\nspv_client_secret: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n  lastmodified: \"%s\"\n```" % (b64(rb(24)), b64(rb(32)), b64(rb(16)), ts()[:19] + "Z")
    return "ASiC-E container `%s.asice`: manifest digest `%s`, content `%s`, integrity `sha512-%s`" % (uuid4(), b64(rb(32)), sha256hex(), b64(rb(64)))


def neg_pii_lookalike():
    k = R.randrange(10)
    if k == 0:
        rows = ["cui,nr_factura,data,total_ron,index_incarcare,stare"]
        for _ in range(R.randrange(6, 25)):
            rows.append("RO%s,FCT-%d,%s,%s,%d,%s" % (cui(), R.randrange(100, 99999), date_ro(), "%d.%02d" % (R.randrange(10, 999999), R.randrange(100)), R.randrange(4000000000, 5999999999), pick(["ok", "nok", "in prelucrare"])))
        return "Reconciliere lot %d:\n```csv\n" % R.randrange(100, 999) + "\n".join(rows) + "\n```"
    if k == 1:
        return "ЄДРПОУ %s, ІПН платника ПДВ %s%s, реєстраційний номер ПН у ЄРПН `%d`, сума %s." % (edrpou(), edrpou(), "%04d" % R.randrange(10000), R.randrange(9100000000, 9999999999), money("грн"))
    if k == 2:
        b = bin_kz()
        return "БИН %s, ЭСФ `ESF-%s-%s-%07d`, сумма %s, НДС %s" % (b, b, "2026%02d%02d" % (R.randrange(1, 13), R.randrange(1, 29)), R.randrange(10 ** 7), money("₸"), money("KZT"))
    if k == 3:
        rows = ["| batch | records | RON | UAH | KZT |", "|---|---:|---:|---:|---:|"]
        for _ in range(R.randrange(3, 10)):
            rows.append("| %s-%d | %s | %s | %s | %s |" % (pick(["B", "L", "R"]), R.randrange(10000, 99999), "{:,}".format(R.randrange(100, 200000)).replace(",", " "), money(""), money(""), money("")))
        return "\n".join(rows).replace(" |", " |")
    if k == 4:
        return "Declarația %s pentru perioada %02d/2026 depusă, nr. înregistrare INTERNT-%d-%s, cod fiscal %s." % (pick(["D394", "D300", "D406 (SAF-T)", "D112", "D100"]), R.randrange(1, 13), R.randrange(10 ** 11, 10 ** 12), date_ro().replace(".", ""), cui())
    if k == 5:
        return "Форма %s, звітний період %d квартал 2026, квитанція №%d, вхідний номер %d/%d від %s." % (pick(["J0200126", "F0103309", "J1201016", "J0500110"]), R.randrange(1, 5), R.randrange(1, 3), R.randrange(9000000000, 9999999999), R.randrange(1, 99), date_ro())
    if k == 6:
        return "Prometheus: `efactura_upload_latency_seconds_bucket{le=\"%s\"} %d`, p99 %d ms, %d msg/s, heap %d bytes, offsets %d..%d" % (pick(["0.5", "1", "2.5"]), R.randrange(10 ** 6), R.randrange(50, 2000), R.randrange(10, 900), R.randrange(10 ** 8, 10 ** 10), R.randrange(10 ** 6), R.randrange(10 ** 6, 10 ** 7))
    if k == 7:
        return "Форма %s.%02d, регистрационный номер `%d`, ИИК банка-получателя не показываем; КБК %d, КНП %d, сумма %s" % (pick(["200", "300", "910", "100"]), R.randrange(0, 3), R.randrange(10 ** 14, 10 ** 15), R.randrange(101000, 999999), R.randrange(100, 999), money("₸"))
    if k == 8:
        return "hosts: `%s`, `%s`, ports %d/%d, version `%d.%d.%d`, build `%d.%d.%d.%d`" % (private_ip(), private_ip(), R.randrange(1024, 65535), R.randrange(1024, 65535), R.randrange(10), R.randrange(30), R.randrange(100), R.randrange(256, 999), R.randrange(256, 999), R.randrange(0, 9999), R.randrange(0, 99))
    return "Slack ts `%d.%06d`, epoch %d, KZ ESF timestamp %d ms, Jira %s-%d, order %d" % (R.randrange(1700000000, 1800000000), R.randrange(10 ** 6), R.randrange(1700000000, 1800000000), R.randrange(1700000000000, 1800000000000), pick(["EFR", "PN", "ESF"]), R.randrange(10, 9999), R.randrange(10 ** 8, 10 ** 9))


TALK = [
    "Parola certificatului calificat nu se trimite pe Slack, nici măcar temporar — folosiți Vault.",
    "Am rotit client secret-ul SPV după incident; noul e doar în Vault, nu-l cereți aici.",
    "Dacă vedeți un token OAuth în log-uri, deschideți incident și revocați-l din portalul ANAF.",
    "Numărul de telefon al contabilului nu trebuie să apară în payload-ul e-Factura.",
    "Пароль до ключа КЕП ніхто не повинен знати, крім власника. Не пишіть його в тікетах.",
    "Токен доступу до API ДПС зберігаємо тільки в секрет-менеджері, ротація раз на 90 днів.",
    "Якщо в логах є IBAN клієнта — маскуємо все, крім останніх чотирьох цифр.",
    "Нагадування: приватні ключі не комітимо, навіть тестові; pre-commit хук це ловить.",
    "Пароль от ЭЦП НУЦ РК хранится у директора, не у нас. Не просите его в чате.",
    "Токен ЭСФ протух — это нормально, сессия живёт 30 минут. Секрет не меняли.",
    "Сканер секретов ругается на SHA-256 подписи — это ложное срабатывание, хеш не секрет.",
    "После утечки в прошлом году все API-ключи вынесли в Vault, в .env их больше нет.",
    "ЭЦП құпия сөзін чатқа жазбаңыздар, тек Vault арқылы.",
    "API кілтін ауыстырдық, жаңасы тек құпия қоймада.",
    "Клиенттің телефон нөмірі мен email мекенжайы логқа түспеуі керек.",
    "We rotated the Slack bot token after the export leak; the new one is only in the secret store.",
    "Please never paste card numbers into the support channel, even test ones — use the masked form.",
    "The scanner regex for Ukrainian phones is too greedy, it flags ЄРПН registration numbers.",
    "Does anyone know whether the SPV refresh token survives a password change? Not asking for the token itself.",
    "Postmortem: private key for the staging signer sat in a Docker layer for two days; key revoked, cert reissued.",
    "SSNs only show up in the US subsidiary's payroll export, which we don't touch.",
    "Reminder that email addresses of taxpayers are personal data under GDPR and the Ukrainian law on personal data.",
    "Who owns the JWT signing key for the portal? I need the kid, not the key.",
    "If the AWS access key shows up in CloudTrail from an unknown IP, disable it first, ask questions later.",
]


def neg_talk():
    k = R.randrange(5)
    if k == 0:
        return pick(TALK)
    if k == 1:
        return "\n".join("- " + s for s in R.sample(TALK, R.randrange(2, 6)))
    if k == 2:
        return "**Q:** %s\n**A:** %s" % (pick(["Unde ținem parola de la cheia KEP?", "Де лежить токен для ДПС?", "Где хранится пароль от ЭЦП?", "Where does the SPV client secret live?"]), pick(TALK))
    if k == 3:
        return "Incident %s-%d (%s): %s %s" % (pick(["SEC", "INC"]), R.randrange(10, 999), date_ro(), pick(TALK), pick(TALK))
    return "Security sync %s:\n1. %s\n2. %s\n3. %s" % (date_ro(), pick(TALK), pick(TALK), pick(TALK))


NEG_GEN = [("data_uri_base64", neg_data_uri, 11), ("placeholder_example", neg_placeholder, 12), ("code_identifier", neg_code_identifier, 9),
           ("non_credential_blob", neg_blob, 10), ("pii_lookalike_number", neg_pii_lookalike, 10), ("talk_about_secrets", neg_talk, "5 (+%d sentences)" % len(TALK))]

# ---------------------------------------------------------------- scanner
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_TOKENS = [
    ("github_token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b|github_pat_[A-Za-z0-9_]{30,}")),
    ("slack_token", re.compile(r"xox[abposr]-\d+-")),
    ("sk_key", re.compile(r"\bsk-[A-Za-z0-9_-]{32,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")),
    ("glpat", re.compile(r"glpat-[A-Za-z0-9_-]{20}")),
    ("google_key", re.compile(r"AIza[0-9A-Za-z_-]{35}")),
]
RE_AWS = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_DIGITRUN = re.compile(r"\d+(?:[ -]\d+)*")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}")
RE_PEM = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*([A-Za-z0-9+/=\s]{40,})-----END")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")
RE_USERINFO = re.compile(r"[a-z][a-z0-9+.-]*://([^:/\s@]+):([^@\s/]*)@")
PLACEHOLDER_PW = {"password", "pass", "changeme", "guest", "admin", "root", "secret", "pw", "postgres", "", "<password>", "xxx", "***"}
RE_PHONE_CAND = re.compile(r"(?<![\w.:/-])(\+?\(?\d[\d ().-]{6,22}\d)(?![\w])")
RE_NANP = re.compile(r"(?<!\d)(?:\+?1[ .-]?)?\(?[2-9]\d{2}\)?[ .-]\d{3}[ .-]\d{4}(?!\d)")
DOC_NETS = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "100.64.0.0/10", "198.18.0.0/15", "0.0.0.0/8", "224.0.0.0/3")]


def public_ip(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.is_global and not any(ip in n for n in DOC_NETS)


def phone_hits(text):
    hits = []
    for m in RE_PHONE_CAND.finditer(text):
        c = m.group(1)
        d = re.sub(r"\D", "", c)
        if c.startswith("+") and 9 <= len(d) <= 15:
            hits.append(c)
        elif d.startswith("00") and len(d) >= 11 and d[2:4] in ("40", "38", "77", "49", "48", "33", "44", "39", "43", "31"):
            hits.append(c)
        elif len(d) == 10 and d[0] == "0" and d[1] != "0":
            hits.append(c)  # RO / UA national
        elif len(d) == 11 and d[:2] in ("87", "77"):
            hits.append(c)  # KZ national 8 7xx / 7 7xx
        elif len(d) == 9 and c[0] == "(" and d[0] == "0":
            hits.append(c)
    hits += [m.group(0) for m in RE_NANP.finditer(text)]
    return hits


def scan(text):
    found = []
    found += [("email", m.group(0)) for m in RE_EMAIL.finditer(text)]
    for name, rx in RE_TOKENS:
        found += [(name, m.group(0)) for m in rx.finditer(text)]
    found += [("aws_key_id", m.group(0)) for m in RE_AWS.finditer(text) if "EXAMPLE" not in m.group(0)]
    found += [("ssn", m.group(0)) for m in RE_SSN.finditer(text)]
    for m in RE_DIGITRUN.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if 13 <= len(acc) <= 19 and luhn_ok(acc):
                    found.append(("luhn", acc))
                if len(acc) > 19:
                    break
        for g in groups:  # long single runs: every window
            if len(g) > 19:
                for L in range(13, 20):
                    for s in range(0, len(g) - L + 1):
                        if luhn_ok(g[s:s + L]):
                            found.append(("luhn_window", g[s:s + L]))
                            break
    for m in RE_IBAN.finditer(text):
        s = m.group(0).replace(" ", "")
        for L in range(15, min(34, len(s)) + 1):
            if iban_valid(s[:L]):
                found.append(("iban", s[:L]))
                break
    for m in RE_PEM.finditer(text):
        body = re.sub(r"\s", "", m.group(1))
        if "..." not in body and len(body) >= 40:
            found.append(("pem", body[:20]))
    for m in RE_IP.finditer(text):
        s = m.group(0)
        if all(int(x) < 256 for x in m.groups()) and public_ip(s):
            found.append(("public_ipv4", s))
    for m in RE_USERINFO.finditer(text):
        pw = m.group(2)
        if pw.lower() not in PLACEHOLDER_PW and not pw.startswith(("$", "<", "{", "%")):
            found.append(("url_userinfo", pw))
    found += [("phone", p) for p in phone_hits(text)]
    return found


# ---------------------------------------------------------------- positive values
FIRST_RO = ["Ioana", "Andrei", "Mihaela", "Radu", "Elena", "Bogdan", "Cristina", "Vlad"]
LAST_RO = ["Munteanu", "Popescu", "Dumitrescu", "Stanciu", "Ionescu", "Marinescu", "Gheorghiu"]
FIRST_UA = ["Олена", "Тарас", "Ірина", "Богдан", "Оксана", "Дмитро"]
LAST_UA = ["Коваленко", "Шевчук", "Бондар", "Ткаченко", "Мельник", "Кравець"]
FIRST_KZ = ["Айгерим", "Нурлан", "Динара", "Ерлан", "Асель", "Бауыржан"]
LAST_KZ = ["Нурланова", "Сейткали", "Жумабеков", "Омарова", "Касымов"]
LAT = {"Олена": "olena", "Тарас": "taras", "Ірина": "iryna", "Богдан": "bohdan", "Оксана": "oksana", "Дмитро": "dmytro",
       "Коваленко": "kovalenko", "Шевчук": "shevchuk", "Бондар": "bondar", "Ткаченко": "tkachenko", "Мельник": "melnyk", "Кравець": "kravets",
       "Айгерим": "aigerim", "Нурлан": "nurlan", "Динара": "dinara", "Ерлан": "yerlan", "Асель": "assel", "Бауыржан": "baurzhan",
       "Нурланова": "nurlanova", "Сейткали": "seitkali", "Жумабеков": "zhumabekov", "Омарова": "omarova", "Касымов": "kassymov"}


def person(country=None):
    c = country or pick(["ro", "ua", "kz"])
    if c == "ro":
        f, l = pick(FIRST_RO), pick(LAST_RO)
        return c, f + " " + l, f.lower(), l.lower()
    if c == "ua":
        f, l = pick(FIRST_UA), pick(LAST_UA)
    else:
        f, l = pick(FIRST_KZ), pick(LAST_KZ)
    return c, f + " " + l, LAT[f], LAT[l]


def email_for(country=None):
    c, name, f, l = person(country)
    dom = {"ro": ["fiscalsoft.ro", "contabil-expert.ro", "yahoo.ro", "gmail.com"], "ua": ["ukr.net", "taxbridge.com.ua", "gmail.com", "i.ua"],
           "kz": ["mail.kz", "esfgate.kz", "inbox.kz", "gmail.com"]}[c]
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, R.randrange(10, 99)), "%s.%s" % (f[0], l)])
    return name, local + "@" + pick(dom)


def d(n):
    return "".join(str(R.randrange(10)) for _ in range(n))


def phone(kind=None):
    k = kind or pick(["ro_m", "ro_m", "ro_l", "ua_m", "ua_m", "ua_l", "kz_m", "kz_m", "kz_l", "nanp", "eu"])
    if k == "ro_m":
        op = "7" + pick(["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "40", "41", "42", "44", "45", "46", "47", "48", "49", "50", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "67", "68", "69", "70", "71", "72", "73", "74", "75", "76", "77", "78", "79", "80", "81", "82", "83", "84", "85", "86", "87", "88", "89"])
        a, b = d(3), d(3)
        return pick(["0%s %s %s" % (op, a, b), "0%s.%s.%s" % (op, a, b), "+40 %s %s %s" % (op, a, b), "0040 %s %s %s" % (op, a, b), "0%s%s%s" % (op, a, b), "+40%s%s%s" % (op, a, b), "0%s-%s-%s" % (op, a, b)])
    if k == "ro_l":
        if R.random() < 0.5:
            n = "2" + pick(["1", "1"]) + d(7)[:7]  # Bucharest 021/031
            n = "21" + str(R.randrange(2, 10)) + d(6)
            return pick(["021 %s %s %s" % (n[2:5], n[5:7], n[7:]), "+40 21 %s %s" % (n[2:5], n[5:]), "(021) %s.%s.%s" % (n[2:5], n[5:7], n[7:])])
        ac = pick(["264", "256", "232", "268", "251", "241"])
        s = str(R.randrange(2, 8)) + d(5)
        return pick(["0%s %s %s" % (ac, s[:3], s[3:]), "+40 %s %s %s" % (ac, s[:3], s[3:]), "0%s-%s" % (ac, s)])
    if k == "ua_m":
        op = pick(["50", "66", "95", "99", "67", "68", "96", "97", "98", "63", "73", "93", "39", "91"])
        a, b, c = str(R.randrange(2, 10)) + d(2), d(2), d(2)
        return pick(["+380 %s %s %s %s" % (op, a, b, c), "+380%s%s%s%s" % (op, a, b, c), "0%s %s %s %s" % (op, a, b, c), "(0%s) %s-%s-%s" % (op, a, b, c), "+38 (0%s) %s-%s-%s" % (op, a, b, c), "0%s-%s-%s-%s" % (op, a, b, c), "+380 (%s) %s %s %s" % (op, a, b, c)])
    if k == "ua_l":
        ac, n = pick([("44", 7), ("32", 7), ("57", 7), ("48", 7), ("56", 7)])
        s = str(R.randrange(2, 6)) + d(n - 1)
        return pick(["(0%s) %s-%s-%s" % (ac, s[:3], s[3:5], s[5:]), "+380 %s %s %s %s" % (ac, s[:3], s[3:5], s[5:]), "0%s %s %s %s" % (ac, s[:3], s[3:5], s[5:])])
    if k == "kz_m":
        op = pick(["700", "701", "702", "705", "707", "708", "747", "771", "775", "776", "777", "778"])
        a, b, c = str(R.randrange(2, 10)) + d(2), d(2), d(2)
        return pick(["+7 %s %s %s %s" % (op, a, b, c), "8 (%s) %s-%s-%s" % (op, a, b, c), "+7 (%s) %s-%s-%s" % (op, a, b, c), "8 %s %s %s %s" % (op, a, b, c), "+7%s%s%s%s" % (op, a, b, c), "8%s%s%s%s" % (op, a, b, c)])
    if k == "kz_l":
        if R.random() < 0.5:
            s = str(R.randrange(2, 4)) + d(6)
            return pick(["+7 727 %s %s %s" % (s[:3], s[3:5], s[5:]), "8 (727) %s-%s-%s" % (s[:3], s[3:5], s[5:])])
        s = str(R.randrange(2, 8)) + d(5)
        return pick(["+7 7172 %s %s %s" % (s[:2], s[2:4], s[4:]), "8 (7172) %s-%s-%s" % (s[:2], s[2:4], s[4:])])
    if k == "nanp":
        area = pick(["212", "415", "312", "617", "646", "718", "416", "604", "303", "206"])
        ex = str(R.randrange(2, 10)) + d(2)
        while ex[1:] == "11" or ex == "555":
            ex = str(R.randrange(2, 10)) + d(2)
        ln = d(4)
        return pick(["(%s) %s-%s" % (area, ex, ln), "+1 %s-%s-%s" % (area, ex, ln), "%s.%s.%s" % (area, ex, ln), "+1 (%s) %s-%s" % (area, ex, ln)])
    return pick(["+49 30 %s %s" % (str(R.randrange(2, 9)) + d(3), d(4)), "+48 %s %s %s" % (pick(["512", "601", "691", "783"]), d(3), d(3)),
                 "+373 %s %s %s" % (pick(["69", "79", "68"]), d(3), d(3)), "+33 6 %s %s %s %s" % (d(2), d(2), d(2), d(2))])


def aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs(A32, 16)


def aws_secret():
    return rs(B62 + "+/", 40)


def gh_classic():
    body = rs(B62, 30)
    c = zlib.crc32(body.encode()) & 0xffffffff
    s = ""
    while c:
        c, r = divmod(c, 62)
        s = B62[r] + s
    return "ghp_" + body + s.rjust(6, "0")


def gh_fine():
    return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + rs(B62, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (d(1).replace("0", "7") + d(R.randrange(10, 12)), "%d" % R.randrange(10 ** 12, 10 ** 13), rs(B62, 24))


def slack_user():
    return "xoxp-%d-%d-%d-%s" % (R.randrange(10 ** 10, 10 ** 11), R.randrange(10 ** 10, 10 ** 11), R.randrange(10 ** 12, 10 ** 13), rs(HEX, 32))


def openai_key():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(B64U, 93) + "AA"


def jwt():
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(B64U, 16)}
    iat = R.randrange(1760000000, 1790000000)
    pl = pick([
        {"sub": "cui:" + cui(), "iss": "https://logincert.anaf.ro", "aud": "efactura", "scope": "spv.efactura", "iat": iat, "exp": iat + 7776000},
        {"sub": edrpou(), "iss": "https://cabinet.tax.gov.ua", "role": "accountant", "iat": iat, "exp": iat + 3600},
        {"sub": "bin:" + bin_kz(), "iss": "esf-gateway", "sid": uuid4(), "iat": iat, "exp": iat + 1800},
        {"sub": uuid4(), "tenant": pick(["ro", "ua", "kz"]), "iat": iat, "exp": iat + 900},
    ])
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(rb(32 if hdr["alg"] == "HS256" else 256))


def der(tag, body):
    n = len(body)
    if n < 128:
        ln = bytes([n])
    else:
        bb = n.to_bytes((n.bit_length() + 7) // 8, "big")
        ln = bytes([0x80 | len(bb)]) + bb
    return bytes([tag]) + ln + body


def der_int(b):
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def pem_body(kind):
    if kind == "ec":
        raw = der(0x30, b"\x02\x01\x01" + der(0x04, rb(32)) + der(0xa0, bytes.fromhex("06082a8648ce3d030107")) + der(0xa1, der(0x03, b"\x00\x04" + rb(64))))
        label = "EC PRIVATE KEY"
    elif kind == "ed25519":
        raw = bytes.fromhex("302e020100300506032b657004220420") + rb(32)
        label = "PRIVATE KEY"
    elif kind == "rsa":
        def big(n):
            b = bytearray(rb(n))
            b[0] |= 0x80
            b[-1] |= 1
            return bytes(b)
        raw = der(0x30, b"\x02\x01\x00" + der_int(big(128)) + der_int(b"\x01\x00\x01") + der_int(big(128)) + der_int(big(64)) + der_int(big(64)) + der_int(big(64)) + der_int(big(64)) + der_int(big(64)))
        label = "RSA PRIVATE KEY"
    else:
        def s(b):
            return struct.pack(">I", len(b)) + b
        pub = rb(32)
        pubblob = s(b"ssh-ed25519") + s(pub)
        chk = rb(4)
        priv = chk + chk + s(b"ssh-ed25519") + s(pub) + s(rb(32) + pub) + s(b"deploy@efactura-ci")
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        raw = b"openssh-key-v1\x00" + s(b"none") + s(b"none") + s(b"") + struct.pack(">I", 1) + s(pubblob) + s(priv)
        label = "OPENSSH PRIVATE KEY"
    enc = b64(raw)
    width = 70 if kind == "openssh" else 64
    return label, [enc[i:i + width] for i in range(0, len(enc), width)]


def card():
    k = R.randrange(5)
    if k == 0:
        n = luhn_complete("4", 16)
    elif k == 1:
        n = luhn_complete(pick(["51", "52", "53", "54", "55"]), 16)
    elif k == 2:
        n = luhn_complete("2" + str(R.randrange(221, 721)), 16)
    elif k == 3:
        n = luhn_complete(pick(["34", "37"]), 15)
        return pick([n, "%s %s %s" % (n[:4], n[4:10], n[10:])])
    else:
        n = luhn_complete("4" + d(5), 16)
    return pick([n, group4(n), "-".join(n[i:i + 4] for i in range(0, 16, 4))])


def iban():
    k = pick(["RO", "RO", "UA", "UA", "KZ", "KZ", "DE", "PL"])
    if k == "RO":
        bban = pick(["BTRL", "RNCB", "BRDE", "INGB", "TREZ", "BACX"]) + (d(16) if R.random() < 0.5 else rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 16))
    elif k == "UA":
        bban = pick(["305299", "300528", "322001", "320649", "380805"]) + d(19)
    elif k == "KZ":
        bban = pick(["722", "601", "914", "998", "826"]) + "S" + d(12) if R.random() < 0.3 else pick(["722", "601", "914", "998", "826"]) + d(13)
    elif k == "DE":
        bban = d(18)
    else:
        bban = d(24)
    s = k + iban_check(k, bban) + bban
    assert iban_valid(s)
    return pick([s, group4(s)])


def ssn():
    while True:
        a = R.randrange(1, 900)
        if a == 666:
            continue
        return "%03d-%02d-%04d" % (a, R.randrange(1, 100), R.randrange(1, 10000))


def pub_ip():
    while True:
        s = "%d.%d.%d.%d" % (R.randrange(1, 224), R.randrange(256), R.randrange(256), R.randrange(1, 255))
        if public_ip(s):
            return s


def pw():
    return rs(B62, R.randrange(4, 8)) + pick(["!", "#", "%", "^", "*", "_", "-", "$"]) + rs(B62, R.randrange(4, 10))


# ---------------------------------------------------------------- positive templates (kind -> list of f(v) -> text)
def cb(lang, body):
    return "```%s\n%s\n```" % (lang, body)


T = {
    "aws_access_key_id": [
        lambda v: cb("ini", "[profile esf-archive]\naws_access_key_id = %s\nregion = eu-central-1" % v),
        lambda v: "Cine a pus cheia asta în Jenkins? `AWS_ACCESS_KEY_ID=%s` apare în log-ul jobului efactura-upload #%d" % (v, R.randrange(100, 9999)),
        lambda v: cb("json", json.dumps({"eventName": "GetObject", "userIdentity": {"type": "IAMUser", "accessKeyId": v}, "bucketName": "pn-archive-ua"}, indent=2)),
        lambda v: "ключ доступа к S3 с квитанциями ЭСФ: %s (только read)" % v,
    ],
    "github_classic_pat": [
        lambda v: "дай тимчасово, будь ласка — ось мій: %s, заберу після релізу" % v,
        lambda v: cb("bash", "git clone https://%s@github.com/taxbridge/efactura-schemas.git" % v),
        lambda v: cb("yaml", "registries:\n  ghcr:\n    username: ci-bot\n    token: %s" % v),
        lambda v: "`GITHUB_TOKEN=%s npm publish` a mers, mersi" % v,
    ],
    "github_fine_grained_pat": [
        lambda v: cb("bash", "export GH_TOKEN=%s\ngh release download v%d.%d.%d -R taxbridge/kep-signer" % (v, R.randrange(3), R.randrange(20), R.randrange(20))),
        lambda v: "Fine-grained PAT pentru repo-ul saft-d406 (read-only): %s" % v,
        lambda v: cb("toml", "[github]\ntoken = \"%s\"\nrepo = \"taxbridge/esf-gw\"" % v),
    ],
    "slack_bot_token": [
        lambda v: cb("python", "client = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#spv-alerts\", text=msg)" % v),
        lambda v: "SLACK_BOT_TOKEN=%s" % v,
        lambda v: "бот для алертів по черзі pn.register: `%s`, додайте в Helm values" % v,
        lambda v: cb("yaml", "alertmanager:\n  slack_configs:\n    - channel: '#esf-kz'\n      http_config:\n        authorization:\n          credentials: %s" % v),
    ],
    "slack_user_token": [
        lambda v: "curl -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C0%s" % (v, rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 8)),
        lambda v: "мой user token для экспорта канала: %s — удалю завтра" % v,
        lambda v: cb("json", json.dumps({"slack": {"user_token": v, "export": True}}, indent=2)),
    ],
    "openai_api_key": [
        lambda v: cb("python", "from openai import OpenAI\nclient = OpenAI(api_key=\"%s\")  # clasificare erori SPV" % v),
        lambda v: "OPENAI_API_KEY=%s" % v,
        lambda v: "ключ для класифікатора відмов ДПС: %s" % v,
        lambda v: cb("yaml", "llm:\n  provider: openai\n  api_key: %s\n  model: gpt-4o-mini" % v),
    ],
    "anthropic_api_key": [
        lambda v: "ANTHROPIC_API_KEY=%s" % v,
        lambda v: cb("ts", "const client = new Anthropic({ apiKey: \"%s\" });" % v),
        lambda v: "ключ для резюме сверок: `%s`" % v,
        lambda v: cb("hcl", "variable \"anthropic_key\" {\n  default = \"%s\"\n}" % v),
    ],
    "jwt": [
        lambda v: "Authorization: Bearer %s" % v,
        lambda v: cb("bash", "curl -s -H \"Authorization: Bearer %s\" \\\n  https://api.anaf.ro/test/FCTEL/rest/stareMesaj?id_incarcare=%d" % (v, R.randrange(4000000000, 5999999999))),
        lambda v: "токен з кабінету, живий ще годину: %s" % v,
        lambda v: cb("json", json.dumps({"access_token": v, "token_type": "Bearer", "expires_in": 3600}, indent=2)),
    ],
    "password": [
        lambda v: cb("csharp", "var cs = \"Server=sql-efactura;Database=Outbox;User Id=svc_spv;Password=%s;TrustServerCertificate=true\";" % v),
        lambda v: cb("properties", "spring.datasource.url=jdbc:postgresql://db-pn:5432/pn\nspring.datasource.username=pn_app\nspring.datasource.password=%s" % v),
        lambda v: "psql \"host=db-esf port=5432 dbname=esf user=esf_rw password=%s sslmode=require\"" % v,
        lambda v: cb("dotenv", "DB_HOST=pg-reconcile\nDB_USER=recon\nDB_PASSWORD=%s" % v),
        lambda v: "parola pentru keystore-ul certificatului calificat: %s" % v,
        lambda v: "пароль до ключа КЕП (Key-6.dat) для тестового платника: %s" % v,
        lambda v: cb("yaml", "esf:\n  username: %s\n  password: \"%s\"" % (bin_kz(), v)),
    ],
    "url_credentials": [
        lambda v: "DATABASE_URL=postgres://efactura_app:%s@pg-efactura.internal:5432/efactura" % v,
        lambda v: cb("python", "engine = create_engine(\"mysql+pymysql://recon:%s@mysql-recon:3306/reconcile\")" % v),
        lambda v: "amqps://pn_consumer:%s@rabbit-pn.internal:5671/pn" % v,
        lambda v: cb("yaml", "redis:\n  url: redis://:%s@redis-esf:6379/2" % v),
        lambda v: "mongodb+srv://spv_audit:%s@cluster0.taxbridge.mongodb.net/audit" % v,
    ],
    "email_address": [
        lambda v: "Trimiteți recipisele și la %s, ea face reconcilierea pe RON." % v,
        lambda v: "контакт бухгалтера клієнта: %s" % v,
        lambda v: cb("csv", "bin,contact,role\n%s,%s,бухгалтер" % (bin_kz(), v)),
        lambda v: cb("json", json.dumps({"cui": "RO" + cui(), "notify": [v], "lang": "ro"}, ensure_ascii=False, indent=2)),
        lambda v: "From: %s\nSubject: Re: ЭСФ отклонён" % v,
    ],
    "phone_number": [
        lambda v: "Sunați-l pe contabil la %s dacă SPV respinge iar lotul." % v,
        lambda v: "номер бухгалтера платника: %s, дзвоніть після 10:00" % v,
        lambda v: "телефон главбуха: %s" % v,
        lambda v: "бухгалтердің телефоны: %s" % v,
        lambda v: "| контакт | телефон |\n|---|---|\n| on-call | %s |" % v,
        lambda v: cb("json", json.dumps({"level": "warn", "msg": "sms fallback", "to": v}, ensure_ascii=False)),
        lambda v: "--\nSupport TaxBridge\ntel. %s" % v,
        lambda v: cb("csv", "contact,phone\non-call backup,\"%s\"" % v),
    ],
    "credit_card": [
        lambda v: "card corporativ pentru abonamentul la validator: %s, exp %02d/%d" % (v, R.randrange(1, 13), R.randrange(27, 31)),
        lambda v: "картка для оплати АЦСК: %s" % v,
        lambda v: cb("json", json.dumps({"payment": {"pan": v, "currency": pick(["RON", "UAH", "KZT"])}}, indent=2)),
        lambda v: "оплатил подписку картой %s, чек в тикете" % v,
    ],
    "iban": [
        lambda v: "IBAN pentru plata TVA: %s" % v,
        lambda v: "рахунок отримувача: %s" % v,
        lambda v: "ИИК поставщика: %s" % v,
        lambda v: cb("xml", "<cac:PayeeFinancialAccount>\n  <cbc:ID>%s</cbc:ID>\n</cac:PayeeFinancialAccount>" % v),
        lambda v: "| payee | account |\n|---|---|\n| furnizor | %s |" % v,
    ],
    "us_ssn": [
        lambda v: "US contractor W-9 came in, SSN %s — please move it to the vault, not here." % v,
        lambda v: cb("csv", "name,ssn,state\nJ. Miller,%s,NY" % v),
        lambda v: "SSN: %s" % v,
    ],
    "ipv4_address": [
        lambda v: "Whitelist-ul ANAF cere IP-ul nostru de ieșire: %s" % v,
        lambda v: "```\n%s - - [%s] \"POST /api/esf/upload HTTP/1.1\" 403 512\n```" % (v, "12/Mar/2026:10:%02d:%02d +0000" % (R.randrange(60), R.randrange(60))),
        lambda v: "IP шлюзу ДПС, з якого прийшов callback: %s" % v,
        lambda v: cb("hcl", "resource \"aws_security_group_rule\" \"esf\" {\n  cidr_blocks = [\"%s/32\"]\n}" % v),
    ],
}

PEM_LAYOUTS = 3


def pem_message(kind):
    label, lines = pem_body(kind)
    layout = R.randrange(PEM_LAYOUTS)
    if layout == 0:
        value = "\n".join(lines)
        text = "%s\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (pick(["cheia de test pentru semnare:", "ключ для підпису stage:", "ключ для ЭСФ стенда:", "deploy key:"]), label, value, label)
    elif layout == 1:
        ind = "    "
        value = ("\n" + ind).join(lines)
        text = "```yaml\nsigner:\n  private_key: |\n    -----BEGIN %s-----\n%s%s\n    -----END %s-----\n```" % (label, ind, value, label)
    else:
        value = "\\n".join(lines)
        text = "```json\n{\"kid\": \"%s\", \"pem\": \"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n\"}\n```" % (rs(HEX, 8), label, value, label)
    return text, value, layout


GEN = {"aws_access_key_id": aws_id, "aws_secret_access_key": aws_secret, "github_classic_pat": gh_classic, "github_fine_grained_pat": gh_fine,
       "slack_bot_token": slack_bot, "slack_user_token": slack_user, "openai_api_key": openai_key, "anthropic_api_key": anthropic_key,
       "jwt": jwt, "password": pw, "url_credentials": pw, "email_address": lambda: email_for()[1], "phone_number": phone,
       "credit_card": card, "iban": iban, "us_ssn": ssn, "ipv4_address": pub_ip}


def multi_aws(i):
    a, s = aws_id(), aws_secret()
    t = pick([cb("ini", "[default]\naws_access_key_id = %s\naws_secret_access_key = %s" % (a, s)),
              "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s" % (a, s),
              cb("json", json.dumps({"AccessKeyId": a, "SecretAccessKey": s, "Region": "eu-central-1"}, indent=2))])
    return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)], "aws_pair"


def multi_sig(i):
    c = pick(["ro", "ua", "kz"])
    name, e = email_for(c)
    p = phone(pick({"ro": ["ro_m", "ro_l"], "ua": ["ua_m", "ua_l"], "kz": ["kz_m", "kz_l"]}[c]))
    role = {"ro": "Contabil-șef", "ua": "Головний бухгалтер", "kz": "Бас бухгалтер"}[c]
    t = "%s\n\n--\n%s\n%s\n%s | %s" % ({"ro": pick(["Vă rog confirmați primirea.", "Atașez recipisa SPV."]), "ua": pick(["Прошу підтвердити.", "Квитанцію №2 додаю."]), "kz": pick(["Растауды сұраймын.", "Прошу подтвердить получение ЭСФ."])}[c], name, role, e, p)
    return t, [("email_address", e), ("phone_number", p)], "signature"


def multi_ip_pw(i):
    ip, p = pub_ip(), pw()
    t = cb("yaml", "sftp:\n  host: %s\n  user: recon_upload\n  password: %s" % (ip, p))
    return t, [("ipv4_address", ip), ("password", p)], "sftp_config"


def multi_iban_email(i):
    v, (name, e) = iban(), email_for()
    t = "| furnizor | IBAN | contact |\n|---|---|---|\n| %s | %s | %s |" % (name, v, e)
    return t, [("iban", v), ("email_address", e)], "supplier_row"


def multi_card_ssn(i):
    c, s = card(), ssn()
    t = "US payroll test record leaked into the staging DB:\n```\nssn=%s card=%s\n```" % (s, c)
    return t, [("us_ssn", s), ("credit_card", c)], "payroll_leak"


def multi_jwt_url(i):
    j, p = jwt(), pw()
    t = cb("dotenv", "SPV_ACCESS_TOKEN=%s\nQUEUE_URL=amqps://spv:%s@mq.taxbridge.internal:5671/efactura" % (j, p))
    return t, [("jwt", j), ("url_credentials", p)], "env_jwt_url"


MULTI = [multi_aws] * 6 + [multi_sig] * 5 + [multi_ip_pw] * 2 + [multi_iban_email] * 2 + [multi_card_ssn] * 2 + [multi_jwt_url] * 3

# target per-kind totals (170)
TARGET = {"aws_access_key_id": 10, "aws_secret_access_key": 8, "github_classic_pat": 9, "github_fine_grained_pat": 8, "slack_bot_token": 9,
          "slack_user_token": 8, "openai_api_key": 9, "anthropic_api_key": 9, "jwt": 9, "private_key_pem": 9, "password": 13,
          "url_credentials": 9, "email_address": 9, "phone_number": 17, "credit_card": 9, "iban": 9, "us_ssn": 8, "ipv4_address": 8}


def validate(kind, v):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"\D", "", v))
    elif kind == "iban":
        assert iban_valid(v)
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and a[0] != "9" and g != "00" and s != "0000"
    elif kind == "ipv4_address":
        assert public_ip(v)
    elif kind == "jwt":
        for part in v.split(".")[:2]:
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    elif kind == "github_classic_pat":
        body, crc = v[4:34], v[34:]
        c = zlib.crc32(body.encode()) & 0xffffffff
        n = 0
        for x in crc:
            n = n * 62 + B62.index(x)
        assert n == c


def build_positives():
    recs = []
    seen = set()
    # multi first
    multis = []
    counts = {k: 0 for k in TARGET}
    for i, f in enumerate(MULTI):
        t, secs, name = f(i)
        multis.append((t, secs, "multi:%s:%d" % (name, i)))
        for k, _ in secs:
            counts[k] += 1
    singles = []
    for kind in TARGET:
        need = TARGET[kind] - counts[kind]
        for j in range(need):
            if kind == "private_key_pem":
                pk = ["ec", "ed25519", "rsa", "openssh"][j % 4]
                t, v, lay = pem_message(pk)
                singles.append((t, [(kind, v)], "private_key_pem:%s:layout%d" % (pk, lay)))
                continue
            if kind == "aws_secret_access_key":
                v = aws_secret()
                t = pick(["AWS_SECRET_ACCESS_KEY=%s" % v, "secret key pentru bucket-ul de arhivă SAF-T: %s" % v])
                singles.append((t, [(kind, v)], "%s:t%d" % (kind, 0)))
                continue
            v = GEN[kind]()
            ti = j % len(T[kind])
            singles.append((T[kind][ti](v), [(kind, v)], "%s:t%d" % (kind, ti)))
    allm = multis + singles
    R.shuffle(allm)
    for t, secs, ctx in allm:
        for k, v in secs:
            validate(k, v)
        t = dress(t)
        assert t not in seen
        seen.add(t)
        for k, v in secs:
            assert v in t, (k, v)
        recs.append({"id": "h%dp-%04d" % (N, len(recs) + 1), "text": t, "secrets": [{"kind": k, "value": v} for k, v in secs], "context": ctx})
    return recs


def build_negatives():
    recs = []
    seen = set()
    redraws = 0
    for cat, f, _ in NEG_GEN:
        made = 0
        while made < 100:
            t = dress(f())
            if t in seen or scan(t):
                redraws += 1
                if redraws > 20000:
                    raise SystemExit("too many redraws in " + cat)
                continue
            seen.add(t)
            recs.append((cat, t))
            made += 1
    R.shuffle(recs)
    return [{"id": "h%dn-%04d" % (N, i + 1), "text": t, "category": c} for i, (c, t) in enumerate(recs)], redraws


NEG_WHAT = {
    "data_uri_base64": "Real bytes, base64-encoded: PNG with correct IHDR/IDAT/IEND CRCs (`iVBORw0KGgo…`), GIF89a 1×1 (`R0lGODlh…`), a minimal PDF with a correct xref (`JVBERi0…`, as a UBL `EmbeddedDocumentBinaryObject` attachment of an e-Factura invoice and in `echo … \\| base64 -d`), a real ZIP holding an e-Factura XML (`UEsDB…`, SPV `/descarcare` body), WAV (`UklGR…`), BMP (`Qk…`), SVG as base64 / percent-encoded / `utf8,`, and inline source maps (`eyJ2ZXJzaW9uIjoz…`, base64 JSON without dots). Contexts: CSS `url()`, `<img>`, JSX `blurDataURL`, Jupyter `image/png`, CSP errors with truncated URIs (`…`, `...`, `[N more chars]`).",
    "placeholder_example": "`.env.example` with `<your-client-secret>`, `${{ secrets.KEP_KEY_PASSWORD }}`, Jinja `{{ esf_password }}` in TOML, `%KEP_PASSWORD%`, `$(OPENAI_API_KEY)`, `REPLACE_ME`, `sk-...`, `sk-ant-...`, `xoxb-your-bot-token`, `ghp_xxxx…`; the AWS documentation keys `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`; template DSNs `postgres://user:password@localhost`, `amqp://guest:guest@localhost`; a PEM block with a `...` body; masks `**** **** **** 1234`, `UA** ****** …`, `RO** **** …`, `+380 ** *** ** 12`, `•••• 1234`; markers `[REDACTED]`, `<redacted>`, `***`; `changeme` and empty `password =` in INI.",
    "code_identifier": "Java stack traces of `ro.fiscalsoft.efactura…` / `ua.taxbridge.pn…` / `kz.esfgate.core…` with classes named from Token/Secret/Password/Kep/Spv/Iban/Cui/Edrpou/Bin/Phone/Email words (up to ~26 lines), Python tracebacks (`load_kep_private_key_password`, `KeyError: 'SPV_CLIENT_SECRET'`), Go panics (`(*KeyPasswordProvider).Resolve`), `kubectl get pods` with hash suffixes (`spv-token-refresher-…`), SQL column lists (`kep_cert_serial`, `password_hash_algo`, `api_key_last_four`), Kotlin provider classes, Terraform addresses `aws_secretsmanager_secret.kep_key_password`, feature-flag keys, webpack chunk / CSS-module / styled-components / `data-v-` hashes.",
    "non_credential_blob": "SHA-256 of signed e-Factura XML, public qualified-certificate (КЕП / ЭЦП) serial numbers in `AA:BB:…` form (16 or 20 bytes), XAdES `DigestValue` / `SignatureValue` base64 (public signature, not a key), JSON message-queue logs (msg_id UUIDs, trace/span ids, delivery tags), `git log` SHAs, docker `@sha256:` digests, release `sha256sum` lines, base64-JSON pagination cursors, `X-Request-Id`, multipart ETags, SOPS `ENC[AES256_GCM,…]`, ASiC-E manifest digests and `sha512-` integrity strings.",
    "pii_lookalike_number": "Tax ids of companies (not persons): Romanian CUI/CIF with a valid control digit (`RO` + 2–10 digits), Ukrainian ЄДРПОУ (8 digits, valid check digit) and 12-digit ІПН платника ПДВ, Kazakh БИН (12 digits, valid check digit). SPV `index_incarcare` / `id_descarcare` (10 digits, first digit 3–5), ЄРПН registration numbers (10 digits starting 9), ESF numbers `ESF-<БИН>-<date>-<7 digits>`, KZ form registration numbers (15 digits), declaration codes (D394, D300, D406 SAF-T, J0200126, F0103309, форма 200.00/300.00/910.00), INTERNT numbers, КБК/КНП codes. Amounts in RON/UAH/KZT with space, dot and NBSP thousands separators; batch reconciliation CSV (6–24 rows) and Markdown tables; Prometheus metrics, byte counts, Kafka offsets; private / RFC 5737 IPs, ports, 3- and 4-part versions (4-part ones all have a part > 255); Slack `ts`, epoch s and ms, Jira keys, 9-digit order ids.",
    "talk_about_secrets": "Talk about KEP / ЭЦП passwords, SPV client secrets and OAuth tokens, ДПС API tokens, private keys, IBAN masking, cards, SSNs, taxpayers' phones and e-mail addresses, in Romanian, Ukrainian, Russian, Kazakh and English, containing none of them: single sentences, bullet lists, Q&A, incident notes and security-sync agendas.",
}

POS_NOTES = {
    "aws_access_key_id": "`AKIA`/`ASIA` + 16 × `[A-Z2-7]`; INI profile, CloudTrail JSON, Jenkins log talk, prose",
    "aws_secret_access_key": "40 chars of `[A-Za-z0-9+/]`; 6 paired with a key id (INI, `export`, JSON), 2 alone (`.env`, Romanian prose)",
    "github_classic_pat": "`ghp_` + 30 random base62 + 6-char base62 CRC32 of those 30 (re-checked); also inside a clone URL as userinfo (labelled as the PAT only)",
    "github_fine_grained_pat": "`github_pat_11` + 20 + `_` + 59",
    "slack_bot_token": "`xoxb-<11–13 digits>-<13 digits>-<24 base62>`",
    "slack_user_token": "`xoxp-<d>-<d>-<d>-<32 hex>`",
    "openai_api_key": "`sk-proj-…T3BlbkFJ…`, legacy `sk-<20>T3BlbkFJ<20>`, `sk-svcacct-…`",
    "anthropic_api_key": "`sk-ant-api03-` + 93 + `AA`",
    "jwt": "base64url JSON header (HS256, or RS256 with `kid`) and payload (ANAF / ДПС cabinet / ESF-gateway style claims with company ids), random signature; 3 of them in `.env` next to a queue URL",
    "private_key_pem": "real DER with random key material: EC P-256 SEC1, Ed25519 PKCS#8, RSA PKCS#1 (1024-bit sized integers), OpenSSH `openssh-key-v1` (Ed25519, cipher none). Layout 0: fenced block, lines joined by newline; layout 1: YAML block scalar, newline + 4 spaces; layout 2: JSON string, literal `\\n`. Value = first to last base64 character of the body, as written",
    "password": "value only: ADO.NET `Password=…;`, Spring `spring.datasource.password=`, libpq `password=`, `.env` `DB_PASSWORD=`, YAML `password:`, and prose about a qualified-certificate keystore / `Key-6.dat` password (Romanian, Ukrainian); 2 in SFTP YAML next to a public IP",
    "url_credentials": "password part of `scheme://user:pw@host` (postgres, mysql+pymysql, amqps, redis `:pw@`, mongodb+srv)",
    "email_address": "personal mailboxes (Romanian, Ukrainian and Kazakh names transliterated) at `.ro`, `.ua`, `.kz` and gmail domains; prose, CSV, JSON, `From:` header, e-mail signatures, a Markdown table",
    "phone_number": "RO mobile `07xx xxx xxx` / `07xx.xxx.xxx` / `07xx-xxx-xxx` / `+40 7xx …` / `0040 …`, RO landline `021 xxx xx xx`, `(021) xxx.xx.xx`, `0264 xxx xxx`, `0268-xxxxxx`; UA mobile `+380 67 …`, `+380XXXXXXXXX`, `(067) xxx-xx-xx`, `+38 (050) …`, `+380 (67) …`; UA landline `(044)`, `(032) xxx-xx-xx`; KZ `+7 7xx xxx xx xx`, `8 (7xx) xxx-xx-xx`, `8 7xx…`, Almaty `8 (727) …`, Astana `+7 7172 …`; NANP `(xxx) xxx-xxxx`, `+1 …`, `xxx.xxx.xxxx`; DE `+49 30 …`, PL `+48 …`, MD `+373 …`, FR `+33 6 …`. In prose (ro/uk/ru/kk), Markdown table, JSON log, CSV, signatures",
    "credit_card": "Luhn-valid Visa, Mastercard (51–55 and 2221–2720), Amex; plain, spaced or dashed",
    "iban": "mod-97-valid RO (4-letter bank code + 16), UA (6-digit MFO + 19), KZ (3-digit bank + 13), DE, PL; compact or grouped by 4; prose, UBL `PayeeFinancialAccount`, Markdown tables",
    "us_ssn": "area not 000/666/9xx, group not 00, serial not 0000 (US subcontractor / payroll contexts)",
    "ipv4_address": "public only (not private, loopback, CGNAT, link-local, benchmark, documentation, multicast/reserved)",
}


def write_readme(neg, pos, stats, hits, missed_by_kind, sha, redraws):
    kc = {}
    for r in pos:
        for s_ in r["secrets"]:
            kc[s_["kind"]] = kc.get(s_["kind"], 0) + 1
    lines = [len(r["text"].split("\n")) for r in neg + pos]
    single = sum(1 for x in lines if x == 1)
    ten = sum(1 for x in lines if x >= 10)
    twenty = sum(1 for x in lines if x >= 20)
    lead = sum(1 for r in neg + pos if any(r["text"].startswith(l) for ls in LEAD.values() for l in ls))
    trail = sum(1 for r in neg + pos if any(r["text"].endswith("\n" + t) for t in TRAIL))
    o = []
    o.append("> PLACEHOLDER")
    o.append("")
    o.append("# Held-out redaction corpus #%d: e-filing / e-invoicing contractor (Romania, Ukraine, Kazakhstan)" % N)
    o.append("")
    o.append("Theme: the Slack workspace of a software contractor that builds e-filing and e-invoicing systems for tax authorities in Romania (ANAF SPV / e-Factura, SAF-T D406), Ukraine (ДПС, податкові накладні / ЄРПН, КЕП) and Kazakhstan (ИС ЭСФ, ЭЦП НУЦ РК). Messages talk about company tax ids (CUI/CIF, ЄДРПОУ, БИН), e-Factura/SPV XML and ZIP responses, declaration forms, signed-document hashes, qualified-signature certificate serials, message-queue logs, batch reconciliation and amounts in RON/UAH/KZT.")
    o.append("")
    o.append("Languages: Romanian, Ukrainian, Russian, Kazakh and English, mixed inside channels and inside messages (a Russian lead-in on a Romanian CSV, a Kazakh trailer on an English note).")
    o.append("")
    o.append("Files. `gen.py` writes them, using `random.Random(%d * 101)` as its only source of randomness. Output is deterministic: two runs give byte-identical files (checked with `cmp`, also under `PYTHONHASHSEED=0` and `PYTHONHASHSEED=123`)." % N)
    o.append("")
    o.append("- `redaction%d_negatives.jsonl`: 600 Slack-style messages with **no secret and no personal data**, 100 in each of 6 categories. Each one is built to trip a naive redactor." % N)
    o.append("  sha256 `%s`" % sha["redaction%d_negatives.jsonl" % N])
    o.append("- `redaction%d_positives.jsonl`: 150 messages holding 170 labelled fake secrets / personal-data items of 18 kinds (130 with one, 20 with two)." % N)
    o.append("  sha256 `%s`" % sha["redaction%d_positives.jsonl" % N])
    o.append("- `gen.py`: the generator. It also writes this README, runs a built-in scanner and prints what it finds.")
    o.append("")
    o.append("Regenerate with `python3 gen.py`, which writes all three files next to the script. It runs on the standard library only.")
    o.append("")
    o.append("## How it was written (blindness record)")
    o.append("")
    o.append("The data was written **without seeing the redactor's code, rules, tests or any other test set**. Exactly these were opened:")
    o.append("")
    o.append("1. the brief `/work/briefs/data.md`;")
    o.append("2. `/work/.library/env/README.md`;")
    o.append("3. `/work/main/tests/support/data/redaction4/README.md`, in full, to copy the record format, the kind names and the README layout;")
    o.append("4. `head -3` of `/work/main/tests/support/data/redaction4/redaction4_negatives.jsonl` and of `redaction4_positives.jsonl`.")
    o.append("")
    o.append("Commands run: `date`, `mkdir -p /work/data/redaction%d`, `ls` of that (then missing) folder, `python3 gen.py` and small `python3 -c` checks importing `gen.py` and reading its own output, `sed`/`grep`/`wc`/`head`/`cut` on `gen.py` and its own output, `cp`/`cmp`/`sha256sum` on its own output (copies under `/tmp/r73a`, `/tmp/r73b`). Nothing else under `/work/main`, no `/work/wt-*`, no other folder under `/work/data` was listed, opened or searched; no git command, no code/doc search tool, no install, the product was not run. Scratch files only under `/tmp`." % N)
    o.append("")
    o.append("Formats: prose, Markdown lists and tables, Q&A, quotes of e-mail signatures; code blocks in Java stack traces, Python, Go, Kotlin, TypeScript/JS, C#, SQL, HCL, TOML, INI, YAML, JSON, XML (UBL / XAdES), CSS, HTML; `.env`, Spring properties, shell sessions (`kubectl`, `git log`, `curl`, `base64 -d`, `psql`), JSON logs, access logs, CSV and HTTP headers.")
    o.append("")
    o.append("About 30 %% of messages get a lead-in in one of the five languages (\"Salut,\", \"До відома:\", \"Коллеги,\", \"Назар аударыңыздар:\", \"heads up:\", …) and about 12 %% a short trailer (\"mersi!\", \"дякую\", \"спс\", \"рахмет!\", \"+1\", …): over both files %d of 750 start with a lead-in and %d end with a trailer. Length runs from %d to %d lines: %d messages are single-line, %d have 10 or more lines, %d have 20 or more." % (lead, trail, min(lines), max(lines), single, ten, twenty))
    o.append("")
    o.append("## Record format")
    o.append("")
    o.append("Negatives: `{\"id\": \"h%dn-0001\", \"text\": ..., \"category\": ...}`." % N)
    o.append("")
    o.append("Positives: `{\"id\": \"h%dp-0001\", \"text\": ..., \"secrets\": [{\"kind\": ..., \"value\": ...}], \"context\": ...}`. `context` is `<kind>:t<template#>` for single-secret messages, `multi:<name>:<n>` for two-secret messages, and `private_key_pem:<type>:layout<n>` for PEM messages." % N)
    o.append("")
    o.append("## Negative categories")
    o.append("")
    o.append("| category | texts | templates | min/max lines | what is in it |")
    o.append("|---|---:|---:|---|---|")
    for cat, (n, ntpl, mn, mx) in stats.items():
        o.append("| `%s` | %d | %s | %d / %d | %s |" % (cat, n, ntpl, mn, mx, NEG_WHAT[cat]))
    o.append("| **total** | **600** | | | |")
    o.append("")
    o.append("All 600 texts are distinct. Every message in a category comes from that category's templates; some also touch other categories (a CSV of CUIs inside a message with a Russian lead-in, a PDF attachment inside UBL XML), but the label is the main reason the message is a hard negative.")
    o.append("")
    o.append("### Guarantees on the negatives (enforced by `gen.py`)")
    o.append("")
    o.append("`gen.py` throws away and redraws any negative in which its scanner finds any of these (%d redraws on this seed):" % redraws)
    o.append("")
    o.append("- an e-mail address;")
    o.append("- a token shape: GitHub (`gh[pousr]_` + 36, `github_pat_…`), Slack (`xox?-<digits>-`), `sk-` + 32 or more, a three-segment `eyJ….eyJ….…` JWT, `glpat-` + 20, `AIza` + 35;")
    o.append("- an `AKIA`/`ASIA` key id unless it contains `EXAMPLE`;")
    o.append("- an SSN shape `ddd-dd-dddd`;")
    o.append("- a Luhn-valid run of 13–19 digits, plain or built from consecutive digit groups separated by a space or dash (every window of groups), and every 13–19 window of a longer plain run;")
    o.append("- a mod-97-valid IBAN (compact or grouped, every length 15–34 from a country code + 2 digits);")
    o.append("- a PEM `PRIVATE KEY` block whose body has 40+ base64 characters and no `...`;")
    o.append("- a public IPv4 address (anything but private, loopback, CGNAT, link-local, benchmark, documentation, multicast/reserved);")
    o.append("- URL userinfo `scheme://user:pw@` whose password is not a placeholder (`password`, `pass`, `changeme`, `guest`, `admin`, `root`, `secret`, `postgres`, empty, `***`, `xxx`, or starting with `$`, `<`, `{`, `%`);")
    o.append("- a phone number: any `+` followed by 9–15 digits (with spaces, dots, dashes, parentheses), `00` + a RO/UA/KZ/EU country code, a 10-digit national number starting with `0` (Romania, Ukraine), an 11-digit number starting `87`/`77` (Kazakhstan `8 7xx…`), and NANP `(NXX) NXX-XXXX` / `NXX-NXX-XXXX` / `NXX.NXX.XXXX` with optional `+1`.")
    o.append("")
    o.append("Scanner output on the final negatives: **%d hits**. All IPs are private, loopback or RFC 5737; no person names, e-mail addresses or phone numbers appear anywhere in the negatives." % len(hits))
    o.append("")
    o.append("## Known ambiguities (deliberate, so decide how to score them)")
    o.append("")
    o.append("- **Company tax ids are negatives.** CUI/CIF (`RO` + digits with a valid control digit), ЄДРПОУ, the 12-digit Ukrainian VAT ІПН of a company and Kazakh БИН identify legal entities and are published in public registers. They are not personal data here. No CNP, РНОКПП or ИИН of a person appears anywhere.")
    o.append("- **Ten-digit domain numbers.** SPV `index_incarcare` / `id_descarcare` (first digit 3–5), ЄРПН registration numbers (first digit 9), epoch seconds: they have the length of a national phone number without separators, but never start with `0` (so they are not RO/UA national numbers) and never match NANP separators. A redactor that masks every 10-digit run will flag them.")
    o.append("- **12- and 15-digit ids.** БИН (12 digits) and KZ form registration numbers (15 digits) sit in the phone / card length range; each was checked to be Luhn-invalid (or is redrawn).")
    o.append("- **`RO`/`UA`/`KZ` + digits.** `RO42923176` (a VAT code) and `ESF-<БИН>-…` start like an IBAN but are not mod-97 valid IBANs.")
    o.append("- **Signature material is public.** Qualified-certificate serial numbers, XAdES `DigestValue`/`SignatureValue`, SHA-256 of signed XML and ASiC-E digests are public by design; they have the shape of hex / base64 API keys.")
    o.append("- **Documented example credentials and template DSNs.** `AKIAIOSFODNN7EXAMPLE`, `postgres://user:password@localhost`, `amqp://guest:guest@localhost`, `password = changeme` are placeholders, not secrets.")
    o.append("- **Masked values** keep their last 2–4 digits (`**** **** **** 1234`, `+380 ** *** ** 12`). They are treated as non-PII.")
    o.append("- **Base64 JSON starting with `eyJ`** (source maps, pagination cursors) looks like half a JWT but has no dots.")
    o.append("")
    o.append("## Positive set")
    o.append("")
    o.append("Every `value` occurs verbatim in `text`; `gen.py` asserts this. It also re-checks on every run: Luhn for cards, mod-97 for IBANs, the SSN rules, that each IPv4 is public, that each JWT's header and payload decode to JSON, that each PEM body is valid base64, and the CRC32 of each classic GitHub PAT.")
    o.append("")
    o.append("| kind | secrets | notes |")
    o.append("|---|---:|---|")
    for k in TARGET:
        o.append("| %s | %d | %s |" % (k, kc.get(k, 0), POS_NOTES[k]))
    o.append("| **total** | **%d** | %d texts: 130 with one secret, 20 with two |" % (sum(kc.values()), len(pos)))
    o.append("")
    o.append("Kind names are those of redaction4. Person names next to values (accountant, contact, supplier) are not labelled.")
    o.append("")
    o.append("### The two-secret texts")
    o.append("")
    o.append("| id | context | kinds |")
    o.append("|---|---|---|")
    for r in pos:
        if len(r["secrets"]) == 2:
            o.append("| %s | `%s` | %s |" % (r["id"], r["context"], " + ".join(s_["kind"] for s_ in r["secrets"])))
    o.append("")
    o.append("Pairs: 6 × AWS key id + secret key (INI, `export`, JSON); 5 × e-mail + phone in a RO/UA/KZ accountant's e-mail signature; 3 × JWT + URL password in a `.env`; 2 × public IP + password in SFTP YAML; 2 × IBAN + e-mail in a supplier table row; 2 × SSN + card in a payroll leak note.")
    o.append("")
    o.append("The built-in scanner is a guard for the negatives, not a redactor: on the positives it does not find %s (AWS secret keys and bare passwords have no shape it looks for; JSON-escaped PEM bodies and `redis://:pw@` with an empty user fall outside its patterns). That is a gap in the scanner, not in the labels." % ", ".join("%s (%d missed)" % (k, v) for k, v in sorted(missed_by_kind.items())))
    o.append("")
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(o))


def main():
    pos = build_positives()
    neg, redraws = build_negatives()
    assert len(neg) == 600 and len(pos) == 150
    assert sum(len(r["secrets"]) for r in pos) == 170
    assert sum(1 for r in pos if len(r["secrets"]) == 2) == 20
    pn = os.path.join(HERE, "redaction%d_negatives.jsonl" % N)
    pp = os.path.join(HERE, "redaction%d_positives.jsonl" % N)
    with open(pn, "w", encoding="utf-8") as fh:
        for r in neg:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(pp, "w", encoding="utf-8") as fh:
        for r in pos:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    hits = [h for r in neg for h in scan(r["text"])]
    def norm(x):
        return re.sub(r"\\n|[^A-Za-z0-9]", "", x)
    missed = [(r["id"], s["kind"]) for r in pos for s in r["secrets"] if not any(norm(h[1]) and (norm(s["value"]) in norm(h[1]) or norm(h[1]) in norm(s["value"])) for h in scan(r["text"]))]
    mk = {}
    for _, k in missed:
        mk[k] = mk.get(k, 0) + 1
    print("  scanner misses by kind:", sorted(mk.items()))
    stats = {}
    for cat, _, ntpl in NEG_GEN:
        ls = [r["text"].count("\n") + 1 for r in neg if r["category"] == cat]
        stats[cat] = (len(ls), ntpl, min(ls), max(ls))
    print("negatives: %d, scanner hits on final negatives: %d, redraws: %d" % (len(neg), len(hits), redraws))
    print("positives: %d texts, %d secrets; scanner-covered kinds miss %d" % (len(pos), sum(len(r["secrets"]) for r in pos), len(missed)))
    for c, s in stats.items():
        print("  %-22s texts=%d templates=%s lines=%d/%d" % (c, *s))
    kc = {}
    for r in pos:
        for s in r["secrets"]:
            kc[s["kind"]] = kc.get(s["kind"], 0) + 1
    for k in TARGET:
        print("  %-24s %d" % (k, kc.get(k, 0)))
    for r in pos:
        if len(r["secrets"]) == 2:
            print("  two:", r["id"], r["context"], [s["kind"] for s in r["secrets"]])
    sha = {os.path.basename(p): hashlib.sha256(open(p, "rb").read()).hexdigest() for p in (pn, pp)}
    for k in sorted(sha):
        print("  sha256", sha[k], k)
    write_readme(neg, pos, stats, hits, mk, sha, redraws)


if __name__ == "__main__":
    main()
