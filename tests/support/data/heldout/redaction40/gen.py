#!/usr/bin/env python3
"""Blind redaction corpus #40: Slack of a consumer mobile-app team (iOS + Android wallet app).

Standard library only.  random.Random(40*101) is the only source of randomness and is consumed
in a fixed order, so two runs give byte-identical files.  Writes redaction40_negatives.jsonl and
redaction40_positives.jsonl next to this script.
"""
import base64
import ipaddress
import json
import os
import re
import struct
import zlib

import random

N = 40
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------------------------
# small random helpers (all draw from R)
# ----------------------------------------------------------------------------------------------
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64 = B62 + "+/"
B64U = B62 + "-_"


def pick(seq):
    return seq[R.randrange(len(seq))]


def hx(n):
    return "".join(R.choice("0123456789abcdef") for _ in range(n))


def HX(n):
    return hx(n).upper()


def chars(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rb(n):
    return bytes(R.randrange(256) for _ in range(n))


def uuid4(upper=False):
    b = bytearray(rb(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    s = "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])
    return s.upper() if upper else s


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def digits(n, first="123456789"):
    return R.choice(first) + "".join(R.choice("0123456789") for _ in range(n - 1))


def ts_iso():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59),
        R.randint(0, 999))


def epoch():
    return R.randint(1735689600, 1767225599)


def semver():
    return "%d.%d.%d" % (R.randint(3, 6), R.randint(0, 30), R.randint(0, 9))


def trunc(s, keep=None):
    keep = keep or R.randint(40, 90)
    if len(s) <= keep + 10:
        return s
    style = R.randrange(3)
    if style == 0:
        return s[:keep] + "…"
    if style == 1:
        return s[:keep] + "..."
    return s[:keep] + "…[%d more chars]" % (len(s) - keep)


def luhn_ok(d):
    tot = 0
    for i, ch in enumerate(reversed(d)):
        x = int(ch)
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        tot += x
    return tot % 10 == 0


def luhn_complete(prefix_and_body):
    for c in "0123456789":
        if luhn_ok(prefix_and_body + c):
            return prefix_and_body + c
    raise AssertionError


def iban_check(cc, bban):
    s = bban + cc + "00"
    num = "".join(str(int(ch, 36)) for ch in s)
    return "%02d" % (98 - int(num) % 97)


def iban_valid(iban):
    s = iban.replace(" ", "")
    if len(s) < 15 or len(s) > 34:
        return False
    s = s[4:] + s[:4]
    try:
        num = "".join(str(int(ch, 36)) for ch in s)
    except ValueError:
        return False
    return int(num) % 97 == 1


# ----------------------------------------------------------------------------------------------
# real file bytes for data URIs
# ----------------------------------------------------------------------------------------------
def _chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def png_bytes(w=None, h=None):
    w = w or pick([1, 2, 4, 8, 12, 16, 24])
    h = h or pick([1, 2, 4, 8, 12, 16, 24])
    col = bytes([R.randrange(256), R.randrange(256), R.randrange(256), pick([255, 255, 128, 0])])
    rows = []
    for y in range(h):
        row = bytearray(b"\x00")
        for x in range(w):
            row += col if (x + y) % pick([1, 2, 3]) else bytes([255, 255, 255, 255])
        rows.append(bytes(row))
    raw = b"".join(rows)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def gif_bytes():
    c = bytes([R.randrange(256) for _ in range(3)])
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_bytes():
    w, h = pick([(32, 32), (64, 40), (120, 80), (16, 16)])
    q = bytes(R.randint(1, 40) for _ in range(64))
    sof = b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", h, w) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00C\x00" + q + sof + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00?\x00"
            + rb(R.randint(20, 60)) + b"\xff\xd9")


def webp_bytes():
    body = b"\x2f" + struct.pack("<I", R.randrange(1 << 28)) + rb(R.randint(12, 40))
    vp8l = b"VP8L" + struct.pack("<I", len(body)) + body
    if len(body) % 2:
        vp8l += b"\x00"
    return b"RIFF" + struct.pack("<I", 4 + len(vp8l)) + b"WEBP" + vp8l


def wav_bytes():
    n = R.randint(24, 60)
    data = bytes(128 + int(60 * ((i % 8) - 4) / 4) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<I", 16) + fmt
            + b"data" + struct.pack("<I", n) + data)


def pdf_bytes():
    txt = pick(["Extrato", "Comprobante", "Receipt", "영수증", "Bien lai"]).encode()
    return (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 120]>>endobj\n%% " + txt + b"\ntrailer<</Root 1 0 R>>\n%%EOF\n")


def svg_text():
    col = "#%06x" % R.randrange(1 << 24)
    shape = pick([
        '<path d="M2 6h20v12H2z" fill="none" stroke="%s" stroke-width="2"/>' % col,
        '<circle cx="12" cy="12" r="%d" fill="%s"/>' % (R.randint(4, 10), col),
        '<rect x="3" y="5" width="18" height="14" rx="3" fill="%s"/>' % col,
    ])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % shape


def woff2_bytes():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">IHH", R.randint(2000, 9000), R.randint(8, 14), 0) + rb(R.randint(30, 50))


def ttf_bytes():
    return b"\x00\x01\x00\x00\x00\x0a\x00\x80\x00\x03\x00\x20OS/2" + rb(R.randint(30, 50))


def ico_bytes():
    p = png_bytes(16, 16)
    return b"\x00\x00\x01\x00\x01\x00\x10\x10\x00\x00\x01\x00\x20\x00" + struct.pack("<II", len(p), 22) + p


def sourcemap_json():
    f = pick(["index.android.bundle", "main.jsbundle", "WalletScreen.tsx", "PixCopyPaste.tsx"])
    return json.dumps({"version": 3, "file": f, "sources": ["src/" + f.replace("bundle", "tsx")],
                       "names": ["render", "useWallet"], "mappings": "AAAA,SAASA;" + chars("ACEGIKMOQS", 8)},
                      separators=(",", ":"))


# ----------------------------------------------------------------------------------------------
# negatives: data_uri_base64
# ----------------------------------------------------------------------------------------------
def du(mime, b, t=False):
    s = "data:%s;base64,%s" % (mime, b64(b))
    return trunc(s) if t else s


def d_rn_image():
    return ("```tsx\n<Image\n  style={styles.cardArt}\n  source={{ uri: '%s' }}\n  accessibilityLabel=\"%s\"\n/>\n```"
            % (du("image/png", png_bytes()), pick(["card art placeholder", "arte do cartão", "카드 이미지"])))


def d_swift_placeholder():
    return ("```swift\nprivate let shimmerPNG = \"%s\"\nlet placeholder = UIImage(data: Data(base64Encoded: shimmerPNG)!)\n```"
            % b64(png_bytes()))


def d_kotlin_fixture():
    return ("```kotlin\nobject AvatarFixtures {\n    const val EMPTY_AVATAR = \"%s\"\n    const val BROKEN = \"data:image/png;base64,\"\n}\n```"
            % du("image/png", png_bytes()))


def d_lottie():
    return ("lottie do onboarding está com imagem embutida, por isso pesa %d KB:\n```json\n{\"assets\":[{\"id\":\"image_0\",\"w\":%d,\"h\":%d,\"u\":\"\",\"p\":\"%s\",\"e\":1}]}\n```"
            % (R.randint(80, 400), R.choice([24, 48]), R.choice([24, 48]), du("image/png", png_bytes(), True)))


def d_pixel():
    return ('`<img src="%s" width="1" height="1" alt="">` in the statement WebView template — is that the analytics pixel marketing added?'
            % du("image/gif", gif_bytes()))


def d_fontface():
    return ("```css\n@font-face {\n  font-family: \"WalletSans\";\n  src: url(%s) format(\"woff2\"),\n       url(%s) format(\"truetype\");\n}\n```"
            % (du("font/woff2", woff2_bytes(), True), du("font/ttf", ttf_bytes(), True)))


def d_sourcemap():
    return ("tail of the release bundle, metro left the inline map in:\n```\n__r(0);\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```"
            % trunc(b64(sourcemap_json().encode()), R.randint(60, 120)))


def d_fcm_error():
    return ("FCM rejeitou o payload porque `image` tem que ser https:\n```\nHTTP 400 INVALID_ARGUMENT\n{\"message\":{\"notification\":{\"title\":\"Pix recebido\",\"image\":\"%s\"}}}\n```"
            % du("image/png", png_bytes(), True))


def d_crashlytics_log():
    return ("Crashlytics log for the OOM on receipt share:\n```\n%s  ReceiptShareVM  preview=%s\n%s  ReceiptShareVM  bitmap %dx%d allocated\n```"
            % (ts_iso(), du("application/pdf", pdf_bytes(), True), ts_iso(), R.randint(900, 2400), R.randint(900, 3200)))


def d_logcat():
    return ("```\n%02d-%02d %02d:%02d:%02d.%03d  %d  %d D ReceiptShare: sharing %s (len=%d)\n```"
            % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999),
               R.randint(3000, 30000), R.randint(3000, 30000), du("image/jpeg", jpeg_bytes(), True), R.randint(30000, 900000)))


def d_csp():
    return ("Xcode console:\n```\n[WebContent] Refused to load %s because it does not appear in the img-src directive of the Content Security Policy.\n```"
            % du("image/svg+xml", svg_text().encode(), True))


def d_markdown_qr():
    return ("QR de exemplo pro teste de cobrança (só o PNG, não é um Pix real):\n![qr](%s)" % du("image/png", png_bytes(8, 8)))


def d_jest():
    return ("snapshot diff:\n```\nexports[`CardAvatar renders fallback 1`] = `\n<Image\n  source={\n    Object {\n      \"uri\": \"%s\",\n    }\n  }\n/>\n`;\n```"
            % du("image/png", png_bytes()))


def d_compose():
    return ("```kotlin\n@Preview\n@Composable\nfun BankLogoPreview() {\n    val bytes = Base64.decode(\"%s\", Base64.DEFAULT)\n    BankLogo(BitmapFactory.decodeByteArray(bytes, 0, bytes.size).asImageBitmap())\n}\n```"
            % b64(png_bytes()))


def d_remote_config():
    return ("Remote Config `promo_banner_svg` (%s):\n```json\n{\"promo_banner_svg\": \"%s\", \"promo_enabled\": %s}\n```"
            % (pick(["pt-BR", "es-MX", "ko-KR", "vi-VN"]), du("image/svg+xml", svg_text().encode()), pick(["true", "false"])))


def d_wav():
    return ("som de notificação embutido no WebView de cashback: `new Audio(\"%s\")` — iOS não toca sem interação do usuário"
            % du("audio/wav", wav_bytes()))


def d_echo():
    p = png_bytes()
    return ("```\n$ echo '%s' | base64 -d > icon.png && file icon.png\nicon.png: PNG image data, %d x %d, 8-bit/color RGBA, non-interlaced\n```"
            % (b64(p), struct.unpack(">I", p[16:20])[0], struct.unpack(">I", p[20:24])[0]))


def d_svg_utf8():
    s = svg_text().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return "```css\n.chip--selected { background-image: url(\"data:image/svg+xml;utf8,%s\"); }\n```" % s


def d_flutter():
    return ("```dart\nfinal logo = Image.memory(base64Decode('%s'), width: 24);\n```\n(flutter spike do widget, não vai pra produção)"
            % b64(png_bytes()))


def d_har():
    return ("Charles HAR export, entry %d:\n```json\n{\"request\": {\"method\": \"GET\", \"url\": \"%s\"}, \"response\": {\"status\": 200, \"content\": {\"mimeType\": \"image/webp\"}}}\n```"
            % (R.randint(3, 400), du("image/webp", webp_bytes(), True)))


def d_korean():
    return ("스플래시 화면 이미지가 data URI로 들어가 있어서 번들 크기가 %d KB 늘었어요\n`%s`\n다음 릴리스에서 에셋 카탈로그로 옮길게요"
            % (R.randint(20, 200), du("image/png", png_bytes(), True)))


def d_vietnamese():
    return ("ảnh QR base64 bị cắt mất khi log ra Crashlytics:\n`%s`\nđộ dài thật là %d ký tự"
            % (du("image/png", png_bytes(), True), R.randint(800, 4000)))


def d_spanish():
    return ("el favicon del centro de ayuda sigue siendo un ICO embebido:\n```html\n<link rel=\"icon\" href=\"%s\">\n```"
            % du("image/x-icon", ico_bytes(), True))


def d_plist():
    return ("```xml\n<key>WLTDefaultCardArt</key>\n<data>\n%s\n</data>\n```\nit's just the grey card silhouette"
            % b64(png_bytes()))


def d_apns_attach():
    return ("the Notification Service Extension can't take inline images, so this push breaks:\n```json\n{\"aps\":{\"alert\":{\"title\":\"Recibiste $%d.00\",\"body\":\"Toca para ver\"},\"mutable-content\":1},\"attachment\":\"%s\"}\n```"
            % (R.randint(5, 900), du("image/jpeg", jpeg_bytes(), True)))


def d_webview_pdf():
    return ("```kotlin\nwebView.loadUrl(\"%s\")\n// Android WebView não renderiza PDF, precisa do PdfRenderer\n```"
            % du("application/pdf", pdf_bytes(), True))


DATA_URI = [d_rn_image, d_swift_placeholder, d_kotlin_fixture, d_lottie, d_pixel, d_fontface, d_sourcemap, d_fcm_error,
            d_crashlytics_log, d_logcat, d_csp, d_markdown_qr, d_jest, d_compose, d_remote_config, d_wav, d_echo,
            d_svg_utf8, d_flutter, d_har, d_korean, d_vietnamese, d_spanish, d_plist, d_apns_attach, d_webview_pdf]

# ----------------------------------------------------------------------------------------------
# negatives: placeholder_example
# ----------------------------------------------------------------------------------------------
def p_env_example():
    return ("`fastlane/.env.example` pra quem for configurar a máquina nova:\n```\nFASTLANE_USER=<seu-apple-id>\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=xxxx-xxxx-xxxx-xxxx\nMATCH_PASSWORD=\nMATCH_GIT_BASIC_AUTHORIZATION=${MATCH_GIT_BASIC_AUTHORIZATION}\nAPP_STORE_CONNECT_API_KEY_ID=%s\n```"
            % pick(["<key-id>", "XXXXXXXXXX", "YOUR_KEY_ID"]))


def p_keystore_props():
    return ("```properties\n# keystore.properties (template, NÃO commitar o de verdade)\nstorePassword=%s\nkeyPassword=%s\nkeyAlias=upload\nstoreFile=../%s\n```"
            % (pick(["CHANGE_ME", "<store-password>", "${KEYSTORE_PASSWORD}"]), pick(["CHANGE_ME", "<key-password>", "${KEY_PASSWORD}"]),
               pick(["upload-keystore.jks", "release.keystore"])))


def p_gha():
    return ("```yaml\n      - name: Decode keystore\n        run: echo \"$ANDROID_KEYSTORE_BASE64\" | base64 -d > app/upload.jks\n        env:\n          ANDROID_KEYSTORE_BASE64: ${{ secrets.ANDROID_KEYSTORE_BASE64 }}\n      - name: Build\n        run: ./gradlew :app:bundle%sRelease\n        env:\n          KEYSTORE_PASSWORD: ${{ secrets.KEYSTORE_PASSWORD }}\n          MATCH_PASSWORD: ${{ secrets.MATCH_PASSWORD }}\n```"
            % pick(["Prod", "Staging", "Br", "Kr"]))


def p_google_services():
    return ("google-services.json de exemplo no README:\n```json\n{\n  \"project_info\": {\"project_number\": \"<PROJECT_NUMBER>\", \"project_id\": \"walletco-%s\"},\n  \"client\": [{\"api_key\": [{\"current_key\": \"%s\"}]}]\n}\n```"
            % (pick(["dev", "staging", "qa"]), pick(["YOUR_FIREBASE_API_KEY", "AIza...", "AIzaSy" + "X" * 33, "<api-key>"])))


def p_gsi_plist():
    return ("```xml\n<key>API_KEY</key>\n<string>%s</string>\n<key>GCM_SENDER_ID</key>\n<string>%s</string>\n<key>BUNDLE_ID</key>\n<string>com.example.wallet</string>\n```"
            % (pick(["AIzaSy" + "X" * 33, "REPLACE_ME", "$(FIREBASE_API_KEY)"]), pick(["000000000000", "<SENDER_ID>", "REPLACE_ME"])))


def p_fcm_curl():
    return ("para testar push no device:\n```\ncurl -X POST \\\n  -H \"Authorization: Bearer $(gcloud auth print-access-token)\" \\\n  -H \"Content-Type: application/json\" \\\n  https://fcm.googleapis.com/v1/projects/<PROJECT_ID>/messages:send \\\n  -d '{\"message\":{\"token\":\"%s\",\"notification\":{\"title\":\"teste\"}}}'\n```"
            % pick(["<DEVICE_REGISTRATION_TOKEN>", "$FCM_TOKEN", "YOUR_FCM_TOKEN"]))


def p_apns_curl():
    return ("```\ncurl -v --http2 \\\n  --header \"authorization: bearer ${AUTHENTICATION_TOKEN}\" \\\n  --header \"apns-topic: com.example.wallet\" \\\n  --header \"apns-push-type: alert\" \\\n  --data '{\"aps\":{\"alert\":\"hello\"}}' \\\n  https://api.sandbox.push.apple.com/3/device/${DEVICE_TOKEN}\n```\nstraight from Apple's doc, just swap the %s"
            % pick(["two vars", "topic", "token"]))


def p_p8():
    return ("o `AuthKey_ABC123DEFG.p8` tem esse formato (corpo cortado de propósito):\n```\n-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg...\n-----END PRIVATE KEY-----\n```\no arquivo real fica no %s"
            % pick(["1Password, vault Mobile", "Vault em secret/mobile/apns", "cofre do time de plataforma"]))


def p_asc_jwt():
    return ("App Store Connect API token, per Apple's docs:\n```json\n{ \"alg\": \"ES256\", \"kid\": \"2X9R4HXF34\", \"typ\": \"JWT\" }\n{ \"iss\": \"57246542-96fe-1a63-e053-0824d011072a\", \"iat\": %d, \"exp\": %d, \"aud\": \"appstoreconnect-v1\" }\n```\nsigned result looks like `eyJhbGciOiJFUzI1NiIs...` — don't paste yours here"
            % ((lambda e: (e, e + 1200))(epoch())))


def p_slack_webhook():
    return ("```ruby\nslack(\n  message: \"Build #{lane_context[SharedValues::BUILD_NUMBER]} enviado ao TestFlight\",\n  slack_url: ENV.fetch(\"SLACK_URL\", \"https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\")\n)\n```")


def p_ai_keys():
    return ("para o spike de \"insights de gastos\" cada um usa a própria chave no `.env.local`:\n```\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\n```\n(e nunca no app, só no proxy)"
            % (pick(["sk-...", "sk-proj-…", "sk-proj-xxxxxxxx"]), pick(["sk-ant-api03-...", "sk-ant-…", "<anthropic-key>"])))


def p_idfa_zero():
    return ("ATT negado → `ASIdentifierManager.shared().advertisingIdentifier` devolve `00000000-0000-0000-0000-000000000000`; no Android com \"Excluir ID de publicidade\" o GAID vem igual. Tratem os dois como nulo no evento `%s`"
            % pick(["install_attributed", "first_open", "signup_completed"]))


def p_card_masks():
    return ("```xml\n<string name=\"card_last_four\">Cartão final •••• %%1$s</string>\n<string name=\"card_masked_full\">**** **** **** %%1$s</string>\n<string name=\"card_cvv_hint\">CVV (3 dígitos)</string>\n```\npreview: `•••• %s`"
            % digits(4, "0123456789"))


def p_iban_tests():
    return ("```kotlin\n@Test fun registryExamplesAreValid() {\n    assertTrue(IbanValidator.isValid(\"GB82WEST12345698765432\"))\n    assertTrue(IbanValidator.isValid(\"DE89 3704 0044 0532 0130 00\"))\n    assertFalse(IbanValidator.isValid(\"%s\"))\n}\n```"
            % pick(["ES00 0000 0000 0000 0000 0000", "BR00 0000 0000 0000 0000 0000 000X X", "XX00 XXXX"]))


def p_phone_hints():
    return ("hints por locale:\n| locale | hint |\n|---|---|\n| pt-BR | `(11) 9XXXX-XXXX` |\n| es-MX | `55 XXXX XXXX` |\n| ko-KR | `010-XXXX-XXXX` |\n| vi-VN | `09x xxx xxxx` |\n| en-US | `(XXX) XXX-XXXX` |")


def p_debug_keystore():
    return ("o keystore de debug é o padrão do Android, pode ficar no repo:\n```groovy\nsigningConfigs {\n    debug {\n        storeFile file(\"debug.keystore\")\n        storePassword \"android\"\n        keyAlias \"androiddebugkey\"\n        keyPassword \"android\"\n    }\n}\n```")


def p_redacted_log():
    return ("```\n%s OkHttp --> POST https://api.walletco.example/v2/transfers\n%s OkHttp Authorization: Bearer %s\n%s OkHttp {\"pin\":\"%s\",\"cvv\":\"%s\",\"amount\":%d}\n```"
            % (ts_iso(), ts_iso(), pick(["[REDACTED]", "██", "<redacted>"]), ts_iso(), pick(["****", "[FILTERED]"]), pick(["***", "<masked>"]), R.randint(100, 90000)))


def p_gradle_props():
    return ("```properties\n# gradle.properties\nsigning.keyId=%s\nsigning.password=${SIGNING_PASSWORD}\nsigning.secretKeyRingFile=/path/to/secring.gpg\nmavenCentralPassword=\n```"
            % pick(["<last-8-of-key>", "XXXXXXXX"]))


def p_xcconfig():
    return ("```\n// Secrets.xcconfig.template\nWALLET_API_KEY = $(WALLET_API_KEY)\nSENTRY_AUTH_TOKEN = <paste-token-here>\nREVENUECAT_PUBLIC_KEY = appl_xxxxxxxxxxxxxxxxxxxxxxxx\n```")


def p_op_refs():
    return ("```yaml\n# ci/secrets.yml\nplay_upload_keystore_password: op://mobile-ci/play-upload-keystore/password\napns_auth_key: op://mobile-ci/apns-%s/p8\nfirebase_sa: vault:secret/data/mobile/firebase#service_account\n```"
            % pick(["prod", "sandbox"]))


def p_pod_private():
    return ("Podfile do spec privado:\n```ruby\nsource 'https://<GITHUB_USER>:<GITHUB_PAT>@github.com/walletco/ios-specs.git'\nsource 'https://cdn.cocoapods.org/'\n```\nPAT é `ghp_xxxxxxxxxxxx…` com escopo `repo`, peça no #mobile-infra")


def p_aws_doc():
    return ("dSYM upload pro bucket de symbols usa a config do exemplo da AWS no runbook:\n```\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```"
            % pick(["sa-east-1", "ap-northeast-2", "ap-southeast-1", "us-east-1"]))


def p_crashlytics_keys():
    return ("```swift\nCrashlytics.crashlytics().setUserID(\"<hashed-user-id>\")\nCrashlytics.crashlytics().setCustomValue(\"[redacted]\", forKey: \"email\")\nCrashlytics.crashlytics().setCustomValue(\"***\", forKey: \"phone\")\n```")


def p_ko():
    return ("README 업데이트했어요. `local.properties`에 `MAPS_API_KEY=<발급받은_키>` 넣고, `SENTRY_DSN`은 비워두면 됩니다. 토큰 값은 `%s` 자리에 붙여넣기"
            % pick(["<토큰>", "YOUR_TOKEN_HERE", "${TOKEN}"]))


def p_vi():
    return ("thay `YOUR_SERVER_KEY` bằng key thật lấy từ Vault, đừng commit. Mẫu:\n```\nFCM_SERVER_KEY=YOUR_SERVER_KEY\nMOMO_PARTNER_SECRET=<secret-cua-doi-tac>\n```")


def p_es():
    return ("Para la demo de App Review dejamos el texto así: \"Usuario: <cuenta-demo> / Contraseña: (enviada por App Store Connect)\". Nada de credenciales reales en el Slack, por favor.")


def p_pt_ssn():
    return ("formulário KYC dos EUA: máscara do SSN no app é `***-**-****` e depois de validar mostra `XXX-XX-%s`. CPF segue `***.***.***-**`."
            % pick(["••••", "####", "****"]))


def p_fcm_legacy():
    return ("legacy server key tinha o formato `AAAA…:APA91b…` e token de registro `…:APA91bH…`; a API legacy foi desligada, agora é OAuth com service account (`%s`)"
            % pick(["firebase-adminsdk-xxxxx@<project>.iam.gserviceaccount.com".replace("@", " at "), "SA do projeto", "conta de serviço do Firebase"]))


PLACEHOLDER = [p_env_example, p_keystore_props, p_gha, p_google_services, p_gsi_plist, p_fcm_curl, p_apns_curl, p_p8,
               p_asc_jwt, p_slack_webhook, p_ai_keys, p_idfa_zero, p_card_masks, p_iban_tests, p_phone_hints,
               p_debug_keystore, p_redacted_log, p_gradle_props, p_xcconfig, p_op_refs, p_pod_private, p_aws_doc,
               p_crashlytics_keys, p_ko, p_vi, p_es, p_pt_ssn, p_fcm_legacy]

# ----------------------------------------------------------------------------------------------
# negatives: code_identifier
# ----------------------------------------------------------------------------------------------
WORDS = ["Secret", "Token", "Password", "Pin", "Iban", "Ssn", "Email", "Phone", "Card", "Cvv", "Otp", "Keychain",
         "Credential", "Session", "Refresh", "Biometric", "Pix", "Wallet", "Payout", "Kyc", "Device", "Push", "Apns", "Fcm"]
SUFFIX = ["Manager", "Store", "Validator", "Interceptor", "Repository", "Provider", "Coordinator", "ViewModel", "UseCase",
          "Mapper", "Dao", "Service", "Formatter", "Masker", "Hasher"]


def cls():
    return pick(WORDS) + pick(WORDS) + pick(SUFFIX)


def meth():
    v = pick(["validate", "refresh", "mask", "store", "load", "rotate", "hash", "decrypt", "encrypt", "sync", "register", "revoke"])
    return v + pick(WORDS) + pick(["", "IfNeeded", "Async", "OrThrow", "Internal"])


def swift_mangle(mod, typ, fn):
    return "$s%d%s%d%sC%d%s%syF" % (len(mod), mod, len(typ), typ, len(fn), fn, pick(["", "yyYaKF", "ySSF", "Sb_tF"]))


def c_swift_crash():
    mod = pick(["WalletKit", "WalletCore", "PixKit", "SecureStore"])
    lines = ["Crashed: com.apple.main-thread", "EXC_BREAKPOINT 0x00000001%s" % hx(8)]
    for i in range(R.randint(5, 12)):
        c, m = cls(), meth()
        lines.append("%-2d %-12s 0x00000001%s %s + %d" % (i, mod, hx(8), swift_mangle(mod, c, m), R.randint(4, 900)))
    lines.append("%-2d %-12s 0x00000001%s UIApplicationMain + %d" % (len(lines) - 2, "UIKitCore", hx(8), R.randint(100, 400)))
    return "```\n" + "\n".join(lines) + "\n```"


def c_objc():
    return ("`-[WLT%s set%s:forAccount:accessGroup:error:]` + `-[WLT%s %s:completion:]` aparecem em todos os crashes de %s, o Keychain volta errSecInteractionNotAllowed"
            % (cls(), pick(WORDS), cls(), meth(), semver()))


def c_kotlin_trace():
    pkg = "com.walletco.app." + pick(["auth", "security", "pix", "payout", "push", "kyc"])
    lines = ["Fatal Exception: %s.%sException: %s" % (pkg, pick(WORDS) + pick(["Expired", "Invalid", "Missing"]),
                                                        pick(["refresh token rejected", "keystore alias missing", "pin hash mismatch"]))]
    for _ in range(R.randint(6, 22)):
        c = cls()
        lines.append("       at %s.%s.%s(%s.kt:%d)" % (pkg, c, meth(), c, R.randint(10, 900)))
    lines += ["       at okhttp3.internal.http.RealInterceptorChain.proceed(RealInterceptorChain.kt:109)",
              "       at kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)"]
    return "\n".join(lines)


def c_r8_mapping():
    out = ["# compiler: R8", "# compiler_version: 8.%d.%d" % (R.randint(1, 6), R.randint(1, 40))]
    for i in range(R.randint(3, 7)):
        c = cls()
        out.append("com.walletco.app.security.%s -> %s.%s:" % (c, pick("abcdefgh"), pick("abcdefghijk")))
        for j in range(R.randint(1, 3)):
            out.append("    %d:%d:%s %s(java.lang.String) -> %s" % (R.randint(1, 50), R.randint(51, 99), pick(["boolean", "java.lang.String", "void"]), meth(), "abcdef"[j]))
    return "```\n" + "\n".join(out) + "\n```"


def c_room_dao():
    t = pick(["card_token", "pix_key", "payout_account", "device_secret"])
    return ("```kotlin\n@Dao\ninterface %sDao {\n    @Query(\"SELECT * FROM %s WHERE last_four = :lastFour AND encrypted_pan_ref IS NOT NULL\")\n    suspend fun findByLastFour(lastFour: String): %sEntity?\n}\n```\ngerado: `%sDao_Impl.findByLastFour$lambda$%d`"
            % (t.title().replace("_", ""), t, t.title().replace("_", ""), t.title().replace("_", ""), R.randint(0, 5)))


def c_hilt():
    return ("```\nat com.walletco.app.DaggerWalletApplication_HiltComponents_SingletonC$SingletonCImpl$SwitchingProvider.get(DaggerWalletApplication_HiltComponents_SingletonC.java:%d)\nat com.walletco.app.security.%s_Factory.newInstance(%s_Factory.java:%d)\nat com.walletco.app.Hilt_WalletApplication.onCreate(Hilt_WalletApplication.java:%d)\n```"
            % ((lambda c: (R.randint(900, 4000), c, c, R.randint(20, 60), R.randint(20, 60)))(cls())))


def c_compose():
    s = pick(["IbanEntryScreen", "PinPadScreen", "CardCvvSheet", "PhoneVerifyScreen", "PasswordResetScreen"])
    return ("ANR no `ComposableSingletons$%sKt$lambda-%d$1.invoke` → `%sKt.%s$lambda$%d` (versão %s)"
            % (s, R.randint(1, 9), s, s, R.randint(1, 12), semver()))


def c_jni():
    return ("```\nbacktrace:\n  #00 pc 0x%s  /data/app/~~%s==/com.walletco.app-%s==/lib/arm64/libwalletcore.so (Java_com_walletco_crypto_NativeKeystore_native%s+%d)\n  #01 pc 0x%s  /apex/com.android.art/lib64/libart.so (art_quick_generic_jni_trampoline+%d)\n```"
            % (hx(16), chars(B64U, 22), chars(B64U, 22), pick(["DeriveSecretKey", "SignPayload", "UnwrapToken", "HashPin"]), R.randint(8, 400), hx(16), R.randint(100, 200)))


def c_flags():
    rows = ["| flag | %s | %s |" % (pick(["rollout", "exposição"]), pick(["owner", "dono"])), "|---|---|---|"]
    pool = ["wallet_pix_copy_paste_v2", "kr_secure_keypad_pin_entry", "vn_vietqr_scan_enabled", "ios_passkey_login_rollout",
            "android_credential_manager_password_autofill", "card_cvv_reveal_timeout_ms", "iban_inline_checksum_validation",
            "phone_otp_autoread_sms_retriever", "kyc_ssn_last4_only", "push_token_rotation_on_logout", "jwt_refresh_preemptive_seconds",
            "mx_spei_clabe_input_v3", "secret_screen_flag_secure"]
    R.shuffle(pool)
    for f in pool[:R.randint(3, 9)]:
        rows.append("| `%s` | %d%% | %s |" % (f, pick([0, 1, 5, 10, 25, 50, 100]), pick(["payments", "growth", "platform", "identity"])))
    return "\n".join(rows)


def c_strings_keys():
    keys = ["iban_invalid_checksum_error", "password_reset_sms_sent_to_masked_phone", "card_number_content_description",
            "ssn_last_four_label", "email_change_confirmation_title", "pin_change_success", "otp_resend_countdown",
            "secret_recovery_phrase_warning"]
    R.shuffle(keys)
    langs = pick(["values-pt-rBR", "values-es", "values-ko", "values-vi"])
    return ("lint reclamou de traduções faltando em `%s/strings.xml`:\n" % langs) + "\n".join(
        "- `R.string.%s`" % k for k in keys[:R.randint(2, 6)])


def c_gradle_tasks():
    flav = pick(["Prod", "Staging", "Br", "Mx", "Kr", "Vn"])
    return ("```\n> Task :core:security:compile%sReleaseKotlin\n> Task :app:minify%sReleaseWithR8\n> Task :app:uploadCrashlyticsMappingFile%sRelease\n> Task :app:bundle%sRelease\nBUILD SUCCESSFUL in %dm %ds\n%d actionable tasks: %d executed, %d up-to-date\n```"
            % (flav, flav, flav, flav, R.randint(3, 19), R.randint(0, 59), R.randint(200, 900), R.randint(20, 200), R.randint(100, 700)))


def c_xcode_compile():
    return ("```\nCompileSwift normal arm64 /Users/runner/work/wallet-ios/Sources/%s/%s.swift (in target '%s' from project 'WalletApp')\nerror: cannot find '%s' in scope\n```"
            % (pick(["Auth", "Security", "Pix"]), cls(), pick(["WalletKit", "WalletApp", "SecureStore"]), meth()))


def c_linker():
    return ("```\nUndefined symbols for architecture arm64:\n  \"_OBJC_CLASS_$_FIRCrashlytics\", referenced from:\n      objc-class-ref in %s.o\n  \"_$s9WalletKit%dTokenRefresherC6sharedACvpZ\", referenced from:\n      _$s9WalletApp11AppDelegateC11application_29didFinishLaunchingWithOptionsSbSo13UIApplicationC_SDySo0j6LaunchI3KeyaypGSgtF in AppDelegate.o\nld: symbol(s) not found for architecture arm64\n```"
            % (cls(), R.randint(10, 19)))


def c_analytics():
    evs = ["wallet_card_add_cvv_focus", "pix_key_type_selected", "payout_iban_paste_detected", "otp_sms_autofill_success",
           "password_strength_meter_shown", "kyc_ssn_step_abandoned", "push_permission_prompt_result", "phone_change_verify_start"]
    R.shuffle(evs)
    return "eventos novos no plano de tracking (%s):\n" % semver() + "\n".join("• `%s` — params: `%s`" % (e, ", ".join(R.sample(["screen", "source", "variant", "result", "step", "os"], 2))) for e in evs[:R.randint(2, 5)])


def c_graphql():
    return ("```graphql\nmutation RotateDeviceSecret($input: RotateDeviceSecretInput!) {\n  rotateDeviceSecret(input: $input) {\n    deviceSecretVersion\n    pushTokenRegistration { apnsTokenHash fcmTokenHash }\n  }\n}\n```")


def c_proto():
    return ("```proto\nmessage RegisterPushTokenRequest {\n  string apns_device_token = 1;\n  string fcm_registration_token = 2;\n  string installation_id = 3;\n  Platform platform = %d;\n}\n```" % R.randint(4, 9))


def c_room_migration():
    a = R.randint(10, 40)
    return ("```kotlin\nval MIGRATION_%d_%d = object : Migration(%d, %d) {\n    override fun migrate(db: SupportSQLiteDatabase) {\n        db.execSQL(\"ALTER TABLE user_profile ADD COLUMN phone_e164_hash TEXT\")\n        db.execSQL(\"ALTER TABLE payout_account ADD COLUMN iban_last4 TEXT NOT NULL DEFAULT ''\")\n        db.execSQL(\"CREATE INDEX index_card_token_pan_fingerprint ON card_token(pan_fingerprint)\")\n    }\n}\n```"
            % (a, a + 1, a, a + 1))


def c_sealed():
    return ("```kotlin\nsealed interface SecretResult {\n    data class Ok(val secretRef: KeystoreAlias) : SecretResult\n    data object BiometricLockout : SecretResult\n    data class %s(val cause: Throwable) : SecretResult\n}\n```" % (pick(WORDS) + "Failure"))


def c_spm():
    return ("```swift\n.target(\n    name: \"WalletApp\",\n    dependencies: [\n        .product(name: \"WalletSecretsKeychain\", package: \"wallet-ios-core\"),\n        .product(name: \"FirebaseCrashlytics\", package: \"firebase-ios-sdk\"),\n        .product(name: \"%s\", package: \"wallet-ios-core\"),\n    ]\n)\n```" % (cls()))


def c_rust_core():
    lines = ["thread '<unnamed>' panicked at wallet-core/src/keystore.rs:%d:%d:" % (R.randint(40, 400), R.randint(5, 40)),
             "called `Result::unwrap()` on an `Err` value: InvalidKeyLength", "stack backtrace:"]
    for i in range(R.randint(3, 8)):
        lines.append("  %d: wallet_core::%s::%s::h%s" % (i, pick(["keystore", "pin", "token", "iban"]), pick(["derive_secret_key", "verify_pin_hash", "refresh_token", "validate_checksum"]), hx(16)))
    return "```\n" + "\n".join(lines) + "\n```"


def c_proguard_rules():
    return ("```\n-keep class com.walletco.app.security.** { *; }\n-keepclassmembers class * implements com.walletco.app.%s { <methods>; }\n-dontwarn org.bouncycastle.**\n-keepnames class kotlinx.serialization.** { *; }\n```" % cls())


def c_swiftui():
    return ("preview quebrou em `%s_Previews` depois do rename de `%s` → `%s`; Xcode %s.%d" % (cls().replace("Manager", "View"), cls(), cls(), pick(["15", "16"]), R.randint(0, 4)))


def c_ko_vi():
    return pick(["`%s.%s()`에서 메인 스레드 블로킹이 발생해요. 백그라운드로 옮길게요",
                 "hàm `%s.%s()` bị gọi hai lần khi mở app từ push, xem lại nhé",
                 "`%s.%s()` se llama dos veces al volver del background"]) % (cls(), meth())


CODE_ID = [c_swift_crash, c_objc, c_kotlin_trace, c_r8_mapping, c_room_dao, c_hilt, c_compose, c_jni, c_flags,
           c_strings_keys, c_gradle_tasks, c_xcode_compile, c_linker, c_analytics, c_graphql, c_proto, c_room_migration,
           c_sealed, c_spm, c_rust_core, c_proguard_rules, c_swiftui, c_ko_vi]

# ----------------------------------------------------------------------------------------------
# negatives: non_credential_blob
# ----------------------------------------------------------------------------------------------
def colon_hex(n):
    return ":".join(HX(2) for _ in range(n))


def b_dwarfdump():
    return ("```\n$ dwarfdump --uuid WalletApp.app.dSYM\nUUID: %s (arm64) WalletApp.app.dSYM/Contents/Resources/DWARF/WalletApp\n$ dwarfdump --uuid WalletKit.framework.dSYM\nUUID: %s (arm64) WalletKit.framework.dSYM/Contents/Resources/DWARF/WalletKit\n```"
            % (uuid4(True), uuid4(True)))


def b_missing_dsym():
    ids = [uuid4(False).replace("-", "") for _ in range(R.randint(2, 5))]
    return ("Crashlytics diz que faltam dSYMs pra %s (%d):\n" % (semver(), R.randint(400, 9000))) + "\n".join("- `%s`" % i for i in ids)


def b_binary_images():
    return ("```\nBinary Images:\n       0x1%s -        0x1%s WalletApp arm64  <%s> /private/var/containers/Bundle/Application/%s/WalletApp.app/WalletApp\n       0x1%s -        0x1%s WalletKit arm64  <%s> /private/var/containers/Bundle/Application/%s/WalletApp.app/Frameworks/WalletKit.framework/WalletKit\n```"
            % (hx(8), hx(8), hx(32), uuid4(True), hx(8), hx(8), hx(32), uuid4(True)))


def b_podfile_lock():
    pods = ["FirebaseCrashlytics", "FirebaseMessaging", "GoogleUtilities", "Lottie", "SnapKit", "KeychainAccess", "nanopb", "PromisesObjC"]
    R.shuffle(pods)
    return ("```\nSPEC CHECKSUMS:\n" + "\n".join("  %s: %s" % (p, hx(40)) for p in pods[:R.randint(3, 7)])
            + "\n\nPODFILE CHECKSUM: %s\n\nCOCOAPODS: 1.%d.%d\n```" % (hx(40), R.randint(12, 16), R.randint(0, 3)))


def b_package_resolved():
    return ("```json\n{\n  \"identity\" : \"firebase-ios-sdk\",\n  \"kind\" : \"remoteSourceControl\",\n  \"location\" : \"https://github.com/firebase/firebase-ios-sdk\",\n  \"state\" : {\n    \"revision\" : \"%s\",\n    \"version\" : \"%d.%d.0\"\n  }\n}\n```"
            % (hx(40), R.randint(10, 11), R.randint(0, 29)))


def b_verification_meta():
    return ("```xml\n<component group=\"com.google.firebase\" name=\"firebase-crashlytics\" version=\"19.%d.%d\">\n   <artifact name=\"firebase-crashlytics-19.%d.%d.aar\">\n      <sha256 value=\"%s\" origin=\"Generated by Gradle\"/>\n   </artifact>\n</component>\n```"
            % ((lambda a, b: (a, b, a, b))(R.randint(0, 4), R.randint(0, 9)) + (hx(64),)))


def b_assetlinks():
    return ("assetlinks.json de produção (fingerprint do certificado de app signing, é público):\n```json\n[{\"relation\":[\"delegate_permission/common.handle_all_urls\"],\"target\":{\"namespace\":\"android_app\",\"package_name\":\"com.walletco.app\",\"sha256_cert_fingerprints\":[\"%s\"]}}]\n```"
            % colon_hex(32))


def b_aasa():
    return ("```json\n{\"applinks\":{\"details\":[{\"appIDs\":[\"ABCDE12345.com.walletco.app\"],\"components\":[{\"/\":\"/pay/*\"},{\"/\":\"/r/%s\"}]}]}}\n```\nCDN etag do AASA: `\"%s\"`"
            % (chars(B62, 8), hx(32)))


def b_pg_map():
    return ("```\n# pg_map_id: %s\n# pg_map_hash: SHA-256 %s\n```\nCrashlytics mapping file id `%s` bateu com o do build %d"
            % (hx(7), hx(64), hx(32), R.randint(4000000, 4999999)))


def b_room_identity():
    return ("schema exportado da versão %d:\n```json\n{\"formatVersion\": 1, \"database\": {\"version\": %d, \"identityHash\": \"%s\"}}\n```\ne o `room_master_table` no device tinha `%s` → IllegalStateException: Room cannot verify the data integrity"
            % ((lambda v: (v, v))(R.randint(12, 40)) + (hx(32), hx(32))))


def b_git_log():
    msgs = ["fix(pix): trim whitespace in copy-paste key", "chore(release): 4.%d.0" % R.randint(10, 30), "feat(kr): secure keypad for PIN",
            "fix(push): re-register FCM token on locale change", "refactor(kyc): move SSN step to its own module", "fix(vn): VietQR CRC check"]
    R.shuffle(msgs)
    return "```\n$ git log --oneline release/%s\n" % semver() + "\n".join("%s %s" % (hx(pick([7, 8, 10])), m) for m in msgs[:R.randint(3, 6)]) + "\n```"


def b_eas_update():
    return ("OTA publicado:\n```\nBranch           production\nRuntime version  %s\nPlatform         android, ios\nUpdate group ID  %s\nAndroid update ID %s\niOS update ID    %s\nMessage          fix botão de saque\n```"
            % (semver(), uuid4(), uuid4(), uuid4()))


def b_derived_data():
    return ("limpa isso aqui que resolve o `module compiled with Swift 5.%d cannot be imported`:\n`~/Library/Developer/Xcode/DerivedData/WalletApp-%s`"
            % (R.randint(7, 10), chars("abcdefghijklmnopqrstuvwxyz", 28)))


def b_ci_image():
    return ("runner Android fixado por digest:\n```yaml\nimage: ghcr.io/cirruslabs/android-sdk:%d@sha256:%s\n```" % (R.randint(33, 35), hx(64)))


def b_npm_integrity():
    return ("```\n\"node_modules/react-native\": {\n  \"version\": \"0.%d.%d\",\n  \"resolved\": \"https://registry.npmjs.org/react-native/-/react-native-0.%d.%d.tgz\",\n  \"integrity\": \"sha512-%s==\"\n}\n```"
            % ((lambda a, b: (a, b, a, b))(R.randint(72, 76), R.randint(0, 9)) + (b64(rb(64))[:-2],)))


def b_trace_ids():
    return ("request do app que deu 502 no gateway:\n```\ntraceparent: 00-%s-%s-01\nx-request-id: %s\nx-amzn-trace-id: Root=1-%s-%s\n```"
            % (hx(32), hx(16), uuid4(), hx(8), hx(24)))


def b_asc_cursor():
    cur = b64url(json.dumps({"offset": str(R.randint(50, 900))}, separators=(",", ":")).encode())
    return ("paginação da App Store Connect API pra baixar reviews:\n`GET /v1/apps/{id}/customerReviews?limit=200&cursor=%s`\nnext: `cursor=%s`"
            % (cur, b64url(json.dumps({"offset": str(R.randint(900, 2000))}, separators=(",", ":")).encode())))


def b_event_ids():
    return "\n".join("Crashlytics issue `%s` / event `%s` — %s" % (hx(32), hx(32), pick(["NPE no PixKeyMapper", "OOM no ReceiptShare", "SIGABRT no Keychain", "ANR no splash"]))
                     for _ in range(R.randint(1, 4)))


def b_signing_report():
    return ("```\n$ ./gradlew signingReport\nVariant: prodRelease\nConfig: upload\nStore: /runner/upload.jks\nAlias: upload\nMD5: %s\nSHA1: %s\nSHA-256: %s\nValid until: %s\n```"
            % (colon_hex(16), colon_hex(20), colon_hex(32), pick(["Friday, March 3, 2051", "Tuesday, June 12, 2052"])))


def b_sha256sum():
    return ("```\n$ sha256sum build/outputs/*\n%s  app-prod-release.aab\n%s  WalletApp-%s.ipa\n%s  mapping.txt\n```"
            % (hx(64), hx(64), semver(), hx(64)))


def b_sqlite_hexdump():
    return ("cabeçalho do wallet.db que veio no bug report (sem dados):\n```\n00000000: 5351 4c69 7465 2066 6f72 6d61 7420 3300  SQLite format 3.\n00000010: 1000 0202 0040 2020 0000 %s %s %s  ......  ........\n00000020: %s %s %s %s  ................\n```"
            % tuple(hx(4) for _ in range(7)))


def b_sops():
    return ("```yaml\nmatch_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```"
            % (b64(rb(24)), b64(rb(32)), b64(rb(16)), ts_iso()[:19] + "Z", b64(rb(48)), b64(rb(32)), b64(rb(16))))


def b_build_ids():
    return ("| plataforma | build | id |\n|---|---|---|\n| iOS | %d | Xcode Cloud `%s` |\n| Android | %d | App Distribution `%s` |\n| CI | - | Bitrise `%s` |"
            % (R.randint(4000, 9000), uuid4(True), R.randint(41000000, 49999999), chars("0123456789abcdefghijklmnopqrstuv", 13), hx(16)))


def b_build_scan():
    return ("build scan do R8 lento: https://scans.gradle.com/s/%s — cache key `%s`" % (chars("abcdefghijklmnopqrstuvwxyz234567", 13), hx(32)))


def b_branch():
    return ("deep link de campanha: `https://walletco.app.link/%s` → `walletco://pay/request/%s` (universal link abre o app, fallback pra store)"
            % (chars(B62, 11), uuid4()))


def b_ko_vi_blob():
    return pick(["릴리스 %s 빌드 UUID는 `%s`, 커밋은 `%s` 입니다", "bản build %s có UUID `%s`, commit `%s`", "build %s: UUID `%s`, commit `%s`"]) % (semver(), uuid4(True), hx(40))


def b_b64_text():
    msg = pick(["pix-copy-paste:v2", "campaign=black-friday&variant=b", "kr-secure-keypad:enabled", "locale=vi-VN;theme=dark"])
    return "o parâmetro `state` do deep link é só base64 de texto: `%s` (decodifica pra `%s`)" % (b64(msg.encode()), msg)


BLOB = [b_dwarfdump, b_missing_dsym, b_binary_images, b_podfile_lock, b_package_resolved, b_verification_meta, b_assetlinks,
        b_aasa, b_pg_map, b_room_identity, b_git_log, b_eas_update, b_derived_data, b_ci_image, b_npm_integrity, b_trace_ids,
        b_asc_cursor, b_event_ids, b_signing_report, b_sha256sum, b_sqlite_hexdump, b_sops, b_build_ids, b_build_scan,
        b_branch, b_ko_vi_blob, b_b64_text]

# ----------------------------------------------------------------------------------------------
# negatives: pii_lookalike_number
# ----------------------------------------------------------------------------------------------
def non_luhn(n, first="123456789"):
    while True:
        d = digits(n, first)
        if not luhn_ok(d):
            return d


def n_version_codes():
    base = R.randint(40100000, 40300000)
    rows = ["| versionName | versionCode | rollout |", "|---|---|---|"]
    for i in range(R.randint(3, 7)):
        rows.append("| %s | %d | %s%% |" % (semver(), base + i * 100 + R.randint(0, 9), pick(["1", "5", "20", "50", "100"])))
    return "\n".join(rows)


def n_asc_ids():
    aid = "64" + digits(8, "0123456789")
    return ("link da loja por país: `https://apps.apple.com/%s/app/walletco/id%s` (Apple ID do app: %s, SKU WALLETCO-%s)"
            % (pick(["br", "mx", "kr", "vn", "es"]), aid, aid, R.randint(1, 9)))


def n_firebase_numbers():
    pn = digits(12)
    return ("`project_number` %s = GCM sender id %s no google-services.json; o app id é `1:%s:android:%s`" % (pn, pn, pn, hx(16)))


def n_fingerprints():
    devs = ["google/oriole/oriole:14/AP2A.%d.%03d/%d:user/release-keys", "samsung/a54xnsxx/a54x:14/UP1A.%d.%03d/A546EXXU%d:user/release-keys",
            "xiaomi/ruby_global/ruby:13/TP1A.%d.%03d/V%d.0.3.0:user/release-keys"]
    return "crash só nesses builds:\n" + "\n".join("- `%s`" % (d % (R.randint(220000, 249999), R.randint(1, 999), R.randint(100, 99999999))) for d in devs[:R.randint(1, 3)])


def n_epoch_ms():
    e = epoch()
    return ("```json\n{\"event\":\"app_exception\",\"timestamp_ms\":%d%03d,\"session_start\":%d,\"slack_ts\":\"%d.%06d\"}\n```"
            % (e, R.randint(0, 999), e - R.randint(10, 900), e, R.randint(0, 999999)))


def n_txn_refs():
    rows = ["ref interna (não é cartão) | valor | status"]
    for _ in range(R.randint(2, 6)):
        d = non_luhn(16)
        rows.append("%s %s %s %s | %s | %s" % (d[:4], d[4:8], d[8:12], d[12:], pick(["R$ 1.234,56", "R$ 89,90", "$ 450.00 MXN", "₩ 125,000", "1.250.000 ₫"]), pick(["settled", "pending", "reversed"])))
    return "```\n" + "\n".join(rows) + "\n```"


def n_pix_e2e():
    return ("Pix E2E id do comprovante: `E%s%s%s%s` (ISPB + data/hora + sequencial)"
            % (digits(8, "0123456789"), "2025%02d%02d%02d%02d" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59)), chars("abcdefghijklmnopqrstuvwxyz0123456789", 9), chars("ABCDEFGH", 2)))


def n_amounts():
    return pick(["limite diário Pix: R$ %d.%03d,00 / noturno R$ 1.000,00", "한도: ₩%d,%03d,000 / 1회 ₩500,000", "hạn mức: %d.%03d.000 ₫ mỗi ngày",
                 "límite SPEI: $%d,%03d.00 MXN diarios"]) % (R.randint(1, 9), R.randint(0, 999))


def n_addresses():
    return ("```\nException Type:  EXC_BAD_ACCESS (SIGSEGV)\nException Subtype: KERN_INVALID_ADDRESS at 0x%s\nThread %d Crashed:\n0   libswiftCore.dylib  0x00000001%s swift_release + %d\n```"
            % ("0000000" + hx(9), R.randint(0, 9), hx(8), R.randint(8, 40)))


def n_devices():
    return ("top devices com crash (%s): iPhone15,3 (%d), iPhone14,7 (%d), SM-A546E (%d), 2201117TY (%d), resolução 1170x2532 / 1080x2340"
            % (semver(), R.randint(100, 900), R.randint(100, 900), R.randint(100, 900), R.randint(50, 400)))


def n_private_ips():
    return pick(["Metro não conecta: `http://192.168.%d.%d:8081` do device físico, do emulador é `10.0.2.2:8081`",
                 "Charles proxy em 192.168.%d.%d:8888, cert instalado no simulador",
                 "mock server do QA fica em 10.20.%d.%d:4010 (só VPN)",
                 "o ambiente de doc usa 203.0.113.%d e 198.51.100.%d nos exemplos de webhook"]) % (R.randint(0, 254), R.randint(2, 254))


def n_play_stats():
    return ("Play Console, %s: ANR rate %.2f%% · crash rate %.2f%% · installs %d %03d %03d · avaliação %.1f (%d %03d reviews)"
            % (pick(["últimos 28 dias", "semana 14", "abril"]), R.uniform(0.1, 0.6), R.uniform(0.2, 1.5), R.randint(1, 9), R.randint(0, 999), R.randint(0, 999), R.uniform(3.8, 4.8), R.randint(10, 99), R.randint(0, 999)))


def n_dates():
    y, m, d = 2025, R.randint(1, 12), R.randint(1, 27)
    return pick(["freeze: %d년 %d월 %d일, 배포는 다음 주" % (y, m, d), "code freeze ngày %d tháng %d năm %d" % (d, m, y),
                 "congelamiento %02d/%02d/%d, release candidate el %02d/%02d" % (d, m, y, d + 1, m),
                 "submissão pra review em %02d/%02d/%d, phased release de 7 dias" % (d, m, y)])


def n_tickets():
    return ("%s: MOB-%d, MOB-%d (Jira), Zendesk #%d e #%d, review do Play `gp:AOqpTO%s`"
            % (pick(["relacionados", "relacionados al bug", "관련 티켓"]), R.randint(1000, 9999), R.randint(1000, 9999), R.randint(1000000, 9999999), R.randint(1000000, 9999999), chars(B64U, 20)))


def n_search_ads():
    return ("Apple Search Ads → AdServices token resolve: campaignId %s, adGroupId %s, keywordId %s, conversionType Download"
            % (digits(10), digits(10), digits(10)))


def n_otp():
    return pick(["OTP: 6 dígitos, TTL 300s, máx 5 tentativas, short code 28%03d", "OTP 6자리, 유효시간 180초, 재전송 3회",
                 "mã OTP 6 số, hết hạn sau 120 giây, tối đa %d lần"]).replace("%03d", "%03d" % R.randint(0, 999)).replace("%d", str(R.randint(3, 5)))


def n_semver_ranges():
    return ("```ruby\npod 'FirebaseCrashlytics', '~> %d.%d.0'\npod 'Lottie', '>= 4.%d', '< 5.0'\n```\n```kotlin\nminSdk = %d\ntargetSdk = %d\nimplementation(platform(\"com.google.firebase:firebase-bom:33.%d.%d\"))\n```"
            % (R.randint(10, 11), R.randint(0, 29), R.randint(0, 5), R.randint(24, 26), R.randint(34, 35), R.randint(0, 9), R.randint(0, 9)))


def n_biz_ids():
    base = [R.randint(0, 9) for _ in range(12)]
    def dv(nums, w):
        s = sum(a * b for a, b in zip(nums, w)) % 11
        return 0 if s < 2 else 11 - s
    base[8:12] = [0, 0, 0, 1]
    d1 = dv(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    d2 = dv(base + [d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    c = "".join(map(str, base + [d1, d2]))
    return ("dados da empresa pro rodapé das lojas: CNPJ %s.%s.%s/%s-%s · 사업자등록번호 %d-%02d-%05d · MST 01%d%07d"
            % (c[:2], c[2:5], c[5:8], c[8:12], c[12:], R.randint(100, 899), R.randint(10, 99), R.randint(0, 99999), R.randint(2, 5), R.randint(0, 9999999)))


def n_crash_csv():
    rows = ["date,app_version,version_code,crashes,users_affected,crash_free_pct"]
    base = R.randint(40100000, 40300000)
    for i in range(R.randint(15, 28)):
        rows.append("2025-%02d-%02d,%s,%d,%d,%d,%.2f" % (R.randint(1, 12), R.randint(1, 28), semver(), base + i, R.randint(0, 4000), R.randint(0, 3000), R.uniform(98.5, 99.99)))
    return "```csv\n" + "\n".join(rows) + "\n```"


def n_bytes():
    return ("tamanho do download: IPA %d %03d %03d bytes, AAB %d %03d %03d bytes; wallet.db com %d %03d linhas em `ledger_entry`, page_size 4096"
            % (R.randint(40, 99), R.randint(0, 999), R.randint(0, 999), R.randint(20, 60), R.randint(0, 999), R.randint(0, 999), R.randint(1, 99), R.randint(0, 999)))


def n_apns_errors():
    return ("```\nHTTP/2 %d\napns-id: %s\n{\"reason\":\"%s\",\"timestamp\":%d%03d}\nretry-after: %d\nx-ratelimit-remaining: %d\n```"
            % (pick([400, 403, 410, 429]), uuid4(True), pick(["BadDeviceToken", "Unregistered", "TooManyRequests", "ExpiredProviderToken"]), epoch(), R.randint(0, 999), R.randint(1, 60), R.randint(0, 500)))


def n_store_orders():
    out = []
    for _ in range(R.randint(2, 5)):
        while True:
            g = "%04d-%04d-%04d-%05d" % (R.randint(3000, 3399), R.randint(0, 9999), R.randint(0, 9999), R.randint(0, 99999))
            a = digits(16, "2")
            if not luhn_ok(g.replace("-", "")) and not luhn_ok(a):
                break
        out.append("- Play `GPA.%s` / Apple transactionId `%s`" % (g, a))
    return "reembolsos da assinatura premium pedidos hoje:\n" + "\n".join(out)


def n_xamarin_version():
    return ("o widget legado em Xamarin ainda tem `[assembly: AssemblyFileVersion(\"3.14.2.0\")]`; o app nativo já está em %s (%d)"
            % (semver(), R.randint(41000000, 49999999)))


def n_ports():
    return "portas no compose de dev: api 8080, mock 4010, redis 6379, postgres 5432, metro 8081, flipper 9089, jaeger %d" % pick([16686, 14268])


PII_LOOK = [n_version_codes, n_asc_ids, n_firebase_numbers, n_fingerprints, n_epoch_ms, n_txn_refs, n_pix_e2e, n_amounts,
            n_addresses, n_devices, n_private_ips, n_play_stats, n_dates, n_tickets, n_search_ads, n_otp, n_semver_ranges,
            n_biz_ids, n_crash_csv, n_bytes, n_apns_errors, n_store_orders, n_xamarin_version, n_ports]

# ----------------------------------------------------------------------------------------------
# negatives: talk_about_secrets
# ----------------------------------------------------------------------------------------------
TALK = {
    "en": [
        "we rotated the APNs auth key this morning; the old .p8 is revoked in the developer portal",
        "reminder: the Play upload key lives in the vault, never in the repo, and the app signing key is Google's anyway",
        "please don't ship any API key inside the app binary, anything in the IPA can be pulled out with strings",
        "the FCM legacy server key is dead, everything goes through the service account now",
        "Crashlytics custom keys were logging the user's email, that's removed in the next build",
        "if someone pastes a token in this channel, revoke it first and then delete the message",
        "secret scanning flagged a GitHub PAT in an old commit of the fastlane repo; it was already expired",
        "we hash phone numbers on device before contact sync, the backend never sees them in clear",
        "the access token lifetime is 15 minutes and the refresh token is bound to the device key",
        "card numbers never touch our servers, the SDK tokenizes them and we only keep the last four",
        "FLAG_SECURE is on for the PIN, CVV and IBAN screens so screenshots come out black",
        "the SSN field for US KYC goes straight to the vendor; we only store a verified flag",
        "App Review asked for a demo account again, credentials are in the review notes, not here",
        "the OpenAI key for the insights spike sits behind our proxy, the app only gets a short-lived session JWT",
        "the Slack bot token for release notes was rotated after the contractor left",
        "certificate pinning: we pin the intermediate's public key hash, rotating the leaf won't break anything",
    ],
    "pt": [
        "rotacionamos a chave do APNs hoje cedo, a antiga já foi revogada",
        "senha do keystore de upload fica no cofre, nunca no repositório",
        "não coloquem chave de API dentro do app, qualquer coisa no APK sai com um apktool",
        "o log do Crashlytics estava gravando e-mail do cliente, já tiramos",
        "se alguém colar token aqui no canal, revoga primeiro e apaga a mensagem depois",
        "número de cartão nunca passa pelo nosso backend, a gente só guarda os 4 últimos",
        "o alerta de secret scanning era de um token antigo, já estava expirado",
        "CPF e telefone só aparecem mascarados nos logs, se virem em claro abram incidente",
        "a senha do match foi trocada, peçam o novo valor no 1Password e não aqui",
        "a chave Pix do usuário é dado pessoal, não mandem em evento de analytics",
    ],
    "es": [
        "rotamos la clave de APNs esta mañana y revocamos la anterior",
        "la contraseña del keystore está en el gestor de secretos, no en el repo",
        "no metan API keys en la app, todo lo que va en el binario es público",
        "el teléfono y el correo del usuario no deben ir en los logs de Crashlytics",
        "si alguien pega un token en el canal, hay que revocarlo de inmediato",
        "los números de tarjeta nunca llegan a nuestros servidores, solo guardamos los últimos cuatro",
        "el IBAN se valida en el cliente con mod 97 pero se guarda cifrado en el backend",
        "la CLABE y el IBAN se enmascaran en pantalla hasta que el usuario toca en mostrar",
    ],
    "ko": [
        "오늘 오전에 APNs 인증 키를 교체했고 이전 키는 폐기했습니다",
        "업로드 키스토어 비밀번호는 금고에만 있어요, 저장소에 올리지 마세요",
        "앱 바이너리에 API 키를 넣으면 안 됩니다, 다 추출될 수 있어요",
        "크래시 로그에 사용자 이메일이랑 전화번호가 남지 않게 마스킹 처리했어요",
        "채널에 토큰을 붙여넣었다면 먼저 폐기하고 메시지를 지워 주세요",
        "카드 번호는 서버로 보내지 않고 토큰화된 값과 마지막 네 자리만 저장해요",
        "주민등록번호는 어떤 로그에도 남기면 안 됩니다",
    ],
    "vi": [
        "sáng nay đã xoay vòng khóa APNs, khóa cũ đã bị thu hồi",
        "mật khẩu keystore để trong Vault, đừng commit lên repo",
        "không được nhúng API key vào app, ai cũng có thể trích xuất ra",
        "log Crashlytics đã bỏ email và số điện thoại của người dùng",
        "nếu lỡ dán token vào kênh này thì thu hồi ngay rồi xóa tin nhắn",
        "số thẻ không bao giờ đi qua server của mình, chỉ lưu 4 số cuối",
        "số CCCD chỉ hiển thị dạng che, không log ra",
    ],
}


def talk_lang():
    return pick(["en", "en", "pt", "pt", "es", "ko", "vi"])


def t_one():
    return pick(TALK[talk_lang()])


def t_thread():
    l = talk_lang()
    return "\n".join(R.sample(TALK[l], R.randint(2, min(4, len(TALK[l])))))


def t_mixed():
    pool = [x for l in sorted(TALK) for x in TALK[l]]
    return "\n".join(R.sample(pool, R.randint(2, 5)))


def t_runbook():
    steps = {"en": ["revoke the key in the provider console", "rotate it in the vault and bump the CI secret", "trigger a new build",
                    "check Crashlytics for auth errors after rollout", "write the incident note"],
             "pt": ["revogar a chave no console do provedor", "trocar no cofre e atualizar o secret do CI", "gerar build nova",
                    "acompanhar erros de autenticação no Crashlytics", "escrever o registro do incidente"]}
    l = pick(["en", "pt"])
    head = {"en": "*Runbook — leaked %s*", "pt": "*Runbook — %s vazado(a)*"}[l] % pick(["APNs key", "FCM service account", "Slack bot token", "OpenAI key", "GitHub PAT"])
    st = steps[l][:R.randint(3, 5)]
    return head + "\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(st))


def t_incident():
    return ("*Resumo do incidente %s-%d*\n• O que houve: o build de %s logava o header Authorization no logcat em modo release\n• Impacto: tokens de sessão ficaram visíveis em bug reports enviados por %d usuários\n• Ação: sessões invalidadas, log removido, teste de lint adicionado\n• Nenhuma senha ou número de cartão foi exposto"
            % (pick(["INC", "SEC"]), R.randint(100, 999), semver(), R.randint(2, 40)))


def t_faq():
    return pick([
        "P: posso mandar o token do FCM no Slack pra debugar?\nR: não, use o ID de instalação mascarado do Crashlytics",
        "Q: can I log the IDFA?\nA: only if ATT is authorized, and never next to the email or phone",
        "P: ¿dónde está la contraseña del keystore?\nR: en el gestor de secretos del equipo, pídela por acceso, no por DM",
        "Q: 디버그 빌드에서는 비밀번호 로그 찍어도 되나요?\nA: 아니요, 디버그에서도 안 됩니다",
        "H: có được gửi số thẻ test vào kênh không?\nĐ: dùng số thẻ test của cổng thanh toán, không dùng thẻ thật",
    ])


def t_scanner():
    return ("the pre-commit hook now blocks things that look like %s; false positives so far: %s"
            % (pick(["a `.p8` body", "an AWS key id", "a Firebase service-account JSON", "a Slack token"]),
               pick(["dSYM UUIDs", "Room identity hashes", "the CocoaPods checksums", "Pix E2E ids"])))


def t_review_reply():
    return pick([
        "rascunho de resposta na loja: \"Olá! Nunca pedimos sua senha por e-mail ou telefone. Se recebeu um contato assim, é golpe — fale com a gente pelo app.\"",
        "respuesta en Play: \"Hola, nunca te pediremos tu contraseña ni el código de tu tarjeta por teléfono. Escríbenos desde la app.\"",
        "리뷰 답변 초안: \"저희는 전화나 문자로 비밀번호를 묻지 않습니다. 앱 내 고객센터로 문의해 주세요.\"",
        "trả lời đánh giá: \"Chúng tôi không bao giờ hỏi mật khẩu hay mã OTP qua điện thoại. Vui lòng liên hệ trong ứng dụng.\"",
        "App Store reply draft: \"We will never ask for your password or card PIN over the phone. Please reach us in-app.\"",
    ])


def t_sync_notes():
    items = ["APNs key rotation done", "keystore password moved to the new vault", "Crashlytics PII audit: emails and phones stripped",
             "JWT expiry down to 15 min", "secret scanning enabled on all mobile repos", "SSN step now vendor-hosted", "IBAN masked in receipts"]
    R.shuffle(items)
    return "*Security sync, semana %d*\n" % R.randint(1, 52) + "\n".join("- " + i for i in items[:R.randint(3, 6)])


def t_error_msgs():
    return pick([
        "fastlane match falhou com `Invalid password passed via 'MATCH_PASSWORD'` — alguém trocou a senha e não atualizou o CI",
        "Gradle: `Keystore was tampered with, or password was incorrect` no job de release, o secret do CI está vazio",
        "Xcode Cloud: `No signing certificate \"iOS Distribution\" found` depois que revogamos o certificado antigo",
        "`ExpiredProviderToken` do APNs: o JWT do provedor tem mais de uma hora, o job não renova",
        "Firebase Admin: `invalid_grant: Invalid JWT Signature` — a chave da service account foi apagada no console",
    ])


def t_policy_table():
    rows = [("e-mail", "hash no evento, nunca em claro"), ("telefone", "E.164 com hash, só no backend"), ("número do cartão", "tokenizado pelo SDK, só últimos 4"),
            ("IBAN / chave Pix", "cifrado no backend, mascarado na tela"), ("SSN / CPF", "só no fornecedor de KYC"), ("senha / PIN", "nunca sai do device"),
            ("IDFA / GAID", "só com consentimento"), ("tokens de sessão", "Keychain / EncryptedSharedPreferences")]
    R.shuffle(rows)
    return "| dado | regra |\n|---|---|\n" + "\n".join("| %s | %s |" % r for r in rows[:R.randint(3, 7)])


def t_where_is():
    return pick(["onde fica a senha do keystore de upload agora? o link antigo do cofre não abre",
                 "does anyone know who owns the App Store Connect API key? it expires next month",
                 "¿alguien tiene acceso al certificado de push de producción? necesito renovarlo",
                 "APNs 키 파일 어디에 보관하고 있는지 아시는 분?",
                 "ai đang giữ file .p8 của APNs vậy? mình cần để cấu hình server mới"])


def t_checklist():
    items = ["no API keys in Info.plist or BuildConfig", "no emails or phones in Crashlytics custom keys", "FLAG_SECURE on sensitive screens",
             "tokens in Keychain with kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", "no card numbers in analytics params",
             "OkHttp logging level NONE in release", "certificate pins have a backup pin"]
    R.shuffle(items)
    return "*Release checklist — privacy*\n" + "\n".join("- [ ] " + i for i in items[:R.randint(3, 6)])


def t_regex_talk():
    return pick(["o regex de cartão do lint pega qualquer número de 16 dígitos, inclusive versionCode concatenado — vamos checar Luhn antes de falhar o build",
                 "the SSN rule in the log scrubber also matched dates like 2025-04-11, so it now requires the dashes at 3-2-4",
                 "el detector de IBAN marcaba los ids de Pix; ahora valida el mod 97",
                 "전화번호 마스킹 정규식이 버전 코드까지 잡아서 수정했어요",
                 "regex che số điện thoại bắt nhầm mã giao dịch, đã sửa"])


def t_ko_vi_thread():
    return pick(["A: 토큰 만료되면 앱이 로그아웃되나요?\nB: 리프레시 토큰으로 갱신하고, 그것도 만료되면 로그아웃돼요\nA: 감사합니다",
                 "A: OTP có lưu trong log không?\nB: không, chỉ lưu trạng thái gửi thành công hay thất bại\nA: ok cảm ơn",
                 "A: a senha do usuário passa pelo nosso servidor?\nB: só o hash do PIN derivado no device, a senha do banco nunca\nA: valeu"])


TALKS = [t_policy_table, t_where_is, t_checklist, t_regex_talk, t_ko_vi_thread, t_one, t_one, t_thread, t_mixed, t_runbook, t_incident, t_faq, t_scanner, t_review_reply, t_sync_notes, t_error_msgs]

# ----------------------------------------------------------------------------------------------
# the scanner: any negative that trips it is redrawn
# ----------------------------------------------------------------------------------------------
REGISTRY_IBANS = {"GB82WEST12345698765432", "DE89370400440532013000"}
DELIBERATE_IPV4 = {"3.14.2.0"}
SAFE_URL_PW = re.compile(r"^(\$\{?\w+\}?|<[^>]*>|\*+|password|changeme|guest|root|admin|android|x+|\[REDACTED\]|<GITHUB_PAT>)$")

RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"),
    "github": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b|github_pat_[A-Za-z0-9_]{30,}"),
    "slack": re.compile(r"xox[abposr]-\d+-"),
    "sk": re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}"),
    "ssn": re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    "aws": re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}"),
    "ipv4": re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])"),
    "digits": re.compile(r"\d(?:[ -]?\d)+"),
    "iban": re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(.*?)-----END", re.S),
    "urlcred": re.compile(r"[a-z][a-z0-9+.-]*://([^/\s:@]*):([^@\s/]+)@"),
    "phone_intl": re.compile(r"\+\d{1,3}[ -]?\(?\d{1,4}\)?[ -]?\d{3,5}[ -]?\d{3,5}"),
    "phone_paren": re.compile(r"\(\d{2,3}\) ?9?\d{3,4}-\d{4}"),
    "phone_kr": re.compile(r"\b01[016789]-?\d{3,4}-?\d{4}\b"),
    "phone_vn": re.compile(r"\b0[35789]\d{1,2}[ .]?\d{3}[ .]?\d{3,4}\b"),
    "phone_es": re.compile(r"\b[67]\d{2} (?:\d{2} \d{2} \d{2}|\d{3} \d{3})\b"),
    "phone_us": re.compile(r"\b\d{3}[-.]\d{3}[-.]\d{4}\b"),
}


def scan(text):
    hits = []
    for k in ("email", "github", "slack", "sk", "jwt", "ssn", "phone_intl", "phone_paren", "phone_kr", "phone_es", "phone_us"):
        for m in RX[k].finditer(text):
            hits.append((k, m.group(0)))
    for m in RX["phone_vn"].finditer(text):
        if len(re.sub(r"\D", "", m.group(0))) == 10:
            hits.append(("phone_vn", m.group(0)))
    for m in RX["aws"].finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws", m.group(0)))
    for m in RX["ipv4"].finditer(text):
        try:
            ip = ipaddress.ip_address(m.group(0))
        except ValueError:
            continue
        doc = any(ip in ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"))
        if ip.is_global and not doc and m.group(0) not in DELIBERATE_IPV4:
            hits.append(("ipv4", m.group(0)))
    for m in RX["digits"].finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn", m.group(0)))
    for m in RX["iban"].finditer(text):
        s = m.group(0).replace(" ", "")
        if iban_valid(s) and s not in REGISTRY_IBANS:
            hits.append(("iban", m.group(0)))
    for m in RX["pem"].finditer(text):
        body = m.group(1).replace("\\n", "").strip()
        if "..." in body or "…" in body:
            continue
        body = re.sub(r"\s", "", body)
        if len(body) >= 40 and re.fullmatch(r"[A-Za-z0-9+/=]+", body):
            hits.append(("pem", body[:20]))
    for m in RX["urlcred"].finditer(text):
        if not SAFE_URL_PW.match(m.group(2)):
            hits.append(("urlcred", m.group(0)))
    return hits


# ----------------------------------------------------------------------------------------------
# negatives: assembly
# ----------------------------------------------------------------------------------------------
LEADS = ["fyi ", "FYI: ", "pra constar: ", "galera, ", "ojo: ", "para que conste: ", "참고: ", "공유드려요 ", "lưu ý: ",
         "mọi người xem giúp: ", "heads up — ", "alguém viu isso? ", "@here "]
TAILS = [" 🙏", "\n(thread)", "\nvaleu!", "\n감사합니다", "\ncảm ơn", "\ngracias", " :eyes:", "\n+1"]

CATS = [("data_uri_base64", DATA_URI), ("placeholder_example", PLACEHOLDER), ("code_identifier", CODE_ID),
        ("non_credential_blob", BLOB), ("pii_lookalike_number", PII_LOOK), ("talk_about_secrets", TALKS)]


def decorate(text, lead_p=0.14, tail_p=0.07):
    if R.random() < lead_p:
        text = pick(LEADS) + text
    if R.random() < tail_p:
        text = text + pick(TAILS)
    return text


def build_negatives():
    seen = set()
    out = []
    redrawn = {}
    for cat, tpls in CATS:
        order = []
        while len(order) < 100:
            t = list(tpls)
            R.shuffle(t)
            order += t
        got = 0
        i = 0
        while got < 100:
            tpl = order[i % len(order)]
            i += 1
            for attempt in range(60):
                text = decorate(tpl())
                if text in seen:
                    continue
                if scan(text):
                    redrawn[cat] = redrawn.get(cat, 0) + 1
                    continue
                break
            else:
                continue
            seen.add(text)
            out.append({"text": text, "category": cat})
            got += 1
    R.shuffle(out)
    recs = []
    for n, r in enumerate(out, 1):
        recs.append({"id": "h%dn-%04d" % (N, n), "text": r["text"], "category": r["category"]})
    return recs, redrawn

KEYS = [
    ('apns_p8', '-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----', ['MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZS+Me7/I5h2mKsFk', 'toAj+yOZSbn7QGV7s8k7/2CLqKahRANCAARCDuiKcj0uBTp/1hz0DMaOi2uqe8Ci', '1xSZsdbqRo6kCpME2PDSq0Z6KkGHAubRXl2eH9EZwFvWpK3oFGrH/xse']),
    ('apns_p8', '-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----', ['MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgL1ygXjIn31lSrRAv', 'Xea4mDbzwlo7gMrMnQrZUNeMUbyhRANCAAQ1ijwXerpW24Hy+7ZzvYV/FhD0N4b7', 'fcsnhDxmdYiO6gejlDcV654dpLGgK1vrHVTXOzHcShNekEbn3gEPTnhU']),
    ('ec_pkcs8', '-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----', ['MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgm07ogQh31A08Sb2E', 'W473x7XRWdlEAMq9My4LTUM5UVmhRANCAARcxDJdYtMWP4xPi6OwXYkGxyLxrSUR', '07J7mfUcOB4wuUTYxbfSnnVDM+yeQMT9oeWYcs0cTCTuYUZQuW4/dhPO']),
    ('ec_sec1', '-----BEGIN EC PRIVATE KEY-----', '-----END EC PRIVATE KEY-----', ['MHcCAQEEIMa1iOILtrCmchJIcTqIxwI0T3pgr+qJkFQW1l1cnzLsoAoGCCqGSM49', 'AwEHoUQDQgAEvMUbWxMdVsDTXL//oHekTHJuYPCIweIJ5CzrFnj/oAz0XS08cgNR', 'A7n2iDnz6GGSrvfVHJTUcMA2Jcrtulqt5Q==']),
    ('ed25519', '-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----', ['MC4CAQAwBQYDK2VwBCIEIBSuC/FgqP6s9R3y5qE2B0oS98hgGGhR8dXRDweJYWuI']),
    ('ed25519', '-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----', ['MC4CAQAwBQYDK2VwBCIEIMyNiGC9YkE8GRKL3nQenBTUGzmQiw8tfm9pP6CR8U8M']),
    ('rsa_pkcs8', '-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----', ['MIIEuwIBADANBgkqhkiG9w0BAQEFAASCBKUwggShAgEAAoIBAQCpkN5kj2FAQKTF', 'UEI2O6mj2EjEa04VemPeBO/E88vtCZAIa4PcM/fweuThidXcr2oZzBCfW3C0IsXF', 'TlOnhZ3nvfhmGfBVW2GA29MZK74peCoqrd9CIXFtKQ42OtR6FtWBe9lzO6Mr1GbH', 'Kx0/Ao/mH7AlIGkID1yNys2DcOicdunNPErnlDZkVUG8y3UBn24IyKOWTld+asTB', 'yLPQhDeei3UVvA++7BuqVU5kVKh3XtFMjwXt+Ia86vfN876n+TqpV77e8h0e97iD', 'fJdE6eT9hSSVsVa4jCSPNj/7hhToJubhWzC/tE7tuIrqKOQpAxCy6CeSR5KcFI+m', '9cHAT1c1AgMBAAECgf8E9ptt+3i7Cj8OWqiV+dt7J7fNr1ZlOigtm/ZrIz3Bkx/f', '9E/TCiQo0w24gyu0S+ichr0Jlk+5mQ8veKJ0Mg3g5ogOT20wki8Ls/QqWB5nIA7a', '1GSP7sc8Hw6qac9Ee8MvolP5yfHvQ7JpIJfld7S4zVq8cL3lULNmSiDG4pcYVQ24', 'bOGpL/NwxR3eaUr0SbsT2+1mFhdJcVBCWY5TEgJEK5iC14z/z3V/QIocjZ5ZHJTa', 'yxqjKkcxYdEJTaXWuMjawFf+TogabYB/S5I+qVehSWXhPbdLtDOT/Pi6lnOw8q9A', 'wEIaW75kuxK0mOxCvmwoeVr5rw4Hx+LRzwckUe0CgYEA29S2WkDHqcw0zBLGvwfv', 'DYu9D+X7q3Sl2dCf6nQDgGdgLyeV7SoM+ID20U2HsbkUK2cUi2x9Ze9MegZk9o88', '/0+zF0fqpbdhHEgCdf/GS5a/i0VFGe06njHQYg35XKGdiiLEDPFZRhrtf0UczYPg', 'KFuEsSz9E6oWbzlw1PE2z3cCgYEAxXb95A5IywraZ4/PYzrmwjWdxwj3DT4N0xgy', 'gxmvCddMKpkhYhoQqCF7elEDF8Z6zH302BIdo2akeUN+vkoALDq5SmZdDH523o2/', 'NER1EVcSrykXSUXysLdMAs9gQ02XWmJPkbrVwMAChYY60eQvZyfWxyoMaO0fKClT', '9ruNsbMCgYBCnBeNDWfyiU/OLjpOlAbZYegtsxApCbVfZJmwHusYszovz5zcOguo', 'GNuw2/8r2NrFs/xDquHsSzAvIVTiaNCgw/OOMFpnUEN6oE8ulgvtx4XOm3SuwHUs', 'jgeITpeqe8YSnyosicz1Mx+Xmsd5dmYrlF+GmA0vMjCODyejPlvPTQKBgHSnyHQ7', 'UBvLrJ1z4yQPPxZK0IwuKq2DFG26JNU4jiT1MUUVNBidp2t8ZFMtmvMnyZIXc1dW', '1HWdBNuy2SSX2SRICQEAGkZwS89M1EGPk82LsDkUwHIERczKbLhYRNld9GVsIO/J', '/c+iX5r8YrFu6eY6LfN5Tt2KAFccm0LvKFVrAoGBAMq5RYssnmZBJR3uGyGYWFe+', 'FoR0wkPYm47BybZSoxrUFjAkhgPpiCU1JZm34rKxYMjy7Nwzg7A5j6wPDBFlzW07', '5y7+I1qH3fu5x7p1EMYdBcVxpJ8YhFl/j6+VJeZ+4rBpeWmWHUqmAjqNENkB2KQH', '1eGU5juquN5cvxXQYm43']),
    ('rsa_pkcs1', '-----BEGIN RSA PRIVATE KEY-----', '-----END RSA PRIVATE KEY-----', ['MIICXQIBAAKBgQCqs0SqntmsJ3SXfELB6OQSj0XHAQiWZoqWQWgkIg1W5zRMomdO', 'PZ9Nfm9Mp4fsxWu71FKv2uM+NZsZcVx0S5I05E2NoPVZeJq6QDgld/MUx3447QS3', 'kW0vkAq55GN9/E1oSQJ68ZP2E0kaDRANjzeQ7ym2Gf0O2jkwX2a01jUVrwIDAQAB', 'AoGAbu/S0JAsJxX9T/YR7LPOhcFXN94UFqrNppkbdWAsCy53btadDNw/i71/1/GJ', 'BPfI7Gkw09kNloCALCjgTTRP77/uYLYqkThNhPjOYxSTpZ1lx9toNQ6oPoVZ/M48', 'nWLzDSkAnJAbrU8+kTxGYOmJ4N1W9ic518WP1uYXWLQdOgECQQDa8bCfvIAUmFPr', 'pKZfsNB6e+/2+yOGErppInCkH5Gg1i9OGW6Rc25IMjZbxwyUyWw6vKKVIlT0i4k1', 'DsXQnghXAkEAx5dKm/w4AMVyBl8DZ46oylgJGSNx3QQ2LRtvSMSGzmJaeGxheuiT', 'ddAbTw00PId4Iq8fdGjecdiQuPi7+9dmaQJBAIBuvpk1TjzGjpPwZdhENEdlZIKR', 'F2mSmt8JYOIl0ptyiRVbPcz81XhsXA7CWNL+xQo/lW++T++T2szQ+aFC0skCQQCl', '90gzLSfkfEq0wY0zL41rtIjcPn0QK9Bg8c830zPFqkNQn87vRTZZYRNUSMaHDp73', 'OGgPhKR0RoERTsQCRrsBAkASjX/wOBSXeNCf5yoy9cWyZC/ye4cmzSNpzLD0vfwc', 'veGpmVgpiOw6fik+DsmZFKSm1T6jDnfj+jVkCuNiD68w']),
    ('openssh', '-----BEGIN OPENSSH PRIVATE KEY-----', '-----END OPENSSH PRIVATE KEY-----', ['b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', 'QyNTUxOQAAACBrLR4jejkTD/6G5ad61qdpnAEXoH+DNre93wQI7QLMQgAAAIikHotKpB6L', 'SgAAAAtzc2gtZWQyNTUxOQAAACBrLR4jejkTD/6G5ad61qdpnAEXoH+DNre93wQI7QLMQg', 'AAAECp79h2MpVOvkwwIuZG7wxFC9Lr35k0N/0SSa4m5Wg0sWstHiN6ORMP/oblp3rWp2mc', 'ARegf4M2t73fBAjtAsxCAAAAAAECAwQF']),
]


# ----------------------------------------------------------------------------------------------
# positives: value generators
# ----------------------------------------------------------------------------------------------
def v_aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def v_aws_secret():
    return chars(B64, 40)


def base62_encode(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_gh_classic():
    body = chars(B62, 30)
    return "ghp_" + body + base62_encode(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_gh_fine():
    return "github_pat_11" + chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + chars(B62, 59)


def v_slack_bot():
    return "xoxb-%s-%s-%s" % (digits(R.randint(10, 12)), digits(13), chars(B62, 24))


def v_slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(10), digits(11), digits(13), hx(32))


def v_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + chars(B64U, 74) + "T3BlbkFJ" + chars(B64U, 74)
    if k == 1:
        return "sk-" + chars(B62, 20) + "T3BlbkFJ" + chars(B62, 20)
    return "sk-svcacct-" + chars(B64U, 74) + "T3BlbkFJ" + chars(B64U, 74)


def v_anthropic():
    return "sk-ant-api03-" + chars(B64U, 93) + "AA"


def v_jwt(aud=None):
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = rb(32)
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
        sig = rb(256)
    iat = epoch()
    pl = {"sub": uuid4(), "iss": pick(["https://auth.walletco.com.br", "https://id.walletco.app", "https://auth.walletco.mx"]),
          "aud": aud or pick(["wallet-ios", "wallet-android"]), "iat": iat, "exp": iat + pick([900, 3600]),
          "device_id": uuid4(True), "scope": pick(["wallet:read wallet:transfer", "profile pix:write", "cards:read"])}
    return b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64url(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64url(sig)


def v_password():
    k = R.randrange(3)
    if k == 0:
        return pick(["Carteira", "Saldo", "Hangang", "Saigon", "Tortuga", "Mango", "Nimbus", "Ipanema", "Bukchon", "Hoian"]) + pick("!#$%*_") + digits(R.randint(2, 4), "0123456789") + chars("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ", R.randint(2, 4))
    if k == 1:
        return chars(B62 + "!#%*_-+=?", R.randint(12, 18))
    return "-".join(pick(["vento", "luna", "cafe", "barco", "sol", "rio", "nube", "gato", "mar"]) for _ in range(3)) + str(R.randint(10, 99))


def v_url_pw():
    return chars(B62 + "-_.~", R.randint(14, 24))


FIRST = {"pt": ["mariana.souza", "joao.pedro.lima", "camila_ferreira", "rafael.oliveira", "beatriz.santos", "thiago.alves"],
         "es": ["lucia.fernandez", "diego.ramirez", "valentina.rojas", "andres.gomez", "sofia.herrera"],
         "ko": ["jiwoo.park", "minseo.kim", "hyunwoo.lee", "seoyeon.choi", "dohyun.jung"],
         "vi": ["nguyenthanhtung", "tran.thu.ha", "le.minh.quan", "pham.ngoc.anh", "vo.hoang.nam"],
         "en": ["emily.carter", "j.morales", "kbrooks", "ryan.oconnell", "tessa.nguyen"]}
DOMS = {"pt": ["gmail.com", "hotmail.com", "yahoo.com.br", "uol.com.br", "outlook.com"], "es": ["gmail.com", "hotmail.es", "outlook.com", "yahoo.com.mx"],
        "ko": ["naver.com", "daum.net", "gmail.com", "kakao.com"], "vi": ["gmail.com", "yahoo.com.vn", "outlook.com"],
        "en": ["gmail.com", "icloud.com", "outlook.com", "yahoo.com"]}


def v_email(lang=None):
    lang = lang or pick(list(FIRST))
    u = pick(FIRST[lang])
    if R.random() < 0.5:
        u += str(R.randint(1, 99))
    return u + "@" + pick(DOMS[lang])


def v_phone(country=None):
    c = country or pick(["br", "br", "kr", "vn", "es", "mx", "us"])
    d = lambda n: digits(n, "0123456789")
    if c == "br":
        ddd = pick(["11", "21", "31", "41", "51", "61", "71", "81", "85"])
        n1, n2 = "9" + digits(4, "6789"), d(4)
        return pick(["+55 %s %s-%s", "(%s) %s-%s", "+55 (%s) %s-%s"]) % (ddd, n1, n2)
    if c == "kr":
        a, b = digits(4, "2345789"), d(4)
        return pick(["010-%s-%s", "+82 10-%s-%s", "010 %s %s"]) % (a, b)
    if c == "vn":
        p = pick(["90", "91", "93", "94", "96", "97", "98", "32", "33", "35", "86", "88", "77", "70"])
        rest = d(7)
        return pick(["0%s%s %s %s" % (p, rest[0], rest[1:4], rest[4:]), "+84 %s%s %s %s" % (p, rest[0], rest[1:4], rest[4:]),
                     "0%s %s %s" % (p, rest[:3], rest[3:])])
    if c == "es":
        n = pick("67") + d(8)
        return pick(["+34 %s %s %s %s" % (n[:3], n[3:5], n[5:7], n[7:]), "%s %s %s" % (n[:3], n[3:6], n[6:])])
    if c == "mx":
        return "+52 %s %s %s" % (pick(["55", "33", "81"]), d(4), d(4))
    area = pick(["415", "646", "312", "305", "617", "206", "512"])
    ex = digits(3, "23456789")
    while ex == "555":
        ex = digits(3, "23456789")
    return pick(["(%s) %s-%s", "+1 %s %s %s", "%s-%s-%s"]) % (area, ex, d(4))


def v_card():
    brand = pick(["visa", "mc", "mc2", "amex", "elo", "hiper", "jcb", "disc"])
    pre = {"visa": "4" + digits(5, "0123456789"), "mc": "5" + pick("12345") + digits(4, "0123456789"), "mc2": str(R.randint(2221, 2720)) + digits(2, "0123456789"),
           "amex": pick(["34", "37"]) + digits(4, "0123456789"), "elo": pick(["636368", "504175", "451416"]), "hiper": "606282",
           "jcb": "35" + str(R.randint(28, 89)) + digits(2, "0123456789"), "disc": "6011" + digits(2, "0123456789")}[brand]
    ln = 15 if brand == "amex" else 16
    num = luhn_complete(pre + digits(ln - 1 - len(pre), "0123456789"))
    style = R.randrange(3)
    if style == 0:
        return num
    sep = " " if style == 1 else "-"
    if ln == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


def es_dc(ds):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    r = 11 - sum(int(a) * b for a, b in zip(ds, w)) % 11
    return {11: 0, 10: 1}.get(r, r)


def v_iban():
    cc = pick(["BR", "ES", "DE", "PT", "FR", "GB", "NL", "ES", "BR"])
    d = lambda n: digits(n, "0123456789")
    if cc == "BR":
        bban = d(8) + d(5) + d(10) + pick("CP") + "1"
    elif cc == "ES":
        bank, branch, acct = d(4), d(4), d(10)
        bban = bank + branch + "%d%d" % (es_dc("00" + bank + branch), es_dc(acct)) + acct
    elif cc == "DE":
        bban = d(8) + d(10)
    elif cc == "PT":
        b = d(4) + d(4) + d(11)
        bban = b + "%02d" % (98 - int(b + "00") % 97)
    elif cc == "FR":
        bank, br, acct = d(5), d(5), d(11)
        key = 97 - (89 * int(bank) + 15 * int(br) + 3 * int(acct)) % 97
        bban = bank + br + acct + "%02d" % key
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "MONZ", "REVO"]) + d(6) + d(8)
    else:
        bban = pick(["ABNA", "INGB", "RABO", "BUNQ"]) + d(10)
    iban = cc + iban_check(cc, bban) + bban
    assert iban_valid(iban)
    if R.random() < 0.5:
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


def v_ipv4():
    while True:
        ip = ipaddress.ip_address("%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)))
        if ip.is_global and not any(ip in ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "100.64.0.0/10")):
            return str(ip)

# ----------------------------------------------------------------------------------------------
# positives: templates (one secret each)
# ----------------------------------------------------------------------------------------------
T = {}
T["aws_access_key_id"] = [
    lambda v: "이 키 누구 거예요? CloudTrail에 dSYM 버킷 접근이 `%s` 로 찍혀 있어요" % v,
]
T["github_classic_pat"] = [
    lambda v: "```properties\n# ~/.gradle/gradle.properties (GitHub Packages do design system)\ngpr.user=walletco-ci\ngpr.key=%s\n```" % v,
    lambda v: "usa meu PAT por enquanto pro spec privado do CocoaPods: %s (expira sexta)" % v,
    lambda v: "DANGER_GITHUB_API_TOKEN=%s bundle exec danger pr https://github.com/walletco/wallet-ios/pull/%d" % (v, R.randint(1000, 4000)),
    lambda v: "토큰 새로 발급했어요 `%s` 로 CI 시크릿 업데이트 부탁드려요" % v,
    lambda v: "token của bot release: %s — nhớ xóa tin nhắn này sau khi copy" % v,
]
T["github_fine_grained_pat"] = [
    lambda v: "fine-grained token só com leitura no repo `certificates` do match: `%s`" % v,
    lambda v: "```yaml\nenv:\n  MATCH_GIT_TOKEN: %s\n```" % v,
    lambda v: "el token para el workflow de Play Console es %s, vence en 30 días" % v,
    lambda v: "git clone https://x-access-token:$TOKEN@github.com/walletco/android-shared.git — com TOKEN=%s" % v,
]
T["slack_bot_token"] = [
    lambda v: "```ruby\n# Fastfile\nslack_api(token: \"%s\", channel: \"#mobile-releases\")\n```" % v,
    lambda v: "token do bot de alertas do Crashlytics: `%s`, scopes chat:write e files:write" % v,
    lambda v: "```python\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#ios-crashes\", text=summary)\n```" % v,
    lambda v: "SLACK_BOT_TOKEN=%s" % v,
    lambda v: "릴리스 노트 봇 토큰: %s" % v,
]
T["slack_user_token"] = [
    lambda v: "pra exportar o histórico do #app-reviews usei meu token de usuário: %s" % v,
    lambda v: "xoxp for the review-export script, mine for now: `%s`" % v,
    lambda v: "token de usuario para el script de reacciones: %s" % v,
    lambda v: "user token cũ của mình là %s, đã revoke chưa nhỉ?" % v,
]
T["openai_api_key"] = [
    lambda v: "```\n# proxy/.env (insights de gastos)\nOPENAI_API_KEY=%s\nMODEL=gpt-4o-mini\n```" % v,
    lambda v: "achei isso hardcoded no `InsightsService.swift`: `let apiKey = \"%s\"` — precisa sair antes do review" % v,
    lambda v: "```kotlin\nbuildConfigField(\"String\", \"OPENAI_KEY\", \"\\\"%s\\\"\")\n```" % v,
    lambda v: "OpenAI 키 공유드려요 (스테이징 전용): %s" % v,
    lambda v: "key OpenAI để test phân loại giao dịch: %s" % v,
]
T["anthropic_api_key"] = [
    lambda v: "```\nANTHROPIC_API_KEY=%s\n```\npro classificador de reclamações das lojas" % v,
    lambda v: "curl https://api.anthropic.com/v1/messages -H \"x-api-key: %s\" -H \"anthropic-version: 2023-06-01\" ..." % v,
    lambda v: "clave de Anthropic para el resumen de reseñas: `%s`" % v,
    lambda v: "Anthropic 키: %s 리뷰 요약 배치에서 사용" % v,
    lambda v: "```python\nclient = anthropic.Anthropic(api_key=\"%s\")\n```" % v,
]
T["jwt"] = [
    lambda v: "Charles pegou isso no request que falha:\n```\nGET /v2/wallet/balance HTTP/2\nAuthorization: Bearer %s\nX-App-Version: %s\n```" % (v, semver()),
    lambda v: "```\n%s I/okhttp.OkHttpClient: Authorization: Bearer %s\n```" % (ts_iso(), v),
    lambda v: "magic link que o QA recebeu: `walletco://auth/callback?token=%s`" % v,
    lambda v: "repro: `curl -H 'Authorization: Bearer %s' https://api.walletco.com.br/v2/pix/keys`" % v,
    lambda v: "세션 토큰 만료가 이상해요 이거 디코딩해 보세요 %s" % v,
    lambda v: "token này hết hạn sớm hơn 15 phút: %s" % v,
    lambda v: "```swift\n// DEBUG only\nprint(\"session:\", \"%s\")\n```" % v,
]
T["password"] = [
    lambda v: "```properties\nstorePassword=%s\nkeyPassword=%s\nkeyAlias=upload\n```" % (v, v),
    lambda v: "conta demo pro App Review: usuário `review.demo` / senha `%s`" % v,
    lambda v: "MATCH_PASSWORD=%s" % v,
    lambda v: "테스트 계정 비밀번호: %s (스테이징)" % v,
    lambda v: "mật khẩu tài khoản test trên staging: %s" % v,
    lambda v: "```kotlin\ndb.execSQL(\"PRAGMA key = '%s'\")\n```\npassphrase do SQLCipher hardcoded, alguém abriu issue" % v,
    lambda v: "la contraseña del .p12 de push de producción es %s" % v,
    lambda v: "FASTLANE_PASSWORD='%s' bundle exec fastlane ios beta" % v,
]
T["url_credentials"] = [
    lambda v: "```groovy\nmaven { url \"https://ci-bot:%s@nexus.walletco.dev/repository/maven-releases/\" }\n```" % v,
    lambda v: "```ruby\nsource 'https://walletco-ci:%s@git.walletco.dev/ios/specs.git'\n```" % v,
    lambda v: "REDIS_URL=redis://default:%s@cache-mobile.walletco.internal:6379/0" % v,
    lambda v: "DATABASE_URL=postgres://push_svc:%s@push-db.walletco.internal:5432/push" % v,
    lambda v: "fila do notificador: `amqps://notifier:%s@mq.walletco.internal/fcm`" % v,
    lambda v: "eventos do app vão pra `mongodb+srv://analytics:%s@events.x7k2p.mongodb.net/app_events`" % v,
    lambda v: "MATCH_GIT_URL=https://match-bot:%s@github.com/walletco/certificates.git" % v,
    lambda v: "dSYM 업로드 경로: ftp://symbols:%s@ftp.walletco.dev/dsyms/" % v,
    lambda v: "upload do mapping: `curl -T mapping.txt https://upload:%s@artifacts.walletco.dev/android/mapping/`" % v,
]
T["email_address"] = [
    lambda v: "```\nCustom keys\n  user_email   %s\n  app_version  %s\n```\n(isso não devia estar no Crashlytics)" % (v, semver()),
    lambda v: "cliente %s diz que não recebe push do Pix desde a %s" % (v, semver()),
    lambda v: "테스트플라이트 초대 %s 로 보내주세요" % v,
    lambda v: "thêm %s vào nhóm tester trên Firebase App Distribution giúp mình" % v,
    lambda v: "el usuario %s dice que el deep link de restablecer contraseña abre la tienda" % v,
    lambda v: "```ruby\n# Appfile\napple_id(\"%s\")\nteam_id(\"ABCDE12345\")\n```" % v,
    lambda v: "```json\n{\"level\":\"warn\",\"msg\":\"login failed\",\"email\":\"%s\",\"attempt\":%d}\n```" % (v, R.randint(2, 6)),
]
T["phone_number"] = [
    lambda v: "SMS de OTP não chega pro %s, operadora %s" % (v, pick(["Vivo", "Claro", "TIM"])),
    lambda v: "usuário deixou o telefone na avaliação da Play: \"me liga %s, o app trava no saque\"" % v,
    lambda v: "본인인증 문자 안 온다는 문의, 번호 %s" % v,
    lambda v: "khách hàng %s báo không nhận được mã OTP" % v,
    lambda v: "el cliente pide que lo llamen al %s por el cargo duplicado" % v,
    lambda v: "```\nFirebaseAuth: verifyPhoneNumber(%s) -> QUOTA_EXCEEDED\n```" % v,
    lambda v: "the US tester's number for the SMS fallback is %s" % v,
]
T["credit_card"] = [
    lambda v: "breadcrumb do Crashlytics tá logando o PAN inteiro:\n```\nAddCardViewModel: onSubmit(pan=%s, exp=%02d/%d)\n```" % (v, R.randint(1, 12), R.randint(26, 31)),
    lambda v: "QA colou um cartão real no ticket, apaguem: %s" % v,
    lambda v: "review na App Store: \"cobraram duas vezes no cartão %s, quero estorno\"" % v,
    lambda v: "카드 등록 실패 로그에 카드번호가 그대로 있어요: %s" % v,
    lambda v: "log lỗi thêm thẻ vẫn in số thẻ đầy đủ: %s" % v,
    lambda v: "```json\n{\"request\":{\"body\":{\"card_number\":\"%s\",\"holder\":\"titular\"}}}\n```\nSentry pegou o body inteiro" % v,
    lambda v: "tarjeta del reclamo: %s, el cliente ya la bloqueó" % v,
]
T["iban"] = [
    lambda v: "saque falhou pra conta %s, erro `PAYOUT_REJECTED`" % v,
    lambda v: "```json\n{\"payout\":{\"iban\":\"%s\",\"amount\":\"%d.00\",\"currency\":\"EUR\"}}\n```" % (v, R.randint(20, 900)),
    lambda v: "el usuario pegó su IBAN %s y el validador dice que el checksum está mal" % v,
    lambda v: "IBAN do cliente pro estorno manual: %s" % v,
    lambda v: "Room migration 23→24 quebrou: o registro de `payout_account` tem iban=%s sem iban_last4" % v,
    lambda v: "IBAN này bị lỗi định dạng khi dán: %s" % v,
]
T["us_ssn"] = [
    lambda v: "US KYC debug log still prints it:\n```\nKycSubmit: ssn=%s dob=19%02d-%02d-%02d\n```" % (v, R.randint(50, 99), R.randint(1, 12), R.randint(1, 28)),
    lambda v: "ticket: customer says their SSN %s was rejected by the verification vendor" % v,
    lambda v: "el cliente en Texas mandó su SSN %s por el chat de soporte" % v,
    lambda v: "미국 KYC 테스트 실패 로그에 SSN %s 가 평문으로 있어요" % v,
    lambda v: "```json\n{\"step\":\"identity\",\"ssn\":\"%s\",\"status\":\"manual_review\"}\n```" % v,
    lambda v: "o SSN %s apareceu no breadcrumb do Crashlytics" % v,
]
T["ipv4_address"] = [
    lambda v: "Mac mini de CI novo está em %s, porta 22 liberada só pra VPN" % v,
    lambda v: "```\n%s - - [%02d/Apr/2025:%02d:%02d:%02d +0000] \"GET /.well-known/apple-app-site-association HTTP/2\" 200 %d\n```" % (v, R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(200, 900)),
    lambda v: "antifraude bloqueou o login vindo de %s (%s)" % (v, pick(["VPN", "datacenter", "Tor"])),
    lambda v: "X-Forwarded-For: %s — é o IP real do usuário que reportou o bug" % v,
    lambda v: "빌드 서버 IP %s 를 방화벽에 추가해 주세요" % v,
    lambda v: "IP của khách hàng bị chặn: %s" % v,
    lambda v: "el webhook de Play llega desde %s, hay que permitirlo en el WAF" % v,
    lambda v: "```json\n{\"client_ip\":\"%s\",\"event\":\"deeplink_open\",\"path\":\"/pay/r/%s\"}\n```" % (v, chars(B62, 8)),
]

VGEN = {"aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "github_classic_pat": v_gh_classic,
        "github_fine_grained_pat": v_gh_fine, "slack_bot_token": v_slack_bot, "slack_user_token": v_slack_user,
        "openai_api_key": v_openai, "anthropic_api_key": v_anthropic, "jwt": v_jwt, "password": v_password,
        "url_credentials": v_url_pw, "email_address": v_email, "phone_number": v_phone, "credit_card": v_card,
        "iban": v_iban, "us_ssn": v_ssn, "ipv4_address": v_ipv4}

# ----------------------------------------------------------------------------------------------
# positives: PEM layouts and multi-secret messages
# ----------------------------------------------------------------------------------------------
PEM_LAYOUT = {"apns_p8": [0, 2], "ec_pkcs8": [1], "ec_sec1": [0], "ed25519": [2, 0], "rsa_pkcs8": [1], "rsa_pkcs1": [0], "openssh": [3]}


def pem_text(idx, key):
    typ, begin, end, lines = key
    layouts = PEM_LAYOUT[typ]
    lay = layouts[sum(1 for k in KEYS[:idx] if k[0] == typ) % len(layouts)]
    if lay == 0:
        value = "\n".join(lines)
        intro = pick(["achei essa chave commitada no repo do fastlane, revoguem:", "this was in the ios-certs bucket, public read:",
                      "키 파일 내용이에요 (AuthKey):", "khóa này nằm trong repo build-scripts:"])
        text = "%s\n```\n%s\n%s\n%s\n```" % (intro, begin, value, end)
    elif lay == 1:
        value = "\\n".join(lines)
        pk = begin + "\\n" + value + "\\n" + end + "\\n"
        text = ("service account do Firebase Admin que o job de push usa:\n```json\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"walletco-prod\",\n  \"private_key_id\": \"%s\",\n  \"private_key\": \"%s\",\n  \"client_id\": \"%s\"\n}\n```"
                % (hx(40), pk, digits(21)))
    elif lay == 2:
        value = "\n    ".join(lines)
        text = ("```yaml\napns:\n  key_id: %s\n  team_id: ABCDE12345\n  p8: |\n    %s\n    %s\n    %s\n```" % (chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 10), begin, value, end))
    else:
        value = "\n".join(lines)
        text = "chave SSH do runner Mac de CI (usuário `ci`), pra quem precisa acessar:\n%s\n%s\n%s" % (begin, value, end)
    return text, value, "private_key_pem:%s:layout%d" % (typ, lay)


def m_aws(i):
    kid, sec = v_aws_id(), v_aws_secret()
    t = i % 4
    if t == 0:
        text = "```\n# ~/.aws/credentials do Mac de build (bucket de dSYMs)\n[dsym-upload]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (kid, sec)
    elif t == 1:
        text = "log do job de upload de symbols vazou as envs:\n```\n+ export AWS_ACCESS_KEY_ID=%s\n+ export AWS_SECRET_ACCESS_KEY=%s\n+ aws s3 cp WalletApp.app.dSYM.zip s3://walletco-symbols/ios/\n```" % (kid, sec)
    elif t == 2:
        text = "```ruby\naws_s3(\n  access_key: \"%s\",\n  secret_access_key: \"%s\",\n  bucket: \"walletco-builds\",\n  ipa: \"WalletApp.ipa\"\n)\n```" % (kid, sec)
    else:
        text = pick(["키 ID %s / 시크릿 %s — 빌드 아티팩트 버킷용", "key id %s, secret %s — dùng cho bucket artifact", "access key %s y secret %s para el bucket de builds"]) % (kid, sec)
    return text, [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], "multi:aws_pair:%d" % t


def m_email_phone(i):
    e, p = v_email(), v_phone()
    text = [
        "ticket #%d: cliente %s / %s não consegue cadastrar a chave Pix" % (R.randint(100000, 999999), e, p),
        "reseña en Play: \"escríbanme a %s o llámenme al %s, no puedo retirar mi saldo\"" % (e, p),
        "```\nKycProfile(email=%s, phone=%s, status=PENDING)\n```\nisso está no log de release, tem que mascarar" % (e, p),
    ][i % 3]
    return text, [("email_address", e), ("phone_number", p)], "multi:email_phone:%d" % (i % 3)


def m_email_iban(i):
    e, ib = v_email(pick(["pt", "es"])), v_iban()
    text = ["saque travado: %s, IBAN %s, valor R$ %d,00" % (e, ib, R.randint(50, 5000)),
            "```json\n{\"user\":\"%s\",\"payout_iban\":\"%s\",\"error\":\"BENEFICIARY_MISMATCH\"}\n```" % (e, ib)][i % 2]
    return text, [("email_address", e), ("iban", ib)], "multi:email_iban:%d" % (i % 2)


def m_ip_pw(i):
    ip, pw = v_ipv4(), v_password()
    text = ["Mac mini novo do CI: `ssh ci@%s`, senha `%s`" % (ip, pw),
            "빌드 머신 접속 정보: %s / 비밀번호 %s" % (ip, pw)][i % 2]
    return text, [("ipv4_address", ip), ("password", pw)], "multi:ip_password:%d" % (i % 2)


def m_slack(i):
    b, u = v_slack_bot(), v_slack_user()
    text = "pro script de release notes: bot `%s` pra postar e o meu user token `%s` pra ler o histórico" % (b, u)
    return text, [("slack_bot_token", b), ("slack_user_token", u)], "multi:slack_pair:0"


def m_card_phone(i):
    c, p = v_card(), v_phone("br")
    text = "cliente ligou de %s dizendo que o cartão %s foi cobrado duas vezes" % (p, c)
    return text, [("credit_card", c), ("phone_number", p)], "multi:card_phone:0"


def m_jwt_url(i):
    j, pw = v_jwt(), v_url_pw()
    text = ("repro do bug de sessão:\n```\nexport API=https://qa:%s@api-qa.walletco.dev\ncurl -H \"Authorization: Bearer %s\" $API/v2/me\n```" % (pw, j))
    return text, [("url_credentials", pw), ("jwt", j)], "multi:jwt_url:0"


def m_ssn_email(i):
    s, e = v_ssn(), v_email("en")
    text = "US beta tester %s sent their SSN %s in the TestFlight feedback, please delete it from ASC" % (e, s)
    return text, [("us_ssn", s), ("email_address", e)], "multi:ssn_email:0"


MULTI = [(m_aws, 9), (m_email_phone, 3), (m_email_iban, 2), (m_ip_pw, 2), (m_slack, 1), (m_card_phone, 1), (m_jwt_url, 1), (m_ssn_email, 1)]
TOTALS = {"aws_access_key_id": 10, "aws_secret_access_key": 9, "github_classic_pat": 9, "github_fine_grained_pat": 9,
          "slack_bot_token": 9, "slack_user_token": 9, "openai_api_key": 9, "anthropic_api_key": 9, "jwt": 10,
          "private_key_pem": 9, "password": 10, "url_credentials": 10, "email_address": 10, "phone_number": 10,
          "credit_card": 10, "iban": 9, "us_ssn": 9, "ipv4_address": 10}


def build_positives():
    out = []
    used = {k: 0 for k in TOTALS}
    for fn, n in MULTI:
        for i in range(n):
            text, secrets, ctx = fn(i)
            for k, _ in secrets:
                used[k] += 1
            out.append((text, secrets, ctx))
    for i, key in enumerate(KEYS):
        text, value, ctx = pem_text(i, key)
        out.append((text, [("private_key_pem", value)], ctx))
        used["private_key_pem"] += 1
    for kind in TOTALS:
        if kind == "private_key_pem":
            continue
        tpls = T.get(kind, [])
        for j in range(TOTALS[kind] - used[kind]):
            v = VGEN[kind]()
            t = j % len(tpls)
            out.append((tpls[t](v), [(kind, v)], "%s:t%d" % (kind, t)))
            used[kind] += 1
    assert used == TOTALS, used
    R.shuffle(out)
    recs = []
    for n, (text, secrets, ctx) in enumerate(out, 1):
        if R.random() < 0.05:
            text = pick(["urgente: ", "@channel ", "fyi "]) + text
        recs.append({"id": "h%dp-%04d" % (N, n), "text": text,
                     "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return recs


# ----------------------------------------------------------------------------------------------
# checks
# ----------------------------------------------------------------------------------------------
def b64url_json(seg):
    return json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))


def check_positive(kind, v):
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_valid(v), v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        ip = ipaddress.ip_address(v)
        assert ip.is_global and not any(ip in ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "100.64.0.0/10")), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        assert isinstance(b64url_json(h), dict) and isinstance(b64url_json(p), dict) and s
    elif kind == "private_key_pem":
        body = re.sub(r"\s|\\n", "", v)
        base64.b64decode(body, validate=True)
    elif kind == "github_classic_pat":
        assert v.startswith("ghp_") and len(v) == 40
        assert base62_encode(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:]
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert len(v) == 40
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108
    elif kind == "email_address":
        assert RX["email"].fullmatch(v)


def main():
    negs, redrawn = build_negatives()
    poss = build_positives()

    # negatives
    assert len(negs) == 600
    cats = {}
    for r in negs:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    assert all(c == 100 for c in cats.values()) and len(cats) == 6, cats
    assert len({r["text"] for r in negs}) == 600
    for r in negs:
        assert not scan(r["text"]), (r["id"], scan(r["text"]))
        assert 1 <= r["text"].count("\n") + 1 <= 40

    # positives
    assert len(poss) == 150
    kinds = {}
    nsec = {1: 0, 2: 0}
    for r in poss:
        nsec[len(r["secrets"])] += 1
        for s in r["secrets"]:
            assert s["value"] in r["text"], (r["id"], s)
            check_positive(s["kind"], s["value"])
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    assert nsec == {1: 130, 2: 20}, nsec
    assert kinds == TOTALS and sum(kinds.values()) == 170
    assert len({r["text"] for r in poss}) == 150

    for name, recs in (("negatives", negs), ("positives", poss)):
        with open(os.path.join(HERE, "redaction%d_%s.jsonl" % (N, name)), "w", encoding="utf-8") as f:
            for r in recs:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

    missed = [r["id"] for r in poss if not scan(r["text"])]
    lines = [len(r["text"].split("\n")) for r in negs]
    print("negatives: %d  per category %s" % (len(negs), cats))
    print("negatives redrawn by the scanner: %s" % redrawn)
    print("negative lines: min %d max %d single-line %d >=10 lines %d" % (min(lines), max(lines), lines.count(1), sum(1 for x in lines if x >= 10)))
    print("positives: %d texts, %d secrets, kinds %s" % (len(poss), sum(kinds.values()), kinds))
    print("positives the built-in scanner does not see: %s" % missed)


if __name__ == "__main__":
    main()
