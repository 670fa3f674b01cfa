"""Blind redaction corpus #45 generator (insurance claims / underwriting / actuarial). Standard library only."""
import base64, binascii, json, os, re, struct, zlib, hashlib, random

N = 45
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))
ch = R.choice
ri = R.randint
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
HEX = "0123456789abcdef"

def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))

def hx(n):
    return rs(HEX, n)

def b64(b):
    return base64.b64encode(b).decode()

def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")

def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])

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

def luhn_complete(prefix, length):
    body = prefix + "".join(str(ri(0, 9)) for _ in range(length - len(prefix) - 1))
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c

def iban_check(cc, bban):
    s = bban + cc + "00"
    n = int("".join(str(int(c, 36)) for c in s))
    return "%02d" % (98 - n % 97)

def iban_valid(s):
    s = s.replace(" ", "")
    t = s[4:] + s[:4]
    try:
        return int("".join(str(int(c, 36)) for c in t)) % 97 == 1
    except ValueError:
        return False

# ---------------------------------------------------------------- scanner
IBAN_LEN = {"DE": 22, "GB": 22, "FR": 27, "ES": 24, "NL": 18, "BE": 16, "AT": 20, "CH": 21, "IT": 27, "PL": 28, "LU": 20, "IE": 22}
RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,}"),
    "slack": re.compile(r"xox[abposr]-\d+-"),
    "sk": re.compile(r"sk-[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"),
    "ssn": re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*(?:\\n)?\s*[A-Za-z0-9+/]{40,}"),
    "aws": re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}"),
    "ip": re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.]*\d)"),
    "phone": re.compile(r"\+\d{1,3}[ (]*\d[\d ()/-]{7,}\d|(?<!\d)0[67](?: \d\d){4}(?!\d)|(?<!\d)07\d{3} ?\d{6}(?!\d)|(?<!\d)01[5-7]\d[ /]?\d{6,8}(?!\d)|\(\d{3}\) \d{3}-\d{4}"),
    "digits": re.compile(r"\d(?:[ -]?\d)+"),
    "iban": re.compile(r"\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]){10,30})"),
}

def ip_ok(o):
    a, b = o[0], o[1]
    return (a == 10 or a == 127 or a == 0 or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168)
            or (a == 100 and 64 <= b <= 127) or (a == 169 and b == 254)
            or (a, b, o[2]) in ((192, 0, 2), (198, 51, 100), (203, 0, 113)) or a == 255)

def scan(t):
    hits = []
    for k in ("email", "github", "slack", "sk", "jwt", "ssn", "pem", "phone"):
        m = RX[k].search(t)
        if m:
            hits.append((k, m.group(0)))
    for m in RX["aws"].finditer(t):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws", m.group(0)))
    for m in RX["ip"].finditer(t):
        o = [int(x) for x in m.groups()]
        if max(o) <= 255 and not ip_ok(o):
            hits.append(("ip", m.group(0)))
    for m in RX["digits"].finditer(t):
        g = m.group(0)
        d = re.sub(r"[ -]", "", g)
        cands = [d] + re.findall(r"\d+", g)
        for c in cands:
            if 13 <= len(c) <= 19 and luhn_ok(c):
                hits.append(("luhn", c))
                break
    for m in RX["iban"].finditer(t):
        cc = m.group(1)
        if cc in IBAN_LEN:
            comp = (m.group(1) + m.group(2) + m.group(3)).replace(" ", "")
            L = IBAN_LEN[cc]
            if len(comp) >= L and iban_valid(comp[:L]):
                hits.append(("iban", comp[:L]))
    return hits

# ---------------------------------------------------------------- real bytes
def png(w, h, rgb):
    def chunk(typ, data):
        return struct.pack(">I", len(data)) + typ + data + struct.pack(">I", zlib.crc32(typ + data) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def gif1(rgb):
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes(rgb) + b"\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")

def pdf_min(title):
    body = ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n4 0 obj<</Title(%s)>>endobj\n"
            "trailer<</Root 1 0 R/Info 4 0 R>>\n%%%%EOF\n" % title)
    return body.encode()

def wav(n):
    data = bytes(ri(120, 136) for _ in range(n))
    return b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8) + b"data" + struct.pack("<I", n) + data

def jpeg_head():
    return bytes.fromhex("ffd8ffe000104a46494600010101004800480000ffdb004300") + bytes(ri(1, 40) for _ in range(40))

def svg(col, label):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="24" viewBox="0 0 %d 24"><rect width="100%%" height="100%%" rx="4" fill="%s"/>'
            '<text x="6" y="16" font-size="11" fill="#fff">%s</text></svg>' % (len(label) * 7 + 12, len(label) * 7 + 12, col, label))

def smap(src):
    return json.dumps({"version": 3, "file": src.replace(".ts", ".js"), "sources": ["../src/" + src], "names": [], "mappings": "AAAA,SAAS" + rs("ACEGIKMOQSUWYagcku", 12)}, separators=(",", ":"))

def color():
    return (ri(0, 255), ri(0, 255), ri(0, 255))

def hexcol():
    return "#" + hx(6)

def trunc(s, keep=None):
    if keep is None:
        keep = ri(40, 90)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + ch(["…", "...", "[%d more chars]" % (len(s) - keep)])

# ---------------------------------------------------------------- domain vocab
LOB = ["motor", "home", "health", "household", "travel"]
CTRY = ["UK", "DE", "FR", "US"]
LABELS = ["Schaden melden", "Déclarer un sinistre", "Report a claim", "Kfz-Haftpflicht", "Hausrat", "Multirisque habitation", "Reclamación", "FNOL", "Loss run", "Santé"]
MODULES = ["claimcenter", "policycenter", "billingcenter", "fnol-gateway", "broker-portal", "fraud-scoring", "loss-runs", "reserving", "duckcreek-policy", "subrogation"]

def claim_no():
    c = ch(CTRY)
    return ch([
        "CLM-%s-%d-%06d" % (c, ri(2021, 2026), ri(1, 999999)),
        "KS-%d-%07d" % (ri(2022, 2026), ri(1, 9999999)),
        "SIN%d%s%06d" % (ri(22, 26), ch(["AUTO", "MRH", "SANTE"]), ri(1, 999999)),
        "%s%d-%05d" % (ch(["MTR", "HOM", "HLT"]), ri(24, 26), ri(1, 99999)),
        "0%d/%06d/%02d" % (ri(10, 99), ri(1, 999999), ri(1, 40)),
    ])

def policy_no():
    return ch([
        "POL-%s-%08d" % (ch(CTRY), ri(1, 99999999)),
        "KV-%d.%03d.%03d" % (ri(10, 99), ri(0, 999), ri(0, 999)),
        "HAU%07d" % ri(0, 9999999),
        "%s%d%07d" % (ch(["MA", "HA", "HE"]), ri(1, 9), ri(0, 9999999)),
        "PA-%d-%05d-%02d" % (ri(2019, 2026), ri(0, 99999), ri(0, 12)),
    ])

def jira():
    return "%s-%d" % (ch(["CLM", "UW", "ACT", "FRD", "GWCC", "DCK", "BRK", "RSV"]), ri(10, 9999))

def date():
    return "%d-%02d-%02d" % (ri(2022, 2026), ri(1, 12), ri(1, 28))

def eudate():
    return "%02d.%02d.%d" % (ri(1, 28), ri(1, 12), ri(2022, 2026))

def money():
    return ch(["£", "€", "$"]) + "{:,}".format(ri(100, 250000)) + "." + "%02d" % ri(0, 99)

def priv_ip():
    return ch(["10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(1, 254)), "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(1, 254)),
               "192.168.%d.%d" % (ri(0, 255), ri(1, 254)), "192.0.2.%d" % ri(1, 254), "198.51.100.%d" % ri(1, 254),
               "203.0.113.%d" % ri(1, 254), "127.0.0.1"])

def ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (date(), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999))

def epoch():
    return ri(1640995200, 1790000000)

# ---------------------------------------------------------------- negatives: data_uri_base64
def neg_data_uri():
    c = color()
    t = ri(0, 13)
    if t == 0:
        d = b64(png(ri(1, 6), ri(1, 6), c))
        return ".claim-status--%s::before {\n  content: \"\";\n  background-image: url(\"data:image/png;base64,%s\");\n  width: 12px; height: 12px;\n}" % (ch(["open", "reserved", "settled", "reopened", "declined"]), d)
    if t == 1:
        lab = ch(LABELS)
        return "Badge im Maklerportal kommt jetzt als Inline-SVG:\n`<img alt=\"%s\" src=\"data:image/svg+xml;base64,%s\">`" % (lab, b64(svg(hexcol(), lab).encode()))
    if t == 2:
        d = b64(png(ri(8, 40), ri(8, 20), c))
        return "```json\n{\n  \"cell_type\": \"code\",\n  \"execution_count\": %d,\n  \"metadata\": {\"tags\": [\"chain-ladder\", \"%s\"]},\n  \"outputs\": [{\n    \"output_type\": \"display_data\",\n    \"data\": {\n      \"image/png\": \"%s\",\n      \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]\n    }\n  }]\n}\n```" % (ri(3, 80), ch(["motor_bi", "home_fire", "health_outpatient", "ibnr"]), trunc(d, ri(60, 120)))
    if t == 3:
        d = b64(gif1(c))
        return "le pixel de suivi dans le mail de confirmation de sinistre est juste ça : `data:image/gif;base64,%s` — rien à voir avec l'assuré" % d
    if t == 4:
        d = trunc(b64(jpeg_head()), ri(30, 60))
        return "FNOL payload from the mobile app (photo trimmed):\n```json\n{\"claimType\": \"%s\", \"lossDate\": \"%s\", \"damagePhotos\": [{\"seq\": 1, \"mime\": \"image/jpeg\", \"content\": \"data:image/jpeg;base64,%s\"}], \"channel\": \"app-%s\"}\n```" % (ch(["MOTOR_COLLISION", "HOME_WATER", "HOME_THEFT", "MOTOR_GLASS"]), date(), d, ch(["ios", "android"]))
    if t == 5:
        d = b64(pdf_min(ch(["Schadenanzeige", "Constat amiable", "Loss run export", "Attestation"])))
        return "Duck Creek Forms renvoie le PDF en inline, voilà le début :\n```\ndata:application/pdf;base64,%s\n```" % trunc(d, ri(70, 140))
    if t == 6:
        f = ch(["claims-ui", "broker-portal", "fnol-wizard", "loss-run-viewer"])
        src = ch(["ClaimSummary.ts", "ReserveTable.ts", "PolicySearch.ts", "PhotoUpload.ts"])
        return "why is %s.js so big? the last line is\n`//# sourceMappingURL=data:application/json;base64,%s`" % (f, b64(smap(src).encode()))
    if t == 7:
        d = b64(wav(ri(16, 40)))
        return "Telefonie-Integration (Schaden-Hotline IVR) liefert den Ansagetext als WAV-Fixture:\n```python\nIVR_BEEP = \"data:audio/wav;base64,%s\"\n```" % d
    if t == 8:
        return "@font-face {\n  font-family: \"BrokerSans\";\n  src: url(\"data:font/woff2;base64,d09GMgABAAAAA%s\") format(\"woff2\");\n  font-display: swap;\n}" % trunc(rs(B62 + "+/", 200), ri(40, 80))
    if t == 9:
        d = b64(png(ri(2, 16), ri(2, 16), c))
        return "<!-- Guidewire ClaimCenter email template: %s -->\n<table role=\"presentation\">\n  <tr><td><img width=\"120\" src=\"data:image/png;base64,%s\" alt=\"logo\"></td></tr>\n  <tr><td>{claim.ClaimNumber} – {claim.LossType}</td></tr>\n</table>" % (ch(["AckLetter_UK", "Eingangsbestaetigung_DE", "AccuseReception_FR"]), d)
    if t == 10:
        lab = ch(LABELS)
        s = svg(hexcol(), lab)
        return "Percent-encoded works in the PCF too:\n`data:image/svg+xml;utf8,%s`" % s.replace("<", "%3C").replace(">", "%3E").replace("\"", "'").replace("#", "%23")
    if t == 11:
        d = b64(png(ri(1, 4), ri(1, 4), c))
        return "```bash\n$ echo '%s' | base64 -d | file -\n/dev/stdin: PNG image data, %s\n```" % (d, "small, 8-bit/color RGB, non-interlaced")
    if t == 12:
        d = trunc(b64(png(ri(20, 60), ri(20, 60), c)), ri(50, 90))
        return "Die Schadenfotos landen als data-URI im Feld `Document.Body` statt im DMS – siehe %s. Beispielwert:\n`data:image/png;base64,%s`\nBitte nicht so in die Loss-Run-Exports." % (jira(), d)
    d = trunc(b64(pdf_min("Siniestro")), ri(50, 100))
    return "El PDF del parte de siniestro llega así desde el portal de mediadores: `data:application/pdf;base64,%s` — es solo la plantilla vacía." % d

# ---------------------------------------------------------------- negatives: placeholder_example
def neg_placeholder():
    t = ri(0, 15)
    env = ch(["dev", "int", "uat", "preprod"])
    if t == 0:
        return "```properties\n# ClaimCenter %s – database.properties\ndatabase.url=jdbc:sqlserver://cc-db-%s.internal:1433;databaseName=ClaimCenter\ndatabase.username=${CC_DB_USER}\ndatabase.password=${CC_DB_PASSWORD}\n```" % (env, env)
    if t == 1:
        return "Für den Makler-API-Test einfach `Authorization: Bearer <DEIN_TOKEN>` setzen, den echten Token gibt's nur im Vault unter `secret/%s/broker-api`." % env
    if t == 2:
        return "```xml\n<appSettings>\n  <add key=\"DuckCreek.PolicyAdmin.User\" value=\"svc_dc_%s\" />\n  <add key=\"DuckCreek.PolicyAdmin.Password\" value=\"#{DC_ADMIN_PASSWORD}#\" />\n  <add key=\"Rating.ApiKey\" value=\"YOUR_RATING_API_KEY\" />\n</appSettings>\n```" % env
    if t == 3:
        return "in the loss-run notebook replace `OPENAI_API_KEY = \"sk-...\"` with `os.environ[\"OPENAI_API_KEY\"]` before you push, the claims-summary prompt works the same"
    if t == 4:
        return "```yaml\nfraud-scoring:\n  featureStore:\n    url: https://featurestore.%s.internal\n    apiKey: \"{{ .Values.featureStore.apiKey }}\"\n  aws:\n    accessKeyId: AKIAIOSFODNN7EXAMPLE\n    secretAccessKey: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n```" % env
    if t == 5:
        l4 = "%04d" % ri(0, 9999)
        return ch(["Carte enregistrée pour la prime : **** **** **** %s (exp. %02d/%d)" % (l4, ri(1, 12), ri(26, 30)),
                   "premium paid by card •••• %s, auth code only in Stripe" % l4,
                   "Lastschrift vom Konto DE** **** **** **** **%s %s" % (l4[:2], l4[2:])])
    if t == 6:
        return "Masque pour l'IBAN dans les exports de règlements : `FR76 XXXX XXXX XXXX XXXX XXXX XXX`, et `DE00 0000 0000 0000 0000 00` dans les jeux de test (%s)." % jira()
    if t == 7:
        return "US health claims UI should render the member SSN as `XXX-XX-%04d` and the loss-run CSV as `***-**-****`. %s" % (ri(0, 9999), jira())
    if t == 8:
        return "```yaml\n- name: Deploy rating engine\n  env:\n    DC_SERVICE_PASSWORD: ${{ secrets.DC_SERVICE_PASSWORD }}\n    SLACK_BOT_TOKEN: ${{ secrets.CLAIMS_ALERTS_SLACK_TOKEN }}\n  run: ./deploy.sh %s\n```" % env
    if t == 9:
        return "Plantilla para el alta de mediadores: usuario `<código_mediador>`, contraseña `<contraseña_temporal>`, teléfono `+34 XXX XXX XXX`. No rellenéis nada real en Confluence."
    if t == 10:
        return "Slack-Bot für Großschaden-Alerts: `SLACK_BOT_TOKEN=xoxb-your-bot-token` in `.env.example`, der echte steht in `op://claims-platform/%s-bot/token`." % ch(["grossschaden", "cat-event", "fraud"])
    if t == 11:
        return "```ini\n[broker_sftp]\nhost = sftp.%s.internal\nuser = lossrun_export\npassword = changeme\n; real value injected from vault:secret/data/lossruns#sftp_password\n```" % env
    if t == 12:
        return "connection string for the actuarial sandbox: `postgresql://<user>:<password>@reserving-db.%s.internal:5432/triangles` — use your own AD creds" % env
    if t == 13:
        return "Le PEM du partenaire expertise auto ressemble à ça dans la doc :\n```\n-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n```\nOn ne le colle jamais ici, il est dans le HSM."
    if t == 14:
        return "GitHub Action für das Reserving-Repo: `GH_TOKEN: ghp_xxxxxxxxxxxx…` ist nur Platzhalter im README, Workflow nutzt `${{ secrets.GITHUB_TOKEN }}`."
    return "```json\n{\n  \"brokerId\": \"BRK-%05d\",\n  \"apiKey\": \"[REDACTED]\",\n  \"contactEmail\": \"<redacted>\",\n  \"iban\": \"[MASKED]\",\n  \"anthropicKey\": \"sk-ant-api03-...\",\n  \"webhookSecret\": \"whsec_...\"\n}\n```" % ri(0, 99999)

# ---------------------------------------------------------------- negatives: code_identifier
GOSU_PKG = ["gw.claim.fnol", "gw.plugin.claimnumbergen", "acme.cc.fraud", "acme.cc.payment", "acme.pc.rating", "gw.api.financials", "acme.cc.subro", "acme.cc.contact"]
GOSU_CLS = ["ClaimantIbanValidator", "PolicyholderEmailNormalizer", "SsnMaskingEnhancement", "PaymentTokenResolver", "BrokerPasswordPolicy", "ContactPhoneFormatter", "ReserveLineSecretSauce", "CheckPayeeBankAccountHelper", "FnolCredentialBridge", "PrivateKeyStoreAdapter"]
METH = ["validateIbanChecksum", "maskSsnForAdjuster", "resolveApiTokenFromVault", "normalizePhoneE164", "hashEmailForFraudModel", "rotateServiceAccountPassword", "loadSigningPrivateKey", "buildPaymentCardToken", "checkCreditCardLuhn", "decryptBankAccountNumber"]
FEATS = ["claimant_phone_reuse_count_90d", "iban_shared_across_claims_flag", "policyholder_email_domain_is_freemail", "ssn_name_mismatch_score", "payee_bank_account_changed_within_7d", "card_bin_country_ne_policy_country", "ip_geo_distance_km_from_risk_address", "same_device_multiple_fnol_30d", "garage_iban_blacklist_hit", "phone_number_age_days", "email_created_before_policy_days", "password_reset_before_claim_48h"]

def neg_code():
    t = ri(0, 11)
    if t == 0:
        n = ri(6, 34)
        lines = ["```", "%s ERROR [%s] %s.%s - Unable to finalize claim" % (ts(), ch(["WorkQueue-Writer-3", "FNOL-Intake-1", "BatchProcess:PaymentSender"]), ch(GOSU_PKG), ch(GOSU_CLS)),
                 "gw.api.util.DisplayableException: %s" % ch(["IbanChecksumInvalid", "PayeeBankAccountMissing", "TokenResolverTimeout", "SsnMaskingNotApplied"])]
        for _ in range(n):
            lines.append("\tat %s.%s.%s(%s.gs:%d)" % (ch(GOSU_PKG), ch(GOSU_CLS), ch(METH), ch(GOSU_CLS), ri(20, 900)))
        lines += ["\tat gw.internal.gosu.runtime.GosuRuntimeMethods.invokeMethod(GosuRuntimeMethods.java:%d)" % ri(100, 500), "```"]
        return "\n".join(lines)
    if t == 1:
        fs = R.sample(FEATS, ri(4, 9))
        return "Feature list for fraud model v%d.%d (motor %s):\n" % (ri(2, 9), ri(0, 20), ch(CTRY)) + "\n".join("- `%s`" % f for f in fs)
    if t == 2:
        return "```sql\nSELECT c.claim_number,\n       c.claimant_iban_hash,\n       c.claimant_email_sha256,\n       p.policyholder_ssn_last4,\n       p.payment_card_token_ref\nFROM   %s.claims c\nJOIN   %s.policies p ON p.policy_id = c.policy_id\nWHERE  c.loss_date >= DATE '%s';\n```" % (ch(["dwh_claims", "lake.claims_curated", "CLAIMS_MART"]), ch(["dwh_uw", "lake.policy_curated"]), date())
    if t == 3:
        return "Typelist-Eintrag fehlt: `typekey.%s.TC_%s` – betrifft PCF `%s` und die Regel `%s`." % (ch(["LossCause", "CoverageSubtype", "PaymentMethod", "ContactRole"]), ch(["VEHCOLLISION", "WATERDAMAGE", "BANKTRANSFER_SEPA", "GARAGE_PARTNER", "GLASSBREAKAGE"]), ch(["ClaimFinancialsTransactionsDetailPopup", "NewPaymentBankDataDV", "ContactBankAccountsLV", "FNOLWizard_BasicInfoScreen"]), ch(["CLV_IbanPlausibility_DE", "CPR_SecureTokenCheck", "ASG_PasswordlessPortalUser"]))
    if t == 4:
        topic = "claims.%s.%s.%s.v%d" % (ch(["fnol", "reserve", "payment", "fraud-score"]), ch(LOB), ch(["uk", "de", "fr", "us"]), ri(1, 4))
        return "Consumer lag on `%s` partition %d, group `%s`. Offending class: `%s`" % (topic, ri(0, 11), ch(["fraud-scoring-cg", "lossrun-sink", "dwh-ingest"]), ch(["com.acme.claims.payment.SepaCreditTransferIbanSerializer", "com.acme.fraud.features.PhoneEmailGraphBuilder", "com.acme.uw.rating.CardTokenPremiumCollector"]))
    if t == 5:
        n = ri(3, 8)
        pods = "\n".join("%s-%s-%s   1/1     Running   %d          %dd" % (ch(MODULES), hx(10), rs("bcdfghjklmnpqrstvwxz2456789", 5), ri(0, 4), ri(1, 40)) for _ in range(n))
        return "```\n$ kubectl -n claims-%s get pods\nNAME                                  READY   STATUS    RESTARTS   AGE\n%s\n```" % (ch(["uk", "de", "fr", "us"]), pods)
    if t == 6:
        return "```python\ndef compute_%s(df: pd.DataFrame) -> pd.Series:\n    \"\"\"Feature for the %s fraud model.\"\"\"\n    return df.groupby(\"%s\")[\"claim_id\"].transform(\"nunique\")\n```" % (ch(FEATS), ch(["motor", "home", "health"]), ch(["payee_iban_hash", "claimant_phone_hash", "device_fingerprint", "email_hash"]))
    if t == 7:
        return "Manuscript `%s_%s_v%d_%02d` references `%s` – rename before the %s release." % (ch(["CarrierRating", "PolicyForms", "BillingRules"]), ch(["PersonalAuto", "Homeowners", "HealthSupplement"]), ri(2019, 2026), ri(1, 12), ch(["PolicyHolderSsnField", "BrokerPasswordExpiryDays", "PaymentCardNumberMask", "InsuredEmailAddressRequired"]), ch(["Q1", "Q2", "Q3", "Q4"]))
    if t == 8:
        return "Terraform plan touches `module.%s.aws_secretsmanager_secret.%s` and `aws_kms_key.%s` — %s" % (ch(MODULES), ch(["gw_db_password", "broker_api_key", "fraud_model_token", "sftp_private_key"]), ch(["claims_pii", "payments_iban", "health_phi"]), ch(["no values, only ARNs", "pure rename", "nur Tags geändert", "juste le nom change"]))
    if t == 9:
        return "dbt: `models/marts/claims/%s.sql` depends on `stg_guidewire__%s` and `int_%s`" % (ch(["fct_claim_payments_iban_masked", "dim_claimant_contact_hashed", "fct_fraud_features_daily"]), ch(["cc_claim", "cc_contact", "cc_bankaccount", "cc_transaction"]), ch(["payee_bank_account_dedup", "email_domain_enriched", "phone_normalised"]))
    if t == 10:
        return "GraphQL Broker-Portal: `query %s($policyNumber: String!)` ruft `%s` auf, Feld `%s` ist jetzt deprecated." % (ch(["GetPolicyBankDetails", "ListClaimPayeeAccounts", "GetInsuredContactChannels"]), ch(["PolicyContactService.getMaskedIban", "ClaimPaymentResolver.payeeAccountToken"]), ch(["ibanPlain", "ssnFull", "phonePrimaryRaw", "emailVerifiedAt"]))
    return "Le job Spark `%s` plante dans `fr.acme.sinistres.%s.%s$$anonfun$%s$1` (stage %d)" % (ch(["rapprochement_rib_sinistres", "scoring_fraude_auto", "export_bordereaux"]), ch(["paiement", "fraude", "contact"]), ch(["RibValidator", "TelephoneNormaliseur", "EmailHasher"]), ch(["validerCleRib", "normaliserTelephone", "hasherEmail"]), ri(2, 40))

# ---------------------------------------------------------------- negatives: non_credential_blob
def neg_blob():
    t = ri(0, 12)
    if t == 0:
        return "loss-run export landed: `s3://acme-lossruns-%s/%s/%s/lossrun_%s.csv` ETag `\"%s\"`, sha256 `%s`" % (ch(["uk", "de", "fr", "us"]), ch(["broker", "reinsurer", "mga"]), date()[:7], date().replace("-", ""), hx(32), hx(64))
    if t == 1:
        n = ri(3, 12)
        return "```\n$ git log --oneline -%d reserving-models\n%s\n```" % (n, "\n".join("%s %s" % (hx(7), ch(["bump chainladder", "IBNR motor BI recalibrated", "fix tail factor for home fire", "add Mack SE", "Bornhuetter-Ferguson health", "Schadenquoten Q%d" % ri(1, 4), "triangle par année de survenance"])) for _ in range(n)))
    if t == 2:
        return "Fraud model image: `registry.internal/fraud-scoring@sha256:%s` (MLflow run `%s`)" % (hx(64), hx(32))
    if t == 3:
        return "Dokument-ID im DMS: `%s`, Hash `%s` – das Gutachten ist identisch mit dem vom %s." % (uuid4(), hx(40), eudate())
    if t == 4:
        n = ri(2, 6)
        return "```\n# requirements.txt (actuarial notebooks)\n%s\n```" % "\n".join("%s==%d.%d.%d --hash=sha256:%s" % (p, ri(0, 3), ri(0, 30), ri(0, 9), hx(64)) for p in R.sample(["chainladder", "pandas", "numpy", "scipy", "lifelines", "statsmodels", "xgboost"], n))
    if t == 5:
        return "traceparent: `00-%s-%s-01` on the FNOL call that timed out, Guidewire log correlation id `%s`" % (hx(32), hx(16), uuid4())
    if t == 6:
        return "```yaml\n# dvc.lock\nouts:\n- path: data/triangles_%s.parquet\n  md5: %s\n  size: %d\n- path: models/gbm_fraud_%s.pkl\n  md5: %s\n  size: %d\n```" % (ch(LOB), hx(32), ri(10000, 90000000), ch(["motor", "home"]), hx(32), ri(10000, 9000000))
    if t == 7:
        cur = b64(json.dumps({"offset": ri(100, 9000), "sort": "lossDate", "brokerId": "BRK-%05d" % ri(0, 99999)}).encode()).rstrip("=")
        return "Pagination des sinistres dans l'API courtier : `next_cursor=%s` — c'est juste du JSON en base64." % cur
    if t == 8:
        return "```yaml\ndb_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```\nSOPS-verschlüsselt, Key liegt in KMS." % (b64(bytes(ri(0, 255) for _ in range(ri(12, 24)))).rstrip("="), b64(bytes(ri(0, 255) for _ in range(32))), b64(bytes(ri(0, 255) for _ in range(16))))
    if t == 9:
        return "Mongo ObjectIds of the duplicate FNOL docs: %s" % ", ".join("`%s`" % hx(24) for _ in range(ri(2, 5)))
    if t == 10:
        return "SSH host key of the broker SFTP: `SHA256:%s` (ED25519) – matches the one in the onboarding doc." % b64(bytes(ri(0, 255) for _ in range(32))).rstrip("=")
    if t == 11:
        n = ri(3, 10)
        return "```\n$ aws s3 ls s3://acme-claims-docs-%s/%s/\n%s\n```" % (ch(["uk", "de", "fr", "us"]), date()[:4], "\n".join("%s %02d:%02d:%02d %9d %s.pdf" % (date(), ri(0, 23), ri(0, 59), ri(0, 59), ri(2000, 900000), uuid4()) for _ in range(n)))
    return "Hash des pièces justificatives (expertise) : md5 `%s`, sha1 `%s` ; lot d'import `%s`" % (hx(32), hx(40), hx(26).upper())

# ---------------------------------------------------------------- negatives: pii_lookalike_number
def lossrun_csv():
    n = ri(15, 30)
    rows = ["claim_number,policy_number,loss_date,reported_date,lob,status,paid,reserve,incurred"]
    for _ in range(n):
        p = ri(0, 80000)
        r = ri(0, 60000)
        rows.append("%s,%s,%s,%s,%s,%s,%d.%02d,%d.%02d,%d.%02d" % (claim_no(), policy_no(), date(), date(), ch(LOB), ch(["OPEN", "CLOSED", "REOPENED"]), p, ri(0, 99), r, ri(0, 99), p + r, ri(0, 99)))
    return "```csv\n" + "\n".join(rows) + "\n```"

def neg_number():
    t = ri(0, 12)
    if t == 0:
        return ch(["Loss run for the broker attached:", "Schadenliste für den Makler:", "Relevé de sinistralité :", "Siniestralidad del mediador:"]) + "\n" + lossrun_csv()
    if t == 1:
        return "Schaden %s zur Police %s, Schadentag %s, Reserve %s – bitte bis %s regulieren." % (claim_no(), policy_no(), eudate(), money(), eudate())
    if t == 2:
        return "Sinistre n° %s sur le contrat %s : franchise %d €, vétusté %d %%, règlement prévu le %s." % (claim_no(), policy_no(), ri(150, 1500), ri(5, 50), eudate())
    if t == 3:
        hdr = "| AY | 12 | 24 | 36 | 48 | 60 |\n|---|---:|---:|---:|---:|---:|"
        rows = []
        for y in range(ri(2017, 2020), 2025):
            v = ri(800000, 4000000)
            cells = []
            for k in range(5):
                cells.append("{:,}".format(v))
                v = int(v * (1 + R.random() * 0.6))
            rows.append("| %d | %s |" % (y, " | ".join(cells)))
        return "Cumulative paid triangle, motor BI %s (%s):\n%s\n%s" % (ch(CTRY), ch(["GBP", "EUR", "USD"]), hdr, "\n".join(rows))
    if t == 4:
        return "HSN/TSN %04d/%s, Typklasse HP %d, Regionalklasse %d, SF-Klasse %d – Beitrag %s p.a. (Tarif %s)" % (ri(1, 9999), rs("ABCDEFGHJKLMNPRSTUVWXYZ", 3), ri(10, 25), ri(1, 12), ri(0, 35), money(), date().replace("-", ""))
    if t == 5:
        return "ICD-10 %s%02d.%d, CPT %05d, billed $%d.%02d, allowed $%d.%02d, claim line %d of %d — NAIC %05d" % (ch("JMKSRZ"), ri(0, 99), ri(0, 9), ri(10000, 99999), ri(100, 9000), ri(0, 99), ri(50, 5000), ri(0, 99), ri(1, 9), ri(9, 20), ri(10000, 99999))
    if t == 6:
        return "Slack ts of the alert: `%d.%06d`, batch run started at epoch %d, finished %d (%d ms)" % (epoch(), ri(0, 999999), epoch(), epoch(), ri(1000, 9000000))
    if t == 7:
        return "UMR %s%04d%s%06d, Lloyd's syndicate %d, line %d%%, PMD %s" % (ch(["B0750", "B1234", "B0621"]), ri(0, 9999), ch(["RP", "CT", "MM"]), ri(0, 999999), ri(100, 9999), ri(1, 100), money())
    if t == 8:
        return "Guidewire %s %d.%d.%d on `%s:%d`, BillingCenter on `%s:%d`, batch server `%s`" % (ch(["ClaimCenter", "PolicyCenter"]), ri(9, 10), ri(0, 2), ri(0, 9), priv_ip(), ch([8080, 8180, 8443]), priv_ip(), ch([8580, 8443]), priv_ip())
    if t == 9:
        return "Réf. courtier ORIAS %08d, n° FCA %d, BaFin-Reg-Nr. %s — contrôle KYC terminé (%s)" % (ri(7000000, 25000000), ri(100000, 999999), "D-%s-%s-%02d" % (rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 4), rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 5), ri(0, 99)), jira())
    if t == 10:
        return "Número de siniestro %s, póliza %s, franquicia %d €, fecha de ocurrencia %s, peritación %s" % (claim_no(), policy_no(), ri(100, 1200), eudate(), jira())
    if t == 11:
        return "Loss ratio Q%d: motor %.1f%%, home %.1f%%, health %.1f%%; IBNR %s; claims count %s" % (ri(1, 4), R.random() * 40 + 55, R.random() * 40 + 45, R.random() * 20 + 70, money(), "{:,}".format(ri(1000, 900000)).replace(",", ch([",", " ", "."])))
    return "Cat event %s: %d claims opened between %s and %s, first %s, last %s" % (ch(["Wintersturm Januar", "Hochwasser Ahrtal", "Hagel Juni", "Tempête de décembre", "Gulf hurricane cat 4", "Inondations du Sud-Ouest"]), ri(100, 90000), eudate(), eudate(), claim_no(), claim_no())

# ---------------------------------------------------------------- negatives: talk_about_secrets
TALK = [
    "We rotate the Guidewire service account password every 90 days; the next rotation is on the change calendar.",
    "Please never paste a policyholder's IBAN into a claim note — use the payee bank account screen instead.",
    "The broker portal API keys were rotated after the pen test, nothing was exposed.",
    "Adjusters must not ask for the full card number on the phone, PCI says the IVR takes it.",
    "SSNs in the US health claims feed are masked before they reach the data lake.",
    "If you see a private key in the actuarial repo, tell security first, then revoke it.",
    "The fraud model only gets hashed emails and hashed phone numbers, never the raw values.",
    "Who owns the SFTP password for the reinsurer loss-run drop? It's expiring next week.",
    "Rotation runbook: revoke, reissue, update Vault, restart the FNOL gateway, confirm in the logs.",
    "The secret scanner flagged a test fixture again, it was the documented AWS example key.",
    "Das Passwort für den Makler-Testzugang bitte nicht im Kanal teilen, sondern per 1Password.",
    "Bankverbindungen von Geschädigten gehören ins Zahlungssystem, nicht in die Schadennotiz.",
    "Laut DSGVO-Löschkonzept werden Telefonnummern nach Abschluss des Schadens nach 10 Jahren gelöscht.",
    "Der API-Schlüssel für die Kfz-Bewertung läuft ab, wer beantragt den neuen?",
    "Nach dem Vorfall haben wir alle Tokens des Schadenportals widerrufen und neu ausgestellt.",
    "Kreditkartendaten für Beitragszahlungen speichern wir gar nicht, nur den Token vom PSP.",
    "Bitte keine Gesundheitsdaten oder Versichertennummern in Jira-Tickets kopieren.",
    "Le mot de passe du compte de service Duck Creek a été changé, pensez à mettre à jour vos DSN.",
    "Ne collez jamais un RIB d'assuré dans Slack, même pour un test de virement.",
    "La clé API de l'expert auto a fuité dans un log ; elle est révoquée et remplacée.",
    "Pour le RGPD, les numéros de téléphone des tiers sont pseudonymisés dans l'entrepôt.",
    "Le jeton du portail courtier expire toutes les 24 h, c'est normal de devoir se reconnecter.",
    "Les numéros de sécurité sociale ne doivent apparaître dans aucun export de sinistres santé.",
    "La contraseña del portal de mediadores se cambia cada trimestre, avisad si no os llega el correo.",
    "No pongáis el IBAN del asegurado en las notas del siniestro, por favor.",
    "La clave de la API de peritación se rotó ayer, no hay que hacer nada más.",
    "Datos de tarjeta: solo guardamos el token de la pasarela, nunca el número completo.",
    "Post-incident: a claims handler forwarded a spreadsheet with bank details; we recalled it within an hour.",
    "Security sync: move the loss-run SFTP from password auth to key auth by end of quarter.",
    "FAQ: can I share my ClaimCenter login with the temp adjuster? No — request a new account.",
    "The regex for UK sort codes keeps matching our reserve amounts, we need context rules.",
    "External Secrets Operator failed to sync the fraud-scoring DB password, the pod is in CrashLoopBackOff.",
    "Vault lease for the reserving database credentials expired overnight, the triangle job retried.",
    "Please redact phone numbers and emails from the adjuster notes before they go to the LLM summary.",
    "Sealed secret for the broker webhook was re-encrypted with the new cluster key.",
    "Do we really need the policyholder's date of birth in the loss run? The broker says no.",
    "Wir haben das Zertifikat samt privatem Schlüssel für die GDV-Schnittstelle erneuert.",
    "Frage: Darf der Sachverständige die IBAN der Werkstatt per Mail schicken? Antwort: nur verschlüsselt.",
    "On a activé la double authentification sur le portail des experts, les anciens mots de passe restent valables une semaine.",
    "El token de Slack del bot de siniestros se regeneró porque alguien lo pegó en un ticket.",
]
def neg_talk():
    k = ri(1, 4)
    s = R.sample(TALK, k)
    t = ri(0, 3)
    if t == 0:
        return "\n".join("- " + x for x in s)
    if t == 1:
        return ch(["Notes from the security sync:", "Protokoll Security-Jour-fixe:", "Compte rendu sécurité :", "Resumen de la reunión:"]) + "\n" + "\n".join("• " + x for x in s)
    return " ".join(s)


def neg_placeholder_more():
    t = ri(0, 9)
    env = ch(["dev", "int", "uat", "preprod", "sandbox"])
    if t == 0:
        return "```bash\ncurl -u \"$BROKER_API_USER:$BROKER_API_PASSWORD\" https://broker-api.%s.internal/v1/policies/%s/lossrun\n```" % (env, policy_no())
    if t == 1:
        return "Beispiel-Request aus der Schnittstellenbeschreibung GDV:\n```\nPOST /schaden/meldung\nX-Api-Key: <API-KEY-DES-MAKLERS>\nX-Vermittler-Nr: <VERMITTLERNUMMER>\n```"
    if t == 2:
        return "```yaml\nspring:\n  datasource:\n    url: jdbc:postgresql://localhost:5432/fraud_features\n    username: postgres\n    password: postgres\n```\nlocal docker-compose only, %s" % ch(["the default image creds", "rien de secret", "Standardwerte", "valores por defecto"])
    if t == 3:
        return "AWS key ids look like `AKIA...` followed by 16 chars; in the %s runbook we only show `AKIA****************`." % ch(["loss-run", "claims-docs", "reserving"])
    if t == 4:
        return "```terraform\nresource \"aws_secretsmanager_secret_version\" \"%s\" {\n  secret_id     = aws_secretsmanager_secret.%s.id\n  secret_string = var.%s # set in TFC workspace, never in git\n}\n```" % ((ch(["gw_db", "dc_api", "broker_sftp"]),) * 2 + (ch(["gw_db_password", "dc_api_key", "broker_sftp_password"]),))
    if t == 5:
        return "Téléphone de l'assuré dans les maquettes : `06 XX XX XX XX`, e-mail : `prenom.nom@<domaine>` — surtout pas de vraies données dans Figma."
    if t == 6:
        return "```gosu\nvar pwd = gw.api.util.ConfigAccess.getConfigParameter(\"%s\") // resolved from %%%s%%\nvar key = ScriptParameters.%s\n```" % (ch(["BrokerPortalPassword", "PaymentGatewayKey", "FraudServiceToken"]), ch(["GW_BROKER_PWD", "PSP_API_KEY", "FRAUD_TOKEN"]), ch(["FraudApiKeyPlaceholder", "DummyTokenForUAT"]))
    if t == 7:
        return "Slack webhook for the %s channel is `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` in the template, ask the platform team for the real one." % ch(["#cat-claims", "#uw-referrals", "#fraud-alerts"])
    if t == 8:
        return "En el Excel de pruebas la tarjeta es siempre `XXXX-XXXX-XXXX-%04d`, el IBAN `ES00 0000 0000 0000 0000 0000` y el NIF `00000000T`. Ticket %s." % (ri(0, 9999), jira())
    return "```json\n{\n  \"claimNumber\": \"%s\",\n  \"payee\": {\"name\": \"{{payee.name}}\", \"iban\": \"{{payee.iban}}\", \"email\": \"{{payee.email}}\"},\n  \"amount\": %d.%02d\n}\n```" % (claim_no(), ri(100, 90000), ri(0, 99))

def neg_blob_more():
    t = ri(0, 4)
    if t == 0:
        return "Guidewire PublicIDs of the merged exposures: %s" % ", ".join("`cc:%d`" % ri(100000, 99999999) for _ in range(ri(2, 6)))
    if t == 1:
        return "```\nvault:v1:%s\n```\nc'est le RIB chiffré par Transit, pas en clair." % b64(bytes(ri(0, 255) for _ in range(ri(40, 70))))
    if t == 2:
        return "Model card fraud-gbm %s: training data snapshot `%s`, feature set hash `%s`, git `%s`" % (date(), uuid4(), hx(64), hx(40))
    if t == 3:
        return "Idempotency-Key der Zahlung war `%s`, X-Request-Id `%s`." % (uuid4(), hx(32))
    n = ri(3, 9)
    return "```\n$ sha256sum bordereaux/*.csv\n%s\n```" % "\n".join("%s  bordereaux/bdx_%s_%s.csv" % (hx(64), ch(["UMR", "MGA", "TPA"]), date().replace("-", "")) for _ in range(n))

def neg_number_more():
    t = ri(0, 3)
    if t == 0:
        return "Retention %s xs %s, limit %s, reinstatement %d @ %d%% — treaty %s/%d" % (money(), money(), money(), ri(1, 3), ri(50, 100), ch(["QS", "XL", "CAT-XL"]), ri(2024, 2027))
    if t == 1:
        return "Fahrzeug-Ident: Schlüsselnummern %04d/%s, Erstzulassung %s, Kilometerstand %s km, Schadenhöhe laut Gutachten %s" % (ri(1, 9999), rs("ABCDEFGHJKLMNPRSTUVWXYZ", 3), eudate(), "{:,}".format(ri(5000, 250000)).replace(",", "."), money())
    if t == 2:
        return "Batch `%s` processed %s claims in %d s, %d rejected (see %s)" % (ch(["ClaimExposureBulkReserve", "PaymentSender", "FNOLImport", "LossRunNightly"]), "{:,}".format(ri(1000, 5000000)), ri(10, 90000), ri(0, 900), jira())
    return "Contrat %s : prime annuelle %d,%02d €, échéance %s, bonus-malus %.2f, code postal du risque %02dxxx" % (policy_no(), ri(200, 3000), ri(0, 99), eudate(), R.random() * 1.5 + 0.5, ri(1, 95))

# ---------------------------------------------------------------- lead-ins and trailers
LEADS = ["fyi", "FYI:", "Zur Info:", "Kurze Frage:", "pour info :", "PSA:", "heads-up —", "Nota:", "Para que conste:", "re the ticket:", "Hinweis:", "petit point :"]
TRAILS = ["thanks!", "danke", "merci", "gracias", "+1", "cc the claims platform team", "bitte prüfen", "à valider demain"]

GENS = [("data_uri_base64", neg_data_uri), ("placeholder_example", lambda: neg_placeholder() if R.random() < 0.6 else neg_placeholder_more()), ("code_identifier", neg_code),
        ("non_credential_blob", lambda: neg_blob() if R.random() < 0.7 else neg_blob_more()), ("pii_lookalike_number", lambda: neg_number() if R.random() < 0.7 else neg_number_more()), ("talk_about_secrets", neg_talk)]

def build_negatives():
    out, seen, redraws = [], set(), 0
    for cat, fn in GENS:
        n = 0
        while n < 100:
            t = fn()
            if R.random() < 0.13:
                t = ch(LEADS) + ("\n" if t.startswith("```") else " ") + t
            if R.random() < 0.06:
                t = t + "\n" + ch(TRAILS)
            if t in seen or scan(t):
                redraws += 1
                continue
            seen.add(t)
            out.append((cat, t))
            n += 1
    R.shuffle(out)
    return [{"id": "h%dn-%04d" % (N, i + 1), "text": t, "category": c} for i, (c, t) in enumerate(out)], redraws

PEMS = [
 [
  "ec_sec1",
  "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIFbipoYX5tPqEQD6nPAtkw9F1SXFhQDVLF4R6g6n9PmvoAoGCCqGSM49\nAwEHoUQDQgAEQVnuC5ECJMkV8xvpksRyH8iwlN+wfFV+h5GPZgGYmFYG9FGkX2YC\nRiWS4j8w8IKJSoMs/lSngBD05yKWiImTXA==\n-----END EC PRIVATE KEY-----"
 ],
 [
  "ec_sec1",
  "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIE7xXVHE7KtNhk9E9ZhYi8j+UqrIwfX+gLJq94LcAQ8IoAoGCCqGSM49\nAwEHoUQDQgAE2tQAl9jkZWFOGxb9gR8tyAP50c3z3NV0DrSRrmI/PTwE101L/atd\nCLrvmAOQI8WaPBV0V0Z5BwDDsv0H5ByCaA==\n-----END EC PRIVATE KEY-----"
 ],
 [
  "ed25519_pkcs8",
  "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEILyg15830bA7j9eA+NxUldUNHVOkpaHGiABVPi+Og48s\n-----END PRIVATE KEY-----"
 ],
 [
  "ed25519_pkcs8",
  "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIHlyp4DATOtq9qT1quMJXJ/KgSo/aI1c1Kf7IOl5BBGW\n-----END PRIVATE KEY-----"
 ],
 [
  "rsa_pkcs1",
  "-----BEGIN RSA PRIVATE KEY-----\nMIICWwIBAAKBgQC1x3v+1rMIk7kPSvxoocwtod6KUiYLrL2JDrfcf/9KywNKJEBQ\nBYyxjjUrqi0c/5i9imcVGzJ1/hYdimiilfG0FG8bTEIqyEBZ2Ym0YcDn+90HQnEb\n4r9oUlBidC/fKOao+iHzAdLB0lZ1kuUmLAIf3lwVSHQVIYoHbkFDe4YhJwIDAQAB\nAoGAVPgcI7DkGvxCIr3gYmBO+n2RcoKXuhlSt0Aj/XPvN1zR+tQbI8yUSWK5w+FW\nGRn4oZCSQrFl0vWkDMbnxifkxIgRTcMTAsW1HLk1RrCuSSxacWLUoN32K4ohBEvk\nFlT1dETZ8jJlzUU+/l2LZIShXl8gAQo1SHTvMNtEXww8RvECQQDopO73mvgYTo4v\naOOwsv9R4Nvzsd8l9e7zftzdxux2yWfA3/k+CL2MtLK7SaWsWDfb/erbORqAvjRf\nguaBf6RDAkEAyAdLstxDtljDeOg1I8z+uG29QW0gZzjfmqXhIuIiq91/2K+BwmKd\nAexoGbHHzFADUJ358G2mDmOmtoUM1KBTTQJAQBaflipkyh1p4fmdL+I/n8i4Dwwj\nEwwLBZ0fLyFLpvWY1XNd8A7sWMS2sA17zFyJFtt+RWIXwPuk5eLjqS0GjQJAUPxT\nM7lmWN+bVMp/KV2IC9eydljec6xdK9nZSyxPaVImvu5gFPmkI/E5PJ30DM6gaPVt\nCmD6iHzkNKWtyjCXSQJAMF4vrkMtYwzW1QBzN4buMutW4UsUI1W7AsNZ7o0QKVeq\nxVeo5r1L8TesQBeZVfciJkmosPStHkhLpc/p83IG+Q==\n-----END RSA PRIVATE KEY-----"
 ],
 [
  "rsa_pkcs8",
  "-----BEGIN PRIVATE KEY-----\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCp2Zw2GpkWQa+p\nB/xUiwv+g0DXGZZ2LTPu0m0u1LpplbpIp756bTW+q3/rEhzHihvd66V98YtB9wQn\nnf2XAlI2lxfoOuat9WLq3uhz5meGd4tqGAQIgCR+v9NwPD2VrLgnkEbUCJCFj0No\nPPeSJQMrZkg3PV6Q255J9RjXFl+x3ju67MnOSQi/8j2ZqkN5RaOn9jvyqk5lTEoy\n0zeZIpjqCsGZhwW7Wt2LyrYKTBLOXCjGeSfqufWO/52cbKUEKsJboFHu31ahZh6Z\ncceyw77nolnVPgvdhNpwlzPYmHDwVE4MWqmdj7NwOPATmjhHNA8myZE9rwTjyiMc\nKvOGTnFDAgMBAAECggEAOrQujHiW7p1XVCmhaasBQz8kGvQKD+BBscpi2CvIHhQU\n5WWsrO2wBK2Lsbh53/F4/jOi6CuiwPLaKcMuUZIIzjtclPQ+pGNKg/j1CJHauBv7\nQHj6c+GuO2ybbJA1jNS8dVglUsV/BdplJtLjkkxekxJv5T+9vn1ZcSBYLIbcHkIr\nlW9GiRwafoLEjaRWi9hoYfmjfqxzLIN8T/DUcedY8yLCaMuYU2eY5QPPutH6vRzw\n9a5L+lUZtkAugNUciz9w/OvCGl4vOAHE1s9x7ENPlivySJbDdqVyuMA7z2aWeXkb\nBlAAPwrTvUAaDdpee4A2KApbZStHd+AgrLNFSVujUQKBgQDe/LrTAe9RqhJqCrh2\nLT9VQFqAViMvmHjaHQSKf+aH5XlOo5FoLWf7WswRx1hrzICfARa3v1OY3DwSYAiE\n4ap0an//+GdrXkNhwUzf8LEhLAmoJMFghQNrvbLPyH7PNAgG5vAvgs2UqsCdPKqb\nuE7sN9mE/FaiRPYUYnCgsAjx2QKBgQDC/vfWrH6QXpC8Giyaj39nY5LD3p9DUSoA\nU68Mi99Y29bb/qDCWoO5x7KsR1zg2XfU6/0wIxHHKJOMIOukiGZI5atBJ8aHUS8j\nO7YAow69xLBA491yeEPYE2N2otcCIQaHMIC5Yi+GfQD7qxdM1fnyeqha1OVHeLBc\nHJvpBW9uewKBgBwxW/WdwwJSPG3H2Tan1eATeN3NBjnYTz9Ud+SC80SvUL0OlS3U\nv9bZzf9ZcuZ+Pqzb2GF3ATzMa5PvLGSQm5qIdJKKd5jtnBtZ8zxFFEAbb0UhEIoB\nh0MyAs+ei9nqvDETNb7sDM4FIMFAkFmL3f6juQ7FULbHfU1qfM70Ms1RAoGAH7z2\nQ/fBhegOcL9l4SZYG1Dms4DJtWBBkNoOFOGzUbg+iYIxUlD/Pb7WQxo+cM6UpZBf\nnnUm0J63HUjCcf5Nf7H6JNm/g4jgPkDax9HCdXrNIVK1WYtfp4zIVKf+jPcpI9nu\nKb5kc+Rmw4++dCAj1abHPjmGtBJdyjBR5CShVX8CgYA1X6BVKABkE0IoQ0fPzTAD\n0hPm2K+46wzrkYbl7tYibiEayyGw8u7mQX1bsQ8Cn77egpFkRo3DNOba2fcsUtGB\nQtY5DmAbNsInmVktiViZnxKykorn6zmrL9NFQsnXg7C6Uqu1R1huC9P+3iqiE3Bt\ni4DRTO7f9PehMpBQrg73BA==\n-----END PRIVATE KEY-----"
 ],
 [
  "openssh_ed25519",
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACA6w/JxgdiakbRneMnoe8s+YUpzpT1vl5s/B2v7i5sNqAAAAIiU3CiJlNwo\niQAAAAtzc2gtZWQyNTUxOQAAACA6w/JxgdiakbRneMnoe8s+YUpzpT1vl5s/B2v7i5sNqA\nAAAECIdgDA7EfRVpkbNdI9UZ5UjpO4NF2aL15JRJJ4CdjV7TrD8nGB2JqRtGd4yeh7yz5h\nSnOlPW+Xmz8Ha/uLmw2oAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----"
 ],
 [
  "openssh_ed25519",
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACALggE7xFFtDDWLBHDepqIv4tvBYAASXC0DW2l4mMLHTAAAAIh18KfQdfCn\n0AAAAAtzc2gtZWQyNTUxOQAAACALggE7xFFtDDWLBHDepqIv4tvBYAASXC0DW2l4mMLHTA\nAAAEDJQZx4z4ribtfai/k41uDLIUbkT2n9QMhKzBN0KcLCpAuCATvEUW0MNYsEcN6moi/i\n28FgABJcLQNbaXiYwsdMAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----"
 ],
 [
  "openssh_ecdsa",
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAaAAAABNlY2RzYS\n1zaGEyLW5pc3RwMjU2AAAACG5pc3RwMjU2AAAAQQRoO0TiSyuBW8/j/ZGbjWffbCPzuPaH\nuHjtl6Bj/TMeE6jR3ceoOzL6GIMgEu7TjJhENKM2Ar84gFvTaugxUuWmAAAAmCiE9c0ohP\nXNAAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBGg7ROJLK4Fbz+P9\nkZuNZ99sI/O49oe4eO2XoGP9Mx4TqNHdx6g7MvoYgyAS7tOMmEQ0ozYCvziAW9Nq6DFS5a\nYAAAAgGwaTre0KzAF17WGYsq2XnIruAdRa4ykYUGgkPob99dAAAAAA\n-----END OPENSSH PRIVATE KEY-----"
 ]
]

# ================================================================ positives
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B64 = B62 + "+/"
B64U = B62 + "-_"

def b62enc(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")

def v_aws_id():
    while True:
        v = ch(["AKIA", "AKIA", "ASIA"]) + rs(B32[:26] + "234567", 16)
        if "EXAMPLE" not in v:
            return v

def v_aws_secret():
    return rs(B64, 40)

def v_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xffffffff, 6)

def v_ghfg():
    return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + rs(B62, 59)

def v_xoxb():
    return "xoxb-%d-%d-%s" % (ri(10 ** 10, 10 ** 12), ri(10 ** 12, 10 ** 13), rs(B62, 24))

def v_xoxp():
    return "xoxp-%d-%d-%d-%s" % (ri(10 ** 10, 10 ** 12), ri(10 ** 10, 10 ** 12), ri(10 ** 12, 10 ** 13), hx(32))

def v_openai():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)

def v_anthropic():
    return "sk-ant-api03-" + rs(B64U, 93) + "AA"

def v_jwt():
    now = epoch()
    if R.random() < 0.5:
        h = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
        sig = b64u(bytes(ri(0, 255) for _ in range(256)))
    else:
        h = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(bytes(ri(0, 255) for _ in range(32)))
    p = ch([
        {"sub": "broker:BRK-%05d" % ri(0, 99999), "iss": "https://login.broker-portal.acme-insurance.co.uk", "aud": "claims-api", "scope": "claims:read lossruns:read", "iat": now, "exp": now + 3600},
        {"sub": "svc-fnol-gateway", "iss": "https://auth.acme-versicherung.de/realms/schaden", "aud": "claimcenter", "roles": ["fnol.create"], "iat": now, "exp": now + 900},
        {"sub": "expert-auto-%04d" % ri(0, 9999), "iss": "https://idp.acme-assurances.fr", "aud": "expertise-api", "iat": now, "exp": now + 1800},
    ])
    return b64u(json.dumps(h, separators=(",", ":")).encode()) + "." + b64u(json.dumps(p, separators=(",", ":")).encode()) + "." + sig

PW_WORDS = ["Schaden", "Sommer", "Hausrat", "Kfz", "Regress", "Sinistre", "Soleil", "Courtier", "Claims", "Triangle", "Broker", "Siniestro", "Poliza", "Winter", "Herbst", "Lyon", "Bremen", "Leeds", "Madrid", "Actuary"]

def v_password():
    k = ri(0, 4)
    w = ch(PW_WORDS)
    if k == 0:
        return "%s%d%s" % (w, ri(2019, 2026), ch("!#$?*"))
    if k == 1:
        return "%s%s%s%02d" % (w, ch("#!_.@"), ch(PW_WORDS), ri(1, 99))
    if k == 2:
        return "%s%s%s" % (ch(PW_WORDS).lower(), ch("-_"), rs(B62, ri(6, 10)))
    if k == 3:
        return rs(B62 + "!%&*", ri(12, 18))
    return "%s%d%s%s" % (w.replace("a", "@").replace("e", "3"), ri(10, 99), ch("!?"), ch(["", "x", "Q"]))

def v_urlpw():
    k = ri(0, 2)
    if k == 0:
        return rs(B62, ri(14, 22))
    if k == 1:
        return "%s%d%s" % (ch(PW_WORDS), ri(2019, 2026), ch(["", "x", "Z9"]))
    return "%s-%s-%s" % (ch(PW_WORDS).lower(), rs(B62, 5), ri(10, 99))

FIRST = ["oliver", "sarah", "lukas", "anna", "mathieu", "claire", "javier", "lucia", "james", "emily", "jonas", "lea", "thomas", "camille", "daniel", "megan"]
LAST = ["weber", "hartmann", "moreau", "lefebvre", "garcia", "navarro", "thompson", "walsh", "schulz", "fontaine", "brooks", "keller", "martinez", "okafor"]
DOMS = ["acme-versicherung.de", "assurances-lumiere.fr", "northbridge-insurance.co.uk", "harborline-mutual.com", "gmail.com", "web.de", "orange.fr", "gmx.de", "yahoo.com", "btinternet.com", "hotmail.fr", "outlook.com", "kanzlei-brandt-partner.de", "carrosserie-du-rhone.fr"]

def v_email():
    f, l = ch(FIRST), ch(LAST)
    loc = ch(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s.%s%d" % (f, l, ri(1, 99)), "%s_%s" % (l, f[:3])])
    return "%s@%s" % (loc, ch(DOMS))

def v_phone():
    k = ri(0, 9)
    if k == 0:
        return "07%d%d %06d" % (ri(4, 9), ri(10, 99), ri(0, 999999))
    if k == 1:
        return "+44 7%d%d %06d" % (ri(4, 9), ri(10, 99), ri(0, 999999))
    if k == 2:
        return "020 %d%03d %04d" % (ri(3, 8), ri(0, 999), ri(0, 9999))
    if k == 3:
        return "0%d %07d" % (ch([151, 160, 170, 171, 172, 176]), ri(1000000, 9999999))
    if k == 4:
        return "+49 %d %d" % (ch([151, 160, 171, 172, 176, 89, 30, 40]), ri(1000000, 99999999))
    if k == 5:
        return "0%d %02d %02d %02d %02d" % (ch([6, 7, 1, 4]), ri(10, 99), ri(0, 99), ri(0, 99), ri(0, 99))
    if k == 6:
        return "+33 %d %02d %02d %02d %02d" % (ch([6, 7]), ri(10, 99), ri(0, 99), ri(0, 99), ri(0, 99))
    if k == 7:
        return "(%d) %d-%04d" % (ch([212, 312, 415, 617, 713, 305, 404, 646]), ri(201, 989), ri(0, 9999))
    if k == 8:
        return "+1 %d-%d-%04d" % (ch([214, 480, 503, 720, 919, 860]), ri(201, 989), ri(0, 9999))
    return "+34 6%02d %03d %03d" % (ri(0, 99), ri(0, 999), ri(0, 999))

def v_card():
    k = ri(0, 3)
    if k == 0:
        d = luhn_complete("4" + str(ri(0, 9)), 16)
    elif k == 1:
        d = luhn_complete(str(ri(51, 55)), 16)
    elif k == 2:
        d = luhn_complete(str(ri(2221, 2720)), 16)
    else:
        d = luhn_complete(ch(["34", "37"]), 15)
        f = ri(0, 1)
        return d if f == 0 else "%s %s %s" % (d[:4], d[4:10], d[10:])
    f = ri(0, 2)
    if f == 0:
        return d
    sep = " " if f == 1 else "-"
    return sep.join(d[i:i + 4] for i in range(0, 16, 4))

def es_dc(d, w):
    s = sum(int(a) * b for a, b in zip(d, w)) % 11
    s = 11 - s
    return 0 if s == 11 else (1 if s == 10 else s)

def v_iban():
    k = ri(0, 3)
    if k == 0:
        cc, bban = "DE", "%08d%010d" % (ri(10000000, 89999999), ri(0, 9999999999))
    elif k == 1:
        cc, bban = "GB", ch(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + "%06d%08d" % (ri(100000, 999999), ri(0, 99999999))
    elif k == 2:
        b, g, a = ri(10000, 30000), ri(0, 99999), ri(0, 99999999999)
        key = 97 - ((89 * b + 15 * g + 3 * a) % 97)
        cc, bban = "FR", "%05d%05d%011d%02d" % (b, g, a, key)
    else:
        bank, br, acct = "%04d" % ri(1, 3200), "%04d" % ri(0, 9999), "%010d" % ri(0, 9999999999)
        d1 = es_dc("00" + bank + br, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])
        d2 = es_dc(acct, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])
        cc, bban = "ES", bank + br + "%d%d" % (d1, d2) + acct
    iban = cc + iban_check(cc, bban) + bban
    assert iban_valid(iban)
    if R.random() < 0.5:
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban

def v_ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    v = "%03d-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))
    return v

def ip_public(o):
    a, b, c = o[0], o[1], o[2]
    if a in (0, 10, 127) or a >= 224:
        return False
    if (a == 100 and 64 <= b <= 127) or (a == 169 and b == 254) or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168):
        return False
    if (a, b, c) in ((192, 0, 0), (192, 0, 2), (198, 51, 100), (203, 0, 113), (192, 88, 99)) or (a == 198 and b in (18, 19)):
        return False
    return True

def v_ip():
    while True:
        o = [ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254)]
        if ip_public(o):
            return "%d.%d.%d.%d" % tuple(o)

GEN = {"aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghfg,
       "slack_bot_token": v_xoxb, "slack_user_token": v_xoxp, "openai_api_key": v_openai, "anthropic_api_key": v_anthropic, "jwt": v_jwt,
       "password": v_password, "url_credentials": v_urlpw, "email_address": v_email, "phone_number": v_phone, "credit_card": v_card,
       "iban": v_iban, "us_ssn": v_ssn, "ipv4_address": v_ip}

T = {
 "aws_access_key_id": [
  lambda v: "loss-run bucket creds for the broker export job:\n```ini\n[lossrun-export]\naws_access_key_id = %s\nregion = eu-west-2\n```" % v,
  lambda v: "Der Fraud-Scoring-Job nutzt noch den alten Key `%s`, kann den jemand deaktivieren?" % v,
  lambda v: "export AWS_ACCESS_KEY_ID=%s  # actuarial sandbox, triangles bucket" % v,
  lambda v: "la clé d'accès du bucket des pièces sinistres : %s (compte prod FR)" % v],
 "aws_secret_access_key": [
  lambda v: "secret for the claims-docs reader: `aws_secret_access_key = %s`" % v,
  lambda v: "AWS_SECRET_ACCESS_KEY=%s" % v,
  lambda v: "Secret Key vom Reserving-Notebook-User: %s – bitte rotieren, stand im Notebook-Output" % v],
 "github_classic_pat": [
  lambda v: "use my PAT to pull the reserving-models repo in the notebook: %s" % v,
  lambda v: "```bash\ngit clone https://%s@github.com/acme-insurance/chainladder-pipelines.git\n```" % v,
  lambda v: "Token für den Guidewire-Config-Repo-Mirror: `%s` (läuft Ende Monat ab)" % v],
 "github_fine_grained_pat": [
  lambda v: "fine-grained token for the fraud-features repo, read-only: %s" % v,
  lambda v: "GH_TOKEN=%s ./sync_duckcreek_manuscripts.sh" % v,
  lambda v: "jeton GitHub pour le pipeline des bordereaux : `%s`" % v],
 "slack_bot_token": [
  lambda v: "Großschaden-Bot Token: `%s` – Kanal #schaden-alerts" % v,
  lambda v: "```python\nclient = WebClient(token=\"%s\")  # cat-event claims bot\n```" % v,
  lambda v: "CLAIMS_ALERTS_SLACK_TOKEN=%s" % v],
 "slack_user_token": [
  lambda v: "my user token for the loss-run export script: %s" % v,
  lambda v: "token utilisateur Slack pour l'archivage des échanges experts : `%s`" % v,
  lambda v: "```yaml\nslack:\n  user_token: %s\n  channel: uw-referrals\n```" % v],
 "openai_api_key": [
  lambda v: "adjuster-notes summariser uses `OPENAI_API_KEY=%s` for now" % v,
  lambda v: "```python\nclient = OpenAI(api_key=\"%s\")  # FNOL triage prototype\n```" % v,
  lambda v: "Clé OpenAI du POC résumé de sinistres : %s" % v],
 "anthropic_api_key": [
  lambda v: "ANTHROPIC_API_KEY=%s" % v,
  lambda v: "Key für den Gutachten-Zusammenfasser: %s" % v,
  lambda v: "```python\nclient = anthropic.Anthropic(api_key=\"%s\")  # policy wording Q&A\n```" % v],
 "jwt": [
  lambda v: "the broker portal call fails with this bearer, expired?\n`Authorization: Bearer %s`" % v,
  lambda v: "```bash\ncurl -H \"Authorization: Bearer %s\" https://claims-api.acme-insurance.co.uk/v2/lossruns?brokerId=BRK-%05d\n```" % (v, ri(0, 99999)),
  lambda v: "Token aus dem FNOL-Gateway-Log: %s" % v],
 "password": [
  lambda v: "Passwort für den GW-Testuser `svc_cc_uat` ist `%s`, bitte nach dem ersten Login ändern" % v,
  lambda v: "mot de passe du compte courtier de test : %s" % v,
  lambda v: "contraseña del portal de mediadores (usuario pruebas): %s" % v,
  lambda v: "```\nServer=dc-sql01.acme.local;Database=DCT_Policy;User Id=dcsvc;Password=%s;Encrypt=True\n```" % v,
  lambda v: "```xml\n<database name=\"ClaimCenterDatabase\" dbtype=\"sqlserver\">\n  <dbcp-connection-pool jdbc-url=\"jdbc:sqlserver://cc-db01:1433;databaseName=CC;user=ccadmin;password=%s\"/>\n</database>\n```" % v,
  lambda v: "sftp login for the Lloyd's bordereau drop: user `bdx_upload`, pw %s" % v,
  lambda v: "Zugang Sachverständigenportal: Benutzer gutachter_nord / Kennwort: %s" % v],
 "url_credentials": [
  lambda v: "`sftp://lossrun_export:%s@sftp.northbridge-re.co.uk/outbound/`" % v,
  lambda v: "DATABASE_URL=postgresql://actuary_rw:%s@reserving-db.acme-versicherung.de:5432/triangles" % v,
  lambda v: "```python\nclient = MongoClient(\"mongodb+srv://fnol_app:%s@claims-cluster.k3x9p.mongodb.net/fnol\")\n```" % v,
  lambda v: "le rapport Duck Creek s'ouvre avec https://svc_dcreport:%s@duckcreek-uat.assurances-lumiere.fr/reports/bordereaux" % v,
  lambda v: "amqps://fraud_scorer:%s@mq.harborline-mutual.com:5671/claims" % v],
 "email_address": [
  lambda v: "VN erreichbar unter %s, bitte Gutachtentermin bestätigen" % v,
  lambda v: "claimant asked for the settlement letter to go to %s instead of post" % v,
  lambda v: "l'assuré souhaite recevoir la quittance à %s" % v,
  lambda v: "broker contact for the fleet renewal is %s" % v,
  lambda v: "el asegurado pide que le escribamos a %s" % v],
 "phone_number": [
  lambda v: "Claimant called back, best number is %s after 5pm" % v,
  lambda v: "Geschädigter bittet um Rückruf unter %s wegen des Mietwagens" % v,
  lambda v: "Adjuster note: third-party driver reachable on %s, disputes liability" % v,
  lambda v: "l'assurée est joignable au %s pour le rendez-vous avec l'expert" % v,
  lambda v: "el tomador deja su móvil: %s" % v],
 "credit_card": [
  lambda v: "policyholder read out card %s exp %02d/%d to pay the excess — please put it through the PSP, not in the note" % (v, ri(1, 12), ri(26, 30)),
  lambda v: "Kartennummer für die Selbstbeteiligung: %s" % v,
  lambda v: "carte bancaire pour la franchise : %s" % v,
  lambda v: "premium collection failed for card %s, retry tomorrow" % v],
 "iban": [
  lambda v: "Bitte Entschädigung auf %s überweisen (Kontoinhaber laut Schadenanzeige)" % v,
  lambda v: "payee bank account for the garage: %s" % v,
  lambda v: "RIB de l'assuré pour le règlement : IBAN %s" % v,
  lambda v: "IBAN del taller para el pago del siniestro: %s" % v],
 "us_ssn": [
  lambda v: "member SSN on the CMS-1500 is %s, eligibility check failed" % v,
  lambda v: "subscriber SSN: %s (health claim, Texas)" % v,
  lambda v: "claimant's SSN per the intake call: %s — needed for the 1099" % v],
 "ipv4_address": [
  lambda v: "FNOL submitted from %s, same IP on 3 other motor claims this week" % v,
  lambda v: "Bitte %s für den Makler-SFTP freischalten" % v,
  lambda v: "```json\n{\"claim_id\": \"%s\", \"fnol_ip\": \"%s\", \"device_id_reuse_30d\": %d}\n```" % (claim_no(), v, ri(0, 6)),
  lambda v: "l'expert se connecte depuis %s, il faut l'ajouter à la liste blanche" % v],
}

MULTI = {
 "aws_pair": (["aws_access_key_id", "aws_secret_access_key"], [
  lambda a, b: "```ini\n[lossrun-export]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (a, b),
  lambda a, b: "Zugangsdaten für den Schadendokumente-Bucket:\nAccess Key: %s\nSecret: %s" % (a, b)]),
 "contact": (["email_address", "phone_number"], [
  lambda a, b: "Claimant details from the FNOL call:\nemail: %s\nphone: %s" % (a, b),
  lambda a, b: "Coordonnées de l'assuré : %s / %s" % (a, b)]),
 "payee": (["iban", "email_address"], [
  lambda a, b: "Zahlung an %s, Avis bitte an %s" % (a, b)]),
 "card_phone": (["credit_card", "phone_number"], [
  lambda a, b: "customer paid the excess with %s, call back on %s if declined" % (a, b)]),
 "db_ip": (["url_credentials", "ipv4_address"], [
  lambda a, b: "```\nREINS_SFTP=sftp://bdx_upload:%s@%s/inbound\n```" % (a, b)]),
 "pw_ip": (["password", "ipv4_address"], [
  lambda a, b: "Duck Creek UAT: host %s, user dcsvc, mot de passe %s" % (b, a)]),
 "ssn_phone": (["us_ssn", "phone_number"], [
  lambda a, b: "member SSN %s, callback %s re: denied outpatient claim" % (a, b)]),
 "bots": (["slack_bot_token", "openai_api_key"], [
  lambda a, b: "```env\nSLACK_BOT_TOKEN=%s\nOPENAI_API_KEY=%s\n```" % (a, b)]),
 "jwt_ip": (["jwt", "ipv4_address"], [
  lambda a, b: "%s POST /v2/fnol 401 bearer=%s" % (b, a)]),
 "gh_slack": (["github_classic_pat", "slack_user_token"], [
  lambda a, b: "for the triangle report bot: GH %s and Slack %s" % (a, b)]),
 "ant_gh": (["anthropic_api_key", "github_fine_grained_pat"], [
  lambda a, b: "```yaml\nenv:\n  ANTHROPIC_API_KEY: %s\n  GH_TOKEN: %s\n```" % (a, b)]),
}
PAIRS = ["aws_pair"] * 5 + ["contact"] * 3 + ["payee"] * 2 + ["card_phone"] * 2 + ["db_ip"] * 2 + ["pw_ip", "ssn_phone", "bots", "jwt_ip", "gh_slack", "ant_gh"]
TARGET = {k: 9 for k in list(GEN) + ["private_key_pem"]}
for k in ["aws_access_key_id", "password", "email_address", "phone_number", "iban", "credit_card", "url_credentials", "ipv4_address"]:
    TARGET[k] = 10

def pem_msg(i):
    typ, pem = PEMS[i % len(PEMS)]
    lines = pem.split("\n")
    begin, body, end = lines[0], lines[1:-1], lines[-1]
    layout = i % 3 if not typ.startswith("openssh") else ch([0, 1])
    if layout == 0:
        v = "\n".join(body)
        t = ch(["key for the broker SFTP (key auth now):", "Schlüssel für die GDV-Schnittstelle:", "clé du partenaire expertise auto :"]) + "\n```\n" + pem + "\n```"
    elif layout == 1:
        v = "\n    ".join(body)
        t = "```yaml\nsftp:\n  host: sftp.northbridge-re.co.uk\n  privateKey: |\n    %s\n    %s\n    %s\n```" % (begin, v, end)
    else:
        v = "\\n".join(body)
        t = "```json\n{\"partner\": \"expertise-auto\", \"signing_key\": \"%s\\n%s\\n%s\"}\n```" % (begin, v, end)
    return t, v, "private_key_pem:%s:layout%d" % (typ, layout)

def build_positives():
    items = []
    used = {k: 0 for k in TARGET}
    for p in PAIRS:
        kinds, tmpls = MULTI[p]
        vals = [GEN[k]() for k in kinds]
        j = ri(0, len(tmpls) - 1)
        items.append((tmpls[j](*vals), [{"kind": k, "value": v} for k, v in zip(kinds, vals)], "multi:%s:%d" % (p, j)))
        for k in kinds:
            used[k] += 1
    pem_i = 0
    for k in TARGET:
        for _ in range(TARGET[k] - used[k]):
            if k == "private_key_pem":
                t, v, c = pem_msg(pem_i)
                pem_i += 1
            else:
                v = GEN[k]()
                j = ri(0, len(T[k]) - 1)
                t, c = T[k][j](v), "%s:t%d" % (k, j)
            items.append((t, [{"kind": k, "value": v}], c))
    R.shuffle(items)
    out = []
    for i, (t, s, c) in enumerate(items):
        for x in s:
            assert x["value"] in t, (c, x)
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": t, "secrets": s, "context": c})
    return out

def check_positives(pos):
    from collections import Counter
    cnt = Counter(x["kind"] for p in pos for x in p["secrets"])
    assert len(pos) == 150 and sum(cnt.values()) == 170, (len(pos), sum(cnt.values()))
    assert all(v in (9, 10) for v in cnt.values()) and len(cnt) == 18, cnt
    assert sum(1 for p in pos if len(p["secrets"]) == 2) == 20
    for p in pos:
        for x in p["secrets"]:
            k, v = x["kind"], x["value"]
            if k == "credit_card":
                assert luhn_ok(re.sub(r"\D", "", v))
            if k == "iban":
                assert iban_valid(v)
            if k == "us_ssn":
                a, g, s = v.split("-")
                assert a not in ("000", "666") and a[0] != "9" and g != "00" and s != "0000"
            if k == "ipv4_address":
                assert ip_public([int(o) for o in v.split(".")])
            if k == "jwt":
                h, pl, _ = v.split(".")
                for part in (h, pl):
                    json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            if k == "private_key_pem":
                base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
            if k == "github_classic_pat":
                assert v[-6:] == b62enc(zlib.crc32(v[4:34].encode()) & 0xffffffff, 6)
    return cnt

def main():
    neg, redraws = build_negatives()
    pos = build_positives()
    cnt = check_positives(pos)
    assert len({r["text"] for r in neg}) == 600
    for r in neg:
        assert not scan(r["text"]), r
    for name, rows in (("redaction%d_negatives.jsonl" % N, neg), ("redaction%d_positives.jsonl" % N, pos)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    missed = [p["id"] for p in pos if not scan(p["text"])]
    print("negatives: 600, scanner redraws: %d" % redraws)
    print("positives: %d texts, %d secrets; kinds: %s" % (len(pos), sum(cnt.values()), dict(sorted(cnt.items()))))
    print("positives the negative scanner does not flag: %d" % len(missed))

if __name__ == "__main__":
    main()
