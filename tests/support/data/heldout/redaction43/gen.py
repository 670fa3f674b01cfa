#!/usr/bin/env python3
"""Blind redaction corpus #43: e-commerce / payments ops team serving Japan, Korea and Taiwan.

Standard library only. random.Random(43*101) is the only randomness, drawn in a fixed order.
`python3 gen.py` writes redaction43_negatives.jsonl and redaction43_positives.jsonl next to itself.
"""
import base64, hashlib, ipaddress, json, os, re, struct, unicodedata, zlib, random

N = 43
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64 = B62 + "+/"
HEX = "0123456789abcdef"

def pick(xs): return R.choice(xs)
def rs(alpha, n): return "".join(R.choice(alpha) for _ in range(n))
def hexs(n): return rs(HEX, n)
def b62(n): return rs(B62, n)
def dig(n, lead=True):
    s = rs("0123456789", n)
    if lead and s[0] == "0": s = str(R.randint(1, 9)) + s[1:]
    return s

def luhn_ok(s):
    d = [int(c) for c in s]
    tot = 0
    for i, x in enumerate(reversed(d)):
        if i % 2 == 1:
            x *= 2
            if x > 9: x -= 9
        tot += x
    return tot % 10 == 0

def luhn_complete(prefix, length):
    body = prefix + dig(length - len(prefix) - 1, lead=False)
    for c in "0123456789":
        if luhn_ok(body + c): return body + c

def nonluhn(n, lead=True):
    """n digits; if 13..19 long, guaranteed NOT Luhn-valid."""
    while True:
        s = dig(n, lead)
        if not (13 <= n <= 19) or not luhn_ok(s): return s

def iban_ok(s):
    s = s.replace(" ", "")
    t = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in t)
    return int(num) % 97 == 1

def iban_make(cc, bban):
    t = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in t)
    ck = 98 - int(num) % 97
    return "%s%02d%s" % (cc, ck, bban)

def b64e(b): return base64.b64encode(b).decode()
def b64u(b): return base64.urlsafe_b64encode(b).decode().rstrip("=")

def ts_iso(y=None):
    y = y or pick([2025, 2026])
    return "%d-%02d-%02dT%02d:%02d:%02d.%03d+09:00" % (y, R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))
def date_s():
    return "%d-%02d-%02d" % (pick([2025, 2026]), R.randint(1, 12), R.randint(1, 28))
def hm(): return "%02d:%02d" % (R.randint(0, 23), R.randint(0, 59))
def epoch(): return R.randint(1735657200, 1798729200)
def uuid4():
    h = hexs(32); h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])
def ulid(): return "01J" + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23)

# ---- national id check digits (used for NEGATIVE test values only)
def mynumber_check(base11):
    s = 0
    for n in range(1, 12):
        p = int(base11[11 - n]); q = n + 1 if n <= 6 else n - 5
        s += p * q
    r = s % 11
    return 0 if r <= 1 else 11 - r

def corp_check(base12):
    s = 0
    for n in range(1, 13):
        p = int(base12[12 - n]); q = 1 if n % 2 == 1 else 2
        s += p * q
    return 9 - s % 9

def rrn_check(d12):
    w = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]
    return (11 - sum(int(a) * b for a, b in zip(d12, w)) % 11) % 10

TW_LETTER = dict(A=10, B=11, C=12, D=13, E=14, F=15, G=16, H=17, I=34, J=18, K=19, L=20, M=21, N=22, O=35, P=23, Q=24, R=25, S=26, T=27, U=28, V=29, W=32, X=30, Y=31, Z=33)
def twid_ok(s):
    n = TW_LETTER[s[0]]; d = [n // 10, n % 10] + [int(c) for c in s[1:]]
    w = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1]
    return sum(a * b for a, b in zip(d, w)) % 10 == 0

def ubn_ok(s):  # Taiwan 統一編號 (2023 rule: divisible by 5)
    w = [1, 2, 1, 2, 1, 2, 4, 1]; tot = 0
    for a, b in zip(s, w):
        p = int(a) * b; tot += p // 10 + p % 10
    return tot % 5 == 0 or (s[6] == "7" and (tot + 1) % 5 == 0)

def ean13(base12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(base12))
    return base12 + str((10 - s % 10) % 10)

# ---------------------------------------------------------------- scanner
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,}")
RE_SLACK = re.compile(r"xox[abposr]-\d+-[A-Za-z0-9-]+")
RE_SK = re.compile(r"sk-(?:ant-|proj-|svcacct-)?[A-Za-z0-9_-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_DIGRUN = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
RE_GROUPED = re.compile(r"(?<![\d])\d{4}([ -])\d{4,6}\1\d{4,5}(?:\1\d{1,4})?(?!\d)")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
RE_PEM = re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----\s*(?:\\n)?([A-Za-z0-9+/=\s\\n]{40,})-----END")
RE_AWS = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.]|\.\d)")
RE_PHONE = re.compile(r"(?<![\d+])(?:\+81|\+82|\+886|0)[- (]?\d{1,4}[- )]{1,2}\d{2,4}[- ]\d{3,4}(?!\d)|(?<!\d)(?:0[789]0|01[016789])\d{8}(?!\d)|(?<!\d)09\d{8}(?!\d)")
IBAN_REGISTRY_EXAMPLES = {"DE89370400440532013000", "GB29NWBK60161331926819"}

def ip_public(a):
    ip = ipaddress.ip_address(a)
    return ip.is_global and not ip.is_multicast

def scan(text):
    t = unicodedata.normalize("NFKC", text)
    hits = []
    hits += [("email", m) for m in RE_EMAIL.findall(t)]
    hits += [("github", m) for m in RE_GH.findall(t)]
    hits += [("slack", m) for m in RE_SLACK.findall(t)]
    hits += [("sk_key", m) for m in RE_SK.findall(t)]
    hits += [("jwt", m) for m in RE_JWT.findall(t)]
    hits += [("ssn", m) for m in RE_SSN.findall(t)]
    for m in RE_DIGRUN.findall(t):
        if luhn_ok(m): hits.append(("luhn", m))
    for m in RE_GROUPED.finditer(t):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d): hits.append(("luhn_grouped", m.group(0)))
    for m in RE_IBAN.finditer(t):
        s = m.group(0).replace(" ", "")
        if len(s) >= 15 and s not in IBAN_REGISTRY_EXAMPLES:
            try:
                if iban_ok(s): hits.append(("iban", s))
            except ValueError: pass
    for m in RE_PEM.finditer(t):
        body = re.sub(r"\\n|\s", "", m.group(2))
        if "..." not in m.group(2) and len(body) >= 40:
            hits.append(("pem", m.group(1) + "PRIVATE KEY"))
    for m in RE_AWS.findall(t):
        if "EXAMPLE" not in m: hits.append(("aws_key_id", m))
    for m in RE_IP.finditer(t):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts) and all(not (len(x) > 1 and x[0] == "0") for x in m.groups()):
            if ip_public(m.group(0)): hits.append(("public_ipv4", m.group(0)))
    for m in RE_PHONE.finditer(t):
        d = re.sub(r"\D", "", m.group(0))
        tail = d[-8:]
        if set(tail) <= {"0"}: continue  # all-zero subscriber part: a mask, not a number
        hits.append(("phone", m.group(0)))
    return hits

# ---------------------------------------------------------------- themed vocab
CO = "星空コマース"
BANKS = [("0001", "みずほ銀行", "ﾐｽﾞﾎ"), ("0005", "三菱UFJ銀行", "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ"), ("0009", "三井住友銀行", "ﾐﾂｲｽﾐﾄﾓ"),
         ("0010", "りそな銀行", "ﾘｿﾅ"), ("0036", "楽天銀行", "ﾗｸﾃﾝ"), ("0038", "住信SBIネット銀行", "ｽﾐｼﾝｴｽﾋﾞ-ｱｲﾈﾂﾄ"),
         ("9900", "ゆうちょ銀行", "ﾕｳﾁﾖ"), ("0033", "PayPay銀行", "ﾍﾟｲﾍﾟｲ")]
BRANCHES = [("001", "本店", "ﾎﾝﾃﾝ"), ("101", "東京営業部", "ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ"), ("213", "渋谷支店", "ｼﾌﾞﾔ"), ("251", "新宿支店", "ｼﾝｼﾞﾕｸ"),
            ("402", "梅田支店", "ｳﾒﾀﾞ"), ("706", "第一営業支店", "ﾀﾞｲｲﾁｴｲｷﾞﾖｳ"), ("120", "丸の内支店", "ﾏﾙﾉｳﾁ")]
KONBINI = ["セブン-イレブン", "ファミリーマート", "ローソン", "ミニストップ", "デイリーヤマザキ", "セイコーマート"]
KONBINI_EN = ["seven_eleven", "familymart", "lawson", "ministop", "daily_yamazaki", "seicomart"]
CARRIERS = ["ヤマト運輸", "佐川急便", "日本郵便", "CJ대한통운", "한진택배", "黑貓宅急便", "新竹物流"]
PREFS = ["東京都", "大阪府", "神奈川県", "福岡県", "北海道", "愛知県"]
SERVICES = ["order-api", "konbini-gw", "furikomi-recon", "line-webhook", "kakao-bizmsg", "points-ledger", "shipment-sync", "tw-einvoice", "invoice-issuer"]
LEADS = ["メモ: ", "fyi ", "참고로 ", "補充一下：", "共有です ", "FYI: ", "확인 부탁드려요\n", "念のため共有\n", "cc 本番チーム\n"]
TAILS = ["\n以上です。", "\n확인했습니다 👍", "\n感謝！", "\n(thread で続けます)", "\nthx", "\nよろしくお願いします🙏"]

def order_id(): return "HZ" + pick(["JP", "KR", "TW"]) + "-" + dig(8)

# ================================================================ NEGATIVES
NEG = {}
def neg(cat):
    def deco(f):
        NEG.setdefault(cat, []).append(f); return f
    return deco

# ---------------------------------------------------------------- binary builders (real bytes)
def _chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
def png(w=None, h=None, alpha=None):
    w = w or R.randint(1, 12); h = h or R.randint(1, 12)
    alpha = R.random() < 0.4 if alpha is None else alpha
    px = bytes([R.randint(0, 255) for _ in range(4 if alpha else 3)])
    raw = b"".join(b"\x00" + px * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))
def gif():
    c = bytes([R.randint(0, 255) for _ in range(3)])
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\xff\xff\xff" + b"!\xf9\x04\x01\x00\x00\x00\x00"
            + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
def bmp():
    w, h = R.randint(1, 4), R.randint(1, 4)
    row = bytes([R.randint(0, 255) for _ in range(3)]) * w; row += b"\x00" * ((4 - len(row) % 4) % 4)
    pix = row * h
    return b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54) + struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0) + pix
def wav():
    n = R.randint(8, 40)
    data = bytes([128 + R.randint(-3, 3) for _ in range(n)])
    return b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8) + b"data" + struct.pack("<I", n) + data
def ico():
    p = png(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p
def pdf():
    body = "BT /F1 %d Tf 72 720 Td (Ryoshusho %s) Tj ET" % (R.randint(9, 14), dig(6))
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
            "<< /Length %d >>\nstream\n%s\nendstream" % (len(body), body)]
    out = "%PDF-1.4\n"; offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out)); out += "%d 0 obj\n%s\nendobj\n" % (i, o)
    x = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + "".join("%010d 00000 n \n" % o for o in offs)
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out.encode()
def svg():
    col = "#" + hexs(6); w = R.choice([16, 20, 24, 32])
    shape = pick(['<circle cx="%d" cy="%d" r="%d" fill="%s"/>' % (w // 2, w // 2, w // 3, col),
                  '<rect x="2" y="2" width="%d" height="%d" rx="3" fill="%s"/>' % (w - 4, w - 4, col),
                  '<path d="M2 %d l%d -%d l%d %d z" fill="%s"/>' % (w - 2, w // 2 - 2, w - 4, w // 2 - 2, w - 4, col)])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">%s</svg>' % (w, w, w, w, shape)
def srcmap(name):
    m = {"version": 3, "file": name + ".js", "sources": ["../src/" + name + ".ts"], "names": [],
         "mappings": ";;" + ";".join(rs("ACEGIKMOQSUWYacegikmoqsuwy", R.randint(4, 8)) for _ in range(R.randint(3, 6)))}
    return json.dumps(m, separators=(",", ":"))

def uri(kind=None):
    kind = kind or pick(["png", "png", "gif", "svg", "bmp", "ico"])
    if kind == "png": return "data:image/png;base64," + b64e(png())
    if kind == "gif": return "data:image/gif;base64," + b64e(gif())
    if kind == "svg": return "data:image/svg+xml;base64," + b64e(svg().encode())
    if kind == "bmp": return "data:image/bmp;base64," + b64e(bmp())
    if kind == "ico": return "data:image/x-icon;base64," + b64e(ico())
    if kind == "wav": return "data:audio/wav;base64," + b64e(wav())
    if kind == "pdf": return "data:application/pdf;base64," + b64e(pdf())

def trunc(u):
    k = R.randint(40, 70)
    return u[:k] + pick(["…", "...", "…[%d more chars]" % (len(u) - k), "...(truncated)"])

D = "data_uri_base64"
@neg(D)
def d_css():
    cls = pick(["konbini-badge", "furikomi-icon", "kakao-btn", "line-login", "points-chip", "tw-cvs-logo"])
    return "```scss\n.%s {\n  width: %dpx;\n  height: %dpx;\n  background: url(\"%s\") no-repeat center / contain;\n}\n```" % (cls, R.randint(12, 32), R.randint(12, 32), uri())
@neg(D)
def d_receipt_html():
    return ("領収書メールのテンプレ、ロゴをインラインにしたら Gmail で表示されない件\n```html\n<td class=\"logo\">\n  <img alt=\"%s\" width=\"120\" src=\"%s\">\n</td>\n<td>ご注文番号: {{ order.number }}</td>\n```" % (CO, uri("png")))
@neg(D)
def d_line_flex():
    return ("LINE Flex Message に data URI 入れたら 400 返ってきた。https の URL じゃないとダメっぽい\n```json\n{\n  \"type\": \"bubble\",\n  \"hero\": {\n    \"type\": \"image\",\n    \"url\": \"%s\",\n    \"size\": \"full\"\n  }\n}\n```\n→ `{\"message\":\"A message (messages[0]) in the request body is invalid\",\"details\":[{\"message\":\"must be a valid HTTPS URL\",\"property\":\"/hero/url\"}]}`" % uri("png"))
@neg(D)
def d_kakao():
    return ("알림톡 템플릿 미리보기에서 아이콘이 깨져요. 인라인 SVG로 바꿔봤습니다:\n`<img class=\"kakao-ico\" src=\"%s\" />`" % uri("svg"))
@neg(D)
def d_jupyter():
    return ("```json\n{\n  \"output_type\": \"display_data\",\n  \"data\": {\n    \"image/png\": \"%s\",\n    \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]\n  },\n  \"metadata\": {}\n}\n```\n↑ konbini 入金リードタイムの notebook、出力セルが巨大なので clear してから commit して" % b64e(png(R.randint(8, 16), R.randint(4, 10))))
@neg(D)
def d_pytest():
    return ("```python\n# tests/fixtures/barcode.py\nBLANK_BARCODE_PNG = base64.b64decode(\n    \"%s\"\n)\n\ndef test_konbini_slip_renders_barcode(slip_renderer):\n    out = slip_renderer.render(payment_number=\"TEST-ONLY\", barcode=BLANK_BARCODE_PNG)\n    assert out.startswith(b\"%%PDF\")\n```" % b64e(png()))
@neg(D)
def d_go():
    return "```go\n// 1x1 tracking-free spacer for the KakaoTalk receipt template\nconst spacerGIF = \"%s\"\n```" % uri("gif")
@neg(D)
def d_csp():
    return ("%s [%s] CSP violation: Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.hoshizora.example\"." % (ts_iso(), pick(["checkout-web", "mypage-web", "tw-storefront"]), trunc(uri())))
@neg(D)
def d_har():
    u = uri(pick(["png", "gif"]))
    return '{"request":{"method":"GET","url":"%s","httpVersion":"HTTP/1.1"},"response":{"status":200,"content":{"size":%d,"mimeType":"%s"}},"time":0.%03d}' % (u, R.randint(40, 300), u[5:u.index(";")], R.randint(1, 999))
@neg(D)
def d_markdown():
    return "今日の入金アラート用アイコン、これでどう？ ![icon](%s)" % uri(pick(["png", "svg"]))
@neg(D)
def d_shell():
    u = uri(pick(["png", "gif", "bmp"]))
    b = u.split(",", 1)[1]
    ft = {"png": "PNG image data", "gif": "GIF image data, version 89a, 1 x 1", "bmp": "PC bitmap, Windows 3.x format"}
    k = "png" if "png" in u[:20] else ("gif" if "gif" in u[:20] else "bmp")
    return "```\n$ echo '%s' | base64 -d | file -\n/dev/stdin: %s\n```" % (b, ft[k])
@neg(D)
def d_srcmap():
    n = pick(["konbini-checkout", "furikomi-form", "points-widget", "kakao-share", "line-liff-entry"])
    return "```js\n!function(){\"use strict\";var e=document.querySelector(\"#pay\");e&&e.addEventListener(\"click\",function(){window.__hz.track(\"%s\")})}();\n//# sourceMappingURL=data:application/json;base64,%s\n```" % (n, b64e(srcmap(n).encode()))
@neg(D)
def d_svg_utf8():
    s = svg()
    if R.random() < 0.5:
        return "`background-image: url('data:image/svg+xml;utf8,%s');`  ← 色だけ変えたいなら utf8 版のほうが楽" % s.replace('"', "'")
    enc = s.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return "percent-encode 版はこれ: `url(\"data:image/svg+xml,%s\")`" % enc
@neg(D)
def d_favicon():
    return '<link rel="icon" type="image/x-icon" href="%s">' % uri("ico")
@neg(D)
def d_wav():
    return ("```ts\n// POS 端末で決済完了時に鳴らす短いビープ\nexport const PAID_BEEP = \"%s\";\nnew Audio(PAID_BEEP).play();\n```" % uri("wav"))
@neg(D)
def d_pdf():
    return ("領收據預覽用 iframe 先用 data URI 測，正式版再改成 signed URL：\n```html\n<iframe title=\"receipt\" src=\"%s\"></iframe>\n```" % uri("pdf"))
@neg(D)
def d_bmp_log():
    return "%s DEBUG %s render_barcode slip=TEST fmt=bmp preview=%s" % (ts_iso(), pick(SERVICES), trunc(uri("bmp")))
@neg(D)
def d_csv_dl():
    rows = "bank_code,branch_code,account_type,amount,status\r\n" + "".join("%s,%s,1,%d,PENDING\r\n" % (pick(BANKS)[0], pick(BRANCHES)[0], R.randint(1000, 900000)) for _ in range(R.randint(2, 4)))
    return "```html\n<a download=\"furikomi_summary_%s.csv\" href=\"data:text/csv;base64,%s\">CSV ダウンロード</a>\n```\n(口座番号は入れてない集計版)" % (date_s().replace("-", ""), b64e(rows.encode()))
@neg(D)
def d_yaml_cfg():
    return ("```yaml\n# feature-flags/ui.yaml\npayment_methods:\n  - id: konbini\n    label_ja: コンビニ払い\n    icon: \"%s\"\n  - id: furikomi\n    label_ja: 銀行振込\n    icon: \"%s\"\n```" % (uri("svg"), uri("png")))
@neg(D)
def d_swift():
    return ("```swift\n// Placeholder thumbnail while the product image loads\nlet placeholder = UIImage(data: Data(base64Encoded: \"%s\")!)\n```" % b64e(png()))
@neg(D)
def d_mime():
    b = b64e(png(R.randint(10, 20), R.randint(10, 20)))
    lines = "\n".join(b[i:i + 76] for i in range(0, len(b), 76))
    return ("```\n--=_hz_%s\nContent-Type: image/png; name=\"logo.png\"\nContent-Transfer-Encoding: base64\nContent-ID: <logo@cid>\n\n%s\n--=_hz_%s--\n```" % (hexs(12), lines, hexs(12)))
@neg(D)
def d_next():
    return "```tsx\n<Image src={product.thumbnailUrl} alt=\"\" width={320} height={320}\n  placeholder=\"blur\" blurDataURL=\"%s\" />\n```" % uri("png")
@neg(D)
def d_canvas():
    return ("配達完了サインのキャンバス、何も書いてない状態で送信すると toDataURL() がこれを返す → 空判定に使える\n`%s`" % uri("png"))
@neg(D)
def d_zh():
    return "TW 站的超商取貨 icon 我先用這個 base64 頂著：%s 等設計給正式檔再換" % uri(pick(["png", "gif", "svg"]))
@neg(D)
def d_ko():
    return "포인트 적립 배지 이미지가 CDN 장애 때 안 떠서 인라인으로 넣었어요\n```css\n.point-badge::before { content: url(%s); }\n```" % uri(pick(["png", "svg"]))

P = "placeholder_example"
@neg(P)
def p_env_example():
    return ("```\n# .env.example — 値は 1Password の「%s」Vault から\nLINE_CHANNEL_ID=\nLINE_CHANNEL_SECRET=<your-channel-secret>\nLINE_CHANNEL_ACCESS_TOKEN=<long-lived-token>\nKAKAO_REST_API_KEY=your_kakao_rest_api_key\nKAKAO_ADMIN_KEY=${KAKAO_ADMIN_KEY}\nKONBINI_GW_API_KEY=changeme\nDATABASE_URL=postgres://<user>:<password>@<host>:5432/%s\n```" % (pick(["payments-prod", "ops-shared", "line-integrations"]), pick(["orders", "ledger", "points"])))
@neg(P)
def p_openai_readme():
    return "README の手順: `export OPENAI_API_KEY=\"sk-...\"` してから `python scripts/classify_inquiries.py --lang %s` を実行。キーは自分のを使ってね" % pick(["ja", "ko", "zh-TW"])
@neg(P)
def p_aws_docs():
    return ("```\n$ aws configure --profile hz-sandbox\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\nAWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: %s\nDefault output format [None]: json\n```\nドキュメントのサンプル値のまま貼ってます（本物はSSO）" % pick(["ap-northeast-1", "ap-northeast-2", "ap-northeast-3"]))
@neg(P)
def p_helm():
    return ("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: konbini-gw\ntype: Opaque\n  # %s\nstringData:\n  apiKey: {{ .Values.konbini.apiKey | quote }}\n  merchantId: {{ .Values.konbini.merchantId | quote }}\n  hashKey: \"{{ required \\\"konbini.hashKey is required\\\" .Values.konbini.hashKey }}\"\n```" % pick(KONBINI_EN))
@neg(P)
def p_jp_form():
    return ("入力例（画面文言）\n```\nお名前: 山田 太郎\nフリガナ: ヤマダ タロウ\n電話番号: 090-0000-0000（ハイフンなしでも可）\nマイナンバー: ●●●● ●●●● ●●●●\n郵便番号: 〒%s-%s\n```" % (dig(3), dig(4, False)))
@neg(P)
def p_ko_form():
    return "%s 폼 placeholder 문구 확정본입니다 (v%d)\n- 이름: 홍길동\n- 주민등록번호: %s\n- 휴대폰: %s\n- 이메일: (선택)\n- 우편번호: %s" % (pick(["가입", "배송지", "반품 신청", "현금영수증"]), R.randint(2, 9), pick(["******-*******", "YYMMDD-*******", "앞 6자리-●●●●●●●"]), pick(["010-0000-0000", "010-****-****", "010-XXXX-XXXX"]), pick(["00000", "#####", "5자리 숫자"]))
@neg(P)
def p_tw_form():
    return "%s表單範例：\n姓名：%s\n身分證字號：%s\n手機：%s\n統一編號（公司戶才填）：________" % (pick(["會員註冊", "退貨申請", "電子發票載具", "超商取貨"]), pick(["王小明", "王大明", "陳小美"]), pick(["A1********", "X123******", "A＿＿＿＿＿＿＿＿＿"]), pick(["09XX-XXX-XXX", "0900-000-000", "09**-***-***"]))
@neg(P)
def p_masked_card():
    brand = pick([("VISA", "4242"), ("JCB", "0000"), ("Mastercard", "4444"), ("AMEX", "0005")])
    return "%s INFO %s charge ok order=%s brand=%s card=**** **** **** %s amount=¥%s 3ds=frictionless" % (ts_iso(), pick(["order-api", "checkout"]), order_id(), brand[0], brand[1], format(R.randint(500, 80000), ","))
@neg(P)
def p_filtered_log():
    return ('Started POST "/api/v1/members/sign_in" for 127.0.0.1 at %s\nProcessing by Members::SessionsController#create as JSON\n  Parameters: {"member"=>{"login_id"=>"[FILTERED]", "password"=>"[FILTERED]"}, "line_id_token"=>"[FILTERED]"}\nCompleted 401 Unauthorized in %dms' % (date_s() + " " + hm() + ":00 +0900", R.randint(8, 90)))
@neg(P)
def p_dsn_template():
    return "接続文字列のフォーマットはこれ: `mysql://<username>:<password>@<cluster-endpoint>:3306/%s?charset=utf8mb4` 。`<password>` は Secrets Manager の `%s` を参照" % (pick(["shop_jp", "shop_kr", "shop_tw"]), pick(["/hz/prod/rds/app", "/hz/stg/rds/app"]))
@neg(P)
def p_compose():
    return "```yaml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: postgres\n  cache:\n    image: redis:7\n    command: [\"redis-server\", \"--requirepass\", \"%s\"]\n  mq:\n    image: rabbitmq:3-management\n    # guest/guest はローカルのみ\n```" % pick(["changeme", "redis", "password", "local-only"])
@neg(P)
def p_slack_webhook():
    return "通知先の設定例（ダミー）: `SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` — 本番は `#pay-alerts-%s` 用のを Vault から" % pick(["jp", "kr", "tw"])
@neg(P)
def p_op_refs():
    return ("```\nZENGIN_SFTP_USER=op://payments/zengin-sftp/username\nZENGIN_SFTP_PASSWORD=op://payments/zengin-sftp/password\nZENGIN_PGP_PASSPHRASE=vault:secret/data/furikomi#pgp_passphrase\nLINE_CHANNEL_SECRET={{resolve:secretsmanager:hz/line/%s:SecretString:channel_secret}}\n```" % pick(["official", "liff", "notify"]))
@neg(P)
def p_furikomi_tmpl():
    return ("振込案内メールのテンプレ（差し込み前）\n```\n【お振込先】\n銀行名：{{bank_name}}（金融機関コード {{bank_code}}）\n支店名：{{branch_name}}（支店コード {{branch_code}}）\n口座種別：普通\n口座番号：%s\n口座名義：ホシゾラコマース（カ\n振込期限：{{due_date}}\n```" % pick(["XXXXXXX", "{{account_number}}", "*******", "0000000"]))
@neg(P)
def p_invoice_tmpl():
    return "適格請求書の登録番号欄、テンプレでは `%s` を仮置きしてます。本番 PDF では {{ issuer.registration_number }} に差し替え。T+13桁の形式チェックは入れたけど、ゼロ埋めはチェックデジットで弾かれるはず（%s 版）" % (pick(["T0000000000000", "TXXXXXXXXXXXXX", "T-_____________"]), pick(["JP 請求書", "返品伝票", "納品書", "支払通知書"]))
@neg(P)
def p_pem_dots():
    kind = pick(["RSA ", "EC ", "", "OPENSSH "])
    return "鍵ファイルの形はこう（中身は省略）:\n```\n-----BEGIN %sPRIVATE KEY-----\nMIIEv...（省略）...\n...\n-----END %sPRIVATE KEY-----\n```\n`chmod 600` 忘れずに" % (kind, kind)
@neg(P)
def p_gha():
    return ("```yaml\n- name: Push LINE rich menu\n  env:\n    LINE_CHANNEL_ACCESS_TOKEN: ${{ secrets.LINE_CHANNEL_ACCESS_TOKEN }}\n    KAKAO_ADMIN_KEY: ${{ secrets.KAKAO_ADMIN_KEY }}\n  run: node scripts/richmenu.mjs --env %s\n```" % pick(["stg", "prod"]))
@neg(P)
def p_tf_var():
    return ('```hcl\nvariable "%s" {\n  type      = string\n  sensitive = true\n  default   = ""\n}\n\nvariable "line_channel_secret" {\n  type      = string\n  sensitive = true\n  # set via TF_VAR_line_channel_secret, never commit\n}\n```' % pick(["kakao_admin_key", "konbini_hash_key", "zengin_sftp_password", "tw_einvoice_app_key"]))
@neg(P)
def p_vendor_prefixes():
    return "シークレットスキャナのテストケースに使うダミー: `ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, `github_pat_...`, `xoxb-your-bot-token`, `sk-ant-api03-...`, `sk-proj-XXXX`, `AKIA****************` — どれも本物じゃないので誤検知扱いでOK (%s)" % pick(["gitleaks", "trufflehog", "自前スキャナ", "GitHub push protection"])
@neg(P)
def p_kakao_header():
    return "카카오 %s 호출 헤더 형식: `Authorization: KakaoAK ${REST_API_KEY}` 입니다. `{REST_API_KEY}` 자리에 실제 키는 절대 붙여넣지 마시고 Secrets Manager 에서 주입하세요." % pick(["REST", "로그인", "알림톡", "톡채널", "페이"])
@neg(P)
def p_line_header():
    return "```bash\ncurl -X POST https://api.line.me/v2/bot/message/push \\\n  -H 'Content-Type: application/json' \\\n  -H 'Authorization: Bearer {channel access token}' \\\n  -d '{\"to\": \"Udeadbeefdeadbeefdeadbeefdeadbeef\", \"messages\": [{\"type\": \"text\", \"text\": \"%s\"}]}'\n```\n↑ LINE のドキュメントに出てくるダミー userId のまま" % pick(["テスト送信", "発送のお知らせ（テスト）", "ポイント付与テスト", "test"])
@neg(P)
def p_jwt_trunc():
    return "LIFF から来る ID トークンは `eyJhbGciOiJIUzI1NiJ9.eyJ...` みたいな形なので、ログに出すときは先頭 10 文字 + `…` だけにしてます（例: `eyJhbGciOi…`）。%s" % pick(["", "Kakao の id_token も同じ扱い", "管理画面のセッションも同様", "TW 站也套用"])
@neg(P)
def p_redaction_markers():
    return "%s WARN %s webhook payload (sanitized): {\"customer\":{\"name\":\"<redacted>\",\"phone\":\"***-****-****\",\"my_number\":\"[MASKED]\",\"card\":\"•••• %s\"},\"amount\":%d}" % (ts_iso(), pick(SERVICES), dig(4, False), R.randint(300, 99999))
@neg(P)
def p_ko_rrn_mask():
    return "주민번호 마스킹 규칙: 뒤 7자리 중 첫 자리(성별)만 노출 → `YYMMDD-1******`. 로그에는 아예 `%s` 로 남깁니다." % pick(["######-#######", "[RRN]", "<masked>", "***"])
@neg(P)
def p_points_cfg():
    return "```toml\n[points.partner]\nendpoint = \"https://partner.example.invalid/v1\"\napi_key = \"\"        # 空ならローカルではモック\nhmac_secret = \"%%HMAC_SECRET%%\"\nwebhook_secret = \"whsec_...\"\nexpire_days = %d\n```" % pick([180, 365, 730])
@neg(P)
def p_sql_hash():
    return "移行スクリプトは `UPDATE members SET password_hash = '<bcrypt hash>', password_updated_at = now() WHERE member_id = :id;` みたいにプレースホルダで書いて、実値はバインドで渡す（%s）" % pick(["JP", "KR", "TW", "全リージョン"])
@neg(P)
def p_zh_defaults():
    return "測試環境預設帳密是 admin/admin，記得第一次登入就會被要求改。正式環境用 SSO，不會有共用密碼。API key 欄位請填 `<TW_EINVOICE_APP_KEY>`，不要把真的貼進來。（%s）" % pick(["staging", "uat", "dev", "sandbox"])

C = "code_identifier"
W_A = ["Konbini", "Furikomi", "Zengin", "MyNumber", "Rrn", "TwNationalId", "Invoice", "Points", "Ledger", "Line", "Kakao", "Shipment", "Payment", "Refund", "Settlement", "Member"]
W_B = ["Token", "Secret", "Password", "Credential", "Phone", "Email", "Account", "Number", "Checksum", "Mask", "Hash", "Key", "Signature"]
W_C = ["Validator", "Resolver", "Provider", "Repository", "Service", "Factory", "Handler", "Mapper", "Client", "Job", "Filter", "Serializer"]
def cls(): return pick(W_A) + pick(W_B) + pick(W_C)
def meth(): return pick(["resolve", "validate", "mask", "issue", "rotate", "load", "verify", "decrypt", "reconcile", "settle"]) + pick(W_A) + pick(W_B)
def snake(): return "_".join(x.lower() for x in [pick(W_A), pick(W_B), pick(["id", "hash", "last4", "enc", "masked", "digest", "ref", "version"])])

@neg(C)
def c_java_trace():
    pk = pick(["konbini", "furikomi", "points", "line", "invoice"])
    lines = ["%s ERROR [%s] jp.co.hoshizora.%s.%s - %s" % (ts_iso(), pick(["http-nio-8080-exec-3", "scheduling-1", "kafka-listener-2"]), pk, cls(), pick(["支払番号の発行に失敗しました", "failed to resolve credential", "チェックデジット不一致"])),
             "jp.co.hoshizora.%s.exception.%sException: %s" % (pk, pick(W_A) + pick(W_B), pick(["provider chain exhausted", "checksum mismatch", "token expired"]))]
    for _ in range(R.randint(6, 22)):
        c = cls(); lines.append("\tat jp.co.hoshizora.%s.%s.%s.%s(%s.java:%d)" % (pk, pick(["service", "domain", "infra", "web", "batch"]), c, meth(), c, R.randint(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return "```\n" + "\n".join(lines) + "\n```"
@neg(C)
def c_kotlin():
    return ("```kotlin\nclass %s(\n    private val %s: %s,\n    private val clock: Clock,\n) {\n    fun %s(input: String): Result<Unit> =\n        if (%s.matches(input)) Result.success(Unit) else Result.failure(%sException(\"invalid\"))\n}\n```" % (cls(), "checksumPolicy", pick(W_A) + "ChecksumPolicy", meth(), "checksumPolicy", pick(W_A) + pick(W_B)))
@neg(C)
def c_py_trace():
    fs = ["  File \"/app/hz/%s/%s.py\", line %d, in %s\n    %s = %s(%s)" % (pick(["recon", "furikomi", "zengin"]), snake(), R.randint(10, 400), "_".join([pick(["parse", "match", "load", "split"]), snake()]), snake(), cls(), snake()) for _ in range(R.randint(2, 6))]
    return "```\nTraceback (most recent call last):\n" + "\n".join(fs) + "\nKeyError: '%s'\n```" % snake()
@neg(C)
def c_go_panic():
    g = ["goroutine %d [running]:" % R.randint(1, 400)]
    for _ in range(R.randint(3, 8)):
        p = pick(["konbini", "kakao", "shipment", "points"])
        g.append("github.com/hoshizora-commerce/%s-svc/internal/%s.(*%s).%s(0xc000%s, 0xc000%s)" % (p, p, cls(), meth(), hexs(6), hexs(6)))
        g.append("\t/src/internal/%s/%s.go:%d +0x%s" % (p, snake(), R.randint(10, 500), hexs(3)))
    return "```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]\n\n%s\n```" % (hexs(6), "\n".join(g))
@neg(C)
def c_ts_iface():
    f = [snake() for _ in range(R.randint(4, 9))]
    def camel(s): p = s.split("_"); return p[0] + "".join(x.title() for x in p[1:])
    return "```ts\nexport interface %sDto {\n%s\n}\n```" % (pick(W_A) + pick(W_B), "\n".join("  %s%s: %s;" % (camel(x), pick(["", "?"]), pick(["string", "number", "string | null", "Date"])) for x in f))
@neg(C)
def c_sql_ddl():
    return ("```sql\nCREATE TABLE furikomi_transfers (\n  transfer_id        BIGINT PRIMARY KEY,\n  zengin_bank_code   CHAR(4)  NOT NULL,\n  zengin_branch_code CHAR(3)  NOT NULL,\n  account_type       SMALLINT NOT NULL, -- 1:普通 2:当座 4:貯蓄\n  account_number_enc BYTEA    NOT NULL,\n  account_number_last4 CHAR(4),\n  payer_kana_hash    CHAR(64),\n  %s VARCHAR(64),\n  created_at         TIMESTAMPTZ DEFAULT now()\n);\nCREATE INDEX idx_furikomi_%s ON furikomi_transfers (payer_kana_hash);\n```" % (snake(), snake()))
@neg(C)
def c_proto():
    return ("```protobuf\nsyntax = \"proto3\";\npackage hoshizora.payments.v%d;\n\nservice %sService {\n  rpc Issue%s(Issue%sRequest) returns (Issue%sResponse);\n  rpc Rotate%s(Rotate%sRequest) returns (google.protobuf.Empty);\n}\n\nmessage Issue%sRequest {\n  string order_id = 1;\n  string konbini_chain = 2;\n  bytes  my_number_ciphertext = 3 [deprecated = true];\n}\n```" % ((R.randint(1, 3),) + tuple([pick(W_A)] * 1) + tuple([pick(W_A) + "Number"] * 3) + tuple([pick(W_A) + "Secret"] * 2) + (pick(W_A) + "Number",)))
@neg(C)
def c_graphql():
    return "```graphql\ntype %s {\n  id: ID!\n  maskedPhoneNumber: String\n  emailVerified: Boolean!\n  pointBalance: Int!\n  kakaoLinked: Boolean!\n  lineUserIdHash: String\n}\n\nmutation %s($input: %sInput!) {\n  %s(input: $input) { ok errors { field message } }\n}\n```" % (pick(W_A) + "Member", meth(), pick(W_A) + pick(W_B), meth())
@neg(C)
def c_flags():
    ks = ["checkout.konbini.%s.enable_payment_number_v2" % pick(KONBINI_EN), "payments.furikomi.virtual_account.%s" % pick(["enabled", "rollout_pct", "kill_switch"]),
          "kr.kakao.alimtalk.fallback_to_sms", "tw.einvoice.carrier_barcode.validate_strict", "points.ledger.double_entry_assertions",
          "jp.invoice.qualified_invoice_registration_check", "line.liff.id_token_verify_cache_ttl", "auth.password_reset.token_ttl_minutes"]
    R.shuffle(ks)
    return "今日のリリースで触るフラグ:\n" + "\n".join("- `%s` → %s" % (k, pick(["true", "false", "25%", "100%", "off"])) for k in ks[:R.randint(3, 6)])
@neg(C)
def c_kubectl():
    names = ["line-webhook-receiver", "konbini-gw", "furikomi-recon-worker", "points-ledger-api", "kakao-bizmsg-sender", "tw-einvoice-uploader", "secret-rotator"]
    out = ["NAME                                       READY   STATUS    RESTARTS   AGE"]
    for n in R.sample(names, R.randint(3, 6)):
        out.append("%-42s %-7s %-9s %-10d %dd" % ("%s-%s-%s" % (n, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)), "1/1", pick(["Running", "Running", "CrashLoopBackOff"]), R.randint(0, 12), R.randint(1, 40)))
    return "```\n$ kubectl -n payments get pods\n" + "\n".join(out) + "\n```"
@neg(C)
def c_tf_addr():
    return "```\n$ terraform state list | grep -i secret\naws_secretsmanager_secret.line_channel_secret\naws_secretsmanager_secret.kakao_admin_key\naws_secretsmanager_secret_rotation.zengin_sftp_password\nmodule.konbini_gw.aws_secretsmanager_secret_version.api_key[\"%s\"]\nmodule.iam.aws_iam_access_key.ci_deployer\n```" % pick(KONBINI_EN)
@neg(C)
def c_css_modules():
    return "DOM 見たらこうなってた: `<span class=\"KonbiniSlip_paymentNumber__%s KonbiniSlip_mono__%s\">` と `<div class=\"css-%s e%s0\">`。CSS Modules のハッシュなので selector に使わないで" % (b62(5), b62(5), rs("abcdefghijklmnopqrstuvwxyz0123456789", 7), rs("abcdefghijklmnopqrstuvwxyz0123456789", 6))
@neg(C)
def c_chunks():
    pages = ["checkout/konbini", "checkout/furikomi", "mypage/points", "kr/checkout/kakaopay", "tw/checkout/cvs"]
    return "```\nRoute (pages)                              Size     First Load JS\n" + "\n".join("├ ○ /%-36s %4.1f kB  %d kB\n│   └ static/chunks/pages/%s-%s.js" % (p, R.uniform(1, 30), R.randint(90, 200), p, hexs(16)) for p in R.sample(pages, 3)) + "\n```"
@neg(C)
def c_ruby():
    return "```ruby\nmodule Hoshizora\n  module Points\n    class %s < ApplicationJob\n      queue_as :%s\n\n      def perform(member_id, ledger_entry_id)\n        %s.new(member_id).%s!(ledger_entry_id)\n      end\n    end\n  end\nend\n```" % (cls(), snake(), cls(), snake())
@neg(C)
def c_i18n():
    return ("```yaml\nja:\n  checkout:\n    konbini:\n      payment_number_label: \"お支払い番号\"\n      confirmation_number_label: \"確認番号\"\n      my_number_notice: \"マイナンバーの入力は不要です\"\nko:\n  checkout:\n    rrn_notice: \"주민등록번호를 입력하지 마세요\"\nzh-TW:\n  checkout:\n    cvs_payment_code_label: \"繳費代碼\"\n```")
@neg(C)
def c_swift_objc():
    return "Crashlytics top frame: `HZPKakaoLoginViewController.%s(_:)` ← `$s9Hoshizora%d%sC%d%syyF` (ObjC selector `-[HZPLineLoginCoordinator handleOpenURL:sourceApplication:]`)" % (meth(), R.randint(10, 20), pick(W_A) + pick(W_B), R.randint(6, 20), meth())
@neg(C)
def c_dotnet():
    lines = ["Unhandled exception. Hoshizora.Points.Ledger.%sException: point balance would go negative" % pick(W_B)]
    for _ in range(R.randint(4, 10)):
        lines.append("   at Hoshizora.Points.%s.%s.%s(%s request, CancellationToken ct) in /src/Points/%s.cs:line %d" % (pick(["Ledger", "Expiry", "Api", "Batch"]), cls(), meth(), pick(W_A) + "Request", cls(), R.randint(10, 300)))
    return "```\n" + "\n".join(lines) + "\n```"
@neg(C)
def c_rust():
    return "```\nthread 'tokio-runtime-worker' panicked at src/zengin/record.rs:%d:%d:\nindex out of bounds: the len is 119 but the index is 120\nstack backtrace:\n   0: _ZN9hz_zengin6record%d%s17h%sE\n   1: _ZN9hz_zengin6parser%d%s17h%sE\n```" % (R.randint(10, 300), R.randint(5, 40), 11, "parse_field", hexs(16), 14, "decode_header", hexs(16))
@neg(C)
def c_eslint():
    f = pick(["src/konbini/paymentNumber.ts", "src/points/ledger.ts", "src/kakao/alimtalk.ts"])
    return "```\n%s\n  %d:%d  error  '%s' is defined but never used  @typescript-eslint/no-unused-vars\n  %d:%d  error  '%s' is assigned a value but never used  @typescript-eslint/no-unused-vars\n```" % (f, R.randint(1, 200), R.randint(1, 40), meth(), R.randint(1, 200), R.randint(1, 40), pick(W_A[:6]).lower() + pick(W_B) + "Regex")
@neg(C)
def c_metrics():
    ms = ["payments.konbini.payment_number.issued.count", "payments.furikomi.unmatched_transfer.count", "line.webhook.signature_verify_failed.count",
          "kakao.alimtalk.template_rejected.count", "points.ledger.balance_mismatch.gauge", "auth.password_reset_token.issued.count", "tw.einvoice.upload.latency.p95"]
    return "Datadog モニタ追加した: " + ", ".join("`%s`" % m for m in R.sample(ms, 3))
@neg(C)
def c_airflow():
    return "```\n[%s] {taskinstance.py:%d} INFO - Marking task as SUCCESS. dag_id=zengin_furikomi_reconcile, task_id=%s, run_id=scheduled__%sT00:00:00+00:00\n```" % (date_s(), R.randint(1000, 3000), snake(), date_s())
@neg(C)
def c_envnames():
    names = ["LINE_CHANNEL_SECRET_ARN", "KAKAO_ADMIN_KEY_SSM_PATH", "ZENGIN_SFTP_PASSWORD_FILE", "KONBINI_HASH_KEY_VERSION", "OPENAI_API_KEY_SECRET_NAME",
             "MY_NUMBER_KMS_KEY_ALIAS", "TW_EINVOICE_APP_KEY_REF", "GITHUB_APP_PRIVATE_KEY_PATH"]
    return "環境変数の名前だけ一覧（値は参照先のパス）:\n" + "\n".join("- `%s`" % n for n in R.sample(names, R.randint(4, 7)))
@neg(C)
def c_vue():
    return "`<div data-v-%s class=\"cvs-code\">` と Angular 側の `_ngcontent-ng-c%d` が両方出てるのは移行中だから" % (hexs(8), R.randint(1000000000, 4000000000))
@neg(C)
def c_java_enum():
    return "```java\npublic enum ZenginAccountType {\n    FUTSU(1), TOUZA(2), CHOCHIKU(4), SONOTA(9);\n    private final int code;\n    ZenginAccountType(int code) { this.code = code; }\n}\n\npublic record %s(String bankCode, String branchCode, ZenginAccountType type, String accountNumberLast4) {}\n```" % (pick(W_A) + "AccountRef")
@neg(C)
def c_php():
    return "```php\nnamespace Hoshizora\\Tw\\Einvoice;\n\nfinal class %s implements %sInterface\n{\n    public function %s(string $carrierBarcode): bool\n    {\n        return (bool) preg_match('/^\\/[0-9A-Z.+-]{7}$/', $carrierBarcode);\n    }\n}\n```" % (cls(), pick(W_A) + pick(W_C), meth())

B = "non_credential_blob"
def sha1(): return hexs(40)
def sha256(): return hexs(64)
def b64bytes(n): return b64e(bytes(R.randint(0, 255) for _ in range(n)))

@neg(B)
def b_gitlog():
    msgs = ["fix(konbini): ローソン支払番号の桁数チェック", "feat(points): 失効バッチを日次に", "chore(deps): bump line-bot-sdk", "fix(kakao): 알림톡 템플릿 코드 수정", "feat(tw): 電子發票載具驗證", "refactor(zengin): 120byte レコードのパーサ分割"]
    return "```\n$ git log --oneline -n %d\n" % 5 + "\n".join("%s %s" % (hexs(R.choice([7, 9, 12])), m) for m in R.sample(msgs, 5)) + "\n```"
@neg(B)
def b_docker():
    svc = pick(SERVICES)
    return "deploy 済み: `ghcr.io/hoshizora-commerce/%s@sha256:%s` (前: `sha256:%s`)" % (svc, sha256(), sha256())
@neg(B)
def b_order_events():
    lines = []
    for _ in range(R.randint(3, 8)):
        lines.append('{"ts":"%s","event":"%s","order_id":"%s","event_id":"%s","idempotency_key":"%s"}' % (ts_iso(), pick(["order.created", "payment.authorized", "konbini.number_issued", "shipment.label_created", "points.accrued"]), order_id(), ulid(), uuid4()))
    return "```\n" + "\n".join(lines) + "\n```"
@neg(B)
def b_npm():
    pk = pick(["@line/bot-sdk", "kakao-sdk-js", "dayjs", "zod", "iconv-lite", "encoding-japanese"])
    return "```\n\"node_modules/%s\": {\n  \"version\": \"%d.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n  \"integrity\": \"sha512-%s\"\n}\n```" % (pk, 1, R.randint(0, 9), R.randint(0, 20), pk, pk.split("/")[-1], 1, R.randint(0, 9), R.randint(0, 20), b64bytes(64))
@neg(B)
def b_gosum():
    mods = ["github.com/line/line-bot-sdk-go/v8", "golang.org/x/text", "github.com/oklog/ulid/v2", "github.com/google/uuid"]
    return "```\n" + "\n".join("%s v%d.%d.%d h1:%s\n%s v%d.%d.%d/go.mod h1:%s" % ((m,) + (R.randint(0, 8), R.randint(0, 20), R.randint(0, 9)) + (b64bytes(32),) + (m,) + (R.randint(0, 8), R.randint(0, 20), R.randint(0, 9)) + (b64bytes(32),)) for m in R.sample(mods, 2)) + "\n```"
@neg(B)
def b_pip():
    return "```\n# requirements.lock\nmojimoji==%s \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s\njaconv==0.%d.%d \\\n    --hash=sha256:%s\n```" % ("0.0.13", sha256(), sha256(), R.randint(1, 4), R.randint(0, 9), sha256())
@neg(B)
def b_trace():
    return "%s INFO %s traceparent=00-%s-%s-01 x-request-id=%s latency_ms=%d" % (ts_iso(), pick(SERVICES), hexs(32), hexs(16), uuid4(), R.randint(3, 900))
@neg(B)
def b_s3ls():
    rows = ["%s %s %9d furikomi/%s/zengin_%s_%s.txt.gpg" % (date_s(), hm() + ":00", R.randint(1200, 90000), pick(["in", "out"]), date_s().replace("-", ""), hexs(8)) for _ in range(R.randint(3, 7))]
    return "```\n$ aws s3 ls s3://hz-furikomi-archive-apne1/ --recursive | tail\n" + "\n".join(rows) + "\n```\nETag は `\"%s-%d\"` (multipart)" % (hexs(32), R.randint(2, 9))
@neg(B)
def b_line_sig():
    return "```\nPOST /webhooks/line HTTP/1.1\nHost: hooks.hoshizora.internal\nContent-Type: application/json; charset=utf-8\nx-line-signature: %s\nx-line-retry-key: %s\n```\n署名検証 NG のやつ。これ HMAC の結果なので貼っても問題ない（シークレット自体じゃない）" % (b64bytes(32), uuid4())
@neg(B)
def b_sha256sum():
    f = pick(["hz-ops-cli", "zengin-tool", "points-migrator"])
    v = "%d.%d.%d" % (R.randint(0, 3), R.randint(0, 30), R.randint(0, 9))
    return "```\n%s  %s_%s_linux_amd64.tar.gz\n%s  %s_%s_darwin_arm64.tar.gz\n%s  %s_%s_windows_amd64.zip\n```" % (sha256(), f, v, sha256(), f, v, sha256(), f, v)
@neg(B)
def b_ssh_fp():
    return "SFTP (全銀連携) の接続先ホスト鍵、変わってないか確認: `ED25519 key fingerprint is SHA256:%s.` `RSA SHA256:%s` — 前回と一致" % (b64bytes(32).rstrip("="), b64bytes(32).rstrip("="))
@neg(B)
def b_sops():
    return "```yaml\nkakao:\n    admin_key: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:ap-northeast-1:123456789012:key/%s\n    lastmodified: \"%sZ\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```" % (b64bytes(R.randint(18, 30)), b64bytes(32), b64bytes(16), uuid4(), date_s() + "T" + hm() + ":00", b64bytes(48), b64bytes(32), b64bytes(16))
@neg(B)
def b_vault():
    return "暗号化済み口座番号カラムの中身はこんな感じ: `vault:v%d:%s` — Transit の鍵がないと復号できない" % (R.randint(1, 6), b64bytes(R.randint(28, 48)))
@neg(B)
def b_cursor():
    c = b64e(json.dumps({"last_id": R.randint(10**6, 10**9), "created_at": date_s(), "dir": "next"}).encode()).rstrip("=")
    return "GET /api/v2/points/ledger?limit=100&cursor=%s\nnext_cursor は base64 した JSON なのでデコードすれば中身見える" % c
@neg(B)
def b_slack_cursor():
    return '{"ok":true,"members":[...],"response_metadata":{"next_cursor":"%s"}}' % b64e(("user:U0%s" % rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 9)).encode())
@neg(B)
def b_ci():
    return "CI 落ちてる: GitHub Actions run %d / job %d (commit %s)。flaky な `test_konbini_expiry` のせい" % (R.randint(10**9, 2 * 10**10), R.randint(10**10, 4 * 10**10), hexs(40))
@neg(B)
def b_sentry():
    return "Sentry: `%s` — `KakaoTokenRefreshError` が 1h で %d 件。event id `%s`" % (pick(["HZ-KR-API-%d" % R.randint(100, 999), "HZ-CHECKOUT-%s" % rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 3)]), R.randint(20, 900), hexs(32))
@neg(B)
def b_colors():
    return "ブランドカラー（TW 版）: " + ", ".join("`#%s`" % hexs(6) for _ in range(R.randint(4, 8)))
@neg(B)
def b_objectid():
    return "\n".join("db.point_ledger.find({_id: ObjectId(\"%s\")})  // %s pt" % (hexs(24), format(R.randint(-5000, 20000), ",")) for _ in range(R.randint(2, 5)))
@neg(B)
def b_pgp_msg():
    body = b64bytes(R.randint(90, 180)); lines = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    return "全銀ファイル、暗号化後の先頭だけ（受け取り側の公開鍵で暗号化済み）:\n```\n-----BEGIN PGP MESSAGE-----\n\n%s\n=%s\n-----END PGP MESSAGE-----\n```" % (lines, b64bytes(3))
@neg(B)
def b_tfstate():
    return '```json\n{\n  "version": 4,\n  "terraform_version": "1.%d.%d",\n  "serial": %d,\n  "lineage": "%s",\n  "outputs": {}\n}\n```' % (R.randint(5, 9), R.randint(0, 5), R.randint(10, 900), uuid4())
@neg(B)
def b_gcs():
    return "```\n< x-goog-hash: crc32c=%s\n< x-goog-hash: md5=%s\n< ETag: \"%s\"\n< Content-MD5: %s\n```" % (b64bytes(4), b64bytes(16), hexs(32), b64bytes(16))
@neg(B)
def b_mime_subject():
    subj = pick(["ご注文ありがとうございます", "お支払い番号のご案内", "주문이 접수되었습니다", "您的訂單已出貨", "ポイント失効のお知らせ"])
    return "件名が化ける件、ヘッダ見たら `Subject: =?UTF-8?B?%s?=` になってた。デコードすると「%s」なので正常" % (b64e(subj.encode()), subj)
@neg(B)
def b_helm_checksum():
    return "```yaml\nspec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s\n```\n↑ secret の checksum は中身のハッシュなのでシークレットではない" % (sha256(), sha256())
@neg(B)
def b_kakao_ids():
    return "카카오페이 결제 준비 응답: tid=T%s, 주문번호 %s, created_at=%s. tid 는 거래 식별자라 비밀값 아님" % (hexs(19).upper(), order_id(), ts_iso())
@neg(B)
def b_uuid_table():
    return "| shipment_id | label_id | status |\n|---|---|---|\n" + "\n".join("| %s | %s | %s |" % (uuid4(), ulid(), pick(["発送済", "配達中", "配達完了", "持戻り"])) for _ in range(R.randint(3, 7)))

L = "pii_lookalike_number"
def invoice_no():
    while True:
        base = dig(12)
        s = "T%d%s" % (corp_check(base), base)
        if not luhn_ok(s[1:]): return s
def mynumber_bad():
    b = dig(11)
    c = (mynumber_check(b) + R.randint(1, 9)) % 10
    return b + str(c)
def rrn_test():
    # obviously-test RRN shape: impossible birth date (month 13-19 or day 32+) or bad check digit
    y = "%02d" % R.randint(0, 99)
    md = pick(["%02d%02d" % (R.randint(13, 19), R.randint(1, 28)), "%02d%02d" % (R.randint(1, 12), R.randint(32, 39))])
    rest = str(R.randint(1, 4)) + dig(5, False)
    s = y + md + rest
    while True:
        ck = str(R.randint(0, 9))
        if not luhn_ok(s + ck): return y + md + "-" + rest + ck
def twid_bad():
    while True:
        s = pick(list("ABCDEFHKT")) + str(R.randint(1, 2)) + dig(8, False)
        if not twid_ok(s): return s
def ubn():
    while True:
        s = dig(8)
        if ubn_ok(s): return s
def jan():
    while True:
        e = ean13(pick(["49", "45"]) + dig(10, False))
        if not luhn_ok(e): return e
def konbini_numbers():
    return dig(6) + "-" + dig(4, False) if R.random() < 0.5 else dig(11)
def yen(a=100, b=500000): return "¥" + format(R.randint(a, b), ",")
def won(): return "₩" + format(R.randint(1000, 3000000), ",")
def ntd(): return "NT$" + format(R.randint(50, 60000), ",")
def priv_ip():
    return pick(["10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)), "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254)),
                 "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254)), "192.0.2.%d" % R.randint(1, 254), "198.51.100.%d" % R.randint(1, 254), "203.0.113.%d" % R.randint(1, 254)])

@neg(L)
def l_orders():
    rows = ["%s %s order=%s total=%s method=%s status=%s" % (ts_iso(), pick(["INFO", "INFO", "WARN"]), order_id(), pick([yen(), won(), ntd()]), pick(["konbini", "furikomi", "card", "kakaopay", "line_pay", "cvs_tw"]), pick(["PAID", "AWAITING_PAYMENT", "EXPIRED", "SHIPPED"])) for _ in range(R.randint(3, 12))]
    return "```\n" + "\n".join(rows) + "\n```"
@neg(L)
def l_tracking():
    rows = []
    for _ in range(R.randint(3, 8)):
        c = pick(CARRIERS)
        n = "%s-%s-%s" % (dig(4), dig(4, False), dig(4, False)) if c in ("ヤマト運輸", "佐川急便") else (nonluhn(13) if c == "日本郵便" else dig(12))
        rows.append("| %s | %s | %s | %s |" % (order_id(), c, n, pick(["発送済", "配達完了", "배송중", "已取件"])))
    return "| order | carrier | tracking | status |\n|---|---|---|---|\n" + "\n".join(rows)
@neg(L)
def l_konbini():
    k = pick(KONBINI)
    if k == "セブン-イレブン":
        return "%s %s: 払込票番号 %s / 支払期限 %s 23:59 / 金額 %s" % (order_id(), k, nonluhn(13), date_s(), yen(100, 300000))
    return "%s %s: 受付番号 %s 確認番号 %s 支払期限 %s / 金額 %s" % (order_id(), k, dig(6) + dig(5, False), dig(4, False), date_s(), yen(100, 300000))
@neg(L)
def l_zengin_codes():
    rows = ["| %s | %s | %s | %s |" % (b[0], b[1], br[0], br[1]) for b, br in [(pick(BANKS), pick(BRANCHES)) for _ in range(R.randint(3, 6))]]
    return "振込先マスタ（金融機関コード・支店コードのみ、口座番号は別テーブル）\n| 金融機関コード | 銀行名 | 支店コード | 支店名 |\n|---|---|---|---|\n" + "\n".join(rows)
@neg(L)
def l_postal():
    return "配送ゾーン判定のテストケース:\n- JP 〒%s-%s → zone %s\n- KR %s → zone %s\n- TW %s → zone %s\n- JP 全角 〒%s → 正規化して %s" % (
        dig(3), dig(4, False), pick("ABC"), dig(5, False), pick("ABC"), dig(3) + dig(3, False), pick("ABC"),
        "１００－０００５", "100-0005")
@neg(L)
def l_invoice():
    return "取引先マスタ更新: 適格請求書発行事業者の登録番号 %s（%s株式会社）、%s（合同会社%s）を国税庁サイトで照会済み" % (invoice_no(), pick(["ミナト物流", "東雲パッケージ", "青葉紙工"]), invoice_no(), pick(["みつば", "こもれび"]))
@neg(L)
def l_mynumber_test():
    return ("```python\n@pytest.mark.parametrize(\"value\", [\n    \"%s\",  # check digit NG\n    \"%s\",  # check digit NG\n    \"%s\",   # 11 桁\n    \"%s\",  # 全角\n])\ndef test_my_number_rejects_invalid(value):\n    assert not is_valid_my_number(value)\n```" % (mynumber_bad(), mynumber_bad(), dig(11), "１２３４５６７８９０１２"))
@neg(L)
def l_rrn_test():
    return "```kotlin\n// 주민등록번호 형식 검증 테스트 — 전부 존재할 수 없는 값 (월/일 범위 밖)\nassertFalse(RrnValidator.isValid(\"%s\"))\nassertFalse(RrnValidator.isValid(\"%s\"))\nassertFalse(RrnValidator.isValid(\"%s\"))\n```" % (rrn_test(), rrn_test(), rrn_test())
@neg(L)
def l_twid_test():
    return "身分證字號驗證單元測試：`A123456789` 是教科書範例（檢查碼正確，驗證應通過），`%s`、`%s` 檢查碼錯誤要回傳 false，`%s` 長度不對。" % (twid_bad(), twid_bad(), pick("ABF") + dig(7, False))
@neg(L)
def l_ubn():
    return "TW 電子發票買方統一編號欄位：%s（%s股份有限公司），%s（%s有限公司）— 公司統編不是個資" % (ubn(), pick(["星空商務", "北辰物流"]), ubn(), pick(["大河包裝", "青山印刷"]))
@neg(L)
def l_kr_biz():
    return "세금계산서 공급받는자 사업자등록번호 %s-%s-%s (법인), 통신판매업 신고번호 제%d-서울강남-%05d호" % (dig(3), dig(2, False), dig(5, False), pick([2024, 2025]), R.randint(1, 9999))
@neg(L)
def l_jan():
    return "入荷検品 CSV:\n```\njan,sku,qty,lot\n" + "\n".join("%s,HZ-%s,%d,L%s" % (jan(), dig(5), R.randint(1, 400), date_s().replace("-", "")[2:]) for _ in range(R.randint(3, 9))) + "\n```"
@neg(L)
def l_points():
    rows = ["| M-****%s | %s | %+d | %s |" % (dig(4, False), date_s(), R.randint(-3000, 5000), format(R.randint(0, 90000), ",")) for _ in range(R.randint(4, 10))]
    return "ポイント台帳の差分（会員IDは下4桁のみ）\n| member | date | delta | balance |\n|---|---|---:|---:|\n" + "\n".join(rows)
@neg(L)
def l_epoch():
    e = epoch()
    return "Slack ts `%d.%06d` と webhook の `timestamp: %d%03d` がずれてる。%d (JST %s) のイベント" % (e, R.randint(0, 999999), e, R.randint(0, 999), e, date_s() + " " + hm())
@neg(L)
def l_vpc():
    return "```hcl\nvpc_cidr = \"10.%d.0.0/16\"\nprivate_subnets = [\"10.%d.1.0/24\", \"10.%d.2.0/24\"]\nnat_allowlist   = [\"%s/32\", \"%s/32\"]  # RFC 5737 のダミー\nbastion_ip      = \"%s\"\n```" % ((R.randint(0, 200),) * 3 + ("203.0.113.%d" % R.randint(1, 254), "198.51.100.%d" % R.randint(1, 254), priv_ip()))
@neg(L)
def l_firewall():
    return "\n".join("%s ALLOW tcp %s:%d -> %s:%d (%s)" % (hm(), priv_ip(), R.randint(1024, 65535), priv_ip(), pick([443, 5432, 6379, 22, 8443]), pick(SERVICES)) for _ in range(R.randint(3, 8)))
@neg(L)
def l_aws_acct():
    return "STG アカウントは `123456789012`（ドキュメント例と同じ番号にしてる sandbox）、GCP の project number は `%d`。`i-%s` を止めて OK" % (R.randint(10**11, 10**12 - 1), hexs(17))
@neg(L)
def l_versions():
    return "iOS %d.%d.%d (build %s) / Android versionCode %d / Chrome %d.0.%d.%d / LINE %d.%d.%d で再現" % (R.randint(3, 9), R.randint(0, 30), R.randint(0, 9), date_s().replace("-", "") + "%02d" % R.randint(1, 20), R.randint(100000, 999999), R.randint(120, 140), R.randint(6000, 7200), R.randint(10, 220), R.randint(13, 15), R.randint(0, 20), R.randint(0, 5))
@neg(L)
def l_tickets():
    return "関連: PAY-%d, OPS-%d, CVE-%d-%d, Zendesk #%d, 카카오 문의번호 %d" % (R.randint(100, 9999), R.randint(10, 999), pick([2024, 2025]), R.randint(1000, 49999), R.randint(100000, 999999), R.randint(10**7, 10**8 - 1))
@neg(L)
def l_money():
    return "%s の売上: JP %s / KR %s / TW %s、返金 %s、振込手数料 %s、入金件数 %s 件" % (date_s(), yen(10**6, 9 * 10**7), won(), ntd(), yen(), yen(110, 880), format(R.randint(1000, 90000), ","))
@neg(L)
def l_furikomi_csv():
    rows = []
    for _ in range(R.randint(4, 15)):
        b = pick(BANKS); br = pick(BRANCHES)
        rows.append("%s,%s,%s,1,****%s,%d,%s,%s" % (date_s(), b[0], br[0], dig(3, False), R.randint(1000, 900000), order_id(), pick(["MATCHED", "UNMATCHED", "PARTIAL"])))
    return "```\n入金日,銀行コード,支店コード,種目,口座番号,金額,照合注文,状態\n" + "\n".join(rows) + "\n```"
@neg(L)
def l_zengin_header():
    b = pick(BANKS); br = pick(BRANCHES)
    name = "ﾎｼｿﾞﾗｺﾏ-ｽ(ｶ"
    rec = "1210" + dig(10) + name.ljust(40) + date_s()[5:].replace("-", "") + b[0] + b[2].ljust(15) + br[0] + br[2].ljust(15) + "1" + "0000000" + " " * 17
    return "全銀フォーマットのヘッダレコード（自社口座はダミーのゼロ）、120 バイトになってるか確認お願いします\n```\n%s\n```" % rec
@neg(L)
def l_kr_tracking():
    return "\n".join("%s 송장 %s (%s) %s" % (order_id(), dig(12), pick(["CJ대한통운", "한진택배", "롯데택배"]), pick(["집화처리", "배송출발", "배송완료"])) for _ in range(R.randint(2, 6)))
@neg(L)
def l_tw_cvs():
    return "超商代碼繳費：繳費代碼 %s%s，期限 %s，金額 %s；取貨門市店號 %s" % (pick(["LLL", "GWA", "FMK"]), dig(11, False), date_s(), ntd(), dig(6))
@neg(L)
def l_ratelimit():
    return "```\nHTTP/1.1 429 Too Many Requests\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: 0\nX-RateLimit-Reset: %d\nRetry-After: %d\n```\nKakao 알림톡 발송 한도 초과. 오늘 발송 %s 건" % (R.choice([1000, 5000, 20000]), epoch(), R.randint(1, 120), format(R.randint(10000, 90000), ","))
@neg(L)
def l_ports_bytes():
    return "konbini-gw のポート %d/%d、レスポンスサイズ %s bytes、p99 %d ms、DB 行数 %s" % (R.randint(8000, 9000), R.randint(9000, 9999), format(R.randint(10**5, 10**8), ","), R.randint(50, 900), format(R.randint(10**6, 10**9), " "))

T = "talk_about_secrets"
TS_JA = ["LINE のチャネルシークレットは Slack に貼らないでください。漏れたら即再発行です。",
         "マイナンバーは業務上取り扱わないので、問い合わせで送られてきたらチケットごと削除して上長に報告。",
         "Kakao の Admin キーをローテーションしました。古いキーは明日の 10 時に無効化します。",
         "パスワードを DM で送るのはやめて、1Password の共有リンクを使ってください。",
         "カード番号を問い合わせ本文に書いてくるお客様がいるので、Zendesk 側で自動マスクを有効にしました。",
         "全銀 SFTP のパスワードは半年ごとに銀行側と合わせて変更する運用です。次回は 10 月。",
         "GitHub の PAT が public リポジトリにコミットされた件、secret scanning で検知されて自動失効済み。",
         "OpenAI の API キーは個人のではなく組織のプロジェクトキーを使うこと。",
         "お客様の電話番号をログに平文で出していた箇所を修正しました。今は下 4 桁だけです。",
         "秘密鍵をローカルの Downloads に置きっぱなしにしないでね、作業が終わったら消す。",
         "適格請求書の登録番号は公開情報なので秘密ではないけど、個人事業主の場合は氏名と紐づくので扱い注意。"]
TS_KO = ["카카오 비즈메시지 API 키가 노출된 것 같아서 바로 재발급했습니다. 배포는 오후 3시에 합니다.",
         "주민등록번호는 수집하지 않습니다. 고객이 채팅으로 보내면 즉시 삭제하고 보고해 주세요.",
         "비밀번호는 슬랙에 절대 붙여넣지 마세요. 공유가 필요하면 Vault 링크로.",
         "개인정보보호법 때문에 전화번호는 마스킹해서 저장하고, 원본은 암호화 컬럼에만 둡니다.",
         "AWS 액세스 키 대신 IAM 역할을 쓰도록 배치 서버 설정을 바꿨어요.",
         "카드번호가 로그에 찍히는지 PCI 점검 전에 한 번 더 확인 부탁드립니다.",
         "토큰 만료 시간을 24시간에서 1시간으로 줄였습니다. 리프레시 토큰은 그대로입니다."]
TS_ZH = ["LINE 官方帳號的 channel access token 外洩了，已經重新發行，舊的會在今晚失效。",
         "身分證字號不要貼在 Slack，客服收到請直接刪除並通報資安窗口。",
         "個資法規定電話號碼要遮罩，只留末三碼。",
         "密碼請不要用訊息傳，統一用 1Password 分享。",
         "電子發票平台的 AppKey 下週要換，換之前先通知財務。",
         "信用卡卡號不會經過我們的伺服器，全部在金流商那邊 tokenize。",
         "私鑰請放在 KMS，不要放進 Docker image。"]
TS_EN = ["Rotated the Kakao admin key and the LINE channel secret after the contractor offboarding; nothing was leaked as far as we can tell.",
         "Reminder: never paste a customer's card number, phone number or e-mail into a public channel — link the ticket instead.",
         "The secret scanner flagged a PEM block in the furikomi repo; it was a test fixture with a dummy body, marked as false positive.",
         "We moved the SFTP password for the Zengin link into Secrets Manager with 90-day rotation.",
         "If you find an AWS key in a log, revoke it first, then open an incident; don't wait for the owner.",
         "PCI scope: the card number never touches our servers, only the PSP's token does.",
         "The JWT signing key for LIFF sessions is now in KMS; the app only gets a short-lived token."]
ALL_TS = TS_JA + TS_KO + TS_ZH + TS_EN

@neg(T)
def t_single(): return pick(ALL_TS)
@neg(T)
def t_two(): return " ".join(R.sample(ALL_TS, 2))
@neg(T)
def t_incident():
    return ("*インシデント概要 (%s)*\n- 何が: %s\n- 影響: 不正利用の形跡なし\n- 対応: %s\n- 再発防止: %s" % (date_s(), pick(["LINE チャネルアクセストークンが CI ログに出力", "Kakao REST API キーがフロントの JS に同梱", "全銀 SFTP パスワードが Wiki に記載"]),
            pick(["即時に再発行し旧トークン失効", "キーを再発行、旧キー無効化"]), pick(["CI のマスク設定追加", "pre-commit に secret scan 追加", "Wiki の権限見直し"])))
@neg(T)
def t_runbook():
    return "漏洩時ランブック（%s）\n1. 該当キー/トークンを失効させる\n2. 新しい値を Secrets Manager に登録\n3. 関連サービスを再起動\n4. アクセスログで不正利用を確認\n5. #sec-incident に報告（値そのものは貼らない）" % pick(["LINE", "Kakao", "OpenAI", "GitHub", "AWS"])
@neg(T)
def t_qa():
    q = pick([("Q: お客様から電話番号変更の依頼が来たら？", "A: 本人確認後に管理画面から。番号は Slack に書かない。"),
              ("Q: 주민번호를 받아야 하는 경우가 있나요?", "A: 없습니다. 현금영수증은 휴대폰 번호로만 발급합니다."),
              ("Q: 客人傳了信用卡照片怎麼辦？", "A: 立刻刪除對話中的圖片，請客人改用付款頁面。"),
              ("Q: Can I share the staging DB password in a DM?", "A: No. Request access in the vault group; passwords are never sent in chat.")])
    return q[0] + "\n" + q[1]
@neg(T)
def t_regex():
    return "シークレットスキャンのルール議論: マイナンバー（12 桁）を正規表現だけで検出すると注文番号と区別できないので、チェックデジット検証を入れる案。주민번호는 13자리 + 체크디지트, 台灣身分證是英文字母加 9 碼。カードは Luhn で絞る。"
@neg(T)
def t_standup():
    return "朝会メモ\n- %s\n- %s\n- %s" % tuple(R.sample(ALL_TS, 3))
@neg(T)
def t_vault_err():
    return "%s ERROR external-secrets: could not get secret data from provider: key \"%s\" not found in store \"aws-secretsmanager\"\n↑ シークレットの名前を変えたのに ExternalSecret を更新してなかった" % (ts_iso(), pick(["hz/prod/line/channel_secret", "hz/prod/kakao/admin_key", "hz/prod/zengin/sftp_password"]))
@neg(T)
def t_policy():
    return pick(["개인정보 처리방침 개정안: 수집 항목에서 주민등록번호 삭제, 휴대폰 번호는 알림톡 발송 목적에 한해 보관 6개월.",
                 "個資盤點結果：會員資料表有手機、Email、地址三個欄位屬於個資，身分證字號欄位已於上月移除。",
                 "個人情報の棚卸し: 会員テーブルの電話番号・メール・住所は暗号化済み。マイナンバー列は存在しないことを確認。",
                 "Data inventory: phone numbers, e-mail addresses and delivery addresses are PII; order ids, tracking numbers and invoice registration numbers are not."])
@neg(T)
def t_mixed():
    return pick(TS_JA) + "\n" + pick(TS_EN)
@neg(T)
def t_ko_thread():
    return pick(TS_KO) + "\n> " + pick(TS_KO)
@neg(T)
def t_zh_thread():
    return pick(TS_ZH) + "\n> " + pick(TS_ZH) + "\n收到 👌"
@neg(T)
def t_rotation_sched():
    return "ローテーション予定\n| 対象 | 周期 | 次回 |\n|---|---|---|\n| LINE channel secret | 180日 | %s |\n| Kakao admin key | 90日 | %s |\n| 全銀 SFTP パスワード | 180日 | %s |\n| GitHub App 秘密鍵 | 365日 | %s |" % (date_s(), date_s(), date_s(), date_s())

PEMS = [('ec1.pem', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIJAjTm0bxXAasdkmIJ2gAS9u8MIZc9tnqqITfotEaf7ZoAoGCCqGSM49\nAwEHoUQDQgAE7jObQhWVns2S0ld5SOkxiK/oxxl4TSBKJ6CpdZz1MeGyayyDSKJf\nT5EI8RlFyabEGDOQvAn2T/W7UjnKWL7eww==\n-----END EC PRIVATE KEY-----\n'), ('ec2.pem', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEINDuOWwgoOKJcDRmP9DRIPilu+kkbA6gPv+oRwNVyId7oAoGCCqGSM49\nAwEHoUQDQgAEEj1wQT+qe+V1TZ/uKmX540nGAD4cSbQsMXgvzEs1/L07fjBnHIuC\nQMpqvuQnksDzfDS/YR+qNge8Ma3PM5UfoQ==\n-----END EC PRIVATE KEY-----\n'), ('ec3.pem', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIENK4bV1sRaMHyLcvjuvJdgx9yPelHlhEyIvtgmjUJMSoAoGCCqGSM49\nAwEHoUQDQgAEdnNevjyCwDHXBzirzBcofB+/EfiqFXFQsa/gT8e0reFqP+bea6Yq\nY1M6T0xQev6cH8H6plyiJZwSRq0vEDvKHg==\n-----END EC PRIVATE KEY-----\n'), ('ed1.pem', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIBFpe99zX16b9xIyEYxsiVtiliABG7VpcAjxHkHV8duS\n-----END PRIVATE KEY-----\n'), ('ed2.pem', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINgzmBnqd+KJ+mxIblVpB6zMgXo77R2chYOMhgb7HuJW\n-----END PRIVATE KEY-----\n'), ('rsa1.pem', '-----BEGIN RSA PRIVATE KEY-----\nMIICXAIBAAKBgQDK2+XagRbVT2Y6lEZBfOIGwFOlRF3kDxbqSGVo+0O8D2dijGko\n9lZ7LPRDIL/sheFMGEWwApPMf/Vkraix8nm8ZxCyYeJiGg34InfoNfnv1h7apYbW\neQ5qqs49C27mNBkl9hmtuO7Z5wEHqE3JiMGb5xxexHlH2r2uEFn4RZkGzQIDAQAB\nAoGAJQUsVUvpltP+nAIjMCBSP1kp6qcnW09Fp0u+9gGkwtUs0Nc++bK65Y+2o+l+\nHPPxwalMTmqp/k/7wHvQpWjSvjPJeXkyDgOQXbj+/QbQioRcJfuVhMH7LgfbNufo\n6Vt3ifP7RWs9Q0YKrYOEFcrgtBMRjpfcE8ibZxD9mA1ZDyECQQD1Y687a2/zk20R\nWZkmbFOWbruC4gSWjI4h0rUso3kDlfsT5EodRvWSxc+3f3MJtkYmVfMMIgUwzCGd\nL1RtGQYnAkEA06FtQqSu56tRgH4+f2xcnWIojyIoiqnuR183qg6yGr78D3mC+fNE\nqjyDJw3WxnuEl2LlcIkDNKnOn+5XlQI36wJASd/y1z6m+3t8sGZ69thR6c34YZTN\nsM0r1P7sUD3+ppe2eOyXa2z7bW5j9GhIJ7paMBxcCWEMkv5BeGLRVe7crQJAW0d2\nI9d6JSxMc/p/pGAttig/TDU0fVJ8Fsan8K5z/XtApsAHUR2vESoWe4LJj0R5VP5v\n7dD60/0lxO99USTqzwJBAItaY3apx0pLP6hoNADMN+ysjdn6IEjpbQmypxV6UsRA\nnI9QzBUBUUuYMYwZlmji3hOrATc8v5D0TCn3D4hwDPk=\n-----END RSA PRIVATE KEY-----\n'), ('rsa2.pem', '-----BEGIN PRIVATE KEY-----\nMIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBANghV/L+GDu2esY+\n5h3xqWnMmzog+nJA/3XXB/Ih0s2te7KHkOCRoVKBk5eDdd7TEY5PK8+pbpFojrbK\ns1LtMmJIrGP/vjlDgw+niU/MKxgKxEZfRSigL9wf88zOYiuzXlFJLAx8f7Zr0eiX\nt/q+kgRaW1PWeBpiE5MvwdTyPbh9AgMBAAECgYBHrNcj6IxU0TFqKVXbPFd4lLgt\n0N39ofyWMdeavwjP2Oaa0EaFkwYy/HHb32bpnInH7g2TcpcOdeROTm6l46+/OGKW\nFzsLeynaN/NQezHNI3sP6h7Bvpolz2lFO7MIpg74rRFhrPokkqE9txHp/64KKvuY\n23Fn9a9kO9VplFNu6QJBAOvEwKtdjsqsWdfR+J5ACZIrg7PAvzGuwMO137rlNBIe\nlQ4jDyMbILgvX/v2Gg62632QGYt1fVriFGg0cE3ABw8CQQDqrS+j/SB4KdQb1g30\n28OE9kqDM8yp5OpXnKS4LQhLt0f/RNc0jQ/csqqfM3uzUX/MBg2Fehq35/8hVZeZ\nwqezAkByLGjFU9xHZ6lma2dDc21vHKV90fSE4cS1wgijYEWUFL1ICFBXRtbUexS3\nVpmN0KU/vB2yvGXFMkCBqgtMi5afAkEAuNBDIIaMN5XZcUKWIyufQusjq0fz+ihJ\nVU4LevAcBGUG0kXIpZ4hy9D5Bf9pf8LDPk3WADQ1LngKOJpLlc/yeQJACJ4R2FIf\nt5hB+VShppSObzuDmkpTx3f0KCNW9bRgVvtf1MoLiN1F2469je2+RN2s0n5c0qFY\nZh3acQ4gnxUZVg==\n-----END PRIVATE KEY-----\n'), ('ossh1', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBCW/m8rsvOahgtre0KLTFAkIu5OJUbpt2C68+zG4QqAAAAAIgJ8RWECfEV\nhAAAAAtzc2gtZWQyNTUxOQAAACBCW/m8rsvOahgtre0KLTFAkIu5OJUbpt2C68+zG4QqAA\nAAAEAp4NN5xiakdgnNEzq6bdAKjxL6FRNC3piY1TFXcclnBkJb+byuy85qGC2t7QotMUCQ\ni7k4lRum3YLrz7MbhCoAAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----\n'), ('ossh2', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACATECDaEIM/IXWoA4/goBZpwCh26owurAv62z4AMSK2tAAAAIgtx5qTLcea\nkwAAAAtzc2gtZWQyNTUxOQAAACATECDaEIM/IXWoA4/goBZpwCh26owurAv62z4AMSK2tA\nAAAEBZma5mrSK4gQ1r9LBe8n+mGDtOk+W0uVBH2vedCMSzdRMQINoQgz8hdagDj+CgFmnA\nKHbqjC6sC/rbPgAxIra0AAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----\n')]

@neg(T)
def t_review():
    return pick(["PR レビュー: ", "리뷰 코멘트: ", "Code review: ", "審查意見："]) + pick(["この関数、例外メッセージにパスワードを含めてるので削って。", "로그에 토큰 전체를 남기지 말고 앞 6자리만 남겨 주세요.", "please don't log the raw Authorization header, log whether it was present.", "這裡把客人手機號碼原樣寫進 analytics event 了，要先 hash。", "API キーを環境変数から読むように変えたのは良い、ただデフォルト値に実キーを入れないで。"])
@neg(T)
def t_onboarding():
    return "新メンバー向け: %s\n1. 本番のシークレットは Vault 経由でしか触らない\n2. お客様の電話番号・メール・カード番号は Slack に書かない（チケットのリンクで共有）\n3. 鍵やトークンを見つけたら #sec-incident へ（値は貼らずに場所だけ）" % pick(["セキュリティの基本ルール", "初日に読んでほしいこと", "ops チームのお約束"])
@neg(T)
def t_audit():
    return pick(["PCI DSS の年次監査、今年は %s に実施。カード番号を保持していないことの証跡として PSP のトークン化フロー図を提出予定。",
                 "ISMS 내부 감사 일정: %s. 비밀번호 정책(12자 이상, 90일 변경) 증적 준비 부탁드립니다.",
                 "個資稽核 %s 進行，要準備會員資料加密與存取紀錄的證明。"]) % date_s()
@neg(T)
def t_scanner_fp():
    return "secret scanning の誤検知まとめ（%s 週）: 注文番号 %d 件、JAN コード %d 件、Base64 画像 %d 件、UUID %d 件。本物の漏洩は 0 件" % (date_s(), R.randint(1, 40), R.randint(0, 20), R.randint(1, 30), R.randint(0, 15))
@neg(T)
def t_customer_msg():
    return pick(["お客様へのテンプレ返信: 「セキュリティのため、カード番号やパスワードはメッセージでお送りいただかないようお願いいたします。」",
                 "고객 응대 매크로: \"보안을 위해 카드번호나 비밀번호는 채팅으로 보내지 마세요.\"",
                 "客服罐頭訊息：「為了您的帳戶安全，請勿在對話中提供信用卡號或密碼。」",
                 "Canned reply: \"For your security, please never send card numbers or passwords over chat.\""]) + pick(["", " ← LINE 公式アカウントにも設定済み", " (카카오톡 채널 적용 완료)", "（LINE 官方帳號已套用）"])
@neg(T)
def t_mfa():
    return pick(["管理画面の MFA 必須化、%s から。パスワードだけのログインは無効になります。", "%s부터 관리자 콘솔 2단계 인증 필수입니다. OTP 시드는 개인 기기에만 저장하세요.", "%s 起後台登入一律需要雙重驗證，共用帳號全部停用。"]) % date_s()
@neg(T)
def t_kms():
    return "マイナンバーは扱わない方針だけど、%s の暗号化は KMS の CMK（alias/hz-%s-pii）で envelope encryption。データキーはメモリ上だけで、平文をディスクに書かない。" % (pick(["電話番号", "配送先住所", "メールアドレス"]), pick(["jp", "kr", "tw"]))
@neg(T)
def t_offboard():
    return "退職者のオフボーディング (%s): GitHub から削除 ✅ / Slack 無効化 ✅ / 個人で発行してた PAT と API キーの棚卸し ✅ / 共有パスワードの変更 %s" % (date_s(), pick(["✅", "進行中", "明日"]))
@neg(T)
def t_ko_incident():
    return "[장애 보고] %s 알림톡 발송 실패 원인은 만료된 API 키였습니다. 키 만료 알림을 캘린더에 등록했고, 재발 방지를 위해 만료 30일 전 슬랙 알림을 추가합니다." % date_s()
@neg(T)
def t_zh_howto():
    return "請問 LINE channel secret 要去哪裡看？→ LINE Developers Console 的 Basic settings，但請不要複製到任何地方，程式一律從 %s 讀。" % pick(["Secrets Manager", "SSM Parameter Store", "Vault"])
@neg(T)
def t_en_postmortem():
    return "Postmortem %s: a debug flag made the furikomi worker log full webhook bodies, which include payer names and account numbers. Logs purged, flag removed, log scrubber added. No credentials were involved." % date_s()
@neg(T)
def t_ja_question():
    return pick(["全銀の依頼人コードって秘密情報扱いですか？ → いいえ、銀行との識別用なので機密度は低。ただし口座番号と一緒に貼るのは避けて。",
                 "適格請求書の登録番号をログに出していい？ → 法人なら公表情報なので OK。個人事業主の取引先は念のためマスク。",
                 "コンビニの支払番号ってマスク対象？ → お客様ごとの番号なので画面共有時は隠す。ただし秘密鍵やパスワードとは別物。"])

# ================================================================ POSITIVES
A32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
def base62_enc(n, width=6):
    s = ""
    while n: n, r = divmod(n, 62); s = B62[r] + s
    return s.rjust(width, "0")
def v_aws_id(): return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(A32, 16)
def v_aws_secret(): return rs(B64, 40)
def v_ghp():
    r = b62(30); return "ghp_" + r + base62_enc(zlib.crc32(r.encode()) & 0xffffffff)
def v_ghfg(): return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + b62(59)
def v_xoxb(): return "xoxb-%s-%s-%s" % (dig(R.choice([10, 11, 12])), dig(13), b62(24))
def v_xoxp(): return "xoxp-%s-%s-%s-%s" % (dig(11), dig(11), dig(13), hexs(32))
def v_openai():
    k = R.randint(0, 2); a = B62 + "_-"
    if k == 0: return "sk-proj-" + rs(a, 74) + "T3BlbkFJ" + rs(a, 74)
    if k == 1: return "sk-" + b62(20) + "T3BlbkFJ" + b62(20)
    return "sk-svcacct-" + rs(a, 74) + "T3BlbkFJ" + rs(a, 74)
def v_anthropic(): return "sk-ant-api03-" + rs(B62 + "_-", 93) + "AA"
def v_jwt():
    rs256 = R.random() < 0.4
    h = {"alg": "RS256", "typ": "JWT", "kid": hexs(16)} if rs256 else {"alg": "HS256", "typ": "JWT"}
    iat = epoch()
    p = pick([{"sub": "mem_" + dig(9), "iss": "https://auth.hoshizora-commerce.example", "aud": "checkout-web", "iat": iat, "exp": iat + 3600, "locale": pick(["ja-JP", "ko-KR", "zh-TW"])},
              {"sub": dig(10), "iss": "https://access.line.me", "aud": dig(10), "iat": iat, "exp": iat + 3600, "amr": ["linesso"]},
              {"sub": "svc:points-ledger", "scope": "ledger:write points:read", "iat": iat, "exp": iat + 900, "jti": uuid4()},
              {"sub": "op_" + dig(6), "role": pick(["cs_agent", "finance", "warehouse"]), "tenant": pick(["jp", "kr", "tw"]), "iat": iat, "exp": iat + 28800}])
    sig = b64u(bytes(R.randint(0, 255) for _ in range(256 if rs256 else 32)))
    return b64u(json.dumps(h, separators=(",", ":")).encode()) + "." + b64u(json.dumps(p, separators=(",", ":")).encode()) + "." + sig
def v_password():
    k = R.randint(0, 3)
    if k == 0: return pick(["Hoshizora", "Sakura", "Konbini", "Tsuki", "Hanabi", "Seoul", "Taipei", "Kakao"]) + pick(["#", "!", "@", "$", "%", "_"]) + dig(4) + rs("abcdefghijkmnpqrstuvwxyz", 3)
    if k == 1: return rs(B62, 6) + pick("!#%&*") + rs(B62, 5) + pick("!#%&*") + rs(B62, 3)
    if k == 2: return pick(["natsu", "fuyu", "haru", "aki", "tokki", "mochi"]) + pick(["-", "."]) + pick(["Umbrella", "Ramen", "Bibimbap", "Boba", "Pocky"]) + dig(2) + pick("!?#")
    return rs(B62, R.randint(14, 20))
def v_urlpw(): return rs(B62, R.randint(12, 20)) if R.random() < 0.6 else rs(B62, 6) + pick("-_.~") + rs(B62, 8)
GIV_JP = ["yuki", "haruto", "sota", "aoi", "riko", "daiki", "mei", "kenta"]; FAM_JP = ["tanaka", "suzuki", "takahashi", "ito", "watanabe", "kobayashi", "nakamura"]
GIV_KR = ["minji", "jiho", "seoyeon", "dohyun", "hana", "junseo"]; FAM_KR = ["kim", "lee", "park", "choi", "jung"]
GIV_TW = ["yiting", "chiahao", "weijie", "shuhua", "pinyu"]; FAM_TW = ["chen", "lin", "huang", "chang", "wu"]
def v_email(region=None):
    region = region or pick(["jp", "kr", "tw"])
    g, f = {"jp": (GIV_JP, FAM_JP), "kr": (GIV_KR, FAM_KR), "tw": (GIV_TW, FAM_TW)}[region]
    local = pick(["%s.%s" % (pick(g), pick(f)), "%s_%s%s" % (pick(f), pick(g), dig(2)), "%s%s" % (pick(g)[0], pick(f)), "%s.%s.%s" % (pick(g), pick(f), dig(4))])
    dom = {"jp": ["minato-logi.co.jp", "aozora-pack.jp", "yahoo.co.jp", "gmail.com", "docomo.ne.jp", "shinonome-trading.co.jp"],
           "kr": ["naver.com", "daum.net", "hanbit-pack.co.kr", "gmail.com", "seomun-logis.kr"],
           "tw": ["gmail.com", "yahoo.com.tw", "formosa-pack.com.tw", "hinet.net", "beichen-logi.tw"]}[region]
    return local + "@" + pick(dom)
def v_phone(region=None):
    region = region or pick(["jp", "kr", "tw"])
    def nz(n):
        while True:
            s = dig(n, True)
            if set(s) != {"0"}: return s
    if region == "jp":
        return pick(["0%s0-%s-%s" % (pick("789"), nz(4), nz(4)), "+81 %s0-%s-%s" % (pick("789"), nz(4), nz(4)), "03-%s-%s" % (nz(4), nz(4)), "06-%s-%s" % (nz(4), nz(4)), "0%s0%s%s" % (pick("89"), nz(4), nz(4)), "045-%s-%s" % (nz(3), nz(4))])
    if region == "kr":
        return pick(["010-%s-%s" % (nz(4), nz(4)), "+82 10-%s-%s" % (nz(4), nz(4)), "02-%s-%s" % (nz(3), nz(4)), "031-%s-%s" % (nz(3), nz(4)), "010%s%s" % (nz(4), nz(4))])
    return pick(["09%s-%s-%s" % (dig(2, False), nz(3), nz(3)), "+886 9%s %s %s" % (dig(2, False), nz(3), nz(3)), "(02) 2%s-%s" % (nz(3), nz(4)), "+886-2-2%s-%s" % (nz(3), nz(4))])
def v_card():
    k = R.randint(0, 3)
    if k == 0: n = luhn_complete("4" + dig(5, False), 16)
    elif k == 1: n = luhn_complete("5" + str(R.randint(1, 5)) + dig(4, False), 16)
    elif k == 2: n = luhn_complete("35" + str(R.randint(28, 89)) + dig(2, False), 16)
    else: n = luhn_complete(pick(["34", "37"]) + dig(4, False), 15)
    f = R.randint(0, 2)
    if f == 0: return n
    sep = " " if f == 1 else "-"
    if len(n) == 15: return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))
def v_iban():
    cc = pick(["DE", "GB", "FR", "NL", "BE", "AT", "CH", "ES", "IT"])
    bban = {"DE": lambda: dig(8, False) + dig(10, False), "GB": lambda: pick(["NWBK", "BARC", "HBUK", "LOYD"]) + dig(6, False) + dig(8, False),
            "FR": lambda: dig(5, False) + dig(5, False) + dig(11, False) + dig(2, False), "NL": lambda: pick(["ABNA", "INGB", "RABO"]) + dig(10, False),
            "BE": lambda: dig(12, False), "AT": lambda: dig(16, False), "CH": lambda: dig(5, False) + dig(12, False),
            "ES": lambda: dig(20, False), "IT": lambda: pick("ABCX") + dig(10, False) + dig(12, False)}[cc]()
    iban = iban_make(cc, bban)
    if R.random() < 0.5: iban = " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban
def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666: break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))
def v_ip():
    while True:
        a = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ip_public(a): return a

# ---- PEM layouts
def pem_body(pem): return [l for l in pem.strip().split("\n") if not l.startswith("-----")]
def pem_type(name): return {"ec": "ec_sec1", "ed": "ed25519_pkcs8", "rs": "rsa", "os": "openssh"}[name[:2]]

ST = {}  # kind -> list of template functions taking a value, returning text
def st(kind):
    def deco(f): ST.setdefault(kind, []).append(f); return f
    return deco

# aws_access_key_id (single)
@st("aws_access_key_id")
def _(v): return "CloudTrail に見慣れないキーからの `s3:GetObject` が出てる。accessKeyId=%s、誰のか分かる人いますか？ (furikomi-archive バケット)" % v
@st("aws_access_key_id")
def _(v): return "```\n%s WARN s3-uploader using static credentials access_key=%s region=ap-northeast-1 bucket=hz-shipment-labels\n```" % (ts_iso(), v)
@st("aws_access_key_id")
def _(v): return "IAM 정리하다가 발견한 오래된 키: `%s` (마지막 사용 400일 전). 비활성화해도 될까요?" % v
@st("aws_access_key_id")
def _(v): return "```python\nsession = boto3.Session(aws_access_key_id=\"%s\", aws_secret_access_key=os.environ[\"AWS_SECRET\"])\n```\n這樣寫死 key id 很不好，PR 先不要 merge" % v
# aws_secret_access_key (single)
@st("aws_secret_access_key")
def _(v): return "旧バッチサーバの `/etc/hz/batch.env` に `AWS_SECRET_ACCESS_KEY=%s` が残ってた。キー ID 側は既に無効化済みらしいけど念のため" % v
@st("aws_secret_access_key")
def _(v): return "secret: %s\n↑ 방금 DM으로 받은 건데 이거 여기 붙이면 안 되는 거죠…? 일단 삭제 요청" % v
@st("aws_secret_access_key")
def _(v): return "```yaml\nenv:\n  - name: AWS_SECRET_ACCESS_KEY\n    value: \"%s\"\n```" % v
@st("aws_secret_access_key")
def _(v): return "舊的 S3 上傳腳本裡 secret key 是 %s ，我已經請 infra 換掉了" % v
# github classic
@st("github_classic_pat")
def _(v): return "CI から private の `hz-zengin-spec` を clone するのに一時的に自分の PAT 使ってます: %s （来週消す）" % v
@st("github_classic_pat")
def _(v): return "```\n$ git remote -v\norigin  https://%s@github.com/hoshizora-commerce/points-ledger.git (fetch)\n```" % v
@st("github_classic_pat")
def _(v): return "GH_TOKEN=%s gh pr list --repo hoshizora-commerce/kakao-bizmsg   ← 이렇게 하면 됩니다" % v
# github fine-grained
@st("github_fine_grained_pat")
def _(v): return "Renovate 用の fine-grained token 作りました（contents: read/write、対象リポジトリ 3 つ）: `%s` 有効期限 90 日" % v
@st("github_fine_grained_pat")
def _(v): return "```toml\n[github]\ntoken = \"%s\"\nowner = \"hoshizora-commerce\"\n```" % v
@st("github_fine_grained_pat")
def _(v): return "release bot 的 token 換成 fine-grained 了：%s ，權限只有 tw-einvoice repo" % v
# slack bot
@st("slack_bot_token")
def _(v): return "入金アラート bot のトークン、ローカル検証用にこれ使って: %s（#pay-alerts-stg にしか入れてない）" % v
@st("slack_bot_token")
def _(v): return "```\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#ops-kr-orders\n```" % v
@st("slack_bot_token")
def _(v): return "```python\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#tw-einvoice\", text=\"上傳完成\")\n```" % v
# slack user
@st("slack_user_token")
def _(v): return "エクスポートスクリプト、自分のユーザートークンで回してます `%s` — 終わったら revoke します" % v
@st("slack_user_token")
def _(v): return "curl -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C0123ABCD  # 채널 백업용" % v
@st("slack_user_token")
def _(v): return "user token (xoxp) 給你測 search API：%s 用完跟我說我撤銷" % v
# openai
@st("openai_api_key")
def _(v): return "問い合わせ自動分類 PoC の `.env`\n```\nOPENAI_API_KEY=%s\nOPENAI_MODEL=gpt-4o-mini\n```" % v
@st("openai_api_key")
def _(v): return "```ts\nconst openai = new OpenAI({ apiKey: \"%s\" }); // TODO: move to SSM\n```" % v
@st("openai_api_key")
def _(v): return "상품 설명 번역 배치에서 쓰는 키: %s (월 한도 $200)" % v
# anthropic
@st("anthropic_api_key")
def _(v): return "CS 返信ドラフト生成のキー、staging 用はこれ: %s" % v
@st("anthropic_api_key")
def _(v): return "```python\nclient = anthropic.Anthropic(api_key=\"%s\")\n```\n客服摘要的 notebook，先別公開" % v
@st("anthropic_api_key")
def _(v): return "export ANTHROPIC_API_KEY=%s\n# 리뷰 요약 스크립트 로컬 실행용" % v
# jwt
@st("jwt")
def _(v): return "LIFF からのリクエストで 401。ヘッダそのまま貼ります\n```\nAuthorization: Bearer %s\n```" % v
@st("jwt")
def _(v): return "%s WARN points-ledger token rejected: exp in past token=%s" % (ts_iso(), v)
@st("jwt")
def _(v): return "관리자 콘솔 세션 토큰 디코딩해보면 tenant 가 kr 로 안 바뀌어요: `%s`" % v
@st("jwt")
def _(v): return "```\ncurl -s https://api.hoshizora.internal/v1/orders/me -H \"Authorization: Bearer %s\" | jq .\n```\n這個 token 還有效，拿去重現 bug" % v
# password
@st("password")
def _(v): return "全銀 SFTP の新しいパスワード、銀行側に登録完了しました。`%s` です。Vault への登録お願いします" % v
@st("password")
def _(v): return "```properties\nspring.datasource.url=jdbc:postgresql://ledger-db.hoshizora.internal:5432/points\nspring.datasource.username=points_app\nspring.datasource.password=%s\n```" % v
@st("password")
def _(v): return "테스트 계정 비밀번호: %s  (관리자 콘솔 stg, 아이디는 스레드 참고)" % v
@st("password")
def _(v): return "電子發票平台的後台密碼改成 %s 了，財務那邊也要更新" % v
@st("password")
def _(v): return "```\n[client]\nuser=recon_ro\npassword=\"%s\"\nhost=recon-db.hoshizora.internal\n```" % v
@st("password")
def _(v): return "Server=orders-sql.hoshizora.internal;Database=orders_kr;User Id=orders_app;Password=%s;Encrypt=True;" % v
# url_credentials
@st("url_credentials")
def _(v): return "DATABASE_URL=postgres://ledger_app:%s@ledger-db.hoshizora.internal:5432/points?sslmode=require" % v
@st("url_credentials")
def _(v): return "```yaml\nredis:\n  url: rediss://default:%s@cache-kr.hoshizora.internal:6380/0\n```" % v
@st("url_credentials")
def _(v): return "MongoDB 接続: `mongodb+srv://shipment_sync:%s@cluster0.hz-apne1.mongodb.net/shipments` — ローカルから繋がらないのは IP 許可リストのせい" % v
@st("url_credentials")
def _(v): return "amqps://konbini_gw:%s@mq.hoshizora.internal:5671/%%2Fpayments  ← 큐 접속 문자열, 스테이징" % v
@st("url_credentials")
def _(v): return "```python\nengine = create_engine(\"mysql+pymysql://tw_shop:%s@shop-tw-db.hoshizora.internal/shop_tw?charset=utf8mb4\")\n```" % v
# email
@st("email_address")
def _(v): return "佐川の営業担当の方の連絡先はこちら: %s（集荷時間の変更はここに連絡）" % v
@st("email_address")
def _(v): return "주문 %s 고객님 이메일이 %s 인데 반송돼요. 오타 같아서 확인 요청드렸습니다." % (order_id(), v)
@st("email_address")
def _(v): return "客人 %s 說沒收到發票通知信，信箱是 %s ，請查一下寄送紀錄" % (order_id(), v)
# phone
@st("phone_number")
def _(v): return "注文 %s のお客様から折り返し希望。電話番号 %s、平日 18 時以降がいいそうです" % (order_id(), v)
@st("phone_number")
def _(v): return "택배 기사님 연락처 %s — 오늘 물류센터 출입 관련해서 통화 필요" % v
@st("phone_number")
def _(v): return "倉庫的夜班主管電話 %s ，有急件可以直接打" % v
# credit_card
@st("credit_card")
def _(v): return "お客様が問い合わせフォームにカード番号そのまま書いてきた… `%s` 期限 %02d/%02d。チケットからマスクお願いします" % (v, R.randint(1, 12), R.randint(26, 31))
@st("credit_card")
def _(v): return "%s ERROR checkout PSP decline raw_request={\"card_number\":\"%s\",\"exp\":\"%02d%02d\"} — 生カード番号がログに出てる！" % (ts_iso(), v, R.randint(1, 12), R.randint(26, 31))
@st("credit_card")
def _(v): return "법인카드 번호 %s 로 AWS 결제 수단 바꿔주세요 (재무팀 요청)" % v
@st("credit_card")
def _(v): return "客戶在 LINE 上直接傳卡號 %s 過來，已經請他改用付款連結" % v
# iban
@st("iban")
def _(v): return "ドイツの梱包資材サプライヤーへの海外送金先: IBAN %s、請求書 INV-%s 分" % (v, dig(6))
@st("iban")
def _(v): return "유럽 파트너 정산 계좌 변경 요청 왔어요: %s (BIC 은 메일 참고). 변경 전 콜백 확인 필요" % v
@st("iban")
def _(v): return "```csv\nvendor_id,currency,iban,amount\nV-%s,EUR,%s,%d.00\n```" % (dig(4), v, R.randint(500, 90000))
@st("iban")
def _(v): return "歐洲供應商的匯款帳號 %s ，金額 EUR %s" % (v, format(R.randint(1000, 50000), ","))
# us_ssn
@st("us_ssn")
def _(v): return "US 子会社の契約者の W-9、SSN 欄が %s になってる。これ Slack に貼っちゃダメなやつなので消します" % v
@st("us_ssn")
def _(v): return "미국 법인 급여 담당자가 보낸 직원 SSN: %s — 이건 HR 시스템에만 입력하고 여기서 지워주세요" % v
@st("us_ssn")
def _(v): return "1099 申報需要的 SSN 是 %s（美國顧問）" % v
# ipv4
@st("ipv4_address")
def _(v): return "%s WARN line-webhook signature mismatch from %s (x-forwarded-for)、短時間に 300 件" % (ts_iso(), v)
@st("ipv4_address")
def _(v): return "全銀協 SFTP の接続元として銀行に申請する固定 IP は %s です" % v
@st("ipv4_address")
def _(v): return "카카오 웹훅 허용 IP 목록에 %s 추가 요청" % v
@st("ipv4_address")
def _(v): return "有人一直從 %s 暴力登入會員後台，已經在 WAF 封鎖" % v

def pem_text(name, pem, layout):
    body = pem_body(pem); head = pem.strip().split("\n")[0]; tail = pem.strip().split("\n")[-1]
    if layout == 0:
        return ("本番の GitHub App 秘密鍵、これで合ってる？\n```\n%s\n%s\n%s\n```" % (head, "\n".join(body), tail)), "\n".join(body)
    if layout == 1:
        return ("배포 서버 접속용 키 공유합니다 (임시)\n%s\n%s\n%s" % (head, "\n".join(body), tail)), "\n".join(body)
    if layout == 2:
        return ('```json\n{"kid":"%s","private_key":"%s\\n%s\\n%s\\n"}\n```' % (hexs(8), head, "\\n".join(body), tail)), "\\n".join(body)
    return ("```yaml\nline_liff_signing:\n  key: |\n    %s\n    %s\n    %s\n```\n電子發票簽章的 key 也是同一把" % (head, "\n    ".join(body), tail)), "\n    ".join(body)

MULTI = []
def mt(name, kinds):
    def deco(f): MULTI.append((name, kinds, f)); return f
    return deco
@mt("aws_env", ("aws_access_key_id", "aws_secret_access_key"))
def _(a, b): return "```\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\nexport AWS_DEFAULT_REGION=ap-northeast-1\n```" % (a, b)
@mt("aws_credentials_file", ("aws_access_key_id", "aws_secret_access_key"))
def _(a, b): return "~/.aws/credentials の中身、これで合ってますか？\n```\n[hz-furikomi]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (a, b)
@mt("aws_boto3", ("aws_access_key_id", "aws_secret_access_key"))
def _(a, b): return "```python\ns3 = boto3.client(\"s3\", aws_access_key_id=\"%s\", aws_secret_access_key=\"%s\")\n```\n배송 라벨 업로드 스크립트, 하드코딩 제거 예정" % (a, b)
@mt("aws_csv", ("aws_access_key_id", "aws_secret_access_key"))
def _(a, b): return "IAM コンソールからダウンロードした CSV:\n```\nAccess key ID,Secret access key\n%s,%s\n```" % (a, b)
@mt("aws_prose_zh", ("aws_access_key_id", "aws_secret_access_key"))
def _(a, b): return "外包廠商要上傳商品圖，給他們的 key：ID %s ，secret %s ，只有 hz-tw-product-images 的 PutObject 權限" % (a, b)
@mt("aws_docker", ("aws_access_key_id", "aws_secret_access_key"))
def _(a, b): return "docker run -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s hz/zengin-tool:latest sync" % (a, b)
@mt("contact_jp", ("email_address", "phone_number"))
def _(a, b): return "返品の件、お客様連絡先: メール %s / 電話 %s（注文 %s）" % (a, b, order_id())
@mt("contact_kr", ("email_address", "phone_number"))
def _(a, b): return "협력사 담당자 연락처 정리: 이메일 %s, 휴대폰 %s" % (a, b)
@mt("contact_tw", ("email_address", "phone_number"))
def _(a, b): return "黑貓窗口：%s ，手機 %s ，週末也可以聯絡" % (a, b)
@mt("contact_table", ("email_address", "phone_number"))
def _(a, b): return "| 役割 | 連絡先 | 電話 |\n|---|---|---|\n| 倉庫オンコール | %s | %s |" % (a, b)
@mt("contact_csv", ("email_address", "phone_number"))
def _(a, b): return "```csv\norder_id,email,phone,issue\n%s,%s,%s,配達先不明\n```" % (order_id(), a, b)
@mt("dsn_ip_pg", ("url_credentials", "ipv4_address"))
def _(a, b): return "旧 VPS の DB、まだ生きてる: `postgres://legacy_admin:%s@%s:5432/shop_jp`" % (a, b)
@mt("dsn_ip_redis", ("url_credentials", "ipv4_address"))
def _(a, b): return "redis://:%s@%s:6379/2 ← 이전 IDC 캐시 서버, 이번 주에 폐기" % (a, b)
@mt("login_email_pw_ja", ("email_address", "password"))
def _(a, b): return "ヤマト B2 クラウドの共用ログイン: ID %s / パスワード %s（引き継ぎ用）" % (a, b)
@mt("login_email_pw_ko", ("email_address", "password"))
def _(a, b): return "카카오 비즈니스 채널 관리자 계정: %s / 비밀번호 %s" % (a, b)
@mt("card_phone", ("credit_card", "phone_number"))
def _(a, b): return "電話注文メモ: カード %s、折り返し先 %s（この後すぐ削除）" % (a, b)
@mt("iban_email", ("iban", "email_address"))
def _(a, b): return "EU vendor changed bank details: new IBAN %s, confirm with their AP contact %s before the next payout" % (a, b)
@mt("ssn_phone", ("us_ssn", "phone_number"))
def _(a, b): return "US contractor onboarding: SSN %s, reachable at %s" % (a, b)
@mt("ssh_pw_ip", ("password", "ipv4_address"))
def _(a, b): return "踏み台 %s に ssh できない人は一時的に ops ユーザーでどうぞ、パスワードは %s" % (b, a)
@mt("jwt_ip_log", ("jwt", "ipv4_address"))
def _(a, b): return "%s INFO api access client_ip=%s authorization=\"Bearer %s\" path=/v1/points/balance status=200" % (ts_iso(), b, a)

def us_phone():
    return "+1 (%d) %d-%04d" % (R.randint(201, 989), R.randint(201, 989), R.randint(1, 9999))

FW = str.maketrans("0123456789-", "０１２３４５６７８９－")

# ================================================================ build
CATS = ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob", "pii_lookalike_number", "talk_about_secrets"]

def build_negatives():
    out, seen, redraws = [], set(), {}
    for cat in CATS:
        tpls = NEG[cat]; got = 0; i = 0; tries = 0
        while got < 100:
            tries += 1
            assert tries < 5000, cat
            f = tpls[i % len(tpls)]
            text = f()
            if R.random() < 0.10: text = pick(LEADS) + text
            if R.random() < 0.05: text = text + pick(TAILS)
            hits = scan(text)
            if hits or text in seen:
                redraws[cat] = redraws.get(cat, 0) + 1
                i += 1
                continue
            i += 1; got += 1; seen.add(text)
            out.append({"text": text, "category": cat})
    R.shuffle(out)
    recs = [{"id": "h%dn-%04d" % (N, k + 1), "text": o["text"], "category": o["category"]} for k, o in enumerate(out)]
    return recs, redraws

SINGLE_COUNTS = {"aws_access_key_id": 4, "aws_secret_access_key": 4, "email_address": 2, "phone_number": 3, "url_credentials": 8,
                 "ipv4_address": 6, "password": 7, "credit_card": 9, "iban": 8, "us_ssn": 8, "jwt": 8, "github_classic_pat": 9,
                 "github_fine_grained_pat": 9, "slack_bot_token": 9, "slack_user_token": 9, "openai_api_key": 9,
                 "anthropic_api_key": 9, "private_key_pem": 9}
GEN = {"aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghfg,
       "slack_bot_token": v_xoxb, "slack_user_token": v_xoxp, "openai_api_key": v_openai, "anthropic_api_key": v_anthropic, "jwt": v_jwt,
       "password": v_password, "url_credentials": v_urlpw, "email_address": v_email, "phone_number": v_phone, "credit_card": v_card,
       "iban": v_iban, "us_ssn": v_ssn, "ipv4_address": v_ip}

def build_positives():
    items = []
    for kind, n in SINGLE_COUNTS.items():
        for i in range(n):
            if kind == "private_key_pem":
                name, pem = PEMS[i]; layout = i % 4
                text, val = pem_text(name, pem, layout)
                items.append({"text": text, "secrets": [{"kind": kind, "value": val}], "context": "private_key_pem:%s:layout%d" % (pem_type(name), layout)})
                continue
            tpls = ST[kind]; ti = i % len(tpls)
            if kind == "email_address": v = v_email(["jp", "kr", "tw"][ti])
            elif kind == "phone_number": v = v_phone(["jp", "kr", "tw"][ti])
            else: v = GEN[kind]()
            if kind == "credit_card" and i == 3: v = re.sub(r"\D", "", v).translate(FW)
            if kind == "phone_number" and i == 0: v = ("0%s0-%s-%s" % (pick("89"), dig(4, False), dig(4, False))).translate(FW)
            items.append({"text": tpls[ti](v), "secrets": [{"kind": kind, "value": v}], "context": "%s:t%d" % (kind, ti)})
    for mi, (name, kinds, f) in enumerate(MULTI):
        vals = []
        for k in kinds:
            if k == "phone_number" and name == "ssn_phone": vals.append(us_phone())
            elif k == "email_address" and name == "contact_kr": vals.append(v_email("kr"))
            elif k == "phone_number" and name == "contact_kr": vals.append(v_phone("kr"))
            elif k == "email_address" and name == "contact_tw": vals.append(v_email("tw"))
            elif k == "phone_number" and name == "contact_tw": vals.append(v_phone("tw"))
            elif k == "email_address" and name == "iban_email": vals.append(pick(["ap", "accounts.payable", "finance"]) + "@" + pick(["verpackung-nord.de", "boxworks.co.uk", "emballage-lyon.fr", "inpak-rotterdam.nl"]))
            elif k == "phone_number": vals.append(v_phone("jp"))
            elif k == "email_address": vals.append(v_email(["jp", "kr"][mi % 2]))
            else: vals.append(GEN[k]())
        items.append({"text": f(*vals), "secrets": [{"kind": k, "value": v} for k, v in zip(kinds, vals)], "context": "multi:%s:%d" % (name, len(kinds))})
    R.shuffle(items)
    return [{"id": "h%dp-%04d" % (N, k + 1), "text": it["text"], "secrets": it["secrets"], "context": it["context"]} for k, it in enumerate(items)]

def check_positive(s):
    k, v = s["kind"], s["value"]
    nv = unicodedata.normalize("NFKC", v)
    if k == "credit_card": d = re.sub(r"\D", "", nv); assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif k == "iban": assert iban_ok(v), v
    elif k == "us_ssn":
        a, g, s_ = v.split("-"); assert a not in ("000", "666") and int(a) < 900 and g != "00" and s_ != "0000", v
    elif k == "ipv4_address": assert ip_public(v), v
    elif k == "jwt":
        h, p, sig = v.split(".")
        for part in (h, p): json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif k == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v); base64.b64decode(body, validate=True)
    elif k == "github_classic_pat":
        r = v[4:34]; assert v[34:] == base62_enc(zlib.crc32(r.encode()) & 0xffffffff), v
    elif k == "aws_access_key_id": assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif k == "aws_secret_access_key": assert len(v) == 40, v
    elif k == "anthropic_api_key": assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108, v

def main():
    negs, redraws = build_negatives()
    poss = build_positives()
    # ---- negative guarantees
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    cc = {}
    for r in negs: cc[r["category"]] = cc.get(r["category"], 0) + 1
    assert cc == {c: 100 for c in CATS}, cc
    for r in negs: assert not scan(r["text"]), (r["id"], scan(r["text"]))
    # ---- positive guarantees
    assert len(poss) == 150
    nsec = [len(p["secrets"]) for p in poss]
    assert nsec.count(1) == 130 and nsec.count(2) == 20 and sum(nsec) == 170
    kc = {}
    for p in poss:
        for s in p["secrets"]:
            assert s["value"] in p["text"], (p["id"], s)
            check_positive(s); kc[s["kind"]] = kc.get(s["kind"], 0) + 1
    assert len(kc) == 18 and all(v in (9, 10) for v in kc.values()) and sum(kc.values()) == 170, kc
    missed = []
    for p in poss:
        hs = scan(p["text"])
        for s in p["secrets"]:
            nv = re.sub(r"\\n|\s", "", unicodedata.normalize("NFKC", s["value"]))
            if s["kind"] == "private_key_pem" and any(h[0] == "pem" for h in hs): continue
            if not any(re.sub(r"\s", "", h[1]) in nv or nv in re.sub(r"\s", "", h[1]) for h in hs): missed.append((p["id"], s["kind"]))
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in negs: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in poss: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("negatives:", cc, "redraws:", redraws)
    print("positives: texts=%d secrets=%d kinds=%s" % (len(poss), sum(nsec), dict(sorted(kc.items()))))
    print("templates:", {c: len(NEG[c]) for c in CATS})
    print("built-in scanner misses %d positive values (scanner gap, not label gap): %s" % (len(missed), missed))

if __name__ == "__main__":
    main()
