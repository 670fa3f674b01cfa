#!/usr/bin/env python3
"""Blind redaction corpus #15 -- theme: a data-engineering and analytics team's Slack.

Standard library only.  Deterministic: random.Random(1515).  Writes
redaction15_negatives.jsonl and redaction15_positives.jsonl next to this file.
"""
import base64
import collections
import datetime
import hashlib
import ipaddress
import json
import os
import random
import re
import string
import struct
import sys
import zlib

R = random.Random(1515)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 15

# --------------------------------------------------------------------------------------
# small random helpers
# --------------------------------------------------------------------------------------
HEX = "0123456789abcdef"
ALNUM = string.ascii_letters + string.digits
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
UPDIG = string.ascii_uppercase + string.digits
B32 = string.ascii_uppercase + "234567"
URLSAFE = ALNUM + "-_"


def pick(seq):
    return R.choice(seq)


def hx(n):
    return "".join(R.choice(HEX) for _ in range(n))


def HX(n):
    return hx(n).upper()


def an(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rbytes(n)).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uid():
    v = R.getrandbits(128)
    v &= ~(0xF000 << 64)
    v |= 0x4000 << 64
    v &= ~(0xC000 << 48)
    v |= 0x8000 << 48
    h = "%032x" % v
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


EPOCH0 = datetime.datetime(1970, 1, 1)
BASE = datetime.datetime(2024, 1, 1)


def dt():
    return BASE + datetime.timedelta(seconds=R.randrange(0, 2 * 365 * 86400), microseconds=R.randrange(0, 10**6))


def iso(d=None, ms=True, z=True):
    d = d or dt()
    s = d.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % (d.microsecond // 1000)
    return s + ("Z" if z else "")


def day(d=None):
    return (d or dt()).strftime("%Y-%m-%d")


def epoch(d=None):
    return int(((d or dt()) - EPOCH0).total_seconds())


def epoch_ms(d=None):
    d = d or dt()
    return int((d - EPOCH0).total_seconds() * 1000)


def commas(n):
    return f"{n:,}"


def spaced(n):
    return f"{n:,}".replace(",", " ")


def dotted(n):
    return f"{n:,}".replace(",", ".")


# --------------------------------------------------------------------------------------
# theme vocabulary (no person names anywhere)
# --------------------------------------------------------------------------------------
SCHEMAS = ["raw", "staging", "intermediate", "marts", "analytics", "finance", "ml_features", "snapshots", "ops", "reporting"]
MODELS = ["fct_orders", "dim_customers", "stg_stripe__charges", "stg_shopify__orders", "int_sessions", "fct_shipments",
          "dim_products", "fct_invoices", "stg_hubspot__contacts", "fct_ad_spend", "dim_date", "fct_payouts",
          "stg_zendesk__tickets", "fct_inventory_snapshots", "int_user_daily", "fct_subscriptions",
          "stg_segment__tracks", "fct_refunds", "fct_web_events", "dim_warehouses", "fct_gl_entries", "int_orders_enriched"]
DAGS = ["ingest_stripe_hourly", "dbt_build_nightly", "export_partner_feed_daily", "backfill_clickstream", "sync_salesforce_to_snowflake",
        "refresh_looker_pdts", "s3_to_redshift_orders", "kafka_to_iceberg_events", "bq_cost_report", "vacuum_delta_tables",
        "ml_feature_refresh", "sftp_partner_pull", "great_expectations_checks", "reverse_etl_hubspot", "finance_close_monthly"]
TASKS = ["extract", "load_raw", "dbt_run", "dbt_test", "copy_into", "upload_to_s3", "validate", "publish", "merge_into_target",
         "compact_files", "snapshot", "notify_slack", "wait_for_partition", "export_csv"]
BUCKETS = ["s3://acme-datalake-prod", "s3://acme-raw-landing-eu", "gs://acme-analytics-exports", "s3a://lakehouse-bronze",
           "gs://dwh-backups-eu-west1", "s3://partner-feeds-outbound", "s3://emr-logs-prod", "gs://bq-exports-staging"]
TOPICS = ["orders.v1", "clickstream.page_view", "payments.settled", "inventory.adjustments", "cdc.public.orders",
          "shipments.status_changed", "pricing.updates.v2", "ad_spend.raw"]
WAREHOUSES = ["TRANSFORM_WH", "LOADING_WH", "BI_WH", "ADHOC_XS", "DBT_PROD_WH", "FIVETRAN_WH"]
TEAMS = ["@data-eng-oncall", "@analytics-eng", "@dataplatform", "@bi-team", "@finance-data", "@ml-platform"]


def table():
    return f"{pick(SCHEMAS)}.{pick(MODELS)}"


def s3path(ext=None):
    ext = ext or pick(["parquet", "snappy.parquet", "csv.gz", "avro", "json.gz", "orc"])
    d = dt()
    return (f"{pick(BUCKETS)}/{pick(['raw', 'curated', 'exports', 'bronze', 'silver'])}/{pick(MODELS)}/"
            f"dt={day(d)}/hr={d.hour:02d}/part-{R.randrange(0, 400):05d}-{uid()}.c000.{ext}")


def snowflake_qid():
    return f"01{hx(6)}-{hx(4)}-{hx(4)}-0000-{hx(12)}"


def bq_job():
    return pick([f"bquxjob_{hx(8)}_{hx(11)}", f"job_{an(28, URLSAFE)}", f"airflow_{pick(DAGS)}_{day().replace('-', '')}_{hx(32)}"])


def spark_app():
    return f"application_{epoch_ms()}_{R.randrange(1, 9999):04d}"


def dbx_cluster():
    d = dt()
    return f"{d.strftime('%m%d')}-{d.strftime('%H%M%S')}-{an(8, string.ascii_lowercase + string.digits)}"


def priv_ip():
    k = R.randrange(3)
    if k == 0:
        return f"10.{R.randrange(256)}.{R.randrange(256)}.{R.randrange(1, 255)}"
    if k == 1:
        return f"172.{R.randrange(16, 32)}.{R.randrange(256)}.{R.randrange(1, 255)}"
    return f"192.168.{R.randrange(256)}.{R.randrange(1, 255)}"


# --------------------------------------------------------------------------------------
# languages
# --------------------------------------------------------------------------------------
LANGS = ["en", "de", "fr", "es", "pt", "it", "nl", "pl", "ja", "zh", "ko", "ru", "tr", "sv"]
LANG_NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "pt": "Portuguese", "it": "Italian",
              "nl": "Dutch", "pl": "Polish", "ja": "Japanese", "zh": "Chinese (Simplified)", "ko": "Korean",
              "ru": "Russian", "tr": "Turkish", "sv": "Swedish"}
LEAD_NEG = {
    "en": ["fyi", "heads up:", "quick q —", "context for the thread:", "from last night's run:", "pasting for posterity:"],
    "de": ["Zur Info:", "Kurze Frage:", "Aus dem nächtlichen Lauf:", "Hier der Auszug:"],
    "fr": ["Pour info :", "Petite question :", "Extrait du run de cette nuit :", "Je colle ça ici :"],
    "es": ["Para que conste:", "Pregunta rápida:", "Del run de anoche:", "Os pego esto:"],
    "pt": ["Para registro:", "Dúvida rápida:", "Do job de ontem à noite:", "Colando aqui:"],
    "it": ["Per info:", "Domanda veloce:", "Dal job di stanotte:", "Incollo qui:"],
    "nl": ["Ter info:", "Snelle vraag:", "Uit de run van vannacht:", "Even hier geplakt:"],
    "pl": ["Dla informacji:", "Szybkie pytanie:", "Z nocnego przebiegu:", "Wklejam tutaj:"],
    "ja": ["メモ:", "共有です:", "昨夜のジョブから:", "念のため貼っておきます:"],
    "zh": ["供参考：", "快速问一下：", "昨晚任务的输出：", "贴一下："],
    "ko": ["참고:", "간단한 질문:", "어젯밤 배치 결과:", "붙여둘게요:"],
    "ru": ["К сведению:", "Быстрый вопрос:", "Из ночного прогона:", "Вставлю сюда:"],
    "tr": ["Bilginize:", "Kısa bir soru:", "Dün geceki çalışmadan:", "Buraya yapıştırıyorum:"],
    "sv": ["För kännedom:", "Snabb fråga:", "Från nattens körning:", "Klistrar in här:"],
}
TRAIL_NEG = {
    "en": ["any idea?", "looks fine to me", "closing the ticket", "ignore if already known"],
    "de": ["Ideen?", "sieht für mich ok aus"], "fr": ["une idée ?", "ça me semble ok"],
    "es": ["¿alguna idea?", "a mí me parece bien"], "pt": ["alguma ideia?", "parece ok"],
    "it": ["idee?", "per me è ok"], "nl": ["iemand een idee?", "lijkt me prima"],
    "pl": ["jakieś pomysły?", "wygląda ok"], "ja": ["何か心当たりありますか？", "問題なさそうです"],
    "zh": ["有人知道吗？", "看起来没问题"], "ko": ["혹시 아시는 분?", "괜찮아 보여요"],
    "ru": ["есть идеи?", "вроде всё ок"], "tr": ["fikri olan?", "bence sorun yok"], "sv": ["någon som vet?", "ser okej ut"],
}

# --------------------------------------------------------------------------------------
# validators
# --------------------------------------------------------------------------------------


def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(prefix_digits):
    for c in "0123456789":
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c
    raise AssertionError


def iban_to_int(s):
    s = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in s))


def mod97(s):
    return iban_to_int(s) % 97


IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20, "ES": 24,
            "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27, "LI": 21, "LT": 20,
            "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25, "RO": 24, "SE": 24, "SI": 19,
            "SK": 24, "SM": 27, "TR": 26, "AE": 23, "SA": 24, "BR": 29, "IL": 23, "QA": 29, "KW": 30, "JO": 30, "UA": 29}


def is_public_ip(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_global and not ip.is_multicast and not ip.is_reserved


# --------------------------------------------------------------------------------------
# the scanner used to redraw negatives (and to sanity-check positives)
# --------------------------------------------------------------------------------------
RX_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RX_GH = re.compile(r"(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}")
RX_SLACK = re.compile(r"xox[abposre]-\d+-|xapp-\d-")
RX_SK = re.compile(r"(?<![A-Za-z0-9])sk-(?:ant-[a-z0-9]+-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}")
RX_AWS = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z2-7]{16}(?![A-Z0-9])")
RX_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*")
RX_SSN = re.compile(r"(?<!\d)\d{3}[- ]\d{2}[- ]\d{4}(?!\d)")
RX_DIGITS = re.compile(r"\d+(?:[ -]\d+)*")
RX_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,32}")
RX_PEM = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(.*?)(?:-----END|$)", re.S)
RX_IP = re.compile(r"(?<!\d)(?<!\d\.)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?!\d)(?!\.\d)")
RX_URLCRED = re.compile(r"[a-z][a-z0-9+.-]*://([^\s/:@'\"]*):([^\s/@'\"]+)@")
RX_PHONE = re.compile(r"(?<![\w+])\+\d[\d ().-]{7,}\d")
PLACEHOLDER_PW = re.compile(r"(<[^>]*>|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\{\{.*\}\}|x+|X+|\*+|•+|\.\.\.|…|\[?REDACTED\]?|"
                            r"password|PASSWORD|pass|secret|changeme|CHANGEME|%[A-Z_]+%|\$\([A-Z_]+\)|airflow|guest|postgres|admin)")


def scan(text):
    """Return a list of (kind, match) for things that look like real secrets / personal data."""
    hits = []
    for m in RX_EMAIL.finditer(text):
        hits.append(("email", m.group()))
    for m in RX_GH.finditer(text):
        hits.append(("github", m.group()))
    for m in RX_SLACK.finditer(text):
        hits.append(("slack", m.group()))
    for m in RX_SK.finditer(text):
        hits.append(("sk_key", m.group()))
    for m in RX_AWS.finditer(text):
        if "EXAMPLE" not in m.group():
            hits.append(("aws_key_id", m.group()))
    for m in RX_JWT.finditer(text):
        hits.append(("jwt", m.group()))
    for m in RX_SSN.finditer(text):
        hits.append(("ssn_shape", m.group()))
    for m in RX_DIGITS.finditer(text):
        groups = re.split(r"[ -]", m.group())
        found = False
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot):
                    hits.append(("luhn", " ".join(groups[i:j + 1])))
                    found = True
                    break
            if found:
                break
    for m in RX_IBAN.finditer(text):
        compact = m.group().replace(" ", "")
        L = IBAN_LEN.get(compact[:2])
        if L and len(compact) >= L and mod97(compact[:L]) == 1:
            hits.append(("iban", compact[:L]))
    for m in RX_PEM.finditer(text):
        body = m.group(1)
        b64chars = re.sub(r"[^A-Za-z0-9+/=]", "", body.replace("\\n", ""))
        if len(b64chars) >= 40 and "..." not in body and "…" not in body:
            hits.append(("pem_private", b64chars[:20]))
    for m in RX_IP.finditer(text):
        if is_public_ip(m.group(1)):
            hits.append(("public_ipv4", m.group(1)))
    for m in RX_URLCRED.finditer(text):
        pw = m.group(2)
        if not PLACEHOLDER_PW.fullmatch(pw):
            hits.append(("url_credentials", m.group(1) + ":" + pw))
    for m in RX_PHONE.finditer(text):
        if len(re.sub(r"\D", "", m.group())) >= 9:
            hits.append(("phone_plus", m.group()))
    return hits


# --------------------------------------------------------------------------------------
# binary builders: PNG, GIF, SVG, fonts, DER keys
# --------------------------------------------------------------------------------------
def png_chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def sparkline_png():
    w, h = R.randint(24, 56), R.randint(8, 18)
    bg = bytes([255, 255, 255]) if R.random() < 0.7 else bytes([R.randint(230, 255)] * 3)
    fg = bytes([R.randint(0, 80), R.randint(60, 160), R.randint(120, 240)])
    y = R.randrange(h)
    rows = [bytearray(bg * w) for _ in range(h)]
    for x in range(w):
        y = max(0, min(h - 1, y + R.choice([-1, 0, 0, 1])))
        rows[y][3 * x:3 * x + 3] = fg
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b""))


def png_b64():
    return base64.b64encode(sparkline_png()).decode()


def gif_b64():
    g = (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + rbytes(3) + b"\x00\x00\x00"
         + b"!\xf9\x04\x01\x00\x00\x00\x00" + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00" + b"\x02\x02D\x01\x00;")
    return base64.b64encode(g).decode()


def svg_chart():
    n = R.randint(3, 7)
    bars = "".join(f'<rect x="{i * 6}" y="{20 - v}" width="4" height="{v}" fill="#{hx(6)}"/>'
                   for i, v in enumerate(R.randint(2, 20) for _ in range(n)))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{n * 6}" height="20" viewBox="0 0 {n * 6} 20">{bars}</svg>'


def svg_b64():
    return base64.b64encode(svg_chart().encode()).decode()


def woff2_b64(n=None):
    n = n or R.randint(90, 240)
    hdr = b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", n + 48) + struct.pack(">H", R.randint(8, 18)) + b"\x00\x00"
    return base64.b64encode(hdr + rbytes(n)).decode()


def pdf_b64():
    body = (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"
            + b"3 0 obj\n<< /Type /Page /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n4 0 obj\n<< /Length 44 /Filter /FlateDecode >>\nstream\n"
            + zlib.compress(b"BT /F1 12 Tf 72 770 Td (Weekly KPI report) Tj ET") + b"\nendstream\nendobj\n")
    return base64.b64encode(body).decode()


def gzip_b64(payload):
    import gzip
    import io
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as f:
        f.write(payload)
    return base64.b64encode(buf.getvalue()).decode()


def zigzag(n):
    n = (n << 1) ^ (n >> 63)
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def avro_record_b64(schema_id):
    # Confluent wire format: magic 0, 4-byte schema id, then Avro binary
    body = b"\x00" + struct.pack(">I", schema_id)
    body += zigzag(R.randrange(10**9, 10**10))          # order_id long
    sku = ("SKU-" + an(6, UPDIG)).encode()
    body += zigzag(len(sku)) + sku
    body += zigzag(R.randrange(1, 50))                  # qty
    body += struct.pack("<d", round(R.uniform(1, 900), 2))
    body += zigzag(epoch_ms())
    return base64.b64encode(body).decode()


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_uint(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def rand_uint(nbits, odd=False):
    v = R.getrandbits(nbits) | (1 << (nbits - 1)) | (1 << (nbits - 2))
    if odd:
        v |= 1
    return v.to_bytes((nbits + 7) // 8, "big")


OID_RSA = bytes.fromhex("06092a864886f70d010101")


def rsa_pkcs1(bits=2048):
    h = bits // 2
    parts = [der(0x02, b"\x00"), der_uint(rand_uint(bits, True)), der_uint((65537).to_bytes(3, "big")),
             der_uint(rand_uint(bits - R.randint(0, 3))), der_uint(rand_uint(h, True)), der_uint(rand_uint(h, True)),
             der_uint(rand_uint(h - R.randint(0, 2))), der_uint(rand_uint(h - R.randint(0, 2))), der_uint(rand_uint(h - R.randint(0, 2)))]
    return der(0x30, b"".join(parts))


def rsa_pkcs8(bits=2048):
    return der(0x30, der(0x02, b"\x00") + der(0x30, OID_RSA + b"\x05\x00") + der(0x04, rsa_pkcs1(bits)))


def ec_sec1():
    return der(0x30, der(0x02, b"\x01") + der(0x04, rbytes(32)) + der(0xA0, bytes.fromhex("06082a8648ce3d030107"))
               + der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))


def ed25519_pkcs8():
    return bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)


def sshstr(b):
    return struct.pack(">I", len(b)) + b


def openssh_ed25519(comment=b"airflow@sftp-ingest"):
    sk, pk = rbytes(32), rbytes(32)
    pub = sshstr(b"ssh-ed25519") + sshstr(pk)
    chk = rbytes(4)
    priv = chk + chk + sshstr(b"ssh-ed25519") + sshstr(pk) + sshstr(sk + pk) + sshstr(comment)
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    return (b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1)
            + sshstr(pub) + sshstr(priv))


def rsa_spki(bits=2048):
    rsapub = der(0x30, der_uint(rand_uint(bits, True)) + der_uint((65537).to_bytes(3, "big")))
    return der(0x30, der(0x30, OID_RSA + b"\x05\x00") + der(0x03, b"\x00" + rsapub))


def wrap(s, n=64):
    return [s[i:i + n] for i in range(0, len(s), n)]


def pem_private():
    """Returns (label, body_lines)."""
    k = R.randrange(5)
    if k == 0:
        return "PRIVATE KEY", wrap(base64.b64encode(rsa_pkcs8(2048)).decode())
    if k == 1:
        return "RSA PRIVATE KEY", wrap(base64.b64encode(rsa_pkcs1(R.choice([1024, 2048]))).decode())
    if k == 2:
        return "EC PRIVATE KEY", wrap(base64.b64encode(ec_sec1()).decode())
    if k == 3:
        return "PRIVATE KEY", wrap(base64.b64encode(ed25519_pkcs8()).decode())
    return "OPENSSH PRIVATE KEY", wrap(base64.b64encode(openssh_ed25519()).decode(), 70)


def cert_body():
    inner = der(0x30, der(0xA0, der(0x02, b"\x02")) + der_uint(rbytes(16)) + der(0x30, bytes.fromhex("06092a864886f70d01010b0500"))
                + rbytes(R.randint(380, 700)))
    return wrap(base64.b64encode(der(0x30, inner + der(0x30, bytes.fromhex("06092a864886f70d01010b0500")) + der(0x03, b"\x00" + rbytes(256)))).decode())


# --------------------------------------------------------------------------------------
# secret value generators (positives)
# --------------------------------------------------------------------------------------
def base62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_anthropic():
    return "sk-ant-api03-" + an(93, URLSAFE) + "AA"


def v_aws_id():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + an(16, B32)
        if "EXAMPLE" not in v:
            return v


def v_aws_secret():
    return an(40, ALNUM + "/+")


def v_card():
    k = R.randrange(4)
    if k == 0:
        num, grp = luhn_complete("4" + an(14, string.digits)), [4, 4, 4, 4]
    elif k == 1:
        num, grp = luhn_complete(pick(["51", "52", "53", "54", "55"]) + an(13, string.digits)), [4, 4, 4, 4]
    elif k == 2:
        num, grp = luhn_complete(pick(["34", "37"]) + an(12, string.digits)), [4, 6, 5]
    else:
        num, grp = luhn_complete("6011" + an(11, string.digits)), [4, 4, 4, 4]
    f = R.randrange(3)
    if f == 0:
        return num
    parts, i = [], 0
    for g in grp:
        parts.append(num[i:i + g])
        i += g
    return (" " if f == 1 else "-").join(parts)


FIRST = ["mara", "tomasz", "ines", "jonas", "akiko", "priya", "lucas", "eleni", "farid", "sofie", "mateo", "hanna",
         "kenji", "amara", "oskar", "leila", "dario", "yuki", "nadia", "emil"]
LAST = ["kowalczyk", "ferreira", "lindqvist", "okafor", "tanaka", "moreau", "vanderberg", "rossi", "novak", "haddad",
        "schreiber", "castillo", "brennan", "nakamura", "dubois", "petrov", "andersen", "yilmaz", "costa", "weber"]
DOMAINS = ["northwindtraders.io", "fernhill-logistics.com", "gmail.com", "outlook.de", "kestrel-retail.co.uk",
           "bluepeak.fr", "yahoo.co.jp", "proton.me", "orbitfoods.es", "web.de", "acme-data.io", "lumenpay.nl"]


def v_email():
    f, l, d = pick(FIRST), pick(LAST), pick(DOMAINS)
    local = pick([f"{f}.{l}", f"{f[0]}{l}", f"{f}_{l}{R.randint(1, 99)}", f"{l}.{f}", f"{f}+{pick(['dwh', 'looker', 'fivetran'])}"])
    return f"{local}@{d}"


def v_ghp():
    body = an(30, B62)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_ghfg():
    return "github_pat_11" + an(20, UPDIG) + "_" + an(59, ALNUM)


def iban_with_check(cc, bban):
    num = int("".join(str(int(c, 36)) for c in bban + cc + "00"))
    ck = 98 - num % 97
    return f"{cc}{ck:02d}{bban}"


def v_iban():
    cc = pick(["DE", "GB", "FR", "NL", "ES", "BE", "AT", "CH", "IE"])
    D = string.digits
    if cc == "DE":
        bban = an(8, D) + an(10, D)
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + an(6, D) + an(8, D)
    elif cc == "IE":
        bban = pick(["AIBK", "BOFI"]) + an(6, D) + an(8, D)
    elif cc == "FR":
        bank, branch, acct = an(5, D), an(5, D), an(11, D)
        key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
        bban = bank + branch + acct + f"{key:02d}"
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "SNSB", "TRIO"]) + an(10, D)
    elif cc == "ES":
        bank, branch, acct = an(4, D), an(4, D), an(10, D)
        W = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

        def dc(s):
            v = 11 - sum(int(c) * w for c, w in zip(s, W)) % 11
            return {10: 1, 11: 0}.get(v, v)
        bban = bank + branch + f"{dc('00' + bank + branch)}{dc(acct)}" + acct
    elif cc == "BE":
        first = an(10, D)
        c = int(first) % 97 or 97
        bban = first + f"{c:02d}"
    elif cc == "AT":
        bban = an(5, D) + an(11, D)
    else:  # CH
        bban = an(5, D) + an(12, D)
    iban = iban_with_check(cc, bban)
    assert mod97(iban) == 1 and len(iban) == IBAN_LEN[cc]
    if R.random() < 0.5:
        return " ".join(wrap(iban, 4))
    return iban


def v_ip():
    while True:
        a = R.choice([3, 5, 13, 18, 23, 31, 34, 35, 44, 52, 54, 62, 77, 81, 85, 91, 104, 141, 145, 151, 185, 188, 193, 212, 217])
        s = f"{a}.{R.randrange(256)}.{R.randrange(256)}.{R.randrange(1, 255)}"
        if is_public_ip(s):
            return s


def jwt_token(kind=None):
    now = epoch()
    kind = kind or R.randrange(4)
    if kind == 0:
        acct = pick(["XY12345", "AB98765", "ACME-ANALYTICS", "QK40211"])
        user = pick(["DBT_SVC", "FIVETRAN_LOADER", "AIRFLOW_ETL", "LOOKER_SVC"])
        hdr = {"alg": "RS256", "typ": "JWT"}
        pl = {"iss": f"{acct}.{user}.SHA256:{b64(32)}", "sub": f"{acct}.{user}", "iat": now, "exp": now + 3540}
    elif kind == 1:
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"user": {"username": "embedded_viewer"}, "resources": [{"type": "dashboard", "id": uid()}], "rls_rules": [],
              "iat": now, "exp": now + 300, "aud": "superset", "type": "guest"}
    elif kind == 2:
        hdr = {"alg": "RS256", "kid": an(43, URLSAFE), "typ": "JWT"}
        pl = {"aud": uid(), "iss": f"https://sts.windows.net/{uid()}/", "iat": now, "nbf": now, "exp": now + 3600,
              "appid": uid(), "scp": "all-apis", "tid": uid()}
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"resource": {"dashboard": R.randint(3, 400)}, "params": {"region": pick(["emea", "na", "apac"])}, "exp": now + 600}
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(pl, separators=(",", ":")).encode())
    sig = b64u(rbytes(256 if hdr["alg"] == "RS256" else 32))
    return f"{h}.{p}.{sig}"


def v_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + an(74, URLSAFE) + "T3BlbkFJ" + an(74, URLSAFE)
    if k == 1:
        return "sk-" + an(20, ALNUM) + "T3BlbkFJ" + an(20, ALNUM)
    return "sk-svcacct-" + an(74, URLSAFE) + "T3BlbkFJ" + an(74, URLSAFE)


def v_password():
    k = R.randrange(4)
    sym = "!#%^*_-+=?~"
    if k == 0:
        return an(R.randint(14, 22), ALNUM + sym)
    if k == 1:
        words = ["granite", "Falcon", "orbit", "Maple", "tundra", "Cobalt", "harbor", "Quartz", "lantern", "Nimbus", "saffron"]
        return pick(words) + pick(sym) + pick(words) + str(R.randint(10, 99)) + pick(sym) + pick(words)
    if k == 2:
        return an(4, string.ascii_uppercase) + str(R.randint(1000, 9999)) + pick(sym) + an(6, string.ascii_lowercase) + pick(sym) + an(3, string.digits)
    return an(R.randint(24, 32), ALNUM)


def v_phone():
    D = string.digits
    k = R.randrange(12)
    nz = lambda n: pick("23456789") + an(n - 1, D)
    if k == 0:
        return f"+1 ({pick(['212', '312', '415', '617', '646', '206', '512', '303'])}) {nz(3)}-{an(4, D)}"
    if k == 1:
        return f"+1-{pick(['718', '929', '470', '669', '737'])}-{nz(3)}-{an(4, D)}"
    if k == 2:
        return f"+44 7{an(3, D)} {an(6, D)}"
    if k == 3:
        return f"+49 {pick(['151', '160', '170', '176'])} {an(8, D)}"
    if k == 4:
        return f"+49 30 {nz(8)}"
    if k == 5:
        return f"+33 {pick('67')} {an(2, D)} {an(2, D)} {an(2, D)} {an(2, D)}"
    if k == 6:
        return f"+34 6{an(2, D)} {an(2, D)} {an(2, D)} {an(2, D)}"
    if k == 7:
        return f"+31 6 {an(8, D)}"
    if k == 8:
        return f"{pick(['090', '080', '070'])}-{an(4, D)}-{an(4, D)}"
    if k == 9:
        return f"+48 {pick('5678')}{an(2, D)} {an(3, D)} {an(3, D)}"
    if k == 10:
        return f"+55 11 9{an(4, D)}-{an(4, D)}"
    return f"(+39) 3{an(2, D)} {an(3, D)} {an(4, D)}"


def v_slack_bot():
    return f"xoxb-{R.randint(10**9, 10**13)}-{R.randint(10**11, 10**13)}-{an(24)}"


def v_slack_user():
    return f"xoxp-{R.randint(10**9, 10**12)}-{R.randint(10**9, 10**12)}-{R.randint(10**11, 10**13)}-{hx(32)}"


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    v = f"{a:03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}"
    return v


# ======================================================================================
# NEGATIVES
# ======================================================================================
NEG = collections.OrderedDict((c, []) for c in ["non_credential_blob", "pii_lookalike_number", "data_uri_base64",
                                               "placeholder_example", "code_identifier", "talk_about_secrets"])


def neg(cat):
    def deco(f):
        NEG[cat].append(f)
        return f
    return deco


def fence(body, lang=""):
    return f"```{lang}\n{body}\n```"


# ---------------------------------------------------------------- non_credential_blob
@neg("non_credential_blob")
def n_sha256sum_exports():
    d = day().replace("-", "")
    lines = [f"{hx(64)}  {pick(MODELS)}_{d}_{i:03d}.csv.gz" for i in range(R.randint(2, 9))]
    head = pick(["checksums for today's partner drop:", "sha256 of the export files (partner asked for them):",
                 "Prüfsummen der Exportdateien:", "エクスポートファイルのSHA-256です："])
    return head + "\n" + fence("$ sha256sum exports/*.csv.gz\n" + "\n".join(lines))


@neg("non_credential_blob")
def n_head_object():
    key = s3path("parquet").split("/", 3)[3]
    obj = {"AcceptRanges": "bytes", "LastModified": pick(["Mon", "Tue", "Wed", "Thu"]) + ", 0" + str(R.randint(1, 9)) + " May 2025 03:12:44 GMT",
           "ContentLength": R.randint(10**5, 10**9), "ETag": '"' + hx(32) + ("-" + str(R.randint(2, 80)) if R.random() < 0.5 else "") + '"',
           "VersionId": an(32, ALNUM + "._"), "ContentType": "application/octet-stream", "ServerSideEncryption": "aws:kms",
           "Metadata": {"md5chksum": b64(16), "rows": str(R.randint(1000, 9000000))}}
    return f"$ aws s3api head-object --bucket {pick(BUCKETS).split('//')[1]} --key {key}\n" + json.dumps(obj, indent=4)


@neg("non_credential_blob")
def n_gsutil_ls_L():
    obj = s3path("avro").replace("s3a://", "gs://").replace("s3://", "gs://")
    gen = R.randint(10**15, 10**16 - 1)
    return fence(f"""{obj}:
    Creation time:          {pick(['Tue', 'Fri', 'Sun'])}, {R.randint(10, 28)} Jan 2025 04:{R.randint(10, 59)}:{R.randint(10, 59)} GMT
    Update time:            {pick(['Tue', 'Fri', 'Sun'])}, {R.randint(10, 28)} Jan 2025 04:{R.randint(10, 59)}:{R.randint(10, 59)} GMT
    Storage class:          {pick(['STANDARD', 'NEARLINE', 'COLDLINE'])}
    Content-Length:         {R.randint(10**4, 10**9)}
    Content-Type:           application/avro
    Hash (crc32c):          {b64(4)}
    Hash (md5):             {b64(16)}
    ETag:                   {b64(8)}=
    Generation:             {gen}
    Metageneration:         1""")


@neg("non_credential_blob")
def n_parquet_meta():
    cols = R.sample(["order_id", "customer_key", "sku", "qty", "unit_price", "currency", "created_at", "warehouse_id", "status",
                     "event_ts", "session_id", "page_path", "country_code"], R.randint(3, 7))
    rg = R.randint(1, 4)
    lines = [f"file:        file:/tmp/{pick(MODELS)}/part-{R.randrange(999):05d}-{uid()}-c000.snappy.parquet",
             f"creator:     parquet-mr version {pick(['1.12.3', '1.13.1', '1.14.1'])} (build {hx(40)})",
             "extra:       org.apache.spark.version = " + pick(["3.4.1", "3.5.0", "3.5.1"]),
             "extra:       org.apache.spark.sql.parquet.row.metadata = {\"type\":\"struct\",\"fields\":[...]}", "", "file schema: spark_schema",
             "-" * 60]
    for c in cols:
        lines.append(f"{c + ':':<13}{pick(['OPTIONAL INT64 R:0 D:1', 'OPTIONAL BINARY L:STRING R:0 D:1', 'OPTIONAL DOUBLE R:0 D:1', 'OPTIONAL INT96 R:0 D:1'])}")
    for i in range(rg):
        lines.append("")
        lines.append(f"row group {i + 1}: RC:{R.randint(10**4, 10**6)} TS:{R.randint(10**6, 10**8)} OFFSET:{R.randint(4, 10**7)}")
        for c in cols[:3]:
            lines.append(f"{c + ':':<13}{pick(['INT64', 'BINARY', 'DOUBLE'])} SNAPPY DO:0 FPO:{R.randint(4, 10**7)} SZ:{R.randint(1000, 10**6)}/{R.randint(1000, 10**6)}/{R.uniform(1, 4):.2f} VC:{R.randint(10**4, 10**6)} ENC:PLAIN,RLE,RLE_DICTIONARY")
    return "parquet-tools meta on the file the job choked on:\n" + fence("\n".join(lines[:37]))


@neg("non_credential_blob")
def n_schema_registry():
    subj = pick(TOPICS) + "-value"
    fields = [{"name": "order_id", "type": "long"}, {"name": "sku", "type": "string"}, {"name": "qty", "type": "int"},
              {"name": "unit_price", "type": "double"}, {"name": "created_at", "type": {"type": "long", "logicalType": "timestamp-millis"}}]
    schema = json.dumps({"type": "record", "name": "OrderLine", "namespace": "com.acme.orders.v1", "fields": fields[:R.randint(3, 5)]}, separators=(",", ":"))
    body = json.dumps({"subject": subj, "version": R.randint(1, 40), "id": R.randint(100, 200000), "schema": schema})
    fp = pick([f"CRC-64-AVRO fingerprint: {hx(16)}", f"MD5 fingerprint: {hx(32)}", f"SHA-256 fingerprint: {hx(64)}"])
    return f"$ curl -s http://schema-registry.{pick(['internal', 'svc.cluster.local'])}:8081/subjects/{subj}/versions/latest | jq -c .\n{body}\n{fp}"


@neg("non_credential_blob")
def n_delta_log():
    n = R.randint(1, 6)
    lines = [json.dumps({"commitInfo": {"timestamp": epoch_ms(), "operation": pick(["WRITE", "MERGE", "OPTIMIZE"]),
                                        "operationParameters": {"mode": "Append", "partitionBy": "[\"dt\"]"}, "isolationLevel": "Serializable",
                                        "isBlindAppend": True, "txnId": uid()}}, separators=(",", ":"))]
    for _ in range(n):
        d = day()
        lines.append(json.dumps({"add": {"path": f"dt={d}/part-{R.randrange(999):05d}-{uid()}.c000.snappy.parquet",
                                         "partitionValues": {"dt": d}, "size": R.randint(10**4, 10**8), "modificationTime": epoch_ms(),
                                         "dataChange": True, "stats": json.dumps({"numRecords": R.randint(1, 10**6)})}}, separators=(",", ":")))
    return f"_delta_log/{R.randint(0, 99999):020d}.json:\n" + fence("\n".join(lines))


@neg("non_credential_blob")
def n_iceberg_snapshots():
    rows = []
    parent = None
    for _ in range(R.randint(2, 8)):
        sid = R.randint(10**18, 9 * 10**18)
        d = dt()
        rows.append(f"| {d.strftime('%Y-%m-%d %H:%M:%S.%f')[:-3]} | {sid} | {parent if parent else 'NULL':>19} | {pick(['append', 'overwrite', 'delete'])} | "
                    f"{pick(BUCKETS)}/warehouse/events/metadata/snap-{sid}-1-{uid()}.avro |")
        parent = sid
    return ("SELECT committed_at, snapshot_id, parent_id, operation, manifest_list FROM lake.events.snapshots;\n"
            + fence("| committed_at | snapshot_id | parent_id | operation | manifest_list |\n|---|---|---|---|---|\n" + "\n".join(rows)))


@neg("non_credential_blob")
def n_git_log():
    msgs = ["fix(stg_orders): dedupe on _loaded_at", "feat: add fct_refunds incremental model", "chore: bump dbt-snowflake to 1.8.3",
            "revert partition pruning change", "docs: column descriptions for dim_customers", "ci: run slim CI with state:modified+",
            "perf: cluster fct_web_events by event_date", "fix: timezone handling in int_sessions", "add freshness checks on raw.stripe"]
    lines = [f"{hx(7)} {m}" for m in R.sample(msgs, R.randint(3, 8))]
    return pick(["what got deployed in the last prod run:", "dbt repo since the last tag:", "直近のデプロイ内容:"]) + "\n" + fence("$ git log --oneline v" + f"{R.randint(1, 3)}.{R.randint(0, 20)}.{R.randint(0, 9)}..HEAD\n" + "\n".join(lines))


@neg("non_credential_blob")
def n_image_digest():
    img = pick(["apache/airflow:2.9.3-python3.11", "apache/airflow:2.10.2", "ghcr.io/dbt-labs/dbt-snowflake:1.8.3",
                "bitnami/spark:3.5.1", "confluentinc/cp-kafka-connect:7.6.1", "trinodb/trino:448"])
    return pick(["pinned image for the scheduler:", "worker pods are running", "rollback target:"]) + f" `{img}@sha256:{hx(64)}`"


@neg("non_credential_blob")
def n_dbt_manifest():
    node = f"model.analytics.{pick(MODELS)}"
    obj = {node: {"checksum": {"name": "sha256", "checksum": hx(64)}, "config": {"materialized": pick(["incremental", "table", "view"]),
               "unique_key": "order_id", "on_schema_change": "append_new_columns"}, "patch_path": "analytics://models/marts/_models.yml",
               "build_path": None, "created_at": round(epoch() + R.random(), 6)}}
    meta = {"dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v12.json", "dbt_version": pick(["1.7.14", "1.8.3", "1.8.7"]),
            "generated_at": iso(), "invocation_id": uid(), "env": {}}
    return "manifest.json diff between prod and my branch, only the checksum moved:\n" + fence(json.dumps({"metadata": meta, "nodes": obj}, indent=2), "json")


@neg("non_credential_blob")
def n_run_results():
    res = []
    for _ in range(R.randint(1, 3)):
        res.append({"status": "success", "thread_id": f"Thread-{R.randint(1, 8)}", "execution_time": round(R.uniform(1, 900), 3),
                    "adapter_response": {"_message": f"SUCCESS {R.randint(1, 10**6)}", "code": "SUCCESS", "rows_affected": R.randint(0, 10**6),
                                         "query_id": snowflake_qid()}, "unique_id": f"model.analytics.{pick(MODELS)}"})
    return fence(json.dumps({"results": res, "elapsed_time": round(R.uniform(10, 4000), 2)}, indent=1), "json")


@neg("non_credential_blob")
def n_list_stage():
    rows = []
    for _ in range(R.randint(3, 12)):
        rows.append(f"| {pick(['s3', 'gcs'])}://{pick(['acme-raw-landing-eu', 'partner-feeds-outbound'])}/{pick(MODELS)}/{day()}/data_0_{R.randrange(8)}_{R.randrange(64)}.csv.gz "
                    f"| {R.randint(10**3, 10**8):>9} | {hx(32)} | {pick(['Mon', 'Tue', 'Wed'])}, {R.randint(10, 28)} Apr 2025 02:{R.randint(10, 59)}:{R.randint(10, 59)} GMT |")
    return "LIST @raw.partner_stage PATTERN='.*csv.gz';\n" + fence("| name | size | md5 | last_modified |\n" + "\n".join(rows))


@neg("non_credential_blob")
def n_consumer_group():
    g = pick(["iceberg-sink", "connect-s3-sink-orders", "flink-sessionizer", "spark-streaming-clickstream"])
    t = pick(TOPICS)
    lines = [f"GROUP                 TOPIC                   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID                                          HOST            CLIENT-ID"]
    for p in range(R.randint(3, 36)):
        cur = R.randint(10**6, 10**10)
        lag = R.choice([0, 0, R.randint(1, 5000)])
        lines.append(f"{g:<21} {t:<23} {p:<10} {cur:<15} {cur + lag:<15} {lag:<5} {'consumer-' + g + '-1-' + uid():<52} /{priv_ip():<14} consumer-{g}-1")
    return fence("$ kafka-consumer-groups --bootstrap-server kafka:9092 --describe --group " + g + "\n" + "\n".join(lines))


@neg("non_credential_blob")
def n_pip_hashes():
    pkgs = [("dbt-core", "1.8.7"), ("dbt-snowflake", "1.8.3"), ("pyarrow", "16.1.0"), ("apache-airflow-providers-amazon", "8.25.0"),
            ("pandas", "2.2.2"), ("great-expectations", "0.18.19"), ("snowflake-connector-python", "3.12.1"), ("pyspark", "3.5.1")]
    lines = []
    for n, v in R.sample(pkgs, R.randint(2, 5)):
        lines.append(f"{n}=={v} \\")
        for _ in range(R.randint(1, 3)):
            lines.append(f"    --hash=sha256:{hx(64)} \\")
        lines[-1] = lines[-1].rstrip(" \\")
    return "requirements.lock for the airflow image:\n" + fence("\n".join(lines))


@neg("non_credential_blob")
def n_bq_show_job():
    return fence(f"""$ bq show --format=prettyjson -j {bq_job()}
{{
  "configuration": {{"jobType": "QUERY", "query": {{"destinationTable": {{"datasetId": "analytics", "projectId": "acme-dwh-prod", "tableId": "{pick(MODELS)}"}}, "useLegacySql": false}}}},
  "etag": "{b64(16)}",
  "id": "acme-dwh-prod:{pick(['EU', 'US'])}.{bq_job()}",
  "statistics": {{"creationTime": "{epoch_ms()}", "totalBytesProcessed": "{R.randint(10**6, 10**13)}", "totalSlotMs": "{R.randint(10**3, 10**9)}"}},
  "status": {{"state": "DONE"}}
}}""")


@neg("non_credential_blob")
def n_spark_eventlog():
    app = spark_app()
    lines = [f"{iso()} INFO  YarnClientImpl: Submitted application {app}",
             f"{iso()} INFO  BlockManagerMasterEndpoint: Registering block manager {priv_ip()}:{R.randint(30000, 45000)} with 4.1 GiB RAM, BlockManagerId({R.randint(1, 40)}, {priv_ip()}, {R.randint(30000, 45000)}, None)",
             f"{iso()} INFO  MemoryStore: Block broadcast_{R.randint(1, 90)}_piece0 stored as bytes in memory (estimated size {R.randint(10, 90)}.{R.randint(1, 9)} KiB, free 2.1 GiB)",
             f"{iso()} INFO  DAGScheduler: Submitting {R.randint(1, 400)} missing tasks from ShuffleMapStage {R.randint(1, 90)} (MapPartitionsRDD[{R.randint(10, 900)}] at parquet at NativeMethodAccessorImpl.java:0)",
             f"{iso()} INFO  FileOutputCommitter: Saved output of task 'attempt_{day().replace('-', '')}{R.randint(100000, 999999)}_{R.randint(1, 9999):04d}_m_{R.randint(0, 999):06d}_{R.randint(0, 3)}' to {s3path()}",
             f"{iso()} INFO  SparkContext: Successfully stopped SparkContext"]
    return fence("\n".join(lines[:R.randint(3, 6)]))


@neg("non_credential_blob")
def n_hdfs_block():
    bp = f"BP-{R.randint(10**8, 2 * 10**9)}-{priv_ip()}-{epoch_ms()}"
    return (f"{iso()} WARN hdfs.DataStreamer: Exception for {bp}:blk_{R.randint(1073741825, 1073999999)}_{R.randint(1001, 99999)}\n"
            f"java.io.EOFException: Unexpected EOF while trying to read response from server\n"
            f"{iso()} WARN hdfs.DataStreamer: Error Recovery for {bp}:blk_{R.randint(1073741825, 1073999999)}_{R.randint(1001, 99999)} in pipeline "
            f"[DatanodeInfoWithStorage[{priv_ip()}:9866,DS-{uid()},DISK]]")


@neg("non_credential_blob")
def n_mlflow():
    rid = hx(32)
    return pick(["model promoted:", "candidate run for the churn model:", "Modell-Run:"]) + f" run_id `{rid}`, artifact_uri `{pick(BUCKETS)}/mlflow/{R.randint(1, 40)}/{rid}/artifacts`, model version {R.randint(1, 60)} (source digest sha256:{hx(64)})"


@neg("non_credential_blob")
def n_airbyte_ids():
    return fence(f"""connection_id: {uid()}
source_id:     {uid()}
destination_id: {uid()}
job_id: {R.randint(10000, 999999)}   attempt: {R.randint(0, 3)}
state blob (base64, truncated): {base64.b64encode(json.dumps({'cursor': iso(), 'stream': pick(MODELS)}).encode()).decode()}""")


@neg("non_credential_blob")
def n_next_page_token():
    tok = base64.b64encode(json.dumps({"offset": R.randint(100, 10**6), "after": iso()}).encode()).decode().rstrip("=")
    return pick(["the HubSpot extractor loops forever on the same cursor:", "paginación rota, siempre devuelve el mismo cursor:",
                 "ページングが進まない。同じカーソル："]) + f" `next_page_token={tok}`"


@neg("non_credential_blob")
def n_ssh_fp():
    host = pick(["sftp.partner-drop.example", "sftp-ingest.internal", "bastion.dataplatform.internal"])
    return (f"The authenticity of host '{host} ({priv_ip()})' can't be established.\n"
            f"ED25519 key fingerprint is SHA256:{b64(32).rstrip('=')}.\n"
            "This key is not known by any other names.\n"
            f"Are you sure you want to continue connecting (yes/no/[fingerprint])?\n"
            + pick(["-> partner confirmed the fingerprint over the phone call, adding it to known_hosts in the sftp_partner_pull image",
                    "Fingerprint vom Partner bestätigt, kommt in known_hosts."]))


@neg("non_credential_blob")
def n_ssh_pubkey():
    key = base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32)).decode()
    return f"public key for the partner SFTP allowlist (public, fine to share):\n`ssh-ed25519 {key} sftp-ingest-{pick(['prod', 'staging'])}`"


@neg("non_credential_blob")
def n_snowflake_pubkey():
    body = base64.b64encode(rsa_spki()).decode()
    return ("Registered the new public key for the dbt service user:\n"
            + fence(f"ALTER USER DBT_SVC SET RSA_PUBLIC_KEY_2='{body}';\nDESC USER DBT_SVC;\n-- RSA_PUBLIC_KEY_2_FP  SHA256:{b64(32)}", "sql"))


@neg("non_credential_blob")
def n_cert_truststore():
    return "Kafka broker CA for the truststore (public cert):\n" + fence("-----BEGIN CERTIFICATE-----\n" + "\n".join(cert_body()) + "\n-----END CERTIFICATE-----")


@neg("non_credential_blob")
def n_xxd_parquet():
    lines = []
    off = R.choice([0, 0x3A8F00])
    data = (b"PAR1" if off == 0 else b"") + rbytes(64)
    if off:
        data = rbytes(56) + struct.pack("<I", R.randint(1000, 9000)) + b"PAR1"
    for i in range(0, len(data), 16):
        chunk = data[i:i + 16]
        hexs = " ".join(chunk[j:j + 2].hex() for j in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        lines.append(f"{off + i:08x}: {hexs:<39}  {asc}")
    return "is this file even parquet? the reader says bad magic\n" + fence(f"$ xxd part-{R.randrange(999):05d}.parquet | {'head' if off == 0 else 'tail'} -n {len(lines)}\n" + "\n".join(lines))


@neg("non_credential_blob")
def n_tf_state():
    return fence(json.dumps({"version": 4, "terraform_version": pick(["1.7.5", "1.8.2", "1.9.3"]), "serial": R.randint(1, 900),
                             "lineage": uid(), "outputs": {"lake_bucket_arn": {"value": f"arn:aws:s3:::{pick(BUCKETS).split('//')[1]}", "type": "string"}},
                             "check_results": None}, indent=2), "json") + f"\nstate lock ID: {uid()}  digest: {hx(32)}"


@neg("non_credential_blob")
def n_xcom():
    return f"[{iso(z=False).replace('T', ' ')}] {{taskinstance.py:441}} INFO - ::group::Pushing XCom\nxcom return_value = " + json.dumps(
        {"s3_key": s3path("csv.gz"), "md5": hx(32), "sha1": hx(40), "row_count": R.randint(1, 10**7)})


@neg("non_credential_blob")
def n_gpg():
    fpr = HX(40)
    return (f"Partner sends the files signed; their public key fingerprint is `{' '.join(wrap(fpr, 4))}` "
            f"(long key id {fpr[-16:]}). Imported into the sftp_partner_pull image, `gpg --verify` passes for today's drop.")


# ---------------------------------------------------------------- pii_lookalike_number
@neg("pii_lookalike_number")
def p_order_result():
    rows = []
    for _ in range(R.randint(3, 14)):
        rows.append(f"| {R.randint(10**9, 10**11)} | {R.randint(100000, 9999999)} | {R.randint(1, 9)} | {R.uniform(3, 4000):>9.2f} | {pick(['EUR', 'USD', 'GBP', 'PLN', 'JPY'])} | {dt().strftime('%Y-%m-%d %H:%M:%S')} |")
    return "spot-check from prod after the backfill:\n" + fence("| ORDER_ID | CUSTOMER_KEY | ITEMS | AMOUNT | CCY | CREATED_AT |\n|---|---|---|---|---|---|\n" + "\n".join(rows))


@neg("pii_lookalike_number")
def p_rowcount_recon():
    rows = []
    base = dt()
    for i in range(R.randint(3, 10)):
        d = (base + datetime.timedelta(days=i)).strftime("%Y-%m-%d")
        src = R.randint(10**5, 10**9)
        diff = R.choice([0, 0, 0, R.randint(1, 500)])
        sep = pick([commas, spaced, dotted])
        rows.append(f"{d}  {sep(src):>14}  {sep(src - diff):>14}  {'OK' if diff == 0 else 'MISMATCH'}")
    return pick(["row count recon source vs warehouse:", "Abgleich Zeilenanzahl Quelle vs. DWH:", "Rapprochement du nombre de lignes :",
                 "件数突合（ソース vs DWH）："]) + "\n" + fence("partition    source_rows     dwh_rows        status\n" + "\n".join(rows))


@neg("pii_lookalike_number")
def p_kafka_offsets():
    return f"connector `{pick(['s3-sink-orders', 'iceberg-sink-events', 'bq-sink-payments'])}` restarted; resumed {pick(TOPICS)} partition {R.randint(0, 47)} at offset {R.randint(10**8, 10**11)} (committed {R.randint(10**8, 10**11)}, lag {R.randint(0, 99999)})"


@neg("pii_lookalike_number")
def p_slack_ts():
    e = epoch()
    return pick([f"the alert message is ts={e}.{R.randint(0, 999999):06d}, thread it there",
                 f"first bad event at epoch_ms={epoch_ms()} (that's {iso()}), last good at {epoch_ms()}",
                 f"watermark stuck at {e} since {R.randint(2, 40)} min, max(event_ts) in raw = {epoch_ms()}"])


@neg("pii_lookalike_number")
def p_csv_export():
    n = R.randint(15, 37)
    lines = ["order_id,invoice_no,sku,ean,qty,net_amount,currency,shipped_at,warehouse"]
    for _ in range(n):
        ean = "40" + an(11, string.digits)
        lines.append(f"{R.randint(10**9, 10**10)},INV-{R.randint(2024, 2025)}-{R.randint(1, 999999):06d},{an(3, string.ascii_uppercase)}-{R.randint(1000, 99999)},{ean},"
                     f"{R.randint(1, 24)},{R.uniform(1, 2500):.2f},{pick(['EUR', 'USD', 'GBP'])},{iso(ms=False)},{pick(['FRA1', 'WAW2', 'MAD1', 'AMS3', 'LHR4'])}")
    return "sample of the file we send to the 3PL (first rows):\n" + fence("\n".join(lines), "csv")


@neg("pii_lookalike_number")
def p_partition_ids():
    d = dt()
    return pick([f"BQ partition `analytics.{pick(MODELS)}${d.strftime('%Y%m%d')}` was rewritten at {iso()}; snapshot id {R.randint(10**18, 9 * 10**18)}",
                 f"partition key `{d.strftime('%Y%m%d%H')}` missing in {table()}, expected {R.randint(10**4, 10**7):,} rows",
                 f"Iceberg snapshot {R.randint(10**18, 9 * 10**18)} → {R.randint(10**18, 9 * 10**18)} dropped {R.randint(1, 900)} data files in dt={day()}"])


@neg("pii_lookalike_number")
def p_spark_ui():
    return fence(f"""[Stage {R.randint(1, 300)}:=====================>        ({R.randint(100, 3999)} + {R.randint(0, 200)}) / 4000]
Shuffle Read: {spaced(R.randint(10**9, 10**12))} B   Shuffle Write: {spaced(R.randint(10**8, 10**11))} B
Task {R.randint(10**4, 10**6)} in stage {R.randint(1, 300)}.{R.randint(0, 3)} (TID {R.randint(10**4, 10**7)}) {R.randint(1000, 900000)} ms on {priv_ip()} (executor {R.randint(1, 120)})
spark.sql.shuffle.partitions={pick(['200', '2000', '4000'])}  spark.sql.files.maxPartitionBytes=134217728""")


@neg("pii_lookalike_number")
def p_private_ips():
    lines = [f"{pick(['emr-master', 'emr-core-1', 'emr-core-2', 'kafka-0', 'kafka-1', 'trino-coordinator', 'airflow-worker-3'])}  {priv_ip()}:{pick(['8088', '7077', '9092', '8080', '18080', '5432', '6379', '9083', '8020'])}" for _ in range(R.randint(2, 8))]
    return pick(["internal endpoints (VPC only):", "Interne Endpunkte:", "内部エンドポイント："]) + "\n" + fence("\n".join(lines))


@neg("pii_lookalike_number")
def p_versions():
    return pick([
        f"prod is on dbt-core {pick(['1.7.14', '1.8.3', '1.8.7'])}, dbt-snowflake {pick(['1.7.5', '1.8.3'])}, Airflow {pick(['2.9.3', '2.10.2'])}, Spark {pick(['3.4.1', '3.5.1'])} / Scala 2.12.18, Java 17.0.{R.randint(6, 12)}+{R.randint(7, 11)}",
        f"cluster runtime `{pick(['14.3.x-scala2.12', '15.4.x-photon-scala2.12', '13.3.x-cpu-ml-scala2.12'])}`, EMR `emr-{pick(['6.15.0', '7.1.0', '7.2.0'])}`, Hadoop 3.3.{R.randint(3, 6)}, parquet-mr 1.13.1",
        f"Snowflake client {pick(['3.12.1', '3.10.0'])} / server {R.randint(8, 9)}.{R.randint(1, 40)}.{R.randint(0, 3)}, JDBC {pick(['3.16.1', '3.19.0'])}"])


@neg("pii_lookalike_number")
def p_money_kpis():
    return pick([
        f"Dashboard refresh done. GMV {commas(R.randint(10**6, 10**9))} USD, orders {commas(R.randint(10**4, 10**7))}, AOV {R.uniform(20, 200):.2f}, conv {R.uniform(0.5, 6):.2f}%",
        f"Umsatz Vormonat: {dotted(R.randint(10**6, 10**9))},{R.randint(0, 99):02d} €, Retouren {R.uniform(2, 30):.1f} %",
        f"MRR : {spaced(R.randint(10**5, 10**8))},{R.randint(0, 99):02d} € (+{R.uniform(0.1, 9):.1f} %)",
        f"売上（前月）：¥{commas(R.randint(10**7, 10**11))}、注文数 {commas(R.randint(10**4, 10**6))} 件",
        f"Przychód: {spaced(R.randint(10**5, 10**9))},{R.randint(0, 99):02d} zł, zamówienia: {spaced(R.randint(10**3, 10**6))}"])


@neg("pii_lookalike_number")
def p_coords():
    sites = [("FRA1", 50.05, 8.57), ("WAW2", 52.17, 20.97), ("MAD1", 40.47, -3.57), ("AMS3", 52.31, 4.76), ("LHR4", 51.47, -0.45)]
    rows = [f"{s},{a + R.uniform(-0.05, 0.05):.6f},{b + R.uniform(-0.05, 0.05):.6f},{hx(15)}" for s, a, b in R.sample(sites, R.randint(2, 5))]
    return "dim_warehouses geo columns (fulfilment centres, not customers):\n" + fence("warehouse_code,lat,lon,h3_r9\n" + "\n".join(rows), "csv")


@neg("pii_lookalike_number")
def p_tracking():
    return pick([
        f"carrier feed has tracking `1Z{an(6, UPDIG)}{R.randint(10, 99)}{R.randint(10**7, 10**8 - 1)}` twice with different shipment ids",
        f"FedEx tracking {R.randint(10**11, 10**12 - 1)} and {R.randint(10**11, 10**12 - 1)} both map to shipment {R.randint(10**7, 10**8)}",
        f"USPS IMpb `{R.randint(10**21, 10**22 - 1)}` failed to parse as INT64 in stg_carrier__events"])


@neg("pii_lookalike_number")
def p_tickets():
    return pick([
        f"tracked in DATA-{R.randint(100, 9999)} and INC{R.randint(1000000, 9999999)}; PagerDuty #{R.randint(10000, 999999)}",
        f"Jira DE-{R.randint(100, 5000)} / Zendesk #{R.randint(10**6, 10**7)} / SR {R.randint(100, 999)}-{R.randint(100000, 999999)}",
        f"チケット DATA-{R.randint(100, 9999)}、インシデント INC{R.randint(1000000, 9999999)} で追跡中"])


@neg("pii_lookalike_number")
def p_isin():
    def isin(cc):
        core = cc + an(9, UPDIG)
        digits = "".join(str(int(c, 36)) for c in core)
        return core + luhn_complete(digits)[-1]
    rows = [f"{isin(pick(['DE', 'FR', 'NL', 'US', 'GB', 'ES']))},{R.uniform(1, 900):.4f},{R.randint(1, 10**6)}" for _ in range(R.randint(3, 10))]
    return "positions feed from the custodian (ISINs, not accounts):\n" + fence("isin,close_px,quantity\n" + "\n".join(rows), "csv")


@neg("pii_lookalike_number")
def p_sap_docs():
    return pick([
        f"FI doc {R.randint(1900000000, 1999999999)} / fiscal year {R.randint(2024, 2025)} / company code {pick(['1000', '2000', 'DE01'])} is missing in fct_gl_entries",
        f"PO {R.randint(4500000000, 4599999999)} line {R.randint(10, 90)}0 booked against cost centre {R.randint(10000, 99999)}-{R.randint(100, 999)}",
        f"GL account {R.randint(1000, 9999)}-{R.randint(1000, 9999)}-{R.randint(100, 999)}-{R.randint(1000, 9999)} maps to 'Accrued freight'"])


@neg("pii_lookalike_number")
def p_s3_ls():
    lines = []
    for _ in range(R.randint(4, 14)):
        d = dt()
        lines.append(f"{d.strftime('%Y-%m-%d %H:%M:%S')} {R.randint(10**3, 10**10):>12} {pick(MODELS)}/dt={day(d)}/part-{R.randrange(999):05d}.snappy.parquet")
    return fence(f"$ aws s3 ls {pick(BUCKETS)}/curated/ --recursive\n" + "\n".join(lines))


@neg("pii_lookalike_number")
def p_dag_runs():
    rows = []
    for _ in range(R.randint(3, 10)):
        d = dt()
        rows.append(f"{R.randint(10**4, 10**6):>7} | {pick(DAGS):<28} | scheduled__{d.strftime('%Y-%m-%dT%H:00:00+00:00')} | {pick(['success', 'failed', 'running'])} | {R.randint(30, 20000)}s")
    return fence("   id   | dag_id                       | run_id                                     | state   | duration\n" + "\n".join(rows))


@neg("pii_lookalike_number")
def p_account_numbers():
    return pick([
        f"cross-account role: lake in account {R.randint(10**11, 10**12 - 1)}, EMR in {R.randint(10**11, 10**12 - 1)}, GCP project number {R.randint(10**11, 10**12 - 1)}",
        f"Snowflake account locator {an(2, string.ascii_uppercase)}{R.randint(10000, 99999)}.{pick(['eu-central-1', 'us-east-1', 'ap-northeast-1'])}, org {an(7, string.ascii_uppercase)}",
        f"BQ reservation {R.randint(100, 2000)} slots, commitment id {R.randint(10**15, 10**16)}"])


@neg("pii_lookalike_number")
def p_bin_stats():
    rows = [f"| {R.randint(400000, 559999)} | {pick(['VISA', 'MC'])} | {pick(['DE', 'FR', 'PL', 'ES', 'GB'])} | {R.uniform(0.5, 12):.2f}% | {commas(R.randint(100, 100000))} |" for _ in range(R.randint(3, 9))]
    return "decline rate by card BIN (6-digit issuer prefix only, no PANs in this table):\n" + fence("| bin | scheme | issuer_country | decline_rate | attempts |\n" + "\n".join(rows))


@neg("pii_lookalike_number")
def p_dates_formats():
    d = dt()
    return pick([f"late-arriving data: event_date {d.strftime('%d.%m.%Y')} loaded on {(d + datetime.timedelta(days=R.randint(1, 9))).strftime('%d/%m/%Y %H:%M')}",
                 f"集計期間 {d.strftime('%Y年%m月%d日')}〜{(d + datetime.timedelta(days=6)).strftime('%Y年%m月%d日')}",
                 f"fiscal week {d.strftime('%G-W%V')}, date key {d.strftime('%Y%m%d')}, hour key {d.strftime('%Y%m%d%H')}",
                 f"TZ bug: {iso()} vs {d.strftime('%Y-%m-%d %H:%M:%S')}+02:00 vs {d.strftime('%m/%d/%Y %I:%M %p')}"])


@neg("pii_lookalike_number")
def p_sizes():
    return pick([f"table {table()} is {R.uniform(0.1, 900):.1f} TB, {commas(R.randint(10**8, 10**11))} rows, {R.randint(10, 90000)} micro-partitions",
                 f"COPY INTO loaded {spaced(R.randint(10**4, 10**9))} rows from {R.randint(1, 4000)} files ({R.randint(10**6, 10**12)} bytes) in {R.uniform(1, 900):.1f}s",
                 f"vacuum freed {R.randint(10**9, 10**13)} bytes; {R.randint(10, 5000)} files removed, retention 168 h"])


@neg("pii_lookalike_number")
def p_hs_ndc():
    return pick([f"customs code {R.randint(1000, 9999)}.{R.randint(10, 99)}.{R.randint(1000, 9999)} needs a mapping in dim_products",
                 f"GTIN {'0' + an(13, string.digits)} / batch L{R.randint(10**6, 10**7)} / best-before {day()}",
                 f"lot {R.randint(100, 999)}-{R.randint(1000, 9999)}-{R.randint(10, 99)} quarantined in WAW2"])


@neg("pii_lookalike_number")
def p_ports_latency():
    rows = [f"| {pick(['p50', 'p90', 'p95', 'p99'])} | {R.uniform(0.1, 900):.1f} ms | {commas(R.randint(10**3, 10**7))} |" for _ in range(R.randint(3, 6))]
    return f"Trino latency last 24h (coordinator {priv_ip()}:8080):\n" + fence("| pct | latency | queries |\n" + "\n".join(rows))


# ---------------------------------------------------------------- data_uri_base64
@neg("data_uri_base64")
def d_notebook_png():
    out = {"output_type": "display_data", "metadata": {"needs_background": "light"},
           "data": {"image/png": png_b64(), "text/plain": [f"<Figure size {pick(['640x480', '1200x400', '800x300'])} with 1 Axes>"]}}
    return "cell output from the churn notebook, the image is just the sparkline:\n" + fence(json.dumps(out, indent=1), "json")


@neg("data_uri_base64")
def d_email_img():
    return ("HTML of the scheduled Looker email, chart inlined:\n"
            + fence(f'<table><tr><td><b>{pick(["Daily revenue", "Orders by hour", "Late shipments"])}</b></td></tr>\n'
                    f'<tr><td><img alt="chart" width="{R.randint(300, 600)}" src="data:image/png;base64,{png_b64()}"/></td></tr></table>', "html"))


@neg("data_uri_base64")
def d_font_face():
    return fence(f"""/* superset custom theme */
@font-face {{
  font-family: "DashSans";
  src: url(data:font/woff2;base64,{woff2_b64()}) format("woff2");
  font-display: swap;
}}
.dashboard-header {{ font-family: "DashSans", sans-serif; }}""", "css")


@neg("data_uri_base64")
def d_kafka_rest():
    recs = [{"topic": pick(TOPICS), "key": None, "value": avro_record_b64(R.randint(100, 90000)), "partition": R.randint(0, 23), "offset": R.randint(10**5, 10**9)}
            for _ in range(R.randint(1, 4))]
    return "REST proxy gives the raw Confluent-framed Avro, base64'd:\n" + fence(json.dumps(recs, indent=2), "json")


@neg("data_uri_base64")
def d_mime_attachment():
    csv_body = "report_date,orders,revenue\n" + "\n".join(f"{day()},{R.randint(100, 90000)},{R.uniform(1000, 900000):.2f}" for _ in range(R.randint(2, 6))) + "\n"
    enc = "\n".join(wrap(base64.b64encode(csv_body.encode()).decode(), 76))
    b = "===============" + str(R.randint(10**15, 10**16 - 1)) + "=="
    return fence(f"""Content-Type: multipart/mixed; boundary="{b}"
MIME-Version: 1.0
Subject: [airflow] {pick(DAGS)} daily summary

--{b}
Content-Type: text/csv; name="summary_{day()}.csv"
Content-Transfer-Encoding: base64
Content-Disposition: attachment; filename="summary_{day()}.csv"

{enc}
--{b}--""")


@neg("data_uri_base64")
def d_streamlit_svg():
    return fence(f'st.markdown(\'<img src="data:image/svg+xml;base64,{svg_b64()}" height="20"/>\', unsafe_allow_html=True)', "python")


@neg("data_uri_base64")
def d_grafana_gif():
    return fence(json.dumps({"type": "text", "title": "Pipeline status", "options": {"mode": "html",
                 "content": f'<img src="data:image/gif;base64,{gif_b64()}" width="1" height="1"> last run OK'}}, indent=2), "json")


@neg("data_uri_base64")
def d_dbt_docs_logo():
    return "overview.md for dbt docs:\n" + fence(f"{{% docs __overview__ %}}\n![team logo](data:image/png;base64,{png_b64()})\n\n# Analytics warehouse\nModels are documented per layer.\n{{% enddocs %}}", "markdown")


@neg("data_uri_base64")
def d_pubsub_push():
    payload = base64.b64encode(json.dumps({"event": pick(["page_view", "add_to_cart", "checkout_started"]), "ts": epoch_ms(),
                                           "session_id": hx(16)}).encode()).decode()
    return fence(json.dumps({"message": {"data": payload, "messageId": str(R.randint(10**15, 10**16)), "publishTime": iso()},
                             "subscription": f"projects/acme-dwh-prod/subscriptions/{pick(TOPICS).replace('.', '-')}-push"}, indent=2), "json")


@neg("data_uri_base64")
def d_kinesis():
    recs = [{"SequenceNumber": str(R.randint(10**55, 10**56)), "ApproximateArrivalTimestamp": round(epoch() + R.random(), 3),
             "Data": base64.b64encode(json.dumps({"sku": "SKU-" + an(6, UPDIG), "warehouse": pick(["FRA1", "WAW2"]), "delta": R.randint(-50, 50)}).encode()).decode(),
             "PartitionKey": hx(8)} for _ in range(R.randint(1, 3))]
    return "$ aws kinesis get-records --shard-iterator ... | jq .Records\n" + fence(json.dumps(recs, indent=2), "json")


@neg("data_uri_base64")
def d_parquet_fixture():
    blob = base64.b64encode(b"PAR1" + rbytes(R.randint(60, 160)) + struct.pack("<I", R.randint(40, 90)) + b"PAR1").decode()
    return fence(f'# tests/fixtures.py\nTINY_PARQUET = base64.b64decode(\n    "{blob}"\n)\n\ndef test_reader_handles_empty_row_group():\n    assert read_table(io.BytesIO(TINY_PARQUET)).num_rows == 0', "python")


@neg("data_uri_base64")
def d_avro_ocf():
    blob = base64.b64encode(b"Obj\x01" + rbytes(R.randint(80, 200))).decode()
    return "avro container header from the broken file (base64):\n" + fence(blob)


@neg("data_uri_base64")
def d_gzip_xcom():
    payload = json.dumps({"partitions": [day() for _ in range(R.randint(3, 12))], "status": "ready"}).encode()
    return f"XCom value is gzipped+base64 because of the size limit: `{gzip_b64(payload)}`"


@neg("data_uri_base64")
def d_pdf_attachment():
    return fence(json.dumps({"filename": f"weekly_kpis_{day()}.pdf", "mimetype": "application/pdf",
                             "content": "data:application/pdf;base64," + pdf_b64()}, indent=2), "json")


@neg("data_uri_base64")
def d_superset_icon():
    ico = base64.b64encode(b"\x00\x00\x01\x00\x01\x00\x10\x10\x00\x00\x01\x00\x20\x00" + rbytes(R.randint(40, 90))).decode()
    return fence(f'# superset_config.py\nAPP_NAME = "Acme Analytics"\nFAVICONS = [{{"href": "data:image/x-icon;base64,{ico}"}}]', "python")


@neg("data_uri_base64")
def d_svg_percent():
    svg = svg_chart().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    return fence(f".kpi-up {{ background-image: url(\"data:image/svg+xml;charset=utf8,{svg}\"); }}", "css")


@neg("data_uri_base64")
def d_sourcemap():
    sm = base64.b64encode(json.dumps({"version": 3, "sources": ["src/viz/heatmap.ts"], "names": [], "mappings": "AAAA," + an(40, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/;,")}).encode()).decode()
    return "custom Looker viz bundle still ships the inline map:\n" + fence(f"looker.plugins.visualizations.add({{id:'heatmap',create:function(e){{}}}});\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,{sm}", "js")


@neg("data_uri_base64")
def d_bq_bytes():
    rows = [f"| {R.randint(10**6, 10**9)} | {b64(16)} | {b64(32)} |" for _ in range(R.randint(2, 7))]
    return "SELECT id, TO_BASE64(md5_fp), TO_BASE64(sha256_fp) FROM dedup.fingerprints LIMIT 5;\n" + fence("| id | md5_b64 | sha256_b64 |\n" + "\n".join(rows))


@neg("data_uri_base64")
def d_markdown_webp():
    webp = base64.b64encode(b"RIFF" + struct.pack("<I", 60) + b"WEBPVP8L" + rbytes(R.randint(30, 80))).decode()
    return f"README badge for the data catalog page: ![freshness](data:image/webp;base64,{webp})"


@neg("data_uri_base64")
def d_truncated_uri():
    u = png_b64()
    cut = R.randint(40, 120)
    return pick([f"the Metabase export has a 2 MB `data:image/png;base64,{u[:cut]}…` blob in every row, no wonder the CSV is huge",
                 f"CSP violation: refused to load 'data:image/png;base64,{u[:cut]}...' [{len(u) - cut} more chars]",
                 f"Die Spalte `thumbnail` enthält `data:image/png;base64,{u[:cut]}...` – bitte nicht ins DWH laden"])


@neg("data_uri_base64")
def d_protobuf_b64():
    msg = b"\x08" + zigzag(R.randint(1, 10**6))[:3] + b"\x12\x06" + an(6, UPDIG).encode() + b"\x1a\x0b" + day().encode()[:11] + rbytes(R.randint(8, 30))
    return f"dead-letter record from the proto topic, value (base64): `{base64.b64encode(msg).decode()}` — schema id {R.randint(100, 5000)}, reason: `UNKNOWN_FIELD`"


# ---------------------------------------------------------------- placeholder_example
@neg("placeholder_example")
def ph_profiles():
    return "profiles.yml template for new joiners:\n" + fence("""analytics:
  target: dev
  outputs:
    dev:
      type: snowflake
      account: "{{ env_var('SNOWFLAKE_ACCOUNT') }}"
      user: "{{ env_var('SNOWFLAKE_USER') }}"
      password: "{{ env_var('DBT_ENV_SECRET_SNOWFLAKE_PASSWORD') }}"
      role: TRANSFORMER
      warehouse: %s
      database: ANALYTICS_DEV
      schema: dbt_<your_initials>
      threads: %d""" % (pick(WAREHOUSES), R.randint(4, 16)), "yaml")


@neg("placeholder_example")
def ph_airflow_conn_uri():
    return pick([
        "AIRFLOW_CONN_SNOWFLAKE_DEFAULT='snowflake://<login>:<password>@/<schema>?account=<account>&warehouse=" + pick(WAREHOUSES) + "&role=LOADER'",
        "export AIRFLOW_CONN_WAREHOUSE_PG='postgresql://${PG_USER}:${PG_PASSWORD}@${PG_HOST}:5432/analytics'",
        "AIRFLOW_CONN_REDSHIFT_DEFAULT=redshift://<user>:<password>@<cluster>.<region>.redshift.amazonaws.com:5439/dev",
        "AIRFLOW__CELERY__BROKER_URL=redis://:${REDIS_PASSWORD}@redis:6379/0"])


@neg("placeholder_example")
def ph_env_example():
    lines = ["# .env.example — copy to .env, never commit the real one",
             "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-...", "SLACK_BOT_TOKEN=xoxb-your-bot-token",
             "SNOWFLAKE_PASSWORD=", "AWS_ACCESS_KEY_ID=AKIA................", "AWS_SECRET_ACCESS_KEY=<secret>",
             "GITHUB_TOKEN=ghp_<your-token>", "FIVETRAN_API_SECRET=changeme", "DBT_CLOUD_SERVICE_TOKEN=dbtc_<token>",
             "LOOKER_CLIENT_SECRET=********", "DATABRICKS_TOKEN=dapi" + "x" * 32]
    keep = [lines[0]] + R.sample(lines[1:], R.randint(4, len(lines) - 1))
    return fence("\n".join(keep), "dotenv")


@neg("placeholder_example")
def ph_databricks_secret():
    return pick([
        fence('pw = dbutils.secrets.get(scope="etl", key="snowflake-loader-password")\nprint(pw)\n# Out: [REDACTED]', "python"),
        "cluster conf: `spark.hadoop.fs.azure.account.key.acmelake.dfs.core.windows.net {{secrets/lake/storage-key}}` — the value is resolved at start, the UI shows `[REDACTED]`",
        fence("spark.snowflake.sfPassword {{secrets/etl/sf_password}}\nspark.snowflake.sfUser {{secrets/etl/sf_user}}")])


@neg("placeholder_example")
def ph_airflow_masked_log():
    return fence(f"""[{iso(z=False).replace('T', ' ')}] {{base.py:84}} INFO - Using connection ID 'snowflake_default' for task execution.
[{iso(z=False).replace('T', ' ')}] {{connection.py:399}} INFO - Snowflake Connector for Python Version: 3.12.1
[{iso(z=False).replace('T', ' ')}] {{subprocess.py:93}} INFO - Running: snowsql -a ***  -u *** -p *** -f /opt/airflow/sql/{pick(MODELS)}.sql
[{iso(z=False).replace('T', ' ')}] {{subprocess.py:93}} INFO - env SNOWFLAKE_PASSWORD=***""")


@neg("placeholder_example")
def ph_masked_query():
    rows = [f"| {R.randint(10**6, 10**8)} | ***MASKED*** | {pick(['**** **** **** ', 'XXXX-XXXX-XXXX-', '•••• '])}{R.randint(1000, 9999)} | XXX-XX-{R.randint(1000, 9999)} | {pick(['DE', 'FR', 'NL'])}** **** **** **** **{R.randint(10, 99)} {R.randint(10, 99)} |"
            for _ in range(R.randint(2, 8))]
    return "what ANALYST role sees through the masking policy:\n" + fence("| CUSTOMER_KEY | EMAIL | CARD | SSN | IBAN |\n" + "\n".join(rows))


@neg("placeholder_example")
def ph_aws_doc_keys():
    return pick([
        fence("spark.hadoop.fs.s3a.access.key AKIAIOSFODNN7EXAMPLE\nspark.hadoop.fs.s3a.secret.key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n# ^ the example values from the AWS docs, replace via instance profile"),
        "the Redshift COPY docs use `CREDENTIALS 'aws_access_key_id=AKIAIOSFODNN7EXAMPLE;aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'` — we use IAM_ROLE instead",
        fence("[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-central-1", "ini")])


@neg("placeholder_example")
def ph_terraform():
    return fence(f"""resource "snowflake_user" "dbt_svc" {{
  name              = "DBT_SVC"
  default_warehouse = "{pick(WAREHOUSES)}"
  rsa_public_key    = var.dbt_svc_public_key
  password          = data.aws_secretsmanager_secret_version.dbt_svc.secret_string
}}

variable "dbt_svc_public_key" {{
  type      = string
  sensitive = true
  default   = "<paste MII... public key body here>"
}}""", "hcl")


@neg("placeholder_example")
def ph_kafka_jaas():
    return fence("""security.protocol=SASL_SSL
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${file:/opt/secrets/connect.properties:sasl_user}" password="${file:/opt/secrets/connect.properties:sasl_password}";
config.providers=file
config.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider""", "properties")


@neg("placeholder_example")
def ph_gcp_sa_template():
    return "service account JSON template in the runbook (fill from Secret Manager, don't paste here):\n" + fence(json.dumps({
        "type": "service_account", "project_id": "<project-id>", "private_key_id": "<key-id>",
        "private_key": "-----BEGIN PRIVATE KEY-----\n<REPLACE_ME>\n-----END PRIVATE KEY-----\n",
        "client_email": "<sa-name>@<project-id>.iam.gserviceaccount.com", "client_id": "<numeric-id>",
        "token_uri": "https://oauth2.googleapis.com/token"}, indent=2), "json")


@neg("placeholder_example")
def ph_helm_values():
    return fence(f"""# values.yaml (apache-airflow chart)
webserverSecretKey: ~
fernetKey: ""
data:
  metadataConnection:
    user: airflow
    pass: "CHANGEME"
    host: airflow-pg.{pick(['data', 'airflow'])}.svc.cluster.local
    db: airflow
extraSecrets:
  '{{{{ .Release.Name }}}}-snowflake':
    stringData: |
      AIRFLOW_CONN_SNOWFLAKE_DEFAULT: '{{{{ .Values.snowflakeConnUri }}}}'""", "yaml")


@neg("placeholder_example")
def ph_ge_config_vars():
    return fence("""# great_expectations/uncommitted/config_variables.yml
my_postgres_db_yaml_creds:
  drivername: postgresql
  host: ${PG_HOST}
  port: 5432
  username: ${PG_USER}
  password: ${PG_PASSWORD}
  database: analytics""", "yaml")


@neg("placeholder_example")
def ph_create_user_doc():
    return pick([
        fence("CREATE USER etl_loader PASSWORD = '<strong-password>' DEFAULT_ROLE = LOADER MUST_CHANGE_PASSWORD = TRUE;", "sql"),
        fence("ALTER USER looker_svc SET PASSWORD = '********';  -- real value lives in the vault", "sql"),
        "Redshift: `CREATE USER bi_reader PASSWORD 'md5<hash-of-password-and-username>';` — generate the md5 locally, never paste the plain one"])


@neg("placeholder_example")
def ph_api_headers():
    return pick([
        fence("curl -s -H \"Authorization: Token <DBT_CLOUD_SERVICE_TOKEN>\" https://cloud.getdbt.com/api/v2/accounts/<account_id>/runs/", "bash"),
        fence("curl -H 'Authorization: Bearer <JWT>' https://superset.internal/api/v1/dashboard/" + str(R.randint(1, 300)), "bash"),
        fence("curl -u \"$FIVETRAN_API_KEY:$FIVETRAN_API_SECRET\" https://api.fivetran.com/v1/connectors/<connector_id>/sync -X POST", "bash"),
        "tokens in our logs look like `eyJhbGciOi…` (truncated by the log formatter) so the full JWT never lands in Loki"])


@neg("placeholder_example")
def ph_pem_dots():
    return "in the onboarding doc, the key file should look like:\n" + fence(pick([
        "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n...\n-----END PRIVATE KEY-----",
        "-----BEGIN ENCRYPTED PRIVATE KEY-----\n<base64 body, ~30 lines>\n-----END ENCRYPTED PRIVATE KEY-----",
        "-----BEGIN OPENSSH PRIVATE KEY-----\n…\n-----END OPENSSH PRIVATE KEY-----"]))


@neg("placeholder_example")
def ph_slack_webhook_doc():
    return pick([
        "alerting webhook format (Slack's own example): `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`",
        fence("slack_conn = Connection(conn_id='slack_alerts', conn_type='slackwebhook', password='<webhook-token>')", "python"),
        "SlackAPIPostOperator needs `slack_conn_id`, the token goes into the connection as `xoxb-…`, not into the DAG"])


@neg("placeholder_example")
def ph_iban_placeholder():
    return pick([
        "payout export spec: iban column format `DEkk bbbb bbbb cccc cccc cc` (22 chars), masked in QA as `DE** **** **** **** **** **`",
        "seeds/test_vendors.csv uses `XX00 TEST 0000 0000` for every IBAN so the GE check `iban_is_tokenized` passes in CI",
        "Im Testdatensatz steht als IBAN überall `DEXX XXXX XXXX XXXX XXXX XX` – das ist Absicht."])


@neg("placeholder_example")
def ph_fake_phone_doc():
    return pick([
        "dbt test fixture uses `(555) 010-0000` style numbers (reserved fictional range) for stg_crm__contacts",
        "phone format in the data contract: `+<country code> <national number>`, e.g. `+CC NNN NNNNNNN`; we store E.164 hashed",
        "telefono di esempio nella documentazione: `+39 XXX XXX XXXX` (solo formato)"])


@neg("placeholder_example")
def ph_default_creds():
    return pick([
        fence("# docker-compose.yaml from the Airflow quickstart\nAIRFLOW__DATABASE__SQL_ALCHEMY_CONN: postgresql+psycopg2://airflow:airflow@postgres/airflow\nAIRFLOW__CELERY__BROKER_URL: redis://:@redis:6379/0\n_AIRFLOW_WWW_USER_USERNAME: ${_AIRFLOW_WWW_USER_USERNAME:-airflow}\n_AIRFLOW_WWW_USER_PASSWORD: ${_AIRFLOW_WWW_USER_PASSWORD:-airflow}", "yaml"),
        "local superset: `docker compose up`, login admin/admin, then change it — that's the default from the docs",
        "RabbitMQ in the local stack is `amqp://guest:guest@localhost:5672//`, only reachable from the container network"])


@neg("placeholder_example")
def ph_jinja_vars():
    return fence(f"""{{{{ config(materialized='incremental', unique_key='event_id') }}}}
-- api key comes from a var, default is a dummy
{{% set api_key = var('geo_api_key', 'DUMMY-KEY-FOR-CI') %}}
select *, {{{{ geocode('ip_prefix', api_key) }}}} as geo
from {{{{ ref('{pick(MODELS)}') }}}}""", "sql")


@neg("placeholder_example")
def ph_masked_token_log():
    return pick([f"{iso()} INFO auth: token=sk-****{an(4, ALNUM)} scopes=[models:read] (key id {hx(8)})",
                 f"{iso()} DEBUG slack_sdk: Sending request to chat.postMessage with token xoxb-***** ",
                 f"{iso()} INFO github: using PAT ghp_****…{an(4, ALNUM)} for git-sync (expires in {R.randint(2, 80)} days)"])


@neg("placeholder_example")
def ph_sops_ref():
    return pick([
        fence("snowflake:\n  password: ref+vault://secret/data/dbt/prod#/snowflake_password\n  private_key_path: /run/secrets/snowflake_key.p8", "yaml"),
        fence("SNOWFLAKE_PASSWORD=op://Data Platform/snowflake-loader/password\nAWS_SECRET_ACCESS_KEY=op://Data Platform/emr-s3/secret", "dotenv"),
        fence('{"Parameters": {"DbPassword": "{{resolve:secretsmanager:prod/redshift/admin:SecretString:password}}"}}', "json")])


@neg("placeholder_example")
def ph_multilang_placeholder():
    return pick([
        "Im Template steht `password: <hier-eintragen>` – bitte lokal ersetzen, nicht committen.",
        "Dans la doc, la clé est notée `API_KEY=VOTRE_CLE_ICI`, ce n'est pas une vraie valeur.",
        "En el README la contraseña es `contraseña: <TU_CONTRASEÑA>`, solo un marcador.",
        "README には `token: <ここにトークン>` とだけ書いてあります。",
        "模板里写的是 `password: <在此填写>`，不是真实密码。",
        "В шаблоне стоит `password: <ВАШ_ПАРОЛЬ>` — это заглушка.",
        "Şablonda `api_key: <ANAHTARINIZ>` yazıyor, gerçek değer değil.",
        "템플릿에는 `password: <비밀번호_입력>` 으로만 되어 있어요."])


# ---------------------------------------------------------------- code_identifier
@neg("code_identifier")
def c_py4j_s3a():
    return fence(f"""Py4JJavaError: An error occurred while calling o{R.randint(40, 900)}.parquet.
: java.nio.file.AccessDeniedException: s3a://{pick(BUCKETS).split('//')[1]}/curated/{pick(MODELS)}: getFileStatus on s3a://{pick(BUCKETS).split('//')[1]}/curated/{pick(MODELS)}: com.amazonaws.services.s3.model.AmazonS3Exception: Forbidden (Service: Amazon S3; Status Code: 403; Error Code: 403 Forbidden; Request ID: {HX(16)}; S3 Extended Request ID: {b64(48)}), S3 Extended Request ID: ...:403 Forbidden
	at org.apache.hadoop.fs.s3a.S3AUtils.translateException(S3AUtils.java:255)
	at org.apache.hadoop.fs.s3a.S3AFileSystem.s3GetFileStatus(S3AFileSystem.java:3796)
	at org.apache.hadoop.fs.s3a.S3AFileSystem.innerGetFileStatus(S3AFileSystem.java:3688)
	at org.apache.hadoop.fs.s3a.auth.AssumedRoleCredentialProvider.resolveCredentials(AssumedRoleCredentialProvider.java:201)
	at org.apache.hadoop.fs.s3a.AWSCredentialProviderList.getCredentials(AWSCredentialProviderList.java:177)
	at org.apache.spark.sql.execution.datasources.DataSource.checkAndGlobPathIfNecessary(DataSource.scala:757)
	at org.apache.spark.sql.DataFrameReader.parquet(DataFrameReader.scala:563)
	at java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)
	at py4j.reflection.MethodInvoker.invoke(MethodInvoker.java:244)
	at py4j.GatewayConnection.run(GatewayConnection.java:238)
	at java.base/java.lang.Thread.run(Thread.java:840)""")


@neg("code_identifier")
def c_aws_chain():
    return fence("""com.amazonaws.SdkClientException: Unable to load AWS credentials from any provider in the chain: [EnvironmentVariableCredentialsProvider: Unable to load AWS credentials from environment variables (AWS_ACCESS_KEY_ID (or AWS_ACCESS_KEY) and AWS_SECRET_KEY (or AWS_SECRET_ACCESS_KEY)), SystemPropertiesCredentialsProvider: Unable to load AWS credentials from Java system properties (aws.accessKeyId and aws.secretKey), WebIdentityTokenCredentialsProvider: You must specify a value for roleArn and roleSessionName, com.amazonaws.auth.profile.ProfileCredentialsProvider@%s: profile file cannot be null, com.amazonaws.auth.EC2ContainerCredentialsProviderWrapper@%s: Failed to connect to service endpoint: ]
	at com.amazonaws.auth.AWSCredentialsProviderChain.getCredentials(AWSCredentialsProviderChain.java:136)
	at org.apache.hadoop.fs.s3a.AWSCredentialProviderList.getCredentials(AWSCredentialProviderList.java:215)""" % (hx(8), hx(8)))


@neg("code_identifier")
def c_snowflake_trace():
    return fence(f"""Traceback (most recent call last):
  File "/opt/airflow/dags/{pick(DAGS)}.py", line {R.randint(20, 300)}, in load_partition
    conn = SnowflakeHook(snowflake_conn_id="snowflake_default").get_conn()
  File "/home/airflow/.local/lib/python3.11/site-packages/airflow/providers/snowflake/hooks/snowflake.py", line 303, in get_conn
    conn = connector.connect(**conn_config)
  File "/home/airflow/.local/lib/python3.11/site-packages/snowflake/connector/connection.py", line 1210, in __open
    self.authenticate_with_retry(self.auth_class)
  File "/home/airflow/.local/lib/python3.11/site-packages/snowflake/connector/auth/keypair.py", line 97, in prepare
    private_key = load_der_private_key(data=self._private_key, password=None, backend=default_backend())
snowflake.connector.errors.DatabaseError: 250001 (08001): Failed to connect to DB: {an(2, 'abcdefghijklmnopqrstuvwxyz')}{R.randint(10000, 99999)}.eu-central-1.snowflakecomputing.com:443. JWT token is invalid. [{uid()}]""", "python")


@neg("code_identifier")
def c_dbt_macro():
    return fence("""{% macro hash_pii(column_name, salt_var='pii_salt') -%}
    sha2(lower(trim({{ column_name }})) || '{{ var(salt_var) }}', 256)
{%- endmacro %}

select
    customer_id,
    {{ hash_pii('email') }}        as email_sha256,
    {{ hash_pii('phone_e164') }}   as phone_sha256,
    right(card_number_token, 4)    as card_last4,
    iban_token,
    password_reset_requested_at
from {{ ref('stg_crm__customers') }}""", "sql")


@neg("code_identifier")
def c_ddl_pii_cols():
    return fence(f"""create table if not exists {pick(['raw', 'staging'])}.customers_pii (
    customer_key        number(38,0) not null,
    email_hash          varchar(64),
    email_domain        varchar(255),
    phone_country_code  varchar(4),
    card_fingerprint    varchar(64),
    card_bin            char(6),
    card_last_four      char(4),
    ssn_encrypted       binary,
    ssn_last4_hash      varchar(64),
    iban_token          varchar(40),
    api_key_last_four   char(4),
    password_hash       varchar(100),   -- bcrypt, never plain
    secret_rotated_at   timestamp_ntz
) cluster by (customer_key);""", "sql")


@neg("code_identifier")
def c_basehook():
    return fence(f"""from airflow.hooks.base import BaseHook
from airflow.models import Variable

def _get_partner_credentials(conn_id: str = "sftp_partner") -> tuple[str, str]:
    conn = BaseHook.get_connection(conn_id)
    private_key_passphrase = conn.extra_dejson.get("private_key_passphrase")
    return conn.login, conn.password or private_key_passphrase

API_TOKEN_VAR = "{pick(['hubspot_private_app_token', 'stripe_restricted_key', 'zendesk_api_token'])}"
token = Variable.get(API_TOKEN_VAR)""", "python")


@neg("code_identifier")
def c_airflow_notfound():
    cid = pick(["sftp_partner_token", "snowflake_private_key", "aws_secret_loader", "slack_bot_token_conn", "github_pat_gitsync"])
    return f"`airflow.exceptions.AirflowNotFoundException: The conn_id `{cid}` isn't defined` — renamed in the secrets backend, the DAG still uses the old id"


@neg("code_identifier")
def c_kafka_sasl():
    return fence(f"""[{iso(z=False).replace('T', ' ')}] ERROR [{pick(['s3-sink-orders', 'jdbc-source-erp'])}|task-0] WorkerSinkTask{{id={pick(['s3-sink-orders', 'jdbc-source-erp'])}-0}} Task threw an uncaught and unrecoverable exception (org.apache.kafka.connect.runtime.WorkerTask:212)
org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed: Invalid username or password
	at org.apache.kafka.common.security.authenticator.SaslClientAuthenticator.handleSaslAuthenticateResponse(SaslClientAuthenticator.java:486)
	at org.apache.kafka.common.security.authenticator.SaslClientAuthenticator.authenticate(SaslClientAuthenticator.java:263)
	at org.apache.kafka.common.network.KafkaChannel.prepare(KafkaChannel.java:181)
	at org.apache.kafka.clients.NetworkClient.poll(NetworkClient.java:594)""")


@neg("code_identifier")
def c_spark_conf_keys():
    keys = ["spark.hadoop.fs.s3a.aws.credentials.provider=com.amazonaws.auth.WebIdentityTokenCredentialsProvider",
            "spark.hadoop.fs.s3a.assumed.role.arn=arn:aws:iam::<account>:role/lake-writer",
            "spark.hadoop.fs.s3a.server-side-encryption-algorithm=SSE-KMS",
            "spark.authenticate=true", "spark.authenticate.secret.file=/etc/spark/secret",
            "spark.ssl.keyStorePassword=${env:KEYSTORE_PASSWORD}", "spark.kerberos.keytab=/etc/security/keytabs/spark.service.keytab",
            "spark.hadoop.hive.metastore.token.signature=HiveMetastoreToken", "spark.databricks.passthrough.enabled=true",
            "spark.sql.catalog.lake.s3.access-key-id=${env:LAKE_KEY_ID}"]
    return "spark-defaults.conf diff:\n" + fence("\n".join(R.sample(keys, R.randint(3, 8))), "properties")


@neg("code_identifier")
def c_hook_class():
    return fence("""class TokenRefreshingSalesforceHook(SalesforceHook):
    \"\"\"Refreshes the OAuth access token before it expires.\"\"\"

    refresh_token_field = "extra__salesforce__refresh_token"

    def _get_access_token_from_refresh_token(self) -> str:
        resp = self._session.post(self.token_url, data={"grant_type": "refresh_token",
                                                          "refresh_token": self._refresh_token,
                                                          "client_secret": self._client_secret})
        resp.raise_for_status()
        return resp.json()["access_token"]""", "python")


@neg("code_identifier")
def c_schema_yml():
    col = pick(["customer_email", "billing_iban", "phone_number", "card_number", "tax_id_ssn"])
    return fence(f"""models:
  - name: stg_crm__customers
    columns:
      - name: {col}
        description: "PII — hashed in staging, raw value only in raw.crm_customers"
        meta:
          contains_pii: true
          masking_policy: mask_{col.split('_')[-1]}
        tests:
          - not_null
          - dbt_expectations.expect_column_values_to_match_regex:
              regex: "^[0-9a-f]{{64}}$"
""", "yaml")


@neg("code_identifier")
def c_masking_policy():
    return fence("""create or replace masking policy governance.mask_ssn as (val string) returns string ->
  case
    when current_role() in ('PII_ADMIN') then val
    when current_role() in ('PII_PARTIAL') then regexp_replace(val, '^[0-9]{3}-[0-9]{2}', '***-**')
    else sha2(val, 256)
  end;
alter table raw.hr_employees modify column ssn set masking policy governance.mask_ssn;
alter table raw.payments modify column card_number set masking policy governance.mask_pan;""", "sql")


@neg("code_identifier")
def c_ge_regex():
    return fence(json.dumps({"expectation_type": "expect_column_values_to_not_match_regex_list",
                             "kwargs": {"column": pick(["free_text_note", "comment", "support_message"]),
                                        "regex_list": ["\\b\\d{3}-\\d{2}-\\d{4}\\b", "\\b(?:\\d[ -]*?){13,19}\\b",
                                                       "[A-Z]{2}\\d{2}[A-Z0-9]{11,30}", "(?i)password\\s*[:=]"], "mostly": 1.0},
                             "meta": {"owner": "data-governance", "reason": "detect leaked PII in free text"}}, indent=2), "json")


@neg("code_identifier")
def c_terraform_addrs():
    addrs = ["aws_secretsmanager_secret.airflow_connections_snowflake_default", "aws_secretsmanager_secret_version.fivetran_api_secret",
             "google_secret_manager_secret_iam_member.dbt_runner_token_accessor", "snowflake_user.dbt_svc_rsa_public_key_rotation",
             "aws_iam_access_key.legacy_emr_s3_writer", "module.airflow.kubernetes_secret.git_sync_github_token",
             "vault_kv_secret_v2.kafka_connect_sasl_password", "aws_kms_key.lake_sse_secret_key"]
    return "plan summary:\n" + fence("\n".join(f"  {pick(['~', '+', '-', '-/+'])} {a}" for a in R.sample(addrs, R.randint(3, 7))) + f"\nPlan: {R.randint(0, 5)} to add, {R.randint(0, 5)} to change, {R.randint(0, 3)} to destroy.")


@neg("code_identifier")
def c_external_secret():
    return fence("""apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
metadata:
  name: airflow-snowflake-private-key
spec:
  secretStoreRef: {name: aws-secrets-manager, kind: ClusterSecretStore}
  target: {name: snowflake-private-key}
  data:
    - secretKey: private_key_p8
      remoteRef: {key: prod/airflow/snowflake, property: private_key}
    - secretKey: private_key_passphrase
      remoteRef: {key: prod/airflow/snowflake, property: passphrase}""", "yaml")


@neg("code_identifier")
def c_pyfuncs():
    return fence("""def tokenize_iban(iban: str, vault: TokenVault) -> str: ...
def mask_credit_card_number(pan_col: Column) -> Column: ...
def normalize_phone_e164(raw_phone: str, default_region: str = "DE") -> str | None: ...
def redact_email_local_part(email_col: Column) -> Column: ...
def is_valid_ssn_layout(value: str) -> bool: ...
def rotate_service_account_key(sa_name: str, *, dry_run: bool = True) -> KeyRotationResult: ...""", "python")


@neg("code_identifier")
def c_scala_udf():
    return fence("""object PiiUdfs {
  val maskCreditCardUdf: UserDefinedFunction = udf((pan: String) => Option(pan).map(p => "*" * (p.length - 4) + p.takeRight(4)).orNull)
  val hashEmailUdf = udf((email: String) => DigestUtils.sha256Hex(email.trim.toLowerCase))
  val PhoneNumberNormalizer = new PhoneNormalizer(defaultRegion = "DE")
}
df.withColumn("card_number_masked", PiiUdfs.maskCreditCardUdf(col("card_number")))""", "scala")


@neg("code_identifier")
def c_avro_schema_fields():
    fields = [{"name": "customer_key", "type": "long"}, {"name": "email_sha256", "type": ["null", "string"], "default": None},
              {"name": "phone_sha256", "type": ["null", "string"], "default": None},
              {"name": "card_fingerprint", "type": ["null", "string"], "default": None},
              {"name": "iban_token", "type": ["null", "string"], "default": None},
              {"name": "password_reset_token_issued_at", "type": ["null", {"type": "long", "logicalType": "timestamp-millis"}], "default": None},
              {"name": "api_token_scopes", "type": {"type": "array", "items": "string"}},
              {"name": "ssn_last4_hash", "type": ["null", "string"], "default": None}]
    chosen = [fields[0]] + R.sample(fields[1:], R.randint(3, len(fields) - 1))
    body = ",\n    ".join(json.dumps(f) for f in chosen)
    return (f"schema `{pick(['crm.customer_changed', 'billing.payment_method_updated', 'auth.user_profile'])}-value` v{R.randint(2, 30)}:\n"
            + fence('{"type": "record", "name": "' + pick(["CustomerChanged", "PaymentMethodUpdated", "UserProfile"]) + '", "namespace": "com.acme.crm.v3", "fields": [\n    ' + body + "\n]}", "json"))


@neg("code_identifier")
def c_pydantic_settings():
    return fence("""class SnowflakeSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SNOWFLAKE_", secrets_dir="/run/secrets")

    account: str
    user: str
    private_key_path: Path
    private_key_passphrase: SecretStr | None = None
    password: SecretStr | None = None
    oauth_refresh_token: SecretStr | None = None""", "python")


@neg("code_identifier")
def c_grep_secrets():
    snippets = ['token = Variable.get("hubspot_token")', 'password=conn.password,', 'aws_secret = hook.get_credentials().secret_key',
                'headers = {"Authorization": f"Bearer {access_token}"}', 'private_key=load_key(Variable.get("sf_key_path")),',
                'client_secret = conn.extra_dejson["client_secret"]', 'SLACK_TOKEN_CONN_ID = "slack_api_default"']
    lines = ["dags/%s.py:%d:    %s" % (pick(DAGS), R.randint(5, 300), pick(snippets)) for _ in range(R.randint(3, 9))]
    return "grep before the audit:\n" + fence("$ grep -rnE 'token|password|secret|private_key' dags/ | head\n" + "\n".join(lines))


@neg("code_identifier")
def c_bq_denied():
    return fence(f"""google.api_core.exceptions.Forbidden: 403 Access Denied: Table acme-dwh-prod:pii_vault.customer_contacts: Permission bigquery.tables.getData denied on table acme-dwh-prod:pii_vault.customer_contacts (or it may not exist).

Location: EU
Job ID: {uid()}""")


@neg("code_identifier")
def c_java_jdbc():
    return fence(f"""net.snowflake.client.jdbc.SnowflakeSQLException: Private key provided is invalid or not supported: rsa_key.p8: PBE parameter set not supported
	at net.snowflake.client.core.SessionUtilKeyPair.extractPrivateKeyFromFile(SessionUtilKeyPair.java:{R.randint(150, 300)})
	at net.snowflake.client.core.SessionUtilKeyPair.<init>(SessionUtilKeyPair.java:{R.randint(80, 140)})
	at net.snowflake.client.core.SessionUtil.prepareJwtToken(SessionUtil.java:{R.randint(1500, 1800)})
	at net.snowflake.client.core.SFSession.open(SFSession.java:{R.randint(600, 800)})
	at net.snowflake.client.jdbc.DefaultSFConnectionHandler.initialize(DefaultSFConnectionHandler.java:{R.randint(100, 130)})""")


@neg("code_identifier")
def c_go_panic():
    return fence(f"""panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x{R.randint(16, 200):x} pc=0x{hx(7)}]

goroutine {R.randint(1, 400)} [running]:
github.com/acme/ingest/internal/secrets.(*TokenCache).RefreshAccessToken(0x0, {{0x{hx(7)}, 0xc000{hx(6)}}})
	/src/internal/secrets/token_cache.go:{R.randint(40, 200)} +0x{hx(2)}
github.com/acme/ingest/internal/sources/stripe.(*Client).fetchChargesPage(0xc000{hx(6)}, {{0x{hx(7)}, 0xc000{hx(6)}}}, {{0xc000{hx(6)}, 0x{R.randint(10, 40):x}}})
	/src/internal/sources/stripe/client.go:{R.randint(40, 300)} +0x{hx(3)}""")


WORDS_SEC = ["Secret", "Token", "Password", "Credential", "ApiKey", "PrivateKey", "Iban", "Card", "Ssn", "Phone", "Email", "Passphrase",
             "AccessKey", "Keystore", "Oauth", "Refresh", "Bearer", "Masking", "Pii", "Vault"]
WORDS_DE = ["Loader", "Extractor", "Sink", "Source", "Partition", "Snapshot", "Manifest", "Schema", "Batch", "Stream", "Merge",
            "Compaction", "Watermark", "Checkpoint", "Writer", "Reader", "Catalog", "Connector", "Provider", "Resolver", "Rotator"]
PKGS = ["com.acme.ingest", "com.acme.lakehouse", "io.acme.connect", "com.acme.dwh.loader", "org.acme.streaming"]


def camel(n):
    ws = [pick(WORDS_SEC if i % 2 == 0 else WORDS_DE) for i in range(n)]
    R.shuffle(ws)
    return "".join(ws)


def lower_camel(n):
    c = camel(n)
    return c[0].lower() + c[1:]


def snake(n):
    return "_".join(re.sub(r"(?<!^)(?=[A-Z])", "_", w).lower() for w in [pick(WORDS_SEC), pick(WORDS_DE)] + [pick(WORDS_SEC + WORDS_DE) for _ in range(n - 2)])


@neg("code_identifier")
def c_random_java_trace():
    pkg = pick(PKGS)
    lines = [f"{iso()} ERROR [{pick(['kafka-listener', 'pool-3-thread', 'spark-executor', 'scheduler'])}-{R.randint(0, 9)}] {pkg}.{pick(['secrets', 'auth', 'sink', 'config'])}.{camel(3)} - {pick(['Unable to resolve credential', 'token refresh failed', 'cannot open keystore', 'masking policy lookup failed'])}",
             f"{pkg}.exception.{camel(2)}Exception: {pick(['credential provider chain exhausted', 'refresh token rejected by issuer', 'keystore password mismatch (see vault path)', 'no masking policy bound'])}"]
    for _ in range(R.randint(5, 34)):
        lines.append(f"\tat {pkg}.{pick(['secrets', 'auth', 'sink', 'config', 'source'])}.{camel(2)}.{lower_camel(2)}({camel(2)}.java:{R.randint(20, 900)})")
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("\n".join(lines))


@neg("code_identifier")
def c_config_keys_random():
    vals = ["true", "false", "/run/secrets/" + snake(2), "${env:" + snake(2).upper() + "}", str(R.randint(60, 86400)), "vault:kv/data/" + snake(2),
            "SSE-KMS", "PT15M", "\"\"", "~"]
    lines = [f"{snake(R.randint(2, 4))}: {pick(vals)}" for _ in range(R.randint(3, 14))]
    return pick(["connector config keys after the refactor:", "new settings block in values.yaml:", "Konfigurationsschlüssel nach dem Refactoring:"]) + "\n" + fence("\n".join(lines), "yaml")


@neg("code_identifier")
def c_airflow_long_log():
    dag, task = pick(DAGS), snake(3)
    lines = []
    for _ in range(R.randint(12, 26)):
        lines.append(f"[{iso(z=False).replace('T', ' ')}] {{{pick(['taskinstance.py', 'standard_task_runner.py', 'base.py', 'logging_mixin.py'])}:{R.randint(80, 2500)}}} {pick(['INFO', 'INFO', 'WARNING'])} - "
                     + pick([f"Executing <Task(PythonOperator): {task}> on {day()}",
                             f"Started process {R.randint(1000, 99999)} to run task",
                             f"Running {lower_camel(3)}() for partition dt={day()}",
                             f"Loaded {R.randint(1, 10**6)} rows into {table()}",
                             f"Resolved conn_id {snake(3)} from secrets backend",
                             f"Calling {pick(PKGS)}.{camel(2)}.{lower_camel(2)}"]))
    lines.append(f"[{iso(z=False).replace('T', ' ')}] {{taskinstance.py:1206}} INFO - Marking task as {pick(['SUCCESS', 'FAILED', 'UP_FOR_RETRY'])}. dag_id={dag}, task_id={task}, execution_date={day().replace('-', '')}T000000")
    return fence("\n".join(lines))


@neg("code_identifier")
def c_sql_pii_columns():
    cols = R.sample(["email_sha256", "phone_e164_hash", "card_bin", "card_last_four", "iban_country", "iban_token", "ssn_last4_hash",
                     "password_changed_at", "api_key_created_at", "token_expires_at", "has_2fa_secret", "oauth_refresh_failed_count",
                     "private_key_fingerprint", "secret_version"], R.randint(3, 7))
    agg = pick(["count(*)", "count(distinct customer_key)", "max(_loaded_at)"])
    return fence(f"select {', '.join(cols[:2])}, {agg} as n\nfrom {table()}\nwhere {cols[-1]} is not null\ngroup by all\norder by n desc\nlimit {R.randint(5, 100)};", "sql")


@neg("placeholder_example")
def ph_random_env_placeholders():
    keys = ["SNOWFLAKE_PASSWORD", "SNOWFLAKE_PRIVATE_KEY_PASSPHRASE", "REDSHIFT_PASSWORD", "BQ_SERVICE_ACCOUNT_JSON", "AWS_SECRET_ACCESS_KEY",
            "FIVETRAN_API_SECRET", "HUBSPOT_PRIVATE_APP_TOKEN", "STRIPE_RESTRICTED_KEY", "DATABRICKS_TOKEN", "LOOKER_CLIENT_SECRET",
            "SLACK_WEBHOOK_URL", "KAFKA_SASL_PASSWORD", "SFTP_PRIVATE_KEY", "DBT_CLOUD_API_TOKEN", "MONTE_CARLO_API_KEY", "SODA_API_KEY_SECRET"]
    styles = [lambda k: f"<{k.lower().replace('_', '-')}>", lambda k: "${" + k + "}", lambda k: "{{ var.value." + k.lower() + " }}",
              lambda k: "'{{ conn.warehouse.password }}'" if "PASSWORD" in k else "{{ var.value." + k.lower() + " }}",
              lambda k: "x" * R.randint(8, 32), lambda k: "*" * R.randint(6, 16), lambda k: "", lambda k: "REPLACE_ME", lambda k: "<redacted>",
              lambda k: "TODO", lambda k: "%" + k + "%", lambda k: "$(" + k + ")", lambda k: "[FILTERED]", lambda k: "dummy-" + k.lower().replace("_", "-")]
    sep = pick(["=", ": ", " = "])
    lines = [f"{k}{sep}{pick(styles)(k)}" for k in R.sample(keys, R.randint(2, 9))]
    head = pick(["# template, real values come from the secrets backend", "# sample config (no real values)", "# Beispielkonfiguration – keine echten Werte",
                 "# 設定サンプル（実際の値は入っていません）", "# exemple de configuration, valeurs factices"])
    return fence(head + "\n" + "\n".join(lines))


# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": ["Reminder: never paste warehouse passwords in this channel, use the vault item for the loader service user.",
           "The Fivetran Salesforce connector failed overnight because the OAuth refresh token expired; someone with admin needs to re-auth it.",
           "Who owns rotation of the Snowflake key pair for the dbt service user? The public key fingerprint changed and the prod jobs are failing.",
           "Legal asked whether raw.crm_contacts still stores plain phone numbers and email addresses. We hash them in staging but raw keeps them 30 days.",
           "PCI reminder: card numbers must never land in the lake, only the processor token and the last four digits.",
           "I rotated the Airflow fernet key and re-encrypted the connections, please restart your local scheduler.",
           "Can we move the S3 access keys for the partner bucket to an IAM role? Long-lived keys on the EMR cluster make security nervous.",
           "The GE suite for payouts checks that the IBAN column is tokenized; it failed because a new source sends the raw value.",
           "Don't put SSNs in the sample CSVs for the onboarding notebook, generate fake rows instead.",
           "If you see an API key in a notebook output, clear the output, tell security, and rotate the key — in that order doesn't matter, just do all three.",
           "Our secret scanner flagged a 16-digit Kafka offset as a card number again, we should add a Luhn check before alerting."],
    "de": ["Bitte keine Passwörter fürs Warehouse hier posten, das Loader-Passwort liegt im Vault.",
           "Der Token für die Salesforce-API ist abgelaufen, deshalb ist der Fivetran-Sync heute Nacht fehlgeschlagen.",
           "Wer kümmert sich um die Rotation der Zugangsschlüssel für den Partner-Bucket?",
           "Laut Datenschutz dürfen Telefonnummern und E-Mail-Adressen nur gehasht in der Staging-Schicht landen.",
           "Die IBAN-Spalte im Finanz-Export muss tokenisiert werden, bevor er an die Buchhaltung geht."],
    "fr": ["Merci de ne pas coller de mots de passe dans le canal, utilisez le coffre-fort.",
           "Le jeton d'accès du connecteur HubSpot a expiré, il faut refaire l'autorisation OAuth.",
           "La DPO demande si les numéros de téléphone sont encore stockés en clair dans la couche brute.",
           "On a fait tourner la clé privée du compte de service dbt hier soir ; la nouvelle empreinte est dans le ticket.",
           "Les numéros de carte ne doivent jamais arriver dans le data lake, seulement le jeton du prestataire."],
    "es": ["Por favor, no compartáis contraseñas del warehouse por aquí; están en el gestor de secretos.",
           "El token de la API de Stripe caducó y el DAG de pagos lleva dos días fallando.",
           "¿Quién rota las claves de acceso de AWS del clúster de EMR? Seguridad quiere pasar a roles IAM.",
           "Cumplimiento pregunta si guardamos números de tarjeta completos; respondí que solo los últimos cuatro dígitos."],
    "pt": ["Não colem senhas do banco no canal, pessoal; usem o cofre de segredos.",
           "A chave da API do parceiro expirou e a ingestão parou às 03h.",
           "O jurídico quer confirmar que CPF e telefone dos clientes ficam só com hash no staging.",
           "Rotacionei a chave privada do usuário de serviço do Snowflake; atualizem o profiles.yml local."],
    "it": ["Non incollate password del data warehouse in chat, usate il vault.",
           "Il token OAuth del connettore è scaduto, serve un admin per riautorizzarlo.",
           "Il DPO chiede se i numeri di telefono sono ancora in chiaro nel layer raw.",
           "Gli IBAN dei fornitori vanno tokenizzati prima dell'export verso la contabilità."],
    "nl": ["Plak alsjeblieft geen wachtwoorden in dit kanaal; die staan in de kluis.",
           "Het API-token van de leverancier is verlopen, daarom faalde de nachtelijke sync.",
           "Wie roteert de toegangssleutels voor de partnerbucket?",
           "Telefoonnummers en e-mailadressen mogen alleen gehasht in staging terechtkomen."],
    "pl": ["Nie wklejajcie haseł do hurtowni na kanał, są w sejfie.",
           "Token do API partnera wygasł i ładowanie stoi od rana.",
           "Kto odpowiada za rotację kluczy dostępowych do bucketu partnera?",
           "Numery kart nie mogą trafiać do jeziora danych, tylko token operatora płatności."],
    "ja": ["チャンネルにDWHのパスワードを貼らないでください。Vaultにあります。",
           "SalesforceコネクタのOAuthトークンが期限切れで、夜間の同期が失敗しました。",
           "パートナー用バケットのアクセスキーのローテーションは誰の担当ですか？",
           "電話番号とメールアドレスはステージング層でハッシュ化してから保存するルールです。",
           "カード番号はデータレイクに入れないこと。決済代行のトークンと下4桁だけです。"],
    "zh": ["请不要在频道里贴数仓密码，统一放在密钥管理里。",
           "合作方 API 的令牌过期了，所以凌晨的同步任务失败。",
           "谁负责轮换 EMR 集群上的 AWS 访问密钥？安全团队希望改用 IAM 角色。",
           "手机号和邮箱在 staging 层必须先做哈希再落库。"],
    "ko": ["채널에 웨어하우스 비밀번호를 붙여넣지 마세요. 볼트에 있습니다.",
           "파트너 API 토큰이 만료되어 새벽 동기화가 실패했습니다.",
           "전화번호와 이메일은 스테이징 단계에서 해시 처리해야 합니다.",
           "카드 번호는 데이터 레이크에 저장하면 안 됩니다. 토큰과 마지막 네 자리만 허용됩니다."],
    "ru": ["Пожалуйста, не вставляйте пароли от хранилища в канал, они лежат в Vault.",
           "Токен API партнёра истёк, поэтому ночная загрузка упала.",
           "Кто отвечает за ротацию ключей доступа к бакету партнёра?",
           "Номера карт не должны попадать в озеро данных — только токен процессора и последние четыре цифры."],
    "tr": ["Lütfen kanala veri ambarı şifrelerini yapıştırmayın, kasada duruyorlar.",
           "Partner API token'ının süresi doldu, gece senkronizasyonu bu yüzden başarısız oldu.",
           "Telefon numaraları ve e-posta adresleri staging katmanında hash'lenmeli.",
           "Kart numaraları veri gölüne asla girmemeli, sadece ödeme sağlayıcısının token'ı."],
    "sv": ["Klistra inte in lösenord till lagret här, de ligger i valvet.",
           "Partnerns API-token har gått ut, därför misslyckades nattens synk.",
           "Vem roterar åtkomstnycklarna för partnerbucketen?",
           "Telefonnummer och e-postadresser får bara hamna hashade i staging."],
}
LAST_LANG = []


def talk_lang():
    lang = pick(LANGS)
    LAST_LANG.append(lang)
    return lang


@neg("talk_about_secrets")
def t_single():
    return pick(TALK[talk_lang()])


@neg("talk_about_secrets")
def t_pair():
    lang = talk_lang()
    a, b = R.sample(TALK[lang], 2)
    return a + pick([" ", "\n"]) + b


@neg("talk_about_secrets")
def t_thread():
    lang = talk_lang()
    msgs = R.sample(TALK[lang], min(len(TALK[lang]), R.randint(2, 4)))
    return "\n".join(f"> {m}" if i == 0 else m for i, m in enumerate(msgs))


@neg("talk_about_secrets")
def t_incident():
    LAST_LANG.append("en")
    what = pick(["a Snowflake service user password", "an OpenAI API key", "a GitHub personal access token", "the Slack bot token of the alerting app",
                 "an AWS access key pair", "a GCP service account key", "a Databricks personal access token"])
    where = pick(["a notebook output committed to the analytics repo", "an Airflow task log", "a dbt debug log uploaded as a CI artifact",
                  "a screenshot in #data-help", "a Looker explore URL"])
    return "\n".join([f"*Incident summary — {pick(['SEC', 'DATA'])}-{R.randint(100, 999)}*",
                      f"• What: {what} was exposed in {where}.",
                      f"• Detected: {iso(ms=False)} by the secret scanner; exposure window about {R.randint(5, 300)} minutes.",
                      "• Action: credential revoked and rotated, new value stored in the vault only, affected DAGs re-run.",
                      "• Customer data: no personal data (emails, phone numbers, card numbers) was involved.",
                      f"• Follow-up: add the pattern to pre-commit, owner {pick(TEAMS)}."])


@neg("talk_about_secrets")
def t_runbook():
    LAST_LANG.append("en")
    steps = ["Revoke the key in the provider console first.", "Create a new key and put it in the vault (path `secret/data/<team>/<service>`).",
             "Update the Airflow connection via the secrets backend, not in the UI.", "Clear task instances that failed with 401/403.",
             "Search the warehouse query history for use of the old credential.", "Post a short note in #data-security with the ticket number.",
             "Never paste the old or the new value anywhere in Slack."]
    k = R.randint(3, 7)
    return "*Runbook: leaked credential*\n" + "\n".join(f"{i + 1}. {s}" for i, s in enumerate(steps[:k]))


@neg("talk_about_secrets")
def t_meeting_notes():
    lang = pick(["en", "de"])
    LAST_LANG.append(lang)
    if lang == "en":
        items = ["move dbt Cloud to key-pair auth, retire the password for DBT_SVC", "audit who can read raw.crm_contacts (emails, phones)",
                 "confirm the finance export only carries tokenized IBANs", "expire personal access tokens older than 90 days on the data repos",
                 "scanner false positives: Kafka offsets and epoch millis flagged as card numbers", "document where the SFTP private key for the partner lives"]
        head = "Security sync notes (data platform):"
    else:
        items = ["Key-Pair-Auth für DBT_SVC einführen, Passwort abschaffen", "Zugriffe auf raw.crm_contacts prüfen (E-Mail, Telefon)",
                 "Finanz-Export nur mit tokenisierten IBANs", "persönliche Zugangstokens älter als 90 Tage ablaufen lassen",
                 "Fehlalarme des Scanners: Offsets als Kartennummern erkannt"]
        head = "Notizen Security-Sync (Datenplattform):"
    return head + "\n" + "\n".join(f"- {x}" for x in R.sample(items, R.randint(2, len(items))))


@neg("talk_about_secrets")
def t_qa():
    LAST_LANG.append("en")
    q, a = pick([
        ("Where do I get the password for the read-only warehouse user?", "You don't: request the ANALYST role in the access portal, it uses SSO."),
        ("Can I share my GitHub token with the contractor so they can clone the dbt repo?", "No, they get their own account in the org; tokens are personal."),
        ("Is it OK to keep customer phone numbers in my dev schema for debugging?", "Only the hashed column; the raw one is masked for your role anyway."),
        ("Does the OpenAI key for the ticket classifier live in Airflow Variables?", "It's in the secrets backend, Variables only hold the secret's name."),
        ("Why does the payouts model fail on the IBAN check?", "The check asserts the column is tokenized; a raw IBAN slipped in from the new bank feed.")])
    return f"*Q:* {q}\n*A:* {a}"


@neg("talk_about_secrets")
def t_regex_discussion():
    LAST_LANG.append("en")
    return pick([
        "the DLP job flags every 9-digit number with dashes as an SSN — half our SKU codes trip it. Can we require the area/group/serial rules before alerting?",
        "proposal: scanner only alerts on 13–19 digit runs that pass Luhn, otherwise order ids and Iceberg snapshot ids keep paging us",
        "should the PII detector treat `user:pass@` in a JDBC URL as a credential even when it's a placeholder like `<password>`? I'd say no",
        "for emails in free-text columns we now run the regex in staging and replace matches with a hash; the raw table keeps them for 30 days"])


@neg("talk_about_secrets")
def t_mixed_lang_thread():
    l1, l2 = R.sample(LANGS, 2)
    LAST_LANG.extend([l1, l2])
    return f"{pick(TALK[l1])}\n↳ {pick(TALK[l2])}"


# ======================================================================================
# POSITIVES
# ======================================================================================
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]

LEAD_POS = {
    "en": ["here's the config for the backfill, don't share:", "found this in the task log:", "prod creds for the loader (will rotate after):",
           "why does this still fail?", "pasting what the notebook printed:", "can someone check this?"],
    "de": ["Hier die Konfiguration für den Backfill:", "Das steht im Task-Log:", "Warum schlägt das fehl?"],
    "fr": ["Voici la config du connecteur :", "Trouvé dans le log de la tâche :", "Pourquoi ça échoue encore ?"],
    "es": ["Te paso la config del loader:", "Esto salió en el log de la tarea:", "¿Por qué sigue fallando?"],
    "pt": ["Segue a config do conector:", "Apareceu no log da task:", "Por que ainda falha?"],
    "it": ["Ecco la configurazione:", "Trovato nel log del task:", "Perché fallisce ancora?"],
    "nl": ["Hier is de config van de loader:", "Dit stond in de task-log:", "Waarom faalt dit nog?"],
    "pl": ["Tu jest konfiguracja konektora:", "To jest w logu zadania:", "Czemu to dalej nie działa?"],
    "ja": ["ローダーの設定です：", "タスクログにこれが出ていました：", "なぜまだ失敗するのでしょう？"],
    "zh": ["这是导数任务的配置：", "任务日志里有这个：", "为什么还是失败？"],
    "ko": ["로더 설정 공유합니다:", "태스크 로그에 이게 찍혀 있어요:", "왜 아직도 실패할까요?"],
    "ru": ["Вот конфиг загрузчика:", "Нашёл в логе задачи:", "Почему всё ещё падает?"],
    "tr": ["Yükleyici yapılandırması burada:", "Görev logunda bu vardı:", "Neden hâlâ başarısız oluyor?"],
    "sv": ["Här är konfigen för laddaren:", "Det här stod i task-loggen:", "Varför failar det fortfarande?"],
}
FILLER_CFG = ["SNOWFLAKE_ACCOUNT=xy12345.eu-central-1", "DBT_TARGET=prod", "AIRFLOW__CORE__PARALLELISM=32", "AWS_DEFAULT_REGION=eu-central-1",
              "SNOWFLAKE_WAREHOUSE=LOADING_WH", "LOG_LEVEL=INFO", "S3_BUCKET=acme-raw-landing-eu", "KAFKA_BOOTSTRAP=kafka-0.kafka:9092",
              "GCP_PROJECT=acme-dwh-prod", "DBT_PROFILES_DIR=/opt/dbt", "BATCH_SIZE=50000"]


def plead(lang):
    return pick(LEAD_POS[lang])


def chat_line(lang, kind, v):
    """A sentence in `lang` that contains the value v."""
    T = {
        "credit_card": {"en": "raw.payments_events has a full PAN in the payload: {v} — who wired the new PSP webhook?",
                        "de": "In raw.payments_events steht eine komplette Kartennummer: {v}. Wer hat den neuen PSP-Webhook angebunden?",
                        "fr": "Un numéro de carte complet traîne dans raw.payments_events : {v}. Qui a branché le nouveau webhook ?",
                        "ja": "raw.payments_events にカード番号がそのまま入っています: {v} 誰が新しいWebhookを繋ぎましたか？",
                        "es": "En raw.payments_events aparece un número de tarjeta completo: {v}. ¿Quién conectó el webhook nuevo?"},
        "email_address": {"en": "customer {v} asked for GDPR deletion, can someone run the purge macro for their customer_key?",
                          "de": "Löschanfrage nach DSGVO von {v} – kann jemand das Purge-Makro laufen lassen?",
                          "nl": "Verwijderverzoek (AVG) van {v}, kan iemand de purge-macro draaien?",
                          "pt": "O cliente {v} pediu exclusão pela LGPD, alguém roda a macro de purge?",
                          "zh": "客户 {v} 申请删除数据，谁能跑一下 purge 宏？"},
        "iban": {"en": "supplier payout bounced, IBAN on file is {v} — can finance double-check?",
                 "de": "Auszahlung an den Lieferanten kam zurück, hinterlegte IBAN ist {v}.",
                 "it": "Il bonifico al fornitore è tornato indietro, l'IBAN in anagrafica è {v}.",
                 "fr": "Le virement fournisseur est revenu, l'IBAN enregistré est {v}.",
                 "pl": "Przelew do dostawcy wrócił, IBAN w systemie to {v}."},
        "phone_number": {"en": "customer called support from {v} about the duplicate charge — can you find the order?",
                         "es": "El cliente llamó desde el {v} por el cobro duplicado, ¿podéis buscar el pedido?",
                         "ja": "重複請求の件でお客様から {v} に折り返し希望です。注文を探せますか？",
                         "ko": "중복 결제 건으로 고객이 {v} 번호로 연락 달라고 합니다.",
                         "tr": "Müşteri çift çekim için {v} numarasından aradı, siparişi bulabilir misiniz?"},
        "us_ssn": {"en": "raw.applicants.notes has an SSN in free text ({v}) — the regex in staging missed it",
                   "ru": "В raw.applicants.notes в свободном тексте есть SSN ({v}), регулярка в staging его пропустила.",
                   "de": "In raw.applicants.notes steht eine SSN im Freitext ({v}), die Regex hat sie nicht erwischt."},
        "password": {"en": "the password for looker_svc is {v} until we switch it to key-pair",
                     "de": "Das Passwort für looker_svc ist {v}, bis wir auf Key-Pair umstellen.",
                     "sv": "Lösenordet för looker_svc är {v} tills vi byter till nyckelpar.",
                     "pl": "Hasło do looker_svc to {v}, dopóki nie przejdziemy na klucze.",
                     "zh": "looker_svc 的密码是 {v}，等切到密钥对认证再改。"},
        "ipv4_address": {"en": "Fivetran egress IP for our region is {v}, add it to the RDS security group please",
                         "de": "Die Egress-IP von Fivetran ist {v}, bitte in die Security Group aufnehmen.",
                         "ja": "Fivetran の送信元IPは {v} です。セキュリティグループに追加お願いします。",
                         "pt": "O IP de saída do Fivetran é {v}, adicionem no security group do RDS.",
                         "it": "L'IP di uscita di Fivetran è {v}, aggiungetelo al security group."},
    }
    opts = T.get(kind)
    if not opts:
        return None
    lang = lang if lang in opts else pick(list(opts))
    return opts[lang].replace("{v}", v), lang


def pem_block(label, lines):
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----"


def frag(kind, lang):
    """Returns (text, value, form, style, lang). style: cfg (one config line), block (self-contained), chat."""
    if kind == "anthropic_api_key":
        v = v_anthropic()
        f = R.randrange(5)
        if f == 0:
            return f"ANTHROPIC_API_KEY={v}", v, "env", "cfg", lang
        if f == 1:
            return fence(f'client = anthropic.Anthropic(api_key="{v}")  # ticket summarizer in {pick(DAGS)}', "python"), v, "py", "block", lang
        if f == 2:
            return fence(f"airflow variables set anthropic_api_key {v}", "bash"), v, "cli", "block", lang
        if f == 3:
            return fence(f"{iso()} DEBUG enrich_tickets: POST /v1/messages headers={{'x-api-key': '{v}', 'anthropic-version': '2023-06-01'}}"), v, "log", "block", lang
        return fence(json.dumps({"conn_type": "http", "host": "api.anthropic.com", "extra": {"api_key": v}}, indent=2), "json"), v, "conn_json", "block", lang
    if kind == "aws_access_key_id":
        v = v_aws_id()
        f = R.randrange(4)
        if f == 0:
            return f"spark.hadoop.fs.s3a.access.key {v}", v, "spark_conf", "cfg", lang
        if f == 1:
            return f"export AWS_ACCESS_KEY_ID={v}", v, "export", "cfg", lang
        if f == 2:
            return fence(f"{iso()} INFO botocore.credentials: Found credentials in environment variables. access_key_id={v} region=eu-central-1"), v, "log", "block", lang
        return fence(f"CREATE STAGE raw.partner_stage URL='{pick(BUCKETS).replace('s3a', 's3')}/inbound/'\n  CREDENTIALS=(AWS_KEY_ID='{v}' AWS_SECRET_KEY='<see vault>');", "sql"), v, "stage_sql", "block", lang
    if kind == "aws_secret_access_key":
        v = v_aws_secret()
        f = R.randrange(4)
        if f == 0:
            return f"spark.hadoop.fs.s3a.secret.key {v}", v, "spark_conf", "cfg", lang
        if f == 1:
            return f"AWS_SECRET_ACCESS_KEY={v}", v, "env", "cfg", lang
        if f == 2:
            return fence(json.dumps({"connector.class": "io.confluent.connect.s3.S3SinkConnector", "topics": pick(TOPICS),
                                     "s3.bucket.name": pick(BUCKETS).split("//")[1], "aws.secret.access.key": v, "flush.size": "10000"}, indent=2), "json"), v, "connect_json", "block", lang
        return fence(f"services:\n  airflow-worker:\n    environment:\n      AWS_SECRET_ACCESS_KEY: {v}\n      AWS_DEFAULT_REGION: eu-central-1", "yaml"), v, "compose", "block", lang
    if kind == "credit_card":
        v = v_card()
        f = R.randrange(4)
        if f == 0:
            r = chat_line(lang, kind, v)
            return r[0], v, "chat", "chat", r[1]
        if f == 1:
            rows = [f"| {R.randint(10**9, 10**10)} | {'**** **** **** ' + str(R.randint(1000, 9999))} | {R.uniform(5, 900):.2f} |" for _ in range(R.randint(1, 4))]
            rows.insert(R.randrange(len(rows) + 1), f"| {R.randint(10**9, 10**10)} | {v} | {R.uniform(5, 900):.2f} |")
            return fence("| ORDER_ID | CARD_NUMBER | AMOUNT |\n" + "\n".join(rows)), v, "query_row", "block", lang
        if f == 2:
            return fence(json.dumps({"expectation": "expect_column_values_to_match_regex", "column": "card_token", "success": False,
                                     "result": {"unexpected_count": 1, "partial_unexpected_list": [v]}}, indent=2), "json"), v, "ge_result", "block", lang
        return fence(json.dumps({"event": "charge.succeeded", "amount": R.randint(100, 90000), "card": {"number": v, "exp": f"{R.randint(1, 12):02d}/{R.randint(26, 31)}"}}), "json"), v, "event_json", "block", lang
    if kind == "email_address":
        v = v_email()
        f = R.randrange(5)
        if f == 0:
            r = chat_line(lang, kind, v)
            return r[0], v, "chat", "chat", r[1]
        if f == 1:
            return fence(f"models:\n  - name: {pick(MODELS)}\n    meta:\n      owner: \"{v}\"\n      tier: 1", "yaml"), v, "dbt_meta", "block", lang
        if f == 2:
            return fence(f"default_args = {{\n    'owner': 'data-eng',\n    'email': ['{v}'],\n    'email_on_failure': True,\n    'retries': 2,\n}}", "python"), v, "dag_args", "block", lang
        if f == 3:
            return fence(f"{iso()} WARNING sla_miss_callback: SLA missed for {pick(DAGS)}.{pick(TASKS)}, notification sent to {v}"), v, "log", "block", lang
        return fence(json.dumps({"type": "identify", "userId": str(R.randint(10**6, 10**8)), "traits": {"email": v, "plan": pick(["pro", "free"])}}), "json"), v, "segment_json", "block", lang
    if kind in ("github_classic_pat", "github_fine_grained_pat"):
        v = v_ghp() if kind == "github_classic_pat" else v_ghfg()
        f = R.randrange(4)
        if f == 0:
            return f"GITSYNC_PASSWORD={v}", v, "gitsync_env", "cfg", lang
        if f == 1:
            return f"export GITHUB_TOKEN={v}", v, "export", "cfg", lang
        if f == 2:
            return fence(f"{iso()} I git-sync: \"msg\"=\"running git\" \"cmd\"=\"git -c credential.helper= fetch origin main\" \"password\"=\"{v}\""), v, "log", "block", lang
        return fence(f"- name: dbt deps\n  env:\n    DBT_ENV_SECRET_GIT_TOKEN: {v}\n  run: dbt deps", "yaml"), v, "ci_yaml", "block", lang
    if kind == "iban":
        v = v_iban()
        f = R.randrange(4)
        if f == 0:
            r = chat_line(lang, kind, v)
            return r[0], v, "chat", "chat", r[1]
        if f == 1:
            return fence(f"vendor_id,vendor_name,iban,currency\n{R.randint(1000, 9999)},Northwind Freight GmbH,{v},EUR"), v, "seed_csv", "block", lang
        if f == 2:
            return fence(f"| PAYOUT_ID | VENDOR_ID | IBAN | AMOUNT |\n| {R.randint(10**5, 10**7)} | {R.randint(1000, 9999)} | {v} | {R.uniform(100, 90000):.2f} |"), v, "query_row", "block", lang
        return fence(json.dumps({"supplier": {"id": R.randint(1000, 99999), "bank_account": {"iban": v, "currency": "EUR"}}}), "json"), v, "erp_json", "block", lang
    if kind == "ipv4_address":
        v = v_ip()
        f = R.randrange(4)
        if f == 0:
            r = chat_line(lang, kind, v)
            return r[0], v, "chat", "chat", r[1]
        if f == 1:
            return fence(f"CREATE NETWORK POLICY fivetran_only ALLOWED_IP_LIST = ('{v}');", "sql"), v, "network_policy", "block", lang
        if f == 2:
            return fence(f"{iso(z=False).replace('T', ' ')} UTC [{R.randint(1000, 99999)}] LOG:  connection received: host={v} port={R.randint(30000, 65000)}"), v, "pg_log", "block", lang
        return f"advertised.listeners=SASL_SSL://{v}:9094", v, "kafka_conf", "cfg", lang
    if kind == "jwt":
        v = jwt_token()
        f = R.randrange(4)
        if f == 0:
            return fence(f"curl -s -H 'Authorization: Bearer {v}' https://trino.internal:8443/v1/statement -d 'select 1'", "bash"), v, "curl", "block", lang
        if f == 1:
            return f"embed link from the dashboard: https://metabase.internal/embed/dashboard/{v}#bordered=true&titled=false", v, "embed_url", "chat", lang
        if f == 2:
            return fence(f"{iso()} DEBUG snowflake.connector.auth.keypair: generated JWT {v}"), v, "log", "block", lang
        return f"SUPERSET_GUEST_TOKEN={v}", v, "env", "cfg", lang
    if kind == "openai_api_key":
        v = v_openai()
        f = R.randrange(4)
        if f == 0:
            return f"OPENAI_API_KEY={v}", v, "env", "cfg", lang
        if f == 1:
            return fence(f'client = OpenAI(api_key="{v}")\nresp = client.embeddings.create(model="text-embedding-3-small", input=batch)', "python"), v, "py", "block", lang
        if f == 2:
            cell = R.randint(3, 40)
        return fence(f"In [{cell}]: os.environ['OPENAI_API_KEY']\nOut[{cell}]: '{v}'"), v, "notebook_out", "block", lang
        return fence(f"airflow connections add openai_default --conn-type openai --conn-password '{v}'", "bash"), v, "cli", "block", lang
    if kind == "password":
        v = v_password()
        f = R.randrange(6)
        if f == 0:
            r = chat_line(lang, kind, v)
            return r[0], v, "chat", "chat", r[1]
        if f == 1:
            return fence(f"prod:\n  type: snowflake\n  account: xy12345.eu-central-1\n  user: DBT_SVC\n  password: \"{v}\"\n  role: TRANSFORMER\n  warehouse: {pick(WAREHOUSES)}", "yaml"), v, "profiles_yml", "block", lang
        if f == 2:
            return fence(f"airflow connections add snowflake_default --conn-type snowflake --conn-login LOADER --conn-password '{v}'", "bash"), v, "cli", "block", lang
        if f == 3:
            return fence(f"ALTER USER FIVETRAN_LOADER SET PASSWORD = '{v}';", "sql"), v, "sql", "block", lang
        if f == 4:
            return fence(f"Driver={{Simba Spark ODBC Driver}};Host=dbx.internal;Port=443;UID=etl_reader;PWD={v};SSL=1"), v, "odbc", "block", lang
        return f'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="connect-s3" password="{v}";', v, "jaas", "cfg", lang
    if kind == "phone_number":
        v = v_phone()
        f = R.randrange(3)
        if f == 0:
            r = chat_line(lang, kind, v)
            return r[0], v, "chat", "chat", r[1]
        if f == 1:
            cc = {"+1": "US", "+44": "GB", "+49": "DE", "+33": "FR", "+34": "ES", "+31": "NL", "+48": "PL", "+55": "BR", "(+39)": "IT"}.get(v.split(" ")[0].split("-")[0], "JP")
            return fence(f"| CUSTOMER_KEY | COUNTRY | PHONE | CREATED_AT |\n| {R.randint(10**5, 10**8)} | {cc} | {v} | {iso(ms=False)} |"), v, "query_row", "block", lang
        return fence(json.dumps({"type": "identify", "traits": {"phone": v, "locale": pick(["de-DE", "en-US", "ja-JP"])}}), "json"), v, "segment_json", "block", lang
    if kind == "private_key_pem":
        label, lines = pem_private()
        v = "\n".join(lines)
        blk = pem_block(label, lines)
        f = R.randrange(4)
        if f == 0:
            return fence("$ cat ~/.ssh/snowflake/rsa_key.p8\n" + blk), v, "cat_file", "block", lang
        if f == 1:
            return fence(f'PRIVATE_KEY = """{blk}\n"""\nconn = snowflake.connector.connect(account="xy12345", user="DBT_SVC", private_key=load_pem(PRIVATE_KEY))', "python"), v, "py_string", "block", lang
        if f == 2:
            return fence(f'resource "tls_private_key" "import" {{}}\nlocals {{\n  sftp_key = <<EOT\n{blk}\nEOT\n}}', "hcl"), v, "tf_heredoc", "block", lang
        return fence(blk), v, "plain", "block", lang
    if kind in ("slack_bot_token", "slack_user_token"):
        v = v_slack_bot() if kind == "slack_bot_token" else v_slack_user()
        f = R.randrange(4)
        if f == 0:
            return f"{'SLACK_BOT_TOKEN' if kind == 'slack_bot_token' else 'SLACK_USER_TOKEN'}={v}", v, "env", "cfg", lang
        if f == 1:
            return fence(f"airflow connections add {'slack_api_default' if kind == 'slack_bot_token' else 'slack_export_user'} --conn-type slack --conn-password '{v}'", "bash"), v, "cli", "block", lang
        if f == 2:
            return fence(f'client = WebClient(token="{v}")\nclient.{"chat_postMessage(channel=" + chr(34) + "#data-alerts" + chr(34) + ", text=msg)" if kind == "slack_bot_token" else "conversations_history(channel=cid, limit=1000)"}', "python"), v, "py", "block", lang
        return fence(f"{iso()} DEBUG slack_sdk.web.base_client: Sending a request - url: https://slack.com/api/{'chat.postMessage' if kind == 'slack_bot_token' else 'conversations.history'}, headers: {{'Authorization': 'Bearer {v}'}}"), v, "log", "block", lang
    if kind == "url_credentials":
        pw = an(R.randint(14, 28), ALNUM + "-_.~")
        f = R.randrange(6)
        if f == 0:
            return f"sql_alchemy_conn = postgresql+psycopg2://airflow:{pw}@airflow-db.data.svc:5432/airflow", pw, "airflow_cfg", "cfg", lang
        if f == 1:
            return f"AIRFLOW_CONN_SNOWFLAKE_DEFAULT='snowflake://LOADER:{pw}@/RAW?account=xy12345&warehouse=LOADING_WH'", pw, "conn_uri", "cfg", lang
        if f == 2:
            return f"SQLALCHEMY_DATABASE_URI = 'postgresql://superset:{pw}@superset-db.internal:5432/superset'", pw, "superset", "cfg", lang
        if f == 3:
            return f"AIRFLOW__CELERY__BROKER_URL=redis://:{pw}@redis-master.data.svc:6379/0", pw, "redis", "cfg", lang
        if f == 4:
            return f"MONGO_URI=mongodb+srv://events_reader:{pw}@cluster0.{an(5, string.ascii_lowercase + string.digits)}.mongodb.net/events?retryWrites=true", pw, "mongo", "cfg", lang
        return fence(f"pip install --extra-index-url https://deploy:{pw}@pypi.acme-data.io/simple acme-dbt-utils==0.9.2", "bash"), pw, "pip_index", "block", lang
    if kind == "us_ssn":
        v = v_ssn()
        f = R.randrange(3)
        if f == 0:
            r = chat_line(lang, kind, v)
            return r[0], v, "chat", "chat", r[1]
        if f == 1:
            return fence(f"employee_id,ssn,pay_grade,state\nE{R.randint(10000, 99999)},{v},{pick(['L3', 'L4', 'L5'])},{pick(['CA', 'NY', 'TX', 'WA'])}"), v, "payroll_csv", "block", lang
        return fence(json.dumps({"expectation": "expect_column_values_to_match_regex", "column": "ssn_hash", "success": False,
                                 "result": {"partial_unexpected_list": [v]}}, indent=2), "json"), v, "ge_result", "block", lang
    raise KeyError(kind)


def cfg_block(lines):
    body = []
    for ln in lines:
        if R.random() < 0.6:
            body.append(pick(FILLER_CFG))
        body.append(ln)
    if R.random() < 0.5:
        body.append(pick(FILLER_CFG))
    return fence("\n".join(body))


def aws_pair(lang):
    kid, sec = v_aws_id(), v_aws_secret()
    f = R.randrange(4)
    if f == 0:
        t = fence(f"COPY {table()}\nFROM '{pick(BUCKETS).replace('s3a', 's3')}/curated/{pick(MODELS)}/'\nCREDENTIALS 'aws_access_key_id={kid};aws_secret_access_key={sec}'\nFORMAT AS PARQUET;", "sql")
        form = "redshift_copy"
    elif f == 1:
        t = fence(f"[default]\naws_access_key_id = {kid}\naws_secret_access_key = {sec}\nregion = eu-central-1", "ini")
        form = "aws_credentials_file"
    elif f == 2:
        t = fence(f"spark.hadoop.fs.s3a.access.key {kid}\nspark.hadoop.fs.s3a.secret.key {sec}\nspark.hadoop.fs.s3a.endpoint s3.eu-central-1.amazonaws.com")
        form = "spark_defaults"
    else:
        t = fence(f"CREATE STAGE raw.partner_stage URL='s3://partner-feeds-outbound/'\n  CREDENTIALS=(AWS_KEY_ID='{kid}' AWS_SECRET_KEY='{sec}');", "sql")
        form = "snowflake_stage"
    return plead(lang) + "\n" + t, [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], form


def build_positive(kinds):
    lang = pick(LANGS)
    if kinds == ["aws_access_key_id", "aws_secret_access_key"]:
        text, secrets, form = aws_pair(lang)
        return text, secrets, f"multi:aws_key_pair:{form}"
    parts = [frag(k, lang) for k in kinds]
    secrets = [(k, p[1]) for k, p in zip(kinds, parts)]
    forms = "+".join(p[2] for p in parts)
    if len(parts) == 1:
        t, v, form, style, l2 = parts[0]
        if style == "cfg":
            w = R.randrange(3)
            if w == 0:
                text = plead(lang) + "\n" + cfg_block([t])
            elif w == 1:
                text = plead(lang) + f" `{t}`"
            else:
                text = fence(t)
            return text, secrets, f"{kinds[0]}:{form}:w{w}"
        if style == "chat":
            return (t if R.random() < 0.7 else t + " " + pick(TRAIL_NEG.get(l2, TRAIL_NEG["en"]))), secrets, f"{kinds[0]}:{form}"
        return plead(lang) + "\n" + t, secrets, f"{kinds[0]}:{form}"
    styles = [p[3] for p in parts]
    if all(s == "cfg" for s in styles):
        text = plead(lang) + "\n" + cfg_block([p[0] for p in parts])
    else:
        chunks = []
        for p in parts:
            chunks.append(fence(p[0]) if p[3] == "cfg" else p[0])
        joiner = pick(["\n", "\n\n", "\nand also\n", "\n+ from the same log:\n", "\n↳\n"])
        text = plead(lang) + "\n" + joiner.join(chunks)
    return text, secrets, f"multi:{'+'.join(kinds)}:{forms}"


# ======================================================================================
# assembly
# ======================================================================================
def decorate_negative(text):
    langs = []
    r = R.random()
    if r < 0.20:
        lang = pick(LANGS)
        langs.append(lang)
        lead = pick(LEAD_NEG[lang])
        text = lead + ("\n" if "\n" in text or text.startswith("```") or R.random() < 0.5 else " ") + text
    if R.random() < 0.07:
        lang = pick(LANGS)
        langs.append(lang)
        text = text + ("\n" if text.endswith("```") else " ") + pick(TRAIL_NEG[lang])
    return text, langs


def make_negatives():
    out, seen_core, seen = [], set(), set()
    lang_count = collections.Counter()
    template_use = collections.Counter()
    rejects = collections.Counter()
    reject_examples = {}
    for cat, templates in NEG.items():
        made = 0
        dead = set()
        order = list(templates)
        R.shuffle(order)
        i = 0
        while made < 100:
            live = [t for t in order if t.__name__ not in dead]
            assert live, f"ran out of templates for {cat}"
            t = live[i % len(live)]
            i += 1
            ok = False
            for attempt in range(12):
                del LAST_LANG[:]
                core = t()
                if core in seen_core:
                    continue
                text, langs = decorate_negative(core)
                hits = scan(text)
                if hits:
                    rejects[(t.__name__, hits[0][0])] += 1
                    reject_examples.setdefault((t.__name__, hits[0][0]), hits[0][1])
                    continue
                if text.count("\n") + 1 > 40 or text in seen:
                    continue
                ok = True
                break
            if not ok:
                dead.add(t.__name__)
                continue
            seen_core.add(core)
            seen.add(text)
            made += 1
            template_use[(cat, t.__name__)] += 1
            langs = list(LAST_LANG) + langs
            for l in set(langs):
                lang_count[l] += 1
            out.append({"category": cat, "text": text, "_langs": sorted(set(langs)), "_tpl": t.__name__})
    return out, lang_count, template_use, rejects, reject_examples


def spans(text, value):
    res, start = [], 0
    while True:
        i = text.find(value, start)
        if i < 0:
            return res
        res.append((i, i + len(value)))
        start = i + 1


def check_secret(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        c = v.replace(" ", "")
        assert mod97(c) == 1 and len(c) == IBAN_LEN[c[:2]], v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        assert is_public_ip(v), v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        json.loads(base64.urlsafe_b64decode(h + "=" * (-len(h) % 4)))
        json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(v.replace("\n", ""), validate=True)
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v), v
        assert base62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:]
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}", v), v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d{10,13}-\d{12,14}-[A-Za-z0-9]{24}", v), v
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d{10,13}-\d{10,13}-\d{12,14}-[0-9a-f]{32}", v), v
    elif kind == "email_address":
        assert RX_EMAIL.fullmatch(v), v


def make_positives():
    n_texts, n_pairs = 150, 20
    n_secrets = n_texts + n_pairs
    seq = [KINDS[i % len(KINDS)] for i in range(n_secrets)]
    pair_idx = set(R.sample(range(n_texts), n_pairs))
    out, pos, seen = [], 0, set()
    scanner_missed = []
    for t in range(n_texts):
        k = 2 if t in pair_idx else 1
        kinds = seq[pos:pos + k]
        pos += k
        for attempt in range(200):
            text, secrets, ctx = build_positive(list(kinds))
            if text in seen or text.count("\n") + 1 > 40:
                continue
            labelled = [s for k2, v in secrets for s in spans(text, v)]
            ok = all(spans(text, v) for _, v in secrets)
            # no unlabelled secret-like thing may sneak in
            for hk, hv in scan(text):
                hs = spans(text, hv) or [(text.find(hv.split(":")[-1]), text.find(hv.split(":")[-1]) + 1)]
                if not any(a < d and c < b for a, b in hs for c, d in labelled):
                    ok = False
            if ok:
                break
        else:
            raise AssertionError(f"could not build positive for {kinds}")
        for kk, v in secrets:
            check_secret(kk, v)
            assert v in text
        seen.add(text)
        found = [hv for _, hv in scan(text)]
        for kk, v in secrets:
            if not any(v in f or f in v for f in found):
                scanner_missed.append((f"h{N}p-{t + 1:04d}", kk))
        out.append({"id": f"h{N}p-{t + 1:04d}", "text": text, "secrets": [{"kind": kk, "value": v} for kk, v in secrets], "context": ctx})
    assert pos == n_secrets
    return out, scanner_missed


def main():
    negs, lang_count, template_use, rejects, reject_examples = make_negatives()
    # shuffle negatives so categories interleave, then number them
    R.shuffle(negs)
    neg_records = []
    for i, r in enumerate(negs):
        neg_records.append({"id": f"h{N}n-{i + 1:04d}", "text": r["text"], "category": r["category"]})
    pos_records, scanner_missed = make_positives()

    # final safety net on negatives
    for r in neg_records:
        assert not scan(r["text"]), (r["id"], scan(r["text"]))
    assert len({r["text"] for r in neg_records}) == len(neg_records)

    with open(os.path.join(HERE, f"redaction{N}_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in neg_records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, f"redaction{N}_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos_records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    if "--stats" in sys.argv:
        print("negatives per category:", dict(collections.Counter(r["category"] for r in neg_records)))
        for cat in NEG:
            used = {k[1]: v for k, v in template_use.items() if k[0] == cat}
            lines = [negs[i]["text"].count("\n") + 1 for i in range(len(negs)) if negs[i]["category"] == cat]
            print(f"  {cat}: templates defined {len(NEG[cat])}, used {len(used)}, lines min/max {min(lines)}/{max(lines)}")
        L = [r["text"].count("\n") + 1 for r in neg_records]
        print("neg lines: single", sum(1 for x in L if x == 1), ">=10", sum(1 for x in L if x >= 10), ">=20", sum(1 for x in L if x >= 20), "max", max(L))
        print("neg languages (records with explicit lead/trailer/talk in that language):", dict(sorted(lang_count.items())))
        print("rejects by scanner:", dict(rejects))
        print("reject examples:", reject_examples)
        kc = collections.Counter(s["kind"] for r in pos_records for s in r["secrets"])
        print("positives:", len(pos_records), "secrets:", sum(kc.values()), "two-secret texts:", sum(1 for r in pos_records if len(r["secrets"]) == 2))
        print("kinds:", dict(kc))
        PL = [r["text"].count("\n") + 1 for r in pos_records]
        print("pos lines min/max", min(PL), max(PL))
        print("scanner missed positives:", scanner_missed)


if __name__ == "__main__":
    main()
