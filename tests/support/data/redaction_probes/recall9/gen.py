#!/usr/bin/env python3
"""Blind recall probe #9 for the redactor (issue 24).

Writes recall9_positives.jsonl (220) and recall9_negatives.jsonl (200) next to
this file. Standard library only, deterministic: random.Random(909).
Written from general knowledge only, without reading the redactor's rules.
"""
import json
import os
import re
import sys
from collections import Counter

import random

R = random.Random(909)
HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- helpers
def fullwidth(s):
    out = []
    for ch in s:
        o = ord(ch)
        if 0x21 <= o <= 0x7E:
            out.append(chr(o + 0xFEE0))
        elif ch == " ":
            out.append("\u3000")
        else:
            out.append(ch)
    return "".join(out)


def digits(n, first_nonzero=False):
    s = "".join(R.choice("0123456789") for _ in range(n))
    if first_nonzero and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def fill(pattern):
    """Replace each X by a random digit and each N by 2-9."""
    out = []
    prev = " "
    for ch in pattern:
        if ch == "X":
            out.append(R.choice("0123456789"))
        elif ch == "N":
            out.append(R.choice("23456789"))
        else:
            out.append(ch)
        prev = ch
    return "".join(out)


def luhn_ok(num):
    total = 0
    for i, ch in enumerate(reversed(num)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def luhn_complete(partial):
    for c in "0123456789":
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError


def iban_check(cc, bban):
    s = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in s)
    return "%02d" % (98 - int(num) % 97)


def iban_ok(iban):
    s = iban.replace(" ", "")
    s = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in s)
    return int(num) % 97 == 1


def ssn_ok(area, group, serial):
    a = int(area)
    return not (a == 0 or a == 666 or a >= 900) and group != "00" and serial != "0000"


# ---------------------------------------------------------------- passwords
WORDS = {
    "en": ["Summer", "Sunshine", "Buster", "Liverpool", "Welcome", "Dragon", "Pumpkin"],
    "de": ["Sommer", "Schatzi", "Fussball", "Hamburg", "Winter", "Eisbaer"],
    "fr": ["Soleil", "Chouchou", "Marseille", "Bonjour", "Loulou"],
    "es": ["Verano", "Barcelona", "Primavera", "Tesoro", "Gatito"],
    "pt": ["Saudade", "Flamengo", "Brasil", "Verao", "Lisboa"],
    "it": ["Estate", "Juventus", "Amore", "Napoli", "Girasole"],
    "nl": ["Zomer", "Ajax", "Fietsen", "Tulpen"],
    "pl": ["Lato", "Kochanie", "Legia", "Zima", "Biedronka"],
    "ru": ["Solnyshko", "Spartak", "Leto", "Moskva", "Medved"],
    "uk": ["Dynamo", "Kyiv", "Sonechko", "Kalyna"],
    "tr": ["Galatasaray", "Fenerbahce", "Istanbul", "Kartal"],
    "el": ["Kalokairi", "Olympiakos", "Athina", "Thalassa"],
    "ja": ["sakura", "Hanabi", "Tanuki", "Yozora"],
    "ko": ["saranghae", "Seoul", "Haneul", "Doraemon"],
    "zh": ["woaini", "Beijing", "Longma", "Xiaomao"],
    "ar": ["Habibi", "Cairo", "Sabah", "Qamar"],
    "he": ["Shalom", "Maccabi", "Tapuz", "Yam"],
    "hi": ["Mumbai", "Pyaar", "Ganesh", "Chai"],
    "th": ["Bangkok", "Sawasdee", "Mali", "Chang"],
    "vi": ["Hanoi", "Anhyeuem", "Saigon", "Phohanoi"],
    "id": ["Jakarta", "Sayang", "Merdeka", "Rendang"],
    "fa": ["Tehran", "Azadi", "Setareh", "Nowruz"],
    "sw": ["Nairobi", "Simba", "Jambo", "Twiga"],
    "sv": ["Sommar", "Solsken", "Hammarby", "Kanelbulle"],
    "da": ["Sommer", "Hygge", "Brondby"],
    "no": ["Sommer", "Fjorden", "Rosenborg"],
    "fi": ["Kesa", "Aurinko", "Mokki", "Sisu"],
    "cs": ["Leto", "Sparta", "Praha", "Knedlik"],
    "ro": ["Vara", "Bucuresti", "Soare", "Dinamo"],
    "hu": ["Nyar", "Budapest", "Fradi", "Paprika"],
    "tl": ["Mahal", "Maynila", "Adobo"],
    "bn": ["Dhaka", "Bhalobasha", "Ilish"],
}
CYR = {"ru": ["Лето", "Зима", "Медведь", "Солнце"], "uk": ["Калина", "Весна", "Сонце"]}
PHRASE = {
    "en": ["purple", "tractor", "lamps", "ninety", "quiet", "harbor", "melon", "seven", "orbit", "pickle"],
    "de": ["grüne", "Leiter", "sieben", "Äpfel", "Tassen", "Regal", "müde", "Wolke"],
    "fr": ["vélo", "rouge", "sous", "la", "pluie", "trois", "chats", "fenêtre"],
    "es": ["cuatro", "gatos", "azules", "bailan", "tortilla", "luna", "salsa"],
    "pt": ["galinha", "verde", "pulou", "sete", "muros", "cedo"],
    "nl": ["fiets", "paarse", "molen", "regen", "zeven", "kaas"],
    "sv": ["blå", "älg", "springer", "tolv", "mil", "sill"],
}
SYMS = "!#$%&*?@+=_.-"
RAND_CH = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789" + "!#$%&*+-=?@^_~."
ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
LEET = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$"}


def pw_human(lang):
    w = R.choice(WORDS.get(lang, WORDS["en"]))
    k = R.randrange(7)
    yr = str(R.randrange(1998, 2027))
    if k == 0:
        return w + yr + R.choice("!?#$*")
    if k == 1:
        return w + R.choice(SYMS[:9]) + digits(2)
    if k == 2:
        return w + "_" + digits(R.choice([2, 3, 4])) + R.choice("!#")
    if k == 3:
        lw = "".join(LEET.get(c, c) if R.random() < 0.7 else c for c in w)
        if lw == w:
            lw = w + "@"
        return lw + digits(2)
    if k == 4:
        return w.lower() + digits(4) + R.choice("!$*")
    if k == 5:
        return w + "#" + yr
    return w[0].upper() + w[1:] + R.choice("!?") + digits(3) + w[0].lower()


def pw_random(n=None, alnum=False):
    n = n or R.randrange(10, 19)
    ch = ALNUM if alnum else RAND_CH
    while True:
        s = "".join(R.choice(ch) for _ in range(n))
        if (any(c.isdigit() for c in s) and any(c.isupper() for c in s)
                and any(c.islower() for c in s) and s[-1] not in ".-"):
            if alnum or any(c in "!#$%&*+-=?@^_~" for c in s):
                return s


def pw_phrase(lang, sep=" "):
    ws = PHRASE.get(lang, PHRASE["en"])
    pick = R.sample(ws, R.choice([3, 4]))
    s = sep.join(pick)
    if R.random() < 0.5:
        s += sep + digits(2)
    return s


def make_pw(style, lang):
    if style == "h":
        return pw_human(lang)
    if style == "hc":
        w = R.choice(CYR[lang])
        return w + R.choice(["_", "", "-"]) + digits(R.choice([2, 4])) + R.choice(["!", "", "$"])
    if style == "r":
        return pw_random()
    if style == "ra":
        return pw_random(alnum=True)
    if style == "p":
        return pw_phrase(lang)
    if style == "pd":
        return pw_phrase(lang, "-")
    if style == "n4":
        return digits(4, True)
    if style == "n6":
        return digits(6, True)
    if style == "fw":
        return fullwidth(pw_human(lang))
    if style == "fwr":
        return fullwidth(pw_random(alnum=True, n=R.randrange(8, 12)))
    if style == "set":  # a word password someone actually set
        return R.choice(["Changeme!", "Welcome", "Passw0rd", "Letmein", "Qwerty"]) + R.choice(["!", "#", ""]) + digits(2)
    raise ValueError(style)


# (lang, form, template, style). {pw} is the value.
PW_TEMPLATES = [
    # --- English
    ("en", "prose_copula", "wifi password is {pw} btw", "h"),
    ("en", "prose_nocopula", "guest wifi pw {pw} — it's on the fridge too", "h"),
    ("en", "reply", "> what's the password for the shared Netflix?\n{pw}", "h"),
    ("en", "set_word", "ok I reset the admin account on the NAS, new password is {pw} until you change it", "set"),
    ("en", "passphrase_quoted", "the passphrase for the backup disk is \"{pw}\" (all lowercase, spaces included)", "p"),
    ("en", "voicemail", "voicemail PIN is {pw}, please change it after you log in", "n6"),
    ("en", "door", "door code for the side entrance: {pw} then press #", "n4"),
    ("en", "zip", "sent you the payroll export, zip password {pw}", "r"),
    ("en", "emoji", "🔑 vpn pass → {pw} 🙈 don't screenshot it", "r"),
    ("en", "dash", "Staging Jenkins – admin – {pw}", "r"),
    # --- German
    ("de", "prose_copula", "Das WLAN-Passwort lautet {pw}", "h"),
    ("de", "colon", "Passwort für den Tresor im Büro: {pw} – bitte nicht weitergeben", "h"),
    ("de", "prose_nocopula", "PW ist {pw}, hab ich gestern geändert", "r"),
    ("de", "passphrase_eol", "neues Passwort für das Familienkonto: {pw}", "p"),
    ("de", "locker", "Spind 14, Zahlenschloss-Code {pw}", "n4"),
    # --- French
    ("fr", "prose_copula", "le mot de passe du wifi c'est {pw}", "h"),
    ("fr", "colon", "Mot de passe : {pw} (je l'ai changé ce matin)", "r"),
    ("fr", "abbrev", "mdp {pw} pour le compte partagé Canal+", "h"),
    ("fr", "passphrase_quoted", "phrase de passe du coffre KeePass : « {pw} »", "p"),
    # --- Spanish
    ("es", "prose_copula", "la contraseña del wifi es {pw}", "h"),
    ("es", "colon", "Contraseña: {pw}", "r"),
    ("es", "prose_nocopula", "te paso la clave del router {pw} y ya", "h"),
    ("es", "passphrase_quoted", "la frase de paso es \"{pw}\"", "p"),
    # --- Portuguese
    ("pt", "prose_copula", "a senha do wifi é {pw}", "h"),
    ("pt", "zip", "Senha do zip com os contratos: {pw}", "r"),
    ("pt", "passphrase_quoted", "senha nova do Netflix: '{pw}'", "pd"),
    # --- Italian
    ("it", "prose_copula", "la password del wifi è {pw}", "h"),
    ("it", "dash", "ti mando la password — {pw}", "r"),
    # --- Dutch
    ("nl", "prose_copula", "het wachtwoord van de wifi is {pw}", "h"),
    ("nl", "colon_parens", "Wachtwoord: {pw} (niet delen aub)", "r"),
    # --- Polish
    ("pl", "prose_copula", "hasło do wifi to {pw}", "h"),
    ("pl", "colon", "Hasło do skrytki: {pw}", "n4"),
    # --- Russian
    ("ru", "colon", "пароль от вайфая: {pw}", "h"),
    ("ru", "prose_nocopula", "пароль {pw}, только никому не говори", "hc"),
    # --- Ukrainian
    ("uk", "dash", "пароль від вайфаю — {pw}", "hc"),
    ("uk", "vpn", "Пароль до VPN: {pw}", "r"),
    # --- Turkish
    ("tr", "prose_nocopula", "wifi şifresi {pw}", "h"),
    ("tr", "colon_parens", "Şifre: {pw} (dolap için)", "n4"),
    # --- Greek
    ("el", "prose_copula", "ο κωδικός του wifi είναι {pw}", "h"),
    ("el", "colon", "Κωδικός πρόσβασης: {pw}", "r"),
    # --- Japanese
    ("ja", "prose_copula", "Wi-Fiのパスワードは{pw}です", "h"),
    ("ja", "fullwidth", "パスワード：{pw}", "fw"),
    ("ja", "quoted", "zipのパスは「{pw}」です", "r"),
    # --- Korean
    ("ko", "prose_copula", "와이파이 비밀번호는 {pw}입니다", "h"),
    ("ko", "abbrev", "비번 {pw} 이에요 ㅎㅎ", "h"),
    ("ko", "fullwidth", "공유 계정 비밀번호: {pw}", "fwr"),
    # --- Chinese
    ("zh", "prose_copula", "WiFi密码是{pw}", "h"),
    ("zh", "colon", "密码：{pw}", "r"),
    ("zh", "colon", "VPN 密碼：{pw}（別外傳）", "r"),
    # --- Arabic
    ("ar", "prose_copula", "كلمة السر للواي فاي هي {pw}", "h"),
    # --- Hebrew
    ("he", "prose_copula", "הסיסמה לוויפי היא {pw}", "h"),
    ("he", "colon", "סיסמה: {pw}", "r"),
    # --- Hindi
    ("hi", "prose_copula", "वाईफाई का पासवर्ड {pw} है", "h"),
    ("hi", "colon", "पासवर्ड: {pw}", "r"),
    # --- Thai
    ("th", "prose_copula", "รหัสผ่าน wifi คือ {pw}", "h"),
    ("th", "colon", "รหัสผ่าน: {pw} นะครับ", "r"),
    # --- Vietnamese
    ("vi", "prose_copula", "mật khẩu wifi là {pw}", "h"),
    ("vi", "colon", "Mật khẩu: {pw}", "r"),
    # --- Indonesian
    ("id", "prose_nocopula", "password wifi-nya {pw} ya", "h"),
    ("id", "colon", "Kata sandi: {pw}", "r"),
    # --- Persian
    ("fa", "prose_copula", "رمز وای‌فای {pw} است", "h"),
    ("fa", "colon", "رمز عبور: {pw}", "r"),
    # --- Swahili
    ("sw", "prose_copula", "nenosiri la wifi ni {pw}", "h"),
    ("sw", "colon", "Nenosiri: {pw}", "r"),
    # --- Nordic, central and eastern European, others
    ("sv", "prose_copula", "lösenordet till wifi är {pw}", "h"),
    ("sv", "passphrase_eol", "Lösenord: {pw}", "p"),
    ("da", "reply", "A: hvad er koden til wifi?\nB: {pw}", "h"),
    ("no", "reply", "> hva er passordet til wifi?\n{pw}", "h"),
    ("fi", "reply", "mikä on wifin salasana?\n→ {pw}", "h"),
    ("cs", "reply", "— Jaké je heslo na wifi?\n— {pw}", "h"),
    ("ro", "prose_copula", "parola de la wifi e {pw}", "h"),
    ("hu", "prose_copula", "a wifi jelszó {pw}", "h"),
    ("tl", "prose_copula", "ang password ng wifi ay {pw}", "h"),
    ("bn", "colon", "পাসওয়ার্ড: {pw}", "r"),
    # --- code-switched
    ("en+de", "code_switch", "bro das pw ist {pw}, ok? don't lose it again", "h"),
    ("it+en", "code_switch", "la password del server è {pw} ok? thanks 🙏", "r"),
    ("ja+en", "code_switch", "パスワードは {pw} だよ, don't share pls", "h"),
    ("hi+en", "code_switch", "bhai netflix ka password {pw} hai, kisi ko mat batana", "h"),
    ("tl+en", "code_switch", "pare yung password ng router {pw} lang, salamat", "h"),
    ("es+en", "code_switch", "el password del shared drive es {pw}, lmk if it doesn't work", "r"),
    # --- tables / csv
    ("en", "table_md", "| service | user | password |\n|---|---|---|\n| guest wifi | — | {pw} |", "h"),
    ("de", "table_md", "| Dienst | Benutzer | Passwort |\n|---|---|---|\n| Router | admin | {pw} |", "r"),
    ("en", "csv", "name,login,password,notes\nfirewall,root,{pw},rotated in March", "r"),
    ("es", "csv", "servicio;usuario;contraseña\ncorreo;soporte;{pw}", "r"),
    # --- config files in many formats / key languages
    ("en", "env", "DB_PASSWORD={pw}", "r"),
    ("en", "yaml", "database:\n  host: db.internal\n  user: app\n  password: {pw}", "r"),
    ("en", "json", "{{\"smtp\": {{\"user\": \"mailer\", \"pass\": \"{pw}\"}}}}", "r"),
    ("de", "ini", "[datenbank]\nbenutzer = app\npasswort = {pw}", "r"),
    ("fr", "yaml", "connexion:\n  utilisateur: admin\n  mot_de_passe: {pw}", "r"),
    ("pt", "json", "{{\"usuario\": \"admin\", \"senha\": \"{pw}\"}}", "r"),
    ("en", "toml", "[redis]\nurl = \"redis.internal:6379\"\npassword = \"{pw}\"", "r"),
    ("en", "xml", "<connection>\n  <username>svc_report</username>\n  <password>{pw}</password>\n</connection>", "r"),
    ("en", "properties", "spring.datasource.username=app\nspring.datasource.password={pw}", "r"),
    ("en", "php", "define('DB_PASSWORD', '{pw}');", "r"),
    ("en", "wpa", "network={{\n    ssid=\"Office-5G\"\n    psk=\"{pw}\"\n}}", "h"),
    # --- CLI flags / connection strings
    ("en", "cli", "mysql -u root -p{pw} -h 127.0.0.1 shop", "ra"),
    ("en", "cli", "sshpass -p '{pw}' ssh deploy@build-01", "r"),
    ("en", "cli", "nmcli dev wifi connect Lab-Guest password {pw}", "h"),
    ("en", "connstr", "Server=sql01;Database=Billing;User Id=billing_app;Password={pw};", "ra"),
    ("en", "connstr", "psql \"host=db.internal dbname=crm user=crm_ro password={pw}\"", "ra"),
]
assert len(PW_TEMPLATES) == 100, len(PW_TEMPLATES)


# ---------------------------------------------------------------- phones
# (country, lang, template, pattern, fullwidth?)
PH_TEMPLATES = [
    ("US", "en", "call me on {ph} after 5", "(NXX) NXX-XXXX"),
    ("US", "en", "Fax: {ph}", "+1 212.NXX.XXXX"),
    ("US", "en", "reach me at the office: {ph} ext. 214", "415-NXX-XXXX"),
    ("CA", "fr", "Mon numéro : {ph}", "514 NXX-XXXX"),
    ("GB", "en", "text me on {ph}", "07XXX XXXXXX"),
    ("GB", "en", "office line {ph}", "+44 (0)20 7XXX XXXX"),
    ("DE", "de", "Ruf mich an unter {ph}", "0151 XXXXXXXX"),
    ("DE", "de", "Tel. {ph}", "030/NXXXXXX"),
    ("DE", "de", "Handy: {ph}", "+49 176 XXXX XXXX"),
    ("FR", "fr", "appelle-moi au {ph}", "06 XX XX XX XX"),
    ("FR", "fr", "WhatsApp {ph}", "+33 7 XX XX XX XX"),
    ("ES", "es", "mi móvil es el {ph}", "6XX XXX XXX"),
    ("ES", "es", "Tfno.: {ph}", "+34 91 XXX XX XX"),
    ("IT", "it", "chiamami al {ph}", "347 XXX XXXX"),
    ("NL", "nl", "bel me even op {ph}", "06-XXXXXXXX"),
    ("BE", "nl", "gsm {ph}", "0470 XX XX XX"),
    ("CH", "de", "Natel: {ph}", "079 XXX XX XX"),
    ("AT", "de", "erreichbar unter {ph}", "0664 XXXXXXX"),
    ("PL", "pl", "mój numer to {ph}", "5XX XXX XXX"),
    ("SE", "sv", "ring mig på {ph}", "070-XXX XX XX"),
    ("NO", "no", "mobil {ph}", "4XX XX XXX"),
    ("DK", "da", "ring på {ph}", "+45 2X XX XX XX"),
    ("FI", "fi", "puh. {ph}", "040 XXX XXXX"),
    ("PT", "pt", "liga-me para o {ph}", "912 XXX XXX"),
    ("IE", "en", "ring me on {ph}", "087 XXX XXXX"),
    ("RU", "ru", "мой номер {ph}", "+7 (916) NXX-XX-XX"),
    ("RU", "ru", "звони на {ph}", "8 (495) NXX-XX-XX"),
    ("UA", "uk", "телефон: {ph}", "+380 67 XXX XX XX"),
    ("TR", "tr", "numaram {ph}", "0532 XXX XX XX"),
    ("GR", "el", "το κινητό μου είναι {ph}", "69X XXX XXXX"),
    ("BR", "pt", "me chama no zap {ph}", "(11) 9XXXX-XXXX"),
    ("BR", "pt", "Celular: {ph}", "+55 21 9XXXX-XXXX"),
    ("MX", "es", "márcame al {ph}", "55 XXXX XXXX"),
    ("AR", "es", "mi cel {ph}", "+54 9 11 XXXX-XXXX"),
    ("JP", "ja", "携帯は{ph}です", "090-NXXX-XXXX"),
    ("JP", "ja", "電話番号：{ph}", "FW:03-NXXX-XXXX"),
    ("KR", "ko", "제 번호는 {ph}입니다", "010-NXXX-XXXX"),
    ("CN", "zh", "我的手机号是{ph}", "138 XXXX XXXX"),
    ("TW", "zh", "手機：{ph}", "0912-XXX-XXX"),
    ("IN", "hi", "मेरा नंबर {ph} है", "+91 98XXX XXXXX"),
    ("ID", "id", "WA aku {ph} ya", "0812-XXXX-XXXX"),
    ("VN", "vi", "số điện thoại của mình là {ph}", "091 XXX XX XX"),
    ("TH", "th", "เบอร์โทร {ph} ค่ะ", "081 XXX XXXX"),
    ("PH", "tl", "text mo ako sa {ph}", "0917 XXX XXXX"),
    ("AU", "en", "give us a bell on {ph}", "04XX XXX XXX"),
    ("NZ", "en", "ph {ph} (landline)", "(09) XXX XXXX"),
    ("ZA", "en", "call or WhatsApp {ph}", "082 XXX XXXX"),
    ("KE", "sw", "nipigie kwa {ph}", "+254 712 XXX XXX"),
    ("EG", "ar", "رقمي {ph}", "010 XXXX XXXX"),
    ("IL", "he", "הטלפון שלי {ph}", "052-XXX-XXXX"),
]
assert len(PH_TEMPLATES) == 50, len(PH_TEMPLATES)


def make_phone(pattern):
    fw = pattern.startswith("FW:")
    if fw:
        pattern = pattern[3:]
    s = fill(pattern)
    return fullwidth(s) if fw else s


# ---------------------------------------------------------------- cards
KNOWN_TEST = {
    "4242424242424242", "4111111111111111", "5555555555554444", "378282246310005",
    "4000000000000002", "6011111111111117", "5105105105105100", "4012888888881881",
    "371449635398431", "30569309025904", "3530111333300000", "4000056655665556",
}
# (brand, prefix choices, length, grouping)
BRANDS = {
    "visa": (["4"], 16, [4, 4, 4, 4]),
    "visa13": (["4"], 13, [4, 4, 5]),
    "mastercard": (["51", "52", "53", "54", "55", "2221", "2320", "2701"], 16, [4, 4, 4, 4]),
    "amex": (["34", "37"], 15, [4, 6, 5]),
    "discover": (["6011", "644", "65"], 16, [4, 4, 4, 4]),
    "jcb": (["3528", "3566", "3589"], 16, [4, 4, 4, 4]),
    "diners": (["36", "38"], 14, [4, 6, 4]),
    "unionpay": (["62"], 16, [4, 4, 4, 4]),
    "unionpay19": (["62"], 19, [4, 4, 4, 4, 3]),
    "maestro": (["6759", "5018"], 19, [4, 4, 4, 4, 3]),
    "mir": (["2200", "2202", "2204"], 16, [4, 4, 4, 4]),
}


def make_card(brand):
    prefixes, n, grp = BRANDS[brand]
    while True:
        p = R.choice(prefixes)
        num = luhn_complete(p + digits(n - len(p) - 1))
        if num not in KNOWN_TEST and len(set(num)) > 4:
            return num, grp


def group(num, grp, sep):
    out, i = [], 0
    for g in grp:
        out.append(num[i:i + g])
        i += g
    return sep.join(out)


# (lang, brand, sep, template)
CC_TEMPLATES = [
    ("en", "visa", " ", "here's my card for the hotel deposit: {cc} exp 09/28"),
    ("en", "mastercard", "-", "card number {cc}, cvv on the back"),
    ("en", "amex", " ", "use the corporate Amex {cc} for the flights"),
    ("en", "discover", "", "CC#{cc}"),
    ("de", "visa", " ", "Kreditkartennummer: {cc}, gültig bis 11/27"),
    ("de", "mastercard", " ", "Zahl bitte mit meiner Karte {cc}"),
    ("fr", "visa", " ", "mon numéro de carte bancaire est {cc}"),
    ("fr", "mastercard", ".", "Carte : {cc} – expiration 03/29"),
    ("es", "visa", "-", "el número de la tarjeta es {cc}"),
    ("es", "amex", "-", "Tarjeta de crédito: {cc}"),
    ("pt", "mastercard", " ", "número do cartão {cc} validade 08/27"),
    ("it", "visa", " ", "numero della carta: {cc}"),
    ("nl", "mastercard", " ", "creditcardnummer {cc}"),
    ("pl", "visa", " ", "numer karty: {cc}"),
    ("ru", "mir", " ", "номер карты {cc}, перевод на Сбер"),
    ("tr", "visa", " ", "kart numaram {cc}"),
    ("ja", "jcb", "-", "カード番号は{cc}です"),
    ("ja", "visa", "FW", "クレジットカード番号：{cc}"),
    ("ko", "mastercard", "-", "카드번호 {cc} 로 결제해 주세요"),
    ("zh", "unionpay", " ", "我的银行卡号是{cc}"),
    ("zh", "unionpay19", "", "卡号：{cc}"),
    ("en", "diners", " ", "Diners Club {cc} for the dinner booking"),
    ("en", "maestro", " ", "debit card (Maestro) {cc}"),
    ("en", "visa13", "", "old card on file: {cc}"),
    ("en", "mastercard", "", "billing,card_number,exp\nacme-travel,{cc},07/28"),
]
assert len(CC_TEMPLATES) == 25


# ---------------------------------------------------------------- SSNs
def make_ssn():
    while True:
        a = "%03d" % R.randrange(1, 900)
        g = "%02d" % R.randrange(1, 100)
        s = "%04d" % R.randrange(1, 10000)
        if ssn_ok(a, g, s) and (a, g, s) not in {("078", "05", "1120"), ("123", "45", "6789"), ("219", "09", "9999")}:
            return a, g, s


# (fmt, template): fmt one of dash, space, bare, dot
SSN_TEMPLATES = [
    ("dash", "my SSN is {v}"),
    ("dash", "SSN: {v}"),
    ("space", "social security number {v} for the W-4"),
    ("bare", "SSN {v}"),
    ("bare", "Social Security No. {v}"),
    ("dash", "Número de Seguro Social: {v}"),
    ("space", "mi número de seguro social es {v}"),
    ("bare", "SSN#: {v}"),
    ("dash", "Employee: new hire\nDOB: 1987-04-12\nSSN: {v}\nStart date: 2025-01-06"),
    ("dash", "name,ssn,state\nemployee_17,{v},OH"),
    ("bare", "emp_id,ssn,dept\n4471,{v},finance"),
    ("dash", "| field | value |\n|---|---|\n| SSN | {v} |"),
    ("dash", "{{\"applicant\": {{\"ssn\": \"{v}\", \"state\": \"TX\"}}}}"),
    ("dash", "ssn={v}"),
    ("space", "SS# {v} (for the background check)"),
    ("dash", "her social is {v}, she asked me to fill in the form"),
    ("bare", "Seguro Social: {v}"),
    ("dash", "SSN (last updated 2024): {v}"),
    ("dot", "ssn {v}"),
    ("dash", "tax form box a: {v}"),
    ("dash", "Soc. Sec. #{v}"),
    ("space", "número de seguro social {v} para la solicitud"),
    ("dash", "<ssn>{v}</ssn>"),
    ("dash", "the IRS letter lists the SSN as {v}"),
    ("bare", "ssn: {v}  dob: 03/14/1990"),
]
assert len(SSN_TEMPLATES) == 25


# ---------------------------------------------------------------- IBANs
def es_dc(ten):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    v = 11 - sum(int(c) * x for c, x in zip(ten, w)) % 11
    return {11: 0, 10: 1}.get(v, v)


def fr_rib_key(bank, branch, acct):
    return "%02d" % (97 - (89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)


def letters(n):
    return "".join(R.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(n))


def alnums(n):
    return "".join(R.choice("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n))


def bban(cc):
    if cc == "DE":
        return digits(8, True) + digits(10)
    if cc == "GB":
        return R.choice(["BARC", "LOYD", "HBUK", "NWBK", "MIDL"]) + digits(6) + digits(8)
    if cc == "FR":
        b, br, a = digits(5, True), digits(5), digits(11)
        return b + br + a + fr_rib_key(b, br, a)
    if cc == "ES":
        b, br, a = digits(4, True), digits(4), digits(10)
        return b + br + str(es_dc("00" + b + br)) + str(es_dc(a)) + a
    if cc == "IT":
        return letters(1) + digits(5) + digits(5) + digits(12)
    if cc == "NL":
        return R.choice(["ABNA", "RABO", "INGB", "TRIO", "SNSB"]) + digits(10)
    if cc == "BE":
        ten = digits(10, True)
        chk = int(ten) % 97 or 97
        return ten + "%02d" % chk
    if cc == "AT":
        return digits(5, True) + digits(11)
    if cc == "CH":
        return digits(5) + digits(12)
    if cc == "PL":
        return digits(8, True) + digits(16)
    if cc == "PT":
        return digits(4) + digits(4) + digits(11) + digits(2)
    if cc == "IE":
        return R.choice(["AIBK", "BOFI"]) + digits(6) + digits(8)
    if cc == "LU":
        return digits(3) + digits(13)
    if cc == "SE":
        return digits(3) + digits(17)
    if cc == "NO":
        w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
        while True:
            ten = digits(10, True)
            c = 11 - sum(int(a) * b for a, b in zip(ten, w)) % 11
            if c == 11:
                c = 0
            if c != 10:
                return ten + str(c)
    if cc == "DK":
        return digits(4) + digits(10)
    if cc == "FI":
        return digits(14)
    if cc == "TR":
        return digits(5) + "0" + digits(16)
    if cc == "SA":
        return digits(2) + digits(18)
    if cc == "AE":
        return digits(3) + digits(16)
    if cc == "CZ":
        return digits(4) + digits(6) + digits(10)
    if cc == "RO":
        return R.choice(["BTRL", "RNCB", "BRDE"]) + alnums(16)
    raise ValueError(cc)


IB_TEMPLATES = [
    ("DE", True, "de", "Bitte überweise an IBAN {v}"),
    ("DE", False, "de", "IBAN: {v}, Kontoinhaber siehe Rechnung"),
    ("GB", True, "en", "my IBAN is {v} (GBP account)"),
    ("FR", True, "fr", "RIB / IBAN : {v}"),
    ("FR", False, "fr", "vire-moi sur {v} stp"),
    ("ES", True, "es", "mi IBAN es {v}"),
    ("IT", True, "it", "IBAN per il bonifico: {v}"),
    ("NL", True, "nl", "maak het over naar {v} t.n.v. de vereniging"),
    ("NL", False, "nl", "rekeningnummer {v}"),
    ("BE", True, "fr", "numéro de compte {v}"),
    ("AT", True, "de", "Kontonummer (IBAN) {v}"),
    ("CH", True, "de", "Zahlungen bitte auf {v}"),
    ("PL", True, "pl", "numer konta: {v}"),
    ("PT", True, "pt", "o meu IBAN é {v}"),
    ("IE", False, "en", "iban,bic\n{v},AIBKIE2D"),
    ("SE", True, "sv", "betala till {v}"),
    ("NO", False, "no", "kontonummer i IBAN-format: {v}"),
    ("TR", True, "tr", "IBAN numaram {v}"),
    ("SA", True, "ar", "رقم الآيبان: {v}"),
    ("AE", False, "en", "beneficiary IBAN {v}"),
]
assert len(IB_TEMPLATES) == 20


def make_iban(cc, grouped):
    b = bban(cc)
    s = cc + iban_check(cc, b) + b
    assert iban_ok(s)
    if grouped:
        s = " ".join(s[i:i + 4] for i in range(0, len(s), 4))
    return s


# ---------------------------------------------------------------- build positives
CONFIG_FORMS = {"env", "yaml", "ini", "toml", "properties", "cli", "table_md", "csv", "connstr", "json", "xml", "php", "wpa"}


def build_positives():
    recs = []
    meta = []
    for lang, form, tpl, style in PW_TEMPLATES:
        while True:
            pw = make_pw(style, lang.split("+")[0])
            if form in CONFIG_FORMS and not pw[0].isalnum():
                continue
            text = tpl.format(pw=pw)
            if text.count(pw) == 1:
                break
        recs.append((text, "password", pw))
        meta.append(("password", lang, form, style))
    for country, lang, tpl, pat in PH_TEMPLATES:
        ph = make_phone(pat)
        recs.append((tpl.format(ph=ph), "phone_number", ph))
        meta.append(("phone_number", lang, country, pat))
    for lang, brand, sep, tpl in CC_TEMPLATES:
        num, grp = make_card(brand)
        assert luhn_ok(num)
        if sep == "FW":
            v = fullwidth(group(num, grp, " ")).replace("\u3000", " ")
        else:
            v = group(num, grp, sep) if sep else num
        recs.append((tpl.format(cc=v), "credit_card", v))
        meta.append(("credit_card", lang, brand, sep or "none"))
    for fmt, tpl in SSN_TEMPLATES:
        a, g, s = make_ssn()
        v = {"dash": "-", "space": " ", "bare": "", "dot": "."}[fmt].join([a, g, s])
        recs.append((tpl.format(v=v), "us_ssn", v))
        meta.append(("us_ssn", "es" if any(w in tpl for w in ("Seguro", "seguro")) else "en", fmt, ""))
    for cc, grouped, lang, tpl in IB_TEMPLATES:
        v = make_iban(cc, grouped)
        recs.append((tpl.format(v=v), "iban", v))
        meta.append(("iban", lang, cc, "grouped" if grouped else "compact"))
    out = []
    for i, (text, kind, value) in enumerate(recs, 1):
        assert value in text, (kind, value, text)
        out.append({"id": "r9p-%03d" % i, "text": text, "secrets": [{"kind": kind, "value": value}]})
    return out, meta


# ---------------------------------------------------------------- negatives
def gtin_check(body):
    t = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return str((10 - t % 10) % 10)


def isbn13():
    body = "978" + str(R.randrange(0, 2)) + digits(3) + digits(5)
    b = body + gtin_check(body)
    return "%s-%s-%s-%s-%s" % (b[:3], b[3], b[4:7], b[7:12], b[12])


def ean13():
    body = R.choice(["400", "300", "800", "590", "490"]) + digits(9)
    return body + gtin_check(body)


def safe_num(n, first_nonzero=True):
    """A digit string that is not Luhn-valid when 13-19 long."""
    while True:
        s = digits(n, first_nonzero)
        if not (13 <= n <= 19 and luhn_ok(s)):
            return s


NEG = {
    "password_talk": [
        "the password is in 1Password, vault 'Ops shared'",
        "the wifi password changed again, ask at reception",
        "password: see vault",
        "Passwort: steht im Tresor (KeePass), nicht hier posten",
        "mot de passe : demande à Julie en MP, pas sur le canal",
        "la contraseña está en el gestor de contraseñas del equipo",
        "a senha está no cofre do Bitwarden, pasta Financeiro",
        "パスワードは1Passwordの「インフラ」保管庫にあります",
        "비밀번호는 사내 위키에 있어요, 여기엔 안 올릴게요",
        "密码在公司的密码管理器里，别发群里",
        "пароль лежит в Vault, путь secret/ops/router",
        "hasło jest w menedżerze haseł, nie wklejaj go tutaj",
        "şifre değişti, IT'ye sorman lazım",
        "het wachtwoord staat in de kluis, vraag het aan de beheerder",
        "la password è nel password manager, cartella Amministrazione",
        "كلمة المرور موجودة في مدير كلمات المرور، لا ترسلها هنا",
        "הסיסמה נמצאת בכספת של הצוות",
        "पासवर्ड वॉल्ट में है, यहाँ मत डालो",
        "รหัสผ่านอยู่ใน password manager ของทีมนะครับ",
        "mật khẩu nằm trong kho mật khẩu của nhóm, đừng gửi ở đây",
        "kata sandinya ada di vault tim, jangan ditempel di sini ya",
        "رمز عبور در گاوصندوق تیم است",
        "nenosiri liko kwenye kasha la timu",
        "ο κωδικός είναι στο password manager, μην τον στέλνεις εδώ",
        "пароль від вайфаю змінили, спитай на рецепції",
        "password policy: at least 12 characters, one digit, one symbol, no reuse of the last 5",
        "Passwortrichtlinie: mindestens 14 Zeichen, Groß- und Kleinbuchstaben, Sonderzeichen",
        "la contraseña debe tener al menos 10 caracteres y un número",
        "パスワードは8文字以上で、英数字と記号を含めてください",
        "le mot de passe doit contenir au moins 12 caractères dont un chiffre",
        "reminder: passwords expire every 90 days, you'll get a prompt on Monday",
        "I forgot my password again, who can reset it?",
        "password reset link expired, can someone resend it?",
        "the password is the same as last time, check the old thread",
        "the door code changed on Monday, ask facilities for the new one",
        "voicemail PIN reset is self-service now: dial *86 and follow the prompts",
        "zip password will come in a separate email, as usual",
        "don't use things like Summer2024! as a password, the audit flagged 31 of those",
        "rule of thumb: a passphrase of 4 random words beats P@ssw0rd-style substitutions",
        "the cracked list had the usual suspects: 123456, qwerty, password1",
        "WiFi: Office-Guest (password on the whiteboard in room 3)",
        "VPN now uses SSO, no separate password anymore",
        "the locker combination is taped inside the supply cabinet",
        "password was rotated at 14:02 UTC, all pods restarted fine",
        "pw manager migration done: 412 entries moved from LastPass to Bitwarden",
        "ticket SEC-2231: password spraying from 3 ASNs, blocked at the WAF",
        "the passphrase must be at least 5 words, separated by spaces",
        "tip: the WPA2 password can be 8 to 63 characters",
        "Password123 is literally on the banned list, the form will reject it",
        "Forgot password? → Passwort vergessen? → ¿Olvidaste tu contraseña?",
        "hashing: we store bcrypt(cost=12) of the password, never the password itself",
        "password field is masked in the logs now (PR #4412)",
        "the shared account password will be rotated after Maria leaves",
        "who has the password for the printer admin page? asking for a friend",
        "password length histogram: 8 → 22%, 10 → 31%, 12+ → 47%",
        "SELECT count(*) FROM users WHERE password_changed_at < now() - interval '90 days';",
        "error: password authentication failed for user \"report_ro\"",
        "Warning: Using a password on the command line interface can be insecure.",
        "sudo: 3 incorrect password attempts",
        "fatal: Authentication failed for 'https://git.internal/ops/infra.git/'",
    ],
    "placeholder": [
        "password: <your-password-here>",
        "Passwort: ********",
        "contraseña: [tu contraseña]",
        "mot de passe : <votre_mot_de_passe>",
        "senha: ******",
        "パスワード：＜パスワード＞",
        "пароль: ваш_пароль",
        "hasło: TWOJE_HASLO",
        "wachtwoord: <wachtwoord>",
        "mật khẩu: ********",
        "비밀번호: ****",
        "密码：******",
        "parola: ********",
        "şifre: <şifreniz>",
        "كلمة المرور: ••••••••",
        "סיסמה: <סיסמה>",
        "पासवर्ड: <आपका पासवर्ड>",
        "รหัสผ่าน: <รหัสผ่านของคุณ>",
        "kata sandi: <kata-sandi-anda>",
        "DB_PASSWORD=${DB_PASSWORD}",
        "DB_PASSWORD=",
        "password: \"\"",
        "mysql -u root -p$MYSQL_ROOT_PASSWORD",
        "psql \"host=db user=app password=$PGPASSWORD\"",
        "Server=sql01;Database=Billing;User Id=app;Password=<password>;",
        "spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}",
        "password: {{ .Values.db.password }}",
        "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  ...",
        "password = \"REPLACE_ME\"",
        "<password>changeit</password>  <!-- JDK default keystore password, replace -->",
        "password: %DB_PASSWORD%",
        "sshpass -p \"$SSH_PASS\" ssh deploy@build-01",
        "7z x backup.7z -p\"$ZIP_PASS\"",
        "card: XXXX XXXX XXXX 1234",
        "Kartennummer: **** **** **** 0042",
        "SSN: XXX-XX-XXXX",
        "SSN: ***-**-****",
        "tel: +49 XXX XXXXXXX",
        "phone: (XXX) XXX-XXXX",
        "電話番号：000-0000-0000",
        "IBAN: DE00 0000 0000 0000 0000 00",
        "IBAN: FRkk BBBB BGGG GGCC CCCC CCCC CKK",
        "password: [REDACTED]",
        "wifi password: <ask reception>",
        "Password=******;",
    ],
    "other": [
        "swift/BIC of the bank: DEUTDEFF (public bank code, not an account)",
        "sort code format is NN-NN-NN, account number 8 digits",
        "UK numbers are +44 then 10 digits; drop the leading 0",
        "IBAN length: DE 22, FR 27, NL 18, BE 16",
        "the regex for US SSNs is ^\\d{3}-\\d{2}-\\d{4}$ but excludes 000, 666 and 9xx areas",
        "our support line moved to the chat widget; no phone numbers anymore",
        "E.164 numbers are at most 15 digits",
        "card numbers are 13 to 19 digits and end in a Luhn check digit",
        "please never paste card numbers into Slack, use the PCI form",
        "Ihre Telefonnummer bitte nur über das Formular angeben",
        "no me mandes el número de la tarjeta por aquí, usa el portal",
        "電話番号は社内名簿を見てください",
        "IBAN-Prüfziffer wird per Modulo 97 berechnet",
        "the number format for Japan mobiles is 0X0-XXXX-XXXX",
        "SSNs were randomized in June 2011, so the area no longer means a state",
    ],
}


def neg_numbers():
    """number_lookalike templates; each returns a text."""
    y = lambda: str(R.randrange(2019, 2027))
    return [
        lambda: "Order #%s-%s-%s shipped today" % (digits(3, True), digits(7), digits(7)),
        lambda: "invoice INV-%s-%s is overdue by 14 days" % (y(), digits(6)),
        lambda: "tracking number 1Z%s%s%s (UPS)" % (digits(3), letters(2), digits(10)),
        lambda: "FedEx tracking %s" % safe_num(12),
        lambda: "PO %s approved, total €%s.%s,%s" % (digits(7, True), R.randrange(1, 99), digits(3), digits(2)),
        lambda: "Bestellnummer %s, Lieferung am %02d.%02d.%s" % (safe_num(10), R.randrange(1, 29), R.randrange(1, 13), y()),
        lambda: "número de pedido %s" % safe_num(11),
        lambda: "注文番号：%s-%s-%s" % (digits(3, True), digits(7), digits(7)),
        lambda: "ts=%s" % str(R.randrange(1700000000, 1790000000)),
        lambda: "created_at_ms: %s" % str(R.randrange(1700000000000, 1790000000000)),
        lambda: "build 10.0.%s.%s" % (R.randrange(19041, 26100), R.randrange(100, 5000)),
        lambda: "Chrome %s.0.%s.%s" % (R.randrange(110, 140), R.randrange(5000, 7500), R.randrange(10, 250)),
        lambda: "release v%s.%s.%s-rc.%s" % (R.randrange(1, 20), R.randrange(0, 40), R.randrange(0, 30), R.randrange(1, 9)),
        lambda: "ISBN %s" % isbn13(),
        lambda: "total: $%s,%s.%s" % (R.randrange(1, 999), digits(3), digits(2)),
        lambda: "Umsatz %s %s %s €" % (R.randrange(10, 999), digits(3), digits(3)),
        lambda: "row count %s %s %s" % (R.randrange(10, 99), digits(3), digits(3)),
        lambda: "meeting on %s-%02d-%02d at 14:30" % (y(), R.randrange(1, 13), R.randrange(1, 29)),
        lambda: "Jira OPS-%s, Zendesk #%s" % (R.randrange(1000, 9999), digits(7, True)),
        lambda: "case number %s-%s-%s" % (digits(4, True), digits(4), digits(4)),
        lambda: "ticket %s-%s-%s" % (R.choice(["000", "666", "900", "987"]), digits(2), digits(4)),
        lambda: "part no. %s.%s.%s" % (digits(3, True), digits(3), digits(4)),
        lambda: "serial %s/%s/%s" % (digits(3, True), digits(3), digits(4)),
        lambda: "SKU %s-%s-%s" % (digits(3, True), digits(3), digits(4)),
        lambda: "lot %s %s %s" % (digits(3, True), digits(3), digits(4)),
        lambda: "cost center %s-%s-%s, fiscal period FY%s-Q%s" % (digits(4, True), digits(3), digits(2), y(), R.randrange(1, 5)),
        lambda: "HS tariff code %s.%s.%s" % (R.randrange(8401, 8548), digits(2), digits(4)),
        lambda: "NDC %s-%s-%s" % (digits(4), digits(4), digits(2)),
        lambda: "Slack ts %s.%s" % (R.randrange(1700000000, 1790000000), digits(6)),
        lambda: "container exited with code 137 after %s s (pid %s)" % (R.randrange(60, 86400), R.randrange(1000, 4194304)),
        lambda: "faktura łącznie %s %s,%s zł" % (R.randrange(1, 999), digits(3), digits(2)),
        lambda: "build number %s.%s (%s)" % (R.randrange(1, 9), R.randrange(0, 99), digits(10, True)),
        lambda: "温度ログ %s.%s / %s.%s / %s.%s ℃" % (R.randrange(18, 30), R.randrange(0, 10), R.randrange(18, 30), R.randrange(0, 10), R.randrange(18, 30), R.randrange(0, 10)),
        lambda: "UN %s, packing group II, %s kg" % (R.randrange(1000, 3500), R.randrange(1, 900)),
        lambda: "Aktenzeichen %s O %s/%s" % (R.randrange(1, 40), R.randrange(1, 999), R.randrange(19, 27)),
        lambda: "EAN %s" % ean13(),
        lambda: "batch id %s %s %s %s" % (digits(4, True), digits(4), digits(4), digits(4)),
        lambda: "transaction ref %s" % safe_num(16),
        lambda: "AWS account 1234%s" % digits(8),
        lambda: "GCP project number %s" % safe_num(12),
        lambda: "coordinates %s.%s, %s.%s" % (R.randrange(30, 60), digits(6), R.randrange(1, 30), digits(6)),
        lambda: "latency p50=%sms p99=%sms over %s %s requests" % (R.randrange(5, 90), R.randrange(100, 900), R.randrange(10, 999), digits(3)),
        lambda: "port range %s-%s" % (R.randrange(1024, 30000), R.randrange(30001, 65535)),
        lambda: "CVE-%s-%s" % (y(), R.randrange(10000, 59999)),
        lambda: "KB%s installed on %s hosts" % (R.randrange(5000000, 5099999), R.randrange(2, 400)),
        lambda: "Rechnungsnr. %s/%s/%s" % (y(), digits(4), digits(3)),
        lambda: "NF-e nº %s.%s.%s" % (digits(3, True), digits(3), digits(3)),
        lambda: "фактура № %s-%s от %02d.%02d.%s" % (digits(4, True), digits(5), R.randrange(1, 29), R.randrange(1, 13), y()),
        lambda: "sipariş no: %s" % safe_num(10),
        lambda: "订单号 %s" % safe_num(18),
        lambda: "SLA 99.95%%, downtime %s min in %s" % (R.randrange(1, 50), y()),
        lambda: "vendor id %s %s %s" % (digits(2, True), digits(4), digits(4)),
        lambda: "room %s, floor %s, ext. directory on the intranet" % (R.randrange(100, 999), R.randrange(1, 20)),
        lambda: "IMO %s / MMSI %s" % (digits(7, True), digits(9, True)),
        lambda: "checksum crc32=%s" % digits(10, True),
        lambda: "error code 0x%s (%s)" % ("".join(R.choice("0123456789ABCDEF") for _ in range(8)), digits(10, True)),
        lambda: "amount in cents: %s" % digits(9, True),
        lambda: "pages %s-%s, doi:10.%s/%s.%s" % (R.randrange(1, 300), R.randrange(300, 900), R.randrange(1000, 9999), y(), digits(5)),
        lambda: "phone-shaped but it's a patent: US %s,%s,%s B2" % (R.randrange(10, 12), digits(3), digits(3)),
    ]


TEST_CARDS = [
    ("Stripe test card", "4242 4242 4242 4242"),
    ("Stripe's decline test card", "4000 0000 0000 0002"),
    ("Braintree sandbox Visa", "4111 1111 1111 1111"),
    ("Stripe test Mastercard", "5555 5555 5555 4444"),
    ("Amex test number from the payment docs", "3782 822463 10005"),
    ("Discover sandbox card", "6011 1111 1111 1117"),
    ("Adyen test card", "5105 1051 0510 5100"),
]
DOC_EXAMPLES = [
    "IBAN example from the docs: DE89 3704 0044 0532 0130 00 (do not use)",
    "the SSA advertising example 078-05-1120 is invalid, don't use it in fixtures",
    "GB82 WEST 1234 5698 7654 32 is the textbook example IBAN",
]


def build_negatives():
    out = []
    seen = set()
    # password_talk: 60, placeholder: 45, other: 15 + 3 doc examples, number_lookalike: rest (77)
    for cat in ("password_talk", "placeholder", "other"):
        for t in NEG[cat]:
            out.append((t, cat))
    for t in DOC_EXAMPLES:
        out.append((t, "other"))
    for label, num in TEST_CARDS:
        tpl = R.choice(["use the %s %s in sandbox", "%s: %s, any CVC, any future date", "e2e tests use the %s (%s)"])
        out.append((tpl % (label, num), "number_lookalike"))
    gens = neg_numbers()
    i = 0
    while len(out) < 200:
        t = gens[i % len(gens)]()
        if scan_negative(t) or t in {x for x, _ in out}:
            continue  # redraw: the lookalike must not be Luhn/SSN/IBAN-valid
        i += 1
        out.append((t, "number_lookalike"))
    recs = []
    for n, (t, cat) in enumerate(out, 1):
        assert t not in seen, t
        seen.add(t)
        recs.append({"id": "r9n-%03d" % n, "text": t, "category": cat})
    return recs


# ---------------------------------------------------------------- scanner for negatives
def scan_negative(text):
    hits = []
    for m in re.finditer(r"\d(?:[ -]?\d){12,18}", text):
        d = re.sub(r"\D", "", m.group())
        for L in range(13, 20):
            for s in range(0, len(d) - L + 1):
                sub = d[s:s + L]
                if luhn_ok(sub) and len(set(sub)) > 1:
                    hits.append(("luhn", m.group()))
                    break
            else:
                continue
            break
    for m in re.finditer(r"\b(\d{3})-(\d{2})-(\d{4})\b", text):
        if ssn_ok(*m.groups()):
            hits.append(("ssn", m.group()))
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b", text):
        try:
            if iban_ok(m.group()):
                hits.append(("iban", m.group()))
        except ValueError:
            pass
    return hits


def main():
    pos, meta = build_positives()
    neg = build_negatives()
    assert len(pos) == 220 and len(neg) == 200
    assert len({p["text"] for p in pos}) == 220
    kinds = Counter(p["secrets"][0]["kind"] for p in pos)
    assert kinds == {"password": 100, "phone_number": 50, "credit_card": 25, "us_ssn": 25, "iban": 20}, kinds
    for p in pos:
        v = p["secrets"][0]["value"]
        k = p["secrets"][0]["kind"]
        assert v in p["text"]
        if k == "credit_card":
            d = "".join(str(int(c)) for c in v if c.isdigit())  # int() folds full-width digits
            assert luhn_ok(d) and 13 <= len(d) <= 19, v
        if k == "us_ssn":
            d = re.sub(r"\D", "", v)
            assert len(d) == 9 and ssn_ok(d[:3], d[3:5], d[5:]), v
        if k == "iban":
            assert iban_ok(v), v
    pw_langs = {m[1] for m in meta if m[0] == "password"}
    base_langs = {l for x in pw_langs for l in x.split("+")}
    assert len(base_langs) >= 25, base_langs
    ph_countries = {m[2] for m in meta if m[0] == "phone_number"}
    assert len(ph_countries) >= 30, len(ph_countries)
    iban_countries = {m[2] for m in meta if m[0] == "iban"}
    assert len(iban_countries) >= 12
    # negatives: scanner
    allowed = {t for _, t in TEST_CARDS} | {"DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32", "078-05-1120"}
    flagged = []
    for r in neg:
        for kind, val in scan_negative(r["text"]):
            if not any(a in r["text"] for a in allowed):
                raise AssertionError((r["id"], kind, val, r["text"]))
            flagged.append((r["id"], kind, val))
    with open(os.path.join(HERE, "recall9_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "recall9_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # summary
    print("positives:", dict(kinds))
    print("negatives:", dict(Counter(r["category"] for r in neg)))
    print("password languages (%d):" % len(base_langs), " ".join(sorted(base_langs)))
    print("password forms:", dict(Counter(m[2] for m in meta if m[0] == "password")))
    print("password styles:", dict(Counter(m[3] for m in meta if m[0] == "password")))
    print("phone countries (%d):" % len(ph_countries), " ".join(sorted(ph_countries)))
    print("card brands:", dict(Counter(m[2] for m in meta if m[0] == "credit_card")))
    print("card seps:", dict(Counter(m[3] for m in meta if m[0] == "credit_card")))
    print("card langs:", dict(Counter(m[1] for m in meta if m[0] == "credit_card")))
    print("ssn formats:", dict(Counter(m[2] for m in meta if m[0] == "us_ssn")))
    print("ssn langs:", dict(Counter(m[1] for m in meta if m[0] == "us_ssn")))
    print("iban countries (%d):" % len(iban_countries), dict(Counter(m[2] for m in meta if m[0] == "iban")))
    print("negatives flagged by own scanner (deliberate doc/test values):", flagged)


if __name__ == "__main__":
    main()
