#!/usr/bin/env python3
"""Generator for held-out redaction corpus #9 (DEVELOPMENT set).

Standard library only, deterministic: random.Random(9909). Writes
redaction9_negatives.jsonl and redaction9_positives.jsonl next to itself.
Theme: Slack workspaces of non-software-only companies (support/CS, sales ops,
HR/people ops, logistics, healthcare IT, game studios, research labs) plus
their engineers.
"""
import base64, binascii, gzip, hashlib, io, json, os, re, string, struct, sys, zipfile, zlib, uuid

import random

SEED = 9909
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = "redaction9"
IDP = "h9"

B62 = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64URL = string.ascii_letters + string.digits + "-_"


def rs(r, alphabet, n):
    return "".join(r.choice(alphabet) for _ in range(n))


def hx(r, n):
    return rs(r, HEX, n)


def b64(b):
    return base64.b64encode(b).decode()


def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        x = int(ch)
        if i % 2:
            x *= 2
            if x > 9:
                x -= 9
        s += x
    return s % 10 == 0


def luhn_complete(prefix_digits):
    for c in "0123456789":
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c


def non_luhn(r, n, first="123456789"):
    while True:
        d = r.choice(first) + "".join(r.choice("0123456789") for _ in range(n - 1))
        if not luhn_ok(d):
            return d


def digits(r, n, first="123456789"):
    return r.choice(first) + "".join(r.choice("0123456789") for _ in range(n - 1))

# ---------------------------------------------------------------- real file bytes

def _chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)


def make_png(r, w=None, h=None):
    w = w or r.choice([1, 2, 4, 8, 12, 16])
    h = h or r.choice([1, 2, 4, 8, 10, 16])
    ctype = r.choice([2, 6])
    bpp = 3 if ctype == 2 else 4
    col = bytes(r.randrange(256) for _ in range(bpp))
    raw = b"".join(b"\x00" + col * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, ctype, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def make_gif(r):
    c = bytes(r.randrange(256) for _ in range(3))
    return (b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0x80, 0, 0) + c + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00" + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def make_bmp(r, w=2, h=2):
    row = bytes(r.randrange(256) for _ in range(3 * w))
    row += b"\x00" * ((4 - len(row) % 4) % 4)
    pix = row * h
    hdr = struct.pack("<2sIHHI", b"BM", 54 + len(pix), 0, 0, 54)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    return hdr + dib + pix


def make_ico(r):
    png = make_png(r, 16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png


def make_wav(r, n=None):
    n = n or r.choice([8, 16, 24])
    data = bytes(128 + r.randrange(-20, 20) for _ in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return b"RIFF" + struct.pack("<I", 4 + 8 + 16 + 8 + len(data)) + b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data


def make_pdf(r, text="Hello"):
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"]
    stream = ("BT /F1 12 Tf 20 50 Td (%s) Tj ET" % text).encode()
    objs.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return out


def make_zip(r, files):
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            zi = zipfile.ZipInfo(name, date_time=(2026, 3, 14, 9, 26, 52))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return bio.getvalue()


def make_gz(data):
    return gzip.compress(data, mtime=0)


def make_midi(r):
    notes = b""
    for _ in range(r.choice([3, 4, 5])):
        n = r.randrange(48, 72)
        notes += bytes([0x00, 0x90, n, 0x60, 0x60, 0x80, n, 0x40])
    notes += b"\x00\xff\x2f\x00"
    return b"MThd" + struct.pack(">IHHH", 6, 0, 1, 96) + b"MTrk" + struct.pack(">I", len(notes)) + notes


def make_dicom_preamble():
    # 128-byte preamble + DICM + (0002,0000) group length element, explicit VR LE
    return b"\x00" * 128 + b"DICM" + b"\x02\x00\x00\x00UL\x04\x00" + struct.pack("<I", 0)


def make_wasm():
    return b"\x00asm\x01\x00\x00\x00"


def svg(r):
    c = "#%06x" % r.randrange(1 << 24)
    shapes = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 12h18M12 3v18" stroke="%s" stroke-width="2"/></svg>' % c,
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="6" fill="%s"/></svg>' % c,
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" rx="2" fill="%s"/></svg>' % c,
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><polygon points="10,1 19,19 1,19" fill="%s"/></svg>' % c,
    ]
    return r.choice(shapes)


def sourcemap(r):
    f = r.choice(["ticket-widget", "route-planner", "shift-board", "lab-inventory", "quest-log", "triage-form"])
    return json.dumps({"version": 3, "file": f + ".js", "sources": ["../src/" + f + ".ts"], "names": [], "mappings": "AAAA,SAAS;AACT"}, separators=(",", ":"))

# ---------------------------------------------------------------- language bits

LEADS = ["fyi ", "FYI: ", "Zur Info: ", "Pour info : ", "Para que conste: ", "Só pra avisar: ", "メモ: ", "参考：", "참고: ",
         "К сведению: ", "للعلم: ", "सूचना: ", "לידיעתכם: ", "Bilginize: ", "Ter info: ", "Do wiadomości: ", "Lưu ý: ",
         "แจ้งไว้: ", "Προς ενημέρωση: ", "До відома: ", "För kännedom: ", "heads up — ", "quick q: ", "@here ", ""]
TAILS = ["\nthx", "\n🙏", "\nmerci !", "\ndanke", "\nありがとうございます", "\n谢谢", "\n감사합니다", "\nспасибо", "\nشكرا",
         "\n:eyes:", "\n(thread ↓)", "\ngracias", "\nobrigado!", "\nתודה", "\nteşekkürler", "\ndziękuję", "\ncảm ơn"]


def wrap(r, t, p_lead=0.15, p_tail=0.07):
    if r.random() < p_lead:
        t = r.choice(LEADS) + t
    if r.random() < p_tail:
        t = t + r.choice(TAILS)
    return t


def ts(r):
    return "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (r.randint(1, 12), r.randint(1, 28), r.randint(0, 23), r.randint(0, 59), r.randint(0, 59), r.randint(0, 999))


def trunc(s, r):
    if len(s) > 80 and r.random() < 0.3:
        k = r.randint(40, 70)
        return s[:k] + r.choice(["…", "...", "…[%d more chars]" % (len(s) - k), " (truncated)"])
    return s

# ---------------------------------------------------------------- data_uri_base64

def du_png(r):
    return "data:image/png;base64," + b64(make_png(r))


def du_any(r):
    k = r.randrange(8)
    if k == 0:
        return "data:image/gif;base64," + b64(make_gif(r))
    if k == 1:
        return "data:image/bmp;base64," + b64(make_bmp(r))
    if k == 2:
        return "data:image/x-icon;base64," + b64(make_ico(r))
    if k == 3:
        return "data:image/svg+xml;base64," + b64(svg(r).encode())
    if k == 4:
        return "data:audio/wav;base64," + b64(make_wav(r))
    return du_png(r)


def D_css(r):
    sel = r.choice([".ticket-status--open", ".badge-vip", ".route-pin", ".shift-cell.is-night", ".loot-rarity-epic", ".sample-tube::before", ".deal-stage-won"])
    return wrap(r, "```css\n%s {\n  background-image: url(\"%s\");\n  background-size: %dpx;\n}\n```" % (sel, du_any(r), r.choice([8, 12, 16, 24])))


def D_zendesk(r):
    lang = r.choice([
        "The macro preview breaks because the helpdesk inlines the logo as a data URI:",
        "Le modèle de réponse Zendesk contient le logo en base64, c'est pour ça que l'aperçu est lent :",
        "Im Freshdesk-Template steckt das Logo als Data-URI, daher ist die Mail 40 KB groß:",
        "Zendeskのマクロにロゴがbase64で埋め込まれています：",
        "客服模板里的图标是内嵌的 base64：",
    ])
    return wrap(r, "%s\n```html\n<img alt=\"logo\" width=\"%d\" src=\"%s\">\n```" % (lang, r.choice([16, 32, 48]), trunc(du_any(r), r)))


def D_label_pdf(r):
    pdf = b64(make_pdf(r, r.choice(["PALLET 3 OF 7", "DOCK B-14", "RETURN TO DEPOT", "COLD CHAIN 2-8C"])))
    return wrap(r, r.choice([
        "carrier API returned the label as base64 PDF, first chars look right (`JVBERi0`). full response:\n```json\n{\"label_format\":\"PDF\",\"label_data\":\"%s\"}\n```",
        "Etikett vom Spediteur kommt als Base64-PDF zurück:\n```\nlabelData=%s\n```",
        "la etiqueta del transportista viene en PDF base64, ¿alguien sabe por qué sale en blanco?\n`data:application/pdf;base64,%s`",
    ]) % pdf)


def D_zpl(r):
    zpl = "^XA^FO50,50^A0N,40,40^FDDOCK %d^FS^FO50,120^BCN,80,Y,N,N^FD%s^FS^XZ" % (r.randint(1, 30), "PLT" + non_luhn(r, 8))
    return wrap(r, "printer on line %d keeps printing garbage; the WMS sends ZPL base64 like this:\n```\n{\"printer\":\"zebra-%02d\",\"payload\":\"%s\"}\n```\ndecoded it's just `^XA…^XZ`, so encoding is fine" % (r.randint(1, 9), r.randint(1, 40), b64(zpl.encode())))


def D_xlsx(r):
    z = make_zip(r, [("[Content_Types].xml", "<?xml version=\"1.0\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>"),
                     ("xl/sharedStrings.xml", "<sst><si><t>%s</t></si></sst>" % r.choice(["Region", "Pipeline", "Quota", "Headcount plan", "Shift"]))])
    uri = "data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64," + b64(z)
    return wrap(r, r.choice([
        "the CRM export link is a data URI instead of a file, so Slack shows this wall (starts with `UEsDB`, it's a zip):\n%s",
        "Salesforceのレポート出力がdata URIになってる…\n%s",
        "экспорт воронки продаж приходит как data URI (это просто xlsx/zip):\n%s",
    ]) % trunc(uri, r))


def D_gzip(r):
    body = json.dumps({"event": r.choice(["shipment.scanned", "ticket.merged", "build.finished", "plate.read"]), "count": r.randint(1, 900)}).encode()
    return wrap(r, "webhook body is gzip+base64 (`H4sI` prefix), decode with `base64 -d | gunzip`:\n```\n%s\n```" % b64(make_gz(body)))


def D_midi(r):
    return wrap(r, r.choice([
        "audio team: the placeholder jingle in the menu scene is embedded like this, can we move it to an asset bundle?\n```json\n\"menuJingle\": \"data:audio/midi;base64,%s\"\n```",
        "サウンド班へ：仮BGMがJSONにbase64で入ってます\n`data:audio/midi;base64,%s`",
    ]) % b64(make_midi(r)))


def D_wav(r):
    return wrap(r, "```csharp\n// test fixture for the footstep mixer\nstatic readonly string ClickWav = \"%s\";\n```" % ("data:audio/wav;base64," + b64(make_wav(r))))


def D_dicom(r):
    return wrap(r, r.choice([
        "PACS bridge test fixture: just the DICOM preamble + `DICM` magic, no pixel data, no patient tags:\n```python\nPREAMBLE_B64 = \"%s\"\n```",
        "Für den Orthanc-Test reicht die Präambel (128 Null-Bytes + DICM), kein Patientendatensatz:\n`%s`",
    ]) % b64(make_dicom_preamble()))


def D_gltf(r):
    g = {"asset": {"version": "2.0", "generator": "blockout-tool"}, "scenes": [{"nodes": [0]}], "nodes": [{"name": r.choice(["crate_01", "door_lod0", "tree_stub", "spawn_marker"])}]}
    return wrap(r, "level designers: the blockout exporter inlines the glTF, hence the huge Slack message:\n```\ndata:model/gltf+json;base64,%s\n```" % b64(json.dumps(g, separators=(",", ":")).encode()))


def D_ics(r):
    ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//people-ops//onboarding//EN\r\nBEGIN:VEVENT\r\nSUMMARY:%s\r\nDTSTART:2026%02d%02dT090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n" % (
        r.choice(["Benefits enrollment window opens", "All-hands", "Open enrollment Q&A", "Safety training", "Lab induction"]), r.randint(1, 12), r.randint(1, 28))
    return wrap(r, r.choice([
        "calendar invite link for the onboarding doc (no attendees in it, just the event):\n`data:text/calendar;base64,%s`",
        "Lien d'agenda pour la session d'intégration :\ndata:text/calendar;base64,%s",
    ]) % b64(ics.encode()))


def D_csv(r):
    rows = "region,open_tickets,csat\n" + "\n".join("%s,%d,%.2f" % (g, r.randint(10, 900), r.uniform(3.5, 5)) for g in ["EMEA", "APAC", "NA", "LATAM"])
    return wrap(r, "dashboard tile 'Download' button gives a data URI, not a file:\n<%s>" % ("data:text/csv;base64," + b64(rows.encode())))


def D_notebook(r):
    return wrap(r, "```json\n{\n  \"output_type\": \"display_data\",\n  \"data\": {\n    \"image/png\": \"%s\",\n    \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]\n  },\n  \"metadata\": {}\n}\n```\n%s" % (
        b64(make_png(r, r.choice([4, 8]), r.choice([4, 8]))), r.choice(["the plate-reader notebook diff is unreadable because of this", "nbstripout would fix it", "Jupyter の出力セルを消してからコミットしてください"])))


def D_sourcemap(r):
    return wrap(r, "```js\n!function(){/* bundle */}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```\n%s" % (
        b64(sourcemap(r).encode()), r.choice(["that eyJ… is just the source map, not a token", "sourcemap inlined in prod again", "Vite inline sourcemap, turn it off for prod"])))


def D_svg_utf8(r):
    s = svg(r)
    if r.random() < 0.5:
        s = s.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace('"', "'")
    return wrap(r, "```scss\n$icon-check: url(\"data:image/svg+xml;utf8,%s\");\n.checklist li::before { content: \"\"; mask: $icon-check; }\n```" % s)


def D_markdown(r):
    return wrap(r, "Paste this in the KB article editor, it renders the status dot:\n![dot](%s)\n%s" % (du_any(r), r.choice(["", "(Confluence strips it though)", "Notion keeps it", "Intercom's article editor rejects data URIs"])))


def D_go(r):
    return wrap(r, "```go\nfunc TestThumbnail(t *testing.T) {\n\tconst fixture = \"%s\"\n\timg, err := decodeDataURI(fixture)\n\trequire.NoError(t, err)\n\trequire.Equal(t, image.Pt(%d, %d), img.Bounds().Max)\n}\n```" % (du_png(r), r.randint(1, 16), r.randint(1, 16)))


def D_kotlin(r):
    return wrap(r, "```kotlin\n@Test fun `driver app renders proof-of-delivery placeholder`() {\n    val uri = \"%s\"\n    assertTrue(uri.startsWith(\"data:image/\"))\n}\n```" % du_any(r))


def D_csp(r):
    return wrap(r, "```\nRefused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.example.org\".\n```\nadd `data:` to img-src on the %s portal?" % (
        trunc(du_any(r), r), r.choice(["patient scheduling", "carrier", "candidate", "partner", "player support"])))


def D_wasm(r):
    return wrap(r, "the lab's spectrum viewer inlines a tiny wasm stub: `data:application/wasm;base64,%s` — 8 bytes, just the magic + version" % b64(make_wasm()))


def D_pdf_json(r):
    return wrap(r, "```json\n{\"attachment\":{\"filename\":\"%s.pdf\",\"content_type\":\"application/pdf\",\"data\":\"%s\"}}\n```" % (
        r.choice(["quote_Q3_template", "handbook_excerpt", "sop_centrifuge", "release_notes", "packing_list_blank"]), trunc(b64(make_pdf(r, r.choice(["Draft", "Template", "SOP v3"]))), r)))


def D_unity(r):
    return wrap(r, "```yaml\n--- !u!28 &2800000\nTexture2D:\n  m_Name: ui_%s\n  m_Width: 1\n  m_Height: 1\n  # debug dump from the editor extension:\n  m_DebugPreview: %s\n```" % (
        r.choice(["gem", "coin", "heart", "shield", "xp_bar"]), du_png(r)))


def D_har(r):
    return wrap(r, "from the HAR the customer attached (their avatar placeholder, not their photo):\n```\n{\"request\":{\"method\":\"GET\",\"url\":\"%s\"},\"response\":{\"status\":200,\"content\":{\"size\":%d,\"mimeType\":\"image/png\"}}}\n```" % (
        trunc(du_png(r), r), r.randint(60, 300)))


def D_multi(r):
    n = r.randint(3, 6)
    lines = ["  %s: '%s'," % (k, du_any(r)) for k in r.sample(["ok", "warn", "fail", "idle", "busy", "late", "lost", "held"], n)]
    return wrap(r, "```ts\nexport const STATUS_ICONS = {\n%s\n} as const;\n```\n%s" % ("\n".join(lines), r.choice(["used by the shipment tracker", "used on the ticket board", "배송 상태 아이콘입니다", "иконки статусов смены"])))


def D_echo(r):
    data = r.choice(["hello from the kiosk", "pick-list v2", "calibration ok", "checkpoint saved", "ward printer test"]).encode()
    return wrap(r, "```\n$ echo '%s' | base64 -d\n%s\n```" % (b64(data), data.decode()))


DATA_URI = [D_css, D_zendesk, D_label_pdf, D_zpl, D_xlsx, D_gzip, D_midi, D_wav, D_dicom, D_gltf, D_ics, D_csv, D_notebook,
            D_sourcemap, D_svg_utf8, D_markdown, D_go, D_kotlin, D_csp, D_wasm, D_pdf_json, D_unity, D_har, D_multi, D_echo]

# ---------------------------------------------------------------- placeholder_example

def P_env(r):
    keys = r.sample(["ZENDESK_API_TOKEN", "SALESFORCE_CLIENT_SECRET", "HUBSPOT_PRIVATE_APP_TOKEN", "PERSONIO_CLIENT_SECRET", "SHIPPO_API_KEY",
                     "EPIC_HL7_PASSWORD", "STEAMWORKS_WEB_API_KEY", "BENCHLING_API_KEY", "TWILIO_AUTH_TOKEN", "SLACK_BOT_TOKEN", "OPENAI_API_KEY"], r.randint(3, 6))
    vals = ["<your-token>", "changeme", "", "YOUR_KEY_HERE", "${%s}", "REPLACE_ME", "xxxxxxxx", "<paste here>", "TODO", "dummy", "<ask #it-helpdesk>"]
    lines = []
    for k in keys:
        v = r.choice(vals)
        if "%s" in v:
            v = v % k
        lines.append("%s=%s" % (k, v))
    return wrap(r, "%s\n```dotenv\n%s\n```" % (r.choice(["`.env.example` for the new hire laptop setup:", "Vorlage für `.env`, echte Werte aus 1Password:", "`.env.sample` — les vraies valeurs sont dans le coffre", "サンプルの .env です（本物は Vault）"]), "\n".join(lines)))


def P_prefixes(r):
    ex = r.sample(["`sk-...`", "`sk-proj-…`", "`sk-ant-api03-...`", "`xoxb-your-bot-token`", "`xoxp-…`", "`ghp_xxxxxxxxxxxxxxxx`", "`github_pat_...`",
                   "`AKIA...`", "`glpat-xxxxxxxxxxxx`", "`sk_live_…`", "`rk_test_...`", "`whsec_...`", "`SG.xxxxx.yyyyy`", "`AIza...`", "`shpat_…`", "`hf_xxx`"], r.randint(3, 6))
    return wrap(r, r.choice([
        "for the support runbook: tokens look like %s — if a customer pastes one in a ticket, use the macro 'Credential shared' and tell them to rotate.",
        "Salesops: integrations tokens have prefixes like %s. Never paste the rest into Slack.",
        "Formate zum Erkennen: %s. Bitte niemals den Rest posten.",
        "Formatos a reconocer: %s. Nunca pegues el valor completo.",
        "Префиксы токенов: %s — полностью не вставлять.",
    ]) % ", ".join(ex))


def P_aws_doc(r):
    return wrap(r, r.choice([
        "```ini\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```\nthat's the one from the AWS docs, for the onboarding wiki",
        "the localstack setup uses the doc keys `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, region %s — fine to commit",
    ]) % r.choice(["eu-central-1", "us-east-1", "ap-northeast-1", "sa-east-1"]))


def P_templates(r):
    eng = r.randrange(6)
    if eng == 0:
        t = "```yaml\nenv:\n  - name: CARRIER_API_KEY\n    valueFrom:\n      secretKeyRef:\n        name: {{ .Release.Name }}-carrier\n        key: apiKey\n  - name: DB_PASSWORD\n    value: {{ .Values.db.password | quote }}\n```"
    elif eng == 1:
        t = "```yaml\n- name: deploy rota bot\n  env:\n    SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}\n    PAGERDUTY_KEY: ${{ secrets.PD_ROUTING_KEY }}\n```"
    elif eng == 2:
        t = "```jinja\n[hl7_listener]\nuser = {{ hl7_user }}\npassword = {{ vault_hl7_password }}\nport = {{ hl7_port | default(2575) }}\n```"
    elif eng == 3:
        t = "```erb\nproduction:\n  api_key: <%%= ENV.fetch(\"SHIPSTATION_API_KEY\") %%>\n  secret: <%%= Rails.application.credentials.dig(:shipstation, :secret) %%>\n```"
    elif eng == 4:
        t = "```json\n{\n  \"Parameters\": {\"DbPassword\": {\"Type\": \"String\", \"NoEcho\": true}},\n  \"MasterUserPassword\": \"{{resolve:secretsmanager:lab-lims/db:SecretString:password}}\"\n}\n```"
    else:
        t = "```bat\nset PERFORCE_PASSWORD=%%P4PASSWD%%\np4 -u build-farm -P %%P4PASSWD%% sync //depot/%s/...\n```" % r.choice(["Main", "Release-1.4", "Art", "Audio"])
    return wrap(r, "%s\n%s" % (r.choice(["config review:", "which of these is the right pattern?", "Template from the infra repo:", "テンプレートです：", "модуль конфигурации:"]), t))


def P_masked(r):
    k = r.randrange(7)
    if k == 0:
        t = "customer says card ending •••• %s was charged twice for order #%s — refund issued, ticket solved" % (digits(r, 4, "0123456789"), non_luhn(r, 9))
    elif k == 1:
        t = "Tarjeta terminada en %s, caduca %02d/%d. No pegues nunca el número completo en Slack." % (digits(r, 4, "0123456789"), r.randint(1, 12), r.randint(27, 31))
    elif k == 2:
        t = "payroll export shows IBAN as `DE** **** **** **** **%s %s` which is what we want" % (digits(r, 2, "0123456789"), digits(r, 2, "0123456789"))
    elif k == 3:
        t = "форма анкеты показывает номер как `+7 (***) ***-**-%s`, это нормально" % digits(r, 2, "0123456789")
    elif k == 4:
        t = "HRIS field mask for SSN is `XXX-XX-XXXX` on display, `***-**-%s` for HR admins" % digits(r, 4, "0123456789")
    elif k == 5:
        t = "クレジットカード番号は `**** **** **** %s` のようにマスク表示されます" % digits(r, 4, "0123456789")
    else:
        t = "Zendesk redaction app replaced it with `[REDACTED]` and `▇▇▇▇▇▇▇▇`, nothing to clean up on our side"
    return wrap(r, t)


def P_markers(r):
    rows = []
    for _ in range(r.randint(3, 7)):
        rows.append('%s level=info msg="%s" %s=%s' % (ts(r), r.choice(["carrier auth ok", "sso callback", "fhir token refresh", "crm sync", "payroll push"]),
                                                     r.choice(["api_key", "password", "client_secret", "authorization", "token"]),
                                                     r.choice(["[REDACTED]", "<redacted>", "[FILTERED]", "***", "[MASKED]", "\"\"", "(sensitive)", "****…"])))
    return wrap(r, "logs look clean now:\n```\n%s\n```" % "\n".join(rows))


def P_conn_defaults(r):
    return wrap(r, r.choice([
        "docker-compose for the local LIMS:\n```yaml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: postgres\n  mq:\n    image: rabbitmq:3-management\n    # guest/guest is the default, only works on localhost\n    environment:\n      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n```",
        "connection string format is `postgres://<user>:<password>@<host>:5432/<db>`, real values in Vault under `kv/%s`" % r.choice(["wms", "crm", "lims", "ehr-bridge", "leaderboard"]),
        "`mongodb+srv://USERNAME:PASSWORD@cluster0.xxxxx.mongodb.net/?retryWrites=true` is the template from Atlas, fill in your own",
        "README says `redis://:changeme@localhost:6379/0` for dev — that's intentional",
        "Server=localhost;Database=Rostering;User Id=sa;Password=<YourStrong@Passw0rd>; ← valor de ejemplo de la documentación de SQL Server",
    ]))


def P_pem_dots(r):
    typ = r.choice(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    return wrap(r, "the SFTP connector for the %s wants the key like this:\n```\n-----BEGIN %s-----\n...\n(your key here)\n...\n-----END %s-----\n```" % (
        r.choice(["3PL", "payroll provider", "lab instrument vendor", "EDI partner", "console cert portal"]), typ, typ))


def P_refs(r):
    return wrap(r, r.choice([
        "use `op://People-Ops/Personio API/credential` in the script, not the value",
        "secret ref is `vault:secret/data/logistics/carrier#api_key`",
        "`aws ssm get-parameter --name /prod/ehr-bridge/hl7/password --with-decryption` — run it yourself, don't paste output",
        "Key Vault reference: `@Microsoft.KeyVault(SecretUri=https://kv-research.vault.azure.net/secrets/benchling-key/)`",
        "GCP: `projects/lab-analytics/secrets/instrument-api-key/versions/latest`",
        "`$(SALESFORCE_TOKEN)` is an Azure Pipelines variable, set as secret in the library group",
        "Doppler: `doppler secrets get STEAM_PUBLISHER_KEY --plain` (needs the `gameops` project access)",
    ]))


def P_webhook_zero(r):
    return wrap(r, "the docs example `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` — replace with the one from the #%s channel app settings" % r.choice(["cs-escalations", "warehouse-alerts", "oncall-ehr", "build-breaks"]))


def P_form(r):
    return wrap(r, r.choice([
        "The candidate portal form placeholder text: `name@…` and `+__ ___ ___ ____`. Design asked to make it greyer.",
        "Placeholder im Bewerberformular: `vorname.nachname@…` — nur Platzhalter, kein echter Kontakt",
        "プレースホルダーは `taro@…` ではなく「メールアドレス」にしてください",
        "el formulario usa `tu-correo@ejemplo` como placeholder (sin dominio real)",
    ]))


def P_sdk(r):
    return wrap(r, r.choice([
        "```python\nclient = zenpy.Zenpy(subdomain=\"acme\", email=os.environ[\"ZD_EMAIL\"], token=os.environ[\"ZD_TOKEN\"])\n```",
        "```js\nconst hubspot = new Client({ accessToken: process.env.HUBSPOT_TOKEN ?? '' });\n```",
        "```csharp\nvar key = Environment.GetEnvironmentVariable(\"STEAM_WEBAPI_KEY\") ?? throw new InvalidOperationException(\"missing key\");\n```",
        "```r\nbenchling_key <- Sys.getenv(\"BENCHLING_API_KEY\")\nstopifnot(nzchar(benchling_key))\n```",
        "```go\ntoken := os.Getenv(\"SHIPPO_TOKEN\") // set via ExternalSecret\n```",
    ]))


def P_curl(r):
    return wrap(r, "```\ncurl -H \"Authorization: Bearer $%s\" https://%s/api/v2/%s\n```\n%s" % (
        r.choice(["TOKEN", "ZD_TOKEN", "API_TOKEN", "FHIR_TOKEN"]), r.choice(["api.example.com", "sandbox.example.org", "localhost:8080"]),
        r.choice(["tickets", "shipments", "Patient?_count=0", "builds"]), r.choice(["(export TOKEN first)", "", "literal `$TOKEN`, shell expands it"])))


def P_xxx(r):
    return wrap(r, "\n".join(r.sample([
        "api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "password: ********",
        "client_secret: \"<set in console>\"",
        "card_number: 0000 0000 0000 0000",
        "iban: XX00 0000 0000 0000 0000 00",
        "ssn: 000-00-0000",
        "phone: +00 00 0000 0000",
        "token: <TOKEN>",
        "private_key: |\n  -----BEGIN PRIVATE KEY-----\n  <contents>\n  -----END PRIVATE KEY-----",
        "webhook_secret: whsec_…",
    ], r.randint(3, 6))))


def P_defaults(r):
    return wrap(r, r.choice([
        "the barcode scanners ship with admin/admin — IT resets them before they go to the floor",
        "Grafana default admin:admin prompts for a change on first login, that's expected",
        "Jenkins initial admin password is in `/var/jenkins_home/secrets/initialAdminPassword`, don't paste it here",
        "die Laborwaage hat ab Werk das PIN `0000`, bitte beim Aufstellen ändern",
        "the test kiosk build uses `password123` as the demo account on the offline demo server only",
    ]))


PLACEHOLDER = [P_env, P_prefixes, P_aws_doc, P_templates, P_masked, P_markers, P_conn_defaults, P_pem_dots, P_refs, P_webhook_zero,
               P_form, P_sdk, P_curl, P_xxx, P_defaults]

# ---------------------------------------------------------------- code_identifier

WORDS = ["Secret", "Token", "Password", "Iban", "Ssn", "Email", "Phone", "Credential", "Key", "Card", "Patient", "Candidate", "Salary",
         "Shipment", "Consignee", "Payroll", "Account", "Private", "Bearer", "Session", "Auth", "Vault", "Masked", "Hash", "Cipher"]


def camel(r, n=None):
    n = n or r.randint(3, 6)
    ws = [r.choice(WORDS) for _ in range(n)]
    return ws[0].lower() + "".join(ws[1:])


def pascal(r, n=None):
    n = n or r.randint(2, 5)
    return "".join(r.choice(WORDS) for _ in range(n))


def snake(r, n=None):
    n = n or r.randint(3, 6)
    return "_".join(r.choice(WORDS).lower() for _ in range(n))


def C_java_trace(r):
    pkg = r.choice(["com.northwind.crm", "de.logistik.wms", "org.clinic.ehrbridge", "jp.studio.backend", "io.labs.lims"])
    n = r.randint(5, 34)
    lines = ["%s ERROR [%s] %s.%s - %s" % (ts(r), r.choice(["main", "hl7-in-3", "sync-worker-2", "quartz-1"]), pkg, pascal(r), r.choice(["sync failed", "credential lookup failed", "masking failed"]))]
    lines.append("%s.%sException: %s" % (pkg, pascal(r), r.choice(["token provider chain exhausted", "no secret for tenant", "invalid masking rule"])))
    for _ in range(n):
        lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, r.choice(["service", "config", "security", "hl7", "mapping"]), pascal(r), camel(r), pascal(r, 2), r.randint(20, 900)))
    return wrap(r, "```\n%s\n```" % "\n".join(lines))


def C_cpp(r):
    def mangle():
        parts = [r.choice(["Game", "Net", "Auth", "Save", "Crypto", "Session", "Inventory", "Anti", "Cheat", "Token"]) + r.choice(["Manager", "Service", "Cache", "Store", "Key", "Secret"]) for _ in range(r.randint(2, 4))]
        return "_ZN" + "".join("%d%s" % (len(p), p) for p in parts) + "E" + r.choice(["v", "RKSs", "PKc", "i", "RKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"])
    lines = ["#%d  0x%016x in %s () from /opt/%s/bin/server" % (i, r.randrange(1 << 47), mangle(), r.choice(["realm", "arena", "matchmaker"])) for i in range(r.randint(4, 12))]
    return wrap(r, "dedicated server crash on build %d:\n```\n%s\n```" % (r.randint(10000, 99999), "\n".join(lines)))


def C_unreal(r):
    lines = ["[%s][%3d]LogOnline: Warning: OSS: %s::%s failed" % (ts(r).replace("T", "-"), r.randint(0, 999), "F" + pascal(r), camel(r)) for _ in range(r.randint(3, 8))]
    lines.append("Fatal error: [File:D:\\build\\++UE5\\Sync\\Engine\\Source\\Runtime\\Core\\Private\\%s.cpp] [Line: %d]" % (pascal(r), r.randint(50, 3000)))
    return wrap(r, "```\n%s\n```" % "\n".join(lines))


def C_csharp(r):
    lines = ["Unhandled exception. System.InvalidOperationException: %s" % r.choice(["Sequence contains no elements", "Unable to resolve service", "Nullable object must have a value."])]
    for _ in range(r.randint(4, 14)):
        lines.append("   at %s.%s.%s.%s(%s %s) in C:\\agent\\_work\\1\\s\\src\\%s.cs:line %d" % (
            r.choice(["Clinic.Scheduling", "Acme.Payroll", "Studio.Backend", "Fleet.Telematics"]), r.choice(["Services", "Handlers", "Infrastructure"]), pascal(r), pascal(r, 3) + "Async",
            pascal(r, 2), camel(r, 2), pascal(r), r.randint(10, 700)))
    return wrap(r, "```\n%s\n```" % "\n".join(lines))


def C_python(r):
    mod = r.choice(["people_ops", "shipments", "fhir_bridge", "plate_reader", "crm_sync"])
    lines = ["Traceback (most recent call last):"]
    for _ in range(r.randint(3, 9)):
        lines.append('  File "/srv/%s/%s.py", line %d, in %s' % (mod, snake(r, 2), r.randint(5, 800), snake(r)))
        lines.append("    %s = %s(%s)" % (snake(r, 2), snake(r), snake(r, 2)))
    lines.append("KeyError: '%s'" % snake(r))
    return wrap(r, "```\n%s\n```" % "\n".join(lines))


def C_sql(r):
    tbl = r.choice(["employees_private", "patient_contacts", "candidate_profiles", "consignee_addresses", "crm_contacts"])
    cols = r.sample(["password_hash", "api_key_last_four", "iban_masked", "ssn_encrypted", "email_sha256", "phone_e164_hash", "card_fingerprint", "salary_band_id", "tax_id_token", "dob_bucket"], r.randint(4, 7))
    return wrap(r, "migration review — no values, just schema:\n```sql\nCREATE TABLE %s (\n  id BIGSERIAL PRIMARY KEY,\n%s\n);\n```" % (tbl, ",\n".join("  %s %s" % (c, r.choice(["TEXT", "BYTEA", "CHAR(64)", "VARCHAR(34)", "INT"])) for c in cols)))


def C_k8s(r):
    app = r.choice(["route-optimizer", "ticket-router", "hl7-listener", "matchmaker", "lims-api", "payroll-export"])
    rows = []
    for _ in range(r.randint(3, 9)):
        rows.append("%s-%s-%s   %d/1     %s   %d          %dd" % (app, hx(r, 10)[:r.choice([9, 10])], rs(r, "bcdfghjklmnpqrstvwxz2456789", 5), r.randint(0, 1), r.choice(["Running", "CrashLoopBackOff", "Running", "Pending"]), r.randint(0, 40), r.randint(1, 90)))
    return wrap(r, "```\n$ kubectl -n %s get pods\nNAME                                READY   STATUS    RESTARTS   AGE\n%s\n```" % (r.choice(["logistics", "cs-tools", "ehr", "game-live", "research"]), "\n".join(rows)))


def C_css_hash(r):
    return wrap(r, "QA screenshot: the button has classes `%s %s %s` and `data-v-%s` — which component is that? the patient portal theme overrides it" % (
        "css-" + rs(r, "abcdefghijklmnopqrstuvwxyz0123456789", 7), "sc-" + rs(r, string.ascii_letters, 6), "Button_primary__" + rs(r, B62, 5), hx(r, 8)))


def C_rust(r):
    lines = ["thread 'tokio-runtime-worker' panicked at src/%s.rs:%d:%d:" % (snake(r, 2), r.randint(1, 400), r.randint(1, 80)), "called `Option::unwrap()` on a `None` value", "stack backtrace:"]
    for i in range(r.randint(3, 10)):
        lines.append("  %2d: %s::%s::%s::h%s" % (i, r.choice(["telemetry_ingest", "save_sync", "sequencer_pipeline", "rostering"]), snake(r, 2), snake(r, 2), hx(r, 16)))
    return wrap(r, "```\n%s\n```" % "\n".join(lines))


def C_long_names(r):
    n = r.randint(4, 10)
    lang = r.choice(["ts", "kotlin", "swift", "python"])
    if lang == "python":
        body = "\n".join("def %s(self, %s): ..." % (snake(r, 5), snake(r, 2)) for _ in range(n))
    elif lang == "ts":
        body = "\n".join("export function %s(%s: %s): %s {}" % (camel(r, 5), camel(r, 2), pascal(r, 2), pascal(r, 3)) for _ in range(n))
    elif lang == "kotlin":
        body = "\n".join("fun %s(%s: %s): %s = TODO()" % (camel(r, 5), camel(r, 2), pascal(r, 2), pascal(r, 3)) for _ in range(n))
    else:
        body = "\n".join("func %s(_ %s: %s) -> %s" % (camel(r, 5), camel(r, 2), pascal(r, 2), pascal(r, 3)) for _ in range(n))
    return wrap(r, "%s\n```%s\n%s\n```" % (r.choice(["naming bikeshed, these are too long:", "Diese Namen sind zu lang:", "名前が長すぎる件", "这些函数名太长了", "이름이 너무 길어요"]), lang, body))


def C_flags(r):
    flags = ["%s.%s.%s" % (r.choice(["cs", "sales", "people", "wms", "ehr", "live", "lab"]), snake(r, 3), r.choice(["enabled", "rollout", "killswitch"])) for _ in range(r.randint(3, 8))]
    return wrap(r, "flags to clean up this sprint:\n" + "\n".join("• `%s`" % f for f in flags))


def C_proto(r):
    svc = r.choice(["Shipment", "Ticket", "Encounter", "Match", "Sample", "Requisition"])
    rpcs = "\n".join("  rpc %s(%sRequest) returns (%sResponse);" % (pascal(r, 3), pascal(r, 2), pascal(r, 2)) for _ in range(r.randint(3, 7)))
    return wrap(r, "```proto\nservice %sService {\n%s\n}\n```" % (svc, rpcs))


def C_terraform(r):
    addrs = ["module.%s.aws_secretsmanager_secret.%s" % (r.choice(["wms", "crm", "ehr", "game"]), snake(r, 3)) for _ in range(r.randint(2, 5))]
    addrs += ["google_secret_manager_secret_version.%s[\"%s\"]" % (snake(r, 2), r.choice(["eu", "us", "jp"])) for _ in range(r.randint(1, 3))]
    return wrap(r, "```\nTerraform will perform the following actions:\n%s\nPlan: 0 to add, %d to change, 0 to destroy.\n```" % ("\n".join("  # %s will be updated in-place" % a for a in addrs), len(addrs)))


def C_unity_guid(r):
    lines = ["  - {fileID: %d, guid: %s, type: 3}" % (r.randint(100000, 99999999), hx(r, 32)) for _ in range(r.randint(3, 8))]
    return wrap(r, "prefab merge conflict, these guids are from the art repo:\n```yaml\nm_Materials:\n%s\n```" % "\n".join(lines))


def C_swift(r):
    sym = "$s%d%s%d%s%d%sV%s" % (4, "Ward", 12, "PatientQueue", 10, "TokenCache", r.choice(["SSvg", "AA", "SiF", "Sbvg"]))
    return wrap(r, "iOS crash in the nurse rounding app:\n```\nThread 0 Crashed:\n0   WardApp   0x%012x %s + %d\n1   WardApp   0x%012x %s + %d\n```" % (r.randrange(1 << 40), sym, r.randint(10, 900), r.randrange(1 << 40), "$s4Ward" + pascal(r, 3) + "C" + camel(r, 2) + "yyF", r.randint(10, 900)))


def C_elixir(r):
    return wrap(r, "```\n** (FunctionClauseError) no function clause matching in %s.%s/%d\n    (%s %s) lib/%s.ex:%d: %s.%s/%d\n```" % (
        "Ops." + pascal(r, 2), snake(r, 3), r.randint(1, 4), r.choice(["dispatch", "support_bot", "roster"]), "1.%d.%d" % (r.randint(0, 9), r.randint(0, 9)), snake(r, 2), r.randint(1, 300), "Ops." + pascal(r, 2), snake(r, 3), r.randint(1, 4)))


def C_hl7_seg_names(r):
    return wrap(r, "mapping table for the interface engine (field names only):\n" + "\n".join(
        "| %s | `%s` |" % (seg, camel(r, 3)) for seg in r.sample(["PID-3", "PID-5", "PID-13", "PV1-19", "IN1-36", "NK1-5", "GT1-6", "OBX-5"], r.randint(3, 6))))


CODE_ID = [C_java_trace, C_cpp, C_unreal, C_csharp, C_python, C_sql, C_k8s, C_css_hash, C_rust, C_long_names, C_flags, C_proto,
           C_terraform, C_unity_guid, C_swift, C_elixir, C_hl7_seg_names]

# ---------------------------------------------------------------- non_credential_blob

def N_git(r):
    lines = ["%s %s" % (hx(r, 7), r.choice(["fix(cs): merge duplicate tickets", "feat(wms): pallet split", "chore: bump FHIR client", "art: new loot icons", "lab: plate-reader parser", "hr: onboarding checklist copy"])) for _ in range(r.randint(3, 10))]
    return wrap(r, "```\n$ git log --oneline -n %d\n%s\n```\nreverting %s" % (len(lines), "\n".join(lines), hx(r, 40)))


def N_docker(r):
    return wrap(r, "```\n%s: digest: sha256:%s size: %d\n```\npin `image: registry.internal/%s@sha256:%s`" % (
        r.choice(["v2.%d.%d" % (r.randint(0, 9), r.randint(0, 20)), "latest", "rc-%d" % r.randint(1, 9)]), hx(r, 64), r.randint(1000, 9999), r.choice(["wms/api", "cs/router", "ehr/bridge", "game/matchmaker", "lab/lims"]), hx(r, 64)))


def N_uuids(r):
    ids = [str(uuid.UUID(int=r.getrandbits(128), version=4)) for _ in range(r.randint(2, 8))]
    return wrap(r, r.choice(["shipment ids stuck in `PENDING`:\n", "Ticket-IDs aus dem Export:\n", "実験 run id:\n", "идентификаторы сессий матча:\n", "encounter ids (not MRNs):\n"]) + "\n".join("- `%s`" % i for i in ids))


def N_integrity(r):
    pk = r.choice(["@tanstack/react-table", "date-fns", "zod", "leaflet", "three", "chart.js"])
    return wrap(r, "```\n\"node_modules/%s\": {\n  \"version\": \"%d.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n  \"integrity\": \"sha512-%s\"\n}\n```" % (
        pk, r.randint(1, 9), r.randint(0, 30), r.randint(0, 20), pk, pk.split("/")[-1], r.randint(1, 9), r.randint(0, 30), r.randint(0, 20), b64(r.randbytes(64))))


def N_gosum(r):
    mods = ["github.com/%s %s v%d.%d.%d h1:%s" % (r.choice(["jackc/pgx/v5", "segmentio/kafka-go", "google/uuid", "samber/lo"]), "", r.randint(0, 5), r.randint(0, 20), r.randint(0, 9), b64(r.randbytes(32))) for _ in range(r.randint(2, 5))]
    return wrap(r, "```\n%s\n```" % "\n".join(m.replace("  ", " ") for m in mods))


def N_trace(r):
    return wrap(r, "```json\n{\"ts\":\"%s\",\"level\":\"warn\",\"svc\":\"%s\",\"trace_id\":\"%s\",\"span_id\":\"%s\",\"msg\":\"slow upstream\",\"ms\":%d}\n```\ntraceparent: `00-%s-%s-01`" % (
        ts(r), r.choice(["carrier-gw", "crm-sync", "fhir-proxy", "leaderboard", "lims-api"]), hx(r, 32), hx(r, 16), r.randint(800, 9000), hx(r, 32), hx(r, 16)))


def N_etag(r):
    return wrap(r, "```\nHTTP/2 200\ncontent-type: image/png\netag: \"%s-%d\"\nx-amz-request-id: %s\nx-amz-id-2: %s\nx-request-id: %s\n```" % (
        hx(r, 32), r.randint(2, 40), rs(r, "0123456789ABCDEF", 16), b64(r.randbytes(54)), str(uuid.UUID(int=r.getrandbits(128), version=4))))


def N_cursor(r):
    cur = b64(json.dumps({"id": r.randint(1000, 99999999), "created_at": ts(r)}, separators=(",", ":")).encode()).rstrip("=")
    return wrap(r, "pagination keeps returning the same `next_cursor`: `%s` — it's just base64 JSON, decode it and you'll see the id" % cur)


def N_sops(r):
    return wrap(r, "```yaml\ncarrier:\n    api_key: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```\nencrypted file, safe to share" % (
        b64(r.randbytes(r.randint(20, 40))), b64(r.randbytes(32)), b64(r.randbytes(16)), ts(r)[:19] + "Z", b64(r.randbytes(32)), b64(r.randbytes(32)), b64(r.randbytes(16))))


def N_sha256sum(r):
    files = ["%s  %s" % (hx(r, 64), f) for f in r.sample(["GameClient-Win64-Shipping.zip", "GameServer-Linux.tar.gz", "scanner-firmware-4.2.bin", "lims-installer.msi", "route-planner.apk", "sequencer-export.tar.zst"], r.randint(2, 5))]
    return wrap(r, "```\n$ cat SHA256SUMS\n%s\n```" % "\n".join(files))


def N_ssh_fp(r):
    return wrap(r, r.choice(["new bastion host key fingerprint, verify before accepting: `SHA256:%s`", "Host-Key-Fingerprint vom SFTP-Server des Spediteurs: SHA256:%s (ED25519)", "SFTP 서버 호스트 키 지문: SHA256:%s"]) % b64(r.randbytes(32)).rstrip("="))


def N_dicom_uid(r):
    uids = ["1.2.840.%d.%d.%d.%d.%d" % (r.randint(10000, 999999), r.randint(1, 99), r.randint(1, 9), r.randint(10 ** 8, 10 ** 10), r.randint(1, 9999)) for _ in range(r.randint(2, 5))]
    return wrap(r, "phantom scans from the QA study (test phantom, no patient), StudyInstanceUIDs:\n" + "\n".join("`%s`" % u for u in uids))


def N_steam(r):
    return wrap(r, "depot manifest for build %d:\n```\nDepot %d  Manifest %s\nDepot %d  Manifest %s\n```\nbranch `beta`, buildid %d" % (
        r.randint(10 ** 7, 2 * 10 ** 7), r.randint(100000, 999999), non_luhn(r, 19), r.randint(100000, 999999), non_luhn(r, 19), r.randint(10 ** 7, 2 * 10 ** 7)))


def N_perforce(r):
    lines = ["Change %d on 2026/%02d/%02d by build@%s '%s'" % (r.randint(100000, 999999), r.randint(1, 12), r.randint(1, 28), r.choice(["farm-01", "farm-07", "ci-win"]), r.choice(["Nightly", "Cook DDC", "Lightmaps", "Audio bank"])) for _ in range(r.randint(3, 7))]
    lines += ["//depot/Main/Content/%s.uasset#%d - edit change %d (binary+l) md5 %s" % (pascal(r, 2), r.randint(1, 90), r.randint(100000, 999999), hx(r, 32).upper())]
    return wrap(r, "```\n%s\n```" % "\n".join(lines))


def N_genomics(r):
    seq = "".join(r.choice("ACGT") for _ in range(r.randint(60, 140)))
    qual = "".join(r.choice("FFFF:,#") for _ in range(len(seq)))
    return wrap(r, "FASTQ record that breaks the parser:\n```\n@%s:%d:%s:1:%d:%d:%d\n%s\n+\n%s\n```" % (
        r.choice(["A00123", "NB501234", "M05678"]), r.randint(1, 400), "H" + rs(r, "ABCDEFGHJKLMNPQRSTVWXY0123456789", 8), r.randint(1101, 2678), r.randint(1000, 30000), r.randint(1000, 30000), seq, qual))


def N_minified(r):
    return wrap(r, "```js\n!function(e,t){\"object\"==typeof exports?module.exports=t():e.%s=t()}(this,function(){var n=\"%s\",r=[%s];return{v:n,k:r}});\n```" % (
        r.choice(["RouteMap", "TicketWidget", "ShiftGrid", "LootTable"]), hx(r, 20), ",".join("0x%x" % r.randrange(1 << 32) for _ in range(r.randint(6, 14)))))


def N_vault_cipher(r):
    return wrap(r, "transit encrypt output (ciphertext, the key never leaves Vault): `vault:v%d:%s`" % (r.randint(1, 4), b64(r.randbytes(r.randint(28, 60)))))


def N_mongo_ids(r):
    ids = [hx(r, 24) for _ in range(r.randint(3, 8))]
    return wrap(r, "db.tickets.find({_id: {$in: [%s]}})" % ", ".join("ObjectId(\"%s\")" % i for i in ids))


def N_ulid(r):
    cs = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    return wrap(r, "events for the failed dock-door scan: %s" % ", ".join("`01J" + rs(r, cs, 23) + "`" for _ in range(r.randint(2, 5))))


def N_sentry(r):
    return wrap(r, "Sentry issue %s-%s, event `%s`, release `%s@%d.%d.%d+%s`" % (
        r.choice(["WMS", "CSAPP", "EHR", "GAME", "LIMS"]), rs(r, "123456789ABCDEFGHJKLMNPQRSTUVWXYZ", 3), hx(r, 32), r.choice(["driver-app", "agent-desktop", "ward-app", "launcher"]), r.randint(1, 9), r.randint(0, 40), r.randint(0, 9), hx(r, 7)))


def N_pip_hash(r):
    return wrap(r, "```\nnumpy==%d.%d.%d \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s\n```" % (r.randint(1, 2), r.randint(0, 26), r.randint(0, 5), hx(r, 64), hx(r, 64)))


def N_b64_text(r):
    txt = r.choice(["Dock 7 closes at 18:00 on Fridays", "Maintenance window Sunday 02:00-04:00 CET", "Las devoluciones van al muelle 3", "サーバーメンテナンスは日曜日です", "Inventur am 30. Juni"]).encode()
    return wrap(r, "the carrier's status field is base64 for some reason: `%s` → decoded: \"%s\"" % (b64(txt), txt.decode()))


def N_hex_colors(r):
    return wrap(r, "brand palette for the careers page: " + " ".join("`#%06X`" % r.randrange(1 << 24) for _ in range(r.randint(5, 10))))


NONCRED = [N_git, N_docker, N_uuids, N_integrity, N_gosum, N_trace, N_etag, N_cursor, N_sops, N_sha256sum, N_ssh_fp, N_dicom_uid,
           N_steam, N_perforce, N_genomics, N_minified, N_vault_cipher, N_mongo_ids, N_ulid, N_sentry, N_pip_hash, N_b64_text, N_hex_colors]

# ---------------------------------------------------------------- pii_lookalike_number

def isbn13(r):
    d = "978" + digits(r, 9, "0123456789")
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(d))
    return d + str((10 - s % 10) % 10)


def gs1_check(d):
    s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(d)))
    return str((10 - s % 10) % 10)


def container_no(r):
    owner = r.choice(["MSCU", "MAEU", "CMAU", "HLXU", "OOLU", "TGHU"])
    ser = digits(r, 6, "0123456789")
    vals = {}
    v = 10
    for c in string.ascii_uppercase:
        if v % 11 == 0:
            v += 1
        vals[c] = v
        v += 1
    s = sum((vals[c] if c.isalpha() else int(c)) * (2 ** i) for i, c in enumerate(owner + ser))
    return owner + ser + str(s % 11 % 10)


def L_orders(r):
    rows = ["order_id,created_at,items,total_eur,status"]
    for _ in range(r.randint(5, 34)):
        rows.append("%s,%s,%d,%.2f,%s" % (non_luhn(r, 10), ts(r)[:19], r.randint(1, 12), r.uniform(5, 900), r.choice(["shipped", "held", "returned", "delivered"])))
    return wrap(r, "export from the OMS for the escalations review:\n```csv\n%s\n```" % "\n".join(rows))


def L_tracking(r):
    return wrap(r, r.choice([
        "container %s discharged at %s, ETA warehouse %s",
        "Container %s steht in %s, Zustellung voraussichtlich %s",
        "コンテナ %s は %s で荷揚げ済み、倉庫到着予定 %s",
    ]) % (container_no(r), r.choice(["Rotterdam", "Hamburg", "Antwerp", "Busan", "Long Beach"]), "2026-%02d-%02d" % (r.randint(1, 12), r.randint(1, 28))))


def L_sscc(r):
    d = "0" + digits(r, 16, "0123456789")
    sscc = d + gs1_check(d)
    return wrap(r, "pallet label scanned as `(00)%s`, GLN of the DC `%s` — the WMS says unknown SSCC" % (sscc, (lambda g: g + gs1_check(g))(digits(r, 12, "456789"))))


def L_isbn(r):
    i = isbn13(r)
    h = "%s-%s-%s-%s-%s" % (i[:3], i[3], i[4:8], i[8:12], i[12])
    return wrap(r, r.choice(["the lab bought the textbook ISBN %s for the new techs", "Buch für die Einarbeitung: ISBN %s", "オンボーディング用の本 ISBN %s"]) % h)


def L_versions(r):
    return wrap(r, r.choice([
        "agent desktop %d.%d.%d (build %d) on Windows 10.0.%d.%d, Chrome %d.0.%d.%d",
        "Driver app %d.%d.%d (%d), Android build 10.0.%d.%d, WebView %d.0.%d.%d",
    ]) % (r.randint(1, 9), r.randint(0, 30), r.randint(0, 20), r.randint(1000, 99999), r.randint(19041, 26100), r.randint(1000, 5000), r.randint(120, 140), r.randint(6000, 7200), r.randint(10, 250)))


def L_timestamps(r):
    t = r.randint(1740000000, 1800000000)
    return wrap(r, "`ts=%d` → %s UTC; Slack message ts `%d.%06d`, ms epoch `%d`" % (t, "2026-xx", t, r.randint(0, 999999), t * 1000 + r.randint(0, 999)))


def L_ticket_ids(r):
    return wrap(r, "linked: ZD #%d, SF case %s, Jira %s-%d, ServiceNow INC%s, Freshdesk #%d" % (
        r.randint(100000, 9999999), "0" + non_luhn(r, 7, "0123456789"), r.choice(["CS", "OPS", "EHR", "GAME", "LAB", "PPL"]), r.randint(1, 9999), digits(r, 7, "0"), r.randint(10000, 999999)))


def L_ips(r):
    ips = ["10.%d.%d.%d" % (r.randint(0, 255), r.randint(0, 255), r.randint(1, 254)), "192.168.%d.%d" % (r.randint(0, 255), r.randint(1, 254)),
           "172.%d.%d.%d" % (r.randint(16, 31), r.randint(0, 255), r.randint(1, 254)), "203.0.113.%d" % r.randint(1, 254), "198.51.100.%d" % r.randint(1, 254)]
    return wrap(r, "scanner fleet in the DC: %s (all on the warehouse VLAN), ports %s" % (", ".join(r.sample(ips, 3)), ", ".join(str(p) for p in r.sample([22, 80, 443, 2575, 5432, 6379, 8080, 9100, 9200], 4))))


def L_ndc_icd(r):
    return wrap(r, "formulary update, codes only: NDC %s-%s-%s, ICD-10 %s.%d, LOINC %d-%d, CPT %d" % (
        digits(r, 5, "0123456789"), digits(r, 4, "0123456789"), digits(r, 2, "0123456789"), r.choice(["E11", "J45", "I10", "M54"]), r.randint(0, 9), r.randint(1000, 99999), r.randint(0, 9), r.randint(10000, 99999)))


def L_money(r):
    rows = "| rep territory | pipeline | closed won | quota |\n|---|---:|---:|---:|\n" + "\n".join(
        "| %s | %s | %s | %s |" % (t, "{:,}".format(r.randint(10 ** 5, 10 ** 7)), "{:,}".format(r.randint(10 ** 4, 10 ** 6)), "{:,}".format(r.randint(10 ** 5, 10 ** 6)))
        for t in r.sample(["DACH", "Nordics", "Benelux", "Iberia", "UK&I", "ANZ", "Japan", "Brazil"], r.randint(3, 6)))
    return wrap(r, "Q%d numbers (territories, no names):\n%s" % (r.randint(1, 4), rows))


def L_headcount(r):
    return wrap(r, r.choice([
        "headcount plan: %d open reqs, %d offers out, median time-to-fill %d days, req ids %s",
        "Personalplanung: %d offene Stellen, %d Angebote raus, %d Tage bis Besetzung, Req-IDs %s",
        "採用計画: 募集 %d 件、内定 %d 件、平均 %d 日、求人ID %s",
    ]) % (r.randint(5, 80), r.randint(1, 20), r.randint(20, 90), ", ".join("REQ-%d" % r.randint(1000, 9999) for _ in range(3))))


def L_aws_acct(r):
    return wrap(r, "sandbox account `123456789012`, GCP project number `%s`, subscription `%s`, instance `i-%s`" % (
        digits(r, 12), str(uuid.UUID(int=r.getrandbits(128), version=4)), hx(r, 17)))


def L_latency(r):
    rows = "\n".join("%-10s %6d %6d %6d" % (e, r.randint(20, 200), r.randint(200, 900), r.randint(900, 4000)) for e in r.sample(["/track", "/label", "/tickets", "/fhir/Obs", "/match", "/samples"], 4))
    return wrap(r, "```\nendpoint     p50    p95    p99\n%s\n```" % rows)


def L_cve(r):
    return wrap(r, "patching %s and GHSA-%s-%s-%s this week; vendor KB%d for the lab PCs, HRESULT 0x%08X" % (
        "CVE-202%d-%d" % (r.randint(4, 6), r.randint(1000, 59999)), rs(r, "23456789cfghjmpqrvwx", 4), rs(r, "23456789cfghjmpqrvwx", 4), rs(r, "23456789cfghjmpqrvwx", 4), r.randint(5000000, 5099999), r.randrange(0x80000000, 0x8FFFFFFF)))


def L_awb(r):
    base = digits(r, 7, "0123456789")
    awb = "%s-%s%d" % (r.choice(["020", "057", "176", "235", "618"]), base, int(base) % 7)
    return wrap(r, r.choice(["air waybill %s, %d pcs, %.1f kg chargeable", "Luftfrachtbrief %s, %d Colli, %.1f kg", "guía aérea %s, %d bultos, %.1f kg"]) % (awb, r.randint(1, 40), r.uniform(10, 900)))


def L_lot(r):
    return wrap(r, "reagent lot %s, exp 2027-%02d, catalog #%s-%d, plate barcode %s" % (
        rs(r, "ABCDEFGHJKLMNPQRSTUVWXYZ", 2) + digits(r, 6), r.randint(1, 12), r.choice(["A", "K", "R", "T"]) + digits(r, 4), r.randint(10, 500), "PL" + non_luhn(r, 10)))


def L_steam_ids(r):
    return wrap(r, "Steam app %d, depot %d, build %d; crash bucket %s; PS5 title id PPSA%05d; Xbox title id %08X" % (
        r.randint(1000000, 3500000), r.randint(1000000, 3500000), r.randint(10 ** 7, 2 * 10 ** 7), hx(r, 16), r.randint(1, 30000), r.randrange(1 << 32)))


def L_invoice(r):
    return wrap(r, r.choice(["invoice %s-%d-%s, PO %s, credit note CN-%s", "Rechnung %s-%d-%s, Bestellung %s, Gutschrift GS-%s", "facture %s-%d-%s, bon de commande %s, avoir AV-%s"]) % (
        r.choice(["INV", "RE", "FA"]), r.randint(2024, 2026), digits(r, 6, "0"), "45" + digits(r, 8, "0123456789"), digits(r, 6)))


def L_shift(r):
    rows = "\n".join("%s | %02d:00–%02d:00 | %d FTE" % (d, s, (s + 8) % 24, r.randint(2, 20)) for d, s in zip(r.sample(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], 4), [6, 14, 22, 6]))
    return wrap(r, "warehouse shift coverage (counts only):\n```\n%s\n```" % rows)


def L_bytes(r):
    return wrap(r, "sequencer run wrote %s bytes, %s reads, Q30 %.1f%%, %d lanes" % ("{:,}".format(r.randint(10 ** 9, 10 ** 12)).replace(",", r.choice([",", " ", "."])), "{:,}".format(r.randint(10 ** 6, 10 ** 9)), r.uniform(80, 96), r.choice([2, 4, 8])))


def L_hl7(r):
    ctl = non_luhn(r, 12)
    segs = ["MSH|^~\\&|%s|%s|LIS|LAB|2026%02d%02d%02d%02d||ORU^R01|%s|P|2.5.1" % (r.choice(["ANALYZER", "QC_RIG", "POCT"]), r.choice(["WARD3", "ICU", "LAB1"]), r.randint(1, 12), r.randint(1, 28), r.randint(0, 23), r.randint(0, 59), ctl),
            "OBR|1||QC-%s|%s^QC run^LN" % (digits(r, 6), r.choice(["24331-1", "2345-7", "718-7", "2160-0"]))]
    for i in range(r.randint(3, 18)):
        segs.append("OBX|%d|NM|%d-%d^QC level %d^LN||%.2f|%s|%.1f-%.1f|N|||F" % (i + 1, r.randint(1000, 99999), r.randint(0, 9), r.randint(1, 3), r.uniform(1, 300), r.choice(["mg/dL", "mmol/L", "g/dL", "U/L"]), r.uniform(1, 50), r.uniform(50, 300)))
    return wrap(r, "QC control-material message from the analyzer (no PID segment, it's a control run, not a patient):\n```\n%s\n```\nACK came back AE with control id %s" % ("\r\n".join(segs).replace("\r\n", "\n"), ctl))


def L_fhir_device(r):
    obs = [{"resourceType": "Observation", "id": str(r.randint(10 ** 5, 10 ** 7)), "status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "%d-%d" % (r.randint(1000, 99999), r.randint(0, 9))}]},
            "device": {"reference": "Device/%d" % r.randint(100, 9999)}, "effectiveDateTime": ts(r), "valueQuantity": {"value": round(r.uniform(0, 200), 1), "unit": "Cel"}} for _ in range(r.randint(1, 3))]
    return wrap(r, "fridge temperature feed into FHIR (device only, no subject):\n```json\n%s\n```" % json.dumps({"resourceType": "Bundle", "type": "batch", "total": len(obs), "entry": [{"resource": o} for o in obs]}, indent=1 if len(obs) == 1 else None, ensure_ascii=False))


PII_LIKE = [L_hl7, L_fhir_device, L_orders, L_tracking, L_sscc, L_isbn, L_versions, L_timestamps, L_ticket_ids, L_ips, L_ndc_icd, L_money, L_headcount, L_aws_acct,
            L_latency, L_cve, L_awb, L_lot, L_steam_ids, L_invoice, L_shift, L_bytes]

# ---------------------------------------------------------------- talk_about_secrets

TALK = [
    "reminder: never ask a customer for their full card number in chat, Stripe handles it",
    "if someone posts an API key here, react with :rotating_light: and ping #security, don't quote it",
    "we rotated the carrier API key this morning; new one is in the vault, old one revoked",
    "HR reminder: do not send salary or bank details over Slack DMs, use the Workday inbox",
    "Bitte keine Passwörter in Tickets schreiben – der Kunde soll den Reset-Link nutzen.",
    "Rappel : ne jamais coller un IBAN dans un canal public, utilisez le formulaire paie.",
    "Recordatorio: las contraseñas se cambian cada 90 días en el portal del hospital.",
    "Lembrete: nunca compartilhe o token da API da transportadora no Slack.",
    "パスワードはSlackに貼らないでください。1Passwordの共有Vaultを使ってください。",
    "API 密钥泄露后请立刻在控制台吊销，并在 #security 报告。",
    "비밀번호를 채널에 올리지 마세요. 보안팀이 자동으로 감지합니다.",
    "Напоминание: токены доступа храним только в Vault, не в чате.",
    "تذكير: لا تشارك كلمات المرور أو أرقام البطاقات في القنوات العامة.",
    "कृपया Slack पर पासवर्ड या API key साझा न करें।",
    "תזכורת: אין לשתף סיסמאות או מספרי כרטיס אשראי בערוץ.",
    "Hatırlatma: API anahtarlarını Slack'e yapıştırmayın, kasadan alın.",
    "Przypomnienie: numerów PESEL i IBAN nie wklejamy do Slacka.",
    "Nhắc nhở: không chia sẻ mật khẩu hoặc token trong kênh chung.",
    "อย่าแชร์รหัสผ่านหรือคีย์ API ในช่องแชทนะครับ",
    "Υπενθύμιση: μην μοιράζεστε κωδικούς πρόσβασης στο Slack.",
    "Нагадування: не публікуйте паролі та токени в каналах.",
    "Påminnelse: dela aldrig lösenord eller personnummer i Slack.",
    "the EHR integration password expires on the 1st, the interface team has the new one",
    "postmortem: a test private key was committed to the game repo; it was only for the local dev server and has been removed from history",
    "why does the scanner flag our 'password reset' macro? it only contains the words, no actual password",
    "can the bot detect SSNs in pasted HR spreadsheets? asking before the open-enrollment rush",
    "our DLP rule for phone numbers is too aggressive — it flags order ids",
    "what's the policy for storing candidate emails in the ATS vs in Slack?",
    "security sync notes: 1) rotate Steam publisher key 2) move HL7 creds to vault 3) remove old CRM tokens",
    "the Zendesk API token for the macros bot was revoked by accident, I'm issuing a new one via the admin center",
    "Who owns the Shopify private app token? it's still on the old contractor account",
    "incident summary: a JWT was logged by the FHIR proxy in debug mode; logs purged, signing key rotated",
    "do we mask credit card numbers in call recordings? the CCaaS vendor says yes, PCI pause is on",
    "TIL GitHub push protection blocks pushes with known token formats",
    "the regex for IBANs in our DLP is too broad, it catches container numbers",
    "Was ist unser Prozess, wenn ein Kunde seine Kreditkartennummer im Chat schickt? → Nachricht löschen, Kunde informieren.",
    "Si un candidat envoie son numéro de sécu par e-mail, on le supprime et on lui indique le portail sécurisé.",
    "la clave privada del certificado del portal de pacientes se renueva en marzo",
    "O token do webhook do armazém foi regenerado, atualizem o n8n.",
    "研究室のAPIキーは各自のアカウントで発行してください。共有キーは廃止しました。",
    "the sealed-secrets controller can't decrypt after the key rotation: `no key could decrypt secret (lims/db-creds)`",
    "ExternalSecret `carrier-api` shows `SecretSyncedError: could not get secret data from provider` — the IAM role is missing, not the key",
    "Vault: `permission denied` on `kv/data/people-ops/personio` — you need the people-ops policy",
    "FAQ: 'Can I DM my password to IT?' — No. IT will never ask for your password.",
    "phishing alert: someone emailing warehouse staff asking for their badge PIN and login; report it, don't reply",
    "the lab instrument's default password should be changed at install — checklist item 4",
    "anyone know how long Okta keeps the recovery tokens valid? docs say one hour",
]


def T_single(r):
    return wrap(r, r.choice(TALK), 0.25, 0.1)


def T_multi(r):
    items = r.sample(TALK, r.randint(2, 5))
    return wrap(r, "%s\n%s" % (r.choice(["Security sync notes:", "Notes from the CS all-hands:", "People ops reminders:", "議事録（セキュリティ）:", "Заметки:", "Resumen de la reunión:"]), "\n".join("• " + i for i in items)))


QA = [("how do I reset my SSO password?", "self-service portal, never via Slack"),
      ("where do I get a token for the shipping API sandbox?", "request via the IT form, it's issued to your account"),
      ("can I store the lab API key in the notebook?", "no — use env vars and the lab vault"),
      ("¿dónde se guarda la contraseña del Wi-Fi de invitados?", "está en el cartel de recepción, no la publiquemos aquí"),
      ("Wie bekomme ich einen API-Key für das Ticketsystem?", "über das Admin-Center, persönlich für dich"),
      ("テスト用のトークンはどこで発行できますか？", "開発者ポータルから自分で発行してください"),
      ("Comment récupérer le mot de passe du compte de service de la paie ?", "Demande d'accès au coffre, équipe paie, validation du manager"),
      ("如何申请测序仪的API密钥？", "在实验室门户提交申请，密钥会发到你的账号"),
      ("고객이 카드번호를 채팅에 보냈어요. 어떻게 하나요?", "메시지를 삭제하고 보안 결제 링크를 보내세요"),
      ("Как получить доступ к паролю от склада?", "Через заявку в ServiceDesk, пароль выдаётся лично"),
      ("what do I do if a candidate sends their passport scan on Slack?", "delete it, ask them to use the Greenhouse upload link, note it in the privacy log"),
      ("is it ok to share the Steam partner login with the QA vendor?", "no, they get their own account with limited permissions")]


def T_qa(r):
    q, a = r.choice(QA)
    return wrap(r, "Q: %s\nA: %s" % (q, a))


def T_rotation(r):
    what = r.choice(["carrier API key", "Zendesk API token", "HL7 interface password", "Steam publisher key", "Benchling API key", "Salesforce connected-app secret",
                     "Personio client secret", "Twilio auth token", "VPN pre-shared key", "Perforce service password", "warehouse Wi-Fi password", "FHIR client secret"])
    when = r.choice(["today 14:00 UTC", "tomorrow morning", "Friday after the release", "during the Sunday window", "on the 1st"])
    who = r.choice(["#it-ops", "the integrations team", "people ops tooling", "build engineering", "the LIMS admins", "the interface team"])
    return wrap(r, r.choice([
        "Rotation notice: the %s will be rotated %s by %s. Services read it from the vault, nothing to do unless you hard-coded it (you didn't, right?).",
        "Heads-up: %s rotates %s — %s owns it. If your job fails with 401 after that, restart it so it picks up the new secret.",
        "Rotación: la %s se cambia %s (%s). No hace falta hacer nada si lo leéis del gestor de secretos.",
        "Rotation: %s wird %s erneuert (%s). Bitte nichts hart kodieren.",
    ]) % (what, when, who))


def T_runbook(r):
    kind = r.choice(["an API token", "a password", "a private key", "a card number", "an IBAN", "a patient identifier", "a candidate's phone number"])
    steps = ["1. Delete the message (or ask an admin to).", "2. Do not quote it in a thread.", "3. Rotate/revoke it if it's a credential; tell the owner if it's personal data.",
             "4. Open a ticket in the security queue with the channel name and time, not the value.", "5. Check audit logs for use since the post.",
             "6. For personal data, the privacy team decides if it's a notifiable incident."]
    return wrap(r, "Runbook — someone pasted %s in Slack:\n%s" % (kind, "\n".join(steps[:r.randint(3, 6)])))


def T_regex(r):
    return wrap(r, "```python\n# DLP patterns we discussed (no sample values in the repo)\nPATTERNS = {\n    \"card\": r\"\\b(?:\\d[ -]?){13,19}\\b\",\n    \"iban\": r\"\\b[A-Z]{2}\\d{2}[A-Z0-9]{11,30}\\b\",\n    \"ssn\": r\"\\b\\d{3}-\\d{2}-\\d{4}\\b\",\n}\n```\n%s" % r.choice(["plus Luhn/mod-97 checks", "too many false positives on order ids", "needs context words"]))


TALKS = [T_single, T_single, T_multi, T_qa, T_rotation, T_runbook, T_single, T_regex]

CATS = {"data_uri_base64": DATA_URI, "placeholder_example": PLACEHOLDER, "code_identifier": CODE_ID,
        "non_credential_blob": NONCRED, "pii_lookalike_number": PII_LIKE, "talk_about_secrets": TALKS}

# ---------------------------------------------------------------- scanner

PRIVATE_NETS = [("10.0.0.0", 8), ("172.16.0.0", 12), ("192.168.0.0", 16), ("127.0.0.0", 8), ("100.64.0.0", 10), ("169.254.0.0", 16),
                ("192.0.2.0", 24), ("198.51.100.0", 24), ("203.0.113.0", 24), ("0.0.0.0", 8), ("224.0.0.0", 3), ("198.18.0.0", 15)]


def ip_int(s):
    a = [int(x) for x in s.split(".")]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]


def ip_public(s):
    try:
        parts = [int(x) for x in s.split(".")]
    except ValueError:
        return False
    if len(parts) != 4 or any(p > 255 for p in parts):
        return False
    v = ip_int(s)
    for net, bits in PRIVATE_NETS:
        m = (0xffffffff << (32 - bits)) & 0xffffffff
        if v & m == ip_int(net) & m:
            return False
    return True


def iban_ok(s):
    s = s.replace(" ", "")
    t = s[4:] + s[:4]
    n = "".join(str(int(c, 36)) for c in t)
    return int(n) % 97 == 1


RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}"),
    "slack": re.compile(r"xox[abposr]-\d+-"),
    "sk": re.compile(r"sk-[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}"),
    "ssn": re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/]{40,}"),
    "aws": re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"),
    "phone": re.compile(r"\+\d{1,3}[ .-]?\(?\d{1,4}\)?[ .-]?\d{2,4}[ .-]?\d{2,4}"),
}
RUN = re.compile(r"(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])")
IBAN_RX = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b")
IP_RX = re.compile(r"(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\d.])")


def scan(text):
    hits = []
    for k, rx in RX.items():
        for m in rx.finditer(text):
            v = m.group(0)
            if k == "aws" and "EXAMPLE" in v:
                continue
            if k in ("ssn", "phone") and not re.sub(r"[\D0]", "", v):
                continue  # all-zero mask such as 000-00-0000
            if k == "email" and text[max(0, m.start() - 1):m.start()] == ":" and v.split("@")[0] in ("PASSWORD", "password"):
                continue  # URL template user:PASSWORD@host
            hits.append((k, v))
    for m in RUN.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d) and d.strip("0"):
            hits.append(("luhn", m.group(0)))
    for m in re.finditer(r"\d{13,19}", text):
        if luhn_ok(m.group(0)) and m.group(0).strip("0"):
            hits.append(("luhn", m.group(0)))
    for m in IBAN_RX.finditer(text):
        try:
            if iban_ok(m.group(0)):
                hits.append(("iban", m.group(0)))
        except ValueError:
            pass
    for m in IP_RX.finditer(text):
        if ip_public(m.group(0)):
            hits.append(("public_ipv4", m.group(0)))
    return hits

# ---------------------------------------------------------------- positives: value makers

def crc_b62(s):
    c = zlib.crc32(s.encode()) & 0xffffffff
    out = ""
    while c:
        c, m = divmod(c, 62)
        out = B62[m] + out
    return out.rjust(6, "0")


def v_aws_id(r):
    return r.choice(["AKIA", "AKIA", "ASIA"]) + rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def v_aws_secret(r):
    return rs(r, string.ascii_letters + string.digits + "+/", 40)


def v_ghp(r):
    body = rs(r, B62, 30)
    return "ghp_" + body + crc_b62(body)


def v_ghfg(r):
    return "github_pat_11" + rs(r, string.ascii_uppercase + string.digits, 20) + "_" + rs(r, B62, 59)


def v_xoxb(r):
    return "xoxb-%s-%s-%s" % (digits(r, r.choice([10, 11, 12])), digits(r, 13), rs(r, B62, 24))


def v_xoxp(r):
    return "xoxp-%s-%s-%s-%s" % (digits(r, 11), digits(r, 12), digits(r, 13), hx(r, 32))


def v_openai(r):
    k = r.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(r, B64URL, 74) + "T3BlbkFJ" + rs(r, B64URL, 74)
    if k == 1:
        return "sk-" + rs(r, B62, 20) + "T3BlbkFJ" + rs(r, B62, 20)
    return "sk-svcacct-" + rs(r, B64URL, 74) + "T3BlbkFJ" + rs(r, B64URL, 74)


def v_anthropic(r):
    return "sk-ant-api03-" + rs(r, B64URL, 93) + "AA"


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def v_jwt(r):
    if r.random() < 0.5:
        h = {"alg": "HS256", "typ": "JWT"}
    else:
        h = {"alg": "RS256", "typ": "JWT", "kid": hx(r, 16)}
    iat = r.randint(1760000000, 1790000000)
    p = {"sub": str(r.randint(10000, 999999)), "iss": r.choice(["https://auth.fleet-ops.io", "https://sso.ward-portal.net", "https://id.questforge.games", "https://login.helpdesk-hub.com"]),
         "iat": iat, "exp": iat + r.choice([900, 3600, 86400]), "scope": r.choice(["tickets:write", "shipments:read", "patient/*.read", "profile"])}
    sig = r.randbytes(32 if h["alg"] == "HS256" else 256)
    return b64url(json.dumps(h, separators=(",", ":")).encode()) + "." + b64url(json.dumps(p, separators=(",", ":")).encode()) + "." + b64url(sig)


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def v_pem(r):
    k = r.randrange(3)
    if k == 0:
        d = r.randbytes(32)
        pub = b"\x04" + r.randbytes(64)
        body = der(0x30, der(0x02, b"\x01") + der(0x04, d) + der(0xa0, der(0x06, bytes.fromhex("2a8648ce3d030107"))) + der(0xa1, der(0x03, b"\x00" + pub)))
        typ = "EC PRIVATE KEY"
    elif k == 1:
        body = bytes.fromhex("302e020100300506032b657004220420") + r.randbytes(32)
        typ = "PRIVATE KEY"
    else:
        def integer(nbytes):
            v = bytearray(r.randbytes(nbytes))
            v[0] |= 0x80
            return der(0x02, b"\x00" + bytes(v))
        body = der(0x30, der(0x02, b"\x00") + integer(128) + der(0x02, b"\x01\x00\x01") + integer(128) + integer(64) + integer(64) + integer(64) + integer(64) + integer(64))
        typ = "RSA PRIVATE KEY"
    s = b64(body)
    lines = [s[i:i + 64] for i in range(0, len(s), 64)]
    return typ, lines


def v_password(r):
    return rs(r, string.ascii_letters + string.digits, r.randint(6, 10)) + r.choice(["!", "#", "%", "*", "-", "_", "."]) + rs(r, string.ascii_letters + string.digits, r.randint(4, 8))


def v_email(r):
    first = r.choice(["maria", "jonas", "aiko", "li.wei", "fatima", "oliver", "sofia", "mateus", "priya", "dmitri", "chloe", "kenji", "amara", "lukas", "hana", "yusuf"])
    last = r.choice(["keller", "tanaka", "oliveira", "haddad", "novak", "jensen", "moreau", "garcia", "kowalski", "sato", "rahman", "fischer", "kim", "rossi"])
    dom = r.choice(["northwind-logistics.de", "clinicabrava.es", "questforge.games", "helixlab.org", "brightdesk.io", "sunmed.co.jp", "pampa-freight.com.br", "gmail.com", "outlook.com", "yahoo.co.jp", "web.de"])
    sep = r.choice([".", "_", ""])
    return "%s%s%s@%s" % (first, sep, last, dom)


def v_phone(r):
    k = r.randrange(11)
    if k == 0:
        return "+1 (%d) %d-%04d" % (r.choice([312, 415, 646, 512, 617, 206]), r.randint(201, 989), r.randint(0, 9999))
    if k == 1:
        return "+44 7%d %06d" % (r.randint(400, 999), r.randint(0, 999999))
    if k == 2:
        return "+49 1%d %s" % (r.choice([51, 52, 57, 60, 70, 76]), digits(r, 8, "0123456789"))
    if k == 3:
        return "+33 6 %02d %02d %02d %02d" % tuple(r.randint(0, 99) for _ in range(4))
    if k == 4:
        return "0%d-%04d-%04d" % (r.choice([90, 80, 70]), r.randint(1000, 9999), r.randint(0, 9999))
    if k == 5:
        return "+55 11 9%04d-%04d" % (r.randint(1000, 9999), r.randint(0, 9999))
    if k == 6:
        return "+91 %d %05d" % (r.randint(70000, 99999), r.randint(0, 99999))
    if k == 7:
        return "010-%04d-%04d" % (r.randint(1000, 9999), r.randint(0, 9999))
    if k == 8:
        return "+34 6%02d %03d %03d" % (r.randint(0, 99), r.randint(0, 999), r.randint(0, 999))
    if k == 9:
        return "+61 4%02d %03d %03d" % (r.randint(0, 99), r.randint(0, 999), r.randint(0, 999))
    return "+7 9%02d %03d-%02d-%02d" % (r.randint(0, 99), r.randint(0, 999), r.randint(0, 99), r.randint(0, 99))


def v_card(r):
    k = r.randrange(5)
    if k == 0:
        d = luhn_complete("4" + digits(r, 14, "0123456789")); g = [4, 4, 4, 4]
    elif k == 1:
        d = luhn_complete(r.choice(["51", "52", "53", "54", "55"]) + digits(r, 13, "0123456789")); g = [4, 4, 4, 4]
    elif k == 2:
        d = luhn_complete(r.choice(["34", "37"]) + digits(r, 12, "0123456789")); g = [4, 6, 5]
    elif k == 3:
        d = luhn_complete("6011" + digits(r, 11, "0123456789")); g = [4, 4, 4, 4]
    else:
        d = luhn_complete("35" + str(r.randint(28, 89)) + digits(r, 11, "0123456789")); g = [4, 4, 4, 4]
    sep = r.choice(["", " ", "-", " "])
    if not sep:
        return d
    out, i = [], 0
    for n in g:
        out.append(d[i:i + n]); i += n
    return sep.join(out)


def iban_make(cc, bban):
    t = bban + cc + "00"
    n = int("".join(str(int(c, 36)) for c in t))
    return cc + "%02d" % (98 - n % 97) + bban


def es_ccc(r):
    bank, branch, acct = digits(r, 4, "0123456789"), digits(r, 4, "0123456789"), digits(r, 10, "0123456789")
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

    def cd(s):
        v = 11 - sum(int(c) * ww for c, ww in zip(s, w)) % 11
        return {11: 0, 10: 1}.get(v, v)
    return bank + branch + str(cd("00" + bank + branch)) + str(cd(acct)) + acct


def v_iban(r):
    k = r.randrange(9)
    if k == 0:
        ib = iban_make("DE", digits(r, 8) + digits(r, 10, "0123456789"))
    elif k == 1:
        ib = iban_make("GB", r.choice(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + digits(r, 6, "0123456789") + digits(r, 8, "0123456789"))
    elif k == 2:
        bank, br, acc = digits(r, 5), digits(r, 5, "0123456789"), digits(r, 11, "0123456789")
        key = 97 - (89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97
        ib = iban_make("FR", bank + br + acc + "%02d" % key)
    elif k == 3:
        ib = iban_make("NL", r.choice(["ABNA", "INGB", "RABO", "TRIO"]) + digits(r, 10, "0123456789"))
    elif k == 4:
        ib = iban_make("ES", es_ccc(r))
    elif k == 5:
        ib = iban_make("PL", digits(r, 24, "0123456789"))
    elif k == 6:
        ib = iban_make("AT", digits(r, 5) + digits(r, 11, "0123456789"))
    elif k == 7:
        ib = iban_make("CH", digits(r, 5, "0") + digits(r, 12, "0123456789"))
    else:
        ib = iban_make("SE", digits(r, 3, "5") + digits(r, 17, "0123456789"))
    if r.random() < 0.5:
        ib = " ".join(ib[i:i + 4] for i in range(0, len(ib), 4))
    return ib


def v_ssn(r):
    while True:
        a = r.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, r.randint(1, 99), r.randint(1, 9999))


def v_ip(r):
    while True:
        s = "%d.%d.%d.%d" % (r.randint(1, 223), r.randint(0, 255), r.randint(0, 255), r.randint(1, 254))
        if ip_public(s):
            return s

# ---------------------------------------------------------------- positives: templates

def S(kind, value):
    return {"kind": kind, "value": value}


def pos_aws_id(r, t):
    v = v_aws_id(r)
    texts = [
        "the warehouse label service still uses the old IAM user, key id `%s` — can someone disable it?",
        "Der Export-Job für die Personalakte nutzt noch Access Key %s, bitte deaktivieren",
        "```\nAWS_ACCESS_KEY_ID=%s\nAWS_DEFAULT_REGION=eu-west-1\n```",
        "CloudTrail shows `%s` calling s3:GetObject on the lab-imaging bucket from an unknown host",
        "ゲームサーバーのビルドスクリプトに %s がハードコードされてます",
        "```json\n{\"Version\":\"2012-10-17\",\"accessKeyId\":\"%s\",\"region\":\"sa-east-1\"}\n```",
        "aws configure → %s (the CS analytics one)",
    ]
    return texts[t % len(texts)] % v, [S("aws_access_key_id", v)]


def pos_aws_secret(r, t):
    i, s = v_aws_id(r), v_aws_secret(r)
    texts = [
        "```ini\n[lab-imaging]\naws_access_key_id = %s\naws_secret_access_key = %s\n```",
        "creds for the CRM backup bucket: %s / %s (temporary, will rotate friday)",
        "```yaml\nenv:\n  AWS_ACCESS_KEY_ID: %s\n  AWS_SECRET_ACCESS_KEY: %s\n```",
    ]
    txt = texts[t % len(texts)] % (i, s)
    return txt, [S("aws_access_key_id", i), S("aws_secret_access_key", s)]


def pos_simple(kind, maker, texts):
    def f(r, t):
        v = maker(r)
        return texts[t % len(texts)] % v, [S(kind, v)]
    return f


def pos_pem(r, t):
    typ, lines = v_pem(r)
    layout = t % 3
    if layout == 0:
        body = "\n".join(lines)
        txt = "%s\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (r.choice(["SFTP key for the 3PL (rotate after go-live):", "the key for the HL7 VPN tunnel:", "console devkit signing key, don't share outside #build:"]), typ, body, typ)
    elif layout == 1:
        body = "\\n".join(lines)
        txt = "```json\n{\"type\":\"service_account\",\"private_key\":\"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n\"}\n```" % (typ, body, typ)
    else:
        body = "\n    ".join(lines)
        txt = "```yaml\nsftp:\n  host: sftp.partner-edi.net\n  private_key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----\n```" % (typ, body, typ)
    return txt, [S("private_key_pem", body)]


def pos_password(r, t):
    p = v_password(r)
    texts = [
        "```\nServer=sql-rostering.internal;Database=Shifts;User Id=roster_app;Password=%s;Encrypt=True\n```",
        "```properties\nspring.datasource.url=jdbc:postgresql://lims-db:5432/lims\nspring.datasource.username=lims\nspring.datasource.password=%s\n```",
        "libpq: `host=ehr-replica port=5432 dbname=reporting user=bi password=%s sslmode=require`",
        "Host=pg-crm;Username=sales_sync;Password=%s;Database=pipeline",
        "the HL7 listener login is `interface_user` / password `%s`",
        "WLAN im Lager: SSID Lager-Scanner, Passwort %s",
        "パスワード: %s（倉庫のハンディ端末用）",
        "```yaml\nsmtp:\n  host: smtp.office365.com\n  user: noreply-hr\n  password: \"%s\"\n```",
    ]
    return texts[t % len(texts)] % p, [S("password", p)]


def pos_url(r, t):
    p = v_password(r).replace("#", "x").replace("%", "q")
    texts = [
        "DATABASE_URL=postgres://wms_app:%s@wms-db.prod.internal:5432/wms",
        "`mongodb+srv://ticketbot:%s@cs-cluster.abcd1.mongodb.net/tickets`",
        "REDIS_URL=redis://:%s@leaderboard-cache:6379/0",
        "amqps://lims:%s@rabbit.lab.local:5671/%%2F",
        "mysql://hr_reports:%s@10.20.3.4:3306/people",
        "SQLALCHEMY_DATABASE_URI = \"postgresql+psycopg://fhir:%s@fhir-db/fhir\"",
        "sftp://edi_upload:%s@files.freight-partner.com:22/inbound",
        "ftp://scanner:%s@192.168.40.12/exports",
    ]
    return texts[t % len(texts)] % p, [S("url_credentials", p)]


POS_SINGLE = {
    "aws_access_key_id": pos_aws_id,
    "github_classic_pat": pos_simple("github_classic_pat", v_ghp, [
        "use my PAT for the art pipeline bot for now: %s", "```\nGITHUB_TOKEN=%s\n```", "git clone https://%s@github.com/questforge/shaders.git",
        "Personal Access Token für den LIMS-Import: %s", "トークン置いておきます %s", "npm config set //npm.pkg.github.com/:_authToken %s", "gh auth login --with-token <<< %s"]),
    "github_fine_grained_pat": pos_simple("github_fine_grained_pat", v_ghfg, [
        "fine-grained token for the helpdesk macros repo: %s", "```yaml\nGH_TOKEN: %s\n```", "Token für die Routing-Tabelle: %s",
        "renovate config uses %s", "fine-grained PAT (read-only on `lab-protocols`): %s", "토큰: %s", "add it as `%s` in the action"]),
    "slack_bot_token": pos_simple("slack_bot_token", v_xoxb, [
        "bot token for the shift-swap bot: %s", "```\nSLACK_BOT_TOKEN=%s\n```", "`curl -H 'Authorization: Bearer %s' https://slack.com/api/chat.postMessage`",
        "el token del bot de tickets es %s", "Bot-Token vom Lager-Alarm: %s", "ボットのトークン: %s", "token: %s  # escalation bot"]),
    "slack_user_token": pos_simple("slack_user_token", v_xoxp, [
        "my user token for the export script: %s", "```\nSLACK_USER_TOKEN=%s\n```", "Benutzer-Token (nur für die Migration): %s",
        "token utilisateur : %s", "xoxp for the channel archiver: %s", "用户令牌: %s", "export SLACK_TOKEN=%s"]),
    "openai_api_key": pos_simple("openai_api_key", v_openai, [
        "OPENAI_API_KEY=%s", "the ticket summarizer uses `%s`", "```python\nclient = OpenAI(api_key=\"%s\")\n```", "Schlüssel für den Bewerbungs-Zusammenfasser: %s",
        "clave de OpenAI del bot de soporte: %s", "NPC dialogue prototype key: %s", "研究用キー %s"]),
    "anthropic_api_key": pos_simple("anthropic_api_key", v_anthropic, [
        "ANTHROPIC_API_KEY=%s", "```ts\nconst client = new Anthropic({ apiKey: \"%s\" });\n```", "key for the triage-notes summarizer: %s",
        "Clé pour l'assistant RH : %s", "lab notebook assistant key: `%s`", "x-api-key: %s", "キー: %s"]),
    "jwt": pos_simple("jwt", v_jwt, [
        "the FHIR proxy logged this bearer: `Authorization: Bearer %s`", "token from the driver app session: %s", "```\ncurl -H \"Authorization: Bearer %s\" https://api.helpdesk-hub.com/v1/tickets\n```",
        "Cookie: session=%s", "id_token=%s", "JWT aus dem Log: %s", "access_token: %s"]),
    "private_key_pem": pos_pem,
    "password": pos_password,
    "url_credentials": pos_url,
    "email_address": pos_simple("email_address", v_email, [
        "customer asked to update billing contact to %s", "new hire starts monday, personal email for the welcome pack: %s", "Kontakt beim Spediteur: %s",
        "the patient portal bounce came from %s", "escríbele a %s para la demo", "研究協力者の連絡先: %s", "reply-to was set to %s",
        "Candidata enviou o portfólio de %s", "переслать счёт на %s", "contact: <mailto:%s|email>"]),
    "phone_number": pos_simple("phone_number", v_phone, [
        "driver's mobile for the delivery: %s", "customer callback number %s", "Notfallkontakt der Nachtschicht: %s", "rappeler le client au %s",
        "携帯: %s", "Teléfono del paciente para la cita: %s", "emergency contact on the form: %s", "WhatsApp do motorista: %s", "연락처 %s", "тел. %s"]),
    "credit_card": pos_simple("credit_card", v_card, [
        "customer pasted their card in the chat: %s exp 09/28", "Kartennummer aus dem Ticket: %s", "card %s declined on renewal", "tarjeta %s, caduca 11/27",
        "カード番号 %s", "corporate card for the trade-show booth: %s", "número do cartão: %s", "card_number=%s"]),
    "iban": pos_simple("iban", v_iban, [
        "new hire's bank details for payroll: %s", "Bitte Gehalt ab Juli auf %s überweisen", "IBAN pour le remboursement : %s", "refund to IBAN %s",
        "Rückerstattung an %s", "cuenta para la nómina: %s", "vendor changed IBAN to %s — verify by phone before paying", "Numer rachunku: %s"]),
    "us_ssn": pos_simple("us_ssn", v_ssn, [
        "I-9 form shows SSN %s, can you fix the typo in Workday?", "background check needs SSN: %s", "SSN %s on the W-4", "applicant SSN %s",
        "payroll correction for SSN %s", "ssn=%s", "社会保障番号 %s"]),
    "ipv4_address": pos_simple("ipv4_address", v_ip, [
        "failed logins on the patient portal from %s", "customer's office egress IP %s, please allowlist", "Angreifer-IP laut WAF: %s",
        "matchmaking server %s keeps timing out", "la IP del cliente es %s", "ssh from %s blocked by fail2ban", "接続元IP %s"]),
}

SINGLE_COUNTS = {k: 7 for k in POS_SINGLE}
for k in ["email_address", "phone_number", "credit_card", "iban", "password", "url_credentials"]:
    SINGLE_COUNTS[k] = 8
SINGLE_COUNTS["aws_access_key_id"] = 6


def multi_templates():
    M = []

    def m0(r):
        e, p = v_email(r), v_phone(r)
        return ("Escalation for ticket #%s: customer %s, call back on %s. Order %s (not the card)." % (r.randint(100000, 999999), e, p, non_luhn(r, 10)),
                [S("email_address", e), S("phone_number", p)], "cs_escalation")

    def m1(r):
        e, ib = v_email(r), v_iban(r)
        return ("onboarding checklist for the new warehouse lead:\n- laptop: ordered\n- personal email: %s\n- bank: %s\n- badge: pending" % (e, ib),
                [S("email_address", e), S("iban", ib)], "hr_onboarding")

    def m2(r):
        c, p = v_card(r), v_phone(r)
        return ("caller read out their card %s and phone %s during the recording — please purge call %s" % (c, p, str(uuid.UUID(int=r.getrandbits(128), version=4))),
                [S("credit_card", c), S("phone_number", p)], "call_recording")

    def m3(r):
        tok, ip = v_xoxb(r), v_ip(r)
        return ("```\n%s WARN bot auth ok token=%s remote=%s ua=python-requests/2.32\n```" % (ts(r), tok, ip), [S("slack_bot_token", tok), S("ipv4_address", ip)], "bot_log")

    def m4(r):
        u, pw = v_password(r), v_password(r).replace("#", "x").replace("%", "q")
        return ("```yaml\nlims:\n  admin_password: \"%s\"\n  db_url: postgres://lims:%s@lims-db:5432/lims\n  logo: %s\n```" % (u, pw, du_png(r)),
                [S("password", u), S("url_credentials", pw)], "lims_config")

    def m5(r):
        s, e = v_ssn(r), v_email(r)
        return ("W-2 reissue request: SSN %s, send to %s (doc id %s)" % (s, e, hx(r, 24)), [S("us_ssn", s), S("email_address", e)], "payroll_w2")

    def m6(r):
        a, j = v_anthropic(r), v_jwt(r)
        return ("```\nANTHROPIC_API_KEY=%s\nTEST_SESSION_JWT=%s\nBUILD_SHA=%s\n```" % (a, j, hx(r, 40)), [S("anthropic_api_key", a), S("jwt", j)], "env_dump")

    def m7(r):
        g, o = v_ghp(r), v_openai(r)
        return ("CI secrets for the NPC-dialogue tool (move to vault pls): GH `%s`, OpenAI `%s`" % (g, o), [S("github_classic_pat", g), S("openai_api_key", o)], "ci_secrets")

    def m8(r):
        ib, e, p = v_iban(r), v_email(r), v_phone(r)
        return ("Lieferant hat neue Bankdaten geschickt: %s. Rückfrage bitte an %s oder %s. Rechnung RE-2026-%s." % (ib, e, p, digits(r, 6, "0")),
                [S("iban", ib), S("email_address", e), S("phone_number", p)], "vendor_bank_change")

    def m9(r):
        ip, pw = v_ip(r), v_password(r)
        return ("the clinic's VPN appliance: public %s, admin password %s (vendor set it, we must change it)" % (ip, pw), [S("ipv4_address", ip), S("password", pw)], "clinic_vpn")

    def m10(r):
        x, g = v_xoxp(r), v_ghfg(r)
        return ("migration script config:\n```toml\n[slack]\nuser_token = \"%s\"\n[github]\ntoken = \"%s\"\n```" % (x, g), [S("slack_user_token", x), S("github_fine_grained_pat", g)], "migration_cfg")

    def m11(r):
        e, c, ip = v_email(r), v_card(r), v_ip(r)
        return ("fraud review: account %s used card %s from %s, 3 chargebacks" % (e, c, ip), [S("email_address", e), S("credit_card", c), S("ipv4_address", ip)], "fraud_review")

    def m12(r):
        p, e = v_phone(r), v_email(r)
        return ("研究参加者への連絡: 電話 %s / メール %s（同意書あり）" % (p, e), [S("phone_number", p), S("email_address", e)], "research_participant")

    def m13(r):
        s, ib = v_ssn(r), v_iban(r)
        return ("contractor onboarding (US + EU payroll): SSN %s, IBAN %s" % (s, ib), [S("us_ssn", s), S("iban", ib)], "contractor")

    M = [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13]
    return M


# ---------------------------------------------------------------- build

def build_negatives(r):
    out, seen, stats = [], set(), {}
    for cat, tpls in CATS.items():
        n = 0
        i = 0
        tries = 0
        while n < 100:
            f = tpls[i % len(tpls)]
            i += 1
            tries += 1
            if tries > 20000:
                raise SystemExit("cannot fill " + cat)
            t = f(r)
            if t in seen:
                continue
            h = scan(t)
            if h:
                stats.setdefault(cat, 0)
                stats[cat] += 1
                continue
            seen.add(t)
            out.append({"text": t, "category": cat})
            n += 1
    r.shuffle(out)
    return [{"id": "%sn-%04d" % (IDP, k + 1), "text": o["text"], "category": o["category"]} for k, o in enumerate(out)], stats


def build_positives(r):
    recs = []
    for kind, f in POS_SINGLE.items():
        for t in range(SINGLE_COUNTS[kind]):
            txt, sec = f(r, t)
            if r.random() < 0.12:
                txt = r.choice(["urgent: ", "pls delete after reading — ", "sorry wrong channel: ", "a la vista: ", ""]) + txt
            recs.append({"text": txt, "secrets": sec, "context": "%s:t%d" % (kind, t)})
    for t in range(3):
        txt, sec = pos_aws_secret(r, t)
        recs.append({"text": txt, "secrets": sec, "context": "multi:aws_pair:%d" % t})
    ms = multi_templates()
    k = 0
    while len(recs) < 150:
        m = ms[k % len(ms)]
        txt, sec, name = m(r)
        recs.append({"text": txt, "secrets": sec, "context": "multi:%s:%d" % (name, k)})
        k += 1
    r.shuffle(recs)
    return [{"id": "%sp-%04d" % (IDP, i + 1), "text": o["text"], "secrets": o["secrets"], "context": o["context"]} for i, o in enumerate(recs)]


def check_positives(pos):
    miss = []
    for p in pos:
        for s in p["secrets"]:
            assert s["value"] in p["text"], (p["id"], s)
            v, k = s["value"], s["kind"]
            if k == "credit_card":
                assert luhn_ok(re.sub(r"\D", "", v)), v
            if k == "iban":
                assert iban_ok(v), v
            if k == "us_ssn":
                a, g, sn = v.split("-")
                assert a not in ("000", "666") and int(a) < 900 and g != "00" and sn != "0000"
            if k == "ipv4_address":
                assert ip_public(v), v
            if k == "jwt":
                for part in v.split(".")[:2]:
                    json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            if k == "private_key_pem":
                base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
        found = [v for _, v in scan(p["text"])]
        for s in p["secrets"]:
            if s["kind"] in ("email_address", "credit_card", "iban", "us_ssn", "ipv4_address", "aws_access_key_id", "jwt", "github_classic_pat", "github_fine_grained_pat"):
                if not any(s["value"] in f or f in s["value"] for f in found):
                    miss.append((p["id"], s["kind"], s["value"]))
    return miss


def write(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def main():
    neg, rejected = build_negatives(R)
    pos = build_positives(R)
    miss = check_positives(pos)
    n1 = os.path.join(HERE, PREFIX + "_negatives.jsonl")
    n2 = os.path.join(HERE, PREFIX + "_positives.jsonl")
    write(n1, neg)
    write(n2, pos)
    cats = {}
    for n in neg:
        cats[n["category"]] = cats.get(n["category"], 0) + 1
    kinds = {}
    for p in pos:
        for s in p["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    lines = [len(n["text"].split("\n")) for n in neg]
    print("negatives:", len(neg), cats)
    print("  lines min/max:", min(lines), max(lines), "single-line:", sum(1 for x in lines if x == 1), ">=10:", sum(1 for x in lines if x >= 10), ">=20:", sum(1 for x in lines if x >= 20))
    print("  scanner redraws per category:", rejected)
    print("  scanner hits on final negatives:", sum(len(scan(n["text"])) for n in neg))
    print("positives:", len(pos), "secrets:", sum(kinds.values()))
    for k in sorted(kinds):
        print("  %-24s %d" % (k, kinds[k]))
    print("  scanner misses on positives (scanner gap, labels asserted):", len(miss))
    for m in miss:
        print("   ", m)
    for p in (n1, n2):
        print(hashlib.sha256(open(p, "rb").read()).hexdigest(), os.path.basename(p))


if __name__ == "__main__":
    main()
