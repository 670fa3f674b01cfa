#!/usr/bin/env python3
"""Blind redaction corpus #26 -- theme: an embedded / IoT firmware team's Slack.

Standard library only.  Deterministic: random.Random(2626).
Writes redaction26_negatives.jsonl and redaction26_positives.jsonl next to itself
and prints statistics (counts, languages, scanner report, SHA-256).
"""
import base64
import binascii
import collections
import hashlib
import ipaddress
import json
import os
import re
import struct
import zlib

import random

R = random.Random(2626)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 26

# --------------------------------------------------------------------------------------
# small random helpers
# --------------------------------------------------------------------------------------
LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = LOWER.upper()
DIGITS = "0123456789"
ALNUM = UPPER + LOWER + DIGITS
B62 = DIGITS + UPPER + LOWER
URLSAFE = ALNUM + "-_"
B64CH = ALNUM + "+/"


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def rhex(n, upper=False):
    s = "".join(R.choice("0123456789abcdef") for _ in range(n))
    return s.upper() if upper else s


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def pick(seq):
    return R.choice(seq)


def chance(p):
    return R.random() < p


def wrap(s, n):
    return [s[i:i + n] for i in range(0, len(s), n)]


def iso_ts(base=1717000000, span=40000000, ms=True):
    t = base + R.randint(0, span)
    y, mo, d, h, mi, se = _civil(t)
    s = "%04d-%02d-%02dT%02d:%02d:%02d" % (y, mo, d, h, mi, se)
    if ms:
        s += ".%03dZ" % R.randint(0, 999)
    else:
        s += "Z"
    return s


def _civil(t):
    days, rem = divmod(t, 86400)
    h, rem = divmod(rem, 3600)
    mi, se = divmod(rem, 60)
    # days since 1970-01-01 -> civil date (Howard Hinnant)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    mo = mp + 3 if mp < 10 else mp - 9
    if mo <= 2:
        y += 1
    return y, mo, d, h, mi, se


def date_str(base=1717000000, span=40000000):
    y, mo, d, *_ = _civil(base + R.randint(0, span))
    return "%04d-%02d-%02d" % (y, mo, d)


def hms():
    return "%02d:%02d:%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))


def luhn_ok(digits):
    s = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        s += d
    return s % 10 == 0


def luhn_complete(prefix_digits):
    for c in "0123456789":
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c
    raise AssertionError


def iban_ok(iban):
    s = iban.replace(" ", "")
    s = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in s)
    return int(num) % 97 == 1


def make_iban(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    chk = 98 - int(num) % 97
    return "%s%02d%s" % (cc, chk, bban)


# --------------------------------------------------------------------------------------
# theme vocabulary (no person names anywhere in negatives)
# --------------------------------------------------------------------------------------
CHIPS = ["STM32L476RG", "STM32H743ZI", "STM32WL55JC", "STM32U585AI", "nRF52840", "nRF9160", "nRF5340",
         "nRF9151", "ESP32-S3", "ESP32-C3", "ESP32-C6", "ESP32-WROOM-32E", "RP2040", "ATSAMD51J19A",
         "EFR32MG24", "LPC55S69", "MIMXRT1062", "CC1352P7", "SAML21J18B", "GD32VF103"]
BOARDS = ["sensor-node-v3", "gw-outdoor-r2", "tracker-mk4", "meter-bridge-b", "valve-ctl-r5", "hb-lite",
          "soilprobe-2", "door-sense-x", "asset-tag-c", "thermo-hub-7", "pump-guard", "lux-beacon"]
FW_NAMES = ["app", "zephyr", "firmware", "bootloader", "mcuboot", "merged", "tracker_app", "gw_main",
            "sensor_fw", "ncs_app", "idf_app"]
HOSTS_INT = ["fw-cdn.internal", "ota.lab.local", "artifacts.fw.internal", "hil-rig-03.lab.local",
             "build-07.ci.internal", "mqtt.staging.internal", "chirpstack.lab.local"]

LANGS = ["en", "de", "fr", "es", "pt", "it", "nl", "pl", "ja", "zh", "ko", "ru", "sv", "tr", "cs", "uk"]

LEADIN = {
    "en": ["fyi", "from the bench:", "see below", "heads up —", "quick one:"],
    "de": ["Zur Info:", "vom Teststand:", "kurz draufschauen?", "Nachtrag:"],
    "fr": ["Pour info :", "depuis le banc :", "petite question :"],
    "es": ["Para que conste:", "desde el banco de pruebas:", "ojo:"],
    "pt": ["Só pra registrar:", "da bancada:", "pergunta rápida:"],
    "it": ["Per info:", "dal banco prova:", "domanda veloce:"],
    "nl": ["Ter info:", "van de testopstelling:", "even checken:"],
    "pl": ["Dla info:", "ze stanowiska testowego:", "szybkie pytanie:"],
    "ja": ["メモ:", "ベンチからのログ:", "確認お願いします:"],
    "zh": ["供参考：", "测试台日志：", "请帮忙看一下："],
    "ko": ["참고:", "테스트 벤치 로그:", "확인 부탁드려요:"],
    "ru": ["К сведению:", "со стенда:", "вопрос:"],
    "sv": ["FYI:", "från testbänken:", "snabbfråga:"],
    "tr": ["Bilginize:", "test tezgahından:", "kısa soru:"],
    "cs": ["Pro info:", "z testovacího stolu:", "rychlý dotaz:"],
    "uk": ["До відома:", "зі стенду:", "питання:"],
}
TRAIL = {
    "en": ["(same on rev C boards)", "ignore the first line, that's the ROM banner", "will open a ticket"],
    "de": ["(gleiches Verhalten auf Rev C)", "erste Zeile ist nur der ROM-Banner"],
    "fr": ["(pareil sur les cartes rév. C)", "je crée un ticket"],
    "es": ["(igual en las placas rev C)", "abro un ticket"],
    "pt": ["(igual nas placas rev C)", "vou abrir um ticket"],
    "it": ["(stesso comportamento su rev C)", "apro un ticket"],
    "nl": ["(zelfde op rev C)", "ik maak een ticket aan"],
    "pl": ["(to samo na rev C)", "zakładam ticket"],
    "ja": ["（rev C 基板でも同じ）", "チケット切ります"],
    "zh": ["（rev C 板子上也一样）", "我去开个工单"],
    "ko": ["(rev C 보드에서도 동일)", "티켓 만들게요"],
    "ru": ["(на ревизии C то же самое)", "заведу тикет"],
    "sv": ["(samma på rev C)", "skapar ett ärende"],
    "tr": ["(rev C kartlarda da aynı)", "bilet açıyorum"],
    "cs": ["(na rev C totéž)", "založím ticket"],
    "uk": ["(на ревізії C те саме)", "заведу тікет"],
}
PHRASE = {
    "dump": {
        "en": "Dump of {x} from the bench unit:", "de": "Dump von {x} vom Testgerät:",
        "fr": "Dump de {x} depuis la carte de test :", "es": "Volcado de {x} desde la placa de pruebas:",
        "pt": "Dump de {x} da placa de teste:", "it": "Dump di {x} dalla scheda di test:",
        "nl": "Dump van {x} van het testbord:", "pl": "Zrzut {x} z płytki testowej:",
        "ja": "テスト基板の {x} のダンプです:", "zh": "测试板上 {x} 的转储：", "ko": "테스트 보드의 {x} 덤프입니다:",
        "ru": "Дамп {x} с тестовой платы:", "sv": "Dump av {x} från testkortet:", "tr": "Test kartından {x} dökümü:",
        "cs": "Výpis {x} z testovací desky:", "uk": "Дамп {x} з тестової плати:"},
    "failed": {
        "en": "{x} fails again after the last build, log below", "de": "{x} schlägt nach dem letzten Build wieder fehl, Log unten",
        "fr": "{x} échoue encore après le dernier build, log ci-dessous", "es": "{x} vuelve a fallar tras el último build, log abajo",
        "pt": "{x} voltou a falhar depois do último build, log abaixo", "it": "{x} fallisce di nuovo dopo l'ultima build, log sotto",
        "nl": "{x} faalt weer na de laatste build, log hieronder", "pl": "{x} znowu się wywala po ostatnim buildzie, log poniżej",
        "ja": "前回のビルド以降また {x} が失敗します。ログは以下", "zh": "上次构建后 {x} 又失败了，日志如下",
        "ko": "지난 빌드 이후 {x} 가 다시 실패합니다. 로그는 아래", "ru": "{x} снова падает после последней сборки, лог ниже",
        "sv": "{x} fallerar igen efter senaste bygget, logg nedan", "tr": "Son derlemeden sonra {x} yine başarısız, log aşağıda",
        "cs": "{x} po posledním buildu zase padá, log níže", "uk": "{x} знову падає після останньої збірки, лог нижче"},
    "check": {
        "en": "can someone sanity-check {x}?", "de": "kann jemand {x} gegenchecken?", "fr": "quelqu'un peut vérifier {x} ?",
        "es": "¿alguien puede revisar {x}?", "pt": "alguém consegue conferir {x}?", "it": "qualcuno può controllare {x}?",
        "nl": "kan iemand {x} even nakijken?", "pl": "ktoś może rzucić okiem na {x}?", "ja": "{x} を誰か確認してもらえますか？",
        "zh": "有人能帮忙核对一下 {x} 吗？", "ko": "{x} 누가 확인해 줄 수 있나요?", "ru": "кто-нибудь может проверить {x}?",
        "sv": "kan någon dubbelkolla {x}?", "tr": "{x} kontrol edebilecek var mı?", "cs": "může někdo zkontrolovat {x}?",
        "uk": "хтось може перевірити {x}?"},
    "ok": {
        "en": "{x} matches what CI produced 👍", "de": "{x} stimmt mit dem CI-Artefakt überein 👍",
        "fr": "{x} correspond à ce que la CI a produit 👍", "es": "{x} coincide con lo que generó la CI 👍",
        "pt": "{x} bate com o que a CI gerou 👍", "it": "{x} corrisponde a quanto prodotto dalla CI 👍",
        "nl": "{x} komt overeen met wat CI heeft gebouwd 👍", "pl": "{x} zgadza się z tym, co zbudowało CI 👍",
        "ja": "{x} は CI の成果物と一致しました 👍", "zh": "{x} 与 CI 产物一致 👍", "ko": "{x} 는 CI 산출물과 일치합니다 👍",
        "ru": "{x} совпадает с тем, что собрал CI 👍", "sv": "{x} stämmer med det CI byggde 👍",
        "tr": "{x} CI çıktısıyla eşleşiyor 👍", "cs": "{x} odpovídá tomu, co vytvořilo CI 👍",
        "uk": "{x} збігається з тим, що зібрав CI 👍"},
}


def say(key, lang, x):
    return PHRASE[key][lang].format(x=x)


def lang_any():
    return pick(LANGS)


def lang_mostly_en():
    return "en" if chance(0.35) else pick(LANGS)


def chip():
    return pick(CHIPS)


def board():
    return pick(BOARDS)


def semver():
    return "%d.%d.%d" % (R.randint(0, 4), R.randint(0, 19), R.randint(0, 30))


def eui64(prefix="70B3D57ED0"):
    return (prefix + rhex(16 - len(prefix), True))[:16]


def mac(oui=None, sep=":"):
    oui = oui or pick(["24:0a:c4", "30:ae:a4", "84:f7:03", "e8:31:cd", "dc:a6:32", "f4:12:fa", "c0:49:ef", "b8:27:eb"])
    return (oui + ":" + ":".join(rhex(2) for _ in range(3))).replace(":", sep)


def uuid4():
    h = rhex(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def git_sha(n=40):
    return rhex(n)


def private_ip():
    k = R.randint(0, 3)
    if k == 0:
        return "192.168.%d.%d" % (pick([0, 1, 4, 7, 10, 50, 88]), R.randint(2, 250))
    if k == 1:
        return "10.%d.%d.%d" % (R.randint(0, 60), R.randint(0, 255), R.randint(2, 250))
    if k == 2:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(2, 250))
    return "192.0.2.%d" % R.randint(1, 254)


def public_ip():
    while True:
        ip = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        a = ipaddress.ip_address(ip)
        if a.is_global and not a.is_multicast and not a.is_reserved and not ip.startswith("100."):
            return ip


def hexdump_lines(data, base=0, style="xxd"):
    out = []
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        if style == "xxd":
            hx = " ".join(chunk[i:i + 2].hex() for i in range(0, len(chunk), 2))
            out.append("%08x: %-39s  %s" % (base + off, hx, asc))
        else:
            h1 = " ".join("%02x" % c for c in chunk[:8])
            h2 = " ".join("%02x" % c for c in chunk[8:])
            out.append("%08x  %-23s  %-23s  |%s|" % (base + off, h1, h2, asc))
    return out


# --------------------------------------------------------------------------------------
# real-ish binary formats for data: URIs
# --------------------------------------------------------------------------------------
def _png_chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def png_bytes(w=None, h=None):
    w = w or R.randint(6, 22)
    h = h or R.randint(6, 22)
    cols = [bytes([R.randint(0, 255) for _ in range(3)]) for _ in range(R.randint(2, 4))]
    rows = []
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            row += cols[(x * 3 + y * 5 + (x * y) % 7 + R.randint(0, 1)) % len(cols)]
        rows.append(row)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr) + _png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + _png_chunk(b"IEND", b""))


def jpeg_bytes(extra=None):
    extra = extra or R.randint(90, 260)
    soi = b"\xff\xd8"
    app0 = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dqt = b"\xff\xdb\x00\x43\x00" + bytes(sorted(R.randint(2, 60) for _ in range(64)))
    w, h = pick([(160, 120), (320, 240), (96, 96), (640, 480)])
    sof = b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", h, w) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    sos = b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00"
    body = bytes(c if c != 0xFF else 0xFE for c in rbytes(extra))
    return soi + app0 + dqt + sof + sos + body + b"\xff\xd9"


def gif_bytes():
    c1 = bytes([R.randint(0, 255) for _ in range(3)])
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c1 + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def bmp_bytes(w=8, h=8):
    row = b"".join(bytes([R.randint(0, 255) for _ in range(3)]) for _ in range(w))
    row += b"\x00" * ((4 - len(row) % 4) % 4)
    pix = row * h
    hdr = b"BM" + struct.pack("<IHHI", 54 + len(pix), 0, 0, 54)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    return hdr + dib + pix


def woff2_bytes(n=None):
    n = n or R.randint(80, 180)
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", 48 + n) + struct.pack(">HH", R.randint(9, 16), 0) + rbytes(n)


def wav_bytes(n=None):
    n = n or R.randint(60, 160)
    data = bytes(128 + int(90 * ((i % 16) - 8) / 8) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", n) + data


def pdf_bytes():
    return ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/MediaBox[0 0 595 842]/Parent 2 0 R>>endobj\n%% test report %s\ntrailer<</Root 1 0 R>>\n%%%%EOF\n"
            % rhex(8)).encode()


def ico_bytes():
    p = png_bytes(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def svg_text():
    col = "#%s" % rhex(6)
    shape = pick([
        '<circle cx="8" cy="8" r="6" fill="%s"/>' % col,
        '<path d="M2 8h12M8 2v12" stroke="%s" stroke-width="2"/>' % col,
        '<rect x="2" y="4" width="12" height="8" rx="2" fill="%s"/>' % col,
        '<path d="M3 13L8 3l5 10z" fill="%s"/>' % col,
    ])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">%s</svg>' % shape


def trunc(s, n):
    if len(s) <= n:
        return s
    return s[:n] + pick(["…", "...", "…[%d more chars]" % (len(s) - n), "..(truncated)"])


# --------------------------------------------------------------------------------------
# DER / PEM helpers (used for public keys in negatives and private keys in positives)
# --------------------------------------------------------------------------------------
def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


OID_ECPUB = bytes.fromhex("06072a8648ce3d0201")
OID_P256 = bytes.fromhex("06082a8648ce3d030107")


def ec_pub_spki():
    return der(0x30, der(0x30, OID_ECPUB + OID_P256) + der(0x03, b"\x00\x04" + rbytes(64)))


def ec_sec1_priv():
    return der(0x30, der_int(b"\x01") + der(0x04, rbytes(32)) + der(0xA0, OID_P256) + der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))


def ec_pkcs8_priv():
    inner = der(0x30, der_int(b"\x01") + der(0x04, rbytes(32)) + der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))
    return der(0x30, der_int(b"\x00") + der(0x30, OID_ECPUB + OID_P256) + der(0x04, inner))


def ed25519_pkcs8_priv():
    return bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)


def rsa_pkcs1_priv(bits=2048):
    nb = bits // 8
    def big(n):
        x = bytearray(rbytes(n))
        x[0] |= 0x80
        return bytes(x)
    parts = [der_int(b"\x00"), der_int(big(nb)), der_int(b"\x01\x00\x01"), der_int(big(nb)),
             der_int(big(nb // 2)), der_int(big(nb // 2)), der_int(big(nb // 2)), der_int(big(nb // 2)), der_int(big(nb // 2))]
    return der(0x30, b"".join(parts))


def openssh_ed25519_priv(comment):
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(comment.encode())
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    return (b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1)
            + sstr(pubblob) + sstr(priv))


def pem_lines(der_bytes, width=64):
    return wrap(b64(der_bytes), width)


def cert_der():
    # structurally plausible X.509 skeleton: SEQUENCE{ tbs, algo, sig } with random inner bytes
    tbs = der(0x30, der(0xA0, der_int(b"\x02")) + der_int(rbytes(16)) + der(0x30, bytes.fromhex("06082a8648ce3d040302"))
              + rbytes(R.randint(150, 230)) + ec_pub_spki())
    return der(0x30, tbs + der(0x30, bytes.fromhex("06082a8648ce3d040302")) + der(0x03, b"\x00" + der(0x30, der_int(rbytes(32)) + der_int(rbytes(32)))))


# --------------------------------------------------------------------------------------
# scanner: anything here in a negative forces a redraw (except allow-listed version strings)
# --------------------------------------------------------------------------------------
ALLOWED_VERSION_IPS = set()   # 4-part version strings that happen to be public-IPv4 shaped (deliberate)
PLACEHOLDER_PW = {"guest", "admin", "password", "changeme", "pass", "raspberry", "public", "root", "secret"}
ALLOWED_AWS_DOC = {"AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE"}

RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_TOKENS = [
    ("github_classic", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}")),
    ("github_fine", re.compile(r"github_pat_[A-Za-z0-9_]{20,}")),
    ("slack", re.compile(r"xox[abposr]-\d+-[A-Za-z0-9-]+")),
    ("sk_key", re.compile(r"sk-(?:ant-|proj-|svcacct-)?[A-Za-z0-9_-]{20,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")),
    ("aws_id", re.compile(r"(?:AKIA|ASIA|AROA|AIDA)[A-Z2-7]{16}")),
    ("url_userinfo", re.compile(r"[a-z][a-z0-9+.-]*://[^\s/:@<>${}]+:[^\s/@<>${}*]{3,}@")),
]
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_DIGITRUN = re.compile(r"(?<![\dA-Za-z])\d(?:[ -]?\d){12,}(?![\dA-Za-z])")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}\b")
RE_PEM_PRIV = re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----\s*\n(.*?)-----END", re.S)
RE_IPV4 = re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d]|\.\d)")
RE_PHONE = re.compile(r"(?<![\w+])\+\d{1,3}[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,4}){2,4}(?!\d)")


def scan(text):
    hits = []
    for m in RE_EMAIL.finditer(text):
        hits.append(("email", m.group()))
    for name, rx in RE_TOKENS:
        for m in rx.finditer(text):
            v = m.group()
            if name == "aws_id" and v in ALLOWED_AWS_DOC:
                continue
            if name == "url_userinfo" and v.split("://", 1)[1].rstrip("@").split(":", 1)[1] in PLACEHOLDER_PW:
                continue
            hits.append((name, v))
    for m in RE_SSN.finditer(text):
        hits.append(("ssn", m.group()))
    for m in RE_DIGITRUN.finditer(text):
        run = m.group()
        groups = re.split(r"[ -]", run)
        digits = "".join(groups)
        cands = set()
        if 13 <= len(digits) <= 19:
            cands.add(digits)
        # group-aligned windows inside longer grouped runs
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if 13 <= len(acc) <= 19:
                    cands.add(acc)
        for c in cands:
            if luhn_ok(c):
                hits.append(("luhn", c))
    for m in RE_IBAN.finditer(text):
        v = m.group()
        if len(v.replace(" ", "")) >= 15:
            try:
                if iban_ok(v):
                    hits.append(("iban", v))
            except ValueError:
                pass
    for m in RE_PEM_PRIV.finditer(text):
        body = re.sub(r"\s", "", m.group(2))
        if re.fullmatch(r"[A-Za-z0-9+/=]{40,}", body):
            hits.append(("pem_private", body[:20]))
    for m in RE_IPV4.finditer(text):
        ip = m.group()
        try:
            a = ipaddress.ip_address(ip)
        except ValueError:
            continue
        if a.is_global and ip not in ALLOWED_VERSION_IPS:
            hits.append(("public_ipv4", ip))
    for m in RE_PHONE.finditer(text):
        hits.append(("phone", m.group()))
    return hits


def is_public_ipv4(ip):
    a = ipaddress.ip_address(ip)
    return a.is_global and not a.is_multicast and not a.is_reserved


# --------------------------------------------------------------------------------------
# NEGATIVE templates.  Each returns (text, lang).  No secrets, no personal data.
# --------------------------------------------------------------------------------------
NEG = collections.defaultdict(list)


def neg(cat):
    def deco(fn):
        NEG[cat].append(fn)
        return fn
    return deco


def fence(body, lang_tag=""):
    return "```%s\n%s\n```" % (lang_tag, body)


# ---------------------------------------------------------------- non_credential_blob
@neg("non_credential_blob")
def nb_xxd():
    lang = lang_any()
    fw = pick(FW_NAMES)
    off = pick([0x0, 0x1000, 0x8000, 0x10000, 0x20000, 0xC000])
    n = R.randint(3, 20) * 16
    hdr = pick([b"\xe9\x03\x02\x20", b"\x3d\xb8\xf3\x96", b"\x00\x00\x04\x20", b"\xe9\x05\x02\x2f"])
    data = hdr + rbytes(n - 4)
    lines = hexdump_lines(data, off, "xxd")
    cmd = "$ xxd -s 0x%x -l %d build/%s.bin" % (off, n, fw)
    return say("dump", lang, "`%s.bin` @0x%x" % (fw, off)) + "\n" + fence(cmd + "\n" + "\n".join(lines)), lang


@neg("non_credential_blob")
def nb_hexdump_eeprom():
    lang = lang_any()
    n = R.randint(2, 24) * 16
    data = bytes([0xA5, 0x5A, R.randint(1, 9), 0x00]) + rbytes(n - 4)
    lines = hexdump_lines(data, 0, "C")
    lines.append("%08x" % n)
    return say("dump", lang, "EEPROM (%s, 24LC%s)" % (board(), pick(["02", "64", "256", "512"]))) + "\n" + fence("\n".join(lines)), lang


@neg("non_credential_blob")
def nb_imgtool():
    lang = lang_any()
    ver = semver() + "+%d" % R.randint(0, 400)
    h = rhex(64)
    kh = rhex(64)
    sig = rhex(142 if chance(0.5) else 128)
    body = """$ imgtool dumpinfo build/zephyr/zephyr.signed.bin
Printing content of signed image: zephyr.signed.bin

#### Image header (offset: 0x0) ###########################
magic:              0x96f3b83d
load_addr:          0x0
hdr_size:           0x200
protected_tlv_size: 0x0
img_size:           0x%x
flags:              0x0
version:            %s
#### TLV area (offset: 0x%x) ##############################
magic:     0x6907
area size: 0x%x
        ---------------------------------------------
        type: SHA256 (0x10)
        len:  0x20
        data: %s
        ---------------------------------------------
        type: KEYHASH (0x1)
        len:  0x20
        data: %s
        ---------------------------------------------
        type: ECDSASIG (0x22)
        len:  0x%x
        data: %s""" % (R.randint(0x20000, 0x70000), ver, R.randint(0x20000, 0x70000), R.randint(0x80, 0xb0),
                       " ".join(wrap(h, 2)[:16]) + "\n              " + " ".join(wrap(h, 2)[16:]),
                       " ".join(wrap(kh, 2)[:16]) + "\n              " + " ".join(wrap(kh, 2)[16:]),
                       len(sig) // 2, "\n              ".join(" ".join(wrap(c, 2)) for c in wrap(sig, 32)))
    return say("check", lang, "the signed image TLVs") + "\n" + fence(body), lang


@neg("non_credential_blob")
def nb_ota_manifest():
    lang = lang_any()
    ver = semver()
    size = R.randint(180000, 1900000)
    m = collections.OrderedDict()
    m["schema"] = 2
    m["product"] = board()
    m["hw_rev"] = pick(["C", "D", "E1", "r2"])
    m["version"] = ver
    m["min_bootloader"] = semver()
    m["url"] = "https://%s/%s/%s/%s.bin" % (pick(HOSTS_INT), m["product"], ver, pick(FW_NAMES))
    m["size"] = size
    m["sha256"] = rhex(64)
    m["signature_alg"] = pick(["ecdsa-p256-sha256", "ed25519"])
    m["signature"] = b64(rbytes(64 if m["signature_alg"] == "ed25519" else R.choice([70, 71, 72])))
    m["signing_key_id"] = rhex(16)
    if chance(0.5):
        m["delta_from"] = semver()
        m["delta_sha256"] = rhex(64)
    txt = json.dumps(m, indent=2, ensure_ascii=False)
    return say("ok", lang, "OTA manifest %s" % ver) + "\n" + fence(txt, "json"), lang


@neg("non_credential_blob")
def nb_esptool():
    lang = lang_any()
    c = pick(["ESP32-S3 (QFN56) (revision v0.2)", "ESP32-C3 (QFN32) (revision v0.4)", "ESP32-D0WD-V3 (revision v3.1)",
              "ESP32-C6 (QFN40) (revision v0.0)"])
    port = pick(["/dev/ttyUSB0", "/dev/ttyACM0", "COM7", "/dev/cu.usbserial-0001"])
    lines = ["esptool.py v4.%d.%d" % (R.randint(5, 8), R.randint(0, 3)), "Serial port %s" % port, "Connecting....",
             "Chip is %s" % c, "Features: WiFi, BLE, Embedded Flash 8MB (GD)", "Crystal is 40MHz",
             "MAC: %s" % mac(), "Uploading stub...", "Running stub...", "Stub running...",
             "Changing baud rate to 460800", "Changed.", "Configuring flash size..."]
    for off, name in [(0x0, "bootloader.bin"), (0x8000, "partition-table.bin"), (0x10000, "%s.bin" % pick(FW_NAMES))]:
        sz = R.randint(3000, 1400000) if off == 0x10000 else (3072 if off == 0x8000 else R.randint(18000, 26000))
        comp = int(sz * R.uniform(0.45, 0.7))
        lines.append("Flash will be erased from 0x%08x to 0x%08x..." % (off, off + ((sz + 4095) // 4096) * 4096 - 1))
        lines.append("Compressed %d bytes to %d..." % (sz, comp))
        lines.append("Wrote %d bytes (%d compressed) at 0x%08x in %.1f seconds (effective %.1f kbit/s)..." % (
            sz, comp, off, sz / 90000, R.uniform(400, 1200)))
        lines.append("Hash of data verified.")
    lines += ["", "Leaving...", "Hard resetting via RTS pin..."]
    return fence("\n".join(lines)), lang


@neg("non_credential_blob")
def nb_openocd():
    lang = lang_any()
    idc = pick(["0x4ba00477", "0x6ba00477", "0x2ba01477", "0x0bc11477", "0x6ba02477"])
    uid = ["0x%08X" % R.getrandbits(32) for _ in range(3)]
    lines = ["Open On-Chip Debugger 0.12.0+dev-%05d-g%s (%s-12:00)" % (R.randint(1000, 2000), rhex(9), date_str()),
             "Info : clock speed 2000 kHz",
             "Info : STLINK V3J%dM%d (API v3) VID:PID 0483:374E" % (R.randint(7, 13), R.randint(2, 5)),
             "Info : Target voltage: 3.28%d" % R.randint(0, 9),
             "Info : [stm32l4x.cpu] Cortex-M4 r0p1 processor detected",
             "Info : SWD DPIDR %s" % idc,
             "Info : [stm32l4x.cpu] target has 6 breakpoints, 4 watchpoints",
             "Info : device idcode = 0x%08x (STM32L47/L48xx - Rev %s : 0x%04x)" % (0x10076415, pick("ABC34"), R.randint(0x1000, 0x4000)),
             "Info : flash size = 1024 KiB",
             "Info : flash mode : dual-bank",
             "> mdw 0x1FFF7590 3",
             "0x1fff7590: %s %s %s" % tuple(u.lower()[2:] for u in uid),
             "> flash verify_image build/%s.elf" % pick(FW_NAMES),
             "verified %d bytes in %.6fs (%.3f KiB/s)" % (R.randint(100000, 600000), R.uniform(1, 6), R.uniform(60, 180))]
    return say("dump", lang, "OpenOCD session") + "\n" + fence("\n".join(lines)), lang


@neg("non_credential_blob")
def nb_nrfjprog():
    lang = lang_any()
    did = rhex(16, True)
    addr = rhex(12, True)
    lines = ["$ nrfjprog --memrd 0x10000060 --n 8 --w 32",
             "0x10000060: %s %s                     |%s|" % (did[:8], did[8:], "." * 8),
             "$ nrfjprog --memrd 0x100000A4 --n 8 --w 32",
             "0x100000A4: %s %s                     |%s|" % (addr[:8], "FFFF" + addr[8:], "." * 8),
             "$ nrfjprog --readregs",
             ]
    for r in ["R0", "R1", "R2", "R3", "R12", "SP", "LR", "PC", "xPSR"]:
        lines.append("%-5s 0x%08X" % (r + ":", R.getrandbits(32) if r not in ("SP", "PC") else (0x2003F000 + R.randint(0, 0xfff) if r == "SP" else 0x0002A000 + R.randint(0, 0xffff))))
    return fence("\n".join(lines)) + "\n" + say("check", lang, "FICR DEVICEID vs. sticker"), lang


@neg("non_credential_blob")
def nb_mcumgr():
    lang = lang_any()
    out = ["$ mcumgr --conn acm0 image list", "Images:"]
    for slot in (0, 1):
        flags = "active confirmed" if slot == 0 else pick(["pending", "", "permanent"])
        out += [" image=0 slot=%d" % slot, "    version: %s" % semver(), "    bootable: true",
                "    flags: %s" % flags, "    hash: %s" % rhex(64)]
    out.append("Split status: N/A (0)")
    return fence("\n".join(out)), lang


@neg("non_credential_blob")
def nb_candump():
    lang = lang_any()
    base_t = R.randint(1700000000, 1740000000)
    ids = [pick(["18FEF100", "0CF00400", "18FEEE00", "18FEF200", "0CFE6CEE", "18FF0117"]) for _ in range(4)] + [
        "%03X" % R.randint(0x100, 0x7FF) for _ in range(3)]
    lines = []
    for i in range(R.randint(6, 30)):
        cid = pick(ids)
        dl = 8 if len(cid) == 8 else R.randint(2, 8)
        data = "".join("%02X" % R.getrandbits(8) for _ in range(dl))
        fmt = R.randint(0, 1) if i == 0 else fmt
        if fmt == 0:
            lines.append("(%d.%06d) can0 %s#%s" % (base_t, R.randint(0, 999999), cid, data))
        else:
            lines.append("  can0  %s   [%d]  %s" % (cid, dl, " ".join(wrap(data, 2))))
        base_t += R.randint(0, 1)
    return say("dump", lang, "CAN log (%s)" % pick(["J1939 bus", "can0 @ 250k", "vcan0 replay"])) + "\n" + fence("\n".join(lines)), lang


@neg("non_credential_blob")
def nb_decode_raw():
    lang = lang_any()
    def esc(b):
        return "".join("\\%03o" % c if (c < 32 or c > 126 or chr(c) in '"\\') else chr(c) for c in b)
    lines = ["$ protoc --decode_raw < uplink_%d.pb" % R.randint(1, 999),
             "1: %d" % R.randint(1700000000, 1740000000), "2: \"%s\"" % eui64(), "3 {",
             "  1: %d" % R.randint(1, 65535), "  2: 0x%08x" % R.getrandbits(32), "  3: \"%s\"" % esc(rbytes(R.randint(8, 24))),
             "}", "4: %d" % (R.randint(-130, -40) % 2**64), "5: \"%s\"" % esc(rbytes(R.randint(12, 40))),
             "6 {", "  1: \"%s\"" % rhex(40), "  2: %d" % R.randint(0, 3), "}"]
    return say("check", lang, "this uplink protobuf") + "\n" + fence("\n".join(lines)), lang


@neg("non_credential_blob")
def nb_cert_pem():
    lang = lang_any()
    body = "\n".join(pem_lines(cert_der()))
    fp = ":".join(wrap(rhex(64, True), 2))
    cn = pick(["acme-fleet-device-ca", "factory-intermediate-g2", "ota-signing-root", "dev-%s" % eui64()])
    txt = ("device cert chain from %s (public, it's what the device presents in the TLS handshake):\n```\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----\n```\n"
           "subject CN=%s\nSHA256 Fingerprint=%s") % (board(), body, cn, fp)
    return txt, "en"


@neg("non_credential_blob")
def nb_pubkey_pem():
    lang = lang_any()
    body = "\n".join(pem_lines(ec_pub_spki()))
    return (say("check", lang, "the OTA verification public key baked into mcuboot") + "\n"
            + fence("$ imgtool getpub -k root-ec-p256.pem --encoding pem\n-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % body)), lang


@neg("non_credential_blob")
def nb_pubkey_c_array():
    lang = lang_any()
    spki = ec_pub_spki()
    key = spki[-65:]
    rows = []
    for i in range(0, len(key), 12):
        rows.append("    " + ", ".join("0x%02x" % c for c in key[i:i + 12]) + ",")
    body = "/* Autogenerated by imgtool. Public key, safe to commit. */\nconst unsigned char ecdsa_pub_key[] = {\n%s\n};\nconst unsigned int ecdsa_pub_key_len = %d;" % ("\n".join(rows), len(key))
    return fence(body, "c"), lang


@neg("non_credential_blob")
def nb_mqtt_chunk():
    lang = lang_any()
    dev = eui64()
    seq = R.randint(0, 600)
    lines = []
    ts0 = iso_ts()[:19]
    for i in range(R.randint(1, 5)):
        payload = rbytes(R.choice([48, 96, 120, 180]))
        lines.append("%s.%03dZ fw/ota/%s/chunk %s" % (ts0, i * 120 + R.randint(0, 99), dev.lower(), json.dumps({
            "seq": seq + i, "off": (seq + i) * 1024, "len": len(payload), "data": b64(payload),
            "crc32": "0x%08x" % (zlib.crc32(payload) & 0xFFFFFFFF)})))
    return say("dump", lang, "MQTT OTA chunks") + "\n" + fence("\n".join(lines)), lang


@neg("non_credential_blob")
def nb_build_id():
    lang = lang_any()
    fw = pick(FW_NAMES)
    t, d, b = R.randint(90000, 700000), R.randint(500, 8000), R.randint(8000, 120000)
    body = """$ arm-none-eabi-readelf -n build/%s.elf

Displaying notes found in: .note.gnu.build-id
  Owner                Data size 	Description
  GNU                  0x00000014	NT_GNU_BUILD_ID (unique build ID bitstring)
    Build ID: %s
$ arm-none-eabi-size build/%s.elf
   text	   data	    bss	    dec	    hex	filename
 %6d	  %5d	  %5d	 %6d	  %x	build/%s.elf""" % (fw, rhex(40), fw, t, d, b, t + d + b, t + d + b, fw)
    return fence(body), lang


@neg("non_credential_blob")
def nb_git():
    lang = lang_any()
    lines = []
    for _ in range(R.randint(3, 12)):
        lines.append("%s %s" % (rhex(pick([7, 9, 12])), pick([
            "drivers: sx126x: fix busy-wait on DIO1", "ota: verify slot1 hash before swap", "boards: add hb-lite rev D",
            "lorawan: bump LoRaMac-node to 4.7.0", "ci: sign images with HSM-backed key", "bt: reduce adv interval on low battery",
            "modem: handle +CEREG: 5 roaming", "sensors: bme680 calibration table v3", "power: fix brown-out on TX burst",
            "west: pin sdk-nrf to v2.6.1", "fix(ota): retry on 416 range error", "build: strip debug info from release"])))
    tag = "v%s-%d-g%s" % (semver(), R.randint(1, 40), rhex(7))
    return fence("$ git log --oneline -n %d\n%s\n$ git describe --tags --dirty\n%s" % (len(lines), "\n".join(lines), tag)), lang


@neg("non_credential_blob")
def nb_chirpstack_device():
    lang = lang_any()
    d = collections.OrderedDict()
    d["devEui"] = eui64().lower()
    d["joinEui"] = eui64(pick(["70B3D57ED0", "0000000000", "A8404100"])).lower()
    d["name"] = "%s-%03d" % (board(), R.randint(1, 400))
    d["deviceProfileId"] = uuid4()
    d["devAddr"] = rhex(8)
    d["fCntUp"] = R.randint(0, 90000)
    d["nFCntDown"] = R.randint(0, 300)
    d["lastSeenAt"] = iso_ts()
    d["tags"] = {"site": pick(["roof-b", "lab-2", "field-07"]), "hw": pick(["C", "D"])}
    return say("dump", lang, "ChirpStack device") + "\n" + fence(json.dumps(d, indent=2), "json"), lang


@neg("non_credential_blob")
def nb_ttn_uplink():
    lang = lang_any()
    payload = rbytes(R.randint(4, 22))
    u = {"end_device_ids": {"device_id": "%s-%02d" % (board(), R.randint(1, 99)), "dev_eui": eui64(), "dev_addr": rhex(8, True),
                            "join_eui": eui64("0000000000")},
         "received_at": iso_ts(),
         "uplink_message": {"session_key_id": b64(rbytes(16)), "f_port": R.randint(1, 20), "f_cnt": R.randint(0, 40000),
                            "frm_payload": b64(payload),
                            "rx_metadata": [{"gateway_ids": {"gateway_id": "gw-%s" % pick(["roof-b", "lab-2", "hq-01"]), "eui": eui64("B827EBFFFE")},
                                             "rssi": -R.randint(40, 125), "snr": round(R.uniform(-15, 12), 1)}],
                            "settings": {"data_rate": {"lora": {"bandwidth": 125000, "spreading_factor": R.randint(7, 12)}},
                                         "frequency": str(pick([868100000, 868300000, 868500000, 867100000, 867300000]))}}}
    return fence(json.dumps(u, indent=1), "json") + "\n" + say("check", lang, "f_port %d decoding" % u["uplink_message"]["f_port"]), lang


@neg("non_credential_blob")
def nb_efuse():
    lang = lang_any()
    lines = ["$ espefuse.py -p /dev/ttyUSB0 summary --format summary",
             "Security fuses:",
             "SECURE_BOOT_EN (BLOCK0)                 Secure boot enabled                          = True R/W (0b1)",
             "KEY_PURPOSE_0 (BLOCK0)                  Purpose of Key0                              = SECURE_BOOT_DIGEST0 R/W (0x9)",
             "KEY_PURPOSE_1 (BLOCK0)                  Purpose of Key1                              = XTS_AES_128_KEY R/W (0x4)",
             "BLOCK_KEY0 (BLOCK4)",
             "  Purpose: SECURE_BOOT_DIGEST0",
             "   Key0 or user data                                 ",
             "   = " + " ".join(rhex(2) for _ in range(32)) + " R/-",
             "BLOCK_KEY1 (BLOCK5)",
             "  Purpose: XTS_AES_128_KEY",
             "   Key1 or user data                                 ",
             "   = ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? -/-",
             "MAC (BLOCK1)                            MAC address                                  = %s (OK) R/W" % mac()]
    return (say("dump", lang, "eFuse summary") + "\n" + fence("\n".join(lines))
            + "\nBLOCK_KEY0 is the *digest of the public* secure-boot key, the flash-encryption key block reads back as ??."), lang


@neg("non_credential_blob")
def nb_intel_hex():
    lang = lang_any()
    lines = [":020000040800F2"]
    addr = R.randint(0, 0x40) * 16
    for _ in range(R.randint(4, 24)):
        data = rbytes(16)
        rec = bytes([16, addr >> 8 & 0xFF, addr & 0xFF, 0]) + data
        cs = (-sum(rec)) & 0xFF
        lines.append(":" + rec.hex().upper() + "%02X" % cs)
        addr += 16
    lines.append(":04000005080001C12D")
    lines.append(":00000001FF")
    return say("check", lang, "`%s.hex`" % pick(FW_NAMES)) + "\n" + fence("\n".join(lines)), lang


@neg("non_credential_blob")
def nb_sha256sums():
    lang = lang_any()
    ver = semver()
    files = ["%s-%s-%s.%s" % (board(), ver, v, ext) for v, ext in
             [("app", "bin"), ("merged", "hex"), ("update", "zip"), ("app", "uf2"), ("app", "elf"), ("mcuboot", "bin")]]
    R.shuffle(files)
    k = R.randint(2, 6)
    body = "\n".join("%s  %s" % (rhex(64), f) for f in files[:k])
    return "SHA256SUMS for %s\n%s" % (ver, fence(body)), lang


@neg("non_credential_blob")
def nb_zephyr_coredump():
    lang = lang_any()
    lines = ["[%08d] <err> os: ***** MPU FAULT *****" % R.randint(1000, 9999999),
             "[%08d] <err> coredump: #CD:BEGIN#" % R.randint(1000, 9999999)]
    for _ in range(R.randint(4, 18)):
        lines.append("[%08d] <err> coredump: #CD:%s" % (R.randint(1000, 9999999), rhex(64)))
    lines.append("[%08d] <err> coredump: #CD:END#" % R.randint(1000, 9999999))
    return say("failed", lang, "`%s`" % board()) + "\n" + fence("\n".join(lines)), lang


@neg("non_credential_blob")
def nb_ble_adv():
    lang = lang_any()
    lines = []
    for _ in range(R.randint(3, 14)):
        adv = rbytes(R.randint(12, 28))
        lines.append("> HCI Event: LE Meta Event (0x3e) plen %d    #%d [hci0] %s" % (len(adv) + 12, R.randint(1, 9999), hms() + ".%06d" % R.randint(0, 999999)))
        lines.append("        Address: %s (Resolvable)" % mac(pick(["4a:12:9f", "5c:7e:31", "7b:aa:02"])).upper())
        lines.append("        Data: %s" % adv.hex())
    return fence("\n".join(lines[:38])), lang


@neg("non_credential_blob")
def nb_yocto():
    lang = lang_any()
    rec = pick(["sensor-fw", "gw-agent", "lora-pkt-fwd", "ota-client"])
    body = 'SRC_URI = "git://git.internal/fw/%s.git;protocol=https;branch=main \\\n           https://%s/blobs/%s-%s.tar.gz;name=blob"\nSRCREV = "%s"\nSRC_URI[blob.sha256sum] = "%s"\nPV = "%s+git${SRCPV}"' % (
        rec, pick(HOSTS_INT), rec, semver(), rhex(40), rhex(64), semver())
    return fence(body, "bitbake"), lang


@neg("non_credential_blob")
def nb_suit_cbor():
    lang = lang_any()
    blob = bytes.fromhex("d86ba2025873825824822f5820") + rbytes(32) + bytes.fromhex("584a") + bytes.fromhex("d28443a10126a0f65840") + rbytes(64)
    h = blob.hex()
    return (say("dump", lang, "SUIT envelope") + "\n" + fence("\n".join(wrap(h, 64)))
            + "\n(COSE_Sign1 over the manifest digest — signature is public, verifies with the root pubkey)"), lang


@neg("non_credential_blob")
def nb_uid_table():
    lang = lang_any()
    rows = ["| slot | board | STM32 UID (96-bit) | flash CRC32 |", "|---|---|---|---|"]
    for i in range(R.randint(3, 20)):
        rows.append("| %d | %s | `%s %s %s` | `0x%08X` |" % (i + 1, board(), rhex(8, True), rhex(8, True), rhex(8, True), R.getrandbits(32)))
    return say("check", lang, "HIL rig inventory") + "\n" + "\n".join(rows), lang


@neg("non_credential_blob")
def nb_platformio():
    lang = lang_any()
    body = """[env:%s]
platform = https://github.com/platformio/platform-espressif32.git#%s
board = esp32-s3-devkitc-1
framework = espidf
lib_deps =
    https://github.com/acme-fw/sensor-drivers.git#%s
    bblanchon/ArduinoJson@^7.0.4
; checksum of the pinned toolchain tarball
; toolchain-xtensa-esp32s3 sha256=%s""" % (board(), rhex(40), rhex(40), rhex(64))
    return fence(body, "ini"), lang


@neg("non_credential_blob")
def nb_one_liner_hash():
    lang = lang_any()
    k = R.randint(0, 5)
    if k == 0:
        return "build %s → sha256 `%s`" % (semver(), rhex(64)), lang
    if k == 1:
        return "bootloader md5 %s, app md5 %s (from `esptool.py image_info`)" % (rhex(32), rhex(32)), lang
    if k == 2:
        return "%s: DevEUI %s / JoinEUI %s registered in %s" % (board(), eui64(), eui64("0000000000"), pick(["TTS", "ChirpStack", "Helium"])), lang
    if k == 3:
        return "`CRC32 calc=0x%08X stored=0x%08X` → mismatch in slot1, image rejected" % (R.getrandbits(32), R.getrandbits(32)), lang
    if k == 4:
        return "container image for the HIL runner: `ghcr.io/acme-fw/hil-runner@sha256:%s`" % rhex(64), lang
    return "%s %s" % (say("ok", lang, "`%s`" % rhex(12)), "(build-id %s)" % rhex(40)), lang


# ---------------------------------------------------------------- pii_lookalike_number
def board_serial():
    k = R.randint(0, 3)
    if k == 0:
        return "%02d%02d-%04d-%04d" % (R.randint(22, 25), R.randint(1, 52), R.randint(0, 9999), R.randint(0, 9999))
    if k == 1:
        return "SN%d%07d" % (R.randint(23, 25), R.randint(0, 9999999))
    if k == 2:
        return "%s%d-%02d%02d-%05d" % (pick("ABCHK"), R.randint(1, 9), R.randint(22, 25), R.randint(1, 52), R.randint(0, 99999))
    return "%010d" % R.randint(1000000000, 9999999999)


@neg("pii_lookalike_number")
def pn_calibration_csv():
    lang = lang_any()
    rows = ["serial,channel,adc_offset,gain_ppm,temp_coeff,vref_mv,tested_at"]
    sn = board_serial()
    for ch in range(R.randint(4, 32)):
        rows.append("%s,%d,%d,%d,%.4f,%d,%d" % (sn, ch, R.randint(-40, 40), R.randint(998000, 1002000), R.uniform(-0.01, 0.01),
                                               R.randint(2490, 2510), R.randint(1717000000, 1740000000)))
    return say("check", lang, "calibration export for %s" % sn) + "\n" + fence("\n".join(rows), "csv"), lang


@neg("pii_lookalike_number")
def pn_serial_list():
    lang = lang_any()
    rows = ["| # | serial | lot | date code | result |", "|---|---|---|---|---|"]
    for i in range(R.randint(3, 25)):
        rows.append("| %d | %s | %s | %02d%02d | %s |" % (i + 1, board_serial(), "L%d-%03d" % (R.randint(2401, 2452), R.randint(1, 300)),
                                                   R.randint(23, 25), R.randint(1, 52), pick(["PASS", "PASS", "PASS", "FAIL (I_sleep)", "FAIL (RF)"])))
    return say("check", lang, "EOL test batch") + "\n" + "\n".join(rows), lang


@neg("pii_lookalike_number")
def pn_lora_meta():
    lang = lang_any()
    t = R.randint(1717000000000, 1740000000000)
    lines = []
    for i in range(R.randint(2, 16)):
        tt = t + i * R.randint(30000, 900000)
        lines.append("%d.%03d  fcnt=%d  freq=%d  sf=%d  rssi=%d  snr=%.1f  toa_ms=%d  gw_time=%d" % (
            tt // 1000, tt % 1000, R.randint(100, 60000), pick([868100000, 868300000, 868500000, 867100000, 867500000, 867900000]),
            R.randint(7, 12), -R.randint(60, 125), R.uniform(-18, 10), R.randint(40, 1500), R.randint(1300000000, 1400000000)))
    return fence("\n".join(lines)) + "\n" + say("check", lang, "SF12 airtime"), lang


@neg("pii_lookalike_number")
def pn_power():
    lang = lang_any()
    rows = ["| mode | current | duration | charge/day |", "|---|---:|---:|---:|"]
    for mode, cur, dur in [("deep sleep", "%.2f µA" % R.uniform(0.8, 12), "—"), ("RTC wake", "%.2f mA" % R.uniform(0.4, 3), "%d ms" % R.randint(2, 20)),
                           ("sensor read", "%.1f mA" % R.uniform(1, 9), "%d ms" % R.randint(20, 400)),
                           ("LoRa TX SF%d" % R.randint(7, 12), "%.1f mA" % R.uniform(24, 120), "%d ms" % R.randint(50, 1500)),
                           ("GNSS fix", "%.1f mA" % R.uniform(5, 30), "%d ms" % R.randint(2000, 40000)),
                           ("LTE-M attach", "%.1f mA" % R.uniform(40, 220), "%d ms" % R.randint(1500, 9000))]:
        rows.append("| %s | %s | %s | %.3f mAh |" % (mode, cur, dur, R.uniform(0.001, 0.9)))
    rows.append("")
    rows.append("%d mAh / %.3f mAh per day ≈ %d days (%.1f years)" % (R.choice([2400, 2600, 3500, 19000]), R.uniform(0.3, 3), R.randint(900, 5000), R.uniform(2.5, 14)))
    return say("check", lang, "battery budget") + "\n" + "\n".join(rows), lang


@neg("pii_lookalike_number")
def pn_linker_mem():
    lang = lang_any()
    flash = pick([262144, 524288, 1048576, 2097152])
    ram = pick([65536, 131072, 262144, 524288])
    uf, ur = R.randint(flash // 5, flash - 1000), R.randint(ram // 5, ram - 100)
    body = """Memory region         Used Size  Region Size  %%age Used
           FLASH:      %d B         %d KB     %.2f%%
             RAM:       %d B       %d KB     %.2f%%
        IDT_LIST:          0 GB        32 KB      0.00%%
Generating files from build/zephyr/zephyr.elf for board: %s""" % (uf, flash // 1024, 100.0 * uf / flash, ur, ram // 1024, 100.0 * ur / ram, board())
    return fence(body), lang


@neg("pii_lookalike_number")
def pn_registers():
    lang = lang_any()
    regs = [("RCC->CR", 0x40021000), ("RCC->CFGR", 0x40021008), ("RCC->PLLCFGR", 0x4002100C), ("PWR->CR1", 0x40007000),
            ("GPIOA->MODER", 0x48000000), ("LPUART1->BRR", 0x40008008), ("RTC->SSR", 0x40002828), ("FLASH->ACR", 0x40022000)]
    R.shuffle(regs)
    lines = ["%-14s @0x%08X = 0x%08X  (%d)" % (n, a, v, v) for n, a in regs[:R.randint(3, 8)] for v in [R.getrandbits(32)]]
    return say("dump", lang, "clock config registers") + "\n" + fence("\n".join(lines)), lang


@neg("pii_lookalike_number")
def pn_modbus_map():
    lang = lang_any()
    rows = ["register,name,type,scale,unit"]
    base = pick([30001, 40001])
    names = ["voltage_l1", "voltage_l2", "voltage_l3", "current_l1", "power_total", "energy_import_hi", "energy_import_lo",
             "frequency", "pf_total", "temp_board", "uptime_hi", "uptime_lo", "fw_version", "serial_hi", "serial_lo"]
    for i, nm in enumerate(names[:R.randint(5, len(names))]):
        rows.append("%d,%s,%s,%s,%s" % (base + i * 2, nm, pick(["u16", "u32", "i16", "f32"]), pick(["0.1", "0.01", "1", "0.001"]), pick(["V", "A", "W", "Wh", "Hz", "", "°C", "s"])))
    return fence("\n".join(rows), "csv"), lang


@neg("pii_lookalike_number")
def pn_ntc_table():
    lang = lang_any()
    vals = []
    v = R.randint(3900, 4050)
    for t in range(-40, R.choice([85, 105, 125]) + 1, 5):
        vals.append(v)
        v -= R.randint(40, 130)
        v = max(v, 12)
    rows = []
    for i in range(0, len(vals), 8):
        rows.append("    " + ", ".join("%4d" % x for x in vals[i:i + 8]) + ",")
    body = "/* NTC 10k B=3435, ADC counts @12 bit, -40..+%d degC step 5 */\nstatic const uint16_t ntc_lut[%d] = {\n%s\n};" % (
        (len(vals) - 1) * 5 - 40, len(vals), "\n".join(rows))
    return fence(body, "c"), lang


@neg("pii_lookalike_number")
def pn_orders():
    lang = lang_any()
    k = R.randint(0, 4)
    if k == 0:
        return "PCB order %s (%d pcs, %s, ENIG) shipped, tracking %s" % (
            "Y%d-%07d" % (R.randint(24, 25), R.randint(0, 9999999)), pick([50, 100, 250, 1000]), board(),
            "%010d" % R.randint(1000000000, 9999999999)), lang
    if k == 1:
        return "Digi-Key sales order #%d, PO-%d, total € %s" % (R.randint(80000000, 99999999), R.randint(4500000000, 4509999999),
                                                               "{:,.2f}".format(R.uniform(300, 9000)).replace(",", "X").replace(".", ",").replace("X", ".")), lang
    if k == 2:
        return "RMA-%d-%06d: %s returned, serial %s, failure code E%03d" % (R.randint(2023, 2025), R.randint(0, 999999), board(), board_serial(), R.randint(1, 999)), lang
    if k == 3:
        return "UPS 1Z%s%s, %d dev kits, customs ref %d" % (rs(6, UPPER + DIGITS), "%010d" % R.randint(0, 9999999999), R.randint(5, 60), R.randint(10**11, 10**12 - 1)), lang
    return "%s: FW-%d / FW-%d / FW-%d fixed in %s" % (say("ok", lang, "ticket list"), R.randint(100, 3000), R.randint(100, 3000), R.randint(100, 3000), semver()), lang


@neg("pii_lookalike_number")
def pn_versions4():
    lang = lang_any()
    k = R.randint(0, 3)
    if k == 0:
        v = "%d.%d.%d.%d" % (R.choice([11, 13, 17, 23, 31, 37]), R.randint(0, 9), R.randint(0, 9), R.randint(100, 250))
        ALLOWED_VERSION_IPS.add(v)
        return "CP210x VCP driver %s fixes the COM-port hang on the flashing station" % v, lang
    if k == 1:
        v = "%d.%d.%d.%d" % (R.randint(1, 9), R.randint(0, 9), R.randint(0, 30), R.randint(0, 99))
        ALLOWED_VERSION_IPS.add(v)
        return "J-Link software %s / firmware compiled %s — %s" % (v, date_str(), say("check", lang, "the SWO trace")), lang
    if k == 2:
        v = "%d.%d.%d.%d" % (R.randint(2, 5), R.randint(0, 3), R.randint(0, 9), R.randint(1, 60))
        ALLOWED_VERSION_IPS.add(v)
        return "modem %s FW `mfw_nrf9160_%s` (AT+CGMR), sdk-nrf %s, bootloader %s" % (chip(), semver(), semver(), v), lang
    v = "%d.%d.%d.%d" % (R.randint(60, 99), R.randint(0, 9), R.randint(0, 200), R.randint(0, 250))
    ALLOWED_VERSION_IPS.add(v)
    return "STM32CubeProgrammer %s, ST-LINK fw V3J%dM%d, CubeIDE build %s" % (semver(), R.randint(7, 15), R.randint(2, 6), v), lang


@neg("pii_lookalike_number")
def pn_timestamps():
    lang = lang_any()
    lines = []
    t = R.randint(1717000000, 1740000000)
    for _ in range(R.randint(3, 14)):
        t += R.randint(1, 3600)
        lines.append("%d | uptime_ms=%d | rtc=%d | boot=%d | vbat=%d mV" % (t, R.randint(1000, 4000000000), t - R.randint(0, 5),
                                                                         R.randint(1, 900), R.randint(2900, 4200)))
    return say("dump", lang, "heartbeat log") + "\n" + fence("\n".join(lines)), lang


@neg("pii_lookalike_number")
def pn_network():
    lang = lang_any()
    ip1, ip2, ip3 = private_ip(), private_ip(), private_ip()
    body = """I (%d) wifi:connected with lab-iot, aid = %d, channel %d, BW20, bssid = %s
I (%d) esp_netif_handlers: sta ip: %s, mask: 255.255.255.0, gw: %s
I (%d) mqtt: connecting to %s:%d (keepalive %d s)
I (%d) coap: listening on udp/%d, dtls on udp/%d
I (%d) ota: fw server %s:%d""" % (R.randint(500, 3000), R.randint(1, 9), R.randint(1, 13), mac(), R.randint(3000, 6000), ip1, ip2,
                                   R.randint(6000, 9000), ip3, pick([1883, 8883]), pick([60, 120, 240]), R.randint(9000, 9900),
                                   5683, 5684, R.randint(10000, 12000), private_ip(), pick([8080, 8443, 8070]))
    return fence(body), lang


@neg("pii_lookalike_number")
def pn_coordinates():
    lang = lang_any()
    rows = ["gateway,lat,lon,alt_m,antenna_dbi,installed"]
    for i in range(R.randint(2, 12)):
        rows.append("gw-%s-%02d,%.6f,%.6f,%d,%.1f,%s" % (pick(["roof", "mast", "lab", "depot"]), i + 1, R.uniform(47, 55),
                                                      R.uniform(5, 15), R.randint(20, 180), pick([2.0, 3.0, 5.8, 8.0]), date_str()))
    return say("check", lang, "gateway site list") + "\n" + fence("\n".join(rows), "csv"), lang


@neg("pii_lookalike_number")
def pn_j1939():
    lang = lang_any()
    lines = []
    for _ in range(R.randint(3, 12)):
        spn = pick([(190, "EngSpeed", "rpm", 0.125), (110, "EngCoolantTemp", "degC", 1), (84, "WheelSpeed", "km/h", 1 / 256),
                    (96, "FuelLevel", "%", 0.4), (247, "EngTotalHours", "h", 0.05), (168, "BatteryPotential", "V", 0.05)])
        raw = R.randint(0, 64000)
        lines.append("SPN %4d %-16s raw=%5d  -> %.2f %s" % (spn[0], spn[1], raw, raw * spn[3], spn[2]))
    return fence("\n".join(lines)), lang


@neg("pii_lookalike_number")
def pn_clock_tree():
    lang = lang_any()
    sysclk = pick([64000000, 80000000, 160000000, 240000000, 480000000])
    body = "SYSCLK %d Hz | HCLK %d | APB1 %d | APB2 %d | LSE 32768 | UART %d baud (BRR=0x%X) | SPI %d Hz" % (
        sysclk, sysclk, sysclk // pick([1, 2, 4]), sysclk // pick([1, 2]), pick([115200, 460800, 921600, 1000000]),
        R.randint(0x20, 0x8B), sysclk // pick([4, 8, 16]))
    return body, lang


@neg("pii_lookalike_number")
def pn_bom():
    lang = lang_any()
    parts = [("GRM155R71C104KA88D", "0.0032"), ("RC0402FR-0710KL", "0.0011"), ("%s" % pick(["STM32L476RGT6", "NRF52840-QIAA-R7", "ESP32-S3-WROOM-1-N8R2"]), "%.2f" % R.uniform(2.8, 7.9)),
             ("SX1262IMLTRT", "%.2f" % R.uniform(3.1, 4.4)), ("TPS62840DLCR", "0.71"), ("BME680", "%.2f" % R.uniform(5, 8)),
             ("LIS2DH12TR", "0.89"), ("TCXO 32 MHz 0.5ppm", "0.95"), ("0 281 %03d %03d (connector)" % (R.randint(0, 999), R.randint(0, 999)), "1.12")]
    R.shuffle(parts)
    rows = ["| MPN | qty | unit € | ext € |", "|---|---:|---:|---:|"]
    total = 0
    for p, price in parts[:R.randint(3, 9)]:
        q = pick([1, 2, 4, 10, 22])
        total += q * float(price)
        rows.append("| %s | %d | %s | %.4f |" % (p, q, price, q * float(price)))
    rows.append("| **total** | | | **%.2f** |" % total)
    return say("check", lang, "BOM rev %s" % pick("CDE")) + "\n" + "\n".join(rows), lang


@neg("pii_lookalike_number")
def pn_cellular():
    lang = lang_any()
    imsi = "00101%010d" % R.randint(0, 9999999999)
    body = """AT%%XMONITOR
%%XMONITOR: 1,"","","%s","%s",%d,%d,"%s",%d,%d,%d,%d,%d,"","11100000","11100000","01001001"
OK
AT+CIMI
%s
OK
AT+CESQ
+CESQ: 99,99,255,255,%d,%d
OK""" % (pick(["26201", "26202", "00101", "20408"]), rhex(4, True), pick([7, 9]), R.randint(1, 20), rhex(8, True), R.randint(0, 500),
         pick([6300, 1300, 3450, 6400]), R.randint(20, 60), R.randint(10, 40), R.randint(-120, -70), imsi, R.randint(10, 34), R.randint(20, 60))
    return say("dump", lang, "modem status (test network 001/01 SIM)") + "\n" + fence(body), lang


@neg("pii_lookalike_number")
def pn_adc_samples():
    lang = lang_any()
    vals = [R.randint(2040, 2056) for _ in range(R.randint(16, 120))]
    lines = []
    for i in range(0, len(vals), 16):
        lines.append(" ".join("%d" % v for v in vals[i:i + 16]))
    mean = sum(vals) / len(vals)
    return say("check", lang, "ADC noise floor") + "\n" + fence("\n".join(lines)) + "\nmean=%.2f LSB, p2p=%d LSB" % (mean, max(vals) - min(vals)), lang


@neg("pii_lookalike_number")
def pn_cloud_bill():
    lang = lang_any()
    return ("IoT backend cost %s: %s messages, %s connection-minutes, $%s total (%s devices, $%.4f/device/month)" % (
        date_str()[:7], "{:,}".format(R.randint(10**7, 10**9)), "{:,}".format(R.randint(10**6, 10**8)),
        "{:,.2f}".format(R.uniform(200, 9000)), "{:,}".format(R.randint(1000, 90000)), R.uniform(0.01, 0.3))), lang


@neg("pii_lookalike_number")
def pn_freq_plan():
    lang = lang_any()
    body = "EU868 channels (Hz): 868100000 868300000 868500000 867100000 867300000 867500000 867700000 867900000\nRX2 869525000 DR%d, RX1 delay %d s, duty cycle 1%%, max EIRP 16 dBm\nNetID %s, DevAddr range %s–%s" % (
        R.randint(0, 3), R.randint(1, 5), pick(["000013", "000000", "60002D"]), rhex(8, True), rhex(8, True))
    return fence(body), lang


@neg("pii_lookalike_number")
def pn_production_stats():
    lang = lang_any()
    units = R.randint(200, 20000)
    fails = R.randint(0, units // 20)
    return say("ok", lang, "lot %d-%s" % (R.randint(2401, 2452), pick("ABCDE"))) + "\n" + (
        "units %d · pass %d · fail %d · yield %.2f %% · mean TX power %.1f dBm · mean I_sleep %.2f µA · takt %.1f s" % (
            units, units - fails, fails, 100.0 * (units - fails) / units, R.uniform(13, 22), R.uniform(1, 9), R.uniform(8, 40))), lang


@neg("pii_lookalike_number")
def pn_phonelike_parts():
    lang = lang_any()
    a = "%d %03d %03d %03d" % (0, R.randint(100, 999), R.randint(0, 999), R.randint(0, 999))
    b = "%03d-%04d-%02d" % (R.randint(100, 999), R.randint(0, 9999), R.randint(0, 99))
    c = "(%03d) %03d %04d" % (R.randint(100, 999), R.randint(100, 999), R.randint(0, 9999))
    return ("replacement parts: sensor housing %s, gasket kit %s, harness drawing no. %s — %s" % (a, b, c, say("check", lang, "the drawing rev"))), lang


@neg("pii_lookalike_number")
def pn_gps_nmea():
    lang = lang_any()
    lines = []
    for _ in range(R.randint(3, 10)):
        lat = "%02d%07.4f" % (R.randint(47, 54), R.uniform(0, 59.9999))
        lon = "%03d%07.4f" % (R.randint(5, 14), R.uniform(0, 59.9999))
        core = "GPGGA,%s.00,%s,N,%s,E,1,%02d,%.1f,%.1f,M,47.0,M,," % (hms().replace(":", ""), lat, lon, R.randint(4, 12), R.uniform(0.6, 2.5), R.uniform(20, 300))
        cs = 0
        for ch in core:
            cs ^= ord(ch)
        lines.append("$%s*%02X" % (core, cs))
    return say("dump", lang, "GNSS on the lab roof antenna") + "\n" + fence("\n".join(lines)), lang


# ---------------------------------------------------------------- data_uri_base64
def img_uri(kind=None):
    kind = kind or pick(["png", "png", "jpeg", "gif", "svg", "bmp", "ico"])
    if kind == "png":
        return "data:image/png;base64," + b64(png_bytes())
    if kind == "jpeg":
        return "data:image/jpeg;base64," + b64(jpeg_bytes())
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif_bytes())
    if kind == "bmp":
        return "data:image/bmp;base64," + b64(bmp_bytes(R.randint(2, 6), R.randint(2, 6)))
    if kind == "ico":
        return "data:image/x-icon;base64," + b64(ico_bytes())
    return "data:image/svg+xml;base64," + b64(svg_text().encode())


@neg("data_uri_base64")
def du_favicon_c_string():
    lang = lang_any()
    uri = img_uri(pick(["png", "ico", "svg"]))
    body = ('/* web config portal served from the ESP32 softAP (192.168.4.1) */\nstatic const char INDEX_HTML[] = R"rawliteral(\n<!doctype html><html><head>\n'
            '<meta charset="utf-8"><title>%s setup</title>\n<link rel="icon" href="%s">\n</head><body>\n'
            '<form action="/save" method="post"><input name="ssid"><input name="pass" type="password"></form>\n</body></html>\n)rawliteral";') % (board(), uri)
    return fence(body, "cpp"), lang


@neg("data_uri_base64")
def du_font_face():
    lang = lang_any()
    uri = "data:font/woff2;base64," + b64(woff2_bytes())
    if chance(0.4):
        uri = trunc(uri, R.randint(80, 160))
    body = "/* dashboard.css — inlined so the device UI works offline */\n@font-face {\n  font-family: 'DeviceMono';\n  src: url(%s) format('woff2');\n  font-display: swap;\n}\nbody { font-family: DeviceMono, monospace; }" % uri
    return fence(body, "css"), lang


@neg("data_uri_base64")
def du_camera_json():
    lang = lang_any()
    frame = "data:image/jpeg;base64," + b64(jpeg_bytes())
    d = {"device": "%s-%02d" % (pick(["cam-gate", "esp32cam", "cam-yard"]), R.randint(1, 40)), "ts": R.randint(1717000000, 1740000000),
         "res": pick(["QVGA", "VGA", "96X96"]), "quality": R.randint(10, 40), "frame": frame}
    return say("check", lang, "the ESP32-CAM snapshot payload") + "\n" + fence(json.dumps(d, indent=2), "json"), lang


@neg("data_uri_base64")
def du_nodered():
    lang = lang_any()
    uri = img_uri(pick(["svg", "png"]))
    node = [{"id": rhex(16), "type": "ui_template", "z": rhex(16), "group": rhex(16), "name": "status LED",
             "format": "<img src=\"%s\" width=\"16\"> {{msg.payload.state}}" % uri, "x": R.randint(200, 900), "y": R.randint(40, 600),
             "wires": [[]]}]
    return fence(json.dumps(node, indent=1), "json"), lang


@neg("data_uri_base64")
def du_markdown_img():
    lang = lang_any()
    uri = img_uri("png")
    return "%s\n![%s](%s)" % (say("check", lang, "the pinout"), pick(["pinout", "scope", "J3 header", "antenna match"]), uri), lang


@neg("data_uri_base64")
def du_grafana():
    lang = lang_any()
    d = {"type": "text", "title": "Fleet %s" % board(), "gridPos": {"h": R.randint(3, 8), "w": R.randint(4, 24), "x": 0, "y": 0},
         "options": {"mode": "html", "content": "<img src=\"%s\"/> <b>%d</b> online" % (img_uri(pick(["png", "svg", "gif"])), R.randint(10, 9000))}}
    return fence(json.dumps(d, indent=2), "json"), lang


@neg("data_uri_base64")
def du_web_flasher_manifest():
    lang = lang_any()
    svg = svg_text()
    icon = "data:image/svg+xml," + svg.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    d = {"name": "%s firmware" % board(), "version": semver(), "new_install_prompt_erase": True, "icon": icon,
         "builds": [{"chipFamily": pick(["ESP32-S3", "ESP32-C3", "ESP32"]), "parts": [{"path": "merged.bin", "offset": 0}]}]}
    return say("check", lang, "esp-web-tools manifest") + "\n" + fence(json.dumps(d, indent=2), "json"), lang


@neg("data_uri_base64")
def du_micropython_bmp():
    lang = lang_any()
    data = b64(bmp_bytes(R.randint(4, 10), R.randint(4, 8)))
    body = '# splash for the 0.96" SSD1306, kept inline so it ships in the frozen module\nimport ubinascii\nSPLASH_BMP = (\n%s\n)\nbuf = ubinascii.a2b_base64(SPLASH_BMP)' % "\n".join(
        '    "%s"' % c for c in wrap(data, 60))
    return fence(body, "python"), lang


@neg("data_uri_base64")
def du_jira_attachment():
    lang = lang_any()
    d = {"fields": {"project": {"key": "FW"}, "summary": "TX spur at %d MHz on %s" % (R.randint(860, 930), board()),
                    "issuetype": {"name": "Bug"}},
         "attachment": {"filename": "scope_%d.png" % R.randint(1, 99), "mimeType": "image/png", "content": b64(png_bytes())}}
    return fence(json.dumps(d, indent=2), "json"), lang


@neg("data_uri_base64")
def du_csp_error():
    lang = lang_any()
    uri = trunc(img_uri(pick(["png", "gif"])), R.randint(60, 110))
    return ("device UI console: `Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self'\".`\n%s" % (
        uri, say("check", lang, "the CSP header in httpd"))), lang


@neg("data_uri_base64")
def du_svg_pct_css():
    lang = lang_any()
    svg = svg_text()
    enc = svg.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    body = ".led-ok::before { content: ''; width: 16px; height: 16px; background: url(\"data:image/svg+xml;utf8,%s\") no-repeat; }" % enc
    return fence(body, "css"), lang


@neg("data_uri_base64")
def du_pdf_attachment():
    lang = lang_any()
    uri = "data:application/pdf;base64," + b64(pdf_bytes())
    d = {"report": "EOL-%d" % R.randint(1000, 9999), "board": board(), "result": "PASS", "attachment": uri}
    return fence(json.dumps(d, indent=2), "json"), lang


@neg("data_uri_base64")
def du_wav_buzzer():
    lang = lang_any()
    uri = "data:audio/wav;base64," + b64(wav_bytes())
    return say("check", lang, "the buzzer preview in the config UI") + "\n" + fence("const BEEP = new Audio(\"%s\");\nBEEP.play();" % uri, "js"), lang


@neg("data_uri_base64")
def du_httpd_favicon():
    lang = lang_any()
    data = b64(ico_bytes())
    body = ('static const char favicon_b64[] =\n%s;\n\nstatic esp_err_t favicon_get(httpd_req_t *req) {\n'
            '    httpd_resp_set_type(req, "image/x-icon");\n    return send_b64(req, favicon_b64);\n}') % "\n".join('    "%s"' % c for c in wrap(data, 64))
    return fence(body, "c"), lang


@neg("data_uri_base64")
def du_gif_spinner():
    lang = lang_any()
    return ('<img class="spinner" alt="" src="%s"> <!-- OTA progress page -->' % img_uri("gif")), lang


@neg("data_uri_base64")
def du_jupyter():
    lang = lang_any()
    d = {"cell_type": "code", "execution_count": R.randint(1, 60), "metadata": {},
         "outputs": [{"data": {"image/png": b64(png_bytes()), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
                      "metadata": {}, "output_type": "display_data"}],
         "source": ["plt.plot(adc_samples)  # noise floor %s\n" % board()]}
    return fence(json.dumps(d, indent=1), "json"), lang


@neg("data_uri_base64")
def du_echo_decode():
    lang = lang_any()
    data = b64(png_bytes(R.randint(4, 10), R.randint(4, 10)))
    return fence("$ echo '%s' | base64 -d > status_icon.png\n$ file status_icon.png\nstatus_icon.png: PNG image data" % data, "console"), lang


@neg("data_uri_base64")
def du_sourcemap():
    lang = lang_any()
    sm = json.dumps({"version": 3, "file": "flasher.js", "sources": ["../src/serial.ts", "../src/esploader.ts"],
                     "names": [], "mappings": ";;" + ";".join(rs(R.randint(4, 9), "ACEGIKMOQSUWYagkoqsuwy") for _ in range(R.randint(4, 10)))},
                    separators=(",", ":"))
    uri = "data:application/json;base64," + b64(sm.encode())
    return fence("…minified flasher bundle…\n//# sourceMappingURL=%s" % uri, "js"), lang


@neg("data_uri_base64")
def du_octet_fixture():
    lang = lang_any()
    blob = bytes([0xE9, 0x03, 0x02, 0x20]) + rbytes(R.randint(40, 120))
    uri = "data:application/octet-stream;base64," + b64(blob)
    body = "// test fixture: tiny fake image header for the web flasher unit test\nexport const FAKE_IMAGE = \"%s\";" % uri
    return fence(body, "ts"), lang


@neg("data_uri_base64")
def du_html_multi():
    lang = lang_any()
    lines = ["<!-- status.html, gzipped into the LittleFS image -->", "<ul class=\"sensors\">"]
    for s in ["temp", "humidity", "co2", "battery", "rssi", "door", "pump"][:R.randint(2, 7)]:
        lines.append("  <li><img src=\"%s\" alt=\"%s\"> <span id=\"%s\">--</span></li>" % (img_uri(pick(["svg", "png", "gif"])), s, s))
    lines.append("</ul>")
    return fence("\n".join(lines), "html"), lang


@neg("data_uri_base64")
def du_truncated_chat():
    lang = lang_any()
    uri = trunc(img_uri(pick(["png", "jpeg"])), R.randint(40, 90))
    return "%s `%s`" % (say("failed", lang, "the LVGL image decoder"), uri), lang


@neg("data_uri_base64")
def du_ha_card():
    lang = lang_any()
    body = "type: picture-entity\nentity: sensor.%s_state\nimage: \"%s\"\nshow_state: true" % (board().replace("-", "_"), img_uri(pick(["png", "svg"])))
    return fence(body, "yaml"), lang


@neg("data_uri_base64")
def du_email_mime():
    lang = lang_any()
    data = b64(png_bytes())
    body = "Content-Type: image/png; name=\"label_%d.png\"\nContent-Transfer-Encoding: base64\nContent-Disposition: inline\n\n%s" % (
        R.randint(1, 999), "\n".join(wrap(data, 76)))
    return say("check", lang, "the label image in the production-line mail") + "\n" + fence(body), lang


# ---------------------------------------------------------------- placeholder_example
@neg("placeholder_example")
def ph_arduino_secrets():
    lang = lang_any()
    ssid, pw = pick([("YOUR_WIFI_SSID", "YOUR_WIFI_PASSWORD"), ("", ""), ("<ssid>", "<password>"), ("your-ssid", "your-password")])
    body = '// arduino_secrets.h -- copy to arduino_secrets.h and fill in, never commit the real one\n#define SECRET_SSID "%s"\n#define SECRET_PASS "%s"\n#define SECRET_MQTT_USER "%s"\n#define SECRET_MQTT_PASS "%s"' % (
        ssid, pw, pick(["<mqtt-user>", "YOUR_MQTT_USER", ""]), pick(["<mqtt-password>", "YOUR_MQTT_PASSWORD", ""]))
    return fence(body, "cpp"), lang


@neg("placeholder_example")
def ph_idf_defaults():
    lang = lang_any()
    body = 'CONFIG_EXAMPLE_WIFI_SSID="myssid"\nCONFIG_EXAMPLE_WIFI_PASSWORD="mypassword"\nCONFIG_EXAMPLE_MAXIMUM_RETRY=5\nCONFIG_ESP_WIFI_AUTH_WPA2_PSK=y'
    return ("sdkconfig.defaults from the ESP-IDF station example, the values are the upstream placeholders:\n" + fence(body)), lang


@neg("placeholder_example")
def ph_lmic_fillmein():
    lang = lang_any()
    body = """// LMIC otaa example: replace FILLMEIN with the values from the console
static const u1_t PROGMEM APPEUI[8] = { FILLMEIN };  // little-endian
void os_getArtEui (u1_t* buf) { memcpy_P(buf, APPEUI, 8); }
static const u1_t PROGMEM DEVEUI[8] = { FILLMEIN };  // little-endian
void os_getDevEui (u1_t* buf) { memcpy_P(buf, DEVEUI, 8); }
static const u1_t PROGMEM APPKEY[16] = { FILLMEIN }; // big-endian
void os_getDevKey (u1_t* buf) { memcpy_P(buf, APPKEY, 16); }"""
    return fence(body, "cpp") + "\n" + say("check", lang, "byte order"), lang


@neg("placeholder_example")
def ph_loramac_testkey():
    lang = lang_any()
    body = """/* Commissioning.h -- stock LoRaMac-node default (this is the FIPS-197 / RFC 4493 AES test key,
 * published everywhere; every device we ship gets a per-device key from the HSM instead) */
#define LORAWAN_APP_KEY  { 0x2B, 0x7E, 0x15, 0x16, 0x28, 0xAE, 0xD2, 0xA6, 0xAB, 0xF7, 0x15, 0x88, 0x09, 0xCF, 0x4F, 0x3C }
#define LORAWAN_NWK_KEY  { 0x2B, 0x7E, 0x15, 0x16, 0x28, 0xAE, 0xD2, 0xA6, 0xAB, 0xF7, 0x15, 0x88, 0x09, 0xCF, 0x4F, 0x3C }"""
    return fence(body, "c"), lang


@neg("placeholder_example")
def ph_loramac_testkey_chat():
    lang = lang_any()
    return ("if you see AppKey `2B7E151628AED2A6ABF7158809CF4F3C` in a join log, the board still runs the stock example "
            "config (AES test vector from the spec), not a provisioned key → %s" % say("check", lang, "the factory step")), lang


@neg("placeholder_example")
def ph_aws_iot():
    lang = lang_any()
    body = """{
  "endpoint": "<prefix>-ats.iot.<region>.amazonaws.com",
  "thingName": "${THING_NAME}",
  "certificatePem": "-----BEGIN CERTIFICATE-----\\n...\\n-----END CERTIFICATE-----\\n",
  "privateKeyPem": "-----BEGIN RSA PRIVATE KEY-----\\n<paste device private key here>\\n-----END RSA PRIVATE KEY-----\\n",
  "rootCA": "AmazonRootCA1.pem"
}"""
    return "template for `provision.json` (do not fill it in Slack!)\n" + fence(body, "json"), lang


@neg("placeholder_example")
def ph_azure_connstr():
    lang = lang_any()
    s = pick(["HostName={IoTHubName}.azure-devices.net;DeviceId={DeviceId};SharedAccessKey={SharedAccessKey}",
              "HostName=<hub-name>.azure-devices.net;DeviceId=<device-id>;SharedAccessKey=<base64-key>",
              "HostName=${IOTHUB_HOST};DeviceId=${DEVICE_ID};SharedAccessKey=${DEVICE_KEY}"])
    return "%s\n`%s`" % (say("check", lang, "the connection string format"), s), lang


@neg("placeholder_example")
def ph_mosquitto_pub():
    lang = lang_any()
    k = R.randint(0, 2)
    if k == 0:
        cmd = 'mosquitto_pub -h mqtt.staging.internal -p 8883 --cafile ca.pem -u "$MQTT_USER" -P "$MQTT_PASS" -t "fw/cmd/%s" -m \'{"op":"reboot"}\'' % eui64().lower()
    elif k == 1:
        cmd = "mosquitto_sub -L 'mqtts://<user>:<password>@<broker>:8883/fw/+/status' -v"
    else:
        cmd = "mosquitto_sub -L mqtt://guest:guest@localhost:1883/# -v   # local docker broker, default creds"
    return fence(cmd, "sh"), lang


@neg("placeholder_example")
def ph_blynk():
    lang = lang_any()
    body = '#define BLYNK_TEMPLATE_ID "TMPLxxxxxx"\n#define BLYNK_TEMPLATE_NAME "Device"\n#define BLYNK_AUTH_TOKEN "YourAuthToken"\nchar ssid[] = "YourNetworkName";\nchar pass[] = "YourPassword";'
    return "this is just the stock Blynk sketch header, nothing real in it:\n" + fence(body, "cpp"), lang


@neg("placeholder_example")
def ph_masked_console():
    lang = lang_any()
    lines = ["I (%d) prov: DevEUI  : %s" % (R.randint(300, 900), eui64()),
             "I (%d) prov: JoinEUI : %s" % (R.randint(900, 1200), eui64("0000000000")),
             "I (%d) prov: AppKey  : %s" % (R.randint(1200, 1500), pick(["********************************", "**** **** **** **** (hidden)", "<redacted, 16 bytes>", "[MASKED]"])),
             "I (%d) prov: wifi psk: %s" % (R.randint(1500, 1800), pick(["******** (len=%d)" % R.randint(8, 24), "<not set>", "•••••••••"])),
             "I (%d) prov: done" % R.randint(1800, 2200)]
    return say("ok", lang, "masking in the provisioning log") + "\n" + fence("\n".join(lines)), lang


@neg("placeholder_example")
def ph_kconfig():
    lang = lang_any()
    body = """config APP_WIFI_PASSWORD
\tstring "Wi-Fi password"
\tdefault ""
\thelp
\t  Leave empty in the repo. CI injects it from the secret store for HIL rigs only.

config APP_MQTT_TOKEN
\tstring "MQTT auth token"
\tdefault "CHANGE_ME"
"""
    return fence(body.rstrip(), "kconfig"), lang


@neg("placeholder_example")
def ph_nvs_csv():
    lang = lang_any()
    body = "key,type,encoding,value\nwifi,namespace,,\nssid,data,string,<SSID>\npass,data,string,<PASSWORD>\nlora,namespace,,\ndeveui,data,hex2bin,<16 hex chars>\nappkey,data,hex2bin,%s" % pick(["<32 hex chars>", "00000000000000000000000000000000", "${APPKEY}"])
    return "nvs_partition_gen template (the factory script fills these in per device)\n" + fence(body, "csv"), lang


@neg("placeholder_example")
def ph_matter_test():
    lang = lang_any()
    return ("reminder: dev builds still use the SDK test onboarding values — passcode 20202021, discriminator 3840, QR `MT:-24J042C00KA0648G00`, "
            "manual code 34970112332. These are in the CHIP docs and every sample app; production DACs/passcodes come from the factory data partition. "
            + say("check", lang, "that release builds reject them")), lang


@neg("placeholder_example")
def ph_pem_placeholder():
    lang = lang_any()
    kind = pick(["EC PRIVATE KEY", "PRIVATE KEY", "RSA PRIVATE KEY"])
    filler = pick(["<device key goes here>", "...", "MIIEv...(redacted)...", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"])
    body = "-----BEGIN %s-----\n%s\n-----END %s-----" % (kind, filler, kind)
    return "%s\n%s" % (say("check", lang, "the expected PEM layout for `certs/device.key`"), fence(body)), lang


@neg("placeholder_example")
def ph_aws_example_keys():
    lang = lang_any()
    body = """# ci/upload_fw.sh -- local dry run with the AWS documentation example keys
export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE
export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
export AWS_DEFAULT_REGION=eu-central-1
aws s3 cp build/%s.bin s3://fw-artifacts-dev/%s/ --endpoint-url http://localhost:4566""" % (pick(FW_NAMES), semver())
    return fence(body, "sh"), lang


@neg("placeholder_example")
def ph_gha_secrets():
    lang = lang_any()
    body = """- name: Sign image
  env:
    SIGNING_KEY: ${{ secrets.MCUBOOT_SIGNING_KEY }}
    AWS_ACCESS_KEY_ID: ${{ secrets.FW_BUCKET_KEY_ID }}
    AWS_SECRET_ACCESS_KEY: ${{ secrets.FW_BUCKET_SECRET }}
  run: |
    echo "$SIGNING_KEY" > /tmp/key.pem
    imgtool sign --key /tmp/key.pem --version ${{ github.ref_name }} build/zephyr/zephyr.bin signed.bin
    shred -u /tmp/key.pem"""
    return fence(body, "yaml"), lang


@neg("placeholder_example")
def ph_env_example():
    lang = lang_any()
    body = "# .env.example for the provisioning station\nWIFI_SSID=\nWIFI_PASSWORD=changeme\nMQTT_URL=mqtts://%s:8883\nMQTT_PASSWORD=${MQTT_PASSWORD}\nOTA_SIGNING_KEY_PATH=./keys/dev-signing.pem\nSLACK_BOT_TOKEN=xoxb-your-bot-token\nHSM_PIN=<ask secops>" % pick(HOSTS_INT)
    return fence(body, "ini"), lang


@neg("placeholder_example")
def ph_default_creds():
    lang = lang_any()
    k = R.randint(0, 3)
    if k == 0:
        return "ChirpStack web UI on the lab Pi is still admin/admin (factory default), fine for the bench network only", lang
    if k == 1:
        return "Yocto dev image has `debug-tweaks`, so `root` with an empty password on the serial console — release image drops it", lang
    if k == 2:
        return "old RPi OS default pi/raspberry is disabled on the gateway image since %s" % semver(), lang
    return "RabbitMQ in the HIL docker-compose uses guest/guest, only bound to 127.0.0.1", lang


@neg("placeholder_example")
def ph_masked_card_terminal():
    lang = lang_any()
    lines = ["[PAY] card read ok, PAN=%s****%s, exp=**/**, AID A00000000%d1010" % (pick(["476173", "541333", "400000"])[:6], "%04d" % R.randint(0, 9999), R.choice([3, 4])),
             "[PAY] PIN entry: offline, %s" % pick(["PIN block not logged", "digits=****"]),
             "[PAY] amount=%d.%02d EUR, STAN=%06d" % (R.randint(1, 90), R.randint(0, 99), R.randint(0, 999999))]
    return say("ok", lang, "PAN truncation in the payment terminal log") + "\n" + fence("\n".join(lines)), lang


@neg("placeholder_example")
def ph_masked_phone_alert():
    lang = lang_any()
    return ("SMS alert routing: `ALERT_SMS_TO=%s` (configured per customer, masked in the export), webhook `https://hooks.internal/alerts/${ALERT_ROUTE}`" % pick(
        ["+49 *** *** **%02d" % R.randint(0, 99), "+33 * ** ** ** %02d" % R.randint(0, 99), "<E.164 number>", "+XX XXX XXXXXXX"])), lang


@neg("placeholder_example")
def ph_wpa_conf():
    lang = lang_any()
    body = 'ctrl_interface=/var/run/wpa_supplicant\nupdate_config=1\ncountry=DE\nnetwork={\n    ssid="<your-ssid>"\n    psk="<your-passphrase>"\n    key_mgmt=WPA-PSK\n}'
    return fence(body), lang


@neg("placeholder_example")
def ph_hawkbit():
    lang = lang_any()
    body = "[client]\nserver_host = hawkbit.lab.local:8080\ntenant_id = DEFAULT\ntarget_name = %s\nauth_token = <TARGET_SECURITY_TOKEN>\n#gateway_token = ${HAWKBIT_GATEWAY_TOKEN}\nssl = true" % (board())
    return fence(body, "ini"), lang


@neg("placeholder_example")
def ph_tokens_truncated():
    lang = lang_any()
    return pick([
        "the GH token for west in CI looks like `ghp_xxxxxxxxxxxx…`, put yours in `~/.netrc`, not in west.yml",
        "the triage bot reads `ANTHROPIC_API_KEY=sk-ant-api03-...` from the runner env, ask secops if it's missing",
        "fine-grained PAT format is `github_pat_<...>` — the old `ghp_` ones are being phased out on the fw org",
        "set `SLACK_BOT_TOKEN=xoxb-...` in the HIL runner, the build bot posts flash results to #fw-ci",
        "`OPENAI_API_KEY=sk-proj-XXXXXXXX` in the example .env is a dummy, the crash summarizer uses the org key from Vault",
        "Authorization: Bearer <device-jwt> — the gateway mints it from the device key, it is never typed by hand",
    ]) + " " + say("check", lang, "the README section"), lang


@neg("placeholder_example")
def ph_golioth():
    lang = lang_any()
    body = "uart:~$ settings set golioth/psk-id <device-name>@<project-id>\nuart:~$ settings set golioth/psk <your-psk>\nuart:~$ kernel reboot cold"
    return "from the Golioth quickstart, these are literal placeholders:\n" + fence(body), lang


@neg("placeholder_example")
def ph_examples_doc_masks():
    lang = lang_any()
    rows = ["| field | example in docs | note |", "|---|---|---|",
            "| `app_key` | `00000000000000000000000000000000` | all-zero = unset, join will fail |",
            "| `wifi_psk` | `••••••••` | never returned by the API |",
            "| `api_token` | `tok_XXXXXXXXXXXXXXXX` | redacted in exports |",
            "| `owner_phone` | `+XX XXXX XXXXXX` | masked |",
            "| `card` | `xxxx xxxx xxxx %04d` | last 4 only |" % R.randint(0, 9999),
            "| `iban` | `DE00 0000 0000 0000 0000 00` | dummy |"]
    return say("check", lang, "the API docs table") + "\n" + "\n".join(rows), lang


@neg("placeholder_example")
def ph_flash_enc_cmd():
    lang = lang_any()
    body = "espsecure.py generate_flash_encryption_key my_flash_encryption_key.bin\nespefuse.py --port PORT burn_key BLOCK_KEY1 my_flash_encryption_key.bin XTS_AES_128_KEY\n# PORT and the key file name are placeholders from the docs; production keys are generated on-chip"
    return fence(body, "sh"), lang


@neg("placeholder_example")
def ph_ssh_gateway():
    lang = lang_any()
    return fence("ssh -i ~/.ssh/<your-key> root@%s   # password auth is off, use your key\nscp build/gw-agent root@%s:/opt/agent/" % (private_ip(), private_ip()), "sh"), lang


# ---------------------------------------------------------------- code_identifier
SEC_WORDS = ["password", "passphrase", "psk", "token", "secret", "app_key", "nwk_key", "session_key", "private_key",
             "signing_key", "credential", "api_key", "pin", "cert", "keystore", "auth"]


@neg("code_identifier")
def ci_header():
    lang = lang_any()
    body = """#pragma once
#include <stdint.h>
#include <stddef.h>

typedef struct {
    uint8_t dev_eui[8];
    uint8_t join_eui[8];
    uint8_t app_key[16];      /* never logged, see CRED_LOG_POLICY */
    uint8_t nwk_key[16];
} lorawan_keys_t;

int cred_store_get_wifi_password(char *out, size_t out_len);
int cred_store_set_wifi_password(const char *psk, size_t psk_len);
int cred_store_get_lorawan_keys(lorawan_keys_t *keys);
int cred_store_wipe_%s(void);
bool cred_store_has_api_token(void);""" % pick(["all", "tokens", "session_keys"])
    return fence(body, "c"), lang


@neg("code_identifier")
def ci_esp_backtrace():
    lang = lang_any()
    frames = [("wifi_cred_load_passphrase", "main/wifi_cred.c"), ("nvs_get_str", "components/nvs_flash/src/nvs_api.cpp"),
              ("mqtt_client_set_password", "main/mqtt_glue.c"), ("esp_tls_set_client_key", "components/esp-tls/esp_tls.c"),
              ("provision_apply_token", "main/provision.c"), ("app_main", "main/main.c"), ("main_task", "components/freertos/app_startup.c")]
    k = R.randint(3, len(frames))
    addrs = ["0x%08x:0x%08x" % (0x400d0000 + R.randint(0, 0xfffff), 0x3ffb0000 + R.randint(0, 0xffff)) for _ in range(k)]
    lines = ["Guru Meditation Error: Core  %d panic'ed (LoadProhibited). Exception was unhandled." % R.randint(0, 1), "",
             "Core  0 register dump:",
             "PC      : 0x%08x  PS      : 0x00060030  A0      : 0x%08x  A1      : 0x3ffb%04x" % (0x400d0000 + R.randint(0, 0xfffff), 0x800d0000 + R.randint(0, 0xfffff), R.randint(0, 0xffff)),
             "EXCVADDR: 0x%08x" % R.randint(0, 0x40), "", "Backtrace: " + " ".join(addrs), ""]
    for a, (fn, path) in zip(addrs, frames[:k]):
        lines.append("%s: %s at %s:%d" % (a.split(":")[0], fn, path, R.randint(20, 900)))
    return say("failed", lang, "`%s` boot" % board()) + "\n" + fence("\n".join(lines)), lang


@neg("code_identifier")
def ci_zephyr_fault():
    lang = lang_any()
    fns = ["tls_credential_get", "mqtt_helper_connect", "lwm2m_security_load_psk", "modem_key_mgmt_exists", "app_cloud_token_refresh",
           "nrf_cloud_jwt_generate", "settings_load_subtree"]
    lines = ["[%08d] <err> os: ***** BUS FAULT *****" % R.randint(100, 99999999),
             "[%08d] <err> os:   Precise data bus error" % R.randint(100, 99999999),
             "[%08d] <err> os:   BFAR Address: 0x%08x" % (R.randint(100, 99999999), R.getrandbits(32)),
             "[%08d] <err> os: r0/a1:  0x%08x  r1/a2:  0x%08x  r2/a3:  0x%08x" % (R.randint(100, 99999999), R.getrandbits(32), R.getrandbits(32), R.getrandbits(32)),
             "[%08d] <err> os: r3/a4:  0x%08x r12/ip:  0x%08x r14/lr:  0x%08x" % (R.randint(100, 99999999), R.getrandbits(32), R.getrandbits(32), R.getrandbits(32)),
             "[%08d] <err> os:  xpsr:  0x%08x" % (R.randint(100, 99999999), 0x61000000 + R.randint(0, 0xff)),
             "[%08d] <err> os: Faulting instruction address (r15/pc): 0x%08x" % (R.randint(100, 99999999), 0x00020000 + R.randint(0, 0xfffff)),
             "[%08d] <err> os: >>> ZEPHYR FATAL ERROR 25: Unknown error on CPU 0" % R.randint(100, 99999999),
             "[%08d] <err> os: Current thread: 0x%08x (%s)" % (R.randint(100, 99999999), 0x20000000 + R.randint(0, 0xffff), pick(["cloud_wq", "main", "sysworkq"]))]
    lines.append("$ addr2line -e build/zephyr/zephyr.elf -f 0x%x" % (0x20000 + R.randint(0, 0xfffff)))
    f = pick(fns)
    lines.append(f)
    lines.append("/work/ncs/app/src/%s.c:%d" % (f.split("_")[0], R.randint(30, 700)))
    return fence("\n".join(lines)), lang


@neg("code_identifier")
def ci_hardfault_handler():
    lang = lang_any()
    body = """void HardFault_Handler_C(uint32_t *stack) {
    fault_record_t rec = {
        .cfsr  = SCB->CFSR,
        .hfsr  = SCB->HFSR,
        .mmfar = SCB->MMFAR,
        .bfar  = SCB->BFAR,
        .pc    = stack[6],
        .lr    = stack[5],
    };
    /* wipe key material before we dump anything over SWO */
    secure_zero(g_session_keys, sizeof(g_session_keys));
    secure_zero(g_ota_verify_ctx.pubkey_scratch, sizeof(g_ota_verify_ctx.pubkey_scratch));
    fault_store_persist(&rec);
    NVIC_SystemReset();
}"""
    return say("check", lang, "the fault handler") + "\n" + fence(body, "c"), lang


@neg("code_identifier")
def ci_prj_conf():
    lang = lang_any()
    opts = ["CONFIG_TLS_CREDENTIALS=y", "CONFIG_MODEM_KEY_MGMT=y", "CONFIG_MQTT_HELPER_SEC_TAG=%d" % R.randint(100, 300),
            "CONFIG_NRF_CLOUD_CLIENT_ID_SRC_IMEI=y", "CONFIG_MBEDTLS_PSA_CRYPTO_C=y", "CONFIG_MBEDTLS_KEY_EXCHANGE_PSK_ENABLED=y",
            "CONFIG_BT_SMP_SC_PAIR_ONLY=y", "CONFIG_BT_FIXED_PASSKEY=n", "CONFIG_SETTINGS_NVS=y", "CONFIG_LWM2M_DTLS_SUPPORT=y",
            "CONFIG_LWM2M_CLIENT_UTILS_SECURITY_OBJ_SUPPORT=y", "CONFIG_BOOT_SIGNATURE_TYPE_ECDSA_P256=y",
            'CONFIG_BOOT_SIGNATURE_KEY_FILE="${APP_DIR}/keys/root-ec-p256.pem"', "CONFIG_TFM_PARTITION_CRYPTO=y",
            "CONFIG_MBEDTLS_SSL_MAX_CONTENT_LEN=4096", "CONFIG_NET_SOCKETS_SOCKOPT_TLS=y"]
    R.shuffle(opts)
    return fence("\n".join(opts[:R.randint(4, len(opts))]), "kconfig"), lang


@neg("code_identifier")
def ci_devicetree():
    lang = lang_any()
    body = """&flash0 {
    partitions {
        compatible = "fixed-partitions";
        #address-cells = <1>;
        #size-cells = <1>;
        boot_partition: partition@0 { label = "mcuboot"; reg = <0x00000000 0x0000c000>; };
        slot0_partition: partition@c000 { label = "image-0"; reg = <0x0000c000 0x00076000>; };
        slot1_partition: partition@82000 { label = "image-1"; reg = <0x00082000 0x00076000>; };
        key_store_partition: partition@f8000 { label = "key-store"; reg = <0x000f8000 0x00004000>; read-only; };
        storage_partition: partition@fc000 { label = "storage"; reg = <0x000fc000 0x00004000>; };
    };
};"""
    return say("check", lang, "the partition layout for rev %s" % pick("CDE")) + "\n" + fence(body, "dts"), lang


@neg("code_identifier")
def ci_nm():
    lang = lang_any()
    syms = ["crypto_ecdsa_verify_fw_sig", "g_session_token_cache", "wifi_prov_mgr_set_pop", "lorawan_derive_session_keys",
            "cred_store_get_wifi_password", "s_mqtt_password_buf", "tls_psk_identity", "ota_signing_pubkey",
            "mbedtls_pk_parse_key", "nrf_cloud_jwt_generate", "g_app_key_shadow", "hsm_unwrap_device_key", "secure_zero"]
    R.shuffle(syms)
    lines = []
    for s in syms[:R.randint(4, len(syms))]:
        t = "T" if not s.startswith(("g_", "s_")) else pick("BD")
        base = 0x08000000 if t == "T" else 0x20000000
        lines.append("%08x %08x %s %s" % (base + R.randint(0, 0xfffff), R.randint(4, 900), t, s))
    return fence("$ arm-none-eabi-nm -S --size-sort build/%s.elf | grep -iE 'key|token|pass|cred|sig'\n" % pick(FW_NAMES) + "\n".join(lines)), lang


@neg("code_identifier")
def ci_rust():
    lang = lang_any()
    body = """use zeroize::{Zeroize, ZeroizeOnDrop};

#[derive(Zeroize, ZeroizeOnDrop)]
pub struct DeviceSecrets {
    app_key: [u8; 16],
    nwk_key: [u8; 16],
    psk_identity: heapless::String<32>,
    wifi_passphrase: heapless::String<64>,
}

impl DeviceSecrets {
    pub fn load(flash: &mut impl NorFlash) -> Result<Self, SecretStoreError> { /* ... */ }
    pub fn derive_session_keys(&self, join_nonce: u32, dev_nonce: u16) -> SessionKeys { /* ... */ }
}"""
    return fence(body, "rust"), lang


@neg("code_identifier")
def ci_python_tool():
    lang = lang_any()
    body = """def burn_efuse_key(port: str, block: str, keyfile: Path, purpose: str = "XTS_AES_128_KEY") -> None:
    ...

parser = argparse.ArgumentParser(prog="fw-provision")
parser.add_argument("--signing-key", type=Path, help="path to the mcuboot signing key (HSM-backed in CI)")
parser.add_argument("--wifi-password-env", default="WIFI_PASSWORD", help="name of the env var holding the PSK")
parser.add_argument("--api-token-file", type=Path)
parser.add_argument("--dry-run", action="store_true")"""
    return fence(body, "python"), lang


@neg("code_identifier")
def ci_proto():
    lang = lang_any()
    body = """syntax = "proto3";
package fleet.provisioning.v1;

message ProvisionRequest {
  bytes  device_csr        = 1;
  string dev_eui           = 2;
  bytes  wifi_psk_enc      = 3;   // encrypted to the device key, never plaintext
  string api_token_ref     = 4;   // vault path, not the token
  uint32 key_version       = 5;
}

service Provisioning {
  rpc IssueDeviceCredential(ProvisionRequest) returns (ProvisionResponse);
  rpc RotateSessionToken(RotateRequest) returns (RotateResponse);
}"""
    return fence(body, "proto"), lang


@neg("code_identifier")
def ci_map_file():
    lang = lang_any()
    syms = ["s_wifi_password", "s_mqtt_token", "g_app_key_shadow", "s_tls_psk", "s_pairing_passkey", "g_jwt_buf"]
    lines = []
    for s in syms[:R.randint(2, 6)]:
        lines.append(" .bss.%s\n                0x%08x       0x%x %s(%s.o)" % (s, 0x20000000 + R.randint(0, 0xffff), pick([0x20, 0x40, 0x80, 0x100, 0x200]),
                                                                              pick(["libapp.a", "libwifi.a", "libcloud.a"]), pick(["wifi_cfg", "cloud", "pairing", "cred_store"])))
    return say("check", lang, "why .bss grew") + "\n" + fence("\n".join(lines)), lang


@neg("code_identifier")
def ci_log_varnames():
    lang = lang_any()
    lines = ["D (%d) mqtt: password_len=0 username_len=%d client_id_len=%d" % (R.randint(1000, 9000), R.randint(4, 20), R.randint(8, 32)),
             "I (%d) prov: security=WIFI_PROV_SECURITY_1, pop=%s" % (R.randint(1000, 9000), pick(["not set", "set (len hidden)"])),
             "W (%d) cred: api_token_expiry=%d, refresh_token_present=%s" % (R.randint(1000, 9000), R.randint(1717000000, 1740000000), pick(["true", "false"])),
             "E (%d) tls: mbedtls_pk_parse_key returned -0x3d00 (MBEDTLS_ERR_PK_KEY_INVALID_FORMAT)" % R.randint(1000, 9000),
             "E (%d) tls: MBEDTLS_ERR_PK_PASSWORD_REQUIRED (-0x3B80) for key slot %d" % (R.randint(1000, 9000), R.randint(0, 4))]
    R.shuffle(lines)
    return fence("\n".join(lines[:R.randint(2, 5)])), lang


@neg("code_identifier")
def ci_android_trace():
    lang = lang_any()
    frames = ["com.acme.fleet.provision.ble.CredentialWriter.writeWifiPassphrase(CredentialWriter.kt:%d)",
              "com.acme.fleet.provision.ble.GattSession.writeCharacteristic(GattSession.kt:%d)",
              "com.acme.fleet.provision.ProvisionViewModel.sendApiTokenToDevice(ProvisionViewModel.kt:%d)",
              "com.acme.fleet.provision.crypto.SessionKeyDerivation.deriveAesKey(SessionKeyDerivation.kt:%d)",
              "kotlinx.coroutines.internal.DispatchedContinuation.resumeWith(DispatchedContinuation.kt:%d)",
              "android.os.Handler.dispatchMessage(Handler.java:%d)", "android.os.Looper.loop(Looper.java:%d)"]
    lines = ["E/AndroidRuntime: FATAL EXCEPTION: main",
             "    com.acme.fleet.provision.ble.GattWriteException: status=133 on characteristic WIFI_PASSWORD_CHAR (%s)" % uuid4()]
    for f in frames[:R.randint(3, len(frames))]:
        lines.append("        at " + f % R.randint(20, 600))
    return say("failed", lang, "BLE provisioning on %s" % pick(["Pixel 7", "Galaxy A54", "Android 14"])) + "\n" + fence("\n".join(lines)), lang


@neg("code_identifier")
def ci_mangled_gdb():
    lang = lang_any()
    frames = ["_ZN3ota8Verifier15checkSignatureEPKhj", "_ZN4cred5Store12readPasswordEPcj", "_ZN5cloud10JwtBuilder4signERKNS_6DevKeyE",
              "_ZN4lora7Session11deriveKeysERKNS_6AppKeyEtj", "_ZN3hal5Flash4readEmPvj"]
    lines = []
    for i, f in enumerate(frames[:R.randint(3, 5)]):
        lines.append("#%d  0x%08x in %s (this=0x%08x, %s) at %s:%d" % (i, 0x08000000 + R.randint(0, 0xfffff), f, 0x20000000 + R.randint(0, 0xffff),
                                                                    pick(["len=64", "buf=0x2000f3a0", "key=...", "offset=0"]), pick(["ota.cpp", "cred.cpp", "jwt.cpp", "lora.cpp"]), R.randint(10, 400)))
    return fence("(gdb) bt\n" + "\n".join(lines)), lang


@neg("code_identifier")
def ci_gatt_table():
    lang = lang_any()
    rows = ["| characteristic | UUID | props |", "|---|---|---|"]
    for n, p in [("WIFI_SSID_CHAR", "W"), ("WIFI_PASSWORD_CHAR", "W (encrypted link only)"), ("API_TOKEN_CHAR", "W"), ("PAIRING_PIN_CHAR", "—, removed in 2.x"),
                 ("DEVICE_CERT_CHAR", "R"), ("PROV_STATUS_CHAR", "R/N")][:R.randint(3, 6)]:
        rows.append("| `%s` | `%s` | %s |" % (n, uuid4(), p))
    return say("check", lang, "the GATT table") + "\n" + "\n".join(rows), lang


@neg("code_identifier")
def ci_go_backend():
    lang = lang_any()
    body = """panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%x]

goroutine %d [running]:
github.com/acme-fw/fleet/internal/devices.(*Service).RotateDeviceToken(0xc000%05x, {0x%x, 0xc000%05x}, {0xc000%05x, 0x10})
\t/src/internal/devices/token.go:%d +0x%x
github.com/acme-fw/fleet/internal/devices.(*Handler).PostRotateCredentials(0xc000%05x, {0x%x, 0xc000%05x}, 0xc000%05x)
\t/src/internal/devices/http.go:%d +0x%x
net/http.HandlerFunc.ServeHTTP(...)
\t/usr/local/go/src/net/http/server.go:2166""" % (R.randint(0x400000, 0x9fffff), R.randint(10, 900), R.getrandbits(20), R.randint(0x100000, 0x9fffff), R.getrandbits(20), R.getrandbits(20),
                                                  R.randint(30, 400), R.randint(0x10, 0x3ff), R.getrandbits(20), R.randint(0x100000, 0x9fffff), R.getrandbits(20), R.getrandbits(20),
                                                  R.randint(30, 400), R.randint(0x10, 0x3ff))
    return fence(body), lang


@neg("code_identifier")
def ci_sql():
    lang = lang_any()
    body = """CREATE TABLE devices (
    dev_eui            CHAR(16) PRIMARY KEY,
    app_key_enc        BYTEA NOT NULL,          -- wrapped with the KMS key, never plaintext
    app_key_kek_id     TEXT NOT NULL,
    psk_hash           BYTEA,
    api_token_last4    CHAR(4),
    last_token_refresh TIMESTAMPTZ,
    owner_account_id   UUID REFERENCES accounts(id)
);
CREATE INDEX ON devices (last_token_refresh);"""
    return fence(body, "sql"), lang


@neg("code_identifier")
def ci_makefile():
    lang = lang_any()
    body = """SIGNING_KEY ?= keys/dev-signing.pem
KEY_SLOT    ?= 0

sign: build/app.bin
\timgtool sign --key $(SIGNING_KEY) --header-size 0x200 --slot-size 0x76000 --version $(VERSION) $< build/app.signed.bin

flash-keys:
\tpython3 tools/fw-provision.py --port $(PORT) --api-token-file $(API_TOKEN_FILE) --wifi-password-env WIFI_PASSWORD

.PHONY: sign flash-keys"""
    return fence(body, "make"), lang


@neg("code_identifier")
def ci_k8s_ref():
    lang = lang_any()
    body = """env:
  - name: CHIRPSTACK_API_TOKEN
    valueFrom:
      secretKeyRef:
        name: chirpstack-api
        key: token
  - name: OTA_SIGNING_KEY_ID
    value: "%s"
  - name: MQTT_PASSWORD_FILE
    value: /run/secrets/mqtt_password""" % rhex(16)
    return fence(body, "yaml"), lang


@neg("code_identifier")
def ci_micropython_tb():
    lang = lang_any()
    body = """Traceback (most recent call last):
  File "main.py", line %d, in <module>
  File "net.py", line %d, in connect
  File "wifi_cfg.py", line %d, in load_password
OSError: [Errno 2] ENOENT: /secrets/wifi_password.txt""" % (R.randint(5, 90), R.randint(5, 90), R.randint(5, 90))
    return say("failed", lang, "boot on the Pico W") + "\n" + fence(body), lang


@neg("code_identifier")
def ci_unit_tests():
    lang = lang_any()
    tests = ["test_appkey_never_logged", "test_wifi_password_truncated_at_63", "test_token_refresh_before_expiry",
             "test_reject_unsigned_image", "test_psk_identity_utf8", "test_session_key_zeroized_on_rejoin",
             "CredStore.RejectsShortPassphrase", "JwtBuilder.UsesDeviceKeySlot", "OtaVerifier.RejectsWrongKeyHash"]
    R.shuffle(tests)
    lines = ["[ RUN      ] %s\n[       OK ] %s (%d ms)" % (t, t, R.randint(0, 40)) for t in tests[:R.randint(2, 7)]]
    return fence("\n".join(lines)), lang


@neg("code_identifier")
def ci_compiler_warning():
    lang = lang_any()
    fn = pick(["wifi_cfg.c", "cloud.c", "pairing.c", "cred_store.c"])
    var = pick(["ssid_password", "api_token_buf", "psk_len", "session_key_tmp", "jwt_secret_len"])
    return fence("src/%s:%d:%d: warning: unused variable '%s' [-Wunused-variable]\n  %d |     size_t %s = 0;\n      |            ^~~~~~~~~~~~~" % (
        fn, R.randint(10, 500), R.randint(5, 20), var, R.randint(10, 500), var)) + "\n" + say("check", lang, "`-Werror` on CI"), lang


@neg("code_identifier")
def ci_one_liner():
    lang = lang_any()
    return pick([
        "`cred_store_get_wifi_password()` returns -ENOENT when the NVS namespace is empty, not -EINVAL",
        "rename `g_appkey_shadow` → `g_app_key_cache`? the old name trips the secret linter every time",
        "`lorawan_set_app_key(const uint8_t key[16])` should take a key handle from the secure element, not raw bytes",
        "the `--signing-key` flag of fw-provision is ignored when `SIGNING_KEY_URI=pkcs11:` is set",
        "`MBEDTLS_ERR_SSL_UNKNOWN_IDENTITY` (-0x6C80) means the broker doesn't know our PSK identity, not a wrong password",
        "`settings_load_subtree(\"cloud/token\")` runs before the modem is up, so `token_valid` is always false on first boot",
        "`nrf_cloud_jwt_generate(0, buf, sizeof(buf))` — 0 means default lifetime, not 'never expires'",
        "`esp_wifi_set_config(WIFI_IF_STA, &cfg)` copies `cfg.sta.password`, so zeroing our buffer afterwards is safe",
    ]) + " — " + say("check", lang, "the API doc"), lang


@neg("code_identifier")
def ci_enum_errors():
    lang = lang_any()
    body = """typedef enum {
    CRED_OK                   = 0,
    CRED_ERR_NO_PASSWORD      = -1,
    CRED_ERR_TOKEN_EXPIRED    = -2,
    CRED_ERR_BAD_KEY_LEN      = -3,
    CRED_ERR_PIN_LOCKED       = -4,
    CRED_ERR_CERT_NOT_YET_VALID = -5,
} cred_err_t;

const char *cred_strerror(cred_err_t e);"""
    return fence(body, "c"), lang


# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": [
        "We rotate the OTA signing key next sprint; the new public key goes into mcuboot first, the private half stays in the HSM.",
        "Please don't paste AppKeys in here, even for bench devices. Use the provisioning tool, it pulls them from the vault.",
        "Who still has the old JTAG unlock password written down? We're moving every board to RDP level 2, so it won't matter soon.",
        "The Wi-Fi password for the lab network changed this morning, it's on the whiteboard in the lab, not in Slack.",
        "Secret scanning flagged a GitHub token in the west manifest history; it was revoked within ten minutes and the history rewritten.",
        "Reminder: the device private key is generated inside the secure element and never leaves it, so there is nothing to back up.",
        "Support forwarded a ticket with the customer's phone number and card details in the body — I deleted it and asked them to use the portal.",
        "The AWS keys for the firmware bucket are short-lived now (OIDC from CI), nobody needs a personal access key anymore.",
        "Does anyone know whether the triage bot's API key is per-team or per-org? Billing asked.",
        "Device JWTs are valid for one hour and minted on the device; if the clock is wrong the broker rejects them, that's the 'token expired' you see.",
        "For the HR onboarding form they need your SSN and bank account, but please send that through the HR portal, never DM it to anyone.",
        "The factory asked for the signing password again; the answer is still no, the line only gets signed images.",
        "After the incident we rotated every Slack bot token used by the HIL rigs and moved them to the secret store.",
        "The provisioning station logs only the last four characters of the PSK now, fixed in the last release.",
        "If a key ever shows up in a crash dump, treat it as leaked: revoke, rotate, and file a security ticket.",
    ],
    "de": [
        "Bitte keine AppKeys hier posten, auch nicht für Testgeräte – das Provisioning-Tool holt sie aus dem Vault.",
        "Der OTA-Signierschlüssel wird im nächsten Sprint rotiert, der private Teil bleibt im HSM.",
        "Das WLAN-Passwort im Labor wurde heute geändert, es hängt am Whiteboard und nicht im Slack.",
        "Wer hat noch das alte JTAG-Passwort? Wir stellen ohnehin alle Boards auf RDP Level 2 um.",
        "Der Kunde hat seine Telefonnummer und IBAN ins Ticket geschrieben, ich habe das Ticket bereinigt.",
        "Die Zugangsdaten für den Firmware-Bucket sind jetzt kurzlebig, persönliche AWS-Keys braucht niemand mehr.",
        "Falls ein Schlüssel in einem Crashdump auftaucht: sofort widerrufen, rotieren und ein Security-Ticket anlegen.",
        "Die Fertigung bekommt nur signierte Images, das Signierpasswort geben wir nicht raus.",
    ],
    "fr": [
        "Merci de ne jamais coller de clé AppKey ici, même pour les cartes de test.",
        "On fait tourner la clé de signature OTA au prochain sprint ; la clé privée reste dans le HSM.",
        "Le mot de passe Wi-Fi du labo a changé, il est affiché dans le labo, pas sur Slack.",
        "Le client a mis son numéro de téléphone et sa carte bancaire dans le ticket, je l'ai nettoyé.",
        "Si une clé apparaît dans un dump, on la considère comme compromise : révocation puis rotation.",
        "Les jetons des appareils expirent au bout d'une heure, c'est normal que le broker les refuse si l'horloge dérive.",
        "Qui a encore le mot de passe de déverrouillage JTAG de l'ancienne série ?",
    ],
    "es": [
        "Por favor no pegues claves AppKey aquí, ni siquiera de placas de prueba.",
        "La clave de firma OTA se rota el próximo sprint; la parte privada se queda en el HSM.",
        "La contraseña del Wi-Fi del laboratorio cambió esta mañana, está en la pizarra, no en Slack.",
        "El cliente puso su número de teléfono y su tarjeta en el ticket; ya lo limpié y le pedí usar el portal.",
        "Si aparece una clave en un volcado, se considera filtrada: revocar, rotar y abrir ticket de seguridad.",
        "Los tokens de los bots de Slack del banco HIL ya están en el gestor de secretos.",
        "¿Alguien sabe si la API key del bot de triaje es por equipo o por organización?",
    ],
    "pt": [
        "Não colem AppKeys aqui, nem de placas de teste, por favor.",
        "A chave de assinatura OTA será rotacionada no próximo sprint; a parte privada fica no HSM.",
        "A senha do Wi-Fi do laboratório mudou hoje, está no quadro branco.",
        "O cliente mandou telefone e dados do cartão no chamado; já apaguei e pedi para usar o portal.",
        "Se alguma chave aparecer num dump de crash, tratem como vazada e rotacionem.",
        "Os tokens JWT dos dispositivos valem uma hora; relógio errado dá 'token expired'.",
    ],
    "it": [
        "Per favore non incollate le AppKey qui, nemmeno per le schede di test.",
        "La chiave di firma OTA verrà ruotata il prossimo sprint; la parte privata resta nell'HSM.",
        "La password del Wi-Fi del laboratorio è cambiata, è scritta sulla lavagna.",
        "Il cliente ha scritto numero di telefono e IBAN nel ticket, l'ho ripulito.",
        "Se una chiave compare in un crash dump va considerata compromessa: revoca e rotazione.",
        "Chi ha ancora la password di sblocco JTAG della vecchia serie?",
    ],
    "nl": [
        "Plak alsjeblieft geen AppKeys hier, ook niet voor testborden.",
        "De OTA-ondertekeningssleutel wordt volgende sprint geroteerd; de privésleutel blijft in de HSM.",
        "Het wifi-wachtwoord van het lab is vandaag veranderd, het staat op het whiteboard.",
        "De klant had zijn telefoonnummer en IBAN in het ticket gezet, ik heb het opgeschoond.",
        "Als er een sleutel in een crashdump opduikt: intrekken, roteren en een securityticket aanmaken.",
    ],
    "pl": [
        "Proszę nie wklejać tutaj kluczy AppKey, nawet dla płytek testowych.",
        "Klucz do podpisywania OTA rotujemy w następnym sprincie, część prywatna zostaje w HSM.",
        "Hasło do Wi-Fi w laboratorium zmieniło się dziś rano, jest na tablicy.",
        "Klient wpisał numer telefonu i numer karty do zgłoszenia, wyczyściłem to.",
        "Jeśli klucz pojawi się w zrzucie pamięci, traktujemy go jako wyciek i rotujemy.",
    ],
    "ja": [
        "テスト基板であっても AppKey をここに貼らないでください。プロビジョニングツールが Vault から取得します。",
        "次のスプリントで OTA 署名鍵をローテーションします。秘密鍵は HSM から出ません。",
        "ラボの Wi-Fi パスワードは今朝変わりました。Slack ではなくホワイトボードに書いてあります。",
        "お客様がチケットに電話番号とカード情報を書いていたので削除しました。",
        "クラッシュダンプに鍵が出てきたら漏えい扱いで、失効とローテーションをお願いします。",
        "デバイスの JWT は1時間で期限切れです。時計がずれているとブローカーに拒否されます。",
    ],
    "zh": [
        "请不要在这里粘贴 AppKey，即使是测试板也不行，配网工具会从 Vault 取。",
        "下个迭代轮换 OTA 签名密钥，私钥一直留在 HSM 里。",
        "实验室 Wi-Fi 密码今天早上改了，写在白板上，不要发到 Slack。",
        "客户在工单里写了手机号和银行卡号，我已经删掉了。",
        "如果在崩溃转储里看到密钥，一律按泄露处理：吊销并轮换。",
    ],
    "ko": [
        "테스트 보드라도 AppKey를 여기에 붙여넣지 마세요.",
        "다음 스프린트에 OTA 서명 키를 교체합니다. 개인 키는 HSM 밖으로 나오지 않습니다.",
        "연구실 와이파이 비밀번호가 오늘 바뀌었어요. 화이트보드에 적혀 있습니다.",
        "고객이 티켓에 전화번호와 카드 번호를 적어서 삭제했습니다.",
        "크래시 덤프에 키가 보이면 유출로 간주하고 폐기 후 교체합니다.",
    ],
    "ru": [
        "Пожалуйста, не вставляйте сюда AppKey, даже для тестовых плат.",
        "Ключ подписи OTA меняем в следующем спринте, закрытая часть остаётся в HSM.",
        "Пароль от Wi-Fi в лаборатории сменили утром, он на доске, а не в Slack.",
        "Клиент написал в тикете свой телефон и номер карты, я всё удалил.",
        "Если ключ всплыл в дампе — считаем его скомпрометированным: отзыв и ротация.",
    ],
    "sv": [
        "Klistra inte in AppKeys här, inte ens för testkort.",
        "Vi roterar OTA-signeringsnyckeln nästa sprint, den privata delen stannar i HSM:en.",
        "Labbets wifi-lösenord byttes i morse, det står på whiteboarden.",
        "Kunden skrev sitt telefonnummer och kortnummer i ärendet, jag har rensat det.",
    ],
    "tr": [
        "Lütfen test kartları için bile AppKey'leri buraya yapıştırmayın.",
        "OTA imzalama anahtarını bir sonraki sprintte değiştiriyoruz, özel anahtar HSM'de kalıyor.",
        "Laboratuvarın Wi-Fi şifresi bu sabah değişti, beyaz tahtada yazıyor.",
        "Müşteri bilete telefon numarasını ve kart bilgisini yazmış, temizledim.",
    ],
    "cs": [
        "Prosím nevkládejte sem AppKey, ani pro testovací desky.",
        "Podpisový klíč pro OTA měníme příští sprint, soukromá část zůstává v HSM.",
        "Heslo k Wi-Fi v laboratoři se dnes ráno změnilo, je napsané na tabuli.",
        "Zákazník napsal do tiketu telefon a číslo karty, smazal jsem to.",
    ],
    "uk": [
        "Будь ласка, не вставляйте сюди AppKey, навіть для тестових плат.",
        "Ключ підпису OTA змінюємо наступного спринту, приватна частина лишається в HSM.",
        "Пароль від Wi-Fi у лабораторії змінили зранку, він на дошці.",
        "Клієнт написав у тікеті свій телефон і номер картки, я все прибрав.",
    ],
}


@neg("talk_about_secrets")
def ts_single():
    lang = pick(list(TALK))
    return pick(TALK[lang]), lang


@neg("talk_about_secrets")
def ts_multi():
    lang = pick(list(TALK))
    k = R.randint(2, min(4, len(TALK[lang])))
    return " ".join(R.sample(TALK[lang], k)), lang


@neg("talk_about_secrets")
def ts_thread():
    lang = pick(list(TALK))
    k = R.randint(2, min(5, len(TALK[lang])))
    return "\n".join(("> " if i == 0 else "") + s for i, s in enumerate(R.sample(TALK[lang], k))), lang


@neg("talk_about_secrets")
def ts_runbook():
    lang = pick(["en", "de", "ja", "es", "fr"])
    heads = {"en": "**Runbook: leaked device credential**", "de": "**Runbook: geleakte Gerätezugangsdaten**",
             "ja": "**手順書: デバイス認証情報の漏えい**", "es": "**Runbook: credencial de dispositivo filtrada**",
             "fr": "**Runbook : identifiant d'appareil divulgué**"}
    steps = {
        "en": ["Revoke the device certificate in the fleet CA", "Rotate the AppKey via rejoin with a new key from the HSM",
               "Invalidate all JWTs for the device (bump key version)", "Check the broker logs for connections with the old credential",
               "Do not paste the leaked value into the ticket, reference the device EUI only", "Post a summary in #fw-security"],
        "de": ["Gerätezertifikat in der Flotten-CA sperren", "AppKey per Rejoin mit neuem Schlüssel aus dem HSM ersetzen",
               "Alle JWTs des Geräts ungültig machen", "Broker-Logs auf Verbindungen mit den alten Zugangsdaten prüfen",
               "Den geleakten Wert nicht ins Ticket kopieren, nur die EUI referenzieren"],
        "ja": ["フリート CA でデバイス証明書を失効させる", "HSM の新しい鍵で再ジョインし AppKey を更新する", "そのデバイスの JWT をすべて無効化する",
               "古い認証情報での接続がないかブローカーのログを確認する", "漏えいした値はチケットに貼らず、EUI だけを記載する"],
        "es": ["Revocar el certificado del dispositivo en la CA", "Rotar la AppKey con un rejoin y una clave nueva del HSM",
               "Invalidar todos los JWT del dispositivo", "No pegar el valor filtrado en el ticket, solo el EUI"],
        "fr": ["Révoquer le certificat de l'appareil dans la CA", "Changer l'AppKey via un rejoin avec une nouvelle clé du HSM",
               "Invalider tous les JWT de l'appareil", "Ne pas coller la valeur divulguée dans le ticket, seulement l'EUI"],
    }
    st = steps[lang][:]
    k = R.randint(3, len(st))
    return heads[lang] + "\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(st[:k])), lang


@neg("talk_about_secrets")
def ts_faq():
    lang = "en"
    qa = [("Can I commit the dev signing key?", "No. Even the dev key lives in the secret store; CI fetches it."),
          ("Where do I get a Wi-Fi password for the HIL rig?", "Ask in #lab-ops, it's rotated monthly."),
          ("Do we store customer phone numbers on the device?", "No, SMS alerts are routed by the cloud, the device only knows an alert route id."),
          ("Is the DevEUI a secret?", "No, it's printed on the label. The AppKey is the secret."),
          ("What about the MAC address?", "Not secret, but don't publish fleet lists with owner data next to it."),
          ("Who can read the API token for the triage bot?", "Only the bot's service account; humans go through the web UI."),
          ("Why does the log say 'password required'?", "The key file is encrypted; CI passes the passphrase from the secret store.")]
    k = R.randint(2, len(qa))
    return "\n".join("**Q:** %s\n**A:** %s" % q for q in R.sample(qa, k)), lang


@neg("talk_about_secrets")
def ts_incident():
    lang = pick(["en", "de", "pl", "ko", "ru"])
    intro = {"en": "Incident summary (%s):", "de": "Incident-Zusammenfassung (%s):", "pl": "Podsumowanie incydentu (%s):",
             "ko": "장애 요약 (%s):", "ru": "Итоги инцидента (%s):"}[lang] % date_str()
    lines = [intro] + ["- " + s for s in R.sample(TALK[lang], min(len(TALK[lang]), R.randint(2, 4)))]
    return "\n".join(lines), lang


@neg("talk_about_secrets")
def ts_scanner_regex():
    lang = "en"
    return pick([
        "our pre-commit hook now blocks anything that looks like a Slack or GitHub token, plus PEM private key headers with a body; it's noisy on hex dumps, tune it rather than disabling it",
        "the secret scanner kept flagging DevEUIs as 'generic API keys' — they're 16 hex chars and printed on the label, so I added an allowlist for the `dev_eui` field",
        "should the support tool mask phone numbers and card numbers in tickets before they hit the data lake? I'd say yes, and IBANs too",
        "reminder that the crash uploader must scrub anything that could be a password or token from the NVS dump before it leaves the device",
    ]) + (" " + say("check", pick(LANGS), "the rule list") if chance(0.4) else ""), lang


@neg("talk_about_secrets")
def ts_rotation_table():
    lang = "en"
    items = [("OTA signing key (HSM slot %d)" % R.randint(1, 6), "fw-release"), ("Slack bot token, HIL notifier", "lab-ops"),
             ("GitHub fine-grained PAT for west in CI", "fw-infra"), ("AWS access for the fw bucket (OIDC role, no static key)", "fw-infra"),
             ("LoRaWAN AppKey wrapping key, batch %d" % R.randint(2401, 2452), "factory"), ("API key of the crash-triage bot", "fw-tools"),
             ("MQTT broker admin password", "cloud"), ("gateway root password, series 2", "field-ops"), ("Wi-Fi PSK, lab network", "lab-ops")]
    R.shuffle(items)
    rows = ["| credential | owner | last rotated | next |", "|---|---|---|---|"]
    for name, owner in items[:R.randint(3, len(items))]:
        rows.append("| %s | %s | %s | %s |" % (name, owner, date_str(1704067200, 30000000), date_str(1740000000, 20000000)))
    return "rotation tracker (values live in the vault, not here):\n" + "\n".join(rows), lang


SLOT_Q = {
    "en": "Out of {m} field units, {n} still report the factory-default {t}; OTA {v} forces a change on first boot.",
    "de": "Von {m} Geräten im Feld melden {n} noch das Werks-Default für {t}; OTA {v} erzwingt eine Änderung beim ersten Start.",
    "fr": "Sur {m} appareils sur le terrain, {n} ont encore le {t} par défaut ; l'OTA {v} force le changement au premier démarrage.",
    "es": "De {m} equipos en campo, {n} siguen con el {t} de fábrica; la OTA {v} obliga a cambiarlo en el primer arranque.",
    "ja": "フィールドの {m} 台のうち {n} 台がまだ工場出荷時の{t}のままです。OTA {v} で初回起動時に変更を強制します。",
    "pl": "Z {m} urządzeń w terenie {n} nadal ma fabryczne {t}; OTA {v} wymusza zmianę przy pierwszym uruchomieniu.",
    "ko": "현장 장비 {m}대 중 {n}대가 아직 공장 기본 {t}을 사용 중입니다. OTA {v}에서 첫 부팅 시 변경을 강제합니다.",
    "zh": "现场 {m} 台设备中仍有 {n} 台使用出厂默认的{t}，OTA {v} 会在首次启动时强制修改。",
}
SLOT_T = {"en": ["admin password", "Wi-Fi password", "BLE pairing PIN"], "de": ["Admin-Passwort", "WLAN-Passwort", "BLE-Pairing-PIN"],
          "fr": ["mot de passe admin", "mot de passe Wi-Fi", "code PIN BLE"], "es": ["contraseña de admin", "PIN de emparejamiento BLE"],
          "ja": ["管理者パスワード", "BLE ペアリング PIN"], "pl": ["hasło administratora", "hasło Wi-Fi"], "ko": ["관리자 비밀번호", "BLE 페어링 PIN"],
          "zh": ["管理员密码", "蓝牙配对 PIN"]}


@neg("talk_about_secrets")
def ts_slot_question():
    lang = pick(list(SLOT_Q))
    m = R.randint(500, 40000)
    return SLOT_Q[lang].format(m="{:,}".format(m), n=R.randint(1, m // 10), t=pick(SLOT_T[lang]), v=semver()), lang


ROLES = ["fw-lead", "secops", "lab-ops", "factory-eng", "cloud-oncall", "qa-hil", "support-l2", "field-ops"]


@neg("talk_about_secrets")
def ts_long_thread():
    lang = pick(list(TALK))
    pool = TALK[lang] + TALK["en"]
    k = R.randint(6, min(20, len(pool)))
    h, m = R.randint(8, 17), R.randint(0, 50)
    lines = []
    for s in R.sample(pool, k):
        m += R.randint(0, 6)
        lines.append("[%02d:%02d] %s: %s" % (h + m // 60, m % 60, pick(ROLES), s))
    return "\n".join(lines), lang


@neg("talk_about_secrets")
def ts_meeting():
    lang = pick(["en", "de", "fr", "ja", "zh", "pt"])
    head = {"en": "Security sync notes", "de": "Notizen Security-Sync", "fr": "Notes de la réunion sécurité", "ja": "セキュリティ定例メモ",
            "zh": "安全例会纪要", "pt": "Notas da reunião de segurança"}[lang]
    items = R.sample(TALK[lang], min(len(TALK[lang]), R.randint(2, 5)))
    return "### %s — %s\n%s" % (head, date_str(), "\n".join("* " + s for s in items)), lang


# --------------------------------------------------------------------------------------
# POSITIVE secret generators
# --------------------------------------------------------------------------------------
def g_anthropic():
    return "sk-ant-api03-" + rs(93, URLSAFE) + "AA"


def g_openai():
    k = R.randint(0, 2)
    if k == 0:
        return "sk-proj-" + rs(74, URLSAFE) + "T3BlbkFJ" + rs(74, URLSAFE)
    if k == 1:
        return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)
    return "sk-svcacct-" + rs(74, URLSAFE) + "T3BlbkFJ" + rs(74, URLSAFE)


def g_aws_id():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, UPPER + "234567")
        if "EXAMPLE" not in v:
            return v


def g_aws_secret():
    return rs(40, B64CH)


def _b62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def g_gh_classic():
    body = rs(30)
    return "ghp_" + body + _b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def g_gh_fine():
    return "github_pat_11" + rs(20, UPPER + DIGITS) + "_" + rs(59)


def g_slack_bot():
    return "xoxb-%d-%d-%s" % (R.randint(10**9, 10**13 - 1), R.randint(10**11, 10**13 - 1), rs(24))


def g_slack_user():
    return "xoxp-%d-%d-%d-%s" % (R.randint(10**9, 10**12 - 1), R.randint(10**9, 10**12 - 1), R.randint(10**11, 10**13 - 1), rhex(32))


FIRST = ["jonas", "lena", "mateo", "aiko", "wojciech", "ines", "pieter", "giulia", "sven", "elif", "tomas", "olena", "hiroshi",
         "camille", "rafael", "min-jun", "xiaoyu", "anouk", "marek", "beatriz"]
LAST = ["brandt", "haverkamp", "quiroga", "nishimura", "zielinski", "carvalho", "dekker", "ferrante", "lindqvist", "yilmaz",
        "novak", "kovalenko", "tanabe", "lefebvre", "moreira", "park", "chen", "visser", "dvorak", "salgado"]
DOMAINS = ["nordlicht-sensorik.de", "kestrel-iot.com", "valtomesh.io", "bricklane-devices.co.uk", "sakura-denshi.co.jp",
           "meteorix.fr", "placas-levante.es", "brisa-iot.com.br", "polmeter.pl", "gridwise-ems.nl", "tessera-labs.it",
           "fjordmetrics.se"]


def g_email():
    f, l = pick(FIRST), pick(LAST)
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s" % (f, l), "%s.%s+rma" % (f, l), "%s" % f])
    return "%s@%s" % (local, pick(DOMAINS))


def g_phone():
    k = R.randint(0, 11)
    d = lambda n: "".join(R.choice(DIGITS) for _ in range(n))
    if k == 0:
        return "+1 (%d%s) %d%s-%s" % (R.randint(2, 9), d(2), R.randint(2, 9), d(2), d(4))
    if k == 1:
        return "+44 7%s %s" % (d(3), d(6))
    if k == 2:
        return "+49 1%d%d %s" % (R.choice([5, 6, 7]), R.randint(0, 9), d(7))
    if k == 3:
        return "+33 6 %s %s %s %s" % (d(2), d(2), d(2), d(2))
    if k == 4:
        return "090-%s-%s" % (d(4), d(4))
    if k == 5:
        return "+48 %d%s %s %s" % (R.choice([5, 6, 7, 8]), d(2), d(3), d(3))
    if k == 6:
        return "+34 6%s %s %s" % (d(2), d(3), d(3))
    if k == 7:
        return "+31 6 %s" % d(8)
    if k == 8:
        return "+39 3%s %s %s" % (d(2), d(3), d(4))
    if k == 9:
        return "010-%s-%s" % (d(4), d(4))
    if k == 10:
        return "+86 13%d %s %s" % (R.randint(0, 9), d(4), d(4))
    return "+55 11 9%s-%s" % (d(4), d(4))


def g_password():
    k = R.randint(0, 3)
    if k == 0:
        return rs(R.randint(12, 20), ALNUM + "!#%*-_+=?")
    if k == 1:
        w = ["Kiesel", "Trafo", "Nebel", "Anker", "Lumen", "Vektor", "Quarz", "Falke", "Ozon", "Delta", "Ferrit", "Pegel"]
        return "%s-%s-%s-%d" % (pick(w), pick(w), pick(w), R.randint(10, 99))
    if k == 2:
        return rs(R.randint(14, 24))
    return "%s%d%s%s" % (rs(5, UPPER + LOWER), R.randint(100, 999), pick("!#%*?"), rs(5, ALNUM))


def g_url_userinfo():
    user = pick(["fleet-gw", "ota_uploader", "chirpstack", "nodered", "telegraf", "sensor-ingest", "hil", "fwbuild", "gw%03d" % R.randint(1, 400)])
    return "%s:%s" % (user, rs(R.randint(14, 28)))


def g_card():
    k = R.randint(0, 3)
    if k == 0:
        num = luhn_complete("4" + "".join(R.choice(DIGITS) for _ in range(14)))
    elif k == 1:
        num = luhn_complete(str(R.randint(51, 55)) + "".join(R.choice(DIGITS) for _ in range(13)))
    elif k == 2:
        num = luhn_complete(pick(["34", "37"]) + "".join(R.choice(DIGITS) for _ in range(12)))
    else:
        num = luhn_complete("6011" + "".join(R.choice(DIGITS) for _ in range(11)))
    f = R.randint(0, 2)
    if f == 0:
        return num
    sep = " " if f == 1 else "-"
    if len(num) == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(wrap(num, 4))


def g_iban():
    cc = pick(["DE", "GB", "FR", "NL", "ES", "IT", "PL", "AT", "CH", "BE"])
    dd = lambda n: "".join(R.choice(DIGITS) for _ in range(n))
    bban = {"DE": lambda: dd(18), "GB": lambda: rs(4, UPPER) + dd(14), "FR": lambda: dd(10) + rs(11, UPPER + DIGITS) + dd(2),
            "NL": lambda: rs(4, UPPER) + dd(10), "ES": lambda: dd(20), "IT": lambda: rs(1, UPPER) + dd(10) + dd(12),
            "PL": lambda: dd(24), "AT": lambda: dd(16), "CH": lambda: dd(17), "BE": lambda: dd(12)}[cc]()
    iban = make_iban(cc, bban)
    if chance(0.5):
        iban = " ".join(wrap(iban, 4))
    return iban


def g_ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


def g_ipv4():
    return public_ip()


def g_jwt():
    alg = pick(["HS256", "ES256", "RS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = rhex(pick([8, 16]))
    now = R.randint(1717000000, 1740000000)
    payload = pick([
        {"iat": now, "exp": now + 3600, "aud": pick(["acme-fleet-prod", "fleet-staging", "mqtt.acme-fw.io"]), "sub": "dev-" + eui64().lower()},
        {"iss": "https://auth.acme-fw.io/", "sub": "device|%s" % eui64().lower(), "scope": "ota:read telemetry:write", "iat": now, "exp": now + 86400},
        {"deviceId": "%s-%04d" % (board(), R.randint(1, 9999)), "tenant": pick(["eu1", "us2"]), "iat": now, "exp": now + 900, "jti": uuid4()},
    ])
    sig = rbytes({"HS256": 32, "ES256": 64, "RS256": 256}[alg])
    return "%s.%s.%s" % (b64url(json.dumps(hdr, separators=(",", ":")).encode()), b64url(json.dumps(payload, separators=(",", ":")).encode()), b64url(sig))


def g_pem():
    """returns (full_block, value, type)."""
    t = pick(["ec", "ec", "pkcs8ec", "ed25519", "rsa", "openssh"])
    if t == "ec":
        lab, lines = "EC PRIVATE KEY", pem_lines(ec_sec1_priv())
    elif t == "pkcs8ec":
        lab, lines = "PRIVATE KEY", pem_lines(ec_pkcs8_priv())
    elif t == "ed25519":
        lab, lines = "PRIVATE KEY", pem_lines(ed25519_pkcs8_priv())
    elif t == "rsa":
        lab, lines = "RSA PRIVATE KEY", pem_lines(rsa_pkcs1_priv(pick([1024, 2048])))
    else:
        lab, lines = "OPENSSH PRIVATE KEY", wrap(b64(openssh_ed25519_priv(pick(["gw-deploy", "hil-runner", "fw-ci"]))), 70)
    value = "\n".join(lines)
    block = "-----BEGIN %s-----\n%s\n-----END %s-----" % (lab, value, lab)
    return block, value, t


GEN = {"anthropic_api_key": g_anthropic, "openai_api_key": g_openai, "aws_access_key_id": g_aws_id,
       "aws_secret_access_key": g_aws_secret, "github_classic_pat": g_gh_classic, "github_fine_grained_pat": g_gh_fine,
       "slack_bot_token": g_slack_bot, "slack_user_token": g_slack_user, "email_address": g_email, "phone_number": g_phone,
       "password": g_password, "url_credentials": g_url_userinfo, "credit_card": g_card, "iban": g_iban, "us_ssn": g_ssn,
       "ipv4_address": g_ipv4, "jwt": g_jwt}

KINDS = ["anthropic_api_key", "openai_api_key", "aws_access_key_id", "aws_secret_access_key", "github_classic_pat",
         "github_fine_grained_pat", "slack_bot_token", "slack_user_token", "email_address", "phone_number", "password",
         "url_credentials", "credit_card", "iban", "us_ssn", "ipv4_address", "jwt", "private_key_pem"]


# --------------------------------------------------------------------------------------
# POSITIVE templates (single secret): fn(value) -> (text, lang)
# --------------------------------------------------------------------------------------
POS = collections.defaultdict(list)


def pos(kind):
    def deco(fn):
        POS[kind].append(fn)
        return fn
    return deco


# anthropic
@pos("anthropic_api_key")
def pa_env(v):
    return fence("# tools/crash-triage/.env\nTRIAGE_MODEL=claude-sonnet\nANTHROPIC_API_KEY=%s\nMAX_DUMP_KB=256" % v, "ini"), "en"


@pos("anthropic_api_key")
def pa_py(v):
    return fence('import anthropic\n\n# summarise the Guru Meditation dumps from the HIL rigs\nclient = anthropic.Anthropic(api_key="%s")\nsummary = client.messages.create(model=MODEL, max_tokens=800, messages=[{"role": "user", "content": dump}])' % v, "python"), "en"


@pos("anthropic_api_key")
def pa_chat_de(v):
    return "Der Triage-Bot für die Coredumps läuft jetzt mit meinem Key, bis wir einen Team-Key haben: %s — bitte nicht weitergeben" % v, "de"


@pos("anthropic_api_key")
def pa_ci_log(v):
    return fence("[hil-runner-03] %s DEBUG env dump before triage step:\n  RIG_ID=hil-03\n  ANTHROPIC_API_KEY=%s\n  PYTHONUNBUFFERED=1" % (iso_ts(), v)), "en"


@pos("anthropic_api_key")
def pa_ja(v):
    return "ログ要約スクリプト用のキーです（一時的）: `%s` 来週ローテーションします" % v, "ja"


# openai
@pos("openai_api_key")
def po_env(v):
    return fence("# serial-log-summarizer config.toml\n[llm]\nprovider = \"openai\"\napi_key = \"%s\"\nmax_lines = 4000" % v, "toml"), "en"


@pos("openai_api_key")
def po_es(v):
    return "Para el script que resume los logs del banco HIL usad esta clave mientras tanto: %s (la cambio el viernes)" % v, "es"


@pos("openai_api_key")
def po_curl(v):
    return fence('curl https://api.openai.com/v1/chat/completions \\\n  -H "Authorization: Bearer %s" \\\n  -H "Content-Type: application/json" \\\n  -d @panic_%d.json' % (v, R.randint(1, 999)), "sh"), "en"


@pos("openai_api_key")
def po_fr(v):
    return "le bot qui classe les crash dumps plante, il lit `OPENAI_API_KEY=%s` depuis le .env du runner, quelqu'un peut vérifier le quota ?" % v, "fr"


@pos("openai_api_key")
def po_ko(v):
    return "덤프 분석 봇 키 임시로 공유합니다: %s" % v, "ko"


# aws id
@pos("aws_access_key_id")
def pk_configure(v):
    return fence("$ aws configure --profile fw-artifacts\nAWS Access Key ID [None]: %s\nAWS Secret Access Key [None]: ****************\nDefault region name [None]: eu-central-1" % v), "en"


@pos("aws_access_key_id")
def pk_gw_log(v):
    return fence("%s gw-agent[%d]: uploading logs to s3://gw-diag/%s/ using access key %s" % (iso_ts(), R.randint(100, 9999), eui64().lower(), v)) + "\nwho owns this key? it's hardcoded in the gateway image", "en"


@pos("aws_access_key_id")
def pk_pl(v):
    return "Klucz do bucketa z firmware na stanowisku produkcyjnym: %s (sekret wyślę osobno)" % v, "pl"


@pos("aws_access_key_id")
def pk_yocto(v):
    return fence('# meta-acme/recipes-core/diag-uploader/files/diag.conf\nS3_BUCKET=gw-diag-prod\nAWS_ACCESS_KEY_ID=%s\nAWS_REGION=eu-west-1' % v, "ini"), "en"


# aws secret
@pos("aws_secret_access_key")
def ps_creds(v):
    return fence("[fw-upload]\naws_secret_access_key = %s\nregion = eu-central-1" % v, "ini"), "en"


@pos("aws_secret_access_key")
def ps_chat_nl(v):
    return "secret voor de fw-bucket (key id staat in 1Password): %s" % v, "nl"


@pos("aws_secret_access_key")
def ps_c(v):
    return fence('/* TODO remove before release */\n#define DIAG_S3_SECRET "%s"' % v, "c"), "en"


@pos("aws_secret_access_key")
def ps_it(v):
    return "Ecco la secret key per il bucket dei log dei gateway: `%s`" % v, "it"


# github classic
@pos("github_classic_pat")
def pg_west(v):
    return fence("# west.yml\nmanifest:\n  remotes:\n    - name: acme-private\n      url-base: https://%s@github.com/acme-fw\n  projects:\n    - name: sensor-drivers\n      remote: acme-private\n      revision: %s" % (v, rhex(40)), "yaml"), "en"


@pos("github_classic_pat")
def pg_chat(v):
    return "west update fails on the private drivers repo in CI, I set GH_TOKEN=%s on the runner for now" % v, "en"


@pos("github_classic_pat")
def pg_pio(v):
    return fence("[env:%s]\nlib_deps =\n    https://%s@github.com/acme-fw/lora-stack.git#v%s" % (board(), v, semver()), "ini"), "en"


@pos("github_classic_pat")
def pg_tr(v):
    return "Özel repo için token: %s — yarın iptal edeceğim" % v, "tr"


# github fine-grained
@pos("github_fine_grained_pat")
def pf_netrc(v):
    return fence("machine github.com\n  login fw-bot\n  password %s" % v), "en"


@pos("github_fine_grained_pat")
def pf_de(v):
    return "Fine-grained PAT für den Release-Workflow (nur contents:write auf fw-releases): %s" % v, "de"


@pos("github_fine_grained_pat")
def pf_gh(v):
    return fence("$ GH_TOKEN=%s gh release upload v%s build/*.zip --repo acme-fw/fw-releases" % (v, semver()), "sh"), "en"


@pos("github_fine_grained_pat")
def pf_zh(v):
    return "CI 拉取私有 SDK 的 token 先用这个：%s" % v, "zh"


# slack bot
@pos("slack_bot_token")
def pb_hil(v):
    return fence("# hil/notify.yaml\nslack:\n  channel: \"#fw-ci\"\n  bot_token: \"%s\"\n  post_on: [flash_fail, test_fail]" % v, "yaml"), "en"


@pos("slack_bot_token")
def pb_py(v):
    return fence('from slack_sdk import WebClient\nclient = WebClient(token="%s")\nclient.chat_postMessage(channel="#ota-rollout", text=f"wave {wave}: {ok}/{total} devices updated")' % v, "python"), "en"


@pos("slack_bot_token")
def pb_pt(v):
    return "o bot de rollout OTA está usando %s, coloquei no runner da bancada" % v, "pt"


@pos("slack_bot_token")
def pb_ru(v):
    return "токен бота для уведомлений со стенда: %s" % v, "ru"


# slack user
@pos("slack_user_token")
def pu_script(v):
    return fence("export SLACK_USER_TOKEN=%s\npython3 tools/archive_channel.py --channel fw-field-reports --since %s" % (v, date_str()), "sh"), "en"


@pos("slack_user_token")
def pu_sv(v):
    return "Jag använde min egen user-token för att exportera #fw-incidents: %s — ska byta till en app-token" % v, "sv"


@pos("slack_user_token")
def pu_cfg(v):
    return fence('{\n  "export": {"workspace": "acme-fw", "token": "%s", "channels": ["fw-releases", "lab"]}\n}' % v, "json"), "en"


# email
@pos("email_address")
def pe_git(v):
    return fence("commit %s\nAuthor: %s <%s>\nDate:   %s\n\n    sx126x: fix TCXO startup delay on rev D" % (rhex(40), pick(["J. Brandt", "A. Nishimura", "W. Zieliński", "I. Carvalho"]), v, date_str())), "en"


@pos("email_address")
def pe_de(v):
    return "Ansprechpartner beim EMS für die Rev-D-Charge ist %s, bitte direkt anschreiben wegen der Lötfehler an U7" % v, "de"


@pos("email_address")
def pe_rma(v):
    return fence("RMA-%d-%06d\ncustomer contact: %s\ndevice: %s, serial %s\nissue: no LoRa join after battery swap" % (R.randint(2023, 2025), R.randint(0, 999999), v, board(), board_serial())), "en"


@pos("email_address")
def pe_ja(v):
    return "モジュールメーカーの担当者は %s です。認証書類はこちらに送ってください。" % v, "ja"


@pos("email_address")
def pe_fr(v):
    return "le labo de certification RED veut le rapport à %s avant vendredi" % v, "fr"


# phone
@pos("phone_number")
def pp_oncall(v):
    return "field tech for the rooftop gateways this week, call if the site loses backhaul: %s" % v, "en"


@pos("phone_number")
def pp_cfg(v):
    return fence("# gw alert config (customer site %d)\nALERT_SMS_TO=%s\nALERT_ON=power_loss,tamper" % (R.randint(1, 400), v), "ini"), "en"


@pos("phone_number")
def pp_es(v):
    return "El instalador de la obra en Valencia es el que tiene la llave del cuarto técnico, su móvil: %s" % v, "es"


@pos("phone_number")
def pp_ja(v):
    return "現地の設置業者の携帯: %s（平日9時〜18時）" % v, "ja"


@pos("phone_number")
def pp_ticket(v):
    return fence("Ticket #%d\nCustomer reports the door sensor stays offline.\nCallback number: %s\nDevice EUI: %s" % (R.randint(100000, 999999), v, eui64())), "en"


# password
@pos("password")
def pw_wpa(v):
    return fence('network={\n    ssid="acme-lab-iot"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % v), "en"


@pos("password")
def pw_sdkconfig(v):
    return fence('CONFIG_ESP_WIFI_SSID="Warehouse-IoT"\nCONFIG_ESP_WIFI_PASSWORD="%s"' % v) + "\nthis is the real warehouse network, the pilot devices are built with it", "en"


@pos("password")
def pw_nvs(v):
    return fence("key,type,encoding,value\nwifi,namespace,,\nssid,data,string,Plant-3-Sensors\npass,data,string,%s" % v, "csv"), "en"


@pos("password")
def pw_de(v):
    return "Root-Passwort der Feld-Gateways (Serie 2) ist %s – bitte nur per Konsole, SSH ist zu" % v, "de"


@pos("password")
def pw_mosq(v):
    return fence("# mosquitto bridge to the customer broker\nconnection cust-bridge\naddress broker.customer-site.net:8883\nremote_username acme-bridge\nremote_password %s" % v), "en"


@pos("password")
def pw_nmcli(v):
    return fence('nmcli dev wifi connect "Lab-5G" password "%s" ifname wlan0' % v, "sh"), "en"


@pos("password")
def pw_pl(v):
    return "hasło do konsoli U-Boot na nowych gatewayach: %s" % v, "pl"


# url credentials
URL_FORMS = ["mqtts://{u}@broker.fleet-eu.net:8883", "amqps://{u}@rabbit.fleet-eu.net/telemetry", "postgres://{u}@db.fleet-eu.net:5432/devices",
             "https://{u}@artifacts.fleet-eu.net/fw/releases/", "ftp://{u}@gw-legacy.customer-site.net/upload/", "redis://{u}@cache.fleet-eu.net:6380/2",
             "http://{u}@influx.fleet-eu.net:8086/write?db=telemetry", "mongodb+srv://{u}@cluster0.fleet-eu.net/devices"]


@pos("url_credentials")
def pc_cfg(v):
    return fence("ingest:\n  url: \"%s\"\n  qos: 1" % pick(URL_FORMS).format(u=v), "yaml"), "en"


@pos("url_credentials")
def pc_log(v):
    return fence("%s E gw-agent: upload failed: %s → 530 Login incorrect" % (iso_ts(), pick(URL_FORMS).format(u=v))), "en"


@pos("url_credentials")
def pc_it(v):
    return "per collegare il gateway al broker di staging usate `%s`" % pick(URL_FORMS).format(u=v), "it"


@pos("url_credentials")
def pc_c(v):
    return fence('#define TELEMETRY_URI "%s"' % pick(URL_FORMS).format(u=v), "c"), "en"


@pos("url_credentials")
def pc_uk(v):
    return "ось рядок підключення для стенду: %s" % pick(URL_FORMS).format(u=v), "uk"


# credit card
@pos("credit_card")
def pcc_order(v):
    return "ordering the 30 extra nRF9160 DKs now, company card %s exp %02d/%d, CVC in DM" % (v, R.randint(1, 12), R.randint(26, 30)), "en"


@pos("credit_card")
def pcc_de(v):
    return "Für die Mouser-Bestellung (Antennen + u.FL-Kabel) bitte die Firmenkarte nehmen: %s, gültig bis %02d/%d" % (v, R.randint(1, 12), R.randint(26, 30)), "de"


@pos("credit_card")
def pcc_terminal(v):
    return fence("[PAY] DEBUG raw track2 parse ok\n[PAY] PAN=%s EXP=%02d%02d\n[PAY] amount=%d.%02d EUR" % (v, R.randint(26, 30), R.randint(1, 12), R.randint(1, 90), R.randint(0, 99))) + "\n^ this is from a *production* terminal, debug build leaked to the field", "en"


@pos("credit_card")
def pcc_ja(v):
    return "評価ボードの購入用カード番号: %s（経理了承済み）" % v, "ja"


@pos("credit_card")
def pcc_cs(v):
    return "kartou %s jsem zaplatil certifikaci v laboratoři, prosím o proplacení" % v, "cs"


# iban
@pos("iban")
def pi_de(v):
    return "Rechnung vom EMS (Rev-D-Bestückung) bitte auf %s überweisen, Verwendungszweck PO-%d" % (v, R.randint(4500000000, 4509999999)), "de"


@pos("iban")
def pi_en(v):
    return "the RF test lab changed banks, new IBAN for the CE/RED invoices: %s" % v, "en"


@pos("iban")
def pi_fr(v):
    return "RIB du sous-traitant pour le firmware du capteur : IBAN %s" % v, "fr"


@pos("iban")
def pi_nl(v):
    return "IBAN van de freelancer die de BLE-stack doet: %s" % v, "nl"


@pos("iban")
def pi_csv(v):
    return fence("supplier,iban,currency\nPCB assembly partner,%s,EUR" % v, "csv"), "en"


# ssn
@pos("us_ssn")
def pn_w9(v):
    return "for the contractor W-9 (the firmware consultant in Austin) — SSN %s, please file it in the HR portal and delete this" % v, "en"


@pos("us_ssn")
def pn_badge(v):
    return fence("badge-request:\n  site: austin-lab\n  access: [lab, cage-2]\n  ssn: \"%s\"\n  start: %s" % (v, date_str()), "yaml"), "en"


@pos("us_ssn")
def pn_es(v):
    return "Para el alta del ingeniero en EE. UU. nos pide el SSN: %s" % v, "es"


@pos("us_ssn")
def pn_lock(v):
    return fence("smartlock-registration %s\n  owner_ssn_for_credit_check=%s\n  lock_eui=%s" % (iso_ts(), v, eui64())) + "\nwhy is the partner app sending SSNs to our backend??", "en"


# ipv4
@pos("ipv4_address")
def pv_fail2ban(v):
    return fence("%s gw-0%d sshd[%d]: Failed password for root from %s port %d ssh2" % (iso_ts(), R.randint(1, 9), R.randint(1000, 30000), v, R.randint(30000, 65000))), "en"


@pos("ipv4_address")
def pv_define(v):
    return fence('#define MQTT_BROKER_IP   "%s"\n#define MQTT_BROKER_PORT 8883' % v, "c"), "en"


@pos("ipv4_address")
def pv_de(v):
    return "das Gateway am Standort %d kommt aktuell über %s raus, bitte in der Firewall freigeben" % (R.randint(1, 90), v), "de"


@pos("ipv4_address")
def pv_ja(v):
    return "現場ゲートウェイのグローバル IP は %s です。" % v, "ja"


@pos("ipv4_address")
def pv_table(v):
    return "| site | wan ip |\n|---|---|\n| depot-%d | %s |" % (R.randint(1, 40), v), "en"


# jwt
@pos("jwt")
def pj_mqtt(v):
    return fence("mosquitto_pub -h mqtt.fleet-eu.net -p 8883 -u unused -P '%s' -t devices/%s/events -m '{\"t\":21.4}'" % (v, eui64().lower()), "sh"), "en"


@pos("jwt")
def pj_http(v):
    return fence("POST /v1/devices/telemetry HTTP/1.1\nHost: ingest.fleet-eu.net\nAuthorization: Bearer %s\nContent-Type: application/cbor" % v), "en"


@pos("jwt")
def pj_log(v):
    return fence("I (%d) cloud: jwt=%s" % (R.randint(1000, 90000), v)) + "\n" + "why do we log the full device token at INFO level?", "en"


@pos("jwt")
def pj_ko(v):
    return "스테이징 디바이스 토큰입니다, 만료 전에 테스트해 보세요: %s" % v, "ko"


# private key pem (fn gets the full block)
@pos("private_key_pem")
def pk_cat(block):
    return fence("$ cat keys/root-ec-p256.pem\n%s" % block), "en"


@pos("private_key_pem")
def pk_de(block):
    return "Hier der Geräte-Key aus dem Provisioning-Lauf für %s, für den Test am Stand:\n%s" % (eui64(), fence(block)), "de"


@pos("private_key_pem")
def pk_file(block):
    return "device.key as dumped by the factory station (this should never leave the secure element!)\n" + fence(block), "en"


@pos("private_key_pem")
def pk_ja(block):
    return "ゲートウェイ配布用の鍵です:\n" + fence(block), "ja"


# --------------------------------------------------------------------------------------
# POSITIVE templates with two secrets: fn(v1, v2) -> (text, lang)
# --------------------------------------------------------------------------------------
PAIR = {
    ("anthropic_api_key", "openai_api_key"): [
        lambda a, b: (fence("# crash-triage/.env  (A/B test of two models on the coredump summaries)\nANTHROPIC_API_KEY=%s\nOPENAI_API_KEY=%s\nSAMPLE=200" % (a, b), "ini"), "en"),
        lambda a, b: ("Für den Vergleich der Log-Zusammenfassungen: Anthropic-Key `%s`, OpenAI-Key `%s`. Nach dem Test lösche ich beide." % (a, b), "de"),
    ],
    ("aws_access_key_id", "aws_secret_access_key"): [
        lambda a, b: (fence("[fw-artifacts]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1" % (a, b), "ini"), "en"),
        lambda a, b: (fence("- name: upload firmware\n  env:\n    AWS_ACCESS_KEY_ID: %s\n    AWS_SECRET_ACCESS_KEY: %s\n  run: aws s3 sync build/ s3://fw-releases/%s/" % (a, b, semver()), "yaml") + "\nhardcoded in the workflow file, found it during review", "en"),
    ],
    ("github_classic_pat", "github_fine_grained_pat"): [
        lambda a, b: ("west update on the HIL runner: the old classic token %s is expired, the new fine-grained one is %s, can someone swap it in the runner env?" % (a, b), "en"),
        lambda a, b: (fence("# ~/.config/fw-tools/tokens\nGH_TOKEN_LEGACY=%s\nGH_TOKEN=%s" % (a, b)), "en"),
    ],
    ("slack_bot_token", "slack_user_token"): [
        lambda a, b: (fence("notify:\n  bot_token: %s      # posts OTA wave results\n  admin_token: %s    # used for channel archive" % (a, b), "yaml"), "en"),
        lambda a, b: ("Bot-Token für #fw-ci: %s, mein User-Token für den Export: %s — beide kommen heute noch in den Vault" % (a, b), "de"),
    ],
    ("email_address", "phone_number"): [
        lambda a, b: ("Contact at the antenna vendor for the detuning issue: %s, mobile %s" % (a, b), "en"),
        lambda a, b: ("Kontakt beim Installateur in Linz: %s / %s (Dachzugang nur mit ihm)" % (a, b), "de"),
    ],
    ("password", "url_credentials"): [
        lambda a, b: (fence("# telegraf.conf on gw-%02d\n[[inputs.mqtt_consumer]]\n  servers = [\"ssl://broker.fleet-eu.net:8883\"]\n  username = \"telegraf\"\n  password = \"%s\"\n[[outputs.influxdb]]\n  urls = [\"https://%s@influx.fleet-eu.net:8086\"]" % (R.randint(1, 40), a, b), "toml"), "en"),
        lambda a, b: ("gateway de teste: senha do Wi-Fi `%s`, e o broker de staging é `mqtts://%s@broker.fleet-eu.net:8883`" % (a, b), "pt"),
    ],
    ("credit_card", "iban"): [
        lambda a, b: ("Dev-kit order: paid the deposit with card %s, the rest goes by transfer to %s" % (a, b), "en"),
        lambda a, b: ("Anticipo dei prototipi pagato con la carta %s, il saldo va sull'IBAN %s" % (a, b), "it"),
    ],
    ("us_ssn", "ipv4_address"): [
        lambda a, b: ("for the remote contractor onboarding: SSN %s for the background check, and please allowlist my home IP %s for the lab VPN" % (a, b), "en"),
        lambda a, b: (fence("contractor: fw-remote-07\nssn: %s\nvpn_allow: %s/32" % (a, b), "yaml"), "en"),
    ],
    ("jwt", "private_key_pem"): [
        lambda a, block: ("device %s — key from the provisioning run and the token it just minted:\n%s\n`%s`" % (eui64(), fence(block), a), "en"),
        lambda a, block: ("デバイス鍵と、その鍵で署名した JWT です（検証用）:\n%s\nJWT: %s" % (fence(block), a), "ja"),
    ],
}


# --------------------------------------------------------------------------------------
# generation
# --------------------------------------------------------------------------------------
CATS = ["non_credential_blob", "pii_lookalike_number", "data_uri_base64", "placeholder_example", "code_identifier", "talk_about_secrets"]
PER_CAT = 100


def _lang_markers():
    marks = collections.defaultdict(set)
    for key in PHRASE:
        for lg, s in PHRASE[key].items():
            for frag in s.split("{x}"):
                frag = frag.strip(" :：?？👍")
                if len(frag) >= 6:
                    marks[lg].add(frag)
    for d in (LEADIN, TRAIL, TALK):
        for lg, lst in d.items():
            for s in lst:
                if len(s) >= 5:
                    marks[lg].add(s)
    return marks


MARKS = _lang_markers()


def detect_langs(text):
    found = sorted(lg for lg, ms in MARKS.items() if any(m in text for m in ms))
    return found


def decorate(text, lang, p_lead=0.13, p_trail=0.06):
    if chance(p_lead):
        lg = lang if chance(0.5) else pick(LANGS)
        lead = pick(LEADIN[lg])
        text = lead + ("\n" if "\n" in text or chance(0.3) else " ") + text
    if chance(p_trail):
        lg = lang if chance(0.5) else pick(LANGS)
        text = text + "\n" + pick(TRAIL[lg])
    return text


def gen_negatives():
    recs, seen = [], set()
    redraws = collections.Counter()
    per_tmpl = collections.Counter()
    core_seen = collections.Counter()
    for cat in CATS:
        order = []
        n = 0
        guard = 0
        while n < PER_CAT:
            guard += 1
            assert guard < 20000, cat
            if not order:
                order = NEG[cat][:]
                R.shuffle(order)
            fn = order.pop()
            text, lang = fn()
            if core_seen[text] >= 2:
                redraws["core_repeat"] += 1
                continue
            core = text
            text = decorate(text, lang)
            if text in seen:
                redraws["duplicate"] += 1
                continue
            if text.count("\n") + 1 > 40:
                redraws["too_long"] += 1
                continue
            hits = scan(text)
            if hits:
                for h in hits:
                    redraws["scan:" + h[0]] += 1
                continue
            seen.add(text)
            core_seen[core] += 1
            n += 1
            per_tmpl[(cat, fn.__name__)] += 1
            recs.append({"text": text, "category": cat})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]})
    return out, redraws, per_tmpl


def check_secret(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        assert is_public_ipv4(v), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(v.replace("\n", ""), validate=True)
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v)
        assert _b62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:]
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v)
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v)
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v)
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v)
    elif kind == "email_address":
        assert RE_EMAIL.fullmatch(v), v
    elif kind == "url_credentials":
        assert ":" in v and "@" not in v


def new_secret(kind):
    if kind == "private_key_pem":
        block, value, t = g_pem()
        return block, value, t
    v = GEN[kind]()
    return v, v, None


def gen_positives():
    seq = [KINDS[i % len(KINDS)] for i in range(170)]
    recs = []
    pair_use = collections.Counter()
    single_use = collections.Counter()
    for j in range(20):
        k1, k2 = seq[2 * j], seq[2 * j + 1]
        variants = PAIR[(k1, k2)]
        idx = pair_use[(k1, k2)] % len(variants)
        pair_use[(k1, k2)] += 1
        a_arg, a_val, _ = new_secret(k1)
        b_arg, b_val, _ = new_secret(k2)
        text, lang = variants[idx](a_arg, b_val if k2 != "private_key_pem" else b_arg)
        recs.append({"text": text, "secrets": [{"kind": k1, "value": a_val}, {"kind": k2, "value": b_val}],
                     "context": "multi:%s+%s:%d" % (k1, k2, idx), "lang": lang})
    for kind in seq[40:]:
        tmpls = POS[kind]
        idx = single_use[kind] % len(tmpls)
        single_use[kind] += 1
        arg, val, t = new_secret(kind)
        text, lang = tmpls[idx](arg)
        if chance(0.05):
            text = pick(LEADIN[lang]) + " " + text
        ctx = "%s:t%d" % (kind, idx) if t is None else "%s:%s:t%d" % (kind, t, idx)
        recs.append({"text": text, "secrets": [{"kind": kind, "value": val}], "context": ctx, "lang": lang})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        for s in r["secrets"]:
            assert s["value"] in r["text"], (s, r["text"])
            check_secret(s["kind"], s["value"])
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"], "_lang": r["lang"]})
    return out


def write_jsonl(path, recs, keys):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    negs, redraws, per_tmpl = gen_negatives()
    poss = gen_positives()
    npath = os.path.join(HERE, "redaction%d_negatives.jsonl" % N)
    ppath = os.path.join(HERE, "redaction%d_positives.jsonl" % N)
    write_jsonl(npath, negs, ["id", "text", "category"])
    write_jsonl(ppath, poss, ["id", "text", "secrets", "context"])

    # ---- stats
    print("== negatives per category (templates, min/max lines)")
    for cat in CATS:
        rs_ = [r for r in negs if r["category"] == cat]
        ln = [r["text"].count("\n") + 1 for r in rs_]
        print("| `%s` | %d | %d | %d / %d |" % (cat, len(rs_), len(NEG[cat]), min(ln), max(ln)))
    ln = [r["text"].count("\n") + 1 for r in negs]
    print("lines: single=%d, >=10: %d, >=20: %d, >=30: %d, max=%d" % (sum(1 for x in ln if x == 1), sum(1 for x in ln if x >= 10),
                                                                      sum(1 for x in ln if x >= 20), sum(1 for x in ln if x >= 30), max(ln)))
    lc = collections.Counter()
    nolang = 0
    for r in negs:
        ls = detect_langs(r["text"])
        if not ls:
            nolang += 1
        for l in ls:
            lc[l] += 1
    print("negatives with natural-language text by language (a text may count for several):", dict(sorted(lc.items())))
    print("negatives with no marker phrase (code/log/data only, or untagged English prose):", nolang)
    print("redraws:", dict(redraws))
    print("texts per template:", {"%s/%s" % k: v for k, v in sorted(per_tmpl.items())})
    print("allowed version-shaped public IPv4 strings present:",
          sorted({ip for r in negs for ip in RE_IPV4.findall(r["text"]) if ip in ALLOWED_VERSION_IPS}))
    print("AWS documentation example keys present in negatives:", sum(1 for r in negs if "EXAMPLE" in r["text"] and "AKIA" in r["text"]))
    print("== positives")
    kc = collections.Counter(s["kind"] for r in poss for s in r["secrets"])
    for k in KINDS:
        print("| %s | %d |" % (k, kc[k]))
    print("texts=%d secrets=%d two-secret texts=%d" % (len(poss), sum(kc.values()), sum(1 for r in poss if len(r["secrets"]) == 2)))
    print("positive langs:", dict(collections.Counter(r["_lang"] for r in poss)))
    # unlabeled scanner hits in positives (report only)
    extra = []
    for r in poss:
        vals = [s["value"] for s in r["secrets"]]
        spans = []
        for v in vals:
            i = r["text"].find(v)
            while i >= 0:
                spans.append((i, i + len(v)))
                i = r["text"].find(v, i + 1)
        for h in scan(r["text"]):
            if any(h[1] in re.sub(r"[ -]", "", v) for v in vals):
                continue
            j = r["text"].find(h[1])
            if j >= 0 and any(a < j + len(h[1]) and j < b for a, b in spans):
                continue
            extra.append((r["id"], h))
    print("scanner hits in positives not covered by a label:", extra)
    print("sha256 negatives:", sha256(npath))
    print("sha256 positives:", sha256(ppath))


if __name__ == "__main__":
    main()
