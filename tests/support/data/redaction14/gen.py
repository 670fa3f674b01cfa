#!/usr/bin/env python3
"""Development set 14 (written blind): IT operations, hardware and finance-ops Slack.

Standard library only. Deterministic: random.Random(1414). Writes
redaction14_negatives.jsonl and redaction14_positives.jsonl next to this file.
"""
import base64, binascii, hashlib, json, os, re, random, struct, zlib
from collections import Counter

SEED = 1414
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

HEX = "0123456789abcdef"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPAL = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"


def hx(n): return "".join(R.choice(HEX) for _ in range(n))
def HX(n): return hx(n).upper()
def rb(n): return bytes(R.randrange(256) for _ in range(n))
def b64(bs): return base64.b64encode(bs).decode()
def b64u(bs): return base64.urlsafe_b64encode(bs).decode().rstrip("=")
def dg(n): return "".join(R.choice("0123456789") for _ in range(n))
def al(n, pool=ALNUM): return "".join(R.choice(pool) for _ in range(n))
def C(seq): return R.choice(seq)
def uuid4():
    h = hx(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{C('89ab')}{h[17:20]}-{h[20:]}"
def date():
    return f"2026-{R.randint(1,11):02d}-{R.randint(1,28):02d}"
def ts():
    return f"{date()}T{R.randint(0,23):02d}:{R.randint(0,59):02d}:{R.randint(0,59):02d}Z"
def money():
    return f"{R.randint(40, 98000)}.{R.randint(0,99):02d}"
def priv_ip():
    k = R.randrange(3)
    if k == 0: return f"10.{R.randint(0,255)}.{R.randint(0,255)}.{R.randint(1,254)}"
    if k == 1: return f"192.168.{R.randint(0,255)}.{R.randint(1,254)}"
    return f"172.{R.randint(16,31)}.{R.randint(0,255)}.{R.randint(1,254)}"
def mac(sep=":"):
    first = (R.randrange(256) & 0xFC) | 0x02  # locally administered, unicast
    return sep.join([f"{first:02x}"] + [hx(2) for _ in range(5)])
def wwn():
    return ":".join(["50", "06", "01", hx(2)] + [hx(2) for _ in range(4)])
def luhn_ok(s):
    d = [int(c) for c in s][::-1]
    t = 0
    for i, x in enumerate(d):
        if i % 2: x = x * 2 - 9 if x > 4 else x * 2
        t += x
    return t % 10 == 0
def luhn_digit(body):
    for c in "0123456789":
        if luhn_ok(body + c): return c
def imei_like():
    # 15 digits, check digit deliberately WRONG: not a real IMEI, a lab inventory label
    body = C(["35", "86", "01", "49"]) + dg(12)
    good = int(luhn_digit(body))
    return body + str((good + R.randint(1, 9)) % 10)
def wrapb64(s, w=64): return "\n".join(s[i:i+w] for i in range(0, len(s), w))

# ---------------------------------------------------------------- lead-ins
LEAD_NON_EN = ["Zur Info:", "Kurzer Hinweis:", "Pour info :", "Petit rappel :", "Ojo:", "Para que conste:",
               "Só pra registrar:", "Ter info:", "Per conoscenza:", "Dla porządku:", "メモ:", "参考までに:",
               "仅供参考：", "请看一下：", "참고로:", "공유드립니다:", "К сведению:", "Коллеги, смотрите:",
               "Για ενημέρωση:", "للعلم:", "לידיעתכם:", "जानकारी के लिए:", "Bilginize:", "Tiedoksi:"]
LEAD_EN = ["fyi", "heads up:", "for the record:", "quick one:", "context:", "ok so", "pasting here:", "cc #it-ops"]
TAILS = ["thx", "merci", "danke!", "ありがとう", "спасибо", "🙏", "will update the ticket", "gracias", "감사합니다", "谢谢"]

def wrap(t, p_non=0.38, p_en=0.12, p_tail=0.07):
    x = R.random()
    if x < p_non: t = C(LEAD_NON_EN) + ("\n" if "\n" in t else " ") + t
    elif x < p_non + p_en: t = C(LEAD_EN) + ("\n" if "\n" in t else " ") + t
    if R.random() < p_tail: t += "\n" + C(TAILS)
    return t

# ---------------------------------------------------------------- real bytes
def png(w, h, rgb):
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
GIF1 = base64.b64decode("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")
def jpeg_head():
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00\xff\xdb\x00\x43\x00"
            + bytes(sorted(rb(64))) + b"\xff\xd9")
def pdf_bytes(title):
    return (f"%PDF-1.7\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n"
            f"3 0 obj <</Title ({title})>> endobj\ntrailer <</Root 1 0 R /Info 3 0 R>>\n%%EOF\n").encode()
def svg_label(tag):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#fff"/>'
            f'<text x="6" y="26" font-size="14" font-family="monospace">{tag}</text></svg>').encode()

def asset_tag(): return f"{C(['IT','HW','LAB','NET','FIN'])}-{R.randint(100,99999):05d}"
def dell_tag(): return al(7, "BCDFGHJKLMNPQRSTVWXYZ0123456789")
def hpe_serial(): return C(["CZJ", "MXQ", "2M2", "SGH"]) + dg(4) + al(3, "ABCDEFGHJKLMNPRSTVWXYZ0123456789")
def apple_serial(): return al(10, "CDFGHJKLMNPQRTVWXY0123456789") + al(2, "CDFGHJKLMNPQRTVWXY")
def lenovo_serial(): return "PF" + al(6, "ABCDEFGHJKLMNPQRSTVWXYZ0123456789")
def part_no(): return C([f"P{dg(5)}-B21", f"0{al(5, 'ABCDEFGHJKLMNPRTVWXY0123456789')}", f"MZ-V8P{R.choice(['1T0','2T0'])}BW", f"{dg(2)}P{dg(4)}", f"540-{al(4,'ABCDEFGHJKLMNPRTVWXY')}", f"SFP-10G-SR-{C(['S','X'])}"])
def po(): return f"PO-{R.randint(2024,2026)}-{R.randint(1,99999):05d}"
def inv(): return C([f"INV-{dg(8)}", f"RE{dg(9)}", f"F-{R.randint(2025,2026)}/{dg(6)}", f"{dg(10)}"])
def ups(): return "1Z" + al(6, UPAL) + dg(10)
def gl(): return f"{C(['1200','1210','2100','2105','6400','6410','6550','7100'])}-{dg(3)}"
def batch(): return f"BATCH-{date().replace('-','')}-{R.randint(1,999):03d}"

# ---------------------------------------------------------------- public key material (PUBLIC parts only)
def sshpub_ed():
    blob = struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + rb(32)
    return "ssh-ed25519 " + b64(blob)
def sshpub_ecdsa():
    blob = (struct.pack(">I", 19) + b"ecdsa-sha2-nistp256" + struct.pack(">I", 8) + b"nistp256"
            + struct.pack(">I", 65) + b"\x04" + rb(64))
    return "ecdsa-sha2-nistp256 " + b64(blob)
def fp_sha256(): return "SHA256:" + b64(rb(32)).rstrip("=")
def cert_pem(nbytes=420):
    body = b"\x30\x82" + struct.pack(">H", nbytes) + b"\x30\x82" + struct.pack(">H", nbytes - 4) + b"\xa0\x03\x02\x01\x02" + rb(nbytes - 9)
    return "-----BEGIN CERTIFICATE-----\n" + wrapb64(b64(body)) + "\n-----END CERTIFICATE-----"
def pubkey_pem():
    body = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rb(64)
    return "-----BEGIN PUBLIC KEY-----\n" + wrapb64(b64(body)) + "\n-----END PUBLIC KEY-----"
def pgp_pub():
    body = b"\x98\x33\x04" + rb(4) + b"\x16\x09\x2b\x06\x01\x04\x01\xda\x47\x0f\x01\x01\x07\x40" + rb(32) + rb(R.randint(120, 220))
    s = b64(body)
    crc = zlib.crc32(body) & 0xffffff
    return ("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + wrapb64(s) + "\n=" + b64(crc.to_bytes(3, "big"))
            + "\n-----END PGP PUBLIC KEY BLOCK-----")
def gpg_fpr(): return " ".join(HX(4) for _ in range(10))

def xxd(data, base=0):
    out = []
    for i in range(0, len(data), 16):
        ch = data[i:i+16]
        hexp = " ".join(ch[j:j+2].hex() for j in range(0, len(ch), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in ch)
        out.append(f"{base+i:08x}: {hexp:<39}  {asc}")
    return "\n".join(out)

# ================================================================ NEGATIVES
# ---------- data_uri_base64
def n_uri():
    k = R.randrange(11)
    tag = asset_tag()
    col = [R.randrange(256) for _ in range(3)]
    pw, ph = R.randint(1, 6), R.randint(1, 6)
    p = b64(png(pw, ph, col))
    if k == 0:
        return f'Label printer template for the laptop shelf, the logo is inlined:\n```html\n<div class="asset-label"><img src="data:image/png;base64,{p}" width="24"/><span>{tag}</span></div>\n```'
    if k == 1:
        return f"```css\n.rack-diagram .slot--reserved {{\n  background-image: url(\"data:image/png;base64,{p}\");\n  background-repeat: repeat;\n}}\n```\nthat's just the hatch pattern for reserved U positions"
    if k == 2:
        return f"the tracking pixel in the vendor's shipment email is the usual 1×1 gif: `data:image/gif;base64,{b64(GIF1)}` — blocked by our mail gateway anyway"
    if k == 3:
        return f"Snipe-IT export puts the asset label as SVG:\n```json\n{{\"asset_tag\": \"{tag}\", \"label_svg\": \"data:image/svg+xml;base64,{b64(svg_label(tag))}\"}}\n```"
    if k == 4:
        j = b64(jpeg_head())
        return f"photo of the damaged pallet from receiving (truncated, full one is on the ticket):\n`data:image/jpeg;base64,{j[:120]}…`"
    if k == 5:
        d = b64(pdf_bytes(f"Packing slip {po()}"))
        return f"Die Lieferschein-PDF kommt von der API als data URI:\n```\n\"attachment\": \"data:application/pdf;base64,{d}\"\n```"
    if k == 6:
        return f"Jupyter cell output from the depreciation notebook:\n```json\n{{\"output_type\": \"display_data\", \"data\": {{\"image/png\": \"{p}\", \"text/plain\": \"<Figure size 640x480 with 1 Axes>\"}}}}\n```"
    if k == 7:
        return f"![rack {R.randint(1,40):02d} front](data:image/png;base64,{p})\n^ placeholder tile until the real photo is uploaded"
    if k == 8:
        return f"```bash\n$ echo '{p}' | base64 -d > swatch.png && file swatch.png\nswatch.png: PNG image data, {pw} x {ph}, 8-bit/color RGB, non-interlaced\n```"
    if k == 9:
        return f"CSP blocked the favicon on the procurement portal:\n```\nRefused to load the image 'data:image/png;base64,{p[:60]}...' because it violates the following Content Security Policy directive: \"img-src 'self'\".\n```"
    s = b64(svg_label(tag))
    return f"QR/label preview in the intake form:\n```tsx\n<Image src=\"data:image/svg+xml;base64,{s}\" alt=\"asset label\" width={{120}} height={{40}} />\n```"

# ---------- placeholder_example
def n_ph():
    k = R.randrange(12)
    if k == 0:
        return "```yaml\nsnipeit:\n  url: https://assets.internal.example\n  api_token: <YOUR_SNIPEIT_API_TOKEN>\n  verify_tls: true\n```\nreplace the token locally, don't commit it"
    if k == 1:
        return "```bash\nexport AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nexport AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\naws s3 ls s3://hw-invoices-archive/ --profile docs-example\n```\n(those are the AWS documentation keys, copied from the user guide)"
    if k == 2:
        return f"iDRAC on the new {C(['R760','R660','R7625'])} boxes ships with a random password on the pull-out tag; our build sheet just says `BMC_PASSWORD=changeme` and provisioning rotates it to a vault-generated one."
    if k == 3:
        return "```toml\n[procurement.api]\nbase_url = \"https://vendor.example/api/v2\"\nclient_id = \"${PROCUREMENT_CLIENT_ID}\"\nclient_secret = \"${PROCUREMENT_CLIENT_SECRET}\"\n```"
    if k == 4:
        return f"KMS client setup key for Windows 10/11 Pro is the one Microsoft publishes: `W269N-WFGWX-YVC9B-4J6C8-T83GX` — it only works against our KMS host, it's not a retail licence"
    if k == 5:
        return f"Lizenzfeld im Inventar bitte so befüllen: `XXXXX-XXXXX-XXXXX-XXXXX-XXXXX` bis der echte Key aus dem Portal kommt. Nicht den Key in Slack posten."
    if k == 6:
        return "```yaml\n- name: Push asset sync\n  env:\n    SNIPE_TOKEN: ${{ secrets.SNIPE_TOKEN }}\n    NETBOX_TOKEN: ${{ secrets.NETBOX_TOKEN }}\n  run: python sync.py --dry-run\n```"
    if k == 7:
        return "The vendor doc says `Authorization: Bearer sk-...` — that's their placeholder, our key lives in 1Password under `op://IT-Ops/vendor-portal/credential`"
    if k == 8:
        return "corporate card on the Dell premier account shows as `•••• " + dg(4) + "` in the portal, that's all we need for the reconciliation note"
    if k == 9:
        return f"```ini\n[switch-mgmt]\nhost = {priv_ip()}\nusername = admin\npassword = <set-in-vault>\nsnmp_community = {{{{ snmp_ro_community }}}}\n```"
    if k == 10:
        return "```\n-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n```\nthat's what the runbook shows, the real one is only on the HSM, nobody has it in a file"
    return C(["Webhook URL for the #hw-alerts channel: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` in the README, real one is in the secret store",
              "Bankverbindung im Template: `IBAN: DE00 0000 0000 0000 0000 00` — Platzhalter, echte Daten nur im ERP",
              "password field in the asset import CSV is literally `[REDACTED]` on every row, the exporter strips it",
              "for the demo tenant the docs use `admin / admin` and `guest / guest`; both disabled in prod",
              "`DB_URL=postgres://user:password@localhost:5432/inventory` in .env.example, please keep it like that",
              "ServiceNow MID server config has `mid.instance.password=${MID_PASSWORD}` — env var, not a value"])

# ---------- code_identifier
WORDS = ["Asset", "Serial", "Ledger", "Invoice", "Batch", "Reconcile", "Secret", "Token", "Password", "Iban", "Card", "Vendor",
         "Shipment", "Tracking", "Firmware", "Checksum", "Imei", "Mac", "Wwn", "Procurement", "Depreciation", "Key", "Cert", "Rotation"]
def camel(n): w = [C(WORDS) for _ in range(n)]; return w[0].lower() + "".join(w[1:])
def snake(n): return "_".join(C(WORDS).lower() for _ in range(n))
def n_code():
    k = R.randrange(9)
    if k == 0:
        fr = "\n".join(f'  File "/srv/finops/recon/{snake(2)}.py", line {R.randint(20,900)}, in {snake(3)}' for _ in range(R.randint(3, 8)))
        return f"```\nTraceback (most recent call last):\n{fr}\nKeyError: '{snake(3)}'\n```"
    if k == 1:
        return f"rename `{camel(5)}` → `{camel(4)}` in the reconciler, the old one is misleading (it never touches a card number, only the `{snake(3)}_last4` column)"
    if k == 2:
        rows = "\n".join(f"{C(['snipe-sync','netbox-worker','recon-api','cert-watch'])}-{hx(10)}-{al(5,'bcdfghjklmnpqrstvwxz2456789')}   1/1   Running   {R.randint(0,4)}   {R.randint(1,40)}d" for _ in range(R.randint(3, 7)))
        return f"```\n$ kubectl -n it-ops get pods\nNAME                                   READY   STATUS    RESTARTS   AGE\n{rows}\n```"
    if k == 3:
        return "```hcl\n" + "\n".join(f'module.{snake(2)}.aws_secretsmanager_secret.{snake(3)}' for _ in range(R.randint(2, 5))) + "\n```\nthese are addresses only, plan shows no value changes"
    if k == 4:
        cols = ", ".join(C(["card_last_four", "iban_masked", "vendor_tax_id_hash", "password_hash", "api_key_last_four", "imei_label", "serial_number", "asset_tag", "mac_address"]) for _ in range(4))
        return f"```sql\nSELECT {cols}\nFROM {snake(2)}\nWHERE reconciled_at IS NULL;\n```"
    if k == 5:
        return f"```go\nfunc (s *{camel(2).capitalize()}Service) {camel(4).capitalize()}(ctx context.Context, batchID string) error {{\n\treturn s.{camel(3)}(ctx, batchID)\n}}\n```"
    if k == 6:
        return "ansible roles in the bare-metal playbook: " + ", ".join(f"`{snake(3)}`" for _ in range(R.randint(3, 6)))
    if k == 7:
        return f"feature flags for the new intake flow: `{snake(4)}`, `{snake(3)}`, `{camel(4)}` — all off in prod"
    return f"```\njava.lang.IllegalStateException: {camel(3)} not loaded\n\tat com.corp.finops.{snake(1)}.{camel(3).capitalize()}.{camel(3)}({camel(2).capitalize()}.java:{R.randint(10,800)})\n\tat com.corp.finops.{snake(1)}.{camel(2).capitalize()}.{camel(3)}({camel(2).capitalize()}.java:{R.randint(10,800)})\n```"

# ---------- non_credential_blob (theme weight)
def n_blob():
    k = R.randrange(17)
    if k == 0:
        comps = []
        for _ in range(R.randint(2, 4)):
            name = C(["openssl", "zlib", "busybox", "u-boot", "dropbear", "libcurl", "mbedtls", "lwip"])
            comps.append(f'    {{"type": "library", "name": "{name}", "version": "{R.randint(1,3)}.{R.randint(0,20)}.{R.randint(0,9)}",\n     "hashes": [{{"alg": "SHA-256", "content": "{hx(64)}"}}],\n     "purl": "pkg:generic/{name}@{R.randint(1,3)}.{R.randint(0,20)}"}}')
        return "CycloneDX SBOM for the BMC firmware drop:\n```json\n{\n  \"bomFormat\": \"CycloneDX\", \"specVersion\": \"1.5\",\n  \"serialNumber\": \"urn:uuid:" + uuid4() + "\",\n  \"components\": [\n" + ",\n".join(comps) + "\n  ]\n}\n```"
    if k == 1:
        lines = "\n".join(f'    "node_modules/{C(["lodash","semver","uuid","ajv","undici","ws","tslib"])}": {{\n      "version": "{R.randint(1,9)}.{R.randint(0,20)}.{R.randint(0,9)}",\n      "integrity": "sha512-{b64(rb(64))}"\n    }}' for _ in range(R.randint(1, 3)))
        return "package-lock diff for the asset-portal frontend:\n```json\n" + lines + "\n```"
    if k == 2:
        files = [C(["bios", "bmc", "nic", "raid", "psu", "cpld"]) + f"_{C(['R760','DL380g11','SR650v3','MX7000'])}_{R.randint(1,9)}.{R.randint(0,30)}.{R.randint(0,99)}.bin" for _ in range(R.randint(3, 6))]
        return "```\n$ sha256sum -c SHA256SUMS\n" + "\n".join(f"{f}: OK" for f in files) + "\n$ cat SHA256SUMS\n" + "\n".join(f"{hx(64)}  {f}" for f in files) + "\n```"
    if k == 3:
        return f"golden image checksums for the {C(['Win11 24H2','Ubuntu 24.04','RHEL 9.5'])} laptop build:\n| file | sha256 |\n|---|---|\n" + "\n".join(f"| {C(['install.wim','boot.wim','ubuntu-24.04.1-autoinstall.iso','rhel-9.5-x86_64-dvd.iso','drivers.cab'])} | `{hx(64)}` |" for _ in range(R.randint(2, 5)))
    if k == 4:
        data = C([b"\x7fELF\x02\x01\x01\x00", b"UBI#\x01\x00\x00\x00", b"\x27\x05\x19\x56", b"hsqs", b"MZ\x90\x00"]) + rb(R.randint(40, 90))
        return f"first bytes of the {C(['update.img','rootfs.squashfs','fw_ctrl.bin','uImage'])} the vendor sent — header looks right:\n```\n$ xxd -l {len(data)} image.bin\n{xxd(data)}\n```"
    if k == 5:
        return "```\n$ ssh-keyscan -t ed25519,ecdsa " + priv_ip() + " 2>/dev/null | ssh-keygen -lf -\n" + f"256 {fp_sha256()} {priv_ip()} (ED25519)\n256 {fp_sha256()} {priv_ip()} (ECDSA)\n```\nmatches the host key fingerprints in the console, ok to accept"
    if k == 6:
        return "known_hosts entries for the new jump hosts (public host keys):\n```\n" + "\n".join(f"jump{i}.mgmt.internal {sshpub_ed()}" for i in range(1, R.randint(2, 4))) + f"\nbastion.mgmt.internal {sshpub_ecdsa()}\n```"
    if k == 7:
        return f"Cert review for `{C(['vpn','sso','idrac-proxy','assets'])}.corp.internal` — public cert only, chain attached:\n```\n{cert_pem(R.randint(300, 520))}\n```\nSHA-256 fingerprint: `{':'.join(HX(2) for _ in range(32))}`"
    if k == 8:
        return f"{C(['Публичный ключ подписи прошивки','Firmware-Signaturschlüssel (öffentlich)','ファームウェア署名用の公開鍵','firmware signing PUBLIC key'])}:\n```\n{pubkey_pem()}\n```"
    if k == 9:
        return f"Release signing key for the internal apt repo (public block, import with `gpg --import`):\n```\n{pgp_pub()}\n```\nfingerprint `{gpg_fpr()}`"
    if k == 10:
        mod = ":".join(hx(2) for _ in range(R.randint(24, 48)))
        mod = "\n                    ".join(mod[i:i+45] for i in range(0, len(mod), 45))
        return f"```\n$ openssl req -in {C(['lb01','idrac-proxy','scanner'])}.csr -noout -text | head -20\nCertificate Request:\n    Data:\n        Version: 1 (0x0)\n        Subject: C = DE, O = Corp IT, OU = Infrastructure, CN = {C(['lb01','scanner','printhub'])}.corp.internal\n        Subject Public Key Info:\n            Public Key Algorithm: rsaEncryption\n                Public-Key: (2048 bit)\n                Modulus:\n                    00:{mod}...\n                Exponent: 65537 (0x10001)\n```"
    if k == 11:
        rows = "\n".join(f"  |- {R.randint(0,9)}:0:{R.randint(0,3)}:{R.randint(0,9)} sd{C('bcdefgh')}{C('abcdef')} {R.randint(8,135)}:{R.randint(0,255)} active ready running" for _ in range(R.randint(2, 4)))
        return f"```\n$ multipath -ll\nmpath{C('abcd')} (3{hx(32)}) dm-{R.randint(0,9)} {C(['DGC','NETAPP','PURE','3PARdata'])},{C(['VRAID','LUN','FlashArray'])}\nsize={R.randint(1,20)}T features='1 queue_if_no_path' hwhandler='1 alua' wp=rw\n{rows}\n```\ninitiator WWPNs: `{wwn()}`, `{wwn()}`"
    if k == 12:
        return f"pip lock for the recon job:\n```\n{C(['pandas','openpyxl','pyyaml','requests'])}=={R.randint(1,3)}.{R.randint(0,20)}.{R.randint(0,9)} \\\n    --hash=sha256:{hx(64)} \\\n    --hash=sha256:{hx(64)}\n```"
    if k == 13:
        body = b64(rb(R.randint(60, 160)))
        return f"El proveedor mandó el blob de configuración del switch en base64 (es binario, no texto):\n```\n{wrapb64(body, 76)}\n```\nsha256 `{hx(64)}`"
    if k == 14:
        return f"image pinned by digest in the inventory agent daemonset: `registry.corp.internal/it/inventory-agent@sha256:{hx(64)}` (commit `{hx(40)}`)"
    if k == 15:
        return "go.sum after bumping the Redfish client:\n```\n" + "\n".join(f"github.com/{C(['stmcginnis/gofish','prometheus/common','spf13/cobra'])} v0.{R.randint(1,20)}.{R.randint(0,9)} h1:{b64(rb(32))}" for _ in range(R.randint(2, 4))) + "\n```"
    return f"TPM EK cert hash for laptop {asset_tag()}: `{hx(64)}`, Autopilot hardware hash blob starts `{b64(rb(48))}…` (device-only, no user data)"

# ---------- pii_lookalike_number (theme weight)
def n_num():
    k = R.randrange(15)
    if k == 0:
        rows = "\n".join(f"| {asset_tag()} | {C(['Latitude 7450','ThinkPad T14 G5','EliteBook 840 G11','MacBook Pro 14'])} | {C([dell_tag(), lenovo_serial(), hpe_serial(), apple_serial()])} | {date()} | {R.randint(900,3200)}.00 € |" for _ in range(R.randint(4, 12)))
        return f"Laptop intake for {C(['October','November','Q4'])}:\n| asset tag | model | serial | received | cost |\n|---|---|---|---|---|\n{rows}"
    if k == 1:
        rows = "\n".join(f"{asset_tag()},{C(['Pixel 8','Galaxy S24','iPhone 15','Moto G84'])},{imei_like()},{mac()},QA-lab shelf {C('ABCD')}{R.randint(1,9)}" for _ in range(R.randint(3, 10)))
        return f"QA test-device inventory (company devices, no SIMs assigned to people):\n```csv\nasset_tag,model,imei_label,wifi_mac,location\n{rows}\n```"
    if k == 2:
        return f"{C(['PO','Bestellung','Commande','Pedido','発注'])} {po()} → invoice {inv()} for {R.randint(2,40)}× {part_no()}, total {money()} EUR, shipped via UPS `{ups()}`"
    if k == 3:
        rows = "\n".join(f"{batch()};{date()};{gl()};{C(['D','C'])};{money()};EUR;{C(['matched','matched','open','suspense'])};{inv()}" for _ in range(R.randint(5, 36)))
        return f"Bank-reconciliation export (no account numbers in this view):\n```\nbatch_id;value_date;ledger;dc;amount;ccy;status;doc_ref\n{rows}\n```"
    if k == 4:
        rows = "\n".join(f"Gi1/0/{R.randint(1,48):<3} {mac('.') if False else mac()}  DYNAMIC  vlan {R.choice([10,20,30,110,120])}" for _ in range(R.randint(3, 8)))
        return f"```\nswitch-{R.randint(1,9)}-{C('ab')}# show mac address-table | i Gi1/0\n{rows}\n```\nport-security dropped the unknown one, it was a lab printer"
    if k == 5:
        return f"{C(['FedEx','DHL','UPS','USPS'])} tracking: `{C([dg(12), '94' + dg(20), ups(), 'JD01' + dg(16)])}` — {R.randint(2,30)} boxes of {part_no()}, ETA {date()}"
    if k == 6:
        return f"versions after the firmware wave: BIOS {R.randint(1,3)}.{R.randint(0,20)}.{R.randint(0,9)}, iDRAC {R.randint(6,7)}.{R.randint(0,20)}.{R.randint(0,99)}.{R.randint(0,99)}, PERC {R.randint(50,52)}.{R.randint(10,30)}.{R.randint(0,9)}-{R.randint(1000,5999)}, NIC {R.randint(20,23)}.{R.randint(0,99)}.{R.randint(0,9)}"
    if k == 7:
        return f"mgmt network: BMCs on `{priv_ip()}/24`, PDUs on `{priv_ip()}`, the KVM on `{priv_ip()}:{C([443,5900,8443])}`; syslog to `127.0.0.1:514` then relay. ports open: 22, 161/udp, 443, 623/udp"
    if k == 8:
        return f"Slack ts `{R.randint(1760000000,1790000000)}.{dg(6)}` is when the approval came in; ERP posted at epoch ms {R.randint(1760000000000,1790000000000)}, {date()} {R.randint(0,23):02d}:{R.randint(0,59):02d} CET"
    if k == 9:
        rows = "\n".join(f"{R.randint(1,42):>2}U  {C(['R760','DL380 Gen11','SR650 V3','PowerStore 1200T','N9K-C93180YC'])}  SN {C([dell_tag(), hpe_serial(), 'FDO' + dg(4) + al(4, UPAL)])}  tag {asset_tag()}" for _ in range(R.randint(4, 12)))
        return f"Rack {C(['A','B','C'])}{R.randint(1,24):02d} elevation ({C(['FRA2','AMS1','東京DC','Warszawa'])}):\n```\n{rows}\n```"
    if k == 10:
        return f"credit note {C(['CN','GS','AV'])}-{dg(7)} against {inv()}: {R.randint(1,9)}× RMA'd {part_no()} (RMA {dg(10)}), refund {money()} USD, GL {gl()}"
    if k == 11:
        return f"{C(['Приход по заказу','入库单','입고','Wareneingang','Réception'])} {po()}: {R.randint(10,400)} шт./pcs, lot {al(2,'ABCDEFGHJK')}{dg(6)}, GTIN {dg(13) if False else '0' + dg(12)}, weight {R.randint(5,900)} kg"
    if k == 12:
        rows = "\n".join(f"{ts()}  {C(['ingest','recon','match','post'])}  batch={batch()} rows={R.randint(10,90000):,} amount_total={money()} ledger={gl()}" for _ in range(R.randint(3, 9)))
        return f"```\n{rows}\n```"
    if k == 13:
        return f"SAN zoning change CHG{dg(7)}: zone `z_{C(['esx','sql','vdi'])}{R.randint(1,20):02d}_{C(['a','b'])}` members `{wwn()}` + `{wwn()}`, fabric {C('AB')}, INC{dg(7)} closed"
    return f"Budget line {gl()}: {money()} committed, {money()} invoiced, {R.randint(1,90)} open POs ({po()} … {po()}), cost center {R.randint(1000,9999)}"

# ---------- talk_about_secrets
TALK = [
    "Reminder: never paste the vendor portal password in this channel, request access via the IT-Ops vault group.",
    "The BMC admin passwords were rotated after the audit, new ones are only in the vault.",
    "Who owns the API token for the shipping integration? It expires next week and the renewal needs approval.",
    "Finance asked for the supplier's bank details — please send them through the ERP vendor form, not Slack.",
    "Nous avons révoqué le certificat du proxy iDRAC ; la clé privée n'a jamais quitté le HSM.",
    "Bitte keine Kreditkartennummern in Tickets, nur die letzten vier Ziffern.",
    "La contraseña de la consola de los PDUs se cambió ayer; pídela en el gestor de secretos.",
    "IBANs van leveranciers horen niet in Slack, gebruik het leveranciersportaal.",
    "Klucz API do systemu inwentaryzacji został unieważniony po przypadkowym commicie.",
    "秘密鍵はチャットに貼らないでください。証明書（公開部分）だけで十分です。",
    "API 키는 슬랙에 올리지 마세요. 금고(vault)에서 요청하세요.",
    "请不要在频道里发密码，采购平台的凭据在保险库里。",
    "Пароли от iLO больше не храним в таблице инвентаризации — только ссылка на запись в хранилище.",
    "Ο κωδικός του KVM άλλαξε, ζητήστε τον από την ομάδα υποδομής.",
    "The scanner flagged the SBOM hashes as 'possible secrets' again, they're sha256 digests, false positive.",
    "Rotation policy: service tokens 90 days, BMC passwords 180 days, TLS certs before 60 days remain.",
    "Do we need the full card number for the reconciliation? No — the processor reference and last four are enough.",
    "Incident summary: a private key was committed to the firmware repo for 40 minutes, key revoked, history rewritten, no use seen.",
    "Q: can I DM you the SNMP community string? A: no, put it in the vault and share the path.",
    "The phone numbers of the courier drivers are not needed in the shipment tracker, please strip that column.",
    "Le jeton du webhook comptable a expiré, quelqu'un peut en régénérer un dans la console ?",
    "Os números de cartão corporativo não devem aparecer no export da conciliação.",
    "Sollen wir die SSH-Host-Keys der Jump-Hosts im Wiki dokumentieren? Ja, die Fingerprints sind öffentlich, private Keys natürlich nicht.",
    "The licence key for the monitoring suite is in the vendor portal, not in the asset record.",
    "Regex idea for the DLP rule: match a 16-digit run only when the Luhn check passes — serials shouldn't trip it.",
    "Hatırlatma: tedarikçi şifrelerini kanala yazmayın.",
    "تذكير: لا تشاركوا كلمات المرور في القناة، استخدموا الخزنة.",
    "תזכורת: לא לשתף סיסמאות בערוץ, רק דרך הכספת.",
    "Secrets in the Ansible repo are SOPS-encrypted; the decryption key is in KMS and nobody has a local copy.",
    "After offboarding we wipe the laptop and revoke the device certificate; the user's password is reset by IAM.",
]
def n_talk():
    n = R.choice([1, 1, 2, 3])
    s = R.sample(TALK, n)
    if R.random() < 0.3:
        return "\n".join(f"- {x}" for x in s)
    if R.random() < 0.2:
        return "> " + s[0] + ("\n" + " ".join(s[1:]) if n > 1 else "")
    return " ".join(s)

# ---------------------------------------------------------------- scanner for negatives
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}")
RE_TOK = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-\d|sk-[A-Za-z0-9_-]{32,}|eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+|(AKIA|ASIA)[A-Z2-7]{16}|glpat-[A-Za-z0-9_-]{20}")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_DIG = re.compile(r"(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])")
RE_PRIV = re.compile(r"PRIVATE KEY-----\n[A-Za-z0-9+/]{20}")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])")

def iban_ok(s):
    s = s.replace(" ", "")
    if len(s) < 15: return False
    t = s[4:] + s[:4]
    try: return int("".join(str(int(c, 36)) for c in t)) % 97 == 1
    except ValueError: return False
def ip_public(a, b, c, d):
    if any(x > 255 for x in (a, b, c, d)): return False
    if a in (0, 10, 127) or a >= 224: return False
    if a == 172 and 16 <= b <= 31: return False
    if a == 192 and b == 168: return False
    if a == 100 and 64 <= b <= 127: return False
    if a == 169 and b == 254: return False
    if (a, b, c) in ((192, 0, 2), (198, 51, 100), (203, 0, 113)) or (a == 198 and b in (18, 19)): return False
    return True
def scan(t):
    hits = []
    if RE_EMAIL.search(t): hits.append("email")
    for m in RE_TOK.finditer(t):
        if "EXAMPLE" not in t[m.start():m.end() + 8]: hits.append("token:" + m.group()[:12])
    if RE_SSN.search(t): hits.append("ssn")
    for m in RE_DIG.finditer(t):
        d = re.sub(r"\D", "", m.group())
        if 13 <= len(d) <= 19 and luhn_ok(d): hits.append("luhn:" + d)
    if RE_PRIV.search(t): hits.append("pem")
    for m in RE_IBAN.finditer(t):
        if iban_ok(m.group()): hits.append("iban")
    for m in RE_IP.finditer(t):
        if ip_public(*map(int, m.groups())): hits.append("ip:" + m.group())
    return hits

# ---------------------------------------------------------------- build negatives
PLAN = [("data_uri_base64", n_uri, 75), ("placeholder_example", n_ph, 75), ("code_identifier", n_code, 75),
        ("non_credential_blob", n_blob, 150), ("pii_lookalike_number", n_num, 150), ("talk_about_secrets", n_talk, 75)]
seen = set(); negs = []; redraws = Counter()
for cat, fn, n in PLAN:
    made = 0; tries = 0
    while made < n:
        tries += 1
        assert tries < n * 50, cat
        t = wrap(fn(), p_non=0.5 if cat == "talk_about_secrets" else 0.38)
        if t in seen: continue
        if scan(t): redraws[cat] += 1; continue
        seen.add(t); negs.append({"text": t, "category": cat}); made += 1
R.shuffle(negs)
negs = [{"id": f"h14n-{i+1:04d}", **r} for i, r in enumerate(negs)]

# ================================================================ POSITIVES
FIRST = ["Jonas", "Marta", "Keiko", "Olusegun", "Priya", "Lucas", "Ingrid", "Mateusz", "Chloé", "Diego", "Aylin", "Sven", "Yuki", "Fatima"]
LAST = ["Brandt", "Kowalczyk", "Tanaka", "Adeyemi", "Raman", "Ferreira", "Holm", "Nowak", "Lefèvre", "Ortega", "Demir", "Lindqvist"]
DOMS = ["northwind-supply.de", "fabrikam-logistics.com", "contoso-hw.eu", "tailspin-traders.fr", "globex-finance.nl", "initech.co.jp"]

def b62(n, w):
    s = ""
    while n: n, r = divmod(n, 62); s = ALNUM[r] + s
    return s.rjust(w, "0")[-w:]
def k_aws_id(): return C(["AKIA", "ASIA"]) + al(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
def k_aws_secret(): return al(40, ALNUM + "+/")
def k_ghp():
    body = al(30)
    return "ghp_" + body + b62(zlib.crc32(body.encode()) & 0xffffffff, 6)
def k_ghfg(): return "github_pat_11" + al(20, UPAL) + "_" + al(59)
def k_xoxb(): return f"xoxb-{dg(12)}-{dg(13)}-{al(24)}"
def k_xoxp(): return f"xoxp-{dg(12)}-{dg(12)}-{dg(13)}-{hx(32)}"
def k_openai():
    return C([f"sk-proj-{al(58, ALNUM + '-_')}T3BlbkFJ{al(58, ALNUM + '-_')}", f"sk-{al(20)}T3BlbkFJ{al(20)}", f"sk-svcacct-{al(58, ALNUM + '-_')}T3BlbkFJ{al(58, ALNUM + '-_')}"])
def k_anth(): return "sk-ant-api03-" + al(93, ALNUM + "-_") + "AA"
def k_jwt():
    h = C([{"alg": "HS256", "typ": "JWT"}, {"alg": "RS256", "typ": "JWT", "kid": hx(16)}])
    p = {"sub": f"svc-{C(['snipe','recon','netbox','shipping'])}", "iss": "https://idp.corp.internal", "iat": R.randint(1760000000, 1790000000), "scope": "assets:write"}
    p["exp"] = p["iat"] + 3600
    return b64u(json.dumps(h, separators=(",", ":")).encode()) + "." + b64u(json.dumps(p, separators=(",", ":")).encode()) + "." + b64u(rb(32 if h["alg"] == "HS256" else 256))
def k_pem():
    kind = R.randrange(3)
    if kind == 0:
        der = bytes.fromhex("30770201010420") + rb(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rb(64)
        lab = "EC PRIVATE KEY"
    elif kind == 1:
        der = bytes.fromhex("302e020100300506032b657004220420") + rb(32); lab = "PRIVATE KEY"
    else:
        pub = struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + rb(32)
        chk = rb(4)
        priv = chk + chk + pub + struct.pack(">I", 64) + rb(64) + struct.pack(">I", 12) + b"ops@jumphost" + b"\x01\x02\x03"
        der = (b"openssh-key-v1\x00" + struct.pack(">I", 4) + b"none" + struct.pack(">I", 4) + b"none" + struct.pack(">I", 0)
               + struct.pack(">I", 1) + struct.pack(">I", len(pub)) + pub + struct.pack(">I", len(priv)) + priv)
        lab = "OPENSSH PRIVATE KEY"
    body = wrapb64(b64(der), 70 if kind == 2 else 64)
    return f"-----BEGIN {lab}-----\n{body}\n-----END {lab}-----", body
def k_pw(): return C([al(R.randint(12, 20), ALNUM + "!#%&*+-=?") , C(["Winter", "Rack", "Ledger", "Pallet"]) + dg(4) + C("!#$%") + al(3), al(4) + "-" + al(4) + "-" + al(4)])
def k_email():
    f, l = C(FIRST), C(LAST)
    asc = lambda s: s.lower().replace("é", "e").replace("è", "e")
    return C([f"{asc(f)}.{asc(l)}", f"{asc(f)[0]}{asc(l)}", f"{asc(f)}{R.randint(1,99)}"]) + "@" + C(DOMS)
def k_phone():
    return C([f"+49 {C(['151','160','171'])} {dg(8)}", f"+44 7{dg(3)} {dg(6)}", f"+33 6 {dg(2)} {dg(2)} {dg(2)} {dg(2)}",
              f"+1 ({R.randint(201,989)}) {R.randint(200,989)}-{dg(4)}", f"+81 90-{dg(4)}-{dg(4)}", f"+31 6 {dg(8)}",
              f"+48 {R.randint(500,899)} {dg(3)} {dg(3)}", f"0{C(['151','176'])} {dg(7)}"])
def k_card():
    pre, ln = C([("4", 16), (str(R.randint(51, 55)), 16), (C(["34", "37"]), 15), ("6011", 16)])
    body = pre + dg(ln - len(pre) - 1); n = body + luhn_digit(body)
    if R.random() < 0.5: return n
    sep = C([" ", "-"])
    if ln == 15: return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(n[i:i+4] for i in range(0, 16, 4))
def mk_iban(cc, bban):
    t = bban + cc + "00"
    ck = 98 - int("".join(str(int(c, 36)) for c in t)) % 97
    return f"{cc}{ck:02d}{bban}"
def k_iban():
    cc = C(["DE", "NL", "GB", "AT", "PL", "CH", "BE"])
    if cc == "DE": b = dg(18)
    elif cc == "NL": b = C(["ABNA", "INGB", "RABO"]) + dg(10)
    elif cc == "GB": b = C(["NWBK", "BARC", "HBUK"]) + dg(14)
    elif cc == "AT": b = dg(16)
    elif cc == "PL": b = dg(24)
    elif cc == "CH": b = dg(17)
    else:
        f = dg(10); m = int(f) % 97 or 97; b = f + f"{m:02d}"
    s = mk_iban(cc, b); assert iban_ok(s)
    return " ".join(s[i:i+4] for i in range(0, len(s), 4)) if R.random() < 0.5 else s
def k_ssn():
    a = C([x for x in range(1, 900) if x != 666])
    return f"{a:03d}-{R.randint(1,99):02d}-{R.randint(1,9999):04d}"
def k_ip():
    while True:
        q = (R.randint(1, 223), R.randrange(256), R.randrange(256), R.randint(1, 254))
        if ip_public(*q): return ".".join(map(str, q))

def p_single(kind):
    """return (text, [(kind,value)], template#)"""
    t = R.randrange(4)
    if kind == "aws_access_key_id":
        v = k_aws_id()
        txt = [f"the invoice-archive uploader still uses `{v}` — whose IAM user is that?",
               f"```\n[profile hw-invoices]\naws_access_key_id = {v}\nregion = eu-central-1\n```",
               f"CloudTrail shows ListBucket on hw-invoices-archive from key {v} at 03:12 UTC",
               f"Zugriffsschlüssel für den Rechnungs-Export: {v}"][t]
    elif kind == "github_classic_pat":
        v = k_ghp()
        txt = [f"the firmware-mirror job clones with my PAT for now: {v}", f"```\ngit clone https://{v}@github.com/corp/bmc-firmware.git\n```",
               f"GH_TOKEN={v} ./sync-sbom.sh", f"トークンはこれです: {v} (来週失効)"][t]
    elif kind == "github_fine_grained_pat":
        v = k_ghfg()
        txt = [f"fine-grained token for the SBOM uploader: `{v}`", f"```yaml\nenv:\n  GITHUB_TOKEN: {v}\n```",
               f"set REPO_TOKEN to {v} in the runner and retry", f"Token für den Asset-Sync: {v}"][t]
    elif kind == "slack_bot_token":
        v = k_xoxb()
        txt = [f"hw-alerts bot token: {v}", f"```python\nclient = WebClient(token=\"{v}\")\n```",
               f"SLACK_BOT_TOKEN={v} python post_rma_status.py", f"токен бота для #hw-alerts: {v}"][t]
    elif kind == "slack_user_token":
        v = k_xoxp()
        txt = [f"export script uses my user token {v}, needs replacing", f"```\ncurl -H 'Authorization: Bearer {v}' https://slack.com/api/conversations.history\n```",
               f"SLACK_USER_TOKEN=\"{v}\"", f"mi token de usuario: {v}"][t]
    elif kind == "openai_api_key":
        v = k_openai()
        txt = [f"invoice-OCR prototype key: {v}", f"```python\nclient = OpenAI(api_key=\"{v}\")\n```",
               f"OPENAI_API_KEY={v}", f"clé pour le classement des factures : {v}"][t]
    elif kind == "anthropic_api_key":
        v = k_anth()
        txt = [f"the PO-matching bot uses {v}", f"```bash\nexport ANTHROPIC_API_KEY={v}\n```",
               f"```ts\nconst client = new Anthropic({{ apiKey: \"{v}\" }});\n```", f"API-Key fürs Beleg-Matching: {v}"][t]
    elif kind == "jwt":
        v = k_jwt()
        txt = [f"Snipe-IT API returns 401 with this bearer: {v}", f"```\nAuthorization: Bearer {v}\n```",
               f"recon-api service token (valid 1h): {v}", f"このトークンで試して: {v}"][t]
    elif kind == "password":
        v = k_pw()
        txt = [f"```\nServer=sql-fin01.corp.internal;Database=Ledger;User Id=recon_svc;Password={v};Encrypt=True\n```",
               f"iDRAC root password on R760 rack B07 is {v} until provisioning rotates it",
               f"```properties\nspring.datasource.username=assets\nspring.datasource.password={v}\n```",
               f"Das Passwort für die PDU-Konsole lautet {v}"][t]
    elif kind == "url_credentials":
        v = k_pw().replace("@", "").replace("/", "").replace(":", "").replace("?", "").replace("#", "").replace("%", "")
        txt = [f"```\nDATABASE_URL=postgres://recon:{v}@db-fin.corp.internal:5432/ledger\n```",
               f"mongodb+srv://inventory:{v}@assets-cluster.corp.internal/snipe?retryWrites=true",
               f"```yaml\nbroker: amqps://shipping:{v}@mq.corp.internal:5671/\n```",
               f"redis://:{v}@cache-recon.corp.internal:6379/0 is what the worker uses"][t]
    elif kind == "email_address":
        v = k_email()
        txt = [f"vendor account manager for the Dell order is {v}", f"send the signed PO to {v} please",
               f"RMA contact at the distributor: {v}", f"Ansprechpartnerin beim Lieferanten: {v}"][t]
    elif kind == "phone_number":
        v = k_phone()
        txt = [f"courier driver for tomorrow's pallet: {v}", f"on-call for the DC remote hands: {v}",
               f"Rückruf an den Techniker unter {v}", f"配送業者の担当者の携帯: {v}"][t]
    elif kind == "credit_card":
        v = k_card()
        txt = [f"charge the rush shipping to the corp card {v}, exp 09/28", f"Firmenkarte für die Bestellung: {v}",
               f"card used for the AliExpress test-device order: {v}", f"tarjeta corporativa: {v} — cad. 11/27"][t]
    elif kind == "iban":
        v = k_iban()
        txt = [f"new bank details from the supplier: IBAN {v}", f"Bitte Lieferanten-Stammdaten ändern, neue IBAN: {v}",
               f"remittance to {v}, ref {inv()}", f"nouvel IBAN du transporteur : {v}"][t]
    elif kind == "us_ssn":
        v = k_ssn()
        txt = [f"the contractor's W-9 says SSN {v}, need it for the 1099", f"SSN on the onboarding form: {v}",
               f"payroll asked to confirm {v} for the new hire", f"SSN: {v} (from the scanned form)"][t]
    elif kind == "ipv4_address":
        v = k_ip()
        txt = [f"the vendor's SFTP for invoice drops is at {v}, allowlist it", f"```\nsshd[2211]: Failed password for root from {v} port 52214 ssh2\n```",
               f"home office of the remote tech connects from {v}", f"IP публичная, с которой шли запросы: {v}"][t]
    elif kind == "private_key_pem":
        pem, v = k_pem()
        txt = [f"here's the key for the idrac-proxy cert, install both:\n```\n{pem}\n```",
               f"oops pasted the wrong file:\n```\n{pem}\n```", f"deploy key for the jump host:\n{pem}",
               f"秘密鍵です（テスト環境用）:\n```\n{pem}\n```"][t]
    return txt, [(kind, v)], t

def p_multi():
    m = R.randrange(5)
    if m == 0:
        a, s = k_aws_id(), k_aws_secret()
        return f"```\n[hw-invoices]\naws_access_key_id = {a}\naws_secret_access_key = {s}\n```", [("aws_access_key_id", a), ("aws_secret_access_key", s)], "multi:aws_profile"
    if m == 1:
        a, s = k_aws_id(), k_aws_secret()
        return f"AWS_ACCESS_KEY_ID={a} AWS_SECRET_ACCESS_KEY={s} aws s3 cp recon.csv s3://fin-recon/", [("aws_access_key_id", a), ("aws_secret_access_key", s)], "multi:aws_env"
    if m == 2:
        e, p = k_email(), k_phone()
        return f"Vendor contact for the RMA: {C(FIRST)} {C(LAST)}, {e}, mobile {p}", [("email_address", e), ("phone_number", p)], "multi:contact"
    if m == 3:
        i, e = k_iban(), k_email()
        return f"Supplier update (please verify by phone before changing!): IBAN {i}, remittance advice to {e}", [("iban", i), ("email_address", e)], "multi:supplier"
    ip, pw = k_ip(), k_pw()
    return f"```\nhost: {ip}\nuser: admin\npassword: {pw}\n```\nthat's the colo's out-of-band console", [("ipv4_address", ip), ("password", pw)], "multi:oob"

KINDS = ["aws_access_key_id", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token", "slack_user_token", "openai_api_key",
         "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials", "email_address", "phone_number", "credit_card",
         "iban", "us_ssn", "ipv4_address"]
pos = []; pseen = set()
single_plan = [KINDS[i % len(KINDS)] for i in range(130)]
for kind in single_plan:
    while True:
        txt, sec, t = p_single(kind)
        txt = wrap(txt, p_non=0.2, p_en=0.1, p_tail=0.05)
        if txt not in pseen: break
    pseen.add(txt); pos.append({"text": txt, "secrets": [{"kind": k, "value": v} for k, v in sec], "context": f"{kind}:t{t}"})
for _ in range(20):
    while True:
        txt, sec, ctx = p_multi()
        if txt not in pseen: break
    pseen.add(txt); pos.append({"text": txt, "secrets": [{"kind": k, "value": v} for k, v in sec], "context": ctx})
for r in pos:
    for s in r["secrets"]:
        assert s["value"] in r["text"], s
        if s["kind"] == "credit_card": assert luhn_ok(re.sub(r"\D", "", s["value"]))
        if s["kind"] == "iban": assert iban_ok(s["value"])
        if s["kind"] == "ipv4_address": assert ip_public(*map(int, s["value"].split(".")))
R.shuffle(pos)
pos = [{"id": f"h14p-{i+1:04d}", **r} for i, r in enumerate(pos)]

with open(os.path.join(HERE, "redaction14_negatives.jsonl"), "w", encoding="utf-8") as f:
    for r in negs: f.write(json.dumps(r, ensure_ascii=False) + "\n")
with open(os.path.join(HERE, "redaction14_positives.jsonl"), "w", encoding="utf-8") as f:
    for r in pos: f.write(json.dumps(r, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    print("negatives", Counter(r["category"] for r in negs))
    print("redraws", dict(redraws))
    print("positives", len(pos), Counter(s["kind"] for r in pos for s in r["secrets"]))
    nonlat = sum(1 for r in negs if re.search(r"[^\x00-\x7f€–—→×…•²³©]", r["text"]))
    print("negatives with non-ASCII text", nonlat)
