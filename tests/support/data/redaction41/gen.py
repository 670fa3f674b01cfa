#!/usr/bin/env python3
"""Blind redaction corpus #41: smart-metering / grid-ops / billing-integration team of a
made-up Northern European utility ("Nordvik Energi"). Standard library only.
python3 gen.py  -> writes redaction41_negatives.jsonl and redaction41_positives.jsonl here."""
import base64, binascii, hashlib, ipaddress, json, os, re, struct, zlib

import random
R = random.Random(41 * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- small helpers
def ch(seq): return R.choice(seq)
def ri(a, b): return R.randint(a, b)
def rs(alpha, n): return "".join(R.choice(alpha) for _ in range(n))
HEXL = "0123456789abcdef"; HEXU = "0123456789ABCDEF"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
B64 = ALNUM + "+/"; B64U = ALNUM + "-_"
def rhex(n, up=False): return rs(HEXU if up else HEXL, n)
def rbytes(n): return bytes(R.getrandbits(8) for _ in range(n))
def b64(b): return base64.b64encode(b).decode()
def b64u(b): return base64.urlsafe_b64encode(b).decode().rstrip("=")
def uuid4():
    h = rhex(32); return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{ch('89ab')}{h[17:20]}-{h[20:]}"
def ts_iso():
    return f"2026-{ri(1,12):02d}-{ri(1,28):02d}T{ri(0,23):02d}:{ri(0,59):02d}:{ri(0,59):02d}.{ri(0,999):03d}Z"
def hm(): return f"{ri(5,22):02d}:{ch(['00','15','30','45'])}"
def date_eu(): return f"{ri(1,28):02d}.{ri(1,12):02d}.2026"
def date_iso(): return f"2026-{ri(1,12):02d}-{ri(1,28):02d}"
def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2: x = x * 2 - 9 if x > 4 else x * 2
        s += x
    return s % 10 == 0
def luhn_complete(p):
    for c in "0123456789":
        if luhn_ok(p + c): return p + c
def gs1_check(body):
    s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(body)))
    return str((10 - s % 10) % 10)
def priv_ip():
    k = ri(0, 2)
    if k == 0: return f"10.{ri(0,255)}.{ri(0,255)}.{ri(1,254)}"
    if k == 1: return f"172.{ri(16,31)}.{ri(0,255)}.{ri(1,254)}"
    return f"192.168.{ri(0,255)}.{ri(1,254)}"
def doc_ip(): return f"{ch(['192.0.2','198.51.100','203.0.113'])}.{ri(1,254)}"

# theme ids (all synthetic) ------------------------------------------------------
def gsrn(prefix=None):
    """18-digit GS1 GSRN metering point id; never Luhn-valid (keeps negatives card-clean)."""
    while True:
        p = prefix or ch(["571313", "570715", "707057", "735999", "400000"])
        body = p + rs("0123456789", 17 - len(p))
        v = body + gs1_check(body)
        if not luhn_ok(v): return v
MPAN_W = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43]
def mpan_core():
    while True:
        body = f"{ri(10,23):02d}" + rs("0123456789", 10)
        c = str(sum(int(a) * w for a, w in zip(body, MPAN_W)) % 11 % 10)
        v = body + c
        if not luhn_ok(v): return v
def mprn_ie(): return "10" + rs("0123456789", 9)
def malo_id():
    body = str(ri(1, 9)) + rs("0123456789", 9)
    s = 0
    for i, c in enumerate(body):
        s += int(c) * (2 if i % 2 else 1)
    return body + str((10 - s % 10) % 10)
def zaehlpunkt():
    return "DE" + rs("0123456789", 6) + rs("0123456789", 5) + rs("0123456789ABCDEFGHJKLMNPRSTUVWXYZ", 20)
def meter_serial(): return ch(["NVK", "KFM", "LGZ", "ISK", "SGM"]) + rs("0123456789", 8)
def obis():
    return ch(["1-0:1.8.0.255", "1-0:2.8.0.255", "1-0:1.8.1.255", "1-0:1.8.2.255", "1-0:32.7.0.255",
               "1-0:52.7.0.255", "1-0:72.7.0.255", "1-0:31.7.0.255", "1-0:1.7.0.255", "0-0:96.1.0.255",
               "0-0:1.0.0.255", "1-0:99.1.0.255", "0-0:96.7.21.255", "1-0:14.7.0.255", "1-0:3.8.0.255"])
SUBST = ["ODN01", "VJL03", "AAR12", "TRD02", "BRG07", "MLM04", "GBG09", "KRS05", "SLG02", "ESB11"]
def feeder(): return f"{ch(SUBST)}-F{ri(1,24):02d}"

# ---------------------------------------------------------------- real bytes for data URIs
def png(w, h, rgb):
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
def gif1(rgb):
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes(rgb) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
def wav(n):
    data = bytes(128 + int(100 * ((i * ri(3, 9)) % 16 - 8) / 8) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body
def bmp(w, h, rgb):
    row = bytes(rgb[::-1]) * w; row += b"\x00" * ((4 - len(row) % 4) % 4)
    px = row * h
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(px), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + 40 + len(px), 0, 0, 54) + info + px
def ico(p):
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p
def pdf(text):
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>"]
    st = f"BT /F1 12 Tf 72 770 Td ({text}) Tj ET"
    objs.append(f"<< /Length {len(st)} >>\nstream\n{st}\nendstream")
    out = "%PDF-1.4\n"; offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out)); out += f"{i} 0 obj\n{o}\nendobj\n"
    x = len(out)
    out += f"xref\n0 {len(objs)+1}\n0000000000 65535 f \n" + "".join(f"{o:010d} 00000 n \n" for o in offs)
    out += f"trailer\n<< /Size {len(objs)+1} /Root 1 0 R >>\nstartxref\n{x}\n%%EOF\n"
    return out.encode()
def jpeg_head():
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00"
    dqt = b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes(ri(2, 40) for _ in range(64))
    return b"\xff\xd8" + app0 + dqt
def woff2_head():
    return b"wOF2" + struct.pack(">IIHHIIIIIIII", 0x00010000, ri(9000, 30000), ri(10, 16), 0,
                                  ri(20000, 60000), ri(8000, 28000), 1, 0, 0, 0, 0, 0)
def svg_icon():
    col = "#" + rhex(6)
    shape = ch([f'<circle cx="8" cy="8" r="{ri(3,7)}" fill="{col}"/>',
                f'<path d="M{ri(1,4)} {ri(1,4)}L{ri(9,15)} 8 {ri(1,4)} {ri(12,15)}z" fill="{col}"/>',
                f'<rect x="2" y="2" width="{ri(6,12)}" height="{ri(6,12)}" rx="2" fill="{col}"/>',
                f'<path d="M8 1 3 9h4l-1 6 6-9H8z" fill="{col}"/>'])
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">{shape}</svg>'
def color(): return (ri(0, 255), ri(0, 255), ri(0, 255))
def small_png(): return png(ri(1, 4), ri(1, 4), color())
def uri(mime, b): return f"data:{mime};base64,{b64(b)}"
def trunc(s, n): return s[:n] + ch(["…", "...", f"[{ri(200,9000)} more chars]"])
def pct(s):
    return "".join(c if c.isalnum() or c in " =/:.-" else "%%%02X" % ord(c) for c in s).replace(" ", "%20")

# ================================================================ NEGATIVES
NEG = {k: [] for k in ["data_uri_base64", "placeholder_example", "code_identifier",
                       "non_credential_blob", "pii_lookalike_number", "talk_about_secrets"]}
def neg(cat):
    def d(f): NEG[cat].append(f); return f
    return d

# ---------------------------------------------------------------- data_uri_base64
D = "data_uri_base64"
@neg(D)
def d01():
    cls = ch(["outage", "planned", "restored", "crew", "substation"])
    return (f"```css\n.map-marker--{cls} {{\n  width: 16px; height: 16px;\n"
            f"  background-image: url(\"{uri('image/png', small_png())}\");\n}}\n```")
@neg(D)
def d02():
    s = ch(["ODN01", "VJL03", "TRD02", "MLM04"])
    return (f"Grafana HTML-panel for {s}, ikonet ligger inline:\n```html\n<img class=\"st\" alt=\"breaker closed\" "
            f"src=\"data:image/svg+xml;base64,{b64(svg_icon().encode())}\">\n```")
@neg(D)
def d03():
    items = [f'  {{"symbol": "{n}", "icon": "data:image/svg+xml;base64,{b64(svg_icon().encode())}"}}'
             for n in R.sample(["breaker_closed", "breaker_open", "disconnector", "earth_switch", "trafo_2w", "busbar_dead", "recloser"], ri(2, 4))]
    return "HMI symbol library diff (scada-hmi/symbols.json):\n```json\n[\n" + ",\n".join(items) + "\n]\n```"
@neg(D)
def d04():
    p = b64(png(ri(2, 5), ri(2, 5), color()))
    return ('Notebook `lastprofil_{0}.ipynb` er 14 MB fordi outputcellen har hele plottet:\n```json\n'
            '"outputs": [{{"data": {{"image/png": "{1}", "text/plain": ["<Figure size 1200x400 with 1 Axes>"]}}, '
            '"output_type": "display_data"}}]\n```').format(ch(["dk1", "dk2", "no1", "se3"]), p)
@neg(D)
def d05():
    return ("Billing invoice template (HTML → PDF), logo is inline so the renderer needs no network:\n```html\n"
            f"<td class=\"logo\"><img width=\"120\" alt=\"Nordvik Energi\" src=\"{uri('image/png', png(3, 1, color()))}\"/></td>\n```")
@neg(D)
def d06():
    u = trunc("data:image/jpeg;base64," + b64(jpeg_head()), ri(90, 140))
    return ("Feltapp sender målerbilledet med i payloaden, derfor fejler upload over 4G:\n```json\n"
            f"{{\"workOrder\": \"WO-{ri(100000,999999)}\", \"step\": \"meter_display_photo\", \"photo\": \"{u}\"}}\n```")
@neg(D)
def d07():
    return (f"```yaml\nalarm_classes:\n  - id: A{ri(1,3)}\n    colour: \"#{rhex(6)}\"\n"
            f"    sound: \"{uri('audio/wav', wav(ri(24, 60)))}\"\n    repeat_s: {ri(5,30)}\n```")
@neg(D)
def d08():
    return (f"Runbook › Feeder-omkobling, steg {ri(2,6)}:\n"
            f"![status dot]({uri('image/gif', gif1(color()))}) = grønn betyr at reserveforsyning er lagt inn.")
@neg(D)
def d09():
    u = trunc("data:application/pdf;base64," + b64(pdf("Netzanschlussvertrag Entwurf")), ri(100, 200))
    return ("MDM export line (the attachment field is the whole contract PDF, please strip it before Kafka):\n```\n"
            f"{{\"type\":\"contract_attachment\",\"mp\":\"<redacted in sample>\",\"content\":\"{u}\"}}\n```")
@neg(D)
def d10():
    s = svg_icon().replace('"', "'")
    return f"```scss\n$icon-feeder-trip: url(\"data:image/svg+xml;utf8,{pct(s)}\");\n.feeder--trip::before {{ content: $icon-feeder-trip; }}\n```"
@neg(D)
def d11():
    sm = json.dumps({"version": 3, "sources": [f"src/{ch(['tariff','meter','outage'])}/{ch(['calc','table','widget'])}.ts"],
                     "names": [], "mappings": "AAAA," + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", ri(8, 20)),
                     "file": "main.js"}, separators=(",", ":"))
    return ("prod bundle of the kundeportal still ships an inline source map, last line of main.js:\n```js\n"
            f"//# sourceMappingURL=data:application/json;base64,{b64(sm.encode())}\n```")
@neg(D)
def d12():
    u = trunc(uri("image/png", small_png()), ri(60, 110))
    return (f"Console på outage-map efter CSP-ændringen:\n```\nRefused to load the image '{u}' because it violates the following "
            "Content Security Policy directive: \"img-src 'self' https://tiles.example.net\".\n```")
@neg(D)
def d13():
    return ("```python\n# tests/fixtures/icons.py\nimport base64\n"
            f"FAVICON_ICO = base64.b64decode(\n    \"{b64(ico(png(1, 1, color())))}\"\n)\n```")
@neg(D)
def d14():
    return ("```go\n// meterIconPNG is used by the head-end status page when no vendor logo is set.\n"
            f"const meterIconPNG = \"{uri('image/png', small_png())}\"\n```")
@neg(D)
def d15():
    return f"```\n$ echo '{b64(gif1(color()))}' | base64 -d > pixel.gif && file pixel.gif\npixel.gif: GIF image data, version 89a, 1 x 1\n```"
@neg(D)
def d16():
    return ("Kotlin, feltappen:\n```kotlin\nobject Placeholders {\n"
            f"    const val METER_PHOTO = \"{uri('image/png', png(2, 2, color()))}\"\n}}\n```")
@neg(D)
def d17():
    u = trunc("data:font/woff2;base64," + b64(woff2_head()), ri(70, 110))
    return ("Die Schrift im Kundenportal wird inline geladen, deshalb ist die CSS-Datei so groß:\n```css\n@font-face {\n"
            f"  font-family: \"NordvikSans\";\n  src: url(\"{u}\") format(\"woff2\");\n}}\n```")
@neg(D)
def d18():
    return ("Node-RED flow export (substation dashboard), the ui_template node has:\n```json\n"
            f"{{\"id\":\"{rhex(16)}\",\"type\":\"ui_template\",\"format\":\"<img src='{uri('image/bmp', bmp(2, 2, color()))}'>\"}}\n```")
@neg(D)
def d19():
    u = trunc(uri("image/png", png(ri(2, 6), ri(2, 6), color())), ri(80, 160))
    return f"HAR from the tariff calculator, entry {ri(3,90)}:\n```\n\"request\": {{\"method\": \"GET\", \"url\": \"{u}\", \"httpVersion\": \"data\"}}\n```"
@neg(D)
def d20():
    return ("```tsx\n<Image\n  src={outageMapThumb}\n  placeholder=\"blur\"\n"
            f"  blurDataURL=\"{uri('image/png', png(1, 1, color()))}\"\n/>\n```")
@neg(D)
def d21():
    return ("Das Icon für die Ortsnetzstation kommt als Data-URI aus dem Backend:\n"
            f"`data:image/svg+xml;base64,{b64(svg_icon().encode())}`\nBitte nicht mehr als Datei in S3 ablegen.")
@neg(D)
def d22():
    return ("Il logo nella fattura di prova è inline, lo vedete qui:\n"
            f"```\n{uri('image/gif', gif1(color()))}\n```\nse il PDF non lo mostra è il renderer, non il template.")
@neg(D)
def d23():
    u = trunc("data:application/pdf;base64," + b64(pdf("Fakturamall test")), ri(80, 160))
    return f"Fakturamallen i SAP-exporten är fortfarande base64 inline:\n```xml\n<Attachment mime=\"application/pdf\">{u}</Attachment>\n```"
@neg(D)
def d24():
    return ("Tá an picteilín rianaithe sa teimpléad ríomhphoist billeála fós ann, bainfimid amach é:\n```html\n"
            f"<img width=\"1\" height=\"1\" alt=\"\" src=\"{uri('image/gif', gif1((255, 255, 255)))}\">\n```")
@neg(D)
def d25():
    lines = [f"  --{n}: url(\"{uri('image/png', png(1, 1, color()))}\");" for n in
             R.sample(["ok", "warn", "alarm", "comm-lost", "maint", "unknown"], ri(3, 5))]
    return "Status-prikker for RTU-kommunikasjon:\n```css\n:root {\n" + "\n".join(lines) + "\n}\n```"
@neg(D)
def d26():
    return (f"{ts_iso()} DEBUG report-svc render invoice batch={ri(1000,9999)} "
            f"header_logo={trunc(uri('image/png', png(4, 1, color())), ri(50, 90))} pages={ri(1,4)}")

# ---------------------------------------------------------------- placeholder_example
P = "placeholder_example"
@neg(P)
def p01():
    return ("`.env.example` for mdm-ingest, copy it and fill in locally:\n```\nMDM_DB_HOST=localhost\nMDM_DB_USER=mdm\n"
            "MDM_DB_PASSWORD=\nHES_API_TOKEN=<your-token-here>\nKAFKA_SASL_PASSWORD=${KAFKA_SASL_PASSWORD}\n"
            f"KAFKA_BOOTSTRAP={priv_ip()}:9093\n```")
@neg(P)
def p02():
    return ("```yaml\ndlms:\n  client_sap: 1\n  server_logical: 1\n  authentication: HLS_GMAC\n"
            "  security_suite: 0\n  block_cipher_key: \"${DLMS_GUEK}\"      # global unicast encryption key, from HSM\n"
            "  authentication_key: \"${DLMS_GAK}\"\n  lls_password: \"<from vault>\"\n```")
@neg(P)
def p03():
    return ("Gurux-eksemplet bruger Green Book-testnøglerne, det er IKKE vores:\n```\nBlockCipherKey = 000102030405060708090A0B0C0D0E0F\n"
            "AuthenticationKey = D0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF\nSystemTitle = 4D4D4D0000BC614E\n```\n"
            "Rigtige nøgler kommer fra key-servicen pr. måler.")
@neg(P)
def p04():
    return ("```yaml\nopcua:\n  endpoint: opc.tcp://historian.example.internal:4840\n  securityPolicy: Basic256Sha256\n"
            "  user: \"{{ .Values.opcua.user }}\"\n  password: \"{{ .Values.opcua.password }}\"\n```")
@neg(P)
def p05():
    return ("```yaml\n# values-prod.yaml (scada-historian)\nauth:\n  existingSecret: scada-historian-creds\n"
            "  password: \"\"\n  adminPassword: \"\"  # set via existingSecret, never here\n```")
@neg(P)
def p06():
    return ('```hcl\nvariable "billing_sftp_password" {\n  type      = string\n  sensitive = true\n}\n\n'
            'resource "aws_transfer_user" "sap_isu_export" {\n  server_id = aws_transfer_server.billing.id\n'
            '  user_name = "sap-isu"\n  # password = var.billing_sftp_password  (moved to Secrets Manager)\n}\n```')
@neg(P)
def p07():
    return ("Eksempel fra API-doku til head-end:\n```\ncurl -s -H \"Authorization: Bearer <TOKEN>\" \\\n"
            f"  https://hes.example.com/api/v2/meters/{meter_serial()}/reads?obis=1-0:1.8.0.255\n```")
@neg(P)
def p08():
    return ("the outage-summary bot reads these, README says:\n```\nexport OPENAI_API_KEY=sk-...\n"
            "export ANTHROPIC_API_KEY=sk-ant-api03-...\nexport SLACK_BOT_TOKEN=xoxb-your-bot-token\n```")
@neg(P)
def p09():
    return ("Slack-appen til driftsvarsler, lokalt:\n```\nSLACK_BOT_TOKEN=xoxb-XXXXXXXXXXXX-XXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX\n"
            "SLACK_SIGNING_SECRET=<signing secret>\nSLACK_APP_TOKEN=xapp-1-...\n```")
@neg(P)
def p10():
    return ("localstack config for the meter-data lake tests (AWS doc keys):\n```ini\n[default]\n"
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
            "region = eu-north-1\nendpoint_url = http://localhost:4566\n```")
@neg(P)
def p11():
    return (f"{ts_iso()} INFO  payment-gw  card auth ok inv=NV-{ri(2026000000,2026999999)} card=**** **** **** {ri(1000,9999)} "
            f"exp=**/** amount={ri(100,9000)}.{ri(0,99):02d} DKK psp_ref=<masked>")
@neg(P)
def p12():
    c, e = ch([("DK", "DKxx xxxx xxxx xxxx xx"), ("NO", "NO00 XXXX XXXX XXX"), ("SE", "SExx xxxx xxxx xxxx xxxx xxxx"), ("IE", "IE00 BANK 0000 00XX XXXX XX"),
               ("DE", "DE00 XXXX XXXX XXXX XXXX XX")])
    return (f"Betalingsservice/direct-debit export, sample row from the spec (placeholder IBAN, {c}):\n```\n"
            f"mandate_id;iban;status\nMND-XXXXXX;{e};ACTIVE\n```")
@neg(P)
def p13():
    return ("Customer export sample after the masking step:\n```json\n"
            '{"customer_no": "<redacted>", "cpr": "[REDACTED]", "personnummer": "***", "phone": "<redacted>", '
            '"email": "[FILTERED]", "iban": "[MASKED]", "mp_count": ' + str(ri(1, 4)) + "}\n```")
@neg(P)
def p14():
    return ("docker-compose for local dev, defaults only:\n```\nDATABASE_URL=postgres://user:password@localhost:5432/mdm\n"
            "AMQP_URL=amqp://guest:guest@localhost:5672/\nREDIS_URL=redis://localhost:6379/0\n```")
@neg(P)
def p15():
    return ("So sieht der Schlüssel im Ticket aus, Inhalt natürlich gekürzt:\n```\n-----BEGIN EC PRIVATE KEY-----\n"
            "MHcCAQEE...\n...\n-----END EC PRIVATE KEY-----\n```\nDer echte liegt im HSM der Kopfstation.")
@neg(P)
def p16():
    return ("Laut Handbuch hat das Modbus-Gateway ab Werk admin/admin. Bei der Inbetriebnahme ändern, "
            "sonst meldet der Audit-Scanner es wieder. Standard-LLS-Passwort der Altzähler ist 00000000.")
@neg(P)
def p17():
    return ("references only, no values in git:\n```\nscada_historian_pw: op://grid-ops/scada-historian/password\n"
            "hes_api_key: vault:secret/data/hes/prod#api_key\nsap_rfc_pw: \"{{resolve:secretsmanager:sap-isu-rfc:SecretString:password}}\"\n```")
@neg(P)
def p18():
    return ("```yaml\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: mdm-db\nspec:\n"
            "  secretStoreRef: {name: vault-grid, kind: ClusterSecretStore}\n  data:\n    - secretKey: password\n"
            "      remoteRef: {key: grid/mdm/db, property: password}\n```")
@neg(P)
def p19():
    return ("```yaml\n- name: push MDM export\n  env:\n    SFTP_KEY: ${{ secrets.MDM_SFTP_KEY }}\n"
            "    GH_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n  run: ./scripts/push_export.sh\n```\n"
            "(in the old version it was `ghp_xxxx…` hardcoded, now gone)")
@neg(P)
def p20():
    return ("```yaml\n# group_vars/hes/main.yml\nmeter_hes_user: svc_hes\nmeter_hes_password: \"{{ vault_meter_hes_password }}\"\n"
            "rtu_snmp_community: \"{{ vault_rtu_snmp_community }}\"\n```")
@neg(P)
def p21():
    return ("Per il portale fornitori: inserire la password nel campo `<PASSWORD>` e il token in `TOKEN=xxxxxxxx`; "
            "nei ticket scrivete sempre `********` al posto del valore.")
@neg(P)
def p22():
    return ("Treoir don suiteáil: cuir do phasfhocal féin in áit `CHANGE_ME` sa chomhad `config.ini`, "
            "ná cuir isteach in Slack é.\n```ini\n[mdm]\nuser = mdm_ro\npassword = CHANGE_ME\n```")
@neg(P)
def p23():
    return ("```properties\nspring.datasource.url=jdbc:postgresql://localhost:5432/billing\nspring.datasource.username=billing\n"
            "spring.datasource.password=${BILLING_DB_PASSWORD:changeme}\n```")
@neg(P)
def p24():
    return ("US vendor onboarding form asks for this, fill it in their portal, not here:\n```\nSSN: XXX-XX-XXXX\n"
            "Phone: +1 (XXX) XXX-XXXX\nCompany card: xxxx-xxxx-xxxx-xxxx\n```")
@neg(P)
def p25():
    return ("Header-format for HES-APIet:\n```\nAuthorization: Bearer eyJhbGciOi...<snip>\nX-Api-Key: <api-key>\n```")
@neg(P)
def p26():
    return ("```ini\n; DNP3 SAv5 outstation template\n[security]\nUpdateKey=<32-byte hex from HSM>\n"
            "UserNumber=1\nMACAlgorithm=HMAC-SHA256\n```")
@neg(P)
def p27():
    return ("gammel batch i billing-integrasjonen:\n```bat\nsqlcmd -S %BILLING_DB_HOST% -U %BILLING_DB_USER% -P %BILLING_DB_PASSWORD% -i daily_export.sql\n```")
@neg(P)
def p28():
    return (f"Lösenordet till RTU-webben i {ch(SUBST)} står i valvet, i dokumentationen skriver vi bara `password: ***` "
            "och `api_key: (sensitive value)`.")

# ---------------------------------------------------------------- code_identifier
C = "code_identifier"
W = ["Secret", "Token", "Password", "Iban", "Cpr", "Email", "Phone", "Key", "Guek", "Hls", "Lls", "Meter",
     "Rotation", "Vault", "Cipher", "Credential", "Mandate", "Tariff", "Reading", "Gsrn", "Obis", "Frame"]
def camel(n, low=True):
    s = "".join(ch(W) for _ in range(n)); return s[0].lower() + s[1:] if low else s
def snake(n): return "_".join(ch(W).lower() for _ in range(n))
@neg(C)
def c01():
    pk = ch(["mdm.dlms", "hes.keys", "billing.iban", "mdm.vee", "hes.session"])
    lines = [f"{ts_iso()} ERROR [{ch(['kafka-listener-0','scheduling-1','http-nio-8080-exec-4'])}] dk.nordvik.{pk}.{camel(2, False)}Service - {ch(['key rotation aborted','frame decrypt failed','mandate sync failed'])}",
             f"dk.nordvik.{pk}.{camel(3, False)}Exception: {ch(['no key version for meter','HLS pass 3 rejected','invalid check digits'])}"]
    for _ in range(ri(5, 16)):
        lines.append(f"\tat dk.nordvik.{pk}.{ch(['internal','crypto','web','config'])}.{camel(2, False)}.{camel(3)}({camel(2, False)}.java:{ri(30,900)})")
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return "```\n" + "\n".join(lines) + "\n```"
@neg(C)
def c02():
    fns = [snake(3) for _ in range(ri(3, 6))]
    lines = ["Traceback (most recent call last):"]
    for f in fns:
        lines.append(f'  File "/app/hes_adapter/{ch(["dlms","keys","apdu","session"])}.py", line {ri(10,400)}, in {f}')
        lines.append(f"    return {snake(2)}({snake(2)}, meter_ref)")
    lines.append(f"hes_adapter.errors.{camel(2, False)}Error: key version {ri(1,9)} not found in key store")
    return "\n".join(lines)
@neg(C)
def c03():
    s = ch(SUBST); out = []
    for _ in range(ri(4, 9)):
        out.append(ch([f"ns=2;s=Nordvik.{s}.F{ri(1,12):02d}.CB{ri(1,3)}.Pos.stVal",
                       f"ns=3;i={ri(1000,99999)}",
                       f"ns=2;s={s}/T{ri(1,3)}/TapPos",
                       f"ns=4;b={b64(rbytes(ch([12, 16])))}",
                       f"ns=2;g={uuid4()}",
                       f"ns=2;s=Alarms.{s}.{ch(['PTOC1','PDIS1','RREC1','XCBR1'])}.Op"]))
    return "OPC UA-noder vi subscriber på i historian-connectoren:\n```\n" + "\n".join(out) + "\n```"
@neg(C)
def c04():
    s = ch(SUBST); refs = []
    for _ in range(ri(4, 9)):
        refs.append(ch([f"{s}CTRL/XCBR{ri(1,4)}.Pos.stVal", f"{s}PROT/PTOC{ri(1,3)}.Str.general",
                        f"{s}PROT/PDIS1.Op.general", f"{s}MEAS/MMXU{ri(1,4)}.TotW.mag.f",
                        f"{s}PROT/LLN0$GO$gcb{ri(1,9):02d}", f"{s}CTRL/CSWI{ri(1,4)}.Pos.ctlVal",
                        f"{s}MEAS/MMXU1.PhV.phsA.cVal.mag.f", f"{s}PROT/LLN0$DS{ri(1,4)}_Trip"]))
    return "IEC 61850 references in the new SCD for " + s + ":\n```\n" + "\n".join(refs) + "\n```"
@neg(C)
def c05():
    names = R.sample(["REG_METER_SERIAL_HI", "REG_METER_SERIAL_LO", "REG_ACTIVE_IMPORT_KWH", "REG_PASSWORD_LOCK",
                      "REG_COMM_TOKEN_STATE", "REG_TARIFF_ACTIVE", "REG_BATTERY_SOC", "REG_ALARM_WORD_1", "REG_KEY_SLOT_STATUS"], ri(4, 7))
    return "```python\nclass Reg(IntEnum):\n" + "\n".join(f"    {n} = {30001 + i*2 + ri(0,1)*100}" for i, n in enumerate(names)) + "\n```"
@neg(C)
def c06():
    return ("```csharp\nnamespace Nordvik.Billing.Integration.SapIsu\n{\n"
            f"    public sealed class {camel(3, False)}Handler : IRequestHandler<{camel(2, False)}Command, {camel(2, False)}Result>\n    {{\n"
            f"        private readonly I{camel(2, False)}Validator _{camel(2)}Validator;\n"
            f"        public async Task<{camel(2, False)}Result> Handle({camel(2, False)}Command cmd, CancellationToken ct)\n    }}\n}}\n```")
@neg(C)
def c07():
    cols = R.sample(["customer_iban_hash bytea", "cpr_token_ref text", "phone_e164_masked varchar(20)", "hls_key_version smallint",
                     "guek_ref uuid", "email_verified_at timestamptz", "mandate_secret_ref text", "password_reset_token_hash bytea",
                     "gsrn char(18)", "api_key_last_four char(4)"], ri(4, 7))
    return "```sql\nCREATE TABLE mdm.metering_point_contact (\n  id bigserial PRIMARY KEY,\n  " + ",\n  ".join(cols) + "\n);\n```"
@neg(C)
def c08():
    rows = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
    for n in R.sample(["hes-ingest", "mdm-vee", "billing-export", "opcua-bridge", "iec104-gw", "outage-notifier", "dlms-key-rotator"], ri(4, 7)):
        rows.append(f"{n}-{rhex(ri(9,10))}-{rs('bcdfghjklmnpqrstvwxz2456789', 5):<10}".ljust(39) + f"1/1     Running   {ri(0,4)}          {ri(1,40)}d")
    return "```\n$ kubectl -n grid-prod get pods\n" + "\n".join(rows) + "\n```"
@neg(C)
def c09():
    t = R.sample(["mdm.meter-readings.v3", "mdm.meter-events.v2", "billing.iban-changed.v1", "hes.key-rotation.requested.v1",
                  "scada.alarms.raw", "outage.tickets.v4", "crm.customer-email-changed.v1", "billing.invoice-lines.v2"], ri(3, 6))
    return "Topics vi skal have ACL'er til:\n" + "\n".join(f"- `{x}` (consumer group `{x.split('.')[0]}-{ch(['sink','enricher','auditor'])}`)" for x in t)
@neg(C)
def c10():
    return "terraform plan wants to replace:\n```\n" + "\n".join(
        f"  # module.{ch(['scada_dmz','mdm','billing','hes'])}.{ch(['aws_secretsmanager_secret','aws_kms_key','aws_iam_role','aws_ssm_parameter'])}.{snake(3)} must be replaced"
        for _ in range(ri(2, 5))) + "\n```"
@neg(C)
def c11():
    return (f"```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x{rhex(2)} pc=0x{rhex(6)}]\n\n"
            f"goroutine {ri(20,900)} [running]:\ngithub.com/nordvik-energi/hes-gateway/internal/dlms.(*Session).{camel(2, False)}(0xc000{rhex(6)})\n"
            f"\t/src/internal/dlms/session.go:{ri(40,500)} +0x{rhex(3)}\n"
            f"github.com/nordvik-energi/hes-gateway/internal/keys.(*{camel(2, False)}Store).{camel(2, False)}(...)\n"
            f"\t/src/internal/keys/store.go:{ri(40,300)}\n```")
@neg(C)
def c12():
    return "perf top on the IEC 104 gateway:\n```\n" + "\n".join(
        f"  {ri(1,30)}.{ri(0,99):02d}%  iec104gw  [.] _ZN{ri(5,9)}iec104{ri(5,12)}{camel(2)}17h{rhex(16)}E" for _ in range(ri(3, 6))) + "\n```"
@neg(C)
def c13():
    f = R.sample(["billing.iban_validation_strict", "mdm.enable_hls5_gmac", "hes.rotate_guek_on_swap", "outage.sms_to_phone_on_restore",
                  "crm.mask_cpr_in_export", "portal.show_password_reset_v2", "mdm.vee_gap_estimation_v3"], ri(3, 5))
    return "Flag-status i prod:\n" + "\n".join(f"• `{x}` = {ch(['on','off','10%','on (DK only)'])}" for x in f)
@neg(C)
def c14():
    return ("```proto\nservice MeterKeyService {\n  rpc RotateMeterKey(RotateMeterKeyRequest) returns (RotateMeterKeyResponse);\n}\n"
            "message RotateMeterKeyRequest {\n  string meter_key_ref = 1;\n  KeyKind key_kind = 2; // GUEK, GAK, GBEK\n"
            "  bool invalidate_lls_password = 3;\n}\n```")
@neg(C)
def c15():
    return ("```ts\nexport interface OutageTicket {\n  ticketId: string;\n  feederId: string;\n  customerPhoneMasked?: string;\n"
            "  contactEmailHash?: string;\n  smsOptInToken?: string;\n  passwordResetRequired: boolean;\n}\n```")
@neg(C)
def c16():
    return "```\n" + "\n".join(
        f'{ch(["dlms_hls_auth_failures_total","hes_key_rotation_pending","billing_iban_rejects_total","opcua_session_token_renewals_total"])}'
        f'{{meter_model="{ch(["AM550","E450","OMNIPOWER","MT382"])}",region="{ch(["dk1","dk2","no1","se3"])}"}} {ri(0,9000)}' for _ in range(ri(3, 6))) + "\n```"
@neg(C)
def c17():
    return ("```abap\nCALL FUNCTION 'BAPI_ISUACCOUNT_CHANGE'\n  EXPORTING\n    contractaccount = lv_vkont\n"
            "  TABLES\n    return          = lt_return.\nDATA(lo_pw) = NEW /nve/cl_mdm_password_reset( ).\n```")
@neg(C)
def c18():
    return "Build output kundeportal:\n```\n" + "\n".join(
        f"static/js/{ch(['tariff-calculator','meter-reading','outage-map','iban-form','login'])}.{rhex(8)}.chunk.js   {ri(3,300)}.{ri(0,9)} kB"
        for _ in range(ri(3, 6))) + "\n```"
@neg(C)
def c19():
    return (f"```html\n<div class=\"OutageMap_pin__{rs(ALNUM,5)} css-{rs('abcdefghijklmnopqrstuvwxyz0123456789',6)}\" "
            f"data-v-{rhex(8)}>\n  <span class=\"sc-{rs(ALNUM,6)} PhoneField_masked__{rs(ALNUM,5)}\">…</span>\n</div>\n```")
@neg(C)
def c20():
    return (f"Vi omdøber `kundeCprTokenRef` til `{camel(3)}` og `mandatIbanHash` til `{camel(2)}`; "
            "Spring-mappingen følger med i samme PR.")
@neg(C)
def c21():
    return "Airflow DAGs die heute Nacht rot waren:\n" + "\n".join(
        f"- `{ch(['mdm_vee_daily','billing_export_nightly','hes_key_rotation','gsrn_masterdata_sync'])}.{snake(2)}` (try {ri(1,3)})" for _ in range(ri(2, 5)))
@neg(C)
def c22():
    m = R.sample(["stg_mdm__meter_reads", "stg_crm__customer_contacts", "int_billing__iban_mandates", "fct_billing_invoice_lines",
                  "dim_metering_point", "int_mdm__gap_estimates", "stg_hes__key_versions"], ri(3, 5))
    return "```\n$ dbt run --select " + " ".join(m) + "\n" + "\n".join(
        f"{i+1} of {len(m)} OK created sql table model analytics.{x} .......... [SELECT {ri(100,99999)} in {ri(1,90)}.{ri(10,99)}s]" for i, x in enumerate(m)) + "\n```"
@neg(C)
def c23():
    return ("```\nVAR_GLOBAL\n    gCB_Feeder" + f"{ri(1,12):02d}" + "_Trip        : BOOL;\n    gHMI_PasswordLockActive : BOOL;\n"
            "    gKeySwitch_LocalRemote  : BOOL;\n    gRTU_TokenWatchdog      : TON;\nEND_VAR\n```")
@neg(C)
def c24():
    return "R8 mapping from the field-app release:\n```\n" + "\n".join(
        f"dk.nordvik.field.{ch(['upload','auth','meter','crew'])}.{camel(2, False)}{ch(['Worker','Repository','ViewModel'])} -> {rs('abcdefghijklmnopqrstuvwxyz',1)}.{rs('abcdefghijklmnopqrstuvwxyz',ri(1,2))}:"
        for _ in range(ri(3, 6))) + "\n```"
@neg(C)
def c25():
    return (f"Il job `{snake(3)}` chiama ancora `get{camel(2, False)}()` deprecato; la nuova API è `{camel(3)}Async`.")
@neg(C)
def c26():
    return (f"```rust\nerror[E0599]: no method named `{snake(3)}` found for struct `{camel(2, False)}Frame` in the current scope\n"
            f"  --> crates/dlms-codec/src/apdu.rs:{ri(20,400)}:{ri(5,40)}\n```")

# ---------------------------------------------------------------- non_credential_blob
B = "non_credential_blob"
def hexsp(n, up=True): return " ".join(rhex(2, up) for _ in range(n))
@neg(B)
def b01():
    msgs = ["fix(dlms): handle short HDLC frames", "feat(mdm): VEE gap estimation v3", "chore: bump gurux", "fix(billing): IBAN check for NO",
            "feat(hes): rotate GUEK after meter swap", "docs: OBIS mapping table", "fix(iec104): reconnect backoff"]
    return "```\n$ git log --oneline -n 6\n" + "\n".join(f"{rhex(ri(7,9))} {ch(msgs)}" for _ in range(6)) + "\n```"
@neg(B)
def b02():
    return "Deployed images:\n```\n" + "\n".join(
        f"registry.example.internal/grid/{n}@sha256:{rhex(64)}" for n in R.sample(["hes-ingest", "mdm-vee", "opcua-bridge", "billing-export", "iec104-gw"], ri(2, 4))) + "\n```"
@neg(B)
def b03():
    st = rhex(16, True)
    return (f"HDLC-trace fra {meter_serial()} (krypteret APDU, system title {st}):\n```\n"
            f"TX: 7E A0 {ri(20,90):02X} 03 21 {hexsp(3)} E6 E6 00 DB 08 {' '.join(st[i:i+2] for i in range(0,16,2))} {hexsp(ri(12,28))} 7E\n"
            f"RX: 7E A0 {ri(20,90):02X} 21 03 {hexsp(3)} E6 E7 00 DB 08 {hexsp(8)} {hexsp(ri(16,36))} 7E\n```")
@neg(B)
def b04():
    return (f"wM-Bus telegram (mode C1, AES-CTR, kan ikke dekrypteres uden nøgle):\n`{rhex(2,True)}44{rhex(4,True)}{rhex(8,True)}{rhex(4,True)}"
            f"{rhex(ri(40,90),True)}`\nRSSI {-ri(60,100)} dBm")
@neg(B)
def b05():
    return "```\n$ sha256sum fw/*.bin\n" + "\n".join(
        f"{rhex(64)}  fw/{ch(['AM550','E450','OMNIPOWER','MT382'])}_{ri(1,9)}.{ri(0,20)}.{ri(0,99)}.bin" for _ in range(ri(2, 5))) + "\n```"
@neg(B)
def b06():
    th = ":".join(rhex(2, True) for _ in range(20))
    return (f"Historian OPC UA server cert er fornyet.\nThumbprint (SHA-1): {th}\nSerial: {rhex(32, True)}\n"
            f"Gyldig til {date_iso()}. Husk at trust'e den i opcua-bridge.")
@neg(B)
def b07():
    return "```json\n" + json.dumps({"ticket": uuid4(), "feeder": feeder(), "crew_job": uuid4(), "correlation_id": uuid4(),
                                     "state": ch(["DISPATCHED", "ON_SITE", "RESTORED"])}, indent=2) + "\n```"
@neg(B)
def b08():
    tid = rhex(32)
    return "\n".join(f'{{"ts":"{ts_iso()}","svc":"{ch(["hes-ingest","mdm-vee","billing-export"])}","trace_id":"{tid}","span_id":"{rhex(16)}","msg":"{ch(["batch committed","reads validated","export uploaded"])}"}}'
                     for _ in range(ri(2, 4))) + f"\ntraceparent: 00-{tid}-{rhex(16)}-01"
@neg(B)
def b09():
    return "package-lock diff:\n```\n" + "\n".join(
        f'       "integrity": "sha512-{b64(rbytes(64))}",' for _ in range(ri(1, 3))) + "\n```"
@neg(B)
def b10():
    return "```\n" + "\n".join(f"{p}=={v} \\\n    --hash=sha256:{rhex(64)}" for p, v in
                              R.sample([("pymodbus", "3.6.9"), ("asyncua", "1.1.5"), ("gurux-dlms", "1.0.150"), ("pandas", "2.2.2"), ("c104", "2.0.1")], ri(2, 4))) + "\n```"
@neg(B)
def b11():
    def enc(): return f"ENC[AES256_GCM,data:{b64(rbytes(ri(12,30)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]"
    return f"```yaml\n# secrets/prod.enc.yaml (SOPS, ciphertext only)\nmdm_db_password: {enc()}\nhes_api_key: {enc()}\nsops:\n    version: 3.8.1\n```"
@neg(B)
def b12():
    return "Kolonnen `guek_wrapped` i key-store er Vault transit-ciphertext, ikke nøglen selv:\n```\n" + "\n".join(
        f"{meter_serial()} | v{ri(1,6)} | vault:v1:{b64(rbytes(ri(40,60)))}" for _ in range(ri(2, 4))) + "\n```"
@neg(B)
def b13():
    return "```\n$ aws s3 ls s3://nordvik-mdm-exports/daily/ --recursive\n" + "\n".join(
        f"{date_iso()} {hm()}:{ri(10,59)} {ri(100000,90000000):>10} daily/{date_iso()}/reads_{rhex(12)}.parquet" for _ in range(ri(3, 6))) + \
        f"\n```\nETag of the big one: \"{rhex(32)}-{ri(2,40)}\""
@neg(B)
def b14():
    txt = ch(["Målerdata for uge 12 er valideret", "Planlagt afbrydelse i Vejle Nord", "Zählerwechsel abgeschlossen", "Avbrudd på linje 22 kV"])
    return f"Kafka header `x-note` er bare base64 af fritekst: `{b64(txt.encode())}` → \"{txt}\""
@neg(B)
def b15():
    c = b64(json.dumps({"after_id": ri(100000, 9999999), "mp_prefix": "5713", "page": ri(2, 90)}, separators=(",", ":")).encode())
    return f"HES API paging: næste side hentes med `?cursor={c}` (base64-JSON, ingen signatur)."
@neg(B)
def b16():
    return f"Modbus raw dump, unit {ri(1,247)}, FC03 @40001 x{ri(8,24)}:\n```\n" + "\n".join(
        f"{40001 + 8*i:05d}: " + " ".join(rhex(4, True) for _ in range(8)) for i in range(ri(2, 4))) + "\n```"
@neg(B)
def b17():
    return (f"GOOSE frame from the Wireshark capture ({ch(SUBST)}):\n```\n0000   01 0c cd 01 00 {ri(10,99):02x} {hexsp(6, False)} 81 00 80 00\n"
            f"0010   88 b8 00 {ri(1,9):02x} 00 {ri(80,200):02x} 00 00 00 00 61 81 {hexsp(4, False)}\n0020   {hexsp(16, False)}\n```")
@neg(B)
def b18():
    return "Host keys of the new RTUs:\n```\n" + "\n".join(
        f"{priv_ip()} ED25519 SHA256:{b64(rbytes(32)).rstrip('=')}" for _ in range(ri(2, 4))) + "\n```"
@neg(B)
def b19():
    return f"```yaml\nspec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: {rhex(64)}\n        checksum/secret: {rhex(64)}\n```"
@neg(B)
def b20():
    return "go.sum conflict:\n```\n" + "\n".join(
        f"github.com/{ch(['goburrow/modbus','gopcua/opcua','wind-c/iec104','eclipse/paho.mqtt.golang'])} v{ri(0,1)}.{ri(1,15)}.{ri(0,9)} h1:{b64(rbytes(32))}"
        for _ in range(ri(2, 4))) + "\n```"
@neg(B)
def b21():
    return f"Sentry Event-ID {rhex(32)} (billing-export), gleiche Ursache wie {rhex(32)}."
@neg(B)
def b22():
    return f'```json\n{{"version": 4, "terraform_version": "1.8.5", "serial": {ri(20,900)}, "lineage": "{uuid4()}"}}\n```'
@neg(B)
def b23():
    cr = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    return "Batch-ids for genindlæsning (ULID):\n" + "\n".join(f"- 01J{rs(cr, 23)}" for _ in range(ri(2, 5)))
@neg(B)
def b24():
    return (f"OPC UA client cert:\n```\nX509v3 Subject Key Identifier:\n    {':'.join(rhex(2, True) for _ in range(20))}\n"
            f"X509v3 Authority Key Identifier:\n    {':'.join(rhex(2, True) for _ in range(20))}\n```")
@neg(B)
def b25():
    return (f"```\nHTTP/1.1 200 OK\nContent-Type: application/octet-stream\nContent-MD5: {b64(rbytes(16))}\n"
            f"x-goog-hash: crc32c={b64(rbytes(4))}\nx-goog-hash: md5={b64(rbytes(16))}\nETag: W/\"{rhex(40)}\"\nx-request-id: {rhex(32)}\n```")
@neg(B)
def b26():
    return (f"La firma del firmware è un blob CMS, il digest che conta è questo:\n`SHA-384: {b64(rbytes(48))}`\n"
            f"build {ri(1000,9999)}, pipeline {ri(100000,999999)}")

# ---------------------------------------------------------------- pii_lookalike_number
N = "pii_lookalike_number"
@neg(N)
def n01():
    return "\n".join(f"{ts_iso()} WARN  mdm-vee  gap detected mp={gsrn('571313')} from={ri(0,23):02d}:00 to={ri(0,23):02d}:45 estimated_kwh={ri(0,9)}.{ri(0,999):03d}"
                     for _ in range(ri(2, 5)))
@neg(N)
def n02():
    return (f"Målepunkt-ID {gsrn('707057')} står med feil nettområde i Elhub, skal være NO{ri(1,5)}. "
            f"Ny målepunkt-ID etter splitt: {gsrn('707057')}.")
@neg(N)
def n03():
    return f"Anläggnings-ID {gsrn('735999')} saknar mätvärden för {date_iso()}, ärendet ligger i kö {ri(1,9)}."
@neg(N)
def n04():
    core = mpan_core()
    return (f"UK pilot: MPAN top line `S {ri(1,8):02d} {ri(800,899)} {ri(100,999)}` + core `{core}` "
            f"(check digit ok), profile class {ri(1,8):02d}, LLF {ri(100,999)}.")
@neg(N)
def n05():
    return f"Ireland test feed, MPRN {mprn_ie()} mapped to DUoS group DG{ri(1,10)}; second MPRN {mprn_ie()} has no meter yet."
@neg(N)
def n06():
    rows = [f"{obis():<16} {ri(0,99999)}.{ri(0,999):03d} {ch(['kWh','kvarh','V','A','kW'])}" for _ in range(ri(4, 10))]
    return f"Udlæsning {meter_serial()} (register-profil):\n```\n" + "\n".join(rows) + "\n```"
@neg(N)
def n07():
    return (f"Der Zählpunkt {zaehlpunkt()} gehört zur Marktlokation {malo_id()}; "
            f"die zweite MaLo-ID {malo_id()} ist schon abgemeldet.")
@neg(N)
def n08():
    head = "| Tidsrum | Nettarif (øre/kWh) | Elafgift (øre/kWh) |\n|---|---:|---:|"
    rows = [f"| {a:02d}-{b:02d} | {ri(5,90)},{ri(0,99):02d} | {ri(0,80)},{ri(0,99):02d} |" for a, b in [(0, 6), (6, 17), (17, 21), (21, 24)]]
    return f"Tarifblad fra {date_eu()}:\n" + head + "\n" + "\n".join(rows)
@neg(N)
def n09():
    return (f"Outage OUT-2026-{ri(1000,99999):06d} on {feeder()}: {ri(12,4000)} customers, {ri(1,40)} secondary substations, "
            f"ETR {hm()}. Linked INC{ri(1000000,9999999)}, WO {ri(4000000000,4099999999)}.")
@neg(N)
def n10():
    rows = ["| Hold | Ordre | Station | Start | Slut |", "|---|---|---|---|---|"]
    for _ in range(ri(3, 7)):
        rows.append(f"| Hold {ri(1,9)} | {ri(4000000000,4099999999)} | {ch(SUBST)}-{ri(100,999)} | {hm()} | {hm()} |")
    return "Feltplan i morgen:\n" + "\n".join(rows)
@neg(N)
def n11():
    names = ["L1-N voltage", "L2-N voltage", "L3-N voltage", "Active power import", "Frequency", "Energy import (hi)", "Energy import (lo)", "Power factor"]
    rows = ["| Register | Name | Type | Scale |", "|---:|---|---|---:|"]
    start = ch([30001, 40001, 40101])
    for i, n in enumerate(R.sample(names, ri(4, 8))):
        rows.append(f"| {start + 2*i} | {n} | {ch(['float32','uint32','int16'])} | {ch(['1','0.1','0.01','0.001'])} |")
    return "Modbus map for the new PV inverter gateway:\n" + "\n".join(rows)
@neg(N)
def n12():
    return (f"Fakturakørsel {ri(202601,202612)}-{ri(1,9)}: {ri(10000,99999):,} fakturaer, sum {ri(1000000,90000000):,} DKK. "
            f"Fejlede: NV-{ri(2026000000,2026999999)}, NV-{ri(2026000000,2026999999)}.").replace(",", ".")
@neg(N)
def n13():
    ports = ch([("IEC 104", 2404), ("Modbus TCP", 502), ("MMS", 102), ("OPC UA", 4840), ("DNP3", 20000)])
    return "\n".join(f"{ports[0]} {priv_ip()}:{ports[1]} -> {ch(['UP','DOWN','UP','UP'])} rtt={ri(2,400)}ms" for _ in range(ri(3, 6))) + \
        f"\nTestbench: {doc_ip()}:{ports[1]}"
@neg(N)
def n14():
    t = ri(1767225600, 1798761599)
    return "```json\n" + json.dumps({"meter": meter_serial(), "obis": obis(), "readings": [
        {"t": (t + 900 * i) * 1000, "v": round(R.uniform(0, 3), 3)} for i in range(ri(3, 6))]}) + "\n```"
@neg(N)
def n15():
    return (f"ICS-advisory review: CVE-2026-{ri(10000,49999)} (RTU web UI, CVSS {ri(5,9)}.{ri(0,9)}) og CVE-2025-{ri(1000,49999)} "
            f"(Modbus DoS). Berørte firmwares {ri(2,5)}.{ri(0,20)}.{ri(0,99)} til {ri(5,7)}.{ri(0,9)}.{ri(0,9)}.")
@neg(N)
def n16():
    return f"message ts {ri(1767225600,1798761599)}.{ri(100000,999999)} in #grid-ops was the alarm storm start, thread ts {ri(1767225600,1798761599)}.{ri(100000,999999)}."
@neg(N)
def n17():
    return f"HMI-PCer kører build 10.0.{ri(17763,20348)}.{ri(1000,6000)}, historian {ri(2,4)}.{ri(0,9)}.{ri(0,99)}; begge er på whitelist."
@neg(N)
def n18():
    n = ri(10_000_000, 90_000_000)
    return f"VEE nightly: {n:,} reads checked, {ri(1000,90000):,} estimated, {ri(0,900):,} rejected ({ri(0,3)}.{ri(0,99):02d} %).".replace(",", " ")
@neg(N)
def n19():
    return f"Sandbox-kontoen er stadig AWS' eksempel `123456789012`; prod er en anden, se landing zone. Instance i-{rhex(17)} kører VEE."
@neg(N)
def n20():
    rows = [f"{ch(SUBST)}  {ri(49900,50100)/1000:.3f} Hz  {ri(228,242)}.{ri(0,9)} V  {ri(0,900)} A" for _ in range(ri(3, 7))]
    return "Snapshot kl " + hm() + ":\n```\n" + "\n".join(rows) + "\n```"
@neg(N)
def n21():
    rows = ["metering_point_id;timestamp_utc;kwh;quality"]
    base = ri(1767225600, 1798761599)
    for i in range(ri(15, 30)):
        rows.append(f"{gsrn(ch(['571313','570715']))};{base + 900*i};{R.uniform(0,4):.3f};{ch(['A','A','A','E','M'])}")
    return "Sample fra MDM-eksporten (syntetisk testdata):\n```csv\n" + "\n".join(rows) + "\n```"
@neg(N)
def n22():
    pod = "IT001E" + rs("0123456789", 8)
    while True:
        pdr = rs("0123456789", 14)
        if not luhn_ok(pdr): break
    return f"Per il pilota italiano: POD {pod} (luce) e PDR {pdr} (gas) arrivano nello stesso flusso, separare per prefisso."
@neg(N)
def n23():
    return "IEC 104 IOA-liste:\n```\n" + "\n".join(
        f"IOA {ri(1000,16777215):>8}  {ch(['M_SP_NA_1','M_DP_NA_1','M_ME_NC_1','C_SC_NA_1'])}  {feeder()}" for _ in range(ri(3, 7))) + "\n```"
@neg(N)
def n24():
    rows = ["| endpoint | p50 | p95 | p99 |", "|---|---:|---:|---:|"]
    for e in R.sample(["/reads", "/events", "/keys/rotate", "/disconnect", "/tariff"], ri(3, 5)):
        rows.append(f"| {e} | {ri(5,90)} ms | {ri(100,900)} ms | {ri(900,4000)} ms |")
    return "HES API latency last 24h:\n" + "\n".join(rows)
@neg(N)
def n25():
    return (f"```\nHTTP/1.1 429 Too Many Requests\nX-RateLimit-Limit: {ri(100,5000)}\nX-RateLimit-Remaining: 0\n"
            f"X-RateLimit-Reset: {ri(1767225600,1798761599)}\nRetry-After: {ri(1,120)}\n```")
@neg(N)
def n26():
    return (f"Planlagt afbrydelse {date_eu()} kl. {hm()}-{hm()}, station {ch(SUBST)}-{ri(100,999)}, "
            f"koordinater {R.uniform(54.6,57.7):.5f}, {R.uniform(8.1,12.6):.5f}, {ri(5,300)} målere berørt.")
@neg(N)
def n27():
    return (f"Cumann: tá {ri(10,900)} MPRN sa bhaisc {ri(100000,999999)}, an chéad cheann {mprn_ie()} agus an ceann deireanach {mprn_ie()}; "
            f"níl aon uimhir phearsanta iontu.")
@neg(N)
def n28():
    return f"Subnets for the OT DMZ: {ch(['10.42','10.61','10.88'])}.{ri(0,255)}.0/24, 172.{ri(16,31)}.{ri(0,255)}.0/26, CGNAT field routers 100.{ri(64,127)}.{ri(0,255)}.0/24."

# ---------------------------------------------------------------- talk_about_secrets
T = "talk_about_secrets"
SENT = {
 "en": ["we rotate the GUEK and GAK for every meter after a swap, the key-service logs only the key version",
        "please don't paste the HES API key in this channel, use the vault link",
        "the OPC UA client certificate for the historian expires next month, new private key goes straight into the HSM",
        "the shared SCADA operator password is gone, everyone has a personal account with MFA now",
        "customers sometimes read their card number to the hotline, agents must stop them and send the payment link",
        "billing exports must never contain the full IBAN, only the last four digits",
        "secret scanning flagged an AWS key in the mdm repo last week; it was revoked within 20 minutes",
        "the SSN field on the US vendor form is theirs to collect, not ours"],
 "da": ["vi roterer HLS-nøglerne på alle målere i DK1 i næste uge, husk at opdatere key-versionen i MDM",
        "CPR-nummeret må aldrig stå i et driftsticket, kun kundenummeret",
        "adgangskoden til RTU-webben er skiftet, den nye ligger i valvet",
        "tokenet til HES-leverandøren udløber fredag, vi skal have et nyt inden afregningskørslen",
        "telefonnumre fra afbrydelses-SMS'en bliver slettet efter 30 dage",
        "den private nøgle til SFTP-eksporten blev lagt i et image ved en fejl, den er roteret nu",
        "Betalingsservice-mandater med IBAN skal ud af loggen, vi maskerer dem i forvejen",
        "LLS-passwordet på de gamle målere er fælles pr. batch, derfor skifter vi til HLS"],
 "no": ["passordet til Elhub-sertifikatet skal ikke sendes på e-post, bruk hvelvet",
        "fødselsnummer skal aldri logges i målerverdi-integrasjonen",
        "vi bytter API-nøkkelen mot AMS-leverandøren etter revisjonen",
        "hemmelighetene i Helm-chartet er flyttet til External Secrets",
        "kundens telefonnummer og e-postadresse hentes fra CRM ved utsendelse, ikke fra MDM",
        "noen limte inn et token i tråden i går, det er tilbakekalt"],
 "sv": ["personnummer får inte finnas i exporten till faktureringen",
        "lösenordet till SCADA-ingenjörskontot byts varje kvartal",
        "vi har flyttat alla API-nycklar till valvet, inga nycklar i repot längre",
        "den privata nyckeln för OPC UA ligger i HSM:en och lämnar den aldrig",
        "kortnummer hanteras bara av betalningsleverantören, aldrig av oss"],
 "de": ["das Passwort für das Modbus-Gateway wurde nach dem Audit geändert",
        "bitte keine API-Schlüssel in Tickets kopieren, nur den Vault-Pfad",
        "die IBAN aus dem SEPA-Mandat darf nur maskiert im Log stehen",
        "der private Schlüssel des Zertifikats für das Smart-Meter-Gateway bleibt im HSM",
        "Telefonnummern der Störungsmeldungen werden nach 30 Tagen gelöscht"],
 "it": ["la password dell'RTU è stata cambiata dopo la manutenzione",
        "non incollate token o chiavi API nel canale, usate il vault",
        "il codice fiscale del cliente non deve comparire nei log di fatturazione",
        "l'IBAN va mostrato solo mascherato nelle esportazioni",
        "la chiave privata del certificato OPC UA resta nell'HSM"],
 "ga": ["athraíodh an pasfhocal don RTU inné, tá an ceann nua sa cruinneachán",
        "ná cuir eochair API ná comhartha isteach sa chainéal seo",
        "ní cheadaítear uimhreacha gutháin custaiméirí sna logaí",
        "fanann an eochair phríobháideach sa HSM i gcónaí"],
}
ALL_SENT = [(l, s) for l, v in SENT.items() for s in v]
def sent(): return ch(ALL_SENT)[1]
def cap(s): return s[0].upper() + s[1:]
@neg(T)
def t01(): return cap(sent()) + "."
@neg(T)
def t02(): return cap(sent()) + ".\n" + ch(["+1", "👍", "agreed", "enig", "einverstanden", "d'accordo", "håller med", "aontaím"])
@neg(T)
def t03(): return f"{cap(sent())}. {cap(sent())}."
@neg(T)
def t04():
    return ("Runbook: lækket token i Slack\n1. Tilbagekald tokenet hos udbyderen med det samme.\n2. Udsted et nyt og læg det i valvet.\n"
            "3. Slet beskeden og tjek audit-loggen.\n4. Skriv en kort hændelsesrapport (uden selve værdien!).")
@neg(T)
def t05():
    return (f"Incident summary {date_iso()}: a private key for the billing SFTP export was committed to a branch. "
            f"Detected by secret scanning after {ri(3,40)} min, key revoked, new key pair issued, partner updated. No data left the network.")
@neg(T)
def t06():
    pts = R.sample([s for _, s in ALL_SENT], ri(3, 5))
    return "Security sync, notes:\n" + "\n".join(f"- {cap(p)}" for p in pts)
@neg(T)
def t07():
    return ("Q: kan jeg give leverandøren vores HES-password midlertidigt?\nA: nej. Opret en tidsbegrænset bruger til dem, "
            "så kan vi lukke den igen uden at rotere noget.")
@neg(T)
def t08():
    return ("FAQ kundeservice:\n• Må jeg skrive kundens CPR i noten? Nej.\n• Må jeg notere kortnummeret? Nej, send betalingslinket.\n"
            "• Telefonnummer og e-mail? Kun i CRM-felterne, ikke i fritekst.")
@neg(T)
def t09():
    return ("The scanner regex for 18-digit metering point ids keeps matching card numbers. Proposal: check the GS1 "
            "check digit first, then Luhn, and only flag a card when the prefix and length fit a card scheme.")
@neg(T)
def t10():
    return (f"```\n{ts_iso()} ERROR external-secrets  could not get secret data from provider: "
            f"key \"grid/{ch(['mdm','hes','billing'])}/{ch(['db','api','sftp'])}\" not found (permission denied)\n```\n"
            "Policy'en mangler read på stien, værdien selv er fin.")
@neg(T)
def t11():
    return (f"Vault says `* permission denied` on `secret/data/scada/{ch(SUBST).lower()}` for the opcua-bridge role. "
            "Nobody needs to paste the password anywhere, just fix the policy.")
@neg(T)
def t12():
    return (f"Zertifikatswarnung: das Client-Zertifikat des Smart-Meter-Gateways läuft in {ri(3,30)} Tagen ab. "
            "Neuer Schlüssel wird im HSM erzeugt, CSR geht an die Sub-CA.")
@neg(T)
def t13():
    return ("Påminnelse: lösenord, API-nycklar och privata nycklar klistras aldrig in här. Om det händer: säg till i #grid-security, "
            "vi roterar och raderar meddelandet.")
@neg(T)
def t14():
    return ("Retningslinje: kunders fødselsnummer, kontonummer og telefonnummer hører hjemme i CRM. "
            "I Jira skriver vi bare kundenummer og målepunkt.")
@neg(T)
def t15():
    return ("Promemoria: i log della fatturazione non devono contenere IBAN completi, numeri di carta o codici fiscali. "
            "Se ne trovate uno, aprite un ticket di sicurezza senza copiare il valore.")
@neg(T)
def t16():
    return ("Meabhrúchán: ná cuir pasfhocail, eochracha ná uimhreacha cártaí isteach anseo. "
            "Má tharlaíonn sé, inis don fhoireann slándála agus athróimid iad.")
@neg(T)
def t17():
    return (f"Hvor ofte roterer vi GUEK? Svar: ved måleskift, ved mistanke om kompromittering og ellers hvert {ch(['år','andet år'])}. "
            "GAK følger med, LLS bruges kun på de gamle {0}-målere.".format(ch(["E350", "AM500"])))
@neg(T)
def t18():
    return ("NIS2 reporting draft: 'Credentials for an engineering workstation were exposed in a chat channel. "
            "They were rotated within one hour; no unauthorised logins to the SCADA system were observed.'")
@neg(T)
def t19():
    return ("do we store the DLMS keys in MDM? no: MDM only keeps the key *reference* and version, "
            "the keys stay in the key-service/HSM and the head-end fetches them per session")
@neg(T)
def t20():
    return ("Wer hat Zugriff auf die SEPA-Mandate mit IBAN? Nur Billing-Ops und der Export-Job. "
            "Für Tests nehmen wir die Beispiel-IBANs aus der Bankdokumentation, nie echte.")
@neg(T)
def t21():
    return (f"Retro {date_eu()}:\n- godt: tokenet blev roteret hurtigt\n- skidt: det lå i en offentlig gist i {ri(2,9)} timer\n"
            "- action: pre-commit hook med secret scanning i alle grid-repos")
@neg(T)
def t22():
    return ("Should the outage bot keep customers' phone numbers? Only for the duration of the outage; "
            "after restoration the SMS list is dropped, the ticket keeps a count.")
@neg(T)
def t23():
    return ("Frågan var om personnummer kan vara med i testdata. Nej, testdata genereras syntetiskt, "
            "och anläggnings-ID:n i testmiljön pekar inte på riktiga kunder.")
@neg(T)
def t24():
    return ("Il fornitore chiede la password dell'account di servizio via email. Risposta: no, creiamo un account dedicato "
            "con scadenza e lo condividiamo tramite il portale.")
@neg(T)
def t25():
    return (f"{cap(sent())}.\n\n{cap(sent())}.\n\n{cap(sent())}?")
@neg(T)
def t26():
    return ("AWS access keys for the meter-data lake: no long-lived keys any more, everything via IAM roles and OIDC "
            "from CI. If you still have an access key in ~/.aws/credentials, delete it and tell us.")

# ---------------------------------------------------------------- negative scanner
OBIS_CTX = re.compile(r"\d{1,3}-\d{1,3}:\d{1,3}\.\d{1,3}\.\d{1,3}(?:[.*]\d{1,3})?")
RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,}"),
    "slack": re.compile(r"xox[abposr]-\d+-"),
    "sk_key": re.compile(r"sk-[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"),
    "ssn": re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)"),
    "aws_key_id": re.compile(r"(?:AKIA|ASIA)[A-Z2-7]{16}"),
    "intl_phone": re.compile(r"\+\d{1,3}[ -]?\(?\d{2,4}\)?[ -]?\d{2,4}[ -]?\d{2,4}"),
    "iban": re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*([A-Za-z0-9+/=\s]{64,})-----END"),
    "ipv4": re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])"),
}
def iban_valid(s):
    s = s.replace(" ", "")
    if len(s) < 15 or len(s) > 34: return False
    t = s[4:] + s[:4]
    try: return int("".join(str(int(c, 36)) for c in t)) % 97 == 1
    except ValueError: return False
def scan(text):
    f = []
    for k in ("email", "github", "slack", "sk_key", "jwt", "ssn", "intl_phone"):
        f += [(k, m.group(0)) for m in RX[k].finditer(text)]
    f += [("aws_key_id", m.group(0)) for m in RX["aws_key_id"].finditer(text) if "EXAMPLE" not in m.group(0)]
    for m in RX["iban"].finditer(text):
        s = m.group(0).replace(" ", "")
        for L in range(15, len(s) + 1):
            if iban_valid(s[:L]): f.append(("iban", s[:L])); break
    f += [("pem", m.group(0)[:40]) for m in RX["pem"].finditer(text)]
    obis_spans = [m.span() for m in OBIS_CTX.finditer(text)]
    for m in RX["ipv4"].finditer(text):
        parts = [int(x) for x in m.groups()]
        if max(parts) > 255: continue
        ip = ipaddress.ip_address(".".join(map(str, parts)))
        if ip.is_global and not ip.is_multicast:
            if any(a <= m.start() and m.end() <= b for a, b in obis_spans): continue
            f.append(("public_ipv4", m.group(0)))
    # Luhn: plain runs and groups joined by single space/dash
    for m in re.finditer(r"\d+(?:[ -]\d+)*", text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19: break
                if len(tot) >= 13 and luhn_ok(tot): f.append(("luhn", tot))
    return f
def obis_dotted_quads(text):
    out = []
    for m in OBIS_CTX.finditer(text):
        for q in RX["ipv4"].finditer(m.group(0)):
            ip = ipaddress.ip_address(q.group(0)) if max(int(x) for x in q.groups()) < 256 else None
            if ip and ip.is_global: out.append(q.group(0))
    return out

LEAD = ["fyi ", "FYI: ", "Til info: ", "Til orientering: ", "Zur Info: ", "Per info: ", "Obs: ", "OBS: ", "Mar eolas: ",
        "NB: ", "heads-up: ", "Kort opdatering: ", "Kurz: ", "Nota: ", "Bara så ni vet: ", "Bare så dere vet: "]
TRAIL = ["\n(ingen handling nødvendig)", "\nthx", "\ntak", "\ntack", "\nDanke", "\ngrazie", "\ngo raibh maith agat",
         "\n— vakt", "\n:eyes:", "\nticket følger"]
SYSTEMS = ["HES", "MDM", "VEE", "SAP IS-U", "Elhub", "Datahub", "the historian", "OPC UA bridge", "IEC 104 gateway",
           "outage map", "field app", "billing export", "tariff engine", "key service", "Modbus gateway", "kundeportal"]
FRAMES = ["re: {s} migration", "Svar i tråden om {s}:", "Fra {s}-wikien:", "Aus dem {s}-Runbook:", "Från {s}-dokumentationen:",
          "Fra {s}-dokumentasjonen:", "Dal runbook di {s}:", "Ón leathanach wiki {s}:", "(copied from the {s} onboarding doc)",
          "{s} review, point {n}:", "Punkt {n} på dagsordenen ({s}):", "Nachtrag zu {s}, Punkt {n}:", "#{c} → {s}:"]
CHANS = ["grid-ops", "mdm-dev", "billing-integration", "scada-ot", "drift", "feltdrift", "grid-security"]
def frame(): return ch(FRAMES).format(s=ch(SYSTEMS), n=ri(1, 9), c=ch(CHANS)) + ch([" ", "\n"])
def decorate(t, eager):
    if eager and R.random() < 0.85: t = frame() + t
    elif R.random() < (0.5 if eager else 0.13): t = ch(LEAD) + t
    if R.random() < (0.6 if eager else 0.06): t = t + ch(TRAIL)
    return t

def build_negatives():
    out, seen, stats = [], set(), {"redraws": 0}
    for cat, tpls in NEG.items():
        order = list(range(len(tpls))); R.shuffle(order)
        made = 0; k = 0
        while made < 100:
            tpl = tpls[order[k % len(order)]]; k += 1
            for attempt in range(40):
                t = decorate(tpl(), attempt > 0)
                if t in seen or scan(t):
                    stats["redraws"] += 1; continue
                seen.add(t); out.append({"text": t, "category": cat, "_tpl": tpl.__name__}); made += 1
                break
    R.shuffle(out)
    recs = []
    for i, o in enumerate(out, 1):
        recs.append({"id": f"h41n-{i:04d}", "text": o["text"], "category": o["category"]})
    return recs, stats, out
KEYS = ['-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEID/gNQDDJx1x4JdtGTd3TfHi46z+BfbJMyHYLlO3+SzBoAoGCCqGSM49\nAwEHoUQDQgAEIdFV9M0MtGPDlH3qVPaweSq2MXln6+JOnCXhivRkbnFdpDziwhzV\n8bVLU209kbxudX/jA349d4nZNYj4zjKUDw==\n-----END EC PRIVATE KEY-----', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIDq8OonmhG0Qj6SAr/fFdqU6WS0omEhpgDJKtqvBIbpwoAoGCCqGSM49\nAwEHoUQDQgAE4yxvQ6ajDWng8B0roXGlbgpmG4NBxU7M1m+Mg6rVNeQ/p8r3hprO\n+mHl+EHY/4q/S5qmiPXtFGHHWnrcxeV3JQ==\n-----END EC PRIVATE KEY-----', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEINqMvPN4Uz68F1t67v6AHNsnjZSMnnG5oU1XHsEc0mbfoAoGCCqGSM49\nAwEHoUQDQgAELRED7Lq6Msx8n22vYBO7oBimR4DtUWehsQcnPiWKIwB36dX8EAgW\neK9JnhGG2v9EqtoS8Rsna17anIE8Ub9Rmg==\n-----END EC PRIVATE KEY-----', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIMDi9sef1bkH8f3SU8zqJwjclqL4LAv3RN7fLCZ2+Fyd\n-----END PRIVATE KEY-----', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIEuMdF+rId+o2UH7Xd5WNc8qCVF6uBZQkmhCQASGUE16\n-----END PRIVATE KEY-----', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIAYdcmFHEx8fa2eHedwkgurGCZnhWKwfAiAdrHMNKiM7\n-----END PRIVATE KEY-----', '-----BEGIN RSA PRIVATE KEY-----\nMIICXQIBAAKBgQDPmmxUZEhhS9abwu1G89N/CSQYk8bk40CFLbVlg9r4NXOJdgAK\n/S2UUoWEZ/mMKl2maJYflb9HuwIMZUa9HhQ4vuII2UFtH751sDbtOqTwvP3e9fCo\nzUs0eSReIENLynk9WnISclFCs17oFdvthX5K7r7iHGFcw5r3zRSi+WS6lwIDAQAB\nAoGBALjFLy95RbZbAjoFpptkvdMt9pNtSzNCU5V01iLw1P3ezOMGRAmDxoJhY/Yx\neDhZKJrIMP0RkXotJiiUJv6A++regyTmDrKzbmsIjAOT0NSCTT4LmyavSvQupjsP\nE+17FPLAg0UlPl8q6Zk2aDV3enKiSBLpSkb5BZDz0jFE7/lBAkEA8vI73dUc8vSM\nnIws931BOMSPSnJa0XHNBIBQ031z3OxbuC2lCZosAjSS9on8l5qLbEpg8k8XDyTx\ntazXlL7gdwJBANrCCk6rSUDK8/YhJ3au61Yq+b2GyF7hxGxJdSYMtWMj4dMvk8Uo\nAR+u5yrSUAL/CIrCmqhoyzofXpiiyieonuECQBKt+1poG2y2zuTuhjqVP+GMg3P2\n7PKzrE7PSuen+rOe3MKBh/IAD6gvwKkCHRDPCi9OXLvkxuIcNhWA76Z5MqsCQQCV\n/yDkKkyTMdYv+TG/DldtgRA3JVj0vidZ/NBn46ToMq1giinvsOt8VwhI82ZLd6Xa\nx28WdKyM0P+i91RX9yXhAkBOOnloNwOxTXLVLNlR870CPczMZ1XIVEmfSVLUK5df\nGNs4ynF4aPWDLKf3VV6oXr64wDtfHMSX+t0rXsCT7SJ7\n-----END RSA PRIVATE KEY-----', '-----BEGIN RSA PRIVATE KEY-----\nMIICXQIBAAKBgQDLi51dDrL/KNZlioOeWK2juaz5vfWao5VZ7WOONFXfjcEJPOap\nQhPMp6pwlZvNOWr61Mvcviv01L7VMHShp72B984K+/naWq+2fyql+Wxg/RHzGvMK\nw1LsO3sEbXB8LMmUaZmgOABNPYkNrMOEHHkogz4lr5jvIIqfybx+CoHuyQIDAQAB\nAoGBALjG53Yg7/GeuvK3CcDns8nbtuGIxrs5IU3fqO7hJ8unvcOLG8IvkBXLZ3iI\n+EUXiLxoDSE5KmI593tFX7uYsPj4scbo2zI5vv/YlPg5TjKRLhdCm8PPEN+vrOvF\nLXGAxmwNuZ0QPeBPFgUssrBSOFc6B6IRTQepGZ1TftxoQoyZAkEA/UMOA6PYTdT2\nq4juhaOrOU21na8wjKQ6ql/y/+8HJJCXRn+rixsrQP1tkmqE3IQPldfp9ZLLC7Iv\nsrHTFPFNAwJBAM2+9gFR8P0/J/6SWgIUt8xjCNgNkISC5Ri9qXNjDK884jwCIZcZ\n0NZVcQRTYbKRbRU7fvXqmQ+dvmPxeo4F7UMCQENPcQgSoch901lfuVUXXMiMGLrh\n9ttKQrVJbwIKezGCpFH+WI9OFz7cnCSP3uPkzWebzPiRnRlssDSkAl/MihUCQG/s\nGKEBNUpeR+BpNsN5B78MhKwbPOmI1x2NVxeo4yaUxTEFq8Ypyfw+gHts7HGaQK/T\nLK6UDu16zy5JF3UY7kcCQQCmcOtuncJ+Grvxik8fDXjTNUvTvNDXd6WSVn+uUxw7\nLkOqtblX/eVhca0N96NVHGTHkq1qNK/wkmLpiOAniiii\n-----END RSA PRIVATE KEY-----', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACAEwQH5ltkHsTkR6K3bl5Fsg+3cEIvpae00IlYw5HjFuQAAAIixLOIKsSzi\nCgAAAAtzc2gtZWQyNTUxOQAAACAEwQH5ltkHsTkR6K3bl5Fsg+3cEIvpae00IlYw5HjFuQ\nAAAECiXqI0KIVqPw6DiMHyQ7jTt/0ZWAUHpJXKYaIx+rvR8ATBAfmW2QexORHorduXkWyD\n7dwQi+lp7TQiVjDkeMW5AAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----']


# ================================================================ POSITIVES
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
def base62(n):
    s = ""
    a = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    while n: n, r = divmod(n, 62); s = a[r] + s
    return s.rjust(6, "0")
def v_aws_id(): return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(B32[:26] + "234567", 16)
def v_aws_secret(): return rs(ALNUM + "/+", 40)
def v_ghp():
    body = rs(ALNUM, 30); return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xffffffff)
def v_ghpat(): return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + rs(ALNUM, 59)
def v_xoxb(): return f"xoxb-{ri(10**9, 10**12)}-{ri(10**12, 10**13-1)}-{rs(ALNUM, 24)}"
def v_xoxp(): return f"xoxp-{ri(10**9, 10**12)}-{ri(10**10, 10**12)}-{ri(10**12, 10**13-1)}-{rhex(32)}"
def v_openai():
    k = ri(0, 2)
    if k == 0: return "sk-proj-" + rs(B64U, 58) + "T3BlbkFJ" + rs(B64U, 58)
    if k == 1: return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(B64U, 58) + "T3BlbkFJ" + rs(B64U, 58)
def v_anthropic(): return "sk-ant-api03-" + rs(B64U, 93) + "AA"
def v_jwt():
    if R.random() < 0.5:
        h = {"alg": "HS256", "typ": "JWT"}; sig = b64u(rbytes(32))
    else:
        h = {"alg": "RS256", "typ": "JWT", "kid": rhex(16)}; sig = b64u(rbytes(256))
    now = ri(1767225600, 1798761599)
    p = {"iss": ch(["https://login.nordvik-energi.dk/realms/grid", "https://hes-vendor.example-partner.eu/oauth", "https://sts.nordvik.internal"]),
         "sub": ch(["svc-mdm-ingest", "svc-billing-export", "field-app", "opcua-bridge", f"crew-{ri(1,9)}"]),
         "aud": ch(["hes-api", "mdm", "outage-api"]), "iat": now, "exp": now + ch([900, 3600, 86400]),
         "scope": ch(["reads:write", "meters:read events:read", "outage:write", "keys:rotate"])}
    return b64u(json.dumps(h, separators=(",", ":")).encode()) + "." + b64u(json.dumps(p, separators=(",", ":")).encode()) + "." + sig
def v_password():
    k = ri(0, 3)
    if k == 0: return rs(ALNUM, ri(4, 6)) + ch("!#%&*?@$") + rs(ALNUM, ri(5, 8))
    if k == 1: return ch(["Fjord", "Kabel", "Trafo", "Nordlys", "Vinter", "Skagen", "Brygge", "Elmast"]) + ch(["-", "_", "."]) + \
        ch(["Vind", "Strom", "Kraft", "Maaler", "Linje", "Storm"]) + str(ri(10, 99)) + ch("!#?%")
    if k == 2: return rs(ALNUM + "!#%*", ri(14, 20))
    return ch(["Hav", "Sol", "Lys", "Sky"]) + rs("0123456789", 4) + ch(["Kv", "Mw", "Hz"]) + rs(ALNUM, 5) + "!"
def v_urlpw(): return rs(ALNUM, ri(12, 22)) if R.random() < 0.6 else v_password().replace("@", "#").replace("/", "x").replace("?", "x").replace("#", "x")
PEOPLE = [("Mette", "Kjær", "mette.kjaer"), ("Lars", "Holm", "lars.holm"), ("Ingrid", "Solberg", "ingrid.solberg"),
          ("Karin", "Lindqvist", "karin.lindqvist"), ("Jonas", "Becker", "jonas.becker"), ("Giulia", "Ferri", "giulia.ferri"),
          ("Siobhán", "Ní Bhriain", "siobhan.nibhriain"), ("Rasmus", "Dahl", "rasmus.dahl"), ("Tove", "Berg", "tove.berg"),
          ("Pádraig", "Ó Murchú", "padraig.omurchu"), ("Anke", "Vogel", "anke.vogel"), ("Emil", "Sørensen", "emil.sorensen")]
DOMAINS = ["nordvik-energi.dk", "nordvik-elnett.no", "nordvik-elnat.se", "kabelmontage-nord.de", "contatori-ferri.it",
           "lionra-seirbhis.ie", "meterservice-partner.eu"]
def v_email(p=None):
    p = p or ch(PEOPLE); return f"{p[2]}{ch(['', '', str(ri(1,9))])}@{ch(DOMAINS)}"
def v_phone(cc=None):
    cc = cc or ch(["dk", "no", "se", "de", "it", "ie", "uk"])
    while True:
        d = lambda n: rs("0123456789", n)
        if cc == "dk": v = ch([f"+45 {ri(20,31)} {d(2)} {d(2)} {d(2)}", f"{ri(20,31)} {d(2)} {d(2)} {d(2)}", f"+45{ri(20,31)}{d(6)}"])
        elif cc == "no": v = ch([f"+47 {ch('49')}{d(2)} {d(2)} {d(3)}", f"{ch('49')}{d(2)} {d(2)} {d(3)}"])
        elif cc == "se": v = ch([f"07{ch('0236')}-{d(3)} {d(2)} {d(2)}", f"+46 7{ch('0236')} {d(3)} {d(2)} {d(2)}"])
        elif cc == "de": v = ch([f"+49 1{ch(['51','52','60','70','71','76'])} {d(8)}", f"01{ch(['51','60','71','76'])} {d(7)}"])
        elif cc == "it": v = ch([f"+39 3{ri(20,49)} {d(3)} {d(4)}", f"3{ri(20,49)} {d(3)} {d(4)}"])
        elif cc == "ie": v = ch([f"08{ch('35679')} {d(3)} {d(4)}", f"+353 8{ch('35679')} {d(3)} {d(4)}"])
        else: v = ch([f"07{ri(400,999)} {d(6)}", f"+44 7{ri(400,999)} {d(6)}"])
        digits = re.sub(r"\D", "", v)
        if not (13 <= len(digits) <= 19 and luhn_ok(digits)): return v
def v_card():
    k = ri(0, 2)
    if k == 0: d = luhn_complete("4" + rs("0123456789", 14))
    elif k == 1: d = luhn_complete(ch(["51", "52", "53", "54", "55"]) + rs("0123456789", 13))
    else: d = luhn_complete(ch(["34", "37"]) + rs("0123456789", 12))
    sty = ri(0, 2)
    if sty == 0: return d
    sep = " " if sty == 1 else "-"
    if len(d) == 15: return sep.join([d[:4], d[4:10], d[10:]])
    return sep.join(d[i:i+4] for i in range(0, 16, 4))
IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
def it_cin(s):
    tot = 0
    for i, c in enumerate(s):
        v = int(c) if c.isdigit() else ord(c) - 65
        tot += IT_ODD[v] if i % 2 == 0 else v
    return chr(65 + tot % 26)
def v_iban(cc=None):
    cc = cc or ch(["DK", "NO", "SE", "DE", "IT", "IE", "GB"])
    dg = lambda n: rs("0123456789", n)
    while True:
        if cc == "DK": bban = dg(4) + dg(10)
        elif cc == "NO":
            b = dg(10); s = sum(int(a) * w for a, w in zip(b, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2])) % 11
            c = 0 if s == 0 else 11 - s
            if c == 10: continue
            bban = b + str(c)
        elif cc == "SE": bban = ch(["500", "800", "600", "300"]) + dg(17)
        elif cc == "DE": bban = dg(8) + dg(10)
        elif cc == "IT":
            rest = dg(5) + dg(5) + dg(12); bban = it_cin(rest) + rest
        elif cc == "IE": bban = ch(["AIBK", "BOFI", "IPBS"]) + dg(6) + dg(8)
        else: bban = ch(["NWBK", "BARC", "LOYD", "HBUK"]) + dg(6) + dg(8)
        t = bban + cc + "00"
        chk = 98 - int("".join(str(int(c, 36)) for c in t)) % 97
        v = f"{cc}{chk:02d}{bban}"
        assert iban_valid(v)
        return " ".join(v[i:i+4] for i in range(0, len(v), 4)) if R.random() < 0.5 else v
def v_ssn():
    while True:
        a = ri(1, 899)
        if a != 666: break
    v = f"{a:03d}-{ri(1,99):02d}-{ri(1,9999):04d}"
    return v
def v_ip():
    while True:
        ip = ipaddress.ip_address(f"{ri(1,223)}.{ri(0,255)}.{ri(0,255)}.{ri(1,254)}")
        if ip.is_global and not ip.is_multicast and not ip.is_reserved: return str(ip)

def P_(): return ch(PEOPLE)
TP = {
 "aws_access_key_id": [
    lambda v: f"Athena-forespørgslerne på måledata-søen fejler med min nøgle, prøv med `{v}` (kun read på s3://nordvik-mdm-exports)",
    lambda v: f"```\n[mdm-lake]\naws_access_key_id = {v}\nregion = eu-north-1\n```\nsecret sender jeg i DM",
    lambda v: f"Der Export-Job nutzt noch den Access Key {v} vom alten Servicekonto, bitte deaktivieren.",
    lambda v: f"{ts_iso()} WARN billing-export using static credentials AccessKeyId={v} source=env",
 ],
 "aws_secret_access_key": [
    lambda v: f"the secret for the lake role is `{v}` — rotate it after the migration pls",
    lambda v: f"```yaml\nenv:\n  - name: AWS_SECRET_ACCESS_KEY\n    value: \"{v}\"\n```",
    lambda v: f"hemmeligheten til S3-eksporten: {v}\n(samme bruker som før)",
    lambda v: f"export AWS_SECRET_ACCESS_KEY={v}",
 ],
 "github_classic_pat": [
    lambda v: f"CI kan ikke hente grid-libs, brug mit PAT indtil videre: {v}",
    lambda v: f"```\ngit clone https://x-access-token:{v}@github.com/nordvik-energi/hes-gateway.git\n```",
    lambda v: f"GH_TOKEN={v} ./scripts/release_dlms_codec.sh",
    lambda v: f"Token für den Renovate-Bot: `{v}` (repo scope, läuft in 30 Tagen ab)",
 ],
 "github_fine_grained_pat": [
    lambda v: f"fine-grained token for the obis-mapping repo only: {v}",
    lambda v: f"```toml\n[github]\ntoken = \"{v}\"\nrepo = \"nordvik-energi/tariff-tables\"\n```",
    lambda v: f"Il token per le GitHub Actions del portale è {v}, scade a fine mese.",
    lambda v: f"Nytt token for deploy av outage-bot: {v}",
 ],
 "slack_bot_token": [
    lambda v: f"outage-notifier skal bruge bot-tokenet `{v}` i #drift-afbrydelser",
    lambda v: f"```\nSLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=C0{rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 9)}\n```",
    lambda v: f"SCADA-larmbryggan postar med {v}, byt till den nya appen nästa vecka.",
    lambda v: f"curl -s -H 'Authorization: Bearer {v}' -d channel=grid-alarms -d text=test https://slack.com/api/chat.postMessage",
 ],
 "slack_user_token": [
    lambda v: f"mit user-token til export-scriptet af kanalhistorikken: {v}",
    lambda v: f"```python\nclient = WebClient(token=\"{v}\")  # user token, needed for search.messages\n```",
    lambda v: f"Brukertoken for arkiveringsjobben: {v}",
    lambda v: f"Mein User-Token für den Kanal-Export: {v} — nur bis Freitag gültig.",
 ],
 "openai_api_key": [
    lambda v: f"the outage-summary prototype uses `OPENAI_API_KEY={v}`",
    lambda v: f"```python\nclient = OpenAI(api_key=\"{v}\")\nsummary = summarise_ticket(client, ticket)\n```",
    lambda v: f"Nøglen til tarif-chatbotten i testmiljøet: {v}",
    lambda v: f"La chiave per il classificatore dei ticket: {v}",
 ],
 "anthropic_api_key": [
    lambda v: f"ANTHROPIC_API_KEY={v}",
    lambda v: f"Nyckeln till sammanfattningen av störningsrapporter: {v} (testkonto)",
    lambda v: f"```yaml\nllm:\n  provider: anthropic\n  api_key: {v}\n```",
    lambda v: f"Den API-Key für den Ticket-Zusammenfasser habe ich hier: `{v}`",
 ],
 "jwt": [
    lambda v: f"HES API returnerer 401 med dette token, er det udløbet?\n```\nAuthorization: Bearer {v}\n```",
    lambda v: f"token from the field app log: {v}",
    lambda v: f"```\ncurl -H \"Authorization: Bearer {v}\" https://outage-api.nordvik-energi.dk/v1/tickets\n```",
    lambda v: f"Access-Token aus dem Keycloak-Test: {v}",
    lambda v: f"{ts_iso()} DEBUG opcua-bridge got access_token={v} expires_in=3600",
 ],
 "password": [
    lambda v: f"Adgangskoden til RTU-webben i {ch(SUBST)} er {v}, skift den efter besøget.",
    lambda v: f"passordet til AMS-headend testbruker er: {v}",
    lambda v: f"Lösenordet för historian-kontot: {v}",
    lambda v: f"Das Passwort für das Modbus-Gateway lautet {v} (Werkseinstellung schon geändert).",
    lambda v: f"La password dell'utente di servizio MDM è {v}",
    lambda v: f"Is é an pasfhocal don chuntas SCADA ná {v}",
    lambda v: f"```\nServer=sql-billing01;Database=Billing;User Id=svc_export;Password={v};Encrypt=true\n```",
    lambda v: f"```yaml\nopcua:\n  user: historian_ro\n  password: \"{v}\"\n```",
    lambda v: f"```properties\nspring.datasource.username=mdm\nspring.datasource.password={v}\n```",
    lambda v: f"```ini\n[dlms]\nclient_address = 16\nlls_password = {v}\n```",
 ],
 "url_credentials": [
    lambda v: f"```\nDATABASE_URL=postgresql://mdm_writer:{v}@mdm-db.prod.nordvik.internal:5432/mdm\n```",
    lambda v: f"Broker-URL til måleraflæsningerne: amqps://hes_ingest:{v}@mq.nordvik.internal:5671/reads",
    lambda v: f"```python\nengine = create_engine(\"mysql+pymysql://tariff:{v}@tariffdb.nordvik.internal/tariffs\")\n```",
    lambda v: f"sftp://sap_isu:{v}@sftp.billing.nordvik.internal/outbound/ — exporten ligger der fra kl. 02",
    lambda v: f"MONGO_URI=mongodb+srv://fieldapp:{v}@cluster0.nordvik.internal/crew?retryWrites=true",
    lambda v: f"redis://:{v}@cache-outage.nordvik.internal:6379/2",
 ],
 "email_address": [
    lambda v: f"Spørg {v}, hun ejer integrationen til Elhub.",
    lambda v: f"Leverandørens kontakt for firmware-fejlen er {v}",
    lambda v: f"Bitte die Rechnung an {v} schicken, nicht an das Sammelpostfach.",
 ],
 "phone_number": [
    lambda v: f"vagthavende i nat: ring på {v} hvis {ch(SUBST)} falder ud",
    lambda v: f"Montøren på stedet kan nås på {v}",
    lambda v: f"Ring {v} om mätarbytet, hon är på plats efter lunch.",
    lambda v: f"Il tecnico del fornitore risponde al {v}",
    lambda v: f"Uimhir an innealtóra ar dualgas: {v}",
    lambda v: f"Rufbereitschaft Netzleitstelle: {v}",
 ],
 "credit_card": [
    lambda v: f"firmakortet til licensfornyelsen af SCADA-softwaren: {v}, udløb {ri(1,12):02d}/{ri(27,31)}",
    lambda v: f"Kunden las im Chat ihre Kartennummer vor: {v} — bitte Ticket bereinigen.",
    lambda v: f"Kortnumret som låg i supportärendet: {v}",
    lambda v: f"card used for the cloud bill of the MDM sandbox is {v} (exp {ri(1,12):02d}/{ri(27,31)}, cvc in 1Password)",
    lambda v: f"Il numero della carta aziendale per il portale del fornitore: {v}",
 ],
 "iban": [
    lambda v: f"Kunden vil skifte Betalingsservice-konto til {v} fra næste rate.",
    lambda v: f"Refusjonen for feilfaktureringen skal til {v}",
    lambda v: f"Återbetalningen ska gå till {v}, se ärendet.",
    lambda v: f"Neue Bankverbindung des Lieferanten: IBAN {v}",
    lambda v: f"L'IBAN del cliente per il rimborso è {v}",
    lambda v: f"Tá an t-aisíoc le dul chuig {v}",
    lambda v: f"```\nmandate_id;iban;status\nMND-{ri(100000,999999)};{v};ACTIVE\n```",
 ],
 "us_ssn": [
    lambda v: f"The US commissioning engineer's SSN for the badge request: {v}",
    lambda v: f"For the W-9 from the SCADA contractor: SSN {v}",
    lambda v: f"Den amerikanske konsulentens SSN ({v}) står i onboarding-arket, det må flyttes.",
    lambda v: f"SSN des US-Auditors laut Formular: {v}",
 ],
 "ipv4_address": [
    lambda v: f"VPN-endpointet til leverandørens HES er {v}, whitelist det i firewallen.",
    lambda v: f"Wir sehen Modbus-Scans von {v} auf dem DMZ-Gateway.",
    lambda v: f"{ts_iso()} WARN iec104-gw rejected connection from {v}:{ri(1024,65535)} (not in allowlist)",
    lambda v: f"Il server NTP del fornitore è {v}, aprite UDP 123.",
    lambda v: f"Elhub-testmiljøet svarer fra {v}",
    lambda v: f"Sessionen kom från {v} enligt loggen, inte från vårt nät.",
 ],
}
PAIRS = {
 "aws": (["aws_access_key_id", "aws_secret_access_key"], [
    lambda a, b: f"```ini\n[mdm-lake]\naws_access_key_id = {a}\naws_secret_access_key = {b}\n```",
    lambda a, b: f"AWS_ACCESS_KEY_ID={a}\nAWS_SECRET_ACCESS_KEY={b}",
    lambda a, b: f"Nøglepar til backup-bucket'en: {a} / {b}",
    lambda a, b: f"```json\n{{\"AccessKeyId\": \"{a}\", \"SecretAccessKey\": \"{b}\", \"Region\": \"eu-north-1\"}}\n```",
 ]),
 "contact": (["email_address", "phone_number"], [
    lambda a, b: f"Kontaktperson hos målerleverandøren: {a}, tlf. {b}",
    lambda a, b: f"Kontakt montørfirmaet: {a} / {b}",
    lambda a, b: f"Ansprechpartner Netzbetrieb: {a}, mobil {b}",
    lambda a, b: f"Referente del fornitore: {a}, cell. {b}",
 ]),
 "refund": (["iban", "email_address"], [
    lambda a, b: f"Refusion til {a}, kvittering sendes til {b}",
    lambda a, b: f"Refund goes to {a}, confirmation to {b}",
 ]),
 "rtu": (["password", "ipv4_address"], [
    lambda a, b: f"Leverandørens jump-host {b}, bruger svc_rtu, password {a}",
    lambda a, b: f"RTU-Fernzugang über {b}, Passwort: {a}",
    lambda a, b: f"Remote access to the inverter park: host {b}, password `{a}`",
 ]),
 "llm": (["openai_api_key", "anthropic_api_key"], [
    lambda a, b: f"for the bake-off: OPENAI_API_KEY={a}\nANTHROPIC_API_KEY={b}",
    lambda a, b: f"Nøglerne til sammenligningen: OpenAI `{a}` og Anthropic `{b}`",
 ]),
 "cardcall": (["credit_card", "phone_number"], [
    lambda a, b: f"Kunden ringede fra {b} og oplyste kortnummer {a}, ticketet skal renses.",
 ]),
 "vendor_us": (["us_ssn", "email_address"], [
    lambda a, b: f"US contractor onboarding: SSN {a}, work email {b}",
    lambda a, b: f"Onboarding USA-konsulent: SSN {a}, e-post {b}",
 ]),
}
PAIR_COUNTS = {"aws": 6, "contact": 4, "refund": 2, "rtu": 3, "llm": 2, "cardcall": 1, "vendor_us": 2}
SINGLE_COUNTS = {"aws_access_key_id": 4, "aws_secret_access_key": 4, "github_classic_pat": 9, "github_fine_grained_pat": 9,
                 "slack_bot_token": 9, "slack_user_token": 9, "openai_api_key": 7, "anthropic_api_key": 7, "jwt": 9,
                 "private_key_pem": 9, "password": 7, "url_credentials": 10, "email_address": 2, "phone_number": 5,
                 "credit_card": 8, "iban": 8, "us_ssn": 7, "ipv4_address": 7}
GEN = {"aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "github_classic_pat": v_ghp,
       "github_fine_grained_pat": v_ghpat, "slack_bot_token": v_xoxb, "slack_user_token": v_xoxp, "openai_api_key": v_openai,
       "anthropic_api_key": v_anthropic, "jwt": v_jwt, "password": v_password, "url_credentials": v_urlpw,
       "email_address": v_email, "phone_number": v_phone, "credit_card": v_card, "iban": v_iban, "us_ssn": v_ssn,
       "ipv4_address": v_ip}

def pem_text(i, key):
    lines = key.split("\n"); head, body, foot = lines[0], lines[1:-1], lines[-1]
    kt = head.replace("-----BEGIN ", "").replace("-----", "").strip()
    lay = i % 3
    if lay == 0:
        v = "\n".join(body)
        t = ch(["HES-klientnøglen til TLS mod målerleverandøren (midlertidig, roteres i morgen):",
                "private key for the billing SFTP push, sorry for pasting it here:",
                "Der Schlüssel für den MQTT-Bridge-Client:", "La chiave del client OPC UA:"]) + "\n```\n" + key + "\n```"
    elif lay == 1:
        ind = "    "; v = ("\n" + ind).join(body)
        t = ("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: opcua-bridge-client\nstringData:\n  client.key: |\n"
             + "\n".join(ind + l for l in lines) + "\n```")
    else:
        v = "\\n".join(body)
        t = "```json\n" + json.dumps({"service": ch(["dlms-key-rotator", "sftp-export", "iec104-gw"]), "tls_key": key}) + "\n```"
    return t, v, f"private_key_pem:{kt.replace(' ', '_').lower()}:layout{lay}"

def build_positives():
    recs = []
    for kind, n in SINGLE_COUNTS.items():
        for i in range(n):
            if kind == "private_key_pem":
                t, v, ctx = pem_text(i, KEYS[i % len(KEYS)])
                recs.append({"text": t, "secrets": [{"kind": kind, "value": v}], "context": ctx}); continue
            tpls = TP[kind]; j = i % len(tpls)
            if kind == "phone_number": v = v_phone(["dk", "no", "se", "it", "ie", "de"][j])
            elif kind == "iban": v = v_iban(["DK", "NO", "SE", "DE", "IT", "IE", "GB"][j])
            else: v = GEN[kind]()
            recs.append({"text": tpls[j](v), "secrets": [{"kind": kind, "value": v}], "context": f"{kind}:t{j}"})
    for name, n in PAIR_COUNTS.items():
        kinds, tpls = PAIRS[name]
        for i in range(n):
            j = i % len(tpls)
            vals = [GEN[k]() for k in kinds]
            recs.append({"text": tpls[j](*vals), "secrets": [{"kind": k, "value": v} for k, v in zip(kinds, vals)],
                         "context": f"multi:{name}:{j}"})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": f"h41p-{i:04d}", "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out

def check_positive(r):
    for s in r["secrets"]:
        k, v = s["kind"], s["value"]
        assert v in r["text"], (r["id"], v)
        if k == "credit_card": assert luhn_ok(re.sub(r"\D", "", v))
        if k == "iban": assert iban_valid(v)
        if k == "us_ssn":
            a, g, sr = v.split("-"); assert a not in ("000", "666") and int(a) < 900 and g != "00" and sr != "0000"
        if k == "ipv4_address":
            ip = ipaddress.ip_address(v); assert ip.is_global and not ip.is_multicast
        if k == "jwt":
            h, p, _ = v.split(".")
            for part in (h, p): json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        if k == "private_key_pem":
            base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
        if k == "github_classic_pat":
            body = v[4:34]; assert v[34:] == base62(zlib.crc32(body.encode()) & 0xffffffff)

def main():
    negs, stats, raw = build_negatives()
    poss = build_positives()
    # guarantees
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    from collections import Counter
    cc = Counter(r["category"] for r in negs); assert all(v == 100 for v in cc.values()) and len(cc) == 6
    for r in negs: assert not scan(r["text"]), (r["id"], scan(r["text"]))
    assert len(poss) == 150
    kc = Counter(s["kind"] for r in poss for s in r["secrets"]); assert sum(kc.values()) == 170 and len(kc) == 18
    assert all(v in (9, 10) for v in kc.values())
    assert Counter(len(r["secrets"]) for r in poss) == {1: 130, 2: 20}
    for r in poss: check_positive(r)
    with open(os.path.join(HERE, "redaction41_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in negs: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction41_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in poss: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    tc = Counter(o["_tpl"] for o in raw)
    missed = [r["id"] for r in poss if len(scan(r["text"])) == 0]
    obq = sorted({q for r in negs for q in obis_dotted_quads(r["text"])})
    print(f"negatives: {len(negs)} {dict(cc)} redraws={stats['redraws']} templates_used={len(tc)}")
    print(f"positives: {len(poss)} secrets={sum(kc.values())} {dict(kc)}")
    print(f"scanner finds nothing in {len(missed)} positives (scanner is a negative-side guard only)")
    print(f"OBIS dotted quads that are public-IPv4-shaped (exempted): {len(obq)} distinct, in "
          f"{sum(1 for r in negs if obis_dotted_quads(r['text']))} negatives")
    lines = [len(r['text'].split('\n')) for r in negs]
    print(f"neg lines min/max {min(lines)}/{max(lines)}; single-line {sum(1 for l in lines if l == 1)}; >=10 lines {sum(1 for l in lines if l >= 10)}")
    for cat in NEG:
        ls = [len(o['text'].split('\n')) for o in raw if o['category'] == cat]
        print(f"  {cat}: templates={len(NEG[cat])} used={len({o['_tpl'] for o in raw if o['category']==cat})} lines {min(ls)}/{max(ls)}")

if __name__ == "__main__":
    main()
