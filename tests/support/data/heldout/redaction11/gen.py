#!/usr/bin/env python3
"""Held-out redaction corpus, set 11 (theme: a platform/infra team's Slack over a quarter).
Standard library only. Deterministic: random.Random(1111). Writes both jsonl files next to this script."""
import base64, binascii, json, os, re, struct, zlib, random, hashlib, ipaddress

SEED = 1111
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers
HEX = "0123456789abcdef"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
def hx(n): return "".join(R.choice(HEX) for _ in range(n))
def rb(n): return bytes(R.getrandbits(8) for _ in range(n))
def b64(b): return base64.b64encode(b).decode()
def b64u(b): return base64.urlsafe_b64encode(b).decode().rstrip("=")
def s62(n, alpha=B62): return "".join(R.choice(alpha) for _ in range(n))
def uuid4():
    h = list(hx(32)); h[12] = "4"; h[16] = R.choice("89ab"); h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
def ulid(): return "01J" + s62(23, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")
def pick(x): return R.choice(x)
def ts_iso(): return "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randint(7, 9), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))
def epoch(): return R.randint(1782864000, 1790726400)  # Q3 2026
def sha(): return hx(40)
def short(): return hx(7)
def priv_ip():
    k = R.randint(0, 3)
    if k == 0: return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1: return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    if k == 2: return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    return "127.0.0.1"
SERVICES = ["checkout-api", "ledger-svc", "edge-gateway", "search-indexer", "notif-worker", "billing-sync", "auth-proxy", "media-resizer", "feature-flags", "inventory-api", "pdf-renderer", "webhooks-dispatch"]
CLUSTERS = ["prod-eu-west-1", "prod-us-east-2", "staging-eu-central-1", "prod-ap-northeast-1", "dev-shared"]
NS = ["payments", "platform", "observability", "storefront", "data", "identity"]
def svc(): return pick(SERVICES)

def png(w=1, h=1, rgba=None):
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    rgba = rgba or (R.randint(0, 255), R.randint(0, 255), R.randint(0, 255), 255)
    raw = b"".join(b"\x00" + bytes(rgba) * w for _ in range(h))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
def gif1():
    c = rb(3)
    return b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
def svg():
    col = "#" + hx(6)
    shapes = [f'<circle cx="8" cy="8" r="{R.randint(3,7)}" fill="{col}"/>', f'<path d="M{R.randint(1,4)} {R.randint(4,8)}l{R.randint(3,6)} {R.randint(3,6)} {R.randint(5,9)}-{R.randint(5,9)}" stroke="{col}" fill="none" stroke-width="2"/>', f'<rect width="16" height="16" rx="{R.randint(1,4)}" fill="{col}"/>']
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">{pick(shapes)}</svg>'
def woff2(n=60):
    body = rb(n)
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", 48 + n) + struct.pack(">HH", R.randint(9, 16), 0) + struct.pack(">I", R.randint(20000, 90000)) + struct.pack(">I", n) + b"\x00\x01\x00\x00" + bytes(16) + body
def webp():
    body = b"VP8L" + struct.pack("<I", 10) + b"\x2f\x00\x00\x00" + rb(6)
    return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body
def srcmap():
    f = pick(["src/index.ts", "src/sw.ts", "src/components/StatusBadge.tsx", "src/lib/fetcher.ts"])
    m = {"version": 3, "file": f.split("/")[-1].rsplit(".", 1)[0] + ".js", "sources": [f], "names": ["fetchStatus", "render", "cache"], "mappings": ";;AAAA,SAASA," + s62(12, "ABCDEFGIKMOQSUWY")}
    return b64(json.dumps(m, separators=(",", ":")).encode())
def wrap(s, n=76): return "\n".join(s[i:i + n] for i in range(0, len(s), n))

# ---------------------------------------------------------------- language lead-ins (no names)
LEAD_NONEN = [
    ("de", "Zur Info:"), ("de", "Kurz zum Deploy von gestern:"), ("de", "Kann das jemand reviewen?"), ("de", "Hier der Output aus der Pipeline:"),
    ("fr", "Pour info :"), ("fr", "Voilà la sortie :"), ("fr", "Quelqu'un peut relire ?"), ("fr", "Pour la rétro de l'incident :"),
    ("es", "Para que conste:"), ("es", "Aquí va el log:"), ("es", "¿Alguien puede revisar esto?"),
    ("pt", "Segue o output:"), ("pt", "Alguém consegue dar uma olhada?"),
    ("ja", "メモ:"), ("ja", "昨日のデプロイのログです:"), ("ja", "レビューお願いします 🙏"), ("ja", "障害対応の記録として貼っておきます:"),
    ("zh", "供参考："), ("zh", "这是构建输出："), ("zh", "帮忙看一下？"),
    ("ru", "К сведению:"), ("ru", "Вот вывод:"), ("ru", "Кто-нибудь может посмотреть?"),
    ("uk", "Ось лог з пайплайну:"), ("ko", "참고로:"), ("ko", "빌드 출력입니다:"), ("hi", "जानकारी के लिए:"),
    ("ar", "للعلم:"), ("pl", "Dla porządku:"), ("nl", "Ter info:"), ("it", "Per info:"), ("tr", "Bilginize:"), ("sv", "FYI från on-call:"),
]
LEAD_EN = ["fyi", "heads up —", ":eyes:", "pasting for the record:", "from the incident channel:", "cc #platform-oncall", "quick one:", "context for the review:"]
TRAIL = [("en", "thx"), ("en", "lgtm?"), ("de", "danke!"), ("fr", "merci"), ("ja", "ありがとうございます"), ("ru", "спасибо"), ("es", "gracias"), ("en", "🙏"), ("zh", "谢谢"), ("ko", "감사합니다")]

def decorate(text, lang, p_lead=0.38, p_trail=0.07):
    if R.random() < p_lead:
        same = [x for x in LEAD_NONEN if x[0] == lang]
        if lang == "en" and R.random() < 0.75:
            l, s = pick(LEAD_NONEN); lang = l
        elif same and R.random() < 0.7:
            l, s = pick(same)
        else:
            s = pick(LEAD_EN)
        text = s + ("\n" if "\n" in text or R.random() < 0.5 else " ") + text
    if R.random() < p_trail:
        l, s = pick([x for x in TRAIL if x[0] in (lang, "en")]); text += "\n" + s
        if lang == "en": lang = l
    return text, lang

# ================================================================ NEGATIVES
# ---- data_uri_base64
def d_css():
    u = "data:image/png;base64," + b64(png(R.randint(1, 4), R.randint(1, 4)))
    sel = pick([".status-dot--ok", ".deploy-badge", ".grafana-panel__spinner", ".oncall-avatar-fallback", ".btn-icon--rollback"])
    return f"```css\n{sel} {{\n  background-image: url(\"{u}\");\n  background-size: {R.randint(8,24)}px;\n}}\n```", "en"
def d_font():
    u = b64(woff2(R.randint(40, 110)))
    fam = pick(["Inter var", "IBM Plex Mono", "JetBrains Mono", "StatusIcons"])
    lead = pick([("en", "the status page inlines the icon font, that's why the CSS is 40kb:"), ("de", "Die Statusseite bettet die Icon-Schrift ein, deshalb ist das CSS so groß:"), ("ja", "ステータスページはアイコンフォントをインライン化しています:"), ("fr", "la police d'icônes est inlinée dans le CSS de la status page :")])
    return f"{lead[1]}\n```css\n@font-face {{\n  font-family: \"{fam}\";\n  src: url(data:font/woff2;base64,{u}) format(\"woff2\");\n  font-display: swap;\n}}\n```", lead[0]
def d_img():
    u = b64(png(R.randint(2, 6), R.randint(2, 6)))
    return f"the runbook renders the legend swatch like this, no external fetch:\n```html\n<img alt=\"p99 legend\" width=\"12\" height=\"12\" src=\"data:image/png;base64,{u}\">\n```", "en"
def d_jsx():
    u = b64(png(R.randint(4, 10), R.randint(3, 8)))
    comp = pick(["DashboardThumb", "DeployCard", "ServiceAvatar", "IncidentHero"])
    return f"```tsx\n<Image\n  src={{thumbUrl}}\n  placeholder=\"blur\"\n  blurDataURL=\"data:image/png;base64,{u}\"\n  alt=\"{comp}\"\n/>\n```", "en"
def d_svg_pct():
    s = svg().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return f"stylelint complains about this in `tokens.scss`, can we move it to a file?\n```scss\n$icon-check: url(\"data:image/svg+xml,{s}\");\n```", "en"
def d_svg_b64():
    u = b64(svg().encode())
    lang, lead = pick([("en", "new favicon for the internal Grafana, base64'd so it survives the proxy:"), ("es", "nuevo favicon para el Grafana interno, en base64:"), ("pt", "favicon novo pro Grafana interno:"), ("zh", "内部 Grafana 的新 favicon（base64）：")])
    return f"{lead}\n`<link rel=\"icon\" href=\"data:image/svg+xml;base64,{u}\">`", lang
def d_gif():
    u = b64(gif1())
    return f"tracking pixel in the vendor's status email template is `data:image/gif;base64,{u}` — it's a 1x1 transparent gif, nothing to worry about", "en"
def d_srcmap():
    files = "\n".join(f"dist/assets/{pick(['index','vendor','sw','chart'])}-{s62(8)}.js   {R.randint(2,480)}.{R.randint(10,99)} kB │ gzip: {R.randint(1,140)}.{R.randint(10,99)} kB" for _ in range(R.randint(3, 6)))
    return f"vite build on the dashboards repo:\n```\n$ pnpm build\nvite v5.{R.randint(0,4)}.{R.randint(0,12)} building for production...\n✓ {R.randint(300,2400)} modules transformed.\n{files}\n✓ built in {R.randint(3,40)}.{R.randint(10,99)}s\n```\nand the tail of index.js still has an inline map:\n`//# sourceMappingURL=data:application/json;base64,{srcmap()}`", "en"
def d_sw():
    u = b64(png(2, 2))
    return f"```js\n// sw.js — offline fallback for the status page\nconst OFFLINE_ICON = 'data:image/png;base64,{u}';\nself.addEventListener('fetch', (event) => {{\n  if (event.request.destination === 'image') {{\n    event.respondWith(fetch(event.request).catch(() => fetch(OFFLINE_ICON)));\n  }}\n}});\n```", "en"
def d_manifest():
    a, b = b64(png(R.randint(1, 3), R.randint(1, 3))), b64(svg().encode())
    return f"```json\n{{\n  \"name\": \"Platform Status\",\n  \"short_name\": \"status\",\n  \"icons\": [\n    {{ \"src\": \"data:image/png;base64,{a}\", \"sizes\": \"48x48\", \"type\": \"image/png\" }},\n    {{ \"src\": \"data:image/svg+xml;base64,{b}\", \"sizes\": \"any\", \"type\": \"image/svg+xml\" }}\n  ],\n  \"theme_color\": \"#{hx(6)}\"\n}}\n```", "en"
def d_jest():
    u = b64(png(R.randint(1, 3), 1))
    return f"snapshot diff from the design-system bump, only the inlined icon changed:\n```diff\n   <span\n     className=\"Badge_icon__{s62(5)}\"\n-    style={{{{backgroundImage: \"url(data:image/png;base64,{b64(png(1,1))})\"}}}}\n+    style={{{{backgroundImage: \"url(data:image/png;base64,{u})\"}}}}\n   />\n```", "en"
def d_csp():
    u = b64(png(1, 1))
    lang, msg = pick([("en", "CSP report from the new ingress policy:"), ("de", "CSP-Report nach der neuen Ingress-Policy:"), ("ru", "CSP-отчёт после новой политики ingress:"), ("ko", "새 ingress 정책 이후 CSP 리포트:")])
    return f"{msg}\n```json\n{{\"csp-report\":{{\"document-uri\":\"https://status.internal.example/\",\"violated-directive\":\"img-src\",\"blocked-uri\":\"data\",\"line-number\":{R.randint(1,400)},\"script-sample\":\"data:image/png;base64,{u[:40]}\"}}}}\n```\nwe need `img-src 'self' data:`", lang
def d_b64d():
    p = png(1, 1); u = b64(p)
    return f"```\n$ echo '{u}' | base64 -d | file -\n/dev/stdin: PNG image data, 1 x 1, 8-bit/color RGBA, non-interlaced\n$ echo '{u}' | base64 -d | wc -c\n{len(p)}\n```", "en"
def d_wrapped():
    p = png(R.randint(6, 16), R.randint(6, 16)); u = wrap(b64(p))
    lines = u.count("\n") + 1
    return f"exported the alert graph from Grafana's image renderer, the webhook sends it as base64 ({len(p)} bytes):\n```\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\n{u}\n```", "en"
def d_truncated():
    u = b64(png(R.randint(20, 40), R.randint(20, 40)))
    return f"the Datadog notebook export embeds the graph snapshot inline: `data:image/png;base64,{u[:60]}…[{len(u)-60} more chars]` — that's why the json is 3MB", "en"
def d_webp():
    u = b64(webp())
    lang, lead = pick([("en", "media-resizer now returns webp placeholders:"), ("ja", "media-resizer が webp のプレースホルダーを返すようになりました:"), ("fr", "media-resizer renvoie maintenant des placeholders webp :")])
    return f"{lead}\n```json\n{{\"id\":\"{uuid4()}\",\"w\":{R.randint(200,2000)},\"h\":{R.randint(200,2000)},\"lqip\":\"data:image/webp;base64,{u}\"}}\n```", lang
def d_har():
    u = b64(png(1, 1))
    return f"HAR from the slow dashboard load, first entry:\n```json\n{{\"request\":{{\"method\":\"GET\",\"url\":\"data:image/png;base64,{u}\"}},\"response\":{{\"status\":200,\"content\":{{\"size\":{len(base64.b64decode(u))},\"mimeType\":\"image/png\"}}}},\"time\":0.{R.randint(10,99)}}}\n```", "en"
def d_md():
    u = b64(png(1, 1))
    return f"PR description for the runbook template had an inline badge, GitHub strips it:\n`![status](data:image/png;base64,{u})`", "en"
def d_py():
    u = b64(png(R.randint(1, 3), R.randint(1, 3)))
    return f"```python\n# tests/fixtures.py (media-resizer)\nTINY_PNG = base64.b64decode(\n    \"{u}\"\n)\n\ndef test_resize_keeps_alpha(client):\n    r = client.post(\"/v1/resize?w=1\", data=TINY_PNG)\n    assert r.status_code == 200\n```", "en"
def d_go():
    u = b64(gif1())
    return f"```go\n// internal/render/pixel.go\nvar transparentGIF, _ = base64.StdEncoding.DecodeString(\"{u}\")\n\nfunc pixelHandler(w http.ResponseWriter, r *http.Request) {{\n\tw.Header().Set(\"Content-Type\", \"image/gif\")\n\tw.Write(transparentGIF)\n}}\n```", "en"
def d_configmap():
    u = b64(png(R.randint(1, 2), R.randint(1, 2)))
    return f"the status page logo now lives in a ConfigMap:\n```yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: statuspage-assets\n  namespace: {pick(NS)}\nbinaryData:\n  logo.png: {u}\n```", "en"
def d_prose_multi():
    u = b64(svg().encode())
    lang, t = pick([("de", "Frage an Frontend: warum steht im Helm-Chart des Status-Widgets ein data-URI? `icon: data:image/svg+xml;base64,{u}` — das ist doch nur ein SVG, oder?"),
                    ("es", "Pregunta para front: el chart del widget trae un data URI `data:image/svg+xml;base64,{u}`, ¿es solo el icono?"),
                    ("ja", "フロントの方へ: Helm チャートに `data:image/svg+xml;base64,{u}` が入っていますが、これはアイコンだけですよね？"),
                    ("ru", "Вопрос фронтенду: в values.yaml лежит `data:image/svg+xml;base64,{u}` — это просто иконка?"),
                    ("zh", "问一下前端：values.yaml 里有个 `data:image/svg+xml;base64,{u}`，只是图标吧？"),
                    ("pt", "Pergunta pro front: tem um `data:image/svg+xml;base64,{u}` no values.yaml, é só o ícone né?")])
    return t.format(u=u), lang
DATA_T = [d_css, d_font, d_img, d_jsx, d_svg_pct, d_svg_b64, d_gif, d_srcmap, d_sw, d_manifest, d_jest, d_csp, d_b64d, d_wrapped, d_truncated, d_webp, d_har, d_md, d_py, d_go, d_configmap, d_prose_multi]

# ---- placeholder_example
def p_env():
    return f"updated `.env.example` for {svc()}:\n```\nDATABASE_URL=postgres://<user>:<password>@<host>:5432/<db>\nDD_API_KEY=<YOUR_DATADOG_API_KEY>\nDD_APP_KEY=\nSENTRY_DSN=https://<key>@o0.ingest.sentry.io/<project>\nSTRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxx\nSLACK_BOT_TOKEN=xoxb-your-bot-token\nOPENAI_API_KEY=sk-...\n```", "en"
def p_helm():
    return f"```yaml\n# charts/{svc()}/values.yaml\ndatabase:\n  host: {{{{ .Values.global.dbHost }}}}\n  existingSecret: {svc()}-db\n  passwordKey: password\n  password: \"\"   # never set here, comes from ExternalSecret\nredis:\n  auth:\n    password: changeme   # local kind cluster only\n```", "en"
def p_tf():
    return f"```hcl\nvariable \"db_master_password\" {{\n  type      = string\n  sensitive = true\n}}\n\nresource \"aws_db_instance\" \"{pick(['ledger','billing','events'])}\" {{\n  username = \"app_admin\"\n  password = var.db_master_password\n}}\n```\nplan output shows `password = (sensitive value)` as expected", "en"
def p_tfvars():
    lang, lead = pick([("en", "the example tfvars is fine to commit, it's only placeholders:"), ("de", "Die Beispiel-tfvars darf ins Repo, da stehen nur Platzhalter:"), ("fr", "le tfvars d'exemple peut être commité, ce ne sont que des placeholders :"), ("ja", "サンプルの tfvars はプレースホルダーだけなのでコミットしてOKです:")])
    return f"{lead}\n```hcl\n# terraform.tfvars.example\ndatadog_api_key   = \"REPLACE_ME\"\ndatadog_app_key   = \"REPLACE_ME\"\ndb_master_password = \"changeme\"\npagerduty_token   = \"<pagerduty-api-token>\"\n```", lang
def p_aws():
    return "```ini\n# ~/.aws/credentials — example from the AWS docs, used in the localstack README\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-west-1\n```", "en"
def p_gha():
    return f"```yaml\n- name: Deploy {svc()}\n  env:\n    KUBECONFIG_DATA: ${{{{ secrets.KUBECONFIG_PROD }}}}\n    DD_API_KEY: ${{{{ secrets.DD_API_KEY }}}}\n    NPM_TOKEN: ${{{{ secrets.NPM_TOKEN }}}}\n  run: ./scripts/deploy.sh --cluster {pick(CLUSTERS)}\n```", "en"
def p_compose():
    return "```yaml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: postgres\n      POSTGRES_PASSWORD: postgres\n  rabbit:\n    image: rabbitmq:3-management\n    # default guest/guest only works from localhost\n  app:\n    environment:\n      DATABASE_URL: postgres://postgres:postgres@db:5432/app_dev\n      AMQP_URL: amqp://guest:guest@rabbit:5672/\n```", "en"
def p_webhook():
    return "for the alertmanager receiver doc, use Slack's own example URL, not ours:\n`https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`", "en"
def p_redacted():
    t = ts_iso()
    return f"```\n{t} DEBUG http.client  > POST /api/v2/series HTTP/1.1\n{t} DEBUG http.client  > DD-API-KEY: [REDACTED]\n{t} DEBUG http.client  > Authorization: Bearer <redacted>\n{t} DEBUG http.client  < HTTP/1.1 202 Accepted\n```\nthe logger scrubs headers correctly now", "en"
def p_curl():
    lang, lead = pick([("en", "to test the monitor API locally:"), ("es", "para probar la API de monitores en local:"), ("pt", "pra testar a API de monitores localmente:"), ("ru", "чтобы проверить API мониторов локально:")])
    return f"{lead}\n```\ncurl -s https://api.datadoghq.eu/api/v1/monitor \\\n  -H \"DD-API-KEY: ${{DD_API_KEY}}\" \\\n  -H \"DD-APPLICATION-KEY: <YOUR_APP_KEY>\" | jq '.[].name'\n```", lang
def p_vault():
    return f"```yaml\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: {svc()}-db\nspec:\n  secretStoreRef: {{ name: vault-{pick(CLUSTERS)}, kind: ClusterSecretStore }}\n  data:\n    - secretKey: password\n      remoteRef: {{ key: secret/data/{pick(NS)}/db, property: password }}\n```\nvalue lives in Vault; 1Password ref for humans is `op://Platform/{svc()} db/password`", "en"
def p_k8s_secret():
    return f"```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: {svc()}-api\ntype: Opaque\nstringData:\n  API_TOKEN: \"<set-by-ci>\"\n  WEBHOOK_SECRET: \"${{WEBHOOK_SECRET}}\"\n```", "en"
def p_masked():
    return f"Datadog billing: renewal will be charged to the card ending •••• {R.randint(1000,9999)} on file, invoice goes to the finance alias. Nothing for us to do unless procurement asks.", "en"
def p_pem():
    return "README snippet for the mTLS sidecar:\n```\n-----BEGIN PRIVATE KEY-----\n...paste your key here...\n-----END PRIVATE KEY-----\n```\nthe real one is mounted from the `mtls-client` secret, never pasted", "en"
def p_prefix():
    lang, t = pick([("en", "don't paste tokens here. if you need to show the format it's `ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` / `glpat-XXXXXXXXXXXXXXXXXXXX` / `xoxb-…`"),
                    ("de", "Bitte keine Tokens posten. Format zur Erklärung: `ghp_xxxxxxxxxxxxxxxxxxxx`, `github_pat_...`, `sk-ant-api03-...`"),
                    ("fr", "merci de ne pas coller de tokens. Le format c'est `sk-proj-...` ou `AKIA...`, rien de plus"),
                    ("ja", "トークンは貼らないでください。形式の説明なら `ghp_xxxx…` や `xoxp-…` で十分です"),
                    ("zh", "请不要在这里贴 token，说明格式用 `sk-...` 或 `glpat-xxxx` 就够了"),
                    ("ko", "토큰은 붙여넣지 마세요. 형식 설명은 `sk-...`, `AIza****` 정도면 됩니다")])
    return t, lang
def p_stripe_doc():
    return "the Stripe docs' public sample key `sk_test_4eC39HqLyjWDarjtT1zdp7dc` is what the billing-sync contract tests use against stripe-mock, it's in every Stripe tutorial. Real test-mode keys come from Vault.", "en"
def p_grafana():
    return "```yaml\n# provisioning/datasources/datadog.yaml\napiVersion: 1\ndatasources:\n  - name: Datadog\n    type: grafana-datadog-datasource\n    jsonData:\n      site: datadoghq.eu\n    secureJsonData:\n      apiKey: $__env{DD_API_KEY}\n      appKey: $__file{/etc/secrets/dd_app_key}\n```", "en"
def p_jwt_trunc():
    return "the gateway logs only the first chars of the bearer: `Authorization: Bearer eyJhbGciOi…` — that's the header part, not a usable token", "en"
def p_defaults():
    lang, t = pick([("en", "reminder: the kind-based dev stack uses admin/admin for Grafana and changeme for Postgres. These are defaults, rotate nothing."),
                    ("de", "Erinnerung: im lokalen kind-Stack ist Grafana admin/admin und Postgres `changeme`. Das sind Defaults."),
                    ("es", "recordatorio: en el stack local Grafana es admin/admin y Postgres `changeme`, son valores por defecto"),
                    ("ru", "напоминание: в локальном стенде Grafana admin/admin, Postgres `changeme` — это значения по умолчанию")])
    return t, lang
def p_sops_tmpl():
    return "```yaml\n# secrets.example.yaml — copy to secrets.yaml and encrypt with sops\npagerduty:\n  routing_key: <32-char-routing-key>\nstatuspage:\n  api_key: <statuspage-api-key>\ngrafana:\n  admin_password: <generate with: openssl rand -base64 24>\n```", "en"
def p_mysql_local():
    return f"```\n$ kubectl -n {pick(NS)} port-forward svc/mysql 3306:3306 &\n$ mysql -h 127.0.0.1 -u root -p\nEnter password: ********\n```\nthe prompt hides it, and it's the throwaway root of the ephemeral preview env anyway", "en"
def p_terraform_out():
    return f"```\n$ terraform output\ndb_endpoint = \"{svc()}.cluster-{s62(12,'abcdefghijklmnopqrstuvwxyz0123456789')}.eu-west-1.rds.amazonaws.com\"\ndb_password = <sensitive>\nredis_auth_token = <sensitive>\n```", "en"
PLACE_T = [p_env, p_helm, p_tf, p_tfvars, p_aws, p_gha, p_compose, p_webhook, p_redacted, p_curl, p_vault, p_k8s_secret, p_masked, p_pem, p_prefix, p_stripe_doc, p_grafana, p_jwt_trunc, p_defaults, p_sops_tmpl, p_mysql_local, p_terraform_out]

# ---- code_identifier
W = ["Secret", "Token", "Password", "Credential", "Rotation", "Refresh", "Access", "Api", "Key", "Session", "Webhook", "Signing", "Vault", "Lease", "Tenant", "Billing", "Deploy", "Rollout", "Canary", "Shard", "Replica", "Migration"]
def camel(n):
    ws = [pick(W) for _ in range(n)]; return ws[0].lower() + "".join(ws[1:])
def pascal(n): return "".join(pick(W) for _ in range(n))
def snake(n): return "_".join(pick(W).lower() for _ in range(n))
def podname(s): return f"{s}-{hx(R.choice([9,10]))}-{s62(5,'bcdfghjklmnpqrstvwxz2456789')}"
def c_pods():
    rows = []
    for _ in range(R.randint(4, 9)):
        s = svc(); rows.append(f"{podname(s):<44} {pick(['1/1','2/2','0/1'])}   {pick(['Running','Running','Running','CrashLoopBackOff','Pending'])}   {R.randint(0,14):<8} {R.randint(1,59)}m")
    return f"```\n$ kubectl -n {pick(NS)} get pods --context {pick(CLUSTERS)}\nNAME                                         READY   STATUS    RESTARTS   AGE\n" + "\n".join(rows) + "\n```", "en"
def c_tfplan():
    mods = [f"module.{snake(2)}.aws_secretsmanager_secret.{snake(2)}", f"module.eks_{pick(['blue','green'])}.aws_iam_role_policy_attachment.{snake(3)}", f"module.{pick(NS)}_db.aws_db_parameter_group.{snake(2)}", f"helm_release.{svc().replace('-','_')}", f"kubernetes_manifest.{snake(2)}_{pick(['monitor','rule','policy'])}"]
    R.shuffle(mods)
    lines = "\n".join(f"  # {m} will be {pick(['updated in-place','created','destroyed'])}" for m in mods[:R.randint(3, 5)])
    return f"```\nTerraform will perform the following actions:\n\n{lines}\n\nPlan: {R.randint(0,4)} to add, {R.randint(0,6)} to change, {R.randint(0,2)} to destroy.\n```", "en"
def c_ts():
    h = "use" + pascal(4) + "Mutation"; f = camel(5)
    return f"naming nit in the dashboards PR: `{h}` and `{f}` are a mouthful, but they match the generated GraphQL hooks so leave them", "en"
def c_py_tb():
    frames = "\n".join(f"  File \"/app/{pick(['platform','ops','infra'])}/{snake(2)}.py\", line {R.randint(10,900)}, in {snake(R.randint(3,5))}\n    {snake(2)} = self.{snake(3)}({snake(2)})" for _ in range(R.randint(3, 6)))
    return f"```\nTraceback (most recent call last):\n{frames}\n{pascal(3)}Error: lease expired before renewal\n```", "en"
def c_go_panic():
    mod = f"github.com/acme-platform/{svc()}"
    frames = "\n".join(f"{mod}/internal/{pick(['rotation','deploy','lease','shard'])}.(*{pascal(2)}).{pascal(3)}(0xc000{hx(6)})\n\t/src/internal/{snake(1)}/{snake(2)}.go:{R.randint(20,700)} +0x{hx(3)}" for _ in range(R.randint(3, 6)))
    return f"```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x{hx(7)}]\n\ngoroutine {R.randint(1,9000)} [running]:\n{frames}\n```", "en"
def c_gitlog():
    msgs = ["bump ingress-nginx chart to 4.11", "add p99 burn-rate alert for checkout", "migrate ledger to pg16", "drop legacy node pool", "rotate cert-manager issuer", "tune HPA for notif-worker", "fix flaky smoke test", "pin terraform aws provider", "enable topology spread", "add Datadog SLO for search"]
    rows = "\n".join(f"{short()} {pick(msgs)}" for _ in range(R.randint(4, 10)))
    lang, lead = pick([("en", "what went out in today's train:"), ("de", "Was heute im Release-Train war:"), ("fr", "ce qui est parti dans le train d'aujourd'hui :"), ("ja", "今日のリリーストレインの内容:"), ("pl", "co poszło w dzisiejszym release train:")])
    return f"{lead}\n```\n$ git log --oneline v2026.{R.randint(30,39)}.0..HEAD\n{rows}\n```", lang
def c_flags():
    fl = "\n".join(f"- `{snake(R.randint(3,5))}` → {pick(['100%','50%','off','10% canary'])}" for _ in range(R.randint(3, 7)))
    return f"feature flags flipped this week:\n{fl}", "en"
def c_prom():
    m = pick(["apiserver_request_duration_seconds_bucket", "http_server_requests_seconds_count", "container_memory_working_set_bytes", "kube_deployment_status_replicas_unavailable", "pg_stat_replication_replay_lag_seconds"])
    return f"```yaml\ngroups:\n  - name: {svc()}.rules\n    rules:\n      - record: job:{m.rsplit('_',1)[0]}:rate5m\n        expr: sum by (job, namespace) (rate({m}{{namespace=\"{pick(NS)}\"}}[5m]))\n      - alert: {pascal(3)}High\n        expr: job:{m.rsplit('_',1)[0]}:rate5m > {R.randint(1,50)}\n        for: {R.randint(2,15)}m\n```", "en"
def c_graphql():
    fields = "\n".join(f"  {camel(R.randint(2,4))}: {pick(['String','DateTime!','Boolean','Int'])}" for _ in range(R.randint(4, 8)))
    return f"```graphql\ntype {pascal(2)}Status {{\n{fields}\n}}\n```", "en"
def c_sql():
    return f"migration `{R.randint(20260701,20260930)}{R.randint(100000,235959)}_{snake(3)}.sql` for review:\n```sql\nALTER TABLE service_accounts\n  ADD COLUMN api_key_last_four char(4),\n  ADD COLUMN password_hash text,\n  ADD COLUMN {snake(3)}_at timestamptz;\nCREATE INDEX CONCURRENTLY idx_{snake(3)} ON service_accounts ({snake(2)});\n```", "en"
def c_chunks():
    rows = "\n".join(f"  static/chunks/{c}-{hx(16)}.js   {R.randint(1,240)} kB" for c in R.sample(['pages/_app','pages/incidents/[id]','framework','main','webpack','pages/deploys','pages/oncall','pages/dashboards/[uid]'], R.randint(4, 8)))
    return f"```\nRoute (pages)                              Size     First Load JS\n+ First Load JS shared by all\n{rows}\n  css/{hx(16)}.css   {R.randint(2,40)} kB\n```", "en"
def c_cssmod():
    cls = " ".join(f"{pick(['Button','Badge','Panel','Sidebar'])}_{pick(['primary','ghost','danger','collapsed'])}__{s62(5)}" for _ in range(3))
    return f"the class names in the status widget are `{cls}` and `css-{s62(7).lower()}` from emotion — tests shouldn't select on them", "en"
def c_buildids():
    return f"build `{ulid()}` (buildkite #{R.randint(10000,99999)}) is the one that went to {pick(CLUSTERS)}; GitHub Actions run {R.randint(9000000000,9999999999)} attempt {R.randint(1,3)} was the retry", "en"
def c_uids():
    return f"Grafana dashboard uid `{s62(9)}` (\"{svc()} / golden signals\"), Datadog dashboard `{s62(3).lower()}-{s62(3).lower()}-{s62(3).lower()}`, k8s Deployment uid `{uuid4()}` — linking them in the runbook", "en"
def c_bazel():
    t = "\n".join(f"//{pick(['services','libs','infra'])}/{snake(1)}/{snake(2)}:{snake(2)}_{pick(['test','lib','image','push'])}" for _ in range(R.randint(3, 6)))
    return f"```\n$ bazel query 'rdeps(//..., //libs/secrets:rotation_client)'\n{t}\n```", "en"
def c_java():
    fr = "\n".join(f"\tat com.acme.platform.{pick(['vault','deploy','lease'])}.{pascal(3)}.{camel(3)}({pascal(2)}.java:{R.randint(20,800)})" for _ in range(R.randint(5, 30)))
    return f"```\njava.lang.IllegalStateException: {pascal(2)} not initialised\n{fr}\n\tat java.base/java.lang.Thread.run(Thread.java:1583)\n```", "en"
def c_rust():
    fr = "\n".join(f"  {i}: {snake(1)}::{snake(2)}::{snake(2)}::h{hx(16)}" for i in range(R.randint(3, 7)))
    return f"```\nthread 'tokio-runtime-worker' panicked at src/{snake(1)}.rs:{R.randint(10,400)}:{R.randint(5,40)}:\nstack backtrace:\n{fr}\n```", "en"
def c_image():
    return f"deploying `ghcr.io/acme-platform/{svc()}:sha-{short()}` → {pick(CLUSTERS)}, previous was `:sha-{short()}`. ArgoCD app `{svc()}-{pick(CLUSTERS)}` synced at revision {sha()}", "en"
def c_helm_tpl():
    name = svc()
    return f"```yaml\n{{{{- define \"{name}.{camel(3)}\" -}}}}\n{{{{- printf \"%s-%s\" (include \"{name}.fullname\" .) \"{snake(2)}\" | trunc 63 -}}}}\n{{{{- end -}}}}\n```", "en"
def c_multi():
    i = camel(4)
    lang, t = pick([("de", f"Kleine Frage zum Review: ist `{i}()` dasselbe wie `{snake(4)}` im Python-Client?"),
                    ("ja", f"レビューの質問: `{i}()` と Python クライアントの `{snake(4)}` は同じものですか？"),
                    ("fr", f"question de review : `{i}()` fait la même chose que `{snake(4)}` côté client Python ?"),
                    ("es", f"duda de la review: ¿`{i}()` es lo mismo que `{snake(4)}` en el cliente Python?"),
                    ("ru", f"вопрос по ревью: `{i}()` — это то же самое, что `{snake(4)}` в Python-клиенте?"),
                    ("zh", f"评审的问题：`{i}()` 和 Python 客户端里的 `{snake(4)}` 是一回事吗？"),
                    ("uk", f"питання до рев'ю: `{i}()` це те саме, що `{snake(4)}` у Python-клієнті?")])
    return t, lang
CODE_T = [c_pods, c_tfplan, c_ts, c_py_tb, c_go_panic, c_gitlog, c_flags, c_prom, c_graphql, c_sql, c_chunks, c_cssmod, c_buildids, c_uids, c_bazel, c_java, c_rust, c_image, c_helm_tpl, c_multi]

# ---- non_credential_blob
NPM = ["react", "react-dom", "@tanstack/react-query", "vite", "esbuild", "workbox-precaching", "zod", "date-fns", "recharts", "@grafana/data", "tslib", "postcss", "rollup", "undici"]
def ver(): return f"{R.randint(0,18)}.{R.randint(0,30)}.{R.randint(0,20)}"
def n_pkglock():
    ents = []
    for _ in range(R.randint(2, 5)):
        p, v = pick(NPM), ver()
        ents.append(f"    \"node_modules/{p}\": {{\n      \"version\": \"{v}\",\n      \"resolved\": \"https://registry.npmjs.org/{p}/-/{p.split('/')[-1]}-{v}.tgz\",\n      \"integrity\": \"sha512-{b64(rb(64))}\"\n    }}")
    return "lockfile conflict again, resolved by taking main's:\n```json\n" + ",\n".join(ents) + "\n```", "en"
def n_yarn():
    e = []
    for _ in range(R.randint(2, 4)):
        p, v = pick(NPM), ver()
        e.append(f"\"{p}@^{v}\":\n  version \"{v}\"\n  resolved \"https://registry.yarnpkg.com/{p}/-/{p.split('/')[-1]}-{v}.tgz#{sha()}\"\n  integrity sha512-{b64(rb(64))}")
    return "```\n# yarn.lock\n" + "\n\n".join(e) + "\n```", "en"
def n_pnpm():
    p, v = pick(NPM), ver()
    return f"```yaml\n# pnpm-lock.yaml\npackages:\n  /{p}@{v}:\n    resolution: {{integrity: sha512-{b64(rb(64))}}}\n    engines: {{node: '>=18'}}\n    dev: false\n```", "en"
def n_gosum():
    mods = ["github.com/prometheus/client_golang", "go.opentelemetry.io/otel", "k8s.io/client-go", "github.com/hashicorp/vault/api", "golang.org/x/sync"]
    l = "\n".join(f"{m} v{ver()} h1:{b64(rb(32))}\n{m} v{ver()}/go.mod h1:{b64(rb(32))}" for m in R.sample(mods, R.randint(2, 4)))
    return f"```\n{l}\n```", "en"
def n_cargo():
    return f"```toml\n[[package]]\nname = \"{pick(['tokio','hyper','rustls','serde_json','prost'])}\"\nversion = \"{ver()}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"{hx(64)}\"\n```", "en"
def n_pip():
    return f"```\nrequests=={ver()} \\\n    --hash=sha256:{hx(64)} \\\n    --hash=sha256:{hx(64)}\nurllib3=={ver()} \\\n    --hash=sha256:{hx(64)}\n```", "en"
def n_tflock():
    return f"```hcl\n# .terraform.lock.hcl\nprovider \"registry.terraform.io/hashicorp/aws\" {{\n  version     = \"5.{R.randint(40,90)}.0\"\n  constraints = \"~> 5.0\"\n  hashes = [\n    \"h1:{b64(rb(32))}\",\n    \"zh:{hx(64)}\",\n    \"zh:{hx(64)}\",\n  ]\n}}\n```", "en"
def n_minjs():
    v = [s62(1, "abcdefghijklmnopqrstuvwxyz") for _ in range(6)]
    return f"bundler output for sw.js is minified, can't tell what changed:\n```js\n!function(){{\"use strict\";var {v[0]}=\"{hx(8)}\",{v[1]}=[{','.join(str(R.randint(0,999)) for _ in range(8))}];self.addEventListener(\"install\",function({v[2]}){{{v[2]}.waitUntil(caches.open(\"precache-v2-\"+{v[0]}).then(function({v[3]}){{return {v[3]}.addAll([\"/\",\"/index-{s62(8)}.js\",\"/assets/app-{s62(8)}.css\"])}}))}}),self.skipWaiting()}}();\n//# debugId={uuid4()}\n```", "en"
def n_workbox():
    ents = ",".join(f"{{url:\"/assets/{pick(['index','vendor','chart','status'])}-{s62(8)}.js\",revision:null}},{{url:\"/{pick(['index.html','offline.html','manifest.webmanifest'])}\",revision:\"{hx(32)}\"}}" for _ in range(R.randint(2, 4)))
    return f"```js\nself.__WB_MANIFEST=[{ents}];\n```\nthe revision hashes are md5 of the file contents, workbox generates them", "en"
def n_cert():
    body = wrap(b64(b"\x30\x82" + struct.pack(">H", 700) + b"\x30\x82\x02" + rb(300)), 64)
    return f"public cert for the internal CA so people can add it to their trust store:\n```\n-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----\n```", "en"
def n_pubkey():
    der = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rb(64)
    return f"cosign public key for verifying our images (safe to share):\n```\n-----BEGIN PUBLIC KEY-----\n{wrap(b64(der), 64)}\n-----END PUBLIC KEY-----\n```", "en"
def n_sshpub():
    blob = b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rb(32))
    return f"bastion host keys after the rebuild, please update known_hosts:\n```\n$ ssh-keyscan -t ed25519 bastion.{pick(CLUSTERS)}.internal\nbastion.{pick(CLUSTERS)}.internal ssh-ed25519 {blob}\n$ ssh-keygen -lf bastion.pub\n256 SHA256:{b64(rb(32)).rstrip('=')} bastion (ED25519)\n```", "en"
def pb_varint(n):
    out = b""
    while True:
        b = n & 0x7f; n >>= 7
        if n: out += bytes([b | 0x80])
        else: return out + bytes([b])
def n_proto():
    name = svc().encode(); num = R.randint(1, 99999); msg = b"\x0a" + bytes([len(name)]) + name + b"\x10" + pb_varint(num) + b"\x1a\x08" + rb(8)
    lang, lead = pick([("en", "the deploy event on the bus is protobuf, base64 in the DLQ:"), ("de", "Das Deploy-Event auf dem Bus ist Protobuf, in der DLQ base64-kodiert:"), ("ja", "DLQ に入っているデプロイイベント（protobuf, base64）:"), ("zh", "死信队列里的部署事件（protobuf，base64）：")])
    return f"{lead}\n```\n{b64(msg)}\n$ echo ... | base64 -d | protoc --decode_raw\n1: \"{name.decode()}\"\n2: {num}\n3: \"...\"\n```", lang
def n_hexdump():
    data = b"\x00\x00\x00\x01" + rb(44)
    lines = []
    for i in range(0, len(data), 16):
        ch = data[i:i + 16]
        lines.append(f"{i:08x}: " + " ".join(ch[j:j + 2].hex() for j in range(0, len(ch), 2)).ljust(40) + "  " + "".join(chr(c) if 32 <= c < 127 else "." for c in ch))
    return "first bytes of the corrupted WAL segment:\n```\n$ xxd -l 48 00000001000000A7000000" + hx(2).upper() + "\n" + "\n".join(lines) + "\n```", "en"
def n_digest():
    return f"```\n$ crane digest ghcr.io/acme-platform/{svc()}:v{ver()}\nsha256:{hx(64)}\n$ kubectl get pod {podname(svc())} -o jsonpath='{{.status.containerStatuses[0].imageID}}'\nghcr.io/acme-platform/{svc()}@sha256:{hx(64)}\n```", "en"
def n_helmchk():
    return f"```yaml\n  template:\n    metadata:\n      annotations:\n        checksum/config: {hx(64)}\n        checksum/secret: {hx(64)}\n```\nthe secret checksum changing is what triggered the rollout, not a value change we care about", "en"
def n_trace():
    rows = "\n".join(f"{{\"ts\":\"{ts_iso()}\",\"lvl\":\"warn\",\"svc\":\"{svc()}\",\"trace_id\":\"{hx(32)}\",\"span_id\":\"{hx(16)}\",\"msg\":\"upstream slow\",\"dur_ms\":{R.randint(800,9000)}}}" for _ in range(R.randint(2, 5)))
    return f"```\n{rows}\n```\ntraceparent to paste into Tempo: `00-{hx(32)}-{hx(16)}-01`", "en"
def n_sops():
    return f"```yaml\ndb:\n    password: ENC[AES256_GCM,data:{b64(rb(R.randint(18,30)))},iv:{b64(rb(32))},tag:{b64(rb(16))},type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:123456789012:key/{uuid4()}\n    lastmodified: \"{ts_iso()[:19]}Z\"\n    mac: ENC[AES256_GCM,data:{b64(rb(32))},iv:{b64(rb(32))},tag:{b64(rb(16))},type:str]\n    version: 3.9.{R.randint(0,4)}\n```\nencrypted values only, safe in git", "en"
def n_cursor():
    c = b64(json.dumps({"after": uuid4(), "limit": 100}).encode())
    return f"pagination on the audit-log API returns `next_cursor: \"{c}\"` — it's just base64 json", "en"
def n_sha256sum():
    rows = "\n".join(f"{hx(64)}  {pick(['kubectl','helm','terraform','argocd','k9s'])}_{ver()}_linux_{pick(['amd64','arm64'])}.tar.gz" for _ in range(R.randint(2, 5)))
    return f"pinning tool checksums in the runner image:\n```\n{rows}\n```", "en"
def n_etag():
    return f"```\n$ curl -sI https://assets.internal.example/status/app-{s62(8)}.js\nHTTP/2 200\netag: \"{hx(32)}\"\nx-amz-version-id: {s62(32)}\nx-request-id: {hx(32)}\ncache-control: public, max-age=31536000, immutable\n```", "en"
def n_sentry():
    lang, lead = pick([("en", "sentry events for the SW crash:"), ("es", "eventos de Sentry del crash del service worker:"), ("pt", "eventos do Sentry do crash no service worker:"), ("ru", "события Sentry по падению service worker:"), ("ko", "서비스 워커 크래시 Sentry 이벤트:")])
    return f"{lead} " + ", ".join(f"`{hx(32)}`" for _ in range(R.randint(2, 4))), lang
def n_tfstate():
    return f"```json\n{{\n  \"version\": 4,\n  \"terraform_version\": \"1.{R.randint(7,9)}.{R.randint(0,5)}\",\n  \"serial\": {R.randint(100,4000)},\n  \"lineage\": \"{uuid4()}\",\n  \"outputs\": {{}},\n```\nstate lock held by run `{uuid4()}` — someone's plan crashed", "en"
NBLOB_T = [n_pkglock, n_yarn, n_pnpm, n_gosum, n_cargo, n_pip, n_tflock, n_minjs, n_workbox, n_cert, n_pubkey, n_sshpub, n_proto, n_hexdump, n_digest, n_helmchk, n_trace, n_sops, n_cursor, n_sha256sum, n_etag, n_sentry, n_tfstate]

# ---- pii_lookalike_number
def money(lo, hi): return f"{R.randint(lo, hi):,}.{R.randint(0,99):02d}"
def u_deploy():
    v = f"2026.{R.randint(27,39)}.{R.randint(0,9)}"
    lang, t = pick([("en", "🚀 {s} {v} rolling out to {c} — build {b}, started {e} (epoch), ETA {m} min, change CHG{n}"),
                    ("de", "🚀 {s} {v} wird auf {c} ausgerollt — Build {b}, Start {e}, ETA {m} Min., Change CHG{n}"),
                    ("ja", "🚀 {s} {v} を {c} にデプロイ中 — ビルド {b}、開始 {e}、完了予定 {m} 分後、変更番号 CHG{n}"),
                    ("fr", "🚀 déploiement de {s} {v} sur {c} — build {b}, début {e}, ETA {m} min, change CHG{n}"),
                    ("zh", "🚀 {s} {v} 正在发布到 {c} — 构建号 {b}，开始时间 {e}，预计 {m} 分钟，变更单 CHG{n}"),
                    ("ko", "🚀 {s} {v} 를 {c} 에 배포 중 — 빌드 {b}, 시작 {e}, 예상 {m}분, 변경 CHG{n}")])
    return t.format(s=svc(), v=v, c=pick(CLUSTERS), b=R.randint(10000, 99999), e=epoch(), m=R.randint(5, 40), n=R.randint(1000000, 9999999)), lang
def u_billing():
    rows = "\n".join(f"| {s:<22} | {money(100, 48000):>12} | {R.randint(-30,60):+d}% |" for s in R.sample(["EC2-Instances", "EKS", "RDS", "S3", "CloudFront", "NAT Gateway", "Data Transfer", "Datadog (marketplace)", "ElastiCache"], R.randint(4, 7)))
    return f"AWS bill for {pick(['July','August','September'])}, account 123456789012 (consolidated), invoice {R.randint(1000000000,2999999999)}:\n| service | USD | MoM |\n|---|---:|---:|\n{rows}\nPO {R.randint(4500000000,4509999999)} covers it until Q4", "en"
def u_vendor():
    lang, t = pick([("en", "Datadog renewal quote Q-{q}: {h} infra hosts, {a} APM hosts, {l}M log events/month, list ${p}, after discount ${d}/yr. Quote valid until 2026-{mm:02d}-{dd:02d}."),
                    ("de", "Datadog-Angebot Q-{q}: {h} Infra-Hosts, {a} APM-Hosts, {l} Mio. Log-Events/Monat, Listenpreis {p} $, nach Rabatt {d} $/Jahr, gültig bis {dd:02d}.{mm:02d}.2026."),
                    ("es", "Presupuesto Datadog Q-{q}: {h} hosts infra, {a} hosts APM, {l}M eventos de log/mes, precio lista {p} USD, con descuento {d} USD/año, válido hasta el {dd:02d}/{mm:02d}/2026."),
                    ("ja", "Datadog の見積 Q-{q}: インフラ {h} ホスト、APM {a} ホスト、ログ {l}M 件/月、定価 ${p}、割引後 ${d}/年。有効期限 2026年{mm}月{dd}日。")])
    return t.format(q=R.randint(100000, 999999), h=R.randint(80, 900), a=R.randint(20, 300), l=R.randint(50, 900), p=money(90000, 900000), d=money(60000, 600000), mm=R.randint(9, 12), dd=R.randint(1, 28)), lang
def u_ss():
    rows = "\n".join(f"LISTEN 0      {R.choice([128,511,4096])}   {priv_ip()}:{pick([5432,6379,8080,9090,9100,3000,8443,6443,2379,10250])}   0.0.0.0:*   users:((\"{pick(['postgres','redis-server','envoy','node_exporter','kubelet','etcd'])}\",pid={R.randint(300,90000)},fd={R.randint(3,40)}))" for _ in range(R.randint(3, 7)))
    return f"```\n$ ss -tlnp\nState  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\n{rows}\n```", "en"
def u_cidr():
    rows = "\n".join(f"| {c} | 10.{R.randint(0,255)}.0.0/{pick([16,17,18,20])} | {R.randint(1,3)} AZs |" for c in R.sample(CLUSTERS, R.randint(3, 5)))
    return f"VPC CIDR plan for the new clusters (pods use 100.64.0.0/10, services 172.20.0.0/16):\n| cluster | vpc cidr | azs |\n|---|---|---|\n{rows}", "en"
def u_latency():
    rows = "\n".join(f"{s:<18} {R.randint(5,80):>5}ms {R.randint(60,400):>6}ms {R.randint(300,2500):>6}ms {R.randint(100,9000):>8} rps" for s in R.sample(SERVICES, R.randint(4, 8)))
    return f"weekly latency review (Grafana, last 7d):\n```\nservice             p50     p95      p99      traffic\n{rows}\n```", "en"
def u_promresult():
    pts = ",".join(f"[{epoch()}.{R.randint(0,999):03d},\"{R.randint(0,500)}.{R.randint(0,99)}\"]" for _ in range(R.randint(3, 6)))
    return f"```json\n{{\"status\":\"success\",\"data\":{{\"resultType\":\"matrix\",\"result\":[{{\"metric\":{{\"job\":\"{svc()}\",\"instance\":\"{priv_ip()}:9100\"}},\"values\":[{pts}]}}]}}}}\n```", "en"
def epoch_ms():
    while True:  # 13-digit ms timestamps: skip the ~10% that happen to pass Luhn so the card scanner stays clean
        v = str(epoch() * 1000 + R.randint(0, 999))
        if not luhn_ok(v): return v
def u_csv():
    rows = "\n".join(f"INC-{R.randint(1000,4999)},{epoch_ms()},{pick(['SEV1','SEV2','SEV3'])},{R.randint(3,300)},{pick(SERVICES)}" for _ in range(R.randint(6, 38)))
    return f"incident export for the quarterly review:\n```csv\nid,opened_at_ms,severity,minutes_to_mitigate,service\n{rows}\n```", "en"
def u_pgmig():
    return f"```\n=> migrating {R.randint(20260701000000,20260930235959)} backfill_{pick(['ledger_entries','events','invoices'])}\n-- rows processed: {R.randint(10,900):,} {R.randint(100,999)} {R.randint(100,999)}\n-- duration: {R.randint(10,5000)}.{R.randint(100,999)}s\n-- replay lag peak: {R.randint(0,90)}s, LSN 1{hx(1).upper()}/{hx(8).upper()}\n=> migrated ({R.randint(10,5000)}.{R.randint(100,999)}s)\n```", "en"
def u_orders():
    rows = "\n".join(f"{ts_iso()} WARN checkout-api order_id={R.randint(100000000,99999999999)} amount={money(5,2000)} EUR retry={R.randint(1,5)} upstream=10.{R.randint(0,255)}.{R.randint(0,255)}.{R.randint(1,254)}:8443" for _ in range(R.randint(3, 8)))
    return f"```\n{rows}\n```", "en"
def u_tickets():
    lang, t = pick([("en", "open from this sprint: PLAT-{a}, PLAT-{b}, INC-{c}; {cve} patched in ingress-nginx {v}; ServiceNow RITM{r}"),
                    ("pl", "otwarte w tym sprincie: PLAT-{a}, PLAT-{b}, INC-{c}; {cve} załatane w ingress-nginx {v}; RITM{r}"),
                    ("nl", "nog open deze sprint: PLAT-{a}, PLAT-{b}, INC-{c}; {cve} gepatcht in ingress-nginx {v}; RITM{r}"),
                    ("it", "aperti in questo sprint: PLAT-{a}, PLAT-{b}, INC-{c}; {cve} corretto in ingress-nginx {v}; RITM{r}")])
    return t.format(a=R.randint(1000, 9999), b=R.randint(1000, 9999), c=R.randint(1000, 4999), cve=f"CVE-2026-{R.randint(10000,49999)}", v=f"1.{R.randint(9,13)}.{R.randint(0,6)}", r=R.randint(1000000, 9999999)), lang
def u_nodes():
    rows = "\n".join(f"ip-10-{R.randint(0,255)}-{R.randint(0,255)}-{R.randint(1,254)}.eu-west-1.compute.internal   {R.randint(100,3900)}m   {R.randint(2,97)}%   {R.randint(800,60000)}Mi   {R.randint(5,95)}%" for _ in range(R.randint(3, 8)))
    return f"```\n$ kubectl top nodes\nNAME                                          CPU(cores)   CPU%   MEMORY(bytes)   MEMORY%\n{rows}\n```", "en"
def u_alertpayload():
    return f"```json\n{{\n  \"receiver\": \"platform-pager\",\n  \"status\": \"firing\",\n  \"alerts\": [{{\n    \"labels\": {{\"alertname\": \"KubePodCrashLooping\", \"namespace\": \"{pick(NS)}\", \"pod\": \"{podname(svc())}\"}},\n    \"annotations\": {{\"value\": \"{R.randint(3,40)}\"}},\n    \"startsAt\": \"{ts_iso()}\",\n    \"fingerprint\": \"{hx(16)}\"\n  }}],\n  \"groupKey\": \"{{}}:{{alertname=\\\"KubePodCrashLooping\\\"}}\",\n  \"truncatedAlerts\": 0\n}}\n```", "en"
def u_semver():
    rows = "\n".join(f"- bump {pick(NPM)} from {ver()} to {ver()}" for _ in range(R.randint(3, 6)))
    return f"dependabot batch for the status page:\n{rows}\nnode engine `>=20.{R.randint(0,18)}.0`, pnpm {R.randint(8,9)}.{R.randint(0,15)}.{R.randint(0,9)}", "en"
def u_slackts():
    t = epoch()
    return f"see the thread at ts `{t}.{R.randint(100000,999999)}` in #inc-{R.randint(1000,4999)}, permalink id p{t}{R.randint(100000,999999)}", "en"
def u_bytes():
    return f"PVC `data-{svc()}-0` at {R.randint(70,99)}%: {R.randint(100000000000,999999999999)} bytes used of {R.randint(1000000000000,2000000000000)}, growth {R.randint(1,20)} GiB/day, {R.randint(2,40)} days left", "en"
def u_portfwd():
    p = R.randint(10000, 60000)
    return f"```\n$ kubectl -n observability port-forward svc/grafana {p}:3000\nForwarding from 127.0.0.1:{p} -> 3000\nForwarding from [::1]:{p} -> 3000\nHandling connection for {p}\n```", "en"
def u_dates():
    lang, t = pick([("ja", "メンテナンス窓: 2026年{m}月{d}日 02:00〜04:00 JST（{d2:02d}/{m:02d} 17:00 UTC）。対象: {s} の Postgres {v}"),
                    ("de", "Wartungsfenster: {d}.{m}.2026, 02:00–04:00 MESZ. Betroffen: {s} Postgres {v}"),
                    ("fr", "Fenêtre de maintenance : le {d}/{m}/2026 de 2h à 4h. Concerné : {s} Postgres {v}"),
                    ("ru", "Окно обслуживания: {d}.{m:02d}.2026, 02:00–04:00 МСК. Затронуто: {s}, Postgres {v}"),
                    ("en", "maintenance window: 2026-{m:02d}-{d:02d} 01:00–03:00 UTC, {s} Postgres {v}")])
    d = R.randint(2, 28)
    return t.format(m=R.randint(7, 9), d=d, d2=d - 1, s=svc(), v=f"{R.randint(14,16)}.{R.randint(1,8)}"), lang
def u_slo():
    rows = "\n".join(f"| {s} | 99.{R.choice([5,9,95])} | {R.randint(90,100)}.{R.randint(0,99):02d}% | {R.randint(-50,100)}% |" for s in R.sample(SERVICES, R.randint(3, 6)))
    return f"SLO status end of Q3:\n| service | target | actual (28d) | budget left |\n|---|---|---|---|\n{rows}", "en"
def u_pricing():
    lang, t = pick([("en", "egress priced at ${a} per GB after the first 10 TB; we did {b} TB last month ≈ ${c}"),
                    ("es", "el egress cuesta {a} USD por GB después de 10 TB; el mes pasado fueron {b} TB ≈ {c} USD"),
                    ("pt", "egress custa US$ {a} por GB depois de 10 TB; mês passado foram {b} TB ≈ US$ {c}"),
                    ("zh", "前 10 TB 之后出流量每 GB {a} 美元；上个月 {b} TB，约 {c} 美元")])
    return t.format(a=f"0.0{R.randint(2,9)}", b=R.randint(11, 90), c=money(800, 9000)), lang
def u_ratelimit():
    return f"```\nHTTP/1.1 429 Too Many Requests\nx-ratelimit-limit: {R.choice([300,600,1000,5000])}\nx-ratelimit-remaining: 0\nx-ratelimit-reset: {epoch()}\nretry-after: {R.randint(5,120)}\n```\nfrom the Datadog metrics API during the backfill", "en"
NUM_T = [u_deploy, u_billing, u_vendor, u_ss, u_cidr, u_latency, u_promresult, u_csv, u_pgmig, u_orders, u_tickets, u_nodes, u_alertpayload, u_semver, u_slackts, u_bytes, u_portfwd, u_dates, u_slo, u_pricing, u_ratelimit]

# ---- talk_about_secrets
TALK = [
    ("en", "rotated the Datadog API key after the vendor offboarding; the new one is in Vault, nothing changes for services using ESO"),
    ("en", "someone pasted a deploy token in #deploys yesterday. It was revoked within 4 minutes and the message deleted. Please use the secrets request form instead."),
    ("en", "reminder: the Postgres master password rotates every 30 days now, the lambda handles it, don't hardcode it anywhere"),
    ("en", "gitleaks flagged a test fixture with a fake key shape. Adding an allowlist entry for that path, not a real credential"),
    ("en", "does anyone know who owns the PagerDuty integration key for the ledger service? It's due for rotation and the vault path is empty"),
    ("en", "we should stop sharing kubeconfigs with embedded client certs; OIDC login via the SSO broker is ready"),
    ("en", "the Terraform state bucket had plaintext RDS passwords in state. We moved to manage_master_user_password so AWS keeps it in Secrets Manager"),
    ("en", "the GitHub App private key for the deploy bot expires next week, renewal ticket is PLAT-4411"),
    ("en", "card numbers never reach our logs: the checkout team tokenises at the edge, we only see the provider's token reference"),
    ("en", "postmortem action item: add a pre-commit hook that blocks private keys and cloud keys before they hit the remote"),
    ("en", "if you need the staging DB password, request access through the access portal; don't DM it"),
    ("en", "the sealed-secrets controller key was rotated; old SealedSecrets still decrypt because it keeps the previous keys"),
    ("de", "Das Slack-Bot-Token wurde gestern rotiert. Den neuen Wert findet ihr im Vault-Pfad des Teams, bitte nicht hier posten."),
    ("de", "Kurze Erinnerung: Passwörter und API-Keys gehören nicht in Tickets, auch nicht in interne."),
    ("de", "Der TLS-Private-Key des Ingress liegt nur im Secret, niemand hat eine lokale Kopie. cert-manager erneuert ihn automatisch."),
    ("de", "Wir haben im Audit keine IBANs oder Kartennummern in den Logs gefunden, die Maskierung greift."),
    ("fr", "le token d'accès à l'API de facturation expire vendredi ; la rotation est planifiée, aucune action côté équipes"),
    ("fr", "rappel : on ne colle jamais de clé privée dans Slack, même pour déboguer"),
    ("fr", "le scanner de secrets a levé une alerte sur un faux positif (une empreinte SHA-256 dans un lockfile)"),
    ("es", "hemos rotado todas las claves de acceso de AWS del CI; ahora usamos OIDC y ya no hay claves de larga duración"),
    ("es", "si encuentras una contraseña en un log, abre un incidente SEV3 y avisa a seguridad, no la copies aquí"),
    ("es", "el proveedor pidió el número de teléfono de guardia; le dimos el alias de PagerDuty, no números personales"),
    ("pt", "a chave do webhook do Stripe foi rotacionada, o segredo novo já está no Vault"),
    ("pt", "lembrete: nada de tokens em prints de tela de dashboard"),
    ("ja", "昨日の障害で API キーが漏れた可能性があったので、念のため全てローテーションしました。値はここには貼りません。"),
    ("ja", "DB のパスワードは Secrets Manager で自動ローテーションされます。ハードコードしないでください。"),
    ("ja", "秘密鍵を Slack に貼らないでください。共有が必要なら Vault 経由でお願いします。"),
    ("zh", "昨天有人在频道里贴了部署令牌，四分钟内已吊销，消息也删了。"),
    ("zh", "提醒：不要把数据库密码写进 Helm values，用 ExternalSecret 引用。"),
    ("ru", "Токен для Grafana Cloud перевыпущен, старый отозван. Новое значение лежит в Vault, сюда не выкладываю."),
    ("ru", "Напоминаю: пароли и ключи API в тикеты не пишем, даже во внутренние."),
    ("uk", "Ключ доступу до реєстру образів ротовано, нове значення тільки у Vault."),
    ("ko", "어제 유출 의심 건으로 API 키를 전부 교체했습니다. 새 값은 Vault 에만 있습니다."),
    ("ko", "비밀번호나 토큰은 슬랙에 붙여넣지 마세요."),
    ("hi", "डेटाबेस का पासवर्ड हर 30 दिन में अपने आप बदलता है, इसे कोड में मत लिखिए।"),
    ("ar", "تم تدوير مفتاح الواجهة البرمجية، القيمة الجديدة موجودة في Vault فقط."),
    ("pl", "Token do rejestru obrazów został zrotowany, nowa wartość jest tylko w Vault."),
    ("nl", "Het wachtwoord van de staging-database is geroteerd; vraag toegang aan via het portaal."),
    ("it", "la chiave privata del certificato non esce mai dal cluster, la rinnova cert-manager"),
    ("tr", "API anahtarı değiştirildi, yeni değer yalnızca Vault'ta."),
    ("sv", "Deploy-token roterades i går, det nya värdet finns bara i Vault."),
]
def t_single():
    l, s = pick(TALK); return s, l
def t_handoff():
    items = R.sample([s for l, s in TALK if l == "en"], R.randint(2, 4))
    wk = R.randint(27, 39)
    return f"*on-call handoff, week {wk}*\n" + "\n".join(f"• {x}" for x in items) + f"\n• pages this week: {R.randint(1,19)}, none SEV1", "en"
def t_handoff_ml():
    l = pick(["de", "fr", "ja", "ru", "es", "zh"])
    items = [s for ll, s in TALK if ll == l]
    hdr = {"de": "Übergabe On-Call", "fr": "Passation d'astreinte", "ja": "オンコール引き継ぎ", "ru": "Передача дежурства", "es": "Traspaso de guardia", "zh": "值班交接"}[l]
    return f"*{hdr} — W{R.randint(27,39)}*\n" + "\n".join(f"- {x}" for x in R.sample(items, min(len(items), R.randint(2, 3)))), l
def t_postmortem():
    return f"*Postmortem INC-{R.randint(1000,4999)} (SEV{R.randint(2,3)})* — summary\nA CI job printed its environment on failure, which would have included a registry token. Log retention for that job was purged after {R.randint(10,50)} minutes and the token was revoked. Impact: none observed. Follow-ups: mask env in the runner, add `set +x` around auth steps, alert on token use from unknown IPs.", "en"
def t_faq():
    q = pick([("Where do I get the staging DB password?", "You don't: services read it from the Secret that ESO syncs; humans use `vault read` with their SSO role."),
              ("Can I put the API key in a GitHub Actions variable?", "Use a secret, not a variable; variables are visible in logs and to anyone with read access."),
              ("Is a SHA-256 checksum in a lockfile a secret?", "No, it's a public hash of the package tarball. The scanner allowlists lockfiles."),
              ("What do I do if I leak a token?", "Revoke it first, then tell #security-incidents. Don't wait to find out whether it was used."),
              ("Do we store customer phone numbers?", "Only the notification service does, encrypted at rest; they must never appear in logs or traces.")])
    return f"*FAQ*\n> {q[0]}\n{q[1]}", "en"
def t_regex():
    return pick(["the secret scanner regex for cloud keys is too greedy, it matched a base64 PNG in the status page CSS. Tightening it to require a keyword nearby.",
                 "trufflehog verified zero live credentials in the monorepo scan, 14 unverified hits were all test fixtures and docs examples",
                 "question for security: should the log scrubber mask IBAN-shaped strings even in the billing-sync debug logs? today it masks anything that passes the mod-97 check"]), "en"
def t_vendor():
    lang, t = pick([("en", "Vendor thread: the status-page provider asked us to email them an API key for the migration. We said no; they will get a scoped token through their portal invite instead."),
                    ("de", "Lieferanten-Thread: Der Anbieter wollte einen API-Key per Mail. Abgelehnt; sie bekommen einen eingeschränkten Token über ihr Portal."),
                    ("fr", "Fil fournisseur : le prestataire voulait une clé API par e-mail. Refusé ; un jeton limité leur sera donné via leur portail."),
                    ("ja", "ベンダーとのやり取り: API キーをメールで送ってほしいと言われましたが断りました。ポータル経由で権限を絞ったトークンを発行します。")])
    return t, lang
def t_esoerr():
    return f"```\n{ts_iso()} ERROR external-secrets  could not get secret data from provider: key \"secret/data/{pick(NS)}/{svc()}\" property \"password\" not found\n```\nthe ExternalSecret points at a path that was renamed during the Vault migration", "en"
def t_qa():
    lang, t = pick([("en", "> is it ok to log the last 4 of the card for support?\nyes, that's allowed, the full PAN never is"),
                    ("es", "> ¿podemos loguear el email del cliente para depurar?\nno, usa el id interno del cliente"),
                    ("de", "> Dürfen wir die Telefonnummer des Kunden im Trace speichern?\nNein, nur die interne Kunden-ID."),
                    ("pt", "> posso colocar o token no README pra facilitar?\nnão, coloca só o nome da variável de ambiente"),
                    ("ru", "> можно ли хранить пароль в ConfigMap?\nнет, только в Secret через ExternalSecret")])
    return t, lang
TALK_T = [t_single, t_single, t_single, t_handoff, t_handoff_ml, t_postmortem, t_faq, t_regex, t_vendor, t_esoerr, t_qa]

# ================================================================ POSITIVES (fake values)
A32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
def b62enc(n, width):
    s = ""
    while n: n, r = divmod(n, 62); s = B62[r] + s
    return s.rjust(width, "0")
def g_aws_id():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + s62(16, A32)
        if "EXAMPLE" not in v: return v
def g_aws_secret(): return s62(40, B62 + "/+")
def g_ghp():
    body = s62(30); return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xffffffff, 6)
def g_ghfg(): return "github_pat_11" + s62(20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "_" + s62(59)
def g_xoxb(): return f"xoxb-{R.randint(10**10, 10**12)}-{R.randint(10**12, 10**13 - 1)}-{s62(24)}"
def g_xoxp(): return f"xoxp-{R.randint(10**10, 10**12)}-{R.randint(10**10, 10**12)}-{R.randint(10**12, 10**13 - 1)}-{hx(32)}"
def g_openai():
    k = R.randint(0, 2); a = B62 + "_-"
    if k == 0: return "sk-proj-" + s62(74, a) + "T3BlbkFJ" + s62(74, a)
    if k == 1: return "sk-svcacct-" + s62(74, a) + "T3BlbkFJ" + s62(74, a)
    return "sk-" + s62(20) + "T3BlbkFJ" + s62(20)
def g_anthropic(): return "sk-ant-api03-" + s62(93, B62 + "_-") + "AA"
def g_jwt():
    alg = pick(["HS256", "RS256"]); h = {"alg": alg, "typ": "JWT"}
    if alg == "RS256": h["kid"] = hx(16)
    now = epoch()
    p = {"sub": pick(["svc:deploy-bot", "svc:grafana-sync", "user:" + str(R.randint(10000, 99999))]), "iss": pick(["https://sso.acme-platform.internal", "https://auth.acme-platform.io"]), "aud": pick(["argocd", "grafana", "internal-api"]), "iat": now, "exp": now + pick([900, 3600, 86400]), "scope": pick(["deploy:write", "read:metrics", "admin"])}
    sig = rb(32 if alg == "HS256" else 256)
    return b64u(json.dumps(h, separators=(",", ":")).encode()) + "." + b64u(json.dumps(p, separators=(",", ":")).encode()) + "." + b64u(sig)
def der_len(n): return bytes([n]) if n < 128 else bytes([0x81, n]) if n < 256 else bytes([0x82]) + struct.pack(">H", n)
def g_pem(kind):
    if kind == "ec":
        inner = b"\x02\x01\x01" + b"\x04\x20" + rb(32) + b"\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07" + b"\xa1\x44\x03\x42\x00\x04" + rb(64)
        der = b"\x30" + der_len(len(inner)) + inner; label = "EC PRIVATE KEY"
    elif kind == "ed25519":
        der = bytes.fromhex("302e020100300506032b657004220420") + rb(32); label = "PRIVATE KEY"
    else:
        pub = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rb(32); chk = rb(4)
        priv = chk + chk + b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + pub[-32:] + b"\x00\x00\x00\x40" + rb(32) + pub[-32:] + b"\x00\x00\x00\x0cdeploy@ci-01" + b"\x01\x02\x03\x04\x05"
        der = b"openssh-key-v1\x00" + b"\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01" + struct.pack(">I", len(pub)) + pub + struct.pack(">I", len(priv)) + priv
        label = "OPENSSH PRIVATE KEY"
    return label, b64(der)
def g_password():
    k = R.randint(0, 2)
    if k == 0: return s62(R.randint(16, 28), B62 + "!#%^*_-")
    if k == 1: return "-".join(pick(["Lantern", "Quartz", "Mosaic", "Fjord", "Cobalt", "Ember", "Tundra", "Saffron"]) + str(R.randint(10, 99)) for _ in range(3))
    return s62(R.randint(12, 20), B62) + pick(["!", "$", "@9", "#7"])
def g_urlpw(): return s62(R.randint(14, 26), B62 + "_-~")
FIRST = ["m.kowalczyk", "j.okafor", "a.lindqvist", "r.tanaka", "s.moreau", "d.petrov", "l.garcia", "k.nguyen", "p.schneider", "h.rossi", "e.yilmaz", "t.oliveira", "c.novak", "y.suzuki", "n.haddad", "f.jansen"]
DOMAINS = ["northwind-logistics.io", "kestrelbilling.com", "tideway-hosting.net", "ferropay.eu", "gmail.com", "outlook.com", "web.de", "yahoo.co.jp", "brightpath.dev", "orbitalcdn.com", "mail.ru", "proton.me"]
def g_email(): return pick(FIRST).replace(".", pick([".", "_", ""])) + (str(R.randint(1, 99)) if R.random() < 0.3 else "") + "@" + pick(DOMAINS)
def g_phone():
    k = R.randint(0, 8); d = lambda n: "".join(str(R.randint(0, 9)) for _ in range(n))
    return [f"+1 ({R.randint(201,989)}) {R.randint(201,989)}-{d(4)}", f"+44 7{d(3)} {d(6)}", f"+49 15{R.randint(1,9)} {d(8)}", f"+33 6 {d(2)} {d(2)} {d(2)} {d(2)}",
            f"+34 6{d(2)} {d(3)} {d(3)}", f"06-{d(8)}", f"090-{d(4)}-{d(4)}", f"+55 11 9{d(4)}-{d(4)}", f"+91 9{d(4)} {d(5)}"][k]
def luhn_ok(s):
    t = 0
    for i, c in enumerate(reversed(s)):
        n = int(c)
        if i % 2: n = n * 2 - 9 if n > 4 else n * 2
        t += n
    return t % 10 == 0
def g_card():
    k = R.randint(0, 3)
    pre, ln = [("4", 16), (str(R.randint(51, 55)), 16), (pick(["34", "37"]), 15), ("6011", 16)][k]
    body = pre + "".join(str(R.randint(0, 9)) for _ in range(ln - len(pre) - 1))
    for c in "0123456789":
        if luhn_ok(body + c): num = body + c; break
    st = R.randint(0, 2)
    if st == 0: return num
    sep = " " if st == 1 else "-"
    if ln == 15: return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))
def iban_num(s): return int("".join(str(int(c, 36)) for c in s))
def iban_ok(s):
    s = s.replace(" ", ""); return iban_num(s[4:] + s[:4]) % 97 == 1
def g_iban():
    d = lambda n: "".join(str(R.randint(0, 9)) for _ in range(n)); L = lambda n: s62(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    cc = pick(["DE", "GB", "FR", "NL", "BE", "AT", "CH", "PL"])
    if cc == "DE": bban = d(18)
    elif cc == "GB": bban = L(4) + d(14)
    elif cc == "NL": bban = L(4) + d(10)
    elif cc == "AT": bban = d(16)
    elif cc == "CH": bban = d(17)
    elif cc == "PL": bban = d(24)
    elif cc == "BE":
        f = d(10); c = int(f) % 97 or 97; bban = f + "%02d" % c
    else:
        b, g, a = d(5), d(5), d(11); key = 97 - ((89 * int(b) + 15 * int(g) + 3 * int(a)) % 97); bban = b + g + a + "%02d" % key
    chk = 98 - iban_num(bban + cc + "00") % 97
    ib = cc + "%02d" % chk + bban
    assert iban_ok(ib)
    return " ".join(ib[i:i + 4] for i in range(0, len(ib), 4)) if R.random() < 0.5 else ib
def g_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666: break
    return f"{a:03d}-{R.randint(1,99):02d}-{R.randint(1,9999):04d}"
def g_ip():
    while True:
        ip = ipaddress.IPv4Address(R.getrandbits(32))
        if ip.is_global and not ip.is_multicast and not ip.is_reserved and str(ip).split(".")[0] not in ("0", "100", "198", "192", "203"): return str(ip)

KT = {
 "aws_access_key_id": [
   lambda v: f"the old CI user still has an active key, `{v}`, last used 94 days ago — deactivating it now",
   lambda v: f"```\n$ aws sts get-caller-identity --profile legacy-ci\nAn error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.\n$ grep aws_access_key_id ~/.aws/credentials\naws_access_key_id = {v}\n```",
   lambda v: f"CloudTrail event from the incident: `\"userIdentity\": {{\"type\": \"IAMUser\", \"accessKeyId\": \"{v}\"}}`",
   lambda v: f"Zur Info: dieser Key `{v}` steht noch im Jenkins-Job für die Backups, bitte löschen",
   lambda v: f"棚卸しで見つかった古いアクセスキー: {v}（billing-sync 用、もう使っていないはず）",
 ],
 "github_classic_pat": [
   lambda v: f"use my PAT until the deploy bot is fixed: {v}",
   lambda v: f"```\n$ git clone https://{v}@github.com/acme-platform/infra-live.git\nCloning into 'infra-live'...\n```",
   lambda v: f"```yaml\n# .github/workflows/helm-release.yml (temporary!)\nenv:\n  CR_TOKEN: {v}\n```",
   lambda v: f"Der Renovate-Bot läuft jetzt mit `GITHUB_TOKEN={v}`, bis der App-Key erneuert ist",
   lambda v: f"```\nnpm config set //npm.pkg.github.com/:_authToken {v}\n```",
 ],
 "github_fine_grained_pat": [
   lambda v: f"fine-grained token for the terraform-docs action (repo: infra-live only): `{v}`",
   lambda v: f"```\nexport TF_VAR_github_token={v}\nterraform -chdir=github plan\n```",
   lambda v: f"le token pour ArgoCD image updater : {v} (lecture seule sur les packages)",
   lambda v: f"```json\n{{\"repoURL\": \"https://github.com/acme-platform/helm-charts\", \"username\": \"git\", \"password\": \"{v}\"}}\n```",
 ],
 "slack_bot_token": [
   lambda v: f"```yaml\n# alertmanager.yml\nreceivers:\n  - name: platform-slack\n    slack_configs:\n      - channel: '#alerts-platform'\n        http_config:\n          authorization:\n            credentials: {v}\n```",
   lambda v: f"deploy-notifier bot token: {v} — scopes chat:write, channels:read",
   lambda v: f"```\ncurl -s -X POST https://slack.com/api/chat.postMessage -H 'Authorization: Bearer {v}' -d channel=C0{s62(9,'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')} -d text='deploy finished'\n```",
   lambda v: f"Слак-бот для релизов: `SLACK_BOT_TOKEN={v}`",
 ],
 "slack_user_token": [
   lambda v: f"I exported the incident channel with my user token `{v}` — will revoke after the archive finishes",
   lambda v: f"```\nSLACK_USER_TOKEN={v} python3 scripts/export_channel.py --channel inc-2291\n```",
   lambda v: f"ユーザートークンで #inc チャンネルをエクスポートしました: {v}",
 ],
 "openai_api_key": [
   lambda v: f"the incident-summary bot uses `OPENAI_API_KEY={v}`",
   lambda v: f"```python\nclient = OpenAI(api_key=\"{v}\")\nsummary = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)\n```",
   lambda v: f"```yaml\n# charts/postmortem-bot/values.yaml\nenv:\n  OPENAI_API_KEY: \"{v}\"\n```",
   lambda v: f"clave para el bot de resúmenes de incidentes: {v}",
 ],
 "anthropic_api_key": [
   lambda v: f"ANTHROPIC_API_KEY={v}",
   lambda v: f"```ts\nconst client = new Anthropic({{ apiKey: \"{v}\" }});\n```",
   lambda v: f"runbook-assistant is configured with `{v}` in staging, prod reads from Vault",
   lambda v: f"```\n$ kubectl -n platform set env deploy/runbook-assistant ANTHROPIC_API_KEY={v}\ndeployment.apps/runbook-assistant env updated\n```",
 ],
 "jwt": [
   lambda v: f"```\n$ curl -H 'Authorization: Bearer {v}' https://argocd.acme-platform.internal/api/v1/applications\n```",
   lambda v: f"ArgoCD rejected this token, can someone decode it? `{v}`",
   lambda v: f"```json\n{{\"level\":\"debug\",\"msg\":\"outgoing request\",\"headers\":{{\"authorization\":\"Bearer {v}\"}}}}\n```",
   lambda v: f"Grafana service-account token from the sync job: {v}",
 ],
 "password": [
   lambda v: f"```\nServer=ledger-db.{pick(CLUSTERS)}.internal;Port=5432;Database=ledger;User Id=ledger_app;Password={v};SSL Mode=Require\n```",
   lambda v: f"```properties\nspring.datasource.url=jdbc:postgresql://billing-db:5432/billing\nspring.datasource.username=billing\nspring.datasource.password={v}\n```",
   lambda v: f"the Grafana admin password on the new instance is {v} until SSO is wired up",
   lambda v: f"```\nhost=inventory-db port=5432 dbname=inventory user=migrator password={v} sslmode=verify-full\n```",
   lambda v: f"```yaml\nredis:\n  auth:\n    enabled: true\n    password: \"{v}\"\n```",
   lambda v: f"Passwort für den Break-Glass-Account im Vault-UI: {v}",
 ],
 "url_credentials": [
   lambda v: f"```\nDATABASE_URL=postgres://ledger_app:{v}@ledger-db.{pick(CLUSTERS)}.internal:5432/ledger?sslmode=require\n```",
   lambda v: f"```\nMONGO_URI=mongodb+srv://events:{v}@events-prod.x1y2z3.mongodb.net/events\n```",
   lambda v: f"celery broker is `amqps://notif:{v}@mq.acme-platform.internal:5671/notif`",
   lambda v: f"```python\nengine = create_engine(\"mysql+pymysql://reporting:{v}@10.40.3.12:3306/reporting\")\n```",
   lambda v: f"```\nREDIS_URL=rediss://:{v}@cache-prod.acme-platform.internal:6380/0\n```",
 ],
 "email_address": [
   lambda v: f"vendor escalation contact for the CDN outage: {v}",
   lambda v: f"the Datadog account owner is still {v}, we need to move it to the platform alias",
   lambda v: f"```\n{ts_iso()} INFO  notif-worker  sent incident digest to={v} status=250\n```",
   lambda v: f"Rechnungen von Hetzner gehen an {v}, bitte auf die Finance-Adresse umstellen",
   lambda v: f"请把账单联系人改一下，现在是 {v}",
 ],
 "phone_number": [
   lambda v: f"secondary on-call this weekend, reachable at {v} if PagerDuty fails",
   lambda v: f"the colo's remote-hands line for the cage is {v}",
   lambda v: f"Bereitschaft Wochenende: bei Ausfall von PagerDuty bitte {v} anrufen",
   lambda v: f"週末の二次オンコールの連絡先: {v}",
   lambda v: f"если PagerDuty не работает, звоните дежурному: {v}",
 ],
 "credit_card": [
   lambda v: f"finance asked us to switch the AWS payment method to the new corporate card {v}, exp 08/29",
   lambda v: f"the Datadog overage failed, card on file was {v} — it's been replaced",
   lambda v: f"```\n{ts_iso()} ERROR billing-sync stripe charge failed card={v} code=card_declined\n```",
   lambda v: f"tarjeta corporativa para el proveedor de logs: {v}, caduca 11/28",
 ],
 "iban": [
   lambda v: f"the colo provider changed banks, new IBAN for the wire is {v}",
   lambda v: f"Neue Bankverbindung des Rechenzentrums: IBAN {v}, bitte an Kreditoren weitergeben",
   lambda v: f"nouvel IBAN du fournisseur d'hébergement : {v}",
   lambda v: f"```csv\nvendor,iban,amount_eur\nrack-hosting,{v},{money(1000,30000)}\n```",
 ],
 "us_ssn": [
   lambda v: f"HR export that somebody dropped into the shared bucket contains SSNs, first row is {v} — deleting the object and opening an incident",
   lambda v: f"```\n{ts_iso()} WARN  payroll-connector  validation failed employee_ssn={v} reason=duplicate\n```",
   lambda v: f"the contractor onboarding form asked for an SSN and they typed {v} into the Jira ticket",
 ],
 "ipv4_address": [
   lambda v: f"blocking {v} at the WAF, it's been hammering /api/v2/login for 20 minutes",
   lambda v: f"```\n{ts_iso()} WARN  edge-gateway  rate limit exceeded client_ip={v} path=/graphql count={R.randint(500,9000)}\n```",
   lambda v: f"the vendor's egress IP for the webhook allowlist is {v}",
   lambda v: f"SSH brute force from {v} against the old bastion, added to the deny list",
 ],
}
def pem_text(label, body, layout):
    lines = wrap(body, 64).split("\n")
    if layout == 0:
        val = "\n".join(lines); txt = f"deploy key for the gitops repo, will rotate after the migration:\n```\n-----BEGIN {label}-----\n{val}\n-----END {label}-----\n```"
    elif layout == 1:
        val = "\\n".join(lines); txt = f"```json\n{{\"type\": \"service_key\", \"private_key\": \"-----BEGIN {label}-----\\n{val}\\n-----END {label}-----\\n\"}}\n```"
    else:
        val = "\n    ".join(lines); txt = f"```yaml\ntls:\n  key: |\n    -----BEGIN {label}-----\n    {val}\n    -----END {label}-----\n```"
    return txt, val
GEN = {"aws_access_key_id": g_aws_id, "github_classic_pat": g_ghp, "github_fine_grained_pat": g_ghfg, "slack_bot_token": g_xoxb, "slack_user_token": g_xoxp,
       "openai_api_key": g_openai, "anthropic_api_key": g_anthropic, "jwt": g_jwt, "password": g_password, "url_credentials": g_urlpw, "email_address": g_email,
       "phone_number": g_phone, "credit_card": g_card, "iban": g_iban, "us_ssn": g_ssn, "ipv4_address": g_ip}

def multi(name):
    if name == "aws_pair":
        a, s = g_aws_id(), g_aws_secret()
        t = pick([f"```\n[profile terraform-legacy]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-west-1\n```",
                  f"```\nexport AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\nterraform -chdir=envs/prod apply\n```",
                  f"```hcl\nprovider \"aws\" {{\n  region     = \"us-east-2\"\n  access_key = \"{a}\"\n  secret_key = \"{s}\"\n}}\n```",
                  f"Zugangsdaten für den Backup-User (bitte sofort in Vault verschieben): Key-ID {a}, Secret {s}"])
        return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)]
    if name == "contact":
        e, p = g_email(), g_phone()
        t = pick([f"new account manager at the CDN vendor: {e}, {p}", f"Kontakt beim Colo-Anbieter für die Migration: {e} / {p}", f"contacto del proveedor para la migración: {e}, tel. {p}", f"ベンダー側の担当窓口: {e}（電話 {p}）"])
        return t, [("email_address", e), ("phone_number", p)]
    if name == "bank":
        i, e = g_iban(), g_email()
        t = pick([f"vendor says payment for invoice 2026-0{R.randint(7,9)}-{R.randint(100,999)} should go to IBAN {i}; remittance advice to {e}", f"Lieferant bittet um Überweisung auf {i}, Zahlungsavis an {e}"])
        return t, [("iban", i), ("email_address", e)]
    if name == "ips":
        a, b = g_ip(), g_ip()
        return f"```\n{ts_iso()} WARN waf  blocked src={a} rule=942100\n{ts_iso()} WARN waf  blocked src={b} rule=942100\n```", [("ipv4_address", a), ("ipv4_address", b)]
    if name == "dsn_pw":
        u, p = g_urlpw(), g_password()
        return f"```\nPRIMARY_URL=postgres://app:{u}@pg-primary.internal:5432/app\nREPLICA_PASSWORD={p}\n```", [("url_credentials", u), ("password", p)]
    if name == "oncall":
        e, p, ip = g_email(), g_phone(), g_ip()
        t = f"*incident handoff*\n- attacker IP still {ip}, blocked at edge\n- escalation contact at the ISP: {e}, {p}\n- next update 09:00 UTC"
        return t, [("ipv4_address", ip), ("email_address", e), ("phone_number", p)]
    raise ValueError(name)

# ================================================================ scanner (negatives must come back clean)
SCAN = [
    ("email", re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")),
    ("github", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}")),
    ("slack", re.compile(r"xox[abposr]-\d+-")),
    ("sk_key", re.compile(r"sk-[A-Za-z0-9_-]{32,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")),
    ("ssn", re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")),
    ("pem_private", re.compile(r"PRIVATE KEY-----\s*\n\s*[A-Za-z0-9+/]{20,}")),
    ("aws_id", re.compile(r"(?:AKIA|ASIA)[A-Z2-7]{16}")),
    ("phone", re.compile(r"\+\d{1,3}[ (-]*\d{2,4}[ )-]*\d{3,4}[ -]?\d{3,4}|\(\d{3}\) ?\d{3}-\d{4}")),
    ("anthropic", re.compile(r"sk-ant-api\d\d-[A-Za-z0-9_-]{20,}")),
]
IPRE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")
DOCNET = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]
def scan(text):
    hits = []
    for name, rx in SCAN:
        for m in rx.finditer(text):
            if name == "aws_id" and "EXAMPLE" in text[m.start():m.end() + 8]: continue
            if name == "github" and re.fullmatch(r"(gh[pousr]_|github_pat_)[xX.…]+", m.group(0)): continue
            hits.append((name, m.group(0)))
    for m in IPRE.finditer(text):
        parts = [int(x) for x in m.groups()]
        if max(parts) > 255: continue
        ip = ipaddress.IPv4Address(m.group(0))
        if ip.is_global and not any(ip in n for n in DOCNET): hits.append(("public_ip", m.group(0)))
    for m in re.finditer(r"(?<![0-9])(?:\d[ -]?){12,18}\d(?![0-9])", text):
        digits = re.sub(r"\D", "", m.group(0))
        if 13 <= len(digits) <= 19 and luhn_ok(digits): hits.append(("luhn", m.group(0)))
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b", text):
        s = m.group(0).replace(" ", "")
        if 15 <= len(s) <= 34 and s[:2].isalpha() and iban_ok(s): hits.append(("iban", m.group(0)))
    return hits

# ================================================================ build
CATS = [("data_uri_base64", DATA_T), ("placeholder_example", PLACE_T), ("code_identifier", CODE_T),
        ("non_credential_blob", NBLOB_T), ("pii_lookalike_number", NUM_T), ("talk_about_secrets", TALK_T)]
NONLATIN = re.compile(r"[\u0400-\u04ff\u0600-\u06ff\u0900-\u097f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")

def build_negatives():
    out, seen, rejected = [], set(), {}
    for cat, temps in CATS:
        n, tries = 0, 0
        order = []
        while n < 100:
            tries += 1
            assert tries < 20000, cat
            if not order: order = list(temps); R.shuffle(order)
            f = order.pop()
            text, lang = f()
            text, lang = decorate(text, lang)
            if text in seen: continue
            h = scan(text)
            if h:
                for k, _ in h: rejected[k] = rejected.get(k, 0) + 1
                continue
            seen.add(text); out.append({"text": text, "category": cat, "_lang": lang, "_t": f.__name__}); n += 1
    return out, rejected

PLAN_SINGLE = {"aws_access_key_id": 6, "github_classic_pat": 9, "github_fine_grained_pat": 8, "slack_bot_token": 8, "slack_user_token": 7, "openai_api_key": 9,
               "anthropic_api_key": 8, "jwt": 9, "private_key_pem": 8, "password": 9, "url_credentials": 8, "email_address": 6, "phone_number": 7,
               "credit_card": 9, "iban": 8, "us_ssn": 8, "ipv4_address": 6}
PLAN_MULTI = {"aws_pair": 7, "contact": 4, "bank": 2, "ips": 1, "dsn_pw": 1, "oncall": 2}

def build_positives():
    out, seen = [], set()
    jobs = [("s", k) for k, c in PLAN_SINGLE.items() for _ in range(c)] + [("m", k) for k, c in PLAN_MULTI.items() for _ in range(c)]
    for typ, k in jobs:
        while True:
            if typ == "m":
                text, secrets = multi(k); ctx = f"multi:{k}:{len(secrets)}"
            elif k == "private_key_pem":
                kt = pick(["ec", "ed25519", "openssh"]); layout = R.randint(0, 2)
                label, body = g_pem(kt); text, val = pem_text(label, body, layout)
                secrets = [("private_key_pem", val)]; ctx = f"private_key_pem:{kt}:layout{layout}"
            else:
                v = GEN[k](); i = R.randrange(len(KT[k])); text = KT[k][i](v)
                secrets = [(k, v)]; ctx = f"{k}:t{i}"
            text, _ = decorate(text, "en", p_lead=0.22, p_trail=0.05)
            if text not in seen: break
        seen.add(text)
        for kind, v in secrets: assert v in text, (kind, v)
        out.append({"text": text, "secrets": [{"kind": a, "value": b} for a, b in secrets], "context": ctx})
    return out

def check_positive(p):
    for s in p["secrets"]:
        k, v = s["kind"], s["value"]
        if k == "credit_card": assert luhn_ok(re.sub(r"\D", "", v)), v
        if k == "iban": assert iban_ok(v), v
        if k == "us_ssn":
            a, g, sn = v.split("-"); assert a not in ("000", "666") and a[0] != "9" and g != "00" and sn != "0000"
        if k == "ipv4_address": assert ipaddress.IPv4Address(v).is_global
        if k == "jwt":
            for part in v.split(".")[:2]: json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        if k == "private_key_pem": base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
        if k == "aws_access_key_id": assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)

def main():
    neg, rejected = build_negatives()
    pos = build_positives()
    R.shuffle(neg); R.shuffle(pos)
    for p in pos: check_positive(p)
    with open(os.path.join(HERE, "redaction11_negatives.jsonl"), "w", encoding="utf-8") as f:
        for i, r in enumerate(neg, 1):
            f.write(json.dumps({"id": "h11n-%04d" % i, "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction11_positives.jsonl"), "w", encoding="utf-8") as f:
        for i, r in enumerate(pos, 1):
            f.write(json.dumps({"id": "h11p-%04d" % i, **r}, ensure_ascii=False) + "\n")
    # stats
    from collections import Counter
    cats = Counter(r["category"] for r in neg)
    kinds = Counter(s["kind"] for p in pos for s in p["secrets"])
    nonen_neg = sum(1 for r in neg if r["_lang"] != "en")
    nonlat_neg = sum(1 for r in neg if NONLATIN.search(r["text"]))
    nonen_pos = sum(1 for p in pos if re.search(r"[^\x00-\x7f•…—→]", p["text"]))
    lines = [len(r["text"].split("\n")) for r in neg] + [len(p["text"].split("\n")) for p in pos]
    print("negatives", len(neg), dict(cats))
    print("templates per category", {c: len(set(r["_t"] for r in neg if r["category"] == c)) for c, _ in CATS})
    print("negatives non-English", nonen_neg, "non-Latin script", nonlat_neg)
    print("langs", dict(Counter(r["_lang"] for r in neg)))
    print("positives", len(pos), "secrets", sum(kinds.values()), dict(kinds))
    print("positives with non-ASCII prose (approx non-English)", nonen_pos)
    print("lines min/max", min(lines), max(lines), "single-line", sum(1 for l in lines if l == 1), ">=20", sum(1 for l in lines if l >= 20))
    print("scanner rejections during generation", rejected)
    print("scanner hits on final negatives", sum(len(scan(r["text"])) for r in neg))
    print("positives: single-secret", sum(1 for p in pos if len(p["secrets"]) == 1), "two", sum(1 for p in pos if len(p["secrets"]) == 2), "three", sum(1 for p in pos if len(p["secrets"]) == 3))
    print("negative lines min/max", min(len(r["text"].split("\n")) for r in neg), max(len(r["text"].split("\n")) for r in neg), "positive lines max", max(len(p["text"].split("\n")) for p in pos))

if __name__ == "__main__":
    main()
