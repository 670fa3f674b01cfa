#!/usr/bin/env python3
"""Blind recall probe #10 (issue 24): passwords and phones.

Standard library only. Deterministic: random.Random(1010). Writes
recall10_positives.jsonl and recall10_negatives.jsonl next to this file.
"""
import ipaddress
import json
import os
import re
import string
from collections import Counter

import random

R = random.Random(1010)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers

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


def luhn_complete(partial):
    for c in "0123456789":
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError


def iban_num(s):
    return "".join(str(int(c, 36)) for c in s)


def iban_ok(iban):
    s = iban.replace(" ", "").replace("-", "").upper()
    return int(iban_num(s[4:] + s[:4])) % 97 == 1


def rdig(n, first_nonzero=False):
    s = "".join(R.choice(string.digits) for _ in range(n))
    if first_nonzero and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def fill(pattern):
    """D any digit, N digit 2-9, A upper letter, C upper alnum; others literal."""
    out = []
    for ch in pattern:
        if ch == "D":
            out.append(R.choice(string.digits))
        elif ch == "N":
            out.append(R.choice("23456789"))
        elif ch == "A":
            out.append(R.choice(string.ascii_uppercase))
        elif ch == "C":
            out.append(R.choice(string.ascii_uppercase + string.digits))
        else:
            out.append(ch)
    return "".join(out)


def is_public(ip):
    a = ipaddress.ip_address(ip)
    if not a.is_global or a.is_multicast or a.is_reserved:
        return False
    for net in ("198.18.0.0/15", "192.0.0.0/24", "192.88.99.0/24"):
        if a in ipaddress.ip_network(net):
            return False
    return True


def public_ip():
    while True:
        ip = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if is_public(ip):
            return ip


def private_ip():
    return R.choice([
        "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(2, 254)),
        "192.168.%d.%d" % (R.randint(0, 255), R.randint(2, 254)),
        "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(2, 254)),
    ])


# ---------------------------------------------------------------- passwords

WORDS = ["sunflower", "dragon", "monkey", "summer", "winter", "coffee", "panther", "tiger", "marmot",
         "kaffee", "soleil", "mariposa", "kirsche", "horizon", "falcon", "nebula", "pepper", "biscuit",
         "rocket", "orange", "violet", "garnet", "bamboo", "lighthouse", "penguin", "walrus", "avocado",
         "cactus", "thunder", "maple", "otter", "galaxy", "saturn", "banana", "chocolat", "fenster",
         "tortuga", "sakura", "hamster", "lemon", "copper", "harbor", "pizza", "viking", "blueberry"]
PHRASE_WORDS = ["correct", "horse", "battery", "staple", "purple", "elephant", "river", "window", "cloud",
                "silent", "kettle", "orbit", "velvet", "marble", "candle", "forest", "paper", "dolphin",
                "yellow", "ladder", "piano", "rabbit", "castle", "ember", "tulip", "glacier", "copper",
                "lantern", "meadow", "quartz", "spoon", "tundra", "walnut", "zebra", "harvest", "mango"]
LEET = {"a": "@4", "e": "3", "i": "1!", "o": "0", "s": "$5", "t": "7"}
SYMS = "!@#%*-_.+?&$^~"


def pw_dict():
    w = R.choice(WORDS)
    w = R.choice([w.capitalize(), w, w.upper() if len(w) < 7 else w.capitalize()])
    tail = R.choice([rdig(R.randint(2, 4)), rdig(2) + R.choice("!#$%*?"), R.choice("!@#") + rdig(R.randint(2, 4)),
                     str(R.randint(1975, 2026))])
    if R.random() < 0.3:
        w = w + R.choice(["_", ".", "-", ""]) + R.choice(WORDS).capitalize()
    return w + tail


def pw_leet():
    w = R.choice(WORDS + ["password", "welcome", "letmein", "admin", "secret", "master"])
    out = []
    for ch in w:
        if ch in LEET and R.random() < 0.7:
            out.append(R.choice(LEET[ch]))
        else:
            out.append(ch.upper() if R.random() < 0.2 else ch)
    s = "".join(out)
    if s[0].isalpha():
        s = s[0].upper() + s[1:]
    return s + R.choice(["", rdig(1), rdig(2), rdig(2) + "!", "#" + rdig(1), str(R.randint(2019, 2026))])


def pw_random():
    n = R.randint(10, 22)
    alpha = string.ascii_letters + string.digits
    s = [R.choice(alpha) for _ in range(n)]
    for _ in range(R.randint(0, 4)):
        s[R.randrange(1, n - 1)] = R.choice(SYMS)
    return "".join(s)


def pw_phrase(space_ok=True):
    k = R.randint(3, 5)
    ws = R.sample(PHRASE_WORDS, k)
    joiners = ["-", ".", "_", "CAMEL"] + ([" ", " ", " "] if space_ok else [])
    j = R.choice(joiners)
    if j == "CAMEL":
        s = "".join(w.capitalize() for w in ws)
    else:
        s = j.join(ws)
    if R.random() < 0.4:
        s += (j if j not in ("CAMEL",) else "") + rdig(R.randint(1, 3))
    return s


def pw_pin():
    return rdig(R.choice([4, 4, 5, 6, 6, 8]))


STYLES = {"dict": pw_dict, "leet": pw_leet, "random": pw_random, "phrase": pw_phrase, "pin": pw_pin}
USED_PW = set()


def make_pw(styles, forbid="", space_ok=False, end_alnum=False, style=None):
    for _ in range(500):
        st = style or R.choice(styles)
        p = pw_phrase(space_ok) if st == "phrase" else STYLES[st]()
        if any(c in p for c in forbid):
            continue
        if not space_ok and " " in p:
            continue
        if end_alnum and not p[-1].isalnum():
            continue
        if not p[0].isalnum() and st != "random":
            continue
        if p in USED_PW:
            continue
        USED_PW.add(p)
        return p, st
    raise RuntimeError("no pw")


ALL = ["dict", "leet", "random", "phrase", "pin"]
NOPIN = ["dict", "leet", "random", "phrase"]
SHELL_BAD = "$`'\"\\!&;|<>(){}*?~^# "
CFG_BAD = "#;\"'\\<>&$%{}^~ "

# sentence templates: (language, template). {pw} is replaced by the password.
SENT = [
    ("en", "the pw for the staging box is {pw} btw, dont paste it anywhere"),
    ("en", "I changed the pasword to {pw} yesterday so the old one won't work"),
    ("en", "{pw} is the new pass for the shared jenkins admin, rotated it this morning"),
    ("en", "pwd: {pw} (temp, change on first login)"),
    ("en", "fyi the door PIN was reset, it's {pw} now"),
    ("de", "Das Kennwort für den Drucker im 3. OG lautet {pw} – bitte nicht weitergeben"),
    ("de", "hab das PW vom Testaccount auf {pw} geändert"),
    ("fr", "le mdp du wifi c'est {pw} au cas où"),
    ("fr", "Mot de passe : {pw} (à changer à la première connexion)"),
    ("es", "la contraseña del servidor de pruebas es {pw}, no la compartas"),
    ("es", "te paso la clave: {pw} jaja no la pierdas"),
    ("pt", "a senha do roteador é {pw} tá"),
    ("pt", "senha nova do painel: {pw} (não compartilha)"),
    ("it", "la password dell'account condiviso è {pw}, ciao"),
    ("nl", "het wachtwoord is {pw} maar verander het wel even"),
    ("nl", "ww voor de vpn: {pw}"),
    ("pl", "hasło do serwera to {pw} pozdro"),
    ("pl", "haslo do panelu: {pw}"),
    ("sv", "lösenordet till routern är {pw}"),
    ("da", "adgangskoden er {pw} indtil videre"),
    ("no", "passordet er {pw} – bytt det etterpå"),
    ("fi", "salasana on {pw} jos tarvitset"),
    ("cs", "heslo k účtu je {pw} díky"),
    ("sk", "heslo na wifi je {pw}"),
    ("hu", "a jelszó {pw} – ne oszd meg senkivel"),
    ("ro", "parola este {pw} pentru contul de test"),
    ("tr", "wifi şifresi {pw} bu arada"),
    ("tr", "şifre: {pw}"),
    ("ru", "пароль от админки — {pw}, никому не давай"),
    ("ru", "пасс: {pw}"),
    ("uk", "пароль до сервера {pw}"),
    ("el", "ο κωδικός είναι {pw} για το wifi"),
    ("zh", "服务器密码是{pw}别外传"),
    ("zh", "WiFi密码：{pw}"),
    ("ja", "検証環境のパスワードは{pw}です"),
    ("ja", "パスワード：{pw}（初回ログイン後に変更してください）"),
    ("ko", "관리자 비밀번호는 {pw}입니다"),
    ("ko", "비번 {pw} ㅋㅋ"),
    ("vi", "mật khẩu là {pw} nhé"),
    ("id", "kata sandinya {pw} ya, jangan disebar"),
    ("ms", "kata laluan: {pw}"),
    ("th", "รหัสผ่านคือ {pw} นะครับ"),
    ("ar", "كلمة المرور هي {pw} لا تشاركها"),
    ("he", "הסיסמה היא {pw} תודה"),
    ("hi", "सर्वर का पासवर्ड {pw} है"),
    ("ca", "la contrasenya és {pw} de moment"),
    ("hr", "lozinka je {pw} za sada"),
    ("bg", "паролата е {pw}"),
    ("et", "parool on {pw}"),
    ("lt", "slaptažodis yra {pw}"),
    ("lv", "parole ir {pw}"),
    ("tl", "ang password ay {pw} pre"),
    ("sw", "nenosiri ni {pw}"),
    ("fa", "رمز عبور {pw} است"),
    ("es", "contraseña: {pw}"),
]

REPLY = [
    "what's the password for the guest wifi?\n{pw}",
    "> anyone know the pw for the grafana admin?\n{pw}",
    "[10:42] mike: pw for the NAS?\n[10:43] sara:\n{pw}",
    "¿cuál es la contraseña del router?\n\n{pw}",
    "Kennt jemand das Passwort vom Konferenzraum-Tablet?\n{pw}\n(steht auch auf dem Zettel)",
    "> quel est le mdp du compte partagé ?\n{pw}",
    "qual é a senha do wifi?\n{pw}",
    "what's the pass to unlock the zip you sent\n{pw}",
    "replying in thread:\n> password pls\n`{pw}`",
    "パスワード何だっけ？\n{pw}",
    "비밀번호 뭐였지?\n{pw}",
    "> пароль от вайфая?\n{pw}",
    "pin for the alarm panel?\n{pw}",
    "wachtwoord van de gastaccount?\n{pw}\nwel na gebruik even resetten",
    "hey whats the pwd again\n{pw}\nthx",
]

SHELL = [
    "sshpass -p '{pw}' ssh deploy@10.20.4.12 'sudo systemctl restart api'",
    "`mysql -u root -p'{pw}' -h db01.internal shop < dump.sql`",
    "PGPASSWORD={pw} psql -h pg-primary.internal -U reporting -d analytics -c 'select 1'",
    "run this: docker login -u ci-bot -p {pw} registry.corp.internal",
    "```\nkubectl create secret generic billing-db --from-literal=username=billing --from-literal=password={pw} -n billing\n```",
    "htpasswd -b -c /etc/nginx/.htpasswd admin {pw}",
    "redis-cli -h cache-01.internal -p 6379 -a {pw} FLUSHDB   # careful",
    "mongosh \"mongodb-0.internal:27017/admin\" --username ops --password {pw}",
    "zip -P {pw} -r export.zip ./reports",
    "7z a -p{pw} -mhe=on archive.7z secrets/",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{pw}",
    "smbclient //fs01/finance -U jdoe%{pw} -c 'ls'",
    "net user svc_backup {pw} /add /domain",
    "curl -u admin:{pw} http://10.1.1.40:9200/_cat/indices",
    "sudo mount -t cifs //nas01/media /mnt/media -o username=media,password={pw},vers=3.0",
    "docker run -d -e MYSQL_ROOT_PASSWORD={pw} -p 3306:3306 mysql:8.0",
    "helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword={pw}",
    "mysqldump --user=backup --password={pw} --all-databases > all.sql",
    "ldapsearch -x -H ldap://ldap.internal -D cn=admin,dc=corp,dc=local -w {pw} -b dc=corp,dc=local",
    "rabbitmqctl add_user ci {pw} && rabbitmqctl set_user_tags ci administrator",
]

CONNSTR = [
    "Server=sql01.corp.local;Database=Billing;User Id=app_billing;Password={pw};TrustServerCertificate=True;",
    "connection string is `Data Source=SQLPROD02;Initial Catalog=HR;User ID=hr_reader;Pwd={pw}`",
    "Host=pg.internal;Port=5432;Database=orders;Username=orders_rw;Password={pw};SSL Mode=Require",
    "User Id=scott;Password={pw};Data Source=ORCL19",
    "Driver={ODBC Driver 18 for SQL Server};Server=tcp:sql-eu.internal,1433;UID=etl;PWD={pw};Encrypt=yes;",
    "psql \"host=10.4.0.7 port=5432 dbname=ledger user=ledger_ro password={pw} sslmode=require\"",
    "Provider=MSOLEDBSQL;Data Source=BI01;User ID=ssis;Password={pw};",
    "the DSN we use: Server=mysql-replica;Uid=readonly;Pwd={pw};Database=crm",
    "Endpoint=tcp://broker.internal:61616;Username=svc-jms;Password={pw}",
    "jdbc:sqlserver://sql01:1433;databaseName=Payroll;user=payroll_app;password={pw};encrypt=true",
]

CONFIG = [
    "```yaml\nspring:\n  datasource:\n    url: jdbc:postgresql://db:5432/app\n    username: app\n    password: {pw}\n```",
    "```yaml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: {pw}\n```",
    "group_vars/all.yml:\n```\nansible_user: deploy\nansible_become_pass: {pw}\n```",
    "```\n# .env\nDB_HOST=localhost\nDB_USER=shop\nDB_PASSWORD={pw}\n```",
    "my .env has SMTP_PASS={pw} and it still fails to auth, any idea?",
    "```ini\n[client]\nuser = backup\npassword = {pw}\nhost = 127.0.0.1\n```",
    "```\n[database]\nhost=db.internal\nuser=wiki\npass={pw}\n```",
    "```toml\n[db]\nhost = \"db.internal\"\nuser = \"grafana\"\npassword = \"{pw}\"\n```",
    "```properties\nspring.mail.host=smtp.internal\nspring.mail.username=noreply\nspring.mail.password={pw}\n```",
    "application.properties: `spring.datasource.password={pw}`",
    "```json\n{\n  \"host\": \"10.0.8.21\",\n  \"user\": \"svc_etl\",\n  \"password\": \"{pw}\"\n}\n```",
    "{\"db\":{\"user\":\"ro\",\"pass\":\"{pw}\"},\"pool\":10}",
    "```xml\n<datasource>\n  <user-name>jboss</user-name>\n  <password>{pw}</password>\n</datasource>\n```",
    "```xml\n<appSettings>\n  <add key=\"SmtpUser\" value=\"alerts\" />\n  <add key=\"SmtpPassword\" value=\"{pw}\" />\n</appSettings>\n```",
    "settings.xml:\n```xml\n<server>\n  <id>nexus-releases</id>\n  <username>deployer</username>\n  <password>{pw}</password>\n</server>\n```",
    "~/.pgpass line: `pg-replica.internal:5432:*:analyst:{pw}`",
    "```\nmachine git.corp.internal\n  login build\n  password {pw}\n```",
    "wp-config.php: `define( 'DB_PASSWORD', '{pw}' );`",
    "```yaml\nredis:\n  auth:\n    enabled: true\n    password: \"{pw}\"\n```",
    "```hcl\nresource \"mysql_user\" \"app\" {\n  user               = \"app\"\n  plaintext_password = \"{pw}\"\n}\n```",
    "```\nexport ADMIN_PASSWORD='{pw}'\n```",
    "```\nSECRET_KEY_BASE=dev\nRABBITMQ_DEFAULT_PASS={pw}\n```",
]

WIFI = [
    "SSID: Gaestenetz-EG / key: {pw}",
    "WLAN: Office-5G\nPasswort: {pw}",
    "wifi → CafeNorte_Guest / {pw}",
    "WIFI:T:WPA;S:Studio-2.4;P:{pw};;",
    "guest wifi is \"Atlas Guest\", WPA2 key {pw}",
    "réseau : Bureau_Paris\nclé WPA : {pw}",
    "Wi-Fi名：HQ-Guest\nパスワード {pw}",
    "red: Oficina-Norte | clave: {pw}",
]

SHARED = [
    "shared login for the Figma team acct: design-team / {pw}",
    "user: ops-shared\npass: {pw}",
    "| service | user | pass |\n|---|---|---|\n| Canva | marketing-team | {pw} |",
    "Netflix for the break room — login breakroom.tv, pw {pw}",
    "Zugang fürs Lieferantenportal:\nBenutzer: einkauf02\nKennwort: {pw}",
    "conta partilhada do Instagram → usuário loja.centro / senha {pw}",
    "the on-call laptop: local admin is `oncall` and the password is `{pw}`",
    "Admin panel creds — u: root, p: {pw}",
]

WORDSF = [
    "the passphrase is {pw}",
    "it's four words, all lowercase, spaces between: {pw}",
    "passphrase = “{pw}”",
    "the vault unlock phrase: \"{pw}\"",
    "keepass master password → {pw}",
    "Passphrase für den Schlüssel: {pw}",
]

EMOJI = [
    "🔑 {pw}",
    "pw 👉 {pw} 👈",
    "🔐 password: **{pw}**",
    "pass is ||{pw}|| 🙈",
    "(pw = {pw}) 😅",
    "new pass ✅ {pw} 🎉",
]

PW_FORMS = [
    ("sentence", SENT, 55, ALL, "", False),
    ("reply_alone", REPLY, 15, ALL, "`", False),
    ("shell", SHELL, 20, NOPIN, SHELL_BAD, False),
    ("connstr", CONNSTR, 10, NOPIN, CFG_BAD + ";{}", False),
    ("config", CONFIG, 22, NOPIN, CFG_BAD, False),
    ("wifi", WIFI, 8, NOPIN, CFG_BAD.replace(" ", "") + ";:", False),
    ("shared_account", SHARED, 8, NOPIN, "|`", False),
    ("words", WORDSF, 6, ["phrase"], "", True),
    ("emoji_punct", EMOJI, 6, ALL, "|*=`", False),
]
PUNCT_AFTER = set(".,!?)）」:;*|`'\"”")


def gen_passwords():
    recs = []
    for form, templates, n, styles, forbid, words in PW_FORMS:
        order = list(range(len(templates)))
        picks = []
        while len(picks) < n:
            R.shuffle(order)
            picks.extend(order)
        picks = picks[:n]
        for k, ti in enumerate(picks):
            t = templates[ti] if form != "sentence" else templates[ti][1]
            i = t.index("{pw}")
            after = t[i + 4:i + 5]
            end_alnum = after in PUNCT_AFTER
            space_ok = words or (form == "reply_alone" and R.random() < 0.35)
            if words:
                pw, st = make_pw(["phrase"], forbid, True, True, style="phrase")
                if " " not in pw:
                    USED_PW.discard(pw)
                    for _ in range(100):
                        pw, st = make_pw(["phrase"], forbid, True, True, style="phrase")
                        if " " in pw:
                            break
                        USED_PW.discard(pw)
            elif "PIN" in t or "pin for" in t:
                pw, st = make_pw(["pin"], forbid, False, end_alnum, style="pin")
            else:
                pw, st = make_pw(styles, forbid, space_ok, end_alnum)
            text = t.replace("{pw}", pw)
            lang = templates[ti][0] if form == "sentence" else ""
            ctx = "password:%s:t%d:%s%s" % (form, ti, st, (":" + lang) if lang else "")
            recs.append((text, "password", pw, ctx))
    return recs

# ---------------------------------------------------------------- phones
# (country code, language, [patterns]); D digit, N digit 2-9. Patterns are written as people there write them.
PHONES = [
    ("US", "en", ["(415) 8DD-DDDD", "312-NDD-DDDD", "646.NDD.DDDD", "+1 206 NDD DDDD", "1-718-NDD-DDDD"]),
    ("CA", "en", ["+1 (604) NDD-DDDD", "416 NDD DDDD"]),
    ("MX", "es", ["+52 55 NDDD DDDD", "33 NDDD DDDD", "+52 1 81 NDDD DDDD"]),
    ("BR", "pt", ["(11) 9NDDD-DDDD", "+55 21 9NDDD-DDDD", "+55 (31) 3NDD-DDDD"]),
    ("AR", "es", ["+54 9 11 NDDD-DDDD", "011 4NDD-DDDD", "15-NDDD-DDDD"]),
    ("CL", "es", ["+56 9 NDDD DDDD"]),
    ("CO", "es", ["+57 310 NDD DDDD", "315 NDDDDDD"]),
    ("PE", "es", ["+51 9NN NDD DDD"]),
    ("GB", "en", ["07NDD DDDDDD", "+44 20 7NDD DDDD", "+44 (0)161 NDD DDDD", "0131 NDD DDDD", "+447NDDDDDDDD"]),
    ("IE", "en", ["087 NDD DDDD", "+353 86 NDD DDDD", "(01) NDD DDDD"]),
    ("FR", "fr", ["06 DD DD DD DD", "+33 6 DD DD DD DD", "07.DD.DD.DD.DD", "+33 (0)1 DD DD DD DD", "0ND DD DD DD DD"]),
    ("DE", "de", ["0151 NDDDDDDD", "+49 30 NDDDDDDD", "030/NDDDDDD", "(0 89) NDD DD DD", "+49 (0)171 NDDDDDD", "0221 - NDD DD DD"]),
    ("AT", "de", ["0664 NDDDDDD", "+43 1 NDDDDDD", "+43 676 NDD DD DD"]),
    ("CH", "de", ["079 NDD DD DD", "+41 44 NDD DD DD", "+41 (0)78 NDD DD DD"]),
    ("NL", "nl", ["06-NDDDDDDD", "+31 6 NDDDDDDD", "020-NDDDDDD", "+31 (0)10 NDD DDDD"]),
    ("BE", "nl", ["0470 DD DD DD", "+32 2 NDD DD DD", "+32 475/DD.DD.DD"]),
    ("LU", "fr", ["+352 621 NDD DDD"]),
    ("ES", "es", ["6NN DD DD DD", "+34 6NN DDD DDD", "91 NDD DD DD", "+34 93 NDD DD DD"]),
    ("PT", "pt", ["9NN NDD DDD", "+351 21 NDD DDDD", "+351 912 DDD DDD"]),
    ("IT", "it", ["3NN NDD DDDD", "+39 06 NDDD DDDD", "02-NDDDDDDD", "+39 347 NDDDDDD"]),
    ("PL", "pl", ["5NN NDD DDD", "+48 22 NDD DD DD", "6NN-NDD-DDD", "+48 6NNNDDDDDD"]),
    ("CZ", "cs", ["+420 6NN NDD DDD", "7NN NDD DDD"]),
    ("SK", "sk", ["0905 NDD DDD", "+421 9NN NDD DDD"]),
    ("HU", "hu", ["+36 30 NDD DDDD", "06 20 NDD DDDD", "06-1-NDD-DDDD"]),
    ("RO", "ro", ["07NN NDD DDD", "+40 7NN NDD DDD"]),
    ("BG", "bg", ["+359 88 NDD DDDD", "0887 NDDDDD"]),
    ("GR", "el", ["69NN NDD DDD", "+30 210 NDD DDDD"]),
    ("TR", "tr", ["0532 NDD DD DD", "+90 (532) NDD DD DD", "0 (212) NDD DD DD"]),
    ("SE", "sv", ["070-NDD DD DD", "+46 70 NDD DD DD", "08-NDD DDD DD"]),
    ("NO", "no", ["4NN DD DDD", "+47 9NN DD DDD"]),
    ("DK", "da", ["2N DD DD DD", "+45 3N DD DD DD"]),
    ("FI", "fi", ["040 NDD DDDD", "+358 50 NDDDDDD", "09 NDDD DDD"]),
    ("EE", "et", ["+372 5NDD DDDD"]),
    ("LT", "lt", ["+370 6NN NDDDD", "8 6NN NDDDD"]),
    ("LV", "lv", ["+371 2NDD DDDD"]),
    ("RU", "ru", ["8 (916) NDD-DD-DD", "+7 916 NDD-DD-DD", "+7 (495) NDD-DD-DD", "89NNNDDDDDD"]),
    ("UA", "uk", ["+380 67 NDD DDDD", "067 NDD DD DD", "+38 (050) NDD-DD-DD"]),
    ("IL", "he", ["052-NDD-DDDD", "+972 54-NDD-DDDD", "03-NDD-DDDD"]),
    ("AE", "ar", ["050 NDD DDDD", "+971 55 NDD DDDD", "+971 4 NDD DDDD"]),
    ("SA", "ar", ["055 NDD DDDD", "+966 5N NDD DDDD"]),
    ("EG", "ar", ["010 NDDD DDDD", "+20 12 NDDD DDDD"]),
    ("ZA", "en", ["082 NDD DDDD", "+27 83 NDD DDDD", "021 NDD DDDD"]),
    ("NG", "en", ["0803 NDD DDDD", "+234 806 NDD DDDD"]),
    ("KE", "sw", ["0712 NDDDDD", "+254 722 NDDDDD"]),
    ("IN", "hi", ["98NNN DDDDD", "+91 9NNNN DDDDD", "+91-9NNNNDDDDD", "022 2NDD DDDD"]),
    ("PK", "en", ["0300 NDDDDDD", "+92 321 NDDDDDD"]),
    ("BD", "en", ["01712-NDDDDD", "+880 1812-NDDDDD"]),
    ("CN", "zh", ["138 NDDD DDDD", "+86 139 NDDD DDDD", "010-NDDDDDDD", "13NNNDDDDDD", "+86-21-NDDD-DDDD"]),
    ("HK", "zh", ["9NDD DDDD", "+852 6NDD DDDD"]),
    ("TW", "zh", ["0912-NDD-DDD", "+886 9NN NDD DDD", "(02) 2NDD-DDDD"]),
    ("JP", "ja", ["FW:090-NDDD-DDDD", "06(6NDD)DDDD", "+81 80-NDDD-DDDD", "03-NDDD-DDDD"]),
    ("KR", "ko", ["010-NDDD-DDDD", "+82 10-NDDD-DDDD", "02-NDD-DDDD", "010 NDDD DDDD"]),
    ("SG", "en", ["9NDD DDDD", "+65 6NDD DDDD"]),
    ("MY", "ms", ["012-NDD DDDD", "+60 12-NDD DDDD"]),
    ("TH", "th", ["081 NDD DDDD", "+66 81 NDD DDDD"]),
    ("VN", "vi", ["091 NDD DD DD", "+84 91 NDD DDDD"]),
    ("PH", "tl", ["0917 NDD DDDD", "+63 917 NDD DDDD"]),
    ("ID", "id", ["0812-NDDD-DDDD", "+62 812 NDDD DDDD"]),
    ("AU", "en", ["0412 NDD DDD", "+61 412 NDD DDD", "(02) 9NDD DDDD", "+61 2 9NDD DDDD"]),
    ("NZ", "en", ["021 NDD DDDD", "+64 21 NDD DDDD", "(09) NDD DDDD"]),
]
FULLWIDTH = str.maketrans("0123456789-()+", "０１２３４５６７８９－（）＋")

CALL = {
    "en": ["call me at {ph}", "my cell is {ph} if slack is down", "reach the site lead on {ph}", "ring {ph} when you're outside"],
    "de": ["Ruf mich unter {ph} an", "Tel. {ph}", "erreichbar unter {ph} (mobil)"],
    "fr": ["appelle-moi au {ph}", "tél. : {ph}", "mon portable : {ph}"],
    "es": ["llámame al {ph}", "mi cel es {ph}", "tel. {ph}"],
    "pt": ["me liga no {ph}", "meu zap é {ph}", "tel: {ph}"],
    "it": ["chiamami al {ph}", "cell. {ph}"],
    "nl": ["bel me op {ph}", "mijn nummer is {ph}"],
    "pl": ["zadzwoń pod {ph}", "tel. kom. {ph}"],
    "cs": ["zavolej mi na {ph}"], "sk": ["zavolaj mi na {ph}"], "hu": ["hívj a {ph} számon"],
    "ro": ["sună-mă la {ph}"], "bg": ["обади се на {ph}"], "el": ["πάρε με στο {ph}"],
    "tr": ["beni {ph} numarasından ara"], "sv": ["ring mig på {ph}"], "no": ["ring meg på {ph}"],
    "da": ["ring til mig på {ph}"], "fi": ["soita numeroon {ph}"], "et": ["helista mulle {ph}"],
    "lt": ["skambink {ph}"], "lv": ["zvani man uz {ph}"], "ru": ["звони на {ph}", "мой номер {ph}"],
    "uk": ["дзвони на {ph}"], "he": ["תתקשר אליי ל-{ph}"], "ar": ["اتصل بي على {ph}"],
    "sw": ["nipigie kwa {ph}"], "hi": ["मुझे {ph} पर कॉल करो"], "zh": ["我的手机号是{ph}", "电话：{ph}"],
    "ja": ["携帯は{ph}です", "TEL：{ph}"], "ko": ["제 번호는 {ph}입니다", "연락처: {ph}"],
    "ms": ["telefon saya {ph}"], "th": ["โทรหาผมที่ {ph}"], "vi": ["gọi mình số {ph} nhé"],
    "tl": ["tawagan mo ako sa {ph}"], "id": ["hubungi saya di {ph}"],
}
PHONE_LAYOUTS = [
    "call", "call", "call",
    "sig", "table", "numbers", "ext", "list",
]
CITIES = ["Lyon", "Leeds", "Graz", "Porto", "Kraków", "Osaka", "Busan", "Cebu", "Pune", "Perth", "Tartu", "Cluj"]


def phone_text(ph, lang, layout):
    if layout == "call":
        return R.choice(CALL[lang]).replace("{ph}", ph)
    if layout == "sig":
        return ("thanks, will send the PO tomorrow\n\n--\nSam Ortega\nProcurement | Nordwind Logistik\n"
                + R.choice(["M: ", "Mobile ", "T ", "Tel. ", "☎ ", "📞 "]) + ph + "\nwww.nordwind-logistik.example")
    if layout == "table":
        c = R.sample(CITIES, 3)
        return ("| site | contact | phone |\n|---|---|---|\n| %s | front desk | %s |\n| %s | front desk | (ask reception) |\n| %s | — | n/a |"
                % (c[0], ph, c[1], c[2]))
    if layout == "numbers":
        return ("order 4471%03d, ticket #58%03d, 3 pallets / 1,240 kg — callback %s before 17:30 on 12.03."
                % (R.randint(0, 999), R.randint(0, 999), ph))
    if layout == "ext":
        ext = R.choice(["ext. %d", "x%d", "Durchwahl %d", "poste %d", "内線%d", "(ext %d)"]) % R.randint(10, 499)
        return "front office: %s %s" % (ph, ext)
    if layout == "list":
        return "on-call this week:\n• Mon–Wed: Priya\n• Thu–Sun: Tomás, %s\n• escalation: the duty manager (see the wiki)" % ph
    raise ValueError(layout)


def gen_phones(n=75):
    recs = []
    countries = PHONES[:]
    R.shuffle(countries)
    idx = 0
    pat_pos = Counter()
    while len(recs) < n:
        cc, lang, pats = countries[idx % len(countries)]
        idx += 1
        pat = pats[pat_pos[cc] % len(pats)]
        pat_pos[cc] += 1
        fw = pat.startswith("FW:")
        ph = fill(pat[3:] if fw else pat)
        if fw:
            ph = ph.translate(FULLWIDTH)
        layout = R.choice(PHONE_LAYOUTS)
        text = phone_text(ph, lang, layout)
        recs.append((text, "phone_number", ph, "phone_number:%s:%s:%s" % (cc, layout, "fullwidth" if fw else pat)))
    return recs

# ---------------------------------------------------------------- other kinds

CARD_BRANDS = [("visa", ["4"], 16), ("mastercard", ["51", "53", "55", "2221", "2720"], 16), ("amex", ["34", "37"], 15),
               ("discover", ["6011", "65"], 16), ("jcb", ["3528", "3589"], 16), ("diners", ["36"], 14),
               ("unionpay", ["62"], 16), ("visa19", ["4"], 19)]


def card_number(brand):
    _, pres, n = [b for b in CARD_BRANDS if b[0] == brand][0]
    p = R.choice(pres)
    return luhn_complete(p + rdig(n - len(p) - 1))


def group(d, sizes, sep):
    out, i = [], 0
    for s in sizes:
        out.append(d[i:i + s])
        i += s
    return sep.join(out)


CARD_TEXTS = [
    ("visa", [4, 4, 4, 4], ".", "card on file: {v} exp 09/28"),
    ("mastercard", [4, 4, 4, 4], "\u00a0", "Kartennummer {v}, gültig bis 11/27"),
    ("amex", [4, 6, 5], " ", "corporate amex {v} — use it for the venue deposit"),
    ("discover", [16], "", "{\"pan\":\"{v}\",\"exp\":\"0329\"}"),
    ("jcb", [4, 4, 4, 4], "-", "JCBカード番号：{v}（有効期限 03/29）"),
    ("diners", [4, 6, 4], " ", "Diners {v} exp 06/27 cvv on the back"),
    ("unionpay", [4, 4, 4, 4], "  ", "银联卡号 {v} 请尽快付款"),
    ("visa19", [4, 4, 4, 4, 3], " ", "new debit card 🎉 {v} lol don't steal it"),
    ("mastercard", [8, 8], " ", "paid with {v} (the team card)"),
    ("visa", [4, 4, 4, 4], " ", "| holder | number | exp |\n|---|---|---|\n| Events team | {v} | 12/26 |"),
    ("amex", [15], "", "payment failed for card_number={v} reason=do_not_honor"),
]

IBAN_SPECS = {  # country: BBAN pattern (D digit, A upper letter, C upper alnum)
    "DE": "DDDDDDDDDDDDDDDDDD", "GB": "AAAADDDDDDDDDDDDDD", "FR": "DDDDDDDDDDDDDDDDDDDDDDD",
    "NL": "AAAADDDDDDDDDD", "BE": "DDDDDDDDDDDD", "ES": "DDDDDDDDDDDDDDDDDDDD", "IT": "ADDDDDDDDDDCCCCCCCCCCCC",
    "CH": "DDDDDCCCCCCCCCCCC", "AT": "DDDDDDDDDDDDDDDD", "PL": "DDDDDDDDDDDDDDDDDDDDDDDD",
    "PT": "DDDDDDDDDDDDDDDDDDDDD", "SE": "DDDDDDDDDDDDDDDDDDDD", "NO": "DDDDDDDDDDD", "DK": "DDDDDDDDDDDDDD",
    "FI": "DDDDDDDDDDDDDD", "IE": "AAAADDDDDDDDDDDDDD",
}


def make_iban(cc):
    bban = fill(IBAN_SPECS[cc])
    if cc == "BE":
        base = bban[:10]
        chk = int(base) % 97 or 97
        bban = base + "%02d" % chk
    chk = 98 - int(iban_num(bban + cc + "00")) % 97
    iban = cc + "%02d" % chk + bban
    assert iban_ok(iban)
    return iban


IBAN_TEXTS = [
    ("DE", "g4", "Bitte überweist die Kaution auf DE-Konto {v} (Kontoinhaber: Vereinskasse)"),
    ("GB", "compact", "sort it via IBAN {v}, ref INV-2231"),
    ("FR", "g4", "RIB pour le remboursement :\nIBAN {v}\nBIC AGRIFRPPXXX"),
    ("NL", "lower", "mijn iban: {v}"),
    ("BE", "g4", "rekeningnummer {v} — mededeling: lidgeld 2026"),
    ("ES", "dash", "transferencia a {v} antes del viernes"),
    ("IT", "g4", "IBAN: {v} intestato a Studio Ferri"),
    ("CH", "g4nb", "Zahlungsempfänger\n{v}"),
    ("PL", "g4", "nr konta {v} tytuł: zwrot za hotel"),
    ("PT", "compact", "{\"beneficiary\":\"Casa Lume\",\"iban\":\"{v}\"}"),
    ("SE", "g4", "| namn | IBAN |\n|---|---|\n| Fiskeboden AB | {v} |"),
]


def fmt_iban(iban, how):
    if how == "compact":
        return iban
    if how == "lower":
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4)).lower()
    if how == "dash":
        return "-".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    if how == "g4nb":
        return "\u00a0".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def make_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d" % a, "%02d" % R.randint(1, 99), "%04d" % R.randint(1, 9999)


SSN_TEXTS = [
    (" ", "ssn {v} for the background check form"),
    ("", "SS# {v}"),
    (".", "her social is {v}, she needs it for the I-9 re-verification"),
    ("-", "| employee | ssn | state |\n|---|---|---|\n| new hire (ops) | {v} | TX |"),
    ("–", "Social Security No. {v} (from the W-4 scan)"),
    (" - ", "ssn: {v} (applicant asked us to delete it after)"),
    ("-", "{\"applicant\":{\"ssn\":\"{v}\",\"state\":\"OH\"}}"),
    ("", "tax id (SSN, no dashes) → {v}"),
    ("-", "my SSN is {v} can you fix the 1099"),
    (" ", "SSN\n{v}"),
    ("/", "soc sec {v} pls verify"),
]

EMAIL_TEXTS = [
    "pls cc m.okafor+slack@lagos-freight.ng on the thread",
    "From: \"Keiko Yamada\" <k.yamada@hokuto-denki.co.jp>",
    "contact: JANE.DOE@Contoso-Bau.DE",
    "send the invoice to mailto:pierre.lambert@atelier-rive.fr?subject=facture",
    "email,role\nd.kowalski@sklep-wisla.pl,admin",
    "{\"user\":{\"email\":\"ana_souza99@mail.padaria-boa.com.br\"}}",
    "Author: Rui <rui.m@dev.tejo-soft.pt>",
    "write to anna.berg [at] nordlys-media [dot] no",
    "my personal one is tom.hughes1984@gmx.net (work mail is dead)",
    "rsvp → lin.wei@tsinghua-alumni.org.cn",
    "（メール：sato-h@kaisha.jp）",
]
EMAIL_VALUES = [
    "m.okafor+slack@lagos-freight.ng", "k.yamada@hokuto-denki.co.jp", "JANE.DOE@Contoso-Bau.DE",
    "pierre.lambert@atelier-rive.fr", "d.kowalski@sklep-wisla.pl", "ana_souza99@mail.padaria-boa.com.br",
    "rui.m@dev.tejo-soft.pt", "anna.berg [at] nordlys-media [dot] no", "tom.hughes1984@gmx.net",
    "lin.wei@tsinghua-alumni.org.cn", "sato-h@kaisha.jp",
]

URL_TEXTS = [
    "postgresql://report_ro:{pw}@pg-replica.internal:5432/analytics?sslmode=require",
    "smb://CORP;jdoe:{pw}@fs01.corp.local/finance",
    "upload via ftp://partner_upload:{pw}@ftp.partner-logistik.de/inbound/",
    "git clone https://build-bot:{pw}@git.corp.internal/team/payments.git",
    "export https_proxy=http://proxyuser:{pw}@proxy.corp.local:3128",
    "pip install --index-url https://pypi-reader:{pw}@nexus.corp.local/repository/pypi/simple acme-utils",
    "REDIS_URL=redis://:{pw}@cache.internal:6379/2",
    "mongodb://admin:{pw}@mongo-0.internal:27017,mongo-1.internal:27017/?replicaSet=rs0&authSource=admin",
    "broker_url = \"amqps://celery:{pw}@mq.internal:5671/%2f\"",
    "sftp://deploy:{pw}@files.internal:2222/releases",
    "`webcal://cal-sync:{pw}@dav.internal/calendars/team`",
]

AWS_TEXTS = [
    "```ini\n[prod-deployer]\nregion = eu-central-1\naws_secret_access_key = {v}\n```",
    "export AWS_SECRET_ACCESS_KEY={v}",
    "```json\n{\n    \"AccessKey\": {\n        \"UserName\": \"ci-deployer\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"{v}\"\n    }\n}\n```",
    "```hcl\nprovider \"aws\" {\n  region     = \"us-east-1\"\n  secret_key = \"{v}\"\n}\n```",
    "s3 = boto3.client(\"s3\", aws_secret_access_key=\"{v}\")",
    "$ aws configure\nAWS Access Key ID [****************QX7A]:\nAWS Secret Access Key [None]: {v}\nDefault region name [None]: eu-west-1",
    "the secret half is {v} — the id is in 1password",
    "```\n[s3-backup]\ntype = s3\nprovider = AWS\nsecret_access_key = {v}\n```",
    "docker run -e AWS_SECRET_ACCESS_KEY='{v}' amazon/aws-cli s3 ls",
    "```yaml\nenv:\n  AWS_SECRET_ACCESS_KEY: {v}\n```",
]

IP_TEXTS = [
    "blocked {v}:443 after the scan, see fw log",
    "X-Forwarded-For: {v}, 10.0.3.17, 172.20.0.5",
    "IOC (defanged): {d}",
    "{v} - - [14/Mar/2026:09:12:44 +0000] \"GET /wp-login.php HTTP/1.1\" 404 162",
    "iptables -A INPUT -s {v}/32 -j DROP",
    "can you whitelist my home IP? it's {v}.",
    "{\"client_ip\":\"{v}\",\"status\":429}",
    "ssh -p 2222 root@{v}",
    "the customer's static IP is [{v}]",
    "http://{v}:8080/admin exposed to the internet 😬",
]


def aws_secret():
    al = string.ascii_letters + string.digits + "/+"
    while True:
        s = "".join(R.choice(al) for _ in range(40))
        if ("/" in s or "+" in s) and s[0].isalnum() and s[-1].isalnum():
            return s


def url_pw():
    st = R.choice(["dict", "random", "leet", "enc"])
    for _ in range(200):
        if st == "enc":
            p = R.choice(WORDS).capitalize() + R.choice(["%40", "%23", "%21", "%3A"]) + rdig(R.randint(2, 4))
        else:
            p = STYLES[st]()
        if any(c in p for c in "@:/?#% &$'\"`{}") and st != "enc":
            continue
        if p in USED_PW:
            continue
        USED_PW.add(p)
        return p, st
    raise RuntimeError


def gen_others():
    recs = []
    for i, (brand, sizes, sep, t) in enumerate(CARD_TEXTS):
        d = card_number(brand)
        v = group(d, sizes, sep)
        recs.append((t.replace("{v}", v), "credit_card", v, "credit_card:t%d:%s" % (i, brand)))
    for i, (cc, how, t) in enumerate(IBAN_TEXTS):
        v = fmt_iban(make_iban(cc), how)
        recs.append((t.replace("{v}", v), "iban", v, "iban:t%d:%s:%s" % (i, cc, how)))
    for i, (sep, t) in enumerate(SSN_TEXTS):
        a, g, s = make_ssn()
        v = sep.join([a, g, s])
        recs.append((t.replace("{v}", v), "us_ssn", v, "us_ssn:t%d" % i))
    for i, (t, v) in enumerate(zip(EMAIL_TEXTS, EMAIL_VALUES)):
        recs.append((t, "email_address", v, "email_address:t%d" % i))
    for i, t in enumerate(URL_TEXTS):
        p, st = url_pw()
        recs.append((t.replace("{pw}", p), "url_credentials", p, "url_credentials:t%d:%s" % (i, st)))
    for i, t in enumerate(AWS_TEXTS):
        v = aws_secret()
        recs.append((t.replace("{v}", v), "aws_secret_access_key", v, "aws_secret_access_key:t%d" % i))
    for i, t in enumerate(IP_TEXTS):
        v = public_ip()
        if "{d}" in t:
            v = v.replace(".", "[.]", 1).replace(".", "[.]") if False else v.rsplit(".", 1)[0] + "[.]" + v.rsplit(".", 1)[1]
            t = t.replace("{d}", v)
        recs.append((t.replace("{v}", v), "ipv4_address", v, "ipv4_address:t%d" % i))
    return recs

# ---------------------------------------------------------------- negatives

def bad_luhn(n, prefix=""):
    while True:
        d = prefix + rdig(n - len(prefix))
        if not luhn_ok(d):
            return d


def bad_iban(cc):
    good = make_iban(cc)
    while True:
        c = "%02d" % R.randint(2, 98)
        b = cc + c + good[4:]
        if not iban_ok(b):
            return b


def g4(s, sep=" "):
    return sep.join(s[i:i + 4] for i in range(0, len(s), 4))


SVC = ["jenkins", "grafana", "the NAS", "staging", "the VPN", "the guest wifi", "Jira", "the shared inbox", "prod db", "the router"]

NEG = {}
NEG["password_talk"] = [
    lambda: "what's the password for %s? asking for the onboarding doc" % R.choice(SVC),
    lambda: "I reset the password for %s, check your DMs (not posting it here)" % R.choice(SVC),
    lambda: "pw is in 1Password under \"%s\" — don't paste it in slack pls" % R.choice(["Infra / Prod DB", "Office / Wifi", "Shared / Canva"]),
    lambda: "Das Passwort für %s steht im Tresor, nicht hier reinschreiben 🙏" % R.choice(SVC),
    lambda: "le mdp a changé ce matin, demande-le à l'équipe infra en privé",
    lambda: "la contraseña ya no funciona, ¿alguien la rotó? ticket OPS-%d" % R.randint(1000, 9999),
    lambda: "パスワードはDMで送りました。ここには書かないでください。",
    lambda: "비밀번호는 보안상 DM으로 보내드릴게요",
    lambda: "密码已经通过私信发给你了，别在群里发",
    lambda: "забыл пароль от %s, кто может сбросить?" % R.choice(["VPN", "Jira", "NAS"]),
    lambda: "senha expirou de novo 🙄 o sistema pede troca a cada %d dias" % R.choice([30, 60, 90]),
    lambda: "forgot my pw again lol, resetting via the self-service portal",
    lambda: "who changed the wifi password?? nothing connects since %d:%02d" % (R.randint(8, 17), R.randint(0, 59)),
    lambda: "password manager migration: all shared vaults move on %s" % R.choice(["Monday", "the 14th", "Friday"]),
    lambda: "reminder: never send passwords over slack, use the vault link instead",
    lambda: "het wachtwoord staat in de kluis, vraag toegang aan via IT",
    lambda: "hasło wygasło, zgłoś się do helpdesku",
    lambda: "the pw you gave me doesn't work, can you DM it again?",
    lambda: "şifreyi özelden gönderdim",
    lambda: "Passwort vergessen? → Self-Service unter /account/reset",
    lambda: "rotated the db password, all services picked up the new secret from vault ✅",
    lambda: "incident %d: a password was pasted in #general, rotated within 10 min, message deleted" % R.randint(100, 999),
]
NEG["password_policy"] = [
    lambda: "new policy: passwords must be at least %d characters, with one digit and one symbol" % R.choice([12, 14, 16]),
    lambda: "password rules: min %d chars, no reuse of the last %d, expires every %d days" % (R.choice([10, 12]), R.choice([5, 10, 24]), R.choice([90, 180])),
    lambda: "regex we use for complexity: `^(?=.*[A-Z])(?=.*\\d)(?=.*[^\\w\\s]).{%d,}$`" % R.choice([12, 14]),
    lambda: "```yaml\npassword_policy:\n  min_length: %d\n  require_uppercase: true\n  require_symbols: true\n  max_age_days: %d\n```" % (R.choice([12, 14]), R.choice([90, 365])),
    lambda: "Kennwortrichtlinie: mindestens %d Zeichen, Groß-/Kleinbuchstaben, Ziffern" % R.choice([10, 12]),
    lambda: "NIST says length > complexity, so we're dropping the symbol requirement and going to %d chars min" % R.choice([15, 16]),
    lambda: "PINs must be %d digits and can't be sequential (1234) or repeated (1111)" % R.choice([6, 8]),
    lambda: "lockout after %d failed attempts, unlock after %d min" % (R.choice([5, 10]), R.choice([15, 30])),
    lambda: "mot de passe : 12 caractères minimum, renouvelé tous les 90 jours",
    lambda: "la contraseña debe tener entre 12 y 64 caracteres",
    lambda: "passphrases of 4+ random words are allowed now, no symbols needed",
    lambda: "```\nminlen = %d\ndcredit = -1\nucredit = -1\nocredit = -1\n```\n(pwquality.conf)" % R.choice([12, 14]),
    lambda: "パスワードは%d文字以上、英大文字・数字・記号を含めてください" % R.choice([12, 16]),
    lambda: "bcrypt cost bumped from 10 to %d, logins ~%dms slower" % (R.choice([12, 13]), R.randint(40, 300)),
    lambda: "password hashes are argon2id (m=%d, t=3, p=1) since v%d.%d" % (R.choice([19456, 65536]), R.randint(2, 5), R.randint(0, 20)),
]
NEG["placeholder_password"] = [
    lambda: "```\nDB_PASSWORD=<your-password>\n```",
    lambda: "set `password: ${DB_PASSWORD}` and inject it from the secret",
    lambda: "```yaml\npassword: {{ .Values.postgresql.auth.password }}\n```",
    lambda: "mysql -u root -p   # it will prompt for the password",
    lambda: "echo \"$REGISTRY_TOKEN\" | docker login -u ci --password-stdin registry.corp.internal",
    lambda: "Server=sql01;Database=App;User Id=app;Password=<password>;",
    lambda: "psql \"host=db user=app password=$PGPASSWORD dbname=app\"",
    lambda: "```ini\n[client]\nuser = backup\npassword = CHANGE_ME\n```",
    lambda: "`spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}`",
    lambda: "\"password\": \"YOUR_PASSWORD_HERE\"",
    lambda: "```xml\n<password>${env.NEXUS_PASSWORD}</password>\n```",
    lambda: "sshpass -f ~/.ssh/pw_file ssh deploy@10.20.4.12",
    lambda: "kubectl create secret generic db --from-file=password=./db-password.txt",
    lambda: "export ADMIN_PASSWORD=$(op read \"op://Infra/grafana/password\")",
    lambda: "POSTGRES_PASSWORD_FILE=/run/secrets/postgres_password",
    lambda: "password = \"\"  # filled in by CI",
    lambda: "pass: %PASSWORD%",
    lambda: "Enter password: \nPassword for 'https://git.corp.internal':",
    lambda: "WIFI:T:WPA;S:<ssid>;P:<passphrase>;;",
    lambda: "htpasswd -c /etc/nginx/.htpasswd admin   # prompts twice",
    lambda: "```toml\npassword = \"{{ env \\\"DB_PASS\\\" }}\"\n```",
    lambda: "user: <username> / pass: <password>",
]
NEG["masked_value"] = [
    lambda: "password: ••••••••",
    lambda: "pw: ******** (hidden in the UI)",
    lambda: "DB_PASSWORD=[REDACTED]",
    lambda: "card ending in •••• %04d was declined" % R.randint(0, 9999),
    lambda: "Visa **** **** **** %04d exp **/**" % R.randint(0, 9999),
    lambda: "SSN: ***-**-%04d" % R.randint(1, 9999),
    lambda: "IBAN DE** **** **** **** **%02d %02d" % (R.randint(0, 99), R.randint(0, 99)),
    lambda: "phone +49 *** ****%02d on file" % R.randint(0, 99),
    lambda: "\"password\": \"[FILTERED]\"",
    lambda: "Passwort: xxxxxxxx (ausgeblendet)",
    lambda: "connection string: Server=sql01;User Id=app;Password=*****;",
    lambda: "postgres://app:****@db.internal:5432/app",
    lambda: "Tel.: +33 6 ** ** ** %02d" % R.randint(0, 99),
    lambda: "AWS_SECRET_ACCESS_KEY=****************************************",
    lambda: "mot de passe : <masqué>",
    lambda: "secret_key = \"(sensitive value)\"",
    lambda: "pin: ****",
    lambda: "account ••••%04d, routing ••••%04d" % (R.randint(0, 9999), R.randint(0, 9999)),
]


def order_num():
    return rdig(R.choice([8, 9, 10, 11]), True)


NEG["phone_lookalike"] = [
    lambda: "order #%s shipped, tracking will follow" % order_num(),
    lambda: "Bestellnummer %s – Lieferung KW %d" % (order_num(), R.randint(1, 52)),
    lambda: "slack ts 1%s.%06d" % (rdig(9), R.randint(0, 999999)),
    lambda: "created_at=1%s updated_at=1%s" % (rdig(9), rdig(9)),
    lambda: "ticket INC00%s assigned to the network queue" % rdig(5),
    lambda: "invoice RE-2026-%06d is overdue by %d days" % (R.randint(1, 999999), R.randint(3, 60)),
    lambda: "build %d.%d.%d (%s) deployed to prod" % (R.randint(1, 9), R.randint(0, 30), R.randint(0, 99), rdig(8)),
    lambda: "PO-%s/%s approved" % (rdig(4), rdig(5)),
    lambda: "numéro de commande : %s" % rdig(10, True),
    lambda: "注文番号 %s-%s" % (rdig(4), rdig(7)),
    lambda: "| sku | qty | price |\n|---|---|---|\n| %s | %d | €%d,%02d |" % (rdig(10, True), R.randint(1, 40), R.randint(1, 999), R.randint(0, 99)),
    lambda: "Sendungsnummer %s %s %s" % (rdig(4), rdig(4), rdig(4)),
    lambda: "rows processed: %d %03d %03d in %d ms" % (R.randint(1, 99), R.randint(0, 999), R.randint(0, 999), R.randint(100, 9999)),
    lambda: "case %s-%s" % (rdig(2), rdig(8)),
    lambda: "the meeting id is %s %s %s (no passcode, it's internal)" % (rdig(3), rdig(4), rdig(4)),
    lambda: "window: %02d:%02d–%02d:%02d UTC on 2026-%02d-%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 23), R.randint(0, 59), R.randint(1, 12), R.randint(1, 28)),
    lambda: "ISO week 2026-W%02d, fiscal period %d/%d" % (R.randint(1, 52), R.randint(1, 12), 2026),
    lambda: "pid %d exited with code %d after %d.%03ds" % (R.randint(1000, 99999), R.randint(1, 255), R.randint(0, 999), R.randint(0, 999)),
    lambda: "Vorgangsnummer: %s/%s" % (rdig(4), rdig(6)),
    lambda: "payload size %s bytes, checksum crc32 %s" % (rdig(7, True), rdig(10, True)),
    lambda: "Zendesk #%s merged into #%s" % (rdig(7, True), rdig(7, True)),
    lambda: "lot %s, best before %02d.%02d.2027" % (rdig(10, True), R.randint(1, 28), R.randint(1, 12)),
]
NEG["card_iban_lookalike"] = [
    lambda: "gift voucher ref %s (not a card, just an internal id)" % g4(bad_luhn(16, "4")),
    lambda: "tracking %s" % g4(bad_luhn(16), "-"),
    lambda: "request id %s" % bad_luhn(16, "5"),
    lambda: "asset serial %s in the inventory export" % bad_luhn(15),
    lambda: "test IBAN from the validator unit test (invalid on purpose): %s" % bad_iban(R.choice(["DE", "FR", "NL"])),
    lambda: "the form rejected %s — checksum fails" % g4(bad_iban(R.choice(["GB", "ES", "IT", "BE"]))),
    lambda: "membership no. %s" % g4(bad_luhn(16, "6")),
    lambda: "batch %s.%s.%s.%s" % (rdig(4), rdig(4), rdig(4), rdig(4)) if False else "batch %s" % ".".join(g4(bad_luhn(16)).split(" ")),
    lambda: "account mask pattern `^\\d{4}[ -]?\\d{4}[ -]?\\d{4}[ -]?\\d{4}$`",
    lambda: "Stripe test cards like the 4242 one only work in test mode, don't use them in prod",
    lambda: "BIC: %s%s%s" % (fill("AAAA"), R.choice(["DE", "FR", "NL", "IT"]), fill("CC")),
    lambda: "bank code %s, branch %s" % (rdig(8), rdig(5)),
    lambda: "correlation id %s%s" % (bad_luhn(16), rdig(3)) if False else "correlation id %s" % bad_luhn(19),
    lambda: "ISBN %s" % (lambda d: "%s-%s-%s-%s-%s" % (d[:3], d[3], d[4:8], d[8:12], d[12]))(bad_luhn(13, "978")),
    lambda: "EAN %s on the pallet label" % bad_luhn(13, "40"),
]
NEG["version_date_price"] = [
    lambda: "upgraded to %d.%d.%d, release notes in the wiki" % (R.randint(1, 20), R.randint(0, 40), R.randint(0, 20)),
    lambda: "Windows build 10.0.%d.%d" % (R.randint(17000, 26100), R.randint(1000, 5000)),
    lambda: "Chrome %d.0.%d.%d crashes on the kiosk" % (R.randint(110, 140), R.randint(5000, 7999), R.randint(100, 300)),
    lambda: "AssemblyVersion(\"%d.%d.%d.%d\")" % (R.randint(300, 999), R.randint(0, 9), R.randint(0, 9), R.randint(0, 9)),
    lambda: "price went from €%d,%02d to €%d.%03d,00" % (R.randint(100, 999), R.randint(0, 99), R.randint(1, 9), R.randint(0, 999)),
    lambda: "budget: $%d,%03d,%03d for FY27" % (R.randint(1, 9), R.randint(0, 999), R.randint(0, 999)),
    lambda: "¥%d,%03d（税込）" % (R.randint(1, 99), R.randint(0, 999)),
    lambda: "deadline %02d/%02d/2026 %02d:%02d" % (R.randint(1, 28), R.randint(1, 12), R.randint(0, 23), R.randint(0, 59)),
    lambda: "2026-%02d-%02dT%02d:%02d:%02d.%03dZ job finished" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999)),
    lambda: "SNMP OID 1.3.6.1.4.1.%d.%d.%d" % (R.randint(300, 60000), R.randint(1, 9), R.randint(1, 99)),
    lambda: "see section %d.%d.%d.%d of the spec" % (R.randint(1, 9), R.randint(1, 9), R.randint(1, 9), R.randint(1, 9)),
    lambda: "Kurs %d,%04d, Betrag %d.%03d,%02d EUR" % (R.randint(0, 2), R.randint(0, 9999), R.randint(1, 99), R.randint(0, 999), R.randint(0, 99)),
    lambda: "p95 %d ms, p99 %d ms, %d.%d%% errors" % (R.randint(80, 400), R.randint(400, 2000), R.randint(0, 4), R.randint(0, 9)),
    lambda: "node v%d.%d.%d, npm %d.%d.%d" % (R.randint(18, 24), R.randint(0, 20), R.randint(0, 9), R.randint(9, 11), R.randint(0, 9), R.randint(0, 9)),
]
NEG["ip_email_url_lookalike"] = [
    lambda: "db is on %s:5432, replica on %s" % (private_ip(), private_ip()),
    lambda: "docs example: curl http://203.0.113.%d/health" % R.randint(1, 254),
    lambda: "allow 198.51.100.0/24 in the test firewall",
    lambda: "npm i @babel/core@7.%d.%d @types/node@%d" % (R.randint(10, 26), R.randint(0, 9), R.randint(18, 24)),
    lambda: "@here standup moved to %d:%02d" % (R.randint(9, 11), R.choice([0, 15, 30])),
    lambda: "git remote: git@github.com:acme/%s.git" % R.choice(["billing", "infra", "web"]),
    lambda: "image: registry.corp.internal/api@sha256:%s" % "".join(R.choice("0123456789abcdef") for _ in range(64)),
    lambda: "redis://cache.internal:6379/%d (no auth inside the VPC)" % R.randint(0, 15),
    lambda: "postgres://app@db.internal:5432/app?sslmode=verify-full (cert auth, no password)",
    lambda: "https://${USER}:${TOKEN}@git.corp.internal/team/repo.git",
    lambda: "ssh ubuntu@%s -i ~/.ssh/bastion.pem" % private_ip(),
    lambda: "loopback 127.0.0.1:%d and link-local 169.254.169.254" % R.randint(1024, 65535),
    lambda: "`@Override` missing on `toString()` in UserPasswordValidator",
    lambda: "multicast group 239.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)),
    lambda: "ping 100.%d.%d.%d (tailscale CGNAT range)" % (R.randint(64, 127), R.randint(0, 255), R.randint(1, 254)),
    lambda: "email field validation: `^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$`",
    lambda: "scoped pkg @acme/ui@%d.%d.%d published" % (R.randint(1, 5), R.randint(0, 20), R.randint(0, 20)),
]
NEG["aws_lookalike_blob"] = [
    lambda: "git sha %s" % "".join(R.choice("0123456789abcdef") for _ in range(40)),
    lambda: "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY  # from the AWS docs",
    lambda: "go.sum: golang.org/x/net v0.%d.0 h1:%s=" % (R.randint(10, 40), "".join(R.choice(string.ascii_letters + string.digits + "+/") for _ in range(43))),
    lambda: "integrity sha512-%s==" % "".join(R.choice(string.ascii_letters + string.digits + "+/") for _ in range(86)),
    lambda: "ETag: \"%s\"" % "".join(R.choice("0123456789abcdef") for _ in range(32)),
    lambda: "x-amz-request-id: %s" % fill("CCCCCCCCCCCCCCCC"),
    lambda: "SHA256:%s (host key fingerprint of the bastion)" % "".join(R.choice(string.ascii_letters + string.digits + "+/") for _ in range(43)),
    lambda: "trace_id=%s span_id=%s" % ("".join(R.choice("0123456789abcdef") for _ in range(32)), "".join(R.choice("0123456789abcdef") for _ in range(16))),
    lambda: "secret_key = var.aws_secret_key  # from tfvars, not committed",
    lambda: "uuid %s" % "-".join("".join(R.choice("0123456789abcdef") for _ in range(k)) for k in (8, 4, 4, 4, 12)),
]
NEG_COUNTS = {"password_talk": 30, "password_policy": 20, "placeholder_password": 30, "masked_value": 22,
              "phone_lookalike": 30, "card_iban_lookalike": 20, "version_date_price": 18,
              "ip_email_url_lookalike": 18, "aws_lookalike_blob": 12}


LEADS = ["fyi ", "note: ", "Zur Info: ", "メモ: ", "btw ", "heads up — ", "PSA: ", "+1, ", "para constar: ", "re: "]


def gen_negatives():
    recs, seen = [], set()
    for cat, n in NEG_COUNTS.items():
        fns = NEG[cat]
        got, i, tries = 0, 0, 0
        while got < n:
            t = fns[i % len(fns)]()
            if i >= len(fns):
                t = R.choice(LEADS) + t
            i += 1
            tries += 1
            assert tries < 5000, cat
            if t in seen or neg_scan(t):
                continue
            seen.add(t)
            recs.append((t, cat))
            got += 1
    return recs


# ---------------------------------------------------------------- scanner for the negatives
EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}")
DIGRUN_RE = re.compile(r"\d(?:[ \-.\u00a0]?\d){12,18}")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")
SSN_RE = re.compile(r"(?<!\d)(\d{3})-(\d{2})-(\d{4})(?!\d)")


def neg_scan(t):
    hits = []
    for m in EMAIL_RE.finditer(t):
        if m.group(0) != "git@github.com":
            hits.append(("email", m.group(0)))
    for m in DIGRUN_RE.finditer(t):
        d = re.sub(r"\D", "", m.group(0))
        for L in range(13, 20):
            for s in range(0, len(d) - L + 1):
                if luhn_ok(d[s:s + L]) and len(d) == L:
                    hits.append(("luhn", m.group(0)))
    for m in IBAN_RE.finditer(t):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in IP_RE.finditer(t):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts):
            try:
                if is_public(m.group(0)):
                    hits.append(("ip", m.group(0)))
            except ValueError:
                pass
    for m in SSN_RE.finditer(t):
        a, g, s = m.groups()
        if a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000":
            hits.append(("ssn", m.group(0)))
    return hits


# ---------------------------------------------------------------- main

def main():
    pos = gen_passwords() + gen_phones() + gen_others()
    order = list(range(len(pos)))
    R.shuffle(order)
    pos = [pos[i] for i in order]
    neg = gen_negatives()
    nord = list(range(len(neg)))
    R.shuffle(nord)
    neg = [neg[i] for i in nord]

    assert len(pos) == 300 and len(neg) == 200
    assert len({p[0] for p in pos}) == 300, "duplicate positive text"
    assert len({n[0] for n in neg}) == 200
    for text, kind, value, ctx in pos:
        assert value and text.count(value) == 1, (value, text)
        if kind == "credit_card":
            assert luhn_ok(re.sub(r"\D", "", value)) and 13 <= len(re.sub(r"\D", "", value)) <= 19
        if kind == "iban":
            assert iban_ok(value.replace("\u00a0", " ")), value
        if kind == "us_ssn":
            d = re.sub(r"\D", "", value)
            assert len(d) == 9 and d[:3] not in ("000", "666") and d[0] != "9" and d[3:5] != "00" and d[5:] != "0000"
        if kind == "ipv4_address":
            assert is_public(value.replace("[.]", "."))
        if kind == "aws_secret_access_key":
            assert re.fullmatch(r"[A-Za-z0-9/+]{40}", value)
    with open(os.path.join(HERE, "recall10_positives.jsonl"), "w", encoding="utf-8") as f:
        for i, (text, kind, value, ctx) in enumerate(pos, 1):
            f.write(json.dumps({"id": "r10p-%03d" % i, "text": text, "secrets": [{"kind": kind, "value": value}],
                                "context": ctx}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "recall10_negatives.jsonl"), "w", encoding="utf-8") as f:
        for i, (text, cat) in enumerate(neg, 1):
            f.write(json.dumps({"id": "r10n-%03d" % i, "text": text, "category": cat}, ensure_ascii=False) + "\n")
    kinds = Counter(p[1] for p in pos)
    forms = Counter(p[3].split(":")[1] for p in pos if p[1] == "password")
    styles = Counter(p[3].split(":")[3] for p in pos if p[1] == "password")
    langs = Counter(p[3].split(":")[4] for p in pos if p[1] == "password" and p[3].split(":")[1] == "sentence")
    countries = Counter(p[3].split(":")[1] for p in pos if p[1] == "phone_number")
    print("positives", len(pos), dict(sorted(kinds.items())))
    print("password forms", dict(sorted(forms.items())))
    print("password styles", dict(sorted(styles.items())))
    print("sentence languages", len(langs))
    print("phone countries", len(countries))
    print("negatives", len(neg), dict(sorted(Counter(n[1] for n in neg).items())))


if __name__ == "__main__":
    main()
