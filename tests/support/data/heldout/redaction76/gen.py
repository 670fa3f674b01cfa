#!/usr/bin/env python3
"""Generator for held-out redaction corpus #76 (blind).

Theme: the Slack workspace of "Atlântida TI", an IT contractor that runs
social-security and pension systems for public agencies in Portugal, Brazil
and Angola.  Standard library only; the only randomness is
random.Random(76 * 101).  Writes redaction76_negatives.jsonl,
redaction76_positives.jsonl and README.md next to itself.
"""
import base64
import binascii
import hashlib
import json
import math
import os
import random
import re
import struct
import sys
import zlib
from datetime import datetime, timedelta

N = 76
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))
NEG_FILE = "redaction%d_negatives.jsonl" % N
POS_FILE = "redaction%d_positives.jsonl" % N

# ----------------------------------------------------------------------------
# small helpers (all randomness through R)
# ----------------------------------------------------------------------------
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
HEX = "0123456789abcdef"
B64A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
B64U = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def ch(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def rs(alphabet, n):
    return "".join(R.choice(alphabet) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def hexs(n):
    return rs(HEX, n)


def digits(n, first="123456789"):
    return R.choice(first) + rs("0123456789", n - 1) if n > 0 else ""


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    b = bytearray(rbytes(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def uuid7(ms):
    b = bytearray(ms.to_bytes(6, "big") + rbytes(10))
    b[6] = (b[6] & 0x0F) | 0x70
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid(ms):
    t = ""
    v = ms
    for _ in range(10):
        t = CROCK[v % 32] + t
        v //= 32
    return t + rs(CROCK, 16)


BASE_DT = datetime(2025, 1, 6, 0, 0, 0)


def rdt():
    return BASE_DT + timedelta(seconds=R.randrange(0, 690 * 86400), microseconds=R.randrange(0, 1000000))


def iso(dt, ms=True, z=True):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % (dt.microsecond // 1000)
    return s + ("Z" if z else "")


def epoch(dt):
    return int((dt - datetime(1970, 1, 1)).total_seconds())


def luhn_ok(d):
    d = re.sub(r"\D", "", d)
    s = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        s += n
    return s % 10 == 0


def luhn_complete(prefix):
    for c in "0123456789":
        if luhn_ok(prefix + c):
            return prefix + c
    raise AssertionError


def non_luhn(d):
    """Return d (digits) changed in the last digit so that it is NOT Luhn-valid."""
    if luhn_ok(d):
        d = d[:-1] + str((int(d[-1]) + 1) % 10)
    return d


def group(s, sizes, sep=" "):
    out, i = [], 0
    for n in sizes:
        out.append(s[i:i + n])
        i += n
    if i < len(s):
        out.append(s[i:])
    return sep.join(x for x in out if x)


def money_pt(v, cur="€"):
    """1234567.8 -> '1.234.567,80 €' style (PT/BR)."""
    s = "%.2f" % v
    ip, dp = s.split(".")
    ip = "{:,}".format(int(ip)).replace(",", ".")
    return ip + "," + dp


def money_sp(v):
    """1234567.8 -> '1 234 567,80' (AO / PT space grouping)."""
    s = "%.2f" % v
    ip, dp = s.split(".")
    ip = "{:,}".format(int(ip)).replace(",", " ")
    return ip + "," + dp


def fence(body, lang=""):
    return "```" + lang + "\n" + body.rstrip("\n") + "\n```"


def trunc(s, n):
    return s if len(s) <= n else s[:n]


def wrap76(s, width=76):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


# ----------------------------------------------------------------------------
# theme vocabulary
# ----------------------------------------------------------------------------
SERVICES = ["pensoes-calculo", "contrib-registo", "beneficios-api", "pagamentos-batch", "sepa-gateway",
            "cnis-integracao", "esocial-consumer", "ao-inss-portal", "carreira-contributiva-ws",
            "notificacoes", "ged-documentos", "prova-de-vida", "acordos-internacionais", "rpps-folha",
            "dmr-recepcao", "guias-cobranca", "cnab-conversor", "simulador-reforma"]
AGENCIES = ["ISS, IP", "CNP", "CGA", "IGFSS", "INSS (BR)", "INSS Angola", "RPPS Município de Campinas",
            "RPPS Estado do Pará", "Caixa de Previdência (Luanda)", "DGSS"]
JOBS = ["PBSA0412", "PGPT1120", "CONTRB01", "PGBR0710", "AOPG0301", "CALCPN02", "DMRLD005", "SEPAGN01",
        "CNABEX04", "RECONC07", "PVIDA003", "ARQHIS09", "GPSIMP02", "AOCTRB06", "INDEXA11"]
PKG = ["pt.atlantida.pensoes", "br.com.atlantida.previdencia", "ao.atlantida.inss", "pt.atlantida.contrib",
       "br.com.atlantida.cnis", "pt.atlantida.sepa"]
ENV = ["dev", "qa", "hml", "pprd", "prd"]
COUNTRY = ["PT", "BR", "AO"]
CUR = {"PT": "EUR", "BR": "BRL", "AO": "AOA"}


def svc():
    return ch(SERVICES)


def host(kind=None):
    return "%s-%s-%02d.atlantida.internal" % (kind or ch(["app", "batch", "mq", "db2", "ora", "k8s-node", "sftp-gw", "esb"]), ch(ENV), ri(1, 12))


def priv_ip():
    c = ri(0, 3)
    if c == 0:
        return "10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(1, 254))
    if c == 1:
        return "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(1, 254))
    if c == 2:
        return "192.168.%d.%d" % (ri(0, 255), ri(1, 254))
    return ch(["192.0.2.%d", "198.51.100.%d", "203.0.113.%d"]) % ri(1, 254)


def version():
    return "%d.%d.%d" % (ri(1, 6), ri(0, 24), ri(0, 40))


def competencia():
    return "%02d/%d" % (ri(1, 12), ch([2025, 2026]))


def comp_iso():
    return "%d-%02d" % (ch([2025, 2026]), ri(1, 12))


# ----------------------------------------------------------------------------
# real bytes: PNG, GIF, BMP, ICO, WAV, PDF, SVG, TTF, WOFF, source maps, X.509
# ----------------------------------------------------------------------------
PALETTE = [(0, 84, 147), (0, 122, 61), (206, 17, 38), (255, 205, 0), (0, 0, 0), (255, 255, 255),
           (0, 151, 57), (254, 223, 0), (0, 39, 118), (204, 9, 47), (240, 240, 240), (34, 34, 34)]


def _chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)


def png_bytes(w=None, h=None):
    w = w or ri(1, 24)
    h = h or ri(1, 24)
    rgba = R.random() < 0.5
    cols = [ch(PALETTE) for _ in range(3)]
    shape = ri(0, 3)
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            if shape == 0:
                c = cols[(x * 3) // max(w, 1)]
            elif shape == 1:
                c = cols[(y * 2) // max(h, 1)]
            elif shape == 2:
                c = cols[((x // 2) + (y // 2)) % 2]
            else:
                c = cols[0] if (x - w / 2) ** 2 + (y - h / 2) ** 2 < (min(w, h) / 2.2) ** 2 else cols[1]
            raw += bytes(c)
            if rgba:
                raw.append(255 if shape != 3 or c == cols[0] else 0)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6 if rgba else 2, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
    if R.random() < 0.3:
        out += _chunk(b"tEXt", b"Software\x00atlantida-icons " + version().encode())
    out += _chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + _chunk(b"IEND", b"")
    return out


def gif_bytes():
    r, g, b = ch(PALETTE)
    transparent = R.random() < 0.5
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + bytes([r, g, b]) + b"\x00\x00\x00"
            + b"!\xf9\x04" + (b"\x01" if transparent else b"\x00") + b"\x00\x00\x00\x00"
            + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00" + b"\x02\x02D\x01\x00" + b";")


def bmp_bytes():
    w, h = ri(2, 8), ri(2, 8)
    row = (w * 3 + 3) & ~3
    c1, c2 = ch(PALETTE), ch(PALETTE)
    pix = bytearray()
    for y in range(h):
        line = bytearray()
        for x in range(w):
            r, g, b = c1 if (x + y) % 2 else c2
            line += bytes([b, g, r])
        line += b"\x00" * (row - w * 3)
        pix += line
    size = 54 + len(pix)
    hdr = b"BM" + struct.pack("<IHHI", size, 0, 0, 54)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    return hdr + dib + bytes(pix)


def ico_bytes():
    s = ch([16, 16, 32])
    p = png_bytes(s, s)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(p), 22) + p


def wav_bytes():
    rate = 8000
    n = ri(60, 160)
    freq = ch([440, 660, 880, 1000])
    data = bytes(int(128 + 90 * math.sin(2 * math.pi * freq * i / rate) * (1 - i / n)) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


PDF_LINES = ["Relatorio de lote de pagamentos - totais por pais", "Resumo de execucao do job PGPT1120",
             "Aviso: manutencao programada do portal", "Mapa de reconciliacao SEPA - sem dados pessoais",
             "Comprovativo de submissao - modelo em branco", "Guia de integracao SOAP v3 - anexo A",
             "Fluxo de prova de vida - diagrama", "Tabela de coeficientes de revalorizacao 2026"]


def pdf_bytes():
    text = ch(PDF_LINES)
    n2 = "Gerado em %s" % rdt().strftime("%Y-%m-%d %H:%M")
    stream = ("BT /F1 14 Tf 72 770 Td (%s) Tj 0 -22 Td /F1 10 Tf (%s) Tj ET" % (text, n2)).encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += str(i).encode() + b" 0 obj\n" + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return out


def svg_text():
    c1 = "#%02x%02x%02x" % ch(PALETTE)
    c2 = "#%02x%02x%02x" % ch(PALETTE)
    s = ri(0, 3)
    if s == 0:
        body = '<path d="M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z" fill="%s"/>' % c1
    elif s == 1:
        body = '<circle cx="12" cy="12" r="%d" fill="%s"/><path d="M7 12l3 3 7-7" stroke="%s" stroke-width="2" fill="none"/>' % (ri(8, 11), c1, c2)
    elif s == 2:
        body = '<rect x="3" y="4" width="18" height="16" rx="2" fill="%s"/><path d="M3 9h18" stroke="%s"/>' % (c1, c2)
    else:
        body = '<path d="M4 20V10l8-6 8 6v10h-5v-6H9v6z" fill="%s"/>' % c1
    return '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">%s</svg>' % body


def svg_pct(s):
    out = []
    for c in s:
        if c in '<>#"%{}':
            out.append("%%%02X" % ord(c))
        else:
            out.append(c)
    return "".join(out).replace('"', "'")


def _ttf_checksum(data):
    data = data + b"\x00" * ((4 - len(data) % 4) % 4)
    return sum(struct.unpack(">%dI" % (len(data) // 4), data)) & 0xFFFFFFFF


def ttf_tables(family):
    upem = 1000

    def glyph(pts):
        n = len(pts)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        g = struct.pack(">hhhhh", 1, min(xs), min(ys), max(xs), max(ys)) + struct.pack(">HH", n - 1, 0)
        g += bytes([0x01] * n)
        g += b"".join(struct.pack(">h", xs[i] - (xs[i - 1] if i else 0)) for i in range(n))
        g += b"".join(struct.pack(">h", ys[i] - (ys[i - 1] if i else 0)) for i in range(n))
        if len(g) % 2:
            g += b"\x00"
        return g

    shapes = [[(100, 0), (100, 700), (800, 700), (800, 0)],
              [(450, 0), (50, 700), (850, 700)],
              [(100, 100), (450, 750), (800, 100), (450, 350)],
              [(150, 0), (150, 500), (450, 750), (750, 500), (750, 0)]]
    ng = ri(2, 4)
    glyphs = [b""] + [glyph(ch(shapes)) for _ in range(ng)]
    glyf = b"".join(glyphs)
    offs = [0]
    for g in glyphs:
        offs.append(offs[-1] + len(g))
    loca = b"".join(struct.pack(">H", o // 2) for o in offs)
    nglyphs = len(glyphs)
    created = ri(3700000000, 3800000000)
    head = struct.pack(">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000 + ri(0, 5) * 0x1000, 0, 0x5F0F3CF5, 0x000B, upem,
                       created, created + ri(0, 9999999), 0, 0, 850, 750, 0, 8, 2, 0, 0)
    hhea = struct.pack(">IhhhHhhhhhhhhhhhH", 0x00010000, 800, -200, 0, 1000, 0, 50, 850, 1, 0, 0, 0, 0, 0, 0, 0, nglyphs)
    maxp = struct.pack(">IHHHHHHHHHHHHHH", 0x00010000, nglyphs, 5, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
    os2 = struct.pack(">HhHHHhhhhhhhhhhh", 1, 900, 400, 5, 0, 650, 600, 0, 75, 650, 600, 0, 350, 50, 300, 0)
    os2 += b"\x00" * 10 + struct.pack(">IIII", 0, 0, 0x10000000, 0) + b"ATLT"
    os2 += struct.pack(">HHHhhhHH", 0x40, 0xE000, 0xE000 + ng - 1, 800, -200, 0, 850, 200) + struct.pack(">II", 1, 0)
    end = [0xE000 + ng - 1, 0xFFFF]
    start = [0xE000, 0xFFFF]
    delta = [(1 - 0xE000) % 65536, 1]
    segx2 = 4
    sub = struct.pack(">HHHHHHH", 4, 0, 0, segx2, 4, 1, 0)
    sub += b"".join(struct.pack(">H", e) for e in end) + b"\x00\x00"
    sub += b"".join(struct.pack(">H", s) for s in start)
    sub += b"".join(struct.pack(">H", d) for d in delta) + b"\x00\x00" * 2
    sub = sub[:2] + struct.pack(">H", len(sub)) + sub[4:]
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub
    names = [(1, family), (2, "Regular"), (4, family + " Regular"), (6, family.replace(" ", "") + "-Regular"),
             (5, "Version %d.%03d" % (ri(1, 3), ri(0, 999)))]
    names.sort()
    strs = b""
    recs = b""
    for nid, s in names:
        e = s.encode("utf-16-be")
        recs += struct.pack(">HHHHHH", 3, 1, 0x409, nid, len(e), len(strs))
        strs += e
    name = struct.pack(">HHH", 0, len(names), 6 + 12 * len(names)) + recs + strs
    post = struct.pack(">IIhhIIIII", 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    hmtx = b"".join(struct.pack(">Hh", 1000 if i else 500, 100 if i else 0) for i in range(nglyphs))
    return {b"OS/2": os2, b"cmap": cmap, b"glyf": glyf, b"head": head, b"hhea": hhea, b"hmtx": hmtx,
            b"loca": loca, b"maxp": maxp, b"name": name, b"post": post}


def ttf_bytes(family="Atlantida Icons"):
    tables = ttf_tables(family)
    tags = sorted(tables)
    n = len(tags)
    es = int(math.log2(n))
    sr = (2 ** es) * 16
    hdr = struct.pack(">IHHHH", 0x00010000, n, sr, es, n * 16 - sr)
    off = 12 + 16 * n
    dirs = b""
    body = b""
    for t in tags:
        d = tables[t]
        dirs += t + struct.pack(">III", _ttf_checksum(d), off + len(body), len(d))
        body += d + b"\x00" * ((4 - len(d) % 4) % 4)
    font = bytearray(hdr + dirs + body)
    adj = (0xB1B0AFBA - _ttf_checksum(bytes(font))) & 0xFFFFFFFF
    hoff = 12 + 16 * n
    for t in tags:
        if t == b"head":
            break
        hoff += len(tables[t]) + ((4 - len(tables[t]) % 4) % 4)
    font[hoff + 8:hoff + 12] = struct.pack(">I", adj)
    return bytes(font)


def woff_bytes(family="Atlantida Icons"):
    tables = ttf_tables(family)
    tags = sorted(tables)
    n = len(tags)
    total_sfnt = 12 + 16 * n + sum(len(tables[t]) + ((4 - len(tables[t]) % 4) % 4) for t in tags)
    off = 44 + 20 * n
    dirs = b""
    body = b""
    for t in tags:
        d = tables[t]
        c = zlib.compress(d, 9)
        if len(c) >= len(d):
            c = d
        dirs += t + struct.pack(">IIII", off + len(body), len(c), len(d), _ttf_checksum(d))
        body += c + b"\x00" * ((4 - len(c) % 4) % 4)
    length = 44 + len(dirs) + len(body)
    hdr = b"wOFF" + struct.pack(">IIHHIHHIIIII", 0x00010000, length, n, 0, total_sfnt, 1, 0, 0, 0, 0, 0, 0)
    return hdr + dirs + body


def vlq(n):
    v = ((-n) << 1) | 1 if n < 0 else n << 1
    out = ""
    while True:
        dgt = v & 31
        v >>= 5
        if v:
            dgt |= 32
        out += B64A[dgt]
        if not v:
            return out


def sourcemap_json():
    base = ch(["beneficios", "simulador", "prova-vida", "contribuicoes", "portal-ao", "backoffice"])
    srcs = ["webpack:///src/app/%s/%s.ts" % (base, ch(["component", "service", "store", "routes", "validators", "api"]))
            for _ in range(ri(1, 3))]
    names = [ch(["calcularValor", "formatarMoeda", "carregarLotes", "validarFormulario", "mostrarAviso", "init",
                 "subscribe", "pipe", "map", "ngOnInit", "onSubmit", "renderTabela"]) for _ in range(ri(2, 6))]
    lines = []
    for _ in range(ri(3, 9)):
        segs = []
        for _ in range(ri(1, 5)):
            segs.append(vlq(ri(0, 40)) + vlq(0) + vlq(ri(-3, 6)) + vlq(ri(-20, 20)))
        lines.append(",".join(segs))
    sm = {"version": 3, "file": "%s.%s.js" % (base, hexs(8)), "sources": srcs, "names": names,
          "mappings": ";".join(lines)}
    return json.dumps(sm, separators=(",", ":")).encode()


# ---- minimal DER / ASN.1
def der(tag, content):
    n = len(content)
    if n < 128:
        ln = bytes([n])
    else:
        lb = n.to_bytes((n.bit_length() + 7) // 8, "big")
        ln = bytes([0x80 | len(lb)]) + lb
    return bytes([tag]) + ln + content


def der_int(v):
    if isinstance(v, bytes):
        b = v.lstrip(b"\x00") or b"\x00"
    else:
        b = v.to_bytes(max(1, (v.bit_length() + 7) // 8), "big")
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def der_oid(s):
    parts = [int(x) for x in s.split(".")]
    out = bytes([parts[0] * 40 + parts[1]])
    for p in parts[2:]:
        enc = [p & 0x7F]
        p >>= 7
        while p:
            enc.insert(0, 0x80 | (p & 0x7F))
            p >>= 7
        out += bytes(enc)
    return der(0x06, out)


def der_seq(*items):
    return der(0x30, b"".join(items))


def der_name(cn, o, c):
    def rdn(oid, val, tag=0x0C):
        return der(0x31, der_seq(der_oid(oid), der(tag, val.encode())))
    return der_seq(rdn("2.5.4.6", c, 0x13), rdn("2.5.4.10", o), rdn("2.5.4.3", cn))


def x509_der():
    """Public certificate (not a secret): random EC P-256 point and random ECDSA signature."""
    issuer = der_name(ch(["Atlantida TI Issuing CA G2", "Atlantida TI Root CA", "AC Interna Atlantida"]), "Atlantida TI", "PT")
    subj = der_name(ch(["esb-prd.atlantida.internal", "sepa-gateway.atlantida.internal", "ws-carreira.atlantida.internal",
                        "sftp-gw.atlantida.internal"]), "Atlantida TI", ch(["PT", "BR", "AO"]))
    nb = rdt()
    na = nb + timedelta(days=ch([365, 397, 730]))
    validity = der_seq(der(0x17, nb.strftime("%y%m%d%H%M%SZ").encode()), der(0x17, na.strftime("%y%m%d%H%M%SZ").encode()))
    spki = der_seq(der_seq(der_oid("1.2.840.10045.2.1"), der_oid("1.2.840.10045.3.1.7")), der(0x03, b"\x00\x04" + rbytes(64)))
    sigalg = der_seq(der_oid("1.2.840.10045.4.3.2"))
    tbs = der_seq(der(0xA0, der_int(2)), der_int(rbytes(16)), sigalg, issuer, validity, subj, spki)
    sig = der_seq(der_int(rbytes(32)), der_int(rbytes(32)))
    return der_seq(tbs, sigalg, der(0x03, b"\x00" + sig))


# ----------------------------------------------------------------------------
# NEGATIVES
# ----------------------------------------------------------------------------
def asset():
    """Return (mime, b64) of a real small asset."""
    k = ri(0, 11)
    if k <= 3:
        return "image/png", b64(png_bytes())
    if k == 4:
        return "image/gif", b64(gif_bytes())
    if k == 5:
        return "image/svg+xml", b64(svg_text().encode())
    if k == 6:
        return "image/x-icon", b64(ico_bytes())
    if k == 7:
        return "image/bmp", b64(bmp_bytes())
    if k == 8:
        return "application/pdf", b64(pdf_bytes())
    if k == 9:
        return "font/woff", b64(woff_bytes())
    if k == 10:
        return "font/ttf", b64(ttf_bytes())
    return "audio/wav", b64(wav_bytes())


def img_uri():
    k = ri(0, 3)
    if k <= 1:
        return "data:image/png;base64," + b64(png_bytes())
    if k == 2:
        return "data:image/gif;base64," + b64(gif_bytes())
    return "data:image/svg+xml;base64," + b64(svg_text().encode())


def cut_b64(s, keep=None):
    keep = keep or ri(60, 140)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + ch(["…", "...", "…[%d more chars]" % (len(s) - keep), "... (truncated, %d bytes)" % (len(s) - keep)])


def d_css_logo():
    cls = ch([".logo-ss", ".brasao-ao", ".icon-pensao", ".header__logo", ".btn-prova-vida::before", ".badge-pago"])
    return ch(["o Angular está a inlinar os ícones pequenos (< 8 KB), daí isto no bundle:",
               "tá saindo assim no CSS compilado do portal:", "kamba, o ícone vem embutido no SCSS:",
               "the build inlines small assets, so the CSS now has:"]) + "\n" + fence(
        "%s {\n  width: %dpx;\n  height: %dpx;\n  background: url(\"%s\") no-repeat center / contain;\n}" % (
            cls, ri(12, 48), ri(12, 48), img_uri()), "css")


def d_fontface():
    fam = ch(["Atlantida Icons", "PensoesGlyphs", "SS Icons", "Kwanza Sans Icons"])
    if R.random() < 0.5:
        src = 'url(data:font/woff;base64,%s) format("woff")' % b64(woff_bytes(fam))
    else:
        src = 'url(data:font/ttf;base64,%s) format("truetype")' % b64(ttf_bytes(fam))
    return ch(["A fonte de ícones do backoffice foi embutida para não depender do CDN:",
               "font de ícones inline no tema do portal do INSS, só pra vocês saberem de onde vem esse blob:",
               "@front: inline icon font after the CDN block in Luanda —"]) + "\n" + fence(
        "@font-face {\n  font-family: \"%s\";\n  font-display: block;\n  src: %s;\n}\n.ai::before { font-family: \"%s\"; content: \"\\e00%d\"; }" % (
            fam, src, fam, ri(0, 2)), "css")


def d_email_tpl():
    return ("Template do aviso de pagamento (sem dados pessoais, só os placeholders do Thymeleaf):\n" + fence(
        '<table role="presentation" width="100%%">\n  <tr><td>\n    <img src="%s" width="%d" alt="Segurança Social">\n'
        '  </td></tr>\n  <tr><td th:text="${aviso.titulo}">Título</td></tr>\n  <tr><td th:text="${aviso.valorFormatado}">0,00 €</td></tr>\n</table>' % (
            img_uri(), ri(80, 160)), "html"))


def d_soap_pdf():
    pdf = b64(pdf_bytes())
    body = ("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:doc=\"urn:atlantida:ged:documentos:v3\">\n"
            "  <soapenv:Body>\n    <doc:obterDocumentoResponse>\n      <doc:idDocumento>%s</doc:idDocumento>\n"
            "      <doc:tipoMime>application/pdf</doc:tipoMime>\n      <doc:conteudo>%s</doc:conteudo>\n"
            "    </doc:obterDocumentoResponse>\n  </soapenv:Body>\n</soapenv:Envelope>") % (uuid4(), pdf if R.random() < 0.5 else cut_b64(pdf, 120))
    return ch(["O ged-documentos devolve o PDF inline no SOAP (sem MTOM), por isso as mensagens ficam 33% maiores:",
               "resposta do obterDocumento em hml — o PDF vem em base64 no corpo, sem anexo MTOM:",
               "SOAP response from the GED mock, PDF inline:"]) + "\n" + fence(body, "xml")


def d_rest_pdf():
    pdf = b64(pdf_bytes())
    d = {"idDocumento": uuid4(), "tipo": ch(["MODELO_REQUERIMENTO", "RELATORIO_LOTE", "GUIA_INTEGRACAO", "AVISO_MANUTENCAO"]),
         "mimeType": "application/pdf", "tamanhoBytes": len(base64.b64decode(pdf)), "conteudoBase64": cut_b64(pdf, ri(80, 200))}
    return "`GET /api/v2/documentos/%d/conteudo` → 200\n" % ri(100000, 999999) + fence(json.dumps(d, ensure_ascii=False, indent=2), "json")


def d_log_trunc():
    dt = rdt()
    mime, data = asset()
    return fence("%s DEBUG [%s,%s] %s.web.AnexoController - anexo recebido mime=%s len=%d payload=data:%s;base64,%s" % (
        iso(dt), svc(), hexs(16), ch(PKG), mime, len(data), mime, cut_b64(data, ri(40, 90))))


def d_echo_b64():
    k = ri(0, 2)
    if k == 0:
        data, out = b64(pdf_bytes()), "PDF document, version 1.4, 1 pages"
        fn = "/tmp/anexo.pdf"
    elif k == 1:
        p = png_bytes()
        w, h = struct.unpack(">II", p[16:24])
        data = b64(p)
        out = "PNG image data, %d x %d, 8-bit/color %s, non-interlaced" % (w, h, "RGBA" if p[25] == 6 else "RGB")
        fn = "/tmp/icone.png"
    else:
        data, out = b64(gif_bytes()), "GIF image data, version 89a, 1 x 1"
        fn = "/tmp/pixel.gif"
    return ch(["Para confirmar que o campo `conteudo` é mesmo o ficheiro:", "testei aqui, decodifica certinho:",
               "sanity check on the payload:"]) + "\n" + fence("$ echo '%s' | base64 -d > %s\n$ file %s\n%s: %s" % (data, fn, fn, fn, out), "console")


def d_md_svg():
    s = svg_text()
    return ch(["ícone novo do estado do lote:", "proposta de ícone para 'pago':", "icon for the 'suspenso' badge:"]) + " ![estado](data:image/svg+xml;base64,%s)" % b64(s.encode())


def d_sourcemap():
    sm = b64(sourcemap_json())
    return ch(["O bundle de produção do portal ainda leva o source map inline 🙄", "vazou sourcemap inline no build de hml do simulador:",
               "prod bundle still ships an inline source map:"]) + "\n" + fence(
        "!function(){\"use strict\";var e=window.__cfg||{};e.api=\"/api/v2\"}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s" % sm, "js")


def d_java_fixture():
    k = ri(0, 2)
    if k == 0:
        const, data, dec = "PNG_1X1", b64(png_bytes(1, 1)), "image/png"
    elif k == 1:
        const, data, dec = "PDF_MINIMO", b64(pdf_bytes()), "application/pdf"
    else:
        const, data, dec = "GIF_TRANSPARENTE", b64(gif_bytes()), "image/gif"
    return fence(
        "class AnexoValidatorTest {\n\n    private static final String %s =\n        \"%s\";\n\n    @Test\n"
        "    void aceitaAnexoValido() {\n        byte[] bytes = Base64.getDecoder().decode(%s);\n"
        "        assertThat(validator.detectarMime(bytes)).isEqualTo(\"%s\");\n    }\n}" % (const, data, const, dec), "java")


def d_py_fixture():
    v = ch([("LOGO", b64(png_bytes())), ("PIXEL", b64(gif_bytes())), ("FONTE", b64(ttf_bytes()))])
    return fence("# tests/conftest.py  (etl-cnab)\nimport base64\nimport pytest\n\n%s_B64 = (\n    \"%s\"\n)\n\n\n@pytest.fixture\ndef %s_bytes():\n    return base64.b64decode(%s_B64)" % (
        v[0], v[1], v[0].lower(), v[0]), "python")


def d_favicon():
    return ch(["favicon do portal AO (para não haver pedido extra):", "favicon inline no index.html do backoffice:"]) + "\n" + fence(
        '<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,%s">' % b64(ico_bytes()), "html")


def d_svg_pct():
    s = svg_text()
    return fence(".select-competencia {\n  appearance: none;\n  background-image: url(\"data:image/svg+xml,%s\");\n}" % svg_pct(s), "scss")


def d_svg_utf8():
    s = svg_text().replace('"', "'")
    return "No Angular o ícone ficou assim (utf8, sem base64): `data:image/svg+xml;utf8,%s`" % s


def d_wav():
    return ch(["Som de notificação do backoffice quando um lote fecha:", "beep quando termina o processamento do lote (a pedido do pessoal de Luanda 😂):"]) + "\n" + fence(
        "const BEEP = new Audio('data:audio/wav;base64,%s');\nloteService.fechado$.subscribe(() => BEEP.play());" % b64(wav_bytes()), "ts")


def d_bmp():
    return ("O conversor AFP→PDF do mainframe mete os logótipos como BMP inline, olhem:\n" + fence(
        "<fo:external-graphic src=\"url('data:image/bmp;base64,%s')\" content-width=\"%dmm\"/>" % (b64(bmp_bytes()), ri(10, 30)), "xml"))


def d_csv_uri():
    rows = ["lote;pais;moeda;qtd;estado"]
    for _ in range(ri(3, 7)):
        c = ch(COUNTRY)
        rows.append("L%d%02d-%04d;%s;%s;%d;%s" % (ch([2025, 2026]), ri(1, 12), ri(1, 300), c, CUR[c], ri(50, 90000), ch(["ENVIADO", "CONFIRMADO", "REJEITADO", "PENDENTE"])))
    data = b64(("\n".join(rows) + "\n").encode())
    return "O botão 'Exportar resumo' gera o link assim (só totais, nada de beneficiário):\n" + fence(
        '<a download="resumo_lotes.csv" href="data:text/csv;charset=utf-8;base64,%s">Exportar</a>' % data, "html")


def d_configmap():
    return fence("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s-assets\n  namespace: pensoes-%s\nbinaryData:\n  logo.png: %s\n  pixel.gif: %s" % (
        svc(), ch(ENV), b64(png_bytes()), b64(gif_bytes())), "yaml")


def d_jupyter():
    return ("notebook de análise de tempos do job (output do gráfico):\n" + fence(json.dumps(
        {"output_type": "display_data", "data": {"image/png": b64(png_bytes(ri(8, 24), ri(8, 24))), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
         "metadata": {}}, indent=1), "json"))


def d_har():
    mime, data = ch([("font/ttf", b64(ttf_bytes())), ("font/woff", b64(woff_bytes())), ("image/png", b64(png_bytes()))])
    return "HAR do problema de carregamento em Luanda (entrada relevante):\n" + fence(json.dumps(
        {"request": {"method": "GET", "url": "https://portal-hml.atlantida.internal/assets/%s" % ch(["icons.woff", "icons.ttf", "logo.png"])},
         "response": {"status": 200, "content": {"size": len(base64.b64decode(data)), "mimeType": mime, "encoding": "base64", "text": data}}}, indent=2), "json")


def d_mime_part():
    pdf = wrap76(b64(pdf_bytes()))
    bnd = "----=_Part_%d_%d.%d" % (ri(1000, 99999), ri(100000000, 999999999), epoch(rdt()) * 1000 + ri(0, 999))
    return ("Parte MIME que o notificacoes envia (anexo é o modelo em branco, não tem dados):\n" + fence(
        "--%s\nContent-Type: application/pdf; name=\"modelo_requerimento.pdf\"\nContent-Transfer-Encoding: base64\n"
        "Content-Disposition: attachment; filename=\"modelo_requerimento.pdf\"\n\n%s\n--%s--" % (bnd, pdf, bnd)))


def d_xml_anexo():
    return fence("<anexos>\n  <anexo nome=\"brasao.gif\" tipo=\"image/gif\">%s</anexo>\n  <anexo nome=\"selo.png\" tipo=\"image/png\">%s</anexo>\n</anexos>" % (
        b64(gif_bytes()), b64(png_bytes())), "xml")


def d_curl_thumb():
    return fence("$ curl -s https://ged-%s.atlantida.internal/api/v1/documentos/%d/preview | jq .\n%s" % (
        ch(ENV), ri(10000, 99999), json.dumps({"pagina": 1, "larguraPx": ri(16, 24), "thumb": img_uri()}, indent=2)), "console")


def d_ts_const():
    return fence("// src/app/shared/assets.ts\nexport const BRASAO_PLACEHOLDER =\n  '%s';\nexport const SPINNER = '%s';" % (img_uri(), "data:image/gif;base64," + b64(gif_bytes())), "ts")


def d_kotlin():
    return fence("val iconeFonte: ByteArray = Base64.getDecoder().decode(\n    \"%s\"\n)" % b64(woff_bytes() if R.random() < 0.5 else ttf_bytes()), "kotlin")


def d_json_notif():
    return "payload de push da app (a imagem é o ícone do estado, não tem nada de pessoal):\n" + fence(json.dumps(
        {"titulo": "Atualização do pedido", "corpo": "Há uma atualização no seu processo.", "icone": img_uri(), "ttl": 86400}, ensure_ascii=False, indent=2), "json")


def d_csp():
    return fence(json.dumps({"csp-report": {"document-uri": "https://portal-prd.atlantida.internal/simulador", "violated-directive": "img-src",
                                            "blocked-uri": "data", "line-number": ri(1, 900),
                                            "script-sample": ""}}, indent=2), "json") + "\nO elemento em causa: `<img src=\"%s\">`" % cut_b64(img_uri(), 90)


def d_xsl_fo_pdf():
    return ("A carta de pensão é gerada via XSL-FO; o logótipo da CGA vem de:\n" + fence(
        "<xsl:variable name=\"logo\">data:image/png;base64,%s</xsl:variable>" % b64(png_bytes()), "xml"))


def d_mainframe_ftp():
    pdf = b64(pdf_bytes())
    return ("Isto é o que chega ao dataset PGPT.ANEXOS.B64 depois do FTP em ASCII (primeiras linhas):\n" + fence(
        "\n".join(wrap76(pdf).split("\n")[:ri(4, 9)]) + "\n..."))


DATA_T = [d_css_logo, d_fontface, d_email_tpl, d_soap_pdf, d_rest_pdf, d_log_trunc, d_echo_b64, d_md_svg, d_sourcemap,
          d_java_fixture, d_py_fixture, d_favicon, d_svg_pct, d_svg_utf8, d_wav, d_bmp, d_csv_uri, d_configmap, d_jupyter,
          d_har, d_mime_part, d_xml_anexo, d_curl_thumb, d_ts_const, d_kotlin, d_json_notif, d_csp, d_xsl_fo_pdf, d_mainframe_ftp]


# ---- placeholder_example
def p_app_yml():
    return ch(["application-prd.yml do %s — os valores vêm todos do Vault via env:" % svc(), "config atual, tudo por variável:", "kamba, a config está assim:"]) + "\n" + fence(
        "spring:\n  datasource:\n    url: jdbc:db2://${DB2_HOST}:${DB2_PORT:50000}/${DB2_DB}\n    username: ${DB2_USER}\n    password: ${DB2_PASSWORD}\n"
        "atlantida:\n  ws:\n    carreira:\n      endpoint: ${WS_CARREIRA_URL}\n      utilizador: ${WS_CARREIRA_USER}\n      senha: ${WS_CARREIRA_PASSWORD}\n"
        "  sftp-banco:\n    host: ${SFTP_BANCO_HOST}\n    chave-privada: ${SFTP_BANCO_KEY_PATH:/run/secrets/sftp_key}", "yaml")


def p_env_example():
    return "`.env.example` atualizado, copiem para `.env` e preencham localmente (NUNCA commitar o .env):\n" + fence(
        "# integração INSS / CNIS\nCNIS_WS_USER=\nCNIS_WS_PASSWORD=<preencher>\n# cofre\nVAULT_ADDR=http://127.0.0.1:8200\nVAULT_TOKEN=\n"
        "# triagem automática de tickets\nOPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=sk-ant-api03-...\n# notificações\nSLACK_BOT_TOKEN=xoxb-your-bot-token\n"
        "SLACK_SIGNING_SECRET=\n# AWS (bucket de arquivo)\nAWS_ACCESS_KEY_ID=AKIA...\nAWS_SECRET_ACCESS_KEY=", "bash")


def p_wsse():
    return ch(["Cabeçalho WS-Security que o carreira-contributiva-ws espera (o CXF injeta os valores):", "header WSS do SOAP do CNIS, os valores vêm do callback handler:"]) + "\n" + fence(
        "<wsse:Security soapenv:mustUnderstand=\"1\">\n  <wsse:UsernameToken wsu:Id=\"UsernameToken-%d\">\n    <wsse:Username>${ws.utilizador}</wsse:Username>\n"
        "    <wsse:Password Type=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText\">${ws.senha}</wsse:Password>\n"
        "    <wsse:Nonce EncodingType=\"...#Base64Binary\">{nonce}</wsse:Nonce>\n    <wsu:Created>{timestamp}</wsu:Created>\n  </wsse:UsernameToken>\n</wsse:Security>" % ri(1, 99), "xml")


def p_cpf_doc():
    return ch(["Regra para os ecrãs de consulta (RGPD/LGPD):", "Padrão de máscara acordado com o DPO:", "Formato de exibição no backoffice:"]) + "\n" + "\n".join([
        "• CPF: formato `000.000.000-00`, exibir mascarado `***.%03d.%03d-**`" % (ri(0, 999), ri(0, 999)),
        "• NIF: 9 dígitos, mostrar só `*****%04d`" % ri(0, 9999),
        "• NISS: 11 dígitos, mostrar `***********` na lista e o valor só no detalhe com perfil `CONSULTA_PLENA`",
        "• IBAN: `PT50 **** **** **** **** *%02d %d`" % (ri(0, 99), ri(0, 9)),
        "• telefone: `+351 9** *** **%d` / `(**) 9****-**%02d` / `+244 9** *** ***`" % (ri(0, 9), ri(0, 99))])


def p_k8s_secret():
    return fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-credenciais\ntype: Opaque\nstringData:\n  DB2_PASSWORD: CHANGEME\n  WS_SENHA: REPLACE_ME\n  SFTP_PASSPHRASE: \"\"\n# valores reais só via ExternalSecret (ver external-secret.yaml)" % svc(), "yaml")


def p_helm():
    return fence("env:\n  - name: CNIS_API_KEY\n    value: {{ .Values.cnis.apiKey | quote }}\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: {{ include \"%s.fullname\" . }}-db\n        key: password" % svc(), "yaml")


def p_gha():
    return fence("- name: Publicar imagem\n  env:\n    REGISTRY_USER: ${{ secrets.REGISTRY_USER }}\n    REGISTRY_TOKEN: ${{ secrets.REGISTRY_TOKEN }}\n  run: echo \"$REGISTRY_TOKEN\" | docker login registry.atlantida.internal -u \"$REGISTRY_USER\" --password-stdin", "yaml")


def p_jenkins():
    return "No Jenkinsfile do envio ao banco, as credenciais são só o id:\n" + fence(
        "withCredentials([usernamePassword(credentialsId: 'sftp-banco-%s', usernameVariable: 'SFTP_USER', passwordVariable: 'SFTP_PASS')]) {\n"
        "    sh 'lftp -u \"$SFTP_USER,$SFTP_PASS\" sftp://$SFTP_HOST -e \"put %s; bye\"'\n}" % (ch(["cgd", "bb", "bai", "caixa"]), ch(["PAGT_*.xml", "REM*.REM", "CNAB240_*.txt"])), "groovy")


def p_ansible():
    return fence("db2_instance_password: \"{{ vault_db2_instance_password }}\"\nansible_become_password: \"{{ vault_become_pass }}\"\nmq_channel_password: \"{{ lookup('hashi_vault', 'secret=kv/data/mq/%s:password') }}\"" % ch(ENV), "yaml")


def p_aws_doc():
    return ch(["Para testar o upload para o bucket de arquivo com o LocalStack, usem as chaves de exemplo da documentação da AWS:",
               "no localstack use as credenciais fake da doc da AWS, nada de chave real:"]) + "\n" + fence(
        "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-west-1", "ini")


def p_masked_log():
    dt = rdt()
    return fence("%s INFO  [%s] requerimento recebido canal=%s cpf=***.***.***-** niss=*********** iban=PT50****************%03d telefone=+351 9** *** *** email=j***@***" % (
        iso(dt), svc(), ch(["PORTAL", "BALCAO", "APP", "API"]), ri(0, 999)))


def p_llm_readme():
    return ch(["README da ferramenta de triagem de tickets:", "setup do bot de triagem (README):"]) + "\n" + fence(
        "## Configuração\n\n1. Crie uma chave no painel do fornecedor (formato `sk-proj-…` ou `sk-ant-api03-...`).\n2. Exporte-a: `export LLM_API_KEY=<a-sua-chave>`\n"
        "3. O bot lê `SLACK_BOT_TOKEN` (formato `xoxb-…`) e `SLACK_APP_TOKEN` (`xapp-…`).\n4. Nunca cole chaves no canal — use o cofre.", "markdown")


def p_jdbc_tpl():
    return ch(["Formato da string de ligação (doc interna):", "template de conexão pro DB2 do CNIS:"]) + "\n" + fence(
        "jdbc:db2://<host>:<porta>/<base>:user=<utilizador>;password=<senha>;currentSchema=PENSAO;sslConnection=true;", "")


def p_dsn_defaults():
    return "docker-compose de desenvolvimento (credenciais por defeito, só localhost):\n" + fence(
        "services:\n  postgres:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: postgres\n  rabbitmq:\n    image: rabbitmq:3-management\n"
        "  app:\n    environment:\n      DATABASE_URL: postgres://postgres:postgres@localhost:5432/pensoes_dev\n      AMQP_URL: amqp://guest:guest@localhost:5672/\n      REDIS_URL: redis://localhost:6379/0", "yaml")


def p_pem_dots():
    return "Formato esperado no ficheiro montado em `/run/secrets/sftp_key` (exemplo truncado):\n" + fence(
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA...\n...\n-----END OPENSSH PRIVATE KEY-----")


def p_iban_form():
    return ch(["Campos do formulário de alteração de conta (exemplo do manual):", "Exemplo do manual do balcão:"]) + "\n" + fence(
        "IBAN (PT):  PT50 XXXX XXXX XXXX XXXX XXXX X\nIBAN (AO):  AO06 XXXX XXXX XXXX XXXX XXXX X\nIBAN (BR):  BRXX XXXX XXXX XXXX XXXX XXXX XXXX X\nBIC/SWIFT:  XXXXPTPL")


def p_phone_form():
    return "Máscaras de input do campo telefone:\n" + "\n".join([
        "- PT: `+351 9XX XXX XXX` ou `2XX XXX XXX`", "- BR: `(XX) 9XXXX-XXXX`", "- AO: `+244 9XX XXX XXX`", "- estrangeiro: `+<código> <número>`"])


def p_card_mask():
    return ch(["A fatura da cloud vai ao cartão corporativo terminado em %04d (•••• •••• •••• %04d), não precisam de o pedir." % ((x := ri(1000, 9999)), x),
               "cartão de empresa final %04d — no sistema de despesas aparece `XXXX-XXXX-XXXX-%04d`" % ((y := ri(1000, 9999)), y)])


def p_email_placeholder():
    return ch(["O remetente das notificações deve ficar `<utilizador>@<domínio-do-cliente>`, configurável por tenant.",
               "formato de e-mail institucional: `nome.apelido` + `@` + domínio do organismo (não ponham exemplos reais na wiki)",
               "the no-reply sender is `${MAIL_FROM}`, set per tenant in the ConfigMap"])


def p_redacted_log():
    dt = rdt()
    return fence("\n".join([
        "%s WARN  [%s] falha autenticação WS utilizador=[REDACTED] senha=[REDACTED]" % (iso(dt), svc()),
        "%s DEBUG [%s] headers: Authorization=Bearer <redacted>, X-Api-Key=***" % (iso(dt + timedelta(milliseconds=ri(1, 900))), svc()),
        "%s DEBUG [%s] body: {\"nif\":\"[MASCARADO]\",\"iban\":\"[MASCARADO]\",\"senha\":\"[FILTERED]\"}" % (iso(dt + timedelta(seconds=1)), svc())]))


def p_curl_doc():
    return "Exemplo para a doc da API:\n" + fence(
        "curl -X GET \"https://api-hml.atlantida.internal/v2/beneficios/{idBeneficio}/pagamentos?competencia=%s\" \\\n  -H \"Authorization: Bearer $TOKEN\" \\\n  -H \"X-Correlation-ID: $(uuidgen)\"" % comp_iso(), "bash")


def p_spring_value():
    return fence("@Value(\"${atlantida.ws.carreira.senha}\")\nprivate String senhaWs;\n\n@Value(\"${atlantida.sftp.passphrase:}\")\nprivate String passphrase;", "java")


def p_vault_refs():
    return ch(["Referências dos segredos (só paths):", "onde estão as creds (paths do Vault / 1Password):"]) + "\n" + "\n".join([
        "• DB2 prd: `vault:secret/data/pensoes/%s/db2#password`" % ch(ENV),
        "• SFTP banco: `op://TI-Pensoes/SFTP %s/password`" % ch(["CGD", "Banco do Brasil", "BAI", "BFA"]),
        "• chave WS CNIS: `{{resolve:secretsmanager:%s/cnis/ws:SecretString:senha}}`" % ch(ENV)])


def p_bat():
    return fence("@echo off\nrem envio diário do ficheiro de retorno\npsftp %%SFTP_USER%%@%%SFTP_HOST%% -pw %%SFTP_PASS%% -b envio.txt\nif errorlevel 1 exit /b 1", "bat")


def p_props_empty():
    return "application-local.properties (deixem vazio, o perfil local usa o mock):\n" + fence(
        "cics.gateway.user=\ncics.gateway.password=\nmq.channel.user=\nmq.channel.password=\natlantida.jwt.hmac-secret=\natlantida.crypto.iban-key-id=local-dev", "properties")


def p_openapi():
    return fence("components:\n  schemas:\n    Requerente:\n      type: object\n      properties:\n        nif:\n          type: string\n          pattern: '^[0-9]{9}$'\n          example: '123456789'\n"
                 "        cpf:\n          type: string\n          example: '000.000.000-00'\n        telefone:\n          type: string\n          example: '+351 9XX XXX XXX'\n"
                 "        email:\n          type: string\n          format: email\n          example: 'utilizador (at) dominio'", "yaml")


def p_faker():
    return ch(["Nos testes usem sempre `Faker('pt_BR').cpf()` / `Faker('pt_PT').ssn()`, nunca dados reais de produção.",
               "para massa de teste: `Faker('pt_PT')` gera NIF válido; proibido copiar registos de prd para hml, mesmo mascarados."])


def p_sql_bind():
    return fence("SELECT B.ID_BENEFICIARIO, B.ESTADO\n  FROM PENSAO.BENEFICIARIO B\n WHERE B.NISS = :niss\n   AND B.IBAN_HASH = HEX(HASH(:iban, 2))\n   AND B.DT_ATUALIZACAO > ?", "sql")


def p_jcl_pw():
    return "no JCL não se põe PASSWORD=, usamos surrogate do RACF:\n" + fence(
        "//%s JOB (%s),'LOTE PAGTO',CLASS=A,MSGCLASS=X,\n//         USER=BATCHPG\n//* PASSWORD=******** (removido; ver SURROGAT)" % (ch(JOBS), ch(["PGT", "CTB", "AOP"]) + "%04d" % ri(1, 9999)))


def p_gh_placeholders():
    return ch(["Para o mirror do GitLab→GitHub usem um fine-grained (`github_pat_...`), não o classic `ghp_<token>`.",
               "o pipeline espera `GH_TOKEN=${GITHUB_TOKEN}`; o formato é `ghp_…` ou `github_pat_…`, nunca colem aqui.",
               "token do GitLab é `glpat-xxxx`, do GitHub `ghp_xxxx` — ambos no cofre, não no .env"])


def p_slack_webhook():
    return "webhook de exemplo da doc do Slack (não funciona): `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`"


def p_dotnet_cs():
    return fence("\"ConnectionStrings\": {\n  \"Legado\": \"Server=%s;Database=PREVAO;User Id=%%LEGADO_USER%%;Password=%%LEGADO_PASS%%;TrustServerCertificate=True\"\n}" % host("sql"), "json")


def p_ao_kimbundu():
    return ch(["Kamba, a senha do SFTP do INSS Angola não se cola aqui, tá? Usa `op://AO-Ops/sftp-inss/password`. Ngasakidila!",
               "Mwadié, o token do Multicaixa está em `${MCX_API_TOKEN}`, não precisa de mandar por DM. Twapandula.",
               "Mano, no ficheiro ficou `SENHA_CERT=<pedir ao kota da segurança>` — assim é que é."])


def p_cert_a1():
    return "Configuração do certificado A1 (ICP-Brasil) do eSocial:\n" + fence(
        "esocial:\n  certificado:\n    caminho: /run/secrets/ecnpj-a1.pfx\n    senha: ${ESOCIAL_PFX_SENHA}\n    alias: ${ESOCIAL_PFX_ALIAS:1}", "yaml")


def p_toml():
    return fence("[sftp.banco]\nhost = \"${SFTP_HOST}\"\nuser = \"${SFTP_USER}\"\npassword = \"\"   # preenchido pelo vault-agent\n\n[smtp]\npassword_file = \"/run/secrets/smtp_password\"", "toml")


def p_mask_markers():
    return ch(["Depois do fix, o log do sepa-gateway sai com `iban=PT50 **** **** **** **** ***%d %d` e `bic=XXXXPTPL` 👍" % (ri(0, 9), ri(0, 9)),
               "a partir da 3.2 o MDC mostra `cpf=<removido>` e `nb=<removido>`; antes saía tudo em claro 😬",
               "valores sensíveis aparecem como `(sensitive value)` no plan do Terraform, como deve ser"])


PLACE_T = [p_app_yml, p_env_example, p_wsse, p_cpf_doc, p_k8s_secret, p_helm, p_gha, p_jenkins, p_ansible, p_aws_doc, p_masked_log,
           p_llm_readme, p_jdbc_tpl, p_dsn_defaults, p_pem_dots, p_iban_form, p_phone_form, p_card_mask, p_email_placeholder,
           p_redacted_log, p_curl_doc, p_spring_value, p_vault_refs, p_bat, p_props_empty, p_openapi, p_faker, p_sql_bind, p_jcl_pw,
           p_gh_placeholders, p_slack_webhook, p_dotnet_cs, p_ao_kimbundu, p_cert_a1, p_toml, p_mask_markers]


# ---- code_identifier
CLS_WORDS = ["Pensao", "Beneficio", "Contribuicao", "Carreira", "Requerimento", "Pagamento", "Lote", "Niss", "Nif", "Cpf", "Iban",
             "Senha", "Token", "Credencial", "Segredo", "Telefone", "Email", "Titular", "Beneficiario", "Remuneracao", "Sepa",
             "Cnab", "Guia", "Competencia", "ProvaVida", "Acordo", "Sobrevivencia", "Velhice", "Invalidez"]
CLS_SUFFIX = ["Service", "Validator", "Repository", "Mapper", "Resolver", "Handler", "Processor", "Writer", "Reader", "Client",
              "Facade", "Controller", "Converter", "Listener", "Factory", "Encoder", "Interceptor"]
METHODS = ["calcularPensao", "validarNiss", "validarCpf", "obterCarreiraContributiva", "gerarLoteSepa", "mascararIban",
           "resolverCredencial", "renovarToken", "lerSenhaDoCofre", "processarRemuneracoes", "enviarParaBanco",
           "registarRequerimento", "consultarTitular", "verificarProvaVida", "converterCnab240", "aplicarCoeficiente",
           "desencriptarIban", "validarTelefone", "normalizarEmail", "fecharCompetencia", "reconciliarRetorno", "hashNif"]


def jcls():
    return "%s.%s.%s%s%s" % (ch(PKG), ch(["calculo", "batch", "ws", "web", "crypto", "seguranca", "dominio", "integracao", "sepa"]),
                              ch(CLS_WORDS), ch(CLS_WORDS + [""]), ch(CLS_SUFFIX))


def frame():
    c = jcls()
    return "\tat %s.%s(%s.java:%d)" % (c, ch(METHODS), c.split(".")[-1], ri(30, 900))


def c_java_trace():
    dt = rdt()
    exc = ch([("com.ibm.db2.jcc.am.SqlIntegrityConstraintViolationException", "DB2 SQL Error: SQLCODE=-803, SQLSTATE=23505, SQLERRMC=2;PENSAO.BENEFICIARIO_CONTA, DRIVER=4.%d.%d" % (ri(20, 33), ri(10, 99))),
              ("com.ibm.db2.jcc.am.SqlTransactionRollbackException", "DB2 SQL Error: SQLCODE=-911, SQLSTATE=40001, SQLERRMC=68, DRIVER=4.%d.%d" % (ri(20, 33), ri(10, 99))),
              ("java.sql.SQLSyntaxErrorException", "ORA-00942: table or view does not exist"),
              ("org.springframework.dao.CannotAcquireLockException", "could not execute statement [ORA-00060: deadlock detected while waiting for resource]"),
              ("java.lang.NullPointerException", "Cannot invoke \"java.math.BigDecimal.multiply(java.math.BigDecimal)\" because \"coeficiente\" is null"),
              ("%s.exception.NissInvalidoException" % ch(PKG), "dígito de controlo do NISS não confere"),
              ("%s.exception.CredencialExpiradaException" % ch(PKG), "senha do utilizador técnico expirou no RACF")])
    n = ri(6, 22)
    lines = ["%s ERROR [%s,%s,%s] o.s.batch.core.step.AbstractStep - Encountered an error executing step %s in job %s" % (
        iso(dt), svc(), hexs(16), hexs(16), ch(["calcularStep", "gerarSepaStep", "lerRemuneracoesStep", "escreverRetornoStep"]),
        ch(["pagamentoPensoesJob", "fechoCompetenciaJob", "importacaoDmrJob", "conversaoCnabJob"])), "%s: %s" % exc]
    lines += [frame() for _ in range(n)]
    lines += ["\tat org.springframework.batch.core.step.tasklet.TaskletStep$ChunkTransactionCallback.doInTransaction(TaskletStep.java:407)",
              "\tat org.springframework.transaction.support.TransactionTemplate.execute(TransactionTemplate.java:140)"]
    return fence("\n".join(lines))


def c_cxf_fault():
    return ch(["Depois da rotação do utilizador técnico o CNIS devolve isto:", "o WS de carreira contributiva começou a falhar assim:"]) + "\n" + fence(
        "org.apache.cxf.binding.soap.SoapFault: The security token could not be authenticated or authorized\n"
        "\tat org.apache.cxf.ws.security.wss4j.WSS4JInInterceptor.createSoapFault(WSS4JInInterceptor.java:%d)\n"
        "\tat org.apache.cxf.ws.security.wss4j.WSS4JInInterceptor.handleMessageInternal(WSS4JInInterceptor.java:%d)\n"
        "\tat org.apache.cxf.phase.PhaseInterceptorChain.doIntercept(PhaseInterceptorChain.java:307)\n"
        "\tat %s.integracao.cnis.UsernameTokenPasswordCallbackHandler.handle(UsernameTokenPasswordCallbackHandler.java:%d)\n"
        "\tat %s.integracao.cnis.CarreiraContributivaClient.obterCarreira(CarreiraContributivaClient.java:%d)\n"
        "Caused by: org.apache.wss4j.common.ext.WSSecurityException: The security token could not be authenticated or authorized\n"
        "\tat org.apache.wss4j.dom.validate.UsernameTokenValidator.verifyPlaintextPassword(UsernameTokenValidator.java:%d)" % (
            ri(700, 900), ri(200, 300), ch(PKG), ri(30, 90), ch(PKG), ri(60, 200), ri(150, 200)))


def c_copybook():
    pre = ch(["WS", "LK", "RG"])
    return ch(["copybook do registo de beneficiário (PGBENEF):", "Copy do layout de entrada do lote:"]) + "\n" + fence(
        "       01  %s-BENEFICIARIO.\n           05 %s-NISS               PIC 9(11).\n           05 %s-NIF                PIC 9(09).\n"
        "           05 %s-NOME               PIC X(60).\n           05 %s-IBAN               PIC X(34).\n           05 %s-TELEFONE           PIC X(20).\n"
        "           05 %s-VALOR-PENSAO       PIC S9(9)V99 COMP-3.\n           05 %s-COD-SITUACAO       PIC X(02).\n"
        "              88 %s-ATIVO            VALUE 'AT'.\n              88 %s-SUSPENSO         VALUE 'SU'.\n           05 %s-SENHA-CICS-HASH     PIC X(64).\n"
        "           05 FILLER                 PIC X(%02d)." % ((pre,) * 11 + (ri(10, 40),)), "cobol")


def c_ddl():
    sch = ch(["PENSAO", "CONTRIB", "PREVAO", "CNISINT"])
    return fence("CREATE TABLE %s.TITULAR (\n  ID_TITULAR      BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY,\n  NISS            CHAR(11),\n  CPF             CHAR(11),\n"
                 "  NIF_AO          VARCHAR(14),\n  IBAN_CIFRADO    VARCHAR(256),\n  IBAN_ULT4       CHAR(4),\n  TELEFONE_HASH   CHAR(64),\n  EMAIL_HASH      CHAR(64),\n"
                 "  SENHA_PORTAL_HASH VARCHAR(100),\n  DT_ATUALIZACAO  TIMESTAMP NOT NULL WITH DEFAULT,\n  PRIMARY KEY (ID_TITULAR)\n) IN TS%s%02d;\nCREATE UNIQUE INDEX %s.IX_TITULAR_NISS ON %s.TITULAR (NISS);" % (
                     sch, sch[:4], ri(1, 20), sch, sch), "sql")


def c_jcl():
    job = ch(JOBS)
    steps = []
    for i in range(ri(3, 6)):
        steps.append("//STEP%02d0  EXEC PGM=%s%s\n//STEPLIB  DD DSN=PGT.%s.LOADLIB,DISP=SHR\n//ENTRADA  DD DSN=PGT.%s.%s.G%04dV00,DISP=SHR" % (
            i + 1, ch(["PGB", "CTB", "AOP", "CLC"]), ch(["0412", "1120", "0301", "7705", "0099"]), ch(ENV).upper(), ch(["LOTE", "REMUN", "RETORNO", "DMR"]),
            ch(["ENTRADA", "SAIDA", "ERROS"]), ri(1, 9999)))
    return fence("//%s JOB (PGT0001),'LOTE PAGTO %s',CLASS=A,MSGCLASS=X\n" % (job, ch(COUNTRY)) + "\n".join(steps))


def c_cics():
    tx = ch(["PG01", "CT02", "BN10", "AO05", "PV03"])
    return ch(["CICS em prd esta noite:", "abend na transação do balcão:", "CICS log, região CICSPG1:"]) + "\n" + fence(
        "DFHAC2206 %s CICSPG%d Transaction %s failed with abend %s. Updates to local recoverable resources backed out.\n"
        "DFHAP0001 CICSPG%d An abend (code %s) has occurred at offset X'%s' in module %s." % (
            rdt().strftime("%H:%M:%S"), ri(1, 4), tx, ch(["ASRA", "AEIP", "AICA", "APCT"]), ri(1, 4), ch(["0C7/AKEA", "0C4/AKEA"]), hexs(8).upper(),
            ch(["PGCALC01", "CTBVAL02", "BNCONS10", "AOPAGT05"])))


def c_jes():
    job = ch(JOBS)
    jn = ri(10000, 99999)
    t = rdt()
    lines = []
    for i in range(ri(3, 6)):
        lines.append("%s JOB%05d  IEF142I %s STEP%02d0 - STEP WAS EXECUTED - COND CODE %04d" % ((t + timedelta(minutes=i * 7)).strftime("%H.%M.%S"), jn, job, i + 1, ch([0, 0, 0, 4, 8])))
    lines.append("%s JOB%05d  IEF404I %s - ENDED - TIME=%s" % ((t + timedelta(minutes=50)).strftime("%H.%M.%S"), jn, job, (t + timedelta(minutes=50)).strftime("%H.%M.%S")))
    lines.append("%s JOB%05d  $HASP395 %s ENDED - RC=%04d" % ((t + timedelta(minutes=50)).strftime("%H.%M.%S"), jn, job, ch([0, 4, 8, 12])))
    return fence("\n".join(lines))


def c_validator():
    return fence("@Documented\n@Constraint(validatedBy = NissValidator.class)\n@Target({FIELD, PARAMETER})\n@Retention(RUNTIME)\npublic @interface Niss {\n    String message() default \"{atlantida.validacao.niss.invalido}\";\n}\n\n"
                 "public class NissValidator implements ConstraintValidator<Niss, String> {\n    private static final int[] PESOS = {29, 23, 19, 17, 13, 11, 7, 5, 3, 2};\n"
                 "    @Override\n    public boolean isValid(String niss, ConstraintValidatorContext ctx) { ... }\n}", "java")


def c_kubectl():
    ns = "pensoes-%s" % ch(ENV)
    rows = ["NAME                                        READY   STATUS    RESTARTS   AGE"]
    for _ in range(ri(4, 9)):
        rows.append("%-43s %-7s %-9s %-10s %s" % ("%s-%s-%s" % (svc(), rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)),
                                                 "1/1", ch(["Running", "Running", "Running", "CrashLoopBackOff", "Completed"]), ri(0, 14), "%dd" % ri(1, 60)))
    return fence("$ kubectl -n %s get pods\n" % ns + "\n".join(rows), "console")


def c_openapi():
    return fence("    PedidoAlteracaoConta:\n      type: object\n      required: [idBeneficio, ibanNovo]\n      properties:\n        idBeneficio: {type: string, format: uuid}\n"
                 "        ibanNovo: {type: string, maxLength: 34}\n        ibanAnteriorUlt4: {type: string, maxLength: 4}\n        telefoneContacto: {type: string}\n"
                 "        emailContacto: {type: string, format: email}\n        consentimentoRgpd: {type: boolean}\n        tokenOtp: {type: string, writeOnly: true}", "yaml")


def c_secret_refs():
    return fence("env:\n  - name: WS_SENHA\n    valueFrom:\n      secretKeyRef:\n        name: %s-ws-credenciais\n        key: senha\n  - name: DB2_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db2-%s-credenciais\n        key: password\n  - name: JWT_SIGNING_KEY\n    valueFrom:\n      secretKeyRef: {name: jwt-chaves, key: private.pem}" % (svc(), ch(ENV)), "yaml")


def c_tf_plan():
    res = ["aws_secretsmanager_secret.sftp_banco_password", "aws_secretsmanager_secret_version.db2_%s_password" % ch(ENV),
           "aws_kms_key.iban_cifra", "aws_iam_access_key.arquivo_uploader", "vault_generic_secret.cnis_ws_senha",
           "aws_s3_bucket.arquivo_lotes_%s" % ch(COUNTRY).lower(), "module.eks.aws_iam_role.irsa_pagamentos_batch"]
    R.shuffle(res)
    lines = ["  # %s will be %s" % (r, ch(["created", "updated in-place", "read during apply"])) for r in res[:ri(3, 6)]]
    return fence("Terraform will perform the following actions:\n\n" + "\n".join(lines) + "\n\nPlan: %d to add, %d to change, 0 to destroy." % (ri(1, 4), ri(0, 3)))


def c_py_trace():
    return ch(["ETL do CNAB rebentou:", "o conversor python do retorno do banco deu isto:"]) + "\n" + fence(
        "Traceback (most recent call last):\n  File \"/opt/etl/cnab/main.py\", line %d, in <module>\n    processar(args.arquivo)\n"
        "  File \"/opt/etl/cnab/retorno.py\", line %d, in processar\n    registo = SegmentoJ.parse(linha)\n"
        "  File \"/opt/etl/cnab/layout.py\", line %d, in parse\n    valor_pago=Decimal(linha[%d:%d]) / 100,\n"
        "decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]" % (ri(20, 90), ri(30, 200), ri(40, 300), ri(100, 150), ri(151, 170)), "python")


def c_angular_form():
    return fence("this.form = this.fb.group({\n  nif: ['', [Validators.required, nifValidator()]],\n  niss: ['', [Validators.required, nissValidator()]],\n"
                 "  iban: ['', [Validators.required, ibanValidator('PT')]],\n  telefone: ['', telefoneValidator(['PT', 'AO', 'BR'])],\n  email: ['', Validators.email],\n"
                 "  senhaAtual: ['', Validators.required],\n  novaSenha: ['', [Validators.required, Validators.minLength(12), senhaForteValidator]],\n});", "ts")


def c_hibernate():
    return fence("Hibernate: select t1_0.id_titular,t1_0.niss,t1_0.iban_cifrado,t1_0.iban_ult4,t1_0.telefone_hash,t1_0.email_hash from pensao.titular t1_0 where t1_0.niss=?\n"
                 "o.h.orm.jdbc.bind : binding parameter (1:VARCHAR) <- [<masked>]\n"
                 "Hibernate: update pensao.titular set iban_cifrado=?,iban_ult4=?,dt_atualizacao=? where id_titular=?")


def c_maven():
    mod = ch(["pensoes-calculo-core", "contrib-registo-api", "sepa-gateway-app", "cnis-integracao-client"])
    return fence("[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.%d.0:compile (default-compile) on project %s: Compilation failure\n"
                 "[ERROR] /builds/pensoes/%s/src/main/java/%s/%s.java:[%d,%d] cannot find symbol\n"
                 "[ERROR]   symbol:   method %s(java.lang.String)\n[ERROR]   location: variable %s of type %s" % (
                     ri(10, 13), mod, mod, ch(PKG).replace(".", "/"), ch(CLS_WORDS) + ch(CLS_SUFFIX), ri(20, 400), ri(5, 60), ch(METHODS),
                     ch(["credencialResolver", "ibanCipher", "nissValidator", "tokenClient"]), jcls()))


def c_beans():
    beans = ["passwordEncoder", "jwtDecoder", "wss4jOutInterceptor", "ibanCipherService", "credencialVaultResolver", "nissMaskingConverter",
             "sftpSessionFactory", "oauth2AuthorizedClientManager", "tokenRefreshScheduler", "cpfNifMaskingFilter"]
    R.shuffle(beans)
    return fence("%s DEBUG o.s.b.f.s.DefaultListableBeanFactory - Creating shared instance of singleton bean '%s'\n" % (iso(rdt()), beans[0]) +
                 "\n".join("... Creating shared instance of singleton bean '%s'" % b for b in beans[1:ri(4, 9)]))


def c_wsdl():
    ops = ["consultarCarreiraContributiva", "registarRequerimentoPensao", "obterSituacaoPagamento", "alterarContaPagamento",
           "validarProvaDeVida", "obterDeclaracaoRemuneracoes", "cancelarRequerimento", "consultarAcordoInternacional"]
    R.shuffle(ops)
    return fence("<wsdl:portType name=\"%sPortType\">\n" % ch(["Carreira", "Pensoes", "Pagamentos"]) + "\n".join(
        "  <wsdl:operation name=\"%s\">\n    <wsdl:input message=\"tns:%sRequest\"/>\n    <wsdl:output message=\"tns:%sResponse\"/>\n  </wsdl:operation>" % (o, o, o) for o in ops[:ri(2, 4)]) + "\n</wsdl:portType>", "xml")


def c_flags():
    fl = ["pensoes.calculo.nova-formula-2026", "sepa.envio.lote-dividido", "ao.portal.login-otp-sms", "br.cnis.cache-carreira",
          "contrib.dmr.validacao-iban-estrita", "notificacoes.mascarar-telefone", "prova-vida.biometria-facial", "pagamentos.aoa.multicaixa-express"]
    R.shuffle(fl)
    return "flags ligadas em %s:\n" % ch(ENV) + "\n".join("• `%s` = %s" % (f, ch(["true", "false", "50%", "só PT", "só tenant AO"])) for f in fl[:ri(3, 6)])


def c_log4j():
    return fence("<Configuration packages=\"%s.log\">\n  <Appenders>\n    <Console name=\"json\">\n      <JsonTemplateLayout eventTemplateUri=\"classpath:EcsLayout.json\"/>\n"
                 "      <RegexReplacement regex=\"(niss|nif|cpf|iban|senha|password|token)=[^,\\s]+\" replacement=\"$1=***\"/>\n    </Console>\n  </Appenders>\n</Configuration>" % ch(PKG), "xml")


def c_enum():
    codes = [("NISS_INVALIDO", "SS-4012"), ("CPF_INVALIDO", "BR-4001"), ("IBAN_PAIS_NAO_SUPORTADO", "PG-4220"), ("SENHA_EXPIRADA", "AU-4031"),
             ("TOKEN_REVOGADO", "AU-4032"), ("TELEFONE_FORMATO", "CT-4100"), ("NIF_AO_INVALIDO", "AO-4007"), ("LOTE_DUPLICADO", "PG-4090")]
    R.shuffle(codes)
    return fence("public enum CodigoErro {\n" + ",\n".join("    %s(\"%s\")" % c for c in codes[:ri(4, 8)]) + ";\n    private final String codigo;\n}", "java")


def c_describe():
    cols = [("ID_LOTE", "BIGINT", 8), ("NIPC_ENTIDADE", "CHAR", 9), ("IBAN_ORDENANTE_ULT4", "CHAR", 4), ("TOKEN_IDEMPOTENCIA", "CHAR", 36),
            ("SENHA_ARQUIVO_REF", "VARCHAR", 128), ("HASH_FICHEIRO", "CHAR", 64), ("QTD_REGISTOS", "INTEGER", 4), ("VALOR_TOTAL", "DECIMAL", 15)]
    return fence("db2 => DESCRIBE TABLE PAGTO.LOTE_ENVIO\n\nColumn name          Data type    Length\n-------------------- ------------ ------\n" +
                 "\n".join("%-20s %-12s %6d" % c for c in cols), "console")


def c_jackson():
    f = ch(["numeroNiss", "ibanBeneficiario", "telefoneMovel", "cpfTitular", "senhaTemporaria", "emailNotificacao"])
    return fence("com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException: Unrecognized field \"%s\" (class %s.dto.%sDTO), not marked as ignorable (%d known properties: \"idBeneficio\", \"competencia\", \"valor\", \"estado\"])\n"
                 " at [Source: (org.springframework.util.StreamUtils$NonClosingInputStream); line: 1, column: %d] (through reference chain: %s.dto.%sDTO[\"%s\"])" % (
                     f, ch(PKG), ch(CLS_WORDS), ri(4, 12), ri(20, 400), ch(PKG), ch(CLS_WORDS), f))


def c_threaddump():
    return fence("\n".join("\"%s-%d\" #%d prio=5 os_prio=0 cpu=%.2fms elapsed=%.2fs tid=0x00007f%s nid=0x%x waiting on condition\n   java.lang.Thread.State: WAITING (parking)\n%s" % (
        ch(["sepaEnvioExecutor", "cnisPool", "kafka-consumer-remuneracoes", "http-nio-8080-exec"]), ri(1, 20), ri(20, 200), R.random() * 5000, R.random() * 90000, hexs(10), ri(1000, 9999), frame())
        for _ in range(ri(2, 4))))


def c_node_bff():
    return fence("TypeError: Cannot read properties of undefined (reading 'ibanMascarado')\n    at mapearBeneficio (/app/dist/bff/mappers/beneficio.js:%d:%d)\n    at Array.map (<anonymous>)\n    at BeneficiosController.listar (/app/dist/bff/controllers/beneficios.controller.js:%d:%d)" % (
        ri(10, 90), ri(5, 40), ri(10, 90), ri(5, 40)))


def c_kimbundu():
    return ch(["Kamba, o `%s.%s` está a rebentar com NPE quando a competência vem vazia. Vê aí, mano." % (jcls().split(".")[-1], ch(METHODS)),
               "Mwadié, renomeei `SenhaTemporariaService` para `CredencialProvisoriaService`, actualizem as branches. Ngasakidila.",
               "Epá, a maka é no `%s` — ele chama `%s` duas vezes por registo." % (jcls(), ch(METHODS))])


def c_grep_names():
    return "lista de variáveis que o deploy de %s espera (só nomes):\n" % svc() + fence("\n".join(ch(["DB2_PASSWORD", "WS_CARREIRA_SENHA", "SFTP_BANCO_PASSPHRASE",
                                                                                                    "JWT_PRIVATE_KEY_PATH", "IBAN_KMS_KEY_ARN", "SLACK_BOT_TOKEN", "CNIS_CLIENT_SECRET",
                                                                                                    "MCX_API_TOKEN", "ESOCIAL_PFX_SENHA", "SMTP_PASSWORD"]) for _ in range(ri(4, 8))))


def c_proto():
    return fence("syntax = \"proto3\";\npackage atlantida.pagamentos.v1;\n\nmessage Pagamento {\n  string id_beneficio = 1;\n  string competencia = 2;\n  int64 valor_centimos = 3;\n"
                 "  string moeda = 4; // EUR | BRL | AOA\n  string iban_hash = 5;\n  string token_idempotencia = 6;\n}\n\nservice Pagamentos {\n  rpc %s (Pagamento) returns (Recibo);\n}" % ch(["Registar", "Enviar", "Reconciliar"]), "proto")


CODE_T = [c_java_trace, c_cxf_fault, c_copybook, c_ddl, c_jcl, c_cics, c_jes, c_validator, c_kubectl, c_openapi, c_secret_refs, c_tf_plan,
          c_py_trace, c_angular_form, c_hibernate, c_maven, c_beans, c_wsdl, c_flags, c_log4j, c_enum, c_describe, c_jackson, c_threaddump,
          c_node_bff, c_kimbundu, c_grep_names, c_proto]


# ---- non_credential_blob
def sha1():
    return hexs(40)


def sha256h():
    return hexs(64)


COMMIT_MSG = ["corrige arredondamento do coeficiente de revalorização", "fix: mascara IBAN no log do sepa-gateway", "feat(ao): lote em AOA via Multicaixa",
              "chore: bump spring-boot", "ajusta layout CNAB 240 segmento J", "refactor: extrai CredencialResolver", "hotfix competência 13 (subsídio de Natal)",
              "feat: prova de vida por videochamada", "corrige timezone America/Sao_Paulo no fecho", "docs: runbook de rotação de certificados"]


def b_gitlog():
    return fence("$ git log --oneline -n %d\n" % (k := ri(4, 9)) + "\n".join("%s %s" % (hexs(ch([7, 8, 9])), ch(COMMIT_MSG)) for _ in range(k)), "console")


def b_docker():
    img = "registry.atlantida.internal/pensoes/%s" % svc()
    return fence("$ docker pull %s:%s\n%s: Pulling from pensoes/%s\nDigest: sha256:%s\nStatus: Downloaded newer image for %s:%s\n\n# deploy fixado por digest:\nimage: %s@sha256:%s" % (
        img, version(), version(), svc(), sha256h(), img, version(), img, sha256h()), "console")


def b_sha256sum():
    c = ch(COUNTRY)
    files = ["PAGT_%s_%s_L%04d.xml" % (c, rdt().strftime("%Y%m"), ri(1, 300)) for _ in range(ri(3, 6))]
    return ch(["hashes dos ficheiros enviados ao banco hoje (para a reconciliação):", "checksums do lote de hoje:", "sha256 dos ficheiros de retorno:"]) + "\n" + fence(
        "\n".join("%s  %s" % (sha256h(), f) for f in files))


def b_wsa():
    return fence("<soapenv:Header>\n  <wsa:Action>urn:atlantida:carreira:v3:consultarCarreiraContributiva</wsa:Action>\n  <wsa:MessageID>urn:uuid:%s</wsa:MessageID>\n"
                 "  <wsa:RelatesTo>urn:uuid:%s</wsa:RelatesTo>\n  <atl:CorrelationId>%s</atl:CorrelationId>\n</soapenv:Header>" % (uuid4(), uuid4(), uuid4()), "xml")


def b_xmldsig():
    cert = b64(x509_der())
    return ch(["Assinatura XML do evento (o certificado é público, vai em todas as mensagens):", "ds:Signature do XML devolvido:"]) + "\n" + fence(
        "<ds:SignedInfo>\n  <ds:Reference URI=\"#ID%s\">\n    <ds:DigestMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\"/>\n    <ds:DigestValue>%s</ds:DigestValue>\n  </ds:Reference>\n</ds:SignedInfo>\n"
        "<ds:SignatureValue>%s</ds:SignatureValue>\n<ds:KeyInfo><ds:X509Data><ds:X509Certificate>%s</ds:X509Certificate></ds:X509Data></ds:KeyInfo>" % (
            digits(20), b64(rbytes(32)), b64(rbytes(ch([64, 72, 256]))), cert), "xml")


def b_jsonlog():
    dt = rdt()
    return fence(json.dumps({"@timestamp": iso(dt), "log.level": ch(["INFO", "WARN"]), "service.name": svc(), "trace.id": hexs(32), "span.id": hexs(16),
                             "transaction.id": hexs(16), "correlationId": uuid4(), "message": ch(["lote enviado", "retorno processado", "competência fechada", "carreira obtida do cache"]),
                             "event.duration": ri(1000000, 900000000)}, ensure_ascii=False), "json")


def b_traceparent():
    return "`traceparent: 00-%s-%s-01` — procurem no Tempo, o span lento é o do DB2" % (hexs(32), hexs(16))


def b_kafka():
    rows = ["GROUP                 TOPIC                     PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID"]
    g = ch(["esocial-consumer", "remuneracoes-ingest", "pagamentos-eventos"])
    for p in range(ri(3, 6)):
        off = ri(1000000, 90000000)
        rows.append("%-21s %-25s %-10d %-15d %-15d %-5d %s" % (g, ch(["esocial.eventos.s1200", "contrib.remuneracoes.v2", "pagamentos.estado"]), p, off, off + ri(0, 500), ri(0, 500),
                                                             "consumer-%s-%d-%s" % (g, ri(1, 6), uuid4())))
    return fence("$ kafka-consumer-groups --describe --group %s\n" % g + "\n".join(rows), "console")


def b_rowid():
    return fence("SQL> select rowid, id_lote, estado from pagto.lote_envio where rownum <= %d;\n\nROWID              ID_LOTE ESTADO\n------------------ ------- ----------\n" % (k := ri(3, 6)) +
                 "\n".join("AAAS%s%s %7d %s" % (rs(B62[10:] + "0123456789+/", 6), rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 8), ri(1000, 9999), ch(["ENVIADO", "CONFIRMADO", "ERRO"])) for _ in range(k)), "sql")


def b_integrity():
    pkgs = ["@angular/core", "rxjs", "date-fns", "zone.js", "ngx-mask", "iban", "libphonenumber-js"]
    R.shuffle(pkgs)
    return fence("\n".join("\"node_modules/%s\": {\n  \"version\": \"%s\",\n  \"integrity\": \"sha512-%s\"\n}," % (p, version(), b64(rbytes(64))) for p in pkgs[:ri(2, 4)]), "json")


def b_minio():
    c = ch(COUNTRY)
    return fence("$ mc ls arquivo/lotes-%s/%s/\n" % (c.lower(), rdt().strftime("%Y/%m")) + "\n".join(
        "[%s] %5.1fMiB STANDARD PAGT_%s_L%04d.xml.gz" % (rdt().strftime("%Y-%m-%d %H:%M:%S UTC"), R.random() * 90 + 1, c, ri(1, 400)) for _ in range(ri(3, 6))) +
        "\n$ mc stat arquivo/lotes-%s/PAGT_%s_L%04d.xml.gz | grep ETag\nETag     : %s-%d" % (c.lower(), c, ri(1, 400), hexs(32), ri(2, 12)), "console")


def b_pain001():
    d = rdt()
    return ch(["Cabeçalho do pain.001 gerado (identificadores técnicos, sem contas):", "GrpHdr do ficheiro SEPA de hoje:"]) + "\n" + fence(
        "<GrpHdr>\n  <MsgId>ATL%s%s</MsgId>\n  <CreDtTm>%s</CreDtTm>\n  <NbOfTxs>%d</NbOfTxs>\n</GrpHdr>\n<PmtInf>\n  <PmtInfId>PI-%s-%s</PmtInfId>\n  <PmtMtd>TRF</PmtMtd>\n"
        "  <CdtTrfTxInf><PmtId><EndToEndId>E2E%s</EndToEndId></PmtId></CdtTrfTxInf>\n</PmtInf>" % (
            d.strftime("%Y%m%d"), hexs(12).upper(), iso(d, ms=False, z=False), ri(1000, 180000), d.strftime("%y%m%d"), rs(CROCK, 10), rs(CROCK, 20)), "xml")


def b_esocial_id():
    ids = ["ID1%s000000%s%05d" % (digits(8), rdt().strftime("%Y%m%d%H%M%S"), ri(1, 99999)) for _ in range(ri(2, 5))]
    return ch(["Ids dos eventos S-1200 rejeitados (reenviar):", "eventos com erro de schema:"]) + "\n" + fence("\n".join(ids))


def b_cursor():
    cur = b64u(json.dumps({"ultimoId": ri(100000, 9999999), "ordem": "dt_pagamento", "competencia": comp_iso()}).encode())
    return "a paginação do `/v2/pagamentos` usa cursor opaco: `GET /v2/pagamentos?limite=%d&cursor=%s`" % (ch([50, 100, 200]), cur)


def b_sops():
    return fence("db2:\n    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:111122223333:key/%s\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    version: 3.%d.%d" % (
        b64(rbytes(ri(12, 24))), b64(rbytes(32)), b64(rbytes(16)), uuid4(), iso(rdt(), ms=False), b64(rbytes(48)), b64(rbytes(32)), b64(rbytes(16)), ri(7, 9), ri(0, 3)), "yaml")


def b_vault_transit():
    return ch(["O IBAN fica cifrado na coluna `IBAN_CIFRADO` com o transit do Vault, por isso no dump só aparece isto:", "dump da coluna cifrada (transit):"]) + "\n" + fence(
        "\n".join("%d | vault:v%d:%s | %04d" % (ri(100000, 999999), ri(1, 4), b64(rbytes(ch([44, 48, 52]))), ri(0, 9999)) for _ in range(ri(2, 5))))


def b_fingerprint():
    fp = ":".join(hexs(2).upper() for _ in range(32))
    return ch(["Fingerprint do certificado novo do SFTP do banco (confirmar com eles por telefone antes de aceitar):", "cert renovado do ESB:"]) + "\n" + fence(
        "$ openssl x509 -in sftp-banco.crt -noout -fingerprint -sha256 -serial\nsha256 Fingerprint=%s\nserial=%s" % (fp, hexs(32).upper()), "console")


def b_ssh_hostkey():
    return fence("The authenticity of host 'sftp.%s.example-bank.internal (%s)' can't be established.\nED25519 key fingerprint is SHA256:%s.\nThis key is not known by any other names." % (
        ch(["cgd", "bfa", "bai", "bb"]), priv_ip(), b64(rbytes(32)).rstrip("=")), "console")


def b_mq_msgid():
    q = ch(["QMPRD01", "QMPGT02", "QMAO01"])
    mid = (b"AMQ " + q.encode().ljust(28, b" ")[:12]).hex().upper() + hexs(16).upper()
    return fence("MQGET ok  Q=PGT.RETORNO.%s\n  MsgId    : X'%s'\n  CorrelId : X'%s'\n  PutDate  : %s  PutTime : %s" % (
        ch(["BANCO", "SEPA", "CNAB"]), mid, hexs(48).upper(), rdt().strftime("%Y%m%d"), rdt().strftime("%H%M%S%f")[:8]), "console")


def b_es():
    return fence(json.dumps({"_index": "logs-%s-%s" % (svc(), rdt().strftime("%Y.%m.%d")), "_id": b64u(rbytes(15)), "_seq_no": ri(1000, 9999999), "_primary_term": ri(1, 9),
                             "found": True}, indent=2), "json")


def b_idempotency():
    ms = epoch(rdt()) * 1000 + ri(0, 999)
    return "o retry duplicou o pedido porque o cliente gerou nova chave: primeiro `Idempotency-Key: %s`, depois `Idempotency-Key: %s`" % (uuid7(ms), uuid7(ms + ri(100, 5000)))


def b_helm_checksum():
    return fence("spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: %s\n        checksum/secret: %s" % (sha256h(), sha256h()), "yaml")


def b_mongo():
    return fence("\n".join("{ _id: ObjectId('%s'), evento: '%s', ts: ISODate('%s') }" % (hexs(24), ch(["LOGIN_OK", "ALTERACAO_CONTA", "PROVA_VIDA_OK", "DOWNLOAD_DECLARACAO"]), iso(rdt()))
                           for _ in range(ri(2, 5))), "js")


def b_ci_ids():
    return ch(["pipeline %d (job %d) falhou no stage `sonar`; task id `%s`" % (ri(100000, 999999), ri(1000000, 9999999), rs(B62, 20)),
               "build `%s` do Cloud Build, imagem `%s@sha256:%s`" % (uuid4(), svc(), sha256h())])


def b_ulid():
    return "ids dos requerimentos reprocessados (ULID):\n" + "\n".join("- `%s`" % ulid(epoch(rdt()) * 1000) for _ in range(ri(3, 7)))


def b_pseudonym():
    return ("Para o data lake os identificadores vão pseudonimizados (HMAC-SHA256 com chave no KMS, não reversível sem ela):\n" + fence(
        "id_titular_pseudo,competencia,valor\n" + "\n".join("%s,%s,%s" % (hexs(64), comp_iso(), "%.2f" % (R.random() * 3000 + 300)) for _ in range(ri(3, 6)))))


def b_etag():
    return fence("HTTP/1.1 200 OK\nContent-Type: application/pdf\nETag: W/\"%s\"\nx-request-id: %s\nx-amz-request-id: %s\nx-amz-id-2: %s" % (
        hexs(32), hexs(32), hexs(16).upper(), b64(rbytes(48))), "http")


def b_b64_text():
    txt = ch(["competencia=2026-%02d;pais=PT;lote=%d" % (ri(1, 12), ri(1, 300)), "reprocessar:true;origem=backoffice", "tenant=ao;modo=simulacao"])
    return "o header `X-Contexto` é só base64 de texto, vejam: `%s` → `%s`" % (b64(txt.encode()), txt)


def b_cert_pem():
    cert = wrap76(b64(x509_der()), 64)
    return "Certificado público do ESB (pode ir para o truststore, não é segredo):\n" + fence("-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % cert)


def b_gosum():
    return fence("\n".join("%s v%s h1:%s" % (m, version(), b64(rbytes(32))) for m in ["github.com/ibm-messaging/mq-golang/v5", "golang.org/x/crypto", "github.com/jackc/pgx/v5"][:ri(2, 3)]))


BLOB_T = [b_gitlog, b_docker, b_sha256sum, b_wsa, b_xmldsig, b_jsonlog, b_traceparent, b_kafka, b_rowid, b_integrity, b_minio, b_pain001,
          b_esocial_id, b_cursor, b_sops, b_vault_transit, b_fingerprint, b_ssh_hostkey, b_mq_msgid, b_es, b_idempotency, b_helm_checksum,
          b_mongo, b_ci_ids, b_ulid, b_pseudonym, b_etag, b_b64_text, b_cert_pem, b_gosum]


# ---- pii_lookalike_number
def cnpj():
    base = digits(8) + "0001"
    w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    s = sum(int(a) * b for a, b in zip(base, w1)) % 11
    d1 = 0 if s < 2 else 11 - s
    base += str(d1)
    w2 = [6] + w1
    s = sum(int(a) * b for a, b in zip(base, w2)) % 11
    d2 = 0 if s < 2 else 11 - s
    c = base + str(d2)
    return "%s.%s.%s/%s-%s" % (c[:2], c[2:5], c[5:8], c[8:12], c[12:])


def nipc(first=None):
    while True:
        b = (first or ch("56")) + rs("0123456789", 7)
        s = sum(int(d) * (9 - i) for i, d in enumerate(b)) % 11
        c = 0 if s < 2 else 11 - s
        if c < 10:
            return b + str(c)


def nup():
    org = ch(["35014", "37300", "44000", "35000"])
    seq = "%06d" % ri(1, 999999)
    yr = str(ch([2024, 2025, 2026]))
    base = org + seq + yr
    def dv(s):
        tot = sum(int(c) * w for c, w in zip(reversed(s), range(2, 2 + len(s))))
        d = 11 - tot % 11
        return str(d - 10 if d >= 10 else d)
    d1 = dv(base)
    d2 = dv(base + d1)
    return "%s.%s/%s-%s%s" % (org, seq, yr, d1, d2)


def cnj():
    n = "%07d" % ri(1, 9999999)
    a = str(ch([2023, 2024, 2025, 2026]))
    j, tr, o = "4", "%02d" % ri(1, 6), "%04d" % ch([6100, 6183, 3400, 5101, 7100, 6301, 8300])
    dv = 98 - (int(n + a + j + tr + o + "00") % 97)
    return "%s-%02d.%s.%s.%s.%s" % (n, dv, a, j, tr, o)


def ref9(first="134567"):
    """9-digit reference that does not start with 2 or 9 (not a PT/AO phone shape)."""
    return ch(first) + rs("0123456789", 8)


def ref333(first="134567"):
    return group(ref9(first), [3, 3, 3])


def boleto():
    parts = [digits(5), digits(5), digits(5), digits(6), digits(5), digits(6), digits(1), str(ri(9000, 9999)) + "%010d" % ri(1000, 9999999)]
    return "%s.%s %s.%s %s.%s %s %s" % tuple(parts)


def l_csv_batches():
    c = ch(COUNTRY)
    rows = ["lote;competencia;pais;moeda;qtd_beneficios;valor_total;data_envio;ref_bancaria;estado"]
    for _ in range(ri(12, 26)):
        d = rdt()
        v = R.random() * 9e7 + 1e5
        rows.append("L%s-%04d;%s;%s;%s;%d;%s;%s;%s;%s" % (d.strftime("%Y%m"), ri(1, 400), d.strftime("%m/%Y"), c, CUR[c], ri(100, 250000),
                                                            "%.2f" % v if R.random() < 0.5 else money_pt(v), d.strftime("%d/%m/%Y %H:%M"), ref333(), ch(["ENVIADO", "CONFIRMADO", "REJEITADO", "PARCIAL"])))
    return ch(["export do painel de lotes (%s):" % c, "CSV dos lotes do mês, para o relatório do cliente:", "lotes de %s — alguém confere os totais?" % c]) + "\n" + fence("\n".join(rows), "csv")


def l_md_jobs():
    rows = ["| job | início | fim | duração | registos | RC |", "|---|---|---|---|---|---:|"]
    t = rdt()
    for _ in range(ri(5, 12)):
        dur = ri(60, 14000)
        rows.append("| %s | %s | %s | %s | %s | %04d |" % (ch(JOBS), t.strftime("%d/%m %H:%M:%S"), (t + timedelta(seconds=dur)).strftime("%H:%M:%S"),
                                                      "%02d:%02d:%02d" % (dur // 3600, dur % 3600 // 60, dur % 60), "{:,}".format(ri(1000, 9999999)).replace(",", " "), ch([0, 0, 4, 8, 12])))
        t += timedelta(seconds=dur + ri(5, 600))
    return ch(["Execução da cadeia noturna:", "batch de ontem:", "Resumo da cadeia de fecho (PT):"]) + "\n" + "\n".join(rows)


def l_multibanco():
    ent = "%05d" % ri(10000, 29999)
    v = R.random() * 40000 + 50
    return ch(["Referência MB gerada para a entidade empregadora (pagamento de contribuições):", "DUC emitido — dados de pagamento:"]) + "\n" + fence(
        "Entidade:    %s\nReferência:  %s\nMontante:    %s €\nNIPC:        %s\nPeríodo:     %s\nValidade:    %s" % (
            ent, ref333(), money_pt(v), group(nipc(), [3, 3, 3]), competencia(), rdt().strftime("%d-%m-%Y")))


def l_boleto():
    return ch(["Guia GPS do RPPS (contribuição patronal), linha digitável:", "boleto da contribuição patronal do município:", "linha digitável pra conferir:"]) + "\n" + fence(
        "Código de pagamento: %d\nCompetência: %s\nIdentificador (CNPJ): %s\nValor: R$ %s\nLinha digitável: %s" % (
            ch([2100, 2208, 2402, 1007]), competencia(), cnpj(), money_pt(R.random() * 900000 + 1000), boleto()))


def l_nup():
    return ch(["Processos administrativos em atraso no INSS (só números):", "lista dos NUP que o cliente pediu para reabrir:"]) + "\n" + "\n".join(
        "- %s — %s" % (nup(), ch(["aguarda perícia", "em análise", "exigência cumprida", "concluído", "recurso"])) for _ in range(ri(4, 9)))


def l_cnj():
    return ch(["Ações judiciais que afetam o cálculo (cumprimento de sentença):", "processos judiciais com ordem de implantação:"]) + "\n" + "\n".join(
        "%d. `%s` — prazo %s" % (i + 1, cnj(), rdt().strftime("%d/%m/%Y")) for i in range(ri(3, 7)))


def l_cnpj():
    return "Órgãos do tenant BR (CNPJ para o header do CNAB):\n" + "\n".join(
        "• %s — %s" % (ch(["RPPS Município de Campinas", "Instituto de Previdência de Belém", "Fundo Previdenciário de Niterói", "IPREV Estadual", "Prefeitura de Sobral"]), cnpj()) for _ in range(ri(3, 5)))


def l_nipc():
    return ch(["Entidades empregadoras com DMR em falta (NIPC):", "empresas com DMR rejeitada:"]) + "\n" + fence(
        "\n".join("%s  %s  %s  %d trabalhadores" % (group(nipc(), [3, 3, 3]), competencia(), ch(["EM_FALTA", "REJEITADA", "SUBSTITUIR"]), ri(2, 4000)) for _ in range(ri(5, 10))))


def l_ao_nif():
    rows = ["nif_entidade;n_inscricao_inss;competencia;trabalhadores;massa_salarial_aoa;contribuicao_aoa"]
    for _ in range(ri(6, 14)):
        m = R.random() * 9e8 + 1e6
        rows.append("5%09d;%s;%s;%d;%s;%s" % (ri(0, 999999999), "1%09d" % ri(0, 999999999), comp_iso(), ri(3, 9000), money_sp(m), money_sp(m * 0.11)))
    return ch(["Contribuições das entidades empregadoras (INSS Angola), mês fechado:", "Kamba, o ficheiro das empresas ficou assim:"]) + "\n" + fence("\n".join(rows), "csv")


def l_aoa_amounts():
    return ch(["Totais por província, em Kz:", "Pagamento de pensões AO, totais:"]) + "\n" + "\n".join(
        "- %s: %s Kz (%s pensionistas)" % (ch(["Luanda", "Benguela", "Huambo", "Huíla", "Cabinda", "Malanje", "Bié", "Uíge"]),
                                           money_sp(R.random() * 9e9 + 1e6) if R.random() < 0.6 else "%s,00" % group(ref9("9"), [3, 3, 3]),
                                           "{:,}".format(ri(500, 250000)).replace(",", " ")) for _ in range(ri(4, 8)))


def l_brl_amounts():
    liq = ri(1, 9) * 10 ** 9 + ri(100, 255) * 10 ** 6 + ri(100, 255) * 10 ** 3 + ri(0, 255)
    desc = ri(10 ** 7, 9 * 10 ** 8)
    cents = ri(0, 99)
    return ch(["Folha do mês (INSS BR, consolidado):", "valores consolidados da competência:"]) + "\n" + fence(
        "Total bruto       R$ %s\nDescontos         R$ %s\nLíquido           R$ %s\nBenefícios        %s\nLotes             %d" % (
            money_pt(liq + desc + cents / 100.0), money_pt(desc), money_pt(liq + cents / 100.0),
            "{:,}".format(ri(1000000, 39000000)).replace(",", "."), ri(20, 400)))


def l_db2_ts():
    t = rdt()
    job = ch(JOBS)
    n = ri(4, 9)
    rows = []
    cnt = 0
    for i in range(n):
        t += timedelta(seconds=ri(1, 400), microseconds=ri(0, 999999))
        cnt += ri(10000, 900000)
        rows.append("%s  %s  %-10s  %d" % (t.strftime("%Y-%m-%d-%H.%M.%S.%f"), job, "INICIO" if i == 0 else ("FIM" if i == n - 1 else "CHECKPOINT"), 0 if i == 0 else cnt))
    return fence("\n".join(rows)) + "\ncheckpoints do %s, data juliana %s" % (job, t.strftime("%y%j"))


def l_esocial_recibo():
    return ch(["recibos dos eventos aceites (guardar no processo):", "nrRecibo devolvido pelo eSocial:"]) + "\n" + fence(
        "\n".join("S-%s  nrRecibo=1.%d.%s  protocolo=1.%d.%s" % (ch(["1200", "1210", "2200", "2299"]), ri(1, 2), non_luhn(digits(19, "0")), ri(1, 2),
                                                                     "%d%02d.%05d.%s" % (ch([2025, 2026]), ri(1, 12), ri(0, 99999), digits(10))) for _ in range(ri(3, 6))))


def l_sepa_totals():
    return fence("<GrpHdr>\n  <NbOfTxs>%d</NbOfTxs>\n  <CtrlSum>%.2f</CtrlSum>\n</GrpHdr>\n<PmtInf>\n  <ReqdExctnDt>%s</ReqdExctnDt>\n  <NbOfTxs>%d</NbOfTxs>\n  <CtrlSum>%.2f</CtrlSum>\n</PmtInf>" % (
        ri(10000, 400000), R.random() * 9e7, rdt().strftime("%Y-%m-%d"), ri(1000, 90000), R.random() * 9e6), "xml")


def l_versions():
    return ch(["versões em prd:", "o que está em produção agora:"]) + "\n" + "\n".join("• %s %s (build %s.%d)" % (svc(), version(), rdt().strftime("%Y%m%d"), ri(1, 40)) for _ in range(ri(3, 7)))


def l_infra():
    rows = ["| host | IP | porta | serviço |", "|---|---|---:|---|"]
    for _ in range(ri(4, 8)):
        rows.append("| %s | %s | %d | %s |" % (host(), priv_ip(), ch([22, 443, 1414, 50000, 1521, 8443, 9092, 5672]), ch(["SFTP", "MQ", "DB2", "Oracle", "Kafka", "ESB", "RabbitMQ"])))
    return "Inventário do ambiente %s:\n" % ch(ENV) + "\n".join(rows)


def l_slack_ts():
    t = rdt()
    return fence(json.dumps({"channel": "C0%s" % rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 8), "ts": "%d.%06d" % (epoch(t), ri(0, 999999)), "thread_ts": "%d.%06d" % (epoch(t) - ri(60, 9999), ri(0, 999999)),
                             "event_time": epoch(t), "event_time_ms": epoch(t) * 1000 + ri(0, 999)}, indent=2), "json")


def l_cnab():
    c = cnpj().replace(".", "").replace("/", "").replace("-", "")
    d = rdt()
    bank, bname = ch([("001", "BANCO DO BRASIL S.A."), ("104", "CAIXA ECONOMICA FEDERAL"), ("237", "BANCO BRADESCO S.A."), ("341", "BANCO ITAU S.A.")])
    emp = ch(["INST PREVIDENCIA MUN CAMPINAS", "IPREV ESTADUAL", "FUNDO PREV NITEROI", "PREFEITURA MUNICIPAL SOBRAL"])
    hdr = "%s00000         2%s%-20s%-30s%-30s%s1%s%s%06d08901600" % (bank, c, "%09d0126" % ri(1, 999999999), emp, bname, " " * 10, d.strftime("%d%m%Y"), d.strftime("%H%M%S"), ri(1, 999999))
    nreg = ri(100, 99999)
    trl = "%s99999         %06d%06d%s" % (bank, ri(1, 9), nreg + 4, " " * 40)
    return ch(["header e trailer do CNAB 240 de remessa (a linha toda, para ver o posicional):", "arquivo de remessa, primeiras/últimas linhas:"]) + "\n" + fence(hdr + "\n...\n" + trl)


def l_contrib_summary():
    return ("Resumo DMR %s, entidade NIPC %s:\n" % (competencia(), group(nipc(), [3, 3, 3])) + fence(
        "Trabalhadores declarados:   %d\nRemunerações (base):        %s €\nTaxa:                       %.2f %%\nContribuições:              %s €\nN.º declaração:             %s\nData submissão:             %s" % (
            ri(2, 5000), money_pt(R.random() * 5e6), ch([34.75, 23.75, 22.3, 33.3]), money_pt(R.random() * 1e6), ref333(), rdt().strftime("%d/%m/%Y %H:%M"))))


def l_tickets():
    return ch(["tickets em aberto desta semana:", "backlog do turno:"]) + "\n" + "\n".join(
        "- %s %s — %s" % (ch(["INC%07d" % ri(1, 9999999), "RITM%07d" % ri(1, 9999999), "PENS-%d" % ri(100, 9999), "AOINSS-%d" % ri(10, 999), "CHG%07d" % ri(1, 9999999)]),
                          ch(["P1", "P2", "P3"]), ch(["lote rejeitado pelo banco", "timeout no CNIS", "DMR com NIPC inválido", "certificado a expirar", "recálculo competência 13"]))
        for _ in range(ri(3, 7)))


def l_legal():
    return ch(["Base legal para a alteração do cálculo:", "referências normativas do requisito:"]) + "\n" + "\n".join([
        "• Decreto-Lei n.º %d/%d, art. %d.º" % (ri(100, 399), ri(2015, 2025), ri(1, 90)), "• Portaria n.º %d/%d, de %d de %s" % (ri(1, 450), ri(2024, 2026), ri(1, 28), ch(["janeiro", "março", "julho", "dezembro"])),
        "• Lei n.º %s/%02d (BR), art. %d" % ("{:,}".format(ri(8000, 14999)).replace(",", "."), ch([91, 98, 99, 3, 19, 23]), ri(1, 130)), "• Decreto Presidencial n.º %d/%d (AO)" % (ri(1, 300), ri(15, 25)),
        "• Ofício n.º %d/%d/DGSS" % (ri(100, 9999), ri(2025, 2026))])


def l_phone_like_ids():
    return ch(["Atenção que estes números NÃO são telefones, são referências de lote da CGD (o Excel formatou-os assim):",
               "Os ids de lote do banco vêm com espaços, tipo telefone, mas são só referências:",
               "refs de remessa (formato do banco, 3-3-3):"]) + "\n" + fence("\n".join("%s  %s  %s" % (ref333(), ch(["EUR", "AOA"]), money_pt(R.random() * 5e6)) for _ in range(ri(4, 9))))


def l_cep_dash():
    return ch(["Agências do INSS com atendimento suspenso (CEP / código da unidade):", "unidades afetadas pela migração:"]) + "\n" + "\n".join(
        "- APS %s — CEP %05d-%03d — unidade %04d-%04d" % (ch(["Centro", "Zona Norte", "Sobral", "Belém Marco", "Niterói", "Campinas Sul"]), ri(10000, 99999), ri(0, 999), ri(1000, 8999), ri(1000, 8999))
        for _ in range(ri(3, 6)))


def l_duc_cardlike():
    return ch(["Os n.º de DUC têm 16 dígitos e o antivírus de DLP anda a marcá-los como cartão 🙄 exemplos de hoje:",
               "ids de lote SEPA agrupados 4-4-4-4 (não são cartões!):"]) + "\n" + fence(
        "\n".join(group(non_luhn(digits(16, "4523")), [4, 4, 4, 4]) + "  " + ch(["PAGO", "EMITIDO", "ANULADO"]) for _ in range(ri(3, 7))))


def l_latency():
    rows = ["| endpoint | p50 (ms) | p95 (ms) | p99 (ms) | pedidos/24h |", "|---|---:|---:|---:|---:|"]
    for e in ["/v2/beneficios", "/v2/pagamentos", "/ws/carreira", "/v2/simulacao", "/v2/prova-vida"][:ri(3, 5)]:
        p50 = ri(20, 400)
        rows.append("| %s | %d | %d | %d | %s |" % (e, p50, p50 * ri(2, 5), p50 * ri(6, 15), "{:,}".format(ri(10000, 9000000)).replace(",", " ")))
    return "\n".join(rows)


def l_protocolos():
    return ch(["Protocolos de requerimento que caíram na fila de erro:", "protocolos do Meu INSS para reprocessar:"]) + "\n" + fence(
        "\n".join("%s  %s  %s" % ("1" + rs("0123456789", 9), rdt().strftime("%d/%m/%Y %H:%M"), ch(["ERRO_CNIS", "TIMEOUT", "DUPLICADO"])) for _ in range(ri(4, 10))))


def l_ao_guia():
    return "Guias de pagamento emitidas (Multicaixa), Luanda:\n" + fence(
        "\n".join("Guia n.º %d/%09d  Entidade %05d  Ref. %s  Valor %s Kz  Venc. %s" % (ch([2025, 2026]), ri(1, 999999999), ri(100, 99999), ref333("1345678"), money_sp(R.random() * 5e7),
                                                                                      rdt().strftime("%d/%m/%Y")) for _ in range(ri(3, 7))))


def l_counts_log():
    t = rdt()
    tot = ri(100000, 9000000)
    return fence("\n".join("%s INFO  [%s] lidos=%d escritos=%d rejeitados=%d commit=%d" % (iso(t + timedelta(seconds=i * 30)), ch(JOBS), x, x - ri(0, 90), ri(0, 90), i + 1)
                           for i, x in enumerate(sorted(R.sample(range(1000, tot), ri(4, 8)))))) + "\n" + "processados %s de %s" % (
        "{:,}".format(tot - ri(0, 9999)).replace(",", " "), "{:,}".format(tot).replace(",", " "))


def l_form():
    return ("Formulário de abertura de lote (backoffice) — valores do teste de hoje:\n" + fence(
        "Número do lote ........ %s\nCompetência ........... %s\nData valor ............ %s\nN.º de registos ....... %d\nMontante total ........ %s €\nReferência banco ...... %s\nN.º ordem de pagamento  %s" % (
            "%d%02d%05d" % (ch([2025, 2026]), ri(1, 12), ri(1, 99999)), competencia(), rdt().strftime("%d.%m.%Y"), ri(100, 90000), money_pt(R.random() * 9e7), ref333(),
            group("4" + rs("0123456789", 8), [2, 3, 4], "-"))))


def l_ports_dates():
    return ch(["Janela de manutenção: %s, das %s às %s (UTC%s). Portas afetadas: 1414, 1415, 50000, 50001." % (rdt().strftime("%d/%m/%Y"), "22:00", "02:30", ch(["+0", "+1", "-3"])),
               "Corte do DB2 a %s às 23:00 (BRT = UTC−3; WAT = UTC+1). Competência %s fecha antes." % (rdt().strftime("%d/%m"), competencia())])


def l_niss_entity():
    return "Contribuintes (pessoa coletiva) com dívida acima de 50 000 €:\n" + fence(
        "\n".join("NISS entidade 2%010d  NIPC %s  dívida %s €" % (ri(0, 9999999999), nipc(), money_pt(R.random() * 9e5 + 5e4)) for _ in range(ri(3, 6))))


def l_bank_codes():
    return ch(["Códigos dos bancos no ficheiro de retorno:", "mapping banco → código:"]) + "\n" + "\n".join(
        "- %s: código %04d, BIC %s" % (b, ri(1, 9999), bic) for b, bic in [("CGD", "CGDIPTPL"), ("BAI", "BAIPAOLU"), ("BFA", "BFMXAOLU"), ("Banco do Brasil", "BRASBRRJ"), ("Millennium", "BCOMPTPL")][:ri(3, 5)])


def l_rupe():
    rows = []
    for _ in range(ri(3, 7)):
        r20 = "1000" + rs("0123456789", 16)
        rows.append("RUPE %s  %s Kz  %s" % (group(r20, [4, 4, 4, 4, 4]), money_sp(R.random() * 3e7 + 5000), ch(["PAGO", "POR PAGAR", "EXPIRADO"])))
    return ch(["RUPEs das contribuições em atraso (entidades, não trabalhadores):", "Mano, as referências RUPE geradas hoje:"]) + "\n" + fence("\n".join(rows))


def sepa_ci(cc, nat):
    n = int("".join(str(int(x, 36)) for x in nat + cc + "00"))
    return "%s%02dZZZ%s" % (cc, 98 - n % 97, nat)


def l_sepa_ci():
    return ch(["Identificadores de credor SEPA dos organismos (débitos diretos de contribuições):", "ICS dos tenants:"]) + "\n" + "\n".join(
        "- %s: `%s` (mandatos ativos: %s)" % (a, sepa_ci("PT", "%06d" % ri(100000, 999999)), "{:,}".format(ri(1000, 900000)).replace(",", " ")) for a in R.sample(["ISS, IP", "CGA", "IGFSS", "CNP"], ri(2, 4)))


PII_T = [l_rupe, l_sepa_ci, l_csv_batches, l_md_jobs, l_multibanco, l_boleto, l_nup, l_cnj, l_cnpj, l_nipc, l_ao_nif, l_aoa_amounts, l_brl_amounts, l_db2_ts, l_esocial_recibo,
         l_sepa_totals, l_versions, l_infra, l_slack_ts, l_cnab, l_contrib_summary, l_tickets, l_legal, l_phone_like_ids, l_cep_dash, l_duc_cardlike,
         l_latency, l_protocolos, l_ao_guia, l_counts_log, l_form, l_ports_dates, l_niss_entity, l_bank_codes]


# ---- talk_about_secrets
TALK_PT = [
    "Alguém colou a senha do utilizador técnico do DB2 no canal ontem; já apaguei a mensagem e a senha foi rodada.",
    "A chave privada do SFTP da CGD expira no fim do mês, temos de gerar um par novo e enviar só a pública ao banco.",
    "Lembrem-se: NISS, NIF e IBAN de beneficiários não se colam no Slack, nem em threads privadas.",
    "O certificado do ESB foi renovado; a passphrase nova está no cofre, não a peçam por mensagem.",
    "A auditoria do RGPD encontrou NIF em claro nos logs do pensoes-calculo; o fix de mascaramento entra na 3.2.",
    "Vou rodar o token do bot de notificações hoje à noite, por isso os alertas podem falhar uns minutos.",
    "Quem tiver acesso ao cofre de produção tem de ativar MFA até sexta, ordem da segurança.",
    "O encarregado de proteção de dados pediu a lista de sistemas onde guardamos telefone e e-mail dos pensionistas.",
    "A senha do RACF do utilizador batch passou a expirar a cada 90 dias; o job de renovação está no Control-M.",
    "Não ponham IBAN de teste real nos casos de teste, usem os gerados pelo Faker.",
    "A chave de cifra dos IBAN está no KMS e ninguém da equipa tem permissão para a exportar, e ainda bem.",
    "Se virem um token no histórico do git, avisem a segurança antes de fazer force-push.",
]
TALK_BR = [
    "Galera, o CPF dos segurados não pode aparecer no log de jeito nenhum, a LGPD não perdoa.",
    "A senha do certificado A1 do eSocial vence junto com o certificado; já abri a requisição pra renovar.",
    "Alguém sabe onde fica guardado o token da API do CNIS em hml? Não me manda aqui, só o caminho do cofre.",
    "O DPO do cliente pediu pra gente apagar as planilhas com telefone dos segurados que estão no drive compartilhado.",
    "Tô rotacionando as chaves de acesso da AWS do bucket de arquivo, os jobs vão reiniciar.",
    "O scanner de segredos do pipeline barrou um commit com senha de banco; foi falso positivo, era o valor padrão do docker-compose.",
    "Número do benefício também é dado pessoal, tem que mascarar igual o CPF.",
    "Fiz o treinamento de LGPD, recomendo — fala muito de vazamento por print de tela.",
    "A chave privada do JWT do portal tá no HSM, não existe cópia em arquivo.",
    "Nada de mandar PDF de extrato de segurado por DM, usa o GED com link expirável.",
    "O cartão corporativo que paga a cloud foi trocado, atualizem no portal de faturamento (sem postar o número aqui).",
    "Vazou senha no print do chamado, já pedi pra remover o anexo e trocar a senha.",
]
TALK_AO = [
    "Kamba, a senha do servidor do INSS Angola não se manda no grupo do WhatsApp, ok? Usa o cofre.",
    "Mano, o token do Multicaixa foi revogado ontem; o novo está no cofre, bué de cuidado com isso.",
    "Epá, a maka do certificado expirado já foi resolvida, a chave nova ficou no HSM. Ngasakidila.",
    "Kota, o número de contribuinte dos trabalhadores é dado pessoal, a Lei 22/11 também se aplica aqui.",
    "Wakolapo, malta. Amanhã rodamos as credenciais do SFTP da Caixa de Previdência, preparem-se.",
    "Mwadié, não imprimas a lista com os telefones dos pensionistas, manda só o relatório agregado.",
    "Twapandula pela ajuda na rotação das chaves, kamba. Está tudo a funcionar.",
    "A malta de Luanda pediu acesso ao cofre; só damos leitura aos segredos do ambiente deles.",
]
TALK_EN = [
    "Reminder: the pension-payment bucket keys were rotated; nothing to do on your side unless you cached them locally.",
    "Please don't paste customer IBANs or tax numbers in threads, even partially — link the ticket instead.",
    "Security found an old API key in a Confluence page; it was already revoked, page cleaned.",
    "The private key for the SFTP integration never leaves the vault; the agent mounts it at runtime.",
    "We're moving all service passwords to short-lived credentials issued by Vault, no more static ones.",
    "The DPO asked for a data map of where we store phone numbers and emails of pensioners.",
    "If a token shows up in a build log, treat it as leaked: revoke first, ask questions later.",
    "The secret scanner flags the AWS docs example key in our README — that's expected, it's the EXAMPLE one.",
]
TALK_ALL = TALK_PT + TALK_BR + TALK_AO + TALK_EN


def t_single():
    return ch(TALK_ALL)


def t_pair():
    a, b = R.sample(TALK_ALL, 2)
    return a + "\n" + b


def t_bullets():
    xs = R.sample(TALK_ALL, ri(3, 5))
    return ch(["Notas da reunião de segurança:", "Pontos da sync de segurança de hoje:", "Security sync notes:", "Resumo (kamba, lê até ao fim):"]) + "\n" + "\n".join("• " + x for x in xs)


def t_incident():
    d = rdt()
    return "\n".join([
        "*Incidente %s — exposição de credencial*" % ("SEC-%d-%03d" % (d.year, ri(1, 200))),
        "• O quê: %s" % ch(["senha do utilizador técnico do WS colada num canal público", "token de bot exposto num print", "chave de acesso da cloud num log de CI",
                            "ficheiro com NIF e IBAN de beneficiários enviado para a pasta errada", "export com telefones de segurados num drive partilhado"]),
        "• Detetado: %s por %s" % (d.strftime("%d/%m %H:%M"), ch(["scanner de segredos", "colega da equipa de DB2", "alerta do DLP", "auditoria interna"])),
        "• Ação: %s" % ch(["credencial revogada e rodada em 25 min", "mensagem apagada, token revogado, logs verificados", "ficheiro removido, DPO notificado",
                           "chave desativada, nova emitida via Vault"]),
        "• Impacto: %s" % ch(["sem evidência de uso indevido", "nenhum acesso externo nos logs", "em análise com o DPO do cliente"]),
        "• Próximos passos: %s" % ch(["pre-commit hook com gitleaks em todos os repos", "mascaramento obrigatório no logback", "formação RGPD/LGPD para a equipa", "rever permissões do cofre"])])


def t_faq():
    qa = [("Posso colar o NIF de um beneficiário para pedir ajuda?", "Não. Usa o id interno do titular ou o número do ticket."),
          ("Onde está a senha do DB2 de qualidade?", "No cofre, caminho da equipa. Pede acesso ao líder técnico."),
          ("O token expirou, alguém me manda o novo?", "Ninguém manda tokens por mensagem; gera um novo no portal do fornecedor."),
          ("Posso guardar o IBAN em claro numa tabela temporária?", "Não, usa o serviço de cifra ou o IBAN_ULT4."),
          ("É seguro mandar o CPF por DM?", "Não. DM também fica retido e é exportável."),
          ("Quem roda a chave do SFTP do banco?", "A equipa de integração, com o banco em chamada, nunca por e-mail."),
          ("E o telefone do pensionista para a prova de vida?", "Fica no CRM; no Slack só o id do caso.")]
    R.shuffle(qa)
    return "*FAQ dados pessoais e segredos*\n" + "\n".join("*P:* %s\n*R:* %s" % x for x in qa[:ri(2, 4)])


def t_regex():
    return ch([
        "O regex de CPF do DLP está a apanhar números de processo do INSS porque só olha para o formato 3.3.3-2; proponho validar os dígitos verificadores antes de marcar.",
        "o detector de telefone está marcando referência Multibanco como celular angolano; precisa exigir o prefixo ou contexto, não só 9 dígitos.",
        "The IBAN rule should run the mod-97 check; right now it flags every 25-char string that starts with PT50.",
        "Sugestão: o mascaramento de NISS devia validar o dígito de controlo, senão mascara ids de lote com 11 dígitos.",
        "Kamba, a regra do cartão de crédito está a bloquear os DUC de 16 dígitos; tem de fazer o Luhn primeiro."])


def t_runbook():
    return "*Runbook — credencial exposta*\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate([
        ch(["Revogar a credencial no sistema de origem (não apenas apagar a mensagem).", "Revoke the credential at the source first."]),
        ch(["Emitir nova credencial pelo Vault e atualizar o ExternalSecret.", "Gerar nova senha com o gerador do cofre, nunca inventar à mão."]),
        ch(["Verificar logs de acesso das últimas 72 h.", "Check access logs for the exposure window."]),
        ch(["Abrir incidente SEC e avisar o DPO se houver dados pessoais.", "Notificar o cliente (ISS/INSS/INSS Angola) conforme o contrato."]),
        "Apagar a mensagem e pedir ao admin do Slack para limpar o histórico/exports."][:ri(3, 5)]))


def t_vault_err():
    return ch(["O ExternalSecret do %s está em `SecretSyncedError`: `could not get secret data from provider: permission denied`. Alguém com acesso ao Vault pode ver a policy?" % svc(),
               "sealed-secrets rejeitou o secret novo: `no key could decrypt secret (password)` — foi cifrado com o certificado antigo do controller.",
               "o vault-agent não renovou o lease da credencial do DB2 e o pool morreu às 03:12; a senha em si está ok, foi o TTL."])


def t_question():
    return ch(["Quem tem permissão para ver a senha do utilizador do CICS em prd? Preciso só de saber quem, não da senha.",
               "Alguém sabe se a chave da API do fornecedor de SMS já foi rodada depois do incidente?",
               "Kota, quando é que expira o certificado do WS do INSS Angola? Quero agendar a troca da chave.",
               "Does anyone know whether the bucket keys for the archive were rotated after the contractor left?",
               "A política nova obriga senha de 16 caracteres para utilizadores técnicos também?"])


TALK_T = [t_single, t_pair, t_bullets, t_incident, t_faq, t_regex, t_runbook, t_vault_err, t_question, t_single, t_pair, t_bullets]


# ----------------------------------------------------------------------------
# POSITIVES: value generators (all fake, right shapes / checksums)
# ----------------------------------------------------------------------------
FIRST = ["Joana", "Tiago", "Luana", "Caio", "Nzinga", "Edivaldo", "Helena", "Rui", "Isabela", "Mbeto", "Kalunga", "Teresa", "Yuri",
         "Djamila", "Fabrício", "Inês", "Ngola", "Marta", "Adilson", "Rosária", "Wilker", "Benvinda", "Gonçalo", "Tchissola"]
LAST = ["Meireles", "Sarmento", "Figueiró", "Brandão", "Kiala", "Capitango", "Quintas", "Valadares", "Tavares", "Mateus", "Lemos",
        "Cassoma", "Nunes", "Bastos", "Chipenda", "Correia", "Sacramento", "Muondo", "Arruda", "Paixão", "Dala", "Fontoura"]


def person():
    return "%s %s" % (ch(FIRST), ch(LAST))


def ascii_fold(s):
    tbl = {"á": "a", "à": "a", "ã": "a", "â": "a", "é": "e", "ê": "e", "í": "i", "ó": "o", "ô": "o", "õ": "o", "ú": "u", "ç": "c"}
    return "".join(tbl.get(c, c) for c in s.lower())


def email_for(name, kind=None):
    f, l = [ascii_fold(x) for x in name.split()]
    kind = kind or ri(0, 5)
    if kind == 0:
        return "%s.%s@atlantida-ti.pt" % (f, l)
    if kind == 1:
        return "%s.%s@atlantida-ti.com.br" % (f, l)
    if kind == 2:
        return "%s%s%d@gmail.com" % (f, l, ri(1, 99))
    if kind == 3:
        return "%s.%s@%s" % (f[0], l, ch(["sapo.pt", "hotmail.com", "yahoo.com.br", "outlook.com"]))
    if kind == 4:
        return "%s_%s@%s" % (f, l, ch(["uol.com.br", "gmail.com", "netcabo.pt"]))
    return "%s.%s@atlantida-ti.co.ao" % (f, l)


def phone(country):
    if country == "PT":
        if R.random() < 0.7:
            d = "9" + ch("1236") + rs("0123456789", 7)
            return ch(["+351 %s %s %s", "%s %s %s", "+351%s%s%s", "(+351) %s %s %s"]) % (d[:3], d[3:6], d[6:])
        d = "2" + ch("12345") + rs("0123456789", 7)
        return ch(["+351 %s %s %s" % (d[:2], d[2:5], d[5:]), "%s %s %s" % (d[:3], d[3:6], d[6:])])
    if country == "BR":
        ddd = ch(["11", "21", "61", "71", "81", "91", "48", "31"])
        if R.random() < 0.7:
            d = "9" + rs("0123456789", 8)
            return ch(["+55 (%s) %s-%s", "(%s) %s-%s", "+55 %s %s-%s", "%s %s-%s"]) % (ddd, d[:5], d[5:])
        d = ch("2345") + rs("0123456789", 7)
        return ch(["+55 (%s) %s-%s", "(%s) %s-%s"]) % (ddd, d[:4], d[4:])
    if country == "AO":
        d = "9" + ch("1234579") + rs("0123456789", 7)
        return ch(["+244 %s %s %s", "+244 %s-%s-%s", "00244 %s %s %s", "%s %s %s"]) % (d[:3], d[3:6], d[6:])
    if country == "US":
        return "+1 (%d%02d) %d%02d-%04d" % (ri(2, 9), ri(0, 99), ri(2, 9), ri(0, 99), ri(0, 9999))
    if country == "MZ":
        return "+258 8%s %s %s" % (ch("2467"), rs("0123456789", 3), rs("0123456789", 4))
    if country == "CV":
        return "+238 9%s %s %s" % (rs("0123456789", 2), rs("0123456789", 2), rs("0123456789", 2))
    if country == "FR":
        return "+33 6 %s %s %s %s" % tuple(rs("0123456789", 2) for _ in range(4))
    if country == "CH":
        return "+41 79 %s %s %s" % (rs("0123456789", 3), rs("0123456789", 2), rs("0123456789", 2))
    raise ValueError(country)


def card(brand):
    if brand == "visa":
        num = luhn_complete("4" + rs("0123456789", 14))
    elif brand == "mc":
        num = luhn_complete(ch(["51", "52", "53", "54", "55"]) + rs("0123456789", 13))
    elif brand == "amex":
        num = luhn_complete(ch(["34", "37"]) + rs("0123456789", 12))
        return ch([num, "%s %s %s" % (num[:4], num[4:10], num[10:])])
    elif brand == "elo":
        num = luhn_complete(ch(["636368", "504175", "451416"]) + rs("0123456789", 9))
    else:  # hipercard
        num = luhn_complete("606282" + rs("0123456789", 9))
    return ch([num, group(num, [4, 4, 4, 4]), group(num, [4, 4, 4, 4], "-")])


def iban_check(cc, bban):
    s = bban + cc + "00"
    n = int("".join(str(int(c, 36)) for c in s))
    return "%02d" % (98 - n % 97)


def iban_valid(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    try:
        return int("".join(str(int(c, 36)) for c in r)) % 97 == 1
    except ValueError:
        return False


def iban(cc, grouped=None):
    if cc == "PT":
        b = ch(["0035", "0033", "0010", "0007", "0036", "0045", "0018"]) + rs("0123456789", 4) + rs("0123456789", 11)
        nibchk = 98 - (int(b) * 100) % 97
        bban = b + "%02d" % nibchk
        chk = iban_check(cc, bban)
        assert chk == "50"
    elif cc == "AO":
        pre = ch(["0040", "0006", "0055", "0051"]) + rs("0123456789", 4) + rs("0123456789", 11)
        for k in range(100):
            bban = pre + "%02d" % k
            if iban_check(cc, bban) == "06":
                break
        chk = iban_check(cc, bban)
        assert chk == "06"
    elif cc == "BR":
        bban = rs("0123456789", 8) + rs("0123456789", 5) + rs("0123456789", 10) + ch("CP") + "1"
        chk = iban_check(cc, bban)
    elif cc == "ES":
        bban = rs("0123456789", 20)
        chk = iban_check(cc, bban)
    elif cc == "FR":
        bban = rs("0123456789", 10) + rs("0123456789", 11)
        key = 97 - (int(bban) * 100) % 97
        bban += "%02d" % key
        chk = iban_check(cc, bban)
    elif cc == "LU":
        bban = rs("0123456789", 3) + rs("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", 13)
        chk = iban_check(cc, bban)
    else:
        raise ValueError(cc)
    v = cc + chk + bban
    assert iban_valid(v)
    if grouped is None:
        grouped = R.random() < 0.65
    return group(v, [4] * 9) if grouped else v


def ssn():
    while True:
        a = ri(1, 899)
        if a == 666:
            continue
        return "%03d-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))


def ip_public(s):
    p = [int(x) for x in s.split(".")]
    a, b = p[0], p[1]
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
    if a == 192 and b == 0 and p[2] in (0, 2):
        return False
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and p[2] == 100:
        return False
    if a == 203 and b == 0 and p[2] == 113:
        return False
    if a == 255:
        return False
    return True


def ipv4():
    while True:
        s = "%d.%d.%d.%d" % (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(s):
            return s


def aws_id(prefix="AKIA"):
    return prefix + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def aws_secret():
    return rs(B62 + "+/", 40)


def b62enc(n, width):
    s = ""
    while n:
        s = B62[n % 62] + s
        n //= 62
    return s.rjust(width, "0")


def ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def gh_fine():
    return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + rs(B62, 59)


def xoxb():
    return "xoxb-%s-%s-%s" % (digits(ri(10, 12)), digits(13), rs(B62, 24))


def xoxp():
    return "xoxp-%s-%s-%s-%s" % (digits(11), digits(11), digits(13), hexs(32))


def openai_key():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def jwt(payload=None):
    now = epoch(rdt())
    if R.random() < 0.5:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": b64u(rbytes(18))}
        sig = b64u(rbytes(256))
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(rbytes(32))
    pl = payload or {"iss": "https://sso-%s.atlantida.internal/realms/%s" % (ch(ENV), ch(["previdencia", "pensoes", "inss-ao"])),
                     "sub": ch(["svc-pagamentos-batch", "svc-cnis-integracao", "backoffice-ao", "svc-sepa-gateway"]),
                     "aud": ch(["beneficios-api", "carreira-ws", "ged-documentos"]), "iat": now, "exp": now + ch([300, 900, 3600]),
                     "scope": ch(["pagamentos:write", "beneficios:read carreira:read", "documentos:read"]), "jti": uuid4()}
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def pem_key(kind):
    """Return (begin, end, body_lines) with real DER structure and random key material."""
    if kind == "ec":
        d = der_seq(der_int(1), der(0x04, rbytes(32)), der(0xA0, der_oid("1.2.840.10045.3.1.7")), der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))
        lab = "EC PRIVATE KEY"
    elif kind == "ed25519":
        d = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        lab = "PRIVATE KEY"
    elif kind == "rsa":
        def big(n):
            b = bytearray(rbytes(n))
            b[0] |= 0x80
            b[-1] |= 1
            return bytes(b)
        d = der_seq(der_int(0), der_int(big(256)), der_int(65537), der_int(big(256)), der_int(big(128)), der_int(big(128)),
                    der_int(big(128)), der_int(big(128)), der_int(big(128)))
        lab = "RSA PRIVATE KEY"
    else:  # openssh ed25519
        def sstr(b):
            return struct.pack(">I", len(b)) + b
        pub = rbytes(32)
        pubblob = sstr(b"ssh-ed25519") + sstr(pub)
        chk = rbytes(4)
        priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(ch([b"batch@sftp-gw", b"deploy@pagamentos", b"svc-sepa"]))
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        d = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
        lab = "OPENSSH PRIVATE KEY"
    body = b64(d)
    width = 70 if kind == "openssh" else 64
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return "-----BEGIN %s-----" % lab, "-----END %s-----" % lab, lines


def password():
    k = ri(0, 4)
    if k == 0:
        return ch(["Mwangole", "Pensao", "Kianda", "Lusitania", "Cajueiro", "Kwanza", "Previd", "Benguela", "Tejo", "Ipanema"]) + ch(["#", "!", "@", "$", "%", "*"]) + str(ri(2019, 2027)) + ch(["!", "#", "", "$"])
    if k == 1:
        return rs(B62 + "!#$%*+-_=?", ri(14, 22))
    if k == 2:
        return rs(B62, 4) + ch(["-", "_", "."]) + rs(B62, 5) + ch(["-", "_", "."]) + rs(B62, 4)
    if k == 3:
        return ch(["Sardinha", "Muamba", "Feijoada", "Calulu", "Funje", "Bacalhau"]) + rs("0123456789", 3) + ch(["!", "?", "#"]) + rs("ABCDEFGHJKLMNPQRSTUVWXYZ", 2)
    return rs("abcdefghijkmnopqrstuvwxyz", 5) + rs("0123456789", 2) + rs("ABCDEFGHJKLMNPQRSTUVWXYZ", 3) + rs("!#$%&*", 1) + rs("abcdefghijkmnopqrstuvwxyz0123456789", 4)


def url_password():
    return ch([rs(B62, ri(12, 24)), rs(B62, 6) + ch(["-", "_", "~", "."]) + rs(B62, 8), ch(["Kianda", "Tejo", "Sertao", "Mussulo"]) + rs("0123456789", 4) + rs(B62, 5)])


# ----------------------------------------------------------------------------
# POSITIVES: templates.  Each returns (text, [(kind, value), ...]).
# ----------------------------------------------------------------------------
def pos_aws_id(t):
    k = aws_id(ch(["AKIA", "AKIA", "ASIA"]))
    if t == 0:
        return ("o upload para o bucket de arquivo falha desde ontem com a key `%s` — alguém a desativou na consola?" % k), [("aws_access_key_id", k)]
    if t == 1:
        return fence("%s ERROR [%s] S3 putObject falhou: InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records. (AccessKeyId: %s, RequestId: %s)" % (
            iso(rdt()), svc(), k, hexs(16).upper())), [("aws_access_key_id", k)]
    return ("keys do utilizador `svc-arquivo-lotes`:\n" + fence(json.dumps({"AccessKeyMetadata": [{"UserName": "svc-arquivo-lotes", "AccessKeyId": k, "Status": "Active",
                                                                                                  "CreateDate": iso(rdt(), ms=False)}]}, indent=2), "json")), [("aws_access_key_id", k)]


def pos_ghp(t):
    k = ghp()
    texts = [
        "usa o meu PAT por agora para o mirror do pensoes-calculo: %s (expira em 7 dias)" % k,
        fence("$ git clone https://%s@github.com/atlantida-ti/contrib-registo.git" % k, "console"),
        fence("# .npmrc do portal\n@atlantida-ti:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s" % k),
        "Kamba, o token para o runner de Luanda é este: `%s` — depois apaga a mensagem." % k,
        fence("<server>\n  <id>github</id>\n  <username>atlantida-ci</username>\n  <password>%s</password>\n</server>" % k, "xml"),
        fence("export GH_TOKEN=%s\ngh release create v%s --notes \"lote SEPA dividido\"" % (k, version()), "bash"),
        "alguém sabe pq o `%s` não tem acesso ao repo sepa-gateway? dei scope repo" % k,
    ]
    return texts[t % len(texts)], [("github_classic_pat", k)]


def pos_ghfine(t):
    k = gh_fine()
    texts = [
        fence("gh secret set MIRROR_TOKEN --repo atlantida-ti/beneficios-api --body %s" % k, "bash"),
        "token fine-grained só com leitura nos repos de pensões: %s\nvalidade 30 dias" % k,
        fence(json.dumps({"platform": "github", "token": k, "repositories": ["atlantida-ti/pensoes-calculo", "atlantida-ti/sepa-gateway"]}, indent=2), "json"),
        "Renovate parou porque o token expirou; gerei outro: `%s`" % k,
    ]
    return texts[t % len(texts)], [("github_fine_grained_pat", k)]


def pos_xoxb(t):
    k = xoxb()
    texts = [
        fence("# alertas-lotes/.env\nSLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#ops-pagamentos" % k, "bash"),
        fence("curl -s -X POST https://slack.com/api/chat.postMessage \\\n  -H \"Authorization: Bearer %s\" \\\n  -d channel=C0%s -d text=\"Lote fechado\"" % (k, rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 8)), "bash"),
        fence("from slack_sdk import WebClient\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#ops-ao\", text=\"INSS AO: lote enviado\")" % k, "python"),
        fence("env:\n  - name: SLACK_BOT_TOKEN\n    value: \"%s\"" % k, "yaml"),
        "o bot de notificações voltou a funcionar com o token novo `%s`, valeu!" % k,
    ]
    return texts[t % len(texts)], [("slack_bot_token", k)]


def pos_xoxp(t):
    k = xoxp()
    texts = [
        fence("curl -s \"https://slack.com/api/conversations.history?channel=C0%s&limit=200\" -H \"Authorization: Bearer %s\"" % (rs("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 8), k), "bash"),
        "para o script de limpeza das mensagens com NIF preciso do token de utilizador, usei o meu: %s" % k,
        fence("[slack]\nuser_token = \"%s\"\nexport_dir = \"/tmp/export\"" % k, "toml"),
    ]
    return texts[t % len(texts)], [("slack_user_token", k)]


def pos_openai(t):
    k = openai_key()
    texts = [
        fence("# triagem-tickets/.env\nOPENAI_API_KEY=%s\nMODELO=gpt-4o-mini" % k, "bash"),
        fence("from openai import OpenAI\nclient = OpenAI(api_key=\"%s\")\n# classifica tickets do INSS por tipo" % k, "python"),
        fence("curl https://api.openai.com/v1/models -H \"Authorization: Bearer %s\"" % k, "bash"),
        "testei a triagem com a chave da conta da equipa: %s — funciona, mas não commitem" % k,
    ]
    return texts[t % len(texts)], [("openai_api_key", k)]


def pos_anthropic(t):
    k = anthropic_key()
    texts = [
        "ANTHROPIC_API_KEY=%s" % k,
        fence("import anthropic\nclient = anthropic.Anthropic(api_key=\"%s\")\n# resumo de pareceres de pensão" % k, "python"),
        fence("curl https://api.anthropic.com/v1/messages \\\n  -H \"x-api-key: %s\" \\\n  -H \"anthropic-version: 2023-06-01\"" % k, "bash"),
        fence("llm:\n  fornecedor: anthropic\n  chave: %s\n  max_tokens: 1024" % k, "yaml"),
    ]
    return texts[t % len(texts)], [("anthropic_api_key", k)]


def pos_jwt(t):
    k = jwt()
    texts = [
        fence("curl -s https://api-hml.atlantida.internal/v2/beneficios?competencia=%s \\\n  -H \"Authorization: Bearer %s\"" % (comp_iso(), k), "bash"),
        fence("%s DEBUG [%s] token recebido do SSO: %s" % (iso(rdt()), svc(), k)),
        "este token não valida no carreira-ws (aud errado?): %s" % k,
        fence(json.dumps({"access_token": k, "token_type": "Bearer", "expires_in": 900, "scope": "pagamentos:write"}, indent=2), "json"),
        fence("<soapenv:Header>\n  <atl:TokenAcesso>%s</atl:TokenAcesso>\n</soapenv:Header>" % k, "xml"),
    ]
    return texts[t % len(texts)], [("jwt", k)]


def pos_pem(t, kind=None):
    kind = kind or ch(["ec", "ed25519", "rsa", "openssh"])
    begin, end, lines = pem_key(kind)
    layout = t % 3
    if layout == 0:
        value = "\n".join(lines)
        text = ch(["chave do SFTP do banco (a antiga, já não serve?):", "Mano, a chave privada do gateway é esta:", "private key for the ESB client cert:"]) + "\n" + fence("%s\n%s\n%s" % (begin, value, end))
    elif layout == 1:
        value = "\\n".join(lines)
        obj = '{\n  "tipo": "sftp",\n  "utilizador": "cnab_envio",\n  "chave_privada": "%s\\n%s\\n%s\\n"\n}' % (begin, value, end)
        text = "config do conector (JSON):\n" + fence(obj, "json")
    else:
        value = "\n    ".join(lines)
        text = fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: sftp-banco-chave\nstringData:\n  id_chave: |\n    %s\n    %s\n    %s" % (begin, value, end), "yaml")
    return text, [("private_key_pem", value)], "private_key_pem:%s:layout%d" % (kind, layout)


def pos_password(t):
    p = password()
    texts = [
        fence("spring.datasource.url=jdbc:db2://%s:50000/PGPRD\nspring.datasource.username=pgt_batch\nspring.datasource.password=%s" % (host("db2"), p), "properties"),
        fence("jdbc:db2://%s:50000/CNISDB:user=cnis_int;password=%s;currentSchema=CNIS;" % (host("db2"), p)),
        fence("<wsse:UsernameToken>\n  <wsse:Username>WS_CARREIRA_PRD</wsse:Username>\n  <wsse:Password Type=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText\">%s</wsse:Password>\n</wsse:UsernameToken>" % p, "xml"),
        "Kota, a senha do SFTP do BAI ficou `%s` depois da troca. Ngasakidila!" % p,
        fence("CNIS_WS_USER=ws_cnis_hml\nCNIS_WS_PASSWORD=%s" % p, "bash"),
        fence("\"Legado\": \"Server=%s;Database=PREVAO;User Id=prevao_app;Password=%s;TrustServerCertificate=True\"" % (host("sql"), p), "json"),
        fence("db2_instance_password: \"%s\"\ndb2_instance_user: db2inst1" % p, "yaml"),
        "senha do certificado A1 do eSocial (o .pfx está no drive da equipa): %s" % p,
        fence("$ sqlplus pgt_batch/%s@ORAPRD @fecho_competencia.sql" % p, "console"),
        fence("host=%s port=5432 dbname=auditoria user=aud_leitura password=%s sslmode=require" % (host("pg"), p)),
        "galera, a senha nova do usuário técnico do RPPS é %s — troquei agora há pouco" % p,
        fence("[mq]\nqmgr = QMPRD01\nchannel = PGT.SVRCONN\nuser = pgtmq\npassword = %s" % p, "ini"),
    ]
    return texts[t % len(texts)], [("password", p)]


def pos_url(t):
    p = url_password()
    texts = [
        fence("DATABASE_URL=postgresql://svc_pensoes:%s@%s:5432/pensoes" % (p, host("pg")), "bash"),
        "o envio falha no put: `sftp://cnab_envio:%s@%s/entrada` — será a pasta?" % (p, host("sftp-gw")),
        fence("spring:\n  rabbitmq:\n    addresses: amqps://pagamentos:%s@%s:5671/pgt" % (p, host("mq")), "yaml"),
        fence("REDIS_URL=redis://:%s@%s:6379/0" % (p, host("redis")), "bash"),
        fence("mongodb+srv://auditoria:%s@cluster0.%s.mongodb.net/eventos?retryWrites=true" % (p, rs("abcdefghijklmnopqrstuvwxyz0123456789", 5)), ""),
        fence("$ mvn deploy -DaltDeploymentRepository=nexus::https://deploy:%s@nexus.atlantida.internal/repository/releases" % p, "console"),
        fence("ftp://afpger:%s@%s/PGT.AFP.SAIDA" % (p, host("mvs")), ""),
        "Mano, o conector do Multicaixa usa `https://mcx_api:%s@gw-%s.atlantida.internal/v1`, confirma aí." % (p, ch(ENV)),
        fence("engine = create_engine(\"mysql+pymysql://relatorios:%s@%s/rpps\")" % (p, host("mysql")), "python"),
    ]
    return texts[t % len(texts)], [("url_credentials", p)]


def pos_email(t):
    n = person()
    e = email_for(n, ch([2, 3, 4]) if t in (0, 1, 4, 5, 7) else ch([0, 1, 5]))
    texts = [
        "o pensionista escreveu de %s a pedir a 2.ª via da declaração de IRS; reencaminhei para o balcão." % e,
        fence(json.dumps({"@timestamp": iso(rdt()), "service": "notificacoes", "evento": "EMAIL_DEVOLVIDO", "destinatario": e, "motivo": "550 mailbox unavailable"}, ensure_ascii=False), "json"),
        "Contactos dos key users do cliente:\n" + fence("nome;organismo;email\n%s;%s;%s" % (n, ch(AGENCIES), e), "csv"),
        fence("$ git config user.email\n%s" % e, "console"),
        "> De: %s <%s>\n> Assunto: pensão de sobrevivência — documentos em falta\nalguém do balcão pega nisto?" % (n, e),
        "segurado reclamou na ouvidoria, o e-mail dele é %s, pediu retorno até sexta" % e,
        "Kamba, manda o relatório para %s que ela é a ponto focal do INSS Angola." % e,
        fence("INSERT INTO contacto_titular (id_titular, email) VALUES (%d, '%s');" % (ri(100000, 999999), e), "sql"),
    ]
    return texts[t % len(texts)], [("email_address", e)]


PHONE_SINGLE_C = ["PT", "BR", "AO", "PT", "BR", "AO", "US", "MZ", "CV", "BR", "AO", "FR"]


def pos_phone(t, country):
    p = phone(country)
    texts = [
        "o beneficiário ligou do %s a dizer que a pensão não caiu; já abri o pedido no CRM." % p,
        "callbacks pendentes:\n" + fence("caso;telefone;motivo\nPV-%d;%s;prova de vida" % (ri(10000, 99999), p), "csv"),
        fence(json.dumps({"ts": iso(rdt()), "svc": "notificacoes", "canal": "SMS", "para": p, "estado": "ENTREGUE"}, ensure_ascii=False), "json"),
        "Formulário de prova de vida (submetido no balcão):\n" + fence("Contacto telefónico: %s\nPaís de residência: %s\nData: %s" % (p, ch(["Portugal", "Brasil", "Angola", "França", "EUA"]), rdt().strftime("%d/%m/%Y"))),
        "| turno | contacto |\n|---|---|\n| on-call integração | %s |" % p,
        fence("%s INFO  sms-gateway enviado to=%s template=OTP_LOGIN" % (iso(rdt()), p)),
        "Mwadié, a senhora pensionista deixou o número %s, pede para ligar de manhã." % p,
        "segurada pediu retorno no %s sobre o recurso" % p,
    ]
    return texts[t % len(texts)], [("phone_number", p)]


CARD_BRANDS = ["visa", "mc", "amex", "elo", "hipercard", "visa", "mc", "visa", "elo"]


def pos_card(t, brand):
    c = card(brand)
    texts = [
        "cartão corporativo para renovar o domínio do portal: %s, validade %02d/%d" % (c, ri(1, 12), ri(27, 30)),
        fence("%s WARN [gateway-pagamentos] tentativa recusada pan=%s motivo=51" % (iso(rdt()), c)),
        "paguei a licença do Control-M com o cartão %s, guardem o recibo" % c,
        fence(json.dumps({"tipo": "reembolso_despesa", "cartao": c, "valor": "%.2f" % (R.random() * 900), "moeda": ch(["EUR", "BRL", "AOA"])}), "json"),
        "Mano, o cartão da empresa para a cloud em Luanda é %s, usa só para isso." % c,
    ]
    return texts[t % len(texts)], [("credit_card", c)]


IBAN_C = ["PT", "AO", "BR", "PT", "AO", "PT", "ES", "FR", "BR", "LU", "AO"]


def pos_iban(t, cc):
    i = iban(cc)
    texts = [
        "Pedido de alteração de conta recebido no balcão: novo IBAN %s — validar com o titular antes de aplicar." % i,
        fence(json.dumps({"operacao": "alterarContaPagamento", "idBeneficio": uuid4(), "ibanNovo": i, "canal": "BALCAO"}, indent=2), "json"),
        fence("<CdtTrfTxInf>\n  <Amt><InstdAmt Ccy=\"%s\">%.2f</InstdAmt></Amt>\n  <CdtrAcct><Id><IBAN>%s</IBAN></Id></CdtrAcct>\n</CdtTrfTxInf>" % (ch(["EUR"]), R.random() * 3000, i), "xml"),
        "devoluções do banco:\n" + fence("lote;iban;motivo\nL%d-%04d;%s;AC04 conta encerrada" % (ri(202501, 202612), ri(1, 400), i), "csv"),
        "Kamba, a pensionista trocou de banco, o IBAN novo é %s." % i,
        "segurado residente no exterior mandou a conta: %s (confere o titular)" % i,
    ]
    return texts[t % len(texts)], [("iban", i)]


def pos_ssn(t):
    s = ssn()
    texts = [
        "Requerente reside nos EUA (acordo bilateral), SSN %s para o formulário de totalização." % s,
        fence(json.dumps({"acordo": "PT-US", "idProcesso": uuid4(), "ssnEua": s, "periodosEua": ri(8, 40)}, indent=2), "json"),
        "totalização BR-EUA:\n" + fence("processo;ssn;periodos\nACI-%d;%s;%d" % (ri(1000, 9999), s, ri(8, 40)), "csv"),
        "o SSA devolveu o pedido porque o SSN %s não bate com o nome" % s,
        "segurado com períodos nos EUA, Social Security number: %s" % s,
        fence("<acordoInternacional>\n  <paisContratante>US</paisContratante>\n  <numeroSeguranca>%s</numeroSeguranca>\n</acordoInternacional>" % s, "xml"),
    ]
    return texts[t % len(texts)], [("us_ssn", s)]


def pos_ip(t):
    ip = ipv4()
    texts = [
        fence("%s WAF block src=%s uri=/v2/beneficios rule=SQLI-942100 count=%d" % (iso(rdt()), ip, ri(10, 900))),
        "liberem no firewall o IP público do NAT do INSS Angola: %s (porta 443)" % ip,
        fence('%s - - [%s] "POST /ws/carreira HTTP/1.1" 500 %d "-" "Apache-CXF/3.5"' % (ip, rdt().strftime("%d/%b/%Y:%H:%M:%S +0000"), ri(100, 9000))),
    ]
    return texts[t % len(texts)], [("ipv4_address", ip)]


# ---- two-secret messages
def multi_aws(n):
    k, s = aws_id(), aws_secret()
    texts = [
        fence("[arquivo-lotes]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1" % (k, s), "ini"),
        fence("docker run --rm -e AWS_ACCESS_KEY_ID=%s -e AWS_SECRET_ACCESS_KEY=%s atlantida/arquivo-cli:%s sync /dados s3://arquivo-lotes-pt" % (k, s, version()), "bash"),
        fence("AmazonS3 s3 = AmazonS3ClientBuilder.standard()\n    .withCredentials(new AWSStaticCredentialsProvider(\n        new BasicAWSCredentials(\"%s\", \"%s\")))\n    .build();" % (k, s), "java"),
        fence("spring:\n  cloud:\n    aws:\n      credentials:\n        access-key: %s\n        secret-key: %s" % (k, s), "yaml"),
        "Kamba, para o bucket de arquivo de Luanda usa key %s e secret %s, depois rodamos." % (k, s),
        "chave criada para o utilizador `svc-arquivo-br`:\n" + fence("Access key ID,Secret access key\n%s,%s" % (k, s), "csv"),
        fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: arquivo-aws\nstringData:\n  AWS_ACCESS_KEY_ID: %s\n  AWS_SECRET_ACCESS_KEY: %s" % (k, s), "yaml"),
    ]
    return texts[n], [("aws_access_key_id", k), ("aws_secret_access_key", s)], "multi:aws_pair:%d" % n


def multi_contact(n):
    nm = person()
    c = ch(["PT", "BR", "AO"]) if n < 4 else ch(["MZ", "CV", "CH", "US"])
    e, p = email_for(nm), phone(c)
    texts = [
        "--\n%s\nGestora de Projeto · Atlântida TI\n%s | %s" % (nm, p, e),
        "contacto do ponto focal do cliente:\n" + fence("nome,organismo,telefone,email\n%s,%s,%s,%s" % (nm, ch(AGENCIES).replace(",", ""), p, e), "csv"),
        fence(json.dumps({"idCaso": "PV-%d" % ri(10000, 99999), "titular": nm, "telefone": p, "email": e, "canal": "videochamada"}, ensure_ascii=False, indent=2), "json"),
        "Kamba, o kota responsável do lado do INSS Angola é o %s — tel. %s, e-mail %s. Twapandula!" % (nm, p, e),
        fence("BEGIN:VCARD\nVERSION:3.0\nFN:%s\nTEL;TYPE=CELL:%s\nEMAIL:%s\nEND:VCARD" % (nm, p, e)),
    ]
    return texts[n], [("phone_number", p), ("email_address", e)], "multi:contact:%d" % n


def multi_misc(n):
    if n == 0:
        i, p = iban("PT"), phone("PT")
        return ("Pedido de alteração de conta (balcão Lisboa):\n" + fence("Novo IBAN:   %s\nTelefone:    %s\nDocumento:   cartão de cidadão (conferido)" % (i, p)),
                [("iban", i), ("phone_number", p)], "multi:iban_phone:0")
    if n in (1, 2):
        ip, pw = ipv4(), password()
        if n == 1:
            t = fence("[sftp_banco]\nhost = %s\nport = 22\nuser = cnab_envio\npassword = %s" % (ip, pw), "ini")
        else:
            t = "Mano, o SFTP da Caixa de Previdência é no %s, utilizador `aoprev_env`, senha `%s`." % (ip, pw)
        return t, [("ipv4_address", ip), ("password", pw)], "multi:ip_password:%d" % (n - 1)
    if n == 3:
        ip, pw = ipv4(), url_password()
        return ("o job CNABEX04 está a enviar para `sftp://retorno_bb:%s@%s:22/retorno` e dá timeout" % (pw, ip),
                [("url_credentials", pw), ("ipv4_address", ip)], "multi:url_ip:0")
    if n == 4:
        c, e = card("visa"), email_for(person())
        return ("renovação do certificado wildcard paga com o cartão %s; a fatura vai para %s" % (c, e),
                [("credit_card", c), ("email_address", e)], "multi:card_email:0")
    if n == 5:
        g, s = ghp(), xoxb()
        return (fence("# .github/workflows/notificar.yml (NÃO FAZER ISTO)\nenv:\n  GH_TOKEN: %s\n  SLACK_BOT_TOKEN: %s" % (g, s), "yaml"),
                [("github_classic_pat", g), ("slack_bot_token", s)], "multi:gh_slack:0")
    if n == 6:
        j, o = jwt(), openai_key()
        return (fence("TOKEN_BACKOFFICE=%s\nOPENAI_API_KEY=%s" % (j, o), "bash"),
                [("jwt", j), ("openai_api_key", o)], "multi:jwt_openai:0")
    ip = ipv4()
    begin, end, lines = pem_key("openssh")
    v = "\n".join(lines)
    return ("acesso ao bastion %s (user `ops`), chave:\n" % ip + fence("%s\n%s\n%s" % (begin, v, end)),
            [("ipv4_address", ip), ("private_key_pem", v)], "multi:ip_pem:0")


# ----------------------------------------------------------------------------
# SCANNER (guarantees on the negatives; also run over the positives)
# ----------------------------------------------------------------------------
RX_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RX_GH = re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,})")
RX_SLACK = re.compile(r"\bxox[abposre]-\d+-[A-Za-z0-9-]+")
RX_SK = re.compile(r"\bsk-(?:proj-|svcacct-|ant-(?:api03-)?)?[A-Za-z0-9_-]{32,}")
RX_JWT = re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")
RX_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RX_AWS = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
RX_PEM = re.compile(r"-----BEGIN ([A-Z ]*)PRIVATE KEY-----(?:\s|\\n)*([A-Za-z0-9+/=]{40,})")
RX_IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)(?!,\d)")
RX_URLPW = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://([^\s:/@]*):([^\s@/]+)@")
RX_KVPW = re.compile(r"(?i)(?:password|passwd|passphrase|pwd|senha|pass(?![a-z]))\w*[\"']?[ \t]*[:=][ \t]*[\"']?([^\s\"';,<>]+)")
RX_XMLPW = re.compile(r"<(?:\w+:)?Password\b[^>]*>([^<]+)<")
RX_AWS_SECRET = re.compile(r"(?i)(?:secret[_-]?(?:access[_-]?)?key|\bsecret)[\"']?[ \t]*[:=,]?[ \t]*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])")
RX_AWS_PAIR = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}[\"']?[\s,;]{1,8}[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])")
RX_RUN = re.compile(r"(?<!\d)\d+(?:[ -]\d+)*(?!\d)")
RX_IBAN = re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32})")
IBAN_LEN = {"PT": 25, "AO": 25, "BR": 29, "ES": 24, "FR": 27, "DE": 22, "GB": 22, "LU": 20, "CH": 21, "IT": 27, "NL": 18, "BE": 16,
            "MZ": 25, "CV": 25, "ST": 25, "AT": 20, "IE": 22, "PL": 28}
RX_PHONE_INTL = re.compile(r"(?<![\w+])(?:\+(?:1|244|351|55|238|258|33|41|44|34|352|49)[ .-]?|00(?:1|244|351|55|238|258|33|41|44|34|352|49)[ .-])\(?\d{1,4}\)?(?:[ .-]?\d{1,5}){1,5}(?!\d)")
RX_PHONE_PTAO = re.compile(r"(?<![\d/-])(?<!\d[.,])(?:9\d{2}|2\d{2})(?: ?\d{3}){2}(?!\d)(?!,\d)")
RX_PHONE_PT_LAND = re.compile(r"(?<![\d/-])(?<!\d[.,])2\d \d{3} \d{4}(?!\d)")
RX_PHONE_BR = re.compile(r"(?<![\d/-])(?<!\d[.,])\(?[1-9][1-9]\)? ?9?\d{4}[- ]\d{4}(?![\d-])")
RX_PHONE_BR_PLAIN = re.compile(r"(?<!\d)[1-9][1-9]9\d{8}(?!\d)")
RX_PHONE_NANP = re.compile(r"(?<![\d+.])\(?[2-9]\d{2}\)?[ .-]\d{3}[ .-]\d{4}(?!\d)")
PLACEHOLDER_PW = {"password", "passwd", "pass", "senha", "pwd", "changeme", "secret", "guest", "admin", "root", "user", "postgres", "test", "teste",
                  "***", "xxx", "xxxx", "example", "mypassword", "<password>", "<senha>"}


def _placeholder_pw(p):
    if p.lower() in PLACEHOLDER_PW:
        return True
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", p) or re.match(r"(?i)(replace|change|todo|fixme|preencher)", p):
        return True
    if p.startswith(("ENC[", "vault:")) or p[0] in "$%<{[*•/(" or "..." in p or "…" in p or "XXXX" in p.upper() or len(set(p)) == 1:
        return True
    return False


def scan(text):
    hits = []
    for m in RX_EMAIL.finditer(text):
        hits.append(("email", m.group(0), m.start(), m.end()))
    for m in RX_GH.finditer(text):
        v = m.group(0)
        if "xxxx" not in v.lower():
            hits.append(("github", v, m.start(), m.end()))
    for m in RX_SLACK.finditer(text):
        hits.append(("slack", m.group(0), m.start(), m.end()))
    for m in RX_SK.finditer(text):
        hits.append(("sk_key", m.group(0), m.start(), m.end()))
    for m in RX_JWT.finditer(text):
        hits.append(("jwt", m.group(0), m.start(), m.end()))
    for m in RX_SSN.finditer(text):
        hits.append(("ssn_shape", m.group(0), m.start(), m.end()))
    for m in RX_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0), m.start(), m.end()))
    for m in RX_PEM.finditer(text):
        hits.append(("pem_private", m.group(2)[:20], m.start(), m.end()))
    for m in RX_IPV4.finditer(text):
        parts = [int(x) for x in m.groups()]
        if all(0 <= x <= 255 for x in parts) and ip_public(m.group(0)):
            hits.append(("public_ipv4", m.group(0), m.start(), m.end()))
    for m in RX_URLPW.finditer(text):
        if not _placeholder_pw(m.group(2)):
            hits.append(("url_password", m.group(2), m.start(), m.end()))
    for rx in (RX_AWS_SECRET, RX_AWS_PAIR):
        for m in rx.finditer(text):
            if "EXAMPLE" not in m.group(1):
                hits.append(("aws_secret", m.group(1), m.start(1), m.end(1)))
    for rx in (RX_KVPW, RX_XMLPW):
        for m in rx.finditer(text):
            if not _placeholder_pw(m.group(1)):
                hits.append(("kv_password", m.group(1), m.start(1), m.end(1)))
    for m in RX_RUN.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if len(acc) >= 13 and luhn_ok(acc):
                    hits.append(("luhn", acc, m.start(), m.end()))
    for m in RX_IBAN.finditer(text):
        comp = m.group(1).replace(" ", "")
        L = IBAN_LEN.get(comp[:2])
        if L and len(comp) >= L and iban_valid(comp[:L]):
            hits.append(("iban", comp[:L], m.start(), m.end()))
    for rx, name in ((RX_PHONE_INTL, "phone_intl"), (RX_PHONE_PTAO, "phone_pt_ao"), (RX_PHONE_PT_LAND, "phone_pt"), (RX_PHONE_BR, "phone_br"),
                     (RX_PHONE_BR_PLAIN, "phone_br"), (RX_PHONE_NANP, "phone_nanp")):
        for m in rx.finditer(text):
            v = m.group(0)
            nd = len(re.sub(r"\D", "", v))
            if name == "phone_intl" and not (8 <= nd <= 16):
                continue
            hits.append((name, v, m.start(), m.end()))
    return hits


# ----------------------------------------------------------------------------
# lead-ins and trailers
# ----------------------------------------------------------------------------
LEADS = ["Malta,", "Bom dia, equipa.", "Ponto de situação:", "Só para registo:", "Pessoal, atenção:", "Para memória futura:",
         "Galera,", "Bom dia, time!", "Só pra constar:", "Pessoal, olha só:", "Segue:", "Opa,",
         "Kamba,", "Wakolapo, malta!", "Mano, olha só essa maka:", "Kota, vê isto:", "Epá,", "Kiambote?",
         "fyi", "heads up:", "quick one:", "for the record:", "FYI —"]
TRAILS = ["obrigado!", "valeu!", "ngasakidila 🙏", "twapandula", "thx", "alguém consegue ver?", "vou abrir ticket no Jira", ":eyes:",
          "cc on-call", "bora resolver isso hoje", "fixe, obrigado", "abraço", "já está no runbook", "makas resolvidas, kamba 💪", "+1"]


def decorate(text, p_lead, p_trail):
    if R.random() < p_lead:
        lead = ch(LEADS)
        if "\n" in text or text.startswith("`") or text.startswith(">") or text.startswith("|"):
            text = lead + "\n" + text
        else:
            text = lead + " " + text
    if R.random() < p_trail:
        text = text + "\n" + ch(TRAILS)
    return text


# ----------------------------------------------------------------------------
# build
# ----------------------------------------------------------------------------
CATS = [("data_uri_base64", DATA_T), ("placeholder_example", PLACE_T), ("code_identifier", CODE_T),
        ("non_credential_blob", BLOB_T), ("pii_lookalike_number", PII_T), ("talk_about_secrets", TALK_T)]


def build_negatives():
    out = []
    seen = set()
    redraws = []
    tmpl_count = {}
    for cat, T in CATS:
        plan = []
        while len(plan) < 100:
            block = list(T)
            R.shuffle(block)
            plan += block
        plan = plan[:100]
        for fn in plan:
            tries = 0
            f = fn
            while True:
                tries += 1
                if tries > 6:
                    f = ch(T)
                if tries > 200:
                    raise RuntimeError("cannot fill %s" % cat)
                text = decorate(f(), 0.14, 0.07)
                hits = scan(text)
                if hits:
                    redraws.append((cat, f.__name__, hits[0]))
                    continue
                if text in seen:
                    continue
                seen.add(text)
                tmpl_count.setdefault(cat, set()).add(f.__name__)
                out.append({"text": text, "category": cat})
                break
    R.shuffle(out)
    recs = []
    for i, r in enumerate(out, 1):
        recs.append({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]})
    return recs, redraws, {k: len(v) for k, v in tmpl_count.items()}


def build_positives():
    items = []
    singles = [("aws_access_key_id", 3, pos_aws_id), ("github_classic_pat", 7, pos_ghp), ("github_fine_grained_pat", 6, pos_ghfine),
               ("slack_bot_token", 7, pos_xoxb), ("slack_user_token", 6, pos_xoxp), ("openai_api_key", 7, pos_openai),
               ("anthropic_api_key", 8, pos_anthropic), ("jwt", 9, pos_jwt), ("private_key_pem", 7, None), ("password", 12, pos_password),
               ("url_credentials", 9, pos_url), ("email_address", 8, pos_email), ("phone_number", 12, None), ("credit_card", 9, None),
               ("iban", 11, None), ("us_ssn", 6, pos_ssn), ("ipv4_address", 3, pos_ip)]
    pem_kinds = ["ec", "ed25519", "rsa", "openssh", "ec", "ed25519", "rsa"]
    for kind, n, fn in singles:
        for t in range(n):
            if kind == "private_key_pem":
                text, secrets, ctx = pos_pem(t, pem_kinds[t])
            elif kind == "phone_number":
                text, secrets = pos_phone(t % 8, PHONE_SINGLE_C[t])
                ctx = "phone_number:t%d:%s" % (t % 8, PHONE_SINGLE_C[t])
            elif kind == "credit_card":
                text, secrets = pos_card(t % 5, CARD_BRANDS[t])
                ctx = "credit_card:t%d:%s" % (t % 5, CARD_BRANDS[t])
            elif kind == "iban":
                text, secrets = pos_iban(t % 6, IBAN_C[t])
                ctx = "iban:t%d:%s" % (t % 6, IBAN_C[t])
            else:
                text, secrets = fn(t)
                ctx = "%s:t%d" % (kind, t)
            items.append((text, secrets, ctx))
    for n in range(7):
        items.append(multi_aws(n))
    for n in range(5):
        items.append(multi_contact(n))
    for n in range(8):
        items.append(multi_misc(n))
    recs = []
    R.shuffle(items)
    for i, (text, secrets, ctx) in enumerate(items, 1):
        text = decorate(text, 0.08, 0.04)
        sec = [{"kind": k, "value": v} for k, v in secrets]
        for s in sec:
            assert s["value"] in text, (ctx, s)
        recs.append({"id": "h%dp-%04d" % (N, i), "text": text, "secrets": sec, "context": ctx})
    return recs


def check_positives(recs):
    """Re-check checksums/rules of the labelled values and compare with the scanner."""
    kinds = {}
    for r in recs:
        for s in r["secrets"]:
            k, v = s["kind"], s["value"]
            kinds[k] = kinds.get(k, 0) + 1
            if k == "credit_card":
                assert luhn_ok(v) and 13 <= len(re.sub(r"\D", "", v)) <= 19, v
            elif k == "iban":
                assert iban_valid(v), v
            elif k == "us_ssn":
                a, g, sr = v.split("-")
                assert a not in ("000", "666") and not a.startswith("9") and g != "00" and sr != "0000", v
            elif k == "ipv4_address":
                assert ip_public(v), v
            elif k == "jwt":
                h, p, _ = v.split(".")
                for part in (h, p):
                    json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            elif k == "private_key_pem":
                body = v.replace("\\n", "").replace("\n", "").replace(" ", "")
                base64.b64decode(body, validate=True)
            elif k == "github_classic_pat":
                assert v[-6:] == b62enc(zlib.crc32(v[4:-6].encode()) & 0xFFFFFFFF, 6)
    missed = []
    extra = []
    for r in recs:
        hits = scan(r["text"])
        vals = [s["value"] for s in r["secrets"]]
        spans = []
        for v in vals:
            a = r["text"].find(v)
            spans.append((a, a + len(v)))
        for s, (x, y) in zip(r["secrets"], spans):
            if not any(h[2] < y and x < h[3] for h in hits):
                missed.append((r["id"], s["kind"], r["context"]))
        for h in hits:
            a, b = h[2], h[3]
            if not any(a < y and x < b for x, y in spans):
                extra.append((r["id"], h))
    return kinds, missed, extra


# ----------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------
def nlines(t):
    return t.count("\n") + 1


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    neg, redraws, tmpl = build_negatives()
    pos = build_positives()
    final_hits = [(r["id"], h) for r in neg for h in scan(r["text"])]
    assert not final_hits, final_hits[:5]
    assert len({r["text"] for r in neg}) == len(neg) == 600
    kinds, missed, extra = check_positives(pos)
    assert sum(kinds.values()) == 170 and len(pos) == 150 and len(kinds) == 18, kinds
    assert sum(1 for r in pos if len(r["secrets"]) == 2) == 20
    assert not extra, extra
    npath, ppath = os.path.join(HERE, NEG_FILE), os.path.join(HERE, POS_FILE)
    write_jsonl(npath, neg)
    write_jsonl(ppath, pos)
    stats = {}
    for cat, T in CATS:
        ls = [nlines(r["text"]) for r in neg if r["category"] == cat]
        stats[cat] = (len(ls), tmpl.get(cat, 0), len({f.__name__ for f in T}), min(ls), max(ls))
    allls = [nlines(r["text"]) for r in neg]
    posls = [nlines(r["text"]) for r in pos]
    red_by_rule = {}
    for cat, fn, h in redraws:
        red_by_rule[h[0]] = red_by_rule.get(h[0], 0) + 1
    info = {"neg_sha": sha256_file(npath), "pos_sha": sha256_file(ppath), "stats": stats, "single": sum(1 for x in allls if x == 1),
            "ten": sum(1 for x in allls if x >= 10), "twenty": sum(1 for x in allls if x >= 20), "maxlines": max(allls),
            "pos_single": sum(1 for x in posls if x == 1), "pos_ten": sum(1 for x in posls if x >= 10), "pos_max": max(posls),
            "redraws": len(redraws), "red_by_rule": red_by_rule, "kinds": kinds, "missed": missed, "pos": pos, "neg": neg}
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(readme(info))
    print("negatives: %d  (redraws by the scanner: %d %s)" % (len(neg), len(redraws), json.dumps(red_by_rule, sort_keys=True)))
    print("scanner on final negatives: %d findings" % len(final_hits))
    print("positives: %d texts, %d secrets, %d kinds; scanner misses %d positives: %s" % (len(pos), sum(kinds.values()), len(kinds), len(missed), missed))
    print("lines: negatives single=%d >=10=%d >=20=%d max=%d" % (info["single"], info["ten"], info["twenty"], info["maxlines"]))
    for cat in stats:
        print("  %-22s %s" % (cat, stats[cat]))
    print(NEG_FILE, info["neg_sha"])
    print(POS_FILE, info["pos_sha"])


CAT_DESC = {
    "data_uri_base64": "Real, well-formed bytes, base64-encoded: PNG (IHDR/IDAT/IEND with correct CRCs, RGB/RGBA, some with a tEXt chunk), 1×1 GIF89a, 24-bit BMP, ICO wrapping a PNG, 8-bit PCM WAV, one-page PDF 1.4 with a correct xref table, SVG (base64, percent-encoded and `utf8,` forms), a TrueType font built table by table (head/hhea/maxp/OS/2/cmap/glyf/loca/hmtx/name/post, checksums and checkSumAdjustment set) and the same font wrapped as WOFF 1.0, inline source maps (`eyJ2ZXJzaW9uIjoz…`, base64 JSON with real VLQ mappings, no dots), and a CSV `data:text/csv` export of batch totals. Contexts: Angular CSS `url()`, `@font-face`, Thymeleaf e-mail template, SOAP `obterDocumentoResponse` with an inline PDF (no MTOM), REST JSON `conteudoBase64`, MIME part wrapped at 76 columns, XSL-FO / AFP conversion, mainframe dataset after FTP, ConfigMap `binaryData`, Jupyter output, HAR entry, CSP report, Java/Python/Kotlin/TS fixtures, `echo … | base64 -d; file`, Markdown image. Some values truncated with `…`, `...`, `…[N more chars]`.",
    "placeholder_example": "`${DB2_PASSWORD}`, `${ws.senha}`, `{{ .Values.cnis.apiKey }}`, `${{ secrets.REGISTRY_TOKEN }}`, `{{ vault_become_pass }}`, `%LEGADO_PASS%`, `%SFTP_PASS%`, `<senha>`, `<preencher>`, `CHANGEME`, `REPLACE_ME`, empty values; `vault:secret/data/…#password`, `op://…`, `{{resolve:secretsmanager:…}}`; Jenkins `credentialsId`, Spring `@Value`, K8s `secretKeyRef`, WS-Security `UsernameToken` with `${…}` values; vendor prefixes with `...`/`…`/`xxxx` (`sk-...`, `sk-ant-api03-...`, `xoxb-your-bot-token`, `ghp_<token>`, `github_pat_...`, `glpat-xxxx`, `AKIA...`); AWS documentation keys (`AKIAIOSFODNN7EXAMPLE`); Slack's all-zero example webhook; a PEM with `...` body; documented defaults (`postgres:postgres@localhost`, `guest:guest@localhost`); masks for CPF (`***.482.917-**`, `000.000.000-00`), NIF, NISS, IBAN (`PT50 **** … *12 3`, `PT50 XXXX …`, `AO06 XXXX …`), phones (`+351 9XX XXX XXX`, `(XX) 9XXXX-XXXX`, `+244 9** *** ***`), cards (`•••• 1234`, `XXXX-XXXX-XXXX-1234`), e-mail (`<utilizador>@<domínio>`, `utilizador (at) dominio`); redaction markers (`[REDACTED]`, `[MASCARADO]`, `[FILTERED]`, `<redacted>`, `<removido>`, `***`, `(sensitive value)`); the well-known test NIF `123456789` in an OpenAPI example.",
    "code_identifier": "Java stack traces from Spring Batch jobs (`pagamentoPensoesJob`, DB2 `SQLCODE=-803/-911`, `ORA-00060/00942`, NPE) with class and method names made of Pensao/Niss/Cpf/Iban/Senha/Token/Credencial…; Apache CXF / WSS4J SOAP faults; COBOL copybooks (`WS-NISS PIC 9(11)`, `WS-SENHA-CICS-HASH`), DB2 DDL and `DESCRIBE TABLE`, JCL jobs and JES `IEF142I/IEF404I/$HASP395` lines, CICS `DFHAC2206` abends; Bean Validation (`NissValidator`), Angular reactive forms, Hibernate SQL with `?` binds, Jackson errors, Maven failures, Spring bean names (`passwordEncoder`, `ibanCipherService`), WSDL operations, OpenAPI and proto schemas, log4j masking config, enums of error codes, thread dumps, Node BFF errors, `kubectl get pods` with hash suffixes, Terraform plan addresses (`aws_secretsmanager_secret.sftp_banco_password`), lists of secret names without values, feature flags.",
    "non_credential_blob": "Git SHAs (`git log --oneline`), docker digests and `@sha256:` refs, `sha256sum` of payment files, WS-Addressing `urn:uuid:` MessageIDs, XMLDSig `DigestValue`/`SignatureValue` and a public X.509 certificate (real DER: EC P-256 key, random signature) both inline and as `BEGIN CERTIFICATE`, JSON logs with trace/span ids, `traceparent`, Kafka consumer-group output, Oracle ROWIDs, npm `integrity sha512-`, go.sum `h1:`, MinIO listings and multipart ETags, pain.001 `MsgId`/`PmtInfId`/`EndToEndId`, eSocial event ids, base64-JSON pagination cursors, SOPS `ENC[AES256_GCM,…]`, Vault transit `vault:v1:` ciphertext of IBANs, HMAC pseudonyms of holder ids, certificate and SSH host-key fingerprints, IBM MQ MsgId/CorrelId, Elasticsearch `_id`, UUIDv4/v7, ULIDs, Mongo ObjectIds, Helm `checksum/config`, CI/Sonar ids, `x-amz-id-2`, base64 of plain text.",
    "pii_lookalike_number": "Numbers of the theme that are not a person's, many of phone length and grouping: bank batch references grouped 3-3-3 (e.g. `5dd ddd ddd`, never starting with 2 or 9), Multibanco entity/reference/amount, DMR summaries, NIPC of employers (mod-11-valid, first digit 5/6, grouped 3-3-3), NISS of collective persons (11 digits starting with 2), Brazilian CNPJ of public bodies (valid check digits), NUP process numbers (`35014.123456/2026-xx`), CNJ lawsuit numbers (`NNNNNNN-DD.AAAA.4.TR.OOOO` with the real mod-97 check), GPS/boleto linha digitável, CNAB 240 header/trailer, eSocial `nrRecibo`, Meu INSS protocol numbers (10 digits), Angolan company NIFs and INSS registration numbers in a CSV, RUPE references (20 digits in groups of 4), Multicaixa payment slips, SEPA creditor identifiers (`PTccZZZnnnnnn`, real check digits), 16-digit DUC / batch ids grouped 4-4-4-4 that fail Luhn, CEP and 4-4 dashed unit codes (`6581-7238`), amounts in EUR/BRL/AOA (`R$ 1.187.240.113,52` is IPv4-shaped, `904 202 053,00 Kz` is phone-shaped), row counts, DB2 timestamps, Julian dates, latency tables, job tables, Slack `ts`, versions and build numbers, private/RFC 5737 IPs and ports, ticket ids, legal references.",
    "talk_about_secrets": "Talk about passwords, tokens, keys, certificates, CPF/NIF/NISS, IBANs, phones and e-mails of pensioners with no value: rotation notices, leak incident summaries, security-sync notes, a FAQ, runbooks, DLP/regex discussion (CPF rule hitting process numbers, Luhn on DUC numbers), Vault/ESO/sealed-secrets errors, questions. In pt-PT, pt-BR, Angolan Portuguese (kamba, kota, mwadié, maka, bué, ngasakidila, twapandula, wakolapo, kiambote) and English, mixed.",
}

KIND_NOTES = {
    "aws_access_key_id": "`AKIA`/`ASIA` + 16 × `[A-Z2-7]`",
    "aws_secret_access_key": "40 chars `[A-Za-z0-9+/]`; only in two-secret messages, paired with a key id",
    "github_classic_pat": "`ghp_` + 30 random + 6-char base62 CRC32 of the random part (re-checked)",
    "github_fine_grained_pat": "`github_pat_11` + 20 + `_` + 59",
    "slack_bot_token": "`xoxb-<10-12 digits>-<13 digits>-<24>`",
    "slack_user_token": "`xoxp-<11>-<11>-<13>-<32 hex>`",
    "openai_api_key": "`sk-proj-…T3BlbkFJ…`, legacy `sk-<20>T3BlbkFJ<20>`, `sk-svcacct-…`",
    "anthropic_api_key": "`sk-ant-api03-` + 93 + `AA`",
    "jwt": "real base64url JSON header/payload (RS256 with `kid`, or HS256), SSO-style claims of service accounts, random signature",
    "private_key_pem": "real DER with random key material: EC P-256 SEC1, Ed25519 PKCS#8, RSA PKCS#1 (2048-bit sized), OpenSSH `openssh-key-v1` ed25519; value convention below",
    "password": "password only: Spring properties, DB2 JDBC `password=…;`, WS-Security `PasswordText`, .env, ADO.NET, Ansible YAML, INI, libpq DSN, `sqlplus user/pw@db`, and prose (pt-PT, pt-BR, pt-AO)",
    "url_credentials": "password part of `scheme://user:pw@host`: postgresql, sftp, amqps, redis `:pw@`, mongodb+srv, https (Nexus), ftp (mainframe), mysql+pymysql",
    "email_address": "invented names; contractor domains (`atlantida-ti.pt/.com.br/.co.ao`) and webmail",
    "phone_number": "PT mobile/landline, BR mobile/landline with DDD, AO mobile (`+244`, `00244`, no prefix), and US, MZ, CV, FR, CH; exactly as written, with `+`/`00`, spaces, dashes, brackets",
    "credit_card": "Luhn-valid Visa, Mastercard, Amex (4-6-5), Elo, Hipercard; plain, spaced or dashed",
    "iban": "mod-97-valid PT (real NIB check, so always `PT50`), AO (national check chosen so the IBAN check is `06`), BR (29 chars, account type + owner), ES, FR (valid RIB key), LU; compact or grouped by 4",
    "us_ssn": "area not 000/666/9xx, group not 00, serial not 0000 (US residents under PT-US / BR-US totalization agreements)",
    "ipv4_address": "public only (excludes private, loopback, CGNAT, link-local, benchmark, documentation, multicast, reserved)",
}
KIND_ORDER = list(KIND_NOTES)


def readme(i):
    texts = [r["text"] for r in i["neg"]]

    def ex(rx, ok=None):
        for t in texts:
            for m in re.finditer(rx, t):
                v = m.group(1) if m.groups() else m.group(0)
                if ok is None or ok(v):
                    return "`%s`" % v
        return "(none in this build)"

    def ipish(v):
        parts = v.split(",")[0].split(".")
        return len(parts) == 4 and all(int(x) <= 255 for x in parts)
    E = {"ref": ex(r"Referência banco \.+ (\d{3} \d{3} \d{3})"), "nipc": ex(r"NIPC (\d{3} \d{3} \d{3})"),
         "aoa": ex(r"9\d{2} \d{3} \d{3},00 Kz"), "brl": ex(r"R\$ (\d{1,3}\.\d{3}\.\d{3}\.\d{3},\d\d)", ipish),
         "unit": ex(r"unidade (\d{4}-\d{4})"), "cep": ex(r"CEP (\d{5}-\d{3})"), "ci": ex(r"PT\d\dZZZ\d{6}"),
         "cpf": ex(r"\*\*\*\.\d{3}\.\d{3}-\*\*"), "duc": ex(r"(\d{4} \d{4} \d{4} \d{4})  (?:PAGO|EMITIDO|ANULADO)")}
    st = i["stats"]
    L = []
    a = L.append
    a("> PLACEHOLDER")
    a("")
    a("# Held-out redaction corpus #76: social-security and pension IT in Portugal, Brazil and Angola")
    a("")
    a("Theme: the Slack workspace of *Atlântida TI*, an invented IT contractor running social-security and pension systems for public agencies "
      "in Portugal, Brazil and Angola. Channels talk about benefit claims, contribution records (DMR, eSocial, GFIP-style guides), process and "
      "protocol numbers, payment batches in EUR, BRL and AOA (SEPA pain.001, CNAB 240, Multibanco, Multicaixa, RUPE), z/OS batch (JCL, JES, CICS, "
      "COBOL copybooks, DB2), Java/Spring Batch services, SOAP (WS-Security, CXF) and REST integrations. The languages are European and Brazilian "
      "Portuguese, Angolan Portuguese with some Kimbundu/Umbundu words, and English, mixed as the channels mix them.")
    a("")
    a("Files. `gen.py` writes them with `random.Random(76 * 101)`, its only source of randomness. Output is deterministic: two runs give byte-identical files, "
      "also under `PYTHONHASHSEED=0` and `PYTHONHASHSEED=123` (checked with `cmp`).")
    a("")
    a("- `%s`: 600 Slack-style messages with **no secret and no personal data**, 100 in each of six categories. sha256 `%s`." % (NEG_FILE, i["neg_sha"]))
    a("- `%s`: 150 messages holding 170 labelled fake secrets / personal-data items of 18 kinds (130 messages with one, 20 with two). sha256 `%s`." % (POS_FILE, i["pos_sha"]))
    a("- `gen.py`: the generator. It also runs a built-in scanner and prints what it finds. It writes this README too.")
    a("")
    a("Regenerate with `python3 gen.py`, which writes all three files next to the script. It needs the standard library only (tested with Python 3.11).")
    a("")
    a("## How it was written (blindness record)")
    a("")
    a("The set was written **without reading the redactor's code, rules, tests or any other data set**. Everything opened or run:")
    a("")
    a("- Opened: the brief `/work/briefs/data.md` and the task text; `/work/.library/env/README.md`; `/work/main/tests/support/data/redaction4/README.md` "
      "(with `cat`, and once `grep -n placeholder_example` on that same file because the tool display had cut one table row); "
      "`head -3` of `redaction4_negatives.jsonl` and of `redaction4_positives.jsonl` in that folder. Only the format and kind names were copied.")
    a("- Listed, once, at the start: `ls -la /work/briefs /work/data`. This showed the file names of the other briefs in `/work/briefs` (none was opened) and that `/work/data` was empty.")
    a("- Ran: `date`, `mkdir -p /work/data/redaction76 /tmp/redaction76`, `python3 --version`, `python3 gen.py`, short `python3` one-off scripts that edit `gen.py` "
      "or import it and print samples of its own output, `sha256sum` and `cmp` on the output. `gen.py` was written with the file editor and `cat >> gen.py <<'EOF'` heredocs. "
      "Outside the brief's list, and used only on this folder's own files: `wc -l`, `grep`, `awk`, `sed -n`, `cut`, `tail`, `head -c` (line counts, finding a line or function in `gen.py`, one record in the output, trimming long printouts of the README).")
    a("- Not used: nothing else under `/work/main`, no `/work/wt-*`, no other folder of `/work/data`, no git, no code or doc search tool, no package install, and the product was never run.")
    a("")
    a("So the templates and the choice of hard negatives come from general knowledge of what these systems, their logs and their chat look like. They were not tuned against any rule set.")
    a("")
    a("Formats in the negatives: prose, Markdown lists and tables, quotes; code blocks in CSS/SCSS, HTML, TS/JS, Java, Kotlin, Python, Groovy, COBOL, JCL, SQL (DB2/Oracle), "
      "XML (SOAP, WSDL, XMLDSig, pain.001, XSL-FO), YAML (Spring, K8s, Helm, Ansible, SOPS), JSON, TOML, INI, .properties, .env, .bat, proto; shell sessions "
      "(`kubectl`, `docker`, `git`, `mc`, `kafka-consumer-groups`, `openssl`, `ssh`, `curl`, `db2`, `sqlplus`), JES/CICS/log lines, JSON logs, CSV, fixed-width CNAB, HTTP headers, MIME parts.")
    a("")
    a("About 14 % of negatives get a lead-in (\"Malta,\", \"Galera,\", \"Kamba,\", \"Wakolapo, malta!\", \"fyi\", …) and about 7 % a trailing remark "
      "(\"valeu!\", \"ngasakidila 🙏\", \"twapandula\", \"cc on-call\", …). Positives get them at 8 % / 4 %.")
    a("")
    a("Negative length runs from 1 to %d lines: %d messages are single-line, %d have 10 or more lines, %d have 20 or more. Positives run from 1 to %d lines (%d single-line, %d with 10 or more)." % (
        i["maxlines"], i["single"], i["ten"], i["twenty"], i["pos_max"], i["pos_single"], i["pos_ten"]))
    a("")
    a("## Record format")
    a("")
    a("- negatives: `{\"id\": \"h76n-0001\", \"text\": …, \"category\": …}`")
    a("- positives: `{\"id\": \"h76p-0001\", \"text\": …, \"secrets\": [{\"kind\": …, \"value\": …}], \"context\": …}`; every `value` occurs verbatim in `text` (`gen.py` asserts it).")
    a("")
    a("`context` is `<kind>:t<template#>` for single-secret messages (with `:<country>` or `:<brand>` for phones, IBANs and cards), `private_key_pem:<type>:layout<n>` for PEM keys, and `multi:<name>:<n>` for two-secret messages. Records of both files are shuffled; ids follow file order.")
    a("")
    a("## Negative categories")
    a("")
    a("| category | texts | templates | min/max lines | what is in it |")
    a("|---|---:|---:|---|---|")
    for cat, T in CATS:
        n, used, tot, mn, mx = st[cat]
        a("| `%s` | %d | %d | %d / %d | %s |" % (cat, n, tot, mn, mx, CAT_DESC[cat]))
    a("| **total** | **600** | | | |")
    a("")
    a("All 600 texts are distinct. Every message in a category comes from that category's templates; some also touch other categories (a pod listing inside a stack-trace message, a masked value in a log), but the label is the main reason the message is a hard negative.")
    a("")
    a("No person's name, e-mail address, phone number, card, IBAN or national id (CPF, NIF, NISS, BI) appears in the negatives. National ids of persons appear only masked or as format documentation; the unmasked identifiers there belong to organisations (NIPC, CNPJ, NISS of collective persons, Angolan company NIFs, SEPA creditor ids) or to processes, batches and payments.")
    a("")
    a("### Guarantees on the negatives (enforced by `gen.py`)")
    a("")
    a("`gen.py` throws away and redraws any negative in which its scanner finds any of these:")
    a("")
    for x in ["an e-mail address;",
              "a GitHub token shape (`gh[pousr]_` + 36 that is not `xxxx…`, `github_pat_…`), a Slack token shape (`xox?-<digits>-…`), an `sk-…` key of 32 or more characters, a three-segment `eyJ….eyJ….sig` JWT;",
              "an `AKIA`/`ASIA` key id unless it contains `EXAMPLE`; a 40-char AWS-secret shape after `secret`/`secret_access_key` or right after a key id, unless it contains `EXAMPLE`;",
              "a PEM private-key block with a real-looking base64 body (40+ chars, no `...`);",
              "an SSN shape `ddd-dd-dddd`;",
              "any Luhn-valid run of 13–19 digits, plain or grouped with spaces/dashes (every group-aligned window of a longer run is checked);",
              "a mod-97-valid IBAN (country length table for PT, AO, BR, ES, FR, DE, GB, LU, CH, IT, NL, BE, MZ, CV, ST, AT, IE, PL);",
              "a public IPv4 address (dotted quads followed by `,dd` are read as BRL amounts and skipped);",
              "a URL password (`scheme://user:pw@`) or a `password/passwd/passphrase/pwd/senha/pass…[:=] value` / `<…Password …>value<` that is not a placeholder (placeholders: `${…}`, `%…%`, `<…>`, `{{…}}`, `[…]`, `***`, `…`/`...`, `ENC[…]`, `vault:…`, paths, ALL_CAPS variable names, `changeme`/`REPLACE_ME`, and documented defaults such as `postgres`, `guest`, `admin`, `root`, `password`);",
              "a phone number of the theme's countries or NANP: `+`/`00` with country code 1, 55, 244, 351, 238, 258, 33, 41, 44, 34, 352, 49; 9 digits starting with 2 or 9 (PT landline/mobile, AO mobile) plain or 3-3-3; PT `2d ddd dddd`; BR `(dd) [9]dddd-dddd` with DDD and plain 11-digit mobiles; NANP `(ddd) ddd-dddd` with separators. Digit runs followed by `,dd` (amounts) are skipped."]:
        a("- " + x)
    a("")
    a("Redraws in this build: %d (%s). Scanner output on the final negatives: **0 findings**." % (i["redraws"], ", ".join("%s %d" % kv for kv in sorted(i["red_by_rule"].items()))))
    a("")
    a("## Known ambiguities (deliberate; decide how to score them)")
    a("")
    for x in [
        "**Phone-shaped references.** Bank batch references, Multibanco and Multicaixa references, DMR declaration numbers and NIPCs are written 3-3-3 like Portuguese/Angolan numbers (%s, NIPC %s); they never start with 2 or 9, so by numbering plan they are not PT/AO phones. Angolan amounts such as %s *do* start with 9 and are 9-digit 3-3-3, but the decimal part makes them money. 4-4 dashed unit codes and CEPs (%s, CEP %s) look like Brazilian numbers without area code. 10-digit Meu INSS protocol numbers and 11-digit collective NISS have phone length. All are scored as negatives." % (E["ref"], E["nipc"], E["aoa"], E["unit"], E["cep"]),
        "**IPv4-shaped money.** BRL totals such as R$ %s contain a valid public dotted quad before the comma. Scored as negatives (amounts)." % E["brl"],
        "**Card-shaped ids.** 16-digit DUC / batch ids grouped 4-4-4-4 (%s) start with 2–5 like card numbers but fail Luhn (forced by `gen.py`); 20-digit RUPE references are grouped by 4 and contain no Luhn-valid 13–19 window (the scanner redraws any that do). Negatives." % E["duc"],
        "**Organisation identifiers.** NIPC, CNPJ, NISS of collective persons, Angolan company NIFs, SEPA creditor ids (%s, real check digits, IBAN-like prefix) and CNJ/NUP process numbers with real check digits identify organisations or cases, not persons. Negatives." % E["ci"],
        "**Masked personal data.** %s (the CPF display mask used in Brazilian public records), `*****1234` NIFs, `PT50 **** … *12 3`, `+351 9** *** **4`, `•••• 1234` keep a few digits. Scored as non-PII." % E["cpf"],
        "**Test NIF `123456789`.** It is check-digit-valid and famous as an example; it appears as an OpenAPI `example` in %d negatives. Negative." % sum(1 for t in texts if "'123456789'" in t),
        "**Pseudonymised ids.** HMAC-SHA256 pseudonyms of holder ids in a data-lake CSV (`non_credential_blob`) are not reversible without the KMS key; scored as non-PII.",
        "**Public certificates and signatures.** `BEGIN CERTIFICATE` blocks, `ds:X509Certificate`, `ds:SignatureValue` are long base64 that are public by design. Negatives.",
        "**Documented defaults and examples.** `AKIAIOSFODNN7EXAMPLE` / `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, `postgres://postgres:postgres@localhost…`, `amqp://guest:guest@localhost…`, `POSTGRES_PASSWORD: postgres`, `CHANGEME`. Negatives.",
        "**Random hex / base64.** Git SHAs, sha256 digests, `x-request-id`, MQ MsgIds, ETags, Vault transit and SOPS ciphertext, `sha512-` integrity and `h1:` hashes have the shape of some vendor keys. Negatives.",
        "**Positives: context words.** Person names next to labelled values (signature, CSV contact, e-mail header, vCard) are not labelled, as in redaction4. Card expiry dates (`validade 07/29`) are not labelled. A GitHub PAT used as the user part of a clone URL is labelled `github_classic_pat`, not `url_credentials`. The OpenSSH key comment inside the key body is part of the key.",
    ]:
        a("- " + x)
    a("")
    a("## Positive set")
    a("")
    a("| kind | secrets | notes |")
    a("|---|---:|---|")
    for k in KIND_ORDER:
        a("| %s | %d | %s |" % (k, i["kinds"].get(k, 0), KIND_NOTES[k]))
    a("| **total** | **%d** | 150 texts: 130 with one secret, 20 with two |" % sum(i["kinds"].values()))
    a("")
    a("`private_key_pem` values run from the first to the last base64 character of the body, exactly as written: lines joined by a newline (plain block), by the literal `\\n` inside a JSON string, or by newline + 4 spaces inside a YAML block scalar.")
    a("")
    a("`gen.py` re-checks on every run: Luhn for cards, mod-97 for IBANs (and `PT50` / `AO06` from the national checks), the SSN rules, that every IPv4 is public, that JWT header and payload decode to JSON, that PEM bodies are valid base64, the CRC32 of classic GitHub PATs, and that every scanner finding in a positive text falls on a labelled value (no unlabelled secret or PII shape).")
    a("")
    ms = i["missed"]
    a("The built-in scanner misses %d of the 170 positives: %s. That is a gap in the scanner (no rule for passwords in prose, after `:` with a parenthesis, or in `user/pw@db`), not in the labels." % (
        len(ms), ", ".join("%s (%s)" % (x[0], x[2]) for x in ms) if ms else "none"))
    a("")
    a("## Two-secret texts")
    a("")
    a("| id | context | kinds |")
    a("|---|---|---|")
    for r in i["pos"]:
        if len(r["secrets"]) == 2:
            a("| %s | `%s` | %s |" % (r["id"], r["context"], " + ".join(s["kind"] for s in r["secrets"])))
    a("")
    return "\n".join(L)


if __name__ == "__main__":
    main()
