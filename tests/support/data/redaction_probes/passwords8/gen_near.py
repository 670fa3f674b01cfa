"""Write round 8's near misses of the new password rules (written after them: in-sample)."""
import json
from pathlib import Path

NEG = [
    "keytool -list -keystore app.jks -storepass:file ~/.ks-pass",
    "keytool -genkeypair -alias release -keystore release.jks -storepass $KS_PASS -keypass $KEY_PASS",
    "gradle assembleRelease -Pandroid.injected.signing.store.password=${STORE_PASSWORD}",
    "ffmpeg -i in.mp4 -c:v libx264 -pass 2 -b:v 2M out.mp4",
    "sox in.wav out.wav sinc -lowpass 3400 -highpass 300",
    "docker login --password-stdin -u ci-bot registry.example.com < token.txt",
    "vault login -method=userpass username=jdoe",
    "az login --service-principal -u $APP_ID -p $SP_SECRET --tenant $TENANT",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout env:P12_PASS",
    "psql --no-password -h db01 -U report",
    "kubectl create secret generic db --from-literal=password=$(cat pw.txt)",
    "terraform apply -var 'db_password_secret_arn=arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf'",
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
    "password for prod \"see vault\"",
    "token for the build `${{ secrets.GH_TOKEN }}`",
    "Mot de passe du wifi: c'est sur le frigo",
    "le mot de passe c'est pas le bon",
]
here = Path(__file__).parent
with (here / "near8_negatives.jsonl").open("w") as f:
    for i, t in enumerate(NEG, 1):
        f.write(json.dumps({"id": f"nr8n-{i:03d}", "text": t, "category": "password_talk"}, ensure_ascii=False) + "\n")
