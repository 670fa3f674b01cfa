#!/usr/bin/env python3
"""Generator for redaction corpus #8 (DEVELOPMENT set).

Standard library only, deterministic: random.Random(8808).
Writes redaction8_negatives.jsonl and redaction8_positives.jsonl next to
this file and prints a short report, including the built-in sanity scanner.
"""
import base64
import binascii
import gzip
import hashlib
import io
import ipaddress
import json
import os
import re
import struct
import sys
import tarfile
import zipfile
import zlib

import random

SEED = 8808
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = "redaction8"
IDP = "h8"

LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = LOWER.upper()
DIG = "0123456789"
ALNUM = LOWER + UPPER + DIG
HEX = "0123456789abcdef"
B32 = UPPER + "234567"
B64 = UPPER + LOWER + DIG + "+/"
B64U = UPPER + LOWER + DIG + "-_"


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def rhex(n):
    return rs(n, HEX)


def pick(seq):
    return R.choice(seq)


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def wrap(s, n=64):
    return [s[i:i + n] for i in range(0, len(s), n)]


def uuid4():
    h = rhex(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7():
    ms = R.randrange(1735689600000, 1767225600000)
    h = "%012x" % ms + "7" + rhex(3) + pick("89ab") + rhex(15)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    return pick("01") + rs(25, CROCK)


def ts_iso():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23),
                                                    R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def epoch():
    return R.randrange(1735689600, 1767225600)


# ---------------------------------------------------------------- checksums
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
    for c in DIG:
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c
    raise AssertionError


def luhn_break(digits):
    """return a same-length digit string that is NOT Luhn valid"""
    while luhn_ok(digits):
        digits = digits[:-1] + str((int(digits[-1]) + 1) % 10)
    return digits


def iban_numeric(s):
    return "".join(str(int(c, 36)) for c in s)


def iban_valid(iban):
    iban = iban.replace(" ", "")
    return int(iban_numeric(iban[4:] + iban[:4])) % 97 == 1


def make_iban(cc, bban):
    chk = 98 - int(iban_numeric(bban + cc + "00")) % 97
    return "%s%02d%s" % (cc, chk, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


# ---------------------------------------------------------------- real files
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)


def make_png(w=None, h=None, mode=None):
    w = w or R.choice([1, 2, 4, 8, 12, 16])
    h = h or R.choice([1, 2, 4, 8, 10, 16])
    mode = mode if mode is not None else R.choice([2, 6, 0])
    ch = {0: 1, 2: 3, 6: 4}[mode]
    raw = b""
    base = [R.randrange(256) for _ in range(ch)]
    for y in range(h):
        raw += b"\x00"
        for x in range(w):
            raw += bytes((base[i] + (x * 7 + y * 3) * (i + 1)) % 256 for i in range(ch))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, mode, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
    if R.random() < 0.3:
        out += png_chunk(b"tEXt", b"Software\x00" + pick([b"figma", b"sharp 0.33", b"pngquant", b"Skia/PDF"]))
    out += png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b"")
    return out


def make_gif():
    pal = rbytes(3) + pick([b"\xff\xff\xff", b"\x00\x00\x00"])
    trans = pick([b"\x01", b"\x00"])
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + pal +
            b"\x21\xf9\x04" + trans + b"\x00\x00\x00\x00" +
            b"\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00" + b"\x02\x02\x44\x01\x00" + b"\x3b")


def make_bmp():
    w, h = R.choice([(2, 2), (4, 2), (3, 3)])
    row = (w * 3 + 3) // 4 * 4
    px = b"".join(rbytes(w * 3) + b"\x00" * (row - w * 3) for _ in range(h))
    hdr = b"BM" + struct.pack("<IHHI", 54 + len(px), 0, 0, 54)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(px), 2835, 2835, 0, 0)
    return hdr + dib + px


def make_ico():
    p = make_png(16, 16, 6)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


WEBP_1x1 = base64.b64decode("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")


def make_wav():
    n = R.choice([16, 32, 48])
    samples = bytes(128 + int(60 * ((i % 8) - 4) / 4) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", n) + samples


def make_pdf():
    txt = pick(["Invoice preview", "Test page", "Rechnung Vorschau", "Hello PDF", "出荷ラベル"]).encode("utf-8")
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>"]
    stream = b"BT /F1 12 Tf 20 50 Td (" + txt.decode("latin-1", "replace").encode("latin-1", "replace") + b") Tj ET"
    objs.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out


def make_zip():
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        for name in R.sample(["manifest.json", "README.txt", "data/rows.csv", "icon.svg", "mimetype", "config.yaml"], 2):
            zi = zipfile.ZipInfo(name, date_time=(2025, R.randint(1, 12), R.randint(1, 28), 12, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, ("# %s\nversion: %d\n" % (name, R.randint(1, 9))).encode())
    return bio.getvalue()


def make_gzip(text):
    bio = io.BytesIO()
    with gzip.GzipFile(fileobj=bio, mode="wb", mtime=0, filename="") as g:
        g.write(text.encode())
    return bio.getvalue()


def make_tar_gz():
    bio = io.BytesIO()
    with tarfile.open(fileobj=bio, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name in ["migrations/0001_init.sql", "migrations/0002_add_index.sql"]:
            data = ("-- %s\nCREATE INDEX IF NOT EXISTS idx_%s ON events(created_at);\n" % (name, rs(5, LOWER))).encode()
            ti = tarfile.TarInfo(name)
            ti.size = len(data)
            ti.mtime = 1735689600
            ti.uname = ti.gname = "build"
            t.addfile(ti, io.BytesIO(data))
    return make_gzip_bytes(bio.getvalue())


def make_gzip_bytes(b):
    bio = io.BytesIO()
    with gzip.GzipFile(fileobj=bio, mode="wb", mtime=0, filename="") as g:
        g.write(b)
    return bio.getvalue()


def sfnt_checksum(b):
    b = b + b"\x00" * ((4 - len(b) % 4) % 4)
    return sum(struct.unpack(">%dI" % (len(b) // 4), b)) & 0xffffffff


def make_ttf(otto=False):
    """minimal sfnt with head/hhea/maxp/name/OS/2-less table directory and correct checksums"""
    head = struct.pack(">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0x000B, 1000,
                       3786000000, 3786000000, 0, -200, 1000, 800, 0, 8, 2, 0, 0)
    hhea = struct.pack(">IhhhHhhhhhhhhhhhH", 0x00010000, 800, -200, 0, 1000, 0, 0, 1000, 1, 0, 0, 0, 0, 0, 0, 0, 1)
    maxp = struct.pack(">IH", 0x00005000, 1)
    fam = pick(["IconGlyphs", "InterSubset", "BrandSans", "NotoSubsetJP"]).encode("utf-16-be")
    name = struct.pack(">HHH", 0, 1, 18) + struct.pack(">HHHHHH", 3, 1, 0x409, 1, len(fam), 0) + fam
    post = struct.pack(">IiiHHIIII", 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    tables = sorted([(b"head", head), (b"hhea", hhea), (b"maxp", maxp), (b"name", name), (b"post", post)])
    n = len(tables)
    es = 2 ** (n.bit_length() - 1)
    hdr = struct.pack(">IHHHH", 0x4F54544F if otto else 0x00010000, n, es * 16, es.bit_length() - 1, n * 16 - es * 16)
    off = 12 + 16 * n
    dirs = b""
    body = b""
    for tag, data in tables:
        dirs += tag + struct.pack(">III", sfnt_checksum(data), off + len(body), len(data))
        body += data + b"\x00" * ((4 - len(data) % 4) % 4)
    font = hdr + dirs + body
    adj = (0xB1B0AFBA - sfnt_checksum(font)) & 0xffffffff
    i = font.find(head)
    font = font[:i + 8] + struct.pack(">I", adj) + font[i + 12:]
    return font, tables


def make_woff():
    font, tables = make_ttf()
    n = len(tables)
    off = 44 + 20 * n
    dirs = b""
    body = b""
    for tag, data in tables:
        comp = zlib.compress(data, 9)
        if len(comp) >= len(data):
            comp = data
        dirs += tag + struct.pack(">IIII", off + len(body), len(comp), len(data), sfnt_checksum(data))
        body += comp + b"\x00" * ((4 - len(comp) % 4) % 4)
    total = off + len(body)
    hdr = b"wOFF" + struct.pack(">IIHHIHHIIIII", 0x00010000, total, n, 0, len(font), 1, 0, 0, 0, 0, 0, 0)
    return hdr + dirs + body


def make_svg():
    c = "#%06x" % R.randrange(1 << 24)
    shape = pick([
        '<circle cx="8" cy="8" r="6" fill="%s"/>' % c,
        '<path d="M2 8l4 4 8-8" stroke="%s" stroke-width="2" fill="none"/>' % c,
        '<rect width="16" height="16" rx="3" fill="%s"/>' % c,
        '<polygon points="8,1 15,15 1,15" fill="%s"/>' % c,
    ])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">%s</svg>' % shape


def make_sourcemap():
    src = pick(["src/index.ts", "src/App.tsx", "lib/utils.js", "components/Button.vue", "src/main.rs.js"])
    m = {"version": 3, "file": src.split("/")[-1].rsplit(".", 1)[0] + ".js", "sources": [src],
         "names": ["render", "props", "useState"][:R.randint(1, 3)], "mappings": "AAAA,SAASA," + rs(6, "ABCDEFGIKQU") + ";"}
    return json.dumps(m, separators=(",", ":")).encode()


# ---------------------------------------------------------------- languages
LANGS = ["en", "de", "fr", "es", "pt", "it", "nl", "pl", "sv", "tr", "ru", "uk", "el", "ar", "he", "hi", "ja", "zh", "ko", "vi", "th", "id"]

LEADINS = {
    "en": ["fyi", "quick q:", "heads up:", "ok so", "PSA:", "hmm,", "context:"],
    "de": ["Zur Info:", "Kurze Frage:", "Achtung:", "Moin,", "Nachtrag:"],
    "fr": ["Pour info :", "Petite question :", "Attention :", "Salut,", "Update :"],
    "es": ["Para que sepáis:", "Pregunta rápida:", "Ojo:", "Buenas,", "Actualización:"],
    "pt": ["Só pra avisar:", "Pergunta rápida:", "Atenção:", "Oi pessoal,", "Atualização:"],
    "it": ["Per info:", "Domanda veloce:", "Attenzione:", "Ciao,"],
    "nl": ["Ter info:", "Snelle vraag:", "Let op:", "Hoi,"],
    "pl": ["Dla info:", "Szybkie pytanie:", "Uwaga:", "Cześć,"],
    "sv": ["FYI:", "Snabb fråga:", "Obs:", "Hej,"],
    "tr": ["Bilginize:", "Kısa bir soru:", "Dikkat:", "Selam,"],
    "ru": ["К сведению:", "Быстрый вопрос:", "Внимание:", "Привет,"],
    "uk": ["До відома:", "Швидке питання:", "Увага:", "Привіт,"],
    "el": ["Για ενημέρωση:", "Γρήγορη ερώτηση:", "Προσοχή:"],
    "ar": ["للعلم:", "سؤال سريع:", "تنبيه:", "مرحبا،"],
    "he": ["לידיעתכם:", "שאלה קצרה:", "שימו לב:", "היי,"],
    "hi": ["जानकारी के लिए:", "एक छोटा सवाल:", "ध्यान दें:"],
    "ja": ["メモ:", "ちょっと質問:", "共有です:", "お疲れさまです。"],
    "zh": ["供参考：", "快速问一下：", "注意：", "大家好，"],
    "ko": ["참고:", "간단한 질문:", "주의:", "안녕하세요,"],
    "vi": ["Thông tin:", "Hỏi nhanh:", "Lưu ý:", "Chào mọi người,"],
    "th": ["แจ้งเพื่อทราบ:", "ถามหน่อย:", "ข้อควรระวัง:"],
    "id": ["Info:", "Tanya cepat:", "Perhatian:", "Halo,"],
}

TRAILERS = ["thx", "🙏", "any ideas?", "danke!", "merci", "gracias", "ありがとうございます", "谢谢", "감사합니다", "спасибо", "cc @oncall-web",
            ":eyes:", "(thread)", "שתודה", "شكرا", "dzięki", "obrigado", "tack"]

# short phrase bank: (en, de, fr, es, pt, ja, zh, ko, ru, ...) for framings of code snippets
FRAMES = {
    "why_big": {
        "en": "why is the bundle so big? looks like this got inlined:",
        "de": "Warum ist das Bundle so groß? Sieht aus, als wäre das inline gelandet:",
        "fr": "Pourquoi le bundle est si gros ? On dirait que ça a été inliné :",
        "es": "¿Por qué pesa tanto el bundle? Parece que esto se incrustó:",
        "pt": "Por que o bundle está tão grande? Parece que isso foi inline:",
        "ja": "バンドルが大きすぎる理由、これがインライン化されてるっぽい:",
        "zh": "为什么包这么大？看起来这个被内联了：",
        "ko": "번들이 왜 이렇게 크죠? 이게 인라인된 것 같아요:",
        "ru": "Почему бандл такой большой? Похоже, это заинлайнилось:",
        "pl": "Czemu bundle jest taki duży? Wygląda na to, że to zostało zinline'owane:",
        "tr": "Bundle neden bu kadar büyük? Şu inline edilmiş gibi:",
        "vi": "Sao bundle to thế? Hình như cái này bị inline:",
        "hi": "bundle इतना बड़ा क्यों है? लगता है यह inline हो गया:",
        "el": "Γιατί είναι τόσο μεγάλο το bundle; Φαίνεται ότι αυτό έγινε inline:",
        "th": "ทำไม bundle ใหญ่จัง ดูเหมือนอันนี้ถูก inline ไว้:",
        "ar": "لماذا حجم الحزمة كبير؟ يبدو أن هذا تم تضمينه مباشرة:",
        "he": "למה ה-bundle כל כך גדול? נראה שזה נכנס inline:",
    },
    "fixture": {
        "en": "added a tiny fixture for the decoder test, it's just a generated file:",
        "de": "Kleines Fixture für den Decoder-Test hinzugefügt, ist nur eine generierte Datei:",
        "fr": "J'ai ajouté une petite fixture pour le test du décodeur, c'est un fichier généré :",
        "es": "Añadí un fixture pequeño para el test del decoder, es un archivo generado:",
        "ja": "デコーダーのテスト用に小さいフィクスチャを追加しました（生成ファイルです）:",
        "zh": "给解码器测试加了一个小 fixture，就是个生成的文件：",
        "ko": "디코더 테스트용 작은 픽스처 추가했어요, 생성된 파일이에요:",
        "ru": "Добавил маленькую фикстуру для теста декодера, это просто сгенерированный файл:",
        "uk": "Додав маленьку фікстуру для тесту декодера, це просто згенерований файл:",
        "he": "הוספתי fixture קטן לבדיקה של ה-decoder, זה רק קובץ שנוצר אוטומטית:",
        "ar": "أضفت ملف اختبار صغير لفك الترميز، إنه مجرد ملف مولّد:",
        "hi": "डिकोडर टेस्ट के लिए एक छोटा fixture जोड़ा है, यह बस एक generated फ़ाइल है:",
        "it": "Ho aggiunto una piccola fixture per il test del decoder, è solo un file generato:",
        "nl": "Klein fixture toegevoegd voor de decoder-test, is gewoon een gegenereerd bestand:",
        "id": "Nambah fixture kecil buat test decoder, cuma file hasil generate:",
    },
    "broken": {
        "en": "image doesn't render on Safari, this is what the API returns:",
        "de": "Bild wird in Safari nicht angezeigt, das liefert die API:",
        "fr": "L'image ne s'affiche pas sur Safari, voilà ce que renvoie l'API :",
        "es": "La imagen no se ve en Safari, esto es lo que devuelve la API:",
        "pt": "A imagem não renderiza no Safari, é isso que a API retorna:",
        "ja": "Safariで画像が表示されない。APIのレスポンスはこれ:",
        "zh": "Safari 上图片显示不出来，API 返回的是这个：",
        "ko": "사파리에서 이미지가 안 보여요, API 응답은 이거예요:",
        "ru": "Картинка не отображается в Safari, вот что отдаёт API:",
        "el": "Η εικόνα δεν εμφανίζεται στο Safari, αυτό επιστρέφει το API:",
        "th": "รูปไม่แสดงใน Safari นี่คือสิ่งที่ API ส่งกลับมา:",
        "sv": "Bilden renderas inte i Safari, det här är vad API:t returnerar:",
        "hi": "Safari में इमेज नहीं दिख रही, API यह लौटा रहा है:",
        "ar": "الصورة لا تظهر في سفاري، هذا ما يرجعه الـ API:",
        "uk": "Картинка не відображається в Safari, ось що повертає API:",
        "id": "Gambar tidak muncul di Safari, ini respons dari API:",
    },
}


def frame(key):
    d = FRAMES[key]
    return d[pick(sorted(d))]


def script_lang(text):
    """pick a lead-in language that fits the script already used in the text"""
    checks = [("\u0400", "\u04ff", ["ru", "uk"]), ("\u0590", "\u05ff", ["he"]), ("\u0600", "\u06ff", ["ar"]), ("\u0900", "\u097f", ["hi"]),
              ("\u0e00", "\u0e7f", ["th"]), ("\u0370", "\u03ff", ["el"]), ("\u3040", "\u30ff", ["ja"]), ("\uac00", "\ud7af", ["ko"]), ("\u4e00", "\u9fff", ["zh", "ja"])]
    for lo, hi, langs in checks:
        if any(lo <= ch <= hi for ch in text):
            return pick(langs)
    return "en" if R.random() < 0.5 else pick(["de", "fr", "es", "pt", "it", "nl", "pl", "sv", "tr", "vi", "id"])


def leadin(text, p=0.15):
    if R.random() < p:
        lang = script_lang(text)
        sep = "\n" if text[:1] in "`|$*>-#" or text.startswith(("diff ", "[", "{")) else " "
        text = pick(LEADINS[lang]) + sep + text
    if R.random() < p / 2:
        text = text + "\n" + pick(TRAILERS)
    return text


def fence(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


def trunc(s, keep=None):
    keep = keep or R.randint(40, 90)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + pick(["…", "...", "…(truncated)", "...[%d more chars]" % (len(s) - keep), "<snip>"])


# ---------------------------------------------------------------- negatives: data_uri_base64
def _img():
    k = pick(["png", "png", "png", "gif", "webp", "bmp", "ico", "svg"])
    if k == "png":
        return "image/png", b64(make_png())
    if k == "gif":
        return "image/gif", b64(make_gif())
    if k == "webp":
        return "image/webp", b64(WEBP_1x1)
    if k == "bmp":
        return "image/bmp", b64(make_bmp())
    if k == "ico":
        return "image/x-icon", b64(make_ico())
    return "image/svg+xml", b64(make_svg().encode())


def _font():
    k = pick(["woff", "ttf", "otf"])
    if k == "woff":
        return "font/woff", "woff", b64(make_woff())
    if k == "ttf":
        return "font/ttf", "truetype", b64(make_ttf()[0])
    return "font/otf", "opentype", b64(make_ttf(otto=True)[0])


def du_css():
    mt, d = _img()
    sel = pick([".btn-icon", ".avatar--placeholder", ".chevron::after", "li.done::before", ".spinner", ":root .logo", ".map-marker"])
    prop = pick(["background-image", "background", "mask-image", "list-style-image", "content", "cursor"])
    body = "%s {\n  %s: url(\"data:%s;base64,%s\")%s;\n  width: 16px;\n}" % (sel, prop, mt, d, " no-repeat center" if prop == "background" else "")
    lang = pick(["css", "scss", "less", ""])
    return frame("why_big") + "\n" + fence(body, lang) if R.random() < 0.5 else fence(body, lang)


def du_fontface():
    mt, fmt, d = _font()
    fam = pick(["IconFont", "Inter Subset", "Brand Glyphs", "Noto Sans JP Subset", "Material Symbols Lite"])
    body = "@font-face {\n  font-family: \"%s\";\n  src: url(data:%s;base64,%s) format(\"%s\");\n  font-display: swap;\n}" % (fam, mt, d, fmt)
    q = pick(["the email template inlines this font, is that why Outlook shows a box?",
              "Lighthouse flags this @font-face as render-blocking",
              "Schrift wird inline ausgeliefert, ist das gewollt?",
              "フォントがdata URIで埋め込まれてます、キャッシュ効かないので外出ししたい",
              "这个字体是以 data URI 内联的，缓存不了",
              "Шрифт встроен через data URI, PR с выносом в отдельный файл готов",
              "la police est inlinée en base64, ça fait +9 Ko sur le CSS critique"])
    return q + "\n" + fence(body, "css")


def du_img_html():
    mt, d = _img()
    alt = pick(["", "spinner", "logo", "pixel", "status", "ステータス", "فاصل"])
    tag = '<img src="data:%s;base64,%s" alt="%s" width="16" height="16">' % (mt, d, alt)
    return pick([tag, fence(tag, "html"), "rendered HTML from the newsletter builder:\n" + fence(tag, "html"),
                 "Im Mail-Template steckt das hier:\n" + fence(tag, "html")])


def du_jsx():
    d = b64(WEBP_1x1) if R.random() < 0.4 else b64(make_png(8, 8, 2))
    mt = "image/webp" if d.startswith("UklG") else "image/png"
    body = ("<Image\n  src=\"/img/hero-%s.jpg\"\n  placeholder=\"blur\"\n  blurDataURL=\"data:%s;base64,%s\"\n  width={1200}\n  height={630}\n/>"
            % (rs(4, LOWER), mt, d))
    return fence(body, pick(["tsx", "jsx"]))


def du_markdown():
    mt, d = _img()
    return pick(["README preview breaks on GitLab:", "Dokku: das Bild im README ist inline:", "the badge is inlined:",
                 "README 里的徽章是内联的："]) + "\n`![status](data:%s;base64,%s)`" % (mt, d)


def du_jupyter():
    d = b64(make_png(R.choice([16, 12]), R.choice([8, 10]), 2))
    obj = {"output_type": "display_data", "data": {"image/png": d, "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
           "metadata": {"needs_background": "light"}}
    return pick(["notebook diff is huge because of outputs, e.g.", "nbstripout isn't running, see cell 14:",
                 "Notebook-Outputs landen im Repo:", "ノートブックの出力がコミットされてる:"]) + "\n" + fence(json.dumps(obj, indent=1), "json")


def du_python_fixture():
    kind = pick(["zip", "pdf", "tgz", "wav", "png"])
    data = {"zip": make_zip, "pdf": make_pdf, "tgz": make_tar_gz, "wav": make_wav, "png": make_png}[kind]()
    enc = b64(data)
    lines = wrap(enc, 76)
    var = {"zip": "SAMPLE_ARCHIVE", "pdf": "TINY_PDF", "tgz": "MIGRATIONS_TGZ", "wav": "BEEP_WAV", "png": "PIXEL_PNG"}[kind]
    body = "import base64\n\n%s = base64.b64decode(\n%s\n)\n\n\ndef test_%s_roundtrip(tmp_path):\n    p = tmp_path / \"f.%s\"\n    p.write_bytes(%s)\n    assert detect_type(p) == \"%s\"" % (
        var, "\n".join('    "%s"' % l for l in lines), kind, kind, var, kind)
    return frame("fixture") + "\n" + fence(body, "python")


def du_go():
    txt = "#cloud-config\npackages:\n  - nginx\n  - jq\nruncmd:\n  - systemctl enable --now nginx\n"
    enc = b64(make_gzip(txt + "# %s\n" % rs(6, LOWER)))
    body = "// testdata embedded so the test has no disk IO\nvar cloudInitGz = \"%s\"\n\nfunc TestRender(t *testing.T) {\n\traw, _ := base64.StdEncoding.DecodeString(cloudInitGz)\n\tzr, err := gzip.NewReader(bytes.NewReader(raw))\n\trequire.NoError(t, err)\n\t_ = zr\n}" % enc
    return fence(body, "go")


def du_k8s_cm():
    enc = b64(make_tar_gz())
    body = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: migrations-bundle\n  namespace: %s\nbinaryData:\n  migrations.tgz: %s\n" % (
        pick(["payments", "data-platform", "web", "ml-serving"]), enc)
    return pick(["is binaryData the right place for this? it's only 300 bytes", "ConfigMap mit binaryData, funktioniert",
                 "binaryData の ConfigMap、kubectl diff がうるさい", ""]) + "\n" + fence(body, "yaml")


def du_csp():
    mt, d = _img()
    line = json.dumps({"csp-report": {"document-uri": "https://app.internal.test/checkout", "violated-directive": "img-src",
                                      "blocked-uri": "data", "script-sample": "", "original-policy": "default-src 'self'; img-src 'self' https:",
                                      "source-file": "https://app.internal.test/_next/static/chunks/%s.js" % rhex(16)}})
    lines = ["Refused to load the image 'data:%s;base64,%s' because it violates the following Content Security Policy directive: \"img-src 'self' https:\"." % (mt, trunc(d, 60)), line]
    return pick(["CSP reports spiking since the deploy:", "CSP-Verletzungen seit dem Release:", "CSP 違反レポートが急増:"]) + "\n" + fence("\n".join(lines[:R.randint(1, 2)]))


def du_swift():
    d = b64(make_png(4, 4, 6))
    body = "let placeholder = UIImage(data: Data(base64Encoded: \"%s\")!)!\nimageView.image = placeholder" % d
    return pick(["iOS: placeholder image while the avatar loads", "SwiftUI preview uses this inline image", "iOS 側のプレースホルダー画像"]) + "\n" + fence(body, "swift")


def du_flutter():
    d = b64(make_png(2, 2, 6))
    body = "final bytes = base64Decode('%s');\nreturn Image.memory(bytes, gaplessPlayback: true);" % d
    return fence(body, "dart")


def du_kotlin():
    d = b64(make_png(4, 2, 2))
    body = "val bytes = Base64.decode(\"%s\", Base64.DEFAULT)\nval bmp = BitmapFactory.decodeByteArray(bytes, 0, bytes.size)" % d
    return pick(["Android: decoding the fallback thumbnail", "Compose preview fixture", ""]) + "\n" + fence(body, "kotlin")


def du_api_json():
    mt, d = _img()
    obj = {"id": uuid4(), "sku": "SKU-%d" % R.randint(10000, 99999), "thumbnail": "data:%s;base64,%s" % (mt, d), "updated_at": ts_iso()}
    return frame("broken") + "\n" + fence(json.dumps(obj, indent=2, ensure_ascii=False), "json")


def du_shell():
    kind = pick(["png", "gif", "pdf", "zip", "wav"])
    data = {"png": make_png, "gif": make_gif, "pdf": make_pdf, "zip": make_zip, "wav": make_wav}[kind]()
    desc = {"png": "PNG image data, %d x %d, 8-bit" % struct.unpack(">II", data[16:24]) if kind == "png" else "",
            "gif": "GIF image data, version 89a, 1 x 1", "pdf": "PDF document, version 1.4, 1 pages",
            "zip": "Zip archive data, at least v2.0 to extract, compression method=deflate", "wav": "RIFF (little-endian) data, WAVE audio, Microsoft PCM, 8 bit, mono 8000 Hz"}[kind]
    body = "$ echo '%s' | base64 -d > /tmp/x.%s\n$ file /tmp/x.%s\n/tmp/x.%s: %s" % (b64(data), kind, kind, kind, desc)
    return fence(body, pick(["", "console", "sh"]))


def du_svg_utf8():
    svg = make_svg()
    enc = svg.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    body = ".icon-check { background-image: url(\"data:image/svg+xml,%s\"); }" % enc
    alt = "<img src=\"data:image/svg+xml;utf8,%s\">" % svg.replace('"', "'")
    return pick([fence(body, "css"), fence(alt, "html"), "mini-svg-data-uri output:\n" + fence(body, "css")])


def du_favicon():
    d = b64(make_ico()) if R.random() < 0.5 else b64(make_png(16, 16, 6))
    mt = "image/x-icon" if d.startswith("AAAB") else "image/png"
    return fence('<link rel="icon" href="data:%s;base64,%s">' % (mt, d), "html")


def du_pdf_json():
    d = b64(make_pdf())
    obj = {"invoice_preview": {"content_type": "application/pdf", "data": "data:application/pdf;base64," + d, "pages": 1}}
    return pick(["preview endpoint returns the whole pdf inline, ~1kb:", "Die Vorschau kommt als data URI zurück:",
                 "La prévisualisation renvoie le PDF en data URI :", "プレビューAPIがPDFを丸ごと返してる:"]) + "\n" + fence(json.dumps(obj, indent=2), "json")


def du_wav():
    d = b64(make_wav())
    body = "const ding = new Audio(\"data:audio/wav;base64,%s\");\nding.volume = 0.2;\nding.play().catch(() => {});" % d
    return pick(["notification sound is inlined so it works offline", "Benachrichtigungston inline, damit es offline geht", "通知音をインラインにした"]) + "\n" + fence(body, "js")


def du_sourcemap():
    d = b64(make_sourcemap())
    line = "//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s" % d
    return pick(["prod bundle still ships inline source maps:", "devtool: 'inline-source-map' landed in prod config again",
                 "Inline-Sourcemaps im Prod-Build:", "本番ビルドにインラインソースマップが残ってる:", "生产包里还带着内联 source map："]) + "\n" + fence(
        "function r(e){return e.props}\n" + line, "js")


def du_mime():
    data = make_png(R.choice([8, 12]), 8, 2)
    lines = wrap(b64(data), 76)
    body = ("--boundary_%s\nContent-Type: image/png; name=\"logo.png\"\nContent-Transfer-Encoding: base64\nContent-ID: <logo@mailer>\n"
            "Content-Disposition: inline; filename=\"logo.png\"\n\n%s\n--boundary_%s--") % (rhex(8), "\n".join(lines), "x")
    body = body.replace("--boundary_x--", "--" + body.split("\n")[0][2:] + "--")
    return pick(["raw MIME from the transactional mail preview:", "MIME-Quelltext aus dem Mail-Preview:", "source MIME du mail de test :"]) + "\n" + fence(body)


def du_terraform():
    txt = "#!/bin/bash\nset -euo pipefail\napt-get update -y\napt-get install -y nginx\n"
    enc = b64(make_gzip(txt + "echo node-%s\n" % rs(4, LOWER)))
    body = "resource \"aws_launch_template\" \"web\" {\n  name_prefix   = \"web-\"\n  image_id      = data.aws_ami.ubuntu.id\n  instance_type = \"t3.small\"\n  user_data     = \"%s\"\n}" % enc
    return pick(["plan shows user_data changed, it's just the gzipped script:", "user_data ist gzip+base64, kein Geheimnis drin:", ""]) + "\n" + fence(body, "hcl")


def du_plist():
    d = b64(make_png(4, 4, 6))
    body = "<key>LaunchPlaceholder</key>\n<data>\n%s\n</data>" % "\n".join("\t" + l for l in wrap(d, 52))
    return fence(body, "xml")


def du_sentry():
    mt, d = _img()
    crumb = {"category": "fetch", "level": "info", "data": {"method": "GET", "url": "data:%s;base64,%s" % (mt, trunc(d, 50)), "status_code": 200}}
    return "Sentry breadcrumb: " + json.dumps(crumb, ensure_ascii=False)


def du_question():
    mt, d = _img()
    q = pick(["is it safe to paste this in the ticket? it's just the spinner gif:",
              "Ist das ein Secret oder nur ein Bild? `data:%s;base64,...` sieht verdächtig aus" % mt,
              "c'est juste l'icône, pas de secret là-dedans :",
              "これは画像です、シークレットではないです:",
              "这是图片不是密钥，scanner 误报了：",
              "이건 이미지라서 시크릿 아니에요:",
              "это просто иконка, сканер ругается зря:",
              "זו רק תמונה, הסורק טועה:",
              "هذه مجرد صورة وليست مفتاحا سريا:",
              "bu sadece ikon, tarayıcı yanlış alarm veriyor:",
              "đây chỉ là ảnh icon thôi, không phải secret:",
              "นี่แค่รูปไอคอน ไม่ใช่ความลับ:"])
    return q + "\n`data:%s;base64,%s`" % (mt, d)


def du_har():
    mt, d = _img()
    ent = {"request": {"method": "GET", "url": "data:%s;base64,%s" % (mt, d)}, "response": {"status": 200, "content": {"size": len(d) * 3 // 4, "mimeType": mt}}, "time": round(R.random(), 3)}
    return "HAR entry:\n" + fence(json.dumps(ent, indent=1), "json")


def du_email_css_multi():
    rows = []
    for cls in R.sample(["ok", "warn", "err", "info", "skip", "todo"], R.randint(3, 5)):
        mt, d = _img()
        rows.append(".status-%s { background-image: url(data:%s;base64,%s); }" % (cls, mt, d))
    return pick(["generated sprite css (no idea why it's not a sprite sheet):", "Generiertes CSS aus dem Icon-Build:", "アイコンビルドの生成CSS:"]) + "\n" + fence("\n".join(rows), "css")


def du_log():
    lines = []
    for _ in range(R.randint(3, 8)):
        if R.random() < 0.5:
            mt, d = _img()
            lines.append("%s DEBUG thumbnailer  placeholder=data:%s;base64,%s" % (ts_iso(), mt, trunc(d, R.randint(30, 80))))
        else:
            lines.append("%s INFO  thumbnailer  cache %s key=thumb:%s:%d" % (ts_iso(), pick(["hit", "miss"]), rhex(12), pick([64, 128, 256])))
    return fence("\n".join(lines))


def du_webmanifest():
    d = b64(make_png(16, 16, 6))
    obj = {"name": "Ops Console", "short_name": "ops", "icons": [{"src": "data:image/png;base64," + d, "sizes": "16x16", "type": "image/png"}], "display": "standalone"}
    return "manifest.webmanifest\n" + fence(json.dumps(obj, indent=2), "json")


def du_storybook():
    mt, d = _img()
    body = "exports[`Avatar > renders fallback 1`] = `\n<img\n  class=\"avatar_fallback__%s\"\n  src=\"data:%s;base64,%s\"\n/>\n`;" % (rs(5), mt, d)
    return "snapshot changed after the icon update:\n" + fence(body, "js")


def du_sql_blob():
    d = b64(make_png(2, 2, 0))
    body = "INSERT INTO email_assets (slug, mime, body_b64) VALUES ('divider', 'image/png', '%s');" % d
    return fence(body, "sql")


DATA_URI_T = [du_css, du_fontface, du_img_html, du_jsx, du_markdown, du_jupyter, du_python_fixture, du_go, du_k8s_cm, du_csp,
              du_swift, du_flutter, du_kotlin, du_api_json, du_shell, du_svg_utf8, du_favicon, du_pdf_json, du_wav, du_sourcemap,
              du_mime, du_terraform, du_plist, du_sentry, du_question, du_har, du_email_css_multi, du_log, du_webmanifest,
              du_storybook, du_sql_blob]


# ---------------------------------------------------------------- negatives: placeholder_example
VENDOR_PLACEHOLDERS = [
    "sk-...", "sk-proj-…", "sk-proj-XXXXXXXXXXXXXXXX", "sk-ant-api03-...", "sk-ant-xxxxxxxx", "sk_live_xxxxxxxxxxxxxxxx", "sk_test_...",
    "pk_live_XXXX", "rk_live_<redacted>", "whsec_...", "xoxb-your-bot-token", "xoxp-xxxx-xxxx", "xapp-1-…", "ghp_xxxxxxxxxxxxxxxxxxxx",
    "github_pat_…", "gho_<token>", "glpat-xxxxxxxxxxxxxxxxxxxx", "AKIA................", "AKIAXXXXXXXXXXXXXXXX", "AIza…",
    "SG.xxxxxxxx.yyyyyyyy", "dd_api_key_here", "npm_XXXXXXXXXXXXXXXXXXXX", "pypi-AgEI…", "hf_xxxxxxxxxxxxxxxx", "shpat_<token>",
    "EAAG…", "ya29.<access-token>", "dapi<your-token>", "lin_api_…", "figd_…", "sq0atp-…", "AC<account-sid>", "re_xxxxxxxx",
]

TPL_VARS = [
    "YOUR_API_KEY", "<token>", "<paste-token-here>", "$API_TOKEN", "${ACCESS_TOKEN}", "${{ secrets.NPM_TOKEN }}", "{{ .Values.apiKey }}",
    "{{ api_key }}", "%DB_PASSWORD%", "$(API_TOKEN)", "op://Engineering/Stripe/credential", "vault:secret/data/payments#api_key",
    "{{resolve:secretsmanager:prod/db:SecretString:password}}", "<%= ENV['SENTRY_AUTH_TOKEN'] %>", "{{ vault_db_password }}",
    "${env:OPENAI_API_KEY}", "@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/DbPassword/)",
    "sm://projects/my-project/secrets/api-key/versions/latest", "${ssm:/prod/app/db_password}", "{{ secret \"kv/data/app\" }}",
    "$__file{/run/secrets/grafana_admin}", "ENC(…)", "{{ .Env.GITHUB_TOKEN }}", "#{STRIPE_KEY}#", "__API_KEY__", "{{{ apiToken }}}",
    "$(cat /run/secrets/db_password)", "<YOUR_SECRET_HERE>", "REPLACE_ME", "changeme", "********", "[REDACTED]", "<redacted>",
    "[FILTERED]", "[MASKED]", "***", "(sensitive value)", "•••••••••", "«mot de passe»", "<пароль>", "<パスワード>", "<密码>", "<비밀번호>",
    "%(password)s", "$PGPASSWORD", "secretRef:db-creds", "!vault |", "ref+awsssm://prod/api_key", "{% raw %}{{ token }}{% endraw %}",
]


def ph_env_example():
    keys = R.sample(["DATABASE_URL", "REDIS_URL", "STRIPE_SECRET_KEY", "OPENAI_API_KEY", "SLACK_BOT_TOKEN", "SENTRY_DSN", "JWT_SECRET",
                     "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "SMTP_PASSWORD", "ANTHROPIC_API_KEY", "MAPBOX_TOKEN",
                     "TWILIO_AUTH_TOKEN", "FIREBASE_PRIVATE_KEY", "ADMIN_PASSWORD"], R.randint(4, 9))
    vals = {"DATABASE_URL": "postgres://<user>:<password>@localhost:5432/app_dev", "REDIS_URL": "redis://localhost:6379/0",
            "STRIPE_SECRET_KEY": "sk_test_replace_me", "OPENAI_API_KEY": "sk-...", "SLACK_BOT_TOKEN": "xoxb-your-bot-token",
            "SENTRY_DSN": "", "JWT_SECRET": "change-me-in-production", "AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE",
            "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "GITHUB_TOKEN": "ghp_your_token_here",
            "SMTP_PASSWORD": "", "ANTHROPIC_API_KEY": "sk-ant-api03-...", "MAPBOX_TOKEN": "pk.<your-public-token>",
            "TWILIO_AUTH_TOKEN": "your_auth_token", "FIREBASE_PRIVATE_KEY": "\"-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n\"",
            "ADMIN_PASSWORD": "admin"}
    body = "\n".join("%s=%s" % (k, vals[k]) for k in keys)
    head = pick([".env.example in the repo (copy to .env and fill in):", "Vorlage `.env.example`:", "`.env.example` à copier :",
                 ".env.example をコピーして埋めてください:", "`.env.example` 模板：", "шаблон `.env.example`:", "מלאו לפי `.env.example`:",
                 "Plantilla `.env.example`:", "template `.env.example` (isi sendiri):"])
    return head + "\n" + fence("# never commit real values\n" + body, "dotenv")


def ph_curl():
    v = pick(["$TOKEN", "<YOUR_TOKEN>", "${API_KEY}", "YOUR_API_KEY", "xxxxx", "$(gcloud auth print-access-token)", "$(op read op://dev/api/token)"])
    host = pick(["api.openai.com/v1/models", "api.stripe.com/v1/charges", "api.github.com/user", "slack.com/api/auth.test",
                 "api.anthropic.com/v1/messages", "api.internal.test/v2/orders", "api.linear.app/graphql"])
    hdr = pick(["-H \"Authorization: Bearer %s\"", "-H 'x-api-key: %s'", "-u %s:", "-H \"PRIVATE-TOKEN: %s\"", "-H 'Authorization: token %s'"]) % v
    return pick(["from the docs:", "works for me with", "Beispiel aus der Doku:", "exemple de la doc :", "ドキュメントの例:", "文档示例：", "пример из доки:", "ejemplo:"]) + "\n" + fence(
        "curl -sS https://%s \\\n  %s" % (host, hdr), "bash")


def ph_gha():
    body = ("jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    permissions:\n      id-token: write\n      contents: read\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n"
            "          role-to-assume: arn:aws:iam::123456789012:role/gha-deploy\n          aws-region: eu-central-1\n"
            "      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}")
    return pick(["switched to OIDC, no long-lived keys in the repo anymore:", "Workflow nutzt jetzt OIDC:", "OIDC に移行しました:", ""]) + "\n" + fence(body, "yaml")


def ph_helm():
    body = ("# values.yaml\ndb:\n  host: postgres.%s.svc.cluster.local\n  user: app\n  password: \"\"          # set via --set or existingSecret\n"
            "  existingSecret: app-db-credentials\napi:\n  key: {{ .Values.global.apiKey | quote }}\n  tokenSecretRef:\n    name: api-token\n    key: token\n") % pick(["payments", "data", "web"])
    return fence(body, "yaml")


def ph_k8s_secret_ref():
    body = ("env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: orders-db\n        key: password\n"
            "  - name: STRIPE_API_KEY\n    valueFrom:\n      secretKeyRef:\n        name: stripe\n        key: api-key\n")
    return pick(["the deployment only references secrets, nothing inline:", "Im Deployment sind nur Referenzen:", "secretKeyRef のみです:"]) + "\n" + fence(body, "yaml")


def ph_vendor_prefix():
    v = pick(VENDOR_PLACEHOLDERS)
    s = pick(["the key should look like `%s` — if yours starts differently it's the wrong type",
              "Der Key fängt mit `%s` an, den echten bitte nur in 1Password",
              "la clé ressemble à `%s`, ne la collez pas ici",
              "キーは `%s` みたいな形式です（本物は貼らないで）",
              "密钥格式类似 `%s`，真实的别贴在这里",
              "ключ выглядит как `%s`, настоящий сюда не кидайте",
              "el formato es `%s`, el real va en el vault",
              "o formato é `%s`, o verdadeiro fica no cofre",
              "형식은 `%s` 이런 식이에요, 진짜 키는 여기 올리지 마세요",
              "המפתח נראה כמו `%s`, אל תדביקו את האמיתי",
              "format kuncinya `%s`, yang asli jangan ditempel di sini",
              "anahtar `%s` gibi görünür, gerçeğini buraya yapıştırmayın"])
    return s % v


def ph_aws_doc():
    body = pick([
        "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = us-west-2",
        "$ aws configure\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\nAWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: eu-west-1\nDefault output format [None]: json",
        "export AWS_ACCESS_KEY_ID=AKIAI44QH8DHBEXAMPLE\nexport AWS_SECRET_ACCESS_KEY=je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
        "aws_access_key_id: ASIAIOSFODNN7EXAMPLE  # from the STS docs page",
    ])
    return pick(["these are the AWS documentation example keys, fine for the localstack README:", "Das sind die Beispiel-Keys aus der AWS-Doku:",
                 "ce sont les clés d'exemple de la doc AWS :", "AWSドキュメントのサンプルキーです:", "这是 AWS 文档里的示例密钥：", ""]) + "\n" + fence(body, "ini")


def ph_masked_card():
    m = pick(["•••• 4242", "**** **** **** 1881", "xxxx-xxxx-xxxx-0005", "XXXX XXXX XXXX 4444", "ending in 8431", "**** 0019",
              "411111******1111", "5555 55** **** 4444", "3782 ****** 10005"])
    s = pick(["customer says the charge on card %s failed twice — can someone check the Stripe dashboard?",
              "Karte %s wurde abgelehnt, Code `do_not_honor`",
              "carte %s refusée, code insufficient_funds",
              "la tarjeta %s fue rechazada (card_declined)",
              "カード %s の決済が失敗、decline_code=generic_decline",
              "卡 %s 付款失败，错误码 expired_card",
              "Карта %s отклонена, код incorrect_cvc",
              "cartão %s recusado, motivo: processing_error",
              "kart %s reddedildi, kod: lost_card",
              "כרטיס %s נדחה, קוד: card_velocity_exceeded"])
    return s % m


def ph_masked_ids():
    s = pick([
        "SSN field is masked in the admin UI as `XXX-XX-XXXX` until the agent clicks reveal (audited)",
        "we only store `***-**-6789` style last-four, never the full number",
        "IBAN wird als `DE00 0000 0000 0000 0000 00` im Mock angezeigt",
        "IBAN dans les maquettes : `FR76 XXXX XXXX XXXX XXXX XXXX XXX`",
        "phone shown as `+1 (•••) •••-••42` on the receipt",
        "Telefonnummer im Log maskiert: `+49 *** ****12`",
        "電話番号はログで `090-****-**12` にマスクしてます",
        "手机号脱敏后是 `138****0000` 这种格式",
        "e-mail shown as `j***@*****.com` in the export",
        "номер карты в логах: `2200 **** **** 0000`",
        "the CSV column `iban_masked` looks like `NL**INGB******1234`",
        "el DNI se muestra como `*****678Z` en el backoffice",
        "CPF aparece como `***.456.789-**` no painel",
    ])
    return s


def ph_pem_dots():
    t = pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = "-----BEGIN %s-----\n%s\n-----END %s-----" % (t, pick(["...", "<your key here>", "MIIE...(snip)...", "…", "b3BlbnNzaC1rZXktdjEAAAAA...", "(contents of key.pem)"]), t)
    return pick(["format should be exactly:", "Das Format muss so aussehen:", "le format attendu :", "形式はこう:", "格式应为：", "формат такой:"]) + "\n" + fence(body)


def ph_conn_default():
    s = pick(["postgres://user:password@localhost:5432/mydb", "mysql://root:root@127.0.0.1:3306/test", "amqp://guest:guest@localhost:5672/",
              "mongodb://<username>:<password>@<cluster>.mongodb.net/?retryWrites=true", "redis://:<password>@localhost:6379",
              "Server=localhost;Database=app;User Id=sa;Password=<YourStrong@Passw0rd>;", "postgresql://postgres:postgres@db:5432/postgres",
              "jdbc:postgresql://localhost:5432/app?user=app&password=${DB_PASSWORD}", "sqlite:///./dev.db",
              "mssql://sa:yourStrong(!)Password@localhost:1433", "clickhouse://default:@localhost:9000/default"])
    return pick(["local docker-compose default, not used anywhere else: `%s`", "Default aus dem Compose-File: `%s`", "valeur par défaut du compose : `%s`",
                 "docker-compose のデフォルト: `%s`", "本地默认连接串：`%s`", "строка по умолчанию для локалки: `%s`", "conexión local por defecto: `%s`"]) % s


def ph_compose():
    body = ("services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}\n"
            "  keycloak:\n    image: quay.io/keycloak/keycloak:25.0\n    environment:\n      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: admin\n"
            "  rabbit:\n    image: rabbitmq:3-management\n    # default guest/guest, only reachable from localhost\n")
    return fence(body, "yaml")


def ph_terraform():
    body = ("variable \"db_password\" {\n  type      = string\n  sensitive = true\n}\n\nresource \"aws_db_instance\" \"main\" {\n  username = \"app\"\n"
            "  password = var.db_password\n  # manage_master_user_password = true  # TODO switch to RDS-managed secret\n}\n\n"
            "data \"aws_secretsmanager_secret_version\" \"api\" {\n  secret_id = \"prod/api/key\"\n}")
    return pick(["`terraform plan` shows `(sensitive value)` as expected:", "Passwort kommt aus einer Variable:", ""]) + "\n" + fence(body, "hcl")


def ph_templates():
    eng = pick([
        ("jinja", "api_key: {{ vault_api_key }}\npassword: {{ lookup('env', 'DB_PASSWORD') }}"),
        ("erb", "password: <%= ENV.fetch('DB_PASSWORD') %>\napi_key: <%= Rails.application.credentials.dig(:stripe, :secret_key) %>"),
        ("go", "token: {{ .Secrets.GithubToken }}\npassword: {{ env \"DB_PASSWORD\" | quote }}"),
        ("handlebars", "Authorization: Bearer {{apiToken}}\nX-Api-Key: {{{apiKey}}}"),
        ("liquid", "{% assign key = settings.api_key %}\n<script data-key=\"{{ key }}\"></script>"),
        ("twig", "{{ app.request.server.get('MAILER_PASSWORD') }}"),
        ("mustache", "password={{db.password}}\ntoken={{auth.token}}"),
        ("razor", "@Configuration[\"Stripe:SecretKey\"]"),
        ("php", "$key = getenv('STRIPE_SECRET') ?: 'sk_test_xxx';"),
        ("hcl", "password = data.vault_generic_secret.db.data[\"password\"]"),
    ])
    return pick(["rendered via %s, nothing secret in the template itself:", "Template-Engine %s, die Werte kommen aus dem Vault:",
                 "moteur %s, les valeurs viennent du vault :", "%s テンプレート、値は Vault から:", "%s 模板，值从 Vault 注入："]) % eng[0] + "\n" + fence(eng[1])


def ph_inline_vars():
    vs = R.sample(TPL_VARS, 3)
    s = pick(["tried `%s`, `%s` and `%s` as the value, the CLI expands none of them",
              "Platzhalter `%s` / `%s` / `%s` werden nicht ersetzt",
              "les placeholders `%s`, `%s`, `%s` ne sont pas interpolés",
              "`%s`、`%s`、`%s` のどれも展開されない",
              "`%s`、`%s`、`%s` 都没有被替换",
              "ни `%s`, ни `%s`, ни `%s` не подставляются",
              "`%s`, `%s`, `%s` — nenhum é interpolado",
              "`%s`, `%s` ve `%s` hiçbiri genişletilmiyor"])
    return s % tuple(vs)


def ph_redacted_log():
    lines = []
    for _ in range(R.randint(3, 9)):
        k = pick(["password", "token", "api_key", "authorization", "secret", "card_number", "iban", "ssn", "client_secret", "cookie"])
        v = pick(["[REDACTED]", "[FILTERED]", "***", "<redacted>", "********", "[MASKED]", "REDACTED", "<hidden>", "xxxx"])
        lines.append("%s INFO  http  %s %s status=%d %s=%s req_id=%s" % (ts_iso(), pick(["POST", "GET", "PUT"]), pick(["/login", "/v1/payouts", "/oauth/token", "/api/cards"]),
                                                                       pick([200, 201, 401, 403]), k, v, rhex(16)))
    return pick(["filter_parameters works:", "Logs sind korrekt maskiert:", "les logs sont bien masqués :", "ログはマスクされてる:", "日志已脱敏：", ""]) + "\n" + fence("\n".join(lines))


def ph_slack_webhook():
    s = pick(["https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
              "https://hooks.slack.com/services/TXXXXXXXX/BXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX",
              "https://hooks.slack.com/services/<workspace>/<channel>/<token>",
              "https://discord.com/api/webhooks/<id>/<token>",
              "https://outlook.office.com/webhook/<guid>/IncomingWebhook/<id>/<guid>"])
    return pick(["docs example webhook: `%s`", "Beispiel-URL aus dem README: `%s`", "URL d'exemple : `%s`", "README の例: `%s`"]) % s


def ph_example_email():
    e = pick(["user@example.com", "jane.doe@example.org", "you@example.net", "admin@example.com", "noreply@example.invalid",
              "someone@test.example", "test@localhost.test"])
    s = pick(["placeholder text in the signup form is `%s`, QA flagged it as PII, it's the RFC 2606 domain",
              "Der Platzhalter im Formular ist `%s` (reservierte Domain)",
              "le placeholder du champ est `%s`",
              "プレースホルダーは `%s`（予約ドメイン）",
              "输入框的占位符是 `%s`（保留域名）"])
    return s % e


def ph_jwt_io():
    return pick([
        "the token in the tutorial is the jwt.io sample `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c`, not ours",
        "format: `eyJhbGciOi...<header>.<payload>.<signature>` — three base64url parts",
        "JWT sieht so aus: `xxxxx.yyyyy.zzzzz` (header.payload.signature)",
        "トークンは `eyJ...` で始まる3パート構成です（例: `<header>.<payload>.<sig>`）",
    ])


def ph_docs_table():
    rows = R.sample([("OPENAI_API_KEY", "sk-...", "yes"), ("SLACK_BOT_TOKEN", "xoxb-…", "yes"), ("LOG_LEVEL", "info", "no"),
                     ("DB_PASSWORD", "(from Vault)", "yes"), ("FEATURE_FLAGS_URL", "http://flags.internal:8080", "no"),
                     ("GITHUB_APP_PRIVATE_KEY", "-----BEGIN RSA PRIVATE KEY-----…", "yes"), ("STRIPE_WEBHOOK_SECRET", "whsec_…", "yes"),
                     ("PORT", "8080", "no"), ("SENTRY_DSN", "https://<key>@o0.ingest.sentry.io/<project>", "no")], 5)
    hdr = pick([("Variable", "Example", "Secret?"), ("Variable", "Beispiel", "Geheim?"), ("変数", "例", "秘密?"), ("Variable", "Exemple", "Secret ?")])
    body = "| %s | %s | %s |\n|---|---|---|\n" % hdr + "\n".join("| `%s` | `%s` | %s |" % r for r in rows)
    return body


def ph_empty():
    body = pick(["password: \"\"\napi_key: ~\ntoken: null", "DB_PASS=\nREDIS_PASSWORD=\nSMTP_PASSWORD=", "[database]\nuser = app\npassword =\n",
                 "{\"apiKey\": \"\", \"secret\": null, \"password\": \"\"}", "spring.datasource.password=\nspring.mail.password="])
    return pick(["why does the app start with empty creds instead of failing?", "Leere Werte, App startet trotzdem:", "valeurs vides mais ça démarre :",
                 "空の値なのに起動しちゃう:", "值是空的但应用还是起来了：", "пустые значения, но приложение стартует:"]) + "\n" + fence(body)


def ph_gradle():
    body = ("android {\n  signingConfigs {\n    release {\n      storeFile file(System.getenv(\"KEYSTORE_PATH\") ?: \"release.jks\")\n"
            "      storePassword System.getenv(\"KEYSTORE_PASSWORD\")\n      keyAlias \"upload\"\n      keyPassword System.getenv(\"KEY_PASSWORD\")\n    }\n  }\n}")
    return pick(["Android signing reads everything from env now:", "Signing-Config liest aus Env:", "署名設定は環境変数から読む:"]) + "\n" + fence(body, "groovy")


def ph_fastlane():
    body = ("app_store_connect_api_key(\n  key_id: ENV[\"ASC_KEY_ID\"],\n  issuer_id: ENV[\"ASC_ISSUER_ID\"],\n  key_content: ENV[\"ASC_KEY_P8\"],\n"
            "  is_key_content_base64: true\n)\nmatch(type: \"appstore\", readonly: true, git_basic_authorization: ENV[\"MATCH_GIT_BASIC_AUTH\"])")
    return fence(body, "ruby")


def ph_sops_yaml():
    body = ("creation_rules:\n  - path_regex: secrets/prod/.*\\.yaml$\n    kms: arn:aws:kms:eu-central-1:123456789012:key/<key-id>\n"
            "  - path_regex: secrets/dev/.*\n    age: age1<recipient-public-key>\n")
    return fence(body, "yaml")


def ph_phone_placeholder():
    s = pick(["phone field placeholder: `+1 (555) 555-5555`", "Telefon-Platzhalter: `+49 (0) 000 0000000`", "placeholder: `+33 X XX XX XX XX`",
              "`+44 7700 900000` is Ofcom's drama range, fine for tests", "input mask `(___) ___-____`", "電話番号の例: `0X0-XXXX-XXXX`",
              "格式示例：`+86 1XX XXXX XXXX`", "пример: `+7 (XXX) XXX-XX-XX`"])
    return s


PLACEHOLDER_T = [ph_env_example, ph_curl, ph_gha, ph_helm, ph_k8s_secret_ref, ph_vendor_prefix, ph_vendor_prefix, ph_aws_doc, ph_masked_card,
                 ph_masked_ids, ph_pem_dots, ph_conn_default, ph_compose, ph_terraform, ph_templates, ph_inline_vars, ph_redacted_log,
                 ph_slack_webhook, ph_example_email, ph_jwt_io, ph_docs_table, ph_empty, ph_gradle, ph_fastlane, ph_sops_yaml, ph_phone_placeholder]


# ---------------------------------------------------------------- negatives: code_identifier
WORDS = ["Secret", "Token", "Password", "Credential", "Iban", "Ssn", "Email", "Phone", "Card", "Key", "Private", "Api", "Auth", "Bearer",
         "Session", "Refresh", "Rotation", "Vault", "Cipher", "Hash", "Salt", "Masked", "Redacted", "Signing", "Webhook", "Payout",
         "Ledger", "Kyc", "Pii", "Consent", "Otp", "Mfa", "Totp", "Jwt", "Oauth", "Client", "Factory", "Provider", "Manager", "Resolver",
         "Validator", "Handler", "Repository", "Service", "Mapper", "Adapter", "Builder", "Config", "Cache", "Store", "Encoder", "Decoder"]


def camel(n=None, lower_first=True):
    ws = [pick(WORDS) for _ in range(n or R.randint(3, 6))]
    s = "".join(ws)
    return s[0].lower() + s[1:] if lower_first else s


def snake(n=None):
    return "_".join(pick(WORDS).lower() for _ in range(n or R.randint(3, 6)))


def itanium(ns, cls, fn):
    return "_ZN%s%s%d%sE%s" % ("".join("%d%s" % (len(x), x) for x in ns), "%d%s" % (len(cls), cls), len(fn), fn, pick(["v", "RKS0_", "PKc", "RKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE", "i"]))


def ci_java_trace():
    pkg = pick(["com.acme.payments", "io.northwind.identity", "de.kontor.ledger", "jp.co.sakura.mobile", "br.com.pix.gateway"])
    exc = pick(["IllegalStateException", "CredentialNotFoundException", "TokenRefreshFailedException", "InvalidIbanFormatException",
                "PasswordPolicyViolationException", "NullPointerException"])
    n = R.randint(6, 34)
    lines = ["%s ERROR [%s] %s.%s - %s" % (ts_iso(), pick(["main", "http-nio-8080-exec-7", "kafka-consumer-2", "scheduler-1"]),
                                          pkg, camel(3, False), pick(["Unable to refresh token", "Secret rotation failed", "Konto-Validierung fehlgeschlagen", "トークン更新に失敗"])),
             "%s.%s: %s" % (pkg, exc, pick(["no credential for alias", "value must not be null", "rotation window exceeded"]))]
    for _ in range(n):
        lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, pick(["secrets", "token", "web", "crypto", "kyc", "iban"]), camel(3, False), camel(R.randint(2, 4)),
                                                     camel(2, False), R.randint(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("\n".join(lines))


def ci_kotlin_coroutines():
    lines = ["kotlinx.coroutines.JobCancellationException: StandaloneCoroutine was cancelled"]
    for _ in range(R.randint(4, 12)):
        lines.append("\tat app.mobile.%s.%s$%s$1.invokeSuspend(%s.kt:%d)" % (pick(["auth", "wallet", "onboarding", "kyc"]), camel(3, False), camel(2), camel(2, False), R.randint(10, 400)))
    return pick(["Android crash after the auth refactor:", "Crash in der Android-App:", "Androidのクラッシュ:", "安卓崩溃日志："]) + "\n" + fence("\n".join(lines))


def ci_swift_crash():
    lines = ["Exception Type:  EXC_BREAKPOINT (SIGTRAP)", "Termination Reason: SIGNAL 5 Trace/BPT trap: 5", "", "Thread 0 Crashed:"]
    for i in range(R.randint(5, 14)):
        mod = pick(["WalletKit", "AuthCore", "Onboarding", "libswiftCore.dylib", "UIKitCore"])
        sym = "$s%d%s%d%sC%d%s%sF" % (len(mod[:8]), mod[:8], 10, "Credential"[:10], 8, "tokenFor", pick(["yAA", "SSSg", "ySSF", "Sb"]))
        lines.append("%-3d %-22s 0x%016x %s + %d" % (i, mod, R.randrange(1 << 36, 1 << 40), sym if "lib" not in mod and "UIKit" not in mod else camel(2), R.randint(16, 900)))
    return fence("\n".join(lines))


def ci_gdb():
    lines = []
    for i in range(R.randint(4, 10)):
        ns = R.sample(["acme", "vault", "crypto", "kms", "ledger", "detail", "secrets"], 2)
        lines.append("#%d  0x%016x in %s () at src/%s.cc:%d" % (i, R.randrange(1 << 44, 1 << 47), itanium(ns, camel(2, False), camel(2)), camel(1), R.randint(10, 999)))
    return pick(["core dump from the signer:", "Backtrace vom Absturz:", "バックトレース:", ""]) + "\n" + fence("\n".join(lines))


def ci_linker():
    sym = itanium(["acme", "secrets"], "TokenStore", "rotateSigningKey")
    return fence("/usr/bin/ld: libsigner.a(store.o): in function `%s':\nstore.cc:(.text+0x%x): undefined reference to `%s'\ncollect2: error: ld returned 1 exit status" % (
        sym, R.randrange(0x100, 0xfff), itanium(["acme", "kms"], "Client", "decryptDataKey")))


def ci_rust_bt():
    lines = ["thread 'tokio-runtime-worker' panicked at src/vault/lease.rs:%d:%d:" % (R.randint(10, 300), R.randint(5, 40)),
             "called `Result::unwrap()` on an `Err` value: LeaseExpired", "stack backtrace:"]
    for i in range(R.randint(4, 12)):
        lines.append("  %2d: %s::%s::%s::h%s" % (i, pick(["secrets_agent", "vault_client", "tokio", "hyper"]), snake(2), snake(2), rhex(16)))
    return fence("\n".join(lines))


def ci_python_tb():
    lines = ["Traceback (most recent call last):"]
    for _ in range(R.randint(3, 9)):
        lines.append('  File "/app/%s/%s.py", line %d, in %s' % (pick(["billing", "kyc", "etl", "secrets"]), snake(2), R.randint(10, 600), snake(3)))
        lines.append("    %s = %s(%s)" % (snake(2), snake(3), snake(2)))
    lines.append("%s: %s" % (pick(["KeyError", "botocore.exceptions.ClientError", "pydantic_core.ValidationError", "ValueError"]),
                             pick(["'api_key_secret_arn'", "An error occurred (AccessDeniedException) when calling the GetSecretValue operation",
                                   "1 validation error for PayoutRequest iban_country_code", "invalid literal for int() with base 10: 'ssn_last4'"])))
    return pick(["airflow task failed:", "DAG `%s` fällt um:" % snake(3), "ETL 失败：", "ジョブ失敗:", ""]) + "\n" + fence("\n".join(lines))


def ci_node():
    lines = ["TypeError: Cannot read properties of undefined (reading '%s')" % camel(2)]
    for _ in range(R.randint(4, 10)):
        lines.append("    at %s (/app/.next/server/chunks/%d.js:%d:%d)" % (camel(3), R.randint(100, 9999), R.randint(1, 9), R.randint(100, 99999)))
    return fence("\n".join(lines))


def ci_go_panic():
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%x]" % R.randrange(0x400000, 0xffffff), "", "goroutine %d [running]:" % R.randint(1, 900)]
    for _ in range(R.randint(3, 8)):
        lines.append("github.com/acme/%s/internal/%s.(*%s).%s(...)" % (pick(["payments-api", "secrets-sync", "ledger"]), pick(["vault", "kms", "iban", "token"]), camel(2, False), camel(2, False)))
        lines.append("\t/src/internal/%s.go:%d +0x%x" % (snake(2), R.randint(10, 500), R.randrange(0x10, 0x3ff)))
    return fence("\n".join(lines))


def ci_dotnet():
    lines = ["Unhandled exception. System.InvalidOperationException: %s" % pick(["Sequence contains no elements", "The ConnectionString property has not been initialized."])]
    for _ in range(R.randint(4, 10)):
        lines.append("   at Contoso.%s.%s.%s(%s %s) in /src/%s.cs:line %d" % (pick(["Billing", "Identity", "Payroll"]), camel(2, False), camel(2, False), pick(["String", "Guid", "CancellationToken"]), camel(1), camel(1, False), R.randint(10, 500)))
    return fence("\n".join(lines))


def ci_identifiers_prose():
    a, b, c = camel(), snake(), camel(lower_first=False)
    s = pick(["can we rename `%s` to something shorter? also `%s` and `%s` are confusing",
              "`%s` ruft `%s` auf, aber `%s` wird nie verwendet",
              "`%s` appelle `%s`, et `%s` est mort",
              "`%s` から `%s` を呼んでるけど `%s` は未使用",
              "`%s` 调用了 `%s`，`%s` 没人用",
              "`%s` вызывает `%s`, а `%s` мёртвый код",
              "`%s` chama `%s`, mas `%s` não é usado",
              "`%s`이 `%s`를 호출하는데 `%s`는 안 쓰여요",
              "`%s` `%s`'i çağırıyor ama `%s` kullanılmıyor",
              "ה-`%s` קורא ל-`%s`, אבל `%s` לא בשימוש",
              "`%s` कॉल करता है `%s` को, लेकिन `%s` इस्तेमाल नहीं होता",
              "το `%s` καλεί το `%s`, αλλά το `%s` δεν χρησιμοποιείται",
              "`%s` เรียก `%s` แต่ `%s` ไม่ได้ใช้แล้ว"])
    return s % (a, b, c)


def ci_sql_schema():
    cols = R.sample(["password_hash text NOT NULL", "password_salt bytea", "api_key_last_four char(4)", "api_key_prefix varchar(12)", "iban_country char(2)",
                     "iban_hash bytea", "ssn_last4 char(4)", "ssn_encrypted bytea", "email_verified_at timestamptz", "phone_e164_hash text",
                     "card_fingerprint text", "card_brand text", "token_family_id uuid", "mfa_totp_secret_ref text", "refresh_token_rotated_at timestamptz"], R.randint(5, 9))
    body = "CREATE TABLE %s (\n  id bigserial PRIMARY KEY,\n%s,\n  created_at timestamptz DEFAULT now()\n);" % (pick(["users", "payout_accounts", "customers", "api_clients"]), ",\n".join("  " + c for c in cols))
    return pick(["migration for review:", "Migration zum Review:", "マイグレーションのレビューお願いします:", "迁移脚本请 review：", ""]) + "\n" + fence(body, "sql")


def ci_terraform_addrs():
    lines = []
    for _ in range(R.randint(4, 10)):
        lines.append("  # module.%s.%s.%s will be %s" % (snake(2), pick(["aws_secretsmanager_secret", "aws_iam_access_key", "google_secret_manager_secret_version", "azurerm_key_vault_secret", "vault_generic_secret", "aws_kms_key"]),
                                                     snake(3), pick(["created", "updated in-place", "destroyed"])))
    return fence("\n".join(lines) + "\nPlan: %d to add, %d to change, %d to destroy." % (R.randint(0, 5), R.randint(0, 5), R.randint(0, 3)))


def ci_k8s_pods():
    lines = ["NAME                                             READY   STATUS             RESTARTS   AGE"]
    for _ in range(R.randint(4, 10)):
        name = "%s-%s-%s" % (pick(["secrets-sync", "token-refresher", "iban-validator", "payout-worker", "kyc-api", "vault-agent-injector"]), rs(10, LOWER + DIG[:5]), rs(5, LOWER + DIG))
        lines.append("%-48s %-7s %-18s %-10d %dh" % (name, pick(["1/1", "0/1", "2/2"]), pick(["Running", "CrashLoopBackOff", "Pending", "Completed"]), R.randint(0, 40), R.randint(1, 90)))
    return "$ kubectl get pods -n %s\n" % pick(["payments", "security", "data"]) + fence("\n".join(lines))


def ci_css_hashes():
    names = ["css-%s" % rs(7, LOWER + DIG), "sc-%s" % rs(6, ALNUM), "Button_primary__%s" % rs(5, ALNUM), "_ngcontent-ng-c%d" % R.randint(10 ** 9, 4 * 10 ** 9),
             "data-v-%s" % rhex(8), "svelte-%s" % rs(6, LOWER + DIG), "e%s0" % rs(6, LOWER + DIG), "jsx-%d" % R.randint(10 ** 9, 4 * 10 ** 9), "tw-%s" % rs(6, LOWER)]
    html = '<div class="%s %s"><button class="%s" %s>...</button></div>' % tuple(R.sample(names, 4))
    return pick(["e2e selectors broke because of these generated classes:", "Selektoren sind kaputt wegen der generierten Klassen:", "生成されたクラス名でE2Eが壊れた:"]) + "\n" + fence(html, "html")


def ci_webpack():
    lines = []
    for _ in range(R.randint(4, 12)):
        lines.append("  %-52s %6.1f kB" % ("static/chunks/%s-%s.js" % (pick(["pages/checkout", "framework", "main", "app/(auth)/login/page", "webpack", "polyfills"]), rhex(16)), R.random() * 300))
    return "next build output:\n" + fence("Route (app)                              Size     First Load JS\n" + "\n".join(lines))


def ci_proguard():
    lines = []
    for _ in range(R.randint(4, 10)):
        cls = "com.acme.wallet.%s.%s" % (pick(["auth", "card", "kyc"]), camel(2, False))
        lines.append("%s -> %s:" % (cls, "".join(pick(LOWER) for _ in range(R.randint(1, 3)))))
        lines.append("    java.lang.String %s -> %s" % (camel(2), pick(LOWER)))
    return "mapping.txt excerpt:\n" + fence("\n".join(lines))


def ci_env_names():
    names = ["%s_%s_%s" % (pick(["STRIPE", "ADYEN", "PLAID", "OKTA", "AUTH0", "VAULT", "SNOWFLAKE", "SENTRY"]), pick(["SECRET", "API_KEY", "TOKEN", "PASSWORD", "PRIVATE_KEY"]),
                           pick(["ROTATION_DAYS", "FILE", "ARN", "PATH", "SECRET_NAME", "VERSION", "TTL_SECONDS", "ENABLED"])) for _ in range(R.randint(4, 9))]
    return pick(["env var names we need to add to the allowlist (names only):", "Neue Env-Var-Namen:", "追加する環境変数名（名前のみ）:", "需要加的环境变量名：", "нужные имена переменных:"]) + "\n" + fence("\n".join(names))


def ci_proto():
    body = "service %sService {\n%s}\n\nmessage %sRequest {\n  string %s = 1;\n  string %s = 2;\n  bool %s = 3;\n}" % (
        camel(2, False), "".join("  rpc %s(%sRequest) returns (%sResponse);\n" % ((camel(3, False),) * 3) for _ in range(R.randint(2, 5))), camel(2, False), snake(3), snake(2), snake(2))
    return fence(body, "proto")


def ci_graphql():
    body = "type %s {\n%s}\n\ntype Mutation {\n  %s(input: %sInput!): %sPayload\n}" % (camel(2, False), "".join("  %s: %s\n" % (camel(2), pick(["String", "ID!", "Boolean", "DateTime"])) for _ in range(R.randint(3, 7))),
                                                                                   camel(3), camel(2, False), camel(2, False))
    return fence(body, "graphql")


def ci_feature_flags():
    flags = ["%s.%s.%s" % (pick(["payments", "mobile", "web", "security", "data"]), snake(2), pick(["enabled", "rollout", "kill_switch", "v2"])) for _ in range(R.randint(3, 8))]
    return pick(["flags to clean up this sprint:", "Flags zum Aufräumen:", "今スプリントで消すフラグ:", "本迭代要清理的开关：", "флаги на удаление:"]) + "\n" + "\n".join("• `%s`" % f for f in flags)


def ci_go_mod():
    mods = ["github.com/%s/%s %s" % (pick(["aws", "hashicorp", "golang-jwt", "stripe", "google", "acme-internal"]), pick(["aws-sdk-go-v2/service/secretsmanager", "vault/api", "jwt/v5", "stripe-go/v76", "tink/go", "token-broker"]),
                                      "v%d.%d.%d" % (R.randint(0, 5), R.randint(0, 60), R.randint(0, 20))) for _ in range(R.randint(4, 9))]
    return fence("module github.com/acme/secrets-sync\n\ngo 1.22\n\nrequire (\n%s\n)" % "\n".join("\t" + m for m in mods), "go")


def ci_elixir():
    body = "** (FunctionClauseError) no function clause matching in %s.%s/2\n    (acme %s) lib/acme/%s.ex:%d: %s.%s/2" % (
        "Acme.Vault.TokenCache", snake(2), "1.%d.0" % R.randint(0, 9), snake(2), R.randint(10, 200), "Acme.Kyc.IbanValidator", snake(2))
    return fence(body)


def ci_objc():
    sels = ["-[%s %s:%s:]" % (camel(2, False), camel(2), camel(1)) for _ in range(R.randint(2, 5))]
    return "symbolicated:\n" + fence("\n".join("%d  %s + %d" % (i, s, R.randint(10, 400)) for i, s in enumerate(sels)))


def ci_bazel():
    targets = ["//%s/%s:%s" % (pick(["services", "libs", "mobile"]), snake(2), snake(2)) for _ in range(R.randint(3, 7))]
    return "$ bazel test " + " ".join(targets[:2]) + "\n" + fence("\n".join("%s PASSED in %.1fs" % (t, R.random() * 20) for t in targets))


def ci_openapi():
    props = "\n".join("        %s:\n          type: %s" % (camel(2), pick(["string", "boolean", "integer"])) for _ in range(R.randint(3, 7)))
    body = "components:\n  schemas:\n    %s:\n      type: object\n      properties:\n%s" % (camel(2, False), props)
    return fence(body, "yaml")


def ci_dbt():
    models = ["%s_%s" % (pick(["stg", "int", "fct", "dim"]), snake(3)) for _ in range(R.randint(3, 7))]
    lines = ["%s | %d of %d OK created sql %s model analytics.%s [%s in %.2fs]" % (ts_iso()[11:19], i + 1, len(models), pick(["table", "view", "incremental"]), m, pick(["SELECT 120", "CREATE VIEW", "INSERT 0 3"]), R.random() * 9) for i, m in enumerate(models)]
    return fence("\n".join(lines))


CODE_T = [ci_java_trace, ci_kotlin_coroutines, ci_swift_crash, ci_gdb, ci_linker, ci_rust_bt, ci_python_tb, ci_node, ci_go_panic, ci_dotnet,
          ci_identifiers_prose, ci_identifiers_prose, ci_sql_schema, ci_terraform_addrs, ci_k8s_pods, ci_css_hashes, ci_webpack, ci_proguard, ci_env_names,
          ci_proto, ci_graphql, ci_feature_flags, ci_go_mod, ci_elixir, ci_objc, ci_bazel, ci_openapi, ci_dbt]


# ---------------------------------------------------------------- negatives: non_credential_blob
def sha_b64(n=32):
    return b64(rbytes(n))


def nb_git_log():
    lines = []
    for _ in range(R.randint(3, 10)):
        lines.append("%s %s" % (rhex(R.choice([7, 9, 12])), pick(["fix(auth): refresh token race", "chore(deps): bump jose", "feat(iban): validate BE check digits",
                                                                  "revert: rotate signing key job", "docs: secrets runbook", "ci: cache pnpm store", "fix: 修正支付回调",
                                                                  "Behebe Absturz beim Login", "fix: トークン期限切れ時のリトライ"])))
    return "$ git log --oneline -%d\n" % len(lines) + fence("\n".join(lines))


def nb_git_diff():
    return fence("diff --git a/config/prod.yaml b/config/prod.yaml\nindex %s..%s 100644\n--- a/config/prod.yaml\n+++ b/config/prod.yaml\n@@ -12,7 +12,7 @@\n-  image_tag: %s\n+  image_tag: %s" % (
        rhex(9), rhex(9), rhex(40), rhex(40)), "diff")


def nb_docker():
    img = pick(["ghcr.io/acme/payments-api", "registry.gitlab.com/ops/edge-proxy", "123456789012.dkr.ecr.eu-central-1.amazonaws.com/kyc-worker", "europe-docker.pkg.dev/acme-prod/web/frontend"])
    d = rhex(64)
    s = pick(["pinned to digest: `%s@sha256:%s`" % (img, d),
              "$ docker pull %s:1.%d.%d\nDigest: sha256:%s\nStatus: Downloaded newer image" % (img, R.randint(0, 30), R.randint(0, 9), d),
              "Image auf Digest gepinnt: `%s@sha256:%s`" % (img, d),
              "ダイジェスト固定: `%s@sha256:%s`" % (img, d)])
    return s if "\n" not in s else fence(s)


def nb_npm_integrity():
    pk = pick(["jose", "jsonwebtoken", "@aws-sdk/client-secrets-manager", "react-dom", "zod", "next", "bcryptjs", "@sentry/node"])
    return fence('"node_modules/%s": {\n  "version": "%d.%d.%d",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz",\n  "integrity": "sha512-%s"\n}' % (
        pk, 5, R.randint(0, 9), R.randint(0, 9), pk, pk.split("/")[-1], 5, 1, 2, sha_b64(64)), "json")


def nb_sri():
    return fence('<script src="https://cdn.jsdelivr.net/npm/chart.js@4.%d.%d/dist/chart.umd.min.js" integrity="sha384-%s" crossorigin="anonymous"></script>' % (
        R.randint(0, 4), R.randint(0, 9), sha_b64(48)), "html")


def nb_csp_hash():
    return "Content-Security-Policy: script-src 'self' 'sha256-%s' 'sha256-%s'; object-src 'none'" % (sha_b64(), sha_b64())


def nb_gosum():
    lines = []
    for m in R.sample(["github.com/golang-jwt/jwt/v5 v5.2.1", "golang.org/x/crypto v0.28.0", "github.com/hashicorp/vault/api v1.15.0", "google.golang.org/grpc v1.67.1", "github.com/stretchr/testify v1.9.0"], 3):
        lines.append("%s h1:%s" % (m, sha_b64()))
        lines.append("%s/go.mod h1:%s" % (m, sha_b64()))
    return pick(["go.sum conflict, just take theirs:", "go.sum-Konflikt:", "go.sum のコンフリクト:"]) + "\n" + fence("\n".join(lines))


def nb_pip_hashes():
    lines = ["cryptography==43.0.%d \\" % R.randint(0, 3)]
    for _ in range(R.randint(2, 5)):
        lines.append("    --hash=sha256:%s \\" % rhex(64))
    lines[-1] = lines[-1][:-2]
    return fence("\n".join(lines), "text")


def nb_cargo():
    return fence('[[package]]\nname = "%s"\nversion = "0.%d.%d"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "%s"' % (
        pick(["ring", "rustls", "jsonwebtoken", "aes-gcm", "base64"]), R.randint(1, 23), R.randint(0, 9), rhex(64)), "toml")


def nb_podfile_lock():
    pods = R.sample(["Firebase", "GoogleSignIn", "Alamofire", "KeychainAccess", "Sentry", "SDWebImage", "Stripe"], 4)
    return "Podfile.lock:\n" + fence("SPEC CHECKSUMS:\n" + "\n".join("  %s: %s" % (p, rhex(40)) for p in pods) + "\n\nPODFILE CHECKSUM: %s\n\nCOCOAPODS: 1.15.2" % rhex(40), "yaml")


def nb_pubspec():
    return fence("  http:\n    dependency: transitive\n    description:\n      name: http\n      sha256: \"%s\"\n      url: \"https://pub.dev\"\n    source: hosted\n    version: \"1.2.%d\"" % (rhex(64), R.randint(0, 3)), "yaml")


def nb_gradle_verif():
    return fence('<component group="com.squareup.okhttp3" name="okhttp" version="4.12.0">\n   <artifact name="okhttp-4.12.0.jar">\n      <sha256 value="%s" origin="Generated by Gradle"/>\n   </artifact>\n</component>' % rhex(64), "xml")


def nb_ids_json():
    obj = {"id": uuid4(), "order_id": ulid(), "trace_id": rhex(32), "span_id": rhex(16), "mongo_id": rhex(24), "request_id": uuid7(),
           "idempotency_key": uuid4(), "ksuid": rs(27, ALNUM)}
    keys = R.sample(sorted(obj), R.randint(4, 8))
    return pick(["which of these should I grep for in Datadog?", "Welche ID brauche ich für den Support?", "どのIDでトレースを探せばいい？", "哪个 ID 用来查链路？",
                 "qual desses ids vai pro ticket?", "какой из этих id нужен для поиска?"]) + "\n" + fence(json.dumps({k: obj[k] for k in keys}, indent=2), "json")


def nb_traceparent():
    return pick(["traceparent: 00-%s-%s-01" % (rhex(32), rhex(16)), "X-Amzn-Trace-Id: Root=1-%08x-%s;Parent=%s;Sampled=1" % (epoch(), rhex(24), rhex(16)),
                 "X-Cloud-Trace-Context: %s/%d;o=1" % (rhex(32), R.randint(10 ** 15, 10 ** 17)), "x-request-id: %s" % rhex(32),
                 "x-ms-request-id: %s" % uuid4(), "x-amz-cf-id: %s==" % rs(54, ALNUM + "-_"), "cf-ray: %s-FRA" % rhex(16)])


def nb_headers():
    lines = ["HTTP/2 200", "content-type: application/json", "etag: \"%s\"" % rhex(32), "x-amz-request-id: %s" % rs(16, "0123456789ABCDEF"),
             "x-amz-id-2: %s" % sha_b64(48), "x-goog-hash: crc32c=%s, md5=%s" % (b64(rbytes(4)), b64(rbytes(16))), "content-md5: %s" % b64(rbytes(16)),
             "x-request-id: %s" % uuid4(), "cf-cache-status: HIT", "age: %d" % R.randint(0, 9999)]
    return "$ curl -sI https://assets.internal.test/%s.js\n" % rhex(8) + fence("\n".join(lines[:2] + R.sample(lines[2:], R.randint(3, 7))))


def nb_s3_ls():
    lines = []
    for _ in range(R.randint(4, 10)):
        lines.append("2025-%02d-%02d %02d:%02d:%02d %10d exports/%s/%s.parquet" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(1000, 9 * 10 ** 8),
                                                                          "dt=2025-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28)), "part-%05d-%s-c000.snappy" % (R.randint(0, 200), uuid4())))
    return "$ aws s3 ls s3://acme-datalake-prod/exports/ --recursive\n" + fence("\n".join(lines))


def nb_sha256sums():
    files = ["cli_%s_%s.tar.gz" % (v, a) for v in ["1.%d.0" % R.randint(1, 20)] for a in ["linux_amd64", "linux_arm64", "darwin_arm64", "windows_amd64"]]
    return "checksums.txt\n" + fence("\n".join("%s  %s" % (rhex(64), f) for f in files))


def nb_ssh_fp():
    return pick([
        "The authenticity of host 'bastion.internal.test (10.%d.%d.%d)' can't be established.\nED25519 key fingerprint is SHA256:%s.\nAre you sure you want to continue connecting (yes/no/[fingerprint])?" % (
            R.randint(0, 255), R.randint(0, 255), R.randint(1, 254), sha_b64().rstrip("=")),
        "new host key after the rebuild, expected fingerprint: `SHA256:%s`" % sha_b64().rstrip("="),
    ])


def nb_ssh_pub():
    raw = struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + rbytes(32)
    return pick(["please add my *public* key to the bastion:", "Mein öffentlicher Schlüssel für den Bastion-Host:", "公開鍵です（秘密鍵じゃないです）:",
                 "这是我的公钥：", "мой публичный ключ для доступа:", "المفتاح العام الخاص بي:"]) + "\n" + fence("ssh-ed25519 %s %s" % (b64(raw), pick(["laptop-2025", "ci-runner", "yubikey-5c", "deploy@build-01"])))


def nb_gpg():
    fp = rs(40, "0123456789ABCDEF")
    return pick(["release signing key fingerprint: `%s`" % " ".join(fp[i:i + 4] for i in range(0, 40, 4)),
                 "gpg: Signature made Tue 14 Oct 2025 09:12:44 CEST\ngpg:                using EDDSA key %s\ngpg: Good signature" % fp])


def nb_pgp_sig():
    body = wrap(b64(b"\x88\x75\x04\x00\x16\x0a\x00\x1d\x16\x21\x04" + rbytes(100)), 64)
    return "detached signature for the release:\n" + fence("-----BEGIN PGP SIGNATURE-----\n\n%s\n=%s\n-----END PGP SIGNATURE-----" % ("\n".join(body), b64(rbytes(3))))


def nb_cert():
    der = b"\x30\x82\x01\xa0\x30\x82\x01\x46\xa0\x03\x02\x01\x02\x02\x14" + rbytes(20) + b"\x30\x0a\x06\x08\x2a\x86\x48\xce\x3d\x04\x03\x02" + rbytes(300)
    body = "\n".join(wrap(b64(der), 64))
    return pick(["public cert of the internal CA, for the trust bundle:", "CA-Zertifikat (öffentlich) fürs Trust-Bundle:", "社内CAの公開証明書です:", "内部 CA 的公开证书："]) + "\n" + fence(
        "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % body)


def nb_age_file():
    body = wrap(b64(b"age-encryption.org/v1\n-> X25519 " + b64(rbytes(32)).rstrip("=").encode() + b"\n" + rbytes(120)), 64)
    return "encrypted backup header (ciphertext, safe to share):\n" + fence("-----BEGIN AGE ENCRYPTED FILE-----\n%s\n-----END AGE ENCRYPTED FILE-----" % "\n".join(body))


def nb_sops():
    body = "db:\n    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-central-1:123456789012:key/%s\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    version: 3.9.1" % (
        b64(rbytes(18)), b64(rbytes(32)), b64(rbytes(16)), uuid4(), ts_iso()[:19] + "Z", b64(rbytes(48)), b64(rbytes(32)), b64(rbytes(16)))
    return pick(["encrypted with sops, fine to commit:", "SOPS-verschlüsselt, darf ins Repo:", "SOPSで暗号化済み:", "已用 sops 加密："]) + "\n" + fence(body, "yaml")


def nb_vault_transit():
    return "transit ciphertext stored in the row: `vault:v%d:%s`" % (R.randint(1, 4), b64(rbytes(R.choice([28, 44, 60]))))


def nb_kms_blob():
    return pick(["`aws kms encrypt` output (CiphertextBlob, useless without the key):\n" + fence('{"CiphertextBlob": "AQICAHg%s", "KeyId": "arn:aws:kms:eu-west-1:123456789012:key/%s", "EncryptionAlgorithm": "SYMMETRIC_DEFAULT"}' % (b64(rbytes(150)), uuid4()), "json")])


def nb_cursor():
    c = b64(json.dumps({"id": R.randint(10 ** 6, 10 ** 8), "ts": epoch(), "dir": "next"}).encode()).rstrip("=")
    return pick(["pagination stops after page 3, cursor: `%s`" % c, "next_cursor: `%s`" % b64(("user:U%s" % rs(10, UPPER + DIG)).encode()),
                 "Paginierung: `?after=%s`" % c, "ページングのカーソル: `%s`" % c, "GraphQL endCursor: `%s`" % b64(("arrayconnection:%d" % R.randint(10, 9999)).encode())])


def nb_stripe_ids():
    ids = [pick(["pi_", "ch_", "cus_", "in_", "evt_", "re_", "po_", "txn_", "seti_"]) + rs(24, ALNUM) for _ in range(R.randint(2, 5))]
    s = pick(["these are object ids (not keys), safe to paste: ", "Objekt-IDs aus dem Dashboard: ", "オブジェクトID: ", "对象 ID："])
    return s + ", ".join("`%s`" % i for i in ids) + "\nreq id `req_%s`" % rs(14, ALNUM)


def nb_ulids():
    return "\n".join("%s  %s" % (ulid(), pick(["queued", "sent", "bounced", "delivered"])) for _ in range(R.randint(3, 8)))


def nb_nix():
    return fence('src = fetchFromGitHub {\n  owner = "acme";\n  repo = "edge";\n  rev = "%s";\n  hash = "sha256-%s";\n};\n# /nix/store/%s-edge-1.4.2' % (rhex(40), sha_b64(), rs(32, "0123456789abcdfghijklmnpqrsvwxyz")), "nix")


def nb_helm_checksum():
    return fence("spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s\n      labels:\n        pod-template-hash: %s" % (rhex(64), rhex(64), rs(10, "bcdfghjklmnpqrstvwxz2456789")), "yaml")


def nb_tf_state():
    return fence('{\n  "version": 4,\n  "terraform_version": "1.9.%d",\n  "serial": %d,\n  "lineage": "%s",\n  "outputs": {}\n}' % (R.randint(0, 8), R.randint(1, 900), uuid4()), "json")


def nb_b64_text():
    txt = pick(["hello from the staging cron", "Zeitplan: täglich 03:00 UTC", "デプロイ完了", "部署完成", "migración terminada", "готово"]).encode()
    return "why is the log message base64? `%s` just decodes to plain text" % b64(txt)


def nb_hexdump():
    data = make_png(2, 2, 2)[:64]
    lines = []
    for i in range(0, len(data), 16):
        ch = data[i:i + 16]
        lines.append("%08x  %-48s |%s|" % (i, " ".join("%02x" % c for c in ch), "".join(chr(c) if 32 <= c < 127 else "." for c in ch)))
    return "$ xxd -g1 thumb.png | head\n" + fence("\n".join(lines))


def nb_sentry():
    return pick(["Sentry issue `%s` (event %s) regressed in release `web@%s`" % (rs(6, "ABCDEFGHJKLMNPQRSTUVWXYZ").upper() + "-" + str(R.randint(10, 999)), rhex(32), rhex(12)),
                 "Sentry: event_id=%s, project=%d" % (rhex(32), R.randint(10 ** 6, 9 * 10 ** 6))])


def nb_ci_ids():
    return pick(["GitHub Actions run %d, job %d failed at step 'test'" % (R.randint(10 ** 9, 2 * 10 ** 10), R.randint(10 ** 10, 4 * 10 ** 10)),
                 "Cloud Build %s — FAILURE" % uuid4(), "Buildkite build %s (#%d)" % (uuid4(), R.randint(1000, 99999)),
                 "CircleCI workflow %s" % uuid4()])


def nb_wireguard_pub():
    return fence("[Peer]\n# ops-laptop-%s\nPublicKey = %s\nAllowedIPs = 10.%d.%d.%d/32\nEndpoint = vpn.internal.test:51820" % (
        rs(3, LOWER), b64(rbytes(32)), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)), "ini")


def nb_hex_colors():
    cols = ["#%06x" % R.randrange(1 << 24) for _ in range(R.randint(6, 14))]
    return pick(["new palette tokens:", "Neue Farbpalette:", "新しいカラートークン:", "新配色："]) + "\n" + fence(":root {\n" + "\n".join("  --c-%d: %s;" % (i * 100, c) for i, c in enumerate(cols, 1)) + "\n}", "css")


def nb_ipfs():
    return "pinned to IPFS: `bafybei%s`" % rs(52, "abcdefghijklmnopqrstuvwxyz234567")


def nb_etags_multipart():
    return "multipart upload done, ETag `\"%s-%d\"`, VersionId `%s`" % (rhex(32), R.randint(2, 300), rs(32, ALNUM + "._"))


def nb_firebase_push():
    return "RTDB push ids look like this: " + ", ".join("`-%s`" % rs(19, ALNUM + "-_") for _ in range(3))


def nb_pnpm_lock():
    out = ["lockfileVersion: '9.0'", "", "packages:", ""]
    for _ in range(R.randint(6, 9)):
        name = pick(["jose", "zod", "undici", "semver", "ws", "debug", "ms", "picocolors", "nanoid", "tslib", "@types/node", "esbuild", "postcss", "lru-cache"])
        ver = "%d.%d.%d" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 20))
        out += ["  %s@%s:" % (name, ver), "    resolution: {integrity: sha512-%s}" % sha_b64(64), "    engines: {node: '>=%d'}" % pick([14, 16, 18]), ""]
    return pick(["pnpm-lock.yaml conflict after the rebase, which side?", "Konflikt in der pnpm-lock.yaml:", "pnpm-lock.yaml がコンフリクト:"]) + "\n" + fence("\n".join(out).rstrip(), "yaml")


NONCRED_T = [nb_pnpm_lock, nb_git_log, nb_git_diff, nb_docker, nb_npm_integrity, nb_sri, nb_csp_hash, nb_gosum, nb_pip_hashes, nb_cargo, nb_podfile_lock, nb_pubspec,
             nb_gradle_verif, nb_ids_json, nb_traceparent, nb_headers, nb_s3_ls, nb_sha256sums, nb_ssh_fp, nb_ssh_pub, nb_gpg, nb_pgp_sig, nb_cert,
             nb_age_file, nb_sops, nb_vault_transit, nb_kms_blob, nb_cursor, nb_stripe_ids, nb_ulids, nb_nix, nb_helm_checksum, nb_tf_state, nb_b64_text,
             nb_hexdump, nb_sentry, nb_ci_ids, nb_wireguard_pub, nb_hex_colors, nb_ipfs, nb_etags_multipart, nb_firebase_push]


# ---------------------------------------------------------------- negatives: pii_lookalike_number
def isbn13():
    core = "978" + "".join(pick(DIG) for _ in range(9))
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(core))
    full = core + str((10 - s % 10) % 10)
    return "%s-%s-%s-%s-%s" % (full[:3], full[3], full[4:8], full[8:12], full[12])


def ean13(prefix=None):
    core = (prefix or pick(["400", "590", "450", "690", "789", "880", "300", "760"])) + "".join(pick(DIG) for _ in range(9))
    core = core[:12]
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(core))
    return core + str((10 - s % 10) % 10)


def ndig(n, first="123456789"):
    return pick(first) + "".join(pick(DIG) for _ in range(n - 1))


def pl_orders():
    lines = []
    for _ in range(R.randint(3, 9)):
        lines.append("order %s · %s · %s" % (ndig(R.choice([9, 10, 11])), pick(["refunded", "shipped", "stuck in PENDING", "partially captured", "返金済み", "已发货", "zurückerstattet"]),
                                            "%d.%02d %s" % (R.randint(3, 900), R.randint(0, 99), pick(["EUR", "USD", "JPY", "BRL", "PLN", "GBP"]))))
    return pick(["orders affected by the double-capture bug:", "Betroffene Bestellungen:", "commandes concernées :", "影響のある注文:", "受影响的订单：", "pedidos afetados:", "затронутые заказы:"]) + "\n" + "\n".join(lines)


def pl_invoice():
    s = pick(["Invoice INV-%d-%06d was issued twice, credit note CN-%d-%05d created" % (R.randint(2024, 2026), R.randint(1, 999999), R.randint(2024, 2026), R.randint(1, 99999)),
              "Rechnung RE-%d/%05d und Gutschrift GS-%d/%04d sind gebucht" % (R.randint(2024, 2026), R.randint(1, 99999), R.randint(2024, 2026), R.randint(1, 9999)),
              "facture F%d%07d, avoir A%d%05d" % (R.randint(2024, 2026), R.randint(1, 10 ** 7 - 1), R.randint(2024, 2026), R.randint(1, 99999)),
              "PO %d-%04d approved, GL account %d-%03d-%04d, cost center CC%d" % (R.randint(4000000, 4999999), R.randint(1, 9999), R.randint(1000, 9999), R.randint(100, 999), R.randint(1000, 9999), R.randint(1000, 9999)),
              "請求書番号 %d-%06d の再発行をお願いします" % (R.randint(2024, 2026), R.randint(1, 999999)),
              "发票号 %d%08d 已作废，请重新开具" % (R.randint(2024, 2026), R.randint(1, 10 ** 8 - 1))])
    return s


def pl_isbn():
    return pick(["the book for the reading group: ISBN %s", "Buch für den Lesekreis: ISBN %s", "livre du club de lecture : ISBN %s", "読書会の本: ISBN %s", "读书会的书：ISBN %s"]) % isbn13()


def pl_ean():
    rows = ["| %s | %s | %d |" % (ean13(), pick(["Kaffeebohnen 1kg", "USB-C cable", "お茶 500ml", "洗衣液", "Teclado"]), R.randint(0, 500)) for _ in range(R.randint(3, 7))]
    return "| GTIN | item | stock |\n|---|---|---|\n" + "\n".join(rows)


def pl_versions():
    s = pick(["bumped to %d.%d.%d-rc.%d" % (R.randint(0, 20), R.randint(0, 40), R.randint(0, 20), R.randint(1, 9)),
              "Chrome %d.0.%d.%d breaks the date picker" % (R.randint(118, 131), R.randint(5000, 6999), R.randint(10, 250)),
              "Windows build 10.0.%d.%d, Edge %d.0.%d.%d" % (R.randint(19041, 26100), R.randint(1000, 6000), R.randint(118, 131), R.randint(2000, 2900), R.randint(10, 99)),
              "Android versionCode %d, versionName %d.%d.%d" % (R.randint(10 ** 6, 9 * 10 ** 8), R.randint(1, 9), R.randint(0, 30), R.randint(0, 9)),
              "iOS build %d.%d (%d)" % (R.randint(1, 9), R.randint(0, 30), R.randint(1000, 99999)),
              "Xcode 16.%d (16B%d), iOS 18.%d SDK" % (R.randint(0, 2), R.randint(10, 99), R.randint(0, 3)),
              "node v%d.%d.%d, pnpm %d.%d.%d" % (R.randint(18, 23), R.randint(0, 20), R.randint(0, 9), R.randint(8, 9), R.randint(0, 15), R.randint(0, 9))])
    return pick(["", "fyi ", "Hinweis: ", "メモ: ", "注：", "nota: "]) + s


def pl_android_fp():
    dev = pick(["husky", "shiba", "lynx", "felix", "tokay", "caiman"])
    return "Build fingerprint: 'google/%s/%s:%d/AP%dA.%d%02d%02d.%03d/%d:user/release-keys'" % (dev, dev, R.choice([14, 15]), R.randint(1, 4), R.randint(24, 25), R.randint(1, 12), R.randint(1, 28), R.randint(1, 20), R.randint(10 ** 7, 2 * 10 ** 7))


def pl_timestamps():
    e = epoch()
    s = pick(["job started at %d and ended at %d (epoch s)" % (e, e + R.randint(30, 9000)),
              "Slack ts %d.%06d is the parent message" % (e, R.randint(0, 999999)),
              "`created_at_ms`: %d" % (e * 1000 + R.randint(0, 999)),
              "Zeitstempel %d entspricht %s UTC" % (e, "2025-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28))),
              "タイムスタンプ %d（ミリ秒）" % (e * 1000 + R.randint(0, 999)),
              "from=%d&to=%d" % (e, e + 86400)])
    return s


def pl_dates():
    return pick(["freeze from 2025-12-19 to 2026-01-05", "Release am 14.03.2026, Code-Freeze 10.03.2026", "mise en prod le 03/04/2026", "リリースは2026年3月14日",
                 "发布时间 2026年4月1日 09:30", "выкатываем 15.05.2026 в 10:00 МСК", "deploy em 21/05/2026 às 14h", "sprint 2026-W11 .. 2026-W12"])


def pl_ports_ips():
    ips = ["10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)), "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254)),
           "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254)), "100.%d.%d.%d" % (R.randint(64, 127), R.randint(0, 255), R.randint(1, 254)),
           "192.0.2.%d" % R.randint(1, 254), "198.51.100.%d" % R.randint(1, 254), "203.0.113.%d" % R.randint(1, 254), "127.0.0.1", "169.254.169.254"]
    s = pick(["SG allows %s and %s on ports 5432, 6379, 9092-9094", "Firewall: %s → %s tcp/443", "%s can't reach %s, timeout after 30000 ms",
              "kubectl port-forward svc/db 15432:5432 then connect to %s, proxy on %s", "VPN-Client bekommt %s, DNS ist %s"])
    return s % tuple(R.sample(ips, 2))


def pl_cidrs():
    return fence("allowed_cidrs = [\n  \"10.%d.0.0/16\",\n  \"172.%d.0.0/20\",\n  \"192.168.%d.0/24\",\n  \"100.64.0.0/10\",\n]" % (R.randint(0, 255), R.randint(16, 31), R.randint(0, 255)), "hcl")


def pl_cloud_ids():
    return pick(["AWS account 123456789012 (the docs one) in the example, ours is in the wiki",
                 "GCP project number %d, project id acme-%s-prod" % (R.randint(10 ** 11, 10 ** 12 - 1), rs(4, LOWER)),
                 "Azure subscription %s, tenant %s" % (uuid4(), uuid4()),
                 "instance i-%s in subnet subnet-%s, vpc-%s" % (rhex(17), rhex(17), rhex(17)),
                 "ami-%s is the new golden image" % rhex(17)])


def pl_tickets():
    return pick(["JIRA PAY-%d / INC%07d / CHG%07d" % (R.randint(100, 9999), R.randint(1, 9999999), R.randint(1, 9999999)),
                 "Zendesk #%d and #%d are the same customer issue" % (R.randint(10 ** 5, 10 ** 7), R.randint(10 ** 5, 10 ** 7)),
                 "Salesforce case %08d" % R.randint(1, 10 ** 8 - 1), "CVE-2025-%d / GHSA-%s-%s-%s" % (R.randint(1000, 59999), rs(4, "23456789cfghjmpqrvwx"), rs(4, "23456789cfghjmpqrvwx"), rs(4, "23456789cfghjmpqrvwx")),
                 "HRESULT 0x%08X from the installer" % R.randrange(0x80000000, 0x80FFFFFF), "RFC %d section %d.%d" % (R.randint(2000, 9999), R.randint(1, 9), R.randint(1, 9)),
                 "KB%d fixed it" % R.randint(5000000, 5049999)])


def pl_money():
    return pick(["MRR went from 1 284 113,40 € to 1 301 992,05 €", "payouts yesterday: $2,481,903.17 across 18,204 transfers", "Umsatz Q3: 4.812.337,90 EUR",
                 "売上 ¥128,440,000（前年比 +12.4%）", "营收 ¥ 3,482,190.55", "выручка 12 345 678,90 ₽", "faturamento R$ 1.234.567,89",
                 "diff between ledger and bank: 0.03 EUR on 41 227 rows"])


def pl_latency():
    rows = ["| %s | %d | %d | %d | %d |" % (pick(["/v1/payouts", "/v1/charges", "/graphql", "/login", "/api/search", "/healthz"]), R.randint(5, 80), R.randint(50, 400), R.randint(200, 3000), R.randint(1000, 900000)) for _ in range(R.randint(4, 8))]
    return "| endpoint | p50 ms | p95 ms | p99 ms | requests |\n|---|---:|---:|---:|---:|\n" + "\n".join(rows)


def pl_csv_export():
    lines = ["order_id,created_at,invoice_no,amount_cents,currency,status"]
    for _ in range(R.randint(12, 37)):
        lines.append("%s,%s,INV%d%06d,%d,%s,%s" % (ndig(10), ts_iso()[:19], R.randint(24, 26), R.randint(1, 999999), R.randint(100, 10 ** 6), pick(["EUR", "USD", "SEK", "JPY"]), pick(["paid", "void", "open"])))
    return pick(["export for finance, no customer columns:", "Export für Finance (ohne Kundendaten):", "経理向けエクスポート（顧客情報なし）:"]) + "\n" + fence("\n".join(lines), "csv")


def pl_rate_limit():
    e = epoch()
    return fence("x-ratelimit-limit: %d\nx-ratelimit-remaining: %d\nx-ratelimit-reset: %d\nretry-after: %d" % (R.choice([5000, 15000, 60]), R.randint(0, 50), e, R.randint(1, 60)))


def pl_tracking():
    return pick(["UPS 1Z%s%s" % (rs(6, UPPER + DIG), ndig(10)), "DHL Sendungsnummer %s" % ndig(10), "FedEx %s" % ndig(12), "Yamato 追跡番号 %s-%s-%s" % (ndig(4), ndig(4), ndig(4)),
                 "顺丰单号 SF%s" % ndig(13), "Correios %s%sBR" % (rs(2, UPPER), ndig(9)), "La Poste 6A%s" % ndig(11)])


def pl_card_like_batch():
    d = luhn_break(ndig(16))
    return pick(["batch id %s %s %s %s (not a card, it's the settlement batch)" % (d[:4], d[4:8], d[8:12], d[12:]),
                 "Settlement-Batch %s-%s-%s-%s" % (d[:4], d[4:8], d[8:12], d[12:]),
                 "bank reference %s on the statement" % d])


def pl_phone_like():
    return pick(["support line in the app is the short code 3400, SMS keyword STOP",
                 "error budget 0.1 %%, SLO 99.9, timeout 30000 ms, retries 3 (%d)" % R.randint(1000, 9999),
                 "build #%d took %d s" % (R.randint(1000, 99999), R.randint(100, 9999)),
                 "port range 30000-32767 for NodePorts",
                 "Kafka offsets %d → %d on partition %d" % (R.randint(10 ** 8, 10 ** 9), R.randint(10 ** 9, 2 * 10 ** 9), R.randint(0, 31)),
                 "disk: %s bytes used of %s" % ("{:,}".format(R.randint(10 ** 9, 10 ** 11)), "{:,}".format(R.randint(10 ** 11, 10 ** 12))),
                 "ref %s-%s-%s from the bank export" % (ndig(3), ndig(3), ndig(4))])


def pl_sepa_creditor():
    return pick(["our SEPA creditor identifier format is like DE98ZZZ09999999999 (that's the Bundesbank example)",
                 "structured creditor reference RF18 5390 0754 7034 on the invoice, not an IBAN",
                 "Gläubiger-ID im Mandat (Beispiel aus der Doku): DE98ZZZ09999999999",
                 "BIC DEUTDEFFXXX / COBADEFFXXX / BNPAFRPPXXX are bank codes, not personal data"])


def pl_coords():
    return "geofence for the %s warehouse: %.5f, %.5f radius 250 m" % (pick(["Berlin", "Osaka", "São Paulo", "Lyon"]), R.uniform(-60, 60), R.uniform(-120, 140))


def pl_prom():
    lines = ['http_requests_total{route="%s",code="%d"} %d' % (pick(["/v1/payouts", "/login", "/cards"]), pick([200, 401, 500]), R.randint(10 ** 5, 10 ** 10)) for _ in range(R.randint(3, 7))]
    return fence("\n".join(lines))


def pl_segfault():
    return "%s[%d]: segfault at %x ip %016x sp %016x error 4 in libssl.so.3[%x+%x]" % (pick(["signer", "nginx", "envoy"]), R.randint(1000, 99999), R.randrange(1 << 20, 1 << 44), R.randrange(1 << 44, 1 << 47), R.randrange(1 << 44, 1 << 47), R.randrange(1 << 44, 1 << 47), R.randrange(1 << 16, 1 << 20))


def pl_four_part_version():
    return pick(["MSI ProductVersion 3.2.1.0", "AssemblyVersion(\"8.1.0.0\")", "FileVersion 5.4.3.2 in the installer metadata"])


def pl_app_ids():
    return pick(["App Store id %d, bundle id com.acme.wallet" % R.randint(10 ** 9, 2 * 10 ** 9), "Play Console app id 4%016d" % R.randint(10 ** 15, 10 ** 16 - 1),
                 "Firebase project number %d" % R.randint(10 ** 11, 10 ** 12 - 1), "Apple Team ID %s" % rs(10, UPPER + DIG)])


def pl_snowflake():
    return "Discord message id %d / channel %d" % (R.randint(10 ** 18, 12 * 10 ** 17), R.randint(10 ** 18, 12 * 10 ** 17))


def pl_ssnlike():
    return pick(["form W-9 revision 10-2018 and 1099-NEC box 1 are the forms we need",
                 "part number %03d-%02d-%04d in the BOM (area 000 is never issued anyway)" % (0, R.randint(10, 99), R.randint(1000, 9999)),
                 "lot %03d-%02d-%04d from the supplier" % (666, R.randint(10, 99), R.randint(1000, 9999)),
                 "Teilenummer %03d-%02d-%04d laut Lieferschein" % (R.randint(100, 899), 0, R.randint(1000, 9999))])


LOOKALIKE_T = [pl_orders, pl_invoice, pl_isbn, pl_ean, pl_versions, pl_versions, pl_android_fp, pl_timestamps, pl_dates, pl_ports_ips, pl_cidrs, pl_cloud_ids, pl_tickets, pl_money,
               pl_latency, pl_csv_export, pl_rate_limit, pl_tracking, pl_card_like_batch, pl_phone_like, pl_sepa_creditor, pl_coords, pl_prom, pl_segfault,
               pl_four_part_version, pl_app_ids, pl_snowflake, pl_ssnlike]


# ---------------------------------------------------------------- negatives: talk_about_secrets
TALK = {
    "en": ["we rotated the Stripe secret key after the contractor offboarding, old one is revoked",
           "reminder: never paste tokens in Slack, use the 1Password share link that expires",
           "gitleaks flagged a false positive in the fixtures, I added an allowlist entry for the path",
           "the leaked key from last week was revoked within 12 minutes, no usage in CloudTrail",
           "who owns the Twilio auth token rotation? the runbook says security but they say platform",
           "please don't log the Authorization header, even at debug level",
           "customers keep emailing us their card numbers, support should delete and ask them to use the portal",
           "do we need to mask phone numbers in the analytics export or is hashing enough?",
           "PCI scope: we never see the PAN, Stripe Elements tokenizes in the iframe",
           "the SSH private key for the deploy user lives only in Vault now, nobody has a copy locally"],
    "de": ["Wir haben das Datenbank-Passwort nach dem Vorfall rotiert, das alte ist ungültig",
           "Bitte keine Tokens in Slack posten, nutzt den Einmal-Link aus dem Passwortmanager",
           "Der Secret-Scanner hat im Test-Fixture angeschlagen, war aber ein Fehlalarm",
           "IBANs dürfen im Log nur maskiert auftauchen, sonst DSGVO-Thema",
           "Wer ist für die Rotation des API-Schlüssels von DATEV zuständig?",
           "Private Keys gehören ins HSM, nicht ins Repo"],
    "fr": ["on a fait tourner la clé API après le départ du prestataire, l'ancienne est révoquée",
           "merci de ne jamais coller de mot de passe dans Slack, utilisez le coffre-fort",
           "le scanner de secrets a levé une alerte sur un faux positif dans les tests",
           "les numéros de carte ne doivent jamais transiter par nos serveurs (périmètre PCI)",
           "qui s'occupe du renouvellement du certificat et de la clé privée du SFTP bancaire ?"],
    "es": ["rotamos la contraseña de la base de datos después del incidente",
           "por favor no peguéis tokens en Slack, usad el gestor de contraseñas",
           "el escáner de secretos dio un falso positivo en los fixtures",
           "los números de tarjeta nunca deben aparecer en los logs",
           "¿quién se encarga de renovar la clave privada del certificado?"],
    "pt": ["rotacionamos a chave da API depois do vazamento, a antiga foi revogada",
           "não colem senhas aqui no Slack, usem o cofre",
           "o CPF dos clientes só pode aparecer mascarado nos relatórios",
           "o scanner de segredos acusou falso positivo nos testes"],
    "it": ["abbiamo ruotato la chiave API dopo l'incidente", "per favore non incollate password su Slack", "i numeri di carta non devono mai finire nei log"],
    "nl": ["we hebben het wachtwoord van de database geroteerd", "plak nooit tokens in Slack, gebruik de kluis", "IBAN's alleen gemaskeerd in de logs graag"],
    "pl": ["zrotowaliśmy klucz API po incydencie", "nie wklejajcie haseł na Slacku, używajcie sejfu", "numery PESEL nie mogą trafiać do logów"],
    "sv": ["vi har roterat API-nyckeln efter incidenten", "klistra aldrig in lösenord i Slack", "personnummer får inte loggas i klartext"],
    "tr": ["olaydan sonra API anahtarını yeniledik", "lütfen Slack'e şifre yapıştırmayın, kasayı kullanın", "kart numaraları asla loglanmamalı"],
    "ru": ["после инцидента мы перевыпустили API-ключ, старый отозван", "пожалуйста, не вставляйте пароли в Slack, используйте хранилище",
           "сканер секретов сработал на тестовые данные, это ложное срабатывание", "номера карт не должны попадать в логи"],
    "uk": ["ми ротували ключ API після інциденту", "не вставляйте паролі в Slack, користуйтеся сейфом", "номери карток не повинні потрапляти в логи"],
    "el": ["αλλάξαμε το κλειδί API μετά το περιστατικό", "μην επικολλάτε κωδικούς στο Slack"],
    "ar": ["قمنا بتدوير مفتاح API بعد الحادثة وتم إلغاء المفتاح القديم", "من فضلكم لا تلصقوا كلمات المرور في سلاك", "أرقام البطاقات يجب ألا تظهر في السجلات"],
    "he": ["החלפנו את מפתח ה-API אחרי האירוע, הישן בוטל", "בבקשה לא להדביק סיסמאות בסלאק, השתמשו בכספת", "מספרי כרטיסי אשראי לא אמורים להופיע בלוגים"],
    "hi": ["घटना के बाद हमने API key बदल दी है, पुरानी रद्द कर दी गई", "कृपया Slack में पासवर्ड पेस्ट न करें, vault का इस्तेमाल करें", "कार्ड नंबर कभी भी लॉग में नहीं आने चाहिए"],
    "ja": ["インシデント後にAPIキーをローテーションしました。旧キーは失効済みです", "Slackにパスワードを貼らないでください。1Passwordの共有リンクを使ってください",
           "シークレットスキャナーがテストデータで誤検知しました", "カード番号はログに出さないこと（PCI DSS）", "秘密鍵はVaultにだけ保管しています"],
    "zh": ["事故之后我们轮换了 API 密钥，旧的已经吊销", "请不要在 Slack 里贴密码，用密码管理器分享", "密钥扫描在测试数据上误报了", "银行卡号绝对不能出现在日志里", "身份证号在导出时必须脱敏"],
    "ko": ["사고 이후 API 키를 교체했고 이전 키는 폐기했습니다", "슬랙에 비밀번호 붙여넣지 마세요, 볼트를 쓰세요", "카드 번호는 로그에 남기면 안 됩니다", "주민등록번호는 절대 저장하지 않습니다"],
    "vi": ["chúng tôi đã xoay vòng API key sau sự cố", "đừng dán mật khẩu vào Slack nhé", "số thẻ không được xuất hiện trong log"],
    "th": ["เราเปลี่ยนคีย์ API หลังเหตุการณ์แล้ว", "กรุณาอย่าวางรหัสผ่านใน Slack", "ห้ามบันทึกเลขบัตรลงในล็อก"],
    "id": ["kami sudah merotasi API key setelah insiden", "jangan tempel password di Slack ya, pakai vault", "nomor kartu tidak boleh muncul di log"],
}


def talk_sentences(k):
    lang = pick(sorted(TALK))
    pool = TALK[lang]
    return R.sample(pool, min(k, len(pool)))


def ts_plain():
    return " ".join(talk_sentences(R.randint(1, 3)))


def ts_bullets():
    hdr = pick(["Security sync notes:", "Notizen Security-Sync:", "Notes de la réunion sécurité :", "セキュリティ定例メモ:", "安全周会纪要：", "Заметки с security-встречи:",
                "Notas de la reunión de seguridad:", "보안 회의 메모:", "Güvenlik toplantısı notları:", "סיכום פגישת אבטחה:"])
    return hdr + "\n" + "\n".join("• " + s for s in talk_sentences(R.randint(2, 4)))


def ts_incident():
    return ("*Incident %s — credential exposure (SEV-%d)*\n*Impact:* %s\n*Timeline:* detected by secret scanning at %s UTC, key revoked %d min later\n"
            "*Root cause:* %s\n*Follow-ups:* %s") % (
        "INC-%d" % R.randint(100, 999), R.randint(2, 3), pick(["none observed", "no unauthorized calls in audit logs", "read-only key, no data accessed"]),
        "%02d:%02d" % (R.randint(0, 23), R.randint(0, 59)), R.randint(3, 40),
        pick(["a debug print of the config object in a CI step", "an .env file committed in a draft PR", "a screenshot in a public issue showing the settings page",
              "a mobile build embedding a server-side key"]),
        pick(["pre-commit hook with gitleaks; push protection on; short-lived OIDC creds", "move to workload identity; delete static keys", "add log scrubbing for Authorization headers"]))


def ts_runbook():
    steps = ["Revoke the exposed credential in the provider console", "Issue a new one and store it in Vault under the same path",
             "Restart consumers (`kubectl rollout restart deploy/<name>`)", "Check audit logs for usage between exposure and revocation",
             "Purge the message from Slack and the CI logs", "File the incident and notify the data protection officer if personal data was involved"]
    return pick(["Leaked secret runbook:", "Runbook: geleaktes Secret", "Runbook : secret exposé", "漏洩時のランブック:", "密钥泄露处置手册：", "Runbook: segredo vazado"]) + "\n" + "\n".join(
        "%d. %s" % (i + 1, st) for i, st in enumerate(steps[:R.randint(3, 6)]))


def ts_regex():
    pats = R.sample([r"ghp_[A-Za-z0-9]{36}", r"xox[baprs]-[0-9A-Za-z-]{10,}", r"AKIA[0-9A-Z]{16}", r"sk-ant-api03-[\w-]{93}AA", r"\b\d{3}-\d{2}-\d{4}\b",
                     r"-----BEGIN [A-Z ]*PRIVATE KEY-----", r"eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+", r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", r"(?:\d[ -]?){13,19}",
                     r"github_pat_\w{82}", r"sk-proj-[\w-]{20,}", r"glpat-[\w-]{20}"], R.randint(2, 4))
    s = pick(["the scanner regexes we're using, too noisy on hex ids:", "Unsere Scanner-Regexe, zu viele Fehlalarme:", "スキャナーの正規表現、誤検知多め:",
              "我们用的扫描正则，误报太多：", "regex do scanner, muito falso positivo:", "регулярки сканера, слишком много ложных:"])
    return s + "\n" + fence("\n".join(pats))


def ts_gitleaks():
    body = '[[rules]]\nid = "internal-api-token"\ndescription = "Internal API token"\nregex = \'\'\'acme_(live|test)_[a-z0-9]{32}\'\'\'\nkeywords = ["acme_live", "acme_test"]\n\n[allowlist]\npaths = [\'\'\'testdata/.*\'\'\', \'\'\'.*\\.snap$\'\'\']\nregexes = [\'\'\'EXAMPLE\'\'\']'
    return pick(["added a custom gitleaks rule:", "Eigene gitleaks-Regel:", "gitleaks にカスタムルール追加:", "加了自定义 gitleaks 规则："]) + "\n" + fence(body, "toml")


def ts_errors():
    e = pick(["Error: secret \"db-credentials\" not found", "ExternalSecret payments/stripe: could not get secret data from provider: AccessDeniedException",
              "Error making API request. Code: 403. Errors: * permission denied (vault kv get secret/data/payments)", "sealed-secrets: no key could decrypt secret (api-token)",
              "botocore.exceptions.ClientError: An error occurred (ResourceNotFoundException) when calling the GetSecretValue operation: Secrets Manager can't find the specified secret.",
              "fatal: Authentication failed for 'https://gitlab.internal.test/ops/infra.git/'", "npm ERR! code E401 Unable to authenticate, your authentication token seems to be invalid.",
              "Error: Invalid API key provided: sk_test_****", "401 Unauthorized: invalid_api_key"])
    return pick(["anyone seen this after the rotation?", "Nach der Rotation kommt das:", "ローテーション後にこれが出る:", "轮换之后报这个：", "после ротации вот такое:", "depois da rotação apareceu isso:"]) + "\n" + fence(e)


def ts_qa():
    q = pick([("Where do I get the staging API key?", "Request access to the `staging/api` path in Vault, it's not shared in chat."),
              ("Wo finde ich das Passwort für die Test-DB?", "Im Passwortmanager unter Team Data, bitte nicht hier posten."),
              ("Où est le token du bot ?", "Dans le coffre, dossier « Slack apps ». Demande l'accès à l'équipe plateforme."),
              ("ステージングのトークンはどこ？", "Vault の staging/api パスを申請してください。チャットには貼りません。"),
              ("测试环境的密钥在哪？", "在 Vault 的 staging 路径下，需要先申请权限。"),
              ("Где взять ключ для staging?", "Запроси доступ к пути staging/api в Vault."),
              ("¿Dónde está la contraseña del SFTP del banco?", "En el gestor, carpeta Finanzas. Pide acceso a tu manager.")])
    return "> %s\n%s" % q


def ts_pr_review():
    return pick(["nit: this logs `request.headers` in full — that includes the bearer token, please drop it or redact",
                 "blocking: the mobile app must not ship the server-side secret; use the public publishable key only",
                 "Bitte den Stacktrace nicht mit den Request-Parametern loggen, da stehen Passwörter drin",
                 "ここでユーザーのメールアドレスをログに出すのはやめましょう",
                 "这里把手机号打到日志里了，需要脱敏",
                 "здесь в лог попадает номер карты целиком, нужно маскировать",
                 "cuidado: o payload do webhook tem o e-mail do cliente, não logar",
                 "이 부분에서 토큰 전체를 로그로 남기고 있어요, 마스킹 부탁드려요"])


def ts_faq():
    items = R.sample([("Can I share a password over DM?", "No. Use a 1Password share link with expiry."),
                      ("Is a public key a secret?", "No, but the matching private key is."),
                      ("Are hashed passwords PII?", "Treat them as confidential; never export."),
                      ("How long do tokens live?", "Access tokens 15 minutes, refresh tokens 30 days."),
                      ("Can test cards go in tickets?", "Only the documented test numbers from the PSP docs, never real ones."),
                      ("What if I paste a key by accident?", "Delete the message, revoke the key, tell #security.")], R.randint(3, 5))
    return "*Secrets FAQ*\n" + "\n".join("*Q:* %s\n*A:* %s" % it for it in items)


def ts_multilang_mix():
    a, b = talk_sentences(1)[0], talk_sentences(1)[0]
    return "%s\n— %s" % (a, b)


def ts_standup():
    return "%s\n%s\n%s" % (pick(["*Yesterday:*", "*Gestern:*", "*昨日:*", "*昨天：*"]) + " " + pick(["migrated the payments service to Vault dynamic DB credentials", "DSGVO-Löschjob für Telefonnummern gebaut", "カード情報のトークン化を確認", "把密钥迁到 KMS"]),
                           pick(["*Today:*", "*Heute:*", "*今日:*", "*今天：*"]) + " " + pick(["remove the last static AWS keys from CI", "rotate the webhook signing secret", "IBAN-Maskierung im Export", "监控密钥过期时间"]),
                           pick(["*Blockers:* none", "*Blocker:* warte auf Security-Review", "*ブロッカー:* なし", "*阻塞：* 等安全审批"]))


def ts_trufflehog():
    n = R.randint(1, 4)
    lines = []
    for _ in range(n):
        lines.append("Found verified result 🐷🔑\nDetector Type: %s\nDecoder Type: PLAIN\nRaw result: %s\nFile: %s\nLine: %d" % (
            pick(["Github", "AWS", "Slack", "Stripe", "OpenAI", "Anthropic"]), pick(["[REDACTED by CI]", "********", "<masked>"]),
            pick(["deploy/old/values.yaml", "notebooks/eval.ipynb", "scripts/backfill.py", "mobile/android/local.properties"]), R.randint(1, 400)))
    return pick(["nightly trufflehog summary (values masked by the pipeline):", "trufflehog-Report von heute Nacht (maskiert):", "trufflehog の結果（マスク済み）:"]) + "\n" + fence("\n\n".join(lines))


def ts_rotation_table():
    rows = R.sample([("stripe/secret_key", "90 d", "payments"), ("slack/bot_token", "180 d", "platform"), ("github/app_private_key", "365 d", "devex"),
                     ("postgres/ledger_rw", "dynamic (1 h)", "data"), ("openai/api_key", "90 d", "ml"), ("apns/auth_key", "365 d", "mobile"),
                     ("sftp/bank_ssh_key", "180 d", "finance-ops"), ("datadog/api_key", "90 d", "sre")], R.randint(4, 7))
    hdr = pick([("secret path", "rotation", "owner"), ("Secret-Pfad", "Rotation", "Owner"), ("シークレット", "ローテーション", "担当"), ("密钥路径", "轮换周期", "负责人")])
    return "| %s | %s | %s |\n|---|---|---|\n" % hdr + "\n".join("| `%s` | %s | %s |" % r for r in rows)


def ts_policy():
    return pick([
        "Policy excerpt (v3): Personal data such as e-mail addresses, phone numbers, national ID numbers and bank account numbers must be stored encrypted at rest, masked in logs, and deleted 30 days after account closure.",
        "Richtlinie: Zugangsdaten werden ausschließlich im Vault gespeichert. Passwörter, API-Schlüssel und private Schlüssel dürfen nicht in Tickets, Chats oder E-Mails stehen.",
        "Politique : les clés privées et jetons d'accès ne doivent jamais être stockés dans le dépôt. Toute fuite doit être signalée dans l'heure à #security.",
        "規程: 個人情報（メールアドレス、電話番号、マイナンバー、口座番号）はログに出力しないこと。違反を検知した場合は即時削除し、セキュリティチームに報告する。",
        "规范：禁止在代码、日志、工单中出现明文密码、密钥、身份证号、银行卡号。发现后须在一小时内上报并轮换。",
        "Регламент: пароли, токены и закрытые ключи хранятся только в Vault; номера карт и паспортные данные в логах запрещены.",
        "정책: 비밀번호, API 키, 개인 키는 볼트에만 저장합니다. 주민등록번호, 카드번호는 로그에 남기지 않습니다.",
        "מדיניות: אין לשמור סיסמאות, מפתחות API או מפתחות פרטיים בקוד. מספרי תעודת זהות וכרטיסי אשראי אסורים בלוגים.",
        "नीति: पासवर्ड, API key और private key सिर्फ़ Vault में रखें। आधार नंबर, कार्ड नंबर और फ़ोन नंबर लॉग में नहीं आने चाहिए।",
        "นโยบาย: ห้ามเก็บรหัสผ่าน คีย์ API หรือ private key ไว้ใน repo และต้องปิดบังเลขบัตรในล็อก",
        "السياسة: لا يجوز تخزين كلمات المرور أو مفاتيح API أو المفاتيح الخاصة في المستودع، ويجب إخفاء أرقام البطاقات في السجلات.",
    ])


def ts_dlp_alert():
    return pick(["Slack DLP removed a message in #%s because it looked like it contained a credit card number. The original poster has been notified.",
                 "Slack DLP hat eine Nachricht in #%s entfernt (mögliche Zugangsdaten). Bitte Secret rotieren, falls echt.",
                 "Slack DLP が #%s のメッセージを削除しました（APIキーの可能性）。本物ならローテーションしてください。",
                 "DLP: mensaje eliminado en #%s por posible número de tarjeta.",
                 "Slack DLP ने #%s में एक संदेश हटा दिया (संभावित API key)। अगर असली था तो उसे rotate करें।"]) % pick(["support-escalations", "data-eng", "mobile-release", "finance-ops", "devops"])


def ts_diff_fix():
    return "removed the hardcoded key, reads from env now:\n" + fence(
        "-const client = new Client({ apiKey: process.env.NODE_ENV === 'test' ? 'test' : loadKey() })\n+const client = new Client({ apiKey: requireEnv('PAYMENTS_API_KEY') })\n-logger.debug({ headers: req.headers }, 'incoming')\n+logger.debug({ path: req.path }, 'incoming')", "diff")


TALK_T = [ts_trufflehog, ts_rotation_table, ts_policy, ts_dlp_alert, ts_diff_fix, ts_plain, ts_plain, ts_bullets, ts_incident, ts_runbook, ts_regex, ts_gitleaks, ts_errors, ts_qa, ts_pr_review, ts_faq, ts_multilang_mix, ts_standup]

NEG_CATS = [("data_uri_base64", DATA_URI_T), ("placeholder_example", PLACEHOLDER_T), ("code_identifier", CODE_T),
            ("non_credential_blob", NONCRED_T), ("pii_lookalike_number", LOOKALIKE_T), ("talk_about_secrets", TALK_T)]


# ================================================================ positives: value generators
B62 = DIG + UPPER + LOWER


def base62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def v_aws_key_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, B32)


def v_aws_secret():
    return rs(40, UPPER + LOWER + DIG + "/+")


def v_ghp():
    body = rs(30, ALNUM)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xffffffff, 6)


def v_gh_fine():
    return "github_pat_11" + rs(20, UPPER + DIG) + "_" + rs(59, ALNUM)


def v_slack_bot():
    return "xoxb-%s-%s-%s" % (ndig(R.choice([10, 11, 12])), ndig(13), rs(24, ALNUM))


def v_slack_user():
    return "xoxp-%s-%s-%s-%s" % (ndig(R.choice([10, 11, 12])), ndig(R.choice([10, 11, 12])), ndig(13), rhex(32))


def v_openai():
    k = pick(["proj", "proj", "legacy", "svc"])
    if k == "proj":
        return "sk-proj-" + rs(R.choice([48, 64, 74]), ALNUM + "-_") + "T3BlbkFJ" + rs(R.choice([48, 64, 74]), ALNUM + "-_")
    if k == "svc":
        return "sk-svcacct-" + rs(58, ALNUM + "-_") + "T3BlbkFJ" + rs(58, ALNUM + "-_")
    return "sk-" + rs(20, ALNUM) + "T3BlbkFJ" + rs(20, ALNUM)


def v_anthropic():
    return pick(["sk-ant-api03-"] * 5 + ["sk-ant-admin01-"]) + rs(93, ALNUM + "-_") + "AA"


def v_jwt():
    e = epoch()
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = rbytes(32)
    else:
        hdr = {"alg": pick(["RS256", "ES256"]), "typ": "JWT", "kid": rs(R.choice([16, 27, 43]), B64U)}
        sig = rbytes(256 if hdr["alg"] == "RS256" else 64)
    pl = {"sub": pick([uuid4(), "user_%d" % R.randint(1000, 999999), "auth0|" + rhex(24)]), "iat": e, "exp": e + pick([900, 3600, 86400]),
          "iss": pick(["https://auth.acme-internal.io/", "https://login.northwind.dev", "https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_" + rs(9, ALNUM)]),
          "scope": pick(["read:orders write:orders", "openid profile", "admin", "payouts:create"])}
    if R.random() < 0.4:
        pl["aud"] = pick(["api://payments", "mobile-app", "https://api.acme-internal.io"])
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


FIRST = ["anna", "lukas", "marie", "jonas", "sofia", "mateo", "camille", "hugo", "giulia", "marco", "eva", "daan", "zofia", "kacper", "elin", "oskar",
         "ayse", "mehmet", "olga", "dmitri", "yuki", "haruto", "wei", "xiaoming", "minjun", "seoyeon", "priya", "arjun", "fatima", "omar", "noa", "itai",
         "linh", "minh", "siriporn", "budi", "ana", "joao", "lucia", "pablo", "chloe", "liam", "emma", "noah", "aaliyah", "diego"]
LAST = ["mueller", "schmidt", "dubois", "martin", "rossi", "bianchi", "garcia", "lopez", "silva", "santos", "devries", "jansen", "kowalski", "nowak",
        "andersson", "yilmaz", "kaya", "ivanova", "petrov", "tanaka", "suzuki", "wang", "li", "kim", "park", "sharma", "patel", "haddad", "cohen", "levi",
        "nguyen", "tran", "srisuk", "santoso", "oliveira", "fernandez", "moreau", "obrien", "walsh", "johnson", "okafor", "mensah"]
MAILDOM = ["gmail.com", "outlook.com", "yahoo.co.jp", "web.de", "gmx.de", "icloud.com", "mail.ru", "yandex.ru", "naver.com", "qq.com", "163.com",
           "orange.fr", "libero.it", "wp.pl", "hotmail.com", "proton.me", "northwind-logistics.de", "fabrikam-pay.com", "contoso-retail.co.uk",
           "sakura-shoten.co.jp", "tienda-lucia.es", "bol-logistics.nl", "uol.com.br", "seznam.cz", "t-online.de", "free.fr"]


def v_email():
    f, l = pick(FIRST), pick(LAST)
    local = pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, R.randint(1, 99)), "%s.%s+%s" % (f, l, pick(["shop", "news", "billing"])), "%s%d" % (f, R.randint(70, 2005))])
    return "%s@%s" % (local, pick(MAILDOM))


def d(n):
    return "".join(pick(DIG) for _ in range(n))


def v_phone(cc=None):
    cc = cc or pick(["US", "UK", "DE", "FR", "ES", "IT", "NL", "PL", "BR", "IN", "JP", "KR", "CN", "RU", "MX", "AU", "TR", "UA", "SE", "IL", "AE"])
    if cc == "US":
        a = pick(["212", "415", "646", "312", "617", "206", "512", "303", "404", "702", "213", "305", "718", "503"])
        ex = pick("23456789") + d(1) + pick("0123456789")
        if ex == "555":
            ex = "556"
        n = d(4)
        return cc, pick(["+1 %s-%s-%s", "(%s) %s-%s", "%s.%s.%s", "+1 (%s) %s %s", "%s-%s-%s"]) % (a, ex, n)
    if cc == "UK":
        if R.random() < 0.6:
            m = pick("456789") + d(2)
            return cc, pick(["+44 7%s %s", "07%s %s", "+447%s%s"]) % (m, d(6))
        return cc, pick(["+44 20 %s %s", "020 %s %s"]) % (pick("38") + d(3), d(4))
    if cc == "DE":
        if R.random() < 0.6:
            p = pick(["151", "152", "160", "162", "170", "171", "172", "175", "176", "177", "179"])
            return cc, pick(["+49 %s %s", "0%s %s", "0%s/%s", "+49 (0)%s %s"]) % (p, d(8) if p.startswith("15") else d(7))
        return cc, pick(["+49 30 %s", "030 %s", "+49 89 %s", "089 %s", "+49 40 %s"]) % (pick("23456789") + d(7))
    if cc == "FR":
        n = pick("67") + " " + " ".join(d(2) for _ in range(4))
        return cc, pick(["+33 %s", "0%s"]) % n
    if cc == "ES":
        return cc, pick(["+34 6%s %s %s", "6%s %s %s"]) % (d(2), d(3), d(3))
    if cc == "IT":
        return cc, pick(["+39 3%s %s %s", "3%s %s%s"]) % (pick("234589") + d(1), d(3), d(4))
    if cc == "NL":
        return cc, pick(["+31 6 %s", "06-%s", "06 %s"]) % (pick("123456") + d(7))
    if cc == "PL":
        return cc, pick(["+48 %s %s %s", "%s-%s-%s"]) % (pick("5678") + d(2), d(3), d(3))
    if cc == "BR":
        return cc, pick(["+55 %s 9%s-%s", "(%s) 9%s-%s"]) % (pick(["11", "21", "31", "41", "51", "61", "71", "81"]), d(4), d(4))
    if cc == "IN":
        return cc, pick(["+91 %s %s", "+91-%s%s", "0%s %s"]) % (pick("6789") + d(4), d(5))
    if cc == "JP":
        return cc, pick(["0%s0-%s-%s", "+81 %s0-%s-%s"]) % (pick("789"), pick("123456789") + d(3), d(4))
    if cc == "KR":
        return cc, pick(["010-%s-%s", "+82 10-%s-%s"]) % (pick("23456789") + d(3), d(4))
    if cc == "CN":
        return cc, pick(["+86 1%s %s %s", "1%s%s%s", "1%s-%s-%s"]) % (pick(["38", "39", "36", "58", "86", "88", "77", "35"]), d(4), d(4))
    if cc == "RU":
        return cc, pick(["+7 9%s %s-%s-%s", "8 (9%s) %s-%s-%s"]) % (d(2), d(3), d(2), d(2))
    if cc == "MX":
        return cc, pick(["+52 55 %s %s", "+52 33 %s %s"]) % (pick("123456789") + d(3), d(4))
    if cc == "AU":
        return cc, pick(["+61 4%s %s %s", "04%s %s %s"]) % (pick("0123456789") + pick("123456789"), d(3), d(3))
    if cc == "TR":
        return cc, pick(["+90 5%s %s %s %s", "0 (5%s) %s %s %s"]) % (pick("0345") + d(1), d(3), d(2), d(2))
    if cc == "UA":
        return cc, "+380 %s %s %s %s" % (pick(["67", "50", "63", "66", "93", "97"]), d(3), d(2), d(2))
    if cc == "SE":
        return cc, pick(["+46 7%s %s %s %s", "07%s-%s %s %s"]) % (pick("0236") , d(3), d(2), d(2))
    if cc == "IL":
        return cc, pick(["+972 5%s-%s-%s", "05%s-%s-%s"]) % (pick("0234") , d(3), d(4))
    return "AE", "+971 5%s %s %s" % (pick("0256"), d(3), d(4))


def es_dc(digits, weights=(1, 2, 4, 8, 5, 10, 9, 7, 3, 6)):
    s = sum(int(c) * w for c, w in zip(digits, weights))
    r = 11 - s % 11
    return {10: 1, 11: 0}.get(r, r)


def v_iban(cc=None):
    cc = cc or pick(["DE", "GB", "FR", "NL", "ES", "IT", "BE", "AT", "CH", "PL", "PT", "SE", "IE", "NO", "DK", "FI", "TR", "LU"])
    if cc == "DE":
        bban = pick(["10070000", "20041133", "37040044", "50010517", "70020270", "12030000", "43060967"]) + d(10)
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "MONZ"]) + d(6) + d(8)
    elif cc == "FR":
        bank, br, acc = d(5), d(5), d(11)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97)
        bban = bank + br + acc + "%02d" % key
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "SNSB", "TRIO", "KNAB"]) + d(10)
    elif cc == "ES":
        bank, br, acc = pick(["2100", "0049", "0182", "2080", "0081"]), d(4), d(10)
        bban = bank + br + str(es_dc("00" + bank + br)) + str(es_dc(acc)) + acc
    elif cc == "IT":
        bban = pick(UPPER) + pick(["03069", "02008", "05034", "03062"]) + d(5) + d(12)
    elif cc == "BE":
        first = d(10)
        c = int(first) % 97 or 97
        bban = first + "%02d" % c
    elif cc == "AT":
        bban = pick(["12000", "20111", "32000", "14000"]) + d(11)
    elif cc == "CH":
        bban = pick(["00762", "00230", "80808"]) + d(12)
    elif cc == "PL":
        bban = d(8) + d(16)
    elif cc == "PT":
        bban = pick(["0002", "0007", "0033", "0035"]) + d(4) + d(11) + d(2)
    elif cc == "SE":
        bban = pick(["500", "600", "800", "300"]) + d(17)
    elif cc == "IE":
        bban = pick(["AIBK", "BOFI", "IPBS"]) + d(6) + d(8)
    elif cc == "NO":
        bban = d(11)
    elif cc == "DK":
        bban = d(14)
    elif cc == "FI":
        bban = d(14)
    elif cc == "TR":
        bban = d(5) + "0" + d(16)
    else:
        cc = "LU"
        bban = d(3) + d(13)
    return cc, make_iban(cc, bban)


def v_card(brand=None):
    brand = brand or pick(["visa", "visa", "mc", "mc2", "amex", "discover", "jcb", "unionpay", "diners", "mir"])
    if brand == "visa":
        p, n = "4" + d(5), 16
    elif brand == "mc":
        p, n = "5" + pick("12345") + d(4), 16
    elif brand == "mc2":
        p, n = str(R.randint(2221, 2720)) + d(2), 16
    elif brand == "amex":
        p, n = pick(["34", "37"]) + d(4), 15
    elif brand == "discover":
        p, n = pick(["6011", "6440", "6500"]) + d(2), 16
    elif brand == "jcb":
        p, n = str(R.randint(3528, 3589)) + d(2), 16
    elif brand == "unionpay":
        p, n = "62" + d(4), pick([16, 19])
    elif brand == "diners":
        p, n = "36" + d(4), 14
    else:
        p, n = "220" + pick("01234") + d(2), 16
    num = luhn_complete(p + d(n - len(p) - 1))
    return brand, num


def fmt_card(num):
    st = pick(["plain", "space", "dash"])
    if st == "plain":
        return num
    sep = " " if st == "space" else "-"
    if len(num) == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    if len(num) == 14:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i + 4] for i in range(0, len(num), 4))


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        g, s = R.randint(1, 99), R.randint(1, 9999)
        v = "%03d-%02d-%04d" % (a, g, s)
        if v not in ("078-05-1120", "123-45-6789", "219-09-9999"):
            return v


def ip_public(s):
    ip = ipaddress.ip_address(s)
    for net in ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "100.64.0.0/10", "198.18.0.0/15"]:
        if ip in ipaddress.ip_network(net):
            return False
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def v_ipv4():
    while True:
        s = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ip_public(s):
            return s


PW_WORDS = ["Sommer", "Winter", "Kaffee", "tiger", "Mango", "Falcon", "Blau", "soleil", "Luna", "dragon", "Sakura", "panda", "Ruby", "Orion", "kiwi", "Nebula"]


def v_password(url_safe=False):
    k = R.random()
    if k < 0.3:
        pw = pick(PW_WORDS) + str(R.randint(2019, 2026)) + pick("!#$%*?")
    elif k < 0.6:
        pw = "-".join(pick(PW_WORDS) for _ in range(3)) + str(R.randint(10, 99))
    else:
        pw = rs(R.randint(14, 24), ALNUM + ("!*-_.~" if url_safe else "!#$%^*-_.~+=?"))
    if url_safe:
        pw = pw.replace("#", "").replace("?", "").replace("%", "").replace("+", "")
    return pw


# ---------------------------------------------------------------- PEM / DER
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big")
    return der(0x02, b)


def is_probable_prime(n, k=16):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    dd, s = n - 1, 0
    while dd % 2 == 0:
        dd //= 2
        s += 1
    for _ in range(k):
        a = R.randrange(2, n - 2)
        x = pow(a, dd, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def gen_prime(bits):
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if is_probable_prime(c):
            return c


def rsa_pkcs1(bits=1024):
    e = 65537
    while True:
        p, q = gen_prime(bits // 2), gen_prime(bits // 2)
        if p == q:
            continue
        phi = (p - 1) * (q - 1)
        try:
            dd = pow(e, -1, phi)
        except ValueError:
            continue
        n = p * q
        return der(0x30, b"".join(der_int(x) for x in [0, n, e, dd, p, q, dd % (p - 1), dd % (q - 1), pow(q, -1, p)]))


def pem_body(kind):
    """returns (label, der bytes)"""
    if kind == "rsa1":
        return "RSA PRIVATE KEY", rsa_pkcs1(pick([1024, 2048]))
    if kind == "rsa8":
        inner = rsa_pkcs1(1024)
        alg = der(0x30, der(0x06, bytes.fromhex("2a864886f70d010101")) + b"\x05\x00")
        return "PRIVATE KEY", der(0x30, der_int(0) + alg + der(0x04, inner))
    if kind == "ec":
        return "EC PRIVATE KEY", bytes.fromhex("30770201010420") + rbytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a14403420004") + rbytes(64)
    if kind == "ed25519":
        return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
    # openssh
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pk = rbytes(32)
    pub = sstr(b"ssh-ed25519") + sstr(pk)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pk) + sstr(rbytes(32) + pk) + sstr(pick([b"deploy@ci", b"ops@bastion", b"build-agent", b""]))
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pub) + sstr(priv)
    return "OPENSSH PRIVATE KEY", blob


def v_pem(kind=None):
    kind = kind or pick(["rsa1", "rsa8", "ec", "ed25519", "openssh"])
    label, blob = pem_body(kind)
    width = 70 if label == "OPENSSH PRIVATE KEY" else 64
    return kind, label, wrap(b64(blob), width)


# ================================================================ positives: templates
def noise_blob():
    return pick(["image digest sha256:%s" % rhex(64), "trace_id=%s" % rhex(32), "build %s" % uuid4(), "commit %s" % rhex(40),
                 "placeholder data:image/png;base64,%s" % b64(make_png(2, 2, 2)), "request_id=%s" % uuid7(), "integrity sha512-%s" % sha_b64(64)])


T_AWS_ID = [
    lambda v: "CI is failing with `InvalidClientTokenId` for `%s`, was it deactivated?" % v,
    lambda v: fence("[profile data-prod]\naws_access_key_id = %s\nregion = eu-west-1" % v, "ini"),
    lambda v: "Der Key `%s` taucht im CloudTrail mit AccessDenied auf, gehört der zu euch?" % v,
    lambda v: fence('{"eventName":"GetCallerIdentity","userIdentity":{"type":"IAMUser","accessKeyId":"%s","userName":"svc-etl"},"sourceIPAddress":"10.4.1.20"}' % v, "json"),
    lambda v: "このアクセスキー `%s` まだ使ってますか？90日経過してるのでローテーション対象です" % v,
    lambda v: "export AWS_ACCESS_KEY_ID=%s\nexport AWS_DEFAULT_REGION=us-east-1\n# %s" % (v, noise_blob()),
    lambda v: "GuardDuty finding: UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration — key %s used outside AWS" % v,
]
T_AWS_ID.append(lambda v: "deploy of `ghcr.io/acme/etl@sha256:%s` failed, task role missing, so it fell back to the baked-in key %s (trace %s)" % (rhex(64), v, rhex(32)))
T_AWS_SECRET = [
    lambda v: "and the secret part is `%s` — yes I know, I'll rotate it after the demo" % v,
    lambda v: fence("AWS_SECRET_ACCESS_KEY=%s" % v, "bash"),
]
T_GHP = [
    lambda v: "use my PAT for the mirror job for now: %s (expires friday)" % v,
    lambda v: "$ git remote set-url origin https://%s@github.com/acme/infra.git" % v,
    lambda v: fence("//npm.pkg.github.com/:_authToken=%s\n@acme:registry=https://npm.pkg.github.com" % v, "ini"),
    lambda v: "Token für den Renovate-Bot: `%s` — bitte in die CI-Variablen übernehmen" % v,
    lambda v: fence("- name: checkout submodules\n  run: git config --global url.\"https://x-access-token:%s@github.com/\".insteadOf \"https://github.com/\"" % v, "yaml"),
    lambda v: "GITHUB_TOKEN=%s gh release create v2.4.0 --notes-file CHANGELOG.md" % v,
    lambda v: "токен для деплоя: %s, потом удалю" % v,
]
T_GH_FINE = [
    lambda v: "fine-grained token scoped to acme/web only: `%s`" % v,
    lambda v: fence("export GH_TOKEN=%s\ngh api repos/acme/mobile/actions/runs --paginate | jq '.workflow_runs | length'" % v, "bash"),
    lambda v: "Le token GitHub pour le bot de release : %s" % v,
    lambda v: fence("terraform {\n}\nprovider \"github\" {\n  owner = \"acme\"\n  token = \"%s\"\n}" % v, "hcl"),
    lambda v: "新しいトークンです（30日有効）: %s" % v,
]
T_SLACK_BOT = [
    lambda v: "SLACK_BOT_TOKEN=%s\nSLACK_APP_LEVEL=false" % v,
    lambda v: "the alerts bot token is `%s` if you want to test locally" % v,
    lambda v: fence("curl -X POST https://slack.com/api/chat.postMessage \\\n  -H \"Authorization: Bearer %s\" \\\n  -d channel=C0%s -d text=deploy-ok" % (v, rs(9, UPPER + DIG)), "bash"),
    lambda v: fence("slack:\n  bot_token: %s\n  channel: \"#deploys\"\n  # %s" % (v, noise_blob()), "yaml"),
    lambda v: "Bot-Token aus der App-Konfiguration: %s" % v,
    lambda v: "ボットトークン: %s （#alerts 用）" % v,
    lambda v: "机器人 token：%s" % v,
]
T_SLACK_USER = [
    lambda v: "my user token for the export script: %s — don't judge" % v,
    lambda v: fence("client = WebClient(token=\"%s\")\nclient.conversations_history(channel=\"C01\")" % v, "python"),
    lambda v: "token de usuario para la migración: `%s`" % v,
    lambda v: "xoxp del admin (temporal): %s" % v,
]
T_OPENAI = [
    lambda v: "OPENAI_API_KEY=%s" % v,
    lambda v: fence("from openai import OpenAI\nclient = OpenAI(api_key=\"%s\")\nresp = client.responses.create(model=\"gpt-4.1-mini\", input=\"ping\")" % v, "python"),
    lambda v: "the eval notebook has the key hardcoded: `%s`, please move it to the secret store" % v,
    lambda v: "Neuer Key für das Support-Bot-Projekt: %s" % v,
    lambda v: fence("curl https://api.openai.com/v1/chat/completions \\\n  -H \"Authorization: Bearer %s\" \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}'" % v, "bash"),
    lambda v: "clé OpenAI de l'équipe data : %s" % v,
    lambda v: fence("const openai = new OpenAI({ apiKey: '%s' });" % v, "ts"),
    lambda v: "ключ для эмбеддингов: %s" % v,
]
T_ANTHROPIC = [
    lambda v: "ANTHROPIC_API_KEY=%s" % v,
    lambda v: fence("import anthropic\nclient = anthropic.Anthropic(api_key=\"%s\")" % v, "python"),
    lambda v: "key for the summarizer lambda: `%s`" % v,
    lambda v: fence("curl https://api.anthropic.com/v1/messages \\\n  -H \"x-api-key: %s\" \\\n  -H \"anthropic-version: 2023-06-01\" \\\n  -H \"content-type: application/json\"" % v, "bash"),
    lambda v: "Claude-Key für die Staging-Umgebung: %s" % v,
    lambda v: "APIキー（検証用）: %s" % v,
    lambda v: fence("env:\n  - name: ANTHROPIC_API_KEY\n    value: \"%s\"" % v, "yaml"),
    lambda v: "chave da API para o agente de triagem: %s" % v,
]
T_JWT = [
    lambda v: "the mobile app sends this and gets 401, exp looks fine?\n`Authorization: Bearer %s`" % v,
    lambda v: fence("%s INFO  gateway  auth ok sub=... token=%s" % (ts_iso(), v)),
    lambda v: "Token aus dem Browser (DevTools → Application → Cookies): %s" % v,
    lambda v: fence("curl -H 'Authorization: Bearer %s' https://api.internal.test/v1/me" % v, "bash"),
    lambda v: "id_token の検証でエラー: %s" % v,
    lambda v: fence('{"access_token":"%s","token_type":"Bearer","expires_in":3600}' % v, "json"),
    lambda v: "токен из localStorage: %s" % v,
    lambda v: "cookie `session=%s; Path=/; HttpOnly; Secure`" % v,
]
T_JWT.append(lambda v: "HAR excerpt:\n" + fence(json.dumps({"request": {"method": "GET", "url": "https://app.internal.test/api/me", "headers": [{"name": "authorization", "value": "Bearer " + v}, {"name": "x-request-id", "value": uuid4()}]},
                                                        "response": {"status": 401, "content": {"mimeType": "image/png", "text": "data:image/png;base64," + b64(make_png(2, 2, 2))}}}, indent=1), "json"))
T_PASSWORD = [
    lambda v: fence("Server=sql-prod-01.database.windows.net;Database=billing;User Id=app_billing;Password=%s;Encrypt=True;" % v),
    lambda v: fence("Host=pg-ledger.internal;Port=5432;Database=ledger;Username=ledger_rw;Password=%s;SSL Mode=Require" % v),
    lambda v: fence("psql \"host=10.20.3.14 dbname=analytics user=dbt password=%s sslmode=require\"" % v, "bash"),
    lambda v: fence("spring.datasource.url=jdbc:mysql://mysql-orders:3306/orders\nspring.datasource.username=orders\nspring.datasource.password=%s" % v, "properties"),
    lambda v: fence("DB_HOST=db.internal\nDB_USER=wp\nDB_PASSWORD=%s\n" % v, "dotenv"),
    lambda v: "admin password for the staging Grafana is `%s`" % v,
    lambda v: fence("signingConfigs {\n  release {\n    storeFile file('upload.jks')\n    storePassword '%s'\n    keyAlias 'upload'\n  }\n}" % v, "groovy"),
    lambda v: "Das WLAN-Passwort im Lager ist %s" % v,
    lambda v: fence("PGPASSWORD='%s' pg_dump -h 10.8.0.12 -U backup shop > shop.sql" % v, "bash"),
    lambda v: "la contraseña del SFTP del banco es %s (me la pasó finanzas)" % v,
    lambda v: "staging DB का पासवर्ड: %s (कल बदल दूँगा)" % v,
    lambda v: fence("redis:\n  host: redis-sessions\n  requirepass: \"%s\"" % v, "yaml"),
]


def _url(kind, pw):
    user = pick(["app", "svc_orders", "etl", "admin", "readonly", "deploy", "analytics_rw"])
    return {
        "pg": "postgres://%s:%s@pg-prod-1.c%s.eu-central-1.rds.amazonaws.com:5432/orders" % (user, pw, rs(10, LOWER + DIG)),
        "mongo": "mongodb+srv://%s:%s@cluster0.%s.mongodb.net/app?retryWrites=true&w=majority" % (user, pw, rs(5, LOWER + DIG)),
        "redis": "redis://:%s@redis-cache.internal:6379/0" % pw,
        "amqp": "amqps://%s:%s@rabbit.%s.cloudamqp.com/vhost" % (user, pw, pick(["rattlesnake", "hawk", "possum"])),
        "mysql": "mysql://%s:%s@10.12.0.7:3306/wordpress" % (user, pw),
        "sqla": "postgresql+psycopg2://%s:%s@warehouse.internal:5432/dw" % (user, pw),
        "proxy": "http://%s:%s@proxy.corp.internal:3128" % (user, pw),
        "git": "https://oauth2:%s@gitlab.acme-internal.io/platform/infra.git" % pw,
        "nexus": "https://%s:%s@nexus.acme-internal.io/repository/pypi/simple" % (user, pw),
        "smtp": "smtps://%s:%s@smtp.mailgun.org:465" % (user, pw),
        "ch": "clickhouse://%s:%s@ch-prod.internal:9440/default?secure=true" % (user, pw),
    }[kind]


T_URL = [
    lambda v: "DATABASE_URL=%s" % _url("pg", v),
    lambda v: fence("MONGO_URI=%s" % _url("mongo", v), "bash"),
    lambda v: "cache is `%s` — works from the bastion only" % _url("redis", v),
    lambda v: fence("celery:\n  broker_url: %s\n  result_backend: rpc://" % _url("amqp", v), "yaml"),
    lambda v: "WordPress alt: %s" % _url("mysql", v),
    lambda v: fence("engine = create_engine(\"%s\")" % _url("sqla", v), "python"),
    lambda v: "export HTTPS_PROXY=%s" % _url("proxy", v),
    lambda v: "$ git clone %s" % _url("git", v),
    lambda v: fence("[global]\nindex-url = %s" % _url("nexus", v), "ini"),
    lambda v: "MAIL_URL=%s" % _url("smtp", v),
    lambda v: fence("clickhouse-client --host ... # or DSN %s" % _url("ch", v)),
]
T_EMAIL = [
    lambda v: "customer %s says the invoice PDF is empty, ticket #%d" % (v, R.randint(10 ** 5, 10 ** 6)),
    lambda v: "Kunde %s möchte seine Daten gelöscht haben (Art. 17 DSGVO)" % v,
    lambda v: fence("%s WARN  mailer  bounce hard recipient=%s reason=\"550 5.1.1 user unknown\"" % (ts_iso(), v)),
    lambda v: "le client %s n'a jamais reçu le mail de confirmation" % v,
    lambda v: fence("Author: %s\nDate:   Tue Oct 14 09:12:44 2025 +0200\n\n    fix(checkout): handle 3DS timeout" % v),
    lambda v: "このユーザー（%s）の2FAリセットをお願いします" % v,
    lambda v: "用户 %s 反馈收不到验证码" % v,
    lambda v: fence("SELECT id, email, created_at FROM users WHERE email = '%s';\n id | email | created_at\n%d | %s | 2025-03-02" % (v, R.randint(1000, 99999), v), "sql"),
    lambda v: "пользователь %s не может войти после смены пароля" % v,
    lambda v: "o cliente %s pediu estorno do pedido" % v,
    lambda v: "사용자 %s 계정이 잠겼어요" % v,
    lambda v: "المستخدم %s لا يستطيع تسجيل الدخول بعد تغيير كلمة المرور" % v,
    lambda v: "הלקוח %s ביקש למחוק את החשבון" % v,
    lambda v: "Sentry user context: {\"id\": \"%s\", \"email\": \"%s\"}" % (uuid4(), v),
]
T_PHONE = [
    (["US", "UK", "AU", "IN"], lambda v: "customer called from %s about a double charge, please call back" % v),
    (["DE"], lambda v: "Rückrufbitte: %s (Kundin wegen Lieferung)" % v),
    (["FR"], lambda v: "le livreur n'arrive pas à joindre le %s" % v),
    (["ES", "MX"], lambda v: "el cliente dejó su número: %s" % v),
    (["JP"], lambda v: "お客様の電話番号: %s（午後希望）" % v),
    (["CN"], lambda v: "客户电话 %s，请尽快回电" % v),
    (["US", "UK", "DE", "NL", "SE", "PL", "TR"], lambda v: fence("%s INFO  sms  OTP sent to=%s provider=twilio status=queued" % (ts_iso(), v))),
    (["US", "UK", "NL", "IN"], lambda v: "my on-call number this week is %s" % v),
    (["RU", "UA"], lambda v: "номер клиента: %s, просил перезвонить" % v),
    (["BR"], lambda v: "telefone do cliente: %s" % v),
    (["IL"], lambda v: "מספר הטלפון של הלקוח: %s" % v),
    (["AE"], lambda v: "رقم العميل: %s" % v),
    (["KR"], lambda v: "고객 연락처: %s, 오후에 통화 원하심" % v),
    (["IT"], lambda v: "il cliente chiede di essere richiamato al %s" % v),
    (["PL"], lambda v: "klient prosi o kontakt pod numerem %s" % v),
    (["TR"], lambda v: "müşteri numarası: %s, geri aranmak istiyor" % v),
]
T_CARD = [
    lambda v: "customer pasted their card in the chat widget: %s exp 09/28 — please purge the transcript" % v,
    lambda v: fence("%s ERROR payments  charge failed pan=%s reason=do_not_honor" % (ts_iso(), v)),
    lambda v: "Kundin hat die Kartennummer per Mail geschickt: %s" % v,
    lambda v: "numéro de carte trouvé dans les logs : %s" % v,
    lambda v: "カード番号がログに出てます: %s" % v,
    lambda v: fence('{"card":{"number":"%s","exp_month":11,"exp_year":2027},"amount":4999}' % v, "json"),
    lambda v: "номер карты в тикете: %s" % v,
    lambda v: "el cliente nos dio la tarjeta %s para el cargo manual" % v,
    lambda v: "카드번호가 메모에 남아있어요: %s" % v,
    lambda v: "ο πελάτης έστειλε τον αριθμό κάρτας στο chat: %s" % v,
]
T_CARD.append(lambda v: fence("%s INFO  checkout order=%s invoice=INV%d%06d trace=%s\n%s DEBUG checkout tokenize input=%s\n%s INFO  checkout status=declined code=51" % (
    ts_iso(), ndig(10), R.randint(24, 26), R.randint(1, 999999), rhex(32), ts_iso(), v, ts_iso())))
T_IBAN = [
    lambda v: "vendor payment run: please update the beneficiary IBAN to %s" % v,
    lambda v: "Neue Bankverbindung des Lieferanten: IBAN %s" % v,
    lambda v: "RIB du fournisseur : %s" % v,
    lambda v: fence("payee_id,iban,amount\n%d,%s,1250.00" % (R.randint(1000, 9999), v), "csv"),
    lambda v: "IBAN voor de terugbetaling: %s" % v,
    lambda v: "proszę o zwrot na konto %s" % v,
    lambda v: "reembolso para o IBAN %s" % v,
    lambda v: "el proveedor cambió de banco, nuevo IBAN: %s" % v,
    lambda v: fence("invoice_no,order_id,iban,amount\nINV-2025-%06d,%s,%s,%d.%02d\n" % (R.randint(1, 999999), ndig(10), v, R.randint(10, 9000), R.randint(0, 99)), "csv"),
    lambda v: fence('{"beneficiary":{"iban":"%s","bic":"%s"},"reference":"INV-2025-%05d"}' % (v, pick(["DEUTDEFFXXX", "BNPAFRPPXXX", "INGBNL2AXXX", "COBADEFFXXX"]), R.randint(1, 99999)), "json"),
]
T_SSN = [
    lambda v: "new hire paperwork: SSN %s, start date Monday" % v,
    lambda v: fence("employee_id,ssn,state\n%d,%s,CA" % (R.randint(10000, 99999), v), "csv"),
    lambda v: "the W-9 from the contractor lists %s as the SSN, can payroll confirm?" % v,
    lambda v: "SSN del empleado: %s" % v,
    lambda v: fence("%s WARN  kyc  mismatch ssn=%s dob=1990-04-11" % (ts_iso(), v)),
    lambda v: "Sozialversicherungsnummer (US) des Mitarbeiters: %s" % v,
    lambda v: "ssn on file: %s — last four match" % v,
]
T_IP = [
    lambda v: "please allowlist our office egress %s on the SFTP" % v,
    lambda v: fence('%s - - [14/Oct/2025:09:12:44 +0000] "POST /wp-login.php HTTP/1.1" 401 512 "-" "python-requests/2.31"' % v),
    lambda v: "Brute force from %s, blocked in the WAF" % v,
    lambda v: "Kunde verbindet sich von %s, bitte freischalten" % v,
    lambda v: fence("ssh -i ~/.ssh/id_ed25519 ubuntu@%s" % v, "bash"),
    lambda v: "VPS の IP は %s です" % v,
    lambda v: fence("resource \"aws_security_group_rule\" \"partner\" {\n  cidr_blocks = [\"%s/32\"]\n}" % v, "hcl"),
    lambda v: "攻击来源 IP：%s" % v,
    lambda v: "IP ที่ยิง request ผิดปกติคือ %s บล็อกแล้ว" % v,
]


def pem_layout(lines, label, layout):
    if layout == 0:
        val = "\n".join(lines)
        text = pick(["here's the deploy key, delete after copying:", "Deploy-Key für den Server:", "клиентский ключ для теста:", "鍵です:"]) + "\n" + fence(
            "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, val, label))
    elif layout == 1:
        val = "\\n".join(lines)
        text = fence('{"type":"service_account","private_key_id":"%s","private_key":"-----BEGIN %s-----\\n%s\\n-----END %s-----\\n","client_id":"%d"}' % (
            rhex(40), label, val, label, R.randint(10 ** 20, 10 ** 21 - 1)), "json")
    elif layout == 2:
        val = "\n    ".join(lines)
        text = fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: tls-client\nstringData:\n  tls.key: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----" % (label, val, label), "yaml")
    else:
        val = "\\n".join(lines)
        text = "GITHUB_APP_PRIVATE_KEY=\"-----BEGIN %s-----\\n%s\\n-----END %s-----\"" % (label, val, label)
    return text, val


def m_aws_pair():
    kid, sec = v_aws_key_id(), v_aws_secret()
    t = pick([lambda: fence("[default]\naws_access_key_id = %s\naws_secret_access_key = %s" % (kid, sec), "ini"),
              lambda: "Zugangsdaten für den Export-Job:\n" + fence("AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nAWS_REGION=eu-central-1" % (kid, sec), "bash"),
              lambda: fence('{"AccessKey":{"UserName":"svc-backup","AccessKeyId":"%s","Status":"Active","SecretAccessKey":"%s","CreateDate":"%s"}}' % (kid, sec, ts_iso()), "json"),
              lambda: "creds for the partner bucket: key `%s` secret `%s` (read-only)" % (kid, sec)])()
    return t, [("aws_access_key_id", kid), ("aws_secret_access_key", sec)]


def m_support():
    e = v_email()
    _, p = v_phone()
    t = pick(["Ticket #%d — Kunde %s, Tel. %s, wartet seit 3 Tagen auf Erstattung" % (R.randint(10 ** 5, 10 ** 6), e, p),
              "customer %s / %s asked to cancel the subscription, can billing confirm?" % (e, p),
              "お客様情報: %s / %s — 配送先変更の依頼" % (e, p),
              "cliente %s, tel %s, quer trocar o endereço de entrega" % (e, p)])
    return t, [("email_address", e), ("phone_number", p)]


def m_vendor():
    e = v_email()
    _, iban = v_iban()
    iban = group4(iban) if R.random() < 0.5 else iban
    t = pick(["New vendor onboarding: remittance advice to %s, IBAN %s" % (e, iban),
              "Lieferant: Zahlungsavis an %s, Konto %s" % (e, iban),
              "fournisseur : %s, IBAN %s — à valider par la compta" % (e, iban)])
    return t, [("email_address", e), ("iban", iban)]


def m_hr():
    e, s = v_email(), v_ssn()
    _, p = v_phone("US")
    t = "onboarding checklist for the new SRE:\n• personal email: %s\n• phone: %s\n• SSN (for payroll): %s\n• laptop: MBP 14, asset tag %s" % (e, p, s, "AT-%05d" % R.randint(1, 99999))
    return t, [("email_address", e), ("phone_number", p), ("us_ssn", s)]


def m_card_email():
    e = v_email()
    _, c = v_card()
    c = fmt_card(c)
    t = pick(["chargeback: %s says card %s was used without consent" % (e, c),
              "Reklamation von %s, Karte %s, bitte sperren lassen" % (e, c)])
    return t, [("email_address", e), ("credit_card", c)]


def m_nginx():
    ip1, ip2 = v_ipv4(), v_ipv4()
    t = fence('%s - - [02/Nov/2025:03:14:07 +0000] "GET /admin HTTP/1.1" 403 153 "-" "curl/8.4.0"\n%s - - [02/Nov/2025:03:14:09 +0000] "GET /.env HTTP/1.1" 404 153 "-" "Mozilla/5.0"\n10.0.3.7 - - [02/Nov/2025:03:14:10 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.30"' % (ip1, ip2))
    return "scanners again:\n" + t, [("ipv4_address", ip1), ("ipv4_address", ip2)]


def m_env_llm():
    a, o = v_anthropic(), v_openai()
    t = fence("# .env.local\nANTHROPIC_API_KEY=%s\nOPENAI_API_KEY=%s\nLOG_LEVEL=debug\nASSET_HASH=%s" % (a, o, rhex(16)), "dotenv")
    return pick(["oops, pasted my .env:", "meine .env, falls du es lokal brauchst:", ".env です:"]) + "\n" + t, [("anthropic_api_key", a), ("openai_api_key", o)]


def m_k8s():
    pw = v_password(url_safe=True)
    key = v_openai() if R.random() < 0.5 else v_anthropic()
    kind = "openai_api_key" if key.startswith("sk-") and not key.startswith("sk-ant") else "anthropic_api_key"
    t = fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: rag-api\ntype: Opaque\nstringData:\n  DATABASE_URL: %s\n  LLM_API_KEY: %s" % (_url("pg", pw), key), "yaml")
    return "why is this pod not picking up the secret?\n" + t, [("url_credentials", pw), (kind, key)]


def m_jwt_ip():
    j, ip = v_jwt(), v_ipv4()
    t = fence('{"ts":"%s","level":"warn","msg":"token rejected","client_ip":"%s","authorization":"Bearer %s","trace_id":"%s"}' % (ts_iso(), ip, j, rhex(32)), "json")
    return t, [("ipv4_address", ip), ("jwt", j)]


def m_git_pat():
    e, tok = v_email(), v_ghp()
    t = fence("[user]\n\tname = dev\n\temail = %s\n[credential]\n\thelper = store\n# ~/.git-credentials\nhttps://dev:%s@github.com" % (e, tok), "ini")
    return t, [("email_address", e), ("github_classic_pat", tok)]


def m_slack_pair():
    b, u = v_slack_bot(), v_slack_user()
    t = "tokens for the archive migration:\nbot: `%s`\nuser: `%s`" % (b, u)
    return t, [("slack_bot_token", b), ("slack_user_token", u)]


def m_payout_triple():
    e = v_email()
    _, iban = v_iban(pick(["DE", "FR", "NL", "ES", "IT"]))
    _, p = v_phone(pick(["DE", "FR", "NL", "ES", "IT"]))
    t = fence("payout_id,email,phone,iban,amount_eur\npo_%s,%s,%s,%s,312.40" % (rs(14, ALNUM), e, p, iban), "csv")
    return "failed payouts export (only 1 row):\n" + t, [("email_address", e), ("phone_number", p), ("iban", iban)]


def m_password_email():
    e, pw = v_email(), v_password()
    t = pick(["login for the vendor portal: %s / %s" % (e, pw), "Zugang Händlerportal: %s Passwort %s" % (e, pw), "ログイン: %s パスワード: %s" % (e, pw)])
    return t, [("email_address", e), ("password", pw)]


MULTI = [("aws_pair", m_aws_pair, 3), ("support", m_support, 2), ("vendor", m_vendor, 1), ("hr", m_hr, 1), ("card_email", m_card_email, 1), ("nginx", m_nginx, 1),
         ("env_llm", m_env_llm, 1), ("k8s", m_k8s, 1), ("jwt_ip", m_jwt_ip, 1), ("git_pat", m_git_pat, 1), ("slack_pair", m_slack_pair, 1),
         ("payout_triple", m_payout_triple, 1), ("password_email", m_password_email, 1)]

_IBAN_CYCLE = iter(["DE", "GB", "FR", "ES", "IT", "NL", "BE", "PL", "CH", "AT", "PT", "SE", "IE", "DE", "GB"] * 3)
_CARD_CYCLE = iter(["visa", "mc", "amex", "mc2", "discover", "jcb", "unionpay", "visa", "mc", "diners", "mir"] * 3)

SINGLE = [("aws_access_key_id", v_aws_key_id, T_AWS_ID, 7), ("aws_secret_access_key", v_aws_secret, T_AWS_SECRET, 2), ("github_classic_pat", v_ghp, T_GHP, 7),
          ("github_fine_grained_pat", v_gh_fine, T_GH_FINE, 5), ("slack_bot_token", v_slack_bot, T_SLACK_BOT, 7), ("slack_user_token", v_slack_user, T_SLACK_USER, 4),
          ("openai_api_key", v_openai, T_OPENAI, 8), ("anthropic_api_key", v_anthropic, T_ANTHROPIC, 8), ("jwt", v_jwt, T_JWT, 8),
          ("private_key_pem", None, None, 7), ("password", v_password, T_PASSWORD, 9), ("url_credentials", lambda: v_password(url_safe=True), T_URL, 9),
          ("email_address", v_email, T_EMAIL, 10), ("phone_number", lambda: v_phone()[1], T_PHONE, 10), ("credit_card", lambda: fmt_card(v_card(next(_CARD_CYCLE))[1]), T_CARD, 9),
          ("iban", lambda: (lambda x: group4(x) if R.random() < 0.45 else x)(v_iban(next(_IBAN_CYCLE))[1]), T_IBAN, 9), ("us_ssn", v_ssn, T_SSN, 7), ("ipv4_address", v_ipv4, T_IP, 8)]


# ================================================================ scanner
RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github_token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b|github_pat_[A-Za-z0-9_]{60,}"),
    "slack_token": re.compile(r"xox[abposr]-\d+-[0-9A-Za-z-]+"),
    "openai_like": re.compile(r"\bsk-(?:proj-|svcacct-|ant-[a-z0-9]+-)?[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}"),
    "ssn": re.compile(r"(?<![\d-])(\d{3})-(\d{2})-(\d{4})(?![\d-])"),
    "digits": re.compile(r"(?<![\d.])\d(?:[ -]?\d){12,18}(?![\d])"),
    "iban": re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30})\b"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*\n?\s*([A-Za-z0-9+/=\\n ]{40,})"),
    "aws": re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"),
    "ipv4": re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])"),
    "vendor": re.compile(r"\b(?:glpat-[A-Za-z0-9_-]{20}|sk_live_[A-Za-z0-9]{20,}|rk_live_[A-Za-z0-9]{20,}|hf_[A-Za-z0-9]{30,}|npm_[A-Za-z0-9]{36}|AIza[0-9A-Za-z_-]{35}|SG\.[\w-]{22}\.[\w-]{43}|xapp-\d-[A-Z0-9]+-\d+-[a-f0-9]{32,}|whsec_[A-Za-z0-9]{24,}|pypi-AgE[A-Za-z0-9_-]{50,})"),
    "phone_intl": re.compile(r"\+\d{1,3}[ -]?\(?\d{1,4}\)?[ -]?\d{2,4}[ -]?\d{2,4}(?:[ -]?\d{2,4})?"),
}
IBAN_CC = {"DE", "GB", "FR", "NL", "ES", "IT", "BE", "AT", "CH", "PL", "PT", "SE", "IE", "NO", "DK", "FI", "TR", "LU", "CZ", "SK", "HU", "RO", "GR", "HR", "SI", "LT", "LV", "EE", "BG", "CY", "MT", "IS", "LI", "MC", "SM", "AE", "SA", "IL", "BR", "UA"}

ALLOW = {
    "jwt": {"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"},
    "email": {"user@example.com", "jane.doe@example.org", "you@example.net", "admin@example.com", "noreply@example.invalid", "someone@test.example", "test@localhost.test"},
    "ipv4": {"3.2.1.0", "8.1.0.0", "5.4.3.2"},
    "phone_intl": {"+44 7700 900000", "+1 (555) 555-5555", "+49 (0) 000 0000000"},
    "aws": {"AKIAXXXXXXXXXXXXXXXX"},
    "luhn": {"18 5390 0754 7034"},
}


def scan(text):
    hits = []
    for m in RX["email"].finditer(text):
        hits.append(("email", m.group(0)))
    for m in RX["vendor"].finditer(text):
        if len(set(m.group(0)[6:])) > 4:
            hits.append(("vendor", m.group(0)))
    for k in ("github_token", "slack_token", "openai_like", "jwt", "aws"):
        for m in RX[k].finditer(text):
            v = m.group(0)
            if k == "aws" and "EXAMPLE" in v:
                continue
            hits.append((k, v))
    for m in RX["ssn"].finditer(text):
        a, g, s = m.groups()
        if a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000":
            hits.append(("ssn", m.group(0)))
    for m in RX["digits"].finditer(text):
        raw = m.group(0)
        dg = re.sub(r"\D", "", raw)
        if 13 <= len(dg) <= 19 and dg.strip("0") and luhn_ok(dg):
            hits.append(("luhn", raw))
    for m in RX["iban"].finditer(text):
        v = m.group(1).replace(" ", "")
        if v[:2] in IBAN_CC:
            for L in range(len(v), 14, -1):
                if iban_valid(v[:L]):
                    hits.append(("iban", v[:L]))
                    break
    for m in RX["pem"].finditer(text):
        body = m.group(1).replace("\\n", "").replace(" ", "")
        if len(body) > 40:
            hits.append(("pem", body[:30]))
    for m in RX["ipv4"].finditer(text):
        s = m.group(0)
        if all(0 <= int(x) <= 255 for x in m.groups()) and ip_public(s):
            hits.append(("ipv4", s))
    for m in RX["phone_intl"].finditer(text):
        dg = re.sub(r"\D", "", m.group(0))
        if 10 <= len(dg) <= 13:
            hits.append(("phone_intl", m.group(0)))
    return [(k, v) for k, v in hits if v not in ALLOW.get(k, ())]


# ================================================================ build
def build_negatives():
    out = []
    seen = set()
    redraws = 0
    allowed_hits = []
    for cat, templates in NEG_CATS:
        order = []
        n = 0
        while len(order) < 100:
            tpl = templates[n % len(templates)]
            n += 1
            for attempt in range(40):
                text = leadin(tpl())
                if text in seen:
                    redraws += 1
                    continue
                hits = scan(text)
                if hits:
                    redraws += 1
                    continue
                break
            else:
                raise SystemExit("could not draw a clean negative from %s" % tpl.__name__)
            seen.add(text)
            order.append({"text": text, "category": cat, "_tpl": tpl.__name__})
        out.extend(order)
    R.shuffle(out)
    recs = []
    for i, r in enumerate(out, 1):
        recs.append({"id": "%sn-%04d" % (IDP, i), "text": r["text"], "category": r["category"]})
    return recs, redraws, out


def validate_secret(kind, value):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"\D", "", value)), value
    elif kind == "iban":
        assert iban_valid(value), value
    elif kind == "us_ssn":
        a, g, s = value.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", value
    elif kind == "ipv4_address":
        assert ip_public(value), value
    elif kind == "jwt":
        h, p, _ = value.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        body = value.replace("\\n", "").replace("\n", "").replace(" ", "")
        base64.b64decode(body, validate=True)
    elif kind == "github_classic_pat":
        assert value.startswith("ghp_") and len(value) == 40 and base62(zlib.crc32(value[4:34].encode()) & 0xffffffff, 6) == value[34:], value
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", value), value
    elif kind == "aws_secret_access_key":
        assert len(value) == 40, value
    elif kind == "anthropic_api_key":
        assert value.endswith("AA") and value.startswith("sk-ant-"), value


def build_positives():
    items = []
    for kind, gen, tpls, count in SINGLE:
        if kind == "private_key_pem":
            kinds = ["rsa1", "rsa8", "ec", "ed25519", "openssh", "ec", "rsa1"]
            for i in range(count):
                pk, label, lines = v_pem(kinds[i % len(kinds)])
                layout = i % 4
                text, val = pem_layout(lines, label, layout)
                items.append({"text": leadin(text, 0.08), "secrets": [{"kind": kind, "value": val}], "context": "private_key_pem:%s:layout%d" % (pk, layout)})
            continue
        if kind == "phone_number":
            idx = list(range(len(tpls)))
            R.shuffle(idx)
            for i in range(count):
                t = idx[i % len(idx)]
                ccs, fn = tpls[t]
                v = v_phone(pick(ccs))[1]
                items.append({"text": leadin(fn(v), 0.08), "secrets": [{"kind": kind, "value": v}], "context": "%s:t%d" % (kind, t)})
            continue
        idx = list(range(len(tpls)))
        R.shuffle(idx)
        for i in range(count):
            t = idx[i % len(idx)]
            v = gen()
            text = tpls[t](v)
            items.append({"text": leadin(text, 0.08), "secrets": [{"kind": kind, "value": v}], "context": "%s:t%d" % (kind, t)})
    for name, fn, count in MULTI:
        for i in range(count):
            text, secs = fn()
            items.append({"text": leadin(text, 0.08), "secrets": [{"kind": k, "value": v} for k, v in secs], "context": "multi:%s:%d" % (name, i)})
    seen = set()
    for it in items:
        assert it["text"] not in seen
        seen.add(it["text"])
        for s in it["secrets"]:
            assert s["value"] in it["text"], (it["context"], s["value"])
            validate_secret(s["kind"], s["value"])
    R.shuffle(items)
    recs = []
    for i, it in enumerate(items, 1):
        recs.append({"id": "%sp-%04d" % (IDP, i), "text": it["text"], "secrets": it["secrets"], "context": it["context"]})
    return recs


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def main():
    neg, redraws, raw = build_negatives()
    pos = build_positives()
    pn = os.path.join(HERE, PREFIX + "_negatives.jsonl")
    pp = os.path.join(HERE, PREFIX + "_positives.jsonl")
    hn, hp = write_jsonl(pn, neg), write_jsonl(pp, pos)
    from collections import Counter
    cats = Counter(r["category"] for r in neg)
    tpls = {}
    for r in raw:
        tpls.setdefault(r["category"], set()).add(r["_tpl"])
    lines = [r["text"].count("\n") + 1 for r in neg]
    print("negatives: %d  (redraws %d)" % (len(neg), redraws))
    for c, n in sorted(cats.items()):
        ls = [r["text"].count("\n") + 1 for r in neg if r["category"] == c]
        print("  %-22s %3d  templates=%2d  lines %d..%d" % (c, n, len(tpls[c]), min(ls), max(ls)))
    print("  single-line %d, >=10 lines %d, >=20 lines %d, max %d" % (sum(1 for x in lines if x == 1), sum(1 for x in lines if x >= 10), sum(1 for x in lines if x >= 20), max(lines)))
    kinds = Counter(s["kind"] for r in pos for s in r["secrets"])
    print("positives: %d texts, %d secrets, %d kinds" % (len(pos), sum(kinds.values()), len(kinds)))
    for k, n in sorted(kinds.items()):
        print("  %-26s %3d" % (k, n))
    nmulti = Counter(len(r["secrets"]) for r in pos)
    print("  secrets per text: %s" % dict(sorted(nmulti.items())))
    # scanner on positives (recall of the built-in scanner, informational)
    miss = []
    for r in pos:
        hits = " ".join(v for _, v in scan(r["text"]))
        for s in r["secrets"]:
            if s["kind"] in ("password", "url_credentials", "aws_secret_access_key"):
                continue
            probe = s["value"].replace("\\n", "").replace("\n", "").replace(" ", "")[:20]
            if s["value"] not in hits and probe not in hits.replace(" ", "") and not any(s["value"].startswith(h) or h in s["value"] for h in hits.split() if len(h) > 8):
                miss.append((r["id"], s["kind"]))
    print("scanner misses on positives (excluding password/url_credentials/aws_secret, which it does not look for): %d %s" % (len(miss), miss[:12]))
    print("allow-listed scanner hits in negatives:")
    allowed = Counter()
    for r in neg:
        for k, rx in RX.items():
            pass
        for k, vals in ALLOW.items():
            for v in vals:
                if v in r["text"]:
                    allowed[(k, v)] += 1
    for (k, v), n in sorted(allowed.items()):
        print("  %-10s %-40s %d" % (k, v[:40], n))
    print("sha256 %s  %s" % (hn, os.path.basename(pn)))
    print("sha256 %s  %s" % (hp, os.path.basename(pp)))


if __name__ == "__main__":
    main()
