#!/usr/bin/env python3
"""dev19 probe: strings that look like secrets, beside secrets.

Writes dev19_negatives.jsonl (400), dev19_positives.jsonl (200) and README.md next to itself.
Standard library only; random.Random(1919) is the only source of randomness, so two runs give
byte-identical files (also under any PYTHONHASHSEED).
"""
import base64
import hashlib
import json
import os
import re
import struct
import sys
import unicodedata
import zlib
import random
from collections import Counter, defaultdict

R = random.Random(1919)
HERE = os.path.dirname(os.path.abspath(__file__))
N_NEG, N_POS = 400, 200

HEXC = '0123456789abcdef'
B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
B62GH = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
B64U = B62 + '-_'
UPDIG = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
LOWDIG = 'abcdefghijklmnopqrstuvwxyz0123456789'
CROCK = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
PWCHARS = B62 + '!#%^&*-_+=.?~'


def rs(alpha, n):
    return ''.join(R.choice(alpha) for _ in range(n))


def rb(n):
    return bytes(R.randrange(256) for _ in range(n))


def hx(n):
    return rs(HEXC, n)


def b64(n):
    return base64.b64encode(rb(n)).decode()


def b64u(n):
    return base64.urlsafe_b64encode(rb(n)).decode().rstrip('=')


def pick(seq):
    return R.choice(seq)


def chance(p):
    return R.random() < p


def uuid4():
    b = bytearray(rb(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'


def uuid7():
    ms = R.randrange(1767225600000, 1798761600000)
    b = bytearray(ms.to_bytes(6, 'big') + rb(10))
    b[6] = (b[6] & 0x0F) | 0x70
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'


def ulid():
    ms = R.randrange(1767225600000, 1798761600000)
    t = ''
    for _ in range(10):
        ms, r = divmod(ms, 32)
        t = CROCK[r] + t
    return t + rs(CROCK, 16)


def date():
    return f'2026-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}'


def ts():
    return f'{date()}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}.{R.randint(0, 999):03d}Z'


def password(alpha=PWCHARS):
    while True:
        n = R.randint(14, 28)
        p = rs(alpha, n)
        if (re.search(r'[A-Z]', p) and re.search(r'[a-z]', p) and re.search(r'\d', p)
                and re.search(r'[^A-Za-z0-9]', p) and p[0] not in '-=.#?~*&!%^+'):
            return p


# ---------------------------------------------------------------- keys (real DER layouts, random material)
def pem(label, der, width=64):
    body = base64.b64encode(der).decode()
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return f'-----BEGIN {label}-----\n' + '\n'.join(lines) + f'\n-----END {label}-----', lines


def sshstr(b):
    return struct.pack('>I', len(b)) + b


def priv_ec_sec1():
    der = bytes.fromhex('30770201010420') + rb(32) + bytes.fromhex('a00a06082a8648ce3d030107a144034200') + b'\x04' + rb(64)
    return pem('EC PRIVATE KEY', der), 'ec_p256_sec1'


def priv_ec_pkcs8():
    der = (bytes.fromhex('308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420') + rb(32)
           + bytes.fromhex('a144034200') + b'\x04' + rb(64))
    return pem('PRIVATE KEY', der), 'ec_p256_pkcs8'


def priv_ed25519():
    der = bytes.fromhex('302e020100300506032b657004220420') + rb(32)
    return pem('PRIVATE KEY', der), 'ed25519_pkcs8'


def priv_openssh():
    pub, sec = rb(32), rb(32)
    pubblob = sshstr(b'ssh-ed25519') + sshstr(pub)
    chk = rb(4)
    ps = chk + chk + pubblob + sshstr(sec + pub) + sshstr(b'deploy-ci-2026')
    i = 1
    while len(ps) % 8:
        ps += bytes([i])
        i += 1
    blob = (b'openssh-key-v1\x00' + sshstr(b'none') + sshstr(b'none') + sshstr(b'') + struct.pack('>I', 1)
            + sshstr(pubblob) + sshstr(ps))
    return pem('OPENSSH PRIVATE KEY', blob, 70), 'openssh_ed25519'


def pub_ec_spki():
    return pem('PUBLIC KEY', bytes.fromhex('3059301306072a8648ce3d020106082a8648ce3d030107034200') + b'\x04' + rb(64))[0]


def pub_ed25519_spki():
    return pem('PUBLIC KEY', bytes.fromhex('302a300506032b6570032100') + rb(32))[0]


def ssh_pub():
    blob = sshstr(b'ssh-ed25519') + sshstr(rb(32))
    return 'ssh-ed25519 ' + base64.b64encode(blob).decode() + ' ' + pick(['ci-deploy-2026', 'build-runner-07', 'backup-agent', 'bastion-eu'])


BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'


def bech32(hrp, data8):
    acc, bits, data = 0, 0, []
    for v in data8:
        acc = (acc << 8) | v
        bits += 8
        while bits >= 5:
            bits -= 5
            data.append((acc >> bits) & 31)
    if bits:
        data.append((acc << (5 - bits)) & 31)
    gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]

    def polymod(values):
        chk = 1
        for v in values:
            b = chk >> 25
            chk = ((chk & 0x1FFFFFF) << 5) ^ v
            for i in range(5):
                chk ^= gen[i] if ((b >> i) & 1) else 0
        return chk
    hrpx = [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]
    pm = polymod(hrpx + data + [0] * 6) ^ 1
    return hrp + '1' + ''.join(BECH[d] for d in data + [(pm >> 5 * (5 - i)) & 31 for i in range(6)])


def jwt():
    if chance(0.5):
        hdr = {'alg': 'HS256', 'typ': 'JWT'}
        sig = b64u(32)
    else:
        hdr = {'alg': 'RS256', 'kid': hx(16), 'typ': 'JWT'}
        sig = b64u(256)
    t = R.randint(1767225600, 1798761600)
    pl = {'sub': 'usr_' + rs(B62, 12), 'iss': 'https://auth.acme.internal', 'aud': pick(['billing-api', 'orders-api', 'admin-console']),
          'iat': t, 'exp': t + pick([900, 3600, 86400]), 'scope': pick(['orders:read orders:write', 'admin', 'billing:read'])}
    enc = lambda o: base64.urlsafe_b64encode(json.dumps(o, separators=(',', ':')).encode()).decode().rstrip('=')
    return enc(hdr) + '.' + enc(pl) + '.' + sig


def b64json():
    obj = pick([
        {'page': R.randint(2, 40), 'per_page': pick([25, 50, 100]), 'sort': 'created_at'},
        {'last_id': R.randint(1000, 999999), 'dir': 'next'},
        {'returnTo': pick(['/settings/billing', '/orders', '/dashboard?tab=usage']), 'nonceRef': R.randint(1, 99)},
        {'v': 1, 'shard': pick(['eu-2', 'us-1', 'ap-3']), 'offset': R.randint(0, 100000)},
        {'after': date(), 'limit': pick([20, 50]), 'filter': pick(['status:open', 'team:billing'])},
    ])
    raw = json.dumps(obj, separators=(',', ':')).encode()
    return pick([base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode().rstrip('=')])


# ---------------------------------------------------------------- languages
# concept labels per language: password, db_password, api_key, token, session_token, signing_secret,
# webhook_secret, hmac_key, private_key, secret, key, salt, pin
C = ['password', 'db_password', 'api_key', 'token', 'session_token', 'signing_secret', 'webhook_secret', 'hmac_key',
     'private_key', 'secret', 'key', 'salt', 'pin']
LANGS = {
    'en': ['password', 'database password', 'API key', 'access token', 'session token', 'signing secret', 'webhook secret', 'HMAC key', 'private key', 'secret', 'key', 'salt', 'PIN'],
    'de': ['Passwort', 'Datenbankpasswort', 'API-Schlüssel', 'Zugriffstoken', 'Sitzungstoken', 'Signaturgeheimnis', 'Webhook-Geheimnis', 'HMAC-Schlüssel', 'privater Schlüssel', 'Geheimnis', 'Schlüssel', 'Salt', 'PIN'],
    'fr': ['mot de passe', 'mot de passe base de données', 'clé API', "jeton d'accès", 'jeton de session', 'secret de signature', 'secret du webhook', 'clé HMAC', 'clé privée', 'secret', 'clé', 'sel', 'code PIN'],
    'es': ['contraseña', 'contraseña de la base de datos', 'clave de API', 'token de acceso', 'token de sesión', 'secreto de firma', 'secreto del webhook', 'clave HMAC', 'clave privada', 'secreto', 'clave', 'sal', 'PIN'],
    'pt': ['senha', 'senha do banco de dados', 'chave de API', 'token de acesso', 'token de sessão', 'segredo de assinatura', 'segredo do webhook', 'chave HMAC', 'chave privada', 'segredo', 'chave', 'sal', 'PIN'],
    'it': ["parola d'ordine", "parola d'ordine del database", 'chiave API', 'token di accesso', 'token di sessione', 'segreto di firma', 'segreto del webhook', 'chiave HMAC', 'chiave privata', 'segreto', 'chiave', 'sale', 'PIN'],
    'nl': ['wachtwoord', 'databasewachtwoord', 'API-sleutel', 'toegangstoken', 'sessietoken', 'ondertekeningsgeheim', 'webhookgeheim', 'HMAC-sleutel', 'privésleutel', 'geheim', 'sleutel', 'zout', 'pincode'],
    'pl': ['hasło', 'hasło do bazy danych', 'klucz API', 'token dostępu', 'token sesji', 'sekret podpisu', 'sekret webhooka', 'klucz HMAC', 'klucz prywatny', 'sekret', 'klucz', 'sól', 'PIN'],
    'tr': ['şifre', 'veritabanı şifresi', 'API anahtarı', 'erişim belirteci', 'oturum belirteci', 'imzalama sırrı', 'webhook sırrı', 'HMAC anahtarı', 'özel anahtar', 'sır', 'anahtar', 'tuz', 'PIN'],
    'ru': ['пароль', 'пароль базы данных', 'API-ключ', 'токен доступа', 'токен сессии', 'секрет подписи', 'секрет вебхука', 'HMAC-ключ', 'закрытый ключ', 'секрет', 'ключ', 'соль', 'ПИН-код'],
    'zh': ['密码', '数据库密码', 'API密钥', '访问令牌', '会话令牌', '签名密钥', 'Webhook密钥', 'HMAC密钥', '私钥', '机密', '密钥', '盐值', 'PIN码'],
    'ja': ['パスワード', 'データベースのパスワード', 'APIキー', 'アクセストークン', 'セッショントークン', '署名シークレット', 'Webhookシークレット', 'HMACキー', '秘密鍵', 'シークレット', 'キー', 'ソルト', '暗証番号'],
    'ko': ['비밀번호', '데이터베이스 비밀번호', 'API 키', '액세스 토큰', '세션 토큰', '서명 시크릿', '웹훅 시크릿', 'HMAC 키', '개인 키', '시크릿', '키', '솔트', 'PIN'],
    'ar': ['كلمة المرور', 'كلمة مرور قاعدة البيانات', 'مفتاح API', 'رمز الوصول', 'رمز الجلسة', 'سر التوقيع', 'سر الويب هوك', 'مفتاح HMAC', 'المفتاح الخاص', 'السر', 'المفتاح', 'الملح', 'الرقم السري'],
    'hi': ['पासवर्ड', 'डेटाबेस पासवर्ड', 'API कुंजी', 'एक्सेस टोकन', 'सत्र टोकन', 'हस्ताक्षर सीक्रेट', 'वेबहुक सीक्रेट', 'HMAC कुंजी', 'निजी कुंजी', 'सीक्रेट', 'कुंजी', 'सॉल्ट', 'पिन'],
    'sv': ['lösenord', 'databaslösenord', 'API-nyckel', 'åtkomsttoken', 'sessionstoken', 'signeringshemlighet', 'webhookhemlighet', 'HMAC-nyckel', 'privat nyckel', 'hemlighet', 'nyckel', 'salt', 'PIN-kod'],
    'cs': ['heslo', 'heslo k databázi', 'API klíč', 'přístupový token', 'token relace', 'tajemství pro podpis', 'tajemství webhooku', 'HMAC klíč', 'soukromý klíč', 'tajemství', 'klíč', 'sůl', 'PIN'],
    'vi': ['mật khẩu', 'mật khẩu cơ sở dữ liệu', 'khóa API', 'mã truy cập', 'mã phiên', 'khóa bí mật ký', 'khóa bí mật webhook', 'khóa HMAC', 'khóa riêng tư', 'bí mật', 'khóa', 'muối', 'mã PIN'],
    'id': ['kata sandi', 'kata sandi basis data', 'kunci API', 'token akses', 'token sesi', 'rahasia penandatanganan', 'rahasia webhook', 'kunci HMAC', 'kunci privat', 'rahasia', 'kunci', 'salt', 'PIN'],
    'he': ['סיסמה', 'סיסמת מסד הנתונים', 'מפתח API', 'אסימון גישה', 'אסימון הפעלה', 'סוד חתימה', 'סוד webhook', 'מפתח HMAC', 'מפתח פרטי', 'סוד', 'מפתח', 'מלח', 'קוד PIN'],
    'el': ['κωδικός πρόσβασης', 'κωδικός βάσης δεδομένων', 'κλειδί API', 'διακριτικό πρόσβασης', 'διακριτικό συνεδρίας', 'μυστικό υπογραφής', 'μυστικό webhook', 'κλειδί HMAC', 'ιδιωτικό κλειδί', 'μυστικό', 'κλειδί', 'αλάτι', 'PIN'],
}
LANG_NAMES = {'en': 'English', 'de': 'German', 'fr': 'French', 'es': 'Spanish', 'pt': 'Portuguese', 'it': 'Italian', 'nl': 'Dutch',
              'pl': 'Polish', 'tr': 'Turkish', 'ru': 'Russian', 'zh': 'Chinese', 'ja': 'Japanese', 'ko': 'Korean', 'ar': 'Arabic',
              'hi': 'Hindi', 'sv': 'Swedish', 'cs': 'Czech', 'vi': 'Vietnamese', 'id': 'Indonesian', 'he': 'Hebrew', 'el': 'Greek'}
OTHER = [l for l in LANGS if l != 'en']
NONLATIN = {'ru', 'zh', 'ja', 'ko', 'ar', 'hi', 'he', 'el'}
VENDOR_AFTER = {'fr', 'es', 'pt', 'it', 'pl', 'ru', 'ar', 'he', 'vi', 'id', 'cs', 'el'}


def concept(lang, c):
    return LANGS[lang][C.index(c)]


# qualifiers for non-secret fields named after a secret word: length, ttl, path, enabled, expires, name, url
QUAL = ['length', 'ttl', 'path', 'enabled', 'expires', 'name', 'url']
QT = {
    'en': ['{c} length', '{c} lifetime', '{c} file', '{c} enabled', '{c} expires', '{c} name', '{c} URL'],
    'de': ['{c}-Länge', '{c}-Gültigkeitsdauer', '{c}-Datei', '{c} aktiviert', '{c} gültig bis', '{c}-Name', '{c}-URL'],
    'fr': ['longueur {c}', 'durée de vie {c}', 'fichier {c}', '{c} activé', 'expiration {c}', 'nom {c}', 'URL {c}'],
    'es': ['longitud {c}', 'vigencia {c}', 'archivo {c}', '{c} habilitado', 'vencimiento {c}', 'nombre {c}', 'URL {c}'],
    'pt': ['tamanho {c}', 'validade {c}', 'arquivo {c}', '{c} habilitado', 'expiração {c}', 'nome {c}', 'URL {c}'],
    'it': ['lunghezza {c}', 'durata {c}', 'file {c}', '{c} abilitato', 'scadenza {c}', 'nome {c}', 'URL {c}'],
    'nl': ['{c} lengte', '{c} geldigheid', '{c} bestand', '{c} ingeschakeld', '{c} verloopt', '{c} naam', '{c} URL'],
    'pl': ['długość {c}', 'ważność {c}', 'plik {c}', '{c} włączony', 'wygasa {c}', 'nazwa {c}', 'URL {c}'],
    'tr': ['{c} uzunluğu', '{c} geçerlilik süresi', '{c} dosyası', '{c} etkin', '{c} son kullanma', '{c} adı', '{c} URL'],
    'ru': ['длина {c}', 'срок действия {c}', 'файл {c}', '{c} включён', 'истекает {c}', 'имя {c}', 'URL {c}'],
    'zh': ['{c}长度', '{c}有效期', '{c}文件', '启用{c}', '{c}过期时间', '{c}名称', '{c}地址'],
    'ja': ['{c}の長さ', '{c}の有効期間', '{c}ファイル', '{c}を有効化', '{c}の有効期限', '{c}名', '{c}のURL'],
    'ko': ['{c} 길이', '{c} 유효 기간', '{c} 파일', '{c} 사용', '{c} 만료일', '{c} 이름', '{c} URL'],
    'ar': ['طول {c}', 'مدة صلاحية {c}', 'ملف {c}', 'تفعيل {c}', 'انتهاء {c}', 'اسم {c}', 'رابط {c}'],
    'hi': ['{c} की लंबाई', '{c} की वैधता', '{c} फ़ाइल', '{c} सक्षम', '{c} समाप्ति तिथि', '{c} का नाम', '{c} URL'],
    'sv': ['{c} längd', '{c} giltighetstid', '{c} fil', '{c} aktiverad', '{c} går ut', '{c} namn', '{c} URL'],
    'cs': ['délka {c}', 'platnost {c}', 'soubor {c}', '{c} povoleno', 'vypršení {c}', 'název {c}', 'URL {c}'],
    'vi': ['độ dài {c}', 'thời hạn {c}', 'tệp {c}', 'bật {c}', 'ngày hết hạn {c}', 'tên {c}', 'URL {c}'],
    'id': ['panjang {c}', 'masa berlaku {c}', 'berkas {c}', '{c} aktif', 'kedaluwarsa {c}', 'nama {c}', 'URL {c}'],
    'he': ['אורך {c}', 'תוקף {c}', 'קובץ {c}', '{c} מופעל', 'תפוגת {c}', 'שם {c}', 'כתובת {c}'],
    'el': ['μήκος {c}', 'διάρκεια {c}', 'αρχείο {c}', '{c} ενεργό', 'λήξη {c}', 'όνομα {c}', 'URL {c}'],
}
LEADS = {
    'en': ['config for staging:', "can someone sanity-check this before I merge?", "from yesterday's deploy:", 'fyi', "here's what I have locally:", 'this is what the pod sees:'],
    'de': ['Config fürs Staging:', 'Kann da mal jemand drüberschauen?', 'Aus dem Deploy von gestern:'],
    'fr': ['Config de staging :', "Quelqu'un peut vérifier avant que je merge ?", "Extrait du déploiement d'hier :"],
    'es': ['Config de staging:', '¿Alguien puede revisar esto antes del merge?', 'Del despliegue de ayer:'],
    'pt': ['Config de staging:', 'Alguém pode dar uma olhada antes do merge?', 'Do deploy de ontem:'],
    'it': ['Config di staging:', "Qualcuno può dare un'occhiata prima del merge?", 'Dal deploy di ieri:'],
    'nl': ['Config voor staging:', 'Kan iemand hier even naar kijken voor ik merge?', 'Uit de deploy van gisteren:'],
    'pl': ['Konfiguracja stagingu:', 'Może ktoś zerknąć przed merge?', 'Z wczorajszego wdrożenia:'],
    'tr': ['Staging yapılandırması:', 'Merge etmeden önce biri bakabilir mi?', 'Dünkü dağıtımdan:'],
    'ru': ['Конфиг для стейджинга:', 'Кто-нибудь может глянуть перед мержем?', 'Из вчерашнего деплоя:'],
    'zh': ['预发环境的配置：', '合并前谁能帮忙看一下？', '昨天部署的日志：'],
    'ja': ['ステージングの設定です：', 'マージ前に誰か確認してもらえますか？', '昨日のデプロイから：'],
    'ko': ['스테이징 설정입니다:', '머지 전에 누가 한번 봐주실 수 있나요?', '어제 배포 로그:'],
    'ar': ['إعدادات بيئة الاختبار:', 'هل يمكن لأحد مراجعة هذا قبل الدمج؟', 'من نشر الأمس:'],
    'hi': ['स्टेजिंग का कॉन्फ़िग:', 'मर्ज से पहले कोई इसे देख सकता है?', 'कल की डिप्लॉय से:'],
    'sv': ['Konfig för staging:', 'Kan någon kika på det här innan jag mergar?', 'Från gårdagens deploy:'],
    'cs': ['Konfigurace pro staging:', 'Může se na to někdo podívat před mergem?', 'Ze včerejšího nasazení:'],
    'vi': ['Cấu hình staging:', 'Ai xem giúp trước khi merge được không?', 'Từ lần deploy hôm qua:'],
    'id': ['Konfigurasi staging:', 'Ada yang bisa cek sebelum saya merge?', 'Dari deploy kemarin:'],
    'he': ['הקונפיג של סביבת הבדיקות:', 'מישהו יכול להעיף מבט לפני המיזוג?', 'מהפריסה של אתמול:'],
    'el': ['Ρυθμίσεις για staging:', 'Μπορεί κάποιος να το δει πριν το merge;', 'Από το χθεσινό deploy:'],
}
USE_THIS = {'en': 'use this one for now:', 'de': 'nimm vorerst den hier:', 'fr': "utilise celui-ci pour l'instant :", 'es': 'usa este por ahora:',
            'pt': 'usa esse por enquanto:', 'it': 'usa questo per ora:', 'nl': 'gebruik deze voorlopig:', 'pl': 'na razie użyj tego:',
            'tr': 'şimdilik bunu kullan:', 'ru': 'пока используй вот это:', 'zh': '先用这个：', 'ja': 'とりあえずこれを使って：',
            'ko': '일단 이걸 쓰세요:', 'ar': 'استخدم هذا الآن:', 'hi': 'अभी के लिए यह इस्तेमाल करो:', 'sv': 'använd den här så länge:',
            'cs': 'zatím použij tohle:', 'vi': 'tạm thời dùng cái này:', 'id': 'pakai ini dulu:', 'he': 'תשתמש בזה בינתיים:',
            'el': 'χρησιμοποίησε αυτό προς το παρόν:'}
TRAILERS = ['thx', 'danke!', 'merci', 'gracias', 'obrigado', 'grazie', 'dank je', 'dzięki', 'teşekkürler', 'спасибо', '谢谢', 'ありがとう',
            '감사합니다', 'شكرا', 'धन्यवाद', 'tack', 'díky', 'cảm ơn', 'makasih', 'תודה', 'ευχαριστώ', '🙏', '(staging only)', 'lmk if this looks off']


# ---------------------------------------------------------------- fields and key styles
def F(label, value, kind, lang='en', role='look', **kw):
    d = {'label': label, 'value': value, 'kind': kind, 'lang': lang, 'role': role}
    d.update(kw)
    return d


FOLD = str.maketrans({'ß': 'ss', 'ł': 'l', 'Ł': 'L', 'ı': 'i', 'ø': 'o', 'æ': 'ae', 'đ': 'd', 'Đ': 'D', '’': '', "'": ''})


def fold(s):
    return unicodedata.normalize('NFKD', s.translate(FOLD)).encode('ascii', 'ignore').decode()


def words(s):
    return [w for w in re.split(r"[\s\-_'’.]+", s) if w]


def keyify(label, style, ascii_only=False):
    s = fold(label) if ascii_only else label
    ws = words(s)
    if style == 'upper':
        return '_'.join(w.upper() for w in ws)
    if style == 'snake':
        return '_'.join(w.lower() for w in ws)
    if style == 'kebab':
        return '-'.join(w.lower() for w in ws)
    if style == 'camel':
        return ws[0].lower() + ''.join(w[:1].upper() + w[1:] for w in ws[1:])
    if style == 'pascal':
        return ''.join(w[:1].upper() + w[1:] for w in ws)
    if style == 'header':
        return '-'.join(w[:1].upper() + w[1:].lower() if not w.isupper() else w for w in ws)
    if style == 'dotted':
        return '.'.join(w.lower() for w in ws)
    return label


NEAR_WORDS = sorted({fold(w).lower().replace(' ', '') for l in LANGS.values() for w in (l[0], l[3], l[9], l[10], l[11], l[12])
                     if fold(w).strip()} | {'password', 'token', 'key', 'secret', 'salt', 'pin'}
                    | {w for l in NONLATIN for w in (LANGS[l][0], LANGS[l][3], LANGS[l][9], LANGS[l][10], LANGS[l][11], LANGS[l][12])})


def near_word(label):
    n = fold(label).lower().replace(' ', '').replace('-', '').replace('_', '')
    raw = label.lower()
    for w in NEAR_WORDS:
        if w and (w in n or w in raw):
            return True
    return False


# ---------------------------------------------------------------- value formatting
PLAIN = re.compile(r'[A-Za-z0-9_./+@-][A-Za-z0-9_./+@:=-]*')


def yq(v):
    if isinstance(v, bool):
        return 'true' if v else 'false'
    if isinstance(v, int):
        return str(v)
    if (PLAIN.fullmatch(v) and v.lower() not in ('true', 'false', 'yes', 'no', 'on', 'off', 'null', '~')
            and not re.fullmatch(r'[0-9.eE+-]+', v) and not v.startswith('@')):
        return v
    return json.dumps(v, ensure_ascii=False)


def envq(v):
    if isinstance(v, bool):
        return 'true' if v else 'false'
    if isinstance(v, int):
        return str(v)
    if v == '' or re.fullmatch(r'[A-Za-z0-9_./:@+=,%-]+', v):
        return v
    if "'" not in v:
        return "'" + v + "'"
    return json.dumps(v)


def jv(v):
    return json.dumps(v, ensure_ascii=False)


def pyv(v):
    if isinstance(v, bool):
        return 'True' if v else 'False'
    return json.dumps(v, ensure_ascii=False)


def fence(body, tag=''):
    if chance(0.12):
        return body
    return f'```{tag}\n{body}\n```'


SECTIONS = ['auth', 'security', 'payments', 'webhooks', 'app', 'service', 'integrations', 'storage', 'database', 'signing', 'client']
SVCS = ['billing-api', 'orders-api', 'checkout-web', 'ledger-worker', 'notify-svc', 'search-indexer', 'auth-gateway', 'media-proxy']


def fillers(n):
    pool = [
        lambda: F('port', pick([8080, 3000, 8443, 9090, 5000]), 'filler', role='fill'),
        lambda: F('log level', pick(['info', 'debug', 'warn']), 'filler', role='fill'),
        lambda: F('region', pick(['eu-west-1', 'eu-central-1', 'ap-northeast-1', 'us-east-2', 'sa-east-1']), 'filler', role='fill'),
        lambda: F('service name', pick(SVCS), 'filler', role='fill'),
        lambda: F('db host', pick(['db-primary.acme.internal', 'pg-staging.acme.internal', 'localhost']), 'filler', role='fill'),
        lambda: F('db name', pick(['orders', 'billing', 'ledger', 'app']), 'filler', role='fill'),
        lambda: F('db user', pick(['app_rw', 'billing_svc', 'readonly']), 'filler', role='fill'),
        lambda: F('timeout ms', pick([1500, 3000, 10000]), 'filler', role='fill'),
        lambda: F('workers', pick([2, 4, 8]), 'filler', role='fill'),
        lambda: F('environment', pick(['staging', 'production', 'dev']), 'filler', role='fill'),
        lambda: F('max connections', pick([20, 50, 100]), 'filler', role='fill'),
        lambda: F('retry attempts', pick([3, 5]), 'filler', role='fill'),
        lambda: F('bucket', pick(['acme-artifacts-staging', 'acme-uploads-eu', 'acme-backups']), 'filler', role='fill'),
        lambda: F('base url', pick(['https://api.acme.internal/v2', 'https://staging.acme.test', 'http://localhost:8080']), 'filler', role='fill'),
        lambda: F('cache ttl', pick([60, 300, 3600]), 'filler', role='fill'),
        lambda: F('queue', pick(['billing-events', 'email-outbox', 'webhooks-retry']), 'filler', role='fill'),
        lambda: F('timezone', pick(['Europe/Berlin', 'Asia/Tokyo', 'America/Sao_Paulo', 'UTC']), 'filler', role='fill'),
        lambda: F('feature new checkout', pick([True, False]), 'filler', role='fill'),
    ]
    idx = R.sample(range(len(pool)), n)
    return [pool[i]() for i in idx]


# ---------------------------------------------------------------- negative kinds (non-secret look-alikes)
FILES = ['acme-cli_1.14.2_linux_amd64.tar.gz', 'acme-agent-3.2.0-arm64.deb', 'ledger-export-2026-03.parquet', 'site-assets-v412.zip',
         'terraform-provider-acme_2.8.1_darwin_arm64.zip', 'model-reranker-v3.onnx', 'backup-orders-20260301.sql.gz']


def k_content_hash():
    h = hashlib.sha256(rb(32)).hexdigest()
    return [F(pick(['sha256', 'content hash', 'artifact digest', 'bundle digest', 'source hash', 'asset hash']), pick([h, 'sha256:' + h]),
              'content_hash', hdr=pick(['X-Checksum-Sha256', 'X-Content-Sha256']))]


def k_commit_sha():
    return [F(pick(['git sha', 'commit', 'revision', 'source version', 'build commit', 'git commit']), pick([hx(40), hx(40), hx(12)]),
              'commit_sha', hdr='X-Git-Commit')]


def k_image_digest():
    d = hx(64)
    if chance(0.5):
        return [F('image', f'ghcr.io/acme/{pick(SVCS)}@sha256:{d}', 'image_digest')]
    return [F(pick(['image digest', 'manifest digest']), 'sha256:' + d, 'image_digest', hdr='Docker-Content-Digest')]


def k_uuid_ulid():
    lab, hdr = pick([('request id', 'X-Request-Id'), ('correlation id', 'X-Correlation-Id'), ('tenant id', 'X-Tenant-Id'),
                     ('installation id', 'X-Installation-Id'), ('event id', 'X-Event-Id'), ('job id', 'X-Job-Id')])
    return [F(lab, pick([uuid4(), uuid7(), ulid()]), 'uuid_ulid', hdr=hdr)]


def k_idempotency_key():
    v = pick([uuid4(), uuid4(), 'idem_' + rs(B62, 24), f'order-{R.randint(100000, 999999)}-capture-{hx(8)}'])
    return [F('idempotency key', v, 'idempotency_key', hdr='Idempotency-Key')]


def k_trace():
    c = R.randint(0, 3)
    if c == 0:
        return [F('trace id', hx(32), 'trace', hdr='X-B3-TraceId'), F('span id', hx(16), 'trace', hdr='X-B3-SpanId')]
    if c == 1:
        return [F('traceparent', f'00-{hx(32)}-{hx(16)}-01', 'trace', hdr='traceparent')]
    if c == 2:
        return [F('amzn trace id', f'Root=1-{hx(8)}-{hx(24)};Parent={hx(16)};Sampled=1', 'trace', hdr='X-Amzn-Trace-Id')]
    return [F('request id', pick(['req_' + hx(32), hx(32)]), 'trace', hdr='X-Request-Id')]


TEST_VECTORS = [
    ('RFC 8439 section 2.8.2 (AEAD_CHACHA20_POLY1305)', 'nonce', '070000004041424344454647'),
    ('RFC 8439 section 2.4.2 (ChaCha20 encryption)', 'nonce', '000000000000004a00000000'),
    ('RFC 8439 section 2.3.2 (ChaCha20 block)', 'nonce', '000000090000004a00000000'),
    ('GCM spec test case 3 (McGrew/Viega)', 'iv', 'cafebabefacedbaddecaf888'),
    ('GCM spec test case 3 (McGrew/Viega)', 'key', 'feffe9928665731c6d6a8f9467308308'),
    ('RFC 4231 test case 1 (HMAC-SHA-256)', 'key', '0b' * 20),
    ('RFC 4231 test case 2 (HMAC-SHA-256)', 'key', 'Jefe'),
    ('RFC 8439 section 2.8.2 (AEAD_CHACHA20_POLY1305)', 'aad', '50515253c0c1c2c3c4c5c6c7'),
    ('RFC 8439 section 2.4.2 (ChaCha20 encryption)', 'key', '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'),
]
KNOWN_TEST_VECTORS = {v for _, _, v in TEST_VECTORS}


def k_test_vector():
    src, lab, v = pick(TEST_VECTORS)
    out = [F(lab, v, 'test_vector'), F('source', src, 'test_vector', role='fill')]
    same = [t for t in TEST_VECTORS if t[0] == src and t[2] != v]
    if same:
        s = pick(same)
        out.insert(1, F(s[1], s[2], 'test_vector'))
    return out


def k_public_key():
    c = R.randint(0, 4)
    if c == 0:
        return [F(pick(['ssh public key', 'deploy public key', 'authorized key']), ssh_pub(), 'public_key')]
    if c == 1:
        return [F(pick(['peer public key', 'wireguard public key', 'public key']), b64(32), 'public_key')]
    if c == 2:
        return [F(pick(['age recipient', 'sops age public key']), bech32('age', rb(32)), 'public_key')]
    if c == 3:
        return [F(pick(['jwt verify key', 'signing public key', 'public key pem']), pick([pub_ec_spki(), pub_ed25519_spki()]), 'public_key', typ='pem')]
    return [F('minisign public key', 'RWQ' + b64(40)[:53], 'public_key')]


def k_cert_fingerprint():
    c = R.randint(0, 3)
    if c == 0:
        return [F(pick(['cert fingerprint sha256', 'tls fingerprint']), ':'.join(rs('0123456789ABCDEF', 2) for _ in range(32)), 'cert_fingerprint')]
    if c == 1:
        return [F('host key fingerprint', 'SHA256:' + b64(32).rstrip('='), 'cert_fingerprint')]
    if c == 2:
        return [F('pin sha256', 'sha256/' + b64(32), 'cert_fingerprint')]
    return [F('certificate thumbprint', rs('0123456789ABCDEF', 40), 'cert_fingerprint')]


PUB_CYCLE = [0]


def k_publishable():
    c = PUB_CYCLE[0] % 9  # cycle through the nine variants so each one appears
    PUB_CYCLE[0] += 1
    if c == 0:
        return [F(pick(['stripe publishable key', 'next public stripe key', 'publishable key']),
                  pick(['pk_test_51', 'pk_live_51']) + rs(B62, 97), 'publishable')]
    if c == 1:
        return [F(pick(['google client id', 'oauth client id']),
                  f'{R.randint(10 ** 11, 10 ** 12 - 1)}-{rs("abcdefghijklmnopqrstuvwxyz0123456789", 32)}.apps.googleusercontent.com', 'publishable')]
    if c == 2:
        return [F('github app client id', pick(['Iv1.' + hx(16), 'Iv23li' + rs(B62, 14)]), 'publishable')]
    if c == 3:
        proj = pick(['acme-prod', 'acme-shop-eu', 'acme-mobile-dev'])
        sender = str(R.randint(10 ** 11, 10 ** 12 - 1))
        return [F('api key', 'AIza' + rs(B64U, 35), 'publishable', firebase=True), F('auth domain', f'{proj}.firebaseapp.com', 'publishable', role='fill'),
                F('project id', proj, 'publishable', role='fill'), F('storage bucket', f'{proj}.appspot.com', 'publishable', role='fill'),
                F('messaging sender id', sender, 'publishable', role='fill'), F('app id', f'1:{sender}:web:{hx(22)}', 'publishable')]
    if c == 4:
        pl = base64.urlsafe_b64encode(json.dumps({'u': pick(['acme-maps', 'acme-geo']), 'a': rs(LOWDIG, 25)}, separators=(',', ':')).encode()).decode().rstrip('=')
        return [F(pick(['mapbox access token', 'mapbox public token']), 'pk.' + pl + '.' + rs(B64U, 22), 'publishable')]
    if c == 5:
        return [F('sentry dsn', f'https://{hx(32)}@o{R.randint(100000, 999999)}.ingest.sentry.io/{R.randint(1000000, 9999999)}', 'publishable')]
    if c == 6:
        return [F('recaptcha site key', '6L' + rs(B64U, 38), 'publishable')]
    if c == 7:
        return [F('algolia app id', rs(UPDIG, 10), 'publishable', role='fill'), F('algolia search only api key', hx(32), 'publishable')]
    return [F(pick(['launchdarkly client side id', 'auth0 client id']), pick([hx(24), rs(B62, 32)]), 'publishable')]


def k_b64_json():
    lab, hdr = pick([('cursor', 'X-Next-Cursor'), ('next page token', 'X-Next-Page-Token'), ('continuation token', 'X-Continuation-Token'),
                     ('pagination cursor', 'X-Pagination-Cursor'), ('oauth state', 'X-Oauth-State'), ('after', 'X-After')])
    return [F(lab, b64json(), 'b64_json', hdr=hdr)]


def k_cache_key():
    v = pick([f'v3:render:{hx(40)}', f'Linux-node-{hx(64)}', f'pip-{pick(["ubuntu-22.04", "macos-14"])}-{hx(64)}',
              f'tile:{R.randint(3, 16)}/{R.randint(1, 9999)}/{R.randint(1, 9999)}:{hx(12)}', f'gradle-{hx(40)}'])
    return [F(pick(['cache key', 'cache key prefix', 'restore key', 'cache key']), v, 'cache_key', hdr='X-Cache-Key')]


def k_etag():
    v = pick(['"' + hx(32) + '"', 'W/"' + hx(8) + '-' + rs(B64U, 27) + '"', '"' + hx(32) + '-' + str(R.randint(2, 40)) + '"'])
    return [F('etag', v, 'etag', hdr=pick(['ETag', 'If-None-Match']))]


def k_file_checksum():
    f = pick(FILES)
    if chance(0.5):
        return [F('file', f, 'file_checksum', role='fill'), F(pick(['sha256', 'sha256sum', 'checksum']), hashlib.sha256(rb(16)).hexdigest(), 'file_checksum')]
    return [F('file', f, 'file_checksum', role='fill'), F(pick(['md5', 'content md5']), pick([hx(32), b64(16)]), 'file_checksum', hdr='Content-MD5')]


def sops_enc(n):
    return f'ENC[AES256_GCM,data:{b64(n)},iv:{b64(32)},tag:{b64(16)},type:str]'


def enc_value(c):
    if c in ('password', 'db_password'):
        return pick([sops_enc(R.randint(12, 24)), '{{resolve:secretsmanager:prod/db:SecretString:password}}',
                     'op://Platform/postgres-prod/password', '${DB_PASSWORD}', 'vault:secret/data/db#password'])
    if c == 'api_key':
        return pick(['vault:secret/data/payments#api_key', f'arn:aws:secretsmanager:eu-central-1:123456789012:secret:prod/payments/api-key-{rs(B62, 6)}',
                     'sm://projects/acme-prod/secrets/maps-api-key/versions/latest', sops_enc(32)])
    if c == 'token':
        return pick(['${{ secrets.NPM_TOKEN }}', 'ref+awsssm://prod/ci/deploy-token', '${GITHUB_TOKEN}', sops_enc(40)])
    return pick(['vault:v1:' + b64(48), '@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/webhook-secret/)',
                 f'arn:aws:secretsmanager:us-east-2:123456789012:secret:prod/webhooks/signing-{rs(B62, 6)}', sops_enc(32)])


def mask_value(c):
    if c in ('password', 'db_password'):
        return pick(['********', '••••••••••', '[REDACTED]', '<hidden>', '(set)'])
    if c == 'api_key':
        return pick(['****' + rs(B62, 4), 'sk-...' + rs(B62, 4), 'sk_live_••••••••' + rs(B62, 4), rs(B62, 4) + '…' + rs(B62, 4)[:0] + '****'])
    if c == 'token':
        return pick(['ghp_' + '*' * 32 + rs(B62, 4), 'xoxb-****', 'eyJhbGciOi…(truncated)', '[FILTERED]'])
    return pick(['••••••', '[MASKED]', '***', '(sensitive value)'])


def fake_value(c):
    if c in ('password', 'db_password'):
        return pick(['<password>', 'changeme', 'your-password-here', 'REPLACE_ME', '', '<db-password>'])
    if c == 'api_key':
        return pick(['<your-api-key>', 'YOUR_API_KEY', 'sk_test_' + '0' * 24, 'x' * 32, 'your-key-here', 'sk-proj-EXAMPLEEXAMPLEEXAMPLE'])
    if c == 'token':
        return pick(['ghp_' + 'x' * 36, 'xoxb-your-bot-token', '<token>', 'npm_' + '0' * 36, 'glpat-xxxxxxxxxxxxxxxxxxxx', 'hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'])
    return pick(['whsec_' + 'x' * 32, 'REPLACE_ME', 'your-secret-here', '<webhook-secret>', 'sk_test_' + '0' * 99])


def concept_field(kind, valfn, lang):
    c = pick(['password', 'db_password', 'api_key', 'token', 'secret'])
    if lang == 'en' and kind == 'fake_example' and chance(0.25):
        lab, v = pick([('aws access key id', 'AKIAIOSFODNN7EXAMPLE'), ('aws secret access key', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')])
        return [F(lab, v, kind)]
    lab = concept(lang, c)
    if lang == 'en' and chance(0.5):
        lab = pick({'password': ['password', 'smtp password', 'admin password'], 'db_password': ['db password', 'postgres password'],
                    'api_key': ['api key', 'stripe secret key', 'maps api key'], 'token': ['github token', 'npm token', 'slack bot token'],
                    'secret': ['client secret', 'webhook secret', 'jwt secret']}[c])
    return [F(lab, valfn(c), kind, lang=lang)]


def k_encrypted_ref(lang):
    return concept_field('encrypted_ref', enc_value, lang)


def k_masked(lang):
    out = concept_field('masked', mask_value, lang)
    if chance(0.3):
        out.append(F('api key last four', rs(B62, 4), 'masked'))
    return out


def k_fake_example(lang):
    return concept_field('fake_example', fake_value, lang)


def k_feature_flag():
    v = pick(['checkout-v2-rollout', 'enable-passkey-login', 'pricing_page_experiment_b', f'ff_{hx(6)}_search_reranker',
              'new-onboarding-flow', 'ledger.dual-write', f'exp-{hx(8)}-cta-color'])
    return [F(pick(['flag key', 'feature flag', 'launchdarkly flag key', 'experiment key']), v, 'feature_flag')]


NS_OK = {
    'password': ['length', 'ttl', 'path', 'enabled', 'expires', 'name', 'url'],
    'token': ['length', 'ttl', 'path', 'enabled', 'expires', 'name', 'url'],
    'key': ['length', 'ttl', 'path', 'enabled', 'expires', 'name', 'url'],
    'secret': ['length', 'ttl', 'path', 'enabled', 'expires', 'name', 'url'],
    'salt': ['length', 'enabled', 'name'],
    'pin': ['length', 'ttl', 'enabled', 'expires'],
    'api_key': ['length', 'ttl', 'enabled', 'expires', 'name', 'url'],
    'private_key': ['length', 'path', 'expires', 'name'],
}


def ns_value(c, q, lang):
    if q == 'length':
        return pick({'password': [8, 10, 12, 14, 16, 20], 'token': [32, 40, 64], 'key': [2048, 3072, 4096, 256], 'secret': [32, 64],
                     'salt': [16, 32], 'pin': [4, 6], 'api_key': [32, 40], 'private_key': [2048, 4096]}[c])
    if q == 'ttl':
        return pick(['3600', '900', '15m', '24h', 'PT30M', '7d', '30d', 86400])
    if q == 'path':
        return {'password': '/run/secrets/db_password', 'token': '/var/run/secrets/kubernetes.io/serviceaccount/token',
                'key': '/etc/acme/keys/signing.pub', 'secret': '/mnt/secrets-store/payments', 'private_key': '/etc/ssl/private/api.key'}[c]
    if q == 'enabled':
        return pick([True, False, 'yes', 'no', 'on'])
    if q == 'expires':
        d = date()
        y, m, dd = d.split('-')
        if lang in ('de', 'ru', 'pl', 'cs', 'tr'):
            return f'{dd}.{m}.{y}'
        if lang in ('zh', 'ja'):
            return pick([f'{y}/{m}/{dd}', f'{y}年{int(m)}月{int(dd)}日'])
        return pick([d, d + 'T00:00:00Z'])
    if q == 'name':
        return pick({'password': ['db-password', 'prod/payments/db-password'], 'token': ['ci-deploy-token', 'github-actions-oidc'],
                     'key': ['payments-signing-2026-01', 'kms-alias-ledger'], 'secret': ['stripe-webhook-secret', 'oauth-client'],
                     'salt': ['per-user', 'argon2id'], 'api_key': ['maps-frontend', 'partner-readonly'], 'private_key': ['tls-api-2026', 'jwt-rs256-2026q1']}[c])
    return {'token': 'https://auth.acme.internal/oauth2/token', 'key': 'https://auth.acme.internal/.well-known/jwks.json',
            'password': 'https://id.acme.internal/password/reset', 'secret': 'https://vault.acme.internal:8200/v1/secret/data/payments',
            'api_key': 'https://console.acme.internal/settings/api-keys'}[c]


def ns_field(lang, used):
    while True:
        c = pick(list(NS_OK))
        q = pick(NS_OK[c])
        if (c, q) not in used:
            used.add((c, q))
            break
    lab = QT[lang][QUAL.index(q)].format(c=concept(lang, c))
    return F(lab, ns_value(c, q, lang), 'nonsecret_field', lang=lang)


def k_nonsecret_field(lang):
    used = set()
    return [ns_field(lang, used) for _ in range(R.randint(2, 4))]


EN_KINDS = {'content_hash': k_content_hash, 'commit_sha': k_commit_sha, 'image_digest': k_image_digest, 'uuid_ulid': k_uuid_ulid,
            'idempotency_key': k_idempotency_key, 'trace': k_trace, 'test_vector': k_test_vector, 'public_key': k_public_key,
            'cert_fingerprint': k_cert_fingerprint, 'publishable': k_publishable, 'b64_json': k_b64_json, 'cache_key': k_cache_key,
            'etag': k_etag, 'file_checksum': k_file_checksum, 'feature_flag': k_feature_flag}
LANG_KINDS = {'encrypted_ref': k_encrypted_ref, 'masked': k_masked, 'fake_example': k_fake_example, 'nonsecret_field': k_nonsecret_field}
NEG_PLAN = {'nonsecret_field': 100, 'content_hash': 18, 'commit_sha': 14, 'image_digest': 12, 'uuid_ulid': 14, 'idempotency_key': 16,
            'trace': 16, 'test_vector': 12, 'public_key': 22, 'cert_fingerprint': 14, 'publishable': 24, 'b64_json': 16, 'cache_key': 14,
            'etag': 12, 'file_checksum': 12, 'encrypted_ref': 26, 'feature_flag': 12, 'fake_example': 26, 'masked': 20}
assert sum(NEG_PLAN.values()) == N_NEG
NEG_KIND_DESC = {
    'nonsecret_field': 'fields named after password/token/key/secret/salt/PIN/API key/private key in 21 languages whose value is a length, lifetime, path, boolean, date, name or URL',
    'content_hash': 'sha256 content / artifact digests (hex, `sha256:` prefix)',
    'commit_sha': 'git commit SHAs, full and short',
    'image_digest': 'OCI image refs `@sha256:` and manifest digests',
    'uuid_ulid': 'request / correlation / tenant / event ids as UUIDv4, UUIDv7, ULID',
    'idempotency_key': 'Idempotency-Key values (UUID, `idem_` + base62, order-based)',
    'trace': 'W3C traceparent, B3 trace/span ids, X-Amzn-Trace-Id, x-request-id',
    'test_vector': 'nonces, IVs, AAD and keys printed in RFC 8439 / RFC 4231 / GCM-spec test vectors',
    'public_key': 'ssh-ed25519 public keys, WireGuard public keys, age recipients, PEM PUBLIC KEY blocks, minisign keys',
    'cert_fingerprint': 'certificate SHA-256 fingerprints, SSH host-key fingerprints, `sha256/` pins, SHA-1 thumbprints',
    'publishable': 'Stripe `pk_test_`/`pk_live_`, Google OAuth client ids, GitHub App client ids, Firebase web config, Mapbox `pk.` tokens, Sentry DSN, reCAPTCHA site keys, Algolia search-only keys, LaunchDarkly/Auth0 client ids',
    'b64_json': 'base64 / base64url of non-secret JSON (cursors, page tokens, OAuth state)',
    'cache_key': 'CI / render / tile cache keys with content hashes',
    'etag': 'ETag / If-None-Match (strong, weak, multipart)',
    'file_checksum': 'sha256 / md5 checksums of release files',
    'encrypted_ref': 'SOPS `ENC[...]`, `vault:` paths and transit ciphertext, Secrets Manager ARNs, `op://`, `sm://`, `{{resolve:...}}`, `${{ secrets.X }}`, Key Vault refs, under secret-named fields in many languages',
    'feature_flag': 'feature-flag and experiment keys',
    'fake_example': 'AWS documentation keys, `sk_test_000…`, `ghp_xxxx…`, `<token>`, `your-key-here`, `REPLACE_ME`, `changeme`, empty values, under secret-named fields in many languages',
    'masked': 'masked values (`****abcd`, `sk-...abcd`, `••••`, `[REDACTED]`) under secret-named fields in many languages',
}


# ---------------------------------------------------------------- renderers
def ascii_ok(fields):
    return all(f['lang'] not in NONLATIN for f in fields)


def render_env(fields, sec, lang):
    lines = []
    if chance(0.4):
        lines.append(pick(['# .env.staging', '# .env.local', '# copied from the staging box', f'# apps/{pick(SVCS)}/.env']))
    exp = chance(0.2)
    prefix = pick(['', '', f'{sec.upper()}_'])
    for f in fields:
        k = keyify(f['label'], 'upper', True)
        if f['role'] == 'fill' and prefix:
            k = k
        elif prefix and f['role'] != 'fill':
            k = prefix + k
        v = f['value']
        vs = '"' + v.replace('\n', '\\n') + '"' if f.get('typ') == 'pem' else envq(v)
        lines.append(('export ' if exp else '') + f'{k}={vs}')
    return fence('\n'.join(lines), pick(['bash', 'dotenv', 'sh', '']))


def render_yaml(fields, sec, lang):
    style = pick(['snake', 'camel', 'raw', 'snake']) if not ascii_ok(fields) or chance(0.6) else pick(['snake', 'camel'])
    if style == 'camel' and not ascii_ok(fields):
        style = 'raw'
    kind = R.randint(0, 3) if ascii_ok(fields) and not any(f.get('typ') == 'pem' for f in fields) else pick([0, 1])
    lines = []
    if kind == 2:  # ConfigMap / Secret manifest
        is_secret = any(f['role'] == 'secret' for f in fields)
        lines += ['apiVersion: v1', f'kind: {"Secret" if is_secret else "ConfigMap"}', 'metadata:', f'  name: {pick(SVCS)}-config',
                  f'  namespace: {pick(["billing", "platform", "default"])}']
        if is_secret:
            lines.append('type: Opaque')
        lines.append('stringData:' if is_secret else 'data:')
        for f in fields:
            v = f['value']
            vs = json.dumps(v if isinstance(v, str) else (('true' if v else 'false') if isinstance(v, bool) else str(v)), ensure_ascii=False)
            lines.append(f'  {keyify(f["label"], "upper", True)}: {vs}')
        return fence('\n'.join(lines), 'yaml')
    if kind == 3:  # docker compose environment list
        lines += ['services:', f'  {pick(SVCS)}:', f'    image: ghcr.io/acme/{pick(SVCS)}:{R.randint(1, 4)}.{R.randint(0, 20)}.{R.randint(0, 9)}', '    environment:']
        for f in fields:
            lines.append(f'      - {keyify(f["label"], "upper", True)}={envq(f["value"]).strip(chr(39))}' if isinstance(f['value'], str) and "'" not in envq(f['value'])[1:-1] and not re.search(r'\s', f['value'])
                         else f'      - {keyify(f["label"], "upper", True)}={envq(f["value"])}')
        return fence('\n'.join(lines), 'yaml')
    ind = ''
    if kind == 1:
        lines.append(f'{sec}:')
        ind = '  '
    for f in fields:
        k = keyify(f['label'], style)
        v = f['value']
        if f.get('typ') == 'pem':
            lines.append(f'{ind}{k}: |')
            lines += [ind + '  ' + l for l in v.split('\n')]
        else:
            lines.append(f'{ind}{k}: {yq(v)}')
    return fence('\n'.join(lines), pick(['yaml', 'yml', '']))


def render_json(fields, sec, lang):
    style = pick(['snake', 'camel', 'raw']) if ascii_ok(fields) else pick(['raw', 'snake'])
    d = {}
    for f in fields:
        d[keyify(f['label'], style)] = f['value']
    if chance(0.4):
        d = {sec: d}
    return fence(json.dumps(d, indent=pick([2, 2, 4]), ensure_ascii=False), 'json')


def tomlk(k):
    return k if re.fullmatch(r'[A-Za-z0-9_-]+', k) else json.dumps(k, ensure_ascii=False)


def render_toml(fields, sec, lang):
    style = pick(['snake', 'raw']) if not ascii_ok(fields) else pick(['snake', 'snake', 'kebab'])
    lines = [f'[{sec}]']
    for f in fields:
        k = tomlk(keyify(f['label'], style))
        v = f['value']
        if f.get('typ') == 'pem':
            lines.append(f'{k} = """\n{v}\n"""')
        elif isinstance(v, bool):
            lines.append(f'{k} = {"true" if v else "false"}')
        elif isinstance(v, int):
            lines.append(f'{k} = {v}')
        else:
            lines.append(f'{k} = {json.dumps(v, ensure_ascii=False)}')
    return fence('\n'.join(lines), 'toml')


def render_ini(fields, sec, lang):
    if ascii_ok(fields) and chance(0.35):  # Java .properties
        lines = [f'# {pick(SVCS)} application.properties']
        for f in fields:
            v = f['value']
            lines.append(f'{sec}.{keyify(f["label"], "dotted", True)}={str(v).lower() if isinstance(v, bool) else v}')
        return fence('\n'.join(lines), 'properties')
    style = pick(['snake', 'raw']) if not ascii_ok(fields) else pick(['snake', 'raw', 'pascal'])
    lines = [f'[{sec}]']
    for f in fields:
        v = f['value']
        lines.append(f'{keyify(f["label"], style)} = {str(v).lower() if isinstance(v, bool) else v}')
    return fence('\n'.join(lines), 'ini')


def cliq(v):
    v = str(v).lower() if isinstance(v, bool) else str(v)
    if re.fullmatch(r'[A-Za-z0-9_./:@+=,%-]+', v):
        return v
    return "'" + v + "'"


def render_cli(fields, sec, lang):
    c = R.randint(0, 4)
    svc = pick(SVCS)
    has_secret = any(f['role'] == 'secret' for f in fields)
    if c == 0:
        return fence('\n'.join(f'$ acmectl config set {sec}.{keyify(f["label"], "kebab", True)} {cliq(f["value"])}' for f in fields), pick(['console', 'shell', '']))
    if c == 1:
        lines = ['$ docker run --rm \\'] + [f'    -e {keyify(f["label"], "upper", True)}={cliq(f["value"])} \\' for f in fields] + [f'    ghcr.io/acme/{svc}:{R.randint(1, 3)}.{R.randint(0, 30)}.{R.randint(0, 9)}']
        return fence('\n'.join(lines), 'console')
    if c == 2:
        lines = [f'$ helm upgrade --install {svc} ./charts/{svc} -n {pick(["billing", "platform"])} \\'] + \
                [f'    --set {sec}.{keyify(f["label"], "camel", True)}={cliq(f["value"])} \\' for f in fields] + ['    --wait']
        return fence('\n'.join(lines), 'console')
    if c == 3:
        kind = 'secret generic' if has_secret else 'configmap'
        lines = [f'$ kubectl create {kind} {svc}-{sec} -n {pick(["billing", "platform"])} \\'] + \
                [f'    --from-literal={keyify(f["label"], "snake", True)}={cliq(f["value"])} \\' for f in fields] + ['    --dry-run=client -o yaml']
        return fence('\n'.join(lines), 'console')
    lines = [f'$ ./scripts/deploy.sh --env {pick(["staging", "prod"])} \\'] + [f'    --{keyify(f["label"], "kebab", True)} {cliq(f["value"])} \\' for f in fields] + ['    --yes']
    return fence('\n'.join(lines), pick(['bash', 'console']))


def header_name(f):
    if f.get('hdr'):
        return f['hdr']
    return 'X-' + keyify(f['label'], 'header', True)


def render_http(fields, sec, lang):
    path = pick(['/v1/charges', '/v2/orders/ord_' + rs(B62, 10), '/api/uploads', '/v1/webhooks/deliveries', '/healthz', '/v1/exports'])
    host = pick(['api.acme.internal', 'staging.acme.test', 'localhost:8080'])
    hs = [f'{header_name(f)}: {f["value"]}' for f in fields if f['role'] != 'fill']
    hs += [f'{header_name(f)}: {f["value"]}' for f in fields if f['role'] == 'fill' and f.get('hdr')]
    R.shuffle(hs)
    if chance(0.5):
        req = [f'> {pick(["GET", "POST", "PUT"])} {path} HTTP/1.1', f'> Host: {host}', f'> User-Agent: curl/8.{R.randint(1, 11)}.{R.randint(0, 2)}', '> Accept: */*']
        out = [f'$ curl -sv https://{host}{path} -o /dev/null'] + req + ['> '] + [f'< HTTP/1.1 {pick(["200 OK", "201 Created", "304 Not Modified", "202 Accepted"])}',
                                                                          f'< Content-Type: application/json', f'< Date: Tue, {R.randint(1, 28)} Apr 2026 10:{R.randint(10, 59)}:{R.randint(10, 59)} GMT']
        out += ['< ' + h for h in hs] + ['< ']
        return fence('\n'.join(out), '')
    out = [f'{pick(["GET", "POST", "PUT"])} {path} HTTP/1.1', f'Host: {host}', 'Content-Type: application/json'] + hs + [f'Content-Length: {R.randint(2, 900)}']
    return fence('\n'.join(out), 'http')


LOG_MSGS = ['request completed', 'artifact uploaded', 'webhook delivered', 'cache hit', 'config loaded', 'job finished', 'retrying request',
            'client initialised', 'upstream responded', 'export ready']


def render_log(fields, sec, lang):
    svc = pick(SVCS)
    lvl = pick(['INFO', 'DEBUG', 'WARN'])
    noise = [f'{ts()} INFO  {svc} GET /healthz 200 {R.randint(1, 9)}ms', f'{ts()} DEBUG {svc} pool stats idle={R.randint(1, 9)} busy={R.randint(0, 5)}',
             f'{ts()} INFO  {svc} listening on :{pick([8080, 9090, 3000])}']
    if not ascii_ok(fields) or chance(0.4):
        d = {'ts': ts(), 'level': lvl.lower(), 'svc': svc, 'msg': pick(LOG_MSGS)}
        style = 'snake' if ascii_ok(fields) else pick(['raw', 'snake'])
        for f in fields:
            d[keyify(f['label'], style)] = f['value']
        line = json.dumps(d, ensure_ascii=False)
    else:
        parts = [f'{ts()} {lvl:<5} {svc} msg="{pick(LOG_MSGS)}"']
        for f in fields:
            v = f['value']
            v = str(v).lower() if isinstance(v, bool) else str(v)
            vv = v if re.fullmatch(r'[^\s"]+', v) else json.dumps(v, ensure_ascii=False)
            parts.append(f'{keyify(f["label"], "snake", True)}={vv}')
        line = ' '.join(parts)
    lines = R.sample(noise, R.randint(0, 2))
    lines.insert(R.randint(0, len(lines)), line)
    return fence('\n'.join(lines), '')


def render_code(fields, sec, lang):
    c = R.randint(0, 2) if ascii_ok(fields) else R.randint(0, 1)
    if c == 0:
        lines = [f'{sec.upper()}_CONFIG = {{']
        for f in fields:
            v = f['value']
            if f.get('typ') == 'pem':
                lines.append(f'    {json.dumps(keyify(f["label"], "snake"), ensure_ascii=False)}: """{v}\n""",')
            else:
                lines.append(f'    {json.dumps(keyify(f["label"], "snake"), ensure_ascii=False)}: {pyv(v)},')
        lines.append('}')
        return fence('\n'.join(lines), 'python')
    if c == 1:
        lines = [f'export const {sec}Config = {{']
        for f in fields:
            k = keyify(f['label'], 'camel') if ascii_ok([f]) else keyify(f['label'], 'raw')
            k = k if re.fullmatch(r'[A-Za-z_$][A-Za-z0-9_$]*', k) else json.dumps(k, ensure_ascii=False)
            v = f['value']
            lines.append(f'  {k}: `{v}`,' if f.get('typ') == 'pem' else f'  {k}: {jv(v)},')
        lines.append('};')
        return fence('\n'.join(lines), pick(['ts', 'js']))
    lines = [f'var {sec}Config = Config{{']
    for f in fields:
        v = f['value']
        vv = ('`' + v + '`') if f.get('typ') == 'pem' else (('true' if v else 'false') if isinstance(v, bool) else jv(v))
        lines.append(f'\t{keyify(f["label"], "pascal", True)}: {vv},')
    lines.append('}')
    return fence('\n'.join(lines), 'go')


def render_prose(fields, sec, lang):
    lines = [pick(LEADS[lang])]
    c = R.randint(0, 2)
    for f in fields:
        v = f['value']
        v = (str(v).lower() if isinstance(v, bool) else str(v))
        if f.get('typ') == 'pem':
            lines.append(f'{f["label"]}:')
            lines.append('```\n' + v + '\n```')
        elif c == 0:
            lines.append(f'- {f["label"]}: `{v}`')
        elif c == 1:
            lines.append(f'• *{f["label"]}* → {v}')
        else:
            lines.append(f'{f["label"]} = {v}')
    return '\n'.join(lines)


RENDER = {'env': render_env, 'yaml': render_yaml, 'json': render_json, 'toml': render_toml, 'ini': render_ini, 'cli': render_cli,
          'http': render_http, 'log': render_log, 'code': render_code, 'prose': render_prose}
NAME_VALUE_PLACES = {'env', 'yaml', 'json', 'toml', 'ini', 'cli', 'http', 'log'}


def compose(body, lang, place, lead_p=0.55):
    parts = []
    if place != 'prose' and chance(lead_p):
        parts.append(pick(LEADS[lang]))
    parts.append(body)
    if chance(0.18):
        parts.append(pick(TRAILERS))
    return '\n'.join(parts)


# ---------------------------------------------------------------- scanner
PH_WORDS = ('example', 'xxxx', 'your', 'replace', 'changeme', 'dummy', 'redacted', 'placeholder', 'masked', 'filtered', 'hidden')


def placeholderish(v):
    lv = v.lower()
    if any(w in lv for w in PH_WORDS):
        return True
    if any(ch in v for ch in '*•…<>') or '...' in v or '${' in v or '{{' in v:
        return True
    core = re.sub(r'^[A-Za-z]{1,12}[_-](?:[A-Za-z0-9]{1,8}[_-])?', '', v)
    if len(set(core)) <= 3:
        return True
    if re.fullmatch(r'(?:0[0-9a-f])+', lv) and lv == ''.join(f'{i:02x}' for i in range(len(lv) // 2)):
        return True  # counting bytes 000102...
    return v in KNOWN_TEST_VECTORS


REF_PREFIX = ('ENC[', 'vault:', 'arn:', 'op://', 'sm://', 'ref+', '@Microsoft.KeyVault', '${', '{{')


def classes(v):
    return sum(bool(re.search(p, v)) for p in (r'[a-z]', r'[A-Z]', r'\d', r'[^A-Za-z0-9]'))


def change_ratio(v):
    def cl(ch):
        return 0 if ch.islower() else 1 if ch.isupper() else 2 if ch.isdigit() else 3
    if len(v) < 2:
        return 0
    return sum(cl(a) != cl(b) for a, b in zip(v, v[1:])) / (len(v) - 1)


def exempt_value(v):
    return (v.startswith(REF_PREFIX) or v.startswith(('/', './', '~/')) or '://' in v or '@sha256:' in v
            or re.fullmatch(r'\d{4}[-/.]\d{2}[-/.]\d{2}(T[\d:.]+Z?)?|\d{2}\.\d{2}\.\d{4}', v) is not None)


def randomish(v):
    if len(v) < 12 or placeholderish(v) or exempt_value(v):
        return False
    if re.fullmatch(r'[0-9a-fA-F]{24,}', v):
        return True
    return change_ratio(v) >= 0.3 and len(set(v)) >= 8


def passwordish(v):
    if len(v) < 8 or placeholderish(v) or exempt_value(v) or re.fullmatch(r'[\w.-]+(/[\w.-]+)+', v):
        return False
    return classes(v) >= 3 or randomish(v)


def norm_words(s):
    return [re.sub(r'[\s_\-"\'`.]', '', fold(w).lower()) or w.lower() for w in s.split()]


def norm(s):
    return re.sub(r'[\s_\-"\'`.]', '', fold(s).lower()) + '|' + s.lower()


PW_WORDS = sorted({norm(LANGS[l][0]).split('|')[0] for l in LANGS if l not in NONLATIN} | {LANGS[l][0].lower() for l in NONLATIN}
                  | {'password', 'passwd', 'pwd'})
SECRET_WORDS = sorted({norm(LANGS[l][i]).split('|')[0] for l in LANGS if l not in NONLATIN for i in (2, 3, 4, 5, 6, 7, 8, 9, 10)}
                      | {LANGS[l][i].lower() for l in NONLATIN for i in (2, 3, 4, 5, 6, 7, 8, 9, 10)}
                      | {'secret', 'token', 'apikey', 'key', 'credential', 'hmac', 'cookie', 'session'})
EXEMPT_KEY = ('public', 'publishable', 'clientid', 'id|', 'cache', 'idempotency', 'fingerprint', 'hash', 'digest', 'checksum', 'etag',
              'name', 'url', 'uri', 'path', 'file', 'length', 'ttl', 'lifetime', 'expires', 'enabled', 'type', 'algorithm', 'header',
              'page', 'cursor', 'search', 'site', 'sha', 'pin', 'nonce', 'iv', 'sender', 'bucket', 'domain', 'project', 'prefix',
              'last4', 'lastfour', 'restore', 'continuation', 'state', 'after', 'recipient', 'thumbprint', 'flag', 'experiment', 'dsn',
              'mapbox', 'firebase', 'source', 'verify', 'signature', 'authorized', 'trace', 'span', 'request', 'correlation', 'sid|', 'integrity')

EXEMPT_KEY += tuple(sorted({w for l in QT for t in QT[l] for w in norm_words(t.replace('{c}', ' ')) if len(w) >= 4 or (len(w) >= 2 and not w.isascii())}))

REGEX_RULES = [
    ('github_token', re.compile(r'\bgh[pousr]_[A-Za-z0-9]{36}\b')),
    ('github_fine_grained', re.compile(r'\bgithub_pat_[A-Za-z0-9_]{22,}')),
    ('slack_token', re.compile(r'\bxox[abposr]-[A-Za-z0-9-]{10,}')),
    ('stripe_secret', re.compile(r'\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}')),
    ('whsec', re.compile(r'\bwhsec_[A-Za-z0-9+/=]{16,}')),
    ('sk_dash', re.compile(r'\bsk-(?:proj-|svcacct-|ant-api\d\d-)?[A-Za-z0-9_-]{20,}')),
    ('gitlab', re.compile(r'\bglpat-[A-Za-z0-9_-]{20}')),
    ('sendgrid', re.compile(r'\bSG\.[\w-]{16,}\.[\w-]{16,}')),
    ('npm', re.compile(r'\bnpm_[A-Za-z0-9]{36}\b')),
    ('huggingface', re.compile(r'\bhf_[A-Za-z]{30,}\b')),
    ('aws_key_id', re.compile(r'\b(?:AKIA|ASIA)[A-Z0-9]{16}\b')),
    ('google_api_key', re.compile(r'\bAIza[0-9A-Za-z_-]{35}')),
    ('telegram', re.compile(r'\b\d{8,10}:AA[\w-]{30,}')),
    ('jwt', re.compile(r'\beyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]{10,}')),
]
EMAIL = re.compile(r'(?<![\w.+%/-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b')
PHONE_INTL = re.compile(r'(?<![A-Za-z0-9/+=])\+\d[\d \-().]{6,}\d')
PHONE_NANP = re.compile(r'(?<![\d.])\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}(?![\d.])')
PEM_PRIV = re.compile(r'-----BEGIN ([A-Z ]*)PRIVATE KEY-----(.*?)-----END', re.S)
URL_CRED = re.compile(r'[a-z][a-z0-9+.-]*://([^\s:/@]+):([^\s@/]+)@')
URL_DEFAULTS = {'password', 'pass', 'secret', 'changeme', 'guest', 'admin', 'root', 'postgres', 'example', 'pw'}
BEARER = re.compile(r'\bBearer\s+([A-Za-z0-9\-._~+/]+=*)')
ASSIGN_SEP = re.compile(r'''(?<![:/])(=|:(?=[\s"'`]|$))''')


def scan(text, allow=False):
    """Return a list of (rule, match). With allow=True also returns allowed (documented-public / placeholder) hits as rule 'ok:*'."""
    hits = []
    for name, rx in REGEX_RULES:
        for m in rx.finditer(text):
            v = m.group(0)
            if placeholderish(v):
                hits.append(('ok:placeholder_' + name, v))
            elif name == 'google_api_key' and 'firebase' in text.lower():
                hits.append(('ok:documented_public_firebase', v))
            else:
                hits.append((name, v))
    for m in EMAIL.finditer(text):
        hits.append(('email', m.group(0)))
    for rx in (PHONE_INTL, PHONE_NANP):
        for m in rx.finditer(text):
            d = re.sub(r'\D', '', m.group(0))
            if 8 <= len(d) <= 15:
                hits.append(('phone', m.group(0)))
    for m in PEM_PRIV.finditer(text):
        body = re.sub(r'\\n|\s', '', m.group(2))
        if len(re.sub(r'[^A-Za-z0-9+/=]', '', body)) >= 40 and '...' not in body and '…' not in body:
            hits.append(('pem_private_key', body[:24]))
    for m in URL_CRED.finditer(text):
        pw = m.group(2)
        if not (placeholderish(pw) or pw.lower() in URL_DEFAULTS or pw.startswith(('$', '%', '<', '{'))):
            hits.append(('url_credentials', pw))
    for m in BEARER.finditer(text):
        if randomish(m.group(1)) or (len(m.group(1)) >= 20 and not placeholderish(m.group(1))):
            hits.append(('bearer', m.group(1)))
    # labelled values: key [:=] value, --flag value
    for line in text.split('\n'):
        pairs = []
        for m in ASSIGN_SEP.finditer(line):
            seg = line[:m.start()]
            vm = re.match(r'''\s*["'`]?([^\s"'`,;}\]]+)''', line[m.end():])
            if not vm:
                continue
            lead = seg.lstrip(' \t-#>*•"\'`')
            qm = re.search(r'["\']([^"\']*)["\']\s*$', seg)
            if qm:
                key = qm.group(1)
            elif '=' in lead or ':' in lead.replace('://', ''):
                toks = [t for t in re.split(r'[\s,{(]+', seg.rstrip(' "\'`*')) if t]
                keep = toks[-1:]
                for t in reversed(toks[:-1]):
                    if '=' in t or ':' in t or len(keep) >= 4:
                        break
                    keep.insert(0, t)
                key = ' '.join(keep)
            else:
                key = lead
            pairs.append((key, vm.group(1)))
        for m in re.finditer(r'--([\w-]+)[ =]["\']?([^\s"\']+)', line):
            pairs.append((m.group(1), m.group(2)))
        for key, v in pairs:
            nk = norm(key)
            v = v.rstrip('.')
            if any(w in nk for w in PW_WORDS) and passwordish(v):
                hits.append(('labelled_password', v))
            elif any(w in nk for w in SECRET_WORDS) and not any(e in nk + '|' if e.endswith('|') else e in nk for e in EXEMPT_KEY) and randomish(v):
                if v.startswith('AIza') and 'firebase' in text.lower():
                    hits.append(('ok:documented_public_firebase', v))
                else:
                    hits.append(('labelled_secret', v))
    if allow:
        return hits
    return [h for h in hits if not h[0].startswith('ok:')]


# ---------------------------------------------------------------- negatives
def neg_places(fields):
    ps = ['env', 'yaml', 'json', 'toml', 'ini', 'cli', 'http', 'log', 'code', 'prose']
    w = [14, 14, 12, 7, 7, 9, 8, 11, 9, 9]
    if not ascii_ok(fields):
        keep = [i for i, p in enumerate(ps) if p not in ('env', 'cli', 'http')]
        ps, w = [ps[i] for i in keep], [w[i] for i in keep]
    if any(f['lang'] != 'en' for f in fields if f['role'] != 'fill'):
        ps, w = [p for p in ps if p != 'http'], [x for p, x in zip(ps, w) if p != 'http']
    if any(f.get('typ') == 'pem' for f in fields):
        ps, w = [p for p in ps if p in ('env', 'yaml', 'json', 'code', 'prose', 'toml')], [x for p, x in zip(ps, w) if p in ('env', 'yaml', 'json', 'code', 'prose', 'toml')]
    if any(f.get('firebase') for f in fields):
        ps, w = ['json', 'code', 'yaml'], [1, 2, 1]
    return R.choices(ps, w)[0]


LANG_CYCLE = [0]


def next_other():
    # cycle through the 20 non-English languages so each gets a similar share
    l = OTHER[LANG_CYCLE[0] % len(OTHER)]
    LANG_CYCLE[0] += 1
    return l


def make_negative(kind):
    if kind in LANG_KINDS:
        lang = 'en' if chance(0.25 if kind == 'nonsecret_field' else 0.4) else next_other()
        prim = LANG_KINDS[kind](lang)
    else:
        lang = 'en'
        prim = EN_KINDS[kind]()
    fields = list(prim)
    extra = []
    if kind not in ('test_vector',) and not any(f.get('firebase') for f in fields) and chance(0.45):
        for _ in range(R.randint(1, 2)):
            k2 = pick(sorted(set(EN_KINDS) - {'test_vector', 'publishable', kind}))
            extra += [f for f in EN_KINDS[k2]() if f.get('typ') != 'pem']
    fl = fillers(R.randint(0, 5)) if kind != 'test_vector' else []
    allf = fields + extra + fl
    if any(f.get('firebase') for f in fields):
        allf = fields
    else:
        head = allf[:len(fields)]
        rest = allf[len(fields):]
        R.shuffle(rest)
        cut = R.randint(0, len(rest))
        allf = rest[:cut] + head + rest[cut:]
    nlook = sum(1 for f in allf if f['role'] == 'look')
    if kind not in ('test_vector',) and not any(f.get('firebase') or f.get('typ') == 'pem' for f in fields) and chance(0.12):
        f = fields[0]
        v = str(f['value']).lower() if isinstance(f['value'], bool) else str(f['value'])
        lead = pick(LEADS[f['lang']]) if chance(0.5) else ''
        text = pick([f'{lead} {f["label"]}: `{v}`', f'{lead} {f["label"]} = {v}', f'{lead} `{f["label"]}` → `{v}`']).strip()
        return text, 'prose', lang, near_word(f['label']), 1
    place = neg_places(allf)
    sec = pick(SECTIONS)
    if any(f.get('firebase') for f in fields):
        d = {keyify(f['label'], 'camel'): f['value'] for f in fields}
        if place == 'json':
            body = fence(json.dumps(d, indent=2), 'json')
        elif place == 'code':
            body = fence('import { initializeApp } from "firebase/app";\n\n// web config, safe to ship in the client bundle\nconst firebaseConfig = '
                         + json.dumps(d, indent=2) + ';\n\nexport const app = initializeApp(firebaseConfig);', pick(['ts', 'js']))
        else:
            body = fence('firebase:\n' + '\n'.join(f'  {k}: {yq(v)}' for k, v in d.items()), 'yaml')
    elif kind == 'test_vector':
        place = pick(['code', 'code', 'prose', 'json', 'yaml'])
        src = [f for f in allf if f['label'] == 'source'][0]['value']
        vals = [f for f in allf if f['label'] != 'source']
        if place == 'code':
            lines = [f'# test vector from {src}']
            lines += [f'{f["label"].upper()} = bytes.fromhex("{f["value"]}")' if re.fullmatch(r'[0-9a-f]+', f['value']) else f'{f["label"].upper()} = b"{f["value"]}"' for f in vals]
            lines += ['', 'def test_vector():', '    assert seal(KEY if "KEY" in globals() else None) is not None']
            body = fence('\n'.join(lines[:-2] + ['', f'def test_{re.sub(r"[^a-z0-9]+", "_", src.lower()).strip("_")[:40]}():', '    ...']), 'python')
        elif place == 'prose':
            body = f'the values straight from {src}, our impl reproduces them now:\n' + '\n'.join(f'- {f["label"]} `{f["value"]}`' for f in vals)
        elif place == 'json':
            body = fence(json.dumps({'source': src, **{f['label']: f['value'] for f in vals}}, indent=2), 'json')
        else:
            body = fence(f'- source: "{src}"\n' + '\n'.join(f'  {f["label"]}: "{f["value"]}"' for f in vals), 'yaml')
    else:
        body = RENDER[place](allf, sec, lang)
    text = compose(body, lang if chance(0.7) else pick(list(LANGS)), place, 0.0 if kind == 'test_vector' else 0.55)
    near = any(near_word(f['label']) for f in allf if f['role'] != 'fill')
    return text, place, lang, near, nlook


def build_negatives():
    plan = []
    for k, n in NEG_PLAN.items():
        plan += [k] * n
    R.shuffle(plan)
    out, seen, redraws = [], set(), Counter()
    for i, kind in enumerate(plan):
        while True:
            text, place, lang, near, nlook = make_negative(kind)
            hits = scan(text)
            if hits:
                for h in hits:
                    redraws[h[0]] += 1
                continue
            if text in seen:
                redraws['duplicate'] += 1
                continue
            seen.add(text)
            break
        out.append({'id': f'd19n-{i + 1:04d}', 'text': text, 'category': 'secret_lookalike',
                    'context': f'{kind}:{place}:{lang}', '_near': near, '_nlook': nlook})
    return out, redraws


# ---------------------------------------------------------------- positives
def crc_b62(s):
    n = zlib.crc32(s.encode())
    o = ''
    while n:
        n, r = divmod(n, 62)
        o = B62GH[r] + o
    return o.rjust(6, '0')


def ghp():
    body = rs(B62, 30)
    return 'ghp_' + body + crc_b62(body)


VENDORS = {
    # name: (kind, value fn, en label, concept, vendor display)
    'github_classic_pat': ('token', ghp, 'github token', 'token', 'GitHub'),
    'github_fine_grained_pat': ('token', lambda: 'github_pat_11' + rs(UPDIG, 20) + '_' + rs(B62, 59), 'gh pat', 'token', 'GitHub'),
    'slack_bot_token': ('token', lambda: f'xoxb-{R.randint(10 ** 10, 10 ** 12)}-{R.randint(10 ** 12, 10 ** 13 - 1)}-{rs(B62, 24)}', 'slack bot token', 'token', 'Slack'),
    'stripe_secret_key': ('api_key', lambda: pick(['sk_live_' + rs(B62, 24), 'sk_live_51' + rs(B62, 97)]), 'stripe secret key', 'api_key', 'Stripe'),
    'openai_api_key': ('api_key', lambda: 'sk-proj-' + rs(B64U, 74) + 'T3BlbkFJ' + rs(B64U, 74), 'openai api key', 'api_key', 'OpenAI'),
    'anthropic_api_key': ('api_key', lambda: 'sk-ant-api03-' + rs(B64U, 93) + 'AA', 'anthropic api key', 'api_key', 'Anthropic'),
    'gitlab_pat': ('token', lambda: 'glpat-' + rs(B64U, 20), 'gitlab token', 'token', 'GitLab'),
    'sendgrid_api_key': ('api_key', lambda: 'SG.' + rs(B64U, 22) + '.' + rs(B64U, 43), 'sendgrid api key', 'api_key', 'SendGrid'),
    'npm_token': ('token', lambda: 'npm_' + rs(B62, 36), 'npm token', 'token', 'npm'),
    'huggingface_token': ('token', lambda: 'hf_' + rs(B62[:52], 34), 'hf token', 'token', 'Hugging Face'),
    'twilio_auth_token': ('token', lambda: hx(32), 'twilio auth token', 'token', 'Twilio'),
    'telegram_bot_token': ('token', lambda: f'{R.randint(10 ** 8, 8 * 10 ** 9)}:AA' + rs(B64U, 33), 'telegram bot token', 'token', 'Telegram'),
}

SUBTYPES = {
    # subtype: (kind, concept, en labels)
    'random_api_key': ('api_key', 'api_key', ['api key', 'partner api key', 'service api key', 'x api key']),
    'session_token': ('token', 'session_token', ['session token', 'session', 'sid']),
    'signing_secret': ('secret', 'signing_secret', ['signing secret', 'jwt signing secret', 'slack signing secret']),
    'webhook_secret': ('secret', 'webhook_secret', ['webhook secret', 'webhook signing secret', 'github webhook secret']),
    'hmac_key': ('secret', 'hmac_key', ['hmac key', 'hmac secret', 'request signing key']),
    'db_password': ('password', 'db_password', ['db password', 'database password', 'postgres password', 'password']),
    'bearer_token': ('token', 'token', ['access token', 'bearer token', 'auth token']),
    'private_key': ('private_key', 'private_key', ['private key', 'tls private key', 'jwt private key', 'ssh private key']),
}
POS_PLAN = {'random_api_key': 20, 'session_token': 18, 'signing_secret': 16, 'webhook_secret': 16, 'hmac_key': 16, 'db_password': 26,
            'bearer_token': 20, 'private_key': 20}
for v in VENDORS:
    POS_PLAN[v] = 4
assert sum(POS_PLAN.values()) == N_POS


def secret_value(sub):
    if sub in VENDORS:
        return VENDORS[sub][1](), None
    if sub == 'random_api_key':
        return pick([rs(B62, 32), hx(40), rs(B62, 48), hx(32)]), None
    if sub == 'session_token':
        return pick([b64u(32), hx(64), b64u(24)]), None
    if sub == 'signing_secret':
        return pick([hx(64), hx(32)]), None
    if sub == 'webhook_secret':
        return pick(['whsec_' + b64(24), hx(40), 'whsec_' + rs(B62, 32)]), None
    if sub == 'hmac_key':
        return pick([b64(32), b64(64), b64(48)]), None
    if sub == 'db_password':
        return password(), None
    if sub == 'bearer_token':
        return pick([jwt(), b64u(R.randint(30, 48)), jwt()]), None
    (full, lines), ktype = pick([priv_ec_sec1, priv_ec_pkcs8, priv_ed25519, priv_openssh])()
    return full, (lines, ktype)


def lookalikes(sub, lang):
    L = []
    if sub == 'random_api_key':
        L = [lambda: F('client id', rs(B62, 32), 'look'), k_commit_sha, lambda: k_trace()[0], lambda: F('launchdarkly client side id', hx(24), 'look')]
    elif sub == 'session_token':
        L = [k_b64_json, k_idempotency_key, lambda: k_trace()[0], k_uuid_ulid, k_etag]
    elif sub == 'signing_secret':
        L = [k_content_hash, k_commit_sha, lambda: F('x hub signature 256', 'sha256=' + hx(64), 'look', hdr='X-Hub-Signature-256')]
    elif sub == 'webhook_secret':
        L = [lambda: F('x hub signature 256', 'sha256=' + hx(64), 'look', hdr='X-Hub-Signature-256'), k_uuid_ulid,
             lambda: F('webhook endpoint id', 'we_' + rs(B62, 24), 'look')]
    elif sub == 'hmac_key':
        L = [lambda: F('peer public key', b64(32), 'look'), lambda: F('content digest', 'sha-256=:' + b64(32) + ':', 'look', hdr='Content-Digest'),
             lambda: k_cert_fingerprint()[0], lambda: F('integrity', 'sha512-' + b64(64), 'look')]
    elif sub == 'db_password':
        L = [lambda: ns_field(lang if lang else 'en', set()), lambda: F('build id', rs(B62, 20), 'look'),
             lambda: F('replica password ref', enc_value('password'), 'look'), lambda: F('db user', pick(['app_rw', 'billing_svc']), 'look')]
    elif sub == 'bearer_token':
        L = [lambda: k_trace()[0], k_b64_json, k_etag, k_uuid_ulid, k_idempotency_key]
    elif sub == 'private_key':
        L = [lambda: F(pick(['public key', 'jwt verify key']), pick([pub_ec_spki(), pub_ed25519_spki()]), 'look', typ='pem'),
             lambda: F('ssh public key', ssh_pub(), 'look'), lambda: k_cert_fingerprint()[0]]
    elif sub in ('github_classic_pat', 'github_fine_grained_pat'):
        L = [k_commit_sha, lambda: F('github app client id', 'Iv1.' + hx(16), 'look'), lambda: F('run id', str(R.randint(10 ** 9, 10 ** 10 - 1)), 'look')]
    elif sub == 'slack_bot_token':
        L = [lambda: F('channel id', 'C0' + rs(UPDIG, 9), 'look'), lambda: F('team id', 'T0' + rs(UPDIG, 9), 'look'),
             lambda: F('slack client id', f'{R.randint(10 ** 9, 10 ** 10 - 1)}.{R.randint(10 ** 12, 10 ** 13 - 1)}', 'look')]
    elif sub == 'stripe_secret_key':
        L = [lambda: F('stripe publishable key', 'pk_live_51' + rs(B62, 97), 'look'), lambda: F('webhook endpoint id', 'we_' + rs(B62, 24), 'look'), k_idempotency_key]
    elif sub == 'openai_api_key':
        L = [lambda: F('openai organization', 'org-' + rs(B62, 24), 'look'), lambda: F('x request id', 'req_' + hx(32), 'look', hdr='X-Request-Id'),
             lambda: F('openai project', 'proj_' + rs(B62, 24), 'look')]
    elif sub == 'anthropic_api_key':
        L = [lambda: F('request id', 'req_011C' + rs(B62, 20), 'look', hdr='Request-Id'), lambda: F('message id', 'msg_01' + rs(B62, 22), 'look')]
    elif sub == 'gitlab_pat':
        L = [k_commit_sha, lambda: F('pipeline id', R.randint(10 ** 8, 10 ** 9), 'look'), lambda: F('project id', R.randint(1000, 99999), 'look')]
    elif sub == 'sendgrid_api_key':
        L = [lambda: F('x message id', rs(B64U, 22), 'look', hdr='X-Message-Id'), lambda: F('template id', 'd-' + hx(32), 'look')]
    elif sub == 'npm_token':
        L = [lambda: F('integrity', 'sha512-' + b64(64), 'look'), lambda: F('shasum', hx(40), 'look')]
    elif sub == 'huggingface_token':
        L = [lambda: F('revision', hx(40), 'look'), lambda: F('model id', pick(['acme-ml/reranker-v3', 'acme-ml/intent-small']), 'look')]
    elif sub == 'twilio_auth_token':
        L = [lambda: F('account sid', 'AC' + hx(32), 'look'), lambda: F('messaging service sid', 'MG' + hx(32), 'look')]
    elif sub == 'telegram_bot_token':
        L = [lambda: F('chat id', '-100' + str(R.randint(10 ** 9, 10 ** 10 - 1)), 'look'), lambda: F('update id', R.randint(10 ** 8, 10 ** 9), 'look')]
    n = R.randint(1, min(2, len(L)))
    out = []
    for fn in R.sample(L, n):
        r = fn()
        out += r if isinstance(r, list) else [r]
    for f in out:
        f['role'] = 'look'
    return out


def secret_label(sub, lang):
    if sub in VENDORS:
        kind, _, en, c, vname = VENDORS[sub]
        if lang == 'en':
            return en
        cl = concept(lang, c)
        return f'{cl} {vname}' if lang in VENDOR_AFTER else f'{vname} {cl}'
    kind, c, ens = SUBTYPES[sub]
    if lang == 'en':
        return pick(ens)
    if sub == 'db_password' and chance(0.4):
        c = 'password'
    return concept(lang, c)


def pos_places(sub, lang):
    if lang is None:
        if sub == 'private_key':
            return ['prose', 'code']
        if sub == 'db_password':
            return ['url', 'prose', 'cli']
        if sub in ('signing_secret', 'webhook_secret', 'hmac_key'):
            return ['prose', 'code']
        return ['prose', 'cli', 'code']
    ps = ['env', 'yaml', 'json', 'toml', 'ini', 'cli', 'log', 'code', 'prose']
    if sub == 'private_key':
        ps = ['env', 'yaml', 'json', 'code', 'prose', 'toml']
    if lang == 'en':
        if sub in ('random_api_key', 'session_token', 'bearer_token') or (sub in VENDORS and sub not in ('twilio_auth_token', 'telegram_bot_token')):
            ps += ['http', 'http']
        if sub == 'db_password':
            ps += ['dsn', 'dsn']
    if lang in NONLATIN:
        ps = [p for p in ps if p not in ('env', 'cli')]
    return ps


def render_dsn(sec_field, others):
    pw = sec_field['value']
    host = pick(['db-primary.acme.internal', 'pg-staging.acme.internal', 'sql-eu.acme.internal'])
    c = R.randint(0, 2)
    if c == 0:
        s = f'Server={host};Port=5432;Database={pick(["orders", "billing"])};User Id=app_rw;Password={pw};SslMode=Require;'
        body = fence(json.dumps({'ConnectionStrings': {'Default': s}}, indent=2), 'json') if chance(0.5) else fence(f'ConnectionStrings__Default="{s}"', 'bash')
    elif c == 1:
        s = f'host={host} port=5432 dbname={pick(["orders", "ledger"])} user=app_rw password={pw} sslmode=verify-full'
        body = fence(f'$ psql "{s}"', 'console')
    else:
        s = f'jdbc:sqlserver://{host}:1433;databaseName=billing;user=billing_svc;password={pw};encrypt=true'
        body = fence(f'spring.datasource.url={s}', 'properties')
    extra = '\n'.join(f'- {o["label"]}: `{o["value"]}`' for o in others if o['role'] == 'look')
    return body + ('\n' + extra if extra else '')


def render_nolabel(sub, sec_field, others, place, lead_lang):
    v = sec_field['value']
    looks = [o for o in others if o['role'] == 'look']
    if place == 'url':
        v = sec_field['value'] = password(B62 + '-_.~!')
        u = f'postgres://app_rw:{v}@db-primary.acme.internal:5432/{pick(["orders", "billing"])}?sslmode=require'
        body = pick([fence(f'$ psql "{u}"', 'console'), fence(f'DATABASE_URL={u}', 'bash'), f'{USE_THIS[lead_lang]} `{u}`'])
        return body + ''.join(f'\n- {o["label"]}: `{o["value"]}`' for o in looks if o.get('typ') != 'pem')
    if place == 'cli':
        if sub == 'db_password':
            cmd = f"$ mysql -h db-primary.acme.internal -u app_rw -p'{v}' orders"
        elif sub in VENDORS and sub.startswith(('github', 'gitlab')):
            host = 'github.com' if sub.startswith('github') else 'gitlab.acme.test'
            cmd = f'$ git clone https://oauth2:{v}@{host}/acme/infra.git'
        else:
            cmd = f'$ curl -s -u {v}: https://api.acme.test/v1/balance'
        resp = {keyify(o['label'], 'snake', True): o['value'] for o in looks if o.get('typ') != 'pem'}
        return fence(cmd + ('\n' + json.dumps(resp, ensure_ascii=False) if resp else ''), 'console')
    if place == 'code':
        if sub == 'private_key':
            return fence(f'signer = load_pem_private_key(b"""{v}\n""", password=None)', 'python') + ''.join(
                f'\n{o["label"]}:\n```\n{o["value"]}\n```' if o.get('typ') == 'pem' else f'\n{o["label"]}: `{o["value"]}`' for o in looks)
        inner = '\n'.join(f'# {o["label"]}: {o["value"]}' for o in looks if o.get('typ') != 'pem')
        return fence((inner + '\n' if inner else '') + f'client = acme.Client("{v}", timeout={pick([5, 10, 30])})', 'python')
    # prose
    parts = [USE_THIS[lead_lang]]
    if sub == 'private_key' or chance(0.4):
        parts.append(f'```\n{v}\n```')
    else:
        parts.append(f'`{v}`')
    for o in looks:
        parts.append(f'```\n{o["value"]}\n```' if o.get('typ') == 'pem' else f'({o["label"]}: `{o["value"]}`)')
    return '\n'.join(parts)


def render_http_secret(sub, sec_field, others):
    v = sec_field['value']
    if sub == 'session_token':
        sec_field['_hdr'] = f'Cookie: {pick(["session", "sid", "__Host-session"])}={v}'
    elif sub == 'random_api_key' or (sub in VENDORS and VENDORS[sub][0] == 'api_key' and chance(0.4)):
        sec_field['_hdr'] = f'{pick(["X-Api-Key", "X-API-Key", "Api-Key"])}: {v}'
    else:
        sec_field['_hdr'] = f'Authorization: {pick(["Bearer", "Bearer", "token"]) if sub.startswith("github") else "Bearer"} {v}'
    path = pick(['/v1/charges', '/v2/orders', '/api/uploads', '/v1/exports'])
    hs = [sec_field['_hdr']] + [f'{header_name(o)}: {o["value"]}' for o in others if o['role'] == 'look' and o.get('typ') != 'pem']
    R.shuffle(hs)
    if chance(0.5):
        return fence('\n'.join([f'$ curl -sv https://api.acme.internal{path} -o /dev/null', f'> POST {path} HTTP/1.1', '> Host: api.acme.internal']
                               + ['> ' + h for h in hs] + ['> Accept: */*', '>', '< HTTP/1.1 200 OK']), '')
    return fence('\n'.join([f'POST {path} HTTP/1.1', 'Host: api.acme.internal', 'Content-Type: application/json'] + hs), 'http')


def make_positive(sub, lang):
    kind = VENDORS[sub][0] if sub in VENDORS else SUBTYPES[sub][0]
    value, pk = secret_value(sub)
    place = pick(pos_places(sub, lang))
    lead_lang = lang if lang else pick(list(LANGS))
    looks = lookalikes(sub, lang or 'en')
    if place in ('http', 'dsn'):
        looks = [o for o in looks if o['lang'] == 'en']
    sec_field = F(secret_label(sub, lang) if lang else '', value, sub, lang=lang or 'en', role='secret', typ='pem' if pk else None)
    others = looks + fillers(R.randint(0, 4))
    if lang is None:
        body = render_nolabel(sub, sec_field, others, place, lead_lang)
        value = sec_field['value']
        text = compose(body, lead_lang, 'prose' if place == 'prose' else place, 0.5)
    elif place == 'http':
        text = compose(render_http_secret(sub, sec_field, others), lead_lang, place)
    elif place == 'dsn':
        text = compose(render_dsn(sec_field, others), lead_lang, place)
    else:
        allf = others[:]
        allf.insert(R.randint(0, len(allf)), sec_field)
        text = compose(RENDER[place](allf, pick(SECTIONS), lead_lang), lead_lang, place)
    if pk:
        lines = pk[0]
        i0 = text.index(lines[0])
        i1 = text.index(lines[-1], i0) + len(lines[-1])
        value = text[i0:i1]
        sub_ctx = f'{sub}/{pk[1]}'
    else:
        sub_ctx = sub
    return text, value, kind, place, sub_ctx


def build_positives():
    plan = []
    for k, n in POS_PLAN.items():
        plan += [k] * n
    R.shuffle(plan)
    langs = ['en'] * 50 + [None] * 24
    i = 0
    while len(langs) < N_POS:
        langs.append(OTHER[i % len(OTHER)])
        i += 1
    R.shuffle(langs)
    out, seen, redraws, recall = [], set(), Counter(), Counter()
    for i, (sub, lang) in enumerate(zip(plan, langs)):
        while True:
            text, value, kind, place, sub_ctx = make_positive(sub, lang)
            assert value in text, (sub, value)
            rest = text.replace(value, '<SECRET>')
            hits = scan(rest)
            if hits or text in seen or text.count(value) != 1:
                redraws['rest_not_clean' if hits else 'duplicate_or_repeat'] += 1
                continue
            seen.add(text)
            break
        found = bool(scan(text))
        recall[(sub, found)] += 1
        out.append({'id': f'd19p-{i + 1:04d}', 'text': text, 'secrets': [{'kind': kind, 'value': value}],
                    'context': f'{sub_ctx}:{place}:{lang or "no-label"}'})
    return out, redraws, recall


# ---------------------------------------------------------------- main
def sha256(path):
    with open(path, 'rb') as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def table(rows, header):
    out = ['| ' + ' | '.join(header) + ' |', '|' + '|'.join('---' if i == 0 else '---:' for i in range(len(header))) + '|']
    out += ['| ' + ' | '.join(str(c) for c in r) + ' |' for r in rows]
    return '\n'.join(out)


def main():
    negs, neg_redraws = build_negatives()
    poss, pos_redraws, recall = build_positives()

    # final checks
    final_hits = [(n['id'], h) for n in negs for h in scan(n['text'])]
    assert not final_hits, final_hits[:5]
    allowed = Counter(h[0] for n in negs for h in scan(n['text'], allow=True) if h[0].startswith('ok:'))
    assert len({n['text'] for n in negs}) == N_NEG and len({p['text'] for p in poss}) == N_POS
    for p in poss:
        assert len(p['secrets']) == 1 and p['secrets'][0]['value'] in p['text']
    near = sum(n['_near'] for n in negs)
    nv = sum(n['context'].split(':')[1] in NAME_VALUE_PLACES for n in negs)
    assert near >= N_NEG // 4, near
    assert nv >= N_NEG // 2, nv
    pos_langs = Counter(p['context'].rsplit(':', 1)[1] for p in poss)
    assert len([l for l in pos_langs if l not in ('en', 'no-label')]) >= 16

    npath = os.path.join(HERE, 'dev19_negatives.jsonl')
    ppath = os.path.join(HERE, 'dev19_positives.jsonl')
    with open(npath, 'w', encoding='utf-8') as fh:
        for n in negs:
            fh.write(json.dumps({k: v for k, v in n.items() if not k.startswith('_')}, ensure_ascii=False) + '\n')
    with open(ppath, 'w', encoding='utf-8') as fh:
        for p in poss:
            fh.write(json.dumps(p, ensure_ascii=False) + '\n')

    # ---- README
    places = ['env', 'yaml', 'json', 'toml', 'ini', 'cli', 'http', 'log', 'code', 'prose']
    nk = defaultdict(Counter)
    for n in negs:
        k, pl, lg = n['context'].split(':')
        nk[k][pl] += 1
    neg_rows = []
    for k in NEG_PLAN:
        neg_rows.append([f'`{k}`', sum(nk[k].values())] + [nk[k][p] or '' for p in places] + [NEG_KIND_DESC[k]])
    neg_rows.append(['**total**', N_NEG] + [sum(nk[k][p] for k in nk) for p in places] + [''])
    neg_langs = Counter(n['context'].split(':')[2] for n in negs)
    lines_n = [n['text'].count('\n') + 1 for n in negs]
    lines_p = [p['text'].count('\n') + 1 for p in poss]

    pk = defaultdict(Counter)
    for p in poss:
        sub, pl, lg = p['context'].split(':')
        pk[sub.split('/')[0]][pl] += 1
    pplaces = ['env', 'yaml', 'json', 'toml', 'ini', 'cli', 'http', 'dsn', 'url', 'log', 'code', 'prose']
    pos_rows = []
    for sub in POS_PLAN:
        kind = VENDORS[sub][0] if sub in VENDORS else SUBTYPES[sub][0]
        found = recall[(sub, True)]
        pos_rows.append([f'`{sub}`', f'`{kind}`', POS_PLAN[sub]] + [pk[sub][p] or '' for p in pplaces] + [f'{found}/{POS_PLAN[sub]}'])
    pos_rows.append(['**total**', '', N_POS] + [sum(pk[s][p] for s in pk) for p in pplaces] + [f'{sum(v for (s, f), v in recall.items() if f)}/{N_POS}'])
    kinds = Counter(p['secrets'][0]['kind'] for p in poss)
    lang_rows = [[f'`{l}`', LANG_NAMES.get(l, 'no label'), pos_langs[l], neg_langs.get(l, 0)] for l in ['en'] + OTHER + ['no-label']]
    pk_types = Counter(p['context'].split(':')[0].split('/')[1] for p in poss if p['context'].startswith('private_key/'))

    readme = f'''> PLACEHOLDER

# dev19 — strings that look like secrets, beside secrets (development probe)

**The question.** Can the redaction feature tell a real secret from a string that only *looks* like one, when both sit in the
same kinds of places — `KEY=value` lines in .env / YAML / TOML / JSON / INI / `.properties`, CLI flags, HTTP headers, log lines,
code and prose — and when the field names are written in 21 languages and in several styles (`UPPER_SNAKE`, `snake_case`,
`camelCase`, `kebab-case`, `PascalCase`, dotted, native script with spaces)?

## Files

| file | lines | sha256 |
|---|---:|---|
| `dev19_negatives.jsonl` | {len(negs)} | `{sha256(npath)}` |
| `dev19_positives.jsonl` | {len(poss)} | `{sha256(ppath)}` |
| `gen.py` | | writes the two files and this README |

`python3 gen.py` regenerates everything next to itself, standard library only, with `random.Random(1919)` as the only
randomness. Two runs give byte-identical files, also under `PYTHONHASHSEED=0` and `=123` (checked with `cmp`).
Negative texts are 1–{max(lines_n)} lines ({sum(1 for x in lines_n if x == 1)} single-line, {sum(1 for x in lines_n if x >= 10)} with 10+ lines);
positive texts are 1–{max(lines_p)} lines ({sum(1 for x in lines_p if x >= 10)} with 10+ lines).

## How it was written (blindness record)

Written blind to the feature. Opened, and nothing else: `/work/briefs/probe19.md`, `/work/briefs/data.md`,
`/work/.library/env/README.md`, `/work/main/tests/support/data/redaction4/README.md`, and `head -3` of
`redaction4_negatives.jsonl` and `redaction4_positives.jsonl` (format only). No other file under `/work/main`, no `/work/wt-*`,
no other folder of `/work/data` was listed or opened; no git, no code or documentation search tool; the product was not run or
installed. Commands run: `cat`/`head` of the files above, `date`, `ls` and `mkdir` of `/work/data/dev19` and `/tmp/dev19`,
`python3 gen.py` (several times, plus runs writing to `/tmp/dev19` under `PYTHONHASHSEED=0` and `=123`), `cmp`, `sha256sum`, `wc -l`,
`head`/`cat`/small `python3 -c` reads of this folder's own output, two small debug scripts in `/tmp/dev19` that import `gen.py` to
print what its scanner flags, and `grep`/`sed` on `gen.py` itself while editing it (beyond data.md's short list of tools, but only
on this probe's own files). The look-alikes, vendor shapes and labels come from general
knowledge of real configs, logs and docs, not from any rule set.

## Record format

Negatives: `{{"id": "d19n-0001", "text": …, "category": "secret_lookalike", "context": "<lookalike-kind>:<place>:<label-language>"}}`.
`category` is always `secret_lookalike`; `context` (an addition, for slicing results) names the main look-alike of the message, the
place it sits in and the language of its field label (`en` for the English-labelled look-alike kinds).

Positives: `{{"id": "d19p-0001", "text": …, "secrets": [{{"kind": …, "value": …}}], "context": "<subtype>:<place>:<label-language|no-label>"}}`.
Exactly one secret per text. `kind` is one of `password`, `api_key`, `token`, `secret` (signing / webhook / HMAC secrets),
`private_key`; `context` carries the finer subtype (`db_password`, `webhook_secret`, `github_classic_pat`, `private_key/ed25519_pkcs8`, …).
Every `value` occurs verbatim, exactly once, in its `text` (`gen.py` asserts it). A `private_key` value runs from the first to the
last base64 character of the body as written: lines joined by a newline, by newline + indentation in YAML block scalars, or by the
literal `\\n` inside JSON strings and double-quoted .env values.

Places: `env` (.env, `export`), `yaml` (plain, nested, Kubernetes ConfigMap/Secret, docker-compose `environment:`), `json`,
`toml`, `ini` (INI and Java `.properties`), `cli` (`acmectl config set`, `docker run -e`, `helm --set`, `kubectl create … --from-literal`,
script flags, `curl -u`, `mysql -p`, `git clone https://…:…@`), `http` (curl -v transcripts, raw requests), `dsn` (ADO.NET, libpq,
JDBC connection strings), `url` (`postgres://user:pw@host`), `log` (logfmt and JSON log lines among noise lines), `code` (Python,
JS/TS, Go), `prose` (lead-in plus bullets / `label = value` lines). Lead-ins and trailers are in the 21 languages, mixed as real
channels mix them (a message's lead-in language need not match its field labels).

## Negatives: {N_NEG} messages, category `secret_lookalike`, no secret and no personal data

Every message holds one main look-alike (its `context` kind); {sum(1 for n in negs if n['_nlook'] > 1)} hold two or more look-alike
values (a kind that comes in pairs, or one or two look-alikes of other kinds added), and most get 0–5 ordinary config fields
(port, region, db host, …). {sum(1 for n in negs if n['text'].count(chr(10)) == 0)} are one-line chat remarks.
{nv} messages ({100 * nv // N_NEG} %) sit in `name=value`-like places (env, yaml, json, toml, ini, cli, http, log);
{near} ({100 * near // N_NEG} %) have a field whose name contains password / token / key / secret / salt / PIN (in any of the 21
languages) right beside a non-secret value.

{table(neg_rows, ['kind', 'texts'] + places + ['what'])}

Label languages of the main look-alike (negatives) and of the secret's field (positives):

{table(lang_rows, ['code', 'language', 'positives', 'negatives'])}

### The scanner's guarantees (enforced by `gen.py`)

`gen.py` throws away and redraws any negative in which its scanner finds:
- a vendor token shape with a random body: `ghp_/gho_/ghu_/ghs_/ghr_` + 36, `github_pat_…`, `xox?-…`, `sk_live_/sk_test_/rk_…`,
  `whsec_…`, `sk-…` / `sk-proj-…` / `sk-ant-api03-…`, `glpat-…`, `SG.….…`, `npm_…`, `hf_…`, `AKIA/ASIA…`, `AIza…`, Telegram
  `digits:AA…`, three-segment `eyJ….eyJ….sig` JWTs (a body with `EXAMPLE`, `xxxx`, `*`, `…`, `<…>`, or ≤3 distinct characters is a placeholder);
- a password-like value (8+ chars, 3+ character classes, not a path / URL / date / reference / placeholder) after a field whose
  name holds a password word in any of the 21 languages;
- a random-looking value (hex ≥ 24, or ≥ 12 chars with frequent character-class changes) after a field named like a secret,
  token or key in any of the languages, unless the name says it is public / an id / a hash / a cache or idempotency key / a
  fingerprint / a length, path, name, URL, …;
- a `Bearer` value that is not a placeholder; a PEM `PRIVATE KEY` block with a real base64 body;
- URL credentials `scheme://user:pw@` whose password is not a placeholder or documented default;
- an e-mail address; an international (`+…`) or NANP phone number.

Redraws while generating: {dict(sorted(neg_redraws.items())) or 'none'}. Final negatives: **0 findings**.
Hits the scanner reports but allows, by design: {dict(sorted(allowed.items())) or 'none'}.

## Positives: {N_POS} messages, one labelled secret each

Each secret sits beside one or two look-alikes *of the same shape* (64-hex signing secret beside a sha256 checksum and an
`X-Hub-Signature-256`; 32-hex Twilio auth token beside a 32-hex Account SID; `sk_live_` beside a `pk_live_` of the same length;
a JWT beside a base64-JSON cursor starting with `eyJ`; a base64 HMAC key beside a WireGuard public key; a PEM private key beside a
PEM public key; a random password beside a password-length field and an `op://` reference; …) plus 0–4 ordinary fields. `gen.py`
checks that the text with the secret removed is clean for its scanner, so the look-alikes are not secrets by its rules.
Vendor-prefixed values are random with the right lengths (`ghp_` carries a real CRC32 base62 checksum). Private keys have real
DER layouts with random material: {dict(sorted(pk_types.items()))}.

By kind: {dict(sorted(kinds.items()))}. By subtype and place (last column: how many the built-in scanner itself finds; its misses
are mostly labels it cannot read, such as unlabelled prose or `-p'…'`):

{table(pos_rows, ['subtype', 'kind', 'texts'] + pplaces + ['scanner finds'])}

Label language of the secret's field: {sum(v for l, v in pos_langs.items() if l not in ('en', 'no-label'))} texts in {len([l for l in pos_langs if l not in ('en', 'no-label')])} languages other than English, {pos_langs['en']} English,
{pos_langs['no-label']} with no label at all (value alone in prose, a code call, `curl -u`, `mysql -p`, a `git clone` or `postgres://` URL).
Vendor-token labels in other languages combine the vendor name with the language's word (`token dostępu GitHub`, `Stripe API-Schlüssel`).
HTTP-header and DSN placements are always English-labelled (`Authorization`, `X-Api-Key`, `Cookie`, `Password=`).

## Known ambiguities (deliberate; how they are scored here)

- **Published test vectors** (`test_vector`, 12 negatives): the GCM-spec test-case-3 key `feffe9928665731c6d6a8f9467308308`, the
  RFC 4231 keys (`0b` × 20, `Jefe`) and the RFC 8439 key `000102…1f` sit under a field named `key`. They are public, printed in
  standards; scored as negatives. A redactor that masks them is over-redacting, but mildly.
- **Publishable / public client values**: Stripe `pk_live_…`, Firebase web `apiKey: "AIza…"` (Firebase documents the web config as
  public; the same shape is a real Google API key elsewhere), Mapbox `pk.eyJ…` tokens, Algolia *search-only* keys, Sentry DSNs
  (`https://<32 hex>@o….ingest.sentry.io/…`, a URL user part with no password), reCAPTCHA site keys, OAuth / GitHub App / Auth0 /
  LaunchDarkly client ids. Scored as negatives.
- **`vault:v1:…` transit ciphertext and SOPS `ENC[AES256_GCM,data:…]`** under `password` / `secret` fields: encrypted at rest,
  scored as negatives even though the field name says password.
- **AWS documentation keys** `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` and all-zero / all-`x` vendor
  shapes are negatives.
- **Masked prefixes** (`sk-...abcd`, `sk_live_••••abcd`, `ghp_***…abcd`) keep a vendor prefix and 4 real-looking characters; negatives.
- **`changeme`, empty values, `<password>`** after a password field are negatives (templates, not secrets).
- **Same-shape identifiers in positives**: a Twilio Account SID (`AC` + 32 hex), Slack channel / team ids, OpenAI `org-…`, a Telegram
  `chat_id` (`-100` + 10 digits, phone-like length) and GitHub run ids are not labelled secrets; only the one secret counts.
- **Session cookies** (`Cookie: session=…`) and bare `session` / `sid` fields are labelled `token`: a live session id is a credential.
- **JWT bearer tokens** are labelled `token` (not a separate `jwt` kind); header and payload are real base64url JSON with no personal data.
- **Italian `parola d'ordine`** is used for "password" so the label's language is visible; real Italian configs usually say `password`.
- **Label-language context**: for vendor tokens and DB passwords in `dsn` / `http` places the label is English by construction; in
  `no-label` texts the secret has no field name, but the lead-in may still be in any language.
'''
    with open(os.path.join(HERE, 'README.md'), 'w', encoding='utf-8') as fh:
        fh.write(readme)
    print(f'negatives: {len(negs)}  near-word: {near}  name=value places: {nv}')
    print(f'negative redraws: {dict(sorted(neg_redraws.items()))}')
    print(f'negative scanner findings (final): {len(final_hits)}; allowed by design: {dict(sorted(allowed.items()))}')
    print(f'positives: {len(poss)}  redraws: {dict(sorted(pos_redraws.items()))}')
    print(f'positives found by scanner: {sum(v for (s, f), v in recall.items() if f)}/{N_POS}')
    print(f'label languages (positives): {dict(sorted(pos_langs.items()))}')


if __name__ == '__main__':
    if len(sys.argv) > 1:
        HERE = sys.argv[1]
    main()
