"""Write issue 24's eighth-round password probes (redfp8-words), in the order they were written.

`POS`/`NEG`: how people give a password in chat, written before reading the redactor's password
code, measured first (39/50 caught, 0/40 flagged on e39e493). `MORE`: more positives, written after
the first rules and before the pronoun and head-first ones. `NEAR`: near misses of the new rules,
written after them (in-sample: they show the rules work as meant, not how they carry).
"""

import json
from pathlib import Path

POS = [
    ("the password for the staging box is Tr0ub4dor&3, don't share it", "Tr0ub4dor&3"),
    ("it's hunter2-Blue!9", "hunter2-Blue!9"),
    ("> what's the wifi pw?\nit's Kaffee2024!", "Kaffee2024!"),
    ("login: jdoe / Spr1ng#Time", "Spr1ng#Time"),
    ("user admin pass Qw7!zLp0", "Qw7!zLp0"),
    ("admin / Welcome@123 for the router", "Welcome@123"),
    ("creds: svc_backup:Gx9$kLm2pQ", "Gx9$kLm2pQ"),
    ("Das Passwort für den Drucker lautet Blume7?Wiese", "Blume7?Wiese"),
    ("le mot de passe du NAS c'est Chat-Noir-42", "Chat-Noir-42"),
    ("la contraseña del wifi es Gato!Azul88", "Gato!Azul88"),
    ("a senha do servidor é Pao#Queijo77", "Pao#Queijo77"),
    ("il nome utente è mrossi e la password è Pizza$Forno9", "Pizza$Forno9"),
    ("het wachtwoord is Fiets!Regen21", "Fiets!Regen21"),
    ("hasło do VPN to Zubr#Puszcza5", "Zubr#Puszcza5"),
    ("пароль от почты: Medved_2023!", "Medved_2023!"),
    ("VPNのパスワードは Sakura#8821 です", "Sakura#8821"),
    ("for the jira service account use `Jx!92kQpLm`", "Jx!92kQpLm"),
    ("the root pw on db-02 is still 'Oracle#Root19'", "Oracle#Root19"),
    ('pwd for the shared mailbox: "M@ilbox2025"', "M@ilbox2025"),
    ("| host | user | password |\n|---|---|---|\n| ftp01 | upload | Fz8#qRt2w |", "Fz8#qRt2w"),
    ("Host: sftp.acme.io\nUser: partner7\nPass: Vn4%xTq9Lk", "Vn4%xTq9Lk"),
    (
        "I reset your password, temporary one is Temp-8841-Kx, change it on first login",
        "Temp-8841-Kx",
    ),
    ("new password: Zebra!Piano42", "Zebra!Piano42"),
    ("passphrase for the key is correct horse battery staple 7", "correct horse battery staple 7"),
    ("the Wi-Fi (guest) password = Guest_Lobby_2026", "Guest_Lobby_2026"),
    ("Password for grafana admin -> Gr4f@na!Adm", "Gr4f@na!Adm"),
    ("mysql -u root -pS3cr3t!Db mydb", "S3cr3t!Db"),
    ("use the account ops-bot with password Bot#Ops#553", "Bot#Ops#553"),
    ("here you go: user=kiosk pass=Kiosk!Lobby3", "Kiosk!Lobby3"),
    ("Bitte neues Kennwort: Sonne&Mond82", "Sonne&Mond82"),
    ("salasana on Revontuli#77", "Revontuli#77"),
    ("lösenordet är Älg!Skog2024", "Älg!Skog2024"),
    ("şifre: Kedi*Balik45", "Kedi*Balik45"),
    ("mật khẩu là Hanoi@2024x", "Hanoi@2024x"),
    ("the laptop's BIOS password is Bios!Lock77", "Bios!Lock77"),
    ("you can log into the test tenant as qa@example.org with Qa-Tenant#31", "Qa-Tenant#31"),
    ("PW is blue-Falcon-93 (case sensitive)", "blue-Falcon-93"),
    ("- wifi: CoffeeShop_5G\n- password: Espresso!Doppio7", "Espresso!Doppio7"),
    ("Password is the same as last quarter but with a 9 at the end: Quarter!Q3x9", "Quarter!Q3x9"),
    ("the code to unlock the zip is Zip#Unlock!48", "Zip#Unlock!48"),
    ("jenkins admin pw → Jnk$8821adm", "Jnk$8821adm"),
    ("DB creds (prod-read): reporting / Rep0rt!ngRO", "Rep0rt!ngRO"),
    ("The keystore password is changeit2Prod!", "changeit2Prod!"),
    ("Mot de passe : Baguette#Tour9", "Baguette#Tour9"),
    ("密码是Tianjin#2025", "Tianjin#2025"),
    ("try logging in with password Maple.Leaf.77!", "Maple.Leaf.77!"),
    ("the vault unseal passphrase: granite-orbit-velvet-31", "granite-orbit-velvet-31"),
    ("sudo password on the build agent is Bu1ld@gent", "Bu1ld@gent"),
    ("user: marketing-shared | pass: Mkt2026!Share", "Mkt2026!Share"),
    ("ssh ops@10.0.4.12, password Ops#Box#2026", "Ops#Box#2026"),
]
NEG = [
    "the password policy is 12 characters minimum with one symbol",
    "it's fine, the password reset email went out",
    "did you change the password? yes, last week",
    "password: (see 1Password, vault 'Ops')",
    "Password: ********",
    "password is stored in Vault at secret/data/ops/ftp",
    "the password field is required and must match the confirmation",
    "Forgot password? link is broken on the staging site",
    "set PASSWORD_MIN_LENGTH = 12 in settings.py",
    "password_hash = bcrypt.hashpw(pw, bcrypt.gensalt())",
    "if not check_password(user, password): raise AuthError",
    "the wifi password is on the sticker under the router",
    "Das Passwort ist abgelaufen, bitte zurücksetzen",
    "le mot de passe doit contenir au moins 12 caractères",
    "la contraseña es incorrecta, intenta de nuevo",
    "a senha expirou ontem",
    "pass: true, fail: 0, skipped: 3",
    "user admin has been disabled since the audit",
    "login: jdoe (last seen 2026-03-04 09:12)",
    "Password reset ticket INC-20931 closed",
    "password strength meter shows Weak for Summer2024",
    "the passphrase needs at least four words",
    "pw rotation is scheduled for Friday",
    "password: <your-password-here>",
    "DB_PASSWORD=${DB_PASSWORD}",
    "password = os.environ['SMTP_PASSWORD']",
    "| user | role | last login |\n|---|---|---|\n| jdoe | admin | 2026-01-02 |",
    "Password manager migration: LastPass -> Bitwarden done",
    "The password hint says 'first pet'",
    "pass the build number to the deploy step: 2026.03.1-rc2",
    "use password authentication instead of keys for this host",
    "the password prompt hangs on Ubuntu 24.04",
    "password: changeme is the vendor default, we must change it before go-live",
    "Passwort: siehe Keepass, Eintrag 'Drucker'",
    "the pin is 4 digits, the password 8+ characters",
    "Your password must not contain your username",
    "log in with your SSO password, not the local one",
    "mysql -u root -p mydb (it will prompt)",
    "ssh ops@10.0.4.12 -i ~/.ssh/id_ed25519",
    "the password is the one we agreed on in the meeting",
]
MORE = [
    ("Benutzer: mmeier Passwort: Tanne#Hof22", "Tanne#Hof22"),
    ("usuario: jperez, clave: Llama$Roja31", "Llama$Roja31"),
    ("(pw: Kx!29qLm) for the demo laptop", "Kx!29qLm"),
    ("the password was set to Rx7#pLq2 yesterday", "Rx7#pLq2"),
    ("pwd - Stern!Nacht5", "Stern!Nacht5"),
    ("creds for the test box are tester / Tst#Box#88", "Tst#Box#88"),
    ("WIFI: Office-5G / Kopi!Susu2024", "Kopi!Susu2024"),
    ("ssid Lobby, pass Hotel#Lobby7", "Hotel#Lobby7"),
    ("Passwort lautet: Eule+Mond19", "Eule+Mond19"),
    ("pass=Rq8#mZt2", "Rq8#mZt2"),
    ("sa password: `Sql!Server2022`", "Sql!Server2022"),
    ("you'll need the zip password, it's Arch!ve-2026", "Arch!ve-2026"),
    ("the PIN for the door is 4482#", "4482#"),
    ("new hire login: a.novak / Start!2026Nov", "Start!2026Nov"),
    ("password (prod): Prd$Db!771", "Prd$Db!771"),
    ("here's the temp password → Tmp#5510xy", "Tmp#5510xy"),
    ('password is: "Q9!vLt#2wR"', "Q9!vLt#2wR"),
    ("wachtwoord voor de printer: Tulp!Molen4", "Tulp!Molen4"),
    ("Password: Kx92!mQ (expires in 7 days)", "Kx92!mQ"),
    ("kata sandi wifi kantor adalah Kopi#Tubruk9", "Kopi#Tubruk9"),
    ("the admin pw for the CMS, in case you need it: Cms!Adm1n#", "Cms!Adm1n#"),
    ("credentials\nuser: deploy\npassword: Dpl#9921!x", "Dpl#9921!x"),
    ("set the password to 'Orca!Wave77' and share it with Tom only", "Orca!Wave77"),
    ("encryption passphrase: blue-otter-seventy-2 (don't lose it)", "blue-otter-seventy-2"),
    ("The one-time password is 582913", "582913"),
]
NEAR = [
    "keytool -list -keystore app.jks -storepass:file ~/.ks-pass",
    "keytool -genkeypair -alias release -keystore release.jks"
    " -storepass $KS_PASS -keypass $KEY_PASS",
    "gradle assembleRelease -Pandroid.injected.signing.store.password=${STORE_PASSWORD}",
    "ffmpeg -i in.mp4 -c:v libx264 -pass 2 -b:v 2M out.mp4",
    "sox in.wav out.wav sinc -lowpass 3400 -highpass 300",
    "docker login --password-stdin -u ci-bot registry.example.com < token.txt",
    "vault login -method=userpass username=jdoe",
    "az login --service-principal -u $APP_ID -p $SP_SECRET --tenant $TENANT",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout env:P12_PASS",
    "psql --no-password -h db01 -U report",
    "kubectl create secret generic db --from-literal=password=$(cat pw.txt)",
    "terraform apply -var 'db_password_secret_arn="
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf'",
    "aws ssm get-parameter --name /prod/db/password --with-decryption",
    "gh auth login --with-token < ~/.config/gh/token",
    "npm login --registry=https://npm.pkg.github.com --scope=@acme",
    "steamcmd +login anonymous +app_update 740 validate +quit",
    "ftp> login anonymous guest@example.org",
    "login timeout after 30s for user svc-sync (attempt 3/5)",
    "logged in as admin with SSO (Okta), MFA prompt came up",
    "sign in as jdoe@example.org using Google Workspace",
    "log in as root using your YubiKey, not the shared pw",
    "read / write for the bucket, list-only for the rest",
    "Q3 / Q4-2026 for the roadmap review",
    "TCP / UDP-53 for DNS, 443 for the rest",
    "| user | password set | last rotation |\n|---|---|---|\n| svc-ci | yes | 2026-01-04 |",
    "| account | password location |\n|---|---|\n| root-db | vault:kv/prod/root |",
    "| service | password policy |\n|---|---|\n| LDAP | PWD-POLICY-2024 |",
    "| host | password | notes |\n|---|---|---|\n| nas01 | (in 1Password) | reset 2025 |",
    "| user | pwd_hash |\n|---|---|\n| jdoe | $2b$12$KIXQJ0lB3Jx8e5K0Y1q4eO |",
    "> what's the wifi password?\nask Maria, she has it",
    "> did the db password change?\nyes, rotated by Vault-Agent-2",
    "what's our password policy?\nminimum 14 chars, see POL-SEC-012",
    "Passwort für den Drucker?\nsteht auf dem Aufkleber",
    "who has the root password?\n@marta-ops",
    "the password for the NAS 'is on the sticker'",
    "la contraseña del router 'admin' por defecto",
    'password for prod "see vault"',
    "token for the build `${{ secrets.GH_TOKEN }}`",
    "Mot de passe du wifi: c'est sur le frigo",
    "le mot de passe c'est pas le bon",
]
HERE = Path(__file__).parent


def _write(name: str, rows: list[dict[str, object]]) -> None:
    with (HERE / name).open("w") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def _positives(prefix: str, pairs: list[tuple[str, str]]) -> list[dict[str, object]]:
    for text, value in pairs:
        assert value in text, text
    return [
        {"id": f"{prefix}-{i:03d}", "text": t, "secrets": [{"kind": "password", "value": v}]}
        for i, (t, v) in enumerate(pairs, 1)
    ]


def _negatives(prefix: str, texts: list[str]) -> list[dict[str, object]]:
    return [
        {"id": f"{prefix}-{i:03d}", "text": t, "category": "password_talk"}
        for i, t in enumerate(texts, 1)
    ]


_write("passwords8_positives.jsonl", _positives("pw8p", POS))
_write("passwords8_negatives.jsonl", _negatives("pw8n", NEG))
_write("more8_positives.jsonl", _positives("p3", MORE))
_write("near8_negatives.jsonl", _negatives("nr8n", NEAR))
