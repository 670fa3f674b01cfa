#!/usr/bin/env python3
"""recall12: blind recall probe for what people actually paste or say in chat.

Standard library only. random.Random(1212) is the only randomness, drawn in a fixed order.
`python3 gen.py` writes recall12_positives.jsonl and recall12_negatives.jsonl next to itself.
"""
import base64
import ipaddress
import json
import os
import random
import re
import string
import zlib

SEED = 1212
NAME = "recall12"
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

DIG = string.digits
UP = string.ascii_uppercase
LO = string.ascii_lowercase
B62 = DIG + UP + LO


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def pick(seq):
    return R.choice(seq)


# ----------------------------------------------------------------------------------------------
# Checksums
# ----------------------------------------------------------------------------------------------

def luhn_ok(num):
    s = 0
    for i, ch in enumerate(reversed(num)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        s += d
    return s % 10 == 0


def luhn_complete(partial):
    for d in DIG:
        if luhn_ok(partial + d):
            return partial + d
    raise AssertionError


def iban_mod97_ok(iban):
    s = iban.replace(" ", "")
    s = s[4:] + s[:4]
    n = "".join(str(int(c, 36)) for c in s)
    return int(n) % 97 == 1


def ssn_ok(s):
    d = re.sub(r"\D", "", s)
    if len(d) != 9:
        return False
    a, g, n = int(d[:3]), int(d[3:5]), int(d[5:])
    return a not in (0, 666) and a < 900 and g != 0 and n != 0


def ip_public(s):
    ip = ipaddress.ip_address(s)
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def b64u_dec(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def base62(n):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out or "0"


# ----------------------------------------------------------------------------------------------
# Password values
# ----------------------------------------------------------------------------------------------

WORDS = ["Sommer", "Kaffee", "Sonne", "Tiger", "Falcon", "Orange", "Maple", "Ocean", "River", "Pixel",
         "Bonjour", "Soleil", "Playa", "Luna", "Sakura", "Matahari", "Banana", "Hafen", "Mango",
         "Winter", "Panda", "Rocket", "Cactus", "Velvet", "Harbor", "Bamboo", "Koala", "Zebra",
         "Lisboa", "Praha", "Vistula", "Fjord", "Tundra", "Saffron", "Nimbus", "Quartz", "Biscuit"]
PHRASE_WORDS = ["amber", "lamp", "orbit", "walnut", "copper", "velvet", "puzzle", "harbor", "tiger",
                "candle", "stone", "river", "maple", "pixel", "cobalt", "meadow", "rocket", "violet",
                "garlic", "saddle", "lantern", "pepper", "glacier", "trumpet", "biscuit", "marble",
                "falcon", "nectar", "oyster", "tunnel", "wizard", "quiver", "ember", "fossil"]
NATIVE_WORDS = {
    "de": ["Äpfel", "Straße", "Brötchen", "Grün"], "pl": ["Żubr", "Łódź", "Gęś", "Źródło"],
    "ru": ["Котик", "Лето", "Москва", "Берёза"], "uk": ["Київ", "Сонце", "Вишня"],
    "el": ["Θάλασσα", "Ήλιος", "Ελιά"], "tr": ["Çiçek", "Güneş", "Şeker"],
    "cs": ["Řeka", "Čaj", "Růže"], "es": ["Niño", "Peña", "Montaña"], "fr": ["Été", "Château", "Crème"],
    "sv": ["Älg", "Sjö", "Björk"], "hu": ["Őszi", "Tűz", "Körte"], "vi": ["Hoa", "Biển"],
}
SYMS = "!#$%&*?@+-_."


def pw_word(lang=None):
    if lang in NATIVE_WORDS and R.random() < 0.35:
        w = pick(NATIVE_WORDS[lang])
    else:
        w = pick(WORDS)
    form = R.randrange(5)
    if form == 0:
        return w + str(R.randint(2019, 2026)) + pick("!#$?.")
    if form == 1:
        return w + pick(SYMS) + str(R.randint(10, 9999))
    if form == 2:
        return w + pick(WORDS).lower() + str(R.randint(1, 99))
    if form == 3:
        return pick(WORDS) + pick("-_.") + w + pick("-_.") + str(R.randint(10, 999))
    return w[0].lower() + w[1:].upper() + str(R.randint(100, 999)) + pick("!$%")


def pw_random(n=None):
    n = n or R.randint(10, 18)
    while True:
        s = rs(UP + LO + DIG + "!#$%&*?@+-_", n)
        if (any(c in UP for c in s) and any(c in LO for c in s) and any(c in DIG for c in s)
                and s[0] not in "-_" and s[-1] not in "-_"):
            return s


def pw_sticker():
    form = R.randrange(4)
    if form == 0:
        return rs("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", R.choice([8, 10, 12]))
    if form == 1:
        return "-".join(rs("abcdefghjkmnpqrstuvwxyz23456789", 4) for _ in range(R.choice([3, 4])))
    if form == 2:
        while True:
            s = rs(DIG, R.choice([8, 10, 12, 16]))
            if len(s) < 13 or not luhn_ok(s):  # a 16-digit Luhn-valid run would read as a card
                return s
    return rs(LO + DIG, R.choice([10, 12, 13]))


def pw_pin():
    n = R.choice([4, 4, 4, 5, 6, 6, 8])
    while True:
        s = rs(DIG, n)
        if len(set(s)) >= 3 and s not in "0123456789" and s not in "9876543210":
            return s


def pw_reset():
    form = R.randrange(5)
    if form == 0:
        return "Tmp" + pick("!-#_") + rs(UP + LO + DIG, 8)
    if form == 1:
        return pick(["Welcome", "Start", "Temp", "Reset", "Change", "Init"]) + pick("-!#@") + rs(DIG, 4) + pick(["", "!", "?"])
    if form == 2:
        return "-".join(rs(UP + DIG, 3) for _ in range(3))
    if form == 3:
        return rs(UP + LO + DIG, 12)
    return pick(WORDS) + rs(DIG, 3) + "!" + rs(LO, 2)


def pw_phrase():
    n = R.choice([3, 4, 4, 5])
    ws = R.sample(PHRASE_WORDS, n)
    sep = pick(["-", " ", ".", "_", "-"])
    if R.random() < 0.3:
        ws = [w.capitalize() for w in ws]
    s = sep.join(ws)
    if R.random() < 0.4:
        s += sep + str(R.randint(1, 99))
    return s


def pw_for(kind, lang=None):
    if kind == "pin":
        return pw_pin()
    if kind == "reset":
        return pw_reset()
    if kind == "phrase":
        return pw_phrase()
    if kind in ("router", "camera"):
        if kind == "router":
            return pick([pw_sticker, pw_random, pw_word])()
        return pick([pw_random, pw_word])()
    if kind == "wifi":
        return pick([lambda: pw_word(lang), pw_sticker, pw_phrase, lambda: pw_word(lang), pw_random])()
    return pick([lambda: pw_word(lang), pw_random, pw_random, lambda: pw_word(lang)])()


USERS = ["admin", "j.novak", "ops-shared", "marketing", "svc_backup", "kasse1", "teamlead", "deploy",
         "reception", "m.tanaka", "anna.k", "lager02", "buchhaltung", "support", "finance-ro", "qa_user",
         "ivan.p", "design", "studio", "frontdesk", "wei.zhang", "r.silva", "nurse-station3", "hr-shared"]

# (lang, kind, template)  -- {pw} is the password; {user} a login name (not labelled)
LANG_PW = [
    ("en", "wifi", "guest wifi is Office-Guest, pw is {pw}"),
    ("en", "shared", "here's the shared figma account: user {user} pw {pw} — please don't change it"),
    ("en", "reset", "I reset your password, the temporary one is {pw} — it'll make you change it on first login"),
    ("en", "pin", "door code for the back entrance is {pw}, then push the door hard"),
    ("en", "router", "Synology admin is {user} / {pw}"),
    ("en", "phrase", "new passphrase for the backup drive: {pw}"),
    ("de", "wifi", "Das WLAN-Passwort ist {pw} (Netz heißt FRITZ!Box Büro)"),
    ("de", "login", "Zugangsdaten fürs Testsystem: Benutzer {user}, Passwort {pw}"),
    ("de", "pin", "Der Türcode für den Keller lautet {pw}"),
    ("de", "reset", "Hab dein Passwort zurückgesetzt, Einmalpasswort ist {pw}"),
    ("fr", "wifi", "le mot de passe du wifi c'est {pw}"),
    ("fr", "login", "identifiant : {user} / mdp : {pw}"),
    ("fr", "pin", "le digicode de la porte c'est {pw}"),
    ("fr", "router", "pour la box, l'admin c'est {user} et le mot de passe {pw}"),
    ("es", "wifi", "la clave del wifi es {pw}"),
    ("es", "login", "usuario: {user} contraseña: {pw}"),
    ("es", "reset", "te reseteé la contraseña, la temporal es {pw}"),
    ("es", "pin", "el PIN de la tarjeta de empresa es {pw}, no se lo pases a nadie"),
    ("pt", "wifi", "a senha do wi-fi é {pw}"),
    ("pt", "login", "login: {user} senha: {pw}"),
    ("pt", "router", "a senha do roteador é {pw}, usuário admin"),
    ("pt", "pin", "a senha do cartão corporativo é {pw}"),
    ("it", "wifi", "la password del wifi è {pw}"),
    ("it", "login", "utente {user}, password {pw}"),
    ("it", "pin", "il codice del portone è {pw}"),
    ("nl", "wifi", "het wifi-wachtwoord is {pw}"),
    ("nl", "login", "gebruikersnaam: {user}, wachtwoord: {pw}"),
    ("nl", "pin", "de pincode van de voordeur is {pw}"),
    ("pl", "wifi", "hasło do wifi: {pw}"),
    ("pl", "login", "login {user}, hasło {pw}"),
    ("pl", "reset", "zresetowałem ci hasło, tymczasowe to {pw}"),
    ("cs", "wifi", "heslo na wifi je {pw}"),
    ("cs", "login", "přihlašovací jméno {user}, heslo {pw}"),
    ("cs", "pin", "kód ke dveřím je {pw}"),
    ("sk", "wifi", "heslo k wifine: {pw}"),
    ("sk", "login", "meno: {user}, heslo: {pw}"),
    ("hu", "wifi", "a wifi jelszó: {pw}"),
    ("hu", "login", "felhasználónév: {user}, jelszó: {pw}"),
    ("hu", "pin", "az ajtókód {pw}"),
    ("ro", "wifi", "parola de la wifi e {pw}"),
    ("ro", "login", "utilizator: {user} / parolă: {pw}"),
    ("sv", "wifi", "wifi-lösenordet är {pw}"),
    ("sv", "login", "användarnamn {user}, lösenord {pw}"),
    ("sv", "pin", "portkoden är {pw}"),
    ("no", "wifi", "passordet til wifi er {pw}"),
    ("no", "login", "brukernavn: {user} passord: {pw}"),
    ("da", "wifi", "koden til wifi er {pw}"),
    ("da", "login", "brugernavn {user} og adgangskode {pw}"),
    ("fi", "wifi", "wifin salasana on {pw}"),
    ("fi", "login", "tunnus {user}, salasana {pw}"),
    ("fi", "pin", "oven koodi on {pw}"),
    ("et", "wifi", "wifi parool on {pw}"),
    ("et", "login", "kasutaja {user}, parool {pw}"),
    ("lv", "wifi", "wifi parole ir {pw}"),
    ("lv", "login", "lietotājs: {user}, parole: {pw}"),
    ("lt", "wifi", "wifi slaptažodis: {pw}"),
    ("lt", "login", "vartotojas {user}, slaptažodis {pw}"),
    ("el", "wifi", "ο κωδικός του wifi είναι {pw}"),
    ("el", "login", "όνομα χρήστη: {user}, κωδικός: {pw}"),
    ("el", "pin", "ο κωδικός της εξώπορτας είναι {pw}"),
    ("tr", "wifi", "wifi şifresi {pw}"),
    ("tr", "login", "kullanıcı adı: {user} şifre: {pw}"),
    ("tr", "reset", "şifreni sıfırladım, geçici şifre: {pw}"),
    ("ru", "wifi", "пароль от вайфая: {pw}"),
    ("ru", "login", "логин {user}, пароль {pw}"),
    ("ru", "reset", "сбросил тебе пароль, временный — {pw}"),
    ("ru", "pin", "код от домофона {pw}"),
    ("uk", "wifi", "пароль від wifi: {pw}"),
    ("uk", "login", "логін: {user}, пароль: {pw}"),
    ("bg", "wifi", "паролата за wifi е {pw}"),
    ("bg", "login", "потребител {user}, парола {pw}"),
    ("sr", "wifi", "лозинка за вајфај је {pw}"),
    ("sr", "login", "корисничко име: {user}, лозинка: {pw}"),
    ("hr", "wifi", "lozinka za wifi je {pw}"),
    ("hr", "login", "korisnik {user}, lozinka {pw}"),
    ("sl", "wifi", "geslo za wifi je {pw}"),
    ("sl", "login", "uporabnik: {user}, geslo: {pw}"),
    ("he", "wifi", "הסיסמה לוויפי היא {pw}"),
    ("he", "login", "שם משתמש: {user} סיסמה: {pw}"),
    ("he", "pin", "הקוד לדלת הוא {pw}"),
    ("ar", "wifi", "كلمة سر الواي فاي: {pw}"),
    ("ar", "login", "اسم المستخدم: {user} كلمة المرور: {pw}"),
    ("ar", "reset", "تمت إعادة تعيين كلمة المرور، المؤقتة هي {pw}"),
    ("fa", "wifi", "رمز وای‌فای: {pw}"),
    ("fa", "login", "نام کاربری {user} رمز عبور {pw}"),
    ("ur", "wifi", "وائی فائی کا پاس ورڈ {pw} ہے"),
    ("ur", "login", "یوزر نیم: {user} پاس ورڈ: {pw}"),
    ("hi", "wifi", "वाईफाई का पासवर्ड {pw} है"),
    ("hi", "login", "यूज़रनेम: {user} पासवर्ड: {pw}"),
    ("hi", "pin", "दरवाज़े का कोड {pw} है"),
    ("bn", "wifi", "ওয়াইফাই পাসওয়ার্ড: {pw}"),
    ("bn", "login", "ইউজারনেম {user}, পাসওয়ার্ড {pw}"),
    ("ta", "wifi", "வைஃபை கடவுச்சொல்: {pw}"),
    ("ta", "login", "பயனர் பெயர்: {user} கடவுச்சொல்: {pw}"),
    ("th", "wifi", "รหัสไวไฟคือ {pw}"),
    ("th", "login", "ชื่อผู้ใช้ {user} รหัสผ่าน {pw}"),
    ("vi", "wifi", "mật khẩu wifi là {pw}"),
    ("vi", "login", "tài khoản: {user} / mật khẩu: {pw}"),
    ("vi", "reset", "mình reset mật khẩu rồi, mật khẩu tạm là {pw}"),
    ("id", "wifi", "password wifi-nya {pw}"),
    ("id", "login", "username: {user} kata sandi: {pw}"),
    ("ms", "wifi", "kata laluan wifi ialah {pw}"),
    ("ms", "login", "nama pengguna {user}, kata laluan {pw}"),
    ("tl", "wifi", "yung password ng wifi ay {pw}"),
    ("tl", "login", "username: {user} password: {pw} — wag mong ipamigay ha"),
    ("ja", "wifi", "Wi-Fiのパスワードは {pw} です"),
    ("ja", "login", "ID: {user} / パスワード: {pw}"),
    ("ja", "reset", "パスワードをリセットしました。仮パスワードは {pw} です。初回ログイン時に変更してください。"),
    ("ja", "pin", "裏口の暗証番号は{pw}です"),
    ("ko", "wifi", "와이파이 비번 {pw}"),
    ("ko", "login", "아이디: {user} 비밀번호: {pw}"),
    ("ko", "pin", "현관 비밀번호는 {pw}입니다"),
    ("zh", "wifi", "WiFi密码是{pw}"),
    ("zh", "login", "账号：{user} 密码：{pw}"),
    ("zh", "reset", "已重置你的密码，临时密码：{pw}"),
    ("zh-Hant", "wifi", "Wi-Fi密碼：{pw}"),
    ("zh-Hant", "login", "帳號 {user} 密碼 {pw}"),
    ("sw", "wifi", "nenosiri la wifi ni {pw}"),
    ("sw", "login", "jina la mtumiaji: {user}, nenosiri: {pw}"),
    ("ca", "wifi", "la contrasenya del wifi és {pw}"),
    ("ca", "login", "usuari: {user} contrasenya: {pw}"),
    ("ka", "wifi", "wifi-ს პაროლი: {pw}"),
    ("ka", "login", "მომხმარებელი: {user} პაროლი: {pw}"),
    ("hy", "wifi", "wifi-ի գաղտնաբառը՝ {pw}"),
    ("hy", "login", "օգտանուն՝ {user}, գաղտնաբառ՝ {pw}"),
    ("af", "wifi", "die wifi wagwoord is {pw}"),
    ("is", "wifi", "lykilorðið á wifi-inu er {pw}"),
    ("ga", "wifi", "is é pasfhocal an wifi ná {pw}"),
]

# config / tool shaped (lang "xx" = no natural language, or English shop talk)
CONF_PW = [
    ("xx", "generic", "```\n# .env\nDB_HOST=db-prod.internal\nDB_USER=app\nDB_PASSWORD={pw}\n```"),
    ("xx", "generic", "```yaml\nsmtp:\n  host: smtp.office365.com\n  user: notifications\n  password: \"{pw}\"\n```"),
    ("xx", "wifi", "```\nnetwork={{\n    ssid=\"HomeNet\"\n    psk=\"{pw}\"\n}}\n```"),
    ("xx", "wifi", "scan this or type it: WIFI:T:WPA;S:Office-5G;P:{pw};;"),
    ("xx", "generic", "`curl -u deploy:{pw} https://nexus.corp.internal/repository/releases/`"),
    ("xx", "generic", "`mysql -u root -p{pw} -h 10.0.4.12 shop`"),
    ("xx", "generic", "sshpass -p '{pw}' ssh pi@raspberrypi.local"),
    ("xx", "generic", "add this to ~/.netrc:\n```\nmachine git.corp.internal login ci-bot password {pw}\n```"),
    ("xx", "generic", "`docker run -d -e POSTGRES_PASSWORD={pw} -p 5432:5432 postgres:16`"),
    ("xx", "camera", "camera web ui is http://192.168.1.64 — admin / {pw}"),
    ("xx", "router", "Router login\nURL: http://192.168.0.1\nUser: admin\nPassword: {pw}"),
    ("xx", "generic", "```json\n{{\"username\": \"svc-report\", \"password\": \"{pw}\"}}\n```"),
    ("xx", "generic", "spring.datasource.password={pw}"),
    ("xx", "generic", "```powershell\n$sec = ConvertTo-SecureString \"{pw}\" -AsPlainText -Force\n```"),
    ("xx", "generic", "RDP to the jump box: CORP\\administrator / {pw}"),
    ("en", "generic", "VPN: user {user}, pass {pw}, then the OTP from the authenticator app"),
    ("en", "generic", "the zip is encrypted, password is {pw}"),
    ("en", "pin", "SIM PIN is {pw}"),
    ("en", "pin", "alarm code {pw}, you have 30s after opening the door"),
    ("en", "generic", "> what's the jenkins admin pw again?\nit's {pw}"),
    ("en", "wifi", "> wifi pw?\n{pw}"),
    ("en", "generic", "ssh admin@10.20.0.5 — password is {pw} (case sensitive)"),
    ("en", "shared", "Shared LinkedIn Sales Nav account\nlogin: {user}\npass: {pw}\nplease log out when done"),
    ("en", "router", "the NAS is at https://nas.local:5001, user admin pw {pw}"),
    ("en", "reset", "IT here — your account was unlocked. One-time password: {pw}"),
    ("en", "pin", "BitLocker PIN for the loaner laptop: {pw}"),
    ("en", "phrase", "1Password emergency kit secret phrase is \"{pw}\", store it offline"),
    ("xx", "generic", "```ini\n[database]\nhost = 127.0.0.1\nuser = reporting\npass = {pw}\n```"),
    ("xx", "generic", "```yaml\nstringData:\n  username: grafana\n  password: {pw}\n```"),
    ("xx", "generic", "psql \"host=pg.internal dbname=crm user=crm_ro password={pw}\""),
    ("en", "generic", "creds for staging grafana — {user} / {pw}"),
    ("en", "camera", "the Hikvision NVR in the warehouse: admin {pw}"),
    ("en", "pin", "the safe combination is {pw}"),
    ("de", "shared", "Für den gemeinsamen Canva-Account:\nBenutzer: {user}\nKennwort: {pw}"),
    ("fr", "router", "accès NAS (QNAP) : admin / {pw}"),
]


def make_password_texts():
    out = []
    # first one of every language, then fill from the remaining templates; 115 natural-language + 35 config
    langs = []
    for lang, _, _ in LANG_PW:
        if lang not in langs:
            langs.append(lang)
    chosen = []
    for lang in langs:
        cands = [t for t in LANG_PW if t[0] == lang]
        chosen.append(pick(cands))
    rest = [t for t in LANG_PW if t not in chosen]
    R.shuffle(rest)
    chosen += rest[: 115 - len(chosen)]
    chosen += CONF_PW
    assert len(chosen) == 150, len(chosen)
    for lang, kind, tpl in chosen:
        pw = pw_for(kind, lang)
        if "WIFI:" in tpl:
            while ";" in pw or ":" in pw or "," in pw or "\\" in pw:
                pw = pw_for(kind, lang)
        if "\"" in tpl or "'" in tpl:
            pw = pw.replace("\"", "").replace("'", "")
        if kind == "pin" and "safe combination" in tpl:
            pw = "-".join(str(R.randint(10, 59)) for _ in range(3))
        secrets = [{"kind": "password", "value": pw}]
        text = tpl.format(pw=pw, user=pick(USERS))
        # "SIM PIN" gets a PUK too
        if "SIM PIN" in tpl:
            puk = rs(DIG, 8)
            text += f", PUK {puk}"
            secrets.append({"kind": "password", "value": puk})
        out.append((text, secrets, f"password:{kind}:{lang}"))
    return out


# ----------------------------------------------------------------------------------------------
# Phones: (country, cc, trunk, lang, [NSN shapes]); X = random digit, N = 2..9; spaces mark groups
# ----------------------------------------------------------------------------------------------

PHONES = [
    ("US", "1", "", "en", ["212 NXX XXXX", "415 NXX XXXX", "617 NXX XXXX", "312 NXX XXXX"]),
    ("CA", "1", "", "en", ["416 NXX XXXX", "604 NXX XXXX", "514 NXX XXXX"]),
    ("GB", "44", "0", "en", ["7911 XXXXXX", "7824 XXXXXX", "20 8XXX XXXX", "161 4XX XXXX"]),
    ("IE", "353", "0", "en", ["87 XXX XXXX", "86 XXX XXXX", "1 XXX XXXX"]),
    ("DE", "49", "0", "de", ["151 XXXXXXXX", "176 XXXXXXXX", "30 XXXXXXXX", "89 XXXXXXX"]),
    ("AT", "43", "0", "de", ["664 XXXXXXX", "1 XXX XXXX"]),
    ("CH", "41", "0", "de", ["79 XXX XX XX", "44 XXX XX XX"]),
    ("FR", "33", "0", "fr", ["6 XX XX XX XX", "7 XX XX XX XX", "1 XX XX XX XX"]),
    ("BE", "32", "0", "fr", ["470 XX XX XX", "2 XXX XX XX"]),
    ("LU", "352", "", "fr", ["621 XXX XXX"]),
    ("ES", "34", "", "es", ["6XX XXX XXX", "91X XXX XXX"]),
    ("PT", "351", "", "pt", ["91X XXX XXX", "21X XXX XXX"]),
    ("IT", "39", "", "it", ["33X XXX XXXX", "06 XXXX XXXX"]),
    ("NL", "31", "0", "nl", ["6 1XXXXXXX", "6 4XXXXXXX", "6 5XXXXXXX", "20 XXX XXXX"]),
    ("PL", "48", "", "pl", ["5XX XXX XXX", "22 XXX XX XX"]),
    ("CZ", "420", "", "cs", ["60X XXX XXX"]),
    ("SK", "421", "0", "sk", ["905 XXX XXX"]),
    ("HU", "36", "06", "hu", ["30 XXX XXXX", "1 XXX XXXX"]),
    ("RO", "40", "0", "ro", ["721 XXX XXX"]),
    ("BG", "359", "0", "bg", ["888 XXX XXX"]),
    ("GR", "30", "", "el", ["69X XXX XXXX", "210 XXX XXXX"]),
    ("SE", "46", "0", "sv", ["70-XXX XX XX", "8-XXX XXX XX"]),
    ("NO", "47", "", "no", ["4XX XX XXX", "9XX XX XXX"]),
    ("DK", "45", "", "da", ["2X XX XX XX"]),
    ("FI", "358", "0", "fi", ["40 XXX XXXX", "50 XXX XXXX"]),
    ("EE", "372", "", "et", ["5XXX XXXX"]),
    ("LV", "371", "", "lv", ["2XXX XXXX"]),
    ("LT", "370", "8", "lt", ["6XX XXXXX"]),
    ("IS", "354", "", "is", ["6XX XXXX"]),
    ("HR", "385", "0", "hr", ["91 XXX XXXX"]),
    ("SI", "386", "0", "sl", ["31 XXX XXX"]),
    ("RS", "381", "0", "sr", ["64 XXX XXXX"]),
    ("UA", "380", "0", "uk", ["50 XXX XX XX", "67 XXX XX XX"]),
    ("RU", "7", "8", "ru", ["916 XXX-XX-XX", "495 XXX-XX-XX"]),
    ("TR", "90", "0", "tr", ["532 XXX XX XX", "212 XXX XX XX"]),
    ("IL", "972", "0", "he", ["52-XXX-XXXX", "54-XXX-XXXX"]),
    ("AE", "971", "0", "ar", ["50 XXX XXXX"]),
    ("SA", "966", "0", "ar", ["55 XXX XXXX"]),
    ("EG", "20", "0", "ar", ["10 XXXX XXXX"]),
    ("MA", "212", "0", "fr", ["6 XX XX XX XX"]),
    ("NG", "234", "0", "en", ["803 XXX XXXX"]),
    ("KE", "254", "0", "sw", ["712 XXXXXX"]),
    ("ZA", "27", "0", "en", ["82 XXX XXXX"]),
    ("GH", "233", "0", "en", ["24 XXX XXXX"]),
    ("IN", "91", "0", "hi", ["98XXX XXXXX", "9XXXX XXXXX"]),
    ("PK", "92", "0", "ur", ["300 XXXXXXX"]),
    ("BD", "880", "0", "bn", ["1712-XXXXXX"]),
    ("LK", "94", "0", "ta", ["71 XXX XXXX"]),
    ("NP", "977", "", "en", ["98XXXXXXXX"]),
    ("IR", "98", "0", "fa", ["912 XXX XXXX"]),
    ("CN", "86", "", "zh", ["13X XXXX XXXX", "18X XXXX XXXX"]),
    ("HK", "852", "", "zh-Hant", ["9XXX XXXX"]),
    ("TW", "886", "0", "zh-Hant", ["912-XXX-XXX"]),
    ("JP", "81", "0", "ja", ["90-XXXX-XXXX", "80-XXXX-XXXX", "3-XXXX-XXXX"]),
    ("KR", "82", "0", "ko", ["10-XXXX-XXXX", "2-XXX-XXXX"]),
    ("SG", "65", "", "en", ["9XXX XXXX", "8XXX XXXX"]),
    ("MY", "60", "0", "ms", ["12-XXX XXXX"]),
    ("TH", "66", "0", "th", ["81 XXX XXXX"]),
    ("VN", "84", "0", "vi", ["91 XXX XX XX"]),
    ("PH", "63", "0", "tl", ["917 XXX XXXX"]),
    ("ID", "62", "0", "id", ["812-XXXX-XXXX"]),
    ("AU", "61", "0", "en", ["412 XXX XXX", "2 9XXX XXXX"]),
    ("NZ", "64", "0", "en", ["21 XXX XXXX"]),
    ("BR", "55", "0", "pt", ["11 9XXXX-XXXX", "21 9XXXX-XXXX"]),
    ("AR", "54", "0", "es", ["11 4XXX-XXXX"]),
    ("MX", "52", "", "es", ["55 XXXX XXXX"]),
    ("CL", "56", "", "es", ["9 XXXX XXXX"]),
    ("CO", "57", "", "es", ["310 XXX XXXX"]),
    ("PE", "51", "", "es", ["9XX XXX XXX"]),
]

PHONE_LEAD = {
    "en": ["call me on {p}", "my cell is {p}", "you can reach her at {p}", "text me at {p} when you land",
           "Best,\nSam\nM: {p}", "whatsapp: {p}", "new number, save it: {p}", "landlord's number is {p}"],
    "de": ["ruf mich an unter {p}", "Handy: {p}", "Mobil {p} – bin ab 9 erreichbar", "Viele Grüße\nJana\nTel. {p}"],
    "fr": ["mon portable : {p}", "tu peux m'appeler au {p}", "son numéro c'est le {p}"],
    "es": ["mi cel es {p}", "llámame al {p}", "el número del técnico: {p}"],
    "pt": ["meu zap é {p}", "me liga no {p}", "celular: {p}"],
    "it": ["il mio numero è {p}", "chiamami al {p}"],
    "nl": ["bel me op {p}", "mijn nummer is {p}"],
    "pl": ["mój numer: {p}", "dzwoń na {p}"],
    "cs": ["moje číslo je {p}", "volej na {p}"],
    "sk": ["moje číslo: {p}"],
    "hu": ["a számom: {p}", "hívj a {p} számon"],
    "ro": ["numărul meu e {p}"],
    "bg": ["телефонът ми е {p}"],
    "el": ["το κινητό μου είναι {p}"],
    "sv": ["ring mig på {p}", "mitt nummer: {p}"],
    "no": ["nummeret mitt er {p}"],
    "da": ["mit nummer er {p}"],
    "fi": ["numeroni on {p}"],
    "et": ["minu number on {p}"],
    "lv": ["mans numurs: {p}"],
    "lt": ["mano numeris {p}"],
    "is": ["síminn minn er {p}"],
    "hr": ["moj broj je {p}"],
    "sl": ["moja številka je {p}"],
    "sr": ["мој број је {p}"],
    "uk": ["мій номер {p}", "дзвони на {p}"],
    "ru": ["мой номер {p}", "звони на {p}", "тел.: {p}"],
    "tr": ["numaram {p}", "beni {p} numarasından ara"],
    "he": ["המספר שלי {p}"],
    "ar": ["رقمي {p}", "تواصل معي على {p}"],
    "sw": ["namba yangu ni {p}"],
    "hi": ["मेरा नंबर {p} है"],
    "ur": ["میرا نمبر {p} ہے"],
    "bn": ["আমার নম্বর {p}"],
    "ta": ["என் எண் {p}"],
    "fa": ["شماره من {p}"],
    "zh": ["我的电话：{p}", "有事打我手机 {p}"],
    "zh-Hant": ["我的手機 {p}"],
    "ja": ["携帯: {p}", "緊急連絡先は {p} です"],
    "ko": ["연락처 {p}", "제 번호는 {p}입니다"],
    "ms": ["nombor saya {p}"],
    "th": ["เบอร์ผม {p}"],
    "vi": ["số của mình là {p}"],
    "tl": ["text mo ako sa {p}"],
    "id": ["nomor WA saya {p}"],
}
EXTS = {"en": [" ext. {e}", " x{e}", " (ext {e})"], "fr": [", poste {e}"], "de": [" Durchwahl -{e}"],
        "ja": [" 内線{e}"], "es": [" ext. {e}"], "pt": [" ramal {e}"]}


def fill_shape(shape):
    return "".join(str(R.randint(2, 9)) if c == "N" else str(R.randint(0, 9)) if c == "X" else c for c in shape)


def render_phone(country, cc, trunk, nsn):
    groups = re.split(r"[ ]", nsn)
    if cc == "1":  # NANP
        a, b, c = groups
        return pick([f"({a}) {b}-{c}", f"{a}-{b}-{c}", f"{a}.{b}.{c}", f"+1 {a} {b} {c}", f"+1 ({a}) {b}-{c}",
                     f"1-{a}-{b}-{c}", f"+1-{a}-{b}-{c}", f"{a}{b}{c}"])
    flat = nsn.replace(" ", "").replace("-", "")
    style = R.randrange(9)
    first, rest = groups[0], " ".join(groups[1:])
    if style == 0:
        return f"+{cc} {nsn}"
    if style == 1:
        return f"+{cc}{flat}"
    if style == 2:
        return f"00{cc} {nsn}"
    if style == 3 and trunk == "0" and country in ("GB", "DE", "AT", "CH", "NL", "AU", "BE"):
        return f"+{cc} (0){nsn}"
    if style == 4 and trunk and len(first) >= 2:
        if trunk == "8":
            return f"8 ({first}) {rest}"
        return f"({trunk}{first}) {rest}" if rest else f"{trunk}{nsn}"
    if style == 5:
        sep = pick([".", "-"])
        return f"+{cc}{sep}" + sep.join(re.split(r"[ -]", nsn))
    if style == 6 and trunk:
        sep = pick(["/", "-", " "]) if country in ("DE", "AT") else " "
        if trunk == "8":
            return f"8 {nsn}"
        return f"{trunk}{first}{sep}{rest}" if rest else f"{trunk}{first}"
    if style == 7:
        return f"+{cc}-{nsn.replace(' ', '-')}"
    return f"{trunk} {nsn}" if trunk == "8" else f"{trunk}{nsn}"


def make_phone_texts():
    out = []
    order = list(PHONES)
    extra = [pick(PHONES) for _ in range(75 - len(PHONES))]
    for country, cc, trunk, lang, shapes in order + extra:
        nsn = fill_shape(pick(shapes))
        if country == "RU" and R.random() < 0.5:
            g = nsn.split(" ")
            p = pick([f"8 ({g[0]}) {g[1]}", f"+7 ({g[0]}) {g[1]}", f"8-{g[0]}-{g[1]}"])
        else:
            p = render_phone(country, cc, trunk, nsn)
        tpl = pick(PHONE_LEAD.get(lang, PHONE_LEAD["en"]) + (PHONE_LEAD["en"][:3] if R.random() < 0.2 else []))
        text = tpl.format(p=p)
        if R.random() < 0.1:
            text += pick(EXTS.get(lang, EXTS["en"])).format(e=R.randint(10, 4999))
        out.append((text, [{"kind": "phone_number", "value": p}], f"phone_number:{country}"))
    return out


# ----------------------------------------------------------------------------------------------
# Other kinds
# ----------------------------------------------------------------------------------------------

EMAILS = [
    "jürgen.weiß@müller-bau.de", "олег.смирнов@почта.рф", "ivan.petrov@yandex.ru", "zhang.wei@163.com",
    "田中太郎@会社.jp", "sara+slack@proton.me", "ana.souza@uol.com.br", "r.kowalski@wp.pl",
    "θανάσης@ελληνικά.ελ", "أحمد@شركة.مصر", "priya.sharma@rediffmail.com", "ngoc.anh.tran@fpt.com.vn",
    "kim.minjun@naver.com", "o'brien.siobhan@eircom.net", "marie-claire.dubois@orange.fr",
    "j.doe@mail.uni-heidelberg.de", "ops_oncall+pager@acme-logistics.co.uk", "aylin.yilmaz@hotmail.com.tr",
    "दीपक@डाटामेल.भारत", "somchai.k@gmail.com", "m.rossi@libero.it", "ella.virtanen@kolumbus.fi",
]


def iban_make(cc, spec):
    bban = ""
    for n, t in re.findall(r"(\d+)([nac])", spec):
        for _ in range(int(n)):
            if t == "n":
                bban += pick(DIG)
            elif t == "a":
                bban += pick(UP)
            else:
                bban += pick(DIG) if R.random() < 0.9 else pick(UP)
    s = bban + cc + "00"
    num = int("".join(str(int(c, 36)) for c in s))
    chk = 98 - num % 97
    return f"{cc}{chk:02d}{bban}"


IBAN_SPECS = [("DE", "8n10n"), ("FR", "5n5n11c2n"), ("ES", "4n4n1n1n10n"), ("IT", "1a5n5n12c"),
              ("NL", "4a10n"), ("BE", "3n7n2n"), ("AT", "5n11n"), ("CH", "5n12c"), ("PL", "8n16n"),
              ("GB", "4a6n8n"), ("PT", "4n4n11n2n"), ("SE", "3n16n1n"), ("NO", "4n6n1n"), ("DK", "4n9n1n"),
              ("FI", "3n11n"), ("CZ", "4n6n10n"), ("HU", "3n4n1n15n1n"), ("RO", "4a16c"), ("BG", "4a4n2n8c"),
              ("HR", "7n10n"), ("TR", "5n1n16c"), ("SA", "2n18c"), ("AE", "3n16n"), ("IL", "3n3n13n"),
              ("BR", "8n5n10n1a1c"), ("UA", "6n19c"), ("GE", "2a16n"), ("EG", "4n4n17n"), ("IE", "4a6n8n"),
              ("GR", "3n4n16c"), ("LT", "5n11n"), ("MT", "4a5n18c")]


def card_make():
    kind = R.randrange(7)
    if kind == 0:
        p, n = "4" + rs(DIG, 5), 16
    elif kind == 1:
        p, n = str(R.randint(51, 55)) + rs(DIG, 4), 16
    elif kind == 2:
        p, n = str(R.randint(2221, 2720)) + rs(DIG, 2), 16
    elif kind == 3:
        p, n = pick(["34", "37"]) + rs(DIG, 4), 15
    elif kind == 4:
        p, n = "6011" + rs(DIG, 2), 16
    elif kind == 5:
        p, n = str(R.randint(3528, 3589)) + rs(DIG, 2), 16
    else:
        p, n = "62" + rs(DIG, 4), 16
    num = luhn_complete(p + rs(DIG, n - len(p) - 1))
    st = R.randrange(3)
    if n == 15:
        g = [num[:4], num[4:10], num[10:]]
    else:
        g = [num[i:i + 4] for i in range(0, 16, 4)]
    if st == 0:
        return num
    return (" " if st == 1 else "-").join(g)


def ssn_make():
    while True:
        a, g, s = R.randint(1, 899), R.randint(1, 99), R.randint(1, 9999)
        if a != 666:
            break
    d = f"{a:03d}{g:02d}{s:04d}"
    lay = R.randrange(6)
    return [f"{d[:3]}-{d[3:5]}-{d[5:]}", f"{d[:3]} {d[3:5]} {d[5:]}", f"{d[:3]}.{d[3:5]}.{d[5:]}", d,
            f"{d[:3]} - {d[3:5]} - {d[5:]}", f"{d[:3]}-{d[3:5]}{d[5:]}"][lay]


def jwt_make():
    alg = pick(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = rs(LO + DIG, 16)
    iat = R.randint(1735689600, 1798761600)
    pl = {"sub": pick(["u_" + rs(DIG, 6), rs(LO + DIG, 8) + "-" + rs(LO + DIG, 4)]),
          "iat": iat, "exp": iat + pick([900, 3600, 86400])}
    if R.random() < 0.5:
        pl["email_verified"] = True
    if R.random() < 0.5:
        pl["scope"] = pick(["read write", "openid profile", "admin"])
    siglen = {"HS256": 43, "RS256": 342, "ES256": 86}[alg]
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + \
        b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + rs(B62 + "-_", siglen)


def gh_classic(prefix="ghp_"):
    r = rs(B62, 30)
    c = base62(zlib.crc32(r.encode()) & 0xFFFFFFFF).rjust(6, "0")
    return prefix + r + c


def public_ip():
    while True:
        s = f"{R.randint(1, 223)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
        if ip_public(s):
            return s


def make_other_texts():
    out = []
    # emails (14)
    em_t = ["send it to {v}", "my private email is {v}, the work one bounces", "CC: <mailto:{v}|{v}>",
            "Kontakt: {v}", "mon adresse perso : {v}", "please add {v} to the guest list",
            "連絡先メール: {v}", "пиши на {v}", "From: \"Support\" <{v}>", "reply-to is {v}",
            "her address: {v}", "meu email é {v}", "邮箱：{v}", "{v} — that's the one for invoices"]
    for i, e in enumerate(R.sample(EMAILS, 14)):
        out.append((em_t[i].format(v=e), [{"kind": "email_address", "value": e}], "email_address"))
    # IBANs (12, all different countries)
    ib_t = ["IBAN: {v}", "please wire it to {v} (BIC on the invoice)", "Kontoverbindung: {v}",
            "mon RIB / IBAN : {v}", "IBAN {v} — Kontoinhaber: Lena Brandt", "can you update my payroll IBAN to {v}",
            "```\nbeneficiary_iban: {v}\n```", "номер IBAN: {v}", "nuovo IBAN per i rimborsi: {v}",
            "IBAN do recebedor: {v}", "|name|iban|\n|---|---|\n|Kerem|{v}|", "refund to {v} please"]
    for i, (cc, spec) in enumerate(R.sample(IBAN_SPECS, 12)):
        v = iban_make(cc, spec)
        assert iban_mod97_ok(v)
        if R.random() < 0.5:
            v = " ".join(v[j:j + 4] for j in range(0, len(v), 4))
        out.append((ib_t[i].format(v=v), [{"kind": "iban", "value": v}], f"iban:{cc}"))
    # cards (10)
    cd_t = ["card {v} exp 09/28 cvc 412", "use the company card: {v}", "Kartennummer {v}, gültig bis 03/29",
            "numéro de carte : {v}", "cc# {v}", "the card on file is {v}", "tarjeta: {v} venc. 11/27",
            "```\ncard_number={v}\n```", "カード番号 {v}", "pay with {v}, name on card is M. Okafor"]
    for i in range(10):
        v = card_make()
        assert luhn_ok(re.sub(r"\D", "", v))
        out.append((cd_t[i].format(v=v), [{"kind": "credit_card", "value": v}], "credit_card"))
    # SSNs (8)
    sn_t = ["SSN {v}", "my social is {v}", "for the W-4: {v}", "SS#: {v}", "ssn={v}",
            "his social security number is {v}", "Social Security No. {v}", "| Employee SSN | {v} |"]
    for i in range(8):
        v = ssn_make()
        assert ssn_ok(v)
        out.append((sn_t[i].format(v=v), [{"kind": "us_ssn", "value": v}], "us_ssn"))
    # JWTs (6)
    jw_t = ["`curl -H \"Authorization: Bearer {v}\" https://api.internal/v1/me`",
            "token from localStorage: {v}", "Cookie: session={v}; Path=/; HttpOnly",
            "this one still works for me: {v}", "```\nAUTH_TOKEN={v}\n```", "id_token={v}&state=af0ifjsldkj"]
    for i in range(6):
        v = jwt_make()
        h, p, _ = v.split(".")
        json.loads(b64u_dec(h)), json.loads(b64u_dec(p))
        out.append((jw_t[i].format(v=v), [{"kind": "jwt", "value": v}], "jwt"))
    # vendor keys (12)
    for i in range(2):
        kid = pick(["AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
        sec = rs(B62 + "/+", 40)
        t = pick(["aws_access_key_id = {k}\naws_secret_access_key = {s}",
                  "here are the keys for the export bucket\nAccess key: {k}\nSecret: {s}"])
        out.append((t.format(k=kid, s=sec), [{"kind": "aws_access_key_id", "value": kid},
                                              {"kind": "aws_secret_access_key", "value": sec}], "aws_pair"))
    for t in ["use my token for now: {v}", "GITHUB_TOKEN={v}"]:
        v = gh_classic()
        out.append((t.format(v=v), [{"kind": "github_classic_pat", "value": v}], "github_classic_pat"))
    v = "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)
    out.append((f"fine-grained PAT (repo read only): {v}", [{"kind": "github_fine_grained_pat", "value": v}],
                "github_fine_grained_pat"))
    for t in ["SLACK_BOT_TOKEN={v}", "bot token for the standup bot: {v}"]:
        v = f"xoxb-{rs(DIG, 12)}-{rs(DIG, 13)}-{rs(B62, 24)}"
        out.append((t.format(v=v), [{"kind": "slack_bot_token", "value": v}], "slack_bot_token"))
    v = f"xoxp-{rs(DIG, 12)}-{rs(DIG, 12)}-{rs(DIG, 13)}-{rs('0123456789abcdef', 32)}"
    out.append((f"my user token, scopes chat:write: {v}", [{"kind": "slack_user_token", "value": v}],
                "slack_user_token"))
    for t in ["OPENAI_API_KEY={v}", "try with mine: {v}"]:
        v = "sk-proj-" + rs(B62 + "-_", 58) + "T3BlbkFJ" + rs(B62 + "-_", 58)
        out.append((t.format(v=v), [{"kind": "openai_api_key", "value": v}], "openai_api_key"))
    for t in ["`export ANTHROPIC_API_KEY={v}`", "key for the eval harness → {v}"]:
        v = "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"
        out.append((t.format(v=v), [{"kind": "anthropic_api_key", "value": v}], "anthropic_api_key"))
    # url credentials (7)
    uc = [("postgresql://crm_app:{p}@pg-prod-2.internal:5432/crm", "DATABASE_URL="),
          ("mongodb+srv://reporting:{p}@cluster0.ab1cd.mongodb.net/analytics", "conn string: "),
          ("redis://:{p}@cache.internal:6379/0", "REDIS_URL="),
          ("ftp://scanner:{p}@192.168.10.40/scans", "the copier uploads to "),
          ("https://deploy-bot:{p}@git.corp.internal/infra/ansible.git", "git remote set-url origin "),
          ("amqps://orders:{p}@rabbit.internal:5671/prod", "BROKER_URL="),
          ("smb://EXAMPLE;jdoe:{p}@fileserver/share", "mount it with ")]
    for url, lead in uc:
        p = pw_random(R.randint(12, 20)).replace("@", "x").replace("/", "y").replace(":", "z").replace("#", "h").replace("?", "q").replace("%", "p")
        out.append((lead + url.format(p=p), [{"kind": "url_credentials", "value": p}], "url_credentials"))
    # public IPs (6)
    ip_t = ["my home IP is {v}, can you whitelist it?", "he's connecting from {v}",
            "`ssh -p 2222 ubuntu@{v}`", "Failed password for root from {v} port 51234 ssh2",
            "allowlist: {v}/32", "the office static IP is {v}"]
    for t in ip_t:
        v = public_ip()
        out.append((t.format(v=v), [{"kind": "ipv4_address", "value": v}], "ipv4_address"))
    assert len(out) == 75, len(out)
    return out


# ----------------------------------------------------------------------------------------------
# Negatives
# ----------------------------------------------------------------------------------------------

TALK = [
    "what's the wifi password again?",
    "the wifi password is on the sticker under the router",
    "I'll DM you the password — actually no, it's in 1Password under \"Office NAS\"",
    "pw is in the team vault, item \"Staging Grafana\"",
    "can someone reset my password? locked out after 3 tries",
    "the password needs at least 12 chars, one digit and one symbol",
    "door code changed on Monday, ask facilities for the new one",
    "please don't paste passwords in here, share them through the vault",
    "the router still has the factory default password, we should change it",
    "got a one-time password by SMS but it expired before I could type it",
    "my card PIN got blocked after three wrong tries, waiting for the letter",
    "password: same as last time (no, I won't write it here)",
    "a passphrase should be four or more random words, not a sentence from a song",
    "the NAS admin password was rotated yesterday, old one no longer works",
    "login: your usual SSO / pass: your usual SSO password",
    "the guest wifi is called CoffeeLab-Guest and it's open, no password",
    "the password is your date of birth in DDMMYYYY format, change it after first login",
    "forgot the camera admin password, doing a hardware reset with the pin hole",
    "reset link sent, check your inbox (and spam)",
    "who knows the alarm code? I'm the last one out",
    "Wie war nochmal das WLAN-Passwort?",
    "Das Passwort schicke ich dir per Signal, nicht hier.",
    "Der Türcode steht im Handbuch, Seite 4.",
    "le mot de passe du wifi est écrit sur la box",
    "je t'envoie le mot de passe par un autre canal",
    "¿alguien tiene la contraseña del wifi?",
    "la contraseña está en el gestor de contraseñas del equipo",
    "a senha tá no cofre do time, pasta Infra",
    "la password del wifi è scritta sotto il router",
    "het wachtwoord staat in Bitwarden onder 'Kantoor'",
    "hasło jest w menedżerze haseł, szukaj 'VPN'",
    "пароль от вайфая спроси у админа",
    "пароль лежит в KeePass, файл на общем диске",
    "Wi-Fiのパスワードはルーターの裏に書いてあります",
    "パスワードは別途お送りします",
    "비밀번호는 DM으로 따로 보낼게요",
    "密码我私聊发你",
    "WiFi密码贴在路由器背面",
    "كلمة المرور موجودة في الخزنة",
    "הסיסמה נמצאת בכספת של הצוות",
    "şifreyi sana ayrıca gönderirim",
    "पासवर्ड मैं अलग से भेज दूँगा",
    "mật khẩu wifi dán ở sau router",
    "password-nya ada di vault tim",
    "รหัสผ่านอยู่ใน vault ของทีม",
    "lösenordet ligger i Bitwarden",
    "salasana on tiimin holvissa",
    "ο κωδικός είναι στο vault της ομάδας",
    "пароль надішлю окремо",
    "heslo ti pošlu zvlášť",
    "a jelszót külön küldöm",
    "PIN-koden finns på brevet från banken",
    "kata laluan ada dalam vault",
    "the door PIN is the same as the alarm code, ask facilities in person",
    "password policy: 90-day rotation, 14 characters minimum, no reuse of the last 5",
]

MASK_T = [
    "card ending in {d4}",
    "•••• •••• •••• {d4}",
    "paid with Visa **** {d4}",
    "IBAN DE** **** **** **** **{d2} {d2b}",
    "phone on file: (•••) •••-{d4}",
    "Telefon: +49 ••• •••• {d2}",
    "SSN: ***-**-{d4}",
    "SSN XXX-XX-{d4}",
    "password: ********",
    "pw: ●●●●●●●●●●",
    "PIN: ****",
    "Passwort: [REDACTED]",
    "mot de passe : ••••••••",
    "contraseña: <oculta>",
    "email: j***@g****.com",
    "token: ghp_****************************{a4}",
    "AWS key AKIA************{A4}",
    "your code is ••••••, it expires in 10 minutes",
    "Kontonummer endet auf {d4}",
    "カード番号 **** **** **** {d4}",
    "номер карты *{d4}",
    "tel. *** *** {d3}",
    "Bearer eyJ…[truncated]",
    "iban: ****{d4}",
    "last four of the SSN: {d4}",
    "cc: XXXX-XXXX-XXXX-{d4}",
    "wifi pw: (hidden, tap to reveal)",
    "DB_PASSWORD=*****",
    "otp: ******",
    "PUK: ********",
    "Mobil: 0151 ****{d3}",
    "密码：******",
    "mobile ends with {d3}",
    "카드 끝자리 {d4}",
    "password: <redacted by Seshat>",
]

PLACEHOLDER = [
    "POSTGRES_PASSWORD: changeme",
    "default login is admin / admin, change it on first boot",
    "DB_PASSWORD=${{DB_PASSWORD}}",
    "user: <your username> / pass: <your password>",
    "`postgres://user:password@localhost:5432/mydb`",
    "WIFI:T:WPA;S:<ssid>;P:<password>;;",
    "psk=\"<your passphrase here>\"",
    "`mysql -u root -p` (it prompts for the password)",
    "`curl -u $NEXUS_USER:$NEXUS_TOKEN https://nexus.corp.internal/`",
    "the token starts with ghp_ followed by 36 characters",
    "OPENAI_API_KEY=sk-...",
    "Authorization: Bearer <token>",
    "IBAN format: DEkk bbbb bbbb cccc cccc cc",
    "SSN format is AAA-GG-SSSS",
    "phone format: +CC NNN NNNNNNN",
    "Enter your PIN (4–6 digits)",
    "the PUK is printed on the SIM card holder",
    "`amqp://guest:guest@localhost:5672/`",
    "password: \"\"",
    "KEYCLOAK_ADMIN_PASSWORD=admin",
    "op://Engineering/Staging DB/password",
    "{{{{resolve:secretsmanager:prod/db:SecretString:password}}}}",
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "`ssh -i ~/.ssh/id_ed25519 deploy@10.0.8.21`",
    "login: guest / pass: guest (read-only demo)",
    "mot de passe par défaut : admin",
    "초기 비밀번호는 생년월일 6자리입니다",
    "初期パスワードは社員番号と同じです",
    "spring.datasource.password=${{SPRING_DATASOURCE_PASSWORD}}",
    "router default: user admin, password printed on the label",
]


def d(n):
    return rs(DIG, n)


def neg_number(i):
    """numbers that are not phones"""
    t = i % 50
    y = R.randint(2019, 2027)
    mo, dd = R.randint(1, 12), R.randint(1, 28)
    if t == 0:
        return f"order #{R.randint(1, 9)}{d(9)} still hasn't shipped"
    if t == 1:
        return f"Bestellnummer {R.randint(1, 9)}{d(9)}, bitte prüfen"
    if t == 2:
        return f"order {R.randint(2, 9)}{d(2)}-{d(3)}-{d(4)} was refunded yesterday"
    if t == 3:
        return f"tracking: 1Z{rs(UP + DIG, 6)}{d(2)}{d(8)}"
    if t == 4:
        return f"DHL Sendungsnummer {d(10)}"
    if t == 5:
        return f"USPS tracking {d(4)} {d(4)} {d(4)} {d(4)} {d(4)} {d(2)}"
    if t == 6:
        return f"ヤマトの伝票番号 {d(4)}-{d(4)}-{d(4)}"
    if t == 7:
        return f"Royal Mail ref {rs(UP, 2)}{d(9)}GB"
    if t == 8:
        return f"FedEx {d(4)} {d(4)} {d(4)}"
    if t == 9:
        return f"deadline {y}-{mo:02d}-{dd:02d} {R.randint(8, 18):02d}:{pick(['00', '30'])}"
    if t == 10:
        return f"Termin am {dd:02d}.{mo:02d}.{y}, {R.randint(8, 17)}:00–{R.randint(18, 20)}:00 Uhr"
    if t == 11:
        return f"invoice date {mo:02d}/{dd:02d}/{y} – due {((mo % 12) + 1):02d}/{dd:02d}/{y}"
    if t == 12:
        return f"{y}年{mo}月{dd}日 {R.randint(9, 18)}時から"
    if t == 13:
        return f"total: ${R.randint(1, 999)},{d(3)}.{d(2)}"
    if t == 14:
        return f"Gesamtbetrag {R.randint(1, 999)}.{d(3)},{d(2)} €"
    if t == 15:
        return f"budget approved: ₹{R.randint(1, 99)},{d(2)},{d(3)}"
    if t == 16:
        return f"R$ {R.randint(1, 99)}.{d(3)},{d(2)} no boleto"
    if t == 17:
        return f"upgraded to v{R.randint(1, 9)}.{R.randint(0, 30)}.{R.randint(0, 20)}, please retest"
    if t == 18:
        return f"Chrome {R.randint(110, 131)}.0.{R.randint(5000, 6999)}.{R.randint(100, 250)} crashes on this page"
    if t == 19:
        return f"Windows 10.0.{pick(['19045', '22621', '22631', '26100'])}.{R.randint(1000, 5000)} after the patch"
    if t == 20:
        return f"build {y}.{mo:02d}.{dd:02d}.{d(4)} failed on arm64"
    if t == 21:
        return f"Zoom meeting ID: {R.randint(800, 999)} {d(4)} {d(4)}"
    if t == 22:
        return f"Kundennummer {R.randint(10, 99)}{d(7)}"
    if t == 23:
        return f"policy no. {rs(UP, 2)}-{d(3)}-{d(3)}-{d(3)}"
    if t == 24:
        return f"ticket INC{d(7)} reopened"
    if t == 25:
        return f"ts={R.randint(1700000000, 1799999999)}.{d(6)}"
    if t == 26:
        return f"exported {R.randint(1, 99)} {d(3)} {d(3)} rows"
    if t == 27:
        return f"serial number {rs(UP, 3)}{d(7)}{rs(UP, 1)}"
    if t == 28:
        return f"VIN {rs('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 17)}"
    if t == 29:
        return f"PO-{y}-{d(6)} approved, amount {R.randint(1, 90)}.{d(3)},{d(2)} EUR"
    if t == 30:
        return f"open {R.randint(7, 9)}:{pick(['00', '30'])}–{R.randint(17, 22)}:{pick(['00', '30'])}, Sat {R.randint(9, 10)}-{R.randint(13, 16)}"
    if t == 31:
        return f"room booking ref {d(3)}-{d(3)}-{d(3)}"
    if t == 32:
        return f"case number {d(2)}-{d(6)}-{d(2)}"
    if t == 33:
        return f"lot {d(2)}.{d(3)}.{d(3)} expires {mo:02d}/{y}"
    if t == 34:
        return f"订单号 {y}{mo:02d}{dd:02d}{d(8)}"
    if t == 35:
        return f"номер заказа {d(3)}-{d(3)}-{d(3)}-{d(2)}"
    if t == 36:
        return f"p99 went from {R.randint(100, 999)} ms to {R.randint(1, 9)},{d(3)} ms between {R.randint(9, 12)}:{d(1)}0 and {R.randint(13, 17)}:{d(1)}5"
    if t == 37:
        ma, mi = R.randint(1, 9), R.randint(0, 40)
        return f"PR #{R.randint(1000, 99999)} bumps {ma}.{mi}.{R.randint(0, 9)} → {ma}.{mi + 1}.0"
    if t == 38:
        return f"Rechnung RE-{y}-{d(6)} vom {dd:02d}.{mo:02d}.{y}"
    if t == 39:
        return f"Aktenzeichen {d(3)} {d(3)}/{d(2)}"
    if t == 40:
        return f"SKU {R.randint(100, 999)}-{d(4)}-{d(2)} is out of stock"
    if t == 41:
        return f"CVE-{y}-{R.randint(10000, 59999)} is fixed in {R.randint(1, 9)}.{R.randint(0, 20)}.{R.randint(1, 30)}"
    if t == 42:
        return f"Paketnummer 00340434{d(12)}"
    if t == 43:
        return f"payout of {R.randint(1, 99)} {d(3)},{d(2)} kr on {dd:02d}.{mo:02d}.{y}"
    if t == 44:
        return f"приказ № {d(2)}/{d(4)}-{d(3)} от {dd:02d}.{mo:02d}.{y}"
    if t == 45:
        return f"flight LH{R.randint(100, 2999)} on {dd:02d}/{mo:02d}, seat {R.randint(10, 45)}{pick('ACDF')}, booking ref {rs('ABCDEFGHJKLMNPQRSTUVWXYZ', 6)}"
    if t == 46:
        return f"the export took {R.randint(1, 9)}h {R.randint(10, 59)}m for {R.randint(100, 999)}.{d(3)}.{d(3)} records"
    if t == 47:
        return f"firmware {R.randint(1, 9)}.{R.randint(0, 99)}.{d(4)} (build {R.randint(10000, 99999)})"
    if t == 48:
        return f"Rechnungsnummer {y}-{d(5)}, Betrag {R.randint(100, 9999)},{d(2)} €, fällig am {dd:02d}.{mo:02d}.{y}"
    return f"Bank holiday schedule: {dd:02d}/{mo:02d} and {R.randint(1, 28):02d}/{((mo + 2) % 12) + 1:02d}, hotline hours 08:00-20:00"


NEG_EMAIL = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)*\.[^\W\d_]{2,}")
NEG_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_\w{20,}")
NEG_SLACK = re.compile(r"xox[bpars]-\d")
NEG_SK = re.compile(r"sk-[A-Za-z0-9_-]{32,}")
NEG_JWT = re.compile(r"eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+")
NEG_SSN = re.compile(r"\b\d{3}-\d{2}-\d{4}\b")
NEG_DIGITS = re.compile(r"\d(?:[ -]?\d){12,18}")
NEG_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}")
NEG_AKIA = re.compile(r"(AKIA|ASIA)[A-Z0-9]{16}")
NEG_IP = re.compile(r"\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b")
NEG_PHONE = re.compile(r"\+\d[\d ().-]{6,}\d")


def neg_findings(text):
    f = []
    if NEG_EMAIL.search(text):
        f.append("email")
    if NEG_GH.search(text):
        f.append("github")
    if NEG_SLACK.search(text):
        f.append("slack")
    if NEG_SK.search(text):
        f.append("sk")
    if NEG_JWT.search(text):
        f.append("jwt")
    if NEG_SSN.search(text):
        f.append("ssn")
    for m in NEG_DIGITS.finditer(text):
        s = re.sub(r"\D", "", m.group())
        for ln in range(13, 20):
            for st in range(0, len(s) - ln + 1):
                if luhn_ok(s[st:st + ln]):
                    f.append("luhn")
                    break
    for m in NEG_IBAN.finditer(text):
        if iban_mod97_ok(m.group()):
            f.append("iban")
    for m in NEG_AKIA.finditer(text):
        if "EXAMPLE" not in m.group():
            f.append("akia")
    for m in NEG_IP.finditer(text):
        try:
            if ip_public(m.group()):
                f.append("public_ip")
        except ValueError:
            pass
    for m in NEG_PHONE.finditer(text):
        if len(re.sub(r"\D", "", m.group())) >= 8:
            f.append("phone")
    return f


LEADS = ["fyi ", "btw ", "Zur Info: ", "メモ: ", "ok so ", "heads up: "]


def make_negatives():
    recs = []
    seen = set()

    def add(text, cat):
        assert not neg_findings(text), (text, neg_findings(text))
        assert text not in seen, text
        seen.add(text)
        recs.append((text, cat))

    for s in TALK:
        add(pick(LEADS) + s if R.random() < 0.12 else s, "talk_about_passwords")
    for s in MASK_T:
        for _ in range(100):
            t = s.format(d4=d(4), d2=d(2), d2b=d(2), d3=d(3), a4=rs(LO + DIG, 4), A4=rs(UP + "234567", 4))
            if not neg_findings(t) and t not in seen:
                break
        add(t, "masked_value")
    for s in PLACEHOLDER:
        add(s.format(), "placeholder_credential")
    i = 0
    while len([c for _, c in recs if c == "number_not_phone"]) < 80:
        for _ in range(100):
            t = neg_number(i)
            if R.random() < 0.1:
                t = pick(LEADS) + t
            if not neg_findings(t) and t not in seen:
                break
        add(t, "number_not_phone")
        i += 1
    assert len(recs) == 200, len(recs)
    R.shuffle(recs)
    return [{"id": f"r12n-{k + 1:04d}", "text": t, "category": c} for k, (t, c) in enumerate(recs)]


def make_positives():
    items = make_password_texts() + make_phone_texts() + make_other_texts()
    assert len(items) == 300
    R.shuffle(items)
    recs = []
    texts = set()
    for k, (text, secrets, ctx) in enumerate(items):
        for s in secrets:
            assert s["value"] in text, (s, text)
        assert text not in texts, text
        texts.add(text)
        recs.append({"id": f"r12p-{k + 1:04d}", "text": text, "secrets": secrets, "context": ctx})
    return recs


def main():
    pos = make_positives()
    neg = make_negatives()
    with open(os.path.join(HERE, f"{NAME}_positives.jsonl"), "w", encoding="utf-8") as fh:
        for r in pos:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, f"{NAME}_negatives.jsonl"), "w", encoding="utf-8") as fh:
        for r in neg:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    n_sec = sum(len(r["secrets"]) for r in pos)
    print(f"positives: {len(pos)} texts, {n_sec} secrets; negatives: {len(neg)}")
    # scanner report over positives (how many carry a shape the negative scanner knows)
    missed = [r["id"] for r in pos if not neg_findings(r["text"])]
    print(f"negative-scanner shapes found in {len(pos) - len(missed)}/{len(pos)} positives (passwords have no shape)")


if __name__ == "__main__":
    main()
