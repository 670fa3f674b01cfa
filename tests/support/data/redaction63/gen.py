#!/usr/bin/env python3
"""Held-out redaction corpus #63: airline maintenance-engineering / crew-ops IT Slack (BR, PT, JP).

Standard library only. The only randomness is random.Random(63 * 101). Two runs give byte-identical files.
Writes redaction63_negatives.jsonl and redaction63_positives.jsonl next to this script.
"""
import base64
import json
import os
import re
import struct
import sys
import zlib
import random

N = 63
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DI = "0123456789"
AL = UP + LO + DI
HEX = "0123456789abcdef"
B64 = AL + "+/"
URLSAFE = AL + "-_"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def ri(a, b):
    return R.randint(a, b)


def ch(seq):
    return R.choice(seq)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


# ----------------------------------------------------------------------------------------------
# theme vocabulary
# ----------------------------------------------------------------------------------------------
ST_BR = ["GRU", "GIG", "BSB", "CNF", "VCP", "REC", "FOR", "POA", "SSA", "CWB", "MAO", "BEL"]
ST_PT = ["LIS", "OPO", "FAO", "FNC", "PDL"]
ST_JP = ["NRT", "HND", "KIX", "NGO", "CTS", "FUK", "OKA", "ITM"]
STATIONS = ST_BR + ST_PT + ST_JP
TYPES = ["A320neo", "A321neo", "A330-900", "E195-E2", "787-9", "737-8", "ATR 72-600", "A350-900"]
ATA = [(21, "ar condicionado"), (24, "elétrica"), (27, "comandos de voo"), (28, "combustível"),
       (29, "hidráulico"), (30, "proteção gelo/chuva"), (31, "registo/indicação"), (32, "trem de pouso"),
       (33, "luzes"), (34, "navegação"), (35, "oxigénio"), (36, "pneumático"), (38, "água/resíduos"),
       (49, "APU"), (52, "portas"), (71, "motor"), (79, "óleo")]
ATA_JP = {21: "空調", 24: "電源", 27: "操縦系統", 28: "燃料", 29: "油圧", 30: "防除氷", 31: "指示記録",
          32: "降着装置", 33: "照明", 34: "航法", 35: "酸素", 36: "空気", 38: "水・汚水", 49: "APU",
          52: "ドア", 71: "エンジン", 79: "滑油"}
SYSTEMS = ["AMOS", "TRAX", "eTechLog", "Lido mPilot", "FliteDeck", "AIMS", "Sabre CMS", "Jeppesen CMS",
           "ACARS GW", "EFB MDM", "Crew Portal", "QAR ingest"]


def tail():
    k = R.random()
    if k < 0.40:
        return ch(["PR-", "PS-", "PT-"]) + rs(UP, 3)
    if k < 0.65:
        return "CS-" + ch(["T", "T", "D"]) + rs(UP, 2)
    f = ri(0, 2)
    if f == 0:
        return "JA%d%d%s" % (ri(1, 9), ri(10, 99), ch("AJKN"))
    if f == 1:
        return "JA%d%s" % (ri(10, 99), ch(["AN", "JJ", "13", "XA", "NH"]))
    return "JA8%d" % ri(100, 999)


def flight():
    n = ri(1, 9899)
    return ch(["Q7%d" % n, "Q7 %d" % n, "QSA%d" % n, "Q7%04d" % n])


def wo():
    k = ri(0, 6)
    if k == 0:
        return "WO-%02d-%06d" % (ri(23, 26), ri(1, 999999))
    if k == 1:
        return "WO %d" % ri(1000000, 3999999)
    if k == 2:
        return "OT %d/%d" % (ri(1000, 99999), ri(2024, 2026))
    if k == 3:
        return "OS-%d" % ri(100000, 899999)
    if k == 4:
        return "作業指示 %d" % ri(100000, 999999)
    if k == 5:
        return "NRC %07d" % ri(1, 999999)
    return "TC %02d-%03d-%02d" % (ch(ATA)[0], ri(10, 990), ri(1, 20))


def ata_ref():
    a = ch(ATA)[0]
    return "%02d-%02d-%02d" % (a, ri(10, 80), ri(0, 60))


def mel():
    return ch(["MEL %s" % ata_ref(), "MEL item %s cat %s" % (ata_ref(), ch("ABCD")),
               "MEL %s (%s)" % (ata_ref(), ch(["cat C", "cat B", "cat A 10 dias", "CDL"]))])


def pn():
    k = ri(0, 5)
    if k == 0:
        return "%d-%d" % (ri(1000000, 4999999), ri(1, 30))
    if k == 1:
        return "%s%d-%d" % (ch("DCS"), ri(1000000, 9999999), ri(1, 9))
    if k == 2:
        return "822-%04d-%03d" % (ri(1000, 9999), ri(1, 999))
    if k == 3:
        return "%s%d-%d" % (ch(["NAS", "MS", "ABS", "AN", "BACB"]), ri(20, 9999), ri(1, 40))
    if k == 4:
        return "066-%05d-%04d" % (ri(10000, 99999), ri(1, 9999))
    return "%d%s%d" % (ri(100, 999), ch("ABGHKM"), ri(1000, 9999))


def sn():
    return ch(["S/N ", "SN ", "S/N: "]) + rs(UP, ch([1, 2, 3])) + str(ri(1000, 999999))


def st():
    return ch(STATIONS)


def crewid():
    return ch(["CRW%05d" % ri(10000, 99999), "%d" % ri(100000, 999999), "C-%05d" % ri(1, 99999)])


def pairing():
    return ch(["P%04d" % ri(1, 9999), "PRG-%s%03d" % (ch(["GRU", "LIS", "NRT"]), ri(1, 999)),
               "%s%d" % (ch(["A", "B", "N", "L"]), ri(100, 999))])


def date_iso():
    return "%d-%02d-%02d" % (ri(2024, 2026), ri(1, 12), ri(1, 28))


def ts_iso():
    return "%sT%02d:%02d:%02d.%03dZ" % (date_iso(), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999))


def hhmm():
    return "%02d%02d" % (ri(0, 23), ri(0, 59))


def epoch():
    return ri(1704067200, 1798675200)


def host():
    return ch(["amos-db01", "amos-app02", "trax-db", "trax-ws01", "acars-gw-gru", "acars-gw-lis",
               "efb-sync", "crew-portal", "roster-opt", "qar-ingest", "mcc-dash", "etl-mx"]) + \
        ch([".asa-mro.internal", ".mx.asa.local", ".ops.asa.internal", ""])


LEADS = ["fyi", "FYI:", "Pessoal,", "Malta,", "Bom dia!", "Olá equipa,", "お疲れ様です。", "メモ:",
         "@here", "cc @mx-eng-oncall", "Atualizando:", "Ponto de situação:", "共有です。", "Heads-up:",
         "Boa tarde, time", "ちょっと確認ですが、", "só pra registrar:", "para memória futura:"]
TRAILS = ["obrigado!", "valeu", "obg", "よろしくお願いします。", "thx", "cumprimentos", "abs", "🙏",
          "(editado)", "alguém confirma?", "以上です。", "👀"]


def wrap(text, p_lead=0.13, p_trail=0.06):
    if R.random() < p_lead:
        text = ch(LEADS) + ("\n" if "\n" in text or R.random() < 0.3 else " ") + text
    if R.random() < p_trail:
        text = text + ("\n" if "```" in text[-4:] else " ") + ch(TRAILS)
    return text


def cb(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


# ----------------------------------------------------------------------------------------------
# checks: Luhn, mod-97, public IPv4
# ----------------------------------------------------------------------------------------------
def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        v = int(c)
        if i % 2 == 1:
            v *= 2
            if v > 9:
                v -= 9
        s += v
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(DI, length - len(prefix) - 1)
    for c in DI:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_num(s):
    return int("".join(str(int(c, 36)) for c in s))


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{8,30}", s):
        return False
    return iban_num(s[4:] + s[:4]) % 97 == 1


def iban_make(cc, bban):
    chk = 98 - iban_num(bban + cc + "00") % 97
    return "%s%02d%s" % (cc, chk, bban)


def ip_public(a, b, c, d):
    if not all(0 <= x <= 255 for x in (a, b, c, d)):
        return False
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


# ----------------------------------------------------------------------------------------------
# scanner (guards the negatives; also reports on positives)
# ----------------------------------------------------------------------------------------------
DELIBERATE_VERSION_IPS = ["7.14.2.9", "24.10.0.3", "12.3.1.4"]
PLACEHOLDER_WORDS = {"changeme", "admin", "guest", "root", "password", "senha", "example", "redacted",
                     "null", "none", "test", "secret", "token", "xxx", "xxxx", "str", "string"}

RX = [
    ("email", re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")),
    ("github_token", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}")),
    ("slack_token", re.compile(r"xox[abposre]-\d+-[0-9A-Za-z-]{6,}")),
    ("sk_key", re.compile(r"sk-[A-Za-z0-9_\-]{32,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{8,}")),
    ("ssn", re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")),
    ("aws_key_id", re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")),
    ("pem_private", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(?:\\n|\s)+[A-Za-z0-9+/]{40,}")),
    ("phone_intl", re.compile(r"(?:\+|\b00)(?:55|351|81|1)[\s(]*\d[\d\s().-]{6,}")),
    ("phone_br", re.compile(r"\(\d{2}\)\s?\d{4,5}-?\d{4}|(?<![\d.-])\d{2}\s9\d{4}-\d{4}(?!\d)|"
                            r"(?<![\d.-])[1-9]{2}9[6-9]\d{7}(?![\d.])")),
    ("phone_pt", re.compile(r"(?<![\d.-])9[1236]\d\s\d{3}\s\d{3}(?![\d.])|(?<![\d.-])9[1236]\d{7}(?![\d.])|"
                            r"(?<![\d.-])2[12]\s\d{3}\s\d{4}(?![\d.])")),
    ("phone_jp", re.compile(r"(?<![\d.-])0\d{1,4}-\d{1,4}-\d{4}(?![\d-])|(?<![\d.-])0[789]0[\s-]?\d{4}[\s-]?\d{4}(?!\d)")),
    ("phone_us", re.compile(r"(?<![\d-])\(?\d{3}\)?[\s.-]\d{3}[.-]\d{4}(?![\d-])")),
    ("url_credentials", re.compile(r"[a-z][a-z0-9+.-]*://([^\s:/@]+):([^\s@/]+)@")),
    ("password_assign", re.compile(r"(?i)(?:password|passwd|pwd|senha|palavra-passe|パスワード|secret|api[_-]?key)"
                                   r"\"?\s*[:=：]\s*[\"']?([^\s\"',;]+)")),
]


def strong(v):
    cls = sum([any(c.islower() for c in v), any(c.isupper() for c in v), any(c.isdigit() for c in v),
               any(not c.isalnum() for c in v)])
    return len(v) >= 8 and cls >= 3


def placeholderish(v):
    lv = v.lower().strip("\"'`")
    if lv in PLACEHOLDER_WORDS or lv == "":
        return True
    if lv[:1] in "$<{%[*•(:" or lv.startswith(("op://", "enc[", "vault:")) or "..." in lv or "…" in lv or "example" in lv or "xxxx" in lv:
        return True
    if "redacted" in lv or "masked" in lv or "filtered" in lv:
        return True
    return False


def scan(text):
    hits = []
    for name, rx in RX:
        for m in rx.finditer(text):
            s = m.group(0)
            if name == "aws_key_id" and "EXAMPLE" in s:
                continue
            if name == "url_credentials":
                pw = m.group(2)
                if placeholderish(pw) or not strong(pw):
                    continue
            if name == "password_assign":
                v = m.group(1)
                if placeholderish(v) or not strong(v):
                    continue
            hits.append((name, s))
    for m in re.finditer(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)", text):
        if ip_public(*map(int, m.groups())) and m.group(0) not in DELIBERATE_VERSION_IPS:
            hits.append(("public_ipv4", m.group(0)))
    for m in re.finditer(r"(?<![\d])\d+(?:[ -]\d+)*", text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc):
                    hits.append(("luhn", acc))
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?", text):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    return hits


# ----------------------------------------------------------------------------------------------
# binary builders for data URIs
# ----------------------------------------------------------------------------------------------
def png_bytes(w, h):
    base = [ri(0, 255) for _ in range(3)]
    acc = [ri(0, 255) for _ in range(3)]
    mode = ri(0, 2)
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            on = (mode == 0 and (x + y) % 3 == 0) or (mode == 1 and abs(x - w // 2) <= 1) or \
                 (mode == 2 and R.random() < 0.3)
            c = acc if on else base
            raw += bytes(c) + bytes([255 if on or R.random() < 0.8 else ri(0, 255)])

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def gif_bytes():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + rbytes(3) + b"\x00\x00\x00" +
            b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def svg_text():
    s = ch([12, 16, 20, 24, 32])
    col = rs(HEX, 6)
    shape = ch([
        '<path d="M%d %dl%d %d-%d %dz" fill="#%s"/>' % (ri(1, 4), ri(1, 4), ri(4, 9), ri(4, 9), ri(2, 8), ri(1, 6), col),
        '<circle cx="%d" cy="%d" r="%d" fill="#%s"/>' % (s // 2, s // 2, ri(3, s // 2), col),
        '<rect x="%d" y="%d" width="%d" height="%d" rx="2" fill="#%s"/>' % (ri(0, 3), ri(0, 3), s - 4, s // 2, col),
    ])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">%s</svg>' % (s, s, s, s, shape)


def pdf_bytes():
    w, h = ch([(595, 842), (612, 792), (420, 595)])
    objs = ["<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[3 0 R]/Count 1>>",
            "<</Type/Page/MediaBox[0 0 %d %d]/Parent 2 0 R/Resources<<>>>>" % (w, h)]
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += ("%d 0 obj%s endobj\n" % (i + 1, o)).encode()
    xref = len(out)
    out += ("xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)).encode()
    for o in offs:
        out += ("%010d 00000 n \n" % o).encode()
    out += ("trailer<</Size %d/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)).encode()
    return out


def wav_bytes():
    n = ri(48, 140)
    rate = ch([8000, 11025])
    data = bytes((128 + int(100 * ((i * ri(3, 5)) % 16 - 8) / 8)) & 0xFF for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate, 1, 8) +
            b"data" + struct.pack("<I", n) + data)


def jpeg_head():
    q = bytes(ri(1, 40) for _ in range(64))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x01\x00H\x00H\x00\x00" + b"\xff\xdb\x00C\x00" + q +
            b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", ri(32, 480), ri(32, 480)) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")


def woff2_head():
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">IHH", ri(8000, 40000), ri(9, 16), 0) + rbytes(24)


def ttf_head():
    return b"\x00\x01\x00\x00" + struct.pack(">HHHH", 14, 128, 3, 96) + b"GDEF" + rbytes(12) + b"GPOS" + rbytes(12)


def srcmap():
    names = ch([["roster", "pairing", "dutyStart"], ["workOrder", "ataChapter", "melItem"],
                ["acarsMsg", "uplink", "label"], ["tailNumber", "techLog", "defect"]])
    src = ch(["src/roster/PairingCard.tsx", "src/mx/WorkOrderList.tsx", "src/efb/AcarsInbox.ts", "src/techlog/DefectForm.tsx"])
    segs = ",".join(rs("ACEGIKMOQSUWYacegikmoqsuwy", ri(4, 6)) for _ in range(ri(5, 10)))
    d = {"version": 3, "file": src.split("/")[-1].replace(".tsx", ".js").replace(".ts", ".js"),
         "sources": [src], "names": names, "mappings": "AAAA," + segs}
    return json.dumps(d, separators=(",", ":")).encode()


def truncate(s, keep):
    if len(s) <= keep:
        return s
    return s[:keep] + ch(["…", "...", "…[%d more chars]" % (len(s) - keep), " (truncado)", "…（省略）"])


# ----------------------------------------------------------------------------------------------
# NEGATIVES
# ----------------------------------------------------------------------------------------------
def neg_data_uri():
    k = ri(0, 19)
    t = tail()
    if k == 0:
        u = b64(png_bytes(ri(4, 10), ri(4, 10)))
        cls = ch(["status-icon--aog", "mel-badge--open", "wo-chip--deferred", "tail-pill--ground", "acars-dot--uplink"])
        return "O ícone de %s no EFB tá quebrado no Safari, o CSS gerado ficou assim:\n%s" % (
            ch(["MEL aberto", "AOG", "WO diferida", "uplink ACARS"]),
            cb(".%s {\n  width: 12px;\n  height: 12px;\n  background-image: url(\"data:image/png;base64,%s\");\n}" % (cls, u), "css"))
    if k == 1:
        u = b64(png_bytes(ri(6, 14), ri(3, 8)))
        return cb('<table class="wo-header">\n  <tr><td><img src="data:image/png;base64,%s" alt="logo MRO"/></td>\n'
                  '      <td>Relatório de tarefas %s — %s</td></tr>\n</table>' % (u, t, date_iso()), "html") + \
            "\nisto é o export HTML do %s, o logotipo vem embutido" % ch(["AMOS", "TRAX"])
    if k == 2:
        u = b64(png_bytes(ri(5, 12), ri(5, 12)))
        return cb(json.dumps({"defectId": "DD-%05d" % ri(1, 99999), "tail": t, "ata": ata_ref(),
                              "stationStamp": "data:image/png;base64," + u, "status": ch(["OPEN", "DEFERRED", "CLOSED"])},
                             ensure_ascii=False, indent=2), "json") + "\n" + ch([
            "eTechLog の API レスポンス、stationStamp がでかすぎて Slack が重い",
            "the eTechLog payload carries the station stamp inline, 3x bigger than needed",
            "o eTechLog manda o carimbo da estação inline em base64, dá pra tirar?"])
    if k == 3:
        u = b64(png_bytes(ri(8, 16), ri(6, 12)))
        return "信頼性レポートのノートブック、出力セルがこれだけで埋まってる:\n" + cb(
            '{\n "output_type": "display_data",\n "data": {\n  "image/png": "%s",\n  "text/plain": ["<Figure size 640x480 with 1 Axes>"]\n },\n "metadata": {}\n}' % u, "json")
    if k == 4:
        u = b64(gif_bytes())
        return cb('<Image\n  src={`/tails/${tail}.jpg`}\n  placeholder="blur"\n  blurDataURL="data:image/gif;base64,%s"\n  alt="%s"\n/>' % (u, t), "jsx") + \
            "\n" + ch(["crew app: placeholder 1x1 antes de carregar a foto da aeronave",
                       "機体写真のプレースホルダー、1x1 GIF で十分", "1x1 gif placeholder while the tail photo loads"])
    if k == 5:
        u = b64(svg_text().encode())
        return "CSP no Crew Portal a bloquear imagens inline:\n" + cb(
            "Refused to load the image 'data:image/svg+xml;base64,%s' because it violates the following Content Security "
            "Policy directive: \"img-src 'self' https://static.asa-mro.internal\"." % u)
    if k == 6:
        s = svg_text()
        return "![ATA %02d diagrama](data:image/svg+xml;base64,%s)\n%s" % (
            ch(ATA)[0], b64(s.encode()), ch(["(colei do Confluence, imagem inline)", "Confluence からのコピペ", "pasted from the wiki page"]))
    if k == 7:
        u = b64(png_bytes(ri(4, 8), ri(4, 8)))
        return "$ echo '%s' | base64 -d > mel_%s.png\n$ file mel_%s.png\nmel_%s.png: PNG image data, %s" % (
            u, t.replace("-", ""), t.replace("-", ""), t.replace("-", ""), ch(["8-bit/color RGBA, non-interlaced"]))
    if k == 8:
        u = b64(png_bytes(ri(4, 9), ri(4, 9)))
        return cb('# fixture do teste da impressora ACARS do cockpit\nPRINTER_LOGO = (\n    "data:image/png;base64,"\n    "%s"\n)\n\n'
                  'def test_header_has_logo():\n    assert render_header("%s").startswith(PRINTER_LOGO[:22])' % (u, flight()), "python")
    if k == 9:
        u = b64(png_bytes(ri(4, 8), ri(4, 8)))
        return cb('@Test\nfun `decodes defect thumbnail`() {\n    val uri = "data:image/png;base64,%s"\n'
                  '    val bmp = ThumbnailDecoder.decode(uri)\n    assertEquals(%s, bmp.width)\n}' % (u, ri(4, 8)), "kotlin")
    if k == 10:
        u = b64(srcmap())
        return "minified do plugin do %s termina com:\n" % ch(["TRAX eMobility", "AMOS mobile", "crew app"]) + cb(
            "!function(){var e=%d;window.__mx=e}();\n//# sourceMappingURL=data:application/json;base64,%s" % (ri(1, 99), u), "js")
    if k == 11:
        u = b64(pdf_bytes())
        return "Preview do CRS no portal usa iframe com o PDF inline:\n" + cb(
            '<iframe title="CRS %s %s" src="data:application/pdf;base64,%s"></iframe>' % (t, wo(), u), "html")
    if k == 12:
        u = b64(wav_bytes())
        return "EFB で ACARS アップリンク受信時のチャイム:\n" + cb(
            'const chime = new Audio("data:audio/wav;base64,%s");\nacars.on("uplink", () => chime.play());' % u, "ts")
    if k == 13:
        u = truncate(b64(woff2_head() + rbytes(ri(30, 60))), ri(60, 90))
        return cb("@font-face {\n  font-family: \"CockpitMono\";\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n}" % u, "css") + \
            "\n" + ch(["fonte da tela de briefing do EFB", "ブリーフィング画面のフォント", "font used on the EFB briefing page"])
    if k == 14:
        u = truncate(b64(jpeg_head()), ri(70, 110))
        return "HAR do Lido mPilot, a foto do defeito vem assim:\n" + cb(
            '"response": {"status": 200, "content": {"mimeType": "image/jpeg", "text": "%s", "encoding": "base64"}}' % u, "json")
    if k == 15:
        u = b64(svg_text().encode())
        return cb("<button class=\"btn-acars\">\n  <img src=\"data:image/svg+xml;base64,%s\" width=\"16\"/>\n  Enviar OOOI\n</button>" % u, "html")
    if k == 16:
        s = svg_text().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
        return "Versão percent-encoded (sem base64) pro ícone de %s:\n`background: url(\"data:image/svg+xml,%s\")`" % (
            ch(["trem de pouso", "APU", "porta de carga", "oxigénio"]), s)
    if k == 17:
        u = truncate(b64(ttf_head() + rbytes(40)), ri(50, 80))
        return "`src: url(data:font/ttf;base64,%s)` ← fonte do manual MEL em HTML, %s" % (
            u, ch(["dá pra trocar por woff2?", "重いので woff2 にしたい", "let's switch to woff2"]))
    if k == 18:
        u = b64(png_bytes(ri(4, 8), ri(4, 8)))
        return "go test fixture, QAR viewer:\n" + cb('var tailBadgePNG = "data:image/png;base64,%s"\n\nfunc TestBadge(t *testing.T) {\n'
                                                    '\tif !strings.HasPrefix(tailBadgePNG, "data:image/png") {\n\t\tt.Fatal("bad prefix")\n\t}\n}' % u, "go")
    u = b64(gif_bytes())
    return "%s | %s | pixel de tracking do e-mail de escala: <img src=\"data:image/gif;base64,%s\" width=1 height=1>" % (
        ts_iso(), ch(["crew-notify", "roster-mailer"]), u)


def neg_placeholder():
    k = ri(0, 23)
    if k == 0:
        return cb("amos:\n  base_url: https://amos.asa-mro.internal/api/v2\n  token: ${AMOS_API_TOKEN}\n"
                  "trax:\n  db_user: trax_rpt\n  db_password: \"${TRAX_DB_PASSWORD}\"\n  station: %s" % st(), "yaml") + \
            "\n" + ch(["os valores vêm do Vault na hora do deploy", "値は Vault から注入されます", "values are injected at deploy time"])
    if k == 1:
        return cb("- name: Push MDM profile to EFB fleet\n  run: ./mdm push --fleet %s\n  env:\n    MDM_TOKEN: ${{ secrets.EFB_MDM_TOKEN }}\n"
                  "    NAVDATA_KEY: ${{ secrets.JEPPESEN_API_KEY }}" % ch(["A320", "E2", "787", "A330"]), "yaml")
    if k == 2:
        return cb("acars:\n  gateway:\n    host: {{ .Values.acars.host }}\n    user: {{ .Values.acars.user }}\n"
                  "    password: {{ .Values.acars.gatewayPassword | quote }}", "yaml")
    if k == 3:
        return "`.env.example` do classificador de defeitos:\n" + cb(
            "OPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=sk-ant-api03-...\nSLACK_BOT_TOKEN=xoxb-your-bot-token\nAMOS_USER=\nAMOS_PASSWORD=")
    if k == 4:
        return ch(["Compra AOG do P/N %s aprovada, cartão corporativo final •••• %04d." % (pn(), ri(0, 9999)),
                   "AOG部品 %s を法人カード（末尾 %04d）で決済済み。" % (pn(), ri(0, 9999)),
                   "Paid the AOG freight for %s on the corporate card ending **%04d." % (pn(), ri(0, 9999))])
    if k == 5:
        return "cartão: **** **** **** %04d | validade: **/** | titular: [oculto] — %s" % (
            ri(0, 9999), ch(["fatura do hotel da tripulação em %s" % st(), "assinatura Navigraph da frota EFB"]))
    if k == 6:
        return ch(["Contacto do técnico: +351 9** *** *%02d (ver AIMS)" % ri(0, 99),
                   "celular de sobreaviso: (**) *****-**%02d — tá no AIMS, não no Slack" % ri(0, 99),
                   "携帯: 0*0-****-**%02d（AIMS で確認してください）" % ri(0, 99)])
    if k == 7:
        return "IBAN do fornecedor (%s): PT50 •••• •••• •••• •••• •••%d %d — o completo está no SAP, não colar aqui" % (
            ch(["oficina de travões", "reparação de rodas", "calibração de ferramentas"]), ri(0, 9), ri(0, 9))
    if k == 8:
        return cb("amos_db_password: vault:secret/data/mx/amos-prod#password\ntrax_api_key: op://MX-Eng/TRAX prod/api key\n"
                  "roster_db: '{{resolve:secretsmanager:prod/crew-roster/db:SecretString:password}}'", "yaml")
    if k == 9:
        return cb("%s INFO  amos-sync login ok user=svc_amos password=[REDACTED] station=%s\n"
                  "%s DEBUG amos-sync GET /api/v2/workorders Authorization: Bearer <redacted>\n"
                  "%s DEBUG efb-sync token=*** device=%s" % (ts_iso(), st(), ts_iso(), ts_iso(), "EFB-%04d" % ri(1, 9999)))
    if k == 10:
        return "README do uploader de QAR:\n" + cb("export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n"
                                                  "export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
                                                  "qar-upload --bucket asa-fdm-raw --tail %s" % tail(), "bash") + \
            "\n(são as chaves de exemplo da documentação da AWS)"
    if k == 11:
        return "EFB初期設定の手順書テンプレ:\n1. MDM にログイン（ID: <社員番号>、パスワード: <ここに入力>）\n2. FliteDeck の APIキー: YOUR_API_KEY\n3. 機番 %s を選択" % tail()
    if k == 12:
        return cb("jdbc:oracle:thin:@//<host>:1521/AMOSPRD\nuser=<user>\npassword=<password>", "properties") + \
            "\n" + ch(["template de conexão pro relatório de confiabilidade", "接続文字列のテンプレ", "connection template for the reliability report"])
    if k == 13:
        return "dev local da fila ACARS:\n" + cb("ACARS_MQ_URL=amqp://guest:guest@localhost:5672/\n"
                                                "TRAX_DB_URL=postgres://user:password@localhost:5432/trax_dev", "bash")
    if k == 14:
        return "no runbook do gateway ACARS o bloco é só exemplo:\n" + cb("-----BEGIN EC PRIVATE KEY-----\n...\n-----END EC PRIVATE KEY-----")
    if k == 15:
        return "o header do EFB fica `Authorization: Bearer eyJhbGciOi...` (truncado de propósito)"
    if k == 16:
        return ch(["EFB_ADMIN_PASSWORD=\nMDM_ENROLL_SECRET=\n# preencher no servidor, nunca no repo",
                   "senha: \"\"   # vazio em dev, o Vault preenche em prod",
                   "パスワード: \"\"（空欄のままでOK、本番は Vault）"])
    if k == 17:
        return ch(["token antigo do CI era ghp_xxxx… (já revogado)", "github_pat_... do bot de releases do EFB, pede ao %s" % ch(["lead", "plantão"]),
                   "a chave do Maps no mapa de estações é AIza****… (restrita por referer)", "glpat-xxxxxxxxxxxx era do GitLab antigo"])
    if k == 18:
        return "Formulário do técnico americano (field rep): SSN: XXX-XX-XXXX, phone: (XXX) XXX-XXXX, e-mail: <to be filled>"
    if k == 19:
        return "CPF: ***.***.***-** | base: %s | função: %s — dados completos só no RH" % (ch(["GRU", "LIS", "NRT"]), ch(["CCM", "FO", "técnico B1"]))
    if k == 20:
        return "webhook do canal #mx-aog (exemplo da doc): https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"
    if k == 21:
        return "Postman, coleção Crew Portal:\n" + cb("GET {{base_url}}/roster/%s\nAuthorization: Bearer {{efb_session_token}}\nX-Api-Key: {{crew_api_key}}" % pairing(), "http")
    if k == 22:
        return cb("- name: configura usuário do AMOS\n  ansible.builtin.template:\n    src: amos.ini.j2\n    dest: /opt/amos/amos.ini\n"
                  "  vars:\n    amos_db_password: \"{{ vault_amos_db_password }}\"\n    amos_station: %s" % st(), "yaml")
    return cb("apiVersion: v1\nkind: Secret\nmetadata:\n  name: trax-db\ntype: Opaque\ndata:\n  username: <base64-encoded>\n  password: <base64-encoded>", "yaml") + \
        "\n" + ch(["template só, o sealed-secret real está no repo infra", "テンプレのみ", "template only"])


WORDS_ID = ["Password", "Token", "Credential", "Secret", "Iban", "Phone", "Email", "Roster", "Crew", "WorkOrder",
            "Mel", "Acars", "Efb", "Tail", "Pairing", "Duty", "Signing", "Refresh", "Api", "Key", "Ssn", "Card"]
PKG = ["com.asa.mro.amos", "com.asa.mro.trax", "com.asa.crew.roster", "com.asa.efb.sync", "pt.asa.acars.gateway", "jp.asa.techlog"]


def camel(n):
    return "".join(ch(WORDS_ID) for _ in range(n))


def lower_camel(n):
    s = camel(n)
    return s[0].lower() + s[1:]


def snake(n):
    return "_".join(ch(WORDS_ID).lower() for _ in range(n))


def neg_code_identifier():
    k = ri(0, 19)
    if k == 0:
        lines = ["%s ERROR [amos-sync-%d] %s.%s - %s" % (ts_iso(), ri(0, 7), ch(PKG), camel(3), ch([
            "falha ao renovar credencial do AMOS", "Unable to refresh AMOS session", "トークン更新に失敗"])),
                 "%s.%sException: %s" % (ch(PKG), camel(2), ch(["credential chain exhausted", "token endpoint returned 401"]))]
        for _ in range(ri(6, 18)):
            c = camel(3)
            lines.append("\tat %s.%s.%s(%s.java:%d)" % (ch(PKG), c, lower_camel(3), c, ri(20, 900)))
        return cb("\n".join(lines))
    if k == 1:
        fr = []
        for _ in range(ri(3, 8)):
            fr.append('  File "/opt/roster-opt/crew_roster/%s.py", line %d, in %s\n    %s(%s)' % (
                snake(2), ri(10, 600), snake(3), snake(3), ch(["pairing", "duty", "crew_member", "roster_row"])))
        return "otimizador de escalas caiu de madrugada:\n" + cb("Traceback (most recent call last):\n" + "\n".join(fr) +
                                                                 "\nKeyError: '%s'" % snake(3), "python")
    if k == 2:
        return cb("class %s(\n    private val %s: %s,\n    private val %s: %s,\n) {\n    suspend fun %s(tail: String): Result<Unit> =\n"
                  "        %s.%s(tail)\n}" % (camel(3), lower_camel(2), camel(2), lower_camel(3), camel(3), lower_camel(3),
                                            lower_camel(2), lower_camel(3)), "kotlin") + "\n" + ch(["EFB Android, revisão do PR", "EFB Android のレビュー中"])
    if k == 3:
        sym = []
        for i in range(ri(4, 9)):
            a, b = camel(2), lower_camel(2)
            sym.append("%d   EFBKit   0x%012x $s6EFBKit%d%sC%d%syyYaKF + %d" % (i, ri(0x100000000, 0x1FFFFFFFF), len(a), a, len(b), b, ri(20, 900)))
        return "crash do FliteDeck wrapper no iPad (%s):\n" % ch(["iPadOS 17.5", "iPadOS 18.1", "iPadOS 17.6.1"]) + cb(
            "Thread 0 Crashed:\n" + "\n".join(sym))
    if k == 4:
        fr = []
        for i in range(ri(3, 7)):
            ns, cl, fn = "acars", camel(2), lower_camel(2)
            fr.append("#%d  0x%016x in _ZN%d%s%d%s%d%sERKSs ()" % (i, ri(0x400000, 0x7fffffffffff), len(ns), ns, len(cl), cl, len(fn), fn))
        return "(gdb) bt\n" + "\n".join(fr) + "\n" + ch(["gateway ACARS core dump em %s" % st(), "ACARS ゲートウェイのコアダンプ"])
    if k == 5:
        fr = []
        for i in range(ri(3, 6)):
            m, f = snake(2), snake(2)
            fr.append("  %2d: qar_ingest::%s::%s::h%s" % (i, m, f, rs(HEX, 16)))
        return cb("thread 'decoder' panicked at src/frame.rs:%d:%d:\n%s\nstack backtrace:\n%s" % (
            ri(10, 400), ri(5, 40), ch(["invalid subframe sync word", "ARINC 717 frame too short"]), "\n".join(fr)))
    if k == 6:
        rows = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
        for _ in range(ri(4, 10)):
            rows.append("%-38s %-7s %-9s %-10d %dd" % ("%s-%s-%s" % (ch(["amos-sync-worker", "acars-bridge", "efb-token-refresher",
                                                                           "crew-roster-api", "mel-deferral-cron", "qar-ingest"]),
                                                                       rs("bcdfghjklmnpqrstvwxz2456789", 9), rs("bcdfghjklmnpqrstvwxz2456789", 5)),
                                                      "1/1", ch(["Running", "Running", "CrashLoopBackOff"]), ri(0, 12), ri(1, 90)))
        return "$ kubectl -n mx-prod get pods\n" + "\n".join(rows)
    if k == 7:
        addrs = ["module.%s.aws_secretsmanager_secret.%s" % (ch(["crew_portal", "amos_bridge", "efb_sync"]), snake(3)),
                 "module.%s.aws_iam_access_key.%s" % (ch(["qar_upload", "acars_archive"]), snake(2)),
                 "aws_ssm_parameter.%s" % snake(3), "kubernetes_secret.%s" % snake(2)]
        return "terraform plan:\n" + cb("\n".join("  # %s will be %s" % (a, ch(["updated in-place", "created", "destroyed"])) for a in addrs))
    if k == 8:
        return cb("CREATE TABLE crew_contact (\n  crew_id        varchar(12) PRIMARY KEY,\n  phone_e164_enc bytea NOT NULL,\n  phone_last4    char(4),\n"
                  "  email_hash     char(64),\n  iban_masked    varchar(34),\n  ssn_encrypted  bytea,        -- só técnicos US\n"
                  "  password_hash  varchar(100) NOT NULL,\n  updated_at     timestamptz DEFAULT now()\n);", "sql")
    if k == 9:
        flags = ["efb.acars.token_refresh_v2", "crew.portal.phone_otp_fallback", "mx.amos.%s" % snake(3),
                 "efb.mdm.%s" % snake(2), "roster.%s_enabled" % snake(2)]
        return "flags ligadas em %s:\n" % ch(["prod GRU", "prod LIS", "本番 NRT"]) + "\n".join("- `%s` = %s" % (f, ch(["true", "false", "50%"])) for f in flags)
    if k == 10:
        return "o diff do snapshot mudou só classes geradas: `css-%s`, `sc-%s`, `WorkOrderCard_header__%s`, `_ngcontent-ng-c%d`, `data-v-%s`" % (
            rs(LO + DI, 7), rs(AL, 6), rs(AL, 5), ri(1000000000, 4000000000), rs(HEX, 8))
    if k == 11:
        chunks = ["static/chunks/pages/%s-%s.js" % (ch(["roster/[pairingId]", "mx/workorders", "efb/acars", "techlog/[tail]"]), rs(HEX, 16)) for _ in range(ri(3, 6))]
        return "build do crew portal:\n" + cb("\n".join("%-60s %5.1f kB" % (c, ri(10, 400) / 10) for c in chunks))
    if k == 12:
        return cb("goroutine %d [running]:\ngithub.com/asa-aero/acars-bridge/internal/credstore.(*%s).%s(0xc000%06x)\n"
                  "\t/src/internal/credstore/%s.go:%d +0x%x\ngithub.com/asa-aero/acars-bridge/internal/uplink.%s(...)\n"
                  "\t/src/internal/uplink/send.go:%d" % (ri(1, 300), camel(2), camel(2), ri(0, 0xFFFFFF), snake(2), ri(10, 300), ri(16, 900),
                                                        camel(2), ri(10, 200)))
    if k == 13:
        return "rpc novo no proto: `asa.mro.v1.WorkOrderService/%s` e `asa.crew.v1.RosterService/%s` — %s" % (
            camel(3), camel(3), ch(["nomes feios mas ok", "命名は後で直す", "naming TBD"]))
    if k == 14:
        return cb("query %s($tail: String!) {\n  aircraft(tail: $tail) {\n    %s { ataChapter melItem deferredUntil }\n    %s\n  }\n}" % (
            camel(3), lower_camel(2), lower_camel(3)), "graphql")
    if k == 15:
        lines = ["System.InvalidOperationException: %s" % ch(["Sequence contains no elements", "Token cache miss"])]
        for _ in range(ri(4, 10)):
            lines.append("   at Asa.Trax.Integration.%s.%s() in C:\\src\\Trax.Integration\\%s.cs:line %d" % (camel(2), camel(2), camel(2), ri(10, 500)))
        return cb("\n".join(lines))
    if k == 16:
        return "variáveis que o chart espera (só nomes): `%s`, `%s`, `%s`, `%s`" % (
            "AMOS_API_TOKEN_FILE", "TRAX_DB_PASSWORD_SECRET_ARN", "EFB_MDM_%s_PATH" % snake(2).upper(), "%s_REF" % snake(3).upper())
    if k == 17:
        return "`%s()` が `%s` を返すせいで %s の %s が二重登録されてる" % (lower_camel(3), camel(2), tail(), mel())
    if k == 18:
        return "bazel test //mx/amos/%s:%s_test //crew/roster/%s:all --config=ci" % (snake(2), snake(2), snake(2))
    return "Renomeei `%s` para `%s` e `%s` para `%s` no módulo de %s." % (
        lower_camel(3), lower_camel(3), snake(3), snake(3), ch(["diferimentos MEL", "escalas", "ACARS", "tech log"]))


def gitsha():
    return rs(HEX, 40)


def uuid4():
    h = rs(HEX, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], ch("89ab"), h[17:20], h[20:32])


def ulid():
    return rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26)


def neg_blob():
    k = ri(0, 21)
    if k == 0:
        msgs = ["fix(amos): retry no 429 do endpoint de WO", "feat(efb): cache da base AIRAC %d" % ri(2401, 2613),
                "chore: bump lido-sdk", "fix(acars): label H1 sem FI", "機番マスタの同期を修正", "refactor(roster): FTL ORO.FTL.205",
                "fix(techlog): fecho de DD sem assinatura", "feat(qar): ingest do %s" % tail()]
        return "$ git log --oneline -n %d\n" % 6 + "\n".join("%s %s" % (rs(HEX, ch([7, 9, 12])), ch(msgs)) for _ in range(6))
    if k == 1:
        return "imagem em prod: `registry.asa-mro.internal/mx/%s@sha256:%s`" % (ch(["amos-bridge", "acars-gw", "efb-sync", "crew-api"]), rs(HEX, 64))
    if k == 2:
        return cb(json.dumps({"workOrderId": uuid4(), "tail": tail(), "packageId": uuid4(), "tasks": [uuid4() for _ in range(ri(2, 4))],
                              "status": "RELEASED"}, indent=2), "json")
    if k == 3:
        return cb("\n".join("%s efb-sync event=%s id=%s device=EFB-%04d" % (ts_iso(), ch(["doc_pushed", "ack", "navdata_ok"]), ulid(), ri(1, 9999))
                            for _ in range(ri(3, 8))))
    if k == 4:
        nm = ch(["roster-ui", "mel-widgets", "acars-codec", "techlog-forms"])
        ver = "%d.%d.%d" % (ri(0, 9), ri(0, 30), ri(0, 20))
        return cb('"node_modules/@asa/%s": {\n  "version": "%s",\n  "resolved": "https://npm.asa-mro.internal/@asa/%s/-/%s-%s.tgz",\n'
                  '  "integrity": "sha512-%s"\n}' % (nm, ver, nm, nm, ver, b64(rbytes(64))), "json")
    if k == 5:
        return "requirements.txt do ETL de confiabilidade:\n" + cb("\n".join("%s==%d.%d.%d \\\n    --hash=sha256:%s" % (
            ch(["pandas", "pyarrow", "numpy", "sqlalchemy", "oracledb"]), ri(1, 3), ri(0, 20), ri(0, 9), rs(HEX, 64)) for _ in range(ri(2, 4))))
    if k == 6:
        return cb("\n".join("github.com/asa-aero/%s v%d.%d.%d h1:%s" % (ch(["arinc618", "acars-codec", "oooi"]), 0, ri(1, 9), ri(0, 9), b64(rbytes(32)))
                            for _ in range(ri(2, 5))))
    if k == 7:
        cyc = ri(2401, 2613)
        return "checksums da base de navegação AIRAC %d para os EFB:\n" % cyc + cb("\n".join("%s  %s_%d_%s.zip" % (rs(HEX, 64), ch(["jeppesen", "lido", "navigraph"]), cyc, ch(["A320", "E2", "B787", "A330"]))
                                                                                           for _ in range(ri(2, 5))))
    if k == 8:
        tr = rs(HEX, 32)
        return cb(json.dumps({"ts": ts_iso(), "svc": "amos-bridge", "traceparent": "00-%s-%s-01" % (tr, rs(HEX, 16)),
                              "trace_id": tr, "span_id": rs(HEX, 16), "msg": "GET /workorders 200"}), "json")
    if k == 9:
        t = tail().replace("-", "")
        rows = ["%s %10d fdm/%s/%s/QAR_%s_%s.dat" % (date_iso(), ri(1000000, 90000000), t, date_iso().replace("-", "/"), t, rs(HEX, 12)) for _ in range(ri(3, 7))]
        return "$ aws s3 ls s3://asa-fdm-raw/ --recursive | tail\n" + "\n".join(rows)
    if k == 10:
        return "ETag do pacote de documentos do EFB: `\"%s-%d\"`, Content-MD5: `%s`" % (rs(HEX, 32), ri(2, 40), b64(rbytes(16)))
    if k == 11:
        return "fingerprint do host novo do gateway ACARS (%s): ED25519 key SHA256:%s" % (ch(["acars-gw-gru", "acars-gw-lis", "acars-gw-nrt"]), b64(rbytes(32)).rstrip("="))
    if k == 12:
        return cb("amos:\n    db_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s==,type:str]\nsops:\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,type:str]" % (
            rs(B64, ri(16, 30)), rs(B64, 43) + "=", rs(B64, 22), ts_iso(), rs(B64, 60)), "yaml")
    if k == 13:
        return "resultado do Vault transit (encrypt do número de matrícula): `vault:v1:%s`" % b64(rbytes(ri(36, 60)))
    if k == 14:
        txt = ch(["FLT %s REQ GPU %s" % (flight(), st()), "MX MSG CHK HYD QTY", "REQ WX %s" % st()])
        return "o texto livre do ACARS vem em base64 no JSON do gateway: `%s` → \"%s\"" % (b64(txt.encode()), txt)
    if k == 15:
        cur = b64(json.dumps({"after": ri(1000, 999999), "tail": tail()}).encode()).rstrip("=")
        return "paginação da API do TRAX: `next_cursor=%s`" % cur
    if k == 16:
        return "Sentry: event `%s` (release efb-sync@%d.%d.%d) — %s" % (rs(HEX, 32), ri(1, 6), ri(0, 30), ri(0, 9), ch(["NPE no ACK", "timeout MDM"]))
    if k == 17:
        return cb("  annotations:\n    checksum/config: %s\n    checksum/secret: %s" % (rs(HEX, 64), rs(HEX, 64)), "yaml")
    if k == 18:
        return "entradas do eTechLog: " + ", ".join("`%s`" % rs(HEX, 24) for _ in range(ri(3, 6)))
    if k == 19:
        return "\"lineage\": \"%s\", \"serial\": %d  ← state do módulo crew_portal" % (uuid4(), ri(10, 900))
    if k == 20:
        hx = " ".join("%02X" % ri(0, 255) for _ in range(ri(24, 48)))
        return "dump ARINC 618 do downlink (%s):\n" % flight() + cb(hx)
    rows = ["%s  %s  %s" % (tail(), rs("0123456789ABCDEF", 6), ch(TYPES)) for _ in range(ri(3, 6))]
    return "endereços ICAO 24-bit para o filtro ADS-B:\n" + cb("\n".join(rows))


def money():
    return ch(["R$ %s,%02d" % ("{:,}".format(ri(100, 999999)).replace(",", "."), ri(0, 99)),
               "%s,%02d €" % ("{:,}".format(ri(100, 99999)).replace(",", " "), ri(0, 99)),
               "¥%s" % "{:,}".format(ri(1000, 9999999)), "US$ %s.%02d" % ("{:,}".format(ri(100, 99999)), ri(0, 99))])


COORDS = {"GRU": (-23.4356, -46.4731), "GIG": (-22.8100, -43.2506), "BSB": (-15.8711, -47.9186), "LIS": (38.7742, -9.1342),
          "OPO": (41.2481, -8.6814), "FAO": (37.0144, -7.9659), "NRT": (35.7720, 140.3929), "HND": (35.5494, 139.7798),
          "KIX": (34.4273, 135.2440), "CNF": (-19.6244, -43.9719), "FNC": (32.6979, -16.7745), "CTS": (42.7752, 141.6923)}


def neg_number():
    k = ri(0, 22)
    if k == 0:
        rows = ["| %s | %s | %s | %s | %s |" % (wo(), tail(), ata_ref(), date_iso(), ch(["aberta", "diferida", "fechada", "完了"])) for _ in range(ri(4, 10))]
        return "| WO | matrícula | ATA | data | estado |\n|---|---|---|---|---|\n" + "\n".join(rows)
    if k == 1:
        rows = ["%s,%s,%s,%d,%d,%s" % (pn(), sn().split()[-1], tail(), ri(1000, 60000), ri(500, 40000), date_iso()) for _ in range(ri(5, 15))]
        return "export de remoções não programadas:\n" + cb("pn,sn,tail,tsn,csn,removal_date\n" + "\n".join(rows), "csv")
    if k == 2:
        rows = ["%-8s %s %s-%s %s %s" % (flight().replace(" ", ""), date_iso(), ch(STATIONS), ch(STATIONS), hhmm(), hhmm()) for _ in range(ri(4, 9))]
        return "voos afetados pelo AOG do %s:\n" % tail() + cb("\n".join(rows))
    if k == 3:
        rows = ["slot %s-%d  %s  %s  FDP %d:%02d  rest %dh" % (ch(["A", "B", "R"]), ri(1, 40), pairing(), ch(["CMD", "FO", "CCM", "SCCM", "機長", "副操縦士"]), ri(6, 13), ri(0, 59), ri(10, 36)) for _ in range(ri(4, 8))]
        return "cobertura de amanhã por slot (sem nomes):\n" + cb("\n".join(rows))
    if k == 4:
        return "versões em prod: EFB app %d.%d.%d.%d, AMOS %d.%d.%d, TRAX eMobility %d.%d.%d, Lido mPilot %d.%d, AIRAC %d" % (
            ri(3, 6), ri(0, 20), ri(0, 9), ri(1000, 9999), ri(22, 25), ri(1, 12), ri(0, 9), ri(8, 10), ri(0, 9), ri(0, 9), ri(20, 25), ri(1, 9), ri(2401, 2613))
    if k == 5:
        e = epoch()
        return cb("%d %s acars uplink label=H1 flt=%s\n%d%03d %s efb ack ms\nts=%d.%06d slack" % (
            e, st(), flight(), e + ri(1, 99), ri(0, 999), st(), e + ri(100, 999), ri(0, 999999)))
    if k == 6:
        return "rede do hangar %s: VLAN %d 10.%d.%d.0/24, gateway ACARS interno 172.%d.%d.%d, impressoras 192.168.%d.%d-%d, teste 198.51.100.%d, portas %d/%d/%d" % (
            ch(["3 GRU", "6 LIS", "NRT M1"]), ri(100, 999), ri(0, 255), ri(0, 255), ri(16, 31), ri(0, 255), ri(1, 254), ri(0, 255), ri(1, 100), ri(101, 254),
            ri(1, 254), ch([5672, 1521, 5432]), ch([443, 8443]), ch([22, 2222, 6379]))
    if k == 7:
        return ch(["Custo do AOG do %s: %s (peça) + %s (frete) + %s (hotel tripulação)",
                   "%s の AOG コスト: 部品 %s、輸送 %s、乗員ホテル %s",
                   "AOG %s: parts %s, freight %s, crew hotel %s"]) % (tail(), money(), money(), money())
    if k == 8:
        return "tickets relacionados: MXIT-%d, INC%07d, CHG%07d, RITM%07d, PRB%07d" % (ri(100, 9999), ri(1, 9999999), ri(1, 9999999), ri(1, 9999999), ri(1, 999999))
    if k == 9:
        return "%s: AD %d-%02d-%02d (FAA), EASA AD %d-%04d, ANAC DA %d-%02d-%02d, SB %s %02d-%04d rev %d" % (
            tail(), ri(2019, 2025), ri(1, 26), ri(1, 20), ri(2019, 2025), ri(1, 300), ri(2019, 2025), ri(1, 12), ri(1, 20), ch(["A320", "737", "190"]), ch(ATA)[0], ri(1, 9999), ri(0, 5))
    if k == 10:
        return "%s %s: TSN %s:%02d, CSN %s, TSO %d:%02d, último shop visit %s" % (
            tail(), ch(["motor 1", "motor 2", "APU", "エンジン2番"]), "{:,}".format(ri(1000, 90000)).replace(",", "."), ri(0, 59),
            "{:,}".format(ri(500, 50000)).replace(",", "."), ri(10, 9000), ri(0, 59), date_iso())
    if k == 11:
        return "Endereços SITA Type B: %sMX%s, %sKLQ7, %sOWQ7 | rádio ACARS %s MHz / %s MHz" % (
            ch(STATIONS), ch(["Q7", "XH"]), ch(STATIONS), ch(STATIONS), ch(["131.550", "131.725", "131.825", "136.900"]), ch(["129.125", "130.025", "136.850"]))
    if k == 12:
        return "%s %s: MTOW %s kg, ZFW %s kg, FOB %s kg, fuel burn %d kg/h" % (
            tail(), ch(TYPES), "{:,}".format(ri(60000, 280000)).replace(",", "."), "{:,}".format(ri(40000, 180000)).replace(",", "."),
            "{:,}".format(ri(3000, 90000)).replace(",", "."), ri(2000, 7000))
    if k == 13:
        return "lista de WOs do AMOS pra reabrir: " + ", ".join(str(ri(4000000000, 8999999999)) for _ in range(ri(3, 7)))
    if k == 14:
        a, b = R.sample(sorted(COORDS), 2)
        return "coordenadas ARP: %s %.4f, %.4f / %s %.4f, %.4f (elev %d ft)" % (a, COORDS[a][0], COORDS[a][1], b, COORDS[b][0], COORDS[b][1], ri(10, 3500))
    if k == 15:
        y = ri(2024, 2026)
        return "%s の点検予定: %d年%d月%d日（令和%d年）〜 %d/%02d/%02d、%s" % (tail(), y, ri(1, 12), ri(1, 28), y - 2018, y, ri(1, 12), ri(1, 28), ch(["C整備", "A整備", "ドック入り"]))
    if k == 16:
        return "NOTAMs: %s%04d/%02d, %s%04d/%02d — %s fechado %sZ-%sZ" % (ch("ABC"), ri(1, 9999), ri(24, 26), ch("ABC"), ri(1, 9999), ri(24, 26), ch(["pátio 3", "stand 212", "TWY B"]), hhmm(), hhmm())
    if k == 17:
        rows = []
        for ep in R.sample(["/api/v2/workorders", "/roster/pairings", "/acars/uplink", "/efb/docs", "/techlog/defects", "/mel/deferrals"], ri(3, 6)):
            p = sorted([ri(10, 300), ri(300, 3000), ri(1000, 9000)])
            rows.append("%-22s p50 %4d ms  p95 %5d ms  p99 %5d ms  %s req" % (ep, p[0], p[1], p[2], "{:,}".format(ri(10000, 9999999))))
        return cb("\n".join(rows))
    if k == 18:
        return "%s: %d bytes enviados, %s linhas no lote, %s KB de QAR em %d s" % (
            ch(["etl-mx", "qar-ingest"]), ri(10 ** 6, 10 ** 10), "{:,}".format(ri(10000, 9999999)).replace(",", " "), "{:,}".format(ri(1000, 999999)), ri(2, 900))
    if k == 19:
        return "PO %d, fatura %s-%d, nota de crédito NC/%d/%05d, lote %s%d — %s" % (
            ri(4500000000, 4599999999), ch(["FT", "NF-e", "INV"]), ri(100000, 999999), ri(2024, 2026), ri(1, 99999), rs(UP, 2), ri(10000, 99999), pn())
    if k == 20:
        return "RPM do gerador %s IDG: %d rpm, %d Hz, %d kVA; leituras: %s" % (
            tail(), ri(7000, 24000), 400, ch([90, 120, 150]), " ".join(str(ri(10000, 99999)) for _ in range(ri(3, 6))))
    if k == 22:
        return ch(["Atualizem o FliteDeck wrapper para a %s antes do ciclo AIRAC %d." % (DELIBERATE_VERSION_IPS[0], ri(2501, 2613)),
                   "AMOS client build %s がLIS格納庫の端末で落ちます。" % DELIBERATE_VERSION_IPS[1],
                   "eTechLog iOS AssemblyVersion(\"%s\") still pinned on the %s fleet." % (DELIBERATE_VERSION_IPS[2], ch(TYPES))])
    return "posicionamento %s: voo %s, %s, classe %s, pairing %s, hotel bloco %d quartos" % (
        ch(["deadhead", "extra crew", "DHC"]), flight(), date_iso(), ch("YJCB"), pairing(), ri(2, 14))


TALK = {
    "br": ["Galera, a senha do usuário de serviço do AMOS foi rotacionada hoje, quem tinha cache no DBeaver vai precisar logar de novo.",
           "Não mandem token do EFB aqui no canal, nem em DM — usa o cofre.",
           "Se alguém colou a chave da API do TRAX no ticket, avisa que a gente revoga na hora.",
           "O scanner pegou um possível número de cartão no log do hotel da tripulação, era só o número da reserva.",
           "A regra nova do DLP marca CPF, telefone e e-mail no export de escala; os campos agora saem mascarados.",
           "Quem precisa de acesso ao banco do TRAX pede pelo ServiceNow, a senha não é passada por Slack.",
           "O token do bot do canal #mx-aog expirou, já pedi outro pro time de plataforma.",
           "Os técnicos americanos mandaram o SSN por e-mail, pedi pra apagar e enviar pelo portal do RH.",
           "Rotação trimestral: chaves da AWS do uploader de QAR, certificado do gateway ACARS e senha do MDM.",
           "A chave privada do túnel com a SITA fica só no HSM, ninguém exporta.",
           "O print do MDM que circulou ontem mostrava o token de enrollment; já foi invalidado.",
           "Vamos trocar as senhas fixas dos tablets EFB por login com o crachá + PIN pessoal.",
           "O export da escala pro hotel não pode levar telefone nem e-mail da tripulação, só matrícula e pairing.",
           "Pedido da auditoria da ANAC: evidência de rotação de credenciais do AMOS nos últimos 90 dias.",
           "Quem tiver chave SSH pessoal no servidor do gateway ACARS, remove até sexta, vamos usar certificado curto."],
    "pt": ["Equipa, a palavra-passe do utilizador de serviço do AMOS foi alterada, o cofre já tem a nova.",
           "Por favor não partilhem o IBAN dos fornecedores no canal, está tudo no SAP.",
           "O certificado do gateway ACARS de Lisboa expira na sexta; a chave privada não sai do servidor.",
           "Alguém enviou o número de telemóvel de um técnico no canal público, já apaguei a mensagem.",
           "O token de acesso do portal de escalas passou a durar 8 horas em vez de 24.",
           "Se virem uma chave de API no log do eTechLog, abram incidente de segurança, não a copiem.",
           "A auditoria pediu a lista de quem tem acesso às credenciais do Jeppesen, sem as credenciais em si.",
           "Os dados de cartão da reserva de hotel da tripulação nunca devem ir para o Jira.",
           "A password do TRAX de homologação é diferente da de produção; pedir ao turno de plataforma.",
           "O RGPD obriga-nos a apagar os contactos pessoais dos técnicos subcontratados no fim do contrato.",
           "Mudámos o segredo partilhado do webhook do eTechLog; a integração antiga deixa de funcionar às 18h.",
           "Ninguém deve guardar chaves de API em folhas de Excel na pasta da Engenharia."],
    "ja": ["AMOS のサービスアカウントのパスワードを本日ローテーションしました。値は Vault を参照してください。",
           "EFB のトークンを Slack に貼らないでください。見つけたら失効させます。",
           "ACARS ゲートウェイの秘密鍵は HSM から出さない運用です。",
           "乗員の電話番号やメールアドレスを含む CSV は共有ドライブに置かないこと。",
           "GitHub のアクセストークンが期限切れで CI が落ちていました。新しいものは管理者が設定済みです。",
           "クレジットカード番号がログに出ていないか、ホテル予約連携のマスキングを確認しました。",
           "API キーの棚卸しを今月末までに実施します。値ではなく名前と用途だけ一覧にしてください。",
           "パスワードをチャットで送るのは禁止です。1Password の共有リンクを使ってください。",
           "整備記録の PDF に整備士の携帯番号が載っていたので、テンプレートから削除しました。",
           "JWT の有効期限を 12 時間から 8 時間に短縮します。EFB は自動で再ログインします。",
           "外部委託先に IBAN を聞くときはメールではなく購買システム経由でお願いします。",
           "ACARS ゲートウェイの証明書更新は来週火曜、秘密鍵は新しく生成します。"],
    "en": ["Reminder: the OpenAI key for the defect classifier lives in Secrets Manager, not in the notebook.",
           "We rotated the Slack bot token after it showed up in a screenshot, the old one is revoked.",
           "The pentest flagged that the crew portal logged phone numbers in clear text; fix ships next sprint.",
           "Never paste a private key in a ticket, even a test one, the scanner will page security.",
           "The AWS access keys for the QAR uploader are now short-lived via IAM roles, no static secret anymore.",
           "Who owns the Anthropic API key for the tech-log summarizer? Billing wants a cost center, not the key.",
           "IBANs for vendor payments come from SAP only; if a repair shop emails new bank details, call them back.",
           "JWTs from the EFB login expire after 12h; the refresh token is stored in the iPad keychain.",
           "The GitHub PAT used by the MEL rules pipeline was replaced with a GitHub App, so no personal tokens anymore.",
           "If a vendor asks for a contractor's SSN over chat, refuse and point them to the HR portal.",
           "Secret scanning blocked a push to techlog-ios today; false positive on a test fixture, no real key."],
}


def neg_talk():
    k = ri(0, 11)
    if k == 0:
        return " ".join(R.sample(TALK["br"], ri(1, 3)))
    if k == 1:
        return " ".join(R.sample(TALK["pt"], ri(1, 3)))
    if k == 2:
        return "".join(R.sample(TALK["ja"], ri(1, 3)))
    if k == 3:
        return " ".join(R.sample(TALK["en"], ri(1, 3)))
    if k == 4:
        a, b = ch(TALK["br"] + TALK["pt"]), ch(TALK["ja"])
        return "%s\n（日本語）%s" % (a, b)
    if k == 5:
        items = R.sample(TALK["br"] + TALK["pt"] + TALK["en"], ri(3, 5))
        return "*Notas do security sync (%s)*\n" % date_iso() + "\n".join("• " + i for i in items)
    if k == 6:
        q = ch(["onde fica a senha do usuário de leitura do AMOS?", "alguém tem o token do MDM dos EFB?",
                "qual é a palavra-passe do portal da Airbus?", "AMOS の読み取り専用ユーザーのパスワードってどこ？",
                "where do I get the API key for the Lido sandbox?"])
        a = ch(["no cofre, pasta MX-Eng. Aqui não.", "Pede acesso pelo ServiceNow e o plantão te libera no Vault.",
                "Vault の mx-eng パスにあります。ここには貼らないで。", "Secrets Manager, ask platform for the IAM role, don't DM it."])
        return "> %s\n%s" % (q, a)
    if k == 7:
        steps = ch([["Revogar o token/chave no sistema de origem.", "Rotacionar senhas relacionadas.", "Verificar logs de acesso.",
                     "Abrir INC e avisar o DPO se houve dado pessoal (telefone, e-mail, IBAN)."],
                    ["Revogar a credencial na origem.", "Gerar nova chave e guardar no cofre.", "Atualizar os serviços que a usam.",
                     "Rever os acessos das últimas 72h.", "Registar no ticket sem colar o valor."],
                    ["発行元でトークンを失効させる。", "関連するパスワードを変更する。", "アクセスログを確認する。", "個人情報が含まれる場合は DPO に連絡する。"],
                    ["Revoke the key at the source.", "Rotate anything derived from it.", "Check access logs for the exposure window.",
                     "File the INC; never paste the value in the ticket."]])
        head = ch(["Runbook – vazamento de credencial (%s)", "ランブック: 認証情報漏えい（%s）", "Runbook: leaked credential (%s)"]) % ch(SYSTEMS)
        return head + "\n" + "\n".join("%d. %s" % (i + 1, x) for i, x in enumerate(steps))
    if k == 8:
        return "discussão do regex do scanner: o padrão de telefone BR está a apanhar números de WO de 11 dígitos, e o de cartão apanha timestamps em ms. %s" % ch(
            ["Vamos exigir o Luhn e o prefixo de bandeira.", "電話番号は国番号があるときだけにしたい。", "Proposal: require context words like cel/telemóvel/携帯."])
    if k == 9:
        return "%s %s %s" % (ch(["Incidente INC%07d:" % ri(1, 9999999), "Resumo do INC%07d:" % ri(1, 9999999), "インシデント INC%07d:" % ri(1, 9999999)]),
                             ch(TALK["en"] + TALK["br"] + TALK["pt"]), ch(["Sem impacto operacional.", "Impacto: nenhum voo atrasado.", "運航への影響なし。", "Closed."]))
    if k == 10:
        qa = R.sample([("Posso mandar a senha por DM?", "Não. Usa o link de partilha do cofre."),
                       ("O scanner marcou o meu commit por causa de um número de cartão, o que faço?", "Se era dado de teste, marca como falso positivo; se não, avisa o security."),
                       ("トークンを誤って貼ってしまったら？", "すぐに失効させて #sec-incident に報告してください。"),
                       ("Can I keep the API key in the notebook for the demo?", "No, read it from the environment."),
                       ("Onde peço o telefone de um técnico de outra base?", "No AIMS, com o teu login. Não pelo canal.")], 3)
        return "*FAQ segurança – MX/Crew IT*\n" + "\n".join("Q: %s\nA: %s" % x for x in qa)
    return "%s %s" % (ch(TALK["ja"]), ch(TALK["en"] + TALK["pt"]))


NEG_CATS = [("data_uri_base64", neg_data_uri), ("placeholder_example", neg_placeholder), ("code_identifier", neg_code_identifier),
            ("non_credential_blob", neg_blob), ("pii_lookalike_number", neg_number), ("talk_about_secrets", neg_talk)]


def build_negatives():
    out = []
    seen = set()
    redraws = {}
    for cat, fn in NEG_CATS:
        n = 0
        tries = 0
        while n < 100:
            tries += 1
            if tries > 5000:
                raise SystemExit("too many redraws in %s" % cat)
            text = wrap(fn())
            if text in seen:
                continue
            hits = scan(text)
            if hits:
                redraws[hits[0][0]] = redraws.get(hits[0][0], 0) + 1
                continue
            seen.add(text)
            out.append({"text": text, "category": cat})
            n += 1
    return out, redraws


# ----------------------------------------------------------------------------------------------
# POSITIVE value generators
# ----------------------------------------------------------------------------------------------
BR_DDD = [11, 12, 13, 15, 16, 19, 21, 24, 27, 31, 41, 47, 48, 51, 61, 62, 71, 81, 85, 91, 92]


def phone(country=None, style=None):
    c = country or ch(["br", "br", "pt", "jp", "jp"])
    if c == "br":
        ddd = ch(BR_DDD)
        if R.random() < 0.8:
            a, b = "9" + str(ri(6, 9)) + rs(DI, 3), rs(DI, 4)
        else:
            a, b = str(ri(2, 5)) + rs(DI, 3), rs(DI, 4)
        s = style if style is not None else ri(0, 5)
        return ["+55 %d %s-%s" % (ddd, a, b), "(%d) %s-%s" % (ddd, a, b), "%d %s %s-%s" % (ddd, a[0], a[1:], b) if len(a) == 5 else "%d %s-%s" % (ddd, a, b),
                "+55%d%s%s" % (ddd, a, b), "55 (%d) %s-%s" % (ddd, a, b), "+55 (%d) %s %s" % (ddd, a, b)][s]
    if c == "pt":
        if R.random() < 0.75:
            d = ch("1236")
            n = "9" + d + rs(DI, 7)
        else:
            n = ch(["21", "22"]) + rs(DI, 7)
        s = style if style is not None else ri(0, 3)
        return ["+351 %s %s %s" % (n[:3], n[3:6], n[6:]), "%s %s %s" % (n[:3], n[3:6], n[6:]), "00351 %s" % n, "+351%s" % n][s]
    if c == "jp":
        r = R.random()
        if r < 0.7:
            p, a, b = ch(["090", "080", "070"]), str(ri(1, 9)) + rs(DI, 3), rs(DI, 4)
            s = style if style is not None else ri(0, 4)
            return ["%s-%s-%s" % (p, a, b), "+81 %s-%s-%s" % (p[1:], a, b), "%s %s %s" % (p, a, b), "+81%s%s%s" % (p[1:], a, b),
                    "".join(chr(ord(x) + 0xFEE0) if x.isdigit() else ("－" if x == "-" else x) for x in "%s-%s-%s" % (p, a, b))][s]
        if r < 0.85:
            return "03-%d%s-%s" % (ri(3, 6), rs(DI, 3), rs(DI, 4))
        return "0476-%d%d-%s" % (ri(2, 3), ri(0, 9), rs(DI, 4))
    if c == "us":
        return "+1 %d-%d-%s" % (ch([206, 425, 513, 860, 954]), ch([ri(201, 554), ri(556, 989)]), rs(DI, 4))
    raise ValueError(c)


PW_WORDS = ["Hangar", "Guarulhos", "Sakura", "Narita", "Portela", "Alfama", "Manutencao", "Rampa", "Trem", "Fuji", "Tejo", "Pouso", "Atr72", "Kansai"]


def password():
    k = ri(0, 3)
    if k == 0:
        return ch(PW_WORDS) + ch("@#!$%&*") + str(ri(10, 2099)) + ch(["", "!", "#", "x"])
    if k == 1:
        return rs(AL, ri(3, 5)) + ch("#!%*@") + rs(AL, ri(4, 6)) + ch("!#&$") + rs(DI, 2)
    if k == 2:
        return ch(PW_WORDS).lower() + str(ri(1, 9)) + ch(PW_WORDS) + ch("!?#") + rs(DI, ri(2, 3))
    s = rs(AL, 14)
    return s[:4] + ch("-_.!") + s[4:9] + ch("#%") + s[9:]


CARD_NETS = [("visa", "4", 16), ("visa", "4", 16), ("mastercard", "51", 16), ("mastercard", "54", 16), ("mastercard", "2221", 16),
             ("amex", "37", 15), ("amex", "34", 15), ("jcb", "3530", 16), ("jcb", "3566", 16), ("elo", "636368", 16),
             ("elo", "504175", 16), ("hipercard", "606282", 16), ("diners", "36", 14)]


def card():
    net, pre, ln = ch(CARD_NETS)
    d = luhn_complete(pre, ln)
    st_ = ri(0, 2)
    if ln == 15:
        parts = [d[:4], d[4:10], d[10:]]
    elif ln == 14:
        parts = [d[:4], d[4:10], d[10:]]
    else:
        parts = [d[i:i + 4] for i in range(0, 16, 4)]
    v = [d, " ".join(parts), "-".join(parts)][st_]
    return v, net


def iban(cc):
    if cc == "PT":
        bank = ch(["0035", "0033", "0007", "0010", "0018", "0036"])
        br = rs(DI, 4)
        acc = rs(DI, 11)
        nib19 = bank + br + acc
        chk = 98 - (int(nib19) * 100) % 97
        bban = nib19 + "%02d" % chk
    elif cc == "BR":
        bban = ch(["00000000", "60701190", "00360305", "90400888", "60746948"]) + rs(DI, 5) + rs(DI, 10) + ch("CP") + ch("12")
    elif cc == "ES":
        bank, br, acc = ch(["0049", "2100", "0182", "0081"]), rs(DI, 4), rs(DI, 10)

        def dc(s):
            w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
            v = 11 - sum(int(a) * b for a, b in zip(s, w)) % 11
            return {11: 0, 10: 1}.get(v, v)
        bban = bank + br + "%d%d" % (dc("00" + bank + br), dc(acc)) + acc
    elif cc == "FR":
        bank, br, acc = ch(["30004", "30003", "20041", "10107"]), rs(DI, 5), rs(DI, 11)
        key = 97 - (89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97
        bban = bank + br + acc + "%02d" % key
    elif cc == "DE":
        bban = ch(["37040044", "50070010", "10010010", "20050550"]) + rs(DI, 10)
    elif cc == "GB":
        bban = ch(["NWBK", "BARC", "LOYD", "HBUK"]) + rs(DI, 6) + rs(DI, 8)
    elif cc == "NL":
        while True:
            acc = "0" + rs(DI, 9)
            if sum(int(a) * w for a, w in zip(acc, range(10, 0, -1))) % 11 == 0 and acc[1] != "0":
                break
        bban = ch(["ABNA", "INGB", "RABO"]) + acc
    else:
        raise ValueError(cc)
    ib = iban_make(cc, bban)
    assert iban_ok(ib)
    if R.random() < 0.6:
        return " ".join(ib[i:i + 4] for i in range(0, len(ib), 4))
    return ib


def ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    g, s = ri(1, 99), ri(1, 9999)
    return "%03d-%02d-%04d" % (a, g, s)


PUB_FIRST = [177, 179, 186, 187, 189, 191, 200, 201, 45, 62, 85, 89, 94, 109, 128, 133, 150, 153, 163, 185, 210, 213, 52, 34]


def ipv4():
    while True:
        q = (ch(PUB_FIRST), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(*q):
            return "%d.%d.%d.%d" % q


def url_pw():
    return ch([rs(AL, ri(12, 20)), ch(PW_WORDS) + rs(DI, 3) + ch("!*-_.~") + rs(AL, 5), rs(AL, 6) + ch("-_.~") + rs(AL, 8)])


def jwt():
    rs256 = R.random() < 0.5
    hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(URLSAFE, 22)} if rs256 else {"alg": "HS256", "typ": "JWT"}
    now = epoch()
    pl = ch([
        {"sub": "efb-%04d" % ri(1, 9999), "tail": tail(), "scope": "docs:read acars:send", "iat": now, "exp": now + 43200, "iss": "https://auth.asa-mro.internal"},
        {"sub": "svc_amos_bridge", "aud": "amos-api", "roles": ["wo.read", "wo.write"], "iat": now, "exp": now + 3600},
        {"sub": crewid(), "base": ch(["GRU", "LIS", "NRT"]), "rank": ch(["CMD", "FO", "CCM"]), "iat": now, "exp": now + 28800, "jti": uuid4()},
        {"client_id": "techlog-ipad", "station": st(), "iat": now, "nbf": now, "exp": now + 7200},
    ])
    sig = rbytes(256 if rs256 else 32)
    return "%s.%s.%s" % (b64url(json.dumps(hdr, separators=(",", ":")).encode()), b64url(json.dumps(pl, separators=(",", ":")).encode()), b64url(sig))


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big")
    return der(0x02, b)


def is_probable_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(24):
        a = R.randrange(2, n - 1)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def prime(bits):
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if is_probable_prime(c):
            return c


def rsa_der(bits=2048):
    e = 65537
    while True:
        p, q = prime(bits // 2), prime(bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e != 0:
            break
    n = p * q
    d = pow(e, -1, phi)
    seq = b"".join(der_int(x) for x in (0, n, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)))
    return der(0x30, seq)


def ec_der():
    priv = rbytes(32)
    oid = bytes.fromhex("06082a8648ce3d030107")
    pub = b"\x00\x04" + rbytes(64)
    return der(0x30, der_int(1) + der(0x04, priv) + der(0xA0, oid) + der(0xA1, der(0x03, pub)))


def ed25519_der():
    return bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)


def openssh_blob():
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub = rbytes(32)
    priv = rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    comment = ch([b"acars-gw@lis", b"deploy@efb-sync", b"qar-upload@gru"])
    blk = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(priv + pub) + sstr(comment)
    i = 1
    while len(blk) % 8:
        blk += bytes([i])
        i += 1
    return b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(blk)


def pem(kind):
    if kind == "ec":
        return "EC PRIVATE KEY", b64(ec_der()), 64
    if kind == "ed25519":
        return "PRIVATE KEY", b64(ed25519_der()), 64
    if kind == "rsa":
        return "RSA PRIVATE KEY", b64(rsa_der()), 64
    return "OPENSSH PRIVATE KEY", b64(openssh_blob()), 70


def pem_lines(body, width):
    return [body[i:i + width] for i in range(0, len(body), width)]


def aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)


def aws_secret():
    return rs(AL + "+/", 40)


def b62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = (DI + UP + LO)[r] + s
    return s.rjust(width, "0")


def gh_classic():
    body = rs(AL, 30)
    return "ghp_" + body + b62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def gh_fine():
    return "github_pat_11" + rs(UP + DI, 20) + "_" + rs(AL, 59)


def slack_bot():
    return "xoxb-%d-%d-%s" % (ri(10 ** 10, 10 ** 12), ri(10 ** 12, 10 ** 13 - 1), rs(AL, 24))


def slack_user():
    return "xoxp-%d-%d-%d-%s" % (ri(10 ** 10, 10 ** 12), ri(10 ** 10, 10 ** 12), ri(10 ** 12, 10 ** 13 - 1), rs(HEX, 32))


def openai_key():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(URLSAFE, 64) + "T3BlbkFJ" + rs(URLSAFE, 64)
    if k == 1:
        return "sk-" + rs(AL, 20) + "T3BlbkFJ" + rs(AL, 20)
    return "sk-svcacct-" + rs(URLSAFE, 64) + "T3BlbkFJ" + rs(URLSAFE, 64)


def anthropic_key():
    return "sk-ant-api03-" + rs(URLSAFE, 93) + "AA"


NAMES_BR = ["Thiago Nogueira", "Fernanda Lopes", "Rafael Teixeira", "Juliana Prado", "Marcos Vieira", "Camila Duarte"]
NAMES_PT = ["Rui Carvalho", "Inês Moura", "Tiago Figueiredo", "Marta Sequeira", "Nuno Barros", "Joana Pires"]
NAMES_JP = ["佐藤 健太", "高橋 美咲", "山本 亮", "中村 彩", "小林 翔", "伊藤 由美"]
NAMES_JP_ROMA = ["Kenta Sato", "Misaki Takahashi", "Ryo Yamamoto", "Aya Nakamura", "Sho Kobayashi"]
DOMAINS = ["atlanticasakura.com.br", "asa-aero.pt", "asa-air.co.jp", "mro-partsgru.com.br", "aerotec-porto.pt", "hangar-itami.jp", "gse-narita.co.jp"]


def email(name=None, dom=None):
    nm = name or ch(NAMES_BR + NAMES_PT + NAMES_JP_ROMA)
    parts = nm.lower().replace("ç", "c").replace("ê", "e").replace("ó", "o").split()
    local = ch(["%s.%s" % (parts[0], parts[-1]), "%s%s" % (parts[0][0], parts[-1]), "%s_%s" % (parts[0], parts[-1][0])])
    return "%s@%s" % (local, dom or ch(DOMAINS))


# ----------------------------------------------------------------------------------------------
# POSITIVE templates, single kind
# ----------------------------------------------------------------------------------------------
def longtext():
    return ch([
        "Resumo do turno da noite em %s: %s com %s diferido, troca de roda no %s concluída, %s ainda aguardando peça (P/N %s), e o ACARS do %s voltou depois do reset do CMU. "
        % (st(), tail(), mel(), tail(), tail(), pn(), tail()),
        "引き継ぎ: %s は %s を適用中、%s の部品（P/N %s）は明朝着予定、%s の EFB は再登録済み。夜勤の連絡先は下記のとおり。"
        % (tail(), mel(), tail(), pn(), tail()),
        "Handover %s: %s AOG (ATA %s), part %s ETA tomorrow %sZ; %s released after %s; roster change for pairing %s pushed to EFB. "
        % (st(), tail(), ata_ref(), pn(), hhmm(), tail(), wo(), pairing()),
    ])


def p_phone(i, v=None):
    t = i % 11
    if t in (2, 9):
        v = v or phone("jp")
    elif t in (1, 5):
        v = v or phone("pt")
    else:
        v = v or phone("br")
    nb, npt, nj = ch(NAMES_BR), ch(NAMES_PT), ch(NAMES_JP)
    texts = [
        "Pessoal, quem está de sobreaviso no hangar de %s hoje é %s, cel %s. Qualquer AOG do %s liga direto." % (ch(ST_BR), nb, v, tail()),
        "Para o %s em %s: contactar o chefe de turno (%s) pelo %s antes de fechar a %s." % (tail(), ch(ST_PT), npt, v, wo()),
        "%sさんの携帯: %s（夜間はこちらへ）。%s の %s の件です。" % (nj, v, tail(), mel()),
        "| função | nome | contato |\n|---|---|---|\n| MCC duty | %s | %s |\n| ACARS GW | plantão plataforma | #acars-gw |" % (nb, v),
        cb("crew_id,base,nome,telefone\n%s,%s,%s,%s" % (crewid(), ch(ST_BR), nb, v), "csv"),
        "> qual o número do AOG desk em %s?\n%s — pede pelo turno da noite (%s)" % (ch(ST_PT), v, npt),
        "escalation: if ACARS gateway is down >15 min call %s on %s (sobreaviso até sexta)" % (nb, v),
        cb("%s WARN  sms-notifier pairing change sent to=%s pairing=%s base=%s status=DELIVERED" % (ts_iso(), v, pairing(), ch(ST_BR))),
        longtext() + "\nDúvidas, falar com %s: %s" % (nb, v),
        "成田ライン整備の詰所: %s（%s 担当、内線なし）" % (v, nj),
        "meu número mudou, agora é %s (whatsapp também) — atualiza no AIMS por favor, %s" % (v, ch(["valeu", "obg"])),
    ]
    return texts[t], [v]


def p_password(i, v=None):
    v = v or password()
    t = i % 13
    texts = [
        cb("Server=%s;Database=AMOSPRD;User Id=amos_app;Password=%s;Encrypt=True;TrustServerCertificate=False" % (host(), v)),
        "application-prod.properties do conector TRAX:\n" + cb("spring.datasource.url=jdbc:postgresql://%s:5432/trax\nspring.datasource.username=trax_rpt\nspring.datasource.password=%s" % (host(), v), "properties"),
        "a senha do usuário admin do eTechLog no tablet do %s é %s — troca depois que o %s fechar" % (tail(), v, wo()),
        "EFBのMDM管理者パスワード：%s\n（%s の iPad 再登録用、作業後に変更します）" % (v, tail()),
        cb("trax:\n  db:\n    host: %s\n    user: trax_sync\n    password: \"%s\"\n  station: %s" % (host(), v, st()), "yaml"),
        "Palavra-passe temporária do portal de escalas: %s (expira em 24h, mudar no primeiro login)" % v,
        "DSN que o ETL de confiabilidade usa:\n`host=%s port=5432 dbname=trax user=trax_rpt password=%s sslmode=require`" % (host(), v),
        "| sistema | utilizador | password |\n|---|---|---|\n| AMOS QA | amos_qa | %s |\n| TRAX QA | trax_qa | (cofre) |" % v,
        "> alguém tem a senha do wi-fi do hangar %d em %s?\n`%s` — rede ASA-HGR-MX" % (ri(1, 6), ch(ST_BR), v),
        cb("ACARS_GW_HOST=%s\nACARS_GW_USER=gw_%s\nACARS_GW_PASSWORD=%s" % (host(), ch(["gru", "lis", "nrt"]), v), "bash"),
        "Login do Jeppesen no EFB da frota %s: user ops.efb / pw %s" % (ch(TYPES), v),
        cb("[oracle]\nuser = amosrpt\npass = %s\ndsn = %s:1521/AMOSPRD" % (v, host()), "ini"),
        cb('conn = oracledb.connect(user="amos_ro", password="%s", dsn="%s/AMOSPRD")' % (v, host()), "python"),
    ]
    return texts[t], [v]


def p_card(i, v=None):
    if v is None:
        v, _ = card()
    t = i % 8
    texts = [
        "AOG do %s: comprei o %s no fornecedor de %s com o cartão corporativo %s, val %02d/%d. Nota fiscal vai pro financeiro." % (tail(), pn(), ch(ST_BR), v, ri(1, 12), ri(26, 30)),
        "Hotel da tripulação em %s (pairing %s), cartão da empresa: %s" % (ch(ST_PT + ST_BR), pairing(), v),
        "乗員ホテル（%s）の保証用カード番号: %s　有効期限 %02d/%d" % (ch(ST_JP), v, ri(1, 12), ri(26, 30)),
        cb("reserva,hotel,cartao,noites\nRSV-%d,%s Airport Inn,%s,%d" % (ri(10000, 99999), ch(STATIONS), v, ri(1, 3)), "csv"),
        "Renovação da assinatura Navigraph dos EFB — cobrar no %s (cartão do centro de custo MX)" % v,
        "> qual cartão uso pro frete do motor?\nusa o %s, já está liberado pra AOG" % v,
        "%s INFO hotel-booking charge ok card=%s amount=%s pairing=%s" % (ts_iso(), v, money(), pairing()),
        "Frete urgente %s → %s, part %s. Card on file: %s (corporate, MX cost center)" % (ch(ST_JP), ch(ST_BR), pn(), v),
    ]
    return texts[t], [v]


def p_email(i, v=None):
    v = v or email()
    t = i % 2
    texts = ["manda o relatório mensal de confiabilidade (ATA %02d) pra %s, ela consolida pro CAMO" % (ch(ATA)[0], v),
             "部品修理の見積もりは %s まで送ってください。%s の %s です。" % (v, tail(), pn())]
    return texts[t], [v]


def p_iban(i, v=None):
    ccs = ["PT", "BR", "ES", "FR", "DE", "GB", "NL", "PT"]
    v = v or iban(ccs[i % len(ccs)])
    t = i % 8
    texts = [
        "Dados para pagamento da oficina de rodas e travões (fatura FT %d/%d): IBAN %s" % (ri(2024, 2026), ri(100, 9999), v),
        "Fornecedor de GSE em %s mandou os dados bancários novos: %s — confirmar por telefone antes de pagar" % (ch(ST_BR), v),
        cb("fornecedor;pais;iban;valor\nReparaciones Aeronáuticas SL;ES;%s;%s" % (v, money()), "csv"),
        "Virement pour la révision du %s (P/N %s) : %s" % (ch(["démarreur", "IDG", "train principal"]), pn(), v),
        "Zahlung an den Komponenten-Shop für %s, IBAN: %s" % (pn(), v),
        "repair shop bank details for %s: %s (sort code inside)" % (wo(), v),
        "NL leverancier (wielen/remmen) → %s, referentie %s" % (v, wo()),
        "NIB/IBAN da empresa de calibração de ferramentas: %s (pedido PO %d)" % (v, ri(4500000000, 4599999999)),
    ]
    return texts[t], [v]


def p_ssn(i, v=None):
    v = v or ssn()
    t = i % 4
    texts = [
        "Badge request for the %s field rep arriving at %s on %s — name Kevin Walsh, SSN %s, US passport on file." % (ch(["GE Aerospace", "Boeing", "Collins"]), ch(STATIONS), date_iso(), v),
        cb("contractor,company,ssn,start\nD. Harper,%s,%s,%s" % (ch(["Boeing FSR", "GE on-wing"]), v, date_iso()), "csv"),
        "o técnico americano da %s precisa do acesso ao AMOS; o RH pediu o SSN dele: %s" % (ch(["Pratt", "Honeywell"]), v.replace("-", "")),
        "米国籍の派遣技術者（Tom Reilly）の SSN: %s　入構申請に必要とのこと" % v,
    ]
    v2 = v.replace("-", "") if t == 2 else v
    return texts[t], [v2]


def p_ip(i, v=None):
    v = v or ipv4()
    t = i % 5
    texts = [
        "liberar no firewall do hangar o IP do AMOS cloud do fornecedor: %s porta 443" % v,
        "SITA ACARS ゲートウェイのグローバルIPが %s に変わりました。ACL 更新お願いします。" % v,
        cb('%s - - [%s] "POST /api/v2/techlog HTTP/1.1" 401 187 "-" "eTechLog/5.2 (iPad)"' % (v, "12/Jul/2025:03:14:07 +0000")),
        "o túnel IPsec com o MRO em %s sobe do lado deles em %s" % (ch(ST_PT), v),
        "traceroute do EFB até o Lido morre no hop %d (%s), já abri chamado" % (ri(6, 14), v),
    ]
    return texts[t], [v]


def p_url(i, pw=None):
    pw = pw or url_pw()
    t = i % 7
    texts = [
        cb("TRAX_DB_URL=postgresql://trax_rpt:%s@%s:5432/trax" % (pw, host()), "bash"),
        "a URI do Mongo do efb-sync: `mongodb+srv://efbsync:%s@efb-cluster0.x7kq2.mongodb.net/efb?retryWrites=true`" % pw,
        cb("cache:\n  url: redis://:%s@%s:6379/0" % (pw, host()), "yaml"),
        "fila ACARS em prod: amqps://acars_gw:%s@mq.asa-mro.internal:5671/acars" % pw,
        cb('engine = create_engine("mysql+pymysql://crew_ro:%s@%s:3306/roster")' % (pw, host()), "python"),
        "QAR 転送先: sftp://qar_upload:%s@sftp.fdm-vendor.example.net:22/incoming/" % pw,
        "%s ERROR amos-bridge retry url=https://svc_amos:%s@amos.asa-mro.internal/api/v2/workorders status=503" % (ts_iso(), pw),
    ]
    return texts[t], [pw]


def p_jwt(i, v=None):
    v = v or jwt()
    t = i % 8
    texts = [
        cb('curl -s https://efb-api.asa-mro.internal/v1/docs \\\n  -H "Authorization: Bearer %s"' % v, "bash"),
        cb(json.dumps({"access_token": v, "token_type": "Bearer", "expires_in": 43200}, indent=2), "json"),
        "o token do EFB do %s não renova, olha o que o app manda: %s" % (tail(), v),
        "乗員ポータルのセッショントークンです（期限切れのはず？）: %s" % v,
        "%s DEBUG crew-portal auth ok bearer=%s pairing=%s" % (ts_iso(), v, pairing()),
        "Cookie: session=%s; lang=pt-PT" % v,
        "> consegues ver porque dá 401?\nsim, o JWT que o TRAX devolve é este: `%s`" % v,
        "Postman env (prod!!) exportado:\n" + cb(json.dumps({"key": "efb_session_token", "value": v, "enabled": True}), "json"),
    ]
    return texts[t], [v]


def p_pem(i):
    kinds = ["ec", "ed25519", "rsa", "openssh"]
    kind = kinds[i % 4]
    label, body, width = pem(kind)
    lines = pem_lines(body, width)
    layout = i % 5
    begin, end = "-----BEGIN %s-----" % label, "-----END %s-----" % label
    if layout == 0:
        v = "\n".join(lines)
        text = "chave do gateway ACARS de %s, pra teste no staging:\n" % ch(ST_PT + ST_BR) + cb("%s\n%s\n%s" % (begin, v, end))
    elif layout == 1:
        v = "\\n".join(lines)
        text = cb(json.dumps({"device": "EFB-%04d" % ri(1, 9999), "mdm_cert_key": "X"}).replace('"X"', '"%s\\n%s\\n%s\\n"' % (begin, v, end)), "json")
    elif layout == 2:
        ind = "    "
        v = ("\n" + ind).join(lines)
        text = cb("apiVersion: v1\nkind: Secret\nmetadata:\n  name: sita-tunnel\nstringData:\n  tls.key: |\n%s%s\n%s%s\n%s%s" % (ind, begin, ind, v, ind, end), "yaml")
    elif layout == 3:
        v = "\n".join(lines)
        text = "QAR SFTP 用の鍵です。終わったら消します。\n%s\n%s\n%s" % (begin, v, end)
    else:
        v = "\n".join(lines)
        text = cb('resource "tls_locally_signed_cert" "efb" {\n  ca_private_key_pem = <<-EOT\n%s\n%s\n%s\n  EOT\n}' % (begin, v, end), "hcl")
    return text, [v], "private_key_pem:%s:layout%d" % (kind, layout)


def p_aws_id(i, v=None):
    v = v or aws_id()
    t = i % 3
    texts = ["a access key do usuário qar-uploader é %s, o secret está no 1Password (pasta FDM)" % v,
             "CloudTrail mostra chamadas do key id %s a partir de %s, é o nosso uploader de QAR?" % (v, ch(["sa-east-1", "eu-west-1", "ap-northeast-1"])),
             "IAM の古いアクセスキー %s を無効化してよいですか？（ACARS アーカイブ用）" % v]
    return texts[t], [v]


def p_aws_secret(i, v=None):
    v = v or aws_secret()
    t = i % 3
    texts = ["o secret novo do uploader de QAR: %s (key id igual ao de antes)" % v,
             cb('provider "aws" {\n  region     = "sa-east-1"\n  secret_key = "%s"\n}' % v, "hcl"),
             "rotacionei, secret access key = %s — avisem quando atualizarem o cron" % v]
    return texts[t], [v]


def p_gh_classic(i, v=None):
    v = v or gh_classic()
    t = i % 6
    texts = [
        "usa meu PAT enquanto o bot não volta: %s (expira em 7 dias)" % v,
        cb("git clone https://%s@github.com/asa-aero/efb-docs-pipeline.git" % v, "bash"),
        "CI の GH_TOKEN、とりあえずこれで: %s" % v,
        cb("export GITHUB_TOKEN=%s\ngh release create v%d.%d.%d --repo asa-aero/techlog-ios" % (v, ri(1, 5), ri(0, 20), ri(0, 9)), "bash"),
        "> o pipeline do AMOS bridge tá sem permissão pro package\ncoloquei o token %s no secret, tenta de novo" % v,
        cb("[url \"https://%s:x-oauth-basic@github.com/\"]\n\tinsteadOf = https://github.com/" % v, "ini"),
    ]
    return texts[t], [v]


def p_gh_fine(i, v=None):
    v = v or gh_fine()
    t = i % 6
    texts = [
        "fine-grained token só com leitura no repo roster-optimizer: %s" % v,
        cb("- uses: actions/checkout@v4\n  with:\n    repository: asa-aero/mel-rules\n    token: %s" % v, "yaml"),
        "渡しておきます（mel-rules リポジトリ read-only）: %s" % v,
        "token pro Renovate no repo do eTechLog → %s, expira em %s" % (v, date_iso()),
        cb("GH_PAT=%s\nREPO=asa-aero/acars-bridge" % v, "bash"),
        "%s INFO release-bot using token %s for asa-aero/efb-config" % (ts_iso(), v),
    ]
    return texts[t], [v]


def p_slack_bot(i, v=None):
    v = v or slack_bot()
    t = i % 6
    texts = [
        "token do bot que posta os AOG no #mx-aog: %s" % v,
        cb("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#crew-ops-it" % v, "bash"),
        "MEL期限通知ボットのトークン: %s　（チャンネル #mel-alerts）" % v,
        cb('client = WebClient(token="%s")\nclient.chat_postMessage(channel="#acars-gw", text=f"uplink falhou {tail}")' % v, "python"),
        "> o bot de escalas parou de postar\nfoi revogado, usa este novo: %s" % v,
        cb("notifier:\n  slack:\n    token: %s\n    channel: \"#efb-suporte\"" % v, "yaml"),
    ]
    return texts[t], [v]


def p_slack_user(i, v=None):
    v = v or slack_user()
    t = i % 6
    texts = [
        "pra exportar o histórico do #mx-eng usei o meu user token: %s" % v,
        cb('curl -H "Authorization: Bearer %s" "https://slack.com/api/conversations.history?channel=C0%s"' % (v, rs(UP + DI, 8)), "bash"),
        "ユーザートークン（xoxp）で #crew-ops-it のアーカイブを取得しました: %s" % v,
        cb("SLACK_USER_TOKEN=%s" % v, "bash"),
        "script de limpeza de canais antigos roda com %s (é o meu, troca depois)" % v,
        "%s WARN slack-archiver rate limited token=%s retry_after=30" % (ts_iso(), v),
    ]
    return texts[t], [v]


def p_openai(i, v=None):
    v = v or openai_key()
    t = i % 6
    texts = [
        "chave da OpenAI do classificador de defeitos do tech log: %s" % v,
        cb('client = OpenAI(api_key="%s")\nresp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": defect_text}])' % v, "python"),
        "故障記録の要約テスト用 OpenAI キー: %s" % v,
        cb("OPENAI_API_KEY=%s\nMODEL=gpt-4o-mini" % v, "bash"),
        "> qual key o notebook de ATA usa?\n`%s`, mas é do projeto sandbox" % v,
        cb("defect_classifier:\n  provider: openai\n  api_key: \"%s\"" % v, "yaml"),
    ]
    return texts[t], [v]


def p_anthropic(i, v=None):
    v = v or anthropic_key()
    t = i % 6
    texts = [
        "chave da Anthropic pro resumidor de relatórios de turno: %s" % v,
        cb('client = anthropic.Anthropic(api_key="%s")' % v, "python"),
        "引き継ぎ要約ボットの Anthropic API キー: %s" % v,
        cb("ANTHROPIC_API_KEY=%s" % v, "bash"),
        "%s ERROR shift-summary 401 from api key=%s (revogada?)" % (ts_iso(), v),
        cb('{\n  "llm": {"vendor": "anthropic", "key": "%s", "model": "claude-3-5-haiku"}\n}' % v, "json"),
    ]
    return texts[t], [v]


SINGLE = {"phone_number": p_phone, "password": p_password, "credit_card": p_card, "email_address": p_email, "iban": p_iban,
          "us_ssn": p_ssn, "ipv4_address": p_ip, "url_credentials": p_url, "jwt": p_jwt, "aws_access_key_id": p_aws_id,
          "aws_secret_access_key": p_aws_secret, "github_classic_pat": p_gh_classic, "github_fine_grained_pat": p_gh_fine,
          "slack_bot_token": p_slack_bot, "slack_user_token": p_slack_user, "openai_api_key": p_openai, "anthropic_api_key": p_anthropic}


# ----------------------------------------------------------------------------------------------
# POSITIVE templates, two secrets
# ----------------------------------------------------------------------------------------------
def m_aws(n):
    a, s = aws_id(), aws_secret()
    texts = [
        cb("[qar-uploader]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = sa-east-1" % (a, s), "ini"),
        cb("export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync ./qar s3://asa-fdm-raw/%s/" % (a, s, tail().replace("-", "")), "bash"),
        "baixei o CSV do console:\n" + cb("User name,Access key ID,Secret access key\nacars-archive,%s,%s" % (a, s), "csv"),
        cb('s3 = boto3.client(\n    "s3",\n    aws_access_key_id="%s",\n    aws_secret_access_key="%s",\n)' % (a, s), "python"),
        cb("docker run --rm -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s asa/qar-ingest:%d.%d" % (a, s, ri(1, 4), ri(0, 20)), "bash"),
        "ACARS アーカイブ用の IAM キーです。\nアクセスキー: %s\nシークレット: %s\n終わったら無効化します。" % (a, s),
    ]
    return texts[n], [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_email_phone(n):
    if n == 0:
        nm = ch(NAMES_BR)
        e, p = email(nm, "atlanticasakura.com.br"), phone("br")
        t = "--\n%s\nEngenharia de Manutenção – Confiabilidade | %s\n%s | %s" % (nm, ch(ST_BR), e, p)
    elif n == 1:
        nm = ch(NAMES_PT)
        e, p = email(nm, "aerotec-porto.pt"), phone("pt")
        t = "Bom dia, para a inspeção boroscópica do %s em %s o contacto da Aerotec é %s — %s / %s" % (tail(), ch(ST_PT), nm, p, e)
    else:
        nm = ch(NAMES_JP_ROMA)
        e, p = email(nm, "gse-narita.co.jp"), phone("jp")
        t = "GSE 修理の窓口: %s\nTEL %s\nMail %s" % (nm, p, e)
    return t, [("email_address", e), ("phone_number", p)]


def m_url_ip():
    ip, pw = ipv4(), url_pw()
    return "staging da fila ACARS exposta (corrigir!): amqp://acars_stg:%s@%s:5672/acars" % (pw, ip), [("url_credentials", pw), ("ipv4_address", ip)]


def m_pw_email():
    nm = ch(NAMES_PT)
    e, pw = email(nm, "asa-aero.pt"), password()
    return "Acesso ao portal AirbusWorld de teste:\nutilizador: %s\npalavra-passe: %s" % (e, pw), [("email_address", e), ("password", pw)]


def m_card_phone():
    c, _ = card()
    p = phone("br")
    return "AOG %s: o fornecedor de %s só aceita cartão por telefone. Liga no %s e passa o %s (centro de custo MX)." % (tail(), pn(), p, c), \
        [("phone_number", p), ("credit_card", c)]


def m_iban_email():
    ib = iban("ES")
    e = email(ch(["Lucia Romero", "Pablo Ortega"]), "reparaciones-mad.es")
    return "Nuevo proveedor (frenos): IBAN %s, facturas a %s. Pedido %s del %s." % (ib, e, wo(), tail()), [("iban", ib), ("email_address", e)]


def m_slack_both():
    b, u = slack_bot(), slack_user()
    return cb("# bot de AOG\nSLACK_BOT_TOKEN=%s\n# export de histórico (user token)\nSLACK_USER_TOKEN=%s" % (b, u), "bash"), \
        [("slack_bot_token", b), ("slack_user_token", u)]


def m_jwt_ip():
    j, ip = jwt(), ipv4()
    return cb('curl -k https://%s/acars/v1/uplink -H "Authorization: Bearer %s" -d @msg.json' % (ip, j), "bash"), [("ipv4_address", ip), ("jwt", j)]


def m_gh_both():
    a, b = gh_classic(), gh_fine()
    return "tokens do pipeline do EFB:\n- classic (publish packages): %s\n- fine-grained (read mel-rules): %s" % (a, b), \
        [("github_classic_pat", a), ("github_fine_grained_pat", b)]


def m_llm_both():
    o, a = openai_key(), anthropic_key()
    return "比較テスト用（故障記録の ATA 分類）:\n" + cb("OPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s" % (o, a), "bash"), \
        [("openai_api_key", o), ("anthropic_api_key", a)]


def m_two_phones():
    a, b = phone("br", 1), phone("jp", 0)
    return "MCC de plantão este fim de semana:\n• GRU: %s\n• NRT: %s（日本語OK）" % (a, b), [("phone_number", a), ("phone_number", b)]


def m_ssn_phone():
    s, p = ssn(), phone("us")
    return "US contractor for the %s borescope: SSN %s, cell %s. Needs airside badge at %s." % (ch(["GEnx", "LEAP-1A", "PW1100G"]), s, p, ch(ST_BR)), \
        [("us_ssn", s), ("phone_number", p)]


def m_card_email():
    c, _ = card()
    e = email(ch(NAMES_BR))
    return "Reserva do hotel da tripulação (pairing %s) confirmada — cartão %s, confirmação enviada para %s" % (pairing(), c, e), \
        [("credit_card", c), ("email_address", e)]


MULTI = [("aws_pair", lambda n: m_aws(n), 6), ("email_phone", lambda n: m_email_phone(n), 3), ("url_ip", lambda n: m_url_ip(), 1),
         ("password_email", lambda n: m_pw_email(), 1), ("card_phone", lambda n: m_card_phone(), 1), ("iban_email", lambda n: m_iban_email(), 1),
         ("slack_both", lambda n: m_slack_both(), 1), ("jwt_ip", lambda n: m_jwt_ip(), 1), ("github_both", lambda n: m_gh_both(), 1),
         ("llm_both", lambda n: m_llm_both(), 1), ("two_phones", lambda n: m_two_phones(), 1), ("ssn_phone", lambda n: m_ssn_phone(), 1),
         ("card_email", lambda n: m_card_email(), 1)]

TCOUNT = {"phone_number": 11, "password": 13, "credit_card": 8, "email_address": 2, "iban": 8, "us_ssn": 4, "ipv4_address": 5,
          "url_credentials": 7, "jwt": 8, "aws_access_key_id": 3, "aws_secret_access_key": 3, "github_classic_pat": 6,
          "github_fine_grained_pat": 6, "slack_bot_token": 6, "slack_user_token": 6, "openai_api_key": 6, "anthropic_api_key": 6}

TARGET = {"phone_number": 18, "password": 14, "credit_card": 12, "email_address": 8, "iban": 9, "us_ssn": 5, "ipv4_address": 7,
          "url_credentials": 7, "jwt": 9, "private_key_pem": 9, "aws_access_key_id": 9, "aws_secret_access_key": 9,
          "github_classic_pat": 9, "github_fine_grained_pat": 9, "slack_bot_token": 9, "slack_user_token": 9,
          "openai_api_key": 9, "anthropic_api_key": 9}


def build_positives():
    out = []
    used = {k: 0 for k in TARGET}
    for name, fn, cnt in MULTI:
        for n in range(cnt):
            text, secs = fn(n)
            for kd, _ in secs:
                used[kd] += 1
            out.append({"text": wrap(text, 0.06, 0.03), "secrets": [{"kind": kd, "value": v} for kd, v in secs],
                        "context": "multi:%s:%d" % (name, n)})
    for kind in TARGET:
        left = TARGET[kind] - used[kind]
        assert left >= 0, kind
        for i in range(left):
            if kind == "private_key_pem":
                text, vals, ctx = p_pem(i)
            else:
                text, vals = SINGLE[kind](i)
                ctx = "%s:t%d" % (kind, i % TCOUNT[kind])
            out.append({"text": wrap(text, 0.06, 0.03), "secrets": [{"kind": kind, "value": v} for v in vals], "context": ctx})
    return out


# ----------------------------------------------------------------------------------------------
# validation of positives
# ----------------------------------------------------------------------------------------------
def validate_positive(rec):
    for s in rec["secrets"]:
        k, v = s["kind"], s["value"]
        assert v and v in rec["text"], (k, v)
        if k == "credit_card":
            d = re.sub(r"[ -]", "", v)
            assert d.isdigit() and luhn_ok(d) and len(d) in (14, 15, 16), v
        elif k == "iban":
            assert iban_ok(v), v
        elif k == "us_ssn":
            d = v.replace("-", "")
            a, g, s_ = int(d[:3]), int(d[3:5]), int(d[5:])
            assert len(d) == 9 and a not in (0, 666) and a < 900 and g and s_, v
        elif k == "ipv4_address":
            assert ip_public(*map(int, v.split("."))), v
        elif k == "jwt":
            h, p, _ = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif k == "private_key_pem":
            body = re.sub(r"\\n|\s", "", v)
            base64.b64decode(body, validate=True)
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
        elif k == "aws_secret_access_key":
            assert re.fullmatch(r"[A-Za-z0-9+/]{40}", v)
        elif k == "github_classic_pat":
            assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v)
            assert b62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:]
        elif k == "github_fine_grained_pat":
            assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v)
        elif k == "slack_bot_token":
            assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v)
        elif k == "slack_user_token":
            assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v)
        elif k == "anthropic_api_key":
            assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v)
        elif k == "openai_api_key":
            assert "T3BlbkFJ" in v and v.startswith("sk-")


def main():
    negs, redraws = build_negatives()
    poss = build_positives()
    for p in poss:
        validate_positive(p)
    texts = [p["text"] for p in poss]
    assert len(set(texts)) == len(texts)
    assert len(poss) == 150 and sum(len(p["secrets"]) for p in poss) == 170
    R.shuffle(negs)
    R.shuffle(poss)
    neg_out = [{"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]} for i, r in enumerate(negs)]
    pos_out = [{"id": "h%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]} for i, r in enumerate(poss)]
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8", newline="\n") as f:
        for r in neg_out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8", newline="\n") as f:
        for r in pos_out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    print("negatives: %d  redraws by first scanner hit: %s" % (len(neg_out), json.dumps(redraws, sort_keys=True)))
    ver = [r["id"] for r in neg_out if any(v in r["text"] for v in DELIBERATE_VERSION_IPS)]
    ex = [r["id"] for r in neg_out if "EXAMPLE" in r["text"]]
    print("negatives with deliberate version-string IPv4 shapes: %s" % ver)
    print("negatives with AWS documentation example keys: %d" % len(ex))
    kinds = {}
    for r in pos_out:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    print("positives: %d texts, %d secrets, %d with two" % (len(pos_out), sum(kinds.values()), sum(1 for r in pos_out if len(r["secrets"]) == 2)))
    print("kinds: %s" % json.dumps(kinds, sort_keys=True))
    miss = 0
    for r in pos_out:
        hits = " ".join(h[1] for h in scan(r["text"]))
        for s in r["secrets"]:
            if s["kind"] in ("private_key_pem", "password") or s["value"] not in hits:
                if s["kind"] not in ("private_key_pem", "password", "aws_secret_access_key"):
                    miss += 1
    print("positives whose value the built-in scanner does not report (excluding pem/password/aws secret): %d" % miss)


if __name__ == "__main__":
    main()
