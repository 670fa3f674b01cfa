#!/usr/bin/env python3
"""Generator for held-out redaction corpus #10 (DEVELOPMENT set).

Theme: what engineers paste into Slack while debugging (CI logs, crash dumps, config diffs,
API responses, SQL results, terminal sessions, devtools, mobile builds, cloud consoles, Jupyter).
Standard library only, deterministic. Writes redaction10_negatives.jsonl / redaction10_positives.jsonl
next to this file and prints a short report.
"""
import base64, binascii, gzip, hashlib, io, ipaddress, json, os, random, re, string, struct, sys, zipfile, zlib

SEED = 10010
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
PFX = "redaction10"
IDP = "h10"

B62 = string.ascii_letters + string.digits
HEXD = "0123456789abcdef"
B64C = string.ascii_letters + string.digits + "+/"
B64U = string.ascii_letters + string.digits + "-_"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEXD, n)


def pick(seq):
    return R.choice(seq)


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


def luhn_complete(prefix_digits):
    for c in "0123456789":
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c


def digits(n, first_nonzero=True):
    s = str(R.randint(1, 9)) if first_nonzero else str(R.randint(0, 9))
    return s + "".join(str(R.randint(0, 9)) for _ in range(n - 1))


def nl_digits(n):
    """n random digits that are NOT Luhn-valid (for long ids in negatives)."""
    d = digits(n)
    while luhn_ok(d):
        d = d[:-1] + str((int(d[-1]) + 1) % 10)
    return d


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def uuid7():
    h = "019" + hx(29)
    h = h[:12] + "7" + h[13:16] + pick("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    return "01J" + rs(CROCK, 23)


def sha(n=64):
    return hx(n)


def ts_iso():
    return f"2026-{R.randint(1,11):02d}-{R.randint(1,28):02d}T{R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d}.{R.randint(0,999):03d}Z"


def epoch():
    return str(R.randint(1735689600, 1795000000))


def epoch_ms():
    while True:
        v = str(R.randint(1735689600000, 1795000000000))
        if not luhn_ok(v):
            return v


def priv_ip():
    return pick([f"10.{R.randint(0,255)}.{R.randint(0,255)}.{R.randint(1,254)}",
                 f"172.{R.randint(16,31)}.{R.randint(0,255)}.{R.randint(1,254)}",
                 f"192.168.{R.randint(0,255)}.{R.randint(1,254)}",
                 f"100.{R.randint(64,127)}.{R.randint(0,255)}.{R.randint(1,254)}",
                 f"192.0.2.{R.randint(1,254)}", f"198.51.100.{R.randint(1,254)}", f"203.0.113.{R.randint(1,254)}"])


# ---------------------------------------------------------------- real file builders

def _chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)


def png(w=None, h=None):
    w = w or R.randint(1, 6)
    h = h or R.randint(1, 6)
    ctype = pick([2, 6])
    bpp = 3 if ctype == 2 else 4
    raw = b""
    col = bytes(R.randint(0, 255) for _ in range(bpp))
    for _ in range(h):
        raw += b"\x00" + col * w
    ihdr = struct.pack(">IIBBBBB", w, h, 8, ctype, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")


def gif():
    c = bytes(R.randint(0, 255) for _ in range(3))
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\x00\x00\x00" +
            b"!\xf9\x04" + pick([b"\x01", b"\x00"]) + b"\x00\x00\x00\x00" +
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def bmp():
    w, h = R.randint(1, 3), R.randint(1, 3)
    rowlen = (w * 3 + 3) & ~3
    px = b""
    c = bytes(R.randint(0, 255) for _ in range(3))
    for _ in range(h):
        px += (c * w).ljust(rowlen, b"\x00")
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(px), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + 40 + len(px), 0, 0, 54) + dib + px


def ico():
    p = png(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def wav():
    n = R.randint(8, 40)
    data = bytes(128 + R.randint(-3, 3) for _ in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return b"RIFF" + struct.pack("<I", 4 + 8 + 16 + 8 + n + (n & 1)) + b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + \
        b"data" + struct.pack("<I", n) + data + (b"\x00" if n & 1 else b"")


def pdf():
    txt = pick(["Build report", "Invoice preview", "Test summary", "Release notes", "Lighthouse"])
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>"]
    stream = f"BT /F1 12 Tf 20 50 Td ({txt}) Tj ET".encode()
    objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    x = len(out)
    out += f"xref\n0 {len(objs)+1}\n0000000000 65535 f \n".encode()
    for o in offs:
        out += f"{o:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs)+1} /Root 1 0 R >>\nstartxref\n{x}\n%%EOF\n".encode()
    return out


def zipf():
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        name = pick(["junit.xml", "coverage.txt", "manifest.json", "README.txt", "lint.sarif"])
        zi = zipfile.ZipInfo(name, date_time=(2026, R.randint(1, 11), R.randint(1, 28), 12, 0, 0))
        zi.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(zi, pick(["ok\n", "tests=42 failures=0\n", '{"v":1}\n', "lines: 81.4%\n"]))
    return bio.getvalue()


def gz(payload=None):
    payload = payload or json.dumps({"status": pick(["ok", "degraded"]), "n": R.randint(1, 999)}).encode()
    return gzip.compress(payload, mtime=0)


def wasm():
    # minimal valid module: (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add)
    return bytes.fromhex("0061736d0100000001070160027f7f017f030201000707010361646400000a09010700200020016a0b")


def svg():
    c = "#%06x" % R.randint(0, 0xffffff)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{R.randint(8,24)}" height="{R.randint(8,24)}" viewBox="0 0 16 16">'
            f'<circle cx="8" cy="8" r="{R.randint(3,7)}" fill="{c}"/></svg>').encode()


FILES = [("image/png", png), ("image/gif", gif), ("image/bmp", bmp), ("image/x-icon", ico), ("audio/wav", wav),
         ("application/pdf", pdf), ("application/zip", zipf), ("application/gzip", gz), ("application/wasm", wasm),
         ("image/svg+xml", svg)]


def real_file(kind=None):
    if kind:
        for m, f in FILES:
            if m == kind:
                return m, f()
    m, f = pick(FILES)
    return m, f()


def wrap(s, n=76):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


# ---------------------------------------------------------------- languages / framing

LEADS = {
    "en": ["CI is red again:", "anyone seen this before?", "fyi", "from the staging run:", "this is what I get locally:", "pasting the output here:"],
    "de": ["Hat jemand eine Idee?", "Build bricht ab:", "Zur Info:", "Das kommt bei mir raus:"],
    "fr": ["Quelqu'un a déjà vu ça ?", "le job plante :", "pour info :", "voilà la sortie :"],
    "es": ["¿Alguien sabe qué pasa aquí?", "falla el pipeline:", "para que lo veáis:", "esto sale en staging:"],
    "pt": ["alguém já viu isso?", "o build quebrou:", "segue o log:"],
    "it": ["Qualcuno ha già visto questo?", "la pipeline fallisce:", "ecco l'output:"],
    "nl": ["Iemand dit eerder gezien?", "de build faalt weer:", "ter info:"],
    "pl": ["Ktoś to widział?", "znowu czerwony build:", "wklejam log:"],
    "sv": ["Har någon sett detta?", "bygget failar:"],
    "tr": ["Bunu gören oldu mu?", "pipeline yine kırıldı:"],
    "ru": ["Кто-нибудь сталкивался?", "опять упал билд:", "вот вывод:"],
    "uk": ["Хтось бачив таке?", "знову впав пайплайн:"],
    "el": ["Το έχει δει κανείς αυτό;", "σπάει το build:"],
    "ar": ["هل رأى أحد هذا الخطأ؟", "فشل البناء مرة أخرى:"],
    "he": ["מישהו ראה את זה?", "הבילד נופל שוב:"],
    "hi": ["किसी ने यह error देखा है?", "build फिर से fail हो गया:"],
    "th": ["มีใครเคยเจอแบบนี้ไหม", "build พังอีกแล้ว:"],
    "vi": ["Có ai gặp lỗi này chưa?", "pipeline lại đỏ rồi:"],
    "id": ["Ada yang pernah lihat ini?", "build-nya gagal lagi:"],
    "ja": ["CIがまた落ちてます:", "これ見たことある人いますか？", "ローカルだとこうなります:", "メモ:"],
    "zh": ["有人遇到过这个吗？", "流水线又挂了：", "本地输出如下："],
    "ko": ["이거 본 적 있는 분?", "빌드 실패했어요:", "로그 붙여요:"],
}
TRAILS = ["🙏", "thanks!", "any ideas?", "danke!", "merci 🙏", "ありがとうございます", "спасибо", "谢谢", "고마워요", "gracias",
          "obrigado", "תודה", "شكرا", "ขอบคุณครับ", "cảm ơn", "dzięki", "grazie", "(reproducible on main too)", "👀",
          "will dig more after lunch", "same on arm64 runners", "only on Safari btw"]
LANGS = list(LEADS)


def frame(body, p_lead=0.45, p_trail=0.15):
    out = body
    if R.random() < p_lead:
        out = pick(LEADS[pick(LANGS)]) + "\n" + out
    if R.random() < p_trail:
        out = out + "\n" + pick(TRAILS)
    return out


def code(body, lang=""):
    return f"```{lang}\n{body}\n```"


# ================================================================ NEGATIVES
# ---- data_uri_base64

def du_csp():
    m, b = real_file(pick(["image/png", "image/gif", "image/svg+xml", "image/bmp"]))
    return frame(f"Refused to load the image 'data:{m};base64,{b64(b)}' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.{pick(['acme-static','shopfront','pixelhub'])}.net\".\n\n{pick(['main','vendor','runtime'])}.{hx(8)}.js:2 ")


def du_jupyter():
    b = png(R.randint(2, 6), R.randint(2, 6))
    out = {"output_type": "display_data", "metadata": {"needs_background": "light"},
           "data": {"image/png": wrap(b64(b)) + "\n", "text/plain": [f"<Figure size {pick([640,800,1200])}x{pick([480,600])} with {R.randint(1,4)} Axes>"]}}
    return frame(pick(["the notebook diff is huge because of this output cell:", "nbstripout didn't strip this:", "Output von Zelle [%d]:" % R.randint(3, 40), "このセルの出力がgit diffに出ます:"]) + "\n" +
                 code(json.dumps(out, indent=1, ensure_ascii=False), "json"), p_lead=0)


def du_har():
    m, b = real_file(pick(["application/zip", "application/pdf", "application/gzip", "audio/wav"]))
    har = {"request": {"method": "GET", "url": f"https://api.internal.test/v{R.randint(1,3)}/exports/{uuid4()}/download"},
           "response": {"status": 200, "content": {"size": len(b), "mimeType": m, "encoding": "base64", "text": b64(b)}},
           "time": round(R.uniform(20, 900), 3)}
    return frame("HAR entry from devtools (Network → Save all as HAR):\n" + code(json.dumps(har, indent=2), "json"))


def du_graphql():
    m, b = real_file(pick(["image/png", "image/gif", "image/svg+xml"]))
    resp = {"data": {pick(["product", "merchant", "workspace"]): {"id": f"gid://shop/{pick(['Product','Merchant'])}/{nl_digits(R.randint(9,12))}",
                                                                    "icon": f"data:{m};base64,{b64(b)}", "__typename": pick(["Product", "Merchant", "Workspace"])}},
            "extensions": {"cost": {"requestedQueryCost": R.randint(1, 50), "throttleStatus": {"currentlyAvailable": R.randint(900, 1000)}}}}
    return frame(pick(["GraphQL response, the icon field is inline now:", "Apollo devtools shows this:", "la réponse GraphQL :", "GraphQL 응답:"]) + "\n" + code(json.dumps(resp, indent=2)), p_lead=0)


def du_soap():
    b = pdf()
    return frame(code(f"""<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
  <soap:Body>
    <GetDocumentResponse xmlns="urn:docs:v2">
      <DocumentId>{nl_digits(10)}</DocumentId>
      <Attachment contentType="application/pdf" encoding="base64">{b64(b)}</Attachment>
    </GetDocumentResponse>
  </soap:Body>
</soap:Envelope>""", "xml"))


def du_b64d():
    m, b = real_file()
    desc = {"image/png": "PNG image data", "image/gif": "GIF image data, version 89a, 1 x 1", "image/bmp": "PC bitmap, Windows 3.x format",
            "image/x-icon": "MS Windows icon resource - 1 icon, 16x16", "audio/wav": "RIFF (little-endian) data, WAVE audio, Microsoft PCM, 8 bit, mono 8000 Hz",
            "application/pdf": "PDF document, version 1.4, 1 pages", "application/zip": "Zip archive data, at least v2.0 to extract",
            "application/gzip": "gzip compressed data, max compression", "application/wasm": "WebAssembly (wasm) binary module version 0x1 (MVP)",
            "image/svg+xml": "SVG Scalable Vector Graphics image"}[m]
    return frame(code(f"$ echo '{b64(b)}' | base64 -d | file -\n/dev/stdin: {desc}", "console"))


def du_logcat():
    b = pick([png, gif])()
    m = "image/png" if b[:4] == b"\x89PNG" else "image/gif"
    pid = R.randint(1000, 32000)
    return frame(code(f"""{R.randint(1,12):02d}-{R.randint(1,28):02d} {R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d}.{R.randint(0,999):03d}  {pid}  {pid+R.randint(1,60)} D ImageLoader: placeholder resolved from data URI
{R.randint(1,12):02d}-{R.randint(1,28):02d} 10:0{R.randint(0,9)}:11.204  {pid}  {pid+3} D ImageLoader: uri=data:{m};base64,{b64(b)}
{R.randint(1,12):02d}-{R.randint(1,28):02d} 10:0{R.randint(0,9)}:11.209  {pid}  {pid+3} W Glide   : Load failed for [data:{m};base64,…] with dimensions [-2147483648x-2147483648]"""))


def du_swift():
    b = gif()
    return frame(code(f"""// PreviewProvider fixture
let placeholder = UIImage(data: Data(base64Encoded: "{b64(b)}")!)!
let blank = Data(base64Encoded: "{b64(png(1,1))}")""", "swift"))


def du_diff():
    m, b = real_file(pick(["image/x-icon", "image/png", "image/svg+xml"]))
    return frame(pick(["config diff from the PR:", "Diff der Config:", "差分:", "diff da config:"]) + "\n" + code(f"""--- a/config/site.yaml
+++ b/config/site.yaml
@@ -{R.randint(3,40)},6 +{R.randint(3,40)},6 @@
 branding:
   title: "Status"
-  favicon: "data:{m};base64,{b64(b)}"
+  favicon: "/static/favicon.{pick(['ico','png','svg'])}"
   theme: {pick(['dark','light','auto'])}""", "diff"), p_lead=0)


def du_sql():
    rows = []
    for i in range(R.randint(2, 5)):
        m, b = real_file(pick(["image/gif", "image/png"]))
        rows.append(f" {nl_digits(R.randint(5,8)):>8} | {m:<9} | data:{m};base64,{b64(b)}")
    return frame(code(f"""app=> SELECT id, mime, thumb_uri FROM thumbnails WHERE created_at > now() - interval '1 hour' LIMIT {len(rows)};
    id    |   mime    | thumb_uri
----------+-----------+------------
""" + "\n".join(rows) + f"\n({len(rows)} rows)", "sql"))


def du_lambda():
    b = gz()
    return frame(code(f"""$ aws lambda invoke --function-name {pick(['thumbnailer','report-export','edge-renderer'])} --payload fileb://event.json out.json && cat out.json
{{
    "StatusCode": 200,
    "ExecutedVersion": "$LATEST"
}}
{{"statusCode": 200, "headers": {{"Content-Type": "application/json", "Content-Encoding": "gzip"}}, "isBase64Encoded": true, "body": "{b64(b)}"}}""", "console"))


def du_configmap():
    b = png(R.randint(1, 4), R.randint(1, 4))
    return frame(code(f"""apiVersion: v1
kind: ConfigMap
metadata:
  name: {pick(['branding','status-page','grafana-logos'])}
  namespace: {pick(['web','observability','default'])}
binaryData:
  logo.png: {b64(b)}
  beep.wav: {b64(wav())}""", "yaml"))


def du_python():
    b = gz()
    return frame(code(f"""def test_decompress_payload():
    raw = base64.b64decode("{b64(b)}")
    assert gzip.decompress(raw).startswith(b'{{"status"')""", "python"))


def du_truncated():
    m, b = real_file(pick(["image/png", "image/bmp", "application/pdf", "audio/wav"]))
    s = b64(b)
    cut = s[:R.randint(20, min(60, len(s) - 4))]
    tail = pick(["…", "...", f"[{len(s)-len(cut)} more chars]", f"… (truncated, {len(s)} chars)"])
    return frame(pick([f"Network tab just shows `data:{m};base64,{cut}{tail}` as the request URL",
                       f"Sentry breadcrumb: fetch data:{m};base64,{cut}{tail} → 200",
                       f"Chrome から見ると `data:{m};base64,{cut}{tail}` のリクエストが大量に出てる",
                       f"в консоли куча запросов data:{m};base64,{cut}{tail}"]))


def du_wasm():
    return frame(code(f"""const bytes = Uint8Array.from(atob("{b64(wasm())}"), c => c.charCodeAt(0));
const {{ instance }} = await WebAssembly.instantiate(bytes);
console.log(instance.exports.add(2, 3)); // 5""", "js") + "\n" + pick(["works in Chrome, fails in the Safari 17 webview", "inline wasm for the checksum worker", "Vite complains about the inline wasm"]))


def du_css():
    b = pick([svg, png, gif])()
    m = "image/svg+xml" if b.startswith(b"<svg") else ("image/png" if b[:4] == b"\x89PNG" else "image/gif")
    sel = pick([".spinner", ".btn-icon::before", ".avatar--empty", "select.form-control"])
    return frame(pick(["computed styles in devtools:", "the minifier inlined this:", "Styles-Panel:"]) + "\n" + code(f"""{sel} {{
  background-image: url("data:{m};base64,{b64(b)}");
  background-size: {R.randint(8,24)}px;
}}""", "css"), p_lead=0)


def du_openssl():
    m, b = real_file(pick(["application/pdf", "application/zip", "audio/wav", "image/bmp"]))
    s = b64(b)
    return frame(code(f"$ openssl base64 -in fixture.{m.split('/')[1].replace('x-','')} | head -n 6\n" + "\n".join(wrap(s, 64).split("\n")[:6]), "console"))


def du_email_mime():
    b = pdf()
    return frame("the mailer test snapshot failed, attachment part differs:\n" + code(f"""--==boundary_{hx(16)}
Content-Type: application/pdf; name="invoice-preview.pdf"
Content-Transfer-Encoding: base64
Content-Disposition: attachment; filename="invoice-preview.pdf"

{wrap(b64(b), 76)}
--==boundary_{hx(16)}--"""))


def du_jsx():
    b = png(R.randint(4, 8), R.randint(4, 8))
    return frame(code(f"""<Image
  src="/img/hero.webp"
  placeholder="blur"
  blurDataURL="data:image/png;base64,{b64(b)}"
  width={{{R.choice([640,1280])}}} height={{{R.choice([360,720])}}}
/>""", "jsx") + "\n" + pick(["hydration mismatch only on this one", "Next.js 이미지 blur 가 깨져요", "pourquoi le blur ne s'affiche pas ?"]))


NEG_DU = [du_csp, du_jupyter, du_har, du_graphql, du_soap, du_b64d, du_logcat, du_swift, du_diff, du_sql, du_lambda,
          du_configmap, du_python, du_truncated, du_wasm, du_css, du_openssl, du_email_mime, du_jsx]


# ---- placeholder_example

def ph_envexample():
    lines = pick([["OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-xxxxxxxx", "STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxx"],
                  ["GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "SLACK_BOT_TOKEN=xoxb-your-bot-token", "SENTRY_DSN="],
                  ["AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "AWS_REGION=eu-west-1"],
                  ["DATABASE_URL=postgres://<user>:<password>@<host>:5432/<db>", "REDIS_URL=redis://localhost:6379/0", "JWT_SECRET=change-me-in-prod"],
                  ["HF_TOKEN=hf_***", "WANDB_API_KEY=<your-wandb-key>", "PINECONE_API_KEY="]])
    R.shuffle(lines)
    added = "\n".join("+" + l for l in lines)
    return frame(pick(["diff of .env.example in the PR:", "Diff von .env.example:", ".env.example の差分:", "the new .env.example:"]) + "\n" +
                 code(f"--- a/.env.example\n+++ b/.env.example\n@@ -{R.randint(1,9)},3 +{R.randint(1,9)},6 @@\n NODE_ENV=development\n PORT={R.choice([3000,8080,5173])}\n{added}", "diff"), p_lead=0)


def ph_gha():
    s = pick(["NPM_TOKEN", "DOCKERHUB_TOKEN", "AWS_ROLE_ARN", "SONAR_TOKEN", "FIREBASE_SERVICE_ACCOUNT", "MATCH_PASSWORD", "CODECOV_TOKEN"])
    return frame(code(f"""      - name: Publish
        env:
          {s}: ${{{{ secrets.{s} }}}}
          GITHUB_TOKEN: ${{{{ secrets.GITHUB_TOKEN }}}}
        run: |
          echo "token length: ${{#{s}}}"
          ./scripts/publish.sh --token "${s}"
##[error]Process completed with exit code {pick([1,2,127,128])}.""", "yaml") + "\n" + pick(["the secret is empty on forks, right?", "¿los secrets no llegan a los PR de forks?", "fork からの PR だと secrets が空になる？"]))


def ph_templates():
    eng = pick([("Helm", "password: {{ .Values.postgresql.auth.password | quote }}\napiKey: {{ required \"apiKey is required\" .Values.apiKey }}"),
                ("Jinja2/Ansible", "db_password: \"{{ vault_db_password }}\"\napi_token: \"{{ lookup('env', 'API_TOKEN') }}\""),
                ("ERB", "password: <%= ENV.fetch('DATABASE_PASSWORD') %>\nsecret_key_base: <%= Rails.application.credentials.secret_key_base %>"),
                ("Spring", "spring.datasource.password=${DB_PASSWORD:}\nspring.security.oauth2.client.registration.github.client-secret=${GITHUB_CLIENT_SECRET}"),
                ("Liquid", "apiKey: \"{{ site.algolia.search_only_key }}\"\ntoken: \"{{ page.token | default: 'YOUR_TOKEN' }}\""),
                ("Terraform", "password = var.db_password\napi_key  = data.aws_secretsmanager_secret_version.api.secret_string"),
                ("docker-compose", "POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}\nMINIO_ROOT_PASSWORD: ${MINIO_ROOT_PASSWORD}"),
                ("Azure Pipelines", "password: $(SqlAdminPassword)\ntoken: $(System.AccessToken)"),
                ("Kustomize", "- name: API_KEY\n  valueFrom:\n    secretKeyRef:\n      name: api-credentials\n      key: api-key"),
                ("Go template", "token: {{ env \"VAULT_TOKEN\" }}\npassword: {{ .Secrets.DBPassword }}")])
    return frame(f"{eng[0]} renders an empty string here, why?\n" + code(eng[1], "yaml"))


def ph_curl():
    return frame(code(pick([
        f'curl -sS -H "Authorization: Bearer $TOKEN" https://api.{pick(["staging","dev","qa"])}.internal/v{R.randint(1,3)}/jobs/{R.randint(1000,99999)} | jq .status',
        'curl -X POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX -d \'{"text":"deploy done"}\'',
        'curl -u "<username>:<api_token>" https://your-domain.atlassian.net/rest/api/3/myself',
        'curl https://api.openai.com/v1/models -H "Authorization: Bearer $OPENAI_API_KEY"',
        'curl -H "PRIVATE-TOKEN: <your_access_token>" "https://gitlab.example.com/api/v4/projects"',
        'curl -H "X-API-Key: ${API_KEY}" -H "X-Tenant: ' + uuid4() + '" https://localhost:8443/healthz']), "bash") +
        "\n" + pick(["returns 401", "→ 401 Unauthorized", "da 403 en staging", "401 が返ってきます", "возвращает 401", "gibt 401 zurück"]))


def ph_masked_api():
    resp = {"id": f"pm_{pick(['test_', ''])}{'X'*6}", "object": "payment_method", "card": {"brand": pick(["visa", "mastercard", "amex"]), "last4": str(R.randint(1000, 9999)),
            "exp_month": R.randint(1, 12), "exp_year": R.randint(2027, 2031), "number": "•••• •••• •••• " + str(R.randint(1000, 9999))},
            "billing_details": {"email": None, "phone": "***-***-**" + str(R.randint(10, 99)), "iban": "DE** **** **** **** **" + str(R.randint(10, 99))},
            "customer": "cus_<redacted>", "livemode": False}
    return frame(pick(["the masked response looks fine:", "respuesta enmascarada:", "réponse masquée côté API :", "маскированный ответ:"]) + "\n" + code(json.dumps(resp, indent=2, ensure_ascii=False), "json"), p_lead=0)


def ph_logs_filtered():
    return frame(code(f"""Started POST "/api/v1/sessions" for {priv_ip()} at 2026-0{R.randint(1,9)}-1{R.randint(0,9)} 1{R.randint(0,9)}:2{R.randint(0,9)}:0{R.randint(0,9)} +0000
Processing by Api::V1::SessionsController#create as JSON
  Parameters: {{"session"=>{{"login"=>"[FILTERED]", "password"=>"[FILTERED]", "otp"=>"[FILTERED]"}}}}
Completed 401 Unauthorized in {R.randint(5,400)}ms (Views: 0.{R.randint(1,9)}ms | ActiveRecord: {R.randint(1,9)}.{R.randint(0,9)}ms)""", "text"))


def ph_tf_output():
    return frame(code(f"""$ terraform output
db_endpoint = "{pick(['orders','ledger','auth'])}-db.cluster-{rs(string.ascii_lowercase+string.digits, 12)}.eu-central-1.rds.amazonaws.com"
db_password = <sensitive>
api_key     = <sensitive>
vpc_id      = "vpc-{hx(17)}"
$ terraform output -raw db_password
╷
│ Error: Unsupported attribute (use -json to show sensitive values is disabled by policy)
╵""", "console"))


def ph_k8s_secret():
    return frame(code(f"""$ kubectl get secret {pick(['app-env','db-creds','api-keys'])} -n {pick(['prod','staging'])} -o yaml
apiVersion: v1
data:
  DB_PASSWORD: <base64-encoded>
  API_KEY: <base64-encoded>
kind: Secret
metadata:
  name: app-env
  resourceVersion: "{nl_digits(8)}"
  uid: {uuid4()}
type: Opaque""", "console") + "\n" + pick(["(values stripped before pasting)", "valeurs retirées avant de coller", "値は消してあります", "значения вырезал"]))


def ph_jupyter():
    return frame(code(f"""In [{R.randint(1,30)}]: import os
   ...: os.environ["HF_TOKEN"] = "hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"  # replace with your token
   ...: os.environ["OPENAI_API_KEY"] = "sk-proj-..."
In [{R.randint(31,60)}]: client.models.list()
AuthenticationError: Error code: 401 - {{'error': {{'message': 'Incorrect API key provided: sk-proj-.... You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'code': 'invalid_api_key'}}}}""", "python"))


def ph_gradle():
    return frame(code(f"""android {{
    signingConfigs {{
        release {{
            storeFile file(System.getenv("KEYSTORE_PATH") ?: "release.jks")
            storePassword System.getenv("KEYSTORE_PASSWORD")
            keyAlias "upload"
            keyPassword System.getenv("KEY_PASSWORD")
        }}
    }}
}}""", "groovy") + "\n" + code(f"""> Task :app:validateSigningRelease FAILED
Execution failed for task ':app:validateSigningRelease'.
> Keystore file '/home/runner/work/app/app/release.jks' not found for signing config 'release'.
BUILD FAILED in {R.randint(10,300)}s""", "text"))


def ph_fastlane():
    return frame(code(f"""[{R.randint(10,23)}:{R.randint(10,59)}:{R.randint(10,59)}]: ------------------
[{R.randint(10,23)}:{R.randint(10,59)}:{R.randint(10,59)}]: --- Step: match ---
[{R.randint(10,23)}:{R.randint(10,59)}:{R.randint(10,59)}]: Using passphrase from environment variable MATCH_PASSWORD
[{R.randint(10,23)}:{R.randint(10,59)}:{R.randint(10,59)}]: Cloning remote git repo... (git_url: https://github.com/<org>/certificates)
[!] Invalid password passed via 'MATCH_PASSWORD'""", "text"))


def ph_azure():
    return frame(code(json.dumps({"appId": uuid4(), "displayName": pick(["ci-deployer", "github-oidc", "terraform-sp"]), "password": None,
                                  "passwordCredentials": [{"keyId": uuid4(), "displayName": "rbac", "hint": "Ab~", "secretText": "REDACTED",
                                                           "endDateTime": "2027-0%d-1%dT00:00:00Z" % (R.randint(1, 9), R.randint(0, 9))}],
                                  "tenant": uuid4()}, indent=2), "json") + "\n" + pick(["az ad app credential list output — the hint is only the first 3 chars", "der hint sind nur die ersten 3 Zeichen", "只显示了 hint 前三个字符"]))


def ph_connstr():
    return frame(pick(["template from the docs, fill in your own:", "Vorlage aus der Doku:", "plantilla de la documentación:", "ドキュメントのテンプレ:"]) + "\n" + code(pick([
        "Server=tcp:<server-name>.database.windows.net,1433;Initial Catalog=<db>;User ID=<user>;Password={your_password};Encrypt=True;",
        "mongodb+srv://<username>:<password>@cluster0.<id>.mongodb.net/?retryWrites=true&w=majority",
        "jdbc:postgresql://localhost:5432/app?user=postgres&password=postgres",
        "amqp://guest:guest@localhost:5672/",
        "redis://default:<password>@<endpoint>:<port>",
        "DSN=Driver={ODBC Driver 18 for SQL Server};Server=localhost;Uid=sa;Pwd=<YourStrong@Passw0rd>;"]), "text"), p_lead=0)


def ph_refs():
    return frame(code(pick([
        f'DB_PASSWORD="op://Engineering/{pick(["Postgres Prod","Redis Staging"])}/password"',
        f'api_key: vault:secret/data/{pick(["payments","search","ml"])}/api#key',
        f'password: ref+awssecrets://prod/{pick(["db","cache"])}/password',
        f'"Password": "{{{{resolve:secretsmanager:arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-{rs(B62,6)}:SecretString:password}}}}"',
        f'apiKey: !Ref ApiKeyParameter  # SSM /app/{pick(["prod","dev"])}/api-key',
        'token: ENC[AES256_GCM,data:...,iv:...,tag:...,type:str]']), "yaml") + "\n" + pick(["the reference doesn't resolve in CI", "resolver gibt leeren String zurück", "la référence ne se résout pas", "参照が解決されない"]))


def ph_devtools_storage():
    return frame(code(f"""> localStorage.getItem('access_token')
< null
> document.cookie
< "theme=dark; _ga=GA1.1.{nl_digits(9)}.{epoch()}; consent=1"
> sessionStorage.getItem('refresh_token')
< 'undefined'""", "js") + "\n" + pick(["so the token never gets stored after login", "donc le token n'est jamais stocké", "トークンが保存されてない"]))


def ph_pem_dots():
    k = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    return frame(pick(["the secret should look like this:", "format attendu :", "erwartetes Format:", "期望的格式："]) + "\n" + code(f"""-----BEGIN {k}-----
...
-----END {k}-----""", "text") + "\n" + pick(["with real newlines, not \\n", "avec de vrais retours à la ligne", "mit echten Zeilenumbrüchen"]), p_lead=0)


def ph_placeholder_prose():
    return frame(pick([
        "set `STRIPE_WEBHOOK_SECRET=whsec_...` locally, the stripe CLI prints the real one",
        "in the README we use `sk-ant-api03-...` and `sk-...` as placeholders, please keep it that way",
        "Bitte im Ticket nur `ghp_****` schreiben, nicht den ganzen Token",
        "la doc utilise `AIza...` comme exemple de clé Google, c'est normal",
        "use `glpat-xxxxxxxxxxxxxxxxxxxx` in examples, the scanner ignores it",
        "ダミー値は `xoxb-your-bot-token` にしておいてください",
        "在示例里用 `YOUR_API_KEY` 占位就行",
        "пример: `Authorization: Bearer <token>` — без реального токена",
        "테스트 카드 번호는 UI에서 `•••• 4242` 로만 표시돼요",
        "SSN fields in fixtures are always `XXX-XX-XXXX`",
        "the default admin/admin login is only enabled in docker-compose.dev.yml",
        "Grafana still has admin/admin on the local stack, don't worry about it"]))


def ph_sql_masked():
    rows = "\n".join(f" {nl_digits(7)} | ****{R.randint(1000,9999)} | ***-**-{R.randint(1000,9999)} | {pick(['active','closed','pending'])}" for _ in range(R.randint(3, 6)))
    return frame(code(f"""reporting=> SELECT id, card_masked, ssn_masked, status FROM v_customers_masked LIMIT 5;
   id    | card_masked | ssn_masked  | status
---------+-------------+-------------+--------
{rows}""", "sql"))


NEG_PH = [ph_envexample, ph_gha, ph_templates, ph_curl, ph_masked_api, ph_logs_filtered, ph_tf_output, ph_k8s_secret, ph_jupyter,
          ph_gradle, ph_fastlane, ph_azure, ph_connstr, ph_refs, ph_devtools_storage, ph_pem_dots, ph_placeholder_prose, ph_sql_masked]


# ---- code_identifier
W = ["Secret", "Token", "Password", "Credential", "Key", "Iban", "Ssn", "Email", "Phone", "Refresh", "Access", "Session", "Auth",
     "Bearer", "Rotation", "Vault", "Cipher", "Signing", "Masked", "Card", "Payment", "Oauth", "Webhook", "Account", "Private"]
W2 = ["Manager", "Provider", "Factory", "Resolver", "Store", "Repository", "Handler", "Validator", "Interceptor", "Mapper", "Service", "Cache", "Coordinator", "ViewModel"]


def camel(n=3, tail=True):
    return "".join(pick(W) for _ in range(n)) + (pick(W2) if tail else "")


def lcamel(n=3):
    s = camel(n, False)
    return s[0].lower() + s[1:]


def snake(n=4):
    return "_".join(pick(W).lower() for _ in range(n))


def ci_android_crash():
    pkg = pick(["com.acme.wallet", "io.shopfront.app", "jp.co.kaimono", "de.bankhaus.mobile"])
    fr = []
    for _ in range(R.randint(6, 16)):
        fr.append(f"\tat {pkg}.{pick(['auth','data','ui','payments'])}.{camel(2)}.{lcamel(2)}({camel(1,False)}{pick(W2)}.kt:{R.randint(12,900)})")
    obf = [f"\tat {pick('abcdefgh')}.{pick('abcdefgh')}{pick('abcdef')}.{pick('abc')}.{pick('abcdef')}(SourceFile:{R.randint(1,400)})" for _ in range(R.randint(2, 5))]
    return frame(code(f"""FATAL EXCEPTION: main
Process: {pkg}, PID: {R.randint(2000,32000)}
java.lang.IllegalStateException: {camel(2)} not initialised before {lcamel(3)}()
""" + "\n".join(fr + obf) + "\n\tat android.os.Handler.dispatchMessage(Handler.java:" + str(R.randint(90, 110)) + ")\n\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:" + str(R.randint(900, 1100)) + ")", "text"))


def swift_mangle(mod, cls, fn):
    return f"$s{len(mod)}{mod}{len(cls)}{cls}C{len(fn)}{fn}yyF"


def ci_ios_crash():
    mod = pick(["Kaimono", "WalletApp", "ShopFront", "Fahrplan"])
    base = R.randint(0x100000000, 0x10fffffff)
    lines = []
    for i in range(R.randint(6, 14)):
        if R.random() < 0.6:
            sym = swift_mangle(mod, camel(2), lcamel(2))
            lines.append(f"{i:<3} {mod:<18} 0x{base + R.randint(0, 0xfffff):016x} {sym} + {R.randint(4,900)}")
        else:
            lines.append(f"{i:<3} {pick(['libswiftCore.dylib','UIKitCore','CoreFoundation','libdispatch.dylib']):<18} 0x{R.randint(0x180000000, 0x1bfffffff):016x} {pick(['swift_unknownObjectRetain','__CFRUNLOOP_IS_CALLING_OUT_TO_A_BLOCK__','_dispatch_call_block_and_release','-[UIApplication _run]'])} + {R.randint(4,900)}")
    return frame(code(f"""Incident Identifier: {uuid4().upper()}
Hardware Model:      iPhone{R.randint(12,17)},{R.randint(1,5)}
Version:             {R.randint(3,9)}.{R.randint(0,30)}.{R.randint(0,9)} ({R.randint(1000,9999)})
OS Version:          iPhone OS 18.{R.randint(0,5)} (22{pick('ABCDEF')}{R.randint(10,99)})
Exception Type:  EXC_BREAKPOINT (SIGTRAP)
Triggered by Thread:  0

Thread 0 Crashed:
""" + "\n".join(lines) + f"\n\nBinary Images:\n0x{base:x} - 0x{base+0x3fffff:x} {mod} arm64  <{hx(32)}> /private/var/containers/Bundle/Application/{uuid4().upper()}/{mod}.app/{mod}", "text"))


def ci_asan():
    ns = pick(["acme", "engine", "net"])
    fr = []
    for i in range(R.randint(4, 9)):
        a, b = camel(1, False) + pick(W2), lcamel(2)
        fr.append(f"    #{i} 0x{R.randint(0x500000, 0x5fffff):x} in _ZN{len(ns)}{ns}{len(a)}{a}{len(b)}{b}E{pick(['RKNSt3__112basic_stringIcNS1_11char_traitsIcEENS1_9allocatorIcEEEE','v','Pv','RKS0_'])} {pick(['src','lib'])}/{snake(2)}.cc:{R.randint(10,900)}:{R.randint(1,40)}")
    return frame(code(f"""==={R.randint(1000,99999)}==ERROR: AddressSanitizer: heap-use-after-free on address 0x{R.randint(0x602000000000,0x61ffffffffff):012x} at pc 0x{R.randint(0x500000,0x5fffff):012x} bp 0x7ffd{hx(8)} sp 0x7ffd{hx(8)}
READ of size {pick([4,8,16])} at 0x{R.randint(0x602000000000,0x61ffffffffff):012x} thread T0
""" + "\n".join(fr), "text"))


def ci_rust():
    crate = pick(["ingest", "ledger_core", "edge_proxy", "tokenizer_rs"])
    fr = [f"  {i}: {crate}::{snake(2)}::{camel(2,False)}::{snake(2)}::h{hx(16)}\n             at ./src/{snake(1)}.rs:{R.randint(10,700)}:{R.randint(5,40)}" for i in range(R.randint(3, 8))]
    return frame(code(f"""thread 'tokio-runtime-worker' panicked at src/{snake(1)}.rs:{R.randint(10,500)}:{R.randint(5,40)}:
called `Result::unwrap()` on an `Err` value: {camel(2,False)}Error {{ kind: {pick(['Expired','Missing','Malformed'])} }}
stack backtrace:
""" + "\n".join(fr) + "\nnote: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.", "text"))


def ci_js_min():
    h = hx(8)
    fr = [f"    at {pick(['t','e','n','r','o'])}.{pick(['value','_next','handle','call'])} ({pick(['main','vendors~app','chunk-vendors','app'])}.{h}.js:{R.randint(1,3)}:{R.randint(1000,299999)})" for _ in range(R.randint(4, 10))]
    return frame(code(f"Uncaught (in promise) TypeError: Cannot read properties of undefined (reading '{lcamel(2)}')\n" + "\n".join(fr) +
                      f"\n    at async {camel(2)}.{lcamel(2)} (webpack-internal:///./src/{pick(['store','services'])}/{lcamel(2)}.ts:{R.randint(10,300)}:{R.randint(5,40)})", "text") +
                 "\n" + pick(["sourcemaps aren't uploaded for this build", "sourcemap fehlt für diesen Build", "sourcemap が上がってない"]))


def ci_webpack():
    rows = []
    for _ in range(R.randint(5, 12)):
        rows.append(f"  {pick(['static/chunks/','assets/','dist/js/'])}{pick(['pages/','',''])}{lcamel(2)}-{hx(pick([8,16,20]))}.js   {R.uniform(0.5,400):.1f} kB")
    return frame(code(f"vite v{R.randint(4,6)}.{R.randint(0,4)}.{R.randint(0,20)} building for production...\n✓ {R.randint(300,4000)} modules transformed.\n" + "\n".join(rows) +
                      f"\n(!) Some chunks are larger than 500 kB after minification.", "text"))


def ci_python_tb():
    mod = pick(["billing", "ml_pipeline", "etl", "auth_service"])
    fr = []
    for _ in range(R.randint(3, 8)):
        fn = snake(R.randint(3, 5))
        fr.append(f'  File "/app/{mod}/{snake(2)}.py", line {R.randint(10,900)}, in {fn}\n    return self._{snake(3)}({snake(2)}=self.{snake(2)})')
    return frame(code("Traceback (most recent call last):\n" + "\n".join(fr) + f"\n{camel(2,False)}Error: {snake(3)} expired before {snake(2)} completed", "text"))


def ci_go_panic():
    mod = pick(["github.com/acme/ledger", "gitlab.internal/platform/edge", "go.shopfront.dev/checkout"])
    fr = []
    for _ in range(R.randint(3, 8)):
        fr.append(f"{mod}/internal/{snake(1)}.(*{camel(2)}).{camel(2,False)}(0x{R.randint(0xc000010000,0xc000ffffff):x}, {{0x{R.randint(0x1000000,0x1ffffff):x}, 0x{R.randint(0xc000010000,0xc000ffffff):x}}})\n\t/src/internal/{snake(1)}/{snake(2)}.go:{R.randint(10,800)} +0x{R.randint(0x10,0x3ff):x}")
    return frame(code(f"panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x{R.randint(8,200):x} pc=0x{R.randint(0x1000000,0x1ffffff):x}]\n\ngoroutine {R.randint(1,9999)} [running]:\n" + "\n".join(fr), "text"))


def ci_graphql():
    op = "Get" + camel(3, False)
    return frame(code(f"""query {op}($id: ID!) {{
  {lcamel(2)}(id: $id) {{
    {lcamel(2)}
    {lcamel(3)}
    {lcamel(2)}ExpiresAt
  }}
}}""", "graphql") + "\n" + code(json.dumps({"errors": [{"message": f"Cannot query field \"{lcamel(3)}\" on type \"{camel(2,False)}\".",
                                                         "locations": [{"line": R.randint(2, 6), "column": R.randint(3, 9)}], "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}, indent=2), "json"))


def ci_psql_d():
    cols = [("id", "bigint"), ("password_hash", "text"), ("password_reset_token_hash", "bytea"), ("reset_token_expires_at", "timestamptz"),
            ("api_key_prefix", "varchar(8)"), ("api_key_last_four", "char(4)"), ("iban_ciphertext", "bytea"), ("ssn_last4", "char(4)"),
            ("phone_e164_encrypted", "bytea"), ("email_normalized_sha256", "bytea"), ("totp_secret_encrypted", "bytea")]
    sel = R.sample(cols, R.randint(5, 9))
    body = "\n".join(f" {c:<28}| {t:<24}|           | {pick(['not null','',''])}" for c, t in sel)
    return frame(code(f"""=> \\d {pick(['users','accounts','customers'])}
                           Table "public.{pick(['users','accounts','customers'])}"
           Column            |          Type           | Collation | Nullable
-----------------------------+-------------------------+-----------+----------
{body}""", "text"))


def ci_dotnet():
    ns = pick(["Contoso.Payments", "Fabrikam.Identity", "Northwind.Api"])
    fr = [f"   at {ns}.{camel(1,False)}.{camel(2)}.<{camel(2,False)}Async>d__{R.randint(1,40)}.MoveNext() in /src/{ns}/{camel(2)}.cs:line {R.randint(10,600)}" for _ in range(R.randint(3, 7))]
    fr.insert(1, f"   at {ns}.{camel(2)}.<>c__DisplayClass{R.randint(1,30)}_0.<{lcamel(2)}>b__0({camel(1)} x)")
    return frame(code(f"System.InvalidOperationException: Unable to resolve service for type '{ns}.I{camel(2)}' while attempting to activate '{ns}.{camel(2)}'.\n" + "\n".join(fr), "text"))


def ci_tf_plan():
    rs_ = []
    for _ in range(R.randint(3, 7)):
        rs_.append(f"  # module.{snake(2)}.{pick(['aws_secretsmanager_secret','google_secret_manager_secret','azurerm_key_vault_secret','aws_iam_access_key','vault_generic_secret'])}.{snake(3)}{pick(['','[0]','[' + chr(34) + snake(1) + chr(34) + ']'])} will be {pick(['created','updated in-place','destroyed'])}")
    return frame(code("Terraform will perform the following actions:\n\n" + "\n".join(rs_) + f"\n\nPlan: {R.randint(0,5)} to add, {R.randint(0,5)} to change, {R.randint(0,3)} to destroy.", "text"))


def ci_css_classes():
    return frame(pick(["devtools elements panel:", "Elements タブ:", "Elements-Panel:"]) + "\n" + code(f"""<div class="css-{rs(string.ascii_lowercase+string.digits,7)}-{camel(1,False)}Root e{R.randint(1,9)}{rs(string.ascii_lowercase+string.digits,6)}0" data-v-{hx(8)}>
  <button class="{camel(1,False)}_primary__{rs(B62,5)} sc-{rs(string.ascii_letters,6)} svelte-{rs(string.ascii_lowercase+string.digits,6)}" _ngcontent-ng-c{nl_digits(10)}>
    <span class="MuiButton-startIcon css-{rs(string.ascii_lowercase+string.digits,6)}"></span>
  </button>
</div>""", "html"), p_lead=0)


def ci_pods():
    rows = []
    for _ in range(R.randint(4, 10)):
        name = f"{pick(['token-refresher','secret-sync','auth-gateway','payments-api','iban-validator'])}-{rs('bcdfghjklmnpqrstvwxz2456789',10)}-{rs('bcdfghjklmnpqrstvwxz2456789',5)}"
        rows.append(f"{name:<48}{pick(['1/1','0/1','2/2'])}     {pick(['Running','CrashLoopBackOff','Pending','OOMKilled'])}   {R.randint(0,40):<9}{R.randint(1,59)}m")
    return frame(code("$ kubectl get pods -n platform\nNAME                                            READY   STATUS             RESTARTS AGE\n" + "\n".join(rows), "console"))


def ci_elixir():
    return frame(code(f"""** (FunctionClauseError) no function clause matching in {camel(2,False)}.{camel(2,False)}.{snake(3)}/2
    (acme {R.randint(0,3)}.{R.randint(0,30)}.{R.randint(0,9)}) lib/acme/{snake(2)}.ex:{R.randint(10,300)}: {camel(2,False)}.{camel(1,False)}.{snake(3)}(%{{}}, nil)
    (elixir 1.17.{R.randint(0,3)}) lib/enum.ex:{R.randint(900,2000)}: Enum."-map/2-lists^map/1-1-"/2
    (stdlib 6.{R.randint(0,2)}) gen_server.erl:{R.randint(1000,2400)}: :gen_server.try_handle_call/4""", "text"))


def ci_heap_histo():
    rows = [f"{i+1:>4}: {R.randint(1000,900000):>12} {R.randint(100000,90000000):>14}  com.acme.{pick(['auth','vault','crypto'])}.{camel(2)}{pick(['','$Entry','$$Lambda/0x' + '0000' + hx(12)])}" for i in range(R.randint(5, 12))]
    return frame(code(" num     #instances         #bytes  class name (module)\n-------------------------------------------------------\n" + "\n".join(rows), "text") +
                 "\n" + pick(["jmap -histo after 6h, something leaks", "jmap nach 6h, da leakt was", "6時間後の jmap -histo"]))


def ci_xcode():
    mod = pick(["Kaimono", "WalletApp", "ShopFront"])
    return frame(code(f"""CompileSwift normal arm64 /Users/runner/work/{mod}/{mod}/Sources/{camel(2)}.swift (in target '{mod}' from project '{mod}')
/Users/runner/work/{mod}/{mod}/Sources/{camel(2)}.swift:{R.randint(10,400)}:{R.randint(5,40)}: error: value of type '{camel(2)}' has no member '{lcamel(3)}'
        let t = try await self.{lcamel(2)}.{lcamel(3)}(for: {lcamel(1)})
Undefined symbols for architecture arm64:
  "{swift_mangle(mod, camel(2), lcamel(2))}", referenced from:
      {swift_mangle(mod, camel(2), lcamel(2))} in {camel(2)}.o
ld: symbol(s) not found for architecture arm64
** BUILD FAILED **""", "text"))


def ci_proto():
    svc = camel(2, False) + "Service"
    return frame(code(f"""service {svc} {{
  rpc {camel(3,False)}({camel(2,False)}Request) returns ({camel(2,False)}Response);
  rpc Rotate{camel(2,False)}(Rotate{camel(1,False)}Request) returns (google.protobuf.Empty);
}}
// grpcurl: ERROR: Code: Unimplemented Message: unknown method {camel(2,False)} for service acme.{snake(1)}.v{R.randint(1,3)}.{svc}""", "protobuf"))


NEG_CI = [ci_android_crash, ci_ios_crash, ci_asan, ci_rust, ci_js_min, ci_webpack, ci_python_tb, ci_go_panic, ci_graphql, ci_psql_d,
          ci_dotnet, ci_tf_plan, ci_css_classes, ci_pods, ci_elixir, ci_heap_histo, ci_xcode, ci_proto]


# ---- non_credential_blob

def nb_gitlog():
    msgs = ["fix(auth): refresh token race on cold start", "chore(deps): bump grpc to 1.6x", "ci: cache gradle wrapper", "revert \"feat: inline icons\"",
            "fix: handle 429 from upstream", "perf(sql): add index on orders(created_at)", "build(ios): bump Xcode to 16", "修复: 登录页崩溃", "fix: Zeitzonenfehler im Export"]
    rows = "\n".join(f"{hx(R.choice([7,8,12]))} {pick(msgs)}" for _ in range(R.randint(4, 10)))
    return frame(code(f"$ git log --oneline {hx(7)}..{hx(7)}\n{rows}\n$ git bisect good {hx(40)}\nBisecting: {R.randint(1,60)} revisions left to test after this (roughly {R.randint(1,6)} steps)\n[{hx(40)}] {pick(msgs)}", "console"))


def nb_docker():
    lines = [f"{hx(12)}: {pick(['Pull complete','Already exists','Download complete'])}" for _ in range(R.randint(3, 7))]
    img = pick(["ghcr.io/acme/api", "registry.internal:5000/edge/proxy", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/ledger", "europe-docker.pkg.dev/acme-prod/web/frontend"])
    return frame(code(f"$ docker pull {img}:{pick(['latest','v2.3.1','main-'+hx(7)])}\n" + "\n".join(lines) +
                      f"\nDigest: sha256:{sha()}\nStatus: Downloaded newer image for {img}\n$ docker inspect --format '{{{{.Id}}}}' {img}\nsha256:{sha()}", "console"))


def nb_lockfile():
    pk = pick(["react-dom", "@babel/core", "esbuild", "undici", "zod", "@sentry/node"])
    sri = b64(bytes(R.getrandbits(8) for _ in range(64)))
    return frame(pick(["lockfile conflict:", "Konflikt im Lockfile:", "lockfile 冲突：", "conflit dans le lockfile :"]) + "\n" + code(f"""<<<<<<< HEAD
    "node_modules/{pk}": {{
      "version": "{R.randint(1,19)}.{R.randint(0,20)}.{R.randint(0,20)}",
      "integrity": "sha512-{sri}"
=======
    "node_modules/{pk}": {{
      "version": "{R.randint(1,19)}.{R.randint(0,20)}.{R.randint(0,20)}",
      "integrity": "sha512-{b64(bytes(R.getrandbits(8) for _ in range(64)))}"
>>>>>>> origin/main""", "json"), p_lead=0)


def nb_gosum():
    mods = ["golang.org/x/crypto", "google.golang.org/grpc", "github.com/jackc/pgx/v5", "go.opentelemetry.io/otel", "github.com/aws/aws-sdk-go-v2"]
    rows = []
    for m in R.sample(mods, R.randint(2, 4)):
        v = f"v{R.randint(0,1)}.{R.randint(1,40)}.{R.randint(0,9)}"
        rows.append(f"{m} {v} h1:{b64(bytes(R.getrandbits(8) for _ in range(32)))}")
        rows.append(f"{m} {v}/go.mod h1:{b64(bytes(R.getrandbits(8) for _ in range(32)))}")
    return frame(code("verifying module: checksum mismatch\n" + "\n".join(rows) + "\nSECURITY ERROR\nThis download does NOT match the one reported by the checksum server.", "text"))


def nb_api_ids():
    cur = b64(json.dumps({"id": R.randint(10000, 999999), "ts": int(epoch())}, separators=(",", ":")).encode()).rstrip("=")
    resp = {"data": [{"id": uuid7(), "status": pick(["queued", "running", "failed"])} for _ in range(R.randint(1, 3))],
            "next_cursor": cur, "request_id": f"req_{rs(B62,24)}"}
    hdr = f"HTTP/2 200\ncontent-type: application/json\netag: W/\"{hx(32)}\"\nx-request-id: {uuid4()}\nx-amzn-trace-id: Root=1-{hx(8)}-{hx(24)};Parent={hx(16)};Sampled=1\ntraceparent: 00-{hx(32)}-{hx(16)}-01"
    return frame(code(f"$ curl -si https://api.staging.internal/v2/jobs?limit=3\n{hdr}\n\n{json.dumps(resp, indent=2)}", "console"))


def nb_s3():
    rows = []
    for _ in range(R.randint(3, 7)):
        rows.append(f"2026-{R.randint(1,11):02d}-{R.randint(1,28):02d} {R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d} {R.randint(100,99999999):>10} builds/{hx(40)}/{pick(['app-release.aab','bundle.tar.zst','coverage.lcov'])}")
    return frame(code("$ aws s3 ls s3://acme-ci-artifacts/builds/ --recursive | tail\n" + "\n".join(rows) +
                      f"\n$ aws s3api head-object --bucket acme-ci-artifacts --key builds/{hx(40)}/app-release.aab\n" +
                      json.dumps({"ETag": f"\"{hx(32)}-{R.randint(2,40)}\"", "VersionId": rs(B62 + "._", 32), "ChecksumSHA256": b64(bytes(R.getrandbits(8) for _ in range(32)))}, indent=4), "console"))


def nb_sentry():
    return frame(pick(["Sentry event", "Sentry-Event", "Sentry のイベント", "событие в Sentry"]) + f" `{hx(32)}` — trace `{hx(32)}`, span `{hx(16)}`, release `{pick(['web','ios','android'])}@{R.randint(1,9)}.{R.randint(0,30)}.{R.randint(0,9)}+{hx(7)}`" +
                 pick(["", f", replay id {hx(32)}", f", profile {uuid4()}"]))


def nb_kms():
    blob = b64(b"\x01\x02\x02\x00x" + bytes(R.getrandbits(8) for _ in range(R.randint(150, 200))))
    return frame(code(json.dumps({"KeyId": f"arn:aws:kms:eu-west-1:123456789012:key/{uuid4()}", "CiphertextBlob": blob, "EncryptionAlgorithm": "SYMMETRIC_DEFAULT"}, indent=4), "json") +
                 "\n" + pick(["ciphertext only, the data key never leaves KMS", "nur Ciphertext, der Klartext bleibt in KMS", "只是密文", "c'est chiffré, pas de clé en clair"]))


def nb_sops():
    def enc(n):
        return f"ENC[AES256_GCM,data:{b64(bytes(R.getrandbits(8) for _ in range(n)))},iv:{b64(bytes(R.getrandbits(8) for _ in range(32)))},tag:{b64(bytes(R.getrandbits(8) for _ in range(16)))},type:str]"
    return frame(code(f"""database:
    password: {enc(R.randint(12,24))}
    api_key: {enc(R.randint(20,40))}
sops:
    kms:
        - arn: arn:aws:kms:eu-west-1:123456789012:key/{uuid4()}
    lastmodified: "2026-0{R.randint(1,9)}-1{R.randint(0,9)}T10:0{R.randint(0,9)}:00Z"
    mac: {enc(32)}
    version: 3.9.{R.randint(0,4)}""", "yaml") + "\n" + pick(["sops -d fails with 'MAC mismatch' after the merge", "sops -d scheitert nach dem Merge", "merge 后 sops -d 报 MAC mismatch"]))


def nb_ssh():
    return frame(code(f"""The authenticity of host '{pick(['bastion','build-01','jump'])}.internal ({priv_ip()})' can't be established.
ED25519 key fingerprint is SHA256:{b64(bytes(R.getrandbits(8) for _ in range(32))).rstrip('=')}.
This key is not known by any other names.
Are you sure you want to continue connecting (yes/no/[fingerprint])?""", "text"))


def nb_apksigner():
    return frame(code(f"""$ apksigner verify --print-certs app-release.apk
Signer #1 certificate DN: CN=Android Upload, OU=Mobile, O=Acme, C=DE
Signer #1 certificate SHA-256 digest: {hx(64)}
Signer #1 certificate SHA-1 digest: {hx(40)}
Signer #1 certificate MD5 digest: {hx(32)}""", "console") + "\n" + pick(["needs to match the fingerprint in assetlinks.json", "muss mit assetlinks.json übereinstimmen", "assetlinks.json と一致してない"]))


def nb_persisted():
    return frame(code(json.dumps({"operationName": "Get" + camel(2, False), "variables": {"first": 20, "after": b64(f"arrayconnection:{R.randint(10,999)}".encode())},
                                  "extensions": {"persistedQuery": {"version": 1, "sha256Hash": hx(64)}}}, indent=2), "json") +
                 "\n→ `PersistedQueryNotFound`")


def nb_jupyter_df():
    rows = "\n".join(f"{i:<3} {hx(32)}  {uuid4()}  {R.randint(100,99999):>6}" for i in range(R.randint(4, 8)))
    return frame(code(f"In [{R.randint(1,40)}]: df[['md5', 'object_id', 'bytes']].head()\nOut[{R.randint(1,40)}]:\n    md5                               object_id                             bytes\n{rows}", "text"))


def nb_sql_digest():
    rows = "\n".join(f" {ulid()} | \\x{hx(64)} | {pick(['ok','dup'])}" for _ in range(R.randint(3, 6)))
    return frame(code(f"=> SELECT id, sha256(body) AS digest, status FROM webhook_deliveries ORDER BY id DESC LIMIT 5;\n             id             |                               digest                                | status\n{rows}", "sql"))


def nb_ci_ids():
    return frame(pick([
        f"GitHub Actions run {nl_digits(11)} / job {nl_digits(11)} failed; cache key `node-modules-Linux-x64-{hx(64)}` missed",
        f"Buildkite build {R.randint(1000,99999)} ({uuid4()}) — artifact {uuid4()} is 0 bytes",
        f"Cloud Build {uuid4()} failed at step 3, image sha256:{hx(64)}",
        f"CircleCI workflow {uuid4()}, pipeline #{R.randint(1000,99999)}, cache `v1-deps-{hx(40)}` restored",
        f"GitLab pipeline #{R.randint(100000,9999999)} job {R.randint(1000000,99999999)}: cache key `{hx(40)}-protected` not found",
        f"Xcode Cloud build {uuid4().upper()} — DerivedData/{pick(['Kaimono','ShopFront'])}-{rs(string.ascii_lowercase,28)}"]))


def nb_mongo():
    docs = [json.dumps({"_id": {"$oid": hx(24)}, "jobId": uuid4(), "hash": hx(40), "etag": hx(32)}) for _ in range(R.randint(2, 4))]
    return frame(code("rs0 [primary] app> db.jobs.find({status:'stuck'}, {hash:1, etag:1, jobId:1}).limit(3)\n" + "\n".join(docs), "js"))


def nb_helm():
    return frame(code(f"""  template:
    metadata:
      annotations:
        checksum/config: {hx(64)}
        checksum/secret: {hx(64)}
      labels:
        pod-template-hash: {rs('bcdfghjklmnpqrstvwxz2456789',10)}""", "yaml") + "\n" + pick(["pods don't roll even though checksum/config changed", "Pods rollen nicht neu", "ロールアウトされない"]))


def nb_minified():
    return frame(code("!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={i:r,l:!1,exports:{}};return e[r].call(o.exports,o,o.exports,n),o.l=!0,o.exports}" +
                      f"n.p=\"/static/\",n.h=\"{hx(20)}\";var a=\"{b64(bytes(R.getrandbits(8) for _ in range(36)))}\"" + "}([]);", "js") + "\n" + pick(["what's this constant in the bundle?", "c'est quoi cette constante ?", "这个常量是什么？"]))


NEG_NB = [nb_gitlog, nb_docker, nb_lockfile, nb_gosum, nb_api_ids, nb_s3, nb_sentry, nb_kms, nb_sops, nb_ssh, nb_apksigner, nb_persisted,
          nb_jupyter_df, nb_sql_digest, nb_ci_ids, nb_mongo, nb_helm, nb_minified]


# ---- pii_lookalike_number

def pl_orders():
    rows = "\n".join(f" {nl_digits(R.randint(9,11))} | {ts_iso()[:19].replace('T',' ')} | INV-{R.randint(2024,2026)}-{R.randint(0,999999):06d} | {R.randint(1,99999)/100:>9.2f} | {pick(['EUR','USD','JPY','BRL','PLN'])}" for _ in range(R.randint(4, 12)))
    return frame(code(f"orders=> SELECT order_id, created_at, invoice_no, total, currency FROM orders WHERE state='stuck_in_payment';\n  order_id   |     created_at      |   invoice_no    |   total   | cur\n{rows}", "sql"))


def pl_versions():
    return frame(pick([
        f"only repro on Chrome {R.randint(120,140)}.0.{R.randint(6000,7999)}.{R.randint(40,250)} / Edge {R.randint(120,140)}.0.{R.randint(2000,3999)}.{R.randint(40,99)}",
        f"Build fingerprint: 'google/{pick(['husky','shiba','akita'])}/{pick(['husky','shiba','akita'])}:15/AP4A.{R.randint(240000,259999)}.{R.randint(1,30):03d}/{nl_digits(8)}:user/release-keys'",
        f"iOS 18.{R.randint(0,5)}.{R.randint(0,2)} (22{pick('ABCDEF')}{R.randint(10,99)}), Xcode 16.{R.randint(0,3)} (16{pick('ABC')}{R.randint(100,999)}{pick('abc')}), app {R.randint(3,9)}.{R.randint(0,40)}.0 ({nl_digits(10)})",
        f"versionCode {R.randint(2024010100,2026123199)} → Play Console rejects it, must be > {R.randint(2024010100,2026123199)}",
        f"Windows 11 {pick(['23H2','24H2'])} build 2{R.randint(2000,6999)}.{R.randint(1000,5999)}, driver {R.randint(31,32)}.0.{R.randint(10,15)}.{R.randint(1000,9999)}",
        f"kernel 6.{R.randint(1,12)}.{R.randint(0,60)}-{R.randint(100,300)}-generic, glibc 2.{R.randint(31,40)}, node v{R.randint(18,24)}.{R.randint(0,20)}.{R.randint(0,9)}"]))


def pl_timestamps():
    ts = f"{epoch()}.{R.randint(100000,999999)}"
    return frame(pick([
        f"the Slack message ts is `{ts}` and thread_ts `{epoch()}.{R.randint(100000,999999)}`",
        f"token exp is {epoch()} but the server clock says {epoch()} (skew ~{R.randint(2,400)}s)",
        f"`Date.now()` → {epoch_ms()} in the browser vs {epoch_ms()} from the API",
        f"Kafka offset {nl_digits(R.randint(8,12))} partition {R.randint(0,63)}, lag {R.randint(1,999999):,}",
        f"x-ratelimit-limit: {pick([1000,5000,600])}\nx-ratelimit-remaining: 0\nx-ratelimit-reset: {epoch()}\nretry-after: {R.randint(1,3600)}",
        f"Postgres LSN {R.randint(1,255):X}/{hx(8).upper()}, xmin {nl_digits(9)}, replication lag {R.randint(1,90000)} bytes"]))


def pl_ips():
    return frame(code(f"""$ kubectl get nodes -o wide
NAME              STATUS   ROLES    INTERNAL-IP     EXTERNAL-IP   OS-IMAGE
ip-{priv_ip().replace('.','-')}   Ready    <none>   {priv_ip():<15} <none>        Bottlerocket OS 1.{R.randint(19,30)}.{R.randint(0,9)}
ip-{priv_ip().replace('.','-')}   Ready    <none>   {priv_ip():<15} <none>        Bottlerocket OS 1.{R.randint(19,30)}.{R.randint(0,9)}
$ dig +short api.internal
{priv_ip()}
{priv_ip()}""", "console"))


def pl_cloud():
    return frame(pick([
        code(f"$ aws sts get-caller-identity\n{{\n    \"UserId\": \"AROA{rs('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',17)}:ci-session-{nl_digits(10)}\",\n    \"Account\": \"123456789012\",\n    \"Arn\": \"arn:aws:sts::123456789012:assumed-role/gha-deployer/ci-session-{nl_digits(10)}\"\n}}", "console"),
        code(f"$ gcloud projects describe acme-{pick(['prod','staging'])}-{R.randint(100,999)}\ncreateTime: '2024-0{R.randint(1,9)}-1{R.randint(0,9)}T10:00:00.000Z'\nlifecycleState: ACTIVE\nprojectId: acme-prod-{R.randint(100,999)}\nprojectNumber: '{nl_digits(12)}'", "console"),
        code(f"$ aws ec2 describe-instances --query 'Reservations[].Instances[].[InstanceId,PrivateIpAddress,LaunchTime]' --output text\ni-{hx(17)}\t{priv_ip()}\t{ts_iso()}\ni-{hx(17)}\t{priv_ip()}\t{ts_iso()}", "console"),
        code(f"$ az account show --query '{{sub:id, tenant:tenantId}}'\n{{\n  \"sub\": \"{uuid4()}\",\n  \"tenant\": \"{uuid4()}\"\n}}", "console")]))


def pl_latency():
    rows = "\n".join(f"| {pick(['/api/v2/orders','/graphql','/healthz','/api/v1/search','/checkout'])} | {R.randint(1,80)} ms | {R.randint(80,900)} ms | {R.randint(900,9000)} ms | {R.randint(1000,9999999):,} |" for _ in range(R.randint(3, 7)))
    return frame(pick(["p50/p95/p99 since the deploy:", "Latenzen seit dem Deploy:", "デプロイ後のレイテンシ:", "延迟统计："]) + "\n| route | p50 | p95 | p99 | requests |\n|---|---|---|---|---|\n" + rows, p_lead=0)


def pl_isbn():
    def isbn13():
        while True:
            b = "978" + digits(9, False)
            s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(b))
            full = b + str((10 - s % 10) % 10)
            if not luhn_ok(full):
                return f"{full[:3]}-{full[3]}-{full[4:8]}-{full[8:12]}-{full[12]}"
    return frame(pick([
        f"catalog import fails on ISBN {isbn13()} and {isbn13()}: 'duplicate key value violates unique constraint \"books_isbn_key\"'",
        f"ISBN {isbn13()} の書誌データが API から 404",
        f"bei ISBN {isbn13()} liefert die API einen leeren Titel"]))


def pl_hresult():
    return frame(pick([
        f"Installer exited with 0x{pick(['80070005','80070643','8007045D','80004005'])} (HRESULT {R.randint(-2147024896,-2147000000)}), log says MSI {R.randint(1600,1700)}",
        f"segfault at {hx(12)} ip 0000{hx(12)} sp 00007ff{hx(9)} error {R.randint(4,7)} in libssl.so.3[{hx(12)}+{hx(5)}]",
        f"exit code {pick([137,139,143,134])} (OOMKilled), memory limit {R.randint(256,8192)}Mi, peak RSS {R.randint(100000000,9000000000):,} bytes",
        f"SIGSEGV in pid {R.randint(1000,4194304)}, tid {R.randint(1000,4194304)}, fault addr 0x{hx(16)}"]))


def pl_tickets():
    return frame(pick([
        f"tracked in JIRA-{R.randint(1000,99999)}, CVE-202{R.randint(4,6)}-{R.randint(10000,59999)} and GHSA-{rs('23456789cfghjmpqrvwx',4)}-{rs('23456789cfghjmpqrvwx',4)}-{rs('23456789cfghjmpqrvwx',4)}",
        f"Zendesk #{R.randint(1000000,9999999)} / Salesforce case {R.randint(10000000,99999999)} — same customer complaint",
        f"ServiceNow INC{R.randint(1000000,9999999):07d} → CHG{R.randint(1000000,9999999):07d}, KB{R.randint(4000000,5099999)} applied",
        f"PagerDuty incident #{R.randint(10000,999999)} ({rs(string.ascii_uppercase+string.digits,14)})"]))


def pl_csv_export():
    hdr = "order_id,sku,qty,unit_price,created_at_ms,warehouse"
    rows = "\n".join(f"{nl_digits(10)},{pick(['SKU','ART','PRD'])}-{R.randint(1000,9999)}-{R.randint(100,999)},{R.randint(1,20)},{R.randint(100,99999)/100:.2f},{epoch_ms()},{pick(['FRA1','WAW2','NRT1','GRU1'])}" for _ in range(R.randint(8, 20)))
    return frame(pick(["export that breaks the importer:", "CSV, das den Import bricht:", "el CSV que rompe el import:", "インポートが落ちる CSV:"]) + "\n" + code(hdr + "\n" + rows, "csv"), p_lead=0)


def pl_gtin():
    def ean():
        while True:
            b = digits(12)
            s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(b))
            full = b + str((10 - s % 10) % 10)
            if not luhn_ok(full):
                return full
    return frame(code(json.dumps({"items": [{"gtin": ean(), "lot": f"L{R.randint(2024,2026)}{R.randint(1,52):02d}-{R.randint(100,999)}", "qty": R.randint(1, 500),
                                              "price_cents": R.randint(99, 999999)} for _ in range(R.randint(2, 5))]}, indent=2), "json"))


def pl_money():
    return frame(pick([
        f"MRR moved from € {R.randint(100,999)}.{R.randint(100,999)},{R.randint(10,99)} to € {R.randint(100,999)}.{R.randint(100,999)},{R.randint(10,99)}",
        f"billing export: {R.randint(1,99)} {R.randint(100,999)} {R.randint(100,999)} rows, total ¥{R.randint(1000000,99999999):,}",
        f"AWS bill for acct 123456789012 this month: ${R.randint(1000,99999):,}.{R.randint(10,99)} (+{R.randint(1,90)}%)",
        f"Rechnung Nr. {R.randint(2026000000,2026999999)} vom {R.randint(1,28):02d}.{R.randint(1,12):02d}.2026 über {R.randint(100,9999)},{R.randint(10,99)} €"]))


def pl_ports():
    return frame(code(f"""$ ss -tlnp | head
State  Recv-Q Send-Q  Local Address:Port   Peer Address:Port Process
LISTEN 0      {R.choice([128,511,4096])}    {priv_ip()}:{R.choice([5432,6379,9092,8443])}      0.0.0.0:*     users:(("postgres",pid={R.randint(100,99999)},fd={R.randint(3,9)}))
LISTEN 0      {R.choice([128,511,4096])}    127.0.0.1:{R.randint(30000,32767)}      0.0.0.0:*     users:(("kubelet",pid={R.randint(100,99999)},fd={R.randint(10,40)}))""", "console"))


def pl_jupyter_nums():
    arr = ", ".join(str(R.randint(1000000000, 9999999999)) for _ in range(R.randint(4, 8)))
    return frame(code(f"In [{R.randint(1,50)}]: df['user_id'].sample(5, random_state={R.randint(0,99)}).to_numpy()\nOut[{R.randint(1,50)}]: array([{arr}])", "python") +
                 "\n" + pick(["these are internal user ids, not phone numbers, before anyone asks", "これは内部IDです", "das sind interne IDs", "son ids internos"]))


def pl_ci_timing():
    return frame(code(f"""BUILD SUCCESSFUL in {R.randint(1,9)}m {R.randint(1,59)}s
{R.randint(100,999)} actionable tasks: {R.randint(10,200)} executed, {R.randint(10,700)} up-to-date
Build scan: https://gradle.com/s/{rs(string.ascii_lowercase+string.digits,13)}
APK size: {R.randint(10000000,99999999):,} bytes (Δ +{R.randint(1000,99999):,})""", "text"))


NEG_PL = [pl_orders, pl_versions, pl_timestamps, pl_ips, pl_cloud, pl_latency, pl_isbn, pl_hresult, pl_tickets, pl_csv_export, pl_gtin, pl_money, pl_ports, pl_jupyter_nums, pl_ci_timing]


# ---- talk_about_secrets
TALK = {
    "en": ["I rotated the Stripe key after the CI log leak, old one is revoked", "don't paste tokens in this channel, use the 1Password share link",
           "the scanner flagged a JWT in the HAR file, turned out to be expired and from staging — still rotated it",
           "who owns the SendGrid API key? it expires Friday", "do we need to mask IBANs in the support dashboard or only card numbers?",
           "postmortem: a service-account key was committed to a public fork for ~40 minutes; revoked, audit logs show no use",
           "reminder: phone numbers and emails in Sentry breadcrumbs must be scrubbed before we enable session replay"],
    "de": ["Ich habe das Passwort für die Staging-DB rotiert, steht im Vault", "Bitte keine Tokens in Tickets kopieren, nur den Vault-Pfad",
           "Müssen IBANs im Log maskiert werden? Laut DSGVO ja", "Der private Schlüssel lag kurz im Docker-Image, ist aber schon ersetzt"],
    "fr": ["j'ai révoqué le token GitHub qui traînait dans les logs de la CI", "ne collez jamais de clé API dans Slack, même de test",
           "il faut chiffrer les numéros de sécurité sociale au repos", "le mot de passe admin a été changé après l'audit"],
    "es": ["ya roté la clave de AWS que apareció en el log del pipeline", "¿dónde guardamos la contraseña del keystore de Android?",
           "los números de tarjeta nunca deben llegar a los logs"],
    "pt": ["revoguei o token do Slack que vazou no print", "a senha do banco agora fica só no Secrets Manager", "CPF e telefone precisam ser mascarados no log"],
    "it": ["ho ruotato la chiave API dopo il leak nel log", "le password non vanno mai nei file .env committati"],
    "nl": ["ik heb de API-sleutel ingetrokken, de nieuwe staat in Vault", "IBAN's horen niet in de applicatielogs"],
    "pl": ["zrotowałem klucz do S3 po wycieku w logach CI", "hasła trzymamy tylko w menedżerze sekretów"],
    "tr": ["CI loguna sızan token'ı iptal ettim, yenisi Vault'ta", "kart numaraları loglara asla yazılmamalı"],
    "ru": ["я отозвал токен, который утёк в лог CI, новый лежит в Vault", "не вставляйте пароли в чат, даже тестовые",
           "номера телефонов в логах надо маскировать"],
    "uk": ["ключ API вже ротовано, старий відкликано", "паролі зберігаємо лише в менеджері секретів"],
    "el": ["ανακάλεσα το token που διέρρευσε στα logs", "μην βάζετε κωδικούς στο Slack"],
    "ar": ["قمت بتدوير مفتاح API بعد تسريبه في سجلات CI", "لا تنشروا كلمات المرور في القناة"],
    "he": ["החלפתי את מפתח ה-API אחרי הדליפה בלוג", "אל תדביקו סיסמאות בערוץ"],
    "hi": ["मैंने CI log में leak हुआ token revoke कर दिया है", "password कभी भी chat में paste मत करो"],
    "th": ["ผมเปลี่ยน API key แล้วหลังจากหลุดใน log", "อย่าแปะรหัสผ่านในแชท"],
    "vi": ["mình đã thu hồi token bị lộ trong log CI", "đừng dán mật khẩu vào kênh này"],
    "id": ["token yang bocor di log CI sudah saya cabut", "jangan tempel password di channel ini"],
    "ja": ["CIログに出てたトークンは失効済みです", "パスワードはSlackに貼らないでください、1Passwordで共有して", "電話番号とメールアドレスはログでマスクする必要があります"],
    "zh": ["CI 日志里泄露的 token 已经吊销了", "不要在群里贴密码，用 Vault 共享", "银行卡号和身份证号在日志里必须脱敏"],
    "ko": ["CI 로그에 노출된 토큰은 이미 폐기했어요", "비밀번호는 채팅에 붙이지 마세요", "주민번호랑 전화번호는 로그에서 마스킹해야 해요"],
}


def ta_one():
    return frame(pick(TALK[pick(list(TALK))]), p_lead=0.1)


def ta_multi():
    ls = R.sample(list(TALK), R.randint(2, 3))
    return "\n".join(pick(TALK[l]) for l in ls)


def ta_incident():
    return frame(f"""*Incident {pick(['INC','SEC'])}-{R.randint(100,9999)} — {pick(['leaked token in CI logs','API key in mobile bundle','password in Jupyter output','PII in debug logs'])}*
• {pick(TALK['en'])}
• {pick(TALK[pick(list(TALK))])}
• action items: enable push protection, add the log scrubber to the {pick(['Android','iOS','web','data'])} pipeline, rotate quarterly
• status: {pick(['resolved','monitoring','mitigated'])}""", p_lead=0)


def ta_regex():
    return frame(pick([
        "our scanner regex for GitHub PATs is `ghp_[A-Za-z0-9]{36}` — does it catch fine-grained ones too?",
        "the card check uses Luhn + a length of 13–19 digits, which is why it flagged the order ids",
        "¿la regex de IBAN valida el mod 97 o solo el formato?",
        "JWT 検出は `eyJ` で始まって点が2つあるかで見てます",
        "for AWS we match `AKIA[0-9A-Z]{16}` and then look for a 40-char secret nearby",
        "Die SSN-Erkennung prüft nur das Muster ddd-dd-dddd, das ist zu grob",
        "для телефонов используем libphonenumber, а не регулярки"]))


def ta_question():
    return frame(pick([
        "how do people handle the App Store Connect API key in fastlane on CI? env var or file?",
        "what's the recommended way to give a Jupyter kernel access to the warehouse password without it ending up in the notebook?",
        "is it OK to log the last 4 digits of a card? compliance says yes, security says no",
        "Android: wo speichert ihr das Keystore-Passwort für Release-Builds?",
        "Vault agent keeps failing with `permission denied` on the secret path, the token policy looks right",
        "External Secrets Operator says `SecretSyncedError: could not get secret data from provider` — the IAM role is fine",
        "sealed-secrets controller can't decrypt after the cluster rebuild, did we back up the sealing key?",
        "GitHub push protection blocked my commit, but it's a test fixture — how do I mark it as a false positive?"]))


NEG_TA = [ta_one, ta_multi, ta_incident, ta_regex, ta_question]


# ================================================================ POSITIVES: fake secret generators

def b62enc(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[r] + s
    return s.rjust(width, "0")


def g_aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def g_aws_secret():
    return rs(string.ascii_letters + string.digits + "+/", 40)


def g_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xffffffff, 6)


def g_ghfg():
    return "github_pat_11" + rs(string.ascii_uppercase + string.digits, 20) + "_" + rs(B62, 59)


def g_xoxb():
    return f"xoxb-{digits(R.choice([11,12,13]))}-{digits(13)}-{rs(B62,24)}"


def g_xoxp():
    return f"xoxp-{digits(11)}-{digits(12)}-{digits(13)}-{hx(32)}"


def g_openai():
    k = R.random()
    if k < 0.5:
        return "sk-proj-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
    if k < 0.75:
        return "sk-svcacct-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
    return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)


def g_anthropic():
    return "sk-ant-api03-" + rs(B64U, 93) + "AA"


def g_jwt():
    alg = pick(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = rs(B64U, 22)
    iat = int(epoch())
    pl = {"sub": pick([uuid4(), str(R.randint(10000, 99999999))]), "iss": pick(["https://auth.acme-corp.io/", "https://login.kaimono.jp", "https://id.shopfront.dev"]),
          "aud": pick(["api", "mobile-app", "graphql"]), "iat": iat, "exp": iat + pick([900, 3600, 86400]), "scope": pick(["read write", "orders:read", "openid profile email"])}
    siglen = {"HS256": 43, "RS256": 342, "ES256": 86}[alg]
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + rs(B64U, siglen)


def der_len(n):
    if n < 128:
        return bytes([n])
    if n < 256:
        return b"\x81" + bytes([n])
    return b"\x82" + struct.pack(">H", n)


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def rnd(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def g_pem():
    t = pick(["ec", "ed25519", "rsa", "openssh"])
    if t == "ec":
        body = der(0x30, der(0x02, b"\x01") + der(0x04, rnd(32)) + der(0xa0, der(0x06, bytes.fromhex("2a8648ce3d030107"))) + der(0xa1, der(0x03, b"\x00\x04" + rnd(64))))
        label = "EC PRIVATE KEY"
    elif t == "ed25519":
        body = der(0x30, der(0x02, b"\x00") + der(0x30, der(0x06, bytes.fromhex("2b6570"))) + der(0x04, der(0x04, rnd(32))))
        label = "PRIVATE KEY"
    elif t == "rsa":
        def integer(n):
            b = rnd(n)
            b = bytes([b[0] | 0x80]) + b[1:]
            return der(0x02, b"\x00" + b)
        body = der(0x30, der(0x02, b"\x00") + integer(128) + der(0x02, b"\x01\x00\x01") + integer(128) + integer(64) + integer(64) + integer(64) + integer(64) + integer(64))
        label = "RSA PRIVATE KEY"
    else:
        pub = rnd(32)
        def sstr(b):
            return struct.pack(">I", len(b)) + b
        pubblob = sstr(b"ssh-ed25519") + sstr(pub)
        chk = rnd(4)
        priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rnd(32) + pub) + sstr(b"ci@runner")
        priv += bytes(range(1, 1 + (-len(priv)) % 8))
        body = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
        label = "OPENSSH PRIVATE KEY"
    s = b64(body)
    lines = wrap(s, 70 if t == "openssh" else 64).split("\n")
    return label, lines


def g_password():
    return pick([rs(B62, R.randint(14, 24)), rs(B62, 8) + pick(["!", "#", "%", "_", "-"]) + rs(B62, 8),
                 pick(["Tr0ub4dor", "Sommer", "Kirschbaum", "Pandora", "Fuji", "Nebula"]) + pick(["!", "#", "$", "_"]) + str(R.randint(10, 9999)) + rs(string.ascii_letters, 3)])


FIRST = ["maria", "jonas", "yuki", "chen", "aisha", "lukas", "sofia", "mateo", "priya", "oleksandr", "fatima", "noah", "emma", "hiroshi", "min-jun", "amara", "giulia", "pieter", "zeynep", "thabo"]
LAST = ["schmidt", "tanaka", "garcia", "kowalski", "nguyen", "okafor", "rossi", "dubois", "silva", "yilmaz", "kim", "johansson", "petrenko", "haddad", "sharma", "novak", "de.vries", "moreau"]
DOMS = ["gmail.com", "outlook.com", "yahoo.co.jp", "web.de", "gmx.net", "orange.fr", "hotmail.es", "icloud.com", "proton.me", "naver.com", "qq.com",
        "acme-corp.io", "kaimono.co.jp", "bankhaus-weber.de", "shopfront.com.br", "mail.ru", "wp.pl", "libero.it"]


def g_email():
    f, l = pick(FIRST), pick(LAST)
    local = pick([f"{f}.{l}", f"{f[0]}{l}", f"{f}{R.randint(1,99)}", f"{l}.{f}", f"{f}_{l}", f"{f}+{pick(['test','staging','orders'])}"]).replace("de.vries", "devries")
    return f"{local}@{pick(DOMS)}"


def g_phone():
    c = pick(["us", "uk", "de", "fr", "es", "it", "jp", "br", "in", "kr", "nl", "pl"])
    d = lambda n: "".join(str(R.randint(0, 9)) for _ in range(n))
    if c == "us":
        a = pick(["212", "312", "415", "617", "646", "713", "206", "305"]); e = str(R.randint(201, 989)).replace("555", "556")
        return pick([f"+1 ({a}) {e}-{d(4)}", f"({a}) {e}-{d(4)}", f"+1-{a}-{e}-{d(4)}", f"{a}.{e}.{d(4)}"])
    if c == "uk":
        return pick([f"+44 7{R.randint(400,999)} {d(6)}", f"07{R.randint(400,999)} {d(3)} {d(3)}", f"+44 20 {R.randint(3,8)}{d(3)} {d(4)}"])
    if c == "de":
        return pick([f"+49 1{pick(['51','52','57','60','62','70','71','76'])} {d(8)}", f"01{pick(['51','60','70','76'])}/{d(7)}", f"+49 30 {d(8)}"])
    if c == "fr":
        return pick([f"+33 {pick('67')} {d(2)} {d(2)} {d(2)} {d(2)}", f"0{pick('67')} {d(2)} {d(2)} {d(2)} {d(2)}"])
    if c == "es":
        return pick([f"+34 6{d(2)} {d(3)} {d(3)}", f"6{d(2)} {d(2)} {d(2)} {d(2)}"])
    if c == "it":
        return f"+39 3{R.randint(20,49)} {d(3)} {d(4)}"
    if c == "jp":
        return pick([f"0{pick(['80','90','70'])}-{d(4)}-{d(4)}", f"+81 {pick(['80','90','70'])}-{d(4)}-{d(4)}", f"03-{d(4)}-{d(4)}"])
    if c == "br":
        return pick([f"+55 11 9{d(4)}-{d(4)}", f"(21) 9{d(4)}-{d(4)}"])
    if c == "in":
        return f"+91 {R.randint(70,99)}{d(3)} {d(5)}"
    if c == "kr":
        return f"010-{d(4)}-{d(4)}"
    if c == "nl":
        return pick([f"+31 6 {d(8)}", f"06-{d(8)}"])
    return f"+48 {R.randint(500,899)} {d(3)} {d(3)}"


def g_card():
    t = pick(["visa", "mc", "mc2", "amex", "disc"])
    if t == "visa":
        n = luhn_complete("4" + digits(14, False))
    elif t == "mc":
        n = luhn_complete(str(R.randint(51, 55)) + digits(13, False))
    elif t == "mc2":
        n = luhn_complete(str(R.randint(2221, 2720)) + digits(11, False))
    elif t == "amex":
        n = luhn_complete(pick(["34", "37"]) + digits(12, False))
        return pick([n, f"{n[:4]} {n[4:10]} {n[10:]}", f"{n[:4]}-{n[4:10]}-{n[10:]}"])
    else:
        n = luhn_complete("6011" + digits(11, False))
    sep = pick(["", " ", "-"])
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))


def iban_check(cc, bban):
    s = bban + cc + "00"
    num = "".join(str(int(ch, 36)) for ch in s)
    return f"{98 - int(num) % 97:02d}"


def iban_valid(ib):
    ib = ib.replace(" ", "")
    s = ib[4:] + ib[:4]
    return int("".join(str(int(ch, 36)) for ch in s)) % 97 == 1


def g_iban():
    c = pick(["DE", "GB", "FR", "NL", "BE", "AT", "CH", "PL", "ES"])
    d = lambda n: "".join(str(R.randint(0, 9)) for _ in range(n))
    if c == "DE":
        bban = d(18)
    elif c == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + d(14)
    elif c == "FR":
        bank, br, acc = d(5), d(5), d(11)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97)
        bban = bank + br + acc + f"{key:02d}"
    elif c == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "TRIO"]) + d(10)
    elif c == "BE":
        x = d(10); ck = int(x) % 97 or 97
        bban = x + f"{ck:02d}"
    elif c == "AT":
        bban = d(16)
    elif c == "CH":
        bban = d(17)
    elif c == "PL":
        bban = d(24)
    else:
        w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
        def dc(s):
            v = 11 - sum(int(a) * b for a, b in zip(s, w)) % 11
            return {11: 0, 10: 1}.get(v, v)
        bank, br, acc = d(4), d(4), d(10)
        bban = bank + br + str(dc("00" + bank + br)) + str(dc(acc)) + acc
    ib = c + iban_check(c, bban) + bban
    if R.random() < 0.5:
        ib = " ".join(ib[i:i + 4] for i in range(0, len(ib), 4))
    return ib


def g_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    sep = pick(["-", "-", "-", " "])
    return f"{a:03d}{sep}{R.randint(1,99):02d}{sep}{R.randint(1,9999):04d}"


def g_ip():
    while True:
        ip = ipaddress.IPv4Address(R.getrandbits(32))
        if ip.is_global and not ip.is_multicast and not any(ip in ipaddress.ip_network(n) for n in ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "100.64.0.0/10", "198.18.0.0/15"]):
            return str(ip)


# ================================================================ POSITIVE contexts

def noise():
    return pick([f"(commit {hx(40)})", f"request id {uuid4()}", f"trace {hx(32)}", f"digest sha256:{hx(64)}",
                 f"thumb data:image/gif;base64,{b64(gif())}", f"run {nl_digits(11)}", f"build {R.randint(1000,9999)} on {pick(['ubuntu-24.04','macos-15','windows-2022'])}"])


T = {}
T["aws_access_key_id"] = [
    lambda v: code(f"$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                <not set>             None    None\naccess_key     {v}      env\nsecret_key     ****************{rs(B62,4)}      env\n    region                eu-west-1      config    ~/.aws/config", "console"),
    lambda v: f"CI log line from the deploy job: `Using AWS credentials for {v} (assumed role gha-deployer)` — is it ok that this prints?",
    lambda v: code(f"botocore.exceptions.ClientError: An error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.\n  access_key={v} region=ap-northeast-1", "text"),
    lambda v: code(f"[default]\naws_access_key_id = {v}\nregion = eu-central-1\noutput = json", "ini") + "\nこれが ~/.aws/credentials の中身です",
    lambda v: f"terraform plan falla con `Error: validating provider credentials: retrieving caller identity from STS: ... AccessKeyId: {v}, api error InvalidClientTokenId`",
]
T["aws_secret_access_key"] = [
    lambda v: code(f"export AWS_SECRET_ACCESS_KEY={v}\nexport AWS_DEFAULT_REGION=us-east-2", "bash"),
    lambda v: f"the secret in the GitLab variable is `{v}` but the job still gets SignatureDoesNotMatch",
]
T["github_classic_pat"] = [
    lambda v: code(f"$ git clone https://{v}@github.com/acme-corp/ledger.git\nCloning into 'ledger'...\nremote: Repository not found.", "console"),
    lambda v: f"pls use my PAT until the bot account is fixed: {v}",
    lambda v: code(f"- name: checkout submodules\n  run: git config --global url.\"https://x-access-token:{v}@github.com/\".insteadOf \"https://github.com/\"", "yaml"),
    lambda v: f"Renovate の設定に `\"token\": \"{v}\"` って直書きされてます…",
    lambda v: code(f"//npm.pkg.github.com/:_authToken={v}\n@acme-corp:registry=https://npm.pkg.github.com", "ini") + "\n.npmrc из репозитория",
]
T["github_fine_grained_pat"] = [
    lambda v: code(f"$ gh auth login --with-token <<< '{v}'\nerror validating token: missing required scope 'read:org'", "console"),
    lambda v: f"fine-grained token for the release workflow: {v} (expires in 30 days, repo contents RW)",
    lambda v: code(f"GH_TOKEN={v} gh api repos/acme-corp/infra/actions/runs --jq '.workflow_runs[0].status'", "bash"),
]
T["slack_bot_token"] = [
    lambda v: code(f"slack_sdk.errors.SlackApiError: The request to the Slack API failed. (url: https://slack.com/api/chat.postMessage)\nThe server responded with: {{'ok': False, 'error': 'not_in_channel'}}\n# token used: {v}", "text"),
    lambda v: code(f"SLACK_BOT_TOKEN={v}\nSLACK_SIGNING_SECRET_FILE=/run/secrets/slack_signing", "bash") + "\n" + pick(["the bot doesn't answer in the new channel", "der Bot antwortet nicht", "ボットが反応しない"]),
    lambda v: f"curl -H 'Authorization: Bearer {v}' https://slack.com/api/auth.test → `invalid_auth`, wieso?",
    lambda v: code(json.dumps({"ok": True, "app_id": "A0" + rs(string.ascii_uppercase + string.digits, 9), "access_token": v, "token_type": "bot", "scope": "chat:write,channels:history"}, indent=2), "json") + "\nOAuth response from the install flow",
]
T["slack_user_token"] = [
    lambda v: f"legacy script still uses a user token: `{v}` — can we move it to the bot?",
    lambda v: code(f"const web = new WebClient('{v}');\nawait web.users.profile.set({{ profile }});", "js"),
]
T["openai_api_key"] = [
    lambda v: code(f"In [3]: from openai import OpenAI\n   ...: client = OpenAI(api_key=\"{v}\")\nIn [4]: client.embeddings.create(model=\"text-embedding-3-small\", input=texts)\nRateLimitError: Error code: 429", "python"),
    lambda v: code(f"OPENAI_API_KEY={v}\nOPENAI_ORG_ID=org-{rs(B62,24)}", "bash") + "\n" + pick(["from the staging .env", "aus der Staging-.env", "del .env de staging"]),
    lambda v: f"Vercel の環境変数に入ってるキー `{v}` がまだ有効か確認してもらえますか",
    lambda v: code(f'$ curl https://api.openai.com/v1/chat/completions -H "Authorization: Bearer {v}" -H "Content-Type: application/json" -d @req.json\n{{"error": {{"code": "model_not_found"}}}}', "console"),
]
T["anthropic_api_key"] = [
    lambda v: code(f"const anthropic = new Anthropic({{ apiKey: '{v}' }});", "ts") + "\n" + pick(["works locally, 401 in the edge runtime", "在本地可以，部署后 401"]),
    lambda v: code(f"$ docker run -e ANTHROPIC_API_KEY={v} -p 8080:8080 acme/summarizer:dev", "console"),
    lambda v: f"подставил ключ {v} в секрет, но под всё равно падает с authentication_error",
    lambda v: code(f"anthropic:\n  api_key: \"{v}\"\n  model: claude-sonnet-4-5\n  max_tokens: 1024", "yaml"),
]
T["jwt"] = [
    lambda v: code(f":authority: api.shopfront.dev\n:method: GET\n:path: /v2/cart\nauthorization: Bearer {v}\nx-request-id: {uuid4()}", "http") + "\n" + pick(["copied from devtools, 401 even though exp is in the future", "aus den DevTools kopiert", "devtools からコピー"]),
    lambda v: f"jwt.io says the signature is invalid for `{v}`",
    lambda v: code(f"{R.randint(1,12):02d}-{R.randint(1,28):02d} 09:14:22.871 {R.randint(1000,9999)} D OkHttp  : --> POST https://api.kaimono.jp/graphql\n{R.randint(1,12):02d}-{R.randint(1,28):02d} 09:14:22.871 {R.randint(1000,9999)} D OkHttp  : Authorization: Bearer {v}", "text"),
    lambda v: code(json.dumps({"access_token": v, "token_type": "Bearer", "expires_in": 3600, "refresh_token_expires_in": 2592000}, indent=2), "json"),
]
T["password"] = [
    lambda v: code(f"Server=tcp:sql-ledger-prod.database.windows.net,1433;Initial Catalog=ledger;User ID=ledger_app;Password={v};Encrypt=True;TrustServerCertificate=False;", "text"),
    lambda v: code(f"spring.datasource.url=jdbc:postgresql://db.internal:5432/orders\nspring.datasource.username=orders_svc\nspring.datasource.password={v}", "properties"),
    lambda v: code(f"$ psql \"host=10.20.3.4 port=5432 dbname=analytics user=etl password={v} sslmode=require\"\npsql: error: connection to server at \"10.20.3.4\", port 5432 failed: FATAL:  no pg_hba.conf entry", "console"),
    lambda v: code(f"Host=pg.internal;Port=5432;Database=shop;Username=shop_rw;Password={v};Pooling=true;Maximum Pool Size=50", "text") + "\nNpgsql: 'Timeout during reading attempt'",
    lambda v: f"mot de passe keystore Android pour le build de release : `storePassword={v}`",
]
T["url_credentials"] = [
    (lambda v: code(f"sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) FATAL:  password authentication failed for user \"report\"\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\nDATABASE_URL=postgresql+psycopg2://report:{v}@pg-replica.internal:5432/warehouse", "text")),
    (lambda v: code(f"MONGO_URI=mongodb+srv://app_rw:{v}@cluster0.{rs(string.ascii_lowercase+string.digits,5)}.mongodb.net/prod?retryWrites=true", "bash")),
    (lambda v: f"celery can't connect: `broker_url = 'amqps://orders:{v}@rabbit.internal:5671/prod'`"),
    (lambda v: code(f"REDIS_URL=rediss://:{v}@cache-prod.{rs(string.ascii_lowercase,6)}.euw1.cache.amazonaws.com:6379/0", "bash") + "\nRedis ECONNRESET ab 03:00"),
    (lambda v: code(f"$ mysql --defaults-file=/dev/null -e 'select 1' mysql://billing:{v}@mysql-primary.internal:3306/billing", "console")),
]
T["email_address"] = [
    lambda v: code(f"{ts_iso()} ERROR [checkout] payment declined for customer={v} order={nl_digits(10)} reason=insufficient_funds", "text"),
    lambda v: f"user {v} reports the iOS app crashes on login since 5.4.0, Crashlytics issue {hx(32)}",
    lambda v: code(json.dumps({"data": {"user": {"id": uuid4(), "email": v, "locale": pick(["de-DE", "ja-JP", "pt-BR"]), "__typename": "User"}}}, indent=2), "json"),
    lambda v: f"サポートから: {v} さんのアカウントでパスワードリセットのメールが届かないそうです",
    lambda v: f"el cliente {v} dice que le cobraron dos veces, pedido #{nl_digits(9)}",
    lambda v: code(f"Sentry: User {{ id: {R.randint(1000,999999)}, email: \"{v}\", ip_address: \"{{{{auto}}}}\" }}", "text"),
]
T["phone_number"] = [
    lambda v: code(f"D/SmsVerification: sending OTP to {v}, provider=twilio, attempt=2", "text"),
    lambda v: f"Kunde hat angerufen, Rückrufnummer {v}, es geht um die doppelte Abbuchung",
    lambda v: code(json.dumps({"customer": {"id": f"cus_{rs(B62,14)}", "phone": v, "preferred_locales": ["fr"]}}, indent=2, ensure_ascii=False), "json"),
    lambda v: f"on-call escalation didn't page, PagerDuty has {v} as the contact number",
    lambda v: f"SMS 인증번호가 {v} 로 안 간다고 합니다",
]
T["credit_card"] = [
    lambda v: code(f"{ts_iso()} DEBUG PaymentForm: onSubmit {{ cardNumber: '{v}', exp: '{R.randint(1,12):02d}/{R.randint(27,31)}', cvc: '***' }}", "text") + "\n" + pick(["we're logging the full PAN in the web client 😱", "el front loguea el número completo", "フロントでカード番号がそのままログに出てる"]),
    lambda v: f"customer sent their card in the ticket: {v}, please delete the message after refunding",
    lambda v: code(f"orders=> SELECT id, raw_payload->>'card_number' FROM failed_payments LIMIT 1;\n    id     |      ?column?\n-----------+---------------------\n {nl_digits(9)} | {v}", "sql"),
]
T["iban"] = [
    lambda v: f"SEPA-Rückläufer für IBAN {v}, Grund AC04 (Konto erloschen)",
    lambda v: code(json.dumps({"payout": {"id": f"po_{rs(B62,16)}", "destination": {"iban": v, "bic": pick(["COBADEFFXXX", "BNPAFRPPXXX", "INGBNL2A", "NWBKGB2L"])}, "status": "failed"}}, indent=2), "json"),
    lambda v: f"virement refusé vers {v}, le client demande pourquoi",
    lambda v: code(f"<Cdtr><Nm>Kaimono GmbH</Nm></Cdtr>\n<CdtrAcct><Id><IBAN>{v.replace(' ','')}</IBAN></Id></CdtrAcct>", "xml") if " " not in v else f"pain.001 export has `{v}` in the wrong field",
]
T["us_ssn"] = [
    lambda v: code(f"{ts_iso()} WARN kyc-service: verification mismatch ssn={v} dob=19{R.randint(50,99)}-0{R.randint(1,9)}-1{R.randint(0,9)}", "text"),
    lambda v: f"applicant's SSN is {v}, the bureau check returned no hit",
    lambda v: code(json.dumps({"applicant": {"ssn": v, "state": pick(["TX", "CA", "NY", "WA"])}, "decision": "manual_review"}, indent=2), "json"),
]
T["ipv4_address"] = [
    lambda v: code(f'{v} - - [{R.randint(1,28):02d}/Nov/2026:0{R.randint(0,9)}:{R.randint(10,59)}:{R.randint(10,59)} +0000] "POST /api/v1/login HTTP/2.0" 401 {R.randint(20,300)} "-" "python-requests/2.32.3"', "text") + "\n" + pick(["this IP hammers the login endpoint", "diese IP flutet den Login", "这个 IP 一直在刷登录接口"]),
    lambda v: f"WAF blocked {v} (country: {pick(['BR','VN','DE','US','RU','IN'])}), was that our office NAT?",
    lambda v: code(f"$ ssh -i ~/.ssh/deploy ubuntu@{v}\nssh: connect to host {v} port 22: Connection timed out", "console"),
    lambda v: code(f"X-Forwarded-For: {v}, {priv_ip()}\nX-Real-IP: {v}", "http"),
]


def pem_text(label, lines, style):
    if style == 0:
        body = "\n".join(lines)
        return code(f"-----BEGIN {label}-----\n{body}\n-----END {label}-----", "text"), body, f"found this in the CI job's workspace artifact:\n"
    if style == 1:
        body = "\\n".join(lines)
        return code(json.dumps({"type": "service_account", "project_id": f"acme-prod-{R.randint(100,999)}", "private_key_id": hx(40)})[:-1] + f', "private_key": "-----BEGIN {label}-----\\n{body}\\n-----END {label}-----\\n"}}', "json"), body, "service account JSON from the Jupyter kernel env:\n"
    body = "\n    ".join(lines)
    return code(f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: deploy-key\nstringData:\n  id_key: |\n    -----BEGIN {label}-----\n    {body}\n    -----END {label}-----", "yaml"), body, "manifest in the helm chart diff:\n"


def multi_templates():
    out = []
    ak, sk = g_aws_id(), g_aws_secret()
    out.append(("aws_create_key", code(json.dumps({"AccessKey": {"UserName": "ci-uploader", "AccessKeyId": ak, "Status": "Active", "SecretAccessKey": sk, "CreateDate": ts_iso()}}, indent=4), "json"),
                [("aws_access_key_id", ak), ("aws_secret_access_key", sk)]))
    ak, sk = g_aws_id(), g_aws_secret()
    out.append(("ci_env_dump", code(f"+ env | sort\nAWS_ACCESS_KEY_ID={ak}\nAWS_SECRET_ACCESS_KEY={sk}\nCI=true\nGITHUB_SHA={hx(40)}\nRUNNER_OS=Linux", "console"),
                [("aws_access_key_id", ak), ("aws_secret_access_key", sk)]))
    e, p = g_email(), g_phone()
    out.append(("api_customer", code(json.dumps({"customer": {"id": uuid4(), "email": e, "phone": p, "avatar": f"data:image/png;base64,{b64(png(1,1))}"}}, indent=2, ensure_ascii=False), "json"),
                [("email_address", e), ("phone_number", p)]))
    e, c = g_email(), g_card()
    out.append(("sql_payments", code(f"=> SELECT email, pan FROM payments_debug WHERE id = {nl_digits(9)};\n email | pan\n-------+-----\n {e} | {c}", "sql"), [("email_address", e), ("credit_card", c)]))
    ip, e = g_ip(), g_email()
    out.append(("nginx_reset", code(f'{ip} - - [0{R.randint(1,9)}/Nov/2026:10:11:12 +0000] "GET /password/reset?email={e} HTTP/1.1" 500 {R.randint(100,900)}', "text"), [("ipv4_address", ip), ("email_address", e)]))
    k, pw = g_openai(), g_password()
    out.append(("docker_inspect", code(f'$ docker inspect summarizer --format "{{{{json .Config.Env}}}}"\n["OPENAI_API_KEY={k}","DATABASE_URL=postgres://app:{pw}@db:5432/app","PATH=/usr/local/bin:/usr/bin"]', "console"),
                [("openai_api_key", k), ("url_credentials", pw)]))
    e, ip = g_email(), g_ip()
    out.append(("crash_user", code(f"Crashlytics non-fatal: AuthError.sessionExpired\n  user.email: {e}\n  device.ip: {ip}\n  app: 5.{R.randint(0,9)}.{R.randint(0,9)} ({nl_digits(9)})", "text"), [("email_address", e), ("ipv4_address", ip)]))
    i, e = g_iban(), g_email()
    out.append(("payout_webhook", code(json.dumps({"type": "payout.failed", "data": {"account_holder_email": e, "iban": i, "failure_code": "account_closed"}}, indent=2), "json"), [("iban", i), ("email_address", e)]))
    b, j = g_xoxb(), g_jwt()
    out.append(("bot_config", code(f"slack:\n  bot_token: {b}\napi:\n  service_jwt: {j}", "yaml"), [("slack_bot_token", b), ("jwt", j)]))
    g, a = g_ghp(), g_anthropic()
    out.append(("shell_history", code(f"  501  export GITHUB_TOKEN={g}\n  502  export ANTHROPIC_API_KEY={a}\n  503  make eval", "console"), [("github_classic_pat", g), ("anthropic_api_key", a)]))
    s, p = g_ssn(), g_phone()
    out.append(("kyc_log", code(f"kyc-worker | applicant ssn={s} phone={p} result=REVIEW", "text"), [("us_ssn", s), ("phone_number", p)]))
    pw, e = g_password(), g_email()
    out.append(("smtp_conf", code(f"smtp:\n  url: smtps://{e.split('@')[0]}:{pw}@smtp.{e.split('@')[1]}:465", "yaml"), [("url_credentials", pw)]))
    ak, sk = g_aws_id(), g_aws_secret()
    out.append(("jupyter_boto", code(f"In [2]: s3 = boto3.client('s3', aws_access_key_id='{ak}', aws_secret_access_key='{sk}')\nIn [3]: s3.list_objects_v2(Bucket='ml-datasets')['KeyCount']\nOut[3]: {R.randint(10,9999)}", "python"),
                [("aws_access_key_id", ak), ("aws_secret_access_key", sk)]))
    f, c = g_ghfg(), g_xoxp()
    out.append(("github_actions_secrets_echo", code(f"Run echo \"debug: $GH_PAT $SLACK_USER\"\ndebug: {f} {c}", "text"), [("github_fine_grained_pat", f), ("slack_user_token", c)]))
    # triples
    e, p, s = g_email(), g_phone(), g_ssn()
    out.append(("jupyter_df", code(f"In [7]: df.loc[df.status == 'failed', ['email','phone','ssn']].head(1)\nOut[7]:\n      email                phone            ssn\n812   {e}   {p}   {s}", "text"), [("email_address", e), ("phone_number", p), ("us_ssn", s)]))
    ak, sk, ip = g_aws_id(), g_aws_secret(), g_ip()
    out.append(("cloudtrail", code(json.dumps({"eventName": "ConsoleLogin", "sourceIPAddress": ip, "userIdentity": {"accessKeyId": ak}, "debug_env": {"AWS_SECRET_ACCESS_KEY": sk}}, indent=2), "json"),
                [("ipv4_address", ip), ("aws_access_key_id", ak), ("aws_secret_access_key", sk)]))
    return out


GEN = {"aws_access_key_id": g_aws_id, "aws_secret_access_key": g_aws_secret, "github_classic_pat": g_ghp, "github_fine_grained_pat": g_ghfg,
       "slack_bot_token": g_xoxb, "slack_user_token": g_xoxp, "openai_api_key": g_openai, "anthropic_api_key": g_anthropic, "jwt": g_jwt,
       "password": g_password, "url_credentials": g_password, "email_address": g_email, "phone_number": g_phone, "credit_card": g_card,
       "iban": g_iban, "us_ssn": g_ssn, "ipv4_address": g_ip}
SINGLE_COUNTS = {"aws_access_key_id": 7, "aws_secret_access_key": 3, "github_classic_pat": 8, "github_fine_grained_pat": 5, "slack_bot_token": 8,
                 "slack_user_token": 4, "openai_api_key": 8, "anthropic_api_key": 8, "jwt": 9, "private_key_pem": 7, "password": 8,
                 "url_credentials": 8, "email_address": 10, "phone_number": 10, "credit_card": 9, "iban": 9, "us_ssn": 6, "ipv4_address": 7}


# ================================================================ scanner

SCAN = [
    ("email", re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")),
    ("github_token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}")),
    ("slack_token", re.compile(r"\bxox[abposre]-\d+-[A-Za-z0-9-]+")),
    ("sk_key", re.compile(r"\bsk-[A-Za-z0-9_-]{32,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")),
    ("ssn_shape", re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")),
    ("aws_key_id", re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")),
    ("pem_private", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/=\s\\n]{40,}")),
    ("phone_shape", re.compile(r"\+\d{1,3}[ -]\(?\d{2,4}\)?[ -]\d{3,4}[ -]?\d{2,4}\b")),
]
RUN_RE = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
GROUP_RE = re.compile(r"(?<![\d])(?:\d{4}[ -]){2,4}\d{1,4}(?![\d])|(?<!\d)\d{4}[ -]\d{6}[ -]\d{5}(?!\d)")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")
DOC_NETS = [ipaddress.ip_network(n) for n in ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "100.64.0.0/10"]]


def scan(text):
    hits = []
    for name, rx in SCAN:
        for m in rx.finditer(text):
            v = m.group(0)
            if name == "aws_key_id" and "EXAMPLE" in v:
                continue
            hits.append((name, v))
    for m in RUN_RE.finditer(text):
        if luhn_ok(m.group(0)):
            hits.append(("luhn_run", m.group(0)))
    for m in GROUP_RE.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn_grouped", m.group(0)))
    for m in IBAN_RE.finditer(text):
        v = m.group(0).replace(" ", "")
        if 15 <= len(v) <= 34:
            try:
                if iban_valid(v):
                    hits.append(("iban", m.group(0)))
            except ValueError:
                pass
    for m in IP_RE.finditer(text):
        if all(int(x) <= 255 for x in m.groups()):
            ip = ipaddress.IPv4Address(m.group(0))
            if ip.is_global and not any(ip in n for n in DOC_NETS):
                hits.append(("public_ipv4", m.group(0)))
    return hits


# ================================================================ build

CATS = [("data_uri_base64", NEG_DU), ("placeholder_example", NEG_PH), ("code_identifier", NEG_CI),
        ("non_credential_blob", NEG_NB), ("pii_lookalike_number", NEG_PL), ("talk_about_secrets", NEG_TA)]


def build_negatives():
    recs, seen, rejected = [], set(), {}
    per_tpl = {}
    for cat, tpls in CATS:
        got, i, tries = 0, 0, 0
        order = list(tpls)
        while got < 100:
            tries += 1
            if tries > 20000:
                raise SystemExit(f"cannot fill {cat}")
            f = order[i % len(order)]
            i += 1
            t = f()
            if t in seen:
                continue
            h = scan(t)
            if h:
                for n, _ in h:
                    rejected[n] = rejected.get(n, 0) + 1
                continue
            seen.add(t)
            recs.append({"text": t, "category": cat})
            per_tpl[(cat, f.__name__)] = per_tpl.get((cat, f.__name__), 0) + 1
            got += 1
    R.shuffle(recs)
    out = []
    for n, r in enumerate(recs, 1):
        out.append({"id": f"{IDP}n-{n:04d}", "text": r["text"], "category": r["category"]})
    return out, rejected, per_tpl


def jwt_ok(v):
    h, p, _ = v.split(".")
    json.loads(base64.urlsafe_b64decode(h + "=" * (-len(h) % 4)))
    json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
    return True


def validate(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert luhn_ok(d) and len(d) in (15, 16), v
    elif kind == "iban":
        assert iban_valid(v), v
    elif kind == "us_ssn":
        a, g, s = re.split(r"[- ]", v)
        assert a not in ("000", "666") and int(a) < 900 and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        assert ipaddress.IPv4Address(v).is_global, v
    elif kind == "jwt":
        assert jwt_ok(v)
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    elif kind == "github_classic_pat":
        assert v[-6:] == b62enc(zlib.crc32(v[4:-6].encode()) & 0xffffffff, 6)


def build_positives():
    recs = []
    for kind, n in SINGLE_COUNTS.items():
        for j in range(n):
            if kind == "private_key_pem":
                label, lines = g_pem()
                style = j % 3
                body_txt, val, intro = pem_text(label, lines, style)
                text = intro + body_txt
                ctx = f"private_key_pem:{label.replace(' ', '_').lower()}:layout{style}"
            else:
                ti = j % len(T[kind])
                v = GEN[kind]()
                text = T[kind][ti](v)
                val = v
                ctx = f"{kind}:t{ti}"
            text = frame(text, p_lead=0.25, p_trail=0.08)
            if R.random() < 0.25:
                text = text + "\n" + noise()
            recs.append({"text": text, "secrets": [{"kind": kind, "value": val}], "context": ctx})
    for k, (name, text, secs) in enumerate(multi_templates()):
        text = frame(text, p_lead=0.3, p_trail=0.1)
        recs.append({"text": text, "secrets": [{"kind": a, "value": b} for a, b in secs], "context": f"multi:{name}:{len(secs)}"})
    for r in recs:
        for s in r["secrets"]:
            assert s["value"] in r["text"], (r["context"], s["value"])
            validate(s["kind"], s["value"])
    R.shuffle(recs)
    return [{"id": f"{IDP}p-{n:04d}", **r} for n, r in enumerate(recs, 1)]


def main():
    neg, rejected, per_tpl = build_negatives()
    pos = build_positives()
    files = {}
    for name, recs in (("negatives", neg), ("positives", pos)):
        p = os.path.join(HERE, f"{PFX}_{name}.jsonl")
        data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs).encode()
        with open(p, "wb") as fh:
            fh.write(data)
        files[name] = (p, hashlib.sha256(data).hexdigest())
    # report
    print(f"seed {SEED}")
    for name, (p, h) in files.items():
        print(f"{os.path.basename(p)}  sha256={h}")
    cats = {}
    for r in neg:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    print("negatives:", len(neg), cats)
    print("negative templates used:", len(per_tpl))
    print("scanner redraws on negatives:", rejected)
    final_hits = [(r["id"], h) for r in neg for h in scan(r["text"])]
    print("scanner hits on final negatives:", len(final_hits))
    kinds = {}
    for r in pos:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    print("positives:", len(pos), "secrets:", sum(kinds.values()))
    for k, v in sorted(kinds.items()):
        print(f"  {k}: {v}")
    missed = []
    for r in pos:
        found = {v for _, v in scan(r["text"])}
        for s in r["secrets"]:
            if not any(s["value"] in f or f in s["value"] for f in found):
                missed.append((r["id"], s["kind"]))
    print(f"built-in scanner misses {len(missed)} labelled positives (scanner gap, not label gap):",
          sorted({k for _, k in missed}))
    lines = [t["text"].count("\n") + 1 for t in neg]
    print(f"negative lines: min {min(lines)} max {max(lines)}, single-line {sum(1 for x in lines if x == 1)}, >=10 lines {sum(1 for x in lines if x >= 10)}, >=20 {sum(1 for x in lines if x >= 20)}")


if __name__ == "__main__":
    main()
