#!/usr/bin/env python3
"""Held-out redaction corpus #23: a SaaS company's network & infrastructure engineering Slack.

Standard library only. Deterministic: random.Random(2323). Writes
redaction23_negatives.jsonl and redaction23_positives.jsonl next to this file.
"""
import base64
import datetime
import hashlib
import ipaddress
import json
import os
import re
import string
import struct
import sys
import zlib
import random

R = random.Random(2323)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 23

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
B62 = DG + UP + LO
ALNUM = UP + LO + DG
URLS = UP + LO + DG + "-_"
B64C = UP + LO + DG + "+/"
CRYPT = "./" + DG + UP + LO


# ----------------------------------------------------------------------------- helpers
def rs(chars, n):
    return "".join(R.choice(chars) for _ in range(n))


def hx(n, up=False):
    s = "".join(R.choice("0123456789abcdef") for _ in range(n))
    return s.upper() if up else s


def rb(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def pick(x):
    return R.choice(x)


def chance(p):
    return R.random() < p


def S(_tpl, **kw):
    for k, v in kw.items():
        _tpl = _tpl.replace("\u00ab" + k + "\u00bb", str(v))
    assert "\u00ab" not in _tpl, _tpl[:200]
    return _tpl


def wrapb64(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


BASE_DT = datetime.datetime(2025, 1, 6, 0, 0, 0)


def dt():
    return BASE_DT + datetime.timedelta(seconds=R.randrange(0, 480 * 86400))


def iso(d=None, ms=True):
    d = d or dt()
    if ms:
        return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % R.randrange(1000)
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def epoch(d=None):
    d = d or dt()
    return int((d - datetime.datetime(1970, 1, 1)).total_seconds())


SITES = ["fra1", "ams2", "iad3", "sjc1", "sin1", "lhr4", "nrt1", "gru1", "waw1", "sto1", "par2", "mad1"]
ROLES = ["edge-rtr", "core-sw", "dist-sw", "fw", "vpn-gw", "lb", "tor", "oob-sw", "spine", "leaf", "border"]
DOMAIN = "orbitly.net"
INTD = "corp.orbitly.internal"


def site():
    return pick(SITES)


def host(full=False, s=None):
    h = "%s%02d-%s" % (pick(ROLES), R.randint(1, 4), s or site())
    return h + "." + INTD if full else h


def priv_ip():
    k = R.randrange(4)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    return "100.%d.%d.%d" % (R.randint(64, 127), R.randint(0, 255), R.randint(1, 254))


def doc_ip():
    return "%s.%d" % (pick(["192.0.2", "198.51.100", "203.0.113"]), R.randint(1, 254))


def any_ip():
    return priv_ip() if chance(0.6) else doc_ip()


def is_public(ip):
    try:
        a = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return a.version == 4 and a.is_global and not a.is_multicast and not a.is_reserved


def pub_ip():
    while True:
        ip = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if is_public(ip):
            return ip


def mac(style=0):
    b = [R.randrange(256) for _ in range(6)]
    b[0] &= 0xFE
    if style == 1:
        h = "".join("%02x" % x for x in b)
        return "%s.%s.%s" % (h[0:4], h[4:8], h[8:12])
    if style == 2:
        return "-".join("%02X" % x for x in b)
    return ":".join("%02x" % x for x in b)


def uuid4():
    b = bytearray(rb(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2 == 1:
            x *= 2
            if x > 9:
                x -= 9
        s += x
    return s % 10 == 0


def luhn_complete(prefix_digits):
    for c in "0123456789":
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{8,30}", s):
        return False
    t = s[4:] + s[:4]
    n = "".join(str(int(c, 36)) for c in t)
    return int(n) % 97 == 1


# --------------------------------------------------------------------- languages / intros
INTROS = {
    "en": ["here's the output:", "after the change:", "can someone sanity-check this?", "pasting from the ticket:", "this is what I see on the box:"],
    "de": ["hier die Ausgabe:", "nach dem Change:", "kann da mal jemand drüberschauen?", "aus dem Ticket kopiert:", "so sieht es auf der Kiste aus:"],
    "fr": ["voici la sortie :", "après le changement :", "quelqu'un peut vérifier ?", "copié depuis le ticket :", "voilà ce que j'ai sur l'équipement :"],
    "es": ["aquí está la salida:", "después del cambio:", "¿alguien puede revisar esto?", "copiado del ticket:", "esto es lo que veo en el equipo:"],
    "pt": ["segue a saída:", "depois da mudança:", "alguém consegue revisar?", "copiado do chamado:", "é isso que aparece no equipamento:"],
    "it": ["ecco l'output:", "dopo la modifica:", "qualcuno può dare un'occhiata?", "copiato dal ticket:", "questo è quello che vedo sull'apparato:"],
    "nl": ["hier de output:", "na de wijziging:", "kan iemand hier even naar kijken?", "uit het ticket geplakt:", "dit zie ik op de doos:"],
    "pl": ["oto wynik:", "po zmianie:", "może ktoś rzucić okiem?", "skopiowane z ticketu:", "tak to wygląda na urządzeniu:"],
    "ja": ["出力はこちら:", "変更後:", "誰か確認してもらえますか？", "チケットから貼ります:", "機器上ではこう見えています:"],
    "zh": ["输出如下：", "变更之后：", "谁能帮忙看一下？", "从工单里贴过来的：", "设备上看到的是这样："],
    "ko": ["출력 결과입니다:", "변경 후:", "누가 한번 봐주실 수 있나요?", "티켓에서 복사했습니다:", "장비에서는 이렇게 보입니다:"],
    "ru": ["вот вывод:", "после изменения:", "кто-нибудь может проверить?", "скопировал из тикета:", "вот что на железке:"],
    "uk": ["ось вивід:", "після зміни:", "хтось може перевірити?", "скопіював з тікета:", "ось що на залізі:"],
    "tr": ["çıktı şu:", "değişiklikten sonra:", "biri kontrol edebilir mi?", "ticket'tan kopyaladım:", "cihazda gördüğüm bu:"],
    "sv": ["här är utdata:", "efter ändringen:", "kan någon dubbelkolla?", "klistrat från ärendet:", "så här ser det ut på lådan:"],
    "cs": ["tady je výstup:", "po změně:", "může to někdo zkontrolovat?", "zkopírováno z tiketu:", "takhle to vypadá na krabici:"],
}
LANGS = list(INTROS)

TRAILERS = {
    "en": ["looks fine to me", "ack, closing the CR", "will re-check after the window", "no action needed"],
    "de": ["sieht gut aus", "passt, CR wird geschlossen", "schau ich mir nach dem Wartungsfenster nochmal an"],
    "fr": ["ça me paraît bon", "ok, je clôture la demande de changement"],
    "es": ["me parece bien", "ok, cierro el cambio"],
    "pt": ["pra mim está ok", "beleza, fechando a GMUD"],
    "it": ["mi sembra a posto", "ok, chiudo la change"],
    "nl": ["ziet er goed uit", "prima, ik sluit de change"],
    "pl": ["wygląda ok", "dobra, zamykam zmianę"],
    "ja": ["問題なさそうです", "了解、CRクローズします"],
    "zh": ["看起来没问题", "好的，变更单关闭"],
    "ko": ["문제 없어 보입니다", "확인, CR 닫을게요"],
    "ru": ["вроде всё ок", "ок, закрываю заявку"],
    "uk": ["начебто все ок"],
    "tr": ["bence sorun yok"],
    "sv": ["ser bra ut"],
    "cs": ["vypadá to dobře"],
}


def intro(lang=None):
    lang = lang or pick(LANGS)
    return pick(INTROS[lang])


def block(body, lang="", p_intro=0.6, intro_lang=None, p_fence=0.85):
    out = body
    if chance(p_fence):
        out = "```" + lang + "\n" + body + "\n```"
    if chance(p_intro):
        out = intro(intro_lang) + "\n" + out
    return out


# ------------------------------------------------------------------------- scanner
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [
    ("github_classic", re.compile(r"gh[pousr]_[A-Za-z0-9]{36}")),
    ("github_fine", re.compile(r"github_pat_[A-Za-z0-9_]{40,}")),
    ("slack", re.compile(r"xox[abposre]-\d+-[A-Za-z0-9-]+")),
    ("anthropic", re.compile(r"sk-ant-[A-Za-z0-9_-]{20,}")),
    ("openai", re.compile(r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")),
]
AWS_RE = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
IPV4_RE = re.compile(r"(?<!\d)(?<!\d\.)((?:\d{1,3}\.){3}\d{1,3})(?!\d)(?!\.\d)")
SSN_RE = re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b")
PEM_RE = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----\s*\n\s*(?:[A-Za-z0-9+/=:,-]+\s*\n\s*)*?[A-Za-z0-9+/=]{40,}")
DIGRUN_RE = re.compile(r"\d(?:[ -]?\d)*")


def scan(text):
    hits = []
    for m in EMAIL_RE.finditer(text):
        hits.append(("email", m.group(0)))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            hits.append((name, m.group(0)))
    for m in AWS_RE.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in IPV4_RE.finditer(text):
        if is_public(m.group(1)):
            hits.append(("public_ipv4", m.group(1)))
    for m in SSN_RE.finditer(text):
        hits.append(("ssn_shape", m.group(0)))
    for m in IBAN_RE.finditer(text):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in PEM_RE.finditer(text):
        hits.append(("pem_private", m.group(0)[:40]))
    for m in DIGRUN_RE.finditer(text):
        d = re.sub(r"[ -]", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn", m.group(0)))
    for m in re.finditer(r"\d+", text):
        d = m.group(0)
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn", d))
    return hits


# ------------------------------------------------------------------- binary builders
def png_bytes(w=None, h=None):
    w = w or R.choice([8, 12, 16, 24, 32])
    h = h or R.choice([8, 12, 16, 24, 32])
    pal = [rb(3) for _ in range(R.randint(2, 5))]
    raw = b""
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            c = pal[((x // R.choice([1, 2, 4])) + y) % len(pal)] if chance(0.5) else pal[(x * y) % len(pal)]
            row += c
        raw += row

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_bytes():
    c = rb(3)
    return b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"


def jpeg_bytes(n=None):
    n = n or R.randint(180, 600)
    return b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb\x00C\x00" + rb(n) + b"\xff\xd9"


def woff2_bytes(n=None):
    n = n or R.randint(300, 900)
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", n + 48) + b"\x00\x0c\x00\x00" + rb(n)


def pdf_bytes():
    body = "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /MediaBox [0 0 595 842] >>\nendobj\n"
    return body.encode() + rb(R.randint(60, 200)) + b"\n%%EOF\n"


def pcap_bytes(npk=None):
    npk = npk or R.randint(1, 3)
    out = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)
    for _ in range(npk):
        src = bytes([10, R.randrange(256), R.randrange(256), R.randint(1, 254)])
        dst = bytes([10, R.randrange(256), R.randrange(256), R.randint(1, 254)])
        ip = b"\x45\x00\x00\x3c" + rb(2) + b"\x40\x00\x40\x06" + rb(2) + src + dst
        tcp = struct.pack(">HH", R.randint(1024, 65000), pick([443, 179, 22, 8443])) + rb(16)
        frame = rb(6) + rb(6) + b"\x08\x00" + ip + tcp
        out += struct.pack("<IIII", epoch(), R.randrange(1000000), len(frame), len(frame)) + frame
    return out


def svg_text(color=None):
    color = color or "#%s" % hx(6)
    shape = pick([
        '<circle cx="8" cy="8" r="6" fill="«c»"/>',
        '<path d="M2 8l4 4 8-8" stroke="«c»" stroke-width="2" fill="none"/>',
        '<rect x="1" y="1" width="14" height="14" rx="3" fill="«c»"/>',
        '<path d="M8 1 L15 14 L1 14 Z" fill="«c»"/>',
    ])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">' + S(shape, c=color) + "</svg>"


def crypt_hash(kind):
    if kind == 5:
        return "$1$%s$%s" % (rs(CRYPT, 4), rs(CRYPT, 22))
    if kind == 8:
        return "$8$%s$%s" % (rs(CRYPT, 14), rs(CRYPT, 43))
    if kind == 9:
        return "$9$%s$%s" % (rs(CRYPT, 14), rs(CRYPT, 43))
    if kind == 6:
        return "$6$%s$%s" % (rs(CRYPT, 16), rs(CRYPT, 86))
    if kind == "bcrypt":
        return "$2y$10$%s" % rs(CRYPT, 53)
    if kind == "sha256":
        return "$5$%s$%s" % (rs(CRYPT, 16), rs(CRYPT, 43))
    raise ValueError(kind)


def ssh_blob(kind="ed25519"):
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    if kind == "ed25519":
        return sstr(b"ssh-ed25519") + sstr(rb(32))
    if kind == "ecdsa":
        return sstr(b"ecdsa-sha2-nistp256") + sstr(b"nistp256") + sstr(b"\x04" + rb(64))
    n = b"\x00" + bytes([R.randint(0xC0, 0xFF)]) + rb(255)
    return sstr(b"ssh-rsa") + sstr(b"\x01\x00\x01") + sstr(n)


def ssh_pub(kind="ed25519", comment=None):
    name = {"ed25519": "ssh-ed25519", "ecdsa": "ecdsa-sha2-nistp256", "rsa": "ssh-rsa"}[kind]
    blob = ssh_blob(kind)
    s = name + " " + b64(blob)
    if comment:
        s += " " + comment
    return s, "SHA256:" + b64(hashlib.sha256(blob).digest()).rstrip("=")


def der_len(n):
    if n < 128:
        return bytes([n])
    if n < 256:
        return b"\x81" + bytes([n])
    return b"\x82" + n.to_bytes(2, "big")


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int_bytes(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def der_seq(*parts):
    return der(0x30, b"".join(parts))


def rand_cert_der():
    serial = der_int_bytes(rb(R.choice([16, 18, 20])))
    algo = der_seq(der(0x06, bytes.fromhex("2a8648ce3d040302")))
    name = der_seq(der(0x31, der_seq(der(0x06, b"\x55\x04\x03"), der(0x0C, ("api." + DOMAIN).encode()))))
    spki = der_seq(der_seq(der(0x06, bytes.fromhex("2a8648ce3d0201")), der(0x06, bytes.fromhex("2a8648ce3d030107"))),
                   der(0x03, b"\x00\x04" + rb(64)))
    tbs = der_seq(der(0xA0, der_int_bytes(b"\x02")), serial, algo, name,
                  der_seq(der(0x17, b"250301000000Z"), der(0x17, b"250530000000Z")), name, spki, der(0xA3, rb(R.randint(180, 420))))
    return der_seq(tbs, algo, der(0x03, b"\x00" + der_seq(der_int_bytes(rb(32)), der_int_bytes(rb(32)))))


def rand_rsa_pub_der():
    n = bytes([R.randint(0xC0, 0xFF)]) + rb(255)
    rsapub = der_seq(der_int_bytes(n), der_int_bytes(b"\x01\x00\x01"))
    return der_seq(der_seq(der(0x06, bytes.fromhex("2a864886f70d010101")), b"\x05\x00"), der(0x03, b"\x00" + rsapub))


def pem_block(label, der_bytes, width=64):
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, wrapb64(b64(der_bytes), width), label)


# ------------------------------------------------------------------ private keys (positives)
def pk_ec():
    d = der_seq(der_int_bytes(b"\x01"), der(0x04, rb(32)), der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107"))),
                der(0xA1, der(0x03, b"\x00\x04" + rb(64))))
    return "EC PRIVATE KEY", wrapb64(b64(d))


def pk_ed25519():
    d = bytes.fromhex("302e020100300506032b657004220420") + rb(32)
    return "PRIVATE KEY", b64(d)


def pk_rsa(bits=2048):
    nb = bits // 8
    n = bytes([R.randint(0xC0, 0xFF)]) + rb(nb - 1)
    half = nb // 2
    ints = [b"\x00", n, b"\x01\x00\x01", bytes([R.randint(0x40, 0xFF)]) + rb(nb - 1)]
    ints += [bytes([R.randint(0xC0, 0xFF)]) + rb(half - 1) for _ in range(5)]
    d = der_seq(*[der_int_bytes(x) if x != b"\x00" else der(0x02, b"\x00") for x in ints])
    return "RSA PRIVATE KEY", wrapb64(b64(d))


def pk_pkcs8_rsa():
    label, body = pk_rsa()
    inner = base64.b64decode(body.replace("\n", ""))
    d = der_seq(der(0x02, b"\x00"), der_seq(der(0x06, bytes.fromhex("2a864886f70d010101")), b"\x05\x00"), der(0x04, inner))
    return "PRIVATE KEY", wrapb64(b64(d))


def pk_openssh():
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    seed, pub = rb(32), rb(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rb(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(seed + pub) + sstr(b"oxidized-backup")
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", wrapb64(b64(blob), 70)


# --------------------------------------------------------------------- secret generators
WORDS = ["copper", "falcon", "harbor", "quartz", "meadow", "ember", "tundra", "violet", "saddle", "nickel", "orbit",
         "juniper", "glacier", "pepper", "lantern", "marble", "cobalt", "willow", "thistle", "raven", "summit", "delta",
         "kestrel", "basalt", "maple", "comet", "fjord", "sierra", "indigo", "walnut"]


def g_password(safe_url=False):
    k = R.randrange(5)
    sym = "-_.~!*" if safe_url else "!#%^*_-+=.?"
    if safe_url:
        sym = "-_.~"
    if k == 0:
        a, b = R.sample(WORDS, 2)
        return a.capitalize() + pick(sym) + b + str(R.randint(10, 99)) + (pick(sym) if chance(0.5) else "")
    if k == 1:
        while True:
            s = rs(ALNUM + sym, R.randint(14, 22))
            if any(c in DG for c in s) and any(c in UP for c in s) and any(c in LO for c in s):
                return s
    if k == 2:
        return "-".join(rs(ALNUM, 4) for _ in range(4))
    if k == 3:
        a, b, c = R.sample(WORDS, 3)
        return "%s%s%s%s%s%d" % (a, pick(sym), b.upper(), pick(sym), c, R.randint(100, 999))
    return rs(ALNUM, R.randint(18, 26))


def g_anthropic():
    return "sk-ant-api03-" + rs(URLS, 93) + "AA"


def g_aws_id():
    return ("AKIA" if chance(0.8) else "ASIA") + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def g_aws_secret():
    while True:
        s = rs(ALNUM + "/+", 40)
        if "/" in s or "+" in s:
            return s


def g_card():
    k = R.randrange(5)
    if k == 0:
        p, n = "4" + rs(DG, 5), 16
    elif k == 1:
        p, n = str(R.randint(51, 55)) + rs(DG, 4), 16
    elif k == 2:
        p, n = str(R.randint(2221, 2720)) + rs(DG, 2), 16
    elif k == 3:
        p, n = pick(["34", "37"]) + rs(DG, 4), 15
    else:
        p, n = "6011" + rs(DG, 2), 16
    num = luhn_complete(p + rs(DG, n - len(p) - 1))
    assert luhn_ok(num)
    f = R.randrange(3)
    if n == 15:
        return num if f == 0 else (num[:4] + " " + num[4:10] + " " + num[10:]) if f == 1 else (num[:4] + "-" + num[4:10] + "-" + num[10:])
    if f == 0:
        return num
    sep = " " if f == 1 else "-"
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


FIRST = ["mara", "tobias", "ines", "kenji", "olga", "rafael", "sanne", "piotr", "lucia", "arjun", "emre", "hanna", "yuki",
         "bruno", "leila", "dmytro", "astrid", "nikos", "camille", "jonas"]
LAST = ["vandersloot", "okafor", "brandtner", "takeda", "lindqvist", "moreau", "kowalczyk", "ferreira", "haddad",
        "novak", "ortega", "yilmaz", "schaefer", "kovacs", "eriksen", "bianchi", "petrenko", "nakamura"]
MAILDOM = ["orbitly.net", "orbitly.io", "nordtransit-carrier.de", "bluefiber.nl", "colohub.eu", "netpartner-services.com",
           "fibra-sur.es", "kintetsu-dc.jp", "gmail.com", "outlook.com", "proton.me", "wavecrest-telecom.co.uk"]


def g_email():
    f, l = pick(FIRST), pick(LAST)
    k = R.randrange(4)
    local = [f + "." + l, f[0] + l, f + "_" + l[:3], f + l[0] + str(R.randint(1, 99))][k]
    return local + "@" + pick(MAILDOM)


def g_ghp():
    body = rs(B62, 30)
    c = zlib.crc32(body.encode()) & 0xFFFFFFFF
    enc = ""
    while c:
        c, r = divmod(c, 62)
        enc = B62[r] + enc
    return "ghp_" + body + enc.rjust(6, "0")


def g_ghfg():
    return "github_pat_11" + rs(UP + DG, 20) + "_" + rs(B62, 59)


def iban_check(cc, bban):
    t = bban + cc + "00"
    n = int("".join(str(int(c, 36)) for c in t))
    return "%02d" % (98 - n % 97)


def g_iban(cc=None, grouped=None):
    cc = cc or pick(["DE", "GB", "NL", "FR", "PL", "AT", "CH", "BE"])
    if cc == "DE":
        bban = rs(DG, 18)
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + rs(DG, 14)
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "TRIO", "KNAB"]) + rs(DG, 10)
    elif cc == "FR":
        bank, br, acct = rs(DG, 5), rs(DG, 5), rs(DG, 11)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acct)) % 97)
        bban = bank + br + acct + "%02d" % key
    elif cc == "PL":
        bban = rs(DG, 24)
    elif cc == "AT":
        bban = rs(DG, 16)
    elif cc == "CH":
        bban = rs(DG, 17)
    else:
        first = rs(DG, 10)
        chk = int(first) % 97 or 97
        bban = first + "%02d" % chk
    s = cc + iban_check(cc, bban) + bban
    assert iban_ok(s), s
    if grouped is None:
        grouped = chance(0.6)
    if grouped:
        s = " ".join(s[i:i + 4] for i in range(0, len(s), 4))
    return s


def g_jwt():
    alg = pick(["RS256", "HS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = rs(URLS, 22)
    now = epoch()
    pl = pick([
        {"iss": "https://auth.orbitly.net/", "sub": "svc-netops-automation", "aud": "netapi", "scope": "devices:write prefixes:read", "iat": now, "exp": now + 3600, "jti": uuid4()},
        {"iss": "https://sso.orbitly.net/realms/infra", "sub": uuid4(), "aud": ["grafana", "netbox"], "azp": "netbox", "groups": ["neteng", "oncall"], "iat": now, "exp": now + 900},
        {"sub": "lb-controller", "role": "haproxy-dataplane", "iat": now, "exp": now + 86400},
        {"iss": "vpn-portal", "sub": "u-%d" % R.randint(1000, 99999), "amr": ["pwd", "otp"], "tenant": "orbitly", "iat": now, "nbf": now, "exp": now + 28800},
    ])
    siglen = {"HS256": 32, "RS256": 256, "ES256": 64}[alg]
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(rb(siglen))


def g_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(URLS, 74) + "T3BlbkFJ" + rs(URLS, 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(URLS, 74) + "T3BlbkFJ" + rs(URLS, 74)


def g_phone(cc=None):
    cc = cc or pick(["US", "UK", "DE", "FR", "NL", "JP", "ES", "PL", "BR", "SE"])
    if cc == "US":
        a = pick(["212", "415", "646", "312", "617", "206", "512", "703", "917", "303"])
        x = str(R.randint(201, 989))
        while x.startswith("555"):
            x = str(R.randint(201, 989))
        y = rs(DG, 4)
        return pick(["(%s) %s-%s", "+1 %s %s %s", "+1-%s-%s-%s", "%s.%s.%s"]) % (a, x, y)
    if cc == "UK":
        return pick(["+44 20 %s %s", "020 %s %s", "+44 (0)20 %s %s"]) % (str(R.randint(3000, 8999)), rs(DG, 4))
    if cc == "DE":
        return pick(["+49 69 %s %s", "+49 (0)30 %s%s", "069 %s-%s"]) % (str(R.randint(200, 989)), rs(DG, 4))
    if cc == "FR":
        return "+33 %d %s %s %s %s" % (R.randint(1, 7), rs(DG, 2), rs(DG, 2), rs(DG, 2), rs(DG, 2))
    if cc == "NL":
        return pick(["+31 20 %s %s", "020-%s %s"]) % (str(R.randint(200, 899)), rs(DG, 4))
    if cc == "JP":
        return pick(["03-%s-%s", "+81 3-%s-%s", "090-%s-%s"]) % (str(R.randint(2000, 6999)), rs(DG, 4))
    if cc == "ES":
        return "+34 9%s %s %s" % (rs(DG, 2), rs(DG, 3), rs(DG, 3))
    if cc == "PL":
        return "+48 %d%s %s %s" % (R.randint(5, 8), rs(DG, 2), rs(DG, 3), rs(DG, 3))
    if cc == "BR":
        return "+55 11 9%s-%s" % (rs(DG, 4), rs(DG, 4))
    return "+46 8 %s %s %s" % (rs(DG, 3), rs(DG, 2), rs(DG, 2))


def g_slack_bot():
    return "xoxb-%s-%s-%s" % (rs(DG, R.choice([10, 11, 12])), rs(DG, 13), rs(ALNUM, 24))


def g_slack_user():
    return "xoxp-%s-%s-%s-%s" % (rs(DG, R.choice([10, 11, 12])), rs(DG, 11), rs(DG, 13), hx(32))


def g_ssn(dashed=True):
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    s = "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))
    return s if dashed else s.replace("-", "")


def ssn_ok(s):
    m = re.fullmatch(r"(\d{3})-?(\d{2})-?(\d{4})", s)
    if not m:
        return False
    a, g, n = m.groups()
    return a not in ("000", "666") and not a.startswith("9") and g != "00" and n != "0000"


USERS = ["netops", "oxidized", "backup", "svc-netbox", "librenms", "admin", "monitor", "ansible", "rancid", "grafana", "telegraf", "noc"]


def g_urlcred():
    return pick(USERS) + ":" + g_password(safe_url=True)


XLAT7 = "dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"


def type7(pw):
    seed = R.randrange(0, 16)
    return "%02d" % seed + "".join("%02X" % (ord(c) ^ ord(XLAT7[(seed + i) % len(XLAT7)])) for i, c in enumerate(pw))


def type7_decode(s):
    seed = int(s[:2])
    return "".join(chr(int(s[i:i + 2], 16) ^ ord(XLAT7[(seed + (i - 2) // 2) % len(XLAT7)])) for i in range(2, len(s), 2))


# ============================================================================ NEGATIVES
NEG = {c: [] for c in ["non_credential_blob", "pii_lookalike_number", "data_uri_base64", "placeholder_example",
                       "code_identifier", "talk_about_secrets"]}


def neg(cat):
    def deco(f):
        NEG[cat].append(f)
        return f
    return deco


# ------------------------------------------------------------------ non_credential_blob
@neg("non_credential_blob")
def nb_keyscan():
    s = site()
    lines = ["$ ssh-keyscan -t ed25519,ecdsa,rsa bastion0%d.%s.%s" % (R.randint(1, 3), s, INTD)]
    fps = []
    for k in R.sample(["ed25519", "ecdsa", "rsa"], R.randint(1, 3)):
        lines.append("# bastion.%s.%s:22 SSH-2.0-OpenSSH_9.%dp1" % (s, INTD, R.randint(2, 9)))
        pub, fp = ssh_pub(k)
        lines.append("bastion.%s.%s %s" % (s, INTD, pub))
        fps.append((k, fp))
    body = "\n".join(lines)
    tail = "\n".join("%s %s (%s)" % ({"ed25519": "256", "ecdsa": "256", "rsa": "2048"}[k], fp, k.upper()) for k, fp in fps)
    return block(body, "") + "\n" + pick(["fingerprints to pin in known_hosts / SSHFP:", "Fingerprints:", "指纹：", "Fingerabdrücke zum Abgleichen:"]) + "\n```\n" + tail + "\n```"


@neg("non_credential_blob")
def nb_cisco_hashed():
    s = site()
    h = host(s=s)
    lines = ["hostname %s" % h, "!", "enable secret 9 %s" % crypt_hash(9), "!"]
    for u in R.sample(["netops", "oxidized", "breakglass", "ansible", "noc-ro"], R.randint(1, 3)):
        t = pick([8, 9, 5])
        lines.append("username %s privilege %d secret %d %s" % (u, pick([15, 5, 1]), t, crypt_hash(t)))
    lines += ["!", "aaa new-model", "aaa authentication login default group tacacs+ local",
              "aaa authorization exec default group tacacs+ local", "!",
              "ip domain name %s" % INTD, "ip ssh version 2", "ip ssh server algorithm hostkey rsa-sha2-512 rsa-sha2-256",
              "!", "ntp server %s prefer" % priv_ip(), "ntp server %s" % priv_ip(), "!",
              "line vty 0 15", " transport input ssh", " exec-timeout 10 0", "!"]
    return block("\n".join(lines[:R.randint(8, len(lines))]), "", intro_lang=pick(LANGS)) + ("\n" + pick([
        "hashes are type 9 (scrypt) now, type 5 lines are gone from the golden config",
        "Typ-9-Hashes überall, Typ 7 ist raus",
        "type 5 の行はまだ残ってます、次のCRで置き換え"]) if chance(0.5) else "")


@neg("non_credential_blob")
def nb_junos_hashed():
    pub, _ = ssh_pub(pick(["ed25519", "ecdsa"]), "netops-ws-%d" % R.randint(100, 999))
    body = S("""system {
    host-name «h»;
    root-authentication {
        encrypted-password "«h6»"; ## SECRET-DATA
    }
    login {
        class noc-ro {
            permissions [ view view-configuration ];
        }
        user netops {
            uid 2«uid»;
            class super-user;
            authentication {
                encrypted-password "«h6b»"; ## SECRET-DATA
                «keytype» "«pub»";
            }
        }
    }
    services {
        ssh {
            root-login deny;
            protocol-version v2;
        }
        netconf {
            ssh;
        }
    }
}""", h=host(s=site()), h6=crypt_hash(6), h6b=crypt_hash(6), uid=R.randint(100, 999), keytype=pub.split()[0], pub=pub)
    if chance(0.5):
        body = "\n".join(body.split("\n")[:R.randint(6, 18)])
    return block(body, "")


@neg("non_credential_blob")
def nb_dnssec():
    d = pick([DOMAIN, "orbitly.io", "status.orbitly.net"])
    kid1, kid2 = R.randint(1000, 65000), R.randint(1000, 65000)
    lines = [
        "; dnssec-signzone output, ECDSAP256SHA256",
        "%s.\t3600\tIN\tDNSKEY\t257 3 13 %s ; KSK; key id = %d" % (d, b64(rb(64)), kid1),
        "%s.\t3600\tIN\tDNSKEY\t256 3 13 %s ; ZSK; key id = %d" % (d, b64(rb(64)), kid2),
        "%s.\t86400\tIN\tDS\t%d 13 2 %s" % (d, kid1, hx(64, True)),
    ]
    t0 = dt()
    for name in R.sample(["www", "api", "app", "edge", "vpn", "mx1", "status"], R.randint(1, 3)):
        ip = doc_ip()
        lines.append("%s.%s.\t300\tIN\tA\t%s" % (name, d, ip))
        lines.append("%s.%s.\t300\tIN\tRRSIG\tA 13 3 300 %s %s %d %s. %s" % (
            name, d, (t0 + datetime.timedelta(days=14)).strftime("%Y%m%d%H%M%S"), t0.strftime("%Y%m%d%H%M%S"), kid2, d, b64(rb(64))))
    return block("\n".join(lines), "dns", intro_lang=pick(["en", "de", "nl", "sv", "ja"]))


@neg("non_credential_blob")
def nb_sclient():
    d = pick(["api", "app", "edge", "status", "vpn"]) + "." + DOMAIN
    cert = pem_block("CERTIFICATE", rand_cert_der())
    out = S("""$ openssl s_client -connect «d»:443 -servername «d» </dev/null 2>/dev/null | sed -n '1,/END CERT/p'
CONNECTED(00000003)
---
Certificate chain
 0 s:CN = «d»
   i:C = US, O = Let's Encrypt, CN = «ca»
   a:PKEY: id-ecPublicKey, 256 (bit); sigalg: ecdsa-with-SHA384
   v:NotBefore: Mar  1 00:00:00 2025 GMT; NotAfter: May 30 23:59:59 2025 GMT
---
Server certificate
«cert»""", d=d, ca=pick(["E5", "E6", "R10", "R11"]), cert=cert)
    tail = S("""---
New, TLSv1.3, Cipher is TLS_AES_256_GCM_SHA384
Server public key is 256 bit
Protocol: TLSv1.3
Session-ID: «sid»
Session-ID-ctx:
Resumption PSK: (none shown)
Verify return code: 0 (ok)""", sid=hx(64, True))
    if chance(0.5):
        out += "\n" + tail
    return block(out, "", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_wg_show():
    lines = ["$ sudo wg show wg0", "interface: wg0", "  public key: %s" % b64(rb(32)), "  private key: (hidden)", "  listening port: 51820", ""]
    for _ in range(R.randint(1, 4)):
        lines += ["peer: %s" % b64(rb(32)), "  preshared key: (hidden)",
                  "  endpoint: %s:%d" % (doc_ip(), pick([51820, 51821, 41641])),
                  "  allowed ips: %s/%d" % (priv_ip().rsplit(".", 1)[0] + ".0", pick([24, 22, 16])),
                  "  latest handshake: %d seconds ago" % R.randint(3, 119),
                  "  transfer: %.2f GiB received, %.2f MiB sent" % (R.random() * 40, R.random() * 900), ""]
    return block("\n".join(lines).rstrip(), "", intro_lang=pick(LANGS))


def hexdump_lines(data, start_off=0):
    out = []
    for i in range(0, len(data), 16):
        chunk = data[i:i + 16]
        hexpart = " ".join(chunk[j:j + 2].hex() for j in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        out.append("\t0x%04x:  %-39s  %s" % (start_off + i, hexpart, asc))
    return out


@neg("non_credential_blob")
def nb_tcpdump_x():
    src, dst = priv_ip(), priv_ip()
    sp = R.randint(30000, 65000)
    n = R.randint(48, 360)
    data = bytes.fromhex("4500") + struct.pack(">H", n) + rb(4) + bytes.fromhex("4006") + rb(2) + bytes(map(int, src.split("."))) + bytes(map(int, dst.split("."))) + rb(n - 20)
    head = "%s IP %s.%d > %s.443: Flags [P.], seq 1:%d, ack 1, win 502, length %d" % (dt().strftime("%H:%M:%S.%f"), src, sp, dst, n - 39, n - 40)
    body = "$ sudo tcpdump -nn -X -c 1 -i %s 'tcp port 443 and host %s'\n" % (pick(["eth0", "bond0.214", "ens5", "vlan310"]), dst) + head + "\n" + "\n".join(hexdump_lines(data))
    return block(body, "", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_tf_state():
    acct = "%012d" % R.randint(10 ** 11, 10 ** 12 - 1)
    vpn = "vpn-0" + hx(16)
    body = S("""$ terraform state show 'aws_vpn_connection.«s»'
# aws_vpn_connection.«s»:
resource "aws_vpn_connection" "«s»" {
    arn                            = "arn:aws:ec2:«reg»:«acct»:vpn-connection/«vpn»"
    customer_gateway_id            = "cgw-0«cgw»"
    id                             = "«vpn»"
    static_routes_only             = false
    transit_gateway_attachment_id  = "tgw-attach-0«tga»"
    transit_gateway_id             = "tgw-0«tgw»"
    tunnel1_address                = "«t1»"
    tunnel1_bgp_asn                = "64512"
    tunnel1_cgw_inside_address     = "169.254.«a».«b»"
    tunnel1_preshared_key          = (sensitive value)
    tunnel2_address                = "«t2»"
    tunnel2_preshared_key          = (sensitive value)
    type                           = "ipsec.1"
}""", s=site(), reg=pick(["eu-central-1", "us-east-1", "eu-west-1", "ap-northeast-1"]), acct=acct, vpn=vpn, cgw=hx(16), tga=hx(16),
          tgw=hx(16), t1=doc_ip(), t2=doc_ip(), a=R.randint(0, 255), b=R.choice([2, 6, 10, 14]))
    extra = "\n\nstate lineage %s, serial %d, backend etag \"%s\"" % (uuid4(), R.randint(40, 2400), hx(32))
    return block(body, "hcl", intro_lang=pick(LANGS)) + (extra if chance(0.5) else "")


@neg("non_credential_blob")
def nb_docker_digests():
    imgs = ["quay.io/frrouting/frr:9.1.%d" % R.randint(0, 3), "haproxy:2.9.%d-alpine" % R.randint(1, 12),
            "nginx:1.27.%d-alpine" % R.randint(0, 4), "prom/blackbox-exporter:v0.25.0", "prom/snmp-exporter:v0.26.0",
            "netboxcommunity/netbox:v4.1-3.0.%d" % R.randint(0, 2), "oxidized/oxidized:0.30.1", "coredns/coredns:1.11.%d" % R.randint(1, 3),
            "envoyproxy/envoy:v1.31.%d" % R.randint(0, 5), "ghcr.io/kube-vip/kube-vip:v0.8.%d" % R.randint(0, 9)]
    lines = []
    for im in R.sample(imgs, R.randint(2, 6)):
        if chance(0.5):
            lines.append("%s@sha256:%s" % (im.split(":")[0], hx(64)))
        else:
            lines.append("%-44s sha256:%s" % (im, hx(64)))
    body = "\n".join(lines)
    return pick(["pinned digests for the netops toolbox image:", "Digests fuer das Edge-Image:", "digests à épingler :", "固定するダイジェスト:", "pinned images after `crane digest`:"]) + "\n```\n" + body + "\n```"


@neg("non_credential_blob")
def nb_git_log():
    msgs = ["%s: add VLAN %d for payments-db replicas", "%s: move BGP peer to new transit, keep local-pref 200",
            "%s: tighten OUTSIDE_IN acl, drop legacy 8443 rule", "%s: bump FRR to 9.1.2", "%s: rename uplink descriptions",
            "%s: haproxy: raise maxconn on api backend", "%s: split tunnel for office subnets", "%s: add SSHFP records for bastions",
            "%s: lower OSPF hello on spine links", "%s: rollback of prefix-list change (INC)", "%s: zone: add TLSA for api"]
    lines = ["$ git log --oneline -n %d" % R.randint(4, 12)]
    for _ in range(R.randint(4, 12)):
        m = pick(msgs)
        args = (site(),) if m.count("%") == 1 else (site(), R.randint(100, 3999))
        lines.append("%s %s" % (hx(pick([7, 8, 10, 12])), m % args))
    if chance(0.4):
        lines.append("")
        lines.append("$ git show --stat HEAD | head -1")
        lines.append("commit " + hx(40))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_zeek_ssl():
    hdr = "#fields\tts\tuid\tid.orig_h\tid.resp_h\tversion\tcipher\tserver_name\tja3\tja3s\tcert_chain_fps"
    lines = [hdr]
    for _ in range(R.randint(3, 9)):
        lines.append("\t".join([
            "%d.%06d" % (epoch(), R.randrange(10 ** 6)), "C" + rs(B62, 17), priv_ip(), priv_ip(), pick(["TLSv13", "TLSv12"]),
            pick(["TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256"]),
            pick(["api", "grafana", "netbox", "vault", "registry", "git"]) + "." + INTD, hx(32), hx(32), hx(64)]))
    return block("\n".join(lines), "tsv", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_fortigate_admin():
    pub, _ = ssh_pub("ed25519", "netops")
    body = S("""config system admin
    edit "«u»"
        set accprofile "«prof»"
        set vdom "root"
        set ssh-public-key1 "«pub»"
        set two-factor fortitoken
        set password ENC SH2«h»
    next
end""", u=pick(["netops", "noc-ro", "automation"]), prof=pick(["super_admin", "prof_admin", "noc_readonly"]), pub=pub, h=b64(rb(44)))
    return block(body, "", intro_lang=pick(LANGS)) + ("\n" + pick(["(password line is the SH2 hash, not the password)", "ENC SH2 = 哈希，不是明文", "der ENC-Wert ist nur der Hash"]) if chance(0.6) else "")


@neg("non_credential_blob")
def nb_cisco_pubkey():
    d = rand_rsa_pub_der().hex().upper()
    groups = [d[i:i + 8] for i in range(0, len(d), 8)]
    lines = ["%s#show crypto key mypubkey rsa" % host(), "% Key pair was generated at: 09:14:02 UTC Mar 3 2025",
             "Key name: %s" % host(True), "Key type: RSA KEYS", " Storage Device: private-config", " Usage: General Purpose Key",
             " Key is not exportable. Redundancy enabled.", " Key Data:"]
    for i in range(0, len(groups), 8):
        lines.append("  " + " ".join(groups[i:i + 8]))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_ansible_vault():
    ct = hx(R.choice([320, 400, 480, 560]))
    lines = ["$ANSIBLE_VAULT;1.1;AES256"] + [ct[i:i + 80] for i in range(0, len(ct), 80)]
    var = pick(["vault_tacacs_key", "vault_vpn_psk_fra1", "vault_snmpv3_auth", "vault_bgp_md5_transit"])
    body = "%s: !vault |\n" % var + "\n".join("          " + l for l in lines)
    return block(body, "yaml", intro_lang=pick(LANGS)) + ("\n" + pick(["encrypted with the neteng vault id, decrypt locally only", "verschlüsselt, Schlüssel liegt im Passwortmanager", "暗号化済み、復号はローカルのみ"]) if chance(0.5) else "")


@neg("non_credential_blob")
def nb_firmware_hashes():
    imgs = ["cat9k_iosxe.17.09.05.SPA.bin", "asr1000-universalk9.17.12.04.SPA.bin", "junos-arm-64-23.4R2-S3.tgz",
            "FGT_100F-v7.4.5.F-build2702-FORTINET.out", "PanOS_vm-11.1.4-h7", "EOS64-4.32.2F.swi", "routeros-7.16.2-arm64.npk",
            "vyos-1.4.1-generic-amd64.iso"]
    lines = []
    if chance(0.5):
        im = pick(imgs[:2])
        lines.append("%s#verify /md5 bootflash:%s" % (host(), im))
        lines.append("." * R.randint(20, 50) + "Done!")
        lines.append("verify /md5 (bootflash:%s) = %s" % (im, hx(32)))
    else:
        lines.append("$ sha512sum -c SHA512SUMS 2>/dev/null | head" if chance(0.3) else "$ cat SHA256SUMS")
        for im in R.sample(imgs, R.randint(2, 6)):
            lines.append("%s  %s" % (hx(64), im))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_x509_text():
    mod = rb(256)
    ml = ["                    " + ":".join("%02x" % b for b in mod[i:i + 15]) + ":" for i in range(0, R.choice([60, 120, 256]), 15)]
    body = S("""$ openssl x509 -in vpn-gw01-«s».crt -noout -text | sed -n '1,40p'
Certificate:
    Data:
        Version: 3 (0x2)
        Serial Number:
            «serial»
        Signature Algorithm: sha256WithRSAEncryption
        Issuer: CN = Orbitly Infra Intermediate CA G2
        Subject: CN = vpn-gw01-«s».«intd»
        Subject Public Key Info:
            Public Key Algorithm: rsaEncryption
                Public-Key: (2048 bit)
                Modulus:
«mod»
                Exponent: 65537 (0x10001)
        X509v3 extensions:
            X509v3 Subject Key Identifier:
                «ski»
            X509v3 Authority Key Identifier:
                «aki»""", s=site(), intd=INTD, serial=":".join("%02x" % b for b in rb(16)), mod="\n".join(ml),
             ski=":".join("%02X" % b for b in rb(20)), aki=":".join("%02X" % b for b in rb(20)))
    return block(body, "", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_sshfp_tlsa():
    lines = ["$ORIGIN %s." % DOMAIN]
    for b in R.sample(["bastion01", "bastion02", "jump-fra1", "jump-iad3"], R.randint(1, 3)):
        lines.append("%-10s IN SSHFP 4 2 %s" % (b, hx(64)))
        if chance(0.5):
            lines.append("%-10s IN SSHFP 1 2 %s" % (b, hx(64)))
    for n in R.sample(["api", "app", "mx1", "smtp"], R.randint(1, 2)):
        lines.append("_%d._tcp.%s IN TLSA 3 1 1 %s" % (pick([443, 25, 465]), n, hx(64, True)))
    lines.append('@          IN CAA 0 issue "letsencrypt.org; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/%d"' % R.randint(10 ** 8, 10 ** 9))
    return block("\n".join(lines), "dns", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_swanctl():
    lines = ["$ sudo swanctl --list-sas"]
    for i in range(R.randint(1, 3)):
        a, b = doc_ip(), doc_ip()
        lines += ["%s-%s: #%d, ESTABLISHED, IKEv2, %s_i* %s_r" % (pick(["aws", "gcp", "office"]), site(), R.randint(1, 900), hx(16), hx(16)),
                  "  local  '%s' @ %s[4500]" % (a, a),
                  "  remote '%s' @ %s[4500]" % (b, b),
                  "  AES_GCM_16-256/PRF_HMAC_SHA2_384/ECP_384",
                  "  established %ds ago, rekeying in %ds" % (R.randint(10, 20000), R.randint(100, 28000)),
                  "  child-%d: #%d, reqid %d, INSTALLED, TUNNEL, ESP:AES_GCM_16-256" % (i, R.randint(1, 999), R.randint(1, 50)),
                  "    installed %ds ago, rekeying in %ds, expires in %ds" % (R.randint(5, 3000), R.randint(100, 3000), R.randint(3000, 4000)),
                  "    in  %s,  %d bytes, %d packets" % (hx(8), R.randint(10 ** 5, 10 ** 9), R.randint(1000, 10 ** 6)),
                  "    out %s,  %d bytes, %d packets" % (hx(8), R.randint(10 ** 5, 10 ** 9), R.randint(1000, 10 ** 6))]
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_s3_backups():
    s = site()
    lines = ["$ aws s3 ls s3://orbitly-netconfig-backups/oxidized/%s/ | tail -%d" % (s, R.randint(3, 8))]
    for _ in range(R.randint(3, 8)):
        d = dt()
        lines.append("%s %8d %s_%s.cfg.gz" % (d.strftime("%Y-%m-%d %H:%M:%S"), R.randint(4000, 90000), host(s=s), d.strftime("%Y%m%dT%H%M")))
    lines += ["$ aws s3api head-object --bucket orbitly-netconfig-backups --key oxidized/%s/latest.tar.gz --query '{ETag:ETag,Ver:VersionId}'" % s,
              '{', '    "ETag": "\\"%s-%d\\"",' % (hx(32), R.randint(2, 9)), '    "Ver": "%s"' % rs(ALNUM + "._", 32), '}']
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_pan_xml():
    pub, _ = ssh_pub("rsa")
    body = S("""<mgt-config>
  <users>
    <entry name="«u»">
      <phash>«ph»</phash>
      <permissions><role-based><superuser>yes</superuser></role-based></permissions>
      <public-key>«pk»</public-key>
    </entry>
  </users>
  <password-complexity><enabled>yes</enabled><minimum-length>14</minimum-length></password-complexity>
</mgt-config>""", u=pick(["netops", "panorama-push", "noc"]), ph=crypt_hash(pick([5, "sha256"])), pk=b64(pub.encode()))
    return block(body, "xml", intro_lang=pick(LANGS))


@neg("non_credential_blob")
def nb_bgp_rpki():
    lines = ["$ rpki-client -n -j | jq -r '.roas[] | select(.asn==%d) | [.prefix,.maxLength,.ta,.expires] | @tsv'" % R.randint(200000, 399999)]
    for _ in range(R.randint(2, 6)):
        lines.append("%s/24\t24\t%s\t%d" % (doc_ip().rsplit(".", 1)[0] + ".0", pick(["ripe", "arin", "apnic"]), epoch()))
    lines += ["", "EE cert SKI: %s" % ":".join("%02X" % b for b in rb(20)), "manifest: %s.mft  hash %s" % (hx(40, True), b64(rb(32)))]
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


# ----------------------------------------------------------------- pii_lookalike_number
@neg("pii_lookalike_number")
def pl_if_counters():
    ifn = pick(["TenGigabitEthernet1/0/%d", "HundredGigE0/0/0/%d", "Ethernet%d", "xe-0/0/%d", "port1.0.%d"]) % R.randint(1, 48)
    pin, pout = R.randint(10 ** 9, 10 ** 12), R.randint(10 ** 9, 10 ** 12)
    body = S("""«ifn» is up, line protocol is up (connected)
  Hardware is Ten Gigabit Ethernet, address is «mac» (bia «mac»)
  Description: uplink to «peer»
  MTU 9198 bytes, BW 10000000 Kbit/sec, DLY 10 usec,
  Last clearing of "show interface" counters «clr»
  5 minute input rate «ir» bits/sec, «ipps» packets/sec
  5 minute output rate «orate» bits/sec, «opps» packets/sec
     «pin» packets input, «bin» bytes, 0 no buffer
     Received «bc» broadcasts («mc» multicasts)
     «crc» input errors, «crc» CRC, 0 frame, 0 overrun, 0 ignored
     «pout» packets output, «bout» bytes, 0 underruns""", ifn=ifn, mac=mac(1), peer=host(), clr=pick(["never", "6w2d", "1y12w", "3d04h"]),
             ir=R.randint(10 ** 6, 9 * 10 ** 9), ipps=R.randint(1000, 900000), orate=R.randint(10 ** 6, 9 * 10 ** 9), opps=R.randint(1000, 900000), pin=pin,
             bin=pin * R.randint(200, 1400), bc=R.randint(1000, 10 ** 7), mc=R.randint(1000, 10 ** 7), crc=R.randint(0, 40),
             pout=pout, bout=pout * R.randint(200, 1400))
    return block(body, "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_inventory():
    rows = []
    pids = [("C9300-48UXM", "FOC"), ("C9500-32C", "FDO"), ("N9K-C93180YC-FX", "FDO"), ("ASR1001-HX", "FXS"), ("SFP-10G-LR", "AVD"),
            ("QSFP-100G-LR4-S", "FNS"), ("PWR-C1-1100WAC", "DCB"), ("MX204", "BL"), ("QFX5120-48Y", "WS"), ("FG-100F", "FG100F")]
    for pid, pre in R.sample(pids, R.randint(3, 7)):
        sn = pre + ("%04d" % R.randint(1000, 2999) + rs(UP + DG, 4) if len(pre) == 3 else rs(DG, 4) + rs(UP + DG, 6))
        rows.append((pid, sn, "V0%d" % R.randint(1, 7)))
    if chance(0.5):
        body = "\n".join('NAME: "%s", DESCR: "%s"\nPID: %-22s, VID: %s, SN: %s' % (pid, pid, pid, v, sn) for pid, sn, v in rows)
    else:
        body = "| PID | SN | VID | contract |\n|---|---|---|---|\n" + "\n".join("| %s | %s | %s | %d |" % (pid, sn, v, R.randint(10 ** 8, 10 ** 9)) for pid, sn, v in rows)
        return pick(["RMA/Smartnet list for %s:" % site(), "Seriennummern für den Wartungsvertrag:", "シリアル一覧（保守契約更新用）:", "Lista de series para el contrato:"]) + "\n" + body
    return block(body, "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_port_map():
    s = site()
    sw = host(s=s)
    rows = ["| port | vlan | description | patch | cable |", "|---|---|---|---|---|"]
    for p in sorted(R.sample(range(1, 49), R.randint(4, 18))):
        rows.append("| Gi1/0/%d | %s | %s | PP-R%02d-U%02d-P%02d | CBL-%06d |" % (
            p, pick(["10", "20", "110", "214", "310", "999 (parking)", "trunk 10,20,110"]), pick(["hv-%02d eth%d" % (R.randint(1, 40), R.randint(0, 3)), "ipmi", "printer-2F", "AP-%03d" % R.randint(1, 200), "spare", "cam-lobby"]),
            R.randint(1, 40), R.randint(1, 42), R.randint(1, 48), R.randint(1, 999999)))
    return pick(["port map for %s after re-patch:" % sw, "Portbelegung %s (nach Umzug):" % sw, "mapa de puertos de %s:" % sw,
                 "%s のポートマップ:" % sw, "карта портов %s:" % sw, "portkarta för %s:" % sw]) + "\n" + "\n".join(rows)


@neg("pii_lookalike_number")
def pl_subnet_csv():
    lines = ["site,vlan,name,cidr,gateway,dhcp_start,dhcp_end"]
    for _ in range(R.randint(4, 20)):
        base = priv_ip().rsplit(".", 1)[0]
        lines.append("%s,%d,%s,%s.0/24,%s.1,%s.%d,%s.%d" % (site(), R.randint(2, 4000), pick(["users", "voice", "iot", "mgmt", "servers", "guest", "cams"]), base, base, base, R.randint(20, 60), base, R.randint(200, 250)))
    return block("\n".join(lines), "csv", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_bgp_summary():
    lines = ["BGP router identifier %s, local AS number %d" % (priv_ip(), pick([4200000000 + R.randint(1, 9999), 64512 + R.randint(0, 1000)])),
             "Neighbor        V         AS   MsgRcvd   MsgSent   TblVer  InQ OutQ Up/Down  State/PfxRcd"]
    for _ in range(R.randint(3, 9)):
        nb = pick([priv_ip(), "169.254.%d.%d" % (R.randint(0, 255), R.randint(1, 254))])
        lines.append("%-15s 4 %10d %9d %9d %8d    0    0 %-8s %s" % (
            nb, pick([4200000000 + R.randint(1, 99999), 64512 + R.randint(0, 1000), 7224, 16509]), R.randint(10 ** 4, 10 ** 8),
            R.randint(10 ** 4, 10 ** 8), R.randint(10 ** 5, 10 ** 7), pick(["1y23w", "6w1d", "3d02h", "00:14:11", "never"]), pick([str(R.randint(1, 950000)), "Idle", "Active"])))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_alert_json():
    d = dt()
    body = {"receiver": "neteng-pager", "status": pick(["firing", "resolved"]), "alerts": []}
    for _ in range(R.randint(1, 3)):
        body["alerts"].append({
            "labels": {"alertname": pick(["InterfaceErrorsHigh", "BGPSessionDown", "LinkUtilizationHigh", "OpticRxPowerLow", "VPNTunnelDown"]),
                       "device": host(), "ifIndex": str(R.randint(1, 600)), "severity": pick(["page", "warning"])},
            "annotations": {"summary": "value=%s threshold=%s" % (pick(["%.3e" % (R.random() * 1e10), "%.2f" % (R.random() * 100), "-%.2f dBm" % (R.random() * 20)]), pick(["80", "1e+09", "-14"]))},
            "startsAt": iso(d), "endsAt": "0001-01-01T00:00:00Z", "fingerprint": hx(16)})
    body["groupKey"] = "{}/{}:{alertname=\"%s\"}" % body["alerts"][0]["labels"]["alertname"]
    body["truncatedAlerts"] = 0
    body["ts_ms"] = epoch(d) * 1000 + R.randrange(1000)
    return block(json.dumps(body, indent=R.choice([None, 2])), "json", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_po_invoice():
    cur = pick([("€", "de"), ("$", "en"), ("¥", "ja"), ("zł", "pl"), ("R$", "pt"), ("kr", "sv")])
    lines = []
    total = 0
    for sku in R.sample(["C9300-48UXM-E", "SFP-10G-LR-S=", "QSFP-100G-SR4-S", "CON-SNT-C93048UX", "FG-100F-BDL-950-36", "MX204-HW-BASE", "DAC-25G-3M", "PDU-ZPX-32A"], R.randint(2, 6)):
        q, p = R.randint(1, 48), R.randint(80, 24000)
        total += q * p
        lines.append("%-22s x%-3d %s" % (sku, q, fmt_money(p, cur)))
    head = pick(["PO-%d-%06d" % (R.randint(2024, 2026), R.randint(1, 999999)), "Bestellung 45%08d" % R.randint(0, 10 ** 8 - 1), "注文番号 %010d" % R.randint(0, 10 ** 10 - 1), "Zamówienie nr %d/%d/NET" % (R.randint(1, 999), R.randint(2024, 2026))])
    return head + "\n```\n" + "\n".join(lines) + "\n" + "-" * 30 + "\nTOTAL %s\n```" % fmt_money(total, cur) + ("\nquote ref Q%d-%d, invoice due in 30 days" % (R.randint(10 ** 6, 10 ** 7), R.randint(100, 999)) if chance(0.5) else "")


def fmt_money(v, cur):
    sym, loc = cur
    if loc in ("de", "pl", "pt"):
        s = "{:,.2f}".format(v).replace(",", "X").replace(".", ",").replace("X", ".")
        return s + " " + sym if loc != "pt" else sym + " " + s
    if loc == "sv":
        return "{:,.2f}".format(v).replace(",", " ").replace(".", ",") + " " + sym
    if loc == "ja":
        return sym + "{:,}".format(v)
    return sym + "{:,.2f}".format(v)


@neg("pii_lookalike_number")
def pl_optics():
    lines = ["                                 Optical   Optical", "           Temperature  Voltage  Tx Power  Rx Power",
             "Port       (Celsius)    (Volts)  (dBm)     (dBm)", "---------  -----------  -------  --------  --------"]
    for i in range(R.randint(2, 12)):
        lines.append("Te1/1/%-3d  %-11.1f  %-7.2f  %-8.1f  %.1f" % (i + 1, 25 + R.random() * 25, 3.2 + R.random() * 0.2, -1 - R.random() * 3, -2 - R.random() * 16))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_tickets():
    lines = []
    for _ in range(R.randint(3, 8)):
        d = dt()
        lines.append("- %s %s %s — %s" % (
            pick(["CHG%07d" % R.randint(10 ** 5, 10 ** 7), "INC%07d" % R.randint(10 ** 5, 10 ** 7), "NET-%d" % R.randint(100, 9999), "RMA %d" % R.randint(8 * 10 ** 8, 9 * 10 ** 8), "TAC SR %d" % R.randint(690000000, 699999999), "Case #%08d" % R.randint(0, 10 ** 8)]),
            d.strftime("%Y-%m-%d %H:%M"), pick(["UTC", "CET", "JST"]), pick(["replace PSU in %s" % host(), "migrate VRRP on %s" % host(), "firmware upgrade %s" % host(), "transit circuit cutover", "swap optic on %s" % host()])))
    return pick(["change calendar this week:", "Änderungskalender KW%d:" % R.randint(1, 52), "calendrier des changements :", "今週の変更予定:", "本周变更计划：", "이번 주 변경 일정:"]) + "\n" + "\n".join(lines)


@neg("pii_lookalike_number")
def pl_rack_xconnect():
    lat, lon = pick([(50.1109, 8.6821), (52.3563, 4.9448), (39.0168, -77.4592), (1.3521, 103.8198), (35.6298, 139.7936)])
    lat += R.uniform(-0.05, 0.05)
    lon += R.uniform(-0.05, 0.05)
    body = S("""Cross-connect order «xc»
A-side: «dc»:«fl»:«cage» / rack «rk» / panel «pn» ports «p1»-«p2»
Z-side: MMR «mmr» / carrier demarc
Circuit ID: «cid»
LOA/CFA ref: «loa»
Facility coordinates: «lat», «lon»
Requested: «d»  —  est. completion 5 business days""", xc="%d-%s" % (R.randint(10 ** 7, 10 ** 8), pick("ABC")), dc=pick(["FR5", "AM7", "DC11", "SG3", "TY8"]), fl=R.randint(1, 4),
             cage="%05d" % R.randint(0, 99999), rk="%04d" % R.randint(1, 2000), pn="%d" % R.randint(1000, 99999), p1=R.randint(1, 23), p2=R.randint(24, 48),
             mmr=R.randint(1, 3), cid=pick(["%02d.KXGS.%06d..%s" % (R.randint(10, 99), R.randint(0, 999999), pick(["LUMN", "ZYO", "TELX"])), "IC-%d" % R.randint(10 ** 8, 10 ** 9), "DE/FRA/%07d" % R.randint(0, 10 ** 7)]),
             loa="%d" % R.randint(10 ** 9, 10 ** 10 - 1), lat="%.4f" % lat, lon="%.4f" % lon, d=dt().strftime("%d.%m.%Y"))
    return block(body, "", p_fence=0.4, intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_mtr():
    lines = ["$ mtr -rwzc 100 %s" % doc_ip(), "Start: %s" % dt().strftime("%Y-%m-%dT%H:%M:%S%z+0000"),
             "HOST: %-40s Loss%%   Snt   Last   Avg  Best  Wrst StDev" % host()]
    hops = [priv_ip() for _ in range(R.randint(2, 4))] + [doc_ip() for _ in range(R.randint(2, 6))]
    for i, h in enumerate(hops):
        a = R.uniform(0.2, 40) + i * 2
        lines.append("  %2d. AS%-7s %-34s %4.1f%%   100 %6.1f %5.1f %5.1f %5.1f %5.1f" % (i + 1, pick(["???", str(R.randint(64512, 65534))]), h, pick([0.0, 0.0, 1.0, 2.0]), a, a, a * 0.9, a * 1.8, R.random() * 3))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_ipv6_plan():
    p = "2001:db8:%x" % R.randint(0x1000, 0xffff)
    lines = ["| site | prefix | loopbacks | p2p |", "|---|---|---|---|"]
    for i, s in enumerate(R.sample(SITES, R.randint(3, 8))):
        lines.append("| %s | %s:%x00::/56 | %s:%x00::/64 | %s:%xff::/64 (/127 per link) |" % (s, p, i + 1, p, i + 1, p, i + 1))
    return pick(["IPv6 plan v3 (documentation prefix in the doc, real one in NetBox):", "IPv6-Adressplan:", "IPv6 アドレス計画:", "Plan IPv6 :"]) + "\n" + "\n".join(lines)


@neg("pii_lookalike_number")
def pl_chrony():
    body = S("""$ chronyc tracking
Reference ID    : «rid» («ip»)
Stratum         : «st»
Ref time (UTC)  : «rt»
System time     : 0.«fr» seconds «fs» of NTP time
Last offset     : -0.«lo» seconds
RMS offset      : 0.«rms» seconds
Frequency       : «fq» ppm slow
Root delay      : 0.«rd» seconds
Update interval : «ui» seconds
Leap status     : Normal""", rid=hx(8, True), ip=priv_ip(), st=R.randint(2, 4), rt=dt().strftime("%a %b %d %H:%M:%S %Y"), fr="%09d" % R.randint(0, 99999),
             fs=pick(["fast", "slow"]), lo="%09d" % R.randint(0, 999999), rms="%09d" % R.randint(0, 999999), fq="%.3f" % (R.random() * 30),
             rd="%09d" % R.randint(0, 9999999), ui="%.1f" % pick([64.2, 128.9, 256.4, 1031.2]))
    return block(body, "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_tcp_seq():
    a, b = priv_ip(), priv_ip()
    lines = []
    seq, ack = R.randint(10 ** 9, 4294967295), R.randint(10 ** 9, 4294967295)
    t = dt()
    for i in range(R.randint(3, 10)):
        t += datetime.timedelta(microseconds=R.randint(20, 90000))
        flags = pick(["[S]", "[S.]", "[.]", "[P.]", "[F.]", "[R]"])
        lines.append("%s IP %s.%d > %s.%d: Flags %s, seq %d, ack %d, win %d, options [mss 1460,sackOK,TS val %d ecr %d,nop,wscale 7], length 0" % (
            t.strftime("%H:%M:%S.%f"), a, R.randint(30000, 65000), b, pick([179, 443, 5432, 6443]), flags, seq + i, ack + i, pick([64240, 65160, 502, 8192]),
            R.randint(10 ** 9, 4294967295), R.randint(0, 4294967295)))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_iperf():
    lines = ["$ iperf3 -c %s -P %d -t 30" % (priv_ip(), pick([4, 8])), "[ ID] Interval           Transfer     Bitrate         Retr"]
    for i in range(R.randint(2, 8)):
        lines.append("[%3d]   0.00-30.00  sec  %.2f GBytes  %.2f Gbits/sec  %4d             sender" % (5 + 2 * i, R.random() * 30, R.random() * 9.4, R.randint(0, 3000)))
    lines.append("[SUM]   0.00-30.00  sec  %.1f GBytes  %.2f Gbits/sec  %d  sender" % (R.random() * 200, R.random() * 40, R.randint(0, 9000)))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_syslog():
    lines = []
    seq = R.randint(1000, 999999)
    for i in range(R.randint(3, 14)):
        t = dt()
        lines.append("%06d: %s: %s" % (seq + i, t.strftime("*%b %d %H:%M:%S.") + "%03d UTC" % R.randrange(1000), pick([
            "%%LINEPROTO-5-UPDOWN: Line protocol on Interface Te1/0/%d, changed state to %s" % (R.randint(1, 48), pick(["up", "down"])),
            "%%BGP-5-ADJCHANGE: neighbor %s Up" % priv_ip(),
            "%%OSPF-5-ADJCHG: Process 1, Nbr %s on Vlan%d from LOADING to FULL, Loading Done" % (priv_ip(), R.randint(2, 4000)),
            "%%SYS-5-CONFIG_I: Configured from console by vty0 (%s)" % priv_ip(),
            "%%PLATFORM_PM-6-FRULINK_INSERTED: 10G transceiver module inserted in Te1/1/%d" % R.randint(1, 8)])))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_egress_cost():
    lines = ["month,region,egress_bytes,egress_gb,cost_usd,cost_per_gb"]
    for m in range(R.randint(3, 15)):
        b = R.randint(10 ** 12, 9 * 10 ** 14)
        lines.append("2025-%02d,%s,%d,%.1f,%.2f,%.4f" % (m % 12 + 1, pick(["eu-central-1", "us-east-1", "ap-northeast-1"]), b, b / 1e9, b / 1e9 * 0.05, 0.05))
    return block("\n".join(lines), "csv", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_vrf_vxlan():
    lines = []
    for _ in range(R.randint(2, 5)):
        v = R.randint(2, 4000)
        lines += ["vrf definition %s" % pick(["PAYMENTS", "CORP", "MGMT", "K8S", "PARTNER"]),
                  " rd %d:%d" % (pick([65010, 4200000123]), R.randint(10 ** 6, 10 ** 10)),
                  " route-target export %d:%d" % (65010, R.randint(100, 9999)),
                  "!", "vlan %d" % v, " vn-segment %d" % (10000 + v), "!"]
    lines.append("! mpls labels in use: %s" % ", ".join(str(R.randint(16, 1048575)) for _ in range(R.randint(3, 8))))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("pii_lookalike_number")
def pl_maintenance_notice():
    d = dt()
    lang = pick(["en", "de", "fr", "ja", "es", "pl"])
    ref = "MW-%d-%05d" % (d.year, R.randint(0, 99999))
    txt = {
        "en": "Carrier maintenance %s: %s 01:00–05:00 UTC, expected impact 2x 15 min on circuit %s. Backup window %s.",
        "de": "Wartungsarbeiten %s: %s 01:00–05:00 MEZ, erwartete Unterbrechung 2x 15 Min. auf Leitung %s. Ersatztermin %s.",
        "fr": "Maintenance opérateur %s : %s de 01h00 à 05h00, coupure prévue 2x 15 min sur le circuit %s. Date de repli %s.",
        "ja": "回線メンテナンス %s: %s 1:00〜5:00 JST、回線 %s で15分程度の断が2回。予備日 %s。",
        "es": "Mantenimiento del operador %s: %s de 01:00 a 05:00, corte previsto de 2x 15 min en el circuito %s. Fecha alternativa %s.",
        "pl": "Prace serwisowe operatora %s: %s 01:00–05:00, przerwa 2x 15 min na łączu %s. Termin zapasowy %s.",
    }[lang]
    fmt = {"en": "%Y-%m-%d", "de": "%d.%m.%Y", "fr": "%d/%m/%Y", "ja": "%Y年%m月%d日", "es": "%d/%m/%Y", "pl": "%d.%m.%Y"}[lang]
    return txt % (ref, d.strftime(fmt), "%d/%s/%06d" % (R.randint(10, 99), pick(["IPLC", "WAVE", "DIA"]), R.randint(0, 999999)), (d + datetime.timedelta(days=7)).strftime(fmt))


@neg("pii_lookalike_number")
def pl_contract_numbers():
    def nonluhn(n):
        while True:
            x = str(R.randint(1, 9)) + rs(DG, n - 1)
            if not luhn_ok(x):
                return x
    a, b = nonluhn(16), nonluhn(16)
    lines = ["SmartNet contract: %s" % " ".join(a[i:i + 4] for i in range(0, 16, 4)),
             "FortiCare registration: %s" % "-".join(b[i:i + 4] for i in range(0, 16, 4)),
             "Asset tag: %s%02d%s%s" % (pick(["DE", "NL", "GB", "FR"]), R.randint(10, 99), pick(["FRA1", "AMS2", "LHR4", "PAR2"]), rs(DG, 8)),
             "Account number at carrier: %d" % R.randint(10 ** 9, 10 ** 10 - 1)]
    R.shuffle(lines)
    return pick(["for the renewal:", "für die Verlängerung:", "pour le renouvellement :", "do odnowienia:", "更新用:"]) + "\n" + "\n".join(lines[:R.randint(2, 4)])


@neg("pii_lookalike_number")
def pl_tf_plan_summary():
    lines = ["Terraform will perform the following actions:", ""]
    for _ in range(R.randint(2, 5)):
        rn = "%s_%d" % (site(), R.randint(1, 40))
        lines += ['  # aws_ec2_transit_gateway_route.%s will be created' % rn,
                  '  + resource "aws_ec2_transit_gateway_route" "%s" {' % rn,
                  '      + destination_cidr_block         = "%s.0/24"' % priv_ip().rsplit(".", 1)[0],
                  '      + transit_gateway_route_table_id = "tgw-rtb-0%s"' % hx(16), "    }", ""]
    lines.append("Plan: %d to add, %d to change, %d to destroy." % (R.randint(1, 30), R.randint(0, 9), R.randint(0, 3)))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


# -------------------------------------------------------------------- data_uri_base64
def png_uri():
    return "data:image/png;base64," + b64(png_bytes())


def any_img_uri():
    k = R.randrange(4)
    if k == 0:
        return png_uri()
    if k == 1:
        return "data:image/gif;base64," + b64(gif_bytes())
    if k == 2:
        return "data:image/jpeg;base64," + b64(jpeg_bytes())
    return "data:image/svg+xml;base64," + b64(svg_text().encode())


@neg("data_uri_base64")
def du_drawio():
    cells = []
    for i in range(R.randint(1, 4)):
        cells.append('    <mxCell id="%s" value="%s" style="shape=image;verticalLabelPosition=bottom;aspect=fixed;image=%s;" vertex="1" parent="1">\n      <mxGeometry x="%d" y="%d" width="48" height="48" as="geometry"/>\n    </mxCell>' % (
            rs(B62, 20) + "-" + str(i), host(), any_img_uri().replace("data:image/png;base64,", "data:image/png,").replace(";base64,", ",") if chance(0.3) else any_img_uri(), R.randint(0, 900), R.randint(0, 600)))
    body = '<mxGraphModel dx="1422" dy="794" grid="1">\n  <root>\n    <mxCell id="0"/>\n    <mxCell id="1" parent="0"/>\n' + "\n".join(cells) + "\n  </root>\n</mxGraphModel>"
    return pick(["topology.drawio for %s (raw xml, icons are embedded):" % site(), "draw.io Diagramm vom neuen Spine/Leaf:", "el diagrama de la red, versión xml:", "ネットワーク構成図 (drawio XML):"]) + "\n```xml\n" + body + "\n```"


@neg("data_uri_base64")
def du_grafana():
    panel = {"type": "text", "title": pick(["Edge status", "VPN tunnels", "Transit links", "DC %s" % site()]), "gridPos": {"h": 4, "w": 6, "x": 0, "y": R.randint(0, 40)},
             "options": {"mode": "html", "content": '<img src="%s" width="24"/> <b>%s</b>' % (any_img_uri(), pick(["all tunnels up", "degraded", "maintenance"]))}}
    return block(json.dumps(panel, indent=2), "json", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_font_css():
    fam = pick(["NocMono", "StatusSans", "Inter-Subset", "PortalIcons"])
    body = "@font-face {\n  font-family: \"%s\";\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n  font-display: swap;\n}\n.status-badge { font-family: \"%s\", system-ui; }" % (fam, b64(woff2_bytes()), fam)
    return block(body, "css", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_vpn_portal():
    body = S("""<!-- GlobalProtect / captive portal custom login page -->
<div class="login-header">
  <img alt="logo" src="«u»" height="32">
  <h1>«t»</h1>
</div>
<form method="POST" action="/login">
  <input name="user" autocomplete="username">
  <input name="passwd" type="password" autocomplete="current-password">
</form>""", u=any_img_uri(), t=pick(["Orbitly VPN", "Guest Wi-Fi", "Acceso VPN", "VPN-Zugang", "VPN ログイン"]))
    return block(body, "html", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_markdown_runbook():
    lines = ["## %s" % pick(["Runbook: transit failover", "Runbook: VPN tunnel flap", "Notfallplan: Core-Switch-Tausch", "手順書: LB 切り替え", "Procédure : bascule DNS"])]
    lines.append("")
    lines.append("1. %s" % pick(["check BGP state on both edges", "BGP-Status auf beiden Edges prüfen", "両方のエッジで BGP 状態を確認"]))
    lines.append("2. ![%s](%s)" % (pick(["topology", "diagram", "schema"]), png_uri()))
    lines.append("3. %s" % pick(["drain the LB pool", "Pool im LB drainen", "vaciar el pool del balanceador"]))
    return "\n".join(lines)


@neg("data_uri_base64")
def du_mime_attachment():
    fname = pick(["maintenance-notice-%d.pdf" % R.randint(1000, 9999), "loa-cfa-%s.pdf" % site(), "capture-%s.pcap" % site(), "rack-photo.jpg"])
    if fname.endswith("pdf"):
        ct, data = "application/pdf", pdf_bytes()
    elif fname.endswith("pcap"):
        ct, data = "application/vnd.tcpdump.pcap", pcap_bytes()
    else:
        ct, data = "image/jpeg", jpeg_bytes()
    enc = b64(data)
    lines = ["--b1_%s" % hx(32), 'Content-Type: %s; name="%s"' % (ct, fname), "Content-Transfer-Encoding: base64",
             'Content-Disposition: attachment; filename="%s"' % fname, ""] + [enc[i:i + 76] for i in range(0, min(len(enc), 76 * R.randint(3, 20)), 76)]
    return pick(["raw source of the carrier mail, the attachment did not come through in the ticket:", "Quelltext der Mail vom Carrier:", "source brute du mail opérateur :", "キャリアからのメールのソース:"]) + "\n```\n" + "\n".join(lines) + "\n```"


@neg("data_uri_base64")
def du_haproxy_errorfile():
    html = "<html><head><link rel=\"icon\" href=\"data:image/svg+xml;base64,%s\"></head><body><h1>503</h1><p>%s</p></body></html>" % (
        b64(svg_text().encode()), pick(["Service temporarily unavailable", "Wartung läuft", "Maintenance en cours", "メンテナンス中です"]))
    body = "HTTP/1.1 503 Service Unavailable\r\nCache-Control: no-cache\r\nContent-Type: text/html\r\n\r\n" + html
    return pick(["new errorfile for the api backend (/etc/haproxy/errors/503.http):", "errorfile 503 mit eingebettetem Favicon:", "503 用 errorfile:"]) + "\n```\n" + body.replace("\r\n", "\n") + "\n```"


@neg("data_uri_base64")
def du_jupyter():
    cell = {"output_type": "display_data", "data": {"image/png": b64(png_bytes(R.choice([16, 24, 32]), R.choice([16, 24]))), "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}
    return pick(["latency notebook output (p99 per transit):", "Notebook-Ausgabe Latenzanalyse:", "latency.ipynb の出力セル:", "saída do notebook de latência:"]) + "\n```json\n" + json.dumps(cell, indent=1) + "\n```"


@neg("data_uri_base64")
def du_pcap_api():
    data = pcap_bytes()
    obj = {"capture_id": uuid4(), "interface": pick(["ge-0/0/1", "eth1", "tap-span-3"]), "filter": "tcp port 179",
           "packets": R.randint(1, 3), "format": "pcap", "content_base64": b64(data)}
    return block(json.dumps(obj, indent=2), "json", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_echo_decode():
    k = R.randrange(3)
    if k == 0:
        uri = png_uri()
        res = "/dev/stdin: PNG image data, %s, 8-bit/color RGB, non-interlaced" % pick(["16 x 16", "24 x 24", "32 x 32"])
    elif k == 1:
        txt = pick(["ip route 0.0.0.0 0.0.0.0 %s\n" % priv_ip(), "interface Vlan%d\n description users\n" % R.randint(2, 4000), "set interfaces ge-0/0/0 unit 0 family inet address %s/31\n" % priv_ip()])
        uri = "data:text/plain;base64," + b64(txt.encode())
        res = txt.rstrip()
    else:
        uri = "data:image/gif;base64," + b64(gif_bytes())
        res = "/dev/stdin: GIF image data, version 89a, 1 x 1"
    return "```\n$ echo '%s' | cut -d, -f2 | base64 -d %s\n%s\n```" % (uri, "| file -" if k != 1 else "", res)


@neg("data_uri_base64")
def du_sourcemap():
    sm = json.dumps({"version": 3, "file": "portal.%s.js" % hx(8), "sources": ["src/vpn/login.ts", "src/vpn/status.ts"], "names": [], "mappings": rs("ACEGIKMOQSUWYgkm;,", R.randint(30, 120))}, separators=(",", ":"))
    body = "!function(){\"use strict\";var e=document.querySelector(\"#tunnels\");e&&(e.dataset.ready=\"1\")}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64," + b64(sm.encode())
    return block(body, "js", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_cloudfront_error():
    body = S('''resource "aws_s3_object" "maint_page" {
  bucket       = aws_s3_bucket.errors.id
  key          = "maintenance.html"
  content_type = "text/html"
  content      = <<-EOT
    <html><body style="background:url(«u») no-repeat center">
    <p>«t»</p></body></html>
  EOT
}''', u=any_img_uri(), t=pick(["We'll be right back.", "Gleich wieder da.", "De retour très vite.", "すぐに戻ります。"]))
    return block(body, "hcl", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_slack_blocks():
    obj = {"blocks": [{"type": "context", "elements": [{"type": "image", "image_url": any_img_uri(), "alt_text": "status"},
                                                        {"type": "mrkdwn", "text": "*%s* %s" % (host(), pick(["BGP down", "link flap", "optic rx low", "recovered"]))}]}]}
    return pick(["why does the alert bot message render without the icon? payload:", "Payload vom Alert-Bot, Icon fehlt:", "le bot envoie ça, l'icône ne s'affiche pas :", "アラートBotのペイロード、アイコンが出ない:"]) + "\n```json\n" + json.dumps(obj, indent=2) + "\n```"


@neg("data_uri_base64")
def du_inline_svg_utf8():
    color = "#%s" % hx(6)
    enc = svg_text(color).replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    body = ".tunnel-up::before { content: \"\"; background-image: url(\"data:image/svg+xml;utf8,%s\"); }\n.tunnel-down::before { background-image: url(data:image/png;base64,%s); }" % (enc, b64(png_bytes(8, 8)))
    return block(body, "css", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_truncated_log():
    lines = []
    for _ in range(R.randint(2, 6)):
        u = any_img_uri()
        cut = R.randint(40, 90)
        lines.append('%s WARN netbox.ui  rejected image upload for device-type "%s": %s… [%d more chars]' % (iso(), pick(["C9300-48UXM", "MX204", "FG-100F", "QFX5120"]), u[:cut], len(u) - cut))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_asa_webvpn():
    body = S("""<custom>
  <title-panel>
    <mode>enable</mode>
    <text>«t»</text>
    <logo-url>«u»</logo-url>
  </title-panel>
</custom>""", t=pick(["Orbitly Remote Access", "Zugang für Dienstleister", "Accès prestataires"]), u=any_img_uri())
    return block(body, "xml", intro_lang=pick(LANGS))


@neg("data_uri_base64")
def du_configmap_binary():
    body = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: status-page-assets\n  namespace: %s\nbinaryData:\n  favicon.png: %s\n  logo.gif: %s\n" % (
        pick(["edge", "status", "ingress-nginx"]), b64(png_bytes(16, 16)), b64(gif_bytes()))
    return block(body.rstrip(), "yaml", intro_lang=pick(LANGS))


# ---------------------------------------------------------------- placeholder_example
@neg("placeholder_example")
def ph_jinja_ios():
    body = S("""hostname {{ inventory_hostname }}
enable secret 9 {{ vault_enable_secret_hash }}
username {{ netops_user }} privilege 15 secret 9 {{ vault_netops_hash }}
tacacs server «ts»
 address ipv4 {{ tacacs_server_ip }}
 key 0 {{ vault_tacacs_key }}
snmp-server group NETOPS v3 priv
snmp-server user monitor NETOPS v3 auth sha {{ snmp_auth_pass }} priv aes 256 {{ snmp_priv_pass }}""", ts=pick(["ISE-1", "TACACS-PRIMARY", "tac-fra1"]))
    lines = body.split("\n")
    return block("\n".join(lines[:R.randint(3, len(lines))]), "jinja", intro_lang=pick(LANGS))


@neg("placeholder_example")
def ph_asa_masked():
    p = doc_ip()
    body = S("""«h»# show running-config tunnel-group «p»
tunnel-group «p» type ipsec-l2l
tunnel-group «p» general-attributes
 default-group-policy GP-«s»
tunnel-group «p» ipsec-attributes
 ikev1 pre-shared-key *****
 ikev2 remote-authentication pre-shared-key *****
 ikev2 local-authentication pre-shared-key *****""", h=host(), p=p, s=site().upper())
    return block(body, "", intro_lang=pick(LANGS)) + "\n" + pick(["ASA masks the PSK in show run, use `more system:running-config` only on the box itself", "die PSK wird maskiert angezeigt, das ist korrekt so",
                                                                   "la PSK est masquée, c'est normal", "PSK はマスクされて表示されます", "PSK 在 show run 里是被屏蔽的"])


@neg("placeholder_example")
def ph_tf_sensitive():
    body = S("""  # aws_vpn_connection.«s» will be updated in-place
  ~ resource "aws_vpn_connection" "«s»" {
        id                    = "vpn-0«id»"
      ~ tunnel1_preshared_key = (sensitive value)
      ~ tunnel2_preshared_key = (sensitive value)
        tags                  = {
            "Name" = "«s»-to-aws"
        }
        # (42 unchanged attributes hidden)
    }

Plan: 0 to add, 1 to change, 0 to destroy.

Changes to Outputs:
  ~ vpn_psk = (sensitive value)""", s=site(), id=hx(16))
    return block(body, "", intro_lang=pick(LANGS))


@neg("placeholder_example")
def ph_fortios_doc():
    body = S("""config vpn ipsec phase1-interface
    edit "«n»"
        set interface "wan1"
        set ike-version 2
        set peertype any
        set net-device disable
        set proposal aes256gcm-prfsha384
        set remote-gw «ip»
        set psksecret <your-pre-shared-key>
    next
end""", n=pick(["to-aws-1", "to-office-%s" % site(), "ovpn-%s" % site()]), ip=doc_ip())
    return pick(["template from the wiki, fill in the PSK from 1Password, not here:", "Vorlage aus dem Wiki:", "plantilla de la wiki:", "wiki のテンプレート:", "szablon z wiki:"]) + "\n```\n" + body + "\n```"


@neg("placeholder_example")
def ph_aws_example():
    body = """$ aws configure --profile netops-sandbox
AWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE
AWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
Default region name [None]: %s
Default output format [None]: json""" % pick(["eu-central-1", "us-east-1"])
    return pick(["the onboarding doc literally uses the AWS example keys, people copy them and wonder why it fails:", "aus der AWS-Doku, das sind die Beispielkeys:", "ce sont les clés d'exemple de la doc AWS :", "AWS公式ドキュメントのサンプルキーです:"]) + "\n```\n" + body + "\n```"


@neg("placeholder_example")
def ph_netbox_env():
    body = """# netbox-docker env/netbox.env (upstream example, values are defaults)
DB_HOST=postgres
DB_NAME=netbox
DB_USER=netbox
DB_PASSWORD=J5brHrAXFLQSif0K
REDIS_PASSWORD=H733Kdjndks81
SECRET_KEY='r(m)9nLGnz$(_q3N4z1k(EFsMCjjjzx08x9VhNVcfd%6RF#r!6DE@+V5Zk2X'
SUPERUSER_API_TOKEN=0123456789abcdef0123456789abcdef01234567
SUPERUSER_PASSWORD=admin
NAPALM_USERNAME=
NAPALM_PASSWORD="""
    lines = body.split("\n")
    return pick(["these are the upstream netbox-docker defaults, we override all of them via ESO:", "das sind die Defaults aus dem netbox-docker Repo:", "valores por defecto del repo de netbox-docker:"]) + "\n```\n" + "\n".join(lines[:R.randint(5, len(lines))]) + "\n```"


@neg("placeholder_example")
def ph_snmp_defaults():
    body = "snmp-server community public RO\nsnmp-server community private RW\nsnmp-server location %s\nsnmp-server contact neteng oncall" % pick(["FR5 cage 3", "AMS7 row C", "lab bench"])
    return pick(["factory default on the new lab switch, before we apply the baseline:", "Werkseinstellung auf dem Lab-Switch:", "config d'usine du switch du labo :", "ラボスイッチの工場出荷時設定:", "fabryczna konfiguracja switcha w labie:"]) + "\n```\n" + body + "\n```"


@neg("placeholder_example")
def ph_haproxy_env():
    body = S("""userlist stats_users
    user admin password "${HAPROXY_STATS_HASH}"

frontend stats
    bind «ip»:8404
    stats enable
    stats uri /stats
    stats auth ${HAPROXY_STATS_USER}:${HAPROXY_STATS_PASSWORD}
    http-request auth realm haproxy unless { http_auth(stats_users) }""", ip=priv_ip())
    return block(body, "haproxy", intro_lang=pick(LANGS))


@neg("placeholder_example")
def ph_strongswan_template():
    body = S("""secrets {
    ike-«n» {
        id = «ip»
        secret = ${IKE_PSK_«N»}
    }
}
# ipsec.secrets (legacy)
: PSK \"CHANGE_ME\"""", n=site(), N=site().upper(), ip=doc_ip())
    return block(body, "", intro_lang=pick(LANGS))


@neg("placeholder_example")
def ph_slack_webhook_example():
    body = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"
    if chance(0.5):
        return "```yaml\nglobal:\n  slack_api_url: '%s'\nroute:\n  receiver: %s\n```\n%s" % (body, pick(["neteng", "noc", "edge-alerts"]), pick(["still the upstream example URL, nothing will arrive", "immer noch die Beispiel-URL", "toujours l'URL d'exemple", "まだサンプルURLのまま"]))
    return pick(["the alertmanager example config still has Slack's sample webhook `%s`, that's why nothing arrives", "im Beispiel steht noch `%s`, das ist der Platzhalter aus der Slack-Doku",
                 "`%s` は Slack ドキュメントのサンプルURLです", "en la config de ejemplo sigue `%s`, es el placeholder de la doc de Slack"]) % body


@neg("placeholder_example")
def ph_vendor_prefix_stubs():
    items = ["OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-api03-...", "SLACK_BOT_TOKEN=xoxb-your-bot-token", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxx",
             "GH_FINE_GRAINED=github_pat_...", "AWS_ACCESS_KEY_ID=AKIA................", "AWS_SECRET_ACCESS_KEY=<secret-access-key>", "SLACK_USER_TOKEN=xoxp-...",
             "NETBOX_TOKEN=<40-hex-token>", "CLOUDFLARE_API_TOKEN=${CF_TOKEN}"]
    sel = R.sample(items, R.randint(3, 8))
    return pick(["`.env.example` for the alert-summarizer bot:", ".env.example für den Alert-Bot:", ".env.example del bot de alertas:", "alert要約Botの .env.example:", "пример .env для бота алертов:"]) + "\n```\n" + "\n".join(sel) + "\n```"


@neg("placeholder_example")
def ph_masked_billing():
    lines = [pick(["Payment method on the registrar account: Visa •••• %s, exp **/**" % rs(DG, 4), "Karte hinterlegt: Mastercard **** **** **** %s" % rs(DG, 4),
                   "carte enregistrée : **** %s" % rs(DG, 4), "登録カード: ************%s" % rs(DG, 4)]),
             pick(["SEPA mandate: DE** **** **** **** **%s %s" % (rs(DG, 2), rs(DG, 2)), "IBAN: NL** RABO **** **** %s" % rs(DG, 2), "IBAN kończy się na ...%s" % rs(DG, 4)])]
    return "\n".join(lines[:R.randint(1, 2)])


@neg("placeholder_example")
def ph_pem_placeholder():
    body = pick(["-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----", "-----BEGIN RSA PRIVATE KEY-----\n<contents of vpn-gw01.key>\n-----END RSA PRIVATE KEY-----",
                 "-----BEGIN OPENSSH PRIVATE KEY-----\n(redacted)\n-----END OPENSSH PRIVATE KEY-----", "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE...\n-----END EC PRIVATE KEY-----"])
    return pick(["the haproxy pem must be cert + chain + key in this order:", "Reihenfolge in der PEM-Datei: Zertifikat, Chain, dann:", "el .pem debe terminar con:", "PEM ファイルの最後はこうなります:"]) + "\n```\n-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n" + body + "\n```"


@neg("placeholder_example")
def ph_default_creds_doc():
    rows = [("MikroTik RouterOS", "admin", "(empty)"), ("Ubiquiti EdgeRouter", "ubnt", "ubnt"), ("Cisco ISR (fresh)", "cisco", "cisco"),
            ("Juniper SRX", "root", "(none, set on first commit)"), ("FortiGate", "admin", "(empty, forced change)"), ("Aruba IAP", "admin", "<serial number>"),
            ("APC PDU", "apc", "apc"), ("Dell iDRAC", "root", "calvin"), ("HPE iLO", "Administrator", "<on pull tab>")]
    sel = R.sample(rows, R.randint(3, 7))
    return pick(["factory defaults we must change during staging (checklist item 4):", "Werks-Defaults, die beim Staging geändert werden müssen:", "identifiants d'usine à changer lors du staging :", "ステージング時に必ず変更する初期認証情報:"]) + "\n| device | user | default password |\n|---|---|---|\n" + "\n".join("| %s | %s | %s |" % r for r in sel)


@neg("placeholder_example")
def ph_url_template():
    body = pick(["postgresql://netbox:<password>@db.%s:5432/netbox" % INTD, "https://<user>:<token>@git.%s/neteng/configs.git" % INTD,
                 "http://oxidized:${OXIDIZED_PW}@oxidized.%s:8888/nodes.json" % INTD, "mysql://librenms:CHANGEME@localhost/librenms",
                 "redis://:<redis-password>@10.0.0.5:6379/0", "amqp://guest:guest@localhost:5672/"])
    return pick(["connection string format is `%s`", "Format des Connection-Strings: `%s`", "el formato es `%s`", "接続文字列の形式は `%s`", "формат строки подключения: `%s`"]) % body


@neg("placeholder_example")
def ph_keepalived():
    body = S("""vrrp_instance VI_«n» {
    state BACKUP
    interface «i»
    virtual_router_id «n»
    priority «p»
    authentication {
        auth_type PASS
        auth_pass {{ keepalived_auth_pass }}
    }
    virtual_ipaddress {
        «vip»/24
    }
}""", n=R.randint(1, 250), i=pick(["eth0", "bond0", "ens192"]), p=pick([100, 150, 90]), vip=priv_ip())
    return block(body, "", intro_lang=pick(LANGS))


@neg("placeholder_example")
def ph_redaction_markers():
    lines = ["%s %s" % (iso(), pick([
        "tacacs: auth ok user=netops key=[REDACTED]",
        "radius: Access-Accept for user=<redacted> nas=%s" % priv_ip(),
        "vpn-portal: login user=*** password=*** mfa=ok",
        "ansible: TASK [ios_config] changed: [%s] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\"}" % host(),
        "netmiko: send_command('show run | i password') -> [FILTERED]",
        "terraform: tunnel1_preshared_key = (sensitive value)"])) for _ in range(R.randint(2, 7))]
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("placeholder_example")
def ph_junos_plaintext_prompt():
    body = S("""[edit]
netops@«h»# set system login user oncall class super-user authentication plain-text-password
New password:
Retype new password:

[edit]
netops@«h»# show system login user oncall
uid 2«u»;
class super-user;
authentication {
    encrypted-password "$6$..."; ## SECRET-DATA
}""", h=host(), u=R.randint(100, 999))
    return block(body, "", intro_lang=pick(LANGS))


@neg("placeholder_example")
def ph_k8s_secret_ref():
    body = S("""apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
metadata:
  name: «n»
spec:
  secretStoreRef:
    name: vault-neteng
    kind: ClusterSecretStore
  target:
    name: «n»
  data:
    - secretKey: psk
      remoteRef:
        key: neteng/vpn/«s»
        property: psk
    - secretKey: api-token
      remoteRef:
        key: neteng/netbox
        property: token""", n=pick(["vpn-psk", "netbox-token", "bgp-md5"]), s=site())
    return block(body, "yaml", intro_lang=pick(LANGS))


@neg("placeholder_example")
def ph_cisco_doc_example():
    body = pick(["crypto isakmp key <PRE-SHARED-KEY> address 0.0.0.0 0.0.0.0", "radius server ISE\n address ipv4 <ISE-IP> auth-port 1812 acct-port 1813\n key <shared-secret>",
                 "router bgp 65010\n neighbor <PEER-IP> remote-as <PEER-ASN>\n neighbor <PEER-IP> password <MD5-KEY>", "key chain OSPF\n key 1\n  key-string <KEY>\n  cryptographic-algorithm hmac-sha-256"])
    return pick(["from the Cisco config guide, values in <> are placeholders:", "aus dem Config-Guide, <> sind Platzhalter:", "de la guía de Cisco, lo que va entre <> es placeholder:", "Cisco のコンフィグガイドより（<> はプレースホルダ）:", "z przewodnika Cisco, <> to placeholdery:"]) + "\n```\n" + body + "\n```"


# -------------------------------------------------------------------- code_identifier
@neg("code_identifier")
def ci_netmiko():
    body = S('''from netmiko import ConnectHandler
import os

def «fn»(host: str) -> str:
    conn = ConnectHandler(
        device_type="«dt»",
        host=host,
        username=os.environ["NET_USERNAME"],
        password=os.environ["NET_PASSWORD"],
        secret=os.environ.get("NET_ENABLE_SECRET", ""),
        fast_cli=False,
    )
    conn.enable()
    out = conn.send_command("show running-config | include «inc»")
    conn.disconnect()
    return out''', fn=pick(["fetch_password_lines", "audit_type7_passwords", "collect_snmp_community_config", "check_tacacs_key_present"]),
             dt=pick(["cisco_ios", "cisco_nxos", "arista_eos", "cisco_asa"]), inc=pick(["password 7", "snmp-server community", "tacacs", "key-string"]))
    return block(body, "python", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_ansible_task():
    body = S('''- name: Rotate TACACS key on «grp»
  hosts: «grp»
  gather_facts: false
  vars:
    tacacs_key_var_name: "vault_tacacs_key_{{ site }}"
  tasks:
    - name: Push key
      cisco.ios.ios_config:
        lines:
          - "key 0 {{ lookup('vars', tacacs_key_var_name) }}"
        parents: "tacacs server {{ tacacs_server_name }}"
      no_log: true
    - name: Verify password-encryption aes
      cisco.ios.ios_command:
        commands: show running-config | include password encryption aes
      register: pw_encryption_check''', grp=pick(["edge_routers", "access_switches", "dc_fabric"]))
    return block(body, "yaml", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_tf_random_password():
    body = S('''resource "random_password" "psk_«s»_t1" {
  length           = 32
  special          = false
  override_special = "_."
}

resource "aws_vpn_connection" "«s»" {
  customer_gateway_id   = aws_customer_gateway.«s».id
  transit_gateway_id    = aws_ec2_transit_gateway.main.id
  type                  = "ipsec.1"
  tunnel1_preshared_key = random_password.psk_«s»_t1.result
  tunnel2_preshared_key = random_password.psk_«s»_t2.result
}

output "vpn_«s»_psk_secret_arn" {
  value = aws_secretsmanager_secret.vpn_«s»_psk.arn
}''', s=site())
    return block(body, "hcl", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_go_struct():
    body = S('''type IPsecPeer struct {
	Name             string `yaml:"name"`
	RemoteGateway    netip.Addr `yaml:"remote_gateway"`
	PreSharedKeyRef  string `yaml:"psk_ref"`  // vault path, never the key
	IKEVersion       int    `yaml:"ike_version"`
	DPDIntervalSec   int    `yaml:"dpd_interval"`
}

func («r» *PeerReconciler) resolvePreSharedKey(ctx context.Context, p IPsecPeer) (secretString, error) {
	if p.PreSharedKeyRef == "" {
		return "", ErrMissingPreSharedKeyRef
	}
	return «r».secrets.ReadString(ctx, p.PreSharedKeyRef)
}''', r=pick(["r", "pr", "c"]))
    return block(body, "go", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_py_traceback():
    frames = [("/opt/netbox/netbox/dcim/api/views.py", "napalm", "response = driver_method()"),
              ("/usr/local/lib/python3.11/site-packages/napalm/ios/ios.py", "open", "self.device = self._netmiko_open("),
              ("/usr/local/lib/python3.11/site-packages/napalm/base/base.py", "_netmiko_open", "self._netmiko_device = ConnectHandler("),
              ("/usr/local/lib/python3.11/site-packages/netmiko/base_connection.py", "establish_connection", "self.remote_conn_pre.connect(**ssh_connect_params)"),
              ("/usr/local/lib/python3.11/site-packages/paramiko/client.py", "connect", "self._auth("),
              ("/usr/local/lib/python3.11/site-packages/paramiko/client.py", "_auth", "raise saved_exception"),
              ("/usr/local/lib/python3.11/site-packages/paramiko/transport.py", "auth_password", "return self.auth_handler.wait_for_response(my_event)")]
    n = R.randint(3, len(frames))
    lines = ["Traceback (most recent call last):"]
    for f, fn, code in frames[:n]:
        lines += ['  File "%s", line %d, in %s' % (f, R.randint(40, 900), fn), "    " + code]
    lines.append(pick(["paramiko.ssh_exception.AuthenticationException: Authentication failed.",
                       "netmiko.exceptions.NetmikoAuthenticationException: TCP connection to device failed. Common causes: wrong password_env_var, wrong enable secret",
                       "napalm.base.exceptions.ConnectionException: Cannot connect to %s (password_from_secret_store=True)" % host()]))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_java_trace():
    cls = ["com.orbitly.vpnportal.auth.RadiusSharedSecretProvider.loadSharedSecret", "com.orbitly.vpnportal.auth.TotpSeedRepository.findSeedByUserId",
           "com.orbitly.vpnportal.auth.PasswordPolicyValidator.validatePasswordComplexity", "com.orbitly.vpnportal.session.JwtSigningKeyResolver.resolveSigningKey",
           "com.orbitly.vpnportal.web.LoginController.handlePasswordLogin", "org.springframework.security.authentication.ProviderManager.authenticate",
           "org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter.attemptAuthentication",
           "org.apache.catalina.core.ApplicationFilterChain.doFilter", "java.base/java.lang.Thread.run"]
    k = R.randint(3, len(cls))
    lines = ["%s ERROR [http-nio-8443-exec-%d] c.o.v.auth.RadiusSharedSecretProvider - shared secret lookup failed" % (iso(), R.randint(1, 40)),
             pick(["com.orbitly.vpnportal.auth.SharedSecretNotFoundException: no radius_shared_secret for nas_id=%s" % host(),
                   "java.lang.IllegalStateException: jwtSigningKeyPassword is empty"])]
    for c in cls[:k]:
        f = c.rsplit(".", 2)[-2] + ".java" if not c.startswith("java.base") else "Thread.java"
        lines.append("\tat %s(%s:%d)" % (c, f, R.randint(20, 900)))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_rust_panic():
    lines = ["thread 'tokio-runtime-worker' panicked at src/tls/session_ticket_keys.rs:%d:%d:" % (R.randint(20, 400), R.randint(5, 40)),
             "called `Result::unwrap()` on an `Err` value: TicketKeyRotation(MissingKeyFile(\"/etc/edge-lb/ticket_keys/current.key\"))",
             "stack backtrace:"]
    fns = ["edge_lb::tls::session_ticket_keys::TicketKeyRing::rotate", "edge_lb::tls::acceptor::build_server_config", "edge_lb::listener::Listener::reload_tls",
           "edge_lb::control::handle_sighup", "tokio::runtime::task::harness::Harness<T,S>::poll"]
    for i, f in enumerate(fns[:R.randint(2, 5)]):
        lines.append("  %2d: %s" % (i + 8, f))
        lines.append("             at ./src/%s.rs:%d:%d" % (f.split("::")[1], R.randint(10, 500), R.randint(5, 40)))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_openconfig_paths():
    paths = ["/system/aaa/server-groups/server-group[name=TACACS]/servers/server[address=%s]/tacacs/config/secret-key" % priv_ip(),
             "/system/aaa/authentication/users/user[username=netops]/config/password-hashed",
             "/network-instances/network-instance[name=default]/protocols/protocol[identifier=BGP][name=BGP]/bgp/neighbors/neighbor/config/auth-password",
             "/interfaces/interface[name=Ethernet1]/subinterfaces/subinterface[index=0]/ipv4/addresses",
             "/system/ssh-server/config/ssh-server-public-key-algorithms",
             "/keychains/keychain[name=OSPF]/keys/key[key-id=1]/config/secret-key"]
    return pick(["gNMI paths we exclude from the config diff bot:", "gNMI-Pfade, die der Diff-Bot ignoriert:", "rutas gNMI excluidas del bot de diffs:", "差分Botで除外している gNMI パス:", "ścieżki gNMI pomijane przez bota:"]) + "\n```\n" + "\n".join(R.sample(paths, R.randint(2, 6))) + "\n```"


@neg("code_identifier")
def ci_prom_metrics():
    mets = ["vpn_psk_rotation_age_seconds{peer=\"%s\"} %d" % (site(), R.randint(1000, 9000000)),
            "tls_cert_not_after_timestamp_seconds{cn=\"api.%s\"} %d" % (DOMAIN, epoch()),
            "snmp_community_auth_failures_total{device=\"%s\"} %d" % (host(), R.randint(0, 400)),
            "tacacs_shared_secret_mismatch_total{server=\"tac-%s\"} %d" % (site(), R.randint(0, 30)),
            "netbox_api_token_expiry_seconds %d" % R.randint(1000, 9000000),
            "bgp_md5_auth_failures_total{neighbor=\"%s\"} %d" % (priv_ip(), R.randint(0, 99)),
            "haproxy_stats_basic_auth_enabled 1"]
    return block("\n".join(R.sample(mets, R.randint(3, 7))), "", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_sql_migration():
    body = S('''-- migration «n»_device_credentials_refs.sql
ALTER TABLE dcim_device
    ADD COLUMN enable_secret_vault_path   text,
    ADD COLUMN tacacs_key_vault_path      text,
    ADD COLUMN snmpv3_auth_password_ref   text,
    ADD COLUMN last_password_rotation_at  timestamptz;
CREATE INDEX idx_device_last_password_rotation ON dcim_device (last_password_rotation_at);
COMMENT ON COLUMN dcim_device.enable_secret_vault_path IS 'path only, secret lives in vault';''', n="%04d" % R.randint(1, 400))
    return block(body, "sql", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_ts_mask():
    fn = pick(["maskCardNumber", "maskPan", "formatCardLast4", "obfuscateCardNumber"])
    body = S('''export function «fn»(cardNumber: string): string {
  const digits = cardNumber.replace(/\\D/g, "");
  return digits.length < 4 ? "****" : "•••• " + digits.slice(-4);
}

export const redactPreSharedKey = (cfg: string) =>
  cfg.replace(/(pre-shared-key\\s+)(\\S+)/g, "$1<redacted>")
     .replace(/(set psksecret\\s+)(\\S+)/g, "$1<redacted>");

export interface «iface» { ibanLast4: string; phoneE164Masked: string; emailHash: string }''', fn=fn, iface=pick(["BillingContact", "CarrierContact", "ColoAccount", "VendorBillingProfile"]))
    if chance(0.4):
        body = body.split("\n\n")[R.randint(0, 2)]
    return block(body, "ts", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_nginx_keys():
    body = S('''server {
    listen 443 ssl;
    server_name «n».«d»;
    ssl_certificate         /etc/nginx/tls/«n».crt;
    ssl_certificate_key     /etc/nginx/tls/«n».key;
    ssl_password_file       /etc/nginx/tls/«n».pass;
    ssl_session_ticket_key  /etc/nginx/tls/ticket.key;
    ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-CHACHA20-POLY1305;
    location / {
        proxy_pass https://backend_«n»;
        proxy_ssl_certificate_key /etc/nginx/tls/client.key;
        proxy_set_header Authorization $http_authorization;
    }
}''', n=pick(["api", "netbox", "grafana", "status"]), d=DOMAIN)
    return block(body, "nginx", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_grep_vars():
    s = site()
    files = ["group_vars/%s/vault.yml" % s, "group_vars/all/main.yml", "roles/ios_baseline/defaults/main.yml", "roles/junos_baseline/templates/system.j2", "host_vars/%s.yml" % host(s=s)]
    vars_ = ["vault_enable_secret", "vault_tacacs_key", "snmpv3_auth_password", "bgp_md5_password_transit", "ospf_keychain_secret", "local_breakglass_password_hash", "radius_shared_secret_ref"]
    lines = ["$ grep -rnE '(password|secret|key)' roles/ group_vars/ | grep -v vault.yml | head"]
    for _ in range(R.randint(3, 9)):
        v = pick(vars_)
        lines.append("%s:%d:%s" % (pick(files[1:]), R.randint(1, 200), pick(["%s: \"{{ %s }}\"" % (v.replace("vault_", ""), v), "  key 0 {{ %s }}" % v, "# %s is set per site in vault.yml" % v])))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_bash_read():
    body = S('''#!/usr/bin/env bash
set -euo pipefail
read -rsp "PSK for «s»: " VPN_PSK; echo
export TF_VAR_vpn_psk_«s»="$VPN_PSK"
unset VPN_PSK
terraform -chdir=envs/«s» plan -out=«s».tfplan
# never echo $TF_VAR_vpn_psk_«s», CI masks it but the terminal does not''', s=site())
    return block(body, "bash", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_csharp_kotlin():
    if chance(0.5):
        body = '''public sealed class FirewallCredentialRotationJob : IHostedService
{
    private readonly ISecretStore _secretStore;
    private const string PanosApiKeySecretName = "«path»";
    public Task RotatePanosApiKeyAsync(CancellationToken ct) => _secretStore.RotateAsync(PanosApiKeySecretName, ct);
    private static bool IsPasswordExpired(DateTimeOffset lastRotation) => DateTimeOffset.UtcNow - lastRotation > TimeSpan.FromDays(«days»);
}'''
        body = S(body, path=pick(["panos/api-key", "neteng/panorama/api-key", "fw/%s/api-key" % site()]), days=pick([30, 60, 90, 180]))
        lang = "csharp"
    else:
        body = '''data class SnmpV3User(val name: String, val authProtocol: AuthProtocol, val authPasswordRef: SecretRef, val privPasswordRef: SecretRef)

fun SnmpV3User.toCliLines(resolve: (SecretRef) -> String): List<String> =
    listOf("snmp-server user $name «grp» v3 auth ${authProtocol.cli} ${resolve(authPasswordRef)} priv aes 256 ${resolve(privPasswordRef)}")'''
        body = S(body, grp=pick(["NETOPS", "MONITOR", "NMS-RO"]))
        lang = "kotlin"
    return block(body, lang, intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_junos_xml_rpc():
    body = S('''<rpc-reply xmlns:junos="http://xml.juniper.net/junos/23.4R2/junos">
  <configuration junos:commit-user="netops">
    <system>
      <tacplus-server>
        <name>«ip»</name>
        <secret>/* SECRET-DATA */</secret>
        <source-address>«ip2»</source-address>
      </tacplus-server>
      <radius-options><password-protocol><mschap-v2/></password-protocol></radius-options>
    </system>
  </configuration>
</rpc-reply>''', ip=priv_ip(), ip2=priv_ip())
    return block(body, "xml", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_openapi():
    body = S('''components:
  schemas:
    VpnPeer:
      type: object
      required: [name, remote_gateway, psk_secret_ref]
      properties:
        name: {type: string}
        remote_gateway: {type: string, format: ipv4}
        psk_secret_ref: {type: string, description: "Vault path of the pre-shared key"}
        psk_last_rotated_at: {type: string, format: date-time}
    BillingContact:
      properties:
        card_last4: {type: string, pattern: "^[0-9]{4}$"}
        iban_country: {type: string, maxLength: 2}
        phone_number_hash: {type: string}''')
    return block(body, "yaml", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_k8s_pods():
    lines = ["$ kubectl -n %s get pods" % pick(["edge", "ingress-nginx", "netops-tools"]), "NAME                                         READY   STATUS    RESTARTS   AGE"]
    for n in R.sample(["vpn-psk-rotator", "tacacs-secret-sync", "netbox-token-refresher", "cert-manager-webhook", "snmp-community-auditor", "bgp-password-checker", "haproxy-ingress"], R.randint(2, 5)):
        lines.append("%-44s %d/1     Running   %d          %dd" % ("%s-%s-%s" % (n, hx(10), rs(LO + DG, 5)), 1, R.randint(0, 4), R.randint(1, 90)))
    return block("\n".join(lines), "", intro_lang=pick(LANGS))


@neg("code_identifier")
def ci_pan_xpath():
    lines = ["/config/mgt-config/users/entry[@name='%s']/phash" % pick(["admin", "netops"]),
             "/config/devices/entry[@name='localhost.localdomain']/network/ike/gateway/entry[@name='gw-%s']/authentication/pre-shared-key/key" % site(),
             "/config/shared/local-user-database/user/entry/phash",
             "/config/devices/entry/deviceconfig/system/snmp-setting/access-setting/version/v3/users/entry/authpwd"]
    return pick(["XPaths that the backup exporter strips before committing to git:", "XPaths, die vor dem Git-Commit entfernt werden:", "XPaths que se eliminan antes del commit:", "gitにコミットする前に削除するXPath:"]) + "\n```\n" + "\n".join(R.sample(lines, R.randint(2, 4))) + "\n```"


# ----------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": ["we need to rotate the IPsec pre-shared keys for all AWS tunnels before Friday",
           "please don't paste the TACACS key in here, put it in 1Password and link the item",
           "the SNMP community on the old access switches is still the default, that's on the audit list",
           "who has the password for the console server in FR5? the vault entry is empty",
           "finance asked for the company card to renew the domains, I told them to use the procurement portal, not Slack",
           "the carrier NOC wants a callback number, I gave them the oncall bridge instead of anyone's personal phone",
           "someone pasted a bearer token in #neteng-alerts yesterday, it has been revoked and the message deleted",
           "new rule: API tokens for NetBox expire after 90 days and are bound to a service account",
           "the enable secret is type 9 everywhere now, type 7 is banned by the linter",
           "the private key for the VPN gateway cert never leaves the HSM, so there is nothing to share",
           "remote hands need the badge holder's SSN for the access list at the US site, HR handles that directly, not us",
           "the transit provider wants our IBAN for the refund, that goes through accounting"],
    "de": ["Wir müssen die PSKs für die AWS-Tunnel bis Freitag rotieren.",
           "Bitte keine Passwörter in den Channel posten, nutzt den Passwortmanager.",
           "Der TACACS-Schlüssel steht im Vault, nicht im Wiki.",
           "Die Buchhaltung braucht die IBAN des Carriers für die Gutschrift, das läuft über das Ticket.",
           "Hat jemand das Passwort für den Konsolenserver im Rechenzentrum? Im Vault ist der Eintrag leer.",
           "Der API-Token vom Monitoring ist abgelaufen, ich beantrage einen neuen.",
           "Bitte keine Handynummern ins Change-Ticket, nur die Nummer der Bereitschaft."],
    "fr": ["Il faut changer la clé pré-partagée du tunnel vers le bureau de Lyon avant la fin du mois.",
           "Merci de ne jamais coller de mot de passe ici, utilisez le coffre-fort.",
           "Le token de l'API du pare-feu a expiré cette nuit, d'où les alertes.",
           "La carte bancaire de l'entreprise a été refusée pour le renouvellement du certificat, la compta s'en occupe.",
           "L'opérateur demande un numéro de téléphone d'astreinte, je donne celui du pont de conférence.",
           "La clé privée du certificat wildcard reste dans le HSM, personne ne l'a en clair."],
    "es": ["Hay que rotar la clave precompartida de la VPN con la oficina de Madrid.",
           "No peguéis contraseñas en el canal, por favor, usad el gestor de secretos.",
           "El token de la API del balanceador caduca el lunes.",
           "Contabilidad necesita el IBAN del proveedor de tránsito, lo envían por el portal de proveedores.",
           "¿Alguien sabe dónde está la contraseña del servidor de consolas? En el vault no aparece.",
           "El número de teléfono de guardia no debe ir en el ticket de cambio."],
    "pt": ["Precisamos trocar a chave PSK do túnel com São Paulo antes da janela.",
           "Não colem senhas aqui no canal, usem o cofre de senhas.",
           "O token da API do firewall expirou e quebrou o backup.",
           "O financeiro pediu o cartão corporativo para renovar os domínios, mandei abrir solicitação de compra.",
           "A operadora pediu um telefone de contato, passei o número do plantão, não o pessoal de ninguém."],
    "it": ["Dobbiamo ruotare la chiave pre-condivisa del tunnel verso Milano.",
           "Per favore non incollate password nel canale, usate il password manager.",
           "Il token API del firewall è scaduto stanotte.",
           "L'amministrazione chiede l'IBAN del fornitore, passa dal portale fornitori.",
           "La chiave privata del certificato non esce mai dall'HSM."],
    "nl": ["We moeten de pre-shared key van de tunnel naar Amsterdam vóór vrijdag roteren.",
           "Plak hier alsjeblieft geen wachtwoorden, gebruik de kluis.",
           "Het API-token van de firewall is verlopen, daarom faalt de back-up.",
           "De boekhouding heeft het IBAN van de carrier nodig, dat gaat via het leveranciersportaal.",
           "Geen privételefoonnummers in het wijzigingsverzoek, alleen het nummer van de piketdienst."],
    "pl": ["Musimy zmienić klucz PSK tunelu do Warszawy przed piątkiem.",
           "Proszę nie wklejać haseł na kanale, używajcie menedżera haseł.",
           "Token API do firewalla wygasł w nocy i backup przestał działać.",
           "Księgowość potrzebuje numeru IBAN operatora, idzie to przez portal dostawców.",
           "Klucz prywatny certyfikatu nigdy nie opuszcza HSM."],
    "ja": ["金曜日までに AWS トンネルの事前共有鍵をローテーションする必要があります。",
           "パスワードはこのチャンネルに貼らないでください。パスワードマネージャーを使ってください。",
           "ファイアウォールの API トークンが期限切れでバックアップが失敗しています。",
           "コンソールサーバーのパスワードを知っている人いますか？Vault のエントリが空です。",
           "回線業者が緊急連絡先の電話番号を求めています。個人の番号ではなく当番の番号を伝えます。",
           "証明書の秘密鍵は HSM から出ないので共有するものはありません。"],
    "zh": ["周五之前需要轮换所有 AWS 隧道的预共享密钥。",
           "请不要在频道里贴密码，用密码管理器。",
           "防火墙的 API 令牌昨晚过期了，所以备份失败。",
           "财务要运营商的 IBAN 做退款，走供应商门户，不在这里发。",
           "运营商要紧急联系电话，给值班号码，不要给个人手机号。"],
    "ko": ["금요일 전에 AWS 터널의 사전 공유 키를 교체해야 합니다.",
           "채널에 비밀번호를 붙여넣지 마세요. 비밀번호 관리자를 사용하세요.",
           "방화벽 API 토큰이 만료되어 백업이 실패했습니다.",
           "회선 사업자가 연락처 전화번호를 요청했는데 개인 번호 대신 당직 번호를 줬습니다."],
    "ru": ["До пятницы нужно сменить PSK для всех туннелей в AWS.",
           "Пожалуйста, не вставляйте пароли в канал, используйте менеджер паролей.",
           "Токен API фаервола истёк ночью, поэтому упал бэкап.",
           "Бухгалтерии нужен IBAN оператора для возврата, это через портал поставщиков.",
           "Закрытый ключ сертификата не покидает HSM."],
    "uk": ["До п'ятниці треба змінити PSK для тунелів до AWS.",
           "Будь ласка, не вставляйте паролі в канал.",
           "Токен API фаєрвола прострочився, бекап не пройшов."],
    "tr": ["Cuma gününe kadar AWS tünellerinin ön paylaşımlı anahtarlarını değiştirmemiz gerekiyor.",
           "Lütfen kanala şifre yapıştırmayın, parola yöneticisini kullanın.",
           "Güvenlik duvarının API token'ı gece sona erdi, yedekleme başarısız oldu."],
    "sv": ["Vi måste byta PSK för alla AWS-tunnlar före fredag.",
           "Klistra inte in lösenord här, använd lösenordshanteraren.",
           "API-token för brandväggen har gått ut, därför fallerar backupen."],
    "cs": ["Do pátku musíme vyměnit předsdílené klíče pro tunely do AWS.",
           "Prosím nevkládejte hesla do kanálu, použijte správce hesel.",
           "API token k firewallu vypršel, proto selhala záloha."],
}


@neg("talk_about_secrets")
def ta_chat():
    lang = pick(list(TALK))
    sents = R.sample(TALK[lang], min(len(TALK[lang]), R.randint(1, 4)))
    if chance(0.4):
        return "\n".join("> " + s if i == 0 and chance(0.5) else s for i, s in enumerate(sents))
    return " ".join(sents)


@neg("talk_about_secrets")
def ta_thread_mixed():
    langs = R.sample(list(TALK), R.randint(2, 3))
    lines = []
    for l in langs:
        lines.append("%s: %s" % (pick(["<@U0%s>" % rs(UP + DG, 8), "oncall", "neteng-bot", "sre"]), pick(TALK[l])))
    return "\n".join(lines)


@neg("talk_about_secrets")
def ta_incident_summary():
    lang = pick(["en", "de", "fr", "ja", "es"])
    head = {"en": "*Post-incident summary — leaked credential scare*", "de": "*Nachbetrachtung — vermuteter Passwort-Leak*", "fr": "*Bilan d'incident — suspicion de fuite d'identifiants*",
            "ja": "*ポストモーテム — 認証情報漏えいの疑い*", "es": "*Resumen del incidente — sospecha de credencial filtrada*"}[lang]
    body = {"en": ["- a config backup with type 7 passwords was attached to a vendor case", "- all local passwords on the affected routers were rotated within 2h",
                   "- the TACACS shared secret was changed on both servers", "- no customer data, cards or personal data were involved",
                   "- follow-up: oxidized now strips password and key lines before upload"],
            "de": ["- ein Config-Backup mit Typ-7-Passwörtern hing an einem Hersteller-Ticket", "- alle lokalen Passwörter wurden innerhalb von 2 Stunden geändert",
                   "- der TACACS-Schlüssel wurde auf beiden Servern getauscht", "- keine Kundendaten, Kartendaten oder personenbezogenen Daten betroffen"],
            "fr": ["- une sauvegarde de config avec des mots de passe type 7 a été jointe à un ticket fournisseur", "- tous les mots de passe locaux ont été changés en moins de 2 h",
                   "- la clé TACACS a été remplacée", "- aucune donnée client, carte ou donnée personnelle concernée"],
            "ja": ["- type 7 パスワードを含むコンフィグがベンダーのケースに添付されていた", "- 対象ルーターのローカルパスワードは2時間以内に全て変更済み",
                   "- TACACS 共有鍵も両サーバーで変更", "- 顧客データ・カード情報・個人情報は含まれていない"],
            "es": ["- un backup de configuración con contraseñas tipo 7 se adjuntó a un caso del fabricante", "- se cambiaron todas las contraseñas locales en menos de 2 horas",
                   "- se rotó la clave compartida de TACACS", "- no hubo datos de clientes, tarjetas ni datos personales"]}[lang]
    return head + "\n" + "\n".join(body[:R.randint(2, len(body))])


@neg("talk_about_secrets")
def ta_faq():
    qa = [("Where do I get the VPN password?", "You don't, VPN uses SSO + device cert. If it asks for a password, your profile is old."),
          ("Can I share the firewall API key with the SOC?", "No, request a separate read-only key for them."),
          ("Wo finde ich den BGP-MD5-Schlüssel für den Transit?", "Im Vault unter dem Pfad des Carriers, niemals im Ticket."),
          ("¿Puedo poner mi móvil como contacto del operador?", "Mejor el teléfono de guardia, así no circula tu número personal."),
          ("Est-ce que je peux envoyer la clé privée au prestataire ?", "Non, il génère son propre CSR."),
          ("SSH 鍵を共有してもいいですか？", "いいえ、各自で鍵を作成して公開鍵だけ登録してください。"),
          ("Can finance get the card details for the colo invoice from us?", "No, they have the card in the procurement system already.")]
    sel = R.sample(qa, R.randint(2, 5))
    return "*%s*\n" % pick(["NetEng FAQ (credentials)", "FAQ Zugangsdaten", "FAQ accesos", "FAQ 認証情報"]) + "\n".join("Q: %s\nA: %s" % x for x in sel)


@neg("talk_about_secrets")
def ta_change_request():
    lang = pick(["en", "de", "nl", "pl", "pt"])
    f = {"en": ("Change request", "Credentials", "stored in Vault, referenced by path in the MOP; nothing sensitive in this ticket", "Rollback", "restore previous PSK from Vault version history"),
         "de": ("Änderungsantrag", "Zugangsdaten", "liegen im Vault, im MOP nur als Pfad referenziert", "Rückfall", "vorherige PSK-Version aus dem Vault wiederherstellen"),
         "nl": ("Wijzigingsverzoek", "Inloggegevens", "staan in de kluis, alleen het pad staat in het draaiboek", "Terugdraaien", "vorige PSK-versie uit de kluis terugzetten"),
         "pl": ("Wniosek o zmianę", "Dane uwierzytelniające", "w Vault, w procedurze tylko ścieżka", "Wycofanie", "przywrócić poprzednią wersję PSK z Vault"),
         "pt": ("Requisição de mudança", "Credenciais", "no cofre, a GMUD só referencia o caminho", "Rollback", "restaurar a PSK anterior pelo histórico do cofre")}[lang]
    return "*%s*: %s\n*%s*: %s\n*%s*: %s\n*Impact*: %s" % (f[0], pick(["rotate PSK on %s tunnels" % site(), "replace TACACS shared secret", "renew wildcard cert on LBs"]), f[1], f[2], f[3], f[4], pick(["none expected", "2x short BGP flap", "VPN reconnect for office users"]))


@neg("talk_about_secrets")
def ta_scanner_discussion():
    what = pick([("SSHFP records", "fingerprints of public host keys"), ("DNSKEY records", "public zone-signing keys"), ("type 9 hashes", "one-way scrypt hashes"),
                 ("S3 ETags in the backup listing", "MD5 checksums"), ("TLSA records", "hashes of public certificates"), ("WireGuard peer keys", "public keys"),
                 ("docker digests", "content hashes"), ("git SHAs in the changelog", "commit ids")])
    tool = pick(["gitleaks", "trufflehog", "the pre-commit hook", "the Slack DLP bot", "GitHub secret scanning", "detect-secrets"])
    lang = pick(["en", "de", "fr", "ja", "es", "ru", "nl", "pl"])
    t = {"en": "%s flagged the %s again; they are %s, not secrets. I'll add an allowlist entry instead of disabling the rule.",
         "de": "%s meckert schon wieder über die %s; das sind %s, keine Geheimnisse. Ich trage eine Ausnahme ein.",
         "fr": "%s a encore signalé les %s ; ce sont des %s, pas des secrets. J'ajoute une exception.",
         "ja": "%s がまた %s を検出しました。これは %s で、秘密情報ではありません。除外ルールを追加します。",
         "es": "%s volvió a marcar los %s; son %s, no secretos. Añado una excepción en vez de quitar la regla.",
         "ru": "%s опять ругается на %s; это %s, а не секреты. Добавлю исключение.",
         "nl": "%s markeert de %s weer; dat zijn %s, geen geheimen. Ik voeg een uitzondering toe.",
         "pl": "%s znowu zgłasza %s; to są %s, a nie sekrety. Dodam wyjątek."}[lang]
    return t % (tool, what[0], what[1])


@neg("talk_about_secrets")
def ta_rotation_checklist():
    lang = pick(["en", "de", "es", "ja", "pt", "it", "zh"])
    thing = pick(["PSK", "TACACS key", "BGP MD5 password", "SNMPv3 auth password", "RADIUS shared secret", "local admin password"])
    steps = {"en": ["generate the new %s in Vault (not on a laptop)", "push to the backup peer first, confirm it re-establishes", "push to the primary", "verify sessions, then delete the old version", "post 'done' here, never the value"],
             "de": ["neuen %s im Vault erzeugen", "zuerst auf den Backup-Peer ausrollen", "dann auf den Primary", "Sessions prüfen, alte Version löschen", "hier nur 'erledigt' posten, nie den Wert"],
             "es": ["generar el nuevo %s en Vault", "aplicarlo primero en el peer de respaldo", "luego en el principal", "verificar sesiones y borrar la versión anterior", "avisar aquí sin pegar el valor"],
             "ja": ["新しい %s を Vault で生成", "まずバックアップ側に適用", "次にプライマリに適用", "セッションを確認して古いバージョンを削除", "ここには完了だけ書く（値は貼らない）"],
             "pt": ["gerar o novo %s no Vault", "aplicar primeiro no peer de backup", "depois no primário", "verificar as sessões e apagar a versão antiga", "avisar aqui sem colar o valor"],
             "it": ["generare il nuovo %s in Vault", "applicarlo prima sul peer di backup", "poi sul primario", "verificare le sessioni e cancellare la vecchia versione", "scrivere qui solo 'fatto', mai il valore"],
             "zh": ["在 Vault 里生成新的 %s", "先推到备用对端", "再推到主用", "确认会话正常后删除旧版本", "这里只回复完成，不要贴值"]}[lang]
    st = steps[:]
    st[0] = st[0] % thing
    k = R.randint(3, len(st))
    return "*%s rotation*\n" % thing + "\n".join("%d. %s" % (i + 1, x) for i, x in enumerate(st[:k]))


@neg("talk_about_secrets")
def ta_vendor_case():
    return pick([
        "TAC wants a `show tech` from %s. Run it through the sanitizer first, it strips passwords, keys, SNMP communities and certificates." % host(),
        "Für das Hersteller-Ticket bitte die Config von %s nur bereinigt hochladen, ohne Passwörter und Schlüssel." % host(),
        "Pour le ticket constructeur, envoyez la config de %s passée au script de nettoyage, sans mots de passe ni clés." % host(),
        "ベンダーのケースに %s の show tech を添付する前に、パスワードや鍵をマスクするスクリプトを通してください。" % host(),
        "Do zgłoszenia u producenta wrzućcie konfigurację %s dopiero po przepuszczeniu przez sanitizer, bez haseł i kluczy." % host(),
        "Para o chamado no fabricante, mandem a config do %s só depois de passar pelo sanitizador, sem senhas nem chaves." % host(),
    ])


@neg("talk_about_secrets")
def ta_onboarding():
    lang = pick(["en", "de", "ko", "tr", "sv", "cs", "uk", "it"])
    t = {"en": "Welcome! VPN access is SSO plus a device certificate, nobody will ever send you a password. For the lab routers ask for a Vault role, the credentials are issued per session.",
         "de": "Willkommen! VPN läuft über SSO und Gerätezertifikat, niemand schickt dir ein Passwort. Für die Lab-Router bitte eine Vault-Rolle beantragen.",
         "ko": "환영합니다! VPN은 SSO와 기기 인증서로 접속하며 누구도 비밀번호를 보내지 않습니다. 랩 라우터는 Vault 역할을 신청하세요.",
         "tr": "Hoş geldin! VPN erişimi SSO ve cihaz sertifikasıyla, kimse sana şifre göndermez. Lab cihazları için Vault rolü iste.",
         "sv": "Välkommen! VPN går via SSO och enhetscertifikat, ingen skickar lösenord till dig. Be om en Vault-roll för labbroutrarna.",
         "cs": "Vítej! VPN jde přes SSO a certifikát zařízení, nikdo ti nepošle heslo. Pro laboratorní routery si požádej o roli ve Vaultu.",
         "uk": "Ласкаво просимо! VPN працює через SSO і сертифікат пристрою, ніхто не надсилатиме тобі пароль. Для лабораторних роутерів попроси роль у Vault.",
         "it": "Benvenuto! La VPN usa SSO e certificato del dispositivo, nessuno ti manderà mai una password. Per i router del lab chiedi un ruolo in Vault."}[lang]
    return t


@neg("talk_about_secrets")
def ta_billing_policy():
    return pick([
        "reminder: card numbers and bank details for carrier invoices go to accounting through the supplier portal, please don't post them in #neteng even if the carrier asks here",
        "Erinnerung: Kartendaten und IBANs von Carriern gehören ins Lieferantenportal, nicht in diesen Channel.",
        "Rappel : les numéros de carte et les IBAN des opérateurs passent par le portail fournisseurs, pas par Slack.",
        "Recordatorio: los números de tarjeta e IBAN de los operadores van por el portal de proveedores, no por aquí.",
        "リマインド: キャリア請求のカード番号や口座情報は購買ポータル経由で。ここには貼らないでください。",
        "Przypomnienie: numery kart i kont operatorów idą przez portal dostawców, nie przez Slacka.",
        "the colo asked for a phone number and an email for the security desk, I used the shared NOC mailbox and the oncall bridge, not personal ones",
        "Datacenter wil een telefoonnummer voor de beveiliging, ik heb het piketnummer gegeven en geen privénummers.",
    ])


@neg("talk_about_secrets")
def ta_security_sync():
    items = [pick(["PSK rotation for AWS tunnels: 14/22 done", "PSK-Rotation AWS: 14/22 erledigt", "rotación de PSK: 14/22 hecho"]),
             pick(["type 7 passwords removed from all IOS configs", "Typ-7-Passwörter aus allen IOS-Configs entfernt", "type 7 のパスワードを全IOSコンフィグから削除"]),
             pick(["NetBox API tokens now expire after 90 days", "NetBox-Tokens laufen nach 90 Tagen ab", "les tokens NetBox expirent après 90 jours"]),
             pick(["SNMP v2c communities replaced by v3 on the core", "SNMP v2c durch v3 ersetzt im Core", "SNMP v2c 替换为 v3（核心层）"]),
             pick(["breakglass password envelope re-sealed after audit", "Breakglass-Umschlag nach Audit neu versiegelt", "sobre de contraseña breakglass resellado"]),
             pick(["no secrets found in Slack export scan this month", "im Slack-Export diesen Monat keine Secrets gefunden", "今月の Slack エクスポートのスキャンで秘密情報なし"])]
    sel = R.sample(items, R.randint(2, 5))
    return "*%s*\n" % pick(["Security sync — neteng", "Security-Sync Netzwerk", "Sync seguridad red", "セキュリティ定例（ネットワーク）"]) + "\n".join("• " + x for x in sel)


# ============================================================================ POSITIVES
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]

GEN = {"anthropic_api_key": g_anthropic, "aws_access_key_id": g_aws_id, "aws_secret_access_key": g_aws_secret, "credit_card": g_card,
       "email_address": g_email, "github_classic_pat": g_ghp, "github_fine_grained_pat": g_ghfg, "iban": g_iban, "ipv4_address": pub_ip,
       "jwt": g_jwt, "openai_api_key": g_openai, "password": g_password, "phone_number": g_phone,
       "slack_bot_token": g_slack_bot, "slack_user_token": g_slack_user, "url_credentials": g_urlcred, "us_ssn": g_ssn}

POS = {k: [] for k in KINDS}


def pos(kind):
    def deco(f):
        POS[kind].append(f)
        return f
    return deco


# --- anthropic
@pos("anthropic_api_key")
def p_ant_env(v):
    return block("# alert-summarizer/.env (staging)\nANTHROPIC_API_KEY=%s\nSUMMARY_MODEL=claude-sonnet\nSLACK_CHANNEL=#neteng-alerts" % v, "", intro_lang=pick(LANGS))


@pos("anthropic_api_key")
def p_ant_k8s(v):
    return "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: alert-triage-llm\n  namespace: netops-tools\ntype: Opaque\nstringData:\n  ANTHROPIC_API_KEY: \"%s\"\n```\n%s" % (v, pick(["applied by hand, will move to ESO later", "kubectl apply -f das hier, ESO kommt später", "一旦手で apply しました"]))


@pos("anthropic_api_key")
def p_ant_curl(v):
    return "%s\n```\ncurl -s https://api.anthropic.com/v1/messages -H 'x-api-key: %s' -H 'anthropic-version: 2023-06-01' -H 'content-type: application/json' -d @bgp_flap_summary.json\n```" % (
        pick(["why does the triage bot get 401? this works from my laptop:", "Warum 401 beim Bot? So klappt es lokal:", "pourquoi 401 ? en local ça marche :", "¿por qué da 401? desde mi portátil funciona:"]), v)


@pos("anthropic_api_key")
def p_ant_py(v):
    return "```python\nimport anthropic\n\nclient = anthropic.Anthropic(api_key=\"%s\")  # TODO move to vault\n\ndef summarize_alerts(alerts):\n    return client.messages.create(model=\"claude-sonnet\", max_tokens=400, messages=[{\"role\": \"user\", \"content\": str(alerts)}])\n```" % v


@pos("anthropic_api_key")
def p_ant_log(v):
    return "%s ERROR triage-bot request failed status=401 headers={'x-api-key': '%s', 'content-type': 'application/json'}" % (iso(), v)


# --- aws id
@pos("aws_access_key_id")
def p_awsid_cli(v):
    return "```\n$ aws sts get-caller-identity --profile route53-ddns\nAn error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.\n$ grep aws_access_key_id ~/.aws/credentials\naws_access_key_id = %s\n```\n%s" % (v, pick(["key was deactivated?", "Schlüssel deaktiviert?", "¿la clave está desactivada?", "キーが無効化されてる？"]))


@pos("aws_access_key_id")
def p_awsid_cloudtrail(v):
    return "CloudTrail: `ConsoleLogin` none, but `ChangeResourceRecordSets` on the %s zone from accessKeyId `%s` at %s, source %s. %s" % (
        DOMAIN, v, iso(ms=False), priv_ip(), pick(["is that the old ddns script?", "ist das das alte DDNS-Skript?", "c'est l'ancien script ddns ?"]))


@pos("aws_access_key_id")
def p_awsid_tf(v):
    return "```hcl\nprovider \"aws\" {\n  region     = \"eu-central-1\"\n  access_key = \"%s\"\n  # secret via env\n}\n```\n%s" % (v, pick(["found this in the old transit-gw repo", "im alten Repo gefunden", "encontrado en el repo viejo", "古いリポジトリで発見"]))


@pos("aws_access_key_id")
def p_awsid_iam(v):
    return "```\n$ aws iam list-access-keys --user-name svc-netops-backup\n{\n    \"AccessKeyMetadata\": [\n        {\n            \"UserName\": \"svc-netops-backup\",\n            \"AccessKeyId\": \"%s\",\n            \"Status\": \"Active\",\n            \"CreateDate\": \"%s\"\n        }\n    ]\n}\n```" % (v, iso(ms=False))


# --- aws secret
@pos("aws_secret_access_key")
def p_awssec_env(v):
    return "%s\n```\nexport AWS_SECRET_ACCESS_KEY=%s\nexport AWS_DEFAULT_REGION=eu-west-1\n```" % (pick(["oxidized s3 upload env on the backup vm:", "Umgebung auf der Backup-VM:", "variables de entorno en la VM de backup:", "バックアップVMの環境変数:"]), v)


@pos("aws_secret_access_key")
def p_awssec_creds(v):
    return "```ini\n[netops-route53]\naws_secret_access_key = %s\nregion = us-east-1\n```" % v


@pos("aws_secret_access_key")
def p_awssec_yaml(v):
    return "```yaml\n# vector.toml -> sinks.s3_flowlogs\nauth:\n  access_key_id: ${AWS_ACCESS_KEY_ID}\n  secret_access_key: \"%s\"\nbucket: orbitly-vpc-flowlogs\n```" % v


@pos("aws_secret_access_key")
def p_awssec_chat(v):
    return pick(["the secret for the flowlog user is %s, rotate after the migration pls", "Secret vom Flowlog-User: %s — nach der Migration rotieren",
                 "le secret du compte flowlogs : %s (à changer après la migration)", "flowlog ユーザーのシークレット: %s 移行後にローテーションお願いします"]) % v


# --- credit card
@pos("credit_card")
def p_cc_chat(v):
    return pick(["renewing the %s domains now, using the team card %s exp %02d/%d, cvc in DM",
                 "Domainverlängerung für %s: Karte %s, gültig bis %02d/%d",
                 "renovando los dominios de %s con la tarjeta %s, caduca %02d/%d",
                 "%s のドメイン更新、カード %s 有効期限 %02d/%d で払いました"]) % (DOMAIN, v, R.randint(1, 12), R.randint(26, 30))


@pos("credit_card")
def p_cc_colo(v):
    return "%s\n```\nRemote hands order %d\nHours: 2 x 0.5h\nPayment: card %s\nBilling ref: %s\n```" % (pick(["colo remote hands form, filled in:", "Remote-Hands-Formular:", "formulaire remote hands :"]), R.randint(10 ** 6, 10 ** 7), v, "PO-%d-%05d" % (R.randint(2024, 2026), R.randint(0, 99999)))


@pos("credit_card")
def p_cc_pt(v):
    return "pessoal, o cartão corporativo pra renovar o certificado wildcard é %s, validade %02d/%d" % (v, R.randint(1, 12), R.randint(26, 30))


@pos("credit_card")
def p_cc_log(v):
    return "```\n%s WARN billing-proxy request body logged (debug on!): {\"card_number\":\"%s\",\"amount\":%d,\"currency\":\"EUR\"}\n```\n%s" % (iso(), v, R.randint(10, 900), pick(["turn off debug on the billing proxy asap", "Debug auf dem Proxy sofort aus!", "désactivez le debug du proxy"]))


# --- email
@pos("email_address")
def p_em_certbot(v):
    return "```\n$ certbot register --agree-tos -m %s --no-eff-email\nAccount registered.\n```\n%s" % (v, pick(["ACME account for the LB certs", "ACME-Konto für die LB-Zertifikate", "cuenta ACME para los certificados"]))


@pos("email_address")
def p_em_alertmanager(v):
    return "```yaml\nreceivers:\n  - name: carrier-escalation\n    email_configs:\n      - to: '%s'\n        send_resolved: true\n```" % v


@pos("email_address")
def p_em_chat(v):
    return pick(["the NOC contact at the carrier is %s, cc them on the ticket", "Ansprechpartner beim Carrier: %s", "le contact NOC chez l'opérateur : %s",
                 "el contacto del NOC del operador es %s", "キャリアNOCの担当: %s", "контакт NOC оператора: %s"]) % v


@pos("email_address")
def p_em_git(v):
    return "```\n$ git log -1 --format='%%H %%an <%%ae>' -- zones/%s.zone\n%s %s <%s>\n```" % (DOMAIN, hx(40), pick(["NetEng Bot", "neteng"]), v)


# --- github classic
@pos("github_classic_pat")
def p_ghp_remote(v):
    return "```\n$ git remote -v\norigin\thttps://%s@github.com/orbitly/netconfig.git (fetch)\n```\n%s" % (v, pick(["that's how oxidized pushes, yes it's bad", "so pusht oxidized, ja, unschön", "así empuja oxidized, sí, feo"]))


@pos("github_classic_pat")
def p_ghp_env(v):
    return "```\n# .github-backup.env on bastion01\nGITHUB_TOKEN=%s\nORG=orbitly\n```" % v


@pos("github_classic_pat")
def p_ghp_chat(v):
    return pick(["use my PAT until the app is approved: %s", "nimm so lange meinen PAT: %s", "utilise mon PAT en attendant : %s", "承認されるまで私のPATを使って: %s"]) % v


@pos("github_classic_pat")
def p_ghp_tf(v):
    return "```hcl\nprovider \"github\" {\n  owner = \"orbitly\"\n  token = \"%s\"\n}\n```" % v


# --- github fine grained
@pos("github_fine_grained_pat")
def p_ghfg_ci(v):
    return "%s\n```\nGH_TOKEN=%s gh pr create --repo orbitly/netconfig --title \"%s: bump acl\" --body auto\n```" % (intro(), v, site())


@pos("github_fine_grained_pat")
def p_ghfg_renovate(v):
    return "```json\n{\n  \"platform\": \"github\",\n  \"token\": \"%s\",\n  \"repositories\": [\"orbitly/netconfig\", \"orbitly/terraform-network\"]\n}\n```" % v


@pos("github_fine_grained_pat")
def p_ghfg_chat(v):
    return pick(["fine-grained token for the zone-sync job (contents:write on dns-zones only): %s", "Token für den Zonen-Sync: %s", "token fine-grained para el job de zonas: %s", "ゾーン同期ジョブ用トークン: %s"]) % v


# --- iban
@pos("iban")
def p_iban_de(v):
    return "Rechnung vom Transit-Provider ist da, bitte an die Buchhaltung: Empfänger NordTransit Carrier GmbH, IBAN %s, Verwendungszweck RE-%d" % (v, R.randint(10 ** 5, 10 ** 6))


@pos("iban")
def p_iban_nl(v):
    return "colo factuur maart: overmaken naar %s t.n.v. ColoHub B.V., kenmerk %d" % (v, R.randint(10 ** 7, 10 ** 8))


@pos("iban")
def p_iban_en(v):
    return "```\nBank details for the cross-connect refund\nAccount name: Orbitly Ltd\nIBAN: %s\nReference: XC-%d\n```" % (v, R.randint(10 ** 5, 10 ** 6))


@pos("iban")
def p_iban_pl(v):
    return "faktura za łącze od operatora — numer konta %s, termin płatności 14 dni" % v


@pos("iban")
def p_iban_fr(v):
    return "virement pour la baie à Paris : IBAN %s, merci de le transmettre à la compta" % v


# --- ipv4
@pos("ipv4_address")
def p_ip_acl(v):
    return "%s\n```\naccess-list OUTSIDE_IN extended permit tcp host %s object-group API_VIPS eq https\n```" % (pick(["customer asked us to allowlist their egress IP:", "Kunde will seine Egress-IP freigeschaltet haben:", "le client veut que l'on autorise son IP :", "顧客のegress IPを許可リストへ:"]), v)


@pos("ipv4_address")
def p_ip_ssh(v):
    lines = ["%s %s sshd[%d]: Failed password for invalid user %s from %s port %d ssh2" % (dt().strftime("%b %d %H:%M:%S"), "bastion01", R.randint(1000, 99999), pick(["admin", "cisco", "ubnt", "root"]), v, R.randint(1024, 65000)) for _ in range(R.randint(2, 5))]
    return "```\n" + "\n".join(lines) + "\n```\n" + pick(["blocking it at the edge", "blocke das am Edge", "lo bloqueo en el borde"])


@pos("ipv4_address")
def p_ip_home(v):
    return pick(["my home IP changed, it's %s now, can someone update the mgmt allowlist?", "meine Heim-IP ist jetzt %s, bitte in die Mgmt-Allowlist", "mon IP perso est maintenant %s", "自宅のIPが %s に変わったので管理用許可リストを更新してください"]) % v


@pos("ipv4_address")
def p_ip_nginx(v):
    return '```\n%s - - [%s] "GET /api/v1/tunnels HTTP/1.1" 403 162 "-" "python-requests/2.32.3"\n```' % (v, dt().strftime("%d/%b/%Y:%H:%M:%S +0000"))


# --- jwt
@pos("jwt")
def p_jwt_curl(v):
    return "```\ncurl -sk https://netapi.%s/v2/prefixes?site=%s -H 'Authorization: Bearer %s'\n```\n%s" % (INTD, site(), v, pick(["returns 403, scope issue?", "liefert 403, Scope falsch?", "devuelve 403", "403 が返ります"]))


@pos("jwt")
def p_jwt_haproxy(v):
    return "```\n%s haproxy[%d]: %s:%d [%s] fe_api be_netapi/srv2 0/0/1/12/13 200 412 - - ---- 1/1/0/0/0 0/0 {Bearer %s} \"GET /v2/devices HTTP/1.1\"\n```" % (
        dt().strftime("%b %d %H:%M:%S"), R.randint(1000, 9999), priv_ip(), R.randint(1024, 65000), dt().strftime("%d/%b/%Y:%H:%M:%S.000"), v)


@pos("jwt")
def p_jwt_envoy(v):
    return "```json\n" + json.dumps({"ts": iso(), "authority": "grafana." + INTD, "path": "/api/dashboards", "status": 401,
                                     "request_headers": {"authorization": "Bearer " + v}}, indent=2) + "\n```"


@pos("jwt")
def p_jwt_chat(v):
    return pick(["token from the vpn portal session, decode it and look at the exp: %s", "Session-Token aus dem Portal: %s", "jeton de la session : %s", "VPNポータルのセッショントークン: %s"]) % v


# --- openai
@pos("openai_api_key")
def p_oai_env(v):
    return "```\nOPENAI_API_KEY=%s\nOPENAI_MODEL=gpt-4o-mini\n```\n%s" % (v, pick(["for the change-risk bot", "für den Change-Risk-Bot", "para el bot de riesgo de cambios"]))


@pos("openai_api_key")
def p_oai_py(v):
    return "```python\nfrom openai import OpenAI\nclient = OpenAI(api_key=\"%s\")\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=[{\"role\": \"user\", \"content\": diff_text}])\n```" % v


@pos("openai_api_key")
def p_oai_tf(v):
    return "```hcl\nresource \"aws_secretsmanager_secret_version\" \"cr_bot\" {\n  secret_id     = aws_secretsmanager_secret.cr_bot.id\n  secret_string = \"%s\"\n}\n```" % v


@pos("openai_api_key")
def p_oai_chat(v):
    return pick(["can someone check if %s is still valid? the bot says quota exceeded", "ist %s noch gültig?", "¿sigue siendo válida %s?", "%s はまだ有効ですか？"]) % v


# --- password (vendor syntaxes)
def pw_nospace():
    while True:
        p = g_password()
        if " " not in p and "?" not in p:
            return p


@pos("password")
def p_pw_ios_user(v):
    return block("hostname %s\nusername breakglass privilege 15 password 0 %s\n!\nline con 0\n login local" % (host(), v), "", intro_lang=pick(LANGS))


@pos("password")
def p_pw_ios_type7(v):
    return block("hostname %s\nservice password-encryption\nusername oxidized privilege 5 password 7 %s\nline vty 0 4\n transport input ssh" % (host(), v), "", intro_lang=pick(LANGS))


@pos("password")
def p_pw_fortios(v):
    return "```\nconfig vpn ipsec phase1-interface\n    edit \"to-%s\"\n        set interface \"wan1\"\n        set remote-gw %s\n        set psksecret %s\n    next\nend\n```" % (site(), doc_ip(), v)


@pos("password")
def p_pw_junos(v):
    return "```\nset security ike policy IKE-POL-%s mode main\nset security ike policy IKE-POL-%s pre-shared-key ascii-text \"%s\"\nset security ike gateway GW-%s ike-policy IKE-POL-%s\n```" % ((lambda x: (x, x, v, x, x))(site().upper()))


@pos("password")
def p_pw_mikrotik(v):
    return "```\n/user add name=%s group=full password=%s comment=\"staging\"\n/ip service set ssh port=22\n```" % (pick(["netops", "ansible"]), v)


@pos("password")
def p_pw_haproxy(v):
    return "```\nlisten stats\n    bind %s:8404\n    stats enable\n    stats uri /stats\n    stats auth admin:%s\n```" % (priv_ip(), v)


@pos("password")
def p_pw_keepalived(v):
    return "```\nvrrp_instance VI_%d {\n    interface bond0\n    virtual_router_id %d\n    authentication {\n        auth_type PASS\n        auth_pass %s\n    }\n}\n```" % ((R.randint(1, 200),) * 2 + (v,))


@pos("password")
def p_pw_tacacs(v):
    return "```\ntacacs server TAC-%s\n address ipv4 %s\n key 0 %s\n!\nradius server ISE-%s\n address ipv4 %s auth-port 1812 acct-port 1813\n```" % (site().upper(), priv_ip(), v, site().upper(), priv_ip())


@pos("password")
def p_pw_bgp(v):
    return "```\nrouter bgp 65010\n neighbor %s remote-as 64512\n neighbor %s password %s\n```\n%s" % (("169.254.%d.%d" % (R.randint(0, 255), R.randint(1, 254)),) * 2 + (v, pick(["MD5 for the DX peer", "MD5 für den DX-Peer", "MD5 del peer de DX"])))


@pos("password")
def p_pw_tfvars(v):
    return "```hcl\n# terraform.tfvars (do not commit)\nfortigate_admin_password = \"%s\"\nfortigate_hostname       = \"fw01-%s\"\n```" % (v, site())


@pos("password")
def p_pw_strongswan(v):
    return "```\n# /etc/swanctl/conf.d/%s.conf\nsecrets {\n    ike-%s {\n        id = %s\n        secret = \"%s\"\n    }\n}\n```" % (site(), site(), doc_ip(), v)


@pos("password")
def p_pw_chat(v):
    return pick(["console server in the cage: user admin, password %s", "Konsolenserver im Käfig: admin / %s", "serveur de console : admin / %s", "コンソールサーバー: admin / %s", "serwer konsoli: admin / %s"]) % v


@pos("password")
def p_pw_snmp(v):
    return "```\nsnmp-server community %s RO SNMP-ACL\nsnmp-server location %s\n```" % (v, pick(["FR5 cage 3", "AMS7 row C"]))


# --- phone
@pos("phone_number")
def p_ph_noc(v):
    return pick(["carrier NOC 24/7: %s (ask for tier 2)", "Carrier-NOC rund um die Uhr: %s", "NOC de l'opérateur 24/7 : %s", "NOC del operador 24/7: %s", "キャリアNOC(24時間): %s", "NOC operatora 24/7: %s"]) % v


@pos("phone_number")
def p_ph_remote_hands(v):
    return "```\nSite: %s\nRemote hands: %s\nHours: 24x7\nBadge office: business hours only\n```" % (pick(["FR5", "AM7", "TY8", "DC11"]), v)


@pos("phone_number")
def p_ph_oncall(v):
    return pick(["I'm on call but my laptop is dead, call me at %s if anything pages", "bin in Bereitschaft, Laptop tot, ruft mich an unter %s", "estoy de guardia, llamadme al %s", "当番です、何かあれば %s に電話ください"]) % v


@pos("phone_number")
def p_ph_escalation(v):
    return "| level | contact |\n|---|---|\n| L1 | ticket portal |\n| L2 | %s |\n| L3 | account manager |" % v


# --- private key pem
def pem_for(kind=None):
    kind = kind or pick(["ec", "ed25519", "rsa", "pkcs8rsa", "openssh"])
    return {"ec": pk_ec, "ed25519": pk_ed25519, "rsa": pk_rsa, "pkcs8rsa": pk_pkcs8_rsa, "openssh": pk_openssh}[kind]()


@pos("private_key_pem")
def p_pem_haproxy(v, label):
    cert = pem_block("CERTIFICATE", rand_cert_der())
    return "%s\n```\n%s\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (pick(["combined pem for haproxy, cert then key:", "kombinierte PEM für den LB:", "pem combinado para haproxy:"]), cert, label, v, label)


@pos("private_key_pem")
def p_pem_cat(v, label):
    return "```\n$ cat /etc/swanctl/private/vpn-gw01.key\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (label, v, label)


@pos("private_key_pem")
def p_pem_ovpn(v, label):
    return "```\nclient\ndev tun\nproto udp\nremote vpn.%s 1194\n<key>\n-----BEGIN %s-----\n%s\n-----END %s-----\n</key>\n```" % (DOMAIN, label, v, label)


@pos("private_key_pem")
def p_pem_tf(v, label):
    return "```\n$ terraform output -raw bastion_private_key\n-----BEGIN %s-----\n%s\n-----END %s-----\n```\n%s" % (label, v, label, pick(["why is this not marked sensitive??", "warum ist das nicht sensitive?!", "なぜ sensitive になっていない？"]))


# --- slack bot
@pos("slack_bot_token")
def p_sb_am(v):
    return "```yaml\nreceivers:\n  - name: neteng-slack\n    slack_configs:\n      - channel: '#neteng-alerts'\n        api_url: https://slack.com/api/chat.postMessage\n        http_config:\n          authorization:\n            credentials: %s\n```" % v


@pos("slack_bot_token")
def p_sb_env(v):
    return "```\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL_CHANGES=C0%s\n```" % (v, rs(UP + DG, 9))


@pos("slack_bot_token")
def p_sb_curl(v):
    return "```\ncurl -s -X POST https://slack.com/api/chat.postMessage -H 'Authorization: Bearer %s' -d channel=C0%s -d text='CR approved'\n```" % (v, rs(UP + DG, 9))


@pos("slack_bot_token")
def p_sb_chat(v):
    return pick(["the change-announcer bot token is %s if you need it for the librenms transport", "Bot-Token für den LibreNMS-Transport: %s", "token del bot para LibreNMS: %s", "LibreNMS 連携用のボットトークン: %s"]) % v


# --- slack user
@pos("slack_user_token")
def p_su_script(v):
    return "```python\n# export_channel.py\nSLACK_TOKEN = \"%s\"  # my user token, needed for conversations.history\n```" % v


@pos("slack_user_token")
def p_su_chat(v):
    return pick(["used my user token %s to archive the old #net-migration channel", "hab mit meinem User-Token %s den alten Kanal archiviert", "j'ai utilisé mon token %s pour archiver le canal"]) % v


@pos("slack_user_token")
def p_su_curl(v):
    return "```\ncurl -s 'https://slack.com/api/conversations.history?channel=C0%s&limit=200' -H 'Authorization: Bearer %s' | jq '.messages | length'\n```" % (rs(UP + DG, 9), v)


# --- url credentials
def url_parts(v):
    return v.split(":", 1)


@pos("url_credentials")
def p_url_oxidized(v):
    return "```yaml\n# oxidized config\nsource:\n  default: http\n  http:\n    url: http://%s@netbox.%s/api/dcim/devices/?status=active\n```" % (v, INTD)


@pos("url_credentials")
def p_url_routeros(v):
    return "```\n/tool fetch url=\"ftp://%s@%s/backups/%s.rsc\" upload=yes src-path=export.rsc\n```" % (v, priv_ip(), host())


@pos("url_credentials")
def p_url_prom(v):
    return "```yaml\nremote_write:\n  - url: https://%s@metrics.%s/api/v1/write\n```" % (v, INTD)


@pos("url_credentials")
def p_url_librenms(v):
    return "%s `mysql://%s@127.0.0.1:3306/librenms`" % (pick(["librenms DB_URL is", "DB_URL von LibreNMS:", "la DB_URL de librenms es", "LibreNMS の DB_URL:"]), v)


@pos("url_credentials")
def p_url_chat(v):
    return pick(["grafana behind basic auth for now: https://%s@grafana.%s/d/transit", "vorläufig: https://%s@grafana.%s/d/transit", "pour l'instant : https://%s@grafana.%s/d/transit"]) % (v, INTD)


# --- ssn
@pos("us_ssn")
def p_ssn_badge(v):
    return pick(["datacenter security needs the contractor's SSN for the badge: %s (please delete after)", "for the IAD3 access list, SSN of the new remote hands tech: %s",
                 "Für die Zutrittsliste in IAD3 braucht das RZ die SSN: %s", "para el acceso al datacenter de Ashburn piden el SSN: %s"]) % v


@pos("us_ssn")
def p_ssn_form(v):
    return "```\nAccess request form - IAD3\nName: (see ticket)\nSSN: %s\nEscort required: yes\n```" % v


@pos("us_ssn")
def p_ssn_ja(v):
    return "米国DCの入館申請でSSNが必要とのことです: %s" % v


# ============================================================================ MULTI
MULTI = []


def multi(k1, k2):
    def deco(f):
        MULTI.append((k1, k2, f))
        return f
    return deco


@multi("aws_access_key_id", "aws_secret_access_key")
def m_aws_creds(a, b):
    return "```ini\n[route53-ddns]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (a, b)


@multi("aws_access_key_id", "aws_secret_access_key")
def m_aws_env(a, b):
    return "%s\n```\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\n```" % (pick(["oxidized backup env:", "Env vom Backup-Job:", "entorno del job de backup:", "バックアップジョブの環境:"]), a, b)


@multi("aws_access_key_id", "aws_secret_access_key")
def m_aws_tf(a, b):
    return "```hcl\nprovider \"aws\" {\n  alias      = \"dns\"\n  access_key = \"%s\"\n  secret_key = \"%s\"\n}\n```" % (a, b)


@multi("aws_access_key_id", "aws_secret_access_key")
def m_aws_csv(a, b):
    return "```\nUser name,Access key ID,Secret access key\nsvc-netops-flowlogs,%s,%s\n```" % (a, b)


@multi("aws_access_key_id", "aws_secret_access_key")
def m_aws_vector(a, b):
    return "```toml\n[sinks.flowlogs_s3]\ntype = \"aws_s3\"\nbucket = \"orbitly-vpc-flowlogs\"\nauth.access_key_id = \"%s\"\nauth.secret_access_key = \"%s\"\n```" % (a, b)


@multi("email_address", "phone_number")
def m_contact(a, b):
    return pick(["carrier escalation contact: %s / %s", "Eskalationskontakt beim Carrier: %s, Tel. %s", "contacto de escalado del operador: %s, tel. %s", "キャリアのエスカレーション先: %s / %s", "kontakt eskalacyjny operatora: %s, tel. %s"]) % (a, b)


@multi("email_address", "phone_number")
def m_contact_table(a, b):
    return "| role | email | phone |\n|---|---|---|\n| colo account manager | %s | %s |" % (a, b)


@multi("email_address", "phone_number")
def m_contact_sig(a, b):
    return "```\n-- \nNOC Shift Lead | BlueFiber\n%s | %s\n```\n%s" % (a, b, pick(["their signature from the maintenance mail", "Signatur aus der Wartungsmail", "firma del correo de mantenimiento"]))


@multi("password", "ipv4_address")
def m_isakmp(a, b):
    return "```\ncrypto isakmp key %s address %s\ncrypto map OUTSIDE_MAP 20 set peer %s\n```" % (a, b, b)


@multi("password", "ipv4_address")
def m_asa_tg(a, b):
    return "```\ntunnel-group %s type ipsec-l2l\ntunnel-group %s ipsec-attributes\n ikev2 remote-authentication pre-shared-key %s\n ikev2 local-authentication pre-shared-key %s\n```" % (b, b, a, a)


@multi("url_credentials", "ipv4_address")
def m_url_ip(a, b):
    return "%s http://%s@%s:8080/status" % (pick(["the PDU at the partner site answers on", "die PDU beim Partner ist erreichbar unter", "la PDU del partner responde en"]), a, b)


@multi("slack_bot_token", "slack_user_token")
def m_slack_both(a, b):
    return "```\nSLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s   # only for channel export\n```" % (a, b)


@multi("iban", "email_address")
def m_iban_email(a, b):
    return "Zahlungsdaten für die Rechnung vom Colo: IBAN %s, Rückfragen an %s" % (a, b)


@multi("credit_card", "phone_number")
def m_card_phone(a, b):
    return pick(["remote hands charged on card %s, their billing line is %s", "Remote Hands über Karte %s bezahlt, Billing-Hotline %s"]) % (a, b)


@multi("credit_card", "email_address")
def m_card_email(a, b):
    return "registrar account: owner %s, card on file %s" % (b, a)


@multi("jwt", "ipv4_address")
def m_jwt_ip(a, b):
    return "```\n%s - - [%s] \"POST /api/v2/auth/refresh HTTP/2\" 200 Authorization: Bearer %s\n```" % (b, dt().strftime("%d/%b/%Y:%H:%M:%S +0000"), a)


@multi("openai_api_key", "anthropic_api_key")
def m_llm_keys(a, b):
    return "```\n# triage-bot secrets (staging)\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\n```" % (a, b)


@multi("github_classic_pat", "github_fine_grained_pat")
def m_gh(a, b):
    return "old token %s is revoked, new fine-grained one for netconfig: %s" % (a, b)


@multi("us_ssn", "email_address")
def m_ssn_email(a, b):
    return "access request for IAD3: contractor SSN %s, badge confirmation goes to %s" % (a, b)


@multi("private_key_pem", "ipv4_address")
def m_pem_ip(a, b, label):
    return "ssh key for the bastion at %s:\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (b, label, a, label)


# ============================================================================ BUILD
LEADINS = {"any": ["fyi", "FYI", "update:", "re:", "+1", "ok so", "(edit)", "↑", "so:", "cc oncall"]}


def dedupe_key(t):
    for l in LEADINS["any"]:
        if t.startswith(l + " "):
            t = t[len(l) + 1:]
            break
    lines = t.split("\n")
    if len(lines) > 3:
        lines = lines[1:]
        if lines[-1] and not lines[-1].startswith("```") and len(lines) > 3:
            lines = lines[:-1]
    return "\n".join(lines)


def build_negatives():
    out = []
    seen = set()
    redraws = {}
    skipped = []
    for cat, tmpls in NEG.items():
        order = tmpls[:]
        R.shuffle(order)
        i = 0
        made = 0
        fails = 0
        while made < 100:
            f = order[i % len(order)]
            i += 1
            ok = False
            for attempt in range(40):
                t = f()
                if chance(0.1):
                    t = pick(LEADINS["any"]) + " " + t
                if chance(0.06):
                    t = t + "\n" + pick(TRAILERS[pick(list(TRAILERS))])
                nl = t.count("\n") + 1
                hits = scan(t)
                k = dedupe_key(t)
                if hits or k in seen or nl > 40:
                    redraws.setdefault(f.__name__, []).append(hits[:2] if hits else ("dup" if k in seen else "long"))
                    continue
                ok = True
                break
            if not ok:
                skipped.append(f.__name__)
                fails += 1
                if fails > 200:
                    raise SystemExit("category %s cannot be filled" % cat)
                continue
            seen.add(k)
            out.append({"text": t, "category": cat, "_tmpl": f.__name__})
            made += 1
    redraws["_skipped_slots"] = skipped
    return out, redraws


def build_positives():
    counts = {k: (10 if i < 8 else 9) for i, k in enumerate(KINDS)}
    assert sum(counts.values()) == 170
    used = {k: 0 for k in KINDS}
    for k1, k2, _ in MULTI:
        used[k1] += 1
        used[k2] += 1
    items = []
    pem_kinds = ["ec", "ed25519", "rsa", "pkcs8rsa", "openssh"]
    pem_i = [0]

    rot = {"phone_number": ["US", "UK", "DE", "FR", "NL", "JP", "ES", "PL", "BR", "SE"],
           "iban": ["DE", "GB", "NL", "FR", "PL", "AT", "CH", "BE"]}
    rot_i = {k: 0 for k in rot}

    def value_for(kind, tmpl=None):
        if kind in rot:
            cc = rot[kind][rot_i[kind] % len(rot[kind])]
            rot_i[kind] += 1
            return g_phone(cc) if kind == "phone_number" else g_iban(cc)
        if kind == "password":
            p = pw_nospace()
            if tmpl is p_pw_ios_type7:
                e = type7(p)
                assert type7_decode(e) == p
                return e
            return p
        if kind == "us_ssn":
            return g_ssn(dashed=not chance(0.12))
        return GEN[kind]()

    for k1, k2, f in MULTI:
        if k1 == "private_key_pem":
            label, body = pem_for(pem_kinds[pem_i[0] % 5])
            pem_i[0] += 1
            v2 = value_for(k2)
            text = f(body, v2, label)
            secrets = [{"kind": k1, "value": body}, {"kind": k2, "value": v2}]
        else:
            v1, v2 = value_for(k1), value_for(k2)
            text = f(v1, v2)
            secrets = [{"kind": k1, "value": v1}, {"kind": k2, "value": v2}]
        items.append({"text": text, "secrets": secrets, "context": "multi:%s" % f.__name__[2:]})
    for k in KINDS:
        n = counts[k] - used[k]
        assert n >= 0, k
        tl = list(enumerate(POS[k]))
        R.shuffle(tl)
        if k == "password":
            # vendor config syntaxes first (the brief asks for them); chat / tfvars only if slots remain
            pref = ["p_pw_ios_type7", "p_pw_tacacs", "p_pw_mikrotik", "p_pw_fortios", "p_pw_junos", "p_pw_bgp", "p_pw_haproxy",
                    "p_pw_keepalived", "p_pw_strongswan", "p_pw_ios_user", "p_pw_snmp", "p_pw_tfvars", "p_pw_chat"]
            tl.sort(key=lambda x: pref.index(x[1].__name__))
        for j in range(n):
            ti, f = tl[j % len(tl)]
            if k == "private_key_pem":
                label, body = pem_for(pem_kinds[pem_i[0] % 5])
                pem_i[0] += 1
                text = f(body, label)
                ctx = "private_key_pem:%s:t%d" % (label.replace(" ", "_").lower(), ti)
                v = body
            else:
                v = value_for(k, f)
                text = f(v)
                ctx = "%s:t%d" % (k, ti)
            items.append({"text": text, "secrets": [{"kind": k, "value": v}], "context": ctx})
    R.shuffle(items)
    return items


def validate_secret(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        assert d.isdigit() and luhn_ok(d) and len(d) in (15, 16), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        assert ssn_ok(v), v
    elif kind == "ipv4_address":
        assert is_public(v), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(v.replace("\n", ""), validate=True)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v), v
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d{10,12}-\d{13}-[A-Za-z0-9]{24}", v), v
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d{10,12}-\d{11}-\d{13}-[0-9a-f]{32}", v), v
    elif kind == "email_address":
        assert EMAIL_RE.fullmatch(v), v
    elif kind == "url_credentials":
        assert re.fullmatch(r"[a-z-]+:[A-Za-z0-9._~-]+", v), v


def main():
    negs, redraws = build_negatives()
    R.shuffle(negs)
    poss = build_positives()
    neg_path = os.path.join(HERE, "redaction%d_negatives.jsonl" % N)
    pos_path = os.path.join(HERE, "redaction%d_positives.jsonl" % N)
    with open(neg_path, "w", encoding="utf-8") as fh:
        for i, r in enumerate(negs, 1):
            fh.write(json.dumps({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    leftovers = []
    with open(pos_path, "w", encoding="utf-8") as fh:
        for i, r in enumerate(poss, 1):
            rest = r["text"]
            for s in r["secrets"]:
                assert s["value"] in r["text"], (s, r["text"])
                validate_secret(s["kind"], s["value"])
                rest = rest.replace(s["value"], " ")
            h = scan(rest)
            if h:
                leftovers.append(("h%dp-%04d" % (N, i), h))
            fh.write(json.dumps({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]}, ensure_ascii=False) + "\n")
    if "-v" in sys.argv:
        from collections import Counter
        print("negatives:", Counter(r["category"] for r in negs))
        print("templates per category:", {c: len(t) for c, t in NEG.items()})
        nls = [r["text"].count("\n") + 1 for r in negs]
        print("neg lines min/max:", min(nls), max(nls), "single-line:", sum(1 for x in nls if x == 1), ">=10:", sum(1 for x in nls if x >= 10), ">=20:", sum(1 for x in nls if x >= 20))
        print("redraws:", {k: len(v) for k, v in redraws.items()})
        for k, v in redraws.items():
            print("  ", k, v[:3])
        kc = Counter(s["kind"] for r in poss for s in r["secrets"])
        print("positives texts:", len(poss), "secrets:", sum(kc.values()), "two-secret texts:", sum(1 for r in poss if len(r["secrets"]) == 2))
        print("kinds:", dict(sorted(kc.items())))
        print("positive leftovers (scanner hits outside labels):", leftovers)
        pls = [r["text"].count("\n") + 1 for r in poss]
        print("pos lines min/max:", min(pls), max(pls))


if __name__ == "__main__":
    main()
