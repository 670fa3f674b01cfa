#!/usr/bin/env python3
"""Blind redaction corpus #42 - ML platform team Slack (made-up company "Lumenfold").

Standard library only. random.Random(42 * 101) is the only randomness, used in a fixed order.
`python3 gen.py` writes redaction42_negatives.jsonl and redaction42_positives.jsonl next to itself.
"""
import base64
import binascii
import ipaddress
import json
import os
import re
import struct
import zlib

import random

N = 42
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# Real keys made once with openssl / ssh-keygen in a scratch dir (then deleted); embedded verbatim.
KEYS = {
    "ec1.pem": (
        "-----BEGIN EC PRIVATE KEY-----\n"
        "MHcCAQEEIIQdLh457rHqE+H7H2Xo7e/X5Ko2Qq6GeJChdkUz04AjoAoGCCqGSM49\n"
        "AwEHoUQDQgAE9nnW2ht0CAsDrEGj7aFEiJ7CuXsSmOI9knj4mkXWf6B2xg0Sx7kw\n"
        "1R1UiRnJOM5/WZ9itOtu+waXuN+SyKzP4w==\n"
        "-----END EC PRIVATE KEY-----\n"
    ),
    "ec2.pem": (
        "-----BEGIN EC PRIVATE KEY-----\n"
        "MHcCAQEEIJPoefcdQJ0rnMPrDArchltT1rQooD2PQnAvD9kj32uvoAoGCCqGSM49\n"
        "AwEHoUQDQgAEbw2qqnhFxdayGByEjkToMH84HcBbH3Q+HlWww94+EJ78dbBGFjdF\n"
        "WNgh3gzCyyeqXpurSroFR5OLFKsckGtE2g==\n"
        "-----END EC PRIVATE KEY-----\n"
    ),
    "ec3.pem": (
        "-----BEGIN EC PRIVATE KEY-----\n"
        "MHcCAQEEICPUQViq6lZ6nRhnpkGXws28RRAP6MeQZbliKxiWuynkoAoGCCqGSM49\n"
        "AwEHoUQDQgAERmZiCQYpO4Me4tyUh9wa8L2KJ7yrW3xQEFCP6briy5c6xwzIJGlZ\n"
        "7XG/X3SFac2h29FtRJGKqJEzDBrdtTvcZQ==\n"
        "-----END EC PRIVATE KEY-----\n"
    ),
    "ec384.pem": (
        "-----BEGIN PRIVATE KEY-----\n"
        "MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDD9wxImhJvA0rpZOVVc\n"
        "lHe1WIus584mNJmYO6q3Nn8iT9t0uyXX5ReGycMM73xbJhehZANiAASxGP/UqaTE\n"
        "syeouDscKORhd75RR1D4ZeWe/HM6oSCYT0MCB3YNUpE2v+XeWC73dHdQeWhGetKk\n"
        "pu/PmFJr3dopE4rFOD23Jpm46hkjmxIoGRgvpnP0dkJibde2fmF9yEw=\n"
        "-----END PRIVATE KEY-----\n"
    ),
    "ed1.pem": (
        "-----BEGIN PRIVATE KEY-----\n"
        "MC4CAQAwBQYDK2VwBCIEIGvPqv1Rs4ViC8w32Ni2fo/Wlw88bF6X4U8VaF4A+6Kk\n"
        "-----END PRIVATE KEY-----\n"
    ),
    "ed2.pem": (
        "-----BEGIN PRIVATE KEY-----\n"
        "MC4CAQAwBQYDK2VwBCIEICnpi0aCfp1xG5Awj7F+y8p9WqYdkTLzRRuvMGC5s275\n"
        "-----END PRIVATE KEY-----\n"
    ),
    "rsa1.pem": (
        "-----BEGIN RSA PRIVATE KEY-----\n"
        "MIIEpAIBAAKCAQEA37KyD4CqpiWT73+60Pa/K90jf6lJ4Fv4H2k1jXZXuHDLUcTF\n"
        "RicKKqfNZg61Ku3zR1N9Sj/QjVey+dT/Q8QwgvB2pICOZRNPUFndyyzu2RPdQOC8\n"
        "MnEoxGd2ky10el0SHbLfAYmQC6jbI+ON6QCdFOz6z672WFPQgajMrkL6feChmw/0\n"
        "su1+t3js039yrszxw/6o3U+t/P+xk9PSBRqfwgbJL6O3OpeDZhsCnnOirktojMbH\n"
        "uVcCovlrAjaAzYhrmv+uhhweilP+tHSmDFAORFyD7nHMNXaadQtvS6TuC5/8jHYd\n"
        "gVIYo9lL80TtnOeUq942zhU/YE5e+vbPOtpMwwIDAQABAoIBAADBRsN7f2NS/Pz/\n"
        "YHDvpBR9hOZivwysWHqU4hDMaoHjIW+QP0iOkCE1xRXjK/+EGtr4YgWR8TBwk/Hw\n"
        "P3Y3gDHWGE51fkKxtwuf8jMClOQCg1Ho5wVvzltzbbiWzHlLyLJYrLlRXv6WR5Xn\n"
        "97GtyodxDRdX7dag/UFPCiusy3ZeP1VJ7u3qLgljOmaVlai4xPBi+bbFji3cZCAa\n"
        "RyGTvNp8h2sOMAJa6vGLPiEY0A8OPMqLpbIqsE3JohFtxGaU2kF6ZBJL4/hbozU0\n"
        "mw8gsyElnv5z1a/1KBOX8cdeg04zdTSU2PFgtTusKXD66iQ5Ry/ueiur/E+tV8ZZ\n"
        "oFhcInkCgYEA/KxvHCgTj4Ws2bh2xow48j//pqx5sRuHVTkNF25GU6dNJ9lppyZ6\n"
        "0BLZQhs1GjfoITfiqEH0AZfp2BxgO5r1A8EIh5XBi3Z8EfhEHjbfoF5ZxENTv7ZT\n"
        "bMGq4yYBX3adnqaevIMkdGqqV1Dz5dqvCMRu5+Pibou+sFOYnmGpBGkCgYEA4qSb\n"
        "htBsz5WQzfGuTs3dD7s86jrWdMrYelaHXjsVvnbffzmYInUOgTqvUqGb67MXIg7T\n"
        "M++RAwnFS6Jl4U+GnldsTIekU1b2dHWFrX/+sgBaeC+KRPXBwG/0Y9dsHznPuvhc\n"
        "0pR9NJJOwTXlJm+z30NSE1E0asePyhDuxCJ9sksCgYEAziZpqNFR1EE+G4yS678w\n"
        "HwX0MSp7RvKs4e1gLwO7wTi4jJCn0MZmYSlftL25/6ApdiDAfoMA7+Pf2ICeS0NM\n"
        "MDnoGacnd/+9jnO+L+CZZ6BTIPvFcp7xRcRlBlrVt+txAiXzUN62eX0laYQU2i4n\n"
        "rMGHsw6MiaDefcJWvLH1UjECgYEAyWsmuPoUKauvRAdsNKaptmhda4CcxLDdEGRD\n"
        "64+w9FLqr0N9G+pR2LFRzKrJSgAgJ+lq87YNdtjBGUWbK1Ckv6XMHntRo6seXkNv\n"
        "aNDehkzgGf2N8VlDNoWIeQ6jDWEwZuaAf7jtSMJZ8UW3f6A4B8vpbjd10QvHkvnX\n"
        "aEGK2d8CgYBTUQsJxp/56ea7r1v2akHWdrL8EHbmb+1onXMG3pGtp405r3PHN2i4\n"
        "+ynFHJBo9US5QkwS8btHItDMxQhRVsOUOUPpAdcFZs0fofbasgUsztuptLHyNq24\n"
        "j7simTY/WrKPjHoOBJx/EQOMX4ji9MUli8mLE0wVL0ZmTAM/q/6A8Q==\n"
        "-----END RSA PRIVATE KEY-----\n"
    ),
    "rsa2.pem": (
        "-----BEGIN PRIVATE KEY-----\n"
        "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCycUHDeLpXmzjb\n"
        "4sFgidkvVa9UkUsdh8vSdB31ZkzaKxJRNTbthGJJ6Igb7t+TUhaxcPmzhaX1CgJ7\n"
        "DhHCzm/P708PSM0M4l2olO7hVnfQBNisykfe82wNsp22f6VTJY9i+7Sxq0Q0RWr8\n"
        "NLiZV5n2704BWN6yzqPCZkXspGMF4L+qhj+Y2p3dQIyef25gvKs0yjgjuWFVqYFK\n"
        "bN1mZfYMfNx2rCOYt2bOypF9LlNivK3Fyyberk0BdfSbPLqLtOoxTGlET0f3g5JN\n"
        "QJ34IRfrDePGyHCYqSna0Fc91Y0U6cIlZpHdhRtq3meH+AjQ+WqvF9TnPPIGKvyq\n"
        "a1f3loH5AgMBAAECggEAChsdM/x5RDclpxleZZDlCJfgFkhkwktDrTt3i2OD8Hqu\n"
        "PsRmZBkCZohpdfiHN70XTS0WbTcBXUF3/r9fHOLrZPG7DuTq/QLwdjjaFw+6OSEf\n"
        "ItkRbTRozxVJtpFf2/fFeUADXakTE6lHS/mR51hVX01yA+REN4j5sAuyA9sTAxz9\n"
        "UMcJs7KJQlz0dq4xstv3fIx5VvsvPe5fvwmZd41F6gqTm6Od1XVDAqOXOKYhze8u\n"
        "+vSWF8pPKO7FVXeZodm+HQ6pfy7+URs/SUGTiQLWQfJlUCSAK6HTCxwzwxCfRU88\n"
        "3Kqf9JqQVfCv1vRu0thbjy2P4WbKdoN2BThM02USgQKBgQDdDdJqhJtKtczPODeC\n"
        "qTTdfA5TJgit9ZGTdHZx+XNZMZMuic4VSd6JaD1lShhuOBflHycNxjwW9DQhrgkk\n"
        "Zy07I57cyGfHDq3XabKAMTrGh63t61kcZSUij5NHjCdOyfuYbHmNVQBMKq+GW5BL\n"
        "U5hO70td+OouSbw+1B2o0jLzgQKBgQDOpuumVYE47yxL2lVg9TTStmIMXDCCMKQa\n"
        "d5NkXw8eMPuEBt8tthEE7b068XFFCtkjydsBYtb3VJr2CwLDrTLx6QI3pl29VvrC\n"
        "KBjwFdSML1VJRKOu7OWalJ3u8If7ymqwiSMv6x9LfLR1wZvAijRPCVLYRVicWVmo\n"
        "1MXHg65qeQKBgQCPXwmcQImf+S3vMJ0AR9Kb3HxF/aMfgOh8ZMr1vT7NGNRHGOXq\n"
        "9NA6+rrnWRljU0pcNspTqsEKejTdq00OqUSy2LWOqQR2HNUvo8Q8VLG0Vge/Cifv\n"
        "vMJLGigB/ar49RQTljd4LStWO1FAqV57HKrqd1XAi1MH1pcbgOQDvOGDAQKBgECy\n"
        "lbhfsLNIfg/JbU2Lt1v46b2A51b7L4Vxxl14PV1wbG4rUJgZFj76x3G6wYGiIdVI\n"
        "jx5h+Xc5r8I0NEta4EZIcv9FQLfUkXFT6GrSCtdQwlzL9or/c+rveHqkJ463Eqvu\n"
        "Y2vPKt8RTdZIJSEko7fS7XL0UwewGZf39Wu/WE3RAoGBAIP8dTvXOZsDc2qn7TDi\n"
        "FogUckkTMznvhqByZgIk/oKLmGq1AkHgjowdqEQ+lcX4CXeAp/E2v3tbROj+mbla\n"
        "3V8YD7v5joRZnhDWBLf5uTXuFcM+Kac/UGtw075RxBmVA8kgXulcdQwR9QmGWRPH\n"
        "pdRhtplsxt91b3rTWcOcHsDk\n"
        "-----END PRIVATE KEY-----\n"
    ),
    "ssh1": (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
        "QyNTUxOQAAACCG31FoSSbEHYocLTwWTB3ijAPg7JAU6ykZEvVDfSk0PwAAAIj6NPJL+jTy\n"
        "SwAAAAtzc2gtZWQyNTUxOQAAACCG31FoSSbEHYocLTwWTB3ijAPg7JAU6ykZEvVDfSk0Pw\n"
        "AAAED0Ehx+THfCUDJOZE18zu9k/dXpP+cDfsQIucxqyHdQHIbfUWhJJsQdihwtPBZMHeKM\n"
        "A+DskBTrKRkS9UN9KTQ/AAAAAAECAwQF\n"
        "-----END OPENSSH PRIVATE KEY-----\n"
    ),
}

# ----------------------------------------------------------------------------- helpers
HEX = "0123456789abcdef"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
UP32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B64C = B62 + "+/"


def ch(seq):
    return R.choice(seq)


def hx(n):
    return "".join(R.choice(HEX) for _ in range(n))


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rb(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(bs):
    return base64.b64encode(bs).decode()


def b64u(bs):
    return base64.urlsafe_b64encode(bs).decode().rstrip("=")


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7():
    h = "019" + hx(29)
    h = h[:12] + "7" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def digits(n, first="123456789"):
    return ch(first) + "".join(ch("0123456789") for _ in range(n - 1))


def ts_iso():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23),
                                                   R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def day():
    return "2025-%02d-%02d" % (R.randint(1, 12), R.randint(1, 28))


def epoch():
    return R.randint(1735700000, 1767000000)


def priv_ip():
    k = R.randrange(4)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    return ch(["192.0.2", "198.51.100", "203.0.113"]) + ".%d" % R.randint(1, 254)


def luhn_ok(s):
    d = [int(c) for c in s if c.isdigit()]
    tot = 0
    for i, x in enumerate(reversed(d)):
        if i % 2:
            x *= 2
            if x > 9:
                x -= 9
        tot += x
    return tot % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + "".join(ch("0123456789") for _ in range(length - len(prefix) - 1))
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    return iban_num(s[4:] + s[:4]) % 97 == 1


def iban_make(cc, bban):
    chk = 98 - iban_num(bban + cc + "00") % 97
    return "%s%02d%s" % (cc, chk, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def fenced(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


# ----------------------------------------------------------------------------- real file bytes
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)


def make_png(w=None, h=None):
    w = w or R.choice([16, 20, 24, 32])
    h = h or R.choice([12, 16, 20])
    col = (R.randint(0, 200), R.randint(60, 200), R.randint(120, 255))
    ys = [int((h - 2) * (1 - (0.9 ** (x * R.uniform(0.6, 1.4)))) ) for x in range(w)]
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            row += bytes(col) if h - 1 - ys[x] == y else b"\xff\xff\xff"
        rows.append(bytes(row))
    raw = b"".join(rows)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b"")


def make_gif():
    c = rb(3)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def make_wav(n=48):
    f = R.uniform(0.05, 0.4)
    import math
    data = b"".join(struct.pack("<h", int(9000 * math.sin(i * f))) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 16000, 32000, 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def make_npy(shape=None):
    shape = shape or (R.randint(1, 4), R.choice([4, 8]))
    hdr = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % shape
    pad = 64 - (10 + len(hdr) + 1) % 64
    hdr = hdr + " " * pad + "\n"
    data = b"".join(struct.pack("<f", round(R.gauss(0, 0.5), 4)) for _ in range(shape[0] * shape[1]))
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode() + data


def make_safetensors():
    r, c = R.randint(1, 3), R.choice([2, 4])
    n = r * c * 4
    hdr = json.dumps({"__metadata__": {"format": "pt"}, "lm_head.bias": {"dtype": "F32", "shape": [r, c],
                      "data_offsets": [0, n]}}, separators=(",", ":"))
    hdr += " " * ((8 - len(hdr) % 8) % 8)
    return struct.pack("<Q", len(hdr)) + hdr.encode() + b"".join(struct.pack("<f", R.uniform(-1, 1)) for _ in range(r * c))


def make_pdf():
    t = "(eval report %s) Tj" % day()
    return ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/MediaBox[0 0 200 80]/Contents 4 0 R>>endobj\n4 0 obj<</Length %d>>stream\nBT %s ET\nendstream endobj\n"
            % (len(t) + 6, t)).encode()


def make_jpeg_head():
    q = bytes(R.randint(2, 40) for _ in range(64))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + b"\xff\xdb\x00C\x00" + q +
            b"\xff\xc0\x00\x11\x08\x00\xe0\x00\xe0\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")


def make_webp_head():
    payload = b"\x2f" + rb(40)
    return b"RIFF" + struct.pack("<I", 4 + 8 + len(payload)) + b"WEBPVP8L" + struct.pack("<I", len(payload)) + payload


def make_ico():
    p = make_png(16, 16)
    return b"\x00\x00\x01\x00\x01\x00\x10\x10\x00\x00\x01\x00\x20\x00" + struct.pack("<II", len(p), 22) + p


def make_svg():
    pts = " ".join("%d,%d" % (x * 4, R.randint(2, 22)) for x in range(R.randint(6, 12)))
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="24"><polyline points="%s" fill="none" '
            'stroke="#%s" stroke-width="1.5"/></svg>' % (pts, hx(6)))


def make_sourcemap():
    m = ";".join(",".join(rs("ACDEGIKMOQSUWYacgkmoqsuw", R.randint(4, 6)) for _ in range(R.randint(2, 4))) for _ in range(R.randint(3, 6)))
    src = ch(["widget.ts", "renderer.tsx", "plugin.ts", "index.ts", "mimeExtension.ts"])
    return json.dumps({"version": 3, "file": src.split(".")[0] + ".js", "sources": ["../src/" + src], "names": [],
                       "mappings": m}, separators=(",", ":"))


def trunc(s, keep=None):
    keep = keep or R.randint(60, 140)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + ch(["…", "...", "…[%d more chars]" % (len(s) - keep), "[…]"])


# ----------------------------------------------------------------------------- vocab for the theme
MODELS = ["orca-embed-v3", "lf-mistral-7b-sft", "lf-llama3-8b-dpo", "kestrel-13b-instruct", "fraud-scorer", "churn-gbm",
          "whisper-small-fr", "lf-qwen2-1.5b-zh", "reranker-minilm", "ocr-donut-base", "hindi-asr-conformer", "ranker-xl"]
PROJ = ["llm-ft", "embeddings", "asr", "fraud", "eval-harness", "rlhf", "search-rerank", "vision"]
DATASETS = ["webtext-fr-2025q2", "support-tickets-v7", "zh-news-dedup", "hi-wiki-clean", "code-instruct-v3", "receipts-ocr",
            "eval-mmlu-local", "call-center-audio-v2"]
NODES = ["gpu-a%03d" % i for i in range(1, 40)] + ["h100-n%02d" % i for i in range(1, 24)]
SVCS = ["svc-train", "svc-eval", "svc-mlflow", "svc-featurestore", "svc-ray", "mlplatform-bot"]
FEATS = ["txn_amount_sum_7d", "email_domain_risk", "phone_verified_flag", "card_bin_country", "iban_country_mismatch",
         "login_count_24h", "ssn_present_flag", "device_age_days", "password_reset_count_30d", "api_token_age_days"]


def model():
    return ch(MODELS)


def proj():
    return ch(PROJ)


def wandb_id():
    return rs(B36, 8)


def ray_sub():
    return "raysubmit_" + rs(B62, 16)


LEADS = {
    "en": ["fyi", "heads up:", "quick one:", "for the record:", "cc #ml-platform", "context:", "from the standup:"],
    "fr": ["pour info :", "petit point :", "à noter :", "rappel :", "pour le suivi :"],
    "zh": ["备注：", "同步一下：", "补充：", "供参考：", "请注意："],
    "hi": ["ध्यान दें:", "एक अपडेट:", "जानकारी के लिए:", "नोट:"],
}
TAILS = ["thx", "🙏", "merci !", "谢谢", "धन्यवाद", "will update the runbook", "lmk if this looks off", "on s'en occupe demain",
         "稍后再看", "ticket MLP-%d" % 4821]


def lead_tail(t, p_lead=0.13, p_tail=0.06):
    if R.random() < p_lead:
        t = ch(LEADS[ch(["en", "en", "fr", "zh", "hi"])]) + " " + t if "\n" not in t[:80] or R.random() < 0.5 else ch(LEADS["en"]) + "\n" + t
    if R.random() < p_tail:
        t = t + "\n" + ch(TAILS)
    return t


# ============================================================================= NEGATIVES
# ---------------------------------------------------------------- data_uri_base64
def du_ipynb():
    p = b64(make_png())
    cell = {"cell_type": "code", "execution_count": R.randint(3, 80), "metadata": {},
            "outputs": [{"data": {"image/png": p, "text/plain": ["<Figure size %dx%d with 1 Axes>" % (ch([640, 800, 1200]), ch([480, 400, 600]))]},
                         "metadata": {}, "output_type": "display_data"}],
            "source": ["plt.plot(history['%s'])\n" % ch(["loss", "val_loss", "eval/accuracy", "grad_norm"]), "plt.show()"]}
    return fenced(json.dumps(cell, indent=1, ensure_ascii=False), "json")


def du_md():
    alt = ch(["loss curve", "confusion matrix", "courbe de loss", "混淆矩阵", "लॉस ग्राफ़", "attention map layer %d" % R.randint(0, 31)])
    return "%s\n![%s](data:image/png;base64,%s)" % (ch(["run %s, step %d:" % (wandb_id(), R.randint(100, 90000)), "voilà le plot du notebook :",
                                                          "训练曲线如下：", "नोटबुक का आउटपुट:", "pasting the cell output:"]), alt, b64(make_png()))


def du_html():
    return fenced('<div class="eval-card">\n  <h3>%s — %s</h3>\n  <img alt="PR curve" width="320" src="data:image/png;base64,%s"/>\n</div>'
                  % (model(), day(), b64(make_png())), "html")


def du_gradio():
    return "gradio /predict response (trimmed):\n" + fenced(json.dumps({"data": ["data:image/png;base64," + b64(make_png()),
                                                                                  {"label": ch(["cat", "receipt", "invoice", "blank"]), "confidence": round(R.random(), 3)}],
                                                                         "duration": round(R.uniform(0.1, 2), 3), "is_generating": False}), "json")


def du_audio():
    s = b64(make_wav())
    return ch(["TTS eval sample %d (fr-FR, speaker %s):" % (R.randint(1, 300), ch(["A", "B", "C"])), "ASR repro clip, 3ms of the bad segment:",
               "हिंदी ASR टेस्ट क्लिप:", "语音样本（截断前）："]) + "\n" + fenced('<audio controls src="data:audio/wav;base64,%s"></audio>' % s, "html")


def du_npy():
    s = b64(make_npy())
    return "%s %s DEBUG feature-debug entity=%s emb=data:application/x-npy;base64,%s" % (ts_iso(), ch(["fstore-online", "embed-svc"]),
                                                                                        "item:" + hx(12), s)


def du_safetensors():
    s = b64(make_safetensors())
    return fenced('# tests/test_loader.py\nTINY_ST = "data:application/octet-stream;base64,%s"\n\n\ndef test_header_roundtrip(tmp_path):\n    blob = base64.b64decode(TINY_ST.split(",", 1)[1])\n    assert struct.unpack("<Q", blob[:8])[0] %% 8 == 0' % s, "python")


def du_svg_css():
    s = b64(make_svg().encode())
    return fenced(".jp-%s .sparkline {\n  background-image: url(\"data:image/svg+xml;base64,%s\");\n  background-repeat: no-repeat;\n}" % (
        ch(["RunCard", "EvalTable", "MetricCell"]), s), "css")


def du_svg_pct():
    svg = make_svg().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return "JupyterLab theme override, icon inlined:\n" + fenced("--jp-icon-run-status: url(\"data:image/svg+xml;utf8,%s\");" % svg, "css")


def du_gif():
    return fenced("st.markdown('<img src=\"data:image/gif;base64,%s\" class=\"spacer\">', unsafe_allow_html=True)" % b64(make_gif()), "python")


def du_sourcemap():
    s = b64(make_sourcemap().encode())
    return "why is lib/%s 40KB bigger? inline source map at the end:\n" % ch(["index.js", "widget.js", "plugin.js"]) + fenced(
        "//# sourceMappingURL=data:application/json;charset=utf-8;base64," + s, "js")


def du_csv():
    rows = "model,task,score\n" + "\n".join("%s,%s,%.3f" % (model(), ch(["mmlu", "gsm8k", "xnli-fr", "cmmlu", "indic-qa"]), R.random()) for _ in range(R.randint(2, 4)))
    return fenced('st.markdown(f\'<a download="eval_%s.csv" href="data:text/csv;base64,%s">download</a>\', unsafe_allow_html=True)' % (
        day(), b64(rows.encode())), "python")


def du_vlm():
    msg = {"model": ch(["lf-vlm-7b", "kestrel-vl"]), "messages": [{"role": "user", "content": [
        {"type": "text", "text": ch(["What is the total on this receipt?", "Décris l'image.", "这张图里有什么？", "इस चित्र में क्या है?"])},
        {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64," + trunc(b64(make_jpeg_head()), R.randint(80, 120))}}]}],
           "max_tokens": R.choice([128, 256, 512])}
    return "vLLM request that 400'd (image cut for Slack):\n" + fenced(json.dumps(msg, ensure_ascii=False, indent=2), "json")


def du_ipython():
    return fenced("from IPython.display import Image, display\nimport base64\n\nthumb = \"%s\"\ndisplay(Image(data=base64.b64decode(thumb)))" % b64(make_png()), "python")


def du_nbconvert():
    lines = []
    for _ in range(R.randint(2, 4)):
        lines.append('<div class="jp-RenderedImage jp-OutputArea-output"><img src="data:image/png;base64,%s"></div>' % trunc(b64(make_png()), R.randint(50, 90)))
    return "nbconvert --to html diff between the two reports:\n" + fenced("\n".join(lines), "html")


def du_webp():
    return "%s WARN dataloader sample %s decode failed: src=data:image/webp;base64,%s" % (
        ts_iso(), "shard-%05d/%06d" % (R.randint(0, 2047), R.randint(0, 999999)), trunc(b64(make_webp_head()), 70))


def du_labelstudio():
    return fenced(json.dumps({"id": R.randint(1000, 99999), "data": {"image": "data:image/png;base64," + b64(make_png()),
                                                                     "meta": {"dataset": ch(DATASETS)}}, "annotations": []}, indent=2), "json")


def du_shell():
    p = make_png()
    w, h = struct.unpack(">II", p[16:24])
    return fenced("$ echo '%s' | base64 -d > /tmp/cell.png && file /tmp/cell.png\n/tmp/cell.png: PNG image data, %d x %d, 8-bit/color RGB, non-interlaced"
                  % (b64(p), w, h), "console")


def du_pdf():
    return "model card preview embeds the eval PDF: `data:application/pdf;base64,%s`" % trunc(b64(make_pdf()), R.randint(90, 150))


def du_ico():
    return fenced('<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,%s">' % trunc(b64(make_ico()), 120), "html")


def du_fr():
    return "%s data:image/png;base64,%s\n%s" % (
        ch(["La sortie de la cellule %d est vide chez moi, voici l'image brute :" % R.randint(2, 60), "Le graphe d'attention exporté :"]),
        b64(make_png()), ch(["quelqu'un peut vérifier ?", "c'est juste un PNG 16px, rien de sensible", ""]))


def du_zh_hi():
    return ch(["这个 notebook 输出太大了，图片是内联的 base64：", "W&B 面板导出的缩略图：", "नोटबुक में इमेज base64 में सेव है:", "ग्राफ़ का data URI:"]) + \
        "\n`data:image/png;base64,%s`" % b64(make_png())


def du_vocabjson():
    base = ch([128000, 151643, 32000, 50256, 100257])
    v = {"version": "1.0", "added_tokens": [{"id": base + i, "content": t, "special": True} for i, t in enumerate(R.sample(["<|begin_of_text|>", "<|eot_id|>", "<|im_start|>", "<|im_end|>", "<pad>", "<|mask|>", "<|redacted|>"], R.randint(2, 4)))]}
    return fenced("fixture = \"data:application/json;base64,%s\"\ntok = Tokenizer.from_str(base64.b64decode(fixture.split(',')[1]))" %
                  b64(json.dumps(v).encode()), "python")


DU = [du_ipynb, du_md, du_html, du_gradio, du_audio, du_npy, du_safetensors, du_svg_css, du_svg_pct, du_gif, du_sourcemap,
      du_csv, du_vlm, du_ipython, du_nbconvert, du_webp, du_labelstudio, du_shell, du_pdf, du_ico, du_fr, du_zh_hi, du_vocabjson]

# ---------------------------------------------------------------- placeholder_example
def ph_env():
    lines = ["WANDB_API_KEY=<your-wandb-api-key>", "WANDB_PROJECT=%s" % proj(), "HF_TOKEN=hf_%s" % ch(["xxxxxxxx", "****", "...", "YOUR_TOKEN"]),
             "OPENAI_API_KEY=sk-...", "MLFLOW_TRACKING_URI=http://localhost:%d" % ch([5000, 5001, 8080]), "MLFLOW_TRACKING_PASSWORD=",
             "HF_HOME=/scratch/%s/hf" % ch(SVCS), "CUDA_VISIBLE_DEVICES=%s" % ch(["0", "0,1", "0,1,2,3"])]
    R.shuffle(lines)
    return fenced("# .env.example — %s\n" % ch(["copy to .env, never commit the real one", "copiez vers .env", "复制为 .env 再填写", ".env में कॉपी करें"]) + "\n".join(lines[:R.randint(4, 8)]), "bash")


def ph_gha():
    return fenced("      - name: push model to hub\n        env:\n          HF_TOKEN: ${{ secrets.HF_TOKEN }}\n          WANDB_API_KEY: ${{ secrets.WANDB_API_KEY }}\n"
                  "        run: python scripts/push.py --repo lumenfold/%s --revision %s" % (model(), ch(["main", "v%d" % R.randint(1, 9)])), "yaml")


def ph_k8s():
    return fenced("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-creds\n  namespace: %s\ntype: Opaque\ndata:\n  wandb-api-key: <base64-encoded-key>\n"
                  "stringData:\n  hf-token: \"REPLACE_ME\"" % (proj(), ch(["training", "ml-serving", "ray"])), "yaml")


def ph_sbatch():
    return fenced("#!/bin/bash\n#SBATCH --job-name=%s\n#SBATCH --partition=%s\n#SBATCH --gres=gpu:%d\n#SBATCH --time=%02d:00:00\n\n"
                  "export WANDB_API_KEY=$(vault kv get -field=api_key secret/ml/wandb)\nexport HF_TOKEN=\"${HF_TOKEN:?set HF_TOKEN first}\"\n"
                  "srun torchrun --nproc_per_node=%d train.py" % (model(), ch(["gpu-h100", "gpu-a100", "debug"]), ch([4, 8]), R.randint(1, 72), ch([4, 8])), "bash")


def ph_compose():
    return fenced("services:\n  minio:\n    image: minio/minio\n    environment:\n      MINIO_ROOT_USER: minioadmin\n      MINIO_ROOT_PASSWORD: minioadmin\n"
                  "  mlflow:\n    image: ghcr.io/mlflow/mlflow:v2.%d.%d\n    command: mlflow server --backend-store-uri postgresql://mlflow:mlflow@postgres:5432/mlflow "
                  "--default-artifact-root s3://mlflow/\n    ports: [\"%d:5000\"]" % (R.randint(10, 19), R.randint(0, 3), ch([5000, 5050])), "yaml")


def ph_aws():
    return "for the moto tests use the doc keys, they're fake:\n" + fenced(
        "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\nendpoint_url = http://localhost:%d"
        % (ch(["us-east-1", "eu-west-3", "ap-south-1"]), R.randint(4566, 5999)), "ini")


def ph_nb():
    return fenced("import os\nos.environ[\"OPENAI_API_KEY\"] = \"sk-...\"  # %s\nos.environ[\"ANTHROPIC_API_KEY\"] = \"sk-ant-api03-...\"\n"
                  "client = OpenAI()\nJUDGE_MODEL = \"%s\"" % (ch(["remplacez par votre clé", "替换成你自己的 key", "अपनी key यहाँ डालें", "put yours here, don't commit"]), ch(["gpt-4o-mini", "gpt-4o", "o3-mini", "gpt-4.1"]) + "-" + ch(["judge", "eval", "ref"]) + str(R.randint(1, 9))), "python")


def ph_hfcli():
    return fenced("$ huggingface-cli login --token $HF_TOKEN\nToken is valid (permission: %s).\nYour token has been saved to /root/.cache/huggingface/token\nLogin successful\n$ huggingface-cli download lumenfold/%s --revision %s --local-dir /scratch/ckpt"
                  % (ch(["read", "write", "fineGrained"]), model(), ch(["main", "v%d" % R.randint(1, 20)])), "console")


def ph_logs():
    return fenced("%s INFO  trainer  wandb: W&B API key is configured. Use `wandb login --relogin` to force relogin\n"
                  "%s INFO  trainer  env: WANDB_API_KEY=*** HF_TOKEN=[REDACTED] MLFLOW_TRACKING_TOKEN=<redacted>\n"
                  "%s INFO  trainer  starting run %s" % (ts_iso(), ts_iso(), ts_iso(), wandb_id()), "text")


def ph_card():
    return ch(["La facture du cloud GPU est passée sur la carte •••• %04d, rien à faire." % R.randint(1000, 9999),
               "GPU 云账单用的是尾号 %04d 的卡（已脱敏），不用处理。" % R.randint(1000, 9999),
               "the Lambda invoice is on the corp card ending **** %04d, finance has it" % R.randint(1000, 9999),
               "बिलिंग कार्ड XXXX-XXXX-XXXX-%04d पर है, फ़ाइनेंस देख रहा है।" % R.randint(1000, 9999)])


def ph_bearer():
    return fenced("curl -s https://mlgw.internal.lumenfold.ai/v1/models \\\n  -H \"Authorization: Bearer <token>\" \\\n  -H \"X-Project: %s\" | jq '.data[%d].id'" % (proj(), R.randint(0, 20)), "bash")


def ph_pem():
    return "format expected by the ssh-deploy step:\n" + fenced("-----BEGIN OPENSSH PRIVATE KEY-----\n...\n-----END OPENSSH PRIVATE KEY-----", "text") + \
        "\n(the real one lives in Vault under `secret/ml/%s/%s`)" % (proj(), ch(["deploy-key", "bastion", "ray-head", "slurm-login"]) + "-" + str(R.randint(1, 9)))


def ph_anthropic():
    return fenced("from anthropic import Anthropic\nclient = Anthropic(api_key=\"sk-ant-...\")  # or set ANTHROPIC_API_KEY\nresp = client.messages.create(model=\"%s\", max_tokens=%d, messages=msgs)"
                  % (ch(["claude-3-5-sonnet-latest", "claude-3-haiku-20240307"]), ch([256, 512, 1024, 2048, 4096])), "python")


def ph_eso():
    return fenced("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: wandb\nspec:\n  refreshInterval: %dh\n  secretStoreRef:\n    name: vault-ml\n    kind: ClusterSecretStore\n"
                  "  target:\n    name: wandb-api\n  data:\n    - secretKey: WANDB_API_KEY\n      remoteRef:\n        key: ml-platform/%s/wandb\n        property: api_key" % (R.randint(1, 24), proj()), "yaml")


def ph_op():
    return fenced("# .envrc (1Password CLI)\nexport HF_TOKEN=\"op://ML Platform/Hugging Face/%s\"\nexport OPENAI_API_KEY=\"op://ML Platform/OpenAI %s/credential\"" % (ch(["credential", "token"]), proj()), "bash")


def ph_jhub():
    return fenced("# jupyterhub_config.py — local dev only\nc.JupyterHub.authenticator_class = \"dummy\"\nc.DummyAuthenticator.password = \"changeme\"\nc.Spawner.default_url = \"/lab\"\nc.Spawner.mem_limit = \"%dG\"\nc.JupyterHub.port = %d" % (ch([16, 32, 64]), R.randint(8000, 8999)), "python")


def ph_zh():
    return "在 `~/.bashrc` 里设置 `export HF_TOKEN=hf_xxx`（换成你自己的令牌），然后跑 `python download.py --model lumenfold/%s`。不要把真实 token 写进 notebook。数据集用 `%s`。" % (model(), ch(DATASETS))


def ph_hi():
    return "सेटअप: `config.yaml` में `api_key: <YOUR_API_KEY>` और `wandb_key: \"<WANDB_KEY>\"` को अपनी key से बदलें। असली key कभी commit न करें। (%s, %s)" % (model(), ch(DATASETS))


def ph_slack():
    return fenced("alerts:\n  slack:\n    bot_token: xoxb-your-bot-token\n    webhook: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\n    channel: \"#%s-alerts\"\n    min_severity: %s" % (proj(), ch(["warning", "error", "critical"])), "yaml")


def ph_mask():
    return ch(["Exemple dans la doc du scrubber : `FR76 •••• •••• •••• •••• •••• %03d` → on garde seulement les 3 derniers chiffres." % R.randint(100, 999),
               "the PII scrubber turns SSNs into `XXX-XX-XXXX` and phones into `+33 6 •• •• •• ••`, see `scrub.py:%d`" % R.randint(20, 400),
               "脱敏后的样例：手机号 `138****%04d`，邮箱 `z***@***`，身份证号全部替换为 `[MASKED]`。" % R.randint(1000, 9999)])


def ph_jwt():
    return "the gateway route `%s` expects `Authorization: Bearer eyJhbGciOiJSUzI1NiIs...` (a %d-minute JWT from `lf auth token`), not the raw API key. example claims: `{\"sub\": \"<service-account>\", \"aud\": \"mlgw\", \"exp\": <unix-ts>}`" % (ch(["/v1/chat/completions", "/v1/embeddings", "/v1/rerank", "/v1/audio/transcriptions"]), ch([5, 10, 15, 30, 60]))


def ph_gitclone():
    return fenced("git clone https://<user>:<hf_token>@huggingface.co/lumenfold/%s\n# better: git config --global credential.helper store && huggingface-cli login\ncd %s && git lfs pull --include \"*.safetensors\"" % (model(), model()), "bash")


def ph_feast():
    return fenced("# feature_store.yaml (local)\nproject: %s\nregistry: data/registry.db\nprovider: local\nonline_store:\n  type: redis\n  connection_string: \"localhost:6379,password=${REDIS_PASSWORD}\"\n"
                  "offline_store:\n  type: postgres\n  host: localhost\n  user: feast\n  password: \"%s\"" % (proj(), ch(["${PG_PASSWORD}", "{{ pg_password }}", "%PG_PASSWORD%", ""])), "yaml")


def ph_grafana():
    return "DCGM dashboard on the dev kind cluster: `kubectl port-forward svc/grafana 3000` then log in with the default admin/admin, it forces a reset on first login. Prom is `http://admin:admin@localhost:%d` in the datasource stub (cluster `%s`)." % (ch([9090, 9091, 19090]), ch(["kind-ml", "kind-dev", "minikube", "k3d-gpu"]) + str(R.randint(1, 9)))


PH = [ph_env, ph_gha, ph_k8s, ph_sbatch, ph_compose, ph_aws, ph_nb, ph_hfcli, ph_logs, ph_card, ph_bearer, ph_pem, ph_anthropic,
      ph_eso, ph_op, ph_jhub, ph_zh, ph_hi, ph_slack, ph_mask, ph_jwt, ph_gitclone, ph_feast, ph_grafana]

# ---------------------------------------------------------------- code_identifier
def ci_state_dict():
    L = R.randint(0, 31)
    lines = []
    for k in ["self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj", "mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"]:
        lines.append("model.layers.%d.%s.weight%s torch.Size([%d, %d])" % (L, k, " " * (28 - len(k)), ch([4096, 1024]), ch([4096, 14336])))
    lines.append("model.layers.%d.input_layernorm.weight torch.Size([4096])" % L)
    return "missing keys after merging the LoRA:\n" + fenced("\n".join(lines), "text")


def ci_index():
    wm = {"model.embed_tokens.weight": "model-00001-of-00004.safetensors"}
    for i in range(R.randint(3, 6)):
        L = R.randint(0, 31)
        wm["model.layers.%d.%s.weight" % (L, ch(["self_attn.q_proj", "mlp.down_proj", "post_attention_layernorm"]))] = "model-%05d-of-00004.safetensors" % R.randint(1, 4)
    return fenced(json.dumps({"metadata": {"total_size": R.randint(10 ** 9, 2 * 10 ** 10) // 2 * 2}, "weight_map": wm}, indent=2), "json")


def ci_traceback():
    return fenced("Traceback (most recent call last):\n  File \"/opt/lf/train/cli.py\", line %d, in main\n    trainer = build_trainer(cfg)\n"
                  "  File \"/opt/lf/train/factory.py\", line %d, in build_trainer\n    token = resolve_hub_token_from_secret_mount(cfg.hub)\n"
                  "  File \"/opt/lf/common/secrets.py\", line %d, in resolve_hub_token_from_secret_mount\n    return _read_secret_file(SECRET_MOUNT_PATH / \"hf-token\")\n"
                  "  File \"/opt/lf/common/secrets.py\", line %d, in _read_secret_file\n    raise SecretNotMountedError(path)\nlf.common.errors.SecretNotMountedError: /var/run/secrets/lf/hf-token"
                  % (R.randint(20, 300), R.randint(20, 300), R.randint(20, 300), R.randint(20, 300)), "text")


def ci_feast():
    fs = R.sample(FEATS, 4)
    return fenced("customer_risk_fv = FeatureView(\n    name=\"customer_risk_v%d\",\n    entities=[customer],\n    ttl=timedelta(days=%d),\n    schema=[\n%s\n    ],\n    source=risk_source,\n)" % (
        R.randint(1, 9), ch([1, 7, 30]), "\n".join("        Field(name=\"%s\", dtype=%s)," % (f, ch(["Float32", "Int64", "Bool", "String"])) for f in fs)), "python")


def ci_vocab():
    toks = ["▁password", "▁Password", "Ġtoken", "Ġsecret", "▁mot_de_passe", "▁密码", "▁पासवर्ड", "Ġapi_key", "▁IBAN", "Ġemail",
            "▁téléphone", "▁手机号", "Ġssn", "<|im_start|>", "<|eot_id|>", "▁Bearer", "Ġcredentials"]
    sel = R.sample(toks, R.randint(5, 9))
    return "vocab dump for the PII-ish tokens (`tok.get_vocab()` filtered):\n" + fenced("\n".join('"%s": %d' % (t, R.randint(300, 151000)) for t in sel), "json")


def ci_cuda():
    return "top kernels from nsys, step %d:\n" % R.randint(100, 9000) + fenced(
        "%5.1f%%  flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, 4, false, false, cutlass::bfloat16_t, Flash_kernel_traits<128, 64, 64, 4, cutlass::bfloat16_t>>, false, true, false, false, true, true, false>\n"
        "%5.1f%%  _ZN2at6native29vectorized_elementwise_kernelILi4ENS0_11FillFunctorIfEENS_6detail5ArrayIPcLi1EEEEEviT0_T1_\n"
        "%5.1f%%  sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas\n"
        "%5.1f%%  ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
        % (R.uniform(20, 40), R.uniform(5, 15), R.uniform(5, 15), R.uniform(2, 10)), "text")


def ci_inductor():
    return fenced("# torch._inductor output_code, graph %d\n@triton.jit\ndef triton_red_fused__softmax_%d(in_ptr0, out_ptr0, xnumel, rnumel, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):\n    ...\n"
                  "def triton_poi_fused_add_mul_rsqrt_%d(in_out_ptr0, in_ptr0, xnumel, XBLOCK: tl.constexpr):\n    ..." % (R.randint(0, 40), R.randint(0, 9), R.randint(0, 9)), "python")


def ci_pods():
    job = model()
    lines = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
    lines.append("%s-master-0%s1/1     Running   0          %dh" % (job, " " * max(1, 39 - len(job) - 9), R.randint(1, 40)))
    for i in range(R.randint(2, 5)):
        lines.append("%s-worker-%d%s1/1     Running   %d          %dh" % (job, i, " " * max(1, 39 - len(job) - 9), R.randint(0, 3), R.randint(1, 40)))
    lines.append("ray-head-%s-%s             1/1     Running   0          %dd" % (hx(9)[:9].replace("0", "7"), rs("bcdfghjklmnpqrstvwxz2456789", 5), R.randint(1, 9)))
    return fenced("$ kubectl get pods -n training\n" + "\n".join(lines), "console")


def ci_hydra():
    return fenced("python train.py trainer.strategy=fsdp trainer.strategy.sharding_strategy=FULL_SHARD +secrets.provider=vault secrets.hub_token_key=ml/hf/%s "
                  "model.tokenizer.special_tokens.pad_token='<|pad|>' data.pii_filter.drop_email_spans=true data.pii_filter.phone_regex_locale=%s" % (proj(), ch(["fr_FR", "zh_CN", "hi_IN", "en_US"])) + " trainer.max_steps=%d" % R.randint(1000, 90000), "bash")


def ci_envlist():
    return fenced("REQUIRED_ENV = (\n    \"WANDB_API_KEY\",\n    \"HF_TOKEN\",\n    \"MLFLOW_TRACKING_TOKEN\",\n    \"AWS_SECRET_ACCESS_KEY\",\n    \"OPENAI_API_KEY\",\n)\nmissing = [k for k in REQUIRED_ENV if not os.getenv(k)]\nif missing:\n    raise %s(f\"missing env for {%r}: {missing}\")" % (ch(["RuntimeError", "SecretNotMountedError", "ConfigError"]), model()), "python")


def ci_classes():
    return fenced("class SecretRedactingCallback(TrainerCallback):\n    def on_log(self, args, state, control, logs=None, **kw):\n        logs.update(redact_api_keys_and_tokens(logs))\n\n"
                  "class PhoneNumberNormalizer%s:\n    def normalize_e164(self, raw_phone: str, default_region: str = \"%s\") -> str: ...\n\n"
                  "def mask_email_and_iban_spans(batch: dict[str, list[str]]) -> dict[str, list[str]]: ..." % (ch(["", "V2", "Fast"]), ch(["FR", "CN", "IN", "US"])), "python") + ("\n" + ch(["renamed in PR #%d" % R.randint(100, 4000), "moved to lf/common/pii.py", "déplacé dans lf.common.pii", ""]))


def ci_spark():
    return fenced("org.apache.spark.SparkException: Job aborted due to stage failure: Task %d in stage %d.0 failed 4 times\n"
                  "\tat com.lumenfold.features.pii.IbanCountryBucketizer.transform(IbanCountryBucketizer.scala:%d)\n"
                  "\tat com.lumenfold.features.pii.EmailDomainHasher$$anonfun$apply$1.apply(EmailDomainHasher.scala:%d)\n"
                  "\tat org.apache.spark.sql.execution.WholeStageCodegenExec.$anonfun$doExecute$4(WholeStageCodegenExec.scala:760)\n"
                  "\tat org.apache.spark.sql.catalyst.expressions.GeneratedClass$GeneratedIteratorForCodegenStage%d.processNext(Unknown Source)"
                  % (R.randint(0, 400), R.randint(1, 90), R.randint(10, 200), R.randint(10, 200), R.randint(1, 9)), "text")


def ci_go():
    return fenced("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]\n\n"
                  "goroutine %d [running]:\ngithub.com/lumenfold/fstore/internal/keys.(*TokenCache).Get(0x0, {0xc000%s, 0x1c})\n"
                  "\t/src/internal/keys/cache.go:%d +0x2c\ngithub.com/lumenfold/fstore/internal/online.(*Server).GetOnlineFeatures(0xc0001a2000, {0x1f2e4a0, 0xc000%s}, 0xc000%s)\n"
                  "\t/src/internal/online/server.go:%d +0x1b4" % (hx(6), R.randint(10, 900), hx(6), R.randint(20, 300), hx(6), hx(6), R.randint(20, 300)), "text")


def ci_rust():
    return fenced("#%d 0x%s in tokenizers::models::bpe::model::BPE::merge_word::h%s\n#%d 0x%s in _ZN10tokenizers9tokenizer20normalizer18NormalizedString9transform17h%sE\n"
                  "#%d 0x%s in _RNvMs_NtCs%s_10tokenizers5utilsNtB4_11PaddingParams3pad" % (R.randint(1, 5), hx(12), hx(16), R.randint(6, 9), hx(12), hx(16), R.randint(10, 14), hx(12), rs(B62, 11)), "text")


def ci_tf():
    return fenced("$ terraform state list | grep -i secret\nmodule.gpu_pool.aws_secretsmanager_secret.wandb_api_key\nmodule.gpu_pool.aws_secretsmanager_secret_version.wandb_api_key\n"
                  "module.mlflow.aws_secretsmanager_secret.db_password\nmodule.mlflow.random_password.db_password\nmodule.%s.kubernetes_secret.hf_token\nmodule.%s.vault_generic_secret.%s" % (proj().replace("-", "_"), proj().replace("-", "_"), ch(["wandb_api_key", "openai_judge_key", "slack_bot_token", "github_app_private_key"])), "console")


def ci_proto():
    return fenced("service FeatureService {\n  rpc GetOnlineFeatures(GetOnlineFeaturesRequest) returns (GetOnlineFeaturesResponse);\n}\nmessage EntityKey {\n  string customer_id = 1;\n"
                  "  bytes email_sha256 = 2;\n  bytes phone_e164_hmac = %d;\n  string api_token_id = %d;\n  int64 %s = %d;\n}" % (R.randint(3, 5), R.randint(6, 9), ch(["iban_country_code", "card_bin", "ssn_last4_present", "password_reset_count"]), R.randint(10, 19)), "protobuf")


def ci_sql():
    return fenced("CREATE TABLE registry.model_access (\n  model_name        text NOT NULL,\n  version           int  NOT NULL,\n  api_key_hash      bytea,\n  api_key_last_four char(4),\n"
                  "  password_salt     bytea,\n  owner_email_sha256 bytea,\n  created_at        timestamptz DEFAULT now()\n);  -- migration %04d" % R.randint(1, 400), "sql")


def ci_mlflow_models():
    m = model()
    return "registry aliases after the promotion: `models:/%s@champion` → v%d, `models:/%s@challenger` → v%d, and the old `models:/%s/Production` stage URI still resolves." % (
        m, R.randint(2, 40), m, R.randint(2, 40), m)


def ci_pytest():
    return fenced("FAILED tests/test_scrub.py::test_redact[email-unicode-idn] - AssertionError\nFAILED tests/test_scrub.py::test_redact[phone-hi_IN-no-plus]\n"
                  "FAILED tests/test_tokenizer.py::test_special_tokens[<|im_start|>-%d]\nFAILED tests/test_scrub.py::test_redact[iban-fr-grouped] - KeyError: 'iban_fr_rib_key'\n==== %d failed, %d passed in %.2fs ====" % (R.randint(0, 3), R.randint(3, 5), R.randint(40, 900), R.uniform(3, 200)), "text")


def ci_css():
    return "the output area shift comes from `.jp-OutputArea-output.jp-RenderedImage` vs `.lm-Widget.jp-Cell-outputWrapper`, plus the ext's `_ngcontent-ng-c%d` ... no wait that's the old Angular dashboard. In the new one it's `css-%s` from emotion." % (R.randint(10 ** 8, 10 ** 9), rs(B36, 7))


def ci_ray():
    return fenced("$ serve status\nproxies:\n  %s: HEALTHY\napplications:\n  llm_app:\n    status: RUNNING\n    deployments:\n      LLMDeployment:\n        status: HEALTHY\n"
                  "        replica_states:\n          RUNNING: %d\n      TokenRedactionPreprocessor:\n        status: HEALTHY" % (hx(56), R.randint(1, 8)), "yaml")


def ci_argo():
    wf = "llm-eval-pipeline-" + rs("bcdfghjklmnpqrstvwxz2456789", 5)
    return fenced("$ argo get %s\nSTEP                             TEMPLATE            PODNAME\n ✔ %s                 main\n ├─✔ tokenize-shards             tokenize            %s-tokenize-%s\n"
                  " └─✖ score-pii-leakage           pii-leak-scorer     %s-pii-leak-scorer-%s" % (wf, wf, wf, digits(10, "12345"), wf, digits(10, "12345")), "console")


CI = [ci_state_dict, ci_index, ci_traceback, ci_feast, ci_vocab, ci_cuda, ci_inductor, ci_pods, ci_hydra, ci_envlist, ci_classes, ci_spark,
      ci_go, ci_rust, ci_tf, ci_proto, ci_sql, ci_mlflow_models, ci_pytest, ci_css, ci_ray, ci_argo]

# ---------------------------------------------------------------- non_credential_blob
def nb_mlflow_runs():
    lines = ["Date                 Name                    ID"]
    lines += ["%s 10:%02d:%02d  %-22s  %s" % (day(), R.randint(0, 59), R.randint(0, 59), ch(["sft-lr3e-5", "dpo-beta0.1", "baseline", "lora-r16", "qlora-r64"]) + "-" + rs(B36, 3), hx(32))
              for _ in range(R.randint(3, 7))]
    return fenced("$ mlflow runs list --experiment-id %d\n" % R.randint(1, 400) + "\n".join(lines), "console")


def nb_wandb():
    i = wandb_id()
    return fenced("wandb: Tracking run with wandb version 0.17.%d\nwandb: Run data is saved locally in /scratch/wandb/run-2025%02d%02d_%02d%02d%02d-%s\n"
                  "wandb: ⭐️ View project at https://wandb.ai/lumenfold/%s\nwandb: 🚀 View run at https://wandb.ai/lumenfold/%s/runs/%s" % (
                      R.randint(0, 9), R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), i, proj(), proj(), i), "text")


def nb_hfrev():
    return fenced("model = AutoModelForCausalLM.from_pretrained(\n    \"lumenfold/%s\",\n    revision=\"%s\",  # pinned, see MLP-%d\n    torch_dtype=torch.bfloat16,\n)" % (model(), hx(40), R.randint(1000, 9999)), "python")


def nb_lfs():
    return fenced("version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (hx(64), R.randint(10 ** 8, 5 * 10 ** 9)), "text")


def nb_manifest():
    shards = [{"path": "%s/train-%05d-of-%05d.parquet" % (ch(DATASETS), i, 64), "sha256": hx(64), "bytes": R.randint(10 ** 8, 6 * 10 ** 8), "num_rows": R.randint(10 ** 5, 9 * 10 ** 5)}
              for i in range(R.randint(2, 4))]
    return fenced(json.dumps({"dataset": ch(DATASETS), "version": "v%d" % R.randint(1, 12), "shards": shards}, indent=2), "json")


def nb_sha256sum():
    n = ch([2, 3, 4])
    return fenced("$ sha256sum model-*.safetensors\n" + "\n".join("%s  model-%05d-of-%05d.safetensors" % (hx(64), i, n) for i in range(1, n + 1)), "console")


def nb_docker():
    return fenced("$ docker buildx imagetools inspect ghcr.io/lumenfold/trainer:%s\nName:      ghcr.io/lumenfold/trainer:%s\nMediaType: application/vnd.oci.image.index.v1+json\nDigest:    sha256:%s\n\n"
                  "Manifests:\n  Name:      ghcr.io/lumenfold/trainer:%s@sha256:%s\n  Platform:  linux/amd64" % ((ch(["cu124-py311", "2025.06", "nightly"]),) * 2 + (hx(64),) + (ch(["cu124-py311", "nightly"]), hx(64))), "console")


def nb_ray():
    lines = ["ACTOR_ID                          CLASS_NAME        STATE    NODE_ID"]
    lines += ["%s  %-16s  ALIVE    %s" % (hx(32), ch(["ServeReplica", "RayTrainWorker", "DataWorker", "ProxyActor"]), hx(56)[:20] + "…") for _ in range(R.randint(3, 5))]
    return fenced("$ ray job submit --working-dir . -- python eval.py\nJob '%s' submitted successfully\n$ ray list actors --limit 5\n" % ray_sub() + "\n".join(lines), "console")


def nb_k8s_uid():
    return fenced("metadata:\n  name: %s\n  namespace: training\n  uid: %s\n  resourceVersion: \"%d\"\n  generation: %d\n  ownerReferences:\n  - apiVersion: kubeflow.org/v1\n"
                  "    kind: PyTorchJob\n    uid: %s" % (model(), uuid4(), R.randint(10 ** 7, 9 * 10 ** 7), R.randint(1, 4), uuid4()), "yaml")


def nb_dvc():
    return fenced("outs:\n- md5: %s.dir\n  size: %d\n  nfiles: %d\n  hash: md5\n  path: data/%s" % (hx(32), R.randint(10 ** 8, 10 ** 11), R.randint(10, 4000), ch(DATASETS)), "yaml")


def nb_pip():
    return fenced("torch==2.%d.%d \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s\nsafetensors==0.4.%d \\\n    --hash=sha256:%s" % (
        R.randint(2, 5), R.randint(0, 3), hx(64), hx(64), R.randint(1, 5), hx(64)), "text")


def nb_vectordb():
    pts = [{"id": uuid4(), "payload": {"doc_id": "kb-" + hx(8), "chunk": R.randint(0, 40), "lang": ch(["fr", "zh", "hi", "en"])}} for _ in range(R.randint(2, 3))]
    return "qdrant upsert that timed out, collection `%s`:\n" % ch(["support_kb_v3", "docs_fr", "faq_zh", "policy_hi"]) + fenced(json.dumps({"points": pts}, ensure_ascii=False, indent=1), "json")


def nb_registry():
    return fenced("name: %s\nversion: %d\nrun_id: %s\nsource: s3://lf-mlflow-artifacts/%d/%s/artifacts/model\nmodel_hash: sha256:%s\ntokenizer_hash: xxh64:%s\nstatus: READY" % (
        model(), R.randint(1, 60), hx(32), R.randint(1, 400), hx(32), hx(64), hx(16)), "yaml")


def nb_emb_b64():
    vec = b"".join(struct.pack("<f", R.gauss(0, 0.1)) for _ in range(R.randint(8, 16)))
    return "pinecone upsert payload, embedding sent as packed float32:\n" + fenced(json.dumps({"id": "doc#%s#%d" % (hx(10), R.randint(0, 99)), "values_b64": b64(vec), "metadata": {"source": ch(DATASETS)}}), "json")


def nb_hfcache():
    return fenced("$ ls ~/.cache/huggingface/hub/models--lumenfold--%s/snapshots/\n%s\n%s\n$ cat ~/.cache/huggingface/hub/models--lumenfold--%s/refs/main\n%s" % ((model(), hx(40), hx(40)) + (model(), hx(40))), "console")


def nb_traceparent():
    return fenced("%s INFO mlgw request_id=%s traceparent=00-%s-%s-01 model=%s latency_ms=%d" % (ts_iso(), uuid7(), hx(32), hx(16), model(), R.randint(20, 900)), "text")


def nb_sops():
    return fenced("wandb_api_key: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n  kms:\n  - arn: arn:aws:kms:eu-west-3:123456789012:key/%s\n  lastmodified: \"%sT10:00:00Z\"\n  mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (
        b64(rb(30)), b64(rb(32)), b64(rb(16)), uuid4(), day(), b64(rb(48)), b64(rb(32)), b64(rb(16))), "yaml")


def nb_cursor():
    c = b64(json.dumps({"offset": R.randint(100, 5000), "experiment_ids": [str(R.randint(1, 400))]}).encode())
    return "`MlflowClient.search_runs` keeps returning the same page, next_page_token=`%s` every time" % c


def nb_gpu_uuid():
    return fenced("$ nvidia-smi -L\n" + "\n".join("GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%s)" % (i, uuid4()) for i in range(R.randint(2, 8))), "console")


def nb_buildkit():
    return fenced("#%d [trainer 4/9] RUN pip install -r requirements.lock\n#%d CACHED\n#%d exporting layers %.1fs done\n#%d writing image sha256:%s done\n#%d naming to ghcr.io/lumenfold/trainer:dev" % (
        R.randint(5, 9), R.randint(5, 9), R.randint(10, 14), R.uniform(1, 40), R.randint(10, 14), hx(64), R.randint(10, 14)), "text")


def nb_torchhub():
    h = hx(8)
    return "the checkpoint name `resnet50-%s.pth` has the sha256 prefix baked in, `check_hash=True` compares against it; full digest `%s`" % (h, h + hx(56))


def nb_wds():
    return fenced("\n".join("%s/%06d.tar  xxh3=%s  blake3=%s" % (ch(DATASETS), R.randint(0, 9999), hx(16), hx(64)) for _ in range(R.randint(3, 6))), "text")


def nb_zh_fr():
    return ch(["模型注册表里 v%d 的 sha256 是 `%s`，和 S3 上的文件对得上。" % (R.randint(1, 40), hx(64)),
               "Le run MLflow `%s` a écrasé l'artefact, l'ancien digest était `sha256:%s`." % (hx(32), hx(64)),
               "रन `%s` का checkpoint hash `%s` मैच नहीं हो रहा।" % (wandb_id(), hx(40))])


NB = [nb_mlflow_runs, nb_wandb, nb_hfrev, nb_lfs, nb_manifest, nb_sha256sum, nb_docker, nb_ray, nb_k8s_uid, nb_dvc, nb_pip, nb_vectordb,
      nb_registry, nb_emb_b64, nb_hfcache, nb_traceparent, nb_sops, nb_cursor, nb_gpu_uuid, nb_buildkit, nb_torchhub, nb_wds, nb_zh_fr]

# ---------------------------------------------------------------- pii_lookalike_number
def pl_squeue():
    lines = ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)"]
    for _ in range(R.randint(3, 7)):
        lines.append("%18d %9s %8s %8s %2s %10s %6d %s" % (R.randint(4000000, 9999999), ch(["gpu-h100", "gpu-a100", "cpu"]), ch(["sft", "dpo", "eval", "tok"]) + str(R.randint(1, 9)),
                                                       ch(SVCS)[:8], ch(["R", "PD", "R"]), "%d-%02d:%02d:%02d" % (R.randint(0, 3), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59)),
                                                       R.randint(1, 16), "gpu-a[%03d-%03d]" % (R.randint(1, 10), R.randint(11, 39))))
    return fenced("$ squeue -p gpu-h100,gpu-a100\n" + "\n".join(lines), "console")


def pl_sacct():
    j = R.randint(4000000, 9999999)
    return fenced("$ sacct -j %d --format=JobID,Elapsed,MaxRSS,AllocTRES%%40\nJobID           Elapsed     MaxRSS                                AllocTRES\n%d         %02d:%02d:%02d             billing=%d,cpu=%d,gres/gpu=%d,mem=%dG\n%d.batch   %02d:%02d:%02d  %dK" % (
        j, j, R.randint(0, 72), R.randint(0, 59), R.randint(0, 59), R.randint(64, 512), R.randint(32, 256), ch([8, 16, 32]), R.randint(256, 2048), j, R.randint(0, 72), R.randint(0, 59), R.randint(0, 59), R.randint(10 ** 6, 10 ** 8)), "console")


def pl_nvsmi():
    return fenced("| NVIDIA-SMI 550.%d.%02d             Driver Version: 550.%d.%02d     CUDA Version: 12.%d     |\n|   %d  NVIDIA H100 80GB HBM3          On  |   00000000:%02X:00.0 Off |                    0 |\n| N/A   %dC    P0            %dW /  700W |   %dMiB /  81559MiB |     %d%%      Default |" % (
        R.randint(40, 127), R.randint(1, 99), R.randint(40, 127), R.randint(1, 99), R.randint(1, 6), R.randint(0, 7), R.choice([0x18, 0x2A, 0x3B, 0x5D, 0x9A, 0xAB]), R.randint(30, 80), R.randint(70, 690), R.randint(1000, 80000), R.randint(0, 100)), "text")


def pl_nccl():
    ip = "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    n = ch(NODES)
    return fenced("%s:%d:%d [0] NCCL INFO Bootstrap : Using eth0:%s<0>\n%s:%d:%d [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB eth0:%s<0>\n%s:%d:%d [0] NCCL INFO comm 0x%s rank 0 nranks %d cudaDev 0 nvmlDev 0 busId %d000 commId 0x%s - Init COMPLETE" % (
        n, R.randint(1000, 99999), R.randint(1000, 99999), ip, n, R.randint(1000, 99999), R.randint(1000, 99999), ip, n, R.randint(1000, 99999), R.randint(1000, 99999), hx(8), ch([16, 32, 64]), R.randint(1, 9) * 10 + 8, hx(16)), "text")


def pl_trainlog():
    lines = []
    s = R.randint(1000, 50000)
    for _ in range(R.randint(3, 6)):
        s += 50
        lines.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.2e, 'epoch': %.2f, 'step': %d, 'tokens_seen': %d, 'ts_ms': %d}" % (
            R.uniform(0.8, 2.5), R.uniform(0.1, 3), R.uniform(1e-6, 3e-4), R.uniform(0, 3), s, s * 4096 * 256, epoch() * 1000 + R.randint(0, 999)))
    return fenced("\n".join(lines), "text")


def pl_params():
    a = R.randint(10 ** 9, 8 * 10 ** 9)
    b = R.randint(10 ** 6, 9 * 10 ** 7)
    return "trainable params: {:,} || all params: {:,} || trainable%: {:.4f}".format(b, a, 100 * b / a)


def pl_evaltable():
    rows = ["| model | MMLU | GSM8K | C-Eval | IndicQA | date |", "|---|---:|---:|---:|---:|---|"]
    for _ in range(R.randint(2, 5)):
        rows.append("| %s v%d | %.1f | %.1f | %.1f | %.1f | %s |" % (model(), R.randint(1, 30), R.uniform(40, 80), R.uniform(20, 85), R.uniform(30, 80), R.uniform(20, 70), day()))
    return "\n".join(rows)


def pl_rows_fr():
    return "Le jeu `%s` fait %s lignes après déduplication (%s octets), contre %s avant." % (ch(DATASETS), "{:,}".format(R.randint(10 ** 6, 9 * 10 ** 7)).replace(",", " "),
                                                                                         "{:,}".format(R.randint(10 ** 9, 9 * 10 ** 11)).replace(",", " "), "{:,}".format(R.randint(10 ** 7, 9 * 10 ** 7)).replace(",", " "))


def indian(n):
    s = str(n)
    head, tail = s[:-3], s[-3:]
    parts = []
    while len(head) > 2:
        parts.insert(0, head[-2:])
        head = head[:-2]
    if head:
        parts.insert(0, head)
    return ",".join(parts + [tail]) if parts else tail


def pl_hi_rows():
    return "`%s` डेटासेट में अब %s पंक्तियाँ हैं और GPU का खर्च ₹%s रहा (बजट ₹%s)।" % (ch(DATASETS), indian(R.randint(10 ** 6, 9 * 10 ** 8)), indian(R.randint(10 ** 5, 9 * 10 ** 6)), indian(R.randint(10 ** 6, 9 * 10 ** 7)))


def pl_zh_cost():
    return "%d年%d月%d日 %02d:%02d 的训练任务 %d 用了 %d 个 GPU 小时，费用约 ¥%s，工单号 MLP-%d。" % (
        2025, R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(4000000, 9999999), R.randint(100, 9000), "{:,.2f}".format(R.uniform(1000, 99999)), R.randint(1000, 9999))


def pl_arn():
    return fenced("arn:aws:sagemaker:%s:123456789012:training-job/%s-%s\narn:aws:s3:::lf-datasets-123456789012/%s/" % (
        ch(["us-east-1", "eu-west-3", "ap-south-1"]), model(), "2025-%02d-%02d-%02d-%02d-%02d-%03d" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999)), ch(DATASETS)), "text")


def pl_k8s_net():
    return fenced("podCIDR: 10.244.%d.0/24\nclusterIP: 10.96.%d.%d\nnodePort: %d\nhostIP: %s\nresourceVersion: \"%d\"" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254), R.randint(30000, 32767), priv_ip(), R.randint(10 ** 7, 9 * 10 ** 7)), "yaml")


def pl_token_ids():
    ids = [ch([128000, 1, 2, 151643])] + [R.randint(5, 128000) for _ in range(R.randint(10, 24))]
    return "`tok.encode(\"%s\")` →\n%s" % (ch(["Mon numéro de commande est 4821", "我的订单号是 4821", "मेरा ऑर्डर नंबर 4821 है", "my order id is 4821"]), ids)


def pl_slack_ts():
    return "the alert thread is ts `%d.%06d` in #ml-oncall, the follow-up `%d.%06d`; the job started at epoch %d and died at %d" % (epoch(), R.randint(0, 999999), epoch(), R.randint(0, 999999), epoch(), epoch())


def pl_versions():
    return fenced("torch==2.%d.%d+cu12%d\ntransformers==4.%d.%d\nvllm==0.%d.%d\nnvidia-nccl-cu12==2.%d.%d\nflash-attn==2.%d.%d\nray[default]==2.%d.%d\ndeepspeed==0.%d.%d" % tuple(R.randint(0, 60) for _ in range(15)), "text")


def pl_tickets():
    return "related: MLP-%d, INC%07d, CVE-2024-%d (llama-cpp-python template injection), GHSA-%s-%s-%s, and the vendor case #%d" % (
        R.randint(1000, 9999), R.randint(10 ** 5, 10 ** 6), R.randint(10000, 49999), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), rs("23456789cfghjmpqrvwx", 4), R.randint(10 ** 7, 9 * 10 ** 7))


def pl_raystatus():
    return fenced("======== Autoscaler status: %s ========\nNode status\n---------------------------------------------------------------\nActive:\n %d node_%s\n %d node_%s\n"
                  "Resources\n---------------------------------------------------------------\nUsage:\n %.1f/%.1f CPU\n %.1f/%.1f GPU\n %.2fGiB/%.2fGiB memory\n %.2fGiB/%.2fGiB object_store_memory" % (
                      day() + " 10:%02d:%02d.%06d" % (R.randint(0, 59), R.randint(0, 59), R.randint(0, 999999)), 1, hx(56), R.randint(1, 8), hx(56),
                      R.randint(0, 256), 256.0, R.randint(0, 16), 16.0, R.uniform(10, 900), 1024.0, R.uniform(1, 200), 300.0), "text")


def pl_rfc5737():
    return fenced("# inference gateway allowlist (doc example)\nallow 203.0.113.%d/32   # partner A egress\nallow 198.51.100.0/24  # partner B\nallow 192.0.2.%d\ndeny  0.0.0.0/0\nlisten 10.%d.%d.%d:%d" % (
        R.randint(1, 254), R.randint(1, 254), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254), ch([8000, 8443, 9000])), "text")


def pl_gpuhours_csv():
    lines = ["team,project_number,job_id,gpu_hours,start_epoch,cost_eur"]
    for _ in range(R.randint(15, 28)):
        lines.append("%s,%d,%d,%.1f,%d,%s" % (proj(), R.randint(10 ** 11, 9 * 10 ** 11), R.randint(4000000, 9999999), R.uniform(1, 4000), epoch(), "%.2f" % R.uniform(10, 20000)))
    return "monthly export:\n" + fenced("\n".join(lines), "csv")


def pl_cuda_addr():
    return fenced("RuntimeError: CUDA error: an illegal memory access was encountered\nCompute Sanitizer: Invalid __global__ read of size 16 bytes at 0x%s in flash_fwd_kernel\n    by thread (%d,0,0) in block (%d,%d,0)\n    Address 0x7f%s is out of bounds" % (
        hx(4) + "0", R.randint(0, 127), R.randint(0, 200), R.randint(0, 31), hx(10)), "text")


def pl_entity():
    return "online store p99 spiked to %d ms for entity `customer_id=%d` (and `merchant_id=%d`), 1 %03d %03d lookups/min at peak, cache hit %.1f %%" % (
        R.randint(20, 400), R.randint(10 ** 6, 9 * 10 ** 7), R.randint(10 ** 4, 9 * 10 ** 5), R.randint(0, 999), R.randint(0, 999), R.uniform(60, 99))


def pl_seeds():
    return fenced("seed: %d\ndata_seed: %d\nglobal_step: %d\nsamples_seen: %d\nrng_state_sha: %s\nmax_position_embeddings: %d\nrope_theta: %d" % (
        R.randint(0, 99999), R.randint(0, 2 ** 31), R.randint(10 ** 4, 10 ** 6), R.randint(10 ** 6, 10 ** 9), hx(12), ch([4096, 8192, 32768, 131072]), ch([10000, 500000, 1000000])), "yaml")


PL = [pl_squeue, pl_sacct, pl_nvsmi, pl_nccl, pl_trainlog, pl_params, pl_evaltable, pl_rows_fr, pl_hi_rows, pl_zh_cost, pl_arn, pl_k8s_net,
      pl_token_ids, pl_slack_ts, pl_versions, pl_tickets, pl_raystatus, pl_rfc5737, pl_gpuhours_csv, pl_cuda_addr, pl_entity, pl_seeds]

# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": [
        "who rotated the W&B service key last night? every nightly eval job 401'd after 02:00",
        "reminder: never paste HF tokens into notebook cells, mount the `hf-token` secret instead",
        "the leaked OpenAI key from the demo notebook is revoked, billing shows no abuse",
        "gitleaks flagged a private key in the LFS history, it was a test fixture but we purged it anyway",
        "the dataset PII filter drops emails, phone numbers and IBAN-like spans before tokenization",
        "please don't DM passwords, put them in Vault and send the path",
        "Slack bot token for the alert bot was reset after the workspace migration",
        "do we scrub card numbers from the receipts-ocr dataset or only mask them in the UI?",
        "the Ray dashboard has no auth by default, keep it behind the port-forward",
        "rotation for the MLflow DB password is quarterly now, the ESO picks it up in an hour",
        "someone committed a .netrc with the wandb key, the pre-commit hook now blocks it",
        "SSNs showed up in the call-center transcripts, the ASR team is re-running the redaction pass",
        "new rule: service accounts only, no personal GitHub PATs in CI",
        "the JWTs from the gateway expire after 15 minutes, if your job runs longer refresh them",
    ],
    "fr": [
        "On a retrouvé une clé OpenAI dans l'historique d'un notebook, elle est révoquée. Pensez à vider les sorties avant de committer.",
        "Rappel : aucun mot de passe dans Slack, passez par Vault.",
        "Le jeton Hugging Face de l'équipe a été renouvelé, mettez à jour vos secrets Kubernetes.",
        "Les numéros de téléphone et les IBAN sont masqués dans le jeu support-tickets avant l'entraînement.",
        "La clé privée du bastion GPU a fuité dans une image Docker, on l'a remplacée et l'image est supprimée.",
        "Qui a les droits pour faire tourner la clé AWS du bucket d'artefacts ?",
        "Le scanner de secrets bloque maintenant les tokens GitHub dans les PR.",
    ],
    "zh": [
        "有人把 AWS 密钥提交到了 notebook 输出里，已经吊销并轮换了，请大家用 Vault。",
        "提醒：不要在 Slack 里发密码或 API key。",
        "数据集清洗会去掉邮箱、手机号和银行卡号，再做分词。",
        "W&B 的服务账号 key 昨晚轮换了，夜间评测任务需要重启。",
        "训练集群的 SSH 私钥已经更新，旧的已作废。",
        "模型网关的 JWT 有效期是 15 分钟，长任务要自己刷新。",
        "密钥扫描在 LFS 历史里发现了一个测试用私钥，已清理。",
    ],
    "hi": [
        "कृपया Slack में पासवर्ड या API key कभी पेस्ट न करें; Vault का इस्तेमाल करें।",
        "W&B की service key कल रात बदली गई, nightly eval jobs दोबारा चलाएँ।",
        "डेटासेट से ईमेल, फ़ोन नंबर और कार्ड नंबर टोकनाइज़ेशन से पहले हटा दिए जाते हैं।",
        "notebook आउटपुट में एक OpenAI key मिली थी, उसे revoke कर दिया गया है।",
        "GitHub PAT की जगह अब CI में सिर्फ़ service account चलेगा।",
        "कॉल-सेंटर ट्रांसक्रिप्ट में SSN दिखे, redaction दोबारा चल रहा है।",
    ],
}


def talk_sentences(k):
    out = []
    for _ in range(k):
        lang = ch(["en", "en", "fr", "zh", "hi"])
        out.append(ch(TALK[lang]))
    return out


def ta_plain():
    return " ".join(talk_sentences(R.randint(1, 2)))


def ta_bullets():
    return ch(["security sync notes:", "notes de la réunion sécurité :", "安全周会纪要：", "सिक्योरिटी मीटिंग नोट्स:"]) + "\n" + "\n".join("- " + s for s in talk_sentences(R.randint(2, 5)))


def ta_incident():
    return ("**Incident %s — %s**\n*Impact:* %s\n*Root cause:* %s\n*Follow-ups:* %s" % (
        "MLP-INC-%d" % R.randint(10, 400), ch(["leaked token in notebook output", "clé exposée dans une image", "密钥泄露", "API key लीक"]),
        ch(["none observed, key revoked within %d min" % R.randint(3, 50), "nightly evals failed for %d h" % R.randint(1, 9)]),
        ch(TALK["en"]), ch(TALK[ch(["fr", "zh", "hi"])])))


def ta_qa():
    return ch(["Q: where do I get the HF token for the cluster?\nA: you don't, the pods mount it. If you need one locally, request a read-only fine-grained token through the portal.",
               "Q : où est le mot de passe de la base MLflow ?\nR : dans Vault, `secret/ml/mlflow/db`. Ne le copiez pas dans vos notebooks.",
               "问：W&B 的 API key 在哪里？\n答：集群上已经通过 Secret 注入了，本地请自己在 wandb.ai 生成个人 key。",
               "प्रश्न: OpenAI key कहाँ से मिलेगी?\nउत्तर: gateway के ज़रिए चलाइए, सीधी key किसी को नहीं दी जाती।"]) + ("\n" + " ".join(talk_sentences(R.randint(1, 2))) if R.random() < 0.7 else "")


def ta_regex():
    return ch(["for the scanner: slack bot tokens start with `xoxb-`, user tokens `xoxp-`, classic GitHub PATs `ghp_` with a CRC32 tail; we should match prefixes, not entropy alone.",
               "the card regex alone is useless, you need the Luhn check or every 16-digit step counter lights up",
               "IBAN detection needs the mod-97 check, otherwise every shard id starting with two letters matches",
               "le filtre PII confond les numéros de job Slurm avec des numéros de téléphone, il faut ajouter le contexte",
               "手机号正则会把 token id 序列误判成电话号码，需要结合上下文。", "फ़ोन नंबर का regex Slurm job id को भी पकड़ लेता है।"]) + " " + ch(["", "thoughts?", "MLP-%d" % R.randint(1000, 9999), ch(TALK[ch(["en", "fr", "zh", "hi"])])])


def ta_runbook():
    steps = ["revoke the key at the provider", "rotate it in Vault", "restart the ExternalSecret sync", "purge notebook outputs from the repo", "check the provider audit log", "post in #sec-incidents"]
    R.shuffle(steps)
    return "leak runbook (short version):\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(steps[:R.randint(3, 6)]))


def ta_error():
    return fenced(ch(["Error: secret \"hf-token\" not found in namespace \"training\"", "ExternalSecret wandb: could not get secret data from provider: permission denied",
                      "wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key])",
                      "huggingface_hub.errors.GatedRepoError: 401 Client Error. Cannot access gated repo lumenfold/%s, make sure your token has access." % model()]), "text") + "\n" + " ".join(talk_sentences(R.randint(1, 2)))


def ta_review():
    return "PR review: %s %s" % (ch(["please move the token read out of `train.py` into the secrets helper.", "this logs the whole env dict, which includes the W&B key, drop it.",
                                      "ne loggez pas la config complète, elle contient le mot de passe de la base.", "这里会把 Authorization 头打到日志里，删掉。", "यहाँ पूरा env लॉग हो रहा है, उसमें API key भी है।"]), ch(["", "otherwise lgtm", "👍", "(`%s:%d`)" % (ch(["train.py", "callbacks.py", "serve/app.py", "notebooks/eval.ipynb"]), R.randint(10, 600))]))


def ta_policy():
    return ch(["Dataset policy v%d: no raw emails, phone numbers, card numbers, IBANs or national ids in any training shard; the manifest must list the scrubber version." % R.randint(2, 9),
               "Politique données v%d : aucune adresse e-mail, aucun numéro de téléphone ni IBAN dans les shards d'entraînement." % R.randint(2, 9),
               "数据规范 v%d：训练数据中不得包含邮箱、手机号、银行卡号和身份证号。" % R.randint(2, 9),
               "डेटा नीति v%d: ट्रेनिंग डेटा में ईमेल, फ़ोन नंबर, कार्ड नंबर या आधार नंबर नहीं होने चाहिए।" % R.randint(2, 9)]) + " " + ch(["", " ".join(talk_sentences(R.randint(1, 2)))])


def ta_standup():
    return "%s: %s" % (ch(["standup", "point du jour", "站会", "स्टैंडअप"]), "; ".join(talk_sentences(R.randint(1, 3))))


TA = [ta_plain, ta_bullets, ta_incident, ta_qa, ta_regex, ta_runbook, ta_error, ta_review, ta_policy, ta_standup]

NEG_CATS = [("data_uri_base64", DU), ("placeholder_example", PH), ("code_identifier", CI), ("non_credential_blob", NB),
            ("pii_lookalike_number", PL), ("talk_about_secrets", TA)]

# ============================================================================= scanner
PLACEHOLDER_PW = {"password", "mlflow", "minioadmin", "admin", "guest", "changeme", "root", "postgres", "secret", "pass"}
RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{30,}"),
    "slack": re.compile(r"xox[abposr]-\d+-"),
    "sk": re.compile(r"sk-(?:proj-|svcacct-|ant-api03-|ant-)?[A-Za-z0-9_\-]{32,}"),
    "hf": re.compile(r"hf_[A-Za-z0-9]{30,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*"),
    "ssn": re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*(?:\\n)?[A-Za-z0-9+/]{40,}"),
    "aws": re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])"),
    "digits": re.compile(r"(?<!\w)\d(?:[ -]?\d){12,18}(?!\w)"),
    "iban": re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}\b"),
    "ipv4": re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)"),
    "urlcred": re.compile(r"[a-z][a-z0-9+.-]*://([^\s:/@<>]+):([^\s@/]+)@"),
    "phone_intl": re.compile(r"\+(?:1|33|44|49|86|91)[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,5}){2,4}"),
    "phone_fr": re.compile(r"(?<!\w)0[1-9](?:[ .]?\d{2}){4}(?!\w)"),
    "phone_cn": re.compile(r"(?<!\w)1[3-9]\d[ -]?\d{4}[ -]?\d{4}(?!\w)"),
    "phone_in": re.compile(r"(?<!\w)[6-9]\d{4}[ -]?\d{5}(?!\w)"),
}


def public_ip(s):
    try:
        a = ipaddress.ip_address(s)
    except ValueError:
        return False
    return a.is_global and not a.is_multicast


def scan(t):
    hits = []
    for k in ("email", "github", "slack", "sk", "jwt", "ssn", "pem", "phone_intl", "phone_fr", "phone_cn", "phone_in"):
        for m in RX[k].finditer(t):
            hits.append((k, m.group(0)))
    for m in RX["hf"].finditer(t):
        if set(m.group(0)[3:]) - set("xX*"):
            hits.append(("hf", m.group(0)))
    for m in RX["aws"].finditer(t):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws", m.group(0)))
    for m in RX["digits"].finditer(t):
        if luhn_ok(m.group(0)):
            hits.append(("luhn", m.group(0)))
    for m in RX["iban"].finditer(t):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in RX["ipv4"].finditer(t):
        if public_ip(m.group(0)):
            hits.append(("public_ipv4", m.group(0)))
    for m in RX["urlcred"].finditer(t):
        pw = m.group(2)
        if not (pw in PLACEHOLDER_PW or any(c in pw for c in "<>{}$*") or "xxx" in pw.lower() or "..." in pw or "…" in pw):
            hits.append(("url_credentials", pw))
    return hits


# ============================================================================= build negatives
def build_negatives():
    recs, seen = [], set()
    stats = {}
    for cat, temps in NEG_CATS:
        order = [temps[i % len(temps)] for i in range(100)]
        R.shuffle(order)
        redraws = 0
        for fn in order:
            for attempt in range(300):
                t = lead_tail(fn()).rstrip()
                if t not in seen and not scan(t):
                    break
                redraws += 1
            else:
                raise SystemExit("template %s cannot produce a clean text" % fn.__name__)
            seen.add(t)
            recs.append({"text": t, "category": cat})
        stats[cat] = (len(temps), redraws)
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]})
    return out, stats


# ============================================================================= POSITIVES: value makers
FIRST = ["priya", "arjun", "ananya", "rohan", "wei", "li", "xiaoming", "jing", "camille", "julien", "margaux", "thomas", "olivia", "marcus", "neha", "kavya"]
LAST = ["nair", "sharma", "iyer", "gupta", "zhang", "chen", "wang", "liu", "dubois", "moreau", "lefevre", "girard", "bennett", "okafor", "reddy", "menon"]
DOMAINS = ["lumenfold.ai", "lumenfold.fr", "gpu-broker.io", "annotate-partners.in", "datalabel.cn", "mail-hebergeur.fr"]


def v_email():
    f, l = ch(FIRST), ch(LAST)
    local = ch(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s%d" % (f, l, R.randint(1, 99)), f])
    return "%s@%s" % (local, ch(DOMAINS))


def v_phone():
    k = ch(["fr", "fr_intl", "cn", "cn_intl", "in", "in_intl", "us"])
    if k == "fr":
        return "0%d %02d %02d %02d %02d" % (ch([6, 7]), R.randint(10, 99), R.randint(0, 99), R.randint(0, 99), R.randint(0, 99))
    if k == "fr_intl":
        return "+33 %d %02d %02d %02d %02d" % (ch([6, 7, 1]), R.randint(10, 99), R.randint(0, 99), R.randint(0, 99), R.randint(0, 99))
    if k == "cn":
        return "%s %04d %04d" % (ch(["138", "139", "186", "159", "177", "135"]), R.randint(0, 9999), R.randint(0, 9999))
    if k == "cn_intl":
        return "+86 %s-%04d-%04d" % (ch(["138", "139", "186", "159", "177", "135"]), R.randint(0, 9999), R.randint(0, 9999))
    if k == "in":
        return "0%d%04d %05d" % (ch([9, 8, 7]), R.randint(1000, 9999), R.randint(0, 99999))
    if k == "in_intl":
        return "+91 %d%04d %05d" % (ch([9, 8, 7, 6]), R.randint(1000, 9999), R.randint(0, 99999))
    return "+1 (%d%d%d) %d%02d-%04d" % (R.randint(2, 9), R.randint(0, 9), R.randint(0, 9), R.randint(2, 9), R.randint(0, 99), R.randint(0, 9999))


def v_card():
    k = ch(["visa", "mc", "amex", "visa", "mc"])
    if k == "visa":
        n = luhn_complete("4", 16)
    elif k == "mc":
        n = luhn_complete(str(R.randint(51, 55)), 16)
    else:
        n = luhn_complete(ch(["34", "37"]), 15)
    f = ch(["plain", "space", "dash"])
    if len(n) == 15:
        g = [n[:4], n[4:10], n[10:]]
    else:
        g = [n[i:i + 4] for i in range(0, 16, 4)]
    return n if f == "plain" else (" " if f == "space" else "-").join(g)


def fr_rib_key(bank, branch, acct):
    return 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)


def v_iban():
    k = ch(["FR", "FR", "DE", "GB", "NL", "ES", "BE"])
    if k == "FR":
        bank, br, ac = "%05d" % R.randint(10000, 30000), "%05d" % R.randint(0, 99999), "%011d" % R.randint(0, 10 ** 11 - 1)
        ib = iban_make("FR", bank + br + ac + "%02d" % fr_rib_key(bank, br, ac))
    elif k == "DE":
        ib = iban_make("DE", "%08d" % R.randint(10000000, 89999999) + "%010d" % R.randint(0, 10 ** 10 - 1))
    elif k == "GB":
        ib = iban_make("GB", ch(["NWBK", "BARC", "LOYD", "HBUK"]) + "%06d" % R.randint(0, 999999) + "%08d" % R.randint(0, 10 ** 8 - 1))
    elif k == "NL":
        ib = iban_make("NL", ch(["ABNA", "INGB", "RABO"]) + "%010d" % R.randint(0, 10 ** 10 - 1))
    elif k == "ES":
        ib = iban_make("ES", "%020d" % R.randint(0, 10 ** 20 - 1))
    else:
        b = "%03d%07d" % (R.randint(0, 999), R.randint(0, 10 ** 7 - 1))
        c = int(b) % 97 or 97
        ib = iban_make("BE", b + "%02d" % c)
    assert iban_ok(ib)
    return ib if R.random() < 0.4 else group4(ib)


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    s = "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))
    return s


def v_ip():
    while True:
        s = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if public_ip(s):
            return s


def v_akia():
    return ch(["AKIA", "AKIA", "ASIA"]) + rs(UP32, 16)


def v_awssecret():
    return rs(B62 + "+/", 40)


def crc_b62(s):
    c = zlib.crc32(s.encode()) & 0xffffffff
    out = ""
    while c:
        c, r = divmod(c, 62)
        out = B62[r] + out
    return out.rjust(6, "0")


def v_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + crc_b62(body)


def v_ghfg():
    return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 9) + "0" + rs(B62, 10) + "_" + rs(B62, 59)


def v_xoxb():
    return "xoxb-%s-%s-%s" % (digits(R.choice([11, 12, 13])), digits(13), rs(B62, 24))


def v_xoxp():
    return "xoxp-%s-%s-%s-%s" % (digits(R.choice([11, 12])), digits(R.choice([11, 12, 13])), digits(13), hx(32))


def v_openai():
    k = ch(["proj", "proj", "legacy", "svc"])
    if k == "proj":
        return "sk-proj-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)
    if k == "legacy":
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def v_jwt():
    if R.random() < 0.5:
        h = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(rb(32))
    else:
        h = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
        sig = b64u(rb(256))
    now = epoch()
    p = ch([{"sub": "svc-" + proj(), "aud": "mlgw", "iss": "https://auth.lumenfold.ai", "iat": now, "exp": now + 900, "scope": "models:invoke"},
            {"sub": ch(SVCS), "name": "notebook-session", "jti": uuid4(), "iat": now, "exp": now + 3600},
            {"iss": "ray-dashboard", "sub": "ops", "iat": now, "exp": now + 86400, "role": "admin"},
            {"hub": "jupyterhub", "user": "user-%d" % R.randint(100, 999), "iat": now, "exp": now + 7200}])
    return b64u(json.dumps(h, separators=(",", ":")).encode()) + "." + b64u(json.dumps(p, separators=(",", ":")).encode()) + "." + sig


PW_WORDS = ["Lumen", "Hopper", "Tensor", "Kestrel", "Orca", "Mistral", "Falcon", "Ganesh", "Paris", "Shanghai", "Mumbai", "Nimbus"]


def v_password():
    k = R.randrange(4)
    if k == 0:
        return "%s%s%d%s" % (ch(PW_WORDS), ch(PW_WORDS), R.randint(10, 9999), ch("!#%&*?@"))
    if k == 1:
        return rs(B62 + "!#%^*-_", R.randint(14, 24))
    if k == 2:
        return "%s-%s-%s-%d" % (ch(["correct", "violet", "batterie", "cheval", "tiger", "mango"]), ch(["horse", "lampe", "river", "chai", "jade"]), ch(["staple", "nuage", "ember", "saffron"]), R.randint(10, 99))
    return ch(PW_WORDS) + "@" + str(R.randint(2020, 2026)) + rs(B62, 4)


PEM_NAMES = sorted(KEYS)


def pem_body(pem):
    lines = pem.strip().splitlines()
    return "\n".join(lines[1:-1])


# ============================================================================= POSITIVES: templates
def P(text, secrets, ctx):
    return {"text": text, "secrets": secrets, "context": ctx}


def s(kind, value):
    return {"kind": kind, "value": value}


def pos_single(kind, i):
    t = i % 5
    if kind == "aws_access_key_id":
        v = v_akia()
        tx = [lambda: "%s ERROR botocore AccessDenied for key id %s on s3://lf-mlflow-artifacts/%d/" % (ts_iso(), v, R.randint(1, 400)),
              lambda: "le job SageMaker tourne avec `AWS_ACCESS_KEY_ID=%s`, c'est normal ?" % v,
              lambda: fenced("aws configure list\n      Name                    Value             Type    Location\n access_key     %s shared-credentials-file" % v, "console"),
              lambda: "CloudTrail 显示 %s 在凌晨 3 点列出了所有训练数据桶。" % v,
              lambda: "यह access key `%s` किसकी है? ray cluster से इस्तेमाल हो रही है।" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "aws_secret_access_key":
        v = v_awssecret()
        tx = [lambda: fenced("# ~/.aws/credentials on gpu-a%03d\n[lf-artifacts]\naws_secret_access_key = %s" % (R.randint(1, 39), v), "ini"),
              lambda: "env du pod trainer : `AWS_SECRET_ACCESS_KEY=%s` (à retirer du manifest)" % v,
              lambda: fenced("storage:\n  s3:\n    bucket: lf-datasets\n    secret_key: \"%s\"" % v, "yaml"),
              lambda: "DVC remote 配置里直接写了 secret_access_key = %s ，请改用 IAM role。" % v,
              lambda: "MinIO gateway का secret key `%s` है, eval bucket के लिए।" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "github_classic_pat":
        v = v_ghp()
        tx = [lambda: "use my PAT to pull the eval-harness submodule for now: %s (expires Friday)" % v,
              lambda: fenced("git clone https://%s@github.com/lumenfold/eval-harness.git" % v, "bash"),
              lambda: fenced("- name: checkout private datasets repo\n  uses: actions/checkout@v4\n  with:\n    repository: lumenfold/datasets\n    token: %s" % v, "yaml"),
              lambda: "J'ai mis `GITHUB_TOKEN=%s` dans le .env du notebook partagé, désolé." % v,
              lambda: "CI 里用的 token 是 %s ，明天换成 deploy key。" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "github_fine_grained_pat":
        v = v_ghfg()
        tx = [lambda: "fine-grained token for the model-cards repo (contents: write): %s" % v,
              lambda: fenced("export GH_TOKEN=%s\ngh release create v%d.%d --notes-file CARD.md" % (v, R.randint(0, 3), R.randint(0, 20)), "bash"),
              lambda: "Le token GitHub du bot de release : %s" % v,
              lambda: "模型卡仓库的细粒度 token：%s" % v,
              lambda: "release bot का GitHub token: %s" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "slack_bot_token":
        v = v_xoxb()
        tx = [lambda: fenced("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#ml-train-alerts" % v, "bash"),
              lambda: fenced("from slack_sdk import WebClient\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#ml-oncall\", text=f\"job {job_id} OOM\")" % v, "python"),
              lambda: "le bot d'alertes GPU utilise %s, qui l'a créé ?" % v,
              lambda: "训练告警机器人的 token 是 %s" % v,
              lambda: fenced("alerts:\n  slack:\n    token: %s" % v, "yaml")][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "slack_user_token":
        v = v_xoxp()
        tx = [lambda: "I exported the #ml-platform history with my user token %s, will revoke after" % v,
              lambda: fenced("curl -s -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C0%s" % (v, rs(UP32, 8)), "bash"),
              lambda: "Pour le script d'archivage j'ai pris mon token perso : %s" % v,
              lambda: "导出频道记录用的是我的 user token：%s" % v,
              lambda: "archive script मेरे user token से चल रहा है: %s" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "openai_api_key":
        v = v_openai()
        tx = [lambda: fenced("import os\nos.environ[\"OPENAI_API_KEY\"] = \"%s\"\nclient = OpenAI()" % v, "python"),
              lambda: "judge model for the eval harness runs on %s, billed to the eval project" % v,
              lambda: "La clé OpenAI du LLM-as-a-judge : %s" % v,
              lambda: fenced("judge:\n  provider: openai\n  model: gpt-4o-mini\n  api_key: %s" % v, "yaml"),
              lambda: "评测用的 OpenAI key：%s ，不要外传。" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "anthropic_api_key":
        v = v_anthropic()
        tx = [lambda: "ANTHROPIC_API_KEY=%s" % v,
              lambda: fenced("client = anthropic.Anthropic(api_key=\"%s\")" % v, "python"),
              lambda: "clé pour le pipeline de synthèse de données : %s" % v,
              lambda: "合成数据管线用的 Anthropic key：%s" % v,
              lambda: "synthetic data job की Anthropic key: %s" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "jwt":
        v = v_jwt()
        tx = [lambda: fenced("curl -H \"Authorization: Bearer %s\" https://mlgw.internal.lumenfold.ai/v1/chat/completions -d @req.json" % v, "bash"),
              lambda: "%s WARN mlgw rejected token=%s reason=aud_mismatch" % (ts_iso(), v),
              lambda: "le cookie de session JupyterHub qui traîne dans le HAR : %s" % v,
              lambda: "Ray dashboard 的登录 token：%s" % v,
              lambda: fenced(json.dumps({"access_token": v, "token_type": "Bearer", "expires_in": 900}, indent=1), "json")][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "private_key_pem":
        name = PEM_NAMES[i % len(PEM_NAMES)]
        pem = KEYS[name].strip()
        body = pem_body(pem)
        lay = i % 4 if not name.startswith("rsa") else i % 2
        if lay == 2:
            esc = pem.replace("\n", "\\n")
            tx = fenced(json.dumps({"type": "service_account", "project_id": "lf-ml-%d" % R.randint(100, 999), "private_key_id": hx(40)})[:-1] + ", \"private_key\": \"" + esc + "\\n\"}", "json")
            v = body.replace("\n", "\\n")
        elif lay == 3:
            ind = "    "
            tx = fenced("apiVersion: v1\nkind: Secret\nmetadata:\n  name: bastion-ssh\nstringData:\n  id_key: |\n" + "\n".join(ind + ln for ln in pem.splitlines()), "yaml")
            v = body.replace("\n", "\n" + ind)
        else:
            pre = ch(["deploy key for the GPU bastion, rotate after the migration:", "clé SSH du nœud de login Slurm :", "推理节点的私钥：", "Ray head node की key:"])
            tx = pre + "\n" + fenced(pem, "")
            v = body
        return P(tx, [s(kind, v)], "%s:%s:layout%d" % (kind, name.split(".")[0], lay))
    if kind == "password":
        v = v_password()
        tx = [lambda: "JupyterHub admin password is %s until SSO is back" % v,
              lambda: fenced("MLFLOW_TRACKING_USERNAME=svc-eval\nMLFLOW_TRACKING_PASSWORD=%s" % v, "bash"),
              lambda: "le mot de passe du compte Label Studio partagé : %s" % v,
              lambda: "标注平台的共享账号密码：%s" % v,
              lambda: "Grafana (DCGM dashboard) का पासवर्ड %s है" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "url_credentials":
        v = v_password().replace("@", "#").replace("/", "_").replace("%", "!")
        tx = [lambda: fenced("mlflow server --backend-store-uri postgresql://mlflow_admin:%s@pg-ml.internal:5432/mlflow" % v, "bash"),
              lambda: fenced("online_store:\n  type: redis\n  connection_string: redis://default:%s@fstore-redis.internal:6379/0" % v, "yaml"),
              lambda: "MongoDB des annotations : mongodb+srv://labeler:%s@annot.cluster0.lumenfold.net/tasks" % v,
              lambda: "向量库连接串：http://admin:%s@milvus.internal:19530" % v,
              lambda: fenced("CELERY_BROKER_URL=amqp://eval:%s@rabbit.internal:5672/eval" % v, "bash")][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "phone_number":
        v = v_phone()
        tx = [lambda: "on-call for the GPU cluster this weekend, call me if Slurm dies: %s" % v,
              lambda: "Le support du datacenter : %s (astreinte 24/7)" % v,
              lambda: "机房值班电话：%s" % v,
              lambda: "डेटा-लेबलिंग वेंडर का नंबर: %s" % v,
              lambda: "vendor escalation line for the H100 RMA: %s" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "ipv4_address":
        v = v_ip()
        tx = [lambda: "%s WARN jupyterhub 403 login failures from %s (x%d)" % (ts_iso(), v, R.randint(5, 400)),
              lambda: "the vLLM endpoint is exposed on %s:8000 without auth, please close it" % v,
              lambda: "les poids ont été téléchargés depuis %s, ce n'est pas notre CDN" % v,
              lambda: "外部 GPU 云的入口 IP：%s" % v,
              lambda: fenced("Host lambda-gpu\n  HostName %s\n  User ubuntu" % v, "text")][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "iban":
        v = v_iban()
        tx = [lambda: "annotation vendor invoice, pay to IBAN %s by the 30th" % v,
              lambda: "RIB du prestataire d'annotation : %s" % v,
              lambda: "数据标注供应商的收款账户 IBAN：%s" % v,
              lambda: "यूरोप वाले GPU reseller का IBAN: %s" % v,
              lambda: "| vendor | IBAN |\n|---|---|\n| annotate-partners | %s |" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "credit_card":
        v = v_card()
        tx = [lambda: "put the Lambda GPU reservation on card %s exp %02d/%02d" % (v, R.randint(1, 12), R.randint(26, 30)),
              lambda: "carte pour l'abonnement W&B : %s" % v,
              lambda: "GPU 云账号绑定的卡号：%s" % v,
              lambda: "RunPod credits इस कार्ड से लो: %s" % v,
              lambda: "receipts-ocr eval sample %d leaked a real card in the label: %s" % (R.randint(1, 999), v)][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    if kind == "us_ssn":
        v = v_ssn()
        tx = [lambda: "contractor onboarding for the labeling team, SSN %s for the W-9" % v,
              lambda: "transcript chunk %d still has an SSN after the scrubber: \"my social is %s\"" % (R.randint(1, 9999), v),
              lambda: "le prestataire US a envoyé son SSN %s en clair" % v,
              lambda: "美国外包人员的 SSN：%s" % v,
              lambda: "US contractor का SSN %s है" % v][t]()
        return P(tx, [s(kind, v)], "%s:t%d" % (kind, t))
    raise KeyError(kind)


def pos_pair(name, i):
    if name == "aws":
        a, b = v_akia(), v_awssecret()
        t = i % 3
        tx = [fenced("[lf-train]\naws_access_key_id = %s\naws_secret_access_key = %s" % (a, b), "ini"),
              fenced("env:\n  - name: AWS_ACCESS_KEY_ID\n    value: %s\n  - name: AWS_SECRET_ACCESS_KEY\n    value: %s" % (a, b), "yaml"),
              "pour le bucket d'artefacts MLflow : id `%s`, secret `%s`" % (a, b)][t]
        return P(tx, [s("aws_access_key_id", a), s("aws_secret_access_key", b)], "multi:aws:%d" % t)
    if name == "email_phone":
        e, p = v_email(), v_phone()
        t = i % 4
        tx = ["GPU reseller account manager: %s, %s" % (e, p),
              "Contact chez l'hébergeur : %s / %s" % (e, p),
              "标注团队负责人：%s，电话 %s" % (e, p),
              "वेंडर संपर्क: %s, फ़ोन %s" % (e, p)][t]
        return P(tx, [s("email_address", e), s("phone_number", p)], "multi:email_phone:%d" % t)
    if name == "email_ip":
        e, ip = v_email(), v_ip()
        t = i % 2
        tx = ["%s INFO jupyterhub login user=%s from %s" % (ts_iso(), e, ip),
              "MLflow audit: %s a supprimé l'expérience %d depuis %s" % (e, R.randint(1, 400), ip)][t]
        return P(tx, [s("email_address", e), s("ipv4_address", ip)], "multi:email_ip:%d" % t)
    if name == "iban_phone":
        ib, p = v_iban(), v_phone()
        t = i % 2
        tx = ["annotation vendor banking: IBAN %s, finance contact %s" % (ib, p),
              "Virement au prestataire : IBAN %s, tél. %s" % (ib, p)][t]
        return P(tx, [s("iban", ib), s("phone_number", p)], "multi:iban_phone:%d" % t)
    if name == "card_email":
        c, e = v_card(), v_email()
        t = i % 2
        tx = ["W&B seats billed to %s, receipt goes to %s" % (c, e),
              "GPU 云账单：卡号 %s，发票邮箱 %s" % (c, e)][t]
        return P(tx, [s("credit_card", c), s("email_address", e)], "multi:card_email:%d" % t)
    if name == "ssn_email":
        n, e = v_ssn(), v_email()
        t = i % 2
        tx = ["contractor paperwork: %s, SSN %s" % (e, n),
              "US 外包人员 %s 的 SSN 是 %s" % (e, n)][t]
        return P(tx, [s("email_address", e), s("us_ssn", n)], "multi:ssn_email:%d" % t)
    if name == "pw_ip":
        pw, ip = v_password(), v_ip()
        t = i % 2
        tx = ["temp box for the demo: `ssh ubuntu@%s`, password %s" % (ip, pw),
              "पुराना inference सर्वर %s है, root पासवर्ड %s" % (ip, pw)][t]
        return P(tx, [s("ipv4_address", ip), s("password", pw)], "multi:pw_ip:%d" % t)
    raise KeyError(name)


SINGLE_PLAN = {"aws_access_key_id": 4, "aws_secret_access_key": 4, "phone_number": 4, "ipv4_address": 6, "iban": 7, "credit_card": 7,
               "us_ssn": 7, "password": 8, "github_classic_pat": 9, "github_fine_grained_pat": 9, "slack_bot_token": 9, "slack_user_token": 9,
               "openai_api_key": 9, "anthropic_api_key": 9, "jwt": 10, "private_key_pem": 9, "url_credentials": 10}
PAIR_PLAN = {"aws": 6, "email_phone": 4, "email_ip": 2, "iban_phone": 2, "card_email": 2, "ssn_email": 2, "pw_ip": 2}


def pos_ok(r):
    for sc in r["secrets"]:
        v, k = sc["value"], sc["kind"]
        assert v in r["text"], (k, v)
        if k == "credit_card":
            assert luhn_ok(v) and 13 <= len(re.sub(r"\D", "", v)) <= 19
        elif k == "iban":
            assert iban_ok(v)
        elif k == "us_ssn":
            a, g, n = v.split("-")
            assert a not in ("000", "666") and a[0] != "9" and g != "00" and n != "0000"
        elif k == "ipv4_address":
            assert public_ip(v)
        elif k == "jwt":
            h, p, _ = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif k == "private_key_pem":
            base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
        elif k == "github_classic_pat":
            assert crc_b62(v[4:34]) == v[34:]
        elif k == "email_address":
            assert RX["email"].fullmatch(v)


def build_positives():
    recs = []
    for kind, n in SINGLE_PLAN.items():
        for i in range(n):
            recs.append(lead_tail(None, 0, 0) if False else pos_single(kind, i))
    for name, n in PAIR_PLAN.items():
        for i in range(n):
            recs.append(pos_pair(name, i))
    for r in recs:
        if R.random() < 0.06:
            r["text"] = ch(LEADS[ch(["en", "fr", "zh", "hi"])]) + " " + r["text"]
        pos_ok(r)
    R.shuffle(recs)
    texts = [r["text"] for r in recs]
    assert len(set(texts)) == len(texts)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out


def main():
    negs, stats = build_negatives()
    poss = build_positives()
    # final assertions
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    from collections import Counter
    cc = Counter(r["category"] for r in negs)
    assert set(cc.values()) == {100} and len(cc) == 6, cc
    for r in negs:
        assert not scan(r["text"]), (r["id"], scan(r["text"]))
    kc = Counter(sc["kind"] for r in poss for sc in r["secrets"])
    assert len(poss) == 150 and sum(kc.values()) == 170 and len(kc) == 18 and set(kc.values()) <= {9, 10}, kc
    assert Counter(len(r["secrets"]) for r in poss) == Counter({1: 130, 2: 20})
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    missed = [(r["id"], sc["kind"]) for r in poss for sc in r["secrets"] if not any(sc["value"] in h[1] or h[1] in sc["value"] or (sc["kind"] == "private_key_pem" and h[0] == "pem") for h in scan(r["text"]))]
    print("negatives: %d, per category %s" % (len(negs), dict(cc)))
    print("templates / redraws per category:", stats)
    print("positives: %d texts, %d secrets, per kind %s" % (len(poss), sum(kc.values()), dict(sorted(kc.items()))))
    print("built-in scanner misses %d positives (scanner covers only some kinds): %s" % (len(missed), Counter(k for _, k in missed)))


if __name__ == "__main__":
    main()
