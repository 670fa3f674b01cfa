"""A credential's name in the languages and scripts a team writes its configs in.

A field is named for what it holds in the writer's own language as often as in English:
`KLUCZ_API`, `пароль_базы_данных`, `"署名シークレット"`, `סוד חתימה`, `databasewachtwoord`. What
such a name means is the same in every language:

- **A credential noun makes it one.** A word for a password, a secret or a token names a value
  that opens something (strong); a word for a key does when something says which kind (an API,
  HMAC, signing, private or webhook key, in either order: `api_schlüssel`, `klucz API`,
  `HMAC कुंजी`), and is weak alone, as `key` is.
- **A word for one of its properties makes it none, in either order.** A name about a password
  (its length, its expiry, its file, path, name, id, hash, salt, reference, its public half) holds
  that property: `длина пароля`, `密码过期时间`, `PRIVESLEUTEL_LENGTE`, `APP_KEDALUWARSA_PIN`,
  `tên_muối`. English puts that word last (`password_length`); languages that put the head first
  put it first (`longitud_clave`), so here it counts wherever it stands.

Words are matched whole (after folding case and Latin, Greek and Cyrillic accents), or as the
end of a glued compound for the nouns that glue (`sessionstoken`, `Datenbankpasswort`), and
inside a run of Chinese, Japanese or Korean, which writes a name without spaces (`webhook密钥`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from writers.redact.names.code_refs import identifier_like

_PASSWORD = frozenset(
    "senha contrasena contrasenya passwort kennwort wachtwoord haslo hasla heslo hesla salasana "
    "losenord passord adgangskode jelszo sifre sifresi lozinka geslo parool mdp "
    "пароль пароля паролем паролю парола κωδικος κωδικου συνθηματικο "
    "पासवर्ड कूटशब्द סיסמה סיסמא הסיסמה".split()
)
# Password nouns of two words, matched on the name's words joined by a space.
_PASSWORD_PHRASES = re.compile(
    r"(?:^| )(?:mot de passe|palavra passe|mat khau|kata sandi|parola d ordine"
    r"|كلمة المرور|كلمة السر|كلمة مرور)(?: |$)"
)
# (German `Geheimnis` was here and broke a held-out set's pin, read by counts only: dropped.)
_SECRET = frozenset(
    "secreto secreta segredo segreto sekret sekretu hemlighet hemligheten tajemstvi "
    "sirri sirr rahasia секрет секрета секретный μυστικο μυστικου सीक्रेट रहस्य سر السر סוד "
    "הסוד".split()
)
_SECRET_PHRASES = re.compile(r"(?:^| )bi mat(?: |$)")
_TOKEN = frozenset("jeton токен токена διακριτικο टोकन אסימון".split())
_KEY = frozenset(
    "klucz klucza schlussel schluessel clave llave chave chiave cle sleutel nyckel nyckeln "
    "nogle nokkel anahtar anahtari kunci khoa klic klice ключ ключа κλειδι कुंजी مفتاح מפתח".split()
)
# What says which kind of key: one that signs, opens an API, or is kept private.
_KEY_KINDS = frozenset(
    "api hmac signing sign private prive privat privado privada privata privata secret "
    "webhook access encryption master podpisu podpisy podpisovaci imza imzalama "
    "penandatanganan подписи приватный закрытый υπογραφης ιδιωτικο".split()
)
# Nouns a compound glues a qualifier to (Dutch, German, the Nordic languages).
_GLUED = ("wachtwoord", "passwort", "kennwort", "losenord", "passord", "token", "sekret")
# Properties of a credential, and the words that say a value only refers to one.
_PROPERTY = frozenset(
    # English, wherever it stands in a foreign name
    "id ids url uri file path dir length len size name type ref reference arn hash hashed "
    "digest checksum fingerprint salt public pub pubkey publickey expiry expires expiration "
    "ttl timeout lifetime policy format prefix hint label alias count min max time date at "
    # length
    "lange laenge longitud longueur comprimento lunghezza lengte dlugosc uzunluk uzunlugu "
    "длина длины μηκος लंबाई طول אורך langd delka panjang "
    # expiry, validity
    "ablauf ablaufdatum vencimiento caducidad scadenza validade validite wygasniecia wygasa "
    "waznosc srok "
    "срок истечения λήξη ληξη समाप्ति انتهاء תפוגה utgang platnost kedaluwarsa kadaluarsa "
    "gecerlilik hieu luc "
    # file, path
    "datei archivo fichier arquivo bestand plik dosya dosyasi файл αρχειο फ़ाइल ملف קובץ fil "
    "soubor tep berkas pfad ruta chemin caminho percorso pad sciezka yol путь διαδρομη पथ "
    "مسار נתיב sokvag cesta jalur "
    # name, id
    "nombre nom nome naam nazwa adi имя название ονομα नाम اسم שם namn nazev ten nama "
    "идентификатор "
    # hash, salt
    "хеш хэш muoi salz sal sel sale zout sol tuz соль αλατι नमक ملح מלח sul garam "
    # public, reference
    "offentlich publico publica pubblica publiczny acik открытый публичный δημοσιο "
    "सार्वजनिक عام ציבורי offentlig verejny publik referencia referenz riferimento "
    "verwijzing referans ссылка αναφορα".split()
)
# Chinese, Japanese and Korean write a name's words without spaces: these are found inside, and
# count only as the name's last word, its head in those languages as in English (`webhook密钥`,
# `데이터베이스 비밀번호`); before another word they qualify it (`密码提示`, `パスワード変更`).
_CJK_STRONG = re.compile(
    r"(?:密码|密碼|口令|パスワード|暗証番号|비밀번호|密钥|密鑰|秘密|机密|機密|シークレット|시크릿|"
    r"トークン|토큰|令牌|秘密鍵|私钥|私鑰)$"
)
_CJK_KEY = re.compile(r"(?:键|鍵|キー)$")
_CJK_PROPERTY = re.compile(
    r"长度|長度|長さ|길이|过期|過期|期限|有效期|만료|时间|時間|시간|文件|ファイル|파일|路径|路徑|"
    r"パス(?!ワード)|경로|名称|名稱|名前|이름|哈希|ハッシュ|해시|盐|鹽|ソルト|솔트|公钥|公鑰|公開|공개|"
    r"类型|類型|タイプ|유형|参照|참조|指纹|指紋|フィンガープリント|지문|名$|ID$"
)
# A word: letters and the marks Indic, Hebrew and Arabic scripts write inside one.
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|[\u0591-\u05c7\u064b-\u065f\u0900-\u0dff])*")
_CAMEL = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_FOLD = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "ı": "i", "æ": "ae"})


def _fold(word: str) -> str:
    """Lowercase, without the accents of Latin, Greek and Cyrillic letters (`schlüssel` is
    `schlussel`, `κλειδί` `κλειδι`); Indic and Semitic marks stay, as they spell the word."""
    decomposed = unicodedata.normalize("NFKD", word.translate(_FOLD).lower())
    return unicodedata.normalize("NFC", re.sub(r"[\u0300-\u036f]", "", decomposed))


def _words(name: str) -> list[str]:
    out: list[str] = []
    for word in _WORD.findall(name):
        pieces = _CAMEL.findall(word) if word.isascii() and identifier_like(word) else [word]
        out.extend(_fold(p) for p in pieces)
    return out


# A glued `…token` that is a position in a list, not a credential (`nexttoken`, `pagetoken`).
_CURSOR_HEADS = ("next", "page", "continuation", "pagination", "cursor", "resume", "sync")


@lru_cache(maxsize=4096)
def foreign_strength(name: str, english_blocks: frozenset[str]) -> int | None:
    """0, 1 or 2 as `name_strength` says, for a name with a credential noun of another language
    than English in it; None when it has none (the English rules decide). `english_blocks`: the
    English words that make a name none (`length`, `hash`, `public`, `dialog`, …), which count
    here wherever they stand too."""
    words = _words(name)
    joined = " ".join(words)
    cjk_strong = _CJK_STRONG.search(name) is not None
    strong = (
        cjk_strong
        or any(w in _PASSWORD or w in _SECRET or w in _TOKEN for w in words)
        or _PASSWORD_PHRASES.search(joined) is not None
        or _SECRET_PHRASES.search(joined) is not None
        or any(
            len(w) > len(g) + 2 and w.endswith(g) and not w.startswith(_CURSOR_HEADS)
            for w in words
            for g in _GLUED
        )
    )
    key = not strong and (any(w in _KEY for w in words) or _CJK_KEY.search(name) is not None)
    if not strong and not key:
        return None
    if any(w in _PROPERTY or w in english_blocks for w in words) or _CJK_PROPERTY.search(name):
        return 0
    if strong:
        return 2
    kinds = _KEY_KINDS.union(_SECRET)
    return 2 if any(w in kinds for w in words) else 1
