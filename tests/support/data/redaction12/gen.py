#!/usr/bin/env python3
"""Held-out redaction corpus, set 12 (theme: a product and data team's Slack).

Standard library only. Deterministic: random.Random(1212). Writes
redaction12_negatives.jsonl and redaction12_positives.jsonl next to this file.
"""
import base64
import json
import os
import random
import re
import struct
import zlib

SEED = 1212
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

HEX = "0123456789abcdef"
ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWALNUM = "abcdefghijklmnopqrstuvwxyz0123456789"
B64C = ALNUM + "+/"
B64U = ALNUM + "-_"


def ch(seq):
    return R.choice(seq)


def hx(n):
    return "".join(R.choice(HEX) for _ in range(n))


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(ms):
    h = "%012x" % ms + "7" + hx(3) + ch("89ab") + hx(15)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def wrap(s, w=64):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def ts_iso(day_off=0):
    d = R.randint(1, 28)
    m = R.randint(1, 11)
    return "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (m, d, R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def epoch():
    return R.randint(1767225600, 1795000000)


def priv_ip():
    k = R.randint(0, 3)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    if k == 2:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    return "127.0.0.1"


# ---------------------------------------------------------------- images
def png(w, h):
    pal = [(R.randint(0, 255), R.randint(0, 255), R.randint(0, 255)) for _ in range(3)]
    raw = b""
    for y in range(h):
        raw += b"\x00"
        for x in range(w):
            c = pal[0] if y > h - 1 - (x * 7 + 3) % h else pal[1 + (x + y) % 2 if (x + y) % 5 == 0 else 1]
            raw += bytes(c)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif1x1():
    r, g, b = R.randint(0, 255), R.randint(0, 255), R.randint(0, 255)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes((r, g, b)) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg(n):
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00C\x00" + rbytes(n) + b"\xff\xd9")


def webp(n):
    body = b"WEBPVP8L" + struct.pack("<I", n) + rbytes(n)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def woff2(n):
    return b"wOF2" + struct.pack(">IIHH", 0x00010000, 48 + n, R.randint(8, 20), 0) + rbytes(n)


def svg_icon():
    col = "#" + hx(6)
    pts = " ".join("%d %d" % (R.randint(2, 22), R.randint(2, 22)) for _ in range(R.randint(2, 5)))
    kind = R.randint(0, 2)
    if kind == 0:
        inner = '<path d="M%s Z" fill="%s"/>' % (pts.replace(" ", " L", 1) if False else pts, col)
    elif kind == 1:
        inner = '<circle cx="12" cy="12" r="%d" stroke="%s" stroke-width="2" fill="none"/>' % (R.randint(4, 10), col)
    else:
        inner = '<rect x="%d" y="%d" width="%d" height="%d" rx="2" fill="%s"/>' % (R.randint(1, 6), R.randint(1, 6), R.randint(8, 14), R.randint(8, 14), col)
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % inner


def pct(s):
    out = []
    for c in s:
        if c in '<>#"%{}':
            out.append("%%%02X" % ord(c))
        else:
            out.append(c)
    return "".join(out)


def trunc(s, n):
    if len(s) <= n:
        return s
    return s[:n] + ch(["…", "...", "…[%d more chars]" % (len(s) - n), "<truncated>"])


# ---------------------------------------------------------------- lead-ins / languages
LEADS = {
    "en": ["fyi", "heads up:", "quick q:", "pasting for context:", "from the notebook:", "here's the output", "for the record", "sanity check pls", "re the thread above:"],
    "de": ["Zur Info:", "Kurze Frage:", "Hier der Output:", "Nur als Kontext:", "Kann das jemand bestätigen?", "Aus dem Notebook:"],
    "fr": ["Pour info :", "Petite question :", "Voici la sortie :", "Je colle ça ici :", "Pour contexte :"],
    "es": ["Para que conste:", "Pregunta rápida:", "Os dejo la salida:", "Contexto:", "Ojo con esto:"],
    "pt": ["Só pra registrar:", "Pergunta rápida:", "Segue o output:", "Contexto aqui:"],
    "it": ["Per info:", "Domanda veloce:", "Ecco l'output:"],
    "nl": ["Ter info:", "Even checken:", "Hier de output:"],
    "pl": ["Dla informacji:", "Szybkie pytanie:", "Wklejam wynik:"],
    "ja": ["メモ:", "共有です:", "ログ貼ります:", "確認お願いします:", "参考までに:"],
    "zh": ["供参考:", "贴一下日志:", "同步一下:", "麻烦看一下:"],
    "ko": ["참고:", "로그 공유합니다:", "확인 부탁드려요:"],
    "ru": ["К сведению:", "Вот лог:", "Скидываю вывод:", "Гляньте, пожалуйста:"],
    "uk": ["До відома:", "Ось вивід:"],
    "ar": ["للعلم:", "هذا هو الناتج:"],
    "hi": ["जानकारी के लिए:", "आउटपुट यहाँ है:"],
    "tr": ["Bilginize:", "Çıktı şu:"],
}
TAILS = ["", "", "", " 🙏", "\nthx!", "\n— danke", "\nありがとうございます", "\nспасибо", "\nmerci", "\n谢谢", "\n(no rush)", "\n:eyes:"]


def lead(p_non_en=0.75):
    lang = "en" if R.random() > p_non_en else ch([k for k in LEADS if k != "en"])
    return ch(LEADS[lang])


def decorate(text, p=0.42):
    if R.random() < p:
        text = lead() + ("\n" if "\n" in text or R.random() < 0.5 else " ") + text
    if R.random() < 0.12:
        text = text + ch(TAILS)
    return text


def code(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


# words for identifiers
W = ["user", "payment", "token", "refresh", "password", "reset", "session", "secret", "credential", "email", "phone", "iban",
     "card", "checkout", "order", "refund", "subscription", "churn", "cohort", "funnel", "event", "attribution", "daily", "weekly",
     "api", "key", "rotation", "verification", "onboarding", "consent", "ssn", "masked", "hashed", "last4", "billing", "ledger"]


def snake(n):
    return "_".join(ch(W) for _ in range(n))


def camel(n, upper=False):
    ws = [ch(W) for _ in range(n)]
    s = ws[0] + "".join(w.capitalize() for w in ws[1:])
    return s[0].upper() + s[1:] if upper else s


TEAMS = ["@data-oncall", "@ios-release", "@android-release", "@analytics-eng", "@ml-platform", "@design-systems", "@support-tools", "@l10n", "@growth-pod"]


# ================================================================ NEGATIVES
# ---- data_uri_base64
def d_css_svg():
    names = ["icon-chevron", "icon-close", "badge-new", "empty-state", "spinner", "tab-home", "tab-insights", "chip-check"]
    rules = []
    for _ in range(R.randint(1, 3)):
        rules.append(".%s-%s {\n  background-image: url(\"data:image/svg+xml;base64,%s\");\n  background-size: %dpx %dpx;\n}" % (
            ch(names), rs(4, LOWALNUM), b64(svg_icon().encode()), ch([16, 20, 24]), ch([16, 20, 24])))
    intro = ch(["Figma export for the new insights tab, CSS attached:", "handoff from design — icons inlined so we skip the extra request:",
                "Handoff aus Figma, Icons direkt als Data-URI eingebettet:", "デザインからのハンドオフです。アイコンはdata URIで埋め込み済み:",
                "Экспорт из Figma, иконки встроены прямо в CSS:"])
    return intro + "\n" + code("\n\n".join(rules), "css")


def d_css_svg_pct():
    s = svg_icon()
    return ch(["why does Safari choke on this? works in Chrome", "percent-encoded version per the a11y review", "¿por qué este SVG se ve borroso en Android?", "utf8 form, no base64:"]) + "\n" + code(
        ".toggle::after {\n  content: \"\";\n  mask: url(\"data:image/svg+xml,%s\") no-repeat center;\n}" % pct(s), "scss")


def d_notebook_png():
    p = b64(png(R.randint(6, 18), R.randint(5, 12)))
    cell = {"output_type": "display_data", "data": {"image/png": p if R.random() < 0.6 else trunc(p, R.randint(80, 200)), "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {"needs_background": "light"}}
    intro = ch(["the retention notebook diff is huge because of this output cell, can we strip outputs in pre-commit?",
                "nbstripout didn't run on `notebooks/%s.ipynb`, see:" % snake(3),
                "Le diff du notebook est énorme à cause de cette cellule :", "ノートブックの差分が大きいのはこの出力セルのせいです:",
                "这个 notebook 的 diff 太大了，都是图片输出："])
    return intro + "\n" + code(json.dumps(cell, indent=1), "json")


def d_rn_image():
    p = b64(png(R.randint(2, 6), R.randint(2, 6)))
    return code("<Image\n  style={styles.placeholder}\n  source={{ uri: 'data:image/png;base64,%s' }}\n  resizeMode=\"cover\"\n/>" % p, "jsx") + "\n" + ch(
        ["placeholder until the CDN image loads, build %d" % R.randint(4000, 9999), "this is what the splash uses now", "Platzhalter bis das Bild geladen ist", "プレースホルダー画像です"])


def d_gif_pixel():
    g = b64(gif1x1())
    return ch(["the email-less open-tracking pixel the growth team wants is literally just this:",
               "1x1 spacer from the legacy help-center theme, safe to delete?",
               "Píxel 1x1 del tema antiguo del centro de ayuda, ¿lo quitamos?"]) + "\n`<img src=\"data:image/gif;base64,%s\" width=\"1\" height=\"1\" alt=\"\">`" % g


def d_markdown_img():
    p = b64(png(R.randint(8, 20), R.randint(6, 10)))
    return "![%s](data:image/png;base64,%s)" % (ch(["weekly active users", "funnel step 3 drop-off", "crash-free sessions", "p95 latency"]), trunc(p, R.randint(60, 160))) + "\n" + ch(
        ["^ pasted from the notebook, Slack won't render it", "sorry, wrong paste", "ignore the broken image, it's a data URI", "画像が壊れてますがdata URIです"])


def d_woff():
    f = b64(woff2(R.randint(40, 120)))
    return ch(["font subset for the paywall screen:", "inline font so the receipt PDF renders offline:", "Schrift-Subset für den Paywall-Screen:"]) + "\n" + code(
        "@font-face {\n  font-family: \"BrandSans\";\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n  font-weight: %d;\n  font-display: swap;\n}" % (trunc(f, R.randint(90, 200)), ch([400, 500, 600, 700])), "css")


def d_sourcemap():
    sm = {"version": 3, "file": "%s.%s.js" % (ch(["chart-card", "dashboard", "checkout", "paywall"]), hx(8)), "sources": ["src/components/%s.tsx" % camel(2, True)],
          "names": [camel(2), camel(3), "useMemo"], "mappings": ";;" + ",".join(rs(4, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") for _ in range(R.randint(4, 10)))}
    enc = b64(json.dumps(sm, separators=(",", ":")).encode())
    return ch(["bundle still ships inline sourcemaps in prod:", "why is the analytics widget 40% bigger? last line:", "本番ビルドにインラインのソースマップが残ってます:"]) + "\n" + code(
        "!function(){var e=%d;window.__ev=e}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s" % (R.randint(1, 99), enc), "js")


def d_lottie():
    p = b64(png(R.randint(3, 8), R.randint(3, 8)))
    j = {"v": "5.7.%d" % R.randint(0, 14), "fr": 30, "ip": 0, "op": R.randint(30, 120), "w": 240, "h": 240, "nm": ch(["confetti", "success_check", "onboarding_wave"]),
         "assets": [{"id": "image_0", "w": R.randint(8, 64), "h": R.randint(8, 64), "u": "", "p": "data:image/png;base64," + p, "e": 1}]}
    return ch(["Lottie from design has an embedded PNG, that's why it's 300 KB:", "Lottie con PNG embebido:", "Lottie 里嵌了一张 PNG："]) + "\n" + code(json.dumps(j), "json")


def d_py_fixture():
    p = b64(png(R.randint(2, 5), R.randint(2, 5)))
    return code("THUMB_FIXTURE = base64.b64decode(\n    \"%s\"\n)\n\ndef test_%s():\n    img = Image.open(io.BytesIO(THUMB_FIXTURE))\n    assert img.size == (%d, %d)" % (p, snake(3), R.randint(2, 5), R.randint(2, 5)), "python")


def d_html_jpeg():
    j = b64(jpeg(R.randint(30, 90)))
    return ch(["dbt docs page embeds the logo like this, which breaks the CSP:", "the store listing preview generator output:", "Das Logo in dbt docs ist so eingebettet:"]) + "\n" + code(
        "<img class=\"logo\" alt=\"logo\" src=\"data:image/jpeg;base64,%s\">" % j, "html") + (
        "\n" + "Refused to load the image 'data:image/jpeg;base64,%s' because it violates the following Content Security Policy directive: \"img-src 'self' https:\"." % j[:24] if R.random() < 0.5 else "")


def d_blur():
    w = b64(webp(R.randint(10, 40)))
    return code("export const blurDataURL =\n  \"data:image/webp;base64,%s\";" % w, "ts") + "\n" + ch(["generated by plaiceholder at build time", "webp blur placeholder for the store screenshots carousel", "placeholder borroso generado en build"])


def d_slack_blocks():
    p = b64(png(R.randint(4, 10), R.randint(4, 8)))
    blk = {"blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "*Daily KPI digest* — %s" % ch(["DAU", "conversion", "crash-free users"])}},
                      {"type": "image", "image_url": "data:image/png;base64," + trunc(p, 120), "alt_text": "sparkline"}]}
    return "the digest bot fails with `invalid_blocks` — Slack doesn't accept data URIs in image_url:\n" + code(json.dumps(blk, indent=2, ensure_ascii=False), "json")


def d_echo_decode():
    s = svg_icon()
    return "```\n$ echo '%s' | base64 -d\n%s\n```" % (b64(s.encode()), s)


def d_android_xml():
    p = b64(png(R.randint(2, 4), R.randint(2, 4)))
    return ch(["string resource someone pasted the whole PNG into 🙃", "Quelqu'un a collé l'image entière dans strings.xml :", "Кто-то вставил PNG целиком в strings.xml:"]) + "\n" + code(
        "<string name=\"%s\" translatable=\"false\">data:image/png;base64,%s</string>" % (snake(3), p), "xml")


DATA_URI = [d_css_svg, d_css_svg_pct, d_notebook_png, d_rn_image, d_gif_pixel, d_markdown_img, d_woff, d_sourcemap, d_lottie,
            d_py_fixture, d_html_jpeg, d_blur, d_slack_blocks, d_echo_decode, d_android_xml]


# ---- placeholder_example
def p_dbt_profile():
    return ch(["profiles.yml template for new joiners:", "Vorlage für profiles.yml:", "新メンバー向け profiles.yml のテンプレ:"]) + "\n" + code(
        "analytics:\n  target: dev\n  outputs:\n    dev:\n      type: %s\n      account: <your_account_locator>\n      user: \"{{ env_var('DBT_USER') }}\"\n      password: \"{{ env_var('DBT_PASSWORD') }}\"\n      role: TRANSFORMER\n      database: ANALYTICS_DEV\n      warehouse: %s\n      schema: dbt_<your_initials>\n      threads: %d" % (
            ch(["snowflake", "snowflake"]), ch(["TRANSFORMING_XS", "DEV_WH"]), ch([4, 8, 16])), "yaml")


def p_airflow_conn():
    return code("airflow connections add '%s' \\\n    --conn-uri 'postgresql://<user>:<password>@<host>:5432/<database>'" % ch(["warehouse_pg", "support_replica", "events_db"]), "bash") + "\n" + ch(
        ["don't paste the real one here, put it in the secrets backend", "remplacez les placeholders, le vrai mot de passe est dans Vault", "実際の値はSecrets Managerに入れてください"])


def p_env_example():
    lines = ["# copy to .env and fill in", "MIXPANEL_PROJECT_TOKEN=your-mixpanel-token", "AMPLITUDE_API_KEY=<YOUR_API_KEY>",
             "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-xxxxxxxx", "WANDB_API_KEY=", "SENTRY_DSN=https://<key>@<org>.ingest.sentry.io/<project>",
             "SLACK_BOT_TOKEN=xoxb-your-bot-token", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "STRIPE_SECRET_KEY=sk_test_...",
             "DATABASE_URL=postgres://user:password@localhost:5432/app_dev", "HF_TOKEN=hf_xxx", "REDIS_URL=redis://localhost:6379/0"]
    sel = R.sample(lines[1:], R.randint(4, 9))
    return ch([".env.example after the cleanup PR:", "`.env.example` mis à jour :", "actualicé el `.env.example`:"]) + "\n" + code("\n".join([lines[0]] + sel), "ini")


def p_aws_doc():
    return ch(["the S3 export doc uses the AWS documentation keys, that's intended:", "Doku-Beispiel, das sind die offiziellen AWS-Beispielschlüssel:", "AWSのドキュメント用のサンプルキーです（本物ではありません）:"]) + "\n" + code(
        "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % ch(["eu-west-1", "us-east-1", "eu-central-1"]), "ini")


def p_fastlane():
    return ch(["fastlane doc for the App Store Connect API key:", "Doku für den ASC-API-Key in fastlane:", "fastlane 里 App Store Connect API key 的示例："]) + "\n" + code(
        "app_store_connect_api_key(\n  key_id: \"<KEY_ID>\",\n  issuer_id: \"xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx\",\n  key_content: ENV[\"ASC_KEY_CONTENT\"], # -----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\n  in_house: false\n)", "ruby")


def p_gha():
    return code("- name: Upload to Firebase App Distribution\n  uses: wzieba/Firebase-Distribution-Github-Action@v1\n  with:\n    appId: ${{ secrets.FIREBASE_APP_ID }}\n    serviceCredentialsFileContent: ${{ secrets.FIREBASE_SA_JSON }}\n    groups: %s\n    file: app/build/outputs/apk/release/app-release.apk" % ch(["qa", "internal-testers", "design-review"]), "yaml")


def p_slack_webhook():
    return ch(["for the Airflow failure callback the doc example is fine:", "ejemplo del webhook (todo ceros, de la doc de Slack):", "ドキュメントのサンプルWebhookです:"]) + "\n" + code(
        "SLACK_WEBHOOK_URL = Variable.get(\"slack_webhook\", default_var=\"https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\")", "python")


def p_stripe_doc():
    return ch(["the refund script README copies Stripe's public docs test key, which is fine since it's in every Stripe example:",
               "Stripe-Doku-Testschlüssel (öffentlich, steht in jedem Beispiel):"]) + "\n" + code(
        "curl https://api.stripe.com/v1/refunds \\\n  -u sk_test_4eC39HqLyjWDarjtT1zdp7dc: \\\n  -d payment_intent=pi_<PAYMENT_INTENT_ID>", "bash")


def p_macro():
    return ch(["new support macro, please review wording:", "nueva macro de soporte:", "新しいサポート用マクロです:", "нова макро-відповідь для саппорту:"]) + "\n> Hi {{ticket.requester.first_name}},\n> we refunded order {{order.number}} to the card ending in •••• {{payment.last4}}. It can take %d–%d business days.\n> — {{current_user.first_name}}, %s Support" % (
        R.randint(3, 5), R.randint(7, 10), ch(["Acme", "Lumen", "Pocketly"]))


def p_wandb():
    return "```\n$ wandb login\nwandb: You can find your API key in your browser here: https://wandb.ai/authorize\nwandb: Paste an API key from your profile and hit enter, or press ctrl+c to quit: <paste key here>\n```\n" + ch(
        ["this is how the onboarding doc reads, no key in it", "Doku zeigt nur den Platzhalter", "オンボーディング資料はプレースホルダーのみ"])


def p_compose():
    return code("services:\n  metabase-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: metabase\n      POSTGRES_PASSWORD: changeme\n      POSTGRES_DB: metabase\n  metabase:\n    image: metabase/metabase:v0.5%d.%d\n    ports: [\"3000:3000\"]\n    environment:\n      MB_DB_PASS: changeme" % (R.randint(0, 9), R.randint(0, 9)), "yaml") + "\n" + ch(
        ["local only, obviously", "nur lokal", "solo en local", "ローカル専用です"])


def p_redacted_log():
    return code("\n".join("%s INFO support-api %s %s %s" % (ts_iso(), ch(["GET", "POST"]), ch(["/v2/tickets/%d" % R.randint(100000, 999999), "/v2/orders/%d/refund" % R.randint(10000000, 99999999)]),
                                                           ch(["Authorization: Bearer [REDACTED]", "api_key=***", "password=[FILTERED]", "token=<redacted>", "card=•••• %04d" % R.randint(0, 9999)]))
                          for _ in range(R.randint(2, 6)))) + "\n" + ch(["masking works 👍", "Maskierung greift", "la máscara funciona", "маскирование работает"])


def p_helm():
    return code("warehouse:\n  host: {{ .Values.snowflake.account }}.snowflakecomputing.com\n  password: {{ .Values.snowflake.password | quote }}\n  # resolved from vault:secret/data/analytics/snowflake#password\n  # or op://Data Platform/Snowflake svc/password", "yaml")


def p_jinja_airflow():
    return code("PostgresOperator(\n    task_id=\"%s\",\n    postgres_conn_id=\"{{ var.value.support_db_conn_id }}\",\n    sql=\"sql/%s.sql\",\n    params={\"api_key\": \"{{ var.value.get('zendesk_api_key', 'CHANGE_ME') }}\"},\n)" % (snake(4), snake(3)), "python")


def p_masks():
    return "| field | shown to agents |\n|---|---|\n| card | `xxxx-xxxx-xxxx-%04d` |\n| SSN | `XXX-XX-XXXX` |\n| IBAN | `DE00 0000 0000 0000 0000 00` |\n| phone | `***-***-**%02d` |\n\n" % (R.randint(0, 9999), R.randint(0, 99)) + ch(
        ["that's the masking spec for the support console", "Maskierungsregeln in der Support-Konsole", "サポート画面でのマスク仕様です", "спецификация маскирования"])


def p_localized_doc():
    return ch([
        "Remplacez `<YOUR_TOKEN>` par le jeton de votre espace de travail, puis lancez `make sync-translations`.",
        "Ersetze `<YOUR_TOKEN>` durch dein Crowdin-Token und starte `make sync-translations`.",
        "`<YOUR_TOKEN>` をご自身のCrowdinトークンに置き換えてから `make sync-translations` を実行してください。",
        "Замените `<YOUR_TOKEN>` на свой токен Crowdin и запустите `make sync-translations`.",
        "将 `<YOUR_TOKEN>` 替换为你自己的 Crowdin token，然后运行 `make sync-translations`。",
        "`<YOUR_TOKEN>`을 본인 Crowdin 토큰으로 바꾼 뒤 `make sync-translations`를 실행하세요.",
        "Reemplaza `<YOUR_TOKEN>` por tu token de Crowdin y ejecuta `make sync-translations`.",
    ]) + "\n" + code("crowdin:\n  project_id: %d\n  api_token_env: CROWDIN_PERSONAL_TOKEN  # value: <YOUR_TOKEN>\n  base_path: ./locales" % R.randint(100000, 999999), "yaml")


def p_mlflow():
    return code("import mlflow\n\nos.environ[\"MLFLOW_TRACKING_USERNAME\"] = \"<username>\"\nos.environ[\"MLFLOW_TRACKING_PASSWORD\"] = \"<password>\"\nmlflow.set_tracking_uri(\"https://mlflow.internal.example/\")\nmlflow.set_experiment(\"%s\")" % snake(3), "python") + "\n" + ch(
        ["template from the ML platform wiki", "aus dem Wiki, bitte nicht echte Werte committen", "wiki のテンプレです"])


def p_vendor_prefixes():
    items = ["`sk-...`", "`sk-proj-…`", "`sk-ant-api03-...`", "`xoxb-…`", "`ghp_xxxx…`", "`github_pat_...`", "`AKIA...`", "`glpat-xxxx`", "`whsec_...`", "`sk_live_xxx`", "`hf_...`"]
    return ch(["the secret scanner README lists prefixes it looks for:", "Präfixe, nach denen der Scanner sucht:", "スキャナが検出するプレフィックス一覧:", "Префиксы, которые ищет сканер:"]) + " " + ", ".join(R.sample(items, R.randint(4, 8)))


def p_pem_placeholder():
    return "expected format for `ASC_KEY_CONTENT`:\n" + code("-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----") + "\n" + ch(["(the real one is in 1Password)", "(el real está en el gestor de secretos)", "（本物は1Passwordにあります）"])


def p_default_creds():
    return ch(["Superset local dev login is admin/admin, Airflow is airflow/airflow, RabbitMQ guest/guest. None of these exist outside docker-compose.",
               "Lokal: Superset admin/admin, Airflow airflow/airflow. Gibt es nur im docker-compose.",
               "ローカルのSupersetは admin/admin、Airflowは airflow/airflow です。docker-compose の中だけです。",
               "En local: Superset admin/admin, Airflow airflow/airflow, RabbitMQ guest/guest."]) + (
        "\n`amqp://guest:guest@localhost:5672/`" if R.random() < 0.5 else "")


PLACEHOLDER = [p_dbt_profile, p_airflow_conn, p_env_example, p_aws_doc, p_fastlane, p_gha, p_slack_webhook, p_stripe_doc, p_macro, p_wandb,
               p_compose, p_redacted_log, p_helm, p_jinja_airflow, p_masks, p_localized_doc, p_mlflow, p_vendor_prefixes, p_pem_placeholder, p_default_creds]


# ---- code_identifier
def c_dbt_run():
    n = R.randint(3, 24)
    lines = ["%02d:%02d:%02d  Running with dbt=1.%d.%d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(7, 9), R.randint(0, 9))]
    for i in range(1, n + 1):
        m = ch(["stg", "int", "fct", "dim"]) + "_" + snake(R.randint(3, 5))
        lines.append("%02d:%02d:%02d  %d of %d OK created sql %s model %s.%s ...... [%s in %.2fs]" % (
            R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), i, n, ch(["table", "view", "incremental"]), ch(["analytics", "marts", "staging"]), m,
            ch(["SUCCESS %d" % R.randint(1, 999999), "CREATE VIEW", "INSERT %d" % R.randint(1, 99999)]), R.random() * 90))
    return ch(["nightly dbt run, all green:", "dbt-Lauf von heute Nacht:", "dbt の夜間実行ログ:", "ночной прогон dbt:"]) + "\n" + code("\n".join(lines))


def c_airflow_task():
    dag = ch(["product_analytics_daily", "support_tickets_sync", "ml_feature_store_refresh", "app_store_reviews_ingest"])
    task = snake(R.randint(4, 7))
    run = "scheduled__2026-%02d-%02dT00:00:00+00:00" % (R.randint(1, 11), R.randint(1, 28))
    return code("[%s] {taskinstance.py:%d} INFO - Marking task as SUCCESS. dag_id=%s, task_id=%s, run_id=%s, execution_date=%s, start_date=%s, end_date=%s" % (
        ts_iso(), R.randint(1000, 3000), dag, task, run, run[11:], ts_iso(), ts_iso()))


def c_swift_crash():
    frames = []
    for i in range(R.randint(5, 30)):
        mod = ch(["Pocketly", "PocketlyCore", "AuthKit", "libswiftCore.dylib", "UIKitCore", "CoreFoundation"])
        sym = ch(["%s.%s(_:)" % (camel(3, True), camel(3)), "closure #1 in %s.%s()" % (camel(2, True), camel(3)), "specialized %s.%s" % (camel(2, True), camel(2))])
        frames.append("%-2d  %-22s 0x%016x %s + %d" % (i, mod, R.randint(0x100000000, 0x1FFFFFFFF), sym, R.randint(12, 4000)))
    return ch(["top crash in 7.%d.0 (build %d):" % (R.randint(10, 30), R.randint(4000, 9999)), "Crashlytics の上位クラッシュ:", "Top-Crash im letzten Release:"]) + "\n" + code(
        "Exception Type:  EXC_BREAKPOINT (SIGTRAP)\nTriggered by Thread:  0\n\nThread 0 Crashed:\n" + "\n".join(frames))


def c_mlflow_runs():
    rows = ["| run_id | run_name | val_auc | checkpoint |", "|---|---|---|---|"]
    exp = R.randint(100, 999)
    for _ in range(R.randint(3, 7)):
        rid = hx(32)
        rows.append("| `%s` | %s-%s | %.4f | `s3://ml-artifacts/%d/%s/artifacts/checkpoints/step_%d.pt` |" % (
            rid, ch(["churn", "ltv", "ranker", "fraud-lite"]), rs(6, LOWALNUM), R.uniform(0.7, 0.95), exp, rid, R.randint(1, 60) * 1000))
    return ch(["sweep results, best one on top:", "Ergebnisse vom Sweep:", "スイープ結果です:", "результаты свипа:"]) + "\n" + "\n".join(rows)


def c_release_thread():
    shas = [hx(40) for _ in range(R.randint(3, 6))]
    body = "\n".join("%s %s" % (s[:ch([7, 8, 40])], ch(["fix(paywall): ", "feat(insights): ", "chore(l10n): ", "fix(auth): "]) + camel(3)) for s in shas)
    return ":rocket: Android %d.%d.%d (versionCode %d) cherry-picks:\n" % (R.randint(5, 9), R.randint(0, 40), R.randint(0, 9), R.randint(400000, 999999)) + code(body)


def c_figma():
    return ch(["handoff:", "Figma-Link fürs neue Onboarding:", "デザインはこちら:", "Макет тут:"]) + " https://www.figma.com/design/%s/%s?node-id=%d-%d&t=%s-%d" % (
        rs(22), ch(["Onboarding-v3", "Insights-Tab", "Paywall-Experiments", "Design-System"]), R.randint(1, 9999), R.randint(1, 99999), rs(16), R.randint(0, 9)) + (
        "\nframe ids: " + ", ".join("`%d:%d`" % (R.randint(1, 9999), R.randint(1, 99999)) for _ in range(R.randint(2, 5))) if R.random() < 0.6 else "")


def c_build_ids():
    return "| platform | build | sha | artifact sha256 |\n|---|---|---|---|\n" + "\n".join(
        "| %s | %d | `%s` | `%s` |" % (p, R.randint(10000, 99999), hx(12), hx(64)) for p in R.sample(["iOS", "Android", "web", "macOS"], R.randint(2, 4)))


def c_sql_columns():
    cols = ["user_id", "email_sha256", "phone_e164_hash", "card_last4", "iban_country_code", "password_reset_requested_at", "api_key_last_four",
            "ssn_present_flag", "refresh_token_expires_at", "secret_rotation_due_date", "masked_" + snake(2)]
    sel = R.sample(cols, R.randint(4, 8))
    return code("select\n    " + ",\n    ".join(sel) + "\nfrom {{ ref('%s') }}\nwhere %s is not null\nqualify row_number() over (partition by user_id order by updated_at desc) = 1" % ("dim_" + snake(3), sel[0]), "sql") + "\n" + ch(
        ["no raw PII in this model, only hashes/flags", "nur Hashes und Flags, keine Rohdaten", "生のPIIはなし、ハッシュとフラグのみ"])


def c_kotlin_ids():
    names = [camel(R.randint(4, 6), True) for _ in range(R.randint(2, 5))]
    return code("\n".join("class %s @Inject constructor(private val %s: %s) : %s" % (n, camel(3), camel(3, True), camel(2, True)) for n in names), "kotlin")


def c_l10n_keys():
    key = ".".join([ch(["settings", "auth", "checkout", "support"]), ch(["security", "payment", "account"]), snake(3)])
    vals = {"en": "Change password", "de": "Passwort ändern", "fr": "Modifier le mot de passe", "ja": "パスワードを変更", "ru": "Сменить пароль",
            "ko": "비밀번호 변경", "zh-Hans": "更改密码", "ar": "تغيير كلمة المرور", "pt-BR": "Alterar senha", "hi": "पासवर्ड बदलें", "uk": "Змінити пароль"}
    sel = R.sample(list(vals), R.randint(4, 8))
    body = "\n".join("locales/%s.json:  \"%s\": \"%s\"," % (l, key, vals[l]) for l in sel)
    return ch(["missing keys report from the l10n check:", "Fehlende Übersetzungen:", "翻訳漏れチェックの結果:", "отчёт по ключам локализации:"]) + "\n" + code(body)


def c_wandb_ids():
    return "W&B runs for the %s ablation: " % ch(["ranker", "embedding", "tokenizer"]) + ", ".join("`%s`" % rs(8, LOWALNUM) for _ in range(R.randint(3, 6))) + " (project `%s`)" % snake(2).replace("_", "-")


def c_css_modules():
    return code("\n".join("<div class=\"%s_%s__%s %s\">" % (camel(2, True), camel(1), rs(5), "css-" + rs(7, LOWALNUM)) for _ in range(R.randint(2, 5))), "html") + "\n" + ch(
        ["hash suffixes change every build, don't target them in e2e tests", "Die Hashes ändern sich pro Build", "ハッシュはビルドごとに変わります"])


def c_gradle():
    return code("> Task :app:%s\n> Task :app:bundleRelease\n\nBUILD SUCCESSFUL in %dm %ds\n%d actionable tasks: %d executed, %d up-to-date\n\nPublishing build scan...\nhttps://gradle.com/s/%s" % (
        camel(4), R.randint(1, 9), R.randint(0, 59), R.randint(100, 600), R.randint(10, 99), R.randint(100, 500), rs(13, LOWALNUM)))


def c_dsym():
    return "dSYM UUIDs uploaded for %d.%d.%d:\n" % (R.randint(5, 9), R.randint(0, 40), R.randint(0, 9)) + code("\n".join(
        "UUID: %s (%s) %s.app.dSYM" % (uuid4().upper(), ch(["arm64", "x86_64"]), ch(["Pocketly", "PocketlyWidget", "PocketlyNotificationService"])) for _ in range(R.randint(1, 4))))


def c_sentry_group():
    return ch(["same issue again:", "wieder derselbe Fehler:", "又是这个问题：", "опять та же ошибка:"]) + " `%s` in `%s.%s` — fingerprint `%s`, first seen release `web@%s`" % (
        ch(["TypeError", "KeyError", "NullPointerException"]), camel(3, True), camel(3), hx(32), hx(12))


CODE_ID = [c_dbt_run, c_airflow_task, c_swift_crash, c_mlflow_runs, c_release_thread, c_figma, c_build_ids, c_sql_columns, c_kotlin_ids,
           c_l10n_keys, c_wandb_ids, c_css_modules, c_gradle, c_dsym, c_sentry_group]


# ---- non_credential_blob
def n_integrity():
    pk = ch(["@amplitude/analytics-browser", "posthog-js", "react-native-reanimated", "d3-scale", "@sentry/react-native", "date-fns"])
    return code("\"node_modules/%s\": {\n  \"version\": \"%d.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz\",\n  \"integrity\": \"sha512-%s\"\n}" % (
        pk, R.randint(1, 9), R.randint(0, 30), R.randint(0, 20), pk, pk.split("/")[-1], R.randint(1, 9), R.randint(0, 30), R.randint(0, 20), b64(rbytes(64))), "json")


def n_cert():
    body = "MII" + ch("BCD") + b64(rbytes(R.randint(300, 700)))[4:]
    return ch(["public cert for the API gateway pinning (public part only):", "Öffentliches Zertifikat fürs Pinning:", "ピン留め用の公開証明書です:", "публичный сертификат для pinning:"]) + "\n" + code(
        "-----BEGIN CERTIFICATE-----\n" + wrap(body) + "\n-----END CERTIFICATE-----")


def n_pubkey():
    der = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rbytes(64)
    return ch(["public key for verifying the webhook signatures:", "clé publique pour vérifier les signatures :", "公開鍵（署名検証用）:"]) + "\n" + code(
        "-----BEGIN PUBLIC KEY-----\n" + wrap(b64(der)) + "\n-----END PUBLIC KEY-----")


def n_sshpub():
    k = b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32))
    return "deploy key (public) for the dbt repo:\n`ssh-ed25519 %s %s`" % (k, ch(["dbt-ci-runner", "airflow-worker-deploy", "notebook-sync"]))


def pb_varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def n_protobuf():
    ev = ch(["screen_view", "paywall_impression", "chart_tap", "export_csv"]).encode()
    scr = ch(["InsightsTab", "Onboarding3", "Settings"]).encode()
    t = epoch() * 1000 + R.randint(0, 999)
    f4 = R.randint(1, 500)
    msg = b"\x0a" + pb_varint(len(ev)) + ev + b"\x10" + pb_varint(t) + b"\x1a" + pb_varint(len(scr)) + scr + b"\x20" + pb_varint(f4)
    out = "event payload from the mobile SDK queue (base64 protobuf):\n`%s`" % b64(msg)
    if R.random() < 0.6:
        out += "\n" + code("$ echo '%s' | base64 -d | protoc --decode_raw\n1: \"%s\"\n2: %d\n3: \"%s\"\n4: %d" % (b64(msg), ev.decode(), t, scr.decode(), f4))
    return out


def n_hexdump():
    data = ch([b"PAR1", b"\x89PNG", b"ARROW1", b"SQLite format 3\x00"]) + rbytes(R.randint(24, 80))
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        hexs = " ".join(chunk[i:i + 2].hex() for i in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        lines.append("%08x: %-39s  %s" % (off, hexs, asc))
    return ch(["file header looks wrong, xxd:", "der Header sieht kaputt aus:", "ヘッダーが壊れてるっぽい:", "заголовок битый?"]) + "\n" + code("\n".join(lines))


def n_minjs():
    v = [rs(1, "abcdefghijklmnopqrstuvwxyz") for _ in range(6)]
    js = '!function(%s,%s){"use strict";var %s=%s.__ANALYTICS_QUEUE__||[];%s.track=function(%s,%s){%s.push([%s,%s,Date.now()])};%s.v="%d.%d.%d";%s.h="%s"}(window,document);' % (
        v[0], v[1], v[2], v[0], v[0], v[3], v[4], v[2], v[3], v[4], v[0], R.randint(1, 9), R.randint(0, 30), R.randint(0, 9), v[0], hx(40))
    return ch(["snippet the growth team wants in <head>:", "minified tracker, 1.2 KB:", "トラッキングスニペット（minify済み）:"]) + "\n" + code(js, "js")


def n_sha_list():
    files = ["model.safetensors", "tokenizer.json", "config.json", "optimizer.pt", "scheduler.pt", "trainer_state.json", "rng_state.pth"]
    return "checkpoint-%d checksums:\n" % (R.randint(1, 60) * 500) + code("\n".join("%s  %s" % (hx(64), f) for f in R.sample(files, R.randint(3, 6))))


def n_lfs():
    return code("version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (hx(64), R.randint(10 ** 6, 9 * 10 ** 9))) + "\n" + ch(
        ["the weights are an LFS pointer, you need `git lfs pull`", "nur ein LFS-Pointer", "LFS ポインタのままです"])


def n_docker():
    return code("$ docker pull ghcr.io/acme/%s:%s\n%s: Pulling from acme/%s\nDigest: sha256:%s\nStatus: Downloaded newer image" % (
        ch(["airflow-worker", "dbt-runner", "feature-server"]), hx(7), hx(7), ch(["airflow-worker", "dbt-runner"]), hx(64)))


def n_cursor():
    cur = b64(json.dumps({"after": R.randint(10 ** 6, 10 ** 8), "sort": "created_at", "dir": "desc"}).encode()).rstrip("=")
    return "support API pagination, `next_page` is just base64 JSON:\n" + code(json.dumps({"tickets": ["…"], "meta": {"has_more": True, "after_cursor": cur}}, indent=2), "json")


def n_crash_images():
    lines = ["Binary Images:"]
    base = 0x100000000 + R.randint(0, 0xFFFFF) * 0x1000
    for name in R.sample(["Pocketly", "AuthKit", "Charts", "Lottie", "SentryCore", "dyld"], R.randint(3, 5)):
        lines.append("0x%x - 0x%x %s arm64  <%s> /private/var/containers/Bundle/Application/%s/Pocketly.app/%s" % (
            base, base + R.randint(0x10000, 0xFFFFF), name, hx(32), uuid4().upper(), name))
        base += 0x200000
    return code("\n".join(lines))


def n_xcom():
    payload = b64(json.dumps({"rows_loaded": R.randint(1000, 999999), "partition": "2026-%02d-%02d" % (R.randint(1, 11), R.randint(1, 28)), "status": "ok"}).encode())
    return "XCom value from `%s` (base64):\n`%s`\n%s" % (snake(4), payload, ch(["it's just the row count json", "nur JSON mit der Zeilenanzahl", "中身は行数のJSONだけ"]))


def n_delta_log():
    return code(json.dumps({"add": {"path": "part-%05d-%s-c000.snappy.parquet" % (R.randint(0, 999), uuid4()), "size": R.randint(10 ** 5, 10 ** 8),
                                     "modificationTime": epoch() * 1000, "dataChange": True, "stats": "{\"numRecords\":%d}" % R.randint(1000, 10 ** 6)}}), "json")


def n_request_ids():
    return code("\n".join("%s %s x-request-id=%s etag=\"%s\" trace=%s" % (ts_iso(), ch(["200", "304", "429"]), uuid4(), hx(32), "00-%s-%s-01" % (hx(32), hx(16)))
                          for _ in range(R.randint(2, 6))))


def n_sops():
    return code("snowflake:\n  password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n  kms:\n    - arn: arn:aws:kms:eu-west-1:123456789012:key/%s" % (
        b64(rbytes(R.randint(12, 30))), b64(rbytes(32)), b64(rbytes(16)), uuid4()), "yaml") + "\n" + ch(["encrypted with SOPS, safe to commit", "SOPS-verschlüsselt", "SOPSで暗号化済み"])


BLOB = [n_integrity, n_cert, n_pubkey, n_sshpub, n_protobuf, n_hexdump, n_minjs, n_sha_list, n_lfs, n_docker, n_cursor, n_crash_images, n_xcom, n_delta_log, n_request_ids, n_sops]


# ---- pii_lookalike_number
def money():
    return ch(["€%d.%02d" % (R.randint(1, 400), R.randint(0, 99)), "$%d.%02d" % (R.randint(1, 400), R.randint(0, 99)), "%d,%02d €" % (R.randint(1, 400), R.randint(0, 99)), "¥%d" % R.randint(100, 40000)])


def order_no():
    return ch(["%d" % R.randint(10 ** 8, 10 ** 11 - 1), "A-%d-%05d" % (R.randint(20260101, 20261127), R.randint(0, 99999)), "PKT-%07d" % R.randint(0, 9999999)])


def x_support_ticket():
    return ch(["ticket #%d: order %s was charged twice (%s), refund issued, ref RF-%d" % (R.randint(100000, 999999), order_no(), money(), R.randint(10 ** 6, 10 ** 7)),
               "Ticket #%d: Bestellung %s doppelt abgebucht (%s), Erstattung RF-%d angestoßen" % (R.randint(100000, 999999), order_no(), money(), R.randint(10 ** 6, 10 ** 7)),
               "チケット #%d: 注文 %s が二重請求（%s）。返金処理済み RF-%d" % (R.randint(100000, 999999), order_no(), money(), R.randint(10 ** 6, 10 ** 7)),
               "Тикет #%d: заказ %s списан дважды (%s), возврат RF-%d оформлен" % (R.randint(100000, 999999), order_no(), money(), R.randint(10 ** 6, 10 ** 7)),
               "tíquet #%d: pedido %s cobrado dos veces (%s), reembolso RF-%d" % (R.randint(100000, 999999), order_no(), money(), R.randint(10 ** 6, 10 ** 7))])


def x_release_numbers():
    ma, mi, pa = R.randint(5, 9), R.randint(0, 40), R.randint(0, 9)
    return ":iphone: %d.%d.%d (%d) submitted — App Store submission `%s`, Play track `production` versionCode %d, rollout %d%%\nreview ETA ~%dh, previous build %d.%d.%d (%d)" % (
        ma, mi, pa, R.randint(1000, 9999), uuid4(), R.randint(400000, 999999), ch([1, 5, 10, 20, 50, 100]), R.randint(12, 48), ma, max(mi - 1, 0), R.randint(0, 9), R.randint(1000, 9999))


def x_crash_addr():
    return code("Exception Type:  EXC_BAD_ACCESS (SIGSEGV)\nException Subtype: KERN_INVALID_ADDRESS at 0x%016x\nException Codes: 0x0000000000000001, 0x%016x\nVM Region Info: 0x%x is not in any region.\n\nThread 0 name:  Dispatch queue: com.apple.main-thread\n0   libobjc.A.dylib  0x%016x objc_msgSend + %d\n1   Pocketly         0x%016x 0x%x + %d" % (
        R.randint(0, 0xFFFF), R.randint(0, 0xFFFFFFFF), R.randint(0, 0xFFFF), R.randint(0x180000000, 0x1FFFFFFFF), R.randint(8, 64), R.randint(0x100000000, 0x10FFFFFFF), R.randint(0x100000000, 0x10FFFFFFF), R.randint(1000, 900000)))


def x_query_table():
    rows = ["| week | signups | paid | conv % | revenue |", "|---|---:|---:|---:|---:|"]
    for i in range(R.randint(3, 8)):
        s = R.randint(5000, 90000)
        p = R.randint(100, s // 10)
        rows.append("| 2026-W%02d | %s | %s | %.2f | %s |" % (R.randint(1, 47), format(s, ","), format(p, ","), 100.0 * p / s, "€" + format(R.randint(10000, 900000), ",")))
    return ch(["numbers from the weekly funnel query:", "Zahlen aus der Funnel-Abfrage:", "週次ファネルの数字です:", "周漏斗数据："]) + "\n" + "\n".join(rows)


def x_ports():
    svc = [("airflow-webserver", 8080), ("jupyterhub", 8000), ("postgres", 5432), ("redis", 6379), ("mlflow", 5000), ("superset", 8088), ("trino", 8443), ("metabase", 3000)]
    sel = R.sample(svc, R.randint(3, 6))
    return ch(["internal endpoints after the VPC move:", "interne Endpunkte nach dem Umzug:", "VPC移行後の内部エンドポイント:", "внутренние адреса после переезда:"]) + "\n" + code(
        "\n".join("%-18s %s:%d" % (n, priv_ip(), p) for n, p in sel) + "\nallowed CIDRs: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16")


def x_epochs():
    t = epoch()
    return ch(["slack ts of the original alert: `%d.%06d`, the job logged `%d%03d` (ms)" % (t, R.randint(0, 999999), t + R.randint(1, 50), R.randint(0, 999)),
               "event_ts=%d received_at=%d lag=%ds" % (t, t + R.randint(1, 300), R.randint(1, 300)),
               "watermark: %d → %d (%s)" % (t, t + 86400, "2026-%02d-%02d" % (R.randint(1, 11), R.randint(1, 28)))])


def x_dbt_counts():
    return code("\n".join("%-48s rows=%s bytes=%s" % ("marts." + snake(3), format(R.randint(10 ** 4, 10 ** 9), ","), format(R.randint(10 ** 6, 10 ** 11), ",").replace(",", " "))
                          for _ in range(R.randint(3, 6))))


def x_csv_export():
    rows = ["order_id,created_at,status,amount_eur,invoice_no"]
    for _ in range(R.randint(12, 36)):
        rows.append("%d,2026-%02d-%02d %02d:%02d:%02d,%s,%d.%02d,INV-2026-%06d" % (R.randint(10 ** 8, 10 ** 10), R.randint(1, 11), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59),
                                                                            ch(["paid", "refunded", "chargeback", "pending"]), R.randint(1, 300), R.randint(0, 99), R.randint(0, 999999)))
    return ch(["export for finance (no customer columns):", "Export für Finance, ohne Kundendaten:", "経理向けのエクスポート（顧客情報なし）:", "exportación para finanzas, sin datos de clientes:"]) + "\n" + code("\n".join(rows), "csv")


def x_experiment():
    n1, n2 = R.randint(10000, 90000), R.randint(10000, 90000)
    return "A/B `%s`: control n=%s (%.2f%%), variant n=%s (%.2f%%), uplift %+.2f%%, p=%.4f, CI [%.2f, %.2f]" % (
        snake(2), format(n1, ","), R.uniform(2, 9), format(n2, ","), R.uniform(2, 9), R.uniform(-3, 6), R.uniform(0.001, 0.3), R.uniform(-2, 1), R.uniform(1, 5))


def x_store_reviews():
    rows = []
    for _ in range(R.randint(2, 5)):
        rows.append("review %d ★%d v%d.%d.%d %s" % (R.randint(10 ** 9, 10 ** 10 - 1), R.randint(1, 5), R.randint(5, 9), R.randint(0, 40), R.randint(0, 9), ch(["\"crashes on launch\"", "\"アプリが落ちる\"", "\"no carga los gráficos\"", "\"Absturz beim Export\"", "\"не работает экспорт\""])))
    return "App Store reviews ingest sample:\n" + code("\n".join(rows))


def x_latency():
    return "| endpoint | p50 | p95 | p99 | rps |\n|---|---:|---:|---:|---:|\n" + "\n".join(
        "| %s | %dms | %dms | %dms | %d |" % (e, R.randint(5, 80), R.randint(80, 400), R.randint(400, 2000), R.randint(10, 3000)) for e in R.sample(["/v1/events", "/v1/insights", "/v2/tickets", "/v1/export", "/healthz"], R.randint(2, 5)))


def x_sku_prices():
    def price():
        c = ch(["EUR", "USD", "JPY", "GBP"])
        if c == "JPY":
            return c + "  ¥%d" % (R.randint(1, 80) * 100)
        return c + "  " + {"EUR": "€", "USD": "$", "GBP": "£"}[c] + "%d.99" % R.randint(0, 120)
    return code("\n".join("%s  %s  %s" % ("com.pocketly.%s.%s" % (ch(["pro", "plus", "team"]), ch(["monthly", "yearly"])), price(), "tier_%d" % R.randint(1, 87)) for _ in range(R.randint(2, 6))))


def x_jira():
    return ch(["tracked in DATA-%d and APP-%d, hotfix 7.%d.%d ships in build %d" % (R.randint(100, 9999), R.randint(100, 9999), R.randint(10, 30), R.randint(1, 9), R.randint(1000, 9999)),
               "siehe DATA-%d, Zendesk #%d und Invoice %d" % (R.randint(100, 9999), R.randint(100000, 9999999), R.randint(10 ** 7, 10 ** 9)),
               "DATA-%d で管理中、関連チケット #%d" % (R.randint(100, 9999), R.randint(100000, 9999999))])


def x_gpu():
    return code("step %d | loss %.4f | lr %.2e | tokens/s %s | mem %d MiB / %d MiB | eta %02d:%02d:%02d" % (
        R.randint(100, 90000), R.uniform(0.5, 3), R.uniform(1e-5, 5e-4), format(R.randint(10000, 900000), ","), R.randint(10000, 80000), 81920, R.randint(0, 40), R.randint(0, 59), R.randint(0, 59)))


def x_kubectl_wide():
    rows = ["NAME                                 READY   STATUS    RESTARTS   AGE   IP             NODE"]
    for _ in range(R.randint(3, 8)):
        node_ip = "10.%d.%d.%d" % (R.randint(0, 31), R.randint(0, 255), R.randint(1, 254))
        rows.append("%-36s 1/1     Running   %-10d %dh   %-14s ip-%s.eu-west-1.compute.internal" % (
            "airflow-worker-%s-%s" % (hx(9), rs(5, LOWALNUM)), R.randint(0, 4), R.randint(1, 90), "10.%d.%d.%d" % (R.randint(32, 63), R.randint(0, 255), R.randint(1, 254)), node_ip.replace(".", "-")))
    return ch(["workers after the scale-up:", "Worker nach dem Hochskalieren:", "スケールアップ後のワーカー:", "воркеры после масштабирования:"]) + "\n" + code("$ kubectl get pods -n airflow -o wide\n" + "\n".join(rows))


def x_ss():
    svc = [("postgres", 5432), ("redis-server", 6379), ("jupyter-lab", 8888), ("airflow", 8080), ("mlflow", 5000), ("node", 3000), ("trino", 8080)]
    rows = ["State   Recv-Q  Send-Q   Local Address:Port    Peer Address:Port  Process"]
    for n, p in R.sample(svc, R.randint(3, 6)):
        rows.append("LISTEN  0       %-8d %-21s 0.0.0.0:*          users:((\"%s\",pid=%d,fd=%d))" % (ch([128, 511, 4096]), "%s:%d" % (ch(["127.0.0.1", priv_ip(), "0.0.0.0"]), p), n, R.randint(300, 60000), R.randint(3, 40)))
    return ch(["why can't the notebook reach mlflow from the VPN?", "¿por qué el notebook no llega a mlflow?", "为什么 notebook 连不上 mlflow？"]) + "\n" + code("$ ss -tlnp\n" + "\n".join(rows))


def x_vpn_routes():
    return ch(["VPN split-tunnel routes for the data stack:", "Routen für den VPN-Split-Tunnel:", "VPN のスプリットトンネル設定:"]) + "\n" + code(
        "\n".join("route %s %s  # %s" % (c, m, n) for c, m, n in R.sample([("10.20.0.0", "255.255.0.0", "warehouse"), ("10.40.0.0", "255.255.0.0", "airflow"), ("172.16.8.0", "255.255.248.0", "mlflow + feature store"),
                                                                        ("192.168.50.0", "255.255.255.0", "office printers"), ("172.20.0.0", "255.255.0.0", "support tools")], R.randint(2, 5))))


NUMS = [x_kubectl_wide, x_ss, x_vpn_routes, x_support_ticket, x_release_numbers, x_crash_addr, x_query_table, x_ports, x_epochs, x_dbt_counts, x_csv_export, x_experiment,
        x_store_reviews, x_latency, x_sku_prices, x_jira, x_gpu]


# ---- talk_about_secrets
TALK = [
    "we rotated the Snowflake service-account password after the contractor offboarding, dbt Cloud picked up the new one from the secrets backend",
    "reminder: never paste customer card numbers into support tickets, use the last four only",
    "the App Store Connect API key was revoked and re-issued this morning, CI is already on the new one",
    "if you find an API key in a notebook output, clear the output, rotate the key, then tell #sec-help",
    "the scanner flagged the Lottie file as a 'high entropy string' — false positive, it's an embedded PNG",
    "who owns the OpenAI key for the support summariser? it needs an owner before we rotate it",
    "postmortem: an access token was printed in the Airflow task log for ~2h; log retention purged, token revoked",
    "please stop DMing passwords, share them through the password manager",
    "support agents can see masked IBANs only; unmasking needs a second approver",
    "we don't store SSNs at all anymore, the column was dropped in the Q3 migration",
    "phone numbers in app reviews are redacted before they land in the warehouse",
    "the W&B key in the shared notebook was a personal one, it has been deleted",
    "Firebase service-account JSON is now loaded from Secret Manager instead of the repo",
    "Wir haben das Passwort für den Warehouse-Service-Account rotiert, bitte nichts im Notebook hardcoden.",
    "Bitte keine Kartennummern in Tickets kopieren, nur die letzten vier Ziffern.",
    "Der API-Schlüssel für das Übersetzungstool wurde widerrufen und neu erstellt.",
    "Nous avons révoqué le jeton GitHub utilisé par le job de traductions, le nouveau est dans le coffre.",
    "Merci de ne jamais coller d'IBAN complet dans Slack, même en DM.",
    "La clé privée de signature Android reste dans le keystore Play, personne ne l'a en local.",
    "Hemos rotado la contraseña de la base de réplicas de soporte; nadie tiene que hacer nada.",
    "Por favor, no peguéis números de teléfono de clientes en los hilos, usad el ID del ticket.",
    "Rotacionamos o token do bot do Slack depois do incidente, o antigo já não funciona.",
    "Não compartilhem chaves de API em notebooks públicos do Colab.",
    "Abbiamo ruotato la chiave dell'API di analytics, quella vecchia è disattivata.",
    "We hebben het wachtwoord van de staging-database gewijzigd, staat in de kluis.",
    "Klucz API do Crowdina został unieważniony i wygenerowany ponownie.",
    "Snowflakeのサービスアカウントのパスワードをローテーションしました。ノートブックに直書きしないでください。",
    "APIキーをSlackに貼らないでください。見つけた場合はすぐに無効化します。",
    "サポート担当はカード番号の下4桁だけ確認できます。",
    "秘密鍵はリポジトリに入れないでください。署名はCIで行います。",
    "我们已经轮换了数据仓库的密码，请不要在 notebook 里写死。",
    "请不要把客户的手机号或邮箱贴到频道里，用工单号就行。",
    "API 密钥泄露后要先吊销，再排查日志。",
    "웨어하우스 서비스 계정 비밀번호를 교체했습니다. 노트북에 하드코딩하지 마세요.",
    "고객 카드 번호는 티켓에 붙여넣지 마세요. 마지막 네 자리만 사용합니다.",
    "Мы сменили пароль сервисного аккаунта хранилища, не хардкодьте его в ноутбуках.",
    "Пожалуйста, не вставляйте номера карт клиентов в тикеты.",
    "Токен бота Slack отозван, новый лежит в Vault.",
    "Ми відкликали токен для CI, новий уже в сховищі секретів.",
    "تم تغيير كلمة مرور حساب الخدمة، يرجى عدم كتابتها في الدفاتر.",
    "कृपया ग्राहकों के कार्ड नंबर टिकट में न डालें, केवल आखिरी चार अंक इस्तेमाल करें।",
    "Servis hesabının parolasını değiştirdik, not defterlerine yazmayın lütfen.",
]
TALK_Q = [
    ("does anyone know where the dbt Cloud API token lives now?", "it's in the secrets manager under the data-platform folder, ask in #data-platform for access"),
    ("is it ok to keep the Mixpanel secret in the notebook if the repo is private?", "no — private repos get cloned everywhere. env var + secrets manager"),
    ("Wo liegt eigentlich der Signierschlüssel für die iOS-Builds?", "Im CI, niemand hat ihn lokal. Zugriff nur über das Release-Team."),
    ("¿Dónde guardamos la contraseña del Metabase de producción?", "En el gestor de secretos, nunca en el README."),
    ("ストアのAPIキーってどこにありますか？", "CIのシークレットに入っています。ローカルには置かないでください。"),
    ("Где хранится ключ для подписи Android-сборок?", "В Play App Signing, локальной копии нет."),
    ("what's the policy if a customer sends their full card number in chat?", "agent deletes the message, tells the customer it was removed, and we never copy it anywhere"),
    ("客户在工单里发了身份证号怎么办？", "直接删除那条消息，并提醒客户不要发送敏感信息。"),
]


def t_single():
    return ch(TALK)


def t_multi():
    s = R.sample(TALK, R.randint(2, 3))
    return ch(["\n".join("• " + x for x in s), " ".join(s), "*security sync notes*\n" + "\n".join("- " + x for x in s)])


def t_qa():
    q, a = ch(TALK_Q)
    return "> %s\n%s" % (q, a)


def t_incident():
    return "*Incident %s — %s*\n- impact: %s\n- detection: %s\n- fix: %s\n- follow-up: %s" % (
        "INC-%d" % R.randint(100, 999), ch(["token in task logs", "API key in notebook output", "password in a public gist", "private key in an app bundle"]),
        ch(["no evidence of use", "key was never used from unknown sources", "unclear, assumed compromised"]),
        ch(["secret scanner alert", "push protection", "a teammate noticed it in review"]),
        ch(["revoked and reissued", "rotated within 30 minutes", "removed from history and rotated"]),
        ch(["add a pre-commit hook", "mask the field in the logger", "strip notebook outputs in CI", "move it to the secrets manager"]))


def t_regex():
    return ch(["the scanner regex for card numbers is too eager, it flags every 16-digit order id. we should add a Luhn check before alerting",
               "can we teach the secret scanner that `sha512-` integrity strings in lockfiles aren't credentials?",
               "Der Scanner meldet jede Base64-Zeichenkette als Schlüssel, inklusive eingebetteter Bilder. Wir brauchen eine Allowlist für data:-URIs.",
               "スキャナーがUUIDを全部APIキー扱いしてます。コンテキストで判定しないとダメですね。",
               "сканер считает каждый sha256 в логах секретом, надо добавить исключения для контрольных сумм"])


def t_vault_err():
    return code(ch(["Error: secret \"analytics/snowflake\" not found in namespace \"data\" (ExternalSecret %s: SecretSyncedError)" % snake(2).replace("_", "-"),
                    "vault: permission denied on path secret/data/mobile/asc-key (403)",
                    "Error making API request. Code: 403. Errors: * permission denied — token policy lacks read on kv/support/zendesk",
                    "airflow.exceptions.AirflowNotFoundException: The conn_id `warehouse_pg` isn't defined"])) + "\n" + ch(
        ["looks like the secret path changed after the migration", "der Pfad hat sich geändert", "パスが変わったみたいです", "похоже, путь к секрету поменялся"])


TALKT = [t_single, t_multi, t_multi, t_qa, t_incident, t_regex, t_vault_err]

NEG_CATS = {
    "data_uri_base64": DATA_URI,
    "placeholder_example": PLACEHOLDER,
    "code_identifier": CODE_ID,
    "non_credential_blob": BLOB,
    "pii_lookalike_number": NUMS,
    "talk_about_secrets": TALKT,
}


# ================================================================ SCANNER (negatives must be clean)
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


def iban_ok(s):
    s = s.replace(" ", "")
    if len(s) < 15 or len(s) > 34:
        return False
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97 == 1


def is_public_ip(a):
    o = [int(x) for x in a.split(".")]
    if any(x > 255 for x in o):
        return False
    if o[0] in (0, 10, 127) or o[0] >= 224:
        return False
    if o[0] == 100 and 64 <= o[1] <= 127:
        return False
    if o[0] == 169 and o[1] == 254:
        return False
    if o[0] == 172 and 16 <= o[1] <= 31:
        return False
    if o[0] == 192 and o[1] == 168:
        return False
    if o[0] == 192 and o[1] == 0 and o[2] in (0, 2):
        return False
    if o[0] == 198 and o[1] in (18, 19):
        return False
    if (o[0], o[1], o[2]) in ((198, 51, 100), (203, 0, 113)):
        return False
    return True


SCAN = [
    ("email", re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")),
    ("github", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}")),
    ("slack", re.compile(r"xox[abposr]-\d")),
    ("sk", re.compile(r"sk-[A-Za-z0-9_-]{32,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.")),
    ("ssn", re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")),
    ("aws", re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")),
    ("pem_private", re.compile(r"PRIVATE KEY-----\s*[A-Za-z0-9+/]{40,}")),
    ("phone_plus", re.compile(r"\+\d{1,3}[\s-]?\(?\d{2,4}\)?[\s-]?\d{3,}")),
    ("anthropic", re.compile(r"sk-ant-api\d\d-[A-Za-z0-9_-]{20,}")),
]
DIGITS = re.compile(r"(?<![\d])(?:\d[ -]?){12,18}\d(?![\d])")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")


def scan(text):
    hits = []
    for name, rx in SCAN:
        for m in rx.finditer(text):
            v = m.group(0)
            if name == "aws" and "EXAMPLE" in v:
                continue
            if name == "github" and set(v.split("_", 1)[1]) <= set("xX"):
                continue  # ghp_xxxx… placeholder
            hits.append((name, v))
    for m in DIGITS.finditer(text):
        d = re.sub(r"[ -]", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d) and len(set(d)) > 1:
            hits.append(("luhn", m.group(0)))
    for m in IBAN_RE.finditer(text):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in IP_RE.finditer(text):
        if is_public_ip(m.group(0)):
            hits.append(("public_ip", m.group(0)))
    return hits


# ================================================================ POSITIVE VALUE GENERATORS
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def g_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, B32)


def g_aws_secret():
    return rs(40, ALNUM + "+/")


def g_urlpw():
    return rs(1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") + rs(R.randint(11, 23), ALNUM + "-_.~")


def base62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = ALNUM[r] if False else ("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[r]) + out
    return out.rjust(width, "0")


def g_ghp():
    body = rs(30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def g_ghfg():
    return "github_pat_11" + rs(20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "_" + rs(59)


def g_xoxb():
    return "xoxb-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13), rs(24))


def g_xoxp():
    return "xoxp-%d-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13), hx(32))


def g_openai():
    k = R.randint(0, 2)
    if k == 0:
        return "sk-proj-" + rs(58, ALNUM + "-_") + "T3BlbkFJ" + rs(58, ALNUM + "-_")
    if k == 1:
        return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)
    return "sk-svcacct-" + rs(58, ALNUM + "-_") + "T3BlbkFJ" + rs(58, ALNUM + "-_")


def g_anthropic():
    return "sk-ant-api03-" + rs(93, ALNUM + "-_") + "AA"


def g_jwt():
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
    sig = 32 if hdr["alg"] == "HS256" else 256
    iat = epoch()
    pl = {"sub": ch(["usr_", "agent_", "svc_"]) + rs(12, LOWALNUM), "iat": iat, "exp": iat + ch([900, 3600, 86400]),
          "scope": ch(["support:read support:write", "analytics:query", "ml:runs:write", "orders:refund"]), "iss": ch(["https://auth.pocketly.app", "support-console", "ml-gateway"])}
    return b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64url(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64url(rbytes(sig))


def der_len(n):
    if n < 128:
        return bytes([n])
    if n < 256:
        return b"\x81" + bytes([n])
    return b"\x82" + struct.pack(">H", n)


def g_pem():
    k = R.randint(0, 2)
    if k == 0:
        der = bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a14403420004") + rbytes(64)
        label = "EC PRIVATE KEY"
    elif k == 1:
        der = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        label = "PRIVATE KEY"
    else:
        # PKCS#8 wrapping an EC P-256 key (no public key)
        der = bytes.fromhex("3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420") + rbytes(32)
        label = "PRIVATE KEY"
    return label, b64(der)


def g_password():
    return ch([rs(1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") + rs(R.randint(11, 19), ALNUM + "!#%^*-_"), ch(["Warehouse", "Support", "Metabase", "Tigris", "Falke", "Sakura"]) + ch(["!", "#", "-", "_"]) + str(R.randint(1000, 99999)) + rs(4, ALNUM)])


FIRST = ["marta", "jonas", "aiko", "li.wei", "sofia", "pedro", "oleksandr", "fatima", "noah", "camille", "emre", "priya", "daniel", "yuki", "ines", "tomasz", "amara", "lukas", "mei", "ravi"]
LAST = ["kowalski", "brandt", "tanaka", "chen", "rossi", "alves", "petrenko", "haddad", "miller", "dubois", "yilmaz", "sharma", "okafor", "sato", "garcia", "nowak", "mensah", "weber", "lin", "iyer"]
DOMAINS = ["gmail.com", "outlook.com", "yahoo.co.jp", "web.de", "gmx.net", "proton.me", "icloud.com", "hotmail.fr", "fjordmail.net", "orangebox.es"]


def g_email():
    f, l = ch(FIRST), ch(LAST)
    return ch(["%s.%s@%s", "%s%s@%s", "%s_%s@%s"]) % (f, l, ch(DOMAINS)) if R.random() < 0.8 else "%s.%s@%s" % (f, l, ch(["pocketly-partner.io", "brightdesk.co", "nordlicht-media.de"]))


def g_name():
    return ch(FIRST).split(".")[-1].capitalize() + " " + ch(LAST).capitalize()


def dd(n):
    return "".join(str(R.randint(0, 9)) for _ in range(n))


def g_phone():
    k = R.randint(0, 7)
    if k == 0:
        return "+1 (%d%s) %d%s-%s" % (R.randint(2, 9), dd(2), R.randint(2, 9), dd(2), dd(4))
    if k == 1:
        return "+44 7%s %s" % (dd(3), dd(6))
    if k == 2:
        return "+49 15%d %s %s" % (R.randint(1, 9), dd(4), dd(4))
    if k == 3:
        return "0%d %s %s %s %s" % (R.randint(6, 7), dd(2), dd(2), dd(2), dd(2))
    if k == 4:
        return "+34 6%s %s %s" % (dd(2), dd(3), dd(3))
    if k == 5:
        return "090-%s-%s" % (dd(4), dd(4))
    if k == 6:
        return "+81 80-%s-%s" % (dd(4), dd(4))
    return "+7 9%s %s-%s-%s" % (dd(2), dd(3), dd(2), dd(2))


def g_card():
    k = R.randint(0, 3)
    if k == 0:
        pre, ln = "4" + dd(5), 16
    elif k == 1:
        pre, ln = "5" + str(R.randint(1, 5)) + dd(4), 16
    elif k == 2:
        pre, ln = ch(["34", "37"]) + dd(4), 15
    else:
        pre, ln = "6011" + dd(2), 16
    body = pre + dd(ln - len(pre) - 1)
    for c in "0123456789":
        if luhn_ok(body + c):
            num = body + c
            break
    fmt = R.randint(0, 2)
    if fmt == 0:
        return num
    sep = " " if fmt == 1 else "-"
    if ln == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


def iban_make(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    return cc + "%02d" % (98 - int(num) % 97) + bban


def g_iban():
    k = R.randint(0, 5)
    if k == 0:
        ib = iban_make("DE", dd(18))
    elif k == 1:
        ib = iban_make("GB", rs(4, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") + dd(14))
    elif k == 2:
        bank, branch, acct = dd(5), dd(5), dd(11)
        key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
        ib = iban_make("FR", bank + branch + acct + "%02d" % key)
    elif k == 3:
        ib = iban_make("NL", rs(4, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") + dd(10))
    elif k == 4:
        ib = iban_make("ES", dd(20))
    else:
        ib = iban_make("PL", dd(24))
    assert iban_ok(ib)
    if R.random() < 0.5:
        ib = " ".join(ib[i:i + 4] for i in range(0, len(ib), 4))
    return ib


def g_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


def g_ip():
    while True:
        ip = "%d.%d.%d.%d" % (ch([23, 31, 37, 45, 52, 62, 77, 81, 89, 91, 104, 109, 146, 151, 178, 185, 188, 193, 212, 213, 217]), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if is_public_ip(ip):
            return ip


# ================================================================ POSITIVE TEMPLATES
# each template: f(v) -> text, for single-kind messages
def pem_layout(label, body):
    """returns (text_block, value) in one of three layouts"""
    lines = wrap(body).split("\n")
    k = R.randint(0, 2)
    if k == 0:
        return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, "\n".join(lines), label), "\n".join(lines), 0
    if k == 1:
        return json.dumps({"type": "service_account", "key_id": hx(40), "private_key": "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, "\n".join(lines), label)}, indent=2), "\\n".join(lines), 1
    ind = "    "
    return "asc_signing:\n  key_id: %s\n  private_key: |\n%s-----BEGIN %s-----\n%s\n%s-----END %s-----" % (rs(10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), ind, label, "\n".join(ind + l for l in lines), ind, label), ("\n" + ind).join(lines), 2


T = {
    "aws_access_key_id": [
        lambda v: "the reviews-export lambda is still using `%s`, can someone from infra check if that key is scoped to the bucket only?" % v,
        lambda v: code("$ aws sts get-caller-identity\n\nAn error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.\n$ echo $AWS_ACCESS_KEY_ID\n%s" % v),
        lambda v: "Zugriff für den S3-Export: Access Key `%s`, Secret schicke ich per DM" % v,
        lambda v: code("sources:\n  - name: app_store_reports\n    meta:\n      s3_access_key_id: %s\n      bucket: pocketly-store-reports" % v, "yaml"),
        lambda v: "S3のエクスポート用アクセスキーはこれです: %s （シークレットは別途）" % v,
    ],
    "github_classic_pat": [
        lambda v: "the l10n sync action fails with 401, I put my PAT `%s` in the repo secret for now, will swap for the bot's" % v,
        lambda v: code("$ git clone https://%s@github.com/pocketly/analytics-dbt.git\nCloning into 'analytics-dbt'..." % v),
        lambda v: code("[credential \"https://github.com\"]\n    helper = store\n# ~/.git-credentials\nhttps://ci-bot:%s@github.com" % v),
        lambda v: "token para el runner de notebooks: %s (caduca en 30 días)" % v,
        lambda v: code("export GITHUB_TOKEN=%s\ngh release create v7.%d.0 --notes-file CHANGELOG.md" % (v, R.randint(10, 30)), "bash"),
    ],
    "github_fine_grained_pat": [
        lambda v: "fine-grained token for the Figma→tokens export job (contents: read/write on design-tokens only): `%s`" % v,
        lambda v: code("env:\n  GH_TOKEN: %s  # TODO move to secrets" % v, "yaml"),
        lambda v: "Token für den Crowdin-Sync-Bot: %s" % v,
    ],
    "slack_bot_token": [
        lambda v: code("SLACK_BOT_TOKEN = \"%s\"\nclient = WebClient(token=SLACK_BOT_TOKEN)\nclient.chat_postMessage(channel=\"#data-alerts\", text=msg)" % v, "python"),
        lambda v: "the Airflow failure callback posts as the `data-bot` app, token is `%s` if you want to test locally" % v,
        lambda v: code("[2026-11-%02d %02d:%02d:%02d] slack_sdk.errors.SlackApiError: The request to the Slack API failed. (url: https://slack.com/api/chat.postMessage, token=%s)\nThe server responded with: {'ok': False, 'error': 'not_in_channel'}" % (R.randint(1, 27), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), v)),
        lambda v: "Bot-Token für den Release-Notifier: %s" % v,
        lambda v: "リリース通知ボットのトークンです: %s" % v,
    ],
    "slack_user_token": [
        lambda v: "used my user token to export the #app-feedback history: `curl -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C0%s`" % (v, rs(8, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")),
        lambda v: code("SLACK_USER_TOKEN=%s\nSLACK_EXPORT_CHANNEL=app-feedback" % v, "ini"),
        lambda v: "Токен пользователя для выгрузки отзывов: %s" % v,
    ],
    "openai_api_key": [
        lambda v: code("client = OpenAI(api_key=\"%s\")\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=[{\"role\": \"user\", \"content\": ticket_body}])" % v, "python"),
        lambda v: "support summariser key (prod): %s — please don't use it for experiments" % v,
        lambda v: code("OPENAI_API_KEY=%s\nSUMMARY_MODEL=gpt-4o-mini" % v, "ini"),
        lambda v: "Clé OpenAI pour le classifieur de tickets : %s" % v,
        lambda v: "工单分类器用的 OpenAI key：%s" % v,
    ],
    "anthropic_api_key": [
        lambda v: code("import anthropic\nclient = anthropic.Anthropic(api_key=\"%s\")" % v, "python"),
        lambda v: "key for the review-tagging notebook: `%s`" % v,
        lambda v: code("ANTHROPIC_API_KEY=%s\nTAGGER_BATCH_SIZE=%d" % (v, ch([16, 32, 64])), "ini"),
        lambda v: "Schlüssel für das Review-Tagging: %s" % v,
        lambda v: "レビュー分類用のキー: %s" % v,
    ],
    "jwt": [
        lambda v: code("curl -s https://support-api.internal.pocketly.app/v2/tickets/%d \\\n  -H 'Authorization: Bearer %s'" % (R.randint(100000, 999999), v), "bash"),
        lambda v: "token from the support console session, valid for another hour if you want to reproduce: %s" % v,
        lambda v: code("%s WARN gateway rejected request: aud mismatch, token=%s" % (ts_iso(), v)),
        lambda v: "Bearer-Token aus dem Admin-Panel: `%s`" % v,
    ],
    "password": [
        lambda v: code("Server=tcp:support-dw.database.windows.net,1433;Initial Catalog=support;User ID=etl_reader;Password=%s;Encrypt=True;" % v),
        lambda v: code("host=10.20.4.11 port=5432 dbname=analytics user=dbt_runner password=%s sslmode=require" % v),
        lambda v: code("spring.datasource.url=jdbc:postgresql://10.20.4.11:5432/orders\nspring.datasource.username=support_ro\nspring.datasource.password=%s" % v, "properties"),
        lambda v: "the metabase admin password is `%s`, changing it after the demo" % v,
        lambda v: code("outputs:\n  prod:\n    type: snowflake\n    user: DBT_PROD\n    password: %s\n    role: TRANSFORMER" % v, "yaml"),
        lambda v: "Passwort für den Superset-Admin: %s" % v,
        lambda v: "Supersetの管理者パスワード: %s" % v,
    ],
    "url_credentials": [
        lambda v: code("airflow connections add 'warehouse_pg' --conn-uri 'postgresql://airflow_etl:%s@10.20.4.11:5432/analytics'" % v, "bash"),
        lambda v: code("MLFLOW_BACKEND_STORE_URI=mysql+pymysql://mlflow:%s@mlflow-db.internal:3306/mlflow" % v, "ini"),
        lambda v: code("engine = create_engine(\"postgresql+psycopg2://notebook_ro:%s@replica.support.internal:5432/support\")" % v, "python"),
        lambda v: code("CELERY_BROKER_URL=redis://:%s@10.0.3.7:6379/0" % v, "ini"),
        lambda v: "mongo pour les événements mobiles : `mongodb+srv://events_writer:%s@events.a1b2c.mongodb.net/app`" % v,
        lambda v: code("amqps://release_bot:%s@mq.pocketly.app:5671/vhost" % v),
    ],
    "email_address": [
        lambda v: "ticket #%d — customer %s says the yearly plan renewed twice, can someone from billing check?" % (R.randint(100000, 999999), v),
        lambda v: "TestFlight invite bounced for %s, please resend" % v,
        lambda v: code("order_id,customer_email,amount\n%d,%s,%s" % (R.randint(10 ** 8, 10 ** 9), v, money()), "csv"),
        lambda v: "Kunde %s meldet, dass der Export abstürzt (Build %d)" % (v, R.randint(1000, 9999)),
        lambda v: "お客様（%s）からアプリが起動しないとの問い合わせがありました" % v,
        lambda v: "the crash report from the beta came with a contact address: %s" % v,
        lambda v: "Клиент %s просит удалить аккаунт по GDPR" % v,
    ],
    "phone_number": [
        lambda v: "customer called back from %s about ticket #%d, please call before 5pm their time" % (v, R.randint(100000, 999999)),
        lambda v: "Rückrufnummer für Ticket #%d: %s" % (R.randint(100000, 999999), v),
        lambda v: "SMS OTP never arrives for %s — Twilio logs show `undelivered`" % v,
        lambda v: "折り返し先の電話番号: %s（チケット #%d）" % (v, R.randint(100000, 999999)),
        lambda v: "el cliente dejó este teléfono en la reseña de la tienda: %s" % v,
        lambda v: code("{\"ticket\": %d, \"channel\": \"phone\", \"caller\": \"%s\", \"duration_s\": %d}" % (R.randint(100000, 999999), v, R.randint(30, 900)), "json"),
    ],
    "credit_card": [
        lambda v: "agent pasted the full card from the chat into the ticket internal note: %s — deleting the note now" % v,
        lambda v: "Kunde hat die Kartennummer in den Chat geschrieben: %s" % v,
        lambda v: code("%s ERROR payments-webhook card_number=%s amount=%s status=declined" % (ts_iso(), v, money())),
        lambda v: "la carte du client : %s, exp %02d/%02d" % (v, R.randint(1, 12), R.randint(27, 31)),
        lambda v: "顧客がチャットにカード番号を書いてしまいました: %s" % v,
    ],
    "iban": [
        lambda v: "refund via bank transfer for order %s, customer IBAN %s" % (order_no(), v),
        lambda v: "Erstattung per Überweisung an %s (Bestellung %s)" % (v, order_no()),
        lambda v: "remboursement sur l'IBAN %s, ticket #%d" % (v, R.randint(100000, 999999)),
        lambda v: code("refund_id,order_id,iban,amount\nRF-%d,%s,%s,%s" % (R.randint(10 ** 6, 10 ** 7), order_no(), v, money()), "csv"),
        lambda v: "reembolso por transferencia a %s" % v,
    ],
    "us_ssn": [
        lambda v: "a customer sent their SSN (%s) in the tax-form upload flow, we need to purge it from the S3 bucket" % v,
        lambda v: code("%s WARN kyc-service verification failed ssn=%s reason=name_mismatch" % (ts_iso(), v)),
        lambda v: "found `%s` in the free-text field of the support export, row %d" % (v, R.randint(10, 9000)),
        lambda v: "SSN im Ticket-Anhang: %s — bitte löschen" % v,
    ],
    "ipv4_address": [
        lambda v: "crash reports spike from a single client IP %s, probably a scraper hitting the API with an old build" % v,
        lambda v: code("%s WARN rate-limit exceeded client_ip=%s path=/v1/insights/export" % (ts_iso(), v)),
        lambda v: "please allowlist our vendor's egress IP %s on the support DB firewall" % v,
        lambda v: code("{\"event\":\"app_open\",\"build\":%d,\"ip\":\"%s\",\"country\":\"%s\"}" % (R.randint(1000, 9999), v, ch(["DE", "FR", "JP", "BR", "US"])), "json"),
        lambda v: "Die Anfragen kommen alle von %s" % v,
        lambda v: "このIPから大量のリクエストが来ています: %s" % v,
    ],
}
GEN = {"aws_access_key_id": g_aws_id, "github_classic_pat": g_ghp, "github_fine_grained_pat": g_ghfg, "slack_bot_token": g_xoxb, "slack_user_token": g_xoxp,
       "openai_api_key": g_openai, "anthropic_api_key": g_anthropic, "jwt": g_jwt, "password": g_password, "url_credentials": g_urlpw,
       "email_address": g_email, "phone_number": g_phone, "credit_card": g_card, "iban": g_iban, "us_ssn": g_ssn, "ipv4_address": g_ip}


def pos_pem():
    label, body = g_pem()
    block, val, lay = pem_layout(label, body)
    intro = ch({0: ["found this in the `mobile-release` repo history, rotating now:", "Schlüssel aus dem alten Fastlane-Setup:", "古いCI設定に残っていた鍵です:"],
                1: ["Firebase service account JSON someone attached to the ticket:", "le JSON du compte de service collé dans le notebook :", "service account JSON from the feature-store notebook:"],
                2: ["App Store Connect signing key from the old CI config:", "ключ из старого конфига CI:", "Release-Konfig mit eingebettetem Schlüssel:"]}[lay])
    lang = {0: "", 1: "json", 2: "yaml"}[lay]
    return intro + "\n" + code(block, lang), [("private_key_pem", val)], "private_key_pem:%s:layout%d" % (label.replace(" ", "_").lower(), lay)


def pos_single(kind):
    i = R.randrange(len(T[kind]))
    v = GEN[kind]()
    return T[kind][i](v), [(kind, v)], "%s:t%d" % (kind, i)


MULTI = {
    "aws_pair": lambda: (lambda a, s: (code("[app-store-reports]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1" % (a, s), "ini"), [("aws_access_key_id", a), ("aws_secret_access_key", s)]))(g_aws_id(), g_aws_secret()),
    "aws_pair_env": lambda: (lambda a, s: ("creds for the reviews scraper:\n" + code("export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s" % (a, s), "bash"), [("aws_access_key_id", a), ("aws_secret_access_key", s)]))(g_aws_id(), g_aws_secret()),
    "ticket_contact": lambda: (lambda e, p: ("ticket #%d (%s): customer %s, callback %s — wants a refund for the duplicate charge" % (R.randint(100000, 999999), ch(["P2", "P3"]), e, p), [("email_address", e), ("phone_number", p)]))(g_email(), g_phone()),
    "ticket_contact_de": lambda: (lambda e, p: ("Ticket #%d: Kundin %s, Telefon %s, App stürzt beim Öffnen der Rechnung ab" % (R.randint(100000, 999999), e, p), [("email_address", e), ("phone_number", p)]))(g_email(), g_phone()),
    "refund_iban_email": lambda: (lambda i, e: ("refund by transfer, order %s\nIBAN: %s\nconfirmation to: %s" % (order_no(), i, e), [("iban", i), ("email_address", e)]))(g_iban(), g_email()),
    "card_phone": lambda: (lambda c, p: ("chat transcript, customer wrote: \"my card %s was charged twice, call me at %s\"" % (c, p), [("credit_card", c), ("phone_number", p)]))(g_card(), g_phone()),
    "ip_email": lambda: (lambda ip, e: (code("%s INFO auth login_success user=%s ip=%s device=iPhone15,3 build=%d" % (ts_iso(), e, ip, R.randint(1000, 9999))), [("email_address", e), ("ipv4_address", ip)]))(g_ip(), g_email()),
    "dsn_slack": lambda: (lambda pw, t: (code("WAREHOUSE_URL=postgresql://dbt:%s@10.20.4.11:5432/analytics\nSLACK_BOT_TOKEN=%s" % (pw, t), "ini"), [("url_credentials", pw), ("slack_bot_token", t)]))(g_urlpw(), g_xoxb()),
    "jwt_ip": lambda: (lambda j, ip: (code("%s WARN support-api 401 from %s Authorization: Bearer %s" % (ts_iso(), ip, j)), [("ipv4_address", ip), ("jwt", j)]))(g_jwt(), g_ip()),
    "kyc_ssn_email": lambda: (lambda s, e: ("KYC escalation: applicant %s, SSN %s, document blurry — please re-request" % (e, s), [("email_address", e), ("us_ssn", s)]))(g_ssn(), g_email()),
    "llm_keys": lambda: (lambda o, a: ("both keys for the eval harness:\n" + code("OPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s" % (o, a), "ini"), [("openai_api_key", o), ("anthropic_api_key", a)]))(g_openai(), g_anthropic()),
}


# ================================================================ MAIN
NEG_PER_CAT = 100
REJ = []
SINGLE_COUNTS = {"aws_access_key_id": 6, "github_classic_pat": 7, "github_fine_grained_pat": 4, "slack_bot_token": 7, "slack_user_token": 4,
                 "openai_api_key": 8, "anthropic_api_key": 7, "jwt": 8, "password": 9, "url_credentials": 9, "email_address": 11,
                 "phone_number": 11, "credit_card": 9, "iban": 8, "us_ssn": 7, "ipv4_address": 9}
N_PEM = 6
MULTI_PLAN = ["aws_pair", "aws_pair", "aws_pair_env", "aws_pair_env", "ticket_contact", "ticket_contact", "ticket_contact_de", "ticket_contact_de",
              "refund_iban_email", "refund_iban_email", "card_phone", "card_phone", "ip_email", "ip_email", "dsn_slack", "dsn_slack", "jwt_ip",
              "kyc_ssn_email", "kyc_ssn_email", "llm_keys"]
NONASCII_ALPHA = re.compile(r"[^\x00-\x7f]")


def non_english(text):
    return any(c.isalpha() and ord(c) > 127 for c in text) or any(w in text for w in (
        "Zur Info", "Kurze Frage", "Hier der", "Nur als", "Pour info", "Petite question", "Voici", "Para que", "Pregunta", "Contexto", "Segue",
        "Per info", "Domanda", "Ecco", "Ter info", "Even checken", "Hier de", "Dla informacji", "Szybkie", "Wklejam", "Bilginize", "Ersetze", "Bitte", "Passwort", "Schlüssel"))


def build_negatives():
    out, seen, rejected = [], set(), 0
    for cat, tmpls in NEG_CATS.items():
        n = 0
        i = 0
        while n < NEG_PER_CAT:
            f = tmpls[i % len(tmpls)] if i < len(tmpls) * 3 else ch(tmpls)
            i += 1
            text = decorate(f())
            if text in seen:
                continue
            if scan(text):
                rejected += 1
                REJ.append((cat, f.__name__, scan(text)[:2]))
                if rejected > 2000:
                    raise SystemExit("scanner keeps rejecting: %r" % (scan(text),))
                continue
            seen.add(text)
            out.append({"text": text, "category": cat})
            n += 1
    R.shuffle(out)
    return [{"id": "h12n-%04d" % (k + 1), "text": o["text"], "category": o["category"]} for k, o in enumerate(out)], rejected


def build_positives():
    out, seen = [], set()

    def add(text, secrets, ctx):
        if text in seen:
            return False
        for k, v in secrets:
            assert v in text, (k, v)
        seen.add(text)
        out.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
        return True

    for kind, n in SINGLE_COUNTS.items():
        c = 0
        while c < n:
            text, secrets, ctx = pos_single(kind)
            if R.random() < 0.25:
                text = lead() + ("\n" if "\n" in text else " ") + text
            c += add(text, secrets, ctx)
    c = 0
    while c < N_PEM:
        c += add(*pos_pem())
    counter = {}
    for name in MULTI_PLAN:
        counter[name] = counter.get(name, 0) + 1
        while True:
            text, secrets = MULTI[name]()
            if add(text, secrets, "multi:%s:%d" % (name, counter[name])):
                break
    for o in out:
        for s in o["secrets"]:
            v = s["value"]
            if s["kind"] == "credit_card":
                assert luhn_ok(re.sub(r"[ -]", "", v))
            if s["kind"] == "iban":
                assert iban_ok(v)
            if s["kind"] == "ipv4_address":
                assert is_public_ip(v)
            if s["kind"] == "us_ssn":
                a, g, sr = v.split("-")
                assert a not in ("000", "666") and not a.startswith("9") and g != "00" and sr != "0000"
            if s["kind"] == "jwt":
                h, p, _ = v.split(".")
                json.loads(base64.urlsafe_b64decode(h + "=" * (-len(h) % 4)))
                json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
            if s["kind"] == "private_key_pem":
                base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    R.shuffle(out)
    return [{"id": "h12p-%04d" % (k + 1), "text": o["text"], "secrets": o["secrets"], "context": o["context"]} for k, o in enumerate(out)]


def main():
    neg, rejected = build_negatives()
    pos = build_positives()
    for name, rows in (("redaction12_negatives.jsonl", neg), ("redaction12_positives.jsonl", pos)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as fh:
            for r in rows:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    cats, kinds = {}, {}
    for r in neg:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    for r in pos:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    lines = [len(r["text"].split("\n")) for r in neg + pos]
    print("negatives", len(neg), cats, "scanner rejected+redrawn:", rejected)
    print("positives", len(pos), "secrets", sum(kinds.values()), dict(sorted(kinds.items())))
    print("non-English (heuristic): neg %d/%d, pos %d/%d" % (sum(non_english(r["text"]) for r in neg), len(neg), sum(non_english(r["text"]) for r in pos), len(pos)))
    print("lines min/max %d/%d, single-line %d, >=10 lines %d, >=20 lines %d" % (min(lines), max(lines), sum(l == 1 for l in lines), sum(l >= 10 for l in lines), sum(l >= 20 for l in lines)))
    print("positives not flagged by own scanner:", sum(1 for r in pos if not scan(r["text"])))


if __name__ == "__main__":
    main()
