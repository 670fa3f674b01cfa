#!/usr/bin/env python3
"""Blind recall probe #11 (issue 24): passwords and phone numbers.

Standard library only. Deterministic: random.Random(1111). Writes
recall11_positives.jsonl and recall11_negatives.jsonl next to this file and
prints counts.
"""
import json
import os
import random
import re
import string
from collections import Counter

R = random.Random(1111)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers
DIG = string.digits
ALNUM = string.ascii_letters + string.digits


def digits(n, first_nonzero=False):
    s = "".join(R.choice(DIG) for _ in range(n))
    if first_nonzero and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def pattern(p):
    """'#' -> digit, 'N' -> 1-9, everything else literal."""
    out = []
    for ch in p:
        if ch == "#":
            out.append(R.choice(DIG))
        elif ch == "N":
            out.append(R.choice("123456789"))
        else:
            out.append(ch)
    return "".join(out)


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


def luhn_complete(prefix, length):
    body = prefix + digits(length - len(prefix) - 1)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_numeric(s):
    return "".join(str(int(ch, 36)) if ch.isalpha() else ch for ch in s.upper())


def iban_valid(s):
    s = s.replace(" ", "").upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    return int(iban_numeric(s[4:] + s[:4])) % 97 == 1


def make_iban(cc, bban):
    chk = 98 - int(iban_numeric(bban + cc + "00")) % 97
    return cc + "%02d" % chk + bban


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


# ---------------------------------------------------------------- passwords
WORDS = ["Sunflower", "tigre", "Mariposa", "Kirsche", "bonjour", "Zaragoza", "falcon", "Pinguin",
         "dragon", "Mango", "winter", "Oktober", "sakura", "Toronto", "lobster", "Kasztan",
         "Marmelade", "orchidee", "Copacabana", "Vesuvio", "biscuit", "Helsinki", "Pomidor",
         "sombrero", "Kaffee", "tortuga", "Nebula", "Gazpacho", "Baltic", "Chimichurri",
         "kangaroo", "Rosmarin", "Cappuccino", "Istanbul", "fjord", "Tsunami", "Valencia"]
PHRASE_WORDS = ["correct", "horse", "battery", "staple", "purple", "monkey", "dishwasher", "river",
                "cactus", "lantern", "orbit", "pickle", "velvet", "thunder", "walnut", "glacier",
                "teapot", "meadow", "rocket", "saffron", "pebble", "harbor", "violin", "cobalt",
                "tornado", "biscuit", "marble", "falcon", "crayon", "zebra", "noodle", "compass"]
LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}

SPECIALS = {
    "text": "!@#$%&*-_+=?~",
    "quoted": "!@#$%&*-_+=?~^",
    "xml": "!@#$%*-_+=?~^",
    "conn": "!@#$%&*-_+=?~",
    "unq": "_-.@%+=",
    "md": "!@#$%-_+=?",
}


def pw_word(profile):
    w = R.choice(WORDS)
    if R.random() < 0.5:
        w = w.capitalize()
    sp = SPECIALS[profile]
    tail = digits(R.choice([2, 2, 3, 4]))
    if R.random() < 0.55:
        tail += R.choice(sp.replace("-", "").replace(".", "").replace("=", "") or "_")
    if R.random() < 0.2:
        pre = [c for c in sp if c in "!@#$%*_"] or ["_"]
        return R.choice(pre) + w + tail if profile != "unq" else w + "_" + tail
    return w + tail


def pw_leet(profile):
    w1, w2 = R.sample(WORDS, 2)
    base = (w1 + (w2.capitalize() if R.random() < 0.5 else w2)) if R.random() < 0.4 else w1
    out = []
    for ch in base:
        if ch.lower() in LEET and R.random() < 0.7:
            out.append(LEET[ch.lower()])
        else:
            out.append(ch)
    s = "".join(out)
    if s[0].isdigit():
        s = base[0] + s[1:]
    sp = SPECIALS[profile]
    s += R.choice(sp.replace("-", "").replace(".", "") or "_") + digits(R.choice([1, 2]))
    return s


def pw_random(profile):
    n = R.randint(10, 24)
    sp = SPECIALS[profile]
    alpha = ALNUM * 2 + sp
    while True:
        s = R.choice(string.ascii_letters) + "".join(R.choice(alpha) for _ in range(n - 2)) + R.choice(ALNUM)
        if any(c.isdigit() for c in s) and any(c.isupper() for c in s) and any(c.islower() for c in s):
            return s


def pw_phrase(profile, spaces_ok):
    k = R.choice([3, 4, 4, 5])
    ws = R.sample(PHRASE_WORDS, k)
    if spaces_ok and R.random() < 0.6:
        return " ".join(ws)
    if profile == "unq":
        j = R.choice(["-", "_", "."])
    else:
        j = R.choice(["-", "_", ".", "+"])
    if R.random() < 0.3:
        return "".join(w.capitalize() for w in ws) + digits(R.choice([1, 2]))
    return j.join(ws) + (digits(1) if R.random() < 0.4 else "")


def pw_pin():
    n = R.choice([4, 4, 4, 5, 6, 6, 8])
    while True:
        s = digits(n)
        if s not in ("1234", "0000", "123456", "12345678") and len(set(s)) > 1:
            return s


PW_KINDS = ["word", "leet", "random", "phrase", "pin"]


def make_pw(kind, profile="text", spaces_ok=True):
    if kind == "word":
        return pw_word(profile)
    if kind == "leet":
        return pw_leet(profile)
    if kind == "random":
        return pw_random(profile)
    if kind == "phrase":
        return pw_phrase(profile, spaces_ok)
    if kind == "pin":
        return pw_pin()
    raise ValueError(kind)


# sentences: (lang, template)
PW_SENT = [
    ("en", "teh pasword for the staging admin is {pw} fyi"),
    ("en", "pw: {pw} (case sensitive!)"),
    ("en", "I changed the jenkins pass to {pw} yesterday, lmk if it doesnt work"),
    ("en", "u can log in w/ admin / {pw}"),
    ("en", "{pw} <- that's the new pwd for the shared drive"),
    ("en", "passwd for the build box will be {pw} after tonight's rotation"),
    ("de", "Das Kennwort für den Testuser lautet {pw}, bitte nicht weitergeben."),
    ("de", "PW fürs WLAN im Büro ist {pw}"),
    ("de", "hab das Passwort gestern auf {pw} geändert"),
    ("fr", "le mdp du compte partagé c'est {pw}"),
    ("fr", "Mot de passe : {pw} (à changer à la première connexion)"),
    ("es", "la contraseña del router es {pw}"),
    ("es", "contra: {pw} — no la compartas porfa"),
    ("pt", "a senha do wifi é {pw}"),
    ("pt", "Senha provisória: {pw}. Troca depois do primeiro login"),
    ("it", "la password del gestionale è {pw}"),
    ("it", "ti giro la pass: {pw}"),
    ("nl", "het wachtwoord is {pw}, hoofdlettergevoelig"),
    ("nl", "ww voor de testomgeving: {pw}"),
    ("pl", "hasło do panelu to {pw}"),
    ("pl", "Nowe hasło: {pw} — zmień po zalogowaniu"),
    ("cs", "heslo na wifi je {pw}"),
    ("sk", "heslo do systému je {pw}"),
    ("hu", "a jelszó {pw}, kis- és nagybetű számít"),
    ("ro", "parola de la router e {pw}"),
    ("bg", "паролата за админ панела е {pw}"),
    ("el", "ο κωδικός του wifi είναι {pw}"),
    ("tr", "wifi şifresi {pw}"),
    ("tr", "şifre: {pw} (ilk girişte değiştir)"),
    ("sv", "lösenordet är {pw}"),
    ("no", "passordet til gjestenettet er {pw}"),
    ("da", "adgangskoden til kontoen er {pw}"),
    ("fi", "salasana on {pw}"),
    ("is", "lykilorðið er {pw}"),
    ("et", "parool on {pw}"),
    ("lv", "parole ir {pw}"),
    ("lt", "slaptažodis: {pw}"),
    ("uk", "пароль від адмінки: {pw}"),
    ("ru", "пароль от сервера {pw}, не свети им в общем канале"),
    ("ru", "пасс: {pw}"),
    ("he", "הסיסמה היא {pw}"),
    ("ar", "كلمة المرور هي {pw}"),
    ("fa", "رمز عبور: {pw}"),
    ("hi", "पासवर्ड है {pw}"),
    ("hi", "wifi ka password {pw} hai"),
    ("bn", "পাসওয়ার্ড: {pw}"),
    ("zh", "密码是{pw}"),
    ("zh", "测试账号 admin，密码 {pw}"),
    ("ja", "パスワードは{pw}です"),
    ("ja", "共有アカウントのパス：{pw}"),
    ("ko", "비밀번호는 {pw} 입니다"),
    ("ko", "비번 {pw}"),
    ("vi", "mật khẩu là {pw} nhé"),
    ("th", "รหัสผ่านคือ {pw}"),
    ("id", "kata sandinya {pw} ya"),
    ("ms", "kata laluan: {pw}"),
    ("tl", "yung password ng account ay {pw}"),
    ("sw", "nenosiri ni {pw}"),
    ("hr", "lozinka je {pw}"),
    ("sr", "лозинка је {pw}"),
    ("sl", "geslo je {pw}"),
    ("ca", "la contrasenya és {pw}"),
    ("pt", "passa-me a senha? ah já sei, é {pw}"),
    ("de", "Kennwort war {pw}, ist aber evtl. schon abgelaufen"),
]

PW_REPLY = [
    ("en", "> what's the password for the guest wifi?\n{pw}"),
    ("de", "> wie war nochmal das Passwort für grafana?\n{pw}\n(bitte nicht weitersagen)"),
    ("fr", "> c'est quoi le mdp du nas ?\n\n{pw}"),
    ("pt", "> qual é a senha?\n{pw}"),
    ("en", "replying to @ana: \"pw for the vpn test acct?\"\n{pw}"),
    ("zh", "> 密码多少？\n{pw}"),
    ("ja", "> パスワード何でしたっけ？\n{pw}"),
    ("es", "> ¿cuál es la contraseña del wifi?\n`{pw}`"),
    ("en", "> pass?\n{pw}"),
    ("ko", "> 비밀번호 뭐였죠?\n{pw}"),
    ("pl", "> jakie jest hasło do routera?\n{pw}"),
    ("nl", "> wat is het wachtwoord van de printer?\n{pw}\nzonder spaties"),
    ("it", "> qual è la password del wifi ospiti?\n{pw}"),
    ("en", "> anyone have the pw for the old jira admin acct\nyep\n{pw}"),
    ("ru", "> какой пароль от wifi?\n{pw}"),
    ("tr", "> wifi şifresi neydi?\n{pw}"),
]

# technical forms: (form, template, profile, allowed kinds, spaces_ok)
PW_TECH = [
    ("conn_adonet", "Server=sql-prod-03;Database=Billing;User Id=svc_billing;Password={pw};TrustServerCertificate=True", "conn", ["random", "word", "leet"], False),
    ("conn_npgsql", "use this for now: `Host=pg-reporting;Port=5432;Username=report_ro;Pwd={pw};SSL Mode=Require`", "conn", ["random", "leet"], False),
    ("conn_odbc", "DRIVER={{ODBC Driver 18 for SQL Server}};SERVER=tcp:erp-db,1433;UID=erp_etl;PWD={pw};Encrypt=yes", "conn", ["random", "word"], False),
    ("conn_libpq", "psql \"host=pg-analytics dbname=events user=analyst password={pw} sslmode=verify-full\"", "unq", ["random", "word", "leet"], False),
    ("yaml_compose", "```yaml\nservices:\n  db:\n    image: mariadb:11\n    environment:\n      MARIADB_ROOT_PASSWORD: \"{pw}\"\n      MARIADB_DATABASE: shop\n```", "quoted", ["random", "word", "leet", "phrase"], True),
    ("yaml_app", "```\ndatabase:\n  host: pg-main\n  user: orders\n  password: {pw}\n  pool: 20\n```", "unq", ["random", "word", "leet"], False),
    ("yaml_k8s_stringdata", "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp-relay\nstringData:\n  username: notifications\n  password: '{pw}'\n```", "quoted", ["random", "phrase", "word"], True),
    ("dotenv", "```\nAPP_ENV=staging\nDB_HOST=mysql-stg\nDB_USER=laravel\nDB_PASSWORD={pw}\nMAIL_MAILER=smtp\n```", "unq", ["random", "word", "leet"], False),
    ("dotenv_quoted", "added to .env on the box:\nSMTP_PASS='{pw}'", "quoted", ["random", "phrase", "leet"], True),
    ("ini", "```ini\n[client]\nuser = backup\npassword = {pw}\nhost = db-replica-2\n```", "unq", ["random", "word", "leet"], False),
    ("ini_de", "Konfig aus der alten Anlage:\n[ftp]\nbenutzer=lager\nkennwort={pw}\n", "unq", ["word", "random"], False),
    ("toml", "```toml\n[mqtt]\nbroker = \"mqtt.factory.lan\"\nusername = \"plc-gw\"\npassword = \"{pw}\"\n```", "quoted", ["random", "phrase", "leet"], True),
    ("properties", "spring.datasource.username=inventory\nspring.datasource.password={pw}", "unq", ["random", "word", "leet"], False),
    ("properties_keystore", "javax.net.ssl.keyStorePassword={pw}  <- from the old wildfly box", "unq", ["random", "word"], False),
    ("json", "```json\n{{\n  \"host\": \"ftp.partner-edi.net\",\n  \"username\": \"edi_upload\",\n  \"password\": \"{pw}\",\n  \"port\": 22\n}}\n```", "quoted", ["random", "word", "phrase", "leet"], True),
    ("json_inline", "creds for the webhook tester: {{\"user\":\"qa-bot\",\"pass\":\"{pw}\"}}", "quoted", ["random", "leet"], True),
    ("xml_maven", "```xml\n<server>\n  <id>nexus-releases</id>\n  <username>ci-deployer</username>\n  <password>{pw}</password>\n</server>\n```", "xml", ["random", "word", "leet"], True),
    ("xml_appsettings", "<add key=\"SmtpPassword\" value=\"{pw}\" />", "xml", ["random", "word", "phrase"], True),
    ("docker_login", "$ docker login registry.gitlab.acme-int.net -u ci-pusher -p '{pw}'", "quoted", ["random", "leet"], False),
    ("docker_run", "docker run -d --name pg -e POSTGRES_PASSWORD={pw} -p 5432:5432 postgres:16", "unq", ["random", "word", "leet"], False),
    ("kubectl_secret", "kubectl -n payments create secret generic db-creds --from-literal=username=pay --from-literal=password='{pw}'", "quoted", ["random", "phrase", "word"], False),
    ("mysql_cli", "mysql -h db-legacy -u root -p'{pw}' shop < dump.sql", "quoted", ["random", "word", "leet"], False),
    ("mysql_cli_compact", "just run `mysql -uadmin -p{pw} -e 'show processlist'`", "unq", ["random", "word"], False),
    ("psql_env", "PGPASSWORD={pw} psql -h pg-warehouse -U etl -d dwh -c '\\dt'", "unq", ["random", "word", "leet"], False),
    ("sshpass", "sshpass -p '{pw}' ssh -o StrictHostKeyChecking=no ops@jump-eu1", "quoted", ["random", "word", "leet", "phrase"], True),
    ("htpasswd", "htpasswd -bc /etc/nginx/.htpasswd grafana '{pw}'", "quoted", ["random", "phrase", "word"], True),
    ("curl_basic", "curl -u admin:{pw} https://jenkins.build.acme-int.net/api/json", "unq", ["random", "word"], False),
    ("redis_cli", "redis-cli -h cache-01 -a {pw} INFO replication", "unq", ["random", "leet"], False),
    ("openssl_pass", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{pw}", "unq", ["random", "word"], False),
    ("smbclient", "smbclient //fileserver/scans -U scanner%{pw}", "unq", ["random", "word"], False),
    ("net_user", "net user svc_print {pw} /add /domain", "unq", ["random", "word", "leet"], False),
    ("sudo_echo", "echo '{pw}' | sudo -S systemctl restart nginx", "quoted", ["random", "word"], False),
    ("wifi_en", "SSID: Office-5G\nkey: {pw}", "text", ["random", "word", "phrase", "leet"], True),
    ("wifi_de", "WLAN: Gaeste-Netz\nPasswort: {pw}", "text", ["word", "phrase", "random"], True),
    ("wifi_qr", "QR on the fridge decodes to WIFI:T:WPA;S:BlueFox_Guest;P:{pw};;", "unq", ["word", "random", "phrase"], False),
    ("wifi_fr", "Réseau : Freebox-7A21 / clé WPA : {pw}", "text", ["random", "word"], False),
    ("wifi_es", "red: MOVISTAR_PLUS\nclave: {pw}", "text", ["random", "word"], False),
    ("shared_account", "shared Figma seat → user `design-team`, pass {pw}", "text", ["word", "leet", "random"], False),
    ("shared_note", "Title: Router admin\nUsername: admin\nPassword: {pw}\nURL: http://router.lan", "text", ["random", "word", "phrase"], True),
    ("shared_creds_line", "creds for the demo tenant: demo-admin / {pw}", "text", ["word", "leet", "random"], False),
    ("passphrase", "the new vault unseal passphrase is \"{pw}\", write it down on paper only", "text", ["phrase"], True),
    ("passphrase_words", "passphrase (4 words, lowercase, spaces): {pw}", "text", ["phrase"], True),
    ("emoji_key", "🔑 {pw} 🔑", "text", ["word", "leet", "random"], False),
    ("emoji_arrow", "pw ➡️ {pw} 🙏", "text", ["word", "leet", "random"], False),
    ("emoji_point", "`{pw}` 👈 that's the pw for the kiosk", "text", ["random", "word"], False),
    ("markdown_bold", "**Passwort:** **{pw}**", "md", ["word", "random"], False),
    ("spoiler", "psst the admin pw is ||{pw}||", "md", ["word", "leet"], False),
    ("pin_card", "PIN für die Tankkarte: {pw}", "text", ["pin"], False),
    ("pin_alarm", "alarm code for the warehouse is {pw}, disarm within 30s", "text", ["pin"], False),
    ("pin_sim", "SIM PIN {pw}, PUK is in the drawer", "text", ["pin"], False),
    ("pin_door", "le code de la porte c'est {pw}", "text", ["pin"], False),
    ("pin_phone", "unlock pin for the on-call phone: {pw}", "text", ["pin"], False),
    ("pin_ja", "暗証番号は{pw}です", "text", ["pin"], False),
    ("pin_es", "el pin de la tarjeta es {pw}", "text", ["pin"], False),
    ("pin_ko", "도어락 비번 {pw}", "text", ["pin"], False),
]


def build_passwords(n=150):
    recs = []
    # 1) every sentence template once (guarantees >= 30 languages)
    plan = [("sent", t) for t in PW_SENT]
    plan += [("reply", t) for t in PW_REPLY]
    plan += [("tech", t) for t in PW_TECH]
    while len(plan) < n:
        pick = R.random()
        if pick < 0.35:
            plan.append(("sent", R.choice(PW_SENT)))
        elif pick < 0.45:
            plan.append(("reply", R.choice(PW_REPLY)))
        else:
            plan.append(("tech", R.choice(PW_TECH)))
    plan = plan[:n]
    R.shuffle(plan)
    for typ, t in plan:
        if typ in ("sent", "reply"):
            lang, tpl = t
            kind = R.choice(["word", "word", "leet", "random", "phrase", "pin"])
            if kind == "pin" and any(w in tpl for w in ("case sensitive", "hoofdlettergevoelig", "nagybetű", "zonder spaties")):
                kind = "word"
            pw = make_pw(kind, "text", spaces_ok=(typ == "reply" or R.random() < 0.5))
            text = tpl.format(pw=pw)
            ctx = "password:%s:%s:%s" % (typ, lang, kind)
        else:
            form, tpl, profile, kinds, sp = t
            kind = R.choice(kinds)
            pw = make_pw(kind, profile, spaces_ok=sp)
            text = tpl.format(pw=pw)
            ctx = "password:%s:%s" % (form, kind)
        recs.append((text, "password", pw, ctx))
    return recs


# ---------------------------------------------------------------- phones
# (country, lang, national patterns, international patterns)
COUNTRIES = [
    ("US", "en", ["(N##) N##-####", "N##-N##-####", "N##.N##.####", "N##N######"], ["+1 N##-N##-####", "+1 (N##) N##-####", "+1N##N######"]),
    ("CA", "en", ["N##-N##-####", "(N##) N##-####"], ["+1 N## N## ####"]),
    ("GB", "en", ["020 7### ####", "07### ######", "0161 ### ####"], ["+44 (0)20 7### ####", "+44 7### ######", "+447#########"]),
    ("IE", "en", ["087 ### ####", "01 ### ####"], ["+353 87 ### ####", "+353 1 ### ####"]),
    ("DE", "de", ["030 N######", "0151 ########", "030/N######", "089 N#####-##", "(0221) N#####"], ["+49 (0)30 N######", "+49 151 ########", "+49 89 N#####-0"]),
    ("AT", "de", ["0664 #######", "01 N######"], ["+43 664 #######", "+43 1 N######"]),
    ("CH", "de", ["044 N## ## ##", "079 ### ## ##"], ["+41 79 ### ## ##", "+41 (0)44 N## ## ##"]),
    ("FR", "fr", ["06 ## ## ## ##", "01.## ## ## ##", "07########", "01.##.##.##.##"], ["+33 6 ## ## ## ##", "+33 (0)1 ## ## ## ##"]),
    ("BE", "fr", ["0470 ## ## ##", "02 N## ## ##"], ["+32 470 ## ## ##", "+32 2 N## ## ##"]),
    ("NL", "nl", ["06-########", "020 N## ####", "06 ## ## ## ##"], ["+31 6 ########", "+31 (0)20 N## ####"]),
    ("LU", "fr", ["621 ### ###"], ["+352 621 ### ###"]),
    ("ES", "es", ["6## ## ## ##", "91# ### ###", "6########"], ["+34 6## ### ###", "+34 91# ## ## ##"]),
    ("PT", "pt", ["91# ### ###", "21# ### ###"], ["+351 91# ### ###", "+351 21 ### ####"]),
    ("IT", "it", ["33# ### ####", "02 #### ####", "06 ########"], ["+39 33# ### ####", "+39 06 #### ####"]),
    ("PL", "pl", ["5## ### ###", "22 N## ## ##"], ["+48 5## ### ###", "+48 22 N## ## ##"]),
    ("CZ", "cs", ["60# ### ###", "2## ### ###"], ["+420 60# ### ###"]),
    ("SK", "sk", ["090# ### ###"], ["+421 90# ### ###"]),
    ("HU", "hu", ["06 30 ### ####", "06 1 ### ####"], ["+36 30 ### ####", "+36 1 ### ####"]),
    ("RO", "ro", ["07## ### ###", "021 ### ####"], ["+40 7## ### ###"]),
    ("BG", "bg", ["088# ### ###", "02 ### ####"], ["+359 88# ### ###"]),
    ("GR", "el", ["69# ### ####", "21# ### ####"], ["+30 69# ### ####", "+30 21# ### ####"]),
    ("TR", "tr", ["0532 ### ## ##", "0212 ### ## ##", "(0216) ### ## ##"], ["+90 532 ### ## ##", "+90 (212) ### ## ##"]),
    ("SE", "sv", ["070-### ## ##", "08-### ### ##"], ["+46 70 ### ## ##", "+46 (0)8 ### ### ##"]),
    ("NO", "no", ["4## ## ###", "22 ## ## ##"], ["+47 4## ## ###", "+47 22 ## ## ##"]),
    ("DK", "da", ["2# ## ## ##", "3# ## ## ##"], ["+45 2# ## ## ##"]),
    ("FI", "fi", ["040 ### ####", "050 ### ####", "09 ### ####"], ["+358 40 ### ####", "+358 9 ### ####"]),
    ("IS", "is", ["N##-####", "6## ####"], ["+354 6## ####"]),
    ("EE", "et", ["5### ####"], ["+372 5### ####"]),
    ("LV", "lv", ["2### ####"], ["+371 2### ####"]),
    ("LT", "lt", ["8 6## #####"], ["+370 6## #####"]),
    ("UA", "uk", ["067 ### ## ##", "(044) ###-##-##"], ["+380 67 ### ####", "+380 (44) ###-##-##"]),
    ("RU", "ru", ["8 (495) ###-##-##", "8 916 ###-##-##", "8-916-###-##-##"], ["+7 916 ###-##-##", "+7 (495) ###-##-##"]),
    ("IL", "he", ["05#-###-####", "03-###-####"], ["+972 5#-###-####", "+972-3-###-####"]),
    ("AE", "ar", ["050 ### ####", "04 ### ####"], ["+971 50 ### ####", "+971 4 ### ####"]),
    ("SA", "ar", ["05# ### ####"], ["+966 5# ### ####"]),
    ("EG", "ar", ["010 #### ####", "02 #### ####"], ["+20 10 #### ####"]),
    ("MA", "fr", ["06 ## ## ## ##", "05 22 ## ## ##"], ["+212 6 ## ## ## ##", "+212 (0)5 22 ## ## ##"]),
    ("NG", "en", ["0803 ### ####", "0812 ### ####"], ["+234 803 ### ####", "+234 (0)812 ### ####"]),
    ("KE", "sw", ["07## ######", "0722 ### ###"], ["+254 7## ######", "+254 722 ### ###"]),
    ("ZA", "en", ["082 ### ####", "021 ### ####"], ["+27 82 ### ####", "+27 (0)21 ### ####"]),
    ("IN", "hi", ["9#### #####", "022 #### ####", "098########"], ["+91 9#### #####", "+91-22-####-####", "+91 98########"]),
    ("PK", "ur", ["0300 #######", "03##-#######"], ["+92 300 #######", "+92 3## #######"]),
    ("BD", "bn", ["01712-######", "017########"], ["+880 1712-######", "+880 17## ######"]),
    ("CN", "zh", ["138 #### ####", "010-#### ####", "(021) ########", "139########"], ["+86 138 #### ####", "+86 10 #### ####", "+86-139-####-####"]),
    ("HK", "zh", ["9### ####", "2### ####"], ["+852 9### ####", "(852) 2### ####"]),
    ("TW", "zh", ["0912-###-###", "02-####-####"], ["+886 912 ### ###", "+886-2-####-####"]),
    ("JP", "ja", ["090-####-####", "03-####-####", "06-####-####", "080########"], ["+81 90-####-####", "+81-3-####-####", "+81 (0)3 #### ####"]),
    ("KR", "ko", ["010-####-####", "02-###-####", "010 #### ####"], ["+82 10-####-####", "+82-2-###-####"]),
    ("SG", "en", ["9### ####", "6### ####"], ["+65 9### ####", "+65 6### ####"]),
    ("MY", "ms", ["012-### ####", "03-#### ####"], ["+60 12-### ####", "+603-#### ####"]),
    ("ID", "id", ["0812-####-####", "021-####-####", "0812########"], ["+62 812 #### ####", "+62 21 ####-####"]),
    ("PH", "tl", ["0917 ### ####", "(02) 8### ####"], ["+63 917 ### ####", "+63 2 8### ####"]),
    ("TH", "th", ["081 ### ####", "02 ### ####", "08#-###-####"], ["+66 81 ### ####", "+66 2 ### ####"]),
    ("VN", "vi", ["091 ### ## ##", "090 ### ####", "028 #### ####"], ["+84 91 ### ####", "+84 28 #### ####"]),
    ("AU", "en", ["0412 ### ###", "(02) 9### ####", "04## ### ###"], ["+61 412 ### ###", "+61 2 9### ####", "+61 (0)2 9### ####"]),
    ("NZ", "en", ["021 ### ####", "09 ### ####", "027-###-####"], ["+64 21 ### ####", "+64 9 ### ####"]),
    ("BR", "pt", ["(11) 9####-####", "11 9####-####", "(21) 3###-####", "11 9########"], ["+55 11 9####-####", "+55 (21) 9####-####"]),
    ("AR", "es", ["11 ####-####", "(011) 15-####-####", "0351 ###-####"], ["+54 9 11 ####-####", "+54 11 ####-####"]),
    ("MX", "es", ["55 #### ####", "(55) ####-####", "33 ## ## ## ##"], ["+52 55 #### ####", "+52 1 55 #### ####"]),
    ("CL", "es", ["9 #### ####", "(2) 2### ####"], ["+56 9 #### ####", "+56 2 2### ####"]),
    ("CO", "es", ["310 ### ####", "(601) #######", "3## #######"], ["+57 310 #######", "+57 (601) ### ####"]),
    ("PE", "es", ["9## ### ###", "(01) ### ####"], ["+51 9## ### ###", "+51 1 ### ####"]),
    ("UY", "es", ["09# ### ###", "2### ####"], ["+598 9# ### ###"]),
    ("HR", "hr", ["091 ### ####", "01 #### ###"], ["+385 91 ### ####"]),
    ("RS", "sr", ["06# ######", "011 ######"], ["+381 6# ######", "+381 11 ######"]),
    ("SI", "sl", ["041 ### ###"], ["+386 41 ### ###"]),
]

PH_SENT = {
    "en": ["call me on {p} if anything breaks", "my cell is {p}", "reach me at {p} after 6pm"],
    "de": ["Erreichbar unter {p}", "ruf mich kurz an: {p}", "Meine Handynummer ist {p}"],
    "fr": ["vous pouvez me joindre au {p}", "mon num : {p}", "rappelle-moi au {p} stp"],
    "nl": ["bel me even op {p}", "mijn nummer is {p}"],
    "es": ["mi número es el {p}", "llámame al {p}", "escríbeme por WhatsApp al {p}"],
    "pt": ["meu celular: {p}", "liga-me para o {p}", "me chama no zap: {p}"],
    "it": ["chiamami al {p}", "il mio cellulare è {p}"],
    "pl": ["mój numer to {p}", "dzwoń śmiało: {p}"],
    "cs": ["zavolejte mi na {p}"],
    "sk": ["moje číslo je {p}"],
    "hu": ["hívj a {p} számon"],
    "ro": ["sună-mă la {p}"],
    "bg": ["телефонът ми е {p}"],
    "el": ["τηλέφωνο επικοινωνίας: {p}"],
    "tr": ["beni {p} numarasından arayabilirsin"],
    "sv": ["ring mig på {p}"],
    "no": ["ring meg på {p}"],
    "da": ["ring til mig på {p}"],
    "fi": ["soita numeroon {p}"],
    "is": ["síminn minn er {p}"],
    "et": ["minu number on {p}"],
    "lv": ["mans tālrunis: {p}"],
    "lt": ["mano telefonas {p}"],
    "uk": ["мій номер {p}"],
    "ru": ["звоните по номеру {p}", "мой телефон {p}"],
    "he": ["אפשר להשיג אותי בטלפון {p}"],
    "ar": ["رقمي {p}", "للتواصل: {p}"],
    "sw": ["nipigie kwa {p}"],
    "hi": ["मेरा नंबर {p} है", "call karo {p} pe"],
    "ur": ["میرا نمبر {p} ہے"],
    "bn": ["আমার নম্বর {p}"],
    "zh": ["我的手机号是{p}", "电话：{p}", "有事打我电话 {p}"],
    "ja": ["携帯：{p}", "お電話は{p}までお願いします"],
    "ko": ["제 번호는 {p} 입니다", "연락처 {p}"],
    "ms": ["nombor saya {p}"],
    "id": ["hubungi saya di {p}", "WA aja ke {p}"],
    "tl": ["tawagan mo ako sa {p}"],
    "th": ["โทร {p} ได้เลย"],
    "vi": ["số của mình là {p}"],
    "hr": ["moj broj je {p}"],
    "sr": ["мој број је {p}"],
    "sl": ["pokliči me na {p}"],
}
TEL_LABEL = {"en": "Tel:", "de": "Tel.", "fr": "Tél. :", "nl": "T:", "es": "Tel.:", "pt": "Tel.:", "it": "Tel.",
             "pl": "tel.", "cs": "tel.", "sk": "tel.", "hu": "Tel.:", "ro": "Tel:", "bg": "тел.", "el": "Τηλ.",
             "tr": "Tel:", "sv": "Tel:", "no": "Tlf:", "da": "Tlf.", "fi": "puh.", "is": "Sími:", "et": "tel",
             "lv": "tālr.", "lt": "tel.", "uk": "тел.", "ru": "тел.", "he": "טל׳", "ar": "هاتف:", "sw": "Simu:",
             "hi": "फ़ोन:", "ur": "فون:", "bn": "ফোন:", "zh": "电话：", "ja": "TEL：", "ko": "전화:", "ms": "Tel:",
             "id": "Telp.", "tl": "Tel:", "th": "โทร.", "vi": "ĐT:", "hr": "tel.", "sr": "тел.", "sl": "tel."}
NAMES = ["Anna Kowalska", "Jonas Meier", "Camille Durand", "Lucía Fernández", "Pedro Almeida", "Giulia Rossi",
         "Sanne de Vries", "Mehmet Yılmaz", "Erik Lindqvist", "Aino Virtanen", "Olena Kovalenko",
         "Dmitri Sokolov", "Priya Sharma", "Wei Zhang", "Yuki Tanaka", "Min-jun Kim", "Nguyen Thi Lan",
         "Siti Rahmah", "Chinedu Okafor", "Amani Wanjiru", "Thabo Nkosi", "Maria Santos", "Diego Herrera",
         "Sofía Castro", "Lars Nielsen", "Ingrid Haugen", "Petra Novák", "Bence Tóth", "Elena Popescu",
         "Noa Levi", "Karim Haddad", "Ahmed Raza", "Rahim Uddin", "Arjun Nair"]


def fullwidth(s):
    return "".join(chr(ord(c) + 0xFEE0) if c.isdigit() else ("－" if c == "-" else c) for c in s)


def phone_context(country, lang, p, intl):
    forms = ["sent", "sent", "signature", "table", "ext", "others", "json", "vcard", "wa", "tel_label"]
    form = R.choice(forms)
    name = R.choice(NAMES)
    if form == "sent":
        text = R.choice(PH_SENT.get(lang, PH_SENT["en"])).format(p=p)
    elif form == "signature":
        lab = TEL_LABEL.get(lang, "Tel:")
        title = R.choice(["Head of Logistics", "Key Account Manager", "IT Support", "Operations", "Finance"])
        comp = R.choice(["Nordlicht Logistik GmbH", "Vinhos do Vale Lda.", "Aurora Components Oy",
                         "Sakura Trading K.K.", "Cedar Systems Ltd", "Atlas Textiles S.A."])
        text = "Best,\n--\n%s\n%s | %s\n%s %s\nticket queue: #ops-%d" % (name, title, comp, lab, p, R.randint(2, 99))
    elif form == "table":
        oid = digits(7, True)
        dt = "2025-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28))
        text = ("| order | date | qty | contact |\n|---|---|---|---|\n| %s | %s | %d | %s |\n| %s | %s | %d | (pickup) |"
                % (oid, dt, R.randint(1, 40), p, digits(7, True), dt, R.randint(1, 40)))
    elif form == "ext":
        ext_by_lang = {"de": ["(Durchwahl %d)", "DW %d"], "fr": ["poste %d"], "ja": ["内線%d"], "es": ["ext. %d", "int. %d"],
                       "nl": ["toestel %d"], "it": ["int. %d"], "pt": ["ramal %d"]}
        ext = R.choice(ext_by_lang.get(lang, ["ext. %d", "x%d", "ext %d"])) % R.randint(10, 399)
        text = "%s: %s %s" % (name, p, ext)
    elif form == "others":
        text = ("ticket #%d — customer called from %s at %02d:%02d, ref %d/%d/%d, callback before %d:00"
                % (R.randint(10000, 99999), p, R.randint(7, 19), R.randint(0, 59), R.randint(2024, 2026),
                   R.randint(100, 999), R.randint(1, 9), R.randint(14, 18)))
    elif form == "json":
        text = '```json\n{"customer_id": %d, "name": "%s", "phone": "%s", "vip": false}\n```' % (R.randint(10000, 999999), name, p)
    elif form == "vcard":
        text = "BEGIN:VCARD\nVERSION:3.0\nFN:%s\nTEL;TYPE=CELL:%s\nEND:VCARD" % (name, p)
    elif form == "wa":
        text = "WhatsApp: %s (only after 9)" % p
    else:
        lab = TEL_LABEL.get(lang, "Tel:")
        text = "%s %s" % (lab, p)
    return form, text


def build_phones(n=100):
    recs = []
    order = list(COUNTRIES)
    R.shuffle(order)
    plan = order + [R.choice(COUNTRIES) for _ in range(n - len(order))]
    for i, (cc, lang, nat, intl) in enumerate(plan):
        use_intl = R.random() < 0.45
        p = pattern(R.choice(intl if use_intl else nat))
        if cc == "JP" and not use_intl and R.random() < 0.5:
            p = fullwidth(p)
        form, text = phone_context(cc, lang, p, use_intl)
        recs.append((text, "phone_number", p, "phone_number:%s:%s:%s" % (form, cc, "intl" if use_intl else "national")))
    return recs


# ---------------------------------------------------------------- other kinds
def gen_cards():
    specs = [("visa", "4", 16, [4, 4, 4, 4]), ("mastercard", "5" + R.choice("12345"), 16, [4, 4, 4, 4]),
             ("mastercard2", "22" + R.choice("3456"), 16, [16]), ("amex", R.choice(["34", "37"]), 15, [4, 6, 5]),
             ("discover", "6011", 16, [4, 4, 4, 4]), ("jcb", "35" + R.choice("2345678"), 16, [4, 4, 4, 4]),
             ("diners", "36", 14, [4, 6, 4]), ("visa19", "4", 19, [4, 4, 4, 4, 3])]
    layouts = [
        ("es_sentence", "te paso la tarjeta: {v} cad 09/27"),
        ("dots", "card no. {v} exp 11/28 — billing said to use this one"),
        ("json_pan", '{{"pan": "{v}", "exp": "0327", "holder": "M. SANTOS"}}'),
        ("table", "| item | amount | paid with |\n|---|---|---|\n| hotel | €412,80 | {v} |"),
        ("de_sentence", "Kreditkarte für die Buchung: {v}, Prüfziffer schick ich separat"),
        ("newline", "corp card\n{v}\n09/29"),
        ("codeblock", "```\nCARD={v}\nCVV=731\n```"),
        ("ja_sentence", "カード番号は {v} です"),
    ]
    out = []
    for (name, pre, ln, grp), (lay, tpl) in zip(specs, layouts):
        num = luhn_complete(pre, ln)
        sep = {"dots": ".", "newline": " ", "codeblock": ""}.get(lay, R.choice([" ", "-", ""]))
        if lay in ("json_pan", "codeblock"):
            v = num
        else:
            parts, k = [], 0
            for g in grp:
                parts.append(num[k:k + g])
                k += g
            v = sep.join(parts)
        out.append((tpl.format(v=v), "credit_card", v, "credit_card:%s:%s" % (lay, name)))
    return out


def es_dc(s):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    r = 11 - sum(int(c) * x for c, x in zip(s, w)) % 11
    return {11: 0, 10: 1}.get(r, r)


def gen_ibans():
    out = []
    fr_b, fr_g, fr_a = digits(5, True), digits(5), digits(11)
    fr_key = 97 - ((89 * int(fr_b) + 15 * int(fr_g) + 3 * int(fr_a)) % 97)
    be10 = digits(10, True)
    be_chk = int(be10) % 97 or 97
    es_b, es_o, es_a = digits(4, True), digits(4), digits(10)
    pt19 = digits(19, True)
    pt_chk = 98 - (int(pt19) * 100) % 97
    ibans = [
        ("DE", make_iban("DE", digits(8, True) + digits(10))),
        ("FR", make_iban("FR", fr_b + fr_g + fr_a + "%02d" % fr_key)),
        ("BE", make_iban("BE", be10 + "%02d" % be_chk)),
        ("ES", make_iban("ES", es_b + es_o + str(es_dc("00" + es_b + es_o)) + str(es_dc(es_a)) + es_a)),
        ("PT", make_iban("PT", pt19 + "%02d" % pt_chk)),
        ("GB", make_iban("GB", R.choice(["NWBK", "BARC", "LOYD", "HBUK"]) + digits(6) + digits(8))),
        ("PL", make_iban("PL", digits(24, True))),
    ]
    layouts = [
        ("lowercase_grouped", "überweis bitte auf {v}, Verwendungszweck Miete März", lambda s: group4(s).lower()),
        ("fr_rib_line", "RIB pour le remboursement :\nTitulaire : C. DURAND\nIBAN\n{v}\nBIC AGRIFRPP", group4),
        ("compact_sentence", "rekeningnummer van de verhuurder is {v} (Belgisch)", lambda s: s),
        ("es_sentence", "hazme bizum o transferencia al {v}, gracias!", group4),
        ("pt_dots", "NIB/IBAN: {v}", lambda s: s),
        ("gb_table", "| supplier | IBAN | terms |\n|---|---|---|\n| Cedar Systems | {v} | 30d |", group4),
        ("pl_split", "nr konta:\n{v}\ntytułem: faktura 2025/03/117", lambda s: s[:2] + " " + " ".join([s[2:4]] + [s[i:i + 4] for i in range(4, len(s), 4)])),
    ]
    for (cc, ib), (lay, tpl, fmt) in zip(ibans, layouts):
        assert iban_valid(ib), ib
        v = fmt(ib)
        assert iban_valid(v)
        out.append((tpl.format(v=v), "iban", v, "iban:%s:%s" % (lay, cc)))
    return out


def gen_ssn_raw():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        return "%03d" % a, "%02d" % R.randint(1, 99), "%04d" % R.randint(1, 9999)


def gen_ssns():
    layouts = [
        ("spaces", "SSN {a} {g} {s} — for the W-9 the vendor asked for", " "),
        ("compact_label", "social: {a}{g}{s}", ""),
        ("dots", "her social is {a}.{g}.{s}, pls put it in the HR form not here next time", "."),
        ("hash_label", "ssn#{a}-{g}-{s}", "-"),
        ("table", "| employee | dob | SSN |\n|---|---|---|\n| J. Rivera | 1988-04-12 | {a}-{g}-{s} |", "-"),
        ("json", '{{"applicant": {{"ssn": "{a}{g}{s}", "state": "TX"}}}}', ""),
        ("es_sentence", "mi número de seguro social es {a}-{g}-{s}", "-"),
    ]
    out = []
    for lay, tpl, sep in layouts:
        a, g, s = gen_ssn_raw()
        v = sep.join([a, g, s])
        out.append((tpl.format(a=a, g=g, s=s), "us_ssn", v, "us_ssn:%s" % lay))
    return out


def gen_emails():
    vals = [
        ("angle_header", "From: Anna Nowak <{v}>\nSent: Tuesday 14:02\nSubject: faktura", "anna.nowak@kowalski-bud.pl"),
        ("plus_tag", "sign me up with {v} pls", "j.meier+slack-alerts@nordlicht-logistik.de"),
        ("mailto_md", "[write to billing](mailto:{v})", "rechnungen@vinhos-do-vale.pt"),
        ("uppercase", "CONTACT: {v}", "SALES-EU@AURORA-COMPONENTS.FI"),
        ("csv", "name,email,team\nYuki Tanaka,{v},infra", "y.tanaka@sakura-trading.co.jp"),
        ("trailing_punct", "mail ihr direkt ({v}).", "petra.novak@seznam.cz"),
        ("subdomain_digits", "account owner is {v}, not the shared inbox", "ops2024@mail.cedar-systems.co.uk"),
    ]
    return [(tpl.format(v=v), "email_address", v, "email_address:%s" % lay) for lay, tpl, v in vals]


def gen_urlcreds():
    out = []
    specs = [
        ("amqps_vhost", "amqps://orders_svc:{pw}@rabbit.acme-int.net:5671/orders"),
        ("redis_nouser", "REDIS_URL=redis://:{pw}@cache-eu.acme-int.net:6380/2"),
        ("mongo_multi", "mongodb://app:{pw}@mongo-a:27017,mongo-b:27017,mongo-c:27017/app?replicaSet=rs0&authSource=admin"),
        ("git_remote", "git remote set-url origin https://build-bot:{pw}@git.acme-int.net/platform/infra.git"),
        ("proxy_env", "export https_proxy=http://jdoe:{pw}@proxy.corp-eu.net:3128"),
        ("sqlalchemy", "engine = create_engine(\"postgresql+psycopg://reporting:{pw}@pg-olap:5432/dwh\")"),
        ("ftp_sentence", "le dépôt est sur ftp://partenaire:{pw}@ftp.transports-leroy.fr/entrants/"),
    ]
    for i, (lay, tpl) in enumerate(specs):
        if i == 4:
            pw = R.choice(WORDS) + "%40" + digits(4) + "%21"  # percent-encoded as written
        else:
            pw = "".join(R.choice(ALNUM + "-_.~") for _ in range(R.randint(12, 22)))
            pw = R.choice(string.ascii_letters) + pw[1:-1] + R.choice(ALNUM)
        out.append((tpl.format(pw=pw), "url_credentials", pw, "url_credentials:%s" % lay))
    return out


def aws_secret():
    alpha = string.ascii_letters + string.digits + "/+"
    while True:
        s = "".join(R.choice(alpha) for _ in range(40))
        if any(c in "/+" for c in s) and any(c.isdigit() for c in s):
            return s


def gen_aws():
    specs = [
        ("configure_prompt", "$ aws configure --profile uploader\nAWS Access Key ID [None]: (pasted)\nAWS Secret Access Key [None]: {v}\nDefault region name [None]: eu-central-1"),
        ("gha_env", "```yaml\n    env:\n      AWS_REGION: eu-west-1\n      AWS_SECRET_ACCESS_KEY: {v}\n```"),
        ("terraform", "provider \"aws\" {{\n  region     = \"us-east-2\"\n  secret_key = \"{v}\"\n}}"),
        ("boto3", "s3 = boto3.client('s3', aws_secret_access_key='{v}')"),
        ("sentence", "secret for the s3-backup IAM user is {v} — rotate after the migration"),
        ("docker_env", "docker run --rm -e AWS_SECRET_ACCESS_KEY={v} amazon/aws-cli s3 ls"),
        ("rclone", "[wasabi]\ntype = s3\nprovider = Wasabi\nsecret_access_key = {v}\nendpoint = s3.eu-central-1.wasabisys.com"),
    ]
    return [(tpl.format(v=(v := aws_secret())), "aws_secret_access_key", v, "aws_secret_access_key:%s" % lay) for lay, tpl in specs]


def ip_public(ip):
    a, b, c, d = (int(x) for x in ip.split("."))
    if a in (0, 10, 127) or a >= 224:
        return False
    if a == 100 and 64 <= b <= 127:
        return False
    if a == 169 and b == 254:
        return False
    if a == 172 and 16 <= b <= 31:
        return False
    if a == 192 and b == 168:
        return False
    if a == 192 and b == 0 and c in (0, 2):
        return False
    if a == 192 and b == 88 and c == 99:
        return False
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and c == 100:
        return False
    if a == 203 and b == 0 and c == 113:
        return False
    return True


def rand_public_ip():
    while True:
        ip = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if ip_public(ip):
            return ip


def gen_ips():
    specs = [
        ("sshd_log", "Nov 12 03:14:07 bastion sshd[21877]: Failed password for invalid user oracle from {v} port 52144 ssh2"),
        ("host_port", "the vendor's SFTP is at {v}:2222, whitelist us there"),
        ("nginx_allow", "location /admin {{\n    allow {v};\n    deny all;\n}}"),
        ("xff_chain", "X-Forwarded-For: {v}, 10.20.3.4, 172.18.0.2"),
        ("cidr32", "add {v}/32 to the SG, it's the office uplink"),
        ("de_sentence", "Die feste IP vom Standort Hamburg ist {v}"),
        ("zh_sentence", "服务器公网IP：{v}，端口 8443"),
    ]
    return [(tpl.format(v=(v := rand_public_ip())), "ipv4_address", v, "ipv4_address:%s" % lay) for lay, tpl in specs]


# ---------------------------------------------------------------- negatives
SERVICES = ["grafana", "jenkins", "the staging db", "the vpn", "jira", "the guest wifi", "the NAS", "sentry",
            "the printer", "the old wiki", "the HR portal", "argo", "the ERP", "the kiosk"]


NEG = {
    "password_talk": [
        "who has the password for {svc}? can't find it in 1Password",
        "can someone reset my password for {svc}, locked out again",
        "Kannst du mir das Passwort für {svc} schicken? Per DM bitte, nicht hier.",
        "j'ai oublié mon mot de passe pour {svc}, quelqu'un sait qui contacter ?",
        "¿alguien sabe la contraseña de {svc}? la pregunto por privado",
        "a senha de {svc} expirou de novo, vou abrir chamado #{t}",
        "pw for {svc} is in the vault under infra/, don't paste it here",
        "the password is the same as last quarter's, check the vault",
        "密码已经私信发你了，请查收（{svc}）",
        "パスワードは後でDMで送ります（{svc}）",
        "{svc} 비밀번호는 개인 메시지로 보낼게요",
        "hasło do {svc} wyślę ci na priv",
        "пароль от {svc} скину в личку",
        "het wachtwoord van {svc} staat in Bitwarden, map Infra",
        "rotated the password for {svc} at {h}:{m:02d}, all services restarted",
        "password reset link for {svc} expires after {k}h",
        "does anyone know if the password for {svc} changed? asking for ticket {t}",
        "the password is correct, the username was wrong ({svc})",
        "ok password works now for {svc}, thanks!",
        "password: see 1Password item '{svc} admin'",
        "pw: ask in #infra-help, not here ({svc})",
        "mot de passe : voir le coffre KeePass, entrée {svc}",
        "Passwort für {svc}: bekommst du per SMS",
        "contraseña de {svc}: la de siempre, pregúntame por DM",
        "la password di {svc} te la passo a voce {w}",
        "şifreyi {svc} için özelden atarım",
        "lösenordet till {svc} ligger i valvet",
        "salasana {svc}:iin tulee tekstiviestinä",
        "kata sandi {svc} sudah saya kirim lewat DM",
        "mật khẩu {svc} mình gửi riêng nhé",
        "password manager migration for {svc} done, old entries archived",
        "forgot password flow on {svc} sends the code by SMS now",
    ],
    "password_policy": [
        "Reminder: passwords must be at least {n} characters, with one digit and one symbol.",
        "Policy update: passwords expire every {d} days; the last {k} cannot be reused.",
        "Das Passwort muss mindestens {n} Zeichen lang sein und darf den Benutzernamen nicht enthalten.",
        "Le mot de passe doit contenir au moins {n} caractères dont une majuscule et un chiffre.",
        "validation regex: ^(?=.*[A-Z])(?=.*\\d).{{{n},}}$",
        "PIN must be 6 digits and not sequential (so no 123456, no 000000)",
        "```yaml\npassword_policy:\n  min_length: {n}\n  require_symbols: true\n  max_age_days: {d}\n  history: {k}\n```",
        "we hash with bcrypt cost 12 now, argon2id m=65536,t=3,p=4 for new accounts",
        "La contraseña debe tener entre {n} y 64 caracteres y no puede repetirse en {k} cambios.",
        "A senha deve ter no mínimo {n} caracteres e expira a cada {d} dias.",
        "パスワードは{n}文字以上、英大文字・数字・記号を含めてください",
        "密码长度至少{n}位，需包含大小写字母和数字，{d}天过期",
        "NIST says no forced rotation every {d} days anymore, just check against breached lists",
        "lockout after {k} wrong password attempts, unlock after {k} min",
        "Hasło musi mieć co najmniej {n} znaków i nie może zawierać loginu.",
        "wifi passphrase rotation is quarterly, next one {w}",
        "Passwortrichtlinie v{k}: mind. {n} Zeichen, keine Wörterbuchwörter",
        "password strength meter uses zxcvbn, score >= 3 required",
    ],
    "placeholder_password": [
        "`mysql -u root -p` then type the password when prompted ({svc})",
        "DB_PASSWORD=<your-password>",
        "```yaml\ndatabase:\n  password: ${{DB_PASSWORD}}\n```",
        "export PGPASSWORD=\"$(vault kv get -field=password secret/{k}/db)\"",
        "docker login -u ci --password-stdin < token.txt",
        "Server=db;User Id=app;Password=<password>;",
        "connection string format: postgres://USER:PASSWORD@HOST:5432/DB",
        "spring.datasource.password=${{SPRING_DATASOURCE_PASSWORD}}",
        "<password>{{{{ .Values.db.password }}}}</password>",
        "```json\n{{\"username\": \"YOUR_USERNAME\", \"password\": \"YOUR_PASSWORD_HERE\"}}\n```",
        "password = \"\"  # set via env, see README section {k}",
        "sshpass -p \"$SSH_PASS\" ssh deploy@bastion",
        "kubectl create secret generic db --from-literal=password=$(openssl rand -base64 {k})",
        "htpasswd -c /etc/nginx/.htpasswd admin   # prompts for the password",
        "wifi: SSID Office-Guest / key: ask reception",
        "Passwort: <Ihr Passwort>",
        "mot de passe : <votre mot de passe>",
        "AWS_SECRET_ACCESS_KEY: ${{{{ secrets.AWS_SECRET_ACCESS_KEY }}}}",
        "password: !vault |\n  (encrypted with ansible-vault, ask the infra team)",
        "mysql -h db -u app -p\"$MYSQL_PWD\" -e 'select 1'",
        "```toml\n[db]\npassword = \"{{{{ env.DB_PASS }}}}\"\n```",
        "senha: <sua-senha-aqui>",
        "contraseña: TU_CONTRASEÑA",
        "PASSWORD=  # fill in locally, never commit",
        "curl -u \"$JENKINS_USER:$JENKINS_TOKEN\" https://jenkins/api/json",
        "WIFI:T:WPA;S:<ssid>;P:<password>;;",
        "Password: [enter your domain password]",
        "psql \"host=db user=app password=%(password)s\"",
        "redis-cli -a \"$REDIS_PASSWORD\" ping",
        "<add key=\"SmtpPassword\" value=\"#{{SmtpPassword}}#\" />",
    ],
    "masked_value": [
        "password: ••••••••",
        "Password=********;",
        "card ending in •••• {t}",
        "PIN: ****",
        "phone on file: +49 *** *** **{k:02d}",
        "SSN: ***-**-{t}1",
        "DB_PASSWORD=[REDACTED]",
        "password: <redacted>",
        "pass: xxxxxxxx (masked in the export)",
        "mdp : (masqué dans les logs)",
        "senha: ●●●●●●",
        "パスワード：＊＊＊＊＊＊",
        "IBAN: DE** **** **** **** **{k:02d} {k:02d}",
        "Kennwort: ******** (geändert am {k}.03.)",
        "the log shows password=**** — masking works",
        "tel: ***-***-{t}9",
        "`spring.datasource.password=******`",
        "card XXXX-XXXX-XXXX-{t}2",
    ],
    "phone_lookalike": [
        "Order #{o10} shipped, ETA {w}",
        "PO 45{o8} approved by procurement",
        "ref 2025-{mm}{dd}-{o4}",
        "invoice RE-2025-00{o4}",
        "Auftragsnr. {o4}-{o4b}-{t}",
        "unix ts {ts} / ms {ts}{t}",
        "Slack ts {ts}.{o6}",
        "build {ymd}.{o6}",
        "Zendesk #{o7}, Jira OPS-{o4}",
        "Windows build 10.0.{win}.{o4}",
        "coords 52.{o4}, 13.{o4b}",
        "Lot {o4}-{o4b}-0{k}",
        "SAP material 0000000000{o8}",
        "Sendungsnummer 00340{o10}",
        "case {o4}/{yy}, hearing on {dd}.{mm}.2025",
        "room {t}, floor {k}, meeting at {h}:{m:02d}",
        "Kundennummer K-{o7}",
        "CAS 7732-18-5, batch {o6}",
        "order ids: {o7}, {o7b}, {o7c}",
        "latency p50 {t}ms p99 {o4}ms",
        "{dd}.{mm}.2025 {h}:{m:02d}:{k:02d}",
        "trace {o10}{o6}",
        "INC{o7} resolved",
        "docket no. {o4}-{o4b}",
    ],
    "card_lookalike": ["gift card code {c16}", "order id {c16c}", "batch {c16} received",
                       "tracking {c16} ({w})", "voucher {c16c}", "subscription ref {c16}",
                       "IMEI-like test id {c15} (fails check)", "rowid {c19c}"],
    "iban_lookalike": ["IBAN {bad_iban} bounced — the check digits are wrong", "wrong IBAN typed: {bad_iban_c}",
                       "IBAN field left empty on form {t}", "BIC COBADEFFXXX, IBAN on the invoice",
                       "IBAN invalide (clé fausse) : {bad_iban}", "SEPA mandate ref MNDT-{o8}"],
    "ssn_lookalike": ["part no. 9{o2}-{o2b}-{o4}", "SKU 000-{o2}-{o4}", "catalog 666-{o2}-{o4}",
                      "kit {o3}-00-{o4}", "lot {o3}-{o2}-0000"],
    "version_date_price": ["released v2.{k}.{t}", "€1.299,00 inkl. MwSt.", "$12,499.99 / year", "¥128,000 (税込)",
                           "R$ 1.234,56 no boleto", "released {yy}-{mm}-{dd}", "node 20.11.{k}, npm 10.{k}.0",
                           "kernel 6.8.0-{k}-generic", "{k}.5% faster", "due {dd}/{mm}/2025", "release 2025.{mm}.{dd}",
                           "price moved from 1 049,90 € to 999,90 €", "v{k}.{t}.{o2}-rc.1", "totals: {o4} rows, {t} MB",
                           "SLA 99.95% over {d} days", "CHF 2'450.–"],
    "ip_lookalike": ["ssh to 10.{k}.{o2}.{k}", "gateway 192.168.{k}.254", "container at 172.20.0.{k}",
                     "bind 0.0.0.0:{t}", "OID 1.3.6.1.4.1.311.21.{k}", "build 10.0.{win}.{t}",
                     "docs use 203.0.113.{k} and 198.51.100.{k}", "127.0.0.1:{o4}", "subnet 10.0.0.0/8",
                     "version 2.4.{t}.300"],
    "email_lookalike": ["@here deploy at {h}:{m:02d}", "ssh deploy@bastion-0{k}", "npm i -D @types/node@20",
                        "@Override on line {t}", "git clone git@github.com:acme/infra.git",
                        "docker pull ghcr.io/acme/app@sha256:{hex64}", "@channel outage over", "pip install foo@git+ssh"],
    "url_no_credentials": ["https://grafana.internal/d/abc?orgId={k}", "ssh://git@git.internal:2222/infra.git",
                           "postgres://db.internal:5432/app", "https://bitbucket.acme-int.net/scm/ops.git?at=refs%2Fheads%2Fmain",
                           "redis://redis:6379/{k}", "https://app.acme-int.net/reset?token=",
                           "amqp://rabbit:5672/%2F", "http://proxy.corp:3128 (auth via kerberos)"],
    "aws_lookalike": ["commit {hex40}", "aws_secret_access_key = <from-vault>",
                      "AWS docs example: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                      "etag {hex32}", "sha1 {hex40} for the tarball", "x-amz-id-2 is not a secret, nothing to rotate"],
    "pin_lookalike": ["room {o4} on floor {k}", "error 0x8007{o4}", "step {k}/{d}", "port {o4} is open",
                      "HTTP {t} on /health", "OTP was already used, request a new one", "door code changed, ask reception",
                      "Kassenzeichen {o4}"],
}
NEG_COUNTS = {"password_talk": 30, "password_policy": 18, "placeholder_password": 28, "masked_value": 18,
              "phone_lookalike": 22, "card_lookalike": 14, "iban_lookalike": 8, "ssn_lookalike": 8,
              "version_date_price": 16, "ip_lookalike": 10, "email_lookalike": 8, "url_no_credentials": 8,
              "aws_lookalike": 6, "pin_lookalike": 6}


def luhn_fail(n):
    while True:
        s = digits(n, True)
        if not luhn_ok(s):
            return s


def bad_iban():
    while True:
        s = "DE%02d" % R.randint(2, 98) + digits(18)
        if not iban_valid(s):
            return s


def neg_fill(tpl):
    c16 = luhn_fail(16)
    f = dict(svc=R.choice(SERVICES), n=R.choice([10, 12, 14, 16]), d=R.choice([60, 90, 180]),
             k=R.randint(1, 9), h=R.randint(7, 19), m=R.randint(0, 59), t=R.randint(100, 999),
             w=R.choice(["Monday", "Tuesday", "Friday", "next week", "tomorrow"]),
             o2=digits(2, True), o2b=digits(2, True), o3=digits(3, True), o4=digits(4, True), o4b=digits(4, True),
             o6=digits(6, True), o7=digits(7, True), o7b=digits(7, True), o7c=digits(7, True),
             o8=digits(8, True), o10=digits(10, True), ts=str(R.randint(1700000000, 1790000000)),
             mm="%02d" % R.randint(1, 12), dd="%02d" % R.randint(1, 28), yy=str(R.randint(2023, 2026)),
             ymd="2025%02d%02d" % (R.randint(1, 12), R.randint(1, 28)), win=str(R.choice([19045, 22621, 22631, 26100])),
             c16=" ".join(c16[i:i + 4] for i in range(0, 16, 4)), c16c=luhn_fail(16), c15=luhn_fail(15),
             c19c=luhn_fail(19), bad_iban=group4(bad_iban()), bad_iban_c=bad_iban(),
             hex64="".join(R.choice("0123456789abcdef") for _ in range(64)),
             hex40="".join(R.choice("0123456789abcdef") for _ in range(40)),
             hex32="".join(R.choice("0123456789abcdef") for _ in range(32)))
    return tpl.format(**f)


# ---------------------------------------------------------------- scanner
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
CARD_RE = re.compile(r"(?<![\d])\d(?:[ \-.]?\d){12,18}(?![\d])")
SSN_RE = re.compile(r"(?<!\d)(\d{3})[- .](\d{2})[- .](\d{4})(?!\d)")
IBAN_RE = re.compile(r"\b[A-Za-z]{2}\d{2}(?:[ ]?[A-Za-z0-9]{4}){2,7}(?:[ ]?[A-Za-z0-9]{1,3})?\b")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d])")
ALLOWED_NEG_EMAILS = ["git@"]


def scan(text):
    hits = []
    for m in EMAIL_RE.finditer(text):
        hits.append(("email_address", m.group(0)))
    for m in CARD_RE.finditer(text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("credit_card", m.group(0)))
    for m in SSN_RE.finditer(text):
        a, g, s = m.groups()
        if a not in ("000", "666") and a[0] != "9" and g != "00" and s != "0000":
            hits.append(("us_ssn", m.group(0)))
    for m in IBAN_RE.finditer(text):
        if iban_valid(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in IP_RE.finditer(text):
        parts = m.groups()
        if all(int(p) <= 255 for p in parts) and ip_public(m.group(0)):
            hits.append(("ipv4_address", m.group(0)))
    return hits


# ---------------------------------------------------------------- main
def main():
    pos = build_passwords(150) + build_phones(100)
    pos += gen_cards() + gen_ibans() + gen_ssns() + gen_emails() + gen_urlcreds() + gen_aws() + gen_ips()
    assert len(pos) == 300, len(pos)
    seen = set()
    for text, kind, val, ctx in pos:
        assert val in text, (val, text)
        assert val.strip() == val and val, (val,)
        assert text not in seen, text
        seen.add(text)
        for hk, hv in scan(text):
            # the only detectable item in a positive must be its own value
            vs, hs = text.find(val), text.find(hv)
            assert hs < vs + len(val) and vs < hs + len(hv), (ctx, hk, hv, text)
    R.shuffle(pos)
    pos_lines = []
    for i, (text, kind, val, ctx) in enumerate(pos, 1):
        pos_lines.append(json.dumps({"id": "r11p-%03d" % i, "text": text, "secrets": [{"kind": kind, "value": val}],
                                     "context": ctx}, ensure_ascii=False))

    neg = []
    nseen = set()
    for cat in NEG:  # dict order is insertion order
        want = NEG_COUNTS[cat]
        tpls = NEG[cat]
        i = 0
        tries = 0
        while sum(1 for c, _ in neg if c == cat) < want:
            tries += 1
            assert tries < 5000, cat
            tpl = tpls[i % len(tpls)]
            i += 1
            text = neg_fill(tpl)
            bad = [h for h in scan(text) if not (h[0] == "email_address" and any(h[1].startswith(a) for a in ALLOWED_NEG_EMAILS))]
            if bad or text in nseen:
                continue
            nseen.add(text)
            neg.append((cat, text))
    assert len(neg) == 200, len(neg)
    R.shuffle(neg)
    neg_lines = [json.dumps({"id": "r11n-%03d" % i, "text": t, "category": c}, ensure_ascii=False)
                 for i, (c, t) in enumerate(neg, 1)]

    with open(os.path.join(HERE, "recall11_positives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(pos_lines) + "\n")
    with open(os.path.join(HERE, "recall11_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(neg_lines) + "\n")

    kinds = Counter(k for _, k, _, _ in pos)
    print("positives: %d records" % len(pos))
    for k, v in sorted(kinds.items()):
        print("  %-22s %d" % (k, v))
    pw_ctx = [c for _, k, _, c in pos if k == "password"]
    langs = Counter(c.split(":")[2] for c in pw_ctx if c.split(":")[1] in ("sent", "reply"))
    forms = Counter(c.split(":")[1] for c in pw_ctx)
    pwk = Counter(c.split(":")[-1] for c in pw_ctx)
    print("  password languages (sentences+replies): %d %s" % (len(langs), dict(sorted(langs.items()))))
    print("  password forms: %s" % dict(sorted(forms.items())))
    print("  password value kinds: %s" % dict(sorted(pwk.items())))
    ph = [c.split(":") for _, k, _, c in pos if k == "phone_number"]
    print("  phone countries: %d; forms %s; %s" % (len(set(x[2] for x in ph)), dict(sorted(Counter(x[1] for x in ph).items())),
                                                dict(sorted(Counter(x[3] for x in ph).items()))))
    print("negatives: %d records" % len(neg))
    for c, v in sorted(Counter(c for c, _ in neg).items()):
        print("  %-22s %d" % (c, v))


if __name__ == "__main__":
    main()
