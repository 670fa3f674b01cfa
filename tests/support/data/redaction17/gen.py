#!/usr/bin/env python3
"""Blind redaction corpus #17 -- a customer-support / e-commerce operations team's Slack.

Standard library only. Deterministic: everything is drawn from random.Random(1717).
Writes redaction17_negatives.jsonl and redaction17_positives.jsonl next to this file.
"""
import base64
import ipaddress
import json
import os
import random
import re
import string
import struct
import sys
import zlib

R = random.Random(1717)
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------- basics
ALNUM = string.ascii_letters + string.digits
LOWER = string.ascii_lowercase
UP = string.ascii_uppercase
UPD = UP + string.digits
LOD = LOWER + string.digits
HEX = "0123456789abcdef"
B32 = UP + "234567"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ch(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def chance(p):
    return R.random() < p


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hexs(n):
    return rs(HEX, n)


def dg(n, lead="123456789"):
    if n <= 0:
        return ""
    return R.choice(lead) + rs(string.digits, n - 1)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def T(s, **kw):
    """Fill [[name]] slots (avoids clashing with {{ }}, ${ } and % placeholders)."""
    for k, v in kw.items():
        s = s.replace("[[" + k + "]]", str(v))
    assert "[[" not in s, s
    return s


def wrap(s, n):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def uuid4():
    h = list(hexs(32))
    h[12] = "4"
    h[16] = ch("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def uuid7():
    ms = ri(1735689600000, 1767225599000)
    h = f"{ms:012x}" + "7" + hexs(3) + ch("89ab") + hexs(15)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    return ch("01") + rs(CROCK, 25)


def objid():
    return f"{ri(0x65000000, 0x69ffffff):08x}" + hexs(16)


# ----------------------------------------------------------------------------- checksums
def luhn_ok(s):
    tot = 0
    for i, c in enumerate(reversed(s)):
        x = int(c)
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        tot += x
    return tot % 10 == 0


def luhn_complete(body):
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def nonluhn(n, lead="123456789"):
    """An n-digit number that is NOT Luhn-valid when 13 <= n <= 19."""
    while True:
        s = dg(n, lead)
        if not (13 <= n <= 19) or not luhn_ok(s):
            return s


def gs1(body):
    s = 0
    for i, c in enumerate(reversed(body)):
        s += int(c) * (3 if i % 2 == 0 else 1)
    return str((10 - s % 10) % 10)


def gtin(n, prefix=None):
    """GS1 code of n digits with a correct check digit, never Luhn-valid."""
    while True:
        p = prefix if prefix is not None else ch(["40", "41", "42", "43", "50", "54", "57", "76", "80", "84", "87", "90", "93", "45", "49", "590", "73", "64"])
        body = p + rs(string.digits, n - 1 - len(p))
        code = body + gs1(body)
        if not luhn_ok(code):
            return code


def mod97(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r)) % 97


def iban_make(cc, bban):
    chk = 98 - mod97(cc + "00" + bban)
    return f"{cc}{chk:02d}{bban}"


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def is_public_ip(s):
    try:
        a = ipaddress.IPv4Address(s)
    except ValueError:
        return False
    return a.is_global and not a.is_multicast and not a.is_reserved


# ----------------------------------------------------------------------------- scanner
IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
            "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27,
            "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
            "RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26, "AE": 23, "SA": 24, "BR": 29}

RE_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
RE_TOKENS = [
    ("github", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}")),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{20,}")),
    ("slack", re.compile(r"xox[abposer]-\d+-[A-Za-z0-9\-]+")),
    ("slack_cfg", re.compile(r"xoxe\.xox[bp]-\d")),
    ("sk", re.compile(r"sk-[A-Za-z0-9_\-]{20,}")),
    ("stripe", re.compile(r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}")),
    ("whsec", re.compile(r"whsec_[A-Za-z0-9+/]{24,}")),
    ("shopify", re.compile(r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}")),
    ("aws_id", re.compile(r"(?:AKIA|ASIA)[A-Z2-7]{16}")),
    ("google", re.compile(r"AIza[A-Za-z0-9_\-]{35}")),
    ("gitlab", re.compile(r"glpat-[A-Za-z0-9_\-]{20}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}")),
    ("aws_secret_ctx", re.compile(r"(?i)aws.{0,25}secret.{0,25}?[=:\"' ]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])")),
]
RE_PEM = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(.*?)-----END", re.S)
RE_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.]|\.\d)")
RE_SSN = re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])|(?<![\d ])\d{3} \d{2} \d{4}(?![\d ])")
RE_DIGRUN = re.compile(r"\d(?:[ \-]?\d)*")
RE_IBAN = re.compile(r"\b([A-Z]{2})(\d{2})((?:[ ]?[A-Z0-9]){10,32})")
RE_PHONE = re.compile(r"\+\d{1,3}[ \-]?\(?\d{1,4}\)?[ \-]?\d{2,}")


def placeholderish(tok):
    body = tok.split("_", 1)[-1] if "_" in tok[:12] else tok
    if "EXAMPLE" in tok or "xxxx" in tok.lower() or "0000000000" in tok:
        return True
    return len(set(body)) < 8


def scan(text):
    """Findings that must never appear in a negative."""
    out = []
    for m in RE_EMAIL.finditer(text):
        out.append(("email", m.group(0)))
    for name, rx in RE_TOKENS:
        for m in rx.finditer(text):
            tok = m.group(0)
            if name == "aws_secret_ctx":
                tok = m.group(1)
            if name != "jwt" and placeholderish(tok):
                continue
            out.append((name, tok))
    for m in RE_PEM.finditer(text):
        body = m.group(2)
        runs = re.findall(r"[A-Za-z0-9+/=]{40,}", body)
        if runs:
            out.append(("pem_private", runs[0][:20]))
    for m in RE_IPV4.finditer(text):
        ip = m.group(1)
        if all(0 <= int(p) <= 255 for p in ip.split(".")) and is_public_ip(ip):
            out.append(("public_ipv4", ip))
    for m in RE_SSN.finditer(text):
        out.append(("ssn_shape", m.group(0)))
    for m in RE_DIGRUN.finditer(text):
        run = m.group(0)
        groups = re.split(r"[ \-]", run)
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if 13 <= len(tot) <= 19 and luhn_ok(tot):
                    out.append(("luhn", tot))
                if len(tot) > 19:
                    break
    for m in RE_IBAN.finditer(text):
        cc = m.group(1)
        if cc not in IBAN_LEN:
            continue
        compact = (cc + m.group(2) + m.group(3)).replace(" ", "")
        L = IBAN_LEN[cc]
        if len(compact) >= L and mod97(compact[:L]) == 1:
            out.append(("iban", compact[:L]))
    for m in RE_PHONE.finditer(text):
        out.append(("phone_plus", m.group(0)))
    return out


# ----------------------------------------------------------------------------- shared theme vocabulary
SHOPS = ["lumora-home", "nordkite", "kasa-living", "velodepot", "tindra-outdoor", "mirabelle-kids", "fjellgear"]
HELPDESKS = ["Zendesk", "Freshdesk", "Gorgias", "Intercom", "Help Scout", "Kustomer"]
CARRIERS = ["DHL", "UPS", "FedEx", "DPD", "GLS", "PostNL", "Royal Mail", "Colissimo", "Correos", "InPost", "Yamato", "USPS", "Evri"]
CURR = ["EUR", "EUR", "EUR", "USD", "GBP", "PLN", "SEK", "CHF", "JPY"]
COUNTRIES = ["DE", "FR", "NL", "AT", "BE", "ES", "IT", "PL", "SE", "DK", "GB", "US", "CH", "JP"]
STATUSES = ["paid", "fulfilled", "partially_refunded", "refunded", "shipped", "delivered", "on_hold", "cancelled"]
PRODUCTS = ["TSH", "HOO", "JKT", "BAG", "MUG", "LMP", "CUS", "BTL", "TNT", "SCK", "BKP", "RUG"]
COLORS = ["BLK", "WHT", "NVY", "OLV", "SND", "RED", "GRY"]
SIZES = ["XS", "S", "M", "L", "XL", "OS", "40", "42", "44"]
LEADS = {
    "en": ["fyi", "heads up:", "FYI -", "quick one:", "for the record:", "context:"],
    "de": ["Zur Info:", "Kurz zur Info:", "Achtung:", "Nur damit ihr's wisst:"],
    "fr": ["Pour info :", "Petit point :", "À noter :"],
    "es": ["Ojo:", "Para que conste:", "Aviso:"],
    "pt": ["Atenção:", "Só pra registrar:", "Obs.:"],
    "it": ["Nota:", "Per info:", "Attenzione:"],
    "nl": ["Let op:", "Ter info:", "Even melden:"],
    "pl": ["Uwaga:", "Dla informacji:", "FYI:"],
    "sv": ["OBS:", "För kännedom:"],
    "tr": ["Not:", "Bilginize:"],
    "ru": ["К сведению:", "Обратите внимание:"],
    "ja": ["メモ:", "共有です:", "念のため:"],
    "zh": ["备注：", "同步一下：", "注意："],
    "ko": ["참고:", "공유드려요:"],
}
TRAILS = {
    "en": ["thx", "can someone from tier 2 take a look?", "ping me if it happens again", "(from the #ops-escalations thread)", "will update the macro later"],
    "de": ["danke!", "schaut bitte mal jemand drüber?", "melde mich später nochmal"],
    "fr": ["merci !", "quelqu'un peut regarder ?"],
    "es": ["gracias!", "¿alguien lo revisa?"],
    "pt": ["valeu!", "alguém consegue olhar?"],
    "it": ["grazie!", "qualcuno ci guarda?"],
    "nl": ["dank!", "kan iemand even kijken?"],
    "pl": ["dzięki!", "ktoś może zerknąć?"],
    "ja": ["よろしくお願いします", "確認お願いします🙏"],
    "zh": ["谢谢！", "麻烦看一下"],
    "ko": ["감사합니다!", "확인 부탁드려요"],
    "sv": ["tack!", "kan någon kika?"],
    "tr": ["teşekkürler!", "biri bakabilir mi?"],
    "ru": ["спасибо!", "кто-нибудь может посмотреть?"],
}


def shop():
    return ch(SHOPS)


def iso_ts(year=None):
    y = year or ch([2024, 2025, 2025, 2026])
    return f"{y}-{ri(1,12):02d}-{ri(1,28):02d}T{ri(0,23):02d}:{ri(0,59):02d}:{ri(0,59):02d}"


def iso_z(ms=False):
    s = iso_ts()
    if ms:
        s += f".{ri(0,999):03d}"
    return s + "Z"


def epoch():
    return ri(1704067200, 1767225599)


def date_iso():
    return f"{ch([2024, 2025, 2025, 2026])}-{ri(1,12):02d}-{ri(1,28):02d}"


def order_no():
    k = ri(0, 5)
    if k == 0:
        return "#" + str(ri(1001, 99999))
    if k == 1:
        return nonluhn(ch([9, 10]))
    if k == 2:
        return f"ORD-{ch([2024, 2025, 2026])}-{ri(0, 999999):06d}"
    if k == 3:
        return f"{ch(COUNTRIES)}-{nonluhn(8)}"
    if k == 4:
        return "#" + str(ri(100000, 999999))
    return f"{ri(100,999)}{ri(1000000,9999999)}"


def plain_order():
    return nonluhn(ch([9, 10]), "123456789")


def ticket_no():
    return "#" + str(ri(100000, 4999999))


def rma_no():
    return ch([f"RMA-{ri(24,26)}-{ri(0,999999):06d}", f"R{ri(10000000,99999999)}", f"RMA{ri(2024,2026)}{ri(0,99999):05d}", f"RET-{rs(UPD,4)}-{ri(1000,9999)}"])


def refund_no():
    return ch([f"RF-{ri(100000,999999)}", f"REF-{ri(2024,2026)}-{ri(0,99999):05d}", f"CN-{ri(2024,2026)}{ri(0,999999):06d}"])


def sku():
    return f"{ch(['LMR','NKT','KSA','VDP','TND','MBK','FJG'])}-{ch(PRODUCTS)}-{ch(COLORS)}-{ch(SIZES)}"


def binloc():
    return ch([f"{ch('ABCDEFGH')}-{ri(1,40):02d}-{ri(1,12):02d}-{ch('ABCD')}",
               f"R{ri(1,30):02d}-S{ri(1,9)}-L{ri(1,6)}-B{ri(1,40):02d}",
               f"WH{ri(1,4)}/{ch('ABCDEF')}{ri(1,60):02d}/{ri(1,20):02d}",
               f"{ch(['KOM','PAL','RET','QC'])}-{ch('ABC')}{ri(10,99)}-{ri(1,9)}",
               f"Z{ri(1,3)}.{ch('ABCDEFGH')}{ri(1,30):02d}.{ri(1,8)}"])


def coupon():
    return ch(["WELCOME10", "BFCM25", "SOMMER15", "FREESHIP", "NEWSLETTER5", "SPRING20", "RENTREE10", "VERANO15", "BACK2SCHOOL", "SINGLES11", "OUTLET30", "APPONLY10"]) + ch(["", "", f"-{rs(UPD,4)}"])


def tracking():
    c = ri(0, 11)
    if c == 0:
        return "UPS", "1Z" + rs(UPD, 6) + f"{ri(0,99):02d}" + dg(8, "0123456789")
    if c == 1:
        return "FedEx", nonluhn(12)
    if c == 2:
        return "USPS", "9400" + " ".join(rs(string.digits, 4) for _ in range(4)) + " " + rs(string.digits, 2)
    if c == 3:
        return "DHL Express", nonluhn(10)
    if c == 4:
        return "DHL Paket", "00340434" + rs(string.digits, 12)
    if c == 5:
        body = rs(string.digits, 8)
        w = [8, 6, 4, 2, 3, 5, 9, 7]
        cd = 11 - sum(int(a) * b for a, b in zip(body, w)) % 11
        cd = {10: 0, 11: 5}.get(cd, cd)
        return "Royal Mail", rs(UP, 2) + body + str(cd) + "GB"
    if c == 6:
        return "PostNL", "3S" + rs(UP, 4) + rs(string.digits, 7)
    if c == 7:
        return "DPD", nonluhn(14, "0")
    if c == 8:
        return "GLS", nonluhn(11)
    if c == 9:
        return "InPost", rs(string.digits, 24)
    if c == 10:
        return "Yamato", f"{ri(1000,9999)}-{ri(1000,9999)}-{ri(1000,9999)}"
    return "Colissimo", rs(UP, 2) + dg(11, "0123456789") + "FR"


def money(cur=None):
    cur = cur or ch(CURR)
    v = ri(399, 189900) / 100
    if cur == "EUR":
        return ch([f"{v:.2f} €".replace(".", ","), f"€{v:.2f}", f"EUR {v:.2f}"])
    if cur == "USD":
        return f"${v:,.2f}"
    if cur == "GBP":
        return f"£{v:.2f}"
    if cur == "PLN":
        return f"{v:.2f} zł".replace(".", ",")
    if cur == "SEK":
        return f"{int(v*10)} kr"
    if cur == "CHF":
        return f"CHF {v:.2f}"
    return f"¥{int(v*100):,}"


def stripe_id(p, n=24):
    return f"{p}_{ch(['3','1'])}{ch(['P','Q','R','S'])}{rs(ALNUM, n)}"


def psp_ref():
    return rs(UPD, 16)


def paypal_id():
    return rs(string.digits + UP, 17)


def lead(lang, text, p=0.14):
    if lang in LEADS and chance(p):
        text = ch(LEADS[lang]) + " " + text
    if lang in TRAILS and chance(p * 0.45):
        text = text + "\n" + ch(TRAILS[lang])
    return text


def fence(body, lang=""):
    return "```" + lang + "\n" + body + "\n```"


# ============================================================================= NEGATIVES
# ---------------------------------------------------------------- non_credential_blob
def nb_zendesk_webhook():
    tid = ri(100000, 999999)
    body = json.dumps({
        "account_id": ri(1000000, 99999999),
        "detail": {"brand_id": nonluhn(ch([12, 13, 14]), "3"), "group_id": nonluhn(ch([12, 14]), "3"), "id": str(tid),
                   "status": ch(["SOLVED", "PENDING", "OPEN", "HOLD"]), "via": {"channel": ch(["web", "email", "chat", "api"])}},
        "event": {"current": ch(["solved", "pending"]), "previous": "open"},
        "id": ulid(), "subject": f"zen:ticket:{tid}", "time": iso_z(), "type": ch(["zen:event-type:ticket.status_changed", "zen:event-type:ticket.comment_added", "zen:event-type:ticket.tags_changed"]),
        "zendesk_event_version": "2022-11-06"}, indent=2)
    intro = ch(["webhook delivered twice, payload of the 2nd delivery:", "this is what hits the bridge, event id is the dedupe key:",
                "Payload aus dem Retry (gleiche event id!):", "payload 重复投递了，event id 一样："])
    return intro + "\n" + fence(body, "json"), ("zh" if "重复" in intro else "de" if "Payload aus" in intro else "en")


def nb_shopify_headers():
    lines = [f"X-Shopify-Topic: {ch(['orders/paid', 'refunds/create', 'orders/updated', 'fulfillments/create'])}",
             f"X-Shopify-Hmac-Sha256: {b64(rbytes(32))}",
             f"X-Shopify-Shop-Domain: {shop()}.myshopify.com",
             f"X-Shopify-Webhook-Id: {uuid4()}",
             f"X-Shopify-Event-Id: {uuid4()}",
             f"X-Shopify-Triggered-At: {iso_ts()}.{ri(100000,999999)}Z",
             f"X-Shopify-API-Version: {ch(['2024-10', '2025-01', '2025-04'])}"]
    R.shuffle(lines)
    intro = ch(["headers from the failed delivery (hmac check says mismatch, but that's the raw-body issue again):",
                "Les en-têtes du webhook qui part en 401 :", "Headers vom Webhook, Webhook-Id ist bei beiden gleich:",
                "webhook のヘッダーです。Webhook-Id が同じなので重複配信っぽい"])
    lang = "fr" if "Les" in intro else "de" if "Headers vom" in intro else "ja" if "ヘッダー" in intro else "en"
    return intro + "\n" + fence("\n".join(lines)), lang


def nb_stripe_table():
    rows = ["| refund | charge | payment_intent | status |", "|---|---|---|---|"]
    for _ in range(ri(3, 9)):
        rows.append(f"| {stripe_id('re')} | {stripe_id('ch')} | {stripe_id('pi')} | {ch(['succeeded', 'pending', 'failed'])} |")
    intro = ch(["refunds stuck since the deploy, processor refs:", "Reembolsos pendientes (refs del procesador):", "Remboursements bloqués, références PSP :", "Refunds die nog hangen:"])
    lang = {"r": "en", "R": "es"}.get(intro[0], "en")
    lang = "es" if intro.startswith("Reemb") else "fr" if intro.startswith("Rembourse") else "nl" if "hangen" in intro else "en"
    return intro + "\n" + "\n".join(rows), lang


def nb_adyen_notification():
    item = {"NotificationRequestItem": {
        "additionalData": {"hmacSignature": b64(rbytes(32)), "paymentMethodVariant": ch(["visa", "mc", "ideal", "klarna"])},
        "amount": {"currency": ch(["EUR", "SEK", "GBP"]), "value": ri(500, 99900)},
        "eventCode": ch(["REFUND", "CAPTURE", "CANCEL_OR_REFUND", "CHARGEBACK"]), "eventDate": iso_ts() + "+01:00",
        "merchantAccountCode": ch(["LumoraHomeEU", "NordkiteECOM", "KasaLivingPOS"]),
        "merchantReference": plain_order(), "originalReference": psp_ref(), "pspReference": psp_ref(), "success": "true"}}
    body = json.dumps({"live": "true", "notificationItems": [item]}, indent=2)
    return ch(["Adyen notification for the refund that shows twice in the ledger:", "la notifica Adyen del rimborso doppio:", "Adyen-Notification, pspReference stimmt nicht mit dem Ledger überein:"]) + "\n" + fence(body, "json"), "en"


def nb_docker_digest():
    img = ch(["helpdesk-bridge", "refund-worker", "returns-portal", "label-service", "order-export"])
    d1, d2 = hexs(64), hexs(64)
    body = (f"$ kubectl -n support-tools set image deploy/{img} {img}=ghcr.io/{shop()}/{img}@sha256:{d1}\n"
            f"deployment.apps/{img} image updated\n"
            f"$ kubectl -n support-tools rollout status deploy/{img}\n"
            f"deployment \"{img}\" successfully rolled out\n"
            f"# previous: ghcr.io/{shop()}/{img}@sha256:{d2}")
    return ch(["rolled back the bridge to the last good digest:", "Rollback gemacht:", "rollback fatto:"]) + "\n" + fence(body), "en"


def nb_sha256sum():
    lines = ["$ sha256sum exports/*.csv"]
    d = ri(1, 20)
    for i in range(ri(3, 12)):
        lines.append(f"{hexs(64)}  exports/orders_{ch([2025, 2026])}-{ri(1,12):02d}-{d+i:02d}.csv")
    intro = ch(["checksums of the nightly order exports (for the BI handover):", "Checksummen der Exporte, bitte mit dem Manifest vergleichen:",
                "nightly export のチェックサム:", "sumas de control de las exportaciones:"])
    lang = "de" if "Checksummen" in intro else "ja" if "のチェック" in intro else "es" if "sumas" in intro else "en"
    return intro + "\n" + fence("\n".join(lines)), lang


def nb_gitlog():
    msgs = ["fix(macros): FR refund wording", "feat(macros): add PL return-label macro", "chore: bump zendesk-api client", "fix: escape liquid in DE shipping delay macro",
            "feat(triggers): auto-tag RMA tickets", "revert: NL macro tone change", "docs: explain macro naming", "fix(ja): 返品マクロの敬語修正", "feat: ES macro for damaged parcel"]
    lines = ["$ git log --oneline -n %d" % ri(4, 9)]
    for m in R.sample(msgs, ri(4, 8)):
        lines.append(f"{hexs(7)} {m}")
    return "macro repo history before the rollback:\n" + fence("\n".join(lines)), "en"


def nb_s3_ls():
    lines = [f"$ aws s3 ls s3://{shop()}-exports/orders/{ch([2025, 2026])}/{ri(1,12):02d}/"]
    for i in range(ri(4, 12)):
        lines.append(f"{date_iso()} {ri(0,23):02d}:{ri(0,59):02d}:{ri(0,59):02d} {ri(20000, 9000000):>10} orders_{hexs(8)}_{i:03d}.csv.gz")
    tail = ch(["", f"\nETag of the last part: \"{hexs(32)}-{ri(2,9)}\""])
    return "export bucket after the rerun:\n" + fence("\n".join(lines)) + tail, "en"


def nb_sentry():
    ev = hexs(32)
    rel = f"checkout-widget@{ri(2,4)}.{ri(0,30)}.{ri(0,9)}+{hexs(7)}"
    txt = ch([f"Sentry event {ev} — release {rel}, trace {hexs(32)}. Only happens on the PayPal button.",
              f"Sentry: event_id={ev}\nrelease: {rel}\ntrace_id: {hexs(32)}\nspan_id: {hexs(16)}\nculprit: CheckoutSummary.applyCoupon",
              f"Fehler im Checkout, Sentry-Event {ev} (Release {rel}). Kunde kommt nicht über den Gutschein-Schritt.",
              f"Sentryのイベント {ev}、リリース {rel}。クーポン適用で落ちてます。"])
    lang = "de" if "Fehler" in txt else "ja" if "イベント" in txt else "en"
    return txt, lang


def nb_request_ids():
    ray = f"{hexs(16)}-{ch(['FRA', 'AMS', 'CDG', 'MAD', 'WAW', 'NRT', 'LHR'])}"
    txt = ch([f"customer got a 502 on the returns portal. cf-ray {ray}, x-request-id {uuid4()}, traceparent 00-{hexs(32)}-{hexs(16)}-01",
              f"Le client a une erreur 500 sur le portail retours : cf-ray {ray} / request id {uuid4()}",
              f"El cliente ve un 502 al generar la etiqueta: cf-ray {ray}, x-request-id {uuid4()}",
              f"返品ポータルで502。cf-ray {ray}、x-request-id {uuid4()}"])
    lang = "fr" if txt.startswith("Le") else "es" if txt.startswith("El") else "ja" if "返品" in txt else "en"
    return txt, lang


def nb_pgp_public():
    body = b64(b"\x98\x33\x04" + rbytes(ri(140, 260)))
    crc = b64(rbytes(3))
    fp = " ".join(hexs(4).upper() for _ in range(10))
    block = "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + wrap(body, 64) + "\n=" + crc + "\n-----END PGP PUBLIC KEY BLOCK-----"
    intro = ch(["Public key for customers who want to send encrypted documents (it's on the help center too). Fingerprint: " + fp,
                "Öffentlicher Schlüssel für verschlüsselte Unterlagen (steht auch im Hilfe-Center). Fingerprint: " + fp,
                "Clé publique pour l'envoi de justificatifs chiffrés. Empreinte : " + fp])
    lang = "de" if "Öffentlicher" in intro else "fr" if "Clé" in intro else "en"
    return intro + "\n" + fence(block), lang


def nb_cert():
    der = b"\x30\x82" + struct.pack(">H", ri(700, 1200)) + b"\x30\x82" + rbytes(ri(300, 520))
    block = "-----BEGIN CERTIFICATE-----\n" + wrap(b64(der), 64) + "\n-----END CERTIFICATE-----"
    intro = ch(["the carrier rotated their webhook TLS cert, new leaf cert below (public, just pinning it in the bridge):",
                "neues Zertifikat vom Paketdienst-Webhook (öffentlich, nur fürs Pinning):", "certificado público del webhook de la transportista:"])
    lang = "de" if "neues" in intro else "es" if "certificado" in intro else "en"
    return intro + "\n" + fence(block), lang


def nb_known_hosts():
    pub = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32)
    fp = b64(rbytes(32)).rstrip("=")
    host = ch(["sftp.fulfilment-partner.net", "edi.3pl-nord.eu", "sftp.wms-logistics.io"])
    body = f"[{host}]:{ch([22, 2222, 8022])} ssh-ed25519 {b64(pub)}\n\n$ ssh-keygen -lf known_hosts\n256 SHA256:{fp} [{host}]:2222 (ED25519)"
    return ch(["3PL moved the SFTP box, host key changed. Verified fingerprint with them by phone:", "Host-Key vom 3PL-SFTP hat sich geändert, Fingerprint mit denen abgeglichen:"]) + "\n" + fence(body), "en"


def nb_xxd():
    txt = ch(["order_id;created_at;sku;qty;total\n", "\ufefforder_id,created_at,sku,qty\n", "Bestellnr;Datum;Artikel;Menge\n"]).encode("utf-8")
    txt += f"{plain_order()};{date_iso()};{sku()};{ri(1,4)}\n".encode()
    lines = []
    for off in range(0, min(len(txt), 64), 16):
        chunk = txt[off:off + 16]
        hx = " ".join(chunk[i:i + 2].hex() for i in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        lines.append(f"{off:08x}: {hx:<40}  {asc}")
    return ch(["Excel shows garbage in the first column, here's the start of the file:", "El Excel muestra basura en la primera columna:", "Pierwsza kolumna w Excelu ma śmieci, początek pliku:"]) + "\n" + fence("$ xxd export.csv | head -4\n" + "\n".join(lines)), "en"


def nb_idempotency():
    lines = []
    t0 = iso_z(True)[:14]
    for _ in range(ri(3, 8)):
        lines.append(f"{t0}{ri(0, 59):02d}:{ri(0, 59):02d}.{ri(0, 999):03d}Z refund-worker POST /v1/refunds idempotency_key={uuid4()} status={ch([200, 409, 409, 502])} attempt={ri(1,5)}")
    lines.sort()
    return "retries from the refund worker, the 409s are fine (same idempotency key):\n" + fence("\n".join(lines)), "en"


def nb_cursor():
    cur = b64(json.dumps({"o": "-updated_at", "v": b64(rbytes(9))}, separators=(",", ":")).encode()).rstrip("=")
    nxt = b64(json.dumps({"o": "-updated_at", "v": b64(rbytes(9))}, separators=(",", ":")).encode()).rstrip("=")
    body = json.dumps({"meta": {"has_more": True, "after_cursor": cur, "before_cursor": nxt},
                       "links": {"next": f"https://{shop()}.zendesk.com/api/v2/tickets.json?page%5Bafter%5D={cur}&page%5Bsize%5D=100"}}, indent=2)
    return ch(["pagination in the export script loops forever, cursor never changes:", "el script de exportación se queda en bucle, el cursor no cambia:"]) + "\n" + fence(body, "json"), "en"


def nb_integrity():
    pk = ch(["@zendesk/zaf-client", "@shopify/polaris", "@adyen/adyen-web", "@stripe/stripe-js", "intercom-client"])
    v = f"{ri(1,9)}.{ri(0,20)}.{ri(0,9)}"
    body = f'"node_modules/{pk}": {{\n  "version": "{v}",\n  "resolved": "https://registry.npmjs.org/{pk}/-/{pk.split("/")[-1]}-{v}.tgz",\n  "integrity": "sha512-{b64(rbytes(64))}"\n}}'
    return "lockfile diff in the help-center theme PR, only the integrity changed:\n" + fence(body, "json"), "en"


def nb_coupon_table():
    rows = ["| code | discount | redemptions | valid until |", "|---|---|---|---|"]
    for _ in range(ri(4, 9)):
        rows.append(f"| {coupon()} | {ch(['10 %', '15 %', '20 %', '5 €', 'free shipping'])} | {ri(0, 48000):,} | {date_iso()} |")
    intro = ch(["public campaign codes currently live (these are printed on the flyers, not secret):", "Aktive Aktionscodes (öffentlich, stehen im Newsletter):", "Codes promo actifs (publics, dans la newsletter) :"])
    lang = "de" if "Aktive" in intro else "fr" if "Codes" in intro else "en"
    return intro + "\n" + "\n".join(rows), lang


def nb_intercom_ids():
    lines = []
    for _ in range(ri(3, 7)):
        lines.append(f"conversation {nonluhn(15)}  part {nonluhn(11)}  admin_id {ri(1000000,9999999)}  state={ch(['open', 'closed', 'snoozed'])}")
    return ch(["Intercom conversations the bot closed by mistake:", "Konversationen, die der Bot fälschlich geschlossen hat:"]) + "\n" + fence("\n".join(lines)), "en"


def nb_mongo_returns():
    docs = []
    for _ in range(ri(2, 4)):
        docs.append(f'{{ _id: ObjectId("{objid()}"), order_ref: "{plain_order()}", rma: "{rma_no()}", label_id: "{uuid4()}", state: "{ch(["label_created", "in_transit", "received", "refunded"])}" }}')
    return "returns collection, the two docs with the same RMA:\n" + fence("\n".join(docs), "js"), "en"


def nb_export_manifest():
    parts = [f"  - part-{i:05d}-{uuid4()}-c000.csv.gz  md5={hexs(32)}" for i in range(ri(2, 6))]
    body = f"job: order-export-nightly\nrun_id: {uuid7()}\nstarted: {iso_z()}\nparts:\n" + "\n".join(parts) + f"\nmanifest_sha1: {hexs(40)}"
    return ch(["export manifest from last night:", "manifest de l'export de cette nuit :", "manifest dell'export di stanotte:"]) + "\n" + fence(body, "yaml"), ch(["en", "fr", "it"])


def nb_csp():
    hs = " ".join(f"'sha256-{b64(rbytes(32))}'" for _ in range(ri(2, 4)))
    return (f"help center theme: the chat widget is blocked by CSP. Current header:\n"
            + fence(f"Content-Security-Policy: default-src 'self'; script-src 'self' {hs} https://static.zdassets.com; img-src 'self' data: https:")), "en"


def nb_chunks():
    files = [f"static/js/{n}.{hexs(8)}.chunk.js" for n in ["checkout", "cart-drawer", "returns", "vendors~main", "runtime", "order-status"]]
    R.shuffle(files)
    return "which bundle is the broken one? CDN is serving:\n" + "\n".join(f"• {f}" for f in files[:ri(3, 6)]), "en"


def nb_json_logs():
    lines = []
    t0 = iso_z(True)[:14]
    for _ in range(ri(3, 8)):
        lines.append(json.dumps({"ts": f"{t0}{ri(0, 59):02d}:{ri(0, 59):02d}.{ri(0, 999):03d}Z", "level": ch(["info", "warn", "error"]), "svc": "refund-service", "msg": ch(["refund.created", "refund.retry", "psp.timeout", "ledger.mismatch"]),
                                 "order": plain_order(), "trace_id": hexs(32), "span_id": hexs(16)}, separators=(",", ":")))
    lines.sort()
    return fence("\n".join(lines)), "en"


def nb_label_response():
    carrier, tn = tracking()
    body = json.dumps({"shipmentTrackingNumber": tn.replace(" ", ""), "carrier": carrier, "labelId": uuid4(), "packageDigest": hexs(40),
                       "dispatchConfirmationNumber": f"PRG{ri(240101, 261231)}{ri(0, 999999):06d}", "documents": [{"typeCode": "label", "imageFormat": "PDF", "url": f"https://labels.internal/{uuid4()}.pdf"}]}, indent=2)
    return ch(["label API response (label itself stripped):", "Antwort der Label-API (ohne das PDF):", "odpowiedź API etykiet (bez PDF):"]) + "\n" + fence(body, "json"), ch(["en", "de", "pl"])


def nb_sops():
    def enc():
        return f"ENC[AES256_GCM,data:{b64(rbytes(ri(12, 40)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]"
    body = (f"helpdesk:\n  api_token: {enc()}\n  subdomain: {shop()}\nstripe:\n  webhook_secret: {enc()}\n"
            f"sops:\n  lastmodified: \"{iso_z()}\"\n  mac: {enc()}\n  version: 3.9.{ri(0,4)}")
    return "this is the encrypted file, you need the KMS role to decrypt, nothing readable here:\n" + fence(body, "yaml"), "en"


def nb_gid():
    n = nonluhn(13, "5")
    g = f"gid://shopify/Order/{n}"
    return ch([f"the GraphQL id is {g} (base64 in the old API: {b64(g.encode())})",
               f"Die GraphQL-ID ist {g}, in der alten API {b64(g.encode())}",
               f"ID GraphQL : {g} — ancienne API : {b64(g.encode())}"]), "en"


def nb_hmac_debug():
    body = (f"expected = hmac.new(secret, raw_body, hashlib.sha256).hexdigest()\n"
            f"# expected: {hexs(64)}\n# header:   {hexs(64)}\n# body length {ri(900, 9000)} vs {ri(900, 9000)} -> proxy re-encoded the JSON")
    return "found why signature validation fails on the helpdesk webhook:\n" + fence(body, "python"), "en"


def nb_ray_list():
    lines = [f"{hexs(16)}-{ch(['FRA', 'AMS', 'CDG', 'WAW', 'ARN'])}  {iso_ts()}  {ch([502, 503, 504, 520])}  /api/returns/{ri(100000, 999999)}/label" for _ in range(ri(4, 10))]
    return ch(["cloudflare rays for the label errors:", "Cloudflare Rays für die Label-Fehler:", "Rays de Cloudflare de los errores de etiqueta:"]) + "\n" + fence("\n".join(lines)), "en"


def nb_segment():
    body = json.dumps({"type": "track", "event": ch(["Order Refunded", "Return Requested", "Ticket Solved"]), "messageId": f"ajs-next-{hexs(32)}", "anonymousId": uuid4(),
                       "properties": {"order_id": plain_order(), "revenue": -ri(5, 400), "currency": ch(CURR)}, "timestamp": iso_z(True)}, indent=2)
    return "tracking event that double counts refunds:\n" + fence(body, "json"), "en"


def nb_etag():
    return ch([f"CDN still serves the old macro export, ETag W/\"{hexs(16)}\" vs origin \"{hexs(32)}\"",
               f"El CDN sigue sirviendo el CSV viejo: ETag \"{hexs(32)}\", origen \"{hexs(32)}\"",
               f"CDNが古いCSVを返してる。ETag \"{hexs(32)}\"、オリジンは \"{hexs(32)}\""]), "en"


NB = [nb_zendesk_webhook, nb_shopify_headers, nb_stripe_table, nb_adyen_notification, nb_docker_digest, nb_sha256sum, nb_gitlog, nb_s3_ls, nb_sentry,
      nb_request_ids, nb_pgp_public, nb_cert, nb_known_hosts, nb_xxd, nb_idempotency, nb_cursor, nb_integrity, nb_coupon_table, nb_intercom_ids,
      nb_mongo_returns, nb_export_manifest, nb_csp, nb_chunks, nb_json_logs, nb_label_response, nb_sops, nb_gid, nb_hmac_debug, nb_ray_list, nb_segment, nb_etag]


# ---------------------------------------------------------------- pii_lookalike_number
def np_csv_export():
    n = ri(12, 34)
    sep = ch([",", ";"])
    head = sep.join(["order_id", "created_at", "sku", "ean", "qty", "unit_price", "currency", "ship_country", "carrier", "tracking_no", "status"])
    rows = [head]
    for _ in range(n):
        carrier, tn = tracking()
        cur = ch(CURR)
        price = f"{ri(399, 24900)/100:.2f}"
        if sep == ";":
            price = price.replace(".", ",")
        rows.append(sep.join([plain_order(), iso_ts() + "Z", sku(), gtin(13), str(ri(1, 5)), price, cur, ch(COUNTRIES), carrier, tn.replace(" ", ""), ch(STATUSES)]))
    intro = ch(["export for the carrier claim (no customer data in it, only order-level fields):", "Export für die Reklamation beim Paketdienst (ohne Kundendaten):",
                "export pour la réclamation transporteur (sans données client) :", "export do reklamacji u przewoźnika (bez danych klientów):", "配送業者へのクレーム用エクスポート（顧客情報なし）:"])
    return intro + "\n" + fence("\n".join(rows), "csv"), "en"


def np_stuck_parcels():
    lines = []
    for _ in range(ri(3, 9)):
        c, tn = tracking()
        lines.append(f"{c}: {tn} — order {order_no()} — {ch(['no scan since', 'returned to sender on', 'customs hold since', 'delivered to wrong depot on'])} {date_iso()}")
    intro = ch(["parcels with no movement for 5+ days:", "Sendungen ohne Scan seit 5+ Tagen:", "paquetes sin movimiento desde hace 5 días:", "pakketten zonder scan (5+ dagen):", "5日以上動きのない荷物:", "5天以上没有更新的包裹："])
    return intro + "\n" + "\n".join(lines), "en"


def np_refund_summary():
    cur = ch(CURR)
    t = ch([
        "Refund [[rf]] for order [[o]] processed: [[m]] back to the original payment method, processor ref [[p]]. Customer will see it in 5–10 business days.",
        "Erstattung [[rf]] zu Bestellung [[o]] über [[m]] ist raus (PSP-Referenz [[p]]).",
        "Remboursement [[rf]] de [[m]] pour la commande [[o]] validé, réf. PSP [[p]].",
        "Reembolso [[rf]] del pedido [[o]] por [[m]] enviado, ref. del procesador [[p]].",
        "Rimborso [[rf]] per l'ordine [[o]] di [[m]] eseguito, riferimento PSP [[p]].",
        "Zwrot [[rf]] dla zamówienia [[o]] na kwotę [[m]] zlecony, referencja [[p]].",
        "注文 [[o]] の返金 [[rf]]（[[m]]）を処理しました。決済リファレンス [[p]]。",
        "Återbetalning [[rf]] för order [[o]] på [[m]] är gjord, PSP-referens [[p]].",
        "[[o]] numaralı sipariş için [[rf]] iadesi ([[m]]) yapıldı, referans [[p]].",
    ])
    return T(t, rf=refund_no(), o=order_no(), m=money(cur), p=ch([psp_ref(), paypal_id(), stripe_id("re"), f"tr_{rs(ALNUM, 10)}"])), "en"


def np_rma_table():
    rows = ["| RMA | order | SKU | EAN | bin | reason |", "|---|---|---|---|---|---|"]
    for _ in range(ri(3, 12)):
        rows.append(f"| {rma_no()} | {order_no()} | {sku()} | {gtin(13)} | {binloc()} | {ch(['damaged', 'wrong size', 'not as described', 'late delivery', 'defekt', 'taille', 'talla', 'rozmiar'])} |")
    return ch(["returns received today, waiting for QC:", "Retouren von heute, warten auf QC:", "retours reçus aujourd'hui :", "zwroty z dzisiaj:"]) + "\n" + "\n".join(rows), "en"


def np_picklist():
    lines = [f"{'BIN':<18}{'EAN':<16}{'SKU':<24}QTY"]
    for _ in range(ri(5, 20)):
        lines.append(f"{binloc():<18}{gtin(13):<16}{sku():<24}{ri(1, 12)}")
    return ch(["pick list for wave " + str(ri(100, 999)) + " (short picks marked by the scanner):", "Pickliste Welle " + str(ri(100, 999)) + ":", "lista de picking, oleada " + str(ri(100, 999)) + ":"]) + "\n" + fence("\n".join(lines)), "en"


def np_ean_mismatch():
    a, b = gtin(13), gtin(13)
    g14 = gtin(14, "1" + ch(["40", "50", "87"]))
    t = ch(["EAN [[a]] is mapped to two SKUs in the PIM ([[s1]] and [[s2]]). Carton GTIN is [[g]]. Which one is right?",
            "EAN [[a]] hängt an zwei SKUs ([[s1]] / [[s2]]), Karton-GTIN [[g]]. Bitte im PIM korrigieren.",
            "L'EAN [[a]] pointe vers deux SKU ([[s1]] et [[s2]]) ; GTIN carton [[g]].",
            "EAN [[a]] は2つのSKU（[[s1]] と [[s2]]）に紐付いています。ケースGTIN は [[g]]。",
            "EAN [[a]] 对应了两个SKU（[[s1]] / [[s2]]），箱码 GTIN [[g]]，以 [[b]] 为准？"])
    return T(t, a=a, b=b, g=g14, s1=sku(), s2=sku()), "en"


def np_timestamps():
    e = epoch()
    t = ch(["webhook `created_at` is [[e]] but the order says [[iso]] — clock skew of [[d]]s on the bridge?",
            "Slack ts of the alert: [[e]].[[us]] — ticket created at [[e2]] (ms: [[ms]])",
            "Der Webhook hat timestamp=[[e]], die Bestellung [[iso]]. Differenz [[d]] s.",
            "retry window: [[e]] → [[e2]] ([[d]] s), dedupe key ttl 86400",
            "イベント時刻 [[e]]、注文作成 [[iso]]。差分 [[d]] 秒。"])
    return T(t, e=e, e2=e + ri(1, 9000), us=f"{ri(0,999999):06d}", iso=iso_z(), d=ri(2, 900), ms=e * 1000 + ri(0, 999)), "en"


def np_amounts():
    t = ch(["Monthly refunds: [[a]] (EU), [[b]] (UK), [[c]] (US). Chargebacks: [[d]].",
            "Summe Erstattungen März: [[a]], davon Kulanz [[b]].",
            "Total remboursé ce mois : [[a]] ; avoirs : [[b]].",
            "Reembolsos del mes: [[a]]; cupones compensados: [[b]].",
            "今月の返金合計 [[a]]、うちクーポン補填 [[b]]。",
            "Suma zwrotów w tym miesiącu: [[a]], rekompensaty: [[b]].",
            "Bu ayki toplam iade: [[a]], telafi kuponları: [[b]]."])
    return T(t, a=money("EUR"), b=money(ch(["GBP", "EUR", "PLN"])), c=money("USD"), d=money("EUR")), "en"


def np_ticket_merge():
    t = ch(["merged [[t1]] into [[t2]] (same order [[o]]). DHL waybill [[w]].",
            "Tickets [[t1]] und [[t2]] zusammengeführt, Bestellung [[o]], Sendung [[w]].",
            "fusionné [[t1]] dans [[t2]], commande [[o]], colis [[w]].",
            "[[t1]] を [[t2]] に統合しました（注文 [[o]]、追跡番号 [[w]]）。",
            "scalone [[t1]] z [[t2]], zamówienie [[o]], list przewozowy [[w]]."])
    return T(t, t1=ticket_no(), t2=ticket_no(), o=plain_order(), w=nonluhn(10)), "en"


def np_printers():
    lines = [f"{ch(['Zebra ZT411', 'Zebra ZD621', 'Honeywell PM45', 'TSC MH241'])} {ch(['pack-01', 'pack-02', 'returns', 'dock-3'])}: 10.{ri(10, 40)}.{ri(0, 9)}.{ri(2, 250)}:9100" for _ in range(ri(2, 5))]
    lines.append(f"scanner gateway: 192.168.{ri(0, 80)}.{ri(2, 250)}:{ch([8080, 8443, 5000])}")
    lines.append(f"WMS API: 172.{ri(16, 31)}.{ri(0, 255)}.{ri(2, 250)}:{ch([443, 8443])}")
    return ch(["label printers after the network change:", "Etikettendrucker nach dem Netzwerkumbau:", "drukarki etykiet po zmianie sieci:"]) + "\n" + fence("\n".join(lines)), "en"


def np_amazon():
    def az():
        while True:
            s = f"{ri(100, 999)}-{ri(1000000, 9999999)}-{ri(1000000, 9999999)}"
            if not any(f[0] == "luhn" for f in scan(s)):
                return s
    lines = [f"{az()}  {ch(['DE', 'FR', 'IT', 'ES', 'UK'])}  {money('EUR')}  {ch(['A-to-z claim', 'refund requested', 'return received'])}" for _ in range(ri(2, 7))]
    return ch(["marketplace orders with open claims:", "Marketplace-Bestellungen mit offenen Claims:", "pedidos del marketplace con reclamaciones:"]) + "\n" + fence("\n".join(lines)), "en"


def np_ledger_refs():
    cred = f"{ch(['DE', 'NL', 'AT', 'FR'])}{ri(10, 99)}ZZZ{rs(string.digits, 11)}"
    rf = "RF" + f"{ri(10, 99)}" + " " + " ".join(rs(UPD, 4) for _ in range(ri(2, 4)))
    t = ch(["SEPA creditor id on the mandate: [[c]]. Structured reference on the statement: [[r]]. Booked to GL [[gl]].",
            "Gläubiger-ID [[c]], Verwendungszweck [[r]], Sachkonto [[gl]].",
            "ICS [[c]], référence structurée [[r]], compte [[gl]].",
            "Payout batch [[po]] — VAT ID [[vat]] — GL [[gl]]"])
    return T(t, c=cred, r=rf, gl=f"{ri(1000, 8999)}-{ri(100, 999)}", po=f"PO-{ch(COUNTRIES)}-{ri(2024, 2026)}-{ri(1, 12):02d}-{ri(1, 99):04d}", vat=f"{ch(['DE', 'NL', 'FR', 'ATU'])}{rs(string.digits, 9)}"), "en"


def np_versions():
    t = ch(["iOS app [[v]] (build [[b]]) shows the old return policy; Android versionCode [[vc]] is fine.",
            "helpdesk-bridge v[[v]] → v[[v2]], zendesk_api_client [[v3]]",
            "App-Version [[v]] (Build [[b]]) zeigt noch die alte Rückgaberichtlinie.",
            "La versión [[v]] (build [[b]]) de la app sigue mostrando la política antigua.",
            "アプリ [[v]]（ビルド [[b]]）で返品ポリシーが古いまま。"])
    return T(t, v=f"{ri(3, 9)}.{ri(0, 30)}.{ri(0, 9)}", v2=f"{ri(3, 9)}.{ri(0, 30)}.{ri(0, 9)}", v3=f"{ri(1, 3)}.{ri(0, 40)}.{ri(0, 20)}", b=ri(10000000, 99999999), vc=ri(100000, 9999999)), "en"


def np_dims():
    w = ri(5, 320) / 10
    t = ch(["Parcel [[l]]×[[b]]×[[h]] cm, [[w]] kg — volumetric [[vw]] kg, so the carrier bills the volume.",
            "Paket [[l]] x [[b]] x [[h]] cm, [[w]] kg, Volumengewicht [[vw]] kg.",
            "Colis [[l]]×[[b]]×[[h]] cm, [[w]] kg (poids volumétrique [[vw]] kg).",
            "Pallet [[p]] (SSCC [[sscc]]): [[w]] kg, [[l]]x[[b]]x[[h]] cm",
            "荷物サイズ [[l]]×[[b]]×[[h]]cm、[[w]]kg、容積重量 [[vw]]kg"])
    l, b, h = ri(10, 120), ri(10, 80), ri(5, 80)
    return T(t, l=l, b=b, h=h, w=f"{w:.1f}", vw=f"{l*b*h/5000:.1f}", p=ri(1, 40), sscc=gtin(18, "3" + ch(["40", "87", "50"]))), "en"


def np_coords():
    spots = [(52.52, 13.40), (48.86, 2.35), (40.42, -3.70), (51.92, 4.48), (50.06, 19.94), (59.33, 18.07), (35.68, 139.76), (45.46, 9.19)]
    la, lo = ch(spots)
    t = ch(["pickup point moved, new coordinates [[la]], [[lo]] (locker #[[n]])",
            "Packstation [[n]] liegt jetzt bei [[la]], [[lo]].",
            "Le point relais [[n]] est maintenant à [[la]], [[lo]].",
            "Paczkomat [[n]]: [[la]], [[lo]]"])
    return T(t, la=f"{la + R.uniform(-0.05, 0.05):.6f}", lo=f"{lo + R.uniform(-0.05, 0.05):.6f}", n=ri(100, 999)), "en"


def np_serials():
    lines = [f"SN {rs(UPD, 12)}  — {sku()}  — {ch(['DOA', 'cosmetic', 'no power', 'ok, restock'])}" for _ in range(ri(2, 6))]
    return ch(["serials from the returned lamps:", "Seriennummern der Rücksendungen:", "numeri di serie dei resi:"]) + "\n" + "\n".join(lines), "en"


def np_queue_stats():
    rows = ["| queue | open | FRT p50 | FRT p90 | AHT | CSAT |", "|---|---:|---:|---:|---:|---:|"]
    for q in R.sample(["DE", "FR", "NL", "ES", "IT", "PL", "Nordics", "UK", "JP", "Payments", "Returns"], ri(4, 8)):
        rows.append(f"| {q} | {ri(3, 1800):,} | {ri(1, 59)}m | {ri(1, 23)}h {ri(0, 59)}m | {ri(3, 14)}:{ri(0, 59):02d} | {ri(71, 98)}.{ri(0, 9)} % |")
    return ch(["weekly numbers:", "Wochenzahlen:", "chiffres de la semaine :"]) + "\n" + "\n".join(rows), "en"


def np_customs():
    t = ch(["Customs hold: MRN [[mrn]], HS [[hs]], declared [[m]]. EORI on the invoice is the warehouse's.",
            "Zoll hält die Sendung fest, MRN [[mrn]], Zolltarifnummer [[hs]].",
            "Retenue en douane, MRN [[mrn]], code SH [[hs]].",
            "通関保留：MRN [[mrn]]、HSコード [[hs]]。"])
    return T(t, mrn=f"{ri(24, 26)}{ch(['DE', 'NL', 'FR', 'BE'])}{rs(UPD, 12)}{ri(0, 9)}", hs=ch(["6109.10.00", "4202.92", "9405.21.00", "6404.11", "6302.60.00"]), m=money()), "en"


def np_dates():
    d, m, y = ri(1, 28), ri(1, 12), ch([2025, 2026])
    t = ch([f"delivery promise changed from {m:02d}/{d:02d}/{y} to {m:02d}/{min(d + 3, 28):02d}/{y}",
            f"Lieferzusage vom {d:02d}.{m:02d}.{y} auf den {min(d + 3, 28):02d}.{m:02d}.{y} verschoben",
            f"お届け予定日が{y}年{m}月{d}日から{y}年{m}月{min(d + 3, 28)}日に変更",
            f"预计送达时间从{y}年{m}月{d}日改为{m}月{min(d + 3, 28)}日",
            f"배송 예정일이 {y}년 {m}월 {d}일에서 {m}월 {min(d + 3, 28)}일로 변경되었습니다"])
    return t + f" (order {order_no()})", "en"


def np_arn():
    arn = "7" + rs(string.digits, 22)
    t = ch(["Refund ARN for the customer's bank: [[arn]] (auth code [[ac]], MCC [[mcc]]). They can trace it with that.",
            "ARN für die Bank des Kunden: [[arn]], Autorisierungscode [[ac]].",
            "ARN à transmettre à la banque : [[arn]] (code d'autorisation [[ac]]).",
            "ARN para el banco: [[arn]] (código de autorización [[ac]])."])
    return T(t, arn=arn, ac=rs(UPD, 6), mcc=ch([5691, 5712, 5999, 5941])), "en"


def np_invoices():
    lines = [f"{ch(['INV', 'RE', 'FA', 'FV'])}-{ri(2024, 2026)}-{ri(0, 999999):06d}  {money()}  {ch(['paid', 'credited', 'open'])}  credit note CN-{ri(2024, 2026)}{ri(0, 99999):05d}" for _ in range(ri(2, 8))]
    return ch(["invoices with a credit note but no refund in the PSP:", "Rechnungen mit Gutschrift ohne Erstattung:", "faktury z korektą bez zwrotu:"]) + "\n" + fence("\n".join(lines)), "en"


def np_minor_units():
    body = json.dumps({"refund": {"id": stripe_id("re"), "amount": ri(100, 500000), "currency": ch(["eur", "jpy", "sek", "usd"]), "charge": stripe_id("ch"),
                                  "created": epoch(), "metadata": {"order_number": plain_order(), "rma": rma_no(), "zendesk_ticket": str(ri(100000, 4999999))}}}, indent=2)
    return "amount is in minor units, so 129900 JPY is not 1299 — that's the whole bug:\n" + fence(body, "json"), "en"


def np_ids_phoneish():
    t = ch(["DHL Express waybill [[w]] and order [[o]] — the customer mixed them up and typed the waybill into the order field",
            "order no. [[z]] (yes, the old system padded with a leading zero)",
            "Kundennummer ist nicht die Bestellnummer: Bestellung [[o]], Sendung [[w]]",
            "zamówienie [[o]], numer listu [[w]], paczkomat [[pk]]"])
    return T(t, w=nonluhn(10), o=plain_order(), z="0" + nonluhn(10), pk=f"{rs(UP, 3)}{ri(10, 99)}{ch('ABCDEFGHM')}"), "en"


def np_sla_breach():
    lines = [f"{ticket_no()}  breached {ri(1, 72)}h {ri(0, 59)}m  prio={ch(['urgent', 'high', 'normal'])}  group={ch(['Tier1-DE', 'Tier1-FR', 'Payments', 'Returns', 'Tier2'])}" for _ in range(ri(3, 10))]
    return "SLA breaches overnight:\n" + fence("\n".join(lines)), "en"


def np_yaml_cfg():
    body = (f"returns:\n  window_days: {ch([14, 30, 60, 100])}\n  restocking_fee_cents: {ri(0, 900)}\n  label_printer: 10.{ri(10, 40)}.{ri(0, 9)}.{ri(2, 250)}:9100\n"
            f"  warehouse_gln: \"{gtin(13)}\"\n  max_weight_grams: {ri(1000, 31500)}\n  cutoff_local: \"{ri(12, 17)}:00\"\nsla:\n  first_reply_minutes: {ri(30, 720)}\n  business_hours: \"Mon-Fri 08:00-18:00 CET\"")
    return "new returns config for the DE warehouse:\n" + fence(body, "yaml"), "en"


NP = [np_csv_export, np_stuck_parcels, np_refund_summary, np_rma_table, np_picklist, np_ean_mismatch, np_timestamps, np_amounts, np_ticket_merge, np_printers,
      np_amazon, np_ledger_refs, np_versions, np_dims, np_coords, np_serials, np_queue_stats, np_customs, np_dates, np_arn, np_invoices, np_minor_units,
      np_ids_phoneish, np_sla_breach, np_yaml_cfg]


# ---------------------------------------------------------------- data_uri_base64 (real, well-formed bytes)
def _chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)


def png_bytes(w=None, h=None, mode=None):
    w = w or ri(1, 14)
    h = h or ri(1, 14)
    mode = mode or ch(["solid", "noise", "grad", "qr"])
    rows = b""
    base = [ri(0, 255) for _ in range(3)]
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            if mode == "solid":
                px = base
            elif mode == "noise":
                px = [ri(0, 255) for _ in range(3)]
            elif mode == "grad":
                px = [(base[0] + 9 * x) % 256, (base[1] + 9 * y) % 256, base[2]]
            else:
                v = 0 if R.random() < 0.5 else 255
                px = [v, v, v]
            row += bytes(px)
        rows += row
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(rows, 9)) + _chunk(b"IEND", b"")


def gif_pixel():
    c = bytes([ri(0, 255) for _ in range(3)])
    return b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"


def jpeg_bytes():
    app0 = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dqt = b"\xff\xdb\x00C\x00" + bytes(sorted(ri(2, 60) for _ in range(64)))
    sof = b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", ri(8, 24), ri(8, 24)) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    sos = b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00?\x00" + rbytes(ri(40, 160))
    return b"\xff\xd8" + app0 + dqt + sof + sos + b"\xff\xd9"


def webp_bytes():
    payload = b"VP8L" + struct.pack("<I", 30) + b"\x2f" + rbytes(29)
    return b"RIFF" + struct.pack("<I", 4 + len(payload)) + b"WEBP" + payload


def woff2_bytes():
    n = ri(120, 420)
    hdr = b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", n) + struct.pack(">H", ri(8, 14)) + b"\x00\x00" + struct.pack(">I", n * 3)
    return hdr + rbytes(n - len(hdr))


def pdf_bytes(text):
    stream = f"BT /F1 18 Tf 40 760 Td ({text}) Tj ET".encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs)+1}\n0000000000 65535 f \n".encode() + b"".join(f"{o:010d} 00000 n \n".encode() for o in offs)
    out += f"trailer\n<< /Size {len(objs)+1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def svg_text():
    col = "#" + hexs(6)
    shape = ch([f'<path d="M{ri(1,6)} {ri(1,6)}l{ri(3,9)} {ri(3,9)}-{ri(3,9)} {ri(3,9)}z" fill="{col}"/>',
                f'<circle cx="8" cy="8" r="{ri(3,7)}" fill="{col}"/>',
                f'<rect x="2" y="{ri(2,5)}" width="12" height="{ri(4,9)}" rx="2" fill="none" stroke="{col}"/>'])
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">{shape}</svg>'


def zpl_text():
    c, tn = tracking()
    return (f"^XA^CF0,40^FO50,40^FDRETOURE / RETURN^FS^CF0,28^FO50,100^FD{rma_no()}^FS"
            f"^BY3^FO50,150^BCN,110,Y,N,N^FD{tn.replace(' ', '')}^FS^FO50,320^FDBIN {binloc()}^FS^XZ")


def csv_text():
    rows = ["order_id,created_at,sku,qty,total,currency,status"]
    for _ in range(ri(2, 5)):
        rows.append(f"{plain_order()},{date_iso()},{sku()},{ri(1, 3)},{ri(500, 30000)/100:.2f},{ch(CURR)},{ch(STATUSES)}")
    return "\n".join(rows) + "\n"


def trunc(s, keep=None):
    if chance(0.35) and len(s) > 120:
        k = keep or ri(60, 110)
        return s[:k] + ch(["…", "...", f"[{len(s) - k} more chars]", "…(truncated)"])
    return s


def nd_email_logo():
    uri = "data:image/png;base64," + b64(png_bytes(ri(6, 14), ri(4, 10)))
    lang = ch(["de", "fr", "es", "nl", "it"])
    foot = {"de": "Ihr Kundenservice-Team", "fr": "Votre service client", "es": "Tu equipo de atención al cliente", "nl": "Je klantenservice", "it": "Il tuo servizio clienti"}[lang]
    html = f'<table width="100%"><tr><td>\n  <img src="{uri}" width="120" alt="{shop()}">\n</td></tr>\n<tr><td>{{{{ticket.latest_public_comment}}}}</td></tr>\n<tr><td style="color:#888">{foot}</td></tr></table>'
    return "email template header after the rebrand, logo inlined so Outlook stops blocking it:\n" + fence(html, "html"), lang


def nd_font_face():
    fam = ch(["Inter", "Lumora Sans", "Nunito", "Noto Sans JP"])
    uri = "data:font/woff2;base64," + b64(woff2_bytes())
    css = f"@font-face {{\n  font-family: \"{fam}\";\n  src: url(\"{trunc(uri)}\") format(\"woff2\");\n  font-display: swap;\n}}"
    return ch(["help center theme: inlined the font subset for the JP help center, see", "thème du centre d'aide, police inline :", "Tema del centro de ayuda con la fuente inline:"]) + "\n" + fence(css, "css"), "en"


def nd_attachment_upload():
    pdf = b64(pdf_bytes(f"Return label {rma_no()}"))
    body = json.dumps({"upload": {"filename": f"return-label-{ri(100000, 999999)}.pdf", "content_type": "application/pdf", "data": pdf}}, indent=2)
    return ch(["request body we send to the helpdesk attachments endpoint — returns 413 for multi-page labels:", "Request-Body für den Anhang-Upload:", "corps de la requête d'upload de la pièce jointe :"]) + "\n" + fence(body, "json"), "en"


def nd_zpl_label():
    z = b64(zpl_text().encode())
    body = json.dumps({"shipmentId": uuid4(), "labelFormat": "ZPL", "labelImage": z, "trackingNumber": tracking()[1].replace(" ", "")}, indent=2)
    return ch(["carrier API returns the label as base64 ZPL, printer needs it decoded first:", "Die API liefert das Label als Base64-ZPL:", "La API devuelve la etiqueta en ZPL base64:", "API zwraca etykietę jako ZPL w base64:"]) + "\n" + fence(body, "json"), "en"


def nd_tracking_pixel():
    uri = "data:image/gif;base64," + b64(gif_pixel())
    return ch([f"replace the tracking pixel in the CSAT mail with a static one: `<img src=\"{uri}\" width=\"1\" height=\"1\" alt=\"\">`",
               f"Platzhalter-Pixel für die Umfrage-Mail: {uri}",
               f"pixel transparent pour l'enquête CSAT : {uri}",
               f"CSATメールの1x1ピクセルはこれに差し替え: {uri}"]), "en"


def nd_markdown_kb():
    uri = "data:image/png;base64," + b64(png_bytes(ri(8, 16), ri(8, 16)))
    step = ch(["Step 3: click *Request return*", "Schritt 3: *Rücksendung anmelden* klicken", "Étape 3 : cliquez sur *Demander un retour*", "Paso 3: haz clic en *Solicitar devolución*", "ステップ3:「返品を申請」をクリック"])
    return f"KB draft (images inline until the CDN upload works):\n\n{step}\n![{step.split(':')[0]}]({trunc(uri)})", "en"


def nd_svg_icons():
    s1 = svg_text()
    s2 = svg_text()
    pct = s2.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    css = (f".ticket-status--solved::before {{ background-image: url(\"data:image/svg+xml;base64,{b64(s1.encode())}\"); }}\n"
           f".ticket-status--pending::before {{ background-image: url(\"data:image/svg+xml,{pct}\"); }}")
    return ch(["status icons for the agent sidebar app:", "Icons für die Sidebar-App:", "icônes de statut :"]) + "\n" + fence(css, "css"), "en"


def nd_python_decode():
    pdf = b64(pdf_bytes("RMA " + rma_no()))
    code = f'import base64\n\nlabel_b64 = "{trunc(pdf, 90)}"\nwith open("label.pdf", "wb") as fh:\n    fh.write(base64.b64decode(label_b64))'
    return "repro for the corrupted label (the string is what the carrier sends):\n" + fence(code, "python"), "en"


def nd_csv_download():
    uri = "data:text/csv;charset=utf-8;base64," + b64(csv_text().encode())
    html = f'<a href="{uri}" download="orders_{date_iso()}.csv">Export</a>'
    return ch(["the internal tool builds the export link like this, breaks above ~2 MB:", "So baut das Tool den Export-Link:", "el enlace de exportación se genera así:"]) + "\n" + fence(html, "html"), "en"


def nd_csp_error():
    uri = "data:image/png;base64," + b64(png_bytes())
    msg = f"Refused to load the image '{uri[:ri(40, 70)]}…' because it violates the following Content Security Policy directive: \"img-src 'self' https://cdn.{shop()}.com\"."
    return ch(["console on the returns portal:", "Konsole im Retourenportal:", "consola del portal de devoluciones:", "コンソールのエラー:"]) + "\n" + fence(msg), "en"


def nd_product_thumb():
    j = b64(jpeg_bytes())
    body = json.dumps({"sku": sku(), "ean": gtin(13), "thumbnail": "data:image/jpeg;base64," + j, "alt": ch(["front", "Vorderseite", "face"])}, indent=2)
    return "product sync payload, thumbnails come inline and blow up the webhook size:\n" + fence(body, "json"), "en"


def nd_blur():
    uri = "data:image/webp;base64," + b64(webp_bytes())
    code = f'<Image\n  src={{product.imageUrl}}\n  placeholder="blur"\n  blurDataURL="{uri}"\n  alt={{product.title}}\n/>'
    return "order status page, blur placeholder for product images:\n" + fence(code, "tsx"), "en"


def nd_eml():
    p = b64(png_bytes(ri(10, 16), ri(10, 16), "noise"))
    lines = wrap(p, 76).split("\n")[:ri(2, 8)]
    bnd = "----=_Part_" + str(ri(100000, 999999)) + "_" + str(ri(100000000, 999999999)) + "." + str(ri(1700000000000, 1760000000000))
    body = (f"--{bnd}\nContent-Type: image/png; name=\"damaged-parcel.png\"\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment; filename=\"damaged-parcel.png\"\n\n"
            + "\n".join(lines) + f"\n--{bnd}--")
    return ch(["raw MIME of the attachment the helpdesk drops (photo of the damaged parcel):", "Roh-MIME des Anhangs, den das Helpdesk verschluckt:", "MIME bruto del adjunto que se pierde:"]) + "\n" + fence(body), "en"


def nd_sourcemap():
    sm = json.dumps({"version": 3, "sources": ["src/returns/form.ts"], "names": ["validateOrderNumber", "submit"], "mappings": "AAAA," + rs("ABCDEFGIKMOQSUWYgkos", 40)}, separators=(",", ":"))
    line = f"//# sourceMappingURL=data:application/json;charset=utf-8;base64,{b64(sm.encode())}"
    return "the returns bundle ships its sourcemap inline:\n" + fence(line, "js"), "en"


def nd_notebook():
    body = json.dumps({"output_type": "display_data", "data": {"image/png": b64(png_bytes(ri(8, 16), ri(6, 12), "grad")), "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}, indent=1)
    return "returns-by-reason notebook, output cell:\n" + fence(body, "json"), "en"


def nd_qr():
    uri = "data:image/png;base64," + b64(png_bytes(ri(10, 16), ri(10, 16), "qr"))
    return ch([f"QR code for the paperless return (customer shows it at the drop-off): {trunc(uri)}",
               f"QR-Code für die papierlose Retoure: {trunc(uri)}",
               f"Code QR pour le retour sans étiquette : {trunc(uri)}",
               f"Kod QR do zwrotu bez etykiety: {trunc(uri)}"]), "en"


def nd_flags():
    j = json.dumps({"returns.paperless": ch([True, False]), "macros.ai_suggestions": ch([True, False]), "checkout.klarna": True}, separators=(",", ":"))
    return f"flags are passed to the widget as `data-config=\"data:application/json;base64,{b64(j.encode())}\"`", "en"


def nd_yaml_configmap():
    body = f"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: email-assets\nbinaryData:\n  logo.png: {b64(png_bytes(ri(4, 10), ri(4, 10)))}\n  pixel.gif: {b64(gif_pixel())}"
    return "assets for the transactional mails:\n" + fence(body, "yaml"), "en"


def nd_icon_js():
    uri = "data:image/svg+xml;base64," + b64(svg_text().encode())
    code = f"export const CARRIER_ICONS = {{\n  {ch(['dhl', 'ups', 'dpd'])}: \"{uri}\",\n  fallback: \"data:image/gif;base64,{b64(gif_pixel())}\",\n}};"
    return fence(code, "js"), "en"


ND = [nd_email_logo, nd_font_face, nd_attachment_upload, nd_zpl_label, nd_tracking_pixel, nd_markdown_kb, nd_svg_icons, nd_python_decode, nd_csv_download,
      nd_csp_error, nd_product_thumb, nd_blur, nd_eml, nd_sourcemap, nd_notebook, nd_qr, nd_flags, nd_yaml_configmap, nd_icon_js]


# ---------------------------------------------------------------- placeholder_example
MACROS = {
    "en": "Hi {{ticket.requester.first_name}},\n\nthanks for reaching out about order {{ticket.ticket_field_360012345678}}. Your refund of {{refund.amount}} has been issued and should reach your account within 5–10 business days.\n\nBest,\n{{current_user.first_name}}",
    "de": "Hallo {{ticket.requester.first_name}},\n\nvielen Dank für deine Nachricht zu Bestellung {{ticket.ticket_field_360012345678}}. Die Erstattung über {{refund.amount}} ist veranlasst.\n\nViele Grüße\n{{current_user.first_name}}",
    "fr": "Bonjour {{ticket.requester.first_name}},\n\nmerci pour votre message concernant la commande {{order.number}}. Votre étiquette retour : {{rma.label_url}}\n\nCordialement,\n{{current_user.first_name}}",
    "es": "Hola {{ticket.requester.first_name}}:\n\nTu pedido {{order.number}} ya está en camino. Número de seguimiento: {{shipment.tracking_number}}.\n\nUn saludo,\n{{current_user.first_name}}",
    "pt": "Olá {{ticket.requester.first_name}},\n\no reembolso do pedido {{order.number}} foi processado ({{refund.amount}}).\n\nAbraço,\n{{current_user.first_name}}",
    "it": "Ciao {{ticket.requester.first_name}},\n\nil reso per l'ordine {{order.number}} è stato registrato con il numero {{rma.number}}.\n\nUn saluto,\n{{current_user.first_name}}",
    "nl": "Hoi {{ticket.requester.first_name}},\n\nje retour voor bestelling {{order.number}} is ontvangen. We storten {{refund.amount}} terug.\n\nGroet,\n{{current_user.first_name}}",
    "pl": "Dzień dobry {{ticket.requester.first_name}},\n\nzwrot za zamówienie {{order.number}} został zlecony na kwotę {{refund.amount}}.\n\nPozdrawiam,\n{{current_user.first_name}}",
    "sv": "Hej {{ticket.requester.first_name}},\n\ndin retur för order {{order.number}} är registrerad. Spårningsnummer: {{shipment.tracking_number}}.\n\nVänliga hälsningar,\n{{current_user.first_name}}",
    "ja": "{{ticket.requester.last_name}} 様\n\nご注文番号 {{order.number}} の返金（{{refund.amount}}）を承りました。\n\n{{current_user.name}}",
    "zh": "{{ticket.requester.name}} 您好：\n\n您的订单 {{order.number}} 已退款 {{refund.amount}}，预计 5–10 个工作日到账。\n\n{{current_user.name}}",
    "ko": "{{ticket.requester.name}} 고객님, 안녕하세요.\n\n주문 {{order.number}}의 환불({{refund.amount}})이 처리되었습니다.\n\n{{current_user.name}} 드림",
    "tr": "Merhaba {{ticket.requester.first_name}},\n\n{{order.number}} numaralı siparişinizin iadesi ({{refund.amount}}) yapıldı.\n\nSaygılarımızla,\n{{current_user.first_name}}",
    "ru": "Здравствуйте, {{ticket.requester.first_name}}!\n\nВозврат по заказу {{order.number}} на сумму {{refund.amount}} оформлен.\n\nС уважением,\n{{current_user.first_name}}",
}


def pp_macro():
    lang = ch(list(MACROS))
    body = MACROS[lang]
    intro = ch(["updated macro:", "Makro aktualisiert:", "macro mise à jour :", "macro actualizada:", "new version of the refund macro (" + lang + "):"])
    return intro + "\n" + fence(body), lang


def pp_env_example():
    lines = ["# .env.example — copy to .env and fill in, never commit the real one",
             "ZENDESK_SUBDOMAIN=your-subdomain", "ZENDESK_EMAIL=<agent-login>", "ZENDESK_API_TOKEN=<your-api-token>",
             "SHOPIFY_ADMIN_TOKEN=shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "STRIPE_SECRET_KEY=sk_live_...", "STRIPE_WEBHOOK_SECRET=whsec_...",
             "ADYEN_API_KEY=${ADYEN_API_KEY}", "SLACK_BOT_TOKEN=xoxb-your-bot-token", "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-...",
             "DATABASE_URL=postgres://USER:PASSWORD@localhost:5432/orders", "SFTP_PASSWORD=", "GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"]
    keep = [lines[0]] + sorted(R.sample(lines[1:], ri(4, len(lines) - 1)), key=lines.index)
    return fence("\n".join(keep), "bash"), "en"


def pp_masked_card():
    l4 = f"{ri(0, 9999):04d}"
    t = ch(["Payment: [[b]] •••• [[l4]], exp ••/••. Customer wants the refund to another card — not possible, refunds go to the original method.",
            "Zahlart: [[b]] **** **** **** [[l4]] (Ablauf **/**)",
            "Carte [[b]] se terminant par [[l4]] — le remboursement repart sur cette carte.",
            "Tarjeta [[b]] terminada en [[l4]]; el reembolso vuelve a esa tarjeta.",
            "決済：[[b]] ****-****-****-[[l4]]（有効期限 **/**）",
            "Karta [[b]] kończąca się na [[l4]], zwrot wraca na tę kartę.",
            "card on file: [[b]] XXXX-XXXX-XXXX-[[l4]]"])
    return T(t, b=ch(["Visa", "Mastercard", "Amex", "CB", "Maestro"]), l4=l4), "en"


def pp_masked_iban():
    cc = ch(["DE", "NL", "FR", "ES", "IT", "PL", "AT", "BE"])
    t = ch(["Refund goes to the IBAN on file: [[cc]]** **** **** **** **[[l]]",
            "Erstattung auf das hinterlegte Konto [[cc]]•• •••• •••• •••• ••[[l]]",
            "IBAN enregistré : [[cc]]XX XXXX XXXX XXXX XXXX XXXX X[[l]]",
            "Rekening op het dossier: [[cc]]** **** **** ****[[l]]",
            "IBAN in the form example: [[cc]]00 0000 0000 0000 0000 00 (use the customer's own, via the secure form)"])
    return T(t, cc=cc, l=f"{ri(0, 99):02d}"), "en"


def pp_curl_docs():
    t = ch(["curl https://$SUBDOMAIN.zendesk.com/api/v2/tickets/$TICKET_ID.json \\\n  -u \"$AGENT_LOGIN/token:$ZENDESK_API_TOKEN\"",
            "curl -X POST https://api.stripe.com/v1/refunds \\\n  -u \"$STRIPE_SECRET_KEY:\" \\\n  -d payment_intent=pi_XXXXXXXX \\\n  -d amount=1000",
            "curl -H \"Authorization: Bearer <ACCESS_TOKEN>\" \\\n     -H \"X-Shopify-Access-Token: {{shopify_token}}\" \\\n     https://{shop}.myshopify.com/admin/api/2025-01/orders/{order_id}/refunds.json",
            "http POST :8080/api/returns Authorization:\"Bearer ${RETURNS_API_TOKEN}\" order_id=={order_id}"])
    return ch(["from the runbook:", "aus dem Runbook:", "del runbook:", "z runbooka:"]) + "\n" + fence(t, "bash"), "en"


def pp_helm():
    body = ("helpdeskBridge:\n  zendesk:\n    subdomain: {{ .Values.zendesk.subdomain }}\n    apiToken: {{ .Values.zendesk.apiToken | quote }}\n"
            "  stripe:\n    webhookSecret:\n      existingSecret: stripe-webhook\n      key: signing-secret\n  database:\n    password: \"{{ required \\\"set database.password\\\" .Values.database.password }}\"")
    return "chart values template, real values come from the sealed secret:\n" + fence(body, "yaml"), "en"


def pp_gha():
    body = ("env:\n  SHOPIFY_ADMIN_TOKEN: ${{ secrets.SHOPIFY_ADMIN_TOKEN }}\n  ZENDESK_API_TOKEN: ${{ secrets.ZENDESK_API_TOKEN }}\n  SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n"
            "steps:\n  - run: ./scripts/sync-macros.sh --token \"$ZENDESK_API_TOKEN\"")
    return "workflow for the macro sync:\n" + fence(body, "yaml"), "en"


def pp_vendor_prefixes():
    t = ch(["Stripe keys look like `sk_live_…` (secret) and `pk_live_…` (publishable); webhook secrets start with `whsec_`. Only the pk_ one may go into the storefront.",
            "Shopify tokens: `shpat_` (admin), `shpca_` (custom app). If you see one in a ticket, revoke it — don't paste it here, write `shpat_••••`.",
            "Slack bot tokens start with `xoxb-`, user tokens with `xoxp-`. The format is `xoxb-<team>-<bot>-<secret>`.",
            "OpenAI keys: `sk-proj-...`, Anthropic: `sk-ant-api03-...`, GitHub: `ghp_...` / `github_pat_...`. The scanner in the macro repo checks for these prefixes.",
            "Die Slack-Tokens fangen mit `xoxb-` bzw. `xoxp-` an; in Tickets bitte immer als `xoxb-***` maskieren.",
            "Les clés Stripe ressemblent à `sk_live_XXXXXXXXXXXX` ; ne jamais les coller dans un ticket."])
    return t, "en"


def pp_aws_example():
    body = ("[profile exports-readonly]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-central-1")
    return ch(["the BI onboarding doc uses the AWS docs example values, replace with your own from the SSO portal:", "Beispielwerte aus der AWS-Doku, bitte durch eigene ersetzen:"]) + "\n" + fence(body, "ini"), "en"


def pp_redacted_export():
    lines = [f"Ticket {ticket_no()} — {ch(['Card', 'Karte', 'Carte', 'Tarjeta'])}: [REDACTED] — {ch(['Phone', 'Telefon', 'Téléphone'])}: [removed by PCI filter] — Order {order_no()}",
             f"Ticket {ticket_no()} — IBAN: ***redacted*** — reason: refund by bank transfer",
             f"Ticket {ticket_no()} — customer message: \"my card number is <redacted> and cvv <redacted>\"",
             f"Ticket {ticket_no()} — SSN: XXX-XX-XXXX (auto-masked)",
             f"Ticket {ticket_no()} — {ch(['Passwort', 'password', 'mot de passe'])}: ******** (agent removed)"]
    return "sample of the redacted ticket export:\n" + "\n".join(R.sample(lines, ri(2, 5))), "en"


def pp_form_html():
    t = ch(['<input name="cardnumber" autocomplete="cc-number" placeholder="•••• •••• •••• ••••">\n<input name="exp" placeholder="MM / YY">\n<input name="cvc" placeholder="CVC">',
            '<input name="iban" placeholder="DE00 0000 0000 0000 0000 00" pattern="[A-Z]{2}[0-9]{2}[A-Z0-9 ]+">',
            '<input type="tel" name="phone" placeholder="+__ ___ _______">\n<input type="email" name="email" placeholder="name@domain">',
            '<label>Numéro de carte</label><input placeholder="XXXX XXXX XXXX XXXX">',
            '<input name="password" type="password" placeholder="••••••••" minlength="12">'])
    return "refund-by-bank-transfer form markup:\n" + fence(t, "html"), "en"


def pp_phone_placeholders():
    t = ch(["Callback form shows `+49 XXX XXXXXXX` as hint, customers type the X's literally 🙃",
            "Telefonfeld-Platzhalter: `0XXX / XXXXXXX`",
            "Format attendu : `0X XX XX XX XX`",
            "Formato esperado: `+34 XXX XXX XXX`",
            "電話番号の入力例は `0X0-XXXX-XXXX` にしました",
            "Format: `+48 XXX XXX XXX`"])
    return t, "en"


def pp_connstr():
    t = ch(["postgres://<user>:<password>@<host>:5432/orders_replica",
            "amqp://guest:guest@localhost:5672/  (local docker default, prod uses the vault role)",
            "mysql://root:root@127.0.0.1:3306/magento_dev",
            "redis://:<password>@<redis-host>:6379/0",
            "sftp://USERNAME:PASSWORD@sftp.partner-host/outbound/"])
    return ch(["template in the README:", "Vorlage aus der README:", "plantilla del README:"]) + " `" + t + "`", "en"


def pp_webhook_secret_docs():
    t = ch(["Webhook signing secret: `••••••••••••••••` (Reveal only works for admins). Store it as STRIPE_WEBHOOK_SECRET, not in the macro repo.",
            "Signing secret: whsec_*********************** — copy it straight into the vault, not into Slack.",
            "Der Signatur-Schlüssel wird im Dashboard nur als `whsec_…` angezeigt, Klartext gibt's nur beim Anlegen."])
    return t, "en"


def pp_gorgias_vars():
    t = ch(["Hi {{ticket.customer.firstname}}, your order {{ticket.customer.integrations.shopify.orders[0].name}} shipped with {{tracking_company}} ({{tracking_number}}).",
            "Hallo %customer.firstName%, deine Bestellung %order.number% ist unterwegs: %shipment.trackingUrl%",
            "Bonjour {%customer.firstName%}, votre avoir {%credit.code%} est valable jusqu'au {%credit.expiry%}.",
            "Hola {{customer.first_name | default: 'cliente'}}, tu código de devolución es {{rma.code}}.",
            "{{customer.last_name}}様、返品番号は {{rma.number}} です。",
            "Hej {customer_first_name}, din kod {coupon_code} gäller till {expiry_date}."])
    return "snippet for the new canned reply:\n> " + t, "en"


def pp_postman():
    body = json.dumps({"name": "helpdesk-prod", "values": [{"key": "zendesk_api_token", "value": "", "type": "secret", "enabled": True},
                                                          {"key": "shopify_token", "value": "{{vault:shopify-admin}}", "type": "secret", "enabled": True},
                                                          {"key": "base_url", "value": "https://{{subdomain}}.zendesk.com", "type": "default", "enabled": True}]}, indent=2)
    return "shared Postman env (values empty on purpose, fill locally):\n" + fence(body, "json"), "en"


def pp_compose():
    body = ("services:\n  returns-portal:\n    environment:\n      DB_PASSWORD: ${DB_PASSWORD:?set DB_PASSWORD}\n      PSP_API_KEY: ${PSP_API_KEY}\n      SESSION_SECRET: changeme\n"
            "  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: postgres")
    return "local dev compose, defaults only:\n" + fence(body, "yaml"), "en"


def pp_k8s_ref():
    body = ("env:\n  - name: ZENDESK_API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: helpdesk-credentials\n        key: api-token\n"
            "  - name: CARRIER_API_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: carrier-credentials\n        key: password")
    return fence(body, "yaml"), "en"


def pp_jwt_placeholder():
    t = ch(["Authorization: Bearer <JWT from the customer-portal login>",
            "the portal sends `Authorization: Bearer eyJhbGciOi…` — I cut it, it's a customer session, don't paste full ones",
            "Authorization: Bearer {{customer_session_token}}",
            "Token im Header: `Bearer <session-jwt>` (nicht vollständig posten!)"])
    return t, "en"


def pp_bulk_csv():
    body = "order_id,refund_amount,currency,iban,reason\n<order id>,<amount>,EUR,<IBAN or empty for original method>,<reason code>\n100000001,0.00,EUR,,EXAMPLE_ROW_DELETE_ME"
    return ch(["template for the bulk refund import:", "Vorlage für den Sammel-Import:", "plantilla de importación masiva:"]) + "\n" + fence(body, "csv"), "en"


def pp_masked_contact():
    t = ch(["Requester: j•••••@g••••.com, phone •••• ••• •• 12 — verified via the order number, OK to proceed.",
            "Kontakt: m*****@w**.de / Tel. ***-****-**89",
            "Contact : c*****@o*****.fr, tél. ** ** ** ** 41",
            "連絡先：t****@y****.co.jp／電話 ***-****-**21"])
    return t, "en"


def pp_test_accounts():
    t = ch(["Staging login for the returns portal: user `demo`, password `demo` (staging only, resets nightly).",
            "Sandbox PSP: any name, card from the processor's test docs, CVC `123`, expiry any future date — never real cards.",
            "Test-Kunde im Staging: Benutzer `test-customer`, Passwort `<siehe 1Password: Staging>`."])
    return t, "en"


PP = [pp_macro, pp_macro, pp_env_example, pp_masked_card, pp_masked_iban, pp_curl_docs, pp_helm, pp_gha, pp_vendor_prefixes, pp_aws_example, pp_redacted_export,
      pp_form_html, pp_phone_placeholders, pp_connstr, pp_webhook_secret_docs, pp_gorgias_vars, pp_postman, pp_compose, pp_k8s_ref, pp_jwt_placeholder,
      pp_bulk_csv, pp_masked_contact, pp_test_accounts]


# ---------------------------------------------------------------- code_identifier
PKG = ["com.lumora.support", "com.nordkite.payments", "io.kasaliving.returns", "de.velodepot.helpdesk"]
WORDS = ["Card", "Token", "Secret", "Password", "Iban", "Refund", "Webhook", "Signature", "Credential", "Pan", "Cvv", "Phone", "Email", "ApiKey", "Session", "Masked", "Vault", "Payout"]


def camel(n=3):
    w = [ch(WORDS) for _ in range(n)]
    return w[0][0].lower() + w[0][1:] + "".join(w[1:])


def pascal(n=3):
    return "".join(ch(WORDS) for _ in range(n))


def nc_python_mask():
    code = ('def mask_card_number(pan: str) -> str:\n    digits = re.sub(r"\\D", "", pan)\n    return "•••• " + digits[-4:] if len(digits) >= 12 else "••••"\n\n\n'
            'def redact_ticket_body(body: str) -> str:\n    body = CARD_NUMBER_RE.sub(lambda m: mask_card_number(m.group(0)), body)\n    body = IBAN_RE.sub("[IBAN]", body)\n    return PHONE_RE.sub("[PHONE]", body)')
    return ch(["PR for the PCI filter in the helpdesk bridge:", "PR für den PCI-Filter:", "PR del filtro PCI:"]) + "\n" + fence(code, "python"), "en"


def nc_java_trace():
    p = ch(PKG)
    exc = ch(["RefundTokenExpiredException", "PaymentMethodTokenNotFoundException", "WebhookSignatureMismatchException", "CardNumberValidationException", "IbanChecksumException"])
    frames = []
    for _ in range(ri(5, 22)):
        frames.append(f"\tat {p}.{ch(['refund', 'psp', 'webhook', 'ticket', 'vault'])}.{pascal(2)}{ch(['Service', 'Handler', 'Client', 'Resolver', 'Validator'])}.{camel(3)}({pascal(2)}.java:{ri(20, 900)})")
    frames.append("\tat java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1144)")
    head = f"{iso_z(True)} ERROR [refund-worker-{ri(1, 8)}] {p}.refund.RefundJob - refund failed for order {plain_order()}\n{p}.errors.{exc}: {ch(['token expired', 'signature mismatch', 'checksum failed', 'not found in vault'])}"
    return fence(head + "\n" + "\n".join(frames)), "en"


def nc_py_traceback():
    body = (f"Traceback (most recent call last):\n  File \"/app/refund_service/handlers.py\", line {ri(20, 400)}, in handle_refund_webhook\n"
            f"    verify_signature(request.headers[\"Stripe-Signature\"], payload, settings.STRIPE_WEBHOOK_SECRET)\n"
            f"  File \"/app/refund_service/security.py\", line {ri(10, 90)}, in verify_signature\n    raise SignatureVerificationError(\"No signatures found matching the expected signature for payload\")\n"
            f"stripe.error.SignatureVerificationError: No signatures found matching the expected signature for payload")
    alt = (f"Traceback (most recent call last):\n  File \"/app/bridge/settings.py\", line {ri(5, 60)}, in <module>\n    ZENDESK_API_TOKEN = os.environ[\"ZENDESK_API_TOKEN\"]\n"
           f"  File \"/usr/local/lib/python3.12/os.py\", line 714, in __getitem__\n    raise KeyError(key) from None\nKeyError: 'ZENDESK_API_TOKEN'")
    return ch(["refund webhook 500s since this morning:", "bridge won't start in staging:", "Webhook wirft 500er:", "le webhook plante :"]) + "\n" + fence(ch([body, alt])), "en"


def nc_sql_schema():
    body = ("CREATE TABLE payment_methods (\n  id               BIGSERIAL PRIMARY KEY,\n  order_id         BIGINT NOT NULL REFERENCES orders(id),\n"
            "  card_brand       TEXT,\n  card_last4       CHAR(4),\n  card_fingerprint TEXT,\n  iban_masked      TEXT,\n  psp_token_ref    TEXT,\n  created_at       TIMESTAMPTZ DEFAULT now()\n);\n"
            "CREATE INDEX payment_methods_fingerprint_idx ON payment_methods (card_fingerprint);\n"
            "ALTER TABLE customers DROP COLUMN password_reset_token, ADD COLUMN password_reset_token_hash BYTEA;")
    return ch(["migration for the PCI scope reduction:", "Migration für den PCI-Umbau:", "migración para reducir el alcance PCI:"]) + "\n" + fence(body, "sql"), "en"


def nc_ts_interface():
    body = ("export interface RefundRequest {\n  orderId: string;\n  amountMinor: number;\n  bankAccountIban?: string; // only for bank-transfer refunds\n"
            "  payoutTokenRef?: string;\n  customerPhoneE164?: string;\n}\n\nexport const refundSchema = z.object({\n  orderId: z.string().regex(/^\\d{9,10}$/),\n"
            "  bankAccountIban: z.string().refine(isValidIban, 'invalid IBAN').optional(),\n});")
    return "types for the new refund endpoint:\n" + fence(body, "ts"), "en"


def nc_yaml_keys():
    body = ("helpdesk:\n  apiTokenSecretRef:\n    name: helpdesk-api-token\n    key: token\n  webhookSigningSecretRef:\n    name: helpdesk-webhook\n    key: signing-secret\n"
            "psp:\n  clientKeyRef: adyen-client-key\n  hmacKeyRef: adyen-hmac-key\n  passwordRotationDays: 90\nsftp:\n  privateKeyPath: /var/run/secrets/sftp/id_ed25519\n  knownHostsPath: /etc/ssh/known_hosts")
    return "values.yaml for the bridge (refs only):\n" + fence(body, "yaml"), "en"


def nc_terraform():
    body = ('resource "aws_secretsmanager_secret" "stripe_webhook_signing_secret" {\n  name = "support/stripe/webhook-signing-secret"\n}\n\n'
            'resource "aws_secretsmanager_secret_rotation" "zendesk_api_token" {\n  secret_id           = aws_secretsmanager_secret.zendesk_api_token.id\n  rotation_lambda_arn = aws_lambda_function.rotate_helpdesk_token.arn\n}')
    return "plan output mentions these two, both are expected:\n" + fence(body, "hcl"), "en"


def nc_rails_filter():
    body = "Rails.application.config.filter_parameters += [\n  :password, :password_confirmation, :card_number, :cvv, :iban,\n  :ssn, :api_token, :otp_secret, :phone\n]"
    return ch(["we're missing :iban in the log filter, fixed:", "IBAN fehlte im Log-Filter:", "brakowało :iban w filtrze logów:"]) + "\n" + fence(body, "ruby"), "en"


def nc_magento():
    body = (f"PHP Fatal error:  Uncaught Magento\\Framework\\Exception\\LocalizedException: Invalid Credit Card Number in /var/www/html/vendor/magento/module-payment/Model/Method/Cc.php:{ri(100, 300)}\n"
            f"#0 /var/www/html/vendor/magento/module-payment/Model/Method/Cc.php({ri(100, 300)}): Magento\\Payment\\Model\\Method\\Cc->validateCcNum()\n"
            f"#1 /var/www/html/app/code/Lumora/Refund/Model/StoredCardValidator.php({ri(10, 99)}): Magento\\Payment\\Model\\Method\\Cc->validate()")
    return fence(body), "en"


def nc_go_panic():
    body = (f"panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x{hexs(2)} pc=0x{hexs(6)}]\n\n"
            f"goroutine {ri(10, 900)} [running]:\ngithub.com/{shop()}/helpdesk-bridge/internal/hmac.(*Verifier).VerifySignature(0x0, {{0xc000{hexs(6)}, 0x{hexs(3)}, 0x{hexs(3)}}})\n"
            f"\t/src/internal/hmac/verify.go:{ri(20, 120)} +0x{hexs(2)}\ngithub.com/{shop()}/helpdesk-bridge/internal/webhooks.(*Handler).HandleTicketEvent(...)\n"
            f"\t/src/internal/webhooks/ticket.go:{ri(20, 200)} +0x{hexs(3)}")
    return "bridge crashed after config reload (secret provider returned nil):\n" + fence(body), "en"


def nc_log_lines():
    lines = []
    t0 = iso_z(True)[:14]
    for _ in range(ri(3, 9)):
        lines.append(f"{t0}{ri(0, 59):02d}:{ri(0, 59):02d}.{ri(0, 999):03d}Z {ch(['WARN', 'INFO', 'ERROR'])} {ch(['PasswordResetTokenService', 'PaymentTokenVault', 'ApiKeyRotationJob', 'CardFingerprintIndexer', 'PhoneVerificationService'])} "
                     f"{ch(['token expired', 'rotation scheduled', 'lookup miss', 'rate limited', 'otp resent'])} customer_id={ri(100000, 9999999)} request_id={uuid4()}")
    lines.sort()
    return fence("\n".join(lines)), "en"


def nc_regex_rules():
    body = ('CARD_NUMBER_RE = re.compile(r"\\b(?:\\d[ -]?){13,19}\\b")\nIBAN_RE = re.compile(r"\\b[A-Z]{2}\\d{2}(?: ?[A-Z0-9]){11,30}\\b")\n'
            'PHONE_RE = re.compile(r"\\+?\\d[\\d ()/-]{7,}\\d")\nSSN_RE = re.compile(r"\\b\\d{3}-\\d{2}-\\d{4}\\b")\nEMAIL_RE = re.compile(r"[\\w.+-]+@[\\w-]+\\.[\\w.]+")')
    return ch(["these are the patterns the ticket scrubber uses, the phone one is way too greedy (eats order numbers):",
               "Die Muster vom Ticket-Scrubber, das Telefon-Muster frisst Bestellnummern:",
               "los patrones del limpiador de tickets; el de teléfono se come los números de pedido:"]) + "\n" + fence(body, "python"), "en"


def nc_graphql():
    body = ("type Customer {\n  id: ID!\n  email: String @sensitive\n  phone: String @sensitive\n  defaultPaymentMethod: PaymentMethod\n}\n\n"
            "type PaymentMethod {\n  brand: CardBrand\n  last4: String\n  expiresAt: String\n  tokenRef: String @internal\n}\n\n"
            "type Mutation {\n  rotateApiToken(integrationId: ID!): RotateApiTokenPayload\n  requestPasswordReset(customerId: ID!): Boolean\n}")
    return "schema for the agent app:\n" + fence(body, "graphql"), "en"


def nc_flags():
    fl = ["support.mask_card_numbers_in_macros", "support.block_password_in_chat", "checkout.require_3ds_high_risk", "returns.iban_refunds_enabled",
          "helpdesk.rotate_api_token_weekly", "payments.vault_card_tokens", "support.phone_verification_for_email_change"]
    return ch(["flags flipped today:", "heute umgeschaltet:", "flags activés aujourd'hui :"]) + "\n" + "\n".join(f"• `{f}` → {ch(['on', 'off', '50 %'])}" for f in R.sample(fl, ri(2, 5))), "en"


def nc_kotlin():
    body = ("class PaymentTokenRepository(\n    private val vault: CardTokenVault,\n    private val api: PspApi,\n) {\n"
            "    suspend fun refreshAccessToken(): AccessToken = api.refreshAccessToken(vault.currentRefreshToken())\n"
            "    fun maskedPan(token: CardToken): String = \"•••• ${token.last4}\"\n}")
    return "android app, order-history screen:\n" + fence(body, "kotlin"), "en"


def nc_dotnet():
    body = (f"System.UnauthorizedAccessException: Helpdesk API token rejected\n   at Lumora.Support.Integrations.Zendesk.ApiTokenProvider.GetTokenAsync(CancellationToken ct) in /src/Integrations/Zendesk/ApiTokenProvider.cs:line {ri(20, 200)}\n"
            f"   at Lumora.Support.Integrations.Zendesk.TicketClient.UpdateTicketAsync(Int64 ticketId, TicketUpdate update) in /src/Integrations/Zendesk/TicketClient.cs:line {ri(20, 200)}\n"
            f"   at Lumora.Support.Jobs.SyncRefundStatusJob.ExecuteAsync(IJobExecutionContext context) in /src/Jobs/SyncRefundStatusJob.cs:line {ri(20, 200)}")
    return fence(body), "en"


def nc_node_trace():
    body = (f"Error: Invalid webhook signature\n    at verifyShopifyHmac (/app/src/webhooks/shopify.ts:{ri(20, 90)}:{ri(5, 30)})\n    at handleOrderPaid (/app/src/webhooks/orders.ts:{ri(10, 90)}:{ri(5, 30)})\n"
            f"    at Layer.handle [as handle_request] (/app/node_modules/express/lib/router/layer.js:95:5)\n    at next (/app/node_modules/express/lib/router/route.js:149:13)")
    return "Shopify webhooks failing on the new host:\n" + fence(body), "en"


def nc_manifest():
    body = json.dumps({"name": "Order Lookup", "version": f"{ri(1, 4)}.{ri(0, 12)}.{ri(0, 9)}", "frameworkVersion": "2.0", "location": {"support": {"ticket_sidebar": "assets/iframe.html"}},
                       "parameters": [{"name": "shopify_token", "type": "text", "secure": True, "required": True}, {"name": "psp_api_key", "type": "text", "secure": True},
                                      {"name": "mask_payment_details", "type": "checkbox", "default": True}]}, indent=2)
    return "sidebar app manifest, both credentials are `secure: true` so they never reach the browser:\n" + fence(body, "json"), "en"


def nc_dbt():
    body = ("select\n    order_id,\n    mask_email(customer_email)   as customer_email_masked,\n    sha256(lower(customer_email)) as customer_key,\n"
            "    left(card_last4, 0) || '••••' as card_display,\n    iban_country(iban)            as refund_country\nfrom {{ ref('stg_refunds') }}")
    return "BI model for refunds, no raw PII leaves the staging layer:\n" + fence(body, "sql"), "en"


def nc_rust():
    body = ("use secrecy::{ExposeSecret, SecretString};\n\npub struct CarrierCredentials {\n    pub username: String,\n    pub password: SecretString,\n    pub api_key: SecretString,\n}\n\n"
            "impl CarrierCredentials {\n    pub fn basic_auth_header(&self) -> String {\n        encode_basic(&self.username, self.password.expose_secret())\n    }\n}")
    return "label-service rewrite:\n" + fence(body, "rust"), "en"


def nc_printenv():
    names = ["ZENDESK_API_TOKEN", "SHOPIFY_ADMIN_TOKEN", "STRIPE_WEBHOOK_SECRET", "CARRIER_API_PASSWORD", "SFTP_PRIVATE_KEY_PATH", "SLACK_BOT_TOKEN", "OPENAI_API_KEY"]
    return "$ printenv | cut -d= -f1 | grep -iE 'token|secret|password|key'\n" + "\n".join(R.sample(names, ri(3, 7))), "en"


def nc_jest():
    tests = ["masks card numbers in macro previews", "never logs the PSP api key", "rejects refunds to an IBAN with a bad checksum", "strips passwords from chat transcripts",
             "hides phone numbers in the agent sidebar for tier 1", "rotates the helpdesk token before expiry"]
    lines = [f"  {ch(['✓', '✓', '✕'])} {t} ({ri(2, 90)} ms)" for t in R.sample(tests, ri(3, 6))]
    return fence(f" PASS  src/redaction/{ch(['mask', 'scrub', 'pci'])}.test.ts\n" + "\n".join(lines)), "en"


def nc_openapi():
    body = ("components:\n  securitySchemes:\n    bearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT\n    apiKeyHeader:\n      type: apiKey\n      in: header\n      name: X-Api-Key\n"
            "paths:\n  /refunds:\n    post:\n      security:\n        - bearerAuth: []\n        - apiKeyHeader: []")
    return "spec for the partner refunds API:\n" + fence(body, "yaml"), "en"


def nc_semgrep():
    body = ("rules:\n  - id: no-hardcoded-psp-api-key\n    pattern: $CLIENT(api_key=\"...\")\n    message: PSP api key must come from the secret store\n    severity: ERROR\n"
            "  - id: no-card-number-in-logs\n    pattern: logger.$LEVEL(..., card_number=$X, ...)\n    severity: WARNING")
    return fence(body, "yaml"), "en"


def nc_identifiers_chat():
    t = ch(["`getMaskedCardDisplay()` returns `•••• null` when the PSP token has no last4 — who owns `PaymentMethodPresenter`?",
            "renamed `customer_password_plain` → `customer_password_hash` in the export job, the old column was always empty anyway",
            "`RefundIbanValidator.validateChecksum` is called twice per request, that's why the form feels slow",
            "Die Methode `resetPasswordTokenTtl` heißt jetzt `passwordResetTokenTtlSeconds`.",
            "La fonction `verifierSignatureWebhook` ne gère pas les secrets tournants.",
            "`apiKeyRotationDueAt` は UTC で保存されています。",
            "`phoneVerificationOtpLength` 改成 6 了，老的客户端还是 4"])
    return t, "en"


NC = [nc_python_mask, nc_java_trace, nc_py_traceback, nc_sql_schema, nc_ts_interface, nc_yaml_keys, nc_terraform, nc_rails_filter, nc_magento, nc_go_panic,
      nc_log_lines, nc_regex_rules, nc_graphql, nc_flags, nc_kotlin, nc_dotnet, nc_node_trace, nc_manifest, nc_dbt, nc_rust, nc_printenv, nc_jest, nc_openapi,
      nc_semgrep, nc_identifiers_chat, nc_java_trace]


# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": ["Customer pasted their full card number into the chat again. I deleted the message and sent the secure payment link instead.",
           "Reminder: we never ask for the CVV, the full card number or the online-banking password. Not on chat, not on the phone.",
           "I rotated the helpdesk API token this morning; the new one is in the team vault under 'Helpdesk prod'. Update your local .env from there.",
           "Someone committed the carrier API password to the macro repo last week. It's been revoked and rewritten out of history.",
           "If a customer wants to change the email on the account, verify them with the order number and the last 4 digits of the card, nothing else.",
           "Do we store the IBAN for bank-transfer refunds anywhere after payout? Legal says it should be deleted after 30 days.",
           "The Slack bot token for #order-alerts expired, that's why nothing posted overnight. Rotation is on me.",
           "Please stop asking customers to send a photo of their card. The masked display in the sidebar is enough to match the payment.",
           "Phone numbers in ticket exports are now hashed before they go to BI.",
           "Can someone explain why the password reset mail takes 20 minutes? Customers keep asking us to 'just set a password' for them, which we can't.",
           "The PSP support asked for our API key in an email. That's phishing — forwarded to security.",
           "The SSH key for the 3PL SFTP lives only on the export box; nobody needs a copy on their laptop."],
    "de": ["Kunde hat schon wieder seine komplette Kartennummer in den Chat geschrieben. Nachricht gelöscht, sicheren Zahlungslink geschickt.",
           "Zur Erinnerung: Wir fragen niemals nach PIN, CVC oder Online-Banking-Passwort.",
           "Ich habe den API-Token fürs Helpdesk rotiert, der neue liegt im Team-Tresor.",
           "Bitte keine IBANs in interne Notizen kopieren, nur über das Erstattungsformular.",
           "Die Telefonnummer des Kunden gehört ins CRM, nicht in den Slack-Thread.",
           "Wer hat das Passwort für das Carrier-Portal geändert? Der Export läuft seit heute Nacht nicht mehr.",
           "Wenn jemand die E-Mail-Adresse am Konto ändern will: erst über Bestellnummer verifizieren."],
    "fr": ["Le client a encore collé son numéro de carte complet dans le chat, j'ai supprimé le message.",
           "Rappel : on ne demande jamais le cryptogramme ni le mot de passe bancaire.",
           "J'ai renouvelé le jeton API du helpdesk, le nouveau est dans le coffre de l'équipe.",
           "Merci de ne pas recopier les IBAN dans les notes internes, passez par le formulaire sécurisé.",
           "Le numéro de téléphone du client va dans le CRM, pas dans Slack.",
           "Quelqu'un connaît le mot de passe du portail transporteur ? Non, ne le mettez pas ici, envoyez-le par le coffre."],
    "es": ["El cliente volvió a pegar el número completo de la tarjeta en el chat; borré el mensaje.",
           "Recordatorio: nunca pedimos el CVV ni la contraseña de la banca online.",
           "He rotado el token de la API del helpdesk, el nuevo está en la bóveda del equipo.",
           "No copiéis el IBAN en las notas internas, solo a través del formulario de reembolso.",
           "¿Alguien sabe por qué caducó la clave de la API del transportista? Nadie la cambió a mano.",
           "El teléfono del cliente va en el CRM, no en el hilo de Slack."],
    "pt": ["O cliente mandou o número completo do cartão no chat de novo, apaguei a mensagem.",
           "Lembrete: nunca pedimos o CVV nem a senha do banco.",
           "Troquei o token da API do helpdesk, o novo está no cofre da equipe.",
           "Não coloquem o IBAN nas notas internas, só pelo formulário seguro.",
           "A senha do portal da transportadora expirou, quem tem acesso ao cofre pode renovar?"],
    "it": ["Il cliente ha di nuovo incollato il numero completo della carta in chat, ho cancellato il messaggio.",
           "Promemoria: non chiediamo mai il CVV né la password dell'home banking.",
           "Ho ruotato il token API dell'helpdesk, quello nuovo è nel vault del team.",
           "Niente IBAN nelle note interne, solo tramite il modulo di rimborso.",
           "La password del portale del corriere è scaduta, chi può rinnovarla?"],
    "nl": ["Klant heeft weer zijn volledige kaartnummer in de chat gezet, bericht verwijderd.",
           "Ter herinnering: we vragen nooit naar de pincode, de CVC of het wachtwoord van internetbankieren.",
           "Ik heb het API-token van de helpdesk vernieuwd, het nieuwe staat in de teamkluis.",
           "Zet geen IBAN's in interne notities, alleen via het terugbetalingsformulier.",
           "Het telefoonnummer van de klant hoort in het CRM, niet in Slack."],
    "pl": ["Klient znowu wkleił pełny numer karty na czacie, usunąłem wiadomość.",
           "Przypomnienie: nigdy nie prosimy o kod CVV ani hasło do bankowości.",
           "Zmieniłem token API helpdesku, nowy jest w sejfie zespołu.",
           "Nie wpisujcie numerów IBAN do notatek, tylko przez formularz zwrotu.",
           "Hasło do panelu przewoźnika wygasło, kto ma dostęp do sejfu?"],
    "sv": ["Kunden klistrade in hela kortnumret i chatten igen, jag tog bort meddelandet.",
           "Påminnelse: vi frågar aldrig efter CVC eller lösenordet till internetbanken.",
           "Jag har roterat API-token för helpdesken, den nya ligger i teamets valv."],
    "tr": ["Müşteri yine kart numarasının tamamını sohbete yazdı, mesajı sildim.",
           "Hatırlatma: CVV veya internet bankacılığı şifresini asla istemiyoruz.",
           "Helpdesk API anahtarını yeniledim, yenisi ekibin kasasında."],
    "ru": ["Клиент снова вставил полный номер карты в чат, я удалил сообщение.",
           "Напоминание: мы никогда не спрашиваем CVV и пароль от интернет-банка.",
           "Я обновил API-токен хелпдеска, новый лежит в командном хранилище.",
           "Не копируйте IBAN во внутренние заметки, только через форму возврата."],
    "ja": ["お客様がまたチャットにカード番号を全部貼り付けていました。メッセージは削除済みです。",
           "念のため：セキュリティコードやネットバンキングのパスワードは絶対に聞かないでください。",
           "ヘルプデスクのAPIトークンをローテーションしました。新しいものはチームの保管庫にあります。",
           "電話番号はCRMに入れてください。Slackには書かないように。",
           "配送業者ポータルのパスワードが期限切れです。保管庫にアクセスできる人、更新お願いします。"],
    "zh": ["客户又把完整的银行卡号发到聊天里了，我已经删除了那条消息。",
           "提醒：我们绝不向客户索要CVV或网银密码。",
           "我轮换了客服系统的API令牌，新的放在团队密码库里。",
           "客户的电话号码请记录在CRM里，不要发在Slack。"],
    "ko": ["고객이 또 카드 번호 전체를 채팅에 붙여 넣었습니다. 메시지는 삭제했어요.",
           "다시 한번: CVV나 인터넷뱅킹 비밀번호는 절대 묻지 않습니다.",
           "헬프데스크 API 토큰을 교체했습니다. 새 토큰은 팀 금고에 있어요."],
}

RUNBOOK = {
    "en": ("Leaked credential runbook (support tools)", ["Revoke the token in the vendor console first, then tell #sec-incidents.", "Do not paste the leaked value into Slack or a ticket, link the commit instead.",
                                                         "Create the new key in the vault, never in a DM.", "Check the audit log for use of the old key since the leak.", "Close the loop in the incident doc."]),
    "de": ("Runbook: Zugangsdaten geleakt", ["Token zuerst beim Anbieter sperren.", "Den geleakten Wert nicht in Slack posten.", "Neuen Schlüssel nur im Tresor anlegen.", "Audit-Log auf Nutzung prüfen."]),
    "fr": ("Procédure : fuite d'identifiants", ["Révoquer d'abord le jeton chez le fournisseur.", "Ne jamais recoller la valeur dans Slack.", "Créer la nouvelle clé dans le coffre.", "Vérifier le journal d'audit."]),
    "es": ("Runbook: credencial filtrada", ["Revocar primero el token en la consola del proveedor.", "No pegar el valor filtrado en Slack.", "Crear la nueva clave solo en la bóveda."]),
    "ja": ("手順：認証情報の漏えい", ["まずベンダー側でトークンを無効化する。", "漏えいした値をSlackに貼らない。", "新しいキーは保管庫で作成する。"]),
}


_CYC = {}


def cyc(name, keys):
    if not _CYC.get(name):
        _CYC[name] = sorted(keys)
        R.shuffle(_CYC[name])
    return _CYC[name].pop()


def nt_single():
    lang = cyc("single", TALK)
    return ch(TALK[lang]), lang


def nt_thread():
    lang = cyc("thread", TALK)
    roles = ["tier1", "tier2", "payments-ops", "returns-lead", "it-support", "shift-lead", "bot-maintainer"]
    msgs = R.sample(TALK[lang], min(len(TALK[lang]), ri(2, 4)))
    return "\n".join(f"[{ri(7, 22):02d}:{ri(0, 59):02d}] {ch(roles)}: {m}" for m in msgs), lang


def nt_runbook():
    lang = ch(list(RUNBOOK))
    title, steps = RUNBOOK[lang]
    return f"*{title}*\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1)), lang


_CANNED = []


def nt_canned():
    replies = {
        "en": "For your security we will never ask for your password, full card number or security code. If someone claiming to be us asks, please don't share it and forward the message to us.",
        "de": "Zu deiner Sicherheit fragen wir niemals nach deinem Passwort, deiner vollständigen Kartennummer oder deinem Sicherheitscode.",
        "fr": "Pour votre sécurité, nous ne vous demanderons jamais votre mot de passe, votre numéro de carte complet ni votre cryptogramme.",
        "es": "Por tu seguridad, nunca te pediremos tu contraseña, el número completo de tu tarjeta ni el código de seguridad.",
        "pt": "Para sua segurança, nunca pediremos sua senha, o número completo do cartão ou o código de segurança.",
        "it": "Per la tua sicurezza non ti chiederemo mai la password, il numero completo della carta o il codice di sicurezza.",
        "nl": "Voor je veiligheid vragen we nooit om je wachtwoord, volledige kaartnummer of beveiligingscode.",
        "pl": "Dla Twojego bezpieczeństwa nigdy nie poprosimy o hasło, pełny numer karty ani kod CVV.",
        "sv": "För din säkerhet ber vi aldrig om ditt lösenord, hela kortnumret eller säkerhetskoden.",
        "tr": "Güvenliğiniz için şifrenizi, kartınızın tamamını veya güvenlik kodunu asla istemeyiz.",
        "ru": "В целях безопасности мы никогда не запрашиваем пароль, полный номер карты или код безопасности.",
        "ja": "お客様の安全のため、パスワード、カード番号の全桁、セキュリティコードをお伺いすることは一切ございません。",
        "zh": "为了您的安全，我们绝不会向您索要密码、完整卡号或安全码。",
        "ko": "고객님의 안전을 위해 비밀번호, 카드 번호 전체, 보안 코드는 절대 요청하지 않습니다.",
        "ar": "حفاظًا على أمانك، لن نطلب منك أبدًا كلمة المرور أو رقم البطاقة الكامل أو رمز الأمان.",
        "hi": "आपकी सुरक्षा के लिए हम कभी भी आपका पासवर्ड, पूरा कार्ड नंबर या सुरक्षा कोड नहीं मांगेंगे।",
    }
    global _CANNED
    if not _CANNED:
        _CANNED = sorted(replies)
        R.shuffle(_CANNED)
    lang = _CANNED.pop()
    return f"canned reply '{ch(['security-reminder', 'phishing-warning', 'payment-safety'])}' ({lang}) is live:\n> {replies[lang]}", lang


def nt_faq():
    qa = [("Q: Customer says they got an SMS asking for their card PIN 'from us'?", "A: Not us. Use the phishing macro, never ask them to read any numbers out."),
          ("Q: Can I reset a customer's password for them?", "A: No. Trigger the reset email from the admin; we never see or set passwords."),
          ("Q: Where is the API key for the label service?", "A: In the vault, folder 'support-tools'. If you don't have access, ask your lead — not in this channel."),
          ("Q: Customer wants the refund on a different IBAN than the one they paid with?", "A: Only via the secure refund form, which checks the account holder."),
          ("Q: A US customer sent their SSN for the financing application.", "A: We don't process that, delete the message and point them to the lender's portal."),
          ("Q: Can we text customers from our own phones?", "A: No, only through the helpdesk SMS channel so numbers don't end up on personal devices.")]
    return "\n\n".join(f"{q}\n{a}" for q, a in R.sample(qa, ri(2, 5))), "en"


def nt_incident():
    t = (f"*Incident {date_iso()} — token exposure (resolved)*\nWhat happened: a Slack bot token was visible in a CI log for ~{ri(10, 90)} minutes.\n"
         f"Impact: none found in the audit log.\nActions: token revoked, new one stored in the vault, CI masking fixed, log purged.\nFollow-up: add a secret scanner to the macro repo pipeline.")
    t2 = (f"*Vorfall {date_iso()} — Passwort im Ticket*\nEin Kunde hat sein Shop-Passwort in ein Ticket geschrieben. Ticket-Text wurde geschwärzt, Kunde wurde gebeten, das Passwort zu ändern.\n"
          f"Maßnahme: Makro 'Passwort geteilt' angelegt.")
    return ch([t, t2]), "en"


def nt_question():
    t = ch(["does anyone know if the PSP lets us see the full card number for chargeback disputes? (I assume no, and that's good)",
            "is it ok to keep customers' phone numbers in the shared returns spreadsheet? feels wrong",
            "where do I get the API key for the sandbox? the old wiki page says 'ask in #support-tools' but please don't post it here",
            "Weiß jemand, ob wir die Kontonummer nach der Erstattung löschen müssen?",
            "¿Podemos guardar el número de teléfono del cliente en las notas del pedido?",
            "Czy możemy trzymać hasła do portali przewoźników w arkuszu? (chyba nie)",
            "パスワードをメールで送ってほしいと言うお客様、どう対応すればいいですか？",
            "客户要求我们通过电话告诉他账户密码，怎么处理？",
            "Kann mir jemand sagen, ab wann die 2FA-Pflicht für Agenten gilt?"])
    return t, "en"


def nt_security_sync():
    items = ["Helpdesk API tokens now expire after 90 days.", "Agents can no longer see full phone numbers, only the last two digits.",
             "Card data never touches our systems; the PSP's hosted fields handle it.", "Passwords for carrier portals move from the spreadsheet into the vault.",
             "The chat widget now blocks messages that look like card numbers before they're sent.", "SSO is mandatory for the helpdesk from next month.",
             "Refund IBANs are deleted 30 days after payout."]
    return "Security sync notes:\n" + "\n".join(f"- {i}" for i in R.sample(items, ri(3, 6))), "en"


NT = [nt_single, nt_single, nt_single, nt_thread, nt_thread, nt_thread, nt_runbook, nt_canned, nt_canned, nt_faq, nt_incident, nt_question, nt_question, nt_security_sync]


# ============================================================================= POSITIVES
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat", "github_fine_grained_pat",
         "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem", "slack_bot_token", "slack_user_token",
         "url_credentials", "us_ssn"]

B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def v_anthropic():
    return "sk-ant-api03-" + rs(ALNUM + "-_", 93) + "AA"


def v_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(B32, 16)


def v_aws_secret():
    while True:
        s = rs(ALNUM + "/+", 40)
        if any(c in s for c in "/+") and any(c.isdigit() for c in s):
            return s


def v_card():
    brand = ch(["visa", "visa", "mc", "mc2", "amex", "discover", "jcb"])
    if brand == "visa":
        num, grp = luhn_complete("4" + rs(string.digits, 14)), [4, 4, 4, 4]
    elif brand == "mc":
        num, grp = luhn_complete(str(ri(51, 55)) + rs(string.digits, 13)), [4, 4, 4, 4]
    elif brand == "mc2":
        num, grp = luhn_complete(str(ri(2221, 2720)) + rs(string.digits, 11)), [4, 4, 4, 4]
    elif brand == "amex":
        num, grp = luhn_complete(ch(["34", "37"]) + rs(string.digits, 12)), [4, 6, 5]
    elif brand == "discover":
        num, grp = luhn_complete("6011" + rs(string.digits, 11)), [4, 4, 4, 4]
    else:
        num, grp = luhn_complete(str(ri(3528, 3589)) + rs(string.digits, 11)), [4, 4, 4, 4]
    assert luhn_ok(num)
    sep = ch(["", " ", " ", "-"])
    if sep == "":
        return num, brand
    parts, i = [], 0
    for g in grp:
        parts.append(num[i:i + g])
        i += g
    return sep.join(parts), brand


FIRST = ["marta", "jonas", "lea", "tomasz", "camille", "lucia", "pieter", "sofia", "emre", "yuki", "min-jun", "ingrid", "rafael", "chiara", "oskar", "ana", "noah", "elif", "hana", "mateo"]
LAST = ["kowalczyk", "brandt", "lefevre", "navarro", "de-vries", "rossi", "lindqvist", "yilmaz", "tanaka", "park", "silva", "novak", "moreau", "schneider", "jansen", "ferreira", "ivanova", "okafor"]
MAILDOM = ["gmail.com", "web.de", "gmx.de", "outlook.com", "orange.fr", "hotmail.es", "libero.it", "ziggo.nl", "wp.pl", "yahoo.co.jp", "icloud.com", "naver.com", "t-online.de", "proton.me", "telia.se"]


def v_email():
    f, l = ch(FIRST), ch(LAST)
    local = ch([f"{f}.{l}", f"{f[0]}.{l}", f"{f}{l}{ri(1, 99)}", f"{f}_{l}", f"{f}.{l}+orders", f"{l}.{f}{ri(70, 99)}"])
    return local.replace("-", "") + "@" + ch(MAILDOM)


def _b62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_ghp():
    body = rs(ALNUM, 30)
    return "ghp_" + body + _b62(zlib.crc32(body.encode()) & 0xffffffff, 6)


def v_gh_fine():
    return "github_pat_11" + rs(UPD, 20) + "_" + rs(ALNUM, 59)


def v_iban(cc=None):
    cc = cc or ch(["DE", "DE", "FR", "NL", "ES", "IT", "PL", "AT", "BE", "GB", "CH", "SE", "PT"])
    if cc == "DE":
        bban = rs(string.digits, 8) + rs(string.digits, 10)
    elif cc == "FR":
        bank, br, acct = rs(string.digits, 5), rs(string.digits, 5), rs(string.digits, 11)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acct)) % 97)
        bban = bank + br + acct + f"{key:02d}"
    elif cc == "NL":
        bban = ch(["ABNA", "INGB", "RABO", "SNSB", "TRIO", "KNAB"]) + rs(string.digits, 10)
    elif cc == "ES":
        bban = rs(string.digits, 20)
    elif cc == "IT":
        bban = ch(UP) + rs(string.digits, 10) + rs(string.digits, 12)
    elif cc == "PL":
        bban = rs(string.digits, 24)
    elif cc == "AT":
        bban = rs(string.digits, 16)
    elif cc == "BE":
        first = rs(string.digits, 10)
        c = int(first) % 97 or 97
        bban = first + f"{c:02d}"
    elif cc == "GB":
        bban = ch(["NWBK", "BARC", "LOYD", "HBUK", "MONZ"]) + rs(string.digits, 14)
    elif cc == "CH":
        bban = rs(string.digits, 5) + rs(string.digits, 12)
    elif cc == "SE":
        bban = rs(string.digits, 20)
    else:
        bban = rs(string.digits, 21)
    ib = iban_make(cc, bban)
    assert mod97(ib) == 1 and len(ib) == IBAN_LEN[cc]
    return group4(ib) if chance(0.55) else ib


def v_ip():
    while True:
        ip = f"{ri(1, 223)}.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
        if is_public_ip(ip):
            return ip


def v_jwt():
    rs256 = chance(0.4)
    hdr = {"alg": "RS256", "typ": "JWT", "kid": hexs(16)} if rs256 else {"alg": "HS256", "typ": "JWT"}
    iat = epoch()
    pl = ch([{"sub": f"cust_{ri(100000, 9999999)}", "iss": f"https://account.{shop()}.com", "aud": "returns-portal", "iat": iat, "exp": iat + 3600, "sid": uuid4()},
             {"sub": str(ri(10000000, 99999999)), "role": "agent", "scope": "tickets:read tickets:write refunds:create", "iat": iat, "exp": iat + 28800},
             {"shop": f"{shop()}.myshopify.com", "order_id": plain_order(), "iat": iat, "exp": iat + 900, "jti": uuid4()}])
    sig = b64url(rbytes(256 if rs256 else 32))
    return b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64url(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def v_openai():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(ALNUM + "-_", 74) + "T3BlbkFJ" + rs(ALNUM + "-_", 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(ALNUM + "-_", 74) + "T3BlbkFJ" + rs(ALNUM + "-_", 74)


PWWORDS = ["Lager", "Retoure", "Paket", "Kiste", "Nordlicht", "Sommer", "Kanal", "Fjord", "Tulpe", "Brise", "Mistral", "Falke", "Wolke", "Anker"]


def v_password(url_safe=False):
    sym = "!#%&*-_.?+=" if not url_safe else "-_.~!*"
    k = ri(0, 2)
    if k == 0:
        while True:
            s = rs(ALNUM + sym, ri(12, 22))
            if any(c in sym for c in s) and any(c.isdigit() for c in s) and any(c.isupper() for c in s):
                return s
    if k == 1:
        return ch(PWWORDS) + ch(sym) + ch(PWWORDS) + str(ri(10, 9999)) + ch(sym)
    return rs(ALNUM, ri(16, 28))


PHONE_K = {"US": [0, 1], "UK": [2], "DE": [3, 4], "FR": [5, 6], "ES": [7], "IT": [8], "NL": [9], "JP": [10], "PL": [11]}


def v_phone(country=None):
    k = ch(PHONE_K[country]) if country else ri(0, 11)
    if k == 0:
        a = ri(201, 989)
        return f"({a}) {ri(201, 989)}-{ri(1000, 9999)}"
    if k == 1:
        return f"+1 {ri(201, 989)}-{ri(201, 989)}-{ri(1000, 9999)}"
    if k == 2:
        return f"+44 7{ri(100, 999)} {ri(100000, 999999)}"
    if k == 3:
        return f"0{ch(['151', '160', '170', '171', '172', '176', '157'])} {ri(1000000, 99999999)}"
    if k == 4:
        return f"+49 {ch(['151', '160', '170', '176', '30', '89', '40'])} {ri(1000000, 9999999)}"
    if k == 5:
        return f"0{ch('67')} {ri(10, 99)} {ri(10, 99)} {ri(10, 99)} {ri(10, 99)}"
    if k == 6:
        return f"+33 {ch('67')} {ri(10, 99)} {ri(10, 99)} {ri(10, 99)} {ri(10, 99)}"
    if k == 7:
        return f"+34 6{ri(10, 99)} {ri(100, 999)} {ri(100, 999)}"
    if k == 8:
        return f"+39 3{ri(10, 99)} {ri(100, 999)} {ri(1000, 9999)}"
    if k == 9:
        return f"+31 6 {ri(10000000, 99999999)}"
    if k == 10:
        return f"0{ch(['90', '80', '70'])}-{ri(1000, 9999)}-{ri(1000, 9999)}"
    return f"+48 {ch('5678')}{ri(10, 99)} {ri(100, 999)} {ri(100, 999)}"


def _der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def _der_int(b):
    if b[0] & 0x80:
        b = b"\x00" + b
    return b"\x02" + _der_len(len(b)) + b


def _der_seq(*parts):
    body = b"".join(parts)
    return b"\x30" + _der_len(len(body)) + body


def _rand_int_bytes(n, odd=False):
    b = bytearray(rbytes(n))
    b[0] |= 0x80
    if odd:
        b[-1] |= 1
    return bytes(b)


def _sshstr(b):
    return struct.pack(">I", len(b)) + b


def v_pem():
    """Returns (label, wrapped_body_lines_joined_by_newline)."""
    k = cyc("pem", ["ec", "ed25519", "rsa", "openssh", "rsa8"])
    if k == "ec":
        der = _der_seq(b"\x02\x01\x01", b"\x04\x20" + rbytes(32), b"\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07", b"\xa1\x44\x03\x42\x00\x04" + rbytes(64))
        return "EC PRIVATE KEY", wrap(b64(der), 64)
    if k == "ed25519":
        der = b"\x30\x2e\x02\x01\x00\x30\x05\x06\x03\x2b\x65\x70\x04\x22\x04\x20" + rbytes(32)
        return "PRIVATE KEY", wrap(b64(der), 64)
    if k in ("rsa", "rsa8"):
        nb = ch([128, 256])
        half = nb // 2
        ints = [b"\x00", _rand_int_bytes(nb, True), b"\x01\x00\x01", _rand_int_bytes(nb), _rand_int_bytes(half, True), _rand_int_bytes(half, True),
                _rand_int_bytes(half), _rand_int_bytes(half), _rand_int_bytes(half)]
        rsa = _der_seq(*[_der_int(i) for i in ints])
        if k == "rsa":
            return "RSA PRIVATE KEY", wrap(b64(rsa), 64)
        alg = _der_seq(b"\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01", b"\x05\x00")
        der = _der_seq(b"\x02\x01\x00", alg, b"\x04" + _der_len(len(rsa)) + rsa)
        return "PRIVATE KEY", wrap(b64(der), 64)
    pub = rbytes(32)
    blob = _sshstr(b"ssh-ed25519") + _sshstr(pub)
    chk = rbytes(4)
    priv = chk + chk + _sshstr(b"ssh-ed25519") + _sshstr(pub) + _sshstr(rbytes(32) + pub) + _sshstr(ch([b"sftp-export@wms", b"label-service", b"3pl-upload"]))
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    data = b"openssh-key-v1\x00" + _sshstr(b"none") + _sshstr(b"none") + _sshstr(b"") + struct.pack(">I", 1) + _sshstr(blob) + _sshstr(priv)
    return "OPENSSH PRIVATE KEY", wrap(b64(data), 70)


def v_slack_bot():
    return f"xoxb-{dg(ri(10, 12))}-{dg(13)}-{rs(ALNUM, 24)}"


def v_slack_user():
    return f"xoxp-{dg(ri(10, 12))}-{dg(ri(11, 13))}-{dg(13)}-{hexs(32)}"


def v_ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    return f"{a:03d}-{ri(1, 99):02d}-{ri(1, 9999):04d}"


URL_USERS = ["svc_refunds", "wms_export", "ro_bi", "returns_app", "ops", "carrier_api", "sftp_3pl", "helpdesk_sync", "label_svc", "magento"]
URL_HOSTS = {"postgres": ["orders-replica.prod.internal:5432/orders", "pg-returns.eu-central-1.rds.amazonaws.com:5432/returns"],
             "mysql": ["magento-db.internal:3306/magento", "10.20.4.17:3306/shop"],
             "mongodb+srv": ["returns-cluster.x7k2p.mongodb.net/returns?retryWrites=true"],
             "amqps": ["rabbit.wms.svc.cluster.local:5671/%2F"],
             "sftp": ["sftp.fulfilment-partner.net:2222/outbound"],
             "https": ["api.parcel-partner.eu/v2/labels", "edi.3pl-nord.eu/upload"],
             "redis": ["redis-sessions.internal:6379/2"]}


def v_url():
    scheme = ch(list(URL_HOSTS))
    host = ch(URL_HOSTS[scheme])
    pw = v_password(url_safe=True)
    if scheme == "redis":
        return f"redis://:{pw}@{host}", pw
    user = ch(URL_USERS)
    return f"{scheme}://{user}:{pw}@{host}", f"{user}:{pw}"


GEN = {"anthropic_api_key": v_anthropic, "aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "email_address": v_email, "github_classic_pat": v_ghp,
       "github_fine_grained_pat": v_gh_fine, "iban": v_iban, "ipv4_address": v_ip, "jwt": v_jwt, "openai_api_key": v_openai, "password": v_password,
       "phone_number": v_phone, "slack_bot_token": v_slack_bot, "slack_user_token": v_slack_user, "us_ssn": v_ssn}


def fillp(s, v):
    kw = {"v": v}
    for slot, fn in [("o", plain_order), ("t", ticket_no), ("d", date_iso), ("ts", iso_z), ("shop", shop), ("rma", rma_no), ("m", money), ("u", uuid4)]:
        if "[[" + slot + "]]" in s:
            kw[slot] = fn()
    return T(s, **kw)


SINGLE = {
    "anthropic_api_key": [
        "ANTHROPIC_API_KEY=[[v]]",
        "for the reply-suggestion bot in the helpdesk sidebar, key is [[v]] — I'll move it to the vault tomorrow",
        "```python\nclient = anthropic.Anthropic(api_key=\"[[v]]\")\nsuggestion = client.messages.create(model=MODEL, max_tokens=400, messages=build_prompt(ticket))\n```",
        "Schlüssel für das Makro-Übersetzungsskript: [[v]]",
        "```yaml\nai_assist:\n  provider: anthropic\n  api_key: [[v]]\n  max_tokens: 600\n```",
        "la clé pour le bot de tri des tickets : [[v]] (compte de test)",
        "チケット要約ボット用のキー: [[v]]",
    ],
    "aws_access_key_id": [
        "BI needs read access to the exports bucket, use access key id [[v]] (secret in the vault)",
        "```\n[exports-readonly]\naws_access_key_id = [[v]]\nregion = eu-central-1\n```",
        "Access-Key-ID für den Export-Bucket: [[v]]",
        "`AWS_ACCESS_KEY_ID=[[v]] aws s3 sync s3://[[shop]]-exports/orders/ ./orders/`",
        "CloudTrail shows the export job calling GetObject with [[v]] at [[ts]] — is that the old key?",
        "ID de clave de acceso para el bucket de devoluciones: [[v]]",
    ],
    "aws_secret_access_key": [
        "aws_secret_access_key = [[v]]",
        "the secret for the exports user is [[v]] — rotate after the BI migration",
        "Secret Key vom Export-User: [[v]]",
        "```bash\nexport AWS_SECRET_ACCESS_KEY=[[v]]\n./scripts/pull-returns-report.sh\n```",
        "```json\n{\"bucket\": \"[[shop]]-label-archive\", \"region\": \"eu-west-1\", \"secretAccessKey\": \"[[v]]\"}\n```",
    ],
    "credit_card": [
        "customer pasted this in chat before I could stop them: [[v]] — deleting the transcript now",
        "Kunde hat im Ticket [[t]] seine Kartennummer geschickt: [[v]]. Bitte Ticket schwärzen.",
        "Le client a donné sa carte au téléphone pour l'échange : [[v]], exp. [[exp]]",
        "El cliente escribió su tarjeta en el formulario de contacto: [[v]]",
        "voice-to-text transcript, ticket [[t]]: \"...yeah the card is [[v]] and it expires [[exp]]...\"",
        "Klant stuurde zijn kaartnummer mee in de mail: [[v]]",
        "お客様がチャットにカード番号を送ってきました：[[v]]（有効期限 [[exp]]）",
        "Klient podał numer karty w wiadomości: [[v]]",
    ],
    "email_address": [
        "can someone merge the two accounts? orders are under [[v]] but the ticket came from the guest checkout",
        "Kunde möchte Rechnungen künftig an [[v]] bekommen, Bestellung [[o]]",
        "CSV import failed at row [[r]]: duplicate email [[v]]",
        "bounce from the shipping-confirmation mail: <[[v]]>: mailbox full",
        "El cliente pide cambiar el correo de su cuenta a [[v]].",
        "La cliente ha scritto da [[v]], ma l'ordine [[o]] è su un altro indirizzo.",
        "注文 [[o]] のお客様の連絡先は [[v]] です。",
        "Klantmail: [[v]] — wil een retourlabel voor [[o]]",
    ],
    "github_classic_pat": [
        "macro-sync CI uses my PAT for now: [[v]] (expires in 30 days)",
        "GH_TOKEN=[[v]] ./scripts/publish-help-center-theme.sh",
        "Token für das Theme-Deployment: [[v]]",
        "```yaml\nmacro_repo:\n  url: https://github.com/[[shop]]/support-macros\n  token: [[v]]\n```",
        "el token de GitHub del bot de macros es [[v]]",
    ],
    "github_fine_grained_pat": [
        "fine-grained token with read-only access to the macros repo: [[v]]",
        "`git clone https://x-access-token:[[v]]@github.com/[[shop]]/help-center-theme.git`",
        "Fine-grained PAT fürs Makro-Repo: [[v]]",
        "```\nGITHUB_TOKEN=[[v]]\nREPO=[[shop]]/support-macros\n```",
        "token de GitHub (fine-grained, solo lectura): [[v]]",
    ],
    "iban": [
        "refund by bank transfer for order [[o]], customer's IBAN: [[v]]",
        "Rückerstattung per Überweisung, Bestellung [[o]], IBAN [[v]], Betrag [[m]]",
        "Remboursement par virement, commande [[o]] : IBAN [[v]]",
        "Reembolso por transferencia del pedido [[o]], IBAN: [[v]]",
        "Rimborso con bonifico per l'ordine [[o]]: IBAN [[v]]",
        "Terugbetaling per overboeking, bestelling [[o]], IBAN [[v]]",
        "Zwrot przelewem za zamówienie [[o]], numer konta: [[v]]",
        "Återbetalning via banköverföring, order [[o]], IBAN [[v]]",
    ],
    "ipv4_address": [
        "fraud rule fired on order [[o]]: 14 attempts from [[v]] in 10 minutes, all with different cards",
        "customer on the returns portal, from the access log: [[v]] - - [[[ts]]] \"POST /api/returns HTTP/2\" 502",
        "Bitte die Egress-IP vom 3PL freischalten: [[v]]",
        "La IP del cliente que reporta el error: [[v]]",
        "Adresse IP du client bloquée par le WAF : [[v]] (commande [[o]])",
        "```\nallowlist:\n  - [[v]]/32   # carrier callback\n```",
        "不正注文の疑い：[[v]] から複数回の決済試行",
    ],
    "jwt": [
        "customer's session token from the HAR they sent: `Authorization: Bearer [[v]]`",
        "the returns portal keeps rejecting this token, any idea why? [[v]]",
        "Token aus dem Bug-Report (Kunden-Session): [[v]]",
        "```\ncurl -H 'Authorization: Bearer [[v]]' https://api.[[shop]].com/v1/orders/[[o]]\n```",
        "jeton de session de l'agent dans le log : [[v]]",
    ],
    "openai_api_key": [
        "OPENAI_API_KEY=[[v]]",
        "key for the ticket sentiment tagging job: [[v]]",
        "```python\nopenai.api_key = \"[[v]]\"  # TODO move to env\n```",
        "API-Key für die automatische Übersetzung der Makros: [[v]]",
        "clave para el etiquetado automático de tickets: [[v]]",
    ],
    "password": [
        "returns portal admin login: user `returns-admin`, password `[[v]]`",
        "Passwort für das DHL-Geschäftskundenportal: [[v]]",
        "```properties\nwms.api.user=export\nwms.api.password=[[v]]\n```",
        "Server=sql-orders.internal;Database=Orders;User Id=bi_reader;Password=[[v]];",
        "mot de passe du portail transporteur : [[v]]",
        "la contraseña del panel del 3PL es [[v]]",
        "```\nDB_PASSWORD=[[v]]\nDB_USER=refunds\n```",
        "倉庫管理システムのパスワード: [[v]]",
    ],
    "phone_number": [
        "customer asks for a callback about the damaged sofa, number: [[v]]",
        "Kunde bittet um Rückruf unter [[v]] wegen Bestellung [[o]]",
        "Le client souhaite être rappelé au [[v]]",
        "El cliente pide que le llamemos al [[v]]",
        "Il cliente chiede di essere richiamato al [[v]]",
        "Klant wil teruggebeld worden op [[v]]",
        "Klient prosi o kontakt pod numerem [[v]]",
        "折り返しのお電話希望：[[v]]",
    ],
    "slack_bot_token": [
        "SLACK_BOT_TOKEN=[[v]]",
        "order-alerts bot token (needs chat:write): [[v]]",
        "```python\nclient = WebClient(token=\"[[v]]\")\nclient.chat_postMessage(channel=\"#refund-alerts\", text=msg)\n```",
        "Bot-Token für #retouren-alarm: [[v]]",
        "token del bot de alertas de pedidos: [[v]]",
    ],
    "slack_user_token": [
        "use my user token for the export script, the bot can't read the DMs: [[v]]",
        "SLACK_USER_TOKEN=[[v]]",
        "User-Token für den Kanal-Export: [[v]]",
        "```\ncurl -H \"Authorization: Bearer [[v]]\" https://slack.com/api/conversations.history?channel=C0[[cid]]\n```",
        "jeton utilisateur pour l'export : [[v]]",
    ],
    "us_ssn": [
        "US customer sent their SSN in the financing chat: [[v]] — deleting, but flagging for the DPO",
        "W-9 for the seasonal warehouse contractor came in as a chat attachment, SSN [[v]]",
        "chargeback evidence from the bank includes the cardholder's SSN ([[v]]), do not forward",
        "Customer wrote: \"for verification my social is [[v]]\"",
        "Kunde aus den USA hat seine Sozialversicherungsnummer geschickt: [[v]]",
    ],
}

PHONE_HOME = [["US", "UK"], ["DE"], ["FR"], ["ES"], ["IT"], ["NL"], ["PL"], ["JP"]]
IBAN_HOME = [["GB", "DE", "NL", "FR"], ["DE", "AT", "CH"], ["FR", "BE"], ["ES"], ["IT"], ["NL", "BE"], ["PL"], ["SE"]]
EXTRA_SLOTS = {"exp": lambda: f"{ri(1, 12):02d}/{ri(26, 31)}", "r": lambda: ri(2, 4000), "cid": lambda: rs(UPD, 8)}

URL_TPL = [
    "DATABASE_URL=[[url]]",
    "replica for the BI export: `[[url]]`",
    "```yaml\nqueue:\n  url: [[url]]\n```",
    "Verbindung zum Retouren-Cluster: [[url]]",
    "cadena de conexión del worker de reembolsos: [[url]]",
    "the label job connects with [[url]] — works from the bastion only",
    "```python\nengine = create_engine(\"[[url]]\")\n```",
]

PEM_TPL = [
    "SFTP key for the 3PL upload (the old one was revoked):\n```\n[[pem]]\n```",
    "here's the key the label service uses to sign the return QR codes\n[[pem]]",
    "```bash\ncat > ~/.ssh/id_3pl <<'EOF'\n[[pem]]\nEOF\nchmod 600 ~/.ssh/id_3pl\n```",
    "Schlüssel für den EDI-Upload:\n```\n[[pem]]\n```",
    "clé de signature des tokens SSO du centre d'aide :\n[[pem]]",
]


def render_single(kind):
    """Return (text, secrets, context)."""
    if kind == "url_credentials":
        url, val = v_url()
        i = ri(0, len(URL_TPL) - 1)
        return T(URL_TPL[i], url=url), [(kind, val)], f"{kind}:t{i}:{url.split(':')[0]}"
    if kind == "private_key_pem":
        label, body = v_pem()
        pem = f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"
        i = ri(0, len(PEM_TPL) - 1)
        return T(PEM_TPL[i], pem=pem), [(kind, body)], f"{kind}:{label.replace(' ', '_').lower()}:t{i}"
    if kind in ("phone_number", "iban"):
        i = ri(0, len(SINGLE[kind]) - 1)
        s = SINGLE[kind][i]
        home = (PHONE_HOME if kind == "phone_number" else IBAN_HOME)[i]
        country = ch(home) if chance(0.8) else None
        v = v_phone(country) if kind == "phone_number" else v_iban(country)
    elif kind == "credit_card":
        v, brand = v_card()
        i = ri(0, len(SINGLE[kind]) - 1)
        s = SINGLE[kind][i]
    else:
        v = GEN[kind]()
        i = ri(0, len(SINGLE[kind]) - 1)
        s = SINGLE[kind][i]
    for k, fn in EXTRA_SLOTS.items():
        if "[[" + k + "]]" in s:
            s = s.replace("[[" + k + "]]", str(fn()))
    return fillp(s, v), [(kind, v)], f"{kind}:t{i}"


# ---- two-secret messages
LINE = {
    "anthropic_api_key": ["ANTHROPIC_API_KEY=[[v]]", "anthropic key: [[v]]"],
    "aws_access_key_id": ["AWS_ACCESS_KEY_ID=[[v]]", "access key id: [[v]]"],
    "aws_secret_access_key": ["AWS_SECRET_ACCESS_KEY=[[v]]", "secret: [[v]]"],
    "credit_card": ["card the customer pasted in chat: [[v]]", "card from the chat: [[v]]"],
    "email_address": ["customer email: [[v]]", "requester: [[v]]"],
    "github_classic_pat": ["GITHUB_TOKEN=[[v]]", "gh token: [[v]]"],
    "github_fine_grained_pat": ["GH_PAT=[[v]]", "fine-grained PAT: [[v]]"],
    "iban": ["IBAN for the refund: [[v]]", "IBAN: [[v]]"],
    "ipv4_address": ["source IP: [[v]]", "client_ip=[[v]]"],
    "jwt": ["session token: [[v]]", "Authorization: Bearer [[v]]"],
    "openai_api_key": ["OPENAI_API_KEY=[[v]]", "openai key: [[v]]"],
    "password": ["PASSWORD=[[v]]", "password: [[v]]"],
    "phone_number": ["callback number: [[v]]", "Tel.: [[v]]"],
    "slack_bot_token": ["SLACK_BOT_TOKEN=[[v]]", "bot token: [[v]]"],
    "slack_user_token": ["SLACK_USER_TOKEN=[[v]]", "user token: [[v]]"],
    "us_ssn": ["SSN from the financing chat: [[v]]", "customer's SSN (sent unasked): [[v]]"],
}

DATA_KINDS = {"credit_card", "email_address", "iban", "ipv4_address", "phone_number", "us_ssn"}
DOUBLE_TPL = {
    "cfg": [("env", "```\n# support-tools/.env (prod)\n[[a]]\n[[b]]\nLOG_LEVEL=info\n```"),
            ("chat", "ok here's everything for the sandbox, delete after copying:\n[[a]]\n[[b]]"),
            ("de", "Für die Einrichtung:\n• [[a]]\n• [[b]]\nDanach bitte die Nachricht löschen."),
            ("log", "```\n[[ts]] WARN support-bot leaked config dump:\n  [[a]]\n  [[b]]\n```")],
    "data": [("ticket", "Ticket [[t]] — internal note\n[[a]]\n[[b]]\n(customer sent this by email, please scrub the ticket)"),
             ("fr", "Infos du client (ticket [[t]]) :\n- [[a]]\n- [[b]]"),
             ("es", "Datos que mandó el cliente en el ticket [[t]]:\n* [[a]]\n* [[b]]")],
    "mixed": [("two-things", "two unrelated things before I forget:\n1) [[a]]\n2) [[b]]"),
              ("handover", "Übergabe Nachtschicht:\n- [[a]]\n- [[b]]\nRest ist im Board."),
              ("handover-en", "handover notes ([[d]]):\n• [[a]]\n• [[b]]\n• queue is quiet otherwise")],
}


def render_double(k1, k2):
    parts, secrets = [], []
    for k in (k1, k2):
        if k == "url_credentials":
            url, val = v_url()
            parts.append(ch(["DATABASE_URL=", "db: ", "connection: "]) + url)
            secrets.append((k, val))
        elif k == "private_key_pem":
            label, body = v_pem()
            parts.append(f"key:\n-----BEGIN {label}-----\n{body}\n-----END {label}-----")
            secrets.append((k, body))
        elif k == "credit_card":
            v, _ = v_card()
            parts.append(T(ch(LINE[k]), v=v))
            secrets.append((k, v))
        else:
            v = GEN[k]()
            parts.append(T(ch(LINE[k]), v=v))
            secrets.append((k, v))
    nd = sum(k in DATA_KINDS for k in (k1, k2))
    cls = "data" if nd == 2 else "cfg" if nd == 0 else "mixed"
    name, tpl = ch(DOUBLE_TPL[cls])
    if "private_key_pem" in (k1, k2) and name == "log":
        name, tpl = DOUBLE_TPL["cfg"][1]
    return fillp(tpl.replace("[[a]]", parts[0]).replace("[[b]]", parts[1]), "-"), secrets, f"multi:{name}:{k1}+{k2}"


# ============================================================================= assembly
STOP = {
    "de": ["der", "die", "das", "und", "nicht", "ist", "bitte", "für", "mit", "vom", "auf", "ich", "wir", "kunde", "bestellung", "sendung", "zur", "den", "ohne", "schlüssel"],
    "fr": ["les", "des", "pour", "est", "pas", "une", "votre", "nous", "commande", "du", "au", "et", "avec", "sur", "jeton", "clé", "passe", "merci", "remboursement", "le"],
    "es": ["el", "los", "del", "por", "para", "que", "pedido", "tu", "las", "clave", "contraseña", "reembolso", "datos", "sigue", "tarjeta"],
    "pt": ["não", "você", "com", "sua", "senha", "está", "equipe", "valeu", "alguém", "obrigado", "cartão", "nós", "só"],
    "it": ["il", "per", "non", "della", "che", "ordine", "ho", "mai", "scritto", "ha", "è", "rimborso", "carta", "grazie", "chi"],
    "nl": ["het", "een", "niet", "voor", "wordt", "je", "van", "bestelling", "klant", "op", "we", "naar", "geen", "wil"],
    "pl": ["nie", "na", "zamówienie", "zwrot", "klient", "przez", "się", "dla", "za"],
    "sv": ["och", "för", "är", "att", "kunden", "gäller", "vi", "din", "hela", "jag"],
    "tr": ["ve", "için", "bir", "müşteri", "asla", "iade", "numaralı"],
    "en": ["the", "and", "is", "to", "for", "from", "this", "we", "it", "of", "on", "in", "with", "that", "customer", "order", "key", "token", "my"],
}


def detect_lang(text):
    if re.search(r"[\uac00-\ud7a3]", text):
        return "ko"
    if re.search(r"[\u3040-\u30ff]", text):
        return "ja"
    if re.search(r"[\u4e00-\u9fff]", text):
        return "zh"
    if re.search(r"[\u0400-\u04ff]", text):
        return "ru"
    if re.search(r"[\u0600-\u06ff]", text):
        return "ar"
    if re.search(r"[\u0900-\u097f]", text):
        return "hi"
    if re.search(r"[ąęłśżźń]", text):
        return "pl"
    if re.search(r"[ışğ]", text):
        return "tr"
    outside = re.sub(r"```.*?```", " ", text, flags=re.S).lower()
    words = re.findall(r"[a-zà-ÿ]+", outside) * 2 + re.findall(r"[a-zà-ÿ]+", text.lower())
    score = {k: sum(1 for w in words if w in set(v)) for k, v in STOP.items()}
    best = max(score, key=lambda k: (score[k], k == "en"))
    return best if score[best] > 0 else "en"


CATS = [("non_credential_blob", NB), ("pii_lookalike_number", NP), ("data_uri_base64", ND), ("placeholder_example", PP), ("code_identifier", NC), ("talk_about_secrets", NT)]
PER_CAT = 100


def build_negatives():
    recs, seen, stats = [], set(), {"redraws": 0, "why": {}}
    for cat, tpls in CATS:
        order = []
        while len(order) < PER_CAT:
            block = list(range(len(tpls)))
            R.shuffle(block)
            order += block
        for i in range(PER_CAT):
            t = order[i]
            for attempt in range(60):
                fn = tpls[t] if attempt < 30 else ch(tpls)
                text, _ = fn()
                lang = detect_lang(text)
                if cat != "talk_about_secrets" or chance(0.3):
                    text = lead(lang if lang in LEADS else "en", text)
                n_lines = text.count("\n") + 1
                found = scan(text)
                if found or text in seen or n_lines > 40:
                    stats["redraws"] += 1
                    for f in found:
                        stats["why"][f[0]] = stats["why"].get(f[0], 0) + 1
                    if text in seen:
                        stats["why"]["duplicate"] = stats["why"].get("duplicate", 0) + 1
                    continue
                break
            else:
                raise SystemExit(f"could not draw a clean negative for {cat}/{tpls[t].__name__}")
            seen.add(text)
            recs.append({"category": cat, "text": text, "_tpl": fn.__name__, "_lang": detect_lang(text)})
    R.shuffle(recs)
    return recs, stats


def check_positive(kind, v, text):
    assert v in text, (kind, v)
    if kind == "credit_card":
        d = re.sub(r"\D", "", v)
        assert 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        c = v.replace(" ", "")
        assert mod97(c) == 1 and len(c) == IBAN_LEN[c[:2]], v
    elif kind == "ipv4_address":
        assert is_public_ip(v), v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and a[0] != "9" and g != "00" and s != "0000", v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(v.replace("\n", ""), validate=True)
        assert not v.startswith("-") and not v.endswith("-")
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v)
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v)
        assert _b62(zlib.crc32(v[4:34].encode()) & 0xffffffff, 6) == v[34:]
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v)
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_\-]{93}AA", v)
    elif kind == "openai_api_key":
        assert "T3BlbkFJ" in v and v.startswith("sk-")
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d{10,13}-\d{13}-[A-Za-z0-9]{24}", v)
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v)
    elif kind == "email_address":
        assert RE_EMAIL.fullmatch(v)


N_POS = 150
N_DOUBLE = 20


def build_positives():
    n_secrets = N_POS + N_DOUBLE
    seq = [KINDS[i % len(KINDS)] for i in range(n_secrets)]
    recs = []
    for j in range(N_DOUBLE):
        text, secrets, ctx = render_double(seq[2 * j], seq[2 * j + 1])
        recs.append((text, secrets, ctx))
    for k in seq[2 * N_DOUBLE:]:
        if chance(0.06):
            text, secrets, ctx = render_single(k)
            lg = detect_lang(text)
            text = lead(lg if lg in LEADS else "en", text, p=1.0)
            recs.append((text, secrets, ctx))
        else:
            recs.append(render_single(k))
    R.shuffle(recs)
    out = []
    for i, (text, secrets, ctx) in enumerate(recs, 1):
        for kind, v in secrets:
            check_positive(kind, v, text)
        out.append({"id": f"h17p-{i:04d}", "text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    assert len(out) == N_POS and sum(len(r["secrets"]) for r in out) == n_secrets
    assert len({r["text"] for r in out}) == N_POS
    return out


def main():
    negs, stats = build_negatives()
    neg_out = [{"id": f"h17n-{i:04d}", "text": r["text"], "category": r["category"]} for i, r in enumerate(negs, 1)]
    for r in neg_out:
        assert not scan(r["text"]), (r["id"], scan(r["text"]))
    pos_out = build_positives()
    with open(os.path.join(HERE, "redaction17_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in neg_out:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction17_positives.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in pos_out:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    if "-v" in sys.argv:
        from collections import Counter
        print("negatives:", len(neg_out), Counter(r["category"] for r in neg_out))
        print("redraws:", stats)
        print("neg langs:", Counter(r["_lang"] for r in negs).most_common())
        for cat, _ in CATS:
            ls = [r["text"].count("\n") + 1 for r in negs if r["category"] == cat]
            print(f"  {cat}: lines {min(ls)}-{max(ls)}, templates used {len({r['_tpl'] for r in negs if r['category'] == cat})}")
        allL = [r["text"].count("\n") + 1 for r in negs]
        print("single-line:", sum(1 for x in allL if x == 1), ">=10:", sum(1 for x in allL if x >= 10), ">=20:", sum(1 for x in allL if x >= 20))
        kc = Counter(s["kind"] for r in pos_out for s in r["secrets"])
        print("positives:", len(pos_out), "secrets:", sum(kc.values()), "two-secret texts:", sum(1 for r in pos_out if len(r["secrets"]) == 2))
        print(sorted(kc.items()))
        print("pos langs:", Counter(detect_lang(r["text"]) for r in pos_out).most_common())
        miss, extra = 0, []
        for r in pos_out:
            f = scan(r["text"])
            vals = [s["value"] for s in r["secrets"]]
            for name, tok in f:
                if not any(tok in v or v in tok or tok.replace(" ", "") in v.replace(" ", "").replace("-", "") for v in vals):
                    extra.append((r["id"], name, tok))
            for s in r["secrets"]:
                if not any(tok in s["value"] or s["value"] in tok or tok in s["value"].replace(" ", "").replace("-", "") for _, tok in f):
                    miss += 1
        print("scanner misses on positives:", miss, "unlabelled scanner hits in positives:", extra)


if __name__ == "__main__":
    main()
