#!/usr/bin/env python3
"""Blind redaction corpus #22 - theme: a developer-relations and documentation team's Slack.

Standard library only. Deterministic: random.Random(2222). Writes
redaction22_negatives.jsonl and redaction22_positives.jsonl next to this file.
"""
import base64
import hashlib
import ipaddress
import json
import os
import re
import string
import struct
import zlib
import random

R = random.Random(2222)
HERE = os.path.dirname(os.path.abspath(__file__))

HEX = "0123456789abcdef"
ALNUM = string.ascii_letters + string.digits
UPNUM = string.ascii_uppercase + string.digits
B64URL = ALNUM + "-_"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


# ---------------------------------------------------------------- helpers
def hx(n):
    return "".join(R.choice(HEX) for _ in range(n))


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode()


def b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return "01" + R.choice("HJ") + rs(23, CROCK)


def pick(seq):
    return R.choice(seq)


def wrap(s, n=64):
    return [s[i:i + n] for i in range(0, len(s), n)]


def semver():
    return "%d.%d.%d" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 40))


def iso_ts(year=None):
    y = year or R.choice([2024, 2025, 2026])
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        y, R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def date():
    return "%04d-%02d-%02d" % (R.choice([2024, 2025, 2026]), R.randint(1, 12), R.randint(1, 28))


def epoch():
    return R.randint(1704067200, 1798761600)


BRANDS = ["quillpay", "parcelo", "orbitly", "tidewire", "lumenapi", "ferrostack", "nimbusmail", "hexaship"]
BRAND = "quillpay"  # primary brand of this workspace
LANGS_SDK = ["python", "node", "go", "ruby", "java", "dotnet", "php", "rust", "swift", "kotlin", "elixir", "dart"]
CHANNELS = ["#devrel", "#docs", "#docs-build", "#api-reference", "#sdk-releases", "#community-forum", "#l10n",
            "#devrel-oncall", "#postman", "#changelog"]


def host(kind="docs"):
    return {
        "docs": "docs.%s.dev" % BRAND,
        "api": "api.%s.com" % BRAND,
        "cdn": "cdn.%s-static.net" % BRAND,
        "community": "community.%s.dev" % BRAND,
        "status": "status.%s.com" % BRAND,
    }[kind]


# ---------------------------------------------------------------- binary builders
def png_bytes(w, h, rgb):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def png_noise(w, h):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\x00" + rbytes(w * 3) for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


GIF_1x1 = "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="


def svg_diagram():
    labels = R.sample(["Client", "Your server", "API", "Webhook", "Queue", "SDK", "Dashboard", "OAuth", "CDN", "Retry"], 3)
    col = "#%s" % hx(6)
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="60" viewBox="0 0 %d 60">' % (len(labels) * 120, len(labels) * 120)]
    for i, l in enumerate(labels):
        parts.append('<rect x="%d" y="10" width="100" height="40" rx="6" fill="%s"/>' % (i * 120 + 5, col))
        parts.append('<text x="%d" y="35" font-size="12" text-anchor="middle" fill="#fff">%s</text>' % (i * 120 + 55, l))
        if i:
            parts.append('<path d="M%d 30h15" stroke="#333"/>' % (i * 120 - 15))
    parts.append("</svg>")
    return "".join(parts)


def woff2_b64(n):
    return b64(b"wOF2\x00\x01\x00\x00" + struct.pack(">I", n + 48) + rbytes(n))


def pdf_b64():
    body = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" + rbytes(R.randint(30, 70))
    return b64(body)


def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int_bytes(raw):
    raw = raw.lstrip(b"\x00") or b"\x00"
    if raw[0] & 0x80:
        raw = b"\x00" + raw
    return der(0x02, raw)


def rand_big(nbytes):
    b = bytearray(rbytes(nbytes))
    b[0] |= 0x80
    b[-1] |= 1
    return bytes(b)


def spki_ed25519():
    return bytes.fromhex("302a300506032b6570032100") + rbytes(32)


def spki_p256():
    return bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rbytes(64)


def fake_cert_der():
    return b"\x30\x82" + struct.pack(">H", R.randint(700, 1400)) + b"\x30\x82" + rbytes(R.randint(240, 420))


# ---------------------------------------------------------------- translations
L10N = {
    # lang: (replace-key sentence, never-share sentence, token-expiry sentence, forum question)
    "de": ("Ersetze YOUR_API_KEY durch den Schlüssel aus deinem Dashboard.",
           "Gib deinen geheimen Schlüssel niemals weiter und committe ihn nicht in die Versionskontrolle.",
           "Dein Token läuft nach 30 Tagen ab.",
           "Wo finde ich meinen API-Schlüssel? Im Dashboard sehe ich nur die letzten vier Zeichen."),
    "fr": ("Remplacez YOUR_API_KEY par la clé de votre tableau de bord.",
           "Ne partagez jamais votre clé secrète et ne la committez pas dans le contrôle de version.",
           "Votre jeton expire au bout de 30 jours.",
           "Où puis-je trouver ma clé API ? Le tableau de bord n'affiche que les quatre derniers caractères."),
    "es": ("Sustituye YOUR_API_KEY por la clave de tu panel.",
           "Nunca compartas tu clave secreta ni la subas al control de versiones.",
           "Tu token caduca a los 30 días.",
           "¿Dónde encuentro mi clave de API? El panel solo muestra los últimos cuatro caracteres."),
    "pt-BR": ("Substitua YOUR_API_KEY pela chave do seu painel.",
              "Nunca compartilhe sua chave secreta nem faça commit dela no controle de versão.",
              "Seu token expira após 30 dias.",
              "Onde encontro minha chave de API? O painel só mostra os quatro últimos caracteres."),
    "it": ("Sostituisci YOUR_API_KEY con la chiave della tua dashboard.",
           "Non condividere mai la tua chiave segreta e non inserirla nel controllo di versione.",
           "Il tuo token scade dopo 30 giorni.",
           "Dove trovo la mia chiave API? La dashboard mostra solo gli ultimi quattro caratteri."),
    "nl": ("Vervang YOUR_API_KEY door de sleutel uit je dashboard.",
           "Deel je geheime sleutel nooit en commit hem niet naar versiebeheer.",
           "Je token verloopt na 30 dagen.",
           "Waar vind ik mijn API-sleutel? Het dashboard toont alleen de laatste vier tekens."),
    "pl": ("Zastąp YOUR_API_KEY kluczem z panelu.",
           "Nigdy nie udostępniaj swojego tajnego klucza ani nie commituj go do repozytorium.",
           "Twój token wygasa po 30 dniach.",
           "Gdzie znajdę swój klucz API? Panel pokazuje tylko cztery ostatnie znaki."),
    "ru": ("Замените YOUR_API_KEY ключом из панели управления.",
           "Никогда не передавайте секретный ключ и не добавляйте его в систему контроля версий.",
           "Срок действия токена истекает через 30 дней.",
           "Где найти мой API-ключ? В панели видны только последние четыре символа."),
    "uk": ("Замініть YOUR_API_KEY ключем із панелі керування.",
           "Ніколи не передавайте секретний ключ і не додавайте його до системи контролю версій.",
           "Термін дії токена спливає через 30 днів.",
           "Де знайти мій API-ключ? На панелі видно лише чотири останні символи."),
    "tr": ("YOUR_API_KEY değerini panelinizdeki anahtarla değiştirin.",
           "Gizli anahtarınızı asla paylaşmayın veya sürüm kontrolüne eklemeyin.",
           "Token'ınızın süresi 30 gün sonra dolar.",
           "API anahtarımı nerede bulabilirim? Panelde sadece son dört karakter görünüyor."),
    "ja": ("YOUR_API_KEY をダッシュボードのキーに置き換えてください。",
           "シークレットキーを共有したり、バージョン管理にコミットしたりしないでください。",
           "トークンの有効期限は30日です。",
           "APIキーはどこで確認できますか？ダッシュボードには末尾4文字しか表示されません。"),
    "zh-CN": ("将 YOUR_API_KEY 替换为控制台中的密钥。",
              "切勿分享您的密钥，也不要将其提交到版本控制中。",
              "您的令牌将在 30 天后过期。",
              "在哪里可以找到我的 API 密钥？控制台只显示最后四个字符。"),
    "zh-TW": ("請將 YOUR_API_KEY 替換為主控台中的金鑰。",
              "切勿分享您的秘密金鑰，也不要將其提交至版本控制。",
              "您的權杖將於 30 天後到期。",
              "我要去哪裡找 API 金鑰？主控台只顯示最後四個字元。"),
    "ko": ("YOUR_API_KEY를 대시보드의 키로 바꾸세요.",
           "비밀 키를 공유하거나 버전 관리에 커밋하지 마세요.",
           "토큰은 30일 후에 만료됩니다.",
           "API 키는 어디에서 찾을 수 있나요? 대시보드에는 마지막 네 글자만 보입니다."),
    "ar": ("استبدل YOUR_API_KEY بالمفتاح الموجود في لوحة التحكم.",
           "لا تشارك مفتاحك السري أبدًا ولا تضفه إلى نظام التحكم في الإصدارات.",
           "تنتهي صلاحية الرمز المميز بعد 30 يومًا.",
           "أين أجد مفتاح API الخاص بي؟ لوحة التحكم تعرض آخر أربعة أحرف فقط."),
    "he": ("החליפו את YOUR_API_KEY במפתח מלוח הבקרה.",
           "לעולם אל תשתפו את המפתח הסודי ואל תעלו אותו למערכת ניהול הגרסאות.",
           "תוקף האסימון יפוג לאחר 30 יום.",
           "איפה אני מוצא את מפתח ה-API שלי? בלוח הבקרה מוצגים רק ארבעת התווים האחרונים."),
    "hi": ("YOUR_API_KEY को अपने डैशबोर्ड की कुंजी से बदलें।",
           "अपनी गुप्त कुंजी कभी साझा न करें और उसे वर्ज़न कंट्रोल में कमिट न करें।",
           "आपका टोकन 30 दिनों के बाद समाप्त हो जाता है।",
           "मेरी API कुंजी कहाँ मिलेगी? डैशबोर्ड में केवल आख़िरी चार अक्षर दिखते हैं।"),
    "vi": ("Thay YOUR_API_KEY bằng khóa trong bảng điều khiển của bạn.",
           "Không bao giờ chia sẻ khóa bí mật hoặc commit nó vào hệ thống quản lý phiên bản.",
           "Token của bạn hết hạn sau 30 ngày.",
           "Tôi tìm khóa API ở đâu? Bảng điều khiển chỉ hiện bốn ký tự cuối."),
    "th": ("แทนที่ YOUR_API_KEY ด้วยคีย์จากแดชบอร์ดของคุณ",
           "ห้ามแชร์คีย์ลับหรือคอมมิตลงในระบบควบคุมเวอร์ชัน",
           "โทเค็นของคุณจะหมดอายุหลังจาก 30 วัน",
           "ฉันจะหาคีย์ API ได้ที่ไหน แดชบอร์ดแสดงแค่สี่ตัวอักษรสุดท้าย"),
    "id": ("Ganti YOUR_API_KEY dengan kunci dari dasbor Anda.",
           "Jangan pernah membagikan kunci rahasia Anda atau meng-commit-nya ke kontrol versi.",
           "Token Anda kedaluwarsa setelah 30 hari.",
           "Di mana saya menemukan kunci API saya? Dasbor hanya menampilkan empat karakter terakhir."),
    "sv": ("Ersätt YOUR_API_KEY med nyckeln från din instrumentpanel.",
           "Dela aldrig din hemliga nyckel och checka inte in den i versionshanteringen.",
           "Din token upphör att gälla efter 30 dagar.",
           "Var hittar jag min API-nyckel? Panelen visar bara de fyra sista tecknen."),
    "cs": ("Nahraďte YOUR_API_KEY klíčem z vaší nástěnky.",
           "Nikdy nesdílejte svůj tajný klíč ani ho necommitujte do správy verzí.",
           "Platnost tokenu vyprší po 30 dnech.",
           "Kde najdu svůj API klíč? Nástěnka ukazuje jen poslední čtyři znaky."),
}
LANG_CODES = sorted(L10N)

LEADINS = ["fyi ", "FYI: ", "heads up: ", "Zur Info: ", "Pour info : ", "Para que conste: ", "メモ: ", "참고: ",
           "供参考：", "К сведению: ", "Bilgi için: ", "Ter info: ", "Per info: ", "Para info: ", "للعلم: ",
           "לידיעתכם: ", "Do wiadomości: ", "Lưu ý: ", "re: yesterday's thread - ", "quick one: "]
TRAILERS = ["\n\n(thread)", " :eyes:", " :white_check_mark:", "\nthx!", "\n— posted from the docs-bot", " 🙏",
            "\n\n_edited_", " :thread:", "\nありがとうございます！", "\nDanke!", "\n¡gracias!"]


def decorate(text, p_lead=0.12, p_trail=0.06):
    if R.random() < p_lead:
        text = pick(LEADINS) + text
    if R.random() < p_trail:
        text = text + pick(TRAILERS)
    return text


# ================================================================ NEGATIVES
# ---------------------------------------------------------------- non_credential_blob
def nb_changelog():
    ver = semver()
    lines = ["## %s (%s)" % (ver, date()), ""]
    for _ in range(R.randint(3, 9)):
        sha = hx(40)
        scope = pick(["sdk-python", "sdk-node", "sdk-go", "docs", "openapi", "cli", "sdk-java", "webhooks"])
        msg = pick(["retry on 429 with jitter", "add `idempotency_key` to Payouts.create", "fix typo in quickstart",
                    "regenerate from openapi spec", "bump min TLS to 1.2", "expose `request_id` on errors",
                    "deprecate `v1/charges` examples", "stream responses with SSE", "handle empty webhook body"])
        lines.append("- %s(%s): %s ([%s](https://github.com/%s/%s/commit/%s))" % (
            pick(["fix", "feat", "docs", "chore", "perf"]), scope, msg, sha[:7], BRAND, scope, sha))
    return "\n".join(lines)


def nb_gitlog():
    lines = ["```", "$ git log --oneline -n %d origin/main" % R.randint(5, 12)]
    for _ in range(R.randint(5, 12)):
        lines.append("%s %s" % (hx(R.choice([7, 8, 9, 10])), pick([
            "docs: fix broken anchor in webhooks guide", "ci: cache mkdocs plugins", "l10n: sync ja/ko strings",
            "api-ref: regenerate from openapi 2025-06", "chore(deps): bump docusaurus", "Merge pull request #%d from docs/rewrite-auth" % R.randint(1000, 9999),
            "quickstart(go): use context.WithTimeout", "fix: escape pipes in param tables", "build: split search index"])))
    lines.append("```")
    return "\n".join(lines)


def nb_cdn_assets():
    out = ["CDN purge list for docs release %s:" % semver()]
    for _ in range(R.randint(3, 10)):
        kind = R.randint(0, 3)
        if kind == 0:
            out.append("https://%s/_next/static/chunks/pages/api-reference/%s-%s.js" % (host("cdn"), pick(["[slug]", "webhooks", "errors", "index"]), hx(16)))
        elif kind == 1:
            out.append("https://%s/assets/%s-%s.css" % (host("cdn"), pick(["index", "theme", "code"]), rs(8, ALNUM + "-_")))
        elif kind == 2:
            out.append("https://%s/img/diagrams/%s.%s.svg" % (host("cdn"), pick(["oauth-flow", "webhook-retry", "idempotency"]), hx(20)))
        else:
            out.append("https://%s/fonts/inter-var.%s.woff2" % (host("cdn"), hx(8)))
    return "\n".join(out)


def nb_sri():
    algo = pick(["sha384", "sha512", "sha256"])
    n = {"sha256": 32, "sha384": 48, "sha512": 64}[algo]
    return ('```html\n<script src="https://%s/widget/v%d/embed.min.js"\n        integrity="%s-%s"\n        crossorigin="anonymous"></script>\n```\n'
            'SRI hash updated for the embeddable API explorer, please re-copy the snippet into the quickstart.' % (
                host("cdn"), R.randint(1, 4), algo, b64(rbytes(n))))


def nb_lockfile():
    lines = ["```"]
    for _ in range(R.randint(2, 6)):
        pkg = pick(["@docusaurus/core", "prism-react-renderer", "remark-gfm", "redocly-cli", "@algolia/client-search", "mdx-mermaid", "openapi-types"])
        v = semver()
        lines += ['"node_modules/%s": {' % pkg, '  "version": "%s",' % v,
                  '  "resolved": "https://registry.npmjs.org/%s/-/%s-%s.tgz",' % (pkg, pkg.split("/")[-1], v),
                  '  "integrity": "sha512-%s"' % b64(rbytes(64)), "},"]
    lines.append("```")
    return "lockfile diff from the docs site bump:\n" + "\n".join(lines)


def nb_docker_digest():
    img = pick(["ghcr.io/%s/docs-builder" % BRAND, "ghcr.io/%s/openapi-linter" % BRAND, "docker.io/squidfunk/mkdocs-material", "ghcr.io/%s/preview-server" % BRAND])
    d = hx(64)
    return pick([
        "pinned `%s@sha256:%s` in the docs workflow" % (img, d),
        "Digest: sha256:%s\nStatus: Downloaded newer image for %s:%s" % (d, img, semver()),
        "```yaml\njobs:\n  build-docs:\n    container:\n      image: %s@sha256:%s\n```" % (img, d),
    ])


def nb_ssh_pub():
    blob = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32)
    key = "ssh-ed25519 " + b64(blob) + " docs-deploy-" + pick(["netlify", "gh-pages", "ci", "preview"])
    fp = "SHA256:" + b64(rbytes(32)).rstrip("=")
    return pick([
        "deploy key (public half) for the docs mirror:\n```\n%s\n```\nfingerprint %s" % (key, fp),
        "added this public deploy key to the translations repo: `%s`" % key,
        "The authenticity of host 'docs-origin.internal (10.%d.%d.%d)' can't be established.\nED25519 key fingerprint is %s." % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254), fp),
    ])


def nb_public_pem():
    der_ = pick([spki_ed25519, spki_p256])()
    body = "\n".join(wrap(b64(der_)))
    return ("Webhook signatures are verified with this **public** key (it's published in the docs on purpose):\n```\n-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----\n```" % body)


def nb_cert():
    body = "\n".join(wrap(b64(fake_cert_der())))
    return "CA bundle for the mTLS guide (public chain cert, fine to publish):\n```\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----\n```" % body


def nb_webhook_ids():
    lines = ["| delivery | event | status | attempt |", "|---|---|---|---|"]
    for _ in range(R.randint(4, 12)):
        lines.append("| whdel_%s | evt_%s | %s | %d |" % (rs(24), rs(24), pick(["200", "200", "500", "timeout", "410"]), R.randint(1, 6)))
    return "redelivery table from the sample app:\n" + "\n".join(lines)


def nb_request_ids():
    return json.dumps({"error": {"type": pick(["invalid_request_error", "rate_limit_error", "api_error"]),
                                 "message": pick(["Unknown parameter: `metdata`", "Too many requests", "Internal error"]),
                                 "request_id": "req_" + ulid(), "doc_url": "https://%s/errors/%s" % (host(), pick(["rate-limits", "params", "retries"]))}},
                      indent=2)


def nb_hmac_example():
    payload = '{"id":"evt_%s","type":"invoice.paid"}' % rs(16)
    sig = hmac_hex(payload)
    ts = epoch()
    return ("Sample signature header in the webhooks guide (computed over the sample payload with the doc's dummy secret):\n"
            "```\n%s-Signature: t=%d,v1=%s\n```\npayload: `%s`" % (BRAND.capitalize(), ts, sig, payload))


def hmac_hex(s):
    return hashlib.sha256(("docs-sample:" + s).encode()).hexdigest()


def nb_postman_ids():
    d = {"info": {"_postman_id": uuid4(), "name": "%s API %s" % (BRAND.capitalize(), semver()),
                  "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
                  "_exporter_id": str(R.randint(10000000, 39999999))},
         "item": [{"name": n, "id": uuid4()} for n in R.sample(["Create customer", "List invoices", "Refund", "Webhooks", "Retrieve balance"], 3)]}
    return "```json\n" + json.dumps(d, indent=2) + "\n```"


def nb_cursor():
    c = b64(json.dumps({"after": "inv_" + rs(14), "limit": R.choice([10, 25, 100])}).encode()).rstrip("=")
    return pick(['next page: `?starting_after=%s`' % c, '"next_cursor": "%s"' % c,
                 "the pagination cursor in the example response is just base64 JSON: %s" % c])


def nb_gosum():
    lines = ["```"]
    for mod in R.sample(["github.com/%s/%s-go" % (BRAND, BRAND), "golang.org/x/net", "github.com/google/uuid", "golang.org/x/oauth2", "github.com/stretchr/testify"], 3):
        v = "v" + semver()
        lines.append("%s %s h1:%s" % (mod, v, b64(rbytes(32))))
        lines.append("%s %s/go.mod h1:%s" % (mod, v, b64(rbytes(32))))
    lines.append("```")
    return "go.sum churn in the Go quickstart repo:\n" + "\n".join(lines)


def nb_pip_hash():
    lines = ["# docs/requirements.txt (generated by pip-compile --generate-hashes)"]
    for p in R.sample(["mkdocs==1.6.1", "mkdocs-material==9.5.%d" % R.randint(1, 40), "pymdown-extensions==10.%d" % R.randint(1, 12), "mike==2.1.3", "sphinx==7.%d.0" % R.randint(1, 4)], 3):
        lines.append("%s \\" % p)
        lines.append("    --hash=sha256:%s \\" % hx(64))
        lines.append("    --hash=sha256:%s" % hx(64))
    return "```\n" + "\n".join(lines) + "\n```"


def nb_crowdin():
    lines = ["string_id,key,source_hash,ja,de,fr"]
    for _ in range(R.randint(6, 20)):
        lines.append("%d,%s,%s,%s,%s,%s" % (R.randint(100000, 999999), pick(["auth.apiKey.reveal", "webhooks.secret.rotate", "errors.rate_limit", "nav.quickstart", "cards.testMode.banner"]) + "." + rs(3).lower(),
                                           hx(32), pick(["translated", "fuzzy", "untranslated"]), pick(["translated", "approved"]), pick(["translated", "fuzzy"])))
    return "Crowdin export for the l10n sync, hashes are of the EN source strings:\n```csv\n" + "\n".join(lines) + "\n```"


def nb_sentry():
    return ("Sentry on docs site: `TypeError: Cannot read properties of undefined (reading 'schema')`\n"
            "event_id: %s\nrelease: docs-web@%s\ntrace: %s-%s-01" % (hx(32), hx(12), hx(32), hx(16)))


def nb_deploy_ids():
    return "\n".join("preview deployed: https://docs-%s-%s.vercel.app  (dpl_%s)" % (rs(9).lower(), BRAND, rs(28))
                     for _ in range(R.randint(1, 5)))


def nb_hexdump():
    data = rbytes(R.randint(32, 96))
    lines = []
    for i in range(0, len(data), 16):
        chunk = data[i:i + 16]
        lines.append("%08x  %s  |%s|" % (i, " ".join("%02x" % c for c in chunk),
                                          "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)))
    return "protobuf body of the sample `EventEnvelope` (for the binary-encoding doc):\n```\n" + "\n".join(lines) + "\n```"


def nb_cargo():
    lines = []
    for p in R.sample(["reqwest", "serde_json", "hmac", "sha2", "tokio", "%s-sdk" % BRAND, "base64"], 3):
        lines += ["[[package]]", 'name = "%s"' % p, 'version = "%s"' % semver(),
                  'source = "registry+https://github.com/rust-lang/crates.io-index"', 'checksum = "%s"' % hx(64), ""]
    return "Cargo.lock for the Rust example:\n```toml\n" + "\n".join(lines).rstrip() + "\n```"


def nb_search_index():
    return ("Algolia DocSearch reindex done. objectIDs sample: " + ", ".join(hx(40) for _ in range(R.randint(2, 4)))
            + "\nindex=%s_docs_%s records=%d" % (BRAND, date().replace("-", ""), R.randint(3000, 60000)))


def nb_gpg():
    fp = " ".join(hx(4).upper() for _ in range(10))
    return ("Release tarballs of the CLI are signed; the public signing key fingerprint on the install page is:\n`%s`\n"
            "(`gpg --recv-keys %s`)" % (fp, fp.replace(" ", "")[-16:]))


def nb_etags():
    lines = ["$ curl -sI https://%s/openapi/%s.yaml" % (host("cdn"), pick(["v1", "v2", "2025-06-01"])), "HTTP/2 200",
             "content-type: application/yaml", 'etag: "%s"' % hx(32), "x-amz-version-id: %s" % rs(32, ALNUM + "._"),
             "x-cache: %s" % pick(["Hit from cloudfront", "MISS", "HIT"]), "x-amz-cf-id: %s==" % rs(54, ALNUM + "_-")]
    return "```\n" + "\n".join(lines) + "\n```"


def nb_sha256sums():
    lines = ["%s  %s-cli_%s_%s.tar.gz" % (hx(64), BRAND, "1.%d.%d" % (R.randint(0, 20), R.randint(0, 9)), plat)
             for plat in R.sample(["linux_amd64", "linux_arm64", "darwin_arm64", "darwin_amd64", "windows_amd64"], R.randint(2, 5))]
    return "checksums.txt from the CLI release (linked from the install docs):\n```\n" + "\n".join(lines) + "\n```"


def nb_base64_text():
    txt = pick(["Hello from the Quillpay sandbox!", "invoice.paid", "This is a sample attachment for the docs.",
                "order_id,amount\n1001,4200\n", "Zusammenfassung der Änderungen", "サンプルの添付ファイルです"])
    enc = b64(txt.encode())
    return pick(["`echo %s | base64 -d` → prints the sample text, nothing sensitive" % enc,
                 '"content": "%s",\n"encoding": "base64"' % enc,
                 "the `attachment.content` field in the webhook sample is `%s` (base64 of a plain string)" % enc])


def nb_trace_log():
    lines = []
    for _ in range(R.randint(3, 14)):
        lines.append(json.dumps({"ts": iso_ts(), "level": pick(["info", "warn", "debug"]), "msg": pick(["api explorer request", "try-it proxy", "spec fetched"]),
                                 "trace_id": hx(32), "span_id": hx(16), "status": pick([200, 200, 201, 404, 429])}))
    return "try-it proxy logs:\n```\n" + "\n".join(lines) + "\n```"


def nb_ids_misc():
    return "\n".join([
        "OpenAPI operationId → x-%s-id mapping:" % BRAND,
        *["- `%s` → %s" % (pick(["createPayout", "listEvents", "retrieveBalance", "updateWebhookEndpoint", "deleteCustomer"]) + str(i), uuid4())
          for i in range(R.randint(2, 6))]])


def nb_ipfs():
    return "docs snapshot pinned for the archive: ipfs://bafybei%s\nnarHash: sha256-%s" % (rs(52, "abcdefghijklmnopqrstuvwxyz234567"), b64(rbytes(32)))


def nb_minified():
    vs = [rs(R.randint(1, 2), string.ascii_letters) for _ in range(6)]
    return ("```js\n!function(%s,%s){\"use strict\";var %s=\"%s\",%s=[%s];%s.exports={h:%s,k:%s}}(this,function(){});\n```\n"
            "^ minified docs search bundle, the hex string is the index version" % (
                vs[0], vs[1], vs[2], hx(40), vs[3], ",".join('"%s"' % hx(8) for _ in range(5)), vs[4], vs[2], vs[3]))


def nb_helm_checksum():
    return ("```yaml\nspec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/openapi: %s\n```"
            % (hx(64), hx(64)))


NB = [nb_changelog, nb_gitlog, nb_cdn_assets, nb_sri, nb_lockfile, nb_docker_digest, nb_ssh_pub, nb_public_pem, nb_cert,
      nb_webhook_ids, nb_request_ids, nb_hmac_example, nb_postman_ids, nb_cursor, nb_gosum, nb_pip_hash, nb_crowdin,
      nb_sentry, nb_deploy_ids, nb_hexdump, nb_cargo, nb_search_index, nb_gpg, nb_etags, nb_sha256sums, nb_base64_text,
      nb_trace_log, nb_ids_misc, nb_ipfs, nb_minified, nb_helm_checksum]


# ---------------------------------------------------------------- pii_lookalike_number
def pl_forum():
    t = R.randint(1000, 99999)
    p = R.randint(1, 40)
    return pick([
        "Answered https://%s/t/%s/%d/%d, marking as solution" % (host("community"), pick(["webhook-retries-not-firing", "sdk-timeout-on-upload", "sandbox-refund-stuck", "pagination-cursor-invalid"]), t, p),
        "forum post #%d (topic %d) got %d views overnight" % (t * 10 + p, t, R.randint(300, 9000)),
        "Merged duplicates: topics %d, %d and %d → %d" % (R.randint(1000, 99999), R.randint(1000, 99999), R.randint(1000, 99999), t),
    ])


def pl_discord_ids():
    lines = ["Discord message ids we quoted in the FAQ:"]
    for _ in range(R.randint(2, 6)):
        lines.append("- %d (#%s)" % (R.randint(10 ** 17, 10 ** 19 - 1), pick(["help", "sdk-python", "showcase", "announcements"])))
    return "\n".join(lines)


def pl_api_version():
    return "```\n%s-Version: %s\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: %d\nX-RateLimit-Reset: %d\nRetry-After: %d\n```" % (
        BRAND.capitalize(), date(), R.choice([100, 1000, 5000]), R.randint(0, 99), epoch(), R.randint(1, 60))


def pl_webhook_amounts():
    d = {"id": "evt_" + rs(20), "type": "order.shipped", "created": epoch(),
         "data": {"order_number": str(R.randint(10 ** 9, 10 ** 11)), "amount": R.randint(100, 999999), "currency": pick(["usd", "eur", "jpy", "brl"]),
                  "tracking_number": pick(["1Z%s%s" % (rs(6, UPNUM), "".join(str(R.randint(0, 9)) for _ in range(10))), "".join(str(R.randint(0, 9)) for _ in range(12)),
                                           "JD%s" % "".join(str(R.randint(0, 9)) for _ in range(16))]),
                  "weight_grams": R.randint(50, 20000), "items": R.randint(1, 9)}}
    return "sample payload for the `order.shipped` page:\n```json\n" + json.dumps(d, indent=2) + "\n```"


def pl_tickets():
    return pick([
        "Zendesk #%d and #%d are the same bug, linking DOCS-%d" % (R.randint(10 ** 6, 10 ** 7), R.randint(10 ** 6, 10 ** 7), R.randint(100, 9999)),
        "Jira DEVREL-%d blocked by API-%d, ETA sprint %d" % (R.randint(100, 9999), R.randint(1000, 99999), R.randint(20, 99)),
        "support case %s-%s escalated" % ("".join(str(R.randint(0, 9)) for _ in range(4)), "".join(str(R.randint(0, 9)) for _ in range(7))),
        "ticket %d (opened %s)" % (R.randint(10 ** 9, 10 ** 10 - 1), date()),
    ])


def pl_sdk_versions():
    lines = ["| SDK | latest | min runtime | downloads/wk |", "|---|---|---|---|"]
    for l in R.sample(LANGS_SDK, R.randint(4, 10)):
        lines.append("| %s | %s | %s | %s |" % (l, semver(), pick(["3.9", "18.x", "1.21", "17", "8.1", "1.74", "5.9", "3.2", "net8.0"]), "{:,}".format(R.randint(100, 900000))))
    return "\n".join(lines)


def pl_build_log():
    lines = ["[docs-build] %s" % iso_ts()]
    for _ in range(R.randint(4, 16)):
        lines.append(pick([
            "[INFO] built %d pages in %.2fs" % (R.randint(200, 9000), R.uniform(20, 900)),
            "[INFO] search index: %s bytes (%d records)" % ("{:,}".format(R.randint(10 ** 5, 10 ** 8)), R.randint(1000, 90000)),
            "[WARN] image %s.png is %dx%d (%d KB), consider compressing" % (rs(6).lower(), R.randint(400, 4000), R.randint(300, 3000), R.randint(200, 4000)),
            "[INFO] locale %s: %d/%d strings translated (%.1f%%)" % (pick(LANG_CODES), R.randint(1000, 5000), 5000, R.uniform(40, 100)),
            "[INFO] upload %d files to s3://%s-docs-prod/%s/" % (R.randint(100, 9000), BRAND, semver()),
            "[INFO] worker pid=%d rss=%dMiB" % (R.randint(1000, 99999), R.randint(100, 4000)),
        ]))
    return "```\n" + "\n".join(lines) + "\n```"


def pl_private_ips():
    ip = pick(["192.168.%d.%d" % (R.randint(0, 255), R.randint(2, 254)), "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(2, 254)),
               "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(2, 254)), "127.0.0.1"])
    port = R.choice([3000, 4000, 5173, 8000, 8080, 8443, 9229, 4242, 6006])
    return pick([
        "quickstart says open http://%s:%d but on Docker Desktop it's http://host.docker.internal:%d" % (ip, port, port),
        "the webhook tunnel forwards to %s:%d, ngrok inspector on 127.0.0.1:4040" % (ip, port),
        "```\nLocal:   http://localhost:%d/\nNetwork: http://%s:%d/\n```" % (port, ip, port),
    ])


def pl_phoneish():
    a = "".join(str(R.randint(0, 9)) for _ in range(3))
    b = "".join(str(R.randint(0, 9)) for _ in range(3))
    c = "".join(str(R.randint(0, 9)) for _ in range(4))
    return pick([
        "error code %s-%s-%s in the payouts API means the bank rejected the batch, doc page is /errors/payouts" % (a, b, c),
        "build %s.%s.%s of the docs container is the last good one" % (a, b, c),
        "forum user asked about invoice number INV-%s-%s-%s, it's from their own system not ours" % (a, b, c),
        "PO %s/%s/%s approved for the translation vendor" % (a, b, c),
    ])


def pl_timestamps():
    e = epoch()
    return pick([
        "`created` is seconds since epoch (%d), `created_ms` is %d, don't mix them up in the Java sample" % (e, e * 1000 + R.randint(0, 999)),
        "Slack ts of the announcement: %d.%06d" % (e, R.randint(0, 999999)),
        "%s | %d | %s" % (iso_ts(), e, pick(["2024年%d月%d日" % (R.randint(1, 12), R.randint(1, 28)), "%02d.%02d.2025" % (R.randint(1, 28), R.randint(1, 12)), "%d/%d/2025" % (R.randint(1, 12), R.randint(1, 28))])),
    ])


def pl_amounts():
    lines = ["Pricing page localisation check:"]
    for loc, fmt in R.sample([("de-DE", "{:,.2f} €"), ("fr-FR", "{:,.2f} €"), ("en-US", "${:,.2f}"), ("ja-JP", "¥{:,.0f}"), ("pt-BR", "R$ {:,.2f}"),
                              ("hi-IN", "₹{:,.2f}"), ("pl-PL", "{:,.2f} zł"), ("ch-DE", "CHF {:,.2f}")], R.randint(3, 8)):
        v = R.uniform(1, 250000)
        s = fmt.format(v)
        if loc in ("de-DE", "pt-BR"):
            s = s.replace(",", "X").replace(".", ",").replace("X", ".")
        elif loc in ("fr-FR", "pl-PL"):
            s = s.replace(",", "\u202f").replace(".", ",")
        lines.append("- %s: %s" % (loc, s))
    return "\n".join(lines)


def pl_windows_versions():
    return pick([
        "CLI installer fails on Windows %s build 10.0.%d.%d, works on 10.0.%d.%d" % (pick(["10", "11"]), R.randint(19041, 26100), R.randint(1000, 5000), R.randint(19041, 26100), R.randint(1000, 5000)),
        "Chrome %d.0.%d.%d breaks the API explorer's copy button" % (R.randint(110, 135), R.randint(5000, 7000), R.randint(40, 200)),
        "AssemblyVersion(\"%d.%d.%d.%d\") in the .NET SDK csproj" % (R.choice([0, 10]), R.randint(0, 9), R.randint(256, 9999), R.randint(0, 99)),
    ])


def pl_csv_analytics():
    rows = ["date,page,views,unique,avg_time_s,bounce_pct"]
    for _ in range(R.randint(12, 30)):
        rows.append("%s,/%s,%d,%d,%.1f,%.1f" % (date(), pick(["quickstart", "api/payouts", "webhooks", "errors", "sdk/python", "sdk/go", "changelog", "auth"]),
                                                R.randint(100, 90000), R.randint(50, 50000), R.uniform(5, 400), R.uniform(10, 90)))
    return "docs analytics export (last month):\n```csv\n" + "\n".join(rows) + "\n```"


def pl_geo_payload():
    return json.dumps({"id": "loc_" + rs(12), "name": pick(["Warehouse A", "Pickup point 7", "Depot Nord"]),
                       "lat": round(R.uniform(-60, 70), 6), "lng": round(R.uniform(-170, 170), 6),
                       "elevation_m": R.randint(0, 3000), "radius_m": R.randint(50, 2000)}, indent=2)


def pl_ports():
    return "firewall doc table:\n| service | port |\n|---|---|\n" + "\n".join(
        "| %s | %d/tcp |" % (s, p) for s, p in R.sample([("api", 443), ("grpc", 50051), ("webhooks relay", 8443), ("metrics", 9090), ("admin", 9443), ("dev portal", 3000), ("smtp relay", 587)], R.randint(3, 7)))


def pl_ibanlike():
    grp = " ".join(rs(4, UPNUM) for _ in range(R.randint(4, 6)))
    return pick([
        "bank_reference in the payouts sample is `%s%02d %s` (it's our internal batch ref, not an account)" % (pick(["QP", "BT", "RF"]), R.randint(0, 99), grp),
        "SWIFT MT940 sample line for the reconciliation guide: :61:%s%s%s" % (date().replace("-", "")[2:], "C", "{:,.2f}".format(R.uniform(1, 99999)).replace(",", "")),
    ])


def pl_cardlike():
    parts = " ".join("".join(str(R.randint(0, 9)) for _ in range(4)) for _ in range(4))
    return pick([
        "gift card batch %s activated for the hackathon prizes" % parts,
        "the Slack permalink id p%d%06d is the announcement we pin" % (epoch(), R.randint(0, 999999)),
        "trace id (decimal) %s from the Datadog view" % "".join(str(R.randint(0, 9)) for _ in range(19)),
    ])


def pl_ssnlike():
    return pick([
        "docs build %d-%02d-%05d failed on the Japanese locale" % (R.randint(100, 999), R.randint(1, 99), R.randint(0, 99999)),
        "part number %04d-%02d-%03d for the swag order" % (R.randint(1000, 9999), R.randint(1, 99), R.randint(0, 999)),
        "version %d.%02d.%04d of the spec generator" % (R.randint(1, 9), R.randint(0, 99), R.randint(0, 9999)),
    ])


def pl_latency_table():
    lines = ["| endpoint | p50 ms | p95 ms | p99 ms | rps |", "|---|---:|---:|---:|---:|"]
    for ep in R.sample(["/v1/charges", "/v1/payouts", "/v1/events", "/v1/customers", "/v1/files", "/v1/balance", "/v2/invoices"], R.randint(3, 7)):
        p50 = R.uniform(10, 200)
        lines.append("| %s | %.1f | %.1f | %.1f | %d |" % (ep, p50, p50 * 2.7, p50 * 5.1, R.randint(10, 4000)))
    return "numbers for the 'performance' page:\n" + "\n".join(lines)


def pl_cve():
    return "SDK advisory page: CVE-%d-%d / GHSA-%s-%s-%s fixed in %s, KB%d" % (
        R.randint(2023, 2026), R.randint(1000, 59999), rs(4, "23456789cfghjmpqrvwx"), rs(4, "23456789cfghjmpqrvwx"), rs(4, "23456789cfghjmpqrvwx"), semver(), R.randint(4000000, 5999999))


def pl_postman_run():
    return ("```\n┌─────────────────────────┬──────────────────┬──────────────────┐\n│                         │         executed │           failed │\n"
            "├─────────────────────────┼──────────────────┼──────────────────┤\n│              iterations │ %16d │ %16d │\n│                requests │ %16d │ %16d │\n"
            "│            test-scripts │ %16d │ %16d │\n│              assertions │ %16d │ %16d │\n└─────────────────────────┴──────────────────┴──────────────────┘\n"
            "total run duration: %.1fs\naverage response time: %dms [min: %dms, max: %dms, s.d.: %dms]\n```" % (
                R.randint(1, 5), 0, R.randint(20, 400), R.randint(0, 3), R.randint(20, 400), 0, R.randint(40, 900), R.randint(0, 9),
                R.uniform(3, 200), R.randint(40, 400), R.randint(10, 40), R.randint(400, 3000), R.randint(20, 300)))


def pl_orders_csv():
    rows = ["order_id,created_at,amount_cents,currency,invoice_no,status"]
    for _ in range(R.randint(10, 28)):
        rows.append("%d,%s,%d,%s,INV-%d-%05d,%s" % (R.randint(10 ** 9, 10 ** 10), iso_ts(), R.randint(100, 500000), pick(["USD", "EUR", "GBP", "JPY"]),
                                                    R.choice([2024, 2025]), R.randint(0, 99999), pick(["paid", "refunded", "open"])))
    return "fixture for the CSV export tutorial (fake orders):\n```\n" + "\n".join(rows) + "\n```"


def pl_measure():
    return pick([
        "hero image is %d×%d px, %.1f MB → after squoosh %d KB" % (R.randint(800, 4000), R.randint(400, 3000), R.uniform(1, 9), R.randint(80, 900)),
        "bundle size went from %s B to %s B (+%.2f%%)" % ("{:,}".format(R.randint(10 ** 5, 10 ** 7)), "{:,}".format(R.randint(10 ** 5, 10 ** 7)), R.uniform(0, 12)),
        "Lighthouse: perf %d, a11y %d, LCP %.1fs, CLS %.3f, TBT %dms" % (R.randint(50, 100), R.randint(70, 100), R.uniform(0.8, 5), R.uniform(0, 0.3), R.randint(0, 900)),
    ])


def pl_isbn():
    core = "978" + "".join(str(R.randint(0, 9)) for _ in range(9))
    chk = (10 - sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(core)) % 10) % 10
    s = core + str(chk)
    return "recommended reading on the API design page: ISBN %s-%s-%s-%s-%s" % (s[:3], s[3], s[4:8], s[8:12], s[12])


PL = [pl_forum, pl_discord_ids, pl_api_version, pl_webhook_amounts, pl_tickets, pl_sdk_versions, pl_build_log, pl_private_ips,
      pl_phoneish, pl_timestamps, pl_amounts, pl_windows_versions, pl_csv_analytics, pl_geo_payload, pl_ports, pl_ibanlike,
      pl_cardlike, pl_ssnlike, pl_latency_table, pl_cve, pl_postman_run, pl_orders_csv, pl_measure, pl_isbn]


# ---------------------------------------------------------------- data_uri_base64
def du_png_uri(w=None, h=None):
    w = w or R.randint(1, 12)
    h = h or R.randint(1, 12)
    data = png_bytes(w, h, [R.randint(0, 255) for _ in range(3)]) if R.random() < 0.6 else png_noise(w, h)
    return "data:image/png;base64," + b64(data)


def du_markdown_img():
    alt = pick(["Webhook retry timeline", "OAuth flow", "Diagrama del flujo de pagos", "Ablaufdiagramm", "フロー図", "결제 흐름도", "流程图"])
    return "![%s](%s)" % (alt, du_png_uri())


def du_svg_diagram():
    svg = svg_diagram()
    return pick([
        "```md\n<img alt=\"architecture\" src=\"data:image/svg+xml;base64,%s\" />\n```" % b64(svg.encode()),
        "mermaid plugin inlined the diagram as `data:image/svg+xml;base64,%s` which blew up the page weight" % b64(svg.encode()),
    ])


def du_css_font():
    return ("```css\n@font-face {\n  font-family: \"%s Mono\";\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n  font-display: swap;\n}\n```" % (
        BRAND.capitalize(), woff2_b64(R.randint(60, 300))))


def du_css_icon():
    return ".callout-%s::before {\n  content: \"\";\n  background-image: url(\"%s\");\n}" % (pick(["warning", "note", "tip", "danger"]), du_png_uri())


def du_favicon():
    return '<link rel="icon" href="data:image/gif;base64,%s">' % GIF_1x1 if R.random() < 0.4 else \
        '<link rel="icon" type="image/png" href="%s">' % du_png_uri(16, 16)


def du_openapi_byte():
    return ("```yaml\nrequestBody:\n  content:\n    application/json:\n      schema:\n        type: object\n        properties:\n          file:\n            type: string\n            format: byte\n"
            "      example:\n        file: %s\n        filename: sample-invoice.pdf\n```" % pdf_b64())


def du_webhook_attachment():
    return "```json\n" + json.dumps({"type": "document.uploaded", "data": {"filename": "receipt.png", "mime_type": "image/png",
                                                                              "content_base64": b64(png_noise(R.randint(2, 6), R.randint(2, 6)))}}, indent=2) + "\n```"


def du_jupyter():
    return json.dumps({"output_type": "display_data", "data": {"image/png": b64(png_noise(R.randint(3, 8), R.randint(3, 8))), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
                       "metadata": {}}, indent=1)


def du_sourcemap():
    sm = json.dumps({"version": 3, "sources": ["src/components/ApiExplorer.tsx"], "names": [], "mappings": ";;AAAA," + rs(20, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/") + ";"})
    return "//# sourceMappingURL=data:application/json;charset=utf-8;base64," + b64(sm.encode())


def du_jsx_blur():
    return ("```jsx\n<Image\n  src=\"/img/dashboard-%s.png\"\n  placeholder=\"blur\"\n  blurDataURL=\"%s\"\n  alt=\"%s\"\n/>\n```" % (
        pick(["api-keys", "webhooks", "logs"]), du_png_uri(R.randint(4, 10), R.randint(3, 8)), pick(["Dashboard", "Panel de control", "ダッシュボード"])))


def du_truncated():
    uri = du_png_uri(R.randint(10, 40), R.randint(10, 40))
    cut = R.randint(40, 90)
    return pick([
        "vale flags `%s…` in sdk/go.md, it's an inline screenshot" % uri[:cut],
        "HAR entry: {\"url\": \"%s...\", \"status\": 200}" % uri[:cut],
        "src=\"%s\" [%d more chars]" % (uri[:cut], len(uri) - cut),
    ])


def du_svg_utf8():
    return "background: url(\"data:image/svg+xml;utf8,%s\");" % svg_diagram().replace("#", "%23").replace('"', "'")


def du_postman_file():
    return "```json\n" + json.dumps({"name": "Upload file", "request": {"method": "POST", "url": "{{baseUrl}}/v1/files",
                                                                           "body": {"mode": "raw", "raw": json.dumps({"purpose": "dispute_evidence", "file": "data:application/pdf;base64," + pdf_b64()})}}}, indent=2) + "\n```"


def du_email_template_preview():
    return ("Preview of the welcome-email partial in the docs (logo is inlined):\n```html\n<table role=\"presentation\"><tr><td>\n"
            "  <img width=\"120\" src=\"%s\" alt=\"%s\">\n</td></tr></table>\n```" % (du_png_uri(R.randint(6, 14), R.randint(3, 6)), BRAND.capitalize()))


def du_translated_alt():
    lang = pick(LANG_CODES)
    return "[%s] alt text review for `%s`: uri = %s" % (lang, pick(["diagram-webhook.svg", "flow-oauth.svg"]), "data:image/svg+xml;base64," + b64(svg_diagram().encode()))


def du_python_fixture():
    return ("```python\nSAMPLE_LOGO = (\n    \"data:image/png;base64,\"\n%s\n)\n```" % "\n".join('    "%s"' % ln for ln in wrap(b64(png_noise(R.randint(4, 9), R.randint(4, 9))), 76)))


def du_wav():
    data = b"RIFF" + struct.pack("<I", 36 + 64) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 16000, 2, 16) + b"data" + struct.pack("<I", 64) + rbytes(64)
    return "notification sound for the dashboard demo: `data:audio/wav;base64,%s`" % b64(data)


def du_slack_upload():
    return ("```bash\ncurl -s -X POST %s/v1/files -H \"Content-Type: application/json\" \\\n  -d '{\"name\":\"chart.png\",\"data\":\"%s\"}'\n```" % (
        "https://" + host("api"), b64(png_noise(R.randint(2, 5), R.randint(2, 5)))))


DU = [du_markdown_img, du_svg_diagram, du_css_font, du_css_icon, du_favicon, du_openapi_byte, du_webhook_attachment, du_jupyter,
      du_sourcemap, du_jsx_blur, du_truncated, du_svg_utf8, du_postman_file, du_email_template_preview, du_translated_alt,
      du_python_fixture, du_wav, du_slack_upload]


# ---------------------------------------------------------------- placeholder_example
def ph_curl():
    tok = pick(["$%s_API_KEY" % BRAND.upper(), "YOUR_API_KEY", "<your-secret-key>", "${API_TOKEN}", "sk_test_...", "{{apiKey}}", "<TOKEN>"])
    return ("```bash\ncurl https://%s/v1/%s \\\n  -H \"Authorization: Bearer %s\" \\\n  -H \"%s-Version: %s\"\n```" % (host("api"), pick(["customers", "invoices", "payouts", "events"]), tok, BRAND.capitalize(), date()))


QUICKSTARTS = {
    "python": "```python\nimport os\nfrom {b} import Client\n\nclient = Client(api_key=os.environ[\"{B}_API_KEY\"])  # or api_key=\"<YOUR_API_KEY>\"\nprint(client.balance.retrieve())\n```",
    "node": "```js\nimport {{ {C} }} from \"@{b}/node\";\n\nconst client = new {C}({{ apiKey: process.env.{B}_API_KEY ?? \"YOUR_API_KEY\" }});\nconst balance = await client.balance.retrieve();\n```",
    "go": "```go\nclient := {b}.NewClient(os.Getenv(\"{B}_API_KEY\")) // \"sk_test_...\" in the sandbox\nbal, err := client.Balance.Get(ctx)\n```",
    "ruby": "```ruby\nrequire \"{b}\"\n{C}.api_key = ENV.fetch(\"{B}_API_KEY\") # => \"<your key here>\"\nputs {C}::Balance.retrieve\n```",
    "java": "```java\n{C}Client client = {C}Client.builder()\n    .apiKey(System.getenv(\"{B}_API_KEY\")) // never hardcode: \"YOUR_API_KEY\"\n    .build();\n```",
    "dotnet": "```csharp\nvar client = new {C}Client(Environment.GetEnvironmentVariable(\"{B}_API_KEY\") ?? \"<api-key>\");\n```",
    "php": "```php\n$client = new \\{C}\\Client(['api_key' => getenv('{B}_API_KEY') ?: 'YOUR_API_KEY']);\n```",
    "rust": "```rust\nlet client = {b}::Client::new(std::env::var(\"{B}_API_KEY\").expect(\"set {B}_API_KEY\"));\n```",
    "swift": "```swift\nlet client = {C}Client(apiKey: ProcessInfo.processInfo.environment[\"{B}_API_KEY\"] ?? \"YOUR_API_KEY\")\n```",
    "kotlin": "```kotlin\nval client = {C}Client(apiKey = System.getenv(\"{B}_API_KEY\") ?: \"sk_test_xxx\")\n```",
    "elixir": "```elixir\nconfig :{b}, api_key: System.fetch_env!(\"{B}_API_KEY\")\n```",
    "dart": "```dart\nfinal client = {C}Client(apiKey: const String.fromEnvironment('{B}_API_KEY', defaultValue: '<YOUR_API_KEY>'));\n```",
}


def ph_quickstart():
    l = pick(list(QUICKSTARTS))
    return ("%s quickstart, step 2:\n" % l) + QUICKSTARTS[l].format(b=BRAND, B=BRAND.upper(), C=BRAND.capitalize())


def ph_postman_env():
    d = {"id": uuid4(), "name": "%s sandbox" % BRAND.capitalize(), "values": [
        {"key": "baseUrl", "value": "https://%s" % host("api"), "enabled": True},
        {"key": "apiKey", "value": "", "type": "secret", "enabled": True},
        {"key": "webhookSecret", "value": "{{WEBHOOK_SECRET}}", "type": "secret", "enabled": True},
        {"key": "accessToken", "value": pick(["<paste-token>", "", "********"]), "type": "secret", "enabled": R.random() < 0.5}],
         "_postman_variable_scope": "environment"}
    return "env template we ship with the collection:\n```json\n" + json.dumps(d, indent=2) + "\n```"


def ph_env_example():
    keys = R.sample(["%s_API_KEY" % BRAND.upper(), "%s_WEBHOOK_SECRET" % BRAND.upper(), "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "SLACK_BOT_TOKEN",
                     "GITHUB_TOKEN", "DATABASE_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "ALGOLIA_ADMIN_KEY", "SMTP_PASSWORD"], R.randint(3, 8))
    vals = ["", "changeme", "<your-key>", "xxx", "your_token_here", "sk-...", "replace-me", "${%s}", "REPLACE_ME", "..."]
    lines = ["# .env.example — copy to .env and fill in"]
    for k in keys:
        v = pick(vals)
        if "%s" in v:
            v = v % k
        if k == "DATABASE_URL":
            v = pick(["postgres://USER:PASSWORD@localhost:5432/quickstart", "postgres://postgres:postgres@localhost:5432/app", "mysql://root:root@127.0.0.1:3306/demo"])
        lines.append("%s=%s" % (k, v))
    return "```\n" + "\n".join(lines) + "\n```"


def ph_aws_example():
    return pick([
        "```ini\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```\n(these are the AWS doc example keys, used in our S3-export guide)" % pick(["us-east-1", "eu-west-1", "ap-northeast-1"]),
        "S3 export tutorial uses `AKIAIOSFODNN7EXAMPLE` like the AWS docs do, reviewers please don't flag it",
        "export AWS_ACCESS_KEY_ID=AKIAI44QH8DHBEXAMPLE\nexport AWS_SECRET_ACCESS_KEY=je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
    ])


def ph_vendor_prefix():
    return pick([
        "OpenAI keys look like `sk-proj-...`, Anthropic ones `sk-ant-api03-…`; the LLM cookbook just says `<LLM_API_KEY>`",
        "Slack app quickstart: set `SLACK_BOT_TOKEN=xoxb-your-bot-token` and `SLACK_APP_TOKEN=xapp-...`",
        "GitHub Action example uses `${{ secrets.%s_API_KEY }}` and `GITHUB_TOKEN: ${{ github.token }}`" % BRAND.upper(),
        "PAT format in the CI guide: `ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` (36 x's, yes we counted)",
        "fine-grained tokens start with `github_pat_` followed by a long random string — don't paste one here",
        "Slack webhook URL placeholder: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
        "bot token example in the docs: `xoxb-0000000000-0000000000000-xxxxxxxxxxxxxxxxxxxxxxxx`",
    ])


def ph_masked():
    return pick([
        "Dashboard screenshot shows `sk_live_••••••••••••%s`, that's fine to publish" % rs(4),
        "API key column: `%s_live_%s…` (last 4 only)" % (BRAND[:2], "****"),
        "card on file: •••• •••• •••• %04d, exp %02d/%02d" % (R.randint(0, 9999), R.randint(1, 12), R.randint(26, 33)),
        "the KYC sample shows SSN as `XXX-XX-%04d` and phone as `+1 (•••) •••-%02d%02d`" % (R.randint(0, 9999), R.randint(0, 99), R.randint(0, 99)),
        "IBAN in the payout docs is masked: `DE** **** **** **** **%02d %02d`" % (R.randint(0, 99), R.randint(0, 99)),
        "log line after scrubbing: Authorization: Bearer [REDACTED] api_key=<redacted> password=***",
    ])


def ph_pem_dots():
    t = pick(["", "RSA ", "EC ", "OPENSSH "])
    return "```\n-----BEGIN %sPRIVATE KEY-----\n...\n(your key here)\n...\n-----END %sPRIVATE KEY-----\n```\nmTLS guide step 3, the reader generates their own" % (t, t)


def ph_translated():
    lang = pick(LANG_CODES)
    return "[%s] docs/quickstart.md:12 → \"%s\"" % (lang, L10N[lang][0])


def ph_template_vars():
    return pick([
        "```yaml\n# helm values for the self-hosted docs preview\nsearch:\n  algoliaAppId: {{ .Values.algolia.appId }}\n  algoliaApiKey: {{ .Values.algolia.searchKey }}\nbasicAuth:\n  username: \"{{ .Values.preview.user }}\"\n  password: \"{{ .Values.preview.password }}\"\n```",
        "Postman pre-request script: `pm.request.headers.add({key: 'Authorization', value: 'Bearer ' + pm.environment.get('accessToken')})`",
        "terraform: `api_key = var.%s_api_key`  # set via TF_VAR_%s_api_key" % (BRAND, BRAND),
        "in the Jinja snippet it's `{{ api_key }}` and in ERB `<%%= ENV['%s_API_KEY'] %%>`" % BRAND.upper(),
        "`op://DevRel/%s sandbox/credential` is what the 1Password CLI example references" % BRAND.capitalize(),
    ])


def ph_fake_card_docs():
    return pick([
        "Test mode: use any card that ends in `4242`, any future expiry and any 3-digit CVC. Real card numbers are rejected in sandbox.",
        "| scenario | card |\n|---|---|\n| success | `•••• 4242` |\n| declined | `•••• 0002` |\n| 3DS required | `•••• 3184` |\n| insufficient funds | `•••• 9995` |",
        "ejemplo de IBAN en la guía: `ES00 0000 0000 0000 0000 0000` (ficticio)",
        "SSN field example: `000-00-0000` (invalid on purpose so nobody copies a real one)",
        "phone example in the SMS guide: `+1 555-0100` … `+1 555-0199` (reserved fiction range)",
    ])


def ph_jwt_placeholder():
    return pick([
        "JWT anatomy diagram labels: `eyJhbGciOiJSUzI1NiJ9.<payload>.<signature>`",
        "```http\nAuthorization: Bearer eyJ...\n```\n(that's the shape; get a real one from /oauth/token)",
        "token response example: `{\"access_token\": \"<JWT>\", \"token_type\": \"Bearer\", \"expires_in\": 3600}`",
    ])


def ph_openapi_security():
    return ("```yaml\ncomponents:\n  securitySchemes:\n    BearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT\n"
            "  examples:\n    ApiKeyExample:\n      value: \"%s\"\n```" % pick(["sk_test_EXAMPLE", "YOUR_API_KEY", "<api_key>", "qp_test_XXXXXXXXXXXXXXXX"]))


def ph_conn_strings():
    return pick([
        "docker-compose in the sample app: `POSTGRES_PASSWORD: postgres` and `DATABASE_URL=postgres://postgres:postgres@db:5432/sample`",
        "RabbitMQ default in the event-streaming tutorial: amqp://guest:guest@localhost:5672/",
        "the Mongo example uses `mongodb://<username>:<password>@<cluster-host>/?retryWrites=true`",
        "`redis://:<password>@localhost:6379/0` is the template we show",
        "Keycloak dev container in the OAuth guide: KEYCLOAK_ADMIN=admin / KEYCLOAK_ADMIN_PASSWORD=admin",
    ])


PH = [ph_curl, ph_quickstart, ph_postman_env, ph_env_example, ph_aws_example, ph_vendor_prefix, ph_masked, ph_pem_dots,
      ph_translated, ph_template_vars, ph_fake_card_docs, ph_jwt_placeholder, ph_openapi_security, ph_conn_strings]


# ---------------------------------------------------------------- code_identifier
def ci_python_trace():
    fn = pick(["_resolve_api_key", "load_webhook_signing_secret", "refresh_access_token", "get_client_secret", "_mask_card_number"])
    return ("```\nTraceback (most recent call last):\n  File \"/app/examples/%s.py\", line %d, in <module>\n    client = %s.Client()\n"
            "  File \"/usr/lib/python3.12/site-packages/%s/_client.py\", line %d, in __init__\n    self._api_key = %s(api_key)\n"
            "  File \"/usr/lib/python3.12/site-packages/%s/_auth.py\", line %d, in %s\n    raise AuthenticationError(\"No API key provided. Set %s_API_KEY.\")\n"
            "%s.errors.AuthenticationError: No API key provided. Set %s_API_KEY.\n```" % (
                pick(["quickstart", "webhooks_server", "list_invoices"]), R.randint(3, 40), BRAND, BRAND, R.randint(40, 400), fn, BRAND, R.randint(10, 200), fn,
                BRAND.upper(), BRAND, BRAND.upper()))


def ci_java_trace():
    frames = ["com.%s.sdk.auth.BearerTokenProvider.getAccessToken" % BRAND, "com.%s.sdk.auth.OAuthClientCredentialsFlow.exchange" % BRAND,
              "com.%s.sdk.http.AuthInterceptor.intercept" % BRAND, "okhttp3.internal.http.RealInterceptorChain.proceed",
              "com.%s.sdk.webhooks.SignatureVerifier.verifyWithSigningSecret" % BRAND, "com.%s.sdk.payments.CardNumberTokenizer.tokenize" % BRAND,
              "com.%s.sdk.ApiKeyResolver.fromEnvironment" % BRAND, "java.base/java.util.Optional.orElseThrow"]
    lines = ["Exception in thread \"main\" com.%s.sdk.exception.%s: %s" % (BRAND, pick(["InvalidApiKeyException", "TokenExpiredException", "MissingClientSecretException"]),
                                                                        pick(["api key missing", "access token expired at refresh", "client secret not configured"]))]
    for _ in range(R.randint(4, 22)):
        f = pick(frames)
        lines.append("\tat %s(%s.java:%d)" % (f, f.split(".")[-2], R.randint(20, 800)))
    return "```\n" + "\n".join(lines) + "\n```"


def ci_ts_types():
    fields = R.sample(["signingSecret?: never;", "secretKeyLast4: string;", "redactedSecretKey: string;", "passwordResetRequired: boolean;",
                       "accessTokenExpiresAt: number;", "refreshToken?: string;", "clientSecretHash: string;", "cardLast4?: string;",
                       "ibanMasked?: string;", "phoneNumberVerified: boolean;", "apiKeyPrefix: string;"], R.randint(3, 7))
    name = pick(["ApiKeyCreated", "OAuthTokenResponse", "WebhookEndpointSecret", "CustomerPaymentMethod", "PortalSession"])
    if R.random() < 0.5:
        return "```ts\nexport interface %s {\n  id: string;\n%s\n}\n```" % (name, "\n".join("  " + f for f in fields))
    return ("```ts\nexport interface CreateWebhookEndpointParams {\n  url: string;\n  enabledEvents: string[];\n  /** returned once; store it, we only keep a hash */\n  signingSecret?: never;\n}\n\n"
            "export interface ApiKeyCreated {\n  id: string;\n  secretKeyLast4: string;\n  redactedSecretKey: string;\n  passwordResetRequired: boolean;\n}\n```")


def ci_openapi_schema():
    pool = [("card_number", {"type": "string", "writeOnly": True, "pattern": "^[0-9]{12,19}$"}),
            ("cvc", {"type": "string", "writeOnly": True, "minLength": 3, "maxLength": 4}),
            ("last4", {"type": "string", "readOnly": True}), ("iban", {"type": "string", "writeOnly": True}),
            ("phone_number", {"type": "string", "format": "phone"}), ("email", {"type": "string", "format": "email"}),
            ("password", {"type": "string", "format": "password", "writeOnly": True}),
            ("api_key", {"type": "string", "readOnly": True, "description": "Only returned on creation."}),
            ("client_secret", {"type": "string", "writeOnly": True}), ("ssn_last4", {"type": "string", "maxLength": 4}),
            ("access_token", {"type": "string", "readOnly": True}), ("token_type", {"type": "string", "enum": ["bearer"]})]
    props = dict(R.sample(pool, R.randint(3, 6)))
    name = pick(["PaymentMethodCard", "CreateCustomerRequest", "OAuthTokenResponse", "PayoutDestination", "KycIndividual", "ApiKey"])
    doc = {name: {"type": "object", "required": R.sample(sorted(props), R.randint(1, len(props))), "properties": props}}
    if R.random() < 0.5:
        return "```json\n" + json.dumps(doc, indent=1 if R.random() < 0.5 else None) + "\n```"
    lines = ["```yaml", "%s:" % name, "  type: object", "  properties:"]
    for k, v in props.items():
        lines.append("    %s:" % k)
        for kk, vv in v.items():
            lines.append("      %s: %s" % (kk, json.dumps(vv) if not isinstance(vv, str) else vv))
    return "\n".join(lines + ["```"])


def ci_go_struct():
    if R.random() < 0.5:
        fs = R.sample([("APIKey", "string", "env:\\\"%s_API_KEY\\\"" % BRAND.upper()), ("WebhookSigningSecret", "[]byte", "json:\\\"-\\\""),
                       ("ClientSecret", "string", "json:\\\"client_secret,omitempty\\\""), ("BearerToken", "string", "header:\\\"Authorization\\\""),
                       ("CardLast4", "string", "json:\\\"card_last4\\\""), ("PasswordHash", "[]byte", "db:\\\"password_hash\\\""),
                       ("PhoneE164", "string", "json:\\\"phone_e164,omitempty\\\""), ("IBANMasked", "string", "json:\\\"iban_masked\\\"")], R.randint(3, 6))
        return "```go\ntype %s struct {\n%s\n}\n```" % (pick(["Options", "Credentials", "Account", "ClientConfig", "Endpoint"]),
                                                       "\n".join("\t%-22s %-7s `%s`" % (a, t, g.replace('\\"', '"')) for a, t, g in fs))
    return ("```go\ntype Config struct {\n\tAPIKey          string `env:\"%s_API_KEY,required\" json:\"-\"`\n\tWebhookSecret   string `env:\"%s_WEBHOOK_SECRET\" json:\"-\"`\n"
            "\tClientSecret    string `json:\"client_secret,omitempty\"`\n\tAccessTokenTTL  time.Duration\n\tRedactPasswords bool\n}\n```" % (BRAND.upper(), BRAND.upper()))


def ci_sql():
    if R.random() < 0.6:
        tbl = pick(["api_keys", "oauth_clients", "webhook_endpoints", "customers", "payment_methods", "forum_users"])
        cols = R.sample(["secret_hash bytea NOT NULL", "secret_last_four char(4)", "token_prefix text", "password_hash text", "password_updated_at timestamptz",
                         "card_fingerprint text", "iban_last4 char(4)", "phone_e164_encrypted bytea", "client_secret_rotated_at timestamptz",
                         "ssn_encrypted bytea", "email_verified boolean DEFAULT false"], R.randint(2, 5))
        return "```sql\n%s\n```" % "\n".join("ALTER TABLE %s ADD COLUMN %s;" % (tbl, c) for c in cols)
    return ("```sql\nALTER TABLE api_keys ADD COLUMN secret_hash bytea NOT NULL;\nALTER TABLE api_keys ADD COLUMN secret_last_four char(4);\n"
            "CREATE INDEX idx_api_keys_token_prefix ON api_keys (token_prefix);\nCOMMENT ON COLUMN customers.ssn_encrypted IS 'envelope encrypted, never logged';\n```")


def ci_graphql():
    if R.random() < 0.6:
        ms = R.sample(["createPersonalAccessToken(input: CreatePatInput!): PersonalAccessTokenPayload", "revokeApiKey(id: ID!): RevokeApiKeyPayload",
                       "rotateWebhookSigningSecret(endpointId: ID!): WebhookEndpoint", "updatePhoneNumber(input: PhoneNumberInput!): Customer",
                       "resetPassword(token: String!, newPassword: String!): ResetPasswordPayload", "attachCard(cardToken: ID!): PaymentMethod",
                       "verifyIban(input: VerifyIbanInput!): BankAccount", "exchangeRefreshToken(refreshToken: String!): TokenPair"], R.randint(2, 5))
        return "```graphql\ntype Mutation {\n%s\n}\n```" % "\n".join("  " + m for m in ms)
    return ("```graphql\ntype Mutation {\n  createPersonalAccessToken(input: CreatePatInput!): PersonalAccessTokenPayload\n  revokeApiKey(id: ID!): RevokeApiKeyPayload\n"
            "  rotateWebhookSigningSecret(endpointId: ID!): WebhookEndpoint\n  updatePhoneNumber(input: PhoneNumberInput!): Customer\n}\n```")


def ci_proto():
    if R.random() < 0.6:
        fs = R.sample(["string card_brand", "string card_last4", "string card_fingerprint", "string iban_last4", "string api_key_id", "bytes secret_hash",
                       "string phone_country_code", "bool password_set", "string access_token_id", "google.protobuf.Timestamp token_expires_at"], R.randint(3, 6))
        return "```proto\nmessage %s {\n%s\n}\n```" % (pick(["PaymentMethod", "Credential", "ApiKeyMetadata", "AccountSecurity", "PayoutAccount"]),
                                                       "\n".join("  %s = %d;" % (f, i + 1) for i, f in enumerate(fs)))
    return ("```proto\nmessage CardPaymentMethod {\n  string card_brand = 1;\n  string card_last4 = 2;\n  string card_fingerprint = 3;\n  int32 exp_month = 4;\n  int32 exp_year = 5;\n}\n\n"
            "message BankAccount {\n  string iban_last4 = 1;\n  string bic = 2;\n  bool iban_verified = 3;\n}\n```")


def ci_env_table():
    rows = [("`%s_API_KEY`" % BRAND.upper(), "Secret API key used by the SDK"), ("`%s_API_BASE`" % BRAND.upper(), "Override base URL"),
            ("`%s_WEBHOOK_SECRET`" % BRAND.upper(), "Signing secret for webhook verification"), ("`%s_OAUTH_CLIENT_SECRET`" % BRAND.upper(), "OAuth client secret"),
            ("`%s_MAX_RETRIES`" % BRAND.upper(), "Retries for 5xx/429"), ("`%s_LOG_REDACT_TOKENS`" % BRAND.upper(), "Mask tokens in debug logs")]
    return "| variable | description |\n|---|---|\n" + "\n".join("| %s | %s |" % r for r in R.sample(rows, R.randint(3, 6)))


def ci_i18n_keys():
    lang = pick(LANG_CODES)
    keys = R.sample(["settings.apiKeys.revokeConfirm.title", "settings.apiKeys.secretKey.copyButton", "auth.password.resetLink", "billing.card.numberLabel",
                     "kyc.ssn.helpText", "profile.phoneNumber.verify", "webhooks.signingSecret.reveal", "payouts.iban.placeholder"], R.randint(2, 5))
    return "missing %s keys after the sync:\n" % lang + "\n".join("- `%s`" % k for k in keys)


def ci_rust():
    if R.random() < 0.6:
        a = pick(["SlackBotToken", "ApiKey", "WebhookSecret", "ClientSecret", "AccessToken", "DbPassword"])
        return ("```rust\n#[derive(Clone, Zeroize, ZeroizeOnDrop)]\npub struct %s(SecretString);\n\nimpl std::fmt::Debug for %s {\n"
                "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(\"%s([REDACTED])\") }\n}\n```" % (a, a, a))
    return ("```rust\npub struct SlackBotTokenProvider { inner: Arc<RwLock<Option<SecretString>>> }\n\nimpl SlackBotTokenProvider {\n"
            "    pub fn bot_token(&self) -> Result<SecretString, TokenError> { /* ... */ }\n    fn redact_user_token(s: &str) -> Cow<'_, str> { /* ... */ }\n}\n```")


def ci_js_trace():
    return ("```\nTokenExpiredError: jwt expired\n    at /app/node_modules/jsonwebtoken/verify.js:%d:%d\n    at verifyAccessToken (/app/src/middleware/auth.ts:%d:%d)\n"
            "    at refreshTokenIfNeeded (/app/src/lib/%sClient.ts:%d:%d)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n```" % (
                R.randint(100, 200), R.randint(5, 40), R.randint(5, 90), R.randint(5, 40), BRAND, R.randint(10, 300), R.randint(5, 40)))


def ci_csharp():
    if R.random() < 0.6:
        cls = pick(["ClientSecretCredentialOptions", "WebhookSigningSecretProvider", "ApiKeyRotationService", "PasswordResetTokenValidator", "CardNumberMasker"])
        return ("```csharp\npublic sealed class %s\n{\n    public string %s { get; init; } = string.Empty;\n    public TimeSpan %s { get; init; } = TimeSpan.FromMinutes(%d);\n}\n```" % (
            cls, pick(["SecretName", "TokenHeaderName", "KeyVaultSecretId", "PasswordField"]), pick(["TokenLifetime", "RotationInterval", "SecretCacheTtl"]), R.randint(5, 90)))
    return ("```csharp\npublic sealed class ApiKeyAuthenticationHandler : AuthenticationHandler<ApiKeyOptions>\n{\n    private const string ApiKeyHeaderName = \"X-Api-Key\";\n"
            "    protected override Task<AuthenticateResult> HandleAuthenticateAsync() => ValidateSecretTokenAsync(Request.Headers[ApiKeyHeaderName]);\n}\n```")


def ci_vale_rule():
    if R.random() < 0.5:
        return "vale output:\n```\n%s\n```" % "\n".join(" docs/%s.md:%d:%d  error  Use a placeholder instead of a real-looking credential.  %s.NoRealSecrets" % (
            pick(["quickstart", "webhooks", "auth/oauth", "sdk/python", "sdk/node", "errors"]), R.randint(1, 300), R.randint(1, 80), BRAND.capitalize()) for _ in range(R.randint(1, 6)))
    return ("```yaml\n# .vale/styles/%s/NoRealSecrets.yml\nextends: existence\nmessage: \"'%%s' looks like a credential; use a placeholder.\"\nlevel: error\n"
            "tokens:\n  - 'sk_live_[A-Za-z0-9]{10,}'\n  - 'xox[bp]-[0-9]+'\n  - 'gh[pousr]_[A-Za-z0-9]{36}'\n```" % BRAND.capitalize())


def ci_php_ruby():
    return pick([
        "```php\npublic function setWebhookSigningSecret(string $signingSecret): self\n{\n    $this->signingSecret = $signingSecret;\n    return $this;\n}\n```",
        "```ruby\ndef self.mask_card_number(card_number)\n  \"•••• #{card_number[-4..]}\"\nend\n\nattr_reader :access_token, :refresh_token_expires_at\n```",
        "```elixir\ndefp fetch_api_key!(opts), do: Keyword.get(opts, :api_key) || System.fetch_env!(\"%s_API_KEY\")\n```" % BRAND.upper(),
    ])


def ci_swift_kotlin():
    return pick([
        "```swift\nfunc setAccessToken(_ token: String, refreshToken: String?) throws {\n    try keychain.set(token, forKey: \"com.%s.accessToken\")\n}\n```" % BRAND,
        "```kotlin\nclass EncryptedPasswordStore(private val masterKeyAlias: String) {\n    fun putPassword(account: String, password: CharArray) { /* ... */ }\n}\n```",
        "```dart\nclass PhoneNumberInputField extends StatelessWidget { final String ibanHint; final bool obscurePassword; }\n```",
    ])


def ci_sphinx_warn():
    return "\n".join("docs/api/%s.rst:%d: WARNING: py:func reference target not found: %s.%s" % (
        pick(["auth", "webhooks", "client"]), R.randint(1, 400), BRAND, pick(["auth.rotate_secret_key", "webhooks.construct_event_with_secret", "Client.set_bearer_token", "utils.redact_password", "cards.luhn_checksum"]))
        for _ in range(R.randint(1, 8)))


def ci_feature_flags():
    return "flags touched in this release: " + ", ".join("`%s`" % f for f in R.sample([
        "docs.show_secret_key_once", "sdk.token_refresh_v2", "dashboard.mask_iban_fields", "api.require_password_confirmation",
        "explorer.persist_api_key_in_session", "webhooks.dual_signing_secrets", "kyc.collect_ssn_last4"], R.randint(2, 5)))


CI = [ci_python_trace, ci_java_trace, ci_ts_types, ci_openapi_schema, ci_go_struct, ci_sql, ci_graphql, ci_proto, ci_env_table,
      ci_i18n_keys, ci_rust, ci_js_trace, ci_csharp, ci_vale_rule, ci_php_ruby, ci_swift_kotlin, ci_sphinx_warn, ci_feature_flags]


# ---------------------------------------------------------------- talk_about_secrets
TALK_EN = [
    "someone pasted a live key into forum topic {t}; I hid the post and emailed them (via the forum DM) to rotate it",
    "reminder: screenshots for the docs must blur the API key field, even test keys",
    "do we rotate the shared Postman workspace token when someone leaves devrel? I think we should",
    "the webhooks guide should explain that the signing secret is shown exactly once",
    "can we stop asking people to paste their phone number in the forum for SMS debugging? ask for the last 4 digits instead",
    "KYC docs: we should say we never store the full SSN, only an encrypted blob plus the last four",
    "IBAN validation page needs a paragraph about mod-97, the current one just says 'must be valid'",
    "incident summary: a bot token was committed to the sample repo for ~11 minutes, revoked, no usage seen",
    "password reset emails in the sandbox go to the test inbox, not the real address",
    "should the API explorer remember the key across reloads? security says sessionStorage only",
    "people keep DMing me their card numbers when payouts fail. I reply with the card-safety article and delete the message",
    "the secret scanner on the docs repo flagged the AWS example key again, it's allowlisted now",
    "new runbook: leaked PAT → revoke in GitHub, audit the org log, post in #security, then tell the author",
    "for the 'keep your keys safe' page, do we recommend a vault or just env vars?",
    "Translators asked if 'token' should be translated or kept in English. Keeping it in English for ja/ko/zh.",
]
TALK_ML = {
    "de": ["Bitte keine echten Passwörter in die Beispiel-Repos, auch nicht kurz zum Testen.",
           "Im Forum hat jemand seine Kreditkartennummer gepostet, ich habe den Beitrag ausgeblendet."],
    "fr": ["Petit rappel : on ne met jamais de vrai jeton dans les captures d'écran de la doc.",
           "Le guide sur les clés API doit expliquer comment faire une rotation sans interruption."],
    "es": ["¿Alguien sabe si el token del bot de Slack caduca? Quiero documentarlo bien.",
           "Un usuario pegó su número de teléfono en el foro; lo edité y le pedí solo los últimos dígitos."],
    "pt-BR": ["A página de webhooks precisa dizer que o segredo de assinatura aparece só uma vez.",
              "Alguém colou a senha do banco no Discord, já apaguei e pedi para trocar."],
    "ja": ["サンプルコードに本物のAPIキーを書かないようにレビューでチェックしています。",
           "フォーラムでパスワードを貼った人がいたので、投稿を非表示にしました。"],
    "ko": ["문서 스크린샷에서는 API 키를 항상 가려 주세요.", "토큰 교체 절차를 가이드에 추가해야 할 것 같아요."],
    "zh-CN": ["请不要在示例仓库里提交真实的密钥。", "论坛上有人贴了银行卡号，我已经隐藏了那条帖子。"],
    "ru": ["Напоминаю: в примерах документации нельзя использовать настоящие токены.", "Кто-то выложил пароль в форуме, я скрыл сообщение."],
    "it": ["Nella guida sui webhook va spiegato che il segreto di firma si vede una sola volta.", "Qualcuno ha incollato il suo IBAN nel forum, l'ho nascosto."],
    "nl": ["Zet nooit echte wachtwoorden in de voorbeeldrepo's.", "Iemand plakte zijn telefoonnummer in het forum, ik heb het verwijderd."],
    "pl": ["Przypominam: żadnych prawdziwych kluczy w przykładach.", "Ktoś wkleił numer karty na forum, ukryłem post."],
    "tr": ["Dokümantasyon ekran görüntülerinde API anahtarlarını bulanıklaştırın.", "Forumda biri şifresini paylaşmış, gönderiyi gizledim."],
    "ar": ["تذكير: لا تضعوا مفاتيح حقيقية في أمثلة التوثيق.", "نشر أحدهم رقم هاتفه في المنتدى فقمت بإخفائه."],
    "hi": ["डॉक्स के स्क्रीनशॉट में API कुंजी हमेशा धुंधली करें।", "फ़ोरम पर किसी ने अपना पासवर्ड डाल दिया था, मैंने पोस्ट छिपा दी।"],
    "vi": ["Nhắc lại: không dùng token thật trong ví dụ tài liệu.", "Có người dán số thẻ ngân hàng lên diễn đàn, mình đã ẩn bài."],
    "he": ["תזכורת: אין להכניס מפתחות אמיתיים לדוגמאות בתיעוד.", "מישהו פרסם את מספר הטלפון שלו בפורום, הסתרתי את הפוסט."],
    "uk": ["Нагадую: у прикладах документації не можна використовувати справжні токени."],
    "sv": ["Påminnelse: inga riktiga lösenord i exempelrepona."],
    "th": ["อย่าใส่โทเค็นจริงในตัวอย่างเอกสารนะครับ"],
    "id": ["Tolong jangan taruh kunci API asli di contoh dokumentasi."],
}


def ta_en():
    s = pick(TALK_EN)
    return s.format(t=R.randint(1000, 99999))


def ta_ml():
    lang = pick(list(TALK_ML))
    return pick(TALK_ML[lang])


def ta_l10n():
    lang = pick(LANG_CODES)
    idx = R.choice([1, 2])
    return "%s translation of the security callout: \"%s\" — LGTM?" % (lang, L10N[lang][idx])


def ta_forum_q():
    lang = pick(LANG_CODES)
    return "forum question (%s), topic %d: \"%s\"\nsuggested answer: link to /dashboard/api-keys and explain keys are only shown once." % (lang, R.randint(1000, 99999), L10N[lang][3])


def ta_thread():
    lines = R.sample(TALK_EN, R.randint(2, 5))
    return "\n".join("> %s" % l.format(t=R.randint(1000, 99999)) if i == 0 else l.format(t=R.randint(1000, 99999)) for i, l in enumerate(lines))


def ta_faq():
    qa = [("Can I see my secret key again?", "No. Create a new one and revoke the old one."),
          ("Why was my token revoked?", "It was found in a public repo by secret scanning."),
          ("Do you store card numbers?", "No, only a fingerprint and the last four digits."),
          ("Can support reset my password?", "Support will never ask for your password."),
          ("Why do you need my phone number?", "Only for 2FA; it is never shown in the API."),
          ("What's the difference between test and live keys?", "Test keys only touch the sandbox.")]
    return "FAQ draft:\n" + "\n".join("**Q:** %s\n**A:** %s" % q for q in R.sample(qa, R.randint(2, 5)))


def ta_incident():
    return ("**Postmortem (draft)** — %s\n- What: a Slack bot token for the #docs-build notifier was printed in a CI log\n- Detection: GitHub secret scanning alert after %d min\n"
            "- Fix: token revoked and reissued, CI now masks `SLACK_*` vars\n- Customer impact: none\n- Follow-up: DOCS-%d add log-scrubbing step" % (date(), R.randint(2, 60), R.randint(100, 9999)))


def ta_security_sync():
    items = R.sample(["rotate the Algolia admin key quarterly", "move sample-app secrets to the vault", "audit who has access to the Postman team workspace",
                      "remove the old OAuth client secret from the wiki page", "enable push protection on all docs repos", "write the 'never share your password' banner copy",
                      "check that the forum strips phone numbers from signatures"], R.randint(2, 5))
    return "security sync notes:\n" + "\n".join("- [ ] %s" % i for i in items)


def ta_regex_talk():
    return pick([
        "why does the docs linter treat every 40-char string as an AWS secret? half our commit hashes trip it",
        "secret scanning question: should a Slack token regex require the xoxb- prefix plus digits, or is that too loose?",
        "the 'password' rule fires on `password_hash` column names in the schema docs, can we exclude identifiers?",
    ])


TA = [ta_en, ta_ml, ta_l10n, ta_forum_q, ta_thread, ta_faq, ta_incident, ta_security_sync, ta_regex_talk]

NEG_CATS = [("non_credential_blob", NB), ("pii_lookalike_number", PL), ("data_uri_base64", DU), ("placeholder_example", PH),
            ("code_identifier", CI), ("talk_about_secrets", TA)]


# ================================================================ scanner
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
RE_GH = re.compile(r"\b(gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,})")
RE_SLACK = re.compile(r"\bxox[abposr]-[0-9]+-[A-Za-z0-9-]+")
RE_SK = re.compile(r"\bsk-[A-Za-z0-9_-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
RE_SSN = re.compile(r"(?<![\d-])(\d{3})-(\d{2})-(\d{4})(?![\d-])")
RE_DIGITS = re.compile(r"(?<!\d)\d{13,19}(?!\d)")
RE_GROUPED = re.compile(r"(?<![\d])\d{4}([ -])\d{4,6}\1\d{4,5}(?:\1\d{1,4})?(?!\d)")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b")
RE_PEM = re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----(.*?)-----END", re.S)
RE_AWS = re.compile(r"\b(AKIA|ASIA)[A-Z0-9]{16}\b")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d]|\.\d)")


def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def iban_ok(s):
    s = s.replace(" ", "")
    if len(s) < 15 or len(s) > 34:
        return False
    r = s[4:] + s[:4]
    try:
        n = int("".join(str(int(c, 36)) for c in r))
    except ValueError:
        return False
    return n % 97 == 1


def ssn_layout_ok(a, g, s):
    a, g, s = int(a), int(g), int(s)
    return a not in (0, 666) and a < 900 and g != 0 and s != 0


def low_entropy(tok):
    return len(set(tok)) < 8


def public_ip(parts):
    if any(int(p) > 255 for p in parts):
        return False
    if any(len(p) > 1 and p[0] == "0" for p in parts):
        return False
    ip = ipaddress.ip_address(".".join(parts))
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def scan(text):
    hits = []
    for m in RE_EMAIL.finditer(text):
        hits.append(("email", m.group(0)))
    for m in RE_GH.finditer(text):
        body = m.group(0).split("_", 1)[1]
        if not low_entropy(body):
            hits.append(("github", m.group(0)))
    for m in RE_SLACK.finditer(text):
        if not low_entropy(m.group(0)[5:].replace("-", "")):
            hits.append(("slack", m.group(0)))
    for m in RE_SK.finditer(text):
        hits.append(("sk", m.group(0)))
    for m in RE_JWT.finditer(text):
        hits.append(("jwt", m.group(0)))
    for m in RE_SSN.finditer(text):
        if ssn_layout_ok(*m.groups()) and m.group(0) != "123-45-6789":
            hits.append(("ssn", m.group(0)))
    for m in RE_DIGITS.finditer(text):
        if luhn_ok(m.group(0)) and len(set(m.group(0))) > 1:
            hits.append(("luhn", m.group(0)))
    for m in RE_GROUPED.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d) and len(set(d)) > 1:
            hits.append(("luhn", m.group(0)))
    for m in RE_IBAN.finditer(text):
        s = m.group(0).replace(" ", "")
        for L in range(15, min(34, len(s)) + 1):
            if iban_ok(s[:L]):
                hits.append(("iban", s[:L]))
                break
    for m in RE_PEM.finditer(text):
        if re.search(r"[A-Za-z0-9+/]{40,}", m.group(2)):
            hits.append(("pem", m.group(0)[:40]))
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws", m.group(0)))
    for m in RE_IP.finditer(text):
        if public_ip(m.groups()):
            hits.append(("ipv4", m.group(0)))
    return hits


# ================================================================ POSITIVE value generators
def luhn_complete(prefix, length):
    body = prefix + "".join(str(R.randint(0, 9)) for _ in range(length - len(prefix) - 1))
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c


def gen_card():
    kind = pick(["visa", "visa", "mc", "mc2", "amex", "disc"])
    if kind == "visa":
        n = luhn_complete("4", 16)
    elif kind == "mc":
        n = luhn_complete(str(R.randint(51, 55)), 16)
    elif kind == "mc2":
        n = luhn_complete(str(R.randint(2221, 2720)), 16)
    elif kind == "amex":
        n = luhn_complete(pick(["34", "37"]), 15)
    else:
        n = luhn_complete("6011", 16)
    style = pick(["plain", "space", "dash"])
    if style == "plain":
        return n
    sep = " " if style == "space" else "-"
    if len(n) == 15:
        return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))


def digits(n):
    return "".join(str(R.randint(0, 9)) for _ in range(n))


def iban_check(cc, bban):
    r = bban + cc + "00"
    n = int("".join(str(int(c, 36)) for c in r))
    return "%02d" % (98 - n % 97)


def gen_iban():
    cc = pick(["DE", "GB", "FR", "NL", "ES", "IT", "AT", "CH", "PL", "BE", "SE"])
    if cc == "DE":
        bban = digits(18)
    elif cc == "GB":
        bban = rs(4, string.ascii_uppercase) + digits(14)
    elif cc == "FR":
        bank, branch, acct = digits(5), digits(5), digits(11)
        key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
        bban = bank + branch + acct + "%02d" % key
    elif cc == "NL":
        bban = rs(4, string.ascii_uppercase) + digits(10)
    elif cc == "ES":
        bban = digits(20)
    elif cc == "IT":
        bban = pick(string.ascii_uppercase) + digits(10) + digits(12)
    elif cc == "AT":
        bban = digits(16)
    elif cc == "CH":
        bban = digits(17)
    elif cc == "PL":
        bban = digits(24)
    elif cc == "BE":
        first = digits(10)
        chk = int(first) % 97 or 97
        bban = first + "%02d" % chk
    else:
        bban = digits(20)
    iban = cc + iban_check(cc, bban) + bban
    assert iban_ok(iban)
    if R.random() < 0.5:
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban


def gen_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


def gen_ip():
    while True:
        parts = [str(R.randint(1, 223)), str(R.randint(0, 255)), str(R.randint(0, 255)), str(R.randint(1, 254))]
        if public_ip(parts):
            return ".".join(parts)


def base62(n, width):
    a = string.digits + string.ascii_uppercase + string.ascii_lowercase
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = a[r] + out
    return out.rjust(width, "0")


def gen_gh_classic():
    body = rs(30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xffffffff, 6)


def gen_gh_fine():
    return "github_pat_11" + rs(20, UPNUM) + "_" + rs(59)


def gen_slack_bot():
    return "xoxb-%s-%s-%s" % (digits(R.choice([10, 11, 12])).lstrip("0") or "1", digits(13).lstrip("0") or "1", rs(24))


def gen_slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(R.choice([10, 11, 12])).lstrip("0") or "7", digits(R.choice([11, 12, 13])).lstrip("0") or "3",
                                 digits(13).lstrip("0") or "9", hx(32))


def gen_openai():
    k = pick(["proj", "proj", "legacy", "svc"])
    if k == "proj":
        return "sk-proj-" + rs(74, B64URL) + "T3BlbkFJ" + rs(74, B64URL)
    if k == "svc":
        return "sk-svcacct-" + rs(74, B64URL) + "T3BlbkFJ" + rs(74, B64URL)
    return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)


def gen_anthropic():
    return "sk-ant-api03-" + rs(93, B64URL) + "AA"


def gen_aws_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, string.ascii_uppercase + "234567")


def gen_aws_secret():
    return rs(40, ALNUM + "+/")


def gen_jwt():
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = rbytes(32)
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
        sig = rbytes(256)
    iat = epoch()
    pl = {"sub": pick(["usr_", "acct_", "app_"]) + rs(14), "aud": "https://%s" % host("api"), "iss": "https://auth.%s.com/" % BRAND,
          "iat": iat, "exp": iat + R.choice([900, 3600, 86400]), "scope": pick(["docs:write", "payments:read", "webhooks:manage openid"])}
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


FIRST = ["amara", "jonas", "li", "priya", "mateo", "sofia", "kenji", "noor", "lucas", "elif", "tomasz", "ines", "yuki", "omar", "freya", "dara", "hana", "rafael"]
LAST = ["okafor", "lindqvist", "wen", "raman", "duarte", "moreau", "tanaka", "haddad", "ferreira", "yilmaz", "kowalczyk", "alves", "sato", "nasser", "berg", "quinn"]
DOMAINS = ["gmail.com", "outlook.com", "proton.me", "%s.com" % BRAND, "fastmail.fm", "yahoo.co.jp", "web.de", "hey.com", "northwindtraders.io", "mailbox.org"]


def gen_email():
    f, l = pick(FIRST), pick(LAST)
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, R.randint(1, 99)), "%s+forum" % f, "%s.%s" % (l, f)])
    return "%s@%s" % (local, pick(DOMAINS))


def gen_phone():
    fmt = pick(["us", "us2", "uk", "de", "fr", "jp", "in", "br", "es", "nl", "kr"])
    if fmt == "us":
        return "+1 (%d%s) %d%s-%s" % (R.randint(2, 9), digits(2), R.randint(2, 9), digits(2), digits(4))
    if fmt == "us2":
        return "%d%s-%d%s-%s" % (R.randint(2, 9), digits(2), R.randint(2, 9), digits(2), digits(4))
    if fmt == "uk":
        return "+44 7%s %s" % (digits(3), digits(6))
    if fmt == "de":
        return "+49 %s %s" % (pick(["30", "89", "40", "151", "160", "176"]), digits(R.choice([7, 8])))
    if fmt == "fr":
        return "+33 %d %s %s %s %s" % (R.choice([6, 7]), digits(2), digits(2), digits(2), digits(2))
    if fmt == "jp":
        return "0%d0-%s-%s" % (R.choice([7, 8, 9]), digits(4), digits(4))
    if fmt == "in":
        return "+91 %d%s %s" % (R.randint(6, 9), digits(4), digits(5))
    if fmt == "br":
        return "+55 %d 9%s-%s" % (R.randint(11, 99), digits(4), digits(4))
    if fmt == "es":
        return "+34 6%s %s %s" % (digits(2), digits(3), digits(3))
    if fmt == "nl":
        return "+31 6 %s %s" % (digits(4), digits(4))
    return "010-%s-%s" % (digits(4), digits(4))


PW_WORDS = ["Tromb0ne", "Sunset", "quartz", "Nebula", "marmot", "Kestrel", "violet", "Harbor", "pixel", "Juniper", "ember", "Falcon"]


def gen_password():
    k = R.randint(0, 2)
    if k == 0:
        return rs(R.randint(14, 24), ALNUM + "!#%^*_-")
    if k == 1:
        return "%s-%s-%d%s" % (pick(PW_WORDS), pick(PW_WORDS), R.randint(10, 99), pick("!#$%*?"))
    return rs(R.randint(8, 12), ALNUM) + pick("!#%*") + digits(3)


def gen_user():
    return pick(["docs_ro", "devrel", "preview", "admin", "deploy", "app_user", "analytics", "ci-bot", "translator", "forum_admin", "postgres", "cdn-upload"])


def gen_urlpw():
    return rs(R.randint(12, 24), ALNUM + "_-~")


# ---------------- private keys
def pem_ec():
    d = bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rbytes(64)
    return "EC PRIVATE KEY", wrap(b64(d))


def pem_ed25519():
    d = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
    return "PRIVATE KEY", wrap(b64(d))


def rsa_pkcs1(nbytes=256):
    half = nbytes // 2
    ints = [b"\x00", rand_big(nbytes), b"\x01\x00\x01", rand_big(nbytes), rand_big(half), rand_big(half), rand_big(half), rand_big(half), rand_big(half)]
    return der(0x30, b"".join(der_int_bytes(i) for i in ints))


def pem_rsa():
    return "RSA PRIVATE KEY", wrap(b64(rsa_pkcs1(R.choice([128, 256]))))


def pem_rsa_pkcs8():
    inner = rsa_pkcs1(256)
    d = der(0x30, der_int_bytes(b"\x00") + bytes.fromhex("300d06092a864886f70d0101010500") + der(0x04, inner))
    return "PRIVATE KEY", wrap(b64(d))


def pem_openssh():
    def s(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    seed = rbytes(32)
    pubblob = s(b"ssh-ed25519") + s(pub)
    chk = rbytes(4)
    priv = chk + chk + s(b"ssh-ed25519") + s(pub) + s(seed + pub) + s(b"docs-deploy")
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    d = b"openssh-key-v1\x00" + s(b"none") + s(b"none") + s(b"") + struct.pack(">I", 1) + s(pubblob) + s(priv)
    return "OPENSSH PRIVATE KEY", wrap(b64(d), 70)


def gen_pem():
    typ, lines = pick([pem_ec, pem_ed25519, pem_rsa, pem_rsa_pkcs8, pem_openssh])()
    value = "\n".join(lines)
    block = "-----BEGIN %s-----\n%s\n-----END %s-----" % (typ, value, typ)
    return value, block


# ================================================================ POSITIVE templates
# Each kind: gen() -> (value, extra) and a list of single templates f(v, extra) -> text, plus env/chat fragments for pairs.
def T(*fs):
    return list(fs)


KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]


def mk_value(kind):
    """returns (value, render) where render is the string placed in text (== value except pem/url)."""
    if kind == "anthropic_api_key":
        v = gen_anthropic(); return v, v
    if kind == "aws_access_key_id":
        v = gen_aws_id(); return v, v
    if kind == "aws_secret_access_key":
        v = gen_aws_secret(); return v, v
    if kind == "credit_card":
        v = gen_card(); return v, v
    if kind == "email_address":
        v = gen_email(); return v, v
    if kind == "github_classic_pat":
        v = gen_gh_classic(); return v, v
    if kind == "github_fine_grained_pat":
        v = gen_gh_fine(); return v, v
    if kind == "iban":
        v = gen_iban(); return v, v
    if kind == "ipv4_address":
        v = gen_ip(); return v, v
    if kind == "jwt":
        v = gen_jwt(); return v, v
    if kind == "openai_api_key":
        v = gen_openai(); return v, v
    if kind == "password":
        v = gen_password(); return v, v
    if kind == "phone_number":
        v = gen_phone(); return v, v
    if kind == "private_key_pem":
        return gen_pem()
    if kind == "slack_bot_token":
        v = gen_slack_bot(); return v, v
    if kind == "slack_user_token":
        v = gen_slack_user(); return v, v
    if kind == "url_credentials":
        user, pw = gen_user(), gen_urlpw()
        scheme_host = pick([("postgres", "docs-db.%s.internal:5432/analytics" % BRAND), ("https", "staging-docs.%s.dev/" % BRAND),
                            ("mongodb+srv", "forum-cluster.x%s.mongodb.net/forum?retryWrites=true" % rs(5).lower()),
                            ("amqps", "events.%s.com:5671/devrel" % BRAND), ("ftp", "cdn-origin.%s-static.net/assets" % BRAND),
                            ("mysql", "crowdin-mirror.%s.internal:3306/l10n" % BRAND), ("redis", "cache.%s.internal:6379/0" % BRAND),
                            ("https", "github.com/%s/docs-private.git" % BRAND)])
        if scheme_host[0] == "redis" and R.random() < 0.6:
            return pw, "redis://:%s@%s" % (pw, scheme_host[1])
        return "%s:%s" % (user, pw), "%s://%s:%s@%s" % (scheme_host[0], user, pw, scheme_host[1])
    if kind == "us_ssn":
        v = gen_ssn(); return v, v
    raise KeyError(kind)


ENVNAME = {
    "anthropic_api_key": "ANTHROPIC_API_KEY", "aws_access_key_id": "AWS_ACCESS_KEY_ID", "aws_secret_access_key": "AWS_SECRET_ACCESS_KEY",
    "credit_card": "TEST_CARD_NUMBER", "email_address": "DOCS_CONTACT_EMAIL", "github_classic_pat": "GH_TOKEN", "github_fine_grained_pat": "GITHUB_TOKEN",
    "iban": "PAYOUT_IBAN", "ipv4_address": "ORIGIN_IP", "jwt": "PREVIEW_JWT", "openai_api_key": "OPENAI_API_KEY", "password": "DB_PASSWORD",
    "phone_number": "ONCALL_PHONE", "private_key_pem": None, "slack_bot_token": "SLACK_BOT_TOKEN", "slack_user_token": "SLACK_USER_TOKEN",
    "url_credentials": "DATABASE_URL", "us_ssn": "KYC_TEST_SSN",
}

CHATFRAG = {
    "anthropic_api_key": ["the Claude key for the cookbook demo is {r}", "Anthropic key: {r}"],
    "aws_access_key_id": ["access key id {r}", "the S3 export user is {r}"],
    "aws_secret_access_key": ["secret {r}", "aws secret is {r}"],
    "credit_card": ["the card they used was {r}", "card {r}"],
    "email_address": ["ping {r}", "contact is {r}"],
    "github_classic_pat": ["my PAT {r}", "use {r} for the docs-sync bot"],
    "github_fine_grained_pat": ["fine-grained token {r}", "GitHub token {r}"],
    "iban": ["payout account {r}", "IBAN {r}"],
    "ipv4_address": ["requests come from {r}", "origin IP {r}"],
    "jwt": ["preview JWT {r}", "bearer {r}"],
    "openai_api_key": ["OpenAI key {r}", "the embeddings job uses {r}"],
    "password": ["password is {r}", "pw: {r}"],
    "phone_number": ["call {r}", "their number is {r}"],
    "private_key_pem": ["deploy key:\n{r}"],
    "slack_bot_token": ["bot token {r}", "the notifier uses {r}"],
    "slack_user_token": ["user token {r}", "my xoxp is {r}"],
    "url_credentials": ["conn string {r}", "remote is {r}"],
    "us_ssn": ["SSN {r}", "the applicant's SSN was {r}"],
}


def single_templates(kind):
    B, b = BRAND.upper(), BRAND
    if kind == "anthropic_api_key":
        return [
            lambda r: "```python\nimport anthropic\nclient = anthropic.Anthropic(api_key=\"%s\")\n```\nwhy does the cookbook notebook 401 with this?" % r,
            lambda r: "ANTHROPIC_API_KEY=%s" % r,
            lambda r: "Für den KI-Assistenten in der Doku nutze ich gerade %s – bitte nicht weitergeben" % r,
            lambda r: "```yaml\nenv:\n  - name: ANTHROPIC_API_KEY\n    value: \"%s\"\n```" % r,
            lambda r: "ask-the-docs bot log: `anthropic.AuthenticationError` with key=%s (rotated?)" % r,
        ]
    if kind == "aws_access_key_id":
        return [
            lambda r: "the docs S3 bucket sync is failing, IAM user key `%s`, any idea?" % r,
            lambda r: "```\n[docs-publisher]\naws_access_key_id = %s\nregion = us-east-1\n```" % r,
            lambda r: "An error occurred (InvalidAccessKeyId) when calling the PutObject operation: The AWS Access Key Id you provided does not exist in our records. (key: %s)" % r,
            lambda r: "CloudFront invalidation script: export AWS_ACCESS_KEY_ID=%s" % r,
        ]
    if kind == "aws_secret_access_key":
        return [
            lambda r: "aws_secret_access_key = %s" % r,
            lambda r: "CDN uploader env: `AWS_SECRET_ACCESS_KEY=%s`" % r,
            lambda r: "s3cmd config for the asset bucket:\n```\n[default]\nsecret_key = %s\n```" % r,
        ]
    if kind == "credit_card":
        return [
            lambda r: "forum post %d (now hidden): \"my card %s keeps getting declined in the sandbox, is it because it's a real card?\"" % (R.randint(1000, 99999), r),
            lambda r: "webhook payload from a customer's logs had the raw PAN: `\"card_number\": \"%s\"` — we need a doc on not logging this" % r,
            lambda r: "Kunde hat im Support-Chat seine Kartennummer geschickt: %s, exp %02d/%02d" % (r, R.randint(1, 12), R.randint(26, 31)),
            lambda r: "company card for the Postman team plan: %s" % r,
            lambda r: "```json\n{\"payment_method\": {\"type\": \"card\", \"number\": \"%s\", \"exp_month\": %d, \"exp_year\": %d}}\n```\nthis came in the repro repo, not a test card" % (r, R.randint(1, 12), R.randint(2026, 2031)),
        ]
    if kind == "email_address":
        return [
            lambda r: "Crowdin invite for the Korean translator should go to %s" % r,
            lambda r: "Author: %s\nDate:   %s\n\n    docs: clarify idempotency keys" % (r, iso_ts()),
            lambda r: "forum signup flagged as spam: username `%s`, email %s" % (rs(8).lower(), r),
            lambda r: "%s というアドレスからSDKのバグ報告が来ています" % r,
            lambda r: "CODEOWNERS change: docs/sdk/ruby/ → reviewer contact %s" % r,
            lambda r: "Webinar-Anmeldung: %s hat sich für die API-Sprechstunde angemeldet" % r,
        ]
    if kind == "github_classic_pat":
        return [
            lambda r: "use my PAT for the docs-sync action until the app is approved: %s" % r,
            lambda r: "```yaml\n- uses: actions/checkout@v4\n  with:\n    token: %s\n```" % r,
            lambda r: "remote: Invalid username or token. token=%s" % r,
            lambda r: "GH_TOKEN=%s gh pr list --repo %s/docs" % (r, b),
        ]
    if kind == "github_fine_grained_pat":
        return [
            lambda r: "fine-grained token for the changelog bot (contents:write on docs only): %s" % r,
            lambda r: "export GITHUB_TOKEN=%s" % r,
            lambda r: "Token de GitHub para el bot de traducciones: %s" % r,
        ]
    if kind == "iban":
        return [
            lambda r: "Honorar für den Übersetzer bitte an %s überweisen" % r,
            lambda r: "translation vendor invoice, pay to IBAN %s, ref DEVREL-%d" % (r, R.randint(100, 999)),
            lambda r: "el ponente del meetup pidió el reembolso de viaje a la cuenta %s" % r,
            lambda r: "```json\n{\"payout\": {\"destination\": {\"type\": \"sepa\", \"iban\": \"%s\"}}}\n```\nfrom a real customer's bug report, redact before it goes in the forum" % r,
        ]
    if kind == "ipv4_address":
        return [
            lambda r: "forum spam wave is all from %s, blocking it at the WAF" % r,
            lambda r: "%s - - [%s] \"POST /v1/webhooks/test HTTP/1.1\" 401 92 \"-\" \"%s-node/%s\"" % (r, "12/Mar/2025:09:%02d:%02d +0000" % (R.randint(0, 59), R.randint(0, 59)), b, semver()),
            lambda r: "customer says our webhooks arrive from %s, is that in the documented range?" % r,
            lambda r: "docs origin server is at %s behind the CDN" % r,
        ]
    if kind == "jwt":
        return [
            lambda r: "preview site auth cookie (for the reviewer link): `%s`" % r,
            lambda r: "```http\nGET /v1/docs/drafts HTTP/1.1\nHost: %s\nAuthorization: Bearer %s\n```" % (host("api"), r),
            lambda r: "the API explorer got this token back and it still works: %s" % r,
        ]
    if kind == "openai_api_key":
        return [
            lambda r: "OPENAI_API_KEY=%s" % r,
            lambda r: "embeddings for the docs search are built with `openai.api_key = \"%s\"` in the notebook, move to env pls" % r,
            lambda r: "clé OpenAI pour le bot de recherche de la doc : %s" % r,
            lambda r: "```ts\nconst openai = new OpenAI({ apiKey: \"%s\" });\n```" % r,
        ]
    if kind == "password":
        return [
            lambda r: "staging docs admin login is devrel / %s" % r,
            lambda r: "```\nServer=docs-sql.%s.internal;Database=analytics;User Id=docs_ro;Password=%s;\n```" % (b, r),
            lambda r: "Passwort für das Crowdin-Teamkonto: %s" % r,
            lambda r: "```yaml\ndatasource:\n  username: forum_admin\n  password: \"%s\"\n```" % r,
            lambda r: "PGPASSWORD='%s' psql -h docs-db -U analytics" % r,
            lambda r: "ポータル管理者のパスワードは %s です（後で変更します）" % r,
        ]
    if kind == "phone_number":
        return [
            lambda r: "on-call for the docs launch tonight, call me at %s if the build breaks" % r,
            lambda r: "speaker contact for the Berlin meetup: %s" % r,
            lambda r: "el cliente dejó su teléfono %s en el formulario del foro" % r,
            lambda r: "SMS-Verifizierung für den Forum-Admin läuft über %s" % r,
            lambda r: "2FA backup phone for the shared devrel Twitter account: %s" % r,
        ]
    if kind == "private_key_pem":
        return [
            lambda r: "deploy key for the docs mirror (sorry, wrong channel):\n```\n%s\n```" % r,
            lambda r: "%s" % r,
            lambda r: "Clé privée du certificat mTLS de l'environnement de démo :\n%s" % r,
        ]
    if kind == "slack_bot_token":
        return [
            lambda r: "docs-build notifier token: %s" % r,
            lambda r: "```python\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#docs-build\", text=\"build ok\")\n```" % r,
            lambda r: "SLACK_BOT_TOKEN=%s" % r,
            lambda r: "changelog bot の Bot Token: %s" % r,
        ]
    if kind == "slack_user_token":
        return [
            lambda r: "I used my user token %s to export the #community-forum history" % r,
            lambda r: "curl -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C0%s" % (r, rs(8, UPNUM)),
            lambda r: "SLACK_USER_TOKEN=%s" % r,
        ]
    if kind == "url_credentials":
        return [
            lambda r: "DATABASE_URL=%s" % r,
            lambda r: "the forum DB dump script connects with `%s`" % r,
            lambda r: "git remote -v\norigin  %s (fetch)" % r,
            lambda r: "Verbindung zum Übersetzungs-Mirror: %s" % r,
        ]
    if kind == "us_ssn":
        return [
            lambda r: "the KYC sandbox rejected a real SSN someone used in the tutorial: %s — please purge it from the Postman history" % r,
            lambda r: "```json\n{\"individual\": {\"first_name\": \"Test\", \"ssn\": \"%s\", \"dob\": \"%s\"}}\n```\nthis was in a public forum repro" % (r, date()),
            lambda r: "W-9 for the docs contractor came through Slack, SSN %s, moving it to the vault now" % r,
        ]
    raise KeyError(kind)


PAIR_WRAPS = [
    lambda a, b: "pasting the .env from the repro repo so you can run it:\n```\n%s\n%s\n```" % (a, b),
    lambda a, b: "```\n# docs-preview secrets (do not commit)\n%s\n%s\n```" % (a, b),
    lambda a, b: "Hier die Zugangsdaten für die Demo:\n%s\n%s" % (a, b),
]
CHAT_PAIR_WRAPS = [
    lambda a, b: "%s, and %s" % (a, b),
    lambda a, b: "for the launch: %s. also %s" % (a, b),
    lambda a, b: "%s\n%s\n(will rotate after the webinar)" % (a, b),
    lambda a, b: "引き継ぎメモ: %s / %s" % (a, b),
]


def build_positives():
    seq = [KINDS[i % len(KINDS)] for i in range(170)]
    n_texts = 150
    doubles = set(R.sample(range(n_texts), 20))
    recs = []
    pos = 0
    per_kind_t = {}
    for ti in range(n_texts):
        if ti in doubles:
            ks = [seq[pos], seq[pos + 1]]
            pos += 2
        else:
            ks = [seq[pos]]
            pos += 1
        vals = [mk_value(k) for k in ks]
        if len(ks) == 1:
            k = ks[0]
            tpls = single_templates(k)
            t = per_kind_t.get(k, R.randrange(len(tpls)))
            per_kind_t[k] = (t + 1) % len(tpls)
            text = tpls[t](vals[0][1])
            ctx = "%s:t%d" % (k, t)
            text = decorate(text, 0.06, 0.03)
        else:
            if ks == ["aws_access_key_id", "aws_secret_access_key"]:
                text = "```ini\n[docs-cdn]\naws_access_key_id = %s\naws_secret_access_key = %s\n```\nthis is the uploader profile, the new hire asked" % (vals[0][1], vals[1][1])
                ctx = "multi:aws_profile:%s+%s" % tuple(ks)
            elif all(ENVNAME[k] for k in ks) and R.random() < 0.6:
                w = R.randrange(len(PAIR_WRAPS))
                text = PAIR_WRAPS[w]("%s=%s" % (ENVNAME[ks[0]], vals[0][1]), "%s=%s" % (ENVNAME[ks[1]], vals[1][1]))
                ctx = "multi:env%d:%s+%s" % (w, ks[0], ks[1])
            else:
                w = R.randrange(len(CHAT_PAIR_WRAPS))
                fa = pick(CHATFRAG[ks[0]]).format(r=vals[0][1])
                fb = pick(CHATFRAG[ks[1]]).format(r=vals[1][1])
                text = CHAT_PAIR_WRAPS[w](fa, fb)
                ctx = "multi:chat%d:%s+%s" % (w, ks[0], ks[1])
        secrets = [{"kind": k, "value": v[0]} for k, v in zip(ks, vals)]
        for s in secrets:
            assert s["value"] in text, (s, text)
        recs.append({"id": "h22p-%04d" % (ti + 1), "text": text, "secrets": secrets, "context": ctx})
    assert pos == 170
    return recs


# ---------------- validity checks for positives
def check_positive(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert ssn_layout_ok(a, g, s), v
    elif kind == "ipv4_address":
        assert public_ip(v.split(".")), v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(v.replace("\n", ""), validate=True)
    elif kind == "github_classic_pat":
        body = v[4:34]
        assert v[34:] == base62(zlib.crc32(body.encode()) & 0xffffffff, 6)
    elif kind == "anthropic_api_key":
        assert len(v) == 108 and v.endswith("AA")


# ================================================================ main
DOC_PATHS = ["guides/webhooks", "quickstart", "api-reference/payouts", "sdk/python/auth", "sdk/node/errors", "changelog/2025",
             "guides/oauth", "postman/README", "l10n/glossary", "security/best-practices", "guides/testing", "sdk/go/retries"]


def frame(text):
    k = R.randint(0, 5)
    if k == 0:
        return "PR #%d review comment on `docs/%s.md`:\n%s" % (R.randint(1000, 9999), pick(DOC_PATHS), text)
    if k == 1:
        return "%s\n\n(cross-posted from %s)" % (text, pick(CHANNELS))
    if k == 2:
        return "docs/%s.mdx L%d:\n%s" % (pick(DOC_PATHS), R.randint(1, 400), text)
    if k == 3:
        return "replying in thread — %s" % text
    if k == 4:
        return "%s\n\nDOCS-%d" % (text, R.randint(100, 9999))
    return "> %s" % text.replace("\n", "\n> ")


def build_negatives():
    recs = []
    seen = set()
    redraws = {}
    idx = 0
    for cat, tpls in NEG_CATS:
        order = []
        while len(order) < 100:
            o = list(range(len(tpls)))
            R.shuffle(o)
            order += o
        order = order[:100]
        for ti in order:
            for attempt in range(200):
                text = tpls[ti]()
                if attempt >= 3 or R.random() < 0.1:
                    text = frame(text)
                text = decorate(text)
                if text in seen or text.count("\n") + 1 > 40:
                    continue
                hits = scan(text)
                if hits:
                    redraws.setdefault(cat, []).append(hits[0][0])
                    continue
                break
            else:
                raise RuntimeError("could not draw clean %s template %s" % (cat, tpls[ti].__name__))
            seen.add(text)
            idx += 1
            recs.append({"id": "h22n-%04d" % idx, "text": text, "category": cat})
    return recs, redraws


def main():
    negs, redraws = build_negatives()
    poss = build_positives()
    for rec in poss:
        for s in rec["secrets"]:
            check_positive(s["kind"], s["value"])
    with open(os.path.join(HERE, "redaction22_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction22_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    print("negatives:", len(negs), "positives:", len(poss), "secrets:", sum(len(r["secrets"]) for r in poss))
    print("redraws by category:", {k: len(v) for k, v in redraws.items()})
    print("redraw reasons:", {r: sum(v.count(r) for v in redraws.values()) for r in sorted({x for v in redraws.values() for x in v})})
    unexpected = []
    for rec in poss:
        labelled = [s["value"] for s in rec["secrets"]]
        for kind, val in scan(rec["text"]):
            nv = re.sub(r"\s", "", val)
            if not any(nv in re.sub(r"\s", "", l) or re.sub(r"\s", "", l) in nv
                       or (kind == "email" and val.split("@")[0] in l)
                       or (kind == "pem" and l[:4] in val) for l in labelled):
                unexpected.append((rec["id"], kind, val))
    print("positive scanner hits not labelled:", unexpected)


if __name__ == "__main__":
    main()
